import { describe, expect, test } from "bun:test";
import { SKILL_COUNT } from "../character/index.ts";
import {
  EXPERT_SKILL_RAISE_CUTOFF,
  MAX_SKILL_POINTS,
  rollSkillRaise,
  SKILL,
  skillCapAtLevel,
  skillName,
  skillRaiseChance,
  skillRaiseRange,
  skillTrainedBy,
  spendSkillPoints,
  WEAPON_TYPE_KNUCKLE,
  type SkillRaiser,
} from "./index.ts";
import { drawFor, scriptedRandom } from "../../random/scripted-random.test-support.ts";

describe("the level cap of rising by use", () => {
  test("L1..L8 = 3, 5, 7, 10, 13, 15, 17, 20; 5 more every two levels after that", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(skillCapAtLevel)).toEqual([3, 5, 7, 10, 13, 15, 17, 20]);
    expect(skillCapAtLevel(20)).toBe(50);
    expect(skillCapAtLevel(39)).toBe(97);
    expect(skillCapAtLevel(40)).toBe(100);
  });
});

describe("rising by use (SubirSkill)", () => {
  const fresh: SkillRaiser = { level: 1, points: 0, food: 100, water: 100 };

  test("level 1, 2024 difficulty 10: one draw in 1..150, below 10 raises (9 in 150)", () => {
    expect(skillRaiseRange(1, 10)).toBe(150);
    expect(skillRaiseChance(1, 10)).toBe(9 / 150);
    expect(skillRaiseChance(1, 2)).toBe(9 / 30);
    const yes = scriptedRandom(drawFor(9, 1, 150));
    expect(rollSkillRaise(fresh, 10, yes)).toEqual({ raised: true, points: 1 });
    expect(yes.used).toBe(1);
    expect(rollSkillRaise(fresh, 10, scriptedRandom(drawFor(10, 1, 150)))).toEqual({ raised: false, reason: "failed_roll" });
  });

  test("the expert's pendant raises the cutoff to 17", () => {
    const expert = { ...fresh, expertPendant: true };
    expect(rollSkillRaise(expert, 10, scriptedRandom(drawFor(EXPERT_SKILL_RAISE_CUTOFF - 1, 1, 150)))).toEqual({ raised: true, points: 1 });
    expect(rollSkillRaise(expert, 10, scriptedRandom(drawFor(EXPERT_SKILL_RAISE_CUTOFF, 1, 150)))).toEqual({ raised: false, reason: "failed_roll" });
  });

  test("the range grows with the level: Int(0.1·L² + 15)", () => {
    expect(skillRaiseRange(10, 2)).toBe(50);
    expect(skillRaiseRange(13, 10)).toBe(310);
    expect(skillRaiseRange(47, 2)).toBe(470);
  });

  test("no draw at 100, at the level's cap, hungry or thirsty", () => {
    const none = scriptedRandom();
    expect(rollSkillRaise({ ...fresh, level: 47, points: MAX_SKILL_POINTS }, 2, none)).toEqual({ raised: false, reason: "at_max" });
    expect(rollSkillRaise({ ...fresh, points: 3 }, 2, none)).toEqual({ raised: false, reason: "level_cap" });
    expect(rollSkillRaise({ ...fresh, food: 0 }, 2, none)).toEqual({ raised: false, reason: "hungry_or_thirsty" });
    expect(rollSkillRaise({ ...fresh, water: 0 }, 2, none)).toEqual({ raised: false, reason: "hungry_or_thirsty" });
    expect(none.used).toBe(0);
    // One below the cap still rolls.
    expect(rollSkillRaise({ ...fresh, points: 2 }, 2, scriptedRandom(0))).toEqual({ raised: true, points: 3 });
  });
});

describe("which action trains which skill", () => {
  test("weapons: ranged → Armas a distancia, knuckles and bare hands → Combate sin armas, else Combate con armas", () => {
    expect(skillTrainedBy({ kind: "weapon_hit", weapon: { projectile: false, weaponType: 1 } })).toBe(SKILL.Weapons);
    expect(skillTrainedBy({ kind: "weapon_hit", weapon: { projectile: true, weaponType: 3 } })).toBe(SKILL.Projectiles);
    expect(skillTrainedBy({ kind: "weapon_hit", weapon: { projectile: false, weaponType: WEAPON_TYPE_KNUCKLE } })).toBe(SKILL.Wrestling);
    expect(skillTrainedBy({ kind: "weapon_hit", weapon: null })).toBe(SKILL.Wrestling);
  });

  test("the rest of §7.4", () => {
    expect(skillTrainedBy({ kind: "stab_attempt" })).toBe(6);
    expect(skillTrainedBy({ kind: "attacked_by_npc" })).toBe(3);
    expect(skillTrainedBy({ kind: "shield_used" })).toBe(10);
    expect(skillTrainedBy({ kind: "spell_cast" })).toBe(1);
    expect(skillTrainedBy({ kind: "meditation_tick" })).toBe(5);
    expect(skillTrainedBy({ kind: "hit_by_damage_spell" })).toBe(16);
    expect(skillTrainedBy({ kind: "npc_killed" })).toBe(8);
    expect(skillTrainedBy({ kind: "taming_attempt" })).toBe(24);
    expect(skillTrainedBy({ kind: "hiding" })).toBe(7);
    expect(skillName(SKILL.Weapons)).toBe("Combate con armas");
    expect(skillName(SKILL.Survival)).toBe("Supervivencia");
  });
});

describe("spending free points (ModifySkills)", () => {
  const zeros = (): number[] => new Array<number>(SKILL_COUNT).fill(0);
  const deltas = (entries: Record<number, number>): number[] => {
    const out = zeros();
    for (const [skill, points] of Object.entries(entries)) out[Number(skill) - 1] = points;
    return out;
  };

  test("points go where the client says; the rest stay free", () => {
    const outcome = spendSkillPoints(zeros(), 10, deltas({ [SKILL.Weapons]: 6, [SKILL.Tactics]: 3 }));
    expect(outcome).toEqual({ ok: true, skills: deltas({ 4: 6, 3: 3 }), freeSkillPoints: 1, changed: [3, 4], refunded: 0 });
  });

  test("more than the free points: refused, nothing changes", () => {
    expect(spendSkillPoints(zeros(), 10, deltas({ 1: 6, 2: 5 }))).toEqual({ ok: false, reason: "more_than_free_points" });
    expect(spendSkillPoints(zeros(), 0, deltas({ 1: 1 }))).toEqual({ ok: false, reason: "more_than_free_points" });
    // 24 × 255 would overflow a Byte sum in a careless port: still refused.
    expect(spendSkillPoints(zeros(), 100, new Array<number>(SKILL_COUNT).fill(255))).toEqual({ ok: false, reason: "more_than_free_points" });
  });

  test("malformed lists (wrong length, negative, fractional, above a byte) are refused", () => {
    expect(spendSkillPoints(zeros(), 10, zeros().slice(1))).toEqual({ ok: false, reason: "malformed" });
    expect(spendSkillPoints(zeros(), 10, deltas({ 1: -1 }))).toEqual({ ok: false, reason: "malformed" });
    expect(spendSkillPoints(zeros(), 10, deltas({ 1: 0.5 }))).toEqual({ ok: false, reason: "malformed" });
    expect(spendSkillPoints(zeros(), 1000, deltas({ 1: 256 }))).toEqual({ ok: false, reason: "malformed" });
  });

  test("a skill never passes 100: the excess is given back", () => {
    const skills = zeros();
    skills[SKILL.Magic - 1] = 98;
    const outcome = spendSkillPoints(skills, 10, deltas({ [SKILL.Magic]: 5 }));
    expect(outcome).toMatchObject({ ok: true, freeSkillPoints: 8, refunded: 3, changed: [1] });
    if (outcome.ok) expect(outcome.skills[0]).toBe(100);
    // Already at 100: nothing changes, all given back.
    skills[SKILL.Magic - 1] = 100;
    expect(spendSkillPoints(skills, 4, deltas({ [SKILL.Magic]: 4 }))).toMatchObject({ ok: true, freeSkillPoints: 4, refunded: 4, changed: [] });
  });

  test("all zeros is a valid no-op", () => {
    expect(spendSkillPoints(zeros(), 3, zeros())).toEqual({ ok: true, skills: zeros(), freeSkillPoints: 3, changed: [], refunded: 0 });
  });
});
