import { describe, expect, spyOn, test } from "bun:test";
import fc from "fast-check";
import { relativeSubjectProblem } from "./bus/index.ts";
import { bootOfNodeId, newNodeIdentity, NODE_NAME_PATTERN, SUBJECTS } from "./node-identity.ts";

describe("newNodeIdentity", () => {
  test("the id is name:8 lowercase hex digits of the boot id", () => {
    expect(newNodeIdentity("gw-1", 0xbeef)).toEqual({ id: "gw-1:0000beef", name: "gw-1", boot: 0xbeef, bootHex: "0000beef" });
    expect(newNodeIdentity("Node_A", 0xffff_ffff).id).toBe("Node_A:ffffffff");
    // A negative boot is taken as its 32-bit pattern, as the envelope's u32 source would carry it.
    expect(newNodeIdentity("n", -1)).toMatchObject({ id: "n:ffffffff", boot: 0xffff_ffff });
  });

  test("a random boot id when none is given: 8 hex digits, and different starts differ", () => {
    const ids = Array.from({ length: 50 }, () => newNodeIdentity("mapnode"));
    for (const identity of ids) {
      expect(identity.id).toMatch(/^mapnode:[0-9a-f]{8}$/);
      expect(identity.boot).toBe(Number.parseInt(identity.bootHex, 16));
    }
    // 50 draws of 32 bits colliding is a one-in-millions event: a constant boot would show here.
    expect(new Set(ids.map((identity) => identity.boot)).size).toBeGreaterThan(45);
  });

  test("boot 0 is never drawn: a random source that yields 0 gives boot 1 (a zero source reads as none)", () => {
    const spy = spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => array);
    try {
      const identity = newNodeIdentity("node");
      expect(spy).toHaveBeenCalled();
      expect(identity.boot).toBe(1);
      expect(identity.id).toBe("node:00000001");
    } finally {
      spy.mockRestore();
    }
  });

  test.each(["", "has space", "dot.ted", "colon:name", "star*", "gt>", "ñandú", "x".repeat(65), "tab\t"])("name %p throws, naming the name", (name) => {
    expect(() => newNodeIdentity(name, 1)).toThrow(JSON.stringify(name));
  });

  test("names of 1 and 64 characters of [A-Za-z0-9_-] are taken", () => {
    expect(newNodeIdentity("a", 1).name).toBe("a");
    expect(newNodeIdentity("Z9_-".repeat(16), 1).name).toHaveLength(64);
    expect(NODE_NAME_PATTERN.test("x".repeat(65))).toBe(false);
  });
});

describe("bootOfNodeId", () => {
  test("inverts newNodeIdentity for any name and boot", () => {
    fc.assert(
      fc.property(fc.stringMatching(NODE_NAME_PATTERN), fc.nat({ max: 0xffff_ffff }), (name, boot) => {
        const identity = newNodeIdentity(name, boot);
        expect(bootOfNodeId(identity.id)).toBe(boot);
        expect(bootOfNodeId(identity.id)).toBe(identity.boot);
      }),
      { numRuns: 500 },
    );
  });

  test.each(["node", "node:", "node:1234567", "node:123456789", "node:0000BEEF", "node:0000beeg", "0000beef", ""])("%p is not a node id", (id) => {
    expect(bootOfNodeId(id)).toBeUndefined();
  });
});

describe("SUBJECTS", () => {
  test("every subject is a valid literal relative subject for the bus, for any boot", () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffff_ffff }), (boot) => {
        const { bootHex } = newNodeIdentity("n", boot);
        for (const subject of [SUBJECTS.nodeIn(bootHex), SUBJECTS.gatewayOut(bootHex), SUBJECTS.directory, SUBJECTS.bus, SUBJECTS.claims]) {
          expect({ subject, problem: relativeSubjectProblem(subject, "literal") }).toEqual({ subject, problem: null });
        }
      }),
      { numRuns: 200 },
    );
  });

  test("a node's inbox and a gateway's outbox never share a subject, nor with the broadcast subjects", () => {
    const { bootHex } = newNodeIdentity("n", 0x1234abcd);
    const subjects = [SUBJECTS.nodeIn(bootHex), SUBJECTS.gatewayOut(bootHex), SUBJECTS.directory, SUBJECTS.bus, SUBJECTS.claims];
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(SUBJECTS.nodeIn(bootHex)).toBe("n.1234abcd.in");
    expect(SUBJECTS.gatewayOut(bootHex)).toBe("g.1234abcd.out");
  });
});
