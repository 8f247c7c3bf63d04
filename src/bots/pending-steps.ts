/**
 * The steps one bot has sent and not seen resolved, oldest first, in a fixed ring of typed
 * arrays (no allocation per step). A step resolves when an observer confirms it, when the
 * server refuses it (`PosUpdate`), or when it ages out unseen.
 */

import type { Mover } from "./map-view.ts";

/** A bot walks at most every ~180 ms; this many steps in flight means the server stopped answering. */
export const PENDING_STEP_CAPACITY = 32;
/** A step nobody has confirmed or refused after this long is given up (counted unresolved). */
export const PENDING_STEP_MAX_AGE_MS = 5_000;
/**
 * A step seen through a `CharacterCreate` (the step brought the mover into an observer's window)
 * is matched among this many newest steps only: the create carries no source, and the pooled
 * view's idea of where the mover stood may be old when few bots watch it.
 */
export const RECENT_STEPS_FOR_CREATES = 2;

const STEP_OPEN = 0;
const STEP_CONFIRMED = 1;
const STEP_REFUSED = 2;
/** Passed over: a later step was seen first, so this one will not be (counted unresolved). */
const STEP_SUPERSEDED = 3;

export class PendingSteps implements Mover {
  private readonly heading = new Uint8Array(PENDING_STEP_CAPACITY);
  private readonly source = new Int32Array(PENDING_STEP_CAPACITY);
  private readonly dest = new Int32Array(PENDING_STEP_CAPACITY);
  private readonly planned = new Float64Array(PENDING_STEP_CAPACITY);
  private readonly status = new Uint8Array(PENDING_STEP_CAPACITY);
  private head = 0;
  private count = 0;
  /** Steps dropped unresolved (aged out or pushed out), whatever their planned time. */
  droppedUnresolved = 0;
  /**
   * The last `confirm` had a choice: a newer open step has the same source and destination (the
   * bot walked A→B, back, and A→B again while nobody saw it). The oldest is taken, but which one
   * the observer saw cannot be known, so its round trip is not a clean sample.
   */
  lastAmbiguous = false;

  get size(): number {
    return this.count;
  }

  /** Adds a step; first drops resolved and stale steps from the front. */
  push(heading: number, sourceTile: number, destTile: number, plannedMs: number, nowMs: number): void {
    this.trim(nowMs);
    if (this.count === PENDING_STEP_CAPACITY) this.dropFront();
    const at = (this.head + this.count) % PENDING_STEP_CAPACITY;
    this.heading[at] = heading;
    this.source[at] = sourceTile;
    this.dest[at] = destTile;
    this.planned[at] = plannedMs;
    this.status[at] = STEP_OPEN;
    this.count++;
  }

  /**
   * An observer saw the bot step from `fromTile` onto `tile` (`fromTile` 0 when the observers
   * did not know where it stood). Marks the oldest open step with that source and destination
   * confirmed (any step onto `tile` when the source is unknown) and returns its planned time, or
   * NaN when none matches. Open steps before it are passed over: the server handles a bot's
   * steps in order, so they were handled earlier and nobody saw them.
   *
   * Matching the source as well keeps an old unseen step onto the same tile (a bot that walked
   * back) from being taken for the new one, which would report its age as a round trip. With
   * `recentOnly` only the newest steps are candidates (a step seen through a create).
   */
  confirm(tile: number, fromTile: number, recentOnly = false): number {
    this.lastAmbiguous = false;
    for (let i = recentOnly ? Math.max(0, this.count - RECENT_STEPS_FOR_CREATES) : 0; i < this.count; i++) {
      const at = (this.head + i) % PENDING_STEP_CAPACITY;
      if (this.status[at] !== STEP_OPEN || this.dest[at] !== tile || (fromTile !== 0 && this.source[at] !== fromTile)) continue;
      this.status[at] = STEP_CONFIRMED;
      for (let j = i + 1; j < this.count && !this.lastAmbiguous; j++) {
        const later = (this.head + j) % PENDING_STEP_CAPACITY;
        this.lastAmbiguous = this.status[later] === STEP_OPEN && this.dest[later] === tile && this.source[later] === this.source[at];
      }
      for (let j = 0; j < i; j++) {
        const before = (this.head + j) % PENDING_STEP_CAPACITY;
        if (this.status[before] === STEP_OPEN) {
          this.status[before] = STEP_SUPERSEDED;
          this.droppedUnresolved++;
        }
      }
      return this.planned[at]!;
    }
    return Number.NaN;
  }

  /** `Mover`: the first observer of a step reports it (see `confirm`). */
  confirmStep(tile: number, fromTile: number, recentOnly: boolean): number {
    return this.confirm(tile, fromTile, recentOnly);
  }

  /**
   * The server refused a step and says the bot stands on `tile`. The refused step is the oldest
   * open one that started from `tile` (or, if the bot's idea of its position had drifted, the
   * oldest open one); open steps before it were handled earlier and are dropped. Later open steps
   * are re-based on `tile` through `rebase(sourceTile, heading)`, which returns their new
   * destination. Returns the refused step's planned time (NaN when nothing was open) and the
   * position the bot should now predict.
   */
  refuse(tile: number, rebase: (sourceTile: number, heading: number) => number): { plannedMs: number; position: number } {
    let found = -1;
    let firstOpen = -1;
    for (let i = 0; i < this.count; i++) {
      const at = (this.head + i) % PENDING_STEP_CAPACITY;
      if (this.status[at] !== STEP_OPEN) continue;
      if (firstOpen === -1) firstOpen = i;
      if (this.source[at] === tile) {
        found = i;
        break;
      }
    }
    if (found === -1) found = firstOpen;
    if (found === -1) return { plannedMs: Number.NaN, position: tile };
    for (let i = 0; i < found; i++) {
      const at = (this.head + i) % PENDING_STEP_CAPACITY;
      if (this.status[at] === STEP_OPEN) {
        this.status[at] = STEP_REFUSED;
        this.droppedUnresolved++;
      }
    }
    const refusedAt = (this.head + found) % PENDING_STEP_CAPACITY;
    this.status[refusedAt] = STEP_REFUSED;
    let position = tile;
    for (let i = found + 1; i < this.count; i++) {
      const at = (this.head + i) % PENDING_STEP_CAPACITY;
      if (this.status[at] !== STEP_OPEN) continue;
      this.source[at] = position;
      position = rebase(position, this.heading[at]!);
      this.dest[at] = position;
    }
    return { plannedMs: this.planned[refusedAt]!, position };
  }

  /** Forgets everything (a map change); open steps count as dropped. */
  clear(): void {
    while (this.count > 0) this.dropFront();
  }

  private trim(nowMs: number): void {
    while (this.count > 0) {
      const at = this.head;
      if (this.status[at] === STEP_OPEN && nowMs - this.planned[at]! < PENDING_STEP_MAX_AGE_MS) return;
      this.dropFront();
    }
  }

  private dropFront(): void {
    if (this.status[this.head] === STEP_OPEN) this.droppedUnresolved++;
    this.head = (this.head + 1) % PENDING_STEP_CAPACITY;
    this.count--;
  }
}
