/**
 * Experience, levels and skills on a map (combat-and-progression §7.1, §7.3, §7.4) with our own
 * small Balance.dat (numbers of our own, parsed by the content layer) and scripted draws. Combat
 * is not here yet, so a test handler stands in for it: `Online` grants experience, `UpTime`
 * trains a skill.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import { parseBalanceDat } from "../../content/dat/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { SKILL, type SkillId } from "../../game/progression/index.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import { summary, world, type Received } from "../map-harness.test-support.ts";
import { drawFor, scriptedRandom, type ScriptedRandom } from "../../random/scripted-random.test-support.ts";
import { EXP_TEXT_COLOUR, grantExperience, raiseSkillByUse, rewardNpcDamage, SKILL_UP_TEXT_COLOUR, type ExperienceSource } from "../kernel/index.ts";

/**
 * Class 1 (the harness's): 10 HP a level at CON 21, 1 mana per INT at level 1 and 2 per INT a
 * level, 15 stamina, hit 2 a level, 5 skill points. No HP caps: the HP per level is the expected
 * one. ELU 100, 200, 300.
 */
const BALANCE_DAT = [
  "[MODVIDA]",
  "Mago=10",
  "[MANA_INICIAL]",
  "Mago=1",
  "[MULT_MANA]",
  "Mago=2",
  "[AUMENTO_STA]",
  "Mago=15",
  "[GOLPE_PRE_36]",
  "Mago=2",
  "[GOLPE_POST_36]",
  "Mago=1",
  "[MODSKILLPOINTS]",
  "Mago=5",
  "[MODRAZA]",
  "HumanoFuerza=0",
  "[EXTRA]",
  "DificultadSubirSkill=10",
  "RangoVidas=2",
  "[EXP]",
  "1=100",
  "2=200",
  "3=300",
  "",
].join("\r\n");

function tables(): GameTables {
  const balance = parseBalanceDat(new TextEncoder().encode(BALANCE_DAT), "Balance.dat");
  if (balance.value === null) throw new Error(JSON.stringify(balance.errors));
  return GameTablesSchema.parse({ format: "ao20", objects: null, npcs: null, spells: null, balance: balance.value, cities: null, mapInfo: null, specialMaps: null });
}

/** Level 1 with CON 18 and INT 18 (the harness's attributes): MaxHP 18, MaxMana 18, MaxSta 60. */
const LEVEL_1: Partial<CharacterRecord> = {
  level: 1,
  exp: 90,
  freeSkillPoints: 0,
  vitals: { hp: 10, maxHp: 18, mana: 7, maxMana: 18, stamina: 40, maxStamina: 60, food: 100, water: 100 },
};

/** `Online` grants `amount` from `source`; `UpTime` trains `skill`. */
function setUp(record: Partial<CharacterRecord>, random: ScriptedRandom, grant: { amount: number; source: ExperienceSource }, skill: SkillId = SKILL.Weapons) {
  const w = world({
    tables: tables(),
    random,
    handlers: {
      ...PACKET_HANDLERS,
      Online: (ctx, player) => void grantExperience(ctx, player, grant.amount, grant.source),
      UpTime: (ctx, player) => void raiseSkillByUse(ctx, player, skill),
    },
  });
  w.enter(1, "Ana", 20, 20, { with: record });
  w.enter(2, "Beto", 22, 20);
  w.drain();
  const state = () => w.server.snapshot().find((entry) => entry.session === 1)!.state;
  const out = () => {
    const all = w.drain();
    return { ana: all.filter((p) => p.session === 1), beto: all.filter((p) => p.session === 2) };
  };
  return { w, state, out };
}

const lines = (packets: Received[]) => packets.filter((p) => p.name !== "ChangeInventorySlot").map(summary);

describe("experience and the level-up on a map", () => {
  test("exp past the ELU: UpdateExp, then per level FX and sound for the area and locales 186–200, slots, stats, LevelUp and 187, then +N", () => {
    // Two draws for the HP roll (no caps: the expected MaxHP at level 2, rnd2(8.5 + 18) = 26, whatever they are).
    const random = scriptedRandom(0.9, 0.1);
    const { w, state, out } = setUp(LEVEL_1, random, { amount: 15, source: "npc_damage" });
    w.server.act(1, "Online", {});
    const { ana, beto } = out();
    expect(lines(ana)).toEqual([
      "UpdateExp",
      "CreateFX",
      "PlayWave 554",
      "LocaleMsg[3] 186 2",
      "LocaleMsg[3] 197 8¬26",
      "LocaleMsg[3] 198 15¬75",
      "LocaleMsg[3] 199 36¬54",
      "LocaleMsg[3] 200 2¬3¬4",
      "UpdateUserStats",
      "LevelUp",
      "LocaleMsg[3] 187 5¬5",
      "TextOverTile +15 (20,20)",
    ]);
    expect(random.used).toBe(2);
    expect(ana[0]!.fields).toEqual({ exp: 105 });
    expect(ana[1]!.fields).toMatchObject({ charIndex: 1, fx: 106, fxLoops: 0 });
    // Every usable slot, between the messages and the stats.
    const slots = ana.filter((p) => p.name === "ChangeInventorySlot");
    expect(slots).toHaveLength(24);
    expect(ana.findIndex((p) => p.name === "ChangeInventorySlot")).toBe(8);
    expect(ana.find((p) => p.name === "UpdateUserStats")!.fields).toMatchObject({
      maxHp: 26,
      minHp: 26,
      maxMana: 54,
      minMana: 7,
      maxSta: 75,
      minSta: 40,
      level: 2,
      exp: 5,
    });
    expect(ana.find((p) => p.name === "LevelUp")!.fields).toEqual({ freeSkillPoints: 5 });
    expect(ana.at(-1)!.fields).toMatchObject({ color: EXP_TEXT_COLOUR });
    // The player nearby sees the effect and hears the sound, nothing else.
    expect(beto.map(summary)).toEqual(["CreateFX", "PlayWave 554"]);
    expect(state()).toMatchObject({ level: 2, exp: 5, freeSkillPoints: 5 });
    expect(state().vitals).toMatchObject({ hp: 26, maxHp: 26, mana: 7, maxMana: 54, stamina: 40, maxStamina: 75 });
  });

  test("below the ELU: UpdateExp and +N only, no draw", () => {
    const random = scriptedRandom();
    // 90 + 8.6 = 98.6 → 99 (a Long); the text shows 8.6 → 9.
    const { w, state, out } = setUp(LEVEL_1, random, { amount: 8.6, source: "npc_damage" });
    w.server.act(1, "Online", {});
    expect(lines(out().ana)).toEqual(["UpdateExp", "TextOverTile +9 (20,20)"]);
    expect(state().exp).toBe(99);
    expect(random.used).toBe(0);
    expect(w.faults).toEqual([]);
  });

  test("two levels at once: the per-level lines twice, the slots, stats and points once", () => {
    const random = scriptedRandom(0.5, 0.5, 0.5, 0.5);
    const { w, state, out } = setUp(LEVEL_1, random, { amount: 215, source: "npc_kill" });
    w.server.act(1, "Online", {});
    const names = lines(out().ana);
    expect(names[0]).toBe("TextOverTile +215 (20,20)");
    expect(names.filter((n) => n === "CreateFX")).toHaveLength(2);
    expect(names.filter((n) => n.startsWith("LocaleMsg[3] 186"))).toEqual(["LocaleMsg[3] 186 2", "LocaleMsg[3] 186 3"]);
    expect(names.filter((n) => n === "UpdateUserStats")).toHaveLength(1);
    expect(names.at(-1)).toBe("LocaleMsg[3] 187 10¬10");
    expect(state()).toMatchObject({ level: 3, exp: 5, freeSkillPoints: 10 });
  });

  test("at level 47 nothing is added: an NPC hit still shows +N, a kill shows nothing", () => {
    for (const [source, expected] of [
      ["npc_damage", ["TextOverTile +30 (20,20)"]],
      ["npc_kill", []],
      ["skill_up", []],
    ] as const) {
      const { w, state, out } = setUp({ ...LEVEL_1, level: 47, exp: 0 }, scriptedRandom(), { amount: 30, source });
      w.server.act(1, "Online", {});
      expect(lines(out().ana)).toEqual([...expected]);
      expect(state().exp).toBe(0);
    }
  });

  test("a penalised NPC hit: locale 1467 with the percent first, then the experience", () => {
    const w = world({
      tables: tables(),
      handlers: { ...PACKET_HANDLERS, Online: (ctx, player) => void rewardNpcDamage(ctx, player, { exp: 4.5, expCount: 3, penaltyPercent: 90, pays: true }) },
    });
    w.enter(1, "Ana", 20, 20, { with: LEVEL_1 });
    w.drain();
    w.server.act(1, "Online", {});
    expect(w.drain().map(summary)).toEqual(["LocaleMsg[2] 1467 90", "UpdateExp", "TextOverTile +4 (20,20)"]);
    expect(w.server.snapshot()[0]!.state.exp).toBe(94);
  });

  test("without a Balance table experience adds up but nobody levels", () => {
    const w = world({ handlers: { ...PACKET_HANDLERS, Online: (ctx, player) => void grantExperience(ctx, player, 500, "other") } });
    w.enter(1, "Ana", 20, 20, { with: LEVEL_1 });
    w.drain();
    w.server.act(1, "Online", {});
    expect(w.drain().map(summary)).toEqual(["UpdateExp"]);
    expect(w.server.snapshot()[0]!.state).toMatchObject({ level: 1, exp: 590 });
  });
});

describe("raising a skill by use on a map", () => {
  test("a draw below 10 in 1..150: +1, locale 1626, '+1 <skill>' in yellow for the area, locale 140 and UpdateExp", () => {
    const random = scriptedRandom(drawFor(9, 1, 150));
    const { w, state, out } = setUp(LEVEL_1, random, { amount: 0, source: "other" });
    w.server.act(1, "UpTime", {});
    const { ana, beto } = out();
    expect(ana.map(summary)).toEqual(["LocaleMsg[3] 1626 Combate con armas¬1", "TextOverChar", "LocaleMsg[23] 140 5", "UpdateExp"]);
    expect(ana[1]!.fields).toEqual({ text: "+1 Combate con armas", charIndex: 1, color: SKILL_UP_TEXT_COLOUR });
    expect(beto.map((p) => p.fields.text)).toEqual(["+1 Combate con armas"]);
    expect(state().skills[SKILL.Weapons - 1]).toBe(1);
    expect(state().exp).toBe(95);
  });

  test("a draw of 10 or more: nothing happens, nothing is sent", () => {
    const random = scriptedRandom(drawFor(10, 1, 150));
    const { w, state, out } = setUp(LEVEL_1, random, { amount: 0, source: "other" });
    w.server.act(1, "UpTime", {});
    expect(out().ana).toEqual([]);
    expect(state().skills[SKILL.Weapons - 1]).toBe(0);
    expect(random.used).toBe(1);
  });

  test("at the level's cap (3 at level 1) or hungry: no draw, nothing sent", () => {
    const skills = new Array<number>(24).fill(0);
    skills[SKILL.Weapons - 1] = 3;
    for (const record of [{ ...LEVEL_1, skills }, { ...LEVEL_1, vitals: { ...LEVEL_1.vitals!, food: 0 } }]) {
      const random = scriptedRandom();
      const { w, out } = setUp(record, random, { amount: 0, source: "other" });
      w.server.act(1, "UpTime", {});
      expect(out().ana).toEqual([]);
      expect(random.used).toBe(0);
    }
  });

  test("the skill's experience can level the player up: the level-up follows UpdateExp", () => {
    const random = scriptedRandom(drawFor(1, 1, 150), 0.5, 0.5);
    const { w, state, out } = setUp({ ...LEVEL_1, exp: 98 }, random, { amount: 0, source: "other" });
    w.server.act(1, "UpTime", {});
    const names = lines(out().ana);
    expect(names.slice(0, 6)).toEqual(["LocaleMsg[3] 1626 Combate con armas¬1", "TextOverChar", "LocaleMsg[23] 140 5", "UpdateExp", "CreateFX", "PlayWave 554"]);
    expect(state()).toMatchObject({ level: 2, exp: 3 });
  });
});
