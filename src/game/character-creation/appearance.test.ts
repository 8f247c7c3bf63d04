import { describe, expect, test } from "bun:test";
import { AO20_HEAD_RANGES, AO20_NAKED_BODIES, armorBody, headRangesFor, isValidHead, nakedBody, type ArmorBodies } from "./appearance.ts";
import { GENDER_IDS, RACE_IDS, type GenderId, type RaceId } from "./ids.ts";
import { AO20_STARTER_ARMOR_BODIES } from "./starter-kit.ts";
import { OBJ_BEGINNER_ARMOR, OBJ_BEGINNER_TUNIC } from "./starter-objects.ts";

describe("head ranges (§2.5)", () => {
  // The §2.5 table, written out independently of AO20_HEAD_RANGES: [race, gender, ranges].
  const table: [RaceId, GenderId, [number, number][]][] = [
    [1, 1, [[1, 41], [778, 791]]],
    [1, 2, [[50, 80], [187, 190], [230, 246]]],
    [2, 1, [[101, 132], [531, 545]]],
    [2, 2, [[150, 179], [758, 777]]],
    [3, 1, [[200, 229], [792, 810]]],
    [3, 2, [[250, 279]]],
    [5, 1, [[300, 344]]],
    [5, 2, [[350, 379]]],
    [4, 1, [[400, 429]]],
    [4, 2, [[450, 479]]],
    [6, 1, [[500, 529]]],
    [6, 2, [[550, 579]]],
  ];

  for (const [race, gender, ranges] of table) {
    test(`race ${race} gender ${gender}: both ends inclusive, neighbours outside`, () => {
      expect(headRangesFor(race, gender).map((r) => [r.first, r.last])).toEqual(ranges);
      for (const [first, last] of ranges) {
        expect(isValidHead(race, gender, first)).toBe(true);
        expect(isValidHead(race, gender, last)).toBe(true);
        expect(isValidHead(race, gender, Math.trunc((first + last) / 2))).toBe(true);
        expect(isValidHead(race, gender, first - 1)).toBe(ranges.some(([a, b]) => first - 1 >= a && first - 1 <= b));
        expect(isValidHead(race, gender, last + 1)).toBe(ranges.some(([a, b]) => last + 1 >= a && last + 1 <= b));
      }
    });
  }

  test("exhaustive over 0..1000: a head is valid exactly when the table says so", () => {
    for (const [race, gender, ranges] of table) {
      for (let head = 0; head <= 1000; head++) {
        const expected = ranges.some(([a, b]) => head >= a && head <= b);
        if (isValidHead(race, gender, head) !== expected) throw new Error(`race ${race} gender ${gender} head ${head}`);
      }
    }
  });

  test("gnome is race 4 and dwarf race 5: the dwarf head 300 is not a gnome head", () => {
    expect(isValidHead(5, 1, 300)).toBe(true);
    expect(isValidHead(4, 1, 300)).toBe(false);
    expect(isValidHead(4, 1, 400)).toBe(true);
  });

  test("male heads are not female heads and vice versa", () => {
    expect(isValidHead(1, 2, 1)).toBe(false);
    expect(isValidHead(1, 1, 50)).toBe(false);
  });

  test("non-integers and negatives are refused", () => {
    expect(isValidHead(1, 1, 1.5)).toBe(false);
    expect(isValidHead(1, 1, Number.NaN)).toBe(false);
    expect(isValidHead(1, 1, -1)).toBe(false);
    expect(isValidHead(1, 1, 0)).toBe(false);
  });

  test("custom ranges are honoured", () => {
    const ranges = { ...AO20_HEAD_RANGES, 1: { male: [{ first: 7, last: 7 }], female: [] } };
    expect(isValidHead(1, 1, 7, ranges)).toBe(true);
    expect(isValidHead(1, 1, 8, ranges)).toBe(false);
    expect(isValidHead(1, 2, 50, ranges)).toBe(false);
  });
});

describe("bodies (§4.3)", () => {
  test("naked bodies of DarCuerpo", () => {
    const expected: Record<RaceId, [number, number]> = { 1: [1, 1], 2: [2, 2], 3: [3, 3], 4: [300, 300], 5: [300, 300], 6: [582, 581] };
    for (const race of RACE_IDS) {
      expect([nakedBody(race, 1), nakedBody(race, 2)]).toEqual(expected[race]);
    }
    expect(AO20_NAKED_BODIES[6]).toEqual({ male: 582, female: 581 });
  });

  test("starter armor bodies match the §4.3 table for every race and gender", () => {
    const armor = AO20_STARTER_ARMOR_BODIES.get(OBJ_BEGINNER_ARMOR)!;
    const tunic = AO20_STARTER_ARMOR_BODIES.get(OBJ_BEGINNER_TUNIC)!;
    // Column order of the doc: Hum, Elf, Drow, Dwarf, Gnome, Orc; each ♂ then ♀.
    const order: RaceId[] = [1, 2, 3, 5, 4, 6];
    const row = (bodies: ArmorBodies) => order.flatMap((race) => GENDER_IDS.map((g) => armorBody(bodies, race, g)));
    expect(row(armor)).toEqual([107, 2423, 107, 2423, 1513, 2465, 5000, 2437, 5000, 2437, 2177, 2451]);
    expect(row(tunic)).toEqual([103, 2419, 103, 2419, 1509, 2461, 4999, 2433, 4999, 2433, 2175, 2447]);
  });

  test("ObtenerRopaje fallbacks: female → male key → NumRopaje", () => {
    const none = { male: 0, female: 0 };
    const bodies: ArmorBodies = {
      defaultBody: 99,
      byRace: { 1: { male: 10, female: 0 }, 2: { male: 0, female: 20 }, 3: none, 4: none, 5: none, 6: { male: 60, female: 61 } },
    };
    expect(armorBody(bodies, 1, 2)).toBe(10); // no female key → male key
    expect(armorBody(bodies, 2, 1)).toBe(99); // a female key never serves a male
    expect(armorBody(bodies, 2, 2)).toBe(20);
    expect(armorBody(bodies, 3, 2)).toBe(99);
    expect(armorBody(bodies, 6, 1)).toBe(60);
    expect(armorBody(bodies, 6, 2)).toBe(61);
  });
});
