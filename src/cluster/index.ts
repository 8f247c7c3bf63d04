/**
 * Multi-node mode (README, "Several nodes"; docs/architecture.md): gateways hold the players'
 * connections, map nodes run the maps whose leases they hold, and they talk over a cluster bus
 * (NATS, or an in-process hub in tests). The processes themselves are composed in src/server.
 */
export {
  ClusterBusClosedError,
  ClusterBusConnectError,
  connectNatsBus,
  isValidClusterName,
  MemoryClusterHub,
  type BusStatus,
  type ClusterBus,
  type RequestOutcome,
  type Subscription,
} from "./bus/index.ts";
export { DIRECTORY_POLL_MS, GatewayDirectory, type GatewayDirectoryOptions } from "./gateway-directory.ts";
export { LeaseManager, LEASE_SCAN_INTERVAL_MS, PLACEMENT_STABLE_MS, SELF_FENCE_MARGIN_MS, type LeaseLossReason, type LeaseManagerCounters, type LeaseManagerEvents, type LeaseManagerOptions } from "./lease-manager.ts";
export { MapNode, type MapNodeOptions, type MapNodeStats, type OrphanSaves } from "./map-node.ts";
export { bootOfNodeId, newNodeIdentity, NODE_NAME_PATTERN, SUBJECTS, type NodeIdentity } from "./node-identity.ts";
export { mapRegions, placeMaps, rendezvousOwner } from "./placement.ts";
export { RemoteNodeHost } from "./remote-node-host.ts";
export { decodeLinkMessage, emptyWorkerStats, LinkWriter, nowMs, OutboxRunWriter, type CharacterClaimNotice, type DirectoryNotice, type GatewayControl, type LinkMessage, type NodeControl } from "./wire.ts";
