/**
 * What the gateway asks of persistence, with database faults turned into an `unavailable`
 * outcome (logged once here) so a broken database refuses logins politely instead of
 * crashing the session code. Writes never touch the caller's objects.
 */
import type { BankSlot, CharacterRecord, NewCharacter } from "../game/character/index.ts";
import type { BankCredit, CreditRefusal, Database } from "../db/index.ts";
import type { Logger } from "../log/index.ts";
import { PLAYER, type StaffStanding } from "../game/staff/index.ts";

export type { BankCredit, CreditRefusal };

type Unavailable = { kind: "unavailable" };

/**
 * Whether a login may go on: clear, or the ban that stops it (a character's before an account's
 * before an address's, as the database ranks them), with what the player is told.
 */
export type BanVerdict = { kind: "clear" } | { kind: "banned"; subject: "character" | "account" | "ip"; reason: string; issuedBy: string; expiresAt: Date | null };
type AccountOutcome<T> = T | Unavailable;

/**
 * What a save batch came to: written; written except the `fenced` characters (a claim raised
 * their generation since their records were claimed: another process holds them now, nothing of
 * theirs was written); some characters have no row (these, or unnamed); the database failed; or
 * credits it carried were refused. Nothing is written unless "ok" or `kind: "ok"`.
 */
export type StoreSaveOutcome =
  | "ok"
  | { kind: "ok"; fenced: readonly number[] }
  | "not_found"
  | { kind: "not_found"; ids: readonly number[] }
  | "unavailable"
  | { kind: "credits_refused"; refused: readonly { transfer: string; reason: CreditRefusal }[] };

export interface GatewayStore {
  verifyPassword(
    email: string,
    password: string,
  ): Promise<AccountOutcome<{ kind: "ok"; account: { id: number; email: string } } | { kind: "banned" } | { kind: "unknown_account" } | { kind: "wrong_password" }>>;
  createAccount(
    email: string,
    password: string,
  ): Promise<AccountOutcome<{ kind: "ok"; account: { id: number; email: string } } | { kind: "email_taken" } | { kind: "invalid"; reason: "email" | "password" }>>;
  listCharacters(accountId: number): Promise<CharacterRecord[] | "unavailable">;
  loadCharacter(id: number): Promise<CharacterRecord | null | "unavailable">;
  /** A new character, born marked online (it enters the world next: see `claimCharacter`). */
  createCharacter(character: NewCharacter): Promise<AccountOutcome<{ kind: "ok"; character: CharacterRecord } | { kind: "name_taken" } | { kind: "unknown_account" }>>;
  touchLastLogin(accountId: number, characterId: number): Promise<void>;
  /** A character's stored vault (occupied slots), read when a banker is first opened in a session. */
  loadBank(characterId: number): Promise<BankSlot[] | "unavailable">;
  /**
   * One atomic batch; "ok" or why not. `final`: the characters left the world (all of them, or
   * those the predicate names), and the same statement clears their online marks (a failed
   * final save leaves them marked). `credits`: bank gold for characters that are not online, in
   * the same statement (each credit's sender is in `records`); credits that cannot be made
   * write nothing at all and are named in the outcome. A record carrying `gen` is written only
   * while the row's generation still equals it (`fenced` otherwise). `ownerNode` is recorded on
   * every row written.
   */
  saveCharacters(
    records: readonly CharacterRecord[],
    options?: { final?: boolean | ((characterId: number) => boolean); credits?: readonly BankCredit[]; ownerNode?: string },
  ): Promise<StoreSaveOutcome>;
  /**
   * Claims a character for a login: raises its generation (returned: the fencing token its saves
   * carry from now on), marks it held by this server (tools writing the database leave it alone)
   * and records `ownerNode`. A failure is logged and reported, never thrown: the player still plays.
   */
  claimCharacter(characterId: number, ownerNode: string): Promise<{ kind: "ok"; gen: number } | { kind: "not_found" } | { kind: "unavailable" }>;
  /** Clears the mark of a character that did not make it into the world. Failures are logged. */
  markOffline(characterId: number): Promise<void>;
  /** Whether this character, account or address is banned now (any of them may be left out). */
  checkBans(query: { characterId?: number; accountId?: number; address?: string }): Promise<BanVerdict | "unavailable">;
  /** The character's staff standing from the staff roles (read at every login; a player has none). */
  staffStandingOf(characterId: number): Promise<StaffStanding | "unavailable">;
}

export function createGatewayStore(database: Database, logger: Logger): GatewayStore {
  const log = logger.child({ ctx: "store" });
  const guard = async <T, F>(what: string, work: () => Promise<T>, fallback: F): Promise<T | F> => {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error, what }, "database operation failed");
      return fallback;
    }
  };
  const unavailable: Unavailable = { kind: "unavailable" };
  return {
    verifyPassword: (email, password) => guard("verify password", () => database.accounts.verifyPassword(email, password), unavailable),
    createAccount: (email, password) => guard("create account", () => database.accounts.createAccount(email, password), unavailable),
    listCharacters: (accountId) => guard("list characters", () => database.characters.listCharacters(accountId), "unavailable" as const),
    loadCharacter: (id) => guard("load character", () => database.characters.loadCharacter(id), "unavailable" as const),
    createCharacter: (character) => guard("create character", () => database.characters.createCharacter(character, { online: true }), unavailable),
    checkBans: (query) =>
      guard(
        "check bans",
        async (): Promise<BanVerdict> => {
          const check = await database.moderation.checkBans(query);
          if (check.kind === "clear") return check;
          const { ban } = check;
          return { kind: "banned", subject: ban.subject.kind, reason: ban.reason, issuedBy: ban.issuedBy, expiresAt: ban.expiresAt };
        },
        "unavailable" as const,
      ),
    staffStandingOf: (characterId) =>
      guard(
        "read staff role",
        async () => {
          const role = await database.staff.roleOf(characterId);
          return role === null ? PLAYER : { rank: role.rank, roleMaster: role.rolemaster };
        },
        "unavailable" as const,
      ),
    loadBank: (characterId) => guard("load bank", () => database.characters.loadBank(characterId), "unavailable" as const),
    touchLastLogin: async (accountId) => {
      await guard("touch last login", () => database.accounts.touchLastLogin(accountId), false);
    },
    saveCharacters: async (records, options) => {
      if (records.length === 0) return "ok";
      return guard(
        "save characters",
        async (): Promise<StoreSaveOutcome> => {
          const outcome = await database.characters.saveCharacters(records, {
            final: options?.final ?? false,
            ...(options?.credits ? { credits: options.credits } : {}),
            ...(options?.ownerNode === undefined ? {} : { ownerNode: options.ownerNode }),
          });
          if (outcome.kind === "credits_refused") return { kind: "credits_refused", refused: outcome.refused };
          if (outcome.kind === "not_found") return { kind: "not_found", ids: outcome.ids };
          return outcome.fenced.length === 0 ? "ok" : { kind: "ok", fenced: outcome.fenced };
        },
        "unavailable" as const,
      );
    },
    claimCharacter: (characterId, ownerNode) => guard("claim character", () => database.characters.claimCharacter(characterId, ownerNode), unavailable),
    markOffline: async (characterId) => {
      await guard("mark character offline", () => database.characters.markOffline(characterId), false);
    },
  };
}
