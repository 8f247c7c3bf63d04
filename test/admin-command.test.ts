/**
 * `argentum admin character show|give` against real databases (PGlite in a data folder, and
 * Postgres when TEST_DATABASE_URL is set): the JSON it prints, what it writes, and every refusal
 * leaving the character as it was. The command runs in this process through its CliIo; the
 * lock against a running server is tested with real processes in admin-process.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCommand } from "../src/cli/admin-command.ts";
import { memoryIo } from "../src/cli/command.ts";
import { buildDefaultWorld, writeWorldPack } from "../src/content/index.ts";
import { DEFAULT_OBJECTS } from "../src/content/default-world/index.ts";
import { openDatabase, type Database } from "../src/db/index.ts";
import { INVENTORY_SLOT_COUNT, MAX_LONG, type CharacterRecord, type NewCharacter } from "../src/game/character/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { TEST_PASSWORD_HASHING } from "./fixtures/db-harness.ts";
import { GameClient } from "./support/game-client.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/test-database.ts";
import { availableBackends, startTestServer } from "./support/test-server.ts";

const POTION = DEFAULT_OBJECTS.healthPotion;
const APPLE = DEFAULT_OBJECTS.apple;
const EMAIL = "admin-test@test.local";
const PASSWORD = "secreto123";

for (const backend of availableBackends()) {
  describe(`argentum admin on ${backend}`, () => {
    let work: string;
    let dataDir: string;
    let database: ScratchDatabase | undefined;
    let worldPack: string;
    let otherPack: string;
    let accountId = 0;

    const location = () => (database ? ["--database-url", database.url] : ["--data-dir", dataDir]);
    async function admin(...argv: string[]) {
      const io = memoryIo();
      const code = await adminCommand.run(["character", ...argv, ...location()], io);
      return { code, stdout: io.stdout, stderr: io.stderr };
    }
    async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
      const db = await openDatabase({ url: database?.url, dataDir, passwordHashing: TEST_PASSWORD_HASHING });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    }
    const load = (name: string) => withDatabase((db) => db.characters.findCharacterByName(name));
    /** A refusal: exit 1, one line on stderr, nothing on stdout, the character unchanged. */
    async function expectRefused(name: string, argv: string[], line: string | RegExp) {
      const before = await load(name);
      const result = await admin(...argv);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.split("\n").filter(Boolean)).toHaveLength(1);
      if (typeof line === "string") expect(result.stderr).toBe(`argentum admin: ${line}\n`);
      else expect(result.stderr).toMatch(line);
      expect(await load(name)).toEqual(before);
    }

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), "argentum-admin-"));
      dataDir = join(work, "data");
      database = backend === "postgres" ? await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_admin") : undefined;
      worldPack = join(work, "world");
      otherPack = join(work, "other");
      const world = buildDefaultWorld();
      const written = await writeWorldPack(worldPack, world);
      if (!written.ok) throw new Error(JSON.stringify(written.errors));
      const other = await writeWorldPack(otherPack, { ...world, name: "Otro" });
      if (!other.ok) throw new Error(JSON.stringify(other.errors));
      await withDatabase(async (db) => {
        await db.worldIdentity.recordStart({ name: world.name, packHash: written.hash });
        const account = await db.accounts.createAccount(EMAIL, PASSWORD);
        if (account.kind !== "ok") throw new Error(account.kind);
        accountId = account.account.id;
        const make = async (name: string, extra: Partial<NewCharacter> = {}) => {
          const created = await db.characters.createCharacter({ ...newbieCharacter(accountId, name), position: { map: 1, x: 46, y: 46, heading: 3 }, ...extra });
          if (created.kind !== "ok") throw new Error(created.kind);
        };
        await make("Rico", { gold: 50, bankGold: 7, inventory: [{ slot: 1, objectId: POTION, amount: 9_990, equipped: false }] });
        await make("Lleno", {
          inventory: Array.from({ length: INVENTORY_SLOT_COUNT }, (_, index) => ({ slot: index + 1, objectId: 100 + index, amount: 1, equipped: false })),
        });
        await make("Tope", { gold: MAX_LONG - 5 });
        await make("Activo");
      });
    }, 180_000);

    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await database?.drop();
    });

    test("show prints the character as JSON", async () => {
      const result = await admin("show", "rico");
      expect(result.code).toBe(0);
      const shown = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(Object.keys(shown)).toEqual([
        "id", "account", "name", "class", "race", "gender", "homeCity", "level", "exp", "position", "vitals",
        "gold", "bankGold", "inventory", "equipment", "online", "onlineSince", "createdAt", "updatedAt", "lastLoginAt",
      ]);
      expect(shown).toMatchObject({
        account: { id: accountId, email: EMAIL },
        name: "Rico",
        class: 2,
        race: 1,
        level: 1,
        exp: 0,
        position: { map: 1, x: 46, y: 46, heading: 3 },
        vitals: { hp: 15, maxHp: 15 },
        gold: 50,
        bankGold: 7,
        inventory: [{ slot: 1, objectId: POTION, name: null, amount: 9_990, equipped: false }],
        online: false,
        onlineSince: null,
      });
      // With the world the object numbers come with their names.
      const named = JSON.parse((await admin("show", "Rico", "--world", worldPack)).stdout);
      expect(named.inventory[0].name).toBe("Poción Roja Menor");
    }, 60_000);

    test("give adds gold and items: onto the stack up to 10000, then free slots", async () => {
      const result = await admin("give", "Rico", "--gold", "1000", "--item", `${POTION}:25`, `--item=${APPLE}:3`, "--world", worldPack);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        character: "Rico",
        id: expect.any(Number),
        gold: { before: 50, after: 1_050 },
        items: [
          { objectId: POTION, amount: 25 },
          { objectId: APPLE, amount: 3 },
        ],
        slots: [
          { slot: 1, objectId: POTION, amount: 10_000, equipped: false },
          { slot: 2, objectId: POTION, amount: 15, equipped: false },
          { slot: 3, objectId: APPLE, amount: 3, equipped: false },
        ],
        objectsChecked: true,
      });
      const after = (await load("Rico")) as CharacterRecord;
      expect(after.gold).toBe(1_050);
      expect(after.bankGold).toBe(7);
      expect(after.inventory).toEqual(JSON.parse(result.stdout).slots);
      // Without --world any object number is taken, and the output says it was not checked.
      const unchecked = await admin("give", "Rico", "--item", "31000:1");
      expect(unchecked.code).toBe(0);
      expect(JSON.parse(unchecked.stdout).objectsChecked).toBe(false);
    }, 60_000);

    test("refusals: unknown name, unknown object, another world, no room, too much gold", async () => {
      await expectRefused("Rico", ["give", "Nadie", "--gold", "5"], 'no character named "Nadie"');
      await expectRefused("Rico", ["give", "Rico", "--item", "9999:1", "--world", worldPack], `object 9999 is not in the object table of world "${buildDefaultWorld().name}"`);
      await expectRefused("Rico", ["give", "Rico", "--gold", "5", "--world", otherPack], `the database belongs to world "${buildDefaultWorld().name}" but --world names "Otro"`);
      await expectRefused("Lleno", ["give", "Lleno", "--gold", "5", "--item", "7:1"], `no room in Lleno's inventory for 1 of object 7 (${INVENTORY_SLOT_COUNT} slots, 10000 per slot)`);
      await expectRefused("Tope", ["give", "Tope", "--gold", "6"], `Tope has ${MAX_LONG - 5} gold; 6 more would pass the ${MAX_LONG} a character can hold`);
      // Exactly up to the maximum is fine.
      expect((await admin("give", "Tope", "--gold", "5")).code).toBe(0);
      expect((await load("Tope"))?.gold).toBe(MAX_LONG);
    }, 120_000);

    test.each([
      [["give", "Rico", "--gold", "-5"], '--gold "-5": a whole number from 1 to 2147483647'],
      [["give", "Rico", "--gold", "2147483648"], "--gold \"2147483648\""],
      [["give", "Rico", "--gold", "99999999999999999999999"], "--gold \"99999999999999999999999\""],
      [["give", "Rico", "--gold", "1e3"], '--gold "1e3"'],
      [["give", "Rico", "--gold", "0"], '--gold "0"'],
      [["give", "Rico", "--gold", "1", "--gold", "2"], "--gold given twice"],
      [["give", "Rico", "--item", "0:1"], '--item "0:1"'],
      [["give", "Rico", "--item", "1:0"], '--item "1:0"'],
      [["give", "Rico", "--item", "40000:1"], '--item "40000:1"'],
      [["give", "Rico", "--item", "1:-1"], '--item "1:-1"'],
      [["give", "Rico", "--item", "potion"], '--item "potion"'],
      [["give", "Rico"], "character give needs --gold N and/or --item OBJ:AMOUNT"],
      [["give", "--gold", "5"], "character give needs a character NAME"],
      [["show", "Ri\u001b[31mco"], 'the character name "Ri\\u001b[31mco" has control characters'],
      [["show", "x".repeat(5_000)], "is longer than 64 characters"],
      [["show", "Rico", "--gold", "5"], 'unknown option "--gold" for character show'],
      [["show", "Rico", "--tcp-port", "1"], 'unknown option "--tcp-port" for character show'],
      [["sell", "Rico"], 'unknown action "sell"'],
    ])("usage error %p: exit 2, one line, nothing read or written", async (argv, reason) => {
      const io = memoryIo();
      expect(await adminCommand.run(["character", ...argv, "--data-dir", join(work, "never-created")], io)).toBe(2);
      expect(io.stdout).toBe("");
      expect(io.stderr).toContain(reason);
      expect(io.stderr.split("\n")).toEqual([expect.stringMatching(/^argentum admin: .*; see argentum admin --help$/), ""]);
      expect(io.stderr.length).toBeLessThan(300);
    });

    test("an empty data folder is refused without creating a database there", async () => {
      const io = memoryIo();
      expect(await adminCommand.run(["character", "show", "Rico", "--data-dir", join(work, "empty")], io)).toBe(1);
      expect(io.stderr).toBe(`argentum admin: no embedded database in data folder ${join(work, "empty")}; pass the server's --data-dir, or --database-url for Postgres\n`);
    });

    if (backend === "postgres") {
      test("a character a running server holds online is refused; after its logout the grant goes through", async () => {
        const ts = await startTestServer("postgres", [], join(work, "server"), database);
        try {
          const client = await GameClient.connect("tcp", ts.host, ts.tcpPort);
          await client.waitFor("Connected");
          client.send("LoginAccount", { email: EMAIL, password: PASSWORD });
          const list = await client.waitFor("AccountCharacterList");
          const entry = (list.fields.characters as { id: number; name: string }[]).find((character) => character.name === "Activo")!;
          client.send("LoginExistingChar", { charId: entry.id, name: "Activo" });
          await client.waitFor("Logged");

          const shown = JSON.parse((await admin("show", "Activo")).stdout);
          expect(shown.online).toBe(true);
          await expectRefused("Activo", ["give", "Activo", "--gold", "5"], /^argentum admin: Activo is online \(since .+\); a running server holds it and would overwrite the change: try after it logs out\n$/);

          client.send("Quit");
          await client.waitForClose();
          await ts.server.gateway.drainSaves();
          const given = await admin("give", "Activo", "--gold", "5");
          expect(given.code).toBe(0);
          expect((await ts.server.database.characters.findCharacterByName("Activo"))?.gold).toBe(5);
        } finally {
          await ts.stop();
          rmSync(join(work, "server"), { recursive: true, force: true });
        }
      }, 120_000);
    } else {
      test("on the embedded database, marks a crashed server left are cleared under the lock", async () => {
        await withDatabase(async (db) => {
          const record = await db.characters.findCharacterByName("Activo");
          expect(await db.characters.markOnline(record!.id)).toBe(true);
        });
        const result = await admin("give", "Activo", "--gold", "5");
        expect(result.code).toBe(0);
        expect(result.stderr).toBe("argentum admin: cleared 1 online mark(s) left by a server that did not stop cleanly\n");
        expect((await load("Activo"))?.gold).toBe(5);
      }, 60_000);
    }
  });
}
