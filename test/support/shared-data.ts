/**
 * Locates the shared original AO data for tests (env AO_SHARED_DATA, default `../shared/data`
 * relative to the repo root). Missing data fails the test in CI and skips it elsewhere.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const REPO_ROOT = resolve(import.meta.dir, "../..");

export const SHARED_DATA_DIR = resolve(REPO_ROOT, process.env.AO_SHARED_DATA ?? "../shared/data");

/** Absolute path of a file under the shared data folder. */
export function sharedDataPath(...parts: string[]): string {
  return join(SHARED_DATA_DIR, ...parts);
}

/**
 * True when every file exists. Otherwise: throws when CI === "true" (the test must fail), else
 * prints why and returns false so the caller can skip.
 */
export function requireSharedData(...relativePaths: string[]): boolean {
  const missing = relativePaths.filter((p) => !existsSync(sharedDataPath(p)));
  if (missing.length === 0) return true;
  const message = `shared AO data missing under ${SHARED_DATA_DIR}: ${missing.join(", ")} (set AO_SHARED_DATA)`;
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`skipping: ${message}`);
  return false;
}

export function readSharedData(relativePath: string): Uint8Array {
  return readFileSync(sharedDataPath(relativePath));
}
