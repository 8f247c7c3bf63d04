/**
 * Which map node should own which map (docs/multi-node.md §7.5, "Placement"). Pure and
 * deterministic: every node computes the same answer from the same live node list, so no node
 * has to tell the others.
 *
 * - Rendezvous hashing (highest random weight): a key goes to the node with the highest
 *   `weight(key, node)`. Removing a node moves only the keys it owned; adding one takes keys only
 *   from others, about 1/n of them.
 * - Regions: maps joined by exits are grouped, and a region is placed as one key, so walking
 *   between neighbouring maps mostly stays on one node (fewer cross-node transfers).
 */

/** A map and the maps its exits lead to. */
export interface MapLinks {
  id: number;
  neighbours: readonly number[];
}

/** FNV-1a, 32 bits, over the UTF-16 code units: the same for a node id in every process. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** 2^32 / golden ratio, to spread the high word of a key before mixing. */
const GOLDEN_32 = 0x9e3779b9;
const TWO_TO_32 = 4_294_967_296;

function hashText(text: string): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: every input bit flips each output bit with probability about 1/2. */
function mix32(value: number): number {
  let hash = value >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function hashKey(key: number): number {
  if (!Number.isSafeInteger(key)) throw new RangeError(`placement keys are safe integers, got ${key}`);
  const low = key >>> 0;
  const high = Math.floor(key / TWO_TO_32) | 0;
  return mix32(low ^ mix32(Math.imul(high, GOLDEN_32) + GOLDEN_32));
}

function weightOf(keyHash: number, nodeHash: number): number {
  return mix32(keyHash ^ nodeHash);
}

/** Highest weight wins; equal weights go to the lower node id, so the order of `nodes` never matters. */
function winnerOf(keyHash: number, nodes: readonly string[], nodeHashes: readonly number[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    const weight = weightOf(keyHash, nodeHashes[index]!);
    if (weight > bestWeight || (weight === bestWeight && best !== undefined && node < best)) {
      best = node;
      bestWeight = weight;
    }
  }
  return best;
}

/** The node with the highest rendezvous weight for `key`; undefined when there are no nodes. */
export function rendezvousOwner(key: number, nodes: readonly string[]): string | undefined {
  return winnerOf(hashKey(key), nodes, nodes.map(hashText));
}

/**
 * Groups maps joined by exits (either direction) into regions of at most `regionSize` maps: a
 * breadth-first walk from the lowest map not yet grouped, neighbours in id order, stopping when
 * the region is full. A region's id is its lowest map id. Exits to maps not listed are ignored.
 * Returns map id → region id.
 */
export function mapRegions(maps: readonly MapLinks[], regionSize: number): Map<number, number> {
  if (!Number.isSafeInteger(regionSize) || regionSize < 1) throw new RangeError(`region size must be a positive integer, got ${regionSize}`);
  const links = new Map<number, Set<number>>();
  for (const map of maps) {
    if (!Number.isSafeInteger(map.id)) throw new RangeError(`map ids are safe integers, got ${map.id}`);
    if (links.has(map.id)) throw new RangeError(`map ${map.id} is listed twice`);
    links.set(map.id, new Set());
  }
  for (const map of maps) {
    for (const neighbour of map.neighbours) {
      if (neighbour === map.id || !links.has(neighbour)) continue;
      links.get(map.id)!.add(neighbour);
      links.get(neighbour)!.add(map.id);
    }
  }
  const sortedLinks = new Map([...links].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]));
  const regionOf = new Map<number, number>();
  for (const start of [...links.keys()].sort((a, b) => a - b)) {
    if (regionOf.has(start)) continue;
    regionOf.set(start, start);
    let size = 1;
    const queue = [start];
    for (let head = 0; head < queue.length && size < regionSize; head++) {
      for (const neighbour of sortedLinks.get(queue[head]!)!) {
        if (regionOf.has(neighbour)) continue;
        regionOf.set(neighbour, start);
        queue.push(neighbour);
        if (++size === regionSize) break;
      }
    }
  }
  return regionOf;
}

/**
 * Places every map on a node: each region goes to its rendezvous winner among `nodes`. When there
 * are at least as many regions as nodes and that leaves a node with none, each such node (in id
 * order) takes, from the nodes holding two or more regions, the region whose weight for it is
 * highest (ties: the lower region id). So every node has work, and still only nodes that are
 * otherwise empty cause moves beyond plain rendezvous. Returns map id → node id (empty when there
 * are no nodes).
 */
export function placeMaps(regions: ReadonlyMap<number, number>, nodes: readonly string[]): Map<number, string> {
  const placed = new Map<number, string>();
  const sortedNodes = [...new Set(nodes)].sort();
  if (sortedNodes.length === 0) return placed;
  const nodeHashes = sortedNodes.map(hashText);
  const regionIds = [...new Set(regions.values())].sort((a, b) => a - b);
  const regionHashes = new Map(regionIds.map((region) => [region, hashKey(region)]));

  const ownerOf = new Map<number, string>();
  const countOf = new Map<string, number>(sortedNodes.map((node) => [node, 0]));
  for (const region of regionIds) {
    const owner = winnerOf(regionHashes.get(region)!, sortedNodes, nodeHashes)!;
    ownerOf.set(region, owner);
    countOf.set(owner, countOf.get(owner)! + 1);
  }

  if (regionIds.length >= sortedNodes.length) {
    for (const [nodeIndex, node] of sortedNodes.entries()) {
      if (countOf.get(node)! > 0) continue;
      let chosen: number | undefined;
      let chosenWeight = -1;
      for (const region of regionIds) {
        if (countOf.get(ownerOf.get(region)!)! < 2) continue;
        const weight = weightOf(regionHashes.get(region)!, nodeHashes[nodeIndex]!);
        if (weight > chosenWeight) {
          chosen = region;
          chosenWeight = weight;
        }
      }
      // Pigeonhole: with regions >= nodes and this node empty, some node holds two or more.
      const donor = ownerOf.get(chosen!)!;
      countOf.set(donor, countOf.get(donor)! - 1);
      ownerOf.set(chosen!, node);
      countOf.set(node, 1);
    }
  }

  for (const [map, region] of regions) placed.set(map, ownerOf.get(region)!);
  return placed;
}
