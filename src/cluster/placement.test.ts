import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { mapRegions, placeMaps, rendezvousOwner, type MapLinks } from "./placement.ts";

const nodeIds = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 });
const keys = fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 200 });

/** Maps 1..count in a line, each joined to the next. */
function line(count: number): MapLinks[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, neighbours: index + 2 <= count ? [index + 2] : [] }));
}

/** Each map in its own region. */
function singletons(mapIds: readonly number[]): Map<number, number> {
  return new Map(mapIds.map((id) => [id, id]));
}

describe("rendezvousOwner", () => {
  test("no nodes, no owner; one node owns everything", () => {
    expect(rendezvousOwner(1, [])).toBeUndefined();
    expect(rendezvousOwner(1, ["only"])).toBe("only");
  });

  test("known answers: the hash is fixed across processes and releases (a change moves maps in a live cluster)", () => {
    const nodes = ["node-a:1", "node-b:2", "node-c:3"];
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((key) => rendezvousOwner(key, nodes))).toEqual([
      "node-c:3",
      "node-b:2",
      "node-b:2",
      "node-a:1",
      "node-a:1",
      "node-a:1",
      "node-c:3",
      "node-b:2",
    ]);
  });

  test("the order of the node list does not matter", () => {
    fc.assert(
      fc.property(nodeIds, keys, (nodes, keyList) => {
        const reversed = [...nodes].reverse();
        for (const key of keyList) expect(rendezvousOwner(key, reversed)).toBe(rendezvousOwner(key, nodes)!);
      }),
    );
  });

  test("removing a node moves only the keys it owned", () => {
    fc.assert(
      fc.property(nodeIds.filter((nodes) => nodes.length >= 2), keys, fc.nat(), (nodes, keyList, pick) => {
        const gone = nodes[pick % nodes.length]!;
        const rest = nodes.filter((node) => node !== gone);
        for (const key of keyList) {
          const before = rendezvousOwner(key, nodes);
          if (before !== gone) expect(rendezvousOwner(key, rest)).toBe(before!);
        }
      }),
    );
  });

  test("keys spread about evenly over the nodes", () => {
    const nodes = ["map-1:a", "map-2:b", "map-3:c", "map-4:d"];
    const counts = new Map<string, number>();
    for (let key = 1; key <= 4000; key++) {
      const owner = rendezvousOwner(key, nodes)!;
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    for (const node of nodes) {
      expect(counts.get(node)!).toBeGreaterThan(850);
      expect(counts.get(node)!).toBeLessThan(1150);
    }
  });

  test("keys past 32 bits and negative keys are hashed, not truncated into each other", () => {
    const nodes = Array.from({ length: 16 }, (_, index) => `n${index}`);
    const owners = new Set([1, 1 + 2 ** 32, 1 + 2 ** 33, -1, 2 ** 32 - 1].map((key) => rendezvousOwner(key, nodes)));
    expect(owners.size).toBeGreaterThan(1);
    expect(() => rendezvousOwner(1.5, nodes)).toThrow(RangeError);
  });
});

describe("mapRegions", () => {
  test("a line of maps is cut into runs of the region size, each named by its lowest map", () => {
    expect([...mapRegions(line(7), 3)]).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 4],
      [5, 4],
      [6, 4],
      [7, 7],
    ]);
  });

  test("breadth first from the lowest map, neighbours in id order; exits count both ways; unknown maps ignored", () => {
    // 1 links to 9, 5, 2 (listed out of order); 2 links to 3; 5 is reached from 7 only by 7's exit.
    const maps: MapLinks[] = [
      { id: 1, neighbours: [9, 5, 2, 404] },
      { id: 2, neighbours: [3] },
      { id: 3, neighbours: [] },
      { id: 5, neighbours: [] },
      { id: 7, neighbours: [5] },
      { id: 9, neighbours: [] },
      { id: 11, neighbours: [11] },
    ];
    expect(Object.fromEntries(mapRegions(maps, 3))).toEqual({ 1: 1, 2: 1, 5: 1, 3: 3, 7: 7, 9: 9, 11: 11 });
    expect(Object.fromEntries(mapRegions(maps, 100))).toEqual({ 1: 1, 2: 1, 3: 1, 5: 1, 7: 1, 9: 1, 11: 11 });
    expect(Object.fromEntries(mapRegions(maps, 1))).toEqual({ 1: 1, 2: 2, 3: 3, 5: 5, 7: 7, 9: 9, 11: 11 });
  });

  test("every map gets a region no larger than the size, named by its lowest member, whatever the input order", () => {
    const graph = fc
      .uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 80 })
      .chain((ids) =>
        fc.tuple(
          fc.constant(ids),
          fc.array(fc.array(fc.constantFrom(...ids), { maxLength: 4 }), { minLength: ids.length, maxLength: ids.length }),
          fc.integer({ min: 1, max: 10 }),
        ),
      );
    fc.assert(
      fc.property(graph, ([ids, exits, size]) => {
        const maps = ids.map((id, index) => ({ id, neighbours: exits[index]! }));
        const regions = mapRegions(maps, size);
        expect([...regions.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        const members = new Map<number, number[]>();
        for (const [map, region] of regions) members.set(region, [...(members.get(region) ?? []), map]);
        for (const [region, list] of members) {
          expect(list.length).toBeLessThanOrEqual(size);
          expect(Math.min(...list)).toBe(region);
        }
        expect(mapRegions([...maps].reverse(), size)).toEqual(regions);
      }),
    );
  });

  test("bad input throws", () => {
    expect(() => mapRegions(line(3), 0)).toThrow(RangeError);
    expect(() => mapRegions(line(3), 1.5)).toThrow(RangeError);
    expect(() => mapRegions([...line(3), { id: 2, neighbours: [] }], 2)).toThrow(RangeError);
  });
});

describe("placeMaps", () => {
  test("no nodes places nothing; maps of one region share a node", () => {
    const regions = mapRegions(line(12), 4);
    expect(placeMaps(regions, []).size).toBe(0);
    const placed = placeMaps(regions, ["a", "b", "c"]);
    for (const [map, region] of regions) expect(placed.get(map)).toBe(placed.get(region)!);
  });

  test("deterministic: the same answer whatever the order of the nodes or the maps", () => {
    fc.assert(
      fc.property(nodeIds, keys, fc.integer({ min: 1, max: 6 }), (nodes, mapIds, size) => {
        const regions = mapRegions(
          mapIds.map((id) => ({ id, neighbours: [id + 1] })),
          size,
        );
        const placed = placeMaps(regions, nodes);
        const shuffledRegions = new Map([...regions].reverse());
        expect(placeMaps(shuffledRegions, [...nodes].reverse())).toEqual(placed);
        expect(new Set(placed.values()).size).toBeLessThanOrEqual(nodes.length);
      }),
    );
  });

  test("every node owns a region when there are at least as many regions as nodes", () => {
    fc.assert(
      fc.property(nodeIds, keys, (nodes, mapIds) => {
        fc.pre(mapIds.length >= nodes.length);
        const placed = placeMaps(singletons(mapIds), nodes);
        expect(new Set(placed.values())).toEqual(new Set(nodes));
      }),
    );
  });

  test("exactly as many regions as nodes: one region each", () => {
    const nodes = Array.from({ length: 10 }, (_, index) => `node-${index}`);
    const placed = placeMaps(singletons(Array.from({ length: 10 }, (_, index) => index + 1)), nodes);
    expect([...placed.values()].sort()).toEqual(nodes);
  });

  test("without the balancing step it is plain rendezvous on the region id", () => {
    fc.assert(
      fc.property(nodeIds, keys, (nodes, mapIds) => {
        const regions = singletons(mapIds);
        const plain = new Map(mapIds.map((id) => [id, rendezvousOwner(id, nodes)!]));
        const balancingNeeded = mapIds.length >= nodes.length && new Set(plain.values()).size < nodes.length;
        if (!balancingNeeded) expect(placeMaps(regions, nodes)).toEqual(plain);
      }),
    );
  });

  test("stability: removing a node moves that node's maps, and at most one region per node balanced in either placement", () => {
    fc.assert(
      fc.property(nodeIds.filter((nodes) => nodes.length >= 2), keys, fc.nat(), (nodes, mapIds, pick) => {
        const gone = nodes[pick % nodes.length]!;
        const rest = nodes.filter((node) => node !== gone);
        const regions = singletons(mapIds);
        const before = placeMaps(regions, nodes);
        const after = placeMaps(regions, rest);
        const plainBalanced = (list: string[], placed: Map<number, string>) => mapIds.filter((id) => placed.get(id) !== rendezvousOwner(id, list)).length;
        const bystandersMoved = mapIds.filter((id) => before.get(id) !== gone && after.get(id) !== before.get(id));
        for (const id of mapIds) expect(after.get(id)).not.toBe(gone);
        expect(plainBalanced(nodes, before)).toBeLessThanOrEqual(nodes.length);
        expect(bystandersMoved.length).toBeLessThanOrEqual(plainBalanced(nodes, before) + plainBalanced(rest, after));
      }),
    );
  });

  test("stability when nobody needs balancing: many maps per node, only the removed node's maps move", () => {
    const nodes = ["map-1:a", "map-2:b", "map-3:c", "map-4:d", "map-5:e"];
    const regions = mapRegions(line(400), 4);
    for (const gone of nodes) {
      const rest = nodes.filter((node) => node !== gone);
      const before = placeMaps(regions, nodes);
      const after = placeMaps(regions, rest);
      for (const [map, owner] of before) {
        if (owner === gone) expect(rest).toContain(after.get(map)!);
        else expect(after.get(map)).toBe(owner);
      }
    }
  });
});
