/**
 * A binary min-heap of timers in struct-of-arrays form, keyed by (tick, insertion sequence).
 * O(log n) insert, cancel and expire. It is the simple, obviously-correct queue: the
 * conformance tests run it beside the timing wheel, and a property test checks that both fire
 * the same timers in the same order. The bench can run either (`--queue heap`).
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

const NONE = -1;
/** `position` of a timer whose callback is running (popped, not yet finished). */
const FIRING = -2;

export interface TimerHeapOptions {
  readonly tickMs: number;
  readonly startMs?: number;
  readonly initialCapacity?: number;
}

export class TimerHeap implements TimerQueue {
  readonly tickMs: number;
  size = 0;
  currentTick: number;

  // Heap order: heap[position] = timer index.
  private heap: Int32Array;
  // Per timer index.
  private position: Int32Array;
  private tick: Float64Array;
  private deadline: Float64Array;
  private seq: Float64Array;
  private generation: Uint32Array;
  private callbacks: (TimerCallback<unknown> | undefined)[] = [];
  private args: unknown[] = [];
  private intervals: (TimerInterval<unknown> | undefined)[] = [];
  private freeList: Int32Array;
  private freeTop = 0;
  private capacity = 0;
  private nextSeq = 0;

  constructor(options: TimerHeapOptions) {
    checkTickMs(options.tickMs);
    this.tickMs = options.tickMs;
    this.currentTick = Math.floor((options.startMs ?? 0) / options.tickMs);
    this.heap = new Int32Array(0);
    this.position = new Int32Array(0);
    this.tick = new Float64Array(0);
    this.deadline = new Float64Array(0);
    this.seq = new Float64Array(0);
    this.generation = new Uint32Array(0);
    this.freeList = new Int32Array(0);
    this.grow(Math.max(16, Math.min(TIMER_SLOT_SPACE, options.initialCapacity ?? INITIAL_TIMER_CAPACITY)));
  }

  insert<A>(deadlineMs: number, callback: TimerCallback<A>, arg: A, interval?: TimerInterval<A>): TimerId {
    checkDeadline(deadlineMs);
    if (this.freeTop === 0) this.grow(this.capacity * 2);
    const index = this.freeList[--this.freeTop]!;
    this.callbacks[index] = callback as TimerCallback<unknown>;
    this.args[index] = arg;
    this.intervals[index] = interval as TimerInterval<unknown> | undefined;
    this.schedule(index, deadlineMs);
    return this.generation[index]! * TIMER_SLOT_SPACE + index;
  }

  cancel(id: TimerId): boolean {
    const index = this.pendingIndex(id);
    if (index === NONE) return false;
    const at = this.position[index]!;
    if (at !== FIRING) this.removeAt(at);
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
    if (this.size > 0) {
      const due = this.tick[this.heap[0]!]!;
      // A tick handed out earlier and not drained yet.
      if (due <= this.currentTick) return this.currentTick;
      if (due <= limitTick) {
        this.currentTick = due;
        return due;
      }
    }
    if (limitTick > this.currentTick) this.currentTick = limitTick;
    return -1;
  }

  popDue(out: FiredTimer): boolean {
    if (this.size === 0) return false;
    const index = this.heap[0]!;
    if (this.tick[index]! > this.currentTick) return false;
    this.removeAt(0);
    this.position[index] = FIRING;
    out.id = this.generation[index]! * TIMER_SLOT_SPACE + index;
    out.deadlineMs = this.deadline[index]!;
    out.callback = this.callbacks[index]!;
    out.arg = this.args[index];
    out.interval = this.intervals[index];
    return true;
  }

  finish(out: FiredTimer, nextDeadlineMs: number): void {
    const id = out.id;
    const index = id % TIMER_SLOT_SPACE;
    if (this.position[index] !== FIRING || this.generation[index] !== (id - index) / TIMER_SLOT_SPACE) return;
    if (out.interval !== undefined && nextDeadlineMs === nextDeadlineMs) {
      checkDeadline(nextDeadlineMs);
      this.schedule(index, nextDeadlineMs);
    } else {
      this.release(index);
    }
  }

  private schedule(index: number, deadlineMs: number): void {
    this.tick[index] = deadlineTick(deadlineMs, this.tickMs, this.currentTick);
    this.deadline[index] = deadlineMs;
    this.seq[index] = this.nextSeq++;
    const at = this.size++;
    this.heap[at] = index;
    this.position[index] = at;
    this.siftUp(at);
  }

  /** The index of a live timer: in the heap, or a recurring one whose callback is running. */
  private pendingIndex(id: TimerId): number {
    if (!Number.isSafeInteger(id) || id < 0) return NONE;
    const index = id % TIMER_SLOT_SPACE;
    if (index >= this.capacity) return NONE;
    const at = this.position[index];
    if (at === NONE || (at === FIRING && this.intervals[index] === undefined)) return NONE;
    return this.generation[index] === (id - index) / TIMER_SLOT_SPACE ? index : NONE;
  }

  private before(a: number, b: number): boolean {
    const ta = this.tick[a]!;
    const tb = this.tick[b]!;
    return ta < tb || (ta === tb && this.seq[a]! < this.seq[b]!);
  }

  private siftUp(at: number): void {
    const heap = this.heap;
    const index = heap[at]!;
    while (at > 0) {
      const parentAt = (at - 1) >> 1;
      const parent = heap[parentAt]!;
      if (!this.before(index, parent)) break;
      heap[at] = parent;
      this.position[parent] = at;
      at = parentAt;
    }
    heap[at] = index;
    this.position[index] = at;
  }

  private siftDown(at: number): void {
    const heap = this.heap;
    const size = this.size;
    const index = heap[at]!;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && this.before(heap[right]!, heap[child]!)) child = right;
      const smaller = heap[child]!;
      if (!this.before(smaller, index)) break;
      heap[at] = smaller;
      this.position[smaller] = at;
      at = child;
    }
    heap[at] = index;
    this.position[index] = at;
  }

  private removeAt(at: number): void {
    const last = --this.size;
    if (at !== last) {
      const moved = this.heap[last]!;
      this.heap[at] = moved;
      this.position[moved] = at;
      if (at > 0 && this.before(moved, this.heap[(at - 1) >> 1]!)) this.siftUp(at);
      else this.siftDown(at);
    }
  }

  private release(index: number): void {
    this.position[index] = NONE;
    this.callbacks[index] = undefined;
    this.args[index] = undefined;
    this.intervals[index] = undefined;
    const generation = this.generation[index]!;
    this.generation[index] = generation >= MAX_TIMER_GENERATION ? 0 : generation + 1;
    this.freeList[this.freeTop++] = index;
  }

  private grow(capacity: number): void {
    const target = Math.min(TIMER_SLOT_SPACE, capacity);
    if (target <= this.capacity) throw new TimerCapacityError(this.capacity);
    const old = this.capacity;
    const copyInt = (array: Int32Array) => {
      const next = new Int32Array(target);
      next.set(array);
      return next;
    };
    const copyFloat = (array: Float64Array) => {
      const next = new Float64Array(target);
      next.set(array);
      return next;
    };
    this.heap = copyInt(this.heap);
    const position = copyInt(this.position);
    position.fill(NONE, old);
    this.position = position;
    this.tick = copyFloat(this.tick);
    this.deadline = copyFloat(this.deadline);
    this.seq = copyFloat(this.seq);
    const generation = new Uint32Array(target);
    generation.set(this.generation);
    this.generation = generation;
    for (let index = old; index < target; index++) {
      this.callbacks.push(undefined);
      this.args.push(undefined);
      this.intervals.push(undefined);
    }
    const freeList = new Int32Array(target);
    freeList.set(this.freeList.subarray(0, this.freeTop));
    let top = this.freeTop;
    for (let index = target - 1; index >= old; index--) freeList[top++] = index;
    this.freeList = freeList;
    this.freeTop = top;
    this.capacity = target;
  }
}
