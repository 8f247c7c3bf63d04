/**
 * One map as a reader of the map JSON keeps it: size, collision bits, triggers and exits. It is a
 * `WalkableGrid`, so `checkStep` (game/movement) walks on it directly.
 */
import { BLOCKED_ALL, isInsideMap, TILE_TREE, TILE_WATER, tileIndex, type WalkableGrid } from "../movement/index.ts";

/** A tile exit as a walker needs it: where it leads (destMap -1 = back where you came from). */
export interface MapExitView {
  readonly x: number;
  readonly y: number;
  readonly destMap: number;
  readonly destX: number;
  readonly destY: number;
}

export interface MapGridInit {
  readonly id: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly safe: boolean;
  /** Tile-flags bits (game/movement) per tile, row-major from (1, 1). */
  readonly collision: Uint8Array;
  /** Trigger per tile (0 = none), row-major. */
  readonly triggers: Uint8Array;
  readonly exits: Iterable<MapExitView>;
}

export class MapGrid implements WalkableGrid {
  readonly id: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** The map is safe (no player killing). */
  readonly safe: boolean;
  /** Tile-flags bits per tile, whatever legend the document used: index (y-1)·width + (x-1). */
  readonly collision: Uint8Array;
  /** Trigger per tile (0 = none). */
  readonly triggers: Uint8Array;
  /** Exits by tile index. */
  readonly exits: ReadonlyMap<number, MapExitView>;

  constructor(init: MapGridInit) {
    this.id = init.id;
    this.name = init.name;
    this.width = init.width;
    this.height = init.height;
    this.safe = init.safe;
    this.collision = init.collision;
    this.triggers = init.triggers;
    const exits = new Map<number, MapExitView>();
    for (const exit of init.exits) exits.set(this.index(exit.x, exit.y), exit);
    this.exits = exits;
  }

  /** True when (x, y) lies on the map (1-based). */
  contains(x: number, y: number): boolean {
    return isInsideMap(this.width, this.height, x, y);
  }

  /** Row-major index of (x, y); only meaningful when `contains(x, y)`. */
  index(x: number, y: number): number {
    return tileIndex(this.width, x, y);
  }

  /** Collision bits of (x, y); off-map tiles read as walls, so nothing walks or paints past the border. */
  collisionAt(x: number, y: number): number {
    return this.contains(x, y) ? this.collision[this.index(x, y)]! : BLOCKED_ALL;
  }

  triggerAt(x: number, y: number): number {
    return this.contains(x, y) ? this.triggers[this.index(x, y)]! : 0;
  }

  exitAt(x: number, y: number): MapExitView | undefined {
    return this.contains(x, y) ? this.exits.get(this.index(x, y)) : undefined;
  }

  /** A wall: no direction may enter. */
  isWall(x: number, y: number): boolean {
    return (this.collisionAt(x, y) & BLOCKED_ALL) === BLOCKED_ALL;
  }

  isWater(x: number, y: number): boolean {
    return this.contains(x, y) && (this.collision[this.index(x, y)]! & TILE_WATER) !== 0;
  }

  isTree(x: number, y: number): boolean {
    return this.contains(x, y) && (this.collision[this.index(x, y)]! & TILE_TREE) !== 0;
  }
}
