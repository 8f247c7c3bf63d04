/**
 * The pure modules stay pure (no DOM, no Node or Bun APIs) so tests and bots can run them, and
 * the page bundles for the browser without anything server-side.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const here = import.meta.dir;

/** Modules with no DOM: exported by index.ts. */
const PURE = [
  "action-bars.ts",
  "altered-states.ts",
  "animation.ts",
  "ao-sprites.ts",
  "bank-rules.ts",
  "camera.ts",
  "character-sheet-rules.ts",
  "chat-input.ts",
  "client-outbox.ts",
  "client-session.ts",
  "combat-rules.ts",
  "constants.ts",
  "creation-options.ts",
  "direction-keys.ts",
  "game-state.ts",
  "index.ts",
  "inventory-rules.ts",
  "key-ring-rules.ts",
  "map-grid.ts",
  "map-terrain.ts",
  "packet-reducer.ts",
  "prediction.ts",
  "procedural-art.ts",
  "service-keys.ts",
  "shop-rules.ts",
  "skills-rules.ts",
  "rest-rules.ts",
  "spell-effects.ts",
  "spell-rules.ts",
  "sprite-index.ts",
  "staff-form-rules.ts",
  "status-rules.ts",
  "target-rules.ts",
  "trade-rules.ts",
  "trainer-rules.ts",
  "hotkey-rules.ts",
  "ui-text.ts",
  "world-info.ts",
];

/** Source without comments (they may name what the code must not use). */
function code(file: string): string {
  return readFileSync(join(here, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

test("pure modules use no DOM, Node or Bun API and import only pure code", () => {
  for (const file of PURE) {
    const source = code(file);
    const runtime = source.match(/(?<![\w./-])(document|window|navigator|localStorage|WebSocket|requestAnimationFrame|performance|Date\.now|Math\.random|Bun|process|Buffer|require)\s*[.(]/g) ?? [];
    expect({ file, runtime }).toEqual({ file, runtime: [] });
    const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
    const foreign = imports.filter((path) => !path.startsWith("./") && !/^\.\.\/(protocol|game\/(character|character-creation|character-sheet|movement|area|map-json|messages|items|vitals)|content\/(pack|graphics|maps))\/index\.ts$/.test(path));
    expect({ file, foreign }).toEqual({ file, foreign: [] });
    for (const path of imports.filter((p) => p.startsWith("./"))) expect({ file, path, pure: PURE.includes(path.slice(2)) }).toEqual({ file, path, pure: true });
  }
});

test("imports of the content context are type-only in pure modules (its loaders read files)", () => {
  for (const file of PURE) {
    const source = code(file);
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*from\s+"\.\.\/content\/[^"]+";/gm)].map((m) => m[0]);
    expect({ file, valueImports }).toEqual({ file, valueImports: [] });
  }
});

test("the page bundles for the browser with no server code in it", async () => {
  const result = await Bun.build({ entrypoints: [join(here, "index.html")], target: "browser", minify: true });
  expect(result.success).toBe(true);
  const kinds = result.outputs.map((output) => output.kind).sort();
  expect(kinds).toEqual(["asset", "entry-point", "entry-point"]);
  for (const output of result.outputs) {
    const text = await output.text();
    expect(text).not.toContain("node:");
    expect(text).not.toContain("ZodError");
  }
});
