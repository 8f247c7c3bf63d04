/**
 * Start-up failures as an operator meets them: the real command, one line on stderr naming the
 * setting, the documented exit code, and the same line nowhere else (not again as JSON).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const REPO = resolve(import.meta.dir, "..");
const scratch = mkdtempSync(join(tmpdir(), "argentum-startup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function serve(args: string[]) {
  const run = Bun.spawnSync([process.execPath, "src/main.ts", "serve", "--data-dir", join(scratch, "data"), "--tcp-port", "0", "--http-port", "0", ...args], {
    cwd: REPO,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, AO_LOG_LEVEL: "info" },
  });
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

describe("start-up errors", () => {
  test("a missing world: exit 1, one line naming --world, printed once", () => {
    const missing = join(scratch, "no-such-world");
    const run = serve(["--world", missing]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith("argentum: --world / AO_WORLD: ");
    expect(lines[0]).toContain(missing);
    expect(run.stdout).not.toContain(missing);
  }, 60_000);

  test("a bad setting: exit 2, one line naming the flag and the variable", () => {
    const run = serve(["--min-password-length", "0"]);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("--min-password-length / AO_MIN_PASSWORD_LENGTH");
    expect(run.stdout).toBe("");
  }, 60_000);
});
