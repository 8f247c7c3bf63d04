/**
 * Aiming and shooting without a browser: the server's `WorkRequestTarget` (encoded by the protocol
 * library) turns the next map click into `WorkLeftClick(x, y, skill)` with its own counter, the
 * aim is spent by the click, cancelled by `WorkRequestTarget(0)`, by Escape or by a map change;
 * `CreateProjectile` flies from tile to tile for `PROJECTILE_MS`.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { WorkSkill } from "../protocol/index.ts";
import { charFields, loggedInSession, serverBody, START } from "./client-fixtures.test-support.ts";
import { PROJECTILE_MS, PROJECTILES_MAX } from "./constants.ts";
import { liveProjectiles, projectileSegment, TARGET_CANCEL_KEY } from "./target-rules.ts";
import { localeMessageText, TARGET_TEXT } from "./ui-text.ts";

const HARE = 40;
const HARE_TILE = { x: START.x + 3, y: START.y - 2 } as const;

/** A logged-in player with a hare three tiles east and two north, the bow's target cursor asked for. */
function aiming(nowMs = 0) {
  const { session, transport } = loggedInSession(nowMs);
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: HARE, ...HARE_TILE, name: "Liebre Parda", isNpc: 1, npcNumber: 7 })), nowMs);
  session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Projectiles, isArea: false, radius: 0 }), nowMs);
  transport.take();
  return { session, transport, state: session.state };
}

function sent(transport: { take(): { name: string; fields: unknown }[] }): { name: string; fields: unknown }[] {
  return transport.take().map(({ name, fields }) => ({ name, fields }));
}

describe("the target mode (WorkRequestTarget)", () => {
  test("skill 12 aims: the next map click is a WorkLeftClick with the skill, and the aim is spent", () => {
    const { session, transport, state } = aiming(50);
    expect(state.target).toEqual({ skill: WorkSkill.Projectiles, spellId: 0, isArea: false, radius: 0, sinceMs: 50 });
    expect(session.clickMap(HARE_TILE.x, HARE_TILE.y)).toEqual({ kind: "work", x: HARE_TILE.x, y: HARE_TILE.y, skill: WorkSkill.Projectiles });
    expect(sent(transport)).toEqual([{ name: "WorkLeftClick", fields: { x: HARE_TILE.x, y: HARE_TILE.y, skill: WorkSkill.Projectiles, counter: 1 } }]);
    expect(state.target).toBeNull();
    // One UseItem, one shot: the click after that only looks.
    expect(session.clickMap(HARE_TILE.x, HARE_TILE.y)).toEqual({ kind: "look", x: HARE_TILE.x, y: HARE_TILE.y });
    expect(sent(transport)).toEqual([{ name: "LeftClick", fields: { x: HARE_TILE.x, y: HARE_TILE.y, counter: 1 } }]);
  });

  test("WorkLeftClick counts on its own counter, which restarts at Logged", () => {
    const { session, transport } = aiming();
    session.clickMap(10, 10);
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Projectiles, isArea: false, radius: 0 }), 0);
    session.clickMap(11, 10);
    expect(sent(transport).map((p) => p.fields)).toEqual([
      { x: 10, y: 10, skill: WorkSkill.Projectiles, counter: 1 },
      { x: 11, y: 10, skill: WorkSkill.Projectiles, counter: 2 },
    ]);
    session.receive(serverBody("Logged", { newUser: false }), 0);
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Projectiles, isArea: false, radius: 0 }), 0);
    session.clickMap(12, 10);
    expect(sent(transport)).toEqual([{ name: "WorkLeftClick", fields: { x: 12, y: 10, skill: WorkSkill.Projectiles, counter: 1 } }]);
  });

  test("WorkRequestTarget(0) puts the plain cursor back: the click looks", () => {
    const { session, transport, state } = aiming();
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.None, isArea: false, radius: 0 }), 0);
    expect(state.target).toBeNull();
    session.clickMap(HARE_TILE.x, HARE_TILE.y);
    expect(sent(transport).map((p) => p.name)).toEqual(["LeftClick"]);
  });

  test("Escape gives up aiming (said in the console); with nothing aimed it does nothing", () => {
    expect(TARGET_CANCEL_KEY).toBe("Escape");
    const { session, transport, state } = aiming();
    expect(session.cancelTarget(10)).toBe(true);
    expect(state.target).toBeNull();
    expect(state.console.at(-1)?.text).toBe(TARGET_TEXT.cancelled);
    expect(session.cancelTarget(20)).toBe(false);
    expect(sent(transport)).toEqual([]);
    session.clickMap(HARE_TILE.x, HARE_TILE.y);
    expect(sent(transport).map((p) => p.name)).toEqual(["LeftClick"]);
  });

  test("a click off the map sends nothing and keeps the aim; a map change forgets it", () => {
    const { session, transport, state } = aiming();
    expect(session.clickMap(0, 5)).toBeNull();
    expect(session.clickMap(5, 1_000)).toBeNull();
    expect(sent(transport)).toEqual([]);
    expect(state.target?.skill).toBe(WorkSkill.Projectiles);
    session.receive(serverBody("ChangeMap", { map: DEFAULT_WORLD_MAP_IDS.field, resourceMap: DEFAULT_WORLD_MAP_IDS.field }), 0);
    expect(state.target).toBeNull();
  });

  test("another skill aims the same way (the server words what it lacks); the hint names a shot", () => {
    const { session, transport } = aiming();
    session.receive(serverBody("WorkRequestTarget", { skill: 1, isArea: true, radius: 2 }), 0);
    expect(session.state.target).toMatchObject({ skill: 1, isArea: true, radius: 2 });
    session.clickMap(20, 21);
    expect(sent(transport)).toEqual([{ name: "WorkLeftClick", fields: { x: 20, y: 21, skill: 1, counter: 1 } }]);
    expect(TARGET_TEXT.hint(WorkSkill.Projectiles)).toContain("disparar");
    expect(TARGET_TEXT.hint(1)).not.toContain("disparar");
  });

  test("outside the world a click sends nothing", () => {
    const { session, transport } = aiming();
    session.state.phase = "account";
    expect(session.clickMap(HARE_TILE.x, HARE_TILE.y)).toBeNull();
    expect(sent(transport)).toEqual([]);
  });

  test("the shot's refusals are worded (no ammunition, oneself, too tired)", () => {
    expect(localeMessageText(709, "")).toBe("No tenés municiones.");
    expect(localeMessageText(710, "")).toBe("No podés atacarte a vos mismo.");
    expect(localeMessageText(1128, "")).toBe("Estás muy cansado para luchar.");
  });
});

describe("projectiles (CreateProjectile)", () => {
  test("an arrow flies from the shooter's tile to the target's for PROJECTILE_MS, then is gone", () => {
    const { session, state } = aiming();
    session.receive(serverBody("CreateProjectile", { startX: START.x, startY: START.y, targetX: HARE_TILE.x, targetY: HARE_TILE.y, projectileType: 1 }), 1_000);
    const [arrow] = liveProjectiles(state, 1_000);
    expect(arrow).toMatchObject({ fromX: START.x, fromY: START.y, toX: HARE_TILE.x, toY: HARE_TILE.y, type: 1, startMs: 1_000, untilMs: 1_000 + PROJECTILE_MS });
    const start = projectileSegment(arrow!, 1_000);
    expect({ x: start.headX, y: start.headY }).toEqual({ x: START.x, y: START.y });
    const middle = projectileSegment(arrow!, 1_000 + PROJECTILE_MS / 2);
    expect(middle.headX).toBeCloseTo((START.x + HARE_TILE.x) / 2);
    expect(middle.headY).toBeCloseTo((START.y + HARE_TILE.y) / 2);
    // The tail trails a tile behind the head, along the same line.
    expect(Math.hypot(middle.headX - middle.tailX, middle.headY - middle.tailY)).toBeCloseTo(1);
    const end = projectileSegment(arrow!, 1_000 + PROJECTILE_MS);
    expect({ x: end.headX, y: end.headY }).toEqual({ x: HARE_TILE.x, y: HARE_TILE.y });
    expect(liveProjectiles(state, 1_000 + PROJECTILE_MS)).toEqual([]);
  });

  test("the tail never starts behind the shooter; a shot at one's own tile is a point", () => {
    const { session, state } = aiming();
    session.receive(serverBody("CreateProjectile", { startX: 10, startY: 10, targetX: 14, targetY: 10, projectileType: 1 }), 0);
    session.receive(serverBody("CreateProjectile", { startX: 10, startY: 10, targetX: 10, targetY: 10, projectileType: 1 }), 0);
    const [long, still] = liveProjectiles(state, 10);
    expect(projectileSegment(long!, 10).tailX).toBe(10);
    expect(projectileSegment(still!, 100)).toEqual({ headX: 10, headY: 10, tailX: 10, tailY: 10 });
  });

  test("a flood keeps the newest PROJECTILES_MAX; a map change clears them", () => {
    const { session, state } = aiming();
    for (let i = 0; i < PROJECTILES_MAX + 5; i++) session.receive(serverBody("CreateProjectile", { startX: 10, startY: 10, targetX: 10 + (i % 5), targetY: 12, projectileType: 1 }), 0);
    expect(state.projectiles).toHaveLength(PROJECTILES_MAX);
    expect(state.projectiles[0]!.id).toBe(6);
    session.receive(serverBody("ChangeMap", { map: DEFAULT_WORLD_MAP_IDS.field, resourceMap: DEFAULT_WORLD_MAP_IDS.field }), 0);
    expect(state.projectiles).toEqual([]);
  });
});
