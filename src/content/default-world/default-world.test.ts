import { describe, expect, test } from "bun:test";
import { BLOCKED_ALL, BLOCKED_EAST, BLOCKED_NORTH, BLOCKED_SOUTH, BLOCKED_WEST } from "../maps/index.ts";
import { checkWorldContent, encodeMapBinary, type WorldMap } from "../pack/index.ts";
import { buildDefaultWorld } from "./build-default-world.ts";
import { DEFAULT_STARTING_KIT } from "./default-tables.ts";
import { DEFAULT_WORLD_MAP_IDS as IDS, HOME_CITY_IDS, defaultWorldMapIds } from "./ids.ts";

const world = buildDefaultWorld();
const byId = new Map(world.maps.map((map) => [map.id, map] as const));
const mapOf = (id: number) => byId.get(id)!;
const flagsAt = (map: WorldMap, x: number, y: number) => map.collision[(y - 1) * map.width + (x - 1)]!;
const exitAt = (map: WorldMap, x: number, y: number) => map.exits.find((exit) => exit.x === x && exit.y === y);

/** Steps of `LegalWalk`: moving in a heading is refused when the destination has that heading's bit. */
const STEPS = [
  { dx: 0, dy: -1, bit: BLOCKED_NORTH },
  { dx: 1, dy: 0, bit: BLOCKED_EAST },
  { dx: 0, dy: 1, bit: BLOCKED_SOUTH },
  { dx: -1, dy: 0, bit: BLOCKED_WEST },
] as const;

/** Maps reachable on foot from (map, x, y), following exits. */
function reachableMaps(startMap: number, startX: number, startY: number): Set<number> {
  const seen = new Set<string>();
  const maps = new Set<number>();
  const queue: [number, number, number][] = [[startMap, startX, startY]];
  while (queue.length > 0) {
    const [id, x, y] = queue.pop()!;
    const key = `${id},${x},${y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    maps.add(id);
    const map = mapOf(id);
    const exit = exitAt(map, x, y);
    if (exit && exit.destMap > 0) {
      queue.push([exit.destMap, exit.destX, exit.destY]);
      continue; // stepping on an exit always warps
    }
    for (const { dx, dy, bit } of STEPS) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 1 || ny < 1 || nx > map.width || ny > map.height) continue;
      if ((flagsAt(map, nx, ny) & bit) === 0) queue.push([id, nx, ny]);
    }
  }
  return maps;
}

describe("default world maps", () => {
  test("five maps with the documented ids and sizes", () => {
    expect(world.maps.map((map) => [map.id, map.width, map.height])).toEqual([
      [IDS.town, 100, 100],
      [IDS.field, 100, 100],
      [IDS.forest, 100, 100],
      [IDS.openField, 100, 100],
      [IDS.arena, 25, 25],
    ]);
    expect(defaultWorldMapIds).toEqual([1, 2, 3, 4, 5]);
    expect(checkWorldContent(world)).toEqual([]);
  });

  test("the open field has no blocked tile at all", () => {
    expect(mapOf(IDS.openField).collision.every((flags) => flags === 0)).toBe(true);
  });

  test("the arena is walled all round except its gate, and open inside", () => {
    const arena = mapOf(IDS.arena);
    for (let i = 1; i <= 25; i++) {
      for (const [x, y] of [[i, 1], [i, 25], [1, i], [25, i]] as const) {
        const gate = x === 13 && y === 25;
        expect((flagsAt(arena, x, y) & BLOCKED_ALL) === BLOCKED_ALL).toBe(!gate);
      }
    }
    for (let y = 2; y <= 24; y++) for (let x = 2; x <= 24; x++) expect(flagsAt(arena, x, y)).toBe(0);
    expect(exitAt(arena, 13, 25)?.destMap).toBe(IDS.town);
  });

  test("every home city id spawns on a free, distinct town tile", () => {
    expect(world.cities.map((city) => city.id)).toEqual([...HOME_CITY_IDS]);
    const town = mapOf(IDS.town);
    const tiles = new Set<string>();
    for (const city of world.cities) {
      expect(city.map).toBe(IDS.town);
      expect(flagsAt(town, city.x, city.y)).toBe(0);
      expect(exitAt(town, city.x, city.y)).toBeUndefined();
      expect(town.npcs.some((npc) => npc.x === city.x && npc.y === city.y)).toBe(false);
      tiles.add(`${city.x},${city.y}`);
    }
    expect(tiles.size).toBe(HOME_CITY_IDS.length);
    const tableCities = world.tables?.cities?.cities ?? [];
    expect(tableCities.filter((city) => city.valid).map((city) => [city.id, city.map, city.x, city.y])).toEqual(
      world.cities.map((city) => [city.id, city.map, city.x, city.y]),
    );
  });

  test("every exit lands on a free tile that is not itself an exit", () => {
    for (const map of world.maps) {
      for (const exit of map.exits) {
        const dest = mapOf(exit.destMap);
        expect(flagsAt(map, exit.x, exit.y) & BLOCKED_ALL).toBe(0);
        expect(flagsAt(dest, exit.destX, exit.destY) & BLOCKED_ALL).toBe(0);
        expect(exitAt(dest, exit.destX, exit.destY)).toBeUndefined();
      }
    }
  });

  test("maps are connected both ways; the forest loops east into west", () => {
    const links = new Set<string>();
    for (const map of world.maps) for (const exit of map.exits) links.add(`${map.id}->${exit.destMap}`);
    for (const link of links) {
      const [from, to] = link.split("->");
      expect(links.has(`${to}->${from}`)).toBe(true);
    }
    const forest = mapOf(IDS.forest);
    expect(exitAt(forest, 88, 50)).toMatchObject({ destMap: IDS.forest, destX: 14, destY: 50 });
    expect(exitAt(forest, 13, 50)).toMatchObject({ destMap: IDS.forest, destX: 87, destY: 50 });
    // On foot from the first spawn point every map can be reached, and the town from every map.
    const spawn = world.cities[0]!;
    expect([...reachableMaps(spawn.map, spawn.x, spawn.y)].sort()).toEqual([...defaultWorldMapIds]);
    for (const map of world.maps) {
      const entry = map.exits[0]!;
      const inside = mapOf(entry.destMap).exits.find((exit) => exit.destMap === map.id)!;
      expect(reachableMaps(map.id, inside.destX, inside.destY).has(IDS.town)).toBe(true);
    }
  });

  test("deterministic: two builds are byte-identical", () => {
    const again = buildDefaultWorld();
    for (const [index, map] of world.maps.entries()) expect(encodeMapBinary(again.maps[index]!)).toEqual(encodeMapBinary(map));
  });
});

describe("default world tables", () => {
  test("every NPC, object and spell the maps and the starting kit use is defined", () => {
    const npcIds = new Set(world.tables?.npcs?.npcs.map((npc) => npc.id));
    const objectIds = new Set(world.tables?.objects?.objects.map((object) => object.id));
    const spellIds = new Set(world.tables?.spells?.spells.map((spell) => spell.id));
    for (const map of world.maps) {
      for (const spawn of map.npcs) expect(npcIds.has(spawn.npc)).toBe(true);
      for (const object of map.objects) expect(objectIds.has(object.obj)).toBe(true);
    }
    const kitItems = [...DEFAULT_STARTING_KIT.common, ...Object.values(DEFAULT_STARTING_KIT.byClass).flat()];
    for (const item of kitItems) expect(objectIds.has(item.obj)).toBe(true);
    for (const spells of Object.values(DEFAULT_STARTING_KIT.spellsByClass)) for (const spell of spells) expect(spellIds.has(spell)).toBe(true);
  });

  test("each of the 12 classes gets exactly one worn armour", () => {
    for (let classId = 1; classId <= 12; classId++) {
      const worn = DEFAULT_STARTING_KIT.byClass[classId]!.filter((item) => item.equipped);
      expect(worn.length).toBe(1);
      const armour = world.tables?.objects?.objects.find((object) => object.id === worn[0]!.obj);
      expect(armour?.objType).toBe(3);
    }
  });

  test("balance covers 12 classes and 6 races with a rising experience curve", () => {
    const balance = world.tables?.balance;
    expect(balance?.classes.map((entry) => entry.key)).toHaveLength(12);
    expect(balance?.races.map((entry) => entry.key)).toEqual(["Humano", "Elfo", "ElfoOscuro", "Gnomo", "Enano", "Orco"]);
    const exp = balance!.expToLevelUp;
    for (let level = 1; level < exp.length - 1; level++) expect(exp[level]!).toBeGreaterThan(exp[level - 1]!);
  });
});
