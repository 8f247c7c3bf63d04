/**
 * What every `argentum admin`, `backup` and `restore` subcommand shares: opening the configured
 * database (on the embedded one under the data folder's lock, which a running server holds:
 * PGlite must never be opened by two processes), who the command line acts as in the audit log,
 * the one-line refusal, and echoing untrusted text without letting it draw on the terminal.
 */
import { existsSync } from "node:fs";
import { hostname, userInfo } from "node:os";
import { resolve } from "node:path";
import pino from "pino";
import type { ServerConfig } from "../config/index.ts";
import { DatabaseError, openDatabase, pgliteDataDir, type AuditActor, type Database } from "../db/index.ts";
import { createLogger } from "../log/index.ts";
import { acquireDataLock, prepareDataDir, type DataLock } from "../server/index.ts";
import type { CliIo } from "./command.ts";

/** The options every admin subcommand takes, and what an exit code means. */
export const OPTIONS_USAGE = `options:
  --database-url URL / DATABASE_URL   Postgres; without it the embedded database in the data folder
  --data-dir DIR / AO_DATA_DIR        the data folder (default ./data)
  --world DIR / AO_WORLD              the world pack the database serves: object numbers are
                                      checked against its object table and named in show.
                                      Without it any object number is accepted unchecked.
  --log-level LEVEL / AO_LOG_LEVEL    database log lines on stderr (default warn)
  --actor NAME                        who the audit log names for a change (actor kind cli);
                                      default the OS user ($SUDO_USER, $USER, $LOGNAME)

A character a server holds online is refused: change it after it logs out. On the embedded
database a data folder in use by a running server is refused too (the command takes the
folder's lock; online marks a crashed server left are cleared then). Every change, and every
refusal that reached the database, is one row of the audit log. Exit code: 0 done, 1 refused
(nothing changed), 2 bad usage.
`;

/** A subcommand parsed: what to run once the configuration is loaded. */
export type AdminAction =
  | { ok: true; configArgs: string[]; actor: string | undefined; run(config: ServerConfig, io: CliIo, actor: AuditActor): Promise<number> }
  | { ok: false; message: string };

/** A refusal: one line on stderr, exit 1, nothing changed. */
export class Refusal extends Error {}

/** Settings of the server configuration the admin commands read (the rest are for `serve`). */
export const CONFIG_FLAGS = ["--database-url", "--data-dir", "--world", "--log-level"] as const;
/** Names in the database are short; this only bounds what is echoed back or looked up. */
export const MAX_NAME_LENGTH = 64;

/** Control characters (C0, DEL, C1) and Unicode line separators. */
export const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** A value quoted with escapes, so the line stays one line whatever it holds; cut when long. */
export function quoted(value: string, max = 40): string {
  const characters = [...value];
  return characters.length > max ? `${JSON.stringify(characters.slice(0, max).join(""))}…` : JSON.stringify(value);
}

/** Text as it is when printable, else quoted with escapes: stored text never moves the cursor. */
export function shown(value: string): string {
  return UNPRINTABLE.test(value) || /[\ud800-\udfff]/.test(value) ? JSON.stringify(value) : value;
}

export function parseWhole(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** Null when `name` may be looked up; else why not (a usage error). */
export function nameProblem(name: string | undefined, what: string): string | null {
  if (name === undefined || name.startsWith("--")) return `${what} needs a character NAME`;
  if (name.trim() === "") return "the character name is empty";
  if (UNPRINTABLE.test(name)) return `the character name ${quoted(name)} has control characters`;
  if ([...name].length > MAX_NAME_LENGTH) return `the character name ${quoted(name)} is longer than ${MAX_NAME_LENGTH} characters`;
  return null;
}

/**
 * Who the command line acts as in the audit log: `--actor NAME` when given, else the OS user
 * (`SUDO_USER` first, so `sudo argentum admin …` names the person, then `USER`, `LOGNAME`,
 * `USERNAME`, then the account the process runs as).
 */
export function cliActor(explicit: string | undefined, env: Record<string, string | undefined>): AuditActor {
  const fromEnv = [env.SUDO_USER, env.USER, env.LOGNAME, env.USERNAME].find((value) => value !== undefined && value.trim() !== "");
  let name = explicit ?? fromEnv;
  if (name === undefined) {
    try {
      name = userInfo().username;
    } catch {
      name = "unknown";
    }
  }
  return { kind: "cli", name: name.trim(), node: `cli@${hostname()}` };
}

/** Null when an `--actor` value is acceptable; else why not. */
export function actorProblem(value: string): string | null {
  if (value.trim() === "") return "--actor is empty";
  if (UNPRINTABLE.test(value)) return `--actor ${quoted(value)} has control characters`;
  if ([...value].length > MAX_NAME_LENGTH) return `--actor ${quoted(value)} is longer than ${MAX_NAME_LENGTH} characters`;
  return null;
}

/** The configured database, opened; on the embedded one, under the data folder's lock. */
export interface AdminDatabase {
  database: Database;
  lock: DataLock | null;
  close(): Promise<void>;
}

/**
 * On the embedded database, takes the data folder's lock (a running server is refused naming its
 * pid; a lock whose process is gone is taken over, with a warning). Null on Postgres, where
 * nothing needs it. `create`: a data folder that does not exist yet is made (restore); without
 * it, a folder with no database is refused.
 */
export async function lockDataFolder(config: ServerConfig, command: string, io: CliIo, options: { create?: boolean; prefix?: string } = {}): Promise<DataLock | null> {
  if (config.databaseUrl) return null;
  const prefix = options.prefix ?? "argentum admin";
  const dataDir = resolve(config.dataDir);
  if (options.create) {
    const prepared = await prepareDataDir(dataDir);
    if (!prepared.ok) throw new Refusal(prepared.message);
  } else if (!existsSync(pgliteDataDir(dataDir))) {
    throw new Refusal(`no embedded database in data folder ${dataDir}; pass the server's --data-dir, or --database-url for Postgres`);
  }
  const locked = await acquireDataLock(dataDir, command);
  if (!locked.ok) throw new Refusal(locked.message);
  if (locked.tookOver) io.err(`${prefix}: took over the lock of process ${locked.tookOver === "unreadable" ? "(unreadable lock)" : locked.tookOver.pid}, which is gone\n`);
  return locked.lock;
}

/** Database log lines on stderr (stdout carries what the command prints). */
export function toolLogger(config: ServerConfig) {
  return createLogger(config.logLevel, pino.destination(2)).child({ ctx: "db" });
}

/**
 * Opens the configured database for a tool. On PGlite, under the data folder's lock
 * (lockDataFolder) and, holding it, every online mark is one a crashed server left, so they are
 * cleared as the server's next start would.
 */
export async function openForAdmin(config: ServerConfig, command: string, io: CliIo, options: { prefix?: string } = {}): Promise<AdminDatabase> {
  const prefix = options.prefix ?? "argentum admin";
  const lock = await lockDataFolder(config, command, io, { prefix });
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir), logger: toolLogger(config) });
  } catch (error) {
    await lock?.release();
    throw new Refusal(`database: ${error instanceof DatabaseError ? error.message : (error as Error).message}`);
  }
  if (lock) {
    try {
      const stale = await database.characters.clearOnlineMarks();
      if (stale > 0) io.err(`${prefix}: cleared ${stale} online mark(s) left by a server that did not stop cleanly\n`);
    } catch (error) {
      await database.close().catch(() => {});
      await lock.release();
      throw error;
    }
  }
  return {
    database,
    lock,
    async close() {
      await database.close().catch(() => {});
      await lock?.release();
    },
  };
}

/** Runs a subcommand's work, turning refusals and faults into one line and exit 1. */
export async function reportingFailures(prefix: string, io: CliIo, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) {
      io.err(`${prefix}: ${error.message}\n`);
      return 1;
    }
    const message = error instanceof DatabaseError ? `database: ${error.message}` : `unexpected failure: ${(error as Error).stack ?? error}`;
    io.err(`${prefix}: ${message}\n`);
    return 1;
  }
}

/**
 * Splits `--flag value`, `--flag=value` and boolean `--flag` options from the words of a
 * subcommand. Unknown options and a missing value are usage errors (returned as text).
 */
export function splitOptions(
  words: readonly string[],
  spec: { values: readonly string[]; booleans?: readonly string[] },
  context: string,
): { ok: true; positional: string[]; values: Map<string, string>; booleans: Set<string> } | { ok: false; message: string } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const booleans = new Set<string>();
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (!word.startsWith("--")) {
      positional.push(word);
      continue;
    }
    const equals = word.indexOf("=");
    const flag = equals > 0 ? word.slice(0, equals) : word;
    if (spec.booleans?.includes(flag)) {
      if (equals > 0) return { ok: false, message: `${flag} takes no value` };
      booleans.add(flag);
      continue;
    }
    if (!spec.values.includes(flag)) return { ok: false, message: `unknown option ${quoted(word)} for ${context}` };
    const value = equals > 0 ? word.slice(equals + 1) : words[++index];
    // `--since --limit 5` is a forgotten value, not a time called "--limit".
    if (value === undefined || (equals < 0 && value.startsWith("--"))) return { ok: false, message: `${flag} needs a value` };
    if (values.has(flag)) return { ok: false, message: `${flag} given twice` };
    values.set(flag, value);
  }
  return { ok: true, positional, values, booleans };
}

/** The server-configuration arguments among parsed option values, for loadConfig. */
export function configArgsOf(values: ReadonlyMap<string, string>): string[] {
  const args: string[] = [];
  for (const flag of CONFIG_FLAGS) {
    const value = values.get(flag);
    if (value !== undefined) args.push(flag, value);
  }
  return args;
}
