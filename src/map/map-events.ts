/** What a map tells the gateway besides frames. */
import type { CharacterRecord } from "../game/character/index.ts";
import type { StatusHandOver } from "../game/spells/index.ts";
import type { NeedsHandOver } from "../game/vitals/index.ts";
import type { ServiceName, ToWorld } from "./service-protocol.ts";

export type EnterKind = "login" | "transfer" | "recover";

export type MapEvent =
  | { t: "entered"; session: number; map: number; x: number; y: number }
  | { t: "enter_failed"; session: number; map: number; reason: "no_free_tile" | "map_full" | "already_here" }
  /** `state` is null when the map did not hold the session (it was in transit or already gone). */
  | { t: "left"; session: number; state: CharacterRecord | null; reason: string }
  /** A system asks a main-thread service (`MapContext.ask`): see `ServiceEvent`. */
  | ServiceEvent
  /**
   * A `system` message carrying `delta` reached this player and its handler ran: from here on the
   * states this map hands over have it, so the world stops adding it to them (world.ts, the
   * pending deltas). Emitted by `MapInstance`, before any event the handler emitted.
   */
  | { t: "delta_applied"; session: number; delta: number }
  /**
   * A player-to-player trade swapped items between these players (systems/trade.ts): the world
   * takes these as their last known states and the gateway saves them in ONE `saveCharacters`
   * call (one statement), so the database never holds one side swapped and the other not.
   */
  | { t: "save_now"; entries: { session: number; state: CharacterRecord }[] }
  | {
      t: "transfer";
      session: number;
      state: CharacterRecord;
      dest: { map: number; x: number; y: number };
      cameFrom: { map: number; x: number; y: number };
      /** What the next map goes on with: the body's clocks, the altered states, the tamed pets. */
      handOver: MapHandOver;
    };

/**
 * What a player takes from one map to the next besides its record (plain data, by structured
 * clone): every map worker has its own monotonic clock, so clocks and states travel as durations.
 * The world keeps it opaque until the player stands somewhere (a refused exit hands it back to the
 * map the player came from).
 */
export interface MapHandOver {
  /** Hunger, thirst and regeneration clocks (systems/vitals.ts). */
  readonly needs: NeedsHandOver;
  /** Altered states (systems/status.ts): they go on for the time they had left. */
  readonly status: StatusHandOver;
  /** Tamed pets that follow their master (systems/pets.ts, VB6 `WarpMascotas`). */
  readonly pets: readonly PetHandOver[];
  /** Summoned creatures were lost on the way (Msg584 on arrival). */
  readonly summonsLost: boolean;
  /** What was served of the mute's second and the sentence's minute (systems/penalties.ts); absent: nothing. */
  readonly penaltyClock?: { readonly muteServedMs: number; readonly jailServedMs: number };
  /** A staff member asked NPCs to chase it (`/IGNORADO`, systems/staff); absent: they leave it alone. */
  readonly chasedByNpcs?: boolean;
  /** The talk colour a GM chose (`/CHATCOLOR`); absent: white. */
  readonly chatColour?: number;
  /** A game master's `/INVISIBLE` goes on on the next map (systems/staff/movement.ts). */
  readonly adminInvisible?: boolean;
  /** Ocultarse goes on for this long on the next map (systems/stealth.ts, VB6 `WarpUserChar` keeps `Oculto`); absent: not hidden. */
  readonly hiddenForMs?: number;
  /** A GM's own speed and name display, a role-play description, a consultation (systems/staff/self.ts); absent: none. */
  readonly staffSelf?: StaffSelfHandOver;
}

/** What of systems/staff/self.ts and consultation.ts lasts the session: only what differs from a fresh login. */
export interface StaffSelfHandOver {
  readonly speed?: number;
  readonly nameHidden?: boolean;
  readonly roleplayDescription?: string;
  readonly inConsultation?: boolean;
}

/** A tamed pet on its way to the next map: its `npcs.dat` number, its HP and its states. */
export interface PetHandOver {
  readonly npc: number;
  readonly hp: number;
  readonly status: StatusHandOver;
}

export interface EnterRequest {
  session: number;
  record: CharacterRecord;
  kind: EnterKind;
  /** Server-wide user slot shown by UserIndexInServer. */
  userSlot: number;
  /** Where the player stood before this map (for exits to -1). */
  cameFrom?: { map: number; x: number; y: number } | undefined;
  /** A transfer's clocks, states and pets from the last map; absent (login, recovery) clocks start afresh, with no state and no pet. */
  handOver?: MapHandOver | undefined;
}

/**
 * A map system's request to the main-thread service `service` for the player of `session`,
 * standing on `map` (service-protocol.ts has the messages). `state`, when present, is the
 * player's state at the moment it asked: the world takes it as the player's known state in the
 * same synchronous step as the service reads the message, and refuses both (with a log) when the
 * player is no longer on `map`, or is between maps (a worker that died: recovery re-enters the
 * player from the known state, so what the map did meanwhile is lost with it).
 */
export type ServiceEvent = {
  [S in ServiceName]: { t: "service"; service: S; session: number; map: number; message: ToWorld<S>; state?: CharacterRecord };
}[ServiceName];
