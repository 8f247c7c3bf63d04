import { describe, expect, test } from "bun:test";
import { AREA_BLOCK_TILES } from "../game/area/index.ts";
import { MapView, MapViews, MAX_VIEW_CHAR_INDEX, posKey, stepKey } from "./map-view.ts";

describe("pooled map view", () => {
  test("keys step like headings: north y-1, east x+1, south y+1, west x-1", () => {
    const key = posKey(50, 60);
    expect(stepKey(key, 1)).toBe(posKey(50, 59));
    expect(stepKey(key, 2)).toBe(posKey(51, 60));
    expect(stepKey(key, 3)).toBe(posKey(50, 61));
    expect(stepKey(key, 4)).toBe(posKey(49, 60));
  });

  test("the first report of a step changes the view and returns the old tile; repeats change nothing", () => {
    const view = new MapView(4);
    expect(view.place(7, posKey(9, 10), true)).toBe(0);
    // A create of a known char shifts it and says from where (a step seen as a create).
    expect(view.place(7, posKey(10, 10), true)).toBe(posKey(9, 10));
    expect(view.tiles.size).toBe(1);
    expect(view.move(7, posKey(11, 10))).toBe(posKey(10, 10));
    for (let observer = 0; observer < 99; observer++) expect(view.move(7, posKey(11, 10))).toBe(-1);
    expect(view.position[7]).toBe(posKey(11, 10));
    expect(view.characters).toBe(1);
    // An unknown char seen moving is taken in, with no known source.
    expect(view.move(8, posKey(30, 30))).toBe(0);
    expect(view.characters).toBe(2);
    view.remove(8);
    view.remove(8);
    expect(view.characters).toBe(1);
    expect(view.tiles.size).toBe(1);
  });

  test("occupied neighbours come back as heading bits", () => {
    const view = new MapView(5);
    const here = posKey(12, 12);
    view.place(1, stepKey(here, 1), false);
    view.place(2, stepKey(here, 4), true);
    expect(view.occupiedAround(here)).toBe(0b1001);
    view.move(2, posKey(40, 40));
    expect(view.occupiedAround(here)).toBe(0b0001);
    view.remove(1);
    expect(view.occupiedAround(here)).toBe(0);
  });

  test("players around count the 3x3 blocks, without NPCs and without the asking char", () => {
    const view = new MapView(4);
    const me = posKey(30, 30);
    view.place(1, me, true);
    view.place(2, posKey(30 + AREA_BLOCK_TILES, 30), true);
    view.place(3, posKey(31, 31), false);
    view.place(4, posKey(30 + 3 * AREA_BLOCK_TILES, 30), true);
    expect(view.playersAround(me, 1)).toBe(1);
    view.move(2, posKey(90, 90));
    expect(view.playersAround(me, 1)).toBe(0);
    expect(view.playersAround(me, 0)).toBe(1);
  });

  test("NPCs are known as such: the nearest in the asker's window, skipping itself and what it is told to", () => {
    const view = new MapView(2);
    const me = posKey(30, 30);
    view.place(1, me, true);
    view.place(10, posKey(30, 34), false);
    view.place(11, posKey(33, 31), false);
    view.place(12, posKey(31, 30), true);
    // Out of the asker's 3x3 blocks: only another bot sees it.
    view.place(13, posKey(30 + 3 * AREA_BLOCK_TILES, 30), false);
    expect([...view.npcs]).toEqual([10, 11, 13]);
    expect([view.isNpc(10), view.isNpc(12), view.isNpc(1)]).toEqual([true, false, false]);
    // 11 and 10 are both 4 away (Manhattan): the first seen wins.
    expect(view.nearestNpc(me, 1)).toBe(10);
    expect(view.nearestNpc(me, 1, new Set([10]))).toBe(11);
    expect(view.nearestNpc(me, 1, new Set([10, 11]))).toBe(0);
    expect(view.nearestNpc(posKey(30 + 3 * AREA_BLOCK_TILES, 31), 0)).toBe(13);
    // An NPC stepping keeps being one; a removed one is gone; a player re-created on its index is no NPC.
    view.move(11, posKey(31, 31));
    expect(view.nearestNpc(me, 1)).toBe(11);
    expect(view.positionOf(11)).toBe(posKey(31, 31));
    view.remove(11);
    expect([view.isNpc(11), view.positionOf(11), view.nearestNpc(me, 1)]).toEqual([false, 0, 10]);
    view.place(10, posKey(30, 34), true);
    expect(view.nearestNpc(me, 1)).toBe(0);
    // A char the view asks about from nowhere, or an NPC at (0, 0), finds nothing.
    view.place(14, 0, false);
    expect([view.nearestNpc(0, 0), view.nearestNpc(posKey(1, 1), 0), view.isNpc(14)]).toEqual([0, 0, false]);
    expect([view.positionOf(-1), view.positionOf(MAX_VIEW_CHAR_INDEX + 1), view.positionOf(Number.NaN)]).toEqual([0, 0, 0]);
    // The asker itself, if a server calls it an NPC, is never its own target.
    view.place(1, me, false);
    expect(view.nearestNpc(me, 1)).toBe(0);
  });

  test("hostile char indexes are ignored", () => {
    const view = new MapView(1);
    for (const index of [0, -3, MAX_VIEW_CHAR_INDEX + 1, 32_767, Number.NaN]) {
      view.place(index, posKey(5, 5), true);
      expect(view.move(index, posKey(6, 5))).toBe(-1);
      view.remove(index);
    }
    expect(view.characters).toBe(0);
  });

  test("one view per map, made on first use", () => {
    const views = new MapViews();
    expect(views.of(3)).toBe(views.of(3));
    expect(views.of(4)).not.toBe(views.of(3));
    expect(views.size).toBe(2);
  });
});
