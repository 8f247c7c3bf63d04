/**
 * The committed default world (assets/world) against its generator, and the embedded-file module
 * that puts it inside the executable.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { buildDefaultWorld, collisionGridToShared, encodeWorldPack, loadDefaultWorld, mapToApiJson } from "../src/content/index.ts";
import { EMBEDDED_WORLD_FILES } from "../src/content/default-world/index.ts";
import { embeddedModuleSource } from "../src/content/default-world/embedded-source.ts";

const REPO = join(import.meta.dir, "..");
const PACK_DIR = join(REPO, "assets", "world");
/** "Commit-sized": the whole default pack stays small. */
const MAX_DEFAULT_PACK_BYTES = 256 * 1024;

function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(dir, path).split("\\").join("/"));
    }
  };
  walk(dir);
  return files.sort();
}

const REGENERATE = "run `node_modules/.bin/bun src/content/default-world/generate.ts`";

describe("default world assets", () => {
  test("assets/world is exactly what the generator produces", () => {
    const encoded = encodeWorldPack(buildDefaultWorld());
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const expected = [...encoded.pack.files.keys()].sort();
    expect(listFiles(PACK_DIR), `assets/world is stale: ${REGENERATE}`).toEqual(expected);
    for (const [file, bytes] of encoded.pack.files) {
      expect(new Uint8Array(readFileSync(join(PACK_DIR, file))) as Uint8Array, `${file} is stale: ${REGENERATE}`).toEqual(bytes);
    }
    const total = expected.reduce((sum, file) => sum + statSync(join(PACK_DIR, file)).size, 0);
    expect(total).toBeLessThan(MAX_DEFAULT_PACK_BYTES);
  });

  test("the embedded module lists exactly the files in assets/world, each readable", async () => {
    const files = listFiles(PACK_DIR);
    expect(Object.keys(EMBEDDED_WORLD_FILES).sort()).toEqual(files);
    for (const file of files) {
      const embedded = await Bun.file(EMBEDDED_WORLD_FILES[file]!).bytes();
      expect(embedded).toEqual(new Uint8Array(readFileSync(join(PACK_DIR, file))));
    }
    const source = readFileSync(join(REPO, "src", "content", "default-world", "embedded.ts"), "utf8");
    expect(source, `embedded.ts is stale: ${REGENERATE}`).toBe(embeddedModuleSource(files));
  });

  test("loadDefaultWorld gives the five maps, ready for workers and the HTTP API", async () => {
    const outcome = await loadDefaultWorld();
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const pack = outcome.pack;
    expect(pack.source).toBe("original");
    expect(pack.maps.map((map) => map.id)).toEqual([1, 2, 3, 4, 5]);
    const manifest = JSON.parse(readFileSync(join(PACK_DIR, "world.json"), "utf8")) as { hash: string };
    expect(pack.hash).toBe(manifest.hash);
    const arena = pack.mapsById.get(5)!;
    expect(collisionGridToShared(arena)).toBe(arena.collision);
    const api = mapToApiJson(arena);
    expect(api).toMatchObject({ id: 5, name: "Arena de Alba", width: 25, height: 25 });
    expect(api.tiles).toHaveLength(625);
    expect(api.exits).toEqual([[13, 25, 1, 30, 71]]);
  });
});
