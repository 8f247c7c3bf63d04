import { describe, expect, test } from "bun:test";
import { itemCatalogFromObjects, ObjectType } from "../items/index.ts";
import { addToRing, clickDoor, doorBlocks, ringKeyAt, ringSlots, useKeyOnDoor } from "./doors.ts";

const door = (id: number, closed: boolean, locked: boolean, keyCode: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Puerta ${id}`,
  objType: ObjectType.Door,
  closed,
  locked,
  keyCode,
  openIndex: 1,
  closedIndex: 2,
  lockedIndex: 3,
  ...extra,
});
const CATALOG = itemCatalogFromObjects([
  door(1, false, false, 1200),
  door(2, true, false, 1200),
  door(3, true, true, 1200),
  door(4, true, false, 0, { openIndex: 5, closedIndex: 4, subType: 1 }),
  door(5, false, false, 0, { openIndex: 5, closedIndex: 4, subType: 1 }),
  door(6, true, true, 0, { grhIndex: 11444, openIndex: 7 }),
  door(8, true, false, 9, { openIndex: 99 }),
  { id: 10, name: "Llave", objType: ObjectType.Key, keyCode: 1200 },
  { id: 11, name: "Otra llave", objType: ObjectType.Key, keyCode: 1300 },
]);
const get = (id: number) => CATALOG.get(id)!;

describe("clickDoor (HandleDoorAction)", () => {
  test("a closed door opens within 2 tiles (Euclidean): the open object, its bits cleared, the door's wave", () => {
    expect(clickDoor(get(2), { x: 10, y: 10 }, { x: 11, y: 12 }, CATALOG)).toEqual({ kind: "too_far" });
    expect(clickDoor(get(2), { x: 10, y: 10 }, { x: 10, y: 12 }, CATALOG)).toEqual({
      kind: "toggled",
      object: 1,
      opened: true,
      duct: false,
      sound: 5,
      blocks: doorBlocks(0, 10, 10, false),
      linked: null,
    });
  });

  test("an open door closes and sets the bits; a locked one refuses (a duct's hatch with its own line); a missing state does nothing", () => {
    const closing = clickDoor(get(1), { x: 10, y: 10 }, { x: 10, y: 12 }, CATALOG);
    expect(closing).toMatchObject({ kind: "toggled", object: 2, opened: false });
    expect(clickDoor(get(3), { x: 10, y: 10 }, { x: 10, y: 11 }, CATALOG)).toEqual({ kind: "locked", duct: false });
    expect(clickDoor(get(6), { x: 10, y: 10 }, { x: 10, y: 11 }, CATALOG)).toEqual({ kind: "locked", duct: true });
    expect(clickDoor(get(8), { x: 10, y: 10 }, { x: 10, y: 11 }, CATALOG)).toEqual({ kind: "broken" });
  });

  test("a lever (Subtipo 1) toggles the door three tiles left and one down, and changes no bit of its own", () => {
    expect(clickDoor(get(4), { x: 10, y: 10 }, { x: 10, y: 11 }, CATALOG)).toMatchObject({ kind: "toggled", object: 5, blocks: [], linked: { x: 7, y: 11 } });
  });
});

describe("doorBlocks (BloquearPuerta)", () => {
  test("subtype 0: north on (x-1..x, y), south on (x-1..x, y+1); 4: one tile; 1: none", () => {
    expect(doorBlocks(0, 10, 10, true)).toEqual([
      { x: 10, y: 10, bits: 1, set: true },
      { x: 9, y: 10, bits: 1, set: true },
      { x: 10, y: 11, bits: 4, set: true },
      { x: 9, y: 11, bits: 4, set: true },
    ]);
    expect(doorBlocks(4, 10, 10, false)).toEqual([
      { x: 10, y: 10, bits: 1, set: false },
      { x: 10, y: 11, bits: 4, set: false },
    ]);
    expect(doorBlocks(1, 10, 10, true)).toEqual([]);
    expect(doorBlocks(3, 10, 10, true)).toHaveLength(6);
  });
});

describe("useKeyOnDoor (otKeys, UsarLlave)", () => {
  test("the matching key unlocks a locked door to its closed state and locks a closed one", () => {
    expect(useKeyOnDoor(get(10), get(3), { fromRing: false, dead: false })).toEqual({ kind: "unlocked", object: 2 });
    expect(useKeyOnDoor(get(10), get(2), { fromRing: true, dead: false })).toEqual({ kind: "locked", object: 3 });
  });

  test("refusals: a ghost (inventory only), an open door, the wrong key, a door below Clave 1000 from the inventory, no door", () => {
    expect(useKeyOnDoor(get(10), get(3), { fromRing: false, dead: true })).toEqual({ kind: "dead" });
    expect(useKeyOnDoor(get(10), get(3), { fromRing: true, dead: true })).toEqual({ kind: "unlocked", object: 2 });
    expect(useKeyOnDoor(get(10), get(1), { fromRing: false, dead: false })).toEqual({ kind: "not_closed" });
    expect(useKeyOnDoor(get(11), get(3), { fromRing: false, dead: false })).toEqual({ kind: "wrong_key", whileUnlocked: false });
    expect(useKeyOnDoor(get(11), get(2), { fromRing: false, dead: false })).toEqual({ kind: "wrong_key", whileUnlocked: true });
    expect(useKeyOnDoor(get(10), get(4), { fromRing: false, dead: false })).toEqual({ kind: "ring_only" });
    expect(useKeyOnDoor(get(10), undefined, { fromRing: true, dead: false })).toEqual({ kind: "ignored" });
    expect(useKeyOnDoor(get(10), get(10), { fromRing: true, dead: false })).toEqual({ kind: "ignored" });
  });
});

describe("the key ring (MAXKEYS = 10)", () => {
  test("a key goes to the first free slot; a full ring and a key already on it are refused; dirty lists are cleaned", () => {
    expect(addToRing([7, 0, 8], 9)).toEqual({ ok: true, slot: 2, ring: [7, 9, 8, 0, 0, 0, 0, 0, 0, 0] });
    expect(addToRing([7], 7)).toEqual({ ok: false, reason: "already_on_ring" });
    expect(addToRing(Array.from({ length: 10 }, (_, i) => i + 1), 99)).toEqual({ ok: false, reason: "ring_full" });
    expect(ringSlots([1, -3, 2.5, Number.NaN, 4])).toEqual([1, 0, 0, 0, 4, 0, 0, 0, 0, 0]);
  });

  test("ringKeyAt: slots 1..10, anything else 0", () => {
    expect(ringKeyAt([5, 6], 2)).toBe(6);
    for (const slot of [0, 11, -1, 1.5]) expect(ringKeyAt([5, 6], slot)).toBe(0);
  });
});
