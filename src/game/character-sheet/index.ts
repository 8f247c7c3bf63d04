/**
 * Public face of the character sheet: what a player is shown about itself on request. `/EST`
 * (`RequestStats`: VB6 `SendUserStatsTxt`, an ordered list of console lines), the statistics
 * window (`RequestAtributes` and `RequestMiniStats`: the attributes as shown and the mini-stats
 * counters). `RequestSkills` needs nothing here: it answers the record's skills as they are.
 * Pure; the map sends what these return.
 */
export {
  FALLBACK_HOME_CITY_ID,
  FALLBACK_HOME_CITY_NAME,
  NOT_KEPT_STATS,
  homeCityName,
  sheetHitRange,
  statsSheetLines,
  type SheetBalance,
  type SheetCharacter,
  type SheetCity,
  type SheetWorld,
} from "./stats-lines.ts";
export { LIFE_AVERAGE_FONTS, LIFE_AVERAGE_MESSAGES, lifeAverage, lifeAverageLines, type LifeAverage, type LifeAverageBalance, type LifeAverageCharacter } from "./life-average.ts";
export { miniStatsOf, shownAttributes, type AttributeBoost, type MiniStats } from "./mini-stats.ts";
