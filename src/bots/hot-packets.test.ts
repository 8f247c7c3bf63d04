import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { CHARACTER_CREATE_DEFAULTS, decodeServerPacket, encodeServerPacket, type CharacterCreateFields } from "../protocol/index.ts";
import { CHARACTER_CREATE_ID, CHARACTER_MOVE_ID, moveCharIndexAt, packetIdAt, readCharacterCreate, type CharPlacement } from "./hot-packets.ts";

function body(fields: CharacterCreateFields): Uint8Array {
  const encoded = encodeServerPacket("CharacterCreate", fields);
  if (!encoded.ok) throw encoded.error;
  return encoded.body;
}

const text = fc.string({ unit: "binary", maxLength: 200 });

describe("hot packet readers agree with the codec", () => {
  test("CharacterMove: id and char index read in place, golden bytes", () => {
    const encoded = encodeServerPacket("CharacterMove", { charIndex: -2, x: 100, y: 7 });
    if (!encoded.ok) throw encoded.error;
    // A body inside a larger buffer, as a TCP read delivers it.
    const read = new Uint8Array([9, 9, 9, ...encoded.body, 9]);
    expect(Array.from(encoded.body)).toEqual([44, 0, 0xfe, 0xff, 100, 7]);
    expect(packetIdAt(read, 3)).toBe(CHARACTER_MOVE_ID);
    expect(moveCharIndexAt(read, 3)).toBe(-2);
  });

  test("CharacterCreate: char index, position and NPC flag for any names and auras (long ones too)", () => {
    fc.assert(
      fc.property(
        fc.record({
          charIndex: fc.integer({ min: -32768, max: 32767 }),
          x: fc.integer({ min: 0, max: 255 }),
          y: fc.integer({ min: 0, max: 255 }),
          name: text,
          headAura: text,
          shieldAura: fc.string({ maxLength: 400 }),
          isNpc: fc.integer({ min: 0, max: 255 }),
          body: fc.integer({ min: -32768, max: 32767 }),
          speeding: fc.float({ noNaN: true }),
        }),
        (picked) => {
          const fields: CharacterCreateFields = { ...CHARACTER_CREATE_DEFAULTS, ...picked };
          const bytes = body(fields);
          const decoded = decodeServerPacket(bytes);
          if (!decoded.ok || decoded.packet.name !== "CharacterCreate") throw new Error("codec refused its own packet");
          const expected = decoded.packet.fields;
          const out: CharPlacement = { charIndex: 0, x: 0, y: 0, isNpc: false, body: 0 };
          const padded = new Uint8Array(bytes.length + 5);
          padded.set(bytes, 2);
          expect(packetIdAt(padded, 2)).toBe(CHARACTER_CREATE_ID);
          expect(readCharacterCreate(padded, 2, 2 + bytes.length, out)).toBe(true);
          expect(out).toEqual({ charIndex: expected.charIndex, x: expected.x, y: expected.y, isNpc: expected.isNpc !== 0, body: expected.body });
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a cut or corrupt CharacterCreate is refused, never read past its end", () => {
    const full = body({ ...CHARACTER_CREATE_DEFAULTS, charIndex: 5, x: 3, y: 4, name: "Nombre", bodyAura: "aura" });
    const out: CharPlacement = { charIndex: 0, x: 0, y: 0, isNpc: false, body: 0 };
    // Every cut before isNpc is refused (the fields after it are not needed here): after isNpc
    // come appear u8, groupIndex i16, clanIndex i16, clanLevel u8, four i32 vitals, five u8 and
    // npcNumber i16, 29 bytes.
    const isNpcAt = full.length - 1 - 29;
    for (let cut = 0; cut <= isNpcAt; cut++) expect([cut, readCharacterCreate(full, 0, cut, out)]).toEqual([cut, false]);
    expect(readCharacterCreate(full, 0, isNpcAt + 1, out)).toBe(true);
    // A string length running past the end.
    const corrupt = full.slice();
    corrupt[25] = 0xff;
    corrupt[26] = 0xff;
    expect(readCharacterCreate(corrupt, 0, corrupt.length, out)).toBe(false);
  });
});
