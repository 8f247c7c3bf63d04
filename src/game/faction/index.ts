/**
 * Public face of the faction rules: a character's status (criminal, citizen, Chaos, Royal Army),
 * who turns criminal by attacking whom, what the safe toggle forbids (combat-and-progression
 * §3.4, §8.2). Pure functions; the map's faction system applies them.
 */
export {
  FactionStatus,
  FACTION_REFUSAL,
  ONLY_CITIZENS_TOGGLE_SAFE,
  isCitizen,
  isRoyalArmy,
  isChaos,
  factionAttackRefusal,
  attackTurnsCriminal,
  statusAfterCrime,
  safeModeAtLogin,
  canToggleSafeMode,
  type FactionStatusId,
} from "./status.ts";
