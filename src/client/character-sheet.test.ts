/**
 * The character window without a browser: `Atributes` and `MiniStats` bodies (the bytes the
 * server's `MapPackets.attributes` / `miniStats` write, golden in `src/map/protocol-packets.test.ts`)
 * fill the state, hostile counters read 0 and unknown ids say so, the rows show "?" until the
 * server answered, and opening the window sends `RequestAtributes` then `RequestMiniStats`, as
 * the stock statistics button does, only while in the world.
 */
import { describe, expect, test } from "bun:test";
import { decodeServerPacket, fromHex } from "../protocol/index.ts";
import { attributeRows, CHARACTER_TEXT, miniStatsRows } from "./character-sheet-rules.ts";
import { loggedInSession, RecordingTransport, serverBody } from "./client-fixtures.test-support.ts";
import { ClientSession } from "./client-session.ts";
import { createGameState, resetWorld } from "./game-state.ts";
import { reduceServerPacket } from "./packet-reducer.ts";

/** The body of the server's `Atributes` for STR 18, AGI 19, INT 20, CON 21, CHA 15 (frame minus its length). */
const ATRIBUTES_BODY = fromHex("43 00 12 13 14 15 0f")!;
/** The body of a `MiniStats`: 1, 258, status 3, 70000, class 4, 5, 6, gender 2, 7, race 6. */
const MINI_STATS_BODY = fromHex("4f 00 01 00 00 00 02 01 00 00 03 70 11 01 00 04 05 00 00 00 06 00 00 00 02 07 00 00 00 06")!;

function values(rows: readonly { key: string; value: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

describe("character window state (reducer)", () => {
  test("Atributes fills the five attributes in the wire's order (STR, AGI, INT, CON, CHA)", () => {
    const { session } = loggedInSession();
    expect(session.state.stats.attributes).toBeNull();
    session.receive(ATRIBUTES_BODY, 0);
    expect(session.state.stats.attributes).toEqual({ strength: 18, agility: 19, intelligence: 20, constitution: 21, charisma: 15 });
    expect(values(attributeRows(session.state))).toEqual({ strength: "18", agility: "19", intelligence: "20", constitution: "21", charisma: "15" });
  });

  test("MiniStats fills the counters and names the ids", () => {
    const { session } = loggedInSession();
    session.receive(MINI_STATS_BODY, 0);
    expect(session.state.stats.miniStats).toEqual({
      citizensKilled: 1,
      criminalsKilled: 258,
      factionStatus: 3,
      npcsKilled: 70_000,
      classId: 4,
      jailMinutes: 5,
      deaths: 6,
      gender: 2,
      fishingPoints: 7,
      race: 6,
    });
    expect(values(miniStatsRows(session.state))).toEqual({
      factionStatus: "Armada Real",
      classId: "Asesino",
      race: "Orco",
      gender: "Mujer",
      criminalsKilled: "258",
      citizensKilled: "1",
      npcsKilled: "70000",
      deaths: "6",
      jailMinutes: "5 min",
      fishingPoints: "7",
    });
  });

  test("a hostile MiniStats: negative counters read 0, unknown status, class, race and gender say so", () => {
    const state = createGameState();
    const body = serverBody("MiniStats", {
      citizensKilled: -1,
      criminalsKilled: -2_147_483_648,
      status: 200,
      npcsKilled: -5,
      class: 0,
      penalty: -60,
      deaths: -1,
      gender: 9,
      fishingPoints: -3,
      race: 77,
    });
    const decoded = decodeServerPacket(body);
    if (!decoded.ok) throw decoded.error;
    expect(reduceServerPacket(state, decoded.packet, 0)).toEqual([]);
    expect(values(miniStatsRows(state))).toEqual({
      factionStatus: "desconocido (200)",
      classId: "desconocido (0)",
      race: "desconocido (77)",
      gender: "desconocido (9)",
      criminalsKilled: "0",
      citizensKilled: "0",
      npcsKilled: "0",
      deaths: "0",
      jailMinutes: "0 min",
      fishingPoints: "0",
    });
  });

  test("before any answer every row is unknown; a new login forgets the last answers", () => {
    const state = createGameState();
    for (const row of [...attributeRows(state), ...miniStatsRows(state)]) expect(row.value).toBe(CHARACTER_TEXT.unknownValue);
    const decoded = decodeServerPacket(ATRIBUTES_BODY);
    if (!decoded.ok) throw decoded.error;
    reduceServerPacket(state, decoded.packet, 0);
    expect(state.stats.attributes).not.toBeNull();
    resetWorld(state);
    expect(state.stats.attributes).toBeNull();
    expect(state.stats.miniStats).toBeNull();
  });

  test("the rows keep the stock window's order and labels", () => {
    const state = createGameState();
    expect(attributeRows(state).map((row) => row.label)).toEqual(["Fuerza", "Agilidad", "Inteligencia", "Constitución", "Carisma"]);
    expect(miniStatsRows(state).map((row) => row.key)).toEqual([
      "factionStatus",
      "classId",
      "race",
      "gender",
      "criminalsKilled",
      "citizensKilled",
      "npcsKilled",
      "deaths",
      "jailMinutes",
      "fishingPoints",
    ]);
  });
});

describe("/EST in the browser (the chat box sends RequestStats)", () => {
  test("the sheet's locale lines show in the console in our wording, holes filled", () => {
    const { session } = loggedInSession();
    session.receive(serverBody("LocaleMsg", { messageId: 1295, params: "Tester", fontIndex: 3 }), 0);
    session.receive(serverBody("LocaleMsg", { messageId: 1857, params: "4¬150¬400", fontIndex: 3 }), 0);
    session.receive(serverBody("LocaleMsg", { messageId: 1098, params: "", fontIndex: 3 }), 0);
    expect(session.state.console.slice(-3).map((line) => [line.text, line.tone])).toEqual([
      ["Estadísticas de Tester", "info"],
      ["Nivel: 4, experiencia: 150/400", "info"],
      ["Defensa del cuerpo (mín./máx.): 0", "info"],
    ]);
  });
});

describe("opening the character window (session)", () => {
  test("sends RequestAtributes then RequestMiniStats, as the stock statistics button", () => {
    const { session, transport } = loggedInSession();
    expect(session.requestCharacterSheet()).toBe(true);
    expect(transport.take()).toEqual([
      { name: "RequestAtributes", id: 85, fields: {} },
      { name: "RequestMiniStats", id: 87, fields: {} },
    ]);
  });

  test("sends nothing before the game starts", () => {
    const transport = new RecordingTransport();
    const session = new ClientSession({ transport });
    expect(session.requestCharacterSheet()).toBe(false);
    expect(transport.take()).toEqual([]);
  });
});
