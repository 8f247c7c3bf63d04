/**
 * Movement: walking (VB6 `LegalWalk` on foot, paced), turning, position requests, and exits.
 * The rule itself is pure (`game/movement`); this system applies its outcome to the map. Who may
 * not walk or turn now (a paralysed player) says so through the `mayWalk` / `mayTurn` vetoes; what
 * a walk or a step ends goes through the kernel's `interrupt`.
 */
import { checkWalk, isHeading, stepX, stepY, type Heading } from "../../game/movement/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { interrupt, isTrading, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

export function walk(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Walk">): void {
  const heading = fields.heading;
  if (!isHeading(heading)) return;
  // VB6 `HandleWalk`: a paralysed or immobilised player is told so and put back (`CanMove`).
  if (!ctx.hooks.mayWalk(ctx, player)) return;
  // A player with a shop window open does not move and is told nothing (the stock client never
  // walks while its window is open).
  if (isTrading(player)) return;
  // Walking ends a meditation and a logout countdown, whether the step is then taken or not.
  interrupt(ctx, player, "walk");
  const { store } = ctx;
  const outcome = checkWalk(ctx.terrain, player.x, player.y, heading, player.pacing, ctx.clock.now(), (index) => store.occupantOf(index) !== 0, player.speed);
  if (outcome !== "ok") {
    ctx.stats.movesRefused++;
    if (player.heading !== heading) turn(ctx, player, heading);
    ctx.view.send(player, ctx.packets.posUpdate(player.x, player.y));
    return;
  }
  ctx.stats.movesAccepted++;
  // VB6 `MoveUserChar`: a step that is taken ends what a step ends (a pending /HOGAR).
  interrupt(ctx, player, "step");
  player.heading = heading;
  const oldX = player.x;
  const oldY = player.y;
  store.move(player, oldX + stepX(heading), oldY + stepY(heading));
  ctx.view.playerMoved(player, oldX, oldY);
  takeExitIfAny(ctx, player);
}

export function changeHeading(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeHeading">): void {
  // VB6 `HandleChange_Heading`: a paralysed player does not turn.
  if (isHeading(fields.heading) && ctx.hooks.mayTurn(ctx, player)) turn(ctx, player, fields.heading);
}

export function requestPosition(ctx: MapContext, player: PlayerEntity): void {
  ctx.view.send(player, ctx.packets.posUpdate(player.x, player.y));
}

function turn(ctx: MapContext, player: PlayerEntity, heading: Heading): void {
  player.heading = heading;
  ctx.view.playerChanged(player);
}

function takeExitIfAny(ctx: MapContext, player: PlayerEntity): void {
  const exit = ctx.terrain.exitAt(player.x, player.y);
  if (!exit) return;
  if (exit.destMap < 0) {
    // "Back where you came from": nowhere to go back to means staying on the exit.
    if (player.cameFrom) ctx.sendTo(player, player.cameFrom);
    return;
  }
  ctx.sendTo(player, { map: exit.destMap, x: exit.destX, y: exit.destY });
}

export const movement: MapSystem = {
  name: "movement",
  packets: { Walk: walk, ChangeHeading: changeHeading, RequestPositionUpdate: requestPosition },
  playerState: () => ({ pacing: { nextStepAt: 0 } }),
};
