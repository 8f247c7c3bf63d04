import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  decodeEnvelope,
  encodeEnvelope,
  ENVELOPE_BYTES,
  ENVELOPE_KINDS,
  ENVELOPE_LAYOUT,
  EnvelopeHeaderError,
  LINK_SEQ_MAX,
  LinkSequenceChecker,
  LinkSequencer,
  type DecodedEnvelopeHeader,
  type EnvelopeHeader,
} from "./index.ts";

const HEADER: DecodedEnvelopeHeader = { kind: ENVELOPE_KINDS.frames, flags: 0x05, source: 0x11223344, seq: 0xaabbccdd, sentAtMs: 1.5 };

describe("link envelope codec", () => {
  test("golden bytes: header little-endian, then the body", () => {
    const bytes = encodeEnvelope(HEADER, new Uint8Array([0xde, 0xad]));
    // 1.5 as f64 LE is 00 00 00 00 00 00 f8 3f.
    expect([...bytes]).toEqual([
      0xa0, 0x01, 0x02, 0x05, 0x44, 0x33, 0x22, 0x11, 0xdd, 0xcc, 0xbb, 0xaa, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x3f, 0xde, 0xad,
    ]);
  });

  test("kinds table", () => {
    expect(ENVELOPE_KINDS).toEqual({ intents: 1, frames: 2, control: 3, bus: 4 });
  });

  test("the layout table covers exactly 20 bytes without overlap", () => {
    const size = { u8: 1, u32: 4, f64: 8 } as const;
    let at = 0;
    for (const field of ENVELOPE_LAYOUT) {
      expect(field.offset).toBe(at);
      at += size[field.type];
    }
    expect(at).toBe(ENVELOPE_BYTES);
  });

  test("body parts are joined in one buffer; decode gives a view, not a copy", () => {
    const bytes = encodeEnvelope(HEADER, [new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]);
    expect(bytes.byteLength).toBe(ENVELOPE_BYTES + 3);
    const decoded = decodeEnvelope(bytes);
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.header).toEqual(HEADER);
    expect([...decoded.body]).toEqual([1, 2, 3]);
    expect(decoded.body.buffer).toBe(bytes.buffer);
  });

  test("decodes from an offset inside a larger buffer", () => {
    const inner = encodeEnvelope(HEADER, new Uint8Array([9]));
    const outer = new Uint8Array(inner.byteLength + 7);
    outer.set(inner, 3);
    const decoded = decodeEnvelope(outer.subarray(3, 3 + inner.byteLength));
    expect(decoded.ok && decoded.header.seq).toBe(HEADER.seq);
  });

  test("hostile input is rejected with a reason", () => {
    const good = encodeEnvelope(HEADER, new Uint8Array(0));
    expect(decodeEnvelope(new Uint8Array(0))).toEqual({ ok: false, reason: "too_short" });
    expect(decodeEnvelope(good.subarray(0, ENVELOPE_BYTES - 1))).toEqual({ ok: false, reason: "too_short" });
    const patched = (at: number, value: number) => {
      const copy = good.slice();
      copy[at] = value;
      return decodeEnvelope(copy);
    };
    expect(patched(0, 0xa1)).toEqual({ ok: false, reason: "bad_magic" });
    expect(patched(1, 2)).toEqual({ ok: false, reason: "bad_version" });
    expect(patched(2, 0)).toEqual({ ok: false, reason: "unknown_kind" });
    expect(patched(2, 5)).toEqual({ ok: false, reason: "unknown_kind" });
    expect(decodeEnvelope(good).ok).toBe(true);
  });

  test("a header that cannot be encoded is a typed fault", () => {
    const bad: Partial<EnvelopeHeader>[] = [{ kind: 9 }, { flags: 256 }, { source: -1 }, { source: 2 ** 32 }, { seq: 1.5 }, { sentAtMs: Number.NaN }];
    for (const patch of bad) expect(() => encodeEnvelope({ ...HEADER, ...patch }, new Uint8Array(0))).toThrow(EnvelopeHeaderError);
  });

  test("property: random bytes never throw; valid headers round-trip", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const decoded = decodeEnvelope(bytes);
        if (decoded.ok) expect(decoded.body.byteLength).toBe(bytes.byteLength - ENVELOPE_BYTES);
      }),
    );
    const header = fc.record({
      kind: fc.constantFrom(...Object.values(ENVELOPE_KINDS)),
      flags: fc.integer({ min: 0, max: 255 }),
      source: fc.nat({ max: 0xffff_ffff }),
      seq: fc.nat({ max: 0xffff_ffff }),
      sentAtMs: fc.double({ noNaN: true, noDefaultInfinity: true }),
    });
    fc.assert(
      fc.property(header, fc.array(fc.uint8Array({ maxLength: 16 }), { maxLength: 4 }), (h, parts) => {
        const decoded = decodeEnvelope(encodeEnvelope(h, parts));
        if (!decoded.ok) throw new Error(decoded.reason);
        expect(decoded.header).toEqual(h);
        expect([...decoded.body]).toEqual(parts.flatMap((part) => [...part]));
      }),
    );
  });
});

describe("link sequences", () => {
  test("a sequencer counts from 1 per destination and wraps to 1", () => {
    const sequencer = new LinkSequencer();
    expect([sequencer.next("a"), sequencer.next("a"), sequencer.next("b"), sequencer.next("a")]).toEqual([1, 2, 1, 3]);
    expect([sequencer.next(), sequencer.next()]).toEqual([1, 2]);
    const wrapping = new LinkSequencer();
    (wrapping as unknown as { last: Map<string, number> }).last.set("a", LINK_SEQ_MAX - 1);
    expect([wrapping.next("a"), wrapping.next("a"), wrapping.next("a")]).toEqual([LINK_SEQ_MAX, 1, 2]);
    wrapping.forget("a");
    expect(wrapping.next("a")).toBe(1);
  });

  test("the checker tells first, next, gap and old, and counts", () => {
    const checker = new LinkSequenceChecker();
    expect(checker.accept(7, 5)).toBe("first");
    expect(checker.accept(7, 6)).toBe("next");
    expect(checker.accept(7, 9)).toBe("gap");
    expect(checker.accept(7, 8)).toBe("old");
    expect(checker.accept(7, 9)).toBe("old");
    expect(checker.accept(7, 10)).toBe("next");
    expect(checker.accept(7, 0)).toBe("old");
    expect(checker.accept(8, 1)).toBe("first"); // a restarted peer has a new source id
    expect({ gaps: checker.gaps, missed: checker.missed, old: checker.old, sources: checker.sources }).toEqual({ gaps: 1, missed: 2, old: 3, sources: 2 });
  });

  test("the checker follows the wrap from 2^32-1 to 1", () => {
    const checker = new LinkSequenceChecker();
    checker.accept(1, LINK_SEQ_MAX - 1);
    expect(checker.accept(1, LINK_SEQ_MAX)).toBe("next");
    expect(checker.accept(1, 1)).toBe("next");
    expect(checker.accept(1, LINK_SEQ_MAX)).toBe("old");
    expect(checker.accept(1, 3)).toBe("gap");
    expect(checker.missed).toBe(1);
  });

  test("property: a sequencer's output is all next to a checker, across the wrap", () => {
    fc.assert(
      fc.property(fc.nat({ max: LINK_SEQ_MAX - 1 }), fc.integer({ min: 1, max: 50 }), (start, count) => {
        const sequencer = new LinkSequencer();
        (sequencer as unknown as { lastOfLink: number }).lastOfLink = start;
        const checker = new LinkSequenceChecker();
        expect(checker.accept(1, sequencer.next())).toBe("first");
        for (let i = 1; i < count; i++) expect(checker.accept(1, sequencer.next())).toBe("next");
      }),
    );
  });
});
