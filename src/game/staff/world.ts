/**
 * The rules of the staff commands that act on the GM's own map (gm-and-moderation §2.7): which
 * tiles an area command reaches, which ground objects are the map's own fixtures, which triggers
 * a GM may write, which creatures a rank may spawn, which object a teleport is drawn with. Pure:
 * the map's staff system (map/systems/staff/world.ts, npcs.ts) applies them.
 *
 * Decisions (named by the quirk they settle):
 * - TRIGGER-RANGE: `/TRIGGER n` accepts only the triggers `e_Trigger` names (0…41, game/movement
 *   `Trigger`); VB6 wrote any byte into the tile. Any other value is refused and nothing changes.
 * - SPAWN-TABLE: `/CC`, `/ACC` and `/RACC` take only an NPC number of the world's npcs.dat; VB6
 *   indexed its arrays with whatever i16 came (out of range: an error trapped by the handler).
 * - G27: the spawn list's "full list" flag is true for Dios and up, false for a SemiDios (VB6's
 *   `And`/`Or` precedence made it always true); the SemiDios also gets Msg970 as VB6 sends.
 * - CT-DESTINATION: `/CT`'s destination is a map number from 1 and a tile within 1…100 on both
 *   axes (VB6 `MapaValido`, `InMapBounds`); on the GM's own map, within its size. A map this world
 *   lacks is the world's to refuse at the step (the player stays where it stepped), and the
 *   arrival is the nearest free tile there, as for every exit.
 */
import { ObjectType } from "../items/index.ts";
import { Trigger } from "../movement/index.ts";
import { rankLevel, type StaffStanding } from "./ranks.ts";

/** `MinXBorder − 1`, `MinYBorder − 1`: `/MASSKILL` and `/MASSDEST` reach x ± 11, y ± 9 (the GM's screen). */
export const AREA_HALF_WIDTH = 11;
export const AREA_HALF_HEIGHT = 9;

/** `/ITEMSINTHEFLOOR` (`HandleItemsInTheFloor`) lists the tiles from 5 to 95 on both axes. */
export const FLOOR_LIST_FIRST = 5;
export const FLOOR_LIST_LAST = 95;

/** The highest trigger `e_Trigger` names (`CASTLE_FOUNDATION_POSITION`). */
export const MAX_STAFF_TRIGGER = Trigger.CastleFoundation;

/** `XMaxMapSize`, `YMaxMapSize`: no AO map is larger. */
export const MAX_MAP_SIDE = 100;

/** CT-DESTINATION: whether (map, x, y) may be a teleport's destination, before the world looks at the map. */
export function isTeleportDestination(map: number, x: number, y: number): boolean {
  const inside = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_MAP_SIDE;
  return Number.isInteger(map) && map >= 1 && inside(x) && inside(y);
}

/** `/CT` draws the teleport with object 370 (radius 1), 371 (radius 2) or 378 (any other radius). */
export const TELEPORT_OBJECT_RADIUS_1 = 370;
export const TELEPORT_OBJECT_RADIUS_2 = 371;
export const TELEPORT_OBJECT_OTHER = 378;

/** Every tile of the map within the GM's screen around (x, y), inside 1…width × 1…height, row by row. */
export function tilesAround(x: number, y: number, width: number, height: number): { x: number; y: number }[] {
  const tiles: { x: number; y: number }[] = [];
  for (let ty = Math.max(1, y - AREA_HALF_HEIGHT); ty <= Math.min(height, y + AREA_HALF_HEIGHT); ty++) {
    for (let tx = Math.max(1, x - AREA_HALF_WIDTH); tx <= Math.min(width, x + AREA_HALF_WIDTH); tx++) tiles.push({ x: tx, y: ty });
  }
  return tiles;
}

/** `ItemNoEsDeMapa`'s complement: doors, signs, trees, deposits, teleports, mailboxes and decorations belong to the map. */
const MAP_FIXTURE_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Door,
  ObjectType.Sign,
  ObjectType.Tree,
  ObjectType.OreDeposit,
  ObjectType.Teleport,
  ObjectType.Mail,
  ObjectType.Decoration,
]);

/** True when a ground object of this type is part of the map (`/MASSDEST` and `/LIMPIAR` leave it). */
export function isMapFixture(objectType: number | undefined): boolean {
  return objectType !== undefined && MAP_FIXTURE_TYPES.has(objectType);
}

/** TRIGGER-RANGE: whether a GM may write this trigger on a tile. */
export function isStaffTrigger(trigger: number): boolean {
  return Number.isInteger(trigger) && trigger >= Trigger.None && trigger <= MAX_STAFF_TRIGGER;
}

/** What a spawn request comes to, before any tile is looked at. */
export type SpawnPermission = "ok" | "unknown_npc" | "not_summonable";

/**
 * `HandleSpawnCreature`: a SemiDios spawns only the creatures npcs.dat marks `PuedeInvocar=1`;
 * Dios and Admin any entry (SPAWN-TABLE: an entry the table does not have is refused).
 */
export function spawnPermission(template: { readonly canSummon: boolean } | null | undefined, standing: StaffStanding): SpawnPermission {
  if (template === null || template === undefined) return "unknown_npc";
  if (template.canSummon || rankLevel(standing.rank) >= rankLevel("dios")) return "ok";
  return "not_summonable";
}

/** G27: the stock client's spawn window lists every creature for Dios and up, the summonable ones otherwise. */
export function spawnListIsFull(standing: StaffStanding): boolean {
  return rankLevel(standing.rank) >= rankLevel("dios");
}

/** `/CT`: the object a teleport of this radius is drawn with. */
export function teleportObjectFor(radius: number): number {
  if (radius === 1) return TELEPORT_OBJECT_RADIUS_1;
  if (radius === 2) return TELEPORT_OBJECT_RADIUS_2;
  return TELEPORT_OBJECT_OTHER;
}
