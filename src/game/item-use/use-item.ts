/**
 * Using an inventory item (items-and-economy §5.1, §5.2): VB6 `HandleUseItem` /
 * `HandleUseItemU` (`Codigo/Protocol.bas`) and `UseInvItem` (`Codigo/InvUsuario.bas`). The
 * common checks run in VB6 order, then the effect by object type. Effects on the character come
 * back as values (new vitals, deltas, what to show); random rolls come from the injected
 * `Random`. Types whose systems do not exist yet answer `not_available` after the same checks
 * and interval VB6 applies to them.
 *
 * Quirk decisions: Q9 kept (a melee weapon used by double click spends the U-key timer and vice
 * versa); Q10 fixed (food with a too-low rider level is refused before its food value counts);
 * Q12 kept (the random-head potion is always consumed).
 */
import { MAX_FOOD, MAX_WATER } from "../character-creation/index.ts";
import { canUseObject, factionAllows, CITIZEN } from "../equipment/index.ts";
import {
  AMULET_SUBTYPE_TARGET_USABLE,
  DONATOR_SUBTYPE_TRAVEL,
  MagicEffect,
  ObjectFlag,
  ObjectType,
  hasFlag,
  isNewbieLevel,
  isSkinType,
  type ItemTemplate,
} from "../items/index.ts";
import { addGold, putItem, slotAt, isUsableSlot, type Inventory, type ItemStack } from "../inventory/index.ts";
import { WorkSkill } from "../../protocol/index.ts";
import { randomInt } from "../../random/index.ts";
import {
  BOTTLE_WATER_DISTANCE,
  DAGGER_OBJECT,
  SOUND_DRINK,
  SOUND_EAT,
  USE_CLICK_INTERVAL_MS,
  USE_KEY_INTERVAL_MS,
  WOOD_OBJECT,
} from "./constants.ts";
import { consume, notAvailable, raise, refuse, used, type UseContext, type UseDeps } from "./outcome.ts";
import { drinkPotion } from "./potions.ts";
import { learnSpellFromScroll, type ScrollRefusal } from "../spells/index.ts";
import type { UseEffect, UseMethod, UseOutcome, UseState } from "./types.ts";

/** An elapsed check on a timer that may never have run. */
function elapsed(last: number | null, now: number, interval: number): boolean {
  return last === null || now - last >= interval;
}

/**
 * Which timer a use spends (`UseInvItem` step 5): none for bows; melee weapons spend the U-key
 * timer on a double click and the click timer on the U key (Q9, kept); everything else the timer
 * of its own method.
 */
export function useTimerFor(item: ItemTemplate, method: UseMethod): "click" | "key" | null {
  if (item.type === ObjectType.Weapon) {
    if (item.projectile === 1) return null;
    return method === "click" ? "key" : "click";
  }
  return method;
}

/** `eUseItem` / `eUseItemU` on an inventory slot. */
export function useItem(state: UseState, slot: number, method: UseMethod, deps: UseDeps): UseOutcome {
  if (!isUsableSlot(state.inventory, slot)) return { kind: "ignored", reason: "bad_slot" };
  const current = slotAt(state.inventory, slot);
  if (current.objectId === 0 || current.amount <= 0) return { kind: "ignored", reason: "empty_slot" };
  const item = deps.catalog.get(current.objectId);
  if (item === undefined) return { kind: "ignored", reason: "unknown_object" };
  const conditions = state.conditions ?? {};
  if (conditions.stunned === true) return { kind: "refused", reason: "stunned" };
  const code = canUseObject(state.wearer, item);
  if (code !== 0) return { kind: "refused", reason: "cannot_use", canUse: code };
  const lastUse = state.cooldowns?.[item.cooldownType];
  if (lastUse !== undefined && deps.now - lastUse < item.cooldown) return { kind: "ignored", reason: "cooling_down" };
  if (hasFlag(item, ObjectFlag.UseOnSafeAreaOnly) && !state.place.safeMap) return { kind: "refused", reason: "safe_map_only" };
  const timer = useTimerFor(item, method);
  let timers = state.timers;
  if (timer !== null) {
    const interval = timer === "click" ? USE_CLICK_INTERVAL_MS : USE_KEY_INTERVAL_MS;
    if (!elapsed(timers[timer], deps.now, interval)) return { kind: "ignored", reason: "too_soon" };
    timers = { ...timers, [timer]: deps.now };
  }
  const stopMeditating = conditions.meditating === true;
  // Step 7 repeats the level checks; only the newbie one exempts game masters.
  const gm = state.wearer.gm === true;
  if (item.newbie && !isNewbieLevel(state.wearer.level) && !gm) return { kind: "refused", reason: "newbie_only", timers, stopMeditating };
  if (state.wearer.level < item.minLevel || (item.maxLevel > 0 && state.wearer.level > item.maxLevel)) {
    return { kind: "refused", reason: "level", timers, stopMeditating };
  }
  return applyEffect({ state, item, slot, deps, timers, stopMeditating });
}

function applyEffect(context: UseContext): UseOutcome {
  const { state, item } = context;
  const dead = state.conditions?.dead === true;
  if (isSkinType(item.type)) return notAvailable(context, "skins");
  switch (item.type) {
    case ObjectType.Food:
      return eat(context, dead);
    case ObjectType.GoldCoin: {
      // The whole stack goes to the wallet.
      if (dead) return refuse(context, "dead");
      const amount = slotAt(state.inventory, context.slot).amount;
      const gold = addGold(state.inventory, amount);
      if (!gold.ok) return refuse(context, "gold_overflow");
      const emptied = consume(context, gold.inventory, amount);
      return used(context, { ...emptied, goldDelta: amount, consumed: amount });
    }
    case ObjectType.Weapon:
      return useWeapon(context, dead);
    case ObjectType.WorkingTool:
    case ObjectType.Mineral:
      if (dead) return refuse(context, "dead");
      if (state.vitals.stamina <= 0) return refuse(context, "too_tired");
      if (item.type === ObjectType.WorkingTool && !slotAt(state.inventory, context.slot).equipped) return refuse(context, "equip_tool_first");
      return notAvailable(context, "work");
    case ObjectType.Potion:
      if (dead) return refuse(context, "dead");
      return drinkPotion(context);
    case ObjectType.Drink:
      return drink(context, dead);
    case ObjectType.EmptyBottle:
      return fillBottle(context, dead);
    case ObjectType.FullBottle:
      return drinkBottle(context, dead);
    case ObjectType.SpellScroll:
      return learnSpell(context, dead);
    case ObjectType.MusicalInstrument:
      return playInstrument(context, dead);
    case ObjectType.Key:
      // The doors system decides (map/systems/doors.ts, `game/doors`): the ring, the targeted door, Msg895 for a ghost.
      return { kind: "key", objectId: item.id, slot: context.slot, timers: context.timers, stopMeditating: context.stopMeditating };
    case ObjectType.Ship:
      return notAvailable(context, "sailing");
    case ObjectType.Saddle:
      if (dead) return refuse(context, "dead");
      return notAvailable(context, "mounts");
    case ObjectType.RecallStone:
    case ObjectType.PassageTicket:
      return notAvailable(context, "travel");
    case ObjectType.Donator:
      return item.subType === DONATOR_SUBTYPE_TRAVEL ? notAvailable(context, "travel") : used(context, {});
    case ObjectType.Chest:
      return openChest(context, dead);
    case ObjectType.Amulet:
      if (item.subType === AMULET_SUBTYPE_TARGET_USABLE) return notAvailable(context, "targeting");
      if (item.magicEffect === MagicEffect.ProtectedResources && item.applyEffectId > 0) return notAvailable(context, "effects");
      return used(context, {});
    case ObjectType.UsableOnTarget:
    case ObjectType.CastleSpawner:
      return notAvailable(context, "targeting");
    case ObjectType.Map:
      return used(context, { effect: { showMap: true } });
    case ObjectType.Quest:
      return notAvailable(context, "quests");
    case ObjectType.FactionPardon:
      return notAvailable(context, "faction");
    case ObjectType.CollectibleCard:
      return notAvailable(context, "cards");
    default:
      // Armour, helmets and the like: nothing happens, but the interval was spent.
      return used(context, {});
  }
}

/** Food (`otUseOnce`): hunger up to `MaxHam`, rider level from `JineteLevel`, eat sound. */
function eat(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  if (dead) return refuse(context, "dead");
  const riderLevel = state.riderLevel ?? 0;
  // Q10 fixed: VB6 added the food value before refusing a rider level that is not higher.
  if (item.riderLevel > 0 && riderLevel >= item.riderLevel) return refuse(context, "rider_level_too_low");
  const fed = raise(state.vitals, "food", item.hunger, state.maxFood ?? MAX_FOOD);
  const eaten = consume(context);
  const effect: UseEffect = { food: fed.applied, ...(item.riderLevel > 0 ? { riderLevel: item.riderLevel } : {}) };
  return used(context, { ...eaten, consumed: 1, vitals: fed.vitals, effect, sound: SOUND_EAT });
}

/** Weapons: bows and throwing weapons ask for a target (skill Proyectiles), the common dagger on wood lights a fire. */
function useWeapon(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  if (dead) return refuse(context, "dead");
  if (state.vitals.stamina <= 0) return refuse(context, "too_tired");
  const equipped = slotAt(state.inventory, context.slot).equipped;
  if (item.projectile === 1) {
    if (!equipped) return { kind: "ignored", reason: "not_equipped", timers: context.timers, stopMeditating: context.stopMeditating };
    if (state.conditions?.transformed === true) return refuse(context, "transformed");
    return used(context, { effect: { requestTarget: WorkSkill.Projectiles } });
  }
  // `TratarDeHacerFogata` when the last object looked at was Leña: the map does it (game/rest `makeTwigs`).
  if (state.lookedAtObject === WOOD_OBJECT && item.id === DAGGER_OBJECT) return used(context, { effect: { makeTwigs: true } });
  return used(context, {});
}

/** Drinks: water up to `MaxAGU`, `ApplyEffectId`, `SND1` or the drink sound. */
function drink(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  if (dead) return refuse(context, "dead");
  const watered = raise(state.vitals, "water", item.thirst, state.maxWater ?? MAX_WATER);
  const drunk = consume(context);
  const effect: UseEffect = { water: watered.applied, ...(item.applyEffectId > 0 ? { applyEffectId: item.applyEffectId } : {}) };
  return used(context, { ...drunk, consumed: 1, vitals: watered.vitals, effect, sound: item.sound !== 0 ? item.sound : SOUND_DRINK });
}

/** Swaps one unit of the used slot for one of `into`; what does not fit falls at the feet. */
function exchange(context: UseContext, into: number): { inventory: Inventory; changed: readonly number[]; dropAtFeet: ItemStack[] } {
  const taken = consume(context);
  const put = putItem(taken.inventory, { objectId: into, amount: 1 }, context.deps.catalog);
  if (put.ok) return { inventory: put.inventory, changed: [...new Set([...taken.changed, ...put.changed])].sort((a, b) => a - b), dropAtFeet: [] };
  return { ...taken, dropAtFeet: context.deps.catalog.get(into) === undefined ? [] : [{ objectId: into, amount: 1 }] };
}

/** Empty bottle: the looked-at tile must be water within distance 2; becomes `IndexAbierta`. */
function fillBottle(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  if (dead) return refuse(context, "dead");
  const tile = state.lookedAtTile;
  if (tile === undefined) return { kind: "ignored", reason: "no_target", timers: context.timers, stopMeditating: context.stopMeditating };
  if (!tile.water) return refuse(context, "no_water_there");
  if (Math.hypot(tile.x - state.place.x, tile.y - state.place.y) > BOTTLE_WATER_DISTANCE) return refuse(context, "water_too_far");
  const swapped = exchange(context, item.openIndex);
  return used(context, { ...swapped, consumed: 1, effect: swapped.dropAtFeet.length > 0 ? { dropAtFeet: swapped.dropAtFeet } : {} });
}

/** Full bottle: water up to `MaxAGU`; becomes `IndexCerrada` (the empty bottle). */
function drinkBottle(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  if (dead) return refuse(context, "dead");
  const watered = raise(state.vitals, "water", item.thirst, state.maxWater ?? MAX_WATER);
  const swapped = exchange(context, item.closedIndex);
  const effect: UseEffect = { water: watered.applied, ...(swapped.dropAtFeet.length > 0 ? { dropAtFeet: swapped.dropAtFeet } : {}) };
  return used(context, { ...swapped, consumed: 1, vitals: watered.vitals, effect });
}

/**
 * Spell scroll (`AgregarHechizo`, `Codigo/modHechizos.bas`): the spell rules' `learnSpellFromScroll`
 * (class and race may read it, food and water above 0, not known yet, a free slot); game masters
 * read any scroll. Learns `HechizoIndex` into the first free spell slot.
 */
function learnSpell(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  const reader = { dead, classId: state.wearer.class, race: state.wearer.race, gender: state.wearer.gender, food: state.vitals.food, water: state.vitals.water };
  const scroll = state.wearer.gm === true ? { ...item, forbiddenClasses: [], forbiddenRaces: [], allowedRaces: [] } : item;
  const learnt = learnSpellFromScroll(reader, scroll, state.spells ?? []);
  if (!learnt.ok) return refuse(context, SCROLL_REFUSALS[learnt.reason]);
  const read = consume(context);
  return used(context, { ...read, consumed: 1, effect: { learnedSpell: { slot: learnt.slot, spell: learnt.spellId } } });
}

/** The spell rules' refusals of a scroll, by the names the item rules answer with. */
const SCROLL_REFUSALS = {
  not_a_scroll: "cannot_learn",
  dead: "dead",
  cannot_read: "cannot_learn",
  too_hungry: "too_hungry_to_learn",
  already_known: "spell_known",
  book_full: "no_spell_slot",
  no_spell: "cannot_learn",
} as const satisfies Record<ScrollRefusal, string>;

/** Instruments: faction horns sound to the whole map (members only, not on safe maps). */
function playInstrument(context: UseContext, dead: boolean): UseOutcome {
  const { state, item } = context;
  if (dead) return refuse(context, "dead");
  if (item.royal !== 0 || item.chaos !== 0) {
    if (!factionAllows(item, state.wearer.faction ?? CITIZEN)) return refuse(context, item.royal !== 0 ? "horn_royal_only" : "horn_chaos_only");
    if (state.place.safeMap) return refuse(context, "horn_safe_map");
    return used(context, { sound: item.sound, effect: { soundToMap: true } });
  }
  return used(context, { sound: item.sound });
}

/**
 * Chest (loot box): consumed first; subtype 1 gives every entry, 2 `CantEntrega` random entries,
 * 3 each entry with odds 1 in `101 - Drop<i>`. What does not fit falls at the feet.
 */
function openChest(context: UseContext, dead: boolean): UseOutcome {
  const { item, deps } = context;
  if (dead) return refuse(context, "dead");
  const opened = consume(context);
  let inventory = opened.inventory;
  const changed = new Set(opened.changed);
  const received: ItemStack[] = [];
  const dropAtFeet: ItemStack[] = [];
  let goldDelta = 0;
  const give = (stack: ItemStack): void => {
    if (deps.catalog.get(stack.objectId) === undefined) return;
    received.push(stack);
    const put = putItem(inventory, stack, deps.catalog);
    if (!put.ok) {
      dropAtFeet.push(stack);
      return;
    }
    inventory = put.inventory;
    goldDelta += put.goldDelta;
    for (const slot of put.changed) changed.add(slot);
  };
  const entries = item.chestItems;
  if (item.subType === 1) {
    for (const entry of entries) give({ objectId: entry.objectId, amount: entry.amount });
  } else if (item.subType === 2) {
    for (let i = 0; i < item.chestDeliverCount && entries.length > 0; i++) {
      const entry = entries[randomInt(deps.random, 1, entries.length) - 1];
      if (entry !== undefined) give({ objectId: entry.objectId, amount: entry.amount });
    }
  } else if (item.subType === 3) {
    for (const entry of entries) {
      if (randomInt(deps.random, 1, 101 - entry.dropChance) === 1) give({ objectId: entry.objectId, amount: entry.amount });
    }
  }
  const effect: UseEffect = {
    received,
    ...(dropAtFeet.length > 0 ? { dropAtFeet } : {}),
    ...(item.fx !== 0 ? { fx: item.fx } : {}),
  };
  return used(context, { inventory, changed: [...changed].sort((a, b) => a - b), goldDelta, consumed: 1, effect, sound: item.sound, notice: "chest_opened" });
}
