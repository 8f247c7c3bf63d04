/**
 * Progress bars over chars (`BarFx`, the stock client's `BarTime`/`BarAccion`): the server starts
 * one for an action that takes seconds (a ghost's trip home after `/HOGAR`, VB6 `e_AccionBarra`)
 * and cancels it with action 99 (a step, a resurrection). The bar fills over its seconds and goes
 * when cancelled, when it is full, or when its char is removed or re-created elsewhere (the trip
 * took it to another map or place). Pure: time comes in as `nowMs`.
 */
import { ACTION_BAR_MAX_SECONDS } from "./constants.ts";
import type { ActionBar, CharView, GameState } from "./game-state.ts";

/** `e_AccionBarra.Hogar`: the wait of a trip home (`/HOGAR`). */
export const BAR_ACTION_HOME = 6;
/** `e_AccionBarra.CancelarAccion`: the bar is called off. */
export const BAR_ACTION_CANCEL = 99;
const MS_PER_SECOND = 1000;

/** A bar as drawn at some moment. */
export interface LiveActionBar {
  readonly charIndex: number;
  readonly action: number;
  /** 0 → 1 as the wait passes. */
  readonly progress: number;
  /** Whole seconds still to wait (rounded up, as a countdown reads). */
  readonly secondsLeft: number;
}

/**
 * `BarFx(charIndex, seconds, action)`: a bar over the char for `seconds` (at most
 * `ACTION_BAR_MAX_SECONDS`), or none on the cancel (action 99) or a wait of no time. Unknown
 * chars are ignored.
 */
export function applyBarFx(state: GameState, charIndex: number, seconds: number, action: number, nowMs: number): void {
  const char = state.chars.get(charIndex);
  if (!char) return;
  if (action === BAR_ACTION_CANCEL || !Number.isFinite(seconds) || seconds <= 0) {
    delete char.actionBar;
    return;
  }
  const durationMs = Math.min(ACTION_BAR_MAX_SECONDS, seconds) * MS_PER_SECOND;
  char.actionBar = { action, startMs: nowMs, untilMs: nowMs + durationMs };
}

/**
 * The bar a re-created char keeps (`CharacterCreate` for a char already known): the same one when
 * it is re-sent where it stood, none when it comes back somewhere else (the trip home warped it).
 */
export function actionBarOnRecreate(previous: CharView | undefined, x: number, y: number): ActionBar | undefined {
  if (!previous?.actionBar || previous.x !== x || previous.y !== y) return undefined;
  return previous.actionBar;
}

/** The bar over `char` at `nowMs`, or null when it has none (or it is over). */
export function actionBarAt(char: CharView, nowMs: number): LiveActionBar | null {
  const bar = char.actionBar;
  if (!bar || nowMs >= bar.untilMs) return null;
  const life = bar.untilMs - bar.startMs;
  const progress = life > 0 ? Math.max(0, Math.min(1, (nowMs - bar.startMs) / life)) : 1;
  return { charIndex: char.charIndex, action: bar.action, progress, secondsLeft: Math.ceil((bar.untilMs - Math.max(nowMs, bar.startMs)) / MS_PER_SECOND) };
}

/** Every bar showing at `nowMs`, by char index. */
export function liveActionBars(state: GameState, nowMs: number): LiveActionBar[] {
  const bars: LiveActionBar[] = [];
  for (const char of state.chars.values()) {
    const bar = actionBarAt(char, nowMs);
    if (bar) bars.push(bar);
  }
  return bars.sort((a, b) => a.charIndex - b.charIndex);
}
