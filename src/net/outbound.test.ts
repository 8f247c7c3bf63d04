import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { HandTimer } from "../time/hand-timer.test-support.ts";
import { FlushScheduler, MAX_PENDING_OUTBOUND_BYTES, OutboundQueue, type OutboundSink } from "./outbound.ts";

/** A transport that takes at most `budget` bytes per write (Infinity = everything) and records every byte it accepted. */
class FakeSink implements OutboundSink {
  budget = Number.POSITIVE_INFINITY;
  buffered = 0;
  readonly accepted: number[] = [];
  /** The length of every write it was asked for. */
  readonly calls: number[] = [];

  writeFrames(frames: Uint8Array): number {
    this.calls.push(frames.length);
    const take = Math.min(frames.length, this.budget);
    for (let i = 0; i < take; i++) this.accepted.push(frames[i]!);
    return take;
  }

  bufferedBytes(): number {
    return this.buffered;
  }
}

/** A frame of `length` bytes whose bytes encode its sequence number, so order errors show. */
function frameOf(seq: number, length: number): Uint8Array {
  const frame = new Uint8Array(length);
  for (let i = 0; i < length; i++) frame[i] = (seq * 31 + i) & 0xff;
  return frame;
}

describe("OutboundQueue", () => {
  test("an idle queue holds no buffer, and an empty queue flushes without touching the sink", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    expect(queue.capacityBytes).toBe(0);
    expect(queue.flush()).toBe("flushed");
    expect(sink.calls).toEqual([]);
  });

  test("a full write: everything appended (single frames and runs of frames) in one call, in order", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    queue.append(Uint8Array.of(1, 0, 7));
    queue.append(Uint8Array.of(2, 0, 8, 9, 1, 0, 5)); // a run of two frames
    expect(queue.pendingBytes).toBe(10);
    expect(queue.flush()).toBe("flushed");
    expect(sink.calls).toEqual([10]);
    expect(sink.accepted).toEqual([1, 0, 7, 2, 0, 8, 9, 1, 0, 5]);
    expect(queue.pendingBytes).toBe(0);
  });

  test("partial writes: the rest goes next time, after what was left and before what came later", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    queue.append(Uint8Array.of(10, 11, 12, 13));
    queue.append(Uint8Array.of(20, 21, 22));
    queue.append(Uint8Array.of(30, 31, 32, 33, 34));
    sink.budget = 5;
    expect(queue.flush()).toBe("partial");
    expect(queue.pendingBytes).toBe(7);
    sink.budget = 0; // a full socket: nothing moves
    expect(queue.flush()).toBe("partial");
    queue.append(Uint8Array.of(40, 41));
    sink.budget = 4;
    expect(queue.flush()).toBe("partial");
    sink.budget = Number.POSITIVE_INFINITY;
    expect(queue.flush()).toBe("flushed");
    expect(sink.calls).toEqual([12, 7, 9, 5]);
    expect(sink.accepted).toEqual([10, 11, 12, 13, 20, 21, 22, 30, 31, 32, 33, 34, 40, 41]);
  });

  test("a queue that grew past 64 KiB gives its buffer back once empty; a smaller one keeps it", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    queue.append(frameOf(1, 3000));
    expect(queue.capacityBytes).toBe(4096);
    expect(queue.flush()).toBe("flushed");
    expect(queue.capacityBytes).toBe(4096);
    queue.append(frameOf(2, 70_000));
    sink.budget = 1000;
    expect(queue.flush()).toBe("partial");
    expect(queue.capacityBytes).toBe(131_072); // kept while bytes wait
    sink.budget = Number.POSITIVE_INFINITY;
    expect(queue.flush()).toBe("flushed");
    expect(queue.capacityBytes).toBe(0);
    queue.append(Uint8Array.of(1, 0, 1));
    expect(queue.flush()).toBe("flushed");
    expect(sink.accepted).toEqual([...frameOf(1, 3000), ...frameOf(2, 70_000), 1, 0, 1]);
  });

  test("property: any mix of appends and partial flushes (growth, compaction) delivers every byte once, in order", () => {
    type Op = { kind: "append"; length: number } | { kind: "flush"; budget: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("append" as const), length: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 9000 })) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant("flush" as const), budget: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12_000 })) }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const sink = new FakeSink();
        const queue = new OutboundQueue(sink);
        const stream: number[] = [];
        let seq = 0;
        for (const step of ops) {
          if (step.kind === "append") {
            const frame = frameOf(seq++, step.length);
            queue.append(frame);
            stream.push(...frame);
          } else {
            const writtenBefore = sink.accepted.length;
            sink.budget = step.budget;
            const outcome = queue.flush();
            if (writtenBefore === stream.length) {
              expect(outcome).toBe("flushed");
              continue;
            }
            expect(sink.calls.at(-1)).toBe(stream.length - writtenBefore); // the sink saw exactly the unsent bytes
            expect(outcome).toBe(sink.accepted.length === stream.length ? "flushed" : "partial");
          }
          expect(queue.pendingBytes).toBe(stream.length - sink.accepted.length);
        }
        sink.budget = Number.POSITIVE_INFINITY;
        expect(queue.flush()).toBe("flushed");
        expect(sink.accepted).toEqual(stream);
      }),
      { seed: 4096, numRuns: 200 },
    );
  });

  test(`overflow once unsent bytes (queued + held by the transport) pass ${MAX_PENDING_OUTBOUND_BYTES} bytes`, () => {
    expect(MAX_PENDING_OUTBOUND_BYTES).toBe(2 * 1024 * 1024);
    const sink = new FakeSink();
    sink.budget = 0;
    const queue = new OutboundQueue(sink);
    const chunk = new Uint8Array(64 * 1024);
    for (let i = 0; i < 32; i++) queue.append(chunk); // exactly 2 MiB
    expect(queue.pendingBytes).toBe(MAX_PENDING_OUTBOUND_BYTES);
    expect(queue.flush()).toBe("partial");
    sink.buffered = 1; // one more byte held by the transport tips it over
    expect(queue.flush()).toBe("overflow");
    sink.buffered = 0;
    queue.append(Uint8Array.of(1));
    expect(queue.flush()).toBe("overflow");
    // Draining brings it back.
    sink.budget = 1024;
    expect(queue.flush()).toBe("partial");
    sink.budget = Number.POSITIVE_INFINITY;
    expect(queue.flush()).toBe("flushed");
    expect(sink.accepted).toHaveLength(MAX_PENDING_OUTBOUND_BYTES + 1);
  });
});

describe("FlushScheduler", () => {
  /** The clock starts at 1000 ms. */
  class FakeTimer extends HandTimer {
    constructor() {
      super(1000);
    }
  }

  const setup = (intervalMs: number) => {
    const timer = new FakeTimer();
    const overflowed: OutboundQueue[] = [];
    const scheduler = new FlushScheduler((queue) => overflowed.push(queue), { intervalMs, waitPerWriteMs: 0, timer });
    const sinks = [new FakeSink(), new FakeSink(), new FakeSink()];
    const queues = sinks.map((sink) => new OutboundQueue(sink));
    const send = (index: number, ...frame: number[]) => {
      queues[index]!.append(Uint8Array.from(frame));
      scheduler.markDirty(queues[index]!);
    };
    return { timer, overflowed, scheduler, sinks, queues, send };
  };

  test("many appends in one turn: one write per queue, at the end of the turn", () => {
    const { timer, scheduler, sinks, queues, send, overflowed } = setup(0);
    for (let round = 0; round < 100; round++) for (let i = 0; i < 3; i++) send(i, 1, 0, round);
    expect(queues.every((queue) => queue.scheduled)).toBe(true);
    expect(sinks.every((sink) => sink.calls.length === 0)).toBe(true); // nothing before the turn ends
    expect(timer.turnEnd).toHaveLength(1); // armed once
    timer.endTurn();
    for (const sink of sinks) expect(sink.calls).toEqual([300]);
    expect(queues.every((queue) => !queue.scheduled)).toBe(true);
    expect(overflowed).toEqual([]);
    // With no interval the next turn's frames get a flush of their own at once.
    send(1, 1, 0, 99);
    timer.endTurn();
    expect(sinks.map((sink) => sink.calls.length)).toEqual([1, 2, 1]);
    expect(scheduler.counts).toEqual({ flushes: 2, writes: 4, delayed: 0 });
  });

  test("queues are written in the order they first got frames since the last pass", () => {
    const timer = new FakeTimer();
    const scheduler = new FlushScheduler(() => {}, { timer });
    const order: number[] = [];
    const queues = [0, 1, 2].map((index) => new OutboundQueue({ writeFrames: (frames) => (order.push(index), frames.length), bufferedBytes: () => 0 }));
    for (const index of [2, 0, 2, 1, 0]) {
      queues[index]!.append(Uint8Array.of(1, 0, index));
      scheduler.markDirty(queues[index]!);
    }
    timer.endTurn();
    expect(order).toEqual([2, 0, 1]);
  });

  test("with an interval: a quiet server flushes at the end of the turn; within the interval the next pass waits for the rest of it", () => {
    const { timer, scheduler, sinks, send } = setup(10);
    send(0, 1, 0, 1);
    expect(timer.turnEnd).toHaveLength(1); // the first pass is not delayed
    timer.endTurn();
    expect(sinks[0]!.calls).toEqual([3]);

    timer.advance(4);
    send(0, 1, 0, 2);
    send(1, 1, 0, 3);
    expect(timer.turnEnd).toHaveLength(0);
    expect(timer.timers.map((t) => t.at)).toEqual([1010]); // 10 ms after the last pass, not 10 ms from now
    timer.endTurn();
    timer.advance(5); // 1009: still waiting
    expect(sinks[0]!.calls).toEqual([3]);
    send(0, 1, 0, 4); // joins the waiting pass, same write
    timer.advance(1); // 1010
    expect(sinks[0]!.calls).toEqual([3, 6]);
    expect(sinks[0]!.accepted).toEqual([1, 0, 1, 1, 0, 2, 1, 0, 4]);
    expect(sinks[1]!.accepted).toEqual([1, 0, 3]);

    timer.advance(25); // long after the interval: the end of the turn again
    send(2, 1, 0, 5);
    expect(timer.turnEnd).toHaveLength(1);
    timer.endTurn();
    expect(sinks[2]!.calls).toEqual([3]);
    expect(scheduler.counts).toEqual({ flushes: 3, writes: 4, delayed: 1 });
  });

  test("by default the wait after a pass is 20 µs per socket it wrote, up to the interval", () => {
    const timer = new FakeTimer();
    const scheduler = new FlushScheduler(() => {}, { intervalMs: 20, timer });
    const queues = Array.from({ length: 1500 }, () => new OutboundQueue(new FakeSink()));
    const pass = (count: number) => {
      for (let i = 0; i < count; i++) {
        queues[i]!.append(Uint8Array.of(1, 0, 1));
        scheduler.markDirty(queues[i]!);
      }
    };
    pass(1500);
    timer.endTurn(); // 1,500 writes at 1000: the next pass waits the whole 20 ms
    pass(10);
    expect(timer.timers.map((t) => t.at)).toEqual([1020]);
    timer.advance(20); // 10 writes at 1020: the next may come 0.2 ms later
    timer.advance(1);
    pass(1);
    expect(timer.turnEnd).toHaveLength(1);
    timer.endTurn();
    expect(scheduler.counts).toEqual({ flushes: 3, writes: 1511, delayed: 1 });
  });

  test("a queue marked while a pass runs waits for the next pass", () => {
    const timer = new FakeTimer();
    const scheduler = new FlushScheduler(() => {}, { timer });
    const late = new OutboundQueue(new FakeSink());
    const first = new OutboundQueue({
      writeFrames: (frames) => {
        late.append(Uint8Array.of(1, 0, 9));
        scheduler.markDirty(late);
        return frames.length;
      },
      bufferedBytes: () => 0,
    });
    first.append(Uint8Array.of(1, 0, 1));
    scheduler.markDirty(first);
    timer.endTurn();
    expect(late.pendingBytes).toBe(3);
    expect(timer.turnEnd).toHaveLength(1);
    timer.endTurn();
    expect(late.pendingBytes).toBe(0);
  });

  test("an interval outside 0..1000 ms is refused", () => {
    expect(() => new FlushScheduler(() => {}, { intervalMs: -1 })).toThrow(RangeError);
    expect(() => new FlushScheduler(() => {}, { intervalMs: 1001 })).toThrow(RangeError);
    expect(() => new FlushScheduler(() => {}, { intervalMs: Number.NaN })).toThrow(RangeError);
  });

  test("a queue that overflows is reported to the callback; the others are written", () => {
    const { timer, overflowed, sinks, queues, send } = setup(0);
    sinks[0]!.budget = 0;
    sinks[0]!.buffered = MAX_PENDING_OUTBOUND_BYTES;
    send(0, 1, 0, 1);
    send(1, 1, 0, 2);
    timer.endTurn();
    expect(overflowed).toEqual([queues[0]!]);
    expect(sinks[1]!.accepted).toEqual([1, 0, 2]);
  });

  test("the real timer: frames appended in one turn are written by the next", async () => {
    const sink = new FakeSink();
    const scheduler = new FlushScheduler(() => {});
    const queue = new OutboundQueue(sink);
    queue.append(Uint8Array.of(1, 0, 1));
    scheduler.markDirty(queue);
    expect(sink.calls).toEqual([]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(sink.calls).toEqual([3]);
  });
});
