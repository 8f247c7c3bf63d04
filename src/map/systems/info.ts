/**
 * Information commands a player types (`/MOTD`, `/UPTIME`; `/ONLINE` is the staff system's).
 */
import { MESSAGES } from "../../game/messages/index.ts";
import type { MapContext, MapSystem, PlayerEntity } from "../kernel/index.ts";

const MS_PER_SECOND = 1000;

/** `/MOTD`: the message of the day again, as at login. */
export function motd(ctx: MapContext, player: PlayerEntity): void {
  for (const line of ctx.rules.motd) ctx.tell(player, MESSAGES.motdLine(line));
}

/** `/UPTIME`: how long the server has run. */
export function upTime(ctx: MapContext, player: PlayerEntity): void {
  ctx.tell(player, MESSAGES.uptime(ctx.uptimeMs() / MS_PER_SECOND));
}

export const info: MapSystem = {
  name: "info",
  packets: { RequestMOTD: motd, UpTime: upTime },
};
