/**
 * The pure lines of the staff's information commands (information.ts): grouping, bounds and the
 * rank filters of decision G26, without a world.
 */
import { describe, expect, test } from "bun:test";
import { creaturesLines, dottedAddress, mayLocate, mayReadFullSheet, onlineStaffLines, plainAddress } from "./information.ts";

const text = (message: { kind: string; text?: string; id?: number; params?: string }) => (message.kind === "console" ? message.text : `${message.id} ${message.params}`.trim());

describe("staff information lines", () => {
  test("/NENE groups NPCs by name in order of first sight, hostile first; none is said", () => {
    const lines = creaturesLines([
      { name: "Lobo", x: 1, y: 2, hostile: true },
      { name: "Ciervo", x: 3, y: 4, hostile: false },
      { name: "Lobo", x: 5, y: 6, hostile: true },
    ]).map(text);
    expect(lines).toEqual(["736", "2 Lobo: (1,2), (5,6)", "738", "1 Ciervo: (3,4)"]);
    expect(creaturesLines([]).map(text)).toEqual(["736", "737", "738", "739"]);
  });

  test("addresses: octets masked, IPv4-mapped IPv6 read as IPv4", () => {
    expect(dottedAddress([10, 0, 256 + 3, 7])).toBe("10.0.3.7");
    expect(plainAddress("::ffff:10.0.0.7")).toBe("10.0.0.7");
    expect(plainAddress("2001:db8::1")).toBe("2001:db8::1");
  });

  test("decision G26: locate equal or lower ranks only; the full sheet never of Dios or Admin; /ONLINEGM hides Dios and Admin from a SemiDios", () => {
    const semi = { rank: "semidios", roleMaster: false } as const;
    const dios = { rank: "dios", roleMaster: false } as const;
    expect(mayLocate(semi, { rank: null, roleMaster: true })).toBe(true);
    expect(mayLocate(semi, semi)).toBe(true);
    expect(mayLocate(semi, dios)).toBe(false);
    expect(mayReadFullSheet(dios)).toBe(false);
    expect(mayReadFullSheet(semi)).toBe(true);
    const online = [
      { name: "A", standing: dios },
      { name: "B", standing: semi },
      { name: "C", standing: { rank: null, roleMaster: true } },
    ];
    expect(onlineStaffLines(semi, online).map(text)).toEqual(["B."]);
    expect(onlineStaffLines(dios, online).map(text)).toEqual(["A, B."]);
    expect(onlineStaffLines(semi, []).map(text)).toEqual(["963"]);
  });
});
