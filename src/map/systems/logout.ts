/**
 * Logout (`Quit`, `CancelarExit`): immediate on safe maps; elsewhere a countdown announced once
 * a second (VB6 `IntervaloCerrarConexion`) that walking, attacking, being attacked or the cancel
 * packet stops (the kernel's `interrupt` ends it, kernel/interrupts.ts: VB6 `CancelExit` is a
 * core flag every handler checks). The countdown is one timer on the worker's timer queue,
 * re-armed for each whole second.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { cancelExit, endHiding, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/** Seconds of the logout countdown outside safe maps (`IntervaloCerrarConexion`). */
export const QUIT_COUNTDOWN_SECONDS = 10;
const MS_PER_SECOND = 1000;
/** VB6 `MSG_VUELTO_VISIBLE_577`. */
const VISIBLE_ON_LOGOUT = 577;

export function quit(ctx: MapContext, player: PlayerEntity): void {
  if (player.quit) return;
  if (ctx.definition.safe) {
    finishQuit(ctx, player);
    return;
  }
  const endsAt = ctx.clock.now() + QUIT_COUNTDOWN_SECONDS * MS_PER_SECOND;
  const timer = ctx.timers.at(endsAt - (QUIT_COUNTDOWN_SECONDS - 1) * MS_PER_SECOND, onCountdownTick, { ctx, player });
  player.quit = { endsAt, announced: QUIT_COUNTDOWN_SECONDS, timer };
  // `Cerrar_Usuario`: a hidden player is seen again as the countdown starts (577).
  endHiding(ctx, player, VISIBLE_ON_LOGOUT);
  ctx.tell(player, MESSAGES.quitCountdown(QUIT_COUNTDOWN_SECONDS));
}

/** `CancelarExit`: the countdown stops, and the player is told. */
export function cancelQuit(ctx: MapContext, player: PlayerEntity): void {
  cancelExit(ctx, player, false);
}

interface CountdownArg {
  ctx: MapContext;
  player: PlayerEntity;
}

function onCountdownTick(_plannedMs: number, { ctx, player }: CountdownArg): void {
  const countdown = player.quit;
  if (!countdown || ctx.store.player(player.session) !== player) return;
  const left = Math.ceil((countdown.endsAt - ctx.clock.now()) / MS_PER_SECOND);
  if (left <= 0) {
    player.quit = null;
    finishQuit(ctx, player);
    return;
  }
  if (left < countdown.announced) {
    countdown.announced = left;
    ctx.tell(player, MESSAGES.quitCountdown(left));
  }
  // The next whole second (or the end), on the countdown's own timeline.
  countdown.timer = ctx.timers.at(countdown.endsAt - (left - 1) * MS_PER_SECOND, onCountdownTick, { ctx, player });
}

function finishQuit(ctx: MapContext, player: PlayerEntity): void {
  ctx.tell(player, MESSAGES.farewell());
  ctx.view.send(player, ctx.packets.disconnect(false));
  ctx.leave(player, "quit");
}

export const logout: MapSystem = {
  name: "logout",
  packets: { Quit: quit, CancelarExit: cancelQuit },
};
