/** What casters make of the server's spell list (`GET /api/world`), and the fallback without it. */
import { describe, expect, test } from "bun:test";
import { DEFAULT_SPELL_CATALOG, normalSpellName, spellCatalogFromWorldInfo } from "./spell-roles.ts";

describe("spell roles", () => {
  test("the AO20 starting spells and the default world's, by name whatever the accents and case; the mana from the document", () => {
    const read = spellCatalogFromWorldInfo({
      name: "ao20",
      spells: [
        { id: 1, name: "Dardo Mágico", mana: 10 },
        { id: 11, name: "Curar veneno", mana: 10 },
        { id: 12, name: "Curar heridas leves", mana: 10 },
        { id: 25, name: "PARALIZAR", mana: 450 },
        { id: 26, name: "  Inmovilizar ", mana: 300 },
        { id: 30, name: "Chispa" },
      ],
    })!;
    expect([read.known, read.listed]).toEqual([5, 6]);
    const { catalog } = read;
    expect([1, 11, 12, 25, 26, 30, 99].map((id) => catalog.roleOf(id))).toEqual(["damage", undefined, "heal", "paralyze", "paralyze", "damage", undefined]);
    expect([catalog.manaOf(1), catalog.manaOf(25), catalog.manaOf(30), catalog.manaOf(11)]).toEqual([10, 450, Number.NaN, Number.NaN]);
    expect(normalSpellName("Flecha  MÁGICA")).toBe("flecha magica");
    // Without a document: the default world's numbers.
    expect([1, 2, 3].map((id) => DEFAULT_SPELL_CATALOG.roleOf(id))).toEqual(["damage", "heal", "paralyze"]);
    expect(DEFAULT_SPELL_CATALOG.manaOf(1)).toBe(6);
  });

  test("hostile documents: no spell list is undefined; bad entries are skipped; names of Object's own keys are no role", () => {
    for (const document of [null, 7, "x", {}, { spells: "many" }, { spells: null }]) expect(spellCatalogFromWorldInfo(document)).toBeUndefined();
    const read = spellCatalogFromWorldInfo({
      spells: [null, 3, { id: "1", name: "Chispa" }, { id: 1.5, name: "Chispa" }, { id: -2, name: "Chispa" }, { id: 4, name: 9 }, { id: 5, name: "constructor" }, { id: 6, name: "__proto__" }, { id: 7, name: "toString" }, { id: 8, name: "Chispa", mana: -3 }],
    })!;
    expect([read.known, read.listed]).toEqual([1, 4]);
    expect([5, 6, 7].map((id) => read.catalog.roleOf(id))).toEqual([undefined, undefined, undefined]);
    expect([read.catalog.roleOf(8), read.catalog.manaOf(8)]).toEqual(["damage", Number.NaN]);
  });
});
