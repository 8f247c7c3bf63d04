import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { IntentBatchWriter, IntentOp, MAX_INTENT_STRING_BYTES, readIntentBatch, type Intent } from "./intents.ts";

const roundTrip = (intents: readonly Intent[]): Intent[] => {
  const writer = new IntentBatchWriter();
  for (const intent of intents) writer.write(intent);
  expect(writer.count).toBe(intents.length);
  return [...readIntentBatch(writer.take())];
};

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe("intent batches", () => {
  test("op codes are stable (they cross the thread boundary)", () => {
    expect(IntentOp).toEqual({ Walk: 1, ChangeHeading: 2, Talk: 3, Yell: 4, Whisper: 5, RequestPosition: 6, Quit: 7, CancelQuit: 8 });
  });

  test("every op round-trips, in order", () => {
    const intents: Intent[] = [
      { op: IntentOp.Walk, session: 1, heading: 3 },
      { op: IntentOp.ChangeHeading, session: 2, heading: 4 },
      { op: IntentOp.Talk, session: 3, text: "hola" },
      { op: IntentOp.Yell, session: 4, text: "¡AYUDA!" },
      { op: IntentOp.Whisper, session: 5, target: "Beto", text: "psst" },
      { op: IntentOp.RequestPosition, session: 6 },
      { op: IntentOp.Quit, session: 7 },
      { op: IntentOp.CancelQuit, session: 0xffff_ffff },
      { op: IntentOp.Talk, session: 8, text: "" },
      { op: IntentOp.Whisper, session: 9, target: "", text: "" },
    ];
    expect(roundTrip(intents)).toEqual(intents);
  });

  test("byte layout: op u8, session u32 LE, then the arguments; strings u16 LE length + UTF-8", () => {
    const writer = new IntentBatchWriter();
    writer.write({ op: IntentOp.Walk, session: 0x01020304, heading: 2 });
    writer.write({ op: IntentOp.Talk, session: 5, text: "ñ" });
    writer.write({ op: IntentOp.Quit, session: 6 });
    expect([...new Uint8Array(writer.take())]).toEqual([
      1, 0x04, 0x03, 0x02, 0x01, 2, // Walk
      3, 5, 0, 0, 0, 2, 0, 0xc3, 0xb1, // Talk "ñ" (U+00F1 = C3 B1)
      7, 6, 0, 0, 0, // Quit
    ]);
  });

  test("UTF-8 text: accents, ñ and emoji survive", () => {
    const intents: Intent[] = [
      { op: IntentOp.Talk, session: 1, text: "Año nuevo, señor ñandú" },
      { op: IntentOp.Yell, session: 2, text: "¡Hola! 😀🐉 ¿qué tal?" },
      { op: IntentOp.Whisper, session: 3, target: "Ñoño", text: "👍🏽 listo" },
    ];
    expect(roundTrip(intents)).toEqual(intents);
  });

  test("strings are capped at MAX_INTENT_STRING_BYTES of UTF-8, never cutting a character", () => {
    expect(MAX_INTENT_STRING_BYTES).toBe(1024);
    const ascii = "a".repeat(2000);
    const twoByte = "ñ".repeat(600); // 1200 bytes → 512 characters fit exactly
    const threeByte = "€".repeat(400); // 1200 bytes → 341 characters (1023 bytes); the 342nd would need 1026
    const emoji = "😀".repeat(300); // 4 bytes each → 256 emoji (1024 bytes)
    const mixed = `${"a".repeat(1022)}😀tail`; // the emoji would end at byte 1026: dropped whole
    const out = roundTrip([
      { op: IntentOp.Talk, session: 1, text: ascii },
      { op: IntentOp.Yell, session: 2, text: twoByte },
      { op: IntentOp.Talk, session: 3, text: threeByte },
      { op: IntentOp.Talk, session: 4, text: emoji },
      { op: IntentOp.Whisper, session: 5, target: mixed, text: emoji },
      { op: IntentOp.Quit, session: 6 },
    ]);
    const texts = out.map((intent) => ("text" in intent ? intent.text : ""));
    expect(texts[0]).toBe("a".repeat(1024));
    expect(texts[1]).toBe("ñ".repeat(512));
    expect(texts[2]).toBe("€".repeat(341));
    expect(texts[3]).toBe("😀".repeat(256));
    const whisper = out[4]!;
    expect(whisper.op).toBe(IntentOp.Whisper);
    if (whisper.op === IntentOp.Whisper) {
      expect(whisper.target).toBe("a".repeat(1022));
      expect(whisper.text).toBe("😀".repeat(256));
    }
    // The record after the capped ones is intact: the caps did not desynchronise the batch.
    expect(out[5]).toEqual({ op: IntentOp.Quit, session: 6 });
    for (const text of texts) expect(utf8Bytes(text)).toBeLessThanOrEqual(MAX_INTENT_STRING_BYTES);
  });

  test("the buffer grows: thousands of records and long strings past the initial 1 KiB", () => {
    const intents: Intent[] = [];
    for (let i = 0; i < 3000; i++) {
      if (i % 100 === 7) intents.push({ op: IntentOp.Talk, session: i, text: `línea ${i} ${"x".repeat(i % 900)} 😀` });
      else intents.push({ op: IntentOp.Walk, session: i, heading: (i % 4) + 1 });
    }
    expect(roundTrip(intents)).toEqual(intents);
  });

  test("a string written right at the end of the current buffer is not truncated by the buffer edge", () => {
    // Fill the first 1024 bytes almost completely with walks (6 bytes each), then a string.
    const intents: Intent[] = [];
    for (let i = 0; i < 169; i++) intents.push({ op: IntentOp.Walk, session: i, heading: 1 }); // 1014 bytes
    intents.push({ op: IntentOp.Talk, session: 999, text: "😀".repeat(200) }); // 800 bytes, crosses 1024
    intents.push({ op: IntentOp.Walk, session: 1000, heading: 4 });
    expect(roundTrip(intents)).toEqual(intents);
  });

  test("take() hands over a detached copy and starts afresh", () => {
    const writer = new IntentBatchWriter();
    expect(writer.isEmpty).toBe(true);
    writer.write({ op: IntentOp.Talk, session: 1, text: "primero" });
    expect(writer.isEmpty).toBe(false);
    const first = writer.take();
    expect(writer.isEmpty).toBe(true);
    expect(writer.count).toBe(0);
    writer.write({ op: IntentOp.Talk, session: 2, text: "segundo" });
    const second = writer.take();
    // Writing the second batch did not overwrite the first one's bytes.
    expect([...readIntentBatch(first)]).toEqual([{ op: IntentOp.Talk, session: 1, text: "primero" }]);
    expect([...readIntentBatch(second)]).toEqual([{ op: IntentOp.Talk, session: 2, text: "segundo" }]);
    expect([...readIntentBatch(writer.take())]).toEqual([]);
  });

  test("an unknown op is a RangeError naming the op and its byte offset", () => {
    const writer = new IntentBatchWriter();
    writer.write({ op: IntentOp.Quit, session: 1 });
    const good = new Uint8Array(writer.take());
    const bad = new Uint8Array(good.length + 5);
    bad.set(good);
    bad[good.length] = 99;
    const read = () => [...readIntentBatch(bad.buffer)];
    expect(read).toThrow(RangeError);
    expect(read).toThrow("unknown op 99 at byte 5");
  });

  test("property: random batches round-trip (strings within the cap)", () => {
    const session = fc.integer({ min: 0, max: 0xffff_ffff });
    const heading = fc.integer({ min: 0, max: 255 });
    const text = fc.string({ unit: "grapheme", maxLength: 60 }).filter((t) => utf8Bytes(t) <= MAX_INTENT_STRING_BYTES);
    const intent: fc.Arbitrary<Intent> = fc.oneof(
      fc.record({ op: fc.constant(IntentOp.Walk), session, heading }),
      fc.record({ op: fc.constant(IntentOp.ChangeHeading), session, heading }),
      fc.record({ op: fc.constant(IntentOp.Talk), session, text }),
      fc.record({ op: fc.constant(IntentOp.Yell), session, text }),
      fc.record({ op: fc.constant(IntentOp.Whisper), session, target: text, text }),
      fc.record({ op: fc.constant(IntentOp.RequestPosition), session }),
      fc.record({ op: fc.constant(IntentOp.Quit), session }),
      fc.record({ op: fc.constant(IntentOp.CancelQuit), session }),
    );
    fc.assert(
      fc.property(fc.array(intent, { maxLength: 80 }), (intents) => {
        expect(roundTrip(intents)).toEqual(intents);
      }),
      { seed: 1024, numRuns: 300 },
    );
  });
});

describe("regressions", () => {
  test("a cut-short record is an error naming the byte, not a silent undefined", () => {
    expect(() => [...readIntentBatch(Uint8Array.of(1, 1, 0, 0, 0).buffer)]).toThrow(/byte 5/);
    expect(() => [...readIntentBatch(Uint8Array.of(3, 1, 0, 0, 0, 9, 0, 0x61).buffer)]).toThrow(/past the end/);
  });
});
