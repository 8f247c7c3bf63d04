/**
 * Stealing and hiding (vb6-feature-surface "Stealing, hiding"; VB6 `Trabajo.bas` `DoRobar`,
 * `RobarObjeto`, `DoOcultarse`, `DoPermanecerOculto`): the Robar and Ocultarse work skills of
 * the stock client, the rules in `game/stealth`.
 *
 * - **Ocultarse** is `Work(7)` (`HandleWork`, after the checks every skill shares in
 *   systems/cursor.ts: a ghost hears 77, a logout countdown stops). Hidden, the player's char gets
 *   `SetInvisible(true)` for everyone who sees it, itself included (VB6 `ToPCAliveArea`), and
 *   Msg55; the map view hides it from whoever only now sees it, as an invisible one
 *   (`map-view.ts`), and NPCs see it only from the next tile. One timer per hidden player ends it
 *   at its time (Msg1023). A walk ends it for all but Thieves and Bandits (307), a yell (1115,
 *   systems/chat.ts), a blow or shot at a player with VB6's exceptions (systems/combat, kernel
 *   `attackerRevealed`), the logout countdown starting (577, systems/logout.ts), death (silently). Being hit, talking, casting or attacking an NPC do not
 *   (VB6 AO20). It follows the player through a map change for the time it had left.
 * - **Robar** is `Work(2)` → `WorkRequestTarget(2)` → `WorkLeftClick(x, y, 2)`: the look at the
 *   tile, the refusals of `HandleWorkLeftClick` and `DoRobar` in VB6's order, 15 stamina, the roll,
 *   the gold or item moved through the kernel's inventory commit, Robar used, a citizen thief
 *   turned criminal.
 *
 * Decisions, named: the victim's "¡¬1 ha intentado robarte!" (1459) names the thief (VB6 sends
 * the line without its parameter: the stock client printed "¬1"); the "once" lines of hiding
 * (704, 1127, 57, VB6 `UltimoMensaje`) repeat after any other hiding line, where VB6 keeps one
 * last-message slot for every feature; a walk reveals before the step is sent (VB6 after it);
 * the logout
 * countdown ends the hidden state but not the invisibility spell (VB6 `Cerrar_Usuario` ends both).
 */
import { MESSAGES, overHeadLocale } from "../../game/messages/index.ts";
import { formatThousands, SKILL, type SkillId } from "../../game/progression/index.ts";
import { PlayerType } from "../../game/staff/index.ts";
import {
  attemptHide,
  HIDE_MESSAGE,
  rollSteal,
  STEAL_INTERVAL_MS,
  STEAL_MESSAGE,
  STEAL_STAMINA,
  stealRefusal,
  StealthClass,
  THEFT_GLOVES_SUBTYPE,
  theftTurnsCriminal,
  walkEndsHiding,
  type StealOutcome,
} from "../../game/stealth/index.ts";
import { putItem, removeFromSlot, slotAt } from "../../game/inventory/index.ts";
import { COLOR_WHITE, WorkSkill } from "../../protocol/index.ts";
import {
  cancelExit,
  commit,
  dropAround,
  endHiding,
  isDead,
  lookAtTile,
  manhattan,
  raiseSkillByUse,
  requestTargetCursor,
  spendStamina,
  TRIGGER_ARENA,
  TRIGGER_SAFE_ZONE,
  triggerAt,
  turnCriminal,
  type Arrival,
  type Departure,
  type Interruption,
  type MapContext,
  type MapSystem,
  type PlayerEntity,
} from "../kernel/index.ts";
import { endPeerTrade } from "./commerce/index.ts";

const STEAL = WorkSkill.Steal;
const HIDE = WorkSkill.Hide;
/** VB6 `e_Genero.Hombre`. */
const MALE = 1;

// ------------------------------------------------------------------ hiding

/** `Work(Ocultarse)`: one try (game/stealth `attemptHide`). */
export function hide(ctx: MapContext, player: PlayerEntity): void {
  const { record } = player;
  const outcome = attemptHide(ctx.random, {
    classId: record.class,
    skill: record.skills[SKILL.Hide - 1] ?? 0,
    // Mounts and ships are not modelled on the map yet.
    mounted: false,
    sailing: false,
    alreadyHidden: player.hidden !== undefined,
    inConsultation: player.inConsultation === true,
    invisible: player.statusEffects.invisible !== undefined,
    noInvisibilityMap: ctx.definition.restrictions?.includes("noInvisibility") === true,
  });
  switch (outcome.kind) {
    case "refused":
      if (outcome.once) tellOnce(ctx, player, outcome.message);
      else tellHide(ctx, player, outcome.message);
      return;
    case "failed":
      tellOnce(ctx, player, outcome.message);
      return;
    case "hidden": {
      const untilMs = ctx.clock.now() + outcome.durationMs;
      player.hidden = { untilMs, timer: null };
      armHiddenTimer(ctx, player);
      ctx.view.around(player.x, player.y, ctx.packets.setInvisible(player.charIndex, true, player.x, player.y));
      tellHide(ctx, player, HIDE_MESSAGE.hidden);
      raiseSkillByUse(ctx, player, SKILL.Hide as SkillId);
    }
  }
}

/** A line VB6 writes only when it is not the player's last one (`flags.UltimoMensaje`). */
function tellOnce(ctx: MapContext, player: PlayerEntity, message: number): void {
  if (player.lastHideLine === message) return;
  ctx.tell(player, MESSAGES.stealthLine(message));
  player.lastHideLine = message;
}

function tellHide(ctx: MapContext, player: PlayerEntity, message: number): void {
  ctx.tell(player, MESSAGES.stealthLine(message));
  player.lastHideLine = message;
}

interface HiddenArg {
  readonly ctx: MapContext;
  readonly player: PlayerEntity;
}

function armHiddenTimer(ctx: MapContext, player: PlayerEntity): void {
  const hidden = player.hidden;
  if (hidden === undefined) return;
  if (hidden.timer !== null) ctx.timers.cancel(hidden.timer);
  hidden.timer = ctx.timers.at(hidden.untilMs, onHiddenTimer, { ctx, player });
}

/** `DoPermanecerOculto` reached 0: "¡Has vuelto a ser visible!" (1023). */
function onHiddenTimer(_plannedMs: number, { ctx, player }: HiddenArg, id: number): void {
  if (player.hidden?.timer !== id || ctx.store.player(player.session) !== player) return;
  player.hidden.timer = null;
  endHiding(ctx, player, HIDE_MESSAGE.timeUp);
}

/** `HandleWalk`: a hidden player who is not a Thief or a Bandit comes out (307), step taken or not. */
function onActed(ctx: MapContext, player: PlayerEntity, cause: Interruption): void {
  if (cause !== "walk" || player.hidden === undefined) return;
  if (walkEndsHiding(player.record.class)) endHiding(ctx, player, HIDE_MESSAGE.visibleAgain);
}

/** Death (`LimpiarEstadosAlterados`): `SetInvisible(false)` to the area, no line. */
function onDied(ctx: MapContext, player: PlayerEntity): void {
  endHiding(ctx, player, null);
}

/** Leaving the map: the timer goes; a transfer keeps the end for `handOver`. */
function onLeaving(ctx: MapContext, player: PlayerEntity, departure: Departure): void {
  if (departure === "warp") return;
  const hidden = player.hidden;
  if (hidden?.timer != null) {
    ctx.timers.cancel(hidden.timer);
    hidden.timer = null;
  }
}

/** A player arriving hidden (a map change): its timer on this map's clock. */
function onArrived(ctx: MapContext, player: PlayerEntity): void {
  if (player.hidden !== undefined && player.hidden.timer === null) armHiddenTimer(ctx, player);
}

/**
 * The hidden state from the last map (VB6 `WarpUserChar` keeps `Oculto`), for the time it had
 * left, set before the char is created so the map view sends it hidden. **Not modelled:** a map
 * that forbids hiding ending it on arrival (VB6 `SinInviOcul`, 575): it ends at its time.
 */
function playerState(ctx: MapContext, _record: unknown, arrival: Arrival): Partial<PlayerEntity> {
  const left = arrival.handOver?.hiddenForMs;
  if (left === undefined || left <= 0) return {};
  return { hidden: { untilMs: ctx.clock.now() + left, timer: null } };
}

// ------------------------------------------------------------------ stealing

/** `WorkLeftClick(x, y, Robar)` after the checks every skill shares (systems/cursor.ts). */
export function stealAtClick(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  const safeMap = ctx.definition.safe;
  if (!safeMap) {
    // `IntervaloPermiteTrabajarExtraer`: silently nothing before the interval passed.
    const now = ctx.clock.now();
    if (now - (player.lastStealAt ?? Number.NEGATIVE_INFINITY) < STEAL_INTERVAL_MS) return;
    player.lastStealAt = now;
    lookAtTile(ctx, player, x, y);
  }
  const victim = safeMap ? null : player.targetUser;
  const present = victim !== null && ctx.store.player(victim.session) === victim ? victim : null;
  const target = present === null ? "none" : present === player ? "self" : "player";
  const v = present ?? player;
  const refusal = stealRefusal({
    safeMap,
    target,
    victimIsStaff: (v.privileges & PlayerType.User) === 0,
    victimDead: isDead(v),
    distance: manhattan(player, v),
    victimOnSafeZone: triggerAt(ctx, v.x, v.y) === TRIGGER_SAFE_ZONE,
    thiefOnSafeZone: triggerAt(ctx, player.x, player.y) === TRIGGER_SAFE_ZONE,
    arena: triggerAt(ctx, v.x, v.y) === TRIGGER_ARENA || triggerAt(ctx, player.x, player.y) === TRIGGER_ARENA,
    thiefIsCounsellor: (player.privileges & PlayerType.Consejero) !== 0,
    victimHeld: v.statusEffects.paralyzed !== undefined || v.statusEffects.immobilized !== undefined,
    victimInConsultation: v.inConsultation === true,
    thiefStatus: player.status,
    thiefSafeMode: player.safeMode,
    victimStatus: v.status,
    thiefStamina: player.record.vitals.stamina,
    thiefMale: player.record.gender === MALE,
  });
  if (refusal !== null) {
    if (refusal.bubble !== undefined) ctx.view.send(player, ctx.packets.chatOverHead(overHeadLocale(refusal.bubble), player.charIndex, COLOR_WHITE, 0, 0));
    for (const message of refusal.messages) ctx.tell(player, MESSAGES.stealthLine(message));
    if (refusal.resetCursor) ctx.view.send(player, ctx.packets.workRequestTarget(0));
    return;
  }
  steal(ctx, player, present!);
}

/** `DoRobar` past its checks: the stamina, the roll, what it took, Robar, the criminal turn. */
function steal(ctx: MapContext, thief: PlayerEntity, victim: PlayerEntity): void {
  spendStamina(ctx, thief, Math.max(0, thief.record.vitals.stamina - STEAL_STAMINA), true);
  const weaponSlot = thief.inventory.equipped.weapon;
  const weapon = weaponSlot > 0 ? ctx.items.get(slotAt(thief.inventory, weaponSlot).objectId) : undefined;
  const slots = victim.inventory.slots.flatMap((slot, index) => (slot.objectId > 0 ? [{ slot: index + 1, objectId: slot.objectId, amount: slot.amount, equipped: slot.equipped }] : []));
  const outcome = rollSteal(
    ctx.random,
    { classId: thief.record.class, level: thief.record.level, skill: thief.record.skills[SKILL.Steal - 1] ?? 0, theftGloves: weapon?.subType === THEFT_GLOVES_SUBTYPE, gold: thief.inventory.gold },
    { level: victim.record.level, gold: victim.inventory.gold, usableSlots: victim.inventory.usableSlots, slots },
    ctx.items,
  );
  if (outcome.kind !== "failed") cancelVictimTrade(ctx, victim);
  applyTheft(ctx, thief, victim, outcome);
  raiseSkillByUse(ctx, thief, SKILL.Steal as SkillId);
  if (theftTurnsCriminal(thief.status)) turnCriminal(ctx, thief);
}

/** A theft that succeeded ends the victim's trade with another player: 1037 to it, 1038 to the partner (`LimpiarComercioSeguro`). */
function cancelVictimTrade(ctx: MapContext, victim: PlayerEntity): void {
  const side = victim.peerTrade;
  if (side === null || !side.open) return;
  ctx.tell(victim, MESSAGES.stealthLine(STEAL_MESSAGE.tradeCancelledVictim));
  if (ctx.store.player(side.partner.session) === side.partner) ctx.tell(side.partner, MESSAGES.stealthLine(STEAL_MESSAGE.tradeCancelledPartner));
  endPeerTrade(ctx, victim, true, "quiet");
}

function applyTheft(ctx: MapContext, thief: PlayerEntity, victim: PlayerEntity, outcome: StealOutcome): void {
  const line = (id: number, ...params: (string | number)[]) => MESSAGES.stealthLine(id, ...params);
  switch (outcome.kind) {
    case "failed":
      ctx.tell(thief, line(STEAL_MESSAGE.failed));
      ctx.tell(victim, line(STEAL_MESSAGE.victimNoticedAttempt, thief.name));
      return;
    case "no_gold":
      ctx.tell(thief, line(STEAL_MESSAGE.victimHasNoGold, victim.name));
      return;
    case "no_items":
      ctx.tell(thief, line(STEAL_MESSAGE.victimHasNoItems, victim.name));
      return;
    case "no_item_found":
      ctx.tell(thief, line(STEAL_MESSAGE.noItemFound));
      cancelExit(ctx, victim, false);
      return;
    case "gold": {
      ctx.tell(thief, line(STEAL_MESSAGE.goldStolen, formatThousands(outcome.amount), victim.name));
      ctx.tell(victim, line(STEAL_MESSAGE.goldStolenVictim, thief.name, formatThousands(outcome.amount)));
      // VB6 `WriteUpdateGold` to both, even for 0 coins (a victim at its protected amount).
      commit(ctx, thief, { ...thief.inventory, gold: outcome.thiefGold }, [], 0);
      ctx.view.send(thief, ctx.packets.updateGold(outcome.thiefGold));
      commit(ctx, victim, { ...victim.inventory, gold: outcome.victimGold }, [], 0);
      ctx.view.send(victim, ctx.packets.updateGold(outcome.victimGold));
      return;
    }
    case "item": {
      const taken = removeFromSlot(victim.inventory, outcome.slot, outcome.amount);
      if (!taken.ok) return;
      commit(ctx, victim, taken.inventory, taken.changed, 0);
      const stack = { objectId: outcome.objectId, amount: taken.removed };
      const put = putItem(thief.inventory, stack, ctx.items);
      if (put.ok) commit(ctx, thief, put.inventory, put.changed, put.goldDelta);
      else dropAround(ctx, thief.x, thief.y, stack);
      const name = ctx.items.get(outcome.objectId)?.name ?? "";
      if (thief.record.class === StealthClass.Thief) {
        ctx.tell(thief, line(STEAL_MESSAGE.itemStolen, taken.removed, name));
        ctx.tell(victim, line(STEAL_MESSAGE.itemStolenVictim, thief.name, taken.removed, name));
      } else {
        ctx.tell(thief, line(STEAL_MESSAGE.itemPilfered, taken.removed, name));
      }
      cancelExit(ctx, victim, false);
    }
  }
}

export const stealth: MapSystem = {
  name: "stealth",
  uses: ["commerce"],
  // `HandleWork`: Robar asks for a target like Magia and Domar; Ocultarse tries at once.
  workCursors: { [STEAL]: requestTargetCursor, [HIDE]: (ctx, player) => hide(ctx, player) },
  workClicks: { [STEAL]: stealAtClick },
  hooks: { acted: onActed, died: onDied, leaving: onLeaving, arrived: onArrived },
  handOver: (ctx, player) => (player.hidden === undefined ? {} : { hiddenForMs: Math.max(0, player.hidden.untilMs - ctx.clock.now()) }),
  playerState,
};
