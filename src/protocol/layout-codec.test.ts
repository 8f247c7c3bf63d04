import { describe, expect, test } from "bun:test";
import { clientCodec, encodeClientPacket, encodeServerPacket, serverCodec, toHex } from "./index.ts";

function badField(result: ReturnType<typeof serverCodec.encode>): { code: string; field: string | undefined; message: string } {
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error("expected an error");
  return { code: result.error.code, field: result.error.field, message: result.error.message };
}

describe("encoding untrusted fields", () => {
  test("objects by name and wire-order arrays give the same bytes", () => {
    const a = encodeServerPacket("CharacterMove", { charIndex: 5, x: 50, y: 51 });
    const b = encodeServerPacket("CharacterMove", [5, 50, 51]);
    expect(a.ok && toHex(a.body)).toBe("2c0005003233");
    expect(b.ok && toHex(b.body)).toBe("2c0005003233");
  });

  test("list items may be arrays too, and bytes may be hex or byte arrays", () => {
    const list = serverCodec.encode("UpdateGroupInfo", [[["Ana", 5, 3, 10, 20]]]);
    expect(list.ok && toHex(list.body)).toBe("c1000103416e61050003000a001400");
    const hexBytes = clientCodec.encode("AntiCheatMessage", { buffer: { bounds: [{ lowerBound: 0, count: 2 }], data: "aa bb" } });
    const arrayBytes = clientCodec.encode("AntiCheatMessage", [{ bounds: [{ lowerBound: 0, count: 2 }], data: [0xaa, 0xbb] }]);
    expect(hexBytes.ok && toHex(hexBytes.body)).toBe("2e01010002aabb");
    expect(arrayBytes.ok && toHex(arrayBytes.body)).toBe("2e01010002aabb");
  });

  test("unknown packet names are unknown_name", () => {
    expect(serverCodec.encode("Walk", {})).toMatchObject({ ok: false, error: { code: "unknown_name" } });
  });

  test("missing, unknown, mistyped and out-of-range fields are bad_field with the field path", () => {
    expect(badField(encodeServerPacket("CharacterMove", { charIndex: 5, x: 50 } as never))).toMatchObject({ code: "bad_field", field: "y" });
    expect(badField(serverCodec.encode("CharacterMove", { charIndex: 5, x: 50, y: 51, z: 1 }))).toMatchObject({ field: "z" });
    expect(badField(serverCodec.encode("CharacterMove", { charIndex: "5", x: 50, y: 51 }))).toMatchObject({ field: "charIndex" });
    expect(badField(serverCodec.encode("CharacterMove", [5, 256, 51]))).toMatchObject({ field: "x" });
    expect(badField(serverCodec.encode("CharacterMove", [32_768, 1, 1]))).toMatchObject({ field: "charIndex" });
    expect(badField(serverCodec.encode("CharacterMove", [1.5, 1, 1]))).toMatchObject({ field: "charIndex" });
    expect(badField(serverCodec.encode("UpdateExp", [2 ** 31]))).toMatchObject({ field: "exp" });
    expect(badField(serverCodec.encode("Logged", [1]))).toMatchObject({ field: "newUser" });
    expect(badField(serverCodec.encode("ErrorMsg", ["\uD800"]))).toMatchObject({ field: "message" });
    expect(badField(serverCodec.encode("CharacterMove", [5, 50]))).toMatchObject({ field: "y" });
    expect(badField(serverCodec.encode("CharacterMove", [5, 50, 51, 52]))).toMatchObject({ code: "bad_field" });
    expect(badField(serverCodec.encode("CharacterMove", 5))).toMatchObject({ code: "bad_field" });
    expect(badField(serverCodec.encode("CharacterMove", null))).toMatchObject({ code: "bad_field" });
  });

  test("varints refuse negatives (the VB6 writer would mangle them)", () => {
    expect(badField(clientCodec.encode("LoginNewChar", ["Pepe", -1, 1, 1, 1, 1]))).toMatchObject({ field: "race" });
  });

  test("list lengths must fit their count type; fixed lists must be exact", () => {
    expect(badField(serverCodec.encode("CarpenterObjects", [new Array(256).fill(1)]))).toMatchObject({ field: "objIndexes" });
    expect(badField(serverCodec.encode("SendSkills", [[1, 2, 3]]))).toMatchObject({ field: "skills" });
    expect(badField(serverCodec.encode("SendClientToggles", [["ok", 5]]))).toMatchObject({ field: "toggles[1]" });
    expect(badField(serverCodec.encode("UpdateGroupInfo", [[{ name: "A", charIndex: 1, head: 1, minHp: 1 }]]))).toMatchObject({
      field: "members[0].maxHp",
    });
  });

  test("conditional fields: required when on the wire, refused when not", () => {
    expect(badField(encodeClientPacket("EquipItem", { slot: 1, isSkin: true, counter: 1 }))).toMatchObject({ field: "skinType" });
    expect(badField(encodeClientPacket("EquipItem", { slot: 1, isSkin: false, skinType: 2, counter: 1 }))).toMatchObject({
      field: "skinType",
    });
    const debug = clientCodec.encode("RequestDebug", [1, "Pepe"]);
    expect(debug.ok && toHex(debug.body)).toBe("2801010450657065");
    expect(badField(clientCodec.encode("RequestDebug", [2, "Pepe"]))).toMatchObject({ code: "bad_field" });
  });

  test("safe arrays must hold as many bytes as their bounds say", () => {
    expect(badField(clientCodec.encode("AntiCheatMessage", [{ bounds: [{ lowerBound: 0, count: 3 }], data: "aabb" }]))).toMatchObject({
      field: "buffer.data",
    });
    expect(badField(clientCodec.encode("AntiCheatMessage", [{ bounds: [], data: "zz" }]))).toMatchObject({ field: "buffer.data" });
  });

  test("a trailing optional group is present exactly when given", () => {
    const release = serverCodec.encode("Connected", {});
    const debug = serverCodec.encode("Connected", [{ bounds: [{ lowerBound: 1, count: 1 }], data: [7] }]);
    expect(release.ok && toHex(release.body)).toBe("0100");
    expect(debug.ok && toHex(debug.body)).toBe("010001010107");
  });
});
