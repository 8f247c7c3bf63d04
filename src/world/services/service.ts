/**
 * The contract of a main-thread service: what a map system asks (`MapContext.ask`) and the
 * world hands on, and what the service may do in the world in return (`ServiceContext`). The
 * messages of each service are typed in one place, `ServiceProtocol` (map/service-protocol.ts),
 * which both sides read.
 */
import type { CharacterRecord } from "../../game/character/index.ts";
import type { ServiceName, ToMap, ToWorld } from "../../map/index.ts";

/** A map's request of service `S`, as the world hands it on. */
export interface ServiceRequest<S extends ServiceName = ServiceName> {
  service: S;
  session: number;
  /** The map the player stood on when it asked. */
  map: number;
  message: ToWorld<S>;
  /**
   * The state the ask carried (`withState`), taken as the player's known state in this same
   * step, with the deltas its map had not applied yet added; undefined when it carried none.
   */
  state: CharacterRecord | undefined;
}

/** A player in the world, as a service sees it. */
export interface ServicePlayer {
  readonly session: number;
  /** The map that owns the player, or the one it is being handed to. */
  readonly map: number;
  /** The newest state known of it (what autosave writes and crash recovery restores). */
  readonly state: CharacterRecord;
  /** A login's enter not placed yet: it may still fail, and the state is then dropped. */
  readonly loggingIn: boolean;
  /** Between two maps (or being re-entered after a crash): no map owns it now. */
  readonly inTransit: boolean;
}

/** What a service may do in the world (World implements it; tests use fakes). */
export interface ServiceContext {
  /**
   * Posts `message` to system `service` on the player's map, after the intents queued for it.
   * Dropped when the player is not in the world or between maps, and, with `onMap`, when it
   * stands on another map (an answer meant for where the player asked).
   */
  tell<S extends ServiceName>(session: number, service: S, message: ToMap<S>, options?: { onMap?: number }): void;
  /**
   * Changes a player's state by a delta, in one synchronous step: `apply` changes its known state
   * now (what autosave writes and crash recovery restores) and `message` tells its map, which
   * applies the same change there. Until the map acknowledges it, `apply` is applied again to
   * every state that map hands over (it did not have it yet); an `enter` carries the known state
   * whole and ends that. So no hand-over, autosave or recovery loses the change, and none
   * counts it twice. `apply` must be pure. False, with nothing changed, when the session is not
   * in the world.
   */
  postDelta<S extends ServiceName>(session: number, service: S, message: ToMap<S>, apply: (state: CharacterRecord) => CharacterRecord): boolean;
  player(session: number): ServicePlayer | undefined;
  /** The character in the world with this name (any case, trimmed), or undefined. */
  playerNamed(name: string): { session: number; characterId: number } | undefined;
  /** The session of a character in the world, or undefined. */
  sessionOfCharacter(characterId: number): number | undefined;
  /** The newest known state of a character in the world, or null. */
  knownState(characterId: number): CharacterRecord | null;
  /** Players in the world now. */
  readonly onlineCount: number;
  /** The most players in the world at once since this process started (VB6 `RecordUsuarios`). */
  readonly onlineRecord: number;
}

/**
 * Where a cluster runs a service (docs/architecture.md, "The service channel"): `per_player`
 * services keep nothing that spans players of two gateways (the bank: a player's vault and the
 * gold it sends), so each gateway runs its own for its own sessions; `one_per_cluster` services
 * (a party, a guild, the staff's command queue) need one owner in the whole cluster.
 */
export type ServicePlacement = "per_player" | "one_per_cluster";

/**
 * A main-thread service. It is given its `ServiceContext` when it is built (its answers may come
 * long after the request that caused them: a database read, a save that settles), and hears
 * every request of its maps through `fromMap`, synchronously, in the order the maps sent them.
 */
export interface WorldService<S extends ServiceName = ServiceName> {
  readonly name: S;
  readonly placement: ServicePlacement;
  fromMap(request: ServiceRequest<S>): void;
}
