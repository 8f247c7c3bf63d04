import { describe, expect, test } from "bun:test";
import { CaseInsensitiveNames, detectMapFormat, findAo013Maps, findAo20Maps } from "./map-files.ts";

describe("map file discovery", () => {
  test("AO20 names in mixed case, sorted by number; others ignored", () => {
    const names = new CaseInsensitiveNames(["Mapa310.csm", "mapa1.csm", "MAPA2.CSM", "mapa01.csm", "notes.txt", "Mapa0.csm"]);
    expect(findAo20Maps(names)).toEqual([
      { id: 1, csm: "mapa1.csm" },
      { id: 2, csm: "MAPA2.CSM" },
      { id: 310, csm: "Mapa310.csm" },
    ]);
  });

  test("AO 0.13 companions are found whatever their case", () => {
    const names = new CaseInsensitiveNames(["Mapa7.map", "Mapa7.inf", "mapa7.dat", "Mapa8.map", "Mapa8.inf"]);
    expect(findAo013Maps(names)).toEqual([
      { id: 7, map: "Mapa7.map", inf: "Mapa7.inf", dat: "mapa7.dat" },
      { id: 8, map: "Mapa8.map", inf: "Mapa8.inf", dat: undefined },
    ]);
  });

  test("format detection", () => {
    expect(detectMapFormat(["mapa1.csm"])).toBe("ao20");
    expect(detectMapFormat(["Mapa1.map", "Mapa1.inf"])).toBe("ao013");
    expect(detectMapFormat(["mapa1.csm", "Mapa1.map"])).toBe("both");
    expect(detectMapFormat(["readme.md"])).toBeUndefined();
  });
});
