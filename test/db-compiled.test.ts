/**
 * The server ships as one `bun build --compile` executable. This compiles a small entry that
 * uses the database the way the server does, runs it from an empty directory (no node_modules,
 * no migrations/ folder, no PGlite files next to it) and checks that PGlite starts, migrates,
 * stores and finds data again on a second run.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dir, "..");
const scratch = mkdtempSync(join(tmpdir(), "argentum-db-compiled-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Compiling takes a few seconds; a first PGlite start runs initdb (5-16 s on slow machines). */
const COMPILED_TEST_TIMEOUT_MS = 180_000;

interface SmokeReport {
  backend?: string;
  openMs?: number;
  accountCreated?: string;
  level?: number;
  saved?: string;
  rssMiB?: number;
  error?: string;
}

function runSmoke(executable: string, cwd: string, dataDir: string): SmokeReport {
  const run = Bun.spawnSync([executable, dataDir], { cwd, stdout: "pipe", stderr: "pipe" });
  const stdout = run.stdout.toString().trim();
  if (run.exitCode !== 0) throw new Error(`smoke run failed (exit ${run.exitCode}): ${stdout} ${run.stderr.toString()}`);
  return JSON.parse(stdout.split("\n").at(-1) ?? "{}") as SmokeReport;
}

test(
  "a compiled executable opens PGlite from embedded files, migrates and persists",
  () => {
    const executable = join(scratch, "db-smoke");
    const build = Bun.spawnSync(
      [process.execPath, "build", "--compile", "test/fixtures/db-smoke.ts", "src/db/pglite-worker.ts", "--outfile", executable],
      { cwd: repoRoot, stdout: "pipe", stderr: "pipe" },
    );
    expect(build.exitCode, build.stderr.toString()).toBe(0);

    const emptyDir = join(scratch, "run");
    mkdirSync(emptyDir);
    const dataDir = join(emptyDir, "data");
    const first = runSmoke(executable, emptyDir, dataDir);
    expect(first).toMatchObject({ backend: "pglite", accountCreated: "ok", level: 1, saved: "ok" });
    const second = runSmoke(executable, emptyDir, dataDir);
    expect(second).toMatchObject({ backend: "pglite", accountCreated: "email_taken", level: 2, saved: "ok" });
    console.log(`[compiled] PGlite open: first start ${first.openMs} ms (rss ${first.rssMiB} MiB), restart ${second.openMs} ms (rss ${second.rssMiB} MiB)`);
  },
  COMPILED_TEST_TIMEOUT_MS,
);
