/**
 * The narrow context every map system and the kernel work through: the map's store and view, the
 * world's tables, time, randomness, the outbox, the cross-map bus, and the hooks and routes built
 * once from the system manifests (`systems/index.ts`). Systems never see the worker, other maps or
 * the gateway; what must leave the map does so as a `MapEvent` or a bus message.
 *
 * This file holds types only, so that the kernel, the systems and the map instance can all name
 * the context without importing each other (the import graph of `src/map` has no cycle).
 */
import type { GameTables } from "../content/index.ts";
import type { BodiesByRace } from "../game/character-creation/index.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import type { CommerceConfig } from "../game/commerce/index.ts";
import type { ItemCatalog } from "../game/items/index.ts";
import type { PlayerMessage } from "../game/messages/index.ts";
import type { NpcGround } from "../game/npc-ai/index.ts";
import type { Random } from "../random/index.ts";
import type { Clock, TimerId, TimerScheduler } from "../time/index.ts";
import type { CrossMapBus } from "./cross-map-bus.ts";
import type { EntityStore, NpcEntity, Place, PlayerEntity } from "./entity-store.ts";
import type { MagicStats } from "./magic-stats.ts";
import type { MapDefinition, MapExitDefinition } from "./map-definition.ts";
import type { EnterKind, MapEvent, MapHandOver } from "./map-events.ts";
import type { MapPackets } from "./map-packets.ts";
import type { MapView } from "./map-view.ts";
import type { NpcAiStats } from "./npc-ai-stats.ts";
import type { ServiceName, ToWorld } from "./service-protocol.ts";

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
  /** Per tile: 1 where an exit is (the NPC AI never steps there). */
  readonly exitTiles: Uint8Array;
  /** A GM's `/CT` and `/DT` (kernel/tiles.ts `setExit`): the tile's exit, or none. */
  setExit(x: number, y: number, exit: MapExitDefinition | undefined): void;
}

export interface MapStats {
  players: number;
  npcs: number;
  movesAccepted: number;
  movesRefused: number;
}

/**
 * Map-wide periodic work, one timer per map (never one per player), run while players are on the
 * map (a system's `sweep`, kernel/presence.ts), by system name; absent while stopped.
 */
export type MapSweeps = Map<string, TimerId>;

// ------------------------------------------------------------------ the NPC AI, as others see it

/** What an NPC's blow does to a player (the combat system's NPC melee). */
export type NpcAttackHook = (ctx: MapContext, npc: NpcEntity, player: PlayerEntity) => void;
/** What an NPC's blow does to another NPC (VB6 `NpcAtacaNpc`: a pet on its master's prey, the prey hitting back). */
export type NpcOnNpcHook = (ctx: MapContext, attacker: NpcEntity, victim: NpcEntity) => void;

/** The map's NPC AI loop (kernel/npc-ai-loop.ts), as the kernel, the systems and the map instance use it. */
export interface NpcAi {
  /** True while the AI timer runs. */
  readonly running: boolean;
  /** NPCs with a movement type that thinks (alive on the map), whether or not the loop runs. */
  readonly thinkingNpcs: number;
  readonly stats: NpcAiStats;
  /** The blow of an NPC on a player (the combat system's). */
  readonly attack: NpcAttackHook;
  /** The blow of an NPC on another NPC (the combat system's). */
  readonly attackNpc: NpcOnNpcHook;
  /** Starts or stops the loop after players or thinking NPCs came or went. */
  sync(ctx: MapContext): void;
  /** A new NPC on the map: it thinks from the next tick if the loop runs. */
  adopt(ctx: MapContext, npc: NpcEntity): void;
  /** An NPC left the map (killed) or changes its AI: it drops out of the ring. */
  release(ctx: MapContext, npc: NpcEntity): void;
  /** Queues a respawn `delayMs` from now (0: at once). */
  respawnLater(ctx: MapContext, dead: NpcEntity, delayMs: number): void;
  /** The map's ground as the AI reads it (built on first use). */
  groundOf(ctx: MapContext): NpcGround;
  /** One AI tick at `nowMs` (the loop's own timer calls it). */
  runTick(ctx: MapContext, nowMs: number): void;
  /** The map is going away: no more thinking, no respawn left behind. */
  dispose(ctx: MapContext): void;
}

// ------------------------------------------------------------------ hooks: the VB6 moments systems react to

/**
 * What a player did or suffered that may end something it was doing (kernel/interrupts.ts): the
 * kernel ends its meditation and logout countdown as VB6 does for that cause, then tells the
 * systems (`acted`), which end their own (a trip home on a step, a work loop…).
 */
export type Interruption =
  /** `Walk`, taken or not (`HandleWalk`). */
  | "walk"
  /** A step that was taken (`MoveUserChar`). */
  | "step"
  /** `Attack` (`HandleAttack`). */
  | "attack"
  /** A click of the skill cursor on the screen (`HandleWorkLeftClick`). */
  | "skill_click"
  /** A spell cast at once on oneself (`UseSpellSlot` with `AutoLanzar`). */
  | "cast"
  /** `Work(skill)` (`HandleWork`). */
  | "work"
  /** An NPC strikes the player (`NpcAtacaUser`). */
  | "npc_blow"
  /** A poison bite (`EfectoVeneno`). */
  | "poison"
  /** Another player attacks it (`UsuarioAtacadoPorUsuario`). */
  | "attacked_by_user";

/** How a player leaves this map (kernel/presence.ts). */
export type Departure =
  /** Off the world: quit, disconnect, replaced session, shutdown. */
  | "logout"
  /** To another map through an exit or a trip (the connection stays). */
  | "transfer"
  /** To another tile of this map (`WarpUserChar` on the same map). */
  | "warp";

/** How a player came onto this map, and what it brought from the last one. */
export interface Arrival {
  readonly kind: EnterKind;
  readonly handOver: MapHandOver | undefined;
}

/** Where experience came from (kernel/progression.ts `grantExperience` says what each shows). */
export type ExperienceSource = "npc_damage" | "npc_kill" | "skill_up" | "pvp_kill" | "other";

/** Experience about to be granted; the `experience` hook may change it or take it (a party sharing it out). */
export interface ExperienceGrantRequest {
  readonly amount: number;
  readonly source: ExperienceSource;
}

/**
 * The closed set of moments a system may react to, named after the VB6 routines that run them.
 * Each is fired by exactly one kernel procedure, at the point where VB6 calls the routine; the
 * systems subscribed run synchronously in the order of `systems/index.ts` (printed by the
 * hook-order test, so a reordering is a visible diff).
 */
export interface HookHandlers {
  /** Something the player did or suffered (after the kernel ended meditation and the logout countdown). */
  acted(ctx: MapContext, player: PlayerEntity, cause: Interruption): void;
  /** The player stands on this map and its client knows its char (after `UserCharIndexInServer`). */
  arrived(ctx: MapContext, player: PlayerEntity, arrival: Arrival): void;
  /** The player is about to leave this map (still in the store and seen by its viewers). */
  leaving(ctx: MapContext, player: PlayerEntity, departure: Departure): void;
  /** `UserDie`: the player is a ghost now (HP 0 sent; its NPCs forgot it; drops not thrown yet). */
  died(ctx: MapContext, player: PlayerEntity): void;
  /** `RevivirUsuario`: the player is about to come back to life (a priest or a spell). */
  revived(ctx: MapContext, player: PlayerEntity): void;
  /** A player attacks an NPC (a blow, a shot, a spell): before the NPC turns on it (`NPCAtacado`). */
  npcAttacked(ctx: MapContext, npc: NpcEntity, attacker: PlayerEntity): void;
  /** An NPC strikes a player (`NpcAtacaUser`), before the roll. */
  userAttackedByNpc(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): void;
  /** `MuereNpc` with a killer, after its rewards. */
  npcKilled(ctx: MapContext, npc: NpcEntity, killer: PlayerEntity): void;
  /** `UsuarioAtacadoPorUsuario` outside a safe fight, after the criminal turn. */
  playersFought(ctx: MapContext, attacker: PlayerEntity, victim: PlayerEntity): void;
  /** Veto: may the player try to walk? The first `false` wins (and its system told the player). */
  mayWalk(ctx: MapContext, player: PlayerEntity): boolean;
  /** Veto: may the player turn? The first `false` wins. */
  mayTurn(ctx: MapContext, player: PlayerEntity): boolean;
  /** Transform: the experience about to be granted, changed, or null when a system took it. */
  experience(ctx: MapContext, player: PlayerEntity, grant: ExperienceGrantRequest): ExperienceGrantRequest | null;
}

export type HookName = keyof HookHandlers;
/** The hooks as the kernel fires them: every subscriber, in registry order. */
export type MapHooks = HookHandlers;

// ------------------------------------------------------------------ routes of the multiplexed packets

/** `WorkLeftClick(x, y, skill)` for a skill a system owns (after the checks every skill shares, systems/cursor.ts). */
export type WorkClickHandler = (ctx: MapContext, player: PlayerEntity, x: number, y: number) => void;
/** `Work(skill)` for a skill a system owns (after the checks every skill shares). */
export type WorkHandler = (ctx: MapContext, player: PlayerEntity, skill: number) => void;
/** A left click on an NPC's own tile (`HandleWorldAction`); true when the NPC was this system's. */
export type NpcClickHandler = (ctx: MapContext, player: PlayerEntity, npc: NpcEntity) => boolean;
/** A left click acting on a world object (VB6 `TryHandleObjectWorldAction`): the object `obj` lying at (x, y). */
export type ObjectClickHandler = (ctx: MapContext, player: PlayerEntity, at: { readonly x: number; readonly y: number; readonly obj: number }) => void;

/** What the system manifests contribute to every map, built once (kernel/systems.ts). */
export interface SystemRoutes {
  /** `WorkLeftClick` by skill. */
  readonly workClicks: ReadonlyMap<number, WorkClickHandler>;
  /** `Work` by skill. */
  readonly workCursors: ReadonlyMap<number, WorkHandler>;
  /** Left clicks on NPCs, tried in registry order until one takes it. */
  readonly npcClicks: readonly NpcClickHandler[];
  /** Left clicks on a world object, by the object's `ObjType` (a sign, a door…). */
  readonly objectClicks: ReadonlyMap<number, ObjectClickHandler>;
  /** Each system's per-player state for a new player on this map (its record already placed here). */
  playerState(ctx: MapContext, record: CharacterRecord, arrival: Arrival): Partial<PlayerEntity>;
  /** What the systems hand to the next map (after the player left this one). */
  handOver(ctx: MapContext, player: PlayerEntity): Partial<MapHandOver>;
  /** Map-wide sweeps run while players are on the map, by system name. */
  readonly sweeps: readonly { readonly system: string; readonly everyMs: number; run(ctx: MapContext, nowMs: number): void }[];
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
  /** The map's NPC AI: its loop, ring of thinks, path finder and pending respawns (kernel/npc-ai-loop.ts). */
  readonly npcAi: NpcAi;
  readonly sweeps: MapSweeps;
  /** The systems' hooks, in registry order (kernel procedures fire them). */
  readonly hooks: MapHooks;
  /** The systems' routes of multiplexed packets, per-player state, hand-overs and sweeps. */
  readonly routes: SystemRoutes;
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
   * messages); the service answers, if it does, to the system whose manifest's `fromWorld`
   * hears it. `withState`: the player's state now goes along, and the world takes it
   * as the player's known state in the same step as the service reads the message (what a change
   * the service completes, such as gold sent off the map, must be saved with).
   */
  ask<S extends ServiceName>(service: S, player: PlayerEntity, message: ToWorld<S>, options?: { withState?: boolean }): void;
  /** Takes a player off the map for good (logout, disconnect) and reports its final state. */
  leave(player: PlayerEntity, reason: string): void;
  /** Hands a player to another place (an exit): same map warps, another map transfers. */
  sendTo(player: PlayerEntity, dest: Place): void;
}
