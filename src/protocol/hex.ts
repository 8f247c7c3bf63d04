/** Hex helpers for captures, tests and the CLI inspector. */

const HEX_DIGITS = "0123456789abcdef";

/** Lower-case hex of `bytes`, optionally separated (`toHex(b, " ")` → `"06 00 2c 00"`). */
export function toHex(bytes: Uint8Array, separator = ""): string {
  const parts: string[] = [];
  for (const b of bytes) parts.push(HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 0x0f]!);
  return parts.join(separator);
}

/**
 * Parses hex such as `"06 00 2C 00"`, `"06002c00"` or `"0x06,0x00"`: whitespace, commas, colons
 * and `0x` prefixes are ignored. Returns undefined for anything else (odd digit count, non-hex).
 */
export function fromHex(text: string): Uint8Array | undefined {
  const clean = text.replace(/0x/gi, "").replace(/[\s,:]+/g, "");
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return undefined;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}
