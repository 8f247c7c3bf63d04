/**
 * The sprite index: how the renderer finds the picture of a character or a ground object.
 * Two sources behind one interface: our procedural art (always available, no AO files) and the
 * original AO graphics (when the server serves an imported graphics index and the images);
 * the AO source falls back to procedural art for anything its index lacks. Pure.
 */
import { aoCharacterLayers, grhPicture, isGraphicsIndexShape, type GrhPlacement, type SpriteLayer } from "./ao-sprites.ts";
import {
  characterLook,
  objectLook,
  type CharacterAppearance,
  type CharacterLook,
  type CharacterMotion,
  type ObjectLook,
} from "./procedural-art.ts";
import type { GraphicsIndex } from "../content/graphics/index.ts";

export type CharacterSprite =
  | { readonly kind: "procedural"; readonly look: CharacterLook }
  | { readonly kind: "layers"; readonly layers: readonly SpriteLayer[] };

export type SpriteSourceKind = "procedural" | "ao-graphics";

export interface SpriteIndex {
  readonly source: SpriteSourceKind;
  /** The picture of a character at `timeMs` in its current step. */
  character(appearance: CharacterAppearance, motion: CharacterMotion, timeMs: number): CharacterSprite;
  /** Our own picture of a ground object (also the stand-in while its AO picture loads). */
  groundObject(objIndex: number): ObjectLook;
  /** The AO picture of a ground object standing on its tile, or null: draw `groundObject` instead. */
  objectPicture(objIndex: number): SpriteLayer | null;
  /** The picture of a map layer's grh (terrain), or null: the terrain is then our own art. */
  mapGrh(grh: number, placement: GrhPlacement): SpriteLayer | null;
}

/** Object number → AO `objType`, from the world info when the server offers it. */
export type ObjectTypes = ReadonlyMap<number, number>;
/** Object number → grh of its picture (`GrhIndex`), from the world info. */
export type ObjectGrhs = ReadonlyMap<number, number>;

/** Our own art only. */
export function proceduralSpriteIndex(objectTypes: ObjectTypes = new Map(), openDoors: ReadonlySet<number> = new Set()): SpriteIndex {
  return {
    source: "procedural",
    character: (appearance, motion) => ({ kind: "procedural", look: characterLook(appearance, motion) }),
    groundObject: (objIndex) => objectLook(objIndex, objectTypes.get(objIndex), openDoors.has(objIndex)),
    objectPicture: () => null,
    mapGrh: () => null,
  };
}

/** AO graphics from an imported index, procedural art where the index has nothing. */
export function aoSpriteIndex(graphics: GraphicsIndex, objectTypes: ObjectTypes = new Map(), objectGrhs: ObjectGrhs = new Map(), openDoors: ReadonlySet<number> = new Set()): SpriteIndex {
  const fallback = proceduralSpriteIndex(objectTypes, openDoors);
  return {
    source: "ao-graphics",
    character(appearance, motion, timeMs) {
      const layers = aoCharacterLayers(graphics, appearance, motion, timeMs);
      return layers ? { kind: "layers", layers } : fallback.character(appearance, motion, timeMs);
    },
    groundObject: fallback.groundObject,
    objectPicture(objIndex) {
      const grh = objectGrhs.get(objIndex);
      return grh === undefined ? null : grhPicture(graphics, grh, "stand");
    },
    mapGrh: (grh, placement) => grhPicture(graphics, grh, placement),
  };
}

/**
 * Picks the source: the AO graphics when `graphics` (the JSON the server sent, or null) looks
 * like a graphics index, our own art otherwise.
 */
export function createSpriteIndex(graphics: unknown, objectTypes: ObjectTypes = new Map(), objectGrhs: ObjectGrhs = new Map(), openDoors: ReadonlySet<number> = new Set()): SpriteIndex {
  return isGraphicsIndexShape(graphics) ? aoSpriteIndex(graphics, objectTypes, objectGrhs, openDoors) : proceduralSpriteIndex(objectTypes, openDoors);
}
