/**
 * A hierarchical timing wheel on typed arrays: four levels of 256 slots, each slot a doubly
 * linked list threaded through one record array. Insert and cancel are O(1); expiring costs
 * O(1) per timer plus, once per 256^L ticks, re-filing the timers of one level-L slot
 * (cascading). No per-timer objects and no closures: a timer is an index into the arrays.
 *
 * Layout is chosen for cache misses, which are the cost once 200k timers and 50k actors'
 * objects compete for the cache: a timer's fields share one 64-byte record (next, prev, tick,
 * deadline, sequence, bucket, generation), its callback, argument and interval sit side by side
 * in one array, and a recurring timer is re-filed in place, so its references are only read.
 * `popDue` starts the misses of the next three timers early (record, argument, the argument's
 * object and its sink) so they overlap the running callback instead of adding up.
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
  type TimerInterval,
  type TimerQueue,
} from "./timer-queue.ts";

const SLOT_BITS = 8;
const SLOTS = 1 << SLOT_BITS;
const SLOT_MASK = SLOTS - 1;
const LEVELS = 4;
/** 256^L for L = 0..4. */
const LEVEL_SPAN = [1, SLOTS, SLOTS ** 2, SLOTS ** 3, SLOTS ** 4] as const;
const NONE = -1;
/** `bucket` value of a free record. */
const FREE = -1;
/** `bucket` value of a record whose callback is running (popped, not yet finished). */
const FIRING = -2;

// Record layout: RECORD doubles per timer.
const RECORD = 8;
const NEXT = 0;
const PREV = 1;
const TICK = 2;
const DEADLINE = 3;
const SEQ = 4;
const BUCKET = 5;
const GENERATION = 6;
/** refs holds [callback, arg, interval] per timer. */
const REFS = 3;

/**
 * An argument may expose `timerPrefetch`: the wheel reads it two timers ahead, which pulls the
 * argument's object into the cache before its callback runs, and then reads the same property
 * of the object it names (a bot context names its send sink) one timer ahead. Objects without
 * the property are still touched (the read loads their header); the values are never used.
 */
export interface TimerPrefetchHint {
  readonly timerPrefetch?: unknown;
}

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

  /** Timer records, RECORD doubles each. */
  private rec: Float64Array;
  /** [callback, arg, interval] at REFS * index. */
  private refs: unknown[];
  private capacity = 0;
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
  // Prefetch pipeline state (see popDue); written so the loads are not optimised away. Each
  // holds at most one stale reference to a timer argument or its sink.
  private aheadArg: unknown = undefined;
  private aheadSink: unknown = undefined;
  /** @internal */
  touched: unknown = undefined;
  /** @internal */
  touchedTick = 0;

  constructor(options: TimerWheelOptions) {
    checkTickMs(options.tickMs);
    this.tickMs = options.tickMs;
    this.currentTick = Math.floor((options.startMs ?? 0) / options.tickMs);
    this.rec = new Float64Array(0);
    this.refs = [];
    this.freeList = new Int32Array(0);
    this.grow(Math.max(16, Math.min(TIMER_SLOT_SPACE, options.initialCapacity ?? INITIAL_TIMER_CAPACITY)));
  }

  insert<A>(deadlineMs: number, callback: TimerCallback<A>, arg: A, interval?: TimerInterval<A>): TimerId {
    checkDeadline(deadlineMs);
    if (this.freeTop === 0) this.grow(this.capacity * 2);
    const index = this.freeList[--this.freeTop]!;
    const refs = this.refs;
    refs[REFS * index] = callback;
    refs[REFS * index + 1] = arg;
    refs[REFS * index + 2] = interval;
    this.schedule(index, deadlineMs);
    return this.rec[index * RECORD + GENERATION]! * TIMER_SLOT_SPACE + index;
  }

  cancel(id: TimerId): boolean {
    const index = this.pendingIndex(id);
    if (index === NONE) return false;
    // A recurring timer cancelled from its own callback is not filed anywhere right now.
    if (this.rec[index * RECORD + BUCKET] !== FIRING) {
      this.unlink(index);
      this.size--;
    }
    this.release(index);
    return true;
  }

  isPending(id: TimerId): boolean {
    return this.pendingIndex(id) !== NONE;
  }

  deadlineOf(id: TimerId): number | undefined {
    const index = this.pendingIndex(id);
    return index === NONE ? undefined : this.rec[index * RECORD + DEADLINE];
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
    this.size--;
    const rec = this.rec;
    const base = index * RECORD;
    rec[base + BUCKET] = FIRING;
    out.id = rec[base + GENERATION]! * TIMER_SLOT_SPACE + index;
    out.deadlineMs = rec[base + DEADLINE]!;
    const refs = this.refs;
    out.callback = refs[REFS * index] as TimerCallback<unknown>;
    out.arg = refs[REFS * index + 1];
    out.interval = refs[REFS * index + 2] as TimerInterval<unknown> | undefined;
    // Software pipelining: start the cache misses of the next timers now, as independent loads
    // that overlap this timer's callback instead of stalling later pops. Three stages, each fed
    // by the previous pop: three timers ahead, its record and argument reference; two ahead, the
    // argument object (a context: `timerPrefetch` is its send sink); one ahead, that sink object.
    // Only a hint: a stale target (list changed in between) costs a wasted load, nothing else.
    const following = this.head[this.currentTick & SLOT_MASK]!;
    if (following !== NONE) {
      const sink = this.aheadSink;
      if (sink !== null && typeof sink === "object") this.touched = (sink as TimerPrefetchHint).timerPrefetch;
      const arg = this.aheadArg;
      this.aheadSink = arg !== null && typeof arg === "object" ? (arg as TimerPrefetchHint).timerPrefetch : undefined;
      const second = rec[following * RECORD + NEXT]!;
      const third = second === NONE ? NONE : rec[second * RECORD + NEXT]!;
      if (third !== NONE) {
        this.touchedTick = rec[third * RECORD + TICK]!;
        this.aheadArg = refs[REFS * third + 1];
      } else {
        this.aheadArg = undefined;
      }
    }
    return true;
  }

  finish(out: FiredTimer, nextDeadlineMs: number): void {
    const id = out.id;
    const index = id % TIMER_SLOT_SPACE;
    const base = index * RECORD;
    // Cancelled (and maybe reused) during its callback: nothing left to do.
    if (this.rec[base + BUCKET] !== FIRING || this.rec[base + GENERATION] !== (id - index) / TIMER_SLOT_SPACE) return;
    if (out.interval !== undefined && nextDeadlineMs === nextDeadlineMs) {
      checkDeadline(nextDeadlineMs);
      this.schedule(index, nextDeadlineMs);
    } else {
      this.release(index);
    }
  }

  /** Timers per level, for diagnostics. */
  levelSizes(): number[] {
    return Array.from(this.levelCount);
  }

  /** Sets the deadline of a claimed record and files it. */
  private schedule(index: number, deadlineMs: number): void {
    const rec = this.rec;
    const base = index * RECORD;
    rec[base + TICK] = deadlineTick(deadlineMs, this.tickMs, this.currentTick);
    rec[base + DEADLINE] = deadlineMs;
    rec[base + SEQ] = this.nextSeq++;
    this.size++;
    this.file(index, false);
  }

  /** The index of a live timer: filed, or a recurring one whose callback is running. */
  private pendingIndex(id: TimerId): number {
    if (!Number.isSafeInteger(id) || id < 0) return NONE;
    const index = id % TIMER_SLOT_SPACE;
    if (index >= this.capacity) return NONE;
    const base = index * RECORD;
    const bucket = this.rec[base + BUCKET];
    if (bucket === FREE || (bucket === FIRING && this.refs[REFS * index + 2] === undefined)) return NONE;
    return this.rec[base + GENERATION] === (id - index) / TIMER_SLOT_SPACE ? index : NONE;
  }

  /** Puts a timer into the bucket its tick belongs to; `merge` keeps the list in sequence order. */
  private file(index: number, merge: boolean): void {
    const base = index * RECORD;
    const tick = this.rec[base + TICK]!;
    const delta = tick - this.currentTick;
    let level = 0;
    while (level < LEVELS - 1 && delta >= LEVEL_SPAN[level + 1]!) level++;
    // Beyond the top level's reach: file at its farthest slot, re-filed when that slot cascades.
    const placeTick = delta >= LEVEL_SPAN[LEVELS]! ? this.currentTick + LEVEL_SPAN[LEVELS]! - 1 : tick;
    const bucket = level * SLOTS + (Math.floor(placeTick / LEVEL_SPAN[level]!) & SLOT_MASK);
    this.rec[base + BUCKET] = bucket;
    this.levelCount[level]!++;
    if (merge) this.mergeInto(bucket, index);
    else this.append(bucket, index);
  }

  private append(bucket: number, index: number): void {
    const rec = this.rec;
    const last = this.tail[bucket]!;
    const base = index * RECORD;
    rec[base + PREV] = last;
    rec[base + NEXT] = NONE;
    if (last === NONE) this.head[bucket] = index;
    else rec[last * RECORD + NEXT] = index;
    this.tail[bucket] = index;
  }

  /**
   * Inserts by sequence. Timers arrive from one cascaded slot in sequence order, so the scan for
   * each bucket resumes where the previous one stopped: O(bucket length) per cascade, not per timer.
   */
  private mergeInto(bucket: number, index: number): void {
    const rec = this.rec;
    const seq = rec[index * RECORD + SEQ]!;
    let after = this.cursorEpoch[bucket] === this.epoch ? this.cursor[bucket]! : NONE;
    let node = after === NONE ? this.head[bucket]! : rec[after * RECORD + NEXT]!;
    while (node !== NONE && rec[node * RECORD + SEQ]! < seq) {
      after = node;
      node = rec[node * RECORD + NEXT]!;
    }
    rec[index * RECORD + PREV] = after;
    rec[index * RECORD + NEXT] = node;
    if (after === NONE) this.head[bucket] = index;
    else rec[after * RECORD + NEXT] = index;
    if (node === NONE) this.tail[bucket] = index;
    else rec[node * RECORD + PREV] = index;
    this.cursor[bucket] = index;
    this.cursorEpoch[bucket] = this.epoch;
  }

  private unlink(index: number): void {
    const rec = this.rec;
    const base = index * RECORD;
    const bucket = rec[base + BUCKET]!;
    const before = rec[base + PREV]!;
    const after = rec[base + NEXT]!;
    if (before === NONE) this.head[bucket] = after;
    else rec[before * RECORD + NEXT] = after;
    if (after === NONE) this.tail[bucket] = before;
    else rec[after * RECORD + PREV] = before;
    this.levelCount[bucket >> SLOT_BITS]!--;
  }

  private release(index: number): void {
    const rec = this.rec;
    const base = index * RECORD;
    rec[base + BUCKET] = FREE;
    const refs = this.refs;
    refs[REFS * index] = undefined;
    refs[REFS * index + 1] = undefined;
    refs[REFS * index + 2] = undefined;
    const generation = rec[base + GENERATION]!;
    rec[base + GENERATION] = generation >= MAX_TIMER_GENERATION ? 0 : generation + 1;
    this.freeList[this.freeTop++] = index;
  }

  /** At a multiple of 256^L, the level-L slot for this span moves down (lowest level first). */
  private cascadeAt(tick: number): void {
    const rec = this.rec;
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
        const following = rec[index * RECORD + NEXT]!;
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
    const rec = new Float64Array(target * RECORD);
    rec.set(this.rec);
    for (let index = old; index < target; index++) rec[index * RECORD + BUCKET] = FREE;
    this.rec = rec;
    for (let index = REFS * old; index < REFS * target; index++) this.refs.push(undefined);
    // Free records are handed out lowest index first.
    const freeList = new Int32Array(target);
    freeList.set(this.freeList.subarray(0, this.freeTop));
    let top = this.freeTop;
    for (let index = target - 1; index >= old; index--) freeList[top++] = index;
    this.freeList = freeList;
    this.freeTop = top;
    this.capacity = target;
  }
}
