/**
 * Characters: creation with case-insensitive unique names, loading, and saving online
 * characters' state. Saving many characters is one SQL statement, hence atomic on both backends:
 * either every row is written or none is, except rows a newer claim fenced off (below).
 *
 * Fencing (multi-node, docs/multi-node.md §5, §7.5): a login claims the character
 * (`claimCharacter`), which raises the row's `gen`; the record it takes into the world carries
 * that generation, and a save of it writes only while the row's `gen` still equals it, checked
 * by the statement that writes. A process that lost the character (another claim since) cannot
 * overwrite what the new holder writes, however late its save arrives.
 */
import { and, asc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { MAX_LONG, type BankSlot, type CharacterRecord, type NewCharacter } from "../game/character/index.ts";
import { actEntry, auditInsertSql, prepareAudit, rowsOf, type StaffAct } from "./audit-repository.ts";
import { DatabaseError, findPostgresError, SQLSTATE, toDatabaseError } from "./database-error.ts";
import { characterToRow, rowToCharacter } from "./character-rows.ts";
import { bankItems, bankTransfers, characters } from "./schema.ts";

export type CreateCharacterOutcome =
  | { kind: "ok"; character: CharacterRecord }
  | { kind: "name_taken" }
  /** accountId names no account (deleted meanwhile). */
  | { kind: "unknown_account" };

export type SaveCharacterOutcome =
  | { kind: "ok"; updatedAt: Date }
  | { kind: "not_found" }
  /** A claim raised the character's generation since `record.gen`; nothing was written. */
  | { kind: "fenced" };

/** The result of a claim: the generation the claimer now holds the character with. */
export type ClaimCharacterOutcome = { kind: "ok"; gen: number } | { kind: "not_found" };

export type SaveCharactersOutcome =
  /**
   * Every record was written except the `fenced` ones (ids ascending): each carried a `gen` that
   * a claim has raised since, and nothing of it was written (row, vault, online mark, the bank
   * credits it sent). The written ones landed together, in one statement.
   */
  | { kind: "ok"; saved: number; updatedAt: Date; fenced: number[] }
  /** Some ids have no row (deleted?); nothing at all was saved. */
  | { kind: "not_found"; ids: number[] }
  /** Some credits cannot be made (see `CreditRefusal`); nothing at all was saved. */
  | { kind: "credits_refused"; refused: { transfer: string; reason: CreditRefusal }[] };

/**
 * Bank gold for a character that is not online (a `TransFerGold` to it, items-and-economy §8.5),
 * written by the statement that saves its sender: the sender's debited state and the recipient's
 * `bank_gold + amount` land together or not at all.
 */
export interface BankCredit {
  /** A UUID: the key of the credit's `bank_transfers` row, so a save retried after a lost answer credits once. */
  readonly transfer: string;
  /** The sender; its record must be in the same batch. */
  readonly from: number;
  /** The recipient's name, in any case. */
  readonly toName: string;
  readonly amount: number;
}

/**
 * Why a credit cannot be made: no character has that name; the recipient is marked online (a
 * server holds it, or a login is reading it: its own save would overwrite the credit) or is in
 * the batch itself; its bank gold would pass a VB6 Long (`MAX_LONG`).
 */
export type CreditRefusal = "no_such_character" | "online" | "overflow";

export interface SaveOptions {
  /**
   * Which characters left the world (logout, disconnect, shutdown): the same statement clears
   * their online mark, so a character is never unmarked without its last state on disk. `true`
   * for every record of the batch, or a per-record choice by character id: a batch that writes
   * a leaving character together with a partner who stays online (a trade pair whose own save
   * failed, session/character-saves.ts) clears only the leaving one's mark.
   */
  final?: boolean | ((characterId: number) => boolean);
  /**
   * Bank gold for characters that are not online, in the same statement: each recipient (by
   * name) gets `bank_gold + amount` and a `bank_transfers` row, unless that row exists already
   * (an earlier attempt of this save committed). If any credit cannot be made, nothing at all is
   * written and the outcome says which and why. Every credit's sender must be in the batch.
   */
  credits?: readonly BankCredit[];
  /** The node writing (`name:bootId`): stored in `owner_node` of every row written, for audits. */
  ownerNode?: string;
}

export type SaveOfflineCharacterOutcome =
  | { kind: "ok"; updatedAt: Date }
  | { kind: "not_found" }
  /** A server holds the character in the world; nothing was written. */
  | { kind: "online"; since: Date }
  /** Someone saved the character after `record` was read; nothing was written. */
  | { kind: "stale" };

/** `renameOfflineCharacter`'s answer: renamed (from `oldName`), or why nothing changed. */
export type RenameOutcome = { kind: "ok"; oldName: string } | { kind: "not_found" } | { kind: "online" } | { kind: "name_taken" };

export interface CharacterRepository {
  /**
   * `online`: the row is born marked online (a login creating a character to enter with it), so
   * no write meant for an offline character (a bank credit, a tool) lands between the insert
   * and the login.
   */
  createCharacter(character: NewCharacter, options?: { online?: boolean }): Promise<CreateCharacterOutcome>;
  /** Case-insensitive. */
  findCharacterByName(name: string): Promise<CharacterRecord | null>;
  loadCharacter(id: number): Promise<CharacterRecord | null>;
  /** The account's characters, oldest first. */
  listCharacters(accountId: number): Promise<CharacterRecord[]>;
  /** The character's stored vault: its occupied slots, ascending (empty when it has none). */
  loadBank(characterId: number): Promise<BankSlot[]>;
  /** Case-insensitive. */
  isNameTaken(name: string): Promise<boolean>;
  /**
   * Writes the record's state (everything but id, account, name and createdAt; updatedAt becomes
   * now). Never modifies `record`: the new updatedAt is in the outcome.
   */
  saveCharacter(record: CharacterRecord): Promise<SaveCharacterOutcome>;
  /**
   * saveCharacter for many records in one atomic statement; a failure saves none of them. A
   * record carrying `bank` replaces that character's vault rows in the same statement; one
   * without it leaves the stored vault untouched. A record carrying `gen` is written only if the
   * row's generation still equals it (checked by the writing statement itself); the others of
   * the batch are written regardless, and the outcome names the fenced ones. A record without
   * `gen` (a tool's) is written unfenced.
   */
  saveCharacters(records: readonly CharacterRecord[], options?: SaveOptions): Promise<SaveCharactersOutcome>;
  /**
   * For tools working on the database while servers run: writes `record` only when the
   * character is not online and nobody saved it since `record.updatedAt` (one statement). With
   * `act`, the same statement writes its audit row (`ok`, or `refused_rule` with `online`,
   * `stale` or `not_found` as the detail): the change is never on disk without its row.
   */
  saveOfflineCharacter(record: CharacterRecord, options?: { act?: StaffAct }): Promise<SaveOfflineCharacterOutcome>;
  /**
   * A login's claim of the right to write the character, in one statement: its generation is
   * raised (the returned `gen` is the claimer's fencing token: saves of records carrying an
   * older one change nothing from now on), it is marked online now, and `ownerNode` is recorded.
   */
  claimCharacter(id: number, ownerNode: string): Promise<ClaimCharacterOutcome>;
  /**
   * Marks the character as held by a server now without claiming it (its generation stays);
   * false when there is no such character. Logins use `claimCharacter`.
   */
  markOnline(id: number): Promise<boolean>;
  /** Clears the mark without saving (the character never made it into the world). */
  markOffline(id: number): Promise<boolean>;
  /** When the character was marked online, or null; undefined when there is no such character. */
  onlineSince(id: number): Promise<Date | null | undefined>;
  /** Clears every online mark (a start after a crash); returns how many there were. */
  clearOnlineMarks(): Promise<number>;
  /** False when there was no such character. */
  deleteCharacter(id: number): Promise<boolean>;
  /**
   * Renames a character no server holds (`/ANAME`), in one statement: refused while it is marked
   * online, or when another character has the name in any case. Its `updatedAt` moves (by the
   * database's clock, as the offline sanctions do), so a tool
   * that read it before writes nothing stale. The caller checks the name's form.
   */
  renameOfflineCharacter(id: number, newName: string): Promise<RenameOutcome>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

const nameMatches = (name: string) => sql`lower(${characters.name}) = lower(${name})`;

const COLUMNS = getTableColumns(characters);
type CharacterKey = keyof typeof COLUMNS;
/**
 * Set at creation and never rewritten by a save; the online mark has its own writes, the
 * generation only claims raise it, and the owner node comes from the save's options.
 */
const NOT_SAVED: ReadonlySet<CharacterKey> = new Set<CharacterKey>(["id", "accountId", "name", "createdAt", "onlineSince", "gen", "ownerNode"]);
const SAVED_KEYS = (Object.keys(COLUMNS) as CharacterKey[]).filter((key) => !NOT_SAVED.has(key));

/** The batch's per-record "clear the online mark" flag; not a column of `characters`. */
const FINAL_FLAG = "save_is_final";
/** The batch's per-record generation the save is fenced by (null: unfenced); not written. */
const CLAIMED_GEN = "claimed_gen";

/**
 * `jsonb_to_recordset` turns the JSON batch into typed rows server-side, so the statement has one
 * parameter however many characters it saves (no 65,535-parameter ceiling). The update runs only
 * when every id exists (and every credit can be made); the statement reports the missing ids and
 * the refused credits.
 *
 * The generation check is in the update's own WHERE: under READ COMMITTED an update that waits
 * for a concurrent claim re-evaluates it on the claimed row, so it is a compare-and-set. The
 * fenced ids are the batch's rows the update did not write, and the vaults and credits go with
 * the rows `saved` returns, never with the others.
 */
function buildSaveStatement(batchJson: string, anyFinal: boolean, bank: BankBatch | null, credits: CreditBatch | null, ownerNode: string | undefined): SQL {
  const recordType = sql.join(
    [
      sql`${sql.identifier(COLUMNS.id.name)} ${sql.raw(COLUMNS.id.getSQLType())}`,
      ...SAVED_KEYS.map((key) => sql`${sql.identifier(COLUMNS[key].name)} ${sql.raw(COLUMNS[key].getSQLType())}`),
      sql`${sql.identifier(CLAIMED_GEN)} ${sql.raw(COLUMNS.gen.getSQLType())}`,
      ...(anyFinal ? [sql`${sql.identifier(FINAL_FLAG)} boolean`] : []),
    ],
    sql`, `,
  );
  const onlineSince = sql.identifier(COLUMNS.onlineSince.name);
  const assignments = sql.join(
    [
      ...SAVED_KEYS.map((key) => sql`${sql.identifier(COLUMNS[key].name)} = input.${sql.identifier(COLUMNS[key].name)}`),
      // Each final record's mark is cleared by the statement that writes its last state.
      ...(anyFinal ? [sql`${onlineSince} = CASE WHEN input.${sql.identifier(FINAL_FLAG)} THEN NULL ELSE ${characters}.${onlineSince} END`] : []),
      ...(ownerNode === undefined ? [] : [sql`${sql.identifier(COLUMNS.ownerNode.name)} = ${ownerNode}::text`]),
    ],
    sql`, `,
  );
  const claimedGen = sql`input.${sql.identifier(CLAIMED_GEN)}`;
  // Every write of the statement happens only when nothing is missing and no credit is refused.
  const writable = credits === null ? sql`NOT EXISTS (SELECT 1 FROM missing)` : sql`NOT EXISTS (SELECT 1 FROM missing) AND NOT EXISTS (SELECT 1 FROM credit_refused)`;
  return sql`WITH input AS (
      SELECT * FROM jsonb_to_recordset(${batchJson}::jsonb) AS input(${recordType})
    ), missing AS (
      SELECT input.id FROM input WHERE NOT EXISTS (SELECT 1 FROM ${characters} WHERE ${characters.id} = input.id)
    )${credits === null ? sql`` : creditChecks(credits)}, saved AS (
      UPDATE ${characters} SET ${assignments} FROM input
      WHERE ${characters.id} = input.id AND ${writable} AND (${claimedGen} IS NULL OR ${characters.gen} = ${claimedGen})
      RETURNING ${characters.id}
    )${bank === null ? sql`` : bankStatements(bank)}${credits === null ? sql`` : creditWrites(credits)}
    SELECT (SELECT count(*) FROM saved)::integer AS saved,
      (SELECT coalesce(jsonb_agg(missing.id ORDER BY missing.id), '[]'::jsonb) FROM missing) AS missing,
      (SELECT coalesce(jsonb_agg(input.id ORDER BY input.id), '[]'::jsonb) FROM input
        WHERE ${writable} AND NOT EXISTS (SELECT 1 FROM saved WHERE saved.id = input.id)) AS fenced,
      ${credits === null ? sql`'[]'::jsonb` : sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('transfer', credit_refused.transfer, 'reason', credit_refused.reason)), '[]'::jsonb) FROM credit_refused)`} AS refused`;
}

/** The credits of a save batch, and the time their rows and recipients are stamped with. */
interface CreditBatch {
  creditsJson: string;
  at: string;
}

function creditBatchOf(credits: readonly BankCredit[] | undefined, updatedAt: Date): CreditBatch | null {
  if (credits === undefined || credits.length === 0) return null;
  const rows = credits.map((credit) => ({ transfer: credit.transfer, from_id: credit.from, to_name: credit.toName, amount: credit.amount }));
  return { creditsJson: JSON.stringify(rows), at: updatedAt.toISOString() };
}

/**
 * The credits' checks, before any write: credits an earlier attempt of this save already made
 * (their `bank_transfers` row exists) are done; the others' recipients are locked (a login's
 * online mark, taken before it reads the row, then waits for this statement, and so reads the
 * credit) and each is refused if there is no such character, it is marked online or in this
 * batch, or its bank gold plus everything credited to it here would pass a VB6 Long.
 */
function creditChecks(credits: CreditBatch): SQL {
  const name = sql.identifier(COLUMNS.name.name);
  return sql`, credit_input AS (
      SELECT * FROM jsonb_to_recordset(${credits.creditsJson}::jsonb) AS credit_input(transfer uuid, from_id integer, to_name text, amount bigint)
    ), credit_done AS (
      SELECT credit_input.transfer FROM credit_input JOIN ${bankTransfers} ON ${bankTransfers.id} = credit_input.transfer
    ), credit_target AS (
      SELECT ${characters.id} AS id, ${characters.onlineSince} AS online_since, ${characters.bankGold} AS bank_gold, lower(${characters}.${name}) AS name_key
      FROM ${characters}
      WHERE lower(${characters}.${name}) IN (SELECT lower(credit_input.to_name) FROM credit_input WHERE credit_input.transfer NOT IN (SELECT transfer FROM credit_done))
      FOR UPDATE
    ), credit_new AS (
      SELECT credit_input.transfer, credit_input.from_id, credit_input.amount, credit_target.id AS to_id, credit_target.online_since, credit_target.bank_gold,
        sum(credit_input.amount) OVER (PARTITION BY credit_target.id) AS total
      FROM credit_input LEFT JOIN credit_target ON credit_target.name_key = lower(credit_input.to_name)
      WHERE credit_input.transfer NOT IN (SELECT transfer FROM credit_done)
    ), credit_refused AS (
      SELECT transfer, CASE
          WHEN to_id IS NULL THEN 'no_such_character'
          WHEN online_since IS NOT NULL OR to_id IN (SELECT id FROM input) THEN 'online'
          ELSE 'overflow' END AS reason
      FROM credit_new
      WHERE to_id IS NULL OR online_since IS NOT NULL OR to_id IN (SELECT id FROM input) OR bank_gold + total > ${MAX_LONG}::bigint
    )`;
}

/**
 * The credits' writes, after the saves: the `bank_transfers` rows, then each recipient's bank
 * gold; only for senders the statement wrote (a fenced sender's debit is not on disk, so neither
 * is its credit).
 */
function creditWrites(credits: CreditBatch): SQL {
  const column = (key: "id" | "fromCharacterId" | "toCharacterId" | "amount" | "createdAt") => sql.identifier(bankTransfers[key].name);
  const bankGold = sql.identifier(COLUMNS.bankGold.name);
  const updatedAt = sql.identifier(COLUMNS.updatedAt.name);
  return sql`, credit_logged AS (
      INSERT INTO ${bankTransfers} (${column("id")}, ${column("fromCharacterId")}, ${column("toCharacterId")}, ${column("amount")}, ${column("createdAt")})
      SELECT transfer, from_id, to_id, amount, ${credits.at}::timestamptz FROM credit_new WHERE from_id IN (SELECT id FROM saved)
      RETURNING ${bankTransfers.toCharacterId} AS to_id, ${bankTransfers.amount} AS amount
    ), credited AS (
      UPDATE ${characters} SET ${bankGold} = ${characters.bankGold} + credit_sum.amount, ${updatedAt} = ${credits.at}::timestamptz
      FROM (SELECT to_id, sum(amount) AS amount FROM credit_logged GROUP BY to_id) AS credit_sum
      WHERE ${characters.id} = credit_sum.to_id
      RETURNING ${characters.id}
    )`;
}

/** The vaults of a save batch: whose vault is replaced, and its rows. */
interface BankBatch {
  ownersJson: string;
  rowsJson: string;
}

function bankBatchOf(records: readonly CharacterRecord[]): BankBatch | null {
  const owners: number[] = [];
  const rows: { character_id: number; slot: number; object_id: number; amount: number }[] = [];
  for (const record of records) {
    if (record.bank === undefined) continue;
    owners.push(record.id);
    for (const entry of record.bank) rows.push({ character_id: record.id, slot: entry.slot, object_id: entry.objectId, amount: entry.amount });
  }
  return owners.length === 0 ? null : { ownersJson: JSON.stringify(owners), rowsJson: JSON.stringify(rows) };
}

/**
 * More CTEs of the save statement: the vault rows of each owner are replaced (slots no longer in
 * the vault deleted, the others upserted; the two touch disjoint rows), only for the characters
 * the statement wrote (none unless every character of the batch exists; never a fenced one).
 * One statement: a check that fails (a bad slot or amount, a bad character row) writes neither
 * the characters nor their vaults.
 */
function bankStatements(bank: BankBatch): SQL {
  return sql`, bank_owner AS (
      SELECT value::integer AS id FROM jsonb_array_elements_text(${bank.ownersJson}::jsonb)
    ), bank_input AS (
      SELECT * FROM jsonb_to_recordset(${bank.rowsJson}::jsonb) AS bank_input(character_id integer, slot integer, object_id integer, amount integer)
    ), bank_cleared AS (
      DELETE FROM ${bankItems} USING bank_owner
      WHERE ${bankItems.characterId} = bank_owner.id AND bank_owner.id IN (SELECT id FROM saved)
        AND NOT EXISTS (SELECT 1 FROM bank_input WHERE bank_input.character_id = ${bankItems.characterId} AND bank_input.slot = ${bankItems.slot})
      RETURNING 1
    ), bank_written AS (
      INSERT INTO ${bankItems} (${sql.identifier(bankItems.characterId.name)}, ${sql.identifier(bankItems.slot.name)}, ${sql.identifier(bankItems.objectId.name)}, ${sql.identifier(bankItems.amount.name)})
      SELECT character_id, slot, object_id, amount FROM bank_input WHERE character_id IN (SELECT id FROM saved)
      ON CONFLICT (${sql.identifier(bankItems.characterId.name)}, ${sql.identifier(bankItems.slot.name)})
      DO UPDATE SET ${sql.identifier(bankItems.objectId.name)} = excluded.${sql.identifier(bankItems.objectId.name)}, ${sql.identifier(bankItems.amount.name)} = excluded.${sql.identifier(bankItems.amount.name)}
      RETURNING 1
    )`;
}

/** One record as a JSON object keyed by column name, with values as Postgres reads them from JSON. */
function toSaveInput(record: CharacterRecord, updatedAt: Date, final: boolean | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = { ...characterToRow(record), id: record.id, updatedAt, lastLoginAt: record.lastLoginAt };
  const input: Record<string, unknown> = { [COLUMNS.id.name]: record.id };
  for (const key of SAVED_KEYS) {
    const value = values[key];
    input[COLUMNS[key].name] = value instanceof Date ? value.toISOString() : value;
  }
  input[CLAIMED_GEN] = record.gen ?? null;
  if (final !== undefined) input[FINAL_FLAG] = final;
  return input;
}

function checkBatch(records: readonly CharacterRecord[], credits: readonly BankCredit[] = []): void {
  const seen = new Set<number>();
  for (const record of records) {
    if (!Number.isSafeInteger(record.id) || record.id <= 0) {
      throw new DatabaseError("invalid_argument", `cannot save a character with id ${record.id}`);
    }
    if (record.gen !== undefined && (!Number.isSafeInteger(record.gen) || record.gen < 0)) {
      throw new DatabaseError("invalid_argument", `cannot save character ${record.id} with generation ${record.gen}`);
    }
    if (seen.has(record.id)) throw new DatabaseError("invalid_argument", `character ${record.id} appears twice in one save`);
    seen.add(record.id);
  }
  const transfers = new Set<string>();
  for (const credit of credits) {
    if (!seen.has(credit.from)) throw new DatabaseError("invalid_argument", `credit ${credit.transfer} is sent by character ${credit.from}, who is not in the batch`);
    if (!Number.isSafeInteger(credit.amount) || credit.amount <= 0 || credit.amount > MAX_LONG) {
      throw new DatabaseError("invalid_argument", `credit ${credit.transfer} has amount ${credit.amount}`);
    }
    if (transfers.has(credit.transfer)) throw new DatabaseError("invalid_argument", `credit ${credit.transfer} appears twice in one save`);
    transfers.add(credit.transfer);
  }
}

export function createCharacterRepository(db: Drizzle, now: () => Date): CharacterRepository {
  async function selectOne(where: SQL, what: string): Promise<CharacterRecord | null> {
    try {
      const rows = await db.select().from(characters).where(where).limit(1);
      return rows[0] ? rowToCharacter(rows[0]) : null;
    } catch (error) {
      throw toDatabaseError(error, what);
    }
  }

  const repository: CharacterRepository = {
    async createCharacter(character, options = {}) {
      const createdAt = now();
      try {
        const rows = await db
          .insert(characters)
          .values({ ...characterToRow(character), createdAt, updatedAt: createdAt, lastLoginAt: null, onlineSince: options.online === true ? createdAt : null })
          .onConflictDoNothing()
          .returning();
        const row = rows[0];
        return row ? { kind: "ok", character: rowToCharacter(row) } : { kind: "name_taken" };
      } catch (error) {
        if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) return { kind: "unknown_account" };
        throw toDatabaseError(error, `creating character "${character.name}"`);
      }
    },

    findCharacterByName: (name) => selectOne(nameMatches(name), "looking up a character by name"),

    async renameOfflineCharacter(id, newName) {
      try {
        const result = await db.execute(sql`WITH target AS (SELECT ${characters.name} AS name, ${characters.onlineSince} AS online_since FROM ${characters} WHERE ${characters.id} = ${id}::integer),
            renamed AS (
              UPDATE ${characters} SET name = ${newName}, updated_at = date_trunc('milliseconds', now())
              WHERE ${characters.id} = ${id}::integer AND ${characters.onlineSince} IS NULL
                AND NOT EXISTS (SELECT 1 FROM ${characters} other WHERE lower(other.name) = lower(${newName}) AND other.id <> ${id}::integer)
              RETURNING ${characters.id}
            )
          SELECT (SELECT name FROM target) AS old_name, (SELECT online_since IS NOT NULL FROM target) AS online, EXISTS (SELECT 1 FROM renamed) AS renamed`);
        const row = rowsOf<{ old_name: string | null; online: boolean | null; renamed: boolean }>(result)[0];
        if (!row || row.old_name === null) return { kind: "not_found" };
        if (row.renamed) return { kind: "ok", oldName: row.old_name };
        return row.online ? { kind: "online" } : { kind: "name_taken" };
      } catch (error) {
        // Another character took the name between the check and the write.
        if (findPostgresError(error)?.code === SQLSTATE.uniqueViolation) return { kind: "name_taken" };
        throw toDatabaseError(error, `renaming character ${id}`);
      }
    },

    loadCharacter: (id) => selectOne(eq(characters.id, id), `loading character ${id}`),

    async listCharacters(accountId) {
      try {
        const rows = await db.select().from(characters).where(eq(characters.accountId, accountId)).orderBy(asc(characters.id));
        return rows.map(rowToCharacter);
      } catch (error) {
        throw toDatabaseError(error, `listing the characters of account ${accountId}`);
      }
    },

    async loadBank(characterId) {
      try {
        const rows = await db
          .select({ slot: bankItems.slot, objectId: bankItems.objectId, amount: bankItems.amount })
          .from(bankItems)
          .where(eq(bankItems.characterId, characterId))
          .orderBy(asc(bankItems.slot));
        return rows.map((row) => ({ slot: row.slot, objectId: row.objectId, amount: row.amount }));
      } catch (error) {
        throw toDatabaseError(error, `loading the vault of character ${characterId}`);
      }
    },

    async isNameTaken(name) {
      try {
        const rows = await db.select({ id: characters.id }).from(characters).where(nameMatches(name)).limit(1);
        return rows.length > 0;
      } catch (error) {
        throw toDatabaseError(error, "checking a character name");
      }
    },

    async saveCharacter(record) {
      const outcome = await repository.saveCharacters([record]);
      if (outcome.kind !== "ok") return { kind: "not_found" };
      return outcome.fenced.length > 0 ? { kind: "fenced" } : { kind: "ok", updatedAt: outcome.updatedAt };
    },

    async saveCharacters(records, options = {}) {
      const updatedAt = now();
      if (records.length === 0) return { kind: "ok", saved: 0, updatedAt, fenced: [] };
      const { final, credits, ownerNode } = options;
      checkBatch(records, credits);
      const finals = records.map((record) => (typeof final === "function" ? final(record.id) === true : final === true));
      const anyFinal = finals.includes(true);
      const batchJson = JSON.stringify(records.map((record, index) => toSaveInput(record, updatedAt, anyFinal ? finals[index] : undefined)));
      let result: unknown;
      try {
        result = await db.execute(buildSaveStatement(batchJson, anyFinal, bankBatchOf(records), creditBatchOf(credits, updatedAt), ownerNode));
      } catch (error) {
        throw toDatabaseError(error, `saving ${records.length} character(s)`);
      }
      // postgres.js returns a row list, the PGlite proxy a plain array: both are arrays of objects.
      const row = (result as { saved: number; missing: number[]; fenced: number[]; refused: { transfer: string; reason: CreditRefusal }[] }[])[0];
      if (!row) throw new DatabaseError("query_failed", "saving characters returned no summary row");
      if (row.missing.length > 0) return { kind: "not_found", ids: row.missing };
      if (row.refused.length > 0) return { kind: "credits_refused", refused: row.refused };
      return { kind: "ok", saved: row.saved, updatedAt, fenced: row.fenced };
    },

    async saveOfflineCharacter(record, options = {}) {
      checkBatch([record]);
      const updatedAt = now();
      const { accountId: _account, name: _name, ...state } = characterToRow(record);
      try {
        const update = db
          .update(characters)
          .set({ ...state, updatedAt, lastLoginAt: record.lastLoginAt })
          .where(and(eq(characters.id, record.id), isNull(characters.onlineSince), eq(characters.updatedAt, record.updatedAt)))
          .returning({ id: characters.id });
        let written: boolean;
        if (options.act === undefined) {
          written = (await update).length > 0;
        } else {
          const entry = prepareAudit(actEntry(options.act, { kind: "character", id: record.id, name: record.name }, {}, "ok"));
          const current = sql`(SELECT ${characters.onlineSince} FROM ${characters} WHERE ${characters.id} = ${record.id}::integer)`;
          const result = await db.execute(sql`WITH saved AS (${update.getSQL()}), logged AS (
              ${auditInsertSql(entry, {
                outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM saved) THEN 'ok' ELSE 'refused_rule' END`,
                detail: sql`CASE WHEN EXISTS (SELECT 1 FROM saved) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM ${characters} WHERE ${characters.id} = ${record.id}::integer) THEN 'not_found'
                  WHEN ${current} IS NOT NULL THEN 'online' ELSE 'stale' END`,
              })}
            ) SELECT (SELECT count(*) FROM saved)::integer AS saved, (SELECT count(*) FROM logged)::integer AS logged`);
          written = (rowsOf<{ saved: number }>(result)[0]?.saved ?? 0) > 0;
        }
        if (written) return { kind: "ok", updatedAt };
        const current = await db
          .select({ onlineSince: characters.onlineSince })
          .from(characters)
          .where(eq(characters.id, record.id))
          .limit(1);
        const row = current[0];
        if (!row) return { kind: "not_found" };
        return row.onlineSince ? { kind: "online", since: row.onlineSince } : { kind: "stale" };
      } catch (error) {
        throw toDatabaseError(error, `saving offline character ${record.id}`);
      }
    },

    async claimCharacter(id, ownerNode) {
      try {
        const rows = await db
          .update(characters)
          .set({ gen: sql`${characters.gen} + 1`, onlineSince: now(), ownerNode })
          .where(eq(characters.id, id))
          .returning({ gen: characters.gen });
        const row = rows[0];
        return row ? { kind: "ok", gen: row.gen } : { kind: "not_found" };
      } catch (error) {
        throw toDatabaseError(error, `claiming character ${id}`);
      }
    },

    async markOnline(id) {
      try {
        const rows = await db.update(characters).set({ onlineSince: now() }).where(eq(characters.id, id)).returning({ id: characters.id });
        return rows.length > 0;
      } catch (error) {
        throw toDatabaseError(error, `marking character ${id} online`);
      }
    },

    async markOffline(id) {
      try {
        const rows = await db.update(characters).set({ onlineSince: null }).where(eq(characters.id, id)).returning({ id: characters.id });
        return rows.length > 0;
      } catch (error) {
        throw toDatabaseError(error, `marking character ${id} offline`);
      }
    },

    async onlineSince(id) {
      try {
        const rows = await db.select({ onlineSince: characters.onlineSince }).from(characters).where(eq(characters.id, id)).limit(1);
        return rows[0] ? rows[0].onlineSince : undefined;
      } catch (error) {
        throw toDatabaseError(error, `reading the online mark of character ${id}`);
      }
    },

    async clearOnlineMarks() {
      try {
        const rows = await db.update(characters).set({ onlineSince: null }).where(isNotNull(characters.onlineSince)).returning({ id: characters.id });
        return rows.length;
      } catch (error) {
        throw toDatabaseError(error, "clearing stale online marks");
      }
    },

    async deleteCharacter(id) {
      try {
        const rows = await db.delete(characters).where(eq(characters.id, id)).returning({ id: characters.id });
        return rows.length > 0;
      } catch (error) {
        throw toDatabaseError(error, `deleting character ${id}`);
      }
    },
  };
  return repository;
}
