/**
 * The messages of the service channel, one entry per service: what a map system asks the
 * service of that name on the main thread (`toWorld`, sent with `MapContext.ask`) and what the
 * service tells the system on a player's map (`toMap`, dispatched to the system whose manifest's
 * `fromWorld` answers it). The
 * channel itself is two kinds, `service` (map-events.ts) and `system` (worker-protocol.ts),
 * routed by session without reading these; only the two ends do. Plain data only: they cross
 * threads by structured clone, and nodes of a cluster by Bun's serialize. The main thread reads
 * them through the map's face (`src/map/index.ts`).
 */
import type { BankSlot } from "../game/character/index.ts";
import type { PlayerMessage } from "../game/messages/index.ts";
import type { StaffStanding } from "../game/staff/index.ts";

export interface ServiceProtocol {
  /** The vault and transfers of bank gold (systems/bank.ts ↔ world/services/bank.ts). */
  bank: { toWorld: BankRequest; toMap: BankAnswer };
  /** Staff commands that reach past the map, and the audit log (systems/staff ↔ world/services/staff.ts). */
  staff: { toWorld: StaffRequest; toMap: StaffAnswer };
}

export type ServiceName = keyof ServiceProtocol;

/** Every service, so the answer table built from the systems can be checked whole at start. */
export const SERVICE_NAMES = ["bank", "staff"] as const satisfies readonly ServiceName[];
// A service added to `ServiceProtocol` and not listed above fails to compile here.
const SERVICES_LISTED: Exclude<ServiceName, (typeof SERVICE_NAMES)[number]> extends never ? true : never = true;
void SERVICES_LISTED;
/** What a map system asks service `S`. */
export type ToWorld<S extends ServiceName> = ServiceProtocol[S]["toWorld"];
/** What service `S` tells its system on a player's map. */
export type ToMap<S extends ServiceName> = ServiceProtocol[S]["toMap"];

export type BankRequest =
  /**
   * The player opened a banker and its vault is not loaded in this session: the service reads it
   * from the database (maps never touch the database) and answers `loaded`.
   */
  | { kind: "load"; character: number }
  /**
   * `TransFerGold` to a character not on this map (systems/bank.ts), asked with the sender's
   * state (its bank gold already debited), which the world takes as the known state in the same
   * step as the service finds the recipient (on another map, offline, or nobody) and either
   * credits it or gives the gold back; the map hears how it went (`transfer_answer`).
   * `banker`: the char index of the banker the bubble comes from.
   */
  | { kind: "transfer"; to: string; amount: number; banker: number };

export type BankAnswer =
  /** The answer to `load`: the stored vault, or null when the database failed. */
  | { kind: "loaded"; vault: LoadedVault }
  /**
   * Bank gold for the player (a transfer to it, or one of its own given back), always posted as a
   * delta: the world counted it in the player's known state already, and the map acknowledges it.
   */
  | { kind: "credit"; amount: number }
  /** How a `transfer` of this player ended: the banker's bubble (sent only to the banker's map). */
  | { kind: "transfer_answer"; banker: number; answer: BankTransferAnswer };

/**
 * How a bank transfer ended, told to the sender's map: the gold reached the recipient (`done`),
 * or it went back to the sender because the name is the sender's own, no character has it,
 * another offline transfer was too recent, or the recipient cannot take it now (`failed`).
 */
export type BankTransferAnswer = "done" | "to_self" | "no_such_user" | "too_soon" | "failed";

/** The service's answer to `load`: the stored vault, or null when the database failed. */
export type LoadedVault = BankSlot[] | null;

/** What an audited staff action came to (gm-and-moderation §6.3 `audit_log.outcome`). */
export type AuditOutcome = "ok" | "refused_rank" | "refused_rule" | "error";

/**
 * One staff action of a player, as the map saw it: the service adds who the actor is beyond the
 * map (account, address, node) and writes one audit row. `params`: the packet's fields (plain
 * data); `target`: the character acted on, by name as typed and by id when the map resolved it.
 */
export interface AuditedAction {
  readonly action: string;
  readonly outcome: AuditOutcome;
  readonly params: Readonly<Record<string, unknown>>;
  readonly target?: { readonly name: string; readonly characterId?: number };
  readonly detail?: string;
}

export type StaffRequest =
  /** An action to audit (refusals included), done or refused on the map. */
  | { kind: "audit"; record: AuditedAction }
  /**
   * A command the map cannot finish alone (its target may be anywhere, or offline): the service
   * carries it out, audits it with its real outcome, and answers the asker.
   */
  | { kind: "command"; action: string; params: Readonly<Record<string, unknown>>; command: StaffServiceCommand }
  // -- moderation (mutes, jail, warnings): what a prisoner's or a muted player's map tells the service
  /** The countdown of this player's mute or sentence reached 0 on its map: the history rows end as served. */
  | { kind: "penalty_served"; penalty: "mute" | "jail" }
  /** The map jailed this player by itself (the third warning): the sentence's history row. */
  | { kind: "jailed_by_server"; minutes: number; reason: string }
  // -- reports (gm-and-moderation §3.8): the denounced player's map answers the service
  /** The chat lines this player said on its map, asked for a denouncement (`token`: which one). */
  | { kind: "chat_excerpt"; token: number; lines: string[] }
  // -- staff movement and characters (gm-move): what the target's map did with an `act`
  /** The target's map carried out (or refused) the act of `ticket` on this player. */
  | { kind: "target_report"; ticket: number; report: TargetReport };

/** What the staff service does for a command (the map checked the sender's standing already). */
export type StaffServiceCommand =
  /** `/ONLINE`: players online and the record since the server started. */
  | { kind: "online" }
  /** `/ECHAR nick`: the target's connection closes (a higher rank, oneself: refused). */
  | { kind: "kick"; target: string }
  /**
   * `/BAN nick@motivo` (character), `/BANCUENTA nick@motivo` (the character's account), the panel's
   * temporary ban (`days`; null: permanent). The target may be offline; a higher or equal rank,
   * or oneself, is refused. Online sessions of what was banned are closed.
   */
  | { kind: "ban"; scope: "character" | "account"; target: string; reason: string; days: number | null }
  /** `/UNBAN nick`, `/UNBANCUENTA nick`: the active ban of the character, or of its account, is lifted. */
  | { kind: "unban"; scope: "character" | "account"; target: string }
  // -- moderation (gm-and-moderation §3.3–§3.5; rules in game/staff/penalties.ts)
  /** `/SILENCIAR nick@m`: m > 0 mutes for m minutes, m ≤ 0 unmutes; online or offline, strictly higher rank. */
  | { kind: "mute"; target: string; minutes: number }
  /** `/CARCEL nick@motivo@m`: an online non-staff character to the prison for m minutes (checked 1…max on the map). */
  | { kind: "jail"; target: string; reason: string; minutes: number }
  /** `/ADVERTENCIA nick@motivo`: a warning, online or offline; an online GM may not be warned. */
  | { kind: "warn"; target: string; reason: string }
  /** `/PENAS nick`: the punishment record (the map allowed a player its own name only). */
  | { kind: "punishments"; target: string }
  /** `/BORRARPENA nick@n@texto`: entry n rewritten with the GM's text. */
  | { kind: "edit_punishment"; target: string; number: number; text: string }
  // -- information and server control (gm-and-moderation §2.2, §2.3, §2.9; world/services/staff-information.ts)
  /** `/DONDE nick`: where an online character stands (not one that outranks the asker). */
  | { kind: "where"; target: string }
  /** `/INFO`, `/STAT`, `/BAL`, `/INV`, `/BOV`, `/SKILLS`: a character's sheet, online or offline (its row). */
  | { kind: "sheet"; sheet: CharacterSheetKind; target: string }
  /** `/SLOT nick@slot`: what one inventory slot of the character holds. */
  | { kind: "check_slot"; target: string; slot: number }
  /** `/ONLINEGM`: the staff online the asker may list. */
  | { kind: "online_staff" }
  /** `/NICK2IP nick`: the online character's address and who else plays from it. */
  | { kind: "nick_to_ip"; target: string }
  /** `/IP2NICK a.b.c.d`: who plays from that address. */
  | { kind: "ip_to_nick"; address: string }
  /** The panel's user list (`eUserNameList`): every character online. */
  | { kind: "user_list" }
  /** `/HABILITAR`: GM-only mode on or off (the login refuses non-staff characters while on). */
  | { kind: "gm_only_toggle" }
  /** `/GRABAR`: every character online is written now. */
  | { kind: "save_all" }
  /** `/MENSAJEINFORMACION nick@texto`: a message to a character from the staff. */
  | { kind: "message_user"; target: string; text: string }
  // -- reports (gm-and-moderation §2.1, §3.8; rules in game/staff/reports.ts)
  /** `/GM`: a help request into the queue (one per account per interval: G14, G15). */
  | { kind: "question_gm"; text: string; category: string }
  /** `/DENUNCIAR nick[@motivo]`: a report of an online player with its last chat lines. */
  | { kind: "denounce"; target: string; reason: string }
  /** The SOS panel's list (`SOSShowList`). */
  | { kind: "sos_list" }
  /** The panel removes one entry (`SOSRemove`: its key, or `#id`): the report closes. */
  | { kind: "sos_remove"; key: string }
  /** `/BORRAR SOS` (`CleanSOS`): every pending report closes. */
  | { kind: "sos_clean" }
  // -- staff movement and characters (gm-move: §2.4, §2.6, §3.6, §3.7; rules in game/staff/movement.ts)
  /**
   * A command carried out on an online character wherever it plays: the service finds it, checks
   * the rank rule of the act (world/services/staff-movement.ts), sends the act to its map, which
   * reports back (`target_report`); then the asker is told and the command audited once.
   */
  | { kind: "act_on_target"; target: string; act: TargetAct }
  // -- world and the GM's map (gm-world, §2.5 rest)
  /** `/ECHARTODOSPJS`: every character in the world without a staff rank disconnected; the staff stay. */
  | { kind: "kick_all" }
  /** The panel's "close the client" (`CerrarCliente`): an online lower rank's client is told to exit (`CerrarleCliente`). */
  | { kind: "close_client"; target: string }
  /** `/ANAME viejo@nuevo`: an offline character renamed (the new name checked as at creation: G21). */
  | { kind: "rename"; target: string; newName: string };

/** The sheets of a character the staff may read (§2.3). */
export type CharacterSheetKind = "info" | "stats" | "gold" | "inventory" | "bank" | "skills";

/** A tile of the world (a map number and a position on it). */
export interface WorldTile {
  readonly map: number;
  readonly x: number;
  readonly y: number;
}

/** What a staff command does to its target on the target's map. */
export type TargetAct =
  /** `/TELEP nick mapa x y`: to the free tile nearest (x, y) of that map. */
  | { kind: "warp"; to: WorldTile }
  /** `/SUM nick`: to the GM (`to`: below the GM); a SemiDios may not bring a ghost; anonymous while the GM is invisible. */
  | { kind: "summon"; to: WorldTile; aliveOnly: boolean; anonymous: boolean; announced: boolean }
  /** `/IRA nick` (below the target), `/IRCERCA nick` (rings 2…5 around it): the target's map finds the tile, the asker goes there. */
  | { kind: "visit"; nearby: boolean; unsafeRefused: boolean; anonymous: boolean; sosOnly?: boolean }
  /** `/REVIVIR nick`: revived if dead, healed in full either way; `safeEventOnly`: a SemiDios, only on a safe event map. */
  | { kind: "revive"; safeEventOnly: boolean }
  /** `/EJECUTAR nick`: the target dies. */
  | { kind: "execute" }
  /** `/DAR nick@motivo@obj@n`: n of the object into the target's inventory. */
  | { kind: "give"; objectId: number; amount: number; reason: string; objectName: string }
  /** `/ESTUPIDO`, `/NOESTUPIDO`: the target's client turns dumb (`Dumb`) or not (`DumbNoMore`). */
  | { kind: "dumb"; on: boolean };

/** What the target's map did with a `TargetAct`. */
export type TargetReport =
  /** Done; `tile`: where the asker goes (a `visit`), or where the target ended (`warp`, `summon`). */
  | { kind: "done"; tile?: WorldTile; revived?: boolean }
  /** Nothing done: no free tile, a ghost a SemiDios may not move, an unsafe map, a full inventory, already dead. */
  | { kind: "refused"; reason: "no_room" | "dead" | "unsafe_map" | "not_safe_event_map" | "inventory_full" | "already_dead" | "invalid" };

export type StaffAnswer =
  /** A line for the staff member who asked (what the service found past the map). */
  | { kind: "tell"; message: PlayerMessage }
  /** A line the asker's map puts on the bus for the staff of at least `minRank` (a notice to Dios and Admin). */
  | { kind: "announce"; message: PlayerMessage; minRank: "consejero" | "semidios" | "dios" | "admin" }
  // -- moderation: what the service tells the target's map (the countdowns are the map's while it plays)
  | { kind: "sanction"; sanction: Sanction }
  // -- information and server control: packets other than a console line, for the asker (or a message's target)
  /** The panel's user list (`UserNameList`). */
  | { kind: "user_names"; names: string[] }
  /** A message box (`ShowMessageBox`): a staff message to its target (Msg2169). */
  | { kind: "message_box"; messageId: number; extra: string }
  // -- reports: the SOS panel's entries for the asker; a denounced player's lines wanted from its map
  | { kind: "sos_list"; entries: string[] }
  | { kind: "chat_excerpt_wanted"; token: number }
  // -- staff movement and characters (gm-move)
  /** To the target's map: do `act` on this player (a command of `asker`) and report `ticket`. */
  | { kind: "act"; ticket: number; asker: string; act: TargetAct }
  /** To the asker's map: the asker goes to `to` (`/IRA`, `/IRCERCA`), then is told `message`. */
  | { kind: "go"; to: WorldTile; message: PlayerMessage }
  /** A line the asker's map puts on the bus for everyone (`/SUM`'s Msg1833, `/DAR`'s Msg1743). */
  | { kind: "announce_all"; message: PlayerMessage }
  // -- world and the GM's map (gm-world): what the service tells the target's map
  /** `CerrarCliente`: the player's client is told to exit (`CerrarleCliente`). */
  | { kind: "close_client" }
  // -- a rank granted or revoked while the character plays (the console's staff endpoints)
  /** The character's standing now: its map redraws it for its viewers and its gate judges by it. */
  | { kind: "standing"; standing: StaffStanding };

/** A sanction the target's map applies to the online character (its record is authoritative there). */
export type Sanction =
  /** Muted for `minutes` from now (Msg949), replacing a running mute. */
  | { kind: "mute"; minutes: number }
  /** The mute is lifted (Msg950). */
  | { kind: "unmute" }
  /** Jailed: `minutes` from now, by `issuer` (Msg1617), gathering stacks taken, to the prison. */
  | { kind: "jail"; minutes: number; issuer: string }
  /** One more warning (Msg1479, Msg1480); the third jails by the server. */
  | { kind: "warned"; by: string };
