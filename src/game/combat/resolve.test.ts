/**
 * Whole blows on inline tables: each test scripts every `RandomNumber` / `Rnd` in the order the
 * original draws (§3.3–§3.5, §3.8) and checks the outcome value and that nothing else was drawn.
 */
import { describe, expect, test } from "bun:test";
import { ObjectType } from "../items/index.ts";
import {
  BodyPart,
  CombatClass,
  CombatSkill,
  diceFromRandom,
  npcCombatProfile,
  NPC_PARALYSIS_AI_TICKS,
  resolveNpcMeleeOnUser,
  resolveUserAttackOnUser,
  resolveUserMeleeOnNpc,
  resolveUserMeleeOnUser,
  resolveUserShotOnNpc,
  resolveUserShotOnUser,
  unequipChance,
  unequippedSlotFor,
  userCombatProfile,
  WeaponType,
  type CombatBalance,
  type CombatCharacter,
  type CombatNpcTemplate,
  type CombatSkillId,
  type UserProfileOptions,
} from "./index.ts";
import { catalogOf, inlineBalance, scripted, skillsWith } from "./test-fixtures.ts";

const CLUB = 1;
const DAGGER = 2;
const KNUCKLES = 3;
const SHIELD = 4;
const HELMET = 5;
const JAVELIN = 6;
const BOW = 7;
const ARROWS = 8;

const catalog = catalogOf(
  { id: CLUB, objType: ObjectType.Weapon, weaponType: WeaponType.Mace, minHit: 2, maxHit: 2 },
  { id: DAGGER, objType: ObjectType.Weapon, weaponType: WeaponType.Dagger, minHit: 2, maxHit: 2, stabs: true },
  { id: KNUCKLES, objType: ObjectType.Weapon, weaponType: WeaponType.Knuckle, minHit: 2, maxHit: 2 },
  { id: SHIELD, objType: ObjectType.Shield, minDef: 1, maxDef: 1, percentage: 50 },
  { id: HELMET, objType: ObjectType.Helmet, minDef: 1, maxDef: 1 },
  // A throwing weapon (Proyectil=1, Municiones=0) of Subtipo 2: may stun on a ranged hit.
  { id: JAVELIN, objType: ObjectType.Weapon, weaponType: WeaponType.Spear, projectile: 1, subType: 2, percentage: 30, minHit: 2, maxHit: 2 },
  { id: BOW, objType: ObjectType.Weapon, weaponType: WeaponType.Bow, projectile: 1, ammunition: 1, minHit: 1, maxHit: 1 },
  { id: ARROWS, objType: ObjectType.Ammunition, subType: 1, minHit: 1, maxHit: 1 },
);

/** Every class at 1 except what the test says; level 1 (MinHIT 1, MaxHIT 2), STR 15, AGI 0. */
function fighter(
  fields: Partial<Omit<CombatCharacter, "equipment">> & { equipment?: CombatCharacter["equipment"] } = {},
  balance: CombatBalance = inlineBalance(),
  options: UserProfileOptions = {},
) {
  return userCombatProfile(
    { class: CombatClass.Warrior, level: 1, attributes: [15, 0, 20, 0, 20], skills: skillsWith(), equipment: {}, vitals: { maxHp: 50 }, ...fields },
    catalog,
    balance,
    options,
  );
}

const NPC: CombatNpcTemplate = {
  id: 9,
  name: "Lobo",
  npcType: 0,
  minHp: 40,
  maxHp: 40,
  minHit: 3,
  maxHit: 6,
  def: 0,
  attackPower: 0,
  evasionPower: 0,
  attackIntervalMs: 1500,
  poison: 0,
  affectedByParalysis: false,
  giveExp: 30,
  giveGold: 5,
};

/** Records each skill use with the number of draws taken when it happened. */
function skillLog(random: { taken(): number }) {
  const uses: [string, CombatSkillId, number][] = [];
  return { uses, hooks: { onSkillUse: (who: "attacker" | "victim", skill: CombatSkillId) => uses.push([who, skill, random.taken()]) } };
}

describe("§3.3 / §3.8 user on NPC", () => {
  const npc = npcCombatProfile(NPC);

  test("stab (Assassin with a stabbing dagger): chance roll, then Rnd × (NPCMAX − NPCMIN) + NPCMIN; Apuñalar trains after the attempt", () => {
    const balance = inlineBalance({}, { [CombatClass.Assassin]: { stabNpcMin: 1.6, stabNpcMax: 1.9 } }, { assassinStabbingChance: 1 });
    const assassin = fighter({ class: CombatClass.Assassin, equipment: { weapon: DAGGER }, skills: skillsWith({ [CombatSkill.Stabbing]: 30 }) }, balance);
    // hit; u 2; dagger 2 → base 8; penetration (chance 0); stab roll ≤ 30; Rnd 0.25 → 8 · 1.675 = 13.4 → 13.
    const random = scripted([1, 100, 50], [1, 2, 2], [2, 2, 2], [1, 100, 100], [1, 100, 30], 0.25);
    const log = skillLog(random);
    const outcome = resolveUserMeleeOnNpc(random, assassin, npc, { hp: 40 }, log.hooks);
    expect(outcome).toMatchObject({ kind: "hit", damage: 8, extraAttempted: "stab", extra: { kind: "stab", amount: 13 }, totalDamage: 21, hpAfter: 19, lifeSteal: null });
    expect(log.uses).toEqual([
      ["attacker", CombatSkill.Weapons, 1], // a dagger trains Armas
      ["attacker", CombatSkill.Stabbing, 6],
    ]);
    expect(random.remaining()).toBe(0);
    // A failed stab roll draws no Rnd but still trains Apuñalar.
    const failed = scripted([1, 100, 50], [1, 2, 2], [2, 2, 2], [1, 100, 100], [1, 100, 31]);
    const failedLog = skillLog(failed);
    expect(resolveUserMeleeOnNpc(failed, assassin, npc, { hp: 40 }, failedLog.hooks)).toMatchObject({ extraAttempted: "stab", extra: null, totalDamage: 8 });
    expect(failedLog.uses.map(([, skill]) => skill)).toEqual([CombatSkill.Weapons, CombatSkill.Stabbing]);
    expect(failed.remaining()).toBe(0);
  });

  test("no stab below Apuñalar 10 unless Assassin: no roll at all", () => {
    const warrior = fighter({ equipment: { weapon: DAGGER }, skills: skillsWith({ [CombatSkill.Stabbing]: 9 }) });
    const random = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 100, 1]);
    expect(resolveUserMeleeOnNpc(random, warrior, npc, { hp: 40 })).toMatchObject({ extraAttempted: null, totalDamage: 7 });
    expect(random.remaining()).toBe(0);
  });

  test("critical (Bandit with knuckles): a third of the base damage before DEF — rnd2(8 · 0.33) = 3", () => {
    const balance = inlineBalance({}, {}, { banditCriticalHitChance: 0.5 });
    const bandit = fighter({ class: CombatClass.Bandit, equipment: { weapon: KNUCKLES }, skills: skillsWith({ [CombatSkill.Wrestling]: 40 }) }, balance);
    const armoured = npcCombatProfile({ ...NPC, def: 5 });
    const random = scripted([1, 100, 1], [1, 2, 2], [2, 2, 2], [1, 100, 100], [1, 100, 20]);
    const log = skillLog(random);
    expect(resolveUserMeleeOnNpc(random, bandit, armoured, { hp: 40 }, log.hooks)).toMatchObject({
      baseDamage: 8,
      damage: 3,
      extraAttempted: "critical",
      extra: { kind: "critical", amount: 3 },
      totalDamage: 6,
    });
    expect(log.uses.map(([, skill]) => skill)).toEqual([CombatSkill.Wrestling]); // knuckles train Wrestling; no Apuñalar
    expect(random.remaining()).toBe(0);
  });

  test("paralysing weapon: RandomNumber(1, 4) after the skill-up, before the damage; 1 paralyses (47 AI ticks) unless immune", () => {
    const paralyser = fighter({ equipment: { weapon: CLUB } }, inlineBalance(), { paralyzingHit: true });
    const hit = (paralysisRoll: number, template: CombatNpcTemplate = NPC, paralyzed = false) => {
      const random = scripted([1, 100, 1], ...(paralyzed ? [] : ([[1, 4, paralysisRoll]] as const)), [1, 2, 1], [2, 2, 2], [1, 100, 1]);
      const outcome = resolveUserMeleeOnNpc(random, paralyser, npcCombatProfile(template), { hp: 40, paralyzed });
      expect(random.remaining()).toBe(0);
      return outcome.kind === "hit" ? outcome.paralysis : "miss";
    };
    expect([hit(1), hit(2), hit(1, { ...NPC, affectedByParalysis: true }), hit(1, NPC, true)]).toEqual(["paralyzed", "no_effect", "immune", null]);
    expect(NPC_PARALYSIS_AI_TICKS).toBe(47);
  });

  test("Warrior life steal (healers_and_tanks): rnd2(damage × multiplier), at most MaxHP; other classes none", () => {
    const balance = inlineBalance({}, {}, { warriorLifeStealOnHitMultiplier: 0.5 });
    const draws = () => scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 100, 1]); // damage 7 → 3.5 → 4
    expect(resolveUserMeleeOnNpc(draws(), fighter({ equipment: { weapon: CLUB } }, balance), npc, { hp: 40 })).toMatchObject({ damage: 7, lifeSteal: 4 });
    expect(resolveUserMeleeOnNpc(draws(), fighter({ equipment: { weapon: CLUB }, vitals: { maxHp: 3 } }, balance), npc, { hp: 40 })).toMatchObject({ lifeSteal: 3 });
    expect(resolveUserMeleeOnNpc(draws(), fighter({ class: CombatClass.Bandit, equipment: { weapon: CLUB } }, balance), npc, { hp: 40 })).toMatchObject({ lifeSteal: null });
  });

  test("ranged stun: a Subtipo 2 throwing weapon stuns a surviving NPC on RandomNumber(1, 100) < Porcentaje; a kill or melee draws nothing", () => {
    const thrower = fighter({ equipment: { weapon: JAVELIN } });
    const shot = (stunRoll: number | null, hp: number) => {
      const random = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 100, 1], ...(stunRoll === null ? [] : ([[1, 100, stunRoll]] as const)));
      const outcome = resolveUserShotOnNpc(random, thrower, npc, { hp });
      expect(random.remaining()).toBe(0);
      return outcome.kind === "hit" ? [outcome.killed, outcome.stunned] : null;
    };
    expect([shot(29, 40), shot(30, 40), shot(null, 7)]).toEqual([
      [false, true],
      [false, false],
      [true, null],
    ]);
    const melee = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 100, 1]);
    expect(resolveUserMeleeOnNpc(melee, thrower, npc, { hp: 40 })).toMatchObject({ stunned: null });
  });

  test("a bow shot adds the arrows' roll; the hitting object is then the arrows (no Porcentaje: never stun)", () => {
    const archer = fighter({ equipment: { weapon: BOW, ammunition: ARROWS } }, inlineBalance({ projectileDamage: 0.5 }));
    // (3 · (1 + 1) + 2) × 0.5 = 4
    const random = scripted([1, 100, 1], [1, 2, 2], [1, 1, 1], [1, 1, 1], [1, 100, 1]);
    const log = skillLog(random);
    expect(resolveUserShotOnNpc(random, archer, npc, { hp: 40 }, log.hooks)).toMatchObject({ kind: "hit", totalDamage: 4, stunned: null, trainedSkill: CombatSkill.Projectiles });
    expect(random.remaining()).toBe(0);
  });
});

describe("§3.5 NPC on user", () => {
  const shielded = fighter({ equipment: { shield: SHIELD, helmet: HELMET }, skills: skillsWith({ [CombatSkill.Defense]: 30, [CombatSkill.Tactics]: 10 }) });

  test("a miss against a Porcentaje shield rolls the block, then Defensa and Tácticas may train", () => {
    // Evasion: Tácticas 10 → 10; shield 30 · 1 / 2 · 0.5 = 7.5 → 8. Hit: 50 + (0 − 18) · 0.4 = 42.8 → 43. Block: 100 · 30 / 40 = 75.
    const random = scripted([1, 100, 44], [1, 100, 75]);
    const log = skillLog(random);
    expect(resolveNpcMeleeOnUser(random, npcCombatProfile(NPC), shielded, { hp: 50, maxHp: 50 }, log.hooks)).toEqual({
      kind: "miss",
      hitChance: 43,
      blockChance: 75,
      blocked: true,
    });
    expect(log.uses).toEqual([
      ["victim", CombatSkill.Defense, 2],
      ["victim", CombatSkill.Tactics, 2],
    ]);
    expect(random.remaining()).toBe(0);
    const unblocked = scripted([1, 100, 44], [1, 100, 76]);
    expect(resolveNpcMeleeOnUser(unblocked, npcCombatProfile(NPC), shielded, { hp: 50, maxHp: 50 })).toMatchObject({ kind: "miss", blocked: false });
  });

  test("a hit on the head: the helmet absorbs; Defensa trains before the damage rolls, Tácticas after", () => {
    const random = scripted([1, 100, 43], [3, 6, 6], [1, 6, BodyPart.Head], [1, 1, 1]);
    const log = skillLog(random);
    expect(resolveNpcMeleeOnUser(random, npcCombatProfile(NPC), shielded, { hp: 50, maxHp: 50 }, log.hooks)).toEqual({
      kind: "hit",
      hitChance: 43,
      bodyPart: BodyPart.Head,
      rawDamage: 6,
      absorbed: 1,
      damage: 5,
      hpAfter: 45,
      killed: false,
      meditationBroken: null,
      poisoned: null,
    });
    expect(log.uses).toEqual([
      ["victim", CombatSkill.Defense, 1],
      ["victim", CombatSkill.Tactics, 4],
    ]);
    expect(random.remaining()).toBe(0);
  });

  test("meditation breaks when damage > Fix(MinHP/100 · INT · Meditar/100 · 12 / (RandomNumber(0,5) + 7)), MinHP after the hit", () => {
    // hp 16 − 6 = 10 left; 10/100 · 20 · 50/100 · 12 = 12: divisor 7 → 1.71 → 1 (broken); MinHP 100: 108/7 → 15 (kept).
    const meditator = fighter({ skills: skillsWith({ [CombatSkill.Meditation]: 50 }) });
    const hit = (hp: number, divisorRoll: number) => {
      const random = scripted([1, 100, 1], [3, 6, 6], [1, 6, BodyPart.Torso], [0, 5, divisorRoll]);
      const outcome = resolveNpcMeleeOnUser(random, npcCombatProfile(NPC), meditator, { hp, maxHp: 200, meditating: true });
      expect(random.remaining()).toBe(0);
      return outcome.kind === "hit" ? outcome.meditationBroken : "miss";
    };
    expect([hit(16, 0), hit(96, 0), hit(96, 5)]).toEqual([true, false, false]);
  });

  test("a poisonous NPC poisons on RandomNumber(1, 100) < 30, drawn after the damage; a killing blow is a kill", () => {
    const spider = npcCombatProfile({ ...NPC, poison: 2 });
    const bite = (roll: number, hp = 50) => {
      const random = scripted([1, 100, 1], [3, 6, 3], [1, 6, BodyPart.LeftLeg], [1, 100, roll]);
      const outcome = resolveNpcMeleeOnUser(random, spider, fighter(), { hp, maxHp: 50 });
      expect(random.remaining()).toBe(0);
      return outcome.kind === "hit" ? [outcome.poisoned, outcome.hpAfter, outcome.killed] : "miss";
    };
    expect([bite(29), bite(30), bite(1, 3)]).toEqual([
      [true, 47, false],
      [false, 47, false],
      [true, 0, true],
    ]);
  });
});

describe("§3.4 user on user", () => {
  const victimAt = (hp: number) => ({ hp, maxHp: 50 });

  test("a miss always draws the block roll (chance 0 without a Porcentaje shield); a block trains the victim's Defensa", () => {
    const random = scripted([1, 100, 51], [1, 100, 1]);
    expect(resolveUserMeleeOnUser(random, fighter(), fighter(), victimAt(50))).toEqual({ kind: "miss", hitChance: 50, blockChance: 0, blocked: false });
    expect(random.remaining()).toBe(0);
    const shieldBearer = fighter({ equipment: { shield: SHIELD }, skills: skillsWith({ [CombatSkill.Defense]: 30, [CombatSkill.Tactics]: 10 }) });
    // Hit: 50 + (0 − (10 + 8)) · 0.4 = 42.8 → 43. Block: 50 · 30 / 40 = 37.5 → 38.
    const blocked = scripted([1, 100, 44], [1, 100, 38]);
    const log = skillLog(blocked);
    expect(resolveUserMeleeOnUser(blocked, fighter(), shieldBearer, victimAt(50), { hooks: log.hooks })).toEqual({ kind: "miss", hitChance: 43, blockChance: 38, blocked: true });
    expect(log.uses).toEqual([["victim", CombatSkill.Defense, 2]]);
  });

  test("a precise hit (GolpeCertero) draws no hit roll", () => {
    const random = scripted([1, 2, 1], [2, 2, 2], [1, 8, 3], [1, 100, 1]);
    expect(resolveUserMeleeOnUser(random, fighter({ equipment: { weapon: CLUB } }), fighter(), victimAt(50), { preciseHit: true })).toMatchObject({
      kind: "hit",
      hitChance: 100,
      bodyPart: BodyPart.RightLeg,
      damage: 7,
    });
    expect(random.remaining()).toBe(0);
  });

  test("stab: rnd2(damage × MODAPUNALAR); the one-shot rule caps a blow from full HP at exactly the HP left", () => {
    const balance = inlineBalance({}, { [CombatClass.Assassin]: { stab: 1.5 } }, { assassinStabbingChance: 1, extraBackstabChance: 10 });
    const assassin = fighter({ class: CombatClass.Assassin, equipment: { weapon: DAGGER }, skills: skillsWith({ [CombatSkill.Stabbing]: 20 }) }, balance);
    // base 1 + 3 · 2 = 7; part 6; no armour; no mount; penetration; stab roll ≤ 20 → rnd2(7 · 1.5 = 10.5) = 10.
    const blow = (hp: number, stabRoll = 20, fromBehind = false) => {
      const random = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 8, 6], [1, 100, 1], [1, 100, stabRoll]);
      const outcome = resolveUserMeleeOnUser(random, assassin, fighter(), { hp, maxHp: 17 }, { fromBehind });
      expect(random.remaining()).toBe(0);
      return outcome.kind === "hit" ? [outcome.extra?.amount ?? null, outcome.totalDamage, outcome.oneShot, outcome.killed] : "miss";
    };
    expect(blow(17)).toEqual([10, 17, true, true]); // 7 + 10 ≥ MaxHP 17 from full HP → 17
    expect(blow(16)).toEqual([10, 17, false, true]);
    expect(blow(30)).toEqual([10, 17, false, false]); // not at "full" (30 ≠ 17): no cap
    expect(blow(30, 21)).toEqual([null, 7, false, false]);
    expect(blow(30, 30, true)).toEqual([10, 17, false, false]); // from behind: 20 + 10 = 30
  });

  test("critical against a user: rnd2(damage × CriticalHitDmgModifier)", () => {
    const balance = inlineBalance({}, {}, { banditCriticalHitChance: 1, criticalHitDamageModifier: 0.5 });
    const bandit = fighter({ class: CombatClass.Bandit, equipment: { weapon: KNUCKLES }, skills: skillsWith({ [CombatSkill.Wrestling]: 50 }) }, balance);
    // base 2 + 6 = 8 → crit roll ≤ 50 → rnd2(4) = 4; unequip: rnd2(0.2 · 50) = 10 → roll 11 keeps everything.
    const random = scripted([1, 100, 1], [1, 2, 2], [2, 2, 2], [1, 8, 2], [1, 100, 1], [1, 100, 50], [1, 100, 11]);
    expect(resolveUserMeleeOnUser(random, bandit, fighter(), victimAt(50))).toMatchObject({
      damage: 8,
      extra: { kind: "critical", amount: 4 },
      totalDamage: 12,
      unequipRolled: true,
      unequipped: null,
    });
    expect(random.remaining()).toBe(0);
  });

  test("unequip: Thief 33%, Bandit rnd2(0.2 · skill); legs take the shield first, arms and torso the weapon, the head the helmet", () => {
    expect(unequipChance(fighter({ class: CombatClass.Thief }))).toBe(33);
    expect(unequipChance(fighter({ class: CombatClass.Thief, equipment: { weapon: CLUB } }))).toBeNull();
    expect(unequipChance(fighter({ class: CombatClass.Bandit, equipment: { weapon: KNUCKLES }, skills: skillsWith({ [CombatSkill.Wrestling]: 62 }) }))).toBe(12);
    expect(unequipChance(fighter())).toBeNull();
    const full = fighter({ equipment: { weapon: CLUB, shield: SHIELD, helmet: HELMET } });
    expect([BodyPart.Head, BodyPart.LeftLeg, BodyPart.Torso].map((part) => unequippedSlotFor(full, part))).toEqual(["helmet", "shield", "weapon"]);
    const armed = fighter({ equipment: { weapon: CLUB } });
    expect([BodyPart.Head, BodyPart.LeftLeg, BodyPart.Torso].map((part) => unequippedSlotFor(armed, part))).toEqual(["weapon", "weapon", "weapon"]);
    expect(unequippedSlotFor(fighter(), BodyPart.Head)).toBeNull();
    const thief = fighter({ class: CombatClass.Thief });
    const random = scripted([1, 100, 1], [1, 2, 2], [1, 8, 3], [1, 1, 1], [1, 100, 33]); // hit, u, part, the shield's defence, unequip
    expect(resolveUserMeleeOnUser(random, thief, full, victimAt(50))).toMatchObject({ bodyPart: BodyPart.RightLeg, unequipped: "shield", penetrationTriggered: null });
    expect(random.remaining()).toBe(0);
  });

  test("a shot at a user is the same blow with the bow's arrows", () => {
    const archer = fighter({ equipment: { weapon: BOW, ammunition: ARROWS } });
    const random = scripted([1, 100, 1], [1, 2, 1], [1, 1, 1], [1, 1, 1], [1, 8, 5], [1, 100, 1]);
    expect(resolveUserShotOnUser(random, archer, fighter(), victimAt(50))).toMatchObject({ kind: "hit", damage: 7, trainedSkill: CombatSkill.Projectiles });
    expect(random.remaining()).toBe(0);
  });

  test("the dice-level entry point draws the same as the Random one", () => {
    const a = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 8, 4], [1, 100, 1]);
    const b = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 8, 4], [1, 100, 1]);
    const attacker = fighter({ equipment: { weapon: CLUB } });
    expect(resolveUserAttackOnUser(diceFromRandom(a), attacker, fighter(), victimAt(50))).toEqual(resolveUserMeleeOnUser(b, attacker, fighter(), victimAt(50)));
  });
});
