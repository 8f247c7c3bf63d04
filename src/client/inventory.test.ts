/**
 * The browser player's inventory without a browser: the reducer fed with real encoded server
 * packets (slots, unlocks, gold, vitals, ground piles, pick-up feedback), the outbox's exact
 * bytes, and the session's inventory requests — what each sends, decoded with the protocol
 * library, and what each refuses locally (nothing sent, a line in the console).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { decodeClientPacket, decodeServerPacket, type ClientPacket } from "../protocol/index.ts";
import { charFields, loggedInSession, OWN_CHAR, serverBody, START } from "./client-fixtures.test-support.ts";
import { ClientOutbox, type Transport } from "./client-outbox.ts";
import { BASE_INVENTORY_SLOTS, GOLD_SLOT, MAX_GOLD_PER_DROP } from "../game/items/index.ts";
import { MAX_ITEMS_PER_DROP, PICKUP_NOTICES_MAX, TILE_TEXT_MAX_MS, TILE_TEXT_MIN_MS, TILE_TEXTS_MAX } from "./constants.ts";
import { createGameState, ownChar, resetWorld, type GameState } from "./game-state.ts";
import { activationFor, ACTIVATION_BY_OBJ_TYPE, inventoryKeyAction, parseAmount, wholeStack, allGold, type SlotActivation } from "./inventory-rules.ts";
import { inventorySlotsFor, reduceServerPacket } from "./packet-reducer.ts";
import { INVENTORY_TEXT } from "./ui-text.ts";

function apply(state: GameState, body: Uint8Array, nowMs = 0) {
  const decoded = decodeServerPacket(body);
  if (!decoded.ok) throw decoded.error;
  return reduceServerPacket(state, decoded.packet, nowMs);
}

/** A `ChangeInventorySlot` body as the VB6 server writes it. */
function slotPacket(slot: number, objIndex: number, amount: number, equipped = false, canUse = 0): Uint8Array {
  return serverBody("ChangeInventorySlot", { slot, objIndex, amount, equipped, salePrice: 0.6666666865348816, canUse, elementalTags: 0, bindable: false });
}

const APPLE = 1;
const RED_POTION = 38;
const TUNIC = 8;
const DAGGER = 15;
const ARROWS = 480;

/** A logged-in session holding: 1 tunic (equipped), 2 apples × 5, 3 empty, 4 potions × 15000 (hostile), 5 dagger. */
function stocked() {
  const { session, transport } = loggedInSession();
  const feed = (body: Uint8Array) => session.receive(body, 0);
  feed(slotPacket(1, TUNIC, 1, true));
  feed(slotPacket(2, APPLE, 5));
  feed(slotPacket(3, 0, 0));
  feed(slotPacket(4, RED_POTION, 15_000));
  feed(slotPacket(5, DAGGER, 1));
  transport.take();
  return { session, transport, feed };
}

/** The console lines added since `from`. */
function linesSince(state: GameState, from: number): string[] {
  return state.console.slice(from).map((line) => line.text);
}

describe("inventory state from server packets", () => {
  test("the login burst fills the 24 slots; an empty slot is one shape whatever the packet carries", () => {
    const state = createGameState();
    apply(state, slotPacket(1, TUNIC, 1, true));
    apply(state, slotPacket(2, APPLE, 7, false, 6));
    for (let slot = 3; slot <= 24; slot++) apply(state, slotPacket(slot, 0, 0));
    // The VB6 server keeps amounts and tags in emptied slots (Q1): the view does not.
    apply(state, slotPacket(3, 0, 9, true, 2));
    expect(state.inventorySlots).toBe(BASE_INVENTORY_SLOTS);
    expect(state.inventory).toHaveLength(24);
    expect(state.inventory[0]).toEqual({ slot: 1, objIndex: TUNIC, amount: 1, equipped: true, canUse: 0, salePrice: expect.closeTo(0.6667, 4) });
    expect(state.inventory[1]).toMatchObject({ slot: 2, objIndex: APPLE, amount: 7, equipped: false, canUse: 6 });
    expect(state.inventory[2]).toEqual({ slot: 3, objIndex: 0, amount: 0, equipped: false, canUse: 0, salePrice: 0 });
  });

  test.each([
    [0, 24],
    [1, 30],
    [2, 36],
    [3, 42],
    // A hostile row count cannot grow the grid past the 42 slots any server may address.
    [9, 42],
    [255, 42],
  ])("InventoryUnlockSlots(%i) makes %i slots usable", (rows, slots) => {
    const state = createGameState();
    apply(state, serverBody("InventoryUnlockSlots", { unlockedRows: rows }));
    expect(state.inventorySlots).toBe(slots);
    expect(inventorySlotsFor(rows)).toBe(slots);
  });

  test("gold and vitals follow their packets; our own head bar follows UpdateHP", () => {
    const { session, feed } = stocked();
    const state = session.state;
    feed(serverBody("UpdateGold", { gold: 98, goldPerLevelWallet: 1000 }));
    feed(serverBody("UpdateHP", { minHp: 29, shield: 0 }));
    feed(serverBody("UpdateMana", { minMana: 3 }));
    feed(serverBody("UpdateSta", { minSta: 55 }));
    feed(serverBody("UpdateHungerAndThirst", { maxWater: 100, water: 60, maxFood: 100, food: 85 }));
    expect(state.stats).toMatchObject({ gold: 98, hp: 29, maxHp: 30, mana: 3, stamina: 55, maxStamina: 60, food: 85, maxFood: 100, water: 60, maxWater: 100 });
    expect(ownChar(state)!.minHp).toBe(29);
    // A potion's full restore comes as UpdateUserStats (§5.3).
    feed(
      serverBody("UpdateUserStats", { maxHp: 30, minHp: 30, shield: 0, maxMana: 10, minMana: 10, maxSta: 60, minSta: 60, gold: 98, goldPerLevelWallet: 1000, level: 1, expToNextLevel: 300, exp: 12, class: 3 }),
    );
    expect(state.stats).toMatchObject({ hp: 30, mana: 10, maxMana: 10, stamina: 60 });
  });

  test("ground piles: created, grown, partly picked up (a new ObjectCreate), deleted", () => {
    const state = createGameState();
    apply(state, serverBody("ObjectCreate", { x: 46, y: 46, objIndex: APPLE, amount: 3, elementalTags: 0 }));
    apply(state, serverBody("ObjectCreate", { x: 46, y: 46, objIndex: APPLE, amount: 8, elementalTags: 0 }));
    expect([...state.objects.values()]).toEqual([{ x: 46, y: 46, objIndex: APPLE, amount: 8 }]);
    apply(state, serverBody("ObjectCreate", { x: 46, y: 46, objIndex: APPLE, amount: 2, elementalTags: 0 }));
    expect([...state.objects.values()]).toEqual([{ x: 46, y: 46, objIndex: APPLE, amount: 2 }]);
    apply(state, serverBody("ObjectDelete", { x: 46, y: 46 }));
    expect(state.objects.size).toBe(0);
  });

  test("ShowPickUpObj leaves a notice; only the latest few are kept", () => {
    const state = createGameState();
    for (let i = 1; i <= PICKUP_NOTICES_MAX + 2; i++) apply(state, serverBody("ShowPickUpObj", { objIndex: APPLE, amount: i }), i * 100);
    expect(state.pickUps).toHaveLength(PICKUP_NOTICES_MAX);
    expect(state.pickUps.map((p) => p.amount)).toEqual([3, 4, 5, 6]);
    expect(state.pickUps.at(-1)).toEqual({ id: PICKUP_NOTICES_MAX + 2, objIndex: APPLE, amount: 6, atMs: 600 });
  });

  test("TextOverTile ('+50' gold): duration clamped, text cut, expired ones dropped, gone with the map", () => {
    const state = createGameState();
    const text = { x: 46, y: 46, color: 0x37afd4, duration: 1_500, offsetY: 0, animated: true };
    apply(state, serverBody("TextOverTile", { ...text, text: "+50" }), 1_000);
    expect(state.tileTexts).toEqual([{ text: "+50", x: 46, y: 46, color: 0x37afd4, offsetY: 0, animated: true, startMs: 1_000, untilMs: 2_500 }]);
    apply(state, serverBody("TextOverTile", { ...text, text: "x".repeat(200), duration: 32_000, offsetY: -30_000 }), 1_100);
    apply(state, serverBody("TextOverTile", { ...text, text: "+1", duration: -5 }), 1_200);
    expect(state.tileTexts[1]).toMatchObject({ untilMs: 1_100 + TILE_TEXT_MAX_MS, offsetY: -64 });
    expect(state.tileTexts[1]!.text.length).toBeLessThanOrEqual(40);
    expect(state.tileTexts[2]!.untilMs).toBe(1_200 + TILE_TEXT_MIN_MS);
    apply(state, serverBody("TextOverTile", { ...text, text: "" }), 1_300);
    expect(state.tileTexts).toHaveLength(3);
    // Long after: the expired ones make room.
    apply(state, serverBody("TextOverTile", { ...text, text: "+2" }), 20_000);
    expect(state.tileTexts.map((t) => t.text)).toEqual(["+2"]);
    for (let i = 0; i < TILE_TEXTS_MAX + 10; i++) apply(state, serverBody("TextOverTile", { ...text, text: `+${i}` }), 20_000);
    expect(state.tileTexts).toHaveLength(TILE_TEXTS_MAX);
    apply(state, serverBody("ChangeMap", { map: 2, resourceMap: 2 }));
    expect(state.tileTexts).toEqual([]);
  });

  test("a new login starts with an empty 24-slot inventory and no notices", () => {
    const state = createGameState();
    apply(state, serverBody("InventoryUnlockSlots", { unlockedRows: 3 }));
    apply(state, slotPacket(40, APPLE, 1));
    apply(state, serverBody("ShowPickUpObj", { objIndex: APPLE, amount: 1 }));
    resetWorld(state);
    expect(state.inventorySlots).toBe(24);
    expect(state.inventory.filter(Boolean)).toEqual([]);
    expect(state.pickUps).toEqual([]);
  });
});

describe("outbox: inventory packets, byte for byte", () => {
  class Bytes implements Transport {
    readonly bodies: Uint8Array[] = [];
    send(body: Uint8Array): void {
      this.bodies.push(body);
    }
    close(): void {}
  }
  const hex = (body: Uint8Array | undefined) => Buffer.from(body ?? []).toString("hex");

  test("each packet's layout and its own sequence counter (pre-incremented, reset on login)", () => {
    const transport = new Bytes();
    const outbox = new ClientOutbox(transport);
    outbox.useItem(3);
    outbox.useItem(3);
    outbox.useItemU(4);
    outbox.equipItem(5);
    outbox.drop(2, 1, 46, 47);
    outbox.drop(GOLD_SLOT, 100_000, 46, 47);
    outbox.pickUp(46, 47);
    outbox.moveItem(1, 24);
    outbox.deleteItem(6);
    outbox.resetCounters();
    outbox.useItem(3);
    expect(transport.bodies.map(hex)).toEqual([
      // UseItem 99: slot, fromInventoryTab (non-zero: the inventory tab), counter i32.
      "6300" + "03" + "01" + "01000000",
      "6300" + "03" + "01" + "02000000",
      // UseItemU 288: slot, counter.
      "2001" + "04" + "01000000",
      // EquipItem 5: slot, isSkin false (no skin type follows), counter.
      "0500" + "05" + "00" + "01000000",
      // Drop 93: slot, amount i32, counter i32, x, y (the counter sits between amount and tile).
      "5d00" + "02" + "01000000" + "01000000" + "2e" + "2f",
      "5d00" + "c8" + "a0860100" + "02000000" + "2e" + "2f",
      // PickUp 81: x, y, destSlot 0.
      "5100" + "2e" + "2f" + "00",
      // Moveitem 225: from, to.
      "e100" + "01" + "18",
      // DeleteItem 285: isSkin false, slot.
      "1d01" + "00" + "06",
      "6300" + "03" + "01" + "01000000",
    ]);
    for (const body of transport.bodies) expect(decodeClientPacket(body).ok).toBe(true);
  });
});

describe("session: inventory requests", () => {
  const me = START;

  test("use, U key, equip, pick up, move, delete: what goes on the wire", () => {
    const { session, transport } = stocked();
    expect(session.useItem(2, 0)).toBe(true);
    expect(session.useItemWithKey(2, 0)).toBe(true);
    expect(session.equipItem(1, 0)).toBe(true);
    expect(session.pickUp(0)).toBe(true);
    expect(session.moveItem(2, 3, 0)).toBe(true);
    expect(session.deleteItem(5, 0)).toBe(true);
    expect(session.useItem(2, 0)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 99, name: "UseItem", fields: { slot: 2, fromInventoryTab: 1, counter: 1 } },
      { id: 288, name: "UseItemU", fields: { slot: 2, counter: 1 } },
      { id: 5, name: "EquipItem", fields: { slot: 1, isSkin: false, counter: 1 } },
      { id: 81, name: "PickUp", fields: { x: me.x, y: me.y, destSlot: 0 } },
      { id: 225, name: "Moveitem", fields: { fromSlot: 2, toSlot: 3 } },
      { id: 285, name: "DeleteItem", fields: { isSkin: false, slot: 5 } },
      { id: 99, name: "UseItem", fields: { slot: 2, fromInventoryTab: 1, counter: 2 } },
    ]);
  });

  test("drops go to our own tile, the counter counting items and gold alike", () => {
    const { session, transport, feed } = stocked();
    expect(session.dropItem(2, 3, 0)).toBe(true);
    expect(session.dropItem(2, 5, 0)).toBe(true);
    expect(session.dropGold(40, 0)).toBe(true);
    expect(session.dropItem(4, MAX_ITEMS_PER_DROP, 0)).toBe(true);
    feed(serverBody("CharacterMove", { charIndex: OWN_CHAR, x: 47, y: 46 }));
    expect(session.dropItem(5, 1, 0)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 93, name: "Drop", fields: { slot: 2, amount: 3, counter: 1, x: me.x, y: me.y } },
      { id: 93, name: "Drop", fields: { slot: 2, amount: 5, counter: 2, x: me.x, y: me.y } },
      { id: 93, name: "Drop", fields: { slot: GOLD_SLOT, amount: 40, counter: 3, x: me.x, y: me.y } },
      { id: 93, name: "Drop", fields: { slot: 4, amount: MAX_ITEMS_PER_DROP, counter: 4, x: me.x, y: me.y } },
      { id: 93, name: "Drop", fields: { slot: 5, amount: 1, counter: 5, x: 47, y: 46 } },
    ]);
  });

  // [what, request, refusal]: nothing is sent and the console says why.
  const refusals: [string, (s: ReturnType<typeof stocked>["session"]) => boolean, keyof typeof INVENTORY_TEXT.refusals][] = [
    ["use slot 0", (s) => s.useItem(0, 0), "bad_slot"],
    ["use slot 25 of 24", (s) => s.useItem(25, 0), "bad_slot"],
    ["use slot 200", (s) => s.useItemWithKey(200, 0), "bad_slot"],
    ["use slot 1.5", (s) => s.useItem(1.5, 0), "bad_slot"],
    ["use an empty slot", (s) => s.useItem(3, 0), "empty_slot"],
    ["equip a never-announced slot", (s) => s.equipItem(20, 0), "empty_slot"],
    ["drop 0", (s) => s.dropItem(2, 0, 0), "bad_amount"],
    ["drop -1", (s) => s.dropItem(2, -1, 0), "bad_amount"],
    ["drop 1.5", (s) => s.dropItem(2, 1.5, 0), "bad_amount"],
    ["drop NaN", (s) => s.dropItem(2, Number.NaN, 0), "bad_amount"],
    ["drop more than held", (s) => s.dropItem(2, 6, 0), "more_than_held"],
    ["drop more than one packet carries", (s) => s.dropItem(4, MAX_ITEMS_PER_DROP + 1, 0), "too_many_items"],
    ["drop from an empty slot", (s) => s.dropItem(3, 1, 0), "empty_slot"],
    ["drop from slot 43", (s) => s.dropItem(43, 1, 0), "bad_slot"],
    ["drop 0 gold", (s) => s.dropGold(0, 0), "bad_amount"],
    ["drop more gold than held", (s) => s.dropGold(101, 0), "not_enough_gold"],
    ["drop more gold than one packet carries", (s) => s.dropGold(MAX_GOLD_PER_DROP + 1, 0), "too_much_gold"],
    ["move onto itself", (s) => s.moveItem(2, 2, 0), "same_slot"],
    ["move an empty slot", (s) => s.moveItem(3, 2, 0), "empty_slot"],
    ["move beyond the usable slots", (s) => s.moveItem(2, 25, 0), "bad_slot"],
    ["delete an equipped item", (s) => s.deleteItem(1, 0), "equipped"],
    ["delete an empty slot", (s) => s.deleteItem(3, 0), "empty_slot"],
  ];
  test.each(refusals)("refused locally: %s", (_what, request, reason) => {
    const { session, transport } = stocked();
    const before = session.state.console.length;
    expect(request(session)).toBe(false);
    expect(transport.take()).toEqual([]);
    expect(linesSince(session.state, before)).toEqual([INVENTORY_TEXT.refusals[reason]]);
  });

  test("a refused request does not use up a counter", () => {
    const { session, transport } = stocked();
    session.dropItem(2, 0, 0);
    session.useItem(3, 0);
    session.dropItem(2, 1, 0);
    session.useItem(2, 0);
    expect(transport.take().map((p) => [p.name, (p.fields as { counter: number }).counter])).toEqual([
      ["Drop", 1],
      ["UseItem", 1],
    ]);
  });

  test("patron rows make slots 25…42 usable once unlocked", () => {
    const { session, transport, feed } = stocked();
    feed(slotPacket(30, APPLE, 2));
    expect(session.useItem(30, 0)).toBe(false);
    feed(serverBody("InventoryUnlockSlots", { unlockedRows: 1 }));
    expect(session.useItem(30, 0)).toBe(true);
    expect(session.moveItem(30, 31, 0)).toBe(false);
    feed(serverBody("InventoryUnlockSlots", { unlockedRows: 2 }));
    expect(session.moveItem(30, 31, 0)).toBe(true);
    expect(transport.take().map((p) => p.name)).toEqual(["UseItem", "Moveitem"]);
  });

  test("outside the world nothing is sent and nothing is said", () => {
    const { session, transport, feed } = stocked();
    feed(serverBody("Disconnect", { fullLogout: false }));
    session.state.phase = "account";
    const before = session.state.console.length;
    expect([session.useItem(2, 0), session.equipItem(1, 0), session.dropItem(2, 1, 0), session.dropGold(1, 0), session.pickUp(0), session.moveItem(2, 4, 0), session.deleteItem(5, 0)]).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(transport.take()).toEqual([]);
    expect(session.state.console.length).toBe(before);
  });

  test("every counter starts again at 1 after Logged (the server resets its copies then)", () => {
    const { session, transport, feed } = stocked();
    session.useItem(2, 0);
    session.useItemWithKey(2, 0);
    session.equipItem(1, 0);
    session.dropItem(2, 1, 0);
    feed(serverBody("Logged", { newUser: false }));
    session.useItem(2, 0);
    session.useItemWithKey(2, 0);
    session.equipItem(1, 0);
    session.dropItem(2, 1, 0);
    const counters = transport.take().map((p) => (p.fields as { counter: number }).counter);
    expect(counters).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  test("no sequence of requests, however wild, puts an out-of-range slot or amount on the wire", () => {
    const request = fc.record({
      kind: fc.constantFrom("use", "key", "equip", "drop", "gold", "move", "delete"),
      slot: fc.oneof(fc.integer({ min: -5, max: 260 }), fc.double({ noNaN: false })),
      other: fc.oneof(fc.integer({ min: -100_000, max: 300_000 }), fc.double({ noNaN: false })),
    });
    fc.assert(
      fc.property(fc.array(request, { maxLength: 25 }), (requests) => {
        const { session, transport } = stocked();
        for (const r of requests) {
          if (r.kind === "use") session.useItem(r.slot, 0);
          else if (r.kind === "key") session.useItemWithKey(r.slot, 0);
          else if (r.kind === "equip") session.equipItem(r.slot, 0);
          else if (r.kind === "drop") session.dropItem(r.slot, r.other, 0);
          else if (r.kind === "gold") session.dropGold(r.other, 0);
          else if (r.kind === "move") session.moveItem(r.slot, r.other, 0);
          else session.deleteItem(r.slot, 0);
        }
        const held = session.state.inventory;
        for (const packet of transport.take() as ClientPacket[]) {
          const f = packet.fields as Record<string, number>;
          if (packet.name === "Drop" && f.slot === GOLD_SLOT) {
            expect(f.amount).toBeGreaterThanOrEqual(1);
            expect(f.amount).toBeLessThanOrEqual(Math.min(session.state.stats.gold, MAX_GOLD_PER_DROP));
            continue;
          }
          const slot = packet.name === "Moveitem" ? f.fromSlot! : f.slot!;
          expect(slot).toBeGreaterThanOrEqual(1);
          expect(slot).toBeLessThanOrEqual(24);
          expect(held[slot - 1]?.objIndex ?? 0).toBeGreaterThan(0);
          if (packet.name === "Moveitem") expect(f.toSlot !== slot && f.toSlot! >= 1 && f.toSlot! <= 24).toBe(true);
          if (packet.name === "Drop") expect(f.amount! >= 1 && f.amount! <= Math.min(held[slot - 1]!.amount, MAX_ITEMS_PER_DROP)).toBe(true);
          if (packet.name === "DeleteItem") expect(held[slot - 1]!.equipped).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("double click: use or equip, as the stock client's UserOrEquipItem", () => {
  const slot = (equipped: boolean) => ({ slot: 1, objIndex: 1, amount: 1, equipped, canUse: 0, salePrice: 0 });
  test.each<[string, number | undefined, SlotActivation, SlotActivation]>([
    ["food", 1, "use", "use"],
    ["potion", 11, "use", "use"],
    ["drink", 13, "use", "use"],
    ["gold coins", 5, "use", "use"],
    ["weapon", 2, "equip", "use"],
    ["armour", 3, "equip", "use"],
    ["shield", 16, "equip", "use"],
    ["helmet", 17, "equip", "use"],
    ["tool", 18, "equip", "use"],
    ["amulet", 21, "equip", "use"],
    ["mineral", 23, "use", "use"],
    ["instrument", 30, "equip", "use"],
    ["arrows", 32, "equip", "use"],
    ["ring", 35, "equip", "use"],
    ["donator aura", 50, "equip", "none"],
    ["collectible card", 57, "none", "none"],
    ["unknown type (no world info)", undefined, "use", "use"],
  ])("%s (type %p): %s, equipped %s", (_name, objType, unequipped, equipped) => {
    expect(activationFor(slot(false), objType)).toBe(unequipped);
    expect(activationFor(slot(true), objType)).toBe(equipped);
  });

  test("the session sends what the table says", () => {
    const { session, transport } = stocked();
    expect(session.activateSlot(2, 1, 0)).toBe("use");
    expect(session.activateSlot(1, 3, 0)).toBe("use");
    expect(session.activateSlot(5, 2, 0)).toBe("equip");
    expect(session.activateSlot(5, 57, 0)).toBe("none");
    expect(session.activateSlot(3, 1, 0)).toBe("none");
    expect(transport.take()).toEqual([
      { id: 99, name: "UseItem", fields: { slot: 2, fromInventoryTab: 1, counter: 1 } },
      { id: 99, name: "UseItem", fields: { slot: 1, fromInventoryTab: 1, counter: 2 } },
      { id: 5, name: "EquipItem", fields: { slot: 5, isSkin: false, counter: 1 } },
    ]);
  });

  test("every listed type answers both ways", () => {
    for (const rule of Object.values(ACTIVATION_BY_OBJ_TYPE)) {
      expect(["use", "equip", "none"]).toContain(rule.unequipped);
      expect(["use", "equip", "none"]).toContain(rule.equipped);
    }
  });
});

describe("keys and amounts", () => {
  test.each<[string, boolean, ReturnType<typeof inventoryKeyAction>]>([
    ["KeyU", false, "use"],
    ["KeyE", false, "equip"],
    ["KeyT", false, "drop"],
    ["KeyT", true, "drop-all"],
    ["KeyA", false, "pick-up"],
    ["KeyA", true, "pick-up"],
    ["ArrowLeft", false, null],
    ["KeyW", false, null],
    ["Enter", false, null],
  ])("%s (shift %p) → %p", (code, shift, action) => {
    expect(inventoryKeyAction(code, shift)).toBe(action);
  });

  test.each<[string, number]>([
    ["1", 1],
    [" 25 ", 25],
    ["0", 0],
    ["10000", 10_000],
    ["0010", 10],
    ["", Number.NaN],
    ["-1", Number.NaN],
    ["+3", Number.NaN],
    ["1.5", Number.NaN],
    ["1e3", Number.NaN],
    ["0x10", Number.NaN],
    ["3 4", Number.NaN],
    ["١٢", Number.NaN],
    ["12345678901", Number.NaN],
  ])("typed amount %p reads as %p", (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });

  test("'all of it' is the stack, or the gold, within one packet's limit", () => {
    expect(wholeStack({ slot: 1, objIndex: 1, amount: 7, equipped: false, canUse: 0, salePrice: 0 })).toBe(7);
    expect(wholeStack({ slot: 1, objIndex: 1, amount: 15_000, equipped: false, canUse: 0, salePrice: 0 })).toBe(MAX_ITEMS_PER_DROP);
    expect(allGold(250)).toBe(250);
    expect(allGold(5_000_000)).toBe(MAX_GOLD_PER_DROP);
    expect(allGold(-3)).toBe(0);
  });
});

describe("a round trip with the server's answers", () => {
  test("eat an apple, drop one, pick it up again: the slot and the ground follow the server", () => {
    const { session, transport, feed } = stocked();
    const state = session.state;
    // Double click on the apples: UseItem; the server answers with food and the slot.
    session.activateSlot(2, 1, 0);
    feed(serverBody("UpdateHungerAndThirst", { maxWater: 100, water: 100, maxFood: 100, food: 100 }));
    feed(slotPacket(2, APPLE, 4));
    expect(state.inventory[1]!.amount).toBe(4);
    // T with amount 1: Drop; the server takes it from the slot and makes a pile on our tile.
    session.dropItem(2, 1, 0);
    feed(slotPacket(2, APPLE, 3));
    feed(serverBody("ObjectCreate", { x: me().x, y: me().y, objIndex: APPLE, amount: 1, elementalTags: 0 }));
    expect([...state.objects.values()]).toEqual([{ x: START.x, y: START.y, objIndex: APPLE, amount: 1 }]);
    // A: PickUp; the pile goes back into the stack.
    session.pickUp(0);
    feed(slotPacket(2, APPLE, 4));
    feed(serverBody("ObjectDelete", { x: START.x, y: START.y }));
    feed(serverBody("ShowPickUpObj", { objIndex: APPLE, amount: 1 }));
    expect(state.inventory[1]!.amount).toBe(4);
    expect(state.objects.size).toBe(0);
    expect(state.pickUps.at(-1)).toMatchObject({ objIndex: APPLE, amount: 1 });
    expect(transport.take().map((p) => p.name)).toEqual(["UseItem", "Drop", "PickUp"]);

    function me() {
      return ownChar(state)!;
    }
  });

  test("a pick-up of gold: UpdateGold and the '+N' over the tile", () => {
    const { session, feed } = stocked();
    feed(serverBody("ObjectCreate", { x: START.x, y: START.y, objIndex: 12, amount: 50, elementalTags: 0 }));
    feed(serverBody("CharacterCreate", charFields({ charIndex: 99, x: 50, y: 50 })));
    session.pickUp(0);
    feed(serverBody("ObjectDelete", { x: START.x, y: START.y }));
    feed(serverBody("UpdateGold", { gold: 150, goldPerLevelWallet: 1000 }));
    session.receive(serverBody("TextOverTile", { text: "+50", x: START.x, y: START.y, color: 0x37afd4, duration: 1_000, offsetY: 0, animated: true }), 10);
    expect(session.state.stats.gold).toBe(150);
    expect(session.state.tileTexts.map((t) => t.text)).toEqual(["+50"]);
  });
});
