#!/usr/bin/env node
// The npm entry point: makes sure the pinned Bun and every dependency are installed, then runs
// the requested task with that Bun. It is plain Node.js on purpose, because on a fresh clone
// Node.js and npm are all there is.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bunBinary = join(repoRoot, "node_modules", "bun", "bin", "bun.exe");

function log(message) {
  process.stderr.write(`[argentum] ${message}\n`);
}

function isInstallCurrent() {
  const installedLock = join(repoRoot, "node_modules", ".package-lock.json");
  if (!existsSync(bunBinary) || !existsSync(installedLock)) return false;
  const manifests = ["package.json", "package-lock.json"].map((name) => join(repoRoot, name)).filter(existsSync);
  const installedAt = statSync(installedLock).mtimeMs;
  if (manifests.some((file) => statSync(file).mtimeMs > installedAt)) return false;
  return spawnSync(bunBinary, ["--version"], { stdio: "ignore" }).status === 0;
}

function ensureInstalled() {
  if (isInstallCurrent()) return;
  log("installing dependencies (pinned Bun included) with npm ...");
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0 || !existsSync(bunBinary)) {
    log("npm install failed; see the output above");
    process.exit(result.status || 1);
  }
}

/** Runs Bun with the given arguments, forwarding termination signals, and resolves to its exit code. */
function runBun(args, options = {}) {
  return new Promise((resolveExit) => {
    const child = spawn(bunBinary, args, { cwd: repoRoot, stdio: "inherit", ...options });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolveExit(code ?? (signal ? 128 + 1 : 1));
    });
  });
}

/** Bun prints its own summary; CI reads a plain "N passed, N failed" line, taken from the JUnit report. */
async function runTests(args) {
  const reportDir = mkdtempSync(join(tmpdir(), "argentum-test-"));
  const reportFile = join(reportDir, "junit.xml");
  // bunfig's [test] timeout is not read by this Bun; integration tests start servers and databases.
  // Test files run in one worker process per core (each test server and database is its own, so
  // files never share one); AO_TEST_WORKERS=1 runs them one after another.
  const workers = Number(process.env.AO_TEST_WORKERS) >= 1 ? Math.floor(Number(process.env.AO_TEST_WORKERS)) : availableParallelism();
  const parallel = workers > 1 ? [`--parallel=${workers}`] : [];
  const code = await runBun(["test", "--timeout=60000", ...parallel, "--reporter=junit", `--reporter-outfile=${reportFile}`, ...args]);
  if (existsSync(reportFile)) {
    const xml = readFileSync(reportFile, "utf8");
    const root = /<testsuites\b[^>]*>/.exec(xml)?.[0] ?? "";
    const attribute = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? 0);
    const total = attribute("tests");
    const failed = attribute("failures") + attribute("errors");
    const skipped = attribute("skipped");
    process.stdout.write(`\n${total - failed - skipped} passed, ${failed} failed, ${skipped} skipped\n`);
    if (total === 0) {
      log("no test ran");
      rmSync(reportDir, { recursive: true, force: true });
      return 1;
    }
  }
  rmSync(reportDir, { recursive: true, force: true });
  return code;
}

const [task = "serve", ...rest] = process.argv.slice(2);
ensureInstalled();
let exitCode;
switch (task) {
  case "test":
    exitCode = await runTests(rest);
    break;
  case "build":
    exitCode = await runBun(["run", "src/tools/build.ts", ...rest]);
    break;
  case "typecheck":
    exitCode = await runBun(["x", "tsc", "--noEmit", "-p", "."]);
    break;
  default:
    exitCode = await runBun(["src/main.ts", task, ...rest]);
}
process.exit(exitCode);
