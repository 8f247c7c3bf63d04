/**
 * What a walking bot knows of a map, precomputed once per map and shared by every bot on it:
 * for each tile, which of the four steps from it lead onto a tile the server lets it enter.
 * Built from the `GET /api/map/:id` document through the browser client's checked parser
 * (`parseMapJson`), so the bit legend and hostile-input checks are the same ones the client
 * uses. One byte per tile per mask; a step decision is two array reads and a bit test.
 */
import { parseMapJson, stepDx, stepDy, type HeadingValue, type MapGrid, type MapJsonError } from "../client/index.ts";
import { HEADINGS } from "./behaviours/packets.ts";

/** Bit of heading h (1..4) in a heading mask: `1 << (h - 1)`. */
export function headingBit(heading: number): number {
  return 1 << (heading - 1);
}

/** All four headings. */
export const ALL_HEADINGS_MASK = 0b1111;

export class WalkGrid {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  /** Per tile (row-major from (1,1)): headings whose step lands on an enterable tile that is not an exit. */
  readonly stepMask: Uint8Array;
  /** Per tile: headings whose step lands on an enterable exit tile (a map transfer or a warp). */
  readonly exitStepMask: Uint8Array;
  /** Per tile: 1 on exit tiles. */
  readonly exitTiles: Uint8Array;
  readonly exitCount: number;
  /** Tiles with at least one legal step, out of all. */
  readonly walkableTiles: number;

  constructor(grid: MapGrid) {
    this.id = grid.id;
    this.width = grid.width;
    this.height = grid.height;
    const count = grid.width * grid.height;
    this.stepMask = new Uint8Array(count);
    this.exitStepMask = new Uint8Array(count);
    this.exitTiles = new Uint8Array(count);
    let exits = 0;
    for (let y = 1; y <= grid.height; y++) {
      for (let x = 1; x <= grid.width; x++) {
        if (grid.exitAt(x, y)) {
          this.exitTiles[grid.index(x, y)] = 1;
          exits++;
        }
      }
    }
    this.exitCount = exits;
    let walkable = 0;
    for (let y = 1; y <= grid.height; y++) {
      for (let x = 1; x <= grid.width; x++) {
        let steps = 0;
        let exitSteps = 0;
        for (const heading of HEADINGS) {
          const h = heading as HeadingValue;
          const tx = x + stepDx(h);
          const ty = y + stepDy(h);
          if (!grid.canEnter(tx, ty, h)) continue;
          if (this.exitTiles[grid.index(tx, ty)] === 1) exitSteps |= headingBit(h);
          else steps |= headingBit(h);
        }
        const at = grid.index(x, y);
        this.stepMask[at] = steps;
        this.exitStepMask[at] = exitSteps;
        if ((steps | exitSteps) !== 0) walkable++;
      }
    }
    this.walkableTiles = walkable;
  }

  /** Row-major tile number of (x, y), or -1 off the map. */
  tile(x: number, y: number): number {
    if (x < 1 || y < 1 || x > this.width || y > this.height) return -1;
    return (y - 1) * this.width + (x - 1);
  }

  /** Builds a grid from a parsed `GET /api/map/:id` document (hostile input: checked). */
  static fromJson(document: unknown): { ok: true; grid: WalkGrid } | { ok: false; error: MapJsonError } {
    const parsed = parseMapJson(document);
    if (!parsed.ok) return parsed;
    return { ok: true, grid: new WalkGrid(parsed.grid) };
  }
}

/** Tile number of the step from `tile` towards `heading` on a map `width` wide (no bounds check). */
export function stepTile(tile: number, heading: number, width: number): number {
  switch (heading) {
    case 1:
      return tile - width;
    case 2:
      return tile + 1;
    case 3:
      return tile + width;
    default:
      return tile - 1;
  }
}
