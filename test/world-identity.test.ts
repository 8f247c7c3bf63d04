/**
 * A database remembers the world it belongs to: real servers started one after another on one
 * database (PGlite, and Postgres when TEST_DATABASE_URL is set) with the default world, a new
 * version of it and another world, with and without --allow-world-change.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config/index.ts";
import { buildDefaultWorld, writeWorldPack, type WorldMap, type WorldPackContent } from "../src/content/index.ts";
import { DEFAULT_OBJECTS, DEFAULT_WORLD_NAME } from "../src/content/default-world/index.ts";
import { openDatabase, type Database } from "../src/db/index.ts";
import { EMPTY_EQUIPMENT, type InventorySlot, type NewCharacter } from "../src/game/character/index.ts";
import { createLogger } from "../src/log/index.ts";
import { startServer, StartupError, type RunningServer } from "../src/server/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { TEST_PASSWORD_HASHING } from "./fixtures/db-harness.ts";
import { GameClient } from "./support/game-client.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/test-database.ts";
import { availableBackends } from "./support/test-server.ts";

const OTHER_WORLD = "Otro Mundo";
/** Objects of the default world: one the other world keeps, one it lacks. */
const KEPT_OBJECT = DEFAULT_OBJECTS.healthPotion;
const DROPPED_OBJECT = DEFAULT_OBJECTS.manaPotion;
const PASSWORD = "secreto123";

interface Started {
  server: RunningServer;
  logs: Record<string, unknown>[];
}

/** Starts a server on `dataDir` / `database` with its JSON log lines collected. */
async function start(dataDir: string, database: ScratchDatabase | undefined, extra: string[] = []): Promise<Started> {
  const args = ["--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0", "--data-dir", dataDir, "--max-connections-per-ip", "1000", ...extra];
  if (database) args.push("--database-url", database.url);
  const loaded = loadConfig(args, {});
  if (!loaded.ok) throw loaded.error;
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const server = await startServer(loaded.config, logger, { mapWorkers: 1 });
  return { server, logs };
}

/** The default world's map `id` cut down to `side` × `side` tiles (records outside dropped). */
function cropped(map: WorldMap, id: number, side: number): WorldMap {
  const collision = new Uint8Array(side * side);
  const triggers = new Uint8Array(side * side);
  for (let y = 1; y <= side; y++) {
    for (let x = 1; x <= side; x++) {
      collision[(y - 1) * side + (x - 1)] = map.collision[(y - 1) * map.width + (x - 1)]!;
      triggers[(y - 1) * side + (x - 1)] = map.triggers[(y - 1) * map.width + (x - 1)]!;
    }
  }
  const inside = (record: { x: number; y: number }) => record.x <= side && record.y <= side;
  return { ...map, id, width: side, height: side, collision, triggers, exits: map.exits.filter(inside), npcs: map.npcs.filter(inside), objects: map.objects.filter(inside) };
}

/**
 * Another world: the default town (map 1) and a 25 × 25 map 4 (the default's is 100 × 100);
 * cities 1 (town) and 2 (on map 4); the object table without DROPPED_OBJECT, and no starting kit
 * (the default world's names DROPPED_OBJECT, which a pack refuses).
 */
function otherWorld(): WorldPackContent {
  const base = buildDefaultWorld();
  const town = base.maps.find((map) => map.id === 1)!;
  const open = base.maps.find((map) => map.id === 4)!;
  const tables = base.tables!;
  return {
    ...base,
    name: OTHER_WORLD,
    maps: [town, cropped(open, 4, 25)],
    cities: [
      { id: 1, name: "Plaza", map: 1, x: 46, y: 46 },
      { id: 2, name: "Claro", map: 4, x: 10, y: 12 },
    ],
    tables: { ...tables, objects: { ...tables.objects!, objects: tables.objects!.objects.filter((object) => object.id !== DROPPED_OBJECT) } },
    kit: null,
  };
}

/** The default world without its forest (map 3): a new version of the same world. */
function defaultWorldV2(): WorldPackContent {
  const base = buildDefaultWorld();
  return { ...base, maps: base.maps.filter((map) => map.id !== 3) };
}

function logOf(logs: Record<string, unknown>[], msg: string): Record<string, unknown> | undefined {
  return logs.find((line) => line.msg === msg);
}

const backends = availableBackends();

for (const backend of backends) {
  describe(`world identity on ${backend}`, () => {
    let work: string;
    let dataDir: string;
    let database: ScratchDatabase | undefined;
    let otherPack: string;
    let v2Pack: string;
    const ids: Record<string, number> = {};

    /** Opens the database while no server runs (PGlite allows one process at a time). */
    async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
      const db = await openDatabase({ url: database?.url, dataDir, passwordHashing: TEST_PASSWORD_HASHING });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    }

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), "argentum-world-identity-"));
      dataDir = join(work, "data");
      database = backend === "postgres" ? await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_wid") : undefined;
      otherPack = join(work, "other");
      v2Pack = join(work, "v2");
      for (const [dir, content] of [
        [otherPack, otherWorld()],
        [v2Pack, defaultWorldV2()],
      ] as const) {
        const written = await writeWorldPack(dir, content);
        if (!written.ok) throw new Error(JSON.stringify(written.errors));
      }
    }, 120_000);

    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await database?.drop();
    });

    test("the first start records the world; the same world again changes only the last start", async () => {
      const first = await start(dataDir, database);
      const identity = await first.server.database.worldIdentity.read();
      expect(identity?.name).toBe(DEFAULT_WORLD_NAME);
      expect(logOf(first.logs, "database now belongs to this world")).toMatchObject({ world: DEFAULT_WORLD_NAME, hash: identity?.packHash });

      // Characters for the later starts, written while they are offline.
      const characters = first.server.database.characters;
      const account = await first.server.database.accounts.createAccount("mundo@test.local", PASSWORD);
      if (account.kind !== "ok") throw new Error(account.kind);
      const inventory: InventorySlot[] = [
        { slot: 1, objectId: KEPT_OBJECT, amount: 3, equipped: false },
        { slot: 2, objectId: DROPPED_OBJECT, amount: 5, equipped: false },
      ];
      const make = async (name: string, map: number, x: number, y: number, homeCity: number, extra: Partial<NewCharacter> = {}) => {
        const created = await characters.createCharacter({ ...newbieCharacter(account.account.id, name), position: { map, x, y, heading: 3 }, homeCity, inventory: [], equipment: { ...EMPTY_EQUIPMENT }, ...extra });
        if (created.kind !== "ok") throw new Error(created.kind);
        ids[name] = created.character.id;
      };
      await make("Quieto", 1, 47, 47, 1, { inventory });
      await make("Campo", 2, 30, 30, 2);
      await make("Lejano", 4, 90, 80, 1);
      await make("Bosque", 3, 40, 40, 7);
      await first.server.stop("test");

      const again = await start(dataDir, database);
      const same = await again.server.database.worldIdentity.read();
      expect(same).toMatchObject({ name: DEFAULT_WORLD_NAME, packHash: identity?.packHash, firstStartedAt: identity?.firstStartedAt });
      expect(same!.lastStartedAt.getTime()).toBeGreaterThan(identity!.lastStartedAt.getTime());
      expect(logOf(again.logs, "database now belongs to this world")).toBeUndefined();
      expect(logOf(again.logs, "world updated")).toBeUndefined();
      await again.server.stop("test");
    }, 180_000);

    test("another world is refused with one line, and nothing changes", async () => {
      const before = await withDatabase(async (db) => ({ identity: await db.worldIdentity.read(), placements: await db.worldIdentity.listPlacements() }));
      const refused = await start(dataDir, database, ["--world", otherPack]).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StartupError);
      expect((refused as Error).message).toBe(
        `the database belongs to world "${DEFAULT_WORLD_NAME}" but this server loads "${OTHER_WORLD}"; start with --world for "${DEFAULT_WORLD_NAME}", or pass --allow-world-change to move its characters to "${OTHER_WORLD}"`,
      );
      const after = await withDatabase(async (db) => ({ identity: await db.worldIdentity.read(), placements: await db.worldIdentity.listPlacements() }));
      expect(after).toEqual(before);
    }, 180_000);

    test("a new version of the same world starts, is recorded and logged with both hashes", async () => {
      const before = await withDatabase((db) => db.worldIdentity.read());
      const started = await start(dataDir, database, ["--world", v2Pack]);
      try {
        const identity = await started.server.database.worldIdentity.read();
        expect(identity?.name).toBe(DEFAULT_WORLD_NAME);
        expect(identity?.packHash).not.toBe(before?.packHash);
        expect(identity?.firstStartedAt).toEqual(before!.firstStartedAt);
        expect(logOf(started.logs, "world updated")).toMatchObject({ level: 30, world: DEFAULT_WORLD_NAME, oldHash: before?.packHash, newHash: identity?.packHash });
        // "Bosque" stands on map 3, which this version lacks: said, not changed.
        expect(logOf(started.logs, "characters stand on maps or carry objects this version lacks; start once with --allow-world-change to move them home and drop those objects")).toMatchObject({ characters: 1 });
        expect((await started.server.database.characters.loadCharacter(ids.Bosque!))?.position.map).toBe(3);
      } finally {
        await started.server.stop("test");
      }
    }, 180_000);

    test("--allow-world-change keeps characters whose map exists, sends the others home, drops unknown objects", async () => {
      const started = await start(dataDir, database, ["--world", otherPack, "--allow-world-change"]);
      try {
        const db = started.server.database;
        const identity = await db.worldIdentity.read();
        expect(identity?.name).toBe(OTHER_WORLD);
        expect(logOf(started.logs, "world changed; characters moved to the new world")).toMatchObject({
          from: DEFAULT_WORLD_NAME,
          to: OTHER_WORLD,
          stayed: 1,
          clamped: 1,
          sentHome: 2,
          itemsDropped: 1,
          charactersWithItemsDropped: 1,
        });
        const place = async (name: string) => {
          const record = await db.characters.loadCharacter(ids[name]!);
          return { map: record!.position.map, x: record!.position.x, y: record!.position.y, inventory: record!.inventory };
        };
        expect(await place("Quieto")).toEqual({ map: 1, x: 47, y: 47, inventory: [{ slot: 1, objectId: KEPT_OBJECT, amount: 3, equipped: false }] });
        expect(await place("Lejano")).toMatchObject({ map: 4, x: 25, y: 25 });
        expect(await place("Campo")).toMatchObject({ map: 4, x: 10, y: 12 });
        expect(await place("Bosque")).toMatchObject({ map: 1, x: 46, y: 46 });

        // A moved character plays in the new world.
        const client = await GameClient.connect("tcp", "127.0.0.1", started.server.tcpPort);
        try {
          await client.waitFor("Connected");
          client.send("LoginAccount", { email: "mundo@test.local", password: PASSWORD });
          await client.waitFor("AccountCharacterList");
          client.send("LoginExistingChar", { charId: ids.Campo, name: "Campo" });
          const changeMap = await client.waitFor("ChangeMap");
          expect(changeMap.fields.map).toBe(4);
          await client.waitFor("Logged");
        } finally {
          client.close();
        }
      } finally {
        await started.server.stop("test");
      }
      // The database now belongs to the other world: the default world is the one refused.
      const refused = await start(dataDir, database).then(
        () => null,
        (error: unknown) => error,
      );
      expect((refused as Error).message).toStartWith(`the database belongs to world "${OTHER_WORLD}" but this server loads "${DEFAULT_WORLD_NAME}"`);
    }, 180_000);
  });
}
