/**
 * combat-and-progression.md §10 (a) and (b), on the real **2024 data** (shared `ao20/Dat`:
 * obj.dat, npcs.dat, Balance.dat of fernesitto/Argentum-20 @4d6913b) and, where §10 shows it,
 * the **current Balance** (`ao20-current/Dat/Balance.dat`, ao-org/Recursos @57c533a). A level-1
 * Human Warrior with Espada Larga (Newbie) #2085 and newbie clothes #463 against the Rata #511.
 * Missing data fails in CI and skips (with the reason printed) elsewhere.
 */
import { describe, expect, test } from "bun:test";
import { loadGameTables, type GameTables } from "../../content/index.ts";
import { parseBalanceDat } from "../../content/dat/index.ts";
import { itemCatalog, type ItemCatalog } from "../items/index.ts";
import { readSharedData, requireSharedData, sharedDataPath } from "../../../test/support/shared-data.ts";
import {
  analyzeNpcOnUser,
  analyzeUserOnNpc,
  attackPower,
  beginMelee,
  BodyPart,
  checkAmmunition,
  CombatSkill,
  FRESH_COMBAT_CLOCKS,
  npcCombatProfile,
  npcHitChanceOnUser,
  resolveNpcMeleeOnUser,
  resolveUserMeleeOnNpc,
  shieldEvasion,
  userCombatProfile,
  userEvasion,
  userHitChanceOnNpc,
  type CombatBalance,
  type CombatCharacter,
  type CombatSkillId,
  type NpcCombatProfile,
} from "./index.ts";
import { scripted, skillsWith } from "./test-fixtures.ts";

const DAT_2024 = "ao20/Dat";
const CURRENT_BALANCE = "ao20-current/Dat/Balance.dat";
const ready = requireSharedData(`${DAT_2024}/obj.dat`, `${DAT_2024}/npcs.dat`, `${DAT_2024}/Balance.dat`, CURRENT_BALANCE);

const WARRIOR = 3;
const RATA = 511;
const LONG_SWORD_NEWBIE = 2085;
const NEWBIE_CLOTHES = 463;
const SILVER_SHIELD = 1000; // Escudo de Plata: MINDEF = MAXDEF = 10, no Porcentaje
const SIMPLE_BOW = 479; // Arco Simple: Proyectil=1, Municiones=1
const ARROW = 480; // Flecha: no Subtipo
const ARROW_PLUS_2 = 551; // Flecha +2: Subtipo 3
const WARRIOR_HP = 20;

describe.skipIf(!ready)("§10 worked examples, 2024 data", () => {
  const tables: GameTables = ready ? loadGameTables(sharedDataPath(DAT_2024), "ao20").tables : (undefined as never);
  const balance2024: CombatBalance = ready ? tables.balance! : (undefined as never);
  const balanceCurrent: CombatBalance = ready ? parseBalanceDat(readSharedData(CURRENT_BALANCE), "Balance.dat").value! : (undefined as never);
  const catalog: ItemCatalog = ready ? itemCatalog(tables.objects!) : (undefined as never);
  const rat: NpcCombatProfile = ready ? npcCombatProfile(tables.npcs!.npcs.find((npc) => npc.id === RATA)!) : (undefined as never);
  const human = ready ? tables.balance!.races[0]! : (undefined as never);

  /** The §10 warrior: attributes 18 + Human modifiers, skills 0, the sword and the clothes. */
  const warrior = (options: { skills?: Record<number, number>; weapon?: number; shield?: number; balance?: CombatBalance } = {}) => {
    const character: CombatCharacter = {
      class: WARRIOR,
      level: 1,
      attributes: [18 + human.strength, 18 + human.agility, 18 + human.intelligence, 18 + human.charisma, 18 + human.constitution],
      skills: skillsWith(options.skills),
      equipment: { weapon: options.weapon ?? LONG_SWORD_NEWBIE, armor: NEWBIE_CLOTHES, shield: options.shield ?? 0 },
      vitals: { maxHp: WARRIOR_HP },
    };
    return userCombatProfile(character, catalog, options.balance ?? balance2024);
  };

  test("setup: STR/AGI/INT/CHA/CON 19/19/19/18/20, MinHIT 1, MaxHIT 2; the Rata 15 HP, 2–4, 10/10, 16 exp, 2000 ms", () => {
    const w = warrior();
    expect([w.attributes, w.minHit, w.maxHit]).toEqual([[19, 19, 19, 18, 20], 1, 2]);
    expect(w.weapon).toMatchObject({ name: "Espada Larga (Newbie)", minHit: 2, maxHit: 2, weaponType: 0, stabs: false });
    expect(w.armor).toMatchObject({ minDef: 0, maxDef: 0 });
    expect(rat).toMatchObject({ name: "Rata", spawnHp: 15, maxHp: 15, minHit: 2, maxHit: 4, def: 0, attackPower: 10, evasionPower: 10, giveExp: 16, attackIntervalMs: 2000 });
  });

  test("(a) 2–3: attack power 0 (Armas, WeaponType absent) → hit chance 46%; 10 points in Armas → 16 → 52% (current Balance 17 → 53%)", () => {
    expect([attackPower(warrior()), userHitChanceOnNpc(warrior(), rat)]).toEqual([0, 46]);
    const trained = warrior({ skills: { [CombatSkill.Weapons]: 10 } });
    expect([attackPower(trained), userHitChanceOnNpc(trained, rat)]).toEqual([16, 52]);
    const current = warrior({ skills: { [CombatSkill.Weapons]: 10 }, balance: balanceCurrent });
    expect([attackPower(current), userHitChanceOnNpc(current, rat)]).toEqual([17, 53]);
  });

  test("(a) 1, 4, 5: stamina, hit 46, the skill-up hook right after the roll, u = 1 → 9 / u = 2 → 10, penetration roll consumed", () => {
    for (const [u, damage] of [
      [1, 9],
      [2, 10],
    ] as const) {
      const random = scripted(
        [1, 10, 7], // stamina
        [1, 100, 46], // hit (≤ 46)
        [1, 2, u], // RandomNumber(MinHIT, MaxHIT)
        [2, 2, 2], // the sword: RandomNumber(2, 2)
        [1, 100, 1], // armour penetration: always drawn, chance 0
      );
      const start = beginMelee(random, { clocks: FRESH_COMBAT_CLOCKS, nowMs: 10_000, stamina: 40, weapon: warrior().weapon });
      expect(start).toMatchObject({ ok: true, staminaCost: 7, staminaAfter: 33, notifyStamina: true });
      const skillUses: [string, CombatSkillId, number][] = [];
      const outcome = resolveUserMeleeOnNpc(random, warrior(), rat, { hp: 15 }, { onSkillUse: (who, skill) => skillUses.push([who, skill, random.taken()]) });
      expect(skillUses).toEqual([["attacker", CombatSkill.Weapons, 2]]); // after stamina + hit, before the damage rolls
      expect(outcome).toMatchObject({
        kind: "hit",
        hitChance: 46,
        baseDamage: damage,
        defense: 0,
        penetrationTriggered: false,
        damage,
        extraAttempted: null,
        extra: null,
        totalDamage: damage,
        lifeSteal: 0, // healers_and_tanks: the Warrior "heals" 0 (no WarriorLifeStealOnHitMultiplier)
        hpAfter: 15 - damage,
        killed: false,
        paralysis: null,
        stunned: null,
      });
      expect(random.remaining()).toBe(0);
    }
  });

  test("(a) a roll of 47 misses and draws nothing more; the second hit kills the Rata", () => {
    const miss = scripted([1, 100, 47]);
    expect(resolveUserMeleeOnNpc(miss, warrior(), rat, { hp: 15 })).toEqual({ kind: "miss", hitChance: 46 });
    expect(miss.remaining()).toBe(0);
    const second = scripted([1, 100, 1], [1, 2, 1], [2, 2, 2], [1, 100, 100]);
    expect(resolveUserMeleeOnNpc(second, warrior(), rat, { hp: 6 })).toMatchObject({ kind: "hit", totalDamage: 9, hpAfter: 0, killed: true });
  });

  test("(a) 5, 7: exactly 9 or 10 at 50% each; always two hits; 2 / 0.46 ≈ 4.35 swings, ≈ 3.9 s at 1165 ms", () => {
    const fight = analyzeUserOnNpc(warrior(), rat, 1165);
    expect(fight.hitProbability).toBeCloseTo(0.46, 12);
    expect([...fight.damage.probabilities.keys()]).toEqual([9, 10]);
    expect(fight.damage.probabilities.get(9)).toBeCloseTo(0.5, 12);
    expect([fight.damage.min, fight.damage.max, fight.damage.approximate]).toEqual([9, 10, false]);
    expect(fight.damage.mean).toBeCloseTo(9.5, 12);
    expect(fight.expectedHitsToKill).toBeCloseTo(2, 12);
    expect(fight.expectedSwingsToKill).toBeCloseTo(2 / 0.46, 10);
    expect(fight.expectedSecondsToKill).toBeCloseTo((2 / 0.46 - 1) * 1.165, 10);
    expect(fight.expectedSecondsToKill.toFixed(1)).toBe("3.9");
  });

  test("(a) current Balance (MODDANOARMAS 1.05): still 9 or 10", () => {
    const fight = analyzeUserOnNpc(warrior({ balance: balanceCurrent }), rat, 1165);
    expect([...fight.damage.probabilities.keys()]).toEqual([9, 10]);
  });

  test("(a) unarmed: MODDANOWRESTLING 0.4 → rnd2(0.4) = 0 or rnd2(0.8) = 1; hit chance from Wrestling, also 46%", () => {
    const bare = warrior({ weapon: 0 });
    expect(bare.weapon).toBeNull();
    expect(userHitChanceOnNpc(bare, rat)).toBe(46);
    const fight = analyzeUserOnNpc(bare, rat, 1165);
    expect([...fight.damage.probabilities.keys()]).toEqual([0, 1]);
    // Unarmed there is no penetration roll: hit, u, nothing else.
    const random = scripted([1, 100, 46], [1, 2, 2]);
    expect(resolveUserMeleeOnNpc(random, bare, rat, { hp: 15 })).toMatchObject({ kind: "hit", totalDamage: 1, penetrationTriggered: null });
    expect(random.remaining()).toBe(0);
  });

  test("(b) 2: warrior evasion 0, no shield → the Rata hits 54%", () => {
    expect([userEvasion(warrior()), shieldEvasion(warrior()), npcHitChanceOnUser(rat, warrior())]).toEqual([0, 0, 54]);
  });

  test("(b) 3: RandomNumber(2, 4), body part RandomNumber(1, 6); clothes absorb RandomNumber(0, 0) (one draw), the head nothing", () => {
    const body = scripted([1, 100, 54], [2, 4, 3], [1, 6, BodyPart.Torso], [0, 0, 0]);
    const uses: CombatSkillId[] = [];
    expect(resolveNpcMeleeOnUser(body, rat, warrior(), { hp: 20, maxHp: 20 }, { onSkillUse: (_who, skill) => uses.push(skill) })).toEqual({
      kind: "hit",
      hitChance: 54,
      bodyPart: BodyPart.Torso,
      rawDamage: 3,
      absorbed: 0,
      damage: 3,
      hpAfter: 17,
      killed: false,
      meditationBroken: null,
      poisoned: null, // the Rata is not poisonous: no poison roll
    });
    expect(body.remaining()).toBe(0);
    expect(uses).toEqual([CombatSkill.Tactics]); // Tácticas may rise after every NPC attack
    const head = scripted([1, 100, 1], [2, 4, 4], [1, 6, BodyPart.Head]);
    expect(resolveNpcMeleeOnUser(head, rat, warrior(), { hp: 20, maxHp: 20 })).toMatchObject({ kind: "hit", bodyPart: BodyPart.Head, damage: 4, hpAfter: 16 });
    expect(head.remaining()).toBe(0);
    const miss = scripted([1, 100, 55]);
    expect(resolveNpcMeleeOnUser(miss, rat, warrior(), { hp: 20, maxHp: 20 })).toEqual({ kind: "miss", hitChance: 54, blockChance: null, blocked: false });
  });

  test("(b) 3: final 2–4 at 1/3 each; 20 HP take 5 to 10 hits", () => {
    const fight = analyzeNpcOnUser(rat, warrior(), WARRIOR_HP);
    expect(fight.hitProbability).toBeCloseTo(0.54, 12);
    expect([...fight.damage.probabilities.keys()]).toEqual([2, 3, 4]);
    for (const p of fight.damage.probabilities.values()) expect(p).toBeCloseTo(1 / 3, 12);
    expect(fight.intervalMs).toBe(2000);
    expect(fight.expectedHitsToKill).toBeGreaterThan(5);
    expect(fight.expectedHitsToKill).toBeLessThan(10);
  });

  test("own case: Escudo de Plata #1000 (no Porcentaje in 2024, §11): no evasion, no block roll; the body takes 0, the head 2–4", () => {
    const shielded = warrior({ shield: SILVER_SHIELD });
    expect(shielded.shield).toMatchObject({ name: "Escudo de Plata", minDef: 10, maxDef: 10, percentage: 0 });
    expect(npcHitChanceOnUser(rat, shielded)).toBe(54);
    const miss = scripted([1, 100, 99]);
    expect(resolveNpcMeleeOnUser(miss, rat, shielded, { hp: 20, maxHp: 20 })).toEqual({ kind: "miss", hitChance: 54, blockChance: null, blocked: false });
    expect(miss.remaining()).toBe(0);
    const body = scripted([1, 100, 1], [2, 4, 4], [1, 6, BodyPart.LeftArm], [0, 0, 0], [10, 10, 10]);
    expect(resolveNpcMeleeOnUser(body, rat, shielded, { hp: 20, maxHp: 20 })).toMatchObject({ rawDamage: 4, absorbed: 10, damage: 0, hpAfter: 20 });
    expect(body.remaining()).toBe(0);
    const fight = analyzeNpcOnUser(rat, shielded, WARRIOR_HP);
    expect(fight.damage.probabilities.get(0)).toBeCloseTo(5 / 6, 12);
    expect(fight.damage.probabilities.get(4)).toBeCloseTo(1 / 18, 12);
  });

  test("own case: the 2024 bows take Subtipo 1 ammunition, which no 2024 arrow has (§11): Flecha and Flecha +2 are refused", () => {
    const bow = catalog.get(SIMPLE_BOW)!;
    expect(bow).toMatchObject({ projectile: 1, ammunitionSubtype: 1 });
    expect(checkAmmunition(bow, catalog.get(ARROW)!, 100)).toEqual({ ok: false, reason: "no_ammunition" });
    expect(checkAmmunition(bow, catalog.get(ARROW_PLUS_2)!, 100)).toEqual({ ok: false, reason: "no_ammunition" });
    // And the bow cannot strike in melee (locale 1125).
    expect(beginMelee(scripted(), { clocks: FRESH_COMBAT_CLOCKS, nowMs: 0, stamina: 60, weapon: bow })).toEqual({ ok: false, reason: "bow_equipped", clocks: FRESH_COMBAT_CLOCKS });
  });
});
