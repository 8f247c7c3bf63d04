/**
 * Addresses and address ranges for bans (gm-and-moderation G5: VB6 has no address bans since
 * 2021). A ban names a CIDR range; one address is a /32 (IPv4) or /128 (IPv6). Postgres stores it
 * as `cidr` and answers "is this address inside" with `<<=`, on PGlite too.
 *
 * What is refused, and why:
 * - anything that is not an address or `address/prefix` in the usual notation (zone ids such as
 *   `fe80::1%eth0` included: they name an interface, not a remote peer);
 * - a range with bits set right of its prefix (`10.1.2.3/8`): it is either a typo for `/32` or
 *   for `10.0.0.0/8`, and guessing could ban 16 million addresses instead of one;
 * - a range wider than `/8` (IPv4) or `/16` (IPv6): `/0` would lock everyone out, the operator
 *   included, and no abuse that one server sees needs more than a provider's block.
 *
 * IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`, what a dual-stack socket reports for an IPv4
 * peer) are the IPv4 address: Postgres orders the two families apart, so `::ffff:1.2.3.4` would
 * never fall inside `1.2.3.0/24` unless it is mapped first.
 */
import { isIP } from "node:net";

/** Widest IPv4 range a ban may name (a /8 is 16,777,216 addresses). */
export const MIN_IPV4_BAN_PREFIX = 8;
/** Widest IPv6 range a ban may name (a /16 is far above any provider's allocation). */
export const MIN_IPV6_BAN_PREFIX = 16;
/** Longer text is not an address. */
const MAX_RANGE_TEXT_LENGTH = 64;

export type IpRangeProblem = "malformed" | "host_bits_set" | "too_wide";

export type IpRangeParse =
  | {
      ok: true;
      /** Canonical text Postgres accepts as `cidr`, e.g. `10.0.0.0/8`, `2001:db8::/32`, `1.2.3.4/32`. */
      range: string;
      family: 4 | 6;
      prefix: number;
    }
  | { ok: false; problem: IpRangeProblem; message: string };

/** 4 or 16 bytes of an address that `isIP` accepted, or null. */
function addressBytes(text: string): Uint8Array | null {
  const family = isIP(text);
  if (family === 4) return Uint8Array.from(text.split(".").map(Number));
  if (family !== 6 || text.includes("%")) return null;
  let head = text;
  let tail4: number[] = [];
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    tail4 = text.slice(lastColon + 1).split(".").map(Number);
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left, right] = head.includes("::") ? head.split("::") : [head, undefined];
  const words = (part: string | undefined) => (part === undefined || part === "" ? [] : part.split(":").map((word) => Number.parseInt(word, 16)));
  const leftWords = words(left);
  const rightWords = words(right);
  const missing = 8 - leftWords.length - rightWords.length;
  const all = right === undefined ? leftWords : [...leftWords, ...new Array<number>(missing).fill(0), ...rightWords];
  if (all.length !== 8) return null;
  const bytes = new Uint8Array(16);
  all.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  if (tail4.length === 4) bytes.set(tail4, 12);
  return bytes;
}

/** `::ffff:a.b.c.d` (in any IPv6 spelling) as the IPv4 address; others unchanged. */
function unmapped(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 16) return bytes;
  for (let index = 0; index < 10; index++) if (bytes[index] !== 0) return bytes;
  if (bytes[10] !== 0xff || bytes[11] !== 0xff) return bytes;
  return bytes.slice(12);
}

function formatBytes(bytes: Uint8Array): string {
  if (bytes.length === 4) return Array.from(bytes).join(".");
  const words: string[] = [];
  for (let index = 0; index < 16; index += 2) words.push(((bytes[index]! << 8) | bytes[index + 1]!).toString(16));
  // Compress the longest run of zero words (at least two), as RFC 5952 writes addresses.
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < 8; ) {
    if (words[start] !== "0") {
      start++;
      continue;
    }
    let end = start;
    while (end < 8 && words[end] === "0") end++;
    if (end - start > bestLength && end - start >= 2) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  if (bestStart < 0) return words.join(":");
  return `${words.slice(0, bestStart).join(":")}::${words.slice(bestStart + bestLength).join(":")}`;
}

function hostBitsClear(bytes: Uint8Array, prefix: number): boolean {
  for (let bit = prefix; bit < bytes.length * 8; bit++) {
    if ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1) return false;
  }
  return true;
}

/**
 * The single address a peer connected from, in canonical form (IPv4-mapped IPv6 as IPv4), or
 * null when `text` is no address. For the "is this address banned" check and the audit log.
 */
export function normalizeAddress(text: string): string | null {
  if (text.length > MAX_RANGE_TEXT_LENGTH) return null;
  const bytes = addressBytes(text.trim());
  return bytes === null ? null : formatBytes(unmapped(bytes));
}

/** Parses what an operator or a GM typed as the subject of an address ban. */
export function parseBanRange(text: string): IpRangeParse {
  const trimmed = text.trim();
  const malformed = (): IpRangeParse => ({ ok: false, problem: "malformed", message: `${JSON.stringify(trimmed.slice(0, MAX_RANGE_TEXT_LENGTH))} is not an IPv4 or IPv6 address or address/prefix range` });
  if (trimmed.length === 0 || trimmed.length > MAX_RANGE_TEXT_LENGTH) return malformed();
  const slash = trimmed.indexOf("/");
  const addressText = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const parsed = addressBytes(addressText);
  if (parsed === null) return malformed();
  let prefix = parsed.length * 8;
  if (slash >= 0) {
    const prefixText = trimmed.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return malformed();
    prefix = Number(prefixText);
    if (prefix > parsed.length * 8) return malformed();
  }
  let bytes = parsed;
  const mapped = unmapped(parsed);
  if (mapped !== parsed) {
    if (prefix < 96) return { ok: false, problem: "too_wide", message: `${trimmed} reaches outside the IPv4-mapped block ::ffff:0:0/96` };
    bytes = mapped;
    prefix -= 96;
  }
  const family = bytes.length === 4 ? 4 : 6;
  if (!hostBitsClear(bytes, prefix)) {
    const network = bytes.slice();
    for (let bit = prefix; bit < network.length * 8; bit++) network[bit >> 3]! &= ~(1 << (7 - (bit & 7)));
    return {
      ok: false,
      problem: "host_bits_set",
      message: `${trimmed} has bits set right of /${prefix}: write ${formatBytes(bytes)} for that one address, or ${formatBytes(network)}/${prefix} for the range`,
    };
  }
  const widest = family === 4 ? MIN_IPV4_BAN_PREFIX : MIN_IPV6_BAN_PREFIX;
  if (prefix < widest) return { ok: false, problem: "too_wide", message: `${trimmed} is wider than /${widest}, the widest IPv${family} range a ban may name` };
  return { ok: true, range: `${formatBytes(bytes)}/${prefix}`, family, prefix };
}
