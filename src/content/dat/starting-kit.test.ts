import { describe, expect, test } from "bun:test";
import { CLASS_IDS, checkStartingKit, resolveStartingKit, type ClassId } from "../../game/character-creation/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { parseObjectsDat } from "./objects.ts";
import { parseSpellsDat } from "./spells.ts";
import { ao20StartingKit2024, ao20StartingKit2024For, parseStartingKitDat } from "./starting-kit.ts";

const crlf = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n") + "\r\n");

describe("parseStartingKitDat (EquipamientoInicial.dat, §5.1)", () => {
  test("VB6 keys, any letter case; [COMMON] first, then the class; equip=1 worn; spells", () => {
    const { value, errors, warnings } = parseStartingKitDat(
      crlf("[common]", "numobjs=2", "OBJ1=1616, 200, 0", "Obj2=573,100,0", "NumSpells=1", "Spell1=1", "[CLASS3]", "NumObjs=2", "Obj1=460,1,0", "Obj2=463,1,1", "[Class1]", "NumObjs=1", "Obj1=1356,1,0", "NumSpells=2", "Spell1=11", "Spell2=12"),
      "equipamientoinicial.dat",
    );
    expect([errors, warnings]).toEqual([[], []]);
    expect(value!.gold).toBe(0);
    expect(value!.byClass[3]).toEqual({
      items: [
        { slot: 1, objects: [1616], amount: 200, equipped: false },
        { slot: 2, objects: [573], amount: 100, equipped: false },
        { slot: 3, objects: [460], amount: 1, equipped: false },
        { slot: 4, objects: [463], amount: 1, equipped: true },
      ],
      spells: [1],
    });
    expect(value!.byClass[1]!.spells).toEqual([11, 12]);
    expect(value!.byClass[2]!.items.map((item) => item.slot)).toEqual([1, 2]);
  });

  test("NroObjs/NroSpells are read when NumObjs/NumSpells are absent; NumObjs wins when both are there", () => {
    const { value } = parseStartingKitDat(crlf("[COMMON]", "NroObjs=1", "Obj1=10,2,0", "NroSpells=1", "Spell1=4", "[CLASS2]", "NumObjs=1", "NroObjs=2", "Obj1=11,1,0", "Obj2=12,1,0"), "EquipamientoInicial.dat");
    expect(value!.byClass[1]).toEqual({ items: [{ slot: 1, objects: [10], amount: 2, equipped: false }], spells: [4] });
    expect(value!.byClass[2]!.items.map((item) => item.objects[0])).toEqual([10, 11]);
  });

  test("a malformed line is a warning with its line, and its slot stays empty; a file without kit sections is an error", () => {
    const { value, warnings } = parseStartingKitDat(crlf("[COMMON]", "NumObjs=3", "Obj1=10,2,0", "Obj2=11,2", "Obj3=12,1,0"), "EquipamientoInicial.dat");
    expect(value!.byClass[5]!.items.map((item) => item.slot)).toEqual([1, 3]);
    expect(warnings).toEqual([expect.objectContaining({ file: "EquipamientoInicial.dat", section: "COMMON", key: "Obj2", line: 4 })]);
    const notKit = parseStartingKitDat(crlf("[INIT]", "NumObjs=3"), "EquipamientoInicial.dat");
    expect(notKit.value).toBeNull();
    expect(notKit.errors[0]).toMatchObject({ code: "not-a-table", file: "EquipamientoInicial.dat" });
  });
});

/** [object, amount] per slot, with "ARMOR" for the worn clothes' slot (§5.3). */
function layout(id: ClassId): (readonly [number, number] | "ARMOR")[] {
  const items = ao20StartingKit2024().byClass[id].items;
  const slots = [...new Set(items.map((item) => item.slot))].sort((a, b) => a - b);
  return slots.map((slot) => {
    const here = items.filter((item) => item.slot === slot);
    return here.length > 1 ? "ARMOR" : ([here[0]!.objects[0]!, here[0]!.amount] as const);
  });
}

describe("the 2024 AO20 kit (character-creation.md §5.3)", () => {
  test("slot by slot, class by class, as RellenarInventario fills it", () => {
    const tail = ["ARMOR", [573, 100], [572, 100]] as const;
    expect(layout(1)).toEqual([[1616, 200], [1617, 300], [2332, 20], [1356, 1], ...tail]); // Mage
    expect(layout(6)).toEqual([[1616, 200], [1617, 300], [2332, 20], [460, 1], ...tail]); // Druid
    expect(layout(2)).toEqual([[1616, 200], [1617, 100], [1618, 50], [1619, 25], [2332, 20], [460, 1], [2085, 1], ...tail]); // Cleric
    expect(layout(3)).toEqual([[1616, 200], [1618, 50], [1619, 25], [2332, 20], [460, 1], [2085, 1], ...tail]); // Warrior
    expect(layout(4)).toEqual([[1616, 200], [1617, 100], [1618, 50], [1619, 25], [2332, 20], [460, 1], ...tail]); // Assassin
    expect(layout(5)).toEqual([[1616, 200], [1617, 100], [1618, 50], [1619, 25], [2332, 20], [460, 1], ...tail]); // Bard
    expect(layout(7)).toEqual([[1616, 200], [1617, 100], [1618, 50], [1619, 25], [2332, 20], [460, 1], [2085, 1], ...tail]); // Paladin
    expect(layout(8)).toEqual([[1616, 200], [1618, 50], [1619, 25], [2332, 20], [460, 1], [1355, 1], [1357, 300], ...tail]); // Hunter
    expect(layout(9)).toEqual([[1616, 200], [1618, 50], [1619, 25], [2332, 20], [460, 1], [2085, 1], ...tail]); // Worker
    expect(layout(10)).toEqual([[1616, 200], [1618, 50], [1619, 25], [2332, 20], [460, 1], [2085, 1], ...tail]); // Pirate
    expect(layout(11)).toEqual([[1616, 200], [1618, 50], [1619, 25], [2332, 20], [460, 1], [1354, 1], ...tail]); // Thief
    expect(layout(12)).toEqual([[1616, 200], [1617, 100], [1618, 50], [1619, 25], [2332, 20], [460, 1], [1354, 1], ...tail]); // Bandit
    const spells = CLASS_IDS.map((id) => ao20StartingKit2024().byClass[id].spells);
    expect(spells).toEqual([[1, 11, 12], [1, 11, 12], [], [], [1, 11, 12], [1, 11, 12], [], [], [], [], [], []]);
    expect(ao20StartingKit2024().gold).toBe(0);
  });

  test("clothes: 466 short males, 463–465 drawn for tall males, 563 short females, 1283–1285 drawn for tall females", () => {
    const kit = ao20StartingKit2024();
    const armor = (race: 1 | 2 | 3 | 4 | 5 | 6, gender: 1 | 2, r: number) => resolveStartingKit(kit, 3, race, gender, () => r)!.items.find((item) => item.equipped)!.objectId;
    expect([1, 2, 3, 6].map((race) => [0, 0.5, 0.99].map((r) => armor(race as 1, 1, r)))).toEqual(new Array(4).fill([463, 464, 465]));
    expect([1, 2, 3, 6].map((race) => [0, 0.5, 0.99].map((r) => armor(race as 1, 2, r)))).toEqual(new Array(4).fill([1283, 1284, 1285]));
    expect([armor(4, 1, 0.9), armor(5, 1, 0.9), armor(4, 2, 0.9), armor(5, 2, 0.9)]).toEqual([466, 466, 563, 563]);
    expect(checkStartingKit(kit)).toEqual([]);
  });

  test("only for a world whose obj.dat has those objects with those types", () => {
    const objects = (list: [number, number][]) => ({ declaredCount: 5000, objects: list.map(([id, objType]) => ({ id, objType }) as never) });
    expect(ao20StartingKit2024For(null)).toEqual({ ok: false, reason: "the world has no object table" });
    const own = ao20StartingKit2024For(objects([[1, 11], [2, 11]]));
    expect(own.ok).toBe(false);
    expect(!own.ok && own.reason).toStartWith("not the 2024 AO20 obj.dat: objects 1616, 1617,");
  });

  const hasData = requireSharedData("ao20/Dat/obj.dat", "ao20/Dat/Hechizos.dat");
  test.skipIf(!hasData)("every object of the kit exists in the 2024 obj.dat (shared ao20/Dat, fernesitto/Argentum-20 @4d6913b), every spell in its Hechizos.dat", () => {
    const objects = parseObjectsDat(readSharedData("ao20/Dat/obj.dat"), "obj.dat").value!;
    const spells = parseSpellsDat(readSharedData("ao20/Dat/Hechizos.dat"), "Hechizos.dat").value!;
    const derived = ao20StartingKit2024For(objects);
    expect(derived.ok).toBe(true);
    if (!derived.ok) return;
    const byId = new Map(objects.objects.map((object) => [object.id, object] as const));
    const spellIds = new Set(spells.spells.map((spell) => spell.id));
    expect(checkStartingKit(derived.kit, { objectType: (id) => byId.get(id)?.objType, hasSpell: (id) => spellIds.has(id) })).toEqual([]);
    // Every object is a newbie item of that obj.dat, as §5.3 says.
    for (const id of [1616, 1617, 1618, 1619, 2332, 460, 2085, 1355, 1357, 1354, 1356, 463, 464, 465, 466, 563, 1283, 1284, 1285, 573, 572]) {
      expect([id, byId.get(id)?.newbie]).toEqual([id, true]);
    }
    expect(byId.get(1616)!.name).toBe("Poción de Vida (newbie)");
    expect([463, 464, 465, 466, 563, 1283, 1284, 1285].map((id) => byId.get(id)!.body)).toEqual([1, 126, 3, 52, 138, 351, 352, 353]);
  });
});
