/**
 * The protocol runs in the browser and in workers: no Node or Bun API may leak into it.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const here = import.meta.dir;

function libraryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === "testing" ? [] : libraryFiles(join(dir, entry.name));
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [join(dir, entry.name)] : [];
  });
}

test("library files import nothing but each other and use no runtime-specific globals", () => {
  const files = libraryFiles(here);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
    expect({ file, foreign: imports.filter((i) => !i.startsWith("./")) }).toEqual({ file, foreign: [] });
    expect({ file, runtime: source.match(/\b(Bun|process|Buffer|require|__dirname)\s*[.(]/g) ?? [] }).toEqual({ file, runtime: [] });
  }
});

test("the public face bundles for the browser", async () => {
  const result = await Bun.build({ entrypoints: [join(here, "index.ts")], target: "browser" });
  expect(result.success).toBe(true);
  const code = await result.outputs[0]!.text();
  expect(code).not.toContain("node:");
});
