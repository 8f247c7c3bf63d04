/**
 * The report queue on a map (gm-and-moderation §2.1, §3.8): a player's `/GM` and `/DENUNCIAR`,
 * `/ROL` to the role masters, and the staff's SOS panel (`SOSShowList`, `SOSRemove`, `/BORRAR
 * SOS`). The queue is the `reports` table (G14), so everything but `/ROL` is the staff service's
 * (world/services/staff-reports.ts): it keeps the per-account throttle (G14, G15), writes the
 * rows, tells the staff online, and audits what staff do. A denounced player's last lines are
 * its own map's (kernel/chat-history.ts): the service asks that map for them (`chat_excerpt_wanted`).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { denounceRequest, PlayerType } from "../../../game/staff/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { recentChatLines, type BusMessage, type MapContext, type PlayerEntity, type StaffAnswer, type StaffServiceCommand } from "../../kernel/index.ts";
import { ASKED, DONE, paramsOf, type StaffEffect, type StaffOutcome } from "./gate.ts";

function ask(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, command: StaffServiceCommand): typeof ASKED {
  ctx.ask("staff", player, { kind: "command", action, params: paramsOf(fields), command });
  return ASKED;
}

/** `/GM` (`HandleQuestionGM`): the text and the form's category; the service throttles and queues it. */
export function questionGm(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"QuestionGM">): typeof ASKED {
  return ask(ctx, player, "QuestionGM", { question: fields.question, questionType: fields.questionType }, { kind: "question_gm", text: fields.question, category: fields.questionType });
}

/** `/DENUNCIAR nick` (`HandleDenounce`); an empty name does nothing, as in VB6. */
export function denounce(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Denounce">): StaffOutcome | typeof ASKED {
  const { target, reason } = denounceRequest(fields.name);
  if (target === "") return { outcome: "refused_rule", detail: "no_target" };
  return ask(ctx, player, "Denounce", fields, { kind: "denounce", target, reason });
}

/** `/ROL texto` (`HandleRoleMasterRequest`): Msg527 to the sender, Msg1825 to every role master online; an empty text does nothing. */
export function roleMasterRequest(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"RoleMasterRequest">): StaffOutcome {
  if (fields.text.length === 0) return { outcome: "ok", detail: "empty" };
  ctx.tell(player, MESSAGES.requestSent());
  ctx.bus.publish({ kind: "line_rolemasters", message: MESSAGES.roleQuestion(player.name, fields.text) });
  return DONE;
}

/** `SOSShowList` (`/PANELGM`): the pending reports, as `ShowSOSForm`. */
export function sosShowList(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SOSShowList">): typeof ASKED {
  return ask(ctx, player, "SOSShowList", fields, { kind: "sos_list" });
}

/** `SOSRemove` (the panel's "borrar"): the entry's key, `name Ø text Ø category`, or `#id`. */
export function sosRemove(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SOSRemove">): typeof ASKED {
  return ask(ctx, player, "SOSRemove", fields, { kind: "sos_remove", key: fields.userName });
}

/** `/BORRAR SOS` (`HandleCleanSOS`): every pending report closes. */
export function cleanSos(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CleanSOS">): typeof ASKED {
  return ask(ctx, player, "CleanSOS", fields, { kind: "sos_clean" });
}

/** A `/ROL` line: this map's role masters (VB6 `ToRolesMasters`: the RoleMaster bit, whatever the rank). */
export function lineToRoleMasters(ctx: MapContext, message: Extract<BusMessage, { kind: "line_rolemasters" }>): void {
  for (const player of ctx.store.players()) if ((player.privileges & PlayerType.RoleMaster) !== 0) ctx.tell(player, message.message);
}

/** What the staff service tells this map of the report queue. */
export function reportAnswer(ctx: MapContext, player: PlayerEntity, answer: Extract<StaffAnswer, { kind: "sos_list" | "chat_excerpt_wanted" }>): void {
  if (answer.kind === "sos_list") {
    ctx.view.send(player, ctx.packets.showSosForm(answer.entries));
    return;
  }
  ctx.ask("staff", player, { kind: "chat_excerpt", token: answer.token, lines: recentChatLines(ctx, player) });
}

export const REPORT_EFFECTS = {
  QuestionGM: questionGm,
  Denounce: denounce,
  RoleMasterRequest: roleMasterRequest,
  SOSShowList: sosShowList,
  SOSRemove: sosRemove,
  CleanSOS: cleanSos,
} satisfies {
  readonly QuestionGM: StaffEffect<"QuestionGM">;
  readonly Denounce: StaffEffect<"Denounce">;
  readonly RoleMasterRequest: StaffEffect<"RoleMasterRequest">;
  readonly SOSShowList: StaffEffect<"SOSShowList">;
  readonly SOSRemove: StaffEffect<"SOSRemove">;
  readonly CleanSOS: StaffEffect<"CleanSOS">;
};
