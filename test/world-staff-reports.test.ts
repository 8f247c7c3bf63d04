/**
 * The report queue end to end (issue 25, gm-and-moderation §2.1, §3.8, §11 items 32–34): a
 * player sends `/GM` (Msg553; the staff online get Msg1836) and `/DENUNCIAR` of a player who
 * spoke (Msg534 and Msg1826, the report carrying the target's line); a second of each within the
 * interval is refused with Msg552 (G14, G15); a Consejero granted in the database opens the SOS
 * panel (`ShowSOSForm` with both entries), removes one by the stock panel's key (the row closed
 * with who handled it and how); the queue survives a restart; the staff's actions are in the
 * audit log. Real server (workers, database), over TCP and WebSocket, on PGlite and Postgres.
 * The throttle's interval is tested on a manual clock in src/world/services/staff-reports.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { LocaleId } from "../src/game/messages/index.ts";
import { PANEL_RESOLUTION, SOS_FIELD_SEPARATOR } from "../src/game/staff/index.ts";
import { JOINED_LIST_SEPARATOR } from "../src/protocol/index.ts";
import type { GameClient, Transport } from "./support/game-client.ts";
import { availableBackends, startTestServer } from "./support/test-server.ts";
import { auditRowsOf as auditRows, burstEnded, localeLine as locale, staffMember } from "./support/staff-players.ts";
import { createAndEnter, loginExisting } from "./support/world-players.ts";

/** The entries of the last `ShowSOSForm` since `from`. */
async function sosEntries(client: GameClient, from: number): Promise<string[]> {
  const form = await client.waitFor("ShowSOSForm", () => true, from);
  const requests = String(form.fields.requests);
  return requests === "" ? [] : requests.split(JOINED_LIST_SEPARATOR);
}

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const satisfies readonly Transport[]) {
    describe(`reports over ${transport} on ${backend}`, () => {
      test("/GM and /DENUNCIAR queued (the second of each refused), the staff told; the SOS panel lists and removes; the queue survives a restart; audited", async () => {
        let ts = await startTestServer(backend);
        const clients: GameClient[] = [];
        try {
          const gm = await staffMember(ts, transport, "consejero");
          clients.push(gm.client);
          const reporter = await createAndEnter(ts, transport, "Pepe");
          clients.push(reporter.client);
          const rude = await createAndEnter(ts, transport, "Malo");
          clients.push(rude.client);
          await burstEnded(reporter.client);
          await burstEnded(rude.client);

          // The line the denouncement will carry (what chat let through on the target's map).
          rude.client.send("Talk", { text: "sos un tonto", counter: 1 });
          await rude.client.waitFor("ChatOverHead", (fields) => fields.text === "sos un tonto");

          // /GM: Msg553 to the player, Msg1836 to the staff; the second within five minutes Msg552.
          let gmFrom = gm.client.received.length;
          let from = reporter.client.received.length;
          reporter.client.send("QuestionGM", { question: "me trabé en una pared", questionType: "Consulta regular", counter: 1 });
          await locale(reporter.client, LocaleId.SupportMessageReceived, from);
          await locale(gm.client, LocaleId.StaffNewSupportMessage, gmFrom, reporter.name);
          reporter.client.send("QuestionGM", { question: "¿y?", questionType: "Otro", counter: 2 });
          await locale(reporter.client, LocaleId.ReportTooSoon, from);

          // /DENUNCIAR: Msg534 and Msg1826; the second within five minutes Msg552.
          gmFrom = gm.client.received.length;
          from = reporter.client.received.length;
          reporter.client.send("Denounce", { name: rude.name });
          await locale(reporter.client, LocaleId.DenounceReceived, from);
          await locale(gm.client, LocaleId.StaffNewDenouncement, gmFrom, reporter.name);
          reporter.client.send("Denounce", { name: rude.name });
          await locale(reporter.client, LocaleId.ReportTooSoon, from);

          const { moderation } = ts.server.database;
          const pending = await moderation.listReports({ status: "pending" });
          expect(pending.map((report) => [report.kind, report.reporterName, report.targetName, report.category, report.text, report.chatExcerpt])).toEqual([
            ["sos", reporter.name, null, "Consulta regular", "me trabé en una pared", []],
            ["denounce", reporter.name, rude.name, `Denuncia a ${rude.name}`, `[Últimos mensajes de ${rude.name}]`, ["sos un tonto"]],
          ]);

          // The Consejero's panel: both entries, as the stock client reads them.
          gmFrom = gm.client.received.length;
          gm.client.send("SOSShowList");
          const entries = await sosEntries(gm.client, gmFrom);
          expect(entries.map((entry) => entry.split(SOS_FIELD_SEPARATOR).slice(0, 3))).toEqual([
            [reporter.name, "me trabé en una pared", "Consulta regular"],
            [reporter.name, `[Últimos mensajes de ${rude.name}]\r\nsos un tonto`, `Denuncia a ${rude.name}`],
          ]);

          // The panel removes the help request by its key (name Ø text Ø category): that row closes.
          const key = entries[0]!.split(SOS_FIELD_SEPARATOR).slice(0, 3).join(SOS_FIELD_SEPARATOR);
          gm.client.send("SOSRemove", { userName: key });
          let left = await moderation.listReports({ status: "pending" });
          for (let attempt = 0; attempt < 60 && left.length !== 1; attempt++) {
            await Bun.sleep(50);
            left = await moderation.listReports({ status: "pending" });
          }
          expect(left.map((report) => report.kind)).toEqual(["denounce"]);
          const closed = await moderation.listReports({ status: "closed" });
          expect(closed.map((report) => [report.id, report.handledBy, report.resolution])).toEqual([[pending[0]!.id, gm.name, PANEL_RESOLUTION]]);

          // Every staff action audited once; the players' own reports are not staff actions.
          const audited = (await auditRows(ts, gm.name, 2)).map((row) => `${row.action} ${row.outcome}`).sort();
          expect(audited).toEqual(["SOSRemove ok", "SOSShowList ok"]);
          expect((await ts.server.database.audit.query({ limit: 200 })).filter((row) => row.actor.name === reporter.name)).toEqual([]);

          // The queue is the database's: it survives a restart, and the panel lists what is left.
          if (transport === "tcp") {
            ts = await ts.restart();
            for (const client of clients) client.close();
          }
          expect((await ts.server.database.moderation.listReports({ status: "pending" })).map((report) => report.id)).toEqual([pending[1]!.id]);
          const back = transport === "tcp" ? await loginExisting(ts, transport, gm.email, gm.name) : gm;
          clients.push(back.client);
          await burstEnded(back.client);
          gmFrom = back.client.received.length;
          back.client.send("SOSShowList");
          const after = await sosEntries(back.client, gmFrom);
          expect(after.map((entry) => entry.split(SOS_FIELD_SEPARATOR)[2])).toEqual([`Denuncia a ${rude.name}`]);
        } finally {
          for (const client of clients) client.close();
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);
    });
  }
}
