import { describe, expect, test } from "bun:test";
import { SKILL_COUNT } from "../character/index.ts";
import { createCharacter, creationFailure, type CharacterCreationRequest, type CreationFailureReason } from "./create-character.ts";
import { checkCreationRules, CreationRulesError, selectableCreationCities } from "./rules.ts";
import { REFERENCE_STARTER_KIT, type KitItem, type StarterKit } from "./starter-kit.ts";
import { KIT_MAX_SLOT, startingKitFromStarterKit, uniformStartingKit, type KitEntry, type StartingKit } from "./starting-kit.ts";
import { OBJ_BEGINNER_ARMOR, OBJ_BEGINNER_TUNIC, OBJ_RED_POTION } from "./starter-objects.ts";
import { replay, sampleRules } from "./test-fixtures.ts";

const valid: CharacterCreationRequest = { accountId: 7, name: "Tarkan", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 };
const rules = sampleRules();
const create = (patch: Partial<CharacterCreationRequest>, deps = { rng: replay(0) }) => createCharacter({ ...valid, ...patch }, rules, deps);

describe("createCharacter refusals (§1 steps 4–11, §8.1)", () => {
  const cases: [string, Partial<CharacterCreationRequest>, CreationFailureReason, number | undefined][] = [
    ["name too short", { name: "Ab" }, "bad_name", undefined],
    ["name with a digit", { name: "Tarkan2" }, "bad_name", undefined],
    ["name with a leading space", { name: " Tarkan" }, "bad_name", undefined],
    ["forbidden name, any case", { name: "PePe" }, "forbidden_name", 1768],
    ["forbidden name with a space", { name: "El Che" }, "forbidden_name", 1768],
    ["race 0", { race: 0 }, "bad_race", undefined],
    ["race 7", { race: 7 }, "bad_race", undefined],
    ["race 1.5", { race: 1.5 }, "bad_race", undefined],
    ["race NaN", { race: Number.NaN }, "bad_race", undefined],
    ["gender 0", { gender: 0 }, "bad_gender", undefined],
    ["gender 3", { gender: 3 }, "bad_gender", undefined],
    ["city 0", { homeCity: 0 }, "bad_city", undefined],
    ["city 3: valid but not a creation city", { homeCity: 3 }, "bad_city", undefined],
    ["city 7: creation city without a position", { homeCity: 7 }, "bad_city", undefined],
    ["city 8: x is 0", { homeCity: 8 }, "bad_city", undefined],
    ["city 5: not in the file", { homeCity: 5 }, "bad_city", undefined],
    ["city 11", { homeCity: 11 }, "bad_city", undefined],
    ["head of the other gender", { head: 50 }, "bad_head", undefined],
    ["head 0", { head: 0 }, "bad_head", undefined],
    ["head 42", { head: 42 }, "bad_head", undefined],
    ["class 0 (VB6: runtime error, close)", { class: 0 }, "bad_class", undefined],
    ["class -1", { class: -1 }, "bad_class", undefined],
    ["class 13 (VB6 would make a Bandit; refused, §11.3)", { class: 13 }, "bad_class", undefined],
    ["class 2.5", { class: 2.5 }, "bad_class", undefined],
  ];
  for (const [label, patch, reason, messageId] of cases) {
    test(`${label} → ${reason}`, () => {
      const rng = replay(0);
      const outcome = create(patch, { rng });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.reason).toBe(reason);
      expect(outcome.messageId).toBe(messageId);
      // Refusals never consume randomness.
      expect(rng.used).toBe(0);
    });
  }

  test("bad_name carries the syntax problem for logs", () => {
    expect(create({ name: "Tar  kan" })).toEqual({ ok: false, reason: "bad_name", nameProblem: "double_space" });
  });

  test("first failing step wins, in the VB6 order", () => {
    const all = { name: "x", race: 9, gender: 9, homeCity: 99, head: 9999, class: 99 };
    expect(create(all)).toMatchObject({ reason: "bad_name" });
    expect(create({ ...all, name: "Pepe" })).toMatchObject({ reason: "forbidden_name" });
    expect(create({ ...all, name: "Valid" })).toMatchObject({ reason: "bad_race" });
    expect(create({ ...all, name: "Valid", race: 1 })).toMatchObject({ reason: "bad_gender" });
    expect(create({ ...all, name: "Valid", race: 1, gender: 1 })).toMatchObject({ reason: "bad_city" });
    expect(create({ ...all, name: "Valid", race: 1, gender: 1, homeCity: 1 })).toMatchObject({ reason: "bad_head" });
    expect(create({ ...all, name: "Valid", race: 1, gender: 1, homeCity: 1, head: 1 })).toMatchObject({ reason: "bad_class" });
  });

  test("staff names: refused for other accounts with box 1778, after the syntax and list checks", () => {
    const calls: [string, number][] = [];
    const isReservedName = (name: string, accountId: number) => {
      calls.push([name, accountId]);
      return name.toLowerCase() === "admin" && accountId !== 1;
    };
    expect(createCharacter({ ...valid, name: "Admin" }, rules, { rng: replay(0), isReservedName })).toEqual({ ok: false, reason: "reserved_name", messageId: 1778 });
    expect(createCharacter({ ...valid, name: "Admin", accountId: 1 }, rules, { rng: replay(0), isReservedName }).ok).toBe(true);
    createCharacter({ ...valid, name: "A1" }, rules, { rng: replay(0), isReservedName });
    expect(calls).toEqual([
      ["Admin", 7],
      ["Admin", 1],
    ]);
  });

  test("failures made by the session and database carry their boxes", () => {
    expect(creationFailure("name_taken")).toEqual({ ok: false, reason: "name_taken", messageId: 1769 });
    expect(creationFailure("too_many_characters")).toEqual({ ok: false, reason: "too_many_characters" });
  });
});

describe("createCharacter success", () => {
  test("builds the full record from the rules", () => {
    // Sample race 2 modifiers: [1, -1, 2, 0, -1] → STR 19 AGI 17 INT 20 CHA 18 CON 17.
    const outcome = createCharacter({ ...valid, name: "mIxEd Case", race: 2, gender: 2, class: 1, head: 150, homeCity: 2 }, rules, { rng: replay(0.99) });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const c = outcome.character;
    expect(c.name).toBe("mIxEd Case");
    expect([c.accountId, c.race, c.gender, c.class, c.head, c.homeCity]).toEqual([7, 2, 2, 1, 150, 2]);
    expect(c.attributes).toEqual([19, 17, 20, 18, 17]);
    expect(c.vitals).toEqual({ hp: 17, maxHp: 17, mana: 50, maxMana: 50, stamina: 40, maxStamina: 60, food: 100, water: 100 });
    expect([c.level, c.exp, c.freeSkillPoints, c.gold, c.bankGold]).toEqual([1, 0, 10, 0, 0]);
    expect(c.position).toEqual({ map: 22, x: 20, y: 30, heading: 3 });
    expect(c.skills).toEqual(new Array(SKILL_COUNT).fill(0));
    expect(c.body).toBe(2419); // tunic, elf female
    expect(c.equipment).toEqual({ weapon: 0, armor: OBJ_BEGINNER_TUNIC, shield: 0, helmet: 0, ammunition: 0, ring: 0, ship: 0, mount: 0 });
    expect(c.spells).toEqual([1, 7]);
    expect(c.inventory.map((s) => s.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(c.inventory.filter((s) => s.equipped)).toEqual([{ slot: 10, objectId: OBJ_BEGINNER_TUNIC, amount: 1, equipped: true }]);
    // The record is plain data: it survives a structured clone unchanged.
    expect(structuredClone(c)).toEqual(c);
  });

  test("the stamina roll draws exactly one number", () => {
    const rng = replay(0.5, 0.5);
    createCharacter(valid, rules, { rng });
    expect(rng.used).toBe(1);
  });

  test("findFreeTile adjusts the stored tile; null keeps the city tile", () => {
    const seen: number[][] = [];
    const moved = createCharacter(valid, rules, {
      rng: replay(0),
      findFreeTile: (map, x, y) => {
        seen.push([map, x, y]);
        return { x: x + 1, y: y - 1 };
      },
    });
    expect(seen).toEqual([[11, 50, 50]]);
    expect(moved.ok && moved.character.position).toEqual({ map: 11, x: 51, y: 49, heading: 3 });
    const kept = createCharacter(valid, rules, { rng: replay(0), findFreeTile: () => null });
    expect(kept.ok && kept.character.position).toEqual({ map: 11, x: 50, y: 50, heading: 3 });
  });
});

describe("kit filling from an EquipamientoInicial.dat layout (§5.1)", () => {
  const item = (objectId: number, amount: number, equip = false): KitItem => ({ objectId, amount, equip });
  const withClassKit = (common: KitItem[], cls: KitItem[], spells: { common?: number[]; cls?: number[] } = {}): StartingKit => {
    const file: StarterKit = {
      common: { items: common, spells: spells.common ?? [] },
      byClass: { ...REFERENCE_STARTER_KIT.byClass, 3: { items: cls, spells: spells.cls ?? [] } },
    };
    return startingKitFromStarterKit(file).kit;
  };

  test("empty entries keep their slot number; equip forces amount 1", () => {
    const kit = withClassKit([item(OBJ_RED_POTION, 5), item(0, 0)], [item(900, 0), item(OBJ_BEGINNER_ARMOR, 30, true), item(901, 2)]);
    const outcome = createCharacter(valid, sampleRules({ startingKit: kit }), { rng: replay(0) });
    expect(outcome.ok && outcome.character.inventory).toEqual([
      { slot: 1, objectId: OBJ_RED_POTION, amount: 5, equipped: false },
      { slot: 4, objectId: OBJ_BEGINNER_ARMOR, amount: 1, equipped: true },
      { slot: 5, objectId: 901, amount: 2, equipped: false },
    ]);
  });

  test("no equip entry: naked body, no armor", () => {
    const kit = withClassKit([], [item(901, 1)]);
    const outcome = createCharacter({ ...valid, race: 6, gender: 2, head: 550 }, sampleRules({ startingKit: kit }), { rng: replay(0) });
    expect(outcome.ok && [outcome.character.body, outcome.character.equipment.armor]).toEqual([581, 0]);
  });

  test("two equip entries: the last one is the armor and gives the body; the first is only given (reported)", () => {
    const file: StarterKit = { common: { items: [], spells: [] }, byClass: { ...REFERENCE_STARTER_KIT.byClass, 3: { items: [item(OBJ_BEGINNER_TUNIC, 1, true), item(OBJ_BEGINNER_ARMOR, 1, true)], spells: [] } } };
    const { kit, problems } = startingKitFromStarterKit(file);
    expect(problems.map((p) => `${p.section}.${p.key}`)).toEqual(["CLASS3.Obj1"]);
    const outcome = createCharacter(valid, sampleRules({ startingKit: kit }), { rng: replay(0) });
    expect(outcome.ok && outcome.character.inventory.map((s) => [s.slot, s.objectId, s.equipped])).toEqual([
      [1, OBJ_BEGINNER_TUNIC, false],
      [2, OBJ_BEGINNER_ARMOR, true],
    ]);
    expect(outcome.ok && [outcome.character.equipment.armor, outcome.character.body]).toEqual([OBJ_BEGINNER_ARMOR, 107]);
  });

  test("class spells overwrite common spells from slot 1 (§11.10)", () => {
    const kit = withClassKit([], [], { common: [50, 51, 52], cls: [60] });
    const outcome = createCharacter(valid, sampleRules({ startingKit: kit }), { rng: replay(0) });
    expect(outcome.ok && outcome.character.spells).toEqual([60, 51, 52]);
  });

  test("configuration faults throw CreationRulesError with a code", () => {
    const tooBig = withClassKit(new Array(KIT_MAX_SLOT).fill(item(1, 1)), [item(2, 1)]);
    expect(() => createCharacter(valid, sampleRules({ startingKit: tooBig }), { rng: replay(0) })).toThrow(CreationRulesError);
    const unknownArmor = withClassKit([], [item(4242, 1, true)]);
    try {
      createCharacter(valid, sampleRules({ startingKit: unknownArmor }), { rng: replay(0) });
      throw new Error("expected a throw");
    } catch (error) {
      expect(error).toBeInstanceOf(CreationRulesError);
      expect((error as CreationRulesError).code).toBe("unknown_armor");
    }
  });
});

describe("checkCreationRules", () => {
  test("the sample rules with the reference kit are sound", () => {
    expect(checkCreationRules(rules)).toEqual([]);
    expect(selectableCreationCities(rules)).toEqual([1, 2]);
  });

  test("reports every kind of fault", () => {
    const entry = (slot: number, objectId: number, equipped = false): KitEntry => ({ slot, objects: [objectId], amount: 1, equipped });
    const broken = sampleRules({
      cities: new Map(),
      armorBodies: new Map(),
      startingKit: {
        ...rules.startingKit,
        byClass: {
          ...rules.startingKit.byClass,
          1: { items: [entry(KIT_MAX_SLOT + 1, 1), entry(1, 2, true), entry(1, 3)], spells: new Array(41).fill(1) },
        },
      },
      heads: { ...rules.heads, 2: { male: [], female: [{ first: 5, last: 4 }] } },
    });
    const codes = new Set(checkCreationRules(broken).map((p) => p.code));
    expect([...codes].sort()).toEqual(["bad_kit", "kit_too_large", "missing_heads", "no_creation_city", "too_many_spells", "unknown_armor"]);
  });
});
