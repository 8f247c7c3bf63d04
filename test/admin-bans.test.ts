/**
 * `argentum admin ban|unban|bans` against real databases (PGlite in a data folder, Postgres when
 * TEST_DATABASE_URL is set), run in this process through their CliIo: a character, an account
 * (named by one of its characters) and an address range banned with no server, the login check
 * seeing each, a temporary ban's time left, the list, unbanning by id, every refusal in one line
 * with nothing written, and the audit rows with the command line's actor.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCommand } from "../src/cli/admin-command.ts";
import { memoryIo } from "../src/cli/command.ts";
import { openDatabase, type Database } from "../src/db/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { TEST_PASSWORD_HASHING } from "./fixtures/db-harness.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/test-database.ts";
import { availableBackends } from "./support/test-server.ts";

const SETUP_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 60_000;

for (const backend of availableBackends()) {
  describe(`argentum admin ban, unban and bans on ${backend}`, () => {
    let work: string;
    let dataDir: string;
    let database: ScratchDatabase | undefined;
    const ids = new Map<string, { characterId: number; accountId: number }>();

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
    const json = (stdout: string) => stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), "argentum-admin-bans-"));
      dataDir = join(work, "data");
      database = backend === "postgres" ? await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), "argentum_admin_bans") : undefined;
      await withDatabase(async (db) => {
        for (const [email, name] of [["tramposo@ao.test", "Tramposo"], ["cuenta@ao.test", "Cuentero"], ["limpio@ao.test", "Limpio"]] as const) {
          const account = await db.accounts.createAccount(email, "secreto123");
          if (account.kind !== "ok") throw new Error(account.kind);
          const created = await db.characters.createCharacter(newbieCharacter(account.account.id, name));
          if (created.kind !== "ok") throw new Error(created.kind);
          ids.set(name, { characterId: created.character.id, accountId: account.account.id });
        }
      });
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await database?.drop();
    });

    test(
      "a character, an account and a range banned; the login check sees each; the list; unban by id; the audit",
      async () => {
        const character = await admin("ban", "character", "tramposo", "--reason", "speed hack", "--actor", "ops");
        expect(character.code).toBe(0);
        const banned = json(character.stdout)[0]!;
        expect(banned).toMatchObject({ subject: { kind: "character", name: "Tramposo" }, reason: "speed hack", issuedBy: "cli:ops", expiresAt: null, secondsLeft: null, active: true });

        const account = await admin("ban", "account", "Cuentero", "--days", "3", "--reason", "multicuenta", "--actor", "ops");
        expect(account.code).toBe(0);
        const accountBan = json(account.stdout)[0]!;
        expect(accountBan.subject).toMatchObject({ kind: "account", email: "cuenta@ao.test" });
        // Three days less the moment it took.
        expect(accountBan.secondsLeft).toBeGreaterThan(3 * 86_400 - 60);
        expect(accountBan.secondsLeft).toBeLessThanOrEqual(3 * 86_400);

        const range = await admin("ban", "ip", "203.0.113.0/24", "--actor", "ops");
        expect(range.code).toBe(0);
        expect(json(range.stdout)[0]!.subject).toEqual({ kind: "ip", range: "203.0.113.0/24" });

        await withDatabase(async (db) => {
          const tramposo = ids.get("Tramposo")!;
          const cuentero = ids.get("Cuentero")!;
          expect(await db.moderation.checkBans({ characterId: tramposo.characterId })).toMatchObject({ kind: "banned", ban: { id: banned.id } });
          expect(await db.moderation.checkBans({ accountId: cuentero.accountId })).toMatchObject({ kind: "banned", ban: { id: accountBan.id } });
          expect(await db.moderation.checkBans({ address: "::ffff:203.0.113.77" })).toMatchObject({ kind: "banned" });
          expect(await db.moderation.checkBans({ address: "203.0.114.1", characterId: ids.get("Limpio")!.characterId })).toEqual({ kind: "clear" });
          // The character's ban is on its /PENAS record in VB6's words.
          expect((await db.moderation.punishmentsOf(tramposo.characterId)).map((entry) => entry.text)).toEqual(["Baneado por ops: speed hack"]);
        });

        const listed = await admin("bans", "--json");
        expect(listed.code).toBe(0);
        expect(json(listed.stdout).map((ban) => ban.id).sort()).toEqual([banned.id, accountBan.id, json(range.stdout)[0]!.id].sort());
        const table = await admin("bans");
        expect(table.stdout).toContain("character Tramposo#");
        expect(table.stdout).toContain("ip 203.0.113.0/24  permanent  by cli:ops");

        const lifted = await admin("unban", String(banned.id), "--reason", "apelación", "--actor", "ops");
        expect(lifted.code).toBe(0);
        expect(json(lifted.stdout)[0]).toMatchObject({ id: banned.id, active: false, liftedBy: "cli:ops", liftReason: "apelación" });
        expect(json((await admin("bans", "--json")).stdout).map((ban) => ban.id)).not.toContain(banned.id);
        expect(json((await admin("bans", "--all", "--json")).stdout).map((ban) => ban.id)).toContain(banned.id);

        await withDatabase(async (db) => {
          const rows = (await db.audit.query({ actor: "ops", limit: 50 })).map((row) => `${row.actor.kind} ${row.action} ${row.outcome}`);
          expect(rows.sort()).toEqual(["cli ban ok", "cli ban ok", "cli ban ok", "cli unban ok"]);
        });
      },
      TEST_TIMEOUT_MS,
    );

    test(
      "refusals: one line, exit 1 or 2, nothing written",
      async () => {
        const before = await withDatabase((db) => db.moderation.listBans({ limit: 1000 }));
        const refused = async (code: number, line: string, ...argv: string[]) => {
          const result = await admin(...argv);
          expect(result).toEqual({ code, stdout: "", stderr: code === 2 ? `argentum admin: ${line}; see argentum admin --help\n` : `argentum admin: ${line}\n` });
        };
        await refused(1, 'no character named "Nadie"', "ban", "character", "Nadie");
        await refused(1, 'no character named "Nadie" (an account is named by one of its characters)', "ban", "account", "Nadie");
        await refused(1, '"300.1.1.1" is not an IPv4 or IPv6 address or address/prefix range', "ban", "ip", "300.1.1.1");
        await refused(1, "no ban 999999", "unban", "999999");
        await refused(2, "ban what? character, account, ip", "ban", "planet", "x");
        await refused(2, '--days "0": a whole number from 1 to 36500', "ban", "character", "Limpio", "--days", "0");
        await refused(2, '--days "2.5": a whole number from 1 to 36500', "ban", "character", "Limpio", "--days", "2.5");
        await refused(2, 'ban id "-3": a positive whole number', "unban", "-3");
        await refused(2, 'unknown option "--forever" for ban', "ban", "character", "Limpio", "--forever");
        const after = await withDatabase((db) => db.moderation.listBans({ limit: 1000 }));
        expect(after.length).toBe(before.length);

        // A second ban of a banned subject names the one in force.
        expect((await admin("ban", "character", "Limpio", "--actor", "ops")).code).toBe(0);
        const again = await admin("ban", "character", "Limpio", "--actor", "ops");
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(/^argentum admin: already banned \(ban \d+, permanent\)\n$/);
      },
      TEST_TIMEOUT_MS,
    );
  });
}
