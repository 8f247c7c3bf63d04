/**
 * Known answers of the §3.2–§3.5 formulas on small inline tables, worked by hand: VB6 rounding
 * (half to even at every Long assignment), `Single` class modifiers, clamps, and each draw.
 */
import { describe, expect, test } from "bun:test";
import type { CharacterRecord } from "../character/index.ts";
import { ObjectType } from "../items/index.ts";
import {
  armorPenetration,
  attackPower,
  blockChanceAgainstNpc,
  blockChanceAgainstUser,
  BodyPart,
  CombatClass,
  CombatSkill,
  criticalHitChance,
  diceFromRandom,
  DEFAULT_COMBAT_TOGGLES,
  hitRange,
  npcCombatProfile,
  npcDamageOnUser,
  npcHitChanceOnUser,
  shieldEvasion,
  skillTrainedByHit,
  stabChance,
  userBaseDamage,
  userCombatProfile,
  userDamageOnNpc,
  userDamageOnUser,
  userEvasion,
  userHitChanceOnNpc,
  userHitChanceOnUser,
  weaponSkill,
  WeaponType,
  type CombatBalance,
  type CombatCharacter,
  type CombatNpcTemplate,
  type UserProfileOptions,
} from "./index.ts";
import { catalogOf, inlineBalance, scripted, skillsWith } from "./test-fixtures.ts";

const SWORD = 1;
const DAGGER = 2;
const BOW = 3;
const ARROWS = 4;
const KNUCKLES = 5;
const SHIELD = 6;
const PLAIN_SHIELD = 7;
const HELMET = 8;
const ARMOR = 9;
const SHIP = 10;
const SADDLE = 11;
const NPC_SWORD = 12;
const PIERCING_AXE = 13;

const catalog = catalogOf(
  { id: SWORD, objType: ObjectType.Weapon, weaponType: WeaponType.Sword, minHit: 1, maxHit: 10 },
  { id: DAGGER, objType: ObjectType.Weapon, weaponType: WeaponType.Dagger, minHit: 2, maxHit: 4, stabs: true, extraCritAndStabChance: 2.5 },
  { id: BOW, objType: ObjectType.Weapon, weaponType: WeaponType.Bow, projectile: 1, ammunition: 1, minHit: 5, maxHit: 8 },
  { id: ARROWS, objType: ObjectType.Ammunition, subType: 1, minHit: 1, maxHit: 3 },
  { id: KNUCKLES, objType: ObjectType.Weapon, weaponType: WeaponType.Knuckle, minHit: 1, maxHit: 2 },
  { id: SHIELD, objType: ObjectType.Shield, minDef: 2, maxDef: 3, percentage: 50 },
  { id: PLAIN_SHIELD, objType: ObjectType.Shield, minDef: 2, maxDef: 3 },
  { id: HELMET, objType: ObjectType.Helmet, minDef: 1, maxDef: 3 },
  { id: ARMOR, objType: ObjectType.Armor, minDef: 4, maxDef: 6 },
  { id: SHIP, objType: ObjectType.Ship, minHit: 3, maxHit: 3, minDef: 5, maxDef: 5 },
  { id: SADDLE, objType: ObjectType.Saddle, minHit: 2, maxHit: 2, minDef: 1, maxDef: 1 },
  { id: NPC_SWORD, objType: ObjectType.Weapon, minHit: 2, maxHit: 4, minHitToNpc: 6 },
  { id: PIERCING_AXE, objType: ObjectType.Weapon, weaponType: WeaponType.Axe, minHit: 1, maxHit: 1, minArmorPenetrationFlat: 4, maxArmorPenetrationFlat: 2, armorPenetrationPercent: 25 },
);

/** A fighter of class `cls` (default Warrior) with AGI 0 unless said. */
function fighter(
  fields: Partial<Omit<CombatCharacter, "equipment">> & { equipment?: CombatCharacter["equipment"] } = {},
  balance: CombatBalance = inlineBalance(),
  options: UserProfileOptions = {},
) {
  return userCombatProfile(
    { class: CombatClass.Warrior, level: 1, attributes: [15, 0, 20, 0, 20], skills: skillsWith(), equipment: {}, ...fields },
    catalog,
    balance,
    options,
  );
}

function npcOf(fields: Partial<CombatNpcTemplate> = {}) {
  return npcCombatProfile(npcTemplate(fields));
}

function npcTemplate(fields: Partial<CombatNpcTemplate> = {}): CombatNpcTemplate {
  return {
    id: 1,
    name: "Dummy",
    npcType: 0,
    minHp: 100,
    maxHp: 100,
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
    ...fields,
  };
}

test("a stored character record is a CombatCharacter as it is", () => {
  const record = {
    class: CombatClass.Warrior,
    level: 1,
    attributes: [19, 19, 19, 18, 20],
    skills: skillsWith(),
    equipment: { weapon: SWORD, armor: 0, shield: 0, helmet: 0, ammunition: 0, ring: 0, ship: 0, mount: 0 },
    vitals: { hp: 20, maxHp: 20, mana: 0, maxMana: 0, stamina: 60, maxStamina: 60, food: 100, water: 100 },
  } satisfies Partial<CharacterRecord>;
  const character: CombatCharacter = record;
  expect(userCombatProfile(character, catalog, inlineBalance())).toMatchObject({ maxHp: 20, minHit: 1, maxHit: 2, weapon: { id: SWORD } });
});

describe("§3.2 weapon skill", () => {
  test("by WeaponType only: none/knuckle → Wrestling, bow/gunpowder → Proyectiles, dagger → Apuñalar, anything else (0 too) → Armas", () => {
    expect(weaponSkill(null)).toBe(CombatSkill.Wrestling);
    const cases: [number, number][] = [
      [WeaponType.None, CombatSkill.Weapons],
      [WeaponType.Sword, CombatSkill.Weapons],
      [WeaponType.Dagger, CombatSkill.Stabbing],
      [WeaponType.Bow, CombatSkill.Projectiles],
      [WeaponType.Staff, CombatSkill.Weapons],
      [WeaponType.Knuckle, CombatSkill.Wrestling],
      [WeaponType.GunPowder, CombatSkill.Projectiles],
    ];
    for (const [type, skill] of cases) expect([type, weaponSkill({ weaponType: type })]).toEqual([type, skill]);
  });

  test("§3.3 the skill a hit trains: any shooting weapon → Proyectiles, knuckles → Wrestling, a dagger → Armas", () => {
    expect(skillTrainedByHit(null)).toBe(CombatSkill.Wrestling);
    expect(skillTrainedByHit({ weaponType: WeaponType.None, projectile: 1 })).toBe(CombatSkill.Projectiles);
    expect(skillTrainedByHit({ weaponType: WeaponType.Knuckle, projectile: 0 })).toBe(CombatSkill.Wrestling);
    expect(skillTrainedByHit({ weaponType: WeaponType.Dagger, projectile: 0 })).toBe(CombatSkill.Weapons);
  });
});

describe("§3.2 attack power and evasion", () => {
  test("MODATAQUEARMAS is a Single: Armas 30 × fround(1.05) = 31.49999… → 31 (the Double 31.5 would give 32)", () => {
    const user = fighter({ equipment: { weapon: SWORD }, skills: skillsWith({ [CombatSkill.Weapons]: 30 }) }, inlineBalance({ weaponAttack: 1.05 }));
    expect(attackPower(user)).toBe(31);
    expect(userHitChanceOnNpc(user, npcOf())).toBe(62); // rnd2(50 + 31 · 0.4 = 62.4)
  });

  test("agility: (S + 3S/100 · AGI) — Armas 10, AGI 19, ×1.05 → rnd2(16.485) = 16", () => {
    const user = fighter({ equipment: { weapon: SWORD }, attributes: [19, 19, 19, 18, 20], skills: skillsWith({ [CombatSkill.Weapons]: 10 }) }, inlineBalance({ weaponAttack: 1.05 }));
    expect(attackPower(user)).toBe(16);
  });

  test("2.5 per level above 12, rounded half to even: level 13 → 2, 14 → 5, 15 → 8; plus HitBonus", () => {
    const at = (level: number, hitBonus = 0) => attackPower(fighter({ level }, inlineBalance(), { modifiers: { hitBonus } }));
    expect([at(12), at(13), at(14), at(15), at(15, 3)]).toEqual([0, 2, 5, 8, 11]);
  });

  test("a WeaponType 3 bow uses Proyectiles × MODATAQUEPROYECTILES: (20 + 0.6 · 10) × 0.5 = 13; a dagger uses Apuñalar × MODATAQUEARMAS", () => {
    const balance = inlineBalance({ projectileAttack: 0.5, weaponAttack: 2 });
    const archer = fighter({ equipment: { weapon: BOW }, attributes: [15, 10, 20, 0, 20], skills: skillsWith({ [CombatSkill.Projectiles]: 20, [CombatSkill.Weapons]: 90 }) }, balance);
    expect(attackPower(archer)).toBe(13);
    const stabber = fighter({ equipment: { weapon: DAGGER }, skills: skillsWith({ [CombatSkill.Stabbing]: 7, [CombatSkill.Weapons]: 90 }) }, balance);
    expect(attackPower(stabber)).toBe(14);
  });

  test("class_weapon_bonus: [Guerrero] Sword=20 counts only with the toggle and a typed weapon", () => {
    const balance = inlineBalance({ weaponHitBonus: { Sword: 20 } });
    expect(attackPower(fighter({ equipment: { weapon: SWORD } }, balance))).toBe(0);
    const on = { toggles: { ...DEFAULT_COMBAT_TOGGLES, classWeaponBonus: true } };
    expect(attackPower(fighter({ equipment: { weapon: SWORD } }, balance, on))).toBe(20);
    expect(attackPower(fighter({ equipment: { weapon: NPC_SWORD } }, balance, on))).toBe(0); // WeaponType 0
  });

  test("PoderEvasion uses MODEVASION as a Double: Tácticas 30 × 1.05 = 31.5 → 32; + level; + EvasionBonus", () => {
    const balance = inlineBalance({ evasion: 1.05 });
    expect(userEvasion(fighter({ skills: skillsWith({ [CombatSkill.Tactics]: 30 }) }, balance))).toBe(32);
    const veteran = fighter({ level: 20, attributes: [15, 20, 20, 0, 20], skills: skillsWith({ [CombatSkill.Tactics]: 50 }) }, inlineBalance({ evasion: 0.9 }), { modifiers: { evasionBonus: 3 } });
    expect(userEvasion(veteran)).toBe(95); // (50 + 1.5 · 20) · 0.9 = 72; + 2.5 · 8 = 92; + 3
  });

  test("shield evasion: Defensa 40 × MODESCUDO 0.75 / 2 × Porcentaje 50 / 100 = 7.5 → 8; 0 without Porcentaje or shield", () => {
    const balance = inlineBalance({ shield: 0.75 });
    const skills = skillsWith({ [CombatSkill.Defense]: 40 });
    expect(shieldEvasion(fighter({ skills, equipment: { shield: SHIELD } }, balance))).toBe(8);
    expect(shieldEvasion(fighter({ skills, equipment: { shield: PLAIN_SHIELD } }, balance))).toBe(0);
    expect(shieldEvasion(fighter({ skills }, balance))).toBe(0);
  });
});

describe("§3.3–§3.5 hit and block chances", () => {
  const balance = inlineBalance({ shield: 0.75 });
  const shielded = fighter({ skills: skillsWith({ [CombatSkill.Defense]: 40 }), equipment: { shield: SHIELD } }, balance);

  test("user → NPC is clamped to 5..95", () => {
    expect(userHitChanceOnNpc(fighter(), npcOf({ evasionPower: 200 }))).toBe(5);
    expect(userHitChanceOnNpc(fighter({ level: 47 }), npcOf())).toBe(85); // AP rnd2(87.5) = 88 → 50 + 35.2
    expect(userHitChanceOnNpc(fighter({ level: 47 }, inlineBalance(), { modifiers: { hitBonus: 40 } }), npcOf())).toBe(95);
  });

  test("NPC → user counts the shield's evasion and is clamped to 10..90: 50 + (30 − 8) · 0.4 = 58.8 → 59", () => {
    expect(npcHitChanceOnUser(npcOf({ attackPower: 30 }), shielded)).toBe(59);
    expect(npcHitChanceOnUser(npcOf({ attackPower: 500 }), shielded)).toBe(90);
    expect(npcHitChanceOnUser(npcOf({ attackPower: 0 }), fighter({ level: 47 }))).toBe(15); // evasion 88 → 14.8
    expect(npcHitChanceOnUser(npcOf({ attackPower: 0 }), fighter({ level: 47 }, inlineBalance(), { modifiers: { evasionBonus: 30 } }))).toBe(10);
  });

  test("user → user: 50 + (31 − (32 + 8)) · 0.4 = 46.4 → 46; a meditating victim: rnd2(54 · 0.75) = 40 → 60; never above 90", () => {
    const attacker = fighter({ equipment: { weapon: SWORD }, skills: skillsWith({ [CombatSkill.Weapons]: 30 }) }, inlineBalance({ weaponAttack: 1.05 }));
    const victim = fighter({ skills: skillsWith({ [CombatSkill.Tactics]: 30, [CombatSkill.Defense]: 40 }), equipment: { shield: SHIELD } }, inlineBalance({ evasion: 1.05, shield: 0.75 }));
    expect(userHitChanceOnUser(attacker, victim)).toBe(46);
    expect(userHitChanceOnUser(attacker, victim, true)).toBe(60);
    const strong = fighter({ level: 47 }, inlineBalance(), { modifiers: { hitBonus: 40 } });
    expect([userHitChanceOnUser(strong, fighter()), userHitChanceOnUser(strong, fighter(), true)]).toEqual([95, 90]);
  });

  test("block after an NPC's miss: 100 · Def / (Def + Tac) clamped 10..90; no roll without a Porcentaje shield or skills", () => {
    const withSkills = (defense: number, tactics: number, shield = SHIELD) =>
      blockChanceAgainstNpc(fighter({ skills: skillsWith({ [CombatSkill.Defense]: defense, [CombatSkill.Tactics]: tactics }), equipment: { shield } }));
    expect([withSkills(30, 10), withSkills(1, 99), withSkills(99, 1), withSkills(0, 0), withSkills(30, 10, PLAIN_SHIELD)]).toEqual([75, 10, 90, null, null]);
    expect(blockChanceAgainstNpc(fighter())).toBeNull();
  });

  test("block after a user's miss: Porcentaje · Def / max(Def + Tac, 1) clamped 10..90, 10 without Defensa, 0 without such a shield", () => {
    const withSkills = (defense: number, tactics: number, shield = SHIELD) =>
      blockChanceAgainstUser(fighter({ skills: skillsWith({ [CombatSkill.Defense]: defense, [CombatSkill.Tactics]: tactics }), equipment: { shield } }));
    expect([withSkills(30, 10), withSkills(0, 50), withSkills(1, 99), withSkills(30, 10, PLAIN_SHIELD)]).toEqual([38, 10, 10, 0]); // 37.5 → 38
    expect(blockChanceAgainstUser(fighter())).toBe(0);
  });

  test("stab and critical chances: ClampChance(skill × class chance + ExtraCritAndStabChance), truncated", () => {
    const balance = inlineBalance({}, {}, { assassinStabbingChance: 0.33, genericStabbingChance: 0.1, banditCriticalHitChance: 0.5 });
    const assassin = fighter({ class: CombatClass.Assassin, equipment: { weapon: DAGGER }, skills: skillsWith({ [CombatSkill.Stabbing]: 30 }) }, balance);
    expect(stabChance(assassin)).toBe(12); // 30 · fround(0.33) = 9.9 → + 2.5 = 12.4 → 12
    const warrior = fighter({ equipment: { weapon: DAGGER }, skills: skillsWith({ [CombatSkill.Stabbing]: 100 }) }, balance);
    expect(stabChance(warrior)).toBe(12); // 100 · 0.1 + 2.5
    const bandit = fighter({ class: CombatClass.Bandit, equipment: { weapon: KNUCKLES }, skills: skillsWith({ [CombatSkill.Wrestling]: 40 }) }, balance);
    expect(criticalHitChance(bandit)).toBe(20);
    expect(criticalHitChance(fighter({ class: CombatClass.Bandit, equipment: { weapon: KNUCKLES }, skills: skillsWith({ [CombatSkill.Wrestling]: 250 }) }, balance))).toBe(100);
  });
});

describe("§3.3 user damage", () => {
  test("GetHitRangeValues: MinHitToNPC/MaxHitToNPC replace the range against NPCs only; max is at least min", () => {
    expect(hitRange({ minHit: 2, maxHit: 4, minHitToNpc: 6, maxHitToNpc: 0 }, "npc")).toEqual({ min: 6, max: 6 });
    expect(hitRange({ minHit: 2, maxHit: 4, minHitToNpc: 6, maxHitToNpc: 0 }, "user")).toEqual({ min: 2, max: 4 });
    expect(hitRange({ minHit: 2, maxHit: 4, minHitToNpc: 0, maxHitToNpc: 9 }, "npc")).toEqual({ min: 2, max: 9 });
  });

  test("unarmed: rnd2(u · MODDANOWRESTLING) with half to even — ×0.5: u 5 → 2.5 → 2, u 6 → 3; no weapon draw", () => {
    // Level 3 with GOLPE_PRE_36 = 2: MinHIT 5, MaxHIT 6.
    const bare = fighter({ level: 3 }, inlineBalance({ wrestlingDamage: 0.5, hitPerLevelTo36: 2 }));
    expect([bare.minHit, bare.maxHit]).toEqual([5, 6]);
    for (const [u, damage] of [
      [5, 2],
      [6, 3],
    ] as const) {
      const random = scripted([5, 6, u]);
      expect(userBaseDamage(diceFromRandom(random), bare, "npc")).toBe(damage);
      expect(random.remaining()).toBe(0);
    }
  });

  test("strength: STR 20 adds Wmax · 0.2 · 5 — (3 · 4 + 10 · 0.2 · 5 + 2) × 1 = 24", () => {
    const strong = fighter({ attributes: [20, 0, 20, 0, 20], equipment: { weapon: SWORD } });
    expect(userBaseDamage(diceFromRandom(scripted([1, 2, 2], [1, 10, 4])), strong, "npc")).toBe(24);
  });

  test("MinHitToNPC applies against NPCs: the weapon rolls 6..6 at an NPC, 2..4 at a user", () => {
    const user = fighter({ equipment: { weapon: NPC_SWORD } });
    expect(userBaseDamage(diceFromRandom(scripted([1, 2, 1], [6, 6, 6])), user, "npc")).toBe(19);
    expect(userBaseDamage(diceFromRandom(scripted([1, 2, 1], [2, 4, 3])), user, "user")).toBe(10);
  });

  test("bow with arrows: W = 6 + 2, Wmax = 8 + 3; (24 + 11 · 0.2 · 4 + 1) × fround(0.87) = 29.406 → 29", () => {
    const archer = fighter({ attributes: [19, 0, 20, 0, 20], equipment: { weapon: BOW, ammunition: ARROWS } }, inlineBalance({ projectileDamage: 0.87 }));
    const random = scripted([1, 2, 1], [5, 8, 6], [1, 3, 2]);
    expect(userBaseDamage(diceFromRandom(random), archer, "npc")).toBe(29);
    expect(random.remaining()).toBe(0);
    // Without arrows there is no ammunition roll: (18 + 8 · 0.2 · 4 + 1) × 0.87 = 21.663 → 22.
    const empty = fighter({ attributes: [19, 0, 20, 0, 20], equipment: { weapon: BOW } }, inlineBalance({ projectileDamage: 0.87 }));
    expect(userBaseDamage(diceFromRandom(scripted([1, 2, 1], [5, 8, 6])), empty, "npc")).toBe(22);
  });

  test("ship bonus only while sailing, saddle bonus only while mounted (ship first)", () => {
    const equipment = { weapon: SWORD, ship: SHIP, mount: SADDLE };
    const base = () => scripted([1, 2, 1], [1, 10, 1]); // (3 + 1) × 1 = 4
    expect(userBaseDamage(diceFromRandom(base()), fighter({ equipment }), "npc")).toBe(4);
    expect(userBaseDamage(diceFromRandom(scripted([1, 2, 1], [1, 10, 1], [3, 3, 3])), fighter({ equipment }, inlineBalance(), { sailing: true, mounted: true }), "npc")).toBe(7);
    expect(userBaseDamage(diceFromRandom(scripted([1, 2, 1], [1, 10, 1], [2, 2, 2])), fighter({ equipment }, inlineBalance(), { mounted: true }), "npc")).toBe(6);
  });

  test("NPC defence and multipliers: (20 − (5 + 1)) × 1.25 = 17.5 → 18, × 0.5 = 9", () => {
    const user = fighter({ attributes: [15, 0, 20, 0, 20], equipment: { weapon: SWORD } }, inlineBalance(), { modifiers: { physicalDamageBonus: 0.25 } });
    const npc = npcCombatProfile(npcTemplate({ def: 5 }), { defenseBonus: 1, physicalDamageReduction: 0.5 });
    // u 2 + 3 · 6 = 20; penetration roll (chance 0) still drawn.
    const random = scripted([1, 2, 2], [1, 10, 6], [1, 100, 1]);
    expect(userDamageOnNpc(diceFromRandom(random), user, npc)).toEqual({ baseDamage: 20, penetration: { triggered: false, amount: 0 }, defense: 6, damage: 9 });
    expect(random.remaining()).toBe(0);
  });

  test("armour penetration: chance ClampChance(Armas · IgnoreArmorChance); flat roll (bounds swapped) + 25% of DEF 10: 3 + 2.5 → 6", () => {
    const balance = inlineBalance({}, {}, { ignoreArmorChance: 1 });
    const user = fighter({ equipment: { weapon: PIERCING_AXE }, skills: skillsWith({ [CombatSkill.Weapons]: 50 }) }, balance);
    const yes = scripted([1, 100, 50], [2, 4, 3]);
    expect(armorPenetration(diceFromRandom(yes), user, 10)).toEqual({ triggered: true, amount: 6 });
    expect(yes.remaining()).toBe(0);
    expect(armorPenetration(diceFromRandom(scripted([1, 100, 51])), user, 10)).toEqual({ triggered: false, amount: 0 });
    const off = { toggles: { ...DEFAULT_COMBAT_TOGGLES, armorPenetration: false } };
    expect(armorPenetration(diceFromRandom(scripted()), fighter({ equipment: { weapon: PIERCING_AXE } }, balance, off), 10)).toEqual({ triggered: null, amount: 0 });
    // Through the NPC damage: DEF 10 − 6 = 4 off a base of 3 · 1 + 1 = 4 → 0.
    const npc = npcOf({ def: 10 });
    expect(userDamageOnNpc(diceFromRandom(scripted([1, 2, 1], [1, 1, 1], [1, 100, 1], [2, 4, 3])), user, npc)).toMatchObject({ baseDamage: 4, defense: 4, damage: 0 });
  });
});

describe("§3.4 / §3.5 damage to users", () => {
  const victim = fighter({ equipment: { helmet: HELMET, armor: ARMOR, shield: SHIELD, ship: SHIP } });

  test("NPC blow: the helmet covers the head; armour + shield the rest; ship and saddle only while sailing / mounted", () => {
    const npc = npcOf({ minHit: 10, maxHit: 20 });
    const head = scripted([10, 20, 15], [1, 6, BodyPart.Head], [1, 3, 2]);
    expect(npcDamageOnUser(diceFromRandom(head), npc, victim)).toEqual({ bodyPart: BodyPart.Head, rawDamage: 15, absorbed: 2, damage: 13 });
    expect(head.remaining()).toBe(0);
    const torso = scripted([10, 20, 15], [1, 6, BodyPart.Torso], [4, 6, 6], [2, 3, 3]);
    expect(npcDamageOnUser(diceFromRandom(torso), npc, victim)).toEqual({ bodyPart: BodyPart.Torso, rawDamage: 15, absorbed: 9, damage: 6 });
    const sailing = fighter({ equipment: { armor: ARMOR, ship: SHIP, mount: SADDLE } }, inlineBalance(), { sailing: true, mounted: true, modifiers: { defenseBonus: 1 } });
    const both = scripted([10, 20, 11], [5, 5, 5], [1, 1, 1], [1, 6, BodyPart.RightLeg], [4, 6, 4]);
    expect(npcDamageOnUser(diceFromRandom(both), npc, sailing)).toEqual({ bodyPart: BodyPart.RightLeg, rawDamage: 11, absorbed: 11, damage: 0 });
    expect(both.remaining()).toBe(0);
  });

  test("user blow: parts 7 and 8 are re-drawn as 2..6; the victim's equipped ship counts even ashore; penetration last", () => {
    const attacker = fighter({ equipment: { weapon: SWORD } });
    // base 2 + 3 · 10 = 32; part 8 → RandomNumber(2, 6) = 4; armour 5 + shield 2 + ship 5 = 12; penetration roll.
    const random = scripted([1, 2, 2], [1, 10, 10], [1, 8, 8], [2, 6, BodyPart.RightArm], [4, 6, 5], [2, 3, 2], [5, 5, 5], [1, 100, 100]);
    expect(userDamageOnUser(diceFromRandom(random), attacker, victim)).toEqual({
      baseDamage: 32,
      bodyPart: BodyPart.RightArm,
      penetration: { triggered: false, amount: 0 },
      defense: 12,
      damage: 20,
    });
    expect(random.remaining()).toBe(0);
    const head = scripted([1, 2, 1], [1, 10, 1], [1, 8, 1], [1, 3, 3], [5, 5, 5], [1, 100, 100]);
    expect(userDamageOnUser(diceFromRandom(head), attacker, victim)).toMatchObject({ bodyPart: BodyPart.Head, baseDamage: 4, defense: 8, damage: 0 });
  });
});
