/**
 * A* on the 4-neighbour tile grid, the way the VB6 server searches for NPCs
 * (combat-and-progression §6.6, `Codigo/PathFinding.bas` SeekPath): cost 1 a step, heuristic the
 * Euclidean distance plus uniform noise in [0, noise), neighbour order shuffled per expansion, a
 * cap on expansions and on path length, and when the goal cannot be reached the path to the
 * explored tile closest to it.
 *
 * One `PathFinder` per map and every array in it is reused: a search allocates nothing. Marks are
 * generation stamps, so starting a search clears nothing either. Thousands of NPCs may think.
 */
import { randomInt, type Random } from "../../random/index.ts";
import { HEADING_EAST, HEADING_NORTH, HEADING_SOUTH, HEADING_WEST, stepX, stepY, type Heading } from "../movement/index.ts";

/** VB6 `MAX_PATH_LENGTH`: the longest path, and the cap on `distance + range`. */
export const PATH_MAX_LENGTH = 512;
/** `NPCMaxStepsPathFinding` of the example configuration: expansions per search. */
export const PATH_MAX_EXPANSIONS = 500;
/** `NPCPathfindingNoise`: heuristic noise, tiles. */
export const PATH_NOISE = 0.75;

/** A full path to the goal, a partial one towards it, or nothing to walk. */
export type PathOutcome = "found" | "partial" | "none";

/** May the walker enter tile `index` moving towards `heading`? */
export type EnterPredicate = (index: number, heading: Heading) => boolean;

export interface PathFinderOptions {
  readonly maxExpansions?: number;
  readonly noise?: number;
}

const NO_HEADING = 0;
const STAMP_LIMIT = 0xffff_fff0;

export class PathFinder {
  /** The last search's path: tile indexes from the first step to the last tile reached. */
  readonly steps = new Int32Array(PATH_MAX_LENGTH + 1);
  /** How many of `steps` are the last search's path. */
  length = 0;
  /** Expansions the last search used (diagnostics, tests). */
  expansions = 0;
  /** Searches and expansions since the finder was made (the map's AI metrics read the growth). */
  searchesTotal = 0;
  expansionsTotal = 0;
  readonly maxExpansions: number;
  readonly noise: number;

  private readonly distance: Int16Array;
  /** The heading that entered each tile on its best route (NO_HEADING at the start). */
  private readonly cameBy: Uint8Array;
  private readonly seen: Uint32Array;
  private readonly closed: Uint32Array;
  private stamp = 0;
  private heapKeys: Float64Array;
  private heapTiles: Int32Array;
  private heapSize = 0;
  private readonly order: Heading[] = [HEADING_NORTH, HEADING_EAST, HEADING_SOUTH, HEADING_WEST];

  constructor(
    readonly width: number,
    readonly height: number,
    options: PathFinderOptions = {},
  ) {
    const tiles = width * height;
    this.distance = new Int16Array(tiles);
    this.cameBy = new Uint8Array(tiles);
    this.seen = new Uint32Array(tiles);
    this.closed = new Uint32Array(tiles);
    this.maxExpansions = Math.min(options.maxExpansions ?? PATH_MAX_EXPANSIONS, PATH_MAX_LENGTH);
    this.noise = options.noise ?? PATH_NOISE;
    // Each expansion opens at most four tiles.
    const capacity = Math.min(tiles, this.maxExpansions) * 4 + 4;
    this.heapKeys = new Float64Array(capacity);
    this.heapTiles = new Int32Array(capacity);
  }

  /**
   * Searches from (fromX, fromY) to (toX, toY), 1-based tiles. `range` is how far past the
   * straight distance a path may run (VB6 `RangoVision`). The start tile is never tested;
   * `canEnter` decides every other, the goal included. The path lands in `steps` / `length`.
   */
  find(fromX: number, fromY: number, toX: number, toY: number, range: number, canEnter: EnterPredicate, random: Random): PathOutcome {
    const { width, height } = this;
    this.length = 0;
    this.expansions = 0;
    if (!inside(width, height, fromX, fromY) || !inside(width, height, toX, toY)) return "none";
    if (fromX === toX && fromY === toY) return "none";
    this.searchesTotal++;
    const stamp = this.nextStamp();
    const { distance, cameBy, seen, closed, order, noise } = this;
    // Every search shuffles from the same order (VB6 starts SeekPath from north, east, south, west).
    order[0] = HEADING_NORTH;
    order[1] = HEADING_EAST;
    order[2] = HEADING_SOUTH;
    order[3] = HEADING_WEST;
    const start = (fromY - 1) * width + (fromX - 1);
    const goal = (toY - 1) * width + (toX - 1);
    const maxDistance = Math.min(PATH_MAX_LENGTH, Math.abs(toX - fromX) + Math.abs(toY - fromY) + range);
    this.heapSize = 0;
    seen[start] = stamp;
    distance[start] = 0;
    cameBy[start] = NO_HEADING;
    let closest = start;
    let closestDistance = euclid(fromX - toX, fromY - toY);
    this.push(start, closestDistance);

    while (this.heapSize > 0 && this.expansions < this.maxExpansions) {
      const tile = this.pop();
      if (closed[tile] === stamp) continue; // an older, worse entry of a tile already expanded
      this.expansions++;
      this.expansionsTotal++;
      if (tile === goal) return this.trace(goal, "found");
      closed[tile] = stamp;
      const g = distance[tile]!;
      if (g >= maxDistance) continue;
      shuffle(order, random);
      const x = tile % width;
      const y = (tile - x) / width;
      for (let i = 0; i < 4; i++) {
        const heading = order[i]!;
        const nx = x + stepX(heading);
        const ny = y + stepY(heading);
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const next = ny * width + nx;
        if (closed[next] === stamp) continue;
        const nextDistance = g + 1;
        // VB6 keeps a route of equal length found later; only a longer one is dropped.
        if (seen[next] === stamp && nextDistance > distance[next]!) continue;
        if (!canEnter(next, heading)) continue;
        seen[next] = stamp;
        distance[next] = nextDistance;
        cameBy[next] = heading;
        const h = euclid(nx + 1 - toX, ny + 1 - toY);
        this.push(next, nextDistance + h + (noise > 0 ? random.next() * noise : 0));
        if (h < closestDistance) {
          closestDistance = h;
          closest = next;
        }
      }
    }
    if (closest === start) return "none";
    return this.trace(closest, "partial");
  }

  /** Writes the route from the start to `end` into `steps`. */
  private trace(end: number, outcome: "found" | "partial"): PathOutcome {
    const { width, cameBy, steps } = this;
    const length = this.distance[end]!;
    let tile = end;
    for (let i = length - 1; i >= 0; i--) {
      steps[i] = tile;
      const heading = cameBy[tile]! as Heading;
      tile -= stepY(heading) * width + stepX(heading);
    }
    this.length = length;
    return outcome;
  }

  private nextStamp(): number {
    if (this.stamp >= STAMP_LIMIT) {
      this.seen.fill(0);
      this.closed.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  // A binary min-heap of (key, tile); a tile improved later is pushed again and its stale entry
  // is skipped when popped.
  private push(tile: number, key: number): void {
    if (this.heapSize === this.heapKeys.length) this.growHeap();
    const keys = this.heapKeys;
    const tiles = this.heapTiles;
    let i = this.heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      tiles[i] = tiles[parent]!;
      i = parent;
    }
    keys[i] = key;
    tiles[i] = tile;
  }

  private pop(): number {
    const keys = this.heapKeys;
    const tiles = this.heapTiles;
    const top = tiles[0]!;
    const size = --this.heapSize;
    if (size === 0) return top;
    const key = keys[size]!;
    const tile = tiles[size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= key) break;
      keys[i] = keys[child]!;
      tiles[i] = tiles[child]!;
      i = child;
    }
    keys[i] = key;
    tiles[i] = tile;
    return top;
  }

  private growHeap(): void {
    const keys = new Float64Array(this.heapKeys.length * 2);
    const tiles = new Int32Array(this.heapTiles.length * 2);
    keys.set(this.heapKeys);
    tiles.set(this.heapTiles);
    this.heapKeys = keys;
    this.heapTiles = tiles;
  }
}

function inside(width: number, height: number, x: number, y: number): boolean {
  return x >= 1 && y >= 1 && x <= width && y <= height;
}

function euclid(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** VB6 `ShuffleHeadings`: Fisher-Yates from the end, `RandomNumber(1, i)` per position. */
function shuffle(order: Heading[], random: Random): void {
  for (let i = order.length; i >= 2; i--) {
    const j = randomInt(random, 1, i);
    const swap = order[i - 1]!;
    order[i - 1] = order[j - 1]!;
    order[j - 1] = swap;
  }
}
