/**
 * World packs on disk: write → load round trip, hashes, and what a damaged pack reports.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildDefaultWorld,
  directorySource,
  loadWorldPack,
  readPackGraphics,
  writeWorldPack,
  type WorldPackContent,
} from "../src/content/index.ts";
import { emptyGraphicsIndex } from "../src/content/graphics/index.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "argentum-pack-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const world = buildDefaultWorld();

async function write(content: WorldPackContent = world): Promise<string> {
  const written = await writeWorldPack(dir, content);
  if (!written.ok) throw new Error(JSON.stringify(written.errors));
  return written.hash;
}

describe("world pack on disk", () => {
  test("round trip keeps every map, city and table; hash is stable", async () => {
    const hash = await write();
    expect(readFileSync(join(dir, "world.json"), "utf8")).toContain('"format": "argentum-world-pack"');
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const pack = outcome.pack;
    expect(pack.hash).toBe(hash);
    expect(pack.name).toBe(world.name);
    expect(pack.cities).toEqual(world.cities);
    expect(pack.tables).toEqual(world.tables);
    expect(pack.hasGraphics).toBe(false);
    for (const original of world.maps) {
      const map = pack.mapsById.get(original.id)!;
      expect(map.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(map.collision.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect([...map.collision]).toEqual([...original.collision]);
      expect([...map.triggers]).toEqual([...original.triggers]);
      expect(map.exits).toEqual(original.exits);
      expect(map.npcs).toEqual(original.npcs);
      expect(map.objects).toEqual(original.objects);
      expect(map.properties).toEqual(original.properties);
    }
    // Writing the same world again gives the same hash (deterministic encoding).
    expect(await write()).toBe(hash);
  });

  test("a changed map file fails its SHA-256 check", async () => {
    await write();
    const path = join(dir, "maps", "2.bin");
    const bytes = readFileSync(path);
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(path, bytes);
    const outcome = await loadWorldPack(dir);
    expect(outcome).toEqual({ ok: false, errors: [{ file: "maps/2.bin", message: "map 2: SHA-256 does not match the manifest" }] });
  });

  test("an edited manifest fails the pack hash; a missing map file is named", async () => {
    await write();
    const manifestPath = join(dir, "world.json");
    writeFileSync(manifestPath, readFileSync(manifestPath, "utf8").replace('"name": "Alba"', '"name": "Otra"'));
    rmSync(join(dir, "maps", "5.bin"));
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors).toContainEqual({ file: "world.json", message: "pack hash does not match the manifest content (edited or corrupted)" });
    expect(outcome.errors).toContainEqual({ file: "maps/5.bin", message: "map 5: file missing" });
  });

  test("with hash checks off, a corrupted map binary is still caught by its decoder", async () => {
    await write();
    const path = join(dir, "maps", "1.bin");
    writeFileSync(path, readFileSync(path).subarray(0, 500));
    const outcome = await loadWorldPack(dir, { verifyHashes: false });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors[0]).toMatchObject({ file: "maps/1.bin", offset: 28 });
    expect(outcome.errors[0]!.message).toContain("collision grid needs 10000 bytes");
  });

  test("no pack, bad JSON and schema violations are errors, not exceptions", async () => {
    expect(await loadWorldPack(join(dir, "nothing-here"))).toMatchObject({ ok: false, errors: [{ file: "world.json" }] });
    writeFileSync(join(dir, "world.json"), "{not json");
    expect(await loadWorldPack(dir)).toMatchObject({ ok: false, errors: [{ file: "world.json" }] });
    writeFileSync(join(dir, "world.json"), JSON.stringify({ format: "argentum-world-pack", version: 1, maps: "no" }));
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.some((error) => error.message.startsWith("maps:"))).toBe(true);
  });

  test("rewriting a smaller world removes the maps it no longer has", async () => {
    await write();
    await write({ ...world, maps: world.maps.slice(0, 2), cities: world.cities, tables: null });
    expect(existsSync(join(dir, "maps", "3.bin"))).toBe(false);
    expect(existsSync(join(dir, "tables.json"))).toBe(false);
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok && outcome.pack.maps.map((map) => map.id)).toEqual([1, 2]);
  });

  test("an unsound world is refused before anything is written", async () => {
    const broken = { ...world, cities: [{ id: 1, name: "x", map: 99, x: 1, y: 1 }] };
    const written = await writeWorldPack(dir, broken);
    expect(written.ok).toBe(false);
    expect(existsSync(join(dir, "world.json"))).toBe(false);
  });

  test("graphics index is stored beside the pack and read on demand", async () => {
    const graphics = { ...emptyGraphicsIndex(), grhs: [null, { file: 7, x: 0, y: 0, w: 32, h: 32 }] };
    await write({ ...world, graphics });
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok && outcome.pack.hasGraphics).toBe(true);
    expect(await readPackGraphics(directorySource(dir))).toEqual({ ok: true, graphics });
  });
});
