/**
 * What altered states stop a player doing, and meditation (combat-and-progression §5.5, §9). The
 * states themselves, their clocks and what ends a meditation are the kernel's (kernel/status.ts,
 * kernel/status-clock.ts, kernel/interrupts.ts); this system answers the `Meditate` packet, runs
 * a meditation's mana ticks, and vetoes the walks and turns a held player may not make.
 *
 * Meditation is one repeating timer per meditating player: the first mana after the warm-up
 * (`meditationFirstTickMs`, 21 game ticks), then every `meditationTickMs` (10), cancelled when
 * it stops (full mana, walking, attacking, a click to cast or shoot, being hit, death, leaving).
 *
 * VB6 sources: `Protocol.bas` HandleWalk, HandleChange_Heading, HandleMeditate;
 * `modGameEvents.bas` DoMeditar.
 */
import { MESSAGES, REPEATED_LINE_INTERVAL_MS } from "../../game/messages/index.ts";
import type { SkillId } from "../../game/progression/index.ts";
import { canMove, hasEffect, meditationTick, toggleMeditation } from "../../game/spells/index.ts";
import { AO20_VITALS_INTERVALS, type MeditationRates } from "../../game/vitals/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { TimerId } from "../../time/index.ts";
import { endMeditation, isDead, raiseSkillByUse, writeVitals, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/** The two "you cannot move, you are paralysed" lines are said again only after this long (VB6 `UltimoMensaje`). */
export const HELD_WALK_MESSAGE_REPEAT_MS = REPEATED_LINE_INTERVAL_MS;
/** A world without Balance.dat: `PorcentajeRecuperoMana` and the rest 0, so each tick gives VB6's minimum of 1. */
const NO_MEDITATION_RATES: MeditationRates = { manaRecoveryPercent: 0, recoveryMana: 0, manaPerSkillMultiplier: 0 };

// ------------------------------------------------------------------ what a held player may not do

/**
 * A `Walk` of a paralysed or immobilised player (VB6 `HandleWalk`, `CanMove` false): refused
 * like a blocked step with `PosUpdate`, after Msg1123 and Msg54 unless said in the last 3 s.
 * False (the veto) when the walk was refused.
 */
export function mayWalk(ctx: MapContext, player: PlayerEntity): boolean {
  const now = ctx.clock.now();
  if (canMove(player.statusEffects, now)) return true;
  const { view, packets } = ctx;
  if (now - player.heldWalkToldAt >= HELD_WALK_MESSAGE_REPEAT_MS) {
    player.heldWalkToldAt = now;
    ctx.tell(player, MESSAGES.paralyzed());
    ctx.tell(player, MESSAGES.cannotMoveParalyzed());
  }
  ctx.stats.movesRefused++;
  view.send(player, packets.posUpdate(player.x, player.y));
  return false;
}

/** A paralysed player does not turn (`HandleChange_Heading`); an immobilised one does. */
export function mayTurn(ctx: MapContext, player: PlayerEntity): boolean {
  return !hasEffect(player.statusEffects, "paralyzed", ctx.clock.now());
}

// ------------------------------------------------------------------ meditation

/**
 * `Meditate` (client packet 48, also `/MEDITAR`), VB6 `HandleMeditate`: at full mana or for a
 * class that does not meditate nothing happens; a ghost hears Msg77; otherwise it toggles, with
 * the FX of its level for everyone who sees it (`MeditateToggle`, with the position).
 */
export function meditate(ctx: MapContext, player: PlayerEntity): void {
  const now = ctx.clock.now();
  const { record } = player;
  const toggle = toggleMeditation(
    {
      classId: record.class,
      level: record.level,
      factionStatus: player.status,
      dead: isDead(player),
      mounted: false,
      mana: record.vitals.mana,
      maxMana: record.vitals.maxMana,
      meditating: player.meditation !== null,
    },
    now,
    AO20_VITALS_INTERVALS,
  );
  const { view, packets } = ctx;
  switch (toggle.kind) {
    case "ignored":
      return;
    case "refused":
      ctx.tell(player, MESSAGES.ruleLine(toggle.message, FontIndex.Info));
      return;
    case "stopped":
      endMeditation(ctx, player);
      view.around(player.x, player.y, packets.meditateToggle(player.charIndex, 0, player.x, player.y));
      return;
    case "started": {
      ctx.magicStats.current.meditationsStarted++;
      const timer = ctx.timers.every(toggle.firstTickAtMs, onMeditationTick, { ctx, player }, () => toggle.tickMs);
      player.meditation = { fx: toggle.fx, timer };
      player.fx = toggle.fx;
      view.around(player.x, player.y, packets.meditateToggle(player.charIndex, toggle.fx, player.x, player.y));
      return;
    }
  }
}

interface MeditationArg {
  readonly ctx: MapContext;
  readonly player: PlayerEntity;
}

/** `DoMeditar` when due: the mana, `UpdateMana`, Meditar may rise, and at full mana the FX off. */
function onMeditationTick(_plannedMs: number, { ctx, player }: MeditationArg, id: TimerId): void {
  if (player.meditation?.timer !== id || ctx.store.player(player.session) !== player || isDead(player)) {
    ctx.timers.cancel(id);
    return;
  }
  ctx.magicStats.current.meditationTicks++;
  const vitals = player.record.vitals;
  const tick = meditationTick({ mana: vitals.mana, maxMana: vitals.maxMana, skills: player.record.skills }, meditationRates(ctx));
  writeVitals(player, { mana: tick.manaAfter });
  if (tick.finished) endMeditation(ctx, player);
  ctx.view.send(player, ctx.packets.updateMana(tick.manaAfter));
  for (const use of tick.skillUses) raiseSkillByUse(ctx, player, use.skill as SkillId);
  if (tick.finished) ctx.view.around(player.x, player.y, ctx.packets.meditateToggle(player.charIndex, 0));
}

function meditationRates(ctx: MapContext): MeditationRates {
  const globals = ctx.tables?.balance?.globals;
  if (!globals) return NO_MEDITATION_RATES;
  return { manaRecoveryPercent: globals.manaRecoveryPercent, recoveryMana: globals.recoveryMana, manaPerSkillMultiplier: globals.manaPerSkillMultiplier };
}

export const status: MapSystem = {
  name: "status",
  packets: { Meditate: meditate },
  hooks: { mayWalk, mayTurn },
  playerState: () => ({ heldWalkToldAt: Number.NEGATIVE_INFINITY }),
};
