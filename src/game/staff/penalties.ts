/**
 * Mutes, jail and warnings as the game plays them (gm-and-moderation §3.3–§3.5): the bounds a
 * command must meet, the countdowns, the third warning's sentence and the `/PENAS` wording. Pure:
 * the map's moderation system keeps the countdowns of its players (`CharacterRecord.penalties`,
 * authoritative while the character is online), the staff service writes the history rows.
 *
 * Decisions on VB6's quirks (§9):
 * - G9 (mutes): minutes are a 16-bit count, never a byte that overflows (VB6 lifted a mute of 256
 *   minutes or more within a second); `/SILENCIAR nick@0` on an online player unmutes him (VB6
 *   left him muted); the `/PENAS` line says the minutes (VB6 wrote the time of day there);
 *   whispers are muted too (VB6 let them through). The per-online-second countdown is kept.
 * - G10 (jail): 1…{@link MAX_JAIL_MINUTES} minutes; 0 and negative sentences are refused with the
 *   usage line (VB6 jailed with no sentence, or forever). Only online and alive minutes count, as
 *   in VB6; but each prisoner's minute is his own 60 s served (VB6 ticked every prisoner on one
 *   global minute timer, so a sentence's first minute could last one second).
 */

/** The most minutes `/SILENCIAR` takes: the packet's i16. */
export const MAX_MUTE_MINUTES = 32_767;
/**
 * The most minutes `/CARCEL` takes: VB6's `MaxJailTime` when `Configuracion.ini` does not set it
 * (six days); the AO20 data has no such file. The database allows up to a year.
 */
export const MAX_JAIL_MINUTES = 8_640;
/** The warning that jails, and for how long (`HandleWarnUser`: `Case 3`, 30 minutes by "Servidor"). */
export const WARNINGS_THAT_JAIL = 3;
export const WARNING_JAIL_MINUTES = 30;
/** Who jails on the third warning, as the prisoner reads it (Msg1617's ¬1). */
export const SERVER_ISSUER = "Servidor";
/**
 * The reason of the panel's anti-macro button: such a sentence is not written in the punishment
 * record (`HandleJail`, compared trimmed and without case).
 */
export const AUTO_MACRO_JAIL_REASON = "Uso de programas externos, Macros o Cheat";

const MS_PER_SECOND = 1_000;
const MS_PER_MINUTE = 60_000;

export type MuteRequest = { readonly kind: "mute"; readonly minutes: number } | { readonly kind: "unmute" } | { readonly kind: "too_long" };

/** `/SILENCIAR nick@m`: more than 0 mutes, 0 or less unmutes (G9: no overflow, a real unmute). */
export function muteRequest(minutes: number): MuteRequest {
  if (!Number.isInteger(minutes) || minutes <= 0) return { kind: "unmute" };
  return minutes > MAX_MUTE_MINUTES ? { kind: "too_long" } : { kind: "mute", minutes };
}

export type JailRequest = { readonly kind: "ok"; readonly minutes: number } | { readonly kind: "usage" } | { readonly kind: "too_long"; readonly max: number };

/** `/CARCEL nick@motivo@m`: a name, a reason and 1…max minutes (G10). */
export function jailRequest(input: { name: string; reason: string; minutes: number }, max: number = MAX_JAIL_MINUTES): JailRequest {
  if (input.name.trim() === "" || input.reason.trim() === "") return { kind: "usage" };
  if (!Number.isInteger(input.minutes) || input.minutes < 1) return { kind: "usage" };
  return input.minutes > max ? { kind: "too_long", max } : { kind: "ok", minutes: input.minutes };
}

/** Whether a sentence with this reason is written in the punishment record. */
export function jailReasonIsRecorded(reason: string): boolean {
  return reason.trim().toLowerCase() !== AUTO_MACRO_JAIL_REASON.toLowerCase();
}

/** The third warning jails; the fourth and fifth do nothing more (VB6's `Case 5` is a TODO). */
export function warningJails(count: number): boolean {
  return count === WARNINGS_THAT_JAIL;
}

/** What `/PENAS` lists, in the game's words (the date is the entry's own, shown with it). */
export const PUNISHMENT_TEXT = {
  jail: (gm: string, minutes: number, reason: string) => `${gm}: CARCEL ${minutes}m, MOTIVO: ${reason}`,
  /** G9: the minutes where VB6 wrote the time of day. */
  mute: (gm: string, minutes: number) => `${gm}: silencio por ${minutes} minutos.`,
  warning: (gm: string, reason: string) => `Advertencia de: ${gm} debido a ADVERTENCIA: ${reason}`,
  /** `/BAN`, the panel's temporary ban and `argentum admin ban character`. */
  ban: (gm: string, reason: string, days: number | null) => (days === null ? `Baneado por ${gm}: ${reason}` : `Baneado ${days} días por ${gm}: ${reason}`),
  unban: (gm: string) => `${gm}: desbaneado`,
  /** `/ANAME`: VB6's entry without the time of day (the record keeps the date). */
  renamed: (gm: string, oldName: string, newName: string) => `${gm}: nombre cambiado de "${oldName}" a "${newName}".`,
  /** `/BORRARPENA`: the entry becomes the GM's text in angle brackets. */
  edited: (gm: string, text: string) => `${gm}: <${text}>`,
} as const;

/** A `/PENAS` console line: "<number> - <text> <dd/mm/yyyy>" (VB6 kept the date inside the text). */
export function punishmentLine(entry: { number: number; text: string; createdAt: Date }): string {
  const date = entry.createdAt;
  const day = String(date.getUTCDate()).padStart(2, "0");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${entry.number} - ${entry.text} ${day}/${month}/${date.getUTCFullYear()}`;
}

/** The penalties a countdown works on (`CharacterPenalties`). */
export interface Penalties {
  readonly muteSecondsLeft: number;
  readonly jailMinutesLeft: number;
  readonly warnings: number;
}

/** What a player has served of the current second of mute and minute of jail, on the map's clock. */
export interface PenaltyClock {
  readonly settledAt: number;
  readonly muteServedMs: number;
  readonly jailServedMs: number;
}

export function startPenaltyClock(now: number, carried?: { muteServedMs: number; jailServedMs: number }): PenaltyClock {
  return { settledAt: now, muteServedMs: carried?.muteServedMs ?? 0, jailServedMs: carried?.jailServedMs ?? 0 };
}

export interface PenaltyStep {
  readonly penalties: Penalties;
  readonly clock: PenaltyClock;
  /** The mute ran out in this step (Msg1018). */
  readonly muteEnded: boolean;
  /** The sentence ran out in this step (release, Msg1103). */
  readonly jailEnded: boolean;
}

interface Countdown {
  readonly left: number;
  readonly servedMs: number;
  readonly ended: boolean;
}

const IDLE: Countdown = { left: 0, servedMs: 0, ended: false };

/** `left` whole units less what `servedMs` makes of them; the remainder is carried, nothing once it ends. */
function countDown(left: number, servedMs: number, unitMs: number): Countdown {
  const units = Math.floor(servedMs / unitMs);
  return units >= left ? { left: 0, servedMs: 0, ended: true } : { left: left - units, servedMs: servedMs % unitMs, ended: false };
}

/**
 * The countdowns up to `now`: a mute loses a second per online second; a sentence a minute per
 * 60 s served alive (a ghost's time does not count). Time never runs backwards here.
 */
export function settlePenalties(penalties: Penalties, clock: PenaltyClock, now: number, alive: boolean): PenaltyStep {
  const elapsed = Math.max(0, now - clock.settledAt);
  const mute = penalties.muteSecondsLeft > 0 ? countDown(penalties.muteSecondsLeft, clock.muteServedMs + elapsed, MS_PER_SECOND) : IDLE;
  const jail =
    penalties.jailMinutesLeft > 0 && alive
      ? countDown(penalties.jailMinutesLeft, clock.jailServedMs + elapsed, MS_PER_MINUTE)
      : { left: penalties.jailMinutesLeft, servedMs: penalties.jailMinutesLeft === 0 ? 0 : clock.jailServedMs, ended: false };
  return {
    penalties: { ...penalties, muteSecondsLeft: mute.left, jailMinutesLeft: jail.left },
    clock: { settledAt: Math.max(clock.settledAt, now), muteServedMs: mute.servedMs, jailServedMs: jail.servedMs },
    muteEnded: mute.ended,
    jailEnded: jail.ended,
  };
}

/** Msg110's minutes: what is left of the mute, a started minute counted whole. */
export function muteMinutesLeft(muteSecondsLeft: number): number {
  return Math.ceil(Math.max(0, muteSecondsLeft) / 60);
}
