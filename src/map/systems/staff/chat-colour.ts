/**
 * `/CHATCOLOR r g b` (VB6 `HandleChatColor`, staff): the colour of the GM's talk over its head,
 * for the rest of its session (it goes with the GM from map to map).
 *
 * Decision (reproduced): everyone talks in white until a GM picks a colour. VB6 gave each rank a
 * colour at login and then overwrote it with the faction's (white for every status but the two
 * councils, which this server does not have yet), so its GMs talked in white too.
 */
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { COLOUR_WHITE, type MapContext, type PlayerEntity } from "../../kernel/index.ts";
import type { StaffOutcome } from "./gate.ts";

export const DEFAULT_CHAT_COLOUR = COLOUR_WHITE;

/** VB6 `RGB(r, g, b)`: red in the low byte. */
export function vbRgb(red: number, green: number, blue: number): number {
  return (red & 0xff) | ((green & 0xff) << 8) | ((blue & 0xff) << 16);
}

export function chatColour(_ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChatColor">): StaffOutcome {
  player.chatColour = vbRgb(fields.red, fields.green, fields.blue);
  return { outcome: "ok" };
}
