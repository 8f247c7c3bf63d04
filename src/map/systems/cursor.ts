/**
 * The stock client's skill cursor (VB6 `HandleWork`, `HandleWorkLeftClick`): `Work(skill)` from
 * the skill buttons and macros, and `WorkLeftClick(x, y, skill)`, the map click after a
 * `WorkRequestTarget`. This system does what every skill shares and routes the rest, by skill, to
 * the system that claims it in its manifest (`workCursors`, `workClicks`): Proyectiles to combat,
 * Magia to spells, Domar to pets, the skills still to come to `planned`. A skill nobody claims is
 * ignored, as VB6 ignores it.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { interrupt, isDead, onScreen, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/**
 * `WorkLeftClick` (VB6 `HandleWorkLeftClick`): a ghost, a resting player (`flags.Descansar`,
 * systems/rest.ts) or a click off the map does nothing; a
 * click off the player's screen answers `PosUpdate`; any click in range ends a meditation and a
 * logout countdown, whatever the skill; then the skill's owner.
 */
export function workLeftClick(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"WorkLeftClick">): void {
  const { x, y, skill } = fields;
  if (isDead(player) || player.resting === true || !ctx.store.isInside(x, y)) return;
  if (!onScreen(player, x, y)) {
    ctx.view.send(player, ctx.packets.posUpdate(player.x, player.y));
    return;
  }
  interrupt(ctx, player, "skill_click");
  ctx.routes.workClicks.get(skill)?.(ctx, player, x, y);
}

/** `Work(skill)` (VB6 `HandleWork`): a ghost hears 77; a logout countdown stops; then the skill's owner. */
export function work(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Work">): void {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  interrupt(ctx, player, "work");
  ctx.routes.workCursors.get(fields.skill)?.(ctx, player, fields.skill);
}

export const cursor: MapSystem = {
  name: "cursor",
  packets: { WorkLeftClick: workLeftClick, Work: work },
};
