/**
 * Round trip for every packet id of both tables: random fields → encode → decode → the same
 * fields, and decode → encode gives back the same bytes. Fields given as a wire-order array
 * encode to the same bytes as the object form.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { CLIENT_PACKET_COUNT, SERVER_PACKET_COUNT, clientCodec, serverCodec, toHex, type PacketCodec } from "./index.ts";
import { fieldsArbitrary, toWireOrderArray } from "./testing/layout-arbitrary.ts";

const RUNS_PER_PACKET = 30;

function roundTripAll(codec: PacketCodec, expectedCount: number): void {
  test(`the table has ${expectedCount} packets, ids 1..${expectedCount}`, () => {
    expect(codec.packets.length).toBe(expectedCount);
    expect(codec.packets.map((p) => p.id)).toEqual(Array.from({ length: expectedCount }, (_, i) => i + 1));
  });

  for (const row of codec.packets) {
    test(`${row.id} ${row.name}`, () => {
      fc.assert(
        fc.property(fieldsArbitrary(row.def.layout), (fields) => {
          const encoded = codec.encode(row.name, fields);
          if (!encoded.ok) throw encoded.error;
          const decoded = codec.decode(encoded.body);
          if (!decoded.ok) throw decoded.error;
          expect(decoded.packet.id).toBe(row.id);
          expect(decoded.packet.name).toBe(row.name);
          expect(decoded.packet.fields).toEqual(fields);
          // Wire order is the key order of the decoded object.
          expect(Object.keys(decoded.packet.fields)).toEqual(Object.keys(fields));
          const again = codec.encode(row.name, decoded.packet.fields);
          if (!again.ok) throw again.error;
          expect(toHex(again.body)).toBe(toHex(encoded.body));
          const fromArray = codec.encode(row.name, toWireOrderArray(row.def.layout, fields));
          if (!fromArray.ok) throw fromArray.error;
          expect(toHex(fromArray.body)).toBe(toHex(encoded.body));
        }),
        { numRuns: RUNS_PER_PACKET },
      );
    });
  }
}

describe("server → client round trip", () => roundTripAll(serverCodec, SERVER_PACKET_COUNT));
describe("client → server round trip", () => roundTripAll(clientCodec, CLIENT_PACKET_COUNT));
