/**
 * The bank vault (items-and-economy §8): opening at a banker (`BankStart` = `/BOVEDA`, with the
 * banker targeted by a left click), the 42 vault slots (`ChangeBankSlot`, `BankInit`), deposits
 * (`BankDeposit`), withdrawals (`BankExtractItem`), gold (`BankDepositGold`, `BankExtractGold`),
 * rearranging (`BovedaMoveItem`) and closing (`BankEnd`). The rules are pure (`game/bank`); this
 * system checks the banker, stores what the rules return and tells the player.
 *
 * The vault is not hot state: it is read from the database the first time a banker is opened in
 * a session. The map emits `bank_load`; the gateway reads the vault and answers `bank_loaded`
 * (`bankLoaded` below), in arrival order with the player's intents. Until it arrives, item
 * packets of the bank are ignored (gold lives in the record and works at once). Once loaded, the
 * vault is part of the player's state (`PlayerEntity.bank` → `record.bank`): it travels with
 * transfers, snapshots and the final save, which writes it with the character in one statement.
 *
 * Decisions: a withdrawal needs the banker within 10 tiles like a deposit (Q21: VB6 checks no
 * distance); a vault or wallet past a VB6 Long is refused silently (VB6 overflowed and raised);
 * "no more room in the bank" is our console line (the VB6 text; its locale id is not in §8).
 */
import {
  depositGold,
  depositItem,
  swapVaultSlots,
  vaultFromRecord,
  withdrawGold,
  withdrawItem,
  BANK_SLOT_COUNT,
  type Vault,
} from "../../game/bank/index.ts";
import { canUseObject } from "../../game/equipment/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { COLOR_WHITE, type ClientPacketFields } from "../../protocol/index.ts";
import { isTrading, type NpcEntity, type PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import type { LoadedVault } from "../map-events.ts";
import type { BankSlotFrame } from "../map-packets.ts";
import { afterUnequip, inventoryFrames, slotFrame, wearerOf } from "./items.ts";
import { manhattan, targetNpcOf } from "./shops.ts";

/** `e_NPCType.Banquero`. */
export const NPC_TYPE_BANKER = 4;
/** `BankStart` opens the vault within this Manhattan distance (`HandleBankStart`). */
export const BANK_OPEN_RANGE = 6;
/** Deposits and gold need the banker within this distance (`HandleBankDeposit`…). */
export const BANK_ACTION_RANGE = 10;
/** The wave the area hears when the vault closes (`HandleBankEnd`). */
export const BANK_CLOSE_WAVE = 171;
/** Bubbles from the banker (§8.5). */
export const BankLocale = {
  /** "You have ¬1 coins in your account." */
  Balance: 1418,
  /** Deposit: "you don't have that amount". */
  DepositNotEnough: 1419,
  /** Withdrawal: "you don't have that amount". */
  WithdrawNotEnough: 1395,
} as const;

function isBanker(npc: NpcEntity | null): npc is NpcEntity {
  return npc !== null && npc.template?.npcType === NPC_TYPE_BANKER;
}

function isDead(player: PlayerEntity): boolean {
  return player.record.vitals.hp <= 0;
}

/** The targeted banker within `range`, or null after VB6's answer (nothing, or "too far"). */
function bankerInReach(ctx: MapContext, player: PlayerEntity, range: number): NpcEntity | null {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return null;
  }
  const npc = targetNpcOf(ctx, player);
  if (!isBanker(npc)) return null;
  if (manhattan(player, npc) > range) {
    ctx.tell(player, MESSAGES.tooFar());
    return null;
  }
  return npc;
}

// ------------------------------------------------------------------ opening and closing

/** `BankStart` (`/BOVEDA`): §8.2 step 2; loads the vault first if this session has not yet. */
export function bankStart(ctx: MapContext, player: PlayerEntity): void {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  if (isTrading(player)) {
    ctx.tell(player, MESSAGES.alreadyTrading());
    return;
  }
  const npc = bankerInReach(ctx, player, BANK_OPEN_RANGE);
  if (npc === null) return;
  if (player.bank === null) {
    if (player.bankLoading) return;
    player.bankLoading = true;
    ctx.emit({ t: "bank_load", session: player.session, character: player.record.id });
    return;
  }
  openVault(ctx, player, npc);
}

/**
 * The gateway's answer to `bank_load`. The player may have left meanwhile (then nothing happens
 * here), and a vault already in memory is never replaced by the stored one: only the first load
 * of a session is taken. The window opens if the player still stands at the banker.
 */
export function bankLoaded(ctx: MapContext, session: number, loaded: LoadedVault): void {
  const player = ctx.store.player(session);
  if (player === undefined) return;
  const wasLoading = player.bankLoading;
  player.bankLoading = false;
  if (player.bank !== null) return;
  if (loaded === null) {
    if (wasLoading) ctx.tell(player, MESSAGES.bankUnavailable());
    return;
  }
  player.bank = vaultFromRecord(loaded);
  if (!wasLoading || isDead(player) || isTrading(player)) return;
  const npc = targetNpcOf(ctx, player);
  if (isBanker(npc) && manhattan(player, npc) <= BANK_OPEN_RANGE) openVault(ctx, player, npc);
}

/** `IniciarDeposito`: the 42 slots, the window state, `BankInit`. */
function openVault(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): void {
  const vault = player.bank;
  if (vault === null) return;
  for (let slot = 1; slot <= BANK_SLOT_COUNT; slot++) ctx.view.send(player, ctx.packets.changeBankSlot(bankSlotFrame(ctx, player, vault, slot)));
  player.banking = npc;
  ctx.view.send(player, ctx.packets.bankInit());
}

/** `BankEnd`: only while the vault is open; the closing wave to the area, `BankEnd` back. */
export function bankEnd(ctx: MapContext, player: PlayerEntity): void {
  if (player.banking === null) return;
  player.banking = null;
  ctx.view.around(player.x, player.y, ctx.packets.playWave(BANK_CLOSE_WAVE, player.x, player.y));
  ctx.view.send(player, ctx.packets.bankEnd());
}

// ------------------------------------------------------------------ items

/** `BankDeposit` (inventory slot, amount, vault slot): §8.3. */
export function bankDeposit(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BankDeposit">): void {
  if (bankerInReach(ctx, player, BANK_ACTION_RANGE) === null) return;
  const vault = player.bank;
  if (vault === null) return; // still loading (or never opened): ignored
  const outcome = depositItem(player.inventory, vault, fields.slot, fields.amount, fields.destSlot);
  if (!outcome.ok) {
    if (outcome.reason === "bank_full") ctx.tell(player, MESSAGES.bankFull());
    return; // bad slots and amounts, an empty slot: VB6 answers nothing
  }
  player.inventory = outcome.inventory;
  player.bank = outcome.vault;
  ctx.view.send(player, ctx.packets.changeInventorySlot(slotFrame(ctx.items, player, outcome.inventorySlot)));
  ctx.view.send(player, ctx.packets.changeBankSlot(bankSlotFrame(ctx, player, outcome.vault, outcome.bankSlot)));
  afterUnequip(ctx, player, outcome.unequipped);
}

/** `BankExtractItem` (vault slot, amount, inventory slot): §8.4. */
export function bankExtractItem(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BankExtractItem">): void {
  if (bankerInReach(ctx, player, BANK_ACTION_RANGE) === null) return;
  const vault = player.bank;
  if (vault === null) return;
  const outcome = withdrawItem(player.inventory, vault, fields.slot, fields.amount, fields.destSlot, ctx.items);
  if (!outcome.ok) {
    if (outcome.reason === "inventory_full") {
      // Q22: VB6 re-sends the whole inventory and the vault slot.
      ctx.tell(player, MESSAGES.item("inventory_full"));
      for (const view of inventoryFrames(ctx.items, player)) ctx.view.send(player, ctx.packets.changeInventorySlot(view));
      ctx.view.send(player, ctx.packets.changeBankSlot(bankSlotFrame(ctx, player, vault, fields.slot)));
    }
    return;
  }
  player.inventory = outcome.inventory;
  player.bank = outcome.vault;
  ctx.view.send(player, ctx.packets.changeInventorySlot(slotFrame(ctx.items, player, outcome.inventorySlot)));
  ctx.view.send(player, ctx.packets.changeBankSlot(bankSlotFrame(ctx, player, outcome.vault, outcome.bankSlot)));
}

/** `BovedaMoveItem` (from, to): §8.6, both vault slots swapped and re-sent. */
export function bovedaMoveItem(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BovedaMoveItem">): void {
  const vault = player.bank;
  if (vault === null || player.banking === null) return;
  const outcome = swapVaultSlots(vault, fields.fromSlot, fields.toSlot);
  if (!outcome.ok) return;
  player.bank = outcome.vault;
  ctx.view.send(player, ctx.packets.changeBankSlot(bankSlotFrame(ctx, player, outcome.vault, fields.fromSlot)));
  ctx.view.send(player, ctx.packets.changeBankSlot(bankSlotFrame(ctx, player, outcome.vault, fields.toSlot)));
}

// ------------------------------------------------------------------ gold

/** `BankDepositGold` (amount): §8.5. */
export function bankDepositGold(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BankDepositGold">): void {
  const npc = bankerInReach(ctx, player, BANK_ACTION_RANGE);
  if (npc === null) return;
  const outcome = depositGold(player.inventory.gold, player.record.bankGold, fields.amount);
  applyGold(ctx, player, npc, outcome, BankLocale.DepositNotEnough);
}

/** `BankExtractGold` (amount): §8.5. */
export function bankExtractGold(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BankExtractGold">): void {
  const npc = bankerInReach(ctx, player, BANK_ACTION_RANGE);
  if (npc === null) return;
  const outcome = withdrawGold(player.inventory.gold, player.record.bankGold, fields.amount);
  applyGold(ctx, player, npc, outcome, BankLocale.WithdrawNotEnough);
}

function applyGold(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, outcome: ReturnType<typeof depositGold>, notEnough: number): void {
  if (!outcome.ok) {
    if (outcome.reason === "not_enough") ctx.view.send(player, ctx.packets.localeChatOverHead(notEnough, "", npc.charIndex, COLOR_WHITE, player.x, player.y));
    return; // overflow: refused silently
  }
  player.inventory = { ...player.inventory, gold: outcome.gold };
  player.record.bankGold = outcome.bankGold;
  ctx.view.send(player, ctx.packets.localeChatOverHead(BankLocale.Balance, String(outcome.bankGold), npc.charIndex, COLOR_WHITE, player.x, player.y));
  ctx.view.send(player, ctx.packets.updateGold(outcome.gold));
  ctx.view.send(player, ctx.packets.updateBankGold(outcome.bankGold));
}

// ------------------------------------------------------------------ shared

function bankSlotFrame(ctx: MapContext, player: PlayerEntity, vault: Vault, slot: number): BankSlotFrame {
  const entry = vault[slot - 1] ?? { objectId: 0, amount: 0 };
  const item = entry.objectId === 0 ? undefined : ctx.items.get(entry.objectId);
  return {
    slot,
    objectId: entry.objectId,
    amount: entry.amount,
    value: item?.value ?? 0,
    canUse: item === undefined ? 0 : canUseObject(wearerOf(player), item),
    elementalTags: 0,
  };
}
