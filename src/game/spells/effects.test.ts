/**
 * Spell effects on users, NPCs and tiles (§5.3 – §5.5, §8.2, §8.3) on inline spells shaped like
 * the 2024 Hechizos.dat rows, with scripted draws: the order of the checks, the help and attack
 * rules, the locale ids, and the quirks copied from VB6.
 */
import { describe, expect, test } from "bun:test";
import { SKILL } from "../progression/index.ts";
import { applyEffect, NO_STATUS_EFFECTS, planSummon, resolveSpellOnNpc, resolveSpellOnTerrain, resolveSpellOnUser, type UserSpellContext } from "./index.ts";
import { casterWith, npcWith, scripted, spellWith, targetWith, VITALS } from "./test-fixtures.ts";

const CRIMINAL = 0;
const CITIZEN = 1;
const CHAOS = 2;
const ARMY = 3;
const WARRIOR = 3;
const HUNTER = 8;
const OTHER: UserSpellContext = { nowMs: 10_000, self: false, attack: { ok: true }, safeFight: false, safeMap: false, noInvisibility: false };
const SELF: UserSpellContext = { ...OTHER, self: true };

const PARALIZAR = spellWith({ id: 25, spellType: 2, target: 3, paralyzes: true, durationSeconds: 15 });
const INMOVILIZAR = spellWith({ id: 26, spellType: 2, target: 3, immobilizes: true, durationSeconds: 20 });
const REMOVER_PARALISIS = spellWith({ id: 27, spellType: 2, target: 3, removesParalysis: true });
const INVISIBILIDAD = spellWith({ id: 24, spellType: 2, target: 1, invisibility: true, durationSeconds: 20 });
const CURAR_VENENO = spellWith({ id: 11, spellType: 2, target: 1, curesPoison: true });
const CURAR_HERIDAS = spellWith({ id: 12, spellType: 1, target: 3, hpMode: 1, minHp: 4, maxHp: 10 });
const DARDO = spellWith({ id: 1, spellType: 1, target: 3, hpMode: 2, minHp: 4, maxHp: 8 });
const VENENO = spellWith({ id: 90, spellType: 2, target: 3, poisonLevel: 2, durationSeconds: 20 });

describe("holding a user (paralysis, immobilisation)", () => {
  test("Paralizar 15 s: a Mage 16 s, a Warrior or Hunter rnd2(10.5) = 10 → 11 s; an attack; oneself 380", () => {
    expect(resolveSpellOnUser(scripted(), casterWith(), PARALIZAR, targetWith(), OTHER)).toMatchObject({ kind: "cast", attacked: true, status: { paralyzed: { untilMs: 26_000 } } });
    for (const classId of [WARRIOR, HUNTER]) {
      expect(resolveSpellOnUser(scripted(), casterWith(), PARALIZAR, targetWith({ classId }), OTHER)).toMatchObject({ status: { paralyzed: { untilMs: 21_000 } } });
    }
    expect(resolveSpellOnUser(scripted(), casterWith(), PARALIZAR, targetWith(), SELF)).toEqual({ kind: "refused", reason: "self", message: 380 });
  });

  test("order of the refusals: paralysis asks immunity (1872) before 'cannot move' (661), immobilisation the other way round (661, then 1873)", () => {
    const immuneAndHeld = applyEffect(applyEffect(NO_STATUS_EFFECTS, { kind: "paralysisImmunity", durationMs: 3_000 }, 9_000).effects, { kind: "paralyzed", durationMs: 5_000 }, 9_000).effects;
    expect(resolveSpellOnUser(scripted(), casterWith(), PARALIZAR, targetWith({ status: immuneAndHeld }), OTHER)).toMatchObject({ message: 1872, params: [{ name: "target" }] });
    expect(resolveSpellOnUser(scripted(), casterWith(), INMOVILIZAR, targetWith({ status: immuneAndHeld }), OTHER)).toMatchObject({ message: 661 });
    const immune = applyEffect(NO_STATUS_EFFECTS, { kind: "paralysisImmunity", durationMs: 3_000 }, 9_000).effects;
    expect(resolveSpellOnUser(scripted(), casterWith(), INMOVILIZAR, targetWith({ status: immune }), OTHER)).toMatchObject({ message: 1873 });
  });

  test("PuedeAtacar's refusal is passed on (a citizen with the safe on: 1057), and nothing is applied", () => {
    expect(resolveSpellOnUser(scripted(), casterWith(), PARALIZAR, targetWith(), { ...OTHER, attack: { ok: false, message: 1057 } })).toEqual({ kind: "refused", reason: "cannot_attack", message: 1057 });
  });

  test("Remover Parálisis: 806 when not held; lifts both holds (a Warrior gets 4 s of immunity)", () => {
    expect(resolveSpellOnUser(scripted(), casterWith(), REMOVER_PARALISIS, targetWith(), OTHER)).toMatchObject({ message: 806 });
    const held = applyEffect(NO_STATUS_EFFECTS, { kind: "paralyzed", durationMs: 5_000 }, 9_000, { kind: "user", classId: WARRIOR }).effects;
    const freed = resolveSpellOnUser(scripted(), casterWith(), REMOVER_PARALISIS, targetWith({ classId: WARRIOR, status: held }), OTHER);
    expect(freed).toMatchObject({ kind: "cast", attacked: false, status: { paralysisImmunity: { untilMs: 14_000 } }, notices: [{ to: "self", packet: "ParalizeOK" }] });
  });
});

describe("helping other players (§8.2)", () => {
  test("strict rule (invisibility): the Army never helps a criminal (662); a citizen with the safe on neither (663); with it off it helps and turns criminal; the Legion helps no citizen (796); arena fights skip it", () => {
    const criminal = targetWith({ factionStatus: CRIMINAL });
    const invis = (caster: Parameters<typeof casterWith>[0], target = criminal, ctx = OTHER) => resolveSpellOnUser(scripted([16, 21, 20]), casterWith(caster), INVISIBILIDAD, target, ctx);
    expect(invis({ factionStatus: ARMY })).toMatchObject({ kind: "refused", message: 662 });
    expect(invis({ factionStatus: CITIZEN, safeMode: true })).toMatchObject({ kind: "refused", message: 663 });
    expect(invis({ factionStatus: CITIZEN, safeMode: false })).toMatchObject({ kind: "cast", turnsCasterCriminal: true, status: { invisible: { untilMs: 31_000 } } });
    expect(invis({ factionStatus: CHAOS }, targetWith({ factionStatus: CITIZEN }))).toMatchObject({ kind: "refused", message: 796 });
    expect(invis({ factionStatus: CHAOS })).toMatchObject({ kind: "cast", turnsCasterCriminal: false });
    expect(invis({ factionStatus: ARMY }, criminal, { ...OTHER, safeFight: true })).toMatchObject({ kind: "cast" });
  });

  test("light rule (healing, cures): only a citizen with the safe on is stopped from helping a criminal or a legionary (378), and nobody turns criminal", () => {
    const wounded = (factionStatus: number) => targetWith({ factionStatus, vitals: { ...VITALS, hp: 5 } });
    expect(resolveSpellOnUser(scripted(), casterWith({ safeMode: true }), CURAR_HERIDAS, wounded(CRIMINAL), OTHER)).toMatchObject({ kind: "refused", message: 378 });
    expect(resolveSpellOnUser(scripted(), casterWith({ safeMode: true }), CURAR_HERIDAS, wounded(CHAOS), OTHER)).toMatchObject({ kind: "refused", message: 378 });
    expect(resolveSpellOnUser(scripted([4, 10, 4]), casterWith({ safeMode: false }), CURAR_HERIDAS, wounded(CRIMINAL), OTHER)).toMatchObject({ kind: "cast", turnsCasterCriminal: false, heal: { amount: 4, hpAfter: 9 } });
    expect(resolveSpellOnUser(scripted([4, 10, 4]), casterWith({ factionStatus: ARMY }), CURAR_HERIDAS, wounded(CRIMINAL), OTHER)).toMatchObject({ kind: "cast" });
  });

  test("healing oneself: line 33 with the amount; a dead target: 77", () => {
    expect(resolveSpellOnUser(scripted([4, 10, 10]), casterWith(), CURAR_HERIDAS, targetWith({ vitals: { ...VITALS, hp: 15 } }), SELF)).toMatchObject({
      heal: { amount: 10, hpAfter: 20 },
      messages: [{ to: "caster", messageId: 33, params: [10] }],
    });
    expect(resolveSpellOnUser(scripted(), casterWith(), CURAR_HERIDAS, targetWith({ dead: true }), OTHER)).toMatchObject({ kind: "refused", message: 77 });
  });
});

describe("other states on users", () => {
  test("poison: level and first bite (Duration 20 → 2840 ms); already poisoned: 1870; Curar Veneno: 1871 when not poisoned, else it ends", () => {
    const poisoned = resolveSpellOnUser(scripted(), casterWith(), VENENO, targetWith(), OTHER);
    expect(poisoned).toMatchObject({ kind: "cast", attacked: true, status: { poisoned: { level: 2, nextBiteAtMs: 12_840 } } });
    if (poisoned.kind !== "cast") throw new Error("unreachable");
    expect(resolveSpellOnUser(scripted(), casterWith(), VENENO, targetWith({ status: poisoned.status }), OTHER)).toMatchObject({ message: 1870, params: [{ name: "target" }] });
    expect(resolveSpellOnUser(scripted(), casterWith(), CURAR_VENENO, targetWith(), OTHER)).toMatchObject({ message: 1871 });
    const cured = resolveSpellOnUser(scripted(), casterWith(), CURAR_VENENO, targetWith({ status: poisoned.status }), OTHER);
    expect(cured.kind === "cast" ? cured.status : null).toEqual({});
  });

  test("blindness, dumbness (already dumb: the time stays, Dumb again), curse 201 s; none on oneself (380)", () => {
    const blind = spellWith({ spellType: 2, blinds: true, durationSeconds: 5 });
    const dumb = spellWith({ spellType: 2, stupefies: true, durationSeconds: 5 });
    const curse = spellWith({ spellType: 2, curses: true });
    expect(resolveSpellOnUser(scripted(), casterWith(), blind, targetWith(), OTHER)).toMatchObject({ status: { blind: { untilMs: 16_000 } }, notices: [{ packet: "Blind" }] });
    const once = resolveSpellOnUser(scripted(), casterWith(), dumb, targetWith(), OTHER);
    if (once.kind !== "cast") throw new Error("unreachable");
    const twice = resolveSpellOnUser(scripted(), casterWith(), dumb, targetWith({ status: once.status }), { ...OTHER, nowMs: 12_000 });
    expect(twice).toMatchObject({ kind: "cast", status: { dumb: { untilMs: 16_000 } }, notices: [{ to: "self", packet: "Dumb" }] });
    expect(resolveSpellOnUser(scripted(), casterWith(), curse, targetWith(), OTHER)).toMatchObject({ status: { cursed: { untilMs: 211_000 } } });
    for (const spell of [blind, dumb, curse]) expect(resolveSpellOnUser(scripted(), casterWith(), spell, targetWith(), SELF)).toMatchObject({ message: 380 });
  });

  test("speed: a slow (Ralentizar 0.5, 3 s) is an attack, not on oneself; a `Tipo 2` haste on someone else counts as an attack too (VB6)", () => {
    const slow = spellWith({ spellType: 2, speed: 0.5, durationSeconds: 3 });
    const haste = spellWith({ spellType: 2, speed: 1.25, durationSeconds: 6 });
    expect(resolveSpellOnUser(scripted(), casterWith(), slow, targetWith(), OTHER)).toMatchObject({ attacked: true, status: { speed: { multiplier: 0.5, untilMs: 14_000 } }, notices: [{ packet: "SpeedChanged" }] });
    expect(resolveSpellOnUser(scripted(), casterWith(), slow, targetWith(), SELF)).toMatchObject({ message: 380 });
    expect(resolveSpellOnUser(scripted(), casterWith(), haste, targetWith(), OTHER)).toMatchObject({ kind: "cast", attacked: true });
    expect(resolveSpellOnUser(scripted(), casterWith(), haste, targetWith(), SELF)).toMatchObject({ kind: "cast", attacked: false });
  });

  test("invisibility refusals: caster mounted 794, target mounted 795, leaving (666 / 667 oneself), `SinInviOcul` 797, already 798 oneself", () => {
    expect(resolveSpellOnUser(scripted(), casterWith({ mounted: true }), INVISIBILIDAD, targetWith(), OTHER)).toMatchObject({ message: 794 });
    expect(resolveSpellOnUser(scripted(), casterWith(), INVISIBILIDAD, targetWith({ mounted: true }), OTHER)).toMatchObject({ message: 795 });
    expect(resolveSpellOnUser(scripted(), casterWith(), INVISIBILIDAD, targetWith({ leaving: true }), OTHER)).toMatchObject({ message: 666 });
    expect(resolveSpellOnUser(scripted(), casterWith(), INVISIBILIDAD, targetWith({ leaving: true }), SELF)).toMatchObject({ message: 667 });
    expect(resolveSpellOnUser(scripted(), casterWith(), INVISIBILIDAD, targetWith(), { ...SELF, noInvisibility: true })).toMatchObject({ message: 797 });
    const invisible = applyEffect(NO_STATUS_EFFECTS, { kind: "invisible", durationMs: 5_000 }, 9_000).effects;
    expect(resolveSpellOnUser(scripted(), casterWith(), INVISIBILIDAD, targetWith({ status: invisible }), SELF)).toMatchObject({ message: 798 });
  });

  test("stats (`Tipo 1`): hunger +RandomNumber, capped at 100 (1896 oneself); starving oneself is refused silently; mana reuses the last amount drawn (no draw of its own)", () => {
    const food = spellWith({ spellType: 1, hungerMode: 1, minHunger: 10, maxHunger: 20, manaMode: 1 });
    expect(resolveSpellOnUser(scripted([10, 20, 15]), casterWith(), food, targetWith({ vitals: { ...VITALS, food: 90, mana: 100 } }), SELF)).toMatchObject({
      kind: "cast",
      vitals: { food: 100, mana: 115 },
      messages: [
        { to: "caster", messageId: 1896, params: [15] },
        { to: "caster", messageId: 1909, params: [15] },
      ],
    });
    const starve = spellWith({ spellType: 1, hungerMode: 2, minHunger: 10, maxHunger: 20 });
    expect(resolveSpellOnUser(scripted(), casterWith(), starve, targetWith(), SELF)).toEqual({ kind: "refused", reason: "self", message: null });
    expect(resolveSpellOnUser(scripted([10, 20, 20]), casterWith(), starve, targetWith({ vitals: { ...VITALS, food: 15 } }), OTHER)).toMatchObject({
      attacked: true,
      vitals: { food: 0 },
      messages: [
        { to: "caster", messageId: 1897, params: [20, { name: "target" }] },
        { to: "target", messageId: 1898, params: [{ name: "caster" }, 20] },
      ],
    });
  });

  test("STR drain never below 6; damage on oneself 380; damage trains the target's Resistencia before the caster's Magia", () => {
    const weaken = spellWith({ spellType: 1, strengthMode: 2, minStrength: 7, maxStrength: 15, durationSeconds: 3 });
    expect(resolveSpellOnUser(scripted([7, 15, 15]), casterWith(), weaken, targetWith({ strength: 18 }), OTHER)).toMatchObject({ attributes: { strength: 6, agility: 19 }, status: { attributeBoost: { untilMs: 13_000 } } });
    expect(resolveSpellOnUser(scripted(), casterWith(), DARDO, targetWith(), SELF)).toMatchObject({ message: 380 });
    expect(resolveSpellOnUser(scripted([4, 8, 8]), casterWith(), DARDO, targetWith(), OTHER)).toMatchObject({
      damage: { damage: 8, hpAfter: 12 },
      skillUses: [
        { who: "target", skill: SKILL.MagicResistance },
        { who: "caster", skill: SKILL.Magic },
      ],
    });
  });

  test("combined spells (`Tipo 8`): `Sanacion` ends poison, burning and speed; Remover Parálisis there uses the light rule and is silent when nothing holds", () => {
    let status = applyEffect(NO_STATUS_EFFECTS, { kind: "poisoned", level: 1, firstBiteMs: 100 }, 0).effects;
    status = applyEffect(status, { kind: "speed", durationMs: 3_000, multiplier: 0.5 }, 9_000).effects;
    const oracion = spellWith({ spellType: 8, target: 1, hpMode: 1, minHp: 60, maxHp: 85, healing: true, removesParalysis: true });
    const outcome = resolveSpellOnUser(scripted([60, 85, 60]), casterWith(), oracion, targetWith({ status, vitals: { ...VITALS, hp: 20 } }), OTHER);
    expect(outcome).toMatchObject({ kind: "cast", heal: { amount: 60, hpAfter: 20 }, messages: [{ messageId: 1918, params: [60, { name: "target" }] }, { messageId: 1919 }] });
    expect(outcome.kind === "cast" ? outcome.status : null).toEqual({});
    expect(outcome.kind === "cast" ? outcome.notices : null).toEqual([{ to: "self", packet: "SpeedChanged" }]);
  });
});

describe("on NPCs", () => {
  test("healing: 821 at full HP; else + amount with 388 (\"la criatura\", n); damage with the attack refused: that message, nothing done", () => {
    expect(resolveSpellOnNpc(scripted(), casterWith(), CURAR_HERIDAS, npcWith(), 0)).toEqual({ kind: "refused", reason: "not_wounded", message: 821 });
    expect(resolveSpellOnNpc(scripted([4, 10, 9]), casterWith(), CURAR_HERIDAS, npcWith({ hp: 10 }), 0)).toMatchObject({
      heal: { amount: 9, hpAfter: 15 },
      attacked: false,
      messages: [{ to: "caster", messageId: 388, params: ["la criatura", 9] }],
    });
    expect(resolveSpellOnNpc(scripted(), casterWith(), DARDO, npcWith(), 0, { ok: false, message: 1234 })).toEqual({ kind: "refused", reason: "cannot_attack", message: 1234 });
    expect(resolveSpellOnNpc(scripted([4, 8, 5]), casterWith(), DARDO, npcWith({ sound2: 77 }), 0, { ok: true, turnsCriminal: true })).toMatchObject({ npcSound: 77, turnsCasterCriminal: true });
  });

  test("`AfectaParalisis` NPCs: 381; Remover Parálisis: 816 when free, 817 on a stranger's creature, lifts it from one's own pet", () => {
    expect(resolveSpellOnNpc(scripted(), casterWith(), PARALIZAR, npcWith({ paralysisImmune: true }), 0)).toEqual({ kind: "refused", reason: "immune_to_paralysis", message: 381 });
    expect(resolveSpellOnNpc(scripted(), casterWith(), REMOVER_PARALISIS, npcWith(), 0)).toMatchObject({ message: 816 });
    const held = applyEffect(NO_STATUS_EFFECTS, { kind: "paralyzed", durationMs: 87_900 }, 0).effects;
    expect(resolveSpellOnNpc(scripted(), casterWith(), REMOVER_PARALISIS, npcWith({ status: held }), 0)).toMatchObject({ message: 817 });
    const freed = resolveSpellOnNpc(scripted(), casterWith(), REMOVER_PARALISIS, npcWith({ status: held, master: "caster" }), 0);
    expect(freed.kind === "cast" ? freed.status : null).toEqual({});
    expect(resolveSpellOnNpc(scripted(), casterWith(), REMOVER_PARALISIS, npcWith({ status: held, sameFaction: true }), 0)).toMatchObject({ kind: "cast" });
  });

  test("poison on an NPC is a flag that never bites; Curar Veneno on a healthy NPC: 815; immune NPC: 666; combined spells do nothing to NPCs", () => {
    const poisoned = resolveSpellOnNpc(scripted(), casterWith(), VENENO, npcWith(), 0);
    expect(poisoned).toMatchObject({ kind: "cast", attacked: true, status: { poisoned: { level: 2, nextBiteAtMs: null } } });
    expect(resolveSpellOnNpc(scripted(), casterWith(), CURAR_VENENO, npcWith(), 0)).toMatchObject({ message: 815 });
    expect(resolveSpellOnNpc(scripted(), casterWith(), DARDO, npcWith({ immuneToSpells: true }), 0)).toMatchObject({ message: 666 });
    expect(resolveSpellOnNpc(scripted(), casterWith(), spellWith({ spellType: 8, hpMode: 2, minHp: 1, maxHp: 2 }), npcWith(), 0)).toMatchObject({ kind: "refused", message: null });
  });
});

describe("on tiles", () => {
  const at = { x: 50, y: 50, noPets: false, tileTaken: false, pets: [], petsStored: false };

  test("an empty pet slot anywhere means room: nobody is dismissed; three tamed pets leave no room, and the cast still counts", () => {
    expect(planSummon([{ kind: "empty" }, { kind: "summoned", npc: 1, remainingMs: 1_000 }, { kind: "summoned", npc: 1, remainingMs: 2_000 }], 1)).toEqual({ dismiss: [], spawn: 1 });
    const tamed = [{ kind: "tamed", npc: 1 }, { kind: "tamed", npc: 2 }, { kind: "stored", npc: 3 }] as const;
    expect(resolveSpellOnTerrain(spellWith({ spellType: 4, summonMode: 1, summonNpc: 958, summonCount: 3 }), { ...at, pets: tamed })).toMatchObject({ kind: "summon", plan: { dismiss: [], spawn: 0 } });
  });

  test("store / recall pets (Invoca 2): 787 without pets; materialise: 262 on a taken tile; reveal 11 tiles around (1869); area: the square and who it reaches", () => {
    const pets = spellWith({ spellType: 4, summonMode: 2 });
    expect(resolveSpellOnTerrain(pets, at)).toMatchObject({ message: 787 });
    expect(resolveSpellOnTerrain(pets, { ...at, pets: [{ kind: "tamed", npc: 1 }] })).toMatchObject({ kind: "pets", action: "store" });
    expect(resolveSpellOnTerrain(pets, { ...at, pets: [{ kind: "stored", npc: 1 }], petsStored: true })).toMatchObject({ kind: "pets", action: "recall" });
    const food = spellWith({ spellType: 3, materializeObject: 1, materializeAmount: 5 });
    expect(resolveSpellOnTerrain(food, { ...at, tileTaken: true })).toEqual({ kind: "refused", reason: "no_room", message: 262 });
    expect(resolveSpellOnTerrain(food, at)).toMatchObject({ kind: "materialize", objectId: 1, amount: 5 });
    expect(resolveSpellOnTerrain(spellWith({ spellType: 2, removesPartialInvisibility: true }), at)).toMatchObject({ kind: "reveal", radius: 11, message: 1869 });
    const area = resolveSpellOnTerrain(spellWith({ spellType: 5, areaAffects: 3, areaRadius: 2 }), at);
    expect(area).toMatchObject({ kind: "area", users: true, npcs: true, tiles: [{ x: 50, y: 50 }, { x: 50, y: 51 }, { x: 51, y: 50 }, { x: 51, y: 51 }] });
  });
});
