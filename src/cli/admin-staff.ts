/**
 * `argentum admin staff grant|revoke|list|import`: staff ranks bound to character ids
 * (gm-and-moderation §1, G1, G2). A name is resolved to its character once, when the rank is
 * granted; afterwards the rank follows the character's id, whatever it is called. Each change
 * writes its audit row (actor kind `cli`) in the statement that makes it.
 *
 * A rank change applies at the character's next login, which reads `staff_roles`; this command
 * never touches a running server. A server that holds the character online applies a change at
 * once only when it is told through the server itself.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { STAFF_RANKS, type AuditActor, type Database, type StaffGrant, type StaffRank, type StaffRoleEntry } from "../db/index.ts";
import { actorProblem, configArgsOf, CONFIG_FLAGS, nameProblem, openForAdmin, quoted, Refusal, shown, splitOptions, type AdminAction } from "./admin-database.ts";
import type { CliIo } from "./command.ts";
import type { ServerConfig } from "../config/index.ts";
import { MAX_SERVER_INI_BYTES, parseServerIniStaff, type ServerIniStaffEntry } from "./server-ini-staff.ts";

export const STAFF_USAGE = `usage: argentum admin staff grant NAME consejero|semidios|dios|admin [--rolemaster] [options]
       argentum admin staff grant NAME rolemaster [options]
       argentum admin staff revoke NAME [options]
       argentum admin staff list [--all] [--json] [options]
       argentum admin staff import SERVER.INI [--ignore-email] [--json] [options]

Staff ranks belong to a character's id, never to a name: NAME is looked up once, when the rank
is granted, and the rank follows that character through renames (VB6 gave a listed name's rank
to whoever logged in under it).

  grant         gives the rank (and the rolemaster flag with --rolemaster; "rolemaster" alone
                is a rolemaster who is no GM), replacing the character's current rank; the old
                one stays in the history
  revoke        ends the character's rank
  list          live ranks, highest first, as a table (--json: one JSON object per line;
                --all: the whole history, newest first)
  import        reads a VB6 Server.ini's staff lists ([INIT] Admines, Dioses, SemiDioses,
                Consejeros, RolesMasters; [Admines] Admin1=Nick|email ... [RolesMasters] RM1=):
                an entry without |email grants nothing, RoleMaster1= is not read (VB6 reads
                RM1=), a name in several lists gets the highest rank. Each name is resolved
                to an existing character once; names that match none are reported. An entry
                whose email is not the email of the character's account is not granted (a
                player may have taken an old GM's name) unless --ignore-email is given.

A rank change applies at the character's next login: the server reads the ranks then. A server
holding the character online keeps the old rank until that character logs in again; the running
server's operator console (PUT /api/admin/staff/NAME) writes a rank and applies it at once.
`;

/** What each line of `list` and `grant` prints, and `--json` writes. */
function roleJson(entry: Pick<StaffRoleEntry, "characterId" | "characterName" | "rank" | "rolemaster" | "grantedBy" | "grantedAt"> & Partial<Pick<StaffRoleEntry, "revokedAt" | "revokedBy">>) {
  return {
    character: entry.characterName,
    id: entry.characterId,
    rank: entry.rank,
    rolemaster: entry.rolemaster,
    grantedBy: entry.grantedBy,
    grantedAt: entry.grantedAt.toISOString(),
    ...(entry.revokedAt === undefined ? {} : { revokedBy: entry.revokedBy ?? null, revokedAt: entry.revokedAt?.toISOString() ?? null }),
  };
}

const APPLIES = "at the character's next login";

function parseRank(word: string | undefined, rolemasterFlag: boolean): StaffGrant | string {
  if (word === undefined || word.startsWith("--")) return `staff grant needs a rank: ${STAFF_RANKS.join(", ")} or rolemaster`;
  const lower = word.toLowerCase();
  if (lower === "rolemaster") return { rank: null, rolemaster: true };
  if (!(STAFF_RANKS as readonly string[]).includes(lower)) return `unknown rank ${quoted(word)}; try ${STAFF_RANKS.join(", ")} or rolemaster`;
  return { rank: lower as StaffRank, rolemaster: rolemasterFlag };
}

function withConfig(values: ReadonlyMap<string, string>, run: (config: ServerConfig, io: CliIo, actor: AuditActor) => Promise<number>): AdminAction {
  const actor = values.get("--actor");
  if (actor !== undefined) {
    const problem = actorProblem(actor);
    if (problem !== null) return { ok: false, message: problem };
  }
  return { ok: true, configArgs: configArgsOf(values), actor, run };
}

async function withDatabase(config: ServerConfig, io: CliIo, command: string, work: (database: Database) => Promise<number>): Promise<number> {
  const opened = await openForAdmin(config, command, io);
  try {
    return await work(opened.database);
  } finally {
    await opened.close();
  }
}

function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ").trimEnd()).join("\n");
}

function listText(entries: readonly StaffRoleEntry[], all: boolean): string {
  if (entries.length === 0) return all ? "no staff roles, ever\n" : "no staff roles\n";
  const header = ["NAME", "ID", "RANK", "RM", "GRANTED", "BY", ...(all ? ["REVOKED", "REVOKED BY"] : [])];
  const rows = entries.map((entry) => [
    shown(entry.characterName),
    String(entry.characterId),
    entry.rank ?? "-",
    entry.rolemaster ? "yes" : "no",
    entry.grantedAt.toISOString(),
    shown(entry.grantedBy),
    ...(all ? [entry.revokedAt?.toISOString() ?? "-", entry.revokedBy === null ? "-" : shown(entry.revokedBy)] : []),
  ]);
  return `${table([header, ...rows])}\n`;
}

async function importFile(path: string, database: Database, actor: AuditActor, options: { ignoreEmail: boolean; json: boolean }, io: CliIo, entries: readonly ServerIniStaffEntry[]): Promise<number> {
  const results: Record<string, unknown>[] = [];
  const unresolved: string[] = [];
  for (const entry of entries) {
    const base = { name: entry.name, rank: entry.grant.rank, rolemaster: entry.grant.rolemaster, lines: entry.sources.map((source) => source.line) };
    const act = { by: actor, action: "staff import", params: { file: path, lines: base.lines } };
    const character = await database.characters.findCharacterByName(entry.name);
    if (!character) {
      unresolved.push(entry.name);
      await database.audit.append({ actor, action: act.action, target: { kind: "character", name: entry.name }, params: { ...act.params, rank: entry.grant.rank, rolemaster: entry.grant.rolemaster }, outcome: "refused_rule", detail: "no_such_character" });
      results.push({ ...base, outcome: "not_found" });
      continue;
    }
    const account = await database.accounts.findAccountById(character.accountId);
    const emails = entry.sources.map((source) => source.email.toLowerCase());
    const matches = account !== null && emails.includes(account.email.toLowerCase());
    if (!matches && !options.ignoreEmail) {
      await database.audit.append({
        actor,
        action: act.action,
        target: { kind: "character", id: character.id, name: character.name },
        params: { ...act.params, rank: entry.grant.rank, rolemaster: entry.grant.rolemaster },
        outcome: "refused_rule",
        detail: "email_mismatch",
      });
      results.push({ ...base, id: character.id, outcome: "email_mismatch" });
      continue;
    }
    // By id: the character whose account was just checked, even if a rename happens meanwhile.
    const granted = await database.staff.grant({ characterId: character.id }, entry.grant, act);
    switch (granted.kind) {
      case "ok":
        results.push({ ...base, character: granted.role.characterName, id: character.id, outcome: "granted", previous: granted.previous ? { rank: granted.previous.rank, rolemaster: granted.previous.rolemaster } : null });
        break;
      case "unchanged":
        results.push({ ...base, character: granted.role.characterName, id: character.id, outcome: "unchanged" });
        break;
      case "no_such_character":
        unresolved.push(entry.name);
        results.push({ ...base, outcome: "not_found" });
        break;
      case "invalid":
        results.push({ ...base, outcome: "invalid", field: granted.field, problem: granted.problem });
        break;
    }
  }
  if (options.json) {
    for (const result of results) io.out(`${JSON.stringify(result)}\n`);
  } else {
    for (const result of results) {
      const rank = `${result.rank ?? "-"}${result.rolemaster ? " +rolemaster" : ""}`;
      io.out(`${String(result.outcome).padEnd(14)}  ${shown(String(result.name)).padEnd(18)}  ${rank}  (line ${(result.lines as number[]).join(", ")})\n`);
    }
    if (results.length === 0) io.out("the file lists nobody\n");
  }
  if (unresolved.length > 0) io.err(`argentum admin: ${unresolved.length} name(s) match no character: ${unresolved.map(shown).join(", ")}\n`);
  return 0;
}

/** Parses `staff …`; the work runs once the configuration is loaded. */
export function staffAction(words: readonly string[]): AdminAction {
  const [first, ...others] = words;
  // `staff --data-dir x` names no action: options come after it.
  const verb = first?.startsWith("--") ? undefined : first;
  const rest = verb === undefined ? words : others;
  const values = [...CONFIG_FLAGS, "--actor"];
  switch (verb) {
    case "grant": {
      const split = splitOptions(rest, { values, booleans: ["--rolemaster"] }, "staff grant");
      if (!split.ok) return split;
      const [name, rankWord, extra] = split.positional;
      const problem = nameProblem(name, "staff grant");
      if (problem !== null || name === undefined) return { ok: false, message: problem ?? "no name" };
      const grant = parseRank(rankWord, split.booleans.has("--rolemaster"));
      if (typeof grant === "string") return { ok: false, message: grant };
      if (extra !== undefined) return { ok: false, message: `unexpected ${quoted(extra)} after the rank` };
      return withConfig(split.values, (config, io, actor) =>
        withDatabase(config, io, "argentum admin staff grant", async (database) => {
          const outcome = await database.staff.grant(name, grant, { by: actor, action: "staff grant" });
          switch (outcome.kind) {
            case "ok":
              io.out(`${JSON.stringify({ ...roleJson(outcome.role), previous: outcome.previous ? { rank: outcome.previous.rank, rolemaster: outcome.previous.rolemaster } : null, applies: APPLIES })}\n`);
              return 0;
            case "unchanged":
              io.out(`${JSON.stringify({ ...roleJson(outcome.role), unchanged: true })}\n`);
              return 0;
            case "no_such_character":
              throw new Refusal(`no character named ${quoted(name)}`);
            case "invalid":
              throw new Refusal(`the ${outcome.field} is refused (${outcome.problem})`);
          }
        }),
      );
    }
    case "revoke": {
      const split = splitOptions(rest, { values }, "staff revoke");
      if (!split.ok) return split;
      const [name, extra] = split.positional;
      const problem = nameProblem(name, "staff revoke");
      if (problem !== null || name === undefined) return { ok: false, message: problem ?? "no name" };
      if (extra !== undefined) return { ok: false, message: `unexpected ${quoted(extra)} after the name` };
      return withConfig(split.values, (config, io, actor) =>
        withDatabase(config, io, "argentum admin staff revoke", async (database) => {
          const outcome = await database.staff.revoke(name, { by: actor, action: "staff revoke" });
          switch (outcome.kind) {
            case "ok":
              io.out(`${JSON.stringify({ character: outcome.previous.characterName, id: outcome.previous.characterId, revoked: { rank: outcome.previous.rank, rolemaster: outcome.previous.rolemaster }, applies: APPLIES })}\n`);
              return 0;
            case "not_staff":
              throw new Refusal(`${shown(outcome.characterName)} has no staff rank`);
            case "no_such_character":
              throw new Refusal(`no character named ${quoted(name)}`);
            case "invalid":
              throw new Refusal(`the ${outcome.field} is refused (${outcome.problem})`);
          }
        }),
      );
    }
    case "list": {
      const split = splitOptions(rest, { values, booleans: ["--json", "--all"] }, "staff list");
      if (!split.ok) return split;
      if (split.positional.length > 0) return { ok: false, message: `unexpected ${quoted(split.positional[0]!)} for staff list` };
      const all = split.booleans.has("--all");
      const json = split.booleans.has("--json");
      return withConfig(split.values, (config, io) =>
        withDatabase(config, io, "argentum admin staff list", async (database) => {
          const entries = await database.staff.list({ includeRevoked: all });
          if (json) for (const entry of entries) io.out(`${JSON.stringify(roleJson(all ? entry : { ...entry, revokedAt: undefined }))}\n`);
          else io.out(listText(entries, all));
          return 0;
        }),
      );
    }
    case "import": {
      const split = splitOptions(rest, { values, booleans: ["--json", "--ignore-email"] }, "staff import");
      if (!split.ok) return split;
      const [file, extra] = split.positional;
      if (file === undefined) return { ok: false, message: "staff import needs the Server.ini file" };
      if (extra !== undefined) return { ok: false, message: `unexpected ${quoted(extra)} after the file` };
      const options = { ignoreEmail: split.booleans.has("--ignore-email"), json: split.booleans.has("--json") };
      return withConfig(split.values, async (config, io, actor) => {
        const path = resolve(file);
        // Hostile files are refused before anything is opened: size first, then the content.
        let size: number;
        try {
          const info = await stat(path);
          if (!info.isFile()) throw new Refusal(`${path} is not a file`);
          size = info.size;
        } catch (error) {
          if (error instanceof Refusal) throw error;
          throw new Refusal(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
        if (size > MAX_SERVER_INI_BYTES) throw new Refusal(`${path} is ${size} bytes; a Server.ini is at most ${MAX_SERVER_INI_BYTES}`);
        const parsed = parseServerIniStaff(new Uint8Array(await Bun.file(path).arrayBuffer()), path);
        if (!parsed.ok) throw new Refusal(parsed.message);
        for (const skip of parsed.skipped) {
          if (skip.reason === "not_read") io.err(`argentum admin: line ${skip.line}: [${skip.section}] ${skip.key} is not read (VB6 reads ${skip.section === "RolesMasters" ? "RM" : "numbered keys"}1..N up to the [INIT] count)\n`);
          else if (skip.reason === "no_email") io.err(`argentum admin: line ${skip.line}: [${skip.section}] ${skip.key} has no |email and grants nothing\n`);
        }
        return withDatabase(config, io, "argentum admin staff import", (database) => importFile(path, database, actor, options, io, parsed.entries));
      });
    }
    case undefined:
      return { ok: false, message: "staff grant, revoke, list or import?" };
    default:
      return { ok: false, message: `unknown action ${quoted(verb)}; try grant, revoke, list or import` };
  }
}
