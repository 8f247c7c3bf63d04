/**
 * Where experience comes from (combat-and-progression §7.1): damaging an NPC (VB6
 * `GetExpForUser`, solo), the NPC's remaining experience for the killing blow (`MuereNpc`), a
 * player kill (`ActStats`) and a skill point won by use (`SubirSkill`). Pure numbers: what the
 * player is told and when is the map's business (`src/map/systems/progression.ts`).
 */
import { MAX_LEVEL } from "../character-creation/index.ts";
import { vbRound, vbSingle } from "../vb-math/index.ts";

/** `MAXEXP`: experience never goes above this (a VB6 Long with headroom). */
export const MAX_EXP = 1_999_999_999;
/** Experience per skill point won by use, before the server multiplier (`SubirSkill`). */
export const SKILL_UP_EXP = 5;
/** Experience per level of the victim for a player kill (`ActStats`). */
export const PVP_EXP_PER_VICTIM_LEVEL = 2;
/**
 * Levels over the NPC from which the penalty grows (`GetExpPenalty` subtracts this constant,
 * whatever `NpcDeltaLevelPenalties` says; the two are 4 in the example configuration).
 */
export const PENALTY_BASE_LEVELS = 4;

/** Server settings the experience rules read (`Configuracion.ini`). */
export interface ExpSettings {
  /** `ExpMult` (1 in the example configuration; ignored when ≤ 0, as VB6 does). */
  readonly expMultiplier: number;
  /** `NpcDeltaLevelPenalties`: the penalty applies when the player is MORE than this many levels above the NPC. */
  readonly npcLevelPenaltyAbove: number;
  /** `PenaltyExpUserPerLevel`: fraction lost per level beyond `PENALTY_BASE_LEVELS` (a VB6 Single). */
  readonly penaltyPerLevel: number;
}

/** The example configuration's values. */
export const DEFAULT_EXP_SETTINGS: ExpSettings = { expMultiplier: 1, npcLevelPenaltyAbove: 4, penaltyPerLevel: 0.05 };

/** What experience an NPC still has to give. */
export interface NpcExpSource {
  /** `GiveEXP`. */
  readonly giveExp: number;
  /** `Stats.MaxHp` (the damage counts against the maximum, not what is left). */
  readonly maxHp: number;
  /** `flags.ExpCount`: starts at `GiveEXP`, decreases with every paid share (a Long). */
  readonly expCount: number;
  /** `Nivel` (0 = no level, no penalty). */
  readonly level: number;
}

export interface DamageExp {
  /**
   * Experience to add (a Double: `addExperience` rounds the sum half to even, as the VB6 Long
   * assignment does). 0 when the hit pays nothing.
   */
  readonly exp: number;
  /** The NPC's `ExpCount` after this hit. */
  readonly expCount: number;
  /** The penalty as a whole percent (locale 1467), or null when no penalty applied. */
  readonly penaltyPercent: number | null;
  /**
   * The hit pays (VB6 goes on to add, send `UpdateExp` and show "+N"), even when a 0 % penalty
   * made the amount 0; false when the hit paid nothing at all.
   */
  readonly pays: boolean;
}

/**
 * `GetExpForUser`: `damage × GiveEXP / MaxHP` (the whole damage, even past the NPC's HP), taken
 * from the NPC's `ExpCount` (all of it when the share is larger), times `ExpMult`, then the level
 * penalty when the player is more than `npcLevelPenaltyAbove` levels above an NPC with a level:
 * `× max(0, 1 − penaltyPerLevel × (delta − 4))`, computed in Single like VB6.
 */
export function expForDamage(damage: number, npc: NpcExpSource, playerLevel: number, settings: ExpSettings = DEFAULT_EXP_SETTINGS): DamageExp {
  const none: DamageExp = { exp: 0, expCount: npc.expCount, penaltyPercent: null, pays: false };
  const dealt = damage > 0 ? damage : 0;
  if (npc.maxHp <= 0) return none;
  let exp = (dealt * npc.giveExp) / npc.maxHp;
  if (exp <= 0) return none;
  let expCount: number;
  if (exp > npc.expCount) {
    exp = npc.expCount;
    expCount = 0;
  } else {
    expCount = vbRound(npc.expCount - exp);
  }
  if (settings.expMultiplier > 0) exp *= settings.expMultiplier;
  if (exp <= 0) return { exp: 0, expCount, penaltyPercent: null, pays: false };
  let penaltyPercent: number | null = null;
  if (npc.level !== 0) {
    const delta = playerLevel - npc.level;
    if (delta > vbRound(settings.npcLevelPenaltyAbove)) {
      const penalty = levelPenalty(delta, settings.penaltyPerLevel);
      exp *= penalty;
      penaltyPercent = vbRound(penalty * 100);
    }
  }
  return { exp, expCount, penaltyPercent, pays: true };
}

/** `GetExpPenalty`: the multiplier for a player `delta` levels above the NPC, never below 0 (Single). */
export function levelPenalty(delta: number, penaltyPerLevel: number): number {
  const extraLevels = delta - PENALTY_BASE_LEVELS;
  const penalty = vbSingle(1 - vbSingle(vbSingle(penaltyPerLevel) * extraLevels));
  return penalty < 0 ? 0 : penalty;
}

/** The killing blow pays what the NPC had left (`MuereNpc`; no multiplier, no penalty). */
export function killRemainderExp(expCount: number): number {
  return expCount > 0 ? expCount : 0;
}

/** `ActStats`: the killer of a player gets twice the victim's level. */
export function pvpKillExp(victimLevel: number): number {
  return vbRound(victimLevel * PVP_EXP_PER_VICTIM_LEVEL);
}

/** `SubirSkill`: `5 × ExpMult` per skill point won by use (a Long). */
export function skillUpExp(expMultiplier: number = DEFAULT_EXP_SETTINGS.expMultiplier): number {
  return vbRound(SKILL_UP_EXP * expMultiplier);
}

/**
 * Adds experience the way every VB6 source does: only below the highest level, the sum rounded
 * half to even into the Long `Exp`, capped at `MAX_EXP`. `applied` is false at the top level
 * (nothing changes, and VB6 sends no `UpdateExp` then).
 */
export function addExperience(exp: number, level: number, amount: number): { readonly exp: number; readonly applied: boolean } {
  if (level >= MAX_LEVEL) return { exp, applied: false };
  const sum = vbRound(exp + amount);
  return { exp: sum > MAX_EXP ? MAX_EXP : sum, applied: true };
}

/**
 * VB6 `PonerPuntos`: a whole number with a dot every three digits (1234567 → "1.234.567"). Like
 * the original, the sign of a negative number is dropped.
 */
export function formatThousands(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(".");
}

/** The floating "+N" the player sees over its tile: the amount rounded like the VB6 Long parameter. */
export function expGainText(amount: number): string {
  return `+${formatThousands(vbRound(amount))}`;
}
