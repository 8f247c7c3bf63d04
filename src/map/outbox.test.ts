import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Outbox, readOutbox } from "./outbox.ts";

/** Every (session, frame) pair, frames copied out of the buffer. */
function deliveries(buffer: ArrayBuffer): [number, number[]][] {
  const out: [number, number[]][] = [];
  readOutbox(buffer, (session, frame) => out.push([session, [...frame]]));
  return out;
}

const bytes = (...values: number[]) => new Uint8Array(values);

describe("outbox", () => {
  test("sendTo and broadcast come back as (session, frame) pairs in write order", () => {
    const outbox = new Outbox();
    expect(outbox.isEmpty).toBe(true);
    outbox.sendTo(7, bytes(2, 0, 1, 2));
    outbox.broadcast([10, 11, 12], 3, bytes(1, 0, 9));
    outbox.sendTo(0xffff_ffff, bytes(3, 0, 4, 5, 6));
    expect(outbox.isEmpty).toBe(false);
    expect(outbox.frames).toBe(3);
    expect(outbox.deliveries).toBe(5);
    expect(deliveries(outbox.take())).toEqual([
      [7, [2, 0, 1, 2]],
      [10, [1, 0, 9]],
      [11, [1, 0, 9]],
      [12, [1, 0, 9]],
      [0xffff_ffff, [3, 0, 4, 5, 6]],
    ]);
  });

  test("byte layout: recipients u16, sessions u32 LE, length u32 LE, frame", () => {
    const outbox = new Outbox();
    outbox.broadcast([0x01020304, 5], 2, bytes(0xaa, 0xbb));
    expect([...new Uint8Array(outbox.take())]).toEqual([2, 0, 4, 3, 2, 1, 5, 0, 0, 0, 2, 0, 0, 0, 0xaa, 0xbb]);
  });

  test("a broadcast is one record: every recipient gets a view of the same bytes", () => {
    const outbox = new Outbox();
    outbox.broadcast([1, 2], 2, bytes(4, 0, 1, 2, 3, 4));
    const views: Uint8Array[] = [];
    readOutbox(outbox.take(), (_session, frame) => views.push(frame));
    expect(views).toHaveLength(2);
    expect(views[0]!.buffer).toBe(views[1]!.buffer);
    expect(views[0]!.byteOffset).toBe(views[1]!.byteOffset);
  });

  test("broadcast takes only the first `count` sessions; count 0 writes nothing", () => {
    const outbox = new Outbox();
    outbox.broadcast([1, 2, 3, 4], 2, bytes(9));
    outbox.broadcast([5, 6], 0, bytes(8));
    expect(outbox.frames).toBe(1);
    expect(outbox.deliveries).toBe(2);
    expect(deliveries(outbox.take())).toEqual([
      [1, [9]],
      [2, [9]],
    ]);
    outbox.broadcast([5, 6], 0, bytes(8));
    expect(outbox.isEmpty).toBe(true);
  });

  test("the outbox copies frames: reusing the caller's buffer afterwards changes nothing", () => {
    const outbox = new Outbox();
    const shared = bytes(1, 2, 3);
    outbox.sendTo(1, shared);
    shared.fill(0);
    outbox.broadcast([2], 1, shared);
    expect(deliveries(outbox.take())).toEqual([
      [1, [1, 2, 3]],
      [2, [0, 0, 0]],
    ]);
  });

  test("take() resets counters and hands over a detached copy", () => {
    const outbox = new Outbox();
    outbox.sendTo(1, bytes(1));
    const first = outbox.take();
    expect(outbox.isEmpty).toBe(true);
    expect(outbox.frames).toBe(0);
    expect(outbox.deliveries).toBe(0);
    outbox.sendTo(2, bytes(2));
    expect(deliveries(first)).toEqual([[1, [1]]]);
    expect(deliveries(outbox.take())).toEqual([[2, [2]]]);
    expect(deliveries(outbox.take())).toEqual([]);
  });

  test("a recipient list over 65,535 is split into records; every recipient still gets the frame once", () => {
    const outbox = new Outbox();
    const count = 150_000;
    const sessions = Uint32Array.from({ length: count + 10 }, (_, i) => i + 1);
    const frame = bytes(3, 0, 0xde, 0xad, 0xbe);
    outbox.broadcast(sessions, count, frame);
    // 65,535 + 65,535 + 18,930.
    expect(outbox.frames).toBe(3);
    expect(outbox.deliveries).toBe(count);
    const buffer = outbox.take();
    expect(buffer.byteLength).toBe(3 * (2 + 4 + frame.length) + 4 * count);
    const view = new DataView(buffer);
    expect(view.getUint16(0, true)).toBe(65_535);
    let expected = 1;
    let ok = true;
    readOutbox(buffer, (session, got) => {
      if (session !== expected++ || got.length !== 5 || got[2] !== 0xde || got[4] !== 0xbe) ok = false;
    });
    expect(ok).toBe(true);
    expect(expected - 1).toBe(count);
  });

  test("property: random sends and broadcasts (buffer growth past 16 KiB) come back in order with identical bytes", () => {
    type Op = { session: number; sessions: number[]; frame: Uint8Array };
    const op: fc.Arbitrary<Op> = fc.record({
      session: fc.integer({ min: 0, max: 0xffff_ffff }),
      sessions: fc.array(fc.integer({ min: 0, max: 0xffff_ffff }), { maxLength: 40 }),
      frame: fc.uint8Array({ minLength: 0, maxLength: 3000 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const outbox = new Outbox();
        const expected: [number, number[]][] = [];
        let frames = 0;
        for (const { session, sessions, frame } of ops) {
          if (sessions.length === 0) {
            outbox.sendTo(session, frame);
            expected.push([session, [...frame]]);
            frames++;
          } else {
            outbox.broadcast(sessions, sessions.length, frame);
            for (const s of sessions) expected.push([s, [...frame]]);
            frames++;
          }
        }
        expect(outbox.frames).toBe(frames);
        expect(outbox.deliveries).toBe(expected.length);
        expect(deliveries(outbox.take())).toEqual(expected);
      }),
      { seed: 16_384, numRuns: 150 },
    );
  });
});
