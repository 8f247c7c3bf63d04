import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseAo013ObjectsDat } from "./ao013-objects.ts";
import { parseBalanceDat } from "./balance.ts";
import { parseCitiesDat } from "./cities.ts";
import { buildGameTables, compactGameTables, GameTablesSchema } from "./game-tables.ts";
import { parseMapDat, parseSpecialMapsDat } from "./map-metadata.ts";
import { parseNpcsDat } from "./npcs.ts";
import { parseObjectsDat } from "./objects.ts";
import { parseSpellsDat } from "./spells.ts";

const crlf = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n") + "\r\n");

describe("parseObjectsDat", () => {
  const file = crlf(
    "[INIT]",
    "NumOBJs=5",
    "[OBJ1]",
    "Name=Cartel",
    "ObjType=8",
    "Agarrable=1",
    "GrhIndex=30561",
    "[OBJ2]",
    "Name=Espada",
    "ObjType=2",
    "MinHIT=4",
    "MaxHIT=8 'comentario",
    "CP1=MAGO",
    "CP2= Clérigo ",
    "CP3=PANADERO",
    "CP4=",
    "[OBJ3]",
    "[OBJ4]",
    "Name=Cofre",
    "ObjType=48",
    "Subtipo=3",
    "CantItem=2",
    "Item1=12",
    "Cantidad1=100",
    "Drop1=25",
    "Item2=13",
    "Cantidad2=1",
    "Drop2=75",
    "[OBJ9]",
    "Name=Above the count",
  );
  const { value, errors, warnings } = parseObjectsDat(file, "obj.dat");

  test("reads objects with VB6 conversions", () => {
    expect(errors).toEqual([]);
    expect(value!.declaredCount).toBe(5);
    expect(value!.objects.map((o) => o.id)).toEqual([1, 2, 4]);
    const [sign, sword, chest] = value!.objects;
    expect(sign).toMatchObject({ name: "Cartel", objType: 8, fixedInPlace: true, grhIndex: 30561 });
    expect(sword).toMatchObject({ minHit: 4, maxHit: 8, fixedInPlace: false });
    expect(sword!.forbiddenClasses).toEqual([1, 2]);
    expect(chest!.items).toEqual([
      { objIndex: 12, amount: 100, dropChance: 25 },
      { objIndex: 13, amount: 1, dropChance: 75 },
    ]);
  });

  test("reports what VB6 would trip over or never read", () => {
    const codes = warnings.map((w) => `${w.code}:${w.section ?? ""}`);
    expect(codes).toContain("bad-value:OBJ2"); // PANADERO is not a class
    expect(codes).toContain("ignored-section:OBJ9");
    expect(codes).toContain("empty-sections:");
    expect(warnings.find((w) => w.code === "bad-value")!.line).toBe(15); // CP3=PANADERO
  });

  test("binary data and files without any object section are errors naming the file", () => {
    const binary = parseObjectsDat(new Uint8Array([0x5b, 0x41, 0x00, 0x5d]), "obj.dat");
    expect(binary.value).toBeNull();
    expect(binary.errors[0]).toMatchObject({ code: "not-a-table", file: "obj.dat", offset: 2 });
    const empty = parseObjectsDat(new Uint8Array(), "obj.dat");
    expect(empty.errors[0]!.code).toBe("not-a-table");
  });
});

describe("parseNpcsDat", () => {
  const file = crlf(
    "[INIT]",
    "NumNPCs=2",
    "[NPC1] 'guardia",
    "Name=Guardia",
    "ReSpawn=1",
    "NROITEMS=3",
    "Obj1=414-1",
    "Obj3=12-5",
    "DropCount=1",
    "Drop1=500-10-1-3",
    "CaminataLen=2",
    "Caminata1=1:0:500",
    "Caminata2=2:3",
    "LanzaSpells=1",
    "Sp1=9",
    "Cd1=4000",
    "[NPC2]",
    "Name=Lobo",
    "Drop1=12-1 ' oro",
    "Drop3=14-2",
  );
  const { value } = parseNpcsDat(file, "npcs.dat");

  test("AO20 lists: inventory (a gap stays an empty slot), drops, walk, spells", () => {
    const guard = value!.npcs[0]!;
    expect(guard.respawnFlag).toBe(1);
    // VB6 CargarInvent reads Obj<i> into shop slot i: the missing Obj2 is an empty slot 2.
    expect(guard.inventory).toEqual([
      { objIndex: 414, amount: 1 },
      { objIndex: 0, amount: 0 },
      { objIndex: 12, amount: 5 },
    ]);
    expect(guard.drops).toEqual([{ objIndex: 500, chance: 10, minAmount: 1, maxAmount: 3 }]);
    expect(guard.itemDrops).toEqual([]);
    // A step with fewer than three fields is zeroed, as VB6 does.
    expect(guard.walk).toEqual([
      { offsetX: 1, offsetY: 0, waitMs: 500 },
      { offsetX: 0, offsetY: 0, waitMs: 0 },
    ]);
    expect(guard.spells).toEqual([{ spellIndex: 9, cooldown: 4000 }]);
  });

  test("shops (items-and-economy §7.1): Comercia, TipoItems, InvReSpawn, SoundClose, NROITEMS clamped to 42, slots kept", () => {
    const shop = parseNpcsDat(
      crlf(
        "[INIT]",
        "NumNPCs=2",
        "[NPC1]",
        "Name=Tendero",
        "NpcType=0",
        "Comercia=1",
        "TipoItems=100",
        "InvReSpawn=1",
        "SoundClose=703",
        "NROITEMS=5",
        "Obj1=38-10000",
        "Obj2=0-0",
        "Obj3=39-500 'pocion azul",
        "Obj4=",
        "[NPC2]",
        "Name=Mucho",
        "Comercia=1",
        "NROITEMS=99",
        ...Array.from({ length: 50 }, (_, i) => `Obj${i + 1}=${i + 1}-1`),
      ),
      "npcs.dat",
    ).value!;
    const [tendero, mucho] = shop.npcs;
    expect(tendero).toMatchObject({ name: "Tendero", npcType: 0, trades: true, tradeItemType: 100, inventoryRespawn: true, soundClose: 703 });
    // Slot 2 stays empty; the empty slots after the last stocked one (4, 5) are left out.
    expect(tendero!.inventory).toEqual([
      { objIndex: 38, amount: 10_000 },
      { objIndex: 0, amount: 0 },
      { objIndex: 39, amount: 500 },
    ]);
    expect(mucho!.inventory).toHaveLength(42);
    expect(mucho!.inventory.at(-1)).toEqual({ objIndex: 42, amount: 1 });
    expect(mucho).toMatchObject({ trades: true, tradeItemType: 0, inventoryRespawn: false });
  });

  test("0.13 Drop<n> without a count", () => {
    expect(value!.npcs[1]!.itemDrops).toEqual([
      { objIndex: 12, amount: 1 },
      { objIndex: 14, amount: 2 },
    ]);
  });
});

describe("parseSpellsDat", () => {
  test("reads the stat triples", () => {
    const { value } = parseSpellsDat(crlf("[INIT]", "NumeroHechizos=1", "[HECHIZO1]", "Nombre=Curar", "SubeHP=1", "MinHP=5", "MaxHP=10"), "h.dat");
    expect(value!.spells[0]).toMatchObject({ id: 1, name: "Curar", hpMode: 1, minHp: 5, maxHp: 10 });
  });
});

describe("parseBalanceDat", () => {
  test("GetValue defaults: MODAPUNALAR is 1 when the section exists without the key, 0 without the section", () => {
    const withSection = parseBalanceDat(crlf("[MODRAZA]", "HumanoFuerza=+1", "[MODAPUNALAR]", "Mago=0.1"), "Balance.dat").value!;
    expect(withSection.classes[0]!.stab).toBe(0.1);
    expect(withSection.classes[1]!.stab).toBe(1);
    const withoutSection = parseBalanceDat(crlf("[MODRAZA]", "HumanoFuerza=+1"), "Balance.dat").value!;
    expect(withoutSection.classes[1]!.stab).toBe(0);
  });

  test("Integer fields round half to even; overflow is reported", () => {
    const { value, warnings } = parseBalanceDat(
      crlf("[MODRAZA]", "HumanoFuerza=2.5", "ElfoFuerza=3.5", "[AUMENTO_STA]", "Mago=40000", "[EXP]", "1=3000000000"),
      "Balance.dat",
    );
    expect([value!.races[0]!.strength, value!.races[1]!.strength]).toEqual([2, 4]);
    expect(warnings.filter((w) => w.code === "bad-value").map((w) => w.section)).toEqual(["AUMENTO_STA", "EXP"]);
  });

  test("elemental matrix rows", () => {
    const { value } = parseBalanceDat(crlf("[MODVIDA]", "[ElementalMatrixForNpcs]", "Row1=1 0.5 2 1", "Row2=0.75"), "Balance.dat");
    expect(value!.elementalMatrixForNpcs).toEqual([
      [1, 0.5, 2, 1],
      [0.75, 1, 1, 1],
      [1, 1, 1, 1],
      [1, 1, 1, 1],
    ]);
  });

  test("a file that is not a Balance.dat is an error", () => {
    expect(parseBalanceDat(crlf("[FOO]", "a=1"), "Balance.dat").errors[0]!.code).toBe("not-a-table");
  });
});

describe("parseCitiesDat", () => {
  test("AO20 sections; missing cities are warned about", () => {
    const { value, warnings } = parseCitiesDat(crlf("[Ullathorpe]", "Mapa=1", "X=57", "Y=44", "Mapas=1, 2,,0"), "Ciudades.dat");
    expect(value!.cities[0]).toMatchObject({ id: 1, map: 1, x: 57, y: 44, valid: true, maps: [1, 2] });
    expect(value!.cities[1]).toMatchObject({ id: 2, name: "NIX", present: false, valid: false });
    expect(warnings.filter((w) => w.code === "missing-value").length).toBe(9);
  });

  test("the re-keyed server-aog form", () => {
    const bytes = new TextEncoder().encode("[INIT]\ncitie_count = 2\n\n[CITY1]\nmap = 1\nx = 58\ny = 45\n");
    const { value, warnings } = parseCitiesDat(bytes, "cities.dat");
    expect(value!.cities).toHaveLength(1);
    expect(value!.cities[0]).toMatchObject({ id: 1, map: 1, x: 58, y: 45, valid: true });
    expect(warnings[0]!.message).toContain("citie_count=2");
  });
});

describe("parseMapDat / parseSpecialMapsDat", () => {
  test("map-number keys, first duplicate wins, bad keys reported", () => {
    const { value, warnings } = parseMapDat(
      crlf("[INIT]", "NumMaps=3", "[RESUCIUDAD]", "2=6", "2=1", "x=1", "[KeepInviOnAttack]", "3=1", "1=0"),
      "Map.dat",
    );
    expect(value).toEqual({ declaredMapCount: 3, resurrectCity: { "2": 6 }, keepInvisibleOnAttack: [3], forceUpdateAi: [] });
    expect(warnings.map((w) => w.code).sort()).toEqual(["bad-value", "duplicate-key"]);
  });

  test("Cantidad lists", () => {
    const { value, warnings } = parseSpecialMapsDat(crlf("[MapasEventos]", "Cantidad=3", "Mapa1=300", "Mapa3=5"), "MapasEspeciales.dat");
    expect(value!.events).toEqual([300, 5]);
    expect(warnings[0]).toMatchObject({ code: "missing-value", key: "MAPA2" });
  });
});

describe("parseAo013ObjectsDat", () => {
  test("snake_case keys with spaces around '='", () => {
    const bytes = new TextEncoder().encode(
      "# header\n[INIT]\nobject_count = 2\n\n[OBJ1]\nname = Puerta\nobject_type = 6\npickupable = 0\nlocked = 1\nkey = 3\n\n[OBJ2]\nname = Espada\nforbidden_archetype1 = MAGO\nforbidden_archetype2 = NINJA\n",
    );
    const { value, warnings } = parseAo013ObjectsDat(bytes, "objects.dat");
    expect(value!.objects[0]).toMatchObject({ name: "Puerta", objType: 6, fixedInPlace: true, closed: true, keyCode: 3, locked: true });
    expect(value!.objects[1]!.forbiddenClasses).toEqual([1]);
    expect(warnings.some((w) => w.code === "bad-value" && w.message.includes("NINJA"))).toBe(true);
  });
});

describe("buildGameTables", () => {
  const files: Record<string, string[]> = {
    "obj.dat": ["[INIT]", "NumOBJs=1", "[OBJ1]", "Name=Manzana", "GrhIndex=506"],
    "npcs.dat": ["[INIT]", "NumNPCs=1", "[NPC1]", "Name=Lobo"],
  };
  const reader = (name: string) => (files[name] ? { name, bytes: crlf(...files[name]!) } : undefined);

  test("a missing required file is an error, a missing optional file a warning", () => {
    const { tables, errors, warnings } = buildGameTables("ao20", reader);
    expect(errors.map((e) => `${e.code}:${e.file}`)).toEqual(["missing-file:hechizos.dat"]);
    expect(warnings.filter((w) => w.code === "missing-file").map((w) => w.file)).toEqual([
      "balance.dat",
      "ciudades.dat",
      "map.dat",
      "mapasespeciales.dat",
      "help.dat",
      "quests.dat",
    ]);
    expect(tables.objects!.objects[0]!.name).toBe("Manzana");
    expect(tables.spells).toBeNull();
  });

  test("an unreadable file is an error naming it", () => {
    const { errors } = buildGameTables("ao013", (name) => (name === "npcs.dat" ? new Error("EACCES") : reader(name)));
    expect(errors.some((e) => e.code === "unreadable-file" && e.file === "npcs.dat" && e.message.includes("EACCES"))).toBe(true);
  });

  test("compact storage drops defaults and the schema restores them", () => {
    const { tables } = buildGameTables("ao20", reader);
    const stored = compactGameTables(tables);
    expect(stored.objects!.objects[0]).toEqual({ id: 1, name: "Manzana", grhIndex: 506 });
    expect(GameTablesSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(tables);
  });
});

describe("hostile input", () => {
  const parsers = [parseObjectsDat, parseNpcsDat, parseSpellsDat, parseBalanceDat, parseCitiesDat, parseMapDat, parseSpecialMapsDat, parseAo013ObjectsDat];

  test("random bytes never throw from any table parser", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat(parsers.length - 1), (bytes, which) => {
        const result = parsers[which]!(bytes, "fuzz.dat");
        expect(result.value !== null || result.errors.length > 0).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test("INI-shaped random text never throws", () => {
    const line = fc.oneof(
      fc.constantFrom("[INIT]", "[OBJ1]", "[NPC1]", "[HECHIZO1]", "[MODRAZA]", "[NIX]", "[RESUCIUDAD]", "[MapasEventos]", "Cantidad=99999999"),
      fc.constantFrom("NumOBJs=999999999", "NumNPCs=-5", "CantItem=1e9", "NROITEMS=&HFFFF", "LanzaSpells=40000", "Gemas=3", "Materiales=1-2-x"),
      fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })).map(([k, v]) => `${k}=${v}`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.nat(parsers.length - 1), (lines, which) => {
        parsers[which]!(crlf(...lines), "fuzz.dat");
      }),
      { numRuns: 300 },
    );
  });
});
