import { describe, expect, test } from "bun:test";
import type { CharacterPlacement } from "../db/index.ts";
import { EMPTY_EQUIPMENT } from "../game/character/index.ts";
import { judgeWorldIdentity, otherWorldRefusal, planWorldChange, type WorldLayout } from "./world-identity.ts";

const WORLD: WorldLayout = {
  name: "Nuevo",
  hash: "new",
  maps: new Map([
    [1, { width: 100, height: 100 }],
    [4, { width: 25, height: 25 }],
  ]),
  cities: [
    { id: 2, map: 4, x: 10, y: 12 },
    { id: 1, map: 1, x: 46, y: 46 },
    // A city on a map the world lacks is no spawn point.
    { id: 3, map: 9, x: 5, y: 5 },
  ],
  objectIds: new Set([10, 20]),
};

function placement(id: number, map: number, x: number, y: number, extra: Partial<CharacterPlacement> = {}): CharacterPlacement {
  return { id, homeCity: 1, map, x, y, inventory: [], equipment: { ...EMPTY_EQUIPMENT }, ...extra };
}

describe("judgeWorldIdentity", () => {
  test("empty database, same world, new version, other world", () => {
    const loaded = { name: "Alba", hash: "h2" };
    expect(judgeWorldIdentity(null, loaded)).toEqual({ kind: "first_start" });
    expect(judgeWorldIdentity({ name: "Alba", packHash: "h2" }, loaded)).toEqual({ kind: "same" });
    expect(judgeWorldIdentity({ name: "Alba", packHash: "h1" }, loaded)).toEqual({ kind: "updated", oldHash: "h1", newHash: "h2" });
    expect(judgeWorldIdentity({ name: "ao20", packHash: "h2" }, loaded)).toEqual({ kind: "other_world", storedName: "ao20" });
    // Names are compared exactly: a world renamed only in case is another world.
    expect(judgeWorldIdentity({ name: "alba", packHash: "h2" }, loaded).kind).toBe("other_world");
  });

  test("the refusal is one line naming both worlds and both ways out", () => {
    const line = otherWorldRefusal("ao20", "Alba");
    expect(line).toBe(
      'the database belongs to world "ao20" but this server loads "Alba"; start with --world for "ao20", or pass --allow-world-change to move its characters to "Alba"',
    );
    expect(otherWorldRefusal("a\nb", "c")).not.toContain("\n");
  });
});

describe("planWorldChange", () => {
  test("characters on maps the world has stay; off its edges they are clamped in", () => {
    const plan = planWorldChange([placement(1, 1, 46, 46), placement(2, 4, 90, 80), placement(3, 4, 0, 3)], WORLD);
    expect(plan).toMatchObject({ stayed: 1, clamped: 2, sentHome: 0, itemsDropped: 0 });
    expect(plan.relocations.map(({ id, map, x, y }) => ({ id, map, x, y }))).toEqual([
      { id: 2, map: 4, x: 25, y: 25 },
      { id: 3, map: 4, x: 1, y: 3 },
    ]);
  });

  test("characters on maps the world lacks go to their home city, or to the first city when it lacks that too", () => {
    const plan = planWorldChange(
      [placement(1, 2, 5, 5, { homeCity: 2 }), placement(2, 3, 5, 5, { homeCity: 7 }), placement(3, 3, 5, 5, { homeCity: 3 })],
      WORLD,
    );
    expect(plan).toMatchObject({ stayed: 0, clamped: 0, sentHome: 3 });
    expect(plan.relocations.map(({ id, map, x, y }) => ({ id, map, x, y }))).toEqual([
      { id: 1, map: 4, x: 10, y: 12 },
      { id: 2, map: 1, x: 46, y: 46 },
      { id: 3, map: 1, x: 46, y: 46 },
    ]);
  });

  test("a world without cities sends them to the middle of its lowest map", () => {
    const plan = planWorldChange([placement(1, 7, 5, 5)], { ...WORLD, cities: [], maps: new Map([[4, { width: 25, height: 25 }]]) });
    expect(plan.relocations[0]).toMatchObject({ map: 4, x: 13, y: 13 });
  });

  test("objects the world lacks are dropped from inventory and equipment, each counted once", () => {
    const character = placement(1, 1, 46, 46, {
      inventory: [
        { slot: 1, objectId: 10, amount: 5, equipped: false },
        { slot: 2, objectId: 99, amount: 1, equipped: true },
        { slot: 7, objectId: 98, amount: 3, equipped: false },
      ],
      equipment: { ...EMPTY_EQUIPMENT, weapon: 99, armor: 20, ring: 97 },
    });
    const plan = planWorldChange([character, placement(2, 1, 10, 10, { inventory: [{ slot: 1, objectId: 20, amount: 1, equipped: false }] })], WORLD);
    expect(plan).toMatchObject({ stayed: 2, itemsDropped: 3, charactersWithItemsDropped: 1 });
    expect(plan.relocations).toEqual([
      {
        id: 1,
        homeCity: 1,
        map: 1,
        x: 46,
        y: 46,
        inventory: [{ slot: 1, objectId: 10, amount: 5, equipped: false }],
        equipment: { ...EMPTY_EQUIPMENT, armor: 20 },
      },
    ]);
    // The input is not modified.
    expect(character.inventory).toHaveLength(3);
    expect(character.equipment.weapon).toBe(99);
  });

  test("a world without an object table drops nothing", () => {
    const plan = planWorldChange([placement(1, 1, 5, 5, { inventory: [{ slot: 1, objectId: 99, amount: 1, equipped: false }] })], { ...WORLD, objectIds: null });
    expect(plan).toMatchObject({ itemsDropped: 0, relocations: [] });
  });
});
