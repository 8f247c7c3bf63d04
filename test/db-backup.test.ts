/**
 * Backups on every backend (PGlite always, Postgres with TEST_DATABASE_URL; a missing server
 * fails under CI=true): a database with characters, vaults, staff ranks, bans, mutes, jail,
 * warnings, punishments, reports and audit rows is dumped and restored into an empty database,
 * table by table identical (the restore's own audit row aside), the identity sequences past the
 * restored ids, the audit log still append-only. Refusals write nothing: a database with rows, a
 * damaged or cut file, a backup of a newer build, a database already past the backup's schema.
 * An older build's backup is loaded at its schema and migrated. Across backends too.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { BACKUP_TABLES, parseBackup, restoreDatabase, type AuditActor } from "../src/db/index.ts";
import type { InternalDatabase } from "../src/db/database.ts";
import { findPostgresError } from "../src/db/database-error.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import { newbieCharacter, veteranCharacter } from "./fixtures/db-characters.ts";
import { pgliteHarness, postgresHarness, postgresTestUrl, type BackendHarness } from "./fixtures/db-harness.ts";

/** Each test opens two or three databases; a first PGlite start runs initdb. */
setDefaultTimeout(180_000);

const CLI: AuditActor = { kind: "cli", name: "ops", node: "cli@test" };
const GM: AuditActor = { kind: "character", name: "Haracin", characterId: 1, accountId: 1, rank: "admin", address: "2001:db8::7" };

/** Every table's rows as the database prints them, in key order. */
async function tableTexts(db: InternalDatabase): Promise<Record<string, string[]>> {
  // Both test servers run in UTC, so the times print alike on either backend.
  const out: Record<string, string[]> = {};
  for (const table of BACKUP_TABLES) {
    const rows = (await db.sql.query(`SELECT to_jsonb(t)::text FROM "${table.name}" t ORDER BY ${table.orderBy}`, [], "array")) as [string][];
    out[table.name] = rows.map(([text]) => text);
  }
  return out;
}

/** Fills every table with rows that exercise its columns. */
async function populate(db: InternalDatabase): Promise<void> {
  const admin = await db.accounts.createAccount("haracin@ao.test", "secreto123");
  const player = await db.accounts.createAccount("pepe@ao.test", "secreto123");
  if (admin.kind !== "ok" || player.kind !== "ok") throw new Error("accounts");
  const haracin = await db.characters.createCharacter(veteranCharacter(admin.account.id, "Haracin"));
  const pepe = await db.characters.createCharacter({ ...newbieCharacter(player.account.id, "Pepe"), gold: 2_000_000_000, bankGold: 123 });
  if (haracin.kind !== "ok" || pepe.kind !== "ok") throw new Error("characters");
  const saved = await db.characters.saveCharacters([
    { ...pepe.character, bank: [{ slot: 1, objectId: 38, amount: 10_000 }, { slot: 42, objectId: 7, amount: 1 }], penalties: { muteSecondsLeft: 59, jailMinutesLeft: 3, warnings: 2 } },
  ]);
  if (saved.kind !== "ok") throw new Error("save");
  const credit = await db.characters.saveCharacters([haracin.character], { credits: [{ transfer: "9b2f9d6e-1f43-4b4e-9c55-5b8d6f1e0a01", from: haracin.character.id, toName: "pepe", amount: 77 }] });
  if (credit.kind !== "ok") throw new Error("credit");
  await db.worldIdentity.recordStart({ name: "Tierras Ñ", packHash: "ab".repeat(32) });
  await db.mapLeases.claim("node-a:1", [1, 2], 4_000);
  const act = (action: string) => ({ by: GM, action });
  await db.staff.grant("haracin", { rank: "admin", rolemaster: true }, act("staff grant"));
  await db.staff.grant("pepe", { rank: "consejero", rolemaster: false }, act("staff grant"));
  await db.staff.revoke("pepe", act("staff revoke"));
  await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.character.id }, reason: "spam 'con' \"comillas\" y ñ 🐉", punishment: "Baneado por: Haracin debido a spam", act: act("BanChar") });
  await db.moderation.addBan({ subject: { kind: "ip", range: "2001:db8::/32" }, reason: "v6", durationMs: 86_400_000, act: act("BanIP") });
  await db.moderation.addBan({ subject: { kind: "account", accountId: player.account.id }, reason: "cuenta", act: act("BanCuenta") });
  await db.moderation.mute({ characterId: pepe.character.id, minutes: 5, offline: false, act: act("Silence") });
  await db.moderation.jail({ characterId: pepe.character.id, minutes: 3, reason: "insultos", offline: false, act: act("Jail") });
  expect(await db.moderation.leaveMessage({ characterId: pepe.character.id, fromName: "Haracin", text: "te espero en la plaza" })).toEqual({ kind: "ok" });
  await db.moderation.warn({ characterId: pepe.character.id, reason: "aviso", offline: false, act: act("Warning") });
  const report = await db.moderation.addReport({ kind: "denounce", reporterCharacterId: haracin.character.id, targetCharacterId: pepe.character.id, category: "Denuncia a Pepe", text: "x", chatExcerpt: ["línea 1", "\\u0000 y \"comillas\""] });
  if (report.kind !== "ok") throw new Error(`report: ${JSON.stringify(report)}`);
  await db.audit.append({ actor: { ...CLI, name: "op\u0000x" }, action: "console kick", params: { big: 9_007_199_254_740_991, nested: { a: [1, 2, { b: null }] } }, outcome: "error", detail: "d".repeat(3_000) });
}

async function dumpText(db: InternalDatabase): Promise<string> {
  let text = "";
  await db.dump((line) => {
    text += line;
  });
  return text;
}

/** A backup edited and re-sealed with a correct checksum (to test what the checksum does not guard). */
function resealed(text: string, edit: (lines: string[]) => void): string {
  const lines = text.slice(0, -1).split("\n");
  const trailer = JSON.parse(lines.pop()!) as Record<string, unknown>;
  edit(lines);
  const body = `${lines.join("\n")}\n`;
  return `${body}${JSON.stringify({ ...trailer, sha256: new Bun.CryptoHasher("sha256").update(body).digest("hex") })}\n`;
}

/** Opens, works, closes: PGlite takes one process at a time per folder. */
async function using<T>(harness: BackendHarness, work: (db: InternalDatabase) => Promise<T>): Promise<T> {
  const db = await harness.open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

type Kind = "pglite" | "postgres";
const postgres = postgresTestUrl();
const kinds: Kind[] = "url" in postgres ? ["pglite", "postgres"] : ["pglite"];
if (!("url" in postgres) && postgres.mustFail) {
  test("backups on Postgres", () => {
    throw new Error(`${postgres.skipReason}; CI must provide a Postgres server`);
  });
}
const makeHarness = (kind: Kind): Promise<BackendHarness> => (kind === "pglite" ? Promise.resolve(pgliteHarness()) : postgresHarness((postgres as { url: string }).url));

for (const from of kinds) {
  for (const to of kinds) {
    // Each backend into itself, and across (PGlite to Postgres when a server outgrows the embedded one).
    describe(`backup from ${from}, restore into ${to}`, () => {
      test("every table comes back as it was; sequences continue past the restored ids; the audit log stays append-only", async () => {
        const source = await makeHarness(from);
        const target = await makeHarness(to);
        try {
          const { text, before } = await using(source, async (db) => {
            await populate(db);
            return { text: await dumpText(db), before: await tableTexts(db) };
          });
          // Every table holds rows but the nodes of a cluster, which only running gateways write.
          expect(BACKUP_TABLES.map((table) => table.name).filter((name) => before[name]!.length === 0)).toEqual(["cluster_nodes"]);
          const outcome = await restoreDatabase(target.options, text, { actor: CLI, file: "/backups/game.jsonl" });
          expect(outcome).toMatchObject({ kind: "ok", audited: true, migratedFrom: MIGRATIONS.map((migration) => migration.tag) });
          await using(target, async (db) => {
            const after = await tableTexts(db);
            const restoreRow = after.audit_log!.pop()!;
            expect(after).toEqual(before);
            expect(JSON.parse(restoreRow)).toMatchObject({ action: "restore", actor_kind: "cli", actor_name: "ops", outcome: "ok", params: { file: "/backups/game.jsonl" } });
            // The next ids follow the restored ones.
            const next = await db.accounts.createAccount("new@ao.test", "secreto123");
            expect(next.kind === "ok" ? next.account.id : 0).toBe(3);
            const [row] = await db.audit.append({ actor: CLI, action: "after restore", outcome: "ok" });
            expect(row!.id).toBe(JSON.parse(restoreRow).id + 1);
            const error = await db.sql.query("DELETE FROM audit_log", [], "array").then(
              () => undefined,
              (failure: unknown) => failure,
            );
            expect(findPostgresError(error)?.code).toBe("42501");
            // What the repositories read back is the same too: bans active, the vault, the penalties.
            const pepe = (await db.characters.findCharacterByName("Pepe"))!;
            expect(pepe.penalties).toEqual({ muteSecondsLeft: 59, jailMinutesLeft: 3, warnings: 2 });
            expect(pepe.gold).toBe(2_000_000_000);
            expect(await db.characters.loadBank(pepe.id)).toEqual([{ slot: 1, objectId: 38, amount: 10_000 }, { slot: 42, objectId: 7, amount: 1 }]);
            expect((await db.moderation.checkBans({ characterId: pepe.id, address: "2001:db8::1" })).kind).toBe("banned");
            expect((await db.staff.roleOf(1))).toMatchObject({ rank: "admin", rolemaster: true });
            expect((await db.accounts.verifyPassword("haracin@ao.test", "secreto123")).kind).toBe("ok");
          });
          // A second dump of the restored database is the first plus the restore's row.
          const again = await using(target, dumpText);
          const parsed = parseBackup(again);
          expect(parsed.ok).toBe(true);
        } finally {
          await source.dispose();
          await target.dispose();
        }
      });
    });
  }
}

for (const kind of kinds) {
  describe(`restore refusals (${kind})`, () => {
    test("a database with rows, a damaged, cut or foreign file, a newer build: refused, nothing written", async () => {
      const source = await makeHarness(kind);
      const target = await makeHarness(kind);
      try {
        const text = await using(source, async (db) => {
          await populate(db);
          return dumpText(db);
        });
        const refused = async (input: string, message: RegExp) => {
          const outcome = await restoreDatabase(target.options, input, { actor: CLI, file: "f" });
          expect(outcome.kind).toBe("refused");
          if (outcome.kind === "refused") expect(outcome.message).toMatch(message);
        };
        await refused(text.replace("spam", "SPAM"), /checksum does not match/);
        await refused(text.slice(0, text.length - 10), /cut short/);
        await refused(text.slice(0, text.lastIndexOf("\n", text.length - 2) + 1), /not the backup's end/);
        await refused("hello\n", /not an argentum-backup header/);
        await refused(resealed(text, (lines) => {
          const header = JSON.parse(lines[0]!);
          lines[0] = JSON.stringify({ ...header, migrations: [...header.migrations, "9999_future"] });
        }), /made by a newer build \(migration 9999_future/);
        await refused(resealed(text, (lines) => {
          lines.splice(2, 0, '{"id":99,"not_a_column":1}');
        }), /not a row of accounts|announces/);
        await refused(resealed(text, (lines) => {
          const at = lines.findIndex((line) => line.startsWith('{"table":"characters"'));
          lines[at] = lines[at]!.replace('"table":"characters"', '"table":"pg_authid"');
        }), /unknown table "pg_authid"/);
        // Nothing was written by any of those.
        await using(target, async (db) => {
          expect(Object.values(await tableTexts(db)).every((rows) => rows.length === 0)).toBe(true);
        });
        // A database with any row.
        await using(target, async (db) => {
          await db.worldIdentity.recordStart({ name: "Otro", packHash: "cd".repeat(32) });
        });
        expect(await restoreDatabase(target.options, text, { actor: CLI, file: "f" })).toEqual({ kind: "not_empty", tables: [{ name: "world_identity", rows: 1 }] });
        await using(target, async (db) => {
          const tables = await tableTexts(db);
          expect(tables.accounts).toEqual([]);
          expect(tables.audit_log).toEqual([]);
        });
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });

    test("an older build's backup loads at its schema and is migrated; a database past the backup's schema is refused", async () => {
      const source = await makeHarness(kind);
      const target = await makeHarness(kind);
      const fresh = await makeHarness(kind);
      try {
        // The build before the staff tables: every migration before 0006_staff.
        const previous = MIGRATIONS.slice(0, MIGRATIONS.findIndex((migration) => migration.tag === "0006_staff"));
        const old = await source.open({}, { migrations: previous });
        let text: string;
        try {
          const account = await old.accounts.createAccount("old@ao.test", "secreto123");
          if (account.kind !== "ok") throw new Error(account.kind);
          await old.sql.query(
            `INSERT INTO characters (account_id, name, race, gender, class, head, body, home_city, level, exp, free_skill_points, map, x, y, heading,
               hp, max_hp, mana, max_mana, stamina, max_stamina, food, water, gold, bank_gold, attributes, skills, inventory, equipment, spells, created_at, updated_at)
             VALUES ($1, 'Veterano', 1, 1, 2, 1, 1, 1, 1, 0, 10, 1, 50, 50, 3, 15, 15, 50, 50, 40, 40, 100, 100, 25, 1000, '[18,18,18,18,18]', '[]', '[]', '{}', '[]', now(), now())`,
            [account.account.id],
            "array",
          );
          text = await dumpText(old);
        } finally {
          await old.close();
        }
        const parsed = parseBackup(text);
        expect(parsed.ok && parsed.backup.tables.map((table) => table.name)).not.toContain("audit_log");
        // Into a database already migrated by this build: refused, it cannot go back.
        await using(target, async () => {});
        const ahead = await restoreDatabase(target.options, text, { actor: CLI, file: "old.jsonl" });
        expect(ahead).toMatchObject({ kind: "refused", message: expect.stringContaining("already at a newer schema than the backup (0006_staff") });
        // Into a database nobody migrated: loaded at 0005, then migrated, with the restore audited.
        const outcome = await restoreDatabase(fresh.options, text, { actor: CLI, file: "old.jsonl" });
        expect(outcome).toMatchObject({ kind: "ok", audited: true, migratedFrom: previous.map((migration) => migration.tag) });
        await using(fresh, async (db) => {
          expect(await db.characters.findCharacterByName("veterano")).toMatchObject({ gold: 25, bankGold: 1000 });
          expect((await db.audit.query()).map((row) => row.action)).toEqual(["restore"]);
          expect(((await db.sql.query("SELECT count(*)::integer FROM argentum_migrations", [], "array")) as [number][])[0]![0]).toBe(MIGRATIONS.length);
        });
      } finally {
        await source.dispose();
        await target.dispose();
        await fresh.dispose();
      }
    });

    test("the backup knows every table of the schema", async () => {
      const harness = await makeHarness(kind);
      try {
        const tables = await using(harness, async (db) => (await db.sql.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1", [], "array")) as [string][]);
        expect(tables.map(([name]) => name).filter((name) => name !== "argentum_migrations")).toEqual(BACKUP_TABLES.map((table) => table.name).sort());
      } finally {
        await harness.dispose();
      }
    });
  });
}
