/**
 * Players for end-to-end tests: a new account and character entering the world, or an existing
 * one logging in again, over either transport, with the login burst awaited.
 */
import { GameClient, type Transport } from "./game-client.ts";
import type { TestServer } from "./test-server.ts";

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

export async function createAndEnter(ts: TestServer, transport: Transport, prefix: string, email = `${uniqueName("u")}@test.local`): Promise<InWorld> {
  const client = await GameClient.connect(transport, ts.host, transport === "tcp" ? ts.tcpPort : ts.httpPort);
  await client.waitFor("Connected");
  client.send("CreateAccount", { email, password: PASSWORD });
  await client.waitFor("AccountCharacterList");
  const name = uniqueName(prefix);
  const from = client.received.length;
  client.send("LoginNewChar", { name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
  return finishEnter(client, from, name);
}

export async function loginExisting(ts: TestServer, transport: Transport, email: string, name: string): Promise<InWorld> {
  const client = await GameClient.connect(transport, ts.host, transport === "tcp" ? ts.tcpPort : ts.httpPort);
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

