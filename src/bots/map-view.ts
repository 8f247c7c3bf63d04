/**
 * What the bots of a run know about the characters on one map, pooled: every bot on the map
 * writes the `CharacterCreate` / `CharacterMove` / `CharacterRemove` it receives into the map's
 * view. A step seen by a hundred observers changes the view once; the other ninety-nine reports
 * are one compare against a typed array, which is what keeps a thousand bots in one crowd cheap
 * to run. The view also holds the run's movers (bots by char index) so the first report of a
 * step can confirm it to the bot that made it.
 *
 * Everything in the view is server truth as delivered to some bot. Two observers may deliver one
 * character's consecutive steps out of order (different sockets); the view then briefly shows
 * the older tile, which only matters to the occupied check of a neighbour's next step.
 */
import { AREA_BLOCK_TILES, blockOf, inView } from "../game/area/index.ts";
import { headingBit, HEADINGS, stepX, stepY } from "../game/movement/index.ts";

/** Char slots of the AO20 client (`charlist(1 To 10000)`); larger indexes are ignored. */
export const MAX_VIEW_CHAR_INDEX = 10_000;
/** Blocks along one side of the largest map (255 tiles). */
const BLOCKS_PER_SIDE = Math.ceil(256 / AREA_BLOCK_TILES);

/** A position as one number: x * 256 + y (AO coordinates are 1..255; 0 = unknown). */
export function posKey(x: number, y: number): number {
  return x * 256 + y;
}

/** What one step towards each heading adds to a key (index 0 unused): x moves by 256, y by 1. */
const STEP_KEY: readonly number[] = [0, ...HEADINGS.map((heading) => posKey(stepX(heading), stepY(heading)))];

/** The key of the tile one step from `key` towards `heading` (1 north, 2 east, 3 south, 4 west). */
export function stepKey(key: number, heading: number): number {
  return key + STEP_KEY[heading]!;
}

function blockIndexOfKey(key: number): number {
  return blockOf(key >> 8) * BLOCKS_PER_SIDE + blockOf(key & 0xff);
}

/** A bot that can be told its step was seen (its pending steps). */
export interface Mover {
  /**
   * The step from `fromTile` (0: unknown) onto `tile` was seen: marks it confirmed and returns
   * its planned time, or NaN when no open step matches. `recentOnly`: only the mover's newest
   * steps may match (the report was a create, whose source is a guess).
   */
  confirmStep(tile: number, fromTile: number, recentOnly: boolean): number;
  /** The last confirmation could have been of another, identical step (see PendingSteps). */
  readonly lastAmbiguous: boolean;
}

export class MapView {
  /** posKey of each char index; 0 = not on the map as far as the bots know. */
  readonly position = new Uint16Array(MAX_VIEW_CHAR_INDEX + 1);
  readonly isPlayer = new Uint8Array(MAX_VIEW_CHAR_INDEX + 1);
  /**
   * Char indexes of the NPCs on the map as far as the bots know (a `CharacterCreate` with
   * `isNpc`, not removed since), in the order they were first seen. Fighters look for targets
   * here instead of scanning every char slot.
   */
  readonly npcs = new Set<number>();
  /** Characters per tile (posKey); only tiles with someone on them. */
  readonly tiles = new Map<number, number>();
  /** Players per area block. */
  readonly blockPlayers = new Int32Array(BLOCKS_PER_SIDE * BLOCKS_PER_SIDE);
  /** Bots on this map by char index. */
  readonly movers = new Map<number, Mover>();
  characters = 0;

  constructor(readonly id: number) {}

  /**
   * A character appears at `key` (CharacterCreate). Returns where the view had it before (0 when
   * unknown). A char that steps into an observer's window arrives there as a create, not a move,
   * so a create that shifts a known char is how some observers see a step.
   */
  place(charIndex: number, key: number, isPlayer: boolean): number {
    if (!(charIndex >= 1 && charIndex <= MAX_VIEW_CHAR_INDEX)) return 0;
    const old = this.position[charIndex]!;
    this.remove(charIndex);
    this.isPlayer[charIndex] = isPlayer ? 1 : 0;
    // Already out of the set (remove above); a create at (0, 0) is no place to fight at.
    if (!isPlayer && key !== 0) this.npcs.add(charIndex);
    this.occupy(charIndex, key);
    return old;
  }

  /**
   * A character stepped onto `key` (CharacterMove). Returns where the view had it before (0 when
   * unknown) when this report changed the view (the first report of the step), or -1 for a
   * repeat. An unknown character is taken to be a player.
   */
  move(charIndex: number, key: number): number {
    if (!(charIndex >= 1 && charIndex <= MAX_VIEW_CHAR_INDEX)) return -1;
    const old = this.position[charIndex]!;
    if (old === key) return -1;
    if (old === 0) this.isPlayer[charIndex] = 1;
    else this.vacate(charIndex, old);
    this.occupy(charIndex, key);
    return old;
  }

  /** A character left (CharacterRemove). */
  remove(charIndex: number): void {
    if (!(charIndex >= 1 && charIndex <= MAX_VIEW_CHAR_INDEX)) return;
    const old = this.position[charIndex]!;
    if (old === 0) return;
    this.vacate(charIndex, old);
    this.position[charIndex] = 0;
    this.npcs.delete(charIndex);
  }

  /** True when `charIndex` is a known NPC on this map. */
  isNpc(charIndex: number): boolean {
    return this.npcs.has(charIndex);
  }

  /** Where a known character stands (posKey), 0 when the view does not have it. */
  positionOf(charIndex: number): number {
    return charIndex >= 1 && charIndex <= MAX_VIEW_CHAR_INDEX ? this.position[charIndex]! : 0;
  }

  /**
   * The known NPC nearest to `key` (Manhattan) among those a client standing there would see
   * (its 3×3 block window: the pool also holds NPCs only other bots can see), skipping
   * `exceptCharIndex` and the char indexes in `skip`. Ties go to the NPC seen first. 0: none.
   */
  nearestNpc(key: number, exceptCharIndex: number, skip?: ReadonlySet<number>): number {
    if (key === 0 || this.npcs.size === 0) return 0;
    const x = key >> 8;
    const y = key & 0xff;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const charIndex of this.npcs) {
      if (charIndex === exceptCharIndex || skip?.has(charIndex)) continue;
      const at = this.position[charIndex]!;
      if (at === 0) continue;
      const nx = at >> 8;
      const ny = at & 0xff;
      if (!inView(x, y, nx, ny)) continue;
      const distance = Math.abs(nx - x) + Math.abs(ny - y);
      if (distance < bestDistance) {
        best = charIndex;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** Headings (bit h-1) whose neighbour of `key` has a character on it. */
  occupiedAround(key: number): number {
    const tiles = this.tiles;
    if (tiles.size === 0) return 0;
    let mask = 0;
    for (const heading of HEADINGS) if (tiles.has(key + STEP_KEY[heading]!)) mask |= headingBit(heading);
    return mask;
  }

  /** Players in the 3×3 blocks around `key`, not counting `exceptCharIndex`. */
  playersAround(key: number, exceptCharIndex: number): number {
    const bx = blockOf(key >> 8);
    const by = blockOf(key & 0xff);
    let count = 0;
    for (let x = Math.max(0, bx - 1); x <= Math.min(BLOCKS_PER_SIDE - 1, bx + 1); x++) {
      for (let y = Math.max(0, by - 1); y <= Math.min(BLOCKS_PER_SIDE - 1, by + 1); y++) count += this.blockPlayers[x * BLOCKS_PER_SIDE + y]!;
    }
    if (exceptCharIndex >= 1 && exceptCharIndex <= MAX_VIEW_CHAR_INDEX && this.isPlayer[exceptCharIndex] === 1) {
      const own = this.position[exceptCharIndex]!;
      if (own !== 0 && inView(own >> 8, own & 0xff, key >> 8, key & 0xff)) count--;
    }
    return count;
  }

  private occupy(charIndex: number, key: number): void {
    this.position[charIndex] = key;
    this.tiles.set(key, (this.tiles.get(key) ?? 0) + 1);
    if (this.isPlayer[charIndex] === 1) this.blockPlayers[blockIndexOfKey(key)]!++;
    this.characters++;
  }

  private vacate(charIndex: number, key: number): void {
    const count = this.tiles.get(key) ?? 0;
    if (count <= 1) this.tiles.delete(key);
    else this.tiles.set(key, count - 1);
    if (this.isPlayer[charIndex] === 1) this.blockPlayers[blockIndexOfKey(key)]!--;
    this.characters--;
  }
}

/** The views of a run, one per map, made on first use. */
export class MapViews {
  private readonly views = new Map<number, MapView>();

  of(mapId: number): MapView {
    let view = this.views.get(mapId);
    if (view === undefined) {
      view = new MapView(mapId);
      this.views.set(mapId, view);
    }
    return view;
  }

  get size(): number {
    return this.views.size;
  }
}
