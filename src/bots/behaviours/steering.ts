/**
 * Steering and targeting shared by the combat bots (fighter, caster): which NPC to go after,
 * which targets to leave alone for a while, and which heading to step on towards a target or at
 * random. Pure apart from the `Random` a caller passes, so both bots draw the same numbers.
 */
import { headingBit, HEADINGS, type Heading } from "../../game/movement/index.ts";
import type { Random } from "../../random/index.ts";

/** Set bits in a 4-bit heading mask. */
export const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
/** `OPPOSITE[heading]`: north-south, east-west (index 0: none). */
export const OPPOSITE = [0, 3, 4, 1, 2];

/** The `k`-th (0-based) heading in a set of heading bits; 0 when there is none. */
export function nthHeading(mask: number, k: number): number {
  for (const heading of HEADINGS) {
    if ((mask & headingBit(heading)) !== 0) {
      if (k === 0) return heading;
      k--;
    }
  }
  return 0;
}

/** Heading bits whose step shortens a distance of (dx, dy). */
export function closerMask(dx: number, dy: number): number {
  return (dx > 0 ? 0b0010 : dx < 0 ? 0b1000 : 0) | (dy > 0 ? 0b0100 : dy < 0 ? 0b0001 : 0);
}

/** Manhattan distance between two posKeys (x * 256 + y). */
export function distance(a: number, b: number): number {
  return Math.abs((a >> 8) - (b >> 8)) + Math.abs((a & 0xff) - (b & 0xff));
}

/** Chebyshev distance between two posKeys. */
export function chebyshev(a: number, b: number): number {
  return Math.max(Math.abs((a >> 8) - (b >> 8)), Math.abs((a & 0xff) - (b & 0xff)));
}

/** A random heading among the `legal` ones (heading bits, not 0). */
export function wanderHeading(legal: number, random: Random): number {
  return nthHeading(legal, random.int(0, POPCOUNT4[legal]! - 1));
}

/**
 * A step towards (dx, dy) among the `legal` headings (not 0): one that shortens the distance and
 * does not go straight back when there is one, else any legal one but back, else back. Going
 * straight back undoes the last step: around an obstacle that is how a greedy walker ends up
 * pacing between two tiles.
 */
export function approachHeading(legal: number, lastStep: number, dx: number, dy: number, random: Random): number {
  const back = lastStep === 0 ? 0 : headingBit(OPPOSITE[lastStep]! as Heading);
  const onward = (legal & ~back) || legal;
  const closer = onward & closerMask(dx, dy);
  const choices = closer !== 0 ? closer : onward;
  return nthHeading(choices, random.int(0, POPCOUNT4[choices]! - 1));
}

/** What target choice reads of the bot's view (a subset of `FighterView`). */
export interface TargetView {
  /** Own position as a posKey (0 unknown). */
  readonly position: number;
  /** The nearest known NPC in the bot's window, not one in `skip`; 0 when none. */
  nearestNpc(skip?: ReadonlySet<number>): number;
  /** Where a known character stands (posKey), 0 when unknown. */
  positionOf(charIndex: number): number;
  isNpc(charIndex: number): boolean;
}

/** Targets a bot gave up on, until when, and the nearest-NPC rule that skips them. */
export class IgnoredTargets {
  private readonly ignored = new Set<number>();
  private readonly ignoredUntil = new Map<number, number>();

  /** Leaves `charIndex` alone until `untilMs`. */
  add(charIndex: number, untilMs: number): void {
    this.ignored.add(charIndex);
    this.ignoredUntil.set(charIndex, untilMs);
  }

  /** Forgets them all (char indexes name other characters on another map). */
  clear(): void {
    this.ignored.clear();
    this.ignoredUntil.clear();
  }

  /** Forgets the ones whose time is up. */
  expire(nowMs: number): void {
    if (this.ignoredUntil.size === 0) return;
    for (const [charIndex, untilMs] of this.ignoredUntil) {
      if (untilMs > nowMs) continue;
      this.ignoredUntil.delete(charIndex);
      this.ignored.delete(charIndex);
    }
  }

  /** The target (not 0) is gone: no longer an NPC, nowhere known, or left alone. */
  lost(view: TargetView, target: number): boolean {
    return !view.isNpc(target) || view.positionOf(target) === 0 || this.ignored.has(target);
  }

  /**
   * The NPC to switch to from `target` (0: none): the nearest one not ignored, when there is no
   * target or it is nearer than the target. 0 means keep the target.
   */
  nearer(view: TargetView, target: number): number {
    const nearest = view.nearestNpc(this.ignored.size > 0 ? this.ignored : undefined);
    if (nearest === 0 || nearest === target) return 0;
    const here = view.position;
    if (target === 0 || distance(here, view.positionOf(nearest)) < distance(here, view.positionOf(target))) return nearest;
    return 0;
  }
}
