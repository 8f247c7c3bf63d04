#!/usr/bin/env bun
/**
 * Multi-node benchmarks (issue 18): one gateway and two map nodes on this machine, over NATS and
 * Postgres, driven by `argentum bots` (a child process, the command an operator types). Prints one
 * JSON line per measurement; the docs section ("Multi-node (issue 18)" in docs/benchmarks.md) is
 * written by hand from them.
 *
 *   node_modules/.bin/bun bench/cluster.ts [--only hop,failover,spread] [--rates 1000,5000]
 *       [--hop-scenario hot_spread] [--spread-bots 1000] [--duration 20]
 *       [--database-url postgres://postgres@127.0.0.1:5432/test] [--nats nats://127.0.0.1:4222]
 *
 * - `hop`: per rate, fresh processes and `rate / INTENTS_PER_BOT_S` bots; the intent hop
 *   (gateway publish → map node receive, the node's own histogram since its start, read at the
 *   window's end), the intents/s the nodes counted over the window, the CPU of every process
 *   (nats-server and Postgres included) and the bots' move round trips.
 * - `failover`: 100 world_spread bots, two probe players (bench/cluster-probe.ts), one on a map of
 *   the node that owns most maps, one on a map of the other; 10 s into the window that node gets
 *   SIGKILL. The hitch is the kill → the first accepted walk of the first probe; the other
 *   probe's round trips during the 15 s after the kill; and the bots' failures.
 * - `spread`: hot_spread and world_spread through the cluster and through `argentum serve`, the
 *   same bots, Postgres, password hash and duration.
 *
 * Every run gets its own scratch database (dropped at the end) and its own `--cluster` name on the
 * shared NATS server (AO_BENCH_KEEP_LOGS=1 keeps the processes' logs in the temp dir printed at the
 * start). Logins use the cheapest argon2id (`argon2id:m=1024,t=1`), so the login
 * phase of 1,500 bots takes seconds, not minutes; the hash is not what is measured here.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import type { ScenarioReport } from "../src/bots/index.ts";
import { Children, ScratchDatabases, cpuPercent, pidsNamed, round, sampleCpu, scrape, sleep, waitForLog, type Child, type CpuSample } from "./cluster-procs.ts";
import { WalkProbe, percentile, PROBE_LOST_AFTER_MS, PROBE_WALK_EVERY_MS } from "./cluster-probe.ts";

const REPO = resolve(import.meta.dir, "..");
const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const DEFAULT_NATS_URL = "nats://127.0.0.1:4222";
/** Cheapest allowed hash: logins are not what this bench measures. */
const BENCH_PASSWORD_HASH = "argon2id:m=1024,t=1";
/** Intents a walking bot sends per second (a step every 211-410 ms, chat now and then), measured. */
const INTENTS_PER_BOT_S = 3.3;
/** Maps of the default world; the gateway waits until the nodes have leased them all. */
const DEFAULT_WORLD_MAPS = 5;
/** How long the two nodes get to settle their leases (the first one up claims everything, then hands over). */
const LEASE_SETTLE_MS = 15_000;
const SETTLE_POLL_MS = 250;
/** Failover: the lease length, when the kill happens in the window, and how long after it is watched. */
const FAILOVER_LEASE_S = 4;
const FAILOVER_BOTS = 100;
const FAILOVER_KILL_AFTER_S = 10;
const FAILOVER_WATCH_S = 15;
const FAILOVER_DURATION_S = FAILOVER_KILL_AFTER_S + FAILOVER_WATCH_S + 5;
/** The killed map's probe gives an unanswered walk up after this long (the hitch's resolution). */
const VICTIM_PROBE_LOST_AFTER_MS = 400;
/** Probe characters tried before giving up finding one on each node's maps. */
const PROBE_TRIES = 12;
/** Targets of issue 18. */
const TARGET_HOP_P50_MS = 0.5;
const TARGET_HOP_P99_MS = 3;
const TARGET_HITCH_S = 5;
const TARGET_SURVIVOR_P99_MS = 200;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const only = (option("only") ?? "hop,failover,spread").split(",");
const rates = (option("rates") ?? "1000,5000").split(",").map(Number);
const hopScenario = option("hop-scenario") ?? "hot_spread";
const spreadBots = Number(option("spread-bots") ?? 1000);
const durationS = Number(option("duration") ?? 20);
const databaseUrl = option("database-url") ?? DEFAULT_DATABASE_URL;
const natsUrl = option("nats") ?? DEFAULT_NATS_URL;
for (const name of only) {
  if (!["hop", "failover", "spread"].includes(name)) {
    process.stderr.write(`bench/cluster: unknown measurement ${name}; known: hop, failover, spread\n`);
    process.exit(2);
  }
}
if (!rates.every((rate) => rate > 0) || !(spreadBots > 0) || !(durationS > 0) || !["hot_spread", "world_spread", "crowd_saturated"].includes(hopScenario)) {
  process.stderr.write("bench/cluster: --rates, --spread-bots and --duration must be positive; --hop-scenario hot_spread, world_spread or crowd_saturated\n");
  process.exit(2);
}

const SPAWN_OF: Record<string, string> = { hot_spread: "4", world_spread: "spread", crowd_saturated: "5" };
const runId = Math.random().toString(36).slice(2, 8);
const workDir = mkdtempSync(join(tmpdir(), "argentum-bench-cluster-"));
const children = new Children(REPO, workDir);
const databases = new ScratchDatabases(databaseUrl);
let runs = 0;

function log(line: string): void {
  process.stderr.write(`bench/cluster: ${line}\n`);
}

function print(result: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function load1(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

/** A fresh scratch database and cluster name for one run. */
async function freshRun(tag: string): Promise<{ db: string; cluster: string }> {
  runs++;
  const db = await databases.create(`bench_cl_${tag}`.toLowerCase().replace(/[^a-z0-9_]/g, "_"));
  return { db, cluster: `bench-${runId}-${runs}-${tag}`.replace(/[^A-Za-z0-9-]/g, "-") };
}

interface Cluster {
  readonly nodes: Child[];
  readonly nodeHttp: Map<string, number>;
  readonly gateway: Child;
  readonly tcpPort: number;
  readonly httpPort: number;
  readonly commands: string[];
}

interface ClusterView {
  nodes: { id: string; pid: number; maps: number[] }[];
  maps: Record<string, string>;
}

async function clusterView(httpPort: number): Promise<ClusterView | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${httpPort}/api/cluster`, { signal: AbortSignal.timeout(3_000) });
    return (await response.json()) as ClusterView;
  } catch {
    return undefined;
  }
}

function display(args: readonly string[], db: string): string {
  return `bun ${args.map((arg) => (arg === db ? "$DB" : arg)).join(" ")}`;
}

async function startCluster(tag: string, benchSpawn: string, extra: readonly string[] = []): Promise<Cluster> {
  const { db, cluster } = await freshRun(tag);
  const common = ["--database-url", db, "--nats", natsUrl, "--cluster", cluster, "--log-level", "info", ...extra];
  const commands: string[] = [];
  const nodes: Child[] = [];
  const nodeHttp = new Map<string, number>();
  for (const id of ["n1", "n2"]) {
    const args = ["src/main.ts", "mapnode", ...common, "--node-id", id, "--host", "127.0.0.1", "--http-port", "0", "--map-workers", "1"];
    commands.push(display(args, db));
    nodes.push(children.spawn(`${tag}-${id}`, args));
  }
  for (const node of nodes) {
    const ready = await waitForLog(node, "map node running");
    nodeHttp.set(node.name, ready.httpPort as number);
  }
  const gatewayArgs = [
    "src/main.ts", "gateway", ...common, "--node-id", "g1", "--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0",
    "--max-connections", "100000", "--max-connections-per-ip", "100000", "--login-timeout-seconds", "600",
    "--bench-spawn", benchSpawn, "--password-hash", BENCH_PASSWORD_HASH,
  ];
  commands.push(display(gatewayArgs, db));
  const gateway = children.spawn(`${tag}-g1`, gatewayArgs);
  const ready = await waitForLog(gateway, "server listening");
  const httpPort = ready.httpPort as number;
  // Both nodes hold maps, every map has an owner, and it stayed so for two polls.
  const until = performance.now() + LEASE_SETTLE_MS;
  let stable = 0;
  let last = "";
  while (performance.now() < until) {
    const view = await clusterView(httpPort);
    const key = view ? JSON.stringify(view.maps) : "";
    const owners = new Set(Object.values(view?.maps ?? {}));
    const settled = view !== undefined && Object.keys(view.maps).length === DEFAULT_WORLD_MAPS && owners.size === 2;
    stable = settled && key === last ? stable + 1 : 0;
    last = key;
    if (stable >= 2) break;
    await sleep(SETTLE_POLL_MS);
  }
  return { nodes, nodeHttp, gateway, tcpPort: ready.tcpPort as number, httpPort, commands };
}

async function stopAll(list: readonly Child[]): Promise<Record<string, number | null>> {
  const codes: Record<string, number | null> = {};
  // In the order given: the gateway first (its players leave the maps), then the nodes.
  for (const child of list) codes[child.name] = await children.stop(child);
  return codes;
}

interface BotsRun {
  readonly report: ScenarioReport | undefined;
  readonly exitCode: number;
  readonly command: string;
  readonly windowStart: CpuSample | undefined;
  readonly windowEnd: CpuSample | undefined;
  readonly metricsStart: Map<string, Map<string, number>>;
  readonly metricsEnd: Map<string, Map<string, number>>;
}

/**
 * Runs `argentum bots`; at its window's first progress line and at its grace line reads the CPU
 * of `groups` and the given /metrics pages (the progress line comes once a second, so the edges
 * are within a second of the bots' own).
 */
async function runBots(
  tag: string,
  target: { tcpPort: number; httpPort: number },
  scenario: string,
  bots: number,
  duration: number,
  groups: () => Map<string, number[]>,
  metricsUrls: Map<string, string>,
  onWindow?: () => void,
): Promise<BotsRun> {
  const jsonFile = join(workDir, `${tag}-bots.json`);
  const args = [
    "src/main.ts", "bots", "--target", `tcp://127.0.0.1:${target.tcpPort}`, "--http-url", `http://127.0.0.1:${target.httpPort}`,
    "--scenario", scenario, "--bots", String(bots), "--duration", String(duration), "--seed", "18", "--login-timeout", "300", "--json", jsonFile,
  ];
  let windowStart: CpuSample | undefined;
  let windowEnd: CpuSample | undefined;
  const metricsStart = new Map<string, Map<string, number>>();
  const metricsEnd = new Map<string, Map<string, number>>();
  const pending: Promise<unknown>[] = [];
  const readAll = (into: Map<string, Map<string, number>>) =>
    Promise.all([...metricsUrls].map(async ([name, url]) => into.set(name, await scrape(url))));
  let lastLine = "";
  const child = children.spawnWatched(`${tag}-bots`, args, (line) => {
    lastLine = line;
    if (!windowStart && line.includes("[window]")) {
      windowStart = sampleCpu(groups());
      pending.push(readAll(metricsStart));
      onWindow?.();
    } else if (windowStart && !windowEnd && (line.includes("[grace]") || line.includes("[drain]"))) {
      windowEnd = sampleCpu(groups());
      pending.push(readAll(metricsEnd));
    }
  });
  const exitCode = await child.proc.exited;
  await Promise.all(pending);
  const report = existsSync(jsonFile) ? (JSON.parse(readFileSync(jsonFile, "utf8")) as ScenarioReport) : undefined;
  if (!report) log(`${tag}: bots exited ${exitCode} without a report; last line: ${lastLine}`);
  return { report, exitCode, command: `bun ${args.map((arg) => (arg === jsonFile ? `${tag}.json` : arg)).join(" ")}`, windowStart, windowEnd, metricsStart, metricsEnd };
}

function clusterGroups(cluster: Cluster, bots: () => Child | undefined): () => Map<string, number[]> {
  return () => {
    const groups = new Map<string, number[]>([
      ["gateway", [cluster.gateway.pid]],
      ...cluster.nodes.map((node): [string, number[]] => [node.name.split("-").pop()!, [node.pid]]),
      ["nats_server", pidsNamed("nats-server")],
      ["postgres", pidsNamed("postgres")],
    ]);
    const botsChild = bots();
    if (botsChild) groups.set("bots", [botsChild.pid]);
    return groups;
  };
}

/** The bots' child is only known once spawned: the groups read it from here. */
function botsPid(): Child | undefined {
  return children.latest("bots");
}

function botsSummary(report: ScenarioReport | undefined): Record<string, unknown> {
  if (!report) return { bots_report: null };
  return {
    bots: report.bots,
    bots_active: report.bots_active,
    window_s: report.duration_s,
    offered_moves_per_s: report.offered_moves_per_s,
    moves_per_s: report.moves_per_s,
    confirmed_ratio: report.confirmed_ratio,
    rtt_p50_ms: report.rtt_p50_ms,
    rtt_p99_ms: report.rtt_p99_ms,
    rtt_max_ms: report.rtt_max_ms,
    server_moves_per_s: report.server_moves_per_s,
    recipients_per_move: report.recipients_per_move,
    logins_per_s: report.logins_per_s,
    failures: report.failures,
    failure_causes: report.failure_causes.map((group) => `${group.count}× ${group.label}`),
    gateway_cpu_pct_from_bots: report.server_cpu_pct,
    bots_cpu_pct_from_bots: report.bots_cpu_pct,
  };
}

function windowCpu(run: BotsRun): Record<string, number> | null {
  if (!run.windowStart || !run.windowEnd) return null;
  const out = cpuPercent(run.windowStart, run.windowEnd);
  out.total = Math.round(Object.values(out).reduce((sum, value) => sum + value, 0) * 10) / 10;
  return out;
}

function windowS(run: BotsRun): number | null {
  return run.windowStart && run.windowEnd ? (run.windowEnd.atMs - run.windowStart.atMs) / 1000 : null;
}

/** Warnings and worse in a child's log: counted by message, with the first line of each. */
function logTrouble(child: Child): Record<string, unknown> {
  const byMsg = new Map<string, { count: number; first: string }>();
  for (const line of readFileSync(child.logFile, "utf8").split("\n")) {
    if (!/"level":(40|50|60)/.test(line)) continue;
    const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? "?";
    const entry = byMsg.get(msg) ?? { count: 0, first: line.slice(0, 400) };
    entry.count++;
    byMsg.set(msg, entry);
  }
  return Object.fromEntries([...byMsg].map(([msg, entry]) => [msg, entry]));
}

function metric(sample: Map<string, number> | undefined, key: string): number {
  return sample?.get(key) ?? Number.NaN;
}

// --- hop ----------------------------------------------------------------------------------------

async function hop(rate: number): Promise<void> {
  const bots = Math.round(rate / INTENTS_PER_BOT_S);
  const tag = `hop${rate}`;
  const loadBefore = load1();
  const cluster = await startCluster(tag, SPAWN_OF[hopScenario]!);
  try {
    const urls = new Map<string, string>([...cluster.nodeHttp].map(([name, port]): [string, string] => [name.split("-").pop()!, `http://127.0.0.1:${port}/metrics`]));
    urls.set("gateway", `http://127.0.0.1:${cluster.httpPort}/metrics`);
    const view = await clusterView(cluster.httpPort);
    const run = await runBots(tag, cluster, hopScenario, bots, durationS, clusterGroups(cluster, botsPid), urls);
    const seconds = windowS(run);
    const perNode: Record<string, unknown> = {};
    let intents = 0;
    for (const node of ["n1", "n2"]) {
      const start = run.metricsStart.get(node);
      const end = run.metricsEnd.get(node);
      const count = metric(end, "argentum_cluster_intents_total") - metric(start, "argentum_cluster_intents_total");
      intents += Number.isFinite(count) ? count : 0;
      perNode[node] = {
        maps: view?.nodes.find((entry) => entry.id.startsWith(`${node}:`))?.maps ?? null,
        intents_per_s: seconds ? round(count / seconds, 0) : null,
        intents_total_at_end: metric(end, "argentum_cluster_intents_total"),
        hop_p50_ms: round(metric(end, 'argentum_cluster_intent_hop_seconds{quantile="0.5"}') * 1000, 3),
        hop_p99_ms: round(metric(end, 'argentum_cluster_intent_hop_seconds{quantile="0.99"}') * 1000, 3),
        link_gaps: metric(end, "argentum_cluster_link_gaps_total"),
        players: metric(end, "argentum_players_online"),
      };
    }
    // The busiest node carries the measurement (hot_spread: all of map 4 on one node).
    const busiest = (["n1", "n2"] as const).map((node) => perNode[node] as { intents_per_s: number | null; hop_p50_ms: number | null; hop_p99_ms: number | null }).sort((a, b) => (b.intents_per_s ?? 0) - (a.intents_per_s ?? 0))[0]!;
    const gatewayEnd = run.metricsEnd.get("gateway");
    const loadAfter = load1();
    // Read before the stop: a stop logs warnings of its own.
    const gatewayTrouble = logTrouble(cluster.gateway);
    const nodesTrouble = Object.fromEntries(cluster.nodes.map((node) => [node.name, logTrouble(node)]));
    const codes = await stopAll([cluster.gateway, ...cluster.nodes]);
    print({
      measurement: "hop",
      target_rate: rate,
      scenario: hopScenario,
      bots,
      intents_per_s: seconds ? round(intents / seconds, 0) : null,
      hop_p50_ms: busiest.hop_p50_ms,
      hop_p99_ms: busiest.hop_p99_ms,
      goal_p50_met: busiest.hop_p50_ms !== null ? busiest.hop_p50_ms <= TARGET_HOP_P50_MS : null,
      goal_p99_met: busiest.hop_p99_ms !== null ? busiest.hop_p99_ms <= TARGET_HOP_P99_MS : null,
      nodes: perNode,
      gateway_link_gaps: metric(gatewayEnd, "argentum_cluster_link_gaps_total"),
      gateway_resyncs: metric(gatewayEnd, "argentum_cluster_resyncs_total"),
      gateway_log_trouble: gatewayTrouble,
      nodes_log_trouble: nodesTrouble,
      frame_hop_p50_ms: round(metric(gatewayEnd, 'argentum_cluster_frame_hop_seconds{quantile="0.5"}') * 1000, 3),
      frame_hop_p99_ms: round(metric(gatewayEnd, 'argentum_cluster_frame_hop_seconds{quantile="0.99"}') * 1000, 3),
      cpu_pct: windowCpu(run),
      measured_window_s: round(seconds, 1),
      ...botsSummary(run.report),
      bots_exit: run.exitCode,
      exit_codes: codes,
      load_avg_1m_before: loadBefore,
      load_avg_1m_after: loadAfter,
      commands: [...cluster.commands, run.command],
    });
  } finally {
    await stopAll([cluster.gateway, ...cluster.nodes]).catch(() => {});
  }
}

/** Character names are letters only: the run id's digits become letters. */
function probeName(attempt: number): string {
  const letters = runId.replace(/[0-9]/g, (digit) => String.fromCharCode(97 + Number(digit)));
  return `Probe${letters.slice(0, 4)}${String.fromCharCode(97 + attempt)}`;
}

// --- failover -----------------------------------------------------------------------------------

async function failover(): Promise<void> {
  const tag = "failover";
  const loadBefore = load1();
  const cluster = await startCluster(tag, "spread", ["--lease-seconds", String(FAILOVER_LEASE_S)]);
  const probes: WalkProbe[] = [];
  try {
    const view = await clusterView(cluster.httpPort);
    if (!view) throw new Error("failover: no /api/cluster from the gateway");
    const byMaps = [...view.nodes].sort((a, b) => b.maps.length - a.maps.length);
    const victimEntry = byMaps[0]!;
    const survivorEntry = byMaps[1];
    const victim = cluster.nodes.find((node) => victimEntry.id.startsWith(`${node.name.split("-").pop()}:`))!;
    const survivor = cluster.nodes.find((node) => node !== victim)!;
    log(`failover: owners ${JSON.stringify(view.maps)}; ${victim.name} (${victimEntry.maps.join(",")}) will be killed`);
    // Probe characters land round-robin over the maps by character id: make them until one
    // stands on each node's maps.
    let onVictim: WalkProbe | undefined;
    let onSurvivor: WalkProbe | undefined;
    for (let attempt = 0; attempt < PROBE_TRIES && (!onVictim || (!onSurvivor && survivorEntry && survivorEntry.maps.length > 0)); attempt++) {
      const probe = await WalkProbe.enter("127.0.0.1", cluster.tcpPort, probeName(attempt));
      if (!onVictim && victimEntry.maps.includes(probe.map)) onVictim = probe;
      else if (!onSurvivor && survivorEntry?.maps.includes(probe.map)) onSurvivor = probe;
      else {
        probe.stop();
        continue;
      }
      probes.push(probe);
    }
    if (!onVictim) throw new Error("failover: no probe landed on a map of the node to kill");
    // The probe on the doomed map gives a walk up soon, so the hitch is seen to ~0.4 s; the other
    // waits long, so its slow answers are measured, not dropped.
    onVictim.start(PROBE_WALK_EVERY_MS, VICTIM_PROBE_LOST_AFTER_MS);
    onSurvivor?.start(PROBE_WALK_EVERY_MS, PROBE_LOST_AFTER_MS);
    let killAtMs = Number.NaN;
    let windowAtMs = Number.NaN;
    let cpuBeforeKill: CpuSample | undefined;
    const groups = clusterGroups(cluster, botsPid);
    const takeover: { allOwnedMs: number | null } = { allOwnedMs: null };
    const urls = new Map<string, string>([["gateway", `http://127.0.0.1:${cluster.httpPort}/metrics`]]);
    const killer = (async () => {
      while (Number.isNaN(windowAtMs)) await sleep(50);
      await sleep(FAILOVER_KILL_AFTER_S * 1000);
      cpuBeforeKill = sampleCpu(groups());
      killAtMs = performance.now();
      victim.proc.kill("SIGKILL");
      log(`failover: SIGKILL to ${victim.name} (pid ${victim.pid})`);
      // The survivor owns every map once the dead node's leases ran out and were claimed.
      while (performance.now() - killAtMs < FAILOVER_WATCH_S * 1000) {
        const now = await clusterView(cluster.httpPort);
        if (now && Object.keys(now.maps).length === DEFAULT_WORLD_MAPS && Object.values(now.maps).every((owner) => owner.startsWith(`${survivor.name.split("-").pop()}:`))) {
          takeover.allOwnedMs = performance.now() - killAtMs;
          break;
        }
        await sleep(100);
      }
    })();
    const run = await runBots(tag, cluster, "world_spread", FAILOVER_BOTS, FAILOVER_DURATION_S, groups, urls, () => {
      windowAtMs = performance.now();
    });
    await killer;
    const cpuAfter = run.windowEnd;
    const victimAccepts = [
      ...onVictim.answers.filter((answer) => answer.accepted && answer.answeredMs > killAtMs).map((answer) => answer.answeredMs),
      ...onVictim.lateAccepts.filter((at) => at > killAtMs),
    ].sort((a, b) => a - b);
    const hitchS = victimAccepts.length > 0 ? (victimAccepts[0]! - killAtMs) / 1000 : null;
    const lastBefore = onVictim.answers.filter((answer) => answer.answeredMs <= killAtMs).at(-1);
    const rtts = (probe: WalkProbe | undefined, from: number, to: number) => (probe ? probe.answers.filter((answer) => answer.sentMs >= from && answer.sentMs < to).map((answer) => answer.answeredMs - answer.sentMs) : []);
    const during = rtts(onSurvivor, killAtMs, killAtMs + FAILOVER_WATCH_S * 1000);
    const before = rtts(onSurvivor, windowAtMs, killAtMs);
    const victimBefore = rtts(onVictim, windowAtMs, killAtMs);
    const survivorLog = readFileSync(survivor.logFile, "utf8").split("\n").filter((line) => line.includes('"maps claimed"') && line.includes('"ctx":"leases"'));
    const gatewayTrouble = readFileSync(cluster.gateway.logFile, "utf8").split("\n").filter((line) => /"level":(40|50|60)/.test(line));
    const survivorTrouble = readFileSync(survivor.logFile, "utf8").split("\n").filter((line) => /"level":(40|50|60)/.test(line));
    const loadAfter = load1();
    for (const probe of probes) probe.stop();
    const codes = await stopAll([cluster.gateway, survivor]);
    print({
      measurement: "failover",
      lease_seconds: FAILOVER_LEASE_S,
      bots: FAILOVER_BOTS,
      owners_before: view.maps,
      killed: victim.name,
      killed_maps: victimEntry.maps,
      probe_walk_every_ms: PROBE_WALK_EVERY_MS,
      probe_lost_after_ms: { killed_map: VICTIM_PROBE_LOST_AFTER_MS, survivor_map: PROBE_LOST_AFTER_MS },
      probe_killed_map: onVictim.map,
      probe_survivor_map: onSurvivor?.map ?? null,
      hitch_s: round(hitchS, 2),
      hitch_goal_met: hitchS !== null ? hitchS <= TARGET_HITCH_S : false,
      last_accept_before_kill_ms: lastBefore ? round(killAtMs - lastBefore.answeredMs, 0) : null,
      takeover_all_maps_owned_s: takeover.allOwnedMs !== null ? round(takeover.allOwnedMs / 1000, 2) : null,
      killed_probe: { sent: onVictim.sent, answered: onVictim.answers.length, accepted_after_kill: victimAccepts.length, lost: onVictim.lost, closed: onVictim.closed, rtt_p50_before_ms: round(percentile(victimBefore, 50), 1), map_at_end: onVictim.map },
      survivor_probe: onSurvivor
        ? {
            rtt_p50_before_ms: round(percentile(before, 50), 1),
            rtt_p99_before_ms: round(percentile(before, 99), 1),
            answers_before: before.length,
            rtt_p50_failover_ms: round(percentile(during, 50), 1),
            rtt_p99_failover_ms: round(percentile(during, 99), 1),
            rtt_max_failover_ms: round(percentile(during, 100), 1),
            answers_failover: during.length,
            lost: onSurvivor.lost,
            closed: onSurvivor.closed,
          }
        : null,
      survivor_p99_goal_met: during.length > 0 ? (percentile(during, 99) ?? Infinity) <= TARGET_SURVIVOR_P99_MS : null,
      bots_failures_goal_met: run.report ? run.report.failures === 0 : false,
      cpu_pct_before_kill: run.windowStart && cpuBeforeKill ? cpuPercent(run.windowStart, cpuBeforeKill) : null,
      cpu_pct_after_kill: cpuBeforeKill && cpuAfter ? cpuPercent(cpuBeforeKill, cpuAfter) : null,
      ...botsSummary(run.report),
      bots_exit: run.exitCode,
      survivor_claims: survivorLog.map((line) => {
        const parsed = JSON.parse(line) as { time: string; maps: number[] };
        return `${parsed.time} ${parsed.maps.join(",")}`;
      }),
      gateway_warnings: gatewayTrouble.length,
      gateway_warning_sample: gatewayTrouble.slice(0, 3).map((line) => line.slice(0, 400)),
      survivor_warnings: survivorTrouble.length,
      survivor_warning_sample: survivorTrouble.slice(0, 3).map((line) => line.slice(0, 400)),
      exit_codes: codes,
      load_avg_1m_before: loadBefore,
      load_avg_1m_after: loadAfter,
      commands: [...cluster.commands, run.command],
    });
  } finally {
    for (const probe of probes) if (!probe.closed) probe.stop();
    await stopAll([cluster.gateway, ...cluster.nodes]).catch(() => {});
  }
}

// --- spread -------------------------------------------------------------------------------------

async function spreadCluster(scenario: string, bots: number): Promise<Record<string, unknown>> {
  const tag = `spread-cluster-${scenario}`;
  const loadBefore = load1();
  const cluster = await startCluster(tag, SPAWN_OF[scenario]!);
  try {
    const urls = new Map<string, string>([["gateway", `http://127.0.0.1:${cluster.httpPort}/metrics`]]);
    for (const [name, port] of cluster.nodeHttp) urls.set(name.split("-").pop()!, `http://127.0.0.1:${port}/metrics`);
    const run = await runBots(tag, cluster, scenario, bots, durationS, clusterGroups(cluster, botsPid), urls);
    const loadAfter = load1();
    const gatewayTrouble = logTrouble(cluster.gateway);
    const nodesTrouble = Object.fromEntries(cluster.nodes.map((node) => [node.name, logTrouble(node)]));
    const codes = await stopAll([cluster.gateway, ...cluster.nodes]);
    const hops: Record<string, unknown> = {};
    for (const node of ["n1", "n2"]) {
      const end = run.metricsEnd.get(node);
      hops[node] = { hop_p50_ms: round(metric(end, 'argentum_cluster_intent_hop_seconds{quantile="0.5"}') * 1000, 3), hop_p99_ms: round(metric(end, 'argentum_cluster_intent_hop_seconds{quantile="0.99"}') * 1000, 3) };
    }
    const gatewayEnd = run.metricsEnd.get("gateway");
    return { mode: "cluster", scenario, cpu_pct: windowCpu(run), measured_window_s: round(windowS(run), 1), intent_hop: hops,
      gateway_link_gaps: metric(gatewayEnd, "argentum_cluster_link_gaps_total"), gateway_resyncs: metric(gatewayEnd, "argentum_cluster_resyncs_total"),
      gateway_log_trouble: gatewayTrouble, nodes_log_trouble: nodesTrouble, ...botsSummary(run.report), bots_exit: run.exitCode, exit_codes: codes, load_avg_1m_before: loadBefore, load_avg_1m_after: loadAfter, commands: [...cluster.commands, run.command] };
  } finally {
    await stopAll([cluster.gateway, ...cluster.nodes]).catch(() => {});
  }
}

async function spreadServe(scenario: string, bots: number): Promise<Record<string, unknown>> {
  const tag = `spread-serve-${scenario}`;
  const loadBefore = load1();
  const { db } = await freshRun(tag);
  const dataDir = mkdtempSync(join(workDir, `${tag}-data-`));
  const args = [
    "src/main.ts", "serve", "--database-url", db, "--data-dir", dataDir, "--host", "127.0.0.1", "--tcp-port", "0", "--http-port", "0", "--log-level", "info",
    "--max-connections", "100000", "--max-connections-per-ip", "100000", "--login-timeout-seconds", "600",
    "--bench-spawn", SPAWN_OF[scenario]!, "--password-hash", BENCH_PASSWORD_HASH,
  ];
  const server = children.spawn(tag, args);
  try {
    const ready = await waitForLog(server, "server listening");
    const target = { tcpPort: ready.tcpPort as number, httpPort: ready.httpPort as number };
    const groups = () => {
      const map = new Map<string, number[]>([["server", [server.pid]], ["postgres", pidsNamed("postgres")]]);
      const botsChild = botsPid();
      if (botsChild) map.set("bots", [botsChild.pid]);
      return map;
    };
    const run = await runBots(tag, target, scenario, bots, durationS, groups, new Map());
    const loadAfter = load1();
    const code = await children.stop(server);
    return { mode: "serve", scenario, server_log_trouble: logTrouble(server), cpu_pct: windowCpu(run), measured_window_s: round(windowS(run), 1), ...botsSummary(run.report), bots_exit: run.exitCode, exit_codes: { [tag]: code }, load_avg_1m_before: loadBefore, load_avg_1m_after: loadAfter, commands: [display(args, db).replace(dataDir, "$DATA_DIR"), run.command] };
  } finally {
    await children.stop(server).catch(() => {});
  }
}

async function spread(): Promise<void> {
  for (const scenario of ["hot_spread", "world_spread"]) {
    const clusterResult = await spreadCluster(scenario, spreadBots);
    const serveResult = await spreadServe(scenario, spreadBots);
    print({ measurement: "spread", scenario, bots: spreadBots, duration_s: durationS, cluster: clusterResult, serve: serveResult });
  }
}

// --- main ---------------------------------------------------------------------------------------

const started = performance.now();
const stopOnSignal = (signal: string) => {
  log(`${signal}: killing the children and dropping the scratch databases`);
  void children
    .killAll()
    .then(() => databases.dropAll())
    .finally(() => {
      if (process.env.AO_BENCH_KEEP_LOGS !== "1") rmSync(workDir, { recursive: true, force: true });
      process.exit(130);
    });
};
process.on("SIGINT", () => stopOnSignal("SIGINT"));
process.on("SIGTERM", () => stopOnSignal("SIGTERM"));
log(`load average ${loadavg().map((value) => value.toFixed(2)).join(" ")}; work dir ${workDir}`);
try {
  for (const name of only) {
    try {
      if (name === "hop") for (const rate of rates) await hop(rate);
      else if (name === "failover") await failover();
      else await spread();
    } catch (error) {
      log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      print({ measurement: name, error: error instanceof Error ? error.message : String(error) });
      process.exitCode = 1;
    }
  }
} finally {
  await children.killAll();
  const dropped = await databases.dropAll().catch((error: unknown) => {
    log(`could not drop the scratch databases: ${String(error)}`);
    return [];
  });
  if (process.env.AO_BENCH_KEEP_LOGS !== "1") rmSync(workDir, { recursive: true, force: true });
  print({
    suite: "cluster",
    wall_s: Math.round((performance.now() - started) / 1000),
    machine: { cpus: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}`, memory_gib: Math.round(totalmem() / 1024 ** 3), bun: Bun.version, load_avg_1m_end: load1() },
    scratch_databases_dropped: dropped.length,
  });
}
