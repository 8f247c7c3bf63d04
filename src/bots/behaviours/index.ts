/** The behaviours that ship, by the names plans and the CLI use. */
import type { BehaviourFactory } from "../behaviour.ts";
import { CasterBehaviour } from "./caster.ts";
import { ChatterBehaviour } from "./chatter.ts";
import { FighterBehaviour } from "./fighter.ts";
import { IdleBehaviour } from "./idle.ts";
import { MixedPlayerBehaviour } from "./mixed-player.ts";
import { WalkerBehaviour, WALKER_FIXED_INTERVAL_MS } from "./walker.ts";

export {
  CAST_INTERVAL_MS,
  CAST_REFUSAL_MESSAGES,
  CASTER_CAST_INTERVAL_MS,
  CASTER_CAST_MARGIN_MS,
  CASTER_HEAL_BELOW,
  CASTER_PARALYZE_CHANCE,
  CASTER_RANGE,
  CasterBehaviour,
  type CasterOptions,
  type CasterView,
  type CasterViewSource,
  type CastTally,
} from "./caster.ts";
export { DEFAULT_SPELL_CATALOG, normalSpellName, SPELL_ROLES_BY_NAME, spellCatalog, spellCatalogFromWorldInfo, type SpellCatalog, type SpellEntry, type SpellRole } from "./spell-roles.ts";
export { ChatterBehaviour, CHATTER_LINES, CHATTER_THINK, type ChatterOptions } from "./chatter.ts";
export {
  FIGHTER_ATTACK_INTERVAL_MS,
  FIGHTER_ATTACK_MARGIN_MS,
  FIGHTER_GIVE_UP_AFTER_ATTACKS,
  FIGHTER_IGNORE_MS,
  FIGHTER_KILL_AFTER_HIT_MS,
  FighterBehaviour,
  MELEE_INTERVAL_MS,
  type FighterOptions,
  type FighterView,
  type FighterViewSource,
  type FighterWhenDead,
  type FightTally,
} from "./fighter.ts";
export { IdleBehaviour } from "./idle.ts";
export { MapWalkerBehaviour, type LegalSteps, type LegalStepsSource, type MapWalkerOptions } from "./map-walker.ts";
export { MixedPlayerBehaviour, type MixedMode } from "./mixed-player.ts";
export * from "./packets.ts";
export { TimerLoadBehaviour, type TimerLoadOptions } from "./timer-load.ts";
export { walkStep, WalkerBehaviour, WALKER_FIXED_INTERVAL_MS, type WalkerOptions } from "./walker.ts";

export const BUILTIN_BEHAVIOURS: Readonly<Record<string, BehaviourFactory>> = {
  walker: () => new WalkerBehaviour(),
  "walker-fixed": () => new WalkerBehaviour({ intervalMs: WALKER_FIXED_INTERVAL_MS }),
  chatter: () => new ChatterBehaviour(),
  idle: () => new IdleBehaviour(),
  mixed: () => new MixedPlayerBehaviour(),
  // Without a session's view (a loopback plan) it knows no NPC and no terrain: it only skips.
  // Scenarios give it the AO20 session's view (scenario-runner.ts).
  fighter: () => new FighterBehaviour(),
  // Likewise: scenarios give it the session's view and the server's spell names.
  caster: () => new CasterBehaviour(),
};
