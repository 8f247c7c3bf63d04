/**
 * What the NPC AI needs to know about one kind of NPC, read once from its `npcs.dat` entry:
 * movement type, hostility, level and alignment, how far it sees, how fast it thinks and hits,
 * where it may walk, and how it comes back after dying (combat-and-progression §6.1-§6.3, §6.7).
 */
import { NpcType } from "../../content/dat/npc-types.ts";

/** `Movement=` in npcs.dat (VB6 `e_TipoAI`). */
export const NpcMovement = {
  /** Not in the VB6 enum: no AI case matches, the NPC does nothing. */
  none: 0,
  /** `Estatico`: does nothing, not even when attacked. */
  static: 1,
  /** `MueveAlAzar`: hostile ones chase the nearest player, passive ones wander near their origin. */
  wander: 2,
  /** `FixedInPos`: hostile ones hit from their tile (guards chase). */
  fixedInPos: 3,
  /** `NpcDefensa`: chases whoever attacked it. */
  defend: 4,
  /** `SigueAmo`: pets following their master. */
  followMaster: 8,
  /** `NpcAtacaNpc`. */
  attackNpc: 9,
  /** `GuardiaPersigueNpc`. */
  guardChaseNpc: 10,
  /** `SupportAndAttack`. */
  supportAndAttack: 11,
  /** `Caminata`: scripted walk. */
  scriptedWalk: 20,
  /** `Invasion`. */
  invasion: 21,
} as const;

/** `Alineacion=` (VB6 `e_Alineacion`): royal NPCs leave citizens alone, chaos NPCs criminals. */
export const NpcAlignment = { none: 0, royal: 1, chaos: 2 } as const;

/** `IntervaloMovimiento` when npcs.dat leaves it 0. */
export const DEFAULT_MOVE_INTERVAL_MS = 380;
/** `IntervaloAtaque` when npcs.dat leaves it 0. */
export const DEFAULT_ATTACK_INTERVAL_MS = 2000;
/** Vision box half-sizes without `Distancia` (VB6 `RANGO_VISION_X` / `_Y`). */
export const NPC_VISION_X_TILES = 15;
export const NPC_VISION_Y_TILES = 13;

/**
 * The fields of an npcs.dat entry the AI reads. The content context's `NpcTemplate` has them all
 * (this context does not import it: any object of this shape will do, tests build their own).
 * The respawn interval keys hold seconds whatever their names say.
 */
export interface NpcAiTemplate {
  readonly movement: number;
  readonly hostile: boolean;
  readonly level: number;
  readonly alignment: number;
  readonly npcType: number;
  /** `Distancia`: a square vision box of this half-size instead of 15 × 13; 0 = unset. */
  readonly visionRange?: number;
  readonly attackRange: number;
  readonly spells: readonly unknown[];
  readonly moveIntervalMs: number;
  readonly attackIntervalMs: number;
  readonly waterAllowed: boolean;
  readonly landForbidden: boolean;
  /** `ReSpawn`: 0 = comes back after dying, anything else = never. */
  readonly respawnFlag: number;
  readonly respawnAtOrigin: boolean;
  readonly respawnAtOrigin013?: boolean;
  /** `IntervaloRespawnMin`, seconds. */
  readonly respawnIntervalMinMs: number;
  /** `IntervaloRespawn`, seconds. */
  readonly respawnIntervalMaxMs: number;
}

/** One kind of NPC as the AI sees it; shared by every NPC of that kind. */
export interface NpcAiProfile {
  /** Movement type as loaded (VB6 keeps it as `OldMovement` to come back to). */
  readonly movement: number;
  /** Hostility as loaded (VB6 `OldHostil`): false marks a "formerly passive" NPC once attacked. */
  readonly hostile: boolean;
  /** `Nivel` (0 = no level gate). */
  readonly level: number;
  readonly alignment: number;
  /** A royal or chaos guard: chases even when `FixedInPos`. */
  readonly guard: boolean;
  readonly visionX: number;
  readonly visionY: number;
  /** How far past the straight distance a path search may wander (VB6 `RangoVision`: `Distancia` or 15). */
  readonly pathRange: number;
  readonly attackRange: number;
  readonly castsSpells: boolean;
  readonly moveIntervalMs: number;
  readonly attackIntervalMs: number;
  /** `AguaValida`: may walk on water. */
  readonly waterAllowed: boolean;
  /** `TierraInvalida`: may not walk on land. */
  readonly landForbidden: boolean;
  /** Comes back after dying (`ReSpawn=0`). */
  readonly respawns: boolean;
  /** `OrigPos`: comes back on its original tile instead of a random one. */
  readonly respawnAtOrigin: boolean;
  readonly respawnMinSeconds: number;
  readonly respawnMaxSeconds: number;
}

/** An NPC without an npcs.dat entry: stands, never thinks, comes back at once where it was. */
export const STANDING_PROFILE: NpcAiProfile = Object.freeze({
  movement: NpcMovement.none,
  hostile: false,
  level: 0,
  alignment: NpcAlignment.none,
  guard: false,
  visionX: NPC_VISION_X_TILES,
  visionY: NPC_VISION_Y_TILES,
  pathRange: NPC_VISION_X_TILES,
  attackRange: 0,
  castsSpells: false,
  moveIntervalMs: DEFAULT_MOVE_INTERVAL_MS,
  attackIntervalMs: DEFAULT_ATTACK_INTERVAL_MS,
  waterAllowed: false,
  landForbidden: false,
  respawns: true,
  respawnAtOrigin: true,
  respawnMinSeconds: 0,
  respawnMaxSeconds: 0,
});

/** The AI profile of an npcs.dat entry, with the VB6 defaults for what it leaves 0. */
export function npcAiProfile(template: NpcAiTemplate | null): NpcAiProfile {
  if (template === null) return STANDING_PROFILE;
  const vision = template.visionRange ?? 0;
  return {
    movement: template.movement,
    hostile: template.hostile,
    level: template.level,
    alignment: template.alignment,
    guard: template.npcType === NpcType.RoyalGuard || template.npcType === NpcType.ChaosGuard,
    visionX: vision > 0 ? vision : NPC_VISION_X_TILES,
    visionY: vision > 0 ? vision : NPC_VISION_Y_TILES,
    pathRange: vision > 0 ? vision : NPC_VISION_X_TILES,
    attackRange: template.attackRange,
    castsSpells: template.spells.length > 0,
    moveIntervalMs: template.moveIntervalMs > 0 ? template.moveIntervalMs : DEFAULT_MOVE_INTERVAL_MS,
    attackIntervalMs: template.attackIntervalMs > 0 ? template.attackIntervalMs : DEFAULT_ATTACK_INTERVAL_MS,
    waterAllowed: template.waterAllowed,
    landForbidden: template.landForbidden,
    respawns: template.respawnFlag === 0,
    respawnAtOrigin: template.respawnAtOrigin || template.respawnAtOrigin013 === true,
    respawnMinSeconds: template.respawnIntervalMinMs,
    respawnMaxSeconds: template.respawnIntervalMaxMs,
  };
}

/**
 * True for the movement types this AI plays today (wander/chase, fixed position, defend, follow
 * the master, fight an NPC); the others stand still for now. An NPC that never thinks costs the
 * AI loop nothing.
 */
export function npcThinks(movement: number): boolean {
  return (
    movement === NpcMovement.wander ||
    movement === NpcMovement.fixedInPos ||
    movement === NpcMovement.defend ||
    movement === NpcMovement.followMaster ||
    movement === NpcMovement.attackNpc
  );
}
