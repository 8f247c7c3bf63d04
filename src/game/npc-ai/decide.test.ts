import { describe, expect, test } from "bun:test";
import { SeededRandom, type Random } from "../../random/index.ts";
import { BLOCKED_EAST, stepX, stepY } from "../movement/index.ts";
import { AI_TICK_MS, isThinkDue, nextThinkAt } from "./cadence.ts";
import { decideNpc, WANDER_RADIUS_TILES, type NpcDecision, type NpcThink } from "./decide.ts";
import { aiPlayer, drawFor, groundFrom, npcMind, ScriptedRandom, spot, type TestGround, type TestNpc, type TestPlayer } from "./npc-ai.test-support.ts";
import { NpcEnterRule } from "./ground.ts";
import { PathFinder } from "./pathfinding.ts";
import { NpcAlignment, NpcMovement } from "./profile.ts";
import type { AiPlayer } from "./targeting.ts";

function thinker(ground: TestGround, players: AiPlayer<TestPlayer>[], random: Random, nowMs = 0): NpcThink<TestPlayer> & { nowMs: number } {
  return { nowMs, random, players, ground, finder: new PathFinder(ground.width, ground.height), enter: new NpcEnterRule(ground) };
}

/** Applies a decision the way the map does: steps move the NPC (and its occupancy), faces turn it. */
function apply(npc: TestNpc, decision: NpcDecision<TestPlayer>, ground: TestGround): void {
  if (decision.kind === "step") {
    const toX = npc.x + stepX(decision.heading);
    const toY = npc.y + stepY(decision.heading);
    ground.move(npc.charIndex, npc.x, npc.y, toX, toY);
    npc.x = toX;
    npc.y = toY;
    npc.heading = decision.heading;
  } else if (decision.kind === "face" || decision.kind === "attack") {
    npc.heading = decision.heading;
  }
}

const OPEN = Array.from({ length: 21 }, () => ".".repeat(21));

describe("a hostile NPC (MueveAlAzar, Hostile=1) chases and hits", () => {
  const WALLED = [
    "..............", //
    "......#.......",
    "......#.......",
    "..N...#....P..",
    "......#.......",
    "......#.......",
    "......#.......",
    "..............",
  ];

  test("around a wall to the player, then turns and hits the one in front", () => {
    const ground = groundFrom(WALLED);
    const n = spot(WALLED, "N");
    const p = spot(WALLED, "P");
    const npc = npcMind(n.x, n.y);
    ground.place(npc.charIndex, n.x, n.y);
    const player = aiPlayer("ana", p.x, p.y);
    ground.place(player.charIndex, p.x, p.y);
    const think = thinker(ground, [player], SeededRandom.create(3));
    let decision: NpcDecision<TestPlayer> = { kind: "idle" };
    let steps = 0;
    for (let i = 0; i < 40; i++) {
      decision = decideNpc(npc, think);
      if (decision.kind !== "step") break;
      apply(npc, decision, ground);
      steps++;
      expect(ground.collision[ground.index(npc.x, npc.y)]).toBe(0); // never through the wall
    }
    expect(npc.target).toBe(player.ref);
    expect(Math.abs(npc.x - p.x) + Math.abs(npc.y - p.y)).toBe(1);
    // Around the wall's end: at least the 10 tiles of the detour via row 1 (2 up, 8 across… minus the last).
    expect(steps).toBeGreaterThanOrEqual(11);
    expect(decision.kind).toBe("attack");
    if (decision.kind !== "attack") return;
    expect(decision.target).toBe(player.ref);
    expect(npc.x + stepX(decision.heading)).toBe(p.x);
    expect(npc.y + stepY(decision.heading)).toBe(p.y);
  });

  test("hits every 2250 ms at a 380 ms move and 2000 ms attack interval on 150 ms ticks", () => {
    const ground = groundFrom(OPEN);
    const npc = npcMind(10, 10);
    ground.place(npc.charIndex, 10, 10);
    const player = aiPlayer("ana", 11, 10);
    ground.place(player.charIndex, 11, 10);
    const think = thinker(ground, [player], SeededRandom.create(1));
    const thinks: number[] = [];
    const hits: number[] = [];
    let nextThink = 0;
    for (let now = 0; now <= 7000; now += AI_TICK_MS) {
      if (!isThinkDue(now, nextThink)) continue;
      nextThink = nextThinkAt(now, npc.ai.moveIntervalMs);
      thinks.push(now);
      think.nowMs = now;
      const decision = decideNpc(npc, think);
      apply(npc, decision, ground);
      if (decision.kind === "attack") hits.push(now);
      else expect(decision.kind).toBe("idle"); // facing east since the first hit: nothing to do
    }
    expect(thinks.slice(0, 4)).toEqual([0, 450, 900, 1350]);
    expect(hits).toEqual([0, 2250, 4500, 6750]);
    expect(npc.heading).toBe(2);
  });

  test("a blow across a one-way edge spends the interval and lands nowhere", () => {
    const ground = groundFrom(OPEN);
    const npc = npcMind(10, 10);
    const player = aiPlayer("ana", 11, 10);
    ground.place(player.charIndex, 11, 10);
    ground.collision[ground.index(11, 10)] = BLOCKED_EAST; // cannot be entered (nor hit) moving east
    const think = thinker(ground, [player], SeededRandom.create(1), 1000);
    expect(decideNpc(npc, think)).toEqual({ kind: "face", heading: 2 });
    expect(npc.nextAttackAt).toBe(1000 + 2000);
  });

  test("with nobody to chase it calms down and wanders near its origin", () => {
    const ground = groundFrom(OPEN);
    const npc = npcMind(10, 10);
    const far = aiPlayer("lejos", 10, 10 + 14); // outside the 13-tile vertical vision
    // RandomNumber(1, 6) = 3, then heading RandomNumber(1, 4) = 2 (east).
    const think = thinker(ground, [far], new ScriptedRandom([drawFor(3, 1, 6), drawFor(2, 1, 4)]));
    expect(decideNpc(npc, think)).toEqual({ kind: "step", heading: 2 });
    expect(npc.target).toBeNull();
  });
});

describe("target choice", () => {
  const ground = groundFrom(OPEN);
  const choose = (npc: TestNpc, players: AiPlayer<TestPlayer>[]) => {
    decideNpc(npc, thinker(ground, players, new ScriptedRandom([], 0.99)));
    return npc.target;
  };

  test("the nearest visible player inside the 15 × 13 vision box", () => {
    const near = aiPlayer("cerca", 13, 10);
    const nearer = aiPlayer("más cerca", 10, 12);
    expect(choose(npcMind(10, 10), [near, nearer])).toBe(nearer.ref);
    expect(choose(npcMind(1, 1), [aiPlayer("x", 16, 1)])).not.toBeNull(); // 15 across: seen
    expect(choose(npcMind(1, 1), [aiPlayer("x", 17, 1)])).toBeNull(); // 16 across: not
    expect(choose(npcMind(1, 1), [aiPlayer("y", 1, 14)])).not.toBeNull(); // 13 down: seen
    expect(choose(npcMind(1, 1), [aiPlayer("y", 1, 15)])).toBeNull(); // 14 down: not
    // `Distancia` makes the box square.
    expect(choose(npcMind(1, 1, { visionRange: 5 }), [aiPlayer("z", 1, 7)])).toBeNull();
    expect(choose(npcMind(1, 1, { visionRange: 5 }), [aiPlayer("z", 6, 6)])).not.toBeNull();
  });

  test("an enemy right in front wins over a nearer one elsewhere; hidden players only when adjacent; the dead never", () => {
    const npc = npcMind(10, 10, {}, { heading: 2 });
    const front = aiPlayer("enfrente", 11, 10);
    const side = aiPlayer("al lado", 10, 11);
    expect(choose(npc, [side, front])).toBe(front.ref);
    expect(choose(npcMind(10, 10), [aiPlayer("oculto", 12, 10, { hidden: true }), aiPlayer("visible", 14, 10)])!.name).toBe("visible");
    expect(choose(npcMind(10, 10), [aiPlayer("muerto", 11, 10, { alive: false })])).toBeNull();
    expect(choose(npcMind(10, 10), [aiPlayer("gm", 11, 10, { shielded: true })])).toBeNull();
  });

  test("level gate: more than 4 levels above a levelled NPC is ignored unless within 3 tiles or its aggressor", () => {
    const levelled = { level: 10 };
    expect(choose(npcMind(10, 10, levelled), [aiPlayer("14", 15, 10, { level: 14 })])).not.toBeNull();
    expect(choose(npcMind(10, 10, levelled), [aiPlayer("15", 15, 10, { level: 15 })])).toBeNull();
    expect(choose(npcMind(10, 10, levelled), [aiPlayer("15 cerca", 13, 13, { level: 15 })])).not.toBeNull();
    const strong = aiPlayer("agresor", 15, 10, { level: 40 });
    expect(choose(npcMind(10, 10, levelled, { attackedBy: strong.ref }), [strong])).toBe(strong.ref);
    // No level: no gate.
    expect(choose(npcMind(10, 10), [aiPlayer("40", 15, 10, { level: 40 })])).not.toBeNull();
  });

  test("alignment: royal NPCs leave the citizen side alone, chaos NPCs the criminal side", () => {
    const citizen = aiPlayer("ciudadano", 12, 10, { status: 1 });
    const criminal = aiPlayer("criminal", 14, 10, { status: 0 });
    const royalArmy = aiPlayer("armada", 11, 10, { status: 3 });
    expect(choose(npcMind(10, 10, { alignment: NpcAlignment.royal }), [royalArmy, citizen, criminal])).toBe(criminal.ref);
    expect(choose(npcMind(10, 10, { alignment: NpcAlignment.chaos }), [criminal, citizen])).toBe(citizen.ref);
    expect(choose(npcMind(10, 10), [criminal, citizen])).toBe(citizen.ref);
  });

  test("a formerly passive NPC goes only for its aggressor, and forgets it out of sight", () => {
    const aggressor = aiPlayer("agresor", 14, 10);
    const bystander = aiPlayer("mirón", 11, 10);
    const npc = npcMind(10, 10, { hostile: false }, { hostile: true, attackedBy: aggressor.ref, target: aggressor.ref });
    expect(choose(npc, [bystander, aggressor])).toBe(aggressor.ref);
    aggressor.x = 10 + 16; // out of the vision box
    expect(choose(npc, [bystander, aggressor])).toBeNull();
    expect(npc.attackedBy).toBeNull();
    expect(npc.hostile).toBe(false); // back to how it was loaded
  });
});

describe("a passive NPC wanders near its origin", () => {
  test("scripted: one step in six, a random heading, refused into walls", () => {
    const rows = ["...", ".N#", "..."];
    const ground = groundFrom(rows);
    const npc = npcMind(2, 2, { hostile: false });
    const think = thinker(ground, [], new ScriptedRandom([drawFor(1, 1, 6), drawFor(3, 1, 6), drawFor(1, 1, 4), drawFor(3, 1, 6), drawFor(2, 1, 4)]));
    expect(decideNpc(npc, think)).toEqual({ kind: "idle" }); // 1 of 6: stays
    expect(decideNpc(npc, think)).toEqual({ kind: "step", heading: 1 }); // 3 of 6, north
    expect(decideNpc(npc, think)).toEqual({ kind: "idle" }); // east is a wall
  });

  test("over a long run it never strays more than one step past 4 tiles, and walks back", () => {
    const ground = groundFrom(OPEN);
    const npc = npcMind(10, 10, { hostile: false });
    ground.place(npc.charIndex, 10, 10);
    const think = thinker(ground, [], SeededRandom.create(42));
    let farthest = 0;
    let moves = 0;
    for (let i = 0; i < 3000; i++) {
      const decision = decideNpc(npc, think);
      if (decision.kind === "step") moves++;
      apply(npc, decision, ground);
      farthest = Math.max(farthest, Math.abs(npc.x - 10) + Math.abs(npc.y - 10));
    }
    expect(moves).toBeGreaterThan(300);
    expect(farthest).toBe(WANDER_RADIUS_TILES + 1);
  });

  test("taken far from its origin it walks straight back", () => {
    const ground = groundFrom(OPEN);
    const npc = npcMind(18, 10, { hostile: false }, { origX: 10, origY: 10 });
    const think = thinker(ground, [], SeededRandom.create(5));
    for (let i = 0; i < 4; i++) {
      const decision = decideNpc(npc, think);
      expect(decision).toEqual({ kind: "step", heading: 4 });
      apply(npc, decision, ground);
    }
    expect(npc.x).toBe(14);
  });
});

describe("movement types", () => {
  const ground = groundFrom(OPEN);
  const adjacent = () => aiPlayer("ana", 11, 10);

  test("0 and 1 do nothing, attacked or not; 10 and up are not played yet", () => {
    for (const movement of [NpcMovement.none, NpcMovement.static, NpcMovement.guardChaseNpc, NpcMovement.scriptedWalk]) {
      const player = adjacent();
      const npc = npcMind(10, 10, { movement }, { target: player.ref, attackedBy: player.ref, hostile: true });
      expect(decideNpc(npc, thinker(ground, [player], SeededRandom.create(1)))).toEqual({ kind: "idle" });
    }
  });

  test("8 (SigueAmo): a pet walks up to its master and stays beside it; it fights whoever attacked it, never its master", () => {
    const master = aiPlayer("master", 15, 10);
    const pet = npcMind(10, 10, { movement: NpcMovement.followMaster, hostile: false }, { master: master.ref });
    ground.place(pet.charIndex, pet.x, pet.y);
    ground.place(master.charIndex, master.x, master.y);
    const steps: string[] = [];
    for (let think = 0; think < 10; think++) {
      const decision = decideNpc(pet, thinker(ground, [master], SeededRandom.create(think), think * 500));
      steps.push(decision.kind);
      apply(pet, decision, ground);
    }
    // Four steps east, then it waits next to its master.
    expect(steps).toEqual(["step", "step", "step", "step", "idle", "idle", "idle", "idle", "idle", "idle"]);
    expect({ x: pet.x, y: pet.y }).toEqual({ x: 14, y: 10 });
    // Its master "attacking" it changes nothing; another player that attacked it is fought.
    pet.target = master.ref;
    expect(decideNpc(pet, thinker(ground, [master], SeededRandom.create(1), 6000)).kind).toBe("idle");
    expect(pet.target).toBeNull();
    const foe = aiPlayer("foe", 14, 11);
    pet.target = foe.ref;
    expect(decideNpc(pet, thinker(ground, [master, foe], SeededRandom.create(1), 6500))).toEqual({ kind: "attack", target: foe.ref, heading: 3 });
    // A pet whose master is gone stands still.
    const orphan = npcMind(3, 3, { movement: NpcMovement.followMaster, hostile: false });
    expect(decideNpc(orphan, thinker(ground, [foe], SeededRandom.create(1)))).toEqual({ kind: "idle" });
    for (const each of [pet, master, foe]) ground.occupancy[ground.index(each.x, each.y)] = 0;
  });

  test("9 (NpcAtacaNpc): walks up to its target NPC, hits it once per attack interval, and goes back to its master when it is gone", () => {
    const master = aiPlayer("master", 3, 10);
    const prey = { x: 14, y: 10, charIndex: 200, alive: true };
    const pet = npcMind(10, 10, { movement: NpcMovement.followMaster, hostile: false }, { master: master.ref, movement: NpcMovement.attackNpc, targetNpc: prey });
    ground.place(pet.charIndex, pet.x, pet.y);
    ground.place(prey.charIndex, prey.x, prey.y);
    const decisions: NpcDecision<TestPlayer>[] = [];
    for (let think = 0; think < 8; think++) {
      const decision = decideNpc(pet, thinker(ground, [master], SeededRandom.create(think), think * 450));
      decisions.push(decision);
      apply(pet, decision, ground);
    }
    // Three steps east, then the blow at 1350 ms; the next one waits for 2000 ms more (3600 is the first think after 3350).
    expect(decisions.map((d) => d.kind)).toEqual(["step", "step", "step", "attackNpc", "idle", "idle", "idle", "idle"]);
    expect(decisions[3]).toEqual({ kind: "attackNpc", heading: 2 });
    expect(decideNpc(pet, thinker(ground, [master], SeededRandom.create(1), 3600))).toEqual({ kind: "attackNpc", heading: 2 });
    // The prey died: the pet forgets it and follows its master again.
    const dead = { ...prey, alive: false };
    pet.targetNpc = dead;
    expect(decideNpc(pet, thinker(ground, [master], SeededRandom.create(1), 4000))).toEqual({ kind: "idle" });
    const after: TestNpc = pet;
    expect({ movement: after.movement, targetNpc: after.targetNpc, hostile: after.hostile }).toEqual({ movement: NpcMovement.followMaster, targetNpc: null, hostile: false });
    // Out of vision (more than 15 columns away) counts as gone too.
    pet.movement = NpcMovement.attackNpc;
    pet.targetNpc = { ...prey, x: 1, y: 10 + 14 };
    expect(decideNpc(pet, thinker(ground, [master], SeededRandom.create(1), 4500))).toEqual({ kind: "idle" });
    expect(pet.movement).toBe(NpcMovement.followMaster);
    ground.occupancy[ground.index(pet.x, pet.y)] = 0;
    ground.occupancy[ground.index(prey.x, prey.y)] = 0;
  });

  test("3 (FixedInPos): hostile ones turn to the nearest and hit only the one in front, never walk", () => {
    const player = aiPlayer("ana", 13, 10);
    const npc = npcMind(10, 10, { movement: NpcMovement.fixedInPos });
    expect(decideNpc(npc, thinker(ground, [player], SeededRandom.create(1)))).toEqual({ kind: "face", heading: 2 });
    npc.heading = 2;
    expect(decideNpc(npc, thinker(ground, [player], SeededRandom.create(1)))).toEqual({ kind: "idle" });
    player.x = 11;
    expect(decideNpc(npc, thinker(ground, [player], SeededRandom.create(1)))).toEqual({ kind: "attack", target: player.ref, heading: 2 });
    // A passive one does nothing.
    expect(decideNpc(npcMind(10, 10, { movement: NpcMovement.fixedInPos, hostile: false }), thinker(ground, [player], SeededRandom.create(1)))).toEqual({ kind: "idle" });
  });

  test("4 (NpcDefensa): chases the player who hit it, and calms down when that player is gone", () => {
    const player = aiPlayer("ana", 14, 10);
    const npc = npcMind(10, 10, { movement: NpcMovement.defend, hostile: false }, { target: player.ref, attackedBy: player.ref, hostile: true });
    expect(decideNpc(npc, thinker(ground, [player], SeededRandom.create(1)))).toMatchObject({ kind: "step", heading: 2 });
    expect(decideNpc(npc, thinker(ground, [], SeededRandom.create(1)))).toEqual({ kind: "idle" });
    expect(npc.target).toBeNull();
    expect(npc.hostile).toBe(false);
  });
});

describe("an NPC following a game master (`/SEGUIR`, VB6 `DoFollow`)", () => {
  test("a hostile NPC with a leader walks up to it and stays beside it, striking nobody, not even the player next to it", () => {
    const ground = groundFrom(OPEN);
    const gm = aiPlayer("gm", 16, 10, { shielded: true });
    ground.place(gm.charIndex, 16, 10);
    const victim = aiPlayer("ana", 11, 10);
    ground.place(victim.charIndex, 11, 10);
    const npc = npcMind(10, 10, {}, { leader: gm.ref });
    ground.place(npc.charIndex, 10, 10);
    const think = thinker(ground, [gm, victim], SeededRandom.create(1));
    const kinds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const decision = decideNpc(npc, think);
      kinds.push(decision.kind);
      apply(npc, decision, ground);
      think.nowMs += 1000;
    }
    expect(Math.abs(npc.x - gm.x) + Math.abs(npc.y - gm.y)).toBe(1);
    expect(kinds).not.toContain("attack");
    expect(kinds.at(-1)).toBe("idle");
    expect(npc.target).toBeNull();
  });

  test("a leader not on the map: it stands", () => {
    const ground = groundFrom(OPEN);
    const gone = aiPlayer("gm", 16, 10);
    const npc = npcMind(10, 10, { movement: NpcMovement.static }, { leader: gone.ref });
    expect(decideNpc(npc, thinker(ground, [], SeededRandom.create(1)))).toEqual({ kind: "idle" });
  });
});
