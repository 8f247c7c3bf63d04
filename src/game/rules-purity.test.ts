/**
 * The item, combat and spell rules are pure: no platform API, no clock, no `Math.random`
 * (randomness comes in as a `Random`), and no runtime import of the content parsers (content
 * types are imported type-only). Other contexts are entered through their faces
 * (`src/faces.test.ts`); the shared rules have their own, stricter check
 * (`shared-rules-purity.test.ts`).
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Each group of rule contexts (folders under `src/game/`) and how many source files it has at least. */
const RULES = [
  { rules: "item rules", folders: ["items", "inventory", "equipment", "item-use", "ground", "commerce"], minFiles: 12 },
  { rules: "combat rules", folders: ["combat"], minFiles: 8 },
  { rules: "spell rules", folders: ["spells"], minFiles: 10 },
  { rules: "quest rules", folders: ["quests"], minFiles: 4 },
] as const;

/** Source without comments (they may name what the code must not use). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

for (const { rules, folders, minFiles } of RULES) {
  test(`${rules} use no platform API and import content types only`, () => {
    let files = 0;
    for (const folder of folders) {
      const dir = join(import.meta.dir, folder);
      for (const name of readdirSync(dir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "test-fixtures.ts")) {
        files++;
        const source = code(join(dir, name));
        const file = `${folder}/${name}`;
        const runtime = source.match(/(?<![\w./-])(document|window|navigator|localStorage|WebSocket|performance|Date\.now|Date\(|Math\.random|Bun|process|Buffer|require|setTimeout|setInterval)\s*[.(]/g) ?? [];
        expect({ file, runtime }).toEqual({ file, runtime: [] });
        const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1]!);
        const platform = valueImports.filter((path) => path.startsWith("node:") || path.startsWith("bun"));
        const content = valueImports.filter((path) => path.includes("/content/"));
        expect({ file, platform, content }).toEqual({ file, platform: [], content: [] });
      }
    }
    expect(files).toBeGreaterThanOrEqual(minFiles);
  });
}
