/**
 * Characters: creation with case-insensitive unique names, loading, and saving online
 * characters' state. Saving many characters is one SQL statement, hence atomic on both backends:
 * either every row is written or none is.
 */
import { and, asc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { BankSlot, CharacterRecord, NewCharacter } from "../game/character/index.ts";
import { DatabaseError, findPostgresError, SQLSTATE, toDatabaseError } from "./database-error.ts";
import { characterToRow, rowToCharacter } from "./character-rows.ts";
import { bankItems, characters } from "./schema.ts";

export type CreateCharacterOutcome =
  | { kind: "ok"; character: CharacterRecord }
  | { kind: "name_taken" }
  /** accountId names no account (deleted meanwhile). */
  | { kind: "unknown_account" };

export type SaveCharacterOutcome = { kind: "ok"; updatedAt: Date } | { kind: "not_found" };

export type SaveCharactersOutcome =
  | { kind: "ok"; saved: number; updatedAt: Date }
  /** Some ids have no row (deleted?); nothing at all was saved. */
  | { kind: "not_found"; ids: number[] };

export interface SaveOptions {
  /**
   * Which characters left the world (logout, disconnect, shutdown): the same statement clears
   * their online mark, so a character is never unmarked without its last state on disk. `true`
   * for every record of the batch, or a per-record choice by character id: a batch that writes
   * a leaving character together with a partner who stays online (a trade pair whose own save
   * failed, session/character-saves.ts) clears only the leaving one's mark.
   */
  final?: boolean | ((characterId: number) => boolean);
}

export type SaveOfflineCharacterOutcome =
  | { kind: "ok"; updatedAt: Date }
  | { kind: "not_found" }
  /** A server holds the character in the world; nothing was written. */
  | { kind: "online"; since: Date }
  /** Someone saved the character after `record` was read; nothing was written. */
  | { kind: "stale" };

export interface CharacterRepository {
  createCharacter(character: NewCharacter): Promise<CreateCharacterOutcome>;
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
   * without it leaves the stored vault untouched.
   */
  saveCharacters(records: readonly CharacterRecord[], options?: SaveOptions): Promise<SaveCharactersOutcome>;
  /**
   * For tools working on the database while servers run: writes `record` only when the
   * character is not online and nobody saved it since `record.updatedAt` (one statement).
   */
  saveOfflineCharacter(record: CharacterRecord): Promise<SaveOfflineCharacterOutcome>;
  /** Marks the character as held by a server now; false when there is no such character. */
  markOnline(id: number): Promise<boolean>;
  /** Clears the mark without saving (the character never made it into the world). */
  markOffline(id: number): Promise<boolean>;
  /** When the character was marked online, or null; undefined when there is no such character. */
  onlineSince(id: number): Promise<Date | null | undefined>;
  /** Clears every online mark (a start after a crash); returns how many there were. */
  clearOnlineMarks(): Promise<number>;
  /** False when there was no such character. */
  deleteCharacter(id: number): Promise<boolean>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

const nameMatches = (name: string) => sql`lower(${characters.name}) = lower(${name})`;

const COLUMNS = getTableColumns(characters);
type CharacterKey = keyof typeof COLUMNS;
/** Set at creation and never rewritten by a save; the online mark has its own writes. */
const NOT_SAVED: ReadonlySet<CharacterKey> = new Set<CharacterKey>(["id", "accountId", "name", "createdAt", "onlineSince"]);
const SAVED_KEYS = (Object.keys(COLUMNS) as CharacterKey[]).filter((key) => !NOT_SAVED.has(key));

/** The batch's per-record "clear the online mark" flag; not a column of `characters`. */
const FINAL_FLAG = "save_is_final";

/**
 * `jsonb_to_recordset` turns the JSON batch into typed rows server-side, so the statement has one
 * parameter however many characters it saves (no 65,535-parameter ceiling). The update runs only
 * when every id exists; the statement reports the missing ones.
 */
function buildSaveStatement(batchJson: string, anyFinal: boolean, bank: BankBatch | null): SQL {
  const recordType = sql.join(
    [
      sql`${sql.identifier(COLUMNS.id.name)} ${sql.raw(COLUMNS.id.getSQLType())}`,
      ...SAVED_KEYS.map((key) => sql`${sql.identifier(COLUMNS[key].name)} ${sql.raw(COLUMNS[key].getSQLType())}`),
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
    ],
    sql`, `,
  );
  return sql`WITH input AS (
      SELECT * FROM jsonb_to_recordset(${batchJson}::jsonb) AS input(${recordType})
    ), missing AS (
      SELECT input.id FROM input WHERE NOT EXISTS (SELECT 1 FROM ${characters} WHERE ${characters.id} = input.id)
    ), saved AS (
      UPDATE ${characters} SET ${assignments} FROM input
      WHERE ${characters.id} = input.id AND NOT EXISTS (SELECT 1 FROM missing)
      RETURNING ${characters.id}
    )${bank === null ? sql`` : bankStatements(bank)}
    SELECT (SELECT count(*) FROM saved)::integer AS saved,
      (SELECT coalesce(jsonb_agg(missing.id ORDER BY missing.id), '[]'::jsonb) FROM missing) AS missing`;
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
 * the vault deleted, the others upserted; the two touch disjoint rows), only when every character
 * of the batch exists. One statement: a check that fails (a bad slot or amount, a bad character
 * row) writes neither the characters nor their vaults.
 */
function bankStatements(bank: BankBatch): SQL {
  return sql`, bank_owner AS (
      SELECT value::integer AS id FROM jsonb_array_elements_text(${bank.ownersJson}::jsonb)
    ), bank_input AS (
      SELECT * FROM jsonb_to_recordset(${bank.rowsJson}::jsonb) AS bank_input(character_id integer, slot integer, object_id integer, amount integer)
    ), bank_cleared AS (
      DELETE FROM ${bankItems} USING bank_owner
      WHERE ${bankItems.characterId} = bank_owner.id AND NOT EXISTS (SELECT 1 FROM missing)
        AND NOT EXISTS (SELECT 1 FROM bank_input WHERE bank_input.character_id = ${bankItems.characterId} AND bank_input.slot = ${bankItems.slot})
      RETURNING 1
    ), bank_written AS (
      INSERT INTO ${bankItems} (${sql.identifier(bankItems.characterId.name)}, ${sql.identifier(bankItems.slot.name)}, ${sql.identifier(bankItems.objectId.name)}, ${sql.identifier(bankItems.amount.name)})
      SELECT character_id, slot, object_id, amount FROM bank_input WHERE NOT EXISTS (SELECT 1 FROM missing)
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
  if (final !== undefined) input[FINAL_FLAG] = final;
  return input;
}

function checkBatch(records: readonly CharacterRecord[]): void {
  const seen = new Set<number>();
  for (const record of records) {
    if (!Number.isSafeInteger(record.id) || record.id <= 0) {
      throw new DatabaseError("invalid_argument", `cannot save a character with id ${record.id}`);
    }
    if (seen.has(record.id)) throw new DatabaseError("invalid_argument", `character ${record.id} appears twice in one save`);
    seen.add(record.id);
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
    async createCharacter(character) {
      const createdAt = now();
      try {
        const rows = await db
          .insert(characters)
          .values({ ...characterToRow(character), createdAt, updatedAt: createdAt, lastLoginAt: null })
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
      return outcome.kind === "ok" ? { kind: "ok", updatedAt: outcome.updatedAt } : { kind: "not_found" };
    },

    async saveCharacters(records, options = {}) {
      const updatedAt = now();
      if (records.length === 0) return { kind: "ok", saved: 0, updatedAt };
      checkBatch(records);
      const { final } = options;
      const finals = records.map((record) => (typeof final === "function" ? final(record.id) === true : final === true));
      const anyFinal = finals.includes(true);
      const batchJson = JSON.stringify(records.map((record, index) => toSaveInput(record, updatedAt, anyFinal ? finals[index] : undefined)));
      let result: unknown;
      try {
        result = await db.execute(buildSaveStatement(batchJson, anyFinal, bankBatchOf(records)));
      } catch (error) {
        throw toDatabaseError(error, `saving ${records.length} character(s)`);
      }
      // postgres.js returns a row list, the PGlite proxy a plain array: both are arrays of objects.
      const row = (result as { saved: number; missing: number[] }[])[0];
      if (!row) throw new DatabaseError("query_failed", "saving characters returned no summary row");
      if (row.missing.length > 0) return { kind: "not_found", ids: row.missing };
      return { kind: "ok", saved: row.saved, updatedAt };
    },

    async saveOfflineCharacter(record) {
      checkBatch([record]);
      const updatedAt = now();
      const { accountId: _account, name: _name, ...state } = characterToRow(record);
      try {
        const rows = await db
          .update(characters)
          .set({ ...state, updatedAt, lastLoginAt: record.lastLoginAt })
          .where(and(eq(characters.id, record.id), isNull(characters.onlineSince), eq(characters.updatedAt, record.updatedAt)))
          .returning({ id: characters.id });
        if (rows.length > 0) return { kind: "ok", updatedAt };
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
