/**
 * The starting kit in a world pack: kit.json round trip, the version it needs, hostile kits
 * refused at load naming the file and the entry, and packs from before kits.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLASS_IDS, EMPTY_STARTING_KIT } from "../../game/character-creation/index.ts";
import { buildDefaultWorld } from "../default-world/index.ts";
import { decodeStartingKit, encodeStartingKit, startingKitFromFile, startingKitToFile, StartingKitFileSchema } from "./kit.ts";
import { loadWorldPack, manifestHash, sha256Hex, writeWorldPack } from "./pack-io.ts";

const world = buildDefaultWorld();
const kit = world.kit!;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "argentum-kit-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const manifestPath = () => join(dir, "world.json");
const readManifest = () => JSON.parse(readFileSync(manifestPath(), "utf8")) as Record<string, unknown> & { kit?: { file: string; hash: string }; version: number };

/** Replaces kit.json with `file` and re-hashes the manifest: a well-formed pack with a hostile kit. */
function plantKit(file: unknown): void {
  const bytes = new TextEncoder().encode(JSON.stringify(file));
  writeFileSync(join(dir, "kit.json"), bytes);
  const manifest = readManifest();
  manifest.kit = { file: "kit.json", hash: sha256Hex(bytes) };
  manifest.hash = manifestHash(manifest);
  writeFileSync(manifestPath(), JSON.stringify(manifest, null, 1));
}

async function loadErrors(): Promise<string[]> {
  const outcome = await loadWorldPack(dir);
  expect(outcome.ok).toBe(false);
  return outcome.ok ? [] : outcome.errors.map((error) => `${error.file}: ${error.message}`);
}

describe("kit.json", () => {
  test("the stored form round-trips and is deterministic", () => {
    const file = startingKitToFile(kit);
    expect(file.classes.map((entry) => entry.class)).toEqual([...CLASS_IDS]);
    expect(startingKitFromFile(StartingKitFileSchema.parse(file))).toEqual(kit);
    expect(encodeStartingKit(kit)).toEqual(encodeStartingKit(startingKitFromFile(file)));
    const decoded = decodeStartingKit(encodeStartingKit(kit), world.tables);
    expect(decoded.ok && decoded.kit).toEqual(kit);
  });

  test("a pack with a kit says version 3, hashes kit.json in the manifest and loads it back", async () => {
    const written = await writeWorldPack(dir, world);
    expect(written.ok).toBe(true);
    const manifest = readManifest();
    expect(manifest.version).toBe(3);
    expect(manifest.kit).toEqual({ file: "kit.json", hash: sha256Hex(readFileSync(join(dir, "kit.json"))) });
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect([outcome.pack.kitOrigin, outcome.pack.kit]).toEqual(["pack", kit]);
  });

  test("a pack without a kit has no kit key, keeps its version, and loads with none", async () => {
    await writeWorldPack(dir, { ...world, kit: null });
    const manifest = readManifest();
    expect("kit" in manifest).toBe(false);
    expect(manifest.version).toBe(1);
    expect(existsSync(join(dir, "kit.json"))).toBe(false);
    const outcome = await loadWorldPack(dir);
    // The default world's tables are "ao20"-shaped but not the 2024 data: nothing is derived.
    expect(outcome.ok && [outcome.pack.kitOrigin, outcome.pack.kit]).toEqual(["none", null]);
  });

  test("an empty kit is a kit: stored, and it gives nothing", async () => {
    await writeWorldPack(dir, { ...world, kit: EMPTY_STARTING_KIT });
    const outcome = await loadWorldPack(dir);
    expect(outcome.ok && [outcome.pack.kitOrigin, outcome.pack.kit]).toEqual(["pack", EMPTY_STARTING_KIT]);
  });
});

describe("a hostile kit is refused at load, naming kit.json and the entry", () => {
  beforeEach(async () => {
    expect((await writeWorldPack(dir, world)).ok).toBe(true);
  });
  const file = () => startingKitToFile(kit) as { classes: { class: number; items: Record<string, unknown>[]; spells: number[] }[]; gold: number } & Record<string, unknown>;

  test("objects that do not exist, negative amounts, slots out of range, wrong worn objects", async () => {
    const bad = file();
    bad.classes[2]!.items[0]!.objects = [4242];
    bad.classes[2]!.items[2]!.amount = -5;
    bad.classes[0]!.items[3]!.slot = 43;
    bad.classes[0]!.items[4]!.slot = 0;
    bad.classes[11]!.items[1]!.objects = [1];
    bad.gold = -1;
    plantKit(bad);
    expect(await loadErrors()).toEqual([
      "kit.json: gold: gold -1 is not in 0..2147483647",
      "kit.json: class 1 (Mage) item #4 (slot 43): slot 43 is not in 1..24 (a new character's inventory)",
      "kit.json: class 1 (Mage) item #5 (slot 0): slot 0 is not in 1..24 (a new character's inventory)",
      "kit.json: class 3 (Warrior) item #1 (slot 1): object 4242 is not in the world's object table",
      "kit.json: class 3 (Warrior) item #3 (slot 3): amount -5 is not in 1..10000",
      "kit.json: class 12 (Bandit) item #2 (slot 2): object 1 is worn but its ObjType is 11, not 3 (armour)",
    ]);
  });

  test("two entries in one slot, an unknown spell", async () => {
    const bad = file();
    bad.classes[4]!.items[5]!.slot = 1;
    bad.classes[4]!.spells = [1, 99];
    plantKit(bad);
    expect(await loadErrors()).toEqual([
      "kit.json: class 5 (Bard) item #6 (slot 1): slot 1 is already filled by item #1 for race 1 gender 1",
      "kit.json: class 5 (Bard) spell slot 2: spell 99 is not in the world's spell table",
    ]);
  });

  test("the wrong shape: not whole numbers, a class missing or repeated, unknown keys, another format", async () => {
    const bad = file();
    bad.classes[0]!.items[0]!.amount = 1.5;
    bad.classes[1]!.items[0]!.slot = "3";
    bad.classes[2]!.items[0]!.colour = "red";
    plantKit(bad);
    expect(await loadErrors()).toEqual([
      "kit.json: classes.0.items.0.amount: Invalid input: expected int, received number",
      "kit.json: classes.1.items.0.slot: Invalid input: expected number, received string",
      'kit.json: classes.2.items.0: Unrecognized key: "colour"',
    ]);
    const classes = file();
    classes.classes[3]!.class = 5;
    classes.classes[5]!.class = 13;
    plantKit(classes);
    expect(await loadErrors()).toEqual([
      "kit.json: classes.4.class: class 5 appears twice",
      "kit.json: classes.5.class: class 13 is not a class (1..12)",
      "kit.json: classes: classes 4, 6 are missing (list every class, with empty items for none)",
    ]);
    plantKit({ ...file(), format: "something-else" });
    expect((await loadErrors())[0]).toStartWith("kit.json: format: Invalid input: expected \"argentum-starting-kit\"");
    writeFileSync(join(dir, "kit.json"), "{");
    const manifest = readManifest();
    manifest.kit = { file: "kit.json", hash: sha256Hex(readFileSync(join(dir, "kit.json"))) };
    manifest.hash = manifestHash(manifest);
    writeFileSync(manifestPath(), JSON.stringify(manifest));
    expect((await loadErrors())[0]).toStartWith("kit.json: not valid JSON");
  });

  test("a changed, missing or unversioned kit file", async () => {
    const path = join(dir, "kit.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('"gold":100', '"gold":999'));
    expect(await loadErrors()).toEqual(["kit.json: SHA-256 does not match the manifest"]);
    rmSync(path);
    expect(await loadErrors()).toEqual(["kit.json: file missing"]);
    await writeWorldPack(dir, world);
    const manifest = readManifest();
    manifest.version = 2;
    manifest.hash = manifestHash(manifest);
    writeFileSync(manifestPath(), JSON.stringify(manifest));
    expect(await loadErrors()).toEqual(["world.json: kit: a starting kit needs pack version 3, the manifest says 2"]);
  });

  test("the writer refuses the same faults before writing anything", async () => {
    const other = mkdtempSync(join(tmpdir(), "argentum-kit-w-"));
    try {
      const broken = { ...kit, byClass: { ...kit.byClass, 3: { items: [{ slot: 1, objects: [4242], amount: -1, equipped: false }], spells: [] } } };
      const written = await writeWorldPack(other, { ...world, kit: broken });
      expect(written.ok).toBe(false);
      expect(!written.ok && written.errors).toEqual([
        { file: "kit.json", message: "class 3 (Warrior) item #1 (slot 1): amount -1 is not in 1..10000" },
        { file: "kit.json", message: "class 3 (Warrior) item #1 (slot 1): object 4242 is not in the world's object table" },
      ]);
      expect(existsSync(join(other, "world.json"))).toBe(false);
      const noTables = await writeWorldPack(other, { ...world, tables: null });
      expect(!noTables.ok && noTables.errors).toEqual([{ file: "kit.json", message: "the pack has no object table, so its kit cannot name objects" }]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
