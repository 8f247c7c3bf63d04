/**
 * Spending free skill points without a browser: `SendSkills` and `LevelUp` fill the state, the
 * window's draft respects the free points and the cap of 100, an assignment goes out as the exact
 * `ModifySkills` the server reads (decoded again) and is applied at once, since the server
 * answers nothing; a wrong one sends nothing and says why.
 */
import { describe, expect, test } from "bun:test";
import { SKILL_NAMES as GAME_SKILL_NAMES } from "../game/items/index.ts";
import { charVisibility } from "./altered-states.ts";
import { charFields, loggedInSession, serverBody, START } from "./client-fixtures.test-support.ts";
import { createGameState } from "./game-state.ts";
import {
  applySkillAssignment,
  checkSkillAssignment,
  draftFree,
  emptyDraft,
  isUsableSkill,
  lowerInDraft,
  MAX_SKILL_POINTS,
  raiseInDraft,
  readSkills,
  SKILLS,
  USABLE_SKILLS,
} from "./skills-rules.ts";
import { SKILL_NAMES, SKILLS_TEXT } from "./ui-text.ts";

/** Skill ids (`e_Skill`) the tests spend on. */
const TACTICS = 3;
const WEAPONS = 4;

/** A new character as the login burst leaves it: 24 skills at 0 and 10 free points (§2). */
function newCharacter(skills: number[] = emptyDraft(), free = 10) {
  const { session, transport } = loggedInSession();
  session.receive(serverBody("SendSkills", { skills }), 0);
  session.receive(serverBody("LevelUp", { freeSkillPoints: free }), 0);
  transport.take();
  return { session, transport, state: session.state };
}

function deltas(points: Readonly<Record<number, number>>): number[] {
  const list = emptyDraft();
  for (const [skill, n] of Object.entries(points)) list[Number(skill) - 1] = n;
  return list;
}

describe("skills state (reducer)", () => {
  test("SendSkills fills the 24 skills, each kept within 0…100; LevelUp sets the free points", () => {
    const state = createGameState();
    expect(state.stats.skills).toBeNull();
    const { state: known } = newCharacter([5, 200, ...new Array<number>(22).fill(0)], 10);
    expect(known.stats.skills).toEqual([5, MAX_SKILL_POINTS, ...new Array<number>(22).fill(0)]);
    expect(known.stats.freeSkillPoints).toBe(10);
    expect(readSkills([1.5, -3])).toEqual(new Array<number>(SKILLS).fill(0));
  });

  test("a skill rising by use (locale 1626) shows its new points; nonsense is ignored", () => {
    const { session, state } = newCharacter(deltas({ [WEAPONS]: 3 }), 0);
    const rise = (params: string) => session.receive(serverBody("LocaleMsg", { messageId: 1626, params, fontIndex: 1 }), 0);
    rise("Combate con armas¬4");
    expect(state.stats.skills![WEAPONS - 1]).toBe(4);
    rise("Combate con armas¬400");
    rise("Cocina¬5");
    rise("Combate con armas");
    expect(state.stats.skills).toEqual(deltas({ [WEAPONS]: 4 }));
    expect(state.console.at(-4)?.text).toBe("Tu habilidad Combate con armas sube a 4.");
  });

  test("the client's skill names are the game's, in e_Skill order", () => {
    expect(SKILL_NAMES).toEqual([...GAME_SKILL_NAMES]);
    expect(SKILL_NAMES[WEAPONS - 1]).toBe("Combate con armas");
    expect(SKILL_NAMES).toHaveLength(SKILLS);
  });
});

describe("the window's draft", () => {
  test("+ spends free points until none is left; − gives back only what + added", () => {
    const { state } = newCharacter(emptyDraft(), 2);
    let draft = emptyDraft();
    for (const skill of [WEAPONS, WEAPONS]) {
      const next = raiseInDraft(state, draft, skill - 1);
      if (!next.ok) throw new Error(next.reason);
      draft = next.value;
    }
    expect(draftFree(state, draft)).toBe(0);
    expect(raiseInDraft(state, draft, TACTICS - 1)).toEqual({ ok: false, reason: "more_than_free" });
    draft = lowerInDraft(draft, WEAPONS - 1);
    expect(draft[WEAPONS - 1]).toBe(1);
    expect(lowerInDraft(draft, TACTICS - 1)).toEqual(draft);
    expect(raiseInDraft(state, draft, 99)).toEqual({ ok: false, reason: "bad_points" });
  });

  test("+ stops at 100 points in a skill", () => {
    const { state } = newCharacter(deltas({ [WEAPONS]: 99 }), 5);
    const once = raiseInDraft(state, emptyDraft(), WEAPONS - 1);
    if (!once.ok) throw new Error(once.reason);
    expect(raiseInDraft(state, once.value, WEAPONS - 1)).toEqual({ ok: false, reason: "over_max" });
  });
});

describe("checking an assignment", () => {
  test("refuses what the server would refuse, with the reason", () => {
    const { state } = newCharacter(deltas({ [WEAPONS]: 98 }), 10);
    expect(checkSkillAssignment(state, emptyDraft())).toEqual({ ok: false, reason: "nothing_to_assign" });
    expect(checkSkillAssignment(state, deltas({ [TACTICS]: 11 }))).toEqual({ ok: false, reason: "more_than_free" });
    expect(checkSkillAssignment(state, deltas({ [TACTICS]: 6, [WEAPONS]: 5 }))).toEqual({ ok: false, reason: "more_than_free" });
    expect(checkSkillAssignment(state, deltas({ [WEAPONS]: 3 }))).toEqual({ ok: false, reason: "over_max" });
    expect(checkSkillAssignment(state, deltas({ [TACTICS]: -1, [WEAPONS]: 2 }))).toEqual({ ok: false, reason: "bad_points" });
    expect(checkSkillAssignment(state, deltas({ [TACTICS]: 0.5 }))).toEqual({ ok: false, reason: "bad_points" });
    expect(checkSkillAssignment(state, [1, 2])).toEqual({ ok: false, reason: "bad_points" });
    expect(checkSkillAssignment(state, deltas({ [TACTICS]: 8, [WEAPONS]: 2 }))).toEqual({ ok: true, value: deltas({ [TACTICS]: 8, [WEAPONS]: 2 }) });
    expect(checkSkillAssignment(createGameState(), deltas({ [TACTICS]: 1 }))).toEqual({ ok: false, reason: "not_playing" });
  });

  test("applying adds to each skill and takes the sum from the free points; unknown skills count from 0", () => {
    const state = createGameState();
    state.stats.freeSkillPoints = 10;
    applySkillAssignment(state, deltas({ [TACTICS]: 2, [WEAPONS]: 3 }));
    expect(state.stats.skills).toEqual(deltas({ [TACTICS]: 2, [WEAPONS]: 3 }));
    expect(state.stats.freeSkillPoints).toBe(5);
  });
});

describe("the session", () => {
  test("sends ModifySkills with the 24 amounts and shows the new points at once", () => {
    const { session, transport, state } = newCharacter();
    const assignment = deltas({ [TACTICS]: 2, [WEAPONS]: 3 });
    expect(session.assignSkills(assignment, 0)).toEqual({ ok: true, value: assignment });
    expect(transport.take().map(({ name, fields }) => ({ name, fields }))).toEqual([{ name: "ModifySkills", fields: { skillDeltas: assignment } }]);
    expect(state.stats.skills).toEqual(assignment);
    expect(state.stats.freeSkillPoints).toBe(5);
    expect(state.console.at(-1)?.text).toBe(SKILLS_TEXT.assigned(5));
  });

  test("a refused assignment sends nothing and says why", () => {
    const { session, transport, state } = newCharacter();
    expect(session.assignSkills(deltas({ [WEAPONS]: 11 }), 0)).toEqual({ ok: false, reason: "more_than_free" });
    expect(transport.take()).toEqual([]);
    expect(state.console.at(-1)?.text).toBe(SKILLS_TEXT.refusals.more_than_free);
    expect(state.stats.freeSkillPoints).toBe(10);
  });

  test("opening the window asks the server for the skills (RequestSkills)", () => {
    const { session, transport } = newCharacter();
    expect(session.requestSkills()).toBe(true);
    expect(transport.take().map((p) => p.name)).toEqual(["RequestSkills"]);
  });
});

describe("using Robar and Ocultarse from the window (`Work`, issue 26)", () => {
  test("Usar sends Work(2) and Work(7) with rising counters; other skills and a session out of the world send nothing", () => {
    const { session, transport } = newCharacter();
    expect(USABLE_SKILLS).toEqual([2, 7]);
    expect(session.useSkill(2)).toBe(true);
    expect(session.useSkill(7)).toBe(true);
    expect(session.useSkill(TACTICS)).toBe(false);
    expect(transport.take().map(({ name, fields }) => ({ name, fields }))).toEqual([
      { name: "Work", fields: { skill: 2, counter: 1 } },
      { name: "Work", fields: { skill: 7, counter: 2 } },
    ]);
    expect(isUsableSkill(WEAPONS)).toBe(false);
  });

  test("Robar's answer aims the next map click (WorkLeftClick skill 2); a hidden char is drawn as an invisible one (SetInvisible)", () => {
    const { session, state } = newCharacter();
    session.receive(serverBody("WorkRequestTarget", { skill: 2, isArea: false, radius: 0 }), 0);
    expect(state.target?.skill).toBe(2);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 999, x: START.x + 1, y: START.y, name: "Ladron" })), 0);
    session.receive(serverBody("SetInvisible", { charIndex: 999, invisible: true, x: START.x + 1, y: START.y }), 0);
    expect(state.chars.get(999)?.invisible).toBe(true);
    expect(charVisibility(state, 999)).toBe("hidden");
    // A staff member (the User bit clear, as the stock client's IsCharVisible) sees it faint.
    state.chars.get(state.myCharIndex)!.privileges = 4;
    expect(charVisibility(state, 999)).toBe("faint");
    state.chars.get(999)!.privileges = 16;
    expect(charVisibility(state, 999)).toBe("hidden");
    session.receive(serverBody("SetInvisible", { charIndex: 999, invisible: false, x: START.x + 1, y: START.y }), 0);
    expect(state.chars.get(999)?.invisible).toBe(false);
    expect(charVisibility(state, 999)).toBe("shown");
  });
});
