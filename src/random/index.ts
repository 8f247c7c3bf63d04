/**
 * Seeded randomness: xoshiro128** streams derived from a root seed and a path of numbers, never
 * from another stream's position, so adding one more consumer changes nobody else's draws. Every
 * random rule or choice takes a `Random` injected by its owner (never `Math.random`), which is
 * what lets a bot run or a map worker's game replay from its seed. Each user names the first
 * path elements of its own streams.
 */
export { mix32, SeededRandom, streamHash, streamState, Xoshiro128, type Random } from "./random.ts";
export { randomInt } from "./random-int.ts";
