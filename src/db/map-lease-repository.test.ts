/**
 * Map leases on every backend: PGlite always, Postgres when TEST_DATABASE_URL names a server (a
 * missing server fails under CI=true, as in test/db-repositories.test.ts). Each test starts from
 * an empty `map_leases`. Expiry is moved by writing `expires_at` relative to the database's own
 * `now()`, never by sleeping.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { newbieCharacter } from "../../test/fixtures/db-characters.ts";
import { describeOnBothBackends, type BackendHarness } from "../../test/fixtures/db-harness.ts";
import type { InternalDatabase } from "./database.ts";
import { PostgresClient } from "./postgres-backend.ts";
import { DatabaseError } from "./database-error.ts";
import { fencedBy, MAP_LEASE_MS } from "./map-lease-repository.ts";
import { characters } from "./schema.ts";

/** Milliseconds when idle; the slack is for a loaded 2-core CI machine. */
const TEST_TIMEOUT_MS = 30_000;
/** First PGlite start runs initdb: seconds, not milliseconds. */
const OPEN_TIMEOUT_MS = 120_000;
const NODE_A = "node-a:0001";
const NODE_B = "node-b:0002";
const NODE_C = "node-c:0003";
const BIG_BATCH = 300;
/** How often the interleaving test looks at the server while it waits for a state to appear. */
const POLL_INTERVAL_MS = 5;
/** Bound on such a wait: the states appear in milliseconds on an idle server. */
const POLL_DEADLINE_MS = 10_000;

setDefaultTimeout(TEST_TIMEOUT_MS);

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => from + index);
}

function expectInvalid(action: () => Promise<unknown> | unknown): Promise<void> {
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

/** Polls `check` until it holds; Postgres' own clock and lock table are the events awaited. */
async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + POLL_DEADLINE_MS;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await Bun.sleep(POLL_INTERVAL_MS);
  }
}

function describeMapLeases(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`map leases (${label})`, () => {
    const postgresOnly = (name: string, body: () => Promise<void>): void => {
      if (label === "postgres") test(name, body);
    };
    let harness: BackendHarness;
    let db: InternalDatabase;
    const dialect = new PgDialect();

    const raw = (text: string, params: unknown[] = []) => db.sql.query(text, params, "object") as Promise<Record<string, unknown>[]>;
    /** Moves a lease's expiry to `offsetMs` from the database's now (negative: already expired). */
    const expireIn = (mapId: number, offsetMs: number) =>
      raw("UPDATE map_leases SET expires_at = now() + $2::integer * interval '1 millisecond' WHERE map_id = $1", [mapId, offsetMs]);

    async function newCharacterId(name: string): Promise<number> {
      const account = await db.accounts.createAccount(`${name.toLowerCase()}@example.com`, "correct horse");
      if (account.kind !== "ok") throw new Error(`account setup failed: ${account.kind}`);
      const created = await db.characters.createCharacter(newbieCharacter(account.account.id, name));
      if (created.kind !== "ok") throw new Error(`character setup failed: ${created.kind}`);
      return created.character.id;
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
      await db.sql.query("TRUNCATE map_leases, characters, accounts RESTART IDENTITY CASCADE", [], "array");
    });

    test("a first claim creates the rows and grants epoch 1 for the lease's length", async () => {
      const outcome = await db.mapLeases.claim(NODE_A, [3, 1, 2], MAP_LEASE_MS);
      expect(outcome.refused).toEqual([]);
      expect(outcome.granted.map(({ mapId, epoch }) => ({ mapId, epoch }))).toEqual([
        { mapId: 1, epoch: 1 },
        { mapId: 2, epoch: 1 },
        { mapId: 3, epoch: 1 },
      ]);
      const rows = await db.mapLeases.list();
      expect(rows.map((row) => [row.mapId, row.owner, row.epoch, row.expired])).toEqual([
        [1, NODE_A, 1, false],
        [2, NODE_A, 1, false],
        [3, NODE_A, 1, false],
      ]);
      for (const [index, row] of rows.entries()) {
        expect(row.expiresAt!.getTime() - row.claimedAt!.getTime()).toBe(MAP_LEASE_MS);
        expect(row.expiresAt).toEqual(outcome.granted[index]!.expiresAt);
        expect(row.renewedAt).toEqual(row.claimedAt);
      }
    });

    test("a map held by another node is refused with its owner; the holder's row is untouched", async () => {
      await db.mapLeases.claim(NODE_A, [1], MAP_LEASE_MS);
      const before = await db.mapLeases.list();
      const outcome = await db.mapLeases.claim(NODE_B, [1, 2], MAP_LEASE_MS);
      expect(outcome.granted.map((lease) => lease.mapId)).toEqual([2]);
      expect(outcome.refused).toEqual([{ mapId: 1, owner: NODE_A, expiresAt: before[0]!.expiresAt! }]);
      expect((await db.mapLeases.list())[0]).toEqual(before[0]!);
    });

    test("nodes claiming the same maps at once: each map is granted exactly once", async () => {
      const maps = range(1, 60);
      for (let round = 0; round < 3; round++) {
        await db.sql.query("TRUNCATE map_leases", [], "array");
        // Each node asks in its own order; the repository sorts, so none deadlocks.
        const asks = [NODE_A, NODE_B, NODE_C].map((node, index) => db.mapLeases.claim(node, index === 1 ? [...maps].reverse() : maps, MAP_LEASE_MS));
        const outcomes = await Promise.all(asks);
        const grantedTo = new Map<number, string>();
        for (const [index, outcome] of outcomes.entries()) {
          const node = [NODE_A, NODE_B, NODE_C][index]!;
          for (const lease of outcome.granted) {
            expect(grantedTo.has(lease.mapId)).toBe(false);
            grantedTo.set(lease.mapId, node);
            expect(lease.epoch).toBe(1);
          }
          expect(outcome.granted.length + outcome.refused.length).toBe(maps.length);
        }
        expect([...grantedTo.keys()].sort((a, b) => a - b)).toEqual(maps);
        // Every refusal names the node that won the map, even when it won during the refused claim.
        for (const outcome of outcomes) for (const refusal of outcome.refused) expect(refusal.owner).toBe(grantedTo.get(refusal.mapId)!);
        const rows = await db.mapLeases.list();
        expect(rows.map((row) => [row.mapId, row.owner, row.epoch])).toEqual(maps.map((mapId) => [mapId, grantedTo.get(mapId)!, 1]));
      }
    });

    test("concurrent claims of expired maps re-grant each once, one epoch higher", async () => {
      const maps = range(1, 40);
      await db.mapLeases.claim(NODE_A, maps, MAP_LEASE_MS);
      await raw("UPDATE map_leases SET expires_at = now() - interval '1 second'");
      const outcomes = await Promise.all([db.mapLeases.claim(NODE_B, maps, MAP_LEASE_MS), db.mapLeases.claim(NODE_C, [...maps].reverse(), MAP_LEASE_MS)]);
      const granted = [...outcomes[0]!.granted, ...outcomes[1]!.granted];
      expect(granted.map((lease) => lease.mapId).sort((a, b) => a - b)).toEqual(maps);
      expect(new Set(granted.map((lease) => lease.epoch))).toEqual(new Set([2]));
      expect(outcomes[0]!.refused.map((refusal) => refusal.owner)).toEqual(outcomes[0]!.refused.map(() => NODE_C));
      expect(outcomes[1]!.refused.map((refusal) => refusal.owner)).toEqual(outcomes[1]!.refused.map(() => NODE_B));
    });

    test("every new grant raises the epoch; claiming a lease still held keeps it and extends it", async () => {
      expect((await db.mapLeases.claim(NODE_A, [7], MAP_LEASE_MS)).granted[0]!.epoch).toBe(1);

      await expireIn(7, 100);
      const again = await db.mapLeases.claim(NODE_A, [7], MAP_LEASE_MS);
      expect(again.granted[0]!.epoch).toBe(1);
      const [held] = await db.mapLeases.list();
      expect(held!.expiresAt!.getTime() - held!.renewedAt!.getTime()).toBe(MAP_LEASE_MS);

      await expireIn(7, -1);
      expect((await db.mapLeases.claim(NODE_A, [7], MAP_LEASE_MS)).granted[0]!.epoch).toBe(2);

      await db.mapLeases.release(NODE_A, [{ mapId: 7, epoch: 2 }]);
      expect((await db.mapLeases.claim(NODE_B, [7], MAP_LEASE_MS)).granted[0]!.epoch).toBe(3);

      await expireIn(7, -1);
      expect((await db.mapLeases.claim(NODE_A, [7], MAP_LEASE_MS)).granted[0]!.epoch).toBe(4);
    });

    test("the owner's renewal extends its leases from the database's now", async () => {
      const { granted } = await db.mapLeases.claim(NODE_A, [1, 2], MAP_LEASE_MS);
      await expireIn(1, 50);
      await expireIn(2, 50);
      const outcome = await db.mapLeases.renew(NODE_A, granted, MAP_LEASE_MS);
      expect(outcome.lost).toEqual([]);
      expect(outcome.renewed.map(({ mapId, epoch }) => ({ mapId, epoch }))).toEqual([
        { mapId: 1, epoch: 1 },
        { mapId: 2, epoch: 1 },
      ]);
      const rows = await db.mapLeases.list();
      for (const [index, row] of rows.entries()) {
        expect(row.epoch).toBe(1);
        expect(row.expiresAt!.getTime() - row.renewedAt!.getTime()).toBe(MAP_LEASE_MS);
        expect(row.expiresAt).toEqual(outcome.renewed[index]!.expiresAt);
        expect(row.renewedAt!.getTime()).toBeGreaterThanOrEqual(row.claimedAt!.getTime());
      }
    });

    test("after expiry the renewal is refused, another node claims one epoch higher, and the old owner's stale calls do nothing", async () => {
      const { granted: heldByA } = await db.mapLeases.claim(NODE_A, [5, 6], MAP_LEASE_MS);
      await expireIn(5, -1);
      expect((await db.mapLeases.list()).map((row) => [row.mapId, row.expired])).toEqual([
        [5, true],
        [6, false],
      ]);

      const renewal = await db.mapLeases.renew(NODE_A, heldByA, MAP_LEASE_MS);
      expect(renewal.lost).toEqual([{ mapId: 5, epoch: 1 }]);
      expect(renewal.renewed.map((lease) => lease.mapId)).toEqual([6]);

      const takeover = await db.mapLeases.claim(NODE_B, [5, 6], MAP_LEASE_MS);
      expect(takeover.granted.map(({ mapId, epoch }) => ({ mapId, epoch }))).toEqual([{ mapId: 5, epoch: 2 }]);
      expect(takeover.refused.map(({ mapId, owner }) => ({ mapId, owner }))).toEqual([{ mapId: 6, owner: NODE_A }]);
      const afterTakeover = await db.mapLeases.list();

      // The old owner wakes up: its renewal and release with epoch 1 find nothing of theirs.
      expect(await db.mapLeases.renew(NODE_A, [{ mapId: 5, epoch: 1 }], MAP_LEASE_MS)).toEqual({ renewed: [], lost: [{ mapId: 5, epoch: 1 }] });
      expect(await db.mapLeases.release(NODE_A, [{ mapId: 5, epoch: 1 }])).toEqual({ released: [], notHeld: [{ mapId: 5, epoch: 1 }] });
      // Nor does anyone else's renewal with the right epoch, nor the owner's with a wrong one.
      expect((await db.mapLeases.renew(NODE_A, [{ mapId: 5, epoch: 2 }], MAP_LEASE_MS)).lost).toEqual([{ mapId: 5, epoch: 2 }]);
      expect((await db.mapLeases.renew(NODE_B, [{ mapId: 5, epoch: 1 }], MAP_LEASE_MS)).lost).toEqual([{ mapId: 5, epoch: 1 }]);
      expect(await db.mapLeases.list()).toEqual(afterTakeover);
    });

    test("release frees the row and keeps its epoch; only the holder with its epoch can release", async () => {
      await db.mapLeases.claim(NODE_A, [1, 2], MAP_LEASE_MS);
      await expireIn(2, -1);
      const outcome = await db.mapLeases.release(NODE_A, [
        { mapId: 1, epoch: 1 },
        { mapId: 2, epoch: 1 },
        { mapId: 3, epoch: 1 },
      ]);
      // An expired lease nobody took is still the node's to give up.
      expect(outcome).toEqual({
        released: [
          { mapId: 1, epoch: 1 },
          { mapId: 2, epoch: 1 },
        ],
        notHeld: [{ mapId: 3, epoch: 1 }],
      });
      const rows = await db.mapLeases.list();
      expect(rows.map((row) => [row.mapId, row.owner, row.epoch, row.expiresAt, row.expired])).toEqual([
        [1, null, 1, null, false],
        [2, null, 1, null, false],
      ]);
      expect((await db.mapLeases.release(NODE_B, [{ mapId: 1, epoch: 1 }])).notHeld).toHaveLength(1);
      expect((await db.mapLeases.claim(NODE_B, [1], MAP_LEASE_MS)).granted[0]!.epoch).toBe(2);
    });

    test("a write fenced by a stale epoch changes nothing; by the current epoch it changes the row", async () => {
      const characterId = await newCharacterId("Fenced");
      const mapId = 1;

      const moveTo = async (x: number, epoch: number): Promise<number> => {
        const query = dialect.sqlToQuery(
          sql`UPDATE ${characters} SET x = ${x}::integer WHERE ${characters.id} = ${characterId}::integer AND ${fencedBy(mapId, epoch)} RETURNING ${characters.id}`,
        );
        return (await db.sql.query(query.sql, query.params, "object")).length;
      };
      const storedX = async () => (await raw("SELECT x FROM characters WHERE id = $1", [characterId]))[0]!.x;

      const first = await db.mapLeases.claim(NODE_A, [mapId], MAP_LEASE_MS);
      expect(await moveTo(11, first.granted[0]!.epoch)).toBe(1);
      expect(await storedX()).toBe(11);

      await expireIn(mapId, -1);
      // Expired and not yet claimed: the old epoch already writes nothing.
      expect(await moveTo(12, first.granted[0]!.epoch)).toBe(0);

      const second = await db.mapLeases.claim(NODE_B, [mapId], MAP_LEASE_MS);
      expect(second.granted[0]!.epoch).toBe(2);
      expect(await moveTo(13, first.granted[0]!.epoch)).toBe(0);
      expect(await storedX()).toBe(11);
      expect(await moveTo(14, second.granted[0]!.epoch)).toBe(1);
      expect(await storedX()).toBe(14);

      await db.mapLeases.release(NODE_B, second.granted);
      expect(await moveTo(15, second.granted[0]!.epoch)).toBe(0);
      expect(await storedX()).toBe(14);
    });

    // PGlite has one connection, so nothing can interleave with an open transaction there: Postgres only.
    postgresOnly("a claim waits for an open fenced write, then raises the epoch, and the old epoch writes no more", async () => {
      if (!(db.sql instanceof PostgresClient)) throw new Error("needs the Postgres backend");
      const pool = db.sql.sql;
      const characterId = await newCharacterId("Paused");
      const mapId = 1;
      const renderFencedMove = (x: number, epoch: number) =>
        dialect.sqlToQuery(sql`UPDATE ${characters} SET x = ${x}::integer WHERE ${characters.id} = ${characterId}::integer AND ${fencedBy(mapId, epoch)} RETURNING ${characters.id}`);
      const { granted } = await db.mapLeases.claim(NODE_A, [mapId], MAP_LEASE_MS);
      await expireIn(mapId, 200);

      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const pausedWriter = pool.begin(async (tx) => {
        const move = renderFencedMove(21, granted[0]!.epoch);
        const rows = await tx.unsafe(move.sql, move.params as never[]);
        written();
        await gate;
        return rows.length;
      });
      await wrote;
      await waitUntil(async () => (await raw("SELECT expires_at <= now() AS expired FROM map_leases WHERE map_id = $1", [mapId]))[0]!.expired === true, "the lease expired");

      let claimSettled = false;
      const takeover = db.mapLeases.claim(NODE_B, [mapId], MAP_LEASE_MS).finally(() => (claimSettled = true));
      await waitUntil(
        async () => (await raw("SELECT count(*)::integer AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))[0]!.waiting === 1,
        "the claim waits on the lease row",
      );
      expect(claimSettled).toBe(false);

      openGate();
      expect(await pausedWriter).toBe(1);
      const claim = await takeover;
      expect(claim.granted.map(({ mapId, epoch }) => ({ mapId, epoch }))).toEqual([{ mapId, epoch: 2 }]);

      const late = renderFencedMove(22, granted[0]!.epoch);
      expect(await pool.unsafe(late.sql, late.params as never[])).toHaveLength(0);
      expect((await raw("SELECT x FROM characters WHERE id = $1", [characterId]))[0]!.x).toBe(21);
    });

    test(`batches of ${BIG_BATCH} maps are one call each`, async () => {
      const maps = range(1, BIG_BATCH);
      const claimed = await db.mapLeases.claim(NODE_A, maps, MAP_LEASE_MS);
      expect(claimed.granted).toHaveLength(BIG_BATCH);
      const renewed = await db.mapLeases.renew(NODE_A, claimed.granted, MAP_LEASE_MS);
      expect(renewed.renewed).toHaveLength(BIG_BATCH);
      expect(renewed.lost).toEqual([]);

      const refused = await db.mapLeases.claim(NODE_B, range(1, BIG_BATCH + 5), MAP_LEASE_MS);
      expect(refused.refused).toHaveLength(BIG_BATCH);
      expect(refused.granted.map((lease) => lease.mapId)).toEqual(range(BIG_BATCH + 1, 5));

      const released = await db.mapLeases.release(NODE_A, claimed.granted);
      expect(released.released).toHaveLength(BIG_BATCH);
      const reclaimed = await db.mapLeases.claim(NODE_B, maps, MAP_LEASE_MS);
      expect(reclaimed.granted).toHaveLength(BIG_BATCH);
      expect(new Set(reclaimed.granted.map((lease) => lease.epoch))).toEqual(new Set([2]));
    });

    test("empty batches write nothing and answer empty", async () => {
      expect(await db.mapLeases.claim(NODE_A, [], MAP_LEASE_MS)).toEqual({ granted: [], refused: [] });
      expect(await db.mapLeases.renew(NODE_A, [], MAP_LEASE_MS)).toEqual({ renewed: [], lost: [] });
      expect(await db.mapLeases.release(NODE_A, [])).toEqual({ released: [], notHeld: [] });
      expect(await db.mapLeases.list()).toEqual([]);
    });

    test("hostile input is refused before the database is touched", async () => {
      await expectInvalid(() => db.mapLeases.claim(NODE_A, [1, 2, 1], MAP_LEASE_MS));
      await expectInvalid(() => db.mapLeases.renew(NODE_A, [{ mapId: 4, epoch: 1 }, { mapId: 4, epoch: 2 }], MAP_LEASE_MS));
      await expectInvalid(() => db.mapLeases.release(NODE_A, [{ mapId: 4, epoch: 1 }, { mapId: 4, epoch: 1 }]));
      for (const leaseMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 3_600_001]) {
        await expectInvalid(() => db.mapLeases.claim(NODE_A, [1], leaseMs));
        await expectInvalid(() => db.mapLeases.renew(NODE_A, [{ mapId: 1, epoch: 1 }], leaseMs));
      }
      for (const mapId of [0, -3, 2.5, Number.NaN, 2_147_483_648]) {
        await expectInvalid(() => db.mapLeases.claim(NODE_A, [mapId], MAP_LEASE_MS));
        await expectInvalid(() => db.mapLeases.release(NODE_A, [{ mapId, epoch: 1 }]));
        await expectInvalid(() => fencedBy(mapId, 1));
      }
      for (const epoch of [0, -1, 1.5]) {
        await expectInvalid(() => db.mapLeases.renew(NODE_A, [{ mapId: 1, epoch }], MAP_LEASE_MS));
        await expectInvalid(() => fencedBy(1, epoch));
      }
      for (const nodeId of ["", "   ", "n".repeat(201)]) await expectInvalid(() => db.mapLeases.claim(nodeId, [1], MAP_LEASE_MS));
      expect(await db.mapLeases.list()).toEqual([]);
    });

    test("a node id is matched exactly: a look-alike owner neither renews nor releases", async () => {
      const { granted } = await db.mapLeases.claim(NODE_A, [9], MAP_LEASE_MS);
      expect((await db.mapLeases.renew(NODE_A.toUpperCase(), granted, MAP_LEASE_MS)).lost).toHaveLength(1);
      expect((await db.mapLeases.release(`${NODE_A} `, granted)).notHeld).toHaveLength(1);
      expect((await db.mapLeases.list())[0]!.owner).toBe(NODE_A);
    });
  });
}

describeOnBothBackends("map leases", describeMapLeases);
