/**
 * The grh table from `Graficos.ini` (text, what the AO20 client loads today, `LoadGrhIni`) or
 * `graficos.ind` (binary, `LoadGrhData`), ao-org/argentum-online-client `CODIGO/Recursos.bas`;
 * layout in ao-data-formats §4.1.
 */
import { decodeTextLines, vbUpperCase, vbVal, type DatIssue, type DatResult } from "../dat/index.ts";
import { ByteReader, TruncatedError } from "./byte-reader.ts";
import type { Grh } from "./graphics-index.ts";

/**
 * Highest grh id we accept. Real data goes to 70,241; the cap keeps a hostile count from
 * allocating gigabytes (the table is an array indexed by id).
 */
export const MAX_GRH_ID = 1_000_000;
/** VB6 `Integer` frame count. */
const MAX_FRAMES = 32_767;

/** The grh table: index = grh id, null = undefined id. */
export interface GrhTable {
  /** `NumGrh` / the count in the binary header: the highest id. */
  declaredCount: number;
  grhs: (Grh | null)[];
}

function issue(code: DatIssue["code"], file: string, message: string, extra: Partial<DatIssue> = {}): DatIssue {
  return { code, file, message: `${file}: ${message}`, ...extra };
}

/**
 * Animations whose frames are not defined. The client keeps them (it draws nothing for the
 * missing frame), so do we; one warning per file lists how many and the first few.
 */
function checkAnimationFrames(grhs: readonly (Grh | null)[], file: string, warnings: DatIssue[]): void {
  const bad: string[] = [];
  let count = 0;
  for (let id = 1; id < grhs.length; id++) {
    const grh = grhs[id];
    if (!grh || !("frames" in grh)) continue;
    const missing = grh.frames.find((frame) => frame >= grhs.length || grhs[frame] === null);
    if (missing === undefined) continue;
    count++;
    if (bad.length < MAX_LISTED) bad.push(`grh ${id} → frame ${missing}`);
  }
  if (count > 0) {
    warnings.push(issue("bad-record", file, `${count} animations use undefined frames (${bad.join(", ")}${count > bad.length ? ", …" : ""})`));
  }
}

/** How many examples a summary warning lists. */
const MAX_LISTED = 5;

const GRH_KEY = /^GRH([0-9]{1,7})$/;

/**
 * Parses `Graficos.ini`: `[INIT] NumGrh=<max>`, then after `[Graphics]` lines
 * `Grh<id>=<frames>-…`: `1-file-x-y-w-h` for a picture, `n-g1-…-gn-speed` for an animation.
 * A bad line is skipped with a warning (the VB6 client would stop loading there).
 */
export function parseGraficosIni(bytes: Uint8Array, fileName: string): DatResult<GrhTable> {
  const { lines } = decodeTextLines(bytes);
  const warnings: DatIssue[] = [];
  let declaredCount = -1;
  let index = 0;
  for (; index < lines.length; index++) {
    const text = lines[index]!.text;
    const [key, value] = splitOnce(text, "=");
    if (key === "NumGrh" && value !== undefined) {
      declaredCount = Math.trunc(vbVal(value));
      break;
    }
  }
  if (declaredCount <= 0) {
    return { value: null, errors: [issue("not-a-table", fileName, "no NumGrh=<count> line")], warnings };
  }
  if (declaredCount > MAX_GRH_ID) {
    return {
      value: null,
      errors: [issue("bad-record", fileName, `NumGrh=${declaredCount} is above the supported ${MAX_GRH_ID}`, { line: lines[index]!.line })],
      warnings,
    };
  }
  for (index++; index < lines.length; index++) {
    if (vbUpperCase(lines[index]!.text) === "[GRAPHICS]") break;
  }
  if (index >= lines.length) {
    return { value: null, errors: [issue("not-a-table", fileName, "no [Graphics] section")], warnings };
  }
  const grhs: (Grh | null)[] = new Array<Grh | null>(declaredCount + 1).fill(null);
  const lineOf = new Map<number, number>();
  for (index++; index < lines.length; index++) {
    const { text, line } = lines[index]!;
    if (text === "") continue;
    const bad = (message: string) => warnings.push(issue("bad-record", fileName, `line ${line}: ${message}`, { line }));
    const [key, value] = splitOnce(text, "=");
    const match = GRH_KEY.exec(vbUpperCase(key.trim()));
    if (match === null || value === undefined) {
      bad(`not a Grh<id>=… line: ${JSON.stringify(text.slice(0, 40))}`);
      continue;
    }
    const id = Number(match[1]);
    if (id < 1 || id > declaredCount) {
      bad(`grh ${id} is outside 1..NumGrh=${declaredCount}`);
      continue;
    }
    if (grhs[id] !== null) {
      bad(`grh ${id} defined again; the first definition (line ${lineOf.get(id)}) is kept`);
      continue;
    }
    const fields = value.split("-");
    const frameCount = Math.trunc(vbVal(fields[0] ?? ""));
    if (frameCount === 1) {
      const [file, x, y, w, h] = [1, 2, 3, 4, 5].map((i) => Math.trunc(vbVal(fields[i] ?? "")));
      if (!(file! > 0 && x! >= 0 && y! >= 0 && w! > 0 && h! > 0)) {
        bad(`grh ${id}: picture needs file > 0, x/y ≥ 0, w/h > 0 (got ${value})`);
        continue;
      }
      grhs[id] = { file: file!, x: x!, y: y!, w: w!, h: h! };
    } else if (frameCount > 1 && frameCount <= MAX_FRAMES && fields.length >= frameCount + 2) {
      const frames = fields.slice(1, frameCount + 1).map((part) => Math.trunc(vbVal(part)));
      const speed = vbVal(fields[frameCount + 1]!);
      if (frames.some((frame) => frame < 1 || frame > declaredCount) || !(speed > 0)) {
        bad(`grh ${id}: animation frames must be in 1..${declaredCount} and speed > 0 (got ${value.slice(0, 60)})`);
        continue;
      }
      grhs[id] = { frames, speed };
    } else {
      bad(`grh ${id}: bad frame count in ${JSON.stringify(value.slice(0, 40))}`);
      continue;
    }
    lineOf.set(id, line);
  }
  checkAnimationFrames(grhs, fileName, warnings);
  return { value: { declaredCount, grhs }, errors: [], warnings };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * Parses binary `graficos.ind`: i32 version, i32 count, then records until the one whose id
 * equals the count: i32 id, i16 frames, then either frames × i32 + f32 speed (animation) or
 * i32 file, i16 x, y, w, h (picture). Any structural problem is an error with the byte offset;
 * bytes after the last record are reported as a warning.
 */
export function parseGraficosInd(bytes: Uint8Array, fileName: string): DatResult<GrhTable & { version: number }> {
  const reader = new ByteReader(bytes, fileName);
  const warnings: DatIssue[] = [];
  const fail = (message: string, offset: number): DatResult<GrhTable & { version: number }> => ({
    value: null,
    errors: [issue("bad-record", fileName, `${message} (byte offset ${offset})`, { offset })],
    warnings,
  });
  try {
    const version = reader.i32("file version");
    const countOffset = reader.offset;
    const declaredCount = reader.i32("grh count");
    if (declaredCount < 1 || declaredCount > MAX_GRH_ID) {
      return fail(`grh count ${declaredCount} is outside 1..${MAX_GRH_ID}`, countOffset);
    }
    const grhs: (Grh | null)[] = new Array<Grh | null>(declaredCount + 1).fill(null);
    for (;;) {
      // The client loops "until EOF or the record whose id is the count": it accepts a file that
      // ends between records, so do we, with a warning.
      if (reader.remaining === 0) {
        warnings.push(
          issue("truncated", fileName, `ends at byte offset ${reader.offset} before grh ${declaredCount} (the count); the rest is undefined`, {
            offset: reader.offset,
          }),
        );
        break;
      }
      const recordOffset = reader.offset;
      const id = reader.i32("grh id");
      if (id < 1 || id > declaredCount) return fail(`grh id ${id} is outside 1..${declaredCount}`, recordOffset);
      if (grhs[id] !== null) return fail(`grh ${id} appears twice`, recordOffset);
      const frameCount = reader.i16(`frame count of grh ${id}`);
      if (frameCount < 1) return fail(`grh ${id} has ${frameCount} frames`, recordOffset + 4);
      if (frameCount > 1) {
        const frames: number[] = [];
        for (let k = 0; k < frameCount; k++) {
          const frameOffset = reader.offset;
          const frame = reader.i32(`frame ${k + 1} of grh ${id}`);
          if (frame < 1 || frame > declaredCount) {
            return fail(`grh ${id} frame ${k + 1} = ${frame} is outside 1..${declaredCount}`, frameOffset);
          }
          frames.push(frame);
        }
        const speedOffset = reader.offset;
        const speed = reader.f32(`speed of grh ${id}`);
        if (!(speed > 0) || !Number.isFinite(speed)) return fail(`grh ${id} has speed ${speed}`, speedOffset);
        grhs[id] = { frames, speed };
      } else {
        const file = reader.i32(`file number of grh ${id}`);
        const x = reader.i16(`x of grh ${id}`);
        const y = reader.i16(`y of grh ${id}`);
        const w = reader.i16(`width of grh ${id}`);
        const h = reader.i16(`height of grh ${id}`);
        if (!(file > 0 && x >= 0 && y >= 0 && w > 0 && h > 0)) {
          return fail(`grh ${id}: picture needs file > 0, x/y ≥ 0, w/h > 0 (got ${file}, ${x}, ${y}, ${w}, ${h})`, recordOffset);
        }
        grhs[id] = { file, x, y, w, h };
      }
      if (id === declaredCount) break;
    }
    if (reader.remaining > 0) {
      warnings.push(
        issue("trailing-bytes", fileName, `${reader.remaining} bytes after the last grh (offset ${reader.offset}) ignored`, {
          offset: reader.offset,
        }),
      );
    }
    checkAnimationFrames(grhs, fileName, warnings);
    return { value: { version, declaredCount, grhs }, errors: [], warnings };
  } catch (error) {
    if (error instanceof TruncatedError) {
      return { value: null, errors: [issue("truncated", fileName, error.message.slice(fileName.length + 2), { offset: error.offset })], warnings };
    }
    throw error;
  }
}
