/**
 * The smaller pure parts: direction keys, creation form, world info, message texts.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { AO20_HEAD_RANGES, CITIES, isValidHead } from "../game/character-creation/index.ts";
import { Heading, LocaleMessageId } from "../protocol/index.ts";
import { checkCreationForm, cycleHead, headChoices } from "./creation-options.ts";
import { DirectionKeys } from "./direction-keys.ts";
import { messageBoxText, quitCountdownOf } from "./ui-text.ts";
import { buildWorldInfoJson, parseWorldInfo } from "./world-info.ts";

describe("DirectionKeys", () => {
  test("the latest held key wins and releasing it falls back to the previous one", () => {
    const keys = new DirectionKeys();
    expect(keys.heading).toBe(0);
    expect(keys.press("ArrowUp")).toBe(true);
    expect(keys.press("ArrowRight")).toBe(true);
    expect(keys.heading).toBe(Heading.East);
    keys.release("ArrowRight");
    expect(keys.heading).toBe(Heading.North);
    expect(keys.press("KeyQ")).toBe(false);
    keys.press("ArrowUp"); // auto-repeat does not duplicate
    keys.release("ArrowUp");
    expect(keys.heading).toBe(0);
    keys.press("ArrowDown");
    keys.releaseAll();
    expect(keys.heading).toBe(0);
  });

  test("letters are the stock client's action keys, not directions (A picks up)", () => {
    const keys = new DirectionKeys();
    for (const code of ["KeyW", "KeyA", "KeyS", "KeyD", "KeyE", "KeyU", "KeyT"]) expect({ code, walks: keys.press(code) }).toEqual({ code, walks: false });
    expect(keys.heading).toBe(0);
  });
});

describe("character creation form", () => {
  test("offers exactly the heads the server accepts for each race and gender", () => {
    for (const race of [1, 2, 3, 4, 5, 6] as const) {
      for (const gender of [1, 2] as const) {
        const heads = headChoices(race, gender);
        const ranges = gender === 1 ? AO20_HEAD_RANGES[race].male : AO20_HEAD_RANGES[race].female;
        expect(heads.length).toBe(ranges.reduce((sum, r) => sum + r.last - r.first + 1, 0));
        expect(heads.every((head) => isValidHead(race, gender, head))).toBe(true);
      }
    }
    expect(headChoices(9, 1)).toEqual([]);
  });

  test("cycling heads wraps around", () => {
    const heads = headChoices(1, 1);
    expect(cycleHead(1, 1, heads[0]!, -1)).toBe(heads.at(-1)!);
    expect(cycleHead(1, 1, heads.at(-1)!, 1)).toBe(heads[0]!);
    expect(cycleHead(1, 1, 9_999, 1)).toBe(heads[1]!);
  });

  const cities = [{ id: 1 }, { id: 2 }];
  const valid = { name: "Tester", race: 1, gender: 1, classId: 3, head: 1, homeCity: 2, homeCities: cities };

  test("a valid form becomes the LoginNewChar request", () => {
    expect(checkCreationForm(valid)).toEqual({ ok: true, request: { name: "Tester", race: 1, gender: 1, classId: 3, head: 1, homeCity: 2 } });
  });

  test("each field is checked with a readable reason", () => {
    expect(checkCreationForm({ ...valid, name: "Al" })).toMatchObject({ ok: false, field: "name" });
    expect(checkCreationForm({ ...valid, name: "R2D2" })).toMatchObject({ ok: false, field: "name", text: expect.stringContaining("letras") });
    expect(checkCreationForm({ ...valid, race: 7 })).toMatchObject({ ok: false, field: "race" });
    expect(checkCreationForm({ ...valid, head: 500 })).toMatchObject({ ok: false, field: "head" });
    expect(checkCreationForm({ ...valid, homeCity: 3 })).toMatchObject({ ok: false, field: "homeCity" });
  });
});

describe("world info", () => {
  test("the server's document round-trips", () => {
    const json = buildWorldInfoJson({
      name: "Mundo",
      homeCities: [{ id: 1, name: "Alba, Plaza Mayor" }],
      objects: [{ id: 17, name: "Monedas de Oro", objType: 5 }],
      graphicsUrl: "/graphics",
    });
    const info = parseWorldInfo(JSON.parse(JSON.stringify(json)));
    expect(info.name).toBe("Mundo");
    expect(info.homeCities).toEqual([{ id: 1, name: "Alba, Plaza Mayor" }]);
    expect(info.objectNames.get(17)).toBe("Monedas de Oro");
    expect(info.objectTypes.get(17)).toBe(5);
    expect(info.objectGrhs.size).toBe(0);
    expect(info.graphicsUrl).toBe("/graphics");
  });

  test("objects carry their picture (GrhIndex) when they have one", () => {
    const json = buildWorldInfoJson({
      name: "ao20",
      homeCities: [],
      objects: [
        { id: 12, name: "Manzana Roja", objType: 1, grhIndex: 506 },
        { id: 13, name: "Sin dibujo", objType: 1, grhIndex: 0 },
      ],
    });
    expect(json.objects).toEqual([
      { id: 12, name: "Manzana Roja", objType: 1, grhIndex: 506 },
      { id: 13, name: "Sin dibujo", objType: 1 },
    ]);
    const info = parseWorldInfo({ ...json, objects: [...json.objects, { id: 14, name: "x", objType: 1, grhIndex: -3 }, { id: 15, name: "y", objType: 1, grhIndex: "7" }] });
    expect([...info.objectGrhs]).toEqual([[12, 506]]);
  });

  test("missing or broken parts fall back to the AO20 cities", () => {
    expect(parseWorldInfo(null).homeCities.map((c) => c.id)).toEqual(CITIES.map((c) => c.id));
    expect(parseWorldInfo({ homeCities: [] }).homeCities).toHaveLength(CITIES.length);
    const mixed = parseWorldInfo({ homeCities: [{ id: 1, name: "A" }, { id: 1, name: "dup" }, { id: "2", name: "B" }, null], graphicsUrl: "javascript:alert(1)" });
    expect(mixed.homeCities).toEqual([{ id: 1, name: "A" }]);
    expect(mixed.graphicsUrl).toBeNull();
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => void parseWorldInfo(value)), { numRuns: 300 });
  });
});

describe("texts", () => {
  test("message boxes the server uses read as sentences; unknown ones keep their number and parameters", () => {
    for (const id of [LocaleMessageId.InvalidName, LocaleMessageId.CharacterExists, LocaleMessageId.CharacterLoadFailed]) {
      expect(messageBoxText(id, "")).toMatch(/^[A-ZÁÉÍÓÚ¡].+\.$/);
    }
    expect(messageBoxText(4242, "uno\u00acdos")).toBe("El servidor rechazó la operación (mensaje 4242): uno, dos");
  });

  test("the logout countdown is read from the server's console lines", () => {
    expect(quitCountdownOf("Cerrando en 10 segundos...")).toEqual({ secondsLeft: 10 });
    expect(quitCountdownOf("Cerrando en 1 segundos...")).toEqual({ secondsLeft: 1 });
    expect(quitCountdownOf("Saliste del juego cancelado: te moviste.")).toBe("cancelled");
    expect(quitCountdownOf("Salida cancelada.")).toBe("cancelled");
    expect(quitCountdownOf("Bienvenido")).toBeNull();
  });
});
