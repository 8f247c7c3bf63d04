/**
 * The obj.dat keys the item rules (src/game/items and friends) read besides the original set:
 * `Jerarquia`, `BowCategory`, `ArrowCategory`, `RepairTo`, `SndAura`, `JineteLevel`, the three
 * `ObjFlags` sources (read by VB6 `LoadOBJData` for every object type) and `CantEntrega` (chests).
 */
import { describe, expect, test } from "bun:test";
import { parseObjectsDat } from "./objects.ts";

const crlf = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n") + "\r\n");

describe("obj.dat keys of the item rules", () => {
  const file = crlf(
    "[INIT]",
    "NumOBJs=3",
    "[OBJ1]",
    "Name=Armadura del Caos",
    "ObjType=3",
    "Caos=1",
    "jerarquia=2 'rango",
    "SndAura=41",
    "Bindable=1",
    "UseOnSafeAreaOnly=1",
    "JailObject=1",
    "[OBJ2]",
    "Name=Arco",
    "ObjType=2",
    "BowCategory=3",
    "[OBJ3]",
    "Name=Flecha",
    "ObjType=32",
    "ArrowCategory=2",
    "RepairTo=7",
    "JineteLevel=4",
    "CantEntrega=2",
  );
  const { value, errors } = parseObjectsDat(file, "obj.dat");

  test("are read case-insensitively with Val() conversions", () => {
    expect(errors).toEqual([]);
    const [armor, bow, arrow] = value!.objects;
    expect(armor).toMatchObject({ hierarchy: 2, auraSound: 41, bindable: 1, safeAreaOnly: 1, jailObject: 1 });
    expect(bow).toMatchObject({ bowCategory: 3, arrowCategory: 0, hierarchy: 0 });
    expect(arrow).toMatchObject({ arrowCategory: 2, repairTo: 7, riderLevel: 4, bindable: 0, chestDeliverCount: 2 });
  });
});
