/**
 * VB6 number conversions the AO loaders rely on. Every numeric INI value goes through `Val()`
 * and is then assigned to an Integer/Long/Byte field, which rounds half to even.
 */

const INT16_RANGE = 0x10000;
const INT32_RANGE = 0x1_0000_0000;
const INT16_MAX = 0x7fff;
const INT32_MAX = 0x7fff_ffff;

/** Characters `Val` skips anywhere in its input: space, tab, line feed. */
function isValBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** `&H`/`&O` literals become Integer when they fit 16 bits, Long when they fit 32 (two's complement). */
function wrapRadixLiteral(value: number): number {
  if (value <= 0xffff) return value > INT16_MAX ? value - INT16_RANGE : value;
  if (value <= 0xffff_ffff) return value > INT32_MAX ? value - INT32_RANGE : value;
  // VB6 raises "Overflow" here; the loaders would abort. A value of 0 is the "no data" reading.
  return 0;
}

/**
 * VB6 `Val(text)`: the leading number of the text, 0 when there is none. Rules: blanks (space,
 * tab, LF) are ignored everywhere, even inside the number (`"1 2"` → 12); one optional sign;
 * digits with one `.` (never a comma); an exponent `E`/`D` when digits follow; `&H` hex and
 * `&O` (or bare `&`) octal literals wrapped to Integer/Long. Reading stops at the first other
 * character, so trailing comments do not matter (`"5 'espada"` → 5).
 */
export function vbVal(text: string): number {
  // Compact the characters Val looks at, dropping blanks, but stop early: values are short.
  let s = "";
  for (let i = 0; i < text.length && s.length < 64; i++) {
    const code = text.charCodeAt(i);
    if (!isValBlank(code)) s += text[i];
  }
  if (s.length === 0) return 0;
  if (s[0] === "&") return radixVal(s);
  let i = 0;
  let sign = 1;
  if (s[0] === "+" || s[0] === "-") {
    if (s[0] === "-") sign = -1;
    i = 1;
  }
  const mantissaStart = i;
  let sawDigit = false;
  let sawPoint = false;
  while (i < s.length) {
    const code = s.charCodeAt(i);
    if (isDigit(code)) sawDigit = true;
    else if (code === 0x2e && !sawPoint) sawPoint = true;
    else break;
    i++;
  }
  if (!sawDigit) return 0;
  let literal = s.slice(mantissaStart, i);
  const marker = s[i];
  if (marker === "e" || marker === "E" || marker === "d" || marker === "D") {
    let j = i + 1;
    let exponentSign = "";
    if (s[j] === "+" || s[j] === "-") exponentSign = s[j++]!;
    const exponentStart = j;
    while (j < s.length && isDigit(s.charCodeAt(j))) j++;
    if (j > exponentStart) literal += `e${exponentSign}${s.slice(exponentStart, j)}`;
  }
  const value = Number(literal.startsWith(".") ? `0${literal}` : literal);
  if (!Number.isFinite(value)) return 0;
  return sign * value;
}

function radixVal(s: string): number {
  const kind = s[1];
  let digits = "";
  let base = 8;
  let i = 2;
  if (kind === "h" || kind === "H") base = 16;
  else if (kind === "o" || kind === "O") base = 8;
  else i = 1;
  const pattern = base === 16 ? /[0-9a-fA-F]/ : /[0-7]/;
  while (i < s.length && pattern.test(s[i]!)) digits += s[i++];
  if (digits.length === 0) return 0;
  // Leading zeros do not change the value; very long literals overflow in VB6 as well.
  const significant = digits.replace(/^0+/, "");
  if (significant.length > (base === 16 ? 8 : 11)) return 0;
  return wrapRadixLiteral(significant.length === 0 ? 0 : Number.parseInt(significant, base));
}

/**
 * VB6 assignment of a Double to an integer type: round half to even (banker's rounding).
 * 47.5 → 48, 52.5 → 52, -2.5 → -2.
 */
export function vbRound(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** `Val` followed by the conversion to a VB6 integer type (half-to-even rounding). */
export function vbValInteger(text: string): number {
  return vbRound(vbVal(text)) + 0;
}
