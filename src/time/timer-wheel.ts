/**
 * A hierarchical timing wheel on typed arrays: four levels of 256 slots. O(1) insert and
 * cancel; expiring costs O(1) per timer plus, once per 256^L ticks, re-filing the timers of one
 * level-L slot (cascading). No per-timer objects and no closures: a timer is an index into one
 * record buffer (deadline, sequence, next, prev, bucket, generation: 32 bytes, two to a cache
 * line) and its callback, argument and interval sit side by side in one reference array. A
 * recurring timer is re-filed in place, so its references are only read. The scheduler drives
 * the wheel through `fireDue`, one loop per due tick that pops, fires (through the scheduler)
 * and re-files without handing each timer over in a `FiredTimer` (src/bots/README.md has what
 * each of these saves).
 *
 * Level 0 (the next 256 ticks, where timers fire) keeps each slot as an ARRAY of
 * (record, sequence) entries instead of a linked list. That is for the cost that dominates at
 * 50k actors: each fire touches a few objects nobody touched for hundreds of milliseconds (the
 * timer's record, the actor's context, its send sink), each a cache and TLB miss of 150-300 ns
 * on this VM. A linked list reveals the next timer only once the current record has arrived,
 * so those misses come one after another; an array shows the next timers up front, and
 * `popDue` touches them a batch at a time (records two batches ahead, arguments one ahead,
 * what the arguments name in the batch about to run; see `TimerWarmable`) so a batch's misses
 * overlap instead of adding up. Cancel leaves a level-0 entry in place: an entry whose record no
 * longer carries its slot and sequence is skipped, and a slot's entries are dropped once its
 * tick has passed.
 *
 * Timers whose tick is at most 255 ticks away go straight to level 0 (a think time of 211 to
 * 410 ms at a 10 ms tick never cascades). Timers due in the same tick fire in insertion order
 * whichever level they came through: fresh timers append (they are the newest), cascaded ones
 * are merged in by sequence.
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
  type TimerFireHost,
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

// Records: RECORD_BYTES per timer in one buffer, seen through two views. The doubles view holds
// [deadline, sequence] at F_STRIDE * index, the int32 view [next, prev, bucket, generation] at
// I_STRIDE * index + 4..7: two records per cache line, and no conversions for the integers. A
// timer's tick is not stored: on levels 1-3 it is always ceil(deadline / tick) (the clamp to the
// next tick only ever applies to timers filed at level 0).
const RECORD_BYTES = 32;
const F_STRIDE = RECORD_BYTES / 8;
const I_STRIDE = RECORD_BYTES / 4;
const DEADLINE = 0;
const SEQ = 1;
const NEXT = 4;
const PREV = 5;
const BUCKET = 6;
const GENERATION = 7;
/** refs holds [callback, arg, interval] per timer. */
const REFS = 3;
/** Level-0 entries: [record index, sequence] pairs. */
const ENTRY = 2;
/** Timers warmed together by `popDue`; their misses overlap (16 and 32 measured alike here, 64 worse). */
const WARM_BATCH = 32;
const WARM_MASK = WARM_BATCH - 1;
const INITIAL_SLOT_ENTRIES = 16;

/**
 * A timer argument that lets the wheel warm its memory before its callback runs (the bot
 * context does; any owner of many timers can). `timerWarm` is called a batch of timers ahead of the fire, `timerWarmNext` just before
 * the batch runs (for the objects the argument names, such as a context's send sink, whose
 * address is only known once the argument has arrived). Both only read: one field on each cache
 * line the fire will touch. They return any number, which the wheel discards.
 */
export interface TimerWarmable {
  timerWarm(): number;
  timerWarmNext(): number;
}

function isWarmable(arg: unknown): arg is TimerWarmable {
  return arg !== null && typeof arg === "object" && typeof (arg as TimerWarmable).timerWarm === "function";
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

  /** Timer records: [deadline, sequence] at F_STRIDE * index. */
  private recF: Float64Array;
  /** The same records: [next, prev, bucket, generation] at I_STRIDE * index + 4. */
  private recI: Int32Array;
  /** [callback, arg, interval] at REFS * index. */
  private refs: unknown[];
  private capacity = 0;
  private freeTop = 0;
  private freeList: Int32Array;
  private nextSeq = 0;

  // Levels 1-3, per bucket (level * 256 + slot): doubly linked lists through the records.
  private readonly head = new Int32Array(LEVELS * SLOTS).fill(NONE);
  private readonly tail = new Int32Array(LEVELS * SLOTS).fill(NONE);
  private readonly levelCount = new Float64Array(LEVELS);
  // Merge cursors used while cascading one slot into a linked level; valid when cursorEpoch matches.
  private readonly cursor = new Int32Array(LEVELS * SLOTS);
  private readonly cursorEpoch = new Float64Array(LEVELS * SLOTS);
  private epoch = 0;
  // Level 0, per slot: ENTRY doubles per entry in sequence order, entries used, live timers.
  private readonly slotEntries: Float64Array[] = [];
  private readonly slotLength = new Int32Array(SLOTS);
  private readonly slotLive = new Int32Array(SLOTS);
  /** Next entry to read in the current tick's slot. */
  private readAt = 0;
  /** The last timer `popDue` handed out, for `finish`. */
  private poppedId = -1;
  private poppedIndex = 0;
  /** Swapped with a slot's entries when a cascade merges into it. */
  private spareEntries: Float64Array = new Float64Array(INITIAL_SLOT_ENTRIES * ENTRY);
  // Cascaded timers bound for level 0, [slot, index, sequence] triples, merged when the cascade ends.
  private staged = new Float64Array(3 * 64);
  private stagedCount = 0;
  private readonly stagedStart = new Int32Array(SLOTS + 1);
  private readonly stagedNext = new Int32Array(SLOTS);
  private stagedSorted = new Float64Array(ENTRY * 64);
  /** @internal Sink for the warming loads, so they are not optimised away. */
  warmed = 0;

  constructor(options: TimerWheelOptions) {
    checkTickMs(options.tickMs);
    this.tickMs = options.tickMs;
    this.currentTick = Math.floor((options.startMs ?? 0) / options.tickMs);
    this.recF = new Float64Array(0);
    this.recI = new Int32Array(0);
    this.refs = [];
    this.freeList = new Int32Array(0);
    for (let slot = 0; slot < SLOTS; slot++) this.slotEntries.push(new Float64Array(INITIAL_SLOT_ENTRIES * ENTRY));
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
    return this.recI[index * I_STRIDE + GENERATION]! * TIMER_SLOT_SPACE + index;
  }

  cancel(id: TimerId): boolean {
    const index = this.pendingIndex(id);
    if (index === NONE) return false;
    // A recurring timer cancelled from its own callback is not filed anywhere right now.
    if (this.recI[index * I_STRIDE + BUCKET] !== FIRING) {
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
    return index === NONE ? undefined : this.recF[index * F_STRIDE + DEADLINE];
  }

  nextDueTick(limitTick: number): number {
    const live = this.slotLive;
    // A tick handed out earlier and not drained yet (or cascaded timers due right now).
    if (live[this.currentTick & SLOT_MASK]! > 0) return this.currentTick;
    const levelCount = this.levelCount;
    while (this.currentTick < limitTick) {
      if (levelCount[0] === 0) {
        // Level 0 holds no live timer: forget its stale (cancelled) entries, then jump to the
        // next boundary of the lowest non-empty level, where something can cascade.
        this.slotLength.fill(0);
        this.readAt = 0;
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
      // The slot being left is drained: its entries are all fired or stale.
      this.slotLength[this.currentTick & SLOT_MASK] = 0;
      this.readAt = 0;
      const tick = ++this.currentTick;
      if (tick % SLOTS === 0) this.cascadeAt(tick);
      if (live[tick & SLOT_MASK]! > 0) return tick;
    }
    return -1;
  }

  popDue(out: FiredTimer): boolean {
    const slot = this.currentTick & SLOT_MASK;
    if (this.slotLive[slot] === 0) return false;
    const entries = this.slotEntries[slot]!;
    const length = this.slotLength[slot]!;
    const recF = this.recF;
    const recI = this.recI;
    let at = this.readAt;
    let index = NONE;
    while (at < length) {
      if ((at & WARM_MASK) === 0) this.warm(entries, at, length);
      const candidate = entries[at * ENTRY]!;
      const seq = entries[at * ENTRY + 1]!;
      at++;
      // Cancelled (and maybe re-filed under a new sequence) since this entry was written: skip.
      if (recI[candidate * I_STRIDE + BUCKET] === slot && recF[candidate * F_STRIDE + SEQ] === seq) {
        index = candidate;
        break;
      }
    }
    this.readAt = at;
    if (index === NONE) {
      // Unreachable while the live count is right; never spin on a slot that cannot drain.
      this.slotLive[slot] = 0;
      return false;
    }
    this.slotLive[slot]!--;
    this.levelCount[0]!--;
    this.size--;
    recI[index * I_STRIDE + BUCKET] = FIRING;
    const id = recI[index * I_STRIDE + GENERATION]! * TIMER_SLOT_SPACE + index;
    out.id = id;
    this.poppedId = id;
    this.poppedIndex = index;
    out.deadlineMs = recF[index * F_STRIDE + DEADLINE]!;
    const refs = this.refs;
    out.callback = refs[REFS * index] as TimerCallback<unknown>;
    out.arg = refs[REFS * index + 1];
    out.interval = refs[REFS * index + 2] as TimerInterval<unknown> | undefined;
    return true;
  }

  /**
   * `popDue`, `host.fireTimer` and `finish` fused: the slot's arrays, the read position and the
   * timer's record stay in locals, and nothing goes through a `FiredTimer`.
   */
  fireDue(host: TimerFireHost, budget: number): number {
    const slot = this.currentTick & SLOT_MASK;
    const live = this.slotLive;
    const entries = this.slotEntries[slot]!;
    const length = this.slotLength[slot]!;
    const refs = this.refs;
    let recF = this.recF;
    let recI = this.recI;
    let at = this.readAt;
    let fired = 0;
    while (fired < budget && live[slot]! > 0 && at < length) {
      if ((at & WARM_MASK) === 0) this.warm(entries, at, length);
      const index = entries[at * ENTRY]!;
      const seq = entries[at * ENTRY + 1]!;
      at++;
      // Cancelled (and maybe re-filed under a new sequence) since this entry was written: skip.
      if (recI[index * I_STRIDE + BUCKET] !== slot || recF[index * F_STRIDE + SEQ] !== seq) continue;
      this.readAt = at;
      live[slot]!--;
      this.levelCount[0]!--;
      this.size--;
      recI[index * I_STRIDE + BUCKET] = FIRING;
      const generation = recI[index * I_STRIDE + GENERATION]!;
      const id = generation * TIMER_SLOT_SPACE + index;
      const interval = refs[REFS * index + 2] as TimerInterval<unknown> | undefined;
      const next = host.fireTimer(id, recF[index * F_STRIDE + DEADLINE]!, refs[REFS * index] as TimerCallback<unknown>, refs[REFS * index + 1], interval);
      fired++;
      // An insert in the callback may have grown the records.
      recF = this.recF;
      recI = this.recI;
      // Cancelled (and maybe reused) during its callback: nothing left to do.
      if (recI[index * I_STRIDE + BUCKET] !== FIRING || recI[index * I_STRIDE + GENERATION] !== generation) continue;
      if (interval !== undefined && next === next) {
        checkDeadline(next);
        this.schedule(index, next);
      } else {
        this.release(index);
      }
    }
    this.readAt = at;
    if (live[slot]! > 0 && at >= length) live[slot] = 0;
    return fired;
  }

  /**
   * Starts the cache misses of the timers about to fire, a batch at a time, so they overlap:
   * records and argument references two batches ahead, the arguments themselves one batch ahead
   * (their references arrived with the previous batch), and what the arguments name (a
   * context's send sink) for the batch about to run. The three stages share one loop so their
   * loads are in flight together. At the start of a tick the first two batches are warmed in
   * one go. Only reads: a stale entry costs a wasted load, nothing else.
   */
  private warm(entries: Float64Array, at: number, length: number): void {
    const recI = this.recI;
    const refs = this.refs;
    let sum = 0;
    if (at === 0) {
      const first = Math.min(length, 2 * WARM_BATCH);
      for (let i = 0; i < first; i++) {
        const index = entries[i * ENTRY]!;
        sum += recI[index * I_STRIDE + BUCKET]!;
        const arg = refs[REFS * index + 1];
        if (isWarmable(arg)) sum += arg.timerWarm();
      }
    }
    for (let k = 0; k < WARM_BATCH; k++) {
      const far = at + 2 * WARM_BATCH + k;
      if (far < length) {
        const index = entries[far * ENTRY]!;
        sum += recI[index * I_STRIDE + BUCKET]!;
        if (refs[REFS * index + 1] !== undefined) sum++;
      }
      const near = at + WARM_BATCH + k;
      if (near < length) {
        const arg = refs[REFS * entries[near * ENTRY]! + 1];
        if (isWarmable(arg)) sum += arg.timerWarm();
      }
      const now = at + k;
      if (now < length) {
        const arg = refs[REFS * entries[now * ENTRY]! + 1];
        if (isWarmable(arg)) sum += arg.timerWarmNext();
      }
    }
    this.warmed = sum;
  }

  finish(out: FiredTimer, nextDeadlineMs: number): void {
    const id = out.id;
    // The timer just popped (always, from the scheduler): no modulo of a double on the hot path.
    const index = id === this.poppedId ? this.poppedIndex : id % TIMER_SLOT_SPACE;
    // Cancelled (and maybe reused) during its callback: nothing left to do.
    if (this.recI[index * I_STRIDE + BUCKET] !== FIRING || this.recI[index * I_STRIDE + GENERATION] !== (id - index) / TIMER_SLOT_SPACE) return;
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
    const recF = this.recF;
    recF[index * F_STRIDE + DEADLINE] = deadlineMs;
    recF[index * F_STRIDE + SEQ] = this.nextSeq++;
    this.size++;
    this.file(index, deadlineTick(deadlineMs, this.tickMs, this.currentTick), false);
  }

  /** The index of a live timer: filed, or a recurring one whose callback is running. */
  private pendingIndex(id: TimerId): number {
    if (!Number.isSafeInteger(id) || id < 0) return NONE;
    const index = id % TIMER_SLOT_SPACE;
    if (index >= this.capacity) return NONE;
    const bucket = this.recI[index * I_STRIDE + BUCKET];
    if (bucket === FREE || (bucket === FIRING && this.refs[REFS * index + 2] === undefined)) return NONE;
    return this.recI[index * I_STRIDE + GENERATION] === (id - index) / TIMER_SLOT_SPACE ? index : NONE;
  }

  /** Puts a timer into the bucket `tick` belongs to; `merge` keeps the bucket in sequence order. */
  private file(index: number, tick: number, merge: boolean): void {
    const delta = tick - this.currentTick;
    if (delta < SLOTS && !merge) {
      // The common case (every walk step and keep-alive): a fresh entry in a level-0 slot.
      const slot = tick & SLOT_MASK;
      this.recI[index * I_STRIDE + BUCKET] = slot;
      this.levelCount[0]!++;
      this.slotLive[slot]!++;
      this.appendEntry(slot, index, this.recF[index * F_STRIDE + SEQ]!);
      return;
    }
    let level = 0;
    while (level < LEVELS - 1 && delta >= LEVEL_SPAN[level + 1]!) level++;
    // Beyond the top level's reach: file at its farthest slot, re-filed when that slot cascades.
    const placeTick = delta >= LEVEL_SPAN[LEVELS]! ? this.currentTick + LEVEL_SPAN[LEVELS]! - 1 : tick;
    const bucket = level * SLOTS + (Math.floor(placeTick / LEVEL_SPAN[level]!) & SLOT_MASK);
    this.recI[index * I_STRIDE + BUCKET] = bucket;
    this.levelCount[level]!++;
    if (level === 0) {
      this.slotLive[bucket]!++;
      if (merge) this.stage(bucket, index);
      else this.appendEntry(bucket, index, this.recF[index * F_STRIDE + SEQ]!);
    } else if (merge) {
      this.mergeInto(bucket, index);
    } else {
      this.append(bucket, index);
    }
  }

  private appendEntry(slot: number, index: number, seq: number): void {
    let entries = this.slotEntries[slot]!;
    const length = this.slotLength[slot]!;
    if ((length + 1) * ENTRY > entries.length) {
      const larger = new Float64Array(entries.length * 2);
      larger.set(entries.subarray(0, length * ENTRY));
      this.slotEntries[slot] = entries = larger;
    }
    entries[length * ENTRY] = index;
    entries[length * ENTRY + 1] = seq;
    this.slotLength[slot] = length + 1;
  }

  /** A cascaded timer bound for level 0; merged into its slot when the cascade ends. */
  private stage(slot: number, index: number): void {
    if ((this.stagedCount + 1) * 3 > this.staged.length) {
      const larger = new Float64Array(this.staged.length * 2);
      larger.set(this.staged);
      this.staged = larger;
    }
    const at = this.stagedCount++ * 3;
    this.staged[at] = slot;
    this.staged[at + 1] = index;
    this.staged[at + 2] = this.recF[index * F_STRIDE + SEQ]!;
  }

  /**
   * Merges the staged timers into their level-0 slots by sequence: a stable counting sort by
   * slot (each slot's share stays in sequence order, the order the cascade walked them in),
   * then one linear merge per slot with what the slot already holds. Reads no records.
   */
  private mergeStaged(): void {
    const count = this.stagedCount;
    if (count === 0) return;
    this.stagedCount = 0;
    const staged = this.staged;
    const start = this.stagedStart;
    start.fill(0);
    for (let i = 0; i < count; i++) start[staged[i * 3]! + 1]!++;
    for (let slot = 0; slot < SLOTS; slot++) start[slot + 1]! += start[slot]!;
    if (this.stagedSorted.length < count * ENTRY) this.stagedSorted = new Float64Array(count * ENTRY * 2);
    const sorted = this.stagedSorted;
    const next = this.stagedNext;
    next.set(start.subarray(0, SLOTS));
    for (let i = 0; i < count; i++) {
      const to = next[staged[i * 3]!]!++ * ENTRY;
      sorted[to] = staged[i * 3 + 1]!;
      sorted[to + 1] = staged[i * 3 + 2]!;
    }
    for (let slot = 0; slot < SLOTS; slot++) {
      if (start[slot + 1]! > start[slot]!) this.mergeSlot(slot, sorted, start[slot]!, start[slot + 1]!);
    }
  }

  private mergeSlot(slot: number, incoming: Float64Array, from: number, to: number): void {
    const existing = this.slotEntries[slot]!;
    const length = this.slotLength[slot]!;
    const total = length + (to - from);
    let merged = this.spareEntries;
    if (merged.length < total * ENTRY) {
      let capacity = merged.length;
      while (capacity < total * ENTRY) capacity *= 2;
      merged = new Float64Array(capacity);
    }
    let a = 0;
    let b = from;
    let out = 0;
    while (a < length && b < to) {
      if (existing[a * ENTRY + 1]! < incoming[b * ENTRY + 1]!) {
        merged[out * ENTRY] = existing[a * ENTRY]!;
        merged[out * ENTRY + 1] = existing[a * ENTRY + 1]!;
        a++;
      } else {
        merged[out * ENTRY] = incoming[b * ENTRY]!;
        merged[out * ENTRY + 1] = incoming[b * ENTRY + 1]!;
        b++;
      }
      out++;
    }
    if (a < length) merged.set(existing.subarray(a * ENTRY, length * ENTRY), out * ENTRY);
    else if (b < to) merged.set(incoming.subarray(b * ENTRY, to * ENTRY), out * ENTRY);
    this.slotEntries[slot] = merged;
    this.spareEntries = existing;
    this.slotLength[slot] = total;
  }

  private append(bucket: number, index: number): void {
    const recI = this.recI;
    const last = this.tail[bucket]!;
    recI[index * I_STRIDE + PREV] = last;
    recI[index * I_STRIDE + NEXT] = NONE;
    if (last === NONE) this.head[bucket] = index;
    else recI[last * I_STRIDE + NEXT] = index;
    this.tail[bucket] = index;
  }

  /**
   * Inserts by sequence. Timers arrive from one cascaded slot in sequence order, so the scan for
   * each bucket resumes where the previous one stopped: O(bucket length) per cascade, not per timer.
   */
  private mergeInto(bucket: number, index: number): void {
    const recF = this.recF;
    const recI = this.recI;
    const seq = recF[index * F_STRIDE + SEQ]!;
    let after = this.cursorEpoch[bucket] === this.epoch ? this.cursor[bucket]! : NONE;
    let node = after === NONE ? this.head[bucket]! : recI[after * I_STRIDE + NEXT]!;
    while (node !== NONE && recF[node * F_STRIDE + SEQ]! < seq) {
      after = node;
      node = recI[node * I_STRIDE + NEXT]!;
    }
    recI[index * I_STRIDE + PREV] = after;
    recI[index * I_STRIDE + NEXT] = node;
    if (after === NONE) this.head[bucket] = index;
    else recI[after * I_STRIDE + NEXT] = index;
    if (node === NONE) this.tail[bucket] = index;
    else recI[node * I_STRIDE + PREV] = index;
    this.cursor[bucket] = index;
    this.cursorEpoch[bucket] = this.epoch;
  }

  /** Takes a filed timer out of its bucket (a level-0 entry stays behind, stale). */
  private unlink(index: number): void {
    const recI = this.recI;
    const bucket = recI[index * I_STRIDE + BUCKET]!;
    if (bucket < SLOTS) {
      this.slotLive[bucket]!--;
      this.levelCount[0]!--;
      return;
    }
    const before = recI[index * I_STRIDE + PREV]!;
    const after = recI[index * I_STRIDE + NEXT]!;
    if (before === NONE) this.head[bucket] = after;
    else recI[before * I_STRIDE + NEXT] = after;
    if (after === NONE) this.tail[bucket] = before;
    else recI[after * I_STRIDE + PREV] = before;
    this.levelCount[bucket >> SLOT_BITS]!--;
  }

  private release(index: number): void {
    const recI = this.recI;
    recI[index * I_STRIDE + BUCKET] = FREE;
    const refs = this.refs;
    refs[REFS * index] = undefined;
    refs[REFS * index + 1] = undefined;
    refs[REFS * index + 2] = undefined;
    const generation = recI[index * I_STRIDE + GENERATION]!;
    recI[index * I_STRIDE + GENERATION] = generation >= MAX_TIMER_GENERATION ? 0 : generation + 1;
    this.freeList[this.freeTop++] = index;
  }

  /** At a multiple of 256^L, the level-L slot for this span moves down (lowest level first). */
  private cascadeAt(tick: number): void {
    const recF = this.recF;
    const recI = this.recI;
    const tickMs = this.tickMs;
    for (let level = 1; level < LEVELS; level++) {
      const span = LEVEL_SPAN[level]!;
      if (tick % span !== 0) break;
      const bucket = level * SLOTS + (Math.floor(tick / span) & SLOT_MASK);
      let index = this.head[bucket]!;
      if (index === NONE) continue;
      this.head[bucket] = NONE;
      this.tail[bucket] = NONE;
      this.epoch++;
      while (index !== NONE) {
        const following = recI[index * I_STRIDE + NEXT]!;
        this.levelCount[level]!--;
        // Never clamped: a timer only reaches levels 1-3 when its own tick is 256 or more ahead.
        this.file(index, Math.ceil(recF[index * F_STRIDE + DEADLINE]! / tickMs), true);
        index = following;
      }
      // Each cascaded slot is one run in sequence order: merge it before the next level's.
      this.mergeStaged();
    }
  }

  private grow(capacity: number): void {
    const target = Math.min(TIMER_SLOT_SPACE, capacity);
    if (target <= this.capacity) throw new TimerCapacityError(this.capacity);
    const old = this.capacity;
    const buffer = new ArrayBuffer(target * RECORD_BYTES);
    const recF = new Float64Array(buffer);
    const recI = new Int32Array(buffer);
    recI.set(this.recI);
    for (let index = old; index < target; index++) recI[index * I_STRIDE + BUCKET] = FREE;
    this.recF = recF;
    this.recI = recI;
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
