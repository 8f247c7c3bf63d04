/**
 * The small binary indexes `cabezas.ind`, `cascos.ind` and `fxs.ind` (ao-data-formats §4.2,
 * §4.3): a 263-byte header (`tCabecera`: String*255 + CRC + magic), an i16 count, then
 * fixed-size records numbered from 1.
 */
import type { DatIssue, DatResult } from "../dat/index.ts";
import { ByteReader, TruncatedError } from "./byte-reader.ts";
import type { Fx, HeadingGrhs } from "./graphics-index.ts";

/** `tCabecera`: 255-byte description + i32 CRC + i32 magic word. */
export const IND_HEADER_BYTES = 263;

function truncated(error: TruncatedError): DatIssue {
  return { code: "truncated", file: error.file, offset: error.offset, message: error.message };
}

function trailing(reader: ByteReader): DatIssue[] {
  if (reader.remaining === 0) return [];
  return [
    {
      code: "trailing-bytes",
      file: reader.file,
      offset: reader.offset,
      message: `${reader.file}: ${reader.remaining} bytes after the last record (offset ${reader.offset}) ignored`,
    },
  ];
}

function readCount(reader: ByteReader): number | DatIssue {
  reader.skip(IND_HEADER_BYTES, "header");
  const offset = reader.offset;
  const count = reader.i16("record count");
  if (count < 0) {
    return { code: "bad-record", file: reader.file, offset, message: `${reader.file}: record count ${count} at byte offset ${offset}` };
  }
  return count;
}

/**
 * Parses `cabezas.ind` or `cascos.ind`: per id 4 × i32 grh (north, east, south, west). An id whose
 * first grh is 0 is unused (null), as in the client.
 */
export function parseHeadsInd(bytes: Uint8Array, fileName: string): DatResult<(HeadingGrhs | null)[]> {
  const reader = new ByteReader(bytes, fileName);
  try {
    const count = readCount(reader);
    if (typeof count !== "number") return { value: null, errors: [count], warnings: [] };
    const heads: (HeadingGrhs | null)[] = [null];
    for (let id = 1; id <= count; id++) {
      const what = `head ${id}`;
      const grhs: HeadingGrhs = [reader.i32(what), reader.i32(what), reader.i32(what), reader.i32(what)];
      heads.push(grhs[0] === 0 ? null : grhs);
    }
    return { value: heads, errors: [], warnings: trailing(reader) };
  } catch (error) {
    if (error instanceof TruncatedError) return { value: null, errors: [truncated(error)], warnings: [] };
    throw error;
  }
}

/** Parses `fxs.ind`: per id i32 grh, i16 offsetX, i16 offsetY, i16 isPng. A 0 grh is unused (null). */
export function parseFxsInd(bytes: Uint8Array, fileName: string): DatResult<(Fx | null)[]> {
  const reader = new ByteReader(bytes, fileName);
  try {
    const count = readCount(reader);
    if (typeof count !== "number") return { value: null, errors: [count], warnings: [] };
    const fxs: (Fx | null)[] = [null];
    for (let id = 1; id <= count; id++) {
      const what = `fx ${id}`;
      const grh = reader.i32(what);
      const offsetX = reader.i16(what);
      const offsetY = reader.i16(what);
      const isPng = reader.i16(what) !== 0;
      fxs.push(grh === 0 ? null : { grh, offsetX, offsetY, isPng });
    }
    return { value: fxs, errors: [], warnings: trailing(reader) };
  } catch (error) {
    if (error instanceof TruncatedError) return { value: null, errors: [truncated(error)], warnings: [] };
    throw error;
  }
}
