/**
 * The maps of the default world, drawn in code. Deterministic: scattered trees and rocks come
 * from a seeded generator, so the same source always produces byte-identical packs. Pure.
 *
 *            forest (3) ⟲ east/west loop
 *           ↑ north        ↓ south
 *   town (1) south   field (2) north
 *   town east  ↔  field west
 *   town west  ↔  open field (4)       town coliseum door ↔ arena (5)
 */
import { Trigger } from "../../game/movement/index.ts";
import { BLOCKED_NORTH, BLOCKED_SOUTH, NEUTRAL_MAP_PROPERTIES, type MapProperties } from "../maps/index.ts";
import type { HomeCity, WorldMap } from "../pack/index.ts";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_WORLD_MAP_IDS as IDS } from "./ids.ts";
import { MapCanvas } from "./map-canvas.ts";

/** AO maps are 100 × 100 tiles. */
const MAP_SIDE = 100;
/** Arena side in tiles. */
const ARENA_SIDE = 25;
/**
 * Walkable area of a 100 × 100 map for the AO20 client (its 23 × 18 view must stay on the map):
 * X 12..89, Y 10..91. Edge exits sit on x = 13 / 88 and y = 10 / 91, as in the original maps.
 */
const WALK = { minX: 12, maxX: 89, minY: 10, maxY: 91 } as const;
const EXIT_X = { west: 13, east: 88 } as const;
const EXIT_Y = { north: 10, south: 91 } as const;
/** Arrivals land one step inside the gate so the player does not bounce straight back. */
const ARRIVE_X = { west: 14, east: 87 } as const;
const ARRIVE_Y = { north: 11, south: 90 } as const;
/** Gates are 9 tiles wide, centred on the map's middle line. */
const GATE_FROM = 46;
const GATE_TO = 54;
/** Obstacles keep this distance (in tiles, Chebyshev) from gates and paths. */
const CLEARANCE = 3;


/** Seeds of the scattered obstacles (any fixed numbers; changing one changes the map). */
const FIELD_SEED = 0x5eed_0002;
const FOREST_SEED = 0x5eed_0003;
/** Share of forest tiles (off the paths) that get a tree. */
const FOREST_TREE_DENSITY = 0.28;
/** Scattered obstacles on the field. */
const FIELD_TREES = 90;
const FIELD_ROCKS = 60;

/** mulberry32: a tiny deterministic generator (quality is irrelevant; reproducibility is not). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

function properties(name: string, zone: string, terrain: string, safe: boolean, extra: Partial<MapProperties> = {}): MapProperties {
  return { ...NEUTRAL_MAP_PROPERTIES, name, zone, terrain, safe, ...extra };
}

/** Plain margin + palisade on the walk border, with gates cut in. */
function fenceWalkArea(canvas: MapCanvas, gates: { north?: boolean; south?: boolean }): void {
  canvas.blockOutside(WALK.minX, WALK.minY, WALK.maxX, WALK.maxY);
  canvas.wallRect(WALK.minX, WALK.minY, WALK.maxX, WALK.maxY);
  for (let x = GATE_FROM; x <= GATE_TO; x++) {
    if (gates.north) canvas.unblock(x, EXIT_Y.north);
    if (gates.south) canvas.unblock(x, EXIT_Y.south);
  }
}

function westGate(canvas: MapCanvas, destMap: number, arriveX: number = ARRIVE_X.east): void {
  canvas.exits(EXIT_X.west, GATE_FROM, EXIT_X.west, GATE_TO, destMap, (_x, y) => [arriveX, y]);
}
function eastGate(canvas: MapCanvas, destMap: number, arriveX: number = ARRIVE_X.west): void {
  canvas.exits(EXIT_X.east, GATE_FROM, EXIT_X.east, GATE_TO, destMap, (_x, y) => [arriveX, y]);
}
function northGate(canvas: MapCanvas, destMap: number): void {
  canvas.exits(GATE_FROM, EXIT_Y.north, GATE_TO, EXIT_Y.north, destMap, (x) => [x, ARRIVE_Y.south]);
}
function southGate(canvas: MapCanvas, destMap: number): void {
  canvas.exits(GATE_FROM, EXIT_Y.south, GATE_TO, EXIT_Y.south, destMap, (x) => [x, ARRIVE_Y.north]);
}

/** Coliseum door in town and where the arena's gate returns to. */
const COLISEUM_DOOR = { x: 30, y: 69 } as const;
/**
 * The town jail: a walled cell inside the south-west workshop block, reached only by a GM's
 * `/CARCEL` (`Ciudades.dat` `[Prision]`); a freed prisoner walks out north of it (`[Libertad]`).
 */
const JAIL_CELL = { x1: 20, y1: 78, x2: 28, y2: 82 } as const;
export const DEFAULT_PRISON = { map: IDS.town, x: 24, y: 80 } as const;
export const DEFAULT_RELEASE = { map: IDS.town, x: 24, y: 74 } as const;
const COLISEUM_RETURN = { x: 30, y: 71 } as const;
const ARENA_GATE = { x: 13, y: ARENA_SIDE } as const;
const ARENA_ARRIVAL = { x: 13, y: ARENA_SIDE - 2 } as const;
/** The open field's single way back to town, and where the town sends players in. */
const OPEN_FIELD_EXIT = { x: EXIT_X.east, y: 50 } as const;
const OPEN_FIELD_ARRIVAL_X = 80;

/** Where the town's service NPCs stand: the shop behind the market counter, the banker by the plaza. */
const MERCHANT_TILE = { x: 66, y: 64 } as const;
const BANKER_TILE = { x: 44, y: 42 } as const;
/** The trainer stands on the plaza's south-east corner, clear of the ground items and the spawn points. */
const TRAINER_TILE = { x: 58, y: 57 } as const;
/**
 * A campfire burning in the north-east of town, out of sight of the plaza (the view is 3 × 3
 * blocks of 12 tiles): `/DESCANSAR` within 11 tiles across and 9 up or down of it.
 */
export const TOWN_CAMPFIRE_TILE = { x: 80, y: 30 } as const;
/**
 * Twigs in the fields' north-west corner, for lighting a fire (a town forbids it), in a clearing
 * of two tiles (the twigs and the one east of them): out of sight of the west gate and of the
 * boars that wander around (30, 30).
 */
export const FIELD_TWIGS_TILE = { x: 15, y: 12 } as const;
/** The doors of the two houses one can enter on the north wall (the door object's tile), and where the locked one's key lies. */
export const KEY_HOUSE = { door: { x: 37, y: 21 }, object: DEFAULT_OBJECTS.houseDoorLocked } as const;
export const PLAIN_HOUSE = { door: { x: 64, y: 21 }, object: DEFAULT_OBJECTS.doorClosed } as const;
export const HOUSE_KEY_TILE = { x: 40, y: 24 } as const;
/** The quest giver stands west of the plaza, inside the safe zone, off the plaza's tiles (x 44..58, y 42..57). */
export const QUEST_GIVER_TILE = { x: 42, y: 52 } as const;
/** Things lying on the plaza for a new player to pick up: [x, y, object, amount]. */
const PLAZA_GROUND_ITEMS: readonly (readonly [number, number, number, number])[] = [
  [53, 43, DEFAULT_OBJECTS.healthPotion, 1],
  [47, 43, DEFAULT_OBJECTS.goldCoins, 25],
  [56, 48, DEFAULT_OBJECTS.bread, 2],
];

/** Town plaza: fountain in the middle, home-city spawn points around it. */
const PLAZA_CENTER = 50;
/** Home city id → spawn tile, all on the town plaza (ids 1..10 of `e_City`). */
const CITY_SPAWNS: readonly (readonly [id: number, name: string, x: number, y: number])[] = [
  [1, "Alba, Plaza Mayor", 46, 46],
  [2, "Alba, Puerta del Mar", 50, 46],
  [3, "Alba, Barrio Norte", 54, 46],
  [4, "Alba, Barrio de los Telares", 46, 50],
  [5, "Alba, Barrio de la Forja", 54, 50],
  [6, "Alba, Barrio del Molino", 46, 54],
  [7, "Alba, Barrio del Puente", 50, 54],
  [8, "Alba, Barrio de las Huertas", 54, 54],
  [9, "Alba, Barrio Alto", 48, 57],
  [10, "Alba, Barrio Bajo", 52, 57],
];

function buildTown(): WorldMap {
  const town = new MapCanvas(IDS.town, MAP_SIDE, MAP_SIDE);
  fenceWalkArea(town, { south: true });
  eastGate(town, IDS.field);
  westGate(town, IDS.openField, OPEN_FIELD_ARRIVAL_X);
  southGate(town, IDS.forest);

  // Houses along the north wall, workshops along the south-west.
  for (const [x1, x2] of [
    [18, 27],
    [32, 41],
    [59, 68],
    [73, 83],
  ] as const) {
    town.blockRect(x1, 15, x2, 21);
  }
  // Two houses open: the "casa del Telar" (32..41) behind a locked door whose key lies in the
  // street, and the one at 59..68 behind an ordinary door. Each door stands on the south wall's
  // row (y 21) covering two tiles (x-1, x: `Subtipo` 0); closed, nobody crosses between rows 21 and 22.
  for (const house of [KEY_HOUSE, PLAIN_HOUSE]) {
    town.forEach(house.door.x - 3, 17, house.door.x + 2, 20, (x, y) => town.clear(x, y));
    town.clear(house.door.x - 1, house.door.y);
    town.clear(house.door.x, house.door.y);
    town.blockRect(house.door.x - 1, house.door.y, house.door.x, house.door.y, BLOCKED_NORTH);
    town.blockRect(house.door.x - 1, house.door.y + 1, house.door.x, house.door.y + 1, BLOCKED_SOUTH);
    town.object(house.door.x, house.door.y, house.object, 1);
  }
  town.object(HOUSE_KEY_TILE.x, HOUSE_KEY_TILE.y, DEFAULT_OBJECTS.houseKey, 1);
  town.blockRect(18, 76, 30, 84);
  town.forEach(JAIL_CELL.x1, JAIL_CELL.y1, JAIL_CELL.x2, JAIL_CELL.y2, (x, y) => town.clear(x, y));
  town.trigger(JAIL_CELL.x1, JAIL_CELL.y1, JAIL_CELL.x2, JAIL_CELL.y2, Trigger.Jail);
  town.blockRect(70, 76, 82, 84);
  // Coliseum with its door into the arena.
  town.blockRect(24, 62, 36, COLISEUM_DOOR.y);
  town.unblock(COLISEUM_DOOR.x, COLISEUM_DOOR.y);
  town.exits(COLISEUM_DOOR.x, COLISEUM_DOOR.y, COLISEUM_DOOR.x, COLISEUM_DOOR.y, IDS.arena, () => [ARENA_ARRIVAL.x, ARENA_ARRIVAL.y]);
  // Market under a roof; the counter can be walked along but not crossed north-south.
  town.trigger(60, 62, 72, 70, Trigger.UnderRoof);
  town.blockRect(62, 66, 70, 66, BLOCKED_NORTH | BLOCKED_SOUTH);
  // Plaza: a fountain (water, walled) and a safe zone around the spawn points.
  town.water(PLAZA_CENTER - 1, PLAZA_CENTER - 1, PLAZA_CENTER + 1, PLAZA_CENTER + 1, true);
  town.trigger(40, 40, 60, 60, Trigger.SafeZone);

  for (const y of [GATE_FROM - 1, GATE_TO + 1]) {
    town.npc(EXIT_X.east - 1, y, DEFAULT_NPCS.townGuard);
    town.npc(EXIT_X.west + 1, y, DEFAULT_NPCS.townGuard);
  }
  town.npc(MERCHANT_TILE.x, MERCHANT_TILE.y, DEFAULT_NPCS.merchant);
  town.npc(BANKER_TILE.x, BANKER_TILE.y, DEFAULT_NPCS.banker);
  town.npc(50, 43, DEFAULT_NPCS.healer);
  town.npc(TRAINER_TILE.x, TRAINER_TILE.y, DEFAULT_NPCS.trainer);
  town.npc(QUEST_GIVER_TILE.x, QUEST_GIVER_TILE.y, DEFAULT_NPCS.questGiver);
  town.object(58, 44, DEFAULT_OBJECTS.signpost, 1);
  town.object(64, 68, DEFAULT_OBJECTS.apple, 5);
  town.object(TOWN_CAMPFIRE_TILE.x, TOWN_CAMPFIRE_TILE.y, DEFAULT_OBJECTS.campfire, 1);
  town.object(68, 68, DEFAULT_OBJECTS.waterFlask, 5);
  for (const [x, y, obj, amount] of PLAZA_GROUND_ITEMS) town.object(x, y, obj, amount);
  return town.build(properties("Alba", "CIUDAD", "BOSQUE", true));
}

/** True when (x, y) is within CLEARANCE of any of the given points. */
function near(x: number, y: number, points: readonly (readonly [number, number])[]): boolean {
  return points.some(([px, py]) => Math.abs(px - x) <= CLEARANCE && Math.abs(py - y) <= CLEARANCE);
}

/** Tiles along every gate (and its arrival line) that obstacles must keep clear of. */
function gateKeepouts(sides: { west?: boolean; east?: boolean; north?: boolean; south?: boolean }): [number, number][] {
  const points: [number, number][] = [];
  for (let i = GATE_FROM; i <= GATE_TO; i++) {
    if (sides.west) points.push([EXIT_X.west, i], [ARRIVE_X.west, i]);
    if (sides.east) points.push([EXIT_X.east, i], [ARRIVE_X.east, i]);
    if (sides.north) points.push([i, EXIT_Y.north], [i, ARRIVE_Y.north]);
    if (sides.south) points.push([i, EXIT_Y.south], [i, ARRIVE_Y.south]);
  }
  return points;
}

function randomTile(random: () => number): [number, number] {
  const x = WALK.minX + 1 + Math.floor(random() * (WALK.maxX - WALK.minX - 1));
  const y = WALK.minY + 1 + Math.floor(random() * (WALK.maxY - WALK.minY - 1));
  return [x, y];
}

function buildField(): WorldMap {
  const field = new MapCanvas(IDS.field, MAP_SIDE, MAP_SIDE);
  fenceWalkArea(field, { north: true });
  westGate(field, IDS.town);
  northGate(field, IDS.forest);

  const pond = { x1: 62, y1: 62, x2: 72, y2: 70 } as const;
  field.water(pond.x1, pond.y1, pond.x2, pond.y2);
  const keepout = gateKeepouts({ west: true, north: true });
  const random = seededRandom(FIELD_SEED);
  const place = (count: number, draw: (x: number, y: number) => void) => {
    let placed = 0;
    while (placed < count) {
      const [x, y] = randomTile(random);
      const onPond = x >= pond.x1 - 1 && x <= pond.x2 + 1 && y >= pond.y1 - 1 && y <= pond.y2 + 1;
      if (onPond || near(x, y, keepout) || field.isBlocked(x, y)) continue;
      draw(x, y);
      placed++;
    }
  };
  place(FIELD_TREES, (x, y) => field.tree(x, y));
  place(FIELD_ROCKS, (x, y) => field.block(x, y));

  const spawns: readonly (readonly [number, number, number])[] = [
    [30, 30, DEFAULT_NPCS.wildBoar],
    [70, 25, DEFAULT_NPCS.wildBoar],
    [40, 75, DEFAULT_NPCS.wildBoar],
    [80, 80, DEFAULT_NPCS.greyWolf],
    [25, 70, DEFAULT_NPCS.greyWolf],
    [60, 40, DEFAULT_NPCS.wildBoar],
    [45, 22, DEFAULT_NPCS.brownHare],
    [78, 40, DEFAULT_NPCS.brownHare],
    [20, 55, DEFAULT_NPCS.brownHare],
  ];
  field.clear(FIELD_TWIGS_TILE.x + 1, FIELD_TWIGS_TILE.y);
  for (const [x, y, npc] of spawns) {
    field.clear(x, y);
    field.npc(x, y, npc);
  }
  for (const [x, y, obj, amount] of [
    [35, 50, DEFAULT_OBJECTS.apple, 3],
    [55, 30, DEFAULT_OBJECTS.goldCoins, 25],
    [75, 55, DEFAULT_OBJECTS.healthPotion, 1],
    [FIELD_TWIGS_TILE.x, FIELD_TWIGS_TILE.y, DEFAULT_OBJECTS.twigs, 3],
  ] as const) {
    field.clear(x, y);
    field.object(x, y, obj, amount);
  }
  return field.build(properties("Campos de Alba", "CAMPO", "BOSQUE", false));
}

function buildForest(): WorldMap {
  const forest = new MapCanvas(IDS.forest, MAP_SIDE, MAP_SIDE);
  fenceWalkArea(forest, { north: true, south: true });
  southGate(forest, IDS.field);
  northGate(forest, IDS.town);
  // The loop: leaving east brings you in from the west, and the other way round.
  eastGate(forest, IDS.forest, ARRIVE_X.west);
  westGate(forest, IDS.forest, ARRIVE_X.east);

  const random = seededRandom(FOREST_SEED);
  const onPath = (x: number, y: number) => (y >= GATE_FROM - 1 && y <= GATE_TO + 1) || (x >= GATE_FROM - 1 && x <= GATE_TO + 1);
  forest.forEach(WALK.minX + 1, WALK.minY + 1, WALK.maxX - 1, WALK.maxY - 1, (x, y) => {
    if (onPath(x, y)) {
      random(); // keep the sequence independent of the path width
      return;
    }
    if (random() < FOREST_TREE_DENSITY) forest.tree(x, y);
  });

  const spawns: readonly (readonly [number, number, number])[] = [
    [30, 50, DEFAULT_NPCS.greyWolf],
    [70, 50, DEFAULT_NPCS.greyWolf],
    [50, 30, DEFAULT_NPCS.forestSpider],
    [50, 70, DEFAULT_NPCS.forestSpider],
    [25, 48, DEFAULT_NPCS.greyWolf],
    [52, 40, DEFAULT_NPCS.brownHare],
    [48, 62, DEFAULT_NPCS.brownHare],
  ];
  for (const [x, y, npc] of spawns) forest.npc(x, y, npc);
  forest.object(52, 60, DEFAULT_OBJECTS.manaPotion, 2);
  return forest.build(properties("Bosque de los Ecos", "CAMPO", "BOSQUE", false));
}

function buildOpenField(): WorldMap {
  const open = new MapCanvas(IDS.openField, MAP_SIDE, MAP_SIDE);
  open.exits(OPEN_FIELD_EXIT.x, OPEN_FIELD_EXIT.y, OPEN_FIELD_EXIT.x, OPEN_FIELD_EXIT.y, IDS.town, () => [ARRIVE_X.west, OPEN_FIELD_EXIT.y]);
  return open.build(properties("Llanura Abierta", "CAMPO", "BOSQUE", false));
}

function buildArena(): WorldMap {
  const arena = new MapCanvas(IDS.arena, ARENA_SIDE, ARENA_SIDE);
  arena.wallRect(1, 1, ARENA_SIDE, ARENA_SIDE);
  arena.unblock(ARENA_GATE.x, ARENA_GATE.y);
  arena.exits(ARENA_GATE.x, ARENA_GATE.y, ARENA_GATE.x, ARENA_GATE.y, IDS.town, () => [COLISEUM_RETURN.x, COLISEUM_RETURN.y]);
  arena.trigger(2, 2, ARENA_SIDE - 1, ARENA_SIDE - 1, Trigger.FightZone);
  return arena.build(properties("Arena de Alba", "ARENA", "BOSQUE", false));
}

/** The five maps of the default world, by ascending id. */
export function buildDefaultMaps(): WorldMap[] {
  return [buildTown(), buildField(), buildForest(), buildOpenField(), buildArena()];
}

/** Spawn point of every home city id (all in town). */
export function buildDefaultCities(): HomeCity[] {
  return CITY_SPAWNS.map(([id, name, x, y]) => ({ id, name, map: IDS.town, x, y }));
}
