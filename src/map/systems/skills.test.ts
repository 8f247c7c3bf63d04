/** `ModifySkills` through the map with real packet bodies (combat-and-progression §7.4). */
import { describe, expect, test } from "bun:test";
import { SKILL } from "../../game/progression/index.ts";
import { world } from "../map-harness.test-support.ts";

function deltas(entries: Record<number, number>): number[] {
  const out = new Array<number>(24).fill(0);
  for (const [skill, points] of Object.entries(entries)) out[Number(skill) - 1] = points;
  return out;
}

function setUp(freeSkillPoints: number, skills: number[] = new Array<number>(24).fill(0)) {
  const w = world();
  w.enter(1, "Ana", 20, 20, { with: { freeSkillPoints, skills } });
  w.drain();
  const state = () => w.server.snapshot()[0]!.state;
  return { w, state };
}

describe("ModifySkills", () => {
  test("the points go to the skills asked for; the rest stay free; nothing is answered", () => {
    const { w, state } = setUp(10);
    expect(w.server.act(1, "ModifySkills", { skillDeltas: deltas({ [SKILL.Weapons]: 6, [SKILL.Magic]: 3 }) })).toBe("handled");
    expect(w.drain()).toEqual([]);
    expect(state().freeSkillPoints).toBe(1);
    expect(state().skills).toEqual(deltas({ 4: 6, 1: 3 }));
  });

  test("hostile: more points than free (even all 24 at 255) changes nothing and takes nothing down", () => {
    const { w, state } = setUp(10);
    for (const hostile of [deltas({ 1: 6, 2: 5 }), new Array<number>(24).fill(255), deltas({ 24: 11 })]) {
      expect(w.server.act(1, "ModifySkills", { skillDeltas: hostile })).toBe("handled");
    }
    expect(w.drain()).toEqual([]);
    expect(w.faults).toEqual([]);
    expect(state().freeSkillPoints).toBe(10);
    expect(state().skills).toEqual(new Array<number>(24).fill(0));
    // Still able to spend honestly afterwards.
    w.server.act(1, "ModifySkills", { skillDeltas: deltas({ 24: 10 }) });
    expect(state()).toMatchObject({ freeSkillPoints: 0 });
    expect(state().skills[23]).toBe(10);
  });

  test("a skill never passes 100: the excess goes back to the free points", () => {
    const skills = new Array<number>(24).fill(0);
    skills[SKILL.Meditate - 1] = 97;
    const { w, state } = setUp(8, skills);
    w.server.act(1, "ModifySkills", { skillDeltas: deltas({ [SKILL.Meditate]: 8 }) });
    expect(state().skills[SKILL.Meditate - 1]).toBe(100);
    expect(state().freeSkillPoints).toBe(5);
  });

  test("no free points: any point asked for is refused", () => {
    const { w, state } = setUp(0);
    w.server.act(1, "ModifySkills", { skillDeltas: deltas({ 1: 1 }) });
    expect(state().skills[0]).toBe(0);
  });
});
