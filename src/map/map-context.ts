/**
 * The narrow context every map system works through: the map's store and view, the world's
 * tables, time, randomness, the outbox and the cross-map bus. Systems never see the worker,
 * other maps or the gateway; what must leave the map does so as a `MapEvent` or a bus message.
 */
import type { GameTables } from "../content/index.ts";
import type { BodiesByRace } from "../game/character-creation/index.ts";
import type { CommerceConfig } from "../game/commerce/index.ts";
import type { ItemCatalog } from "../game/items/index.ts";
import type { PlayerMessage } from "../game/messages/index.ts";
import type { Random } from "../random/index.ts";
import type { Clock, TimerId, TimerScheduler } from "../time/index.ts";
import type { CrossMapBus } from "./cross-map-bus.ts";
import type { EntityStore, Place, PlayerEntity } from "./entity-store.ts";
import type { MagicStats } from "./magic-stats.ts";
import type { MapDefinition, MapExitDefinition } from "./map-definition.ts";
import type { MapEvent } from "./map-events.ts";
import type { MapPackets } from "./map-packets.ts";
import type { MapView } from "./map-view.ts";
import type { ServiceName, ToWorld } from "./service-protocol.ts";
import type { NpcAiLoop } from "./systems/npcs.ts";

/** What the server is configured to do, as far as map systems care. */
export interface MapRules {
  /** Global chat (`GlobalMessage`) allowed (VB6 `ChatGlobal`). */
  readonly globalChat: boolean;
  /** Least time between two global lines of one player (VB6 `IntervaloMensajeGlobal`). */
  readonly globalChatIntervalMs: number;
  readonly motd: readonly string[];
  /** Feature toggles of NPC commerce (`destroy_npc_bought_items`); the example configuration when absent. */
  readonly commerce?: CommerceConfig;
}

/** The ground of the map: read-only grids from the world pack, and its exits. */
export interface MapTerrain {
  readonly width: number;
  readonly height: number;
  /** Per tile, row-major from (1, 1): direction bits and water/tree flags. */
  readonly collision: Uint8Array;
  /** Per tile: the trigger (0 = none). */
  readonly triggers: Uint8Array;
  exitAt(x: number, y: number): MapExitDefinition | undefined;
}

export interface MapStats {
  players: number;
  npcs: number;
  movesAccepted: number;
  movesRefused: number;
}

/**
 * Map-wide periodic work, one timer per map (never one per player), held by the system that owns
 * it; null while stopped.
 */
export interface MapSweeps {
  /** Hunger, thirst and regeneration (systems/vitals.ts): runs while players are on the map. */
  vitals: TimerId | null;
}

export interface MapContext {
  readonly definition: MapDefinition;
  readonly terrain: MapTerrain;
  readonly store: EntityStore;
  readonly view: MapView;
  readonly packets: MapPackets;
  /** The world's gameplay tables (objects, NPCs, spells, balance, cities), once per worker. */
  readonly tables: GameTables | null;
  /** The world's objects as the item rules read them (built once per worker from `tables`). */
  readonly items: ItemCatalog;
  /** Bodies without armour by race and gender (the world's creation rules), or null. */
  readonly nakedBodies: BodiesByRace | null;
  readonly clock: Clock;
  readonly timers: TimerScheduler;
  readonly random: Random;
  readonly bus: CrossMapBus;
  readonly rules: MapRules;
  readonly stats: MapStats;
  /** Casts, status timers and meditation ticks, counted for /metrics (the worker's, shared by its maps). */
  readonly magicStats: MagicStats;
  /** The map's NPC AI: its loop, ring of thinks, path finder and pending respawns (systems/npcs.ts). */
  readonly npcAi: NpcAiLoop;
  readonly sweeps: MapSweeps;
  /** Players online on the whole server, as last told by the gateway. */
  onlineCount(): number;
  /** Milliseconds into the in-game day, for `Hora`. */
  timeOfDayMs(): number;
  /** How long the server has been up (for `/UPTIME`). */
  uptimeMs(): number;
  /** One catalogue line to one player. */
  tell(player: PlayerEntity, message: PlayerMessage): void;
  /** Reports to the gateway (entered, left, transfer, …). */
  emit(event: MapEvent): void;
  /**
   * Asks the main-thread service `service` something about `player` (service-protocol.ts has the
   * messages); the service answers, if it does, through the system's entry in
   * `service-answers.ts`. `withState`: the player's state now goes along, and the world takes it
   * as the player's known state in the same step as the service reads the message (what a change
   * the service completes, such as gold sent off the map, must be saved with).
   */
  ask<S extends ServiceName>(service: S, player: PlayerEntity, message: ToWorld<S>, options?: { withState?: boolean }): void;
  /** Takes a player off the map for good (logout, disconnect) and reports its final state. */
  leave(player: PlayerEntity, reason: string): void;
  /** Hands a player to another place (an exit): same map warps, another map transfers. */
  sendTo(player: PlayerEntity, dest: Place): void;
}
