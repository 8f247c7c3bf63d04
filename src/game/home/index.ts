/**
 * Public face of `/HOGAR` (VB6 `HandleHome`): who may travel home, the fare, the wait and where
 * the home city is. Pure; the map runs it (`src/map/systems/home.ts`).
 */
export {
  FALLBACK_HOME_CITY,
  HOME_FARE_LEVEL_BREAK,
  HOME_FARE_GOLD_PER_LEVEL,
  NEWBIE_ZONE,
  DEFAULT_HOME_SECONDS,
  homePlaceOf,
  homeFare,
  homeWaitSeconds,
  checkHomeRequest,
  type HomeCitySpot,
  type HomePlace,
  type HomeRequest,
  type HomeOutcome,
} from "./home.ts";
