/** What a map tells the gateway besides frames. */
import type { BankSlot, CharacterRecord } from "../game/character/index.ts";
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
      /** The hunger, thirst and regeneration clocks, for the next map to go on with. */
      needs: NeedsHandOver;
    };

export interface EnterRequest {
  session: number;
  record: CharacterRecord;
  kind: EnterKind;
  /** Server-wide user slot shown by UserIndexInServer. */
  userSlot: number;
  /** Where the player stood before this map (for exits to -1). */
  cameFrom?: { map: number; x: number; y: number } | undefined;
  /** A transfer's clocks from the last map; absent (login, recovery) they start afresh. */
  needs?: NeedsHandOver | undefined;
}

/**
 * How a `bank_transfer` ended, told to the sender's map: the gold reached the recipient (`done`),
 * or it went back to the sender because the name is the sender's own, no character has it,
 * another offline transfer was too recent, or the recipient cannot take it now (`failed`).
 */
export type BankTransferAnswer = "done" | "to_self" | "no_such_user" | "too_soon" | "failed";

/** The gateway's answer to `bank_load`: the stored vault, or null when the database failed. */
export type LoadedVault = BankSlot[] | null;
