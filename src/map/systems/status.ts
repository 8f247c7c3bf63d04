/**
 * Altered states and meditation on a map (combat-and-progression §5.5, §9): the states a spell,
 * a blow or a cure leaves on a player or an NPC (`setStatus`), their end, the poison's bites and
 * the fire's burns, what a held player may not do, and meditation (the `Meditate` packet, its mana
 * ticks, what interrupts it). The rules are pure (`game/spells`: `applyEffect`, `expireEffects`,
 * `tickPoison`, `toggleMeditation`, …); this system keeps their outcome on the entity, sends what
 * they say and runs their clocks.
 *
 * Scheduling: ONE timer per entity WITH states, at `nextStatusEventMs` (the earliest expiry, bite
 * or burn), re-armed after each event and whenever `setStatus` changes the states; none for the
 * rest. A sweep like vitals' would visit every player and NPC of a map every second to find the
 * few with a state, and would end a 15 s paralysis up to a second late; a per-entity timer costs
 * one O(1) insert and cancel on the worker's wheel per change and fires exactly when something is
 * due (thousands of poisoned players: one timer each, firing every 3.64 s). An NPC's states tick
 * even on a map nobody is on (VB6 counts them on the AI tick, only with users there).
 *
 * Meditation is one repeating timer per meditating player: the first mana after the warm-up
 * (`meditationFirstTickMs`, 21 game ticks), then every `meditationTickMs` (10), cancelled when
 * it stops (full mana, walking, attacking, a click to cast or shoot, being hit, death, leaving).
 *
 * VB6 sources: `General.bas` PasarSegundo (EfectoParalisisUser, EfectoInmoUser, EfectoCeguera,
 * EfectoEstupidez, EfectoInvisibilidad, EfectoMaldicionUser), `modGameEvents.bas`
 * MaybeRunGameEvents (EfectoVeneno, EfectoIncineramiento, DoMeditar), `Protocol.bas` HandleWalk,
 * HandleChange_Heading, HandleMeditate, HandleAttack, HandleWorkLeftClick, `SistemaCombate.bas`
 * NpcDamage, UsuarioAtacadoPorUsuario, `Modulo_UsUaRiOs.bas` LimpiarEstadosAlterados.
 */
import { SKILL, formatThousands, type SkillId } from "../../game/progression/index.ts";
import {
  canMove,
  expireEffects,
  hasEffect,
  meditationBrokenByHit,
  meditationTick,
  nextStatusEventMs,
  NO_STATUS_EFFECTS,
  removeEffects,
  SPELL_MESSAGE,
  tickIncineration,
  tickPoison,
  toggleMeditation,
  type BaseAttributes,
  type Burn,
  type PoisonBite,
  type StatusEffects,
  type StatusKind,
  type StatusNotice,
  type StatusSubject,
} from "../../game/spells/index.ts";
import { AO20_VITALS_INTERVALS, SECOND_TICK_MS, type MeditationRates } from "../../game/vitals/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { TimerId } from "../../time/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { isDead, playerDies } from "./death.ts";
import { cancelQuit } from "./logout.ts";
import { raiseSkillByUse } from "./progression.ts";
import { setPlayerHp } from "./combat.ts";

/** Msg1123 and Msg54: "you cannot move, you are paralysed" (HandleWalk, both lines). */
export const HELD_WALK_MESSAGES: readonly number[] = [1123, 54];
/**
 * VB6 repeats a de-duplicated message (`UltimoMensaje`) once `PasarSegundo` has counted 3 seconds
 * since it was said.
 */
export const HELD_WALK_MESSAGE_REPEAT_MS = 3 * SECOND_TICK_MS;
/** `FONTTYPE_New_Amarillo_Oscuro`: the curse is over (Msg518, `EfectoMaldicionUser`). */
const FONT_DARK_YELLOW = 30;
/** Fonts of the locale lines the states send when they end (default `FONTTYPE_INFO`). */
const NOTICE_FONTS: Readonly<Record<number, number>> = { [SPELL_MESSAGE.curseEnded]: FONT_DARK_YELLOW };
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
/** A world without Balance.dat: `PorcentajeRecuperoMana` and the rest 0, so each tick gives VB6's minimum of 1. */
const NO_MEDITATION_RATES: MeditationRates = { manaRecoveryPercent: 0, recoveryMana: 0, manaPerSkillMultiplier: 0 };

type Target = PlayerEntity | NpcEntity;

// ------------------------------------------------------------------ the contract of the casters

/**
 * Stores the target's new states (the full `StatusEffects` a resolver returned), sends the
 * notices (to the player itself and/or everyone who sees it, as each notice says) and
 * (re)schedules its next expiry, bite or burn. NPCs have no "self": only area notices reach
 * their viewers.
 */
export function setStatus(ctx: MapContext, target: Target, status: StatusEffects, notices: readonly StatusNotice[]): void {
  target.statusEffects = status;
  sendNotices(ctx, target, notices);
  schedule(ctx, target);
}

/** Ends the player's meditation if it is on: the FX off for everyone who sees it (VB6 sends no position). */
export function stopMeditating(ctx: MapContext, player: PlayerEntity): void {
  if (player.meditation === null) return;
  endMeditation(ctx, player);
  ctx.view.around(player.x, player.y, ctx.packets.meditateToggle(player.charIndex, 0));
}

// ------------------------------------------------------------------ what a held player may not do

/**
 * A `Walk` of a paralysed or immobilised player (VB6 `HandleWalk`, `CanMove` false): refused
 * like a blocked step with `PosUpdate`, after Msg1123 and Msg54 unless said in the last 3 s.
 * True when the walk was refused.
 */
export function refuseHeldWalk(ctx: MapContext, player: PlayerEntity): boolean {
  const now = ctx.clock.now();
  if (canMove(player.statusEffects, now)) return false;
  const { view, packets } = ctx;
  if (now - player.heldWalkToldAt >= HELD_WALK_MESSAGE_REPEAT_MS) {
    player.heldWalkToldAt = now;
    for (const id of HELD_WALK_MESSAGES) view.send(player, packets.localeMsg(id, "", FontIndex.Info));
  }
  ctx.stats.movesRefused++;
  view.send(player, packets.posUpdate(player.x, player.y));
  return true;
}

/** A paralysed player does not turn (`HandleChange_Heading`); an immobilised one does. */
export function mayTurn(ctx: MapContext, player: PlayerEntity): boolean {
  return !hasEffect(player.statusEffects, "paralyzed", ctx.clock.now());
}

// ------------------------------------------------------------------ death, leaving, unloading

/**
 * `LimpiarEstadosAlterados` at death: every state ends (VB6 tells `ParalizeOK`,
 * `InmovilizadoOK`, `DumbNoMore`, the meditation off, `SetInvisible` false; we also end
 * blindness and boosts, with their packets, since a ghost keeps none) and no timer is left.
 */
export function clearStatusOnDeath(ctx: MapContext, player: PlayerEntity): void {
  const now = ctx.clock.now();
  const subject = subjectOf(player);
  const first = removeEffects(player.statusEffects, DEATH_KINDS_BEFORE_MEDITATION, now, subject, "death", baseOf(player));
  player.statusEffects = first.effects;
  sendNotices(ctx, player, first.notices);
  if (player.meditation !== null) {
    endMeditation(ctx, player);
    ctx.view.around(player.x, player.y, ctx.packets.meditateToggle(player.charIndex, 0, player.x, player.y));
  }
  const rest = removeEffects(player.statusEffects, DEATH_KINDS_AFTER_MEDITATION, now, subject, "death", baseOf(player));
  // The death of an invisible player is no "you are visible again" (Msg307) and no counters: only the area's SetInvisible.
  setStatus(
    ctx,
    player,
    rest.effects,
    rest.notices.filter((notice) => notice.packet !== "LocaleMsg" && notice.packet !== "Contadores"),
  );
}

/**
 * The player leaves the map (a logout, or a transfer that carries the states along to the next
 * map: systems/presence.ts): its meditation ends and nothing of its states stays here, silently.
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
      view.send(player, packets.localeMsg(toggle.message, "", FontIndex.Info));
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

/** `UserAtributos(Inteligencia)` in the record's attribute order (STR, AGI, INT, CHA, CON). */
const INTELLIGENCE = 2;

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
  player.record.vitals = { ...vitals, mana: tick.manaAfter };
  player.minMana = tick.manaAfter;
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

/** Forgets a meditation without a word: its timer and the FX on the char. */
function endMeditation(ctx: MapContext, player: PlayerEntity): void {
  if (player.meditation === null) return;
  ctx.timers.cancel(player.meditation.timer);
  player.meditation = null;
  player.fx = 0;
}

// ------------------------------------------------------------------ the status timer

interface StatusArg {
  readonly ctx: MapContext;
  readonly target: Target;
}

/** Arms the target's one timer at its next event, or none; an unchanged deadline keeps the timer. */
function schedule(ctx: MapContext, target: Target): void {
  const at = nextStatusEventMs(target.statusEffects);
  const current = target.statusTimer;
  if (current !== null && current.at === at && ctx.timers.isPending(current.id)) return;
  cancelStatusTimer(ctx, target);
  if (at === null) return;
  ctx.magicStats.current.statusTimersArmed++;
  target.statusTimer = { at, id: ctx.timers.at(at, onStatusTimer, { ctx, target }) };
}

function cancelStatusTimer(ctx: MapContext, target: Target): void {
  if (target.statusTimer === null) return;
  ctx.timers.cancel(target.statusTimer.id);
  target.statusTimer = null;
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
  const expiry = expireEffects(player.statusEffects, now, subjectOf(player), baseOf(player));
  setStatus(ctx, player, expiry.effects, expiry.notices);
}

/**
 * One bite (`EfectoVeneno`): a pending logout stops; Msg47 in the poison font, the gas on the char
 * for the area, Msg390 with the damage, `UpdateHP`; at 0 HP the player dies. True when it died.
 */
function poisonBites(ctx: MapContext, player: PlayerEntity, bite: PoisonBite): boolean {
  const { view, packets } = ctx;
  cancelQuit(ctx, player);
  const [warning, damageLine] = bite.messages;
  if (warning !== undefined) view.send(player, packets.localeMsg(warning, "", FontIndex.Poison));
  view.around(player.x, player.y, packets.particleFx(player.charIndex, bite.particle, bite.particleTime, false, player.x, player.y));
  if (damageLine !== undefined) view.send(player, packets.localeMsg(damageLine, formatThousands(bite.damage), FontIndex.Fight));
  return hurt(ctx, player, bite.damage);
}

/** One burn (`EfectoIncineramiento`): Msg392, FX 73 on the char for the area, Msg391 with the damage, `UpdateHP`, maybe death. */
function fireBurns(ctx: MapContext, player: PlayerEntity, burn: Burn): boolean {
  const { view, packets } = ctx;
  const [warning, damageLine] = burn.messages;
  if (warning !== undefined) view.send(player, packets.localeMsg(warning, "", FontIndex.Fight));
  view.around(player.x, player.y, packets.createFx(player.charIndex, burn.fx, 0));
  if (damageLine !== undefined) view.send(player, packets.localeMsg(damageLine, formatThousands(burn.damage), FontIndex.Fight));
  return hurt(ctx, player, burn.damage);
}

/** `ModifyHealth(-damage)` (`UpdateHP`), then `UserDie` at 0, through combat's and death's own paths. */
function hurt(ctx: MapContext, player: PlayerEntity, damage: number): boolean {
  const hp = Math.max(0, player.record.vitals.hp - damage);
  setPlayerHp(ctx, player, hp);
  if (hp > 0) return false;
  playerDies(ctx, player);
  return true;
}

// ------------------------------------------------------------------ notices

function sendNotices(ctx: MapContext, target: Target, notices: readonly StatusNotice[]): void {
  for (const notice of notices) {
    if (notice.to === "area") {
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
      view.send(player, packets.localeMsg(notice.messageId, "", NOTICE_FONTS[notice.messageId] ?? FontIndex.Info));
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

function subjectOf(player: PlayerEntity): StatusSubject {
  return { kind: "user", classId: player.record.class };
}

/** The record's STR and AGI: what a boost falls back to. */
function baseOf(player: PlayerEntity): BaseAttributes {
  return { strength: player.record.attributes[0] ?? 0, agility: player.record.attributes[1] ?? 0 };
}
