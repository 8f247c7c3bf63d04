/**
 * The `.dat` tables against the real AO data in the shared folder (never copied into the repo).
 * Expected values were read by hand from the raw files (grep/sed on the Windows-1252 bytes).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  compactGameTables,
  GameTablesSchema,
  loadGameTables,
  parseBalanceDat,
  parseCitiesDat,
  parseMapDat,
  parseSpecialMapsDat,
  readIni,
  getString,
  type BalanceTable,
  type GameTables,
} from "../src/content/dat/index.ts";

const SHARED = resolve(import.meta.dir, "..", process.env.AO_SHARED_DATA ?? "../shared/data");
const hasData = existsSync(join(SHARED, "ao20", "Dat", "obj.dat"));
if (!hasData) {
  if (process.env.CI === "true") throw new Error(`AO shared data missing at ${SHARED} (set AO_SHARED_DATA)`);
  console.warn(`skipping real-data .dat tests: no AO shared data at ${SHARED}`);
}
const describeData = hasData ? describe : describe.skip;

const AO20_DAT = join(SHARED, "ao20", "Dat");
const CURRENT_DAT = join(SHARED, "ao20-current", "Dat");
const AO013_DATA = join(SHARED, "ao013", "data");
const read = (dir: string, name: string) => readFileSync(join(dir, name));

/** Loaded once: every test below reads these. */
const ao20 = hasData ? loadGameTables(AO20_DAT, "ao20") : undefined;
const ao013 = hasData ? loadGameTables(AO013_DATA, "ao013") : undefined;

describeData("every file in the shared Dat/init folders", () => {
  test("readIni reads every file (text or binary) without throwing", () => {
    const dirs = [AO20_DAT, CURRENT_DAT, AO013_DATA, join(SHARED, "ao20", "init"), join(SHARED, "ao013", "maps")];
    let files = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (!statSync(path).isFile()) continue;
        // The 0.13 map folder also holds .map/.inf binaries; only its MapaN.dat files are INI.
        if (dir.endsWith("maps") && !name.toLowerCase().endsWith(".dat")) continue;
        const doc = readIni(readFileSync(path), name);
        expect(doc.fileName).toBe(name);
        files++;
      }
    }
    // 42 + 4 + 4 files in the three Dat folders, 29 in init, 290 MapaN.dat (counted with ls).
    expect(files).toBe(369);
  });

  test("0.13 map properties read with the reader: Mapa1.dat", () => {
    const doc = readIni(read(join(SHARED, "ao013", "maps"), "Mapa1.dat"), "Mapa1.dat");
    expect(doc.sections.has("MAPA1")).toBe(true);
    expect(getString(doc, "Mapa1", "Name").length).toBeGreaterThan(0);
  });

  test("the double-encoded string in triggers.ini reads as Baño", () => {
    const doc = readIni(read(join(SHARED, "ao20", "init"), "triggers.ini"), "triggers.ini");
    const values = [...doc.sections.values()].flatMap((section) => [...section.entries.values()].map((entry) => entry.value));
    expect(values).toContain("Solo Traje de Baño ");
    expect(values.join("\n")).not.toContain("Ã");
  });
});

describeData("AO20 2024 tables (loadGameTables)", () => {
  test("loads with no errors and every table present", () => {
    expect(ao20!.errors).toEqual([]);
    for (const value of Object.values(ao20!.tables)) expect(value).not.toBeNull();
  });

  test("obj.dat: counts and duplicates", () => {
    const objects = ao20!.tables.objects!;
    // [INIT] NumOBJs=3775; 2979 distinct [OBJn] sections, 94 of them without a single key.
    expect(objects.declaredCount).toBe(3775);
    expect(objects.objects.length).toBe(2979 - 94);
    const duplicateSections = ao20!.warnings.filter((w) => w.file === "obj.dat" && w.code === "duplicate-section");
    expect(duplicateSections.length).toBe(8);
  });

  test("obj.dat: [OBJ2] Espada Larga, with a trailing comment and forbidden classes", () => {
    const sword = ao20!.tables.objects!.objects.find((o) => o.id === 2)!;
    expect(sword).toMatchObject({
      name: "Espada Larga",
      grhIndex: 49167,
      objType: 2,
      subType: 2,
      minHit: 4,
      maxHit: 8,
      value: 350,
      anim: 68,
      crucial: 1, // "1 'Solo dejar en 1 si…"
      minLevel: 1,
    });
    // CP1=MAGO, CP2=DRUIDA, CP3=BARDO → class ids 1, 6, 5.
    expect(sword.forbiddenClasses).toEqual([1, 6, 5]);
  });

  test("npcs.dat: counts, a wolf with quest drops, a legacy drop and spells", () => {
    const npcs = ao20!.tables.npcs!;
    expect(npcs.declaredCount).toBe(1366);
    const wolf = npcs.npcs.find((n) => n.id === 500)!;
    expect(wolf).toMatchObject({ name: "Lobo", body: 10, heading: 3, movement: 2, hostile: true, attackable: true });
    expect([wolf.minHp, wolf.maxHp, wolf.minHit, wolf.maxHit, wolf.def, wolf.giveExp, wolf.giveGold]).toEqual([75, 75, 10, 18, 8, 55, 150]);
    expect(wolf.inventory).toEqual([{ objIndex: 414, amount: 1 }]);
    expect(wolf.questDrops).toEqual([
      { questIndex: 10, objIndex: 2494, amount: 1, chance: 1 },
      { questIndex: 6, objIndex: 2496, amount: 1, chance: 1 },
      { questIndex: 9, objIndex: 2494, amount: 1, chance: 1 },
    ]);
    const king = npcs.npcs.find((n) => n.id === 303)!; // "[NPC303] '" — text after ] ignored
    expect(king.name).toBe("Tancredo <Rey de Banderbill>");
    expect(king.legacyDrops).toEqual([{ objIndex: 2236, amount: 3 }]);
    expect(king.legacyDropChance).toBe(1);
    const priest = npcs.npcs.find((n) => n.id === 262)!;
    expect(priest.spells).toEqual([{ spellIndex: 53, cooldown: 0 }]);
    // "[NP263]" is a typo in the data: not an NPC section.
    expect(ao20!.warnings.some((w) => w.section === "NP263" && w.code === "ignored-section")).toBe(true);
  });

  test("Hechizos.dat: NumeroHechizos is a max id, spell 1 is Dardo Mágico", () => {
    const spells = ao20!.tables.spells!;
    expect(spells.declaredCount).toBe(290);
    const dart = spells.spells.find((s) => s.id === 1)!;
    expect(dart).toMatchObject({
      name: "Dardo Mágico",
      magicWords: "OHL VOR PEK",
      spellType: 1,
      target: 3,
      hpMode: 2,
      minHp: 4,
      maxHp: 8,
      manaRequired: 10,
      staminaRequired: 2,
      minSkill: 5,
      fxGrh: 15,
      wav: 16,
    });
  });

  test("Ciudades.Dat (bare LF, two [Lindos]): the first Lindos wins", () => {
    const cities = ao20!.tables.cities!;
    const byName = new Map(cities.cities.map((c) => [c.name, c]));
    expect(byName.get("Ullathorpe")).toMatchObject({ id: 1, map: 1, x: 57, y: 44, resurrectMap: 1, resurrectX: 77, resurrectY: 66, valid: true });
    expect(byName.get("NIX")).toMatchObject({ id: 2, map: 34, x: 40, y: 87, maps: [34, 32, 78] });
    expect(byName.get("Lindos")).toMatchObject({ id: 4, map: 62, x: 63, y: 43, needsShip: true, maps: [] });
    expect(byName.get("Arghal")).toMatchObject({ id: 5, map: 151, x: 41, y: 50 });
    expect(cities.cities.filter((c) => c.valid).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cities.prison).toEqual({ map: 66, x: 50, y: 50 });
    expect(cities.release).toEqual({ map: 66, x: 48, y: 68 });
    expect(ao20!.warnings.some((w) => w.file === "Ciudades.Dat" && w.code === "duplicate-section" && w.section === "LINDOS")).toBe(true);
  });

  test("MapasEspeciales.dat (2024)", () => {
    const special = ao20!.tables.specialMaps!;
    expect(special.interdimensional).toEqual([170, 172, 272, 300, 200, 273, 326, 165, 164]);
    expect(special.ignoreCleanup).toEqual([272, 273, 165]);
    expect(special.events).toEqual([300, 200, 272, 273, 326, 165, 294, 295]);
  });

  test("compact JSON round-trips through GameTablesSchema", () => {
    const tables = ao20!.tables;
    const stored = JSON.parse(JSON.stringify(compactGameTables(tables)));
    const restored: GameTables = GameTablesSchema.parse(stored);
    expect(restored).toEqual(tables);
  });
});

/** The values character-creation.md §4 and §10 compute with. */
function expectCreationValues(balance: BalanceTable, expected: { elu1: number; humanInt: number; elfInt: number; dwarfAgi: number }) {
  const human = balance.races[0]!;
  const elf = balance.races[1]!;
  const dwarf = balance.races[4]!; // race 5 is the dwarf (gnome is 4)
  expect(human.key).toBe("Humano");
  expect(dwarf.key).toBe("Enano");
  expect(human.intelligence).toBe(expected.humanInt);
  expect(elf.intelligence).toBe(expected.elfInt);
  expect(dwarf.agility).toBe(expected.dwarfAgi);
  expect(balance.expToLevelUp[0]).toBe(expected.elu1);
  const mage = balance.classes[0]!;
  const warrior = balance.classes[2]!;
  expect([mage.key, mage.initialMana]).toEqual(["Mago", 8.33]);
  expect([warrior.key, warrior.initialMana, warrior.hpPerLevel]).toEqual(["Guerrero", 0, 10.5]);
}

describeData("Balance.dat", () => {
  test("today's file: the numbers of the worked examples (character-creation §10)", () => {
    const { value, errors } = parseBalanceDat(read(CURRENT_DAT, "Balance.dat"), "Balance.dat");
    expect(errors).toEqual([]);
    const balance = value!;
    expectCreationValues(balance, { elu1: 500, humanInt: 0, elfInt: 2, dwarfAgi: 0 });
    // Human 19/19/18/20/18 = 18 + (+1, +1, 0, +2, 0) in STR/AGI/INT/CON/CHA.
    const human = balance.races[0]!;
    expect([human.strength, human.agility, human.intelligence, human.constitution, human.charisma]).toEqual([1, 1, 0, 2, 0]);
    const drow = balance.races[2]!;
    expect([drow.key, drow.strength, drow.agility, drow.intelligence, drow.constitution, drow.charisma]).toEqual(["ElfoOscuro", 2, 1, 1, 1, -1]);
    const mage = balance.classes[0]!;
    expect([mage.manaPerLevel, mage.hitPerLevelTo36, mage.skillPointsPerLevel]).toEqual([2.65, 1, 5]);
    const warrior = balance.classes[2]!;
    expect([warrior.staminaPerLevel, warrior.hitPerLevelTo36, warrior.hitPerLevelAfter36, warrior.stab]).toEqual([15, 3, 2, 1.4]);
    expect(balance.classes[8]!.skillPointsPerLevel).toBe(6); // Trabajador
    expect(balance.classes[3]!.weaponHitBonus.Dagger).toBe(20); // [Asesino] Dagger=20
    expect(balance.classes[3]!.weaponHitBonus.Sword).toBe(0);
    expect(balance.globals).toMatchObject({ hpRange: 2, hpCapMax: 10, hpCapMin: -10, hpAverageInfluence: 0, factionReKillTimeMs: 600000 });
    // 'RequiredSpellDisplayTime=375 is commented out: the key is "'REQUIREDSPELLDISPLAYTIME", so VB6 reads 0.
    expect(balance.globals.requiredSpellDisplayTime).toBe(0);
    expect(balance.expToLevelUp[1]).toBe(750);
    expect(balance.expToLevelUp[46]).toBe(0); // "47=" is empty
  });

  test("the 2024 file: Drow keys are not found (all 0), no skill points or HP caps", () => {
    const { value, warnings } = parseBalanceDat(read(AO20_DAT, "Balance.dat"), "Balance.dat");
    const balance = value!;
    expectCreationValues(balance, { elu1: 375, humanInt: 1, elfInt: 3, dwarfAgi: -1 });
    const drow = balance.races[2]!;
    expect([drow.strength, drow.agility, drow.intelligence, drow.constitution, drow.charisma]).toEqual([0, 0, 0, 0, 0]);
    expect(warnings.some((w) => w.code === "missing-value" && w.key === "ELFOOSCUROFUERZA")).toBe(true);
    expect(balance.classes.every((c) => c.skillPointsPerLevel === 0)).toBe(true);
    expect([balance.globals.hpCapMax, balance.globals.hpCapMin]).toEqual([0, 0]);
    expect(balance.expToLevelUp[1]).toBe(413);
  });
});

describeData("AO20 current Ciudades, Map.dat, MapasEspeciales.dat", () => {
  test("cities 1, 2 and 5 are valid creation homes; 7, 8, 10 missing, 9 without a home", () => {
    const { value } = parseCitiesDat(read(CURRENT_DAT, "Ciudades.Dat"), "Ciudades.Dat");
    const cities = value!.cities;
    expect(cities.map((c) => [c.id, c.map, c.x, c.y])).toEqual([
      [1, 1, 57, 44],
      [2, 34, 40, 87],
      [3, 59, 47, 41],
      [4, 62, 63, 43],
      [5, 151, 41, 50],
      [6, 196, 49, 61],
      [7, 0, 0, 0],
      [8, 0, 0, 0],
      [9, 0, 0, 0],
      [10, 0, 0, 0],
    ]);
    expect(cities.map((c) => c.present)).toEqual([true, true, true, true, true, true, false, false, true, false]);
    expect(cities[8]!.maps).toEqual([189, 559, 560, 571, 561, 558]);
    expect(value!.otherCityMaps).toEqual({ ELEUSIS: [354] });
    expect(value!.rebirth).toEqual({ map: 399, x: 50, y: 50 });
    const dock = value!.boatRoutes.find((r) => r.name === "NIXDOCK")!;
    expect(dock).toMatchObject({ map: 511, startX: 31, startY: 46, endX: 55, endY: 52, destX: 44, destY: 73, requiredPassId: 3791 });
    expect(value!.boatRoutes.find((r) => r.name === "BARCONAVEGANDO")).toMatchObject({ dockX: 53, dockY: 68, map: 198 });
  });

  test("Map.dat: the first of a repeated map key wins, as GetPrivateProfileString does", () => {
    const { value, warnings } = parseMapDat(read(CURRENT_DAT, "Map.dat"), "Map.dat");
    expect(value!.declaredMapCount).toBe(672);
    // "27=1" (line 134) before "27=4"; "28=1" before "28=4"; "83=6" before "83=1".
    expect([value!.resurrectCity["27"], value!.resurrectCity["28"], value!.resurrectCity["83"]]).toEqual([1, 1, 6]);
    expect(value!.resurrectCity["1"]).toBe(6);
    expect(value!.forceUpdateAi).toEqual([285, 307]);
    expect(value!.keepInvisibleOnAttack.length).toBe(37);
    expect(value!.keepInvisibleOnAttack.slice(0, 3)).toEqual([48, 111, 112]);
    expect(warnings.filter((w) => w.code === "duplicate-key").length).toBe(7);
  });

  test("MapasEspeciales.dat: 177 interdimensional maps, 15 event maps", () => {
    const { value } = parseSpecialMapsDat(read(CURRENT_DAT, "MapasEspeciales.dat"), "MapasEspeciales.dat");
    expect(value!.interdimensional.length).toBe(177);
    expect(value!.interdimensional.slice(0, 3)).toEqual([170, 172, 272]);
    expect(value!.interdimensional.at(-1)).toBe(592);
    expect(value!.events.length).toBe(15);
    expect(value!.noDrop).toEqual([]);
  });
});

describeData("AO 0.13 tables (server-aog data)", () => {
  test("loads with no errors; Balance/Map/MapasEspeciales are not part of the format", () => {
    expect(ao013!.errors).toEqual([]);
    expect(ao013!.tables.balance).toBeNull();
    expect(ao013!.tables.mapInfo).toBeNull();
  });

  test("npcs.dat: NumNPCs=904 hides [NPC905]/[NPC906]; 0.13 Drop<n> lines", () => {
    const npcs = ao013!.tables.npcs!;
    expect(npcs.declaredCount).toBe(904);
    expect(npcs.npcs.every((n) => n.id <= 904)).toBe(true);
    const bat = npcs.npcs.find((n) => n.name === "Murciélago")!;
    expect(bat).toMatchObject({ body: 9, movement: 3, tameDifficulty: 400, giveExp: 10, minHp: 15, maxHp: 15, magicDef: 3 });
    // Drop1, Drop2, Drop4, Drop5 (no Drop3), each with a trailing comment.
    expect(bat.itemDrops).toEqual([
      { objIndex: 12, amount: 1 },
      { objIndex: 12, amount: 2 },
      { objIndex: 12, amount: 15 },
      { objIndex: 12, amount: 70 },
    ]);
    expect(bat.inventory).toEqual([]);
  });

  test("hechizos.dat: 50 spells, the nine Tipo 4 spells are all summons", () => {
    const spells = ao013!.tables.spells!;
    expect(spells.declaredCount).toBe(50);
    const summons = spells.spells.filter((s) => s.spellType === 4);
    expect(summons.map((s) => s.id)).toEqual([16, 17, 22, 26, 27, 28, 29, 33, 46]);
    // All but [HECHIZO46] "Invocar Mascota" (Invoca=0: it calls the caster's own pets) name an NPC to summon.
    for (const spell of summons.filter((s) => s.id !== 46)) {
      expect(spell.summons).toBe(true);
      expect(spell.summonNpc).toBeGreaterThan(0);
    }
    expect(summons.find((s) => s.id === 46)!.summons).toBe(false);
    // [HECHIZO29] Implorar Ayuda: Invoca=1, NumNpc=89, Cant=2.
    expect(summons.find((s) => s.id === 29)).toMatchObject({ name: "Implorar Ayuda", summonNpc: 89, summonCount: 2 });
  });

  test("objects.dat (re-keyed, UTF-8): 1049 objects; [OBJ2] Espada Larga", () => {
    const objects = ao013!.tables.objects!;
    expect(objects.declaredCount).toBe(1052);
    expect(objects.objects.length).toBe(1049);
    const sword = objects.objects.find((o) => o.id === 2)!;
    expect(sword).toMatchObject({ name: "Espada Larga", grhIndex: 504, objType: 2, anim: 21, minHit: 1, maxHit: 8, value: 210, ironIngots: 3, blacksmithSkill: 25 });
    // MAGO, DRUIDA, LADRON, BARDO, PIRATA.
    expect(sword.forbiddenClasses).toEqual([1, 6, 11, 5, 10]);
    const door = objects.objects.find((o) => o.id === 44)!;
    expect(door).toMatchObject({ objType: 6, closed: true, fixedInPlace: true });
  });

  test("cities.dat (re-keyed): seven cities with map/x/y", () => {
    const cities = ao013!.tables.cities!.cities;
    expect(cities.map((c) => [c.id, c.map, c.x, c.y])).toEqual([
      [1, 1, 58, 45],
      [2, 34, 44, 88],
      [3, 59, 50, 50],
      [4, 62, 72, 41],
      [5, 196, 52, 75],
      [6, 286, 50, 65],
      [7, 151, 40, 48],
    ]);
    expect(cities.every((c) => c.valid)).toBe(true);
  });
});
