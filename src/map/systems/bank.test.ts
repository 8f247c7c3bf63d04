/**
 * The bank vault on a map (items-and-economy §8), driven with real packet bodies: opening at a
 * banker (the vault loaded through `bank_load` / `bankLoaded`), deposits, withdrawals, gold,
 * rearranging, closing, hostile input, and conservation over inventory + vault + gold.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import type { BankSlot, CharacterRecord } from "../../game/character/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { TEST_ITEMS as O, world } from "../map-harness.test-support.ts";

const BANKER = 7;
const GUARD = 3;

function bankTables(): GameTables {
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: 7,
      npcs: [
        { id: BANKER, name: "Banquero", description: "Guardo tus cosas.", npcType: 4 },
        { id: GUARD, name: "Guardia", description: "Vigilo la villa." },
      ],
    },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const spawn = (npc: number, name: string, x: number, y: number): NpcDefinition => ({ npc, name, x, y, body: 10, head: 0, heading: 3 });
const BANKER_CHAR = 1;

function bankWorld() {
  return world({ npcs: [spawn(BANKER, "Banquero", 20, 20), spawn(GUARD, "Guardia", 30, 20)], tables: bankTables() });
}
type World = ReturnType<typeof bankWorld>;

const KIT: Partial<CharacterRecord> = {
  gold: 1000,
  inventory: [
    { slot: 1, objectId: O.redPotion, amount: 50, equipped: false },
    { slot: 2, objectId: O.sword, amount: 1, equipped: false },
  ],
};

let clicks = 0;
const lines = (w: World, session = 1) => w.inboxes().get(session) ?? [];
const click = (w: World, x: number, y: number, session = 1) => w.server.act(session, "LeftClick", { x, y, counter: ++clicks });
const state = (w: World, session = 1) => w.server.snapshot().find((entry) => entry.session === session)!.state;
const deposit = (w: World, slot: number, amount: number, destSlot = 0) => w.server.act(1, "BankDeposit", { slot, amount, destSlot });
const withdraw = (w: World, slot: number, amount: number, destSlot = 0) => w.server.act(1, "BankExtractItem", { slot, amount, destSlot });

/** Ana 2 tiles south of the banker, banker targeted, `BankStart` sent and the stored vault answered. */
function opened(stored: BankSlot[] = [], record: Partial<CharacterRecord> = KIT): World {
  const w = bankWorld();
  w.enter(1, "Ana", 20, 22, { with: record });
  click(w, 20, 20);
  w.drain();
  w.server.act(1, "BankStart", {});
  expect(w.events.at(-1)).toMatchObject({ t: "bank_load", session: 1 });
  w.server.instance.bankLoaded(1, stored);
  w.drain();
  return w;
}

/** Every unit of each object and the gold, wherever it is: inventory, vault, wallet, bank gold. */
function holdings(record: CharacterRecord): Record<string, number> {
  const total: Record<string, number> = { gold: record.gold + record.bankGold };
  for (const slot of [...record.inventory, ...(record.bank ?? [])]) total[slot.objectId] = (total[slot.objectId] ?? 0) + slot.amount;
  return total;
}

describe("opening the vault", () => {
  test("BankStart at a targeted banker asks the gateway for the vault once; its answer opens 42 slots and BankInit", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: KIT });
    click(w, 20, 20);
    w.drain();
    w.server.act(1, "BankStart", {});
    w.server.act(1, "BankStart", {}); // while loading: ignored, asked once
    expect(w.events.filter((event) => event.t === "bank_load")).toEqual([{ t: "bank_load", session: 1, character: state(w).id }]);
    expect(lines(w)).toEqual([]);
    deposit(w, 1, 5); // while loading: ignored
    expect(lines(w)).toEqual([]);
    w.server.instance.bankLoaded(1, [{ slot: 3, objectId: O.apple, amount: 7 }]);
    const out = lines(w);
    expect(out).toHaveLength(43);
    expect(out[2]).toBe(`BankSlot 3: ${O.apple}x7`);
    expect(out[0]).toBe("BankSlot 1: 0x0");
    expect(out[42]).toBe("BankInit");
    expect(state(w).bank).toEqual([{ slot: 3, objectId: O.apple, amount: 7 }]);
    // closing: the wave to the area, BankEnd; opening again needs no database
    w.server.act(1, "BankEnd", {});
    expect(lines(w)).toEqual(["PlayWave 171", "BankEnd"]);
    w.server.act(1, "BankStart", {});
    expect(lines(w).at(-1)).toBe("BankInit");
    expect(w.events.filter((event) => event.t === "bank_load")).toHaveLength(1);
  });

  test("without a banker targeted: nothing; a non-banker: nothing; too far: 'too far'", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 28, { with: KIT });
    w.drain();
    w.server.act(1, "BankStart", {});
    expect(lines(w)).toEqual([]);
    click(w, 30, 20);
    w.drain();
    w.server.act(1, "BankStart", {});
    expect(lines(w)).toEqual([]);
    click(w, 20, 20); // 8 tiles
    w.drain();
    w.server.act(1, "BankStart", {});
    expect(lines(w)).toEqual(["LocaleMsg[3] 8 "]);
    expect(w.events.some((event) => event.t === "bank_load")).toBe(false);
  });

  test("an answer for a player who left is dropped; a second answer never replaces the vault in memory", () => {
    const w = opened([{ slot: 1, objectId: O.apple, amount: 2 }]);
    deposit(w, 1, 10);
    w.drain();
    w.server.instance.bankLoaded(1, [{ slot: 1, objectId: O.apple, amount: 2 }]); // stale duplicate
    expect(state(w).bank).toEqual([
      { slot: 1, objectId: O.apple, amount: 2 },
      { slot: 2, objectId: O.redPotion, amount: 10 },
    ]);
    w.server.instance.bankLoaded(99, []); // nobody
    expect(w.faults).toEqual([]);
  });

  test("the vault travels in the record: a record with `bank` opens without asking the database", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: { ...KIT, bank: [{ slot: 5, objectId: O.sword, amount: 1 }] } });
    click(w, 20, 20);
    w.drain();
    w.server.act(1, "BankStart", {});
    const out = lines(w);
    expect(out[4]).toBe(`BankSlot 5: ${O.sword}x1`);
    expect(out.at(-1)).toBe("BankInit");
    expect(w.events.some((event) => event.t === "bank_load")).toBe(false);
  });

  test("a record without a loaded vault leaves the map without `bank` (the stored vault stays untouched)", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: KIT });
    expect("bank" in state(w)).toBe(false);
  });
});

describe("items", () => {
  test("deposit: clamped to the slot, first to a stack with room, then the first empty slot; withdraw back", () => {
    const w = opened([{ slot: 1, objectId: O.redPotion, amount: 10 }]);
    deposit(w, 1, 20);
    expect(lines(w)).toEqual([`Slot 1: ${O.redPotion}x30`, `BankSlot 1: ${O.redPotion}x30`]);
    deposit(w, 2, 5, 7); // a sword to slot 7; 5 clamped to 1
    expect(lines(w)).toEqual(["Slot 2: 0x0", `BankSlot 7: ${O.sword}x1`]);
    withdraw(w, 1, 100, 0); // all 30 potions onto the inventory stack (30 + 30)
    expect(lines(w)).toEqual([`Slot 1: ${O.redPotion}x60`, "BankSlot 1: 0x0"]);
    withdraw(w, 7, 1, 5);
    expect(lines(w)).toEqual([`Slot 5: ${O.sword}x1`, "BankSlot 7: 0x0"]);
    expect(state(w).bank).toEqual([]);
  });

  test("a full vault: 'no more room in the bank', nothing moves", () => {
    const full = Array.from({ length: 42 }, (_, i) => ({ slot: i + 1, objectId: O.apple, amount: 10_000 }));
    const w = opened(full);
    deposit(w, 2, 1);
    expect(lines(w)).toEqual(["ConsoleMsg[3] No tienes más espacio en el banco."]);
    expect(state(w).inventory).toEqual(KIT.inventory!);
  });

  test("hostile input: bad slots, zero or negative amounts, empty slots, far away: nothing changes", () => {
    const w = opened([{ slot: 1, objectId: O.apple, amount: 3 }]);
    const before = state(w);
    for (const [slot, amount, dest] of [
      [0, 1, 0],
      [43, 1, 0],
      [255, 1, 0],
      [1, 0, 0],
      [1, -5, 0],
      [10, 1, 0],
    ] as const) {
      deposit(w, slot, amount, dest);
      withdraw(w, slot, amount, dest);
    }
    withdraw(w, 1, 1, 200); // past the usable slots: ignored
    w.server.act(1, "BovedaMoveItem", { fromSlot: 0, toSlot: 43 });
    w.server.act(1, "BankDepositGold", { amount: -1 });
    w.server.act(1, "BankExtractGold", { amount: 0 });
    const after = state(w);
    expect({ ...after, updatedAt: 0 }).toEqual({ ...before, updatedAt: 0 });
    expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1419`, `LocaleChatOverHead ${BANKER_CHAR} 1395`]);
    expect(w.faults).toEqual([]);
    // walking away is refused while the vault is open; after closing, a far banker refuses
    w.server.act(1, "BankEnd", {});
    w.drain();
    w.advance(1000);
    for (let i = 0; i < 10; i++) {
      w.advance(300);
      w.server.walk(1, 3);
    }
    w.drain();
    expect(w.server.positionOf(1)!.y).toBeGreaterThan(30);
    deposit(w, 1, 1);
    withdraw(w, 1, 1);
    w.server.act(1, "BankDepositGold", { amount: 1 });
    expect(lines(w)).toEqual(["LocaleMsg[3] 8 ", "LocaleMsg[3] 8 ", "LocaleMsg[3] 8 "]);
    expect(holdings(state(w))).toEqual(holdings(before));
  });

  test("BovedaMoveItem swaps two vault slots and re-sends both", () => {
    const w = opened([{ slot: 1, objectId: O.apple, amount: 3 }]);
    w.server.act(1, "BovedaMoveItem", { fromSlot: 1, toSlot: 9 });
    expect(lines(w)).toEqual(["BankSlot 1: 0x0", `BankSlot 9: ${O.apple}x3`]);
    expect(state(w).bank).toEqual([{ slot: 9, objectId: O.apple, amount: 3 }]);
  });
});

describe("gold", () => {
  test("deposit and withdraw: the balance bubble, UpdateGold, UpdateBankGld; more than held: 1419 / 1395", () => {
    const w = opened();
    w.server.act(1, "BankDepositGold", { amount: 400 });
    expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1418`, "UpdateGold 600", "UpdateBankGld 400"]);
    w.server.act(1, "BankDepositGold", { amount: 601 });
    expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1419`]);
    w.server.act(1, "BankExtractGold", { amount: 401 });
    expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1395`]);
    w.server.act(1, "BankExtractGold", { amount: 100 });
    expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1418`, "UpdateGold 700", "UpdateBankGld 300"]);
    expect(state(w)).toMatchObject({ gold: 700, bankGold: 300 });
  });

  test("overflowing the vault or the wallet is refused silently", () => {
    const w = opened([], { ...KIT, gold: 10, bankGold: 2_147_483_640 });
    w.server.act(1, "BankDepositGold", { amount: 10 });
    expect(lines(w)).toEqual([]);
    const v = opened([], { ...KIT, gold: 2_147_483_640, bankGold: 10 });
    v.server.act(1, "BankExtractGold", { amount: 10 });
    expect(lines(v)).toEqual([]);
    expect(state(v)).toMatchObject({ gold: 2_147_483_640, bankGold: 10 });
  });
});

describe("conservation", () => {
  test("a long random sequence of bank packets never creates or destroys an item or a coin", () => {
    const w = opened([{ slot: 4, objectId: O.apple, amount: 9_999 }], { ...KIT, bankGold: 50 });
    const before = holdings(state(w));
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const amounts = [-3, 0, 1, 2, 5, 50, 9_999, 32_767];
    for (let i = 0; i < 2000; i++) {
      const amount = amounts[next(amounts.length)]!;
      switch (next(5)) {
        case 0:
          deposit(w, next(45), amount, next(45));
          break;
        case 1:
          withdraw(w, next(45), amount, next(45));
          break;
        case 2:
          w.server.act(1, "BovedaMoveItem", { fromSlot: next(45), toSlot: next(45) });
          break;
        case 3:
          w.server.act(1, "BankDepositGold", { amount: amount * 10 });
          break;
        default:
          w.server.act(1, "BankExtractGold", { amount: amount * 10 });
      }
      if (i % 100 === 0) w.drain();
    }
    expect(w.faults).toEqual([]);
    expect(holdings(state(w))).toEqual(before);
  });
});
