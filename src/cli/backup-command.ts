/**
 * `argentum backup --out FILE` and `argentum restore FILE`: a consistent dump of the game
 * database (PGlite or Postgres, whatever `--database-url` / the data folder names, like `admin`)
 * and its load into an empty database. The format is our own JSON lines (src/db/backup.ts says
 * why and what), the same for both backends, so a backup of one restores into the other.
 *
 * On the embedded database both take the data folder's lock: a running server holds it, so they
 * run while the server is stopped. On Postgres a backup reads one snapshot while a server runs.
 * A backup file holds every account's email and password hash: it is written with mode 0600,
 * first under a `.partial` name, renamed only once complete, so a crash never leaves a cut file
 * under the real name. Both write an audit row (`backup`, `restore`, actor kind `cli`).
 */
import { open, rename, rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfig, type ServerConfig } from "../config/index.ts";
import { restoreDatabase, type AuditActor } from "../db/index.ts";
import { actorProblem, cliActor, configArgsOf, CONFIG_FLAGS, lockDataFolder, openForAdmin, quoted, Refusal, reportingFailures, splitOptions, toolLogger } from "./admin-database.ts";
import type { CliIo, Command } from "./command.ts";

/** Lines are gathered into writes of about this size. */
const WRITE_CHUNK_BYTES = 1 << 20;
/** Owner read and write only: the file holds password hashes and emails. */
const BACKUP_FILE_MODE = 0o600;

const CONFIG_USAGE = `  --database-url URL / DATABASE_URL   Postgres; without it the embedded database in the data folder
  --data-dir DIR / AO_DATA_DIR        the data folder (default ./data)
  --log-level LEVEL / AO_LOG_LEVEL    database log lines on stderr (default warn)
  --actor NAME                        who the audit log names (default the OS user)`;

const BACKUP_USAGE = `usage: argentum backup --out FILE [--force] [options]

Writes a backup of the whole game database (accounts, characters, vaults, staff ranks, bans,
mutes, jail, warnings, punishments, reports, the audit log, the world identity, leases) to
FILE, read in one snapshot: consistent even while a server writes to Postgres. On the embedded
database the server must be stopped (the command takes the data folder's lock).

  --out FILE   where to write; - writes to stdout. The file is created with mode 0600 (it holds
               password hashes), written as FILE.partial and renamed once complete
  --force      replace FILE if it exists (otherwise an existing file is refused)

The format is JSON lines, the same for PGlite and Postgres; argentum restore loads it into an
empty database of either.

${CONFIG_USAGE}

Exit code: 0 done, 1 refused or failed (FILE untouched), 2 bad usage.
`;

const RESTORE_USAGE = `usage: argentum restore FILE [options]

Loads a backup written by argentum backup into an EMPTY database: a data folder no server has
started on (created if missing), or an empty Postgres database (createdb it first). A database
with any rows is refused, as are a damaged file (its checksum) and a backup of a newer build.
A backup of an older build is loaded at its schema version, then the newer migrations run.
Everything is one transaction: the whole backup is restored, or nothing. The audit log comes
back as it was (still append-only) with a "restore" row added. FILE - reads stdin.

${CONFIG_USAGE}

Exit code: 0 done, 1 refused or failed (nothing written), 2 bad usage.
`;

/** Buffered, awaited writes to a file handle. */
function chunkedWriter(write: (text: string) => Promise<void>) {
  let pending: string[] = [];
  let size = 0;
  return {
    async line(text: string) {
      pending.push(text);
      size += text.length;
      if (size >= WRITE_CHUNK_BYTES) await this.flush();
    },
    async flush() {
      if (pending.length === 0) return;
      const text = pending.join("");
      pending = [];
      size = 0;
      await write(text);
    },
  };
}

function parseToolArgs(argv: readonly string[], spec: { values: string[]; booleans: string[] }, context: string) {
  const split = splitOptions(argv, { values: [...CONFIG_FLAGS.filter((flag) => flag !== "--world"), "--actor", ...spec.values], booleans: spec.booleans }, context);
  if (!split.ok) return split;
  const actor = split.values.get("--actor");
  if (actor !== undefined) {
    const problem = actorProblem(actor);
    if (problem !== null) return { ok: false as const, message: problem };
  }
  return split;
}

function configFor(values: ReadonlyMap<string, string>, io: CliIo, prefix: string): ServerConfig | null {
  const args = configArgsOf(values);
  const quiet = args.includes("--log-level") || process.env.AO_LOG_LEVEL ? [] : ["--log-level", "warn"];
  const loaded = loadConfig([...quiet, ...args], process.env);
  if (!loaded.ok) {
    io.err(`${prefix}: ${loaded.error.message}\n`);
    return null;
  }
  return loaded.config;
}

async function runBackup(config: ServerConfig, io: CliIo, actor: AuditActor, out: string, force: boolean): Promise<number> {
  const toStdout = out === "-";
  const path = toStdout ? "-" : resolve(out);
  if (!toStdout && !force) {
    const existing = await stat(path).catch(() => null);
    if (existing) throw new Refusal(`${path} exists; pass --force to replace it`);
  }
  const opened = await openForAdmin(config, "argentum backup", io, { prefix: "argentum backup" });
  const partial = `${path}.partial`;
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    if (!toStdout) {
      try {
        handle = await open(partial, "wx", BACKUP_FILE_MODE);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new Refusal(code === "EEXIST" ? `${partial} exists (another backup running, or one that crashed): remove it first` : `cannot write ${partial}: ${code ?? (error as Error).message}`);
      }
    }
    const file = handle;
    const writer = chunkedWriter(async (text) => {
      if (file) await file.write(text);
      else io.out(text);
    });
    let summary;
    try {
      summary = await opened.database.dump((line) => writer.line(line));
      await writer.flush();
      if (file) {
        await file.sync();
        await file.close();
        handle = null;
        await rename(partial, path);
      }
    } catch (error) {
      if (handle) await handle.close().catch(() => {});
      handle = null;
      if (!toStdout) await rm(partial, { force: true });
      throw error;
    }
    const tables = Object.fromEntries(summary.tables.map((table) => [table.name, table.rows]));
    await opened.database.audit.append({
      actor,
      action: "backup",
      target: { kind: "database", name: path },
      params: { file: path, rows: summary.rows, tables, sha256: summary.sha256 },
      outcome: "ok",
    });
    const line = JSON.stringify({ file: path, createdAt: summary.createdAt.toISOString(), rows: summary.rows, tables, sha256: summary.sha256 });
    if (toStdout) io.err(`argentum backup: ${line}\n`);
    else io.out(`${line}\n`);
    return 0;
  } finally {
    await opened.close();
  }
}

async function readInput(file: string): Promise<{ path: string; text: string }> {
  if (file === "-") return { path: "-", text: await new Response(Bun.stdin.stream()).text() };
  const path = resolve(file);
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new Refusal(`cannot read ${path}: ${error.code ?? error.message}`);
  });
  if (!info.isFile()) throw new Refusal(`${path} is not a file`);
  return { path, text: await Bun.file(path).text() };
}

async function runRestore(config: ServerConfig, io: CliIo, actor: AuditActor, file: string): Promise<number> {
  const input = await readInput(file);
  const lock = await lockDataFolder(config, "argentum restore", io, { create: true, prefix: "argentum restore" });
  try {
    const outcome = await restoreDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir), logger: toolLogger(config) }, input.text, { actor, file: input.path });
    switch (outcome.kind) {
      case "ok":
        io.out(`${JSON.stringify({ file: input.path, rows: outcome.rows, tables: Object.fromEntries(outcome.tables.map((table) => [table.name, table.rows])), migratedFrom: outcome.migratedFrom.length })}\n`);
        return 0;
      case "not_empty":
        throw new Refusal(`the database is not empty (${outcome.tables.map((table) => `${table.name}: ${table.rows} rows`).join(", ")}); restore into an empty one`);
      case "refused":
        throw new Refusal(`${input.path === "-" ? "stdin" : input.path}: ${outcome.message}`);
    }
    return 1;
  } finally {
    await lock?.release();
  }
}

export const backupCommand: Command = {
  name: "backup",
  summary: "write a consistent backup of the game database to a file",
  usage: BACKUP_USAGE,
  async run(argv, io) {
    const prefix = "argentum backup";
    const split = parseToolArgs(argv, { values: ["--out"], booleans: ["--force"] }, "backup");
    if (!split.ok) {
      io.err(`${prefix}: ${split.message}; see argentum backup --help\n`);
      return 2;
    }
    if (split.positional.length > 0) {
      io.err(`${prefix}: unexpected ${quoted(split.positional[0]!)}; see argentum backup --help\n`);
      return 2;
    }
    const out = split.values.get("--out");
    if (out === undefined || out.trim() === "") {
      io.err(`${prefix}: --out FILE is required (- for stdout); see argentum backup --help\n`);
      return 2;
    }
    const config = configFor(split.values, io, prefix);
    if (!config) return 2;
    const actor = cliActor(split.values.get("--actor"), process.env);
    return reportingFailures(prefix, io, () => runBackup(config, io, actor, out, split.booleans.has("--force")));
  },
};

export const restoreCommand: Command = {
  name: "restore",
  summary: "load a backup into an empty database",
  usage: RESTORE_USAGE,
  async run(argv, io) {
    const prefix = "argentum restore";
    const split = parseToolArgs(argv, { values: [], booleans: [] }, "restore");
    if (!split.ok) {
      io.err(`${prefix}: ${split.message}; see argentum restore --help\n`);
      return 2;
    }
    const [file, extra] = split.positional;
    if (file === undefined || extra !== undefined) {
      io.err(`${prefix}: ${file === undefined ? "which backup FILE?" : `unexpected ${quoted(extra!)}`}; see argentum restore --help\n`);
      return 2;
    }
    const config = configFor(split.values, io, prefix);
    if (!config) return 2;
    const actor = cliActor(split.values.get("--actor"), process.env);
    return reportingFailures(prefix, io, () => runRestore(config, io, actor, file));
  },
};
