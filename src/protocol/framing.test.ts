import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  FrameDecoder,
  MAX_FRAME_BODY_BYTES,
  PacketWriter,
  ProtocolError,
  bodyOfFrame,
  bodyOfWebSocketMessage,
  decodeServerPacket,
  encodeFrames,
  frameBody,
  fromHex,
  splitFrames,
  toHex,
  webSocketMessageOfFrame,
  writeCharacterMove,
  writePosUpdate,
} from "./index.ts";

interface StreamOutcome {
  bodies: string[];
  error?: { code: string; offset: number | undefined };
  maxBuffered: number;
}

/** Feeds `stream` to a fresh decoder in the given chunks and records what comes out. */
function run(stream: Uint8Array, cuts: number[], maxBodyBytes?: number): StreamOutcome {
  const decoder = new FrameDecoder(maxBodyBytes === undefined ? {} : { maxBodyBytes });
  const outcome: StreamOutcome = { bodies: [], maxBuffered: 0 };
  const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...points, stream.length]) {
    if (end < start) continue;
    const error = decoder.push(stream.subarray(start, end), (body) => outcome.bodies.push(toHex(body)));
    outcome.maxBuffered = Math.max(outcome.maxBuffered, decoder.bufferedBytes);
    start = end;
    if (error) {
      outcome.error = { code: error.code, offset: error.offset };
      break;
    }
  }
  return outcome;
}

const body = fc.uint8Array({ minLength: 1, maxLength: 300 });

describe("FrameDecoder", () => {
  test("frames of valid bodies come out unchanged however the stream is split", () => {
    fc.assert(
      fc.property(fc.array(body, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), (bodies, cuts) => {
        const stream = encodeFrames(bodies);
        const whole = run(stream, []);
        expect(whole.bodies).toEqual(bodies.map((b) => toHex(b)));
        expect(whole.error).toBeUndefined();
        expect(run(stream, cuts)).toMatchObject({ bodies: whole.bodies });
      }),
      { numRuns: 500 },
    );
  });

  test("random byte streams split at random points decode exactly like the whole stream", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2000 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.constantFrom(undefined, 16, 300, MAX_FRAME_BODY_BYTES),
        (stream, cuts, max) => {
          const whole = run(stream, [], max);
          const split = run(stream, cuts, max);
          expect(split.bodies).toEqual(whole.bodies);
          expect(split.error).toEqual(whole.error);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("byte-by-byte feeding gives the same frames", () => {
    fc.assert(
      fc.property(fc.array(body, { maxLength: 6 }), (bodies) => {
        const stream = encodeFrames(bodies);
        const every = Array.from({ length: stream.length }, (_, i) => i);
        expect(run(stream, every).bodies).toEqual(bodies.map((b) => toHex(b)));
      }),
      { numRuns: 100 },
    );
  });

  test("never buffers more than one frame (body limit + 2 header bytes)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.array(fc.nat(), { maxLength: 40 }), fc.constantFrom(8, 64, 700), (stream, cuts, max) => {
        expect(run(stream, cuts, max).maxBuffered).toBeLessThanOrEqual(max + 2);
      }),
      { numRuns: 500 },
    );
  });

  test("a partial maximum-size frame holds exactly its own size", () => {
    const decoder = new FrameDecoder();
    const header = Uint8Array.of(0xff, 0xff);
    const bodies: Uint8Array[] = [];
    expect(decoder.push(header, (b) => bodies.push(b))).toBeUndefined();
    expect(decoder.push(new Uint8Array(65_000), (b) => bodies.push(b))).toBeUndefined();
    expect(decoder.bufferedBytes).toBe(65_000);
    expect(decoder.push(new Uint8Array(535), (b) => bodies.push(b))).toBeUndefined();
    expect(bodies.map((b) => b.length)).toEqual([65_535]);
    expect(decoder.bufferedBytes).toBe(0);
    expect(decoder.streamOffset).toBe(65_537);
  });

  test("length 0 is empty_frame, at the stream offset of the frame, and the decoder stays failed", () => {
    const decoder = new FrameDecoder();
    const bodies: string[] = [];
    const error = decoder.push(fromHex("04 00 1F 00 32 33 00 00 04 00")!, (b) => bodies.push(toHex(b)));
    expect(bodies).toEqual(["1f003233"]);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error?.code).toBe("empty_frame");
    expect(error?.offset).toBe(6);
    expect(decoder.push(fromHex("04 00 1F 00 32 33")!, (b) => bodies.push(toHex(b)))).toBe(error);
    expect(bodies.length).toBe(1);
  });

  test("a body above the configured limit is frame_too_large, even when its header arrives split", () => {
    const decoder = new FrameDecoder({ maxBodyBytes: 100 });
    expect(decoder.push(Uint8Array.of(0x65), () => {})).toBeUndefined();
    const error = decoder.push(Uint8Array.of(0x00), () => {});
    expect(error?.code).toBe("frame_too_large");
    expect(error?.offset).toBe(0);
  });

  test("rejects impossible limits", () => {
    expect(() => new FrameDecoder({ maxBodyBytes: 0 })).toThrow(RangeError);
    expect(() => new FrameDecoder({ maxBodyBytes: 65_536 })).toThrow(RangeError);
  });
});

describe("frame encoding helpers", () => {
  test("frameBody and encodeFrames write the u16 LE length before each body", () => {
    expect(toHex(frameBody(fromHex("1F 00 32 33")!), " ")).toBe("04 00 1f 00 32 33");
    const big = new Uint8Array(0x0123);
    expect(toHex(frameBody(big).subarray(0, 2))).toBe("2301");
    expect(toHex(encodeFrames([fromHex("1F 00 32 33")!, fromHex("02 00 00")!]), " ")).toBe("04 00 1f 00 32 33 03 00 02 00 00");
    expect(encodeFrames([]).length).toBe(0);
  });

  test("refuses bodies that cannot be framed", () => {
    expect(() => frameBody(new Uint8Array(0))).toThrow(ProtocolError);
    expect(() => encodeFrames([new Uint8Array(65_536)])).toThrow(ProtocolError);
  });

  test("splitFrames splits whole buffers and reports a cut tail", () => {
    const w = new PacketWriter();
    writeCharacterMove(w, 5, 50, 51);
    writePosUpdate(w, 50, 51);
    const split = splitFrames(w.bytes());
    expect(split.error).toBeUndefined();
    expect(split.bodies.map((b) => toHex(b))).toEqual(["2c0005003233", "1f003233"]);
    const cut = splitFrames(w.bytes().subarray(0, w.length - 1));
    expect(cut.bodies.map((b) => toHex(b))).toEqual(["2c0005003233"]);
    expect(cut.error?.code).toBe("truncated");
    expect(cut.error?.offset).toBe(8);
    expect(splitFrames(fromHex("00 00")!).error?.code).toBe("empty_frame");
    expect(splitFrames(fromHex("04")!).error?.code).toBe("truncated");
  });

  test("bodyOfFrame wants exactly one frame", () => {
    expect(bodyOfFrame(fromHex("04 00 1F 00 32 33")!)).toMatchObject({ ok: true });
    expect(bodyOfFrame(fromHex("04 00 1F 00 32")!)).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(bodyOfFrame(fromHex("04 00 1F 00 32 33 00")!)).toMatchObject({ ok: false, error: { code: "extra_bytes", offset: 6 } });
    expect(bodyOfFrame(fromHex("00 00")!)).toMatchObject({ ok: false, error: { code: "empty_frame" } });
    expect(bodyOfFrame(fromHex("04")!)).toMatchObject({ ok: false, error: { code: "truncated" } });
  });
});

describe("WebSocket mapping (§1.6): one message = one body", () => {
  test("a pre-encoded frame is also the WebSocket message, minus the prefix, without a copy", () => {
    const w = new PacketWriter();
    writeCharacterMove(w, 5, 50, 51);
    const frame = w.bytes();
    const message = webSocketMessageOfFrame(frame);
    expect(toHex(message, " ")).toBe("2c 00 05 00 32 33");
    expect(message.buffer).toBe(frame.buffer);
    const received = bodyOfWebSocketMessage(message);
    expect(received.ok).toBe(true);
    if (received.ok) expect(decodeServerPacket(received.body)).toMatchObject({ ok: true, packet: { name: "CharacterMove" } });
  });

  test("accepts ArrayBuffer and views, refuses empty and oversized messages", () => {
    const buffer = Uint8Array.of(0x1f, 0x00, 0x32, 0x33).buffer;
    expect(bodyOfWebSocketMessage(buffer)).toMatchObject({ ok: true });
    expect(bodyOfWebSocketMessage(new DataView(buffer, 2))).toMatchObject({ ok: true, body: Uint8Array.of(0x32, 0x33) });
    expect(bodyOfWebSocketMessage(new ArrayBuffer(0))).toMatchObject({ ok: false, error: { code: "empty_frame" } });
    expect(bodyOfWebSocketMessage(new Uint8Array(65_536))).toMatchObject({ ok: false, error: { code: "frame_too_large" } });
    expect(bodyOfWebSocketMessage(new Uint8Array(200), 100)).toMatchObject({ ok: false, error: { code: "frame_too_large" } });
  });
});
