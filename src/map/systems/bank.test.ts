/**
 * The bank vault on a map (items-and-economy §8), driven with real packet bodies: the Goliath
 * menu of a click on a banker, opening at a banker (the vault loaded through the bank service:
 * `load` / `loaded`), deposits, withdrawals, gold, transfers of bank gold, rearranging, closing,
 * hostile input, and conservation over inventory + vault + gold.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import type { BankSlot, CharacterRecord } from "../../game/character/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import type { MapEvent } from "../map-events.ts";
import type { BankAnswer, BankTransferAnswer, LoadedVault } from "../service-protocol.ts";
import { createMapPackets } from "../protocol-packets.ts";
import { TEST_ITEMS as O, summary, world } from "../map-harness.test-support.ts";

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

const KIT_VITALS = { hp: 30, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 };

let clicks = 0;
const lines = (w: World, session = 1) => w.inboxes().get(session) ?? [];
const click = (w: World, x: number, y: number, session = 1) => w.server.act(session, "LeftClick", { x, y, counter: ++clicks });
const state = (w: World, session = 1) => w.server.snapshot().find((entry) => entry.session === session)!.state;
const deposit = (w: World, slot: number, amount: number, destSlot = 0) => w.server.act(1, "BankDeposit", { slot, amount, destSlot });
const withdraw = (w: World, slot: number, amount: number, destSlot = 0) => w.server.act(1, "BankExtractItem", { slot, amount, destSlot });
/** The map asked the bank service for a vault / sent gold off the map (`service` events). */
const isLoad = (event: MapEvent) => event.t === "service" && event.service === "bank" && event.message.kind === "load";
const isTransfer = (event: MapEvent) => event.t === "service" && event.service === "bank" && event.message.kind === "transfer";
/** The bank service tells the map something about `session` (a `system` message, as the worker hands it on). */
const fromBank = (w: World, session: number, message: BankAnswer, delta?: number) =>
  w.server.instance.fromWorld({ t: "system", service: "bank", session, message, ...(delta !== undefined ? { delta } : {}) });
const vaultLoaded = (w: World, session: number, vault: LoadedVault) => fromBank(w, session, { kind: "loaded", vault });
const transferAnswered = (w: World, session: number, banker: number, answer: BankTransferAnswer) => fromBank(w, session, { kind: "transfer_answer", banker, answer });
/** A credit from the world: a delta with id `delta`. */
const credited = (w: World, session: number, delta: number, amount: number) => fromBank(w, session, { kind: "credit", amount }, delta);

/** Ana 2 tiles south of the banker, banker targeted, `BankStart` sent and the stored vault answered. */
function opened(stored: BankSlot[] = [], record: Partial<CharacterRecord> = KIT): World {
  const w = bankWorld();
  w.enter(1, "Ana", 20, 22, { with: record });
  click(w, 20, 20);
  w.drain();
  w.server.act(1, "BankStart", {});
  expect(w.events.at(-1)).toMatchObject({ t: "service", service: "bank", session: 1, message: { kind: "load" } });
  vaultLoaded(w, 1, stored);
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
    w.enter(1, "Ana", 20, 25, { with: KIT });
    click(w, 20, 20); // 5 tiles: targeted, but too far for the Goliath menu (and no load)
    expect(lines(w).at(-1)).toBe("LocaleMsg[3] 8 ");
    expect(w.events.some(isLoad)).toBe(false);
    w.server.act(1, "BankStart", {});
    w.server.act(1, "BankStart", {}); // while loading: ignored, asked once
    expect(w.events.filter(isLoad)).toEqual([{ t: "service", service: "bank", session: 1, map: 1, message: { kind: "load", character: state(w).id } }]);
    expect(lines(w)).toEqual([]);
    deposit(w, 1, 5); // while loading: ignored
    expect(lines(w)).toEqual([]);
    vaultLoaded(w, 1, [{ slot: 3, objectId: O.apple, amount: 7 }]);
    const out = lines(w);
    // VB6 IniciarDeposito: the 42 slots, then BankInit; no Goliath (nobody clicked) and no UpdateBankGld.
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
    expect(w.events.filter(isLoad)).toHaveLength(1);
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
    expect(w.events.some(isLoad)).toBe(false);
  });

  test("an answer for a player who left is dropped; a second answer never replaces the vault in memory", () => {
    const w = opened([{ slot: 1, objectId: O.apple, amount: 2 }]);
    deposit(w, 1, 10);
    w.drain();
    vaultLoaded(w, 1, [{ slot: 1, objectId: O.apple, amount: 2 }]); // stale duplicate
    expect(state(w).bank).toEqual([
      { slot: 1, objectId: O.apple, amount: 2 },
      { slot: 2, objectId: O.redPotion, amount: 10 },
    ]);
    vaultLoaded(w, 99, []); // nobody
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
    expect(w.events.some(isLoad)).toBe(false);
  });

  test("a record without a loaded vault leaves the map without `bank` (the stored vault stays untouched)", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: KIT });
    expect("bank" in state(w)).toBe(false);
  });
});

describe("/BALANCE (RequestAccountState)", () => {
  const balance = (w: World) => {
    w.server.act(1, "RequestAccountState", {});
    return w.drain().filter((packet) => packet.session === 1).map((packet) => (packet.name === "LocaleChatOverHead" ? `${packet.fields.charIndex} ${packet.fields.messageId} ${packet.fields.params}` : summary(packet)));
  };

  test("within 3 tiles the banker says the vault's gold with VB6's thousands dots, over its own head (BALANCE-BUBBLE fixed)", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 23, { with: { ...KIT, bankGold: 1_234_567 } });
    click(w, 20, 20);
    w.drain();
    expect(balance(w)).toEqual([`${BANKER_CHAR} 1433 1.234.567`]);
  });

  test("no target: Msg1161; a banker 4 tiles off: Msg8; the guard: nothing; a ghost: told it is dead", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 24, { with: { ...KIT, bankGold: 50 } });
    w.drain();
    expect(balance(w)).toEqual(["LocaleMsg[3] 1161 "]);
    click(w, 20, 20);
    w.drain();
    expect(balance(w)).toEqual(["LocaleMsg[3] 8 "]);
    const near = bankWorld();
    near.enter(1, "Ana", 30, 22, { with: KIT });
    click(near, 30, 20);
    near.drain();
    expect(balance(near)).toEqual([]);
    const ghost = bankWorld();
    ghost.enter(1, "Ana", 20, 22, { with: { ...KIT, vitals: { ...KIT_VITALS, hp: 0 } } });
    click(ghost, 20, 20);
    ghost.drain();
    const dead = balance(ghost);
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatch(/^LocaleMsg\[\d+\] \d+ $/);
    expect(dead[0]).not.toContain(" 1433 ");
  });
});

describe("the Goliath menu (a left click on a banker)", () => {
  const goliaths = (w: World, session = 1) =>
    w
      .drain()
      .filter((packet) => packet.session === session && packet.name === "Goliath")
      .map((packet) => packet.fields);

  test("with the vault in memory: Goliath(bank gold, occupied vault slots) at once, exact bytes", () => {
    const w = bankWorld();
    const bank = [
      { slot: 2, objectId: O.apple, amount: 5 },
      { slot: 9, objectId: O.sword, amount: 1 },
    ];
    w.enter(1, "Ana", 20, 24, { with: { ...KIT, bankGold: 350, bank } }); // 4 tiles: in reach
    click(w, 20, 20);
    const frames = w.drain().filter((packet) => packet.name === "Goliath");
    expect(frames.map((packet) => packet.fields)).toEqual([{ bankGold: 350, itemCount: 2 }]);
    expect(w.events.some(isLoad)).toBe(false);
    // eGoliath = 124 (i16), bankGold i32, itemCount u8, behind the u16 frame length.
    expect([...createMapPackets().goliath(350, 2)]).toEqual([7, 0, 124, 0, 94, 1, 0, 0, 2]);
  });

  test("with the vault not loaded: the click loads it once and the Goliath follows its arrival; later clicks answer at once", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: { ...KIT, bankGold: 70 } });
    click(w, 20, 20);
    click(w, 20, 20); // while loading: asked once
    expect(goliaths(w)).toEqual([]);
    expect(w.events.filter(isLoad)).toEqual([{ t: "service", service: "bank", session: 1, map: 1, message: { kind: "load", character: state(w).id } }]);
    vaultLoaded(w, 1, [
      { slot: 1, objectId: O.apple, amount: 3 },
      { slot: 4, objectId: O.redPotion, amount: 9 },
      { slot: 42, objectId: O.armor, amount: 1 },
    ]);
    expect(goliaths(w)).toEqual([{ bankGold: 70, itemCount: 3 }]);
    w.server.act(1, "BankDepositGold", { amount: 30 });
    w.server.act(1, "BankDeposit", { slot: 2, amount: 1, destSlot: 0 }); // the sword to the first empty slot
    w.drain();
    click(w, 20, 20);
    expect(goliaths(w)).toEqual([{ bankGold: 100, itemCount: 4 }]);
    expect(w.events.filter(isLoad)).toHaveLength(1);
  });

  test("a click and BankStart before the vault arrives: the Goliath, then the 42 slots and BankInit", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: KIT });
    w.drain();
    click(w, 20, 20);
    w.server.act(1, "BankStart", {});
    expect(lines(w)).toEqual([`ChatOverHead ${BANKER_CHAR} NPCDESC*${BANKER}`]); // the look, nothing of the bank yet
    vaultLoaded(w, 1, []);
    const out = lines(w);
    expect(out[0]).toBe("Goliath");
    expect(out.slice(1, 43).every((line) => line.startsWith("BankSlot "))).toBe(true);
    expect(out.slice(43)).toEqual(["BankInit"]);
  });

  test("refusals: dead, too far, the vault window open; a player who walked off before the vault arrived gets no menu", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: { ...KIT, vitals: { ...KIT_VITALS, hp: 0 } } });
    click(w, 20, 20);
    expect(lines(w).at(-1)).toBe("LocaleMsg[3] 77 ");
    w.enter(2, "Beto", 25, 20, { with: KIT }); // 5 tiles
    click(w, 20, 20, 2);
    expect(lines(w, 2).at(-1)).toBe("LocaleMsg[3] 8 ");
    expect(w.events.some(isLoad)).toBe(false);

    const v = opened(); // the vault window is open: a click on the banker answers nothing more
    click(v, 20, 20);
    expect(goliaths(v)).toEqual([]);

    const u = bankWorld();
    u.enter(1, "Ana", 20, 22, { with: KIT });
    click(u, 20, 20);
    u.drain();
    u.advance(1000);
    for (let i = 0; i < 4; i++) {
      u.advance(300);
      u.server.walk(1, 3); // south, away from the banker
    }
    vaultLoaded(u, 1, []);
    expect(goliaths(u)).toEqual([]);
    expect(state(u).bank).toEqual([]); // the vault is kept all the same
  });

  test("the database could not read the vault: the player is told, no menu; the next click asks again", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: KIT });
    click(w, 20, 20);
    w.drain();
    vaultLoaded(w, 1, null);
    expect(lines(w)).toEqual(["ConsoleMsg[3] El banco no está disponible en este momento. Intenta más tarde."]);
    click(w, 20, 20);
    expect(w.events.filter(isLoad)).toHaveLength(2);
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

describe("transfers of bank gold (TransFerGold)", () => {
  const transfer = (w: World, amount: number, destination: string, session = 1) => w.server.act(session, "TransFerGold", { amount, destination });
  const saves = (w: World) => w.events.filter((event) => event.t === "save_now");

  /** Ana at the banker (targeted, 2 tiles) with 500 in the bank; Beto elsewhere on the map with 10. */
  function bankers(anaBank = 500, betoBank = 10): World {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: { ...KIT, bank: [], bankGold: anaBank } });
    w.enter(2, "Beto", 40, 40, { with: { bankGold: betoBank } });
    click(w, 20, 20);
    w.drain();
    return w;
  }

  test("to a player on this map: both balances in one step, ONE save_now with both, the 1435 bubble", () => {
    const w = bankers();
    transfer(w, 200, " beto ");
    const out = w.inboxes();
    expect(out.get(1)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1435`]);
    expect(out.get(2)).toBeUndefined(); // VB6 tells the recipient nothing
    expect(state(w, 1).bankGold).toBe(300);
    expect(state(w, 2).bankGold).toBe(210);
    const [save] = saves(w);
    expect(saves(w)).toHaveLength(1);
    expect(save).toMatchObject({ entries: [{ session: 1 }, { session: 2 }] });
    expect(save!.t === "save_now" && save!.entries.map((entry) => entry.state.bankGold)).toEqual([300, 210]);
    // all of it: the account may go to 0
    transfer(w, 300, "Beto");
    expect(state(w, 1).bankGold).toBe(0);
    expect(state(w, 2).bankGold).toBe(510);
  });

  test("refusals in VB6's order: nothing moves and nothing is saved", () => {
    const w = bankers();
    for (const amount of [0, -5, 501]) transfer(w, amount, "Beto"); // silently ignored
    expect(lines(w)).toEqual([]);
    transfer(w, 10, "ana"); // oneself
    expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1408`]);
    expect(lines(w, 2)).toEqual([]);

    const over = bankers(500, 2_147_483_640); // the recipient's account would pass a VB6 Long
    transfer(over, 10, "Beto");
    expect(lines(over)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} 1409`]);
    expect(state(over, 2).bankGold).toBe(2_147_483_640);

    const far = bankWorld();
    far.enter(1, "Ana", 20, 31, { with: { ...KIT, bankGold: 500 } }); // 11 tiles
    far.enter(2, "Beto", 40, 40);
    far.drain();
    transfer(far, 10, "Beto"); // no NPC targeted
    expect(lines(far)).toEqual(["LocaleMsg[3] 1234 "]);
    click(far, 30, 20); // a guard: not a banker, nothing
    far.drain();
    transfer(far, 10, "Beto");
    expect(lines(far)).toEqual([]);
    click(far, 20, 20);
    far.drain();
    transfer(far, 10, "Beto");
    expect(lines(far)).toEqual(["LocaleMsg[3] 8 "]);

    const dead = bankWorld();
    dead.enter(1, "Ana", 20, 22, { with: { ...KIT, bankGold: 500, vitals: { ...KIT_VITALS, hp: 0 } } });
    dead.enter(2, "Beto", 40, 40);
    dead.drain();
    transfer(dead, 10, "Beto");
    expect(lines(dead)).toEqual(["LocaleMsg[3] 77 "]);

    for (const world of [w, over, far, dead]) {
      expect(saves(world)).toEqual([]);
      expect(world.events.filter(isTransfer)).toEqual([]);
      expect(world.faults).toEqual([]);
    }
    expect(state(w, 1).bankGold + state(w, 2).bankGold).toBe(510);
  });

  test("to anyone not on this map: debited at once, ONE bank_transfer with the debited state, and no bubble until the answer", () => {
    const w = bankers();
    transfer(w, 120, "  Carla ");
    expect(lines(w)).toEqual([]);
    expect(state(w, 1).bankGold).toBe(380);
    const sent = w.events.filter(isTransfer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ t: "service", service: "bank", session: 1, map: 1, message: { kind: "transfer", to: "Carla", amount: 120, banker: BANKER_CHAR } });
    expect(sent[0]!.t === "service" && sent[0]!.state).toEqual(state(w, 1));
    expect(saves(w)).toEqual([]);
    // The sender's bank gold is what the event carries: a second transfer needs what is left.
    transfer(w, 381, "Carla");
    expect(w.events.filter(isTransfer)).toHaveLength(1);
    expect(w.faults).toEqual([]);
  });

  test("the answer: the banker's bubble for each outcome; dropped for a player who left, or with no banker behind it", () => {
    const w = bankers();
    const answers = [
      ["done", 1435],
      ["to_self", 1408],
      ["no_such_user", 1410],
      ["too_soon", 1411],
      ["failed", 1409],
    ] as const;
    for (const [answer, locale] of answers) {
      transferAnswered(w, 1, BANKER_CHAR, answer);
      expect(lines(w)).toEqual([`LocaleChatOverHead ${BANKER_CHAR} ${locale}`]);
    }
    transferAnswered(w, 1, 2, "done"); // the guard is no banker
    transferAnswered(w, 1, 99, "done"); // no such NPC
    transferAnswered(w, 7, BANKER_CHAR, "done"); // nobody
    expect(w.drain()).toEqual([]);
    expect(w.faults).toEqual([]);
  });

  test("a bank credit: the world's gold is added to the player's bank and acknowledged, silently; for a player gone, dropped", () => {
    const w = bankers();
    credited(w, 2, 41, 90);
    expect(state(w, 2).bankGold).toBe(100);
    expect(w.events.at(-1)).toEqual({ t: "delta_applied", session: 2, delta: 41 });
    expect(w.drain()).toEqual([]); // VB6 tells the recipient nothing
    const before = w.events.length;
    credited(w, 9, 42, 90);
    expect(w.events).toHaveLength(before);
    // A refund is the same message: the sender's gold back.
    transfer(w, 100, "Carla");
    credited(w, 1, 43, 100);
    expect(state(w, 1).bankGold).toBe(500);
  });

  test("a long random exchange between two players never creates or destroys a coin", () => {
    const w = bankWorld();
    w.enter(1, "Ana", 20, 22, { with: { bankGold: 5_000 } });
    w.enter(2, "Beto", 21, 22, { with: { bankGold: 3_000 } });
    click(w, 20, 20, 1);
    click(w, 20, 20, 2);
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const amounts = [-1, 0, 1, 7, 250, 3_000, 5_000, 9_000];
    // Gold sent off the map is in flight until the world answers: here it gives each back a few
    // packets later (as for a name nobody has), so the total counts what is in flight.
    let inFlight: { session: number; amount: number }[] = [];
    let credit = 0;
    const flying = () => inFlight.reduce((sum, entry) => sum + entry.amount, 0);
    let seen = 0;
    for (let i = 0; i < 500; i++) {
      const from = 1 + next(2);
      transfer(w, amounts[next(amounts.length)]!, next(5) === 0 ? "Carla" : from === 1 ? "Beto" : "Ana", from);
      for (const event of w.events.slice(seen)) if (event.t === "service" && event.message.kind === "transfer") inFlight.push({ session: event.session, amount: event.message.amount });
      seen = w.events.length;
      expect(state(w, 1).bankGold + state(w, 2).bankGold + flying()).toBe(8_000);
      if (next(3) === 0) {
        for (const back of inFlight) credited(w, back.session, ++credit, back.amount);
        inFlight = [];
      }
      if (i % 50 === 0) w.drain();
    }
    for (const back of inFlight) credited(w, back.session, ++credit, back.amount);
    expect(w.faults).toEqual([]);
    expect(state(w, 1).bankGold + state(w, 2).bankGold).toBe(8_000);
    const last = saves(w).at(-1);
    if (last?.t === "save_now") expect(last.entries.reduce((sum, entry) => sum + entry.state.bankGold, 0)).toBe(8_000);
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
