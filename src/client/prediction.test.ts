import { describe, expect, test } from "bun:test";
import { Heading } from "../protocol/index.ts";
import { MAX_PENDING_STEPS, STEP_ACK_ASSUMED_AFTER_MS } from "./constants.ts";
import { MovementPredictor } from "./prediction.ts";

const always = () => true;

/** Records a walk of headings from (x, y) at 200 ms intervals; returns the end position. */
function walk(predictor: MovementPredictor, x: number, y: number, headings: (1 | 2 | 3 | 4)[], startMs = 0): { x: number; y: number } {
  let cx = x;
  let cy = y;
  headings.forEach((heading, i) => {
    const step = predictor.record(heading, cx, cy, startMs + i * 200);
    cx = step.toX;
    cy = step.toY;
  });
  return { x: cx, y: cy };
}

describe("MovementPredictor", () => {
  test("records steps with their start and end tiles", () => {
    const p = new MovementPredictor();
    const end = walk(p, 10, 10, [Heading.East, Heading.South]);
    expect(end).toEqual({ x: 11, y: 11 });
    expect(p.pending.map((s) => [s.fromX, s.fromY, s.toX, s.toY])).toEqual([
      [10, 10, 11, 10],
      [11, 10, 11, 11],
    ]);
  });

  test("PosUpdate on the start of the first step: it was refused, later steps replay from there", () => {
    const p = new MovementPredictor();
    walk(p, 10, 10, [Heading.East, Heading.South, Heading.South]);
    const result = p.onPosUpdate(10, 10, 500, always);
    // The server stayed on (10,10) for the east step, then applied south, south from there.
    expect(result).toEqual({ kind: "replayed", x: 10, y: 12, dropped: 1 });
    expect(p.pending.map((s) => [s.fromX, s.fromY, s.toX, s.toY])).toEqual([
      [10, 10, 10, 11],
      [10, 11, 10, 12],
    ]);
  });

  test("a refused step in the middle keeps the accepted ones before it", () => {
    const p = new MovementPredictor();
    walk(p, 10, 10, [Heading.East, Heading.East, Heading.North]);
    // Second step (11,10)→(12,10) refused: the server is on (11,10) and then goes north.
    const result = p.onPosUpdate(11, 10, 500, always);
    expect(result).toEqual({ kind: "replayed", x: 11, y: 9, dropped: 1 });
    expect(p.pending).toHaveLength(1);
  });

  test("replayed steps that are not legal any more are dropped", () => {
    const p = new MovementPredictor();
    walk(p, 10, 10, [Heading.East, Heading.North, Heading.East]);
    // After the refusal at (10,10), north from (10,10) is blocked; east from (10,10) is fine.
    const blockedNorthOf10 = (x: number, y: number, h: number) => !(x === 10 && y === 10 && h === Heading.North);
    const result = p.onPosUpdate(10, 10, 500, blockedNorthOf10);
    expect(result).toEqual({ kind: "replayed", x: 11, y: 10, dropped: 2 });
  });

  test("walking back and forth: the oldest matching step is the refused one", () => {
    const p = new MovementPredictor();
    walk(p, 10, 10, [Heading.East, Heading.West, Heading.East]);
    // Steps start on (10,10), (11,10), (10,10); the first one is the oldest unconfirmed.
    const result = p.onPosUpdate(10, 10, 500, always);
    expect(result).toEqual({ kind: "replayed", x: 10, y: 10, dropped: 1 });
  });

  test("a PosUpdate that matches no step snaps and forgets", () => {
    const p = new MovementPredictor();
    walk(p, 10, 10, [Heading.East, Heading.East]);
    expect(p.onPosUpdate(30, 40, 500, always)).toEqual({ kind: "snapped", x: 30, y: 40, forgotten: 2 });
    expect(p.pending).toHaveLength(0);
  });

  test("AreaChanged confirms the step that ended there and every older one", () => {
    const p = new MovementPredictor();
    const end = walk(p, 11, 10, [Heading.East, Heading.East, Heading.East]);
    const result = p.onAreaChanged(12, 10, end.x, end.y, 400);
    expect(result).toEqual({ kind: "confirmed", x: 14, y: 10 });
    expect(p.pending.map((s) => s.toX)).toEqual([13, 14]);
  });

  test("AreaChanged somewhere unexpected snaps", () => {
    const p = new MovementPredictor();
    const end = walk(p, 11, 10, [Heading.East]);
    expect(p.onAreaChanged(50, 50, end.x, end.y, 100)).toEqual({ kind: "snapped", x: 50, y: 50, forgotten: 1 });
    // With nothing pending, an AreaChanged on the shown tile is agreement, not a correction.
    expect(p.onAreaChanged(50, 50, 50, 50, 100).kind).toBe("confirmed");
  });

  test("steps older than the acknowledgement horizon count as accepted", () => {
    const p = new MovementPredictor();
    walk(p, 10, 10, [Heading.East, Heading.East], 0);
    p.expire(200 + STEP_ACK_ASSUMED_AFTER_MS - 1);
    expect(p.pending).toHaveLength(1);
    // The first step (sent at 0) expired: a PosUpdate on its start no longer matches it.
    expect(p.onPosUpdate(10, 10, STEP_ACK_ASSUMED_AFTER_MS + 1, always).kind).toBe("snapped");
  });

  test("memory is bounded", () => {
    const p = new MovementPredictor();
    walk(p, 1, 1, new Array<1 | 2 | 3 | 4>(MAX_PENDING_STEPS + 10).fill(Heading.South));
    expect(p.pending).toHaveLength(MAX_PENDING_STEPS);
  });
});
