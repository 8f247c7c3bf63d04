import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acquireDataLock, DATA_LOCK_FILE, dataLockHolder } from "./data-lock.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "argentum-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that surely runs no process: one that just exited. */
function deadPid(): number {
  const child = Bun.spawnSync(["true"]);
  return child.pid;
}

function writeLock(content: object | string): void {
  writeFileSync(join(dir, DATA_LOCK_FILE), typeof content === "string" ? content : JSON.stringify(content));
}

describe("data folder lock", () => {
  test("the first taker holds it; a second is told who, until the first releases it", async () => {
    const first = await acquireDataLock(dir, "argentum serve");
    if (!first.ok) throw new Error(first.message);
    expect(first.tookOver).toBeNull();
    const written = JSON.parse(readFileSync(join(dir, DATA_LOCK_FILE), "utf8"));
    expect(written).toMatchObject({ pid: process.pid, command: "argentum serve" });

    const second = await acquireDataLock(dir, "argentum admin character give");
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.message).toBe(`data folder ${dir} is in use by process ${process.pid} (argentum serve, started ${written.startedAt})`);
    expect((await dataLockHolder(dir))?.pid).toBe(process.pid);

    await first.lock.release();
    await first.lock.release();
    expect(existsSync(join(dir, DATA_LOCK_FILE))).toBe(false);
    expect(await dataLockHolder(dir)).toBeNull();
    const third = await acquireDataLock(dir, "argentum admin character show");
    expect(third.ok).toBe(true);
    if (third.ok) await third.lock.release();
    // No temporary or set-aside files are left behind.
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a lock whose process is gone is taken over, and the caller is told whose it was", async () => {
    const pid = deadPid();
    writeLock({ pid, command: "argentum serve", startedAt: "2020-01-01T00:00:00.000Z", processStart: null, hostname: "h", token: "old" });
    const outcome = await acquireDataLock(dir, "argentum serve");
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.tookOver).toMatchObject({ pid, token: "old" });
    expect(JSON.parse(readFileSync(join(dir, DATA_LOCK_FILE), "utf8")).pid).toBe(process.pid);
    await outcome.lock.release();
  });

  test("our own pid with a token we never took is stale (a restarted container's server is pid 1 again)", async () => {
    writeLock({ pid: process.pid, command: "argentum serve", startedAt: "x", processStart: null, hostname: "h", token: "previous-life" });
    const outcome = await acquireDataLock(dir, "argentum serve");
    expect(outcome.ok && outcome.tookOver !== null).toBe(true);
    if (outcome.ok) await outcome.lock.release();
  });

  test.if(existsSync("/proc/1/stat"))("a live pid that started at another time is a reused pid: stale", async () => {
    // pid 1 runs, but never started at tick -1.
    writeLock({ pid: 1, command: "argentum serve", startedAt: "x", processStart: "-1", hostname: "h", token: "t" });
    const reused = await acquireDataLock(dir, "argentum serve");
    if (!reused.ok) throw new Error(reused.message);
    expect(reused.tookOver).toMatchObject({ pid: 1 });
    await reused.lock.release();
  });

  test.if(existsSync("/proc/self/stat"))("a live process holding it is respected", async () => {
    const sleeper = Bun.spawn(["sleep", "30"]);
    try {
      const start = readFileSync(`/proc/${sleeper.pid}/stat`, "utf8").split(") ")[1]!.split(" ")[19]!;
      writeLock({ pid: sleeper.pid, command: "argentum serve", startedAt: "2024-05-01T10:00:00.000Z", processStart: start, hostname: "h", token: "t" });
      const outcome = await acquireDataLock(dir, "argentum admin character show");
      expect(outcome).toMatchObject({ ok: false, message: `data folder ${dir} is in use by process ${sleeper.pid} (argentum serve, started 2024-05-01T10:00:00.000Z)` });
    } finally {
      sleeper.kill();
      await sleeper.exited;
    }
    // Once it is gone the lock is stale.
    const after = await acquireDataLock(dir, "argentum serve");
    expect(after.ok).toBe(true);
    if (after.ok) await after.lock.release();
  });

  test("an unreadable lock file is taken over", async () => {
    writeLock("not json at all");
    const outcome = await acquireDataLock(dir, "argentum serve");
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.tookOver).toBe("unreadable");
    await outcome.lock.release();
  });

  test("release leaves a lock that is no longer ours alone", async () => {
    const outcome = await acquireDataLock(dir, "argentum serve");
    if (!outcome.ok) throw new Error(outcome.message);
    writeLock({ pid: 1, command: "someone else", startedAt: "x", processStart: null, hostname: "h", token: "theirs" });
    await outcome.lock.release();
    expect(JSON.parse(readFileSync(join(dir, DATA_LOCK_FILE), "utf8")).token).toBe("theirs");
  });

  test("a folder that cannot be written: a clear line", async () => {
    const outcome = await acquireDataLock(join(dir, "missing", "deeper"), "argentum serve");
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toContain("cannot create the lock");
  });
});
