/**
 * Map worker entry: hosts one or more maps (MapInstance), the only authority for them. Handles
 * the gateway's messages in arrival order and, once per turn, hands back one buffer of frames
 * plus the events of that turn. All timed work runs on one timer queue driven by one native
 * timer. Runs no I/O of its own.
 */
/// <reference lib="webworker" />
import { itemCatalog, itemCatalogFromObjects, type ItemCatalog } from "../game/items/index.ts";
import { SeededRandom } from "../random/index.ts";
import { FlushCadence, RealClock, RealTimerDriver, TimerScheduler, TimerWheel } from "../time/index.ts";
import type { BusMessage, CrossMapBus } from "./cross-map-bus.ts";
import { takeRulesInto } from "./server-rules.ts";
import { forEachIntent } from "./intents.ts";
import type { MapDefinition } from "./map-definition.ts";
import type { MapEvent } from "./map-events.ts";
import { MapInstance, type HandlerFault, type UnhandledPacket } from "./map-instance.ts";
import { MagicStats } from "./magic-stats.ts";
import { NpcAiStats, type NpcAiReport } from "./npc-ai-stats.ts";
import { Outbox } from "./outbox.ts";
import { createMapPackets } from "./protocol-packets.ts";
import type { FromWorker, SnapshotEntry, ToWorker, WorkerSettings, WorkerStats } from "./worker-protocol.ts";

declare const self: Worker;

/** Tick of the worker's timer queue: countdowns, and later regeneration, AI and respawns. */
export const MAP_TIMER_TICK_MS = 20;

const clock = new RealClock();
const timers = new TimerScheduler(clock, new TimerWheel({ tickMs: MAP_TIMER_TICK_MS, startMs: 0 }), {
  onError: (error) => post({ t: "fault", message: describe(error), packet: "timer" }),
});
const driver = new RealTimerDriver(timers, clock);
const outbox = new Outbox(() => scheduleFlush());
let packets = createMapPackets();
const maps = new Map<number, MapInstance>();
const mapOfSession = new Map<number, MapInstance>();
let events: MapEvent[] = [];
let settings: WorkerSettings | undefined;
let random = SeededRandom.create(0);
let items: ItemCatalog = itemCatalogFromObjects([]);
let onlineCount = 0;
/** Hands the outbox and events to the gateway: at the end of the turn, at most once per interval (set at init). */
let handOff = new FlushCadence(flush);
let worstQueueDelayMs = 0;
let intentsHandled = 0;
/** Every map's NPC AI counts here (one object for the worker). */
const npcAiStats = new NpcAiStats();
/** Every map's casts, status timers and meditation ticks count here. */
const magicStats = new MagicStats();

/** Publishing is posting to the gateway thread, which relays to every worker (this one too). */
const bus: CrossMapBus = {
  publish(message: BusMessage): void {
    post({ t: "bus", message });
  },
};

/** Stats since the last report, then reset. */
function takeStats(): WorkerStats {
  const stats: WorkerStats = {
    maps: [...maps.values()].map((map) => ({ map: map.id, ...map.stats })),
    lagMs: driver.loopLag.count > 0 ? driver.loopLag.max : 0,
    queueDelayMs: worstQueueDelayMs,
    intents: intentsHandled,
    npcAi: npcAiReport(),
    magic: magicStats.take(),
  };
  driver.loopLag.reset();
  worstQueueDelayMs = 0;
  intentsHandled = 0;
  return stats;
}

/** The AI counts since the last report, and the NPCs on this worker's maps now. */
function npcAiReport(): NpcAiReport {
  let npcsAlive = 0;
  let npcsOnPlayerMaps = 0;
  let npcsThinking = 0;
  let aiMapsRunning = 0;
  for (const map of maps.values()) {
    npcsAlive += map.stats.npcs;
    if (map.playerCount > 0) npcsOnPlayerMaps += map.stats.npcs;
    if (map.npcAiRunning) {
      aiMapsRunning++;
      npcsThinking += map.npcsThinking;
    }
  }
  return { ...npcAiStats.take(), npcsAlive, npcsOnPlayerMaps, npcsThinking, aiMapsRunning };
}

function post(message: FromWorker, transfer?: Transferable[]): void {
  self.postMessage(message, transfer ? { transfer } : undefined);
}

function scheduleFlush(): void {
  handOff.request();
}

function flush(): void {
  if (outbox.isEmpty && events.length === 0) return;
  handOff.ranWith(outbox.sessionCount);
  const frames = outbox.take();
  const batch = events;
  events = [];
  post({ t: "out", frames, events: batch }, [frames]);
}

function emit(event: MapEvent): void {
  switch (event.t) {
    case "entered":
      mapOfSession.set(event.session, maps.get(event.map)!);
      break;
    case "left":
    case "transfer":
      mapOfSession.delete(event.session);
      break;
    default:
      break;
  }
  events.push(event);
  scheduleFlush();
}

function onHandlerFault(fault: HandlerFault): void {
  post({ t: "fault", message: describe(fault.error), map: fault.map, session: fault.session, packet: fault.packet });
}

function onUnhandledPacket(packet: UnhandledPacket): void {
  post({ t: "unhandled", packet: packet.packet, map: packet.map, session: packet.session });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function createMap(definition: MapDefinition, current: WorkerSettings): MapInstance {
  return new MapInstance(definition, {
    packets,
    outbox,
    emit,
    aoiMode: current.aoiMode,
    tables: current.tables,
    items,
    nakedBodies: current.nakedBodies,
    clock,
    timers,
    random,
    bus,
    rules: current.rules,
    onlineCount: () => onlineCount,
    timeOfDayMs: () => Date.now() % current.dayLengthMs,
    uptimeMs: () => Date.now() - current.startedAtEpochMs,
    onHandlerFault,
    onUnhandledPacket,
    npcAiStats,
    magicStats,
  });
}

function collectSnapshot(): SnapshotEntry[] {
  const entries: SnapshotEntry[] = [];
  for (const map of maps.values()) for (const { session, state } of map.snapshot()) entries.push({ session, map: map.id, state });
  return entries;
}

function handle(message: ToWorker): void {
  switch (message.t) {
    case "init":
      settings = message.settings;
      packets = createMapPackets({ expToLevelUp: settings.tables?.balance?.expToLevelUp ?? [] });
      random = SeededRandom.create(settings.randomSeed, message.workerId);
      handOff = new FlushCadence(flush, { maxIntervalMs: settings.flushIntervalMs ?? 0, costPerWriteMs: settings.flushWaitPerSessionMs ?? 0 });
      items = settings.tables?.objects ? itemCatalog(settings.tables.objects) : itemCatalogFromObjects([]);
      driver.start();
      post({ t: "ready", workerId: message.workerId });
      return;
    case "load":
      if (!settings) throw new Error("load before init");
      maps.set(message.map.id, createMap(message.map, settings));
      post({ t: "loaded", map: message.map.id });
      return;
    case "unload": {
      const map = maps.get(message.map);
      if (map && map.playerCount === 0) {
        map.dispose();
        maps.delete(message.map);
      }
      return;
    }
    case "drop": {
      // Its lease is lost: the map and its players go at once, with no event (another node owns them now).
      const map = maps.get(message.map);
      if (!map) return;
      // Each player leaves as on a logout (its timers end); the node forwards none of it.
      for (const [session, owner] of [...mapOfSession]) if (owner === map) map.leave(session, "lease_lost");
      map.dispose();
      maps.delete(message.map);
      return;
    }
    case "intents":
      worstQueueDelayMs = Math.max(worstQueueDelayMs, performance.timeOrigin + performance.now() - message.sentAt);
      forEachIntent(message.buffer, (session, body) => {
        intentsHandled++;
        // A stale session (the player left this map meanwhile) is a normal case: dropped.
        mapOfSession.get(session)?.handle(session, body);
      });
      break;
    case "bus":
      // The server's rules are the worker's, for the maps it holds and those it loads later.
      if (message.message.kind === "server_rules" && settings) takeRulesInto(settings.rules, message.message);
      for (const map of maps.values()) map.receive(message.message);
      break;
    case "enter": {
      onlineCount = message.onlineCount;
      const map = maps.get(message.map);
      if (!map) {
        events.push({ t: "enter_failed", session: message.session, map: message.map, reason: "map_full" });
        break;
      }
      map.enter({ session: message.session, record: message.record, kind: message.kind, userSlot: message.userSlot, cameFrom: message.cameFrom, handOver: message.handOver });
      break;
    }
    case "leave": {
      const map = mapOfSession.get(message.session);
      if (map) map.leave(message.session, message.reason);
      else events.push({ t: "left", session: message.session, state: null, reason: message.reason });
      break;
    }
    case "system":
      // A stale session (the player left this worker's maps meanwhile) is a normal case: dropped.
      mapOfSession.get(message.session)?.fromWorld(message);
      break;
    case "snapshot":
      // The events of this turn go first: the gateway reads every state and acknowledgement of
      // this worker in the order they happened (a `delta_applied` before a state that has it).
      flush();
      post({ t: "snapshot", requestId: message.requestId, entries: collectSnapshot(), stats: takeStats() });
      return;
    case "stats":
      post({ t: "stats", stats: takeStats() });
      return;
    case "stop": {
      driver.stop();
      flush();
      post({ t: "stopped", entries: collectSnapshot() });
      return;
    }
    case "crash":
      throw new Error("crash requested by the gateway (test hook)");
  }
  scheduleFlush();
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  try {
    handle(event.data);
  } catch (error) {
    if (event.data.t === "crash") throw error;
    // One bad message never takes the map down: report it and carry on.
    post({ t: "fault", message: describe(error) });
    scheduleFlush();
  }
};
