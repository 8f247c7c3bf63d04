/**
 * The starting kit as a property of the world, end to end: `importWorld --dat` puts the data
 * set's kit in the pack, the pack loads it back, and the server world's character creation gives
 * it. Known answers on the real 2024 AO20 data (shared `ao20/Dat`: fernesitto/Argentum-20
 * @4d6913b; character-creation.md §5.3) with a scripted random stream, an
 * `EquipamientoInicial.dat` of our own, a pack imported before packs carried kits, the 0.13 data
 * (no kit), and the default world's own kit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMPTY_MAP_DAT, DEFAULT_OBJECTS, buildDefaultWorld, encodeCsm, importWorld, loadGameTables, loadWorldPack, writeWorldPack, type WorldPack } from "../src/content/index.ts";
import { ao20StartingKit2024 } from "../src/content/dat/index.ts";
import { loadImportKit } from "../src/content/import/index.ts";
import { manifestHash, sha256Hex, startingKitToFile } from "../src/content/pack/index.ts";
import { EMPTY_STARTING_KIT, startingKitObjects, type CharacterCreationRequest } from "../src/game/character-creation/index.ts";
import type { NewCharacter } from "../src/game/character/index.ts";
import type { Random } from "../src/random/index.ts";
import { loadServerWorld, serverWorldFromPack, type ServerWorld } from "../src/server/server-world.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";

/** A random stream that replays what the test queues (VB6 `Rnd` values) and fails when it runs dry. */
function scriptedRandom(): Random & { queue: number[] } {
  const queue: number[] = [];
  const next = () => {
    const value = queue.shift();
    if (value === undefined) throw new Error("the scripted random stream ran dry");
    return value;
  };
  return {
    queue,
    next,
    nextU32: () => Math.floor(next() * 2 ** 32),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/** One AO20 map 1 (100 × 100, nothing on it): enough for Ullathorpe (map 1) to be a home city. */
function writeMaps(dir: string): string {
  const maps = join(dir, "Mapas");
  mkdirSync(maps, { recursive: true });
  writeFileSync(join(maps, "mapa1.csm"), encodeCsm({ mapDat: { ...EMPTY_MAP_DAT, mapName: "Ullathorpe" } }));
  return maps;
}

async function loaded(dir: string): Promise<WorldPack> {
  const outcome = await loadWorldPack(dir);
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => `${error.file}: ${error.message}`).join("\n"));
  return outcome.pack;
}

/** [slot, object, amount, "E" when worn] of a character's inventory. */
const slots = (c: NewCharacter) => c.inventory.map((s) => (s.equipped ? [s.slot, s.objectId, s.amount, "E"] : [s.slot, s.objectId, s.amount]));

const DAT_2024 = ["obj.dat", "npcs.dat", "Hechizos.dat", "Balance.dat", "Ciudades.Dat"];
const hasData = requireSharedData(...DAT_2024.map((file) => `ao20/Dat/${file}`), "ao013/data/npcs.dat");

(hasData ? describe : describe.skip)("the 2024 AO20 kit (shared ao20/Dat = fernesitto/Argentum-20 @4d6913b), imported with --dat", () => {
  let root: string;
  let packDir: string;
  let pack: WorldPack;
  let world: ServerWorld;
  const random = scriptedRandom();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "argentum-kit-e2e-"));
    packDir = join(root, "pack");
    const result = await importWorld({ mapsDir: writeMaps(root), datDir: sharedDataPath("ao20", "Dat"), outDir: packDir, format: "ao20" });
    expect(result.report.errors).toEqual([]);
    expect(result.kit).toBe("ao20-2024");
    pack = await loaded(packDir);
    world = serverWorldFromPack(pack, false, undefined, random);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Creates a character in Ullathorpe with these random numbers: the stamina roll, then the clothes. */
  function create(request: Omit<CharacterCreationRequest, "accountId" | "homeCity">, draws: number[]): NewCharacter {
    random.queue.push(...draws);
    const outcome = world.createCharacter({ accountId: 1, homeCity: 1, ...request });
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    expect(random.queue).toEqual([]); // exactly these draws, no more
    return outcome.character;
  }

  test("the pack carries the §5.3 kit in kit.json, and every kit object is in the world's object table", () => {
    expect(readdirSync(packDir)).toContain("kit.json");
    expect(JSON.parse(readFileSync(join(packDir, "world.json"), "utf8")).version).toBe(3);
    expect([pack.kitOrigin, pack.kit]).toEqual(["pack", ao20StartingKit2024()]);
    const kitObjects = startingKitObjects(pack.kit!);
    expect(kitObjects).toHaveLength(21);
    for (const object of kitObjects) expect([object, world.objectIds!.has(object)]).toEqual([object, true]);
    expect(world.creationProblems).toEqual([]);
  });

  test("Human male Warrior: potions, dagger and long sword, clothes 464 worn (draw 0.5), apple and water; no gold, no spells", () => {
    const c = create({ name: "Tarkan", race: 1, gender: 1, class: 3, head: 1 }, [0, 0.5]);
    expect(slots(c)).toEqual([
      [1, 1616, 200],
      [2, 1618, 50],
      [3, 1619, 25],
      [4, 2332, 20],
      [5, 460, 1],
      [6, 2085, 1],
      [7, 464, 1, "E"],
      [8, 573, 100],
      [9, 572, 100],
    ]);
    // Body = NumRopaje of 464 in the 2024 obj.dat; the stamina roll 0 gives 40.
    expect([c.equipment.armor, c.equipment.weapon, c.body, c.gold, c.spells, c.vitals.stamina]).toEqual([464, 0, 126, 0, [], 40]);
  });

  test("Elf female Mage: 300 blue potions, the staff, clothes 1285 worn (draw 0.99), spells 1, 11, 12", () => {
    const c = create({ name: "Lirael", race: 2, gender: 2, class: 1, head: 150 }, [0, 0.99]);
    expect(slots(c)).toEqual([
      [1, 1616, 200],
      [2, 1617, 300],
      [3, 2332, 20],
      [4, 1356, 1],
      [5, 1285, 1, "E"],
      [6, 573, 100],
      [7, 572, 100],
    ]);
    expect([c.equipment.armor, c.body, c.gold, c.spells]).toEqual([1285, 353, 0, [1, 11, 12]]);
  });

  test("Dwarf male Worker: clothes 466 without a draw", () => {
    const c = create({ name: "Brokk", race: 5, gender: 1, class: 9, head: 300 }, [0]);
    expect(slots(c)).toEqual([
      [1, 1616, 200],
      [2, 1618, 50],
      [3, 1619, 25],
      [4, 2332, 20],
      [5, 460, 1],
      [6, 2085, 1],
      [7, 466, 1, "E"],
      [8, 573, 100],
      [9, 572, 100],
    ]);
    expect([c.equipment.armor, c.body]).toEqual([466, 52]);
  });

  test("Gnome female Bard: 100 blue potions, the dagger, clothes 563, spells 1, 11, 12", () => {
    const c = create({ name: "Nimbla", race: 4, gender: 2, class: 5, head: 450 }, [0]);
    expect(slots(c)).toEqual([
      [1, 1616, 200],
      [2, 1617, 100],
      [3, 1618, 50],
      [4, 1619, 25],
      [5, 2332, 20],
      [6, 460, 1],
      [7, 563, 1, "E"],
      [8, 573, 100],
      [9, 572, 100],
    ]);
    expect([c.equipment.armor, c.body, c.spells]).toEqual([563, 138, [1, 11, 12]]);
  });

  test("Orc male Hunter: dagger, bow and 300 arrows, clothes 463 (draw 0)", () => {
    const c = create({ name: "Grosh", race: 6, gender: 1, class: 8, head: 500 }, [0, 0]);
    expect(slots(c)).toEqual([
      [1, 1616, 200],
      [2, 1618, 50],
      [3, 1619, 25],
      [4, 2332, 20],
      [5, 460, 1],
      [6, 1355, 1],
      [7, 1357, 300],
      [8, 463, 1, "E"],
      [9, 573, 100],
      [10, 572, 100],
    ]);
    expect([c.equipment.armor, c.body]).toEqual([463, 1]);
  });

  test("a pack imported before packs carried kits gets the §5.3 kit from its 2024 tables", async () => {
    const old = join(root, "old");
    mkdirSync(join(old, "maps"), { recursive: true });
    for (const file of readdirSync(join(packDir, "maps"))) copyFileSync(join(packDir, "maps", file), join(old, "maps", file));
    copyFileSync(join(packDir, "tables.json"), join(old, "tables.json"));
    const manifest = JSON.parse(readFileSync(join(packDir, "world.json"), "utf8"));
    delete manifest.kit;
    manifest.version = manifest.maps.some((map: { layers?: unknown }) => map.layers) ? 2 : 1;
    manifest.hash = manifestHash(manifest);
    writeFileSync(join(old, "world.json"), JSON.stringify(manifest, null, 1));
    const oldPack = await loaded(old);
    expect([oldPack.kitOrigin, oldPack.kit]).toEqual(["ao20-2024-tables", ao20StartingKit2024()]);
  });

  test("a data set with its own EquipamientoInicial.dat (any letter case) gets that kit instead", async () => {
    const dat = join(root, "Dat-with-kit");
    mkdirSync(dat);
    for (const file of DAT_2024) copyFileSync(sharedDataPath("ao20", "Dat", file), join(dat, file));
    const kitText = ["[COMMON]", "NumObjs=2", "Obj1=1616,10,0", "Obj2=573,5,0", "NumSpells=0", "[CLASS3]", "NumObjs=2", "Obj1=2085,1,0", "Obj2=465,1,1", "NumSpells=0", ""].join("\r\n");
    writeFileSync(join(dat, "equipamientoinicial.DAT"), kitText);
    const out = join(root, "pack-own-kit");
    const result = await importWorld({ mapsDir: join(root, "Mapas"), datDir: dat, outDir: out, format: "ao20" });
    expect(result.report.errors).toEqual([]);
    expect(result.kit).toBe("EquipamientoInicial.dat");
    const own = serverWorldFromPack(await loaded(out), false, undefined, { ...scriptedRandom(), next: () => 0 });
    const warrior = own.createCharacter({ accountId: 1, name: "Tarkan", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
    expect(warrior.ok && slots(warrior.character)).toEqual([
      [1, 1616, 10],
      [2, 573, 5],
      [3, 2085, 1],
      [4, 465, 1, "E"],
    ]);
    expect(warrior.ok && warrior.character.body).toBe(3);
    const mage = own.createCharacter({ accountId: 1, name: "Lirael", race: 2, gender: 2, class: 1, head: 150, homeCity: 1 });
    expect(mage.ok && [slots(mage.character), mage.character.body]).toEqual([[[1, 1616, 10], [2, 573, 5]], 2]);

    // A kit file naming an object the data set lacks: an import error, and the pack gets an empty kit.
    writeFileSync(join(dat, "equipamientoinicial.DAT"), kitText.replace("Obj1=2085,1,0", "Obj1=9999,1,0"));
    const broken = await importWorld({ mapsDir: join(root, "Mapas"), datDir: dat, outDir: join(root, "pack-bad-kit"), format: "ao20" });
    expect(broken.failed).toBe(true);
    expect(broken.report.errors).toEqual([
      { code: "starting-kit", file: "equipamientoinicial.DAT", message: "class 3 (Warrior) item #3 (slot 3): object 9999 is not in the world's object table; the pack gets an empty kit" },
    ]);
    expect((await loaded(join(root, "pack-bad-kit"))).kit).toEqual(EMPTY_STARTING_KIT);
  });

  test("the 0.13 data ships no kit file: no kit, said in a warning", async () => {
    const tables = loadGameTables(sharedDataPath("ao013", "data"), "ao013").tables;
    const kit = await loadImportKit(sharedDataPath("ao013", "data"), "ao013", tables);
    expect([kit.kit, kit.origin, kit.errors]).toEqual([null, "none", []]);
    expect(kit.warnings).toEqual([{ code: "starting-kit", file: sharedDataPath("ao013", "data"), message: "no EquipamientoInicial.dat: new characters start with nothing" }]);
  });
});

describe("a pack with a hostile kit", () => {
  test("the server refuses to load it, naming kit.json and each bad entry", async () => {
    const dir = mkdtempSync(join(tmpdir(), "argentum-kit-hostile-"));
    try {
      const world = buildDefaultWorld();
      expect((await writeWorldPack(dir, world)).ok).toBe(true);
      const file = startingKitToFile(world.kit!);
      file.classes[2]!.items[0]!.objects = [31337];
      file.classes[2]!.items[2]!.amount = -3;
      file.classes[2]!.items[3]!.slot = 99;
      const bytes = new TextEncoder().encode(JSON.stringify(file));
      writeFileSync(join(dir, "kit.json"), bytes);
      const manifest = JSON.parse(readFileSync(join(dir, "world.json"), "utf8"));
      manifest.kit.hash = sha256Hex(bytes);
      manifest.hash = manifestHash(manifest);
      writeFileSync(join(dir, "world.json"), JSON.stringify(manifest));
      await expect(loadServerWorld(dir)).rejects.toThrow(
        `world pack ${dir} could not be loaded: kit.json: class 3 (Warrior) item #1 (slot 1): object 31337 is not in the world's object table; ` +
          "kit.json: class 3 (Warrior) item #3 (slot 3): amount -3 is not in 1..10000; " +
          "kit.json: class 3 (Warrior) item #4 (slot 99): slot 99 is not in 1..24 (a new character's inventory)",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the default world's own kit", () => {
  test("a new character carries the knife, wears the villager's clothes, has potions, bread, water and 100 gold", async () => {
    const random = scriptedRandom();
    const alba = await loadServerWorld(undefined, undefined, random);
    expect(alba.creationProblems).toEqual([]);
    random.queue.push(0); // the stamina roll; this kit draws nothing
    const outcome = alba.createCharacter({ accountId: 1, name: "Nueva", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const c = outcome.character;
    const O = DEFAULT_OBJECTS;
    expect(slots(c)).toEqual([
      [1, O.trainingDagger, 1],
      [2, O.villagerClothes, 1, "E"],
      [3, O.healthPotion, 5],
      [4, O.manaPotion, 5],
      [5, O.bread, 5],
      [6, O.waterFlask, 5],
    ]);
    // The clothes have no art of their own: the stock client's naked body of the race.
    expect([c.equipment.armor, c.body, c.gold, c.spells]).toEqual([O.villagerClothes, 1, 100, []]);
    for (const slot of c.inventory) expect(alba.objectIds!.has(slot.objectId)).toBe(true);
  });
});
