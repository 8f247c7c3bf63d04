/**
 * The shapes every spell resolution answers with: a refusal (nothing happened, nothing is paid)
 * or what the cast did, as values the map applies (HP, states, messages, skill-up rolls).
 */
import type { SkillId } from "../progression/index.ts";
import type { SpellDamage } from "./spell-damage.ts";
import type { StatusEffects, StatusNotice } from "./status-effects.ts";

/** One `¬`-separated parameter of a locale line: a number, a text, or the caster's / target's name (the map knows names). */
export type SpellParam = number | string | { readonly name: "caster" | "target" };

export const CASTER_NAME: SpellParam = Object.freeze({ name: "caster" as const });
export const TARGET_NAME: SpellParam = Object.freeze({ name: "target" as const });

/** A console line (`LocaleMsg`) to the caster or the target. */
export interface SpellMessage {
  readonly to: "caster" | "target";
  readonly messageId: number;
  readonly params: readonly SpellParam[];
}

/** A skill-up roll the map must make after applying the outcome, in this order (§7.4). */
export interface SpellSkillUse {
  readonly who: "caster" | "target";
  readonly skill: SkillId;
}

/** Nothing happened and nothing is paid; `message` is what VB6 tells the caster (null: nothing). */
export interface SpellRefusal {
  readonly kind: "refused";
  readonly reason: string;
  readonly message: number | null;
  /** The locale's parameters, when it has some. */
  readonly params?: readonly SpellParam[];
  /** A line to the target as well (resurrection safe on: Msg1874 with the caster's name). */
  readonly targetMessage?: SpellMessage;
}

/** Damage that landed: the formula's steps, then the target's HP after it. */
export type LandedDamage = SpellDamage & { readonly hpAfter: number; readonly killed: boolean };

/** Healing that landed (`DoDamageOrHeal` with a positive amount: HP capped at the maximum). */
export interface LandedHeal {
  readonly roll: number;
  readonly amount: number;
  readonly hpAfter: number;
}

/** What every successful cast carries. */
export interface SpellCastBase {
  readonly kind: "cast";
  readonly damage: LandedDamage | null;
  readonly heal: LandedHeal | null;
  /** The target's states after the cast, and what to tell about them. */
  readonly status: StatusEffects;
  readonly notices: readonly StatusNotice[];
  readonly messages: readonly SpellMessage[];
  /** A hostile act (`NPCAtacado` / `UsuarioAtacadoPorUsuario`): aggro, owner, fight timers, criminal rules. */
  readonly attacked: boolean;
  /** Helping a criminal with the safe off (`VolverCriminal`). */
  readonly turnsCasterCriminal: boolean;
  readonly skillUses: readonly SpellSkillUse[];
}

/** HP after `DoDamageOrHeal`: down by damage (dead at 0) or up by healing (capped). */
export function hpAfterDamage(hp: number, damage: number): { hpAfter: number; killed: boolean } {
  const hpAfter = Math.max(hp - damage, 0);
  return { hpAfter, killed: hpAfter <= 0 };
}

export function hpAfterHeal(hp: number, maxHp: number, amount: number): number {
  return Math.min(hp + amount, maxHp);
}
