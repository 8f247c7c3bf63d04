/**
 * What the staff commands built so far do (gm-and-moderation §2.2, §2.3, §2.5), each once the
 * gate let its sender through. The rest of the game-master set is answered "not available yet"
 * by the gate and audited as such, until its effect is written here.
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { MapContext, PlayerEntity, StaffServiceCommand } from "../../kernel/index.ts";
import { ASKED, DONE, paramsOf, type StaffOutcome } from "./gate.ts";

/** Hands a command to the staff service, which carries it out, audits it and answers. */
function ask(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, command: StaffServiceCommand): typeof ASKED {
  ctx.ask("staff", player, { kind: "command", action, params: paramsOf(fields), command });
  return ASKED;
}

/** `/GMSG texto` (VB6 `HandleGMMessage`): "<name> » <text>" to every staff member online; an empty text sends nothing. */
export function gmMessage(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"GMMessage">): StaffOutcome {
  if (fields.text.length === 0) return { outcome: "ok", detail: "empty" };
  ctx.bus.publish({ kind: "line_staff", message: MESSAGES.staffChannelLine(player.name, fields.text), minRank: "consejero" });
  return DONE;
}

/** `/RMSG texto` (`HandleServerMessage`): Msg1660 with the text to everyone online; an empty text sends nothing. */
export function serverMessage(ctx: MapContext, _player: PlayerEntity, fields: ClientPacketFields<"ServerMessage">): StaffOutcome {
  if (fields.text.length === 0) return { outcome: "ok", detail: "empty" };
  ctx.bus.publish({ kind: "line_all", message: MESSAGES.serverBroadcast(fields.text) });
  return DONE;
}

/** `/REM texto` (`HandleComment`): a note for the log only (here the audit row keeps it); Msg1185. */
export function comment(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.commentSaved());
  return DONE;
}

/** `/ONLINE` (`HandleOnline`) for staff: how many are online, and the record (Msg1468, Msg1469). */
export function online(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Online">): typeof ASKED {
  return ask(ctx, player, "Online", fields, { kind: "online" });
}

/** `/ECHAR nick` (`HandleKick`): the target's connection closes, wherever it is on this server. */
export function kick(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Kick">): typeof ASKED {
  return ask(ctx, player, "Kick", fields, { kind: "kick", target: fields.userName });
}
