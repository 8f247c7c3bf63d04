#!/usr/bin/env bun
/**
 * The cost of one NPC path search (`game/npc-ai` `PathFinder`, VB6 limits: 500 expansions,
 * heuristic noise 0.75): one finder reused for every search, on a map with walls scattered at
 * random, from seeded start tiles to goals a few tiles to 10 away (what a chasing NPC asks).
 *
 *   node_modules/.bin/bun bench/npc-pathfinding.ts [--size 100] [--walls 0.2] [--searches 20000]
 *
 * Prints one JSON line: searches, how many reached the goal, mean expansions, µs per search.
 */
import { NpcEnterRule, PathFinder, type NpcGround } from "../src/game/npc-ai/index.ts";
import { SeededRandom } from "../src/random/index.ts";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const size = Number(option("size", "100"));
const walls = Number(option("walls", "0.2"));
const searches = Number(option("searches", "20000"));
if (!(Number.isInteger(size) && size >= 10) || !(walls >= 0 && walls < 1) || !(Number.isInteger(searches) && searches > 0)) {
  process.stderr.write("bench/npc-pathfinding: --size N>=10, --walls 0..1, --searches N>0\n");
  process.exit(2);
}

const WALL_BITS = 0x0f;
const tiles = size * size;
const collision = new Uint8Array(tiles);
const terrain = SeededRandom.create(5);
for (let i = 0; i < tiles; i++) if (terrain.next() < walls) collision[i] = WALL_BITS;
const ground: NpcGround = { width: size, height: size, collision, triggers: new Uint8Array(tiles), isExit: () => false, occupantOf: () => 0 };
const rule = new NpcEnterRule(ground);
const finder = new PathFinder(size, size);
const random = SeededRandom.create(1);
const places = SeededRandom.create(2);

let found = 0;
let expansions = 0;
const started = performance.now();
for (let i = 0; i < searches; i++) {
  const x = places.int(1, size);
  const y = places.int(1, size);
  const toX = Math.min(size, Math.max(1, x + places.int(-10, 10)));
  const toY = Math.min(size, Math.max(1, y + places.int(-8, 8)));
  if (finder.find(x, y, toX, toY, 15, rule.test, random) === "found") found++;
  expansions += finder.expansions;
}
const elapsedMs = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ bench: "npc-pathfinding", size, walls, searches, found, meanExpansions: Math.round((expansions / searches) * 10) / 10, usPerSearch: Math.round((elapsedMs * 1000) / searches * 10) / 10 })}\n`,
);
