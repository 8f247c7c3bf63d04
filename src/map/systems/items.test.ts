import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT } from "../../game/character/index.ts";
import { NO_ANIMATION } from "../../game/items/index.ts";
import { TEST_ITEMS, summary, world } from "../map-harness.test-support.ts";

const { apple, sword, armor, gold, redPotion, helmet } = TEST_ITEMS;

/** A player standing well inside the item borders (x 12…29, y 10…31 on the 40 × 40 test map). */
function withKit(options: { safe?: boolean } = {}) {
  const w = world({ safe: options.safe ?? true });
  w.enter(1, "Ana", 20, 20, {
    with: {
      gold: 500,
      inventory: [
        { slot: 1, objectId: apple, amount: 5, equipped: false },
        { slot: 2, objectId: sword, amount: 1, equipped: false },
        { slot: 3, objectId: armor, amount: 1, equipped: false },
        { slot: 4, objectId: redPotion, amount: 3, equipped: false },
        { slot: 6, objectId: helmet, amount: 1, equipped: true },
      ],
      equipment: { ...EMPTY_EQUIPMENT, helmet },
      vitals: { hp: 10, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 50, water: 60 },
    },
  });
  w.enter(2, "Beto", 22, 20);
  w.drain();
  return w;
}

const lines = (w: ReturnType<typeof world>, session: number) => w.inboxes().get(session) ?? [];

describe("inventory at login", () => {
  test("every usable slot is sent with the record's items, the equipped flag and canUse; gold in the stats", () => {
    const w = world();
    w.enter(1, "Ana", 20, 20, {
      with: { gold: 77, inventory: [{ slot: 2, objectId: sword, amount: 1, equipped: true }, { slot: 24, objectId: apple, amount: 9, equipped: false }] },
    });
    const out = w.drain().filter((p) => p.session === 1);
    const slots = out.filter((p) => p.name === "ChangeInventorySlot");
    expect(slots).toHaveLength(24);
    expect(slots[1]!.fields).toMatchObject({ slot: 2, objIndex: sword, amount: 1, equipped: true, canUse: 0 });
    expect(slots[23]!.fields).toMatchObject({ slot: 24, objIndex: apple, amount: 9, equipped: false });
    expect(slots[0]!.fields).toMatchObject({ slot: 1, objIndex: 0, amount: 0 });
    expect(out.find((p) => p.name === "UpdateUserStats")!.fields.gold).toBe(77);
    // The equipped sword is drawn by everyone: the own CharacterCreate carries its animation.
    expect(out.find((p) => p.name === "CharacterCreate")!.fields.weapon).toBe(68);
  });
});

describe("equipping", () => {
  test("a weapon: the slot is marked, viewers redraw the char with the weapon; again takes it off", () => {
    const w = withKit();
    w.server.act(1, "EquipItem", { slot: 2, isSkin: false, counter: 1 });
    const out = w.drain();
    expect(out.filter((p) => p.session === 1).map(summary)).toContain("Slot 2: 2x1 equipped");
    const change = out.find((p) => p.session === 2 && p.name === "CharacterChange")!;
    expect(change.fields).toMatchObject({ charIndex: 1, weapon: 68 });
    w.server.act(1, "EquipItem", { slot: 2, isSkin: false, counter: 2 });
    const again = w.drain();
    expect(again.filter((p) => p.session === 1).map(summary)).toContain("Slot 2: 2x1");
    expect(again.find((p) => p.session === 2 && p.name === "CharacterChange")!.fields.weapon).toBe(NO_ANIMATION);
  });

  test("armour changes the body; the saved record keeps it equipped", () => {
    const w = withKit();
    w.server.act(1, "EquipItem", { slot: 3, isSkin: false, counter: 1 });
    const change = w.drain().find((p) => p.session === 2 && p.name === "CharacterChange")!;
    expect(change.fields.body).toBe(77);
    const state = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    expect(state.inventory.find((slot) => slot.slot === 3)).toEqual({ slot: 3, objectId: armor, amount: 1, equipped: true });
    expect(state.equipment.armor).toBe(armor);
    expect(state.equipment.helmet).toBe(helmet);
    expect(state.body).toBe(77);
  });

  test("an empty slot, slot 0 or 200 and an unusable object change nothing and close nothing", () => {
    const w = withKit();
    for (const slot of [0, 5, 25, 200, 255]) expect(w.server.act(1, "EquipItem", { slot, isSkin: false, counter: slot + 1 })).toBe("handled");
    w.server.act(1, "EquipItem", { slot: 1, isSkin: false, counter: 300 }); // an apple is not equipment
    expect(w.drain()).toEqual([]);
    expect(w.faults).toEqual([]);
  });
});

describe("using items", () => {
  test("food: hunger goes up, one unit is eaten; a second bite inside the click interval is ignored", () => {
    const w = withKit();
    w.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 1, counter: 1 });
    const first = lines(w, 1);
    expect(first).toContain("Slot 1: 1x4");
    expect(first).toContain("HungerAndThirst food=60 water=60");
    w.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 1, counter: 2 });
    expect(w.drain()).toEqual([]);
    w.advance(276);
    w.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 1, counter: 3 });
    expect(lines(w, 1)).toContain("Slot 1: 1x3");
    expect(w.server.snapshot()[0]!.state.vitals.food).toBe(70);
  });

  test("a red potion heals 30 and is used up; the record carries the new vitals", () => {
    const w = withKit();
    w.server.act(1, "UseItemU", { slot: 4, counter: 1 });
    const out = lines(w, 1);
    expect(out).toContain("Slot 4: 38x2");
    expect(out).toContain("UpdateHP 32");
    expect(w.server.snapshot()[0]!.state.vitals.hp).toBe(32);
  });
});

describe("the ground", () => {
  test("drop part of a stack on the own tile: viewers see the pile; pick it up again: the pile is gone", () => {
    const w = withKit();
    w.server.act(1, "Drop", { slot: 1, amount: 2, counter: 1, x: 20, y: 20 });
    const dropped = w.inboxes();
    expect(dropped.get(1)).toEqual(["Slot 1: 1x3", "ObjectCreate 1x2 (20,20)"]);
    expect(dropped.get(2)).toEqual(["ObjectCreate 1x2 (20,20)"]);
    w.server.act(1, "PickUp", { x: 20, y: 20, destSlot: 0 });
    const picked = w.inboxes();
    expect(picked.get(1)).toEqual(["Slot 1: 1x5", "ObjectDelete (20,20)", "ShowPickUpObj 1x2"]);
    expect(picked.get(2)).toEqual(["ObjectDelete (20,20)"]);
    w.server.act(1, "PickUp", { x: 20, y: 20, destSlot: 0 });
    expect(w.inboxes().get(1)).toEqual(["LocaleMsg[3] 261 "]);
  });

  test("drops are paced (400 ms) and need reach; a far tile or a bad amount changes nothing", () => {
    const w = withKit();
    w.server.act(1, "Drop", { slot: 1, amount: 1, counter: 1, x: 25, y: 25 }); // too far: spends the timer
    w.server.act(1, "Drop", { slot: 1, amount: 1, counter: 2, x: 20, y: 20 }); // too soon
    expect(w.drain()).toEqual([]);
    w.advance(400);
    w.server.act(1, "Drop", { slot: 1, amount: -5, counter: 3, x: 20, y: 20 });
    w.advance(400);
    w.server.act(1, "Drop", { slot: 1, amount: 0, counter: 4, x: 20, y: 20 });
    expect(w.drain()).toEqual([]);
    w.advance(400);
    w.server.act(1, "Drop", { slot: 1, amount: 99, counter: 5, x: 21, y: 20 }); // capped to the 5 held
    expect(lines(w, 1)).toEqual(["Slot 1: 0x0", "ObjectCreate 1x5 (21,20)"]);
  });

  test("gold: dropped around the player in piles, picked up with a +n over the tile; the wallet is exact", () => {
    const w = withKit();
    w.server.act(1, "Drop", { slot: 200, amount: 150, counter: 1, x: 20, y: 20 });
    const out = lines(w, 1);
    expect(out).toContain("UpdateGold 350");
    const pile = out.find((line) => line.startsWith("ObjectCreate 12x150"))!;
    const [, x, y] = /\((\d+),(\d+)\)/.exec(pile)!.map(Number);
    expect(x === 20 && y === 20).toBe(false); // never on the player's own tile
    // Walk next to it is not needed: the pile is within reach of (20, 20).
    w.server.act(1, "PickUp", { x, y, destSlot: 0 });
    const picked = lines(w, 1);
    expect(picked).toContain("UpdateGold 500");
    expect(picked).toContain(`TextOverTile +150 (${x},${y})`);
    expect(w.server.snapshot()[0]!.state.gold).toBe(500);
  });
});

describe("moving and deleting", () => {
  test("Moveitem swaps two slots; the same slot twice is refused (Q5)", () => {
    const w = withKit();
    w.server.act(1, "Moveitem", { fromSlot: 1, toSlot: 10 });
    expect(lines(w, 1)).toEqual(["Slot 1: 0x0", "Slot 10: 1x5"]);
    w.server.act(1, "Moveitem", { fromSlot: 10, toSlot: 10 });
    expect(w.drain()).toEqual([]);
    const state = w.server.snapshot()[0]!.state;
    expect(state.inventory.find((slot) => slot.objectId === apple)!.slot).toBe(10);
  });

  test("DeleteItem: on a safe map the slot is emptied and confirmed; an equipped item or an unsafe map is refused", () => {
    const w = withKit({ safe: true });
    w.server.act(1, "DeleteItem", { isSkin: false, slot: 6 });
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 1288 "]);
    w.server.act(1, "DeleteItem", { isSkin: false, slot: 1 });
    expect(lines(w, 1)).toEqual(["Slot 1: 0x0", "LocaleMsg[3] 1287 "]);
    const unsafe = withKit({ safe: false });
    unsafe.server.act(1, "DeleteItem", { isSkin: false, slot: 1 });
    expect(lines(unsafe, 1)).toEqual(["LocaleMsg[3] 1285 "]);
  });
});

describe("conservation", () => {
  test("random drops, pick-ups, moves and uses never create an object or a coin", () => {
    const w = withKit();
    const totals = () => {
      const state = w.server.snapshot().find((entry) => entry.session === 1)!.state;
      const counted = new Map<number, number>([[gold, state.gold]]);
      for (const slot of state.inventory) counted.set(slot.objectId, (counted.get(slot.objectId) ?? 0) + slot.amount);
      for (const object of w.server.instance.groundObjects()) counted.set(object.obj, (counted.get(object.obj) ?? 0) + object.amount);
      return counted;
    };
    const start = totals();
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 400; step++) {
      w.advance(401);
      const x = 19 + next(3);
      const y = 19 + next(3);
      switch (next(4)) {
        case 0:
          w.server.act(1, "Drop", { slot: next(2) === 0 ? 200 : 1 + next(6), amount: 1 + next(120), counter: step + 1, x, y });
          break;
        case 1:
          w.server.act(1, "PickUp", { x, y, destSlot: 0 });
          break;
        case 2:
          w.server.act(1, "Moveitem", { fromSlot: 1 + next(8), toSlot: 1 + next(8) });
          break;
        default:
          w.server.act(1, "EquipItem", { slot: 1 + next(6), isSkin: false, counter: step + 1 });
      }
      const now = totals();
      for (const [object, amount] of now) expect([object, amount]).toEqual([object, Math.min(amount, start.get(object) ?? 0)]);
    }
    expect(w.faults).toEqual([]);
  });
});
