/**
 * The inventory as the map keeps it (items-and-economy §3–§4): the one place a new inventory is
 * stored and told (`commit`), the slot frames (`ChangeInventorySlot`, `ChangeSpellSlot`), what a
 * player looks like from what it wears (`applyLook`), and what taking things off does
 * (`afterUnequip`). The rules are pure (`game/inventory`, `game/equipment`); items, shops, the
 * bank, trade, shots, death and level-ups all store their outcome through here.
 */
import type { BodiesByRace } from "../../game/character-creation/index.ts";
import { appearance, inventorySlotView, unequipEffects, type EquipEffect, type Wearer } from "../../game/equipment/index.ts";
import { markUnequipped, slotAt, type Inventory, type UnequippedSlot } from "../../game/inventory/index.ts";
import type { ItemCatalog } from "../../game/items/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { spellInSlot } from "../../game/spells/index.ts";
import { GHOST_BODY } from "../../game/vitals/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import type { InventorySlotFrame } from "../map-packets.ts";
import { isDead } from "./vitals.ts";

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

/** `ChangeInventorySlot` for every usable slot (VB6 `UpdateUserInv(True, …)`). */
export function sendWholeInventory(ctx: MapContext, player: PlayerEntity): void {
  for (const frame of inventoryFrames(ctx.items, player)) ctx.view.send(player, ctx.packets.changeInventorySlot(frame));
}

/** `UpdateUserHechizos(False, slot)`: one slot of the spell book (a scroll learnt, a move). */
export function sendSpellSlot(ctx: MapContext, player: PlayerEntity, slot: number): void {
  const spellId = spellInSlot(player.record.spells, slot);
  ctx.view.send(player, ctx.packets.changeSpellSlot(slot, spellId, spellBindable(ctx, spellId)));
}

type SpellTable = NonNullable<NonNullable<MapContext["tables"]>["spells"]>;
const bindableSpells = new WeakMap<SpellTable, ReadonlyMap<number, boolean>>();

/**
 * Whether spell `spellId` of the world's Hechizos.dat is `IsBindable` (VB6 `eIsBindable`): sent with
 * each `ChangeSpellSlot` (the stock client lets only those be dragged onto its hotkey bar) and
 * asked by `UseHKeySlot` (systems/hotkeys.ts). One set per table, shared by the worker's maps.
 */
export function spellBindable(ctx: MapContext, spellId: number): boolean {
  const table = ctx.tables?.spells;
  if (!table || spellId <= 0) return false;
  let set = bindableSpells.get(table);
  if (set === undefined) {
    // A number listed twice is the last one, as systems/spells.ts `spellOf` reads it.
    set = new Map(table.spells.map((spell) => [spell.id, spell.bindable]));
    bindableSpells.set(table, set);
  }
  return set.get(spellId) === true;
}

/** Stores the rules' new inventory and tells the player about every slot and gold change. */
export function commit(ctx: MapContext, player: PlayerEntity, inventory: Inventory, changed: readonly number[], goldDelta: number): void {
  player.inventory = inventory;
  for (const slot of changed) ctx.view.send(player, ctx.packets.changeInventorySlot(slotFrame(ctx.items, player, slot)));
  if (goldDelta !== 0) ctx.view.send(player, ctx.packets.updateGold(inventory.gold));
}

/**
 * Body, head and the weapon / shield / helmet animations from what is equipped (a ghost's own
 * when dead). Without a balance table the world has no naked bodies: the record's own body
 * stands in for them.
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

/**
 * What equipping or unequipping did besides the inventory: sounds and notices, then the looks
 * (viewers get the char again when what they draw changed, or when VB6 `ChangeUserChar` says so).
 */
export function applyEquipEffects(ctx: MapContext, player: PlayerEntity, effects: readonly EquipEffect[]): void {
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

/** `Desequipar` on one slot (nothing when it is 0): the slot's new state is sent. */
export function unequipSlot(ctx: MapContext, player: PlayerEntity, slot: number): void {
  if (slot === 0) return;
  const result = markUnequipped(player.inventory, slot);
  commit(ctx, player, result.inventory, result.changed, 0);
}
