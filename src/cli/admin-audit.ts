/**
 * `argentum admin audit`: reads the audit log, newest first, with filters. A relative `--since`
 * (`2h`) is judged by the database's clock, like the rows' own times, so a machine whose clock is
 * off still sees the last two hours of the database.
 */
import { AUDIT_OUTCOMES, DEFAULT_AUDIT_LIMIT, MAX_AUDIT_LIMIT, type AuditOutcome, type AuditQuery, type AuditRecord } from "../db/index.ts";
import { actorProblem, configArgsOf, CONFIG_FLAGS, MAX_NAME_LENGTH, openForAdmin, parseWhole, quoted, shown, splitOptions, UNPRINTABLE, type AdminAction } from "./admin-database.ts";

export const AUDIT_USAGE = `usage: argentum admin audit [--since T] [--actor NAME] [--action A] [--outcome O] [--limit N] [--json] [options]

Prints the audit log, newest first: one row per staff action (in-game packets, refusals
included; every argentum admin change; every console action).

  --since T     rows since T: an ISO 8601 time (2025-01-31, 2025-01-31T18:00:00Z,
                2025-01-31T15:00:00-03:00; a date alone is midnight UTC) or a span back from
                the database's clock: a whole number and s, m, h, d or w (90s, 30m, 2h, 7d, 2w)
  --actor NAME  rows of that actor (any case): a character's name, or the OS user / --actor
                of the command line
  --action A    rows of that action (any case): a packet name (BanChar, Jail, ...) or a
                command ("character give", "staff grant")
  --outcome O   ${AUDIT_OUTCOMES.join(", ")}
  --limit N     at most N rows (1..${MAX_AUDIT_LIMIT}, default ${DEFAULT_AUDIT_LIMIT})
  --json        one JSON object per line instead of the table
`;

/** Units of a relative `--since`, in milliseconds. */
const SPAN_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** No audit log is older than this: a longer span is a typo. */
const MAX_SPAN_MS = 100 * 365 * 86_400_000;
/** ISO 8601 as people write it: a date, or a date and time with seconds, fraction and zone optional. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export type SinceParse = { ok: true; since: Date } | { ok: true; withinMs: number } | { ok: false; message: string };

/** `--since`'s value: an absolute time or a span back from the database's clock. */
export function parseSince(text: string): SinceParse {
  const span = /^(\d{1,12})([smhdw])$/.exec(text);
  if (span) {
    const withinMs = Number(span[1]) * SPAN_UNITS_MS[span[2]!]!;
    if (withinMs > MAX_SPAN_MS) return { ok: false, message: `--since ${quoted(text)} reaches back more than a century` };
    return { ok: true, withinMs };
  }
  if (ISO_TIME.test(text)) {
    // A time without a zone is UTC, like a date alone, whatever the machine's zone.
    const zoned = /[T ]\d{2}:\d{2}/.test(text) && !/(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text;
    const since = new Date(zoned.replace(" ", "T"));
    if (!Number.isNaN(since.getTime())) return { ok: true, since };
  }
  return { ok: false, message: `--since ${quoted(text)}: an ISO 8601 time (2025-01-31T18:00:00Z) or a span such as 30m, 2h, 7d` };
}

/** The JSON line of one row. */
export function auditJson(row: AuditRecord) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    node: row.actor.node,
    actor: { kind: row.actor.kind, name: row.actor.name, accountId: row.actor.accountId, characterId: row.actor.characterId, rank: row.actor.rank, address: row.actor.address },
    action: row.action,
    target: row.target,
    params: row.params,
    outcome: row.outcome,
    detail: row.detail,
  };
}

/** One table line: time, actor, action, target, outcome, detail, params; stored text is escaped when unprintable. */
export function auditLine(row: AuditRecord): string {
  const actor = `${row.actor.kind === "character" ? "" : `${row.actor.kind}:`}${shown(row.actor.name)}${row.actor.rank ? ` (${row.actor.rank})` : ""}`;
  const target = row.target ? `${row.target.kind}${row.target.name === null ? "" : ` ${shown(row.target.name)}`}${row.target.id === null ? "" : `#${row.target.id}`}` : "-";
  const params = Object.keys(row.params).length === 0 ? "" : `  ${JSON.stringify(row.params)}`;
  const detail = row.detail === null ? "" : `  ${shown(row.detail)}`;
  return `${row.at.toISOString()}  ${actor}  ${shown(row.action)}  ${target}  ${row.outcome}${detail}${params}`;
}

/** Parses `audit …`; the query runs once the configuration is loaded. */
export function auditAction(words: readonly string[]): AdminAction {
  const split = splitOptions(words, { values: [...CONFIG_FLAGS, "--actor", "--since", "--action", "--outcome", "--limit"], booleans: ["--json"] }, "audit");
  if (!split.ok) return split;
  if (split.positional.length > 0) return { ok: false, message: `unexpected ${quoted(split.positional[0]!)} for audit` };
  const query: AuditQuery = {};
  const since = split.values.get("--since");
  if (since !== undefined) {
    const parsed = parseSince(since);
    if (!parsed.ok) return parsed;
    if ("since" in parsed) query.since = parsed.since;
    else query.withinMs = parsed.withinMs;
  }
  // --actor filters here (it names whose rows to read); reads are not audited, so no actor is needed.
  const actor = split.values.get("--actor");
  if (actor !== undefined) {
    const problem = actorProblem(actor);
    if (problem !== null) return { ok: false, message: problem };
    query.actor = actor;
  }
  const action = split.values.get("--action");
  if (action !== undefined) {
    if (action.trim() === "" || UNPRINTABLE.test(action) || [...action].length > MAX_NAME_LENGTH) return { ok: false, message: `--action ${quoted(action)}: 1..${MAX_NAME_LENGTH} printable characters` };
    query.action = action;
  }
  const outcome = split.values.get("--outcome");
  if (outcome !== undefined) {
    if (!(AUDIT_OUTCOMES as readonly string[]).includes(outcome)) return { ok: false, message: `--outcome ${quoted(outcome)}: one of ${AUDIT_OUTCOMES.join(", ")}` };
    query.outcome = outcome as AuditOutcome;
  }
  const limit = split.values.get("--limit");
  if (limit !== undefined) {
    const value = parseWhole(limit, 1, MAX_AUDIT_LIMIT);
    if (value === undefined) return { ok: false, message: `--limit ${quoted(limit)}: a whole number from 1 to ${MAX_AUDIT_LIMIT}` };
    query.limit = value;
  }
  const json = split.booleans.has("--json");
  return {
    ok: true,
    configArgs: configArgsOf(split.values),
    actor: undefined,
    async run(config, io) {
      const opened = await openForAdmin(config, "argentum admin audit", io);
      try {
        const rows = await opened.database.audit.query(query);
        for (const row of rows) io.out(`${json ? JSON.stringify(auditJson(row)) : auditLine(row)}\n`);
        if (rows.length === 0 && !json) io.err("argentum admin: no audit rows match\n");
        return 0;
      } finally {
        await opened.close();
      }
    },
  };
}
