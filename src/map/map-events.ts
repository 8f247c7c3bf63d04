/** What a map tells the gateway besides frames. */
import type { BankSlot, CharacterRecord } from "../game/character/index.ts";
import type { StatusHandOver } from "../game/spells/index.ts";
import type { NeedsHandOver } from "../game/vitals/index.ts";

export type EnterKind = "login" | "transfer" | "recover";

export type MapEvent =
  | { t: "entered"; session: number; map: number; x: number; y: number }
  | { t: "enter_failed"; session: number; map: number; reason: "no_free_tile" | "map_full" | "already_here" }
  /** `state` is null when the map did not hold the session (it was in transit or already gone). */
  | { t: "left"; session: number; state: CharacterRecord | null; reason: string }
  /**
   * The player opened a banker and its vault is not loaded in this session: the gateway reads it
   * from the database and answers with a `bank_loaded` control message (maps never touch the
   * database).
   */
  | { t: "bank_load"; session: number; character: number }
  /**
   * A player-to-player trade swapped items between these players (systems/trade.ts): the world
   * takes these as their last known states and the gateway saves them in ONE `saveCharacters`
   * call (one statement), so the database never holds one side swapped and the other not.
   */
  | { t: "save_now"; entries: { session: number; state: CharacterRecord }[] }
  /**
   * `TransFerGold` to a character not on this map (systems/bank.ts): the sender's bank gold is
   * already debited in `state`. The world takes `state` as the sender's known state in the same
   * step as the gateway finds the recipient (on another map, offline, or nobody) and either
   * credits it or gives the gold back; the map hears how it went (`bank_transfer_answer`).
   * `banker`: the char index of the banker the bubble comes from.
   */
  | { t: "bank_transfer"; session: number; map: number; state: CharacterRecord; to: string; amount: number; banker: number }
  /** A `bank_credit` the world posted was added to the player's bank gold (its known state counted it already). */
  | { t: "bank_credited"; session: number; credit: number }
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
 * How a `bank_transfer` ended, told to the sender's map: the gold reached the recipient (`done`),
 * or it went back to the sender because the name is the sender's own, no character has it,
 * another offline transfer was too recent, or the recipient cannot take it now (`failed`).
 */
export type BankTransferAnswer = "done" | "to_self" | "no_such_user" | "too_soon" | "failed";

/** The gateway's answer to `bank_load`: the stored vault, or null when the database failed. */
export type LoadedVault = BankSlot[] | null;
