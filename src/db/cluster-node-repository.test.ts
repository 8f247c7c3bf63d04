/**
 * Cluster nodes on every backend: PGlite always, Postgres when TEST_DATABASE_URL names a server (a
 * missing server fails under CI=true, as in map-lease-repository.test.ts). Each test starts from
 * an empty `cluster_nodes`. Age is moved by writing `seen_at` relative to the database's own
 * `now()`, never by sleeping.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { describeOnBothBackends, type BackendHarness } from "../../test/fixtures/db-harness.ts";
import { MAX_GATEWAY_INDEX, NODE_LIVENESS_MS, type NodeRegistration } from "./cluster-node-repository.ts";
import type { InternalDatabase } from "./database.ts";
import { DatabaseError } from "./database-error.ts";

/** Milliseconds when idle; the slack is for a loaded 2-core CI machine. */
const TEST_TIMEOUT_MS = 30_000;
/** First PGlite start runs initdb: seconds, not milliseconds. */
const OPEN_TIMEOUT_MS = 120_000;
/** Gateways registering at once in the race test (more than the Postgres pool's 10 connections). */
const RACING_GATEWAYS = 40;

setDefaultTimeout(TEST_TIMEOUT_MS);

const gateway = (n: number): NodeRegistration => ({ id: `gw-${n}:boot${n}`, role: "gateway", name: `gw-${n}`, pid: 1000 + n });
const mapNode = (n: number): NodeRegistration => ({ id: `map-${n}:boot${n}`, role: "mapnode", name: `map-${n}`, pid: 2000 + n });

function expectInvalid(action: () => Promise<unknown>): Promise<void> {
  return Promise.resolve()
    .then(action)
    .then(
      () => {
        throw new Error("expected an invalid_argument DatabaseError");
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(DatabaseError);
        expect((error as DatabaseError).code).toBe("invalid_argument");
      },
    );
}

function describeClusterNodes(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`cluster nodes (${label})`, () => {
    const postgresOnly = (name: string, body: () => Promise<void>): void => {
      if (label === "postgres") test(name, body);
    };
    let harness: BackendHarness;
    let db: InternalDatabase;

    const raw = (text: string, params: unknown[] = []) => db.sql.query(text, params, "object") as Promise<Record<string, unknown>[]>;
    /** Makes a node last seen `ageMs` ago by the database's clock. */
    const ageNode = (id: string, ageMs: number) => raw("UPDATE cluster_nodes SET seen_at = now() - $2::integer * interval '1 millisecond' WHERE id = $1", [id, ageMs]);
    const indexOf = async (node: NodeRegistration) => {
      const outcome = await db.clusterNodes.register(node);
      if (outcome.kind !== "registered") throw new Error(`${node.id}: ${outcome.kind}`);
      return outcome.gatewayIndex;
    };

    beforeAll(async () => {
      harness = await makeHarness();
      db = await harness.open();
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await db?.close();
      await harness?.dispose();
    });

    beforeEach(async () => {
      await db.sql.query("TRUNCATE cluster_nodes", [], "array");
    });

    test("a map node registers without an index; gateways get the lowest free indexes in turn", async () => {
      expect(await db.clusterNodes.register(mapNode(1))).toEqual({ kind: "registered", gatewayIndex: null });
      expect(await indexOf(gateway(1))).toBe(1);
      expect(await indexOf(gateway(2))).toBe(2);
      expect(await indexOf(gateway(3))).toBe(3);
      const all = await db.clusterNodes.listAll();
      expect(all.map(({ id, role, name, pid, gatewayIndex, live }) => ({ id, role, name, pid, gatewayIndex, live }))).toEqual([
        { ...gateway(1), gatewayIndex: 1, live: true },
        { ...gateway(2), gatewayIndex: 2, live: true },
        { ...gateway(3), gatewayIndex: 3, live: true },
        { ...mapNode(1), gatewayIndex: null, live: true },
      ]);
      for (const node of all) expect(node.lastSeenMs).toBeLessThan(NODE_LIVENESS_MS);
    });

    test("registering again refreshes the row, keeps started_at and keeps the gateway's index", async () => {
      expect(await indexOf(gateway(1))).toBe(1);
      expect(await indexOf(gateway(2))).toBe(2);
      await ageNode(gateway(2).id, 2_000);
      const [before] = await raw("SELECT started_at FROM cluster_nodes WHERE id = $1", [gateway(2).id]);
      expect(await indexOf({ ...gateway(2), pid: 4242 })).toBe(2);
      const [after] = await raw("SELECT started_at, pid, seen_at > now() - interval '1 second' AS fresh FROM cluster_nodes WHERE id = $1", [gateway(2).id]);
      expect(String(after!.started_at)).toBe(String(before!.started_at));
      expect(after!.pid).toBe(4242);
      expect(after!.fresh).toBe(true);
    });

    test("the index of a gateway not seen for NODE_LIVENESS_MS is free again; its own later return takes the lowest free", async () => {
      await indexOf(gateway(1));
      await indexOf(gateway(2));
      await indexOf(gateway(3));
      await ageNode(gateway(2).id, NODE_LIVENESS_MS + 1);
      expect(await indexOf(gateway(4))).toBe(2);
      // gateway 2 comes back: index 2 is held by a live gateway now, so it gets the lowest free.
      expect(await indexOf(gateway(2))).toBe(4);
      // A stale gateway that still holds its index keeps it when nobody took it.
      await ageNode(gateway(3).id, NODE_LIVENESS_MS + 1);
      expect(await indexOf(gateway(3))).toBe(3);
      // A live map node never blocks an index.
      await db.clusterNodes.register(mapNode(1));
      expect(await indexOf(gateway(5))).toBe(5);
    });

    test(`all ${MAX_GATEWAY_INDEX} indexes held by live gateways: the next gateway is told so and not written`, async () => {
      await raw(
        `INSERT INTO cluster_nodes (id, role, name, pid, gateway_index, started_at, seen_at)
         SELECT 'held-' || n || ':b', 'gateway', 'held-' || n, n, n, now(), now() FROM generate_series(1, ${MAX_GATEWAY_INDEX}) AS n`,
      );
      expect(await db.clusterNodes.register(gateway(900))).toEqual({ kind: "gatewayIndexesExhausted", liveGateways: MAX_GATEWAY_INDEX });
      expect((await db.clusterNodes.listAll()).some((node) => node.id === gateway(900).id)).toBe(false);
      // A map node still registers.
      expect(await db.clusterNodes.register(mapNode(1))).toEqual({ kind: "registered", gatewayIndex: null });
      // One goes stale: its index is the only one free.
      await ageNode("held-77:b", NODE_LIVENESS_MS + 1);
      expect(await indexOf(gateway(900))).toBe(77);
      // A registered gateway whose index was taken while it was stale, with none free: its row goes.
      await ageNode("held-5:b", NODE_LIVENESS_MS + 1);
      expect(await indexOf(gateway(901))).toBe(5);
      expect(await db.clusterNodes.register({ id: "held-5:b", role: "gateway", name: "held-5", pid: 5 })).toEqual({
        kind: "gatewayIndexesExhausted",
        liveGateways: MAX_GATEWAY_INDEX,
      });
      expect(await db.clusterNodes.heartbeat("held-5:b")).toBe(false);
    });

    test("gateways registering at once get distinct indexes 1..n", async () => {
      const nodes = Array.from({ length: RACING_GATEWAYS }, (_, index) => gateway(index + 1));
      const indexes = await Promise.all(nodes.map(indexOf));
      expect([...indexes].sort((a, b) => a! - b!)).toEqual(nodes.map((_, index) => index + 1));
      const stored = await raw("SELECT gateway_index FROM cluster_nodes ORDER BY gateway_index");
      expect(stored.map((row) => row.gateway_index)).toEqual(nodes.map((_, index) => index + 1));
    });

    // PGlite has one connection, so the race above cannot interleave there; on Postgres it does.
    postgresOnly("registrations racing on separate connections, with stale holders being replaced, never share an index", async () => {
      for (let round = 0; round < 5; round++) {
        await db.sql.query("TRUNCATE cluster_nodes", [], "array");
        const first = Array.from({ length: 20 }, (_, index) => gateway(index + 1));
        await Promise.all(first.map(indexOf));
        for (const node of first.filter((_, index) => index % 3 === 0)) await ageNode(node.id, NODE_LIVENESS_MS + 1);
        const second = Array.from({ length: RACING_GATEWAYS }, (_, index) => gateway(100 + index));
        await Promise.all(second.map(indexOf));
        const live = (await db.clusterNodes.listLive(NODE_LIVENESS_MS)).map((node) => node.gatewayIndex!);
        expect(live).toHaveLength(first.length - Math.ceil(first.length / 3) + second.length);
        expect(new Set(live).size).toBe(live.length);
        // Lowest free first: the live indexes are exactly 1..n.
        expect([...live].sort((a, b) => a - b)).toEqual(live.map((_, index) => index + 1));
      }
    });

    test("heartbeat refreshes seen_at and answers false once the row is gone", async () => {
      await db.clusterNodes.register(mapNode(1));
      await ageNode(mapNode(1).id, NODE_LIVENESS_MS + 500);
      expect((await db.clusterNodes.listLive(NODE_LIVENESS_MS)).map((node) => node.id)).toEqual([]);
      expect(await db.clusterNodes.heartbeat(mapNode(1).id)).toBe(true);
      expect((await db.clusterNodes.listLive(NODE_LIVENESS_MS)).map((node) => node.id)).toEqual([mapNode(1).id]);
      expect(await db.clusterNodes.remove(mapNode(1).id)).toBe(true);
      expect(await db.clusterNodes.remove(mapNode(1).id)).toBe(false);
      expect(await db.clusterNodes.heartbeat(mapNode(1).id)).toBe(false);
      expect(await db.clusterNodes.heartbeat("never-registered:x")).toBe(false);
    });

    test("listLive filters by the given span and reports how long ago each node was seen; listAll reports live", async () => {
      await db.clusterNodes.register(mapNode(1));
      await db.clusterNodes.register(mapNode(2));
      await indexOf(gateway(1));
      await ageNode(mapNode(1).id, 1_500);
      await ageNode(gateway(1).id, NODE_LIVENESS_MS + 10);
      const within2s = await db.clusterNodes.listLive(2_000);
      expect(within2s.map((node) => node.id)).toEqual([mapNode(1).id, mapNode(2).id]);
      expect(within2s[0]!.lastSeenMs).toBeGreaterThanOrEqual(1_500);
      expect(within2s[0]!.lastSeenMs).toBeLessThan(2_000);
      expect(within2s[1]!.lastSeenMs).toBeLessThan(1_000);
      expect((await db.clusterNodes.listLive(1_000)).map((node) => node.id)).toEqual([mapNode(2).id]);
      const all = await db.clusterNodes.listAll();
      expect(all.map((node) => [node.id, node.live])).toEqual([
        [gateway(1).id, false],
        [mapNode(1).id, true],
        [mapNode(2).id, true],
      ]);
      expect(all[0]!.lastSeenMs).toBeGreaterThanOrEqual(NODE_LIVENESS_MS + 10);
    });

    test("pruneOlderThan deletes rows not seen for that long and counts them", async () => {
      for (const n of [1, 2, 3]) await db.clusterNodes.register(mapNode(n));
      await ageNode(mapNode(1).id, 60_000);
      await ageNode(mapNode(2).id, 10_000);
      expect(await db.clusterNodes.pruneOlderThan(30_000)).toBe(1);
      expect(await db.clusterNodes.pruneOlderThan(30_000)).toBe(0);
      expect(await db.clusterNodes.pruneOlderThan(5_000)).toBe(1);
      expect((await db.clusterNodes.listAll()).map((node) => node.id)).toEqual([mapNode(3).id]);
    });

    test("ids are stored and matched exactly, quotes included", async () => {
      const odd = { id: "o'brien; DROP TABLE cluster_nodes;--:b1", role: "mapnode" as const, name: "o'brien", pid: 7 };
      await db.clusterNodes.register(odd);
      expect((await db.clusterNodes.listAll()).map((node) => [node.id, node.name])).toEqual([[odd.id, odd.name]]);
      expect(await db.clusterNodes.heartbeat(odd.id.toUpperCase())).toBe(false);
      expect(await db.clusterNodes.heartbeat(odd.id)).toBe(true);
    });

    test("hostile input is refused before the database is touched", async () => {
      const good = mapNode(1);
      for (const id of ["", "   ", "n".repeat(201), "bad\nid", 42 as unknown as string]) {
        await expectInvalid(() => db.clusterNodes.register({ ...good, id }));
        await expectInvalid(() => db.clusterNodes.heartbeat(id));
        await expectInvalid(() => db.clusterNodes.remove(id));
      }
      for (const role of ["", "Gateway", "worker", undefined]) await expectInvalid(() => db.clusterNodes.register({ ...good, role: role as never }));
      for (const name of ["", " ", "x".repeat(201)]) await expectInvalid(() => db.clusterNodes.register({ ...good, name }));
      for (const pid of [0, -1, 1.5, Number.NaN, 2_147_483_648, "12" as unknown as number]) await expectInvalid(() => db.clusterNodes.register({ ...good, pid }));
      await expectInvalid(() => db.clusterNodes.register(null as never));
      for (const ms of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 86_400_001]) {
        await expectInvalid(() => db.clusterNodes.listLive(ms));
        await expectInvalid(() => db.clusterNodes.pruneOlderThan(ms));
      }
      expect(await db.clusterNodes.listAll()).toEqual([]);
    });
  });
}

describeOnBothBackends("cluster nodes", describeClusterNodes);
