/**
 * `/CR segundos` (VB6 `HandleCuentaRegresiva` and the countdown of `General.bas`' second timer):
 * Msg1689 to everyone online, then each second Msg1655 with the seconds left and Msg1656 at the
 * end, while every player within 12 tiles across and 10 down of the GM is held where it stands
 * for the countdown (VB6 `Inmovilize`).
 *
 * The GM's map keeps the countdown (VB6 had one global timer); a new `/CR` on that map replaces
 * the running one, as VB6's overwrote it, and it goes on if the GM leaves.
 *
 * Decisions:
 * - Holding a player is no attack: VB6 called `UsuarioAtacadoPorUsuario` for each held player, as
 *   if the GM had hit it (combat timers, criminal rules); here nobody's standing changes.
 * - The GM itself is not held (VB6 held it too: its own tile is inside the square).
 * - `/CR 0` starts nothing (VB6 announced a countdown from 0 and held nobody).
 */
import { applyEffect, canMove, hasEffect, secondsCounterMs } from "../../../game/spells/index.ts";
import { MESSAGES } from "../../../game/messages/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { setStatus, statusSubjectOf, type MapContext, type PlayerEntity } from "../../kernel/index.ts";
import type { TimerId } from "../../../time/index.ts";
import { DONE, type StaffOutcome } from "./gate.ts";

/** VB6's `MapAreaSizeX` / `MapAreaSizeY`: the held square around the GM. */
export const COUNTDOWN_REACH = { x: 12, y: 10 } as const;
const SECOND_MS = 1_000;

/** The countdown running on each map, by its timer (one per map). */
const running = new WeakMap<MapContext, TimerId>();

interface Tick {
  readonly ctx: MapContext;
  readonly left: number;
}

function tick(_plannedMs: number, { ctx, left }: Tick, id: TimerId): void {
  if (running.get(ctx) !== id) return;
  const line = left > 1 ? MESSAGES.countdownSeconds(left - 1) : MESSAGES.countdownGo();
  ctx.bus.publish({ kind: "line_all", message: line });
  if (left > 1) running.set(ctx, ctx.timers.at(ctx.clock.now() + SECOND_MS, tick, { ctx, left: left - 1 }));
  else running.delete(ctx);
}

/** Holds the player for the countdown, unless it is held already or immune (Msg475 to the GM). */
function hold(ctx: MapContext, gm: PlayerEntity, player: PlayerEntity, seconds: number): void {
  const now = ctx.clock.now();
  if (hasEffect(player.statusEffects, "paralysisImmunity", now)) {
    ctx.tell(gm, MESSAGES.targetImmuneToHold());
    return;
  }
  if (!canMove(player.statusEffects, now)) return;
  const change = applyEffect(player.statusEffects, { kind: "immobilized", durationMs: secondsCounterMs(seconds) }, now, statusSubjectOf(player));
  // InmovilizadoOK and PosUpdate, as VB6's `Inmovilize` sends them.
  setStatus(ctx, player, change.effects, change.notices);
}

/** `/CR segundos` (staff). */
export function countdown(ctx: MapContext, gm: PlayerEntity, fields: ClientPacketFields<"CuentaRegresiva">): StaffOutcome {
  const seconds = fields.seconds;
  if (seconds < 1) return { outcome: "refused_rule", detail: "zero_seconds" };
  const previous = running.get(ctx);
  if (previous !== undefined) ctx.timers.cancel(previous);
  ctx.bus.publish({ kind: "line_all", message: MESSAGES.countdownStarts(seconds) });
  running.set(ctx, ctx.timers.at(ctx.clock.now() + SECOND_MS, tick, { ctx, left: seconds }));
  for (const player of ctx.store.players()) {
    if (player === gm) continue;
    if (Math.abs(player.x - gm.x) > COUNTDOWN_REACH.x || Math.abs(player.y - gm.y) > COUNTDOWN_REACH.y) continue;
    hold(ctx, gm, player, seconds);
  }
  return DONE;
}
