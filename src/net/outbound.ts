/**
 * Outbound coalescing. Frames for a connection are appended to its queue; the scheduler flushes
 * every queue that received something with ONE write (TCP) or one corked batch (WebSocket).
 * A syscall per game message would cap the server at ~165 k frames/s (docs/architecture.md).
 *
 * The flush runs at the end of the event-loop turn, unless the last one was less than its
 * interval ago: then it waits for the rest. The interval grows with the sockets the last pass
 * wrote (FLUSH_WAIT_PER_WRITE_MS each), up to the flush interval setting: a quiet server answers
 * at once, a busy one trades a bounded delay for fewer writes.
 */
import { FlushCadence, type CadenceTimer } from "../time/index.ts";

/** Where a connection's bytes finally go. Implemented by the TCP and WebSocket adapters. */
export interface OutboundSink {
  /**
   * Writes as much as it can of `frames` (whole frames, u16 length prefix + body, back to back;
   * the first byte always starts a frame); returns the bytes accepted.
   */
  writeFrames(frames: Uint8Array): number;
  /** Bytes the transport holds that the peer has not taken yet. */
  bufferedBytes(): number;
}

/** Past this many unsent bytes a peer that stopped reading is disconnected. */
export const MAX_PENDING_OUTBOUND_BYTES = 2 * 1024 * 1024;
const INITIAL_QUEUE_BYTES = 1024;
/** A queue that grew past this gives its buffer back once it is empty again. */
const KEPT_QUEUE_BYTES = 64 * 1024;
const EMPTY = new Uint8Array(0);

export type FlushOutcome = "flushed" | "partial" | "overflow";

/** The bytes one connection has not written yet, in one growable buffer (none while idle). */
export class OutboundQueue {
  private buffer = EMPTY;
  private start = 0;
  private end = 0;
  /** Set by the scheduler while this queue waits for the next flush. */
  scheduled = false;

  constructor(readonly sink: OutboundSink) {}

  get pendingBytes(): number {
    return this.end - this.start;
  }

  /** The buffer this queue holds now (0 while idle). */
  get capacityBytes(): number {
    return this.buffer.length;
  }

  /** Appends whole frames (one, or a run of them: u16 length prefix + body each). */
  append(frames: Uint8Array): void {
    const length = frames.length;
    if (this.end + length > this.buffer.length) this.reserve(length);
    this.buffer.set(frames, this.end);
    this.end += length;
  }

  /** Writes what the sink takes; keeps the rest for the next flush or drain. */
  flush(): FlushOutcome {
    if (this.end === this.start) return "flushed";
    const written = this.sink.writeFrames(this.buffer.subarray(this.start, this.end));
    this.start += written;
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
      if (this.buffer.length > KEPT_QUEUE_BYTES) this.buffer = EMPTY;
      return "flushed";
    }
    return this.pendingBytes + this.sink.bufferedBytes() > MAX_PENDING_OUTBOUND_BYTES ? "overflow" : "partial";
  }

  private reserve(extra: number): void {
    const live = this.end - this.start;
    if (this.start > 0 && live + extra <= this.buffer.length) {
      this.buffer.copyWithin(0, this.start, this.end);
    } else {
      let size = Math.max(INITIAL_QUEUE_BYTES, this.buffer.length * 2);
      while (size < live + extra) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.buffer.subarray(this.start, this.end));
      this.buffer = grown;
    }
    this.end = live;
    this.start = 0;
  }
}

/**
 * What a pass waits per socket it wrote, before the next (up to the flush interval): about twice
 * the whole cost of one small write measured on the 2-core dev VM (~10 µs: the system call through
 * the loopback TCP stack, the runtime's write and our own bookkeeping; docs/benchmarks.md). A
 * pass over a thousand sockets waits 20 ms, one over ten waits 0.2 ms, so the writes stay near
 * 50,000/s (about half a core) however many players are busy.
 */
export const FLUSH_WAIT_PER_WRITE_MS = 0.02;

export interface FlushSchedulerOptions {
  /** Longest time between two flush passes, ms; 0 flushes at the end of every turn. */
  intervalMs?: number;
  /** Wait per socket the last pass wrote, ms, up to `intervalMs`; 0 always waits the whole interval. Default FLUSH_WAIT_PER_WRITE_MS. */
  waitPerWriteMs?: number;
  timer?: CadenceTimer;
}

/** What the scheduler did, for /metrics. */
export interface FlushCounts {
  /** Flush passes run. */
  flushes: number;
  /** Queue flushes (one socket write or corked batch each). */
  writes: number;
  /** Passes that waited for the interval instead of running at the end of the turn. */
  delayed: number;
}

/**
 * Flushes every queue that got frames, once per pass, in the order they first got frames since
 * the last pass. Passes follow a `FlushCadence`: the end of the turn, at most once per interval.
 */
export class FlushScheduler {
  private dirty: OutboundQueue[] = [];
  private spare: OutboundQueue[] = [];
  private readonly cadence: FlushCadence;
  private writes = 0;

  constructor(
    private readonly onOverflow: (queue: OutboundQueue) => void,
    options: FlushSchedulerOptions = {},
  ) {
    this.cadence = new FlushCadence(() => this.flushAll(), {
      maxIntervalMs: options.intervalMs ?? 0,
      costPerWriteMs: options.waitPerWriteMs ?? FLUSH_WAIT_PER_WRITE_MS,
      timer: options.timer,
    });
  }

  get counts(): FlushCounts {
    return { flushes: this.cadence.counts.runs, writes: this.writes, delayed: this.cadence.counts.delayed };
  }

  markDirty(queue: OutboundQueue): void {
    if (queue.scheduled) return;
    queue.scheduled = true;
    this.dirty.push(queue);
    this.cadence.request();
  }

  private flushAll(): void {
    // Swap the lists: a queue marked while this pass runs waits for the next pass.
    const queues = this.dirty;
    this.dirty = this.spare;
    this.spare = queues;
    this.writes += queues.length;
    for (let i = 0; i < queues.length; i++) {
      const queue = queues[i]!;
      queue.scheduled = false;
      if (queue.flush() === "overflow") this.onOverflow(queue);
    }
    this.cadence.ranWith(queues.length);
    queues.length = 0;
  }
}
