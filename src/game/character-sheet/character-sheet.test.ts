/**
 * The character sheet: `/EST` as VB6 `SendUserStatsTxt` sends it (every line, its order, its
 * locale id, params and font), the `MiniStats` fields and the attributes `Atributes` shows. First
 * on a hand-made world, then on the real **2024 data** (shared `ao20/Dat`: obj.dat, Balance.dat,
 * Ciudades.Dat of fernesitto/Argentum-20 @4d6913b); missing data fails in CI and skips elsewhere.
 */
import { describe, expect, test } from "bun:test";
import { loadGameTables, type GameTables } from "../../content/index.ts";
import { requireSharedData, sharedDataPath } from "../../../test/support/shared-data.ts";
import { testCharacter } from "../character/character-record.test-support.ts";
import { itemCatalog } from "../items/index.ts";
import { wordLocaleMessage, type PlayerMessage } from "../messages/index.ts";
import { homeCityName, miniStatsOf, shownAttributes, statsSheetLines, type SheetCharacter, type SheetWorld } from "./index.ts";

const INFO = 3;
const WARRIOR = 3;

/** A line as `id params` (locale) or `"text"` (console), with its font. */
function shown(message: PlayerMessage): string {
  return message.kind === "locale" ? `${message.id} ${message.params} @${message.font}` : `"${message.text}" @${message.font}`;
}

/** Objects by number: a sword, an armour, a shield, a helmet (MinHIT/MaxHIT, MINDEF/MAXDEF). */
const OBJECTS = new Map([
  [10, { minHit: 4, maxHit: 9, minDef: 0, maxDef: 0 }],
  [20, { minDef: 5, maxDef: 8, minHit: 0, maxHit: 0 }],
  [30, { minDef: 2, maxDef: 3, minHit: 0, maxHit: 0 }],
  [40, { minDef: 1, maxDef: 6, minHit: 0, maxHit: 0 }],
]);

const WORLD: SheetWorld = {
  items: { get: (id) => OBJECTS.get(id) },
  // The warrior gains 2 hit a level up to 36, 3 after it; ELU 100, 200, 300, …
  balance: {
    classes: [{ hitPerLevelTo36: 0, hitPerLevelAfter36: 0 }, { hitPerLevelTo36: 0, hitPerLevelAfter36: 0 }, { hitPerLevelTo36: 2, hitPerLevelAfter36: 3 }],
    expToLevelUp: Array.from({ length: 47 }, (_, index) => (index + 1) * 100),
  },
  cities: [
    { id: 1, name: "Ullathorpe", valid: true },
    { id: 2, name: "NIX", valid: true },
    { id: 4, name: "Lindos", valid: false },
  ],
};

function warrior(fields: Partial<SheetCharacter> = {}): SheetCharacter {
  return {
    ...testCharacter(1, {
      name: "Ana",
      class: WARRIOR,
      level: 4,
      exp: 150,
      homeCity: 2,
      gold: 1234,
      vitals: { hp: 30, maxHp: 42, mana: 0, maxMana: 0, stamina: 55, maxStamina: 96, food: 100, water: 100 },
    }),
    equipment: { weapon: 10, armor: 20, shield: 30, helmet: 40 },
    ...fields,
  };
}

describe("/EST (SendUserStatsTxt)", () => {
  test("a warrior with a weapon, armour, shield and helmet: every line in VB6's order, all in the INFO font", () => {
    const lines = statsSheetLines(warrior(), WORLD);
    expect(lines.map(shown)).toEqual([
      `1295 Ana @${INFO}`,
      // Level 4 of the table: ELU 400.
      `1857 4¬150¬400 @${INFO}`,
      `1858 30¬42¬0¬0¬55¬96 @${INFO}`,
      // MinHIT/MaxHIT = (4 − 1) × 2 + 1 / + 2; then the sword's own.
      `1859 7¬8¬4¬9 @${INFO}`,
      // Armour and shield add up.
      `1861 7¬11 @${INFO}`,
      `1862 1¬6 @${INFO}`,
      `1298 1234 @${INFO}`,
      // Not kept here: deaths, faction score, patron credits, rider level, jail minutes.
      `1299 0 @${INFO}`,
      `478 0 @${INFO}`,
      `1300 0 @${INFO}`,
      `2078 0 @${INFO}`,
      `1307 0 @${INFO}`,
      `2104 NIX @${INFO}`,
    ]);
    for (const line of lines) if (line.kind === "locale") expect(wordLocaleMessage(line.id, line.params)).toBeString();
    expect(wordLocaleMessage(1857, "4¬150¬400")).toBe("Nivel: 4, experiencia: 150/400");
  });

  test("nothing worn: 1860 with the bare hit, 1098 and 1099 without params", () => {
    const lines = statsSheetLines(warrior({ equipment: { weapon: 0, armor: 0, shield: 0, helmet: 0 } }), WORLD).map(shown);
    expect(lines.slice(3, 6)).toEqual([`1860 7¬8 @${INFO}`, `1098  @${INFO}`, `1099  @${INFO}`]);
  });

  test("armour without a shield is VB6's own console line; a shield without armour counts for nothing", () => {
    const armourOnly = statsSheetLines(warrior({ equipment: { weapon: 10, armor: 20, shield: 0, helmet: 0 } }), WORLD);
    expect(armourOnly[4]).toEqual({ kind: "console", text: "Defensa del cuerpo (mín./máx.): 5/8", font: INFO });
    const shieldOnly = statsSheetLines(warrior({ equipment: { weapon: 0, armor: 0, shield: 30, helmet: 0 } }), WORLD);
    expect(shown(shieldOnly[4]!)).toBe(`1098  @${INFO}`);
  });

  test("an equipped number the world does not know counts as nothing worn", () => {
    const lines = statsSheetLines(warrior({ equipment: { weapon: 999, armor: 998, shield: 30, helmet: 997 } }), WORLD).map(shown);
    expect(lines.slice(3, 6)).toEqual([`1860 7¬8 @${INFO}`, `1098  @${INFO}`, `1099  @${INFO}`]);
  });

  test("past level 36 the hit grows by GOLPE_POST_36; at the top of the table the ELU is its last value", () => {
    const lines = statsSheetLines(warrior({ level: 47, exp: 0 }), WORLD).map(shown);
    // 35 × 2 + (47 − 36) × 3 = 103.
    expect(lines.slice(1, 4)).toEqual([`1857 47¬0¬4700 @${INFO}`, `1858 30¬42¬0¬0¬55¬96 @${INFO}`, `1859 104¬105¬4¬9 @${INFO}`]);
  });

  test("a ghost gets the same sheet: VB6 checks nothing before answering", () => {
    const dead = warrior({ vitals: { hp: 0, maxHp: 42, mana: 0, maxMana: 0, stamina: 0, maxStamina: 96, food: 100, water: 100 } });
    expect(shown(statsSheetLines(dead, WORLD)[2]!)).toBe(`1858 0¬42¬0¬0¬0¬96 @${INFO}`);
  });

  test("a world without Balance.dat reads zeros: ELU 0 and level 1's hit (1/2) whatever the level", () => {
    const lines = statsSheetLines(warrior(), { ...WORLD, balance: null }).map(shown);
    expect(lines.slice(1, 4)).toEqual([`1857 4¬150¬0 @${INFO}`, `1858 30¬42¬0¬0¬55¬96 @${INFO}`, `1859 1¬2¬4¬9 @${INFO}`]);
  });

  test("the home: its section name when the city is valid, else Ullathorpe's (VB6 IsValidCity)", () => {
    expect(homeCityName(2, WORLD.cities)).toBe("NIX");
    expect(homeCityName(4, WORLD.cities)).toBe("Ullathorpe");
    expect(homeCityName(77, WORLD.cities)).toBe("Ullathorpe");
    expect(homeCityName(2, null)).toBe("Ullathorpe");
  });
});

describe("MiniStats and Atributes", () => {
  test("MiniStats: class, gender, race and faction status from the record; the counters not kept are 0", () => {
    expect(miniStatsOf(testCharacter(1, { class: 6, gender: 2, race: 5, factionStatus: 0 }))).toEqual({
      citizensKilled: 0,
      criminalsKilled: 0,
      factionStatus: 0,
      npcsKilled: 0,
      classId: 6,
      jailMinutes: 0,
      deaths: 0,
      gender: 2,
      fishingPoints: 0,
      race: 5,
    });
    // A record whose status never changed is a citizen.
    expect(miniStatsOf(testCharacter(1)).factionStatus).toBe(1);
  });

  test("Atributes shows a boost's strength and agility, the record's otherwise (record order kept)", () => {
    expect(shownAttributes([18, 19, 20, 15, 21])).toEqual([18, 19, 20, 15, 21]);
    expect(shownAttributes([18, 19, 20, 15, 21], null)).toEqual([18, 19, 20, 15, 21]);
    expect(shownAttributes([18, 19, 20, 15, 21], { strength: 30, agility: 25 })).toEqual([30, 25, 20, 15, 21]);
  });
});

const DAT_2024 = "ao20/Dat";
const ready = requireSharedData(`${DAT_2024}/obj.dat`, `${DAT_2024}/Balance.dat`, `${DAT_2024}/Ciudades.Dat`);

describe.skipIf(!ready)("/EST on the 2024 data", () => {
  const tables: GameTables = ready ? loadGameTables(sharedDataPath(DAT_2024), "ao20").tables : (undefined as never);
  const world: SheetWorld = ready ? { items: itemCatalog(tables.objects!), balance: tables.balance, cities: tables.cities?.cities ?? null } : (undefined as never);

  test("a level-5 warrior with Espada Larga (Newbie), Armadura de Cuero, Escudo de Plata and Casco Imperial, home Nix", () => {
    const character = warrior({ level: 5, exp: 120, homeCity: 2, equipment: { weapon: 2085, armor: 30, shield: 1000, helmet: 659 } });
    const lines = statsSheetLines(character, world).map(shown);
    expect([...lines.slice(1, 6), lines.at(-1)]).toEqual([
      // [EXP] 5=550.
      `1857 5¬120¬550 @${INFO}`,
      `1858 30¬42¬0¬0¬55¬96 @${INFO}`,
      // GOLPE_PRE_36 Guerrero=1: (5 − 1) + 1 / + 2; the sword is MinHIT 2, MaxHIT 2.
      `1859 5¬6¬2¬2 @${INFO}`,
      // Armadura de Cuero 12/12 + Escudo de Plata 10/10; Casco Imperial MINDEF 7, MAXDEF 13.
      `1861 22¬22 @${INFO}`,
      `1862 7¬13 @${INFO}`,
      `2104 NIX @${INFO}`,
    ]);
  });

  test("a home city the 2024 Ciudades.Dat leaves without a map (Morgrim) shows Ullathorpe", () => {
    expect(tables.cities!.cities.find((city) => city.id === 10)!.valid).toBe(false);
    expect(shown(statsSheetLines(warrior({ homeCity: 10 }), world).at(-1)!)).toBe(`2104 Ullathorpe @${INFO}`);
  });
});
