import { describe, expect, test } from "bun:test";
import { NAME_MAX_LENGTH, validateCharacterName } from "../game/character-creation/index.ts";
import { botCredentials, isRunTag, lettersOf, RUN_TAGS, seedTag, tagOf } from "./bot-identity.ts";

describe("bot names", () => {
  test("letters in base 26", () => {
    expect(lettersOf(0)).toBe("a");
    expect(lettersOf(25)).toBe("z");
    expect(lettersOf(26)).toBe("ba");
    expect(lettersOf(3, 4)).toBe("aaad");
  });

  test("valid AO names, unique in a run, the same for the same tag", () => {
    const names = new Set<string>();
    const tag = seedTag(7);
    for (const id of [0, 1, 25, 26, 675, 676, 9_999, 50_000, 1_000_000, 26 ** 5 - 1]) {
      const { name, email, password } = botCredentials(tag, id);
      expect([name, validateCharacterName(name)]).toEqual([name, { ok: true }]);
      expect(name).toMatch(/^Bot[a-z]{6}[a-z]{1,5}$/);
      expect(name.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
      expect(email).toBe(`${name.toLowerCase()}@bots.argentum.test`);
      expect(password.length).toBeGreaterThan(4);
      names.add(name);
    }
    expect(names.size).toBe(10);
    for (let id = 0; id < 5_000; id++) names.add(botCredentials(tag, id).name);
    // Ids 0..4,999 plus the four larger ones above.
    expect(names.size).toBe(5_000 + 4);
    expect(botCredentials(tag, 12)).toEqual(botCredentials(tag, 12));
    expect(() => botCredentials(tag, -1)).toThrow(RangeError);
    expect(() => botCredentials(tag, 26 ** 5)).toThrow(RangeError);
  });

  test("run tags: the seed's is stable (for --reuse-accounts), a drawn one differs per run, both six letters", () => {
    expect(seedTag(7)).toBe(seedTag(7));
    expect(seedTag(7)).not.toBe(seedTag(8));
    for (const value of [0, 1, 25, RUN_TAGS - 1, RUN_TAGS, 2 ** 32 - 1, 123_456_789]) expect([value, isRunTag(tagOf(value))]).toEqual([value, true]);
    expect(tagOf(0)).toBe("aaaaaa");
    expect(tagOf(RUN_TAGS)).toBe(tagOf(0));
    expect(tagOf(1)).not.toBe(tagOf(2));
    for (const bad of ["", "abc", "abcdefg", "ABCDEF", "abc1ef", "abcde "]) expect([bad, isRunTag(bad)]).toEqual([bad, false]);
    expect(() => botCredentials("Abcdef", 0)).toThrow(RangeError);
  });

  test("two runs of the same seed with different tags share no account or character name", () => {
    const first = new Set<string>();
    for (let id = 0; id < 2_000; id++) {
      const { name, email } = botCredentials(tagOf(1), id);
      first.add(name.toLowerCase()).add(email);
    }
    for (let id = 0; id < 2_000; id++) {
      const { name, email } = botCredentials(tagOf(2), id);
      expect(first.has(name.toLowerCase()) || first.has(email)).toBe(false);
    }
  });
});
