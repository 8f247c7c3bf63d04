import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { silentLogger } from "../../log/index.ts";
import { MetricsRegistry } from "../../metrics/index.ts";
import type { ConsoleCommandResult, ConsoleOrder, ServicePlayer } from "../../world/index.ts";
import { MAX_FAILED_ATTEMPTS } from "./auth.ts";
import { AdminConsoleApi, MAX_BODY_BYTES, statusOfOutcome, type AdminConsoleDeps } from "./routes.ts";

const TOKEN = "unit-test-console-token-0123456789ab";
const AUTH = { authorization: `Bearer ${TOKEN}` };

function fakePlayer(session: number, name: string, map: number, x: number, y: number, penalties?: { muteSecondsLeft: number; jailMinutesLeft: number; warnings: number }): ServicePlayer {
  return { session, map, loggingIn: false, inTransit: false, state: { id: session * 10, name, level: 3, position: { map, x, y }, ...(penalties ? { penalties } : {}) } } as unknown as ServicePlayer;
}

function harness(result: ConsoleCommandResult = { outcome: "ok", detail: null, lines: ["done"] }) {
  const orders: ConsoleOrder[] = [];
  const applied: { characterId: number; standing: unknown }[] = [];
  const published: unknown[] = [];
  let now = 0;
  let snapshots = 0;
  const registry = new MetricsRegistry();
  let walks = 0;
  registry.gauge("argentum_players_online", "", () => 2);
  registry.gauge("argentum_packets_in_total", "", () => [{ labels: { name: "Walk" }, value: walks }]);
  registry.gauge("process_cpu_seconds_total", "", () => now / 2000);
  registry.gauge("process_resident_memory_bytes", "", () => 1234);
  const deps: AdminConsoleDeps = {
    token: TOKEN,
    now: () => now,
    world: {
      players: () => [fakePlayer(1, "Zeta", 1, 50, 50), fakePlayer(2, "Alfa", 1, 40, 41, { muteSecondsLeft: 90, jailMinutesLeft: 0, warnings: 1 }), fakePlayer(3, "Beta", 2, 10, 12)],
      publishBus: (message) => (published.push(message), true),
      snapshot: async () => void snapshots++,
    },
    sessions: { actorOf: (session) => ({ address: `10.0.0.${session}` }), disconnect: () => {} },
    staff: {
      runForConsole: async (order) => {
        orders.push(order);
        return result;
      },
      applyStanding: (characterId, standing) => (applied.push({ characterId, standing }), characterId === 10),
    },
    staffRoles: {
      list: async () => [],
      grant: async (who, grant) =>
        who === "Zeta" ? { kind: "ok", role: { characterId: 10, characterName: "Zeta", rank: grant.rank, rolemaster: grant.rolemaster, grantedBy: "console:operator", grantedAt: new Date(0) }, previous: null } : { kind: "no_such_character" },
      revoke: async (who) =>
        who === "Zeta" ? { kind: "ok", previous: { characterId: 10, characterName: "Zeta", rank: "consejero", rolemaster: false, grantedBy: "console:operator", grantedAt: new Date(0) } } : { kind: "not_staff", characterId: 30, characterName: String(who) },
    },
    moderation: {
      listBans: async () => [],
      listReports: async () => [],
      addBan: async () => ({ kind: "no_such_subject" }),
      liftBan: async () => ({ kind: "not_found" }),
      checkBans: async () => ({ kind: "clear" }),
    },
    audit: { query: async () => [] },
    metrics: registry,
    node: "test-node",
    logger: silentLogger(),
  };
  const api = new AdminConsoleApi(deps);
  const send = (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string>; address?: string } = {}) =>
    api.handle(
      new Request(`http://console.test${path}`, {
        method,
        headers: { ...AUTH, ...options.headers },
        ...(options.raw !== undefined ? { body: options.raw } : options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      }),
      options.address ?? "127.0.0.1",
    );
  return {
    api,
    send,
    orders,
    applied,
    published,
    advance: (ms: number) => (now += ms),
    walk: (count: number) => (walks += count),
    get snapshots() {
      return snapshots;
    },
  };
}

describe("the console's door", () => {
  test("401 without a token or with a wrong one, with a WWW-Authenticate header; 429 after too many failures from one address", async () => {
    const { send } = harness();
    const none = await send("GET", "/api/admin/players", { headers: { authorization: "" } });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await send("GET", "/api/admin/players", { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    for (let i = 2; i < MAX_FAILED_ATTEMPTS; i++) await send("GET", "/api/admin/players", { headers: { authorization: "Bearer wrong" } });
    const limited = await send("GET", "/api/admin/players");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send("GET", "/api/admin/players", { address: "10.9.9.9" })).status).toBe(200);
  });

  test("an unknown endpoint is 404 and a known one with another method 405, both only behind the door", async () => {
    const { send } = harness();
    expect((await send("GET", "/api/admin/nothing")).status).toBe(404);
    expect((await send("GET", "/api/admin/nothing", { headers: { authorization: "" } })).status).toBe(401);
    const wrongMethod = await send("PUT", "/api/admin/bans");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });
});

describe("reads", () => {
  test("players by map, sorted, with tile and address; a snapshot of the maps first, at most every 2 s", async () => {
    const console = harness();
    const answer = await (await console.send("GET", "/api/admin/players")).json();
    expect(answer).toEqual({
      total: 3,
      maps: [
        {
          map: 1,
          players: [
            { name: "Alfa", characterId: 20, x: 40, y: 41, address: "10.0.0.2", rank: null, level: 3 },
            { name: "Zeta", characterId: 10, x: 50, y: 50, address: "10.0.0.1", rank: null, level: 3 },
          ],
        },
        { map: 2, players: [{ name: "Beta", characterId: 30, x: 10, y: 12, address: "10.0.0.3", rank: null, level: 3 }] },
      ],
    });
    await console.send("GET", "/api/admin/penalties");
    expect(console.snapshots).toBe(1);
    console.advance(2_000);
    await console.send("GET", "/api/admin/players");
    expect(console.snapshots).toBe(2);
  });

  test("penalties: the running mutes and sentences of the players online", async () => {
    const { send } = harness();
    expect(await (await send("GET", "/api/admin/penalties")).json()).toEqual({
      penalties: [{ name: "Alfa", characterId: 20, map: 1, muteSecondsLeft: 90, jailMinutesLeft: 0, warnings: 1 }],
    });
  });

  test("metrics: counters become rates between two reads", async () => {
    const console = harness();
    const first = await (await console.send("GET", "/api/admin/metrics")).json();
    expect(first).toMatchObject({ playersOnline: 2, movesPerSecond: null, cpu: null, residentMemoryBytes: 1234 });
    console.advance(2_000);
    console.walk(30);
    const second = await (await console.send("GET", "/api/admin/metrics")).json();
    expect(second).toMatchObject({ movesPerSecond: 15, cpu: 0.5 });
  });
});

describe("changes go to the staff service", () => {
  test("kick, mute, jail, warn, ban and broadcast become console orders with their validated values", async () => {
    const console = harness();
    expect((await console.send("POST", "/api/admin/players/Pepe%20Grillo/kick", { body: {} })).status).toBe(200);
    await console.send("POST", "/api/admin/players/Pepe/mute", { body: { minutes: 0 } });
    await console.send("POST", "/api/admin/players/Pepe/jail", { body: { minutes: 30, reason: "insultos" } });
    await console.send("POST", "/api/admin/players/Pepe/warn", { body: { reason: "spam" } });
    await console.send("POST", "/api/admin/bans", { body: { kind: "account", target: "Pepe", reason: "cheats", days: 3 } });
    await console.send("POST", "/api/admin/broadcast", { body: { text: "  hola a todos  " } });
    expect(console.orders.map((order) => [order.action, order.command, order.address, order.operator])).toEqual([
      ["console kick", { kind: "kick", target: "Pepe Grillo" }, "127.0.0.1", "operator"],
      ["console mute", { kind: "mute", target: "Pepe", minutes: 0 }, "127.0.0.1", "operator"],
      ["console jail", { kind: "jail", target: "Pepe", minutes: 30, reason: "insultos" }, "127.0.0.1", "operator"],
      ["console warn", { kind: "warn", target: "Pepe", reason: "spam" }, "127.0.0.1", "operator"],
      ["console ban", { kind: "ban", scope: "account", target: "Pepe", reason: "cheats", days: 3 }, "127.0.0.1", "operator"],
      ["console broadcast", { kind: "broadcast", text: "hola a todos" }, "127.0.0.1", "operator"],
    ]);
    // The order's publish is the world's bus.
    console.orders[0]!.publish({ kind: "line_all", message: { kind: "console", text: "x", font: 0 } });
    expect(console.published).toHaveLength(1);
  });

  test("the outcome decides the status: ok 200, rank 403, nobody 404, another rule 409, a failure 503", () => {
    expect(statusOfOutcome({ outcome: "ok", detail: null })).toBe(200);
    expect(statusOfOutcome({ outcome: "refused_rank", detail: null })).toBe(403);
    expect(statusOfOutcome({ outcome: "refused_rule", detail: "not_online" })).toBe(404);
    expect(statusOfOutcome({ outcome: "refused_rule", detail: "no_such_character" })).toBe(404);
    expect(statusOfOutcome({ outcome: "refused_rule", detail: "already_banned" })).toBe(409);
    expect(statusOfOutcome({ outcome: "error", detail: "database" })).toBe(503);
  });

  test("a refusal of the service is passed on with its lines", async () => {
    const { send } = harness({ outcome: "refused_rank", detail: null, lines: ["No puedes echar a alguien de mayor jerarquía."] });
    const answer = await send("POST", "/api/admin/players/Dios/kick", { body: {} });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ outcome: "refused_rank", detail: null, lines: ["No puedes echar a alguien de mayor jerarquía."] });
  });
});

describe("hostile input", () => {
  const cases: [string, string, { body?: unknown; raw?: string }][] = [
    ["POST", "/api/admin/players/Pepe/mute", { body: { minutes: "5" } }],
    ["POST", "/api/admin/players/Pepe/mute", { body: { minutes: 1.5 } }],
    ["POST", "/api/admin/players/Pepe/mute", { body: { minutes: 40_000 } }],
    ["POST", "/api/admin/players/Pepe/jail", { body: { minutes: 0, reason: "x" } }],
    ["POST", "/api/admin/players/Pepe/jail", { body: { minutes: 5 } }],
    ["POST", "/api/admin/players/Pepe/warn", { body: { reason: "x".repeat(501) } }],
    ["POST", "/api/admin/players/Pepe/kick", { body: { reason: "x", admin: true } }],
    ["POST", `/api/admin/players/${"a".repeat(31)}/kick`, { body: {} }],
    ["POST", "/api/admin/players/%20%20/kick", { body: {} }],
    ["POST", "/api/admin/players/%E0%A4%A/kick", { body: {} }],
    ["POST", "/api/admin/bans", { body: { kind: "character", target: "Pepe", reason: "", days: 0 } }],
    ["POST", "/api/admin/bans", { body: { kind: "server", target: "Pepe", reason: "" } }],
    ["POST", "/api/admin/bans", { body: null }],
    ["POST", "/api/admin/broadcast", { body: { text: "x".repeat(256) } }],
    ["POST", "/api/admin/broadcast", { raw: "" }],
    ["POST", "/api/admin/broadcast", { raw: "{" }],
    ["POST", "/api/admin/broadcast", { raw: "\u0000\u00ff" }],
    ["POST", "/api/admin/broadcast", { raw: JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES) }) }],
    ["DELETE", "/api/admin/bans/0", {}],
    ["DELETE", "/api/admin/bans/99999999999", {}],
    ["GET", "/api/admin/audit?limit=abc", {}],
    ["GET", "/api/admin/audit?limit=1001", {}],
    ["GET", "/api/admin/audit?since=2020-13-45", {}],
    ["GET", "/api/admin/audit?outcome=ok&drop=table", {}],
  ];
  for (const [method, path, options] of cases) {
    test(`${method} ${path.slice(0, 60)} ${JSON.stringify(options).slice(0, 60)}: 400 with a message, no order`, async () => {
      const console = harness();
      const answer = await console.send(method, path, options);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { error: string; message: string };
      expect(body.error).toBe("bad_request");
      expect(body.message.length).toBeGreaterThan(0);
      expect(console.orders).toEqual([]);
    });
  }

  test("any JSON body on any command endpoint is a 2xx or a 400, never a fault, and an order only with valid fields", async () => {
    const paths = ["/api/admin/players/Pepe/kick", "/api/admin/players/Pepe/mute", "/api/admin/players/Pepe/jail", "/api/admin/players/Pepe/warn", "/api/admin/bans", "/api/admin/broadcast"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue(), async (path, body) => {
        const console = harness();
        const answer = await console.send("POST", path, { raw: JSON.stringify(body) });
        expect([200, 400, 404]).toContain(answer.status);
        if (answer.status !== 200) expect(console.orders).toEqual([]);
        for (const order of console.orders) {
          const command = order.command as Record<string, unknown>;
          if ("minutes" in command) expect(Number.isInteger(command.minutes)).toBe(true);
          if ("target" in command) expect(String(command.target).trim().length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("staff ranks from the console", () => {
  test("PUT grants and applies at once to a character online here; DELETE revokes; a bad body is a 400; unknown and non-staff names 404 and 409", async () => {
    const console = harness();
    const granted = await console.send("PUT", "/api/admin/staff/Zeta", { body: { rank: "consejero" } });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ outcome: "ok", character: "Zeta", rank: "consejero", rolemaster: false, appliedNow: true });
    expect(console.applied).toEqual([{ characterId: 10, standing: { rank: "consejero", roleMaster: false } }]);
    const revoked = await console.send("DELETE", "/api/admin/staff/Zeta");
    expect(await revoked.json()).toMatchObject({ outcome: "ok", character: "Zeta", appliedNow: true });
    expect(console.applied[1]).toEqual({ characterId: 10, standing: { rank: null, roleMaster: false } });
    for (const body of [{ rank: "emperador" }, { rank: null }, { rank: "dios", extra: 1 }, { rank: 3 }]) {
      expect((await console.send("PUT", "/api/admin/staff/Zeta", { body })).status).toBe(400);
    }
    expect((await console.send("PUT", "/api/admin/staff/Nadie", { body: { rank: "dios" } })).status).toBe(404);
    expect((await console.send("DELETE", "/api/admin/staff/Beta")).status).toBe(409);
    expect(console.applied).toHaveLength(2);
  });
});
