import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { vbRound, vbVal, vbValInteger } from "./vb-val.ts";

describe("vbVal (VB6 Val)", () => {
  test.each([
    ["12abc", 12],
    ["", 0],
    ["abc", 0],
    ["  -5", -5],
    ["+2", 2],
    ["1 2", 12],
    ["1.35", 1.35],
    ["1,5", 1],
    [".5", 0.5],
    ["1.2.3", 1.2],
    ["00", 0],
    ["2236-1'Insignia Roja", 2236],
    ["5 'comentario", 5],
    ["-", 0],
    ["1e3", 1000],
    ["2D2", 200],
    ["3Dias", 3],
    ["&HFF", 255],
    ["&hFFFF", -1],
    ["&H10000", 65536],
    ["&HFFFFFFFF", -1],
    ["&O17", 15],
    ["&17", 15],
    ["&H", 0],
    ["\t7\n", 7],
  ] as const)("Val(%p) = %p", (input, expected) => {
    expect(vbVal(input)).toBe(expected);
  });

  test("never throws and always returns a finite number", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        expect(Number.isFinite(vbVal(text))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("vbRound (banker's rounding)", () => {
  test.each([
    [47.5, 48],
    [52.5, 52],
    [166.6, 167],
    [-2.5, -2],
    [-3.5, -4],
    [0.5, 0],
    [1.5, 2],
    [2.4999, 2],
  ] as const)("%p → %p", (input, expected) => {
    expect(vbRound(input)).toBe(expected);
  });

  test("Val then integer conversion", () => {
    expect(vbValInteger("37.5")).toBe(38);
    expect(Object.is(vbValInteger("-0.4"), 0)).toBe(true);
  });
});
