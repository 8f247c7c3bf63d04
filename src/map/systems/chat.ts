/**
 * Chat: talk and yell over the head (area), whispers (area, VB6 `HandleWhisper`), and global
 * lines that cross maps over the bus (VB6 `HandleGlobalMessage`). A muted player says nothing on
 * any of them (kernel/penalties.ts).
 */
import { MESSAGES } from "../../game/messages/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { COLOUR_RED, COLOUR_WHISPER, endHiding, refuseMutedSpeech, rememberChatLine, type BusMessage, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/** VB6 `MSG_VUELTO_VISIBLE_1115`: a yell brought the player out of hiding. */
const YELL_REVEALED = 1115;

/** Chat lines longer than this are cut (the stock client's input box allows less). */
export const MAX_CHAT_CHARS = 300;

export function talk(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Talk">): void {
  if (refuseMutedSpeech(ctx, player)) return;
  sayOverHead(ctx, player, fields.text, player.chatColour);
}

export function yell(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Yell">): void {
  // `HandleYell`: "I see you…", a yell ends Ocultarse (1115) before anything else.
  endHiding(ctx, player, YELL_REVEALED);
  if (refuseMutedSpeech(ctx, player)) return;
  sayOverHead(ctx, player, fields.text, COLOUR_RED);
}

export function whisper(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Whisper">): void {
  if (refuseMutedSpeech(ctx, player)) return;
  const line = chatLine(fields.text);
  if (line === undefined) return;
  const target = ctx.store.playerNamed(fields.targetName);
  if (!target || !ctx.view.sees(player, target)) {
    ctx.tell(player, MESSAGES.whisperTargetNotNear(fields.targetName));
    return;
  }
  rememberChatLine(ctx, player, line);
  const frame = ctx.packets.consoleCharText(line, COLOUR_WHISPER, player.name, player.status, player.privileges);
  ctx.view.send(player, frame);
  if (target !== player) ctx.view.send(target, frame);
}

/** `GlobalMessage`: one line for everybody online, at most one per interval per player. */
export function globalMessage(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"GlobalMessage">): void {
  if (refuseMutedSpeech(ctx, player)) return;
  const now = ctx.clock.now();
  if (now - player.lastGlobalChatAt < ctx.rules.globalChatIntervalMs) {
    ctx.tell(player, MESSAGES.globalChatTooFast());
    return;
  }
  player.lastGlobalChatAt = now;
  if (!ctx.rules.globalChat) {
    ctx.tell(player, MESSAGES.globalChatDisabled());
    return;
  }
  const line = chatLine(fields.text);
  if (line === undefined) return;
  rememberChatLine(ctx, player, line);
  const message = MESSAGES.globalChatLine(player.name, line);
  if (message.kind !== "console") return;
  ctx.bus.publish({ kind: "console_all", text: message.text, font: message.font });
}

/** A console line published for everyone: this map's share of it. */
export function deliverConsoleToAll(ctx: MapContext, message: Extract<BusMessage, { kind: "console_all" }>): void {
  if (ctx.store.playerCount === 0) return;
  ctx.view.everyone(ctx.packets.consoleMsg(message.text, message.font));
}

function sayOverHead(ctx: MapContext, player: PlayerEntity, text: string, colour: number): void {
  const line = chatLine(text);
  if (line === undefined) return;
  rememberChatLine(ctx, player, line);
  ctx.view.around(player.x, player.y, ctx.packets.chatOverHead(line, player.charIndex, colour, player.x, player.y));
}

/** The line as it is said: cut to MAX_CHAT_CHARS; undefined when there is nothing to say. */
function chatLine(text: string): string | undefined {
  const line = truncateChars(text, MAX_CHAT_CHARS);
  return line.trim() === "" ? undefined : line;
}

/** Cuts at `max` characters (code points), never inside a surrogate pair. */
function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}

export const chat: MapSystem = {
  name: "chat",
  packets: { Talk: talk, Yell: yell, Whisper: whisper, GlobalMessage: globalMessage },
  bus: { console_all: deliverConsoleToAll },
  playerState: () => ({ lastGlobalChatAt: Number.NEGATIVE_INFINITY }),
};
