/**
 * The spell rules are pure: no platform API, no clock, no `Math.random` (randomness comes in as
 * a `Random`), and no runtime import of the content parsers (content types are imported
 * type-only). Other contexts are entered through their faces (`src/faces.test.ts`).
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";

function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

test("spell rules use no platform API and import content types only", () => {
  const files = readdirSync(import.meta.dir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "test-fixtures.ts");
  expect(files.length).toBeGreaterThanOrEqual(10);
  for (const file of files) {
    const source = code(`${import.meta.dir}/${file}`);
    const runtime = source.match(/(?<![\w./-])(document|window|navigator|performance|Date\.now|Date\(|Math\.random|Bun|process|Buffer|require|setTimeout|setInterval)\s*[.(]/g) ?? [];
    expect({ file, runtime }).toEqual({ file, runtime: [] });
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1]!);
    const platform = valueImports.filter((path) => path.startsWith("node:") || path.startsWith("bun"));
    const content = valueImports.filter((path) => path.includes("/content/"));
    expect({ file, platform, content }).toEqual({ file, platform: [], content: [] });
  }
});
