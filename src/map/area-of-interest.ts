/**
 * Who can see whom on one map. The AO20 client shows a window of 3×3 blocks of 12 tiles around
 * its own block (`CODIGO/ModAreas.bas`), so two characters see each other exactly when their
 * blocks differ by at most one in x and in y. The relation is symmetric, which lets one query
 * serve both "who sees the mover" and "whom the mover sees".
 *
 * Three implementations behind one interface so they can be benchmarked against each other:
 * `global` (everyone on the map), `scan` (a block test over every member), `grid` (a spatial
 * grid of blocks, 3×3 cell lookup; the default).
 */

import { blockOf, inView } from "../game/area/index.ts";

export type AoiMode = "grid" | "scan" | "global";

export interface AreaOfInterest {
  readonly mode: AoiMode;
  /**
   * True when `forEachViewer` visits the same members for every tile of one block (`grid` reads
   * blocks, `global` everyone); false when it tests each member against the tile (`scan`).
   */
  readonly viewersFollowBlocks: boolean;
  add(id: number, x: number, y: number): void;
  move(id: number, x: number, y: number): void;
  remove(id: number): void;
  /**
   * Calls `visit` for every member that sees tile (x, y) (may include the one standing there).
   * `global` visits every member whatever the tile.
   */
  forEachViewer(x: number, y: number, visit: (id: number) => void): void;
}

interface Member {
  x: number;
  y: number;
}

/** Members kept in a map by id; the two exhaustive modes differ only in the query. */
abstract class MemberListAoi {
  protected readonly members = new Map<number, Member>();
  add(id: number, x: number, y: number): void {
    this.members.set(id, { x, y });
  }
  move(id: number, x: number, y: number): void {
    const member = this.members.get(id);
    if (member) {
      member.x = x;
      member.y = y;
    }
  }
  remove(id: number): void {
    this.members.delete(id);
  }
}

/** Everyone on the map sees everything: the baseline the other modes are measured against. */
export class GlobalAoi extends MemberListAoi implements AreaOfInterest {
  readonly mode = "global" as const;
  readonly viewersFollowBlocks = true;
  forEachViewer(_x: number, _y: number, visit: (id: number) => void): void {
    for (const id of this.members.keys()) visit(id);
  }
}

/** A block test against every member: exact, O(members) per query. */
export class ScanAoi extends MemberListAoi implements AreaOfInterest {
  readonly mode = "scan" as const;
  readonly viewersFollowBlocks = false;
  forEachViewer(x: number, y: number, visit: (id: number) => void): void {
    for (const [id, member] of this.members) if (inView(x, y, member.x, member.y)) visit(id);
  }
}

/** Members bucketed by block; a query reads the 3×3 blocks around the tile. */
export class GridAoi implements AreaOfInterest {
  readonly mode = "grid" as const;
  readonly viewersFollowBlocks = true;
  private readonly blocksWide: number;
  private readonly blocksHigh: number;
  private readonly cells: Set<number>[];
  private readonly cellOf = new Map<number, number>();

  constructor(width: number, height: number) {
    // Coordinates are 1-based and reach `width`, so block indexes go up to blockOf(width).
    this.blocksWide = blockOf(width) + 1;
    this.blocksHigh = blockOf(height) + 1;
    this.cells = Array.from({ length: this.blocksWide * this.blocksHigh }, () => new Set<number>());
  }

  private cellIndex(x: number, y: number): number {
    const bx = Math.min(this.blocksWide - 1, Math.max(0, blockOf(x)));
    const by = Math.min(this.blocksHigh - 1, Math.max(0, blockOf(y)));
    return by * this.blocksWide + bx;
  }

  add(id: number, x: number, y: number): void {
    const cell = this.cellIndex(x, y);
    this.cells[cell]!.add(id);
    this.cellOf.set(id, cell);
  }

  move(id: number, x: number, y: number): void {
    const previous = this.cellOf.get(id);
    if (previous === undefined) return; // not a member: like the other modes, moving it adds nothing
    const cell = this.cellIndex(x, y);
    if (previous === cell) return;
    this.cells[previous]!.delete(id);
    this.cells[cell]!.add(id);
    this.cellOf.set(id, cell);
  }

  remove(id: number): void {
    const cell = this.cellOf.get(id);
    if (cell === undefined) return;
    this.cells[cell]!.delete(id);
    this.cellOf.delete(id);
  }

  forEachViewer(x: number, y: number, visit: (id: number) => void): void {
    const bx = blockOf(x);
    const by = blockOf(y);
    for (let cy = Math.max(0, by - 1); cy <= Math.min(this.blocksHigh - 1, by + 1); cy++) {
      for (let cx = Math.max(0, bx - 1); cx <= Math.min(this.blocksWide - 1, bx + 1); cx++) {
        for (const id of this.cells[cy * this.blocksWide + cx]!) visit(id);
      }
    }
  }
}

export function createAoi(mode: AoiMode, width: number, height: number): AreaOfInterest {
  switch (mode) {
    case "global":
      return new GlobalAoi();
    case "scan":
      return new ScanAoi();
    case "grid":
      return new GridAoi(width, height);
  }
}
