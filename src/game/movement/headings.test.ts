import { describe, expect, test } from "bun:test";
import { Heading as ProtocolHeading } from "../../protocol/index.ts";
import {
  ALL_HEADINGS_MASK,
  BLOCKED_ALL,
  BLOCKED_EAST,
  BLOCKED_NORTH,
  BLOCKED_SOUTH,
  BLOCKED_WEST,
  blockBitFor,
  Heading,
  HEADING_EAST,
  HEADING_NORTH,
  HEADING_SOUTH,
  HEADING_WEST,
  headingBit,
  headingOfDelta,
  HEADINGS,
  isHeading,
  stepX,
  stepY,
} from "./index.ts";

describe("headings", () => {
  test("eHeading numbering: 1 north, 2 east, 3 south, 4 west, the protocol's own values", () => {
    expect([HEADING_NORTH, HEADING_EAST, HEADING_SOUTH, HEADING_WEST]).toEqual([1, 2, 3, 4]);
    expect(Heading).toBe(ProtocolHeading);
    expect(HEADINGS).toEqual([1, 2, 3, 4]);
  });

  test("only 1..4 are headings", () => {
    expect([1, 2, 3, 4].every(isHeading)).toBe(true);
    for (const bad of [0, 5, -1, 1.5, Number.NaN, 255, 257]) expect(isHeading(bad)).toBe(false);
  });

  test("each heading steps one tile; north is y - 1 (rows grow southwards)", () => {
    expect(HEADINGS.map((h) => [stepX(h), stepY(h)])).toEqual([
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ]);
  });

  test("the heading of a move: horizontal wins on a diagonal, no move keeps the fallback", () => {
    for (const h of HEADINGS) expect(headingOfDelta(stepX(h), stepY(h), HEADING_NORTH)).toBe(h);
    expect(headingOfDelta(3, -7, HEADING_SOUTH)).toBe(HEADING_EAST);
    expect(headingOfDelta(-1, 1, HEADING_NORTH)).toBe(HEADING_WEST);
    expect(headingOfDelta(0, 0, HEADING_WEST)).toBe(HEADING_WEST);
  });

  test("a heading's bit in a heading set is its collision bit (N 1, E 2, S 4, W 8)", () => {
    expect(HEADINGS.map(headingBit)).toEqual([0x01, 0x02, 0x04, 0x08]);
    expect(HEADINGS.map(blockBitFor)).toEqual([BLOCKED_NORTH, BLOCKED_EAST, BLOCKED_SOUTH, BLOCKED_WEST]);
    for (const h of HEADINGS) expect(blockBitFor(h)).toBe(headingBit(h));
    // Together they are the wall value and the full heading set.
    expect(HEADINGS.reduce((mask, h) => mask | headingBit(h), 0)).toBe(ALL_HEADINGS_MASK);
    expect(ALL_HEADINGS_MASK).toBe(BLOCKED_ALL);
  });
});
