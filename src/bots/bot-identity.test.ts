import { describe, expect, test } from "bun:test";
import { validateCharacterName } from "../game/character-creation/index.ts";
import { botCredentials, lettersOf, runTag } from "./bot-identity.ts";

describe("bot names", () => {
  test("letters in base 26", () => {
    expect(lettersOf(0)).toBe("a");
    expect(lettersOf(25)).toBe("z");
    expect(lettersOf(26)).toBe("ba");
    expect(lettersOf(3, 4)).toBe("aaad");
  });

  test("valid AO names, unique in a run, the same for the same seed, another tag for another seed", () => {
    const names = new Set<string>();
    for (const id of [0, 1, 25, 26, 675, 676, 9_999, 50_000, 1_000_000, 26 ** 5 - 1]) {
      const { name, email, password } = botCredentials(7, id);
      expect([name, validateCharacterName(name)]).toEqual([name, { ok: true }]);
      expect(name).toMatch(/^Bot[a-z]{4}[a-z]{1,5}$/);
      expect(email).toBe(`${name.toLowerCase()}@bots.argentum.test`);
      expect(password.length).toBeGreaterThan(4);
      names.add(name);
    }
    expect(names.size).toBe(10);
    for (let id = 0; id < 5_000; id++) names.add(botCredentials(7, id).name);
    // Ids 0..4,999 plus the four larger ones above.
    expect(names.size).toBe(5_000 + 4);
    expect(botCredentials(7, 12)).toEqual(botCredentials(7, 12));
    expect(runTag(7)).not.toBe(runTag(8));
    expect(() => botCredentials(7, -1)).toThrow(RangeError);
    expect(() => botCredentials(7, 26 ** 5)).toThrow(RangeError);
  });
});
