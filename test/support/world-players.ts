/**
 * Players for end-to-end tests: a new account and character entering the world, or an existing
 * one logging in again, over either transport, with the login burst awaited.
 */
import { afterAll, beforeAll, expect } from "bun:test";
import type { CharacterRecord } from "../../src/game/character/index.ts";
import { GameClient, type Transport } from "./game-client.ts";
import { startTestServer, type Backend, type TestServer } from "./test-server.ts";

export const PASSWORD = "secreto123";
let unique = 0;
export const uniqueName = (prefix: string) => `${prefix}${String.fromCharCode(97 + (unique % 26))}${String.fromCharCode(97 + (Math.floor(unique++ / 26) % 26))}${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 4)}`;

export interface InWorld {
  client: GameClient;
  charIndex: number;
  charId: number;
  name: string;
  map: number;
  x: number;
  y: number;
}

/** Where a player connects: a test server, or a cluster's gateway (its HTTP port only for WebSocket). */
export interface GameEndpoint {
  host: string;
  tcpPort: number;
  httpPort?: number;
}

function connectTo(server: GameEndpoint, transport: Transport): Promise<GameClient> {
  if (transport === "ws" && server.httpPort === undefined) throw new Error("a WebSocket player needs the server's HTTP port");
  return GameClient.connect(transport, server.host, transport === "tcp" ? server.tcpPort : server.httpPort!);
}

export async function createAndEnter(ts: GameEndpoint, transport: Transport, prefix: string, email = `${uniqueName("u")}@test.local`): Promise<InWorld> {
  const client = await connectTo(ts, transport);
  await client.waitFor("Connected");
  client.send("CreateAccount", { email, password: PASSWORD });
  await client.waitFor("AccountCharacterList");
  const name = uniqueName(prefix);
  const from = client.received.length;
  client.send("LoginNewChar", { name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
  return finishEnter(client, from, name);
}

export async function loginExisting(ts: GameEndpoint, transport: Transport, email: string, name: string): Promise<InWorld> {
  const client = await connectTo(ts, transport);
  await client.waitFor("Connected");
  client.send("LoginAccount", { email, password: PASSWORD });
  const list = await client.waitFor("AccountCharacterList");
  const entry = (list.fields.characters as { id: number; name: string }[]).find((c) => c.name === name);
  if (!entry) throw new Error(`${name} not in the character list`);
  const from = client.received.length;
  client.send("LoginExistingChar", { charId: entry.id, name });
  return finishEnter(client, from, name);
}

export async function finishEnter(client: GameClient, from: number, name: string): Promise<InWorld> {
  await client.waitFor("Logged", () => true, from);
  client.resetCounters();
  const own = await client.waitFor("UserCharIndexInServer", () => true, from);
  const charIndex = own.fields.charIndex as number;
  const create = client.received.slice(from).find((p) => p.name === "CharacterCreate" && p.fields.charIndex === charIndex)!;
  const map = client.received.slice(from).find((p) => p.name === "ChangeMap")!.fields.map as number;
  return { client, charIndex, charId: 0, name, map, x: create.fields.x as number, y: create.fields.y as number };
}


/**
 * A real server for one `describe` block: started before its tests, stopped (and its clients
 * closed) after them. `ts` is the running server; `enter` makes a new player over `transport`
 * and closes its client at the end; `keep` does the same for a client made another way.
 */
export function liveWorld(backend: Backend, transport: Transport): { readonly ts: TestServer; enter(prefix: string, email?: string): Promise<InWorld>; keep(...clients: GameClient[]): void } {
  let server: TestServer | undefined;
  const open: GameClient[] = [];
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 120_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.stop();
    await server?.cleanup();
  }, 60_000);
  return {
    get ts(): TestServer {
      if (!server) throw new Error("the test server has not started");
      return server;
    },
    async enter(prefix, email) {
      const player = await createAndEnter(this.ts, transport, prefix, email);
      open.push(player.client);
      return player;
    },
    keep(...clients) {
      open.push(...clients);
    },
  };
}

/** Changes a character while it is offline (a test's shortcut instead of playing it there). */
export async function editOffline(ts: TestServer, name: string, edit: (record: CharacterRecord) => void): Promise<void> {
  // The logout's final save starts before the socket closes; let it land first.
  await ts.server.gateway.drainSaves();
  const characters = ts.server.database.characters;
  const record = await characters.findCharacterByName(name);
  if (!record) throw new Error(`no character ${name}`);
  edit(record);
  expect((await characters.saveCharacter(record)).kind).toBe("ok");
}

/** Moves a character while it is offline (instead of walking it there). */
export function moveOffline(ts: TestServer, name: string, map: number, x: number, y: number): Promise<void> {
  return editOffline(ts, name, (record) => {
    record.position = { ...record.position, map, x, y };
  });
}

/** `/SALIR` where the logout is immediate (a safe map, or a wait within `timeoutMs`): the server's `Disconnect`, then the close. */
export async function logOut(player: InWorld, timeoutMs?: number): Promise<void> {
  const from = player.client.received.length;
  player.client.send("Quit");
  await player.client.waitFor("Disconnect", () => true, from, timeoutMs);
  await player.client.waitForClose();
}

/** One step; resolves with where the server says the player stands (a refused step leaves it), after the walk interval. */
export async function walkAndReport(player: InWorld, heading: number): Promise<{ x: number; y: number }> {
  player.client.send("Walk", { heading });
  const from = player.client.received.length;
  player.client.send("RequestPositionUpdate");
  const update = await player.client.waitFor("PosUpdate", () => true, from);
  await Bun.sleep(260);
  return { x: update.fields.x as number, y: update.fields.y as number };
}
