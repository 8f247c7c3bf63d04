/**
 * Messages between the gateway (main thread) and a map worker. Control messages are plain
 * data; gameplay intents travel packed in `intents` buffers and frames in `out` buffers.
 */
import type { CharacterRecord } from "../game/character-record.ts";
import type { AoiMode } from "./area-of-interest.ts";
import type { MapDefinition } from "./map-definition.ts";
import type { EnterKind, MapEvent } from "./map-server.ts";

export interface WorkerSettings {
  aoiMode: AoiMode;
  motd: string[];
  /** Length of an in-game day, for `hora`. */
  dayLengthMs: number;
  /** Experience to leave each level (index 0 = level 1), for UpdateUserStats. */
  expToLevelUp: number[];
}

export type ToWorker =
  | { t: "init"; workerId: number; settings: WorkerSettings }
  | { t: "load"; map: MapDefinition }
  | { t: "unload"; map: number }
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
      onlineCount: number;
    }
  | { t: "leave"; session: number; reason: string }
  | { t: "snapshot"; requestId: number }
  | { t: "stats" }
  | { t: "stop" }
  /** Test hook: makes the worker throw, to exercise the supervisor. */
  | { t: "crash" };

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
}

export type FromWorker =
  | { t: "ready"; workerId: number }
  | { t: "loaded"; map: number }
  | { t: "out"; frames: ArrayBuffer; events: MapEvent[]; deliveries: number }
  | { t: "snapshot"; requestId: number; entries: SnapshotEntry[]; stats: WorkerStats }
  | { t: "stats"; stats: WorkerStats }
  | { t: "stopped"; entries: SnapshotEntry[] }
  | { t: "fault"; message: string; map?: number };
