import { describe, expect, test } from "bun:test";
import { CLASS_IDS, type ClassId } from "./ids.ts";
import { REFERENCE_STARTER_KIT, LEGACY_STARTER_KIT, starterKitFromIni, starterKitToIni, type IniValueLookup, type StarterKit } from "./starter-kit.ts";

/** A tiny INI lookup over text (sections and keys case-insensitive), for the loader tests. */
function lookupOf(text: string): IniValueLookup {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split(/\r\n|\n/)) {
    if (line.startsWith("[")) {
      current = new Map();
      sections.set(line.slice(1, line.indexOf("]")).toUpperCase(), current);
    } else if (current && line.indexOf("=") > 0) {
      current.set(line.slice(0, line.indexOf("=")).toUpperCase(), line.slice(line.indexOf("=") + 1));
    }
  }
  return (section, key) => sections.get(section.toUpperCase())?.get(key.toUpperCase());
}

const slotsOf = (kit: StarterKit, cls: ClassId) => kit.common.items.length + kit.byClass[cls].items.length;

describe("reference kit (§5.2)", () => {
  test("slot totals per class: Mage 10, Druid 11, Thief 12, Worker 13, Warrior 15, others 14", () => {
    const expected: Record<ClassId, number> = { 1: 10, 2: 14, 3: 15, 4: 14, 5: 14, 6: 11, 7: 14, 8: 14, 9: 13, 10: 14, 11: 12, 12: 14 };
    for (const cls of CLASS_IDS) {
      expect([cls, slotsOf(LEGACY_STARTER_KIT, cls)]).toEqual([cls, expected[cls]]);
      expect([cls, slotsOf(REFERENCE_STARTER_KIT, cls)]).toEqual([cls, expected[cls]]);
    }
  });

  test("both layouts hold the same items per class, and exactly one armor", () => {
    const bag = (kit: StarterKit, cls: ClassId) =>
      [...kit.common.items, ...kit.byClass[cls].items].map((i) => `${i.objectId}x${i.amount}${i.equip ? "E" : ""}`).sort();
    for (const cls of CLASS_IDS) {
      expect(bag(REFERENCE_STARTER_KIT, cls)).toEqual(bag(LEGACY_STARTER_KIT, cls));
      expect(LEGACY_STARTER_KIT.byClass[cls].items.filter((i) => i.equip)).toHaveLength(1);
      expect(REFERENCE_STARTER_KIT.byClass[cls].spells).toEqual(LEGACY_STARTER_KIT.byClass[cls].spells);
    }
  });

  test("spells: casters 1, 7; paladin, assassin, bandit 291, 12; the rest none", () => {
    const spells = CLASS_IDS.map((cls) => REFERENCE_STARTER_KIT.byClass[cls].spells);
    expect(spells).toEqual([[1, 7], [1, 7], [], [291, 12], [1, 7], [1, 7], [291, 12], [], [], [], [], [291, 12]]);
  });

  test("the hunter gets 1050 arrows and the pirate 350 bullets", () => {
    expect(REFERENCE_STARTER_KIT.byClass[8].items.find((i) => i.objectId === 3492)?.amount).toBe(1050);
    expect(REFERENCE_STARTER_KIT.byClass[10].items.find((i) => i.objectId === 3498)?.amount).toBe(350);
  });
});

describe("EquipamientoInicial.dat format (§5.1)", () => {
  test("write then load gives the same kit, without problems", () => {
    for (const kit of [REFERENCE_STARTER_KIT, LEGACY_STARTER_KIT]) {
      const text = starterKitToIni(kit);
      expect(text).toContain("\r\n");
      const { kit: loaded, problems } = starterKitFromIni(lookupOf(text));
      expect(problems).toEqual([]);
      expect(loaded).toEqual(kit);
    }
  });

  test("the written text has the VB6 keys", () => {
    const text = starterKitToIni(REFERENCE_STARTER_KIT);
    expect(text.split("\r\n").slice(0, 8)).toEqual(["[COMMON]", "NumObjs=5", "Obj1=4335,500,0", "Obj2=4334,35,0", "Obj3=3791,4,0", "Obj4=3684,100,0", "Obj5=3685,50,0", "NumSpells=0"]);
    expect(text).toContain("[CLASS1]\r\nNumObjs=5\r\nObj1=4336,850,0\r\nObj2=4337,80,0\r\nObj3=3495,1,0\r\nObj4=3493,1,0\r\nObj5=3502,1,1\r\nNumSpells=2\r\nSpell1=1\r\nSpell2=7");
  });

  test("malformed and missing entries become empty slots at their position; NumObjs is trusted", () => {
    const text = ["[common]", "numobjs=6", "Obj1= 10 , 5 , 0 ", "Obj2=11,5", "Obj3=x,1,0", "Obj5=12,1,1", "Obj6=13,1,2", "NumSpells=2", "Spell1=4", "Spell2=abc"].join("\r\n");
    const { kit, problems } = starterKitFromIni(lookupOf(text));
    expect(kit.common.items).toEqual([
      { objectId: 10, amount: 5, equip: false },
      { objectId: 0, amount: 0, equip: false },
      { objectId: 0, amount: 0, equip: false },
      { objectId: 0, amount: 0, equip: false },
      { objectId: 12, amount: 1, equip: true },
      { objectId: 0, amount: 0, equip: false },
    ]);
    expect(kit.common.spells).toEqual([4, 0]);
    expect(problems.map((p) => `${p.section}.${p.key}`)).toEqual(["COMMON.Obj2", "COMMON.Obj3", "COMMON.Obj4", "COMMON.Obj6", "COMMON.Spell2"]);
    // Missing class sections give empty sets, as VB6 does.
    expect(kit.byClass[5]).toEqual({ items: [], spells: [] });
  });

  test("absurd counts are refused instead of allocating", () => {
    const { kit, problems } = starterKitFromIni(lookupOf("[COMMON]\nNumObjs=99999999\nNumSpells=-3"));
    expect(kit.common).toEqual({ items: [], spells: [] });
    expect(problems.map((p) => p.key)).toEqual(["NumObjs", "NumSpells"]);
  });
});
