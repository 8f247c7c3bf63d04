/**
 * What the stock client can ask for that belongs to a system this server does not have yet: each
 * is answered "not available yet" (the player is told, never silently ignored), and each names the
 * issue area that will own it. When a system arrives, its manifest claims the packet or skill and
 * the line goes from here (two claims fail at start, so nothing is answered twice).
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { requestTargetCursor, type MapContext, type MapSystem, type PlayerEntity, type WorkClickHandler } from "../kernel/index.ts";

/** A command of a feature this server does not have yet (guilds, parties, duels, …). */
export function notAvailableYet(ctx: MapContext, player: PlayerEntity): void {
  ctx.tell(player, MESSAGES.notAvailableYet());
}

const clickNotAvailableYet: WorkClickHandler = (ctx, player) => notAvailableYet(ctx, player);

/** `e_Skill` values `HandleWorkLeftClick` acts on whose systems do not exist yet. */
const STEALING = 2; // Robar (work)
const HIDING = 7; // Ocultarse (work)
const WOODCUTTING = 17; // Talar (work)
const FISHING = 18; // Pescar (work)
const MINING = 19; // Mineria (work)
const ALCHEMY = 22; // Alquimia (work)
const TARGETABLE_ITEM = 25; // TargetableItem (everyday surface)
const PARTY_INVITE = 90; // Grupo (society)
const CLAN_MARK = 91; // MarcaDeClan (society)
const GM_MARK = 92; // MarcaDeGM (staff)

export const planned: MapSystem = {
  name: "planned",
  packets: {
    Rest: notAvailableYet,
    Resucitate: notAvailableYet,
    Heal: notAvailableYet,
    Help: notAvailableYet,
    Information: notAvailableYet,
    Reward: notAvailableYet,
    TrainList: notAvailableYet,
    PetStand: notAvailableYet,
    PetFollow: notAvailableYet,
    PetLeave: notAvailableYet,
    RequestAccountState: notAvailableYet,
    GuildLeave: notAvailableYet,
    GuildOnline: notAvailableYet,
    GuildMessage: notAvailableYet,
    GrupoMsg: notAvailableYet,
    CouncilMessage: notAvailableYet,
    FactionMessage: notAvailableYet,
    RoleMasterRequest: notAvailableYet,
    ChangeDescription: notAvailableYet,
    GuildVote: notAvailableYet,
    Punishments: notAvailableYet,
    Gamble: notAvailableYet,
    MapPriceEntrance: notAvailableYet,
    LeaveFaction: notAvailableYet,
    Denounce: notAvailableYet,
    PetFollowAll: notAvailableYet,
    PetLeaveAll: notAvailableYet,
    Promedio: notAvailableYet,
    SubastaInfo: notAvailableYet,
    EventoInfo: notAvailableYet,
    CancelDuel: notAvailableYet,
    QuitDuel: notAvailableYet,
    AcceptDuel: notAvailableYet,
    Participar: notAvailableYet,
    Casarse: notAvailableYet,
    ModifyCastleWhiteList: notAvailableYet,
    DonateGold: notAvailableYet,
    OfertaInicial: notAvailableYet,
    OfertaDeSubasta: notAvailableYet,
  },
  // `HandleWork`: Robar asks for a target like Magia and Domar (its click is not written yet); hiding is not either.
  workCursors: { [STEALING]: requestTargetCursor, [HIDING]: notAvailableYet },
  workClicks: {
    [STEALING]: clickNotAvailableYet,
    [WOODCUTTING]: clickNotAvailableYet,
    [FISHING]: clickNotAvailableYet,
    [MINING]: clickNotAvailableYet,
    [ALCHEMY]: clickNotAvailableYet,
    [TARGETABLE_ITEM]: clickNotAvailableYet,
    [PARTY_INVITE]: clickNotAvailableYet,
    [CLAN_MARK]: clickNotAvailableYet,
    [GM_MARK]: clickNotAvailableYet,
  },
};
