/**
 * Player-to-player trade, "comercio seguro" (items-and-economy §9): the two-step opening
 * (`CommerceStart` with a player targeted, answered by the other side's `CommerceStart` towards
 * the first, or `ResponderPregunta` true to the `ShowPregunta` it was sent), offers of items and
 * gold (`UserCommerceOffer`, slot 200 = gold), accepting (`UserCommerceOk`), the swap, and the
 * endings (`UserCommerceReject`, `UserCommerceEnd`, walking away is impossible — the window
 * blocks walking and dropping —, a transfer, a warp, a logout or a disconnect of either side).
 *
 * WHY NO ITEM OR COIN IS EVER DUPLICATED OR LOST
 * - Offers move nothing: offered units stay in their owner's inventory (not locked, as in VB6)
 *   until both accepted. Everything is re-validated at the moment of the swap.
 * - Both players stand on the same map, so the same worker, which handles intents one at a time.
 *   The swap computes both new inventories as pure values first (take the offers from each side,
 *   then give each side the other's: any refusal — an offer no longer held, no room, a wallet
 *   past 2^31-1 — cancels the whole trade with nothing changed) and then assigns both in one
 *   synchronous step. No handler can observe half a swap, and an exception before the
 *   assignment changes nothing.
 * - Right after the swap the map emits ONE `save_now` event with both records. The world
 *   updates both players' last known states (crash recovery) in the same synchronous step (or
 *   neither, when a side is already being recovered elsewhere: then the swap is lost for both)
 *   and the gateway writes both with one `saveCharacters` call: one statement, one transaction.
 *   Both rows are either pre-swap or post-swap on disk, never one of each.
 * - From that moment until both are on disk together, the two are "entangled"
 *   (session/character-saves.ts): every write of either side, whatever its cause (the pair's
 *   own save, a logout's final save, a take-over, autosave, shutdown, a retry), carries the
 *   other's newest state in the same batch, each with its own finality (a leaver's online mark
 *   is cleared, the partner's kept). Chains are followed (A traded with B, then B with C: all
 *   three). The gateway's writes run one at a time and each batch takes the newest states when
 *   its turn comes, so an older batch never lands over a newer one.
 * - Disconnect, logout, transfer or take-over of either side before the swap: the trade is
 *   cancelled for both, nothing moved. After the swap: the leaving record already holds the
 *   swap, and so does the partner's live state.
 * - Worker crash after the swap, before its `out` message (frames and the `save_now` ride in it)
 *   reached the gateway: recovery re-enters both from the last states the gateway knows — both
 *   pre-swap, consistent; the players' clients never saw the swap either. After the message
 *   arrived: both known states are post-swap (and being saved together).
 * - Shutdown: the workers hand back every live state (post-swap for both) saved in one batch.
 * - A failed `save_now` is logged; both states stay in memory (the map's live state and the
 *   world's known state, or the final state of a side that left) and the pair stays entangled:
 *   it is written again together every few seconds and by autosave, and a logout of one side
 *   meanwhile writes both (issue #14). A hard crash before any of those lands leaves both
 *   pre-swap on disk, consistent; the swap is then lost for both, never kept by one side only.
 *
 * Decisions: both sides re-check the distance (≤ 3) and the safe map when the window opens (VB6
 * checks only the first side); a full inventory refuses the trade instead of dropping the
 * received items at the feet, and the gold moves with the items (no half trade, §9.5). The
 * always-sent "you can't change your offer" line of VB6 (Q23) is not sent. The lines the players
 * read are ours (console lines, game/messages `TRADE_TEXT`), as the locale ids of §9 are not
 * catalogued yet.
 */
import { MAX_LONG, MAX_STACK } from "../../../game/character/index.ts";
import { countItems, putItem, slotAt, takeItems, isUsableSlot, type Inventory, type UnequippedSlot } from "../../../game/inventory/index.ts";
import { GOLD_OBJECT } from "../../../game/items/index.ts";
import { MESSAGES } from "../../../game/messages/index.ts";
import { TRADE_OFFER_SLOTS, type ClientPacketFields } from "../../../protocol/index.ts";
import {
  afterUnequip,
  isDead,
  isTrading,
  manhattan,
  sendWholeInventory,
  type MapContext,
  type PeerTrade,
  type PlayerEntity,
  type TradeOffer,
  type TradeSlotFrame,
} from "../../kernel/index.ts";

/** `CommerceStart` towards a player: same map and Manhattan distance ≤ this (`IniciarComercioConUsuario`). */
export const TRADE_RANGE = 3;
/** `UserCommerceOffer` slot that means gold. */
export const TRADE_GOLD_SLOT = 200;
/** `ShowPregunta` message: "¬1 wants to trade with you. Accept?". */
export const TRADE_QUESTION_MESSAGE = 1594;

function onThisMap(ctx: MapContext, player: PlayerEntity): boolean {
  return ctx.store.player(player.session) === player;
}

function newSide(partner: PlayerEntity): PeerTrade {
  return { partner, open: false, offers: Array.from({ length: TRADE_OFFER_SLOTS }, () => ({ objectId: 0, amount: 0, tags: 0 })), gold: 0, accepted: false };
}

/** The open trade's partner when the trade is mutual, open and the partner still here. */
export function openPartner(ctx: MapContext, player: PlayerEntity): PlayerEntity | null {
  const side = player.peerTrade;
  if (side === null || !side.open) return null;
  const partner = side.partner;
  if (!onThisMap(ctx, partner) || partner.peerTrade?.partner !== player || !partner.peerTrade.open) return null;
  return partner;
}

// ------------------------------------------------------------------ opening

/**
 * `CommerceStart` with a player targeted (called by shops.ts `commerceStart`, which checked that the
 * player is alive and has no window open). The first side asks; the second side's ask opens.
 */
export function startPeerTrade(ctx: MapContext, player: PlayerEntity, other: PlayerEntity): void {
  if (other === player) {
    ctx.tell(player, MESSAGES.tradeWithYourself());
    return;
  }
  if (!onThisMap(ctx, other)) {
    ctx.tell(player, MESSAGES.clickCharacterFirst());
    return;
  }
  if (isDead(other)) {
    ctx.tell(player, MESSAGES.tradeWithGhost());
    return;
  }
  if (manhattan(player, other) > TRADE_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  if (!ctx.definition.safe) {
    ctx.tell(player, MESSAGES.tradeNotSafeMap());
    return;
  }
  if (isTrading(other)) {
    ctx.tell(player, MESSAGES.tradePartnerBusy());
    return;
  }
  // An earlier request of this player towards someone else is replaced.
  player.peerTrade = newSide(other);
  if (other.peerTrade?.partner === player) {
    openWindow(ctx, player, other);
    return;
  }
  // VB6: the other side's target becomes this player and it is asked (`ShowPregunta`).
  other.targetUser = player;
  other.targetNpc = null;
  ctx.view.send(other, ctx.packets.showPregunta(TRADE_QUESTION_MESSAGE, player.name));
  ctx.tell(other, MESSAGES.tradeWanted(player.name));
  ctx.tell(player, MESSAGES.tradeAsked(other.name));
}

/** `ResponderPregunta`: the answer to the trade question (the only question this server asks). */
export function answerQuestion(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ResponderPregunta">): void {
  const asker = player.targetUser;
  if (asker === null || !onThisMap(ctx, asker) || asker.peerTrade?.partner !== player || asker.peerTrade.open) return;
  if (!fields.answer) {
    asker.peerTrade = null;
    ctx.tell(asker, MESSAGES.tradeDeclined());
    return;
  }
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  if (isTrading(player)) {
    ctx.tell(player, MESSAGES.alreadyTrading());
    return;
  }
  startPeerTrade(ctx, player, asker);
}

function openWindow(ctx: MapContext, a: PlayerEntity, b: PlayerEntity): void {
  a.peerTrade = { ...newSide(b), open: true };
  b.peerTrade = { ...newSide(a), open: true };
  for (const player of [a, b]) {
    sendWholeInventory(ctx, player);
    ctx.view.send(player, ctx.packets.userCommerceInit());
  }
}

// ------------------------------------------------------------------ offers

/** `UserCommerceOffer` (slot 1…usable slots or 200 for gold, amount > 0): §9.2; offers only grow. */
export function userCommerceOffer(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UserCommerceOffer">): void {
  const side = player.peerTrade;
  if (side === null || !side.open) return;
  const partner = openPartner(ctx, player);
  if (partner === null || isDead(partner) || isDead(player)) {
    endPeerTrade(ctx, player, true, "cancelled");
    return;
  }
  const { slot, amount } = fields;
  if (!Number.isSafeInteger(amount) || amount <= 0) return;
  if (slot === TRADE_GOLD_SLOT) {
    if (side.gold + amount > player.inventory.gold) {
      ctx.tell(player, MESSAGES.tradeNotEnough());
      return;
    }
    side.gold += amount;
  } else {
    if (!isUsableSlot(player.inventory, slot)) return;
    const held = slotAt(player.inventory, slot);
    if (held.objectId === 0) return;
    if (amount > held.amount) {
      ctx.tell(player, MESSAGES.tradeNotEnough());
      return;
    }
    const item = ctx.items.get(held.objectId);
    if (item === undefined || item.untradeable || item.newbie || held.objectId === GOLD_OBJECT) {
      ctx.tell(player, MESSAGES.tradeUntradeable());
      return;
    }
    const offered = side.offers.reduce((sum, offer) => (offer.objectId === held.objectId && offer.tags === held.tags ? sum + offer.amount : sum), 0);
    if (offered + amount > countItems(player.inventory, held.objectId, held.tags)) {
      ctx.tell(player, MESSAGES.tradeNotEnough());
      return;
    }
    const placed = addToOffer(side.offers, held.objectId, held.tags, amount);
    if (placed === null) {
      ctx.tell(player, MESSAGES.tradeOfferFull());
      return;
    }
    side.offers.splice(0, side.offers.length, ...placed);
  }
  // Any change clears the OTHER side's acceptance (the offerer's own is kept, as in VB6).
  const other = partner.peerTrade!;
  if (other.accepted) {
    other.accepted = false;
    ctx.tell(partner, MESSAGES.tradeOfferChanged(player.name));
  }
  showOffer(ctx, player, partner);
}

/**
 * The offer slots with `amount` more units of (object, tags): onto a slot of the same object
 * with room (≤ 10000), the rest onto empty slots; null when they do not fit (nothing changes).
 */
export function addToOffer(offers: readonly TradeOffer[], objectId: number, tags: number, amount: number): TradeOffer[] | null {
  const next = offers.map((offer) => ({ ...offer }));
  let left = amount;
  for (const offer of next) {
    if (left === 0) break;
    if (offer.objectId !== objectId || offer.tags !== tags || offer.amount >= MAX_STACK) continue;
    const moved = Math.min(left, MAX_STACK - offer.amount);
    offer.amount += moved;
    left -= moved;
  }
  for (const offer of next) {
    if (left === 0) break;
    if (offer.objectId !== 0) continue;
    const moved = Math.min(left, MAX_STACK);
    offer.objectId = objectId;
    offer.tags = tags;
    offer.amount = moved;
    left -= moved;
  }
  return left === 0 ? next : null;
}

/** `ChangeUserTradeSlot` of the offerer's side: to the partner (`isMyOffer` false) and to itself. */
function showOffer(ctx: MapContext, player: PlayerEntity, partner: PlayerEntity): void {
  const side = player.peerTrade!;
  const slots: TradeSlotFrame[] = side.offers.map((offer) => {
    const item = offer.objectId === 0 ? undefined : ctx.items.get(offer.objectId);
    return { objIndex: offer.objectId, name: item?.name ?? "", grhIndex: item?.grhIndex ?? 0, amount: offer.amount, elementalTags: offer.tags };
  });
  ctx.view.send(partner, ctx.packets.changeUserTradeSlot(false, side.gold, slots));
  ctx.view.send(player, ctx.packets.changeUserTradeSlot(true, side.gold, slots));
}

// ------------------------------------------------------------------ accepting and the swap

/** `UserCommerceOk`: this side accepts; when both did, the swap (§9.3). */
export function userCommerceOk(ctx: MapContext, player: PlayerEntity): void {
  const side = player.peerTrade;
  if (side === null || !side.open) return;
  const partner = openPartner(ctx, player);
  if (partner === null) {
    endPeerTrade(ctx, player, true, "cancelled");
    return;
  }
  side.accepted = true;
  const other = partner.peerTrade!;
  if (!other.accepted) {
    ctx.tell(player, MESSAGES.tradeNotAcceptedYet());
    ctx.tell(partner, MESSAGES.tradeAccepted(player.name));
    return;
  }
  const swapped = isDead(player) || isDead(partner) ? null : swap(ctx, player, side, partner, other);
  if (swapped === null) {
    ctx.tell(player, MESSAGES.tradeFailed());
    ctx.tell(partner, MESSAGES.tradeFailed());
    closeBoth(ctx, player, partner);
    return;
  }
  // Both inventories change in one synchronous step, then one save of both.
  player.inventory = swapped.a.inventory;
  partner.inventory = swapped.b.inventory;
  ctx.emit({
    t: "save_now",
    entries: [
      { session: player.session, state: ctx.store.recordOf(player) },
      { session: partner.session, state: ctx.store.recordOf(partner) },
    ],
  });
  for (const [who, result] of [
    [player, swapped.a],
    [partner, swapped.b],
  ] as const) {
    sendWholeInventory(ctx, who);
    ctx.view.send(who, ctx.packets.updateGold(who.inventory.gold));
    afterUnequip(ctx, who, result.unequipped);
    ctx.tell(who, MESSAGES.tradeDone());
  }
  closeBoth(ctx, player, partner);
}

interface SideResult {
  inventory: Inventory;
  unequipped: UnequippedSlot[];
}

/** Both new inventories, or null when any offer is no longer held or does not fit (nothing changes). */
export function swap(ctx: MapContext, a: PlayerEntity, sideA: PeerTrade, b: PlayerEntity, sideB: PeerTrade): { a: SideResult; b: SideResult } | null {
  const takenA = takeOffer(a.inventory, sideA);
  const takenB = takeOffer(b.inventory, sideB);
  if (takenA === null || takenB === null) return null;
  const inventoryA = giveOffer(ctx, takenA.inventory, sideB);
  const inventoryB = giveOffer(ctx, takenB.inventory, sideA);
  if (inventoryA === null || inventoryB === null) return null;
  return { a: { inventory: inventoryA, unequipped: takenA.unequipped }, b: { inventory: inventoryB, unequipped: takenB.unequipped } };
}

function takeOffer(inventory: Inventory, side: PeerTrade): SideResult | null {
  if (!Number.isSafeInteger(side.gold) || side.gold < 0 || side.gold > inventory.gold) return null;
  let current: Inventory = { ...inventory, gold: inventory.gold - side.gold };
  const unequipped: UnequippedSlot[] = [];
  for (const offer of side.offers) {
    if (offer.objectId === 0 || offer.amount === 0) continue;
    if (offer.objectId === GOLD_OBJECT) return null;
    // Never from the wallet: gold is offered only through slot 200.
    if (countItems({ ...current, gold: 0 }, offer.objectId, offer.tags) < offer.amount) return null;
    const taken = takeItems(current, offer.objectId, offer.amount, offer.tags);
    if (!taken.ok) return null;
    current = taken.inventory;
    unequipped.push(...taken.unequipped);
  }
  return { inventory: current, unequipped };
}

function giveOffer(ctx: MapContext, inventory: Inventory, from: PeerTrade): Inventory | null {
  if (inventory.gold + from.gold > MAX_LONG) return null;
  let current: Inventory = { ...inventory, gold: inventory.gold + from.gold };
  for (const offer of from.offers) {
    if (offer.objectId === 0 || offer.amount === 0) continue;
    const put = putItem(current, { objectId: offer.objectId, amount: offer.amount, tags: offer.tags }, ctx.items);
    if (!put.ok) return null;
    current = put.inventory;
  }
  return current;
}

// ------------------------------------------------------------------ ending

/** `UserCommerceReject`: the partner is told and both windows close. */
export function userCommerceReject(ctx: MapContext, player: PlayerEntity): void {
  const partner = openPartner(ctx, player);
  if (partner !== null) ctx.tell(partner, MESSAGES.tradeRejectedYou(player.name));
  if (player.peerTrade?.open === true) ctx.tell(player, MESSAGES.tradeYouRejected());
  endPeerTrade(ctx, player, true, "quiet");
}

/** `UserCommerceEnd`: the partner is told and both windows close. */
export function userCommerceEnd(ctx: MapContext, player: PlayerEntity): void {
  const partner = openPartner(ctx, player);
  if (partner !== null) ctx.tell(partner, MESSAGES.tradeStopped(player.name));
  endPeerTrade(ctx, player, true, "quiet");
}

/**
 * Ends this player's trade and its partner's (`FinComerciarUsu` on both): `UserCommerceEnd` to
 * the partner whose window was open, and to this player when `notify` (it is still connected).
 * `why`: "left" / "cancelled" also tell the partner the trade was cancelled.
 */
export function endPeerTrade(ctx: MapContext, player: PlayerEntity, notify: boolean, why: "left" | "cancelled" | "quiet"): void {
  const side = player.peerTrade;
  if (side === null) return;
  player.peerTrade = null;
  if (notify && side.open) ctx.view.send(player, ctx.packets.userCommerceEnd());
  const partner = side.partner;
  const other = partner.peerTrade;
  if (other === null || other.partner !== player) return;
  partner.peerTrade = null;
  if (!onThisMap(ctx, partner) || !other.open) return;
  if (why !== "quiet") ctx.tell(partner, MESSAGES.tradeCancelled());
  ctx.view.send(partner, ctx.packets.userCommerceEnd());
}

function closeBoth(ctx: MapContext, a: PlayerEntity, b: PlayerEntity): void {
  a.peerTrade = null;
  b.peerTrade = null;
  ctx.view.send(a, ctx.packets.userCommerceEnd());
  ctx.view.send(b, ctx.packets.userCommerceEnd());
}
