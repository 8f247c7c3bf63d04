/**
 * Guards the rule that bot code reads time and randomness only through the injected clock and
 * seeded streams: a stray `Math.random` or `Date.now` would silently break replay.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = import.meta.dir;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Where each real-world API may appear, and nowhere else. */
const ALLOWED: Record<string, readonly string[]> = {
  "Math.random": [],
  "Date.now": [],
  "new Date": [],
  // Real time itself is read by `time/` (the clock and the real driver); bots only take it from there.
  "performance.now": ["bench-runtime.ts"],
  setTimeout: ["bench-runtime.ts"],
  setInterval: [],
  setImmediate: [],
  // The bot process's own CPU and memory, for reports.
  "process.": ["bench-runtime.ts", "host.ts"],
  'from "node:': [],
  // The TCP transport is the one place bots open sockets.
  "Bun.": ["tcp-transport.ts"],
};

test("bot code reaches real time, randomness and the platform only where allowed", () => {
  const files = sources(ROOT);
  expect(files.length).toBeGreaterThan(15);
  const violations: string[] = [];
  for (const file of files) {
    const name = relative(ROOT, file);
    // Comments may name the forbidden APIs; code may not.
    const code = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    for (const [api, allowedIn] of Object.entries(ALLOWED)) {
      if (code.includes(api) && !allowedIn.includes(name)) violations.push(`${name}: ${api}`);
    }
  }
  expect(violations).toEqual([]);
});
