/**
 * Meditation (§9; VB6 `HandleMeditate`, `DoMeditar`): who may start or stop it, the FX the
 * others see (by level, criminals their own, `Meditaciones.dat`), and one tick of mana (the
 * amount is the vitals rules' `meditationManaPerTick`; the cadence their
 * `meditationFirstTickMs` / `meditationTickMs`). A meditation ends by itself at full mana;
 * walking, a cast click, a self-cast and mounting end it too (the map stops it there).
 */
import type { Random } from "../../random/index.ts";
import { randomInt } from "../../random/index.ts";
import { FactionStatus, isChaos } from "../faction/index.ts";
import { SKILL } from "../progression/index.ts";
import { AO20_VITALS_INTERVALS, meditationManaPerTick, type MeditationRates, type VitalsIntervals } from "../vitals/index.ts";
import { SPELL_MESSAGE, SpellClass } from "./constants.ts";
import type { SpellSkillUse } from "./outcome.ts";

/** Classes that never meditate (`HandleMeditate` ignores them): Hunter, Worker, Warrior, Pirate, Thief. §9. */
export const NON_MEDITATING_CLASSES: readonly number[] = [SpellClass.Hunter, SpellClass.Worker, SpellClass.Warrior, SpellClass.Pirate, SpellClass.Thief];

/** One band of meditation FX: up to `maxLevel`, the FX of citizens and of criminals. */
export interface MeditationFxBand {
  readonly maxLevel: number;
  readonly fx: number;
  readonly criminalFx: number;
}

/** `Meditaciones.dat` (`[FXsMEDITATIONSBYLEVEL]`, `[FXsMEDITATIONSCRIMINALBYLEVEL]`): the server's defaults when the file has no key. */
export interface MeditationFxTable {
  readonly bands: readonly MeditationFxBand[];
  /** `MeditationLevelMax`: above the last band. */
  readonly maxFx: number;
}

export const DEFAULT_MEDITATION_FX: MeditationFxTable = {
  bands: [
    { maxLevel: 12, fx: 153, criminalFx: 154 },
    { maxLevel: 17, fx: 155, criminalFx: 156 },
    { maxLevel: 24, fx: 157, criminalFx: 158 },
    { maxLevel: 28, fx: 159, criminalFx: 160 },
    { maxLevel: 32, fx: 161, criminalFx: 162 },
    { maxLevel: 36, fx: 163, criminalFx: 164 },
    { maxLevel: 39, fx: 165, criminalFx: 166 },
    { maxLevel: 42, fx: 167, criminalFx: 168 },
    { maxLevel: 44, fx: 169, criminalFx: 170 },
    { maxLevel: 46, fx: 171, criminalFx: 172 },
  ],
  maxFx: 120,
};

/** The meditation FX of a level; criminals, the Legion and its council get the criminal one. */
export function meditationFx(level: number, factionStatus: number, table: MeditationFxTable = DEFAULT_MEDITATION_FX): number {
  const criminal = factionStatus === FactionStatus.criminal || isChaos(factionStatus);
  const band = table.bands.find((entry) => level <= entry.maxLevel);
  if (band === undefined) return table.maxFx;
  return criminal ? band.criminalFx : band.fx;
}

/** What the toggle reads of the player. */
export interface Meditator {
  readonly classId: number;
  readonly level: number;
  readonly factionStatus: number;
  readonly dead: boolean;
  readonly mounted: boolean;
  readonly mana: number;
  readonly maxMana: number;
  readonly meditating: boolean;
}

export type MeditationToggle =
  /** Full mana or a class that does not meditate: nothing happens, nothing is said. */
  | { readonly kind: "ignored"; readonly reason: "full_mana" | "cannot_meditate" }
  /** Msg77 (dead), Msg756 (mounted). */
  | { readonly kind: "refused"; readonly reason: "dead" | "mounted"; readonly message: number }
  /** `MeditateToggle(char, fx)` to the area; mana comes at `firstTickAtMs`, then every `tickMs`. */
  | { readonly kind: "started"; readonly fx: number; readonly firstTickAtMs: number; readonly tickMs: number }
  /** `MeditateToggle(char, 0)` to the area. */
  | { readonly kind: "stopped"; readonly fx: 0 };

/**
 * `HandleMeditate` (client `Meditate`): full mana → ignored (even to stop); a class that does
 * not meditate → ignored; dead (77); mounted (756); else it switches on (FX by level, counters
 * restart) or off. §9.
 */
export function toggleMeditation(player: Meditator, nowMs: number, intervals: VitalsIntervals = AO20_VITALS_INTERVALS, fxTable: MeditationFxTable = DEFAULT_MEDITATION_FX): MeditationToggle {
  if (player.mana === player.maxMana) return { kind: "ignored", reason: "full_mana" };
  if (NON_MEDITATING_CLASSES.includes(player.classId)) return { kind: "ignored", reason: "cannot_meditate" };
  if (player.dead) return { kind: "refused", reason: "dead", message: SPELL_MESSAGE.dead };
  if (player.mounted) return { kind: "refused", reason: "mounted", message: SPELL_MESSAGE.meditateMounted };
  if (player.meditating) return { kind: "stopped", fx: 0 };
  return {
    kind: "started",
    fx: meditationFx(player.level, player.factionStatus, fxTable),
    firstTickAtMs: nowMs + intervals.meditationFirstTickMs,
    tickMs: intervals.meditationTickMs,
  };
}

export interface MeditationTick {
  /** Mana gained this tick (`meditationManaPerTick`, at least 1). */
  readonly gained: number;
  readonly manaAfter: number;
  /** Full mana reached: meditation stops (`MeditateToggle(char, 0)` to the area). */
  readonly finished: boolean;
  /** Meditar may rise after every tick. */
  readonly skillUses: readonly SpellSkillUse[];
}

/** `DoMeditar` once its timer is due: mana up by the tick's amount, capped at the maximum (which ends the meditation). §9. */
export function meditationTick(
  player: { readonly mana: number; readonly maxMana: number; readonly skills: readonly number[] },
  rates: MeditationRates,
  luteBonus = 0,
): MeditationTick {
  const gained = meditationManaPerTick(player.maxMana, player.skills[SKILL.Meditate - 1] ?? 0, rates, luteBonus);
  const finished = player.mana + gained >= player.maxMana;
  return {
    gained,
    manaAfter: finished ? player.maxMana : player.mana + gained,
    finished,
    skillUses: [{ who: "caster", skill: SKILL.Meditate }],
  };
}

/** `NpcDamage`'s hold on a meditation: `12 / (RandomNumber(0, 5) + 7)` of a share of the HP left. */
export const MEDITATION_HOLD_FACTOR = 12;
export const MEDITATION_HOLD_DIVISOR_MIN = 7;
export const MEDITATION_HOLD_DIVISOR_SPREAD = 5;

/** What an NPC's blow on a meditating user reads: the damage, the HP after it, INT and Meditar. */
export interface MeditationHit {
  readonly damage: number;
  readonly hp: number;
  readonly intelligence: number;
  readonly meditateSkill: number;
}

/**
 * `NpcDamage` on a meditating user: the blow ends the meditation when
 * `damage > Fix(MinHp / 100 × INT × Meditar / 100 × 12 / (RandomNumber(0, 5) + 7))`, with the HP
 * left after the blow. One draw. With Meditar 0 any damage breaks it. (A user's blow always does:
 * `UsuarioAtacadoPorUsuario`.)
 */
export function meditationBrokenByHit(random: Random, hit: MeditationHit): boolean {
  const divisor = randomInt(random, 0, MEDITATION_HOLD_DIVISOR_SPREAD) + MEDITATION_HOLD_DIVISOR_MIN;
  const hold = Math.trunc(((((hit.hp / 100) * hit.intelligence * hit.meditateSkill) / 100) * MEDITATION_HOLD_FACTOR) / divisor);
  return hit.damage > hold;
}
