/**
 * Bounds-checked little-endian reads for the VB6 binary indexes (ao-data-formats §0: no
 * padding, Integer = i16, Long = i32, Single = f32). Every read checks the remaining length
 * first; running past the end raises {@link TruncatedError} naming the file and the offset,
 * which the parsers turn into an issue value.
 */

/** Thrown (and caught inside this context) when a read would go past the end of the bytes. */
export class TruncatedError extends Error {
  readonly code = "truncated" as const;
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly wanted: number,
    readonly left: number,
    readonly what: string,
  ) {
    super(`${file}: truncated at byte offset ${offset}: ${what} needs ${wanted} bytes, ${left} left`);
    this.name = "TruncatedError";
  }
}

export class ByteReader {
  private readonly view: DataView;
  offset = 0;

  constructor(
    private readonly bytes: Uint8Array,
    readonly file: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.length;
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  private need(size: number, what: string): number {
    if (this.offset + size > this.bytes.length) {
      throw new TruncatedError(this.file, this.offset, size, this.remaining, what);
    }
    const at = this.offset;
    this.offset += size;
    return at;
  }

  i16(what: string): number {
    return this.view.getInt16(this.need(2, what), true);
  }

  i32(what: string): number {
    return this.view.getInt32(this.need(4, what), true);
  }

  f32(what: string): number {
    return this.view.getFloat32(this.need(4, what), true);
  }

  skip(size: number, what: string): void {
    this.need(size, what);
  }
}
