/** The scenario table and the `--mix` shares. */
import { describe, expect, test } from "bun:test";
import { MAGE_CLASS, MIXED_COMBAT_MIX, mixProblem, parseMix, SCENARIO_NAMES, SCENARIOS } from "./scenarios.ts";

describe("scenarios", () => {
  test("every name has its row; the casting scenarios walk, spread over the world and make mages", () => {
    for (const name of SCENARIO_NAMES) expect(SCENARIOS[name].name).toBe(name);
    for (const name of ["cast_spread", "mixed_combat"] as const) {
      const spec = SCENARIOS[name];
      expect([spec.benchSpawn, spec.walk?.allowExits, spec.casterClass, spec.fight]).toEqual(["spread", true, MAGE_CLASS, false]);
    }
    expect(SCENARIOS.mixed_combat.mix).toEqual(MIXED_COMBAT_MIX);
    expect(MIXED_COMBAT_MIX).toEqual({ walkers: 50, fighters: 30, casters: 20 });
    expect(SCENARIOS.cast_spread.mix).toEqual({ walkers: 0, fighters: 0, casters: 1 });
  });

  test("--mix W,F,C: three shares >= 0, some above 0", () => {
    expect(parseMix("50,30,20")).toEqual({ ok: true, mix: { walkers: 50, fighters: 30, casters: 20 } });
    expect(parseMix(" 0, 0.5 ,1")).toEqual({ ok: true, mix: { walkers: 0, fighters: 0.5, casters: 1 } });
    for (const bad of ["", "1,2", "1,2,3,4", "a,b,c", "-1,2,3", "0,0,0", "1e3,1,1", "Infinity,1,1"]) expect(parseMix(bad).ok).toBe(false);
    expect(mixProblem({ walkers: Number.NaN, fighters: 1, casters: 1 })).toBeDefined();
    expect(mixProblem({ walkers: 0, fighters: 0, casters: 0 })).toBe("mix shares add up to 0");
    expect(mixProblem({ walkers: 0, fighters: 0, casters: 2 })).toBeUndefined();
  });
});
