/**
 * Map worker entry: hosts one or more MapServers, the only authority for them. Handles the
 * gateway's messages in arrival order and, once per turn, hands back one buffer of frames plus
 * the events of that turn. Runs no I/O of its own.
 */
/// <reference lib="webworker" />
import { Outbox } from "./outbox.ts";
import { IntentOp, readIntentBatch } from "./intents.ts";
import { MapServer, type MapEvent } from "./map-server.ts";
import { createMapPackets } from "./protocol-packets.ts";
import type { MapDefinition } from "./map-definition.ts";
import type { FromWorker, SnapshotEntry, ToWorker, WorkerSettings, WorkerStats } from "./worker-protocol.ts";

declare const self: Worker;

/** The worker's one timer: logout countdowns and lag measurement. */
const TICK_INTERVAL_MS = 100;

const outbox = new Outbox();
let packets = createMapPackets();
const maps = new Map<number, MapServer>();
const mapOfSession = new Map<number, MapServer>();
let events: MapEvent[] = [];
let settings: WorkerSettings = { aoiMode: "grid", motd: [], dayLengthMs: 3_600_000, expToLevelUp: [] };
let onlineCount = 0;
let flushArmed = false;
let expectedTickAt = 0;
let worstLagMs = 0;
let worstQueueDelayMs = 0;
let intentsHandled = 0;

/** Stats since the last report, then reset. */
function takeStats(): WorkerStats {
  const stats: WorkerStats = {
    maps: [...maps.values()].map((map) => ({ map: map.id, ...map.stats })),
    lagMs: worstLagMs,
    queueDelayMs: worstQueueDelayMs,
    intents: intentsHandled,
  };
  worstLagMs = 0;
  worstQueueDelayMs = 0;
  intentsHandled = 0;
  return stats;
}

function post(message: FromWorker, transfer?: Transferable[]): void {
  self.postMessage(message, transfer ? { transfer } : undefined);
}

function scheduleFlush(): void {
  if (flushArmed) return;
  flushArmed = true;
  setImmediate(flush);
}

function flush(): void {
  flushArmed = false;
  if (outbox.isEmpty && events.length === 0) return;
  const deliveries = outbox.deliveries;
  const frames = outbox.take();
  const batch = events;
  events = [];
  post({ t: "out", frames, events: batch, deliveries }, [frames]);
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
}

function createMap(definition: MapDefinition): MapServer {
  return new MapServer(definition, {
    packets,
    outbox,
    emit,
    now: () => performance.now(),
    aoiMode: settings.aoiMode,
    onlineCount: () => onlineCount,
    motd: settings.motd,
    timeOfDayMs: () => Date.now() % settings.dayLengthMs,
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
      packets = createMapPackets({ expToLevelUp: settings.expToLevelUp });
      post({ t: "ready", workerId: message.workerId });
      return;
    case "load":
      maps.set(message.map.id, createMap(message.map));
      post({ t: "loaded", map: message.map.id });
      return;
    case "unload": {
      const map = maps.get(message.map);
      if (map && map.playerCount === 0) maps.delete(message.map);
      return;
    }
    case "intents":
      worstQueueDelayMs = Math.max(worstQueueDelayMs, performance.timeOrigin + performance.now() - message.sentAt);
      for (const intent of readIntentBatch(message.buffer)) {
        intentsHandled++;
        const map = mapOfSession.get(intent.session);
        if (!map) continue; // stale: the player left this map meanwhile
        switch (intent.op) {
          case IntentOp.Walk:
            map.walk(intent.session, intent.heading);
            break;
          case IntentOp.ChangeHeading:
            map.changeHeading(intent.session, intent.heading);
            break;
          case IntentOp.Talk:
            map.talk(intent.session, intent.text, false);
            break;
          case IntentOp.Yell:
            map.talk(intent.session, intent.text, true);
            break;
          case IntentOp.Whisper:
            map.whisper(intent.session, intent.target, intent.text);
            break;
          case IntentOp.RequestPosition:
            map.requestPosition(intent.session);
            break;
          case IntentOp.Quit:
            map.quit(intent.session);
            break;
          case IntentOp.CancelQuit:
            map.cancelQuitIntent(intent.session);
            break;
        }
      }
      break;
    case "enter": {
      onlineCount = message.onlineCount;
      const map = maps.get(message.map);
      if (!map) {
        events.push({ t: "enter_failed", session: message.session, map: message.map, reason: "map_full" });
        break;
      }
      map.enter({
        session: message.session,
        record: message.record,
        kind: message.kind,
        userSlot: message.userSlot,
        cameFrom: message.cameFrom,
      });
      break;
    }
    case "leave": {
      const map = mapOfSession.get(message.session);
      if (map) map.leave(message.session, message.reason);
      else events.push({ t: "left", session: message.session, state: null, reason: message.reason });
      break;
    }
    case "snapshot":
      post({ t: "snapshot", requestId: message.requestId, entries: collectSnapshot(), stats: takeStats() });
      return;
    case "stats":
      post({ t: "stats", stats: takeStats() });
      return;
    case "stop": {
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
    post({ t: "fault", message: (error as Error).stack ?? String(error) });
    scheduleFlush();
  }
};

expectedTickAt = performance.now() + TICK_INTERVAL_MS;
setInterval(() => {
  const now = performance.now();
  worstLagMs = Math.max(worstLagMs, now - expectedTickAt);
  expectedTickAt = now + TICK_INTERVAL_MS;
  for (const map of maps.values()) map.tick();
  if (!outbox.isEmpty || events.length > 0) scheduleFlush();
}, TICK_INTERVAL_MS);
