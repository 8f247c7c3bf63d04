/** Walkability questions about a map, answered from the HTTP map API the browser also uses. */

export interface ApiMap {
  id: number;
  width: number;
  height: number;
  tiles: number[];
  tileBits: { blockedNorth: number; blockedEast: number; blockedSouth: number; blockedWest: number };
  exits: [number, number, number, number, number][];
}

export const HEADINGS = [1, 2, 3, 4] as const;
const DX = [0, 0, 1, 0, -1];
const DY = [0, -1, 0, 1, 0];

export async function fetchMap(httpPort: number, id: number): Promise<ApiMap> {
  const response = await fetch(`http://127.0.0.1:${httpPort}/api/map/${id}`);
  if (!response.ok) throw new Error(`map ${id}: HTTP ${response.status}`);
  return (await response.json()) as ApiMap;
}

export function step(x: number, y: number, heading: number): { x: number; y: number } {
  return { x: x + DX[heading]!, y: y + DY[heading]! };
}

function bitFor(map: ApiMap, heading: number): number {
  return [0, map.tileBits.blockedNorth, map.tileBits.blockedEast, map.tileBits.blockedSouth, map.tileBits.blockedWest][heading]!;
}

function isExit(map: ApiMap, x: number, y: number): boolean {
  return map.exits.some(([ex, ey]) => ex === x && ey === y);
}

/** True when a character at (x, y) can step in `heading` onto a plain (non-exit) tile. */
export function canStep(map: ApiMap, x: number, y: number, heading: number, allowExit = false): boolean {
  const to = step(x, y, heading);
  if (to.x < 1 || to.y < 1 || to.x > map.width || to.y > map.height) return false;
  if ((map.tiles[(to.y - 1) * map.width + (to.x - 1)]! & bitFor(map, heading)) !== 0) return false;
  return allowExit || !isExit(map, to.x, to.y);
}

/** A heading in which (x, y) has a plain step onto a free tile; throws when boxed in. */
export function openHeading(map: ApiMap, x: number, y: number, occupied: ReadonlySet<string> = new Set()): number {
  const heading = HEADINGS.find((h) => {
    const to = step(x, y, h);
    return canStep(map, x, y, h) && !occupied.has(`${to.x},${to.y}`);
  });
  if (heading === undefined) throw new Error(`no free step from (${x},${y}) on map ${map.id}`);
  return heading;
}

/**
 * An exit to `destMap` with a plain neighbour from which one step enters it:
 * { from: neighbour, heading, exit }.
 */
export function approachToExit(map: ApiMap, destMap: number): { from: { x: number; y: number }; heading: number; exit: [number, number, number, number, number] } {
  for (const exit of map.exits) {
    if (exit[2] !== destMap) continue;
    for (const heading of HEADINGS) {
      const back = (heading + 1) % 4 + 1; // opposite heading
      const from = step(exit[0], exit[1], back);
      if (from.x < 1 || from.y < 1 || from.x > map.width || from.y > map.height) continue;
      if (isExit(map, from.x, from.y)) continue;
      const tile = map.tiles[(from.y - 1) * map.width + (from.x - 1)]!;
      if ((tile & 0x0f) === 0x0f) continue;
      if (canStep(map, from.x, from.y, heading, true)) return { from, heading, exit };
    }
  }
  throw new Error(`map ${map.id} has no reachable exit to map ${destMap}`);
}
