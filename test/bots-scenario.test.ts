/**
 * End to end: bots against a real server started in this process. 50 hot_spread bots over
 * WebSocket (through the CLI, with its JSON file) and a few over TCP at the same time, then a
 * small login storm. The reports must agree with what the server itself counted. A second
 * server with a per-address cap of 3 shows a run over the cap failing with the cause and its
 * remedy, and the same run spread over source addresses getting everyone in.
 *
 * Nothing here depends on how fast the machine is: counts are compared at synchronised points
 * (a report's window starts only once all its bots are in; the server's counters are read until
 * they settle), never as a number that must be reached within a time window.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePrometheusText, parseTarget, runScenario, SCENARIOS, type ScenarioReport } from "../src/bots/index.ts";
import { botsCommand } from "../src/cli/bots-command.ts";
import { memoryIo } from "../src/cli/command.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const WS_BOTS = 50;
const TCP_BOTS = 5;
const STORM_BOTS = 20;
/** The capped server: 3 connections per address, 8 bots, so 5 are refused without spreading. */
const CAP_PER_ADDRESS = 3;
const CAPPED_BOTS = 8;
/** Longest wait for a server counter to catch up with what the bots already saw finish. */
const SETTLE_LIMIT_MS = 20_000;
const SETTLE_POLL_MS = 50;

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer("pglite", ["--bench-spawn", "4"]);
  dir = mkdtempSync(join(tmpdir(), "argentum-bots-e2e-"));
});

afterAll(async () => {
  await server?.stop();
  server?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`http://${server.host}:${server.httpPort}/metrics`)).text();
  let total = 0;
  for (const sample of parsePrometheusText(text)) {
    if (sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) total += sample.value;
  }
  return total;
}

/**
 * Reads a server counter until `done` holds (or the limit passes) and returns the last value: the
 * server may still be handling the last bytes of a connection the bots already saw close.
 */
async function settledMetric(name: string, labels: Record<string, string>, done: (value: number) => boolean): Promise<number> {
  const until = Date.now() + SETTLE_LIMIT_MS;
  let value = await metric(name, labels);
  while (!done(value) && Date.now() < until) {
    await Bun.sleep(SETTLE_POLL_MS);
    value = await metric(name, labels);
  }
  return value;
}

function checkMovement(report: ScenarioReport, bots: number): void {
  expect([report.ok, report.failures]).toEqual([true, 0]);
  expect(report.failure_causes).toEqual([]);
  expect(report.bots_active).toBe(bots);
  expect(report.logins).toBe(bots);
  expect(report.wrong_map).toBe(0);
  expect(report.maps_at_login).toBe(1);
  expect(report.decode_errors).toBe(0);
  // About 3.2 steps per bot per second were offered, and every step is accounted for.
  expect(report.offered_moves_per_s!).toBeGreaterThan(bots * 2.5);
  expect(report.offered_moves_per_s!).toBeLessThan(bots * 4);
  expect(report.moves_offered).toBeGreaterThanOrEqual(report.moves_confirmed + report.moves_refused);
  expect(report.moves_unresolved).toBe(report.moves_offered - report.moves_confirmed - report.moves_refused);
  expect(report.walks_sent_total).toBeGreaterThanOrEqual(report.moves_offered);
}

describe("bots against a real server", () => {
  test("hot_spread: 50 bots over WebSocket and 5 over TCP; the reports agree with the server's counters", async () => {
    const walksBefore = await metric("argentum_packets_in_total", { name: "Walk" });
    const json = join(dir, "ws.json");
    const io = memoryIo();
    const overWebSocket = botsCommand.run(
      ["--target", `ws://${server.host}:${server.httpPort}/ws`, "--scenario", "hot_spread", "--bots", String(WS_BOTS), "--duration", "3.5", "--seed", "101", "--json", json],
      io,
    );
    const tcp = parseTarget(`tcp://${server.host}:${server.tcpPort}`);
    if (!tcp.ok) throw new Error(tcp.error.message);
    const overTcp = runScenario({
      scenario: SCENARIOS.hot_spread,
      bots: TCP_BOTS,
      durationS: 3,
      seed: 102,
      target: tcp.target,
      httpOrigin: `http://${server.host}:${server.httpPort}`,
      metricsUrl: `http://${server.host}:${server.httpPort}/metrics`,
    });
    const [code, tcpReport] = await Promise.all([overWebSocket, overTcp]);
    expect([code, io.stderr.includes("argentum bots: hot_spread: 50 bots over ws")]).toEqual([0, true]);
    const printed = JSON.parse(io.stdout.split("\n")[0]!) as ScenarioReport;
    const wsReport = JSON.parse(readFileSync(json, "utf8")) as ScenarioReport;
    expect(printed).toEqual(wsReport);
    expect(io.stdout).toContain("moves confirmed / s");
    expect(io.stderr).toMatch(/bots hot_spread \d+s \[window\] in 50\/50/);

    checkMovement(wsReport, WS_BOTS);
    checkMovement(tcpReport, TCP_BOTS);
    expect([wsReport.transport, tcpReport.transport]).toEqual(["ws", "tcp"]);
    // 50 bots on a 100 x 100 map see each other: moves are confirmed, with finite round trips.
    expect(wsReport.moves_confirmed).toBeGreaterThan(0);
    expect(wsReport.moves_per_s!).toBeGreaterThan(0);
    for (const value of [wsReport.rtt_p50_ms, wsReport.rtt_p99_ms, wsReport.rtt_max_ms]) expect(Number.isFinite(value)).toBe(true);
    expect(wsReport.rtt_p50_ms!).toBeLessThanOrEqual(wsReport.rtt_p99_ms!);
    expect(wsReport.rtt_p99_ms!).toBeLessThanOrEqual(wsReport.rtt_max_ms!);
    expect(wsReport.rtt_p50_ms!).toBeGreaterThan(0);
    expect(wsReport.recipients_per_move!).toBeGreaterThanOrEqual(1);
    expect(wsReport.bytes_received_per_s!).toBeGreaterThan(0);
    expect(wsReport.server_cpu_pct!).toBeGreaterThan(0);
    expect(wsReport.server_rss_mb!).toBeGreaterThan(10);
    expect(wsReport.metrics_error).toBeNull();

    // The server counted every Walk the bots sent, and no other.
    const sent = wsReport.walks_sent_total + tcpReport.walks_sent_total;
    const walks = (await settledMetric("argentum_packets_in_total", { name: "Walk" }, (value) => value - walksBefore >= sent)) - walksBefore;
    expect(walks).toBe(sent);
    // The server accepted what the bots offered, less what it refused (within a window's edges).
    expect(wsReport.server_moves_per_s!).toBeGreaterThan(0);
    // Each run read the server at its window's start, when all its bots were in: the server had
    // at least those online then. How far the two runs overlapped depends on the machine's
    // speed, so the peak is bounded, not pinned: never more than both runs' bots together.
    for (const report of [wsReport, tcpReport]) expect(report.server_players_online_peak!).toBeGreaterThanOrEqual(report.bots_active);
    expect(Math.max(wsReport.server_players_online_peak!, tcpReport.server_players_online_peak!)).toBeLessThanOrEqual(WS_BOTS + TCP_BOTS);
    // Everyone left at the drain.
    expect(await settledMetric("argentum_players_online", {}, (value) => value === 0)).toBe(0);
  }, 60_000);

  test("login_storm: 20 bots create accounts and characters and all get in", async () => {
    const tcp = parseTarget(`tcp://${server.host}:${server.tcpPort}`);
    if (!tcp.ok) throw new Error(tcp.error.message);
    const connectionsBefore = await metric("argentum_connections_total");
    const report = await runScenario({
      scenario: SCENARIOS.login_storm,
      bots: STORM_BOTS,
      durationS: 20,
      seed: 103,
      target: tcp.target,
      metricsUrl: `http://${server.host}:${server.httpPort}/metrics`,
      loginConcurrency: 8,
    });
    expect([report.ok, report.failures, report.failure_causes]).toEqual([true, 0, []]);
    expect(report.logins).toBe(STORM_BOTS);
    expect(report.bots_active).toBe(STORM_BOTS);
    expect(report.logins_per_s!).toBeGreaterThan(0);
    expect(report.login_p50_ms!).toBeLessThanOrEqual(report.login_p99_ms!);
    expect(report.offered_moves_per_s).toBeNull();
    expect(report.duration_s!).toBeGreaterThan(0);
    expect((await metric("argentum_connections_total")) - connectionsBefore).toBe(STORM_BOTS);
  }, 60_000);
});

describe("bots against a server that caps connections per address", () => {
  let capped: TestServer;

  beforeAll(async () => {
    capped = await startTestServer("pglite", ["--max-connections-per-ip", String(CAP_PER_ADDRESS)]);
  });

  afterAll(async () => {
    await capped?.stop();
    capped?.cleanup();
  });

  async function refusals(): Promise<number> {
    const text = await (await fetch(`http://${capped.host}:${capped.httpPort}/metrics`)).text();
    let total = 0;
    for (const sample of parsePrometheusText(text)) if (sample.name === "argentum_connections_refused_total" && sample.labels.reason === "too_many_from_address") total += sample.value;
    return total;
  }

  function storm(extra: string[]): { argv: string[]; io: ReturnType<typeof memoryIo> } {
    const argv = [
      "--target",
      `tcp://${capped.host}:${capped.tcpPort}`,
      "--http-url",
      `http://${capped.host}:${capped.httpPort}`,
      "--scenario",
      "login_storm",
      "--bots",
      String(CAPPED_BOTS),
      "--duration",
      "50",
      "--seed",
      "104",
      ...extra,
    ];
    return { argv, io: memoryIo() };
  }

  test("over the cap from one address: the refused bots are reported by cause with the remedy, exit 1", async () => {
    const before = await refusals();
    const { argv, io } = storm([]);
    expect(await botsCommand.run(argv, io)).toBe(1);
    const report = JSON.parse(io.stdout.split("\n")[0]!) as ScenarioReport;
    const refused = CAPPED_BOTS - CAP_PER_ADDRESS;
    expect([report.ok, report.logins, report.failures, report.source_addresses]).toEqual([false, CAP_PER_ADDRESS, refused, 0]);
    // The server counted the same refusals, for the same reason.
    expect((await refusals()) - before).toBe(refused);
    expect(report.failure_causes).toHaveLength(1);
    const [cause] = report.failure_causes;
    // The server says why before it closes (session/gateway.ts), so the cause is named, not inferred.
    expect([cause!.cause, cause!.label]).toEqual(["too_many_from_address", "refused: too many connections from this address"]);
    expect(cause!.example).toStartWith("server error: Demasiadas conexiones desde tu dirección");
    expect(cause!.count).toBe(refused);
    expect(cause!.example_bot).toMatch(new RegExp(`^Bot${report.run_tag}[a-z]+$`));
    expect(cause!.remedy).toContain("--source-addresses 127.0.0.2-127.0.0.254");
    expect(cause!.remedy).toContain("--max-connections-per-ip");
    expect(io.stderr).toContain(`argentum bots: ${refused} of ${CAPPED_BOTS} bots failed (exit 1)`);
    expect(io.stderr).toContain(cause!.remedy);
  }, 60_000);

  test("the same run spread over three source addresses gets everyone in, exit 0", async () => {
    const before = await refusals();
    // 3 addresses × 3 connections = 9 places for 8 bots, round-robin: 3, 3 and 2 per address.
    const { argv, io } = storm(["--source-addresses", "127.0.0.2-127.0.0.4"]);
    const code = await botsCommand.run(argv, io);
    const report = JSON.parse(io.stdout.split("\n")[0]!) as ScenarioReport;
    expect([code, report.ok, report.failures, report.failure_causes, report.logins, report.source_addresses]).toEqual([0, true, 0, [], CAPPED_BOTS, 3]);
    expect((await refusals()) - before).toBe(0);
    // A new run tag: the first test's accounts (same seed) are not in the way.
    expect(io.stderr).not.toContain("Ya existe");
  }, 60_000);
});
