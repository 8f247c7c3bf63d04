/**
 * Where map-data NPCs first appear: on their own ground. A sea creature (`AguaValida`, land
 * forbidden) placed on a dry tile goes to the nearest water; a land creature placed in the water
 * goes ashore; a creature with no ground of its kind on the map is not placed at all.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import { TILE_WATER } from "../../game/movement/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { world } from "../map-harness.test-support.ts";

const SHARK = 1;
const DEER = 2;

function tables(): GameTables {
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: 2,
      npcs: [
        { id: SHARK, name: "Tiburón", movement: 1, waterAllowed: true, landForbidden: true, minHp: 10, maxHp: 10 },
        { id: DEER, name: "Ciervo", movement: 1, minHp: 10, maxHp: 10 },
      ],
    },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const at = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Bicho", x, y, body: 1, head: 0, heading: 3 });

/** A 40 × 40 map whose columns 30..40 are sea. */
function seaSide(npcs: NpcDefinition[]) {
  const water: [number, number, number][] = [];
  for (let y = 1; y <= 40; y++) for (let x = 30; x <= 40; x++) water.push([x, y, TILE_WATER]);
  return world({ walls: water, npcs, tables: tables() });
}

describe("map NPCs appear on their own ground", () => {
  test("a sea creature on a dry tile swims to the nearest water; a deer in the sea comes ashore", () => {
    const w = seaSide([at(SHARK, 27, 10), at(DEER, 33, 20)]);
    const placed = w.server.instance.npcs();
    const shark = placed.find((npc) => npc.npc === SHARK)!;
    const deer = placed.find((npc) => npc.npc === DEER)!;
    // The nearest ring holding its ground: 3 tiles from (27, 10) for the shark, 4 from (33, 20) for the deer.
    expect(shark.x).toBe(30);
    expect(Math.max(Math.abs(shark.x - 27), Math.abs(shark.y - 10))).toBe(3);
    expect(deer.x).toBe(29);
    expect(Math.max(Math.abs(deer.x - 33), Math.abs(deer.y - 20))).toBe(4);
  });

  test("an NPC the map puts on a trigger tile (a trader in a safe zone) stays on its own tile", () => {
    const SAFE_ZONE = 4;
    const w = world({ npcs: [at(DEER, 20, 20)], triggers: [[20, 20, SAFE_ZONE]], tables: tables() });
    expect(w.server.instance.npcs().map((npc) => [npc.x, npc.y])).toEqual([[20, 20]]);
  });

  test("a sea creature on a map without water is not placed", () => {
    const w = world({ npcs: [at(SHARK, 10, 10), at(DEER, 12, 12)], tables: tables() });
    expect(w.server.instance.npcs().map((npc) => npc.npc)).toEqual([DEER]);
  });
});
