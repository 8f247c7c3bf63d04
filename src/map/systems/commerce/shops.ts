/**
 * NPC shops (items-and-economy §7): opening (`CommerceStart` = `/COMERCIAR`, or a left click on
 * a trader: this system's `npcClick`), the window's 42 slots (`ChangeNPCInventorySlot`, `CommerceInit`),
 * buying (`CommerceBuy`), selling (`CommerceSell`) and closing (`CommerceEnd`, leaving the map).
 * The rules are pure (`game/commerce`: prices, stock, buy, sell); this system keeps who trades
 * with whom, stores what the rules return and tells every viewer of the shop.
 *
 * Each placed trader owns its stock (`NpcEntity.shop`, one per NPC on this map), copied from
 * `npcs.dat` when the kernel places the NPC (kernel/npcs.ts `shopFor`). There is no timed restock in VB6 (§7.2): a crucial object
 * the NPC lists refills its slot when the slot runs out, and an empty shop reloads its list.
 *
 * Decisions (§12): Q17 fixed (more than 10000 units are refused, silently: the stock client never
 * asks for more). Q18 fixed: selling needs the window open, like buying. While the window is open
 * the shop stays bound to its NPC: VB6 follows `TargetNPC`, so a look at another NPC while trading
 * (a modified client) would buy from that one at any distance; here a click only changes the
 * target. Leaving the map (a transfer or a same-map exit) closes the window with `CommerceEnd`
 * (VB6 left it open on another map). The `Comerciar` skill roll after a deal waits for skill
 * progression.
 */
import { DEFAULT_COMMERCE_CONFIG, buyFromShop, sellToShop, shopSlotView, shopSlotViews, withoutKeyLines } from "../../../game/commerce/index.ts";
import { canUseObject } from "../../../game/equipment/index.ts";
import type { ItemTemplate } from "../../../game/items/index.ts";
import { SKILL } from "../../../game/progression/index.ts";
import { LocaleId, MESSAGES, overHeadLocale } from "../../../game/messages/index.ts";
import { COLOR_WHITE, type ClientPacketFields } from "../../../protocol/index.ts";
import {
  afterUnequip,
  isDead,
  isTrading,
  manhattan,
  slotFrame,
  targetNpcOf,
  targetUserOf,
  wearerOf,
  type MapContext,
  type NpcEntity,
  type PlayerEntity,
} from "../../kernel/index.ts";
import { startPeerTrade } from "./trade.ts";

/** `/COMERCIAR` opens a shop within this Manhattan distance (`HandleCommerceStart`). */
export const COMMERCE_COMMAND_RANGE = 3;
/** A left click opens a shop within this Manhattan distance (`HandleNpcInteractionByType`). */
export const COMMERCE_CLICK_RANGE = 4;

// ------------------------------------------------------------------ state

/** The NPC whose window is open, if it is still on this map (a vanished NPC closes the window). */
function tradingNpcOf(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  const npc = player.trading;
  if (npc === null) return null;
  if (ctx.store.npc(npc.charIndex) === npc && npc.shop !== null) return npc;
  player.trading = null;
  return null;
}

/**
 * The window closes because the player leaves this place: a transfer or a same-map exit
 * (`notify`: the client is told with `CommerceEnd`), or a logout / disconnect (nothing to tell).
 */
export function stopShopping(ctx: MapContext, player: PlayerEntity, notify: boolean): void {
  if (player.trading === null) return;
  player.trading = null;
  if (notify) ctx.view.send(player, ctx.packets.commerceEnd());
}

// ------------------------------------------------------------------ opening and closing

/** `CommerceStart` (`/COMERCIAR`): the targeted trader within 3 tiles opens its shop. */
export function commerceStart(ctx: MapContext, player: PlayerEntity): void {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  if (isTrading(player)) {
    ctx.tell(player, MESSAGES.alreadyTrading());
    return;
  }
  const npc = targetNpcOf(ctx, player);
  if (npc !== null) {
    // Privileges: VB6 lets only users and admins trade; every character here is a user.
    if (npc.shop === null) {
      if ((npc.template?.description ?? "").length > 0) {
        ctx.view.send(player, ctx.packets.localeChatOverHead(LocaleId.NoInterestInTrading, "", npc.charIndex, COLOR_WHITE, player.x, player.y));
      }
      return;
    }
    if (manhattan(player, npc) > COMMERCE_COMMAND_RANGE) {
      ctx.tell(player, MESSAGES.tooFar());
      return;
    }
    openShop(ctx, player, npc);
    return;
  }
  const user = targetUserOf(ctx, player);
  if (user !== null) {
    // Player-to-player trade ("comercio seguro", trade.ts).
    startPeerTrade(ctx, player, user);
    return;
  }
  ctx.tell(player, MESSAGES.clickCharacterFirst());
}

/**
 * A left click on an NPC with a shop (`HandleWorldAction` → `HandleNpcInteractionByType`): alive,
 * no window open, within 4 tiles → its shop. False when the NPC keeps no shop.
 */
export function traderClicked(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): boolean {
  if (npc.shop === null) return false;
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return true;
  }
  if (isTrading(player)) return true;
  if (manhattan(player, npc) > COMMERCE_CLICK_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return true;
  }
  openShop(ctx, player, npc);
  return true;
}

/**
 * `IniciarComercioNPC`: the 42 slots as this player sees them (its own discount and `canUse`),
 * the trading state, then `CommerceInit` with the NPC's name. Callers checked the conditions.
 */
export function openShop(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): void {
  const shop = npc.shop;
  if (shop === null) return;
  forgetSoldKeys(ctx, npc);
  player.targetNpc = npc;
  for (const view of shopSlotViews(shop.stock, ctx.items, tradeSkillOf(player), canUseFor(player))) {
    ctx.view.send(player, ctx.packets.changeNpcInventorySlot(view));
  }
  player.trading = npc;
  ctx.view.send(player, ctx.packets.commerceInit(npc.name));
}

/** `CommerceEnd`: the NPC's `SoundClose` (if any), not trading any more, `CommerceEnd` back (always). */
export function commerceEnd(ctx: MapContext, player: PlayerEntity): void {
  const npc = tradingNpcOf(ctx, player) ?? targetNpcOf(ctx, player);
  const sound = npc?.template?.soundClose ?? 0;
  if (sound !== 0) ctx.view.send(player, ctx.packets.playWave(sound, 0, 0, 0, 1));
  player.trading = null;
  ctx.view.send(player, ctx.packets.commerceEnd());
}

// ------------------------------------------------------------------ buying and selling

/**
 * The shop a buy or a sell goes to: the open window's NPC. Without one, VB6's answers: nothing
 * for no target, "not interested" over a non-trader's head, "you are not trading" and
 * `CommerceEnd` for a trader.
 */
function shopInUse(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return null;
  }
  const npc = tradingNpcOf(ctx, player);
  if (npc !== null) return npc;
  const target = targetNpcOf(ctx, player);
  if (target === null) return null;
  if (target.shop === null) {
    const frame = ctx.packets.chatOverHead(overHeadLocale(LocaleId.NotInterestedInTrading), target.charIndex, COLOR_WHITE, 0, 0);
    ctx.view.around(player.x, player.y, frame);
    return null;
  }
  ctx.tell(player, MESSAGES.notTrading());
  ctx.view.send(player, ctx.packets.commerceEnd());
  return null;
}

/** `CommerceBuy` (slot, amount): §7.4. */
export function commerceBuy(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CommerceBuy">): void {
  const npc = shopInUse(ctx, player);
  const shop = npc?.shop;
  if (!npc || !shop) return;
  const outcome = buyFromShop(player.inventory, shop.stock, shop.template, fields.slot, fields.amount, { tradeSkill: tradeSkillOf(player) }, ctx.items);
  if (!outcome.ok) {
    if (outcome.reason === "not_enough_gold" || outcome.reason === "inventory_full") ctx.tell(player, MESSAGES.item(outcome.reason));
    // Bad slots and amounts, an empty slot, too many units (Q17): VB6 answers nothing (or bans).
    return;
  }
  player.inventory = outcome.inventory;
  for (const slot of outcome.changed) ctx.view.send(player, ctx.packets.changeInventorySlot(slotFrame(ctx.items, player, slot)));
  ctx.view.send(player, ctx.packets.updateGold(player.inventory.gold));
  shop.stock = outcome.stock;
  // KEY-SOLD-ONCE (game/commerce): a key bought leaves the list, and this map remembers it for a respawned trader.
  if (outcome.template !== undefined) {
    shop.template = outcome.template;
    if (npc.npcNumber !== null) soldKeysOf(ctx, npc.npcNumber).add(outcome.objectId);
  }
  showStockChanges(ctx, npc, outcome.stockChanged);
}

/**
 * KEY-SOLD-ONCE beyond one NPC's life: the keys each trader (by `npcs.dat` number) sold on this
 * map, kept while the map is loaded (VB6 wrote them into `NPCs.dat`; a restart lists them again
 * here). A trader that respawned with its full list forgets them when its window next opens.
 */
const soldKeys = new WeakMap<MapContext, Map<number, Set<number>>>();

function soldKeysOf(ctx: MapContext, npcNumber: number): Set<number> {
  let byNpc = soldKeys.get(ctx);
  if (byNpc === undefined) {
    byNpc = new Map();
    soldKeys.set(ctx, byNpc);
  }
  let keys = byNpc.get(npcNumber);
  if (keys === undefined) {
    keys = new Set();
    byNpc.set(npcNumber, keys);
  }
  return keys;
}

function forgetSoldKeys(ctx: MapContext, npc: NpcEntity): void {
  const shop = npc.shop;
  const keys = npc.npcNumber === null ? undefined : soldKeys.get(ctx)?.get(npc.npcNumber);
  if (shop === null || keys === undefined) return;
  for (const key of keys) {
    if (!shop.template.lines.some((line) => line.objectId === key)) continue;
    shop.template = withoutKeyLines(shop.template, key);
    shop.stock = { slots: shop.stock.slots.map((slot) => (slot.objectId === key ? { objectId: 0, amount: 0 } : slot)) };
  }
}

/** `CommerceSell` (inventory slot, amount): §7.5. */
export function commerceSell(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CommerceSell">): void {
  const npc = shopInUse(ctx, player);
  const shop = npc?.shop;
  if (!npc || !shop) return;
  const outcome = sellToShop(player.inventory, shop.stock, shop.template, fields.slot, fields.amount, {
    seller: { class: player.record.class, level: player.record.level },
    catalog: ctx.items,
    config: ctx.rules.commerce ?? DEFAULT_COMMERCE_CONFIG,
  });
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "skin":
      case "newbie_item":
      case "destroys":
      case "untradeable":
      case "not_interested":
      case "rank":
        ctx.tell(player, MESSAGES.saleRefused(outcome.reason));
        return;
      default:
        // A bad slot or amount, an empty slot: VB6 answers nothing.
        return;
    }
  }
  player.inventory = outcome.inventory;
  for (const slot of outcome.changed) ctx.view.send(player, ctx.packets.changeInventorySlot(slotFrame(ctx.items, player, slot)));
  ctx.view.send(player, ctx.packets.updateGold(player.inventory.gold));
  afterUnequip(ctx, player, outcome.unequipped);
  shop.stock = outcome.stock;
  showStockChanges(ctx, npc, outcome.stockChanged);
}

/**
 * `UpdateNpcInvToAll`: every player whose window is open on this NPC gets the changed slots, each
 * with its own price and `canUse`. (VB6 sends only the traded slot even when a restock reloaded
 * the whole list; every changed slot is sent here.)
 */
function showStockChanges(ctx: MapContext, npc: NpcEntity, slots: readonly number[]): void {
  const shop = npc.shop;
  if (shop === null || slots.length === 0) return;
  for (const viewer of ctx.store.players()) {
    if (viewer.trading !== npc) continue;
    const skill = tradeSkillOf(viewer);
    const canUse = canUseFor(viewer);
    for (const slot of slots) ctx.view.send(viewer, ctx.packets.changeNpcInventorySlot(shopSlotView(shop.stock, slot, ctx.items, skill, canUse)));
  }
}

// ------------------------------------------------------------------ shared

function tradeSkillOf(player: PlayerEntity): number {
  return player.record.skills[SKILL.Trade - 1] ?? 0;
}

function canUseFor(player: PlayerEntity): (item: ItemTemplate) => number {
  const wearer = wearerOf(player);
  return (item) => canUseObject(wearer, item);
}
