/**
 * §5.3 formulas, known answers worked by hand with scripted draws on inline data (the 2024 data
 * has no NPC with magic resistance and no item with penetration): every intermediate step is a
 * VB6 Long / Integer, so it rounds half to even.
 */
import { describe, expect, test } from "bun:test";
import { diceFromRandom } from "../combat/index.ts";
import {
  areaDiscounted,
  areaSpellDamageOnNpc,
  areaSpellDamageOnUser,
  areaSpellTiles,
  levelScaled,
  magicItemOf,
  npcSpellDamageOnUser,
  spellDamageOnNpc,
  spellDamageOnUser,
  spellHealAmount,
  userMagicResistance,
  NO_MAGIC_MODIFIERS,
  DEFAULT_SPELL_RULES,
} from "./index.ts";
import { casterWith, npcWith, scripted, skillsWith, spellWith, targetWith } from "./test-fixtures.ts";

const dice = (...draws: [number, number, number][]) => diceFromRandom(scripted(...draws));

describe("user → NPC (`HechizoPropNPC`)", () => {
  const weapon = magicItemOf({ magicDamageBonus: 10, power: 0 }, { magicAbsoluteBonus: 2, magicPenetration: 5 });
  const ring = magicItemOf({ magicDamageBonus: 5, power: 0 }, { magicPenetration: 3 });
  const caster = (magia: number) => casterWith({ level: 10, skills: skillsWith({ 1: magia }), gear: { weapon, amulet: null, ring } });
  const spell = spellWith({ minHp: 10, maxHp: 20 });
  const npc = npcWith({ magicResistance: 30, magicDefense: 10, magicDef: 3 });

  test("15 → +30 % = 19.5 → 20 → weapon +10 % = 22, +2 = 24 → ring +5 % = 25.2 → 25; resistance 30 over Magia 20: 10 + 2 × 10 − 8 penetration = 22 % → 19.5 → 20; − DEFm 3 = 17", () => {
    expect(levelScaled(15, 10)).toBe(20);
    expect(spellDamageOnNpc(dice([10, 20, 15]), caster(20), spell, npc)).toEqual({ roll: 15, raw: 25, resistancePercent: 22, damage: 17 });
  });

  test("Magia at or above the resistance: only MagicDef − penetration (2 %): 25 → 24.5 → 24 → 21; `AntiRm` skips DEFm only", () => {
    expect(spellDamageOnNpc(dice([10, 20, 15]), caster(40), spell, npc)).toMatchObject({ resistancePercent: 2, damage: 21 });
    expect(spellDamageOnNpc(dice([10, 20, 15]), caster(20), { ...spell, antiMagicResistance: true }, npc)).toMatchObject({ resistancePercent: 22, damage: 20 });
    expect(spellDamageOnNpc(dice([10, 20, 15]), caster(20), spell, npcWith({ magicDef: 3 }))).toMatchObject({ resistancePercent: null, damage: 22 });
  });

  test("multipliers are Single: caster +10 % → 17 × 1.1000000238 = 18.7 → 19; NPC −50 % → 9.5 → 10; never below 0", () => {
    const buffed = { ...caster(20), modifiers: { ...NO_MAGIC_MODIFIERS, magicDamageBonus: 0.1 } };
    expect(spellDamageOnNpc(dice([10, 20, 15]), buffed, spell, npc).damage).toBe(19);
    expect(spellDamageOnNpc(dice([10, 20, 15]), buffed, spell, { ...npc, modifiers: { ...NO_MAGIC_MODIFIERS, magicDamageReduction: 0.5 } }).damage).toBe(10);
    expect(spellDamageOnNpc(dice([1, 1, 1]), casterWith(), spellWith({ minHp: 1, maxHp: 1 }), npcWith({ magicDef: 10 })).damage).toBe(0);
  });
});

describe("user → user (`HechizoPropUsuario`, `GetUserMR`)", () => {
  const weapon = magicItemOf({ magicDamageBonus: 10, power: 0 }, { magicPenetration: 4 });
  const caster = casterWith({ gear: { weapon, amulet: null, ring: null } });
  const spell = spellWith({ minHp: 100, maxHp: 100 });
  const target = targetWith({ magicResistanceItems: [10, 0, 0, 5], skills: skillsWith({ 16: 50 }) });
  const rules = { ...DEFAULT_SPELL_RULES, magicResistanceSkillProtection: 0.03 };

  test("resistance: items 10 + 5, Resistencia 50 × 0.03 = 16.5 → 16 (toggle `mr-magic-bonus-damage`), + 100 × class share", () => {
    expect(userMagicResistance(target, rules)).toBe(16);
    expect(userMagicResistance(target, { ...rules, skillMagicResistance: false })).toBe(15);
    expect(userMagicResistance({ ...target, classMagicResistance: 0.05 }, rules)).toBe(21);
  });

  test("100 → 103 → 113.3 → 113; resistance 16 − 4 = 12 % → 99.44 → 99 (toggle off: 11 % → 100.57 → 101); `AntiRm`: 113", () => {
    expect(spellDamageOnUser(dice([100, 100, 100]), caster, spell, target, rules)).toEqual({ roll: 100, raw: 113, resistancePercent: 12, damage: 99 });
    expect(spellDamageOnUser(dice([100, 100, 100]), caster, spell, target, { ...rules, skillMagicResistance: false }).damage).toBe(101);
    expect(spellDamageOnUser(dice([100, 100, 100]), caster, { ...spell, antiMagicResistance: true }, target, rules)).toMatchObject({ resistancePercent: null, damage: 113 });
  });

  test("penetration beyond the resistance leaves 0 %; a combined spell scales a Mage's damage by 0.7 before the gear (103 → 72.1 → 72 → 79.2 → 79)", () => {
    const piercing = casterWith({ gear: { weapon: magicItemOf({ magicDamageBonus: 0, power: 0 }, { magicPenetration: 40 }), amulet: null, ring: null } });
    expect(spellDamageOnUser(dice([100, 100, 100]), piercing, spell, target, rules)).toMatchObject({ resistancePercent: 0, damage: 103 });
    expect(spellDamageOnUser(dice([100, 100, 100]), caster, spell, targetWith(), rules, true)).toMatchObject({ raw: 79, damage: 79 });
    expect(spellDamageOnUser(dice([100, 100, 100]), casterWith({ classId: 2, gear: caster.gear }), spell, targetWith(), rules, true)).toMatchObject({ damage: 113 });
  });

  test("healing: 7 × 1.25 = 8.75 → 9, × 0.5 = 4.5 → 4 (half to even)", () => {
    const healer = { modifiers: { ...NO_MAGIC_MODIFIERS, magicHealingBonus: 0.25 } };
    const healed = { modifiers: { ...NO_MAGIC_MODIFIERS, selfHealingBonus: -0.5 } };
    expect(spellHealAmount(dice([4, 10, 7]), spellWith({ minHp: 4, maxHp: 10 }), healer, healed)).toEqual({ roll: 7, amount: 4 });
  });

  test("NPC → user: 10 × (1 + 0.5) = 15, resistance against NPCs 20 % → 12; `AntiRm` → 15", () => {
    const npc = { magicBonus: 0.5, modifiers: NO_MAGIC_MODIFIERS };
    expect(npcSpellDamageOnUser(dice([5, 15, 10]), npc, spellWith({ minHp: 5, maxHp: 15 }), targetWith(), 20)).toEqual({ roll: 10, raw: 15, resistancePercent: 20, damage: 12 });
    expect(npcSpellDamageOnUser(dice([5, 15, 10]), npc, spellWith({ minHp: 5, maxHp: 15, antiMagicResistance: true }), targetWith(), 20).damage).toBe(15);
  });
});

describe("area spells (`HechizoSobreArea`, `AreaHechizo`)", () => {
  test("the square: radius 3 around (50, 50) is 49…51; radius 2 is 50…51; radius 4 is 49…52; radius 22 is 40…61", () => {
    const span = (radius: number) => {
      const tiles = areaSpellTiles(50, 50, radius);
      return [Math.min(...tiles.map((t) => t.x)), Math.max(...tiles.map((t) => t.x)), tiles.length];
    };
    expect([span(3), span(2), span(4), span(22)]).toEqual([
      [49, 51, 9],
      [50, 51, 4],
      [49, 52, 16],
      [40, 61, 484],
    ]);
  });

  test("the discount is 20 % per step of x + y: one step 50 → 40, two → 30, the other diagonal → full; 47 one step → 47 − rnd2(9.4) = 38", () => {
    const at = { x: 50, y: 50 };
    expect([areaDiscounted(50, at, { x: 51, y: 50 }), areaDiscounted(50, at, { x: 51, y: 51 }), areaDiscounted(50, at, { x: 51, y: 49 }), areaDiscounted(47, at, { x: 49, y: 50 })]).toEqual([40, 30, 50, 38]);
  });

  test("on an NPC: 30 at level 1 → 30.9 → 31, one step → 31 − rnd2(6.2) = 25, − DEFm 5 = 20; on a user: 25 − 10 % = 22.5 → 22 − 5 % = 20.9 → 21", () => {
    const spell = spellWith({ minHp: 20, maxHp: 40 });
    expect(areaSpellDamageOnNpc(dice([20, 40, 30]), casterWith(), spell, { magicDef: 5 }, { x: 50, y: 50 }, { x: 50, y: 51 })).toEqual({ roll: 30, raw: 31, resistancePercent: null, damage: 20 });
    expect(areaSpellDamageOnUser(dice([20, 40, 30]), casterWith(), spell, { magicResistanceItems: [10, 0, 0, 5], classMagicResistance: 0 }, { x: 50, y: 50 }, { x: 50, y: 51 }).damage).toBe(21);
  });
});
