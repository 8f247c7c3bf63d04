/**
 * The operator console end to end (issue 25): a real server started with `--admin-token` serves
 * `/admin` and `/api/admin/*`; without the token both are 404, with a wrong one 401. With the
 * right one it lists a logged-in player (map, tile, address), kicks it (its connection closes),
 * bans another (closed, listed with its time left, and in the audit log with the console as the
 * actor), and refuses hostile bodies with a 400. On PGlite and Postgres.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";
import { createAndEnter } from "./support/world-players.ts";
import type { GameClient } from "./support/game-client.ts";

const TOKEN = "console-test-token-0123456789abcdef";
const POLL_MS = 50;
const WAIT_LIMIT_MS = 20_000;

function call(ts: TestServer, method: string, path: string, options: { token?: string; body?: unknown; raw?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.raw !== undefined) headers["content-type"] = "application/json";
  return fetch(`http://127.0.0.1:${ts.httpPort}${path}`, { method, headers, ...(options.raw !== undefined ? { body: options.raw } : options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
}

async function callJson<T = Record<string, unknown>>(ts: TestServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await call(ts, method, path, { token: TOKEN, ...(body !== undefined ? { body } : {}) });
  return { status: response.status, body: (await response.json()) as T };
}

/** Polls `read` until `found` says yes (the audit rows of the service are written in batches). */
async function eventually<T>(what: string, read: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const value = await read();
    if (found(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen in time; last ${JSON.stringify(value).slice(0, 500)}`);
    await Bun.sleep(POLL_MS);
  }
}

interface PlayersAnswer {
  total: number;
  maps: { map: number; players: { name: string; x: number; y: number; address: string | null }[] }[];
}

interface AuditAnswer {
  rows: { action: string; actor: { kind: string; name: string; rank: string | null }; target: { name: string | null } | null; outcome: string; params: Record<string, unknown> }[];
}

for (const backend of availableBackends()) {
  describe(`operator console on ${backend}`, () => {
    let bare: TestServer | undefined;
    let ts: TestServer | undefined;
    const clients: GameClient[] = [];

    beforeAll(async () => {
      bare = await startTestServer(backend);
      ts = await startTestServer(backend, ["--admin-token", TOKEN]);
    }, 120_000);

    afterAll(async () => {
      for (const client of clients) client.close();
      for (const server of [bare, ts]) {
        await server?.stop();
        await server?.cleanup();
      }
    }, 60_000);

    test("without a token the console does not exist: /admin and /api/admin/* are 404, even with a Bearer header", async () => {
      for (const path of ["/admin", "/api/admin/players", "/api/admin/metrics"]) {
        expect((await call(bare!, "GET", path)).status).toBe(404);
        expect((await call(bare!, "GET", path, { token: TOKEN })).status).toBe(404);
      }
    });

    test("with a token: the page loads, the API answers 401 without or with a wrong token", async () => {
      const page = await call(ts!, "GET", "/admin");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("operator console");
      const none = await call(ts!, "GET", "/api/admin/players");
      expect(none.status).toBe(401);
      expect(((await none.json()) as { error: string }).error).toBe("unauthorized");
      expect((await call(ts!, "GET", "/api/admin/players", { token: `${TOKEN}x` })).status).toBe(401);
      expect((await call(ts!, "GET", "/api/admin/nothing-here", { token: TOKEN })).status).toBe(404);
    });

    test("the players list shows a logged-in player; kick closes its connection and is audited with the console as the actor", async () => {
      const player = await createAndEnter(ts!, "tcp", "Echado");
      clients.push(player.client);
      const players = await eventually("the player listed", () => callJson<PlayersAnswer>(ts!, "GET", "/api/admin/players"), (answer) => answer.body.total >= 1);
      expect(players.status).toBe(200);
      const listed = players.body.maps.flatMap((map) => map.players.map((entry) => ({ ...entry, map: map.map }))).find((entry) => entry.name === player.name);
      expect(listed).toMatchObject({ name: player.name, map: player.map, address: "127.0.0.1" });
      expect(listed!.x).toBeGreaterThan(0);

      const kicked = await callJson<{ outcome: string; lines: string[] }>(ts!, "POST", `/api/admin/players/${encodeURIComponent(player.name)}/kick`, { reason: "test" });
      expect(kicked.status).toBe(200);
      expect(kicked.body.outcome).toBe("ok");
      await player.client.waitForClose();

      const audit = await eventually(
        "the kick's audit row",
        () => callJson<AuditAnswer>(ts!, "GET", `/api/admin/audit?action=${encodeURIComponent("console kick")}`),
        (answer) => answer.body.rows.length > 0,
      );
      expect(audit.body.rows[0]).toMatchObject({ action: "console kick", actor: { kind: "console", rank: "admin" }, target: { name: player.name }, outcome: "ok" });

      // Nobody of that name online now: 404, and audited as refused.
      const again = await callJson<{ outcome: string; detail: string }>(ts!, "POST", `/api/admin/players/${encodeURIComponent(player.name)}/kick`, {});
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ outcome: "refused_rule", detail: "not_online" });
    });

    test("a rank granted from the console applies at once to the player online (Privilegios, /ONLINE answered), is in staff_roles and the audit; revoking it ends it", async () => {
      const player = await createAndEnter(ts!, "ws", "Ascendido");
      clients.push(player.client);
      await eventually("the player listed", () => callJson<PlayersAnswer>(ts!, "GET", "/api/admin/players"), (answer) => answer.body.maps.some((map) => map.players.some((entry) => entry.name === player.name)));
      // A player's /ONLINE is refused (Msg526).
      let from = player.client.received.length;
      player.client.send("Online");
      await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === 526, from);

      from = player.client.received.length;
      const granted = await callJson<{ outcome: string; appliedNow: boolean }>(ts!, "PUT", `/api/admin/staff/${encodeURIComponent(player.name)}`, { rank: "consejero" });
      expect(granted).toEqual({ status: 200, body: expect.objectContaining({ outcome: "ok", appliedNow: true }) });
      await player.client.waitFor("Privilegios", (fields) => fields.isStaff === true, from);
      from = player.client.received.length;
      player.client.send("Online");
      await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === 1468, from);
      expect((await ts!.server.database.staff.list()).find((role) => role.characterName === player.name)).toMatchObject({ rank: "consejero", grantedBy: "console:operator" });

      from = player.client.received.length;
      const revoked = await callJson<{ outcome: string; appliedNow: boolean }>(ts!, "DELETE", `/api/admin/staff/${encodeURIComponent(player.name)}`);
      expect(revoked.body).toMatchObject({ outcome: "ok", appliedNow: true });
      await player.client.waitFor("Privilegios", (fields) => fields.isStaff === false, from);
      from = player.client.received.length;
      player.client.send("Online");
      await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === 526, from);
      const audit = await eventually("the grant's audit rows", () => callJson<AuditAnswer>(ts!, "GET", "/api/admin/audit?actor=operator"), (answer) => answer.body.rows.some((row) => row.action === "console staff revoke"));
      expect(audit.body.rows.filter((row) => row.action.startsWith("console staff")).map((row) => row.action)).toEqual(["console staff revoke", "console staff grant"]);
    });

    test("a ban closes the player, shows in GET /bans with its time left and in the audit with the console actor; lifting it by id works", async () => {
      const player = await createAndEnter(ts!, "tcp", "Baneado");
      clients.push(player.client);
      const banned = await callJson<{ outcome: string }>(ts!, "POST", "/api/admin/bans", { kind: "character", target: player.name, reason: "spam", days: 2 });
      expect(banned.status).toBe(200);
      expect(banned.body.outcome).toBe("ok");
      await player.client.waitForClose();

      const bans = await callJson<{ bans: { id: number; subject: { kind: string; name: string }; reason: string; issuedBy: string; secondsLeft: number }[] }>(ts!, "GET", "/api/admin/bans");
      const ban = bans.body.bans.find((entry) => entry.subject.name === player.name);
      expect(ban).toMatchObject({ subject: { kind: "character", name: player.name }, reason: "spam", issuedBy: "console:operator" });
      expect(ban!.secondsLeft).toBeGreaterThan(86_400);
      expect(ban!.secondsLeft).toBeLessThanOrEqual(2 * 86_400);

      const audit = await callJson<AuditAnswer>(ts!, "GET", `/api/admin/audit?actor=operator&action=${encodeURIComponent("console ban")}&limit=10`);
      expect(audit.body.rows.find((row) => row.target?.name === player.name)).toMatchObject({ action: "console ban", actor: { kind: "console" }, outcome: "ok" });

      const twice = await callJson<{ detail: string }>(ts!, "POST", "/api/admin/bans", { kind: "character", target: player.name, reason: "again" });
      expect(twice.status).toBe(409);

      const lifted = await callJson<{ outcome: string }>(ts!, "DELETE", `/api/admin/bans/${ban!.id}`);
      expect(lifted.status).toBe(200);
      expect((await callJson<{ bans: { id: number }[] }>(ts!, "GET", "/api/admin/bans")).body.bans.some((entry) => entry.id === ban!.id)).toBe(false);
      expect((await callJson(ts!, "DELETE", `/api/admin/bans/${ban!.id}`)).status).toBe(409);
    });

    test("an address ban, mutes, warnings, the broadcast, reports, penalties and metrics answer; hostile input is a 400 and changes nothing", async () => {
      const player = await createAndEnter(ts!, "tcp", "Callado");
      clients.push(player.client);
      const name = encodeURIComponent(player.name);
      expect((await callJson(ts!, "POST", `/api/admin/players/${name}/mute`, { minutes: 5 })).status).toBe(200);
      const penalties = await eventually(
        "the mute in the penalties",
        () => callJson<{ penalties: { name: string; muteSecondsLeft: number }[] }>(ts!, "GET", "/api/admin/penalties"),
        (answer) => answer.body.penalties.some((entry) => entry.name === player.name && entry.muteSecondsLeft > 0),
      );
      expect(penalties.status).toBe(200);
      expect((await callJson(ts!, "POST", `/api/admin/players/${name}/warn`, { reason: "lenguaje" })).status).toBe(200);
      const broadcast = await callJson<{ outcome: string }>(ts!, "POST", "/api/admin/broadcast", { text: "reinicio en 5 minutos" });
      expect(broadcast.body.outcome).toBe("ok");
      await player.client.waitFor("LocaleMsg", (fields) => fields.params === "reinicio en 5 minutos");

      const ip = await callJson<{ outcome: string; ban: { subject: { range: string } } }>(ts!, "POST", "/api/admin/bans", { kind: "ip", target: "203.0.113.0/24", reason: "abuse", days: 1 });
      expect(ip.status).toBe(200);
      expect(ip.body.ban.subject.range).toBe("203.0.113.0/24");

      expect((await callJson(ts!, "GET", "/api/admin/reports")).status).toBe(200);
      const metrics = await callJson<{ playersOnline: number; residentMemoryBytes: number }>(ts!, "GET", "/api/admin/metrics");
      expect(metrics.status).toBe(200);
      expect(metrics.body.playersOnline).toBeGreaterThanOrEqual(1);
      expect(metrics.body.residentMemoryBytes).toBeGreaterThan(0);

      const hostile: [string, string, unknown][] = [
        ["POST", `/api/admin/players/${name}/mute`, { minutes: "5" }],
        ["POST", `/api/admin/players/${name}/mute`, { minutes: -1 }],
        ["POST", `/api/admin/players/${name}/jail`, { minutes: 10 }],
        ["POST", `/api/admin/players/${name}/warn`, { reason: "x", extra: true }],
        ["POST", "/api/admin/bans", { kind: "planet", target: "x", reason: "" }],
        ["POST", "/api/admin/bans", { kind: "ip", target: "not an address", reason: "" }],
        ["POST", "/api/admin/broadcast", { text: "" }],
        ["POST", "/api/admin/broadcast", [1, 2, 3]],
        ["DELETE", "/api/admin/bans/abc", undefined],
        ["GET", "/api/admin/audit?limit=0", undefined],
        ["GET", "/api/admin/audit?since=yesterday", undefined],
      ];
      for (const [method, path, body] of hostile) {
        const answer = await callJson<{ error: string; message: string }>(ts!, method, path, body);
        expect({ path, status: answer.status }).toEqual({ path, status: 400 });
        expect(answer.body.message.length).toBeGreaterThan(0);
      }
      const notJson = await call(ts!, "POST", "/api/admin/broadcast", { token: TOKEN, raw: "{not json" });
      expect(notJson.status).toBe(400);
      const badEscape = await call(ts!, "POST", "/api/admin/players/%E0%A4%A/kick", { token: TOKEN, body: {} });
      expect(badEscape.status).toBe(400);
      // The player is still here and the server still answers.
      expect((await callJson<PlayersAnswer>(ts!, "GET", "/api/admin/players")).body.maps.some((map) => map.players.some((entry) => entry.name === player.name))).toBe(true);

      // An address ban closes the sessions from that address at once (the reason in Msg1785); lifted, the address may come back.
      const local = await callJson<{ outcome: string; closed: number; ban: { id: number } }>(ts!, "POST", "/api/admin/bans", { kind: "ip", target: "127.0.0.1", reason: "granja de bots" });
      expect(local.status).toBe(200);
      expect(local.body.closed).toBeGreaterThanOrEqual(1);
      const box = await player.client.waitFor("ShowMessageBox");
      expect(box.fields).toMatchObject({ messageId: 1785, extra: "granja de bots" });
      await player.client.waitForClose();
      expect((await callJson(ts!, "DELETE", `/api/admin/bans/${local.body.ban.id}`)).status).toBe(200);
    });
  });
}
