/**
 * combat-and-progression.md §10 (c) and our own known-answer cases on the real **2024 data**
 * (shared `ao20/Dat`: Hechizos.dat, npcs.dat, obj.dat, Balance.dat of fernesitto/Argentum-20
 * @4d6913b) and, for meditation, the **current Balance** (`ao20-current/Dat/Balance.dat`,
 * ao-org/Recursos @57c533a). A level-1 Human Mage casts Dardo Mágico (#1) at the Rata (#511).
 * Missing data fails in CI and skips (with the reason printed) elsewhere.
 */
import { describe, expect, test } from "bun:test";
import { loadGameTables, type GameTables, type NpcTemplate } from "../../content/index.ts";
import { parseBalanceDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData, sharedDataPath } from "../../../test/support/shared-data.ts";
import { diceFromRandom, enumerateOutcomes, FRESH_COMBAT_CLOCKS } from "../combat/index.ts";
import { itemCatalog, type ItemCatalog } from "../items/index.ts";
import { expForDamage, SKILL } from "../progression/index.ts";
import { vbRound } from "../vb-math/index.ts";
import {
  attemptTaming,
  castCosts,
  clickToCast,
  learnSpellFromScroll,
  magicWords,
  meditationTick,
  planCast,
  resolveSpellOnNpc,
  resolveSpellOnTerrain,
  resolveSpellOnUser,
  spellDamageOnNpc,
  spellTargetNpc,
  startingSpellBook,
  tamingPoints,
  visualsOnNpc,
  type SpellData,
  type SpellTargetNpc,
} from "./index.ts";
import { casterWith, scripted, skillsWith, targetWith, VITALS } from "./test-fixtures.ts";

const DAT_2024 = "ao20/Dat";
const CURRENT_BALANCE = "ao20-current/Dat/Balance.dat";
const ready = requireSharedData(`${DAT_2024}/Hechizos.dat`, `${DAT_2024}/npcs.dat`, `${DAT_2024}/obj.dat`, `${DAT_2024}/Balance.dat`, CURRENT_BALANCE);

const MAGE = 1;
const CLERIC = 2;
const DRUID = 6;
const RATA = 511;
const DARDO_MAGICO = 1;
const SCROLL_DARDO_MAGICO = 2765;

describe.skipIf(!ready)("§10 (c) and own cases, 2024 data", () => {
  const tables: GameTables = ready ? loadGameTables(sharedDataPath(DAT_2024), "ao20").tables : (undefined as never);
  const catalog: ItemCatalog = ready ? itemCatalog(tables.objects!) : (undefined as never);
  const spell = (id: number): SpellData => tables.spells!.spells.find((entry) => entry.id === id)!;
  const ratTemplate = (): NpcTemplate => tables.npcs!.npcs.find((npc) => npc.id === RATA)!;
  const rat = (hp = 15): SpellTargetNpc => spellTargetNpc(ratTemplate(), { hp, maxHp: 15 });
  const human = ready ? tables.balance!.races[0]! : (undefined as never);
  const intelligence = ready ? 18 + human.intelligence : 0;
  const maxMana = ready ? vbRound(intelligence * tables.balance!.classes[MAGE - 1]!.initialMana) : 0;
  /** The §10 (c) mage: level 1, INT 19 → 158 mana, 60 stamina, Magia as given. */
  const mage = (magia: number) => casterWith({ classId: MAGE, skills: skillsWith({ [SKILL.Magic]: magia }), vitals: { ...VITALS, mana: maxMana, maxMana } });

  test("setup: Dardo Mágico is Tipo 1, Target 3, SubeHP 2, 4–8, MinSkill 5, 10 mana, 2 stamina, WAV 16, FXgrh 15, ParticleViaje 186; the Mage has 158 mana", () => {
    expect(spell(DARDO_MAGICO)).toMatchObject({ spellType: 1, target: 3, hpMode: 2, minHp: 4, maxHp: 8, minSkill: 5, manaRequired: 10, staminaRequired: 2, wav: 16, fxGrh: 15, travelParticle: 186 });
    expect([intelligence, maxMana]).toEqual([19, 158]);
    expect(rat()).toMatchObject({ hp: 15, magicResistance: 0, magicDefense: 0, magicDef: 0, paralysisImmune: false });
  });

  test("fields added to the loader: Envenena as a level (Partículas Tóxicas 3), Invoca as a mode (7: 1, 9: 2), WorkOnDead absent; lower-case `duration=` read (Petrificar 20)", () => {
    expect(spell(42)).toMatchObject({ name: "Partículas Tóxicas", spellType: 8, poisonLevel: 3, poisons: true });
    expect([spell(7).summonMode, spell(7).summonNpc, spell(7).summonCount, spell(9).summonMode]).toEqual([1, 958, 3, 2]);
    expect(spell(14)).toMatchObject({ name: "Resucitar", revives: true, worksOnDead: false });
    expect(spell(6)).toMatchObject({ name: "Petrificar", durationSeconds: 20, paralyzes: true });
  });

  test("(c) 1: the click within 15 × 13 passes the locks; the cast timer restarts; 1229 ms later the cast lock refuses", () => {
    const first = clickToCast({ dead: false, resting: false, stunned: false }, { clocks: FRESH_COMBAT_CLOCKS, nowMs: 10_000, dx: 3, dy: -2, selectedSlot: 1 });
    expect(first).toEqual({ kind: "cast", slot: 1, clocks: { ...FRESH_COMBAT_CLOCKS, castAtMs: 10_000 } });
    if (first.kind !== "cast") throw new Error("unreachable");
    expect(clickToCast({ dead: false, resting: false, stunned: false }, { clocks: first.clocks, nowMs: 11_229, dx: 0, dy: 1, selectedSlot: 1 })).toEqual({ kind: "locked", lock: "cast", clocks: first.clocks });
    expect(clickToCast({ dead: false, resting: false, stunned: false }, { clocks: first.clocks, nowMs: 11_230, dx: 16, dy: 0, selectedSlot: 1 })).toEqual({ kind: "ignored", reason: "out_of_range" });
  });

  test("(c): a fresh Mage with Magia 0 is refused (1636, needs 5); with Magia 5 the cast is accepted for 10 mana and 2 stamina", () => {
    const clicked = { kind: "npc", dead: false, immuneToSpells: false, dy: 2 } as const;
    const place = { nowMs: 10_000, noMagic: false, slotLastCastAtMs: null };
    expect(planCast(mage(0), spell(DARDO_MAGICO), clicked, place)).toEqual({ ok: false, reason: "magic_skill", message: 1636, param: 5 });
    expect(planCast(mage(5), spell(DARDO_MAGICO), clicked, place)).toEqual({ ok: true, manaCost: 10, staminaCost: 2, hpCost: 0, on: "npc" });
  });

  test("(c) 3: RandomNumber(4, 8) = d, + 3 % at level 1 keeps 4…8, no resistance: the Rata loses exactly d; mana 158 → 148, stamina 60 → 58; Magia may rise", () => {
    for (const d of [4, 5, 6, 7, 8]) {
      const random = scripted([4, 8, d]);
      const outcome = resolveSpellOnNpc(random, mage(5), spell(DARDO_MAGICO), rat(), 10_000);
      expect(outcome).toMatchObject({
        kind: "cast",
        damage: { roll: d, raw: d, resistancePercent: null, damage: d, hpAfter: 15 - d, killed: false },
        heal: null,
        attacked: true,
        skillUses: [{ who: "caster", skill: SKILL.Magic }],
        petsAttack: true,
      });
      expect(random.left).toBe(0);
    }
    expect(castCosts(mage(5), { manaCost: 10, staminaCost: 2, hpCost: 0 })).toEqual({ manaAfter: 148, staminaAfter: 58, hpAfter: 20, hpChanged: false });
  });

  test("(c) 3–4: 4–8 uniform (20 % each); two casts kill with p = 3/25", () => {
    const one = enumerateOutcomes((dice) => spellDamageOnNpc(dice, mage(5), spell(DARDO_MAGICO), rat()).damage);
    expect(one.outcomes.map((o) => o.value).sort()).toEqual([4, 5, 6, 7, 8]);
    for (const o of one.outcomes) expect(o.probability).toBeCloseTo(0.2, 12);
    const two = enumerateOutcomes((dice) => spellDamageOnNpc(dice, mage(5), spell(DARDO_MAGICO), rat()).damage + spellDamageOnNpc(dice, mage(5), spell(DARDO_MAGICO), rat()).damage >= 15);
    expect(two.outcomes.filter((o) => o.value).reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(3 / 25, 12);
    // The killing cast: 8 on 7 HP left.
    const kill = resolveSpellOnNpc(scripted([4, 8, 8]), mage(5), spell(DARDO_MAGICO), rat(7), 10_000);
    expect(kill).toMatchObject({ kind: "cast", damage: { damage: 8, hpAfter: 0, killed: true } });
  });

  test("(c) 5: a 4 gives 4.27 exp (shown as 4) and leaves ExpCount 12", () => {
    const exp = expForDamage(4, { giveExp: 16, maxHp: 15, expCount: 16, level: 0 }, 1);
    expect([vbRound(exp.exp), exp.expCount]).toEqual([4, 12]);
  });

  test("(c) 6: PMAG*1 over the Mage, then ParticleFXWithDestino(186, 15, 0, wave 16, 1), no separate PlayWave", () => {
    expect(magicWords(spell(DARDO_MAGICO))).toEqual({ to: "caster_area", packet: "ChatOverHead", text: "PMAG*1", casterInvisible: false });
    expect(visualsOnNpc(spell(DARDO_MAGICO), false)).toEqual([
      { to: "target_area", packet: "ParticleFXWithDestino", travelParticle: 186, finalParticle: 15, time: 0, wave: 16, withFx: 1 },
    ]);
  });

  test("own: Paralizar (#25, Duration 15) holds the Rata 585 AI ticks → (585 + 1) × 150 = 87 900 ms; Inmovilizar (#26, 20) 780 → 117 150 ms and lifts the paralysis", () => {
    const caster = casterWith({ skills: skillsWith({ [SKILL.Magic]: 100 }) });
    const paralyzed = resolveSpellOnNpc(scripted(), caster, spell(25), rat(), 5_000);
    expect(paralyzed).toMatchObject({ kind: "cast", attacked: true, status: { paralyzed: { kind: "paralyzed", untilMs: 5_000 + 87_900 } } });
    if (paralyzed.kind !== "cast") throw new Error("unreachable");
    const immobilized = resolveSpellOnNpc(scripted(), caster, spell(26), { ...rat(), status: paralyzed.status }, 6_000);
    expect(immobilized).toMatchObject({ kind: "cast", status: { immobilized: { untilMs: 6_000 + 117_150 } } });
    if (immobilized.kind !== "cast") throw new Error("unreachable");
    expect(immobilized.status.paralyzed).toBeUndefined();
  });

  test("own: Curar heridas leves (#12, 4–10) on a wounded user: RandomNumber = 7 → +7 HP, lines 388 / 32; on a full one: 1906", () => {
    const healer = casterWith({ classId: CLERIC });
    const wounded = targetWith({ vitals: { ...VITALS, hp: 10 } });
    const healed = resolveSpellOnUser(scripted([4, 10, 7]), healer, spell(12), wounded, { nowMs: 0, self: false, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false });
    expect(healed).toMatchObject({
      kind: "cast",
      heal: { roll: 7, amount: 7, hpAfter: 17 },
      messages: [
        { to: "caster", messageId: 388, params: [{ name: "target" }, 7] },
        { to: "target", messageId: 32, params: [{ name: "caster" }, 7] },
      ],
    });
    expect(resolveSpellOnUser(scripted(), healer, spell(12), targetWith(), { nowMs: 0, self: false, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false })).toMatchObject({
      kind: "refused",
      message: 1906,
    });
  });

  test("own: Invisibilidad (#24, Duration 20) lasts RandomNumber(16, 21) + 1 seconds; 16 → 17 000 ms; cast again: 799", () => {
    const ctx = { nowMs: 1_000, self: false, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false } as const;
    const cast = resolveSpellOnUser(scripted([16, 21, 16]), casterWith(), spell(24), targetWith(), ctx);
    expect(cast).toMatchObject({
      kind: "cast",
      status: { invisible: { untilMs: 1_000 + 17_000 } },
      notices: [{ to: "self", packet: "Contadores" }, { to: "area", packet: "SetInvisible", invisible: true }],
      attacked: false,
    });
    if (cast.kind !== "cast") throw new Error("unreachable");
    expect(resolveSpellOnUser(scripted(), casterWith(), spell(24), targetWith({ status: cast.status }), { ...ctx, nowMs: 2_000 })).toMatchObject({ kind: "refused", message: 799 });
  });

  test("own: Celeridad (#21, AGI +2…5 for 54 s): AGI 19 + 5 = 24 until now + 54 000 ms; FYA; capped at twice the base", () => {
    const ctx = { nowMs: 0, self: true, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false } as const;
    const boosted = resolveSpellOnUser(scripted([2, 5, 5]), casterWith(), spell(21), targetWith(), ctx);
    expect(boosted).toMatchObject({
      kind: "cast",
      attributes: { strength: 19, agility: 24 },
      status: { attributeBoost: { untilMs: 54_000, agility: 24, strength: 19 } },
      notices: [{ to: "self", packet: "FYA", strength: 19, agility: 24 }],
    });
    const capped = resolveSpellOnUser(scripted([2, 5, 5]), casterWith(), spell(21), targetWith({ agility: 36 }), ctx);
    expect(capped).toMatchObject({ kind: "cast", attributes: { agility: 38 } });
  });

  test("own: Partículas Tóxicas (#42, Tipo 8): a Mage's 70 → 72 (+3 %) → × 0.7 = 50.4 → 50 damage, then poison level 3 (first bite after 91 game ticks)", () => {
    const ctx = { nowMs: 0, self: false, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false } as const;
    const outcome = resolveSpellOnUser(scripted([63, 75, 70]), casterWith(), spell(42), targetWith({ vitals: { ...VITALS, hp: 200, maxHp: 200 } }), ctx);
    expect(outcome).toMatchObject({
      kind: "cast",
      damage: { roll: 70, raw: 50, damage: 50, hpAfter: 150 },
      attacked: true,
      status: { poisoned: { level: 3, nextBiteAtMs: 3_640 } },
      skillUses: [
        { who: "target", skill: SKILL.MagicResistance },
        { who: "caster", skill: SKILL.Magic },
      ],
    });
  });

  test("own: Resucitar (#14, 550 mana, 300 stamina) by a Cleric with full stamina on a dead level-10 player: 1 HP, no food, water or mana; the caster (20 HP) pays rnd2(15 + 20 × 0.45) = 24 HP", () => {
    const cleric = casterWith({ classId: CLERIC, vitals: { ...VITALS, mana: 600, maxMana: 600, stamina: 300, maxStamina: 300 } });
    const dead = targetWith({ level: 10, dead: true, vitals: { ...VITALS, hp: 0 } });
    const place = { nowMs: 0, noMagic: false, slotLastCastAtMs: null };
    expect(planCast(cleric, spell(14), { kind: "user", self: false, dead: true, dy: 1 }, place)).toMatchObject({ ok: true, on: "user" });
    const ctx = { nowMs: 0, self: false, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false } as const;
    const outcome = resolveSpellOnUser(scripted(), cleric, spell(14), dead, ctx);
    expect(outcome).toMatchObject({ kind: "cast", resurrection: { hp: 1, food: 0, water: 0, mana: 0, particle: 22, wave: 117, message: 585 }, casterHpCost: 24 });
    expect(resolveSpellOnUser(scripted(), casterWith({ classId: MAGE }), spell(14), dead, ctx)).toMatchObject({ kind: "refused", message: 809 });
    expect(resolveSpellOnUser(scripted(), cleric, spell(14), dead, { ...ctx, safeMap: true })).toMatchObject({ kind: "cast", casterHpCost: 0 });
    expect(resolveSpellOnUser(scripted(), casterWith({ classId: CLERIC, vitals: { ...cleric.vitals, stamina: 299 } }), spell(14), dead, ctx)).toMatchObject({ kind: "refused", message: 810 });
    expect(resolveSpellOnUser(scripted(), cleric, spell(14), targetWith(), ctx)).toEqual({ kind: "refused", reason: "target_alive", message: null });
  });

  test("own: Llamado a la Naturaleza (#7): three creatures #958 for 60 s; with two old summons and a tamed pet, the older summon makes room", () => {
    const at = { x: 50, y: 50, noPets: false, tileTaken: false, pets: [], petsStored: false };
    expect(resolveSpellOnTerrain(spell(7), at)).toMatchObject({ kind: "summon", npc: 958, plan: { dismiss: [], spawn: 3 }, lifetimeMs: 60_000 });
    const full = [
      { kind: "summoned", npc: 958, remainingMs: 20_000 },
      { kind: "tamed", npc: RATA },
      { kind: "summoned", npc: 958, remainingMs: 5_000 },
    ] as const;
    expect(resolveSpellOnTerrain(spell(7), { ...at, pets: full })).toMatchObject({ kind: "summon", plan: { dismiss: [3, 1], spawn: 2 } });
    expect(resolveSpellOnTerrain(spell(7), { ...at, noPets: true })).toEqual({ kind: "refused", reason: "no_pets_here", message: 785 });
  });

  test("own: the Rata (Domable 15) and a CHA 18 tamer: a Druid with Domar 5 has 15 points, a Mage needs Domar 96 (1728 / 118 = 14.64 → 15; 95 → 14)", () => {
    expect(ratTemplate().tameDifficulty).toBe(15);
    expect([tamingPoints(18, 5, DRUID), tamingPoints(18, 96, MAGE), tamingPoints(18, 95, MAGE)]).toEqual([15, 15, 14]);
    const target = { kind: "npc", tameDifficulty: ratTemplate().tameDifficulty, minTameLevel: 0, master: "none", ownedByPlayer: false, distance: 2 } as const;
    const druid = { classId: DRUID, level: 1, charisma: 18, skills: skillsWith({ [SKILL.Taming]: 5 }), pets: [] };
    expect(attemptTaming(scripted([1, 5, 1]), druid, target)).toMatchObject({ kind: "tamed", points: 15, roll: 1, messages: [657], respawnCopy: true, skillUses: [{ skill: SKILL.Taming }] });
    expect(attemptTaming(scripted([1, 5, 2]), druid, target)).toMatchObject({ kind: "failed", roll: 2, messages: [659] });
    // Too few points: the roll is still drawn (VB6 `And` evaluates both sides).
    const weak = { ...druid, classId: MAGE, skills: skillsWith({ [SKILL.Taming]: 95 }) };
    const random = scripted([1, 5, 1]);
    expect(attemptTaming(random, weak, target)).toMatchObject({ kind: "failed", points: 14, roll: 1 });
    expect(random.left).toBe(0);
  });

  test("own: a Warrior cannot read the Dardo Mágico scroll (#2765, CP1 Guerrero): 906; a Mage learns spell 1 only if it is not one of the 2024 starting spells", () => {
    const scroll = catalog.get(SCROLL_DARDO_MAGICO)!;
    const reader = { dead: false, classId: 3, race: 1, gender: 1, food: 100, water: 100 };
    expect(learnSpellFromScroll(reader, scroll, [])).toEqual({ ok: false, reason: "cannot_read", message: 906 });
    const book = startingSpellBook([1, 11, 12]);
    expect(learnSpellFromScroll({ ...reader, classId: MAGE }, scroll, book)).toEqual({ ok: false, reason: "already_known", message: 525 });
    expect(learnSpellFromScroll({ ...reader, classId: MAGE }, scroll, [0, 11])).toMatchObject({ ok: true, slot: 1, spellId: 1, consumed: 1 });
  });

  test("meditation: 2024 Balance (no RecoveryMana) gives 1 mana a tick; today's 150-mana Mage gets rnd2(5.25) = 5 at Meditar 0 and rnd2(10.5) = 10 at 100", () => {
    const rates = (balance: GameTables["balance"]) => ({
      manaRecoveryPercent: balance!.globals.manaRecoveryPercent,
      recoveryMana: balance!.globals.recoveryMana,
      manaPerSkillMultiplier: balance!.globals.manaPerSkillMultiplier,
    });
    const current = parseBalanceDat(readSharedData(CURRENT_BALANCE), "Balance.dat").value!;
    expect(meditationTick({ mana: 0, maxMana: 158, skills: skillsWith() }, rates(tables.balance))).toMatchObject({ gained: 1, manaAfter: 1 });
    expect(meditationTick({ mana: 0, maxMana: 150, skills: skillsWith() }, rates(current))).toMatchObject({ gained: 5, manaAfter: 5, finished: false });
    expect(meditationTick({ mana: 100, maxMana: 150, skills: skillsWith({ [SKILL.Meditate]: 100 }) }, rates(current))).toMatchObject({ gained: 10, manaAfter: 110 });
    expect(meditationTick({ mana: 145, maxMana: 150, skills: skillsWith() }, rates(current))).toMatchObject({ gained: 5, manaAfter: 150, finished: true });
  });

  test("the dice of a damage spell are the same whether drawn through Random or Dice", () => {
    expect(spellDamageOnNpc(diceFromRandom(scripted([4, 8, 6])), mage(5), spell(DARDO_MAGICO), rat()).damage).toBe(6);
  });
});
