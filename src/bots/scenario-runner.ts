/**
 * Runs one scenario against a real server: plans the bots, lets them log in (gated), measures a
 * window of `durationS` seconds once everyone is in (for `login_storm` the login phase itself is
 * the window), reads the server's `/metrics` at the window's edges and once a second for peaks,
 * prints a progress line each second, drains, and builds the report.
 *
 * Before anything else it weighs the run against the server's connection caps (read from
 * `/metrics` when exported, the defaults otherwise) and warns when bots will be refused. At the
 * end every bot that failed, or was still logging in when measuring began, is a failure, grouped
 * by cause with a remedy (failure-causes.ts); the report is `ok` only when there are none.
 *
 * Everything runs on the runtime's real clock and its one timer queue; the only waits are timers
 * on that queue. Network and HTTP are injected (connector, JSON and metrics getters).
 */
import { RealClock, RealTimerDriver, TimerScheduler, TimerWheel } from "../time/index.ts";
import { Ao20SessionPort, DEFAULT_LOGIN_TIMEOUT_MS, DEFAULT_NEW_CHARACTER, type LoginMode, type NewCharacterSpec } from "./ao20-session.ts";
import { planRun, type WeightedBehaviour } from "./arrivals.ts";
import type { BehaviourFactory } from "./behaviour.ts";
import { CasterBehaviour } from "./behaviours/caster.ts";
import { FighterBehaviour } from "./behaviours/fighter.ts";
import { DEFAULT_SPELL_CATALOG, spellCatalogFromWorldInfo, type SpellCatalog } from "./behaviours/spell-roles.ts";
import { IdleBehaviour } from "./behaviours/idle.ts";
import { MapWalkerBehaviour } from "./behaviours/map-walker.ts";
import { botCredentials, isRunTag, seedTag } from "./bot-identity.ts";
import { BotRuntime } from "./bot-runtime.ts";
import { connectionWarnings, serverLimits } from "./connection-budget.ts";
import { groupFailures, type FailedBot, type RemedyContext } from "./failure-causes.ts";
import { processUsage, type HostProbe } from "./host.ts";
import { silentBotLogger, type BotLogger } from "./logger.ts";
import { fetchJson, MapCatalog, type JsonGetter } from "./map-catalog.ts";
import { RunLedger } from "./run-ledger.ts";
import type { ScenarioReport, TimelineEntry } from "./scenario-report.ts";
import { MAGE_CLASS, mixProblem, type ScenarioMix, type ScenarioSpec } from "./scenarios.ts";
import { fetchText, magicBetween, npcAiBetween, passwordHashBetween, readServerSnapshot, type MetricsGetter, type ServerSnapshot } from "./server-metrics.ts";
import { isLoopbackHost } from "./source-addresses.ts";
import { connectTcp } from "./tcp-transport.ts";
import type { TransportConnector, TransportTarget } from "./transport.ts";
import { connectWebSocket } from "./ws-transport.ts";

const MS_PER_S = 1000;
const BYTES_PER_MB = 1024 * 1024;
/** Progress lines and metric samples, once a second. */
export const PROGRESS_INTERVAL_MS = 1_000;
/** After the window, answers to moves planned inside it still count for this long. */
export const DEFAULT_GRACE_MS = 1_000;
/** Arrivals spread over this long at the start (the login gate paces the rest). */
export const ARRIVAL_SPREAD_MS = 500;
/**
 * Timer tick of scenario runs. Round trips are measured from planned times, and a step leaves up
 * to one tick after its plan; a fine tick keeps that bot-side share small (500 wakes/s is cheap).
 */
export const SCENARIO_TICK_MS = 2;
/** Logins in flight at once unless told otherwise: enough to keep a server's hashing busy. */
export const DEFAULT_LOGIN_CONCURRENCY = 32;
/** Longest wait for everyone to be in before the window starts anyway. */
export const DEFAULT_LOGIN_PHASE_LIMIT_S = 180;
/** Longest wait for sessions to close after the drain. */
const DRAIN_WAIT_MS = 5_000;
/** How often the waits re-check their condition. */
const POLL_MS = 50;
/** Bot actions may go out at most this often per bot (budget; a walker needs ~5/s). */
const SENDS_PER_S_LIMIT = 20;
/** Per-bot budget: a fighter holds three timers (think, attack, chat) and five subscriptions, a caster three timers and seven. */
const SCENARIO_LIMITS = { maxTimers: 4, maxSendsPerS: SENDS_PER_S_LIMIT, maxSubscriptions: 8 } as const;

/** Picks the transport for a target (a source address binds TCP only; the runner refuses it for WebSocket). */
export const connectTransport: TransportConnector = (target, events, localAddress) => (target.kind === "tcp" ? connectTcp(target, events, localAddress) : connectWebSocket(target, events));

export interface ScenarioRunOptions {
  readonly scenario: ScenarioSpec;
  readonly bots: number;
  /** Measurement window, s (for login_storm: the most the login phase may take). */
  readonly durationS: number;
  readonly seed: number;
  readonly target: TransportTarget;
  /** `http://host:port` of the server, for map documents. Required by walking scenarios. */
  readonly httpOrigin?: string;
  /** `http://host:port/metrics`; without it the server columns are null. */
  readonly metricsUrl?: string;
  readonly loginConcurrency?: number;
  readonly loginTimeoutMs?: number;
  readonly loginPhaseLimitS?: number;
  /** `create` (default): new accounts; `reuse`: log into the run tag's accounts, creating what is missing. */
  readonly login?: LoginMode;
  /**
   * Six lowercase letters in every bot's names (bot-identity.ts). Default: the seed's own tag,
   * which `reuse` wants; a `create` run that must not collide with earlier ones passes a new one.
   */
  readonly runTag?: string;
  /** Local addresses bots connect from, round-robin (TCP only). */
  readonly sourceAddresses?: readonly string[];
  readonly character?: NewCharacterSpec;
  /** Walkers, fighters and casters in these shares instead of the scenario's (`--mix`). */
  readonly mix?: ScenarioMix;
  readonly graceMs?: number;
  readonly progress?: (line: string) => void;
  /** Warnings before the run (connection caps); they are in the report too. */
  readonly warn?: (line: string) => void;
  readonly log?: BotLogger;
  readonly connect?: TransportConnector;
  readonly getJson?: JsonGetter;
  readonly getMetrics?: MetricsGetter;
  readonly host?: HostProbe;
}

/** A run that could not start (bad options, the server's map unavailable). */
export class ScenarioError extends Error {
  constructor(
    readonly code: "bad_options" | "map_unavailable",
    message: string,
  ) {
    super(message);
    this.name = "ScenarioError";
  }
}

function round(value: number, digits = 2): number | null {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function percentile(histogram: { count: number; percentile(p: number): number }, p: number): number | null {
  return histogram.count > 0 ? round(histogram.percentile(p), 3) : null;
}

interface Peaks {
  players: number;
  queueDelayS: number;
  workerLagS: number;
  npcAiLatenessS: number;
  npcAiTickS: number;
  lastError: string | null;
}

export async function runScenario(options: ScenarioRunOptions): Promise<ScenarioReport> {
  const { scenario, bots, seed, target } = options;
  if (!(Number.isInteger(bots) && bots >= 1)) throw new ScenarioError("bad_options", `bots must be a whole number >= 1, got ${bots}`);
  if (!(options.durationS > 0)) throw new ScenarioError("bad_options", `duration must be > 0 s, got ${options.durationS}`);
  if (scenario.walk && options.httpOrigin === undefined) {
    throw new ScenarioError("bad_options", `${scenario.name} walks on the server's maps: give the server's HTTP address (--http-url or --metrics-url)`);
  }
  const mix = options.mix ?? scenario.mix;
  if (options.mix !== undefined && scenario.walk === undefined) throw new ScenarioError("bad_options", `${scenario.name} does not move its bots: a mix applies to walking scenarios only`);
  const badMix = mix === undefined ? undefined : mixProblem(mix);
  if (badMix !== undefined) throw new ScenarioError("bad_options", badMix);
  const sourceAddresses = options.sourceAddresses ?? [];
  if (sourceAddresses.length > 0 && target.kind !== "tcp") throw new ScenarioError("bad_options", "source addresses apply to tcp:// targets only");
  const login = options.login ?? "create";
  const tag = options.runTag ?? seedTag(seed);
  if (!isRunTag(tag)) throw new ScenarioError("bad_options", `run tag must be six lowercase letters, got ${JSON.stringify(tag)}`);
  const progress = options.progress ?? (() => {});
  const log = options.log ?? silentBotLogger;
  const host = options.host ?? processUsage;
  const getMetrics = options.getMetrics ?? fetchText;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;

  const clock = new RealClock();
  const scheduler = new TimerScheduler(clock, new TimerWheel({ tickMs: SCENARIO_TICK_MS, startMs: clock.now(), initialCapacity: bots * 3 + 16 }));
  const driver = new RealTimerDriver(scheduler, clock);
  const ledger = new RunLedger();
  const maps = options.httpOrigin === undefined ? undefined : new MapCatalog(options.httpOrigin, options.getJson ?? fetchJson);

  const sleep = (ms: number) => new Promise<void>((resolve) => scheduler.after(ms, () => resolve(), undefined));
  const waitUntil = async (done: () => boolean, limitMs: number): Promise<boolean> => {
    const until = clock.now() + limitMs;
    while (!done()) {
      if (clock.now() >= until) return false;
      await sleep(POLL_MS);
    }
    return true;
  };

  driver.start();
  try {
    // --- will the server take us? ----------------------------------------------------------
    const preflight = options.metricsUrl === undefined ? undefined : await readServerSnapshot(options.metricsUrl, getMetrics, clock.now());
    const limits = serverLimits(preflight?.ok ? preflight.snapshot : undefined);
    const remedies: RemedyContext = {
      bots,
      transport: target.kind,
      target: target.text,
      loopbackTarget: isLoopbackHost(target.host),
      sourceAddresses: sourceAddresses.length,
      perAddressCap: limits.perAddress,
      maxConnections: limits.total,
      reuseAccounts: login === "reuse",
      loginTimeoutS: (options.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS) / MS_PER_S,
    };
    const warnings = connectionWarnings(remedies);
    for (const line of warnings) options.warn?.(line);

    if (maps && typeof scenario.expectedMap === "number") {
      const loaded = await maps.load(scenario.expectedMap);
      if (!loaded.ok) throw new ScenarioError("map_unavailable", `${scenario.name} needs map ${scenario.expectedMap}: ${loaded.message}`);
    }

    // Casters learn what their spells are for from the server's spell names (GET /api/world).
    let spells: SpellCatalog = DEFAULT_SPELL_CATALOG;
    if (mix !== undefined && mix.casters > 0 && options.httpOrigin !== undefined) {
      const read = await readSpellCatalog(options.httpOrigin, options.getJson ?? fetchJson);
      if (typeof read === "string") options.warn?.(`casters use the default world's spell numbers: ${read}`);
      else spells = read;
    }
    const casterCharacter: NewCharacterSpec = { ...(options.character ?? DEFAULT_NEW_CHARACTER), class: scenario.casterClass ?? MAGE_CLASS };

    const port = new Ao20SessionPort({
      target,
      connect: options.connect ?? connectTransport,
      scheduler,
      ledger,
      maps,
      credentials: (actorId) => botCredentials(tag, actorId),
      character: options.character,
      characterFor: mix !== undefined && mix.casters > 0 ? (actor) => (actor.behaviour === "caster" ? casterCharacter : (options.character ?? DEFAULT_NEW_CHARACTER)) : undefined,
      login,
      sourceAddresses,
      expectedMap: scenario.expectedMap,
      maxLoginsInFlight: options.loginConcurrency ?? DEFAULT_LOGIN_CONCURRENCY,
      loginTimeoutMs: options.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
      log,
    });
    const walk = scenario.walk;
    const onSkip = () => void ledger.stepsSkipped++;
    let factory: BehaviourFactory = () => new IdleBehaviour();
    const fighter: BehaviourFactory | undefined = walk
      ? () =>
          new FighterBehaviour({
            views: (actorId) => port.combatView(actorId),
            think: walk.think,
            allowExits: walk.allowExits,
            chatThink: scenario.chatThink,
            tally: ledger,
            onSkip,
          })
      : undefined;
    const walker: BehaviourFactory | undefined = walk
      ? () =>
          new MapWalkerBehaviour({
            views: (actorId) => port.walkView(actorId),
            think: walk.think,
            allowExits: walk.allowExits,
            chatThink: scenario.chatThink,
            onSkip,
          })
      : undefined;
    const caster: BehaviourFactory | undefined = walk
      ? () =>
          new CasterBehaviour({
            views: (actorId) => port.spellView(actorId),
            spells,
            think: walk.think,
            allowExits: walk.allowExits,
            chatThink: scenario.chatThink,
            tally: ledger,
            onSkip,
          })
      : undefined;
    if (walk && scenario.fight) factory = fighter!;
    else if (walk) factory = walker!;
    const behaviours: Record<string, BehaviourFactory> = { scenario: factory };
    let planBehaviours: string | WeightedBehaviour[] = "scenario";
    if (walk && mix !== undefined) {
      Object.assign(behaviours, { walker: walker!, fighter: fighter!, caster: caster! });
      planBehaviours = [
        { behaviour: "walker", weight: mix.walkers },
        { behaviour: "fighter", weight: mix.fighters },
        { behaviour: "caster", weight: mix.casters },
      ].filter((entry) => entry.weight > 0);
    }
    const planned = planRun({ seed, arrivals: { kind: "closed", actors: bots, spreadMs: ARRIVAL_SPREAD_MS }, behaviours: planBehaviours, startAtMs: clock.now() });
    if (!planned.ok) throw new ScenarioError("bad_options", planned.error.message);
    const runtime = new BotRuntime({
      plan: planned.plan,
      scheduler,
      session: port,
      behaviours,
      limits: SCENARIO_LIMITS,
      log,
      namePrefix: "bot",
    });

    // --- progress and server peaks, once a second ------------------------------------------
    const startedMs = clock.now();
    let phase = scenario.loginOnly ? "storm" : "login";
    const peaks: Peaks = { players: Number.NaN, queueDelayS: Number.NaN, workerLagS: Number.NaN, npcAiLatenessS: Number.NaN, npcAiTickS: Number.NaN, lastError: null };
    const fights = scenario.fight || (mix !== undefined && mix.fighters > 0);
    const casts = mix !== undefined && mix.casters > 0;
    let last = { at: startedMs, walks: 0, confirmed: 0, bytes: 0, attacks: 0, hits: 0, casts: 0 };
    const timeline: TimelineEntry[] = [];
    let lastServer: ServerSnapshot | undefined;
    let sampling = false;
    const sample = () => {
      if (options.metricsUrl === undefined || sampling) return;
      sampling = true;
      void readServerSnapshot(options.metricsUrl, getMetrics, clock.now()).then((read) => {
        sampling = false;
        if (!read.ok) {
          peaks.lastError = read.error;
          return;
        }
        const snapshot = read.snapshot;
        if (!(snapshot.playersOnline <= peaks.players)) peaks.players = snapshot.playersOnline;
        if (phase === "window" || phase === "storm") {
          if (!(snapshot.queueDelayMaxS <= peaks.queueDelayS)) peaks.queueDelayS = snapshot.queueDelayMaxS;
          if (!(snapshot.workerLagMaxS <= peaks.workerLagS)) peaks.workerLagS = snapshot.workerLagMaxS;
          if (!(snapshot.npcAi.latenessMaxS <= peaks.npcAiLatenessS)) peaks.npcAiLatenessS = snapshot.npcAi.latenessMaxS;
          if (!(snapshot.npcAi.tickMaxS <= peaks.npcAiTickS)) peaks.npcAiTickS = snapshot.npcAi.tickMaxS;
        }
        lastServer = snapshot;
      });
    };
    const tick = () => {
      const now = clock.now();
      const seconds = (now - last.at) / MS_PER_S;
      const counts = runtime.stateCounts();
      const walks = ledger.walksSentTotal - last.walks;
      const confirmed = ledger.movesConfirmedTotal - last.confirmed;
      const bytes = ledger.bytesReceivedTotal - last.bytes;
      const rttMax = ledger.secondRttMaxMs;
      ledger.secondRttMaxMs = Number.NEGATIVE_INFINITY;
      const attacks = ledger.attacksSentTotal - last.attacks;
      const hits = ledger.hitsSeenTotal - last.hits;
      const castsSent = ledger.castsSentTotal - last.casts;
      last = { at: now, walks: ledger.walksSentTotal, confirmed: ledger.movesConfirmedTotal, bytes: ledger.bytesReceivedTotal, attacks: ledger.attacksSentTotal, hits: ledger.hitsSeenTotal, casts: ledger.castsSentTotal };
      timeline.push({
        t: Math.round((now - startedMs) / 100) / 10,
        phase,
        active: counts.Active,
        walks_per_s: Math.round(walks / seconds),
        confirmed_per_s: Math.round(confirmed / seconds),
        rtt_max_ms: Number.isFinite(rttMax) ? Math.round(rttMax * 10) / 10 : null,
      });
      const server = lastServer ? ` | server players ${lastServer.playersOnline} queue ${(lastServer.queueDelayMaxS * MS_PER_S).toFixed(1)} ms lag ${(lastServer.mainLagP99S * MS_PER_S).toFixed(1)} ms` : "";
      progress(
        `${scenario.name} ${((now - startedMs) / MS_PER_S).toFixed(0)}s [${phase}] in ${counts.Active}/${bots} failed ${counts.Failed} waiting ${port.queued} logins ${ledger.logins}` +
          (walk ? ` | walks ${(walks / seconds).toFixed(0)}/s seen ${(confirmed / seconds).toFixed(0)}/s rtt p99 ${ledger.moveRtt.count > 0 ? ledger.moveRtt.percentile(99).toFixed(1) : "-"} ms` : "") +
          (fights ? ` | attacks ${(attacks / seconds).toFixed(0)}/s hits ${(hits / seconds).toFixed(0)}/s` : "") +
          (casts ? ` | casts ${(castsSent / seconds).toFixed(0)}/s` : "") +
          ` | rx ${(bytes / seconds / 1e6).toFixed(2)} MB/s${server}`,
      );
      sample();
    };
    const progressTimer = scheduler.every(clock.now() + PROGRESS_INTERVAL_MS, tick, undefined, () => PROGRESS_INTERVAL_MS);

    const settled = () => {
      const counts = runtime.stateCounts();
      return counts.Scheduled + counts.Creating + counts.Connecting + counts.Authenticating === 0 && counts.Planned === 0;
    };

    // --- login phase -----------------------------------------------------------------------
    // The window's edges are synchronised points (every bot of the run in, or just measured):
    // they count toward the peaks too, so a peak never misses what the run itself put there.
    const snapshotNow = async (): Promise<ServerSnapshot | undefined> => {
      if (options.metricsUrl === undefined) return undefined;
      const read = await readServerSnapshot(options.metricsUrl, getMetrics, clock.now());
      if (!read.ok) {
        peaks.lastError = read.error;
        return undefined;
      }
      if (!(read.snapshot.playersOnline <= peaks.players)) peaks.players = read.snapshot.playersOnline;
      return read.snapshot;
    };
    let serverStart: ServerSnapshot | undefined;
    let windowHost = { host: host(), at: clock.now() };
    if (scenario.loginOnly) {
      serverStart = await snapshotNow();
      windowHost = { host: host(), at: clock.now() };
      ledger.startWindow(clock.now());
    }
    runtime.start();
    const limitS = scenario.loginOnly ? options.durationS : (options.loginPhaseLimitS ?? DEFAULT_LOGIN_PHASE_LIMIT_S);
    const everyoneIn = await waitUntil(settled, limitS * MS_PER_S);
    const loginPhaseS = (clock.now() - startedMs) / MS_PER_S;
    if (!everyoneIn) log.warn({ scenario: scenario.name, limitS }, "not every bot got in before the login phase limit; measuring anyway");
    const botsActive = runtime.stateCounts().Active;
    // Bots still on their way in now did not get in in time: failures, whatever happens later.
    const unfinished = new Map<number, string>();
    for (const actor of runtime.actors) {
      if (actor.state !== "Active" && !actor.lifecycle.isFinal) unfinished.set(actor.id, port.sessions[actor.id]?.stage ?? actor.state);
    }

    // --- the window ------------------------------------------------------------------------
    if (!scenario.loginOnly) {
      phase = "window";
      serverStart = await snapshotNow();
      windowHost = { host: host(), at: clock.now() };
      runtime.metrics.actionStartDelay.reset();
      driver.loopLag.reset();
      ledger.startWindow(clock.now());
      await sleep(options.durationS * MS_PER_S);
    }
    ledger.endWindow(clock.now());
    const windowUsage = host();
    const windowEndAt = clock.now();
    const serverEnd = await snapshotNow();
    phase = "grace";
    if (!scenario.loginOnly) await sleep(graceMs);
    ledger.stopReceiving();

    // --- drain -----------------------------------------------------------------------------
    phase = "drain";
    runtime.drain("scenario over");
    await waitUntil(() => {
      const counts = runtime.stateCounts();
      return counts.Draining === 0;
    }, DRAIN_WAIT_MS);
    scheduler.cancel(progressTimer);

    // --- report ----------------------------------------------------------------------------
    const failed: FailedBot[] = [];
    for (const actor of runtime.actors) {
      const session = port.sessions[actor.id];
      const bot = session?.credentials.name ?? actor.name;
      if (actor.state === "Failed") failed.push({ bot, signal: session?.failure ?? { kind: "other", text: actor.lifecycle.lastReason ?? "unknown" } });
      else if (unfinished.has(actor.id)) failed.push({ bot, signal: { kind: "unfinished", stage: unfinished.get(actor.id)! } });
    }
    const failureCauses = groupFailures(failed, remedies);
    const windowMs = ledger.windowMs;
    const windowS = windowMs / MS_PER_S;
    const perS = (count: number) => round(count / windowS, 1);
    const serverSpanS = serverStart && serverEnd ? (serverEnd.atMs - serverStart.atMs) / MS_PER_S : Number.NaN;
    const serverPerS = (end: number | undefined, start: number | undefined) => (end === undefined || start === undefined ? null : round((end - start) / serverSpanS, 1));
    const hostSpanMs = windowEndAt - windowHost.at;
    const resolved = ledger.movesConfirmed + ledger.movesRefused;
    return {
      scenario: scenario.name,
      bots,
      offered_moves_per_s: walk ? perS(ledger.movesOffered) : null,
      moves_per_s: walk ? perS(ledger.movesConfirmed) : null,
      recipients_per_move: ledger.movesConfirmed > 0 ? round(ledger.characterMoveFrames / ledger.movesConfirmed, 2) : null,
      rtt_p50_ms: percentile(ledger.moveRtt, 50),
      rtt_p99_ms: percentile(ledger.moveRtt, 99),
      rtt_max_ms: ledger.moveRtt.count > 0 ? round(ledger.moveRtt.max, 3) : null,
      server_cpu_pct: serverStart && serverEnd ? round(((serverEnd.cpuSeconds - serverStart.cpuSeconds) / serverSpanS) * 100, 1) : null,
      server_rss_mb: serverEnd ? round(serverEnd.rssBytes / BYTES_PER_MB, 1) : null,
      failures: failed.length,
      ok: failed.length === 0,
      failure_causes: failureCauses,
      run_tag: tag,
      accounts: login === "reuse" ? "reused" : "new",
      source_addresses: sourceAddresses.length,
      warnings,

      transport: target.kind,
      target: target.text,
      seed,
      duration_s: round(windowS, 2),
      bots_active: botsActive,
      moves_offered: ledger.movesOffered,
      moves_confirmed: ledger.movesConfirmed,
      moves_refused: ledger.movesRefused,
      moves_unresolved: Math.max(0, ledger.movesOffered - resolved),
      confirmed_ratio: ledger.movesOffered > 0 ? round(ledger.movesConfirmed / ledger.movesOffered, 4) : null,
      observable_ratio: ledger.movesOffered > 0 ? round(ledger.movesObservable / ledger.movesOffered, 4) : null,
      confirmed_observable_ratio: ledger.movesObservable > 0 ? round(Math.min(1, ledger.movesConfirmed / ledger.movesObservable), 4) : null,
      moves_ambiguous: ledger.movesAmbiguous,
      ambiguous_rtt_p99_ms: percentile(ledger.ambiguousRtt, 99),
      refused_rtt_p50_ms: percentile(ledger.refusedRtt, 50),
      refused_rtt_p99_ms: percentile(ledger.refusedRtt, 99),
      steps_skipped: ledger.stepsSkipped,
      walks_sent_total: ledger.walksSentTotal,
      chats: ledger.talksSent,
      chats_confirmed: ledger.chatsConfirmed,
      chat_rtt_p50_ms: percentile(ledger.chatRtt, 50),
      chat_rtt_p99_ms: percentile(ledger.chatRtt, 99),
      bytes_received_per_s: perS(ledger.bytesReceived),
      frames_received_per_s: perS(ledger.framesReceived),
      logins: ledger.logins,
      logins_per_s: round(ledger.loginsPerS, 1),
      login_p50_ms: percentile(ledger.loginTime, 50),
      login_p99_ms: percentile(ledger.loginTime, 99),
      login_phase_s: round(loginPhaseS, 2),
      wrong_map: ledger.wrongMap,
      maps_at_login: ledger.loginMaps.size,
      transfers: ledger.transfers,
      decode_errors: ledger.decodeErrors,
      attacks_per_s: fights ? perS(ledger.attacksSent) : null,
      attacks_sent: ledger.attacksSent,
      hits_seen: ledger.hitsSeen,
      misses_seen: ledger.missesSeen,
      kills_seen: ledger.killsSeen,
      hits_taken: ledger.hitsTaken,
      deaths: ledger.deaths,
      targets_given_up: ledger.targetsGivenUp,
      bots_by_behaviour: behaviourCounts(planned.plan.actors),
      casts_per_s: casts ? perS(ledger.castsSent) : null,
      cast_requests: ledger.castRequests,
      casts_sent: ledger.castsSent,
      damage_casts: ledger.damageCasts,
      heal_casts: ledger.healCasts,
      paralysis_casts: ledger.paralysisCasts,
      spell_hits_seen: ledger.spellHitsSeen,
      cast_kills_seen: ledger.castKillsSeen,
      mana_spent: ledger.manaSpentTotal,
      meditations: ledger.meditations,
      casts_refused: ledger.castsRefused,
      casts_unanswered: ledger.castsUnanswered,

      server_moves_per_s: serverStart && serverEnd ? round((serverEnd.walksIn - serverEnd.posUpdatesOut - (serverStart.walksIn - serverStart.posUpdatesOut)) / serverSpanS, 1) : null,
      server_walks_in: serverEnd ? serverEnd.walksIn : null,
      server_character_moves_out_per_s: serverPerS(serverEnd?.characterMovesOut, serverStart?.characterMovesOut),
      server_character_moves_per_cpu_s:
        serverStart && serverEnd && serverEnd.cpuSeconds > serverStart.cpuSeconds
          ? round((serverEnd.characterMovesOut - serverStart.characterMovesOut) / (serverEnd.cpuSeconds - serverStart.cpuSeconds), 0)
          : null,
      server_socket_writes_per_s: finiteOrNull(serverPerS(serverEnd?.socketWrites, serverStart?.socketWrites)),
      server_frames_per_write:
        serverStart && serverEnd && serverEnd.socketWrites > serverStart.socketWrites
          ? round((serverEnd.framesOut - serverStart.framesOut) / (serverEnd.socketWrites - serverStart.socketWrites), 1)
          : null,
      server_bytes_out_per_s: serverPerS(serverEnd?.bytesOut, serverStart?.bytesOut),
      server_players_online_peak: round(peaks.players, 0),
      map_queue_delay_max_ms: round(peaks.queueDelayS * MS_PER_S, 3),
      event_loop_lag_p99_ms: serverEnd ? round(serverEnd.mainLagP99S * MS_PER_S, 3) : null,
      event_loop_lag_max_ms: serverEnd ? round(serverEnd.mainLagMaxS * MS_PER_S, 3) : null,
      worker_lag_max_ms: round(peaks.workerLagS * MS_PER_S, 3),
      metrics_error: options.metricsUrl === undefined ? "no --metrics-url" : peaks.lastError,
      ...npcAiBetween(serverStart?.npcAi, serverEnd?.npcAi, peaks.npcAiLatenessS, peaks.npcAiTickS),
      ...magicBetween(serverStart?.magic, serverEnd?.magic),
      ...passwordHashBetween(serverStart, serverEnd, { perS: ledger.loginsPerS, meanMs: ledger.loginTime.count > 0 ? ledger.loginTime.mean : Number.NaN }),

      bots_cpu_pct: hostSpanMs > 0 ? round(((windowUsage.cpuMs - windowHost.host.cpuMs) / hostSpanMs) * 100, 1) : null,
      bots_rss_mb: round(windowUsage.rssBytes / BYTES_PER_MB, 1),
      bots_send_late_p99_ms: percentile(runtime.metrics.actionStartDelay, 99),
      bots_loop_lag_p99_ms: percentile(driver.loopLag, 99),
      bots_loop_lag_max_ms: driver.loopLag.count > 0 ? round(driver.loopLag.max, 3) : null,
      timeline,
    };
  } finally {
    driver.stop();
  }
}

/** Bots per behaviour name of a plan. */
function behaviourCounts(actors: readonly { readonly behaviour: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const actor of actors) counts[actor.behaviour] = (counts[actor.behaviour] ?? 0) + 1;
  return counts;
}

/** The casters' spell catalogue from the server's `GET /api/world`, or why not (a message). */
async function readSpellCatalog(httpOrigin: string, get: JsonGetter): Promise<SpellCatalog | string> {
  const url = `${httpOrigin}/api/world`;
  try {
    const response = await get(url);
    if (response.status !== 200) return `GET ${url}: HTTP ${response.status}`;
    const read = spellCatalogFromWorldInfo(await response.json());
    if (read === undefined) return `GET ${url}: no spell list`;
    if (read.known === 0) return `GET ${url}: none of its ${read.listed} spells has a name the casters know`;
    return read.catalog;
  } catch (error) {
    return `GET ${url}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** NaN (a series the server does not export) reads as unknown. */
function finiteOrNull(value: number | null): number | null {
  return value === null || Number.isFinite(value) ? value : null;
}
