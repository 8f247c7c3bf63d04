/**
 * The worked examples of character-creation.md §10 (Tarkan, Lirael, Brokk) and the §4 tables,
 * reproduced with rules built from the REAL `Balance.dat` and `Ciudades.Dat` through the content
 * layer's parsers: "today" = shared `ao20-current/Dat`, "2024" = shared `ao20/Dat`.
 * Expected values are the numbers printed in the design doc.
 */
import { describe, expect, test } from "bun:test";
import { decodeTextLines, parseBalanceDat, parseCitiesDat } from "../../content/dat/index.ts";
import type { NewCharacter } from "../character/index.ts";
import { createCharacter, type CharacterCreationRequest } from "./create-character.ts";
import { creationRulesFromTables } from "./from-tables.ts";
import { isClassId, RACE_IDS } from "./ids.ts";
import { forbiddenNamesFromLines } from "./name-rules.ts";
import { checkCreationRules, selectableCreationCities, type CreationRules } from "./rules.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { AO20_STARTER_ARMOR_BODIES, LEGACY_STARTER_KIT, REFERENCE_STARTER_KIT, type StarterKit } from "./starter-kit.ts";
import { startingKitFromStarterKit } from "./starting-kit.ts";
import { applyLevelUps, expToLevelUp, hitRangeAtLevel, startingAttributes, startingMana, type LevelState } from "./stats.ts";
import { replay } from "./test-fixtures.ts";

const FILES = {
  today: { balance: "ao20-current/Dat/Balance.dat", cities: "ao20-current/Dat/Ciudades.Dat" },
  y2024: { balance: "ao20/Dat/Balance.dat", cities: "ao20/Dat/Ciudades.Dat" },
} as const;
const FORBIDDEN_2024 = "ao20/Dat/NombresInvalidos.txt";

const ready = requireSharedData(FILES.today.balance, FILES.today.cities, FILES.y2024.balance, FILES.y2024.cities, FORBIDDEN_2024);

type Edition = keyof typeof FILES;

/** The §10 examples use the §5.2 reference kit (today's object numbers), whatever the Balance edition. */
function loadRules(edition: Edition, starterKit: StarterKit = REFERENCE_STARTER_KIT): CreationRules {
  const { balance: balancePath, cities: citiesPath } = FILES[edition];
  const balance = parseBalanceDat(readSharedData(balancePath), balancePath);
  const cities = parseCitiesDat(readSharedData(citiesPath), citiesPath);
  if (balance.value === null || cities.value === null) throw new Error(`cannot parse ${edition}: ${JSON.stringify([...balance.errors, ...cities.errors])}`);
  const forbidden = decodeTextLines(readSharedData(FORBIDDEN_2024)).lines.map((l) => l.text);
  return creationRulesFromTables({
    balance: balance.value,
    cities: cities.value.cities,
    forbiddenNames: forbiddenNamesFromLines(forbidden),
    startingKit: startingKitFromStarterKit(starterKit).kit,
    armorBodies: AO20_STARTER_ARMOR_BODIES,
  });
}

/** Creates the character; `r` is the stamina roll's random number. */
function make(rules: CreationRules, request: CharacterCreationRequest, r = 0): NewCharacter {
  const outcome = createCharacter(request, rules, { rng: replay(r) });
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome.character;
}

/** The character after gaining exactly ELU(1) exp; `r` drives the HP draw. */
function levelTwo(rules: CreationRules, c: NewCharacter, r: number) {
  if (!isClassId(c.class)) throw new Error(`class ${c.class}`);
  const cls = rules.balance.classes[c.class];
  const { minHit, maxHit } = hitRangeAtLevel(1, cls);
  const state: LevelState = {
    level: c.level,
    exp: expToLevelUp(1, rules.balance.expToLevelUp),
    maxHp: c.vitals.maxHp,
    minHp: c.vitals.hp,
    maxMana: c.vitals.maxMana,
    maxStamina: c.vitals.maxStamina,
    minHit,
    maxHit,
    freeSkillPoints: c.freeSkillPoints,
    gold: c.gold,
  };
  return applyLevelUps(state, { intelligence: c.attributes[2], constitution: c.attributes[4] }, { cls, hpVariance: rules.balance.hpVariance, expToLevelUp: rules.balance.expToLevelUp }, replay(r, 0.5)).state;
}

/** Level-2 MaxHP over a fine grid of the HP draw → probability of each MaxHP. */
function levelTwoHpDistribution(rules: CreationRules, c: NewCharacter): [number, number][] {
  const steps = 800;
  const counts = new Map<number, number>();
  for (let k = 0; k < steps; k++) {
    const hp = levelTwo(rules, c, (k + 0.5) / steps).maxHp;
    counts.set(hp, (counts.get(hp) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([hp, n]) => [hp, n / steps]);
}

const slots = (c: NewCharacter) => c.inventory.map((s) => [s.slot, s.objectId, s.amount, s.equipped] as const);
/** Expected inventory from a compact list: [objectId, amount?, "E" for equipped]. */
const expectSlots = (...items: (number | [number, number] | [number, "E"])[]) =>
  items.map((entry, i) => {
    if (typeof entry === "number") return [i + 1, entry, 1, false] as const;
    const [objectId, second] = entry;
    return second === "E" ? ([i + 1, objectId, 1, true] as const) : ([i + 1, objectId, second, false] as const);
  });

describe.skipIf(!ready)("§10 worked examples on the real data files", () => {
  const today = ready ? loadRules("today") : (undefined as never);
  const y2024 = ready ? loadRules("y2024") : (undefined as never);
  const todayLegacy = ready ? loadRules("today", LEGACY_STARTER_KIT) : (undefined as never);

  test("both rule sets are sound and only cities 1, 2, 5 can be chosen (§6.1)", () => {
    for (const rules of [today, y2024]) {
      expect(checkCreationRules(rules)).toEqual([]);
      expect(selectableCreationCities(rules)).toEqual([1, 2, 5]);
      expect(rules.cities.get(5)).toEqual({ map: 151, x: 41, y: 50 });
    }
  });

  describe("10.1 Tarkan: Human male Warrior, head 1, Ullathorpe", () => {
    const request: CharacterCreationRequest = { accountId: 1, name: "Tarkan", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 };

    test("today", () => {
      const c = make(today, request, 0);
      expect(c.attributes).toEqual([19, 19, 18, 18, 20]); // STR AGI INT CHA CON
      expect(c.vitals).toEqual({ hp: 20, maxHp: 20, mana: 0, maxMana: 0, stamina: 40, maxStamina: 60, food: 100, water: 100 });
      expect(make(today, request, 0.999).vitals.stamina).toBe(60);
      expect(hitRangeAtLevel(1, today.balance.classes[3])).toEqual({ minHit: 1, maxHit: 2 });
      expect([c.gold, c.bankGold, c.level, c.exp, c.freeSkillPoints]).toEqual([0, 0, 1, 0, 10]);
      expect(c.skills).toEqual(new Array(24).fill(0));
      expect(expToLevelUp(1, today.balance.expToLevelUp)).toBe(500);
      expect([c.body, c.head]).toEqual([107, 1]);
      expect(c.position).toEqual({ map: 1, x: 57, y: 44, heading: 3 });
      expect(c.spells).toEqual([]);
      expect(c.equipment.armor).toBe(3500);
      // Data-file layout: common items first, then the class's potions, items and armor.
      expect(slots(c)).toEqual(expectSlots([4335, 500], [4334, 35], [3791, 4], [3684, 100], [3685, 50], [4337, 100], [4338, 120], 3487, 3488, 3489, 3490, 3491, [3492, 650], 3686, [3500, "E"]));
    });

    test("today, legacy slot order", () => {
      const c = make(todayLegacy, request);
      expect(slots(c)).toEqual(expectSlots([4335, 500], [4337, 100], [4338, 120], [4334, 35], [3791, 4], 3487, 3488, 3489, 3490, 3491, [3492, 650], 3686, [3500, "E"], [3684, 100], [3685, 50]));
    });

    test("today, level 2", () => {
      const c = make(today, request);
      expect(levelTwoHpDistribution(today, c)).toEqual([
        [28, 1 / 8],
        [29, 1 / 4],
        [30, 1 / 4],
        [31, 1 / 4],
        [32, 1 / 8],
      ]);
      const l2 = levelTwo(today, c, 0.5);
      expect([l2.level, l2.exp, l2.maxStamina, l2.minHit, l2.maxHit, l2.freeSkillPoints, l2.minHp]).toEqual([2, 0, 75, 4, 5, 15, l2.maxHp]);
      expect(expToLevelUp(2, today.balance.expToLevelUp)).toBe(750);
    });

    test("2024", () => {
      const c = make(y2024, request, 0);
      expect(c.attributes).toEqual([19, 19, 19, 18, 20]);
      expect(c.vitals).toEqual({ hp: 20, maxHp: 20, mana: 0, maxMana: 0, stamina: 40, maxStamina: 60, food: 100, water: 100 });
      expect(make(y2024, request, 0.999).vitals.stamina).toBe(60);
      expect(expToLevelUp(1, y2024.balance.expToLevelUp)).toBe(375);
      expect([c.body, c.head, c.position.map, c.position.x, c.position.y]).toEqual([107, 1, 1, 57, 44]);
      const l2 = levelTwo(y2024, c, 0.5);
      expect(levelTwoHpDistribution(y2024, c)).toEqual([[30, 1]]);
      expect([l2.minHit, l2.maxHit, l2.freeSkillPoints]).toEqual([2, 3, 10]);
      expect(expToLevelUp(2, y2024.balance.expToLevelUp)).toBe(413);
    });
  });

  describe("10.2 Lirael: Elf female Mage, head 150, Nix", () => {
    const request: CharacterCreationRequest = { accountId: 1, name: "Lirael", race: 2, gender: 2, class: 1, head: 150, homeCity: 2 };

    test("today", () => {
      const c = make(today, request, 0);
      expect(c.attributes).toEqual([18, 20, 20, 19, 19]);
      expect(c.vitals).toEqual({ hp: 19, maxHp: 19, mana: 167, maxMana: 167, stamina: 40, maxStamina: 60, food: 100, water: 100 });
      expect(make(today, request, 0.7).vitals.stamina).toBe(60);
      expect([c.body, c.head]).toEqual([2419, 150]);
      expect(c.position).toEqual({ map: 34, x: 40, y: 87, heading: 3 });
      expect(c.spells).toEqual([1, 7]);
      expect(c.equipment.armor).toBe(3502);
      expect(slots(c)).toEqual(expectSlots([4335, 500], [4334, 35], [3791, 4], [3684, 100], [3685, 50], [4336, 850], [4337, 80], 3495, 3493, [3502, "E"]));
      expect(slots(make(todayLegacy, request))).toEqual(expectSlots([4335, 500], [4336, 850], [4337, 80], [4334, 35], [3791, 4], 3495, 3493, [3502, "E"], [3684, 100], [3685, 50]));
    });

    test("today, level 2", () => {
      const c = make(today, request);
      expect(levelTwoHpDistribution(today, c)).toEqual([
        [24, 1 / 4],
        [25, 1 / 4],
        [26, 1 / 4],
        [27, 1 / 4],
      ]);
      const l2 = levelTwo(today, c, 0.5);
      expect([l2.maxMana, l2.maxStamina, l2.minHit, l2.maxHit, l2.freeSkillPoints]).toEqual([220, 75, 2, 3, 15]);
    });

    test("2024", () => {
      const c = make(y2024, request, 0);
      expect(c.attributes).toEqual([18, 20, 21, 20, 18]);
      expect(c.vitals).toEqual({ hp: 18, maxHp: 18, mana: 175, maxMana: 175, stamina: 40, maxStamina: 60, food: 100, water: 100 });
      expect([c.body, c.spells]).toEqual([2419, [1, 7]]);
      expect(levelTwoHpDistribution(y2024, c)).toEqual([[24, 1]]);
      const l2 = levelTwo(y2024, c, 0.5);
      expect([l2.maxMana, l2.minHit, l2.maxHit, l2.freeSkillPoints]).toEqual([231, 2, 3, 10]);
    });
  });

  describe("10.3 Brokk: Dwarf male Worker, head 300, Ullathorpe", () => {
    const request: CharacterCreationRequest = { accountId: 1, name: "Brokk", race: 5, gender: 1, class: 9, head: 300, homeCity: 1 };

    test("today", () => {
      const c = make(today, request, 0);
      expect(c.attributes).toEqual([21, 18, 15, 17, 21]);
      expect(c.vitals).toEqual({ hp: 21, maxHp: 21, mana: 0, maxMana: 0, stamina: 40, maxStamina: 60, food: 100, water: 100 });
      expect(make(today, request, 0.999).vitals.stamina).toBe(60);
      expect([c.body, c.head]).toEqual([5000, 300]);
      expect(c.position).toEqual({ map: 1, x: 57, y: 44, heading: 3 });
      expect(c.spells).toEqual([]);
      expect(slots(c)).toEqual(expectSlots([4335, 500], [4334, 35], [3791, 4], [3684, 100], [3685, 50], [4337, 100], [4338, 120], 3487, 3488, 3489, 3491, [3492, 850], [3500, "E"]));
      expect(slots(make(todayLegacy, request))).toEqual(expectSlots([4335, 500], [4337, 100], [4338, 120], [4334, 35], [3791, 4], 3487, 3488, 3489, 3491, [3492, 850], [3500, "E"], [3684, 100], [3685, 50]));
    });

    test("today, level 2", () => {
      const c = make(today, request);
      expect(levelTwoHpDistribution(today, c)).toEqual([
        [28, 1 / 4],
        [29, 1 / 4],
        [30, 1 / 4],
        [31, 1 / 4],
      ]);
      const l2 = levelTwo(today, c, 0.5);
      expect([l2.maxStamina, l2.minHit, l2.maxHit, l2.freeSkillPoints]).toEqual([75, 4, 5, 16]);
    });

    test("2024: AGI 17 always gives 40 stamina", () => {
      const c = make(y2024, request, 0);
      expect(c.attributes).toEqual([21, 17, 13, 17, 22]);
      expect(c.vitals).toEqual({ hp: 22, maxHp: 22, mana: 0, maxMana: 0, stamina: 40, maxStamina: 60, food: 100, water: 100 });
      expect(make(y2024, request, 0.999).vitals.stamina).toBe(40);
      expect(levelTwoHpDistribution(y2024, c)).toEqual([[31, 1]]);
      const l2 = levelTwo(y2024, c, 0.5);
      expect([l2.minHit, l2.maxHit, l2.freeSkillPoints]).toEqual([2, 3, 10]);
    });
  });

  test("§4.1 attributes of every race (STR/AGI/INT/CON/CHA as printed)", () => {
    const printed = {
      today: [[19, 19, 18, 20, 18], [18, 20, 20, 19, 19], [20, 19, 19, 19, 17], [16, 21, 22, 18, 20], [21, 18, 15, 21, 17], [21, 19, 16, 20, 17]],
      // The 2024 file spells the dark elf keys `Drow*`, which the server does not read: all 18.
      y2024: [[19, 19, 19, 20, 18], [18, 20, 21, 18, 20], [18, 18, 18, 18, 18], [13, 21, 22, 17, 18], [21, 17, 13, 22, 17], [23, 16, 13, 22, 14]],
    };
    for (const [edition, rules] of [["today", today], ["y2024", y2024]] as const) {
      const rows = RACE_IDS.map((race) => {
        const [str, agi, int, cha, con] = startingAttributes(rules.balance.raceModifiers[race]);
        return [str, agi, int, con, cha];
      });
      expect([edition, rows]).toEqual([edition, printed[edition]]);
    }
  });

  test("§4.2 starting mana of every race for the mana classes", () => {
    const printed = {
      today: { 1: [150, 167, 158, 183, 125, 133], 2: [45, 50, 48, 55, 38, 40], 12: [36, 40, 38, 44, 30, 32], 3: [0, 0, 0, 0, 0, 0] },
      y2024: { 1: [158, 175, 150, 183, 108, 108], 2: [48, 52, 45, 55, 32, 32], 12: [38, 42, 36, 44, 26, 26], 3: [0, 0, 0, 0, 0, 0] },
    };
    for (const [edition, rules] of [["today", today], ["y2024", y2024]] as const) {
      for (const cls of [1, 2, 12, 3] as const) {
        const row = RACE_IDS.map((race) => startingMana(startingAttributes(rules.balance.raceModifiers[race])[2], rules.balance.classes[cls]));
        expect([edition, cls, row]).toEqual([edition, cls, printed[edition][cls]]);
      }
      // The other ×2.5 classes (assassin, bard, druid, paladin) share the cleric's row.
      for (const cls of [4, 5, 6, 7] as const) {
        expect(rules.balance.classes[cls].initialManaPerIntelligence).toBe(2.5);
      }
    }
  });

  test("real forbidden list: whole names only", () => {
    const request: CharacterCreationRequest = { accountId: 1, name: "Argentum", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 };
    expect(createCharacter(request, today, { rng: replay(0) })).toEqual({ ok: false, reason: "forbidden_name", messageId: 1768 });
    expect(createCharacter({ ...request, name: "El Che" }, today, { rng: replay(0) })).toMatchObject({ reason: "forbidden_name" });
    expect(createCharacter({ ...request, name: "Argentums" }, today, { rng: replay(0) }).ok).toBe(true);
    expect(createCharacter({ ...request, name: "Tarkan", homeCity: 3 }, today, { rng: replay(0) })).toEqual({ ok: false, reason: "bad_city" });
    expect(createCharacter({ ...request, name: "Tarkan", homeCity: 7 }, y2024, { rng: replay(0) })).toEqual({ ok: false, reason: "bad_city" });
  });
});
