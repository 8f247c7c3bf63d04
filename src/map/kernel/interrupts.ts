/**
 * What ends what a player was doing. VB6 checks two core flags wherever a player acts or is
 * attacked: a meditation (`flags.Meditando`) and a logout countdown (`CancelExit`); which of them
 * a moment ends, and in which order, is VB6's per routine (the table below). Everything else that
 * an action interrupts (a trip home on a step, a work loop) belongs to its system, which reacts to
 * the `acted` hook fired right after. No system calls another to interrupt it.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { Interruption, MapContext } from "../map-context.ts";
import { stopMeditating } from "./status.ts";

/** What each moment ends before the systems hear of it, in VB6's order. */
const ENDS: Readonly<Record<Interruption, readonly ("meditation" | "exit" | "exit_by_moving")[]>> = {
  // `HandleWalk`: the meditation, then the countdown "because you moved".
  walk: ["meditation", "exit_by_moving"],
  // `MoveUserChar`: only the systems' own (a trip home).
  step: [],
  // `HandleAttack`, `HandleWorkLeftClick`, `UseSpellSlot` (self-cast): the meditation, then the countdown.
  attack: ["meditation", "exit"],
  skill_click: ["meditation", "exit"],
  cast: ["meditation", "exit"],
  // `HandleWork`, `NpcAtacaUser`, `EfectoVeneno`: the countdown only.
  work: ["exit"],
  npc_blow: ["exit"],
  poison: ["exit"],
  // `UsuarioAtacadoPorUsuario`: the victim's countdown, then its meditation.
  attacked_by_user: ["exit", "meditation"],
};

/** The player did or suffered `cause`: the kernel ends what VB6 ends for it, then the systems react (`acted`). */
export function interrupt(ctx: MapContext, player: PlayerEntity, cause: Interruption): void {
  for (const what of ENDS[cause]) {
    if (what === "meditation") stopMeditating(ctx, player);
    else cancelExit(ctx, player, what === "exit_by_moving");
  }
  ctx.hooks.acted(ctx, player, cause);
}

/** Stops a running logout countdown and tells the player why (`CancelExit`). */
export function cancelExit(ctx: MapContext, player: PlayerEntity, byMoving: boolean): void {
  if (!player.quit) return;
  stopExit(ctx, player);
  ctx.tell(player, byMoving ? MESSAGES.quitCancelledByMoving() : MESSAGES.quitCancelled());
}

/** Forgets a logout countdown without a word (the player is leaving anyway). */
export function stopExit(ctx: MapContext, player: PlayerEntity): void {
  if (!player.quit) return;
  ctx.timers.cancel(player.quit.timer);
  player.quit = null;
}
