/**
 * Test helpers for the client's pure parts: real map grids from the default world, server
 * packets encoded with the protocol library, and a transport that decodes what the client sent.
 */
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { mapToApiJson } from "../content/pack/index.ts";
import { parseMapJson, type MapGrid } from "../game/map-json/index.ts";
import {
  CHARACTER_CREATE_DEFAULTS,
  CONNECTED_DEBUG_ARRAY,
  STOCK_INTERVALS_MS,
  decodeClientPacket,
  encodeServerPacket,
  type ClientPacket,
  type CharacterCreateFields,
  type ServerPacketFields,
  type ServerPacketName,
} from "../protocol/index.ts";
import type { Transport } from "./client-outbox.ts";
import { ClientSession } from "./client-session.ts";

const maps = buildDefaultMaps();

/** The `GET /api/map/:id` document of a default-world map, through a JSON round trip like HTTP. */
export function defaultMapJson(id: number): unknown {
  const map = maps.find((m) => m.id === id);
  if (!map) throw new Error(`no default map ${id}`);
  return JSON.parse(JSON.stringify(mapToApiJson(map)));
}

export function defaultGrid(id: number = DEFAULT_WORLD_MAP_IDS.town): MapGrid {
  const parsed = parseMapJson(defaultMapJson(id));
  if (!parsed.ok) throw parsed.error;
  return parsed.grid;
}

/** One server packet body, as the WebSocket delivers it. */
export function serverBody<N extends ServerPacketName>(name: N, fields: ServerPacketFields<N>): Uint8Array {
  const encoded = encodeServerPacket(name, fields as never);
  if (!encoded.ok) throw encoded.error;
  return encoded.body;
}

/** Collects and decodes every body the client sends. */
export class RecordingTransport implements Transport {
  readonly sent: ClientPacket[] = [];
  closed = false;
  send(body: Uint8Array): void {
    const decoded = decodeClientPacket(body);
    if (!decoded.ok) throw decoded.error;
    this.sent.push(decoded.packet);
  }
  close(): void {
    this.closed = true;
  }
  /** Packets sent since the last call. */
  take(): ClientPacket[] {
    return this.sent.splice(0, this.sent.length);
  }
}

export function charFields(overrides: Partial<CharacterCreateFields> & Pick<CharacterCreateFields, "charIndex" | "x" | "y">): CharacterCreateFields {
  return {
    ...CHARACTER_CREATE_DEFAULTS,
    body: 1,
    head: 1,
    weapon: 2,
    shield: 2,
    helmet: 2,
    cart: 2,
    name: "Someone",
    status: 1,
    privileges: 1,
    minHp: 10,
    maxHp: 10,
    ...overrides,
  };
}

/** Own char index used by `loggedInSession`. */
export const OWN_CHAR = 7;
/** Where `loggedInSession` puts the player: the town plaza, next to the fountain. */
export const START = { x: 46, y: 46 } as const;

/**
 * A session that went through the stock login burst on the default town, with the town's grid
 * installed, at time `nowMs`. Returns the session and its transport (emptied).
 */
export function loggedInSession(nowMs = 0, walkMs: number = STOCK_INTERVALS_MS.walkMs): { session: ClientSession; transport: RecordingTransport } {
  const transport = new RecordingTransport();
  const session = new ClientSession({ transport });
  const feed = (body: Uint8Array) => session.receive(body, nowMs);
  feed(serverBody("Connected", { debugArray: CONNECTED_DEBUG_ARRAY }));
  session.loginAccount("player@example.org", "secret");
  feed(serverBody("AccountCharacterList", { characters: [] }));
  session.createCharacter({ name: "Tester", race: 1, gender: 1, classId: 3, head: 1, homeCity: 1 });
  feed(serverBody("SendClientToggles", { toggles: [] }));
  feed(serverBody("Intervals", { ...STOCK_INTERVALS_MS, walkMs }));
  feed(serverBody("ChangeInventorySlot", { slot: 1, objIndex: 8, amount: 1, equipped: true, salePrice: 0, canUse: 1, elementalTags: 0, bindable: false }));
  feed(serverBody("UserIndexInServer", { userIndex: 1 }));
  feed(serverBody("ChangeMap", { map: DEFAULT_WORLD_MAP_IDS.town, resourceMap: DEFAULT_WORLD_MAP_IDS.town }));
  session.setMap(defaultGrid(DEFAULT_WORLD_MAP_IDS.town));
  feed(serverBody("AreaChanged", START));
  feed(serverBody("CharacterCreate", charFields({ charIndex: OWN_CHAR, ...START, name: "Tester" })));
  feed(serverBody("UserCharIndexInServer", { charIndex: OWN_CHAR }));
  feed(
    serverBody("UpdateUserStats", {
      maxHp: 30,
      minHp: 25,
      shield: 0,
      maxMana: 0,
      minMana: 0,
      maxSta: 60,
      minSta: 40,
      gold: 100,
      goldPerLevelWallet: 0,
      level: 1,
      expToNextLevel: 300,
      exp: 12,
      class: 3,
    }),
  );
  feed(serverBody("ConsoleMsg", { text: "Bienvenido.", fontIndex: 3 }));
  feed(serverBody("Logged", { newUser: true }));
  transport.take();
  return { session, transport };
}
