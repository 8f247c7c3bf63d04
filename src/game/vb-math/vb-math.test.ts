import { describe, expect, test } from "bun:test";
import { randomNumber, vbIntDiv, vbRound, vbSingle } from "./vb-math.ts";

describe("VB6 arithmetic (§0)", () => {
  test("vbRound rounds half to even and everything else to nearest", () => {
    const cases: [number, number][] = [
      [47.5, 48],
      [52.5, 52],
      [37.5, 38],
      [0.5, 0],
      [1.5, 2],
      [2.5, 2],
      [-2.5, -2],
      [-1.5, -2],
      [166.6, 167],
      [174.93, 175],
      [230.65, 231],
      [8.5, 8],
      [11.5, 12],
      [9.499999999, 9],
      [0, 0],
    ];
    for (const [input, expected] of cases) expect([input, vbRound(input)]).toEqual([input, expected]);
    expect(Object.is(vbRound(-0.4), 0)).toBe(true);
  });

  test("integer division truncates", () => {
    expect([vbIntDiv(19, 6), vbIntDiv(17, 6), vbIntDiv(18, 6), vbIntDiv(23, 6), vbIntDiv(24, 6), vbIntDiv(5, 6)]).toEqual([3, 2, 3, 3, 4, 0]);
  });

  test("RandomNumber(lo, hi) maps [0, 1) uniformly onto lo..hi", () => {
    expect(randomNumber(() => 0, 1, 3)).toBe(1);
    expect(randomNumber(() => 0.3333, 1, 3)).toBe(1);
    expect(randomNumber(() => 1 / 3, 1, 3)).toBe(2);
    expect(randomNumber(() => 0.9999999, 1, 3)).toBe(3);
    // A broken source returning 1 must not escape the range.
    expect(randomNumber(() => 1, 1, 3)).toBe(3);
    expect(randomNumber(() => 0.5, 1, 0)).toBe(1);
  });

  test("Single storage rounds to float32", () => {
    expect(vbSingle(2)).toBe(2);
    expect(vbSingle(0.1)).not.toBe(0.1);
    expect(vbSingle(0.1)).toBe(Math.fround(0.1));
  });
});
