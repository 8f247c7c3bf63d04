/**
 * Staff on the GM's own map end to end (issue 25, gm-and-moderation §2.7): a Dios granted in the
 * database opens the spawn window (`/CC`), spawns a creature next to itself, removes it with
 * `/MATA`, erases the potion on its tile (`/DEST`) and blocks the tile (`/BLOQ`): a player then
 * cannot walk into it. A player sending the same packets first changes nothing and is audited
 * `refused_rank` for each. Real server (workers, database), over TCP and WebSocket, on PGlite and
 * Postgres. Every effect and decision is tested on a manual clock in
 * src/map/systems/staff/world.test.ts.
 */
import { describe, expect, test } from "bun:test";
import type { ClientPacketName } from "../src/protocol/index.ts";
import type { GameClient, Transport } from "./support/game-client.ts";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";
import { createAndEnter, loginExisting, moveOffline, uniqueName, type InWorld } from "./support/world-players.ts";
import { auditRowsOf as auditRows, burstEnded, CLI_GRANT as CLI, quitAndSave, showStaffMember } from "./support/staff-players.ts";

/** Alba (map 1 of the default world): a red potion lies on (53, 43), open ground around it. */
const ALBA = 1;
const POTION_TILE = { x: 53, y: 43 };
/** The default world's priestess (npcs.dat 3): she stands still, so a click finds her where she appeared. */
const PRIESTESS = 3;
const NORTH = 1;
const EAST = 2;
const SOUTH = 3;
const WEST = 4;
const BLOCKED_ALL_SIDES = 15;

/** A character created, moved offline to (x, y) of Alba (and granted `rank` by id), logged in again there. */
async function placed(ts: TestServer, transport: Transport, prefix: string, x: number, y: number, rank?: "dios"): Promise<InWorld> {
  const email = `${uniqueName(prefix.toLowerCase())}@test.local`;
  const first = await createAndEnter(ts, transport, prefix, email);
  await burstEnded(first.client);
  await quitAndSave(ts, first);
  if (rank) expect((await ts.server.database.staff.grant(first.name, { rank, rolemaster: false }, CLI)).kind).toBe("ok");
  await moveOffline(ts, first.name, ALBA, x, y);
  const back = await loginExisting(ts, transport, email, first.name);
  await burstEnded(back.client);
  if (rank) await showStaffMember(back.client);
  expect({ map: back.map, x: back.x, y: back.y }).toEqual({ map: ALBA, x, y });
  return back;
}

/** Every packet the map received before this one is done: its answer is a sync point. */
async function synced(client: GameClient): Promise<void> {
  const from = client.received.length;
  client.send("RequestPositionUpdate");
  await client.waitFor("PosUpdate", () => true, from);
}

/** What changes the map would show its viewers. */
const WORLD_CHANGES = new Set(["SpawnListt", "ObjectDelete", "BlockPosition", "CharacterCreate", "CharacterRemove"]);

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const satisfies readonly Transport[]) {
    describe(`staff on the GM's map over ${transport} on ${backend}`, () => {
      test("a player's /CC, spawn, /MATA, /DEST and /BLOQ change nothing; a Dios spawns a priestess, removes her, erases the potion and blocks the tile nobody then enters", async () => {
        const ts = await startTestServer(backend);
        const clients: GameClient[] = [];
        try {
          const player = await placed(ts, transport, "Pepe", POTION_TILE.x, POTION_TILE.y);
          clients.push(player.client);
          const gm = await placed(ts, transport, "Gm", POTION_TILE.x + 1, POTION_TILE.y, "dios");
          clients.push(gm.client);

          // The player, standing on the potion, sends the Dios's packets: nothing changes anywhere.
          await synced(player.client);
          let from = { player: player.client.received.length, gm: gm.client.received.length };
          const attempts: [ClientPacketName, Record<string, unknown>][] = [
            ["SpawnListRequest", {}],
            ["SpawnCreature", { creatureIndex: PRIESTESS }],
            ["CreateNPC", { npcIndex: PRIESTESS }],
            ["KillAllNearbyNPCs", {}],
            ["DestroyItems", {}],
            ["DestroyAllItemsInArea", {}],
            ["TileBlockedToggle", {}],
            ["SetTrigger", { trigger: 6 }],
          ];
          for (const [name, fields] of attempts) player.client.send(name, fields);
          await synced(player.client);
          await synced(gm.client);
          // Players' own chars may still arrive (the Dios's login): only what the commands would change counts.
          const changes = (client: GameClient, since: number) =>
            client.received.slice(since).filter((packet) => WORLD_CHANGES.has(packet.name) && !(packet.name === "CharacterCreate" && packet.fields.isNpc === 0));
          expect(changes(player.client, from.player)).toEqual([]);
          expect(changes(gm.client, from.gm)).toEqual([]);
          const refused = await auditRows(ts, player.name, attempts.length);
          expect(refused.map((row) => `${row.action} ${row.outcome}`).sort()).toEqual(attempts.map(([name]) => `${name} refused_rank`).sort());

          // /CC: the full list for a Dios; the pick spawns a priestess next to the Dios, seen by both.
          from = { player: player.client.received.length, gm: gm.client.received.length };
          gm.client.send("SpawnListRequest");
          await gm.client.waitFor("SpawnListt", (fields) => fields.fullList === true, from.gm);
          gm.client.send("SpawnCreature", { creatureIndex: PRIESTESS });
          const priestess = (await player.client.waitFor("CharacterCreate", (fields) => fields.npcNumber === PRIESTESS, from.player)).fields;
          await gm.client.waitFor("CharacterCreate", (fields) => fields.charIndex === priestess.charIndex, from.gm);
          expect(Math.max(Math.abs((priestess.x as number) - gm.x), Math.abs((priestess.y as number) - gm.y))).toBe(1);

          // The player clicks the priestess and sends /MATA: she stays. The Dios's /MATA removes her. (A click
          // is read on the char just below the tile first, VB6's "click on the head": so the tile above hers.)
          from = { player: player.client.received.length, gm: gm.client.received.length };
          player.client.send("LeftClick", { x: priestess.x, y: (priestess.y as number) - 1 });
          player.client.send("KillNPCNoRespawn");
          await synced(player.client);
          expect(player.client.received.slice(from.player).some((packet) => packet.name === "CharacterRemove")).toBe(false);
          gm.client.send("LeftClick", { x: priestess.x, y: (priestess.y as number) - 1 });
          gm.client.send("KillNPCNoRespawn");
          await player.client.waitFor("CharacterRemove", (fields) => fields.charIndex === priestess.charIndex, from.player);
          await gm.client.waitFor("CharacterRemove", (fields) => fields.charIndex === priestess.charIndex, from.gm);

          // The player steps off the potion; the Dios steps onto it, erases it (/DEST) and blocks the tile (/BLOQ).
          from = { player: player.client.received.length, gm: gm.client.received.length };
          player.client.send("Walk", { heading: WEST });
          await gm.client.waitFor("CharacterMove", (fields) => fields.charIndex === player.charIndex && fields.x === POTION_TILE.x - 1, from.gm);
          gm.client.send("Walk", { heading: WEST });
          await player.client.waitFor("CharacterMove", (fields) => fields.charIndex === gm.charIndex && fields.x === POTION_TILE.x, from.player);
          gm.client.send("DestroyItems");
          await player.client.waitFor("ObjectDelete", (fields) => fields.x === POTION_TILE.x && fields.y === POTION_TILE.y, from.player);
          await gm.client.waitFor("ObjectDelete", (fields) => fields.x === POTION_TILE.x && fields.y === POTION_TILE.y, from.gm);
          gm.client.send("TileBlockedToggle");
          await player.client.waitFor("BlockPosition", (fields) => fields.x === POTION_TILE.x && fields.y === POTION_TILE.y && fields.blocked === BLOCKED_ALL_SIDES, from.player);
          gm.client.send("Walk", { heading: NORTH });
          await player.client.waitFor("CharacterMove", (fields) => fields.charIndex === gm.charIndex && fields.y === POTION_TILE.y - 1, from.player);

          // The player, west of the blocked tile, cannot walk into it.
          player.client.send("Walk", { heading: EAST });
          await synced(player.client);
          const position = player.client.received.findLast((packet) => packet.name === "PosUpdate")!;
          expect({ x: position.fields.x, y: position.fields.y }).toEqual({ x: POTION_TILE.x - 1, y: POTION_TILE.y });
          // Walking elsewhere still works (the refusal was the block, not the pace).
          from.gm = gm.client.received.length;
          player.client.send("Walk", { heading: SOUTH });
          await gm.client.waitFor("CharacterMove", (fields) => fields.charIndex === player.charIndex && fields.y === POTION_TILE.y + 1, from.gm);

          // (The first is the Dios showing itself after its invisible login, §1.3.)
          const done = await auditRows(ts, gm.name, 6);
          expect(done.map((row) => `${row.action} ${row.outcome}`).sort()).toEqual(["DestroyItems ok", "Invisible ok", "KillNPCNoRespawn ok", "SpawnCreature ok", "SpawnListRequest ok", "TileBlockedToggle ok"]);
          expect(done.find((row) => row.action === "SpawnCreature")?.target?.name).toBe("Hermana Irene");
        } finally {
          for (const client of clients) client.close();
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);

      test("/ANAME: a player's attempt changes nothing; a Dios renames an offline character, which then logs in under its new name only", async () => {
        const ts = await startTestServer(backend);
        const clients: GameClient[] = [];
        try {
          const email = `${uniqueName("renamed")}@test.local`;
          const target = await createAndEnter(ts, transport, "Viejo", email);
          await burstEnded(target.client);
          await quitAndSave(ts, target);
          const targetId = (await ts.server.database.characters.findCharacterByName(target.name))!.id;
          const player = await placed(ts, transport, "Pepe", POTION_TILE.x, POTION_TILE.y);
          clients.push(player.client);
          const gm = await placed(ts, transport, "Gm", POTION_TILE.x + 1, POTION_TILE.y, "dios");
          clients.push(gm.client);
          const newName = uniqueName("Nuevo");

          player.client.send("AlterName", { userName: target.name, newName });
          await synced(player.client);
          expect((await ts.server.database.characters.loadCharacter(targetId))!.name).toBe(target.name);

          const from = gm.client.received.length;
          gm.client.send("AlterName", { userName: target.name, newName });
          // Msg988 to the Dios; Msg1834 to the staff online (the Dios too).
          await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === 988, from);
          await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === 1834, from);
          expect((await ts.server.database.characters.loadCharacter(targetId))!.name).toBe(newName);
          expect((await ts.server.database.moderation.punishmentsOf(targetId)).map((entry) => entry.text)).toEqual([`${gm.name}: nombre cambiado de "${target.name}" a "${newName}".`]);
          const rows = (await auditRows(ts, gm.name, 2)).filter((row) => row.action === "AlterName");
          expect(rows.map((row) => `${row.action} ${row.outcome} ${row.target?.id}`)).toEqual([`AlterName ok ${targetId}`]);
          expect((await auditRows(ts, player.name, 1)).map((row) => `${row.action} ${row.outcome}`)).toEqual(["AlterName refused_rank"]);

          const back = await loginExisting(ts, transport, email, newName);
          clients.push(back.client);
          expect(back.name).toBe(newName);
        } finally {
          for (const client of clients) client.close();
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);
    });
  }
}
