/**
 * Staff movement, invisibility and items end to end (issue 25, gm-and-moderation §2.4, §2.6,
 * §3.6, §3.7, §5.7; §11 items 9, 35–39): a Dios granted in the database goes to another map,
 * summons a player from the town (Msg1856 to it, Msg1833 to everyone), teleports it to a third map
 * (G7 fixed: a Dios may), goes to it there (`/IRA`, Msg1851), turns invisible (the player erases
 * it and does not draw it again when it lands next to it); an Admin creates an item and gives one
 * to the player (Msg1743 to everyone); a SemiDios may not `/CI` (Msg979); a Consejero acting on the
 * Dios is refused (Msg742, Msg528); every attempt is in the audit log. Real server (workers,
 * database), over TCP and WebSocket, on PGlite and Postgres. The rules in detail are tested on a
 * manual clock in src/map/systems/staff/movement.test.ts and src/world/services/staff-movement.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_OBJECTS, DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/ids.ts";
import { LocaleId } from "../src/game/messages/index.ts";
import type { StaffRank } from "../src/game/staff/index.ts";
import type { GameClient, Transport } from "./support/game-client.ts";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";
import { auditRowsOf, burstEnded, localeLine as locale, staffMember, showStaffMember } from "./support/staff-players.ts";
import { createAndEnter, type InWorld } from "./support/world-players.ts";

const { town, field, forest } = DEFAULT_WORLD_MAP_IDS;

/** The client reached `map` (ChangeMap), and the char index it has there. */
async function arrived(client: GameClient, map: number, from: number): Promise<number> {
  const change = await client.waitFor("ChangeMap", (fields) => fields.map === map, from);
  const at = client.received.indexOf(change);
  const own = await client.waitFor("UserCharIndexInServer", () => true, at);
  return own.fields.charIndex as number;
}

async function auditRows(ts: TestServer, actor: string, count: number) {
  return (await auditRowsOf(ts, actor, count)).map((row) => `${row.action} ${row.outcome}${row.target ? ` ${row.target.name}` : ""}`).sort();
}

/** A staff member as the scenario wants it: a SemiDios or higher shows itself after its invisible login (§1.3). */
async function visibleStaffMember(ts: TestServer, transport: Transport, rank: StaffRank, prefix: string): Promise<InWorld> {
  const member = await staffMember(ts, transport, rank, prefix);
  if (rank !== "consejero") await showStaffMember(member.client);
  return member;
}

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const satisfies readonly Transport[]) {
    describe(`staff movement over ${transport} on ${backend}`, () => {
      test("a Dios summons a player from another map, sends it on, goes to it and turns invisible; an Admin creates and gives an item; lower ranks are refused; all audited", async () => {
        const ts = await startTestServer(backend);
        const clients: GameClient[] = [];
        try {
          const dios = await visibleStaffMember(ts, transport, "dios", "Dio");
          clients.push(dios.client);
          const player = await createAndEnter(ts, transport, "Pepe");
          clients.push(player.client);
          await burstEnded(player.client);
          expect(player.map).toBe(town);

          // The Dios goes to the fields, then brings the player from the town (G16: visible, so announced).
          let from = dios.client.received.length;
          dios.client.send("WarpChar", { userName: "YO", map: field, x: 50, y: 50 });
          await arrived(dios.client, field, from);
          from = dios.client.received.length;
          let playerFrom = player.client.received.length;
          dios.client.send("SummonChar", { userName: player.name });
          await locale(player.client, LocaleId.MovedYou, playerFrom, dios.name);
          await arrived(player.client, field, playerFrom);
          await locale(dios.client, LocaleId.Brought, from, player.name);
          await locale(player.client, LocaleId.MovedUserToMap, playerFrom, `${dios.name}¬${player.name}¬${field}`);

          // A Dios sends another character anywhere (G7 fixed), then goes to it there (/IRA).
          playerFrom = player.client.received.length;
          dios.client.send("WarpChar", { userName: player.name, map: forest, x: 40, y: 40 });
          await arrived(player.client, forest, playerFrom);
          from = dios.client.received.length;
          dios.client.send("GoToChar", { userName: player.name });
          const diosIndex = await arrived(dios.client, forest, from);
          await locale(dios.client, LocaleId.WentTo, from, player.name);
          await locale(player.client, LocaleId.CameToYou, playerFrom, dios.name);
          await player.client.waitFor("CharacterCreate", (fields) => fields.charIndex === diosIndex, playerFrom);

          // Invisible: the player erases the Dios; the invisibility goes with it to another map and
          // back, and the player does not draw it when it lands beside it again (/IRCERCA).
          playerFrom = player.client.received.length;
          dios.client.send("Invisible");
          await player.client.waitFor("CharacterRemove", (fields) => fields.charIndex === diosIndex, playerFrom);
          from = dios.client.received.length;
          dios.client.send("WarpChar", { userName: "YO", map: field, x: 50, y: 50 });
          await arrived(dios.client, field, from);
          from = dios.client.received.length;
          dios.client.send("GoNearby", { userName: player.name });
          const invisibleIndex = await arrived(dios.client, forest, from);
          await locale(dios.client, LocaleId.TeleportedNear, from, player.name);
          const seen = player.client.received.length;
          // A round trip of the player's own after the Dios landed: whatever the Dios caused came before it.
          player.client.send("RequestPositionUpdate");
          await player.client.waitFor("PosUpdate", () => true, seen);
          expect(player.client.received.slice(playerFrom).filter((p) => p.name === "CharacterCreate" && (p.fields.charIndex === diosIndex || p.fields.charIndex === invisibleIndex))).toEqual([]);
          // The Dios itself draws the player beside it.
          await dios.client.waitFor("CharacterCreate", (fields) => fields.charIndex === player.client.received.findLast((p) => p.name === "UserCharIndexInServer")!.fields.charIndex, from);

          // An Admin creates an item (Msg1500) and gives one to the player (Msg1743 to everyone).
          const admin = await visibleStaffMember(ts, transport, "admin", "Adm");
          clients.push(admin.client);
          from = admin.client.received.length;
          admin.client.send("CreateItem", { objIndex: DEFAULT_OBJECTS.healthPotion, amount: 5 });
          await locale(admin.client, LocaleId.YouCreatedItem, from);
          await admin.client.waitFor("ChangeInventorySlot", (fields) => fields.objIndex === DEFAULT_OBJECTS.healthPotion, from);
          admin.client.send("CreateItem", { objIndex: DEFAULT_OBJECTS.healthPotion, amount: 0 });
          playerFrom = player.client.received.length;
          admin.client.send("GiveItem", { userName: player.name, objIndex: DEFAULT_OBJECTS.manaPotion, amount: 3, reason: "premio" });
          await player.client.waitFor("ChangeInventorySlot", (fields) => fields.objIndex === DEFAULT_OBJECTS.manaPotion, playerFrom);
          await locale(player.client, LocaleId.Granted, playerFrom);
          await locale(admin.client, LocaleId.Granted, from);

          // A SemiDios may not /CI; a Consejero may not move the Dios (only himself: Msg742) nor summon (Msg528).
          const semidios = await visibleStaffMember(ts, transport, "semidios", "Sem");
          clients.push(semidios.client);
          from = semidios.client.received.length;
          semidios.client.send("CreateItem", { objIndex: DEFAULT_OBJECTS.healthPotion, amount: 5 });
          await locale(semidios.client, 979, from);
          const consejero = await visibleStaffMember(ts, transport, "consejero", "Con");
          clients.push(consejero.client);
          from = consejero.client.received.length;
          consejero.client.send("WarpChar", { userName: dios.name, map: town, x: 50, y: 50 });
          await locale(consejero.client, LocaleId.WarpOnlySelf, from);
          consejero.client.send("SummonChar", { userName: dios.name });
          await locale(consejero.client, 528, from);

          // The audit log: every attempt once, with its real outcome and target (each SemiDios or
          // higher first showed itself after its invisible login: an `Invisible ok` more, §1.3).
          expect(await auditRows(ts, dios.name, 8)).toEqual(
            [`GoNearby ok ${player.name}`, `GoToChar ok ${player.name}`, "Invisible ok", "Invisible ok", `SummonChar ok ${player.name}`, "WarpChar ok", "WarpChar ok", `WarpChar ok ${player.name}`].sort(),
          );
          expect(await auditRows(ts, admin.name, 4)).toEqual(["CreateItem ok", "CreateItem refused_rule", `GiveItem ok ${player.name}`, "Invisible ok"]);
          expect(await auditRows(ts, semidios.name, 2)).toEqual(["CreateItem refused_rank", "Invisible ok"]);
          expect(await auditRows(ts, consejero.name, 2)).toEqual([`SummonChar refused_rank`, `WarpChar refused_rule ${dios.name}`]);
        } finally {
          for (const client of clients) client.close();
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);
    });
  }
}
