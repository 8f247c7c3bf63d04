/**
 * Movement: walking (VB6 `LegalWalk` on foot, paced), turning, position requests, and exits.
 * The rule itself is pure (`game/movement`); this system applies its outcome to the map.
 */
import { checkWalk, isHeading, stepX, stepY, type Heading } from "../../game/movement/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { isTrading, type PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { cancelCountdown } from "./logout.ts";
import { cancelHomeTravel } from "./home.ts";
import { mayTurn, refuseHeldWalk, stopMeditating } from "./status.ts";

export function walk(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Walk">): void {
  const heading = fields.heading;
  if (!isHeading(heading)) return;
  // VB6 `HandleWalk`: a paralysed or immobilised player is told so and put back (`CanMove`).
  if (refuseHeldWalk(ctx, player)) return;
  // A player with a shop window open does not move and is told nothing (the stock client never
  // walks while its window is open).
  if (isTrading(player)) return;
  // Walking ends a meditation, whether the step is then taken or not.
  stopMeditating(ctx, player);
  if (player.quit) cancelCountdown(ctx, player, true);
  const { store } = ctx;
  const outcome = checkWalk(ctx.terrain, player.x, player.y, heading, player.pacing, ctx.clock.now(), (index) => store.occupantOf(index) !== 0);
  if (outcome !== "ok") {
    ctx.stats.movesRefused++;
    if (player.heading !== heading) turn(ctx, player, heading);
    ctx.view.send(player, ctx.packets.posUpdate(player.x, player.y));
    return;
  }
  ctx.stats.movesAccepted++;
  // VB6 `MoveUserChar`: a step that is taken ends a pending /HOGAR.
  if (player.homeTravel !== null) cancelHomeTravel(ctx, player);
  player.heading = heading;
  const oldX = player.x;
  const oldY = player.y;
  store.move(player, oldX + stepX(heading), oldY + stepY(heading));
  ctx.view.playerMoved(player, oldX, oldY);
  takeExitIfAny(ctx, player);
}

export function changeHeading(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeHeading">): void {
  // VB6 `HandleChange_Heading`: a paralysed player does not turn.
  if (isHeading(fields.heading) && mayTurn(ctx, player)) turn(ctx, player, fields.heading);
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
