/**
 * The cast flow of §5.2 (`UseSpellSlot`, `HandleWorkLeftClick` skill Magia, `PuedeLanzar`,
 * `LanzarHechizo`'s dispatch, the costs) and the locks of §1.1, on inline spells and casters.
 */
import { describe, expect, test } from "bun:test";
import { FRESH_COMBAT_CLOCKS } from "../combat/index.ts";
import { castCosts, castTargetOf, checkCast, clickToCast, planCast, selectSpell, spellCooldownMs, spellStaminaCost, magicItemOf, type ClickedTarget } from "./index.ts";
import { casterWith, skillsWith, spellWith, VITALS } from "./test-fixtures.ts";

const ALIVE = { dead: false, stunned: false, resting: false };
const NPC: ClickedTarget = { kind: "npc", dead: false, immuneToSpells: false, dy: 0 };
const PLACE = { nowMs: 100_000, noMagic: false, slotLastCastAtMs: null };

describe("choosing a slot (§5.2 step 1)", () => {
  const spells = new Map([
    [1, spellWith({ id: 1 })],
    [2, spellWith({ id: 2, autoCast: true })],
    [3, spellWith({ id: 3, areaAffects: 3, areaRadius: 4 })],
  ]);
  const spellOf = (id: number) => spells.get(id);

  test("dead 77, stunned 394, an empty or unknown slot nothing", () => {
    expect(selectSpell({ ...ALIVE, dead: true }, [1], 1, spellOf)).toEqual({ kind: "refused", reason: "dead", message: 77 });
    expect(selectSpell({ ...ALIVE, stunned: true }, [1], 1, spellOf)).toEqual({ kind: "refused", reason: "stunned", message: 394 });
    expect(selectSpell(ALIVE, [1, 0], 2, spellOf)).toEqual({ kind: "ignored" });
    expect(selectSpell(ALIVE, [1], 41, spellOf)).toEqual({ kind: "ignored" });
    expect(selectSpell(ALIVE, [99], 1, spellOf)).toEqual({ kind: "ignored" });
  });

  test("a target is requested (an area spell with its radius); a self-cast goes off now, not while resting", () => {
    expect(selectSpell(ALIVE, [1, 2, 3], 1, spellOf)).toEqual({ kind: "request_target", slot: 1, spellId: 1, isArea: false, radius: 0 });
    expect(selectSpell(ALIVE, [1, 2, 3], 3, spellOf)).toEqual({ kind: "request_target", slot: 3, spellId: 3, isArea: true, radius: 4 });
    expect(selectSpell(ALIVE, [1, 2, 3], 2, spellOf)).toEqual({ kind: "cast_now", slot: 2, spellId: 2 });
    expect(selectSpell({ ...ALIVE, resting: true }, [1, 2, 3], 2, spellOf)).toEqual({ kind: "ignored" });
  });
});

describe("the click (§5.2 step 2, §1.1 locks)", () => {
  const click = (fields: Partial<Parameters<typeof clickToCast>[1]> = {}) => ({ clocks: FRESH_COMBAT_CLOCKS, nowMs: 50_000, dx: 0, dy: 0, selectedSlot: 1, ...fields });

  test("dead, resting, stunned and clicks past 15 columns or 13 rows are ignored; 15 and 13 are in range", () => {
    expect(clickToCast({ ...ALIVE, dead: true }, click())).toEqual({ kind: "ignored", reason: "dead" });
    expect(clickToCast({ ...ALIVE, resting: true }, click())).toEqual({ kind: "ignored", reason: "resting" });
    expect(clickToCast({ ...ALIVE, stunned: true }, click())).toEqual({ kind: "ignored", reason: "stunned" });
    expect(clickToCast(ALIVE, click({ dx: -16 }))).toEqual({ kind: "ignored", reason: "out_of_range" });
    expect(clickToCast(ALIVE, click({ dy: 14 }))).toEqual({ kind: "ignored", reason: "out_of_range" });
    expect(clickToCast(ALIVE, click({ dx: 15, dy: -13 }))).toMatchObject({ kind: "cast" });
  });

  test("locks in VB6's order: 1200 ms after a shot, 800 after a melee blow, 1230 after a cast; timers unchanged when locked", () => {
    const now = 50_000;
    const shot = { ...FRESH_COMBAT_CLOCKS, shotAtMs: now - 1199, meleeStrikeAtMs: now - 10 };
    expect(clickToCast(ALIVE, click({ clocks: shot }))).toEqual({ kind: "locked", lock: "shot", clocks: shot });
    const melee = { ...FRESH_COMBAT_CLOCKS, meleeStrikeAtMs: now - 799 };
    expect(clickToCast(ALIVE, click({ clocks: melee }))).toEqual({ kind: "locked", lock: "melee_to_cast", clocks: melee });
    expect(clickToCast(ALIVE, click({ clocks: { ...FRESH_COMBAT_CLOCKS, meleeStrikeAtMs: now - 800 } }))).toMatchObject({ kind: "cast" });
    expect(clickToCast(ALIVE, click({ clocks: { ...FRESH_COMBAT_CLOCKS, castAtMs: now - 1229 } }))).toMatchObject({ kind: "locked", lock: "cast" });
  });

  test("no spell chosen: 587, and the cast timer has restarted", () => {
    expect(clickToCast(ALIVE, click({ selectedSlot: 0 }))).toEqual({ kind: "no_spell_selected", message: 587, clocks: { ...FRESH_COMBAT_CLOCKS, castAtMs: 50_000 } });
  });
});

describe("PuedeLanzar (§5.2 step 3)", () => {
  const spell = spellWith({ minSkill: 10, manaRequired: 20, staminaRequired: 5, hpMode: 2, minHp: 1, maxHp: 2, target: 3 });
  const caster = casterWith({ skills: skillsWith({ 1: 10 }) });

  test("accepted: the costs. Paralysis and dumbness do not stop a cast (only a stun does, §5.2 steps 1–2)", () => {
    expect(checkCast(caster, spell, NPC, PLACE)).toEqual({ ok: true, manaCost: 20, staminaCost: 5, hpCost: 0 });
    // The caster's states are not an input of PuedeLanzar at all; the click only stops the stunned.
    expect(clickToCast(ALIVE, { clocks: FRESH_COMBAT_CLOCKS, nowMs: 0, dx: 0, dy: 0, selectedSlot: 1 })).toMatchObject({ kind: "cast" });
  });

  test("each refusal with its locale id, in VB6's order", () => {
    const cases: [Parameters<typeof checkCast>, object][] = [
      [[caster, spell, { ...NPC, immuneToSpells: true }, PLACE], { reason: "immune_to_spells", message: 666 }],
      [[caster, spellWith({ autoCast: true }), NPC, PLACE], { reason: "self_only", message: null }],
      [[casterWith({ dead: true }), spell, NPC, PLACE], { reason: "dead", message: 77 }],
      [[caster, spell, NPC, { ...PLACE, noMagic: true }], { reason: "no_magic_zone", message: 779 }],
      [[casterWith({ mounted: true, dead: false }), spell, NPC, PLACE], { reason: "mounted", message: 780 }],
      [[caster, { ...spell, requiredObject: 400 }, NPC, PLACE], { reason: "missing_object", message: 1634, param: 400 }],
      [[casterWith({ skills: skillsWith({ 1: 9 }) }), spell, NPC, PLACE], { reason: "magic_skill", message: 1636, param: 10 }],
      [[casterWith({ level: 13, skills: skillsWith({ 1: 10 }) }), { ...spell, maxLevelCasteable: 12 }, NPC, PLACE], { reason: "level_too_high", message: 2116, param: 12 }],
      [[caster, { ...spell, hpRequired: 21 }, NPC, PLACE], { reason: "not_enough_hp", message: 1637, param: 21 }],
      [[casterWith({ skills: skillsWith({ 1: 10 }), vitals: { ...VITALS, mana: 19 } }), spell, NPC, PLACE], { reason: "not_enough_mana", message: 222 }],
      [[casterWith({ skills: skillsWith({ 1: 10 }), vitals: { ...VITALS, stamina: 4 } }), spell, NPC, PLACE], { reason: "tired", message: 93, overHead: 2129 }],
      [[caster, spell, { ...NPC, dead: true }, PLACE], { reason: "target_dead", message: 7 }],
    ];
    for (const [args, expected] of cases) expect(checkCast(...args)).toEqual({ ok: false, ...expected } as never);
    // Mounted is checked before the skill, so a mounted caster without skill hears 780.
    expect(checkCast(casterWith({ mounted: true }), { ...spell, minSkill: 200 }, NPC, PLACE)).toMatchObject({ reason: "mounted" });
    // A spell that works on the dead, or resurrects, may target a corpse.
    expect(checkCast(caster, { ...spell, worksOnDead: true }, { ...NPC, dead: true }, PLACE)).toMatchObject({ ok: true });
    expect(checkCast(caster, { ...spell, revives: true }, { kind: "user", self: false, dead: true, dy: 0 }, PLACE)).toMatchObject({ ok: true });
  });

  test("staff power (`MagicPowerNeeded`): a Mage needs a weapon of that power (781, 782), a Druid or Bard an instrument (2250); others nothing; the toggle lifts it", () => {
    const staffSpell = { ...spell, magicPowerNeeded: 20 };
    const weak = magicItemOf({ magicDamageBonus: 0, power: 10 });
    const strong = magicItemOf({ magicDamageBonus: 0, power: 20 });
    expect(checkCast(caster, staffSpell, NPC, PLACE)).toMatchObject({ reason: "needs_staff", message: 781 });
    expect(checkCast(casterWith({ skills: caster.skills, gear: { weapon: weak, amulet: null, ring: null } }), staffSpell, NPC, PLACE)).toMatchObject({ reason: "staff_too_weak", message: 782 });
    expect(checkCast(casterWith({ skills: caster.skills, gear: { weapon: strong, amulet: null, ring: null } }), staffSpell, NPC, PLACE)).toMatchObject({ ok: true });
    expect(checkCast(casterWith({ classId: 6, skills: caster.skills }), staffSpell, NPC, PLACE)).toMatchObject({ reason: "needs_instrument", message: 2250 });
    expect(checkCast(casterWith({ classId: 5, skills: caster.skills, gear: { weapon: null, amulet: null, ring: weak } }), staffSpell, NPC, PLACE)).toMatchObject({ message: 782 });
    expect(checkCast(casterWith({ classId: 2, skills: caster.skills }), staffSpell, NPC, PLACE)).toMatchObject({ ok: true });
    expect(checkCast(caster, staffSpell, NPC, PLACE, { skillMagicResistance: true, magicResistanceSkillProtection: 0, removeStaffRequirements: true, npcAiTickMs: 150 })).toMatchObject({ ok: true });
  });

  test("cooldown: `CoolDown` 5 s, halved half-to-even per elven-wood weapon and ring (5 → 2 → 1); the remaining whole seconds in 1635", () => {
    const elven = magicItemOf({ magicDamageBonus: 0, power: 0 }, { elvenWood: true });
    const cooled = { ...spell, cooldown: 5 };
    expect(spellCooldownMs(cooled, caster)).toBe(5000);
    expect(spellCooldownMs(cooled, casterWith({ gear: { weapon: elven, amulet: null, ring: null } }))).toBe(2000);
    expect(spellCooldownMs(cooled, casterWith({ gear: { weapon: elven, amulet: null, ring: elven } }))).toBe(1000);
    expect(checkCast(caster, cooled, NPC, { ...PLACE, slotLastCastAtMs: PLACE.nowMs - 2500 })).toEqual({ ok: false, reason: "cooldown", message: 1635, param: 2 });
    expect(checkCast(caster, cooled, NPC, { ...PLACE, slotLastCastAtMs: PLACE.nowMs - 5000 })).toMatchObject({ ok: true });
  });

  test("stamina cost: `StaRequerido`, or max(1, ceil(MaxSta × StaPercentRequired / 100)) when larger", () => {
    expect(spellStaminaCost({ staminaRequired: 5, staminaPercentRequired: 0 }, 75)).toBe(5);
    expect(spellStaminaCost({ staminaRequired: 5, staminaPercentRequired: 10 }, 75)).toBe(8);
    expect(spellStaminaCost({ staminaRequired: 0, staminaPercentRequired: 1 }, 10)).toBe(1);
    expect(spellStaminaCost({ staminaRequired: 9, staminaPercentRequired: 10 }, 75)).toBe(9);
  });
});

describe("the target (§5.2 step 4) and the costs (step 5)", () => {
  const user = (dy = 0): ClickedTarget => ({ kind: "user", self: false, dead: false, dy });
  const npc = (dy = 0): ClickedTarget => ({ ...NPC, dy });
  const none: ClickedTarget = { kind: "none" };

  test("users only 790, NPCs only 791, either 792 (a user first), 13 rows at most (8); terrain and pets need nothing", () => {
    expect([castTargetOf({ target: 1 }, user()), castTargetOf({ target: 1 }, npc())]).toEqual([{ ok: true, on: "user" }, { ok: false, reason: "users_only", message: 790 }]);
    expect([castTargetOf({ target: 2 }, npc()), castTargetOf({ target: 2 }, user())]).toEqual([{ ok: true, on: "npc" }, { ok: false, reason: "npcs_only", message: 791 }]);
    expect([castTargetOf({ target: 3 }, user()), castTargetOf({ target: 3 }, npc()), castTargetOf({ target: 3 }, none)]).toEqual([
      { ok: true, on: "user" },
      { ok: true, on: "npc" },
      { ok: false, reason: "invalid_target", message: 792 },
    ]);
    expect(castTargetOf({ target: 3 }, npc(-14))).toEqual({ ok: false, reason: "too_far", message: 8 });
    expect(castTargetOf({ target: 1 }, user(13))).toEqual({ ok: true, on: "user" });
    expect([castTargetOf({ target: 4 }, none), castTargetOf({ target: 5 }, none)]).toEqual([{ ok: true, on: "terrain" }, { ok: true, on: "pets" }]);
  });

  test("planCast: PuedeLanzar answers before the dispatch", () => {
    const spell = spellWith({ target: 1, manaRequired: 500 });
    expect(planCast(casterWith(), spell, npc(), PLACE)).toMatchObject({ reason: "not_enough_mana" });
    expect(planCast(casterWith(), spellWith({ target: 1 }), npc(), PLACE)).toMatchObject({ reason: "users_only", message: 790 });
  });

  test("costs: mana and stamina never below 0, `RequiredHP` never below 1", () => {
    expect(castCosts(casterWith(), { manaCost: 10, staminaCost: 70, hpCost: 0 })).toEqual({ manaAfter: 148, staminaAfter: 0, hpAfter: 20, hpChanged: false });
    expect(castCosts(casterWith(), { manaCost: 0, staminaCost: 0, hpCost: 50 })).toEqual({ manaAfter: 158, staminaAfter: 60, hpAfter: 1, hpChanged: true });
    expect(castCosts(casterWith(), { manaCost: 0, staminaCost: 0, hpCost: 5 })).toMatchObject({ hpAfter: 15 });
  });
});
