/**
 * Hostile bytes: whatever arrives, the decoders return a value (a packet or a ProtocolError),
 * never throw, always finish, and never build more decoded values than the body had bytes.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ProtocolError, clientCodec, serverCodec, type PacketCodec } from "./index.ts";
import { decodedSize, fieldsArbitrary } from "./testing/layout-arbitrary.ts";

const GARBAGE_RUNS = 3000;
const MAX_GARBAGE_BYTES = 512;

function decodeSafely(codec: PacketCodec, body: Uint8Array) {
  let result;
  try {
    result = codec.decode(body);
  } catch (error) {
    throw new Error(`decode threw for ${Buffer.from(body).toString("hex")}: ${String(error)}`);
  }
  if (result.ok) {
    // Every decoded value costs at least one byte after the 2-byte id.
    expect(decodedSize(result.packet.fields)).toBeLessThanOrEqual(Math.max(0, body.length - 2));
    // A packet that decoded re-encodes to a body that decodes to the same fields.
    const again = codec.encode(result.packet.name, result.packet.fields);
    if (!again.ok) throw again.error;
    const twice = codec.decode(again.body);
    expect(twice.ok && twice.packet.fields).toEqual(result.packet.fields);
  } else {
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(typeof result.error.code).toBe("string");
  }
  return result;
}

/** A body whose id is a real packet of the table, followed by random bytes. */
function bodyWithKnownId(codec: PacketCodec): fc.Arbitrary<Uint8Array> {
  const ids = codec.packets.map((p) => p.id);
  return fc.tuple(fc.constantFrom(...ids), fc.uint8Array({ maxLength: MAX_GARBAGE_BYTES })).map(([id, tail]) => {
    const body = new Uint8Array(2 + tail.length);
    body[0] = id & 0xff;
    body[1] = id >> 8;
    body.set(tail, 2);
    return body;
  });
}

/** A valid body of a random packet, then truncated, extended or with one byte changed. */
function mutatedValidBody(codec: PacketCodec): fc.Arbitrary<Uint8Array> {
  const valid = fc.constantFrom(...codec.packets).chain((row) =>
    fieldsArbitrary(row.def.layout).map((fields) => {
      const encoded = codec.encode(row.name, fields);
      if (!encoded.ok) throw encoded.error;
      return encoded.body;
    }),
  );
  return fc.tuple(valid, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom("cut", "extend", "flip")).map(
    ([body, where, byte, how]) => {
      if (how === "cut") return body.slice(0, where % (body.length + 1));
      if (how === "extend") return Uint8Array.of(...body, byte);
      const copy = body.slice();
      copy[where % copy.length] = byte;
      return copy;
    },
  );
}

for (const codec of [serverCodec, clientCodec]) {
  describe(`${codec.direction} decoder under hostile input`, () => {
    test("random bytes only ever give a packet or a ProtocolError", () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: MAX_GARBAGE_BYTES }), (body) => {
          decodeSafely(codec, body);
        }),
        { numRuns: GARBAGE_RUNS },
      );
    });

    test("a real packet id followed by random bytes", () => {
      fc.assert(
        fc.property(bodyWithKnownId(codec), (body) => {
          decodeSafely(codec, body);
        }),
        { numRuns: GARBAGE_RUNS },
      );
    });

    test("valid bodies cut, extended or with one byte changed", () => {
      fc.assert(
        fc.property(mutatedValidBody(codec), (body) => {
          decodeSafely(codec, body);
        }),
        { numRuns: GARBAGE_RUNS },
      );
    });

    test("every valid body cut short by any amount is `truncated` or still a packet, never extra", () => {
      for (const row of codec.packets) {
        const [fields] = fc.sample(fieldsArbitrary(row.def.layout), { numRuns: 1, seed: row.id });
        const encoded = codec.encode(row.name, fields);
        if (!encoded.ok) throw encoded.error;
        for (let cut = 2; cut < encoded.body.length; cut++) {
          const result = decodeSafely(codec, encoded.body.subarray(0, cut));
          if (!result.ok) expect(["truncated", "bad_string", "bad_varint", "bad_count"]).toContain(result.error.code);
        }
      }
    });
  });
}

test("a 65,535-byte body of a list packet is refused or decoded without blowing up", () => {
  // AccountCharacterList announcing the largest count that fits, then zeros: each entry needs at
  // least 14 bytes, so the count is refused before anything is allocated for it.
  const body = new Uint8Array(65_535);
  body.set([0xc7, 0x00, 0xff, 0xff, 0x03], 0);
  const result = serverCodec.decode(body);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe("truncated");
});

test("a body over 65,535 bytes (a WebSocket message, say) is frame_too_large", () => {
  const result = clientCodec.decode(new Uint8Array(65_536));
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe("frame_too_large");
});
