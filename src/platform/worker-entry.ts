/**
 * Where a worker entry file is, under `bun run`/`bun test` and inside the compiled executable.
 * The build (src/tools/build.ts) compiles with `--root .`, so Bun embeds every entry under
 * `/$bunfs/root/` at its path from the repository root and a worker is created with
 * `./src/<path>`; elsewhere the file is found next to this module's folder.
 */

/** True inside an executable made by `bun build --compile`. */
export function isCompiledExecutable(): boolean {
  return import.meta.url.includes("$bunfs") || import.meta.url.includes("~BUN");
}

/** The specifier for `new Worker(...)` of `src/<pathFromSrc>`, e.g. `workerEntry("map/worker.ts")`. */
export function workerEntry(pathFromSrc: string): string {
  if (isCompiledExecutable()) return `./src/${pathFromSrc}`;
  return new URL(`../${pathFromSrc}`, import.meta.url).href;
}
