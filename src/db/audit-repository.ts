/**
 * The audit log (gm-and-moderation §6.3, §7, G17): one append-only row per staff action, whoever
 * acted (a character's packet, the command line, the operator console) and however it ended
 * (done, refused for rank, refused by a rule, failed). A trigger refuses UPDATE, DELETE and
 * TRUNCATE on the table, so no code path can rewrite it.
 *
 * The repositories that change things (staff roles, moderation, a tool's character save) write
 * their row themselves, in the statement that makes the change, so a change is never on disk
 * without its row nor a row without its change; callers append only what those repositories do
 * not see (a rank refusal decided by a game rule, a packet that changes nothing in the database).
 *
 * A row is never refused for its content: names and details are cut to their limits, NUL and
 * unpaired surrogates (which Postgres cannot store) are replaced, oversized parameters are
 * summarised, and an address that does not parse is stored as null with its text kept in params.
 * What is refused (DatabaseError `invalid_argument`) is a caller's bug: an unknown actor kind or
 * outcome, an empty or overlong action, a malformed target kind.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { DatabaseError, toDatabaseError } from "./database-error.ts";
import { normalizeAddress } from "./ip-range.ts";
import { auditLog } from "./schema.ts";
import { codePoints, isPrintable, MAX_ACTOR_NAME_LENGTH, storable } from "./staff-input.ts";

export const AUDIT_ACTOR_KINDS = ["character", "cli", "console"] as const;
/** Who acted: a character through its packets, `argentum admin` on a terminal, the HTTP operator console. */
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_OUTCOMES = ["ok", "refused_rank", "refused_rule", "error"] as const;
/** done; refused because the actor's rank is too low (or the target's too high); refused by another rule; failed. */
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Longest action name: packet names and CLI verbs are far shorter. */
export const MAX_AUDIT_ACTION_LENGTH = 64;
/** A target's copied name (a character name, an address range, a report's summary). */
export const MAX_AUDIT_TARGET_NAME_LENGTH = 256;
/** The free-text detail of a row. */
export const MAX_AUDIT_DETAIL_LENGTH = 2_000;
/** Parameters above this many characters of JSON are summarised instead of stored whole. */
export const MAX_AUDIT_PARAMS_JSON_LENGTH = 16_384;
/** How much of oversized parameters the summary keeps. */
const PARAMS_PREVIEW_LENGTH = 1_000;
/** What `query` returns without a limit, and the most it returns with one. */
export const DEFAULT_AUDIT_LIMIT = 100;
export const MAX_AUDIT_LIMIT = 10_000;
/** Most rows one `append` call writes. */
export const MAX_AUDIT_BATCH = 1_000;
/** Target kinds are short lower-case words (`character`, `account`, `ip`, `ban`, `report`, `map`, ...). */
const TARGET_KIND = /^[a-z][a-z_]{0,31}$/;

/** Who did it, copied into the row as it was at that moment. */
export interface AuditActor {
  kind: AuditActorKind;
  /** As shown: the character's name, the OS user of the command line, the console operator's label. */
  name: string;
  accountId?: number | null;
  characterId?: number | null;
  /** The actor's rank when it acted (`consejero` … `admin`, `+rm` for rolemasters, `user`). */
  rank?: string | null;
  /** The address it acted from, IPv4 or IPv6 (an IPv4-mapped IPv6 address is stored as IPv4). */
  address?: string | null;
  /** The process that wrote the row: a server's `name:bootId`, `cli@<host>` for the command line. */
  node?: string | null;
}

/** What the action was aimed at: a character, an account, an address, a ban, a report, a map… */
export interface AuditTarget {
  kind: string;
  id?: number | null;
  /** Copied, so the row stays readable after a rename or a deletion. */
  name?: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  /** The packet name (`BanChar`), the CLI verb (`staff grant`), the console action (`console ban`). */
  action: string;
  target?: AuditTarget | null;
  /** The action's arguments (JSON). */
  params?: Record<string, unknown>;
  outcome: AuditOutcome;
  detail?: string | null;
}

/** A row as stored. */
export interface AuditRecord {
  id: number;
  /** The database's clock when the row was written. */
  at: Date;
  actor: { kind: AuditActorKind; name: string; accountId: number | null; characterId: number | null; rank: string | null; address: string | null; node: string | null };
  action: string;
  target: { kind: string; id: number | null; name: string | null } | null;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  detail: string | null;
}

/**
 * What a change names in the audit row its repository writes with it: who, and under which action
 * (the packet, the CLI verb, the console action). The repository records the change's own
 * arguments; `params` adds to them (and wins on a clash).
 */
export interface StaffAct {
  by: AuditActor;
  action: string;
  params?: Record<string, unknown>;
}

/** Filters of `query`; all optional, combined with AND. */
export interface AuditQuery {
  /** Rows at or after this instant. */
  since?: Date;
  /** Rows of the last `withinMs` milliseconds by the database's clock (`2h` on the command line). */
  withinMs?: number;
  /** The actor's name, whatever its case. */
  actor?: string;
  /** The action, whatever its case. */
  action?: string;
  outcome?: AuditOutcome;
  /** Rows older than this id (paging back from the last page's oldest row). */
  beforeId?: number;
  /** 1…MAX_AUDIT_LIMIT; default DEFAULT_AUDIT_LIMIT. */
  limit?: number;
}

export interface AuditRepository {
  /** Writes the rows in one statement, in order; returns them as stored (ids and the database's time). */
  append(entries: AuditEntry | readonly AuditEntry[]): Promise<AuditRecord[]>;
  /** Rows matching every filter, newest first. */
  query(query?: AuditQuery): Promise<AuditRecord[]>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

/** The label a change stores in its `*_by` column: a character's name, `cli:<user>`, `console:<operator>`. */
export function actorLabel(actor: AuditActor): string {
  const name = storable(actor.name.trim() === "" ? "?" : actor.name.trim(), MAX_ACTOR_NAME_LENGTH);
  return actor.kind === "character" ? name : storable(`${actor.kind}:${name}`, MAX_ACTOR_NAME_LENGTH);
}

/** One row's column values, checked and made storable. */
export interface PreparedAudit {
  node: string | null;
  actor_kind: AuditActorKind;
  actor_account_id: number | null;
  actor_character_id: number | null;
  actor_name: string;
  actor_rank: string | null;
  remote_address: string | null;
  action: string;
  target_kind: string | null;
  target_id: number | null;
  target_name: string | null;
  /** JSON text. */
  params: string;
  outcome: AuditOutcome;
  detail: string | null;
}

function optionalId(value: number | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isSafeInteger(value)) throw new DatabaseError("invalid_argument", `audit ${field} ${value} is not a whole number`);
  return value;
}

function optionalText(value: string | null | undefined, max: number): string | null {
  return value === null || value === undefined ? null : storable(value, max);
}

/** Strings made storable and values JSON cannot hold made plain, at any depth. */
function storableJson(value: unknown, depth = 0): unknown {
  if (depth > 16) return "…";
  if (typeof value === "string") return storable(value, MAX_AUDIT_PARAMS_JSON_LENGTH);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === "boolean") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      out[storable(key, MAX_ACTOR_NAME_LENGTH)] = storableJson(item, depth + 1);
    }
    return out;
  }
  return null;
}

export function paramsJson(params: Record<string, unknown> | undefined): string {
  let text: string;
  try {
    text = JSON.stringify(storableJson(params ?? {}));
  } catch {
    return JSON.stringify({ unserializable: true });
  }
  if (text.length <= MAX_AUDIT_PARAMS_JSON_LENGTH) return text;
  return JSON.stringify({ truncated: true, length: text.length, preview: storable(text.slice(0, PARAMS_PREVIEW_LENGTH), PARAMS_PREVIEW_LENGTH) });
}

export function prepareAudit(entry: AuditEntry): PreparedAudit {
  const { actor } = entry;
  if (!(AUDIT_ACTOR_KINDS as readonly string[]).includes(actor.kind)) throw new DatabaseError("invalid_argument", `unknown audit actor kind ${JSON.stringify(actor.kind)}`);
  if (!(AUDIT_OUTCOMES as readonly string[]).includes(entry.outcome)) throw new DatabaseError("invalid_argument", `unknown audit outcome ${JSON.stringify(entry.outcome)}`);
  const action = typeof entry.action === "string" ? entry.action.trim() : "";
  if (action === "" || codePoints(action) > MAX_AUDIT_ACTION_LENGTH || !isPrintable(action)) {
    throw new DatabaseError("invalid_argument", `audit action ${JSON.stringify(String(entry.action).slice(0, 80))} must be 1..${MAX_AUDIT_ACTION_LENGTH} printable characters`);
  }
  const target = entry.target ?? null;
  if (target !== null && !TARGET_KIND.test(target.kind)) throw new DatabaseError("invalid_argument", `audit target kind ${JSON.stringify(String(target.kind).slice(0, 40))} is not a short lower-case word`);
  let params = entry.params ?? {};
  let address: string | null = null;
  if (actor.address !== null && actor.address !== undefined) {
    address = normalizeAddress(actor.address);
    // The row is still written; the text the caller had goes into params.
    if (address === null) params = { ...params, unparsedAddress: actor.address };
  }
  const name = actor.name.trim() === "" ? "?" : actor.name.trim();
  return {
    node: optionalText(actor.node, MAX_ACTOR_NAME_LENGTH * 4),
    actor_kind: actor.kind,
    actor_account_id: optionalId(actor.accountId, "actor account id"),
    actor_character_id: optionalId(actor.characterId, "actor character id"),
    actor_name: storable(name, MAX_ACTOR_NAME_LENGTH),
    actor_rank: optionalText(actor.rank, MAX_ACTOR_NAME_LENGTH),
    remote_address: address,
    action,
    target_kind: target?.kind ?? null,
    target_id: optionalId(target?.id, "target id"),
    target_name: optionalText(target?.name, MAX_AUDIT_TARGET_NAME_LENGTH),
    params: paramsJson(params),
    outcome: entry.outcome,
    detail: optionalText(entry.detail, MAX_AUDIT_DETAIL_LENGTH),
  };
}

/** The entry a StaffAct makes for a change: its own params under the act's, the outcome given. */
export function actEntry(act: StaffAct, target: AuditTarget | null, params: Record<string, unknown>, outcome: AuditOutcome, detail?: string): AuditEntry {
  return { actor: act.by, action: act.action, target, params: { ...params, ...act.params }, outcome, detail: detail ?? null };
}

const COLUMN_LIST = sql.raw(
  "node, actor_kind, actor_account_id, actor_character_id, actor_name, actor_rank, remote_address, action, target_kind, target_id, target_name, params, outcome, detail",
);

/**
 * An INSERT of one audit row, for a CTE of the statement that makes the change: the target's id
 * and name, the outcome and the detail may be SQL over the change's own CTEs, `moreParams` a
 * jsonb object of what the database knows (a new ban's id; the entry's own params win on a
 * clash), and the row is written only when `where` holds. For src/db statements only.
 */
export function auditInsertSql(
  entry: PreparedAudit,
  options: { targetId?: SQL; targetName?: SQL; from?: SQL; where?: SQL; outcome?: SQL; detail?: SQL; moreParams?: SQL } = {},
): SQL {
  const targetId = options.targetId ?? sql`${entry.target_id}::bigint`;
  const targetName = options.targetName ?? sql`${entry.target_name}::text`;
  const outcome = options.outcome ?? sql`${entry.outcome}::text`;
  const detail = options.detail ?? sql`${entry.detail}::text`;
  return sql`INSERT INTO ${auditLog} (${COLUMN_LIST})
    SELECT ${entry.node}::text, ${entry.actor_kind}::text, ${entry.actor_account_id}::integer, ${entry.actor_character_id}::integer, ${entry.actor_name}::text,
      ${entry.actor_rank}::text, ${entry.remote_address}::inet, ${entry.action}::text, ${entry.target_kind}::text, ${targetId}, ${targetName},
      ${options.moreParams === undefined ? sql`${entry.params}::jsonb` : sql`jsonb_strip_nulls(${options.moreParams}) || ${entry.params}::jsonb`}, ${outcome}, ${detail}
    ${options.from === undefined ? sql`` : sql`FROM ${options.from}`}
    ${options.where === undefined ? sql`` : sql`WHERE ${options.where}`}
    RETURNING id`;
}

/** Column list of a stored row as one JSON object (the same text on both backends). */
export const AUDIT_ROW_JSON = sql`jsonb_build_object(
  'id', a.id, 'at', a.at, 'node', a.node, 'actorKind', a.actor_kind, 'actorAccountId', a.actor_account_id, 'actorCharacterId', a.actor_character_id,
  'actorName', a.actor_name, 'actorRank', a.actor_rank, 'remoteAddress', host(a.remote_address), 'action', a.action, 'targetKind', a.target_kind,
  'targetId', a.target_id, 'targetName', a.target_name, 'params', a.params, 'outcome', a.outcome, 'detail', a.detail)`;

interface AuditJson {
  id: number;
  at: string;
  node: string | null;
  actorKind: AuditActorKind;
  actorAccountId: number | null;
  actorCharacterId: number | null;
  actorName: string;
  actorRank: string | null;
  remoteAddress: string | null;
  action: string;
  targetKind: string | null;
  targetId: number | null;
  targetName: string | null;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  detail: string | null;
}

export function toAuditRecord(row: AuditJson): AuditRecord {
  return {
    id: row.id,
    at: new Date(row.at),
    actor: {
      kind: row.actorKind,
      name: row.actorName,
      accountId: row.actorAccountId,
      characterId: row.actorCharacterId,
      rank: row.actorRank,
      address: row.remoteAddress,
      node: row.node,
    },
    action: row.action,
    target: row.targetKind === null ? null : { kind: row.targetKind, id: row.targetId, name: row.targetName },
    params: row.params,
    outcome: row.outcome,
    detail: row.detail,
  };
}

/** The rows of `db.execute`, which are plain objects on both backends. */
export function rowsOf<T>(result: unknown): T[] {
  return result as T[];
}

export function createAuditRepository(db: Drizzle): AuditRepository {
  return {
    async append(entries) {
      const list = Array.isArray(entries) ? (entries as readonly AuditEntry[]) : [entries as AuditEntry];
      if (list.length === 0) return [];
      if (list.length > MAX_AUDIT_BATCH) throw new DatabaseError("invalid_argument", `at most ${MAX_AUDIT_BATCH} audit rows per append, got ${list.length}`);
      const prepared = list.map(prepareAudit);
      const batch = JSON.stringify(prepared.map((row, index) => ({ ...row, params: JSON.parse(row.params) as unknown, ord: index })));
      try {
        const result = await db.execute(sql`WITH input AS (
            SELECT * FROM jsonb_to_recordset(${batch}::jsonb) AS input(node text, actor_kind text, actor_account_id integer, actor_character_id integer, actor_name text,
              actor_rank text, remote_address inet, action text, target_kind text, target_id bigint, target_name text, params jsonb, outcome text, detail text, ord integer)
          ), written AS (
            INSERT INTO ${auditLog} (${COLUMN_LIST})
            SELECT node, actor_kind, actor_account_id, actor_character_id, actor_name, actor_rank, remote_address, action, target_kind, target_id, target_name, params, outcome, detail
            FROM input ORDER BY ord
            RETURNING *
          )
          SELECT ${AUDIT_ROW_JSON} AS row FROM written a ORDER BY a.id`);
        return rowsOf<{ row: AuditJson }>(result).map((row) => toAuditRecord(row.row));
      } catch (error) {
        throw toDatabaseError(error, `appending ${list.length} audit row(s)`);
      }
    },

    async query(query = {}) {
      const limit = query.limit ?? DEFAULT_AUDIT_LIMIT;
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_AUDIT_LIMIT) throw new DatabaseError("invalid_argument", `audit limit ${limit} is not 1..${MAX_AUDIT_LIMIT}`);
      const conditions: SQL[] = [];
      if (query.since !== undefined) {
        if (Number.isNaN(query.since.getTime())) throw new DatabaseError("invalid_argument", "audit since is not a valid date");
        conditions.push(sql`a.at >= ${query.since.toISOString()}::timestamptz`);
      }
      if (query.withinMs !== undefined) {
        if (!Number.isSafeInteger(query.withinMs) || query.withinMs < 0) throw new DatabaseError("invalid_argument", `audit window ${query.withinMs} ms is not a whole number of milliseconds`);
        conditions.push(sql`a.at >= now() - ${query.withinMs}::bigint * interval '1 millisecond'`);
      }
      if (query.actor !== undefined) conditions.push(sql`lower(a.actor_name) = lower(${storable(query.actor, MAX_ACTOR_NAME_LENGTH)})`);
      if (query.action !== undefined) conditions.push(sql`lower(a.action) = lower(${storable(query.action, MAX_AUDIT_ACTION_LENGTH)})`);
      if (query.outcome !== undefined) {
        if (!(AUDIT_OUTCOMES as readonly string[]).includes(query.outcome)) throw new DatabaseError("invalid_argument", `unknown audit outcome ${JSON.stringify(query.outcome)}`);
        conditions.push(sql`a.outcome = ${query.outcome}`);
      }
      if (query.beforeId !== undefined) {
        if (!Number.isSafeInteger(query.beforeId)) throw new DatabaseError("invalid_argument", `audit beforeId ${query.beforeId} is not a whole number`);
        conditions.push(sql`a.id < ${query.beforeId}::bigint`);
      }
      const where = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
      try {
        const result = await db.execute(sql`SELECT ${AUDIT_ROW_JSON} AS row FROM ${auditLog} a ${where} ORDER BY a.at DESC, a.id DESC LIMIT ${limit}`);
        return rowsOf<{ row: AuditJson }>(result).map((row) => toAuditRecord(row.row));
      } catch (error) {
        throw toDatabaseError(error, "reading the audit log");
      }
    },
  };
}
