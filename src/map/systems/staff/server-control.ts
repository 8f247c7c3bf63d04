/**
 * Server control and the staff's broadcasts (gm-and-moderation §2.2, §2.9): `/HABILITAR`,
 * `/GRABAR`, `/SMSG`, `/GLOBAL`, the MOTD editor (`/MOTDCAMBIA`, `SetMOTD`), `/TALKAS`,
 * `/MENSAJEINFORMACION` and the GM panel. What changes the whole server either goes to the staff
 * service (GM-only mode is the login's, the saves the gateway's) or rides the bus to every map
 * (`server_rules`: each map takes the new MOTD and global-chat switch into its rules).
 *
 * Decision (runtime settings): GM-only mode, the MOTD and the global chat switch live in the
 * running server and do not survive a restart (VB6 kept `ServerSoloGMs` in memory too; its MOTD
 * went to `Motd.ini`, here the configured MOTD comes back). A map worker restarted after a crash,
 * or one that held no map when the change came, has the latest MOTD and switch (map/server-rules.ts).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { BusMessage, MapContext, MapRules, PlayerEntity, StaffServiceCommand } from "../../kernel/index.ts";
import { ASKED, DONE, paramsOf, type StaffEffect, type StaffOutcome } from "./gate.ts";
import type { StaffCommandName } from "../../../game/staff/index.ts";

/** The MOTD's lines as the editor sends them (CRLF between lines, VB6 `Split(newMOTD, vbCrLf)`). */
const MOTD_LINE_BREAK = /\r\n|\n/;
/** At most this many MOTD lines, each at most this long (a hostile form could send megabytes). */
export const MAX_MOTD_LINES = 20;
export const MAX_MOTD_LINE_LENGTH = 200;

/**
 * Decision (G18 fixed): `/SMSG` is a message box with a valid layout, Msg1660 (the server's
 * broadcast, whose only hole is the text), so the stock client shows the text (VB6 wrote the box
 * without its id and the client misread it).
 */
export const SYSTEM_MESSAGE_BOX = 1660;
/** `vbWhite`: the colour of `/TALKAS` bubbles. */
const WHITE = 0xffffff;

function ask(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, command: StaffServiceCommand): typeof ASKED {
  ctx.ask("staff", player, { kind: "command", action, params: paramsOf(fields), command });
  return ASKED;
}

/** The editor's text as MOTD lines; null when it is too big to be one. */
export function motdLinesOf(text: string): string[] | null {
  const lines = text.split(MOTD_LINE_BREAK);
  if (lines.length > MAX_MOTD_LINES || lines.some((line) => line.length > MAX_MOTD_LINE_LENGTH)) return null;
  // VB6 emptied the MOTD for an empty text: no line at all.
  return lines.length === 1 && lines[0] === "" ? [] : lines;
}

/** `/SMSG texto` (`HandleSystemMessage`): a message box to everyone online; an empty text sends nothing. */
export function systemMessage(ctx: MapContext, _player: PlayerEntity, fields: ClientPacketFields<"SystemMessage">): StaffOutcome {
  if (fields.text.length === 0) return { outcome: "ok", detail: "empty" };
  ctx.bus.publish({ kind: "message_box_all", messageId: SYSTEM_MESSAGE_BOX, extra: fields.text });
  return DONE;
}

/**
 * `/GLOBAL` (`HandleGlobalOnOff`). Decision (G19 fixed): the switch really toggles the global
 * chat of every map (VB6 only announced it), and everyone reads the new state (Msg1835 / Msg1734).
 */
export function globalOnOff(ctx: MapContext): StaffOutcome {
  const on = !ctx.rules.globalChat;
  ctx.bus.publish({ kind: "server_rules", globalChat: on });
  ctx.bus.publish({ kind: "line_all", message: MESSAGES.globalChatSwitched(on) });
  return { outcome: "ok", detail: on ? "on" : "off" };
}

/** `/MOTDCAMBIA` (`HandleChangeMOTD`): the editor with the current lines. */
export function changeMotd(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.view.send(player, ctx.packets.showMotdEditionForm(ctx.rules.motd.join("\r\n")));
  return DONE;
}

/** `SetMOTD` (the editor's answer, `HandleSetMOTD`): every map's MOTD becomes these lines (Msg984). */
export function setMotd(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SetMOTD">): StaffOutcome {
  const lines = motdLinesOf(fields.text);
  if (lines === null) {
    ctx.tell(player, MESSAGES.staffCommandFailed());
    return { outcome: "refused_rule", detail: "too_long" };
  }
  ctx.bus.publish({ kind: "server_rules", motd: lines });
  if (lines.length > 0) ctx.tell(player, MESSAGES.motdChanged());
  return { outcome: "ok", detail: `${lines.length} lines` };
}

/** `/TALKAS texto` (`HandleTalkAsNPC`): a white bubble over the NPC the GM last clicked, to its area. */
export function talkAsNpc(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"TalkAsNPC">): StaffOutcome {
  const npc = player.targetNpc;
  if (npc === null || !npc.alive || ctx.store.npcs().indexOf(npc) < 0) {
    ctx.tell(player, MESSAGES.talkAsNpcNoTarget());
    return { outcome: "refused_rule", detail: "no_npc" };
  }
  if (fields.text.length === 0) return { outcome: "ok", detail: "empty" };
  ctx.view.around(npc.x, npc.y, ctx.packets.chatOverHead(fields.text, npc.charIndex, WHITE, npc.x, npc.y));
  return { outcome: "ok", target: { name: npc.name } };
}

/** `/MENSAJEINFORMACION nick@texto` (`HandleMensajeUser`): the usage line for an empty part, else the service. */
export function messageUser(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"MensajeUser">): StaffOutcome | typeof ASKED {
  const target = fields.userName.replaceAll("+", " ").trim();
  if (target === "" || fields.message.length === 0) {
    ctx.tell(player, MESSAGES.messageUserUsage());
    return { outcome: "refused_rule", detail: "usage" };
  }
  return ask(ctx, player, "MensajeUser", fields, { kind: "message_user", target, text: fields.message });
}

/** `/PANELGM` (`HandleGMPanel`): the panel, with the GM's own looks. */
export function gmPanel(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.view.send(player, ctx.packets.showGmPanelForm(player.head, player.body, player.helmet, player.weapon, player.shield));
  return DONE;
}

/** A message box for everyone on this map (`/SMSG`). */
export function messageBoxToAll(ctx: MapContext, message: Extract<BusMessage, { kind: "message_box_all" }>): void {
  const frame = ctx.packets.showMessageBox(message.messageId, message.extra);
  for (const player of ctx.store.players()) ctx.view.send(player, frame);
}

/**
 * The server's rules changed: this map takes them. The rules object is the worker's, read by
 * every system of its maps when it acts (the chat's switch, the login's MOTD), so the change is
 * written into it; each map of the worker writes the same values.
 */
export function takeServerRules(ctx: MapContext, message: Extract<BusMessage, { kind: "server_rules" }>): void {
  const rules = ctx.rules as { -readonly [K in keyof MapRules]: MapRules[K] };
  if (message.motd !== undefined) rules.motd = [...message.motd];
  if (message.globalChat !== undefined) rules.globalChat = message.globalChat;
}

/** The server-control effects, by packet. */
export const SERVER_CONTROL_EFFECTS = {
  ServerOpenToUsersToggle: (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ServerOpenToUsersToggle">) =>
    ask(ctx, player, "ServerOpenToUsersToggle", fields, { kind: "gm_only_toggle" }),
  SaveChars: (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SaveChars">) => ask(ctx, player, "SaveChars", fields, { kind: "save_all" }),
  SystemMessage: systemMessage,
  GlobalOnOff: globalOnOff,
  ChangeMOTD: changeMotd,
  SetMOTD: setMotd,
  TalkAsNPC: talkAsNpc,
  MensajeUser: messageUser,
  GMPanel: gmPanel,
} satisfies { readonly [N in StaffCommandName]?: StaffEffect<N> };
