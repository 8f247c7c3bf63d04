import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  PacketWriter,
  SERVER_PACKETS,
  serverCodec,
  toHex,
  writeCharacterChange,
  writeCharacterCreate,
  writeCharacterMove,
  writeCharacterRemove,
  writeChatOverHead,
  writeConnected,
  writePosUpdate,
  CONNECTED_DEBUG_ARRAY,
  STOCK_INTERVALS_MS,
  writeServerPacket,
  type CharacterChangeFields,
  type CharacterCreateFields,
} from "./index.ts";
import { fieldsArbitrary } from "./testing/layout-arbitrary.ts";

/** The hot writer's bytes must equal the table-driven encoder's for any valid fields. */
function sameAsTable(name: keyof typeof SERVER_PACKETS, hot: (w: PacketWriter, fields: Record<string, unknown>) => unknown): void {
  fc.assert(
    fc.property(fieldsArbitrary(SERVER_PACKETS[name].layout), (fields) => {
      const fast = new PacketWriter(8);
      hot(fast, fields);
      const table = new PacketWriter(8);
      expect(serverCodec.writeFrame(table, name, fields)).toBeUndefined();
      expect(toHex(fast.bytes())).toBe(toHex(table.bytes()));
    }),
    { numRuns: 300 },
  );
}

describe("hot writers equal the table-driven encoder", () => {
  test("CharacterMove", () => sameAsTable("CharacterMove", (w, f) => writeCharacterMove(w, f.charIndex as number, f.x as number, f.y as number)));
  test("PosUpdate", () => sameAsTable("PosUpdate", (w, f) => writePosUpdate(w, f.x as number, f.y as number)));
  test("CharacterRemove", () =>
    sameAsTable("CharacterRemove", (w, f) => writeCharacterRemove(w, f.charIndex as number, f.fadeOut as boolean, f.wasWarp as boolean)));
  test("ChatOverHead", () =>
    sameAsTable("ChatOverHead", (w, f) =>
      writeChatOverHead(
        w,
        f.text as string,
        f.charIndex as number,
        f.color as number,
        f.isSpell as boolean,
        f.x as number,
        f.y as number,
        f.minDisplayMs as number,
        f.maxDisplayMs as number,
      ),
    ));
  test("CharacterCreate", () => sameAsTable("CharacterCreate", (w, f) => writeCharacterCreate(w, f as CharacterCreateFields)));
  test("CharacterChange", () => sameAsTable("CharacterChange", (w, f) => writeCharacterChange(w, f as CharacterChangeFields)));
});

describe("hot writers on the wire", () => {
  test("§1.4 examples, appended into one buffer", () => {
    const w = new PacketWriter();
    writeCharacterMove(w, 5, 50, 51);
    writePosUpdate(w, 50, 51);
    expect(writeChatOverHead(w, "hola", 5, 0xffffff, false, 50, 51, 0, 0)).toBe(true);
    expect(toHex(w.bytes(), " ")).toBe(
      "06 00 2c 00 05 00 32 33 " + "04 00 1f 00 32 33 " + "14 00 23 00 04 68 6f 6c 61 05 00 ff ff ff 00 00 32 33 00 00 00 00",
    );
  });

  test("Connected with and without the §1.5 debug payload; the payload constant as a field value", () => {
    const w = new PacketWriter();
    writeConnected(w);
    writeConnected(w, false);
    expect(toHex(w.bytes(), " ")).toBe("0f 00 01 00 01 01 0a 01 02 03 04 05 06 07 08 09 0a 02 00 01 00");
    const generic = new PacketWriter();
    expect(writeServerPacket(generic, "Connected", { debugArray: CONNECTED_DEBUG_ARRAY })).toBeUndefined();
    expect(toHex(generic.bytes())).toBe(toHex(w.bytes().subarray(0, 17)));
  });

  test("the stock intervals encode to the §6.1 Intervals frame", () => {
    const w = new PacketWriter();
    expect(writeServerPacket(w, "Intervals", STOCK_INTERVALS_MS)).toBeUndefined();
    expect(toHex(w.bytes().subarray(0, 8), " ")).toBe("42 00 9e 00 8d 04 00 00");
    expect(toHex(w.bytes().subarray(24, 28), " ")).toBe("d2 00 00 00"); // walkMs = 210, the sixth i32
  });

  test("a chat line too long for one frame is dropped, leaving earlier frames intact", () => {
    const w = new PacketWriter();
    writePosUpdate(w, 1, 2);
    expect(writeChatOverHead(w, "x".repeat(65_530), 5, 0, false, 0, 0, 0, 0)).toBe(false);
    expect(toHex(w.bytes(), " ")).toBe("04 00 1f 00 01 02");
    expect(writeServerPacket(w, "ChatOverHead", { text: "x".repeat(65_530), charIndex: 5, color: 0, isSpell: false, x: 0, y: 0, minDisplayMs: 0, maxDisplayMs: 0 })?.code).toBe(
      "frame_too_large",
    );
    expect(w.length).toBe(6);
  });
});
