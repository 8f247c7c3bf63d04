/**
 * The server marks characters online in the database while it holds them, and clears the mark
 * with their final save: logout, disconnect, shutdown; a start clears marks a crash left. Real
 * server, real sockets, on PGlite and on Postgres (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openDatabase } from "../src/db/index.ts";
import type { InternalDatabase } from "../src/db/database.ts";
import { GameClient } from "./support/game-client.ts";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";

const PASSWORD = "secreto123";
const MARK_WAIT_MS = 10_000;
let unique = 0;

/** The node recorded as the character's last claimer or writer (`owner_node`). */
async function ownerNodeOf(ts: TestServer, id: number): Promise<unknown> {
  const rows = (await (ts.server.database as InternalDatabase).sql.query("SELECT owner_node FROM characters WHERE id = $1", [id], "object")) as { owner_node: unknown }[];
  return rows[0]?.owner_node;
}

async function login(ts: TestServer, email: string, create: boolean, name: string, charId?: number): Promise<GameClient> {
  const client = await GameClient.connect("tcp", ts.host, ts.tcpPort);
  await client.waitFor("Connected");
  client.send(create ? "CreateAccount" : "LoginAccount", { email, password: PASSWORD });
  await client.waitFor("AccountCharacterList");
  if (create) client.send("LoginNewChar", { name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
  else client.send("LoginExistingChar", { charId, name });
  await client.waitFor("Logged");
  return client;
}

/** Waits until the character's mark is (or is not) set; the final save runs after the socket closed. */
async function until(ts: TestServer, id: number, online: boolean): Promise<void> {
  const deadline = performance.now() + MARK_WAIT_MS;
  for (;;) {
    const since = await ts.server.database.characters.onlineSince(id);
    if ((since !== null && since !== undefined) === online) return;
    if (performance.now() > deadline) throw new Error(`character ${id} still ${online ? "offline" : "online"} after ${MARK_WAIT_MS} ms`);
    await Bun.sleep(20);
  }
}

for (const backend of availableBackends()) {
  describe(`online mark on ${backend}`, () => {
    let ts: TestServer;
    const email = `marca${process.pid}${unique++}@test.local`;
    const name = `Marca${String.fromCharCode(97 + (process.pid % 26))}${String.fromCharCode(97 + unique)}`;
    let id = 0;

    beforeAll(async () => {
      ts = await startTestServer(backend);
    }, 120_000);

    afterAll(async () => {
      await ts?.stop();
      await ts?.cleanup();
    }, 60_000);

    test("set when the character enters the world, cleared by the logout's save", async () => {
      const client = await login(ts, email, true, name);
      const record = await ts.server.database.characters.findCharacterByName(name);
      id = record!.id;
      const since = await ts.server.database.characters.onlineSince(id);
      expect(since).toBeInstanceOf(Date);
      client.send("Quit");
      await client.waitForClose();
      await until(ts, id, false);
    });

    test("set again on the next login, cleared when the connection just goes away", async () => {
      const client = await login(ts, email, false, name, id);
      await until(ts, id, true);
      client.close();
      await until(ts, id, false);
    });

    test("each login claims the character: its generation rises and the server is recorded as its owner", async () => {
      const genOf = async () => (await ts.server.database.characters.loadCharacter(id))!.gen!;
      const before = await genOf();
      const client = await login(ts, email, false, name, id);
      await until(ts, id, true);
      expect(await genOf()).toBe(before + 1);
      expect(await ownerNodeOf(ts, id)).toBe("serve");
      client.send("Quit");
      await client.waitForClose();
      await until(ts, id, false);
    });

    test("a logout whose save another process fenced off still ends the session, and writes nothing", async () => {
      const client = await login(ts, email, false, name, id);
      await until(ts, id, true);
      const characters = ts.server.database.characters;
      // Another node claims the character while this server still holds it.
      const rival = await characters.claimCharacter(id, "other-node:0001");
      expect(rival.kind).toBe("ok");
      const stored = (await characters.loadCharacter(id))!;
      const fencedBefore = ts.server.gateway.fencedWrites;
      client.send("Quit");
      await client.waitForClose();
      await ts.server.gateway.drainSaves();
      expect(ts.server.gateway.fencedWrites).toBe(fencedBefore + 1);
      expect(ts.server.gateway.unsavedCount).toBe(0);
      // The rival's claim stands: the row, its mark and its owner are untouched.
      expect((await characters.loadCharacter(id))!.updatedAt).toEqual(stored.updatedAt);
      expect(await characters.onlineSince(id)).toBeInstanceOf(Date);
      expect(await ownerNodeOf(ts, id)).toBe("other-node:0001");
      await characters.markOffline(id);
    });

    test("cleared by the shutdown's save, and a mark a crash left is cleared at the next start", async () => {
      const client = await login(ts, email, false, name, id);
      await until(ts, id, true);
      await ts.stop();
      await client.waitForClose();
      const database = await openDatabase({ url: ts.database?.url, dataDir: ts.dataDir });
      try {
        expect(await database.characters.onlineSince(id)).toBeNull();
        // What a crash leaves behind: the mark of a character no server holds.
        expect(await database.characters.markOnline(id)).toBe(true);
      } finally {
        await database.close();
      }
      ts = await ts.restart();
      expect(await ts.server.database.characters.onlineSince(id)).toBeNull();
    }, 120_000);
  });
}
