/**
 * The body on a map (combat-and-progression §9): thirst and hunger, HP regeneration, stamina
 * recovery and loss, on the rules of `game/vitals`.
 *
 * Scheduling: ONE recurring timer per map (`VITALS_SWEEP_INTERVAL_MS`, this system's `sweep`, which
 * the kernel starts when the first player arrives and stops when the last leaves), never a timer
 * per player per stat. Each sweep
 * settles every player's clocks up to now (`stepNeeds`), which takes exactly the steps VB6's
 * counters would have taken since the last sweep, at their exact times and in order, with one
 * draw each; the sweep only decides when the player hears about them (at most once a second per
 * stat: a stamina step every 440 ms still costs one `UpdateSta` a second). Every player is
 * visited on every sweep rather than only those with a step due, because a counter only counts
 * while its condition holds (HP below max, fed, out of combat, alive): visiting everyone is what
 * notices a condition changing, at one-second resolution, for a few arithmetic operations per
 * player. The conditions the map owns (dead, naked) are sampled at the sweep; a fight is a
 * window of time (`inCombatUntil` minus `IN_COMBAT_MS` to `inCombatUntil`, joined with the
 * window before when they overlap), followed to the ms.
 *
 * The clocks live on the player (`needs`). They start afresh at login, as VB6's counters do, and
 * after a worker crash (the player re-enters from the last known record). A map change keeps
 * them, as VB6 does: they ride in the `transfer` event and the `enter` request (`MapHandOver.needs`, this system's `handOver`) as durations
 * (`NeedsHandOver`), since each worker's monotonic clock is its own. The time in transit between
 * the two maps (a worker hop or two) is not counted.
 */
import { CharacterClass } from "../../game/items/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import {
  AO20_VITALS_INTERVALS,
  handOverNeeds,
  newNeedsClocks,
  stepNeeds,
  takeOverNeeds,
  type NeedsHandOver,
  type NeedsState,
  type VitalsIntervals,
} from "../../game/vitals/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { vbRgb } from "../../protocol/index.ts";
import { writeVitals, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/** How often a map settles its players' clocks and sends what changed. */
export const VITALS_SWEEP_INTERVAL_MS = 1000;
/** `vbGreen`: the colour of the HP regained, over the player's head (to the player only). */
export const HEAL_TEXT_COLOUR = vbRgb(0, 255, 0);
/** Privilege bit of an ordinary user: staff are never hungry or thirsty (`HambreYSed`). */
const PRIVILEGE_USER = 1;
/** The AO20 periods (`intervalos.ini`); a world-configured table can replace them later. */
const INTERVALS: VitalsIntervals = AO20_VITALS_INTERVALS;

/** A new player's clocks: they start now (VB6 counters start at 0 on login). */
export function freshNeeds(ctx: MapContext): PlayerEntity["needs"] {
  return newNeedsClocks(ctx.clock.now());
}

/** The clocks of a player arriving: those the last map handed over, or fresh ones. */
export function arrivingNeeds(ctx: MapContext, handOver: NeedsHandOver | undefined): PlayerEntity["needs"] {
  return handOver === undefined ? freshNeeds(ctx) : takeOverNeeds(handOver, ctx.clock.now());
}

/** The clocks of a player leaving for another map, in a form the next map's clock can take. */
export function leavingNeeds(ctx: MapContext, player: PlayerEntity): NeedsHandOver {
  return handOverNeeds(player.needs, ctx.clock.now());
}

/** Settles every player's clocks up to `now` and tells each what changed. */
export function sweepVitals(ctx: MapContext, now: number): void {
  for (const player of ctx.store.players()) settleNeeds(ctx, player, now);
}

/** What the clocks read of a player now. */
export function needsStateOf(player: PlayerEntity): NeedsState {
  const { record } = player;
  return {
    vitals: record.vitals,
    survival: record.skills[SKILL.Survival - 1] ?? 0,
    worker: record.class === CharacterClass.Worker,
    naked: player.inventory.equipped.armor === 0,
    combatUntil: player.inCombatUntil,
    exemptFromNeeds: (player.privileges & PRIVILEGE_USER) === 0,
    resting: player.resting === true,
  };
}

/**
 * One player's clocks up to `now`: the steps are applied to the record, then told in this order:
 * `UpdateHungerAndThirst` (once), per HP step `UpdateHP`, locale 519 and the amount over the
 * head in green (`Sanar`), then `UpdateSta` (once).
 */
export function settleNeeds(ctx: MapContext, player: PlayerEntity, now: number): void {
  const step = stepNeeds(needsStateOf(player), player.needs, now, INTERVALS, ctx.random);
  player.needs = step.clocks;
  if (step.events.length === 0) return;
  const before = writeVitals(player, step.vitals);
  const { view, packets } = ctx;
  if (step.vitals.food !== before.food || step.vitals.water !== before.water) {
    view.send(player, packets.updateHungerAndThirst(step.vitals.food, step.vitals.water));
  }
  for (const event of step.events) {
    if (event.kind !== "healed") continue;
    view.send(player, packets.updateHp(event.hp));
    ctx.tell(player, MESSAGES.healed());
    view.send(player, packets.textOverChar(String(event.amount), player.charIndex, HEAL_TEXT_COLOUR));
  }
  if (step.vitals.stamina !== before.stamina) view.send(player, packets.updateStamina(step.vitals.stamina));
}

export const needs: MapSystem = {
  name: "needs",
  playerState: (ctx, _record, arrival) => ({ needs: arrivingNeeds(ctx, arrival.handOver?.needs) }),
  handOver: (ctx, player) => ({ needs: leavingNeeds(ctx, player) }),
  sweep: { everyMs: VITALS_SWEEP_INTERVAL_MS, run: sweepVitals },
};
