/**
 * Staff: ranks and who may do what (gm-and-moderation.md). Pure: the map's staff system and the
 * main thread's staff service apply these; the database keeps ranks by character id.
 */
export {
  comparePrivileges,
  isStaff,
  isStaffRank,
  outranks,
  PLAYER,
  PlayerType,
  privilegesOf,
  rankLevel,
  rankOf,
  STAFF_RANKS,
  type StaffRank,
  type StaffStanding,
} from "./ranks.ts";
export {
  CREATE_ITEM_REFUSED_MESSAGE,
  mayUse,
  ONLINE_REFUSED_MESSAGE,
  REFUSED_RANK_MESSAGE,
  STAFF_COMMANDS,
  standingOf,
  type CommandArea,
  type Permission,
  type StaffCommand,
  type StaffCommandName,
} from "./commands.ts";
export {
  AUTO_MACRO_JAIL_REASON,
  jailReasonIsRecorded,
  jailRequest,
  MAX_JAIL_MINUTES,
  MAX_MUTE_MINUTES,
  muteMinutesLeft,
  muteRequest,
  PUNISHMENT_TEXT,
  punishmentLine,
  SERVER_ISSUER,
  settlePenalties,
  startPenaltyClock,
  WARNING_JAIL_MINUTES,
  warningJails,
  WARNINGS_THAT_JAIL,
  type JailRequest,
  type MuteRequest,
  type Penalties,
  type PenaltyClock,
  type PenaltyStep,
} from "./penalties.ts";
// -- movement, invisibility and item rules (gm-move: §2.4, §2.6, §3.6, §3.7, §5.7)
export {
  canSee,
  createdAmount,
  MAX_CREATED_UNITS,
  mayMove,
  mayTurnInvisible,
  NEARBY_MAX_RADIUS,
  NEARBY_MIN_RADIUS,
  nearbyTiles,
  summonIsAnnounced,
  warpCheck,
  type AmountCheck,
  type Seen,
  type WarpCheck,
  type WarpRequest,
} from "./movement.ts";
