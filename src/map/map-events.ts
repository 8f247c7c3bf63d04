/** What a map tells the gateway besides frames. */
import type { BankSlot, CharacterRecord } from "../game/character/index.ts";

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
  | {
      t: "transfer";
      session: number;
      state: CharacterRecord;
      dest: { map: number; x: number; y: number };
      cameFrom: { map: number; x: number; y: number };
    };

export interface EnterRequest {
  session: number;
  record: CharacterRecord;
  kind: EnterKind;
  /** Server-wide user slot shown by UserIndexInServer. */
  userSlot: number;
  /** Where the player stood before this map (for exits to -1). */
  cameFrom?: { map: number; x: number; y: number } | undefined;
}

/** The gateway's answer to `bank_load`: the stored vault, or null when the database failed. */
export type LoadedVault = BankSlot[] | null;
