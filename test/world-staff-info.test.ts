/**
 * The staff's information and server-control commands end to end (issue 25, gm-and-moderation
 * §2.2, §2.3, §2.9): a Dios granted in the database locates a player on another map (`/DONDE`)
 * and reads the sheets of an offline one from its row (`/STAT`, `/INV`); a player sending the same
 * commands changes nothing and is audited; `/HABILITAR` turns GM-only mode on (a player's login
 * is refused with Msg1760, a Consejero's accepted) and off; `SetMOTD` changes the message of the
 * day, seen at the next login. Real server (workers, database), over TCP and WebSocket, on PGlite
 * and Postgres.
 */
import { describe, expect, test } from "bun:test";
import { GameClient, type Transport } from "./support/game-client.ts";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";
import { editOffline, loginExisting, moveOffline, PASSWORD, uniqueName, type InWorld } from "./support/world-players.ts";
import { auditRowsOf as auditRows, burstEnded, CLI_GRANT as CLI, localeLine as locale, offlineCharacter } from "./support/staff-players.ts";

/** The default world's second map and a free tile on it. */
const FIELD = 2;
const FIELD_TILE = { x: 14, y: 50 };
/** Msg1760 "Servidor restringido a administradores…": the box a refused login reads in GM-only mode. */
const STAFF_ONLY_BOX = 1760;

/** A character granted `rank` in the database while offline (its standing is read by id at login). */
async function granted(ts: TestServer, transport: Transport, prefix: string, rank: "consejero" | "dios") {
  const character = await offlineCharacter(ts, transport, prefix);
  expect((await ts.server.database.staff.grant(character.name, { rank, rolemaster: false }, CLI)).kind).toBe("ok");
  return character;
}

async function enterStaff(ts: TestServer, transport: Transport, character: { email: string; name: string }): Promise<InWorld> {
  const staff = await loginExisting(ts, transport, character.email, character.name);
  await staff.client.waitFor("Privilegios", () => true, 0);
  return staff;
}

/** Logs in as far as the character list, picks the character, and expects the GM-only refusal and the close. */
async function refusedLogin(ts: TestServer, transport: Transport, character: { email: string; name: string }): Promise<GameClient> {
  const client = await GameClient.connect(transport, ts.host, transport === "tcp" ? ts.tcpPort : ts.httpPort!);
  await client.waitFor("Connected");
  client.send("LoginAccount", { email: character.email, password: PASSWORD });
  const list = await client.waitFor("AccountCharacterList");
  const entry = (list.fields.characters as { id: number; name: string }[]).find((c) => c.name === character.name)!;
  client.send("LoginExistingChar", { charId: entry.id, name: character.name });
  await client.waitFor("ShowMessageBox", (fields) => fields.messageId === STAFF_ONLY_BOX);
  await client.waitForClose();
  expect(client.received.some((packet) => packet.name === "Logged")).toBe(false);
  return client;
}

/** A new account's first character while GM-only mode is on: refused before anything is written. */
async function refusedCreation(ts: TestServer, transport: Transport): Promise<{ client: GameClient; name: string }> {
  const client = await GameClient.connect(transport, ts.host, transport === "tcp" ? ts.tcpPort : ts.httpPort!);
  await client.waitFor("Connected");
  client.send("CreateAccount", { email: `${uniqueName("n")}@test.local`, password: PASSWORD });
  await client.waitFor("AccountCharacterList");
  const name = uniqueName("Nuevo");
  client.send("LoginNewChar", { name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
  await client.waitFor("ShowMessageBox", (fields) => fields.messageId === STAFF_ONLY_BOX);
  await client.waitForClose();
  return { client, name };
}

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const satisfies readonly Transport[]) {
    describe(`staff information and server control over ${transport} on ${backend}`, () => {
      test("a Dios locates a player on another map and reads an offline one; GM-only mode refuses a player and admits a Consejero; the MOTD changes; a player changes nothing", async () => {
        const ts = await startTestServer(backend);
        const clients: GameClient[] = [];
        try {
          const diosCharacter = await granted(ts, transport, "Gm", "dios");
          const consejero = await granted(ts, transport, "Cons", "consejero");
          // A player who plays on the field map, and one who stays offline with things in its row.
          const far = await offlineCharacter(ts, transport, "Lejos");
          await moveOffline(ts, far.name, FIELD, FIELD_TILE.x, FIELD_TILE.y);
          const asleep = await offlineCharacter(ts, transport, "Dormido");
          await editOffline(ts, asleep.name, (record) => {
            record.gold = 77;
            record.bankGold = 1234;
          });

          const gm = await enterStaff(ts, transport, diosCharacter);
          clients.push(gm.client);
          const player = await loginExisting(ts, transport, far.email, far.name);
          clients.push(player.client);
          expect(player.map).toBe(FIELD);
          await burstEnded(player.client);

          // /DONDE of a player on another map: Msg1090 with its map and tile.
          let gmFrom = gm.client.received.length;
          gm.client.send("Where", { userName: far.name });
          await locale(gm.client, 1090, gmFrom, `${far.name}: ${FIELD}, ${FIELD_TILE.x}, ${FIELD_TILE.y}.`);
          // /STAT and /INV of an offline character: read from its row.
          gmFrom = gm.client.received.length;
          gm.client.send("RequestCharStats", { userName: asleep.name });
          await locale(gm.client, 1301, gmFrom, asleep.name);
          await locale(gm.client, 1309, gmFrom, "77");
          await locale(gm.client, 1310, gmFrom, "1234");
          gm.client.send("RequestCharInventory", { userName: asleep.name });
          await locale(gm.client, 1311, gmFrom);
          // /DONDE of the offline one: Msg540.
          gm.client.send("Where", { userName: asleep.name });
          await locale(gm.client, 540, gmFrom);

          // The player sends the same: it learns nothing (Msg528), switches nothing, and is audited.
          let from = player.client.received.length;
          player.client.send("Where", { userName: gm.name });
          player.client.send("ServerOpenToUsersToggle");
          player.client.send("SetMOTD", { text: "tomado" });
          player.client.send("RequestCharStats", { userName: asleep.name });
          await player.client.until(() => player.client.received.slice(from).filter((p) => p.name === "LocaleMsg" && p.fields.messageId === 528).length === 2, "two Msg528 (the toggle and the MOTD are silent, as in VB6)");
          expect(player.client.received.slice(from).some((p) => p.name === "LocaleMsg" && (p.fields.messageId === 1090 || p.fields.messageId === 1301))).toBe(false);
          const refused = (await auditRows(ts, far.name, 4)).map((row) => `${row.action} ${row.outcome}`).sort();
          expect(refused).toEqual(["RequestCharStats refused_rank", "ServerOpenToUsersToggle refused_rank", "SetMOTD refused_rank", "Where refused_rank"]);

          // /HABILITAR: the mode was still off (Msg1223 says it is on now); a player's login is refused, a Consejero's admitted.
          gmFrom = gm.client.received.length;
          gm.client.send("ServerOpenToUsersToggle");
          await locale(gm.client, 1223, gmFrom);
          clients.push(await refusedLogin(ts, transport, asleep));
          const creation = await refusedCreation(ts, transport);
          clients.push(creation.client);
          expect(await ts.server.database.characters.findCharacterByName(creation.name)).toBeNull();
          const cons = await enterStaff(ts, transport, consejero);
          clients.push(cons.client);
          // The player already in stays.
          from = player.client.received.length;
          player.client.send("RequestPositionUpdate");
          await player.client.waitFor("PosUpdate", () => true, from);

          // A new MOTD, then the server open again: the next login reads it (and not the player's).
          gmFrom = gm.client.received.length;
          gm.client.send("SetMOTD", { text: "Hola staff\r\nSegunda línea" });
          await locale(gm.client, 984, gmFrom);
          gm.client.send("ServerOpenToUsersToggle");
          await locale(gm.client, 1222, gmFrom);
          const back = await loginExisting(ts, transport, asleep.email, asleep.name);
          clients.push(back.client);
          await back.client.waitFor("ConsoleMsg", (fields) => fields.text === "Segunda línea", 0);
          const texts = back.client.received.filter((p) => p.name === "ConsoleMsg").map((p) => p.fields.text);
          expect(texts).toContain("Hola staff");
          expect(texts).not.toContain("tomado");

          const audited = (await auditRows(ts, gm.name, 7)).map((row) => `${row.action} ${row.outcome}`).sort();
          expect(audited).toEqual([
            "RequestCharInventory ok",
            "RequestCharStats ok",
            "ServerOpenToUsersToggle ok",
            "ServerOpenToUsersToggle ok",
            "SetMOTD ok",
            "Where ok",
            "Where refused_rule",
          ]);
        } finally {
          for (const client of clients) client.close();
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);
    });
  }
}
