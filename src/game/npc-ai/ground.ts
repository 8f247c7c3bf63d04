/**
 * Where an NPC may stand and step: VB6 `LegalWalkNPC` and the path search's `IsWalkable`
 * (ao-org/argentum-online-server `Codigo/GameLogic.bas`, `Codigo/PathFinding.bas`), on the same
 * collision bits players walk on (`game/movement`). Differences from a walker: water only with
 * `AguaValida`, land not with `TierraInvalida`, never onto an exit or an "invalid position"
 * trigger, and nobody standing there (the chased player's tile counts as free for the search).
 */
import { BLOCKED_ALL, Trigger, blockBitFor, isWaterForWalker, type Heading, type WalkableGrid } from "../movement/index.ts";

/** Triggers an NPC may spawn on (VB6 `TestSpawnTrigger`: none, or 4..11). */
const SPAWN_TRIGGER_MIN = 4;
const SPAWN_TRIGGER_MAX = 11;

/** The map as the NPC AI reads it: terrain, exits and who stands where (tile index = `tileIndex`). */
export interface NpcGround extends WalkableGrid {
  /** True when tile `index` is an exit to another place. */
  isExit(index: number): boolean;
  /** The char index standing on tile `index`, 0 when free. */
  occupantOf(index: number): number;
}

/** Where a kind of NPC may walk. */
export interface NpcFeet {
  readonly waterAllowed: boolean;
  readonly landForbidden: boolean;
}

/**
 * May an NPC enter tile `index` moving towards `heading`? `passThrough` is a char index that
 * does not block (the player a path search is heading for; 0 = nobody).
 */
export function npcMayEnter(ground: NpcGround, index: number, heading: Heading, feet: NpcFeet, passThrough: number): boolean {
  const bits = ground.collision[index]!;
  if ((bits & blockBitFor(heading)) !== 0) return false;
  const trigger = ground.triggers[index]!;
  if (!onRightGround(bits, trigger, feet)) return false;
  if (trigger === Trigger.NpcForbidden) return false;
  if (ground.isExit(index)) return false;
  const occupant = ground.occupantOf(index);
  return occupant === 0 || occupant === passThrough;
}

/**
 * May an NPC appear on tile `index` (VB6 `ValidNPCSpawnPos` without the "nobody sees it" part):
 * not a wall, the right ground, a spawn trigger, no exit, nobody there.
 */
export function npcMayStand(ground: NpcGround, index: number, feet: NpcFeet): boolean {
  const bits = ground.collision[index]!;
  if ((bits & BLOCKED_ALL) === BLOCKED_ALL) return false;
  const trigger = ground.triggers[index]!;
  if (!onRightGround(bits, trigger, feet)) return false;
  if (trigger !== Trigger.None && (trigger < SPAWN_TRIGGER_MIN || trigger > SPAWN_TRIGGER_MAX)) return false;
  return !ground.isExit(index) && ground.occupantOf(index) === 0;
}

/**
 * May a map-data NPC be placed on tile `index` when the map loads: not a wall, the right ground
 * for its feet, no exit, nobody there. Unlike a respawn (`npcMayStand`) the tile's trigger does
 * not matter: the map's author put it there (a trader on a safe-zone tile, say).
 */
export function npcMayBePlaced(ground: NpcGround, index: number, feet: NpcFeet): boolean {
  const bits = ground.collision[index]!;
  if ((bits & BLOCKED_ALL) === BLOCKED_ALL) return false;
  if (!onRightGround(bits, ground.triggers[index]!, feet)) return false;
  return !ground.isExit(index) && ground.occupantOf(index) === 0;
}

/**
 * `npcMayEnter` as a predicate for `PathFinder.find`, with the NPC's feet and the tile it may
 * pass through set before each search: one object per map, so a search allocates nothing.
 */
export class NpcEnterRule {
  feet: NpcFeet = { waterAllowed: false, landForbidden: false };
  passThrough = 0;
  constructor(readonly ground: NpcGround) {}
  readonly test = (index: number, heading: Heading): boolean => npcMayEnter(this.ground, index, heading, this.feet, this.passThrough);
}

/** Water for water walkers, land for the others (a bridge is land). */
function onRightGround(bits: number, trigger: number, feet: NpcFeet): boolean {
  return isWaterForWalker(bits, trigger) ? feet.waterAllowed : !feet.landForbidden;
}
