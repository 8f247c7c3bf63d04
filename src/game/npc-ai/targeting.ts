/**
 * Whom an NPC goes for (combat-and-progression §6.4; VB6 `PerseguirUsuarioCercano`,
 * `EsObjetivoValido`, `EsEnemigo`, `EnRangoVision`, `UsuarioAtacableConMelee/Magia`): the vision
 * box, the level gate, the alignment filter, the aggressor, and the nearest player.
 */
import type { NpcAiProfile } from "./profile.ts";
import { NpcAlignment } from "./profile.ts";

/** `NpcDeltaLevelPenalties`: players this many levels above the NPC, or more, are ignored… */
export const NPC_LEVEL_GAP_IGNORED = 4;
/** …unless within `NpcDeltaLevelCloseRange` tiles (Chebyshev) or its aggressor. */
export const NPC_LEVEL_CLOSE_RANGE_TILES = 3;

/**
 * A player as the AI sees it during one think. `ref` is the caller's own player object (what a
 * decision names as its target); the rest is read from it once per AI tick.
 */
export interface AiPlayer<P> {
  readonly ref: P;
  charIndex: number;
  x: number;
  y: number;
  level: number;
  /** Faction status (VB6 `Faccion.Status`): even = criminal side, odd = citizen side. */
  status: number;
  alive: boolean;
  /** Invisible or hidden: seen only from an adjacent tile. */
  hidden: boolean;
  /** Not to be attacked by NPCs: immune after arriving, a GM, in a consultation. */
  shielded: boolean;
}

/** What targeting reads of an NPC. */
export interface TargetingNpc<P> {
  readonly x: number;
  readonly y: number;
  readonly ai: NpcAiProfile;
  /** The player who attacked it (VB6 `flags.AttackedBy`), or null. */
  readonly attackedBy: P | null;
}

/** VB6 `Distancia` on one map: Manhattan. */
export function tileDistance(ax: number, ay: number, bx: number, by: number): number {
  return Math.abs(ax - bx) + Math.abs(ay - by);
}

/** Inside the NPC's vision box (15 × 13 either side, or `Distancia` both ways). */
export function inVision(npc: { readonly x: number; readonly y: number; readonly ai: NpcAiProfile }, x: number, y: number): boolean {
  return Math.abs(x - npc.x) <= npc.ai.visionX && Math.abs(y - npc.y) <= npc.ai.visionY;
}

/**
 * VB6 `EsEnemigo`: with an aggressor, the aggressor is always an enemy and anyone else is one
 * only if they could join the fight without turning criminal (we assume they can: the faction
 * rules of who may attack which NPC belong to combat); then the alignment filter: royal NPCs
 * leave the citizen side alone, chaos NPCs the criminal side.
 */
export function isEnemy<P>(npc: TargetingNpc<P>, player: AiPlayer<P>): boolean {
  switch (npc.ai.alignment) {
    case NpcAlignment.royal:
      return player.status % 2 !== 1;
    case NpcAlignment.chaos:
      return player.status % 2 !== 0;
    default:
      return true;
  }
}

/** VB6 `EsObjetivoValido`: in vision, past the level gate, an enemy, alive, attackable at all. */
export function isValidTarget<P>(npc: TargetingNpc<P>, player: AiPlayer<P>, aggressor: P | null): boolean {
  if (!inVision(npc, player.x, player.y)) return false;
  if (npc.ai.level > 0 && player.level - npc.ai.level > NPC_LEVEL_GAP_IGNORED) {
    const close = Math.max(Math.abs(player.x - npc.x), Math.abs(player.y - npc.y)) <= NPC_LEVEL_CLOSE_RANGE_TILES;
    if (!close && player.ref !== aggressor) return false;
  }
  return isEnemy(npc, player) && player.alive && !player.shielded;
}

/** VB6 `UsuarioAtacableConMelee`: alive, not shielded, and visible unless adjacent. */
export function isMeleeAttackable<P>(npc: { readonly x: number; readonly y: number }, player: AiPlayer<P>): boolean {
  if (!player.alive || player.shielded) return false;
  return !player.hidden || tileDistance(npc.x, npc.y, player.x, player.y) === 1;
}

/** VB6 `UsuarioAtacableConMagia`: alive, not shielded, visible. */
export function isMagicAttackable<P>(player: AiPlayer<P>): boolean {
  return player.alive && !player.shielded && !player.hidden;
}

/** The entry of `players` for `ref`, or null when that player is not on the map any more. */
export function findPlayer<P>(players: readonly AiPlayer<P>[], ref: P | null): AiPlayer<P> | null {
  if (ref === null) return null;
  for (const player of players) if (player.ref === ref) return player;
  return null;
}

/** The entry of `players` standing on (x, y), or null. */
export function playerAt<P>(players: readonly AiPlayer<P>[], x: number, y: number): AiPlayer<P> | null {
  for (const player of players) if (player.x === x && player.y === y) return player;
  return null;
}

/**
 * The target of a natively hostile NPC (VB6 `PerseguirUsuarioCercano`, hostile branch): an enemy
 * standing right in front wins; else, among valid targets, the nearest attackable one, else the
 * nearest visible one (Manhattan; the first found wins a tie). `front` is the player on the tile
 * the NPC faces, if any.
 */
export function chooseHostileTarget<P>(npc: TargetingNpc<P>, players: readonly AiPlayer<P>[], front: AiPlayer<P> | null): AiPlayer<P> | null {
  if (front !== null && front.alive && isEnemy(npc, front)) return front;
  const aggressor = npc.attackedBy;
  let nearest: AiPlayer<P> | null = null;
  let nearestDistance = Number.POSITIVE_INFINITY;
  let nearestAttackable: AiPlayer<P> | null = null;
  let nearestAttackableDistance = Number.POSITIVE_INFINITY;
  for (const player of players) {
    if (!isValidTarget(npc, player, aggressor)) continue;
    const distance = tileDistance(npc.x, npc.y, player.x, player.y);
    if (distance < nearestDistance && !player.hidden) {
      nearest = player;
      nearestDistance = distance;
    }
    if (distance < nearestAttackableDistance && (isMagicAttackable(player) || isMeleeAttackable(npc, player))) {
      nearestAttackable = player;
      nearestAttackableDistance = distance;
    }
  }
  return nearestAttackable ?? nearest;
}

/**
 * The target of a formerly passive NPC (one attacked into hostility): only its aggressor, while
 * in vision and alive. Null means it should forget the aggressor.
 */
export function chooseAggressor<P>(npc: TargetingNpc<P>, players: readonly AiPlayer<P>[]): AiPlayer<P> | null {
  const aggressor = findPlayer(players, npc.attackedBy);
  if (aggressor === null || !aggressor.alive || !inVision(npc, aggressor.x, aggressor.y)) return null;
  return aggressor;
}

/**
 * The nearest valid target by straight-line distance (VB6 `SelectNearestUser`, used by NPCs
 * that hit from their tile), visible ones only.
 */
export function nearestVisibleTarget<P>(npc: TargetingNpc<P>, players: readonly AiPlayer<P>[]): AiPlayer<P> | null {
  let best: AiPlayer<P> | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const player of players) {
    if (player.hidden || !isValidTarget(npc, player, npc.attackedBy)) continue;
    const dx = player.x - npc.x;
    const dy = player.y - npc.y;
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      best = player;
      bestDistance = distance;
    }
  }
  return best;
}
