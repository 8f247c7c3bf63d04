/**
 * Moderation that lasts (gm-and-moderation §3): bans of a character, an account or an address
 * range, mutes, jail sentences, warnings, the punishment record (`/PENAS`) and the staff's report
 * queue (`/GM`, `/DENUNCIAR`). Everything is judged by the database's clock and survives restarts.
 *
 * **Countdowns and history.** A mute's seconds, a sentence's minutes and the warning count are
 * the character's (`CharacterRecord.penalties`, columns of `characters`), saved with every save,
 * because they count down only while a server holds the character. The tables here are their
 * history. Each call says whether the character is `offline`:
 * - `offline: true`: the caller knows no server holds it; the same statement sets the row's
 *   countdown, and is refused (`online`, nothing written) if a server has marked it online
 *   meanwhile, exactly like a tool's character save. It also moves `updated_at`, so a tool that
 *   read the character before is refused as stale.
 * - `offline: false`: a server holds it and applies the countdown to its record itself; only the
 *   history is written.
 *
 * **Audit.** Every call made by staff takes a `StaffAct` and writes exactly one audit row in the
 * statement of the change, refusals included (`refused_rule` with the reason in `detail`), so a
 * caller never appends another for it. A fault (DatabaseError) writes nothing. What the server
 * does on its own (a countdown served, a player's report) is not audited.
 *
 * **Punishment record.** VB6 writes a `/PENAS` line with most sanctions (`"Baneado por: X debido a
 * Y"`); the wording is the game's, so a call takes the text (`punishment`) and writes the entry in
 * the same statement, numbered after the character's last.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { actEntry, actorLabel, auditInsertSql, prepareAudit, rowsOf, type AuditTarget, type PreparedAudit, type StaffAct } from "./audit-repository.ts";
import { DatabaseError, findPostgresError, SQLSTATE, toDatabaseError } from "./database-error.ts";
import { normalizeAddress, parseBanRange } from "./ip-range.ts";
import { accounts, bans, characters, jailSentences, mutes, punishmentRecord, reports, staffMessages, warnings } from "./schema.ts";
import {
  checkText,
  checkWhole,
  invalid,
  MAX_ACTOR_NAME_LENGTH,
  MAX_BAN_DURATION_MS,
  MAX_CHAT_EXCERPT_LINES,
  MAX_CHAT_LINE_LENGTH,
  MAX_JAIL_MINUTES,
  MAX_MUTE_MINUTES,
  MAX_PUNISHMENT_TEXT_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REPORT_CATEGORY_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  MAX_RESOLUTION_LENGTH,
  MIN_BAN_DURATION_MS,
  type InvalidInput,
} from "./staff-input.ts";

/** Seconds in a minute of mute (the countdown is kept in seconds). */
const SECONDS_PER_MINUTE = 60;
/** What `list…` calls return without a limit, and the most they return. */
export const DEFAULT_MODERATION_LIMIT = 100;
export const MAX_MODERATION_LIMIT = 10_000;
/** Two sanctions numbering the same character's record at once: the loser runs again. */
const PUNISHMENT_KEY = "punishment_record_pkey";
/** Two bans of one subject at once: the loser runs again and finds the winner's ban. */
const UNLIFTED_BAN_KEYS = new Set(["bans_unlifted_character_key", "bans_unlifted_account_key", "bans_unlifted_ip_key"]);
/**
 * Each round of a race has one winner, so n writers at once need up to n attempts; a few staff
 * members sanctioning one character in the same instant is the most a world sees, and the jittered
 * pause between attempts keeps the losers from meeting again in step.
 */
const MAX_ATTEMPTS = 12;
const RACE_PAUSE_MS = 4;

// ---------------------------------------------------------------------------------------------
// Types

/** Whom a ban names, as the caller knows it. */
export type BanSubjectInput =
  | { kind: "character"; characterId: number }
  | { kind: "character"; name: string }
  | { kind: "account"; accountId: number }
  /** The account of the character of that name (`/BANCUENTA nick`). */
  | { kind: "account"; characterName: string }
  /** An address (`1.2.3.4`) or a range (`1.2.3.0/24`); see `parseBanRange` for what is refused. */
  | { kind: "ip"; range: string };

export type BanSubject =
  | { kind: "character"; characterId: number; characterName: string | null }
  | { kind: "account"; accountId: number; accountEmail: string | null }
  | { kind: "ip"; range: string };

export interface Ban {
  id: number;
  subject: BanSubject;
  reason: string;
  /** `actorLabel` of the issuer. */
  issuedBy: string;
  issuedAt: Date;
  /** Null: permanent. */
  expiresAt: Date | null;
  liftedAt: Date | null;
  liftedBy: string | null;
  liftReason: string | null;
  /** Not lifted and not expired, by the database's clock when it was read. */
  active: boolean;
}

/** An address-range refusal says why in words an operator can act on. */
export type InvalidRange = InvalidInput & { message: string };

export type AddBanOutcome =
  | { kind: "ok"; ban: Ban }
  /** The subject has an active ban already (the one returned); nothing was written. */
  | { kind: "already_banned"; ban: Ban }
  /** No character or account by that id or name. */
  | { kind: "no_such_subject" }
  | InvalidInput
  | InvalidRange;

export type LiftBanOutcome = { kind: "ok"; ban: Ban } | { kind: "not_found" } | { kind: "not_active"; ban: Ban } | InvalidInput;
export type LiftBansOfOutcome = { kind: "ok"; bans: Ban[] } | { kind: "not_banned" } | { kind: "no_such_subject" } | InvalidInput | InvalidRange;

/** What a login or a connection asks: any of the three, in one round trip. */
export interface BanQuery {
  characterId?: number | null;
  accountId?: number | null;
  /** The peer's address as the socket reports it (IPv4-mapped IPv6 is matched as IPv4). */
  address?: string | null;
}

export type BanCheck =
  | { kind: "clear" }
  /** `ban` is the one to show: a character's before an account's before an address's, the narrowest range, a permanent one first. */
  | { kind: "banned"; ban: Ban; all: Ban[] };

export type MuteLiftKind = "served" | "lifted" | "replaced";

export interface Mute {
  id: number;
  characterId: number;
  minutes: number;
  reason: string;
  issuedBy: string;
  issuedAt: Date;
  liftedAt: Date | null;
  liftedBy: string | null;
  liftKind: MuteLiftKind | null;
  liftReason: string | null;
}

export type JailReleaseKind = "served" | "pardoned" | "replaced";

export interface JailSentence {
  id: number;
  characterId: number;
  minutes: number;
  reason: string;
  issuedBy: string;
  issuedAt: Date;
  releasedAt: Date | null;
  releasedBy: string | null;
  releaseKind: JailReleaseKind | null;
  releaseReason: string | null;
}

export interface Warning {
  id: number;
  characterId: number;
  reason: string;
  issuedBy: string;
  issuedAt: Date;
}

export interface PunishmentEntry {
  characterId: number;
  /** 1, 2, … per character, as `/PENAS` lists them. */
  number: number;
  text: string;
  createdAt: Date;
  editedBy: string | null;
  editedAt: Date | null;
}

export type ReportKind = "sos" | "denounce";
export type ReportStatus = "open" | "taken" | "closed";

export interface Report {
  id: number;
  kind: ReportKind;
  reporterCharacterId: number | null;
  reporterName: string;
  targetCharacterId: number | null;
  targetName: string | null;
  category: string;
  text: string;
  chatExcerpt: string[];
  createdAt: Date;
  status: ReportStatus;
  handledBy: string | null;
  handledAt: Date | null;
  resolution: string | null;
}

/** Refused because a server holds the character (`offline: true` calls); nothing was written. */
export interface OnlineRefusal {
  kind: "online";
}

export type CharacterSanctionOutcome<T> = ({ kind: "ok" } & T) | { kind: "no_such_character" } | OnlineRefusal | InvalidInput;

/** The common part of a sanction of a character. */
export interface CharacterSanction {
  characterId: number;
  /** See the module comment: true sets the row's countdown, refused if the character is online. */
  offline: boolean;
  /** A `/PENAS` entry to write with it (the game's wording). */
  punishment?: string;
  act: StaffAct;
}

export interface ModerationRepository {
  // Bans
  /** Bans the subject for `durationMs` (null or absent: permanent). An expired unlifted ban of the same subject is closed first. */
  addBan(input: { subject: BanSubjectInput; reason: string; durationMs?: number | null; punishment?: string; act: StaffAct }): Promise<AddBanOutcome>;
  /** Lifts one ban by id (the console's unban). */
  liftBan(input: { banId: number; reason?: string; act: StaffAct }): Promise<LiftBanOutcome>;
  /** Lifts the subject's active ban (`/UNBAN nick`, `/UNBANCUENTA`). */
  liftBansOf(input: { subject: BanSubjectInput; reason?: string; punishment?: string; act: StaffAct }): Promise<LiftBansOfOutcome>;
  /** "Is this character, account or address banned now, and by which ban", in one query. */
  checkBans(query: BanQuery): Promise<BanCheck>;
  /** Newest first; `active` filters active (true) or inactive (false) ones. */
  listBans(options?: { active?: boolean; subject?: BanSubjectInput; limit?: number }): Promise<Ban[]>;

  // Mutes
  /** Mutes for `minutes` (1…MAX_MUTE_MINUTES); a running mute is replaced. `count` is not reported. */
  mute(input: CharacterSanction & { minutes: number; reason?: string }): Promise<CharacterSanctionOutcome<{ mute: Mute }>>;
  /** Ends the running mute early (`/SILENCIAR nick@0`); offline: the row's countdown becomes 0. */
  unmute(input: CharacterSanction & { reason?: string }): Promise<CharacterSanctionOutcome<{ lifted: Mute[] }> | { kind: "not_muted" }>;
  /** The server's countdown reached 0: the running mute rows end as served. Not audited. */
  muteServed(characterId: number): Promise<Mute[]>;
  mutesOf(characterId: number, options?: { limit?: number }): Promise<Mute[]>;

  // Jail
  /** Jails for `minutes` (1…MAX_JAIL_MINUTES); a running sentence is replaced. Placing the character in the prison is the game's. */
  jail(input: CharacterSanction & { minutes: number; reason: string }): Promise<CharacterSanctionOutcome<{ sentence: JailSentence }>>;
  /** A GM releases the character; offline: the row's countdown becomes 0. */
  pardon(input: CharacterSanction & { reason?: string }): Promise<CharacterSanctionOutcome<{ released: JailSentence[] }> | { kind: "not_jailed" }>;
  /** The server's countdown reached 0: the running sentences end as served. Not audited. */
  jailServed(characterId: number): Promise<JailSentence[]>;
  jailSentencesOf(characterId: number, options?: { limit?: number }): Promise<JailSentence[]>;

  // Warnings
  /**
   * Warns. `count` is the character's warnings after this one: offline, the row's count (raised
   * by the same statement); online, the number of warning rows (the server raises its record's).
   */
  warn(input: CharacterSanction & { reason: string }): Promise<CharacterSanctionOutcome<{ warning: Warning; count: number }>>;
  warningsOf(characterId: number, options?: { limit?: number }): Promise<Warning[]>;

  // Punishment record (/PENAS)
  /** A `/PENAS` entry on its own; audited when `act` is given. */
  addPunishment(input: { characterId: number; text: string; act?: StaffAct }): Promise<{ kind: "ok"; entry: PunishmentEntry } | { kind: "no_such_character" } | InvalidInput>;
  /** The record, by number. */
  punishmentsOf(characterId: number): Promise<PunishmentEntry[]>;

  // Staff messages to offline characters (/MENSAJEINFORMACION)
  /** Keeps a staff member's message for a character until it next enters the world (the command's own row audits it). */
  leaveMessage(input: { characterId: number; fromName: string; text: string }): Promise<{ kind: "ok" } | { kind: "no_such_character" } | InvalidInput>;
  /** The messages waiting for a character, oldest first, marked delivered in the same statement (each is given once). */
  takeMessages(characterId: number): Promise<StaffMessage[]>;
  /** `/BORRARPENA`: rewrites entry `number`'s text, recording who and when. */
  editPunishment(input: { characterId: number; number: number; text: string; act: StaffAct }): Promise<{ kind: "ok"; entry: PunishmentEntry; previousText: string } | { kind: "not_found" } | InvalidInput>;

  // Reports (/GM, /DENUNCIAR)
  /** A player's report. Not audited (no staff acted); the game limits how often. */
  addReport(input: { kind: ReportKind; reporterCharacterId: number; targetCharacterId?: number | null; category: string; text: string; chatExcerpt?: readonly string[] }): Promise<{ kind: "ok"; report: Report } | { kind: "no_such_character" } | InvalidInput>;
  /** Open and taken reports, oldest first (the queue); or those of one status (closed: newest first). */
  listReports(options?: { status?: ReportStatus | "pending"; limit?: number }): Promise<Report[]>;
  /** A staff member takes an open report. */
  takeReport(input: { reportId: number; act: StaffAct }): Promise<{ kind: "ok"; report: Report } | { kind: "not_found" } | { kind: "not_open"; report: Report }>;
  /** Closes an open or taken report with a resolution. */
  closeReport(input: { reportId: number; resolution: string; act: StaffAct }): Promise<{ kind: "ok"; report: Report } | { kind: "not_found" } | { kind: "already_closed"; report: Report } | InvalidInput>;
  /** `/BORRAR SOS`: closes every pending report; one audit row. */
  closePendingReports(input: { resolution: string; act: StaffAct }): Promise<{ kind: "ok"; closed: number } | InvalidInput>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

// ---------------------------------------------------------------------------------------------
// Row shapes (every query returns its rows as one JSON object each: the same on both backends)

interface BanJson {
  id: number;
  subjectKind: "character" | "account" | "ip";
  characterId: number | null;
  characterName: string | null;
  accountId: number | null;
  accountEmail: string | null;
  ipRange: string | null;
  reason: string;
  issuedBy: string;
  issuedAt: string;
  expiresAt: string | null;
  liftedAt: string | null;
  liftedBy: string | null;
  liftReason: string | null;
  active: boolean;
}

/** A ban row (alias `b`) as JSON, with the names of its character and account now. */
const BAN_JSON = sql`jsonb_build_object('id', b.id, 'subjectKind', b.subject_kind, 'characterId', b.character_id,
  'characterName', (SELECT c.name FROM ${characters} c WHERE c.id = b.character_id), 'accountId', b.account_id,
  'accountEmail', (SELECT a.email FROM ${accounts} a WHERE a.id = b.account_id), 'ipRange', text(b.ip_range), 'reason', b.reason,
  'issuedBy', b.issued_by, 'issuedAt', b.issued_at, 'expiresAt', b.expires_at, 'liftedAt', b.lifted_at, 'liftedBy', b.lifted_by,
  'liftReason', b.lift_reason, 'active', b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now()))`;

const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

function toBan(row: BanJson): Ban {
  const subject: BanSubject =
    row.subjectKind === "character"
      ? { kind: "character", characterId: row.characterId!, characterName: row.characterName }
      : row.subjectKind === "account"
        ? { kind: "account", accountId: row.accountId!, accountEmail: row.accountEmail }
        : { kind: "ip", range: row.ipRange! };
  return {
    id: row.id,
    subject,
    reason: row.reason,
    issuedBy: row.issuedBy,
    issuedAt: new Date(row.issuedAt),
    expiresAt: date(row.expiresAt),
    liftedAt: date(row.liftedAt),
    liftedBy: row.liftedBy,
    liftReason: row.liftReason,
    active: row.active,
  };
}

/** Rows of the other tables (alias `t`) in camelCase, as `to_jsonb` writes snake_case. */
const MUTE_JSON = sql`jsonb_build_object('id', t.id, 'characterId', t.character_id, 'minutes', t.minutes, 'reason', t.reason, 'issuedBy', t.issued_by,
  'issuedAt', t.issued_at, 'liftedAt', t.lifted_at, 'liftedBy', t.lifted_by, 'liftKind', t.lift_kind, 'liftReason', t.lift_reason)`;
const JAIL_JSON = sql`jsonb_build_object('id', t.id, 'characterId', t.character_id, 'minutes', t.minutes, 'reason', t.reason, 'issuedBy', t.issued_by,
  'issuedAt', t.issued_at, 'releasedAt', t.released_at, 'releasedBy', t.released_by, 'releaseKind', t.release_kind, 'releaseReason', t.release_reason)`;
const WARNING_JSON = sql`jsonb_build_object('id', t.id, 'characterId', t.character_id, 'reason', t.reason, 'issuedBy', t.issued_by, 'issuedAt', t.issued_at)`;
const PUNISHMENT_JSON = sql`jsonb_build_object('characterId', t.character_id, 'number', t.number, 'text', t.text, 'createdAt', t.created_at,
  'editedBy', t.edited_by, 'editedAt', t.edited_at)`;
const REPORT_JSON = sql`jsonb_build_object('id', t.id, 'kind', t.kind, 'reporterCharacterId', t.reporter_character_id, 'reporterName', t.reporter_name,
  'targetCharacterId', t.target_character_id, 'targetName', t.target_name, 'category', t.category, 'text', t.text, 'chatExcerpt', t.chat_excerpt,
  'createdAt', t.created_at, 'status', t.status, 'handledBy', t.handled_by, 'handledAt', t.handled_at, 'resolution', t.resolution)`;

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const toMute = (row: Json<Mute>): Mute => ({ ...row, issuedAt: new Date(row.issuedAt), liftedAt: date(row.liftedAt) });
const toJail = (row: Json<JailSentence>): JailSentence => ({ ...row, issuedAt: new Date(row.issuedAt), releasedAt: date(row.releasedAt) });
const toWarning = (row: Json<Warning>): Warning => ({ ...row, issuedAt: new Date(row.issuedAt) });
const toPunishment = (row: Json<PunishmentEntry>): PunishmentEntry => ({ ...row, createdAt: new Date(row.createdAt), editedAt: date(row.editedAt) });
const toReport = (row: Json<Report>): Report => ({ ...row, createdAt: new Date(row.createdAt), handledAt: date(row.handledAt) });

// ---------------------------------------------------------------------------------------------
// Checks

/** A staff message kept for an offline character: who sent it, what, when. */
export interface StaffMessage {
  fromName: string;
  text: string;
  createdAt: Date;
}

/** The longest staff message and sender name kept (`staff_messages_length`). */
export const MAX_STAFF_MESSAGE_LENGTH = 1_000;
const MAX_STAFF_MESSAGE_SENDER_LENGTH = 64;

function checkId(value: number, field: string): InvalidInput | null {
  return checkWhole(value, field, 1, 2_147_483_647);
}

function checkLimit(limit: number | undefined): number {
  const value = limit ?? DEFAULT_MODERATION_LIMIT;
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_MODERATION_LIMIT) throw new DatabaseError("invalid_argument", `limit ${value} is not 1..${MAX_MODERATION_LIMIT}`);
  return value;
}

function requireId(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new DatabaseError("invalid_argument", `${what} ${value} is not a positive whole number`);
}

function checkPunishment(text: string | undefined): InvalidInput | null {
  return text === undefined ? null : checkText(text, "punishment", MAX_PUNISHMENT_TEXT_LENGTH);
}

/** A subject resolved for SQL: a CTE `subject(character_id, account_id, ip_range, label)` and how it is named in the audit row. */
interface ResolvedSubject {
  kind: "character" | "account" | "ip";
  cte: SQL;
  /** Matches `bans b` rows of this subject. */
  matches: SQL;
  target: AuditTarget;
  params: Record<string, unknown>;
}

function resolveSubject(subject: BanSubjectInput): ResolvedSubject | InvalidInput | InvalidRange {
  const matchCharacter = sql`b.subject_kind = 'character' AND b.character_id = (SELECT character_id FROM subject)`;
  const matchAccount = sql`b.subject_kind = 'account' AND b.account_id = (SELECT account_id FROM subject)`;
  switch (subject.kind) {
    case "character": {
      if ("characterId" in subject) {
        const refusal = checkId(subject.characterId, "characterId");
        if (refusal) return refusal;
        return {
          kind: "character",
          cte: sql`SELECT c.id AS character_id, NULL::integer AS account_id, NULL::cidr AS ip_range, c.name AS label FROM ${characters} c WHERE c.id = ${subject.characterId}::integer`,
          matches: matchCharacter,
          target: { kind: "character", id: subject.characterId },
          params: { characterId: subject.characterId },
        };
      }
      const refusal = checkText(subject.name, "name", MAX_ACTOR_NAME_LENGTH);
      if (refusal) return refusal;
      return {
        kind: "character",
        cte: sql`SELECT c.id AS character_id, NULL::integer AS account_id, NULL::cidr AS ip_range, c.name AS label FROM ${characters} c WHERE lower(c.name) = lower(${subject.name}) LIMIT 1`,
        matches: matchCharacter,
        target: { kind: "character", name: subject.name },
        params: { name: subject.name },
      };
    }
    case "account": {
      if ("accountId" in subject) {
        const refusal = checkId(subject.accountId, "accountId");
        if (refusal) return refusal;
        return {
          kind: "account",
          cte: sql`SELECT NULL::integer AS character_id, a.id AS account_id, NULL::cidr AS ip_range, a.email AS label FROM ${accounts} a WHERE a.id = ${subject.accountId}::integer`,
          matches: matchAccount,
          target: { kind: "account", id: subject.accountId },
          params: { accountId: subject.accountId },
        };
      }
      const refusal = checkText(subject.characterName, "characterName", MAX_ACTOR_NAME_LENGTH);
      if (refusal) return refusal;
      return {
        kind: "account",
        cte: sql`SELECT NULL::integer AS character_id, a.id AS account_id, NULL::cidr AS ip_range, a.email AS label
          FROM ${characters} c JOIN ${accounts} a ON a.id = c.account_id WHERE lower(c.name) = lower(${subject.characterName}) LIMIT 1`,
        matches: matchAccount,
        target: { kind: "account", name: subject.characterName },
        params: { ofCharacter: subject.characterName },
      };
    }
    case "ip": {
      const parsed = typeof subject.range === "string" ? parseBanRange(subject.range) : parseBanRange("");
      if (!parsed.ok) return { kind: "invalid", field: "range", problem: parsed.problem === "too_wide" ? "out_of_range" : "malformed", message: parsed.message };
      return {
        kind: "ip",
        cte: sql`SELECT NULL::integer AS character_id, NULL::integer AS account_id, ${parsed.range}::cidr AS ip_range, ${parsed.range}::text AS label`,
        matches: sql`b.subject_kind = 'ip' AND b.ip_range = (SELECT ip_range FROM subject)`,
        target: { kind: "ip", name: parsed.range },
        params: { range: parsed.range },
      };
    }
  }
}

function isInvalid(value: unknown): value is InvalidInput {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "invalid";
}

/** Runs `work` again when it lost a numbering or a one-ban-per-subject race, else maps the fault. */
async function retryingRaces<T>(work: () => Promise<T>, what: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const server = findPostgresError(error);
      const raced = server?.code === SQLSTATE.uniqueViolation && (server.constraint === PUNISHMENT_KEY || UNLIFTED_BAN_KEYS.has(server.constraint ?? ""));
      if (raced && attempt < MAX_ATTEMPTS) {
        await Bun.sleep(Math.random() * RACE_PAUSE_MS);
        continue;
      }
      throw toDatabaseError(error, what);
    }
  }
}

/**
 * A `/PENAS` entry for the character in CTE `source(id)`, numbered after its last one, written
 * only if `source` has a row. Two at once for one character: one of them hits the primary key and
 * its statement runs again (retryingRaces).
 */
function punishmentCte(text: string | undefined, source: string): SQL {
  if (text === undefined) return sql`, punished AS (SELECT NULL::integer AS number WHERE false)`;
  return sql`, punished AS (
      INSERT INTO ${punishmentRecord} (character_id, number, text)
      SELECT s.id, coalesce((SELECT max(p.number) FROM ${punishmentRecord} p WHERE p.character_id = s.id), 0) + 1, ${text}::text
      FROM ${sql.raw(source)} s
      RETURNING *
    )`;
}

/** The name a character's row goes by in its change's audit row. */
const targetNameOf = sql`(SELECT name FROM target)`;

export function createModerationRepository(db: Drizzle): ModerationRepository {
  async function run<T>(statement: SQL, what: string): Promise<T[]> {
    return retryingRaces(async () => rowsOf<T>(await db.execute(statement)), what);
  }

  /** The audit row of input refused before the database. */
  async function auditRefusal(act: StaffAct, target: AuditTarget | null, params: Record<string, unknown>, refusal: InvalidInput): Promise<void> {
    const entry = prepareAudit(actEntry(act, target, params, "refused_rule", `invalid ${refusal.field}: ${refusal.problem}`));
    try {
      await db.execute(auditInsertSql(entry));
    } catch (error) {
      throw toDatabaseError(error, "auditing a refused moderation call");
    }
  }

  async function refuse<R extends InvalidInput>(act: StaffAct | undefined, target: AuditTarget | null, params: Record<string, unknown>, refusal: R): Promise<R> {
    if (act) await auditRefusal(act, target, params, refusal);
    return refusal;
  }

  /**
   * The statement of a sanction of one character: `target` (the character), `applied` (the
   * character the sanction lands on: its row updated when offline and not marked online, else
   * as it is), the caller's CTEs over `applied`, the `/PENAS` entry, the audit row (ok when
   * `landed` has a row, else refused with the reason) and the caller's final select.
   */
  function sanctionStatement(options: {
    input: CharacterSanction;
    /** `SET` list for the character row when offline, or null when the row keeps its countdowns. */
    rowUpdate: SQL | null;
    ctes: SQL;
    /** The CTE whose rows mean the sanction landed. */
    landed: string;
    /** When nothing landed although the character exists and is not online (e.g. "not_muted"). */
    missedDetail?: SQL;
    entry: PreparedAudit;
    moreParams?: SQL;
    select: SQL;
  }): SQL {
    const { input } = options;
    const applied =
      input.offline && options.rowUpdate !== null
        ? // The stamp is cut to milliseconds like every other write of the row, so a tool's
          // "nobody saved it since I read it" comparison (a JS Date) can still match it.
          sql`UPDATE ${characters} SET ${options.rowUpdate}, updated_at = date_trunc('milliseconds', now())
            WHERE ${characters.id} = ${input.characterId}::integer AND ${characters.onlineSince} IS NULL
            RETURNING ${characters.id} AS id, ${characters.name} AS name, ${characters.warningCount} AS warning_count`
        : input.offline
          ? sql`SELECT id, name, warning_count FROM target WHERE online_since IS NULL`
          : sql`SELECT id, name, warning_count FROM target`;
    const landed = sql.raw(options.landed);
    return sql`WITH target AS (
        SELECT c.id, c.name, c.online_since, c.mute_seconds_left, c.jail_minutes_left, c.warning_count FROM ${characters} c WHERE c.id = ${input.characterId}::integer
      ), applied AS (${applied})${options.ctes}${punishmentCte(input.punishment, options.landed)}, logged AS (
        ${auditInsertSql(options.entry, {
          targetId: sql`${input.characterId}::bigint`,
          targetName: targetNameOf,
          outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM ${landed}) THEN 'ok' ELSE 'refused_rule' END`,
          detail: sql`CASE WHEN EXISTS (SELECT 1 FROM ${landed}) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM target) THEN 'no_such_character'
            WHEN NOT EXISTS (SELECT 1 FROM applied) THEN 'online' ELSE ${options.missedDetail ?? sql`NULL`} END`,
          moreParams: sql`jsonb_build_object('punishmentNumber', (SELECT number FROM punished))${options.moreParams === undefined ? sql`` : sql` || ${options.moreParams}`}`,
        })}
      )
      SELECT (SELECT count(*) FROM logged)::integer AS logged, EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM applied) AS applied, ${options.select}`;
  }

  /** The outcome of a sanction's summary row when it did not land. */
  function missed(row: { found: boolean; applied: boolean } | undefined, what: string): { kind: "no_such_character" } | OnlineRefusal {
    if (!row) throw new DatabaseError("query_failed", `${what} returned no row`);
    return row.found ? { kind: "online" } : { kind: "no_such_character" };
  }

  function checkSanction(input: CharacterSanction): InvalidInput | null {
    return checkId(input.characterId, "characterId") ?? checkPunishment(input.punishment) ?? (typeof input.offline === "boolean" ? null : invalid("offline", "out_of_range"));
  }

  const characterTarget = (input: { characterId: number }): AuditTarget => ({ kind: "character", id: Number.isSafeInteger(input.characterId) ? input.characterId : null });

  async function listOf<T, R>(table: SQL, json: SQL, characterId: number, limit: number | undefined, map: (row: R) => T, what: string): Promise<T[]> {
    requireId(characterId, "character id");
    const count = checkLimit(limit);
    try {
      const rows = rowsOf<{ row: R }>(await db.execute(sql`SELECT ${json} AS row FROM ${table} t WHERE t.character_id = ${characterId}::integer ORDER BY t.id DESC LIMIT ${count}`));
      return rows.map((row) => map(row.row));
    } catch (error) {
      throw toDatabaseError(error, what);
    }
  }

  const repository: ModerationRepository = {
    // -- Bans ---------------------------------------------------------------------------------

    async addBan(input) {
      const resolved = resolveSubject(input.subject);
      const durationMs = input.durationMs ?? null;
      const params = { reason: input.reason, durationMs, ...(isInvalid(resolved) ? {} : resolved.params) };
      const target = isInvalid(resolved) ? { kind: input.subject.kind } : resolved.target;
      if (isInvalid(resolved)) return refuse(input.act, target, params, resolved);
      const refusal =
        checkText(input.reason, "reason", MAX_REASON_LENGTH, { allowEmpty: true }) ??
        (durationMs === null ? null : checkWhole(durationMs, "durationMs", MIN_BAN_DURATION_MS, MAX_BAN_DURATION_MS)) ??
        checkPunishment(input.punishment) ??
        (input.punishment !== undefined && resolved.kind !== "character" ? invalid("punishment", "out_of_range") : null);
      if (refusal) return refuse(input.act, target, params, refusal);
      const by = actorLabel(input.act.by);
      const entry = prepareAudit(actEntry(input.act, resolved.target, params, "ok"));
      const expires = durationMs === null ? sql`NULL::timestamptz` : sql`now() + ${durationMs}::bigint * interval '1 millisecond'`;
      const statement = sql`WITH subject AS (${resolved.cte}
        ), expired AS (
          -- An expired ban still holds the subject's slot in the unlifted index: it ends at its expiry.
          UPDATE ${bans} b SET lifted_at = b.expires_at, lifted_by = 'expiry', lift_reason = 'expired'
          WHERE b.lifted_at IS NULL AND b.expires_at <= now() AND ${resolved.matches}
          RETURNING b.id
        ), existing AS (
          SELECT b.* FROM ${bans} b WHERE b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now()) AND ${resolved.matches}
        ), inserted AS (
          INSERT INTO ${bans} (subject_kind, character_id, account_id, ip_range, reason, issued_by, expires_at)
          SELECT ${resolved.kind}::text, s.character_id, s.account_id, s.ip_range, ${input.reason}::text, ${by}::text, ${expires}
          FROM subject s
          -- Reading "expired" closes the expired ban before this row meets it in the index.
          WHERE NOT EXISTS (SELECT 1 FROM existing) AND (SELECT count(*) FROM expired) >= 0
          RETURNING *
        ), landed AS (SELECT character_id AS id FROM inserted)${punishmentCte(resolved.kind === "character" ? input.punishment : undefined, "landed")}, logged AS (
          ${auditInsertSql(entry, {
            targetId: sql`(SELECT coalesce(character_id, account_id) FROM subject)`,
            targetName: sql`coalesce((SELECT label FROM subject), ${resolved.target.name ?? null}::text)`,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM subject) THEN 'no_such_subject' ELSE 'already_banned' END`,
            moreParams: sql`jsonb_build_object('banId', coalesce((SELECT id FROM inserted), (SELECT id FROM existing)), 'punishmentNumber', (SELECT number FROM punished))`,
          })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged,
          (SELECT ${BAN_JSON} FROM inserted b) AS inserted, (SELECT ${BAN_JSON} FROM existing b) AS existing`;
      const [row] = await run<{ inserted: BanJson | null; existing: BanJson | null }>(statement, "banning");
      if (!row) throw new DatabaseError("query_failed", "banning returned no row");
      if (row.inserted) return { kind: "ok", ban: toBan(row.inserted) };
      if (row.existing) return { kind: "already_banned", ban: toBan(row.existing) };
      return { kind: "no_such_subject" };
    },

    async liftBan(input) {
      const reason = input.reason ?? "";
      const params = { banId: input.banId, reason };
      const target: AuditTarget = { kind: "ban", id: Number.isSafeInteger(input.banId) ? input.banId : null };
      const refusal = checkId(input.banId, "banId") ?? checkText(reason, "reason", MAX_REASON_LENGTH, { allowEmpty: true });
      if (refusal) return refuse(input.act, target, params, refusal);
      const entry = prepareAudit(actEntry(input.act, target, params, "ok"));
      const statement = sql`WITH found AS (
          SELECT b.* FROM ${bans} b WHERE b.id = ${input.banId}::integer
        ), lifted AS (
          UPDATE ${bans} b SET lifted_at = now(), lifted_by = ${actorLabel(input.act.by)}::text, lift_reason = ${reason}::text
          WHERE b.id = ${input.banId}::integer AND b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now())
          RETURNING b.*
        ), logged AS (
          ${auditInsertSql(entry, {
            targetName: sql`(SELECT coalesce(text(ip_range), (SELECT c.name FROM ${characters} c WHERE c.id = found.character_id), (SELECT a.email FROM ${accounts} a WHERE a.id = found.account_id)) FROM found)`,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM lifted) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN EXISTS (SELECT 1 FROM lifted) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM found) THEN 'not_found' ELSE 'not_active' END`,
          })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged, (SELECT ${BAN_JSON} FROM lifted b) AS lifted, (SELECT ${BAN_JSON} FROM found b) AS found`;
      const [row] = await run<{ lifted: BanJson | null; found: BanJson | null }>(statement, `lifting ban ${input.banId}`);
      if (!row) throw new DatabaseError("query_failed", "lifting a ban returned no row");
      if (row.lifted) return { kind: "ok", ban: toBan(row.lifted) };
      if (row.found) return { kind: "not_active", ban: toBan(row.found) };
      return { kind: "not_found" };
    },

    async liftBansOf(input) {
      const reason = input.reason ?? "";
      const resolved = resolveSubject(input.subject);
      const params = { reason, ...(isInvalid(resolved) ? {} : resolved.params) };
      const target = isInvalid(resolved) ? { kind: input.subject.kind } : resolved.target;
      if (isInvalid(resolved)) return refuse(input.act, target, params, resolved);
      const refusal =
        checkText(reason, "reason", MAX_REASON_LENGTH, { allowEmpty: true }) ??
        checkPunishment(input.punishment) ??
        (input.punishment !== undefined && resolved.kind !== "character" ? invalid("punishment", "out_of_range") : null);
      if (refusal) return refuse(input.act, target, params, refusal);
      const entry = prepareAudit(actEntry(input.act, resolved.target, params, "ok"));
      const statement = sql`WITH subject AS (${resolved.cte}
        ), lifted AS (
          UPDATE ${bans} b SET lifted_at = now(), lifted_by = ${actorLabel(input.act.by)}::text, lift_reason = ${reason}::text
          WHERE b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now()) AND ${resolved.matches}
          RETURNING b.*
        ), landed AS (SELECT character_id AS id FROM lifted)${punishmentCte(resolved.kind === "character" ? input.punishment : undefined, "landed")}, logged AS (
          ${auditInsertSql(entry, {
            targetId: sql`(SELECT coalesce(character_id, account_id) FROM subject)`,
            targetName: sql`coalesce((SELECT label FROM subject), ${resolved.target.name ?? null}::text)`,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM lifted) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN EXISTS (SELECT 1 FROM lifted) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM subject) THEN 'no_such_subject' ELSE 'not_banned' END`,
            moreParams: sql`jsonb_build_object('banIds', (SELECT jsonb_agg(id ORDER BY id) FROM lifted), 'punishmentNumber', (SELECT number FROM punished))`,
          })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged, EXISTS (SELECT 1 FROM subject) AS found,
          (SELECT coalesce(jsonb_agg(${BAN_JSON} ORDER BY b.id), '[]'::jsonb) FROM lifted b) AS lifted`;
      const [row] = await run<{ found: boolean; lifted: BanJson[] }>(statement, "lifting bans");
      if (!row) throw new DatabaseError("query_failed", "lifting bans returned no row");
      if (row.lifted.length > 0) return { kind: "ok", bans: row.lifted.map(toBan) };
      return row.found ? { kind: "not_banned" } : { kind: "no_such_subject" };
    },

    async checkBans(query) {
      const characterId = query.characterId ?? null;
      const accountId = query.accountId ?? null;
      if (characterId !== null) requireId(characterId, "character id");
      if (accountId !== null) requireId(accountId, "account id");
      // An address the socket reports should always parse; one that does not matches no range.
      const address = query.address === null || query.address === undefined ? null : normalizeAddress(query.address);
      if (characterId === null && accountId === null && address === null) return { kind: "clear" };
      try {
        const rows = rowsOf<{ row: BanJson }>(
          await db.execute(sql`SELECT ${BAN_JSON} AS row FROM ${bans} b
            WHERE b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now())
              AND ((b.subject_kind = 'character' AND b.character_id = ${characterId}::integer)
                OR (b.subject_kind = 'account' AND b.account_id = ${accountId}::integer)
                OR (b.subject_kind = 'ip' AND ${address}::inet <<= b.ip_range))
            ORDER BY array_position(ARRAY['character', 'account', 'ip']::text[], b.subject_kind), masklen(b.ip_range) DESC NULLS FIRST,
              b.expires_at DESC NULLS FIRST, b.id`),
        );
        const all = rows.map((row) => toBan(row.row));
        return all.length === 0 ? { kind: "clear" } : { kind: "banned", ban: all[0]!, all };
      } catch (error) {
        throw toDatabaseError(error, "checking bans");
      }
    },

    async listBans(options = {}) {
      const limit = checkLimit(options.limit);
      const conditions: SQL[] = [];
      if (options.active !== undefined) {
        const active = sql`(b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now()))`;
        conditions.push(options.active ? active : sql`NOT ${active}`);
      }
      let subjectCte = sql``;
      if (options.subject !== undefined) {
        const resolved = resolveSubject(options.subject);
        if (isInvalid(resolved)) throw new DatabaseError("invalid_argument", `listing bans of an invalid subject (${resolved.field}: ${resolved.problem})`);
        subjectCte = sql`WITH subject AS (${resolved.cte}) `;
        conditions.push(resolved.matches);
      }
      const where = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
      try {
        const rows = rowsOf<{ row: BanJson }>(await db.execute(sql`${subjectCte}SELECT ${BAN_JSON} AS row FROM ${bans} b ${where} ORDER BY b.issued_at DESC, b.id DESC LIMIT ${limit}`));
        return rows.map((row) => toBan(row.row));
      } catch (error) {
        throw toDatabaseError(error, "listing bans");
      }
    },

    // -- Mutes --------------------------------------------------------------------------------

    async mute(input) {
      const reason = input.reason ?? "";
      const params = { minutes: input.minutes, reason, offline: input.offline };
      const refusal = checkSanction(input) ?? checkWhole(input.minutes, "minutes", 1, MAX_MUTE_MINUTES) ?? checkText(reason, "reason", MAX_REASON_LENGTH, { allowEmpty: true });
      if (refusal) return refuse(input.act, characterTarget(input), params, refusal);
      const by = actorLabel(input.act.by);
      const statement = sanctionStatement({
        input,
        rowUpdate: sql`mute_seconds_left = ${input.minutes * SECONDS_PER_MINUTE}::integer`,
        ctes: sql`, replaced AS (
            UPDATE ${mutes} t SET lifted_at = now(), lifted_by = ${by}::text, lift_kind = 'replaced'
            FROM applied WHERE t.character_id = applied.id AND t.lifted_at IS NULL
            RETURNING t.id
          ), inserted AS (
            INSERT INTO ${mutes} (character_id, minutes, reason, issued_by)
            SELECT id, ${input.minutes}::integer, ${reason}::text, ${by}::text FROM applied WHERE (SELECT count(*) FROM replaced) >= 0
            RETURNING *
          ), landed AS (SELECT character_id AS id FROM inserted)`,
        landed: "landed",
        entry: prepareAudit(actEntry(input.act, characterTarget(input), params, "ok")),
        moreParams: sql`jsonb_build_object('muteId', (SELECT id FROM inserted))`,
        select: sql`(SELECT ${MUTE_JSON} FROM inserted t) AS mute`,
      });
      const [row] = await run<{ found: boolean; applied: boolean; mute: Json<Mute> | null }>(statement, `muting character ${input.characterId}`);
      return row?.mute ? { kind: "ok", mute: toMute(row.mute) } : missed(row, "muting");
    },

    async unmute(input) {
      const reason = input.reason ?? "";
      const params = { reason, offline: input.offline };
      const refusal = checkSanction(input) ?? checkText(reason, "reason", MAX_REASON_LENGTH, { allowEmpty: true });
      if (refusal) return refuse(input.act, characterTarget(input), params, refusal);
      const by = actorLabel(input.act.by);
      // Offline, a countdown with no running row (set before the history existed) still counts as a mute.
      const statement = sanctionStatement({
        input,
        rowUpdate: sql`mute_seconds_left = 0`,
        ctes: sql`, lifted AS (
            UPDATE ${mutes} t SET lifted_at = now(), lifted_by = ${by}::text, lift_kind = 'lifted', lift_reason = ${reason}::text
            FROM applied WHERE t.character_id = applied.id AND t.lifted_at IS NULL
            RETURNING t.*
          ), landed AS (
            SELECT character_id AS id FROM lifted
            UNION SELECT id FROM target WHERE ${input.offline}::boolean AND mute_seconds_left > 0 AND EXISTS (SELECT 1 FROM applied)
          )`,
        landed: "landed",
        missedDetail: sql`'not_muted'`,
        entry: prepareAudit(actEntry(input.act, characterTarget(input), params, "ok")),
        select: sql`EXISTS (SELECT 1 FROM landed) AS landed, (SELECT coalesce(jsonb_agg(${MUTE_JSON} ORDER BY t.id), '[]'::jsonb) FROM lifted t) AS lifted`,
      });
      const [row] = await run<{ found: boolean; applied: boolean; landed: boolean; lifted: Json<Mute>[] }>(statement, `unmuting character ${input.characterId}`);
      if (row?.landed) return { kind: "ok", lifted: row.lifted.map(toMute) };
      if (row?.found && row.applied) return { kind: "not_muted" };
      return missed(row, "unmuting");
    },

    async muteServed(characterId) {
      requireId(characterId, "character id");
      try {
        const rows = rowsOf<{ row: Json<Mute> }>(
          await db.execute(sql`WITH served AS (
              UPDATE ${mutes} t SET lifted_at = now(), lift_kind = 'served' WHERE t.character_id = ${characterId}::integer AND t.lifted_at IS NULL RETURNING t.*
            ) SELECT ${MUTE_JSON} AS row FROM served t ORDER BY t.id`),
        );
        return rows.map((row) => toMute(row.row));
      } catch (error) {
        throw toDatabaseError(error, `ending the mute of character ${characterId}`);
      }
    },

    mutesOf: (characterId, options = {}) => listOf(sql`${mutes}`, MUTE_JSON, characterId, options.limit, toMute, `listing the mutes of character ${characterId}`),

    // -- Jail ---------------------------------------------------------------------------------

    async jail(input) {
      const params = { minutes: input.minutes, reason: input.reason, offline: input.offline };
      const refusal = checkSanction(input) ?? checkWhole(input.minutes, "minutes", 1, MAX_JAIL_MINUTES) ?? checkText(input.reason, "reason", MAX_REASON_LENGTH);
      if (refusal) return refuse(input.act, characterTarget(input), params, refusal);
      const by = actorLabel(input.act.by);
      const statement = sanctionStatement({
        input,
        rowUpdate: sql`jail_minutes_left = ${input.minutes}::integer`,
        ctes: sql`, replaced AS (
            UPDATE ${jailSentences} t SET released_at = now(), released_by = ${by}::text, release_kind = 'replaced'
            FROM applied WHERE t.character_id = applied.id AND t.released_at IS NULL
            RETURNING t.id
          ), inserted AS (
            INSERT INTO ${jailSentences} (character_id, minutes, reason, issued_by)
            SELECT id, ${input.minutes}::integer, ${input.reason}::text, ${by}::text FROM applied WHERE (SELECT count(*) FROM replaced) >= 0
            RETURNING *
          ), landed AS (SELECT character_id AS id FROM inserted)`,
        landed: "landed",
        entry: prepareAudit(actEntry(input.act, characterTarget(input), params, "ok")),
        moreParams: sql`jsonb_build_object('sentenceId', (SELECT id FROM inserted))`,
        select: sql`(SELECT ${JAIL_JSON} FROM inserted t) AS sentence`,
      });
      const [row] = await run<{ found: boolean; applied: boolean; sentence: Json<JailSentence> | null }>(statement, `jailing character ${input.characterId}`);
      return row?.sentence ? { kind: "ok", sentence: toJail(row.sentence) } : missed(row, "jailing");
    },

    async pardon(input) {
      const reason = input.reason ?? "";
      const params = { reason, offline: input.offline };
      const refusal = checkSanction(input) ?? checkText(reason, "reason", MAX_REASON_LENGTH, { allowEmpty: true });
      if (refusal) return refuse(input.act, characterTarget(input), params, refusal);
      const by = actorLabel(input.act.by);
      const statement = sanctionStatement({
        input,
        rowUpdate: sql`jail_minutes_left = 0`,
        ctes: sql`, released AS (
            UPDATE ${jailSentences} t SET released_at = now(), released_by = ${by}::text, release_kind = 'pardoned', release_reason = ${reason}::text
            FROM applied WHERE t.character_id = applied.id AND t.released_at IS NULL
            RETURNING t.*
          ), landed AS (
            SELECT character_id AS id FROM released
            UNION SELECT id FROM target WHERE ${input.offline}::boolean AND jail_minutes_left > 0 AND EXISTS (SELECT 1 FROM applied)
          )`,
        landed: "landed",
        missedDetail: sql`'not_jailed'`,
        entry: prepareAudit(actEntry(input.act, characterTarget(input), params, "ok")),
        select: sql`EXISTS (SELECT 1 FROM landed) AS landed, (SELECT coalesce(jsonb_agg(${JAIL_JSON} ORDER BY t.id), '[]'::jsonb) FROM released t) AS released`,
      });
      const [row] = await run<{ found: boolean; applied: boolean; landed: boolean; released: Json<JailSentence>[] }>(statement, `pardoning character ${input.characterId}`);
      if (row?.landed) return { kind: "ok", released: row.released.map(toJail) };
      if (row?.found && row.applied) return { kind: "not_jailed" };
      return missed(row, "pardoning");
    },

    async jailServed(characterId) {
      requireId(characterId, "character id");
      try {
        const rows = rowsOf<{ row: Json<JailSentence> }>(
          await db.execute(sql`WITH served AS (
              UPDATE ${jailSentences} t SET released_at = now(), release_kind = 'served' WHERE t.character_id = ${characterId}::integer AND t.released_at IS NULL RETURNING t.*
            ) SELECT ${JAIL_JSON} AS row FROM served t ORDER BY t.id`),
        );
        return rows.map((row) => toJail(row.row));
      } catch (error) {
        throw toDatabaseError(error, `ending the sentence of character ${characterId}`);
      }
    },

    jailSentencesOf: (characterId, options = {}) => listOf(sql`${jailSentences}`, JAIL_JSON, characterId, options.limit, toJail, `listing the sentences of character ${characterId}`),

    // -- Warnings -----------------------------------------------------------------------------

    async warn(input) {
      const params = { reason: input.reason, offline: input.offline };
      const refusal = checkSanction(input) ?? checkText(input.reason, "reason", MAX_REASON_LENGTH);
      if (refusal) return refuse(input.act, characterTarget(input), params, refusal);
      const statement = sanctionStatement({
        input,
        rowUpdate: sql`warning_count = ${characters.warningCount} + 1`,
        ctes: sql`, inserted AS (
            INSERT INTO ${warnings} (character_id, reason, issued_by) SELECT id, ${input.reason}::text, ${actorLabel(input.act.by)}::text FROM applied
            RETURNING *
          ), landed AS (SELECT character_id AS id FROM inserted)`,
        landed: "landed",
        entry: prepareAudit(actEntry(input.act, characterTarget(input), params, "ok")),
        moreParams: sql`jsonb_build_object('warningId', (SELECT id FROM inserted))`,
        // Offline, the row's count as the update left it; online, the rows before this one, plus it.
        select: sql`(SELECT ${WARNING_JSON} FROM inserted t) AS warning,
          CASE WHEN ${input.offline}::boolean THEN (SELECT warning_count FROM applied)
            ELSE (SELECT count(*) FROM ${warnings} w WHERE w.character_id = ${input.characterId}::integer)::integer + 1 END AS count`,
      });
      const [row] = await run<{ found: boolean; applied: boolean; warning: Json<Warning> | null; count: number }>(statement, `warning character ${input.characterId}`);
      return row?.warning ? { kind: "ok", warning: toWarning(row.warning), count: row.count } : missed(row, "warning");
    },

    warningsOf: (characterId, options = {}) => listOf(sql`${warnings}`, WARNING_JSON, characterId, options.limit, toWarning, `listing the warnings of character ${characterId}`),

    // -- Punishment record --------------------------------------------------------------------

    async addPunishment(input) {
      const params = { text: input.text };
      const target = characterTarget(input);
      const refusal = checkId(input.characterId, "characterId") ?? checkText(input.text, "text", MAX_PUNISHMENT_TEXT_LENGTH);
      if (refusal) return refuse(input.act, target, params, refusal);
      const entry = input.act ? prepareAudit(actEntry(input.act, target, params, "ok")) : null;
      const statement = sql`WITH target AS (SELECT c.id, c.name FROM ${characters} c WHERE c.id = ${input.characterId}::integer
        )${punishmentCte(input.text, "target")}${
          entry === null
            ? sql``
            : sql`, logged AS (
          ${auditInsertSql(entry, {
            targetName: targetNameOf,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM target) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN NOT EXISTS (SELECT 1 FROM target) THEN 'no_such_character' END`,
            moreParams: sql`jsonb_build_object('number', (SELECT number FROM punished))`,
          })})`
        }
        SELECT (SELECT ${PUNISHMENT_JSON} FROM punished t) AS entry`;
      const [row] = await run<{ entry: Json<PunishmentEntry> | null }>(statement, `adding to the punishment record of character ${input.characterId}`);
      return row?.entry ? { kind: "ok", entry: toPunishment(row.entry) } : { kind: "no_such_character" };
    },

    // -- Staff messages -------------------------------------------------------------------------

    async leaveMessage(input) {
      const refusal =
        checkId(input.characterId, "characterId") ?? checkText(input.fromName, "fromName", MAX_STAFF_MESSAGE_SENDER_LENGTH) ?? checkText(input.text, "text", MAX_STAFF_MESSAGE_LENGTH);
      if (refusal) return refusal;
      const rows = await run<{ id: number }>(
        sql`INSERT INTO ${staffMessages} (character_id, from_name, text)
          SELECT c.id, ${input.fromName}, ${input.text} FROM ${characters} c WHERE c.id = ${input.characterId}::integer
          RETURNING id`,
        `leaving a message for character ${input.characterId}`,
      );
      return rows.length > 0 ? { kind: "ok" } : { kind: "no_such_character" };
    },

    async takeMessages(characterId) {
      requireId(characterId, "character id");
      const rows = await run<{ from_name: string; text: string; created_at: string | Date; id: number }>(
        sql`UPDATE ${staffMessages} SET delivered_at = now()
          WHERE character_id = ${characterId}::integer AND delivered_at IS NULL
          RETURNING id, from_name, text, created_at`,
        `taking the messages of character ${characterId}`,
      );
      return rows.sort((a, b) => a.id - b.id).map((row) => ({ fromName: row.from_name, text: row.text, createdAt: new Date(row.created_at) }));
    },

    async punishmentsOf(characterId) {
      requireId(characterId, "character id");
      try {
        const rows = rowsOf<{ row: Json<PunishmentEntry> }>(
          await db.execute(sql`SELECT ${PUNISHMENT_JSON} AS row FROM ${punishmentRecord} t WHERE t.character_id = ${characterId}::integer ORDER BY t.number`),
        );
        return rows.map((row) => toPunishment(row.row));
      } catch (error) {
        throw toDatabaseError(error, `reading the punishment record of character ${characterId}`);
      }
    },

    async editPunishment(input) {
      const params = { number: input.number, text: input.text };
      const target = characterTarget(input);
      const refusal = checkId(input.characterId, "characterId") ?? checkId(input.number, "number") ?? checkText(input.text, "text", MAX_PUNISHMENT_TEXT_LENGTH);
      if (refusal) return refuse(input.act, target, params, refusal);
      const entry = prepareAudit(actEntry(input.act, target, params, "ok"));
      const statement = sql`WITH found AS (
          SELECT t.* FROM ${punishmentRecord} t WHERE t.character_id = ${input.characterId}::integer AND t.number = ${input.number}::integer
        ), edited AS (
          UPDATE ${punishmentRecord} t SET text = ${input.text}::text, edited_by = ${actorLabel(input.act.by)}::text, edited_at = now()
          WHERE t.character_id = ${input.characterId}::integer AND t.number = ${input.number}::integer
          RETURNING t.*
        ), logged AS (
          ${auditInsertSql(entry, {
            targetName: sql`(SELECT c.name FROM ${characters} c WHERE c.id = ${input.characterId}::integer)`,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM edited) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN NOT EXISTS (SELECT 1 FROM edited) THEN 'not_found' END`,
            moreParams: sql`jsonb_build_object('previousText', (SELECT text FROM found))`,
          })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged, (SELECT ${PUNISHMENT_JSON} FROM edited t) AS edited, (SELECT text FROM found) AS previous`;
      const [row] = await run<{ edited: Json<PunishmentEntry> | null; previous: string | null }>(statement, `editing punishment ${input.number} of character ${input.characterId}`);
      if (!row?.edited || row.previous === null) return { kind: "not_found" };
      return { kind: "ok", entry: toPunishment(row.edited), previousText: row.previous };
    },

    // -- Reports ------------------------------------------------------------------------------

    async addReport(input) {
      const excerpt = input.chatExcerpt ?? [];
      const targetId = input.targetCharacterId ?? null;
      const refusal =
        (input.kind === "sos" || input.kind === "denounce" ? null : invalid("kind", "out_of_range")) ??
        checkId(input.reporterCharacterId, "reporterCharacterId") ??
        (targetId === null ? null : checkId(targetId, "targetCharacterId")) ??
        checkText(input.category, "category", MAX_REPORT_CATEGORY_LENGTH, { allowEmpty: true }) ??
        checkText(input.text, "text", MAX_REPORT_TEXT_LENGTH, { allowEmpty: true }) ??
        (Array.isArray(excerpt) && excerpt.length <= MAX_CHAT_EXCERPT_LINES ? null : invalid("chatExcerpt", "too_long")) ??
        excerpt.map((line) => checkText(line, "chatExcerpt", MAX_CHAT_LINE_LENGTH, { allowEmpty: true })).find((problem) => problem !== null) ??
        null;
      if (refusal) return refusal;
      try {
        const rows = rowsOf<{ row: Json<Report> | null }>(
          await db.execute(sql`WITH reporter AS (SELECT c.id, c.name FROM ${characters} c WHERE c.id = ${input.reporterCharacterId}::integer
            ), target AS (SELECT c.id, c.name FROM ${characters} c WHERE c.id = ${targetId}::integer
            ), inserted AS (
              INSERT INTO ${reports} (kind, reporter_character_id, reporter_name, target_character_id, target_name, category, text, chat_excerpt)
              SELECT ${input.kind}::text, r.id, r.name, (SELECT id FROM target), (SELECT name FROM target), ${input.category}::text, ${input.text}::text, ${JSON.stringify(excerpt)}::jsonb
              FROM reporter r WHERE ${targetId}::integer IS NULL OR EXISTS (SELECT 1 FROM target)
              RETURNING *
            ) SELECT (SELECT ${REPORT_JSON} FROM inserted t) AS row`),
        );
        const row = rows[0]?.row;
        return row ? { kind: "ok", report: toReport(row) } : { kind: "no_such_character" };
      } catch (error) {
        throw toDatabaseError(error, "adding a report");
      }
    },

    async listReports(options = {}) {
      const limit = checkLimit(options.limit);
      const status = options.status ?? "pending";
      if (!["pending", "open", "taken", "closed"].includes(status)) throw new DatabaseError("invalid_argument", `unknown report status ${JSON.stringify(status)}`);
      const where = status === "pending" ? sql`t.status <> 'closed'` : sql`t.status = ${status}`;
      const order = status === "closed" ? sql`t.created_at DESC, t.id DESC` : sql`t.created_at, t.id`;
      try {
        const rows = rowsOf<{ row: Json<Report> }>(await db.execute(sql`SELECT ${REPORT_JSON} AS row FROM ${reports} t WHERE ${where} ORDER BY ${order} LIMIT ${limit}`));
        return rows.map((row) => toReport(row.row));
      } catch (error) {
        throw toDatabaseError(error, "listing reports");
      }
    },

    async takeReport(input) {
      requireId(input.reportId, "report id");
      const target: AuditTarget = { kind: "report", id: input.reportId };
      const entry = prepareAudit(actEntry(input.act, target, { reportId: input.reportId }, "ok"));
      const statement = sql`WITH found AS (SELECT t.* FROM ${reports} t WHERE t.id = ${input.reportId}::integer
        ), taken AS (
          UPDATE ${reports} t SET status = 'taken', handled_by = ${actorLabel(input.act.by)}::text, handled_at = now()
          WHERE t.id = ${input.reportId}::integer AND t.status = 'open' RETURNING t.*
        ), logged AS (
          ${auditInsertSql(entry, {
            targetName: sql`(SELECT reporter_name FROM found)`,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM taken) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN EXISTS (SELECT 1 FROM taken) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM found) THEN 'not_found' ELSE 'not_open' END`,
          })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged, (SELECT ${REPORT_JSON} FROM taken t) AS taken, (SELECT ${REPORT_JSON} FROM found t) AS found`;
      const [row] = await run<{ taken: Json<Report> | null; found: Json<Report> | null }>(statement, `taking report ${input.reportId}`);
      if (row?.taken) return { kind: "ok", report: toReport(row.taken) };
      if (row?.found) return { kind: "not_open", report: toReport(row.found) };
      return { kind: "not_found" };
    },

    async closeReport(input) {
      const target: AuditTarget = { kind: "report", id: Number.isSafeInteger(input.reportId) ? input.reportId : null };
      const params = { reportId: input.reportId, resolution: input.resolution };
      const refusal = checkId(input.reportId, "reportId") ?? checkText(input.resolution, "resolution", MAX_RESOLUTION_LENGTH, { allowEmpty: true });
      if (refusal) return refuse(input.act, target, params, refusal);
      const entry = prepareAudit(actEntry(input.act, target, params, "ok"));
      const statement = sql`WITH found AS (SELECT t.* FROM ${reports} t WHERE t.id = ${input.reportId}::integer
        ), closed AS (
          UPDATE ${reports} t SET status = 'closed', handled_by = ${actorLabel(input.act.by)}::text, handled_at = now(), resolution = ${input.resolution}::text
          WHERE t.id = ${input.reportId}::integer AND t.status <> 'closed' RETURNING t.*
        ), logged AS (
          ${auditInsertSql(entry, {
            targetName: sql`(SELECT reporter_name FROM found)`,
            outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM closed) THEN 'ok' ELSE 'refused_rule' END`,
            detail: sql`CASE WHEN EXISTS (SELECT 1 FROM closed) THEN NULL WHEN NOT EXISTS (SELECT 1 FROM found) THEN 'not_found' ELSE 'already_closed' END`,
          })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged, (SELECT ${REPORT_JSON} FROM closed t) AS closed, (SELECT ${REPORT_JSON} FROM found t) AS found`;
      const [row] = await run<{ closed: Json<Report> | null; found: Json<Report> | null }>(statement, `closing report ${input.reportId}`);
      if (row?.closed) return { kind: "ok", report: toReport(row.closed) };
      if (row?.found) return { kind: "already_closed", report: toReport(row.found) };
      return { kind: "not_found" };
    },

    async closePendingReports(input) {
      const params = { resolution: input.resolution };
      const refusal = checkText(input.resolution, "resolution", MAX_RESOLUTION_LENGTH, { allowEmpty: true });
      if (refusal) return refuse(input.act, { kind: "report" }, params, refusal);
      const entry = prepareAudit(actEntry(input.act, { kind: "report" }, params, "ok"));
      const statement = sql`WITH closed AS (
          UPDATE ${reports} t SET status = 'closed', handled_by = ${actorLabel(input.act.by)}::text, handled_at = now(), resolution = ${input.resolution}::text
          WHERE t.status <> 'closed' RETURNING t.id
        ), logged AS (
          ${auditInsertSql(entry, { moreParams: sql`jsonb_build_object('closed', (SELECT count(*) FROM closed))` })}
        )
        SELECT (SELECT count(*) FROM logged)::integer AS logged, (SELECT count(*) FROM closed)::integer AS closed`;
      const [row] = await run<{ closed: number }>(statement, "closing every pending report");
      return { kind: "ok", closed: row?.closed ?? 0 };
    },
  };
  return repository;
}
