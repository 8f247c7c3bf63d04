import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { encodeClientPacket, MAX_FRAME_BODY_BYTES, type EncodeResult } from "../protocol/index.ts";
import { forEachIntent, IntentBatchWriter } from "./intents.ts";

function readAll(buffer: ArrayBuffer): [number, number[]][] {
  const out: [number, number[]][] = [];
  forEachIntent(buffer, (session, body) => out.push([session, [...body]]));
  return out;
}

function body(result: EncodeResult): Uint8Array {
  if (!result.ok) throw result.error;
  return result.body;
}

describe("intent batches", () => {
  test("byte layout: session u32 LE, body length u16 LE, body", () => {
    const writer = new IntentBatchWriter();
    writer.write(0x01020304, Uint8Array.of(78, 0, 2, 1, 0, 0, 0)); // Walk east, counter 1
    writer.write(5, Uint8Array.of(39, 0)); // Quit
    expect([...new Uint8Array(writer.take())]).toEqual([
      0x04, 0x03, 0x02, 0x01, 7, 0, 78, 0, 2, 1, 0, 0, 0,
      5, 0, 0, 0, 2, 0, 39, 0,
    ]);
  });

  test("real packet bodies round-trip in order, with their sessions", () => {
    const writer = new IntentBatchWriter();
    const walk = body(encodeClientPacket("Walk", { heading: 3, counter: 7 }));
    const talk = body(encodeClientPacket("Talk", { text: "Año nuevo 😀", counter: 2 }));
    const whisper = body(encodeClientPacket("Whisper", { targetName: "Beto", text: "psst" }));
    writer.write(1, walk);
    writer.write(0xffff_ffff, talk);
    writer.write(3, whisper);
    expect(writer.count).toBe(3);
    expect(readAll(writer.take())).toEqual([
      [1, [...walk]],
      [0xffff_ffff, [...talk]],
      [3, [...whisper]],
    ]);
    expect(writer.isEmpty).toBe(true);
    expect(readAll(writer.take())).toEqual([]);
  });

  test("the writer copies the body: later changes to the caller's buffer do not leak in", () => {
    const writer = new IntentBatchWriter();
    const bytes = Uint8Array.of(39, 0);
    writer.write(1, bytes);
    bytes[0] = 99;
    expect(readAll(writer.take())).toEqual([[1, [39, 0]]]);
  });

  test("grows past its first buffer; the largest body fits; a larger one is refused", () => {
    const writer = new IntentBatchWriter();
    const big = new Uint8Array(MAX_FRAME_BODY_BYTES).fill(7);
    for (let i = 0; i < 5; i++) writer.write(i, big);
    const records = readAll(writer.take());
    expect(records.map(([session, bytes]) => [session, bytes.length])).toEqual([0, 1, 2, 3, 4].map((s) => [s, MAX_FRAME_BODY_BYTES]));
    expect(() => writer.write(1, new Uint8Array(MAX_FRAME_BODY_BYTES + 1))).toThrow(RangeError);
  });

  test("a torn batch: the records before the tear are visited, then a RangeError names the byte", () => {
    const writer = new IntentBatchWriter();
    writer.write(1, Uint8Array.of(39, 0));
    writer.write(2, Uint8Array.of(57, 0));
    const whole = new Uint8Array(writer.take());
    for (let cut = 9; cut < whole.length; cut++) {
      const seen: number[] = [];
      expect(() => forEachIntent(whole.slice(0, cut).buffer, (session) => seen.push(session))).toThrow(/intent batch: .* at byte 8/);
      expect(seen).toEqual([1]);
    }
  });

  test("property: any sequence of (session, body) round-trips", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 0xffff_ffff }), fc.uint8Array({ maxLength: 300 })), { maxLength: 40 }), (records) => {
        const writer = new IntentBatchWriter();
        for (const [session, bytes] of records) writer.write(session, bytes);
        expect(readAll(writer.take())).toEqual(records.map(([session, bytes]) => [session, [...bytes]]));
      }),
    );
  });
});
