/**
 * Our own art, generated from numbers: what a tile, a character or a ground object looks like,
 * as plain descriptors (colours, shapes, poses). The canvas painter turns them into pixels; the
 * tests check them without a canvas. Deterministic: the same inputs always give the same look,
 * so the world does not flicker between frames or sessions. Pure.
 */
import { AO20_HEAD_RANGES, RACE_IDS, type RaceId } from "../game/character-creation/index.ts";
import type { MapGrid } from "../game/map-json/index.ts";
import { BLOCKED_ALL, TILE_TREE, TILE_WATER, Trigger, type Heading } from "../game/movement/index.ts";
import { GHOST_BODY } from "../game/vitals/index.ts";

// ---------------------------------------------------------------- numbers → colours

/** A 32-bit integer hash (lowbias32); spreads neighbouring ids over the colour wheel. */
export function hash32(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hash of a tile, for texture variation. */
export function tileNoise(x: number, y: number, salt = 0): number {
  return hash32(x * 73_856_093 + y * 19_349_663 + salt * 83_492_791);
}

export function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(hue) % 360} ${Math.round(saturation)}% ${Math.round(lightness)}%)`;
}

// ---------------------------------------------------------------- tiles


export type Terrain = "grass" | "water" | "wall" | "floor" | "sand";

export interface TileLook {
  readonly terrain: Terrain;
  /** 0..3: which of the texture variants to use. */
  readonly variant: number;
  /** A tree stands here (drawn over the grass). */
  readonly tree: boolean;
  /**
   * Direction bits (1 N, 2 E, 4 S, 8 W, wire order) of a partly blocked tile: a fence or a
   * counter that can be walked along but not crossed. 0 for open tiles and walls.
   */
  readonly fence: number;
  /** Stepping here leads elsewhere. */
  readonly exit: boolean;
  readonly safe: boolean;
  readonly fight: boolean;
}

/** What tile (x, y) of `grid` looks like. */
export function tileLook(grid: MapGrid, x: number, y: number): TileLook {
  const flags = grid.collisionAt(x, y);
  // The direction bits (1 N, 2 E, 4 S, 8 W) are also the fence sides drawn.
  const directions = flags & BLOCKED_ALL;
  const water = (flags & TILE_WATER) !== 0;
  const tree = (flags & TILE_TREE) !== 0;
  const trigger = grid.triggerAt(x, y);
  const wall = directions === BLOCKED_ALL && !tree && !water;
  let terrain: Terrain = "grass";
  if (water) terrain = "water";
  else if (wall) terrain = "wall";
  else if (trigger === Trigger.UnderRoof) terrain = "floor";
  else if (trigger === Trigger.FightZone) terrain = "sand";
  return {
    terrain,
    variant: tileNoise(x, y) & 3,
    tree,
    fence: wall || tree || directions === BLOCKED_ALL ? 0 : directions,
    exit: grid.exitAt(x, y) !== undefined,
    safe: trigger === Trigger.SafeZone,
    fight: trigger === Trigger.FightZone,
  };
}

/** Base colours per terrain and variant (a small palette keeps the map calm to look at). */
export const TERRAIN_COLOURS: Readonly<Record<Terrain, readonly [string, string, string, string]>> = {
  grass: ["#4f8a3a", "#508b3b", "#4e8939", "#518c3b"],
  water: ["#2f6fb0", "#3071b2", "#2e6dae", "#3173b4"],
  wall: ["#7b7468", "#7e776b", "#787166", "#7d756a"],
  floor: ["#a07d55", "#a38058", "#9d7a53", "#a27f57"],
  sand: ["#c9b27a", "#cbb47c", "#c7b078", "#ccb57e"],
};

// ---------------------------------------------------------------- characters

export type Figure = "humanoid" | "wolf" | "boar" | "spider" | "hare";

/** What the server tells about a char's looks (`CharacterCreate` / `CharacterChange`). */
export interface CharacterAppearance {
  readonly body: number;
  readonly head: number;
  readonly helmet: number;
  readonly weapon: number;
  readonly shield: number;
  readonly heading: Heading;
  /** 0 player, 1 NPC, 2 pet. */
  readonly kind: number;
  readonly npcNumber: number;
  readonly name: string;
}

/** Where the char is in its step. */
export interface CharacterMotion {
  /** 0..1 progress of the current step (1 = standing). */
  readonly progress: number;
  /** Steps taken so far (alternates the leading leg). */
  readonly stepCount: number;
}

export interface CharacterLook {
  readonly figure: Figure;
  readonly heading: Heading;
  readonly skin: string;
  readonly hair: string;
  readonly tunic: string;
  readonly trousers: string;
  readonly fur: string;
  /** -1..1: how far the legs swing (0 standing). */
  readonly stride: number;
  /** Pixels the body rises mid-step. */
  readonly bob: number;
  readonly helmet: boolean;
  readonly weapon: boolean;
  readonly shield: boolean;
  /** Size relative to a person (creatures are smaller or larger). */
  readonly scale: number;
  /** A dead player (the ghost body): pale and see-through. */
  readonly ghost: boolean;
}

/** A ghost's pale colour, for skin, hair and clothes alike. */
const GHOST_COLOUR = "#d7e3f2";

/** Animation "none" for weapon, shield, helmet (`NingunArma`, …). */
const NO_EQUIPMENT = 2;
/** Highest bob of a walking char, in map pixels. */
const STEP_BOB_PX = 2;

const SKIN_BY_RACE: Readonly<Record<RaceId, string>> = {
  1: "#e2b48b",
  2: "#f0d2b0",
  3: "#7d6a8c",
  4: "#e9c29a",
  5: "#d39a6c",
  6: "#7f9d5c",
};
const DEFAULT_SKIN = "#d8ab82";

/** The race whose head ranges contain `head` (AO20 ranges), if any. */
export function raceOfHead(head: number): RaceId | undefined {
  for (const race of RACE_IDS) {
    const ranges = AO20_HEAD_RANGES[race];
    for (const range of [...ranges.male, ...ranges.female]) if (head >= range.first && head <= range.last) return race;
  }
  return undefined;
}

/** Creature words in NPC names (Spanish and English) → figure. */
const CREATURE_WORDS: readonly (readonly [RegExp, Figure])[] = [
  [/lobo|wolf/i, "wolf"],
  [/liebre|conejo|hare|rabbit/i, "hare"],
  [/jabal[ií]|boar|cerdo|pig/i, "boar"],
  [/araña|arana|spider/i, "spider"],
];

/**
 * Players are people; NPCs are creatures when their name says so, otherwise people too (AO NPC
 * bodies carry their own head, so `head = 0` says nothing about the shape).
 */
export function figureOf(appearance: CharacterAppearance): Figure {
  if (appearance.kind === 0) return "humanoid";
  for (const [pattern, figure] of CREATURE_WORDS) if (pattern.test(appearance.name)) return figure;
  return "humanoid";
}

const FIGURE_SCALE: Readonly<Record<Figure, number>> = { humanoid: 1, wolf: 1.25, boar: 1.2, spider: 1.15, hare: 0.8 };

/** The look of a character at one moment of its walk. */
export function characterLook(appearance: CharacterAppearance, motion: CharacterMotion): CharacterLook {
  const figure = figureOf(appearance);
  const race = raceOfHead(appearance.head);
  const bodyHash = hash32(appearance.body * 7 + appearance.npcNumber * 131);
  const headHash = hash32(appearance.head + 1_000);
  const moving = motion.progress < 1;
  const swing = moving ? Math.sin(motion.progress * Math.PI) : 0;
  const ghost = appearance.kind === 0 && appearance.body === GHOST_BODY;
  return {
    figure,
    heading: appearance.heading,
    skin: ghost ? GHOST_COLOUR : race ? SKIN_BY_RACE[race] : DEFAULT_SKIN,
    hair: ghost ? GHOST_COLOUR : hsl(20 + (headHash % 40), 35 + (headHash % 30), 18 + ((headHash >>> 8) % 40)),
    tunic: ghost ? GHOST_COLOUR : hsl(bodyHash % 360, 45, 42),
    trousers: ghost ? GHOST_COLOUR : hsl((bodyHash >>> 9) % 360, 25, 28),
    fur: figure === "wolf" ? "#8d8f93" : figure === "boar" ? "#6b4a2f" : figure === "spider" ? "#3d4a2a" : figure === "hare" ? "#a47c52" : hsl(bodyHash % 360, 30, 40),
    stride: motion.stepCount % 2 === 0 ? swing : -swing,
    bob: swing * STEP_BOB_PX,
    helmet: appearance.helmet > 0 && appearance.helmet !== NO_EQUIPMENT,
    weapon: appearance.weapon > 0 && appearance.weapon !== NO_EQUIPMENT,
    shield: appearance.shield > 0 && appearance.shield !== NO_EQUIPMENT,
    scale: FIGURE_SCALE[figure],
    ghost,
  };
}

/** CSS colour of a VB `RGB()` value (R + G·256 + B·65536). */
export function vbColourToCss(color: number): string {
  const r = color & 0xff;
  const g = (color >>> 8) & 0xff;
  const b = (color >>> 16) & 0xff;
  return `rgb(${r} ${g} ${b})`;
}

// ---------------------------------------------------------------- ground objects

export type ObjectShape =
  | "coins"
  | "potion"
  | "food"
  | "drink"
  | "weapon"
  | "armor"
  | "shield"
  | "helmet"
  | "tool"
  | "scroll"
  | "jewel"
  | "sign"
  | "door"
  | "wood"
  | "campfire"
  | "open-door"
  | "item";

/** AO `e_OBJType` numbers with a shape of their own. */
const SHAPE_BY_OBJ_TYPE: Readonly<Record<number, ObjectShape>> = {
  1: "food",
  2: "weapon",
  3: "armor",
  5: "coins",
  6: "door",
  8: "sign",
  11: "potion",
  13: "drink",
  // Leña and Ramitas (`otWood`), and the lit Fogata (obj.dat gives it `ObjType=15`).
  14: "wood",
  15: "campfire",
  16: "shield",
  17: "helmet",
  18: "tool",
  21: "jewel",
  24: "scroll",
  30: "jewel",
  32: "weapon",
  35: "jewel",
};

export interface ObjectLook {
  readonly shape: ObjectShape;
  readonly colour: string;
}

/** Look of object `objIndex`; `objType` when the world told us (GET /api/world); `open` for a door's open state. */
export function objectLook(objIndex: number, objType: number | undefined, open = false): ObjectLook {
  const typed = (objType !== undefined ? SHAPE_BY_OBJ_TYPE[objType] : undefined) ?? "item";
  const shape = typed === "door" && open ? "open-door" : typed;
  const h = hash32(objIndex * 2_654_435_761);
  const colour = shape === "coins" ? "#f2c94c" : hsl(h % 360, 60, 50);
  return { shape, colour };
}
