/**
 * One map, live: builds the store, the view and the systems' context, and routes what the
 * worker hands it (entries, leaves, packet bodies, bus messages) to the systems. It never touches
 * sockets, threads or the database, so it is tested directly, without a worker
 * (`map-instance.test.ts` drives it with a manual clock and real packet bodies).
 */
import type { GameTables } from "../content/index.ts";
import type { BodiesByRace } from "../game/character-creation/index.ts";
import type { ItemCatalog } from "../game/items/index.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import type { PlayerMessage } from "../game/messages/index.ts";
import { decodeClientPacket, type ClientPacketName } from "../protocol/index.ts";
import type { Random } from "../random/index.ts";
import type { Clock, TimerScheduler } from "../time/index.ts";
import type { AoiMode } from "./area-of-interest.ts";
import type { BusMessage, CrossMapBus } from "./cross-map-bus.ts";
import { EntityStore, type PlayerEntity } from "./entity-store.ts";
import { SERVICE_ANSWERS, SYSTEM_TABLES, type ServiceAnswerHandler, type ServiceAnswerTable } from "./handlers.ts";
import {
  disposeStatus,
  enter,
  findFreeTile,
  killNpc,
  leave,
  NPC_ATTACK_NOT_WIRED,
  NPC_ON_NPC_NOT_WIRED,
  NpcAiLoop,
  npcAttacked,
  placeNpc,
  sendTo,
  type BusHandler,
  type PacketHandler,
  type PacketHandlerTable,
} from "./kernel/index.ts";
import type { MapContext, MapRules, MapStats, MapTerrain, NpcAttackHook } from "./map-context.ts";
import type { MapDefinition, MapExitDefinition } from "./map-definition.ts";
import type { EnterRequest, MapEvent } from "./map-events.ts";
import type { MapPackets } from "./map-packets.ts";
import { MapView } from "./map-view.ts";
import { MagicStats } from "./magic-stats.ts";
import type { NpcAiStats } from "./npc-ai-stats.ts";
import type { Outbox } from "./outbox.ts";
import type { ServiceName } from "./service-protocol.ts";
import type { SystemMessage } from "./worker-protocol.ts";

/** What the worker gives every map it hosts. */
export interface MapInstanceDeps {
  packets: MapPackets;
  outbox: Outbox;
  emit(event: MapEvent): void;
  aoiMode: AoiMode;
  tables: GameTables | null;
  /** The world's objects for the item rules (one catalog per worker). */
  items: ItemCatalog;
  nakedBodies: BodiesByRace | null;
  clock: Clock;
  timers: TimerScheduler;
  random: Random;
  bus: CrossMapBus;
  rules: MapRules;
  onlineCount(): number;
  timeOfDayMs(): number;
  uptimeMs(): number;
  /** Told about a handler that threw; the map goes on with the next intent. */
  onHandlerFault(fault: HandlerFault): void;
  /**
   * Told about a packet no system handles (the safety net: every client packet has a system or a
   * line in systems/decisions/table.ts, so this stays silent unless a table is missing one).
   */
  onUnhandledPacket?(packet: UnhandledPacket): void;
  /** Overrides the packet table (tests). */
  handlers?: PacketHandlerTable;
  /** Overrides which system hears each service (tests). */
  serviceAnswers?: ServiceAnswerTable;
  /** An NPC's blow on a player (combat's NPC melee); tests pass a fake. */
  npcAttack?: NpcAttackHook;
  /** Where the map's NPC AI counts its ticks and thinks (the worker's, shared by its maps); its own otherwise. */
  npcAiStats?: NpcAiStats;
  /** Where the map counts casts, status timers and meditation ticks (the worker's); its own otherwise. */
  magicStats?: MagicStats;
}

/** A handler that threw: which packet, which session, what. */
export interface HandlerFault {
  map: number;
  session: number;
  packet: string;
  error: unknown;
}

/** A client packet that reached a map with no handler: which, from whom. */
export interface UnhandledPacket {
  map: number;
  session: number;
  packet: string;
}

/** What became of one forwarded packet body. */
export type IntentOutcome = "handled" | "no_player" | "no_handler" | "bad_packet" | "fault";

export class MapInstance {
  readonly id: number;
  readonly stats: MapStats = { players: 0, npcs: 0, movesAccepted: 0, movesRefused: 0 };
  private readonly ctx: MapContext;
  private readonly handlers: PacketHandlerTable;
  private readonly serviceAnswers: ServiceAnswerTable;
  /** Where the systems' events go: the worker, or a delta handler's hold (`fromWorld`). */
  private sink: (event: MapEvent) => void;

  constructor(
    readonly definition: MapDefinition,
    private readonly deps: MapInstanceDeps,
  ) {
    this.id = definition.id;
    this.handlers = deps.handlers ?? SYSTEM_TABLES.packets;
    this.serviceAnswers = deps.serviceAnswers ?? SERVICE_ANSWERS;
    this.sink = deps.emit;
    const blows = SYSTEM_TABLES.npcBlows;
    const store = new EntityStore(definition.width, definition.height, new Int16Array(definition.occupancy));
    const view = new MapView(store, deps.aoiMode, deps.packets, deps.outbox);
    const ctx: MapContext = {
      definition,
      terrain: terrainOf(definition),
      store,
      view,
      packets: deps.packets,
      tables: deps.tables,
      items: deps.items,
      nakedBodies: deps.nakedBodies,
      clock: deps.clock,
      timers: deps.timers,
      random: deps.random,
      bus: deps.bus,
      rules: deps.rules,
      stats: this.stats,
      magicStats: deps.magicStats ?? new MagicStats(),
      npcAi: new NpcAiLoop(deps.npcAttack ?? blows?.onPlayer ?? NPC_ATTACK_NOT_WIRED, deps.npcAiStats, blows?.onNpc ?? NPC_ON_NPC_NOT_WIRED),
      sweeps: new Map(),
      hooks: SYSTEM_TABLES.hooks,
      routes: SYSTEM_TABLES.routes,
      onlineCount: deps.onlineCount,
      timeOfDayMs: deps.timeOfDayMs,
      uptimeMs: deps.uptimeMs,
      tell: (player: PlayerEntity, message: PlayerMessage) => view.send(player, messageFrame(deps.packets, message)),
      emit: (event) => this.sink(event),
      ask: (service, player, message, options) =>
        ctx.emit({
          t: "service",
          service,
          session: player.session,
          map: definition.id,
          message,
          ...(options?.withState === true ? { state: store.recordOf(player) } : {}),
        } as MapEvent),
      leave: (player, reason) => leave(ctx, player, reason),
      sendTo: (player, dest) => sendTo(ctx, player, dest),
    };
    this.ctx = ctx;
    for (const spawn of definition.npcs) placeNpc(ctx, spawn);
    for (const object of definition.objects) {
      if (store.isInside(object.x, object.y)) store.putObject({ x: object.x, y: object.y, obj: object.obj, amount: object.amount });
    }
  }

  get playerCount(): number {
    return this.ctx.store.playerCount;
  }

  hasSession(session: number): boolean {
    return this.ctx.store.player(session) !== undefined;
  }

  /** Position of a session's character, for tests and diagnostics. */
  positionOf(session: number): { x: number; y: number; heading: number; charIndex: number } | undefined {
    const player = this.ctx.store.player(session);
    return player && { x: player.x, y: player.y, heading: player.heading, charIndex: player.charIndex };
  }

  /** The char index standing on (x, y), 0 when free (tests and diagnostics). */
  occupantAt(x: number, y: number): number {
    return this.ctx.store.occupantOf(this.ctx.store.tile(x, y));
  }

  enter(request: EnterRequest): void {
    enter(this.ctx, request);
  }

  /** Removes a player (disconnect, replaced session, gateway's request) and reports its final state. */
  leave(session: number, reason: string): void {
    const player = this.ctx.store.player(session);
    if (player) leave(this.ctx, player, reason);
  }

  /**
   * A main-thread service's message for a player (a `system` message), handed to the system of
   * that service (its manifest's `fromWorld`). Dropped when the player is not here (it left: a delta is
   * then in the state the world took when it left) or, with `map`, stands on another map. A
   * `delta` is acknowledged (`delta_applied`) once the handler ran, and ahead of the events the
   * handler emitted: a state the handler hands over (a transfer, a save) has the change already,
   * and the world must not add it again. A handler that throws acknowledges nothing.
   */
  fromWorld(message: SystemMessage): void {
    if (message.map !== undefined && message.map !== this.id) return;
    const player = this.ctx.store.player(message.session);
    if (player === undefined) return;
    const handler = this.serviceAnswers[message.service] as ServiceAnswerHandler<ServiceName>;
    const delta = message.delta;
    if (delta === undefined) {
      handler(this.ctx, player, message.message);
      return;
    }
    const held: MapEvent[] = [];
    this.sink = (event) => held.push(event);
    let ran = false;
    try {
      handler(this.ctx, player, message.message);
      ran = true;
    } finally {
      this.sink = this.deps.emit;
      if (ran) this.deps.emit({ t: "delta_applied", session: message.session, delta });
      for (const event of held) this.deps.emit(event);
    }
  }

  /** The current state of every player, for autosave and crash recovery. */
  snapshot(): { session: number; state: CharacterRecord }[] {
    const { store } = this.ctx;
    return [...store.players()].map((player) => ({ session: player.session, state: store.recordOf(player) }));
  }

  /**
   * One in-world packet body a player sent, checked by the gateway already. Decoded here and
   * passed to the handler of its name; a handler that throws costs only this intent.
   */
  handle(session: number, body: Uint8Array): IntentOutcome {
    const player = this.ctx.store.player(session);
    if (!player) return "no_player";
    const decoded = decodeClientPacket(body);
    if (!decoded.ok) return "bad_packet";
    const { name, fields } = decoded.packet;
    const handler = this.handlers[name] as PacketHandler<ClientPacketName> | undefined;
    if (!handler) {
      this.deps.onUnhandledPacket?.({ map: this.id, session, packet: name });
      return "no_handler";
    }
    try {
      handler(this.ctx, player, fields as never);
      return "handled";
    } catch (error) {
      this.deps.onHandlerFault({ map: this.id, session, packet: name, error });
      return "fault";
    }
  }

  /** A message from the cross-map bus, for this map's players. */
  receive(message: BusMessage): void {
    const handler = SYSTEM_TABLES.bus[message.kind] as BusHandler<BusMessage["kind"]>;
    handler(this.ctx, message);
  }

  /** What lies on the ground (tests, diagnostics, the conservation checks). */
  groundObjects(): { x: number; y: number; obj: number; amount: number }[] {
    return [...this.ctx.store.objects()].map((object) => ({ x: object.x, y: object.y, obj: object.obj, amount: object.amount }));
  }

  /** Every trader's live stock (tests, diagnostics, the conservation checks). */
  shops(): { charIndex: number; npc: number; x: number; y: number; slots: { objectId: number; amount: number }[] }[] {
    return this.ctx.store
      .npcs()
      .filter((npc) => npc.shop !== null)
      .map((npc) => ({ charIndex: npc.charIndex, npc: npc.npcNumber, x: npc.x, y: npc.y, slots: npc.shop!.stock.slots.map((slot) => ({ ...slot })) }));
  }

  /** Every NPC on the map and its state (tests and diagnostics). */
  npcs(): { charIndex: number; npc: number; x: number; y: number; heading: number; hp: number; maxHp: number; expLeft: number; hostile: boolean }[] {
    return this.ctx.store.npcs().map((npc) => ({
      charIndex: npc.charIndex,
      npc: npc.npcNumber,
      x: npc.x,
      y: npc.y,
      heading: npc.heading,
      hp: npc.minHp,
      maxHp: npc.maxHp,
      expLeft: npc.expLeft,
      hostile: npc.hostile,
    }));
  }

  /** True while the map's vitals sweep runs: there are players (tests and diagnostics). */
  get vitalsSweepRunning(): boolean {
    return this.ctx.sweeps.has("needs");
  }

  /** True while the NPC AI timer runs (tests and diagnostics). */
  get npcAiRunning(): boolean {
    return this.ctx.npcAi.running;
  }

  /** NPCs whose AI runs now: thinking kinds, while the map's AI loop runs (metrics). */
  get npcsThinking(): number {
    return this.ctx.npcAi.running ? this.ctx.npcAi.thinkingNpcs : 0;
  }

  /** A player attacks an NPC, as combat reports it (tests and tools until combat calls it). */
  npcAttackedBy(charIndex: number, session: number): boolean {
    const npc = this.ctx.store.npc(charIndex);
    const player = this.ctx.store.player(session);
    if (!npc || !player) return false;
    npcAttacked(this.ctx, npc, player);
    return true;
  }

  /** Kills an NPC, as combat does at 0 HP (tests and tools); `killerSession` 0 for nobody. */
  killNpc(charIndex: number, killerSession = 0): boolean {
    const npc = this.ctx.store.npc(charIndex);
    if (!npc) return false;
    killNpc(this.ctx, npc, this.ctx.store.player(killerSession) ?? null);
    return true;
  }

  /** The map is unloaded: its timers (NPC AI, respawns) stop, nothing of it runs again. */
  dispose(): void {
    this.ctx.npcAi.dispose(this.ctx);
    disposeStatus(this.ctx);
  }

  /** The free tile nearest to (x, y) where a player could enter (tests and diagnostics). */
  findFreeTile(x: number, y: number): { x: number; y: number } | undefined {
    return findFreeTile(this.ctx.terrain, this.ctx.store, x, y);
  }
}

function terrainOf(definition: MapDefinition): MapTerrain {
  const exits = new Map<number, MapExitDefinition>();
  const { width, height } = definition;
  const exitTiles = new Uint8Array(width * height);
  const setExit = (x: number, y: number, exit: MapExitDefinition | undefined): void => {
    if (x < 1 || y < 1 || x > width || y > height) return;
    const index = (y - 1) * width + (x - 1);
    if (exit === undefined) exits.delete(index);
    else exits.set(index, exit);
    exitTiles[index] = exit === undefined ? 0 : 1;
  };
  for (const exit of definition.exits) setExit(exit.x, exit.y, exit);
  return {
    width,
    height,
    collision: new Uint8Array(definition.collision),
    triggers: new Uint8Array(definition.triggers),
    exitAt: (x, y) => exits.get((y - 1) * width + (x - 1)),
    exitTiles,
    setExit,
  };
}

function messageFrame(packets: MapPackets, message: PlayerMessage): Uint8Array {
  return message.kind === "console" ? packets.consoleMsg(message.text, message.font) : packets.localeMsg(message.id, message.params, message.font);
}
