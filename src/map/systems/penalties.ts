/**
 * Mutes and jail sentences while the character plays (gm-and-moderation §3.3–§3.5): the
 * countdowns of `record.penalties` (the record is the authority while the character is online,
 * saved with every save), the sanctions the staff service sends to the target's map, the release
 * from prison and the third warning's sentence. Rules (bounds, countdown, wording) are
 * game/staff/penalties.ts'; the history rows are the staff service's.
 *
 * - A mute loses a second per online second (VB6 `SegundosPasados`); its end says Msg1018.
 * - A sentence loses a minute per minute served online and alive (VB6 `PurgarPenas`), counted per
 *   prisoner (see the G10 decision there); its end takes the prisoner to `Libertad` with Msg1103.
 * - Jailing takes the fish, wood and mineral stacks (`RemoveCriticalObjectsWhileEnteringJail`)
 *   and sends the prisoner to `Prision` (`Ciudades.dat`); a prisoner who logs in away from the
 *   prison's map (jailed while offline, from the operator console) is taken there.
 * - What was served of the current second and minute follows the player to the next map.
 * - Only a player with a running mute or sentence has a timer (one per second); the others cost
 *   nothing.
 */
import { ObjectType } from "../../game/items/index.ts";
import { removeFromSlot, type Inventory } from "../../game/inventory/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { SERVER_ISSUER, settlePenalties, startPenaltyClock, WARNING_JAIL_MINUTES, warningJails } from "../../game/staff/index.ts";
import { Trigger } from "../../game/movement/index.ts";
import { afterUnequip, commit, isAlive, triggerAt, penaltiesOfPlayer, writePenalties, type MapContext, type MapSystem, type PlayerEntity, type Place, type Sanction } from "../kernel/index.ts";

/** A punished player's countdowns are settled this often (a mute's seconds are told to the second). */
export const PENALTY_TICK_MS = 1_000;
/** `otUseOnce` subtype 1: fish, taken at the prison door like wood and minerals. */
const FISH_SUBTYPE = 1;
/** How far from the prison point a prisoner of a world without jail tiles still counts as inside. */
const PRISON_REACH = 3;
/** Why the third warning jails, as the sentence's history row keeps it. */
export const WARNING_JAIL_REASON = "tercera advertencia";

/** A point of `Ciudades.dat` a warp can use (VB6 reads zeros for a missing section). */
function placeOf(point: { map: number; x: number; y: number } | null | undefined): Place | undefined {
  return point && point.map > 0 && point.x > 0 && point.y > 0 ? { map: point.map, x: point.x, y: point.y } : undefined;
}

export function prisonOf(ctx: MapContext): Place | undefined {
  return placeOf(ctx.tables?.cities?.prison);
}

export function releaseOf(ctx: MapContext): Place | undefined {
  return placeOf(ctx.tables?.cities?.release);
}

/** The countdowns up to now; ends told, rows closed through the service, a freed prisoner released. */
export function settlePlayerPenalties(ctx: MapContext, player: PlayerEntity, now: number): void {
  const before = penaltiesOfPlayer(player);
  if (before.muteSecondsLeft === 0 && before.jailMinutesLeft === 0) {
    player.penaltyClock = startPenaltyClock(now);
    return;
  }
  const step = settlePenalties(before, player.penaltyClock, now, isAlive(player));
  player.penaltyClock = step.clock;
  writePenalties(player, step.penalties);
  if (step.muteEnded) {
    ctx.tell(player, MESSAGES.muteEnded());
    ctx.ask("staff", player, { kind: "penalty_served", penalty: "mute" });
  }
  if (step.jailEnded) {
    ctx.ask("staff", player, { kind: "penalty_served", penalty: "jail" });
    const release = releaseOf(ctx);
    if (release) ctx.sendTo(player, release);
    ctx.tell(player, MESSAGES.released());
  }
}

interface TickArg {
  ctx: MapContext;
  player: PlayerEntity;
}

function hasRunningPenalty(player: PlayerEntity): boolean {
  const { muteSecondsLeft, jailMinutesLeft } = penaltiesOfPlayer(player);
  return muteSecondsLeft > 0 || jailMinutesLeft > 0;
}

/** Starts the player's penalty timer when a countdown runs and none is armed. */
function armPenaltyTimer(ctx: MapContext, player: PlayerEntity): void {
  if (player.penaltyTimer !== null || !hasRunningPenalty(player)) return;
  player.penaltyTimer = ctx.timers.at(ctx.clock.now() + PENALTY_TICK_MS, penaltyTick, { ctx, player });
}

function stopPenaltyTimer(ctx: MapContext, player: PlayerEntity): void {
  if (player.penaltyTimer === null) return;
  ctx.timers.cancel(player.penaltyTimer);
  player.penaltyTimer = null;
}

function penaltyTick(_plannedMs: number, { ctx, player }: TickArg): void {
  if (ctx.store.player(player.session) !== player) return;
  player.penaltyTimer = null;
  settlePlayerPenalties(ctx, player, ctx.clock.now());
  if (ctx.store.player(player.session) === player) armPenaltyTimer(ctx, player);
}

/** Fish, wood and minerals (`IsRemovableInventoryItemInJail`). */
function takenAtThePrisonDoor(ctx: MapContext, objectId: number): boolean {
  const item = ctx.items.get(objectId);
  if (item === undefined) return false;
  return (item.type === ObjectType.Food && item.subType === FISH_SUBTYPE) || item.type === ObjectType.Wood || item.type === ObjectType.Mineral;
}

function takeGatheredStacks(ctx: MapContext, player: PlayerEntity): void {
  let inventory: Inventory = player.inventory;
  const changed: number[] = [];
  const unequipped = [];
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const held = inventory.slots[slot - 1];
    if (held === undefined || held.objectId === 0 || !takenAtThePrisonDoor(ctx, held.objectId)) continue;
    const removed = removeFromSlot(inventory, slot, held.amount);
    if (!removed.ok) continue;
    inventory = removed.inventory;
    changed.push(...removed.changed);
    unequipped.push(...removed.unequipped);
  }
  if (changed.length === 0) return;
  commit(ctx, player, inventory, changed, 0);
  if (unequipped.length > 0) afterUnequip(ctx, player, unequipped);
}

/** `Encarcelar`: the sentence starts now, the gathered stacks go, the prisoner to the prison, Msg1617. */
export function jail(ctx: MapContext, player: PlayerEntity, minutes: number, issuer: string): void {
  settlePlayerPenalties(ctx, player, ctx.clock.now());
  writePenalties(player, { jailMinutesLeft: minutes });
  player.penaltyClock = { ...player.penaltyClock, jailServedMs: 0 };
  takeGatheredStacks(ctx, player);
  const prison = prisonOf(ctx);
  if (prison) ctx.sendTo(player, prison);
  ctx.tell(player, MESSAGES.jailedBy(issuer, minutes));
  if (ctx.store.player(player.session) === player) armPenaltyTimer(ctx, player);
}

/** What the staff service decided for a player of this map (the rank and bounds were checked there). */
export function applySanction(ctx: MapContext, player: PlayerEntity, sanction: Sanction): void {
  const now = ctx.clock.now();
  settlePlayerPenalties(ctx, player, now);
  switch (sanction.kind) {
    case "mute":
      writePenalties(player, { muteSecondsLeft: sanction.minutes * 60 });
      player.penaltyClock = { ...player.penaltyClock, muteServedMs: 0 };
      ctx.tell(player, MESSAGES.muted());
      armPenaltyTimer(ctx, player);
      return;
    case "unmute":
      writePenalties(player, { muteSecondsLeft: 0 });
      ctx.tell(player, MESSAGES.unmuted());
      return;
    case "jail":
      jail(ctx, player, sanction.minutes, sanction.issuer);
      return;
    case "warned": {
      const { warnings } = writePenalties(player, { warnings: penaltiesOfPlayer(player).warnings + 1 });
      ctx.tell(player, MESSAGES.warnedBy(sanction.by));
      ctx.tell(player, MESSAGES.warningCount(warnings));
      if (!warningJails(warnings)) return;
      ctx.ask("staff", player, { kind: "jailed_by_server", minutes: WARNING_JAIL_MINUTES, reason: WARNING_JAIL_REASON });
      jail(ctx, player, WARNING_JAIL_MINUTES, SERVER_ISSUER);
      return;
    }
  }
}

/** Standing on a jail tile, or (a world whose prison has none) within a few tiles of the prison point. */
function inPrison(ctx: MapContext, player: PlayerEntity, prison: Place): boolean {
  if (triggerAt(ctx, player.x, player.y) === Trigger.Jail) return true;
  return Math.abs(player.x - prison.x) <= PRISON_REACH && Math.abs(player.y - prison.y) <= PRISON_REACH;
}

function servedUntil(player: PlayerEntity, now: number): { muteServedMs: number; jailServedMs: number } {
  const { jailMinutesLeft, muteSecondsLeft } = penaltiesOfPlayer(player);
  const elapsed = Math.max(0, now - player.penaltyClock.settledAt);
  return {
    muteServedMs: muteSecondsLeft > 0 ? player.penaltyClock.muteServedMs + elapsed : 0,
    jailServedMs: jailMinutesLeft > 0 && isAlive(player) ? player.penaltyClock.jailServedMs + elapsed : player.penaltyClock.jailServedMs,
  };
}

function toPrisonAfterLogin(_plannedMs: number, { ctx, player, prison }: { ctx: MapContext; player: PlayerEntity; prison: Place }): void {
  if (ctx.store.player(player.session) !== player || penaltiesOfPlayer(player).jailMinutesLeft === 0) return;
  ctx.sendTo(player, prison);
}

export const penalties: MapSystem = {
  name: "penalties",
  playerState: (ctx, _record, arrival) => ({ penaltyClock: startPenaltyClock(ctx.clock.now(), arrival.handOver?.penaltyClock), penaltyTimer: null }),
  // The player has left the map here: what it served since the last sweep goes with it, unsettled
  // (the next map's first sweep settles it).
  handOver: (ctx, player) => ({ penaltyClock: servedUntil(player, ctx.clock.now()) }),
  hooks: {
    // A prisoner who logs in away from the prison (a sentence given offline) is taken there once
    // the login is over (a hand-over inside the arrival would come before the map's "entered").
    arrived: (ctx, player, arrival) => {
      armPenaltyTimer(ctx, player);
      if (arrival.kind !== "login" || penaltiesOfPlayer(player).jailMinutesLeft === 0) return;
      const prison = prisonOf(ctx);
      if (prison === undefined || (prison.map === ctx.definition.id && inPrison(ctx, player, prison))) return;
      ctx.timers.at(ctx.clock.now(), toPrisonAfterLogin, { ctx, player, prison });
    },
    // Off the map (a warp on it keeps the timer).
    leaving: (ctx, player, departure) => {
      if (departure !== "warp") stopPenaltyTimer(ctx, player);
    },
  },
};
