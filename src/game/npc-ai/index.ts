/**
 * NPC behaviour without I/O (combat-and-progression §6): the AI profile read from an npcs.dat
 * entry, the think cadence, where an NPC may step, A* pathfinding, target choice, the decision of
 * one think as a value (`idle | step | face | attack`), and the respawn delay and tile. Time and
 * randomness are injected; the map worker (`map/systems/npcs.ts`) runs the loop and applies the
 * decisions.
 */
export {
  DEFAULT_ATTACK_INTERVAL_MS,
  DEFAULT_MOVE_INTERVAL_MS,
  NPC_VISION_X_TILES,
  NPC_VISION_Y_TILES,
  NpcAlignment,
  NpcMovement,
  STANDING_PROFILE,
  npcAiProfile,
  npcThinks,
  type NpcAiProfile,
  type NpcAiTemplate,
} from "./profile.ts";
export { AI_TICK_MS, isAttackReady, isThinkDue, nextAttackAt, nextThinkAt, tickOfDeadline } from "./cadence.ts";
export { NpcEnterRule, npcMayBePlaced, npcMayEnter, npcMayStand, type NpcFeet, type NpcGround } from "./ground.ts";
export { PATH_MAX_EXPANSIONS, PATH_MAX_LENGTH, PATH_NOISE, PathFinder, type EnterPredicate, type PathFinderOptions, type PathOutcome } from "./pathfinding.ts";
export {
  NPC_LEVEL_CLOSE_RANGE_TILES,
  NPC_LEVEL_GAP_IGNORED,
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
  type TargetingNpc,
} from "./targeting.ts";
export {
  PATH_RANGE_GROWTH,
  PATH_RANGE_MAX,
  PATH_RECOMPUTE_COOLDOWN_MS,
  PET_FOLLOW_DISTANCE_TILES,
  WANDER_ODDS,
  WANDER_RADIUS_TILES,
  decideNpc,
  newPathMemory,
  restoreOldMovement,
  type AiNpcTarget,
  type NpcDecision,
  type NpcMind,
  type NpcPathMemory,
  type NpcThink,
} from "./decide.ts";
export {
  RESPAWN_MARGIN_X,
  RESPAWN_MARGIN_Y,
  RESPAWN_RANDOM_TRIES,
  RESPAWN_RETRY_SECONDS,
  RESPAWN_SEARCH_RADIUS,
  RESPAWN_TICK_MS,
  findRespawnTile,
  nearestTile,
  respawnDelayMs,
  rollRespawnSeconds,
  type TileTest,
} from "./respawn.ts";
