/**
 * NPC on NPC (§3.5, `NpcImpactoNpc` / `NpcDamageNpc` / `NpcDamageToNpc`): known answers on the
 * default world's wolf and hare, the clamp at 10 and 90, DEF and the multipliers, and the draws.
 */
import { describe, expect, test } from "bun:test";
import { diceFromRandom, npcCombatProfile, npcDamageOnNpc, npcHitChanceOnNpc, resolveNpcMeleeOnNpc, type CombatNpcTemplate } from "./index.ts";
import { scripted } from "./test-fixtures.ts";

const BASE: CombatNpcTemplate = {
  id: 1,
  name: "",
  npcType: 0,
  minHp: 10,
  maxHp: 10,
  minHit: 1,
  maxHit: 1,
  def: 0,
  attackPower: 0,
  evasionPower: 0,
  attackIntervalMs: 0,
  poison: 0,
  affectedByParalysis: false,
  giveExp: 0,
  giveGold: 0,
};
/** The default world's Lobo Ceniciento and Liebre Parda (src/content/default-world/default-tables.ts). */
const WOLF = npcCombatProfile({ ...BASE, id: 4, name: "Lobo Ceniciento", minHp: 45, maxHp: 45, minHit: 2, maxHit: 5, def: 1, attackPower: 22, evasionPower: 18 });
const HARE = npcCombatProfile({ ...BASE, id: 8, name: "Liebre Parda", minHp: 14, maxHp: 14, minHit: 1, maxHit: 2, def: 0, attackPower: 8, evasionPower: 20 });

describe("NpcImpactoNpc", () => {
  test("50 + (PoderAtaque − PoderEvasion) · 0.4, half to even, within 10..90", () => {
    // Wolf on hare: 50 + (22 − 20) · 0.4 = 50.8 → 51; hare on wolf: 50 + (8 − 18) · 0.4 = 46.
    expect(npcHitChanceOnNpc(WOLF, HARE)).toBe(51);
    expect(npcHitChanceOnNpc(HARE, WOLF)).toBe(46);
    const strong = npcCombatProfile({ ...BASE, attackPower: 200 });
    const weak = npcCombatProfile({ ...BASE, evasionPower: 200 });
    expect(npcHitChanceOnNpc(strong, HARE)).toBe(90);
    expect(npcHitChanceOnNpc(HARE, weak)).toBe(10);
    // HitBonus and EvasionBonus are not read here (they are for blows on users).
    expect(npcHitChanceOnNpc(npcCombatProfile({ ...BASE, attackPower: 22 }, { hitBonus: 50 }), npcCombatProfile({ ...BASE, evasionPower: 20 }, { evasionBonus: 50 }))).toBe(51);
  });
});

describe("NpcDamageNpc / NpcDamageToNpc", () => {
  test("the roll + linear bonus − DefenseBonus − DEF, at least 0; the multipliers only on what is lost", () => {
    expect(npcDamageOnNpc(diceFromRandom(scripted([2, 5, 4])), WOLF, HARE)).toEqual({ shown: 4, damage: 4 });
    // The hare's 1 against the wolf's DEF 1 is nothing; its 2 is one.
    expect(npcDamageOnNpc(diceFromRandom(scripted([1, 2, 1])), HARE, WOLF)).toEqual({ shown: 0, damage: 0 });
    expect(npcDamageOnNpc(diceFromRandom(scripted([1, 2, 2])), HARE, WOLF)).toEqual({ shown: 1, damage: 1 });
    // +2 linear, victim DefenseBonus 1: 5 + 2 − 1 − 1 = 5; × 1.5 = 7.5 → 8; × 0.75 = 6.
    const buffed = npcCombatProfile({ ...BASE, minHit: 2, maxHit: 5 }, { physicalDamageLinearBonus: 2, physicalDamageBonus: 0.5 });
    const armoured = npcCombatProfile({ ...BASE, def: 1 }, { defenseBonus: 1, physicalDamageReduction: 0.25 });
    expect(npcDamageOnNpc(diceFromRandom(scripted([2, 5, 5])), buffed, armoured)).toEqual({ shown: 5, damage: 6 });
    // 3 + 2 − 2 = 3 → × 1.5 = 4.5 → 4 (half to even) → × 0.75 = 3.
    expect(npcDamageOnNpc(diceFromRandom(scripted([2, 5, 3])), buffed, armoured)).toEqual({ shown: 3, damage: 3 });
  });
});

describe("resolveNpcMeleeOnNpc", () => {
  test("a hit draws the roll then the damage; a miss draws once; the kill at 0 HP", () => {
    const hit = scripted([1, 100, 51], [2, 5, 5]);
    expect(resolveNpcMeleeOnNpc(hit, WOLF, HARE, { hp: 14 })).toEqual({ kind: "hit", hitChance: 51, shown: 5, damage: 5, hpAfter: 9, killed: false });
    expect(hit.remaining()).toBe(0);
    const miss = scripted([1, 100, 52]);
    expect(resolveNpcMeleeOnNpc(miss, WOLF, HARE, { hp: 14 })).toEqual({ kind: "miss", hitChance: 51 });
    expect(miss.remaining()).toBe(0);
    expect(resolveNpcMeleeOnNpc(scripted([1, 100, 1], [2, 5, 5]), WOLF, HARE, { hp: 3 })).toMatchObject({ kind: "hit", damage: 5, hpAfter: 0, killed: true });
  });
});
