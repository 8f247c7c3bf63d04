/**
 * The bank vault without a browser: real server packets (encoded by the protocol library) fill
 * the vault state; deposits, withdrawals, gold and closing go out as exact client packets
 * (decoded again); hostile or impossible requests send nothing and say why; walking is held
 * while the vault is open. items-and-economy.md §8.
 */
import { describe, expect, test } from "bun:test";
import { Heading } from "../game/movement/index.ts";
import { decodeClientPacket, decodeServerPacket } from "../protocol/index.ts";
import { applyBankGold, applyBankSlot, checkDeposit, checkGoldWithdraw, vaultSlot, wholeSlot } from "./bank-rules.ts";
import { charFields, loggedInSession, serverBody, START } from "./client-fixtures.test-support.ts";
import { ClientOutbox } from "./client-outbox.ts";
import { MAX_LONG, BANK_SLOT_COUNT } from "../game/character/index.ts";
import { createGameState, ownChar } from "./game-state.ts";
import { reduceServerPacket } from "./packet-reducer.ts";
import { BANK_TEXT } from "./ui-text.ts";

const RED_POTION = 1;
const BREAD = 6;
const BANKER = { charIndex: 30, x: 44, y: 42 } as const;

function bankSlot(slot: number, objIndex: number, amount: number, value = 10) {
  return serverBody("ChangeBankSlot", { slot, objIndex, elementalTags: 0, amount, value, canUse: 0 });
}

function inventorySlot(slot: number, objIndex: number, amount: number) {
  return serverBody("ChangeInventorySlot", { slot, objIndex, amount, equipped: false, salePrice: 2, canUse: 0, elementalTags: 0, bindable: false });
}

/**
 * A logged-in session at the banker with the vault open, as the server opens it: 42 slots (bread
 * × 4 in slot 1, the rest empty), then `BankInit`. The inventory holds 5 red potions in slot 3.
 */
function bankingSession() {
  const { session, transport } = loggedInSession();
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: BANKER.charIndex, x: BANKER.x, y: BANKER.y, name: "Banquero de Alba", isNpc: 1 })), 0);
  session.receive(inventorySlot(3, RED_POTION, 5), 0);
  session.receive(bankSlot(1, BREAD, 4), 0);
  for (let slot = 2; slot <= BANK_SLOT_COUNT; slot++) session.receive(bankSlot(slot, 0, 0, 0), 0);
  session.receive(serverBody("BankInit", {}), 0);
  transport.take();
  return { session, transport };
}

describe("vault state (reducer)", () => {
  test("ChangeBankSlot fills the 42 slots, BankInit opens, UpdateBankGld sets the balance, BankEnd closes", () => {
    const state = createGameState();
    const apply = (body: Uint8Array) => {
      const decoded = decodeServerPacket(body);
      if (!decoded.ok) throw decoded.error;
      return reduceServerPacket(state, decoded.packet, 5);
    };
    expect(apply(bankSlot(1, RED_POTION, 2, 20))).toEqual([]);
    expect(apply(bankSlot(2, 0, 7, 20))).toEqual([]);
    expect(apply(bankSlot(42, BREAD, 3, 5))).toEqual([]);
    // Out of range or negative: dropped, or taken as an empty slot.
    expect(apply(bankSlot(0, 5, 5))).toEqual([]);
    expect(apply(bankSlot(43, 5, 5))).toEqual([]);
    expect(apply(bankSlot(3, BREAD, -4, -1))).toEqual([]);
    expect(state.bank.slots).toHaveLength(42);
    expect(state.bank.slots[0]).toEqual({ slot: 1, objIndex: RED_POTION, amount: 2, value: 20, canUse: 0 });
    expect(state.bank.slots[1]).toEqual({ slot: 2, objIndex: 0, amount: 0, value: 0, canUse: 0 });
    expect(state.bank.slots[2]).toEqual({ slot: 3, objIndex: 0, amount: 0, value: 0, canUse: 0 });
    expect(state.bank.slots[41]).toEqual({ slot: 42, objIndex: BREAD, amount: 3, value: 5, canUse: 0 });
    expect(state.bank.slots[3]).toBeUndefined();
    expect(state.bank.open).toBe(false);
    expect(state.bank.gold).toBeNull();

    expect(apply(serverBody("BankInit", {}))).toEqual([{ type: "bank-opened" }]);
    expect(state.bank.open).toBe(true);
    apply(serverBody("UpdateBankGld", { bankGold: 30 }));
    expect(state.bank.gold).toBe(30);
    // A balance no vault holds is dropped; the last good one stays.
    apply(serverBody("UpdateBankGld", { bankGold: -5 }));
    expect(state.bank.gold).toBe(30);
    expect(apply(serverBody("BankEnd", {}))).toEqual([{ type: "bank-closed" }]);
    expect(state.bank.open).toBe(false);
    // A second BankEnd (nothing open) changes nothing; the vault's contents are remembered.
    expect(apply(serverBody("BankEnd", {}))).toEqual([]);
    expect(vaultSlot(state, 1)?.amount).toBe(2);
  });

  test("the rules' own guards: fractional slots and balances are refused", () => {
    const state = createGameState();
    expect(applyBankSlot(state, { slot: 1.5, objIndex: 1, amount: 1, value: 1, canUse: 0 })).toBe(false);
    expect(applyBankGold(state, 2.5)).toBe(false);
    expect(applyBankGold(state, MAX_LONG + 1)).toBe(false);
    expect(applyBankGold(state, 0)).toBe(true);
    expect(state.bank.gold).toBe(0);
    expect(vaultSlot(state, 0)).toBeUndefined();
    expect(vaultSlot(state, 43)).toBeUndefined();
  });
});

describe("vault packets (outbox)", () => {
  test("exact bodies of BankStart, BankDeposit, BankExtractItem, BankDepositGold, BankExtractGold and BankEnd", () => {
    const bodies: Uint8Array[] = [];
    const outbox = new ClientOutbox({ send: (body) => bodies.push(body), close: () => {} });
    outbox.bankStart();
    outbox.bankDeposit(3, 2);
    outbox.bankExtractItem(42, 10_000);
    outbox.bankDepositGold(30);
    outbox.bankExtractGold(MAX_LONG);
    outbox.bankEnd();
    const decoded = bodies.map((body) => {
      const result = decodeClientPacket(body);
      if (!result.ok) throw result.error;
      return result.packet;
    });
    expect(decoded).toEqual([
      { id: 54, name: "BankStart", fields: {} },
      { id: 12, name: "BankDeposit", fields: { slot: 3, amount: 2, destSlot: 0 } },
      { id: 10, name: "BankExtractItem", fields: { slot: 42, amount: 10_000, destSlot: 0 } },
      { id: 71, name: "BankDepositGold", fields: { amount: 30 } },
      { id: 70, name: "BankExtractGold", fields: { amount: MAX_LONG } },
      { id: 90, name: "BankEnd", fields: {} },
    ]);
    // BankDeposit: id u16 little-endian, u8 slot, i16 amount, u8 destination (0 = any).
    expect([...bodies[1]!]).toEqual([12, 0, 3, 2, 0, 0]);
  });
});

describe("vault session", () => {
  test("deposit, withdraw and gold send the checked packets; the server's answers update both sides", () => {
    const { session, transport } = bankingSession();
    expect(session.deposit(3, 2, 10)).toBe(true);
    expect(session.withdraw(1, 4, 10)).toBe(true);
    expect(session.depositGold(30, 10)).toBe(true);
    expect(session.withdrawGold(5, 10)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 12, name: "BankDeposit", fields: { slot: 3, amount: 2, destSlot: 0 } },
      { id: 10, name: "BankExtractItem", fields: { slot: 1, amount: 4, destSlot: 0 } },
      { id: 71, name: "BankDepositGold", fields: { amount: 30 } },
      { id: 70, name: "BankExtractGold", fields: { amount: 5 } },
    ]);
    // What the server answers to the deposit and the gold (§8.3, §8.5).
    session.receive(inventorySlot(3, RED_POTION, 3), 20);
    session.receive(bankSlot(2, RED_POTION, 2), 20);
    session.receive(
      serverBody("LocaleChatOverHead", { messageId: 1418, params: "30", charIndex: BANKER.charIndex, color: 0xffffff, isSpell: false, x: START.x, y: START.y, minDisplayMs: 0, maxDisplayMs: 0 }),
      20,
    );
    session.receive(serverBody("UpdateGold", { gold: 70, goldPerLevelWallet: 0 }), 20);
    session.receive(serverBody("UpdateBankGld", { bankGold: 30 }), 20);
    expect(session.state.inventory[2]?.amount).toBe(3);
    expect(vaultSlot(session.state, 2)).toMatchObject({ objIndex: RED_POTION, amount: 2 });
    expect(session.state.stats.gold).toBe(70);
    expect(session.state.bank.gold).toBe(30);
    // The banker's answer is a bubble over its head and a console line, in words.
    expect(session.state.bubbles.get(BANKER.charIndex)?.text).toBe("Tenés 30 monedas de oro en tu cuenta.");
    expect(session.state.console.at(-1)?.text).toBe("Banquero de Alba: Tenés 30 monedas de oro en tu cuenta.");
  });

  test("hostile or impossible requests send nothing and say why", () => {
    const { session, transport } = bankingSession();
    session.receive(serverBody("UpdateBankGld", { bankGold: 30 }), 0);
    const refusals: [() => boolean, string][] = [
      [() => session.deposit(0, 1, 1), BANK_TEXT.refusals.no_inventory_slot],
      [() => session.deposit(25, 1, 1), BANK_TEXT.refusals.no_inventory_slot],
      [() => session.deposit(2.5, 1, 1), BANK_TEXT.refusals.no_inventory_slot],
      [() => session.deposit(4, 1, 1), BANK_TEXT.refusals.empty_inventory_slot],
      [() => session.deposit(3, 0, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.deposit(3, -2, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.deposit(3, 1.5, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.deposit(3, Number.NaN, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.deposit(3, 6, 1), BANK_TEXT.refusals.more_than_held],
      [() => session.deposit(3, 10_001, 1), BANK_TEXT.refusals.too_many],
      [() => session.withdraw(0, 1, 1), BANK_TEXT.refusals.no_vault_slot],
      [() => session.withdraw(43, 1, 1), BANK_TEXT.refusals.no_vault_slot],
      [() => session.withdraw(2, 1, 1), BANK_TEXT.refusals.empty_vault_slot],
      [() => session.withdraw(1, 5, 1), BANK_TEXT.refusals.more_than_stored],
      [() => session.withdraw(1, 0, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.depositGold(0, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.depositGold(-30, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.depositGold(101, 1), BANK_TEXT.refusals.not_enough_gold],
      [() => session.depositGold(MAX_LONG + 1, 1), BANK_TEXT.refusals.bad_amount],
      [() => session.withdrawGold(31, 1), BANK_TEXT.refusals.not_enough_in_vault],
      [() => session.withdrawGold(0.5, 1), BANK_TEXT.refusals.bad_amount],
    ];
    for (const [request, text] of refusals) {
      expect(request()).toBe(false);
      expect(session.state.console.at(-1)?.text).toBe(text);
    }
    expect(transport.take()).toEqual([]);
    // The whole stack and the whole balance are fine.
    expect(session.deposit(3, 5, 1)).toBe(true);
    expect(session.withdrawGold(30, 1)).toBe(true);
    expect(transport.take().map((packet) => packet.name)).toEqual(["BankDeposit", "BankExtractGold"]);
  });

  test("an unknown balance leaves the gold withdrawal to the server; a wallet is never pushed past a Long", () => {
    const { session } = bankingSession();
    expect(session.state.bank.gold).toBeNull();
    expect(checkGoldWithdraw(session.state, 1_000_000)).toEqual({ ok: true, value: 1_000_000 });
    session.receive(serverBody("UpdateGold", { gold: MAX_LONG - 10, goldPerLevelWallet: 0 }), 0);
    expect(checkGoldWithdraw(session.state, 11)).toEqual({ ok: false, reason: "too_much_gold" });
    expect(checkGoldWithdraw(session.state, 10)).toEqual({ ok: true, value: 10 });
  });

  test("a full vault refuses a new object but still takes more of one it keeps; a full inventory refuses a withdrawal", () => {
    const { session, transport } = bankingSession();
    for (let slot = 2; slot <= BANK_SLOT_COUNT; slot++) session.receive(bankSlot(slot, 100 + slot, 1), 0);
    session.receive(inventorySlot(4, BREAD, 2), 0);
    expect(checkDeposit(session.state, 3, 1)).toEqual({ ok: false, reason: "vault_full" });
    expect(session.deposit(4, 2, 0)).toBe(true);
    for (let slot = 1; slot <= 24; slot++) session.receive(inventorySlot(slot, 200 + slot, 1), 0);
    expect(session.withdraw(1, 1, 0)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe(BANK_TEXT.refusals.inventory_full);
    expect(transport.take().map((packet) => packet.name)).toEqual(["BankDeposit"]);
    expect(wholeSlot({ amount: 25_000 })).toBe(10_000);
  });

  test("nothing goes to the vault while it is closed", () => {
    const { session, transport } = loggedInSession();
    session.receive(inventorySlot(3, RED_POTION, 5), 0);
    expect(session.deposit(3, 1, 1)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe(BANK_TEXT.refusals.not_banking);
    expect(session.depositGold(10, 1)).toBe(false);
    expect(session.closeVault()).toBe(false);
    expect(transport.take()).toEqual([]);
  });

  test("B asks for the vault once; close sends one BankEnd and the window closes when the server answers", () => {
    const { session, transport } = loggedInSession();
    expect(session.openVault()).toBe(true);
    expect(transport.take()).toEqual([{ id: 54, name: "BankStart", fields: {} }]);
    session.receive(serverBody("BankInit", {}), 0);
    expect(session.openVault()).toBe(false);
    expect(session.closeOpenWindow()).toBe(true);
    expect(session.closeVault()).toBe(false);
    expect(transport.take()).toEqual([{ id: 90, name: "BankEnd", fields: {} }]);
    expect(session.state.bank.open).toBe(true);
    session.receive(serverBody("BankEnd", {}), 5);
    expect(session.state.bank.open).toBe(false);
    expect(session.deposit(1, 1, 6)).toBe(false);
    // Opened again, it closes again.
    session.receive(serverBody("BankInit", {}), 7);
    expect(session.closeVault()).toBe(true);
  });

  test("walking is held while the vault is open, with one hint per key press", () => {
    const { session, transport } = bankingSession();
    const lines = () => session.state.console.filter((line) => line.text === BANK_TEXT.walkBlocked).length;
    session.tick(1_000, Heading.East);
    session.tick(2_000, Heading.East);
    expect(transport.take()).toEqual([]);
    expect(ownChar(session.state)).toMatchObject(START);
    expect(lines()).toBe(1);
    session.receive(serverBody("BankEnd", {}), 2_300);
    session.tick(3_000, Heading.East);
    expect(transport.take().map((packet) => packet.name)).toEqual(["Walk"]);
  });
});
