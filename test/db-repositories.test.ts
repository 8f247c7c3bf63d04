/**
 * One conformance suite for every database backend: the same tests run on PGlite (worker, temp
 * directory) and on Postgres (a fresh database on the TEST_DATABASE_URL server). Each test starts
 * from empty tables; the store is opened once per backend to keep the suite fast.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { getTableColumns } from "drizzle-orm";
import type { CharacterRecord } from "../src/game/character/index.ts";
import { DatabaseError } from "../src/db/index.ts";
import type { InternalDatabase } from "../src/db/database.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import { applyMigrations, MIGRATIONS_TABLE } from "../src/db/migrator.ts";
import { PostgresClient } from "../src/db/postgres-backend.ts";
import { characters } from "../src/db/schema.ts";
import { newbieCharacter, veteranCharacter } from "./fixtures/db-characters.ts";
import { describeOnBothBackends, manualClock, type BackendHarness } from "./fixtures/db-harness.ts";

/** Generous for a 2-core CI box; a PGlite write on the main thread measured 621 ms for 1,000 rows. */
const MAX_EVENT_LOOP_LAG_MS = 200;
const STALL_BATCH_SIZE = 1_000;
const LAG_PROBE_INTERVAL_MS = 5;
/** For the few tests that move a thousand rows, on a loaded 2-core machine. */
const SLOW_TEST_TIMEOUT_MS = 30_000;
/** First PGlite start runs initdb: seconds, not milliseconds. */
const OPEN_TIMEOUT_MS = 120_000;
/** How often the concurrent-claim test looks at the server while it waits for the save to block. */
const POLL_INTERVAL_MS = 5;
/** Bound on such a wait: the save blocks in milliseconds on an idle server. */
const POLL_DEADLINE_MS = 10_000;
/** The node names the fencing tests claim and save as. */
const NODE_A = "node-a:0001";
const NODE_B = "node-b:0002";

/** Polls `check` until it holds; Postgres' lock table is the event awaited. */
async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + POLL_DEADLINE_MS;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await Bun.sleep(POLL_INTERVAL_MS);
  }
}

// Every test here is milliseconds when idle; the slack is for a loaded 2-core CI machine.
setDefaultTimeout(SLOW_TEST_TIMEOUT_MS);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

async function expectDatabaseError(promise: Promise<unknown>, code: string): Promise<DatabaseError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DatabaseError);
  expect((error as DatabaseError).code).toBe(code as DatabaseError["code"]);
  return error as DatabaseError;
}

function describeConformance(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`database conformance (${label})`, () => {
    const clock = manualClock();
    let harness: BackendHarness;
    let db: InternalDatabase;

    const raw = (sql: string, params: unknown[] = []) => db.sql.query(sql, params, "object") as Promise<Record<string, unknown>[]>;
    const appliedMigrations = () => raw(`SELECT tag, sha256, applied_at::text AS applied_at FROM ${MIGRATIONS_TABLE} ORDER BY tag`);

    async function newAccount(email = "hero@example.com", password = "correct horse") {
      const outcome = await db.accounts.createAccount(email, password);
      if (outcome.kind !== "ok") throw new Error(`account setup failed: ${outcome.kind}`);
      return outcome.account;
    }

    async function newCharacter(accountId: number, name: string, veteran = false): Promise<CharacterRecord> {
      const outcome = await db.characters.createCharacter(veteran ? veteranCharacter(accountId, name) : newbieCharacter(accountId, name));
      if (outcome.kind !== "ok") throw new Error(`character setup failed: ${outcome.kind}`);
      return outcome.character;
    }

    beforeAll(async () => {
      harness = await makeHarness();
      db = await harness.open({ now: clock.now });
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await db?.close();
      await harness?.dispose();
    });

    beforeEach(async () => {
      await db.sql.query("TRUNCATE characters, accounts, world_identity RESTART IDENTITY CASCADE", [], "array");
    });

    describe("migrations", () => {
      test("every embedded migration is recorded exactly once, in journal order", async () => {
        const rows = await appliedMigrations();
        expect(rows.map((row) => row.tag)).toEqual(MIGRATIONS.map((migration) => migration.tag));
        expect(db.backend).toBe(harness.name);
      });

      test("migrating again changes nothing", async () => {
        const before = await appliedMigrations();
        await db.migrate();
        await db.migrate();
        const report = await applyMigrations(db.sql, MIGRATIONS);
        expect(report.applied).toEqual([]);
        expect(report.alreadyApplied).toEqual(MIGRATIONS.map((migration) => migration.tag));
        expect(await appliedMigrations()).toEqual(before);
      });

      test("a failing migration is rolled back entirely and not recorded", async () => {
        const broken = {
          tag: "9000_broken",
          sql: "CREATE TABLE argentum_probe (id integer);\n--> statement-breakpoint\nINSERT INTO argentum_probe VALUES ('not a number');",
        };
        const error = await expectDatabaseError(applyMigrations(db.sql, [...MIGRATIONS, broken]), "migration_failed");
        expect(error.message).toContain("9000_broken");
        expect(await raw("SELECT to_regclass('argentum_probe')::text AS probe")).toEqual([{ probe: null }]);
        expect((await appliedMigrations()).map((row) => row.tag)).not.toContain("9000_broken");
      });

      test("a database migrated by a newer build is refused", async () => {
        await raw(`INSERT INTO ${MIGRATIONS_TABLE} (tag, sha256) VALUES ('9999_future', 'x')`);
        try {
          const error = await expectDatabaseError(db.migrate(), "migration_failed");
          expect(error.message).toContain("9999_future");
        } finally {
          await raw(`DELETE FROM ${MIGRATIONS_TABLE} WHERE tag = '9999_future'`);
        }
      });
    });

    describe("accounts", () => {
      test("creates an account keeping the email's spelling, with a slow hash instead of the password", async () => {
        const outcome = await db.accounts.createAccount("  Hero@Example.COM ", "correct horse");
        expect(outcome).toEqual({
          kind: "ok",
          account: { id: 1, email: "Hero@Example.COM", banned: false, createdAt: clock.now(), lastLoginAt: null },
        });
        const [row] = await raw("SELECT password_hash FROM accounts");
        expect(String(row?.password_hash)).toStartWith("$argon2id$v=19$m=1024,t=1,p=1$");
        expect(String(row?.password_hash)).not.toContain("correct horse");
      });

      test("an email is taken whatever its case", async () => {
        await newAccount("hero@example.com");
        expect(await db.accounts.createAccount("HERO@example.com", "other")).toEqual({ kind: "email_taken" });
        expect(await raw("SELECT count(*)::integer AS n FROM accounts")).toEqual([{ n: 1 }]);
      });

      test("rejects malformed emails and passwords without storing anything", async () => {
        expect(await db.accounts.createAccount("no-at-sign", "pw")).toEqual({ kind: "invalid", reason: "email" });
        expect(await db.accounts.createAccount("two words@example.com", "pw")).toEqual({ kind: "invalid", reason: "email" });
        expect(await db.accounts.createAccount(`${"a".repeat(250)}@example.com`, "pw")).toEqual({ kind: "invalid", reason: "email" });
        expect(await db.accounts.createAccount("ok@example.com", "")).toEqual({ kind: "invalid", reason: "password" });
        expect(await db.accounts.createAccount("ok@example.com", "x".repeat(1_025))).toEqual({ kind: "invalid", reason: "password" });
        expect(await raw("SELECT count(*)::integer AS n FROM accounts")).toEqual([{ n: 0 }]);
      });

      test("verifies passwords: right, wrong, unknown account", async () => {
        const account = await newAccount("hero@example.com", "correct horse");
        expect(await db.accounts.verifyPassword("HERO@EXAMPLE.COM", "correct horse")).toEqual({ kind: "ok", account });
        expect(await db.accounts.verifyPassword("hero@example.com", "Correct horse")).toEqual({ kind: "wrong_password" });
        expect(await db.accounts.verifyPassword("hero@example.com", "x".repeat(5_000))).toEqual({ kind: "wrong_password" });
        expect(await db.accounts.verifyPassword("nobody@example.com", "correct horse")).toEqual({ kind: "unknown_account" });
      });

      test("a banned account is reported only to someone who knows the password", async () => {
        const account = await newAccount();
        expect(await db.accounts.setBanned(account.id, true)).toBe(true);
        expect(await db.accounts.verifyPassword(account.email, "correct horse")).toEqual({ kind: "banned", account: { ...account, banned: true } });
        expect(await db.accounts.verifyPassword(account.email, "wrong")).toEqual({ kind: "wrong_password" });
        expect(await db.accounts.setBanned(account.id, false)).toBe(true);
        expect((await db.accounts.verifyPassword(account.email, "correct horse")).kind).toBe("ok");
        expect(await db.accounts.setBanned(9_999, true)).toBe(false);
      });

      test("finds an account by id", async () => {
        const account = await newAccount();
        expect(await db.accounts.findAccountById(account.id)).toEqual(account);
        expect(await db.accounts.findAccountById(9_999)).toBeNull();
      });

      test("records the last login at the injected time", async () => {
        const account = await newAccount();
        clock.advance(90_000);
        expect(await db.accounts.touchLastLogin(account.id)).toBe(true);
        expect(await db.accounts.findAccountByEmail("HERO@example.com")).toEqual({ ...account, lastLoginAt: clock.now() });
        expect(await db.accounts.touchLastLogin(9_999)).toBe(false);
        expect(await db.accounts.findAccountByEmail("nobody@example.com")).toBeNull();
      });
    });

    describe("characters", () => {
      test("creates a character and loads it back field for field", async () => {
        const account = await newAccount();
        const input = veteranCharacter(account.id, "Gandalf");
        const outcome = await db.characters.createCharacter(input);
        const expected: CharacterRecord = { ...input, id: 1, createdAt: clock.now(), updatedAt: clock.now(), lastLoginAt: null, gen: 0 };
        expect(outcome).toEqual({ kind: "ok", character: expected });
        expect(await db.characters.loadCharacter(1)).toEqual(expected);
        expect(await db.characters.loadCharacter(2)).toBeNull();
      });

      test("jsonb columns round-trip inventory, equipment, skills, attributes and spells exactly", async () => {
        const account = await newAccount();
        const input = veteranCharacter(account.id, "Packrat");
        await db.characters.createCharacter(input);
        const loaded = await db.characters.findCharacterByName("packrat");
        expect(loaded?.inventory).toEqual(input.inventory);
        expect(loaded?.inventory).toHaveLength(42);
        expect(loaded?.equipment).toEqual(input.equipment);
        expect(loaded?.skills).toEqual(input.skills);
        expect(loaded?.attributes).toEqual(input.attributes);
        expect(loaded?.spells).toEqual(input.spells);
        expect(loaded?.exp).toBe(3_000_000_000);
        expect(loaded?.bankGold).toBe(12_345_678_901);
        const [types] = await raw("SELECT jsonb_typeof(inventory) AS inventory, jsonb_typeof(equipment) AS equipment FROM characters");
        expect(types).toEqual({ inventory: "array", equipment: "object" });
      });

      test("names are unique whatever their case, and found whatever their case", async () => {
        const account = await newAccount();
        const gandalf = await newCharacter(account.id, "Gandalf");
        expect(await db.characters.createCharacter(newbieCharacter(account.id, "GANDALF"))).toEqual({ kind: "name_taken" });
        expect(await db.characters.isNameTaken("gAnDaLf")).toBe(true);
        expect(await db.characters.isNameTaken("Saruman")).toBe(false);
        expect(await db.characters.findCharacterByName("gandalf")).toEqual(gandalf);
        expect(await db.characters.findCharacterByName("Saruman")).toBeNull();
      });

      test("a character for a missing account is refused", async () => {
        expect(await db.characters.createCharacter(newbieCharacter(4_242, "Orphan"))).toEqual({ kind: "unknown_account" });
      });

      test("lists exactly an account's characters, oldest first", async () => {
        const first = await newAccount("first@example.com");
        const second = await newAccount("second@example.com");
        const a = await newCharacter(first.id, "Alpha");
        await newCharacter(second.id, "Other");
        const b = await newCharacter(first.id, "Beta");
        expect(await db.characters.listCharacters(first.id)).toEqual([a, b]);
        expect(await db.characters.listCharacters(9_999)).toEqual([]);
      });

      test("saves state, stamps updatedAt and leaves the caller's record alone", async () => {
        const account = await newAccount();
        const created = await newCharacter(account.id, "Traveller");
        clock.advance(60_000);
        const changed: CharacterRecord = deepFreeze({
          ...created,
          level: 2,
          exp: 150,
          position: { map: 2, x: 10, y: 20, heading: 1 },
          vitals: { ...created.vitals, hp: 3 },
          gold: 77,
          inventory: [{ slot: 5, objectId: 900, amount: 1, equipped: true }],
          equipment: { ...created.equipment, weapon: 900 },
          lastLoginAt: clock.now(),
        });
        const snapshot = structuredClone(changed);
        expect(await db.characters.saveCharacter(changed)).toEqual({ kind: "ok", updatedAt: clock.now() });
        expect(changed).toEqual(snapshot);
        expect(await db.characters.loadCharacter(created.id)).toEqual({ ...snapshot, updatedAt: clock.now() });
      });

      test("a save never renames, moves to another account or rewrites createdAt", async () => {
        const account = await newAccount();
        const other = await newAccount("other@example.com");
        const created = await newCharacter(account.id, "Fixed");
        clock.advance(1_000);
        await db.characters.saveCharacter({ ...created, name: "Renamed", accountId: other.id, createdAt: new Date(0) });
        const loaded = await db.characters.loadCharacter(created.id);
        expect(loaded?.name).toBe("Fixed");
        expect(loaded?.accountId).toBe(account.id);
        expect(loaded?.createdAt).toEqual(created.createdAt);
      });

      test("saving a character that does not exist reports it", async () => {
        const account = await newAccount();
        const created = await newCharacter(account.id, "Ghost");
        expect(await db.characters.saveCharacter({ ...created, id: 777 })).toEqual({ kind: "not_found" });
      });

      test("a batch with a row the schema rejects saves nothing and leaves the records alone", async () => {
        const account = await newAccount();
        const records = [await newCharacter(account.id, "One"), await newCharacter(account.id, "Two"), await newCharacter(account.id, "Three")];
        clock.advance(5_000);
        const batch = deepFreeze(records.map((record, index) => ({ ...record, level: 10 + index, gold: index === 1 ? -5 : 100 })));
        const snapshot = structuredClone(batch);
        const error = await expectDatabaseError(db.characters.saveCharacters(batch), "constraint_violated");
        expect(error.message).toContain("characters_gold_non_negative");
        expect(error.message).not.toContain("\n");
        expect(batch).toEqual(snapshot);
        for (const record of records) expect(await db.characters.loadCharacter(record.id)).toEqual(record);
      });

      test("a batch naming a missing character saves nothing and names it", async () => {
        const account = await newAccount();
        const records = [await newCharacter(account.id, "Here"), await newCharacter(account.id, "There")];
        const batch = [{ ...records[0]!, level: 5 }, { ...records[1]!, id: 555 }, { ...records[1]!, id: 444 }];
        expect(await db.characters.saveCharacters(batch)).toEqual({ kind: "not_found", ids: [444, 555] });
        expect(await db.characters.loadCharacter(records[0]!.id)).toEqual(records[0]!);
      });

      test("a batch saves every record in it", async () => {
        const account = await newAccount();
        const records = [await newCharacter(account.id, "Uno"), await newCharacter(account.id, "Dos", true), await newCharacter(account.id, "Tres")];
        clock.advance(30_000);
        const batch = records.map((record, index) => ({ ...record, level: 20 + index, skills: record.skills.map((value) => value + index) }));
        expect(await db.characters.saveCharacters(batch)).toEqual({ kind: "ok", saved: 3, updatedAt: clock.now(), fenced: [] });
        expect(await db.characters.listCharacters(account.id)).toEqual(batch.map((record) => ({ ...record, updatedAt: clock.now() })));
        expect(await db.characters.saveCharacters([])).toEqual({ kind: "ok", saved: 0, updatedAt: clock.now(), fenced: [] });
      });

      test("a batch naming one character twice is refused before touching the database", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Twice");
        await expectDatabaseError(db.characters.saveCharacters([record, { ...record, level: 9 }]), "invalid_argument");
        expect(await db.characters.loadCharacter(record.id)).toEqual(record);
      });

      test("deletes a character, freeing its name", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Mortal");
        expect(await db.characters.deleteCharacter(record.id)).toBe(true);
        expect(await db.characters.deleteCharacter(record.id)).toBe(false);
        expect(await db.characters.isNameTaken("mortal")).toBe(false);
        expect((await db.characters.createCharacter(newbieCharacter(account.id, "MORTAL"))).kind).toBe("ok");
      });

      test(`saving ${STALL_BATCH_SIZE} characters does not stall the event loop`, async () => {
        const account = await newAccount();
        const template = await newCharacter(account.id, "Bulk0", true);
        // Cloning the template server-side keeps the setup to one statement.
        const copied = Object.values(getTableColumns(characters))
          .map((column) => `"${column.name}"`)
          .filter((name) => name !== '"id"' && name !== '"name"')
          .join(", ");
        await raw(
          `INSERT INTO characters (name, ${copied}) SELECT 'Bulk' || n, ${copied} FROM characters, generate_series(1, $1::integer) AS n WHERE id = $2`,
          [STALL_BATCH_SIZE - 1, template.id],
        );
        const records = (await db.characters.listCharacters(account.id)).map((record) => ({ ...record, level: 60 }));
        expect(records).toHaveLength(STALL_BATCH_SIZE);
        let last = performance.now();
        let worstGapMs = 0;
        const probe = setInterval(() => {
          const now = performance.now();
          worstGapMs = Math.max(worstGapMs, now - last);
          last = now;
        }, LAG_PROBE_INTERVAL_MS);
        const startedAt = performance.now();
        const outcome = await db.characters.saveCharacters(records);
        const saveMs = performance.now() - startedAt;
        clearInterval(probe);
        worstGapMs = Math.max(worstGapMs, performance.now() - last);
        console.log(`[${label}] saveCharacters(${STALL_BATCH_SIZE}): ${saveMs.toFixed(0)} ms, worst event-loop gap ${worstGapMs.toFixed(1)} ms`);
        expect(outcome).toMatchObject({ kind: "ok", saved: STALL_BATCH_SIZE });
        expect(worstGapMs).toBeLessThan(MAX_EVENT_LOOP_LAG_MS);
        expect(await raw("SELECT count(*)::integer AS n FROM characters WHERE level = 60")).toEqual([{ n: STALL_BATCH_SIZE }]);
      }, SLOW_TEST_TIMEOUT_MS);
    });

    describe("bank vault", () => {
      test("a new character has an empty vault; a save with `bank` writes it, one without leaves it alone", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Banca");
        expect(await db.characters.loadBank(record.id)).toEqual([]);
        const bank = [
          { slot: 1, objectId: 38, amount: 10 },
          { slot: 42, objectId: 2, amount: 1 },
        ];
        expect((await db.characters.saveCharacters([{ ...record, bankGold: 500, bank }])).kind).toBe("ok");
        expect(await db.characters.loadBank(record.id)).toEqual(bank);
        expect((await db.characters.loadCharacter(record.id))!.bankGold).toBe(500);
        expect("bank" in (await db.characters.loadCharacter(record.id))!).toBe(false);
        // without `bank`: the stored vault is untouched
        expect((await db.characters.saveCharacters([{ ...record, level: 3 }], { final: true })).kind).toBe("ok");
        expect(await db.characters.loadBank(record.id)).toEqual(bank);
        // with `bank`: replaced as a whole (slot 1 changed, slot 42 emptied, slot 7 added)
        const next = [
          { slot: 1, objectId: 38, amount: 3 },
          { slot: 7, objectId: 1, amount: 9_999 },
        ];
        expect((await db.characters.saveCharacters([{ ...record, bank: next }])).kind).toBe("ok");
        expect(await db.characters.loadBank(record.id)).toEqual(next);
        expect((await db.characters.saveCharacters([{ ...record, bank: [] }])).kind).toBe("ok");
        expect(await db.characters.loadBank(record.id)).toEqual([]);
      });

      test("vaults of several characters in one batch, each its own", async () => {
        const account = await newAccount();
        const one = await newCharacter(account.id, "Uno");
        const two = await newCharacter(account.id, "Dos");
        const three = await newCharacter(account.id, "Tres");
        await db.characters.saveCharacters([{ ...three, bank: [{ slot: 2, objectId: 5, amount: 5 }] }]);
        const batch = [
          { ...one, bank: [{ slot: 1, objectId: 1, amount: 1 }] },
          { ...two, bank: [{ slot: 1, objectId: 2, amount: 2 }] },
          { ...three, level: 4 },
        ];
        expect((await db.characters.saveCharacters(batch)).kind).toBe("ok");
        expect(await db.characters.loadBank(one.id)).toEqual([{ slot: 1, objectId: 1, amount: 1 }]);
        expect(await db.characters.loadBank(two.id)).toEqual([{ slot: 1, objectId: 2, amount: 2 }]);
        expect(await db.characters.loadBank(three.id)).toEqual([{ slot: 2, objectId: 5, amount: 5 }]);
      });

      test("a failing save changes neither the character nor its vault", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Firme");
        const bank = [{ slot: 3, objectId: 38, amount: 10 }];
        await db.characters.saveCharacters([{ ...record, bank }]);
        const stored = (await db.characters.loadCharacter(record.id))!;
        clock.advance(1_000);
        // a bad character row with a good vault
        await expectDatabaseError(db.characters.saveCharacters([{ ...stored, gold: -1, bank: [] }]), "constraint_violated");
        expect(await db.characters.loadBank(record.id)).toEqual(bank);
        // a good character row with a bad vault (amount 0, slot 43, more than a stack)
        for (const bad of [
          [{ slot: 3, objectId: 38, amount: 0 }],
          [{ slot: 43, objectId: 38, amount: 1 }],
          [{ slot: 1, objectId: 38, amount: 10_001 }],
          [{ slot: 1, objectId: 0, amount: 1 }],
        ]) {
          const error = await expectDatabaseError(db.characters.saveCharacters([{ ...stored, level: 9, gold: 1, bank: bad }]), "constraint_violated");
          expect(error.message).toContain("bank_items");
        }
        expect(await db.characters.loadCharacter(record.id)).toEqual(stored);
        expect(await db.characters.loadBank(record.id)).toEqual(bank);
        // a batch naming a missing character writes no vault either
        expect(await db.characters.saveCharacters([{ ...stored, bank: [] }, { ...stored, id: 999 }])).toEqual({ kind: "not_found", ids: [999] });
        expect(await db.characters.loadBank(record.id)).toEqual(bank);
      });

      test("deleting a character deletes its vault", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Adios");
        await db.characters.saveCharacters([{ ...record, bank: [{ slot: 1, objectId: 1, amount: 1 }] }]);
        expect(await db.characters.deleteCharacter(record.id)).toBe(true);
        expect(await db.characters.loadBank(record.id)).toEqual([]);
      });
    });

    describe("bank credits (gold sent to a character that is not online)", () => {
      const transfers = () => raw("SELECT id::text AS id, from_character_id, to_character_id, amount::float8 AS amount FROM bank_transfers ORDER BY created_at, id");
      const bankGoldOf = async (id: number) => (await db.characters.loadCharacter(id))!.bankGold;
      const credit = (transfer: string, from: number, toName: string, amount: number) => ({ transfer, from, toName, amount });
      const T1 = "00000000-0000-4000-8000-000000000001";
      const T2 = "00000000-0000-4000-8000-000000000002";
      const T3 = "00000000-0000-4000-8000-000000000003";

      test("the recipient's bank gold and the sender's debited state land in one statement, with a transfer row; the name in any case", async () => {
        const account = await newAccount();
        const sender = await newCharacter(account.id, "Remitente");
        const recipient = await newCharacter(account.id, "Destino");
        await db.characters.saveCharacters([{ ...recipient, bankGold: 40 }]);
        await db.characters.markOnline(sender.id);
        clock.advance(1_000);
        const outcome = await db.characters.saveCharacters([{ ...sender, bankGold: 700 }], { credits: [credit(T1, sender.id, "dEsTiNo", 300)] });
        expect(outcome).toEqual({ kind: "ok", saved: 1, updatedAt: clock.now(), fenced: [] });
        expect(await bankGoldOf(sender.id)).toBe(700);
        expect(await bankGoldOf(recipient.id)).toBe(340);
        // The recipient was written: a tool holding an older copy of it is now stale.
        expect((await db.characters.loadCharacter(recipient.id))!.updatedAt).toEqual(clock.now());
        expect(await transfers()).toEqual([{ id: T1, from_character_id: sender.id, to_character_id: recipient.id, amount: 300 }]);
        expect(await db.characters.onlineSince(sender.id)).not.toBeNull(); // a credit does not make the save final
      });

      test("a save retried with a credit an earlier attempt already made credits it once", async () => {
        const account = await newAccount();
        const sender = await newCharacter(account.id, "Insistente");
        const recipient = await newCharacter(account.id, "Receptor");
        const batch = [{ ...sender, bankGold: 0 }];
        expect((await db.characters.saveCharacters(batch, { credits: [credit(T1, sender.id, "Receptor", 25)] })).kind).toBe("ok");
        // The answer was lost; the gateway writes the same batch again (and a second credit with it).
        clock.advance(1_000);
        const again = await db.characters.saveCharacters([{ ...sender, bankGold: 0, level: 2 }], {
          credits: [credit(T1, sender.id, "Receptor", 25), credit(T2, sender.id, "receptor", 5)],
        });
        expect(again.kind).toBe("ok");
        expect(await bankGoldOf(recipient.id)).toBe(30);
        expect((await db.characters.loadCharacter(sender.id))!.level).toBe(2);
        expect((await transfers()).map((row) => row.id).sort()).toEqual([T1, T2]);
        // Done credits are not checked again: the recipient being online now changes nothing.
        await db.characters.markOnline(recipient.id);
        expect((await db.characters.saveCharacters(batch, { credits: [credit(T2, sender.id, "Receptor", 5)] })).kind).toBe("ok");
        expect(await bankGoldOf(recipient.id)).toBe(30);
      });

      test("refusals write nothing at all and name each refused credit: no such character, online, in the batch, past a VB6 Long", async () => {
        const account = await newAccount();
        const sender = await newCharacter(account.id, "Generoso");
        const rich = await newCharacter(account.id, "Rico");
        const busy = await newCharacter(account.id, "Ocupado");
        const other = await newCharacter(account.id, "Otro");
        await db.characters.saveCharacters([{ ...rich, bankGold: 2_147_483_000 }]);
        await db.characters.markOnline(busy.id);
        const before = await Promise.all([sender, rich, busy, other].map((c) => db.characters.loadCharacter(c.id)));
        clock.advance(1_000);
        const outcome = await db.characters.saveCharacters([{ ...sender, bankGold: 1 }, { ...other, level: 7 }], {
          credits: [credit(T1, sender.id, "Nadie", 1), credit(T2, sender.id, "ocupado", 1), credit(T3, sender.id, "Otro", 1)],
        });
        expect(outcome.kind).toBe("credits_refused");
        const refused = outcome.kind === "credits_refused" ? [...outcome.refused].sort((a, b) => a.transfer.localeCompare(b.transfer)) : [];
        expect(refused).toEqual([
          { transfer: T1, reason: "no_such_character" },
          { transfer: T2, reason: "online" },
          { transfer: T3, reason: "online" },
        ]);
        // Two credits that fit alone but not together.
        const both = await db.characters.saveCharacters([{ ...sender, bankGold: 1 }], { credits: [credit(T1, sender.id, "Rico", 400), credit(T2, sender.id, "Rico", 400)] });
        expect(both).toEqual({
          kind: "credits_refused",
          refused: expect.arrayContaining([
            { transfer: T1, reason: "overflow" },
            { transfer: T2, reason: "overflow" },
          ]),
        });
        expect(await Promise.all([sender, rich, busy, other].map((c) => db.characters.loadCharacter(c.id)))).toEqual(before);
        expect(await transfers()).toEqual([]);
        // One that fits.
        expect((await db.characters.saveCharacters([{ ...sender, bankGold: 1 }], { credits: [credit(T1, sender.id, "Rico", 647)] })).kind).toBe("ok");
        expect(await bankGoldOf(rich.id)).toBe(2_147_483_647);
      });

      test("a missing character wins over credits; a credit whose sender is not in the batch is refused before the database", async () => {
        const account = await newAccount();
        const sender = await newCharacter(account.id, "Ausente");
        const recipient = await newCharacter(account.id, "Presente");
        expect(await db.characters.saveCharacters([{ ...sender, id: 777 }], { credits: [credit(T1, 777, "Presente", 1)] })).toEqual({ kind: "not_found", ids: [777] });
        await expectDatabaseError(db.characters.saveCharacters([sender], { credits: [credit(T1, recipient.id, "Ausente", 1)] }), "invalid_argument");
        await expectDatabaseError(db.characters.saveCharacters([sender], { credits: [credit(T1, sender.id, "Presente", 0)] }), "invalid_argument");
        expect(await bankGoldOf(recipient.id)).toBe(0);
        expect(await transfers()).toEqual([]);
      });
    });

    describe("online marks", () => {
      const onlineSince = (id: number) => db.characters.onlineSince(id);

      test("marked on entering, cleared by the final save together with the state; autosaves keep it", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Walker");
        expect(await onlineSince(record.id)).toBeNull();
        clock.advance(1_000);
        expect(await db.characters.markOnline(record.id)).toBe(true);
        const markedAt = clock.now();
        expect(await onlineSince(record.id)).toEqual(markedAt);
        clock.advance(1_000);
        // An autosave writes the state and leaves the mark alone.
        expect((await db.characters.saveCharacters([{ ...record, level: 2 }])).kind).toBe("ok");
        expect(await onlineSince(record.id)).toEqual(markedAt);
        // A record never carries the mark: loading it does not show it, saving it cannot set it.
        expect(Object.keys((await db.characters.loadCharacter(record.id))!)).not.toContain("onlineSince");
        clock.advance(1_000);
        expect((await db.characters.saveCharacters([{ ...record, level: 3 }], { final: true })).kind).toBe("ok");
        expect(await onlineSince(record.id)).toBeNull();
        expect((await db.characters.loadCharacter(record.id))?.level).toBe(3);
        expect(await db.characters.markOnline(9_999)).toBe(false);
        expect(await onlineSince(9_999)).toBeUndefined();
      });

      test("finality per record: one statement writes every state and clears only the final ones' marks", async () => {
        // A trader logs out while its trade's own save had failed: its final state and its
        // partner's (still online) go in one statement; only the leaver's mark is cleared.
        const account = await newAccount();
        const leaver = await newCharacter(account.id, "Leaver");
        const partner = await newCharacter(account.id, "Partner");
        const bystander = await newCharacter(account.id, "Bystander");
        for (const record of [leaver, partner, bystander]) await db.characters.markOnline(record.id);
        const markedAt = clock.now();
        clock.advance(1_000);
        const batch = [
          { ...leaver, gold: 70, bank: [{ slot: 1, objectId: 38, amount: 2 }] },
          { ...partner, gold: 130 },
        ];
        const asked: number[] = [];
        const final = (id: number) => {
          asked.push(id);
          return id === leaver.id;
        };
        expect(await db.characters.saveCharacters(batch, { final })).toEqual({ kind: "ok", saved: 2, updatedAt: clock.now(), fenced: [] });
        expect(asked.sort()).toEqual([leaver.id, partner.id].sort());
        expect(await onlineSince(leaver.id)).toBeNull();
        expect(await onlineSince(partner.id)).toEqual(markedAt);
        expect(await onlineSince(bystander.id)).toEqual(markedAt);
        expect((await db.characters.loadCharacter(leaver.id))?.gold).toBe(70);
        expect((await db.characters.loadCharacter(partner.id))?.gold).toBe(130);
        expect(await db.characters.loadBank(leaver.id)).toEqual([{ slot: 1, objectId: 38, amount: 2 }]);

        // A predicate that says no to everyone is an autosave: no mark moves.
        clock.advance(1_000);
        expect((await db.characters.saveCharacters([{ ...partner, gold: 131 }, { ...bystander, gold: 5 }], { final: () => false })).kind).toBe("ok");
        expect(await onlineSince(partner.id)).toEqual(markedAt);
        expect(await onlineSince(bystander.id)).toEqual(markedAt);
        // `true` still means every record of the batch.
        expect((await db.characters.saveCharacters([{ ...partner, gold: 132 }, { ...bystander, gold: 6 }], { final: true })).kind).toBe("ok");
        expect(await onlineSince(partner.id)).toBeNull();
        expect(await onlineSince(bystander.id)).toBeNull();
      });

      test("a mixed-finality batch that fails writes no state and clears no mark", async () => {
        const account = await newAccount();
        const leaver = await newCharacter(account.id, "Quitter");
        const partner = await newCharacter(account.id, "Stayer");
        await db.characters.markOnline(leaver.id);
        await db.characters.markOnline(partner.id);
        const final = (id: number) => id === leaver.id;
        await expectDatabaseError(db.characters.saveCharacters([{ ...leaver, gold: 70 }, { ...partner, gold: -1 }], { final }), "constraint_violated");
        expect(await onlineSince(leaver.id)).not.toBeNull();
        expect((await db.characters.loadCharacter(leaver.id))?.gold).toBe(leaver.gold);
        expect(await db.characters.saveCharacters([{ ...leaver, gold: 70 }, { ...partner, id: 4_321 }], { final })).toEqual({ kind: "not_found", ids: [4_321] });
        expect(await onlineSince(leaver.id)).not.toBeNull();
      });

      test("a final save that fails leaves the mark (the state is not on disk)", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Faulty");
        await db.characters.markOnline(record.id);
        await expectDatabaseError(db.characters.saveCharacters([{ ...record, gold: -1 }], { final: true }), "constraint_violated");
        expect(await onlineSince(record.id)).not.toBeNull();
        expect(await db.characters.markOffline(record.id)).toBe(true);
        expect(await onlineSince(record.id)).toBeNull();
      });

      test("a character created to enter the world is born marked", async () => {
        const account = await newAccount();
        const outcome = await db.characters.createCharacter(newbieCharacter(account.id, "Recien"), { online: true });
        expect(outcome.kind).toBe("ok");
        if (outcome.kind === "ok") expect(await onlineSince(outcome.character.id)).toEqual(clock.now());
        expect(await onlineSince((await newCharacter(account.id, "Tranquilo")).id)).toBeNull();
      });

      test("clearOnlineMarks clears every mark and counts them", async () => {
        const account = await newAccount();
        const a = await newCharacter(account.id, "Crashed");
        const b = await newCharacter(account.id, "Crashed2");
        await newCharacter(account.id, "Offline");
        await db.characters.markOnline(a.id);
        await db.characters.markOnline(b.id);
        expect(await db.characters.clearOnlineMarks()).toBe(2);
        expect(await db.characters.clearOnlineMarks()).toBe(0);
        expect(await onlineSince(a.id)).toBeNull();
      });

      test("saveOfflineCharacter writes only an unmarked character nobody saved since it was read", async () => {
        const account = await newAccount();
        const read = await newCharacter(account.id, "Banker");
        clock.advance(1_000);
        expect(await db.characters.saveOfflineCharacter({ ...read, gold: 500 })).toEqual({ kind: "ok", updatedAt: clock.now() });
        const afterGrant = (await db.characters.loadCharacter(read.id))!;
        expect(afterGrant).toMatchObject({ gold: 500, updatedAt: clock.now(), name: "Banker" });
        // The copy read before that write is stale now.
        expect(await db.characters.saveOfflineCharacter({ ...read, gold: 900 })).toEqual({ kind: "stale" });
        // Online: refused, naming since when.
        clock.advance(1_000);
        await db.characters.markOnline(read.id);
        expect(await db.characters.saveOfflineCharacter({ ...afterGrant, gold: 900 })).toEqual({ kind: "online", since: clock.now() });
        expect(await db.characters.saveOfflineCharacter({ ...afterGrant, id: 4_444 })).toEqual({ kind: "not_found" });
        expect((await db.characters.loadCharacter(read.id))?.gold).toBe(500);
      });
    });

    describe("fencing (character generations)", () => {
      const postgresOnly = (name: string, body: () => Promise<void>): void => {
        if (label === "postgres") test(name, body);
      };
      const stored = async (id: number) => (await raw("SELECT gen::integer AS gen, owner_node, level FROM characters WHERE id = $1", [id]))[0];
      const bank = [{ slot: 1, objectId: 38, amount: 10 }];

      test("a claim raises the generation, marks the character online and records the node, in one statement", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Claimed");
        expect(record.gen).toBe(0);
        clock.advance(1_000);
        expect(await db.characters.claimCharacter(record.id, NODE_A)).toEqual({ kind: "ok", gen: 1 });
        expect(await db.characters.onlineSince(record.id)).toEqual(clock.now());
        expect(await stored(record.id)).toEqual({ gen: 1, owner_node: NODE_A, level: record.level });
        expect(await db.characters.claimCharacter(record.id, NODE_B)).toEqual({ kind: "ok", gen: 2 });
        expect((await db.characters.loadCharacter(record.id))!.gen).toBe(2);
        expect(await db.characters.claimCharacter(9_999, NODE_A)).toEqual({ kind: "not_found" });
        // markOnline marks without claiming.
        expect(await db.characters.markOnline(record.id)).toBe(true);
        expect((await stored(record.id))!.gen).toBe(2);
      });

      test("a save with the claimed generation writes and records the node; after a second claim the old one changes nothing", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Fenced");
        const first = await db.characters.claimCharacter(record.id, NODE_A);
        if (first.kind !== "ok") throw new Error("claim failed");
        const held = { ...record, gen: first.gen };
        expect(await db.characters.saveCharacters([{ ...held, level: 5, bank }], { ownerNode: NODE_A })).toMatchObject({ kind: "ok", saved: 1, fenced: [] });
        expect(await stored(record.id)).toEqual({ gen: 1, owner_node: NODE_A, level: 5 });
        expect(await db.characters.claimCharacter(record.id, NODE_B)).toEqual({ kind: "ok", gen: 2 });
        const markedAt = await db.characters.onlineSince(record.id);
        clock.advance(1_000);
        const late = [{ ...held, level: 9, bank: [{ slot: 2, objectId: 1, amount: 3 }] }];
        expect(await db.characters.saveCharacters(late, { final: true, ownerNode: NODE_A })).toEqual({ kind: "ok", saved: 0, updatedAt: clock.now(), fenced: [record.id] });
        // Neither the row (state, node, mark) nor the vault changed.
        expect(await stored(record.id)).toEqual({ gen: 2, owner_node: NODE_B, level: 5 });
        expect(await db.characters.loadBank(record.id)).toEqual(bank);
        expect(await db.characters.onlineSince(record.id)).toEqual(markedAt!);
        expect(await db.characters.saveCharacter({ ...held, level: 9 })).toEqual({ kind: "fenced" });
        // A record without a generation (a tool's) is not fenced.
        const { gen: _gen, ...unfenced } = held;
        expect((await db.characters.saveCharacters([{ ...unfenced, level: 7 }])).kind).toBe("ok");
        expect(await stored(record.id)).toEqual({ gen: 2, owner_node: NODE_B, level: 7 });
      });

      test("a batch with one fenced record writes the others together, with their vaults and credits; the fenced one's credit is not made", async () => {
        const account = await newAccount();
        const good = await newCharacter(account.id, "Kept");
        const lost = await newCharacter(account.id, "Lost");
        const recipient = await newCharacter(account.id, "Offline");
        const goodGen = await db.characters.claimCharacter(good.id, NODE_A);
        const lostGen = await db.characters.claimCharacter(lost.id, NODE_A);
        if (goodGen.kind !== "ok" || lostGen.kind !== "ok") throw new Error("claim failed");
        await db.characters.claimCharacter(lost.id, NODE_B);
        const credits = [
          { transfer: "00000000-0000-4000-8000-000000000011", from: good.id, toName: "Offline", amount: 100 },
          { transfer: "00000000-0000-4000-8000-000000000012", from: lost.id, toName: "Offline", amount: 50 },
        ];
        const outcome = await db.characters.saveCharacters(
          [
            { ...good, gen: goodGen.gen, level: 4, bank },
            { ...lost, gen: lostGen.gen, level: 4, bank },
          ],
          { final: true, credits, ownerNode: NODE_A },
        );
        expect(outcome).toMatchObject({ kind: "ok", saved: 1, fenced: [lost.id] });
        expect(await stored(good.id)).toEqual({ gen: 1, owner_node: NODE_A, level: 4 });
        expect(await db.characters.loadBank(good.id)).toEqual(bank);
        expect(await db.characters.onlineSince(good.id)).toBeNull();
        expect(await stored(lost.id)).toEqual({ gen: 2, owner_node: NODE_B, level: lost.level });
        expect(await db.characters.loadBank(lost.id)).toEqual([]);
        expect(await db.characters.onlineSince(lost.id)).not.toBeNull();
        expect((await db.characters.loadCharacter(recipient.id))!.bankGold).toBe(recipient.bankGold + 100);
        expect((await raw("SELECT from_character_id FROM bank_transfers")).map((row) => row.from_character_id)).toEqual([good.id]);
      });

      test("a missing row still writes nothing at all, whatever the generations", async () => {
        const account = await newAccount();
        const record = await newCharacter(account.id, "Alone");
        expect(await db.characters.saveCharacters([{ ...record, gen: 0, level: 6 }, { ...record, id: 777, gen: 0 }])).toEqual({ kind: "not_found", ids: [777] });
        expect((await stored(record.id))!.level).toBe(record.level);
      });

      // PGlite has one connection, so nothing can interleave with an open transaction there: Postgres only.
      postgresOnly("a save waiting on a concurrent claim re-checks the generation after it commits, and writes nothing", async () => {
        if (!(db.sql instanceof PostgresClient)) throw new Error("needs the Postgres backend");
        const pool = db.sql.sql;
        const account = await newAccount();
        const record = await newCharacter(account.id, "Raced");
        const claimed = await db.characters.claimCharacter(record.id, NODE_A);
        if (claimed.kind !== "ok") throw new Error("claim failed");
        let openGate!: () => void;
        const gate = new Promise<void>((resolve) => (openGate = resolve));
        let raised!: () => void;
        const claimInFlight = new Promise<void>((resolve) => (raised = resolve));
        // Another node's claim, held open after raising the generation.
        const rivalClaim = pool.begin(async (tx) => {
          const rows = await tx.unsafe("UPDATE characters SET gen = gen + 1, owner_node = $2, online_since = now() WHERE id = $1 RETURNING gen::integer AS gen", [record.id, NODE_B]);
          raised();
          await gate;
          return rows[0]!.gen as number;
        });
        await claimInFlight;
        let saveSettled = false;
        const save = db.characters.saveCharacters([{ ...record, gen: claimed.gen, level: 8, bank }], { ownerNode: NODE_A }).finally(() => (saveSettled = true));
        await waitUntil(
          async () => (await raw("SELECT count(*)::integer AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))[0]!.waiting === 1,
          "the save waits on the character row",
        );
        expect(saveSettled).toBe(false);
        openGate();
        expect(await rivalClaim).toBe(claimed.gen + 1);
        expect(await save).toMatchObject({ kind: "ok", saved: 0, fenced: [record.id] });
        expect(await stored(record.id)).toEqual({ gen: claimed.gen + 1, owner_node: NODE_B, level: record.level });
        expect(await db.characters.loadBank(record.id)).toEqual([]);
      });
    });

    describe("world identity", () => {
      test("an empty database has none; the first start records it, later starts move the last start", async () => {
        expect(await db.worldIdentity.read()).toBeNull();
        const first = clock.now();
        expect(await db.worldIdentity.recordStart({ name: "Alba", packHash: "h1" })).toEqual({ name: "Alba", packHash: "h1", firstStartedAt: first, lastStartedAt: first });
        clock.advance(60_000);
        // Same name, new hash: a new version of the same world keeps its first start.
        expect(await db.worldIdentity.recordStart({ name: "Alba", packHash: "h2" })).toEqual({ name: "Alba", packHash: "h2", firstStartedAt: first, lastStartedAt: clock.now() });
        clock.advance(60_000);
        // Another name starts over.
        expect(await db.worldIdentity.recordStart({ name: "ao20", packHash: "h3" })).toEqual({ name: "ao20", packHash: "h3", firstStartedAt: clock.now(), lastStartedAt: clock.now() });
        expect(await raw("SELECT count(*)::integer AS n FROM world_identity")).toEqual([{ n: 1 }]);
      });

      test("the table holds one row", async () => {
        await db.worldIdentity.recordStart({ name: "Alba", packHash: "h1" });
        const second = raw("INSERT INTO world_identity (id, name, pack_hash, first_started_at, last_started_at) VALUES (2, 'x', 'y', now(), now())");
        expect((await second.then(() => null, (error: Error) => error))?.message).toContain("world_identity_single_row");
      });

      test("changeWorld moves characters and replaces the identity in one statement", async () => {
        const account = await newAccount();
        const stay = await newCharacter(account.id, "Stayer");
        const move = await newCharacter(account.id, "Mover", true);
        await db.worldIdentity.recordStart({ name: "Old", packHash: "old" });
        const placements = await db.worldIdentity.listPlacements();
        expect(placements.map((placement) => placement.id)).toEqual([stay.id, move.id]);
        expect(placements[1]).toEqual({ id: move.id, homeCity: move.homeCity, map: move.position.map, x: move.position.x, y: move.position.y, inventory: move.inventory, equipment: move.equipment });
        clock.advance(10_000);
        const relocation = { ...placements[1]!, map: 7, x: 3, y: 4, inventory: move.inventory.slice(0, 2), equipment: { ...move.equipment, weapon: 0 } };
        expect(await db.worldIdentity.changeWorld({ name: "Old", packHash: "old" }, { name: "New", packHash: "new" }, [relocation])).toEqual({ kind: "ok", updated: 1 });
        const moved = await db.characters.loadCharacter(move.id);
        expect(moved).toMatchObject({ position: { map: 7, x: 3, y: 4, heading: move.position.heading }, inventory: move.inventory.slice(0, 2), updatedAt: clock.now() });
        expect(moved?.equipment.weapon).toBe(0);
        expect(await db.characters.loadCharacter(stay.id)).toEqual(stay);
        expect(await db.worldIdentity.read()).toEqual({ name: "New", packHash: "new", firstStartedAt: clock.now(), lastStartedAt: clock.now() });
      });

      test("changeWorld to a new version of the same world keeps its first start", async () => {
        const first = clock.now();
        await db.worldIdentity.recordStart({ name: "Alba", packHash: "v1" });
        clock.advance(5_000);
        expect(await db.worldIdentity.changeWorld({ name: "Alba", packHash: "v1" }, { name: "Alba", packHash: "v2" }, [])).toEqual({ kind: "ok", updated: 0 });
        expect(await db.worldIdentity.read()).toEqual({ name: "Alba", packHash: "v2", firstStartedAt: first, lastStartedAt: clock.now() });
      });

      test("changeWorld from an identity that is not stored writes nothing", async () => {
        const account = await newAccount();
        const character = await newCharacter(account.id, "Untouched");
        await db.worldIdentity.recordStart({ name: "Current", packHash: "c" });
        const relocation = { id: character.id, homeCity: 1, map: 9, x: 9, y: 9, inventory: [], equipment: character.equipment };
        expect(await db.worldIdentity.changeWorld({ name: "Current", packHash: "other" }, { name: "New", packHash: "n" }, [relocation])).toEqual({ kind: "identity_changed" });
        expect(await db.characters.loadCharacter(character.id)).toEqual(character);
        expect((await db.worldIdentity.read())?.name).toBe("Current");
      });
    });

    describe("lifecycle", () => {
      test("ping answers while open", async () => {
        await db.ping();
      });

      test("close lets queries already sent finish", async () => {
        const account = await newAccount();
        await newCharacter(account.id, "Patient");
        const inFlight = db.sql.query("SELECT name FROM characters", [], "object");
        const closed = db;
        await db.close();
        expect(await inFlight).toEqual([{ name: "Patient" }]);
        db = await harness.open({ now: clock.now });
        await expectDatabaseError(closed.characters.isNameTaken("Patient"), "closed");
      }, OPEN_TIMEOUT_MS);

      test("data survives close and reopen, and migrations are not applied again", async () => {
        const account = await newAccount();
        const character = await newCharacter(account.id, "Survivor", true);
        const migrationsBefore = await appliedMigrations();
        const closed = db;
        await db.close();
        await closed.close(); // idempotent
        await expectDatabaseError(closed.ping(), "closed");
        db = await harness.open({ now: clock.now });
        expect(await db.characters.findCharacterByName("survivor")).toEqual(character);
        expect((await db.accounts.verifyPassword(account.email, "correct horse")).kind).toBe("ok");
        expect(await appliedMigrations()).toEqual(migrationsBefore);
      }, OPEN_TIMEOUT_MS);
    });
  });
}

describeOnBothBackends("database conformance", describeConformance);
