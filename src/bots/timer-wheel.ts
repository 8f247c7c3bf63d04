/**
 * A hierarchical timing wheel in struct-of-arrays form: four levels of 256 slots, each slot a
 * doubly linked list threaded through typed arrays. Insert and cancel are O(1); expiring costs
 * O(1) per timer plus, once per 256^L ticks, re-filing the timers of one level-L slot
 * (cascading). No per-timer objects and no closures: a timer is an index into the arrays.
 *
 * Timers whose tick is at most 255 ticks away go straight to level 0 (a think time of 211 to
 * 410 ms at a 10 ms tick never cascades). Every slot list stays sorted by insertion sequence:
 * fresh inserts append (they are the newest), cascaded timers are merged in, so timers due in
 * the same tick fire in insertion order whichever level they came through.
 *
 * When levels are empty the wheel jumps straight to the next slot boundary that can hold work,
 * so advancing a manual clock by a day over a sparse wheel costs a few hundred steps, not
 * millions.
 */
import {
  checkDeadline,
  checkTickMs,
  deadlineTick,
  INITIAL_TIMER_CAPACITY,
  MAX_TIMER_GENERATION,
  TIMER_SLOT_SPACE,
  TimerCapacityError,
  type FiredTimer,
  type TimerCallback,
  type TimerId,
  type TimerQueue,
} from "./timer-queue.ts";

const SLOT_BITS = 8;
const SLOTS = 1 << SLOT_BITS;
const SLOT_MASK = SLOTS - 1;
const LEVELS = 4;
/** 256^L for L = 0..4. */
const LEVEL_SPAN = [1, SLOTS, SLOTS ** 2, SLOTS ** 3, SLOTS ** 4] as const;
const NONE = -1;
/** `bucket` value of a free slot. */
const FREE = -1;

export interface TimerWheelOptions {
  /** Milliseconds per tick (default 10 on the real clock; 1 on the manual clock). */
  readonly tickMs: number;
  /** The clock's time when the wheel starts; ticks before it are in the past. */
  readonly startMs?: number;
  readonly initialCapacity?: number;
}

export class TimerWheel implements TimerQueue {
  readonly tickMs: number;
  size = 0;
  currentTick: number;

  // Per timer (struct of arrays).
  private next: Int32Array;
  private prev: Int32Array;
  private tick: Float64Array;
  private deadline: Float64Array;
  private seq: Float64Array;
  private bucket: Int32Array;
  private generation: Uint32Array;
  private callbacks: (TimerCallback<unknown> | undefined)[];
  private args: unknown[];
  private capacity: number;
  private freeTop = 0;
  private freeList: Int32Array;
  private nextSeq = 0;

  // Per bucket (level * 256 + slot).
  private readonly head = new Int32Array(LEVELS * SLOTS).fill(NONE);
  private readonly tail = new Int32Array(LEVELS * SLOTS).fill(NONE);
  private readonly levelCount = new Float64Array(LEVELS);
  // Merge cursors used while cascading one slot; valid when cursorEpoch matches.
  private readonly cursor = new Int32Array(LEVELS * SLOTS);
  private readonly cursorEpoch = new Float64Array(LEVELS * SLOTS);
  private epoch = 0;

  constructor(options: TimerWheelOptions) {
    checkTickMs(options.tickMs);
    this.tickMs = options.tickMs;
    this.currentTick = Math.floor((options.startMs ?? 0) / options.tickMs);
    const capacity = Math.max(16, Math.min(TIMER_SLOT_SPACE, options.initialCapacity ?? INITIAL_TIMER_CAPACITY));
    this.capacity = 0;
    this.next = new Int32Array(0);
    this.prev = new Int32Array(0);
    this.tick = new Float64Array(0);
    this.deadline = new Float64Array(0);
    this.seq = new Float64Array(0);
    this.bucket = new Int32Array(0);
    this.generation = new Uint32Array(0);
    this.callbacks = [];
    this.args = [];
    this.freeList = new Int32Array(0);
    this.grow(capacity);
  }

  insert<A>(deadlineMs: number, callback: TimerCallback<A>, arg: A): TimerId {
    checkDeadline(deadlineMs);
    if (this.freeTop === 0) this.grow(this.capacity * 2);
    const index = this.freeList[--this.freeTop]!;
    this.tick[index] = deadlineTick(deadlineMs, this.tickMs, this.currentTick);
    this.deadline[index] = deadlineMs;
    this.seq[index] = this.nextSeq++;
    this.callbacks[index] = callback as TimerCallback<unknown>;
    this.args[index] = arg;
    this.size++;
    this.file(index, false);
    return this.generation[index]! * TIMER_SLOT_SPACE + index;
  }

  cancel(id: TimerId): boolean {
    const index = this.pendingIndex(id);
    if (index === NONE) return false;
    this.unlink(index);
    this.release(index);
    return true;
  }

  isPending(id: TimerId): boolean {
    return this.pendingIndex(id) !== NONE;
  }

  deadlineOf(id: TimerId): number | undefined {
    const index = this.pendingIndex(id);
    return index === NONE ? undefined : this.deadline[index];
  }

  nextDueTick(limitTick: number): number {
    const head = this.head;
    // A tick handed out earlier and not drained yet (or cascaded timers due right now).
    if (head[this.currentTick & SLOT_MASK] !== NONE) return this.currentTick;
    const levelCount = this.levelCount;
    while (this.currentTick < limitTick) {
      if (levelCount[0] === 0) {
        // Nothing can fire before the next boundary of the lowest non-empty level cascades.
        let level = 1;
        while (level < LEVELS && levelCount[level] === 0) level++;
        if (level === LEVELS) {
          this.currentTick = limitTick;
          return -1;
        }
        const span = LEVEL_SPAN[level]!;
        const boundary = (Math.floor(this.currentTick / span) + 1) * span;
        if (boundary > limitTick) {
          this.currentTick = limitTick;
          return -1;
        }
        this.currentTick = boundary - 1;
      }
      const tick = ++this.currentTick;
      if (tick % SLOTS === 0) this.cascadeAt(tick);
      if (head[tick & SLOT_MASK] !== NONE) return tick;
    }
    return -1;
  }

  popDue(out: FiredTimer): boolean {
    const index = this.head[this.currentTick & SLOT_MASK]!;
    if (index === NONE) return false;
    this.unlink(index);
    out.id = this.generation[index]! * TIMER_SLOT_SPACE + index;
    out.deadlineMs = this.deadline[index]!;
    out.callback = this.callbacks[index]!;
    out.arg = this.args[index];
    this.release(index);
    return true;
  }

  /** Timers per level, for diagnostics. */
  levelSizes(): number[] {
    return Array.from(this.levelCount);
  }

  private pendingIndex(id: TimerId): number {
    if (!Number.isSafeInteger(id) || id < 0) return NONE;
    const index = id % TIMER_SLOT_SPACE;
    if (index >= this.capacity || this.bucket[index] === FREE) return NONE;
    return this.generation[index] === (id - index) / TIMER_SLOT_SPACE ? index : NONE;
  }

  /** Puts a timer into the bucket its tick belongs to; `merge` keeps the list in sequence order. */
  private file(index: number, merge: boolean): void {
    const tick = this.tick[index]!;
    const delta = tick - this.currentTick;
    let level = 0;
    while (level < LEVELS - 1 && delta >= LEVEL_SPAN[level + 1]!) level++;
    // Beyond the top level's reach: file at its farthest slot, re-filed when that slot cascades.
    const placeTick = delta >= LEVEL_SPAN[LEVELS]! ? this.currentTick + LEVEL_SPAN[LEVELS]! - 1 : tick;
    const bucket = level * SLOTS + (Math.floor(placeTick / LEVEL_SPAN[level]!) & SLOT_MASK);
    this.bucket[index] = bucket;
    this.levelCount[level]!++;
    if (merge) this.mergeInto(bucket, index);
    else this.append(bucket, index);
  }

  private append(bucket: number, index: number): void {
    const last = this.tail[bucket]!;
    this.prev[index] = last;
    this.next[index] = NONE;
    if (last === NONE) this.head[bucket] = index;
    else this.next[last] = index;
    this.tail[bucket] = index;
  }

  /**
   * Inserts by sequence. Timers arrive from one cascaded slot in sequence order, so the scan for
   * each bucket resumes where the previous one stopped: O(bucket length) per cascade, not per timer.
   */
  private mergeInto(bucket: number, index: number): void {
    const seq = this.seq[index]!;
    let after = this.cursorEpoch[bucket] === this.epoch ? this.cursor[bucket]! : NONE;
    let node = after === NONE ? this.head[bucket]! : this.next[after]!;
    while (node !== NONE && this.seq[node]! < seq) {
      after = node;
      node = this.next[node]!;
    }
    this.prev[index] = after;
    this.next[index] = node;
    if (after === NONE) this.head[bucket] = index;
    else this.next[after] = index;
    if (node === NONE) this.tail[bucket] = index;
    else this.prev[node] = index;
    this.cursor[bucket] = index;
    this.cursorEpoch[bucket] = this.epoch;
  }

  private unlink(index: number): void {
    const bucket = this.bucket[index]!;
    const before = this.prev[index]!;
    const after = this.next[index]!;
    if (before === NONE) this.head[bucket] = after;
    else this.next[before] = after;
    if (after === NONE) this.tail[bucket] = before;
    else this.prev[after] = before;
    this.levelCount[bucket >> SLOT_BITS]!--;
  }

  private release(index: number): void {
    this.bucket[index] = FREE;
    this.callbacks[index] = undefined;
    this.args[index] = undefined;
    const generation = this.generation[index]!;
    this.generation[index] = generation >= MAX_TIMER_GENERATION ? 0 : generation + 1;
    this.freeList[this.freeTop++] = index;
    this.size--;
  }

  /** At a multiple of 256^L, the level-L slot for this span moves down (lowest level first). */
  private cascadeAt(tick: number): void {
    for (let level = 1; level < LEVELS; level++) {
      const span = LEVEL_SPAN[level]!;
      if (tick % span !== 0) return;
      const bucket = level * SLOTS + (Math.floor(tick / span) & SLOT_MASK);
      let index = this.head[bucket]!;
      if (index === NONE) continue;
      this.head[bucket] = NONE;
      this.tail[bucket] = NONE;
      this.epoch++;
      while (index !== NONE) {
        const following = this.next[index]!;
        this.levelCount[level]!--;
        this.file(index, true);
        index = following;
      }
    }
  }

  private grow(capacity: number): void {
    const target = Math.min(TIMER_SLOT_SPACE, capacity);
    if (target <= this.capacity) throw new TimerCapacityError(this.capacity);
    const old = this.capacity;
    this.next = resizeInt32(this.next, target);
    this.prev = resizeInt32(this.prev, target);
    this.tick = resizeFloat64(this.tick, target);
    this.deadline = resizeFloat64(this.deadline, target);
    this.seq = resizeFloat64(this.seq, target);
    const bucket = resizeInt32(this.bucket, target);
    bucket.fill(FREE, old);
    this.bucket = bucket;
    const generation = new Uint32Array(target);
    generation.set(this.generation);
    this.generation = generation;
    for (let index = old; index < target; index++) {
      this.callbacks.push(undefined);
      this.args.push(undefined);
    }
    // Free slots are handed out lowest index first.
    const freeList = new Int32Array(target);
    freeList.set(this.freeList.subarray(0, this.freeTop));
    let top = this.freeTop;
    for (let index = target - 1; index >= old; index--) freeList[top++] = index;
    this.freeList = freeList;
    this.freeTop = top;
    this.capacity = target;
  }
}

function resizeInt32(array: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length);
  next.set(array);
  return next;
}

function resizeFloat64(array: Float64Array, length: number): Float64Array {
  const next = new Float64Array(length);
  next.set(array);
  return next;
}
