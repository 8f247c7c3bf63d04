/**
 * Test support for the NPC AI: small grids drawn as text, scripted random draws, NPC minds and
 * players built with defaults.
 */
import type { Random } from "../../random/index.ts";
import { BLOCKED_ALL, TILE_WATER } from "../movement/index.ts";
import { newPathMemory, type NpcMind } from "./decide.ts";
import type { NpcGround } from "./ground.ts";
import { npcAiProfile, type NpcAiProfile, type NpcAiTemplate } from "./profile.ts";
import type { AiPlayer } from "./targeting.ts";

/** A ground the tests can change: walls, water, exits and occupants. */
export interface TestGround extends NpcGround {
  readonly collision: Uint8Array;
  readonly triggers: Uint8Array;
  readonly occupancy: Int16Array;
  readonly exits: Set<number>;
  index(x: number, y: number): number;
  place(charIndex: number, x: number, y: number): void;
  move(charIndex: number, fromX: number, fromY: number, toX: number, toY: number): void;
}

/**
 * A ground from rows of text: `.` floor, `#` wall, `~` water, `E` exit; anything else is floor
 * (letters mark spots for the test to find with `spot`).
 */
export function groundFrom(rows: readonly string[]): TestGround {
  const height = rows.length;
  const width = rows[0]!.length;
  const collision = new Uint8Array(width * height);
  const triggers = new Uint8Array(width * height);
  const occupancy = new Int16Array(width * height);
  const exits = new Set<number>();
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`row ${y + 1} is ${row.length} wide, not ${width}`);
    [...row].forEach((cell, x) => {
      const index = y * width + x;
      if (cell === "#") collision[index] = BLOCKED_ALL;
      else if (cell === "~") collision[index] = TILE_WATER;
      else if (cell === "E") exits.add(index);
    });
  });
  const index = (x: number, y: number): number => (y - 1) * width + (x - 1);
  return {
    width,
    height,
    collision,
    triggers,
    occupancy,
    exits,
    index,
    isExit: (i) => exits.has(i),
    occupantOf: (i) => occupancy[i]!,
    place: (charIndex, x, y) => {
      occupancy[index(x, y)] = charIndex;
    },
    move: (charIndex, fromX, fromY, toX, toY) => {
      if (occupancy[index(fromX, fromY)] === charIndex) occupancy[index(fromX, fromY)] = 0;
      occupancy[index(toX, toY)] = charIndex;
    },
  };
}

/** The 1-based tile where `mark` is written in `rows`. */
export function spot(rows: readonly string[], mark: string): { x: number; y: number } {
  for (let y = 0; y < rows.length; y++) {
    const x = rows[y]!.indexOf(mark);
    if (x >= 0) return { x: x + 1, y: y + 1 };
  }
  throw new Error(`no ${mark} in the grid`);
}

/** A Random that returns the scripted `next()` values in order, then `fallback` forever. */
export class ScriptedRandom implements Random {
  draws = 0;
  private readonly values: number[];
  constructor(
    values: readonly number[],
    private readonly fallback = 0,
  ) {
    this.values = [...values];
  }
  next(): number {
    this.draws++;
    return this.values.length > 0 ? this.values.shift()! : this.fallback;
  }
  nextU32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** How many scripted values are left. */
  get left(): number {
    return this.values.length;
  }
}

/** The `next()` value that makes `RandomNumber(lo, hi)` return `value`. */
export function drawFor(value: number, lo: number, hi: number): number {
  return (value - lo + 0.5) / (hi - lo + 1);
}

export const TEMPLATE: NpcAiTemplate = {
  movement: 2,
  hostile: true,
  level: 0,
  alignment: 0,
  npcType: 0,
  attackRange: 0,
  spells: [],
  moveIntervalMs: 0,
  attackIntervalMs: 0,
  waterAllowed: false,
  landForbidden: false,
  respawnFlag: 0,
  respawnAtOrigin: false,
  respawnIntervalMinMs: 0,
  respawnIntervalMaxMs: 0,
};

export interface TestPlayer {
  readonly name: string;
}

export interface TestNpc extends NpcMind<TestPlayer> {
  x: number;
  y: number;
  heading: number;
  charIndex: number;
}

export function npcMind(x: number, y: number, template: Partial<NpcAiTemplate> = {}, extra: Partial<TestNpc> = {}): TestNpc {
  const ai: NpcAiProfile = npcAiProfile({ ...TEMPLATE, ...template });
  return {
    x,
    y,
    heading: 3,
    charIndex: 100,
    ai,
    origX: x,
    origY: y,
    hostile: ai.hostile,
    movement: ai.movement,
    target: null,
    attackedBy: null,
    nextAttackAt: Number.NEGATIVE_INFINITY,
    path: newPathMemory(ai.pathRange),
    ...extra,
  };
}

let nextPlayerChar = 1;
export function aiPlayer(name: string, x: number, y: number, extra: Partial<Omit<AiPlayer<TestPlayer>, "ref">> = {}): AiPlayer<TestPlayer> {
  return { ref: { name }, charIndex: nextPlayerChar++, x, y, level: 1, status: 1, alive: true, hidden: false, shielded: false, ...extra };
}
