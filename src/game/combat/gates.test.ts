/**
 * §1.1 combo locks, §3.1 stamina and §4 shots: timelines on a hand clock and scripted stamina
 * rolls, with the repo's intervalos.ini (melee 1165, cast 1230, shot 1200, 800 between kinds).
 */
import { describe, expect, test } from "bun:test";
import { ObjectType } from "../items/index.ts";
import {
  ammunitionAfterShot,
  beginMelee,
  beginShot,
  castAllowed,
  checkAmmunition,
  checkShotTarget,
  DEFAULT_COMBAT_INTERVALS,
  diceFromRandom,
  distance,
  FRESH_COMBAT_CLOCKS,
  meleeAllowed,
  shotAllowed,
  spendAttackStamina,
  useAfterMeleeAllowed,
  withinAttackDistance,
  type CombatClocks,
  type LockCheck,
} from "./index.ts";
import { catalogOf, scripted } from "./test-fixtures.ts";

const T0 = 100_000;
const after = (check: LockCheck): CombatClocks => {
  if (!check.ok) throw new Error(`refused by ${check.refusedBy}`);
  return check.clocks;
};

describe("§1.1 combo locks", () => {
  test("melee → melee needs 1165 ms", () => {
    const struck = after(meleeAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(struck).toEqual({ ...FRESH_COMBAT_CLOCKS, meleeAtMs: T0, meleeStrikeAtMs: T0 });
    expect(meleeAllowed(struck, T0 + 1164)).toEqual({ ok: false, refusedBy: "melee" });
    expect(meleeAllowed(struck, T0 + 1165).ok).toBe(true);
  });

  test("cast → melee 800 ms; melee → cast 800 ms; cast → cast 1230 ms", () => {
    const cast = after(castAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(meleeAllowed(cast, T0 + 799)).toEqual({ ok: false, refusedBy: "cast_to_attack" });
    expect(meleeAllowed(cast, T0 + 800).ok).toBe(true);
    expect(castAllowed(cast, T0 + 1229)).toEqual({ ok: false, refusedBy: "cast" });
    const struck = after(meleeAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(castAllowed(struck, T0 + 799)).toEqual({ ok: false, refusedBy: "melee_to_cast" });
    expect(castAllowed(struck, T0 + 800)).toEqual({ ok: true, clocks: { ...struck, castAtMs: T0 + 800 } });
  });

  test("a shot restarts the melee and cast timers too: melee and cast wait 1200 (shot) and then their own interval from the shot", () => {
    const shot = after(shotAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(shot).toEqual({ ...FRESH_COMBAT_CLOCKS, shotAtMs: T0, meleeAtMs: T0, castAtMs: T0 });
    expect(meleeAllowed(shot, T0 + 1199)).toEqual({ ok: false, refusedBy: "shot" });
    expect(meleeAllowed(shot, T0 + 1200).ok).toBe(true);
    expect(castAllowed(shot, T0 + 1200)).toEqual({ ok: false, refusedBy: "cast" });
    expect(castAllowed(shot, T0 + 1230).ok).toBe(true);
    expect(shotAllowed(shot, T0 + 1199)).toEqual({ ok: false, refusedBy: "shot" });
  });

  test("melee → shot 800 ms, cast → shot 800 ms; a shot does not restart the melee→cast lock", () => {
    const struck = after(meleeAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(shotAllowed(struck, T0 + 799)).toEqual({ ok: false, refusedBy: "melee_to_cast" });
    const shot = after(shotAllowed(struck, T0 + 800));
    expect(shot.meleeStrikeAtMs).toBe(T0);
    const cast = after(castAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(shotAllowed(cast, T0 + 799)).toEqual({ ok: false, refusedBy: "cast_to_attack" });
  });

  test("melee → potion 800 ms, changing no timer", () => {
    const struck = after(meleeAllowed(FRESH_COMBAT_CLOCKS, T0));
    expect(useAfterMeleeAllowed(struck, T0 + 799)).toEqual({ ok: false, refusedBy: "melee_to_use" });
    expect(useAfterMeleeAllowed(struck, T0 + 800)).toEqual({ ok: true, clocks: struck });
    expect(DEFAULT_COMBAT_INTERVALS).toEqual({ meleeMs: 1165, castMs: 1230, shotMs: 1200, castToAttackMs: 800, meleeToCastMs: 800, meleeToUseMs: 800 });
  });
});

describe("§3.1 stamina and the start of a melee blow", () => {
  test("stamina < 10 refuses without a draw; else RandomNumber(1, 10) is spent; reaching exactly 0 sends no update", () => {
    expect(spendAttackStamina(diceFromRandom(scripted()), 9)).toEqual({ ok: false, reason: "tired" });
    expect(spendAttackStamina(diceFromRandom(scripted([1, 10, 4])), 40)).toEqual({ ok: true, cost: 4, staminaAfter: 36, notifyClient: true });
    expect(spendAttackStamina(diceFromRandom(scripted([1, 10, 10])), 10)).toEqual({ ok: true, cost: 10, staminaAfter: 0, notifyClient: false });
  });

  test("a tired attacker has still spent the melee timer; a locked one has not", () => {
    const tired = beginMelee(scripted(), { clocks: FRESH_COMBAT_CLOCKS, nowMs: T0, stamina: 9, weapon: null });
    expect(tired).toEqual({ ok: false, reason: "tired", clocks: { ...FRESH_COMBAT_CLOCKS, meleeAtMs: T0, meleeStrikeAtMs: T0 } });
    if (tired.ok) throw new Error("unreachable");
    const locked = beginMelee(scripted(), { clocks: tired.clocks, nowMs: T0 + 1000, stamina: 60, weapon: null });
    expect(locked).toEqual({ ok: false, reason: "melee", clocks: tired.clocks });
    expect(beginMelee(scripted([1, 10, 3]), { clocks: tired.clocks, nowMs: T0 + 1165, stamina: 60, weapon: null })).toMatchObject({ ok: true, staminaCost: 3, staminaAfter: 57 });
  });
});

describe("§4 shots", () => {
  const BOW = 1;
  const ARROWS = 2;
  const JAVELIN = 3;
  const SWORD = 4;
  const POTION = 5;
  const catalog = catalogOf(
    { id: BOW, objType: ObjectType.Weapon, projectile: 1, ammunition: 1, minHit: 1, maxHit: 1 },
    { id: ARROWS, objType: ObjectType.Ammunition, subType: 1 },
    { id: JAVELIN, objType: ObjectType.Weapon, projectile: 1 },
    { id: SWORD, objType: ObjectType.Weapon },
    { id: POTION, objType: ObjectType.Potion, subType: 1 },
  );
  const bow = catalog.get(BOW)!;
  const arrows = catalog.get(ARROWS)!;

  test("ammunition: arrows of the bow's Subtipo, at least one; a throwing weapon needs none; a sword with ammunition is not a ranged weapon", () => {
    expect(checkAmmunition(bow, arrows, 1)).toEqual({ ok: true, usesAmmunition: true });
    expect(checkAmmunition(bow, arrows, 0)).toEqual({ ok: false, reason: "no_ammunition" });
    expect(checkAmmunition(bow, null, 0)).toEqual({ ok: false, reason: "no_ammunition" });
    expect(checkAmmunition(bow, catalog.get(POTION)!, 5)).toEqual({ ok: false, reason: "no_ammunition" }); // Subtipo 1 but not ObjType 32
    expect(checkAmmunition({ ...bow, ammunitionSubtype: 2 }, arrows, 5)).toEqual({ ok: false, reason: "no_ammunition" });
    expect(checkAmmunition(catalog.get(JAVELIN)!, null, 0)).toEqual({ ok: true, usesAmmunition: false });
    expect(checkAmmunition(catalog.get(SWORD)!, arrows, 5)).toEqual({ ok: false, reason: "not_a_ranged_weapon" });
    expect(checkAmmunition(catalog.get(SWORD)!, null, 0)).toEqual({ ok: false, reason: "no_ammunition" });
  });

  test("the start of a shot: locks first (timers spent once they pass), then weapon, ammunition, stamina", () => {
    const request = { clocks: FRESH_COMBAT_CLOCKS, nowMs: T0, stamina: 30, weapon: bow, ammunition: arrows, ammunitionAmount: 20 };
    const shotClocks = { ...FRESH_COMBAT_CLOCKS, shotAtMs: T0, meleeAtMs: T0, castAtMs: T0 };
    expect(beginShot(scripted([1, 10, 6]), request)).toEqual({ ok: true, clocks: shotClocks, usesAmmunition: true, staminaCost: 6, staminaAfter: 24, notifyStamina: true });
    expect(beginShot(scripted(), { ...request, ammunitionAmount: 0 })).toEqual({ ok: false, reason: "no_ammunition", clocks: shotClocks });
    expect(beginShot(scripted(), { ...request, weapon: null })).toEqual({ ok: false, reason: "no_weapon", clocks: shotClocks });
    expect(beginShot(scripted(), { ...request, weaponCoolingDown: true, ammunitionAmount: 0 })).toEqual({ ok: false, reason: "cooling_down", clocks: shotClocks });
    expect(beginShot(scripted(), { ...request, stamina: 9 })).toEqual({ ok: false, reason: "tired", clocks: shotClocks });
    expect(beginShot(scripted(), { ...request, clocks: shotClocks, nowMs: T0 + 1000 })).toEqual({ ok: false, reason: "shot", clocks: shotClocks });
  });

  test("range: users within 13 rows and then 18 tiles (Manhattan); NPCs refused only beyond 13 rows and 15 columns", () => {
    expect([checkShotTarget("user", 0, 13), checkShotTarget("user", 0, 14), checkShotTarget("user", 6, 13), checkShotTarget("user", 5, 13)]).toEqual(["ok", "too_far", "too_far", "ok"]);
    expect(checkShotTarget("user", 0, 0, true)).toBe("self");
    expect([checkShotTarget("npc", 40, 13), checkShotTarget("npc", 15, 40), checkShotTarget("npc", 16, 14)]).toEqual(["ok", "ok", "too_far"]);
    expect([distance(3, -4), distance(0, 0, 1), withinAttackDistance(9, 9), withinAttackDistance(10, 9)]).toEqual([7, 100, true, false]);
  });

  test("one arrow per valid target (none on a consumable-free zone); the last one unequips; a throwing weapon starts its cooldown", () => {
    expect(ammunitionAfterShot({ usesAmmunition: true, amount: 20, targetValid: true })).toEqual({ consumed: 1, amountLeft: 19, unequip: false, startsCooldown: false });
    expect(ammunitionAfterShot({ usesAmmunition: true, amount: 1, targetValid: true })).toEqual({ consumed: 1, amountLeft: 0, unequip: true, startsCooldown: false });
    expect(ammunitionAfterShot({ usesAmmunition: true, amount: 20, targetValid: false })).toMatchObject({ consumed: 0, amountLeft: 20 });
    expect(ammunitionAfterShot({ usesAmmunition: true, amount: 20, targetValid: true, consumableFreeZone: true })).toMatchObject({ consumed: 0 });
    expect(ammunitionAfterShot({ usesAmmunition: false, amount: 1, targetValid: true })).toEqual({ consumed: 0, amountLeft: 1, unequip: false, startsCooldown: true });
  });
});
