/**
 * Items on a map: the inventory packets (`Moveitem`, `DeleteItem`), equipping (`EquipItem`),
 * using (`UseItem`, `UseItemU`), and the ground (`Drop`, `PickUp`). The rules are pure functions
 * in `src/game/{inventory,equipment,item-use,ground}`; this system feeds them the player's state,
 * stores what they return and tells the clients (items-and-economy §3–§6).
 */
import type { BodiesByRace } from "../../game/character-creation/index.ts";
import { appearance, equipItem, inventorySlotView, unequipEffects, type EquipEffect, type Wearer } from "../../game/equipment/index.ts";
import { drop, pickUp, throwAtFeet, type GroundGrid, type GroundPile } from "../../game/ground/index.ts";
import {
  deleteItem,
  markUnequipped,
  moveItem,
  removeFromSlot,
  slotAt,
  spendGold,
  type Inventory,
  type ItemStack,
  type UnequippedSlot,
} from "../../game/inventory/index.ts";
import { useItem, type UseMethod } from "../../game/item-use/index.ts";
import { GOLD_OBJECT, ITEM_LOCALE_IDS, type ItemCatalog, type ItemLocaleName } from "../../game/items/index.ts";
import { deathOutcome, GHOST_BODY } from "../../game/vitals/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { vbRgb, type ClientPacketFields } from "../../protocol/index.ts";
import { isTrading, type PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import type { InventorySlotFrame } from "../map-packets.ts";
import { sendSpellSlot } from "./spells.ts";

/** Trigger 6 (`ZONAPELEA`, arena): dying there loses nothing. */
const TRIGGER_ARENA = 6;

/** `TextOverTile` colour of picked-up gold: RGB(212, 175, 55). */
const GOLD_TEXT_COLOUR = vbRgb(212, 175, 55);

// ------------------------------------------------------------------ views and looks

/** What the use and equip rules read of a player. */
export function wearerOf(player: PlayerEntity): Wearer {
  const { record } = player;
  return { level: record.level, class: record.class, race: record.race, gender: record.gender, skills: record.skills };
}

/** The `ChangeInventorySlot` fields of one slot. */
export function slotFrame(catalog: ItemCatalog, player: PlayerEntity, slot: number): InventorySlotFrame {
  // The wearer is also the seller the sale price is quoted to (class and level).
  return inventorySlotView(player.inventory, slot, catalog, wearerOf(player));
}

/** Every usable slot, in order: what the login burst sends. */
export function inventoryFrames(catalog: ItemCatalog, player: PlayerEntity): InventorySlotFrame[] {
  const frames: InventorySlotFrame[] = [];
  for (let slot = 1; slot <= player.inventory.usableSlots; slot++) frames.push(slotFrame(catalog, player, slot));
  return frames;
}

/**
 * Body, head and the weapon / shield / helmet animations from what is equipped (a ghost's own
 * when dead). Without a
 * balance table the world has no naked bodies: the record's own body stands in for them.
 */
export function applyLook(catalog: ItemCatalog, nakedBodies: BodiesByRace | null, player: PlayerEntity): void {
  if (isDead(player)) {
    // A ghost (`UserDie`): its body, no head, nothing drawn of what it carries.
    player.body = GHOST_BODY;
    player.head = 0;
    player.weapon = 0;
    player.shield = 0;
    player.helmet = 0;
    return;
  }
  const look = appearance({ race: player.record.race, gender: player.record.gender, head: player.record.head }, player.inventory, catalog, {
    nakedBodies: nakedBodies ?? uniformBodies(player.record.body),
  });
  player.body = look.body;
  player.head = look.head;
  player.weapon = look.weapon;
  player.shield = look.shield;
  player.helmet = look.helmet;
}

function uniformBodies(body: number): BodiesByRace {
  const pair = { male: body, female: body };
  return { 1: pair, 2: pair, 3: pair, 4: pair, 5: pair, 6: pair };
}

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

function applyEquipEffects(ctx: MapContext, player: PlayerEntity, effects: readonly EquipEffect[]): void {
  let redraw = false;
  for (const effect of effects) {
    switch (effect.kind) {
      case "sound":
        ctx.view.around(player.x, player.y, ctx.packets.playWave(effect.wave, player.x, player.y));
        break;
      case "notice":
        ctx.tell(player, MESSAGES.item(effect.notice));
        break;
      case "appearance":
        // VB6 `ChangeUserChar`: viewers get the char again even when nothing they draw changed.
        redraw = true;
        break;
      default:
        // Auras, magic damage/resistance, speed, gathering and amulet effects belong to systems
        // still to come (combat, spells, work); the equipment itself is already right.
        break;
    }
  }
  // Any equipment change may change what viewers draw.
  const before = `${player.body}/${player.head}/${player.weapon}/${player.shield}/${player.helmet}`;
  applyLook(ctx.items, ctx.nakedBodies, player);
  if (redraw || `${player.body}/${player.head}/${player.weapon}/${player.shield}/${player.helmet}` !== before) ctx.view.playerChanged(player);
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
    case "used": {
      player.useTimers = outcome.timers;
      if (outcome.cooldowns) player.cooldowns = outcome.cooldowns;
      const before = record.vitals;
      commit(ctx, player, outcome.inventory, outcome.changed, outcome.goldDelta);
      record.vitals = { ...outcome.vitals };
      sendVitalChanges(ctx, player, before);
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
      for (const stack of outcome.effect.dropAtFeet ?? []) placeAtFeet(ctx, player, stack);
      if (outcome.sound > 0) {
        const frame = ctx.packets.playWave(outcome.sound, player.x, player.y);
        if (outcome.effect.soundToMap) ctx.view.everyone(frame);
        else ctx.view.around(player.x, player.y, frame);
      }
      if (outcome.notice && isItemLocaleName(outcome.notice)) ctx.tell(player, MESSAGES.item(outcome.notice));
      // A bow or throwing weapon: the client's target cursor; its click is `WorkLeftClick` (systems/ranged.ts).
      if (outcome.effect.requestTarget !== undefined) ctx.view.send(player, ctx.packets.workRequestTarget(outcome.effect.requestTarget));
      return;
    }
  }
}

function sendVitalChanges(ctx: MapContext, player: PlayerEntity, before: PlayerEntity["record"]["vitals"]): void {
  const after = player.record.vitals;
  player.minHp = after.hp;
  player.maxHp = after.maxHp;
  player.minMana = after.mana;
  player.maxMana = after.maxMana;
  const { packets, view } = ctx;
  if (after.hp !== before.hp) view.send(player, packets.updateHp(after.hp));
  if (after.mana !== before.mana) view.send(player, packets.updateMana(after.mana));
  if (after.stamina !== before.stamina) view.send(player, packets.updateStamina(after.stamina));
  if (after.food !== before.food || after.water !== before.water) view.send(player, packets.updateHungerAndThirst(after.food, after.water));
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

/** The map as the ground rules see it: terrain, who stands where, exits, piles. */
function groundGrid(ctx: MapContext): GroundGrid {
  const { store, terrain } = ctx;
  return {
    width: terrain.width,
    height: terrain.height,
    collision: terrain.collision,
    triggers: terrain.triggers,
    // The player's own tile counts as occupied too: the reach rule starts from it anyway, and
    // scattered gold never lands under the player (VB6 `LegalPos` in `Tilelibre`).
    occupied: (index) => store.occupantOf(index) !== 0,
    exit: (index) => terrain.exitAt((index % terrain.width) + 1, Math.floor(index / terrain.width) + 1) !== undefined,
    pile: (index) => {
      const object = store.objectAt((index % terrain.width) + 1, Math.floor(index / terrain.width) + 1);
      return object && { objectId: object.obj, amount: object.amount, tags: 0 };
    },
  };
}

function putPile(ctx: MapContext, x: number, y: number, pile: GroundPile): void {
  ctx.store.putObject({ x, y, obj: pile.objectId, amount: pile.amount });
  ctx.view.around(x, y, ctx.packets.objectCreate(x, y, pile.objectId, pile.amount));
}

function removePile(ctx: MapContext, x: number, y: number): void {
  ctx.store.removeObject(x, y);
  ctx.view.around(x, y, ctx.packets.objectDelete(x, y));
}

/** Items that did not fit: thrown at the player's feet, scattered (`TirarItemAlPiso`); lost when no tile has room. */
function placeAtFeet(ctx: MapContext, player: PlayerEntity, stack: ItemStack): void {
  const placed = throwAtFeet(groundGrid(ctx), player.x, player.y, stack, ctx.items, { water: false, land: true });
  if (placed) putPile(ctx, placed.x, placed.y, placed);
}

// ------------------------------------------------------------------ death

/**
 * `TirarTodosLosItems` as `game/vitals` `deathOutcome` decides it (the gold above what the level
 * keeps, every slot whose item falls), each thrown whole on the nearest free tile (lost when none
 * has room). Nothing falls on an arena tile. Returns the equipped slots that went with them.
 */
export function dropOnDeath(ctx: MapContext, player: PlayerEntity): UnequippedSlot[] {
  const onArenaTile = ctx.terrain.triggers[ctx.store.tile(player.x, player.y)] === TRIGGER_ARENA;
  const outcome = deathOutcome(
    { inventory: player.inventory, level: player.record.level, ordinaryPlayer: true, onArenaTile, mapDropsItems: true },
    ctx.items,
    ctx.random,
  );
  const unequipped: UnequippedSlot[] = [];
  let inventory = player.inventory;
  const changed = new Set<number>();
  if (outcome.goldDropped > 0) {
    const spent = spendGold(inventory, outcome.goldDropped);
    if (spent.ok) {
      inventory = spent.inventory;
      for (const amount of outcome.goldStacks) dropAround(ctx, player.x, player.y, { objectId: GOLD_OBJECT, amount });
    }
  }
  for (const falling of outcome.fallingSlots) {
    const removed = removeFromSlot(inventory, falling.slot, falling.amount);
    if (!removed.ok) continue;
    inventory = removed.inventory;
    for (const each of removed.changed) changed.add(each);
    unequipped.push(...removed.unequipped);
    dropAround(ctx, player.x, player.y, { objectId: falling.objectId, amount: falling.amount, tags: falling.tags });
  }
  commit(ctx, player, inventory, [...changed], inventory.gold - player.inventory.gold);
  return unequipped;
}

/** A stack thrown on the nearest free tile around (x, y) (`TirarItemAlPiso`, an NPC's gold and drops); lost when none has room. */
export function dropAround(ctx: MapContext, x: number, y: number, stack: ItemStack): void {
  const placed = throwAtFeet(groundGrid(ctx), x, y, stack, ctx.items, { water: false, land: true });
  if (placed) putPile(ctx, placed.x, placed.y, placed);
}

/** Every equipped slot unequipped (a ghost wears nothing); the slots' new state is sent. */
export function unequipAll(ctx: MapContext, player: PlayerEntity): UnequippedSlot[] {
  const unequipped: UnequippedSlot[] = [];
  let inventory = player.inventory;
  const changed = new Set<number>();
  for (const slot of new Set(Object.values(inventory.equipped))) {
    if (slot === 0) continue;
    const objectId = slotAt(inventory, slot).objectId;
    const result = markUnequipped(inventory, slot);
    inventory = result.inventory;
    for (const each of result.changed) changed.add(each);
    if (result.kinds.length > 0) unequipped.push({ slot, objectId, kinds: result.kinds });
  }
  commit(ctx, player, inventory, [...changed], 0);
  return unequipped;
}

// ------------------------------------------------------------------ shared

/** Stores the rules' new inventory and tells the player about every slot and gold change. */
export function commit(ctx: MapContext, player: PlayerEntity, inventory: Inventory, changed: readonly number[], goldDelta: number): void {
  player.inventory = inventory;
  for (const slot of changed) ctx.view.send(player, ctx.packets.changeInventorySlot(slotFrame(ctx.items, player, slot)));
  if (goldDelta !== 0) ctx.view.send(player, ctx.packets.updateGold(inventory.gold));
}

/** Slots an action took off the player (a dropped or sold equipped item): effects and looks. */
export function afterUnequip(ctx: MapContext, player: PlayerEntity, unequipped: readonly UnequippedSlot[]): void {
  if (unequipped.length === 0) return;
  const effects: EquipEffect[] = [];
  for (const slot of unequipped) {
    const item = ctx.items.get(slot.objectId);
    if (item) effects.push(...unequipEffects(item, {}));
  }
  applyEquipEffects(ctx, player, effects);
}

function isDead(player: PlayerEntity): boolean {
  return player.record.vitals.hp <= 0;
}

function vitalsFull(player: PlayerEntity): boolean {
  const v = player.record.vitals;
  return v.hp >= v.maxHp && v.mana >= v.maxMana && v.food >= 100 && v.water >= 100;
}

function isItemLocaleName(name: string): name is ItemLocaleName {
  return Object.hasOwn(ITEM_LOCALE_IDS, name);
}
