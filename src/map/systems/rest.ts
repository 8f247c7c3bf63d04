/**
 * Resting and campfires on a map (`/DESCANSAR`, combat-and-progression §9), on the rules of
 * `game/rest`:
 *
 * - `Rest` (`HandleRest`): by a lit campfire in the view window it toggles `player.resting`
 *   (`RestOK` then Msg753 or Msg754); away from one it only switches it off (`RestOK`, Msg754),
 *   else Msg755; the dead get Msg752. The needs' clocks (systems/needs.ts) read the flag and run on
 *   the resting periods (HP every 51 GT instead of 201, stamina every 6 instead of 11, its loss
 *   every 81 instead of 41); they are settled up to the toggle first, so the time before it counts
 *   on the old periods, as VB6's per-tick counters do.
 * - What ends it: a step that is taken (the kernel's `step` interruption: `RestOK`, Msg1121,
 *   Msg178, as `HandleWalk`), full HP and stamina (looked at once a second while resting, by a
 *   timer of the resting player's only: `RestOK`, Msg514, as `EfectoStamina`), dying (`RestOK` alone, `LimpiarEstadosAlterados`).
 *   Attacking, being hit and casting do not end it (VB6 does not; the fight only stops the HP
 *   clock). A warp keeps it (`MapHandOver.resting`), as VB6's `WarpUserChar` does.
 * - Lighting: a click on Ramitas (`objectClicks` of `ObjType` 14, VB6 `TryHandleObjectWorldAction`
 *   → `HandleCampfireTwigAction`, alive only) may turn them into a Fogata; Supervivencia is practised.
 *   This server has no weather, so it never rains on a fire. Lit fires never burn out (VB6).
 * - Twigs: a common dagger used while the last tile looked at holds Leña (`TratarDeHacerFogata`,
 *   `makeTwigsWithDagger`, called by systems/items.ts).
 */
import { CAMPFIRE_OBJECT, campfireInArea, lightTwigs, makeTwigs, restIsOver, toggleRest, TWIGS_OBJECT, type ObjectAt } from "../../game/rest/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import { ObjectType } from "../../game/items/index.ts";
import { isDead, putPile, raiseSkillByUse, triggerAt, TRIGGER_SAFE_ZONE, type Interruption, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";
import type { TimerId } from "../../time/index.ts";
import { settleNeeds, VITALS_SWEEP_INTERVAL_MS } from "./needs.ts";

/** What lies on each tile of this map (nothing outside it). */
function objectsOf(ctx: MapContext): ObjectAt {
  return (x, y) => (ctx.store.isInside(x, y) ? ctx.store.objectAt(x, y)?.obj : undefined);
}

/** True while the player rests by a fire. */
export function isResting(player: PlayerEntity): boolean {
  return player.resting === true;
}

/** How often a resting player is looked at for full HP and stamina (the needs' sweep period). */
export const REST_CHECK_INTERVAL_MS = VITALS_SWEEP_INTERVAL_MS;

interface RestArg {
  readonly ctx: MapContext;
  readonly player: PlayerEntity;
}

/** Resting on: the needs' clocks settled on the awake periods first, and the once-a-second look armed. */
function startResting(ctx: MapContext, player: PlayerEntity): void {
  settleNeeds(ctx, player, ctx.clock.now());
  player.resting = true;
  armRestCheck(ctx, player);
}

function armRestCheck(ctx: MapContext, player: PlayerEntity): void {
  if (player.restTimer !== undefined) ctx.timers.cancel(player.restTimer);
  player.restTimer = ctx.timers.every(ctx.clock.now() + REST_CHECK_INTERVAL_MS, onRestCheck, { ctx, player }, () => REST_CHECK_INTERVAL_MS);
}

/** Resting off: the clocks settled on the resting periods up to now, the look disarmed. */
function stopResting(ctx: MapContext, player: PlayerEntity): void {
  settleNeeds(ctx, player, ctx.clock.now());
  player.resting = false;
  disarmRestCheck(ctx, player);
}

function disarmRestCheck(ctx: MapContext, player: PlayerEntity): void {
  if (player.restTimer === undefined) return;
  ctx.timers.cancel(player.restTimer);
  delete player.restTimer;
}

/**
 * `EfectoStamina`'s last step: a resting player with full HP and stamina gets up (`RestOK`,
 * Msg514). The clocks are settled first, so what the last second regained is told before (VB6
 * sends `RestOK` before that tick's `UpdateSta`; the client ends in the same state).
 */
function onRestCheck(_plannedMs: number, { ctx, player }: RestArg, id: TimerId): void {
  if (player.restTimer !== id || ctx.store.player(player.session) !== player || !isResting(player)) {
    ctx.timers.cancel(id);
    return;
  }
  settleNeeds(ctx, player, ctx.clock.now());
  if (isDead(player) || !restIsOver(player.record.vitals)) return;
  stopResting(ctx, player);
  ctx.view.send(player, ctx.packets.restOk());
  ctx.tell(player, MESSAGES.rest("RestFinished"));
}

/** `Rest` (`/DESCANSAR`, `HandleRest`). */
export function restHandler(ctx: MapContext, player: PlayerEntity): void {
  const outcome = toggleRest({ dead: isDead(player), resting: isResting(player), campfireNear: campfireInArea(player.x, player.y, objectsOf(ctx)) });
  switch (outcome.kind) {
    case "dead":
      ctx.tell(player, MESSAGES.rest("RestDead"));
      return;
    case "no_campfire":
      ctx.tell(player, MESSAGES.rest("RestNoCampfire"));
      return;
    case "started":
      ctx.view.send(player, ctx.packets.restOk());
      ctx.tell(player, MESSAGES.rest("RestStarted"));
      startResting(ctx, player);
      return;
    case "stood_up":
      ctx.view.send(player, ctx.packets.restOk());
      ctx.tell(player, MESSAGES.rest("RestStoodUp"));
      stopResting(ctx, player);
      return;
  }
}

/** A step was taken (`HandleWalk` after `MoveUserChar`): `RestOK`, Msg1121, Msg178. */
function onActed(ctx: MapContext, player: PlayerEntity, cause: Interruption): void {
  if (cause !== "step" || !isResting(player)) return;
  stopResting(ctx, player);
  ctx.view.send(player, ctx.packets.restOk());
  ctx.tell(player, MESSAGES.rest("RestLeft"));
  ctx.tell(player, MESSAGES.rest("RestYouStandUp"));
}

/** `UserDie` → `LimpiarEstadosAlterados`: `RestOK` and nothing said. */
function onDied(ctx: MapContext, player: PlayerEntity): void {
  if (!isResting(player)) return;
  player.resting = false;
  disarmRestCheck(ctx, player);
  ctx.view.send(player, ctx.packets.restOk());
}

/** Leaving the map: the look is disarmed here; the flag itself goes with a warp (`handOver`). */
function onLeaving(ctx: MapContext, player: PlayerEntity): void {
  disarmRestCheck(ctx, player);
}

/** Arriving still resting (a warp): the look is armed on this map's clock. */
function onArrived(ctx: MapContext, player: PlayerEntity): void {
  if (isResting(player)) armRestCheck(ctx, player);
}

// ------------------------------------------------------------------ lighting a fire

/** A click on wood (`otWood`): only Ramitas are lit, and only by the living (`TryHandleObjectWorldAction`). */
function clickWood(ctx: MapContext, player: PlayerEntity, at: { readonly x: number; readonly y: number; readonly obj: number }): void {
  if (at.obj !== TWIGS_OBJECT || isDead(player)) return;
  const objectAt = objectsOf(ctx);
  const outcome = lightTwigs(
    {
      player: { x: player.x, y: player.y },
      twigs: { x: at.x, y: at.y },
      survival: player.record.skills[SKILL.Survival - 1] ?? 0,
      raining: false,
      safe: ctx.definition.safe || triggerAt(ctx, at.x, at.y) === TRIGGER_SAFE_ZONE,
      zone: ctx.definition.zone ?? "",
      objectAt,
    },
    ctx.random,
  );
  switch (outcome.kind) {
    case "too_far":
      ctx.tell(player, MESSAGES.tooFar());
      return;
    case "raining":
      ctx.tell(player, MESSAGES.rest("FireRaining"));
      return;
    case "safe_zone":
      ctx.tell(player, MESSAGES.rest("FireSafeZone"));
      return;
    case "fire_next_to_it":
      ctx.tell(player, MESSAGES.rest("FireNextToFire"));
      return;
    case "city":
      ctx.tell(player, MESSAGES.rest("FireInCity"));
      return;
    case "failed":
      ctx.tell(player, MESSAGES.rest("FireFailed"));
      break;
    case "lit":
      // `MakeObj(FOGATA ×1)` over the twigs: another object replaces the tile's (only `ObjectCreate` is sent).
      ctx.tell(player, MESSAGES.rest("FireLit"));
      putPile(ctx, at.x, at.y, { objectId: CAMPFIRE_OBJECT, amount: 1, tags: 0 });
      break;
  }
  raiseSkillByUse(ctx, player, SKILL.Survival);
}

/**
 * A common dagger used while the last tile looked at holds Leña (`TratarDeHacerFogata`): the
 * logs become Ramitas, one per three (Msg1456), or nothing; Supervivencia is practised either way.
 */
export function makeTwigsWithDagger(ctx: MapContext, player: PlayerEntity): void {
  const tile = player.targetTile;
  if (tile === null || tile === undefined || !ctx.store.isInside(tile.x, tile.y)) return;
  const on = ctx.store.objectAt(tile.x, tile.y);
  const outcome = makeTwigs(
    {
      player: { x: player.x, y: player.y },
      target: { x: tile.x, y: tile.y, obj: on?.obj ?? 0, amount: on?.amount ?? 0 },
      dead: isDead(player),
      survival: player.record.skills[SKILL.Survival - 1] ?? 0,
    },
    ctx.random,
  );
  switch (outcome.kind) {
    case "not_logs":
      ctx.tell(player, MESSAGES.rest("TwigsNotLogs"));
      return;
    case "too_far":
      ctx.tell(player, MESSAGES.tooFar());
      return;
    case "dead":
      ctx.tell(player, MESSAGES.rest("TwigsDead"));
      return;
    case "too_few_logs":
      ctx.tell(player, MESSAGES.rest("TwigsTooFewLogs"));
      return;
    case "failed":
      break;
    case "made":
      ctx.tell(player, MESSAGES.twigsMade(outcome.amount));
      putPile(ctx, tile.x, tile.y, { objectId: TWIGS_OBJECT, amount: outcome.amount, tags: 0 });
      break;
  }
  raiseSkillByUse(ctx, player, SKILL.Survival);
}

export const rest: MapSystem = {
  name: "rest",
  uses: ["needs"],
  packets: { Rest: restHandler },
  objectClicks: { [ObjectType.Wood]: clickWood },
  hooks: { acted: onActed, arrived: onArrived, leaving: onLeaving, died: onDied },
  playerState: (_ctx, _record, arrival) => ({ resting: arrival.handOver?.resting === true }),
  handOver: (_ctx, player) => (isResting(player) ? { resting: true } : {}),
};
