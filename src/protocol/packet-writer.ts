import { FRAME_HEADER_BYTES, MAX_FRAME_BODY_BYTES } from "./constants.ts";
import type { SafeArrayInt8 } from "./safe-array.ts";

/** Starting size of a writer's buffer; it doubles when a write needs more. */
export const DEFAULT_WRITER_CAPACITY_BYTES = 4096;

/**
 * A reusable, growable byte buffer that writes AO20 primitives (§1.3) and whole frames
 * (`u16` LE body length + body, §1.2). Many frames can be appended into one buffer and sent with
 * one socket write; `reset()` reuses the memory for the next batch.
 *
 * Primitive writers do not validate: numbers wrap like VB's typed stores (i16 keeps the low 16
 * bits, ...). Use the table-driven encoders when values come from untrusted input.
 *
 * Views returned by `bytes()` alias the internal buffer: they stay valid until the next write
 * that grows the buffer or the next `reset()`. Copy them (`copyBytes()`) to keep them longer.
 */
export class PacketWriter {
  private buf: Uint8Array;
  private view: DataView;
  private pos = 0;
  private frameStart = -1;

  constructor(initialCapacity = DEFAULT_WRITER_CAPACITY_BYTES) {
    this.buf = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buf.buffer);
  }

  /** Bytes written so far. */
  get length(): number {
    return this.pos;
  }

  /** Current buffer size (grows, never shrinks). */
  get capacity(): number {
    return this.buf.length;
  }

  /** True between `beginFrame` and `endFrame`. */
  get inFrame(): boolean {
    return this.frameStart >= 0;
  }

  /** Forget everything written; keeps the memory. */
  reset(): void {
    this.pos = 0;
    this.frameStart = -1;
  }

  /** Drop everything written after `length` (e.g. to roll back a partly written packet). */
  truncate(length: number): void {
    if (length < 0 || length > this.pos) throw new RangeError(`cannot truncate to ${length} of ${this.pos}`);
    this.pos = length;
    if (this.frameStart >= length) this.frameStart = -1;
  }

  /** A view of everything written (aliases the buffer, see the class comment). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** A view of the bytes in `[start, end)` (aliases the buffer). */
  slice(start: number, end = this.pos): Uint8Array {
    return this.buf.subarray(start, end);
  }

  /** A fresh copy of everything written. */
  copyBytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /** Make room for `bytes` more bytes. */
  reserve(bytes: number): void {
    const needed = this.pos + bytes;
    if (needed <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /**
   * Start a frame: reserve the 2-byte length and write the i16 packet id. Frames do not nest.
   */
  beginFrame(packetId: number): void {
    if (this.frameStart >= 0) throw new Error("PacketWriter.beginFrame: a frame is already open");
    this.reserve(FRAME_HEADER_BYTES + 2);
    this.frameStart = this.pos;
    this.pos += FRAME_HEADER_BYTES;
    this.i16(packetId);
  }

  /**
   * Finish the open frame by patching its length. A body over 65,535 bytes cannot be framed: the
   * frame is removed again and the result is false (a chat line from a hostile client can make a
   * server packet that large, so callers must be able to drop it).
   */
  endFrame(): boolean {
    const start = this.frameStart;
    if (start < 0) throw new Error("PacketWriter.endFrame: no frame is open");
    this.frameStart = -1;
    const bodyLength = this.pos - start - FRAME_HEADER_BYTES;
    if (bodyLength > MAX_FRAME_BODY_BYTES) {
      this.pos = start;
      return false;
    }
    this.buf[start] = bodyLength & 0xff;
    this.buf[start + 1] = bodyLength >>> 8;
    return true;
  }

  /** Abandon the open frame, removing what it wrote. */
  abortFrame(): void {
    if (this.frameStart < 0) return;
    this.pos = this.frameStart;
    this.frameStart = -1;
  }

  u8(value: number): void {
    if (this.pos + 1 > this.buf.length) this.reserve(1);
    this.buf[this.pos++] = value;
  }

  bool(value: boolean): void {
    this.u8(value ? 1 : 0);
  }

  i16(value: number): void {
    if (this.pos + 2 > this.buf.length) this.reserve(2);
    const b = this.buf;
    const p = this.pos;
    b[p] = value;
    b[p + 1] = value >> 8;
    this.pos = p + 2;
  }

  i32(value: number): void {
    if (this.pos + 4 > this.buf.length) this.reserve(4);
    const b = this.buf;
    const p = this.pos;
    b[p] = value;
    b[p + 1] = value >> 8;
    b[p + 2] = value >> 16;
    b[p + 3] = value >> 24;
    this.pos = p + 4;
  }

  f32(value: number): void {
    this.reserve(4);
    this.view.setFloat32(this.pos, value, true);
    this.pos += 4;
  }

  f64(value: number): void {
    this.reserve(8);
    this.view.setFloat64(this.pos, value, true);
    this.pos += 8;
  }

  /**
   * Unsigned LEB128 (`WriteInt`). Expects a non-negative safe integer; the VB6 writer mangles
   * negatives (§1.3), so validated encoders refuse them.
   */
  varint(value: number): void {
    this.reserve(10);
    const b = this.buf;
    let p = this.pos;
    let v = value;
    while (v >= 0x80) {
      b[p++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    b[p++] = v;
    this.pos = p;
  }

  /**
   * String8 (§1.3): varint UTF-8 byte count, then UTF-8. Lone surrogates become U+FFFD, as with
   * `TextEncoder`. ASCII strings shorter than 128 characters take a single pass.
   */
  str(value: string): void {
    const n = value.length;
    // 10 covers the longest varint prefix, so the `varint` call below never reallocates.
    this.reserve(10 + n * 3);
    const b = this.buf;
    const start = this.pos;
    if (n < 0x80) {
      let p = start + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c >= 0x80) break;
        b[p++] = c;
      }
      if (i === n) {
        b[start] = n;
        this.pos = p;
        return;
      }
    }
    this.varint(utf8Length(value));
    this.pos = writeUtf8(value, this.buf, this.pos);
  }

  /** Raw bytes, no length prefix. */
  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** `WriteSafeArrayInt8`: varint dims, per dim varint lowerBound + varint count, then the bytes. */
  sa8(value: SafeArrayInt8): void {
    this.varint(value.bounds.length);
    for (const bound of value.bounds) {
      this.varint(bound.lowerBound);
      this.varint(bound.count);
    }
    this.raw(value.data);
  }
}

/** UTF-8 byte length of a JS string (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(value: string): number {
  let bytes = 0;
  const n = value.length;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && isLowSurrogate(value.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Writes `value` as UTF-8 at `pos` (caller reserved room); returns the new position. */
function writeUtf8(value: string, b: Uint8Array, pos: number): number {
  let p = pos;
  const n = value.length;
  for (let i = 0; i < n; i++) {
    let c = value.charCodeAt(i);
    if (c < 0x80) {
      b[p++] = c;
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? value.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && isLowSurrogate(next)) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        b[p++] = 0xf0 | (c >> 18);
        b[p++] = 0x80 | ((c >> 12) & 0x3f);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      } else {
        // Lone surrogate: U+FFFD, like TextEncoder.
        b[p++] = 0xef;
        b[p++] = 0xbf;
        b[p++] = 0xbd;
      }
    } else {
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    }
  }
  return p;
}
