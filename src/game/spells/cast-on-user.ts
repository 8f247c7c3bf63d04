/**
 * A user's spell on a user, possibly oneself (`HandleHechizoUsuario` → `HechizoPropUsuario`,
 * `HechizoEstadoUsuario`, `HechizoCombinados`; §5.3 – §5.5, §8.2, §8.3). Each effect of the
 * spell is tried in VB6's order; a refusal ends the cast with nothing applied and nothing paid
 * (VB6 `Exit Sub` / `b = False`; for the multi-effect spells of the data this is the same).
 * Who may attack whom is the map's `PuedeAtacar` answer; helping a criminal is decided here
 * (the two VB6 variants: the strict one of invisibility, buffs, paralysis removal and
 * resurrection, which turns a citizen with the safe off criminal; the light one of healing and
 * cures, which only asks for the safe off).
 */
import { diceFromRandom, type Dice } from "../combat/index.ts";
import { FactionStatus, isChaos, isCitizen, isRoyalArmy } from "../faction/index.ts";
import { SKILL } from "../progression/index.ts";
import type { Random } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";
import { MAX_NEEDS } from "../vitals/index.ts";
import {
  CURSE_SECONDS,
  INVISIBILITY_RANDOM_ABOVE,
  INVISIBILITY_RANDOM_BELOW,
  MIN_ATTRIBUTE,
  RESURRECTION_COST_PER_CASTER_HP,
  RESURRECTION_COST_PER_TARGET_LEVEL,
  RESURRECTION_PARTICLE,
  RESURRECTION_PARTICLE_TIME,
  RESURRECTION_WAVE,
  SPELL_MESSAGE,
  STAT_SPELL_MESSAGE,
  SpellClass,
  SpellType,
  StatMode,
  TOUGH_CLASS_HOLD_SHARE,
} from "./constants.ts";
import { CASTER_NAME, TARGET_NAME, hpAfterDamage, hpAfterHeal, type SpellCastBase, type SpellMessage, type SpellParam, type SpellRefusal, type SpellSkillUse } from "./outcome.ts";
import { spellDamageOnUser, spellHealAmount } from "./spell-damage.ts";
import { DEFAULT_SPELL_RULES, isDamageSpell, isHealingSpell, type SpellCaster, type SpellData, type SpellRules, type SpellTargetUser, type SpellVitals } from "./spell-data.ts";
import {
  applyEffect,
  boostedAttribute,
  firstPoisonBiteMs,
  potionTimerMs,
  removeEffects,
  secondsCounterMs,
  type StatusApplication,
  type StatusEffects,
  type StatusKind,
  type StatusNotice,
  type StatusSubject,
} from "./status-effects.ts";

/** `PuedeAtacar` as the map answers it (the shape of its `pvpCheck`): go on, or the refusing locale id (null: silent). */
export type PvpAnswer = { readonly ok: true } | { readonly ok: false; readonly message: number | null };

/** Where and between whom the spell happens. */
export interface UserSpellContext {
  readonly nowMs: number;
  /** The target is the caster. */
  readonly self: boolean;
  /** May the caster attack the target (asked for every hostile effect). */
  readonly attack: PvpAnswer;
  /** `PeleaSegura`: both in an arena fight; the faction rules of helping do not apply. */
  readonly safeFight: boolean;
  /** The caster's map is safe (`Seguro`): resurrection costs no HP there. */
  readonly safeMap: boolean;
  /** The target's map forbids invisibility (`SinInviOcul`). */
  readonly noInvisibility: boolean;
  /** The caster wears an object with `Revive=1` (weapon, ring or amulet); Clerics need none. */
  readonly casterCanRevive?: boolean;
}

/** What a resurrection does to the target (§8.3, spell row): 1 HP, hunger, thirst and mana at 0. */
export interface SpellResurrection {
  readonly hp: number;
  readonly food: number;
  readonly water: number;
  readonly mana: number;
  /** Shown to the target's area (`Resucitar` particle for 250, wave 117) and told to the target (585). */
  readonly particle: number;
  readonly particleTime: number;
  readonly wave: number;
  readonly message: number;
}

export interface UserSpellCast extends SpellCastBase {
  /** The target's vitals that changed (HP through `damage`, `heal` or `resurrection`). */
  readonly vitals: Partial<Pick<SpellVitals, "food" | "water" | "mana" | "stamina">>;
  /** STR and AGI after a boost or a drain (also kept in the `attributeBoost` state); null when untouched. */
  readonly attributes: { readonly strength: number; readonly agility: number } | null;
  readonly resurrection: SpellResurrection | null;
  /** HP a resurrection costs the caster (paid after mana and stamina, never below 1). */
  readonly casterHpCost: number;
}

export type UserSpellOutcome = SpellRefusal | UserSpellCast;

function refused(reason: string, message: number | null, params?: readonly SpellParam[], targetMessage?: SpellMessage): SpellRefusal {
  return { kind: "refused", reason, message, ...(params === undefined ? {} : { params }), ...(targetMessage === undefined ? {} : { targetMessage }) };
}

/** What the effects build up as they land. */
interface Cast {
  status: StatusEffects;
  notices: StatusNotice[];
  messages: SpellMessage[];
  skillUses: SpellSkillUse[];
  vitals: { food?: number; water?: number; mana?: number; stamina?: number };
  strength: number;
  agility: number;
  attributesTouched: boolean;
  damage: SpellCastBase["damage"];
  heal: SpellCastBase["heal"];
  resurrection: SpellResurrection | null;
  attacked: boolean;
  turnsCasterCriminal: boolean;
  done: boolean;
  /** VB6's `Damage` variable: the last amount drawn, which mana and stamina spells reuse without drawing. */
  last: number;
}

interface Inputs {
  readonly dice: Dice;
  readonly caster: SpellCaster;
  readonly spell: SpellData;
  readonly target: SpellTargetUser;
  readonly ctx: UserSpellContext;
  readonly rules: SpellRules;
  readonly subject: StatusSubject;
}

type Step = SpellRefusal | null;

/** Console lines of one stat: to the caster, the target, oneself. */
interface Lines {
  readonly caster: number;
  readonly target: number;
  readonly self: number;
}

interface StatLines {
  readonly raise: Lines;
  readonly lower: Lines;
}

// ------------------------------------------------------------------ helping and attacking

/** Statuses on the law's side: citizens, the Royal Army and its council. */
function lawful(status: number): boolean {
  return isCitizen(status) || isRoyalArmy(status);
}

/** Statuses on the Legion's side: criminals, the Legion and its council. */
function outlaw(status: number): boolean {
  return status === FactionStatus.criminal || isChaos(status);
}

interface StrictMessages {
  readonly army: number;
  readonly safeOn: number;
  readonly chaos: number;
}

const HELP_MESSAGES = { army: SPELL_MESSAGE.cannotHelpCriminals, safeOn: SPELL_MESSAGE.takeSafeOffToHelp } as const;

/**
 * The strict help rule (invisibility, STR/AGI boosts of `Tipo 1`, paralysis removal of
 * `Tipo 2`, resurrection): outside arena fights, the Army never helps outlaws, a citizen helps
 * them only with the safe off and turns criminal for it (no guilds here), the Legion helps
 * only outlaws. §8.2.
 */
function strictHelp(inputs: Inputs, cast: Cast, messages: StrictMessages): Step {
  const { caster, target, ctx } = inputs;
  if (ctx.safeFight) return null;
  if (lawful(caster.factionStatus) && !lawful(target.factionStatus)) {
    if (isRoyalArmy(caster.factionStatus)) return refused("cannot_help", messages.army);
    if (caster.safeMode) return refused("safe_on", messages.safeOn);
    cast.turnsCasterCriminal = true;
  }
  if (isChaos(caster.factionStatus) && !outlaw(target.factionStatus)) return refused("cannot_help", messages.chaos);
  return null;
}

/** The light help rule (healing, cures, haste): a citizen with the safe on may not help a criminal or a legionary (378). §8.2. */
function lightHelp(inputs: Inputs): Step {
  const { caster, target, ctx } = inputs;
  if (ctx.safeFight) return null;
  const helpsOutlaw = target.factionStatus === FactionStatus.criminal || target.factionStatus === FactionStatus.chaos;
  if (isCitizen(caster.factionStatus) && helpsOutlaw && caster.safeMode) return refused("safe_on", SPELL_MESSAGE.helpingCriminalsNeedsSafeOff);
  return null;
}

/** `PuedeAtacar` for a hostile effect; a landed hostile effect on someone else counts as an attack. */
function attack(inputs: Inputs, cast: Cast): Step {
  if (!inputs.ctx.attack.ok) return refused("cannot_attack", inputs.ctx.attack.message);
  if (!inputs.ctx.self) cast.attacked = true;
  return null;
}

function notSelf(inputs: Inputs): Step {
  return inputs.ctx.self ? refused("self", SPELL_MESSAGE.cannotAttackYourself) : null;
}

function put(inputs: Inputs, cast: Cast, application: StatusApplication): void {
  const change = applyEffect(cast.status, application, inputs.ctx.nowMs, inputs.subject);
  cast.status = change.effects;
  cast.notices.push(...change.notices);
  cast.done = true;
}

function take(inputs: Inputs, cast: Cast, kinds: readonly StatusKind[]): void {
  const change = removeEffects(cast.status, kinds, inputs.ctx.nowMs, inputs.subject, "removed", { strength: inputs.target.baseStrength, agility: inputs.target.baseAgility });
  cast.status = change.effects;
  cast.notices.push(...change.notices);
  cast.done = true;
}

function has(cast: Cast, kind: StatusKind, nowMs: number): boolean {
  const entry = cast.status[kind];
  return entry !== undefined && (entry.untilMs === null || entry.untilMs > nowMs);
}

/** A stat line to caster and target, or to oneself. */
function statLines(inputs: Inputs, cast: Cast, lines: Lines, amount: number): void {
  if (inputs.ctx.self) cast.messages.push({ to: "caster", messageId: lines.self, params: [amount] });
  else {
    cast.messages.push({ to: "caster", messageId: lines.caster, params: [amount, TARGET_NAME] });
    cast.messages.push({ to: "target", messageId: lines.target, params: [CASTER_NAME, amount] });
  }
}

function healLines(inputs: Inputs, cast: Cast, lines: Lines, amount: number): void {
  if (inputs.ctx.self) cast.messages.push({ to: "caster", messageId: lines.self, params: [amount] });
  else {
    const first = lines.caster === STAT_SPELL_MESSAGE.heal.caster ? [TARGET_NAME, amount] : [amount, TARGET_NAME];
    cast.messages.push({ to: "caster", messageId: lines.caster, params: first });
    cast.messages.push({ to: "target", messageId: lines.target, params: [CASTER_NAME, amount] });
  }
}

/** Seconds a Warrior or Hunter stays held: `Duration × 0.7` (half to even), others `Duration`. §5.5. */
export function userHoldSeconds(durationSeconds: number, targetClassId: number): number {
  const tough = targetClassId === SpellClass.Warrior || targetClassId === SpellClass.Hunter;
  return tough ? vbRound(durationSeconds * TOUGH_CLASS_HOLD_SHARE) : durationSeconds;
}

/** An NPC's spell holds a user `Duration / 2` seconds (half to even), whatever the class. §5.5. */
export function npcSpellHoldSeconds(durationSeconds: number): number {
  return vbRound(durationSeconds / 2);
}

// ------------------------------------------------------------------ shared effects

/** AGI or STR up (mode 1: at most twice the base) or down (mode 2: at least `MINATRIBUTOS`), one draw, on the potion timer. §5.4. */
function attributeSpell(inputs: Inputs, cast: Cast, which: "agility" | "strength", strict: boolean): Step {
  const { spell, target, dice } = inputs;
  const mode = which === "agility" ? spell.agilityMode : spell.strengthMode;
  if (mode !== StatMode.Raise && mode !== StatMode.Lower) return null;
  const combined = spell.spellType === SpellType.Combined;
  if (!combined && target.dead) return refused("target_dead", null);
  if (mode === StatMode.Raise) {
    const step = strict ? strictHelp(inputs, cast, { ...HELP_MESSAGES, chaos: which === "agility" ? 822 : 665 }) : lightHelp(inputs);
    if (step) return step;
  } else {
    const step = attack(inputs, cast);
    if (step) return step;
  }
  const [min, max] = which === "agility" ? [spell.minAgility, spell.maxAgility] : [spell.minStrength, spell.maxStrength];
  const amount = dice.int(min, max);
  cast.last = amount;
  const base = which === "agility" ? target.baseAgility : target.baseStrength;
  const current = which === "agility" ? cast.agility : cast.strength;
  const next = mode === StatMode.Raise ? boostedAttribute(current, amount, base) : Math.max(MIN_ATTRIBUTE, current - amount);
  if (which === "agility") cast.agility = next;
  else cast.strength = next;
  cast.attributesTouched = true;
  put(inputs, cast, { kind: "attributeBoost", durationMs: potionTimerMs(spell.durationSeconds), strength: cast.strength, agility: cast.agility });
  return null;
}

/** HP up (healing) or down (damage). `combined`: `HechizoCombinados`' variant (no "not wounded" check, 1918-1920, Mage × 0.7). */
function hpSpell(inputs: Inputs, cast: Cast, combined: boolean): Step {
  const { dice, caster, spell, target, ctx, rules } = inputs;
  if (isHealingSpell(spell)) {
    if (target.dead) return refused("target_dead", SPELL_MESSAGE.dead);
    if (!combined && target.vitals.hp === target.vitals.maxHp) return refused("not_wounded", SPELL_MESSAGE.targetNotWounded, [TARGET_NAME]);
    const step = lightHelp(inputs);
    if (step) return step;
    const { roll, amount } = spellHealAmount(dice, spell, caster, target);
    cast.last = amount;
    cast.heal = { roll, amount, hpAfter: hpAfterHeal(target.vitals.hp, target.vitals.maxHp, amount) };
    healLines(inputs, cast, combined ? STAT_SPELL_MESSAGE.healCombined : STAT_SPELL_MESSAGE.heal, amount);
    cast.done = true;
    return null;
  }
  if (isDamageSpell(spell)) {
    const self = notSelf(inputs);
    if (self) return self;
    if (!ctx.attack.ok) return refused("cannot_attack", ctx.attack.message);
    const damage = spellDamageOnUser(dice, caster, spell, target, rules, combined);
    cast.last = damage.damage;
    cast.attacked = true;
    cast.damage = { ...damage, ...hpAfterDamage(target.vitals.hp, damage.damage) };
    cast.skillUses.push({ who: "target", skill: SKILL.MagicResistance });
    cast.done = true;
  }
  return null;
}

/** Paralysis (`paralyzes`) or immobilisation: not on oneself (380), not on the immune (1872 / 1873), not on who cannot move (661), an attack. §5.5. */
function holdSpell(inputs: Inputs, cast: Cast, kind: "paralyzed" | "immobilized"): Step {
  const { spell, target, ctx } = inputs;
  const self = notSelf(inputs);
  if (self) return self;
  const tooSoon = kind === "paralyzed" ? SPELL_MESSAGE.paralyzedTooSoon : SPELL_MESSAGE.immobilizedTooSoon;
  const immune = has(cast, "paralysisImmunity", ctx.nowMs);
  const held = has(cast, "paralyzed", ctx.nowMs) || has(cast, "immobilized", ctx.nowMs);
  // VB6 checks immunity first for paralysis, the "cannot move" rule first for immobilisation.
  const checks: [boolean, SpellRefusal][] = [
    [immune, refused("immune", tooSoon, [TARGET_NAME])],
    [held, refused("already_held", SPELL_MESSAGE.alreadyHeld)],
  ];
  if (kind === "immobilized") checks.reverse();
  for (const [fails, refusal] of checks) if (fails) return refusal;
  const step = attack(inputs, cast);
  if (step) return step;
  put(inputs, cast, { kind, durationMs: secondsCounterMs(userHoldSeconds(spell.durationSeconds, target.classId)) });
  return null;
}

/** The states every status spell may carry, after the type-specific ones (`HechizoEstadoUsuario` / `HechizoCombinados`, shared part). */
function blindAndDumb(inputs: Inputs, cast: Cast): Step {
  const { spell, ctx } = inputs;
  if (spell.blinds) {
    const step = notSelf(inputs) ?? attack(inputs, cast);
    if (step) return step;
    put(inputs, cast, { kind: "blind", durationMs: secondsCounterMs(spell.durationSeconds) });
  }
  if (spell.stupefies) {
    const step = notSelf(inputs) ?? attack(inputs, cast);
    if (step) return step;
    if (has(cast, "dumb", ctx.nowMs)) {
      // Already dumb: the counter stays, the client is told again.
      cast.notices.push({ to: "self", packet: "Dumb" });
      cast.done = true;
    } else put(inputs, cast, { kind: "dumb", durationMs: secondsCounterMs(spell.durationSeconds) });
  }
  return null;
}

/** `Velocidad`: below 1 slows (not oneself, an attack), 1 or more hastes (light help); the multiplier is kept while one is on, the time restarts. */
function speedSpell(inputs: Inputs, cast: Cast, combined: boolean): Step {
  const { spell, target, ctx } = inputs;
  if (spell.speed === 0) return null;
  if (!combined && target.dead) return refused("target_dead", SPELL_MESSAGE.dead);
  if (spell.speed < 1) {
    const step = notSelf(inputs) ?? attack(inputs, cast);
    if (step) return step;
  } else {
    const step = lightHelp(inputs);
    if (step) return step;
    // `HechizoEstadoUsuario` calls `UsuarioAtacadoPorUsuario` even for a haste on someone else.
    if (!combined && !ctx.self) cast.attacked = true;
  }
  const current = cast.status.speed;
  const multiplier = current !== undefined && has(cast, "speed", ctx.nowMs) ? current.multiplier : spell.speed;
  put(inputs, cast, { kind: "speed", durationMs: secondsCounterMs(spell.durationSeconds), multiplier });
  return null;
}

function invisibilitySpell(inputs: Inputs, cast: Cast, combined: boolean): Step {
  const { dice, caster, spell, target, ctx } = inputs;
  if (!spell.invisibility) return null;
  if (target.dead) return refused("target_dead", SPELL_MESSAGE.dead);
  if (!combined) {
    if (caster.mounted) return refused("caster_mounted", SPELL_MESSAGE.invisibilityMounted);
    if (target.mounted) return refused("target_mounted", SPELL_MESSAGE.invisibilityTargetMounted);
  }
  if (target.leaving) return ctx.self ? refused("leaving", SPELL_MESSAGE.invisibilityWhileLeaving) : refused("leaving", SPELL_MESSAGE.noEffect);
  const help = strictHelp(inputs, cast, { ...HELP_MESSAGES, chaos: combined ? 668 : 796 });
  if (help) return help;
  if (!combined) {
    if (ctx.noInvisibility) return refused("no_invisibility_zone", SPELL_MESSAGE.noInvisibilityZone);
    if (has(cast, "invisible", ctx.nowMs)) return refused("already_invisible", ctx.self ? SPELL_MESSAGE.alreadyInvisible : SPELL_MESSAGE.targetAlreadyInvisible);
  }
  const running = cast.status.invisible;
  let durationMs: number;
  if (running !== undefined && running.untilMs !== null && running.untilMs > ctx.nowMs) durationMs = running.untilMs - ctx.nowMs;
  else {
    // `Tipo 2`: RandomNumber(Duration − 4, Duration + 1) seconds (Invisibilidad, 20: 16 … 21); combined: Duration.
    const seconds = combined ? spell.durationSeconds : dice.int(spell.durationSeconds - INVISIBILITY_RANDOM_BELOW, spell.durationSeconds + INVISIBILITY_RANDOM_ABOVE);
    durationMs = secondsCounterMs(seconds);
  }
  put(inputs, cast, { kind: "invisible", durationMs });
  return null;
}

function curePoisonSpell(inputs: Inputs, cast: Cast, combined: boolean): Step {
  const { spell, target } = inputs;
  if (!spell.curesPoison) return null;
  if (target.dead) return refused("target_dead", SPELL_MESSAGE.dead);
  if (!combined && cast.status.poisoned === undefined) return refused("not_poisoned", SPELL_MESSAGE.notPoisoned, [TARGET_NAME]);
  const help = lightHelp(inputs);
  if (help) return help;
  take(inputs, cast, ["poisoned"]);
  return null;
}

function curseSpells(inputs: Inputs, cast: Cast): Step {
  const { spell } = inputs;
  if (spell.curses) {
    const step = notSelf(inputs) ?? attack(inputs, cast);
    if (step) return step;
    put(inputs, cast, { kind: "cursed", durationMs: secondsCounterMs(CURSE_SECONDS) });
  }
  if (spell.removesCurse) take(inputs, cast, ["cursed"]);
  return null;
}

function incinerateSpell(inputs: Inputs, cast: Cast, combined: boolean): Step {
  if (!inputs.spell.burns) return null;
  const step = notSelf(inputs) ?? attack(inputs, cast);
  if (step) return step;
  // A combined spell starts the counter at 1 (one burn fewer).
  put(inputs, cast, { kind: "incinerated", start: combined ? 1 : 0 });
  return null;
}

// ------------------------------------------------------------------ the three kinds

function propertiesOnUser(inputs: Inputs, cast: Cast): Step {
  const { dice, spell, target, ctx } = inputs;
  const needs = (field: "food" | "water", mode: number, min: number, max: number, lines: StatLines): Step => {
    if (mode === StatMode.Raise) {
      const amount = dice.int(min, max);
      cast.last = amount;
      cast.vitals[field] = Math.min((cast.vitals[field] ?? target.vitals[field]) + amount, MAX_NEEDS);
      statLines(inputs, cast, lines.raise, amount);
      cast.done = true;
    } else if (mode === StatMode.Lower) {
      if (!ctx.attack.ok) return refused("cannot_attack", ctx.attack.message);
      // Starving oneself is refused silently; making oneself thirsty is not.
      if (field === "food" && ctx.self) return refused("self", null);
      if (!ctx.self) cast.attacked = true;
      const amount = dice.int(min, max);
      cast.last = amount;
      cast.vitals[field] = Math.max((cast.vitals[field] ?? target.vitals[field]) - amount, 0);
      statLines(inputs, cast, lines.lower, amount);
      cast.done = true;
    }
    return null;
  };
  const steps: (() => Step)[] = [
    () => needs("food", spell.hungerMode, spell.minHunger, spell.maxHunger, STAT_SPELL_MESSAGE.food),
    () => needs("water", spell.thirstMode, spell.minThirst, spell.maxThirst, STAT_SPELL_MESSAGE.water),
    () => attributeSpell(inputs, cast, "agility", true),
    () => attributeSpell(inputs, cast, "strength", true),
    () => hpSpell(inputs, cast, false),
    () => poolSpell(inputs, cast, "mana", spell.manaMode, STAT_SPELL_MESSAGE.mana),
    () => poolSpell(inputs, cast, "stamina", spell.staminaMode, STAT_SPELL_MESSAGE.stamina),
  ];
  for (const step of steps) {
    const refusal = step();
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Mana or stamina up or down by VB6's `Damage` variable as it stands (the last amount this cast
 * drew; `SubeMana` / `SubeSta` draw nothing of their own: `MinMana`/`MaxMana` are never read).
 */
function poolSpell(inputs: Inputs, cast: Cast, field: "mana" | "stamina", mode: number, lines: StatLines): Step {
  const { target, ctx } = inputs;
  const max = field === "mana" ? target.vitals.maxMana : target.vitals.maxStamina;
  const current = cast.vitals[field] ?? target.vitals[field];
  if (mode === StatMode.Raise) {
    cast.vitals[field] = Math.min(current + cast.last, max);
    statLines(inputs, cast, lines.raise, cast.last);
    cast.done = true;
  } else if (mode === StatMode.Lower) {
    if (!ctx.attack.ok) return refused("cannot_attack", ctx.attack.message);
    if (!ctx.self) cast.attacked = true;
    const after = current - cast.last;
    cast.vitals[field] = after < 1 ? 0 : after;
    statLines(inputs, cast, lines.lower, cast.last);
    cast.done = true;
  }
  return null;
}

function statusOnUser(inputs: Inputs, cast: Cast): Step {
  const { spell, target, ctx, caster } = inputs;
  const steps: (() => Step)[] = [
    () => invisibilitySpell(inputs, cast, false),
    () => (spell.mimics ? refused("unsupported", null) : null),
    () => {
      if (spell.poisonLevel <= 0) return null;
      if (!ctx.attack.ok) return refused("cannot_attack", ctx.attack.message);
      if (cast.status.poisoned !== undefined) return refused("already_poisoned", SPELL_MESSAGE.alreadyPoisoned, [TARGET_NAME]);
      if (!ctx.self) cast.attacked = true;
      put(inputs, cast, { kind: "poisoned", level: spell.poisonLevel, firstBiteMs: firstPoisonBiteMs(spell.durationSeconds) });
      return null;
    },
    () => incinerateSpell(inputs, cast, false),
    () => curePoisonSpell(inputs, cast, false),
    () => curseSpells(inputs, cast),
    () => (spell.paralyzes ? holdSpell(inputs, cast, "paralyzed") : null),
    () => speedSpell(inputs, cast, false),
    () => (spell.immobilizes ? holdSpell(inputs, cast, "immobilized") : null),
    () => {
      if (!spell.removesParalysis) return null;
      const help = strictHelp(inputs, cast, { ...HELP_MESSAGES, chaos: 805 });
      if (help) return help;
      if (!has(cast, "paralyzed", ctx.nowMs) && !has(cast, "immobilized", ctx.nowMs)) return refused("not_paralyzed", SPELL_MESSAGE.targetNotParalyzed);
      take(inputs, cast, ["immobilized", "paralyzed"]);
      return null;
    },
    () => {
      if (!spell.removesStupidity || !has(cast, "dumb", ctx.nowMs)) return null;
      const help = lightHelp(inputs);
      if (help) return help;
      take(inputs, cast, ["dumb"]);
      return null;
    },
    () => {
      if (!spell.revives) return null;
      if (!target.dead) return refused("target_alive", null);
      if (caster.classId !== SpellClass.Cleric && ctx.casterCanRevive !== true) return refused("needs_revive_item", SPELL_MESSAGE.needsReviveItem);
      if (caster.vitals.stamina < caster.vitals.maxStamina) return refused("needs_full_stamina", SPELL_MESSAGE.needsFullStamina);
      if (!ctx.safeFight && target.resurrectionSafe) {
        return refused("resurrection_safe", SPELL_MESSAGE.resurrectionSafeOn, undefined, { to: "target", messageId: SPELL_MESSAGE.resurrectionSafeInform, params: [CASTER_NAME] });
      }
      const help = strictHelp(inputs, cast, { army: SPELL_MESSAGE.armyRevivesOwnOnly, safeOn: SPELL_MESSAGE.takeSafeOffToRevive, chaos: SPELL_MESSAGE.chaosRevivesOwnOnly });
      if (help) return help;
      cast.notices.push({ to: "area", packet: "SetInvisible", invisible: false });
      cast.resurrection = RESURRECTION;
      cast.messages.push({ to: "target", messageId: SPELL_MESSAGE.resurrected, params: [] });
      cast.done = true;
      return null;
    },
    () => blindAndDumb(inputs, cast),
  ];
  for (const step of steps) {
    const refusal = step();
    if (refusal) return refusal;
  }
  return null;
}

/** §8.3: HP 1, hunger, thirst and mana 0 (full HP only with Divine Blood, which this server does not have). */
const RESURRECTION: SpellResurrection = {
  hp: 1,
  food: 0,
  water: 0,
  mana: 0,
  particle: RESURRECTION_PARTICLE,
  particleTime: RESURRECTION_PARTICLE_TIME,
  wave: RESURRECTION_WAVE,
  message: SPELL_MESSAGE.resurrected,
};

function combinedOnUser(inputs: Inputs, cast: Cast): Step {
  const { spell, ctx } = inputs;
  const steps: (() => Step)[] = [
    () => attributeSpell(inputs, cast, "agility", false),
    () => attributeSpell(inputs, cast, "strength", false),
    () => hpSpell(inputs, cast, true),
    () => invisibilitySpell(inputs, cast, true),
    () => {
      if (spell.poisonLevel <= 0) return null;
      const step = attack(inputs, cast);
      if (step) return step;
      const poisoned = cast.status.poisoned;
      const firstBiteMs = poisoned?.nextBiteAtMs != null ? poisoned.nextBiteAtMs - ctx.nowMs : firstPoisonBiteMs(0);
      put(inputs, cast, { kind: "poisoned", level: spell.poisonLevel, firstBiteMs });
      return null;
    },
    () => {
      // `Sanacion`: poison, burning and any speed spell end.
      if (!spell.healing) return null;
      take(inputs, cast, ["poisoned", "incinerated", "speed"]);
      return null;
    },
    () => incinerateSpell(inputs, cast, true),
    () => curePoisonSpell(inputs, cast, true),
    () => curseSpells(inputs, cast),
    () => (spell.paralyzes ? holdSpell(inputs, cast, "paralyzed") : null),
    () => (spell.immobilizes ? holdSpell(inputs, cast, "immobilized") : null),
    () => {
      if (!spell.removesParalysis) return null;
      const help = lightHelp(inputs);
      if (help) return help;
      const held: StatusKind[] = (["immobilized", "paralyzed"] as const).filter((kind) => has(cast, kind, ctx.nowMs));
      if (held.length > 0) take(inputs, cast, held);
      return null;
    },
    () => blindAndDumb(inputs, cast),
    () => speedSpell(inputs, cast, true),
  ];
  for (const step of steps) {
    const refusal = step();
    if (refusal) return refusal;
  }
  return null;
}

// ------------------------------------------------------------------ entry point

/**
 * Resolves a spell on a user (or oneself). `Tipo 1` changes hunger, thirst, AGI, STR, HP, mana
 * and stamina; `Tipo 2` gives or takes states (invisibility, poison, burning, curse, paralysis,
 * speed, immobilisation, their removals, dumbness, blindness) and resurrects; `Tipo 8` combines
 * both with its own quirks. Draws: one `RandomNumber` per amount in VB6's order (invisibility
 * of `Tipo 2` draws its seconds). Skill-up rolls to make afterwards: the target's Resistencia
 * after damage, then the caster's Magia.
 */
export function resolveSpellOnUser(
  random: Random,
  caster: SpellCaster,
  spell: SpellData,
  target: SpellTargetUser,
  ctx: UserSpellContext,
  rules: SpellRules = DEFAULT_SPELL_RULES,
): UserSpellOutcome {
  const inputs: Inputs = { dice: diceFromRandom(random), caster, spell, target, ctx, rules, subject: { kind: "user", classId: target.classId } };
  const cast: Cast = {
    status: target.status,
    notices: [],
    messages: [],
    skillUses: [],
    vitals: {},
    strength: target.strength,
    agility: target.agility,
    attributesTouched: false,
    damage: null,
    heal: null,
    resurrection: null,
    attacked: false,
    turnsCasterCriminal: false,
    done: false,
    last: 0,
  };
  let refusal: Step;
  switch (spell.spellType) {
    case SpellType.Properties:
      refusal = propertiesOnUser(inputs, cast);
      break;
    case SpellType.Status:
      refusal = statusOnUser(inputs, cast);
      break;
    case SpellType.Combined:
      refusal = combinedOnUser(inputs, cast);
      break;
    default:
      refusal = refused("no_effect_on_users", null);
  }
  if (refusal) return refusal;
  if (!cast.done) return refused("no_effect", null);
  const resurrected = cast.resurrection !== null;
  const casterHpCost =
    resurrected && !ctx.safeFight && !ctx.safeMap ? vbRound(target.level * RESURRECTION_COST_PER_TARGET_LEVEL + caster.vitals.hp * RESURRECTION_COST_PER_CASTER_HP) : 0;
  return {
    kind: "cast",
    damage: cast.damage,
    heal: cast.heal,
    status: cast.status,
    notices: cast.notices,
    messages: cast.messages,
    attacked: cast.attacked,
    turnsCasterCriminal: cast.turnsCasterCriminal,
    skillUses: [...cast.skillUses, { who: "caster", skill: SKILL.Magic }],
    vitals: cast.vitals,
    attributes: cast.attributesTouched ? { strength: cast.strength, agility: cast.agility } : null,
    resurrection: cast.resurrection,
    casterHpCost,
  };
}
