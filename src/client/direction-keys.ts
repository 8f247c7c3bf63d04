/**
 * Which walking direction the keyboard holds: the arrows, the most recently pressed key that is
 * still down wins (so pressing → while holding ↑ turns, and releasing → goes back to ↑). Letters
 * are the stock client's action keys (A picks up, E equips, U uses, T drops: inventory-rules.ts),
 * so WASD does not walk. Pure: fed with `KeyboardEvent.code` values.
 */
import { Heading } from "../game/movement/index.ts";

/** `KeyboardEvent.code` → heading. */
export const DIRECTION_KEY_CODES: Readonly<Record<string, Heading>> = {
  ArrowUp: Heading.North,
  ArrowRight: Heading.East,
  ArrowDown: Heading.South,
  ArrowLeft: Heading.West,
};

export class DirectionKeys {
  private readonly held: string[] = [];

  /** Returns true when `code` is a direction key (the caller then prevents scrolling). */
  press(code: string): boolean {
    if (DIRECTION_KEY_CODES[code] === undefined) return false;
    const at = this.held.indexOf(code);
    if (at >= 0) this.held.splice(at, 1);
    this.held.push(code);
    return true;
  }

  release(code: string): boolean {
    const at = this.held.indexOf(code);
    if (at < 0) return false;
    this.held.splice(at, 1);
    return true;
  }

  /** Forget every key (the window lost focus: key-up events will not come). */
  releaseAll(): void {
    this.held.length = 0;
  }

  /** The heading to walk towards, or 0. */
  get heading(): Heading | 0 {
    const last = this.held[this.held.length - 1];
    return last === undefined ? 0 : DIRECTION_KEY_CODES[last]!;
  }
}
