/**
 * When and where a dead NPC comes back (combat-and-progression §6.7 item 7; VB6 `MuereNpc`,
 * `ProcessRespawnQueue`, `CrearNPC`, `ClosestLegalPosNPC`).
 */
import { randomInt, type Random } from "../../random/index.ts";
import type { NpcAiProfile } from "./profile.ts";

/** VB6 `TimerRespawn`: the respawn queue counts down once a second. */
export const RESPAWN_TICK_MS = 1000;
/** VB6 `RespawnQueueRetryIntervalSeconds`: no free tile, try again this much later. */
export const RESPAWN_RETRY_SECONDS = 5;
/** VB6 `MAXSPAWNATTEMPS`: random tiles tried before the search from the map's centre. */
export const RESPAWN_RANDOM_TRIES = 15;
/** Each random try looks this many rings around the drawn tile. */
export const RESPAWN_SEARCH_RADIUS = 10;
/**
 * The drawn tile keeps this far from the map's edges: VB6 draws between `MinXBorder + 2` and
 * `MaxXBorder - 2` (the borders are half a client window, 11 × 9 tiles, in from each edge).
 */
export const RESPAWN_MARGIN_X = 13;
export const RESPAWN_MARGIN_Y = 11;

/**
 * The respawn delay, rolled when the NPC appears (VB6 `RandomNumber(IntervaloRespawnMin,
 * IntervaloRespawn)`, seconds; one draw always).
 */
export function rollRespawnSeconds(profile: NpcAiProfile, random: Random): number {
  return randomInt(random, profile.respawnMinSeconds, profile.respawnMaxSeconds);
}

/**
 * Milliseconds from death to respawn for a rolled delay: 0 comes back at once; otherwise the
 * one-second queue counts N down and recreates on the tick after, N + 1 ticks. VB6's tick has
 * a phase we do not keep, so we take the end of that window: (N + 1) s.
 */
export function respawnDelayMs(seconds: number): number {
  return seconds <= 0 ? 0 : (seconds + 1) * RESPAWN_TICK_MS;
}

/** A tile test on 1-based coordinates inside the map. */
export type TileTest = (x: number, y: number) => boolean;

/**
 * A random tile for a respawn (VB6 `CrearNPC` without `OrigPos`): up to 15 random draws, each
 * followed by a search of 10 rings around it for a tile that is `legal` and `unseen` (nobody's
 * client shows it); then the same search from the map's centre over the whole map; then that
 * search ignoring who sees it. Null when the map has no legal tile at all.
 */
export function findRespawnTile(width: number, height: number, random: Random, legal: TileTest, unseen: TileTest): { x: number; y: number } | null {
  const [xLo, xHi] = drawRange(width, RESPAWN_MARGIN_X);
  const [yLo, yHi] = drawRange(height, RESPAWN_MARGIN_Y);
  const fit: TileTest = (x, y) => legal(x, y) && unseen(x, y);
  for (let attempt = 0; attempt < RESPAWN_RANDOM_TRIES; attempt++) {
    const x = randomInt(random, xLo, xHi);
    const y = randomInt(random, yLo, yHi);
    const found = nearestTile(width, height, x, y, RESPAWN_SEARCH_RADIUS, fit);
    if (found !== null) return found;
  }
  const cx = Math.ceil(width / 2);
  const cy = Math.ceil(height / 2);
  const whole = Math.max(width, height);
  return nearestTile(width, height, cx, cy, whole, fit) ?? nearestTile(width, height, cx, cy, whole, legal);
}

/**
 * The first tile passing `test` in square rings around (x, y) out to `radius`, each ring read
 * as VB6 `ClosestLegalPosNPC` reads it: top row, left column, right column, bottom row.
 */
export function nearestTile(width: number, height: number, x: number, y: number, radius: number, test: TileTest): { x: number; y: number } | null {
  const ok = (tx: number, ty: number): boolean => tx >= 1 && ty >= 1 && tx <= width && ty <= height && test(tx, ty);
  if (ok(x, y)) return { x, y };
  for (let r = 1; r <= radius; r++) {
    for (let tx = x - r; tx <= x + r; tx++) if (ok(tx, y - r)) return { x: tx, y: y - r };
    for (let ty = y - r + 1; ty <= y + r - 1; ty++) if (ok(x - r, ty)) return { x: x - r, y: ty };
    for (let ty = y - r + 1; ty <= y + r - 1; ty++) if (ok(x + r, ty)) return { x: x + r, y: ty };
    for (let tx = x - r; tx <= x + r; tx++) if (ok(tx, y + r)) return { x: tx, y: y + r };
  }
  return null;
}

function drawRange(size: number, margin: number): [number, number] {
  const lo = 1 + margin;
  const hi = size - margin;
  return lo <= hi ? [lo, hi] : [1, size];
}
