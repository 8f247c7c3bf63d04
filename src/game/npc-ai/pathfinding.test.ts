import { describe, expect, test } from "bun:test";
import { SeededRandom } from "../../random/index.ts";
import { BLOCKED_WEST, type Heading } from "../movement/index.ts";
import { npcMayEnter, type NpcFeet } from "./ground.ts";
import { groundFrom, ScriptedRandom, spot, type TestGround } from "./npc-ai.test-support.ts";
import { PathFinder, type EnterPredicate } from "./pathfinding.ts";

const WALKER: NpcFeet = { waterAllowed: false, landForbidden: false };
const SWIMMER: NpcFeet = { waterAllowed: true, landForbidden: true };

function enter(ground: TestGround, feet: NpcFeet = WALKER, passThrough = 0): EnterPredicate {
  return (index, heading) => npcMayEnter(ground, index, heading, feet, passThrough);
}

/** The path as 1-based tiles, checked step by step: each tile one step from the last and enterable. */
function walk(finder: PathFinder, ground: TestGround, from: { x: number; y: number }, canEnter: EnterPredicate): { x: number; y: number }[] {
  const tiles: { x: number; y: number }[] = [];
  let { x, y } = from;
  for (let i = 0; i < finder.length; i++) {
    const tile = finder.steps[i]!;
    const nx = (tile % ground.width) + 1;
    const ny = Math.floor(tile / ground.width) + 1;
    expect(Math.abs(nx - x) + Math.abs(ny - y)).toBe(1);
    const heading: Heading = nx > x ? 2 : nx < x ? 4 : ny < y ? 1 : 3;
    expect(canEnter(tile, heading)).toBe(true);
    tiles.push({ x: nx, y: ny });
    x = nx;
    y = ny;
  }
  return tiles;
}

// A wall between N (the NPC) and P (the player) with one gap at the bottom.
const WALLED = [
  "............", //
  ".....#......",
  ".....#......",
  "..N..#..P...",
  ".....#......",
  ".....#......",
  "............",
];

describe("A* around obstacles", () => {
  test("open ground: a straight route of Manhattan length", () => {
    const rows = ["..........", ".N......P.", ".........."];
    const ground = groundFrom(rows);
    const finder = new PathFinder(ground.width, ground.height, { noise: 0 });
    const n = spot(rows, "N");
    const p = spot(rows, "P");
    expect(finder.find(n.x, n.y, p.x, p.y, 15, enter(ground), new ScriptedRandom([]))).toBe("found");
    expect(finder.length).toBe(7);
    expect(walk(finder, ground, n, enter(ground)).at(-1)).toEqual(p);
  });

  test("around a wall: the shortest route through the gap without noise, a legal one to the goal with it", () => {
    const ground = groundFrom(WALLED);
    const n = spot(WALLED, "N");
    const p = spot(WALLED, "P");
    const exact = new PathFinder(ground.width, ground.height, { noise: 0 });
    expect(exact.find(n.x, n.y, p.x, p.y, 15, enter(ground), new ScriptedRandom([]))).toBe("found");
    // Up to row 1 (3 steps) or down to row 7 (3 steps), 6 across, back to row 4 (3 steps).
    expect(exact.length).toBe(12);
    const route = walk(exact, ground, n, enter(ground));
    expect(route.some((tile) => tile.x === 6)).toBe(true);
    expect(route.at(-1)).toEqual(p);

    const noisy = new PathFinder(ground.width, ground.height);
    for (let seed = 1; seed <= 20; seed++) {
      expect(noisy.find(n.x, n.y, p.x, p.y, 15, enter(ground), SeededRandom.create(seed))).toBe("found");
      expect(noisy.length).toBeGreaterThanOrEqual(12);
      expect(walk(noisy, ground, n, enter(ground)).at(-1)).toEqual(p);
    }
  });

  test("the chased player's tile counts as free, anyone else's blocks", () => {
    const rows = ["......", ".N..P.", "......"];
    const ground = groundFrom(rows);
    const p = spot(rows, "P");
    ground.place(7, p.x, p.y);
    const finder = new PathFinder(ground.width, ground.height, { noise: 0 });
    expect(finder.find(2, 2, p.x, p.y, 15, enter(ground, WALKER, 7), new ScriptedRandom([]))).toBe("found");
    expect(finder.length).toBe(3);
    // Without the pass the goal cannot be entered: the best is a tile next to it.
    expect(finder.find(2, 2, p.x, p.y, 15, enter(ground), new ScriptedRandom([]))).toBe("partial");
    const end = finder.steps[finder.length - 1]!;
    expect(Math.abs((end % ground.width) + 1 - p.x) + Math.abs(Math.floor(end / ground.width) + 1 - p.y)).toBe(1);
  });

  test("an unreachable goal gives the route to the explored tile closest to it", () => {
    const rows = [
      "..........", //
      ".N....###.",
      "......#P#.",
      "......###.",
    ];
    const ground = groundFrom(rows);
    const finder = new PathFinder(ground.width, ground.height, { noise: 0 });
    const n = spot(rows, "N");
    const p = spot(rows, "P");
    expect(finder.find(n.x, n.y, p.x, p.y, 15, enter(ground), new ScriptedRandom([]))).toBe("partial");
    const route = walk(finder, ground, n, enter(ground));
    // (8, 1) right above the box is 2 tiles from P, as close as the explored ground gets; a tie
    // keeps the first tile found at that distance.
    const end = route.at(-1)!;
    expect(Math.hypot(end.x - p.x, end.y - p.y)).toBe(2);
  });

  test("nothing to walk: boxed in, or already there", () => {
    const rows = ["#####", "#N#P.", "#####"];
    const ground = groundFrom(rows);
    const finder = new PathFinder(ground.width, ground.height);
    expect(finder.find(2, 2, 4, 2, 15, enter(ground), SeededRandom.create(1))).toBe("none");
    expect(finder.length).toBe(0);
    expect(finder.find(4, 2, 4, 2, 15, enter(ground), SeededRandom.create(1))).toBe("none");
  });

  test("the expansion cap stops a long search with a partial route", () => {
    const rows = [".".repeat(60)];
    const ground = groundFrom(rows);
    const finder = new PathFinder(ground.width, ground.height, { noise: 0, maxExpansions: 5 });
    expect(finder.find(1, 1, 60, 1, 15, enter(ground), new ScriptedRandom([]))).toBe("partial");
    expect(finder.expansions).toBe(5);
    expect(finder.length).toBe(5);
  });

  test("the path length stays within the straight distance plus the range", () => {
    // Straight distance 10; the only way is down to row 10 and back up: 8 + 10 + 8 = 26 steps.
    const rows = [
      ".....#.....", //
      "N....#....P",
      ".....#.....",
      ".....#.....",
      ".....#.....",
      ".....#.....",
      ".....#.....",
      ".....#.....",
      ".....#.....",
      "...........",
    ];
    const ground = groundFrom(rows);
    const finder = new PathFinder(ground.width, ground.height, { noise: 0 });
    const n = spot(rows, "N");
    const p = spot(rows, "P");
    expect(finder.find(n.x, n.y, p.x, p.y, 15, enter(ground), new ScriptedRandom([]))).toBe("partial");
    expect(finder.find(n.x, n.y, p.x, p.y, 16, enter(ground), new ScriptedRandom([]))).toBe("found");
    expect(finder.length).toBe(26);
  });

  test("one-way edges, exits and water as the NPC's feet allow", () => {
    const rows = ["......", ".N..P.", "......"];
    const ground = groundFrom(rows);
    // P cannot be entered moving west (from the east), and the tile west of it not at all from the east.
    ground.collision[ground.index(4, 2)] = BLOCKED_WEST;
    const finder = new PathFinder(ground.width, ground.height, { noise: 0 });
    expect(finder.find(6, 2, 2, 2, 15, enter(ground), new ScriptedRandom([]))).toBe("found");
    const route = walk(finder, ground, { x: 6, y: 2 }, enter(ground));
    expect(route.some((tile) => tile.x === 4 && tile.y === 2)).toBe(false);

    const exits = groundFrom(["....", "NE.P", "...."]);
    const around = new PathFinder(exits.width, exits.height, { noise: 0 });
    expect(around.find(1, 2, 4, 2, 15, enter(exits), new ScriptedRandom([]))).toBe("found");
    expect(walk(around, exits, { x: 1, y: 2 }, enter(exits)).some((tile) => tile.x === 2 && tile.y === 2)).toBe(false);

    const lake = ["~~~~~~", "~~~~~~", "~~~~~~"];
    const water = groundFrom(lake);
    const fish = new PathFinder(water.width, water.height, { noise: 0 });
    expect(fish.find(2, 2, 5, 2, 15, enter(water, SWIMMER), new ScriptedRandom([]))).toBe("found");
    expect(fish.find(2, 2, 5, 2, 15, enter(water, WALKER), new ScriptedRandom([]))).toBe("none");
  });

  test("one finder serves search after search (stamps, not clearing), with the VB6 draw count", () => {
    const ground = groundFrom(WALLED);
    const finder = new PathFinder(ground.width, ground.height);
    const first = SeededRandom.create(7);
    expect(finder.find(3, 4, 9, 4, 15, enter(ground), first)).toBe("found");
    const firstRoute = [...finder.steps.subarray(0, finder.length)];
    for (let i = 0; i < 50; i++) finder.find(1, 1, 12, 7, 15, enter(ground), SeededRandom.create(i));
    expect(finder.find(3, 4, 9, 4, 15, enter(ground), SeededRandom.create(7))).toBe("found");
    expect([...finder.steps.subarray(0, finder.length)]).toEqual(firstRoute);

    // Three shuffle draws per expansion, one noise draw per tile opened.
    const counted = new ScriptedRandom([]);
    finder.find(1, 1, 3, 1, 15, enter(groundFrom(["...."])), counted);
    expect(counted.draws).toBe(finder.expansions * 3 - 3 + /* opened: (2,1), (3,1) */ 2);
  });
});
