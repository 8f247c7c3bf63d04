import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Outbox, readOutbox } from "./outbox.ts";

/** Every session's run (bytes copied out) in buffer order, and the packet counts. */
function read(buffer: ArrayBuffer): { runs: [number, number[]][]; counts: [number, number][] } {
  const runs: [number, number[]][] = [];
  const counts: [number, number][] = [];
  readOutbox(buffer, {
    onPacketCount: (id, frames) => counts.push([id, frames]),
    onRun: (session, run) => runs.push([session, [...run]]),
  });
  return { runs, counts };
}

const bytes = (...values: number[]) => new Uint8Array(values);
/** A whole frame: u16 length, u16 packet id, then `rest`. */
const frame = (id: number, ...rest: number[]) => bytes(2 + rest.length, 0, id & 0xff, id >> 8, ...rest);

describe("outbox", () => {
  test("each session gets one run: its frames in write order; sessions in the order they first got a frame", () => {
    const outbox = new Outbox();
    expect(outbox.isEmpty).toBe(true);
    outbox.sendTo(7, frame(1, 0xaa));
    outbox.broadcast([10, 7, 12], 3, frame(2));
    outbox.sendTo(0xffff_ffff, frame(3, 4, 5));
    outbox.sendTo(10, frame(4));
    expect(outbox.isEmpty).toBe(false);
    expect(outbox.frames).toBe(4);
    expect(outbox.deliveries).toBe(6);
    expect(read(outbox.take()).runs).toEqual([
      [7, [...frame(1, 0xaa), ...frame(2)]],
      [10, [...frame(2), ...frame(4)]],
      [12, [...frame(2)]],
      [0xffff_ffff, [...frame(3, 4, 5)]],
    ]);
  });

  test("byte layout: packet kinds u16, (id u16, frames u32) each, then (session u32, length u32, run) each, little-endian", () => {
    const outbox = new Outbox();
    outbox.broadcast([0x01020304, 5], 2, frame(0x0102));
    outbox.sendTo(5, frame(0x0102));
    expect([...new Uint8Array(outbox.take())]).toEqual([
      1, 0, /* id */ 2, 1, /* frames */ 3, 0, 0, 0,
      /* session */ 4, 3, 2, 1, /* length */ 4, 0, 0, 0, 2, 0, 2, 1,
      /* session */ 5, 0, 0, 0, /* length */ 8, 0, 0, 0, 2, 0, 2, 1, 2, 0, 2, 1,
    ]);
  });

  test("packet counts: one per recipient, by the u16 after the length prefix; ids past 511 and frames too short for an id are not counted", () => {
    const outbox = new Outbox();
    outbox.broadcast([1, 2, 3], 3, frame(9));
    outbox.sendTo(1, frame(9));
    outbox.sendTo(1, frame(40, 1, 2));
    outbox.sendTo(2, frame(600));
    outbox.sendTo(2, bytes(1, 0, 7));
    expect(read(outbox.take()).counts).toEqual([
      [9, 4],
      [40, 1],
    ]);
    outbox.sendTo(1, frame(40));
    expect(read(outbox.take()).counts).toEqual([[40, 1]]); // the counts start over with each take
  });

  test("broadcast takes only the first `count` sessions; count 0 writes nothing and does not arm the flush", () => {
    let armed = 0;
    const outbox = new Outbox(() => armed++);
    outbox.broadcast([5, 6], 0, frame(8));
    expect(outbox.isEmpty).toBe(true);
    expect(armed).toBe(0);
    outbox.broadcast([1, 2, 3, 4], 2, frame(9));
    outbox.sendTo(3, frame(9));
    expect(armed).toBe(1); // once per filling of an empty outbox
    expect(outbox.frames).toBe(2);
    expect(outbox.deliveries).toBe(3);
    expect(read(outbox.take()).runs.map(([session]) => session)).toEqual([1, 2, 3]);
    outbox.sendTo(3, frame(9));
    expect(armed).toBe(2);
  });

  test("the outbox copies frames: reusing the caller's buffer afterwards changes nothing", () => {
    const outbox = new Outbox();
    const shared = frame(1, 2, 3);
    outbox.sendTo(1, shared);
    shared.fill(0);
    outbox.broadcast([2], 1, shared);
    expect(read(outbox.take()).runs).toEqual([
      [1, [...frame(1, 2, 3)]],
      [2, [0, 0, 0, 0, 0, 0]],
    ]);
  });

  test("take() resets counters and hands over a detached buffer; an empty take holds no runs", () => {
    const outbox = new Outbox();
    outbox.sendTo(1, frame(1));
    const first = outbox.take();
    expect(outbox.isEmpty).toBe(true);
    expect(outbox.frames).toBe(0);
    expect(outbox.deliveries).toBe(0);
    outbox.sendTo(2, frame(2));
    expect(read(first).runs).toEqual([[1, [...frame(1)]]]);
    expect(read(outbox.take()).runs).toEqual([[2, [...frame(2)]]]);
    expect(read(outbox.take())).toEqual({ runs: [], counts: [] });
  });

  test("150,000 recipients of one broadcast each get the frame once, in recipient order", () => {
    const outbox = new Outbox();
    const count = 150_000;
    const sessions = Uint32Array.from({ length: count + 10 }, (_, i) => i + 1);
    const big = frame(3, 0xde, 0xad, 0xbe);
    outbox.broadcast(sessions, count, big);
    expect(outbox.frames).toBe(1);
    expect(outbox.deliveries).toBe(count);
    const buffer = outbox.take();
    expect(buffer.byteLength).toBe(2 + 6 + count * (8 + big.length));
    let expected = 1;
    let ok = true;
    readOutbox(buffer, {
      onPacketCount: (id, frames) => {
        if (id !== 3 || frames !== count) ok = false;
      },
      onRun: (session, run) => {
        if (session !== expected++ || run.length !== big.length || run[4] !== 0xde || run[6] !== 0xbe) ok = false;
      },
    });
    expect(ok).toBe(true);
    expect(expected - 1).toBe(count);
  });

  test("property: random sends and broadcasts (growth of every buffer) come back as the per-session concatenation, with exact counts", () => {
    type Op = { session: number; sessions: number[]; frame: Uint8Array };
    const anyFrame = fc.uint8Array({ minLength: 0, maxLength: 3000 }).map((body) => {
      const whole = new Uint8Array(2 + body.length);
      whole[0] = body.length & 0xff;
      whole[1] = body.length >> 8;
      whole.set(body, 2);
      return whole;
    });
    const op: fc.Arbitrary<Op> = fc.record({
      session: fc.integer({ min: 0, max: 0xffff_ffff }),
      sessions: fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 40 }),
      frame: anyFrame,
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const outbox = new Outbox();
        const expected = new Map<number, number[]>();
        const counts = new Map<number, number>();
        let deliveries = 0;
        const add = (session: number, bytes: Uint8Array) => {
          (expected.get(session) ?? expected.set(session, []).get(session)!).push(...bytes);
          deliveries++;
          if (bytes.length >= 4) {
            const id = bytes[2]! | (bytes[3]! << 8);
            if (id < 512) counts.set(id, (counts.get(id) ?? 0) + 1);
          }
        };
        for (const { session, sessions, frame } of ops) {
          if (sessions.length === 0) {
            outbox.sendTo(session, frame);
            add(session, frame);
          } else {
            outbox.broadcast(sessions, sessions.length, frame);
            for (const s of sessions) add(s, frame);
          }
        }
        expect(outbox.frames).toBe(ops.length);
        expect(outbox.deliveries).toBe(deliveries);
        const got = read(outbox.take());
        expect(got.runs).toEqual([...expected]);
        expect(new Map(got.counts)).toEqual(counts);
      }),
      { seed: 16_384, numRuns: 150 },
    );
  });
});
