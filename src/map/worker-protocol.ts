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
import type { EnterKind, MapEvent, MapHandOver } from "./map-events.ts";
import type { MagicCounts } from "./magic-stats.ts";
import type { NpcAiReport } from "./npc-ai-stats.ts";
import type { ServiceName, ToMap } from "./service-protocol.ts";

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
  /** A main-thread service's message for a player of this worker: see `SystemMessage`. */
  | SystemMessage
  /** A cross-map message, relayed to every worker. */
  | { t: "bus"; message: BusMessage }
  | { t: "snapshot"; requestId: number }
  | { t: "stats" }
  | { t: "stop" }
  /** Test hook: makes the worker throw, to exercise the supervisor. */
  | { t: "crash"; map?: number };

/**
 * What a main-thread service tells the system `service` about the player of `session`
 * (service-protocol.ts has the messages), posted to the worker that owns the player's map and
 * routed by session alone (world, cluster gateway and map node never read `message`). A player
 * no longer on this worker drops it, and so does one standing on another map than `map` when
 * that is set. `delta`: the message changes the player's state, and the world counted that
 * change in its known state already; the map acknowledges it with `delta_applied` once the
 * system's handler ran. A player gone drops it without one: the world handed the change on with
 * the state it took when the player left (see world.ts, the pending deltas).
 */
export type SystemMessage = {
  [S in ServiceName]: { t: "system"; service: S; session: number; message: ToMap<S>; map?: number; delta?: number };
}[ServiceName];

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
  | { t: "fault"; message: string; map?: number; session?: number; packet?: string }
  /** A client packet reached a map with no handler (counted in /metrics, logged once per name). */
  | { t: "unhandled"; packet: string; map: number; session: number };
