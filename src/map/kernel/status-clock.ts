/**
 * The clocks of altered states (combat-and-progression §5.5): ONE timer per entity WITH states, at
 * `nextStatusEventMs` (the earliest expiry, bite or burn), re-armed after each event and whenever
 * `setStatus` changes the states; none for the rest. A sweep like the needs' would visit every
 * player and NPC of a map every second to find the few with a state, and would end a 15 s
 * paralysis up to a second late; a per-entity timer costs one O(1) insert and cancel on the
 * worker's wheel per change and fires exactly when something is due (thousands of poisoned
 * players: one timer each, firing every 3.64 s). An NPC's states tick even on a map nobody is on
 * (VB6 counts them on the AI tick, only with users there).
 *
 * VB6 sources: `General.bas` PasarSegundo (EfectoParalisisUser, EfectoInmoUser, EfectoCeguera,
 * EfectoEstupidez, EfectoInvisibilidad, EfectoMaldicionUser), `modGameEvents.bas`
 * MaybeRunGameEvents (EfectoVeneno, EfectoIncineramiento).
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { formatThousands } from "../../game/progression/index.ts";
import {
  expireEffects,
  nextStatusEventMs,
  tickIncineration,
  tickPoison,
  type Burn,
  type PoisonBite,
  type StatusEffects,
  type StatusNotice,
} from "../../game/spells/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { TimerId } from "../../time/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { hurt } from "./death.ts";
import { interrupt } from "./interrupts.ts";
import { baseAttributesOf, cancelStatusTimer, sendNotices, statusSubjectOf, type StatusTarget } from "./status.ts";
import { isDead } from "./vitals.ts";

/**
 * Stores the target's new states (the full `StatusEffects` a resolver returned), sends the
 * notices (to the player itself and/or everyone who sees it, as each notice says) and
 * (re)schedules its next expiry, bite or burn. NPCs have no "self": only area notices reach
 * their viewers.
 */
export function setStatus(ctx: MapContext, target: StatusTarget, status: StatusEffects, notices: readonly StatusNotice[]): void {
  target.statusEffects = status;
  sendNotices(ctx, target, notices);
  schedule(ctx, target);
}

interface StatusArg {
  readonly ctx: MapContext;
  readonly target: StatusTarget;
}

/** Arms the target's one timer at its next event, or none; an unchanged deadline keeps the timer. */
function schedule(ctx: MapContext, target: StatusTarget): void {
  const at = nextStatusEventMs(target.statusEffects);
  const current = target.statusTimer;
  if (current !== null && current.at === at && ctx.timers.isPending(current.id)) return;
  cancelStatusTimer(ctx, target);
  if (at === null) return;
  ctx.magicStats.current.statusTimersArmed++;
  target.statusTimer = { at, id: ctx.timers.at(at, onStatusTimer, { ctx, target }) };
}

function onStatusTimer(_plannedMs: number, { ctx, target }: StatusArg, id: TimerId): void {
  if (target.statusTimer?.id !== id) return;
  target.statusTimer = null;
  ctx.magicStats.current.statusTimerEvents++;
  if (target.kind === "npc") {
    if (!target.alive || ctx.store.npc(target.charIndex) !== target) return;
    const expiry = expireEffects(target.statusEffects, ctx.clock.now());
    setStatus(ctx, target, expiry.effects, expiry.notices);
    return;
  }
  if (ctx.store.player(target.session) !== target) return;
  runPlayerStatus(ctx, target, ctx.clock.now());
}

/**
 * What is due for a player at `now`: the poison's bites and the fire's burns (`EfectoVeneno`,
 * then `EfectoIncineramiento`, each draw as it comes), then the states whose time is up, in
 * `PasarSegundo`'s order. A bite or burn that kills ends everything (death clears the states).
 */
function runPlayerStatus(ctx: MapContext, player: PlayerEntity, now: number): void {
  let effects = player.statusEffects;
  let bites: readonly PoisonBite[] = [];
  let burns: readonly Burn[] = [];
  if (!isDead(player)) {
    const poison = tickPoison(ctx.random, effects, now, player.record.vitals.maxHp);
    effects = poison.effects;
    bites = poison.bites;
    const fire = tickIncineration(ctx.random, effects, now);
    effects = fire.effects;
    burns = fire.burns;
  }
  player.statusEffects = effects;
  for (const bite of bites) if (poisonBites(ctx, player, bite)) return;
  for (const burn of burns) if (fireBurns(ctx, player, burn)) return;
  const expiry = expireEffects(player.statusEffects, now, statusSubjectOf(player), baseAttributesOf(player));
  setStatus(ctx, player, expiry.effects, expiry.notices);
}

/**
 * One bite (`EfectoVeneno`): a pending logout stops; Msg47 in the poison font, the gas on the char
 * for the area, Msg390 with the damage, `UpdateHP`; at 0 HP the player dies. True when it died.
 */
function poisonBites(ctx: MapContext, player: PlayerEntity, bite: PoisonBite): boolean {
  const { view, packets } = ctx;
  interrupt(ctx, player, "poison");
  const [warning, damageLine] = bite.messages;
  if (warning !== undefined) ctx.tell(player, MESSAGES.ruleLine(warning, FontIndex.Poison));
  view.around(player.x, player.y, packets.particleFx(player.charIndex, bite.particle, bite.particleTime, false, player.x, player.y));
  if (damageLine !== undefined) ctx.tell(player, MESSAGES.ruleLine(damageLine, FontIndex.Fight, formatThousands(bite.damage)));
  return hurt(ctx, player, bite.damage);
}

/** One burn (`EfectoIncineramiento`): Msg392, FX 73 on the char for the area, Msg391 with the damage, `UpdateHP`, maybe death. */
function fireBurns(ctx: MapContext, player: PlayerEntity, burn: Burn): boolean {
  const { view, packets } = ctx;
  const [warning, damageLine] = burn.messages;
  if (warning !== undefined) ctx.tell(player, MESSAGES.ruleLine(warning, FontIndex.Fight));
  view.around(player.x, player.y, packets.createFx(player.charIndex, burn.fx, 0));
  if (damageLine !== undefined) ctx.tell(player, MESSAGES.ruleLine(damageLine, FontIndex.Fight, formatThousands(burn.damage)));
  return hurt(ctx, player, burn.damage);
}
