/**
 * The chat box of the secure trade window (`CommerceSendChatMessage`, VB6
 * `HandleCommerceSendChatMessage`): the line goes, as `[name] text`, to the trade partner and back
 * to the writer (`CommerceRecieveChatMessage`), which the stock client prints in the window.
 *
 * Decision (TRADE-CHAT-OPEN, fixed): VB6 relays to whoever its `ComUsu.DestUsu` points at, which is
 * set as soon as one side asks to trade (before the other accepts, and after it walked off to
 * another map). Here the line goes only while both windows are open on this map (the stock
 * client's box exists only then); otherwise it is dropped, as VB6 drops it with no partner.
 * The text is cut to the chat's 300 characters; an empty or blank text says nothing.
 */
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";
import { openPartner } from "./trade.ts";

/** The longest line relayed, in characters (the chat's own limit, `systems/chat.ts`). */
export const TRADE_CHAT_MAX_CHARS = 300;

/** `CommerceSendChatMessage`: `[name] text` to both sides of an open trade. */
export function commerceSendChatMessage(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CommerceSendChatMessage">): void {
  const text = Array.from(fields.text).slice(0, TRADE_CHAT_MAX_CHARS).join("");
  if (text.trim() === "") return;
  const partner = openPartner(ctx, player);
  if (partner === null) return;
  const frame = ctx.packets.commerceChat(`[${player.name}] ${text}`);
  ctx.view.send(partner, frame);
  ctx.view.send(player, frame);
}
