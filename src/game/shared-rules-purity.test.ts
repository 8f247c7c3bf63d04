/**
 * The shared rules are bundled into the browser client, run in map workers and in bot processes,
 * so they stay pure: no DOM, Node or Bun API, no clock, no randomness of their own, and imports
 * only of their own files, each other's faces, the protocol's face, the seeded random streams'
 * face and (type-only) the content tables' face. The shared rules are every game context the
 * browser client imports, and what those import in turn: the second test keeps the list honest
 * as the client grows, the first keeps it closed.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Folders under `src/game/` (and `src/random`, which they draw from), each with its reason. */
const SHARED_RULES = {
  movement: "the client predicts steps with checkStep",
  area: "the client's 3×3 window of blocks",
  "map-json": "the client reads GET /api/map/:id",
  character: "the record's slot counts, units per stack and gold caps",
  staff: "the character record names its staff standing",
  items: "the client's skill names, gold slot and inventory slots",
  messages: "the client words the server's locale lines",
  "character-creation": "the creation form's choices and checks",
  "character-sheet": "the character window shows the server's MiniStats fields",
  vitals: "the ghost's body",
  inventory: "imported by vitals",
  commerce: "imported by messages",
  faction: "imported by messages (the safe toggle's refusal)",
  progression: "imported by messages (thousands as VB6 groups them)",
  "vb-math": "imported by character-creation and vitals",
  "../random": "imported by vitals (seeded streams, never Math.random)",
} as const;
const SHARED_FOLDERS = Object.keys(SHARED_RULES);
const GAME_FACES = SHARED_FOLDERS.filter((folder) => !folder.startsWith("../"));
const ALLOWED_FOREIGN = new RegExp(`^\\.\\./(${GAME_FACES.join("|")})/index\\.ts$|^\\.\\./\\.\\./(protocol|random)/index\\.ts$`);
/** Content is read by its loaders (files); the rules see its row types only. */
const TYPE_ONLY_FOREIGN = /^\.\.\/\.\.\/content\/dat\/index\.ts$/;

/** Source without comments (they may name what the code must not use). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

function libraryFiles(dir: string): string[] {
  return readdirSync(dir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".test-support.ts") && file !== "test-fixtures.ts");
}

test("shared rules use no platform API and import only pure faces", () => {
  let files = 0;
  for (const folder of SHARED_FOLDERS) {
    const dir = join(import.meta.dir, folder);
    for (const name of libraryFiles(dir)) {
      files++;
      const source = code(join(dir, name));
      const file = `${folder}/${name}`;
      const runtime = source.match(/(?<![\w./-])(document|window|navigator|localStorage|WebSocket|requestAnimationFrame|performance|Date\.now|Math\.random|Bun|process|Buffer|require|setTimeout|setInterval)\s*[.(]/g) ?? [];
      expect({ file, runtime }).toEqual({ file, runtime: [] });
      const imports = [...source.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gm)].map((match) => ({ typeOnly: match[2] !== undefined, path: match[3]! }));
      const foreign = imports
        .filter(({ path }) => !/^\.\/[\w-]+\.ts$/.test(path) && !ALLOWED_FOREIGN.test(path))
        .filter(({ path, typeOnly }) => !(typeOnly && TYPE_ONLY_FOREIGN.test(path)))
        .map(({ path, typeOnly }) => (typeOnly ? `type ${path}` : path));
      expect({ file, foreign }).toEqual({ file, foreign: [] });
    }
  }
  expect(files).toBeGreaterThanOrEqual(SHARED_FOLDERS.length * 2);
});

test("every game context the browser client imports is a shared rule", () => {
  const client = join(import.meta.dir, "..", "client");
  const imported = new Set<string>();
  for (const name of libraryFiles(client)) {
    for (const match of code(join(client, name)).matchAll(/from\s+"\.\.\/game\/([\w-]+)\/index\.ts"/g)) imported.add(match[1]!);
  }
  expect(imported.size).toBeGreaterThan(3);
  expect([...imported].filter((folder) => !GAME_FACES.includes(folder)).sort()).toEqual([]);
});
