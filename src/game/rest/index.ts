/**
 * Public face of resting and campfires (combat-and-progression §9, `/DESCANSAR`): the toggle, the
 * campfire in the view window, the end at full vitals, and the two steps of lighting a fire.
 * Pure; randomness injected. The map runs it (`src/map/systems/rest.ts`); the regeneration
 * periods while resting are `game/vitals` (`hpRegenRestingMs`, `staminaRegenRestingMs`).
 */
export {
  CAMPFIRE_OBJECT,
  CITY_ZONE,
  LIGHTING_REACH,
  LOGS_OBJECT,
  LOGS_PER_TWIGS,
  REST_AREA_HALF_HEIGHT,
  REST_AREA_HALF_WIDTH,
  TWIG_DAGGER_OBJECT,
  TWIGS_OBJECT,
  campfireInArea,
  lightTwigs,
  makeTwigs,
  restIsOver,
  toggleRest,
  type LightOutcome,
  type LightState,
  type ObjectAt,
  type RestState,
  type RestToggle,
  type TwigsOutcome,
  type TwigsState,
} from "./rest.ts";
