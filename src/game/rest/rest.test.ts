import { describe, expect, test } from "bun:test";
import { randomIntOnly } from "../../random/scripted-random.test-support.ts";
import {
  CAMPFIRE_OBJECT,
  LOGS_OBJECT,
  TWIGS_OBJECT,
  campfireInArea,
  lightTwigs,
  makeTwigs,
  restIsOver,
  toggleRest,
  type LightState,
  type ObjectAt,
} from "./index.ts";

const only = (x: number, y: number, obj: number): ObjectAt => (tx, ty) => (tx === x && ty === y ? obj : undefined);

describe("the campfire in the view window (HayOBJarea)", () => {
  test("11 tiles each side across and 9 up and down, edges included; one further is out", () => {
    expect(campfireInArea(50, 50, only(61, 59, CAMPFIRE_OBJECT))).toBe(true);
    expect(campfireInArea(50, 50, only(39, 41, CAMPFIRE_OBJECT))).toBe(true);
    expect(campfireInArea(50, 50, only(62, 50, CAMPFIRE_OBJECT))).toBe(false);
    expect(campfireInArea(50, 50, only(50, 60, CAMPFIRE_OBJECT))).toBe(false);
    expect(campfireInArea(50, 50, only(50, 41, CAMPFIRE_OBJECT))).toBe(true);
  });
  test("twigs, logs or nothing are not a campfire", () => {
    expect(campfireInArea(50, 50, only(50, 51, TWIGS_OBJECT))).toBe(false);
    expect(campfireInArea(50, 50, only(50, 51, LOGS_OBJECT))).toBe(false);
    expect(campfireInArea(3, 3, () => undefined)).toBe(false);
  });
});

describe("/DESCANSAR (HandleRest)", () => {
  test("by a fire it toggles on and off; away from one it only switches off; the dead are refused", () => {
    expect(toggleRest({ dead: false, resting: false, campfireNear: true })).toEqual({ kind: "started" });
    expect(toggleRest({ dead: false, resting: true, campfireNear: true })).toEqual({ kind: "stood_up" });
    expect(toggleRest({ dead: false, resting: true, campfireNear: false })).toEqual({ kind: "stood_up" });
    expect(toggleRest({ dead: false, resting: false, campfireNear: false })).toEqual({ kind: "no_campfire" });
    expect(toggleRest({ dead: true, resting: false, campfireNear: true })).toEqual({ kind: "dead" });
  });
  test("it is over at full HP and full stamina, not before", () => {
    expect(restIsOver({ hp: 20, maxHp: 20, stamina: 60, maxStamina: 60 })).toBe(true);
    expect(restIsOver({ hp: 19, maxHp: 20, stamina: 60, maxStamina: 60 })).toBe(false);
    expect(restIsOver({ hp: 20, maxHp: 20, stamina: 59, maxStamina: 60 })).toBe(false);
  });
});

describe("twigs from logs (TratarDeHacerFogata)", () => {
  const base = { player: { x: 10, y: 10 }, target: { x: 11, y: 11, obj: LOGS_OBJECT, amount: 7 }, dead: false, survival: 0 };
  test("Supervivencia 0–5 draws RandomNumber(1, 3): a 1 makes amount \\ 3 twigs, anything else fails", () => {
    expect(makeTwigs(base, randomIntOnly("twigs", [1, 3, 1]))).toEqual({ kind: "made", amount: 2 });
    expect(makeTwigs(base, randomIntOnly("twigs", [1, 3, 3]))).toEqual({ kind: "failed" });
  });
  test("6–34 draws (1, 2); 35 and more always succeeds but still draws once", () => {
    expect(makeTwigs({ ...base, survival: 34 }, randomIntOnly("twigs", [1, 2, 2]))).toEqual({ kind: "failed" });
    const random = randomIntOnly("twigs", [1, 1, 1]);
    expect(makeTwigs({ ...base, survival: 35 }, random)).toEqual({ kind: "made", amount: 2 });
    expect(random.used).toBe(1);
  });
  test("refusals in VB6's order, with no draw: not logs, too far (Manhattan > 2), dead, fewer than three", () => {
    const none = randomIntOnly("twigs");
    expect(makeTwigs({ ...base, target: { ...base.target, obj: TWIGS_OBJECT }, dead: true }, none)).toEqual({ kind: "not_logs" });
    expect(makeTwigs({ ...base, target: { ...base.target, x: 12 }, dead: true }, none)).toEqual({ kind: "too_far" });
    expect(makeTwigs({ ...base, dead: true }, none)).toEqual({ kind: "dead" });
    expect(makeTwigs({ ...base, target: { ...base.target, amount: 2 } }, none)).toEqual({ kind: "too_few_logs" });
  });
});

describe("lighting the twigs (HandleCampfireTwigAction)", () => {
  const base: LightState = { player: { x: 10, y: 10 }, twigs: { x: 10, y: 12 }, survival: 0, raining: false, safe: false, zone: "CAMPO", objectAt: only(10, 12, TWIGS_OBJECT) };
  test("Supervivencia below 6 draws (1, 4), below 10 (1, 3), else (1, 2): a 1 lights it", () => {
    expect(lightTwigs(base, randomIntOnly("light", [1, 4, 1]))).toEqual({ kind: "lit" });
    expect(lightTwigs(base, randomIntOnly("light", [1, 4, 4]))).toEqual({ kind: "failed" });
    expect(lightTwigs({ ...base, survival: 9 }, randomIntOnly("light", [1, 3, 2]))).toEqual({ kind: "failed" });
    expect(lightTwigs({ ...base, survival: 10 }, randomIntOnly("light", [1, 2, 1]))).toEqual({ kind: "lit" });
  });
  test("refused with no draw: too far, rain, a safe zone, a fire on a tile beside it", () => {
    const none = randomIntOnly("light");
    expect(lightTwigs({ ...base, twigs: { x: 11, y: 12 }, raining: true }, none)).toEqual({ kind: "too_far" });
    expect(lightTwigs({ ...base, raining: true, safe: true }, none)).toEqual({ kind: "raining" });
    expect(lightTwigs({ ...base, safe: true }, none)).toEqual({ kind: "safe_zone" });
    expect(lightTwigs({ ...base, objectAt: only(11, 12, CAMPFIRE_OBJECT) }, none)).toEqual({ kind: "fire_next_to_it" });
    // A fire on a diagonal does not count.
    expect(lightTwigs({ ...base, objectAt: only(11, 13, CAMPFIRE_OBJECT) }, randomIntOnly("light", [1, 4, 1]))).toEqual({ kind: "lit" });
  });
  test("VB6 quirk kept: in a city the draw comes first, a failure fails and only a success is forbidden", () => {
    expect(lightTwigs({ ...base, zone: "Ciudad" }, randomIntOnly("light", [1, 4, 2]))).toEqual({ kind: "failed" });
    expect(lightTwigs({ ...base, zone: "CIUDAD" }, randomIntOnly("light", [1, 4, 1]))).toEqual({ kind: "city" });
  });
});
