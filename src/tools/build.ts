/**
 * Builds the one executable, dist/argentum. Every worker entry is named on the command line so
 * the compiled binary carries it (a worker file missing from the binary would otherwise only
 * fail at run time); files imported `with { type: "file" }` (PGlite's wasm and data, the
 * default world) are embedded by the bundler.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dir, "..", "..");
/** Worker entry points, relative to the repository root. */
export const WORKER_ENTRIES = ["src/map/worker.ts", "src/db/pglite-worker.ts"] as const;

const outfile = join(repoRoot, "dist", "argentum");
mkdirSync(join(repoRoot, "dist"), { recursive: true });
// `--root .` keeps every entry at its repository path inside the binary (src/platform/worker-entry.ts).
const args = ["build", "--compile", "--minify", "--sourcemap", "--root", ".", "src/main.ts", ...WORKER_ENTRIES, "--outfile", outfile];
console.error(`[build] bun ${args.join(" ")}`);
const child = Bun.spawnSync([process.execPath, ...args], { cwd: repoRoot, stdout: "inherit", stderr: "inherit" });
if (child.exitCode !== 0) {
  console.error(`[build] failed with exit code ${child.exitCode}`);
  process.exit(child.exitCode ?? 1);
}
console.error(`[build] wrote ${outfile}`);
