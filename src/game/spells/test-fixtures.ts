/**
 * Test helpers of the spell rules: a `Random` that plays a script of `RandomNumber` results
 * (tests say "RandomNumber(4, 8) = 6"), and small inline casters, targets and spells whose
 * every other field holds its Hechizos.dat default.
 */
import { SpellTemplateSchema } from "../../content/dat/index.ts";
import { randomIntOnly, type Draw, type ScriptedRandom } from "../../random/scripted-random.test-support.ts";
import { NO_GEAR, NO_MAGIC_MODIFIERS, type SpellCaster, type SpellData, type SpellTargetNpc, type SpellTargetUser } from "./spell-data.ts";
import { NO_STATUS_EFFECTS } from "./status-effects.ts";

/** A script of a spell rule's draws (`[lo, hi, value]` for `RandomNumber(lo, hi) = value`); spell rules draw through `randomInt` only. */
export function scripted(...draws: Draw[]): ScriptedRandom {
  return randomIntOnly("spell rules", ...draws);
}

/** 24 skills at 0 except the ones given (`{ 1: 5 }` = Magia 5). */
export function skillsWith(points: Readonly<Record<number, number>> = {}): number[] {
  const skills = new Array<number>(24).fill(0);
  for (const [skill, value] of Object.entries(points)) skills[Number(skill) - 1] = value;
  return skills;
}

/** A spell with Hechizos.dat defaults except `fields`. */
export function spellWith(fields: Partial<SpellData> & { id?: number }): SpellData {
  return SpellTemplateSchema.parse({ id: 1, name: "Test", ...fields });
}

export const VITALS = { hp: 20, maxHp: 20, mana: 158, maxMana: 158, stamina: 60, maxStamina: 60, food: 100, water: 100 } as const;

/** A level-1 citizen caster (class Mage unless given), nothing equipped. */
export function casterWith(fields: Partial<SpellCaster> = {}): SpellCaster {
  return {
    classId: 1,
    level: 1,
    skills: skillsWith({ 1: 100 }),
    vitals: VITALS,
    dead: false,
    mounted: false,
    gear: NO_GEAR,
    modifiers: NO_MAGIC_MODIFIERS,
    inventoryObjects: [],
    factionStatus: 1,
    safeMode: true,
    ...fields,
  };
}

/** A level-1 citizen target (class Mage unless given), STR/AGI 19. */
export function targetWith(fields: Partial<SpellTargetUser> = {}): SpellTargetUser {
  return {
    classId: 1,
    level: 1,
    skills: skillsWith(),
    vitals: VITALS,
    baseStrength: 19,
    baseAgility: 19,
    strength: 19,
    agility: 19,
    dead: false,
    mounted: false,
    leaving: false,
    resurrectionSafe: false,
    factionStatus: 1,
    magicResistanceItems: [],
    classMagicResistance: 0,
    modifiers: NO_MAGIC_MODIFIERS,
    status: NO_STATUS_EFFECTS,
    ...fields,
  };
}

/** An NPC target with no resistances. */
export function npcWith(fields: Partial<SpellTargetNpc> = {}): SpellTargetNpc {
  return {
    hp: 15,
    maxHp: 15,
    magicResistance: 0,
    magicDefense: 0,
    magicDef: 0,
    paralysisImmune: false,
    immuneToSpells: false,
    sound2: 0,
    modifiers: NO_MAGIC_MODIFIERS,
    status: NO_STATUS_EFFECTS,
    master: "none",
    sameFaction: false,
    ...fields,
  };
}
