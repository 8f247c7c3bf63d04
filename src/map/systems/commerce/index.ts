/**
 * Commerce (items-and-economy §7, §9): NPC shops (shops.ts) and player-to-player trade (trade.ts),
 * one system because `CommerceStart` opens either, by what the player targeted.
 */
import type { Departure, MapContext, MapSystem, PlayerEntity } from "../../kernel/index.ts";
import { commerceBuy, commerceEnd, commerceSell, commerceStart, stopShopping, traderClicked } from "./shops.ts";
import { commerceSendChatMessage } from "./trade-chat.ts";
import { answerQuestion, endPeerTrade, userCommerceEnd, userCommerceOffer, userCommerceOk, userCommerceReject } from "./trade.ts";

/** Leaving this place closes the windows: a transfer or a warp tells the client, a logout tells nobody. */
function onLeaving(ctx: MapContext, player: PlayerEntity, departure: Departure): void {
  const notify = departure !== "logout";
  stopShopping(ctx, player, notify);
  endPeerTrade(ctx, player, notify, "left");
}

/** `LimpiarComercioSeguro` for other systems (a theft ends the victim's trade: systems/stealth.ts). */
export { endPeerTrade };

export const commerce: MapSystem = {
  name: "commerce",
  packets: {
    CommerceStart: commerceStart,
    CommerceBuy: commerceBuy,
    CommerceSell: commerceSell,
    CommerceEnd: commerceEnd,
    // Player-to-player trade ("comercio seguro"; opened by CommerceStart with a player targeted).
    UserCommerceOffer: userCommerceOffer,
    UserCommerceOk: userCommerceOk,
    UserCommerceReject: userCommerceReject,
    UserCommerceEnd: userCommerceEnd,
    ResponderPregunta: answerQuestion,
    CommerceSendChatMessage: commerceSendChatMessage,
  },
  npcClick: traderClicked,
  hooks: { leaving: onLeaving },
  playerState: () => ({ trading: null, peerTrade: null }),
};
