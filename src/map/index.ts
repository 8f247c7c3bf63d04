export { MapServer, type EnterKind, type EnterRequest, type MapEvent, type MapServerDeps } from "./map-server.ts";
export { createAoi, inView, blockOf, AREA_BLOCK_TILES, type AoiMode, type AreaOfInterest } from "./area-of-interest.ts";
export { newOccupancyBuffer, type MapDefinition, type NpcDefinition, type MapExitDefinition, type ObjectDefinition } from "./map-definition.ts";
export { IntentOp, IntentBatchWriter, readIntentBatch, type Intent } from "./intents.ts";
export { Outbox, readOutbox } from "./outbox.ts";
export { createMapPackets } from "./protocol-packets.ts";
export * from "./movement.ts";
export type { FromWorker, ToWorker, WorkerSettings, SnapshotEntry } from "./worker-protocol.ts";
