/**
 * Outbound coalescing. Frames for a connection are appended to its queue; once per event-loop
 * turn every queue that received something is flushed with ONE write (TCP) or one corked batch
 * (WebSocket). A syscall per game message would cap the server at ~165 k frames/s
 * (docs/architecture.md); one write per socket per turn does millions.
 */

/** Where a connection's bytes finally go. Implemented by the TCP and WebSocket adapters. */
export interface OutboundSink {
  /** Writes as much as it can of the concatenated frames; returns the bytes accepted. */
  writeFrames(frames: Uint8Array, frameEnds: readonly number[]): number;
  /** Bytes the transport holds that the peer has not taken yet. */
  bufferedBytes(): number;
}

/** Past this many unsent bytes a peer that stopped reading is disconnected. */
export const MAX_PENDING_OUTBOUND_BYTES = 2 * 1024 * 1024;
const INITIAL_QUEUE_BYTES = 4096;

export type FlushOutcome = "flushed" | "partial" | "overflow";

/**
 * The frames one connection has not written yet, in one growable buffer. `frameEnds` marks
 * frame boundaries so a WebSocket sink can send one message per frame.
 */
export class OutboundQueue {
  private buffer = new Uint8Array(INITIAL_QUEUE_BYTES);
  private start = 0;
  private end = 0;
  /** Absolute end offsets of the queued frames; entries before `frameHead` are written. */
  private frameEnds: number[] = [];
  private frameHead = 0;
  /** Set by the scheduler while this queue waits for the next flush. */
  scheduled = false;

  constructor(readonly sink: OutboundSink) {}

  get pendingBytes(): number {
    return this.end - this.start;
  }

  /** Appends one whole frame (u16 length prefix + body). */
  append(frame: Uint8Array): void {
    this.reserve(frame.length);
    this.buffer.set(frame, this.end);
    this.end += frame.length;
    this.frameEnds.push(this.end);
  }

  /** Writes what the sink takes; keeps the rest for the next flush or drain. */
  flush(): FlushOutcome {
    if (this.end === this.start) return "flushed";
    const pending = this.buffer.subarray(this.start, this.end);
    const ends: number[] = [];
    for (let i = this.frameHead; i < this.frameEnds.length; i++) ends.push(this.frameEnds[i]! - this.start);
    const written = this.sink.writeFrames(pending, ends);
    this.start += written;
    while (this.frameHead < this.frameEnds.length && this.frameEnds[this.frameHead]! <= this.start) this.frameHead++;
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
      this.frameEnds = [];
      this.frameHead = 0;
      return "flushed";
    }
    return this.pendingBytes + this.sink.bufferedBytes() > MAX_PENDING_OUTBOUND_BYTES ? "overflow" : "partial";
  }

  /** Rebases the frame ends on `start` and drops the written ones. */
  private compactFrameEnds(): void {
    const rebased: number[] = [];
    for (let i = this.frameHead; i < this.frameEnds.length; i++) rebased.push(this.frameEnds[i]! - this.start);
    this.frameEnds = rebased;
    this.frameHead = 0;
  }

  private reserve(extra: number): void {
    if (this.end + extra <= this.buffer.length) return;
    const live = this.end - this.start;
    if (this.start > 0 && live + extra <= this.buffer.length) {
      this.buffer.copyWithin(0, this.start, this.end);
    } else {
      let size = this.buffer.length * 2;
      while (size < live + extra) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.buffer.subarray(this.start, this.end));
      this.buffer = grown;
    }
    this.compactFrameEnds();
    this.end = live;
    this.start = 0;
  }
}

/**
 * Flushes every queue that got frames during this event-loop turn, once, at the end of the
 * turn (setImmediate runs after the I/O callbacks of the turn).
 */
export class FlushScheduler {
  private readonly dirty: OutboundQueue[] = [];
  private armed = false;

  constructor(private readonly onOverflow: (queue: OutboundQueue) => void) {}

  markDirty(queue: OutboundQueue): void {
    if (queue.scheduled) return;
    queue.scheduled = true;
    this.dirty.push(queue);
    if (!this.armed) {
      this.armed = true;
      setImmediate(this.flushAll);
    }
  }

  readonly flushAll = (): void => {
    this.armed = false;
    const queues = this.dirty.splice(0, this.dirty.length);
    for (const queue of queues) {
      queue.scheduled = false;
      if (queue.flush() === "overflow") this.onOverflow(queue);
    }
  };
}
