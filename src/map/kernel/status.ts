/**
 * Altered states and meditation as entity state (combat-and-progression §5.5, §9): storing a
 * target's states and sending their notices, meditation ending (a step, a blow, a cast, death,
 * leaving), and clearing everything at death (`LimpiarEstadosAlterados`) or when the player leaves
 * the map. Their clocks (the one timer per entity, bites and burns) are kernel/status-clock.ts,
 * which sits above death; the `Meditate` packet and its ticks are the status system's.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import {
  meditationBrokenByHit,
  nextStatusEventMs,
  NO_STATUS_EFFECTS,
  removeEffects,
  type BaseAttributes,
  type StatusEffects,
  type StatusKind,
  type StatusNotice,
  type StatusSubject,
} from "../../game/spells/index.ts";
import { SECOND_TICK_MS } from "../../game/vitals/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { isDead } from "./vitals.ts";

/** A player or an NPC: both carry states. */
export type StatusTarget = PlayerEntity | NpcEntity;

/** Every state, in VB6's `LimpiarEstadosAlterados` order for those it names, then the rest. */
const ALL_KINDS: readonly StatusKind[] = [
  "paralyzed",
  "immobilized",
  "dumb",
  "invisible",
  "poisoned",
  "incinerated",
  "blind",
  "cursed",
  "speed",
  "attributeBoost",
  "paralysisImmunity",
];
/** The states `LimpiarEstadosAlterados` turns off before the meditation, and after it. */
const DEATH_KINDS_BEFORE_MEDITATION: readonly StatusKind[] = ["paralyzed", "immobilized", "dumb"];
const DEATH_KINDS_AFTER_MEDITATION: readonly StatusKind[] = ALL_KINDS.filter((kind) => !DEATH_KINDS_BEFORE_MEDITATION.includes(kind));
/** `UserAtributos(Inteligencia)` in the record's attribute order (STR, AGI, INT, CHA, CON). */
const INTELLIGENCE = 2;

/**
 * Stores the target's new states and sends their notices (to the player itself and/or everyone
 * who sees it, as each notice says). Its timer is not re-armed here (kernel/status-clock.ts
 * `setStatus` does that); a target left with nothing timed loses its timer.
 */
export function storeStatus(ctx: MapContext, target: StatusTarget, status: StatusEffects, notices: readonly StatusNotice[]): void {
  target.statusEffects = status;
  sendNotices(ctx, target, notices);
  if (nextStatusEventMs(status) === null) cancelStatusTimer(ctx, target);
}

/** Forgets the target's status timer, if any. */
export function cancelStatusTimer(ctx: MapContext, target: StatusTarget): void {
  if (target.statusTimer === null) return;
  ctx.timers.cancel(target.statusTimer.id);
  target.statusTimer = null;
}

// ------------------------------------------------------------------ meditation

/** Ends the player's meditation if it is on: the FX off for everyone who sees it (VB6 sends no position). */
export function stopMeditating(ctx: MapContext, player: PlayerEntity): void {
  if (player.meditation === null) return;
  endMeditation(ctx, player);
  ctx.view.around(player.x, player.y, ctx.packets.meditateToggle(player.charIndex, 0));
}

/** Forgets a meditation without a word: its timer and the FX on the char. */
export function endMeditation(ctx: MapContext, player: PlayerEntity): void {
  if (player.meditation === null) return;
  ctx.timers.cancel(player.meditation.timer);
  player.meditation = null;
  player.fx = 0;
}

/**
 * An NPC's blow landed on a meditating player (`NpcDamage`): the meditation ends when the damage
 * beats what the player's HP, intelligence and Meditar hold (one draw). Call after the HP fell.
 */
export function npcHitMeditator(ctx: MapContext, player: PlayerEntity, damage: number): void {
  if (player.meditation === null || isDead(player)) return;
  const { record } = player;
  const broken = meditationBrokenByHit(ctx.random, {
    damage,
    hp: record.vitals.hp,
    intelligence: record.attributes[INTELLIGENCE] ?? 0,
    meditateSkill: record.skills[SKILL.Meditate - 1] ?? 0,
  });
  if (broken) stopMeditating(ctx, player);
}

// ------------------------------------------------------------------ death, leaving, unloading

/**
 * `LimpiarEstadosAlterados` at death: every state ends (VB6 tells `ParalizeOK`,
 * `InmovilizadoOK`, `DumbNoMore`, the meditation off, `SetInvisible` false; we also end
 * blindness and boosts, with their packets, since a ghost keeps none) and no timer is left.
 */
export function clearStatusOnDeath(ctx: MapContext, player: PlayerEntity): void {
  const now = ctx.clock.now();
  const subject = statusSubjectOf(player);
  const first = removeEffects(player.statusEffects, DEATH_KINDS_BEFORE_MEDITATION, now, subject, "death", baseAttributesOf(player));
  player.statusEffects = first.effects;
  sendNotices(ctx, player, first.notices);
  if (player.meditation !== null) {
    endMeditation(ctx, player);
    ctx.view.around(player.x, player.y, ctx.packets.meditateToggle(player.charIndex, 0, player.x, player.y));
  }
  const rest = removeEffects(player.statusEffects, DEATH_KINDS_AFTER_MEDITATION, now, subject, "death", baseAttributesOf(player));
  // The death of an invisible player is no "you are visible again" (Msg307) and no counters: only the area's SetInvisible.
  storeStatus(
    ctx,
    player,
    rest.effects,
    rest.notices.filter((notice) => notice.packet !== "LocaleMsg" && notice.packet !== "Contadores"),
  );
}

/**
 * The player leaves the map (a logout, or a transfer that carries the states along to the next
 * map: kernel/presence.ts): its meditation ends and nothing of its states stays here, silently.
 */
export function statusLeavesMap(ctx: MapContext, player: PlayerEntity): void {
  endMeditation(ctx, player);
  player.statusEffects = NO_STATUS_EFFECTS;
  cancelStatusTimer(ctx, player);
}

/** The map is unloading: no status or meditation timer of it may fire afterwards. */
export function disposeStatus(ctx: MapContext): void {
  for (const npc of ctx.store.npcs()) cancelStatusTimer(ctx, npc);
  for (const player of ctx.store.players()) {
    cancelStatusTimer(ctx, player);
    endMeditation(ctx, player);
  }
}

// ------------------------------------------------------------------ notices

export function sendNotices(ctx: MapContext, target: StatusTarget, notices: readonly StatusNotice[]): void {
  for (const notice of notices) {
    if (notice.to === "area") {
      // The invisibility ending on a player still under Ocultarse leaves its char hidden (VB6 `EfectoInvisibilidad`: `If .flags.Oculto = 0`).
      if (!notice.invisible && target.kind === "player" && target.hidden !== undefined) continue;
      ctx.view.around(target.x, target.y, ctx.packets.setInvisible(target.charIndex, notice.invisible, target.x, target.y));
    } else if (target.kind === "player") {
      sendSelfNotice(ctx, target, notice);
    }
  }
}

function sendSelfNotice(ctx: MapContext, player: PlayerEntity, notice: Extract<StatusNotice, { to: "self" }>): void {
  const { view, packets } = ctx;
  switch (notice.packet) {
    case "ParalizeOK":
      view.send(player, packets.paralizeOk());
      return;
    case "InmovilizadoOK":
      view.send(player, packets.inmovilizadoOk());
      return;
    case "PosUpdate":
      view.send(player, packets.posUpdate(player.x, player.y));
      return;
    case "Blind":
      view.send(player, packets.blind());
      return;
    case "BlindNoMore":
      view.send(player, packets.blindNoMore());
      return;
    case "Dumb":
      view.send(player, packets.dumb());
      return;
    case "DumbNoMore":
      view.send(player, packets.dumbNoMore());
      return;
    case "Contadores":
      view.send(player, packets.contadores(secondsLeft(player, "invisible", ctx), secondsLeft(player, "attributeBoost", ctx)));
      return;
    case "FYA":
      view.send(player, packets.fya(notice.strength, notice.agility, secondsLeft(player, "attributeBoost", ctx)));
      return;
    case "LocaleMsg":
      ctx.tell(player, MESSAGES.statusNotice(notice.messageId));
      return;
    case "SpeedChanged":
      // The walking speed is not modelled on the map yet (`SpeedToChar`): nothing to recompute.
      return;
  }
}

/**
 * The counter VB6 sends for a timed state (0 when off or untimed): `Counters.Invisibilidad` ends
 * on the tick after it reaches 0 (`secondsCounterMs`, one second more than it says), while
 * `DuracionEfecto` ends at 0 (`potionTimerMs`).
 */
function secondsLeft(player: PlayerEntity, kind: "invisible" | "attributeBoost", ctx: MapContext): number {
  const until = player.statusEffects[kind]?.untilMs;
  if (until === undefined || until === null) return 0;
  const seconds = Math.ceil((until - ctx.clock.now()) / SECOND_TICK_MS);
  return Math.max(0, kind === "invisible" ? seconds - 1 : seconds);
}

/** A player as the state rules read it. */
export function statusSubjectOf(player: PlayerEntity): StatusSubject {
  return { kind: "user", classId: player.record.class };
}

/** The record's STR and AGI: what a boost falls back to. */
export function baseAttributesOf(player: PlayerEntity): BaseAttributes {
  return { strength: player.record.attributes[0] ?? 0, agility: player.record.attributes[1] ?? 0 };
}
