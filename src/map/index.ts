/**
 * The map side: what runs inside a map worker. `MapInstance` is one live map (store, view,
 * systems), `handlers.ts` the one table from client packet to handler, `worker.ts` the thin
 * host. The gateway side talks to it through `worker-protocol.ts`, intent batches and outboxes;
 * the main-thread services and the systems through the service channel (`service-protocol.ts`).
 */
export { MapInstance, type HandlerFault, type IntentOutcome, type MapInstanceDeps, type UnhandledPacket } from "./map-instance.ts";
export type { EnterKind, EnterRequest, MapEvent, MapHandOver, PetHandOver, ServiceEvent } from "./map-events.ts";
export type { AuditOutcome, AuditedAction, BankAnswer, BankRequest, BankTransferAnswer, LoadedVault, Sanction, ServiceName, ServiceProtocol, StaffAnswer, StaffRequest, StaffServiceCommand, TargetAct, TargetReport, ToMap, ToWorld, WorldTile } from "./service-protocol.ts";
export type { MapContext, MapRules, MapStats, MapTerrain } from "./map-context.ts";
export {
  PACKET_HANDLERS,
  BUS_HANDLERS,
  GATEWAY_PACKETS,
  PACKET_DECISIONS,
  protocolCoverage,
  type PacketCoverage,
  type PacketDecision,
  type PacketHandler,
  type PacketHandlerTable,
  type PlannedArea,
} from "./handlers.ts";
export { RecordingBus, type BusMessage, type CrossMapBus } from "./cross-map-bus.ts";
export { busReachesWorker, rulesAfter } from "./server-rules.ts";
export { createAoi, type AoiMode, type AreaOfInterest } from "./area-of-interest.ts";
export { newOccupancyBuffer, type MapDefinition, type NpcDefinition, type MapExitDefinition, type ObjectDefinition } from "./map-definition.ts";
export { IntentBatchWriter, forEachIntent } from "./intents.ts";
export { Outbox, readOutbox, type OutboxReader } from "./outbox.ts";
export { createMapPackets } from "./protocol-packets.ts";
export { NPC_AI_LATENESS_BUCKETS_MS, NpcAiStats, emptyNpcAiCounts, type NpcAiCounts, type NpcAiPopulation, type NpcAiReport } from "./npc-ai-stats.ts";
export { MagicStats, emptyMagicCounts, type MagicCounts } from "./magic-stats.ts";
export type { FromWorker, SystemMessage, ToWorker, WorkerSettings, SnapshotEntry, WorkerStats } from "./worker-protocol.ts";
