/**
 * What the server does with every client packet no system handles (issue 26, "every client packet
 * has a decision"): exactly one line per packet, and the `decisions` system (index.ts) answers each
 * as its line says, so no in-world packet reaches a map without a handler. Three states:
 *
 * - `disabled`: AO20 itself answers it as a switched-off feature; we say VB6's line (its locale id).
 * - `ignored`: VB6 does nothing a player sees (a stub, client-side bookkeeping, an anti-cheat
 *   report, a packet the stock client never sends); the reason names which.
 * - `planned`: a feature of ours still to come, answered "not available yet" (or nothing, `quiet`,
 *   when the stock client sends it by itself and VB6 would not answer it either), with the issue
 *   area that will own it.
 *
 * When a system claims a packet, its line goes from here (two claims fail at start; the coverage
 * test fails too), and `docs/protocol-coverage.md` is regenerated (`bun src/tools/protocol-coverage.ts`).
 * The login packets sent in the world are the gateway's (`GATEWAY_PACKETS`), never a map's.
 *
 * Pure data: read by the map system, the coverage document's generator and the tests.
 */
import { LocaleId, MESSAGES, type PlayerMessage } from "../../../game/messages/index.ts";
import type { ClientPacketName } from "../../../protocol/index.ts";

/**
 * The issue areas that own what is still to come; `unscheduled` is a VB6 system no open issue
 * takes yet (forums, auctions, the patron shop, the character market): answered, and listed.
 */
export type PlannedArea = "quests" | "work" | "society" | "ways-of-the-world" | "everyday" | "staff" | "unscheduled";

export type PacketDecision =
  | { readonly state: "disabled"; readonly reason: string; readonly answer: () => PlayerMessage }
  | { readonly state: "ignored"; readonly reason: string }
  | { readonly state: "planned"; readonly area: PlannedArea; readonly reason: string; readonly quiet?: true };

const disabled = (answer: () => PlayerMessage, reason: string): PacketDecision => ({ state: "disabled", answer, reason });
const ignored = (reason: string): PacketDecision => ({ state: "ignored", reason });
const planned = (area: PlannedArea, reason: string): PacketDecision => ({ state: "planned", area, reason });
/** Planned, and answered with nothing: the stock client sends it by itself (VB6 answers nothing either). */
const plannedQuiet = (area: PlannedArea, reason: string): PacketDecision => ({ state: "planned", area, reason, quiet: true });

const RELATIONS_OFF = "AO20 switched clan relations off: VB6 reads the packet and answers only";
/**
 * Decision (CLAN-RELATIONS-TO-SENDER): VB6 sends Msg1799/Msg1801 to the sender's clan
 * (`SendTarget.ToGuildMembers`), so a player in no clan hears nothing; there are no clans here
 * yet, and the sender is told.
 */
const toSender = "; VB6 says it to the sender's clan, we say it to the sender (no clans yet)";

export const PACKET_DECISIONS: { readonly [N in ClientPacketName]?: PacketDecision } = {
  // ---------------------------------------------------------------- switched off in AO20 itself
  GuildAcceptPeace: disabled(() => MESSAGES.clanRelationsToGuild(LocaleId.ClanRelationsCannotUpdate), `${RELATIONS_OFF} Msg1799 (HandleGuildAcceptPeace)${toSender}`),
  GuildRejectAlliance: disabled(() => MESSAGES.clanRelationsToGuild(LocaleId.ClanRelationsOffToGuild), `${RELATIONS_OFF} Msg1801 (HandleGuildRejectAlliance)${toSender}`),
  GuildRejectPeace: disabled(() => MESSAGES.clanRelationsToGuild(LocaleId.ClanRelationsOffToGuild), `${RELATIONS_OFF} Msg1801 (HandleGuildRejectPeace)${toSender}`),
  GuildAcceptAlliance: disabled(() => MESSAGES.clanRelationsToGuild(LocaleId.ClanRelationsOffToGuild), `${RELATIONS_OFF} Msg1801 (HandleGuildAcceptAlliance)${toSender}`),
  GuildOfferPeace: disabled(() => MESSAGES.clanRelationsToGuild(LocaleId.ClanRelationsOffToGuild), `${RELATIONS_OFF} Msg1801 (HandleGuildOfferPeace)${toSender}`),
  GuildOfferAlliance: disabled(() => MESSAGES.clanRelationsOff(LocaleId.ClanRelationsOffOfferAlliance), `${RELATIONS_OFF} Msg1145 (HandleGuildOfferAlliance)`),
  GuildAllianceDetails: disabled(() => MESSAGES.clanRelationsOff(LocaleId.ClanRelationsOffAllianceDetails), `${RELATIONS_OFF} Msg1146 (HandleGuildAllianceDetails)`),
  GuildPeaceDetails: disabled(() => MESSAGES.clanRelationsOff(LocaleId.ClanRelationsOffPeaceDetails), `${RELATIONS_OFF} Msg1147 (HandleGuildPeaceDetails)`),
  GuildAlliancePropList: disabled(() => MESSAGES.clanRelationsOff(LocaleId.ClanRelationsOffAlliancePropList), `${RELATIONS_OFF} Msg1149 (HandleGuildAlliancePropList)`),
  GuildPeacePropList: disabled(() => MESSAGES.clanRelationsOff(LocaleId.ClanRelationsOffPeacePropList), `${RELATIONS_OFF} Msg1150 (HandleGuildPeacePropList)`),
  GuildDeclareWar: disabled(() => MESSAGES.clanRelationsOff(LocaleId.ClanRelationsOffDeclareWar), `${RELATIONS_OFF} Msg1151 (HandleGuildDeclareWar)`),
  GuildOpenElections: disabled(() => MESSAGES.clanElectionsOff(LocaleId.ClanElectionsOff), "AO20 switched clan elections off: VB6 answers only Msg1154 (HandleGuildOpenElections)"),
  GuildVote: disabled(() => MESSAGES.clanElectionsOff(LocaleId.ClanVoteOff), "AO20 switched clan elections off: VB6 answers only Msg1172 (HandleGuildVote)"),

  // ---------------------------------------------------------------- ignored, as VB6 does
  NotifyInventarioHechizos: ignored("client bookkeeping: VB6 reads which list and spell the client shows and keeps nothing"),
  AntiCheatMessage: ignored("the client's anti-cheat payload, for VB6's closed anti-cheat module; nothing a player sees"),
  HooClientCapabilities: ignored("capability negotiation: VB6 records the mask and writes a log line, never answers; this server offers no optional capability"),
  ResetearPersonaje: ignored("VB6's handler is empty (its resetPj call is commented out)"),
  DeleteCharacter: ignored("VB6's HandleDeleteCharacter is empty; characters are deleted nowhere from the stock client"),
  RequestLobbyList: ignored("VB6 has no dispatch case for it (HendleRequestLobbyList is an empty stub) and the stock client never sends it; answered with nothing rather than a close"),
  CuentaExtractItem: ignored("the account vault was never written in VB6: its handler checks the banker and moves nothing"),
  CuentaDeposit: ignored("the account vault was never written in VB6: its handler checks the banker and moves nothing"),
  RepeatMacro: ignored("the client's report that a click repeated: VB6 only writes a line in its macro log file; nothing a player sees"),
  UseSpellMacro: ignored("the stock client never sends it (WriteUseSpellMacro has no caller); VB6 would kick with Msg1782 on a client's own word, which we do not take"),
  TraerBoveda: ignored("the stock client never sends it (WriteTraerBoveda has no caller); VB6 would resend the spells and inventory the client already has"),

  // ---------------------------------------------------------------- planned: everyday (issue 26), and what no issue takes yet
  ChangeSkinSlot: ignored(
    "the stock client never sends it (its skins window is fed by the server's ChangeSkinSlot 200 only) and VB6 has no dispatch case, so it kicks; AO20 skins are a Patreon tier's inventory (inventory_item_skins) and this server has no account tiers, so there is nothing for it to change",
  ),
  ChangeDescription: planned("everyday", "the character's description (/DESC)"),
  ForumPost: planned("unscheduled", "forums on forum objects (VB6 writes foros/*.for)"),
  CompletarAccion: planned("everyday", "the pending-action bar (VB6 answers Msg750 when no action is pending; this server starts none yet)"),
  BuyShopItem: planned("unscheduled", "the AO20 shop of patron credits (ModShopAO20)"),
  PublicarPersonajeMAO: planned("unscheduled", "the character market (MAO): publishing a character for sale"),
  SubastaInfo: planned("unscheduled", "auctions (ModSubasta)"),
  OfertaInicial: planned("unscheduled", "auctions (ModSubasta)"),
  OfertaDeSubasta: planned("unscheduled", "auctions (ModSubasta)"),
  MacroPossent: plannedQuiet("everyday", "the client's chat filters (combat and global lines), sent by itself when its window loads; VB6 stores them and answers nothing"),

  // ---------------------------------------------------------------- planned: work (gathering, crafting)
  CraftCarpenter: planned("work", "carpentry (the work loop of Carpinteria)"),
  CraftBlacksmith: planned("work", "smithing (HerreroConstruirItem)"),
  CraftAlquimista: planned("work", "alchemy (AlquimistaConstruirItem)"),
  CraftSastre: planned("work", "tailoring (SastreConstruirItem)"),
  StartAutomatedAction: planned("work", "the gathering loop (fishing, woodcutting, mining, smelting: StartAutomatedAction)"),
  FlagTrabajar: plannedQuiet("work", "the client's 'stopped working', sent by itself; VB6 resets the work counters and answers nothing"),
  FinalizarPescaEspecial: plannedQuiet("work", "the end of the special-fishing minigame, sent by the client by itself"),
  RomperCania: plannedQuiet("work", "the rod that broke in the fishing minigame, sent by the client by itself"),
  AddItemCrafting: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),
  RemoveItemCrafting: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),
  AddCatalyst: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),
  RemoveCatalyst: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),
  CraftItem: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),
  CloseCrafting: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),
  MoveCraftItem: plannedQuiet("work", "the crafting window; VB6 ignores it while none is open (Crafteando = 0), and this server opens none yet"),

  // ---------------------------------------------------------------- planned: society (parties, guilds, factions)
  CreateNewGuild: planned("society", "founding a clan"),
  QuieroFundarClan: planned("society", "founding a clan (the requirements and the form)"),
  ClanCodexUpdate: planned("society", "the clan's codex and description"),
  GuildRequestJoinerInfo: planned("society", "clan applications"),
  GuildNewWebsite: planned("society", "the clan's website"),
  GuildAcceptNewMember: planned("society", "clan applications"),
  GuildRejectNewMember: planned("society", "clan applications"),
  GuildKickMember: planned("society", "clan membership"),
  GuildUpdateNews: planned("society", "the clan's news"),
  GuildMemberInfo: planned("society", "clan membership"),
  GuildRequestMembership: planned("society", "clan applications"),
  GuildRequestDetails: planned("society", "the clan's details window"),
  RequestGuildLeaderInfo: planned("society", "the clan leader's window"),
  GuildLeave: planned("society", "leaving a clan"),
  GuildOnline: planned("society", "the clan's members online"),
  GuildMessage: planned("society", "the clan's chat"),
  Llamadadeclan: planned("society", "calling the clan for support"),
  MarcaDeClanPack: planned("society", "the clan mark (a target click)"),
  SeguroClan: planned("society", "the clan safety toggle"),
  ModifyCastleWhiteList: planned("society", "clan castles"),
  PartySafeToggle: planned("society", "the party safety toggle"),
  InvitarGrupo: planned("society", "parties: inviting"),
  RequestGrupo: planned("society", "parties: the party window"),
  AbandonarGrupo: planned("society", "parties: leaving"),
  HecharDeGrupo: planned("society", "parties: expelling a member"),
  ActionOnGroupFrame: planned("society", "parties: casting on a member from the party frame"),
  GrupoMsg: planned("society", "the party's chat"),
  CouncilMessage: planned("society", "the faction councils' chat"),
  FactionMessage: planned("society", "the faction's chat"),
  LeaveFaction: planned("society", "leaving a faction"),
  LegionarySecure: planned("society", "the legionary safety toggle"),
  Forgive: planned("society", "the priest's forgiveness (back to citizen)"),
  DonateGold: planned("society", "donating to the priest for forgiveness"),
  Casarse: planned("society", "marriage at the priest (/CASARSE)"),
  Duel: planned("society", "duels (retos): VB6 says Msg1233 and then creates the challenge"),
  AcceptDuel: planned("society", "duels (retos)"),
  CancelDuel: planned("society", "duels (retos)"),
  QuitDuel: planned("society", "duels (retos)"),

  // ---------------------------------------------------------------- planned: ways of the world
  CompletarViaje: planned("ways-of-the-world", "travel with a transporter NPC"),
  MapPriceEntrance: planned("ways-of-the-world", "maps with an entrance price"),
  Gamble: planned("ways-of-the-world", "the gambler NPC"),

  // ---------------------------------------------------------------- planned: staff (events, the macro reports)
  EventoInfo: planned("staff", "the staff's events"),
  Participar: planned("staff", "joining a staff event"),
  GetMapInfo: planned("staff", "/MAPINFO for staff (VB6 answers staff only)"),
  LogMacroClickHechizo: plannedQuiet("staff", "the client's macro report, sent by itself: VB6 logs it and tells the online staff, never the player"),
};

/**
 * The packets the gateway keeps: the login steps. In the world it closes the connection on any of
 * them (`already_logged_in`), as VB6 does: `HandleIncomingData` kicks a login packet that comes with
 * a logged user (`unexpected_login_packet_with_user`); they never reach a map.
 */
export const GATEWAY_PACKETS: { readonly [N in ClientPacketName]?: string } = {
  LoginAccount: "the account login; in the world the gateway closes the connection (already_logged_in), as VB6 kicks a login packet from a logged user",
  CreateAccount: "the account creation; in the world the gateway closes the connection (already_logged_in), as VB6 kicks a login packet from a logged user",
  LoginExistingChar: "entering with a character; in the world the gateway closes the connection (already_logged_in), as VB6 kicks a login packet from a logged user (unexpected_login_packet_with_user)",
  LoginNewChar: "creating a character; in the world the gateway closes the connection (already_logged_in), as VB6 kicks a login packet from a logged user (unexpected_login_packet_with_user)",
};
