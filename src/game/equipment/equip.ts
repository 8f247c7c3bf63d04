/**
 * Equipping and unequipping (items-and-economy §4.1, §4.3, §4.4): VB6 `HandleEquipItem`
 * (`Codigo/Protocol.bas`), `EquiparInvItem`, `Desequipar`, `EquipArrow`,
 * `ValidateEquippedArrow`, `EquipAura` (`Codigo/InvUsuario.bas`). The rules return the new
 * inventory and what else happens as values (`EquipEffect`): sounds and auras for the area,
 * console notices, stat packets to send, amulet effects to apply or revert, gathering to stop.
 * The visible look is recomputed from the new inventory with `appearance`.
 *
 * Quirk decisions: Q8 fixed (an equipped item can always be taken off: the `CanUseObject` and
 * body checks run only when putting something on). Also fixed, without a quirk id: faction
 * armour that will be refused for not-full vitals and a backpack without a body no longer
 * unequip the previous piece first.
 */
import {
  DisabledSlot,
  DONATOR_SUBTYPE_AURA,
  MagicEffect,
  ObjectFlag,
  ObjectType,
  equipmentKindOf,
  hasFlag,
  isBow,
  type EquipmentKind,
  type ItemCatalog,
  type ItemTemplate,
} from "../items/index.ts";
import { isUsableSlot, markEquipped, markUnequipped, slotAt, type Inventory, type UnequippedSlot } from "../inventory/index.ts";
import { bodyFor, canUseObject, type CanUseCode, type UseRuleOptions, type Wearer } from "./can-use.ts";

/** `SND_SACARARMA`: drawing a weapon without its own `SndAura`. */
export const SOUND_DRAW_WEAPON = 25;

/** `PrepareMessageAuraToChar` aura kinds (the last argument). */
export const AuraType = { Weapon: 1, Body: 2, Shield: 3, Head: 4, Amulet: 5, Ring: 6, RingOff: 7 } as const;

/** What the character's situation adds to the rules. */
export interface EquipContext {
  readonly wearer: Wearer;
  readonly dead?: boolean;
  readonly sailing?: boolean;
  readonly mounted?: boolean;
  /** Inside the jail area (`IsInMapCarcelRestrictedArea`): jail objects only work there. */
  readonly inJailArea?: boolean;
  /** `flags.DisabledSlot` bits (`DisabledSlot`) an effect set. */
  readonly disabledSlots?: number;
  /** On a `ZonaSegura` trigger or a `Seguro=1` map (faction armour needs full vitals elsewhere). */
  readonly safeZone?: boolean;
  /** HP, mana, food and water all at their maximum. */
  readonly vitalsFull?: boolean;
  /** The special-fish minigame runs: a tool cannot be taken off. */
  readonly specialFishing?: boolean;
  readonly rules?: UseRuleOptions;
}

/** Something that happens besides the inventory change. */
export type EquipEffect =
  /** A wave to the area (`PlayWave`). */
  | { readonly kind: "sound"; readonly wave: number }
  /** `AuraToChar`: `grh` "" removes the aura of that type. */
  | { readonly kind: "aura"; readonly auraType: number; readonly grh: string }
  /** A console notice (names in `ITEM_LOCALE_IDS`). */
  | { readonly kind: "notice"; readonly notice: "shield_removed_for_two_handed" | "two_handed_removed_for_shield" | "arrows_unequipped" }
  /** `UpdateDM` (magic damage) / `UpdateRM` (magic resistance) to the player. */
  | { readonly kind: "update_magic_damage" }
  | { readonly kind: "update_magic_resistance" }
  /** Gathering and the work macro stop (a tool changed or a weapon replaced it). */
  | { readonly kind: "stop_gathering" }
  /** Walking speed depends on the armour (`ActualizarVelocidadDeUsuario`). */
  | { readonly kind: "update_speed" }
  /** An amulet's `EfectoMagico` to apply (equip) or revert (unequip), with its data. */
  | { readonly kind: "magic_effect"; readonly apply: boolean; readonly item: ItemTemplate }
  /** Body, head or an animation changed: recompute `appearance` and send `CharacterChange`. */
  | { readonly kind: "appearance" };

export type EquipRefusal =
  | "dead"
  | "bad_slot"
  | "empty_slot"
  | "unknown_object"
  | "cannot_use"
  | "jail_object"
  | "slot_disabled"
  | "not_equippable"
  | "no_body"
  | "needs_full_vitals"
  | "no_bow"
  | "not_a_bow"
  | "arrow_too_strong"
  | "special_fishing";

export type EquipOutcome =
  | {
      readonly ok: true;
      readonly action: "equipped" | "unequipped";
      readonly kind: EquipmentKind;
      readonly slot: number;
      readonly inventory: Inventory;
      /** Slots whose `ChangeInventorySlot` must be sent, ascending. */
      readonly changed: readonly number[];
      /** Other slots taken off on the way (the previous weapon, a shield for a two-handed weapon…). */
      readonly unequipped: readonly UnequippedSlot[];
      readonly effects: readonly EquipEffect[];
    }
  | { readonly ok: false; readonly reason: EquipRefusal; readonly canUse?: CanUseCode };

/** The `DisabledSlot` bit that blocks a kind (rings and backpacks have none). */
const DISABLED_BIT: Partial<Record<EquipmentKind, number>> = {
  weapon: DisabledSlot.Weapon,
  tool: DisabledSlot.Tool,
  amulet: DisabledSlot.MagicItem,
  ammunition: DisabledSlot.Ammunition,
  armor: DisabledSlot.Armor,
  helmet: DisabledSlot.Helmet,
  shield: DisabledSlot.Shield,
};

interface Work {
  inventory: Inventory;
  changed: Set<number>;
  unequipped: UnequippedSlot[];
  effects: EquipEffect[];
}

/**
 * `Desequipar`: takes off whatever is equipped in `slot` and says what follows from it. A slot
 * that is not equipped (or holds an unknown object) is only re-sent.
 */
function takeOff(work: Work, slot: number, catalog: ItemCatalog, context: EquipContext): void {
  const current = slotAt(work.inventory, slot);
  const item = catalog.get(current.objectId);
  const marked = markUnequipped(work.inventory, slot);
  if (marked.kinds.length === 0 && !current.equipped) return;
  work.inventory = marked.inventory;
  work.changed.add(slot);
  work.unequipped.push({ slot, objectId: current.objectId, kinds: marked.kinds });
  if (item !== undefined) work.effects.push(...unequipEffects(item, context));
}

/** What `Desequipar` does besides clearing the slot, per object type (also for §4.4 removals). */
export function unequipEffects(item: ItemTemplate, context: Pick<EquipContext, "sailing" | "mounted">): EquipEffect[] {
  switch (item.type) {
    case ObjectType.Weapon:
      return [
        { kind: "aura", auraType: AuraType.Weapon, grh: "" },
        ...(context.mounted === true ? [] : [{ kind: "appearance" } as const]),
        ...(item.magicDamageBonus > 0 ? [{ kind: "update_magic_damage" } as const] : []),
      ];
    case ObjectType.WorkingTool:
      return [{ kind: "stop_gathering" }, ...(context.mounted === true ? [] : [{ kind: "appearance" } as const])];
    case ObjectType.Amulet:
      return [
        { kind: "magic_effect", apply: false, item },
        ...(item.magicEffect === MagicEffect.ProtectedResources ? [{ kind: "appearance" } as const] : []),
        { kind: "aura", auraType: AuraType.Amulet, grh: "" },
      ];
    case ObjectType.Armor:
      return [
        ...(context.sailing === true || context.mounted === true ? [] : [{ kind: "appearance" } as const]),
        { kind: "aura", auraType: AuraType.Body, grh: "" },
        { kind: "update_speed" },
        ...(item.magicResistance > 0 ? [{ kind: "update_magic_resistance" } as const] : []),
      ];
    case ObjectType.Helmet:
      return [
        { kind: "aura", auraType: AuraType.Head, grh: "" },
        { kind: "appearance" },
        ...(item.magicResistance > 0 ? [{ kind: "update_magic_resistance" } as const] : []),
      ];
    case ObjectType.Shield:
      return [
        { kind: "aura", auraType: AuraType.Shield, grh: "" },
        ...(context.mounted === true ? [] : [{ kind: "appearance" } as const]),
        ...(item.magicResistance > 0 ? [{ kind: "update_magic_resistance" } as const] : []),
      ];
    case ObjectType.Ring:
    case ObjectType.MagicalInstrument:
      return [{ kind: "aura", auraType: AuraType.RingOff, grh: "" }, { kind: "update_magic_resistance" }, { kind: "update_magic_damage" }];
    case ObjectType.Backpack:
      return [
        ...(context.sailing === true || context.mounted === true ? [] : [{ kind: "appearance" } as const]),
        { kind: "aura", auraType: AuraType.Body, grh: "" },
      ];
    default:
      return [];
  }
}

function done(work: Work, action: "equipped" | "unequipped", kind: EquipmentKind, slot: number): Extract<EquipOutcome, { ok: true }> {
  work.changed.add(slot);
  return {
    ok: true,
    action,
    kind,
    slot,
    inventory: work.inventory,
    changed: [...work.changed].sort((a, b) => a - b),
    unequipped: work.unequipped,
    effects: work.effects,
  };
}

/**
 * `eEquipItem` on an inventory slot: toggles it. An equipped slot is taken off; anything else is
 * put on if the character may use it, replacing the piece of the same kind.
 */
export function equipItem(inventory: Inventory, slot: number, catalog: ItemCatalog, context: EquipContext): EquipOutcome {
  if (context.dead === true) return { ok: false, reason: "dead" };
  if (!isUsableSlot(inventory, slot)) return { ok: false, reason: "bad_slot" };
  const current = slotAt(inventory, slot);
  if (current.objectId === 0 || current.amount <= 0) return { ok: false, reason: "empty_slot" };
  const item = catalog.get(current.objectId);
  if (item === undefined) return { ok: false, reason: "unknown_object" };
  const kind = equipmentKindOf(item);
  // Ships and saddles are used (§5.4), not equipped; other types just get their slot re-sent.
  if (kind === null || kind === "ship" || kind === "saddle") return { ok: false, reason: "not_equippable" };
  const wearing = current.equipped;
  // Q8 fixed: only putting on is checked; VB6 checked first, so an item one can no longer use
  // (past `MaxLEV`, say) could not be taken off.
  if (!wearing) {
    const code = canUseObject(context.wearer, item, context.rules);
    if (code !== 0) return { ok: false, reason: "cannot_use", canUse: code };
    if (hasFlag(item, ObjectFlag.JailObject) && context.inJailArea !== true) return { ok: false, reason: "jail_object" };
  }
  const bit = DISABLED_BIT[kind];
  if (bit !== undefined && ((context.disabledSlots ?? 0) & bit) !== 0) return { ok: false, reason: "slot_disabled" };
  const work: Work = { inventory, changed: new Set(), unequipped: [], effects: [] };
  if (wearing) {
    if (kind === "tool" && context.specialFishing === true) return { ok: false, reason: "special_fishing" };
    takeOff(work, slot, catalog, context);
    work.unequipped = [];
    return done(work, "unequipped", kind, slot);
  }
  switch (kind) {
    case "weapon":
      return equipWeapon(work, slot, item, catalog, context);
    case "tool":
      replace(work, "tool", catalog, context);
      replace(work, "weapon", catalog, context);
      work.inventory = markEquipped(work.inventory, slot, "tool").inventory;
      work.effects.push({ kind: "stop_gathering" });
      if (context.mounted !== true && context.sailing !== true) work.effects.push({ kind: "appearance" });
      return done(work, "equipped", kind, slot);
    case "amulet":
      replace(work, "amulet", catalog, context);
      work.inventory = markEquipped(work.inventory, slot, "amulet").inventory;
      work.effects.push({ kind: "magic_effect", apply: true, item });
      if (item.magicEffect === MagicEffect.ProtectedResources && context.sailing !== true && context.mounted !== true) work.effects.push({ kind: "appearance" });
      if (item.auraSound !== 0) work.effects.push({ kind: "sound", wave: item.auraSound });
      if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Amulet, grh: item.aura });
      return done(work, "equipped", kind, slot);
    case "ammunition":
      return equipArrows(work, slot, item, catalog, context);
    case "armor":
      return equipArmor(work, slot, item, catalog, context);
    case "helmet":
      replace(work, "helmet", catalog, context);
      if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Head, grh: item.aura });
      work.inventory = markEquipped(work.inventory, slot, "helmet").inventory;
      if (context.sailing !== true) work.effects.push({ kind: "appearance" });
      if (item.magicResistance > 0) work.effects.push({ kind: "update_magic_resistance" });
      return done(work, "equipped", kind, slot);
    case "shield":
      return equipShield(work, slot, item, catalog, context);
    case "ring":
      replace(work, "ring", catalog, context);
      work.inventory = markEquipped(work.inventory, slot, "ring").inventory;
      work.effects.push(item.type === ObjectType.Ring ? { kind: "update_magic_resistance" } : { kind: "update_magic_damage" });
      if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Ring, grh: item.aura });
      return done(work, "equipped", kind, slot);
    case "backpack": {
      if (bodyFor(item, context.wearer.race, context.wearer.gender) === 0) return { ok: false, reason: "no_body" };
      replace(work, "backpack", catalog, context);
      if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Body, grh: item.aura });
      work.inventory = markEquipped(work.inventory, slot, "backpack").inventory;
      if (context.mounted !== true && context.sailing !== true) work.effects.push({ kind: "appearance" });
      return done(work, "equipped", kind, slot);
    }
    case "aura":
      // `EquipAura`: one donator aura at a time; only flags change.
      if (item.subType !== DONATOR_SUBTYPE_AURA) return { ok: false, reason: "not_equippable" };
      replace(work, "aura", catalog, context);
      work.inventory = markEquipped(work.inventory, slot, "aura").inventory;
      return done(work, "equipped", kind, slot);
  }
}

/** Takes off the piece currently equipped as `kind`, if any. */
function replace(work: Work, kind: EquipmentKind, catalog: ItemCatalog, context: EquipContext): void {
  const slot = work.inventory.equipped[kind];
  if (slot !== 0) takeOff(work, slot, catalog, context);
}

function equipWeapon(work: Work, slot: number, item: ItemTemplate, catalog: ItemCatalog, context: EquipContext): EquipOutcome {
  replace(work, "weapon", catalog, context);
  if (work.inventory.equipped.tool !== 0) {
    replace(work, "tool", catalog, context);
    work.effects.push({ kind: "stop_gathering" });
  }
  work.inventory = markEquipped(work.inventory, slot, "weapon").inventory;
  validateArrows(work, item, catalog, context);
  if (item.twoHanded && work.inventory.equipped.shield !== 0) {
    replace(work, "shield", catalog, context);
    work.effects.push({ kind: "notice", notice: "shield_removed_for_two_handed" });
  }
  work.effects.push({ kind: "sound", wave: item.auraSound === 0 ? SOUND_DRAW_WEAPON : item.auraSound });
  if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Weapon, grh: item.aura });
  if (item.magicDamageBonus > 0) work.effects.push({ kind: "update_magic_damage" });
  if (context.mounted !== true && context.sailing !== true) work.effects.push({ kind: "appearance" });
  return done(work, "equipped", "weapon", slot);
}

/** `ValidateEquippedArrow`: a new bow of a lower category than the arrows drops the arrows. */
function validateArrows(work: Work, bow: ItemTemplate, catalog: ItemCatalog, context: EquipContext): void {
  const arrowSlot = work.inventory.equipped.ammunition;
  if (arrowSlot === 0 || !isBow(bow)) return;
  const arrows = catalog.get(slotAt(work.inventory, arrowSlot).objectId);
  if (arrows !== undefined && bow.bowCategory < arrows.arrowCategory) {
    takeOff(work, arrowSlot, catalog, context);
    work.effects.push({ kind: "notice", notice: "arrows_unequipped" });
  }
}

/** `EquipArrow`: needs an equipped bow (`isBow`) whose `BowCategory` reaches the arrows' `ArrowCategory`. */
function equipArrows(work: Work, slot: number, item: ItemTemplate, catalog: ItemCatalog, context: EquipContext): EquipOutcome {
  const weaponSlot = work.inventory.equipped.weapon;
  const bow = weaponSlot === 0 ? undefined : catalog.get(slotAt(work.inventory, weaponSlot).objectId);
  if (bow === undefined) return { ok: false, reason: "no_bow" };
  if (!isBow(bow)) return { ok: false, reason: "not_a_bow" };
  if (item.arrowCategory > bow.bowCategory) return { ok: false, reason: "arrow_too_strong" };
  replace(work, "ammunition", catalog, context);
  work.inventory = markEquipped(work.inventory, slot, "ammunition").inventory;
  return done(work, "equipped", "ammunition", slot);
}

function equipArmor(work: Work, slot: number, item: ItemTemplate, catalog: ItemCatalog, context: EquipContext): EquipOutcome {
  if (bodyFor(item, context.wearer.race, context.wearer.gender) === 0) return { ok: false, reason: "no_body" };
  // Faction armour outside a safe zone needs full vitals (checked before the old armour comes off).
  if ((item.royal > 0 || item.chaos > 0) && context.safeZone !== true && context.vitalsFull !== true) return { ok: false, reason: "needs_full_vitals" };
  replace(work, "armor", catalog, context);
  if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Body, grh: item.aura });
  work.inventory = markEquipped(work.inventory, slot, "armor").inventory;
  work.effects.push({ kind: "update_speed" });
  if (context.mounted !== true && context.sailing !== true) work.effects.push({ kind: "appearance" });
  if (item.magicResistance > 0) work.effects.push({ kind: "update_magic_resistance" });
  return done(work, "equipped", "armor", slot);
}

function equipShield(work: Work, slot: number, item: ItemTemplate, catalog: ItemCatalog, context: EquipContext): EquipOutcome {
  replace(work, "shield", catalog, context);
  const weaponSlot = work.inventory.equipped.weapon;
  const weapon = weaponSlot === 0 ? undefined : catalog.get(slotAt(work.inventory, weaponSlot).objectId);
  if (weapon?.twoHanded === true) {
    takeOff(work, weaponSlot, catalog, context);
    work.effects.push({ kind: "notice", notice: "two_handed_removed_for_shield" });
  }
  if (item.aura !== "") work.effects.push({ kind: "aura", auraType: AuraType.Shield, grh: item.aura });
  work.inventory = markEquipped(work.inventory, slot, "shield").inventory;
  if (item.magicResistance > 0) work.effects.push({ kind: "update_magic_resistance" });
  work.effects.push({ kind: "appearance" });
  return done(work, "equipped", "shield", slot);
}

/**
 * `Desequipar` on its own (death, a skin, an effect): takes off the slot if it is equipped.
 * Returns null when there was nothing to take off.
 */
export function unequipItem(
  inventory: Inventory,
  slot: number,
  catalog: ItemCatalog,
  context: Pick<EquipContext, "sailing" | "mounted">,
): Extract<EquipOutcome, { ok: true }> | null {
  const current = slotAt(inventory, slot);
  const item = catalog.get(current.objectId);
  const kind = item === undefined ? null : equipmentKindOf(item);
  if (kind === null) return null;
  const work: Work = { inventory, changed: new Set(), unequipped: [], effects: [] };
  takeOff(work, slot, catalog, { wearer: { level: 0, class: 0, race: 0, gender: 0, skills: [] }, ...context });
  if (work.unequipped.length === 0) return null;
  work.unequipped = [];
  return done(work, "unequipped", kind, slot);
}
