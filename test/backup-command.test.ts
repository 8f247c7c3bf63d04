/**
 * `argentum backup` and `argentum restore` run in this process through their CliIo, on an
 * embedded database in a data folder and (with TEST_DATABASE_URL) on Postgres: the file they
 * write (mode 0600, never under its name until complete, never over an existing one without
 * --force), what they print, the audit rows, and every refusal in one line with nothing written.
 * The lock against a running server is tested with real processes in admin-process.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupCommand, restoreCommand } from "../src/cli/backup-command.ts";
import { memoryIo } from "../src/cli/command.ts";
import { openDatabase, parseBackup, type Database } from "../src/db/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { TEST_PASSWORD_HASHING } from "./fixtures/db-harness.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/test-database.ts";
import { availableBackends } from "./support/test-server.ts";

const TEST_TIMEOUT_MS = 180_000;

async function run(command: typeof backupCommand, argv: string[]) {
  const io = memoryIo();
  const code = await command.run(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function withDatabase<T>(location: { url?: string; dataDir: string }, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ url: location.url, dataDir: location.dataDir, passwordHashing: TEST_PASSWORD_HASHING });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

describe("argentum backup and restore", () => {
  let work: string;
  let source: string;
  const scratch: ScratchDatabase[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "argentum-backup-"));
    source = join(work, "source");
    await withDatabase({ dataDir: source }, async (db) => {
      const account = await db.accounts.createAccount("pepe@ao.test", "secreto123");
      if (account.kind !== "ok") throw new Error(account.kind);
      const created = await db.characters.createCharacter({ ...newbieCharacter(account.account.id, "Pepe"), gold: 99 });
      if (created.kind !== "ok") throw new Error(created.kind);
      await db.staff.grant("Pepe", { rank: "dios", rolemaster: false }, { by: { kind: "cli", name: "setup" }, action: "staff grant" });
      await db.moderation.addBan({ subject: { kind: "ip", range: "10.0.0.0/8" }, reason: "red", act: { by: { kind: "cli", name: "setup" }, action: "BanIP" } });
    });
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    for (const database of scratch) await database.drop();
  });

  test(
    "backup writes a mode 0600 file and audits it; an existing file needs --force; stdout with -",
    async () => {
      const file = join(work, "game.jsonl");
      const written = await run(backupCommand, ["--out", file, "--data-dir", source, "--actor", "ops"]);
      expect(written.stderr).toBe("");
      expect(written.code).toBe(0);
      const summary = JSON.parse(written.stdout) as { file: string; rows: number; tables: Record<string, number>; sha256: string };
      expect(summary).toMatchObject({ file, tables: { accounts: 1, characters: 1, staff_roles: 1, bans: 1, audit_log: 2 } });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(existsSync(`${file}.partial`)).toBe(false);
      const parsed = parseBackup(readFileSync(file, "utf8"));
      expect(parsed.ok && parsed.backup.sha256).toBe(summary.sha256);
      const audit = await withDatabase({ dataDir: source }, (db) => db.audit.query({ action: "backup" }));
      expect(audit.map((row) => [row.actor.name, row.params.sha256])).toEqual([["ops", summary.sha256]]);

      const again = await run(backupCommand, ["--out", file, "--data-dir", source]);
      expect(again).toEqual({ code: 1, stdout: "", stderr: `argentum backup: ${file} exists; pass --force to replace it\n` });
      const forced = await run(backupCommand, ["--out", file, "--force", "--data-dir", source]);
      expect(forced.code).toBe(0);
      // The second backup holds the first's audit row: the files differ by exactly that.
      expect(JSON.parse(forced.stdout).tables.audit_log).toBe(3);

      const piped = await run(backupCommand, ["--out", "-", "--data-dir", source]);
      expect(piped.code).toBe(0);
      expect(parseBackup(piped.stdout).ok).toBe(true);
      expect(piped.stderr).toMatch(/^argentum backup: \{"file":"-",/);
    },
    TEST_TIMEOUT_MS,
  );

  for (const backend of availableBackends()) {
    test(
      `restore into an empty ${backend} database; a second restore is refused as not empty`,
      async () => {
        const file = join(work, "game.jsonl");
        let location: { url?: string; dataDir: string };
        let args: string[];
        if (backend === "postgres") {
          const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_restore");
          scratch.push(database);
          location = { url: database.url, dataDir: "/nonexistent" };
          args = ["--database-url", database.url];
        } else {
          location = { dataDir: join(work, "restored") };
          args = ["--data-dir", location.dataDir];
        }
        const restored = await run(restoreCommand, [file, ...args, "--actor", "ops"]);
        expect(restored.stderr).toBe("");
        expect(restored.code).toBe(0);
        expect(JSON.parse(restored.stdout)).toMatchObject({ file, tables: { accounts: 1, characters: 1 } });
        await withDatabase(location, async (db) => {
          expect((await db.characters.findCharacterByName("pepe"))?.gold).toBe(99);
          expect((await db.staff.list()).map((role) => role.characterName)).toEqual(["Pepe"]);
          expect((await db.moderation.checkBans({ address: "10.9.9.9" })).kind).toBe("banned");
          expect((await db.audit.query({ limit: 1 }))[0]).toMatchObject({ action: "restore", actor: { kind: "cli", name: "ops" } });
        });
        const twice = await run(restoreCommand, [file, ...args]);
        expect(twice.code).toBe(1);
        expect(twice.stdout).toBe("");
        expect(twice.stderr).toMatch(/^argentum restore: the database is not empty \(accounts: 1 rows, characters: 1 rows, .*\); restore into an empty one\n$/);
      },
      TEST_TIMEOUT_MS,
    );
  }

  test(
    "a damaged file, a missing one and bad usage are refused in one line, and nothing is created",
    async () => {
      const file = join(work, "game.jsonl");
      const damaged = join(work, "damaged.jsonl");
      writeFileSync(damaged, readFileSync(file, "utf8").replace("pepe@ao.test", "evil@ao.test"));
      const target = join(work, "never");
      const refused = await run(restoreCommand, [damaged, "--data-dir", target]);
      expect(refused).toEqual({ code: 1, stdout: "", stderr: `argentum restore: ${damaged}: the backup's checksum does not match its content: the file is damaged or was edited\n` });
      expect(existsSync(join(target, "pglite"))).toBe(false);
      const missing = await run(restoreCommand, [join(work, "nope.jsonl"), "--data-dir", target]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/^argentum restore: cannot read .*nope\.jsonl: ENOENT\n$/);
      expect(await run(backupCommand, ["--data-dir", source])).toEqual({ code: 2, stdout: "", stderr: "argentum backup: --out FILE is required (- for stdout); see argentum backup --help\n" });
      expect((await run(backupCommand, ["--out", "x", "--world", "w"])).stderr).toContain('unknown option "--world" for backup');
      expect((await run(restoreCommand, [])).stderr).toBe("argentum restore: which backup FILE?; see argentum restore --help\n");
      expect((await run(restoreCommand, ["a", "b"])).code).toBe(2);
      const emptyFolder = await run(backupCommand, ["--out", join(work, "x.jsonl"), "--data-dir", join(work, "empty")]);
      expect(emptyFolder.code).toBe(1);
      expect(emptyFolder.stderr).toContain("no embedded database in data folder");
      expect(existsSync(join(work, "x.jsonl"))).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );
});
