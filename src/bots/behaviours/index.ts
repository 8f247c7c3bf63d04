/** The behaviours that ship, by the names plans and the CLI use. */
import type { BehaviourFactory } from "../behaviour.ts";
import { ChatterBehaviour } from "./chatter.ts";
import { IdleBehaviour } from "./idle.ts";
import { MixedPlayerBehaviour } from "./mixed-player.ts";
import { WalkerBehaviour, WALKER_FIXED_INTERVAL_MS } from "./walker.ts";

export { ChatterBehaviour, CHATTER_LINES, CHATTER_THINK, type ChatterOptions } from "./chatter.ts";
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
};
