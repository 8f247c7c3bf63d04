/**
 * One think of one NPC (combat-and-progression §6.3-§6.6; VB6 `NpcAI` and the routines it
 * calls in `Codigo/AI_NPC.bas`): by movement type, whom to go for, whether to hit, where to step.
 *
 * The answer is a value the map applies: stay, step, turn, or hit a player or an NPC. The think
 * also updates the NPC's own memory (its target, a forgotten aggressor, its cached path, when it
 * may hit again), which is state the AI alone owns. Damage is not decided here: "attack" asks the
 * map to run its NPC-on-player melee, "attackNpc" its NPC-on-NPC melee on the NPC's `targetNpc`.
 */
import { randomInt, type Random } from "../../random/index.ts";
import { blockBitFor, headingOfDelta, isHeading, stepX, stepY, HEADING_SOUTH, type Heading } from "../movement/index.ts";
import { isAttackReady, nextAttackAt } from "./cadence.ts";
import { npcMayEnter, type NpcEnterRule, type NpcGround } from "./ground.ts";
import { PathFinder, PATH_MAX_LENGTH } from "./pathfinding.ts";
import { NpcMovement, type NpcAiProfile } from "./profile.ts";
import {
  chooseAggressor,
  chooseHostileTarget,
  findPlayer,
  inVision,
  isEnemy,
  isMagicAttackable,
  isMeleeAttackable,
  isValidTarget,
  nearestVisibleTarget,
  playerAt,
  tileDistance,
  type AiPlayer,
} from "./targeting.ts";

/** A passive NPC farther than this (Manhattan) from its origin walks back. */
export const WANDER_RADIUS_TILES = 4;
/** One wander step every `WANDER_ODDS` thinks on average (VB6 `RandomNumber(1, 6) = 3`). */
export const WANDER_ODDS = 6;
const WANDER_HIT = 3;
/** VB6 `PATH_RECOMPUTE_COOLDOWN_MS`: at most one search per this long for a moving destination. */
export const PATH_RECOMPUTE_COOLDOWN_MS = 250;
/** VB6 `PATH_VISION_DELTA`: a failed search while chasing widens the next one by this much. */
export const PATH_RANGE_GROWTH = 5;
/** `NPCMaxVisionRange`: the widest a search gets. */
export const PATH_RANGE_MAX = 100;
/** A pet stops walking once this close (Manhattan) to its master. */
export const PET_FOLLOW_DISTANCE_TILES = 1;

/** What the map must do after a think. */
export type NpcDecision<P> =
  | { readonly kind: "idle" }
  /** One tile towards `heading` (the NPC faces that way). */
  | { readonly kind: "step"; readonly heading: Heading }
  /** Turn in place. */
  | { readonly kind: "face"; readonly heading: Heading }
  /** Turn to `heading` if not facing it, then run the NPC's melee on `target`. */
  | { readonly kind: "attack"; readonly target: P; readonly heading: Heading }
  /** Turn to `heading` if not facing it, then run the NPC's melee on its `targetNpc` (VB6 `NpcAtacaNpc`). */
  | { readonly kind: "attackNpc"; readonly heading: Heading };

const IDLE: NpcDecision<never> = Object.freeze({ kind: "idle" });

/** The path an NPC is following (VB6 `pathFindingInfo`), reused from think to think. */
export interface NpcPathMemory {
  /** Tile indexes of the route; grown when a longer one comes. */
  tiles: Int32Array;
  length: number;
  /** Index in `tiles` of the next tile to step on. */
  next: number;
  destX: number;
  destY: number;
  /** Monotonic ms before which a moving destination is not searched again. */
  searchAfter: number;
  /** How far past the straight distance a search may go (VB6 `RangoVision`). */
  range: number;
}

const NO_TILES = new Int32Array(0);

export function newPathMemory(range: number): NpcPathMemory {
  return { tiles: NO_TILES, length: 0, next: 0, destX: 0, destY: 0, searchAfter: Number.NEGATIVE_INFINITY, range };
}

/** Another NPC as a think reads it: where it stands and whether it is still on the map. */
export interface AiNpcTarget {
  readonly x: number;
  readonly y: number;
  readonly charIndex: number;
  /** False once it died or left the map: a stale target, forgotten at the next think. */
  readonly alive: boolean;
}

/** The NPC as a think reads and updates it. `P` is the caller's player type. */
export interface NpcMind<P> {
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  readonly ai: NpcAiProfile;
  /** VB6 `Orig`: the tile it wanders around and returns to. */
  readonly origX: number;
  readonly origY: number;
  /** Current hostility and movement (VB6 `Hostile`, `Movement`); `ai` keeps the originals. */
  hostile: boolean;
  movement: number;
  target: P | null;
  attackedBy: P | null;
  /** Monotonic ms from which it may hit again. */
  nextAttackAt: number;
  readonly path: NpcPathMemory;
  /** The player it serves (VB6 `MaestroUser`): a pet follows it (`SigueAmo`). */
  readonly master?: P | null;
  /** The NPC it fights (VB6 `TargetNPC`, movement `NpcAtacaNpc`): a pet's prey, or the pet it hits back. */
  targetNpc?: AiNpcTarget | null;
  /** A game master it was told to follow (VB6 `flags.Follow`, `/SEGUIR`): while set, it only follows. */
  readonly leader?: P | null;
}

/** What one think may look at: the time, randomness, the players on the map and the ground. */
export interface NpcThink<P> {
  readonly nowMs: number;
  readonly random: Random;
  /** Every player on the map this tick. */
  readonly players: readonly AiPlayer<P>[];
  readonly ground: NpcGround;
  readonly finder: PathFinder;
  /** The path search's predicate on `ground` (reused, set per search). */
  readonly enter: NpcEnterRule;
}

/** One think: by movement type (VB6 `NpcAI`); types without an AI yet stay idle. */
export function decideNpc<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  if (npc.leader !== undefined && npc.leader !== null) return followLeader(npc, npc.leader, think);
  switch (npc.movement) {
    case NpcMovement.wander:
      // A ranged NPC (AttackRange > 1) chases into melee for now: its ranged AI is not written yet.
      return npc.hostile ? chase(npc, think) : wanderNearOrigin(npc, think);
    case NpcMovement.fixedInPos:
      if (!npc.hostile) return IDLE;
      return npc.ai.guard ? chase(npc, think) : attackFromPosition(npc, think);
    case NpcMovement.defend:
      return followAggressor(npc, think);
    case NpcMovement.followMaster:
      return followMaster(npc, think);
    case NpcMovement.attackNpc:
      return fightNpc(npc, think);
    default:
      return IDLE;
  }
}

/** VB6 `RestoreOldMovement`: no target, no aggressor, back to how it was loaded. */
export function restoreOldMovement<P>(npc: NpcMind<P>): void {
  npc.target = null;
  if (npc.targetNpc !== undefined) npc.targetNpc = null;
  npc.attackedBy = null;
  npc.movement = npc.ai.movement;
  npc.hostile = npc.ai.hostile;
  npc.path.range = npc.ai.pathRange;
}

/** VB6 `PerseguirUsuarioCercano`. */
function chase<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  const { players } = think;
  let target: AiPlayer<P> | null;
  if (npc.ai.hostile) {
    const facing = isHeading(npc.heading) ? npc.heading : HEADING_SOUTH;
    const front = playerAt(players, npc.x + stepX(facing), npc.y + stepY(facing));
    target = chooseHostileTarget(npc, players, front);
  } else {
    // Formerly passive: only its aggressor, forgotten once out of sight.
    target = chooseAggressor(npc, players);
    if (target === null) npc.attackedBy = null;
  }
  if (target === null) {
    restoreOldMovement(npc);
    return wanderNearOrigin(npc, think);
  }
  npc.target = target.ref;
  return attackOrApproach(npc, target, think);
}

/** VB6 `SeguirAgresor`: the player that attacked it, while a valid target; else calm down. */
function followAggressor<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  const target = findPlayer(think.players, npc.target);
  if (target === null || !isValidTarget(npc, target, null)) {
    restoreOldMovement(npc);
    return IDLE;
  }
  return attackOrApproach(npc, target, think);
}

/**
 * VB6 `SigueAmo` as far as pets fight players: a player that attacked the pet or its master
 * (its `target`) while it is a valid target, else walk up to the master and stay beside it.
 * (A pet sent after an NPC has movement `NpcAtacaNpc` meanwhile: `fightNpc`.)
 */
function followMaster<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  const target = findPlayer(think.players, npc.target);
  if (target !== null && target.ref !== npc.master && isValidTarget(npc, target, npc.target)) return attackOrApproach(npc, target, think);
  npc.target = null;
  const master = findPlayer(think.players, npc.master ?? null);
  if (master === null || tileDistance(npc.x, npc.y, master.x, master.y) <= PET_FOLLOW_DISTANCE_TILES) return IDLE;
  return walkTowards(npc, master.x, master.y, master.charIndex, think);
}

/**
 * VB6 `DoFollow` (`/SEGUIR`): walk up to the game master and stay beside it, whatever the
 * movement type; it neither strikes nor chases anyone meanwhile. A leader not on the map: it
 * stands (the map ends the follow when the leader leaves).
 */
function followLeader<P>(npc: NpcMind<P>, leader: P, think: NpcThink<P>): NpcDecision<P> {
  const found = findPlayer(think.players, leader);
  if (found === null || tileDistance(npc.x, npc.y, found.x, found.y) <= PET_FOLLOW_DISTANCE_TILES) return IDLE;
  return walkTowards(npc, found.x, found.y, found.charIndex, think);
}

/**
 * VB6 `AI_NpcAtacaNpc`: while its `targetNpc` is on the map and in vision, hit it when adjacent
 * (`NpcAtacaNpc`: at most once per `IntervaloAtaque`, facing it), else walk up to it; otherwise
 * forget it and go back to how it was (`RestoreOldMovement`: a pet follows its master again, a
 * wild NPC wanders, hostile or not as loaded).
 */
function fightNpc<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  const target = npc.targetNpc ?? null;
  if (target === null || !target.alive || !inVision(npc, target.x, target.y)) {
    restoreOldMovement(npc);
    return IDLE;
  }
  const heading = headingOfDelta(target.x - npc.x, target.y - npc.y, facingOf(npc));
  if (tileDistance(npc.x, npc.y, target.x, target.y) === 1) {
    npc.path.length = 0;
    if (isAttackReady(think.nowMs, npc.nextAttackAt)) {
      npc.nextAttackAt = nextAttackAt(think.nowMs, npc.ai.attackIntervalMs);
      return { kind: "attackNpc", heading };
    }
    return turnTo(npc, heading);
  }
  const walk = walkTowards(npc, target.x, target.y, target.charIndex, think);
  return walk.kind === "idle" ? turnTo(npc, heading) : walk;
}

/** VB6 `AttackFromPos`: turn to the nearest target and hit whoever stands in front. */
function attackFromPosition<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  const target = nearestVisibleTarget(npc, think.players);
  if (target === null) {
    npc.target = null;
    if (!npc.ai.hostile) restoreOldMovement(npc);
    return IDLE;
  }
  npc.target = target.ref;
  const heading = headingOfDelta(target.x - npc.x, target.y - npc.y, facingOf(npc));
  const front = playerAt(think.players, npc.x + stepX(heading), npc.y + stepY(heading));
  if (front !== null && front.alive && isEnemy(npc, front)) {
    const hit = tryMelee(npc, front, heading, think);
    if (hit !== null) return hit;
  }
  return turnTo(npc, heading);
}

/** VB6 `AI_AtacarUsuarioObjetivo` for a melee NPC: hit when adjacent, else walk up. */
function attackOrApproach<P>(npc: NpcMind<P>, target: AiPlayer<P>, think: NpcThink<P>): NpcDecision<P> {
  const distance = tileDistance(npc.x, npc.y, target.x, target.y);
  const heading = headingOfDelta(target.x - npc.x, target.y - npc.y, facingOf(npc));
  const adjacent = distance <= 1;
  if (adjacent && isMeleeAttackable(npc, target)) {
    // It turns to face the target; the one in front is then the target itself.
    if (isEnemy(npc, target)) {
      const hit = tryMelee(npc, target, heading, think);
      if (hit !== null) return hit;
    }
  }
  if (isMagicAttackable(target) || isMeleeAttackable(npc, target)) {
    if (adjacent) {
      // Next to it already: no path to spend time on.
      npc.path.length = 0;
      return turnTo(npc, heading);
    }
    const walk = walkTowards(npc, target.x, target.y, target.charIndex, think);
    return walk.kind === "idle" ? turnTo(npc, heading) : walk;
  }
  return wanderNearOrigin(npc, think);
}

/**
 * A hit on `player`, now on the tile in front when facing `heading`, if the attack interval
 * allows (it is spent even when a one-way edge of the player's tile then stops the blow, as in
 * VB6 `NpcAtacaUser`). Null: no hit this think.
 */
function tryMelee<P>(npc: NpcMind<P>, player: AiPlayer<P>, heading: Heading, think: NpcThink<P>): NpcDecision<P> | null {
  if (!isAttackReady(think.nowMs, npc.nextAttackAt)) return null;
  npc.nextAttackAt = nextAttackAt(think.nowMs, npc.ai.attackIntervalMs);
  const index = (player.y - 1) * think.ground.width + (player.x - 1);
  if ((think.ground.collision[index]! & blockBitFor(heading)) !== 0) return null;
  // Hitting someone else than its aggressor makes it forget the aggressor.
  if (npc.attackedBy !== player.ref) npc.attackedBy = null;
  if (npc.target === null) npc.target = player.ref;
  return { kind: "attack", target: player.ref, heading };
}

/** VB6 `AI_CaminarSinRumboCercaDeOrigen`. */
function wanderNearOrigin<P>(npc: NpcMind<P>, think: NpcThink<P>): NpcDecision<P> {
  if (tileDistance(npc.x, npc.y, npc.origX, npc.origY) > WANDER_RADIUS_TILES) {
    return walkTowards(npc, npc.origX, npc.origY, 0, think);
  }
  if (randomInt(think.random, 1, WANDER_ODDS) !== WANDER_HIT) return IDLE;
  const heading = randomInt(think.random, 1, 4) as Heading;
  return canStep(npc, heading, think.ground) ? { kind: "step", heading } : IDLE;
}

/**
 * VB6 `AI_CaminarConRumbo`: one step along a path to (destX, destY), searching again when the
 * destination moved (at most once per cooldown) or the path ran out. `passThrough` is the char
 * index standing on the destination that the search may treat as free (the chased player).
 */
function walkTowards<P>(npc: NpcMind<P>, destX: number, destY: number, passThrough: number, think: NpcThink<P>): NpcDecision<P> {
  const path = npc.path;
  if (npc.x === destX && npc.y === destY) {
    path.length = 0;
    return IDLE;
  }
  const moved = path.destX !== destX || path.destY !== destY;
  if (path.next >= path.length || moved) {
    if (think.nowMs >= path.searchAfter || path.next >= path.length) {
      path.destX = destX;
      path.destY = destY;
      path.searchAfter = think.nowMs + PATH_RECOMPUTE_COOLDOWN_MS;
      if (!search(npc, destX, destY, passThrough, think)) {
        if (npc.hostile && npc.target !== null) path.range = Math.min(PATH_RANGE_MAX, path.range + PATH_RANGE_GROWTH);
        return IDLE;
      }
    }
  }
  const tile = path.tiles[path.next]!;
  const width = think.ground.width;
  const tx = (tile % width) + 1;
  const ty = Math.floor(tile / width) + 1;
  if (tileDistance(npc.x, npc.y, tx, ty) !== 1) {
    // The NPC is not where the path expects (it was moved): search again next think.
    path.length = 0;
    return IDLE;
  }
  const heading = headingOfDelta(tx - npc.x, ty - npc.y, facingOf(npc));
  if (!npcMayEnter(think.ground, tile, heading, npc.ai, 0)) {
    // Someone stepped in the way: drop the path rather than walk on from the wrong tile.
    path.length = 0;
    return IDLE;
  }
  path.next++;
  return { kind: "step", heading };
}

/** Fills the NPC's path memory from a search; false when there is nothing to walk. */
function search<P>(npc: NpcMind<P>, destX: number, destY: number, passThrough: number, think: NpcThink<P>): boolean {
  const { finder, enter } = think;
  enter.feet = npc.ai;
  enter.passThrough = passThrough;
  const outcome = finder.find(npc.x, npc.y, destX, destY, npc.path.range, enter.test, think.random);
  const path = npc.path;
  path.next = 0;
  if (outcome === "none" || finder.length === 0) {
    path.length = 0;
    return false;
  }
  if (path.tiles.length < finder.length) path.tiles = new Int32Array(Math.min(PATH_MAX_LENGTH + 1, Math.max(16, finder.length * 2)));
  const { steps, length } = finder;
  for (let i = 0; i < length; i++) path.tiles[i] = steps[i]!;
  path.length = length;
  return true;
}

function canStep<P>(npc: NpcMind<P>, heading: Heading, ground: NpcGround): boolean {
  const x = npc.x + stepX(heading);
  const y = npc.y + stepY(heading);
  if (x < 1 || y < 1 || x > ground.width || y > ground.height) return false;
  return npcMayEnter(ground, (y - 1) * ground.width + (x - 1), heading, npc.ai, 0);
}

function turnTo<P>(npc: NpcMind<P>, heading: Heading): NpcDecision<P> {
  return npc.heading === heading ? IDLE : { kind: "face", heading };
}

function facingOf<P>(npc: NpcMind<P>): Heading {
  return isHeading(npc.heading) ? npc.heading : HEADING_SOUTH;
}
