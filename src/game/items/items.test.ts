/**
 * The rules' view of obj.dat: per-type reading as VB6 `LoadOBJData` does it, on invented rows
 * and on the real 2024 `obj.dat` (shared `ao20/Dat`, fernesitto/Argentum-20 @4d6913b).
 */
import { describe, expect, test } from "bun:test";
import { parseObjectsDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { itemCatalog, itemCatalogFromObjects } from "./catalog.ts";
import { Race } from "./constants.ts";
import { equipmentKindOf } from "./equipment-kind.ts";
import { hasFlag, isBow, parseSkillRequirement } from "./item-template.ts";
import { ObjectFlag, ObjectType, ToolSubtype } from "./object-types.ts";

const OBJ_2024 = "ao20/Dat/obj.dat";
const ready = requireSharedData(OBJ_2024);

describe("item templates", () => {
  const catalog = itemCatalogFromObjects([
    { id: 1, objType: ObjectType.Amulet, royal: 1, leadersOnly: true, anim: 9, magicResistance: 4, effectDuration: 9, potionType: 3 },
    { id: 2, objType: ObjectType.Armor, royal: 1, magicResistance: 4, anim: 9, raceDwarf: 1, raceGnome: 1, bodyDwarfFemale: 77 },
    { id: 3, objType: ObjectType.WorkingTool, power: 4, magicPower: 9, anim: 147 },
    { id: 4, objType: ObjectType.Ring, power: 4, magicPower: 9 },
    { id: 5, objType: ObjectType.Potion, potionType: 4, percentage: 5, minModifier: 1, maxModifier: 2, effectDuration: 30 },
    { id: 6, objType: ObjectType.Backpack, anim: 12, bindable: 1, safeAreaOnly: 2, jailObject: -1 },
    { id: 7, objType: ObjectType.Weapon, projectile: 1, ammunition: 1 },
    { id: 8, objType: ObjectType.Weapon, projectile: 1, ammunition: 1, weaponType: 2 },
    { id: 9, objType: ObjectType.Chest, subType: 2, chestDeliverCount: 1, items: [{ objIndex: 38, amount: 5, dropChance: 0 }] },
    { id: 0, objType: ObjectType.Food },
    { id: 2.5, objType: ObjectType.Food },
  ]);

  test("keys VB6 reads only for some types count only there", () => {
    expect(catalog.get(1)).toMatchObject({ royal: 0, leadersOnly: false, anim: 0, magicResistance: 0, effectDuration: 0, potionType: 0 });
    expect(catalog.get(2)).toMatchObject({ royal: 1, magicResistance: 4, anim: 0, allowedRaces: [Race.Gnome, Race.Dwarf] });
    expect(catalog.get(2)!.bodies.female[Race.Dwarf]).toBe(77);
    expect(catalog.get(3)).toMatchObject({ power: 4, anim: 147 });
    expect(catalog.get(4)).toMatchObject({ power: 9 });
    expect(catalog.get(5)).toMatchObject({ potionType: 4, percentage: 5, minModifier: 1, maxModifier: 2, effectDuration: 30 });
    expect(catalog.get(6)!.anim).toBe(0); // `.BackpackAnim = Anim` is commented out in VB6
    expect(catalog.get(9)).toMatchObject({ chestDeliverCount: 1, chestItems: [{ objectId: 38, amount: 5, dropChance: 0 }] });
  });

  test("combat keys: weapons read the stab, NPC-hit, penetration and ammunition keys; ammunition only its NPC hits", () => {
    const combat = itemCatalogFromObjects([
      { id: 1, objType: ObjectType.Weapon, stabs: true, ammunition: 2, minHitToNpc: 5, maxHitToNpc: 9, minArmorPenetrationFlat: 1, maxArmorPenetrationFlat: 3, armorPenetrationPercent: 15, extraCritAndStabChance: 4 },
      { id: 2, objType: ObjectType.Ammunition, stabs: true, minHitToNpc: 2, maxHitToNpc: 3, minArmorPenetrationFlat: 1, extraCritAndStabChance: 4 },
      { id: 3, objType: ObjectType.Armor, stabs: true, minHitToNpc: 2, ammunition: 1 },
    ]);
    expect(combat.get(1)).toMatchObject({ stabs: true, ammunitionSubtype: 2, minHitToNpc: 5, maxHitToNpc: 9, minArmorPenetrationFlat: 1, maxArmorPenetrationFlat: 3, armorPenetrationPercent: 15, extraCritAndStabChance: 4 });
    expect(combat.get(2)).toMatchObject({ stabs: false, ammunitionSubtype: 0, minHitToNpc: 2, maxHitToNpc: 3, minArmorPenetrationFlat: 0, extraCritAndStabChance: 0 });
    expect(combat.get(3)).toMatchObject({ stabs: false, ammunitionSubtype: 0, minHitToNpc: 0 });
  });

  test("ObjFlags bits are set by values above 0", () => {
    const backpack = catalog.get(6)!;
    expect([hasFlag(backpack, ObjectFlag.Bindable), hasFlag(backpack, ObjectFlag.UseOnSafeAreaOnly), hasFlag(backpack, ObjectFlag.JailObject)]).toEqual([true, true, false]);
  });

  test("a bow is WeaponType 3, or (2024 data) an untyped weapon with Proyectil and Municiones", () => {
    expect(isBow(catalog.get(7)!)).toBe(true);
    expect(isBow(catalog.get(8)!)).toBe(false);
  });

  test("ids that are not positive integers, or unknown, give undefined", () => {
    expect(catalog.size).toBe(9);
    for (const id of [0, -1, 2.5, 10, Number.NaN]) expect(catalog.get(id)).toBeUndefined();
  });

  test("SkillRequerido: name matched without case and accents, points with Val", () => {
    expect(parseSkillRequirement("Supervivencia-100")).toEqual({ skill: 8, points: 100 });
    expect(parseSkillRequirement("pesca-60")).toEqual({ skill: 18, points: 60 });
    expect(parseSkillRequirement("NAVEGACIÓN-10")).toEqual({ skill: 14, points: 10 });
    expect(parseSkillRequirement("Panaderia-10")).toBeNull();
    expect(parseSkillRequirement("")).toBeNull();
  });

  test("equipment kinds: rings and magical instruments share the ring slot; auras are donator subtype 4", () => {
    expect(equipmentKindOf({ type: ObjectType.MagicalInstrument, subType: 0 })).toBe("ring");
    expect(equipmentKindOf({ type: ObjectType.Donator, subType: 4 })).toBe("aura");
    expect(equipmentKindOf({ type: ObjectType.Donator, subType: 1 })).toBeNull();
    expect(equipmentKindOf({ type: ObjectType.Potion, subType: 0 })).toBeNull();
  });
});

describe.skipIf(!ready)("the 2024 obj.dat", () => {
  const table = ready ? parseObjectsDat(readSharedData(OBJ_2024), OBJ_2024).value! : (undefined as never);
  const catalog = ready ? itemCatalog(table) : (undefined as never);

  test("every object is readable; NumOBJs is 3775", () => {
    expect(catalog.declaredCount).toBe(3775);
    expect(catalog.size).toBe(table.objects.length);
  });

  test("known objects read as the rules need them", () => {
    expect(catalog.get(12)).toMatchObject({ name: "Monedas de Oro", type: ObjectType.GoldCoin });
    expect(catalog.get(38)).toMatchObject({ type: ObjectType.Potion, potionType: 3, minModifier: 30, maxModifier: 30, value: 2, sound: 135 });
    expect(catalog.get(169)).toMatchObject({ potionType: 7, minModifier: 30, maxModifier: 20 });
    expect(catalog.get(187)).toMatchObject({ type: ObjectType.WorkingTool, subType: ToolSubtype.Pickaxe, anim: 147, value: 210 });
    expect(catalog.get(2)).toMatchObject({ type: ObjectType.Weapon, anim: 68, minHit: 4, maxHit: 8, forbiddenClasses: [1, 6, 5] });
    expect(catalog.get(402)).toMatchObject({ twoHanded: true, minLevel: 35, aura: "20155:238053000:0:248" });
    expect(catalog.get(138)!.requiredSkill).toEqual({ skill: 18, points: 100 });
    expect(catalog.get(1500)).toMatchObject({ chaos: 1, hierarchy: 1, allowedRaces: [Race.Human, Race.Elf, Race.Drow, Race.Orc], cannotDrop: true, untradeable: true });
    expect(catalog.get(534)).toMatchObject({ type: ObjectType.EmptyBottle, openIndex: 533, closedIndex: 534 });
    expect(catalog.get(1871)).toMatchObject({ chaos: 1, projectile: 1, usesAmmunition: true });
    expect(isBow(catalog.get(479)!)).toBe(true); // Arco Simple: no WeaponType in 2024
    expect(catalog.get(479)).toMatchObject({ ammunitionSubtype: 1, minHit: 5, maxHit: 8 });
    expect(catalog.get(15)).toMatchObject({ name: "Daga Común", stabs: true, minHit: 1, maxHit: 3 });
    expect(catalog.get(551)).toMatchObject({ name: "Flecha +2", type: ObjectType.Ammunition, subType: 3, minHit: 3, maxHit: 4 });
    expect(catalog.get(201)).toMatchObject({ type: ObjectType.Chest, subType: 2, chestDeliverCount: 1 });
    expect(catalog.get(201)!.chestItems).toHaveLength(14);
  });
});
