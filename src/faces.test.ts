/**
 * The house rule that keeps contexts apart: code enters another context only through its face
 * (`index.ts`), never through a file inside it. A context is a folder directly under `src/`, or
 * a folder with its own `index.ts` under `src/game/` or `src/content/` (each game system and
 * each kind of content is its own context). Files at the top of `src/` (`main.ts`,
 * `version.ts`) belong to no context and may be imported by anyone. Benchmarks (`bench/`)
 * follow the same rule; integration tests (`test/`) may open a context's internals on purpose
 * (the migrator's race, the schema), which is what they test.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const REPO = resolve(import.meta.dir, "..");
const SRC = join(REPO, "src");

/** Faces besides `index.ts`, with the reason they exist. */
const EXTRA_FACES: Record<string, { file: string; why: string }[]> = {
  // index.ts is the client's pure core (state, reducer, prediction) for tools and tests;
  // serve.ts is how the server serves the bundled page, and needs Bun's HTML import.
  client: [{ file: "serve.ts", why: "the server side of the client: routes for the bundled page" }],
  "content/dat": [{ file: "npc-types.ts", why: "the NpcType table: data with no imports, which the game rules read without loading the parsers" }],
  "game/character": [{ file: "character-record.test-support.ts", why: "test support: a plain character record for every context's tests" }],
  random: [{ file: "scripted-random.test-support.ts", why: "test support: a scripted Random for every context's rule tests" }],
  world: [{ file: "fake-service-world.test-support.ts", why: "test support: the world as a main-thread service sees it, for the service tests of world and session" }],
  time: [{ file: "hand-timer.test-support.ts", why: "test support: a hand-driven flush cadence timer for the flush tests of time and net" }],
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The context a file in src/ belongs to ("" for top-level files), or undefined outside src/. */
export function contextOf(file: string): string | undefined {
  const rel = relative(SRC, file);
  if (rel.startsWith("..")) return undefined;
  const parts = rel.split(sep);
  if (parts.length === 1) return "";
  if ((parts[0] === "game" || parts[0] === "content") && parts.length > 2 && existsSync(join(SRC, parts[0], parts[1]!, "index.ts"))) {
    return `${parts[0]}/${parts[1]}`;
  }
  return parts[0]!;
}

function isFace(context: string, target: string): boolean {
  const rel = relative(join(SRC, context), target);
  return rel === "index.ts" || (EXTRA_FACES[context] ?? []).some((face) => face.file === rel);
}

const IMPORT = /(?:^|[;\s])(?:import|export)\b[^'"`;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|^import\s+["'](\.{1,2}\/[^"']+)["']/gm;

/** Every relative import in `file` that reaches past another context's face. */
export function reachIns(file: string, text: string): string[] {
  const found: string[] = [];
  const from = contextOf(file);
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3]!;
    const target = resolve(dirname(file), spec);
    const to = contextOf(target);
    if (to === undefined || to === "" || to === from) continue;
    if (isFace(to, target)) continue;
    found.push(`${relative(REPO, file)} -> ${relative(REPO, target)}`);
  }
  return found;
}

describe("contexts are entered through their faces", () => {
  test("no import reaches into another context's inner files (src/, bench/)", () => {
    const files = [SRC, join(REPO, "bench")].flatMap((dir) => sourceFiles(dir));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => reachIns(file, readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  test("test support (`*.test-support.ts`, faces included) is imported by tests, test support and benchmarks only", () => {
    // Benchmarks (bench/) build their worlds the way tests do; shipped code never does.
    const code = sourceFiles(SRC).filter((file) => !/(\.test|\.test-support|\/test-fixtures)\.ts$/.test(file));
    const offenders = code.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((match) => match[1] ?? match[2] ?? match[3]!)
        .filter((spec) => spec.endsWith(".test-support.ts"))
        .map((spec) => `${relative(REPO, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  test("the check itself catches a reach-in and lets a face, a sibling and a top-level file through", () => {
    const file = join(SRC, "map", "systems", "chat.ts");
    const text = [
      'import { x } from "../../session/gateway.ts";',
      'import type { y } from "../../game/movement/step.ts";',
      'export { z } from "../../protocol/index.ts";',
      'import { w } from "../entity-store.ts";',
      'import { v } from "../../version.ts";',
      'const lazy = await import("../../db/schema.ts");',
    ].join("\n");
    expect(reachIns(file, text)).toEqual([
      "src/map/systems/chat.ts -> src/session/gateway.ts",
      "src/map/systems/chat.ts -> src/game/movement/step.ts",
      "src/map/systems/chat.ts -> src/db/schema.ts",
    ]);
  });
});
