/**
 * TCP framing (§1.2): every body travels as `u16 LE length` + body, one packet per frame,
 * 1..65,535 body bytes. Over WebSocket (§1.6) one binary message is one body, no prefix.
 */
import { FRAME_HEADER_BYTES, MAX_FRAME_BODY_BYTES } from "./constants.ts";
import { ProtocolError } from "./protocol-error.ts";

export interface FrameDecoderOptions {
  /**
   * Largest body accepted, in bytes (default and maximum 65,535). A server can lower it for
   * client traffic: the longest client packet is far shorter than 64 KiB.
   */
  readonly maxBodyBytes?: number;
}

/**
 * Splits a TCP byte stream into frame bodies. Any split or join of the stream yields the same
 * bodies. Memory is bounded: at most one partial frame is buffered (≤ `maxBodyBytes` + 2 bytes),
 * allocated at its exact size when a frame straddles two chunks.
 *
 * Bodies passed to `onBody` are views: either into the pushed chunk (frames wholly inside it)
 * or into a buffer owned by that frame alone. They are never overwritten by the decoder, but a
 * view into a chunk aliases the caller's chunk; copy it if the chunk's memory will be reused.
 *
 * After an error (length 0 or above the limit) the stream is out of sync: the decoder stays
 * failed and returns the same error on every later push. Close the connection.
 *
 * If `onBody` throws, the exception propagates and the rest of that chunk is dropped; treat it
 * as fatal for the connection too.
 */
export class FrameDecoder {
  readonly maxBodyBytes: number;
  private header = 0;
  private headerBytes = 0;
  private partial: Uint8Array | undefined = undefined;
  private partialFilled = 0;
  private consumed = 0;
  private error: ProtocolError | undefined = undefined;

  constructor(options: FrameDecoderOptions = {}) {
    const max = options.maxBodyBytes ?? MAX_FRAME_BODY_BYTES;
    if (!Number.isInteger(max) || max < 1 || max > MAX_FRAME_BODY_BYTES) {
      throw new RangeError(`maxBodyBytes must be 1..${MAX_FRAME_BODY_BYTES}, got ${max}`);
    }
    this.maxBodyBytes = max;
  }

  /** The error that stopped the decoder, if any. */
  get failed(): ProtocolError | undefined {
    return this.error;
  }

  /** Bytes held for an incomplete frame (header bytes included). */
  get bufferedBytes(): number {
    return this.headerBytes + this.partialFilled;
  }

  /** Total stream bytes consumed so far (offsets in errors are relative to the stream start). */
  get streamOffset(): number {
    return this.consumed;
  }

  /**
   * Feeds a chunk; calls `onBody` for each complete frame body, in order. Returns the error that
   * stops the stream, or undefined.
   */
  push(chunk: Uint8Array, onBody: (body: Uint8Array) => void): ProtocolError | undefined {
    if (this.error) return this.error;
    let pos = 0;
    const end = chunk.length;
    while (pos < end) {
      if (this.partial !== undefined) {
        // Finish the straddling frame first.
        const body = this.partial;
        const take = Math.min(body.length - this.partialFilled, end - pos);
        body.set(chunk.subarray(pos, pos + take), this.partialFilled);
        this.partialFilled += take;
        pos += take;
        if (this.partialFilled < body.length) break;
        this.partial = undefined;
        this.partialFilled = 0;
        this.consumed += FRAME_HEADER_BYTES + body.length;
        onBody(body);
        continue;
      }
      if (this.headerBytes === 0 && end - pos >= FRAME_HEADER_BYTES) {
        const length = chunk[pos]! | (chunk[pos + 1]! << 8);
        const problem = this.checkLength(length);
        if (problem) return problem;
        if (end - pos - FRAME_HEADER_BYTES >= length) {
          const start = pos + FRAME_HEADER_BYTES;
          pos = start + length;
          this.consumed += FRAME_HEADER_BYTES + length;
          onBody(chunk.subarray(start, pos));
          continue;
        }
        this.startPartial(length);
        pos += FRAME_HEADER_BYTES;
        continue;
      }
      // Header split across chunks: collect it byte by byte.
      this.header |= chunk[pos++]! << (8 * this.headerBytes);
      this.headerBytes++;
      if (this.headerBytes === FRAME_HEADER_BYTES) {
        const length = this.header;
        this.header = 0;
        this.headerBytes = 0;
        const problem = this.checkLength(length);
        if (problem) return problem;
        this.startPartial(length);
      }
    }
    return undefined;
  }

  private startPartial(length: number): void {
    this.partial = new Uint8Array(length);
    this.partialFilled = 0;
  }

  private checkLength(length: number): ProtocolError | undefined {
    if (length === 0) {
      this.error = new ProtocolError("empty_frame", "frame with a 0-byte body", { offset: this.consumed });
    } else if (length > this.maxBodyBytes) {
      this.error = new ProtocolError("frame_too_large", `frame body of ${length} bytes exceeds ${this.maxBodyBytes}`, {
        offset: this.consumed,
      });
    }
    return this.error;
  }
}

/**
 * Calls `onFrame` for each whole frame (`u16` LE length + body) of `frames`, frames back to back
 * as the server writes them (a map worker's run for one session), as views into it. A trailing
 * partial frame is not reported.
 */
export function forEachFrame(frames: Uint8Array, onFrame: (frame: Uint8Array) => void): void {
  let at = 0;
  while (at + FRAME_HEADER_BYTES <= frames.length) {
    const end = at + FRAME_HEADER_BYTES + (frames[at]! | (frames[at + 1]! << 8));
    if (end > frames.length) return;
    onFrame(frames.subarray(at, end));
    at = end;
  }
}

/**
 * One frame (`u16` LE length + body) for `body`.
 * @throws ProtocolError `empty_frame` / `frame_too_large` for a body that cannot be framed (a
 * caller bug: the codec's encoders never produce such bodies).
 */
export function frameBody(body: Uint8Array): Uint8Array {
  checkBodyLength(body.length);
  const frame = new Uint8Array(FRAME_HEADER_BYTES + body.length);
  frame[0] = body.length & 0xff;
  frame[1] = body.length >>> 8;
  frame.set(body, FRAME_HEADER_BYTES);
  return frame;
}

/**
 * Any number of bodies as consecutive frames in one buffer (one socket write).
 * @throws ProtocolError like `frameBody`.
 */
export function encodeFrames(bodies: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const body of bodies) {
    checkBodyLength(body.length);
    total += FRAME_HEADER_BYTES + body.length;
  }
  const out = new Uint8Array(total);
  let pos = 0;
  for (const body of bodies) {
    out[pos] = body.length & 0xff;
    out[pos + 1] = body.length >>> 8;
    out.set(body, pos + FRAME_HEADER_BYTES);
    pos += FRAME_HEADER_BYTES + body.length;
  }
  return out;
}

function checkBodyLength(length: number): void {
  if (length === 0) throw new ProtocolError("empty_frame", "cannot frame an empty body");
  if (length > MAX_FRAME_BODY_BYTES) {
    throw new ProtocolError("frame_too_large", `body of ${length} bytes exceeds ${MAX_FRAME_BODY_BYTES}`);
  }
}

/**
 * Splits a buffer that should hold whole frames only (a capture, a pre-encoded broadcast) into
 * body views. Stops at the first bad frame: `error` says why (`truncated` for a cut tail,
 * `empty_frame`) and `bodies` holds the frames before it.
 */
export function splitFrames(buffer: Uint8Array): { readonly bodies: Uint8Array[]; readonly error: ProtocolError | undefined } {
  const bodies: Uint8Array[] = [];
  let pos = 0;
  while (pos < buffer.length) {
    if (buffer.length - pos < FRAME_HEADER_BYTES) {
      return { bodies, error: new ProtocolError("truncated", "frame header cut short", { offset: pos }) };
    }
    const length = buffer[pos]! | (buffer[pos + 1]! << 8);
    if (length === 0) return { bodies, error: new ProtocolError("empty_frame", "frame with a 0-byte body", { offset: pos }) };
    const start = pos + FRAME_HEADER_BYTES;
    if (buffer.length - start < length) {
      return {
        bodies,
        error: new ProtocolError("truncated", `frame of ${length} bytes, ${buffer.length - start} present`, { offset: pos }),
      };
    }
    bodies.push(buffer.subarray(start, start + length));
    pos = start + length;
  }
  return { bodies, error: undefined };
}

/**
 * The body of exactly one frame (a frame given whole, as the CLI inspector reads it): the length
 * prefix must match the bytes that follow.
 */
export function bodyOfFrame(
  frame: Uint8Array,
): { readonly ok: true; readonly body: Uint8Array } | { readonly ok: false; readonly error: ProtocolError } {
  if (frame.length < FRAME_HEADER_BYTES) {
    return { ok: false, error: new ProtocolError("truncated", "frame shorter than its 2-byte length", { offset: 0 }) };
  }
  const length = frame[0]! | (frame[1]! << 8);
  if (length === 0) return { ok: false, error: new ProtocolError("empty_frame", "frame with a 0-byte body", { offset: 0 }) };
  const present = frame.length - FRAME_HEADER_BYTES;
  if (present < length) {
    return { ok: false, error: new ProtocolError("truncated", `frame announces ${length} bytes, ${present} present`, { offset: 0 }) };
  }
  if (present > length) {
    return {
      ok: false,
      error: new ProtocolError("extra_bytes", `${present - length} byte(s) after the frame`, { offset: FRAME_HEADER_BYTES + length }),
    };
  }
  return { ok: true, body: frame.subarray(FRAME_HEADER_BYTES) };
}

/**
 * The WebSocket message for a TCP frame: the same bytes without the 2-byte prefix. A broadcast
 * pre-encoded once as a frame serves both transports with no copy.
 */
export function webSocketMessageOfFrame(frame: Uint8Array): Uint8Array {
  return frame.subarray(FRAME_HEADER_BYTES);
}

/**
 * Checks a received WebSocket binary message and returns it as a body view: one message is one
 * body (§1.6), so it must be 1..65,535 bytes (or the receiver's lower limit).
 */
export function bodyOfWebSocketMessage(
  message: ArrayBuffer | ArrayBufferView,
  maxBodyBytes = MAX_FRAME_BODY_BYTES,
): { readonly ok: true; readonly body: Uint8Array } | { readonly ok: false; readonly error: ProtocolError } {
  const body =
    message instanceof Uint8Array
      ? message
      : ArrayBuffer.isView(message)
        ? new Uint8Array(message.buffer, message.byteOffset, message.byteLength)
        : new Uint8Array(message);
  if (body.length === 0) return { ok: false, error: new ProtocolError("empty_frame", "empty WebSocket message", { offset: 0 }) };
  if (body.length > maxBodyBytes) {
    return {
      ok: false,
      error: new ProtocolError("frame_too_large", `WebSocket message of ${body.length} bytes exceeds ${maxBodyBytes}`, {
        offset: 0,
      }),
    };
  }
  return { ok: true, body };
}
