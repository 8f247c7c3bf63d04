/**
 * What a walking bot knows of a map, precomputed once per map and shared by every bot on it:
 * for each tile, which of the four steps from it lead onto a tile the server lets it enter.
 * Built from the `GET /api/map/:id` document with the checked reader of the map JSON contract
 * (src/game/map-json) and judged with the server's own step rule (`checkStep`,
 * src/game/movement), so a bot never disagrees with the server about terrain. One byte per tile
 * per mask; a step decision is two array reads and a bit test.
 */
import { parseMapJson, type MapGrid, type MapJsonError } from "../game/map-json/index.ts";
import { checkStep, headingBit, HEADINGS, stepX, stepY, tileIndex, type Heading } from "../game/movement/index.ts";

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
    for (const exitTile of grid.exits.keys()) this.exitTiles[exitTile] = 1;
    this.exitCount = grid.exits.size;
    let walkable = 0;
    for (let y = 1; y <= grid.height; y++) {
      for (let x = 1; x <= grid.width; x++) {
        let steps = 0;
        let exitSteps = 0;
        for (const heading of HEADINGS) {
          // Terrain only: who stands where changes every moment and is the map view's business.
          if (checkStep(grid, x, y, heading) !== "ok") continue;
          if (this.exitTiles[tileIndex(grid.width, x + stepX(heading), y + stepY(heading))] === 1) exitSteps |= headingBit(heading);
          else steps |= headingBit(heading);
        }
        const at = tileIndex(grid.width, x, y);
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
    return tileIndex(this.width, x, y);
  }

  /** Builds a grid from a parsed `GET /api/map/:id` document (hostile input: checked). */
  static fromJson(document: unknown): { ok: true; grid: WalkGrid } | { ok: false; error: MapJsonError } {
    const parsed = parseMapJson(document);
    if (!parsed.ok) return parsed;
    return { ok: true, grid: new WalkGrid(parsed.grid) };
  }
}

/** Tile number of the step from `tile` towards `heading` on a map `width` wide (no bounds check). */
export function stepTile(tile: number, heading: Heading, width: number): number {
  return tile + stepY(heading) * width + stepX(heading);
}
