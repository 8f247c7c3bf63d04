import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { formatIpv4, ipv4Number, isLoopbackHost, MAX_SOURCE_ADDRESSES, parseSourceAddresses, sourceAddressFor } from "./source-addresses.ts";

describe("--source-addresses", () => {
  test("ranges, lists and mixes parse to the addresses in order", () => {
    const range = parseSourceAddresses("127.0.0.2-127.0.0.254");
    expect(range.ok && range.addresses.length).toBe(253);
    expect(range.ok && [range.addresses[0], range.addresses.at(-1)]).toEqual(["127.0.0.2", "127.0.0.254"]);
    for (const [spec, addresses] of [
      ["127.0.0.2", ["127.0.0.2"]],
      ["127.0.0.2,127.0.0.3", ["127.0.0.2", "127.0.0.3"]],
      [" 127.0.0.9 , 127.0.0.2 - 127.0.0.3 ", ["127.0.0.9", "127.0.0.2", "127.0.0.3"]],
      ["127.0.0.254-127.0.1.1", ["127.0.0.254", "127.0.0.255", "127.0.1.0", "127.0.1.1"]],
      ["10.0.0.5-10.0.0.5", ["10.0.0.5"]],
    ] as [string, string[]][]) {
      expect([spec, parseSourceAddresses(spec)]).toEqual([spec, { ok: true, addresses }]);
    }
  });

  test("hostile specs come back as one line naming what is wrong", () => {
    for (const [spec, fragment] of [
      ["", "empty item"],
      ["127.0.0.2,", "empty item"],
      ["127.0.0.2,,127.0.0.3", "empty item"],
      ["127.0.0.300", '"127.0.0.300" is not an IPv4 address'],
      ["127.0.0", "is not an IPv4 address"],
      ["127.0.0.010", "is not an IPv4 address"],
      ["localhost", "is not an IPv4 address"],
      ["::1", "is not an IPv4 address"],
      ["127.0.0.2-", '"" is not an IPv4 address'],
      ["127.0.0.2-127.0.0.x", '"127.0.0.x" is not an IPv4 address'],
      ["127.0.0.2-127.0.0.3-127.0.0.4", "is not an IPv4 address"],
      ["127.0.0.9-127.0.0.2", "runs backwards"],
      ["127.0.0.2,127.0.0.2", "lists 127.0.0.2 twice"],
      ["127.0.0.2-127.0.0.5,127.0.0.4", "lists 127.0.0.4 twice"],
      ["0.0.0.0", "the \"any\" address"],
      ["224.0.0.1", "multicast"],
      ["255.255.255.255", "multicast or reserved"],
      ["10.0.0.0-10.255.255.255", `more than ${MAX_SOURCE_ADDRESSES}`],
      ["1".repeat(5000), "longer than"],
    ] as [string, string][]) {
      const parsed = parseSourceAddresses(spec);
      expect([spec.slice(0, 40), parsed.ok]).toEqual([spec.slice(0, 40), false]);
      if (!parsed.ok) {
        expect(parsed.error).toContain(fragment);
        expect(parsed.error).not.toContain("\n");
      }
    }
  });

  test("never throws on any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const parsed = parseSourceAddresses(text);
        return parsed.ok ? parsed.addresses.every((address) => ipv4Number(address) !== undefined) : typeof parsed.error === "string";
      }),
    );
  });

  test("dotted quads round-trip through numbers", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (value) => ipv4Number(formatIpv4(value)) === value));
  });

  test("round-robin by actor id; loopback hosts", () => {
    const addresses = ["127.0.0.2", "127.0.0.3"];
    expect([0, 1, 2, 3, 1_000_001].map((id) => sourceAddressFor(addresses, id))).toEqual(["127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.3", "127.0.0.3"]);
    expect(sourceAddressFor([], 5)).toBeUndefined();
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1"]) expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of ["10.0.0.1", "128.0.0.1", "game.example", "::2", ""]) expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });
});
