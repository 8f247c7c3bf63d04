/**
 * The World with real map workers: an exit into a map with no room refuses the step and keeps
 * the player on the map it came from (instead of dropping it).
 */
import { afterAll, expect, test } from "bun:test";
import type { CharacterRecord } from "../src/game/character/index.ts";
import { newbieCharacter } from "./fixtures/db-characters.ts";
import { silentLogger } from "../src/log/index.ts";
import { newOccupancyBuffer, type MapDefinition } from "../src/map/index.ts";
import { encodeClientPacket } from "../src/protocol/index.ts";
import { decodeServerPacket, bodyOfFrame, forEachFrame } from "../src/protocol/index.ts";
import { World } from "../src/world/index.ts";

const SIZE = 20;
const WALL = 0x0f;

function mapDefinition(id: number, walled: boolean, exits: MapDefinition["exits"]): MapDefinition {
  const collision = new SharedArrayBuffer(SIZE * SIZE);
  if (walled) new Uint8Array(collision).fill(WALL);
  return {
    id,
    name: `Mapa ${id}`,
    width: SIZE,
    height: SIZE,
    safe: true,
    collision,
    triggers: new SharedArrayBuffer(SIZE * SIZE),
    occupancy: newOccupancyBuffer(SIZE, SIZE),
    exits,
    npcs: [],
    objects: [],
  };
}

function character(): CharacterRecord {
  const now = new Date(0);
  const base = newbieCharacter(1, "Viajera");
  return { ...base, id: 1, position: { map: 1, x: 4, y: 5, heading: 2 }, createdAt: now, updatedAt: now, lastLoginAt: null };
}

const received: string[] = [];
const entered: number[] = [];
const failed: string[] = [];
const world = new World({
  maps: new Map([
    [1, mapDefinition(1, false, [{ x: 5, y: 5, destMap: 2, destX: 10, destY: 10 }])],
    [2, mapDefinition(2, true, [])],
  ]),
  workerCount: 2,
  settings: {
    aoiMode: "grid",
    dayLengthMs: 3_600_000,
    tables: null,
    nakedBodies: null,
    rules: { motd: [], globalChat: true, globalChatIntervalMs: 5000 },
    startedAtEpochMs: Date.now(),
    randomSeed: 1,
  },
  logger: silentLogger(),
  deliver(_session, frames) {
    forEachFrame(frames, (frame) => {
      const body = bodyOfFrame(frame);
      if (!body.ok) throw body.error;
      const decoded = decodeServerPacket(body.body);
      if (decoded.ok) received.push(decoded.packet.name === "ChangeMap" ? `ChangeMap ${(decoded.packet.fields as { map: number }).map}` : decoded.packet.name);
    });
  },
  onLeft: () => {},
  onEntered: (_session, map) => entered.push(map),
  onEnterFailed: (_session, reason) => failed.push(reason),
});

afterAll(async () => {
  await world.stop();
});

test("an exit into a map with no free tile keeps the player where it was", async () => {
  await world.start(true);
  await world.enter(7, character(), 1);
  await waitUntil(() => entered.length === 1);
  const walkEast = encodeClientPacket("Walk", { heading: 2, counter: 1 });
  if (!walkEast.ok) throw walkEast.error;
  world.intent(7, walkEast.body); // east onto the exit at (5, 5)
  await waitUntil(() => entered.length === 2);
  expect(entered).toEqual([1, 1]);
  expect(failed).toEqual([]);
  expect(world.isInWorld(7)).toBe(true);
  expect(received.filter((name) => name.startsWith("ChangeMap"))).toEqual(["ChangeMap 1", "ChangeMap 1"]);
  const [entry] = await world.snapshot();
  expect(entry?.map).toBe(1);
  // Next to the exit, not on it.
  expect(entry?.state.position.x === 5 && entry?.state.position.y === 5).toBe(false);
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("timed out");
    await Bun.sleep(5);
  }
}
