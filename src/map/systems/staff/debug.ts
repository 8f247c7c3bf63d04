/**
 * `/REQDEBUG` (gm-and-moderation §2.3, VB6 `HandleDebugRequest` → `WriteDebugLogResponse`): the
 * stock client's debug window (`DebugDataResponse`, 190), one line per string.
 *
 * Decisions:
 * - G13 (fixed): Admin only (the command row; VB6 answered every staff rank with the server's
 *   last log lines and other users' connection state).
 * - Type 0 (VB6: the last 30 warning and error log lines): this server keeps no log lines in
 *   memory (they go to the process's log stream, which the operator reads), so the window says
 *   that is unavailable.
 * - Type 1 (`CONNECTION nick`): what the map knows of a character on the GM's own map (session,
 *   char index, place, whether its logout countdown runs); a character elsewhere is said not
 *   found here (the connections themselves are the gateway's, which no map reads).
 * - Type 2 (`USERIDS`; VB6: free user slots and `LastUser`): the players online on the server
 *   and on this map.
 * - The window's lines are data for a debug form, in VB6's own English-and-Spanish wording, not
 *   console lines: they are built here, not in the message catalogue.
 */
import { DEBUG_COMMAND_CONNECTION_STATE, type ClientPacketFields } from "../../../protocol/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";
import type { StaffOutcome } from "./gate.ts";
import { typedName } from "./movement.ts";

/** `e_DebugCommands`: 0 the last log lines, 1 a user's connection, 2 the user slots. */
export const DEBUG_LAST_LOGS = 0;
export const DEBUG_USER_SLOTS = 2;

/** The window's lines for one request (null: a type VB6 does not answer). */
export function debugLines(ctx: MapContext, debugType: number, argument: string): string[] | null {
  switch (debugType) {
    case DEBUG_LAST_LOGS:
      return ["remote errors:", "no disponible: este servidor no guarda líneas del log en memoria (las lee el operador)."];
    case DEBUG_COMMAND_CONNECTION_STATE: {
      const name = typedName(argument);
      const target = name === "" ? undefined : ctx.store.playerNamed(name);
      if (target === undefined) return [`DEBUG: failed to find user: ${name} (en este mapa)`];
      return [
        `remote DEBUG:  user name: ${target.name}`,
        `session: ${target.session} charIndex: ${target.charIndex} map: ${ctx.definition.id} x: ${target.x} y: ${target.y} saliendo: ${target.quit !== null ? "sí" : "no"}`,
      ];
    }
    case DEBUG_USER_SLOTS:
      return [`remote DEBUG: jugadores conectados: ${ctx.onlineCount()}, en este mapa: ${ctx.store.playerCount}`];
    default:
      return null;
  }
}

/** `/REQDEBUG [CONNECTION nick | USERIDS]` (Admin, G13). */
export function requestDebug(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"RequestDebug">): StaffOutcome {
  const argument = "argument" in fields && typeof fields.argument === "string" ? fields.argument : "";
  const lines = debugLines(ctx, fields.debugType, argument);
  if (lines === null) return { outcome: "refused_rule", detail: `bad_type ${fields.debugType}` };
  ctx.view.send(player, ctx.packets.debugDataResponse(lines));
  return { outcome: "ok", detail: `type ${fields.debugType}` };
}

export const DEBUG_EFFECTS = { RequestDebug: requestDebug };
