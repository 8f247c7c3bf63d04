/**
 * What every process role of the server shares at start: the start-up error with one line for
 * the operator, and the settings each map worker gets (`serve` and `mapnode` alike).
 */
import type { ServerConfig } from "../config/index.ts";
import { FLUSH_WAIT_PER_WRITE_MS } from "../net/index.ts";
import type { WorkerSettings } from "../map/index.ts";
import type { ServerWorld } from "./server-world.ts";

/** Message of the day, one console line each, sent at login. */
export const DEFAULT_MOTD = ["Bienvenido a Argentum Online (argentum-bun)."];
/** In-game day length for `hora`. */
export const DAY_LENGTH_MS = 60 * 60 * 1000;
/** Least time between two global chat lines of one player (VB6 `IntervaloMensajeGlobal`). */
export const GLOBAL_CHAT_INTERVAL_MS = 5_000;
/** How often map workers report lag, queue delay and players per map for /metrics. */
export const WORKER_STATS_INTERVAL_MS = 5_000;

export class StartupError extends Error {
  readonly code = "startup_failed";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StartupError";
  }
}

/** What every map worker of this process gets at start (a map node's too). */
export function workerSettings(config: ServerConfig, serverWorld: ServerWorld): WorkerSettings {
  return {
    aoiMode: config.aoiMode,
    dayLengthMs: DAY_LENGTH_MS,
    tables: serverWorld.tables,
    nakedBodies: serverWorld.nakedBodies,
    rules: { motd: DEFAULT_MOTD, globalChat: config.globalChat, globalChatIntervalMs: GLOBAL_CHAT_INTERVAL_MS },
    startedAtEpochMs: Date.now(),
    randomSeed: randomSeed(),
    flushIntervalMs: config.flushIntervalMs,
    flushWaitPerSessionMs: FLUSH_WAIT_PER_WRITE_MS,
  };
}

/** A fresh seed per run for the map workers' random streams (tests inject their own RNG). */
function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}
