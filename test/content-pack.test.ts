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
  unpackMapLayers,
  writeWorldPack,
  type WorldMap,
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
    expect(existsSync(join(dir, "kit.json"))).toBe(true);
    await write({ ...world, maps: world.maps.slice(0, 2), cities: world.cities, tables: null, kit: null });
    expect(existsSync(join(dir, "maps", "3.bin"))).toBe(false);
    expect(existsSync(join(dir, "tables.json"))).toBe(false);
    expect(existsSync(join(dir, "kit.json"))).toBe(false);
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

/** Hand-made layers for `map`: a distinct floor per tile, a coast, a tree past 65,535, a roof. */
function handMadeLayers(map: WorldMap): NonNullable<WorldMap["graphicLayers"]> {
  const tiles = map.width * map.height;
  const floor = Int32Array.from({ length: tiles }, (_, tile) => 1000 + tile);
  const coast = new Int32Array(tiles);
  const trees = new Int32Array(tiles);
  const roofs = new Int32Array(tiles);
  coast[map.width + 1] = 77;
  trees[tiles - 1] = 68_527;
  roofs[2] = 12_345;
  return [floor, coast, trees, roofs];
}

describe("graphic layers in the pack", () => {
  // Without the default world's kit, so the version says what layers alone need.
  const withLayers = (): WorldPackContent => ({ ...world, kit: null, maps: world.maps.map((map) => (map.id === 2 ? { ...map, graphicLayers: handMadeLayers(map) } : map)) });

  test("a map's layers round-trip through the pack, checked by SHA-256; the pack says version 2", async () => {
    const hash = await write(withLayers());
    const manifest = JSON.parse(readFileSync(join(dir, "world.json"), "utf8"));
    expect(manifest.version).toBe(2);
    expect(manifest.maps.find((map: { id: number }) => map.id === 2).layers).toEqual({ file: "maps/2.layers.gz", hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(manifest.maps.find((map: { id: number }) => map.id === 1).layers).toBeUndefined();
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.pack.hash).toBe(hash);
    expect(outcome.pack.mapsById.get(1)!.packedLayers).toBeNull();
    const map = outcome.pack.mapsById.get(2)!;
    const unpacked = unpackMapLayers(map.packedLayers!.gzip, map);
    expect(unpacked.ok).toBe(true);
    if (!unpacked.ok) return;
    const original = handMadeLayers(world.maps.find((candidate) => candidate.id === 2)!);
    expect(unpacked.document.layers.map((layer) => [...layer])).toEqual(original.map((layer) => [...layer]));
    // Deterministic: the same layers give the same pack.
    expect(await write(withLayers())).toBe(hash);
  });

  test("a pack without layers (nor kit) keeps version 1 and its bytes", async () => {
    const hash = await write({ ...world, kit: null });
    expect(JSON.parse(readFileSync(join(dir, "world.json"), "utf8")).version).toBe(1);
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok && outcome.pack.maps.every((map) => map.packedLayers === null)).toBe(true);
    await write(withLayers());
    // Rewriting without layers removes the old layers file and gives the first pack back.
    expect(await write({ ...world, kit: null })).toBe(hash);
    expect(existsSync(join(dir, "maps", "2.layers.gz"))).toBe(false);
  });

  test("a changed or missing layers file is named; a version-1 manifest may not list layers", async () => {
    await write(withLayers());
    const path = join(dir, "maps", "2.layers.gz");
    const bytes = readFileSync(path);
    bytes[20] = bytes[20]! ^ 0xff;
    writeFileSync(path, bytes);
    expect(await loadWorldPack(dir)).toEqual({ ok: false, errors: [{ file: "maps/2.layers.gz", message: "map 2: SHA-256 of the layers does not match the manifest" }] });
    rmSync(path);
    expect(await loadWorldPack(dir)).toEqual({ ok: false, errors: [{ file: "maps/2.layers.gz", message: "map 2: layers file missing" }] });
    const manifestPath = join(dir, "world.json");
    writeFileSync(manifestPath, readFileSync(manifestPath, "utf8").replace('"version": 2', '"version": 1'));
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((error) => error.message)).toContainEqual(expect.stringContaining("graphic layers need pack version 2"));
  });

  test("layers of the wrong size are refused before anything is written", async () => {
    const map = world.maps[0]!;
    const short = new Int32Array(3);
    const written = await writeWorldPack(dir, { ...world, maps: [{ ...map, graphicLayers: [short, short, short, short] }, ...world.maps.slice(1)] });
    expect(written.ok).toBe(false);
    if (written.ok) return;
    expect(written.errors[0]!.message).toContain("graphic layer 1 has 3 tiles");
    expect(existsSync(join(dir, "world.json"))).toBe(false);
  });
});
