/**
 * Moderation from the game (gm-and-moderation §2.5, §3.3–§3.5): `/SILENCIAR`, `/CARCEL`,
 * `/ADVERTENCIA`, `/PENAS` and `/BORRARPENA`. What the map can check alone (the usage, a
 * sentence's bounds, a player asking for another's record) is checked here; the target may be
 * anywhere or offline, so the rest is the staff service's (world/services/staff-moderation.ts),
 * which writes the history and audit rows and tells the target's map (systems/penalties.ts).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { jailRequest, REFUSED_RANK_MESSAGE, standingOf } from "../../../game/staff/index.ts";
import { FontIndex, type ClientPacketFields } from "../../../protocol/index.ts";
import type { MapContext, PlayerEntity, StaffServiceCommand } from "../../kernel/index.ts";
import { ASKED, paramsOf, type StaffEffect, type StaffOutcome } from "./gate.ts";

/** VB6 `GlobalChecks`: a `+` in a typed name stands for a space; `\` and `/` are dropped (`HandleJail`, `HandleWarnUser`). */
function typedName(name: string): string {
  return name.replaceAll("+", " ").replaceAll("\\", "").replaceAll("/", "").trim();
}

function ask(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, command: StaffServiceCommand): typeof ASKED {
  ctx.ask("staff", player, { kind: "command", action, params: paramsOf(fields), command });
  return ASKED;
}

function refused(detail: string, target?: string): StaffOutcome {
  return { outcome: "refused_rule", detail, ...(target !== undefined && target !== "" ? { target: { name: target } } : {}) };
}

/** `/SILENCIAR nick@minutos` (`HandleSilence`): m > 0 mutes, m ≤ 0 unmutes (G9); the target online or offline. */
export function silence(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Silence">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return refused("no_target");
  return ask(ctx, player, "Silence", fields, { kind: "mute", target, minutes: fields.minutes });
}

/** `/CARCEL nick@motivo@minutos` (`HandleJail`): usage and bounds here (G10: 1…MaxJailTime), the rest online. */
export function jail(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Jail">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  const request = jailRequest({ name: target, reason: fields.reason, minutes: fields.time });
  if (request.kind === "usage") {
    ctx.tell(player, MESSAGES.jailUsage());
    return refused("usage", target);
  }
  if (request.kind === "too_long") {
    ctx.tell(player, MESSAGES.jailTooLong(request.max));
    return refused("too_long", target);
  }
  return ask(ctx, player, "Jail", fields, { kind: "jail", target, reason: fields.reason.trim(), minutes: request.minutes });
}

/** `/ADVERTENCIA nick@motivo` (`HandleWarnUser`): a name and a reason that is not blank. */
export function warnUser(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"WarnUser">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "" || fields.reason.trim() === "") {
    ctx.tell(player, MESSAGES.warnUsage());
    return refused("usage", target);
  }
  return ask(ctx, player, "WarnUser", fields, { kind: "warn", target, reason: fields.reason.trim() });
}

/**
 * `/PENAS nick` (`HandlePunishments`): anyone may read its own record (the name exactly as its
 * own, case and all, as VB6 compares it); another's is for staff (Msg528 otherwise). An empty
 * name does nothing.
 */
export function punishments(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Punishments">): StaffOutcome | typeof ASKED {
  const name = fields.userName.replace(/[\\/:|]/g, "");
  if (name.trim() === "") return refused("no_target");
  const staff = standingOf(player.privileges).rank !== null;
  if (fields.userName !== player.name && !staff) {
    ctx.tell(player, MESSAGES.ruleLine(REFUSED_RANK_MESSAGE, FontIndex.Info));
    return refused("not_own_record", name);
  }
  return ask(ctx, player, "Punishments", fields, { kind: "punishments", target: staff ? name.trim() : player.name });
}

/** `/BORRARPENA nick@n@texto` (`HandleRemovePunishment`): entry n becomes "<GM>: <texto>". */
export function removePunishment(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"RemovePunishment">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") {
    ctx.tell(player, MESSAGES.editPunishmentUsage());
    return refused("usage");
  }
  return ask(ctx, player, "RemovePunishment", fields, { kind: "edit_punishment", target, number: fields.punishment, text: fields.newText });
}

export const MODERATION_EFFECTS = {
  Silence: silence,
  Jail: jail,
  WarnUser: warnUser,
  Punishments: punishments,
  RemovePunishment: removePunishment,
} satisfies { readonly Silence: StaffEffect<"Silence">; readonly Jail: StaffEffect<"Jail">; readonly WarnUser: StaffEffect<"WarnUser">; readonly Punishments: StaffEffect<"Punishments">; readonly RemovePunishment: StaffEffect<"RemovePunishment"> };
