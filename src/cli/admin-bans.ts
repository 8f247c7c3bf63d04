/**
 * `argentum admin ban|unban|bans`: bans of a character, an account or an address range written
 * to the database with no server needed (gm-and-moderation §3.1, §6.3). The same repository call
 * as `/BAN` and the console, so a ban, its `/PENAS` entry (a character's) and its audit row are
 * one statement; the login check reads them at the next account login and world entry.
 *
 * A ban written here does not close a session a running server holds: the server learns of it at
 * that player's next login. To disconnect at once use `/BAN` in game or the operator console.
 */
import { MAX_BAN_DURATION_MS, MAX_REASON_LENGTH, type Ban, type BanSubjectInput, type Database } from "../db/index.ts";
import { PUNISHMENT_TEXT } from "../game/staff/index.ts";
import type { CliIo } from "./command.ts";
import { actorProblem, configArgsOf, CONFIG_FLAGS, nameProblem, openForAdmin, parseWhole, quoted, Refusal, shown, splitOptions, type AdminAction } from "./admin-database.ts";

const DAY_MS = 86_400_000;
const MAX_BAN_DAYS = Math.floor(MAX_BAN_DURATION_MS / DAY_MS);
const DEFAULT_LIST_LIMIT = 100;
const MAX_LIST_LIMIT = 1_000;
const SUBJECT_KINDS = ["character", "account", "ip"] as const;

export const BANS_USAGE = `usage: argentum admin ban character|account|ip TARGET [--reason TEXT] [--days N] [options]
       argentum admin unban BAN_ID [--reason TEXT] [options]
       argentum admin bans [--all] [--limit N] [--json] [options]

Bans written with no server needed; the server reads them at each login and world entry.

  ban character NAME   the character of that name (by its id from now on)
  ban account NAME     the account that holds the character NAME (every character of it)
  ban ip ADDRESS       an address (1.2.3.4, 2001:db8::1) or a range (1.2.3.0/24, 2001:db8::/32)
  --reason TEXT        shown to the banned player at login (up to ${MAX_REASON_LENGTH} characters)
  --days N             a temporary ban of N days (1..${MAX_BAN_DAYS}); without it the ban is permanent
  unban BAN_ID         lifts one ban by the id that bans lists
  bans                 active bans, newest first (--all: lifted and expired ones too)

A running server does not close the session of a player banned here until it logs in again:
use /BAN in game or the operator console to disconnect at once.
`;

/** The JSON line of one ban, with what is left of a temporary one (by the database's clock when read). */
export function banJson(ban: Ban, now: Date = new Date()) {
  const subject =
    ban.subject.kind === "character"
      ? { kind: "character", id: ban.subject.characterId, name: ban.subject.characterName }
      : ban.subject.kind === "account"
        ? { kind: "account", id: ban.subject.accountId, email: ban.subject.accountEmail }
        : { kind: "ip", range: ban.subject.range };
  return {
    id: ban.id,
    subject,
    reason: ban.reason,
    issuedBy: ban.issuedBy,
    issuedAt: ban.issuedAt.toISOString(),
    expiresAt: ban.expiresAt?.toISOString() ?? null,
    secondsLeft: ban.active && ban.expiresAt ? Math.max(0, Math.ceil((ban.expiresAt.getTime() - now.getTime()) / 1000)) : null,
    active: ban.active,
    ...(ban.liftedAt ? { liftedAt: ban.liftedAt.toISOString(), liftedBy: ban.liftedBy, liftReason: ban.liftReason } : {}),
  };
}

function subjectText(ban: Ban): string {
  switch (ban.subject.kind) {
    case "character":
      return `character ${ban.subject.characterName === null ? "?" : shown(ban.subject.characterName)}#${ban.subject.characterId}`;
    case "account":
      return `account ${ban.subject.accountEmail === null ? "?" : shown(ban.subject.accountEmail)}#${ban.subject.accountId}`;
    case "ip":
      return `ip ${ban.subject.range}`;
  }
}

/** One table line: id, subject, until, by, reason. */
export function banLine(ban: Ban): string {
  const until = ban.liftedAt ? `lifted ${ban.liftedAt.toISOString()}` : ban.expiresAt ? `${ban.active ? "until" : "expired"} ${ban.expiresAt.toISOString()}` : "permanent";
  return `${String(ban.id).padStart(6)}  ${subjectText(ban)}  ${until}  by ${shown(ban.issuedBy)}  ${shown(ban.reason) || "-"}`;
}

function subjectOf(kind: string | undefined, target: string | undefined): BanSubjectInput | string {
  if (kind === undefined || !(SUBJECT_KINDS as readonly string[]).includes(kind)) return `ban what? ${SUBJECT_KINDS.join(", ")}`;
  if (kind === "ip") {
    if (target === undefined || target.trim() === "") return "ban ip needs an address or a range";
    return { kind: "ip", range: target.trim() };
  }
  const problem = nameProblem(target, `ban ${kind}`);
  if (problem !== null || target === undefined) return problem ?? "no name";
  return kind === "character" ? { kind: "character", name: target } : { kind: "account", characterName: target };
}

function withActor(values: ReadonlyMap<string, string>, run: Extract<AdminAction, { ok: true }>["run"]): AdminAction {
  const actor = values.get("--actor");
  if (actor !== undefined) {
    const problem = actorProblem(actor);
    if (problem !== null) return { ok: false, message: problem };
  }
  return { ok: true, configArgs: configArgsOf(values), actor, run };
}

async function withDatabase(config: Parameters<Extract<AdminAction, { ok: true }>["run"]>[0], io: CliIo, command: string, work: (database: Database) => Promise<number>): Promise<number> {
  const opened = await openForAdmin(config, command, io);
  try {
    return await work(opened.database);
  } finally {
    await opened.close();
  }
}

function banAction(words: readonly string[]): AdminAction {
  const split = splitOptions(words, { values: [...CONFIG_FLAGS, "--actor", "--reason", "--days"] }, "ban");
  if (!split.ok) return split;
  const [kind, target, extra] = split.positional;
  const subject = subjectOf(kind, target);
  if (typeof subject === "string") return { ok: false, message: subject };
  if (extra !== undefined) return { ok: false, message: `unexpected ${quoted(extra)} after the target` };
  const reason = split.values.get("--reason") ?? "";
  if ([...reason].length > MAX_REASON_LENGTH) return { ok: false, message: `--reason is longer than ${MAX_REASON_LENGTH} characters` };
  const daysText = split.values.get("--days");
  const days = daysText === undefined ? null : parseWhole(daysText, 1, MAX_BAN_DAYS);
  if (days === undefined) return { ok: false, message: `--days ${quoted(daysText!)}: a whole number from 1 to ${MAX_BAN_DAYS}` };
  return withActor(split.values, (config, io, actor) =>
    withDatabase(config, io, "argentum admin ban", async (database) => {
      // A character's ban goes on its /PENAS record in VB6's words, as /BAN writes it.
      const punishment = subject.kind === "character" ? PUNISHMENT_TEXT.ban(actor.name, reason, days) : undefined;
      const outcome = await database.moderation.addBan({
        subject,
        reason,
        durationMs: days === null ? null : days * DAY_MS,
        ...(punishment === undefined ? {} : { punishment }),
        act: { by: actor, action: "ban", params: { kind: subject.kind, target, ...(days === null ? {} : { days }) } },
      });
      switch (outcome.kind) {
        case "ok":
          io.out(`${JSON.stringify(banJson(outcome.ban))}\n`);
          return 0;
        case "already_banned":
          throw new Refusal(`already banned (ban ${outcome.ban.id}, ${outcome.ban.expiresAt ? `until ${outcome.ban.expiresAt.toISOString()}` : "permanent"})`);
        case "no_such_subject":
          throw new Refusal(subject.kind === "account" ? `no character named ${quoted(target!)} (an account is named by one of its characters)` : `no character named ${quoted(target!)}`);
        case "invalid":
          throw new Refusal("message" in outcome && typeof outcome.message === "string" ? outcome.message : `the ${outcome.field} is refused (${outcome.problem})`);
      }
    }),
  );
}

function unbanAction(words: readonly string[]): AdminAction {
  const split = splitOptions(words, { values: [...CONFIG_FLAGS, "--actor", "--reason"] }, "unban");
  if (!split.ok) return split;
  const [idText, extra] = split.positional;
  if (idText === undefined) return { ok: false, message: "unban needs the ban's id (argentum admin bans lists them)" };
  const banId = parseWhole(idText, 1, 2_147_483_647);
  if (banId === undefined) return { ok: false, message: `ban id ${quoted(idText)}: a positive whole number` };
  if (extra !== undefined) return { ok: false, message: `unexpected ${quoted(extra)} after the id` };
  const reason = split.values.get("--reason");
  if (reason !== undefined && [...reason].length > MAX_REASON_LENGTH) return { ok: false, message: `--reason is longer than ${MAX_REASON_LENGTH} characters` };
  return withActor(split.values, (config, io, actor) =>
    withDatabase(config, io, "argentum admin unban", async (database) => {
      const outcome = await database.moderation.liftBan({ banId, ...(reason === undefined ? {} : { reason }), act: { by: actor, action: "unban", params: { banId } } });
      switch (outcome.kind) {
        case "ok":
          io.out(`${JSON.stringify(banJson(outcome.ban))}\n`);
          return 0;
        case "not_found":
          throw new Refusal(`no ban ${banId}`);
        case "not_active":
          throw new Refusal(`ban ${banId} is not active (${outcome.ban.liftedAt ? "lifted" : "expired"})`);
        case "invalid":
          throw new Refusal(`the ${outcome.field} is refused (${outcome.problem})`);
      }
    }),
  );
}

function listAction(words: readonly string[]): AdminAction {
  const split = splitOptions(words, { values: [...CONFIG_FLAGS, "--limit"], booleans: ["--all", "--json"] }, "bans");
  if (!split.ok) return split;
  if (split.positional.length > 0) return { ok: false, message: `unexpected ${quoted(split.positional[0]!)} for bans` };
  const limitText = split.values.get("--limit");
  const limit = limitText === undefined ? DEFAULT_LIST_LIMIT : parseWhole(limitText, 1, MAX_LIST_LIMIT);
  if (limit === undefined) return { ok: false, message: `--limit ${quoted(limitText!)}: a whole number from 1 to ${MAX_LIST_LIMIT}` };
  const all = split.booleans.has("--all");
  const json = split.booleans.has("--json");
  // Reading is no change: not audited, no actor needed.
  return withActor(split.values, (config, io) =>
    withDatabase(config, io, "argentum admin bans", async (database) => {
      const bans = await database.moderation.listBans({ ...(all ? {} : { active: true }), limit });
      for (const ban of bans) io.out(`${json ? JSON.stringify(banJson(ban)) : banLine(ban)}\n`);
      if (bans.length === 0 && !json) io.err(`argentum admin: ${all ? "no bans, ever" : "no active bans"}\n`);
      return 0;
    }),
  );
}

/** Parses `ban …`, `unban …` and `bans …`. */
export function bansAction(noun: "ban" | "unban" | "bans", words: readonly string[]): AdminAction {
  switch (noun) {
    case "ban":
      return banAction(words);
    case "unban":
      return unbanAction(words);
    case "bans":
      return listAction(words);
  }
}
