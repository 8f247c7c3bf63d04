/**
 * The data folder's lock: one process at a time works on a data folder (the embedded database
 * lives there, and two PGlite instances on one folder corrupt it). A running server holds
 * `argentum.lock`; tools that write the embedded database (the admin command) take it too, and
 * whoever comes second is told who holds it.
 *
 * The file is written completely under a temporary name and then hard-linked into place, which
 * fails when a lock exists: a reader never sees half a lock. A lock whose process is gone (a
 * crash, `kill -9`, a container restart where the new server is pid 1 again) is stale and is
 * taken over, and the caller logs a warning.
 */
import { link, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export const DATA_LOCK_FILE = "argentum.lock";
/** A lock replaced by another process between our look and our take-over: start again, this often. */
const TAKE_OVER_ATTEMPTS = 3;

/** What the lock file says about its holder. */
export interface DataLockHolder {
  pid: number;
  /** What holds it, e.g. "argentum serve". */
  command: string;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** The holder's start time in clock ticks since boot (/proc/PID/stat field 22), when known: tells a reused pid apart. */
  processStart: string | null;
  hostname: string;
  /** Random per acquisition; release removes the file only while it still holds this token. */
  token: string;
}

export interface DataLock {
  readonly path: string;
  readonly holder: DataLockHolder;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): Promise<void>;
}

export type AcquireDataLockOutcome =
  | { ok: true; lock: DataLock; /** The stale lock taken over, when there was one. */ tookOver: DataLockHolder | "unreadable" | null }
  | { ok: false; message: string; holder: DataLockHolder | null };

/** Tokens of the locks this process holds (two servers in one process, as tests run them). */
const heldTokens = new Set<string>();

export function describeHolder(dataDir: string, holder: DataLockHolder): string {
  return `data folder ${dataDir} is in use by process ${holder.pid} (${holder.command}, started ${holder.startedAt})`;
}

/** Takes the data folder's lock for `command`, or says who holds it. */
export async function acquireDataLock(dataDir: string, command: string): Promise<AcquireDataLockOutcome> {
  const path = join(dataDir, DATA_LOCK_FILE);
  const holder: DataLockHolder = {
    pid: process.pid,
    command,
    startedAt: new Date().toISOString(),
    processStart: processStartTicks(process.pid),
    hostname: hostname(),
    token: crypto.randomUUID(),
  };
  const text = `${JSON.stringify(holder, null, 1)}\n`;
  let tookOver: DataLockHolder | "unreadable" | null = null;
  for (let attempt = 0; attempt <= TAKE_OVER_ATTEMPTS; attempt++) {
    const created = await createExclusive(path, text);
    if (created === "created") {
      heldTokens.add(holder.token);
      return { ok: true, lock: heldLock(path, holder), tookOver };
    }
    if (created !== "exists") return { ok: false, message: `cannot create the lock ${path} (${created}); check that the data folder is writable`, holder: null };
    const existing = await readLock(path);
    if (existing === "missing") continue; // released meanwhile
    if (existing !== "unreadable" && isHeld(existing)) return { ok: false, message: describeHolder(dataDir, existing), holder: existing };
    // Stale: move it aside, and make sure what we moved is what we judged (another process may
    // have taken the lock over in between; then its lock goes back).
    const aside = `${path}.stale-${process.pid}-${holder.token}`;
    try {
      await rename(path, aside);
    } catch {
      continue;
    }
    const moved = await readLock(aside);
    const same = existing === "unreadable" ? moved === "unreadable" : moved !== "unreadable" && moved !== "missing" && moved.token === existing.token;
    if (!same) {
      await link(aside, path).catch(() => {});
      await unlink(aside).catch(() => {});
      continue;
    }
    await unlink(aside).catch(() => {});
    tookOver = existing;
  }
  return { ok: false, message: `could not take the lock ${path}: other processes keep replacing it`, holder: null };
}

/** Who holds the data folder's lock, when a live process does. */
export async function dataLockHolder(dataDir: string): Promise<DataLockHolder | null> {
  const existing = await readLock(join(dataDir, DATA_LOCK_FILE));
  return existing !== "missing" && existing !== "unreadable" && isHeld(existing) ? existing : null;
}

function heldLock(path: string, holder: DataLockHolder): DataLock {
  let released: Promise<void> | undefined;
  return {
    path,
    holder,
    release() {
      released ??= (async () => {
        heldTokens.delete(holder.token);
        const current = await readLock(path);
        if (current !== "missing" && current !== "unreadable" && current.token === holder.token) await unlink(path).catch(() => {});
      })();
      return released;
    },
  };
}

async function createExclusive(path: string, text: string): Promise<"created" | "exists" | string> {
  const temporary = `${path}.${process.pid}.${crypto.randomUUID()}.tmp`;
  try {
    await writeFile(temporary, text, { flag: "wx" });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? "error";
  }
  try {
    await link(temporary, path);
    return "created";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return code === "EEXIST" ? "exists" : code;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

async function readLock(path: string): Promise<DataLockHolder | "missing" | "unreadable"> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable";
  }
  try {
    const value = JSON.parse(text) as Partial<DataLockHolder>;
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0 || typeof value.token !== "string") return "unreadable";
    return {
      pid: value.pid!,
      command: typeof value.command === "string" ? value.command : "unknown command",
      startedAt: typeof value.startedAt === "string" ? value.startedAt : "at an unknown time",
      processStart: typeof value.processStart === "string" ? value.processStart : null,
      hostname: typeof value.hostname === "string" ? value.hostname : "",
      token: value.token,
    };
  } catch {
    return "unreadable";
  }
}

/** True while the process that wrote the lock still runs. */
function isHeld(holder: DataLockHolder): boolean {
  // Our own pid: held only if this process took it (a restarted container's server is pid 1
  // again, and finds the lock its previous life left).
  if (holder.pid === process.pid) return heldTokens.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The pid runs; if it started at another time than the holder did, the pid was reused.
  const start = processStartTicks(holder.pid);
  return holder.processStart === null || start === null || start === holder.processStart;
}

/** Start time of a process in clock ticks since boot (Linux /proc), or null elsewhere. */
function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
