import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MIN_IPV4_BAN_PREFIX, MIN_IPV6_BAN_PREFIX, normalizeAddress, parseBanRange } from "./ip-range.ts";

describe("parseBanRange", () => {
  test("one address is a host range of its family", () => {
    expect(parseBanRange("10.1.2.3")).toEqual({ ok: true, range: "10.1.2.3/32", family: 4, prefix: 32 });
    expect(parseBanRange(" 2001:db8::1 ")).toEqual({ ok: true, range: "2001:db8::1/128", family: 6, prefix: 128 });
  });

  test("ranges are written canonically: IPv6 compressed, IPv4-mapped as IPv4", () => {
    expect(parseBanRange("10.0.0.0/8")).toEqual({ ok: true, range: "10.0.0.0/8", family: 4, prefix: 8 });
    expect(parseBanRange("2001:0DB8:0000:0000:0000:0000:0000:0000/32")).toEqual({ ok: true, range: "2001:db8::/32", family: 6, prefix: 32 });
    expect(parseBanRange("::ffff:192.168.1.0/120")).toEqual({ ok: true, range: "192.168.1.0/24", family: 4, prefix: 24 });
    expect(parseBanRange("::ffff:c0a8:0101")).toEqual({ ok: true, range: "192.168.1.1/32", family: 4, prefix: 32 });
  });

  test("bits right of the prefix are refused with both readings offered", () => {
    const parsed = parseBanRange("10.1.2.3/8");
    expect(parsed).toMatchObject({ ok: false, problem: "host_bits_set" });
    if (!parsed.ok) expect(parsed.message).toBe("10.1.2.3/8 has bits set right of /8: write 10.1.2.3 for that one address, or 10.0.0.0/8 for the range");
  });

  test("/0 and anything wider than the widest ban are refused, for both families", () => {
    expect(parseBanRange("0.0.0.0/0")).toMatchObject({ ok: false, problem: "too_wide" });
    expect(parseBanRange("::/0")).toMatchObject({ ok: false, problem: "too_wide" });
    expect(parseBanRange(`10.0.0.0/${MIN_IPV4_BAN_PREFIX}`).ok).toBe(true);
    expect(parseBanRange(`8.0.0.0/${MIN_IPV4_BAN_PREFIX - 1}`)).toMatchObject({ ok: false, problem: "too_wide" });
    expect(parseBanRange(`2001::/${MIN_IPV6_BAN_PREFIX}`).ok).toBe(true);
    expect(parseBanRange(`2000::/${MIN_IPV6_BAN_PREFIX - 1}`)).toMatchObject({ ok: false, problem: "too_wide" });
    expect(parseBanRange("::ffff:0.0.0.0/95")).toMatchObject({ ok: false, problem: "too_wide" });
  });

  test("what is not an address is malformed, SQL and zone ids included", () => {
    for (const text of ["", "   ", "banana", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.4/33", "1.2.3.4/", "1.2.3.4/-1", "1.2.3.4/08x", "::1/129", "fe80::1%eth0", "1.2.3.4'; DROP TABLE bans; --", "x".repeat(10_000)]) {
      expect(parseBanRange(text)).toMatchObject({ ok: false, problem: "malformed" });
    }
  });

  test("random text never throws and every accepted range parses again to itself", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseBanRange(text);
        if (parsed.ok) expect(parseBanRange(parsed.range)).toEqual(parsed);
      }),
    );
    fc.assert(
      fc.property(fc.ipV4(), fc.integer({ min: 0, max: 32 }), (address, prefix) => {
        const parsed = parseBanRange(`${address}/${prefix}`);
        if (parsed.ok) expect(parseBanRange(parsed.range)).toEqual(parsed);
      }),
    );
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const parsed = parseBanRange(address);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(normalizeAddress(address)).toBe(parsed.range.slice(0, parsed.range.lastIndexOf("/")));
      }),
    );
  });
});

describe("normalizeAddress", () => {
  test("an IPv4 peer seen through a dual-stack socket is its IPv4 address", () => {
    expect(normalizeAddress("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(normalizeAddress("10.1.2.3")).toBe("10.1.2.3");
    expect(normalizeAddress("2001:DB8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(normalizeAddress("::1")).toBe("::1");
  });

  test("anything else is no address", () => {
    expect(normalizeAddress("10.0.0.0/8")).toBeNull();
    expect(normalizeAddress("localhost")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
  });
});
