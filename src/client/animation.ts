/**
 * Smooth steps: a char's logical tile changes at once, its drawn position slides from where it
 * was drawn to the new tile over one walk interval. Pure (time is passed in).
 */
import type { CharView } from "./game-state.ts";

export interface RenderPoint {
  /** Position in tiles (fractional while moving). */
  readonly x: number;
  readonly y: number;
  /** 0..1 progress of the current step (1 = standing). */
  readonly progress: number;
}

/** Where `char` is drawn at `nowMs`. */
export function renderPosition(char: CharView, nowMs: number): RenderPoint {
  if (char.moveDurationMs <= 0) return { x: char.x, y: char.y, progress: 1 };
  const t = (nowMs - char.moveStartMs) / char.moveDurationMs;
  if (t >= 1) return { x: char.x, y: char.y, progress: 1 };
  const progress = Math.max(0, t);
  return {
    x: char.fromX + (char.x - char.fromX) * progress,
    y: char.fromY + (char.y - char.fromY) * progress,
    progress,
  };
}

/** True while the char is sliding between tiles. */
export function isMoving(char: CharView, nowMs: number): boolean {
  return renderPosition(char, nowMs).progress < 1;
}

/**
 * Starts a step to (x, y). The slide starts from the currently drawn position, so a step that
 * arrives before the previous one finished continues without a jump. Steps longer than one tile
 * (a correction, a teleport) do not slide.
 */
export function startStep(char: CharView, x: number, y: number, nowMs: number, durationMs: number): void {
  const from = renderPosition(char, nowMs);
  const far = Math.abs(x - from.x) > 1.5 || Math.abs(y - from.y) > 1.5;
  char.fromX = from.x;
  char.fromY = from.y;
  char.x = x;
  char.y = y;
  char.moveStartMs = nowMs;
  char.moveDurationMs = far ? 0 : durationMs;
  if (!far) char.stepCount++;
}

/** Puts the char on (x, y) at once (corrections, warps). */
export function placeAt(char: CharView, x: number, y: number): void {
  char.x = x;
  char.y = y;
  char.fromX = x;
  char.fromY = y;
  char.moveDurationMs = 0;
}
