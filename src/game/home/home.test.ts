import { describe, expect, test } from "bun:test";
import { checkHomeRequest, homeFare, homePlaceOf, homeWaitSeconds, type HomeRequest } from "./index.ts";

const CITIES = [
  { id: 1, map: 1, x: 46, y: 46 },
  { id: 2, map: 7, x: 50, y: 50 },
  { id: 3, map: 0, x: 0, y: 0 },
];
const GHOST: HomeRequest = { dead: true, map: 3, zone: "CAMPO", trigger: 0, travelling: false, level: 1, gold: 100, home: { map: 1, x: 46, y: 46 } };

describe("/HOGAR (HandleHome)", () => {
  test("the fare: level × 15 + CLng(level ^ 1.5) up to level 24, level ^ 2 above", () => {
    expect(homeFare(1)).toBe(16);
    expect(homeFare(4)).toBe(68); // 60 + 8
    expect(homeFare(10)).toBe(182); // 150 + CLng(31.62)
    expect(homeFare(24)).toBe(478); // 360 + CLng(117.58)
    expect(homeFare(25)).toBe(625);
    expect(homeFare(47)).toBe(2209);
  });

  test("the home city, or Ullathorpe's (id 1) when it is not valid, or none", () => {
    expect(homePlaceOf(CITIES, 2)).toEqual({ map: 7, x: 50, y: 50 });
    expect(homePlaceOf(CITIES, 3)).toEqual({ map: 1, x: 46, y: 46 });
    expect(homePlaceOf(CITIES, 99)).toEqual({ map: 1, x: 46, y: 46 });
    expect(homePlaceOf([], 1)).toBeUndefined();
  });

  test("the wait is the Balance HomeTimer; absent or 0 takes the default", () => {
    expect(homeWaitSeconds(12)).toBe(12);
    expect(homeWaitSeconds(0)).toBe(30);
    expect(homeWaitSeconds(undefined)).toBe(30);
  });

  test("checks in the VB6 order", () => {
    expect(checkHomeRequest({ ...GHOST, dead: false, zone: "NEWBIE" })).toEqual({ kind: "alive" });
    expect(checkHomeRequest({ ...GHOST, zone: "NEWBIE", travelling: true })).toEqual({ kind: "restricted_place" });
    expect(checkHomeRequest({ ...GHOST, zone: "newbie" })).toEqual({ kind: "ok", fare: 16, home: GHOST.home! });
    expect(checkHomeRequest({ ...GHOST, trigger: 19 })).toEqual({ kind: "restricted_place" });
    expect(checkHomeRequest({ ...GHOST, travelling: true, gold: 0 })).toEqual({ kind: "already_travelling" });
    expect(checkHomeRequest({ ...GHOST, home: undefined })).toEqual({ kind: "restricted_place" });
    expect(checkHomeRequest({ ...GHOST, map: 1, gold: 0 })).toEqual({ kind: "already_home" });
    expect(checkHomeRequest({ ...GHOST, gold: 15 })).toEqual({ kind: "not_enough_gold", fare: 16 });
    expect(checkHomeRequest({ ...GHOST, gold: 16 })).toEqual({ kind: "ok", fare: 16, home: GHOST.home! });
  });
});
