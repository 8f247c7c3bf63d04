/**
 * Public face of item use (items-and-economy §5): `useItem` for `UseItem` / `UseItemU` with the
 * common checks and intervals (§5.1), the effects of food, drinks, bottles, gold coins, spell
 * scrolls, chests, instruments and every `TipoPocion` (§5.2, §5.3) as values, an equipped bow's
 * request for a target, and `not_available` for what needs systems that do not exist yet (work, travel, doors,
 * mounts, ships, effects over time…). Pure: randomness comes from the injected `Random`, time
 * from the caller's clock.
 */
export {
  USE_CLICK_INTERVAL_MS,
  USE_KEY_INTERVAL_MS,
  POTION_AFTER_HIT_MS,
  WORK_BUILD_INTERVAL_MS,
  WORK_EXTRACT_INTERVAL_MS,
  AUTOMATED_ACTION_INTERVAL_MS,
  BOW_INTERVAL_MS,
  SOUND_EAT,
  SOUND_DRINK,
  SOUND_INVISIBILITY,
  SOUND_PARALYSIS_CURE,
  FX_HEAD_CHANGE,
  MANA_POTION_CAP,
  WOOD_OBJECT,
  DAGGER_OBJECT,
  BOTTLE_WATER_DISTANCE,
} from "./constants.ts";
export {
  NO_TIMERS,
  type UseTimers,
  type UseConditions,
  type BoostedAttribute,
  type UseState,
  type UsePlace,
  type UseMethod,
  type UseEffect,
  type UseNotice,
  type UseRefusal,
  type NotAvailableReason,
  type UseOutcome,
} from "./types.ts";
export type { UseDeps } from "./outcome.ts";
export { useItem, useTimerFor } from "./use-item.ts";
export { RANDOM_HEADS, LEGENDARY_HEADS, healingAmount, manaAfterPotion, boostedAttribute } from "./potions.ts";
