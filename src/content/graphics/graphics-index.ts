/**
 * The client graphics index as one JSON-serialisable value (ao-data-formats §4): which part of
 * which image every grh is, and how heads, helmets, bodies, weapons, shields and effects map
 * headings to grhs. The browser client draws sprites from it; it holds no image data.
 *
 * Tables are arrays indexed by the AO id (index 0 unused), `null` where the id is not defined.
 * Every heading list is ordered north, east, south, west (heading 1..4), except the rows of a
 * molde, which the client lays out south, north, west, east (see {@link MOLDE_ROW_HEADINGS}).
 */
import { z } from "zod";

/** AO tiles are 32 × 32 pixels. */
export const TILE_SIZE_PX = 32;

/** A still picture: rectangle (x, y, w, h) of image `<file>.png`. */
export const StaticGrhSchema = z.object({
  file: z.number().int().positive(),
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  w: z.number().int().positive(),
  h: z.number().int().positive(),
});
export type StaticGrh = z.infer<typeof StaticGrhSchema>;

/** An animation: frame grh ids and the VB6 `speed` (total duration in ms in the AO20 client). */
export const AnimatedGrhSchema = z.object({
  frames: z.array(z.number().int().positive()).min(2),
  speed: z.number().positive(),
});
export type AnimatedGrh = z.infer<typeof AnimatedGrhSchema>;

export const GrhSchema = z.union([StaticGrhSchema, AnimatedGrhSchema]);
export type Grh = StaticGrh | AnimatedGrh;

/** Grh ids for headings north, east, south, west. */
export const HeadingGrhsSchema = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
export type HeadingGrhs = [north: number, east: number, south: number, west: number];

/** A spell/hit effect (`fxs.ind` record). */
export const FxSchema = z.object({
  grh: z.number().int(),
  offsetX: z.number().int(),
  offsetY: z.number().int(),
  isPng: z.boolean(),
});
export type Fx = z.infer<typeof FxSchema>;

/** A sprite-sheet layout (`moldes.ini`): 4 rows of frames, each `w × h`, starting at (x, y). */
export const MoldeSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  /** Frames in row 1..4 (`Dir1..Dir4`); rows are south, north, west, east. */
  rowFrames: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
});
export type Molde = z.infer<typeof MoldeSchema>;

/** Molde row j (0-based) shows this heading (client `BodiesHeading`: S, N, W, E). */
export const MOLDE_ROW_HEADINGS = ["south", "north", "west", "east"] as const;

/** Either four grhs (`Std=0` + `Walk1..4`/`Dir1..4`) or a molde over one image (`Std=<molde>` + `FileNum`). */
export const AnimationSetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("grhs"), walk: HeadingGrhsSchema }),
  z.object({
    kind: z.literal("molde"),
    molde: z.number().int().positive(),
    file: z.number().int(),
    /** cuerpos.dat `Speed` (0 = default 1); weapons and shields have none. */
    speed: z.number(),
  }),
]);
export type AnimationSet = z.infer<typeof AnimationSetSchema>;

/** A body (`cuerpos.dat [BODY<n>]`). Offsets are in pixels as written (head offset not yet added to the body offset). */
export const BodySchema = z.object({
  sprites: AnimationSetSchema,
  headOffsetX: z.number().int(),
  headOffsetY: z.number().int(),
  bodyOffsetX: z.number().int(),
  bodyOffsetY: z.number().int(),
  shadowOffsetX: z.number().int(),
  shadowOffsetY: z.number().int(),
  idleBody: z.number().int(),
  animateOnIdle: z.boolean(),
});
export type Body = z.infer<typeof BodySchema>;

const sparse = <T extends z.ZodType>(schema: T) => z.array(schema.nullable());

export const GraphicsIndexSchema = z.object({
  /** Which file the grh table came from. */
  grhSource: z.enum(["graficos.ini", "graficos.ind", "none"]),
  /** Grh id → picture or animation. */
  grhs: sparse(GrhSchema),
  /** Head id → grhs N, E, S, W (`cabezas.ind`); null when unused (first grh 0). */
  heads: sparse(HeadingGrhsSchema),
  /** Helmet id → grhs N, E, S, W (`cascos.ind`). */
  helmets: sparse(HeadingGrhsSchema),
  /** Fx id → effect (`fxs.ind`). */
  fxs: sparse(FxSchema),
  /** Molde id → layout (`moldes.ini`). */
  moldes: sparse(MoldeSchema),
  /** Body id → sprites and offsets (`cuerpos.dat`). */
  bodies: sparse(BodySchema),
  /** Weapon animation id → sprites (`armas.dat`). */
  weapons: sparse(AnimationSetSchema),
  /** Shield animation id → sprites (`escudos.dat`). */
  shields: sparse(AnimationSetSchema),
});
export type GraphicsIndex = z.infer<typeof GraphicsIndexSchema>;

/** An empty index (no files). */
export function emptyGraphicsIndex(): GraphicsIndex {
  return { grhSource: "none", grhs: [], heads: [], helmets: [], fxs: [], moldes: [], bodies: [], weapons: [], shields: [] };
}

/** True for an animated grh. */
export function isAnimated(grh: Grh): grh is AnimatedGrh {
  return "frames" in grh;
}

/** The still frame a grh starts with (an animation takes its size from its first frame), or null. */
export function firstFrame(grhs: readonly (Grh | null)[], id: number): StaticGrh | null {
  let current = grhs[id] ?? null;
  // Animations of animations do not occur in the data; the bound keeps a bad file from looping.
  for (let depth = 0; current !== null && depth < 4; depth++) {
    if (!isAnimated(current)) return current;
    current = grhs[current.frames[0]!] ?? null;
  }
  return null;
}

/** One frame rectangle of a molde expansion. */
export interface FrameRect {
  file: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Expands a molde over image `file` into frame rectangles per heading, the way the client
 * generates grhs at load time: row j starts at (x, y + j·h) and holds `rowFrames[j]` frames of
 * w × h side by side; rows are south, north, west, east.
 */
export function expandMolde(molde: Molde, file: number): Record<(typeof MOLDE_ROW_HEADINGS)[number], FrameRect[]> {
  const out = { south: [] as FrameRect[], north: [] as FrameRect[], west: [] as FrameRect[], east: [] as FrameRect[] };
  for (let row = 0; row < MOLDE_ROW_HEADINGS.length; row++) {
    const frames = out[MOLDE_ROW_HEADINGS[row]!];
    const count = molde.rowFrames[row]!;
    for (let k = 0; k < count; k++) {
      frames.push({ file, x: molde.x + k * molde.w, y: molde.y + row * molde.h, w: molde.w, h: molde.h });
    }
  }
  return out;
}

/** Client animation speed factor for molde bodies: `1 / Speed / 0.018` per frame (Speed 0 → 1). */
const MOLDE_SPEED_DIVISOR = 0.018;

/** Total animation time of a molde row as the AO20 client computes it (`NumFrames × 1/Speed/0.018`). */
export function moldeRowSpeed(frameCount: number, bodySpeed: number): number {
  const speed = bodySpeed === 0 ? 1 : bodySpeed;
  return frameCount * (1 / speed / MOLDE_SPEED_DIVISOR);
}
