/**
 * A little-endian reader over bytes that never reads past the end: callers ask `has(n)` before a
 * read (one check per block of fixed-size records keeps the hot loops free of checks), and the
 * read methods themselves do not bounds-check. VB6 `Get` semantics: no alignment, no padding.
 */
export class ByteCursor {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  /** Next byte to read. */
  offset = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** Bytes left after `offset`. */
  remaining(): number {
    return this.bytes.length - this.offset;
  }

  /** True when `count` more bytes can be read. */
  has(count: number): boolean {
    return count >= 0 && count <= this.bytes.length - this.offset;
  }

  u8(): number {
    return this.view.getUint8(this.offset++);
  }

  i16(): number {
    const value = this.view.getInt16(this.offset, true);
    this.offset += 2;
    return value;
  }

  u16(): number {
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }

  i32(): number {
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  /** A view (not a copy) of the next `count` bytes. */
  take(count: number): Uint8Array {
    const slice = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return slice;
  }

  skip(count: number): void {
    this.offset += count;
  }
}
