/**
 * Time and randomness run in map workers, bot processes and maybe the browser, and replays rest
 * on them: their library files import nothing but their own folder, use no Node or Bun API, and
 * touch real time only in the two places made for it.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = join(import.meta.dir, "..");
const CONTEXTS = ["time", "random"] as const;

function libraryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return libraryFiles(join(dir, entry.name));
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [join(dir, entry.name)] : [];
  });
}

/** Code without its comments: comments may name what code may not use. */
function codeOf(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "");
}

/** Where each real-world API may appear (paths below `src/`), and nowhere else. */
const ALLOWED: Record<string, readonly string[]> = {
  "Math.random": [],
  "Date.now": [],
  "new Date": [],
  "performance.now": ["time/clock.ts"],
  setTimeout: ["time/real-driver.ts"],
  clearTimeout: ["time/real-driver.ts"],
  setImmediate: ["time/real-driver.ts"],
  clearImmediate: ["time/real-driver.ts"],
  setInterval: [],
};

/** Runtime-specific globals, allowed nowhere. */
const RUNTIME_GLOBAL = /\b(Bun|process|Buffer|require|__dirname|Deno)\s*[.(]/g;

test("time and random import only their own folder and no runtime", () => {
  for (const context of CONTEXTS) {
    const files = libraryFiles(join(SRC, context));
    expect(files.length).toBeGreaterThan(context === "time" ? 8 : 1);
    for (const file of files) {
      const name = relative(SRC, file);
      const code = codeOf(file);
      const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
      // "./x.ts" stays in the folder; "../" or a bare name ("bun", "node:fs", a package) leaves it.
      const foreign = specifiers.filter((specifier) => !specifier.startsWith("./"));
      expect({ name, foreign }).toEqual({ name, foreign: [] });
      expect({ name, runtime: code.match(RUNTIME_GLOBAL) ?? [] }).toEqual({ name, runtime: [] });
    }
  }
});

test("only the clock and the real driver reach real time; nothing reaches Math.random", () => {
  const violations: string[] = [];
  for (const context of CONTEXTS) {
    for (const file of libraryFiles(join(SRC, context))) {
      const name = relative(SRC, file);
      const code = codeOf(file);
      for (const [api, allowedIn] of Object.entries(ALLOWED)) {
        if (code.includes(api) && !allowedIn.includes(name)) violations.push(`${name}: ${api}`);
      }
    }
  }
  expect(violations).toEqual([]);
});

test("both faces bundle for the browser without Node modules", async () => {
  for (const context of CONTEXTS) {
    const result = await Bun.build({ entrypoints: [join(SRC, context, "index.ts")], target: "browser" });
    expect(result.success).toBe(true);
    const code = await result.outputs[0]!.text();
    expect(code).not.toContain("node:");
  }
});
