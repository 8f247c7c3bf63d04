/**
 * A character's or an NPC's altered states (§5.5) as plain data with expiry timestamps, so a map
 * can keep them in its entity store and schedule one timer per character (`nextExpiryMs`).
 * VB6 counts these states down on its one-second tick (users) or AI tick (NPCs); here the
 * counter becomes an instant in ms of the map's clock, computed by the `…Ms` helpers below with
 * the same arithmetic. Applying, removing and expiring a state answer with what the affected
 * player and the viewers around must be told, as `StatusNotice` values named after the packets.
 */
import { counterPeriodMs } from "../vitals/index.ts";
import {
  BOOST_CAP_FACTOR,
  GAME_TICK_MS,
  INCINERATION_INTERVAL_TICKS,
  NPC_AI_TICK_MS,
  PARALYSIS_IMMUNITY_AFTER_REMOVAL_SECONDS,
  PARALYSIS_IMMUNITY_SECONDS,
  POISON_INTERVAL_TICKS,
  SECOND_TICK_MS,
  SPELL_MESSAGE,
  SpellClass,
} from "./constants.ts";

/** The altered states the spells give or take away. */
export type StatusKind =
  | "paralyzed" // Paralizado: cannot move, turn or attack by melee
  | "immobilized" // Inmovilizado: cannot move
  | "blind" // Ceguera
  | "dumb" // Estupidez
  | "invisible" // invisible
  | "poisoned" // Envenenado: never expires, bites every 91 game ticks
  | "incinerated" // Incinerado
  | "cursed" // Maldicion: cannot attack users
  | "speed" // VelocidadHechizada: a walking-speed multiplier
  | "attributeBoost" // TomoPocion / DuracionEfecto: AGI and STR changed by a spell
  | "paralysisImmunity"; // TiempoDeInmunidadParalisisNoMagicas

/** One active state. `untilMs` is when it ends (null: only a cure or death ends it). */
export type StatusEntry =
  | { readonly kind: "paralyzed" | "immobilized" | "blind" | "dumb" | "invisible" | "cursed" | "paralysisImmunity"; readonly untilMs: number | null }
  | {
      readonly kind: "poisoned";
      readonly untilMs: null;
      /** `Envenena` of the spell (or the NPC's `Veneno`). */
      readonly level: number;
      /** When the next bite lands, then every `POISON_BITE_PERIOD_MS`; null for NPCs (nothing bites them). */
      readonly nextBiteAtMs: number | null;
    }
  | {
      readonly kind: "incinerated";
      readonly untilMs: number;
      /** When each burn lands (`IntervaloFuego \ 4` ticks apart). */
      readonly burnsAtMs: readonly number[];
    }
  | { readonly kind: "speed"; readonly untilMs: number; readonly multiplier: number }
  | {
      readonly kind: "attributeBoost";
      /** Null when the spell's `Duration` is 0: VB6's potion timer then never runs out. */
      readonly untilMs: number | null;
      /** The attributes while the boost lasts (the record keeps the base ones). */
      readonly strength: number;
      readonly agility: number;
    };

/** Everything a character or NPC suffers now, by kind (at most one of each). Plain data. */
export type StatusEffects = Readonly<Partial<{ [K in StatusKind]: StatusEntry & { readonly kind: K } }>>;

/** No altered state; also what death leaves (§8.1 `LimpiarEstadosAlterados` clears them all, immunity included). */
export const NO_STATUS_EFFECTS: StatusEffects = Object.freeze({});

/** Who bears the states: expiry rules differ for users (by class) and NPCs. */
export type StatusSubject = { readonly kind: "user"; readonly classId: number } | { readonly kind: "npc" };

/**
 * What the affected player (`self`) or everyone who sees the character (`area`) must be told,
 * named after the server packet (`LocaleMsg` carries `messageId`; `SetInvisible` its flag;
 * `FYA` the attributes; `SpeedChanged` means "recompute and send the walking speed").
 */
export type StatusNotice =
  | { readonly to: "self"; readonly packet: "ParalizeOK" | "InmovilizadoOK" | "PosUpdate" | "Blind" | "BlindNoMore" | "Dumb" | "DumbNoMore" | "Contadores" }
  | { readonly to: "self"; readonly packet: "FYA"; readonly strength: number; readonly agility: number }
  | { readonly to: "self"; readonly packet: "LocaleMsg"; readonly messageId: number }
  | { readonly to: "self"; readonly packet: "SpeedChanged" }
  | { readonly to: "area"; readonly packet: "SetInvisible"; readonly invisible: boolean };

// ------------------------------------------------------------------ durations (§1, §5.5)

/**
 * A one-second counter of `n` (`If counter > 0 Then counter -= 1 Else end`): the state ends on
 * the tick after the counter reaches 0, n + 1 ticks after it was set. §5.5.
 */
export function secondsCounterMs(n: number): number {
  return counterPeriodMs(Math.max(0, n), SECOND_TICK_MS);
}

/** An NPC AI-tick counter of `ticks` (same idiom on the AI tick): (ticks + 1) AI ticks. §5.5. */
export function npcTicksCounterMs(ticks: number, aiTickMs: number = NPC_AI_TICK_MS): number {
  return counterPeriodMs(Math.max(0, ticks), aiTickMs);
}

/** `DuracionEfecto` (decrement, then end at exactly 0): `n` seconds; 0 never ends. §5.4. */
export function potionTimerMs(n: number): number | null {
  return n > 0 ? n * SECOND_TICK_MS : null;
}

/** A counter that protects while it is above 0 (`TiempoDeInmunidad…`): exactly `n` seconds. §5.5. */
export function immunityMs(n: number): number {
  return Math.max(0, n) * SECOND_TICK_MS;
}

/** Poison bites every `IntervaloVeneno + 1` game ticks: 91 × 40 = 3640 ms. §1.1, §5.5. */
export const POISON_BITE_PERIOD_MS = counterPeriodMs(POISON_INTERVAL_TICKS, GAME_TICK_MS);

/**
 * When the first bite lands after `Counters.Veneno = start` (a spell's `Duration`; 0 for other
 * sources): the counter climbs to `IntervaloVeneno`, then bites on the next tick. §5.5.
 */
export function firstPoisonBiteMs(start: number): number {
  return (Math.max(0, POISON_INTERVAL_TICKS - Math.max(0, start)) + 1) * GAME_TICK_MS;
}

/**
 * Incineration from counter `start` (0 for `Tipo 2`, 1 for a combined spell): one burn whenever
 * `counter mod (IntervaloFuego \ 4) = 0`, the counter +1 per game tick, over once it passes
 * `IntervaloFuego`. Offsets in ms from now; 5 burns from 0, 4 from 1. §5.5.
 */
export function incinerationSchedule(start: number, intervalTicks: number = INCINERATION_INTERVAL_TICKS): { burnsAfterMs: number[]; endsAfterMs: number } {
  const every = Math.trunc(intervalTicks / 4);
  const burnsAfterMs: number[] = [];
  let tick = 0;
  for (let counter = start; counter <= intervalTicks; counter++, tick++) {
    if (every > 0 && counter % every === 0) burnsAfterMs.push((tick + 1) * GAME_TICK_MS);
  }
  return { burnsAfterMs, endsAfterMs: tick * GAME_TICK_MS };
}

// ------------------------------------------------------------------ applying and removing

/** A state to put on, as the spell rules describe it (the timestamp comes from `applyEffect`). */
export type StatusApplication =
  | { readonly kind: "paralyzed" | "immobilized" | "blind" | "dumb" | "invisible" | "cursed" | "paralysisImmunity"; readonly durationMs: number | null }
  | { readonly kind: "poisoned"; readonly level: number; readonly firstBiteMs: number | null }
  | { readonly kind: "incinerated"; readonly start: number }
  | { readonly kind: "speed"; readonly durationMs: number; readonly multiplier: number }
  | { readonly kind: "attributeBoost"; readonly durationMs: number | null; readonly strength: number; readonly agility: number };

export interface StatusChange {
  readonly effects: StatusEffects;
  readonly notices: readonly StatusNotice[];
}

function isUser(subject: StatusSubject): boolean {
  return subject.kind === "user";
}

/** What switching a state on tells the player and the viewers (§5.5 table, "On users"). */
function onNotices(application: StatusApplication, was: StatusEntry | undefined): StatusNotice[] {
  switch (application.kind) {
    case "paralyzed":
      // `eParalizeOK` toggles the client's flag: sent only when the state starts.
      return was === undefined ? [{ to: "self", packet: "ParalizeOK" }, { to: "self", packet: "PosUpdate" }] : [];
    case "immobilized":
      return [{ to: "self", packet: "InmovilizadoOK" }, { to: "self", packet: "PosUpdate" }];
    case "blind":
      return [{ to: "self", packet: "Blind" }];
    case "dumb":
      return [{ to: "self", packet: "Dumb" }];
    case "invisible":
      return [{ to: "self", packet: "Contadores" }, { to: "area", packet: "SetInvisible", invisible: true }];
    case "speed":
      return was === undefined ? [{ to: "self", packet: "SpeedChanged" }] : [];
    case "attributeBoost":
      return [{ to: "self", packet: "FYA", strength: application.strength, agility: application.agility }];
    default:
      return [];
  }
}

/**
 * Puts a state on at `nowMs` (replacing the same kind) and says who must be told. Rules of
 * each spell (who may be paralysed, whether an invisibility counter is reset) live in the
 * spell resolutions; this only records the outcome. NPC states tell nobody.
 */
export function applyEffect(effects: StatusEffects, application: StatusApplication, nowMs: number, subject: StatusSubject = { kind: "npc" }): StatusChange {
  const was = effects[application.kind];
  let entry: StatusEntry;
  switch (application.kind) {
    case "poisoned":
      entry = { kind: "poisoned", untilMs: null, level: application.level, nextBiteAtMs: application.firstBiteMs === null ? null : nowMs + application.firstBiteMs };
      break;
    case "incinerated": {
      const schedule = incinerationSchedule(application.start);
      entry = { kind: "incinerated", untilMs: nowMs + schedule.endsAfterMs, burnsAtMs: schedule.burnsAfterMs.map((ms) => nowMs + ms) };
      break;
    }
    case "speed":
      entry = { kind: "speed", untilMs: nowMs + application.durationMs, multiplier: application.multiplier };
      break;
    case "attributeBoost":
      entry = {
        kind: "attributeBoost",
        untilMs: application.durationMs === null ? null : nowMs + application.durationMs,
        strength: application.strength,
        agility: application.agility,
      };
      break;
    default:
      entry = { kind: application.kind, untilMs: application.durationMs === null ? null : nowMs + application.durationMs };
  }
  const next = { ...effects, [application.kind]: entry } as StatusEffects;
  return { effects: next, notices: isUser(subject) ? onNotices(application, was) : [] };
}

/** Why a state goes away: its time ran out, a spell removed it, or the bearer died. */
export type StatusEnd = "expired" | "removed" | "death";

/**
 * The immunity (ms) a Warrior, Thief or Pirate gets when a paralysis or immobilisation ends
 * (§5.5). Running out sets the counter to 3 inside `PasarSegundo`, which counts it down in the
 * same pass: 2 s. A removal spell sets 4 between two passes: 4 s. (The removal spell of
 * `Tipo 2` leaves Hunters out; `desencantar`, not loaded, counts them.)
 */
function immunityAfterHold(subject: StatusSubject, end: StatusEnd): number {
  if (subject.kind !== "user" || end === "death") return 0;
  const tough = subject.classId === SpellClass.Warrior || subject.classId === SpellClass.Thief || subject.classId === SpellClass.Pirate;
  if (!tough) return 0;
  return end === "expired" ? immunityMs(PARALYSIS_IMMUNITY_SECONDS - 1) : immunityMs(PARALYSIS_IMMUNITY_AFTER_REMOVAL_SECONDS);
}

/** What switching a state off tells the player and the viewers. */
function offNotices(entry: StatusEntry, end: StatusEnd, base: BaseAttributes | undefined): StatusNotice[] {
  switch (entry.kind) {
    case "paralyzed":
      return [{ to: "self", packet: "ParalizeOK" }];
    case "immobilized":
      return end === "removed" ? [{ to: "self", packet: "InmovilizadoOK" }, { to: "self", packet: "PosUpdate" }] : [{ to: "self", packet: "InmovilizadoOK" }];
    case "blind":
      return [{ to: "self", packet: "BlindNoMore" }];
    case "dumb":
      return [{ to: "self", packet: "DumbNoMore" }];
    case "invisible":
      return [
        { to: "self", packet: "LocaleMsg", messageId: SPELL_MESSAGE.visibleAgain },
        { to: "area", packet: "SetInvisible", invisible: false },
        { to: "self", packet: "Contadores" },
      ];
    case "cursed":
      return end === "expired" ? [{ to: "self", packet: "LocaleMsg", messageId: SPELL_MESSAGE.curseEnded }] : [];
    case "speed":
      return [{ to: "self", packet: "SpeedChanged" }];
    case "attributeBoost":
      return base === undefined ? [] : [{ to: "self", packet: "FYA", strength: base.strength, agility: base.agility }];
    default:
      return [];
  }
}

/** The base STR and AGI a boost falls back to (the record's attributes). */
export interface BaseAttributes {
  readonly strength: number;
  readonly agility: number;
}

/**
 * Takes states off (a cure, a removal spell, death) at `nowMs`. A paralysis or immobilisation
 * that ends gives the tough classes their immunity (§5.5).
 */
export function removeEffects(
  effects: StatusEffects,
  kinds: readonly StatusKind[],
  nowMs: number,
  subject: StatusSubject = { kind: "npc" },
  end: Exclude<StatusEnd, "expired"> = "removed",
  base?: BaseAttributes,
): StatusChange {
  return endEffects(effects, kinds, nowMs, subject, end, base);
}

function endEffects(effects: StatusEffects, kinds: readonly StatusKind[], nowMs: number, subject: StatusSubject, end: StatusEnd, base: BaseAttributes | undefined): StatusChange {
  const next: Record<string, StatusEntry> = { ...(effects as Record<string, StatusEntry>) };
  const notices: StatusNotice[] = [];
  let immunity = 0;
  for (const kind of kinds) {
    const entry = next[kind];
    if (entry === undefined) continue;
    delete next[kind];
    if (isUser(subject)) notices.push(...offNotices(entry, end, base));
    if (entry.kind === "paralyzed" || entry.kind === "immobilized") immunity = Math.max(immunity, immunityAfterHold(subject, end));
  }
  if (immunity > 0) next.paralysisImmunity = { kind: "paralysisImmunity", untilMs: nowMs + immunity };
  return { effects: next as StatusEffects, notices };
}

export interface StatusExpiry extends StatusChange {
  /** The kinds that ran out, in the order VB6 checks them each second. */
  readonly expired: readonly StatusKind[];
}

/** VB6's order in `PasarSegundo` (potion timer first), then the rest. */
const EXPIRY_ORDER: readonly StatusKind[] = [
  "attributeBoost",
  "invisible",
  "paralyzed",
  "immobilized",
  "blind",
  "dumb",
  "cursed",
  "speed",
  "paralysisImmunity",
  "incinerated",
];

/** Ends every state whose time has come (`untilMs ≤ nowMs`) and says who must be told. */
export function expireEffects(effects: StatusEffects, nowMs: number, subject: StatusSubject = { kind: "npc" }, base?: BaseAttributes): StatusExpiry {
  const expired = EXPIRY_ORDER.filter((kind) => {
    const until = effects[kind]?.untilMs;
    return until !== undefined && until !== null && until <= nowMs;
  });
  if (expired.length === 0) return { effects, notices: [], expired };
  return { ...endEffects(effects, expired, nowMs, subject, "expired", base), expired };
}

/** The next instant something must happen (an expiry, a poison bite, a burn), or null. */
export function nextStatusEventMs(effects: StatusEffects): number | null {
  let next: number | null = null;
  const consider = (ms: number | null | undefined): void => {
    if (ms !== null && ms !== undefined && (next === null || ms < next)) next = ms;
  };
  for (const entry of Object.values(effects) as StatusEntry[]) {
    consider(entry.untilMs);
    if (entry.kind === "poisoned") consider(entry.nextBiteAtMs);
    if (entry.kind === "incinerated") consider(entry.burnsAtMs[0]);
  }
  return next;
}

/** True while the state is on (an entry whose time has not come yet). */
export function hasEffect(effects: StatusEffects, kind: StatusKind, nowMs: number): boolean {
  const entry = effects[kind];
  return entry !== undefined && (entry.untilMs === null || entry.untilMs > nowMs);
}

/** `CanMove`: neither paralysed nor immobilised (stun is the combat rules'). */
export function canMove(effects: StatusEffects, nowMs: number): boolean {
  return !hasEffect(effects, "paralyzed", nowMs) && !hasEffect(effects, "immobilized", nowMs);
}

/** An attribute after a spell boost: + amount, at most twice the base. §5.4. */
export function boostedAttribute(current: number, amount: number, base: number): number {
  return Math.min(current + amount, base * BOOST_CAP_FACTOR);
}

// ------------------------------------------------------------------ crossing to another map

/**
 * A bearer's states as they cross to another map (a transfer; a pet following its master). Each
 * map worker has its own monotonic clock, so every time in them (ends, poison bites, burns)
 * travels as an offset from the moment of the hand-over, as the body's clocks do
 * (`game/vitals` `NeedsHandOver`). Same shape as `StatusEffects`, relative times.
 */
export interface StatusHandOver {
  readonly relative: StatusEffects;
}

/** The states of a bearer leaving a map at `nowMs` (that map's clock). */
export function handOverEffects(effects: StatusEffects, nowMs: number): StatusHandOver {
  return { relative: shiftEffects(effects, -nowMs) };
}

/**
 * The states of a bearer arriving at `nowMs` (the new map's clock): they go on for the time they
 * had left. Entries that are not sane (an unknown kind, a time that is not a finite number) are
 * dropped; a state whose time ran out in transit ends at the first look.
 */
export function takeOverEffects(handOver: StatusHandOver | undefined, nowMs: number): StatusEffects {
  if (handOver === undefined || handOver === null || typeof handOver.relative !== "object" || handOver.relative === null) return NO_STATUS_EFFECTS;
  const sane: Record<string, StatusEntry> = {};
  for (const [kind, entry] of Object.entries(handOver.relative as Record<string, StatusEntry | undefined>)) {
    if (entry !== undefined && isSaneEntry(kind, entry)) sane[kind] = entry;
  }
  return Object.keys(sane).length === 0 ? NO_STATUS_EFFECTS : shiftEffects(sane as StatusEffects, nowMs);
}

const STATUS_KINDS: ReadonlySet<string> = new Set<StatusKind>([
  "paralyzed",
  "immobilized",
  "blind",
  "dumb",
  "invisible",
  "poisoned",
  "incinerated",
  "cursed",
  "speed",
  "attributeBoost",
  "paralysisImmunity",
]);

function isSaneEntry(kind: string, entry: StatusEntry): boolean {
  if (!STATUS_KINDS.has(kind) || typeof entry !== "object" || entry === null || entry.kind !== kind) return false;
  const time = (ms: unknown, nullable: boolean): boolean => (ms === null ? nullable : typeof ms === "number" && Number.isFinite(ms));
  switch (entry.kind) {
    case "poisoned":
      return entry.untilMs === null && time(entry.nextBiteAtMs, true) && Number.isFinite(entry.level);
    case "incinerated":
      return time(entry.untilMs, false) && Array.isArray(entry.burnsAtMs) && entry.burnsAtMs.every((ms) => time(ms, false));
    case "speed":
      return time(entry.untilMs, false) && Number.isFinite(entry.multiplier);
    case "attributeBoost":
      return time(entry.untilMs, true) && Number.isFinite(entry.strength) && Number.isFinite(entry.agility);
    default:
      return time(entry.untilMs, true);
  }
}

/** Every time of `effects` moved by `deltaMs` (null stays null). */
function shiftEffects(effects: StatusEffects, deltaMs: number): StatusEffects {
  const shift = (ms: number | null): number | null => (ms === null ? null : ms + deltaMs);
  const shifted: Record<string, StatusEntry> = {};
  for (const entry of Object.values(effects) as StatusEntry[]) {
    switch (entry.kind) {
      case "poisoned":
        shifted[entry.kind] = { ...entry, nextBiteAtMs: shift(entry.nextBiteAtMs) };
        break;
      case "incinerated":
        shifted[entry.kind] = { ...entry, untilMs: entry.untilMs + deltaMs, burnsAtMs: entry.burnsAtMs.map((ms) => ms + deltaMs) };
        break;
      case "speed":
        shifted[entry.kind] = { ...entry, untilMs: entry.untilMs + deltaMs };
        break;
      default:
        shifted[entry.kind] = { ...entry, untilMs: shift(entry.untilMs) } as StatusEntry;
    }
  }
  return shifted as StatusEffects;
}
