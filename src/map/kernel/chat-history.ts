/**
 * The last lines each player said on this map (VB6 `flags.ChatHistory(1 To 15)`, the "foto
 * denuncia"): what a `/DENUNCIAR` against the player carries to the staff (systems/staff/reports.ts). In the
 * kernel because two systems meet here: chat writes it, staff reads it.
 * Chat feeds it with every line it lets through (talk, yell, whisper, global; a muted player's
 * refused lines never reach it, as in VB6). One ring per player, of at most
 * {@link CHAT_HISTORY_LINES} lines, kept by the map the lines were said on and forgotten when
 * the player leaves it: a report names what its target said where the reporter could hear it.
 *
 * The rings hang off the map's entity store (one per map, in its worker), so no map sees another's.
 */
import { CHAT_HISTORY_LINES } from "../../game/staff/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";

type Rings = Map<number, string[]>;

const RINGS_BY_MAP = new WeakMap<object, Rings>();

function ringsOf(ctx: MapContext): Rings {
  let rings = RINGS_BY_MAP.get(ctx.store);
  if (rings === undefined) {
    rings = new Map();
    RINGS_BY_MAP.set(ctx.store, rings);
  }
  return rings;
}

/** A line `player` said (already cut to the chat's length): the oldest falls out past the ring's size. */
export function rememberChatLine(ctx: MapContext, player: PlayerEntity, line: string): void {
  const rings = ringsOf(ctx);
  const ring = rings.get(player.session) ?? [];
  ring.push(line);
  if (ring.length > CHAT_HISTORY_LINES) ring.splice(0, ring.length - CHAT_HISTORY_LINES);
  rings.set(player.session, ring);
}

/** The lines `player` said here, oldest first (a copy). */
export function recentChatLines(ctx: MapContext, player: PlayerEntity): string[] {
  return [...(ringsOf(ctx).get(player.session) ?? [])];
}

/** The player leaves the map: its lines go with nobody. */
export function forgetChatLines(ctx: MapContext, player: PlayerEntity): void {
  ringsOf(ctx).delete(player.session);
}
