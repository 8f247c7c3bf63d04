import { describe, expect, test } from "bun:test";
import { FlushCadence } from "./flush-cadence.ts";
import { HandTimer } from "./hand-timer.test-support.ts";

describe("FlushCadence", () => {
  test("requests before a run make one run, at the end of the turn when the last run is an interval old", () => {
    const timer = new HandTimer(500);
    let runs = 0;
    const cadence = new FlushCadence(() => runs++, { maxIntervalMs: 20, timer });
    cadence.request();
    cadence.request();
    expect(cadence.isArmed).toBe(true);
    expect(runs).toBe(0);
    timer.endTurn();
    expect(runs).toBe(1);
    expect(cadence.isArmed).toBe(false);
    expect(cadence.counts).toEqual({ runs: 1, delayed: 0 });
  });

  test("within the interval the next run waits for the rest of it, never longer", () => {
    const timer = new HandTimer(500);
    const ranAt: number[] = [];
    const cadence = new FlushCadence(() => ranAt.push(timer.now()), { maxIntervalMs: 20, timer });
    cadence.request();
    timer.endTurn(); // ran at 500
    timer.advance(7);
    cadence.request(); // at 507: waits until 520
    cadence.request();
    timer.endTurn();
    timer.advance(12); // 519
    expect(ranAt).toEqual([500]);
    timer.advance(1); // 520
    expect(ranAt).toEqual([500, 520]);
    timer.advance(40);
    cadence.request(); // 560: the interval has passed, so the end of this turn
    timer.endTurn();
    expect(ranAt).toEqual([500, 520, 560]);
    expect(cadence.counts).toEqual({ runs: 3, delayed: 1 });
  });

  test("a request made by the run itself arms the next run", () => {
    const timer = new HandTimer(500);
    let runs = 0;
    const cadence: FlushCadence = new FlushCadence(
      () => {
        if (++runs === 1) cadence.request();
      },
      { timer },
    );
    cadence.request();
    timer.endTurn();
    expect(runs).toBe(1);
    expect(cadence.isArmed).toBe(true);
    timer.endTurn();
    expect(runs).toBe(2);
  });

  test("interval 0 always runs at the end of the turn; an interval outside 0..1000 ms is refused", () => {
    const timer = new HandTimer(500);
    let runs = 0;
    const cadence = new FlushCadence(() => runs++, { timer });
    for (let i = 0; i < 3; i++) {
      cadence.request();
      timer.endTurn();
    }
    expect(runs).toBe(3);
    expect(timer.timers).toEqual([]);
    for (const bad of [-1, 1001, Number.NaN]) expect(() => new FlushCadence(() => {}, { maxIntervalMs: bad, timer })).toThrow(RangeError);
    expect(() => new FlushCadence(() => {}, { costPerWriteMs: -0.01, timer })).toThrow(RangeError);
  });

  test("with a cost per write the interval follows the last run's writes, up to the cap", () => {
    const timer = new HandTimer(500);
    const ranAt: number[] = [];
    let writes = 0;
    const cadence: FlushCadence = new FlushCadence(
      () => {
        ranAt.push(timer.now());
        cadence.ranWith(writes);
      },
      { maxIntervalMs: 20, costPerWriteMs: 0.02, timer },
    );
    expect(cadence.currentIntervalMs).toBe(20); // nothing known yet: the cap
    writes = 100; // a run that wrote 100 sockets: the next may come 2 ms later
    cadence.request();
    timer.endTurn();
    expect(cadence.currentIntervalMs).toBeCloseTo(2, 9);
    writes = 5_000; // 100 ms of writes: capped at 20
    cadence.request();
    timer.advance(2);
    expect(ranAt).toEqual([500, 502]);
    expect(cadence.currentIntervalMs).toBe(20);
    writes = 3;
    cadence.request();
    timer.advance(19);
    expect(ranAt).toHaveLength(2);
    timer.advance(1);
    expect(ranAt).toEqual([500, 502, 522]);
    expect(cadence.currentIntervalMs).toBeCloseTo(0.06, 9);
  });
});
