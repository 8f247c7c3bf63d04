/**
 * Items on a map: the inventory packets (`Moveitem`, `DeleteItem`), equipping (`EquipItem`),
 * using (`UseItem`, `UseItemU`), and the ground (`Drop`, `PickUp`). The rules are pure functions
 * in `src/game/{inventory,equipment,item-use,ground}`; this system feeds them the player's state,
 * stores what they return and tells the clients (items-and-economy §3–§6).
 */
import { equipItem } from "../../game/equipment/index.ts";
import { drop, pickUp } from "../../game/ground/index.ts";
import { deleteItem, moveItem } from "../../game/inventory/index.ts";
import { useItem, type UseMethod } from "../../game/item-use/index.ts";
import { ITEM_LOCALE_IDS, type ItemLocaleName } from "../../game/items/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { useKeyItem } from "./doors.ts";
import { DEFAULT_EXP_SETTINGS } from "../../game/progression/index.ts";
import { vbRgb, type ClientPacketFields } from "../../protocol/index.ts";
import {
  afterUnequip,
  applyEquipEffects,
  applyLook,
  commit,
  dropAround,
  groundGrid,
  isDead,
  isTrading,
  putPile,
  removePile,
  sendSpellSlot,
  setVitals,
  wearerOf,
  type MapContext,
  type MapSystem,
  type PlayerEntity,
} from "../kernel/index.ts";
import { makeTwigsWithDagger } from "./rest.ts";

/** `TextOverTile` colour of picked-up gold: RGB(212, 175, 55). */
const GOLD_TEXT_COLOUR = vbRgb(212, 175, 55);
/**
 * The multipliers the world map window shows (`ExpMult`, `GoldMult` of VB6's server.ini): this
 * server runs at 1 and 1 (game/progression's defaults).
 */
const WORLD_MAP_EXP_MULTIPLIER = DEFAULT_EXP_SETTINGS.expMultiplier;
const WORLD_MAP_GOLD_MULTIPLIER = 1;

// ------------------------------------------------------------------ inventory packets

/** `Moveitem`: merge, swap or move two slots (§3.5). */
export function moveItemHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Moveitem">): void {
  const outcome = moveItem(player.inventory, fields.fromSlot, fields.toSlot, ctx.items);
  if (!outcome.ok) {
    if (outcome.reason === "slot_locked" || outcome.reason === "inventory_full") ctx.tell(player, MESSAGES.item(outcome.reason));
    return;
  }
  commit(ctx, player, outcome.inventory, outcome.changed, outcome.goldDelta);
}

/** `DeleteItem`: destroy an unequipped slot, on safe maps only (§3.6). */
export function deleteItemHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"DeleteItem">): void {
  const outcome = deleteItem(player.inventory, fields.slot, { skin: fields.isSkin, safeMap: ctx.definition.safe, dead: isDead(player) });
  if (!outcome.ok) {
    const told: Partial<Record<typeof outcome.reason, ItemLocaleName>> = {
      disabled: "delete_disabled",
      not_safe_map: "delete_not_safe_map",
      dead: "delete_dead",
      equipped: "delete_equipped",
    };
    const name = told[outcome.reason];
    if (name) ctx.tell(player, MESSAGES.item(name));
    return;
  }
  commit(ctx, player, outcome.inventory, outcome.changed, outcome.goldDelta);
  ctx.tell(player, MESSAGES.item("deleted"));
}

// ------------------------------------------------------------------ equipment

/** `EquipItem`: equip, or take off when already equipped (§4). */
export function equipItemHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"EquipItem">): void {
  if (fields.isSkin) {
    ctx.tell(player, MESSAGES.notAvailableYet());
    return;
  }
  const outcome = equipItem(player.inventory, fields.slot, ctx.items, {
    wearer: wearerOf(player),
    dead: isDead(player),
    safeZone: ctx.definition.safe,
    vitalsFull: vitalsFull(player),
  });
  if (!outcome.ok) {
    tellEquipRefusal(ctx, player, outcome.reason);
    return;
  }
  commit(ctx, player, outcome.inventory, outcome.changed, 0);
  applyEquipEffects(ctx, player, outcome.effects);
}

function tellEquipRefusal(ctx: MapContext, player: PlayerEntity, reason: string): void {
  switch (reason) {
    case "dead":
      ctx.tell(player, MESSAGES.item("equip_dead"));
      return;
    case "cannot_use":
      ctx.tell(player, MESSAGES.cannotUseItem());
      return;
    case "jail_object":
    case "slot_disabled":
    case "no_body":
    case "needs_full_vitals":
    case "no_bow":
    case "not_a_bow":
    case "arrow_too_strong":
      ctx.tell(player, MESSAGES.item(reason));
      return;
    default:
      // bad or empty slot, not equippable, unknown object: VB6 answers nothing.
      return;
  }
}

// ------------------------------------------------------------------ using items

export function useItemHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UseItem">): void {
  use(ctx, player, fields.slot, "click");
}

export function useItemKeyHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UseItemU">): void {
  use(ctx, player, fields.slot, "key");
}

function use(ctx: MapContext, player: PlayerEntity, slot: number, method: UseMethod): void {
  const { record } = player;
  const outcome = useItem(
    {
      inventory: player.inventory,
      wearer: wearerOf(player),
      vitals: record.vitals,
      head: record.head,
      spells: record.spells,
      conditions: { dead: isDead(player) },
      timers: player.useTimers,
      cooldowns: player.cooldowns,
      place: { x: player.x, y: player.y, safeMap: ctx.definition.safe },
      ...lookedAtObjectOf(ctx, player),
    },
    slot,
    method,
    { catalog: ctx.items, random: ctx.random, now: ctx.clock.now() },
  );
  switch (outcome.kind) {
    case "ignored":
      if (outcome.timers) player.useTimers = outcome.timers;
      return;
    case "refused":
      if (outcome.timers) player.useTimers = outcome.timers;
      if (outcome.reason === "cannot_use") ctx.tell(player, MESSAGES.cannotUseItem());
      else if (isItemLocaleName(outcome.reason)) ctx.tell(player, MESSAGES.item(outcome.reason));
      return;
    case "not_available":
      player.useTimers = outcome.timers;
      ctx.tell(player, MESSAGES.notAvailableYet());
      return;
    case "key":
      player.useTimers = outcome.timers;
      useKeyItem(ctx, player, outcome.slot, outcome.objectId);
      return;
    case "used": {
      player.useTimers = outcome.timers;
      if (outcome.cooldowns) player.cooldowns = outcome.cooldowns;
      commit(ctx, player, outcome.inventory, outcome.changed, outcome.goldDelta);
      setVitals(ctx, player, outcome.vitals);
      if (outcome.effect.learnedSpell) {
        const spells = [...record.spells];
        spells[outcome.effect.learnedSpell.slot - 1] = outcome.effect.learnedSpell.spell;
        record.spells = spells;
        // `AgregarHechizo` → `UpdateUserHechizos(False, slot)`.
        sendSpellSlot(ctx, player, outcome.effect.learnedSpell.slot);
      }
      if (outcome.effect.head !== undefined) {
        record.head = outcome.effect.head;
        applyLook(ctx.items, ctx.nakedBodies, player);
        ctx.view.playerChanged(player);
      }
      // Items that did not fit: thrown at the player's feet, scattered (`TirarItemAlPiso`); lost when no tile has room.
      for (const stack of outcome.effect.dropAtFeet ?? []) dropAround(ctx, player.x, player.y, stack);
      if (outcome.sound > 0) {
        const frame = ctx.packets.playWave(outcome.sound, player.x, player.y);
        if (outcome.effect.soundToMap) ctx.view.everyone(frame);
        else ctx.view.around(player.x, player.y, frame);
      }
      if (outcome.notice && isItemLocaleName(outcome.notice)) ctx.tell(player, MESSAGES.item(outcome.notice));
      // A bow or throwing weapon: the client's target cursor; its click is `WorkLeftClick` (systems/combat/ranged.ts).
      if (outcome.effect.requestTarget !== undefined) ctx.view.send(player, ctx.packets.workRequestTarget(outcome.effect.requestTarget));
      // The common dagger on Leña: twigs (systems/rest.ts, `TratarDeHacerFogata`).
      if (outcome.effect.makeTwigs) makeTwigsWithDagger(ctx, player);
      // A map (`otMap`): the world map window, with the server's multipliers (`WriteShowFrmMapa`).
      if (outcome.effect.showMap) ctx.view.send(player, ctx.packets.showWorldMap(WORLD_MAP_EXP_MULTIPLIER, WORLD_MAP_GOLD_MULTIPLIER));
      return;
    }
  }
}

/** The object on the tile last looked at (`flags.TargetObj`), when one lies there still. */
function lookedAtObjectOf(ctx: MapContext, player: PlayerEntity): { lookedAtObject?: number } {
  const tile = player.targetTile;
  if (tile === undefined || !ctx.store.isInside(tile.x, tile.y)) return {};
  const on = ctx.store.objectAt(tile.x, tile.y);
  return on === undefined ? {} : { lookedAtObject: on.obj };
}

// ------------------------------------------------------------------ the ground

/** `Drop`: a slot's units onto a reachable tile, or gold (slot 200) around the player (§6.4–6.5). */
export function dropHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Drop">): void {
  // VB6 `HandleDrop`: a player with a shop, vault or trade window open cannot drop (silently).
  if (isTrading(player)) return;
  const outcome = drop(
    { inventory: player.inventory, walker: { x: player.x, y: player.y }, level: player.record.level, class: player.record.class, dead: isDead(player) },
    groundGrid(ctx),
    fields.slot,
    fields.amount,
    fields.x,
    fields.y,
    { lastDrop: player.lastDropAt, now: ctx.clock.now() },
    ctx.items,
  );
  if (!outcome.ok) {
    if (outcome.lastDrop !== undefined) player.lastDropAt = outcome.lastDrop;
    if (outcome.silent !== true) ctx.tell(player, MESSAGES.item(outcome.reason));
    return;
  }
  player.lastDropAt = outcome.lastDrop;
  commit(ctx, player, outcome.inventory, outcome.changed, outcome.goldDelta);
  for (const pile of outcome.piles) putPile(ctx, pile.x, pile.y, pile);
  afterUnequip(ctx, player, outcome.unequipped);
}

/** `PickUp`: the pile under the player (or within reach) into the inventory (§6.3). */
export function pickUpHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"PickUp">): void {
  const outcome = pickUp(
    { inventory: player.inventory, walker: { x: player.x, y: player.y }, level: player.record.level, class: player.record.class, dead: isDead(player) },
    groundGrid(ctx),
    fields.x,
    fields.y,
    fields.destSlot,
    ctx.items,
  );
  if (!outcome.ok) {
    if (outcome.silent !== true) ctx.tell(player, MESSAGES.item(outcome.reason));
    return;
  }
  commit(ctx, player, outcome.inventory, outcome.changed, outcome.goldDelta);
  if (outcome.pileLeft === null) removePile(ctx, fields.x, fields.y);
  else putPile(ctx, fields.x, fields.y, outcome.pileLeft);
  if (outcome.show.kind === "gold_text") {
    ctx.view.send(player, ctx.packets.textOverTile(`+${outcome.show.amount}`, fields.x, fields.y, GOLD_TEXT_COLOUR));
  } else {
    ctx.view.send(player, ctx.packets.showPickUpObj(outcome.show.objectId, outcome.show.amount));
  }
}

function vitalsFull(player: PlayerEntity): boolean {
  const v = player.record.vitals;
  return v.hp >= v.maxHp && v.mana >= v.maxMana && v.food >= 100 && v.water >= 100;
}

function isItemLocaleName(name: string): name is ItemLocaleName {
  return Object.hasOwn(ITEM_LOCALE_IDS, name);
}

export const items: MapSystem = {
  name: "items",
  uses: ["rest", "doors"],
  packets: {
    Moveitem: moveItemHandler,
    DeleteItem: deleteItemHandler,
    EquipItem: equipItemHandler,
    UseItem: useItemHandler,
    UseItemU: useItemKeyHandler,
    Drop: dropHandler,
    PickUp: pickUpHandler,
  },
  playerState: () => ({ lastDropAt: null }),
};
