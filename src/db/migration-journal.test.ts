import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseJournal } from "./migration-journal.ts";

describe("parseJournal", () => {
  test("reads drizzle-kit's journal", () => {
    const text = JSON.stringify({
      version: "7",
      dialect: "postgresql",
      entries: [
        { idx: 0, version: "7", when: 1, tag: "0000_initial", breakpoints: true },
        { idx: 1, version: "7", when: 2, tag: "0001_more", breakpoints: true },
      ],
    });
    expect(parseJournal(text)).toEqual([
      { idx: 0, tag: "0000_initial" },
      { idx: 1, tag: "0001_more" },
    ]);
  });

  test("refuses journals it cannot trust, saying which entry", () => {
    expect(() => parseJournal("{}")).toThrow("no entries array");
    expect(() => parseJournal(JSON.stringify({ entries: [{ idx: 1, tag: "0000_x" }] }))).toThrow("entry 0");
    expect(() => parseJournal(JSON.stringify({ entries: [{ idx: 0, tag: "../../etc/passwd" }] }))).toThrow("entry 0");
    expect(() => parseJournal(JSON.stringify({ entries: [null] }))).toThrow("entry 0");
  });

  test("hostile text fails with an Error, never anything else", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        try {
          parseJournal(text);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }),
    );
  });
});
