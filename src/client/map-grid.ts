/**
 * The map the browser walks on and draws: the map JSON's read model (src/game/map-json
 * `MapGrid`, checked by `parseMapJson` there) plus what only a live client needs: `BlockPosition`
 * updates of single tiles and a revision counter, so cached drawings of the map know to redraw.
 * Pure.
 */
import { MapGrid } from "../game/map-json/index.ts";
import { BLOCKED_ALL } from "../game/movement/index.ts";

export class LiveMapGrid extends MapGrid {
  /** Bumped whenever a tile changes. */
  revision = 0;

  /** A live copy of `grid`: its collision bits are copied, since `BlockPosition` changes them. */
  constructor(grid: MapGrid) {
    super({
      id: grid.id,
      name: grid.name,
      width: grid.width,
      height: grid.height,
      safe: grid.safe,
      collision: grid.collision.slice(),
      triggers: grid.triggers,
      exits: grid.exits.values(),
    });
  }

  /**
   * `BlockPosition`: replaces the four direction bits of one tile. The packet's bits (1 N, 2 E,
   * 4 S, 8 W) are the tile-flags direction bits, so they are stored as they come.
   */
  setDirectionBlocks(x: number, y: number, wireBits: number): void {
    if (!this.contains(x, y)) return;
    const at = this.index(x, y);
    this.collision[at] = (this.collision[at]! & ~BLOCKED_ALL) | (wireBits & BLOCKED_ALL);
    this.revision++;
  }
}
