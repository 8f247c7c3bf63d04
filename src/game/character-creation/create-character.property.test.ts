import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createCharacter } from "./create-character.ts";
import { validateCharacterName } from "./name-rules.ts";
import { replay, sampleRules } from "./test-fixtures.ts";

const NAME_REGEX = /^[A-Za-z]+( [A-Za-z]+)*$/;
const rules = sampleRules();

describe("hostile input", () => {
  test("name validation equals the documented regex plus length 3..18", () => {
    const alphabet = fc.constantFrom("a", "Z", " ", "ñ", "1", "_", "\u0131", "é", "\t");
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 24 }), fc.array(alphabet, { maxLength: 22 }).map((cs) => cs.join(""))), (name) => {
        const expected = name.length >= 3 && name.length <= 18 && NAME_REGEX.test(name);
        expect(validateCharacterName(name).ok).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  test("createCharacter never throws with sound rules and any request; success always satisfies the rules", () => {
    const anyNumber = fc.oneof(fc.integer({ min: -2, max: 14 }), fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Infinity, -0));
    /** Mostly plausible values so the success path is exercised, sometimes anything. */
    const mostly = (plausible: fc.Arbitrary<number>) => fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: anyNumber, weight: 1 });
    let successes = 0;
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof({ arbitrary: fc.constantFrom("Tarkan", "Ab Cd", "Pepe"), weight: 3 }, { arbitrary: fc.string(), weight: 1 }),
          race: mostly(fc.integer({ min: 1, max: 6 })),
          gender: mostly(fc.integer({ min: 1, max: 2 })),
          class: mostly(fc.integer({ min: 1, max: 12 })),
          head: mostly(fc.integer({ min: 0, max: 820 })),
          homeCity: mostly(fc.constantFrom(1, 2, 3, 7)),
        }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (fields, r) => {
          const outcome = createCharacter({ accountId: 1, ...fields }, rules, { rng: replay(r) });
          if (!outcome.ok) return;
          successes++;
          const c = outcome.character;
          expect(validateCharacterName(c.name).ok).toBe(true);
          expect([1, 2].includes(c.homeCity)).toBe(true);
          expect(c.vitals.stamina === 40 || c.vitals.stamina === 60).toBe(true);
          expect(c.inventory.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 3000 },
    );
    // The run must have exercised the success path, not only refusals.
    expect(successes).toBeGreaterThan(0);
  });
});
