/**
 * The SafeArrayInt8 value (`WriteSafeArrayInt8`, §1.3), on its own so the reader, the writer, the
 * layouts and the constants (the `Connected` debug payload) share it without importing each other.
 */

/** A SafeArrayInt8: per-dimension bounds and the raw element bytes. */
export interface SafeArrayInt8 {
  readonly bounds: readonly SafeArrayBound[];
  readonly data: Uint8Array;
}

/** One dimension of a SafeArray: its VB6 lower bound and how many elements it has. */
export interface SafeArrayBound {
  readonly lowerBound: number;
  readonly count: number;
}
