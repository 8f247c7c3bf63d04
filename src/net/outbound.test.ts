import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FlushScheduler, MAX_PENDING_OUTBOUND_BYTES, OutboundQueue, type OutboundSink } from "./outbound.ts";

/**
 * A transport that takes at most `budget` bytes per write (Infinity = everything), records
 * every byte it accepted and the frame ends it was shown.
 */
class FakeSink implements OutboundSink {
  budget = Number.POSITIVE_INFINITY;
  buffered = 0;
  readonly accepted: number[] = [];
  readonly calls: { length: number; ends: number[] }[] = [];

  writeFrames(frames: Uint8Array, frameEnds: readonly number[]): number {
    this.calls.push({ length: frames.length, ends: [...frameEnds] });
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
  test("an empty queue flushes without touching the sink", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    expect(queue.flush()).toBe("flushed");
    expect(sink.calls).toEqual([]);
  });

  test("a full write: all frames in one call with their end offsets", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    queue.append(Uint8Array.of(1, 0, 7));
    queue.append(Uint8Array.of(2, 0, 8, 9));
    queue.append(Uint8Array.of(1, 0, 5));
    expect(queue.pendingBytes).toBe(10);
    expect(queue.flush()).toBe("flushed");
    expect(sink.calls).toEqual([{ length: 10, ends: [3, 7, 10] }]);
    expect(sink.accepted).toEqual([1, 0, 7, 2, 0, 8, 9, 1, 0, 5]);
    expect(queue.pendingBytes).toBe(0);
  });

  test("partial writes: the rest goes next time, ends relative to the unsent bytes", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    queue.append(Uint8Array.of(10, 11, 12, 13)); // ends at 4
    queue.append(Uint8Array.of(20, 21, 22)); // ends at 7
    queue.append(Uint8Array.of(30, 31, 32, 33, 34)); // ends at 12
    sink.budget = 5; // the second frame is cut after one byte
    expect(queue.flush()).toBe("partial");
    expect(queue.pendingBytes).toBe(7);
    sink.budget = 0; // a full socket: nothing moves
    expect(queue.flush()).toBe("partial");
    queue.append(Uint8Array.of(40, 41)); // ends at 14
    sink.budget = 4; // finishes frame 2, cuts frame 3
    expect(queue.flush()).toBe("partial");
    sink.budget = Number.POSITIVE_INFINITY;
    expect(queue.flush()).toBe("flushed");
    expect(sink.calls.map((c) => c.ends)).toEqual([
      [4, 7, 12],
      [2, 7], // 5 bytes gone: frame 2 ends 2 bytes in, frame 3 at 7
      [2, 7, 9], // the same, plus the appended frame 4
      [3, 5], // 9 bytes gone: frame 3 ends 3 bytes in, frame 4 at 5
    ]);
    expect(sink.accepted).toEqual([10, 11, 12, 13, 20, 21, 22, 30, 31, 32, 33, 34, 40, 41]);
  });

  test("growth past the initial 4 KiB and compaction after partial writes keep bytes and boundaries", () => {
    const sink = new FakeSink();
    const queue = new OutboundQueue(sink);
    const sent: number[] = [];
    const append = (frame: Uint8Array) => {
      queue.append(frame);
      sent.push(...frame);
    };
    append(frameOf(1, 3000));
    sink.budget = 2500;
    expect(queue.flush()).toBe("partial"); // 500 bytes left at offset 2500
    // 500 live + 3000 new fit in 4 KiB only once the written bytes are dropped: compaction.
    append(frameOf(2, 3000));
    sink.budget = 0;
    queue.flush();
    expect(sink.calls.at(-1)).toEqual({ length: 3500, ends: [500, 3500] });
    // 3500 live + 10,000 new: the buffer grows.
    append(frameOf(3, 10_000));
    queue.flush();
    expect(sink.calls.at(-1)).toEqual({ length: 13_500, ends: [500, 3500, 13_500] });
    sink.budget = 600; // ends inside frame 2
    queue.flush();
    append(frameOf(4, 100));
    sink.budget = 0;
    queue.flush();
    expect(sink.calls.at(-1)).toEqual({ length: 13_000, ends: [2900, 12_900, 13_000] }); // 600 of 13,500 gone, plus 100 new
    sink.budget = Number.POSITIVE_INFINITY;
    expect(queue.flush()).toBe("flushed");
    expect(sink.accepted).toEqual(sent);
  });

  test("property: any mix of appends and partial flushes delivers every byte once, in order, with correct frame ends", () => {
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
        const absoluteEnds: number[] = [];
        let seq = 0;
        for (const step of ops) {
          if (step.kind === "append") {
            const frame = frameOf(seq++, step.length);
            queue.append(frame);
            stream.push(...frame);
            absoluteEnds.push(stream.length);
          } else {
            const writtenBefore = sink.accepted.length;
            sink.budget = step.budget;
            const outcome = queue.flush();
            if (writtenBefore === stream.length) {
              expect(outcome).toBe("flushed");
              continue;
            }
            // The sink saw the unsent bytes, and the ends of every frame not yet fully written.
            const call = sink.calls.at(-1)!;
            expect(call.length).toBe(stream.length - writtenBefore);
            expect(call.ends).toEqual(absoluteEnds.filter((end) => end > writtenBefore).map((end) => end - writtenBefore));
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
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  test("many appends in one turn: one write per queue, at the end of the turn", async () => {
    const overflowed: OutboundQueue[] = [];
    const scheduler = new FlushScheduler((queue) => overflowed.push(queue));
    const sinks = [new FakeSink(), new FakeSink(), new FakeSink()];
    const queues = sinks.map((sink) => new OutboundQueue(sink));
    for (let round = 0; round < 100; round++) {
      for (const queue of queues) {
        queue.append(Uint8Array.of(1, 0, round));
        scheduler.markDirty(queue);
      }
    }
    expect(queues.every((queue) => queue.scheduled)).toBe(true);
    expect(sinks.every((sink) => sink.calls.length === 0)).toBe(true); // nothing before the turn ends
    await nextTurn();
    for (const sink of sinks) {
      expect(sink.calls).toHaveLength(1);
      expect(sink.calls[0]!.length).toBe(300);
      expect(sink.calls[0]!.ends).toEqual(Array.from({ length: 100 }, (_, i) => 3 * (i + 1)));
    }
    expect(queues.every((queue) => !queue.scheduled)).toBe(true);
    expect(overflowed).toEqual([]);

    // The next turn's frames get a flush of their own.
    queues[1]!.append(Uint8Array.of(1, 0, 99));
    scheduler.markDirty(queues[1]!);
    await nextTurn();
    expect(sinks.map((sink) => sink.calls.length)).toEqual([1, 2, 1]);
  });

  test("a queue that overflows is reported to the callback", async () => {
    const overflowed: OutboundQueue[] = [];
    const scheduler = new FlushScheduler((queue) => overflowed.push(queue));
    const stuck = new FakeSink();
    stuck.budget = 0;
    stuck.buffered = MAX_PENDING_OUTBOUND_BYTES;
    const fine = new FakeSink();
    const stuckQueue = new OutboundQueue(stuck);
    const fineQueue = new OutboundQueue(fine);
    stuckQueue.append(Uint8Array.of(1, 0, 1));
    fineQueue.append(Uint8Array.of(1, 0, 2));
    scheduler.markDirty(stuckQueue);
    scheduler.markDirty(fineQueue);
    await nextTurn();
    expect(overflowed).toEqual([stuckQueue]);
    expect(fine.accepted).toEqual([1, 0, 2]);
  });
});
