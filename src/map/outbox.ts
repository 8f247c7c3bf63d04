/**
 * Frames from a map worker to the gateway: one transferable buffer per worker turn. Each record
 * is one encoded frame and the sessions that get it, so a broadcast crosses the thread once and
 * is never encoded twice. Layout: `recipients u16, session u32 × recipients, length u32, frame`.
 */

const INITIAL_BYTES = 16 * 1024;
/** The largest recipient list one record holds; a bigger broadcast is split into records. */
const MAX_RECIPIENTS_PER_RECORD = 65_535;

export class Outbox {
  private bytes = new Uint8Array(INITIAL_BYTES);
  private view = new DataView(this.bytes.buffer);
  private length = 0;
  /** Frames written since the last take (a broadcast counts once). */
  frames = 0;
  /** Deliveries since the last take (a broadcast counts once per recipient). */
  deliveries = 0;

  /**
   * `onFirstFrame` is called when a frame goes into an empty outbox: the worker arms its flush
   * there, whoever wrote the frame (an intent, a timer, a bus message).
   */
  constructor(private readonly onFirstFrame?: () => void) {}

  get isEmpty(): boolean {
    return this.length === 0;
  }

  sendTo(session: number, frame: Uint8Array): void {
    if (this.length === 0) this.onFirstFrame?.();
    this.reserve(2 + 4 + 4 + frame.length);
    this.view.setUint16(this.length, 1, true);
    this.view.setUint32(this.length + 2, session, true);
    this.view.setUint32(this.length + 6, frame.length, true);
    this.bytes.set(frame, this.length + 10);
    this.length += 10 + frame.length;
    this.frames++;
    this.deliveries++;
  }

  /** One frame for `count` sessions taken from `sessions`. */
  broadcast(sessions: ArrayLike<number>, count: number, frame: Uint8Array): void {
    if (this.length === 0 && count > 0) this.onFirstFrame?.();
    for (let start = 0; start < count; start += MAX_RECIPIENTS_PER_RECORD) {
      const n = Math.min(MAX_RECIPIENTS_PER_RECORD, count - start);
      this.reserve(2 + 4 * n + 4 + frame.length);
      this.view.setUint16(this.length, n, true);
      let at = this.length + 2;
      for (let i = 0; i < n; i++, at += 4) this.view.setUint32(at, sessions[start + i]!, true);
      this.view.setUint32(at, frame.length, true);
      this.bytes.set(frame, at + 4);
      this.length = at + 4 + frame.length;
      this.frames++;
      this.deliveries += n;
    }
  }

  take(): ArrayBuffer {
    const out = this.bytes.buffer.slice(0, this.length);
    this.length = 0;
    this.frames = 0;
    this.deliveries = 0;
    return out;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/**
 * Walks an outbox buffer, calling `deliver` once per (session, frame). The frame is a view into
 * the buffer: the callee copies it (appending it to a connection's queue does).
 */
export function readOutbox(buffer: ArrayBuffer, deliver: (session: number, frame: Uint8Array) => void): void {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let at = 0;
  while (at + 2 <= bytes.length) {
    const recipients = view.getUint16(at, true);
    const frameAt = at + 2 + 4 * recipients;
    const length = view.getUint32(frameAt, true);
    const frame = bytes.subarray(frameAt + 4, frameAt + 4 + length);
    for (let i = 0; i < recipients; i++) deliver(view.getUint32(at + 2 + 4 * i, true), frame);
    at = frameAt + 4 + length;
  }
}
