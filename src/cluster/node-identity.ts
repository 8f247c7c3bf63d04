/**
 * Who a cluster process is, and the subjects it is reached on. A process is a new node at every
 * start (`name:bootId`, as Orleans names a silo by its start): the sessions, leases and sequence
 * numbers of a restarted process can never be taken for those of the one before it.
 */

/** A process's incarnation: its name and a random 32-bit boot id (8 hex digits). */
export interface NodeIdentity {
  /** `name:bootHex`, as `map_leases.owner` and `cluster_nodes.id` store it. */
  readonly id: string;
  readonly name: string;
  /** The envelope's source field: tells this incarnation's messages from any other's. */
  readonly boot: number;
  readonly bootHex: string;
}

/** Names of nodes, as `--node-id` takes them: letters, digits, `_` and `-`. */
export const NODE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function newNodeIdentity(name: string, boot: number = randomBoot()): NodeIdentity {
  if (!NODE_NAME_PATTERN.test(name)) throw new Error(`node name ${JSON.stringify(name)} must be 1-64 letters, digits, '_' or '-'`);
  const bootHex = (boot >>> 0).toString(16).padStart(8, "0");
  return { id: `${name}:${bootHex}`, name, boot: boot >>> 0, bootHex };
}

/** The boot id of a node id (`name:bootHex`), or undefined when it is not one. */
export function bootOfNodeId(id: string): number | undefined {
  const match = /:([0-9a-f]{8})$/.exec(id);
  return match ? Number.parseInt(match[1]!, 16) : undefined;
}

function randomBoot(): number {
  // Never 0: a zero source would read as "no source".
  return crypto.getRandomValues(new Uint32Array(1))[0]! || 1;
}

/**
 * The subjects of a cluster, relative to its prefix (the bus adds `ao.<cluster>.`). Numeric and
 * hex tokens only: character names and node names never become subject tokens.
 */
export const SUBJECTS = {
  /** Gateway → map node: intents and control messages for the maps it holds. */
  nodeIn: (bootHex: string) => `n.${bootHex}.in`,
  /** Map node → gateway: frames, events and answers for that gateway's sessions. */
  gatewayOut: (bootHex: string) => `g.${bootHex}.out`,
  /** Map node → everybody: a map was claimed, released or reset (its players must be placed again). */
  directory: "dir",
  /** Map node → map nodes: cross-map messages (global console lines; later guilds, parties, factions). */
  bus: "bus",
  /** Gateway → gateways: a login claimed a character; an older session of it elsewhere ends. */
  claims: "claims",
} as const;
