/**
 * Information commands a player types (`/MOTD`, `/UPTIME`; `/ONLINE` is the staff system's).
 */
import { MESSAGES } from "../../game/messages/index.ts";
import type { MapContext, MapSystem, PlayerEntity } from "../kernel/index.ts";

const MS_PER_SECOND = 1000;

/**
 * `/MOTD` (VB6 `SendMOTD`): the message of the day as it is now (a staff member's `SetMOTD`
 * reaches every map's rules), then the uptime line `SendWelcomeUptime` adds.
 */
export function motd(ctx: MapContext, player: PlayerEntity): void {
  for (const line of ctx.rules.motd) ctx.tell(player, MESSAGES.motdLine(line));
  ctx.tell(player, MESSAGES.motdUptime(ctx.uptimeMs() / MS_PER_SECOND));
}

/** `/UPTIME`: how long the server has run. */
export function upTime(ctx: MapContext, player: PlayerEntity): void {
  ctx.tell(player, MESSAGES.uptime(ctx.uptimeMs() / MS_PER_SECOND));
}

export const info: MapSystem = {
  name: "info",
  packets: { RequestMOTD: motd, UpTime: upTime },
};
