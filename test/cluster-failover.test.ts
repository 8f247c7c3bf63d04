/**
 * Failover of a cluster of real processes: a map node killed (kill -9) or frozen past its lease
 * (SIGSTOP) has its maps claimed by the other node, and the gateway places those maps' players
 * again there without closing their sockets. A frozen node that wakes up drops the maps it lost
 * and writes nothing any more; a write fenced by its old epoch is refused. Needs TEST_DATABASE_URL
 * and NATS: a failure in CI, skipped with the reason elsewhere.
 */
import { describe, expect, test } from "bun:test";
import { sql as sqlFragment } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { openDatabase } from "../src/db/index.ts";
import { fencedBy } from "../src/db/map-lease-repository.ts";
import { fetchMap } from "./support/map-paths.ts";
import { eventually, missingClusterServices, TestCluster, withCluster, type ClusterProcess, type ClusterView } from "./support/cluster-processes.ts";
import { countOf, enterAt, enterNew, Walker, type WalkOutcome } from "./support/cluster-players.ts";

const TOWN = 1;
/**
 * Short enough to keep the file quick, long enough that a node on a loaded 2-core CI machine
 * (the whole suite in parallel) still renews in time: at 2 s the surviving node once missed its
 * renewal under that load and fenced itself, failing the run for a reason the test is not about.
 */
const LEASE_SECONDS = 3;
const MS_PER_SECOND = 1000;
/** The issue's bound on a failover hitch: the lease, plus time to notice and place again. */
const HITCH_BOUND_MS = (LEASE_SECONDS + 3) * MS_PER_SECOND;
/** A player on the surviving node is never held up this long by the other node's failover. */
const SURVIVOR_WORST_ROUND_TRIP_MS = 1_000;
const missing = await missingClusterServices();

/** Both nodes own maps; the town's owner is the victim, a map of the other node next to the town is the survivor's. */
async function sides(cluster: TestCluster): Promise<{ view: ClusterView; victim: ClusterProcess; survivor: ClusterProcess; survivorMap: number; arrival: { x: number; y: number } }> {
  const view = await cluster.waitForView((v) => cluster.mapNodes.every((node) => node.nodeId !== undefined && TestCluster.mapsOf(v, node.nodeId).length > 0), "both map nodes owning maps");
  const victim = cluster.nodeById(view.maps[TOWN]!);
  const survivor = cluster.mapNodes.find((node) => node !== victim)!;
  const town = await fetchMap(cluster.requireGateway().httpPort, TOWN);
  const exit = town.exits.find((candidate) => view.maps[candidate[2]] === survivor.nodeId);
  if (!exit) throw new Error(`no exit from the town into a map of ${survivor.nodeId}: ${JSON.stringify(view.maps)}`);
  return { view, victim, survivor, survivorMap: exit[2], arrival: { x: exit[3], y: exit[4] } };
}

/** Walks `walker` until `stop()` says so; every outcome kept. */
function keepWalking(walker: Walker, stop: () => boolean): Promise<WalkOutcome[]> {
  return (async () => {
    const outcomes: WalkOutcome[] = [];
    while (!stop()) outcomes.push(await walker.walk());
    return outcomes;
  })();
}

async function metric(node: ClusterProcess, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${node.httpPort}/metrics`)).text();
  let total = 0;
  for (const line of text.split("\n")) if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) total += Number(line.slice(line.lastIndexOf(" ") + 1));
  return total;
}

async function healthMaps(node: ClusterProcess): Promise<number[]> {
  const health = (await (await fetch(`http://127.0.0.1:${node.httpPort}/health`)).json()) as { maps: number[] };
  return health.maps;
}

describe.skipIf(missing !== undefined)("map node failover across processes", () => {
  test("kill -9 of a map node mid-walk: its player keeps its socket, is placed again on the other node and walks on; the other node's player never stops", () =>
    withCluster({ mapNodes: 2, leaseSeconds: LEASE_SECONDS }, async (cluster) => {
      const gateway = { host: "127.0.0.1", tcpPort: cluster.requireGateway().tcpPort };
      const httpPort = cluster.requireGateway().httpPort;
      const { victim, survivor, survivorMap, arrival } = await sides(cluster);
      const stranded = await enterNew(gateway, "Varado");
      expect(stranded.map).toBe(TOWN);
      const steady = await enterAt(gateway, cluster.sql, "Firme", survivorMap, arrival.x, arrival.y);
      const strandedWalker = await Walker.on(httpPort, stranded);
      const steadyWalker = await Walker.on(httpPort, steady);
      try {
        // Both walk before the kill.
        await strandedWalker.walkUntilAccepted(3_000);
        await steadyWalker.walkUntilAccepted(3_000);

        let failoverOver = false;
        const steadyFrom = steady.client.received.length;
        const steadyWalks = keepWalking(steadyWalker, () => failoverOver);

        // Mid-walk: a step is on its way when the node dies.
        const from = stranded.client.received.length;
        stranded.client.send("Walk", { heading: 1 });
        victim.signal("SIGKILL");
        const killedAt = performance.now();
        await victim.exited;

        await stranded.client.waitFor("UserCharIndexInServer", () => true, from, HITCH_BOUND_MS + 2_000);
        await strandedWalker.replaced(httpPort, from);
        await strandedWalker.walkUntilAccepted(HITCH_BOUND_MS + 2_000, 300);
        const hitchMs = performance.now() - killedAt;
        failoverOver = true;
        const outcomes = await steadyWalks;

        const answered = outcomes.filter((outcome) => !Number.isNaN(outcome.roundTripMs));
        const worstMs = Math.max(...answered.map((outcome) => outcome.roundTripMs));
        console.log(
          `[cluster-failover] kill -9 → first accepted walk: ${Math.round(hitchMs)} ms (bound ${HITCH_BOUND_MS} ms); ` +
            `other node's player: ${outcomes.filter((o) => o.accepted).length}/${outcomes.length} walks taken, worst round trip ${Math.round(worstMs)} ms`,
        );

        expect(hitchMs).toBeLessThanOrEqual(HITCH_BOUND_MS);
        expect(stranded.client.closed).toBe(false);
        expect(countOf(stranded, "Logged", from)).toBe(0);
        expect(countOf(stranded, "ChangeMap", from)).toBeGreaterThanOrEqual(1);
        expect(stranded.client.received.slice(from).find((p) => p.name === "ChangeMap")!.fields.map).toBe(TOWN);

        expect(steady.client.closed).toBe(false);
        expect(outcomes.length).toBeGreaterThanOrEqual(3);
        expect(answered).toHaveLength(outcomes.length);
        expect(outcomes.every((outcome) => outcome.accepted)).toBe(true);
        expect(worstMs).toBeLessThanOrEqual(SURVIVOR_WORST_ROUND_TRIP_MS);
        // The survivor's map never changed hands: its player was not placed again.
        expect(countOf(steady, "ChangeMap", steadyFrom)).toBe(0);

        const view = await cluster.waitForView((v) => !v.nodes.some((node) => node.id === victim.nodeId), "the dead node gone from /api/cluster");
        expect(view.nodes.map((node) => node.id)).toEqual([survivor.nodeId!]);
        expect(new Set(Object.values(view.maps))).toEqual(new Set([survivor.nodeId!]));
        expect(await healthMaps(survivor)).toContain(TOWN);
      } finally {
        stranded.client.close();
        steady.client.close();
      }
    }),
  );

  test("SIGSTOP past the lease: the other node claims its maps and its player is placed there; after SIGCONT the stale node drops them, writes nothing, and its old epoch fences nothing in", () =>
    withCluster({ mapNodes: 2, leaseSeconds: LEASE_SECONDS }, async (cluster) => {
      const gateway = { host: "127.0.0.1", tcpPort: cluster.requireGateway().tcpPort };
      const httpPort = cluster.requireGateway().httpPort;
      const { victim: stale, survivor } = await sides(cluster);
      const staleId = stale.nodeId!;
      const player = await enterNew(gateway, "Congelado");
      expect(player.map).toBe(TOWN);
      const walker = await Walker.on(httpPort, player);
      try {
        await walker.walkUntilAccepted(3_000);
        const staleLeases = await cluster.sql<{ map_id: number; epoch: string }[]>`SELECT map_id, epoch FROM map_leases WHERE owner = ${staleId} ORDER BY map_id`;
        const staleMaps = staleLeases.map((row) => row.map_id);
        expect(staleMaps).toContain(TOWN);
        const staleTownEpoch = Number(staleLeases.find((row) => row.map_id === TOWN)!.epoch);
        const lostBefore = await metric(stale, "argentum_cluster_leases_lost_total");

        const from = player.client.received.length;
        stale.signal("SIGSTOP");
        const stoppedAt = performance.now();
        // Frozen for twice its lease: the other node claims the town meanwhile.
        const claimed = await cluster.waitForView((v) => staleMaps.every((map) => v.maps[map] === survivor.nodeId), "the survivor owning the frozen node's maps", 2 * LEASE_SECONDS * MS_PER_SECOND + 3_000);
        expect(Object.values(claimed.maps).every((owner) => owner === survivor.nodeId)).toBe(true);
        await player.client.waitFor("UserCharIndexInServer", () => true, from, HITCH_BOUND_MS);
        await walker.replaced(httpPort, from);
        await walker.walkUntilAccepted(HITCH_BOUND_MS, 300);
        const reattachedMs = performance.now() - stoppedAt;
        const frozenFor = 2 * LEASE_SECONDS * MS_PER_SECOND - (performance.now() - stoppedAt);
        if (frozenFor > 0) await Bun.sleep(frozenFor);
        const takeoverAt = new Date();
        stale.signal("SIGCONT");
        const continuedAt = performance.now();

        // The stale node learns it lost them, and drops them.
        await eventually(() => healthMaps(stale), (maps) => staleMaps.every((map) => !maps.includes(map)), "the stale node's /health no longer listing its old maps", 5_000);
        const droppedMs = performance.now() - continuedAt;
        expect(await metric(stale, "argentum_cluster_leases_lost_total")).toBeGreaterThan(lostBefore);
        console.log(`[cluster-failover] SIGSTOP → player placed again and walking: ${Math.round(reattachedMs)} ms; SIGCONT → stale node dropped its maps: ${Math.round(droppedMs)} ms`);

        // The player stays with the new owner, on its socket, never logged in again.
        await walker.walkUntilAccepted(3_000, 300);
        expect(player.client.closed).toBe(false);
        expect(countOf(player, "Logged", from)).toBe(0);
        const view = await cluster.view();
        expect(staleMaps.every((map) => view.maps[map] === survivor.nodeId)).toBe(true);

        // Nothing written by the stale node after the takeover: no row names it.
        await Bun.sleep(1_000);
        const written = await cluster.sql`SELECT id, name, owner_node, updated_at FROM characters WHERE owner_node = ${staleId} OR (owner_node LIKE ${`${stale.name}:%`} AND updated_at >= ${takeoverAt})`;
        expect([...written]).toEqual([]);

        // The lease row moved on; a write guarded by the stale epoch changes nothing, the current one passes.
        const [town] = await cluster.sql<{ owner: string; epoch: string }[]>`SELECT owner, epoch FROM map_leases WHERE map_id = ${TOWN}`;
        expect(town!.owner).toBe(survivor.nodeId!);
        expect(Number(town!.epoch)).toBeGreaterThan(staleTownEpoch);
        const db = drizzle(cluster.sql);
        const [character] = await cluster.sql<{ id: number }[]>`SELECT id FROM characters WHERE name = ${player.name}`;
        const touch = (epoch: number) => db.execute(sqlFragment`UPDATE characters SET heading = heading WHERE id = ${character!.id} AND ${fencedBy(TOWN, epoch)}`);
        expect((await touch(staleTownEpoch)).count).toBe(0);
        expect((await touch(Number(town!.epoch))).count).toBe(1);
        // And the repository refuses the stale node's renewal of that epoch.
        const database = await openDatabase({ url: cluster.database.url, dataDir: "/nonexistent" });
        try {
          const renewal = await database.mapLeases.renew(staleId, [{ mapId: TOWN, epoch: staleTownEpoch }], LEASE_SECONDS * MS_PER_SECOND);
          expect(renewal.renewed).toEqual([]);
          expect(renewal.lost).toEqual([{ mapId: TOWN, epoch: staleTownEpoch }]);
          const release = await database.mapLeases.release(staleId, [{ mapId: TOWN, epoch: staleTownEpoch }]);
          expect(release.released).toEqual([]);
        } finally {
          await database.close();
        }
        const [after] = await cluster.sql<{ owner: string }[]>`SELECT owner FROM map_leases WHERE map_id = ${TOWN}`;
        expect(after!.owner).toBe(survivor.nodeId!);
      } finally {
        player.client.close();
      }
    }),
  );
});
