/**
 * Who may send each staff and moderation packet (gm-and-moderation §2): one row per packet of
 * the stock client's game-master set and the five player-side moderation packets, with the
 * minimum standing the server checks and the way VB6 answers a sender below it. The in-game staff
 * system looks every packet up here before anything else, and audits the answer.
 *
 * Decisions (named by the quirk they fix):
 * - G12: VB6 lets the RoleMaster bit alone pass a dozen checks written "Admin or Dios or
 *   RoleMaster". Here the RM bit opens only role-play and event commands (`rolemaster_or_dios`,
 *   `rolemaster_or_admin`); the punitive and administrative ones it passed (`/SMSG`, `SetMOTD`,
 *   `/BORRARPENA`, `/MODMAPINFO RESTRINGIR|TERRENO|ZONA`, `/MAPSETTING`, `/ESTUPIDO`,
 *   `/RAJARCLAN`) need Dios.
 * - G3: `StartEvent` needs SemiDios for every event type (VB6 checks nothing for type 0).
 * - G13: `RequestDebug` is Admin only (VB6 gave Consejeros the server's last log lines).
 * - G11: every punitive command (`punitive`) also needs the actor to outrank the target strictly
 *   (`outranks`), never on oneself; VB6 has five different rules.
 * - G6: `BanTemporal` is punitive too (VB6 had no rank check).
 */
import { PlayerType, rankLevel, rankOf, type StaffStanding } from "./ranks.ts";

/** The least standing a command needs. */
export type Permission =
  /** Any player (the player-side moderation commands). */
  | "any"
  /** Consejero and up (`EsGM`). */
  | "staff"
  | "semidios"
  | "dios"
  | "admin"
  /** Dios and up, or the RoleMaster bit: role-play and event commands only (G12). */
  | "rolemaster_or_dios"
  /** Admin, or the RoleMaster bit: the treasure-hunt events (`BusquedaTesoro`). */
  | "rolemaster_or_admin";

/** The issue area that builds each command's effect (the rest of the row holds already). */
export type CommandArea = "moderation" | "communication" | "information" | "movement" | "characters" | "world" | "events" | "server" | "reports" | "society";

export interface StaffCommand {
  readonly permission: Permission;
  /** VB6's "and ¬RM": the RoleMaster bit refuses even a high rank (an Admin with RM too). */
  readonly notRoleMaster?: boolean;
  /** Acts on another character: the actor must outrank it strictly, never itself (G11). */
  readonly punitive?: boolean;
  /**
   * How VB6 answers a sender below the permission: a locale id (Msg528 for most information,
   * movement and moderation commands; Msg979 for `/CI`, Msg526 for `/ONLINE`), or nothing at all
   * (absent: VB6's handler simply ends, as for `/GMSG`, `/SMSG` or the map settings).
   */
  readonly refusal?: number;
  readonly area: CommandArea;
}

/** `MSG_COMANDO_DESHABILITADO_RANGO`… the usual "you may not" (Msg528). */
export const REFUSED_RANK_MESSAGE = 528;
/** Msg979: `/CI` by a Dios. */
export const CREATE_ITEM_REFUSED_MESSAGE = 979;
/** Msg526: `/ONLINE` for a player. */
export const ONLINE_REFUSED_MESSAGE = 526;
/** Msg952: `/TRABAJANDO` below Dios ("/TRABAJANDO es un comando deshabilitado para tu cargo"). */
export const WORKING_REFUSED_MESSAGE = 952;

const row = (permission: Permission, area: CommandArea, more: Omit<StaffCommand, "permission" | "area"> = {}): StaffCommand => ({ permission, area, ...more });

/** Every staff and moderation packet, by client packet name (§2.1–§2.9). */
export const STAFF_COMMANDS = {
  // §2.1 player-side moderation
  Online: row("staff", "information", { refusal: ONLINE_REFUSED_MESSAGE }),
  RoleMasterRequest: row("any", "reports"),
  Punishments: row("any", "moderation", { refusal: REFUSED_RANK_MESSAGE }),
  Denounce: row("any", "reports"),
  QuestionGM: row("any", "reports"),
  // §2.2 communication and broadcast
  GMMessage: row("staff", "communication"),
  Comment: row("staff", "communication"),
  ServerMessage: row("staff", "communication", { refusal: REFUSED_RANK_MESSAGE }),
  SystemMessage: row("dios", "communication"),
  RoyalArmyMessage: row("semidios", "society"),
  ChaosLegionMessage: row("semidios", "society"),
  TalkAsNPC: row("semidios", "communication"),
  MensajeUser: row("staff", "communication"),
  AntiMacroMessage: row("staff", "communication"),
  GlobalOnOff: row("dios", "communication"),
  ChatColor: row("staff", "communication"),
  ForceMIDIAll: row("dios", "communication", { refusal: REFUSED_RANK_MESSAGE }),
  ForceWAVEAll: row("dios", "communication", { refusal: REFUSED_RANK_MESSAGE }),
  ForceMIDIToMap: row("rolemaster_or_dios", "events"),
  ForceWAVEToMap: row("rolemaster_or_dios", "events"),
  CuentaRegresiva: row("staff", "events"),
  // §2.3 information
  OnlineRoyalArmy: row("staff", "society"),
  OnlineChaosLegion: row("staff", "society"),
  Where: row("dios", "information", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  CreaturesInMap: row("staff", "information"),
  RequestUserList: row("dios", "information", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  // VB6 answers its own Msg952 ("/TRABAJANDO es un comando deshabilitado para tu cargo").
  Working: row("dios", "information", { refusal: WORKING_REFUSED_MESSAGE, notRoleMaster: true }),
  Hiding: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  RequestCharInfo: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  RequestCharStats: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  RequestCharGold: row("admin", "information", { refusal: REFUSED_RANK_MESSAGE }),
  RequestCharInventory: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  RequestCharBank: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  RequestCharSkills: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  OnlineGM: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  OnlineMap: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  NickToIP: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  IPToNick: row("semidios", "information", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  GuildOnlineMembers: row("semidios", "society", { refusal: REFUSED_RANK_MESSAGE }),
  GuildMemberList: row("semidios", "society"),
  ItemsInTheFloor: row("dios", "information", { refusal: REFUSED_RANK_MESSAGE }),
  AskTrigger: row("dios", "information", { notRoleMaster: true }),
  CheckSlot: row("staff", "information"),
  SpawnListRequest: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  RequestDebug: row("admin", "server"),
  // MARK-RANK (map/systems/staff/self.ts): VB6 checks no rank; staff only here.
  MarcaDeGMPack: row("staff", "information"),
  // §2.4 movement
  GoNearby: row("staff", "movement"),
  WarpMeToTarget: row("staff", "movement"),
  WarpChar: row("staff", "movement"),
  GoToChar: row("semidios", "movement", { refusal: REFUSED_RANK_MESSAGE }),
  SummonChar: row("semidios", "movement", { refusal: REFUSED_RANK_MESSAGE }),
  Invisible: row("semidios", "movement"),
  NavigateToggle: row("semidios", "movement", { refusal: REFUSED_RANK_MESSAGE }),
  SetSpeed: row("semidios", "movement"),
  // G24: VB6's handler returns before any check, so nobody is told anything.
  PossUser: row("staff", "movement"),
  Consulta: row("staff", "movement"),
  NPCFollow: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  // §2.5 moderation
  Silence: row("staff", "moderation", { punitive: true }),
  Jail: row("semidios", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  WarnUser: row("staff", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  Kick: row("semidios", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  Execute: row("semidios", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  BanChar: row("semidios", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  UnbanChar: row("dios", "moderation", { refusal: REFUSED_RANK_MESSAGE }),
  BanCuenta: row("dios", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  UnbanCuenta: row("dios", "moderation", { refusal: REFUSED_RANK_MESSAGE }),
  BanTemporal: row("semidios", "moderation", { refusal: REFUSED_RANK_MESSAGE, punitive: true }),
  CerrarCliente: row("admin", "moderation", { punitive: true }),
  GuildBan: row("dios", "moderation", { notRoleMaster: true }),
  RemovePunishment: row("dios", "moderation"),
  MakeDumb: row("dios", "moderation", { punitive: true }),
  MakeDumbNoMore: row("dios", "moderation"),
  KickAllChars: row("dios", "moderation", { notRoleMaster: true }),
  AlterName: row("dios", "characters", { punitive: true }),
  // §2.6 characters and rewards
  EditChar: row("staff", "characters"),
  ReviveChar: row("semidios", "characters", { refusal: REFUSED_RANK_MESSAGE }),
  Genio: row("staff", "characters"),
  ResetChar: row("admin", "characters", { punitive: true }),
  CreateItem: row("admin", "characters", { refusal: CREATE_ITEM_REFUSED_MESSAGE }),
  GiveItem: row("admin", "characters", { refusal: REFUSED_RANK_MESSAGE }),
  SetCharDescription: row("rolemaster_or_dios", "characters"),
  AcceptRoyalCouncilMember: row("semidios", "society"),
  AcceptChaosCouncilMember: row("semidios", "society"),
  CouncilKick: row("semidios", "society"),
  ChaosLegionKick: row("dios", "society"),
  RoyalArmyKick: row("dios", "society"),
  RemoveCharFromGuild: row("dios", "society"),
  ShowGuildMessages: row("dios", "society"),
  // §2.7 world, NPCs and maps
  KillNPC: row("semidios", "world"),
  KillNPCNoRespawn: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  KillAllNearbyNPCs: row("dios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  SpawnCreature: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  CreateNPC: row("dios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  CreateNPCWithRespawn: row("admin", "world", { refusal: REFUSED_RANK_MESSAGE }),
  ResetNPCInventory: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  CleanWorld: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  DestroyAllItemsInArea: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  DestroyItems: row("dios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  TeleportCreate: row("dios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  TeleportDestroy: row("dios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  SetTrigger: row("dios", "world", { notRoleMaster: true }),
  TileBlockedToggle: row("semidios", "world"),
  RainToggle: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  NieveToggle: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  NieblaToggle: row("semidios", "world", { refusal: REFUSED_RANK_MESSAGE }),
  ChangeMapInfoPK: row("dios", "world", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  ChangeMapInfoBackup: row("dios", "world", { notRoleMaster: true }),
  ChangeMapInfoRestricted: row("dios", "world"),
  ChangeMapInfoNoMagic: row("dios", "world"),
  ChangeMapInfoNoInvi: row("dios", "world"),
  ChangeMapInfoNoResu: row("dios", "world"),
  ChangeMapInfoLand: row("dios", "world"),
  ChangeMapInfoZone: row("dios", "world"),
  ChangeMapSetting: row("dios", "world"),
  // §2.8 events
  CrearEvento: row("admin", "events"),
  FinEvento: row("semidios", "events", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  CreateEvent: row("dios", "events", { refusal: REFUSED_RANK_MESSAGE }),
  StartEvent: row("semidios", "events"),
  CancelarEvento: row("semidios", "events", { refusal: REFUSED_RANK_MESSAGE }),
  LobbyCommand: row("semidios", "events", { refusal: REFUSED_RANK_MESSAGE }),
  EventoFaccionario: row("dios", "events"),
  CrearTorneo: row("semidios", "events"),
  ComenzarTorneo: row("staff", "events"),
  CancelarTorneo: row("staff", "events"),
  BusquedaTesoro: row("rolemaster_or_admin", "events"),
  // §2.9 server control
  SaveChars: row("dios", "server", { refusal: REFUSED_RANK_MESSAGE, notRoleMaster: true }),
  DoBackUp: row("dios", "server", { notRoleMaster: true }),
  ServerOpenToUsersToggle: row("dios", "server", { notRoleMaster: true }),
  ShowServerForm: row("dios", "server", { notRoleMaster: true }),
  ChangeMOTD: row("dios", "server", { notRoleMaster: true }),
  SetMOTD: row("dios", "server"),
  FeatureToggle: row("admin", "server"),
  SOSShowList: row("staff", "reports"),
  SOSRemove: row("staff", "reports"),
  CleanSOS: row("dios", "reports", { notRoleMaster: true }),
  GMPanel: row("staff", "server"),
  Ignored: row("staff", "server"),
  ShowName: row("rolemaster_or_dios", "events"),
} as const satisfies Record<string, StaffCommand>;

export type StaffCommandName = keyof typeof STAFF_COMMANDS;

/** Whether a standing passes a command's permission (before any check on its target). */
export function mayUse(standing: StaffStanding, command: StaffCommand): boolean {
  if (command.notRoleMaster && standing.roleMaster) return false;
  const level = rankLevel(standing.rank);
  switch (command.permission) {
    case "any":
      return true;
    case "staff":
      return level >= rankLevel("consejero");
    case "semidios":
      return level >= rankLevel("semidios");
    case "dios":
      return level >= rankLevel("dios");
    case "admin":
      return level >= rankLevel("admin");
    case "rolemaster_or_dios":
      return standing.roleMaster || level >= rankLevel("dios");
    case "rolemaster_or_admin":
      return standing.roleMaster || level >= rankLevel("admin");
  }
}

/** The standing a `Privilegios` value stands for. */
export function standingOf(privileges: number): StaffStanding {
  return { rank: rankOf(privileges), roleMaster: (privileges & PlayerType.RoleMaster) !== 0 };
}
