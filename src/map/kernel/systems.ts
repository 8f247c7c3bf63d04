/**
 * System manifests and the tables built from them. Each system (`systems/*`) exports ONE
 * `MapSystem` value naming what it owns: the client packets it handles, the skill clicks and NPC
 * clicks it answers, the hooks it reacts to, the bus messages it takes, what it hears from its
 * main-thread service (`fromWorld`), its per-player state,
 * what it hands to the next map, its map-wide sweep and the systems it `uses`. `systems/index.ts`
 * lists them in hook order (VB6's packet order), and `handlers.ts` builds the tables once per
 * worker with {@link buildSystemTables}, which refuses (at start, naming both sides) a packet, a
 * skill click, a skill cursor, a bus message or a service claimed twice, an unknown or circular
 * `uses`, and a bus message or a service nobody takes. (The anchor is becsy's declared dependencies with cycles refused at
 * start; forgottenserver's typed hook points; colyseus's lifecycle contract.)
 */
import type { CharacterRecord } from "../../game/character/index.ts";
import type { ClientPacketFields, ClientPacketName } from "../../protocol/index.ts";
import type { BusMessage, BusMessageKind } from "../cross-map-bus.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type {
  Arrival,
  ExperienceGrantRequest,
  HookHandlers,
  HookName,
  MapContext,
  MapHooks,
  NpcAttackHook,
  NpcClickHandler,
  NpcOnNpcHook,
  ObjectClickHandler,
  SystemRoutes,
  WorkClickHandler,
  WorkHandler,
} from "../map-context.ts";
import type { MapHandOver } from "../map-events.ts";
import type { ServiceName, ToMap } from "../service-protocol.ts";

export type PacketHandler<N extends ClientPacketName> = (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<N>) => void;
export type PacketHandlerTable = { readonly [N in ClientPacketName]?: PacketHandler<N> };
export type BusHandler<K extends BusMessageKind> = (ctx: MapContext, message: Extract<BusMessage, { kind: K }>) => void;
export type BusHandlerTable = { readonly [K in BusMessageKind]: BusHandler<K> };
/** A system's handler of what its main-thread service tells a player standing on this map. */
export type ServiceAnswerHandler<S extends ServiceName> = (ctx: MapContext, player: PlayerEntity, message: ToMap<S>) => void;
export type ServiceAnswerTable = { readonly [S in ServiceName]: ServiceAnswerHandler<S> };

/** The NPC AI's blows (VB6 `NpcAtacaUser`, `NpcAtacaNpc`): one system owns them. */
export interface NpcBlows {
  readonly onPlayer: NpcAttackHook;
  readonly onNpc: NpcOnNpcHook;
}

/** What one system owns and does; see the file header. */
export interface MapSystem {
  /** Its name, as other manifests' `uses` and the hook-order snapshot say it. */
  readonly name: string;
  /** Systems whose exports it calls (acyclic; anything else goes through the kernel or a hook). */
  readonly uses?: readonly string[];
  /** Client packets it handles (VB6 `Handle*`). */
  readonly packets?: PacketHandlerTable;
  /** Cross-map bus messages it takes. */
  readonly bus?: { readonly [K in BusMessageKind]?: BusHandler<K> };
  /** What its main-thread service tells a player's map (the service channel: docs/architecture.md). */
  readonly fromWorld?: { readonly [S in ServiceName]?: ServiceAnswerHandler<S> };
  /** `WorkLeftClick(x, y, skill)` by skill. */
  readonly workClicks?: Readonly<Record<number, WorkClickHandler>>;
  /** `Work(skill)` by skill. */
  readonly workCursors?: Readonly<Record<number, WorkHandler>>;
  /** A left click on an NPC's own tile; the systems are asked in registry order until one takes it. */
  readonly npcClick?: NpcClickHandler;
  /** A left click acting on a world object, by its `ObjType` (VB6 `TryHandleObjectWorldAction`'s cases). */
  readonly objectClicks?: Readonly<Record<number, ObjectClickHandler>>;
  /** The moments it reacts to. */
  readonly hooks?: Partial<HookHandlers>;
  /** The NPC AI's blows. */
  readonly npcBlows?: NpcBlows;
  /** Its fields of a new player on the map. */
  readonly playerState?: (ctx: MapContext, record: CharacterRecord, arrival: Arrival) => Partial<PlayerEntity>;
  /** What it hands to the next map when the player leaves through an exit (after it left this one). */
  readonly handOver?: (ctx: MapContext, player: PlayerEntity) => Partial<MapHandOver>;
  /** Map-wide periodic work while players are on the map: one timer per map. */
  readonly sweep?: { readonly everyMs: number; run(ctx: MapContext, nowMs: number): void };
}

/** Everything built from the manifests, once. */
export interface SystemTables {
  readonly packets: PacketHandlerTable;
  readonly bus: BusHandlerTable;
  /** By service: the system that hears it on the map. */
  readonly fromWorld: ServiceAnswerTable;
  readonly hooks: MapHooks;
  readonly routes: SystemRoutes;
  /** The blows of NPCs, or null when no system owns them (they land nowhere). */
  readonly npcBlows: NpcBlows | null;
  /** Who owns each packet, skill click and skill cursor (for tools and the protocol coverage). */
  readonly owners: { readonly packets: ReadonlyMap<string, string>; readonly workClicks: ReadonlyMap<number, string>; readonly workCursors: ReadonlyMap<number, string> };
  /** For each hook, the systems that react to it, in the order they run; the NPC clicks likewise. */
  readonly order: Readonly<Record<HookName | "npcClick", readonly string[]>>;
}

/** A manifest list that cannot be built: two claims of one thing, a bad `uses`, a bus message nobody takes. */
export class SystemTableError extends Error {
  constructor(
    readonly code: "duplicate_system" | "duplicate_claim" | "unknown_use" | "circular_use" | "unhandled_bus_message" | "unanswered_service",
    message: string,
  ) {
    super(message);
    this.name = "SystemTableError";
  }
}

const HOOK_NAMES: readonly HookName[] = [
  "acted",
  "arrived",
  "leaving",
  "died",
  "revived",
  "npcAttacked",
  "userAttackedByNpc",
  "npcKilled",
  "playersFought",
  "mayWalk",
  "mayTurn",
  "experience",
];

/** Builds every table from the manifests, in their order; throws {@link SystemTableError}. */
export function buildSystemTables(systems: readonly MapSystem[], busKinds: readonly BusMessageKind[], services: readonly ServiceName[] = []): SystemTables {
  const names = new Set<string>();
  for (const system of systems) {
    if (names.has(system.name)) throw new SystemTableError("duplicate_system", `two systems are named ${system.name}`);
    names.add(system.name);
  }
  checkUses(systems, names);

  const packets: Record<string, unknown> = {};
  const packetOwners = new Map<string, string>();
  const bus: Record<string, unknown> = {};
  const busOwners = new Map<string, string>();
  const fromWorld: Record<string, unknown> = {};
  const serviceOwners = new Map<string, string>();
  const workClicks = new Map<number, WorkClickHandler>();
  const workClickOwners = new Map<number, string>();
  const workCursors = new Map<number, WorkHandler>();
  const workCursorOwners = new Map<number, string>();
  const npcClicks: NpcClickHandler[] = [];
  const objectClicks = new Map<number, ObjectClickHandler>();
  const objectClickOwners = new Map<number, string>();
  let npcBlows: { owner: string; blows: NpcBlows } | null = null;
  for (const system of systems) {
    for (const [name, handler] of Object.entries(system.packets ?? {})) claim(packetOwners, name, system.name, "packet", () => (packets[name] = handler));
    for (const [kind, handler] of Object.entries(system.bus ?? {})) claim(busOwners, kind, system.name, "bus message", () => (bus[kind] = handler));
    for (const [service, handler] of Object.entries(system.fromWorld ?? {})) claim(serviceOwners, service, system.name, "service", () => (fromWorld[service] = handler));
    for (const [skill, handler] of Object.entries(system.workClicks ?? {})) claim(workClickOwners, Number(skill), system.name, "skill click", () => workClicks.set(Number(skill), handler));
    for (const [skill, handler] of Object.entries(system.workCursors ?? {})) claim(workCursorOwners, Number(skill), system.name, "skill cursor", () => workCursors.set(Number(skill), handler));
    if (system.npcClick) npcClicks.push(system.npcClick);
    for (const [type, handler] of Object.entries(system.objectClicks ?? {})) claim(objectClickOwners, Number(type), system.name, "object click", () => objectClicks.set(Number(type), handler));
    if (system.npcBlows) {
      if (npcBlows !== null) throw new SystemTableError("duplicate_claim", `the NPC blows are claimed by ${npcBlows.owner} and ${system.name}`);
      npcBlows = { owner: system.name, blows: system.npcBlows };
    }
  }
  for (const kind of busKinds) {
    if (!busOwners.has(kind)) throw new SystemTableError("unhandled_bus_message", `no system takes the bus message ${kind}`);
  }
  for (const service of services) {
    if (!serviceOwners.has(service)) throw new SystemTableError("unanswered_service", `no system hears the service ${service}`);
  }

  const order = {} as Record<HookName | "npcClick", string[]>;
  for (const hook of HOOK_NAMES) order[hook] = systems.filter((system) => system.hooks?.[hook] !== undefined).map((system) => system.name);
  order.npcClick = systems.filter((system) => system.npcClick !== undefined).map((system) => system.name);

  const states = systems.flatMap((system) => (system.playerState ? [system.playerState] : []));
  const handOvers = systems.flatMap((system) => (system.handOver ? [system.handOver] : []));
  const routes: SystemRoutes = {
    workClicks,
    workCursors,
    npcClicks,
    objectClicks,
    playerState: (ctx, record, arrival) => {
      const state: Partial<PlayerEntity> = {};
      for (const part of states) Object.assign(state, part(ctx, record, arrival));
      return state;
    },
    handOver: (ctx, player) => {
      const pieces: Partial<MapHandOver> = {};
      for (const piece of handOvers) Object.assign(pieces, piece(ctx, player));
      return pieces;
    },
    sweeps: systems.flatMap((system) => (system.sweep ? [{ system: system.name, everyMs: system.sweep.everyMs, run: system.sweep.run }] : [])),
  };
  return {
    packets: packets as PacketHandlerTable,
    bus: bus as BusHandlerTable,
    fromWorld: fromWorld as ServiceAnswerTable,
    hooks: buildHooks(systems),
    routes,
    npcBlows: npcBlows?.blows ?? null,
    owners: { packets: packetOwners, workClicks: workClickOwners, workCursors: workCursorOwners },
    order,
  };
}

function claim<K>(owners: Map<K, string>, key: K, system: string, what: string, take: () => void): void {
  const owner = owners.get(key);
  if (owner !== undefined) throw new SystemTableError("duplicate_claim", `the ${what} ${String(key)} is claimed by ${owner} and ${system}`);
  owners.set(key, system);
  take();
}

/** Every `uses` names a listed system, and following them never comes back (becsy refuses such cycles at start too). */
function checkUses(systems: readonly MapSystem[], names: ReadonlySet<string>): void {
  const uses = new Map(systems.map((system) => [system.name, system.uses ?? []]));
  for (const [name, used] of uses) {
    for (const other of used) if (!names.has(other)) throw new SystemTableError("unknown_use", `${name} uses ${other}, which is not a listed system`);
  }
  const done = new Set<string>();
  const visiting: string[] = [];
  const visit = (name: string): void => {
    if (done.has(name)) return;
    const at = visiting.indexOf(name);
    if (at >= 0) throw new SystemTableError("circular_use", `systems use each other in a circle: ${[...visiting.slice(at), name].join(" -> ")}`);
    visiting.push(name);
    for (const other of uses.get(name) ?? []) visit(other);
    visiting.pop();
    done.add(name);
  };
  for (const name of uses.keys()) visit(name);
}

/** Each hook as one function running its subscribers in registry order. */
function buildHooks(systems: readonly MapSystem[]): MapHooks {
  const list = <H extends HookName>(hook: H): HookHandlers[H][] => systems.flatMap((system) => (system.hooks?.[hook] ? [system.hooks[hook] as HookHandlers[H]] : []));
  const notify = <H extends Exclude<HookName, "mayWalk" | "mayTurn" | "experience">>(hook: H): HookHandlers[H] => {
    // Every notification takes (ctx, subject[, detail]): three fixed parameters, no rest array per call.
    const handlers = list(hook) as ((ctx: unknown, subject: unknown, detail: unknown) => void)[];
    return ((ctx: unknown, subject: unknown, detail: unknown) => {
      for (const handler of handlers) handler(ctx, subject, detail);
    }) as HookHandlers[H];
  };
  const veto = (hook: "mayWalk" | "mayTurn"): ((ctx: MapContext, player: PlayerEntity) => boolean) => {
    const handlers = list(hook);
    return (ctx, player) => {
      for (const handler of handlers) if (!handler(ctx, player)) return false;
      return true;
    };
  };
  const transforms = list("experience");
  return {
    acted: notify("acted"),
    arrived: notify("arrived"),
    leaving: notify("leaving"),
    died: notify("died"),
    revived: notify("revived"),
    npcAttacked: notify("npcAttacked"),
    userAttackedByNpc: notify("userAttackedByNpc"),
    npcKilled: notify("npcKilled"),
    playersFought: notify("playersFought"),
    mayWalk: veto("mayWalk"),
    mayTurn: veto("mayTurn"),
    experience: (ctx, player, offered) => {
      let grant: ExperienceGrantRequest | null = offered;
      for (const transform of transforms) {
        grant = transform(ctx, player, grant);
        if (grant === null) return null;
      }
      return grant;
    },
  };
}
