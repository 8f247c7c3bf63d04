/**
 * A game master's own settings end to end (issue 25, gm-and-moderation §2.3, §2.4, §2.6, §5.9):
 * an Admin granted in the database takes every skill to 100 (`/GENIO`, kept after a new login),
 * sets its speed (G25: `VelocidadToggle` to itself; a NaN refused), opens and closes a
 * consultation with a player (Msg1270 / Msg1271, "[CONSULTA]" drawn, VB6's log lines in the audit
 * rows) and reads the debug window (`/REQDEBUG USERIDS`); the player's own `/GENIO` is refused.
 * Real server (workers, database) over TCP and WebSocket, on PGlite and Postgres. The rules in
 * detail: src/map/systems/staff/self.test.ts, consultation.test.ts, debug.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { SKILL_COUNT } from "../src/protocol/index.ts";
import type { GameClient, Transport } from "./support/game-client.ts";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";
import { auditRowsOf, burstEnded, quitAndSave, staffMember } from "./support/staff-players.ts";
import { createAndEnter, loginExisting } from "./support/world-players.ts";

async function auditRows(ts: TestServer, actor: string, count: number) {
  return (await auditRowsOf(ts, actor, count)).map((row) => `${row.action} ${row.outcome}${row.detail ? ` ${row.detail}` : ""}`).sort();
}

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const satisfies readonly Transport[]) {
    describe(`a GM's own settings over ${transport} on ${backend}`, () => {
      test("/GENIO (kept after a new login), SetSpeed, /CONSULTA with a player, /REQDEBUG; a player's /GENIO refused; all audited", async () => {
        const ts = await startTestServer(backend);
        const clients: GameClient[] = [];
        try {
          const admin = await staffMember(ts, transport, "admin", "Adm");
          clients.push(admin.client);
          const player = await createAndEnter(ts, transport, "Pepe");
          clients.push(player.client);
          await burstEnded(player.client);

          let from = admin.client.received.length;
          admin.client.send("Genio");
          const skills = await admin.client.waitFor("SendSkills", () => true, from);
          expect(skills.fields.skills).toEqual(new Array(SKILL_COUNT).fill(100));
          await admin.client.waitFor("LocaleMsg", (fields) => fields.messageId === 555, from);

          from = admin.client.received.length;
          admin.client.send("SetSpeed", { speed: Number.NaN });
          admin.client.send("SetSpeed", { speed: 5 });
          const toggle = await admin.client.waitFor("VelocidadToggle", () => true, from);
          expect(toggle.fields.speed).toBe(5);
          expect(admin.client.received.slice(from).filter((p) => p.name === "VelocidadToggle")).toHaveLength(1);

          from = admin.client.received.length;
          let playerFrom = player.client.received.length;
          admin.client.send("Consulta", { nick: player.name });
          await admin.client.waitFor("LocaleMsg", (fields) => fields.messageId === 1270 && fields.params === player.name, from);
          await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === 1271, playerFrom);
          await player.client.waitFor("UpdateTagAndStatus", (fields) => fields.tag === `${player.name} [CONSULTA]`, playerFrom);
          playerFrom = player.client.received.length;
          admin.client.send("Consulta", { nick: player.name });
          await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === 1269, playerFrom);

          from = admin.client.received.length;
          admin.client.send("RequestDebug", { debugType: 2 });
          const debug = await admin.client.waitFor("DebugDataResponse", () => true, from);
          expect(String((debug.fields.lines as string[])[0])).toContain("jugadores conectados: 2");

          playerFrom = player.client.received.length;
          player.client.send("Genio");
          player.client.send("RequestPositionUpdate");
          await player.client.waitFor("PosUpdate", () => true, playerFrom);
          expect(player.client.received.slice(playerFrom).filter((p) => p.name === "SendSkills")).toEqual([]);

          expect(await auditRows(ts, admin.name, 6)).toEqual(
            [
              "Genio ok",
              "SetSpeed refused_rule bad_speed",
              "SetSpeed ok speed 5",
              `Consulta ok Inicio consulta con ${player.name}`,
              `Consulta ok Termino consulta con ${player.name}`,
              "RequestDebug ok type 2",
            ].sort(),
          );
          expect(await auditRows(ts, player.name, 1)).toEqual(["Genio refused_rank"]);

          // GENIO-PERSISTS: a new login brings the skills back at 100.
          await quitAndSave(ts, admin);
          const again = await loginExisting(ts, transport, admin.email, admin.name);
          clients.push(again.client);
          from = again.client.received.length;
          again.client.send("RequestSkills");
          const kept = await again.client.waitFor("SendSkills", () => true, from);
          expect(kept.fields.skills).toEqual(new Array(SKILL_COUNT).fill(100));
        } finally {
          for (const client of clients) client.close();
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);
    });
  }
}
