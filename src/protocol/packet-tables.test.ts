import { describe, expect, test } from "bun:test";
import {
  CLIENT_PACKETS,
  ClientPacketId,
  SERVER_PACKETS,
  ServerPacketId,
  checkLayout,
  clientCodec,
  clientPacketId,
  clientPacketName,
  describeLayout,
  packetsWithoutReferenceLayout,
  serverCodec,
  serverPacketId,
  serverPacketName,
} from "./index.ts";

describe("packet tables", () => {
  test("every layout is well formed", () => {
    for (const [name, def] of [...Object.entries(SERVER_PACKETS), ...Object.entries(CLIENT_PACKETS)]) {
      expect({ name, problems: checkLayout(def.layout) }).toEqual({ name, problems: [] });
    }
  });

  test("anchor ids of §3.1 and §4", () => {
    expect(ServerPacketId).toMatchObject({
      Connected: 1,
      Logged: 2,
      Disconnect: 7,
      ChangeMap: 30,
      PosUpdate: 31,
      ChatOverHead: 35,
      ErrorMsg: 73,
      ShowMessageBox: 40,
      CharacterCreate: 42,
      CharacterRemove: 43,
      CharacterMove: 44,
      UserIndexInServer: 46,
      UserCharIndexInServer: 47,
      CharacterChange: 49,
      AreaChanged: 57,
      UpdateUserStats: 61,
      ChangeInventorySlot: 63,
      Intervals: 158,
      SendClientToggles: 195,
      AccountCharacterList: 199,
      GuildConfig: 201,
      ShowPickUpObj: 202,
    });
    expect(ClientPacketId).toMatchObject({
      EquipItem: 5,
      ChangeHeading: 6,
      Quit: 39,
      LoginExistingChar: 73,
      LoginNewChar: 74,
      Talk: 75,
      Yell: 76,
      Whisper: 77,
      Walk: 78,
      RequestPositionUpdate: 79,
      Attack: 80,
      PickUp: 81,
      Drop: 93,
      CastSpell: 94,
      UseItem: 99,
      UseItemU: 288,
      CreateAccount: 304,
      LoginAccount: 305,
      HooClientCapabilities: 312,
    });
  });

  test("name ↔ id lookups agree in both directions", () => {
    for (const codec of [serverCodec, clientCodec]) {
      for (const p of codec.packets) {
        expect(codec.byId[p.id]?.name).toBe(p.name);
        expect(codec.get(p.name)?.id).toBe(p.id);
        expect(codec.find(p.name.toUpperCase())?.id).toBe(p.id);
      }
    }
    expect(serverPacketName(44)).toBe("CharacterMove");
    expect(serverPacketId("CharacterMove")).toBe(44);
    expect(clientPacketName(78)).toBe("Walk");
    expect(clientPacketId("Walk")).toBe(78);
    expect(serverPacketName(0)).toBeUndefined();
    expect(serverPacketName(203)).toBeUndefined();
    expect(clientPacketName(313)).toBeUndefined();
    expect(clientPacketId("walk")).toBeUndefined();
  });

  test("names drop the enum's leading e and start upper-case", () => {
    for (const name of [...Object.keys(SERVER_PACKETS), ...Object.keys(CLIENT_PACKETS)]) {
      expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    }
    expect(ServerPacketId.Fxpiso).toBe(51);
    expect(ServerPacketId.Hora).toBe(117);
    expect(ClientPacketId.Home).toBe(264);
  });

  test("packets without a reference layout are listed with their provenance", () => {
    const rows = packetsWithoutReferenceLayout();
    const key = rows.map((r) => `${r.direction}:${r.id}:${r.source}`);
    expect(key).toEqual([
      "server:143:vb6-source",
      "server:153:vb6-source",
      "server:155:vb6-source",
      "server:173:vb6-source",
      "server:174:vb6-source",
      "server:183:vb6-source",
      "server:190:vb6-source",
      "server:193:vb6-source",
      "server:198:vb6-source",
      "client:248:vb6-source",
      "client:303:opaque",
      "client:307:opaque",
    ]);
    for (const row of rows) expect(row.note.length).toBeGreaterThan(0);
  });

  test("layouts describe themselves in one line", () => {
    expect(describeLayout(CLIENT_PACKETS.Walk.layout)).toBe("u8 heading, i32 counter");
    expect(describeLayout(CLIENT_PACKETS.Quit.layout)).toBe("(no payload)");
    expect(describeLayout(CLIENT_PACKETS.EquipItem.layout)).toBe("u8 slot, bool isSkin, if isSkin [u8 skinType], i32 counter");
    expect(describeLayout(SERVER_PACKETS.ShopInit.layout)).toBe(
      "i16 count(items), i32 credits, items: count(items) × {i32 objNumber, i32 price, str name}",
    );
    expect(describeLayout(SERVER_PACKETS.SendClientToggles.layout)).toBe("toggles: i16 count × str");
  });
});
