/**
 * Text decoding for the AO data files. The VB6 tools wrote Windows-1252; the data repositories
 * store UTF-8 in git and convert on checkout, and some files escaped the conversion (or were
 * edited with a UTF-8 editor afterwards). We therefore decode every line on its own: strict UTF-8
 * when the line is valid UTF-8, Windows-1252 otherwise. Pure code, safe in the browser.
 */

/** How the lines of a file were decoded. `ascii` = no byte above 0x7F at all. */
export type TextEncodingName = "ascii" | "utf-8" | "windows-1252" | "mixed";

/**
 * Windows-1252 code points for bytes 0x80..0x9F. The five bytes the code page leaves undefined
 * (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control with the same number, as WHATWG does.
 */
const CP1252_HIGH_CONTROLS: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
];

/** Reverse of {@link CP1252_HIGH_CONTROLS} for code points above 0xFF. */
const CP1252_ENCODE_SPECIAL = new Map<number, number>(
  CP1252_HIGH_CONTROLS.map((codePoint, index) => [codePoint, 0x80 + index] as const),
);

const BYTE_LF = 0x0a;
const BYTE_CR = 0x0d;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** Chunk size for String.fromCharCode.apply (stays far below engine argument limits). */
const FROM_CHAR_CODE_CHUNK = 8192;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Decodes Windows-1252 bytes. Never throws. */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += FROM_CHAR_CODE_CHUNK) {
    const chunk = bytes.subarray(start, Math.min(bytes.length, start + FROM_CHAR_CODE_CHUNK));
    let codes: ArrayLike<number> = chunk;
    if (hasC1Range(chunk)) {
      const mapped = new Uint16Array(chunk.length);
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        mapped[i] = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH_CONTROLS[byte - 0x80]! : byte;
      }
      codes = mapped;
    }
    text += String.fromCharCode.apply(null, codes as unknown as number[]);
  }
  return text;
}

function hasC1Range(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte >= 0x80 && byte <= 0x9f) return true;
  }
  return false;
}

/** Windows-1252 byte for a character, or -1 when the code page cannot represent it. */
function windows1252Byte(codePoint: number): number {
  if (codePoint < 0x80 || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  const special = CP1252_ENCODE_SPECIAL.get(codePoint);
  return special ?? -1;
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

/** Decodes one line: strict UTF-8 when valid, else Windows-1252. Reports which one was used. */
export function decodeLine(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (isAscii(bytes)) return { text: decodeWindows1252(bytes), encoding: "ascii" };
  try {
    return { text: repairDoubleEncoding(strictUtf8.decode(bytes)), encoding: "utf-8" };
  } catch {
    return { text: repairDoubleEncoding(decodeWindows1252(bytes)), encoding: "windows-1252" };
  }
}

/** Characters that can start a UTF-8 sequence when read as Windows-1252 (0xC2..0xF4). */
const MOJIBAKE_LEAD = /[\u00c2-\u00f4]/;

/**
 * Repairs text that was UTF-8 encoded twice ("BaÃ±o" for "Baño"): if mapping the characters
 * back to Windows-1252 bytes gives valid UTF-8 that contains a multi-byte sequence, that UTF-8
 * reading is the intended text. Spanish text never contains "Ã±"-like pairs on purpose, and a
 * string that does not round-trip stays as it is.
 */
export function repairDoubleEncoding(text: string): string {
  if (!MOJIBAKE_LEAD.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const byte = windows1252Byte(text.charCodeAt(i));
    if (byte < 0) return text;
    bytes[i] = byte;
  }
  try {
    const repaired = strictUtf8.decode(bytes);
    return repaired.length < text.length ? repaired : text;
  } catch {
    return text;
  }
}

/** One decoded line with its 1-based line number. */
export interface DecodedLine {
  readonly line: number;
  readonly text: string;
}

/** The lines of a text file and how it was decoded. */
export interface DecodedText {
  readonly lines: readonly DecodedLine[];
  readonly encoding: TextEncodingName;
  /** Line ending style seen: CRLF (what VB6 wrote), LF (git checkout), CR, or a mix. */
  readonly lineEnding: "crlf" | "lf" | "cr" | "mixed" | "none";
}

/**
 * Splits bytes into lines at CRLF, CR or LF (VB6 `Line Input` only knew CR and CRLF; files with
 * bare LF exist in the real data and are accepted here on purpose), strips a UTF-8 BOM, and
 * decodes each line. Never throws.
 */
export function decodeTextLines(bytes: Uint8Array): DecodedText {
  let start = 0;
  if (bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) start = 3;
  const whole = decodeWholeUtf8(bytes.subarray(start));
  if (whole !== undefined) return whole;
  const lines: DecodedLine[] = [];
  let sawCrlf = false;
  let sawLf = false;
  let sawCr = false;
  let sawAscii = false;
  let sawUtf8 = false;
  let saw1252 = false;
  let lineNumber = 1;
  let lineStart = start;
  const push = (end: number) => {
    const decoded = decodeLine(bytes.subarray(lineStart, end));
    if (decoded.encoding === "utf-8") sawUtf8 = true;
    else if (decoded.encoding === "windows-1252") saw1252 = true;
    else sawAscii = true;
    lines.push({ line: lineNumber, text: decoded.text });
    lineNumber++;
  };
  let i = start;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === BYTE_CR) {
      push(i);
      if (bytes[i + 1] === BYTE_LF) {
        sawCrlf = true;
        i += 2;
      } else {
        sawCr = true;
        i += 1;
      }
      lineStart = i;
    } else if (byte === BYTE_LF) {
      push(i);
      sawLf = true;
      i += 1;
      lineStart = i;
    } else {
      i++;
    }
  }
  if (lineStart < bytes.length) push(bytes.length);
  void sawAscii;
  const encoding: TextEncodingName = sawUtf8 && saw1252 ? "mixed" : sawUtf8 ? "utf-8" : saw1252 ? "windows-1252" : "ascii";
  const kinds = Number(sawCrlf) + Number(sawLf) + Number(sawCr);
  const lineEnding = kinds > 1 ? "mixed" : sawCrlf ? "crlf" : sawLf ? "lf" : sawCr ? "cr" : "none";
  return { lines, encoding, lineEnding };
}

/** Line breaks of the fast path: CRLF, CR or LF. */
const LINE_BREAK = /\r\n|\r|\n/;

/**
 * Fast path for the common case: the whole file is ASCII or valid UTF-8, so it can be decoded
 * once and split. Returns undefined when some line needs the Windows-1252 fallback.
 */
function decodeWholeUtf8(bytes: Uint8Array): DecodedText | undefined {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  const parts = text.split(LINE_BREAK);
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (text.length === 0) parts.length = 0;
  let ascii = true;
  const lines: DecodedLine[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    let line = parts[i]!;
    if (ascii && !isAsciiText(line)) ascii = false;
    if (MOJIBAKE_LEAD.test(line)) line = repairDoubleEncoding(line);
    lines[i] = { line: i + 1, text: line };
  }
  const crlf = text.includes("\r\n");
  const withoutCrlf = crlf ? text.replaceAll("\r\n", "") : text;
  const kinds = Number(crlf) + Number(withoutCrlf.includes("\n")) + Number(withoutCrlf.includes("\r"));
  const lineEnding = kinds > 1 ? "mixed" : crlf ? "crlf" : withoutCrlf.includes("\n") ? "lf" : withoutCrlf.includes("\r") ? "cr" : "none";
  return { lines, encoding: ascii ? "ascii" : "utf-8", lineEnding };
}

function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * VB6 `UCase$` under a Windows-1252 locale: ASCII letters, the accented Latin-1 letters
 * (à..þ except ÷) and š, œ, ž, ÿ. JavaScript's `toUpperCase` would also turn ß into "SS" and µ
 * into a Greek capital, which VB6 does not.
 */
export function vbUpperCase(text: string): string {
  let plain = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) {
      plain = false;
      break;
    }
  }
  if (plain) return text.toUpperCase();
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x61 && code <= 0x7a) out += String.fromCharCode(code - 0x20);
    else if (code >= 0xe0 && code <= 0xfe && code !== 0xf7) out += String.fromCharCode(code - 0x20);
    else if (code === 0x0161) out += "\u0160";
    else if (code === 0x0153) out += "\u0152";
    else if (code === 0x017e) out += "\u017d";
    else if (code === 0x00ff) out += "\u0178";
    else out += text[i];
  }
  return out;
}
