/**
 * `argentum admin staff …` and `argentum admin audit` against real databases (PGlite in a data
 * folder, Postgres when TEST_DATABASE_URL is set), run in this process through their CliIo: the
 * ranks they write, what they print, every refusal in one line, the Server.ini import with VB6's
 * rules, and the audit rows every change writes, `character give`'s in the same statement as the
 * character (§11 test 41: a failing audit insert leaves the character as it was).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCommand } from "../src/cli/admin-command.ts";
import { cliActor } from "../src/cli/admin-database.ts";
import { memoryIo } from "../src/cli/command.ts";
import { openDatabase, type Database } from "../src/db/index.ts";
import type { NewCharacter } from "../src/game/character/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { TEST_PASSWORD_HASHING } from "./fixtures/db-harness.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/test-database.ts";
import { availableBackends } from "./support/test-server.ts";

/** A first PGlite start runs initdb: tens of seconds on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 60_000;

for (const backend of availableBackends()) {
  describe(`argentum admin staff and audit on ${backend}`, () => {
    let work: string;
    let dataDir: string;
    let database: ScratchDatabase | undefined;

    const location = () => (database ? ["--database-url", database.url] : ["--data-dir", dataDir]);
    async function admin(...argv: string[]) {
      const io = memoryIo();
      const code = await adminCommand.run([...argv, ...location()], io);
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
    /** JSON lines of stdout. */
    const lines = (stdout: string) => stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    /** A refusal: exit 1, one line on stderr, nothing on stdout. */
    function expectRefusal(result: { code: number; stdout: string; stderr: string }, line: string) {
      expect(result).toEqual({ code: 1, stdout: "", stderr: `argentum admin: ${line}\n` });
    }

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), "argentum-admin-staff-"));
      dataDir = join(work, "data");
      database = backend === "postgres" ? await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_admin_staff") : undefined;
      await withDatabase(async (db) => {
        const make = async (email: string, name: string, extra: Partial<NewCharacter> = {}) => {
          const account = await db.accounts.createAccount(email, "secreto123");
          if (account.kind !== "ok") throw new Error(account.kind);
          const created = await db.characters.createCharacter({ ...newbieCharacter(account.account.id, name), ...extra });
          if (created.kind !== "ok") throw new Error(created.kind);
        };
        await make("haracin@ao.test", "Haracin");
        await make("maraxus@ao.test", "Maraxus");
        await make("impostor@ao.test", "Recox");
        await make("gulfas@ao.test", "Gulfas");
        await make("rico@ao.test", "Rico", { gold: 10 });
      });
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await database?.drop();
    });

    test(
      "grant, the same grant again, a replacing grant, revoke; each prints one JSON line and is audited",
      async () => {
        const granted = await admin("staff", "grant", "haracin", "dios", "--actor", "ops");
        expect(granted.stderr).toBe("");
        expect(granted.code).toBe(0);
        expect(lines(granted.stdout)).toEqual([
          { character: "Haracin", id: expect.any(Number), rank: "dios", rolemaster: false, grantedBy: "cli:ops", grantedAt: expect.any(String), previous: null, applies: "at the character's next login" },
        ]);
        const again = await admin("staff", "grant", "Haracin", "DIOS", "--actor", "ops");
        expect(lines(again.stdout)[0]).toMatchObject({ rank: "dios", unchanged: true });
        const promoted = await admin("staff", "grant", "Haracin", "admin", "--rolemaster", "--actor", "ops");
        expect(lines(promoted.stdout)[0]).toMatchObject({ rank: "admin", rolemaster: true, previous: { rank: "dios", rolemaster: false } });
        const revoked = await admin("staff", "revoke", "HARACIN", "--actor", "ops");
        expect(lines(revoked.stdout)).toEqual([{ character: "Haracin", id: expect.any(Number), revoked: { rank: "admin", rolemaster: true }, applies: "at the character's next login" }]);
        expectRefusal(await admin("staff", "revoke", "Haracin", "--actor", "ops"), "Haracin has no staff rank");
        expectRefusal(await admin("staff", "grant", "Nadie", "admin", "--actor", "ops"), 'no character named "Nadie"');
        const audit = lines((await admin("audit", "--actor", "OPS", "--json")).stdout);
        expect(audit.map((row) => [row.action, row.outcome, row.detail])).toEqual([
          ["staff grant", "refused_rule", "no_such_character"],
          ["staff revoke", "refused_rule", "not_staff"],
          ["staff revoke", "ok", null],
          ["staff grant", "ok", null],
          ["staff grant", "ok", "unchanged"],
          ["staff grant", "ok", null],
        ]);
        expect(audit[5]).toMatchObject({ actor: { kind: "cli", name: "ops" }, target: { kind: "character", name: "Haracin" }, params: { name: "haracin", rank: "dios", rolemaster: false } });
        expect(String(audit[5]!.node)).toMatch(/^cli@/);
      },
      TEST_TIMEOUT_MS,
    );

    test(
      "list: a table, JSON lines, and the whole history with --all",
      async () => {
        await admin("staff", "grant", "Maraxus", "semidios", "--actor", "ops");
        await admin("staff", "grant", "Gulfas", "rolemaster", "--actor", "ops");
        const table = await admin("staff", "list");
        expect(table.code).toBe(0);
        const rows = table.stdout.trimEnd().split("\n");
        expect(rows[0]).toMatch(/^NAME\s+ID\s+RANK\s+RM\s+GRANTED\s+BY$/);
        expect(rows.slice(1).map((row) => row.split(/\s{2,}/).slice(0, 4))).toEqual([
          ["Maraxus", expect.any(String), "semidios", "no"],
          ["Gulfas", expect.any(String), "-", "yes"],
        ]);
        expect(lines((await admin("staff", "list", "--json")).stdout).map((row) => [row.character, row.rank, row.rolemaster])).toEqual([
          ["Maraxus", "semidios", false],
          ["Gulfas", null, true],
        ]);
        const history = lines((await admin("staff", "list", "--all", "--json")).stdout);
        expect(history.filter((row) => row.character === "Haracin").map((row) => [row.rank, row.revokedBy])).toEqual([
          ["admin", "cli:ops"],
          ["dios", "cli:ops"],
        ]);
      },
      TEST_TIMEOUT_MS,
    );

    test(
      "import: VB6's rules, names resolved once, unresolved ones reported, an account's email must match",
      async () => {
        const ini = join(work, "Server.ini");
        writeFileSync(
          ini,
          [
            "[INIT]",
            "Admines=2",
            "Dioses=1",
            "SemiDioses=1",
            "Consejeros=1",
            "RolesMasters=1",
            "[Admines]",
            "Admin1=Haracin|HARACIN@ao.test",
            "Admin2=Fantasma|f@ao.test",
            "[Dioses]",
            "Dios1=Rico",
            "[SemiDioses]",
            "SemiDios1=Recox|recox@ao.test",
            "[Consejeros]",
            "Consejero1=Maraxus|maraxus@ao.test",
            "[RolesMasters]",
            "RoleMaster1=Gulfas|gulfas@ao.test",
            "",
          ].join("\r\n"),
        );
        const imported = await admin("staff", "import", ini, "--json", "--actor", "ops");
        expect(imported.code).toBe(0);
        expect(lines(imported.stdout).map((row) => [row.name, row.rank, row.rolemaster, row.outcome])).toEqual([
          ["Haracin", "admin", false, "granted"],
          ["Fantasma", "admin", false, "not_found"],
          ["Recox", "semidios", false, "email_mismatch"],
          ["Maraxus", "consejero", false, "granted"],
        ]);
        expect(imported.stderr.split("\n").filter(Boolean)).toEqual([
          "argentum admin: line 11: [Dioses] Dios1 has no |email and grants nothing",
          "argentum admin: line 17: [RolesMasters] ROLEMASTER1 is not read (VB6 reads RM1..N up to the [INIT] count)",
          "argentum admin: 1 name(s) match no character: Fantasma",
        ]);
        const ranks = await withDatabase((db) => db.staff.list());
        expect(ranks.map((role) => [role.characterName, role.rank, role.rolemaster])).toEqual([
          ["Haracin", "admin", false],
          ["Maraxus", "consejero", false],
          ["Gulfas", null, true],
        ]);
        const forced = await admin("staff", "import", ini, "--ignore-email", "--actor", "ops");
        expect(forced.stdout.split("\n").filter(Boolean).map((line) => line.split(/\s+/)[0])).toEqual(["unchanged", "not_found", "granted", "unchanged"]);
        const audit = lines((await admin("audit", "--action", "staff import", "--json")).stdout);
        expect(audit.map((row) => [row.target && (row.target as { name: string }).name, row.outcome, row.detail])).toEqual([
          ["Maraxus", "ok", "unchanged"],
          ["Recox", "ok", null],
          ["Fantasma", "refused_rule", "no_such_character"],
          ["Haracin", "ok", "unchanged"],
          ["Maraxus", "ok", null],
          ["Recox", "refused_rule", "email_mismatch"],
          ["Fantasma", "refused_rule", "no_such_character"],
          ["Haracin", "ok", null],
        ]);
      },
      TEST_TIMEOUT_MS,
    );

    test(
      "hostile Server.ini files are refused with one line and grant nothing",
      async () => {
        const before = await withDatabase((db) => db.staff.list({ includeRevoked: true }));
        const write = (name: string, content: string | Uint8Array) => {
          const path = join(work, name);
          writeFileSync(path, content);
          return path;
        };
        expectRefusal(await admin("staff", "import", write("count.ini", "[INIT]\nAdmines=5000\n")), "line 2: [INIT] Admines=\"5000\" is not a count from 0 to 1000");
        expectRefusal(await admin("staff", "import", write("binary.ini", new Uint8Array([0x5b, 0x00, 0xff]))), `${join(work, "binary.ini")} has NUL bytes: it is not a text file`);
        expectRefusal(await admin("staff", "import", write("control.ini", "[INIT]\nAdmines=1\n[Admines]\nAdmin1=Hara\u001bcin|x@y\n")), "line 4: [Admines] Admin1 has control characters");
        expectRefusal(await admin("staff", "import", write("huge.ini", new Uint8Array(1_048_577).fill(0x20))), `${join(work, "huge.ini")} is 1048577 bytes; a Server.ini is at most 1048576`);
        const missing = await admin("staff", "import", join(work, "nope.ini"));
        expect(missing.code).toBe(1);
        expect(missing.stderr).toMatch(/^argentum admin: cannot read .*nope\.ini: ENOENT\n$/);
        expect(await withDatabase((db) => db.staff.list({ includeRevoked: true }))).toEqual(before);
      },
      TEST_TIMEOUT_MS,
    );

    test(
      "give writes its audit row in the statement that gives: when the row cannot be written, nothing is given",
      async () => {
        const given = await admin("character", "give", "Rico", "--gold", "5", "--actor", "ops");
        expect(given.code).toBe(0);
        const [row] = lines((await admin("audit", "--action", "character give", "--limit", "1", "--json")).stdout);
        expect(row).toMatchObject({ actor: { kind: "cli", name: "ops" }, target: { kind: "character", name: "Rico" }, params: { gold: 5, items: [], objectsChecked: false }, outcome: "ok" });
        // A trigger that refuses every audit row: the give must then change nothing at all.
        await withDatabase(async (db) => {
          const internal = db as Database & { sql?: { query(sql: string, params: unknown[], mode: string): Promise<unknown> } };
          await internal.sql!.query(
            `CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused for the test'; END $$`,
            [],
            "array",
          );
          await internal.sql!.query("CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()", [], "array");
        }).catch(async () => {
          throw new Error("could not install the test trigger");
        });
        try {
          const refused = await admin("character", "give", "Rico", "--gold", "7", "--actor", "ops");
          expect(refused.code).toBe(1);
          expect(refused.stderr).toContain("audit refused for the test");
          expect(await withDatabase(async (db) => (await db.characters.findCharacterByName("Rico"))!.gold)).toBe(15);
        } finally {
          await withDatabase(async (db) => {
            const internal = db as Database & { sql: { query(sql: string, params: unknown[], mode: string): Promise<unknown> } };
            await internal.sql.query("DROP TRIGGER test_refuse_audit ON audit_log", [], "array");
            await internal.sql.query("DROP FUNCTION test_refuse_audit()", [], "array");
          });
        }
        expectRefusal(await admin("character", "give", "Nadie", "--gold", "1", "--actor", "ops"), 'no character named "Nadie"');
        const [refusal] = lines((await admin("audit", "--action", "character give", "--limit", "1", "--json")).stdout);
        expect(refusal).toMatchObject({ outcome: "refused_rule", detail: 'no character named "Nadie"', target: { kind: "character", name: "Nadie" } });
      },
      TEST_TIMEOUT_MS,
    );

    test(
      "audit: the table, filters by time span, action and outcome, a limit; newest first",
      async () => {
        const table = await admin("audit", "--since", "1h", "--limit", "3");
        expect(table.code).toBe(0);
        const rows = table.stdout.split("\n").filter(Boolean);
        expect(rows).toHaveLength(3);
        for (const row of rows) expect(row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z  cli:/);
        const times = rows.map((row) => row.slice(0, 24));
        expect([...times].sort().reverse()).toEqual(times);
        expect(lines((await admin("audit", "--since", "2000-01-01", "--outcome", "refused_rule", "--action", "STAFF REVOKE", "--json")).stdout).map((row) => row.detail)).toEqual(["not_staff"]);
        const future = await admin("audit", "--since", "2999-01-01T00:00:00Z");
        expect(future).toEqual({ code: 0, stdout: "", stderr: "argentum admin: no audit rows match\n" });
        expect(await admin("audit", "--since", "0s", "--json")).toMatchObject({ code: 0 });
      },
      TEST_TIMEOUT_MS,
    );

    test.each([
      [["staff"], "staff grant, revoke, list or import?"],
      [["staff", "promote", "X"], 'unknown action "promote"'],
      [["staff", "grant"], "staff grant needs a character NAME"],
      [["staff", "grant", "Haracin"], "staff grant needs a rank"],
      [["staff", "grant", "Haracin", "god"], 'unknown rank "god"'],
      [["staff", "grant", "Haracin", "dios", "extra"], 'unexpected "extra" after the rank'],
      [["staff", "grant", "Hara\u001bcin", "dios"], "has control characters"],
      [["staff", "grant", "Haracin", "dios", "--actor", ""], "--actor is empty"],
      [["staff", "grant", "Haracin", "dios", "--rolemaster=yes"], "--rolemaster takes no value"],
      [["staff", "revoke"], "staff revoke needs a character NAME"],
      [["staff", "list", "--yaml"], 'unknown option "--yaml" for staff list'],
      [["staff", "import"], "staff import needs the Server.ini file"],
      [["audit", "--since", "yesterday"], '--since "yesterday": an ISO 8601 time'],
      [["audit", "--limit", "0"], '--limit "0": a whole number from 1 to 10000'],
      [["audit", "--outcome", "maybe"], '--outcome "maybe": one of ok, refused_rank, refused_rule, error'],
      [["audit", "extra"], 'unexpected "extra" for audit'],
      [["audit", "--since"], "--since needs a value"],
      [["rank", "x"], 'unknown subject "rank"; try character, staff, ban, unban, bans or audit'],
    ])("usage error %p: exit 2, one line, nothing read", async (argv, reason) => {
      const io = memoryIo();
      expect(await adminCommand.run([...argv, "--data-dir", join(work, "never-created")], io)).toBe(2);
      expect(io.stdout).toBe("");
      expect(io.stderr).toContain(reason);
      expect(io.stderr.split("\n")).toEqual([expect.stringMatching(/^argentum admin: .*; see argentum admin --help$/), ""]);
    });
  });
}

describe("the command line's actor", () => {
  test("--actor wins; else the person behind sudo, then the login user", () => {
    expect(cliActor("ops", { USER: "root" })).toMatchObject({ kind: "cli", name: "ops", node: expect.stringMatching(/^cli@/) });
    expect(cliActor(undefined, { SUDO_USER: "alice", USER: "root" }).name).toBe("alice");
    expect(cliActor(undefined, { USER: "bob", LOGNAME: "x" }).name).toBe("bob");
    expect(cliActor(undefined, { LOGNAME: "carol" }).name).toBe("carol");
    expect(cliActor(undefined, { USERNAME: "dave" }).name).toBe("dave");
    expect(cliActor(undefined, {}).name.length).toBeGreaterThan(0);
  });
});
