/**
 * The server context's face: how each process role is started. It only re-exports, so the
 * roles' files can share what they need (`startup.ts`) without importing the face.
 */
export { prepareDataDir } from "./data-dir.ts";
export { acquireDataLock, dataLockHolder, describeHolder, DATA_LOCK_FILE, type DataLock, type DataLockHolder } from "./data-lock.ts";
export { loadServerWorld, type ServerWorld } from "./server-world.ts";
export { DAY_LENGTH_MS, DEFAULT_MOTD, GLOBAL_CHAT_INTERVAL_MS, StartupError, WORKER_STATS_INTERVAL_MS, workerSettings } from "./startup.ts";
export {
  GATEWAY_HEARTBEAT_MS,
  PRELOAD_MAP_LIMIT,
  startServer,
  type GatewayClusterOptions,
  type RunningServer,
  type StartOptions,
} from "./serve-process.ts";
export { defaultNodeName, startMapNode, mapRegionSize, type MapNodeStartOptions, type RunningMapNode } from "./map-node-process.ts";
