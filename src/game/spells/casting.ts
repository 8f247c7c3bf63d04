/**
 * The cast flow of §5.2 up to the effect: choosing a slot (`UseSpellSlot`), the click that casts
 * (`HandleWorkLeftClick`, skill Magia: range and the combo locks of §1.1), the checks of
 * `PuedeLanzar` in VB6's order, the target the spell needs (`LanzarHechizo`'s dispatch on
 * `Target`), and what a successful cast costs. Each answer is a value naming the refusal and the
 * locale id VB6 sends for it.
 */
import { castAllowed, type CombatClocks, type CombatIntervals, type CombatLock, DEFAULT_COMBAT_INTERVALS } from "../combat/index.ts";
import { SKILL } from "../progression/index.ts";
import { vbRound } from "../vb-math/index.ts";
import { CAST_CLICK_RANGE_X, CAST_CLICK_RANGE_Y, SPELL_MESSAGE, SpellClass, SpellTarget } from "./constants.ts";
import type { SpellBook } from "./spell-book.ts";
import { spellInSlot } from "./spell-book.ts";
import type { SpellCaster, SpellData, SpellRules } from "./spell-data.ts";
import { DEFAULT_SPELL_RULES } from "./spell-data.ts";

// ------------------------------------------------------------------ choosing a slot (eCastSpell)

/** What the caster's own state says before any spell is looked at. */
export interface CasterState {
  readonly dead: boolean;
  /** `IsStun`: stunned by a ranged hit (§5.5 Stun). */
  readonly stunned: boolean;
  /** `/DESCANSAR`. */
  readonly resting: boolean;
}

export type SpellSelection =
  /** Msg77 (dead) or Msg394 (stunned). */
  | { readonly kind: "refused"; readonly reason: "dead" | "stunned"; readonly message: number }
  /** A slot out of 1 … 40 or an empty slot: nothing happens. A resting caster's self-cast is dropped too. */
  | { readonly kind: "ignored" }
  /** `AutoLanzar=1`: cast on oneself right now (`LanzarHechizo`, no interval check, §5.2 step 1); meditation stops. */
  | { readonly kind: "cast_now"; readonly slot: number; readonly spellId: number }
  /** Ask the client for a target: `WorkRequestTarget(Magia, isArea, radius)`. */
  | { readonly kind: "request_target"; readonly slot: number; readonly spellId: number; readonly isArea: boolean; readonly radius: number };

/**
 * §5.2 step 1, `UseSpellSlot` (client `CastSpell`): dead or stunned → refused; a self-cast spell
 * goes off at once (not while resting); any other asks the client to pick a target (an area
 * spell with its radius). No interval is checked here.
 */
export function selectSpell(
  caster: CasterState,
  book: SpellBook,
  slot: number,
  spellOf: (spellId: number) => Pick<SpellData, "autoCast" | "areaAffects" | "areaRadius"> | undefined,
): SpellSelection {
  if (caster.dead) return { kind: "refused", reason: "dead", message: SPELL_MESSAGE.dead };
  if (caster.stunned) return { kind: "refused", reason: "stunned", message: SPELL_MESSAGE.stunned };
  const spellId = spellInSlot(book, slot);
  const spell = spellId > 0 ? spellOf(spellId) : undefined;
  if (spell === undefined) return { kind: "ignored" };
  if (spell.autoCast) return caster.resting ? { kind: "ignored" } : { kind: "cast_now", slot, spellId };
  return { kind: "request_target", slot, spellId, isArea: spell.areaAffects > 0, radius: spell.areaAffects > 0 ? spell.areaRadius : 0 };
}

// ------------------------------------------------------------------ the click (eWorkLeftClick, Magia)

export interface CastClick {
  readonly clocks: CombatClocks;
  readonly nowMs: number;
  /** Clicked tile minus the caster's tile. */
  readonly dx: number;
  readonly dy: number;
  /** The slot chosen by `CastSpell` (0 = none). */
  readonly selectedSlot: number;
}

export type CastClickOutcome =
  /** Dead, resting, stunned, or a click beyond 15 × 13 (VB6 logs it): nothing at all happens. */
  | { readonly kind: "ignored"; readonly reason: "dead" | "resting" | "stunned" | "out_of_range" }
  /** A combo lock refused (no message); meditation and logout were cancelled already. */
  | { readonly kind: "locked"; readonly lock: CombatLock; readonly clocks: CombatClocks }
  /** Msg587: no spell chosen; the cast timer was restarted anyway. */
  | { readonly kind: "no_spell_selected"; readonly message: number; readonly clocks: CombatClocks }
  /** Go on with `PuedeLanzar` (`checkCast`) and the target; the selection is cleared whatever happens next. */
  | { readonly kind: "cast"; readonly slot: number; readonly clocks: CombatClocks };

/**
 * §5.2 step 2: dead, resting or stunned → ignored; (meditation and a pending logout end here);
 * a tile beyond 15 columns or 13 rows → ignored; then the locks of §1.1 in VB6's order (bow,
 * melee→spell, cast; only the cast timer restarts, and it restarts even if the cast is refused
 * later for lack of mana or skill).
 */
export function clickToCast(caster: CasterState, click: CastClick, intervals: CombatIntervals = DEFAULT_COMBAT_INTERVALS): CastClickOutcome {
  if (caster.dead) return { kind: "ignored", reason: "dead" };
  if (caster.resting) return { kind: "ignored", reason: "resting" };
  if (caster.stunned) return { kind: "ignored", reason: "stunned" };
  if (Math.abs(click.dx) > CAST_CLICK_RANGE_X || Math.abs(click.dy) > CAST_CLICK_RANGE_Y) return { kind: "ignored", reason: "out_of_range" };
  const lock = castAllowed(click.clocks, click.nowMs, intervals);
  if (!lock.ok) return { kind: "locked", lock: lock.refusedBy, clocks: click.clocks };
  if (click.selectedSlot <= 0) return { kind: "no_spell_selected", message: SPELL_MESSAGE.selectSpellFirst, clocks: lock.clocks };
  return { kind: "cast", slot: click.selectedSlot, clocks: lock.clocks };
}

// ------------------------------------------------------------------ PuedeLanzar

/** What the clicked tile holds, as `LookatTile` found it. */
export type ClickedTarget =
  | { readonly kind: "user"; readonly self: boolean; readonly dead: boolean; readonly dy: number }
  | { readonly kind: "npc"; readonly dead: boolean; readonly immuneToSpells: boolean; readonly dy: number }
  | { readonly kind: "none" };

/** Where the cast happens, and the slot's own cooldown timer. */
export interface CastPlace {
  readonly nowMs: number;
  /** The map's `SinMagia`. */
  readonly noMagic: boolean;
  /** When this slot's spell was last cast (`UserHechizosInterval(slot)`), or null. */
  readonly slotLastCastAtMs: number | null;
}

export type CastRefusal =
  | "no_spell"
  | "immune_to_spells"
  | "self_only"
  | "dead"
  | "no_magic_zone"
  | "mounted"
  | "missing_object"
  | "cooldown"
  | "magic_skill"
  | "level_too_high"
  | "not_enough_hp"
  | "not_enough_mana"
  | "tired"
  | "needs_staff"
  | "staff_too_weak"
  | "needs_instrument"
  | "target_dead";

export type CastCheck =
  | {
      readonly ok: true;
      /** `GetSpellManaCostModifierByClass`, `GetSpellStaminaCost`, `RequiredHP`. */
      readonly manaCost: number;
      readonly staminaCost: number;
      readonly hpCost: number;
    }
  | {
      readonly ok: false;
      readonly reason: CastRefusal;
      /** Locale id (null: VB6 says nothing). */
      readonly message: number | null;
      /** The locale's `¬1` parameter, when it has one (object number, skill, level, HP, seconds). */
      readonly param?: number;
      /** Msg2129 over the caster's head (only for `tired`). */
      readonly overHead?: number;
    };

/** `GetSpellStaminaCost`: `StaRequerido`, or `max(1, ceil(MaxSta × p / 100))` when that is larger. §5.1. */
export function spellStaminaCost(spell: Pick<SpellData, "staminaRequired" | "staminaPercentRequired">, maxStamina: number): number {
  if (spell.staminaPercentRequired <= 0) return spell.staminaRequired;
  return Math.max(spell.staminaRequired, Math.max(1, Math.ceil((maxStamina * spell.staminaPercentRequired) / 100)));
}

/**
 * `GetSpellManaCostModifierByClass`: `ManaRequerido`. (The Bard's lute discounts name spell and
 * lute numbers from the server's configuration, and Divine Blood is a toggle this server does
 * not have: neither applies.)
 */
export function spellManaCost(spell: Pick<SpellData, "manaRequired">): number {
  return spell.manaRequired;
}

/** `CoolDown` seconds, halved (rounded half to even) per equipped elven-wood weapon and ring, in ms. §5.1. */
export function spellCooldownMs(spell: Pick<SpellData, "cooldown">, caster: Pick<SpellCaster, "gear">): number {
  let seconds = spell.cooldown;
  if (caster.gear.weapon?.elvenWood === true) seconds = vbRound(seconds / 2);
  if (caster.gear.ring?.elvenWood === true) seconds = vbRound(seconds / 2);
  return seconds * 1000;
}

/**
 * §5.2 step 3, `PuedeLanzar`, in its order (checks of systems this server does not have —
 * guild-only NPCs, consultations, transforms, Divine Blood, counsellors, `TargetEffectType`
 * eligibility (absent from the 2024 data), required weapon types and item masks — are left
 * out): NPC immune to spells (666), a self-cast spell aimed at someone else (silent), dead (77),
 * `SinMagia` map (779), mounted (780), `NecesitaObj` (1634), the slot's cooldown (1635),
 * Magia < `MinSkill` (1636), level above `MaxLevelCasteable` (2116), HP < `RequiredHP` (1637),
 * mana (222), stamina (93 + 2129 over the head), the staff or instrument power a Mage, Druid
 * or Bard needs (781 / 782 / 2250), a dead target unless the spell works on the dead (7).
 * Resurrection (`Revivir`) counts as working on the dead.
 */
export function checkCast(
  caster: SpellCaster,
  spell: SpellData,
  target: ClickedTarget,
  place: CastPlace,
  rules: SpellRules = DEFAULT_SPELL_RULES,
): CastCheck {
  if (spell.id <= 0) return { ok: false, reason: "no_spell", message: null };
  if (target.kind === "npc" && target.immuneToSpells) return { ok: false, reason: "immune_to_spells", message: SPELL_MESSAGE.noEffect };
  if (spell.autoCast && !(target.kind === "user" && target.self)) return { ok: false, reason: "self_only", message: null };
  if (caster.dead) return { ok: false, reason: "dead", message: SPELL_MESSAGE.dead };
  if (place.noMagic) return { ok: false, reason: "no_magic_zone", message: SPELL_MESSAGE.noMagicZone };
  if (caster.mounted) return { ok: false, reason: "mounted", message: SPELL_MESSAGE.mounted };
  if (spell.requiredObject > 0 && !caster.inventoryObjects.includes(spell.requiredObject)) {
    return { ok: false, reason: "missing_object", message: SPELL_MESSAGE.needsObject, param: spell.requiredObject };
  }
  if (spell.cooldown > 0 && place.slotLastCastAtMs !== null) {
    const cooldownMs = spellCooldownMs(spell, caster);
    const elapsed = place.nowMs - place.slotLastCastAtMs;
    if (elapsed < cooldownMs) return { ok: false, reason: "cooldown", message: SPELL_MESSAGE.cooldown, param: Math.floor((cooldownMs - elapsed) / 1000) };
  }
  if ((caster.skills[SKILL.Magic - 1] ?? 0) < spell.minSkill) return { ok: false, reason: "magic_skill", message: SPELL_MESSAGE.magicSkillTooLow, param: spell.minSkill };
  if (spell.maxLevelCasteable > 0 && caster.level > spell.maxLevelCasteable) {
    return { ok: false, reason: "level_too_high", message: SPELL_MESSAGE.levelTooHigh, param: spell.maxLevelCasteable };
  }
  if (caster.vitals.hp < spell.hpRequired) return { ok: false, reason: "not_enough_hp", message: SPELL_MESSAGE.notEnoughHp, param: spell.hpRequired };
  const manaCost = spellManaCost(spell);
  if (caster.vitals.mana < manaCost) return { ok: false, reason: "not_enough_mana", message: SPELL_MESSAGE.notEnoughMana };
  const staminaCost = spellStaminaCost(spell, caster.vitals.maxStamina);
  if (caster.vitals.stamina < staminaCost) return { ok: false, reason: "tired", message: SPELL_MESSAGE.tired, overHead: SPELL_MESSAGE.noEnergyOverHead };
  if (!rules.removeStaffRequirements && spell.magicPowerNeeded > 0) {
    if (caster.classId === SpellClass.Mage) {
      if (caster.gear.weapon === null) return { ok: false, reason: "needs_staff", message: SPELL_MESSAGE.needsStaff };
      if (caster.gear.weapon.power < spell.magicPowerNeeded) return { ok: false, reason: "staff_too_weak", message: SPELL_MESSAGE.staffTooWeak };
    } else if (caster.classId === SpellClass.Druid || caster.classId === SpellClass.Bard) {
      if (caster.gear.ring === null) return { ok: false, reason: "needs_instrument", message: SPELL_MESSAGE.needsInstrument };
      // VB6 answers a weak instrument with the staff's line.
      if (caster.gear.ring.power < spell.magicPowerNeeded) return { ok: false, reason: "staff_too_weak", message: SPELL_MESSAGE.staffTooWeak };
    }
  }
  const targetDead = target.kind !== "none" && target.dead;
  if (targetDead && !spell.worksOnDead && !spell.revives) return { ok: false, reason: "target_dead", message: SPELL_MESSAGE.targetDead };
  return { ok: true, manaCost, staminaCost, hpCost: spell.hpRequired };
}

// ------------------------------------------------------------------ the target (LanzarHechizo)

export type CastTarget =
  | { readonly ok: true; readonly on: "user" | "npc" | "terrain" | "pets" }
  /** Msg790 users only, 791 NPCs only, 792 invalid target, 8 too far (a target more than 13 rows away). */
  | { readonly ok: false; readonly reason: "users_only" | "npcs_only" | "invalid_target" | "too_far"; readonly message: number };

/**
 * §5.2 step 4, `LanzarHechizo`'s dispatch on `Target`: users (790), NPCs (791), either — a user
 * first — (792); the target must be within 13 rows (8); terrain and pet spells need nothing.
 */
export function castTargetOf(spell: Pick<SpellData, "target">, clicked: ClickedTarget): CastTarget {
  const near = (dy: number): boolean => Math.abs(dy) <= CAST_CLICK_RANGE_Y;
  const tooFar: CastTarget = { ok: false, reason: "too_far", message: SPELL_MESSAGE.tooFar };
  switch (spell.target) {
    case SpellTarget.User:
      if (clicked.kind !== "user") return { ok: false, reason: "users_only", message: SPELL_MESSAGE.usersOnly };
      return near(clicked.dy) ? { ok: true, on: "user" } : tooFar;
    case SpellTarget.Npc:
      if (clicked.kind !== "npc") return { ok: false, reason: "npcs_only", message: SPELL_MESSAGE.npcsOnly };
      return near(clicked.dy) ? { ok: true, on: "npc" } : tooFar;
    case SpellTarget.UserOrNpc:
      if (clicked.kind === "none") return { ok: false, reason: "invalid_target", message: SPELL_MESSAGE.invalidTarget };
      return near(clicked.dy) ? { ok: true, on: clicked.kind } : tooFar;
    case SpellTarget.Terrain:
      return { ok: true, on: "terrain" };
    case SpellTarget.Pets:
      return { ok: true, on: "pets" };
    default:
      return { ok: false, reason: "invalid_target", message: SPELL_MESSAGE.invalidTarget };
  }
}

/** `PuedeLanzar` then the dispatch, as `LanzarHechizo` runs them; the costs come with an accepted cast. */
export type CastPlan = (CastCheck & { readonly ok: false }) | (CastTarget & { readonly ok: false }) | (CastCheck & { readonly ok: true; readonly on: "user" | "npc" | "terrain" | "pets" });

export function planCast(caster: SpellCaster, spell: SpellData, clicked: ClickedTarget, place: CastPlace, rules: SpellRules = DEFAULT_SPELL_RULES): CastPlan {
  const check = checkCast(caster, spell, clicked, place, rules);
  if (!check.ok) return check;
  const target = castTargetOf(spell, clicked);
  if (!target.ok) return target;
  return { ...check, on: target.on };
}

// ------------------------------------------------------------------ costs (§5.2 step 5)

export interface CastCosts {
  readonly manaAfter: number;
  readonly staminaAfter: number;
  readonly hpAfter: number;
  /** `eUpdateMana`, `eUpdateSta` always; `eUpdateHP` when HP changed (VB6 also sends it after any cast on a user). */
  readonly hpChanged: boolean;
}

/**
 * What a successful cast takes from the caster: mana and stamina (never below 0), and
 * `RequiredHP` (never below 1). The Magia skill-up roll comes first (`skillUses` of the outcome).
 */
export function castCosts(caster: Pick<SpellCaster, "vitals">, check: { readonly manaCost: number; readonly staminaCost: number; readonly hpCost: number }): CastCosts {
  const hpAfter = check.hpCost > 0 ? Math.max(caster.vitals.hp - check.hpCost, 1) : caster.vitals.hp;
  return {
    manaAfter: Math.max(caster.vitals.mana - check.manaCost, 0),
    staminaAfter: Math.max(caster.vitals.stamina - check.staminaCost, 0),
    hpAfter,
    hpChanged: hpAfter !== caster.vitals.hp,
  };
}
