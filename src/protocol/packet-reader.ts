import { MAX_VARINT_BYTES } from "./constants.ts";
import { ProtocolError, type ProtocolErrorCode } from "./protocol-error.ts";
import type { SafeArrayBound, SafeArrayInt8 } from "./safe-array.ts";

/** ASCII strings up to this many bytes are built char by char: faster than TextDecoder (measured). */
const ASCII_FAST_PATH_MAX_BYTES = 8;

const F32_EXPONENT_BIAS = 127;
const F32_FRACTION_UNIT = 2 ** -23;
const F32_SUBNORMAL_UNIT = 2 ** -149;

// `ignoreBOM` keeps a leading U+FEFF as a character: the wire bytes must survive a round trip.
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads AO20 primitives (§1.3) from one packet body. Every read is bounds-checked and fails with
 * a thrown `ProtocolError`; the codec catches it at the packet boundary and returns it as a value,
 * so nothing else ever escapes a decoder.
 */
export class PacketReader {
  readonly buf: Uint8Array;
  readonly end: number;
  pos: number;
  /** Name of the field being read, for error context. */
  field: string | undefined = undefined;
  private view: DataView | undefined = undefined;

  constructor(buf: Uint8Array, start = 0, end = buf.length) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  fail(code: ProtocolErrorCode, message: string, offset = this.pos): never {
    throw new ProtocolError(code, message, { offset, field: this.field });
  }

  need(bytes: number): void {
    if (this.pos + bytes > this.end) {
      this.fail("truncated", `needs ${bytes} more byte(s), ${this.end - this.pos} left`);
    }
  }

  u8(): number {
    if (this.pos >= this.end) this.need(1);
    return this.buf[this.pos++]!;
  }

  i16(): number {
    if (this.pos + 2 > this.end) this.need(2);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return ((b[p]! | (b[p + 1]! << 8)) << 16) >> 16;
  }

  i32(): number {
    if (this.pos + 4 > this.end) this.need(4);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24);
  }

  /** IEEE-754 binary32, decoded arithmetically (exact) so that no DataView is allocated per packet. */
  f32(): number {
    const bits = this.i32();
    const sign = bits < 0 ? -1 : 1;
    const exponent = (bits >>> 23) & 0xff;
    const fraction = bits & 0x7f_ffff;
    if (exponent === 0xff) return fraction === 0 ? sign * Infinity : Number.NaN;
    if (exponent === 0) return sign * fraction * F32_SUBNORMAL_UNIT;
    return sign * (1 + fraction * F32_FRACTION_UNIT) * 2 ** (exponent - F32_EXPONENT_BIAS);
  }

  f64(): number {
    this.need(8);
    const value = this.dataView().getFloat64(this.pos, true);
    this.pos += 8;
    return value;
  }

  /** VB `ReadBool`: any non-zero byte is true. */
  bool(): boolean {
    return this.u8() !== 0;
  }

  /** Unsigned LEB128 (`ReadInt`), at most 10 bytes and at most 2^53 - 1 so it fits a JS number. */
  varint(): number {
    const start = this.pos;
    let result = 0;
    let scale = 1;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      if (this.pos >= this.end) this.fail("truncated", "varint runs past the end", start);
      const byte = this.buf[this.pos++]!;
      result += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) {
        if (result > Number.MAX_SAFE_INTEGER) this.fail("bad_varint", "varint exceeds 2^53 - 1", start);
        return result;
      }
      scale *= 128;
    }
    return this.fail("bad_varint", `varint longer than ${MAX_VARINT_BYTES} bytes`, start);
  }

  /** String8: varint UTF-8 byte count, then the bytes (§1.3). */
  str(): string {
    const lengthAt = this.pos;
    // Nearly every string is shorter than 128 bytes: a one-byte length.
    const first = this.pos < this.end ? this.buf[this.pos]! : 0x80;
    let length: number;
    if (first < 0x80) {
      this.pos++;
      length = first;
    } else {
      length = this.varint();
    }
    if (length > this.end - this.pos) {
      this.fail("truncated", `string of ${length} bytes, ${this.end - this.pos} left`, lengthAt);
    }
    const b = this.buf;
    const start = this.pos;
    const stop = start + length;
    this.pos = stop;
    if (length === 0) return "";
    if (length <= ASCII_FAST_PATH_MAX_BYTES) {
      let text = "";
      let p = start;
      for (; p < stop; p++) {
        const c = b[p]!;
        if (c >= 0x80) break;
        text += String.fromCharCode(c);
      }
      if (p === stop) return text;
    }
    try {
      return utf8Decoder.decode(b.subarray(start, stop));
    } catch {
      return this.fail("bad_string", "string is not valid UTF-8", start);
    }
  }

  /** `ReadSafeArrayInt8`: varint dims, per dim varint lowerBound + varint count, then the bytes. */
  sa8(): SafeArrayInt8 {
    const start = this.pos;
    const dims = this.varint();
    // Each dimension needs at least two bytes of bounds: refuse before allocating anything.
    if (dims * 2 > this.end - this.pos) this.fail("truncated", `safe array with ${dims} dimension(s)`, start);
    const bounds: SafeArrayBound[] = [];
    let elements = dims === 0 ? 0 : 1;
    for (let d = 0; d < dims; d++) {
      const lowerBound = this.varint();
      const count = this.varint();
      bounds.push({ lowerBound, count });
      // Clamped so that many huge dimensions cannot reach Infinity (and 0 × Infinity = NaN).
      elements = Math.min(elements * count, Number.MAX_SAFE_INTEGER);
    }
    if (elements > this.end - this.pos) {
      this.fail("truncated", `safe array of ${elements} byte(s), ${this.end - this.pos} left`, start);
    }
    const data = this.buf.slice(this.pos, this.pos + elements);
    this.pos += elements;
    return { bounds, data };
  }

  /** The rest of the body, copied (used for packets whose layout is unknown). */
  rest(): Uint8Array {
    const data = this.buf.slice(this.pos, this.end);
    this.pos = this.end;
    return data;
  }

  private dataView(): DataView {
    this.view ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    return this.view;
  }
}
