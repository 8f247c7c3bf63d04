/**
 * Taming (§6.8; VB6 `HandleWorkLeftClick` skill Domar, then `DoDomar` in `Codigo/Trabajo.bas`):
 * the checks in their order, the taming points and the one-in-five roll. A success makes the NPC
 * the player's pet (it follows and defends its master) and a fresh copy respawns in its place;
 * every attempt that reaches the roll may raise Domar.
 */
import { SKILL } from "../progression/index.ts";
import type { Random } from "../../random/index.ts";
import { randomInt } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";
import { MAX_PETS, SPELL_MESSAGE, SpellClass } from "./constants.ts";
import type { PetSlot } from "./cast-on-terrain.ts";
import type { SpellSkillUse } from "./outcome.ts";

/** Points are CHA × Domar divided by this: a Druid 6, anyone else 118 ("so that only the Druid tames"). §6.8. */
export const DRUID_TAMING_DIVISOR = 6;
export const OTHER_TAMING_DIVISOR = 118;
/** The roll: `RandomNumber(1, 5) = 1`. */
export const TAMING_ROLL_SIDES = 5;
/** The creature must be within this Manhattan distance of the tamer. */
export const MAX_TAMING_DISTANCE = 4;

/** `puntosDomar`: `CHA × Domar`, `/ 6` for a Druid, `/ 118` for others, into an Integer (half to even). §6.8. */
export function tamingPoints(charisma: number, tamingSkill: number, classId: number): number {
  const divisor = classId === SpellClass.Druid ? DRUID_TAMING_DIVISOR : OTHER_TAMING_DIVISOR;
  return vbRound((vbRound(charisma) * vbRound(tamingSkill)) / divisor);
}

/** The tamer. */
export interface Tamer {
  readonly classId: number;
  readonly level: number;
  /** Current CHA (`UserAtributos(Carisma)`). */
  readonly charisma: number;
  readonly skills: readonly number[];
  readonly pets: readonly PetSlot[];
}

/** The clicked creature, or none. */
export type TamingTarget =
  | { readonly kind: "none" }
  | {
      readonly kind: "npc";
      /** `Domable` (0: cannot be tamed). */
      readonly tameDifficulty: number;
      /** `MinTameLevel` (0 when the data has none). */
      readonly minTameLevel: number;
      /** Whose pet it already is. */
      readonly master: "none" | "tamer" | "other";
      /** Fighting a player (`GetOwnedBy`): the last attacker owns it for 15 s. */
      readonly ownedByPlayer: boolean;
      /** |dx| + |dy| from the tamer. */
      readonly distance: number;
    };

export type TamingOutcome =
  | { readonly kind: "refused"; readonly reason: string; readonly message: number | null; readonly param?: number }
  | {
      readonly kind: "tamed";
      readonly points: number;
      readonly roll: number;
      /** Msg657; on a map without pets the new pet is stored at once (Msg658) and waits outside. */
      readonly messages: readonly number[];
      readonly storedOutside: boolean;
      /** The NPC follows its new master; a fresh copy of it respawns (`ReSpawnNpc`). */
      readonly respawnCopy: true;
      readonly skillUses: readonly SpellSkillUse[];
    }
  | {
      readonly kind: "failed";
      readonly points: number;
      readonly roll: number;
      /** Msg659 (VB6 does not repeat it while it is the last message shown). */
      readonly messages: readonly number[];
      readonly skillUses: readonly SpellSkillUse[];
    };

/**
 * One taming attempt, in VB6's order: no creature (719), not tamable (718), farther than 4
 * (8), fighting a player (717), already the tamer's (655), three pets or no free slot (660),
 * someone else's (656), level below `MinTameLevel` (1321); then the points and
 * `RandomNumber(1, 5)` (always drawn: VB6's `And` does not short-circuit) — tamed when
 * `Domable ≤ points` and the roll is 1. Domar may rise after the roll either way.
 */
export function attemptTaming(random: Random, tamer: Tamer, target: TamingTarget, noPetsMap = false): TamingOutcome {
  if (target.kind === "none") return { kind: "refused", reason: "no_creature", message: SPELL_MESSAGE.noCreatureThere };
  if (target.tameDifficulty <= 0) return { kind: "refused", reason: "not_tamable", message: SPELL_MESSAGE.notTamable };
  if (target.distance > MAX_TAMING_DISTANCE) return { kind: "refused", reason: "too_far", message: SPELL_MESSAGE.tooFar };
  if (target.ownedByPlayer) return { kind: "refused", reason: "fighting", message: SPELL_MESSAGE.creatureFighting };
  if (target.master === "tamer") return { kind: "refused", reason: "already_yours", message: SPELL_MESSAGE.alreadyTamed };
  const pets = tamer.pets.filter((pet) => pet.kind !== "empty").length;
  const freeSlot = Array.from({ length: MAX_PETS }, (_, index) => tamer.pets[index] ?? { kind: "empty" }).some((pet) => pet.kind === "empty");
  if (pets >= MAX_PETS || !freeSlot) return { kind: "refused", reason: "too_many_pets", message: SPELL_MESSAGE.tooManyPets };
  if (target.master === "other") return { kind: "refused", reason: "has_master", message: SPELL_MESSAGE.hasMaster };
  const points = tamingPoints(tamer.charisma, tamer.skills[SKILL.Taming - 1] ?? 0, tamer.classId);
  if (target.minTameLevel > tamer.level) return { kind: "refused", reason: "level_too_low", message: SPELL_MESSAGE.tamingLevelTooLow, param: target.minTameLevel };
  const roll = randomInt(random, 1, TAMING_ROLL_SIDES);
  const skillUses: SpellSkillUse[] = [{ who: "caster", skill: SKILL.Taming }];
  if (target.tameDifficulty <= points && roll === 1) {
    return {
      kind: "tamed",
      points,
      roll,
      messages: noPetsMap ? [SPELL_MESSAGE.tamed, SPELL_MESSAGE.petsWaitOutside] : [SPELL_MESSAGE.tamed],
      storedOutside: noPetsMap,
      respawnCopy: true,
      skillUses,
    };
  }
  return { kind: "failed", points, roll, messages: [SPELL_MESSAGE.tamingFailed], skillUses };
}
