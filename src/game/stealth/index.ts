/**
 * Public face of the stealing and hiding rules (VB6 `Trabajo.bas` `DoRobar`, `RobarObjeto`,
 * `DoOcultarse`, `DoPermanecerOculto`; vb6-feature-surface "Stealing, hiding"): pure functions
 * with VB6's locale ids and draw order; the map's stealth system (`map/systems/stealth.ts`)
 * applies them.
 */
export { HIDE_MESSAGE, STEAL_MESSAGE, StealthClass } from "./constants.ts";
export { attackOnUserEndsHiding, attemptHide, hiddenTicks, hideChancePercent, HIDDEN_TICK_MS, HIDE_INTERVAL, walkEndsHiding, type Hider, type HideOutcome } from "./hiding.ts";
export {
  hasStealableItems,
  isStealable,
  MAX_WALLET_GOLD,
  PROTECTED_GOLD_PER_LEVEL,
  rollSteal,
  STEAL_INTERVAL_MS,
  STEAL_RANGE,
  STEAL_STAMINA,
  stealChancePercent,
  stealGoldLevelFactor,
  stealRefusal,
  THEFT_GLOVES_SUBTYPE,
  theftTurnsCriminal,
  type StealOutcome,
  type StealRefusal,
  type StealSituation,
  type Thief,
  type Victim,
  type VictimSlot,
} from "./stealing.ts";
