/** The client's live map on top of the map JSON read model (parsing is tested in src/game/map-json). */
import { describe, expect, test } from "bun:test";
import { DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { checkStep, HEADING_EAST, HEADING_NORTH, HEADING_SOUTH } from "../game/movement/index.ts";
import { defaultGrid } from "./client-fixtures.test-support.ts";
import { LiveMapGrid } from "./map-grid.ts";

describe("LiveMapGrid", () => {
  test("BlockPosition replaces the four direction bits and bumps the revision", () => {
    const grid = new LiveMapGrid(defaultGrid(DEFAULT_WORLD_MAP_IDS.town));
    expect(checkStep(grid, 45, 46, HEADING_EAST)).toBe("ok");
    grid.setDirectionBlocks(46, 46, 0b0010);
    expect(checkStep(grid, 45, 46, HEADING_EAST)).toBe("blocked");
    expect(checkStep(grid, 46, 47, HEADING_NORTH)).toBe("ok");
    expect(grid.revision).toBe(1);
    grid.setDirectionBlocks(46, 46, 0);
    expect(checkStep(grid, 45, 46, HEADING_EAST)).toBe("ok");
    expect(grid.revision).toBe(2);
  });

  test("BlockPosition keeps the other bits of the tile and ignores tiles off the map", () => {
    const source = defaultGrid(DEFAULT_WORLD_MAP_IDS.town);
    const grid = new LiveMapGrid(source);
    // The market counter (62..70, 66) blocks north and south; unblocking it keeps everything else.
    const before = grid.collisionAt(64, 66);
    grid.setDirectionBlocks(64, 66, 0);
    expect(checkStep(grid, 64, 67, HEADING_NORTH)).toBe("ok");
    expect(grid.collisionAt(64, 66)).toBe(before & ~0x0f);
    grid.setDirectionBlocks(0, 66, 0b1111);
    grid.setDirectionBlocks(64, 66, 0xff);
    expect(grid.collisionAt(64, 66)).toBe((before & ~0x0f) | 0x0f);
    expect(grid.revision).toBe(2);
    // The parsed grid it was made from is left as it was.
    expect(source.collisionAt(64, 66)).toBe(before);
    expect(checkStep(source, 64, 65, HEADING_SOUTH)).toBe("blocked");
  });
});
