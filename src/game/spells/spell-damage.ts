/**
 * The damage and healing formulas of §5.3, each drawing once (`RandomNumber(MinHP, MaxHP)`) from
 * a `Dice`. VB6 keeps these amounts in Long / Integer variables, so every step rounds half to
 * even (`vbRound`); class and buff multipliers are `Single`.
 */
import type { Dice } from "../combat/index.ts";
import { SKILL } from "../progression/index.ts";
import { vbRound, vbSingle } from "../vb-math/index.ts";
import {
  AREA_DISCOUNT_PERCENT_PER_STEP,
  DAMAGE_PERCENT_PER_LEVEL,
  MAGE_COMBINED_DAMAGE_SHARE,
  NPC_RESISTANCE_SKILL_WEIGHT,
  SpellClass,
} from "./constants.ts";
import {
  magicDamageMultiplier,
  magicDamageReductionMultiplier,
  magicHealingMultiplier,
  selfHealingMultiplier,
  type MagicItem,
  type SpellCaster,
  type SpellData,
  type SpellRules,
  type SpellTargetNpc,
  type SpellTargetUser,
} from "./spell-data.ts";

/** VB6 `Porcentaje(total, p)`: `total × p / 100` as a Double. §0. */
export function percentOf(total: number, p: number): number {
  return (total * p) / 100;
}

/** A skill's points (1-based `e_Skill`), 0 when missing. */
function skillOf(skills: readonly number[], skill: number): number {
  return skills[skill - 1] ?? 0;
}

/** The caster's equipped magic items in VB6's order: weapon, amulet, ring. */
function gearInOrder(caster: SpellCaster): MagicItem[] {
  return [caster.gear.weapon, caster.gear.amulet, caster.gear.ring].filter((item): item is MagicItem => item !== null);
}

/** +3 % per caster level on the roll: `d + Porcentaje(d, 3 × ELV)`. §5.3. */
export function levelScaled(roll: number, level: number): number {
  return vbRound(roll + percentOf(roll, DAMAGE_PERCENT_PER_LEVEL * level));
}

/** What a damage roll became, step by step (for tests and balance tools). */
export interface SpellDamage {
  /** `RandomNumber(MinHP, MaxHP)`. */
  readonly roll: number;
  /** After the level and gear bonuses, before resistances. */
  readonly raw: number;
  /** The percent of resistance applied (after penetration); null when `AntiRm` skipped it or there was none. */
  readonly resistancePercent: number | null;
  /** The final damage, never below 0. */
  readonly damage: number;
}

/**
 * §5.3 `HechizoPropNPC`, user → NPC: roll, +3 % per level, each gear item's magic damage (%)
 * and flat bonus (weapon: % then flat; amulet and ring likewise) adding up penetration; if the
 * NPC has `MagicResistance`, its `MagicDef` % (+ 2 per point of resistance above the caster's
 * Magia) − penetration comes off; unless `AntiRm`, `DEFm` comes off; then the caster's and the
 * NPC's magic multipliers; at least 0. One draw.
 */
export function spellDamageOnNpc(dice: Dice, caster: SpellCaster, spell: Pick<SpellData, "minHp" | "maxHp" | "antiMagicResistance">, npc: SpellTargetNpc): SpellDamage {
  const roll = dice.int(spell.minHp, spell.maxHp);
  let damage = levelScaled(roll, caster.level);
  let penetration = 0;
  for (const item of gearInOrder(caster)) {
    damage = vbRound(damage + percentOf(damage, item.magicDamageBonus));
    damage = vbRound(damage + item.magicAbsoluteBonus);
    penetration = vbRound(penetration + item.magicPenetration);
  }
  const raw = damage;
  let resistancePercent: number | null = null;
  if (npc.magicResistance > 0) {
    const above = vbRound(npc.magicResistance - skillOf(caster.skills, SKILL.Magic));
    resistancePercent = Math.max(0, npc.magicDefense + (above > 0 ? above * NPC_RESISTANCE_SKILL_WEIGHT : 0) - penetration);
    damage = vbRound(damage - percentOf(damage, resistancePercent));
  }
  if (!spell.antiMagicResistance) damage = vbRound(damage - npc.magicDef);
  damage = vbRound(damage * magicDamageMultiplier(caster.modifiers));
  damage = vbRound(damage * magicDamageReductionMultiplier(npc.modifiers));
  return { roll, raw, resistancePercent, damage: Math.max(damage, 0) };
}

/**
 * `GetUserMR`: the `ResistenciaMagica` of armour, ring, shield and helmet, plus (toggle
 * `mr-magic-bonus-damage`) Resistencia × `MagicResistanceSkillProtectionModifier`, plus
 * 100 × the class's `MODRESISTENCIAMAGICA`; an Integer at each step. §5.3.
 */
export function userMagicResistance(target: Pick<SpellTargetUser, "magicResistanceItems" | "skills" | "classMagicResistance">, rules: SpellRules): number {
  let resistance = 0;
  for (const value of target.magicResistanceItems) resistance = vbRound(resistance + value);
  if (rules.skillMagicResistance) resistance = vbRound(resistance + skillOf(target.skills, SKILL.MagicResistance) * rules.magicResistanceSkillProtection);
  return vbRound(resistance + 100 * target.classMagicResistance);
}

/**
 * §5.3 `HechizoPropUsuario` (and `HechizoCombinados` with `combined`), user → user: roll, +3 %
 * per level (× 0.7 for a Mage through a combined spell), gear bonuses, penetration lowering the
 * target's resistance; unless `AntiRm`, `max(0, MR − penetration)` % comes off; the caster's and
 * the target's magic multipliers; at least 0. One draw.
 */
export function spellDamageOnUser(
  dice: Dice,
  caster: SpellCaster,
  spell: Pick<SpellData, "minHp" | "maxHp" | "antiMagicResistance">,
  target: SpellTargetUser,
  rules: SpellRules,
  combined = false,
): SpellDamage {
  const roll = dice.int(spell.minHp, spell.maxHp);
  let damage = levelScaled(roll, caster.level);
  if (combined && caster.classId === SpellClass.Mage) damage = vbRound(damage * MAGE_COMBINED_DAMAGE_SHARE);
  let resistance = 0;
  for (const item of gearInOrder(caster)) {
    damage = vbRound(damage + percentOf(damage, item.magicDamageBonus));
    resistance = vbRound(resistance - item.magicPenetration);
    damage = vbRound(damage + item.magicAbsoluteBonus);
  }
  const raw = damage;
  let resistancePercent: number | null = null;
  if (!spell.antiMagicResistance) {
    resistancePercent = Math.max(0, resistance + userMagicResistance(target, rules));
    damage = vbRound(damage - percentOf(damage, resistancePercent));
  }
  damage = vbRound(damage * magicDamageMultiplier(caster.modifiers));
  damage = vbRound(damage * magicDamageReductionMultiplier(target.modifiers));
  return { roll, raw, resistancePercent, damage: Math.max(damage, 0) };
}

/**
 * §5.3 healing: `RandomNumber(MinHP, MaxHP)` × the caster's magic-healing bonus × the healed
 * one's self-healing bonus (both Single, rounded at each step). One draw.
 */
export function spellHealAmount(
  dice: Dice,
  spell: Pick<SpellData, "minHp" | "maxHp">,
  healer: { readonly modifiers: SpellCaster["modifiers"] },
  healed: { readonly modifiers: SpellCaster["modifiers"] },
): { roll: number; amount: number } {
  const roll = dice.int(spell.minHp, spell.maxHp);
  let amount = vbRound(roll * magicHealingMultiplier(healer.modifiers));
  amount = vbRound(amount * selfHealingMultiplier(healed.modifiers));
  return { roll, amount };
}

/** What an NPC's spell reads of the NPC: `MagicBonus` and its magic modifiers. */
export interface NpcSpellCaster {
  readonly magicBonus: number;
  readonly modifiers: SpellCaster["modifiers"];
}

/**
 * §5.3 `NpcLanzaSpellSobreUser`: `RandomNumber × (1 + MagicBonus)`; unless `AntiRm`, the
 * target's resistance against NPCs (`GetUserMRForNpc`, given) comes off in %; the NPC's and the
 * target's magic multipliers; at least 0 (Integer steps). One draw.
 */
export function npcSpellDamageOnUser(
  dice: Dice,
  npc: NpcSpellCaster,
  spell: Pick<SpellData, "minHp" | "maxHp" | "antiMagicResistance">,
  target: Pick<SpellTargetUser, "modifiers">,
  resistanceAgainstNpcs: number,
): SpellDamage {
  const roll = dice.int(spell.minHp, spell.maxHp);
  let damage = vbRound(roll * (1 + vbSingle(npc.magicBonus)));
  const raw = damage;
  let resistancePercent: number | null = null;
  if (!spell.antiMagicResistance) {
    resistancePercent = resistanceAgainstNpcs;
    damage = vbRound(damage - percentOf(damage, resistancePercent));
  }
  damage = vbRound(damage * magicDamageMultiplier(npc.modifiers));
  damage = vbRound(damage * magicDamageReductionMultiplier(target.modifiers));
  return { roll, raw, resistancePercent, damage: Math.max(damage, 0) };
}

// ------------------------------------------------------------------ area spells (§5.3, `AreaHechizo`)

/**
 * The tiles an area spell (`Tipo 5`) looks at: a square of side `AreaRadio` whose corner is
 * `CInt(AreaRadio / 2) − 1` before the clicked tile (half to even), as `HechizoSobreArea` walks it.
 */
export function areaSpellTiles(x: number, y: number, radius: number): { x: number; y: number }[] {
  const offset = vbRound(radius / 2);
  const tiles: { x: number; y: number }[] = [];
  for (let dx = 1; dx <= radius; dx++) for (let dy = 1; dy <= radius; dy++) tiles.push({ x: x + dx - offset, y: y + dy - offset });
  return tiles;
}

/**
 * The distance discount of `AreaHechizo`: 20 % per step of `|(cx + cy) − (tx + ty)|` (the sum of
 * coordinates, not a distance: a victim on the other diagonal is hit in full), rounded like VB6.
 */
export function areaDiscounted(hit: number, clicked: { x: number; y: number }, victim: { x: number; y: number }): number {
  const steps = clicked.x + clicked.y - (victim.x + victim.y);
  if (steps === 0) return hit;
  const discount = vbRound((hit / 100) * (Math.abs(steps) * AREA_DISCOUNT_PERCENT_PER_STEP));
  return vbRound(hit - discount);
}

/** The roll and gear bonus an area spell uses: +3 % per level, then the weapon's and the ring's magic damage % (no amulet, no flat bonus). */
function areaHit(dice: Dice, caster: SpellCaster, spell: Pick<SpellData, "minHp" | "maxHp">): { roll: number; hit: number } {
  const roll = dice.int(spell.minHp, spell.maxHp);
  let hit = levelScaled(roll, caster.level);
  for (const item of [caster.gear.weapon, caster.gear.ring]) if (item !== null) hit = vbRound(hit + percentOf(hit, item.magicDamageBonus));
  return { roll, hit };
}

/** `AreaHechizo` on an NPC: the area hit, discounted, minus `DEFm` unless `AntiRm`, at least 0. One draw. */
export function areaSpellDamageOnNpc(
  dice: Dice,
  caster: SpellCaster,
  spell: Pick<SpellData, "minHp" | "maxHp" | "antiMagicResistance">,
  npc: Pick<SpellTargetNpc, "magicDef">,
  clicked: { x: number; y: number },
  at: { x: number; y: number },
): SpellDamage {
  const { roll, hit } = areaHit(dice, caster, spell);
  let damage = areaDiscounted(hit, clicked, at);
  if (!spell.antiMagicResistance) damage = vbRound(damage - npc.magicDef);
  return { roll, raw: hit, resistancePercent: null, damage: Math.max(damage, 0) };
}

/**
 * `AreaHechizo` on a user: the area hit, discounted; unless `AntiRm`, each equipped item's
 * `ResistenciaMagica` % comes off in turn (armour, ring, shield, helmet), then the class's
 * `MODRESISTENCIAMAGICA` share; at least 0. One draw.
 */
export function areaSpellDamageOnUser(
  dice: Dice,
  caster: SpellCaster,
  spell: Pick<SpellData, "minHp" | "maxHp" | "antiMagicResistance">,
  target: Pick<SpellTargetUser, "magicResistanceItems" | "classMagicResistance">,
  clicked: { x: number; y: number },
  at: { x: number; y: number },
): SpellDamage {
  const { roll, hit } = areaHit(dice, caster, spell);
  let damage = areaDiscounted(hit, clicked, at);
  if (!spell.antiMagicResistance) {
    for (const resistance of target.magicResistanceItems) if (resistance !== 0) damage = vbRound(damage - percentOf(damage, resistance));
    damage = vbRound(damage - damage * target.classMagicResistance);
  }
  return { roll, raw: hit, resistancePercent: null, damage: Math.max(damage, 0) };
}
