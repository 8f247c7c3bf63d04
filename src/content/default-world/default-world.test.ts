import { describe, expect, test } from "bun:test";
import { BLOCKED_ALL, BLOCKED_EAST, BLOCKED_NORTH, BLOCKED_SOUTH, BLOCKED_WEST } from "../maps/index.ts";
import { checkWorldContent, encodeMapBinary, type WorldMap } from "../pack/index.ts";
import { buildDefaultWorld } from "./build-default-world.ts";
import { CLASS_IDS, checkStartingKit, resolveStartingKit, startingKitObjects } from "../../game/character-creation/index.ts";
import { checkKitAgainstTables } from "../pack/index.ts";
import { DEFAULT_STARTING_KIT } from "./default-tables.ts";
import { crossCheckQuests, QuestTableSchema } from "../dat/index.ts";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_QUESTS, DEFAULT_WORLD_MAP_IDS as IDS, HOME_CITY_IDS, defaultWorldMapIds } from "./ids.ts";

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
  const objects = new Map((world.tables?.objects?.objects ?? []).map((object) => [object.id, object] as const));
  const npcs = new Map((world.tables?.npcs?.npcs ?? []).map((npc) => [npc.id, npc] as const));
  const town = mapOf(IDS.town);

  test("every NPC, object and spell the maps, the shop stock and the starting kit use is defined", () => {
    const spellIds = new Set(world.tables?.spells?.spells.map((spell) => spell.id));
    for (const map of world.maps) {
      for (const spawn of map.npcs) expect(npcs.has(spawn.npc)).toBe(true);
      for (const object of map.objects) expect(objects.has(object.obj)).toBe(true);
    }
    for (const npc of npcs.values()) {
      for (const line of npc.inventory) expect(objects.has(line.objIndex)).toBe(true);
      for (const drop of npc.drops) expect(objects.has(drop.objIndex)).toBe(true);
    }
    for (const object of startingKitObjects(DEFAULT_STARTING_KIT)) expect(objects.has(object)).toBe(true);
    for (const id of CLASS_IDS) for (const spell of DEFAULT_STARTING_KIT.byClass[id].spells) expect(spellIds.has(spell)).toBe(true);
    // The pack carries the kit, and the pack's own check (objects, slots, amounts) accepts it.
    expect(world.kit).toBe(DEFAULT_STARTING_KIT);
    expect(checkKitAgainstTables(DEFAULT_STARTING_KIT, world.tables)).toEqual([]);
    expect(checkStartingKit(DEFAULT_STARTING_KIT)).toEqual([]);
  });

  test("every object and NPC the item side needs exists, with our own numbers and no AO art", () => {
    const O = DEFAULT_OBJECTS;
    const expected: [number, number][] = [
      [O.healthPotion, 11],
      [O.manaPotion, 11],
      [O.apple, 1],
      [O.bread, 1],
      [O.waterFlask, 13],
      [O.trainingDagger, 2],
      [O.huntingKnife, 2],
      [O.villagerClothes, 3],
      [O.leatherJerkin, 3],
      [O.goldCoins, 5],
    ];
    for (const [id, objType] of expected) expect([id, objects.get(id)?.objType]).toEqual([id, objType]);
    for (const object of objects.values()) expect(object.grhIndex).toBe(0);
    // Every armour has a body for every race and gender, so anyone can wear it (RazaPuedeUsarItem).
    for (const object of objects.values()) {
      if (object.objType !== 3) continue;
      const bodies = [object.bodyHumanMale, object.bodyElfMale, object.bodyDrowMale, object.bodyGnomeMale, object.bodyDwarfMale, object.bodyOrcMale, object.bodyHumanFemale, object.bodyElfFemale, object.bodyDrowFemale, object.bodyGnomeFemale, object.bodyDwarfFemale, object.bodyOrcFemale];
      expect([object.id, bodies]).toEqual([object.id, [1, 2, 3, 300, 300, 582, 1, 2, 3, 300, 300, 581]]);
    }
    expect([...npcs.keys()].sort((a, b) => a - b)).toEqual(Object.values(DEFAULT_NPCS).sort((a, b) => a - b));
  });

  test("the town shop trades (Comercia=1) and stocks red and blue potions, food, drink, one weapon and one armour, and a spare house key sold once", () => {
    const shop = npcs.get(DEFAULT_NPCS.merchant)!;
    expect(shop).toMatchObject({ trades: true, npcType: 0, tradeItemType: 100, inventoryRespawn: false });
    expect(shop.inventory.map((line) => line.objIndex)).toEqual([
      DEFAULT_OBJECTS.healthPotion,
      DEFAULT_OBJECTS.manaPotion,
      DEFAULT_OBJECTS.apple,
      DEFAULT_OBJECTS.bread,
      DEFAULT_OBJECTS.waterFlask,
      DEFAULT_OBJECTS.huntingKnife,
      DEFAULT_OBJECTS.leatherJerkin,
      DEFAULT_OBJECTS.houseKey,
    ]);
    // The house key (a key: KEY-SOLD-ONCE) is the one line that runs out; the rest is the everyday stock.
    expect(shop.inventory.at(-1)).toEqual({ objIndex: DEFAULT_OBJECTS.houseKey, amount: 1 });
    const everyday = shop.inventory.slice(0, -1);
    const types = everyday.map((line) => objects.get(line.objIndex)!.objType);
    expect(types.filter((type) => type === 2)).toHaveLength(1);
    expect(types.filter((type) => type === 3)).toHaveLength(1);
    for (const line of everyday) {
      expect(line.amount).toBeGreaterThan(0);
      const object = objects.get(line.objIndex)!;
      // Sold items have a price, are not newbie items and never run out (Crucial=1, §7.2).
      expect([object.id, object.value > 0, object.newbie, object.crucial]).toEqual([object.id, true, false, 1]);
    }
    expect(town.npcs).toContainEqual({ x: 66, y: 64, npc: DEFAULT_NPCS.merchant });
  });

  test("the quests load and validate: a talk, kill, collect chain with rewards, offered by a quest NPC west of the plaza", () => {
    const quests = world.tables!.quests!;
    expect(QuestTableSchema.parse(quests)).toEqual(quests);
    const { visitHealer, wolves, supplies, hares } = DEFAULT_QUESTS;
    expect(quests.quests.map((quest) => quest.id)).toEqual([visitHealer, wolves, supplies, hares]);
    const byQuest = new Map(quests.quests.map((quest) => [quest.id, quest] as const));
    expect(byQuest.get(visitHealer)!.requiredTargetNpcs).toEqual([DEFAULT_NPCS.healer]);
    expect(byQuest.get(wolves)).toMatchObject({ requiredQuest: visitHealer, requiredNpcs: [{ npcIndex: DEFAULT_NPCS.greyWolf, amount: 3 }] });
    expect(byQuest.get(supplies)!.requiredQuest).toBe(wolves);
    expect(byQuest.get(supplies)!.requiredObjects.map((item) => item.objIndex)).toEqual([DEFAULT_OBJECTS.bread, DEFAULT_OBJECTS.apple]);
    expect(byQuest.get(hares)!.repeatable).toBe(true);
    for (const quest of quests.quests) {
      expect(quest.name.length).toBeGreaterThan(0);
      expect(quest.rewardExp + quest.rewardGold + quest.rewardObjects.length).toBeGreaterThan(0);
      for (const item of [...quest.requiredObjects, ...quest.rewardObjects]) expect(objects.has(item.objIndex)).toBe(true);
      for (const npc of [...quest.requiredNpcs.map((objective) => objective.npcIndex), ...quest.requiredTargetNpcs]) expect(npcs.has(npc)).toBe(true);
    }
    // The cross-checks the importer runs find nothing to say.
    expect(
      crossCheckQuests({
        quests,
        questsFile: "quests",
        npcs: world.tables!.npcs,
        npcsFile: "npcs",
        objectIds: new Set(objects.keys()),
        spellIds: new Set(world.tables!.spells!.spells.map((spell) => spell.id)),
      }),
    ).toEqual([]);
    const giver = npcs.get(DEFAULT_NPCS.questGiver)!;
    expect(giver).toMatchObject({ npcType: 17, quests: [visitHealer, wolves, supplies, hares] });
    const spot = town.npcs.find((spawn) => spawn.npc === DEFAULT_NPCS.questGiver)!;
    expect(spot).toBeDefined();
    expect(spot.x >= 44 && spot.x <= 58 && spot.y >= 42 && spot.y <= 57).toBe(false);
    expect(flagsAt(town, spot.x, spot.y) & BLOCKED_ALL).toBe(0);
    // The wolves and hares the quests ask for live on the maps.
    const spawned = new Set(world.maps.flatMap((map) => map.npcs.map((spawn) => spawn.npc)));
    expect(spawned.has(DEFAULT_NPCS.greyWolf) && spawned.has(DEFAULT_NPCS.brownHare) && spawned.has(DEFAULT_NPCS.healer)).toBe(true);
  });

  test("the town has a banker (NpcType 4) on a free tile by the plaza", () => {
    expect(npcs.get(DEFAULT_NPCS.banker)).toMatchObject({ npcType: 4, trades: false });
    expect(town.npcs).toContainEqual({ x: 44, y: 42, npc: DEFAULT_NPCS.banker });
    expect(flagsAt(town, 44, 42) & BLOCKED_ALL).toBe(0);
  });

  test("the field and the forest hold hostile beasts and a passive, wandering, attackable hare; the town's healer revives", () => {
    const { greyWolf, wildBoar, forestSpider, brownHare, healer } = DEFAULT_NPCS;
    for (const id of [greyWolf, wildBoar, forestSpider]) expect(npcs.get(id)).toMatchObject({ hostile: true, attackable: true, movement: 2 });
    expect(npcs.get(brownHare)).toMatchObject({ name: "Liebre Parda", hostile: false, attackable: true, movement: 2, body: 0 });
    expect(npcs.get(brownHare)!.maxHp).toBeGreaterThan(0);
    expect(npcs.get(healer)).toMatchObject({ npcType: 1 });
    for (const id of [IDS.field, IDS.forest]) {
      const spawned = mapOf(id).npcs.map((spawn) => spawn.npc);
      expect(spawned.some((npc) => npc === greyWolf || npc === wildBoar || npc === forestSpider)).toBe(true);
      expect(spawned.filter((npc) => npc === brownHare).length).toBeGreaterThanOrEqual(2);
      for (const spawn of mapOf(id).npcs) expect(flagsAt(mapOf(id), spawn.x, spawn.y) & BLOCKED_ALL).toBe(0);
    }
  });

  test("a potion, some gold and food lie on free town tiles", () => {
    const lying = (obj: number) => town.objects.filter((object) => object.obj === obj);
    expect(lying(DEFAULT_OBJECTS.healthPotion)).toEqual([{ x: 53, y: 43, obj: DEFAULT_OBJECTS.healthPotion, amount: 1 }]);
    expect(lying(DEFAULT_OBJECTS.goldCoins)).toEqual([{ x: 47, y: 43, obj: DEFAULT_OBJECTS.goldCoins, amount: 25 }]);
    expect(lying(DEFAULT_OBJECTS.bread)).toEqual([{ x: 56, y: 48, obj: DEFAULT_OBJECTS.bread, amount: 2 }]);
    for (const object of town.objects) {
      if (objects.get(object.obj)!.fixedInPlace) continue;
      expect(flagsAt(town, object.x, object.y) & BLOCKED_ALL).toBe(0);
      expect(town.npcs.some((npc) => npc.x === object.x && npc.y === object.y)).toBe(false);
      expect(world.cities.some((city) => city.x === object.x && city.y === object.y)).toBe(false);
    }
  });

  test("every class starts with a knife, the villager's clothes worn in slot 2, potions, bread, water and 100 gold", () => {
    expect(DEFAULT_STARTING_KIT.gold).toBe(100);
    for (const id of CLASS_IDS) {
      const kit = resolveStartingKit(DEFAULT_STARTING_KIT, id, 1, 2, () => 0)!;
      expect(kit.items).toEqual([
        { slot: 1, objectId: DEFAULT_OBJECTS.trainingDagger, amount: 1, equipped: false },
        { slot: 2, objectId: DEFAULT_OBJECTS.villagerClothes, amount: 1, equipped: true },
        { slot: 3, objectId: DEFAULT_OBJECTS.healthPotion, amount: 5, equipped: false },
        { slot: 4, objectId: DEFAULT_OBJECTS.manaPotion, amount: 5, equipped: false },
        { slot: 5, objectId: DEFAULT_OBJECTS.bread, amount: 5, equipped: false },
        { slot: 6, objectId: DEFAULT_OBJECTS.waterFlask, amount: 5, equipped: false },
      ]);
    }
    expect(DEFAULT_STARTING_KIT.byClass[1].spells).toEqual([1, 2, 3]);
    expect(DEFAULT_STARTING_KIT.byClass[3].spells).toEqual([]);
  });

  test("balance covers 12 classes and 6 races with a rising experience curve", () => {
    const balance = world.tables?.balance;
    expect(balance?.classes.map((entry) => entry.key)).toHaveLength(12);
    expect(balance?.races.map((entry) => entry.key)).toEqual(["Humano", "Elfo", "ElfoOscuro", "Gnomo", "Enano", "Orco"]);
    const exp = balance!.expToLevelUp;
    for (let level = 1; level < exp.length - 1; level++) expect(exp[level]!).toBeGreaterThan(exp[level - 1]!);
  });
});
