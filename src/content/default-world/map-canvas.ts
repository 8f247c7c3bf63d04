/**
 * A small drawing surface for authoring maps in code: walls, fences with one-sided blocks,
 * water, trees, triggers, exits, NPC spawns and ground objects. Produces a `WorldMap`. Pure.
 */
import {
  BLOCKED_ALL,
  TILE_TREE,
  TILE_WATER,
  type GroundObject,
  type MapExit,
  type MapProperties,
  type NpcSpawn,
} from "../maps/index.ts";
import type { WorldMap } from "../pack/index.ts";

/** Thrown when authoring code draws something impossible (a bug in the generator, not data). */
export class MapAuthoringError extends Error {
  readonly code = "map-authoring";
}

export class MapCanvas {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  private readonly collision: Uint8Array;
  private readonly triggers: Uint8Array;
  private readonly exitsByTile = new Map<number, MapExit>();
  private readonly objectsByTile = new Map<number, GroundObject>();
  private readonly npcs: NpcSpawn[] = [];

  constructor(id: number, width: number, height: number) {
    this.id = id;
    this.width = width;
    this.height = height;
    this.collision = new Uint8Array(width * height);
    this.triggers = new Uint8Array(width * height);
  }

  private index(x: number, y: number): number {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 1 || y < 1 || x > this.width || y > this.height) {
      throw new MapAuthoringError(`map ${this.id}: tile (${x}, ${y}) is off the ${this.width} × ${this.height} map`);
    }
    return (y - 1) * this.width + (x - 1);
  }

  /** Calls `draw` for every tile of the inclusive rectangle, clipped to the map. */
  forEach(x1: number, y1: number, x2: number, y2: number, draw: (x: number, y: number) => void): void {
    for (let y = Math.max(1, y1); y <= Math.min(this.height, y2); y++) {
      for (let x = Math.max(1, x1); x <= Math.min(this.width, x2); x++) draw(x, y);
    }
  }

  /** Sets direction bits (default: all four) on one tile. */
  block(x: number, y: number, bits: number = BLOCKED_ALL): void {
    this.collision[this.index(x, y)]! |= bits;
  }

  /** Removes every direction bit from a tile (for gates cut into walls). */
  unblock(x: number, y: number): void {
    this.collision[this.index(x, y)]! &= ~BLOCKED_ALL;
  }

  /** Removes every bit (walls, water, tree) from a tile. */
  clear(x: number, y: number): void {
    this.collision[this.index(x, y)] = 0;
  }

  /** Blocks a filled rectangle. */
  blockRect(x1: number, y1: number, x2: number, y2: number, bits: number = BLOCKED_ALL): void {
    this.forEach(x1, y1, x2, y2, (x, y) => this.block(x, y, bits));
  }

  /** Blocks the outline of a rectangle. */
  wallRect(x1: number, y1: number, x2: number, y2: number): void {
    this.forEach(x1, y1, x2, y2, (x, y) => {
      if (x === x1 || x === x2 || y === y1 || y === y2) this.block(x, y);
    });
  }

  /** Blocks everything outside the inclusive rectangle (the unwalkable margin of a map). */
  blockOutside(x1: number, y1: number, x2: number, y2: number): void {
    this.forEach(1, 1, this.width, this.height, (x, y) => {
      if (x < x1 || x > x2 || y < y1 || y > y2) this.block(x, y);
    });
  }

  /** Marks water; `blocked` also walls it off (a fountain rather than a lake). */
  water(x1: number, y1: number, x2: number, y2: number, blocked = false): void {
    this.forEach(x1, y1, x2, y2, (x, y) => {
      this.collision[this.index(x, y)]! |= TILE_WATER | (blocked ? BLOCKED_ALL : 0);
    });
  }

  /** A tree: the tree flag plus a wall (trees cannot be walked through). */
  tree(x: number, y: number): void {
    this.collision[this.index(x, y)]! |= TILE_TREE | BLOCKED_ALL;
  }

  trigger(x1: number, y1: number, x2: number, y2: number, trigger: number): void {
    this.forEach(x1, y1, x2, y2, (x, y) => {
      this.triggers[this.index(x, y)] = trigger;
    });
  }

  /** An exit on every tile of the rectangle; `to(x, y)` gives each tile's destination. */
  exits(x1: number, y1: number, x2: number, y2: number, destMap: number, to: (x: number, y: number) => readonly [number, number]): void {
    this.forEach(x1, y1, x2, y2, (x, y) => {
      const [destX, destY] = to(x, y);
      this.exitsByTile.set(this.index(x, y), { x, y, destMap, destX, destY });
    });
  }

  npc(x: number, y: number, npc: number): void {
    this.index(x, y);
    this.npcs.push({ x, y, npc });
  }

  object(x: number, y: number, obj: number, amount: number): void {
    this.objectsByTile.set(this.index(x, y), { x, y, obj, amount });
  }

  /** True when any direction bit is set. */
  isBlocked(x: number, y: number): boolean {
    return (this.collision[this.index(x, y)]! & BLOCKED_ALL) !== 0;
  }

  hasExit(x: number, y: number): boolean {
    return this.exitsByTile.has(this.index(x, y));
  }

  /** The finished map. */
  build(properties: MapProperties): WorldMap {
    const byTile = <T>(records: Map<number, T>) => [...records.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
    return {
      id: this.id,
      width: this.width,
      height: this.height,
      properties,
      collision: this.collision.slice(),
      triggers: this.triggers.slice(),
      exits: byTile(this.exitsByTile),
      npcs: [...this.npcs],
      objects: byTile(this.objectsByTile),
    };
  }
}
