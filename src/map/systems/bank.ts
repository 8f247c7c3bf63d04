/**
 * The bank vault (items-and-economy §8): the "Finanzas Goliath" menu a left click on a banker
 * opens (`Goliath`), opening the vault at a banker (`BankStart` = `/BOVEDA`, with the banker
 * targeted by a left click), the 42 vault slots (`ChangeBankSlot`, `BankInit`), deposits
 * (`BankDeposit`), withdrawals (`BankExtractItem`), gold (`BankDepositGold`, `BankExtractGold`),
 * transfers of bank gold to another character (`TransFerGold`), rearranging (`BovedaMoveItem`)
 * and closing (`BankEnd`). The rules are pure (`game/bank`); this system checks the banker,
 * stores what the rules return and tells the player.
 *
 * The vault is not hot state: it is read from the database the first time a banker is clicked
 * or opened in a session. The map asks the bank service (`load`); it reads the vault and answers `loaded`
 * (`bankLoaded` below), in arrival order with the player's intents. Until it arrives, item
 * packets of the bank are ignored (gold lives in the record and works at once); the Goliath menu
 * (it shows how many vault slots are in use) and the vault window asked for meanwhile are sent
 * when it arrives. Once loaded, the vault is part of the player's state (`PlayerEntity.bank` →
 * `record.bank`): it travels with transfers, snapshots and the final save, which writes it with
 * the character in one statement.
 *
 * Decisions: a withdrawal needs the banker within 10 tiles like a deposit (Q21: VB6 checks no
 * distance); a vault or wallet past a VB6 Long is refused silently (VB6 overflowed and raised);
 * "no more room in the bank" is our console line (the VB6 text; its locale id is not in §8).
 * The Goliath's item count is the number of occupied vault slots, counted when it is sent: VB6
 * sends `BancoInvent.NroItems`, which is that count when the vault is loaded but then drifts
 * (`UserDejaObj` adds one for a deposit onto a stack in the requested slot). Opening the vault
 * sends no `UpdateBankGld`, as VB6 `IniciarDeposito` (the slots, then `BankInit`): the stock
 * client shows the bank gold only in the Goliath menu, which `Goliath` and `UpdateBankGld` fill.
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
import { NpcType } from "../../content/index.ts";
import { canUseObject } from "../../game/equipment/index.ts";
import { LocaleId, MESSAGES } from "../../game/messages/index.ts";
import { formatThousands } from "../../game/progression/index.ts";
import { COLOR_WHITE, type ClientPacketFields } from "../../protocol/index.ts";
import {
  afterUnequip,
  isDead,
  isTrading,
  manhattan,
  sendWholeInventory,
  slotFrame,
  targetNpcOf,
  wearerOf,
  type BankAnswer,
  type BankSlotFrame,
  type BankTransferAnswer,
  type Departure,
  type LoadedVault,
  type MapContext,
  type MapSystem,
  type NpcEntity,
  type PlayerEntity,
} from "../kernel/index.ts";

/** `e_NPCType.Banquero`. */
export const NPC_TYPE_BANKER = NpcType.Banker;
/** A left click on a banker opens the Goliath menu within this Manhattan distance (`HandleNpcInteractionByType`). */
export const GOLIATH_CLICK_RANGE = 4;
/** `BankStart` opens the vault within this Manhattan distance (`HandleBankStart`). */
export const BANK_OPEN_RANGE = 6;
/** Deposits and gold need the banker within this distance (`HandleBankDeposit`…). */
export const BANK_ACTION_RANGE = 10;
/** `RequestAccountState` (`/BALANCE`) answers within this Manhattan distance (`HandleRequestAccountState`: `Distancia > 3`). */
export const ACCOUNT_STATE_RANGE = 3;
/** The wave the area hears when the vault closes (`HandleBankEnd`). */
export const BANK_CLOSE_WAVE = 171;

function isBanker(npc: NpcEntity | null): npc is NpcEntity {
  return npc !== null && npc.template?.npcType === NPC_TYPE_BANKER;
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

/** What to send once the vault this player is waiting for (`bankLoading`) arrives. */
interface AfterLoad {
  /** A left click on a banker asked for the Goliath menu. */
  goliath: boolean;
  /** `BankStart` asked for the vault window. */
  open: boolean;
}
/**
 * Beside the entity rather than in it (a WeakMap: it goes with the entity) only because
 * entity-store.ts was being edited elsewhere; `PlayerEntity` is its natural home.
 */
const afterLoad = new WeakMap<PlayerEntity, AfterLoad>();

/** Starts loading the vault (once per session) and remembers what to send when it arrives. */
function loadVaultThen(ctx: MapContext, player: PlayerEntity, want: keyof AfterLoad): void {
  const pending = afterLoad.get(player) ?? { goliath: false, open: false };
  pending[want] = true;
  afterLoad.set(player, pending);
  if (player.bankLoading) return;
  player.bankLoading = true;
  ctx.ask("bank", player, { kind: "load", character: player.record.id });
}

/**
 * A left click on a banker (`HandleWorldAction` → `HandleNpcInteractionByType` → `IniciarBanco`,
 * §8.2 step 1): alive, not trading, within 4 tiles → the Goliath menu. False when the NPC is not
 * a banker (the click is someone else's business).
 */
export function bankerClicked(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): boolean {
  if (!isBanker(npc)) return false;
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return true;
  }
  if (isTrading(player)) return true;
  if (manhattan(player, npc) > GOLIATH_CLICK_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return true;
  }
  if (player.bank === null) loadVaultThen(ctx, player, "goliath");
  else sendGoliath(ctx, player, player.bank);
  return true;
}

/** `WriteGoliathInit`: the bank gold and how many vault slots are in use. */
function sendGoliath(ctx: MapContext, player: PlayerEntity, vault: Vault): void {
  let occupied = 0;
  for (const slot of vault) if (slot.objectId !== 0 && slot.amount > 0) occupied++;
  ctx.view.send(player, ctx.packets.goliath(player.record.bankGold, occupied));
}

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
    loadVaultThen(ctx, player, "open");
    return;
  }
  openVault(ctx, player, npc);
}

/**
 * `RequestAccountState` (`/BALANCE`, VB6 `HandleRequestAccountState`): a ghost is told so, no
 * target NPC Msg1161, a target farther than 3 tiles Msg8; a banker then says the vault's gold
 * (Msg1433, with VB6's thousands dots) over its head. Another NPC says nothing, as in VB6 (its
 * gambler, `Timbero`, tells staff the house's takings: the gambler belongs to the ways of the world).
 * Quirk BALANCE-BUBBLE (fixed): VB6 writes the balance where the bubble's char index goes and
 * leaves its params empty (`WriteLocaleChatOverHead(UserIndex, 1433, "", str$(...), vbWhite)`),
 * so the stock client never shows the number; here the params carry it and the banker says it.
 */
export function requestAccountState(ctx: MapContext, player: PlayerEntity): void {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  const npc = targetNpcOf(ctx, player);
  if (npc === null) {
    ctx.tell(player, MESSAGES.selectBankerFirst());
    return;
  }
  if (manhattan(player, npc) > ACCOUNT_STATE_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  if (!isBanker(npc)) return;
  ctx.view.send(player, ctx.packets.localeChatOverHead(LocaleId.AccountBalance, formatThousands(player.record.bankGold), npc.charIndex, COLOR_WHITE, player.x, player.y));
}

/** What the bank service tells a player of this map (this system's `fromWorld`). */
export function fromWorld(ctx: MapContext, player: PlayerEntity, answer: BankAnswer): void {
  if (answer.kind === "loaded") bankLoaded(ctx, player, answer.vault);
  else if (answer.kind === "credit") bankCredit(player, answer.amount);
  else bankTransferAnswered(ctx, player, answer.banker, answer.answer);
}

/**
 * The service's answer to `load` (a player who left meanwhile never gets here). A vault already
 * in memory is never replaced by the stored one: only the first load of a session is taken.
 * What was asked for while it loaded follows if the player still stands at the banker: the
 * Goliath menu (a click), then the vault window (`BankStart`).
 */
function bankLoaded(ctx: MapContext, player: PlayerEntity, loaded: LoadedVault): void {
  const wasLoading = player.bankLoading;
  player.bankLoading = false;
  const wanted = afterLoad.get(player) ?? { goliath: false, open: wasLoading };
  afterLoad.delete(player);
  if (player.bank !== null) return;
  if (loaded === null) {
    if (wasLoading) ctx.tell(player, MESSAGES.bankUnavailable());
    return;
  }
  const vault = vaultFromRecord(loaded);
  player.bank = vault;
  if (!wasLoading || isDead(player) || isTrading(player)) return;
  const npc = targetNpcOf(ctx, player);
  if (!isBanker(npc)) return;
  const distance = manhattan(player, npc);
  if (wanted.goliath && distance <= GOLIATH_CLICK_RANGE) sendGoliath(ctx, player, vault);
  if (wanted.open && distance <= BANK_OPEN_RANGE) openVault(ctx, player, npc);
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
      sendWholeInventory(ctx, player);
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
  applyGold(ctx, player, npc, outcome, LocaleId.BankDepositNotEnough);
}

/** `BankExtractGold` (amount): §8.5. */
export function bankExtractGold(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BankExtractGold">): void {
  const npc = bankerInReach(ctx, player, BANK_ACTION_RANGE);
  if (npc === null) return;
  const outcome = withdrawGold(player.inventory.gold, player.record.bankGold, fields.amount);
  applyGold(ctx, player, npc, outcome, LocaleId.BankWithdrawNotEnough);
}

function applyGold(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, outcome: ReturnType<typeof depositGold>, notEnough: number): void {
  if (!outcome.ok) {
    if (outcome.reason === "not_enough") ctx.view.send(player, ctx.packets.localeChatOverHead(notEnough, "", npc.charIndex, COLOR_WHITE, player.x, player.y));
    return; // overflow: refused silently
  }
  player.inventory = { ...player.inventory, gold: outcome.gold };
  player.record.bankGold = outcome.bankGold;
  ctx.view.send(player, ctx.packets.localeChatOverHead(LocaleId.BankBalance, String(outcome.bankGold), npc.charIndex, COLOR_WHITE, player.x, player.y));
  ctx.view.send(player, ctx.packets.updateGold(outcome.gold));
  ctx.view.send(player, ctx.packets.updateBankGold(outcome.bankGold));
}

// ------------------------------------------------------------------ transfers

/**
 * `TransFerGold` (amount, name): bank gold from this player's account to another character's
 * (§8.5, VB6 `HandleTransFerGold`), checked in VB6's order: an amount not in 1…bank gold is
 * ignored; dead → "you are dead"; no NPC targeted → 1234; not a banker → nothing; banker farther
 * than 10 → "too far"; to oneself → bubble 1408; done → bubble 1435. VB6 sends no
 * `UpdateBankGld` to either side (the stock client closes the menu; the next Goliath shows the
 * new balance), and neither do we. There are no GMs on this server yet, so VB6's refusal of
 * transfers by GMs (1413) has nothing to check.
 *
 * WHY NO COIN IS LOST OR DUPLICATED.
 * - The recipient stands on this map: the same worker holds both players and handles intents
 *   one at a time, so the debit and the credit happen in one synchronous step, and the map then
 *   emits ONE `save_now` with both records, exactly as a player trade does (systems/trade.ts):
 *   the world takes both as their last known states in one step and the gateway writes both in
 *   one statement; until that lands the two are entangled (session/character-saves.ts), so no
 *   save writes one side without the other. A worker crash before the event left leaves both as
 *   they were, consistent.
 * - Anyone else (another map, offline, nobody): the gold leaves the sender's account here and
 *   the map asks the bank service (`transfer`) with the sender's new state. The world takes that
 *   state in the same step as the service places the gold: on the recipient's known state (and
 *   its map, by a `credit`), on its final state held in memory, in a database credit written only
 *   with the sender's save, or back on the sender (a `credit` again). A crash of this worker
 *   before the event left loses the debit with everything else since the last known state.
 *   The bubble follows the outcome (`bankTransferAnswered`). VB6 limits transfers to offline
 *   characters to one per 10 s per sender (1411); the bank service applies it, where "offline" is known.
 */
export function transferGold(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"TransFerGold">): void {
  const amount = fields.amount;
  if (!Number.isInteger(amount) || amount <= 0 || amount > player.record.bankGold) return;
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  const npc = targetNpcOf(ctx, player);
  if (npc === null) {
    ctx.tell(player, MESSAGES.selectCharacterFirst());
    return;
  }
  if (!isBanker(npc)) return;
  if (manhattan(player, npc) > BANK_ACTION_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  const bubble = (id: number) => ctx.view.send(player, ctx.packets.localeChatOverHead(id, "", npc.charIndex, COLOR_WHITE, player.x, player.y));
  const recipient = ctx.store.playerNamed(fields.destination);
  if (recipient === player) {
    bubble(LocaleId.BankTransferToSelf);
    return;
  }
  if (recipient === undefined) {
    player.record.bankGold -= amount;
    ctx.ask("bank", player, { kind: "transfer", to: fields.destination.trim(), amount, banker: npc.charIndex }, { withState: true });
    return;
  }
  // The same move as a deposit, between two accounts: 0 < amount ≤ the sender's bank gold, and
  // the recipient's stays a VB6 Long (VB6 overflowed there after the debit, losing the coins).
  const moved = depositGold(player.record.bankGold, recipient.record.bankGold, amount);
  if (!moved.ok) {
    bubble(LocaleId.BankTransferFailed);
    return;
  }
  player.record.bankGold = moved.gold;
  recipient.record.bankGold = moved.bankGold;
  ctx.emit({
    t: "save_now",
    entries: [
      { session: player.session, state: ctx.store.recordOf(player) },
      { session: recipient.session, state: ctx.store.recordOf(recipient) },
    ],
  });
  bubble(LocaleId.BankTransferDone);
}

/**
 * Bank gold the world sends a player here (a `credit`): a transfer from another map or a
 * transfer of this player's given back. The world counts it in the player's known state from the
 * moment it sent it (a delta: the map instance acknowledges it once this ran). Applied even
 * past a VB6 Long: the world checked the known balance, and a deposit since then is the only way
 * past it; coins are never dropped, and deposits are refused until the balance comes down.
 * Nothing is shown (VB6 tells the recipient nothing; a refund is explained by the answer's bubble).
 */
function bankCredit(player: PlayerEntity, amount: number): void {
  player.record.bankGold += amount;
}

/** The banker's bubble for each way a transfer to someone off this map ends. */
const TRANSFER_ANSWER_LOCALE: Readonly<Record<BankTransferAnswer, number>> = {
  done: LocaleId.BankTransferDone,
  to_self: LocaleId.BankTransferToSelf,
  no_such_user: LocaleId.BankTransferNoSuchUser,
  too_soon: LocaleId.BankTransferTooSoon,
  failed: LocaleId.BankTransferFailed,
};

/** How a `transfer` ended: the banker's bubble, if the banker is still here. */
function bankTransferAnswered(ctx: MapContext, player: PlayerEntity, banker: number, answer: BankTransferAnswer): void {
  const npc = ctx.store.npc(banker);
  if (!isBanker(npc ?? null)) return;
  ctx.view.send(player, ctx.packets.localeChatOverHead(TRANSFER_ANSWER_LOCALE[answer], "", banker, COLOR_WHITE, player.x, player.y));
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

/** Leaving this place closes the vault window: a transfer or a warp tells the client (`BankEnd`), a logout tells nobody. */
function onLeaving(ctx: MapContext, player: PlayerEntity, departure: Departure): void {
  if (player.banking === null) return;
  player.banking = null;
  if (departure !== "logout") ctx.view.send(player, ctx.packets.bankEnd());
}

export const bank: MapSystem = {
  name: "bank",
  packets: {
    BankStart: bankStart,
    RequestAccountState: requestAccountState,
    BankDeposit: bankDeposit,
    BankExtractItem: bankExtractItem,
    BankDepositGold: bankDepositGold,
    BankExtractGold: bankExtractGold,
    BovedaMoveItem: bovedaMoveItem,
    BankEnd: bankEnd,
    TransFerGold: transferGold,
  },
  npcClick: bankerClicked,
  fromWorld: { bank: fromWorld },
  hooks: { leaving: onLeaving },
  playerState: (_ctx, record) => ({ bank: record.bank !== undefined ? vaultFromRecord(record.bank) : null, bankLoading: false, banking: null }),
};
