/**
 * The AO-graphics path of the sprite index: resolves a character's body, head, helmet, weapon
 * and shield to rectangles of the original AO images, from the imported graphics index
 * (content/graphics: `Graficos.ini`, `cabezas.ind`, `cuerpos.dat`, …). The index arrives as JSON
 * from the server, so every lookup is defensive: anything missing or malformed yields `null`
 * and the caller falls back to our procedural art. Pure.
 */
import type { AnimationSet, FrameRect, GraphicsIndex, Grh, HeadingGrhs, Molde, StaticGrh } from "../content/graphics/index.ts";
import { TILE_PX } from "./constants.ts";
import type { Heading } from "../game/movement/index.ts";
import type { CharacterAppearance, CharacterMotion } from "./procedural-art.ts";

/** One picture to draw: a rectangle of image `file` placed relative to the tile's top-left. */
export interface SpriteLayer {
  readonly file: number;
  readonly sx: number;
  readonly sy: number;
  readonly w: number;
  readonly h: number;
  /** Offset of the picture's top-left from the tile's top-left, in map pixels. */
  readonly dx: number;
  readonly dy: number;
}

/** Molde rows are south, north, west, east (MOLDE_ROW_HEADINGS); index by heading 1..4. */
const MOLDE_ROW_OF_HEADING: readonly number[] = [0, 1, 3, 0, 2];
/** Bound on animation-of-animation chains in a hostile index. */
const MAX_GRH_DEPTH = 4;
/** Default duration of one walk cycle when the data gives none, in ms. */
const DEFAULT_CYCLE_MS = 600;
/** The client's molde speed factor (`1 / Speed / 0.018` per frame), see graphics-index.ts. */
const MOLDE_SPEED_DIVISOR = 0.018;
/** Animation "none" for weapon, shield, helmet (`NingunArma`, …). */
const NO_EQUIPMENT = 2;
/** Highest file number accepted (image files are numbered .png). */
const MAX_FILE = 1_000_000;

/** `list[id]` for a positive integer id of an array, undefined for anything else (hostile JSON). */
function entry<T>(list: readonly T[] | undefined, id: unknown): T | undefined {
  return Array.isArray(list) && typeof id === "number" && Number.isInteger(id) && id > 0 ? list[id] : undefined;
}

function isStatic(grh: Grh): grh is StaticGrh {
  return typeof (grh as StaticGrh).file === "number";
}

function validRect(file: unknown, x: unknown, y: unknown, w: unknown, h: unknown): boolean {
  return (
    typeof file === "number" &&
    Number.isInteger(file) &&
    file > 0 &&
    file <= MAX_FILE &&
    [x, y].every((v) => typeof v === "number" && Number.isFinite(v) && v >= 0) &&
    [w, h].every((v) => typeof v === "number" && Number.isFinite(v) && v > 0)
  );
}

/** Resolves grh `id` to a still frame at `timeMs` (animations advance only while `animate`). */
export function grhFrame(index: GraphicsIndex, id: number, timeMs: number, animate: boolean): StaticGrh | null {
  let current: Grh | null | undefined = entry(index.grhs, id);
  for (let depth = 0; current && typeof current === "object" && depth < MAX_GRH_DEPTH; depth++) {
    if (isStatic(current)) return validRect(current.file, current.x, current.y, current.w, current.h) ? current : null;
    const frames = Array.isArray(current.frames) ? current.frames : [];
    if (frames.length === 0) return null;
    const cycle = typeof current.speed === "number" && current.speed > 0 && Number.isFinite(current.speed) ? current.speed : DEFAULT_CYCLE_MS;
    const frameNo = animate ? Math.floor(((timeMs % cycle) / cycle) * frames.length) % frames.length : 0;
    current = entry(index.grhs, frames[frameNo]);
  }
  return null;
}

/** The frame of an animation set (body, weapon, shield) facing `heading`. */
function setFrame(index: GraphicsIndex, set: AnimationSet | null | undefined, heading: Heading, timeMs: number, moving: boolean, speed = 0): StaticGrh | null {
  if (!set || typeof set !== "object") return null;
  if (set.kind === "grhs") {
    const walk = set.walk as HeadingGrhs | undefined;
    const id = Array.isArray(walk) ? walk[heading - 1] : undefined;
    return typeof id === "number" ? grhFrame(index, id, timeMs, moving) : null;
  }
  if (set.kind === "molde") {
    const molde: Molde | null | undefined = entry(index.moldes, set.molde);
    if (!molde || typeof molde !== "object" || !Array.isArray(molde.rowFrames)) return null;
    const row = MOLDE_ROW_OF_HEADING[heading]!;
    const count = molde.rowFrames[row];
    if (typeof count !== "number" || !Number.isInteger(count) || count <= 0 || !validRect(set.file, molde.x, molde.y, molde.w, molde.h)) return null;
    const effective = typeof speed === "number" && Number.isFinite(speed) && speed > 0 ? speed : 1;
    const cycle = count * (1 / effective / MOLDE_SPEED_DIVISOR);
    const frameNo = moving && cycle > 0 ? Math.floor(((timeMs % cycle) / cycle) * count) % count : 0;
    const rect: FrameRect = { file: set.file, x: molde.x + frameNo * molde.w, y: molde.y + row * molde.h, w: molde.w, h: molde.h };
    return rect;
  }
  return null;
}

function finite(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** A frame placed with its bottom-centre on the tile's bottom-centre, plus an offset. */
function layer(frame: StaticGrh, offsetX: number, offsetY: number): SpriteLayer {
  return {
    file: frame.file,
    sx: frame.x,
    sy: frame.y,
    w: frame.w,
    h: frame.h,
    dx: Math.round(TILE_PX / 2 - frame.w / 2 + offsetX),
    dy: Math.round(TILE_PX - frame.h + offsetY),
  };
}

function headingGrh(list: readonly (HeadingGrhs | null)[], id: number, heading: Heading): number {
  const grhs = entry(list, id);
  const grh = Array.isArray(grhs) ? grhs[heading - 1] : undefined;
  return typeof grh === "number" ? grh : 0;
}

/**
 * The layers of a character in drawing order (shield behind when facing north, weapon last),
 * or null when its body is not in the index (draw it procedurally instead).
 */
export function aoCharacterLayers(index: GraphicsIndex, look: CharacterAppearance, motion: CharacterMotion, timeMs: number): SpriteLayer[] | null {
  const body = entry(index.bodies, look.body);
  if (!body || typeof body !== "object" || !body.sprites) return null;
  const moving = motion.progress < 1;
  const sprites = body.sprites;
  const bodyFrame = setFrame(index, sprites, look.heading, timeMs, moving || body.animateOnIdle === true, sprites.kind === "molde" ? sprites.speed : 0);
  if (!bodyFrame) return null;
  const layers: SpriteLayer[] = [];
  const shield = look.shield !== NO_EQUIPMENT ? setFrame(index, entry(index.shields, look.shield), look.heading, timeMs, moving) : null;
  const weapon = look.weapon !== NO_EQUIPMENT ? setFrame(index, entry(index.weapons, look.weapon), look.heading, timeMs, moving) : null;
  const bodyX = finite(body.bodyOffsetX);
  const bodyY = finite(body.bodyOffsetY);
  if (shield && look.heading === 1) layers.push(layer(shield, bodyX, bodyY));
  layers.push(layer(bodyFrame, bodyX, bodyY));
  const headX = bodyX + finite(body.headOffsetX);
  const headY = bodyY + finite(body.headOffsetY);
  const head = grhFrame(index, headingGrh(index.heads, look.head, look.heading), timeMs, false);
  if (head) layers.push(layer(head, headX, headY));
  if (look.helmet !== NO_EQUIPMENT) {
    const helmet = grhFrame(index, headingGrh(index.helmets, look.helmet, look.heading), timeMs, false);
    if (helmet) layers.push(layer(helmet, headX, headY));
  }
  if (shield && look.heading !== 1) layers.push(layer(shield, bodyX, bodyY));
  if (weapon) layers.push(layer(weapon, bodyX, bodyY));
  return layers;
}

/**
 * How a map grh sits on its tile, as the AO20 renderer draws it: layer 1 fills the tile's
 * 32 × 32 square from its top-left (`Draw_Grh_Precalculated`); layers 2–4 and ground objects
 * stand on the tile, centred, their bottom on the tile's bottom (`Draw_Grh` with `center`).
 */
export type GrhPlacement = "fill-tile" | "stand";

/**
 * The picture of map grh `grh`: its first frame (terrain is cached as still pictures), placed as
 * `placement` says; null when the index has no usable picture for it.
 */
export function grhPicture(index: GraphicsIndex, grh: number, placement: GrhPlacement): SpriteLayer | null {
  const frame = grhFrame(index, grh, 0, false);
  if (!frame) return null;
  if (placement === "stand") return layer(frame, 0, 0);
  return { file: frame.file, sx: frame.x, sy: frame.y, w: frame.w, h: frame.h, dx: 0, dy: 0 };
}

/** Loose check of a graphics index received as JSON: the tables the lookups index must be arrays. */
export function isGraphicsIndexShape(value: unknown): value is GraphicsIndex {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return ["grhs", "heads", "helmets", "fxs", "moldes", "bodies", "weapons", "shields"].every((key) => Array.isArray(v[key]));
}
