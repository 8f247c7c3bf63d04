/**
 * The staff side of the database on every backend (PGlite always, Postgres with
 * TEST_DATABASE_URL; a missing server fails under CI=true): staff roles, the append-only audit
 * log, bans with expiry by the database's clock, mutes, jail, warnings, the punishment record,
 * the report queue, and the penalties a character record carries. Expiry is moved by writing
 * timestamps relative to the database's own `now()`, never by sleeping. The audit log cannot be
 * truncated, so each test reads only the rows written after it started.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DatabaseError, type AuditActor, type InvalidInput, type StaffAct } from "../src/db/index.ts";
import type { InternalDatabase } from "../src/db/database.ts";
import { findPostgresError } from "../src/db/database-error.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import type { CharacterRecord } from "../src/game/character/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { describeOnBothBackends, manualClock, pgliteHarness, postgresHarness, postgresTestUrl, type BackendHarness } from "./fixtures/db-harness.ts";

/** Milliseconds when idle; the slack is for a loaded 2-core CI machine. */
setDefaultTimeout(30_000);
/** First PGlite start runs initdb: seconds, not milliseconds. */
const OPEN_TIMEOUT_MS = 120_000;

const GM: AuditActor = { kind: "character", name: "Haracin", accountId: 7, characterId: 70, rank: "dios", address: "::ffff:10.1.2.3", node: "gw:1" };
const CLI: AuditActor = { kind: "cli", name: "root", node: "cli@host" };
const act = (action: string, by: AuditActor = GM, params?: Record<string, unknown>): StaffAct => ({ by, action, ...(params ? { params } : {}) });

async function expectDatabaseError(promise: Promise<unknown>, code: DatabaseError["code"]): Promise<DatabaseError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DatabaseError);
  expect((error as DatabaseError).code).toBe(code);
  return error as DatabaseError;
}

/** A statement the server refused, through the raw client (each backend wraps it its own way): the server's fields. */
async function expectServerError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DatabaseError);
  const server = findPostgresError(error);
  expect(server).toBeDefined();
  return server!;
}

function describeStaff(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`staff persistence (${label})`, () => {
    const clock = manualClock();
    let harness: BackendHarness;
    let db: InternalDatabase;
    /** The highest audit id before the test: its rows are the ones above. */
    let auditMark = 0;

    const raw = (text: string, params: unknown[] = []) => db.sql.query(text, params, "object") as Promise<Record<string, unknown>[]>;
    /** The audit rows this test wrote, oldest first. */
    const auditRows = async () => (await db.audit.query({ limit: 1_000 })).filter((row) => row.id > auditMark).reverse();

    let accounts = 0;
    async function newCharacter(name: string, options: { online?: boolean } = {}): Promise<CharacterRecord> {
      const account = await db.accounts.createAccount(`${name.toLowerCase()}${++accounts}@example.com`, "correct horse");
      if (account.kind !== "ok") throw new Error(`account setup failed: ${account.kind}`);
      const created = await db.characters.createCharacter(newbieCharacter(account.account.id, name), options);
      if (created.kind !== "ok") throw new Error(`character setup failed: ${created.kind}`);
      return created.character;
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
      // Cascades to every table that names a character or an account; the audit log has none.
      await db.sql.query("TRUNCATE characters, accounts RESTART IDENTITY CASCADE", [], "array");
      const [row] = await raw("SELECT coalesce(max(id), 0)::integer AS id FROM audit_log");
      auditMark = row!.id as number;
    });

    describe("audit log", () => {
      test("appends rows in order with the database's time, and reads them back newest first", async () => {
        const before = await raw("SELECT now() AS now");
        const written = await db.audit.append([
          { actor: GM, action: "BanChar", target: { kind: "character", id: 5, name: "Pepe" }, params: { reason: "spam" }, outcome: "ok" },
          { actor: CLI, action: "staff grant", outcome: "refused_rule", detail: "no_such_character" },
        ]);
        expect(written.map((row) => row.action)).toEqual(["BanChar", "staff grant"]);
        expect(written[1]!.id).toBeGreaterThan(written[0]!.id);
        expect(written[0]!.at.getTime()).toBeGreaterThanOrEqual(new Date(String(before[0]!.now)).getTime() - 1);
        expect(written[0]).toMatchObject({
          actor: { kind: "character", name: "Haracin", accountId: 7, characterId: 70, rank: "dios", address: "10.1.2.3", node: "gw:1" },
          target: { kind: "character", id: 5, name: "Pepe" },
          params: { reason: "spam" },
          outcome: "ok",
          detail: null,
        });
        expect(written[1]).toMatchObject({ actor: { kind: "cli", name: "root", accountId: null, address: null }, target: null, params: {}, detail: "no_such_character" });
        expect((await auditRows()).map((row) => row.id)).toEqual(written.map((row) => row.id));
        const newest = await db.audit.query({ limit: 1 });
        expect(newest.map((row) => row.id)).toEqual([written[1]!.id]);
      });

      test("filters by actor (any case), action, outcome, time and id, combined", async () => {
        const rows = await db.audit.append([
          { actor: GM, action: "Jail", outcome: "ok" },
          { actor: { ...GM, name: "Recox" }, action: "Jail", outcome: "refused_rank" },
          { actor: GM, action: "Silence", outcome: "ok" },
        ]);
        const mine = (list: { id: number }[]) => list.filter((row) => row.id > auditMark).map((row) => row.id);
        expect(mine(await db.audit.query({ actor: "HARACIN" }))).toEqual([rows[2]!.id, rows[0]!.id]);
        expect(mine(await db.audit.query({ action: "jail" }))).toEqual([rows[1]!.id, rows[0]!.id]);
        expect(mine(await db.audit.query({ action: "Jail", outcome: "refused_rank" }))).toEqual([rows[1]!.id]);
        expect(mine(await db.audit.query({ withinMs: 60_000, actor: "haracin", action: "silence" }))).toEqual([rows[2]!.id]);
        expect(mine(await db.audit.query({ since: new Date(rows[0]!.at.getTime() + 3_600_000) }))).toEqual([]);
        expect(mine(await db.audit.query({ since: new Date(rows[0]!.at.getTime() - 1) }))).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);
        expect(mine(await db.audit.query({ beforeId: rows[2]!.id, limit: 1 }))).toEqual([rows[1]!.id]);
        await expectDatabaseError(db.audit.query({ limit: 0 }), "invalid_argument");
        await expectDatabaseError(db.audit.query({ limit: 10_001 }), "invalid_argument");
      });

      test("a row is never refused for its content: NUL, lone surrogates, huge text and params, a bad address", async () => {
        const [row] = await db.audit.append({
          actor: { kind: "console", name: `op\u0000${"x".repeat(500)}`, address: "not-an-address" },
          action: "console ban",
          target: { kind: "character", name: "\ud800Pepe" },
          params: { reason: "a\u0000b", big: 10n, when: new Date(0), skip: undefined, nested: { deep: "\udc00" } },
          outcome: "ok",
          detail: "d".repeat(10_000),
        });
        expect(row!.actor.name.startsWith("op\ufffd")).toBe(true);
        expect([...row!.actor.name].length).toBe(64);
        expect(row!.actor.address).toBeNull();
        expect(row!.target!.name).toBe("\ufffdPepe");
        expect(row!.params).toEqual({ reason: "a\ufffdb", big: "10", when: "1970-01-01T00:00:00.000Z", nested: { deep: "\ufffd" }, unparsedAddress: "not-an-address" });
        expect([...row!.detail!].length).toBe(2_000);
        const [huge] = await db.audit.append({ actor: CLI, action: "x", params: { blob: "y".repeat(100_000) }, outcome: "ok" });
        expect(huge!.params).toMatchObject({ truncated: true });
        expect(JSON.stringify(huge!.params).length).toBeLessThan(2_000);
        const [v6] = await db.audit.append({ actor: { ...CLI, address: "2001:DB8::1" }, action: "x", outcome: "ok" });
        expect(v6!.actor.address).toBe("2001:db8::1");
      });

      test("a caller's bug is refused before the database: unknown kind or outcome, bad action or target kind", async () => {
        await expectDatabaseError(db.audit.append({ actor: { kind: "robot" as "cli", name: "r" }, action: "x", outcome: "ok" }), "invalid_argument");
        await expectDatabaseError(db.audit.append({ actor: CLI, action: "x", outcome: "maybe" as "ok" }), "invalid_argument");
        await expectDatabaseError(db.audit.append({ actor: CLI, action: "", outcome: "ok" }), "invalid_argument");
        await expectDatabaseError(db.audit.append({ actor: CLI, action: "a".repeat(65), outcome: "ok" }), "invalid_argument");
        await expectDatabaseError(db.audit.append({ actor: CLI, action: "x\ny", outcome: "ok" }), "invalid_argument");
        await expectDatabaseError(db.audit.append({ actor: CLI, action: "x", target: { kind: "DROP TABLE" }, outcome: "ok" }), "invalid_argument");
        expect(await auditRows()).toEqual([]);
      });

      test("UPDATE, DELETE and TRUNCATE are refused by the database itself, and the rows stay", async () => {
        const [row] = await db.audit.append({ actor: GM, action: "BanChar", outcome: "ok", detail: "original" });
        for (const statement of [
          `UPDATE audit_log SET detail = 'forged' WHERE id = ${row!.id}`,
          `DELETE FROM audit_log WHERE id = ${row!.id}`,
          "DELETE FROM audit_log",
          "TRUNCATE audit_log",
          "TRUNCATE audit_log, characters CASCADE",
        ]) {
          const error = await expectServerError(raw(statement));
          expect(error.code).toBe("42501");
          expect(error.message).toContain("append-only");
        }
        expect((await auditRows()).map((entry) => entry.detail)).toEqual(["original"]);
      });

      test("rows name what they audit by copy: deleting the character leaves them untouched", async () => {
        const pepe = await newCharacter("Pepe");
        await db.moderation.warn({ characterId: pepe.id, reason: "spam", offline: true, act: act("Warning") });
        expect(await db.characters.deleteCharacter(pepe.id)).toBe(true);
        const [row] = await auditRows();
        expect(row).toMatchObject({ action: "Warning", target: { kind: "character", id: pepe.id, name: "Pepe" }, outcome: "ok" });
      });
    });

    describe("staff roles", () => {
      test("a grant resolves the name once, in any case; the role then follows the id through a rename (G1, G2)", async () => {
        const haracin = await newCharacter("Haracin");
        const granted = await db.staff.grant("HARACIN", { rank: "dios", rolemaster: false }, act("staff grant", CLI));
        expect(granted).toMatchObject({ kind: "ok", previous: null, role: { characterId: haracin.id, characterName: "Haracin", rank: "dios", rolemaster: false, grantedBy: "cli:root" } });
        await raw("UPDATE characters SET name = 'Renamed' WHERE id = $1", [haracin.id]);
        const impostor = await newCharacter("Haracin");
        expect(await db.staff.roleOf(haracin.id)).toMatchObject({ characterName: "Renamed", rank: "dios" });
        expect(await db.staff.roleOf(impostor.id)).toBeNull();
      });

      test("the same role again is unchanged; another replaces it and the history keeps both", async () => {
        const gm = await newCharacter("Gulfas");
        await db.staff.grant("Gulfas", { rank: "consejero", rolemaster: false }, act("staff grant", CLI));
        expect(await db.staff.grant("gulfas", { rank: "consejero", rolemaster: false }, act("staff grant", CLI))).toMatchObject({ kind: "unchanged", role: { rank: "consejero" } });
        const promoted = await db.staff.grant("Gulfas", { rank: "semidios", rolemaster: true }, act("staff grant", CLI));
        expect(promoted).toMatchObject({ kind: "ok", role: { rank: "semidios", rolemaster: true }, previous: { rank: "consejero", rolemaster: false } });
        const history = await db.staff.list({ includeRevoked: true });
        expect(history.map((entry) => [entry.rank, entry.revokedBy])).toEqual([
          ["semidios", null],
          ["consejero", "cli:root"],
        ]);
        expect(await db.staff.roleOf(gm.id)).toMatchObject({ rank: "semidios", rolemaster: true });
        const audit = await auditRows();
        expect(audit.map((row) => [row.action, row.outcome, row.detail])).toEqual([
          ["staff grant", "ok", null],
          ["staff grant", "ok", "unchanged"],
          ["staff grant", "ok", null],
        ]);
        expect(audit[2]!.params).toEqual({ name: "Gulfas", rank: "semidios", rolemaster: true, previous: { rank: "consejero", rolemaster: false } });
        expect(audit[2]!.target).toEqual({ kind: "character", id: gm.id, name: "Gulfas" });
      });

      test("a rolemaster without a rank, revoking, and what cannot be granted", async () => {
        await newCharacter("Reyarb");
        expect(await db.staff.grant("Reyarb", { rank: null, rolemaster: true }, act("staff grant", CLI))).toMatchObject({ kind: "ok", role: { rank: null, rolemaster: true } });
        expect(await db.staff.revoke("REYARB", act("staff revoke", CLI))).toMatchObject({ kind: "ok", previous: { rolemaster: true } });
        expect(await db.staff.revoke("Reyarb", act("staff revoke", CLI))).toMatchObject({ kind: "not_staff", characterName: "Reyarb" });
        expect(await db.staff.revoke("Nadie", act("staff revoke", CLI))).toEqual({ kind: "no_such_character" });
        expect(await db.staff.grant("Nadie", { rank: "admin", rolemaster: false }, act("staff grant", CLI))).toEqual({ kind: "no_such_character" });
        expect(await db.staff.grant("Reyarb", { rank: null, rolemaster: false }, act("staff grant", CLI))).toEqual({ kind: "invalid", field: "rank", problem: "empty" });
        expect(await db.staff.grant("Reyarb", { rank: "god" as "dios", rolemaster: false }, act("staff grant", CLI))).toEqual({ kind: "invalid", field: "rank", problem: "out_of_range" });
        expect(await db.staff.grant("x'; DROP TABLE staff_roles; --", { rank: "admin", rolemaster: false }, act("staff grant", CLI))).toEqual({ kind: "no_such_character" });
        expect(await db.staff.grant("a\u0000b", { rank: "admin", rolemaster: false }, act("staff grant", CLI))).toEqual({ kind: "invalid", field: "name", problem: "unprintable" });
        expect(await db.staff.list()).toEqual([]);
        const audit = await auditRows();
        expect(audit.map((row) => [row.action, row.outcome, row.detail])).toEqual([
          ["staff grant", "ok", null],
          ["staff revoke", "ok", null],
          ["staff revoke", "refused_rule", "not_staff"],
          ["staff revoke", "refused_rule", "no_such_character"],
          ["staff grant", "refused_rule", "no_such_character"],
          ["staff grant", "refused_rule", "invalid rank: empty"],
          ["staff grant", "refused_rule", "invalid rank: out_of_range"],
          ["staff grant", "refused_rule", "no_such_character"],
          ["staff grant", "refused_rule", "invalid name: unprintable"],
        ]);
      });

      test("one live role per character even when grants race; list and rolesOf read the live ones", async () => {
        const a = await newCharacter("Alfa");
        const b = await newCharacter("Beta");
        await newCharacter("Gamma");
        const outcomes = await Promise.all(["consejero", "semidios", "dios", "admin"].map((rank) => db.staff.grant("Alfa", { rank: rank as "dios", rolemaster: false }, act("staff grant", CLI))));
        expect(outcomes.every((outcome) => outcome.kind === "ok")).toBe(true);
        const live = await raw("SELECT count(*)::integer AS live FROM staff_roles WHERE character_id = $1 AND revoked_at IS NULL", [a.id]);
        expect(live).toEqual([{ live: 1 }]);
        await db.staff.grant("Beta", { rank: "admin", rolemaster: true }, act("staff grant", CLI));
        // Live roles by rank, highest first, then by name: Alfa kept whichever grant landed last.
        const alfaRank = (await db.staff.roleOf(a.id))!.rank;
        expect((await db.staff.list()).map((entry) => entry.characterName)).toEqual(alfaRank === "admin" ? ["Alfa", "Beta"] : ["Beta", "Alfa"]);
        const roles = await db.staff.rolesOf([a.id, b.id, 999]);
        expect([...roles.keys()].sort()).toEqual([a.id, b.id].sort());
        expect(roles.get(b.id)).toMatchObject({ rank: "admin", rolemaster: true });
        expect((await db.staff.rolesOf([])).size).toBe(0);
        await expectDatabaseError(db.staff.rolesOf([1.5]), "invalid_argument");
      });
    });

    describe("bans", () => {
      test("a character ban, by id or by name; a second is refused; a missing subject too", async () => {
        const pepe = await newCharacter("Pepe");
        const banned = await db.moderation.addBan({ subject: { kind: "character", name: "PEPE" }, reason: "spam", punishment: "Baneado por: Haracin debido a spam", act: act("BanChar") });
        expect(banned).toMatchObject({ kind: "ok", ban: { subject: { kind: "character", characterId: pepe.id, characterName: "Pepe" }, reason: "spam", issuedBy: "Haracin", expiresAt: null, active: true } });
        const again = await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "again", act: act("BanChar") });
        expect(again).toMatchObject({ kind: "already_banned", ban: { reason: "spam" } });
        expect(await db.moderation.addBan({ subject: { kind: "character", name: "Nadie" }, reason: "x", act: act("BanChar") })).toEqual({ kind: "no_such_subject" });
        expect(await db.moderation.punishmentsOf(pepe.id)).toMatchObject([{ number: 1, text: "Baneado por: Haracin debido a spam" }]);
        const audit = await auditRows();
        expect(audit.map((row) => [row.outcome, row.detail, row.target?.name])).toEqual([
          ["ok", null, "Pepe"],
          ["refused_rule", "already_banned", "Pepe"],
          ["refused_rule", "no_such_subject", "Nadie"],
        ]);
        expect(audit[0]!.params).toMatchObject({ reason: "spam", banId: banned.kind === "ok" ? banned.ban.id : -1, punishmentNumber: 1 });
      });

      test("account bans by id or through a character's name; address bans of one address, a range, IPv6", async () => {
        const pepe = await newCharacter("Pepe");
        const account = await db.moderation.addBan({ subject: { kind: "account", characterName: "pepe" }, reason: "multi", act: act("BanCuenta") });
        expect(account).toMatchObject({ kind: "ok", ban: { subject: { kind: "account", accountId: pepe.accountId, accountEmail: expect.stringMatching(/^pepe\d+@example\.com$/) } } });
        expect(await db.moderation.addBan({ subject: { kind: "account", accountId: pepe.accountId }, reason: "x", act: act("BanCuenta") })).toMatchObject({ kind: "already_banned" });
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "10.1.2.3" }, reason: "bot", act: act("BanIP") })).toMatchObject({ kind: "ok", ban: { subject: { kind: "ip", range: "10.1.2.3/32" } } });
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "192.168.0.0/16" }, reason: "net", act: act("BanIP") })).toMatchObject({ kind: "ok", ban: { subject: { range: "192.168.0.0/16" } } });
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "2001:db8::/32" }, reason: "v6", act: act("BanIP") })).toMatchObject({ kind: "ok", ban: { subject: { range: "2001:db8::/32" } } });
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "::ffff:10.1.2.3" }, reason: "same", act: act("BanIP") })).toMatchObject({ kind: "already_banned" });
      });

      test("a /0, a range with host bits and a malformed address are refused with a message, and audited", async () => {
        for (const [range, problem] of [
          ["0.0.0.0/0", "out_of_range"],
          ["::/0", "out_of_range"],
          ["10.1.2.3/8", "malformed"],
          ["1.2.3.4'; DROP TABLE bans; --", "malformed"],
        ] as const) {
          const outcome = await db.moderation.addBan({ subject: { kind: "ip", range }, reason: "x", act: act("BanIP") });
          expect(outcome).toMatchObject({ kind: "invalid", field: "range", problem });
          expect(typeof (outcome as InvalidInput & { message: string }).message).toBe("string");
        }
        expect(await db.moderation.listBans()).toEqual([]);
        expect((await auditRows()).map((row) => row.outcome)).toEqual(["refused_rule", "refused_rule", "refused_rule", "refused_rule"]);
      });

      test("hostile reasons: 10,000 characters and NUL are refused; SQL-looking text is stored as typed", async () => {
        const pepe = await newCharacter("Pepe");
        expect(await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "x".repeat(10_000), act: act("BanChar") })).toEqual({ kind: "invalid", field: "reason", problem: "too_long" });
        expect(await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "a\u0000b", act: act("BanChar") })).toEqual({ kind: "invalid", field: "reason", problem: "unprintable" });
        expect(await db.moderation.listBans()).toEqual([]);
        const sqlish = "'); DELETE FROM bans; -- \" \\ $1 ñandú 🐉";
        const banned = await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: sqlish, act: act("BanChar") });
        expect(banned).toMatchObject({ kind: "ok", ban: { reason: sqlish } });
        expect((await db.moderation.listBans()).map((ban) => ban.reason)).toEqual([sqlish]);
        const maximal = await db.moderation.addBan({ subject: { kind: "ip", range: "10.0.0.1" }, reason: "é".repeat(500), act: act("BanIP") });
        expect(maximal.kind).toBe("ok");
        const [refused] = await auditRows();
        expect(refused).toMatchObject({ outcome: "refused_rule", detail: "invalid reason: too_long" });
        expect(String(refused!.params.reason).length).toBeLessThanOrEqual(16_384);
      });

      test("checkBans answers for a character, its account and its address in one query, the most specific first", async () => {
        const pepe = await newCharacter("Pepe");
        const other = await newCharacter("Otro");
        expect(await db.moderation.checkBans({ characterId: pepe.id, accountId: pepe.accountId, address: "10.1.2.3" })).toEqual({ kind: "clear" });
        await db.moderation.addBan({ subject: { kind: "ip", range: "10.0.0.0/8" }, reason: "wide", act: act("BanIP") });
        await db.moderation.addBan({ subject: { kind: "ip", range: "10.1.0.0/16" }, reason: "narrow", act: act("BanIP") });
        const byAddress = await db.moderation.checkBans({ address: "::ffff:10.1.2.3" });
        expect(byAddress).toMatchObject({ kind: "banned", ban: { reason: "narrow" } });
        expect(byAddress.kind === "banned" ? byAddress.all.map((ban) => ban.reason) : []).toEqual(["narrow", "wide"]);
        expect(await db.moderation.checkBans({ address: "11.0.0.1" })).toEqual({ kind: "clear" });
        expect(await db.moderation.checkBans({ address: "2001:db8::1" })).toEqual({ kind: "clear" });
        expect(await db.moderation.checkBans({ address: "garbage" })).toEqual({ kind: "clear" });
        await db.moderation.addBan({ subject: { kind: "account", accountId: pepe.accountId }, reason: "account", act: act("BanCuenta") });
        await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "character", act: act("BanChar") });
        const all = await db.moderation.checkBans({ characterId: pepe.id, accountId: pepe.accountId, address: "10.1.2.3" });
        expect(all.kind === "banned" ? all.all.map((ban) => ban.reason) : []).toEqual(["character", "account", "narrow", "wide"]);
        expect(await db.moderation.checkBans({ characterId: other.id, accountId: other.accountId, address: "127.0.0.1" })).toEqual({ kind: "clear" });
      });

      test("expiry is the database's clock: a past expires_at is no ban, and the subject can be banned again (G6)", async () => {
        const pepe = await newCharacter("Pepe");
        const temporary = await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "temp", durationMs: 86_400_000, act: act("BanTemporal") });
        if (temporary.kind !== "ok") throw new Error(temporary.kind);
        expect(temporary.ban.expiresAt!.getTime() - temporary.ban.issuedAt.getTime()).toBe(86_400_000);
        expect((await db.moderation.checkBans({ characterId: pepe.id })).kind).toBe("banned");
        await raw("UPDATE bans SET issued_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1", [temporary.ban.id]);
        expect(await db.moderation.checkBans({ characterId: pepe.id })).toEqual({ kind: "clear" });
        expect(await db.moderation.listBans({ active: true })).toEqual([]);
        expect(await db.moderation.liftBan({ banId: temporary.ban.id, act: act("UnbanChar") })).toMatchObject({ kind: "not_active" });
        const permanent = await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "forever", act: act("BanChar") });
        expect(permanent).toMatchObject({ kind: "ok", ban: { reason: "forever", expiresAt: null } });
        const history = await db.moderation.listBans({ subject: { kind: "character", characterId: pepe.id } });
        expect(history.map((ban) => [ban.reason, ban.active, ban.liftedBy, ban.liftReason])).toEqual([
          ["forever", true, null, null],
          ["temp", false, "expiry", "expired"],
        ]);
        expect(history[1]!.liftedAt).toEqual(history[1]!.expiresAt);
        expect((await db.moderation.checkBans({ characterId: pepe.id })).kind).toBe("banned");
      });

      test("the partial unique index holds one unlifted ban per subject against any writer", async () => {
        const pepe = await newCharacter("Pepe");
        await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "first", act: act("BanChar") });
        const insert = "INSERT INTO bans (subject_kind, character_id, reason, issued_by) VALUES ('character', $1, 'second', 'x')";
        const error = await expectServerError(raw(insert, [pepe.id]));
        expect(error).toMatchObject({ code: "23505", constraint: "bans_unlifted_character_key" });
        const mismatched = await expectServerError(raw("INSERT INTO bans (subject_kind, ip_range, reason, issued_by) VALUES ('character', '1.2.3.4/32', 'x', 'x')"));
        expect(mismatched).toMatchObject({ code: "23514", constraint: "bans_one_subject" });
        const racing = await Promise.all([1, 2, 3].map((n) => db.moderation.addBan({ subject: { kind: "ip", range: "172.16.0.1" }, reason: `race ${n}`, act: act("BanIP") })));
        expect(racing.map((outcome) => outcome.kind).sort()).toEqual(["already_banned", "already_banned", "ok"]);
      });

      test("lifting by id and by subject; lifting is an update, the history stays", async () => {
        const pepe = await newCharacter("Pepe");
        const banned = await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "spam", act: act("BanChar") });
        if (banned.kind !== "ok") throw new Error(banned.kind);
        expect(await db.moderation.liftBan({ banId: banned.ban.id, reason: "appeal", act: act("console unban", { kind: "console", name: "ops" }) })).toMatchObject({ kind: "ok", ban: { active: false, liftedBy: "console:ops", liftReason: "appeal" } });
        expect(await db.moderation.liftBan({ banId: banned.ban.id, act: act("UnbanChar") })).toMatchObject({ kind: "not_active" });
        expect(await db.moderation.liftBan({ banId: 9999, act: act("UnbanChar") })).toEqual({ kind: "not_found" });
        await db.moderation.addBan({ subject: { kind: "character", characterId: pepe.id }, reason: "again", act: act("BanChar") });
        expect(await db.moderation.liftBansOf({ subject: { kind: "character", name: "pepe" }, punishment: "Haracin: UNBAN.", act: act("UnbanChar") })).toMatchObject({ kind: "ok", bans: [{ reason: "again" }] });
        expect(await db.moderation.liftBansOf({ subject: { kind: "character", name: "pepe" }, act: act("UnbanChar") })).toEqual({ kind: "not_banned" });
        expect(await db.moderation.liftBansOf({ subject: { kind: "character", name: "nadie" }, act: act("UnbanChar") })).toEqual({ kind: "no_such_subject" });
        expect((await db.moderation.listBans()).length).toBe(2);
        expect((await db.moderation.punishmentsOf(pepe.id)).map((entry) => entry.text)).toEqual(["Haracin: UNBAN."]);
        expect((await auditRows()).map((row) => row.detail)).toEqual([null, null, "not_active", "not_found", null, null, "not_banned", "no_such_subject"]);
      });

      test("durations out of range and a punishment for a non-character subject are refused", async () => {
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "1.2.3.4" }, reason: "x", durationMs: 0, act: act("BanIP") })).toEqual({ kind: "invalid", field: "durationMs", problem: "out_of_range" });
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "1.2.3.4" }, reason: "x", durationMs: -5, act: act("BanIP") })).toEqual({ kind: "invalid", field: "durationMs", problem: "out_of_range" });
        expect(await db.moderation.addBan({ subject: { kind: "ip", range: "1.2.3.4" }, reason: "x", punishment: "p", act: act("BanIP") })).toEqual({ kind: "invalid", field: "punishment", problem: "out_of_range" });
        expect(await db.moderation.listBans()).toEqual([]);
      });
    });

    describe("mutes, jail and warnings", () => {
      test("an offline mute sets the countdown on the row with its history; the record carries it", async () => {
        const pepe = await newCharacter("Pepe");
        const muted = await db.moderation.mute({ characterId: pepe.id, minutes: 300, offline: true, punishment: "Haracin: silencio por 300 minutos.", act: act("Silence") });
        expect(muted).toMatchObject({ kind: "ok", mute: { characterId: pepe.id, minutes: 300, issuedBy: "Haracin", liftKind: null } });
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toEqual({ muteSecondsLeft: 18_000, jailMinutesLeft: 0, warnings: 0 });
        const again = await db.moderation.mute({ characterId: pepe.id, minutes: 5, offline: true, act: act("Silence") });
        expect(again.kind).toBe("ok");
        expect((await db.moderation.mutesOf(pepe.id)).map((mute) => [mute.minutes, mute.liftKind])).toEqual([
          [5, null],
          [300, "replaced"],
        ]);
        const unmuted = await db.moderation.unmute({ characterId: pepe.id, offline: true, reason: "perdonado", act: act("Silence") });
        expect(unmuted).toMatchObject({ kind: "ok", lifted: [{ minutes: 5, liftKind: "lifted", liftedBy: "Haracin", liftReason: "perdonado" }] });
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toBeUndefined();
        expect(await db.moderation.unmute({ characterId: pepe.id, offline: true, act: act("Silence") })).toEqual({ kind: "not_muted" });
        expect((await auditRows()).map((row) => [row.outcome, row.detail])).toEqual([
          ["ok", null],
          ["ok", null],
          ["ok", null],
          ["refused_rule", "not_muted"],
        ]);
      });

      test("a character marked online is refused for offline changes (nothing written); the server's path writes history only", async () => {
        const pepe = await newCharacter("Pepe", { online: true });
        expect(await db.moderation.mute({ characterId: pepe.id, minutes: 10, offline: true, act: act("Silence") })).toEqual({ kind: "online" });
        expect(await db.moderation.jail({ characterId: pepe.id, minutes: 10, reason: "x", offline: true, act: act("Jail") })).toEqual({ kind: "online" });
        expect(await db.moderation.warn({ characterId: pepe.id, reason: "x", offline: true, punishment: "p", act: act("Warning") })).toEqual({ kind: "online" });
        expect(await db.moderation.mutesOf(pepe.id)).toEqual([]);
        expect(await db.moderation.punishmentsOf(pepe.id)).toEqual([]);
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toBeUndefined();
        const viaServer = await db.moderation.mute({ characterId: pepe.id, minutes: 10, offline: false, act: act("Silence") });
        expect(viaServer.kind).toBe("ok");
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toBeUndefined();
        expect(await db.moderation.muteServed(pepe.id)).toMatchObject([{ minutes: 10, liftKind: "served", liftedBy: null }]);
        expect(await db.moderation.mute({ characterId: 9999, minutes: 10, offline: false, act: act("Silence") })).toEqual({ kind: "no_such_character" });
        expect((await auditRows()).map((row) => row.detail)).toEqual(["online", "online", "online", null, "no_such_character"]);
      });

      test("an offline change moves updated_at, so a tool holding an older read is refused as stale", async () => {
        const pepe = await newCharacter("Pepe");
        const read = (await db.characters.loadCharacter(pepe.id))!;
        await db.moderation.jail({ characterId: pepe.id, minutes: 30, reason: "insultos", offline: true, act: act("Jail") });
        expect(await db.characters.saveOfflineCharacter({ ...read, gold: 5 })).toEqual({ kind: "stale" });
        const fresh = (await db.characters.loadCharacter(pepe.id))!;
        expect(fresh.penalties).toEqual({ muteSecondsLeft: 0, jailMinutesLeft: 30, warnings: 0 });
        expect((await db.characters.saveOfflineCharacter({ ...fresh, gold: 5 })).kind).toBe("ok");
        expect((await db.characters.loadCharacter(pepe.id))!.penalties!.jailMinutesLeft).toBe(30);
      });

      test("/ANAME renames an offline character by id: online, taken in any case and missing are refused, nothing written (G21)", async () => {
        const pepe = await newCharacter("Pepe");
        const maria = await newCharacter("Maria");
        const playing = await newCharacter("Playing", { online: true });
        const read = (await db.characters.loadCharacter(pepe.id))!;
        expect(await db.characters.renameOfflineCharacter(pepe.id, "MARIA")).toEqual({ kind: "name_taken" });
        expect(await db.characters.renameOfflineCharacter(playing.id, "Otro Nombre")).toEqual({ kind: "online" });
        expect(await db.characters.renameOfflineCharacter(987_654, "Nadie")).toEqual({ kind: "not_found" });
        expect((await db.characters.loadCharacter(playing.id))!.name).toBe("Playing");
        // The same name in another case is the character's own: allowed.
        expect(await db.characters.renameOfflineCharacter(maria.id, "MARIA")).toEqual({ kind: "ok", oldName: "Maria" });
        expect(await db.characters.renameOfflineCharacter(pepe.id, "Pepe Grande")).toEqual({ kind: "ok", oldName: "Pepe" });
        expect(await db.characters.findCharacterByName("pepe")).toBeNull();
        expect((await db.characters.findCharacterByName("PEPE GRANDE"))!.id).toBe(pepe.id);
        // updated_at moved: a tool holding the read from before the rename writes nothing stale.
        expect(await db.characters.saveOfflineCharacter({ ...read, gold: 5 })).toEqual({ kind: "stale" });
        // The old name is free again.
        expect((await newCharacter("Pepe")).id).not.toBe(pepe.id);
      });

      test("/MENSAJEINFORMACION to an offline character is kept, given once at its next entry, oldest first; hostile input refused", async () => {
        const pepe = await newCharacter("Pepe");
        expect(await db.moderation.leaveMessage({ characterId: pepe.id, fromName: "Haracin", text: "primero" })).toEqual({ kind: "ok" });
        expect(await db.moderation.leaveMessage({ characterId: pepe.id, fromName: "Otra", text: "segundo" })).toEqual({ kind: "ok" });
        expect(await db.moderation.leaveMessage({ characterId: 987_654, fromName: "Haracin", text: "nadie" })).toEqual({ kind: "no_such_character" });
        expect((await db.moderation.leaveMessage({ characterId: pepe.id, fromName: "Haracin", text: "x".repeat(1_001) })).kind).toBe("invalid");
        expect((await db.moderation.leaveMessage({ characterId: pepe.id, fromName: "Haracin", text: "" })).kind).toBe("invalid");
        expect((await db.moderation.takeMessages(pepe.id)).map((message) => `${message.fromName}: ${message.text}`)).toEqual(["Haracin: primero", "Otra: segundo"]);
        expect(await db.moderation.takeMessages(pepe.id)).toEqual([]);
      });

      test("jail bounds (G10), replacement, pardon and serving", async () => {
        const pepe = await newCharacter("Pepe");
        for (const minutes of [0, -5, 525_601, 1.5]) {
          expect(await db.moderation.jail({ characterId: pepe.id, minutes, reason: "x", offline: true, act: act("Jail") })).toEqual({ kind: "invalid", field: "minutes", problem: "out_of_range" });
        }
        expect(await db.moderation.jail({ characterId: pepe.id, minutes: 10, reason: "  ", offline: true, act: act("Jail") })).toEqual({ kind: "invalid", field: "reason", problem: "empty" });
        await db.moderation.jail({ characterId: pepe.id, minutes: 10, reason: "uno", offline: true, act: act("Jail") });
        await db.moderation.jail({ characterId: pepe.id, minutes: 20, reason: "dos", offline: true, act: act("Jail") });
        expect(await db.moderation.pardon({ characterId: pepe.id, offline: true, reason: "error", act: act("console pardon") })).toMatchObject({ kind: "ok", released: [{ reason: "dos", releaseKind: "pardoned" }] });
        expect(await db.moderation.pardon({ characterId: pepe.id, offline: true, act: act("console pardon") })).toEqual({ kind: "not_jailed" });
        await db.moderation.jail({ characterId: pepe.id, minutes: 30, reason: "tres", offline: false, act: act("Jail") });
        expect(await db.moderation.jailServed(pepe.id)).toMatchObject([{ reason: "tres", releaseKind: "served", releasedBy: null }]);
        expect((await db.moderation.jailSentencesOf(pepe.id)).map((sentence) => [sentence.reason, sentence.releaseKind])).toEqual([
          ["tres", "served"],
          ["dos", "pardoned"],
          ["uno", "replaced"],
        ]);
        expect(await db.moderation.mute({ characterId: pepe.id, minutes: 32_768, offline: true, act: act("Silence") })).toEqual({ kind: "invalid", field: "minutes", problem: "out_of_range" });
      });

      test("warnings count on the row offline, and by history for a character the server holds", async () => {
        const pepe = await newCharacter("Pepe");
        const counts: number[] = [];
        for (let index = 0; index < 3; index++) {
          const warned = await db.moderation.warn({ characterId: pepe.id, reason: `aviso ${index}`, offline: true, act: act("Warning") });
          if (warned.kind !== "ok") throw new Error(warned.kind);
          counts.push(warned.count);
        }
        expect(counts).toEqual([1, 2, 3]);
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toEqual({ muteSecondsLeft: 0, jailMinutesLeft: 0, warnings: 3 });
        const held = await newCharacter("Held", { online: true });
        const first = await db.moderation.warn({ characterId: held.id, reason: "uno", offline: false, act: act("Warning") });
        const second = await db.moderation.warn({ characterId: held.id, reason: "dos", offline: false, act: act("Warning") });
        expect([first, second].map((outcome) => (outcome.kind === "ok" ? outcome.count : -1))).toEqual([1, 2]);
        expect((await db.moderation.warningsOf(pepe.id)).map((warning) => warning.reason)).toEqual(["aviso 2", "aviso 1", "aviso 0"]);
      });
    });

    describe("punishment record", () => {
      test("numbered per character from 1, even when written at once; edited by number with who and when", async () => {
        const pepe = await newCharacter("Pepe");
        const other = await newCharacter("Otro");
        const written = await Promise.all(Array.from({ length: 8 }, (_, index) => db.moderation.addPunishment({ characterId: pepe.id, text: `pena ${index}` })));
        expect(written.every((outcome) => outcome.kind === "ok")).toBe(true);
        expect((await db.moderation.punishmentsOf(pepe.id)).map((entry) => entry.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        expect(await db.moderation.addPunishment({ characterId: other.id, text: "la suya", act: act("console note", CLI) })).toMatchObject({ kind: "ok", entry: { number: 1, editedBy: null } });
        const edited = await db.moderation.editPunishment({ characterId: pepe.id, number: 2, text: "<BORRADO>", act: act("BorrarPena") });
        expect(edited).toMatchObject({ kind: "ok", entry: { number: 2, text: "<BORRADO>", editedBy: "Haracin" }, previousText: expect.stringMatching(/^pena /) });
        expect(await db.moderation.editPunishment({ characterId: pepe.id, number: 9, text: "x", act: act("BorrarPena") })).toEqual({ kind: "not_found" });
        expect(await db.moderation.addPunishment({ characterId: 9999, text: "x" })).toEqual({ kind: "no_such_character" });
        expect(await db.moderation.addPunishment({ characterId: pepe.id, text: "" })).toEqual({ kind: "invalid", field: "text", problem: "empty" });
        const audit = await auditRows();
        expect(audit.map((row) => [row.action, row.detail])).toEqual([
          ["console note", null],
          ["BorrarPena", null],
          ["BorrarPena", "not_found"],
        ]);
        expect(audit[1]!.params).toMatchObject({ number: 2, text: "<BORRADO>", previousText: expect.stringMatching(/^pena /) });
      });
    });

    describe("reports", () => {
      test("the queue: added, listed oldest first, taken, closed; names copied, ids lost with a deleted character", async () => {
        const pepe = await newCharacter("Pepe");
        const troll = await newCharacter("Troll");
        const sos = await db.moderation.addReport({ kind: "sos", reporterCharacterId: pepe.id, category: "Reporte de bug", text: "no puedo salir" });
        const denounce = await db.moderation.addReport({
          kind: "denounce",
          reporterCharacterId: pepe.id,
          targetCharacterId: troll.id,
          category: "Denuncia a Troll",
          text: "[Últimos mensajes de Troll]",
          chatExcerpt: ["hola", "'; DROP TABLE reports; --"],
        });
        if (sos.kind !== "ok" || denounce.kind !== "ok") throw new Error("report setup failed");
        expect(denounce.report).toMatchObject({ reporterName: "Pepe", targetName: "Troll", targetCharacterId: troll.id, status: "open", chatExcerpt: ["hola", "'; DROP TABLE reports; --"] });
        expect((await db.moderation.listReports()).map((report) => report.id)).toEqual([sos.report.id, denounce.report.id]);
        expect(await db.moderation.takeReport({ reportId: sos.report.id, act: act("SOSRemove") })).toMatchObject({ kind: "ok", report: { status: "taken", handledBy: "Haracin" } });
        expect(await db.moderation.takeReport({ reportId: sos.report.id, act: act("SOSRemove") })).toMatchObject({ kind: "not_open" });
        expect(await db.moderation.closeReport({ reportId: sos.report.id, resolution: "resuelto", act: act("SOSRemove") })).toMatchObject({ kind: "ok", report: { status: "closed", resolution: "resuelto" } });
        expect(await db.moderation.closeReport({ reportId: sos.report.id, resolution: "x", act: act("SOSRemove") })).toMatchObject({ kind: "already_closed" });
        expect(await db.moderation.takeReport({ reportId: 9999, act: act("SOSRemove") })).toEqual({ kind: "not_found" });
        expect((await db.moderation.listReports({ status: "closed" })).map((report) => report.id)).toEqual([sos.report.id]);
        await db.characters.deleteCharacter(troll.id);
        expect((await db.moderation.listReports())[0]).toMatchObject({ targetCharacterId: null, targetName: "Troll" });
        expect(await db.moderation.closePendingReports({ resolution: "borrado", act: act("CleanSOS") })).toEqual({ kind: "ok", closed: 1 });
        expect(await db.moderation.listReports()).toEqual([]);
        expect((await auditRows()).map((row) => [row.action, row.detail])).toEqual([
          ["SOSRemove", null],
          ["SOSRemove", "not_open"],
          ["SOSRemove", null],
          ["SOSRemove", "already_closed"],
          ["SOSRemove", "not_found"],
          ["CleanSOS", null],
        ]);
      });

      test("hostile reports are refused: too many or too long lines, unprintable text, a missing character", async () => {
        const pepe = await newCharacter("Pepe");
        const base = { kind: "denounce" as const, reporterCharacterId: pepe.id, category: "x", text: "y" };
        expect(await db.moderation.addReport({ ...base, chatExcerpt: Array.from({ length: 16 }, () => "l") })).toEqual({ kind: "invalid", field: "chatExcerpt", problem: "too_long" });
        expect(await db.moderation.addReport({ ...base, chatExcerpt: ["l".repeat(501)] })).toEqual({ kind: "invalid", field: "chatExcerpt", problem: "too_long" });
        expect(await db.moderation.addReport({ ...base, text: "a\u0000" })).toEqual({ kind: "invalid", field: "text", problem: "unprintable" });
        expect(await db.moderation.addReport({ ...base, text: "t".repeat(2_001) })).toEqual({ kind: "invalid", field: "text", problem: "too_long" });
        expect(await db.moderation.addReport({ ...base, kind: "spam" as "sos" })).toEqual({ kind: "invalid", field: "kind", problem: "out_of_range" });
        expect(await db.moderation.addReport({ ...base, targetCharacterId: 9999 })).toEqual({ kind: "no_such_character" });
        expect(await db.moderation.addReport({ ...base, reporterCharacterId: 9999 })).toEqual({ kind: "no_such_character" });
        expect(await db.moderation.listReports()).toEqual([]);
      });
    });

    describe("penalties in the character record", () => {
      test("saved with every save and read back; a record without them saves zeros and reads without the field", async () => {
        const pepe = await newCharacter("Pepe");
        expect(pepe.penalties).toBeUndefined();
        const penalties = { muteSecondsLeft: 59, jailMinutesLeft: 7, warnings: 2 };
        const saved = await db.characters.saveCharacters([{ ...pepe, penalties }]);
        expect(saved.kind).toBe("ok");
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toEqual(penalties);
        const { penalties: _dropped, ...withoutField } = (await db.characters.loadCharacter(pepe.id))!;
        await db.characters.saveCharacters([withoutField]);
        expect((await db.characters.loadCharacter(pepe.id))!.penalties).toBeUndefined();
        const bad = await expectDatabaseError(db.characters.saveCharacters([{ ...pepe, penalties: { ...penalties, warnings: -1 } }]), "constraint_violated");
        expect(bad.message).toContain("characters_penalties_non_negative");
      });

      test("a tool's offline save writes its audit row in the same statement, and a refused one says why", async () => {
        const pepe = await newCharacter("Pepe");
        const read = (await db.characters.loadCharacter(pepe.id))!;
        const give = act("character give", CLI, { gold: 100 });
        clock.advance(1_000);
        expect((await db.characters.saveOfflineCharacter({ ...read, gold: 100 }, { act: give })).kind).toBe("ok");
        expect(await db.characters.saveOfflineCharacter({ ...read, gold: 200 }, { act: give })).toEqual({ kind: "stale" });
        await db.characters.markOnline(pepe.id);
        const fresh = (await db.characters.loadCharacter(pepe.id))!;
        expect((await db.characters.saveOfflineCharacter({ ...fresh, gold: 300 }, { act: give })).kind).toBe("online");
        expect((await db.characters.loadCharacter(pepe.id))!.gold).toBe(100);
        expect((await auditRows()).map((row) => [row.action, row.outcome, row.detail, row.target?.id, row.params.gold])).toEqual([
          ["character give", "ok", null, pepe.id, 100],
          ["character give", "refused_rule", "stale", pepe.id, 100],
          ["character give", "refused_rule", "online", pepe.id, 100],
        ]);
      });

      test("a save that breaks a rule writes neither the character nor its audit row", async () => {
        const pepe = await newCharacter("Pepe");
        const read = (await db.characters.loadCharacter(pepe.id))!;
        await expectDatabaseError(db.characters.saveOfflineCharacter({ ...read, gold: -1 }, { act: act("character give", CLI) }), "constraint_violated");
        expect(await auditRows()).toEqual([]);
        expect((await db.characters.loadCharacter(pepe.id))!.gold).toBe(0);
      });
    });
  });
}

describeOnBothBackends("staff persistence", describeStaff);

/** The staff migration on a database that already has characters: they keep everything and carry no penalties. */
function describeUpgrade(label: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`staff migration on an existing database (${label})`, () => {
    test(
      "applies over a populated database of the previous migrations",
      async () => {
        const harness = await makeHarness();
        try {
          const previous = MIGRATIONS.filter((migration) => migration.tag !== "0006_staff");
          expect(previous.length).toBe(MIGRATIONS.length - 1);
          const old = await harness.open({}, { migrations: previous });
          const account = await old.accounts.createAccount("old@example.com", "correct horse");
          if (account.kind !== "ok") throw new Error(account.kind);
          // This build's repositories write the new columns, so the old schema is filled by hand.
          const character = newbieCharacter(account.account.id, "Veterano");
          await old.sql.query(
            `INSERT INTO characters (account_id, name, race, gender, class, head, body, home_city, level, exp, free_skill_points, map, x, y, heading,
               hp, max_hp, mana, max_mana, stamina, max_stamina, food, water, gold, bank_gold, attributes, skills, inventory, equipment, spells, created_at, updated_at)
             VALUES ($1, $2, 1, 1, 2, 1, 1, 1, 1, 0, 10, 1, 50, 50, 3, 15, 15, 50, 50, 40, 40, 100, 100, 25, 1000, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, '[]'::jsonb, now(), now())`,
            [account.account.id, "Veterano", JSON.stringify(character.attributes), JSON.stringify(character.skills), JSON.stringify(character.inventory), JSON.stringify(character.equipment)],
            "array",
          );
          expect(await old.sql.query("SELECT to_regclass('audit_log')::text AS t", [], "object")).toEqual([{ t: null }]);
          await old.close();
          const upgraded = await harness.open();
          try {
            const loaded = await upgraded.characters.findCharacterByName("veterano");
            expect(loaded).toMatchObject({ name: "Veterano", gold: 25, bankGold: 1000, inventory: character.inventory, skills: character.skills });
            expect(loaded!.penalties).toBeUndefined();
            expect(await upgraded.staff.grant("veterano", { rank: "admin", rolemaster: false }, act("staff grant", CLI))).toMatchObject({ kind: "ok" });
            expect((await expectServerError(upgraded.sql.query("DELETE FROM audit_log", [], "array"))).code).toBe("42501");
          } finally {
            await upgraded.close();
          }
        } finally {
          await harness.dispose();
        }
      },
      OPEN_TIMEOUT_MS,
    );
  });
}

describeUpgrade("pglite", async () => pgliteHarness());
const postgres = postgresTestUrl();
if ("url" in postgres) describeUpgrade("postgres", () => postgresHarness(postgres.url));
