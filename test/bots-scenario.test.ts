/**
 * End to end: bots against a real server started in this process. 50 hot_spread bots over
 * WebSocket (through the CLI, with its JSON file) and a few over TCP at the same time, then a
 * small login storm. The reports must agree with what the server itself counted.
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

function checkMovement(report: ScenarioReport, bots: number): void {
  expect(report.failures).toBe(0);
  expect(report.failure_reasons).toEqual({});
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
    const walks = (await metric("argentum_packets_in_total", { name: "Walk" })) - walksBefore;
    expect(walks).toBe(wsReport.walks_sent_total + tcpReport.walks_sent_total);
    // The server accepted what the bots offered, less what it refused (within a window's edges).
    expect(wsReport.server_moves_per_s!).toBeGreaterThan(0);
    // While both runs were in the world the server had all 55 online, never more.
    const peak = Math.max(wsReport.server_players_online_peak ?? 0, tcpReport.server_players_online_peak ?? 0);
    expect(peak).toBe(WS_BOTS + TCP_BOTS);
    // Everyone left at the drain.
    for (let i = 0; i < 50 && (await metric("argentum_players_online")) > 0; i++) await Bun.sleep(100);
    expect(await metric("argentum_players_online")).toBe(0);
  }, 30_000);

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
    expect(report.failures).toBe(0);
    expect(report.logins).toBe(STORM_BOTS);
    expect(report.bots_active).toBe(STORM_BOTS);
    expect(report.logins_per_s!).toBeGreaterThan(0);
    expect(report.login_p50_ms!).toBeLessThanOrEqual(report.login_p99_ms!);
    expect(report.offered_moves_per_s).toBeNull();
    expect(report.duration_s!).toBeGreaterThan(0);
    expect((await metric("argentum_connections_total")) - connectionsBefore).toBe(STORM_BOTS);
  }, 30_000);
});
