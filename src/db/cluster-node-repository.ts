/**
 * The processes of a multi-node world (issue #18, docs/multi-node.md §7.2 and §7.5): every
 * gateway and map node keeps one `cluster_nodes` row fresh, and the others read liveness from it.
 * Liveness is judged by the database's clock (`seen_at` against `now()`), as leases are, so nodes
 * never compare their own clocks.
 *
 * A gateway also gets a small number, its gateway index (1-255), unique among live gateways: the
 * lowest one no other live gateway holds. Choosing it is read-then-write, so registration runs in
 * one transaction that first locks the table against other writers; everything else is one
 * statement. drizzle's proxy driver (the PGlite backend) has no transactions, so this repository
 * speaks the backends' own `SqlClient` (which both implement with a real transaction).
 */
import { DatabaseError } from "./database-error.ts";
import { MAX_NODE_ID_LENGTH } from "./map-lease-repository.ts";
import type { SqlClient } from "./sql-client.ts";

/** A node not seen for this long is gone, by the database's clock; the same span as a map lease. */
export const NODE_LIVENESS_MS = 4_000;
/** Gateway indexes are 1..255: one byte wherever a gateway has to be named compactly. */
export const MAX_GATEWAY_INDEX = 255;
/** A node's name (host or configured name); longer is a caller's bug. */
export const MAX_NODE_NAME_LENGTH = 200;
/** Longest span `listLive` and `pruneOlderThan` accept: a day. */
export const MAX_NODE_AGE_MS = 86_400_000;
/** The pid column is an int4. */
const MAX_PID = 2_147_483_647;

export type ClusterNodeRole = "gateway" | "mapnode";
const ROLES: readonly ClusterNodeRole[] = ["gateway", "mapnode"];

export interface NodeRegistration {
  /** `name:bootId`: a restarted process registers as a new node. */
  id: string;
  role: ClusterNodeRole;
  name: string;
  pid: number;
}

export type RegisterOutcome =
  /** The row is written and fresh; `gatewayIndex` is null for a map node. */
  | { kind: "registered"; gatewayIndex: number | null }
  /** A gateway found every index held by a live gateway; nothing of it was written. */
  | { kind: "gatewayIndexesExhausted"; liveGateways: number };

/** A node as the others see it. */
export interface ClusterNode {
  id: string;
  role: ClusterNodeRole;
  name: string;
  pid: number;
  gatewayIndex: number | null;
  /** The database's now minus the row's `seen_at`, in whole ms. */
  lastSeenMs: number;
}

export interface ClusterNodeState extends ClusterNode {
  /** Seen within NODE_LIVENESS_MS. */
  live: boolean;
}

export interface ClusterNodeRepository {
  /**
   * Writes the node's row (created, or refreshed with `seen_at = now()`; `started_at` keeps the
   * first registration). A gateway keeps the index it had unless another live gateway holds it,
   * else gets the lowest one free; concurrent registrations never share an index.
   */
  register(node: NodeRegistration): Promise<RegisterOutcome>;
  /** Marks the node seen now. False when its row is gone (pruned or removed): register again. */
  heartbeat(id: string): Promise<boolean>;
  /** Nodes seen within `livenessMs`, by id. */
  listLive(livenessMs: number): Promise<ClusterNode[]>;
  /** Every row, by id, live or not (by NODE_LIVENESS_MS). */
  listAll(): Promise<ClusterNodeState[]>;
  /** Deletes the node's row (a clean shutdown). False when there was none. */
  remove(id: string): Promise<boolean>;
  /** Deletes rows not seen for `ms` or longer; returns how many. */
  pruneOlderThan(ms: number): Promise<number>;
}

/** `seen_at` within `$n` ms of the database's now. */
const seenWithin = (param: string) => `seen_at > now() - ${param}::integer * interval '1 millisecond'`;
const NODE_COLUMNS = `id, role, name, pid, gateway_index,
  floor(extract(epoch FROM (now() - seen_at)) * 1000)::bigint::text AS last_seen_ms`;

interface NodeRow {
  id: unknown;
  role: unknown;
  name: unknown;
  pid: unknown;
  gateway_index: unknown;
  last_seen_ms: unknown;
}

export function createClusterNodeRepository(client: SqlClient): ClusterNodeRepository {
  const query = async <Row>(text: string, params: unknown[], what: string): Promise<Row[]> => {
    try {
      return (await client.query(text, params, "object")) as Row[];
    } catch (error) {
      throw withContext(error, what);
    }
  };

  return {
    async register(node) {
      checkRegistration(node);
      const params = [node.id, node.role, node.name, node.pid, NODE_LIVENESS_MS];
      // SHARE ROW EXCLUSIVE conflicts with itself and with every write, not with reads: two
      // registrations run one after the other, and the second statement's snapshot (READ
      // COMMITTED takes one per statement) sees the first one's index.
      const upsert = `WITH taken AS (
          SELECT gateway_index FROM cluster_nodes
          WHERE role = 'gateway' AND id <> $1::text AND gateway_index IS NOT NULL AND ${seenWithin("$5")}
        ), previous AS (
          SELECT gateway_index FROM cluster_nodes WHERE id = $1::text AND role = 'gateway' AND gateway_index IS NOT NULL
        ), chosen AS (
          SELECT candidate FROM (
            SELECT gateway_index AS candidate, 0 AS preference FROM previous
            UNION ALL
            SELECT candidate, 1 FROM generate_series(1, ${MAX_GATEWAY_INDEX}) AS candidate
          ) AS candidates
          WHERE candidate NOT IN (SELECT gateway_index FROM taken)
          ORDER BY preference, candidate LIMIT 1
        )
        INSERT INTO cluster_nodes AS node (id, role, name, pid, gateway_index, started_at, seen_at)
        VALUES ($1::text, $2::text, $3::text, $4::integer,
                CASE WHEN $2::text = 'gateway' THEN (SELECT candidate FROM chosen) END, now(), now())
        ON CONFLICT (id) DO UPDATE SET
          role = excluded.role, name = excluded.name, pid = excluded.pid,
          gateway_index = excluded.gateway_index, seen_at = excluded.seen_at`;
      // A gateway left without an index is not registered at all.
      const dropIndexless = `DELETE FROM cluster_nodes WHERE id = $1::text AND role = 'gateway' AND gateway_index IS NULL`;
      try {
        await client.transaction([
          { sql: "LOCK TABLE cluster_nodes IN SHARE ROW EXCLUSIVE MODE" },
          { sql: upsert, params },
          { sql: dropIndexless, params: [node.id] },
        ]);
      } catch (error) {
        throw withContext(error, `registering ${node.role} ${node.id}`);
      }
      const [row] = await query<{ gateway_index: unknown }>(`SELECT gateway_index FROM cluster_nodes WHERE id = $1::text`, [node.id], `reading back node ${node.id}`);
      if (row === undefined) {
        if (node.role !== "gateway") throw new DatabaseError("query_failed", `cluster nodes: node ${node.id} vanished right after registering (removed concurrently)`);
        const [count] = await query<{ live: unknown }>(
          `SELECT count(*)::integer AS live FROM cluster_nodes WHERE role = 'gateway' AND ${seenWithin("$1")}`,
          [NODE_LIVENESS_MS],
          "counting live gateways",
        );
        return { kind: "gatewayIndexesExhausted", liveGateways: toInteger(count?.live) };
      }
      return { kind: "registered", gatewayIndex: row.gateway_index === null ? null : toInteger(row.gateway_index) };
    },

    async heartbeat(id) {
      checkNodeId(id);
      const rows = await query(`UPDATE cluster_nodes SET seen_at = now() WHERE id = $1::text RETURNING id`, [id], `heartbeat of node ${id}`);
      return rows.length > 0;
    },

    async listLive(livenessMs) {
      checkSpanMs("liveness", livenessMs);
      const rows = await query<NodeRow>(`SELECT ${NODE_COLUMNS} FROM cluster_nodes WHERE ${seenWithin("$1")} ORDER BY id`, [livenessMs], "listing live nodes");
      return rows.map(toClusterNode);
    },

    async listAll() {
      const rows = await query<NodeRow & { live: unknown }>(
        `SELECT ${NODE_COLUMNS}, ${seenWithin("$1")} AS live FROM cluster_nodes ORDER BY id`,
        [NODE_LIVENESS_MS],
        "listing nodes",
      );
      return rows.map((row) => ({ ...toClusterNode(row), live: toBoolean(row.live) }));
    },

    async remove(id) {
      checkNodeId(id);
      const rows = await query(`DELETE FROM cluster_nodes WHERE id = $1::text RETURNING id`, [id], `removing node ${id}`);
      return rows.length > 0;
    },

    async pruneOlderThan(ms) {
      checkSpanMs("prune age", ms);
      const rows = await query(`DELETE FROM cluster_nodes WHERE NOT (${seenWithin("$1")}) RETURNING id`, [ms], `pruning nodes not seen for ${ms} ms`);
      return rows.length;
    },
  };
}

function toClusterNode(row: NodeRow): ClusterNode {
  const role = String(row.role);
  if (!isRole(role)) throw new DatabaseError("query_failed", `cluster nodes: unknown role ${JSON.stringify(role)} in the database`);
  return {
    id: String(row.id),
    role,
    name: String(row.name),
    pid: toInteger(row.pid),
    gatewayIndex: row.gateway_index === null || row.gateway_index === undefined ? null : toInteger(row.gateway_index),
    // A row written after this statement's now() (another transaction) reads as just seen.
    lastSeenMs: Math.max(0, toInteger(row.last_seen_ms)),
  };
}

function withContext(error: unknown, what: string): DatabaseError {
  if (error instanceof DatabaseError) return new DatabaseError(error.code, `cluster nodes: ${what}: ${error.message}`, { cause: error });
  return new DatabaseError("query_failed", `cluster nodes: ${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

function toInteger(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new DatabaseError("query_failed", `cluster nodes: expected an integer from the database, got ${String(value)}`);
  return number;
}

function toBoolean(value: unknown): boolean {
  return value === true || value === "t" || value === "true";
}

function isRole(role: unknown): role is ClusterNodeRole {
  return typeof role === "string" && (ROLES as readonly string[]).includes(role);
}

function invalid(message: string): DatabaseError {
  return new DatabaseError("invalid_argument", `cluster nodes: ${message}`);
}

/** Printable text only: ids and names end up in logs and subjects. */
function checkText(what: string, value: unknown, maxLength: number): void {
  if (typeof value !== "string" || value.trim() === "" || value.length > maxLength || /[\u0000-\u001f\u007f]/.test(value)) {
    throw invalid(`${what} must be 1-${maxLength} printable characters, got ${JSON.stringify(value)}`);
  }
}

function checkNodeId(id: unknown): void {
  checkText("node id", id, MAX_NODE_ID_LENGTH);
}

function checkRegistration(node: NodeRegistration): void {
  if (typeof node !== "object" || node === null) throw invalid(`a registration must be an object, got ${String(node)}`);
  checkNodeId(node.id);
  if (!isRole(node.role)) throw invalid(`role must be one of ${ROLES.join(", ")}, got ${JSON.stringify(node.role)}`);
  checkText("node name", node.name, MAX_NODE_NAME_LENGTH);
  if (!Number.isSafeInteger(node.pid) || node.pid < 1 || node.pid > MAX_PID) throw invalid(`pid must be an integer in 1-${MAX_PID}, got ${node.pid}`);
}

function checkSpanMs(what: string, ms: unknown): void {
  if (typeof ms !== "number" || !Number.isSafeInteger(ms) || ms < 1 || ms > MAX_NODE_AGE_MS) {
    throw invalid(`${what} must be a whole number of ms in 1-${MAX_NODE_AGE_MS}, got ${String(ms)}`);
  }
}
