import { describe, expect, test } from "bun:test";
import { mix32, SeededRandom, streamHash } from "./random.ts";

/** A first path element, as each user of the generator names its streams. */
const STREAM_ACTOR = 2;

/** An independent xoshiro128** written from the published algorithm with BigInt, as the oracle. */
function referenceXoshiro(state: [bigint, bigint, bigint, bigint], count: number): number[] {
  const mask = 0xffffffffn;
  const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (32n - k))) & mask;
  const s = [...state];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(Number((rotl((s[1]! * 5n) & mask, 7n) * 9n) & mask));
    const t = (s[1]! << 9n) & mask;
    s[2] = s[2]! ^ s[0]!;
    s[3] = s[3]! ^ s[1]!;
    s[1] = s[1]! ^ s[2]!;
    s[0] = s[0]! ^ s[3]!;
    s[2] = s[2]! ^ t;
    s[3] = rotl(s[3]!, 11n);
  }
  return out;
}

describe("xoshiro128**", () => {
  test("matches the algorithm on the reference state {1, 2, 3, 4}", () => {
    const random = SeededRandom.fromState([1, 2, 3, 4]);
    const ours = Array.from({ length: 1000 }, () => random.nextU32());
    // The first two outputs worked by hand: rotl(2 * 5, 7) * 9 = 11520; then s1 becomes 0.
    expect(ours.slice(0, 2)).toEqual([11520, 0]);
    expect(ours).toEqual(referenceXoshiro([1n, 2n, 3n, 4n], 1000));
  });

  test("matches the oracle from seeded states with high bits set", () => {
    const state: [number, number, number, number] = [0xdeadbeef, 0x80000001, 0xffffffff, 0x12345678];
    const random = SeededRandom.fromState(state);
    const ours = Array.from({ length: 200 }, () => random.nextU32());
    expect(ours).toEqual(referenceXoshiro(state.map(BigInt) as [bigint, bigint, bigint, bigint], 200));
  });
});

describe("seeded streams", () => {
  test("the same seed and path give the same stream; another path or seed gives another", () => {
    const draw = (random: SeededRandom) => Array.from({ length: 32 }, () => random.nextU32());
    const a = draw(SeededRandom.create(42, STREAM_ACTOR, 7));
    expect(draw(SeededRandom.create(42, STREAM_ACTOR, 7))).toEqual(a);
    expect(draw(SeededRandom.create(42, STREAM_ACTOR, 8))).not.toEqual(a);
    expect(draw(SeededRandom.create(43, STREAM_ACTOR, 7))).not.toEqual(a);
    // Seeds beyond 32 bits are not folded onto their low word.
    expect(draw(SeededRandom.create(2 ** 32 + 42, STREAM_ACTOR, 7))).not.toEqual(a);
  });

  test("fork derives from the path, not from how far the parent has drawn", () => {
    const parent = SeededRandom.create(9);
    const before = parent.fork(3).nextU32();
    for (let i = 0; i < 100; i++) parent.nextU32();
    expect(parent.fork(3).nextU32()).toBe(before);
    expect(SeededRandom.create(9, 3).nextU32()).toBe(before);
  });

  test("stream hashes of neighbouring actors share no obvious structure", () => {
    const hashes = new Set<number>();
    for (let id = 0; id < 10_000; id++) hashes.add(streamHash(1, [STREAM_ACTOR, id]));
    expect(hashes.size).toBe(10_000);
    // Avalanche: flipping one input bit flips about half of the output bits.
    let flipped = 0;
    for (let bit = 0; bit < 32; bit++) flipped += popcount(mix32(12345) ^ mix32(12345 ^ (1 << bit)));
    expect(flipped / 32).toBeGreaterThan(12);
    expect(flipped / 32).toBeLessThan(20);
  });

  test("rejects non-finite seeds and paths", () => {
    expect(() => SeededRandom.create(Number.NaN)).toThrow(RangeError);
    expect(() => SeededRandom.create(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("draws", () => {
  test("next is in [0, 1), int is inclusive and uniform (chi-square), pick and chance behave", () => {
    const random = SeededRandom.create(2024);
    const counts = [0, 0, 0, 0, 0, 0];
    const draws = 60_000;
    for (let i = 0; i < draws; i++) {
      const value = random.next();
      expect(value >= 0 && value < 1).toBe(true);
      counts[random.int(1, 6) - 1]!++;
    }
    const expected = draws / 6;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: the 99.9th percentile is 20.5.
    expect(chiSquare).toBeLessThan(20.5);
    expect(counts.every((count) => count > 0)).toBe(true);
    const items = ["a", "b", "c"] as const;
    const seen = new Set(Array.from({ length: 100 }, () => random.pick(items)));
    expect([...seen].sort()).toEqual(["a", "b", "c"]);
    expect(() => random.pick([])).toThrow(RangeError);
    let heads = 0;
    for (let i = 0; i < 10_000; i++) if (random.chance(0.25)) heads++;
    expect(heads).toBeGreaterThan(2_300);
    expect(heads).toBeLessThan(2_700);
    expect(random.chance(0)).toBe(false);
    expect(random.chance(1)).toBe(true);
  });
});

function popcount(x: number): number {
  let count = 0;
  for (let v = x >>> 0; v !== 0; v >>>= 1) count += v & 1;
  return count;
}
