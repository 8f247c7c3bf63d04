/**
 * Staff ranks (gm-and-moderation §1): a rank and the rolemaster flag bound to a character id,
 * never to a name (G1: VB6 gives a listed name's rank to whoever logs in under it; G2: ranks
 * follow a rename). A name is resolved to its id once, by the statement that grants; from then
 * on the rank follows the character whatever it is called.
 *
 * A login reads the role (`roleOf`), so a change applies at the character's next login; a server
 * that holds the character online applies it at once only if it is told through its own path.
 *
 * Every grant and revoke writes its audit row in the same statement, refusals included (no such
 * character, nothing to revoke), so exactly one row records each call.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { actEntry, actorLabel, auditInsertSql, prepareAudit, rowsOf, type StaffAct } from "./audit-repository.ts";
import { DatabaseError, findPostgresError, SQLSTATE, toDatabaseError } from "./database-error.ts";
import { characters, staffRoles } from "./schema.ts";
import { checkText, MAX_ACTOR_NAME_LENGTH, type InvalidInput } from "./staff-input.ts";

import { STAFF_RANKS, type StaffRank } from "../game/staff/index.ts";

/** The staff ranks, lowest first: game/staff's (VB6 `e_PlayerType` Consejero 4, SemiDios 8, Dios 16, Admin 32). */
export { STAFF_RANKS, type StaffRank };

/** What a grant gives: a rank, the rolemaster flag (VB6's RM bit, 2), or both. */
export interface StaffGrant {
  /** Null: a rolemaster who is no GM (VB6 `RM<i>` alone: privileges 3). */
  rank: StaffRank | null;
  rolemaster: boolean;
}

/** A character's live role. */
export interface StaffRole extends StaffGrant {
  characterId: number;
  /** The character's name now (a rename does not move the role). */
  characterName: string;
  /** `actorLabel` of who granted it: a character's name, `cli:<user>`, `console:<operator>`. */
  grantedBy: string;
  grantedAt: Date;
}

/** A role row with its end, for the history. */
export interface StaffRoleEntry extends StaffRole {
  id: number;
  revokedBy: string | null;
  revokedAt: Date | null;
}

export type GrantOutcome =
  /** The role is live now; `previous` is the one it replaced (revoked by the same statement). */
  | { kind: "ok"; role: StaffRole; previous: StaffRole | null }
  /** The character already had exactly this role; nothing changed. */
  | { kind: "unchanged"; role: StaffRole }
  | { kind: "no_such_character" }
  | InvalidInput;

export type RevokeOutcome = { kind: "ok"; previous: StaffRole } | { kind: "not_staff"; characterId: number; characterName: string } | { kind: "no_such_character" } | InvalidInput;

/** Whose role: the character of that name (any case), resolved by the statement itself, or of that id. */
export type StaffSubject = string | { characterId: number };

export interface StaffRepository {
  /**
   * Gives the character the role, replacing a different live one (the old row is revoked, the
   * history stays). Audited as `act.action`.
   */
  grant(who: StaffSubject, grant: StaffGrant, act: StaffAct): Promise<GrantOutcome>;
  /** Ends the character's live role. Audited as `act.action`. */
  revoke(who: StaffSubject, act: StaffAct): Promise<RevokeOutcome>;
  /** Live roles by rank (highest first), then name; with `includeRevoked`, every row, newest first. */
  list(options?: { includeRevoked?: boolean }): Promise<StaffRoleEntry[]>;
  /** The character's live role, or null for a player. */
  roleOf(characterId: number): Promise<StaffRole | null>;
  /** Live roles of those characters, by id (players are absent). */
  rolesOf(characterIds: readonly number[]): Promise<Map<number, StaffRole>>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

/** A grant racing another grant of the same character hits the live-role index: run it again. */
const LIVE_ROLE_INDEX = "staff_roles_live_character_key";
const MAX_ATTEMPTS = 3;
/** Most ids one `rolesOf` call takes. */
export const MAX_ROLES_BATCH = 10_000;

interface RoleJson {
  id: number;
  characterId: number;
  characterName: string;
  rank: StaffRank | null;
  rolemaster: boolean;
  grantedBy: string;
  grantedAt: string;
  revokedBy: string | null;
  revokedAt: string | null;
}

/** One role row (alias `r`) joined to its character (alias `c`) as JSON. */
const ROLE_JSON = sql`jsonb_build_object('id', r.id, 'characterId', r.character_id, 'characterName', c.name, 'rank', r.rank, 'rolemaster', r.rolemaster,
  'grantedBy', r.granted_by, 'grantedAt', r.granted_at, 'revokedBy', r.revoked_by, 'revokedAt', r.revoked_at)`;

function toRole(row: RoleJson): StaffRole {
  return { characterId: row.characterId, characterName: row.characterName, rank: row.rank, rolemaster: row.rolemaster, grantedBy: row.grantedBy, grantedAt: new Date(row.grantedAt) };
}

function toEntry(row: RoleJson): StaffRoleEntry {
  return { ...toRole(row), id: row.id, revokedBy: row.revokedBy, revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt) };
}

function checkSubject(who: StaffSubject): InvalidInput | null {
  if (typeof who === "string") return checkText(who, "name", MAX_ACTOR_NAME_LENGTH);
  return Number.isSafeInteger(who.characterId) && who.characterId >= 1 ? null : { kind: "invalid", field: "characterId", problem: "out_of_range" };
}

/** The `target(id, name)` CTE's query for a subject. */
function targetQuery(who: StaffSubject): SQL {
  return typeof who === "string"
    ? sql`SELECT ${characters.id} AS id, ${characters.name} AS name FROM ${characters} WHERE lower(${characters.name}) = lower(${who}) LIMIT 1`
    : sql`SELECT ${characters.id} AS id, ${characters.name} AS name FROM ${characters} WHERE ${characters.id} = ${who.characterId}::integer`;
}

/** How the audit row and its params name the subject before the database resolves it. */
function subjectNaming(who: StaffSubject): { name: string | null; params: Record<string, unknown> } {
  return typeof who === "string" ? { name: who, params: { name: who } } : { name: null, params: { characterId: who.characterId } };
}

function checkGrant(grant: StaffGrant): InvalidInput | null {
  if (grant.rank !== null && !(STAFF_RANKS as readonly string[]).includes(grant.rank)) return { kind: "invalid", field: "rank", problem: "out_of_range" };
  if (typeof grant.rolemaster !== "boolean") return { kind: "invalid", field: "rolemaster", problem: "out_of_range" };
  if (grant.rank === null && !grant.rolemaster) return { kind: "invalid", field: "rank", problem: "empty" };
  return null;
}

async function retryingLiveRoleRace<T>(work: () => Promise<T>, what: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const server = findPostgresError(error);
      if (server?.code === SQLSTATE.uniqueViolation && server.constraint === LIVE_ROLE_INDEX && attempt < MAX_ATTEMPTS) continue;
      throw toDatabaseError(error, what);
    }
  }
}

export function createStaffRepository(db: Drizzle): StaffRepository {
  /** The refusal's audit row, for input refused before the database. */
  async function auditRefusal(act: StaffAct, name: string | null, params: Record<string, unknown>, refusal: InvalidInput): Promise<void> {
    const entry = prepareAudit(actEntry(act, { kind: "character", name }, params, "refused_rule", `invalid ${refusal.field}: ${refusal.problem}`));
    try {
      await db.execute(auditInsertSql(entry));
    } catch (error) {
      throw toDatabaseError(error, "auditing a refused staff change");
    }
  }

  return {
    async grant(who, grant, act) {
      const { name, params: subjectParams } = subjectNaming(who);
      const params = { ...subjectParams, rank: grant.rank, rolemaster: grant.rolemaster };
      const refusal = checkSubject(who) ?? checkGrant(grant);
      if (refusal) {
        await auditRefusal(act, name, params, refusal);
        return refusal;
      }
      const by = actorLabel(act.by);
      const entry = prepareAudit(actEntry(act, { kind: "character", name }, params, "ok"));
      const result = await retryingLiveRoleRace(
        () =>
          db.execute(sql`WITH target AS (${targetQuery(who)}
            ), live AS (
              SELECT r.* FROM ${staffRoles} r JOIN target ON r.character_id = target.id WHERE r.revoked_at IS NULL
            ), same AS (
              SELECT 1 FROM live WHERE live.rank IS NOT DISTINCT FROM ${grant.rank}::text AND live.rolemaster = ${grant.rolemaster}::boolean
            ), revoked AS (
              UPDATE ${staffRoles} SET revoked_at = now(), revoked_by = ${by}::text FROM live
              WHERE ${staffRoles.id} = live.id AND NOT EXISTS (SELECT 1 FROM same)
              RETURNING ${staffRoles.id}
            ), granted AS (
              INSERT INTO ${staffRoles} (character_id, rank, rolemaster, granted_by)
              SELECT target.id, ${grant.rank}::text, ${grant.rolemaster}::boolean, ${by}::text FROM target
              -- Reading "revoked" makes the old row's revocation run first, so the new live row
              -- never meets it in the live-role index.
              WHERE NOT EXISTS (SELECT 1 FROM same) AND (SELECT count(*) FROM revoked) >= 0
              RETURNING *
            ), logged AS (
              ${auditInsertSql(entry, {
                targetId: sql`(SELECT id FROM target)`,
                targetName: sql`coalesce((SELECT name FROM target), ${name}::text)`,
                outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM target) THEN 'ok' ELSE 'refused_rule' END`,
                detail: sql`CASE WHEN NOT EXISTS (SELECT 1 FROM target) THEN 'no_such_character' WHEN EXISTS (SELECT 1 FROM same) THEN 'unchanged' END`,
                moreParams: sql`jsonb_build_object('previous', (SELECT jsonb_build_object('rank', live.rank, 'rolemaster', live.rolemaster) FROM live))`,
              })}
            )
            SELECT (SELECT count(*) FROM logged)::integer AS logged,
              (SELECT ${ROLE_JSON} FROM live r JOIN ${characters} c ON c.id = r.character_id) AS previous,
              (SELECT ${ROLE_JSON} FROM granted r JOIN target c ON c.id = r.character_id) AS granted`),
        `granting a staff role to ${name === null ? `character ${JSON.stringify(who)}` : JSON.stringify(name)}`,
      );
      const row = rowsOf<{ previous: RoleJson | null; granted: RoleJson | null }>(result)[0];
      if (!row) throw new DatabaseError("query_failed", "granting a staff role returned no row");
      if (row.granted) return { kind: "ok", role: toRole(row.granted), previous: row.previous ? toRole(row.previous) : null };
      if (row.previous) return { kind: "unchanged", role: toRole(row.previous) };
      return { kind: "no_such_character" };
    },

    async revoke(who, act) {
      const { name, params } = subjectNaming(who);
      const refusal = checkSubject(who);
      if (refusal) {
        await auditRefusal(act, name, params, refusal);
        return refusal;
      }
      const by = actorLabel(act.by);
      const entry = prepareAudit(actEntry(act, { kind: "character", name }, params, "ok"));
      let result: unknown;
      try {
        result = await db.execute(sql`WITH target AS (${targetQuery(who)}
          ), revoked AS (
            UPDATE ${staffRoles} SET revoked_at = now(), revoked_by = ${by}::text FROM target
            WHERE ${staffRoles.characterId} = target.id AND ${staffRoles.revokedAt} IS NULL
            RETURNING ${staffRoles}.*
          ), logged AS (
            ${auditInsertSql(entry, {
              targetId: sql`(SELECT id FROM target)`,
              targetName: sql`coalesce((SELECT name FROM target), ${name}::text)`,
              outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM revoked) THEN 'ok' ELSE 'refused_rule' END`,
              detail: sql`CASE WHEN NOT EXISTS (SELECT 1 FROM target) THEN 'no_such_character' WHEN NOT EXISTS (SELECT 1 FROM revoked) THEN 'not_staff' END`,
              moreParams: sql`jsonb_build_object('previous', (SELECT jsonb_build_object('rank', revoked.rank, 'rolemaster', revoked.rolemaster) FROM revoked))`,
            })}
          )
          SELECT (SELECT count(*) FROM logged)::integer AS logged, (SELECT to_jsonb(target) FROM target) AS target,
            (SELECT ${ROLE_JSON} FROM revoked r JOIN target c ON c.id = r.character_id) AS revoked`);
      } catch (error) {
        throw toDatabaseError(error, `revoking a staff role`);
      }
      const row = rowsOf<{ target: { id: number; name: string } | null; revoked: RoleJson | null }>(result)[0];
      if (!row) throw new DatabaseError("query_failed", "revoking a staff role returned no row");
      if (row.revoked) return { kind: "ok", previous: toRole(row.revoked) };
      if (row.target) return { kind: "not_staff", characterId: row.target.id, characterName: row.target.name };
      return { kind: "no_such_character" };
    },

    async list(options = {}) {
      const rankOrder = sql`array_position(ARRAY['admin', 'dios', 'semidios', 'consejero']::text[], r.rank)`;
      const query: SQL = options.includeRevoked
        ? sql`SELECT ${ROLE_JSON} AS row FROM ${staffRoles} r JOIN ${characters} c ON c.id = r.character_id ORDER BY r.granted_at DESC, r.id DESC`
        : sql`SELECT ${ROLE_JSON} AS row FROM ${staffRoles} r JOIN ${characters} c ON c.id = r.character_id WHERE r.revoked_at IS NULL
            ORDER BY ${rankOrder} NULLS LAST, lower(c.name)`;
      try {
        return rowsOf<{ row: RoleJson }>(await db.execute(query)).map((row) => toEntry(row.row));
      } catch (error) {
        throw toDatabaseError(error, "listing staff roles");
      }
    },

    async roleOf(characterId) {
      if (!Number.isSafeInteger(characterId)) throw new DatabaseError("invalid_argument", `character id ${characterId} is not a whole number`);
      try {
        const rows = rowsOf<{ row: RoleJson }>(
          await db.execute(sql`SELECT ${ROLE_JSON} AS row FROM ${staffRoles} r JOIN ${characters} c ON c.id = r.character_id
            WHERE r.character_id = ${characterId}::integer AND r.revoked_at IS NULL`),
        );
        return rows[0] ? toRole(rows[0].row) : null;
      } catch (error) {
        throw toDatabaseError(error, `reading the staff role of character ${characterId}`);
      }
    },

    async rolesOf(characterIds) {
      const roles = new Map<number, StaffRole>();
      if (characterIds.length === 0) return roles;
      if (characterIds.length > MAX_ROLES_BATCH) throw new DatabaseError("invalid_argument", `at most ${MAX_ROLES_BATCH} ids per rolesOf, got ${characterIds.length}`);
      for (const id of characterIds) if (!Number.isSafeInteger(id)) throw new DatabaseError("invalid_argument", `character id ${id} is not a whole number`);
      try {
        const rows = rowsOf<{ row: RoleJson }>(
          await db.execute(sql`SELECT ${ROLE_JSON} AS row FROM ${staffRoles} r JOIN ${characters} c ON c.id = r.character_id
            WHERE r.revoked_at IS NULL AND r.character_id IN (SELECT value::integer FROM jsonb_array_elements_text(${JSON.stringify(characterIds)}::jsonb))`),
        );
        for (const row of rows) roles.set(row.row.characterId, toRole(row.row));
        return roles;
      } catch (error) {
        throw toDatabaseError(error, `reading the staff roles of ${characterIds.length} character(s)`);
      }
    },
  };
}
