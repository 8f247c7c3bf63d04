/**
 * The shared rules (movement, area, map JSON) are bundled into the browser client, run in map
 * workers and in bot processes, so they stay pure: no DOM, Node or Bun API, no clock, no
 * randomness, and imports only of their own files, each other's faces and the protocol's face.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const SHARED_RULES = ["movement", "area", "map-json"] as const;
const ALLOWED_FOREIGN = /^\.\.\/(movement|area|map-json)\/index\.ts$|^\.\.\/\.\.\/protocol\/index\.ts$/;

/** Source without comments (they may name what the code must not use). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

test("shared rules use no platform API and import only pure faces", () => {
  let files = 0;
  for (const folder of SHARED_RULES) {
    const dir = join(import.meta.dir, folder);
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))) {
      files++;
      const source = code(join(dir, name));
      const file = `${folder}/${name}`;
      const runtime = source.match(/(?<![\w./-])(document|window|navigator|localStorage|WebSocket|requestAnimationFrame|performance|Date\.now|Math\.random|Bun|process|Buffer|require|setTimeout|setInterval)\s*[.(]/g) ?? [];
      expect({ file, runtime }).toEqual({ file, runtime: [] });
      const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((match) => match[1]!);
      const foreign = imports.filter((path) => !/^\.\/[\w-]+\.ts$/.test(path) && !ALLOWED_FOREIGN.test(path));
      expect({ file, foreign }).toEqual({ file, foreign: [] });
    }
  }
  expect(files).toBeGreaterThanOrEqual(SHARED_RULES.length * 2);
});
