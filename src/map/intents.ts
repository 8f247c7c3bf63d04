/**
 * Intents from the gateway to a map worker: the in-world packet bodies players sent, as the
 * gateway received and checked them, packed in one transferable buffer per worker per
 * event-loop turn (never objects, never one message per action). The map decodes each body and
 * dispatches it through its packet table (handlers.ts), so a new packet needs no change here.
 * Layout per record: `session u32 LE, body length u16 LE, body`.
 */
import { MAX_FRAME_BODY_BYTES } from "../protocol/index.ts";

const INITIAL_BYTES = 4096;
const RECORD_HEADER_BYTES = 6;

/** Accumulates intents for one worker until the gateway flushes them. */
export class IntentBatchWriter {
  private bytes = new Uint8Array(INITIAL_BYTES);
  private view = new DataView(this.bytes.buffer);
  private length = 0;
  count = 0;

  get isEmpty(): boolean {
    return this.count === 0;
  }

  /** Appends one packet body (copied) from `session`. */
  write(session: number, body: Uint8Array): void {
    if (body.length > MAX_FRAME_BODY_BYTES) throw new RangeError(`intent body of ${body.length} bytes exceeds ${MAX_FRAME_BODY_BYTES}`);
    this.reserve(RECORD_HEADER_BYTES + body.length);
    this.view.setUint32(this.length, session, true);
    this.view.setUint16(this.length + 4, body.length, true);
    this.bytes.set(body, this.length + RECORD_HEADER_BYTES);
    this.length += RECORD_HEADER_BYTES + body.length;
    this.count++;
  }

  /** Hands over the bytes written so far (as a transferable buffer) and starts afresh. */
  take(): ArrayBuffer {
    const out = this.bytes.buffer.slice(0, this.length);
    this.length = 0;
    this.count = 0;
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
 * Calls `visit(session, body)` for every record of a batch, in order; `body` is a view into the
 * batch. The buffer comes from our own gateway, but it is still bounds-checked: a torn record
 * throws a RangeError naming the byte, after the records before it were visited.
 */
export function forEachIntent(buffer: ArrayBuffer, visit: (session: number, body: Uint8Array) => void): void {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let at = 0;
  while (at < bytes.length) {
    if (at + RECORD_HEADER_BYTES > bytes.length) throw new RangeError(`intent batch: record header past the end at byte ${at} of ${bytes.length}`);
    const session = view.getUint32(at, true);
    const length = view.getUint16(at + 4, true);
    const start = at + RECORD_HEADER_BYTES;
    if (start + length > bytes.length) throw new RangeError(`intent batch: body of ${length} bytes past the end at byte ${at} of ${bytes.length}`);
    visit(session, bytes.subarray(start, start + length));
    at = start + length;
  }
}
