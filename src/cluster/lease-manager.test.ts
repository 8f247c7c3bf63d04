/**
 * Lease managers against a real database: PGlite always, Postgres when TEST_DATABASE_URL names a
 * server (a missing server fails under CI=true). Each node has its own manual clock; a test moves
 * the clocks in scan steps and awaits the database round trips, never sleeps. Expiry by the
 * database's clock is forced by writing `expires_at`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { describeOnBothBackends, type BackendHarness } from "../../test/fixtures/db-harness.ts";
import type { ClusterNodeRepository, MapLease, MapLeaseRepository } from "../db/index.ts";
import { ManualClock } from "../time/index.ts";
import { LEASE_SCAN_INTERVAL_MS, LeaseManager, PLACEMENT_STABLE_MS, SELF_FENCE_MARGIN_MS, type LeaseLossReason } from "./lease-manager.ts";
import { mapRegions, placeMaps } from "./placement.ts";

const TEST_TIMEOUT_MS = 60_000;
const OPEN_TIMEOUT_MS = 120_000;
const MAPS = Array.from({ length: 24 }, (_, index) => index + 1);
/** Maps 1..24 in a line, regions of two: twelve regions to spread. */
const REGIONS = mapRegions(
  MAPS.map((id) => ({ id, neighbours: [id + 1] })),
  2,
);

setDefaultTimeout(TEST_TIMEOUT_MS);

type Database = Awaited<ReturnType<BackendHarness["open"]>>;

const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

/** Stands between a node and the database: `pause()` makes every call wait, as a frozen link would. */
class Link {
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;
  failNext = 0;

  pause(): void {
    this.gate ??= new Promise((resolve) => (this.open = resolve));
  }

  resume(): void {
    this.open?.();
    this.gate = undefined;
  }

  async pass<T>(call: () => Promise<T>): Promise<T> {
    if (this.gate) await this.gate;
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error("connection reset (test)");
    }
    return call();
  }

  leases(inner: MapLeaseRepository): MapLeaseRepository {
    return {
      claim: (...args) => this.pass(() => inner.claim(...args)),
      renew: (...args) => this.pass(() => inner.renew(...args)),
      release: (...args) => this.pass(() => inner.release(...args)),
      list: () => this.pass(() => inner.list()),
    };
  }

  nodes(inner: ClusterNodeRepository): ClusterNodeRepository {
    return {
      register: (...args) => this.pass(() => inner.register(...args)),
      heartbeat: (...args) => this.pass(() => inner.heartbeat(...args)),
      listLive: (...args) => this.pass(() => inner.listLive(...args)),
      listAll: () => this.pass(() => inner.listAll()),
      remove: (...args) => this.pass(() => inner.remove(...args)),
      pruneOlderThan: (...args) => this.pass(() => inner.pruneOlderThan(...args)),
    };
  }
}

interface TestNode {
  id: string;
  manager: LeaseManager;
  clock: ManualClock;
  link: Link;
  busy: Set<number>;
  gained: MapLease[][];
  lost: { leases: MapLease[]; reason: LeaseLossReason; atMs: number }[];
  drained: number[][];
  /** What the node simulates: gained minus lost and drained. */
  running: Set<number>;
}

function describeLeaseManager(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`lease manager (${label})`, () => {
    let harness: BackendHarness;
    let db: Database;
    let nodes: TestNode[] = [];

    const raw = (text: string, params: unknown[] = []) => db.sql.query(text, params, "object") as Promise<Record<string, unknown>[]>;
    const expireLeasesOf = (owner: string) => raw("UPDATE map_leases SET expires_at = now() - interval '1 millisecond' WHERE owner = $1", [owner]);
    const owners = async () => new Map((await db.mapLeases.list()).filter((row) => !row.expired && row.owner !== null).map((row) => [row.mapId, row.owner!]));

    function makeNode(id: string, busy: Iterable<number> = []): TestNode {
      const clock = new ManualClock();
      const link = new Link();
      const node: TestNode = { id, clock, link, busy: new Set(busy), gained: [], lost: [], drained: [], running: new Set(), manager: undefined as never };
      node.manager = new LeaseManager({
        nodeId: id,
        pid: 4321,
        leases: link.leases(db.mapLeases),
        nodes: link.nodes(db.clusterNodes),
        mapIds: MAPS,
        regions: REGIONS,
        isMapBusy: (mapId) => node.busy.has(mapId),
        logger: SILENT,
        timers: clock.timers,
        events: {
          onGained(leases) {
            node.gained.push(leases);
            for (const lease of leases) {
              expect(node.running.has(lease.mapId)).toBe(false);
              node.running.add(lease.mapId);
            }
          },
          onLost(leases, reason) {
            node.lost.push({ leases, reason, atMs: clock.now() });
            for (const lease of leases) node.running.delete(lease.mapId);
          },
          async drain(mapIds) {
            // The lease is still this node's while it drains: nobody else runs the map yet.
            const current = await owners();
            for (const mapId of mapIds) {
              expect(current.get(mapId)).toBe(id);
              expect(node.busy.has(mapId)).toBe(false);
              node.running.delete(mapId);
            }
            node.drained.push(mapIds);
          },
        },
      });
      nodes.push(node);
      return node;
    }

    /** Moves the clocks of `group` forward in scan steps, awaiting each step's database work. */
    async function run(group: TestNode[], ms: number): Promise<void> {
      for (let elapsed = 0; elapsed < ms; elapsed += LEASE_SCAN_INTERVAL_MS) {
        for (const node of group) node.clock.advance(LEASE_SCAN_INTERVAL_MS);
        await Promise.all(group.map((node) => node.manager.settled()));
      }
    }

    const heldIds = (node: TestNode) => node.manager.held().map((lease) => lease.mapId);

    /** The database, the managers and the callers agree, and no map runs twice. */
    async function expectConsistent(group: TestNode[]): Promise<void> {
      const current = await owners();
      const seen = new Set<number>();
      for (const node of group) {
        for (const mapId of heldIds(node)) {
          expect(current.get(mapId)).toBe(node.id);
          expect(seen.has(mapId)).toBe(false);
          seen.add(mapId);
        }
        expect([...node.running].sort((a, b) => a - b)).toEqual(heldIds(node));
      }
    }

    function expectPlacement(group: TestNode[], except: ReadonlySet<number> = new Set()): void {
      const placement = placeMaps(REGIONS, group.map((node) => node.id));
      for (const node of group) {
        const wins = MAPS.filter((mapId) => placement.get(mapId) === node.id && !except.has(mapId));
        expect(wins.length).toBeGreaterThan(0);
        for (const mapId of wins) expect(heldIds(node)).toContain(mapId);
      }
    }

    beforeAll(async () => {
      harness = await makeHarness();
      db = await harness.open();
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await db?.close();
      await harness?.dispose();
    });

    beforeEach(async () => {
      for (const node of nodes) node.link.resume();
      nodes = [];
      await db.sql.query("TRUNCATE map_leases, cluster_nodes", [], "array");
    });

    test("a node alone claims every map at its first scan and registers as a map node", async () => {
      const a = makeNode("alpha:boot1");
      await a.manager.start();
      expect(heldIds(a)).toEqual(MAPS);
      expect(a.gained).toHaveLength(1);
      expect(a.manager.counters.claims).toBe(MAPS.length);
      const [row] = await db.clusterNodes.listAll();
      expect(row).toMatchObject({ id: "alpha:boot1", role: "mapnode", name: "alpha", pid: 4321, gatewayIndex: null, live: true });
      await run([a], 2_000);
      expect(a.manager.counters.renewals).toBe(2);
      expect(a.lost).toEqual([]);
      await expectConsistent([a]);
    });

    test("two nodes started together split the maps by placement, each owning some", async () => {
      const a = makeNode("alpha:boot1");
      const b = makeNode("bravo:boot1");
      await Promise.all([a.manager.start(), b.manager.start()]);
      await run([a, b], PLACEMENT_STABLE_MS + 4 * LEASE_SCAN_INTERVAL_MS);
      expectPlacement([a, b]);
      expect(heldIds(a).length + heldIds(b).length).toBe(MAPS.length);
      await expectConsistent([a, b]);
      expect([...a.lost, ...b.lost]).toEqual([]);
    });

    test("three nodes split the maps by placement, each owning some", async () => {
      const group = ["alpha:boot1", "bravo:boot1", "charlie:boot1"].map((id) => makeNode(id));
      for (const node of group) await node.manager.start();
      await run(group, PLACEMENT_STABLE_MS + 4 * LEASE_SCAN_INTERVAL_MS);
      expectPlacement(group);
      expect(group.reduce((sum, node) => sum + heldIds(node).length, 0)).toBe(MAPS.length);
      await expectConsistent(group);
    });

    test("a node started later gets its share of idle maps once it is stable, not of busy ones", async () => {
      const a = makeNode("alpha:boot1");
      await a.manager.start();
      await run([a], 1_000);
      const b = makeNode("bravo:boot1");
      const bWins = MAPS.filter((mapId) => placeMaps(REGIONS, [a.id, b.id]).get(mapId) === b.id);
      const busy = new Set(bWins.slice(0, 2));
      for (const mapId of busy) a.busy.add(mapId);
      await b.manager.start();
      expect(heldIds(b)).toEqual([]);

      // Not before b has been live for PLACEMENT_STABLE_MS on a's clock.
      await run([a, b], PLACEMENT_STABLE_MS - 2 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(a)).toEqual(MAPS);
      await run([a, b], 4 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(b)).toEqual(bWins.filter((mapId) => !busy.has(mapId)));
      expect(heldIds(a)).toEqual(MAPS.filter((mapId) => !bWins.includes(mapId) || busy.has(mapId)));
      expect(a.drained.flat().sort((x, y) => x - y)).toEqual(bWins.filter((mapId) => !busy.has(mapId)));
      expect(a.manager.counters.releases).toBe(bWins.length - busy.size);
      expect(a.lost).toEqual([]);
      await expectConsistent([a, b]);

      // Busy maps stay put while busy; once empty they move too.
      await run([a, b], 2_000);
      expect(heldIds(b)).toEqual(bWins.filter((mapId) => !busy.has(mapId)));
      a.busy.clear();
      await run([a, b], 3 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(b)).toEqual(bWins);
      await expectConsistent([a, b]);
    });

    test("a node whose database link freezes self-fences before its leases expire; the other node claims after expiry", async () => {
      const a = makeNode("alpha:boot1");
      const b = makeNode("bravo:boot1");
      await a.manager.start();
      await b.manager.start();
      await run([a, b], PLACEMENT_STABLE_MS + 4 * LEASE_SCAN_INTERVAL_MS);
      const aMaps = heldIds(a);
      const epochs = new Map(a.manager.held().map((lease) => [lease.mapId, lease.epoch]));
      expect(aMaps.length).toBeGreaterThan(0);
      // a's last successful renewal was sent on a whole second of its clock (the renew timer's period).
      const lastRenewSentAt = Math.floor(a.clock.now() / 1_000) * 1_000;

      a.link.pause();
      const fenceAt = lastRenewSentAt + 4_000 - SELF_FENCE_MARGIN_MS;
      a.clock.advanceTo(fenceAt - 1);
      expect(a.lost).toEqual([]);
      a.clock.advanceTo(fenceAt);
      expect(a.lost).toEqual([{ leases: aMaps.map((mapId) => ({ mapId, epoch: epochs.get(mapId)! })), reason: "self_fenced", atMs: fenceAt }]);
      expect(a.running.size).toBe(0);
      expect(heldIds(a)).toEqual([]);
      expect(a.manager.counters.selfFenced).toBe(aMaps.length);
      // By the database's clock a still holds them: it stopped first.
      const held = await owners();
      for (const mapId of aMaps) expect(held.get(mapId)).toBe(a.id);

      await run([b], 1_000);
      expect(heldIds(b)).toEqual(MAPS.filter((mapId) => !aMaps.includes(mapId)));
      // The database's clock reaches a's expiry: its leases and its heartbeat run out together.
      await expireLeasesOf(a.id);
      await raw("UPDATE cluster_nodes SET seen_at = now() - interval '4001 milliseconds' WHERE id = $1", [a.id]);
      await run([b], 3 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(b)).toEqual(MAPS);
      for (const lease of b.manager.held()) if (aMaps.includes(lease.mapId)) expect(lease.epoch).toBe(epochs.get(lease.mapId)! + 1);
      // Still b's a while later: nothing bounces towards a node that stopped heartbeating.
      await run([b], PLACEMENT_STABLE_MS + 4 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(b)).toEqual(MAPS);

      // a's link comes back: its stale calls change nothing, and it rejoins empty, getting its idle share back.
      a.link.resume();
      await a.manager.settled();
      expect(a.manager.counters.lost).toBe(0);
      await run([a, b], PLACEMENT_STABLE_MS + 4 * LEASE_SCAN_INTERVAL_MS);
      expectPlacement([a, b]);
      await expectConsistent([a, b]);
    });

    test("a lease taken away is reported by the next renewal and stopped", async () => {
      const a = makeNode("alpha:boot1");
      await a.manager.start();
      await raw("UPDATE map_leases SET expires_at = now() - interval '1 millisecond' WHERE map_id = 5");
      const intruder = await db.mapLeases.claim("intruder:1", [5], 4_000);
      expect(intruder.granted).toHaveLength(1);
      await run([a], 1_000);
      expect(a.lost).toEqual([{ leases: [{ mapId: 5, epoch: 1 }], reason: "renew_refused", atMs: 1_000 }]);
      expect(heldIds(a)).toEqual(MAPS.filter((mapId) => mapId !== 5));
      expect(a.manager.counters.lost).toBe(1);
      await expectConsistent([a]);
    });

    test("a node restarted under a new boot id takes its maps back once the old boot's leases expire", async () => {
      const old = makeNode("alpha:boot1");
      await old.manager.start();
      expect(heldIds(old)).toEqual(MAPS);
      // The old process dies: its clock never moves again.
      const fresh = makeNode("alpha:boot2");
      await fresh.manager.start();
      expect(heldIds(fresh)).toEqual([]);
      await expireLeasesOf(old.id);
      await run([fresh], 3 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(fresh)).toEqual(MAPS);
      expect(new Set(fresh.manager.held().map((lease) => lease.epoch))).toEqual(new Set([2]));
      const rows = await db.clusterNodes.listAll();
      expect(rows.map((row) => row.id)).toEqual(["alpha:boot1", "alpha:boot2"]);
    });

    test("a database fault in a scan is counted and the next scan goes on; a missing node row is registered again", async () => {
      const a = makeNode("alpha:boot1");
      await a.manager.start();
      a.link.failNext = 1;
      await run([a], LEASE_SCAN_INTERVAL_MS);
      expect(a.manager.counters.scanFailures).toBe(1);
      await db.clusterNodes.remove(a.id);
      await run([a], LEASE_SCAN_INTERVAL_MS);
      expect((await db.clusterNodes.listAll()).map((row) => row.id)).toEqual([a.id]);
      expect(heldIds(a)).toEqual(MAPS);
    });

    test("stop keeps renewing; releaseAll frees every lease and the node row, and the survivor takes them", async () => {
      const a = makeNode("alpha:boot1");
      const b = makeNode("bravo:boot1");
      await a.manager.start();
      await b.manager.start();
      await run([a, b], PLACEMENT_STABLE_MS + 4 * LEASE_SCAN_INTERVAL_MS);
      const aMaps = heldIds(a);
      await a.manager.stop();
      await run([a, b], 4_000);
      expect(heldIds(a)).toEqual(aMaps);
      expect(a.lost).toEqual([]);
      const releasedBefore = a.manager.counters.releases;
      await a.manager.releaseAll();
      expect(heldIds(a)).toEqual([]);
      expect(a.manager.counters.releases - releasedBefore).toBe(aMaps.length);
      expect((await db.clusterNodes.listAll()).map((row) => row.id)).toEqual([b.id]);
      await run([b], 3 * LEASE_SCAN_INTERVAL_MS);
      expect(heldIds(b)).toEqual(MAPS);
    });
  });
}

describeOnBothBackends("lease manager", describeLeaseManager);
