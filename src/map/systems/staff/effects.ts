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

/** VB6 `GlobalChecks`: a `+` in a typed name stands for a space. */
function typedName(name: string): string {
  return name.replaceAll("+", " ").trim();
}

/** An empty name: nothing to do (the stock client never sends one; a hostile one may). */
const NO_TARGET: StaffOutcome = { outcome: "refused_rule", detail: "no_target" };

/** `/BAN nick@motivo` (`HandleBanChar` → `BanPJ`): a permanent ban of the character. */
export function banChar(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BanChar">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return NO_TARGET;
  return ask(ctx, player, "BanChar", fields, { kind: "ban", scope: "character", target, reason: fields.reason.trim(), days: null });
}

/** `/BANCUENTA nick@motivo` (`BanearCuenta`): the character's account, every session of it closed. */
export function banAccount(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BanCuenta">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return NO_TARGET;
  return ask(ctx, player, "BanCuenta", fields, { kind: "ban", scope: "account", target, reason: fields.reason.trim(), days: null });
}

/**
 * The panel's temporary ban (`BanTemporal`). Decisions (G6): the rank rule of `/BAN` applies and an
 * online target is disconnected (VB6 checked neither), and 0 days is refused (VB6 let it expire
 * within a second); expiry is the database's clock, not a timer scanning a list.
 */
export function banForDays(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"BanTemporal">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return NO_TARGET;
  if (fields.days < 1) return { outcome: "refused_rule", target: { name: target }, detail: "zero_days" };
  return ask(ctx, player, "BanTemporal", fields, { kind: "ban", scope: "character", target, reason: fields.reason.trim(), days: fields.days });
}

/** `/UNBAN nick` (`HandleUnbanChar`). */
export function unbanChar(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UnbanChar">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return NO_TARGET;
  return ask(ctx, player, "UnbanChar", fields, { kind: "unban", scope: "character", target });
}

/** `/UNBANCUENTA nick` (`HandleUnBanCuenta`). Decision (G22): by a character's name it works (VB6's SQL failed there). */
export function unbanAccount(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UnbanCuenta">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return NO_TARGET;
  return ask(ctx, player, "UnbanCuenta", fields, { kind: "unban", scope: "account", target });
}

/** `/ECHAR nick` (`HandleKick`): the target's connection closes, wherever it is on this server. */
export function kick(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Kick">): typeof ASKED {
  return ask(ctx, player, "Kick", fields, { kind: "kick", target: fields.userName });
}
