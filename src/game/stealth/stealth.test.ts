import { describe, expect, test } from "bun:test";
import { scriptedRandom } from "../../random/scripted-random.test-support.ts";
import { FactionStatus } from "../faction/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../items/index.ts";
import {
  attackOnUserEndsHiding,
  attemptHide,
  hasStealableItems,
  hiddenTicks,
  hideChancePercent,
  rollSteal,
  stealChancePercent,
  stealGoldLevelFactor,
  stealRefusal,
  StealthClass,
  theftTurnsCriminal,
  walkEndsHiding,
  type Hider,
  type StealSituation,
  type Victim,
} from "./index.ts";

const WARRIOR = 3;
const hider = (extra: Partial<Hider> = {}): Hider => ({
  classId: StealthClass.Thief,
  skill: 100,
  mounted: false,
  alreadyHidden: false,
  inConsultation: false,
  invisible: false,
  noInvisibilityMap: false,
  sailing: false,
  ...extra,
});

describe("hiding (DoOcultarse)", () => {
  test("the chance curve: 11.24 % at 0, 75.24 % at 100", () => {
    expect(hideChancePercent(0)).toBeCloseTo(11.24, 10);
    expect(hideChancePercent(100)).toBeCloseTo(75.24, 10);
    expect(hideChancePercent(50)).toBeCloseTo((((0.0001 - 0.0002) * 50 + 0.0064) * 50 + 0.1124) * 100, 10);
  });

  test("the duration by class at skill 100: Thief 191…239 ticks (one draw), Hunter 239, others 159", () => {
    expect(hiddenTicks(scriptedRandom([191, 239, 200]), StealthClass.Thief, 100)).toBe(200);
    expect(hiddenTicks(scriptedRandom([191, 239, 191]), StealthClass.Bandit, 100)).toBe(191);
    expect(hiddenTicks(scriptedRandom(), StealthClass.Hunter, 100)).toBe(239);
    expect(hiddenTicks(scriptedRandom(), WARRIOR, 100)).toBe(159);
    // At 0 the curve is a hair below 0 and VB6's Int floors it to -1: the state ends on the next tick (40 ms).
    expect(hiddenTicks(scriptedRandom(), WARRIOR, 0)).toBe(-1);
    expect(attemptHide(scriptedRandom([1, 100, 1]), hider({ classId: WARRIOR, skill: 0 }))).toEqual({ kind: "hidden", durationMs: 40 });
  });

  test("a success: 75 ≤ 75.24 hides; 76 fails with 57", () => {
    expect(attemptHide(scriptedRandom([1, 100, 75], [191, 239, 200]), hider())).toEqual({ kind: "hidden", durationMs: 200 * 40 });
    expect(attemptHide(scriptedRandom([1, 100, 76]), hider())).toEqual({ kind: "failed", message: 57 });
  });

  test("refusals in VB6's order, no draw", () => {
    const random = scriptedRandom();
    expect(attemptHide(random, hider({ mounted: true, alreadyHidden: true }))).toEqual({ kind: "refused", message: 704, once: true });
    expect(attemptHide(random, hider({ alreadyHidden: true, invisible: true }))).toEqual({ kind: "refused", message: 1127, once: true });
    expect(attemptHide(random, hider({ inConsultation: true, invisible: true }))).toEqual({ kind: "refused", message: 706, once: false });
    expect(attemptHide(random, hider({ invisible: true, noInvisibilityMap: true }))).toEqual({ kind: "refused", message: 707, once: false });
    expect(attemptHide(random, hider({ noInvisibilityMap: true, sailing: true }))).toEqual({ kind: "refused", message: 708, once: false });
    expect(attemptHide(random, hider({ sailing: true }))).toEqual({ kind: "refused", message: 56, once: false });
    expect(random.used).toBe(0);
  });

  test("walking reveals all but Thieves and Bandits; attacks on players reveal with VB6's exceptions", () => {
    expect(walkEndsHiding(StealthClass.Thief)).toBe(false);
    expect(walkEndsHiding(StealthClass.Bandit)).toBe(false);
    expect(walkEndsHiding(StealthClass.Hunter)).toBe(true);
    expect(attackOnUserEndsHiding(WARRIOR, true, 100, true)).toBe(true);
    expect(attackOnUserEndsHiding(StealthClass.Bandit, false, 100, false)).toBe(false);
    expect(attackOnUserEndsHiding(StealthClass.Bandit, true, 100, false)).toBe(true);
    expect(attackOnUserEndsHiding(StealthClass.Bandit, false, 99, false)).toBe(true);
    // Quirk: a Hunter without armour stays hidden; with one (no Camouflage in the data) it does not.
    expect(attackOnUserEndsHiding(StealthClass.Hunter, true, 0, false)).toBe(false);
    expect(attackOnUserEndsHiding(StealthClass.Hunter, true, 100, true)).toBe(true);
  });
});

const situation = (extra: Partial<StealSituation> = {}): StealSituation => ({
  safeMap: false,
  target: "player",
  victimIsStaff: false,
  victimDead: false,
  distance: 1,
  victimOnSafeZone: false,
  thiefOnSafeZone: false,
  arena: false,
  thiefIsCounsellor: false,
  victimHeld: false,
  victimInConsultation: false,
  thiefStatus: FactionStatus.criminal,
  thiefSafeMode: false,
  victimStatus: FactionStatus.citizen,
  thiefStamina: 15,
  thiefMale: true,
  ...extra,
});

describe("stealing: the checks (HandleWorkLeftClick, DoRobar)", () => {
  test("each refusal, in VB6's order", () => {
    const r = (extra: Partial<StealSituation>) => stealRefusal(situation(extra));
    expect(r({ safeMap: true, target: "none" })).toEqual({ kind: "refused", messages: [716], resetCursor: true });
    expect(r({ target: "none" })).toEqual({ kind: "refused", messages: [715], resetCursor: true });
    expect(r({ target: "self" })).toEqual({ kind: "refused", messages: [715], resetCursor: true });
    expect(r({ victimIsStaff: true, distance: 5 })).toEqual({ kind: "refused", messages: [], resetCursor: false });
    expect(r({ victimDead: true })).toEqual({ kind: "refused", messages: [], resetCursor: false });
    expect(r({ distance: 2, victimOnSafeZone: true })).toEqual({ kind: "refused", messages: [8, 1130], resetCursor: true });
    expect(r({ victimOnSafeZone: true })).toEqual({ kind: "refused", messages: [714], resetCursor: true });
    expect(r({ thiefOnSafeZone: true })).toEqual({ kind: "refused", messages: [714], resetCursor: true });
    expect(r({ thiefIsCounsellor: true, victimHeld: true })).toEqual({ kind: "refused", messages: [], resetCursor: false });
    expect(r({ victimHeld: true, victimInConsultation: true })).toEqual({ kind: "refused", messages: [1028], resetCursor: false });
    expect(r({ victimInConsultation: true })).toEqual({ kind: "refused", messages: [1029], resetCursor: false });
    expect(r({ thiefStatus: FactionStatus.citizen, thiefSafeMode: true })).toEqual({ kind: "refused", messages: [1030], resetCursor: false });
    expect(r({ thiefStatus: FactionStatus.citizen, thiefSafeMode: false })).toBeNull();
    expect(r({ thiefStatus: FactionStatus.royalArmy, victimStatus: FactionStatus.citizen })).toEqual({ kind: "refused", messages: [1031], resetCursor: false });
    expect(r({ thiefStatus: FactionStatus.royalArmy, victimStatus: FactionStatus.criminal })).toBeNull();
    expect(r({ thiefStatus: FactionStatus.chaos, victimStatus: FactionStatus.chaos })).toEqual({ kind: "refused", messages: [1032], resetCursor: false });
    expect(r({ arena: true, thiefStamina: 0 })).toEqual({ kind: "refused", messages: [], resetCursor: false });
    expect(r({ thiefStamina: 14 })).toEqual({ kind: "refused", messages: [1034], resetCursor: false, bubble: 2129 });
    expect(r({ thiefStamina: 14, thiefMale: false })).toEqual({ kind: "refused", messages: [1035], resetCursor: false, bubble: 2129 });
    expect(r({})).toBeNull();
  });

  test("the chance table: 0 at 0, overlapping bands take the lower value", () => {
    expect([0, 1, 9, 10, 20, 21, 30, 40, 50, 60, 70, 80, 90, 99, 100].map(stealChancePercent)).toEqual([0, 1, 1, 5, 5, 10, 10, 15, 25, 35, 40, 55, 70, 80, 90]);
  });

  test("the level factor: 1.3 from level 35 up (VB6's Case Is >= 35 And ELV <= 40)", () => {
    expect([1, 12, 13, 24, 25, 34, 35, 40, 41, 45, 47, 50].map(stealGoldLevelFactor)).toEqual([1, 1, 1.1, 1.1, 1.2, 1.2, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3]);
  });

  test("only a plain citizen thief turns criminal", () => {
    expect(theftTurnsCriminal(FactionStatus.citizen)).toBe(true);
    expect(theftTurnsCriminal(FactionStatus.royalArmy)).toBe(false);
    expect(theftTurnsCriminal(FactionStatus.criminal)).toBe(false);
  });
});

const SWORD = 100;
const KEY = 101;
const ROYAL = 102;
const catalog = itemCatalogFromObjects([
  { id: SWORD, name: "Espada", objType: ObjectType.Weapon },
  { id: KEY, name: "Llave", objType: ObjectType.Key },
  { id: ROYAL, name: "Armadura real", objType: ObjectType.Armor, royal: 1 },
  { id: 103, name: "Pociones", objType: 11 },
]);
const victim = (extra: Partial<Victim> = {}): Victim => ({ level: 1, gold: 5000, usableSlots: 5, slots: [], ...extra });

describe("stealing: the roll (DoRobar, RobarObjeto)", () => {
  test("a failure: RandomNumber(1, 100) not below the chance", () => {
    expect(rollSteal(scriptedRandom([1, 100, 90]), { classId: StealthClass.Thief, level: 10, skill: 100, theftGloves: false, gold: 0 }, victim(), catalog)).toEqual({ kind: "failed" });
  });

  test("a Thief's gold: RandomNumber(L·25·Extra, L·50·Extra), the gloves double it; the protected wallet", () => {
    const thief = { classId: StealthClass.Thief, level: 10, skill: 100, theftGloves: false, gold: 7 };
    // 89 < 90: success; 25 is not < 25: gold; RandomNumber(250, 500) = 300. Victim level 1 with 5000: keeps 1000 at least.
    expect(rollSteal(scriptedRandom([1, 100, 89], [1, 50, 25], [250, 500, 300]), thief, victim(), catalog)).toEqual({ kind: "gold", amount: 300, victimGold: 4700, thiefGold: 307 });
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 30], [500, 1000, 1000]), { ...thief, theftGloves: true }, victim({ gold: 1500 }), catalog)).toEqual({
      kind: "gold",
      amount: 500,
      victimGold: 1000,
      thiefGold: 507,
    });
    // Quirk: a victim below its protected amount loses it all.
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 30], [250, 500, 400]), thief, victim({ gold: 300 }), catalog)).toEqual({ kind: "gold", amount: 300, victimGold: 0, thiefGold: 307 });
    // Level 20: Extra 1.1 → RandomNumber(550, 1100).
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 30], [550, 1100, 1100]), { ...thief, level: 20 }, victim({ gold: 100_000 }), catalog)).toMatchObject({ amount: 1100 });
  });

  test("anyone else takes RandomNumber(1, 100); the item draw happens for every class; no gold: 1868's outcome", () => {
    const bandit = { classId: StealthClass.Bandit, level: 30, skill: 50, theftGloves: false, gold: 0 };
    const random = scriptedRandom([1, 100, 24], [1, 50, 1], [1, 100, 42]);
    expect(rollSteal(random, bandit, victim(), catalog)).toEqual({ kind: "gold", amount: 42, victimGold: 4958, thiefGold: 42 });
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 30]), bandit, victim({ gold: 0 }), catalog)).toEqual({ kind: "no_gold" });
  });

  test("a Thief's item: from the first slot or the last, each stealable slot at 3 in 10, 3…6 % of the stack", () => {
    const thief = { classId: StealthClass.Thief, level: 10, skill: 100, theftGloves: false, gold: 0 };
    const slots = [
      { slot: 1, objectId: KEY, amount: 1, equipped: false },
      { slot: 2, objectId: SWORD, amount: 1, equipped: true },
      { slot: 3, objectId: 103, amount: 200, equipped: false },
      { slot: 4, objectId: ROYAL, amount: 1, equipped: false },
      { slot: 5, objectId: SWORD, amount: 1, equipped: false },
    ];
    // Forward (5 < 6): slot 3 is the first stealable one, 4 is not < 4, slot 5 taken with 3; RandomNumber(0, 0) = 0 → 1 unit.
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 24], [1, 12, 5], [1, 10, 4], [1, 10, 3], [0, 0, 0]), thief, victim({ slots }), catalog)).toEqual({
      kind: "item",
      slot: 5,
      objectId: SWORD,
      amount: 1,
    });
    // Backward (6): slot 5 refused (9), slot 3 taken: RandomNumber(6, 12) = 9.
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 24], [1, 12, 6], [1, 10, 9], [1, 10, 1], [6, 12, 9]), thief, victim({ slots }), catalog)).toEqual({
      kind: "item",
      slot: 3,
      objectId: 103,
      amount: 9,
    });
    // Every try refused: 1040's outcome.
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 24], [1, 12, 1], [1, 10, 9], [1, 10, 9]), thief, victim({ slots }), catalog)).toEqual({ kind: "no_item_found" });
    // Only a key: nothing stealable at all (1867).
    expect(rollSteal(scriptedRandom([1, 100, 1], [1, 50, 24]), thief, victim({ slots: [slots[0]!] }), catalog)).toEqual({ kind: "no_items" });
    // Quirk: an equipped sword counts as "has objects" (then 1040).
    expect(hasStealableItems(victim({ slots: [slots[1]!] }), catalog)).toBe(true);
  });
});
