/**
 * Map ownership leases for the multi-node server (issue #18, docs/multi-node.md §5 and §7.5): a
 * node may simulate and write a map only while it holds that map's lease. Every operation is one
 * SQL statement judged by the database's clock (`now()`), so nodes never compare their own clocks.
 *
 * The epoch is the fencing token. It rises on every new grant; a write that must not land after
 * the map changed hands names the epoch it was granted and is guarded by `fencedBy`, so a node
 * that paused past its lease writes nothing once another node holds a higher epoch.
 *
 * Rows are locked in map order in every statement, so two nodes claiming, renewing or releasing
 * overlapping batches wait for each other instead of deadlocking.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { DatabaseError, toDatabaseError } from "./database-error.ts";
import { mapLeases } from "./schema.ts";

/** How long a grant or a renewal holds a map, by the database's clock. */
export const MAP_LEASE_MS = 4_000;
/** How often a node renews all its maps: three renewals may fail before a lease runs out. */
export const MAP_LEASE_RENEW_INTERVAL_MS = 1_000;
/** Longer leases are refused: a node that died would block its maps for that long. */
export const MAX_MAP_LEASE_MS = 3_600_000;
/** Node ids are `name:bootId`; anything longer is a caller's bug. */
export const MAX_NODE_ID_LENGTH = 200;
/** The map_id column is an int4. */
const MAX_MAP_ID = 2_147_483_647;

/** A lease as its holder knows it: the map and the epoch it was granted. */
export interface MapLease {
  mapId: number;
  epoch: number;
}

/** A lease held after a claim or a renewal. */
export interface HeldLease extends MapLease {
  /** The database's clock; the holder times its own stop from when it sent the request. */
  expiresAt: Date;
}

/** A map another node holds. */
export interface RefusedClaim {
  mapId: number;
  /** The node holding it when the claim locked its row. */
  owner: string;
  expiresAt: Date;
}

export interface ClaimOutcome {
  /** Maps now held by the claimant, each with its epoch (raised when this is a new grant). */
  granted: HeldLease[];
  refused: RefusedClaim[];
}

export interface RenewOutcome {
  renewed: HeldLease[];
  /**
   * Maps no longer held with that epoch (expired, claimed by another node, released): the caller
   * stops simulating, saving and sending them at once.
   */
  lost: MapLease[];
}

export interface ReleaseOutcome {
  released: MapLease[];
  /** Not released because the caller no longer held them with that epoch; nothing was written. */
  notHeld: MapLease[];
}

/** One row of `map_leases`, as `list` reports it. */
export interface MapLeaseState {
  mapId: number;
  /** Null when free (released, or never held). */
  owner: string | null;
  epoch: number;
  expiresAt: Date | null;
  claimedAt: Date | null;
  renewedAt: Date | null;
  /** Held by an owner whose expiry has passed, by the database's clock: anyone may claim it. */
  expired: boolean;
}

export interface MapLeaseRepository {
  /**
   * Takes every listed map that is free, expired or already the node's. A new grant (another
   * owner before, free, or expired) raises the epoch; a lease the node still holds keeps its
   * epoch and is extended. Rows missing are created. An empty list writes nothing.
   */
  claim(nodeId: string, mapIds: readonly number[], leaseMs: number): Promise<ClaimOutcome>;
  /** Extends the leases the node still holds with the same epoch and that have not expired yet. */
  renew(nodeId: string, leases: readonly MapLease[], leaseMs: number): Promise<RenewOutcome>;
  /** Frees the leases the node still holds with that epoch (expired or not); others are untouched. */
  release(nodeId: string, leases: readonly MapLease[]): Promise<ReleaseOutcome>;
  /** Every row, by map id. */
  list(): Promise<MapLeaseState[]>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

/**
 * A condition for another statement's WHERE: true only while `epoch` is the map's current,
 * unexpired grant. `FOR SHARE` holds the lease row until the guarded write's transaction ends, so
 * a claim that would raise the epoch waits for that write, and a write that starts after the
 * claim sees the new epoch and changes nothing (READ COMMITTED re-reads a locked row's newest
 * version). For src/db statements only; the rest of the server never sees SQL.
 *
 * @example
 *   sql`UPDATE ${characters} SET ... WHERE ${characters.id} = ${id} AND ${fencedBy(map, epoch)}`
 */
export function fencedBy(mapId: number, epoch: number): SQL {
  checkMapId(mapId);
  checkEpoch(mapId, epoch);
  return sql`EXISTS (SELECT 1 FROM ${mapLeases} WHERE ${mapLeases.mapId} = ${mapId}::integer AND ${mapLeases.epoch} = ${epoch}::bigint AND ${mapLeases.expiresAt} > now() FOR SHARE)`;
}

export function createMapLeaseRepository(db: Drizzle): MapLeaseRepository {
  return {
    async claim(nodeId, mapIds, leaseMs) {
      checkNodeId(nodeId);
      checkLeaseMs(leaseMs);
      const ids = sortedUniqueMapIds(mapIds);
      if (ids.length === 0) return { granted: [], refused: [] };
      // SET reads the row as it was before this statement, whatever order the assignments are
      // in. A refused row is rewritten unchanged rather than skipped with ON CONFLICT ... WHERE
      // (which locks it all the same): RETURNING then names its holder as of the lock, not as of
      // this statement's snapshot, which a concurrent claim may have overtaken.
      const newGrant = sql`(lease.owner IS NULL OR lease.expires_at <= now())`;
      const claimable = sql`(${newGrant} OR lease.owner = excluded.owner)`;
      const statement = sql`WITH wanted AS (
          SELECT value::integer AS map_id FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)
        ), claimed AS (
          INSERT INTO ${mapLeases} AS lease (map_id, owner, epoch, expires_at, claimed_at, renewed_at)
          SELECT map_id, ${nodeId}::text, 1, now() + ${leaseMs}::integer * interval '1 millisecond', now(), now()
          FROM wanted ORDER BY map_id
          ON CONFLICT (map_id) DO UPDATE SET
            epoch = CASE WHEN ${newGrant} THEN lease.epoch + 1 ELSE lease.epoch END,
            claimed_at = CASE WHEN ${newGrant} THEN now() ELSE lease.claimed_at END,
            owner = CASE WHEN ${claimable} THEN excluded.owner ELSE lease.owner END,
            expires_at = CASE WHEN ${claimable} THEN excluded.expires_at ELSE lease.expires_at END,
            renewed_at = CASE WHEN ${claimable} THEN now() ELSE lease.renewed_at END
          RETURNING lease.map_id, lease.owner, lease.epoch, lease.expires_at
        )
        SELECT map_id, owner, epoch::text AS epoch, ${epochMs(sql`expires_at`)} AS expires_ms
        FROM claimed ORDER BY map_id`;
      const rows = await run<{ map_id: unknown; owner: unknown; epoch: unknown; expires_ms: unknown }>(db, statement, `claiming ${ids.length} map(s) for node ${nodeId}`);
      const outcome: ClaimOutcome = { granted: [], refused: [] };
      for (const row of rows) {
        const mapId = toInteger(row.map_id);
        const expiresAt = toDate(row.expires_ms)!;
        if (row.owner === nodeId) outcome.granted.push({ mapId, epoch: toInteger(row.epoch), expiresAt });
        else outcome.refused.push({ mapId, owner: String(row.owner), expiresAt });
      }
      return outcome;
    },

    async renew(nodeId, leases, leaseMs) {
      checkNodeId(nodeId);
      checkLeaseMs(leaseMs);
      const held = sortedUniqueLeases(leases);
      if (held.length === 0) return { renewed: [], lost: [] };
      const statement = sql`WITH held AS (
          SELECT map_id, epoch FROM jsonb_to_recordset(${JSON.stringify(held.map(toJsonLease))}::jsonb) AS held(map_id integer, epoch bigint)
        ), locked AS (
          SELECT lease.map_id FROM ${mapLeases} AS lease
          JOIN held ON held.map_id = lease.map_id AND held.epoch = lease.epoch
          WHERE lease.owner = ${nodeId}::text AND lease.expires_at > now()
          ORDER BY lease.map_id
          FOR UPDATE OF lease
        ), renewed AS (
          UPDATE ${mapLeases} AS lease
          SET expires_at = now() + ${leaseMs}::integer * interval '1 millisecond', renewed_at = now()
          FROM locked
          WHERE lease.map_id = locked.map_id AND lease.owner = ${nodeId}::text AND lease.expires_at > now()
          RETURNING lease.map_id, lease.expires_at
        )
        SELECT held.map_id, held.epoch::text AS epoch, renewed.map_id IS NOT NULL AS renewed, ${epochMs(sql`renewed.expires_at`)} AS expires_ms
        FROM held LEFT JOIN renewed ON renewed.map_id = held.map_id
        ORDER BY held.map_id`;
      const rows = await run<{ map_id: unknown; epoch: unknown; renewed: unknown; expires_ms: unknown }>(
        db,
        statement,
        `renewing ${held.length} map lease(s) of node ${nodeId}`,
      );
      const outcome: RenewOutcome = { renewed: [], lost: [] };
      for (const row of rows) {
        const lease = { mapId: toInteger(row.map_id), epoch: toInteger(row.epoch) };
        if (toBoolean(row.renewed)) outcome.renewed.push({ ...lease, expiresAt: toDate(row.expires_ms)! });
        else outcome.lost.push(lease);
      }
      return outcome;
    },

    async release(nodeId, leases) {
      checkNodeId(nodeId);
      const held = sortedUniqueLeases(leases);
      if (held.length === 0) return { released: [], notHeld: [] };
      // The epoch stays: the next grant of the map raises it past every token handed out so far.
      const statement = sql`WITH held AS (
          SELECT map_id, epoch FROM jsonb_to_recordset(${JSON.stringify(held.map(toJsonLease))}::jsonb) AS held(map_id integer, epoch bigint)
        ), locked AS (
          SELECT lease.map_id FROM ${mapLeases} AS lease
          JOIN held ON held.map_id = lease.map_id AND held.epoch = lease.epoch
          WHERE lease.owner = ${nodeId}::text
          ORDER BY lease.map_id
          FOR UPDATE OF lease
        ), released AS (
          UPDATE ${mapLeases} AS lease
          SET owner = NULL, expires_at = NULL
          FROM locked
          WHERE lease.map_id = locked.map_id AND lease.owner = ${nodeId}::text
          RETURNING lease.map_id
        )
        SELECT held.map_id, held.epoch::text AS epoch, released.map_id IS NOT NULL AS released
        FROM held LEFT JOIN released ON released.map_id = held.map_id
        ORDER BY held.map_id`;
      const rows = await run<{ map_id: unknown; epoch: unknown; released: unknown }>(db, statement, `releasing ${held.length} map lease(s) of node ${nodeId}`);
      const outcome: ReleaseOutcome = { released: [], notHeld: [] };
      for (const row of rows) {
        const lease = { mapId: toInteger(row.map_id), epoch: toInteger(row.epoch) };
        (toBoolean(row.released) ? outcome.released : outcome.notHeld).push(lease);
      }
      return outcome;
    },

    async list() {
      const statement = sql`SELECT map_id, owner, epoch::text AS epoch,
               ${epochMs(sql`expires_at`)} AS expires_ms,
               ${epochMs(sql`claimed_at`)} AS claimed_ms,
               ${epochMs(sql`renewed_at`)} AS renewed_ms,
               (owner IS NOT NULL AND expires_at <= now()) AS expired
        FROM ${mapLeases} ORDER BY map_id`;
      const rows = await run<{ map_id: unknown; owner: unknown; epoch: unknown; expires_ms: unknown; claimed_ms: unknown; renewed_ms: unknown; expired: unknown }>(
        db,
        statement,
        "listing map leases",
      );
      return rows.map((row) => ({
        mapId: toInteger(row.map_id),
        owner: row.owner === null ? null : String(row.owner),
        epoch: toInteger(row.epoch),
        expiresAt: toDate(row.expires_ms),
        claimedAt: toDate(row.claimed_ms),
        renewedAt: toDate(row.renewed_ms),
        expired: toBoolean(row.expired),
      }));
    },
  };
}

async function run<Row>(db: Drizzle, statement: SQL, what: string): Promise<Row[]> {
  try {
    // postgres.js returns a row list, the PGlite proxy a plain array: both are arrays of objects.
    return (await db.execute(statement)) as unknown as Row[];
  } catch (error) {
    throw toDatabaseError(error, what);
  }
}

/**
 * A timestamp as whole milliseconds since 1970, in text: the backends parse timestamps and int8
 * differently (text, Date, bigint), and text parses the same everywhere.
 */
function epochMs(column: SQL): SQL {
  return sql`round(extract(epoch FROM ${column}) * 1000)::bigint::text`;
}

function toInteger(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new DatabaseError("query_failed", `map leases: expected an integer from the database, got ${String(value)}`);
  return number;
}

function toDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(toInteger(value));
}

function toBoolean(value: unknown): boolean {
  return value === true || value === "t" || value === "true";
}

function toJsonLease(lease: MapLease): { map_id: number; epoch: number } {
  return { map_id: lease.mapId, epoch: lease.epoch };
}

function checkNodeId(nodeId: string): void {
  if (typeof nodeId !== "string" || nodeId.trim() === "" || nodeId.length > MAX_NODE_ID_LENGTH) {
    throw new DatabaseError("invalid_argument", `map leases: node id must be 1-${MAX_NODE_ID_LENGTH} characters, got ${JSON.stringify(nodeId)}`);
  }
}

function checkLeaseMs(leaseMs: number): void {
  if (!Number.isSafeInteger(leaseMs) || leaseMs <= 0 || leaseMs > MAX_MAP_LEASE_MS) {
    throw new DatabaseError("invalid_argument", `map leases: lease must be a whole number of ms in 1-${MAX_MAP_LEASE_MS}, got ${leaseMs}`);
  }
}

function checkMapId(mapId: number): void {
  if (!Number.isSafeInteger(mapId) || mapId < 1 || mapId > MAX_MAP_ID) {
    throw new DatabaseError("invalid_argument", `map leases: map id must be an integer in 1-${MAX_MAP_ID}, got ${mapId}`);
  }
}

function checkEpoch(mapId: number, epoch: number): void {
  if (!Number.isSafeInteger(epoch) || epoch < 1) {
    throw new DatabaseError("invalid_argument", `map leases: map ${mapId} has epoch ${epoch}; granted epochs are integers from 1`);
  }
}

/** Sorted, so every statement locks rows in the same order; a map twice is a caller's bug. */
function sortedUniqueMapIds(mapIds: readonly number[]): number[] {
  const seen = new Set<number>();
  for (const mapId of mapIds) {
    checkMapId(mapId);
    if (seen.has(mapId)) throw new DatabaseError("invalid_argument", `map leases: map ${mapId} appears twice in one call`);
    seen.add(mapId);
  }
  return [...seen].sort((a, b) => a - b);
}

function sortedUniqueLeases(leases: readonly MapLease[]): MapLease[] {
  const byMap = new Map<number, MapLease>();
  for (const lease of leases) {
    checkMapId(lease.mapId);
    checkEpoch(lease.mapId, lease.epoch);
    if (byMap.has(lease.mapId)) throw new DatabaseError("invalid_argument", `map leases: map ${lease.mapId} appears twice in one call`);
    byMap.set(lease.mapId, { mapId: lease.mapId, epoch: lease.epoch });
  }
  return [...byMap.values()].sort((a, b) => a.mapId - b.mapId);
}
