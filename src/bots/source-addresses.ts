/**
 * Local source addresses for bot connections (`--source-addresses`). A server caps connections
 * per remote address (`--max-connections-per-ip`, 10 by default), so a thousand bots from one
 * address mostly get refused. Binding each bot's TCP socket to one of several local addresses,
 * round-robin by actor id, spreads them: Linux routes all of 127.0.0.0/8 to loopback, so
 * `127.0.0.2-127.0.0.254` works against a local server with no setup.
 *
 * The spec is a comma list of IPv4 addresses and `FIRST-LAST` ranges. Hostile input: never
 * throws; a bad spec comes back as a one-line reason.
 */

/** More addresses than any run needs (a /16: 655,360 bots at the default cap of 10). */
export const MAX_SOURCE_ADDRESSES = 65_536;
/** Longest spec read (a few hundred items is already a lot to type). */
export const MAX_SOURCE_SPEC_CHARS = 4_096;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const OCTET_MAX = 255;
/** 224.0.0.0/4 (multicast) and up: not addresses a socket can send from. */
const FIRST_MULTICAST = 0xe0000000;

export type SourceAddressResult = { readonly ok: true; readonly addresses: readonly string[] } | { readonly ok: false; readonly error: string };

/** The address as a 32-bit number, or undefined when `text` is not a plain dotted quad. */
export function ipv4Number(text: string): number | undefined {
  const match = IPV4.exec(text);
  if (!match) return undefined;
  let value = 0;
  for (let i = 1; i <= 4; i++) {
    const part = match[i]!;
    // "010" reads as octal in some tools and decimal in others: refuse it rather than guess.
    if (part.length > 1 && part.startsWith("0")) return undefined;
    const octet = Number(part);
    if (octet > OCTET_MAX) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return `${(value >>> 24) & 0xff}.${(value >>> 16) & 0xff}.${(value >>> 8) & 0xff}.${value & 0xff}`;
}

/** Why `value` cannot be a source address, or undefined when it can. */
function unusable(value: number, text: string): string | undefined {
  if (value === 0) return `${text} is the "any" address, not one to bind to`;
  if (value >= FIRST_MULTICAST) return `${text} is a multicast or reserved address, not one to send from`;
  return undefined;
}

/** Parses `127.0.0.2-127.0.0.254`, `127.0.0.2,127.0.0.3`, or a mix, into the addresses in order. */
export function parseSourceAddresses(spec: string): SourceAddressResult {
  const fail = (error: string): SourceAddressResult => ({ ok: false, error });
  if (spec.length > MAX_SOURCE_SPEC_CHARS) return fail(`is longer than ${MAX_SOURCE_SPEC_CHARS} characters`);
  const values: number[] = [];
  const seen = new Set<number>();
  for (const raw of spec.split(",")) {
    const item = raw.trim();
    if (item === "") return fail(`has an empty item in ${JSON.stringify(spec)}; expected e.g. 127.0.0.2-127.0.0.254 or 127.0.0.2,127.0.0.3`);
    const dash = item.indexOf("-");
    const firstText = (dash === -1 ? item : item.slice(0, dash)).trim();
    const lastText = (dash === -1 ? item : item.slice(dash + 1)).trim();
    const first = ipv4Number(firstText);
    const last = ipv4Number(lastText);
    if (first === undefined) return fail(`${JSON.stringify(firstText)} is not an IPv4 address (a.b.c.d, each 0-255)`);
    if (last === undefined) return fail(`${JSON.stringify(lastText)} is not an IPv4 address (a.b.c.d, each 0-255)`);
    if (last < first) return fail(`range ${item} runs backwards (its first address is above its last)`);
    if (values.length + (last - first + 1) > MAX_SOURCE_ADDRESSES) return fail(`lists more than ${MAX_SOURCE_ADDRESSES} addresses`);
    for (let value = first; value <= last; value++) {
      const problem = unusable(value, formatIpv4(value));
      if (problem) return fail(problem);
      if (seen.has(value)) return fail(`lists ${formatIpv4(value)} twice`);
      seen.add(value);
      values.push(value);
    }
  }
  return { ok: true, addresses: values.map(formatIpv4) };
}

/** The address actor `actorId` binds to: round-robin, so consecutive bots use different ones. */
export function sourceAddressFor(addresses: readonly string[], actorId: number): string | undefined {
  return addresses.length === 0 ? undefined : addresses[actorId % addresses.length];
}

/** True for hosts that name this machine over loopback (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost" || host === "::1") return true;
  const value = ipv4Number(host);
  return value !== undefined && value >>> 24 === 127;
}
