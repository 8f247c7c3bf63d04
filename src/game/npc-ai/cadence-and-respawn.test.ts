import { describe, expect, test } from "bun:test";
import { SeededRandom } from "../../random/index.ts";
import { AI_TICK_MS, isAttackReady, isThinkDue, nextAttackAt, nextThinkAt, tickOfDeadline } from "./cadence.ts";
import { drawFor, ScriptedRandom, TEMPLATE } from "./npc-ai.test-support.ts";
import { DEFAULT_ATTACK_INTERVAL_MS, DEFAULT_MOVE_INTERVAL_MS, npcAiProfile, npcThinks, STANDING_PROFILE } from "./profile.ts";
import { findRespawnTile, nearestTile, RESPAWN_RANDOM_TRIES, respawnDelayMs, rollRespawnSeconds } from "./respawn.ts";

describe("cadence on the 150 ms AI tick", () => {
  /** The tick times at which an action with `intervalMs` happens, checked every `everyMs` of ticks. */
  function schedule(intervalMs: number, untilMs: number, everyMs = AI_TICK_MS): number[] {
    const times: number[] = [];
    let next = 0;
    for (let now = 0; now <= untilMs; now += everyMs) {
      if (!isThinkDue(now, next)) continue;
      times.push(now);
      next = nextThinkAt(now, intervalMs);
    }
    return times;
  }

  test("a 380 ms movement interval thinks every 450 ms", () => {
    expect(schedule(DEFAULT_MOVE_INTERVAL_MS, 2000)).toEqual([0, 450, 900, 1350, 1800]);
    expect(tickOfDeadline(380, 0)).toBe(3);
    expect(tickOfDeadline(300, 0)).toBe(2); // exactly on a tick
    expect(tickOfDeadline(-50, 0)).toBe(0);
  });

  test("a 2000 ms attack interval checked at those thinks hits every 2250 ms", () => {
    const hits: number[] = [];
    let nextHit = Number.NEGATIVE_INFINITY;
    for (const now of schedule(DEFAULT_MOVE_INTERVAL_MS, 7000)) {
      if (!isAttackReady(now, nextHit)) continue;
      hits.push(now);
      nextHit = nextAttackAt(now, DEFAULT_ATTACK_INTERVAL_MS);
    }
    expect(hits).toEqual([0, 2250, 4500, 6750]);
  });
});

describe("profile from npcs.dat", () => {
  test("VB6 defaults for zero intervals; `ReSpawn=0` respawns; guards; what thinks", () => {
    const rata = npcAiProfile(TEMPLATE);
    expect(rata).toMatchObject({ moveIntervalMs: 380, attackIntervalMs: 2000, visionX: 15, visionY: 13, respawns: true, guard: false });
    expect(npcAiProfile({ ...TEMPLATE, moveIntervalMs: 500, attackIntervalMs: 1500, respawnFlag: 1, npcType: 2 })).toMatchObject({
      moveIntervalMs: 500,
      attackIntervalMs: 1500,
      respawns: false,
      guard: true,
    });
    expect(npcAiProfile(null)).toBe(STANDING_PROFILE);
    expect([0, 1, 2, 3, 4, 8, 9, 10, 11, 20, 21].filter(npcThinks)).toEqual([2, 3, 4, 8, 9]);
  });
});

describe("respawn", () => {
  test("the delay: one RandomNumber(min, max) draw in seconds at spawn; (N + 1) s of the one-second queue", () => {
    const profile = npcAiProfile({ ...TEMPLATE, respawnIntervalMinMs: 10, respawnIntervalMaxMs: 20 });
    const random = new ScriptedRandom([drawFor(17, 10, 20)]);
    expect(rollRespawnSeconds(profile, random)).toBe(17);
    expect(random.draws).toBe(1);
    const rata = new ScriptedRandom([0.9]);
    expect(rollRespawnSeconds(npcAiProfile(TEMPLATE), rata)).toBe(0); // RandomNumber(0, 0) still draws
    expect(rata.draws).toBe(1);
    expect(respawnDelayMs(0)).toBe(0);
    expect(respawnDelayMs(17)).toBe(18_000);
  });

  test("a random tile: drawn inside the margins, then the nearest fit around it", () => {
    // 100 × 100: x in 14..87, y in 12..89.
    const random = new ScriptedRandom([drawFor(14, 14, 87), drawFor(89, 12, 89)]);
    expect(findRespawnTile(100, 100, random, () => true, () => true)).toEqual({ x: 14, y: 89 });
    const edges = new ScriptedRandom([0, 0.999999]);
    expect(findRespawnTile(100, 100, edges, () => true, () => true)).toEqual({ x: 14, y: 89 });
    // The drawn tile is taken: the ring search finds the next one, top row first.
    const busy = new ScriptedRandom([drawFor(50, 14, 87), drawFor(50, 12, 89)]);
    expect(findRespawnTile(100, 100, busy, (x, y) => !(x === 50 && y === 50), () => true)).toEqual({ x: 49, y: 49 });
  });

  test("tiles players see are avoided while there is any other; a map without room gives null", () => {
    const unseenOnlyAt = (x: number, y: number) => x === 3 && y === 3;
    const random = SeededRandom.create(9);
    expect(findRespawnTile(20, 20, random, () => true, unseenOnlyAt)).toEqual({ x: 3, y: 3 });
    const draws = new ScriptedRandom([], 0.5);
    expect(findRespawnTile(20, 20, draws, () => true, () => false)).toEqual({ x: 10, y: 10 }); // everything seen: the centre
    expect(draws.draws).toBe(2 * RESPAWN_RANDOM_TRIES);
    expect(findRespawnTile(20, 20, SeededRandom.create(1), () => false, () => true)).toBeNull();
  });

  test("ring order: top row, left column, right column, bottom row", () => {
    const seen: string[] = [];
    nearestTile(10, 10, 5, 5, 1, (x, y) => {
      seen.push(`${x},${y}`);
      return false;
    });
    expect(seen).toEqual(["5,5", "4,4", "5,4", "6,4", "4,5", "6,5", "4,6", "5,6", "6,6"]);
  });
});
