import { describe, expect, test } from "bun:test";
import { forbiddenNamesFromLines, forbiddenNamesFromText, isNameForbidden, validateCharacterName, type NameProblem } from "./name-rules.ts";

describe("validateCharacterName (§2.1)", () => {
  const accepted = ["Tarkan", "abc", "ABC", "Lirael", "Brokk", "a b", "Juan Perez", "x".repeat(18), "Ab Cd Ef Gh Ij Kl", "mIxEd CaSe"];
  for (const name of accepted) {
    test(`accepts ${JSON.stringify(name)}`, () => expect(validateCharacterName(name)).toEqual({ ok: true }));
  }

  const refused: [string, NameProblem][] = [
    ["", "too_short"],
    ["ab", "too_short"],
    ["a ", "too_short"],
    ["x".repeat(19), "too_long"],
    ["Peña", "bad_character"],
    ["José", "bad_character"],
    ["Tarkan1", "bad_character"],
    ["Tar_kan", "bad_character"],
    ["Tar-kan", "bad_character"],
    ["Tar\tkan", "bad_character"],
    ["Tar\u00a0kan", "bad_character"],
    // U+0131 upper-cases to ASCII "I" under VB6's locale rules; we apply the ASCII rule.
    ["L\u0131rael", "bad_character"],
    ["Tar  kan", "double_space"],
    [" Tarkan", "edge_space"],
    ["Tarkan ", "edge_space"],
    ["   ", "double_space"],
  ];
  for (const [name, problem] of refused) {
    test(`refuses ${JSON.stringify(name)} as ${problem}`, () => expect(validateCharacterName(name)).toEqual({ ok: false, problem }));
  }

  test("length counts UTF-16 units with spaces: 18 with spaces passes, 19 fails", () => {
    expect(validateCharacterName("Ab Cd Ef Gh Ij Klm")).toEqual({ ok: true });
    expect("Ab Cd Ef Gh Ij Klm").toHaveLength(18);
    expect(validateCharacterName("Ab Cd Ef Gh Ij Klmn")).toEqual({ ok: false, problem: "too_long" });
  });

  test("an astral character counts as two units and is refused", () => {
    expect(validateCharacterName("a😀")).toEqual({ ok: false, problem: "bad_character" });
    expect(validateCharacterName("😀")).toEqual({ ok: false, problem: "too_short" });
  });

  test("VB6 order: a bad character before a double space wins; characters are checked left to right", () => {
    expect(validateCharacterName("a1  b")).toEqual({ ok: false, problem: "bad_character" });
    expect(validateCharacterName("a  b1")).toEqual({ ok: false, problem: "double_space" });
    // A leading space alone is only caught by the final edge check.
    expect(validateCharacterName(" ab1")).toEqual({ ok: false, problem: "bad_character" });
  });
});

describe("forbidden names (§2.2)", () => {
  const list = forbiddenNamesFromText("PEPE\r\nAyuda\r\nel che\r\nmorgolock \r\n\r\n");

  test("whole-name, case-insensitive equality", () => {
    expect(isNameForbidden("Pepe", list)).toBe(true);
    expect(isNameForbidden("pepe", list)).toBe(true);
    expect(isNameForbidden("AYUDA", list)).toBe(true);
    expect(isNameForbidden("El Che", list)).toBe(true);
  });

  test("no substring matching", () => {
    expect(isNameForbidden("Pepes", list)).toBe(false);
    expect(isNameForbidden("Pep", list)).toBe(false);
    expect(isNameForbidden("Che", list)).toBe(false);
  });

  test("entries are not trimmed: a trailing space in the file forbids nothing valid", () => {
    expect(list.has("morgolock ")).toBe(true);
    expect(isNameForbidden("Morgolock", list)).toBe(false);
  });

  test("empty lines are dropped; LF, CRLF and CR all split", () => {
    expect(list.has("")).toBe(false);
    expect([...forbiddenNamesFromText("a\nb\rc\r\nd")]).toEqual(["a", "b", "c", "d"]);
    expect(forbiddenNamesFromLines([]).size).toBe(0);
  });
});
