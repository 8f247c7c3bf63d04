/**
 * Taming end to end with real map workers on the default world (issue #16): a new Druid made by
 * the world's creation rules spends one free skill point on Domar (`ModifySkills`), stands in the
 * Bosque de los Ecos by the tamable Liebre Parda, asks for the cursor (`Work(24)` →
 * `WorkRequestTarget(24)`) and clicks the hare (`WorkLeftClick(x, y, 24)`) until it accepts its
 * master (Msg657); then walks north through the forest's gate to Alba, on another worker, where
 * the hare appears next to it, drawn as its own (`CharacterCreate` isNpc 2).
 *
 * The forest's wolves and spiders are left out of this test's copy of the map: they would hunt
 * the Druid and its hare on the way, which is combat's business, not this test's.
 */
import { afterAll, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_WORLD_MAP_IDS } from "../src/content/index.ts";
import type { CharacterRecord } from "../src/game/character/index.ts";
import { silentLogger } from "../src/log/index.ts";
import { bodyOfFrame, decodeServerPacket, encodeClientPacket, forEachFrame, type ClientPacketName } from "../src/protocol/index.ts";
import { loadServerWorld } from "../src/server/server-world.ts";
import { SeededRandom } from "../src/random/index.ts";
import { World } from "../src/world/index.ts";

const SESSION = 7;
const DRUID = 6;
const DOMAR = 24;
const NORTH = 1;
const WEST = 4;
/** The forest's first hare spawn (src/content/default-world/build-maps.ts) and where the Druid starts, two tiles east. */
const HARE_SPAWN = { x: 52, y: 40 };
const START = { x: 54, y: 40 };
/** The forest's north gate: exits on y = 10 for x 46..54, into Alba. */
const GATE_Y = 10;
const GATE_X = { from: 46, to: 54 };

interface Seen {
  name: string;
  fields: Record<string, unknown>;
}
const received: Seen[] = [];
const entered: number[] = [];
let world: World | null = null;

afterAll(async () => {
  await world?.stop();
});

test("a new Druid tames the forest's hare and walks to Alba; the hare appears next to it there, drawn as its own", async () => {
  const serverWorld = await loadServerWorld(undefined, undefined, SeededRandom.create(16));
  const forest = serverWorld.maps.get(DEFAULT_WORLD_MAP_IDS.forest)!;
  // Only the forest and the town, so that with two workers each has its own and the hand-over
  // crosses threads (the other maps' exits are not walked here).
  const town = serverWorld.maps.get(DEFAULT_WORLD_MAP_IDS.town)!;
  const maps = new Map([
    [town.id, town],
    [forest.id, { ...forest, npcs: forest.npcs.filter((spawn) => spawn.npc === DEFAULT_NPCS.brownHare) }],
  ]);
  world = new World({
    maps,
    workerCount: 2,
    settings: {
      aoiMode: "grid",
      dayLengthMs: 3_600_000,
      tables: serverWorld.tables,
      nakedBodies: serverWorld.nakedBodies,
      rules: { motd: [], globalChat: true, globalChatIntervalMs: 5000 },
      startedAtEpochMs: Date.now(),
      randomSeed: 16,
    },
    logger: silentLogger(),
    deliver(session, frames) {
      if (session !== SESSION) return;
      forEachFrame(frames, (frame) => {
        const body = bodyOfFrame(frame);
        if (!body.ok) throw body.error;
        const decoded = decodeServerPacket(body.body);
        if (!decoded.ok) throw decoded.error;
        received.push({ name: decoded.packet.name, fields: decoded.packet.fields as Record<string, unknown> });
      });
    },
    onLeft: () => {},
    onEntered: (_session, map) => entered.push(map),
  });
  await world.start(true);
  const created = serverWorld.createCharacter({ accountId: 1, name: "Druidesa", race: 1, gender: 2, class: DRUID, head: 70, homeCity: 1 });
  if (!created.ok) throw new Error(`creation refused: ${created.reason}`);
  const now = new Date(0);
  const record: CharacterRecord = {
    ...created.character,
    id: 1,
    position: { map: DEFAULT_WORLD_MAP_IDS.forest, x: START.x, y: START.y, heading: WEST },
    createdAt: now,
    updatedAt: now,
    lastLoginAt: null,
  };
  expect([record.level, record.freeSkillPoints, record.skills[DOMAR - 1]]).toEqual([1, 10, 0]);
  await world.enter(SESSION, record, 1);
  await waitUntil(() => entered.length === 1);
  expect(entered).toEqual([DEFAULT_WORLD_MAP_IDS.forest]);
  const druidIndex = received.find((p) => p.name === "UserCharIndexInServer")!.fields.charIndex as number;
  const hareIndex = received.find((p) => p.name === "CharacterCreate" && p.fields.npcNumber === DEFAULT_NPCS.brownHare && p.fields.x === HARE_SPAWN.x && p.fields.y === HARE_SPAWN.y)!.fields
    .charIndex as number;

  // One free point in Domar: CHA 18 × 1 / 6 = 3, the hare's Domable.
  send("ModifySkills", { skillDeltas: Array.from({ length: 24 }, (_, index) => (index === DOMAR - 1 ? 1 : 0)) });
  const asked = received.length;
  send("Work", { skill: DOMAR, counter: 1 });
  const cursor = await waitFor("WorkRequestTarget", asked);
  expect(cursor.fields).toEqual({ skill: DOMAR, isArea: false, radius: 0 });

  // Click the hare (on its head: the stock client's click, `LookatTile` takes the char below first) until it accepts.
  let tamed = false;
  for (let attempt = 0; attempt < 60 && !tamed; attempt++) {
    const hare = lastSeenAt(hareIndex)!;
    const me = lastSeenAt(druidIndex) ?? START;
    if (Math.abs(hare.x - me.x) + Math.abs(hare.y - 1 - me.y) > 4) {
      await Bun.sleep(300);
      continue;
    }
    const from = received.length;
    send("WorkLeftClick", { x: hare.x, y: hare.y - 1, skill: DOMAR, counter: attempt + 2 });
    await Bun.sleep(120);
    tamed = received.slice(from).some((p) => p.name === "LocaleMsg" && p.fields.messageId === 657);
  }
  expect(tamed).toBe(true);

  // North to the gate (the path is clear of trees; a step refused by someone in the way is sidestepped).
  let at = { ...START };
  for (let step = 0; step < 80 && entered.length === 1; step++) {
    const from = received.length;
    send("Walk", { heading: NORTH, counter: step });
    await Bun.sleep(230);
    const refused = received.slice(from).findLast((p) => p.name === "PosUpdate");
    if (refused === undefined) {
      at = { x: at.x, y: at.y - 1 };
      continue;
    }
    at = { x: refused.fields.x as number, y: refused.fields.y as number };
    if (at.x > GATE_X.from) {
      send("Walk", { heading: WEST, counter: step });
      await Bun.sleep(230);
      if (!received.slice(from).some((p) => p.name === "PosUpdate" && p.fields.x === at.x)) at = { x: at.x - 1, y: at.y };
    }
  }
  await waitUntil(() => entered.length === 2);
  expect(entered).toEqual([DEFAULT_WORLD_MAP_IDS.forest, DEFAULT_WORLD_MAP_IDS.town]);
  expect(at.y).toBeLessThanOrEqual(GATE_Y + 1);

  // In Alba: the Druid, and its hare on a tile next to it, drawn as the Druid's own.
  const changed = received.findLastIndex((p) => p.name === "ChangeMap");
  expect(received[changed]!.fields.map).toBe(DEFAULT_WORLD_MAP_IDS.town);
  const pet = await waitFor("CharacterCreate", changed, (fields) => fields.npcNumber === DEFAULT_NPCS.brownHare && fields.isNpc === 2);
  const arrivedIndex = received.slice(changed).find((p) => p.name === "UserCharIndexInServer")!.fields.charIndex as number;
  const me = received.slice(changed).find((p) => p.name === "CharacterCreate" && p.fields.charIndex === arrivedIndex)!;
  expect(Math.max(Math.abs((pet.fields.x as number) - (me.fields.x as number)), Math.abs((pet.fields.y as number) - (me.fields.y as number)))).toBe(1);
  expect(pet.fields.maxHp).toBe(14);
}, 60_000);

function send(name: ClientPacketName, fields: Record<string, unknown>): void {
  const encoded = encodeClientPacket(name, fields as never);
  if (!encoded.ok) throw encoded.error;
  world!.intent(SESSION, encoded.body);
}

/** Where the client last saw a char (create or move), since the last map change. */
function lastSeenAt(charIndex: number): { x: number; y: number } | undefined {
  const seen = received.filter((p) => (p.name === "CharacterCreate" || p.name === "CharacterMove") && p.fields.charIndex === charIndex).at(-1);
  return seen && { x: seen.fields.x as number, y: seen.fields.y as number };
}

async function waitFor(name: string, from: number, accept: (fields: Record<string, unknown>) => boolean = () => true, timeoutMs = 10_000): Promise<Seen> {
  let found: Seen | undefined;
  await waitUntil(() => (found = received.slice(from).find((p) => p.name === name && accept(p.fields))) !== undefined, timeoutMs);
  return found!;
}

async function waitUntil(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("timed out");
    await Bun.sleep(5);
  }
}
