import { describe, expect, test } from "bun:test";
import { posKey, stepKey } from "./map-view.ts";
import { PENDING_STEP_CAPACITY, PENDING_STEP_MAX_AGE_MS, PendingSteps } from "./pending-steps.ts";
import { RunLedger } from "./run-ledger.ts";

const A = posKey(10, 10);
const B = stepKey(A, 2); // east
const C = stepKey(B, 3); // south

describe("pending steps", () => {
  test("a seen step is confirmed once, with its planned time; a repeat finds nothing", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 100, 100);
    expect(steps.confirm(B, A)).toBe(100);
    expect(steps.confirm(B, A)).toBeNaN();
    expect(steps.droppedUnresolved).toBe(0);
  });

  test("the source must match when observers knew it: an old unseen step onto the same tile is not taken for the new one", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 0, 0); // A -> B, never seen
    steps.push(3, B, C, 300, 300); // B -> C, never seen
    steps.push(1, C, B, 600, 600); // C -> B, back onto B
    // An observer sees the char go C -> B: that is the third step, planned at 600, not the first.
    expect(steps.confirm(B, C)).toBe(600);
    // Both earlier steps are passed over (the server handled them first and nobody saw them).
    expect(steps.droppedUnresolved).toBe(2);
    expect(steps.confirm(B, A)).toBeNaN();
  });

  test("two identical open steps make a confirmation ambiguous: counted, but no clean round trip", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 0, 0);
    steps.push(4, B, A, 300, 300);
    steps.push(2, A, B, 600, 600);
    // Nobody saw the first two; A -> B is seen now: the first or the third? The oldest is taken.
    expect(steps.confirm(B, A)).toBe(0);
    expect(steps.lastAmbiguous).toBe(true);
    const ledger = new RunLedger();
    ledger.startWindow(0);
    ledger.moveConfirmed(0, 610, steps.lastAmbiguous);
    expect([ledger.movesConfirmed, ledger.movesAmbiguous, ledger.moveRtt.count, ledger.ambiguousRtt.max]).toEqual([1, 1, 0, 610]);
    // A later, unambiguous report is a clean sample again.
    steps.push(3, B, C, 900, 900);
    expect(steps.confirmStep(C, B, false)).toBe(900);
    expect(steps.lastAmbiguous).toBe(false);
  });

  test("a step seen through a create matches only the newest steps: an old unseen step with the same edge is not taken", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 0, 0); // A -> B, never seen; the view still says A
    steps.push(3, B, C, 300, 300);
    steps.push(4, C, stepKey(C, 4), 600, 600);
    steps.push(1, stepKey(C, 4), stepKey(B, 4), 900, 900);
    // A create of the mover at B, the view having it at A: not the first step, 900 ms old.
    expect(steps.confirm(B, A, true)).toBeNaN();
    // The newest step seen through a create.
    expect(steps.confirm(stepKey(B, 4), stepKey(C, 4), true)).toBe(900);
  });

  test("with an unknown source the oldest open step onto the tile is taken", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 50, 50);
    expect(steps.confirm(B, 0)).toBe(50);
  });

  test("a refusal resolves the step that started where the server says the bot stands, and re-bases later steps", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 0, 0); // accepted, unseen
    steps.push(3, B, C, 200, 200); // refused: the server says "you are at B"
    steps.push(2, C, stepKey(C, 2), 400, 400); // sent before the refusal arrived
    const outcome = steps.refuse(B, stepKey);
    expect(outcome.plannedMs).toBe(200);
    // The third step now starts from B and ends one step east of it.
    expect(outcome.position).toBe(stepKey(B, 2));
    expect(steps.droppedUnresolved).toBe(1);
    expect(steps.confirm(stepKey(B, 2), B)).toBe(400);
  });

  test("a refusal with a drifted position takes the oldest open step; with nothing open it only reports the position", () => {
    const steps = new PendingSteps();
    expect(steps.refuse(A, stepKey)).toEqual({ plannedMs: Number.NaN, position: A });
    steps.push(2, B, C, 10, 10);
    expect(steps.refuse(A, stepKey).plannedMs).toBe(10);
  });

  test("steps age out and the ring never grows past its capacity", () => {
    const steps = new PendingSteps();
    steps.push(2, A, B, 0, 0);
    steps.push(4, B, A, PENDING_STEP_MAX_AGE_MS + 1, PENDING_STEP_MAX_AGE_MS + 1);
    expect(steps.size).toBe(1);
    expect(steps.droppedUnresolved).toBe(1);
    for (let i = 0; i < PENDING_STEP_CAPACITY * 3; i++) steps.push(2, A, B, PENDING_STEP_MAX_AGE_MS + 2 + i, PENDING_STEP_MAX_AGE_MS + 2 + i);
    expect(steps.size).toBe(PENDING_STEP_CAPACITY);
    steps.clear();
    expect(steps.size).toBe(0);
    expect(steps.droppedUnresolved).toBe(1 + PENDING_STEP_CAPACITY * 3 + 1);
  });
});
