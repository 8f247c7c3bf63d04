/**
 * Messages between the gateway (main thread) and a map worker. Control messages are plain
 * data; gameplay intents travel packed in `intents` buffers and frames in `out` buffers.
 */
import type { GameTables } from "../content/index.ts";
import type { BodiesByRace } from "../game/character-creation/index.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import type { AoiMode } from "./area-of-interest.ts";
import type { BusMessage } from "./cross-map-bus.ts";
import type { MapRules } from "./map-context.ts";
import type { MapDefinition } from "./map-definition.ts";
import type { BankTransferAnswer, EnterKind, LoadedVault, MapEvent, MapHandOver } from "./map-events.ts";
import type { MagicCounts } from "./magic-stats.ts";
import type { NpcAiReport } from "./npc-ai-stats.ts";

/** What every worker gets once, at `init`: the same for all maps it will host. */
export interface WorkerSettings {
  aoiMode: AoiMode;
  /** Length of an in-game day, for `hora`. */
  dayLengthMs: number;
  /** The world's gameplay tables (objects, NPCs, spells, balance, cities), or null. */
  tables: GameTables | null;
  /** Bodies without armour by race and gender (the world's creation rules), or null. */
  nakedBodies: BodiesByRace | null;
  rules: MapRules;
  /** Wall-clock ms the server started (for `/UPTIME`). */
  startedAtEpochMs: number;
  /** Seed of the worker's random stream (the worker id is mixed in). */
  randomSeed: number;
  /**
   * Longest time between two frame hand-offs to the gateway, ms (0 or absent: at the end of
   * every turn). The wait after a hand-off is `flushWaitPerSessionMs` per session it carried, up
   * to this: a busy worker sends each session one run per interval.
   */
  flushIntervalMs?: number;
  flushWaitPerSessionMs?: number;
}

export type ToWorker =
  | { t: "init"; workerId: number; settings: WorkerSettings }
  | { t: "load"; map: MapDefinition }
  | { t: "unload"; map: number }
  /** A cluster map node lost the map's lease: drop it and its players now, saying nothing (unlike `unload`, players or not). */
  | { t: "drop"; map: number }
  /** `sentAt`: wall-clock ms (performance.timeOrigin + now) when the gateway posted it. */
  | { t: "intents"; buffer: ArrayBuffer; sentAt: number }
  | {
      t: "enter";
      map: number;
      session: number;
      record: CharacterRecord;
      kind: EnterKind;
      userSlot: number;
      cameFrom?: { map: number; x: number; y: number } | undefined;
      /** A transfer's clocks, states and pets (see `EnterRequest.handOver`). */
      handOver?: MapHandOver | undefined;
      onlineCount: number;
    }
  | { t: "leave"; session: number; reason: string }
  /** The answer to a map's `bank_load`: the stored vault, or null when the database failed. */
  | { t: "bank_loaded"; session: number; vault: LoadedVault }
  /**
   * Bank gold for a player of this worker (a transfer to it, or one of its own given back). The
   * world counted it in the player's known state already; the map adds it and answers
   * `bank_credited`. A player no longer here drops it: the world handed the gold on with the
   * state it took from the map (see world.ts, "owed").
   */
  | { t: "bank_credit"; session: number; credit: number; amount: number }
  /** How a `bank_transfer` of this player ended: the banker's bubble, if it is still on `map`. */
  | { t: "bank_transfer_answer"; session: number; map: number; banker: number; answer: BankTransferAnswer }
  /** A cross-map message, relayed to every worker. */
  | { t: "bus"; message: BusMessage }
  | { t: "snapshot"; requestId: number }
  | { t: "stats" }
  | { t: "stop" }
  /** Test hook: makes the worker throw, to exercise the supervisor. */
  | { t: "crash"; map?: number };

export interface SnapshotEntry {
  session: number;
  map: number;
  state: CharacterRecord;
}

export interface WorkerMapStats {
  map: number;
  players: number;
  npcs: number;
  movesAccepted: number;
  movesRefused: number;
}

export interface WorkerStats {
  maps: WorkerMapStats[];
  /** Event-loop lag of the worker's tick timer, worst over the last interval (ms). */
  lagMs: number;
  /** Worst time an intent batch waited between the gateway's post and its handling (ms). */
  queueDelayMs: number;
  /** Intents handled since the last report. */
  intents: number;
  /** The NPC AI of the worker's maps: counts since the last report, and the NPCs it holds now. */
  npcAi: NpcAiReport;
  /** Casts, status timers and meditation ticks of the worker's maps since the last report. */
  magic: MagicCounts;
}

export type FromWorker =
  | { t: "ready"; workerId: number }
  | { t: "loaded"; map: number }
  /** A turn's frames (one run per recipient session, see outbox.ts) and events. */
  | { t: "out"; frames: ArrayBuffer; events: MapEvent[] }
  | { t: "snapshot"; requestId: number; entries: SnapshotEntry[]; stats: WorkerStats }
  | { t: "stats"; stats: WorkerStats }
  | { t: "stopped"; entries: SnapshotEntry[] }
  | { t: "bus"; message: BusMessage }
  /** Something threw in the worker; with `packet` and `session` when it was one intent's handler. */
  | { t: "fault"; message: string; map?: number; session?: number; packet?: string };
