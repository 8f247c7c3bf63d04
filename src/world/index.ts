export { World, type WorldOptions, type WorldStats } from "./world.ts";
export {
  AUDIT_RETRY_MS,
  AUDIT_WRITE_ROWS,
  BankService,
  creditBank,
  MAX_PENDING_AUDIT_ROWS,
  StaffService,
  OFFLINE_TRANSFER_INTERVAL_MS,
  registerServices,
  ServiceRegistrationError,
  ServiceRegistry,
  type AuditActor,
  type AuditRow,
  type AuditSink,
  type BankCreditSettlement,
  type BankSaves,
  type BankServiceOptions,
  type BankSessions,
  type BankVaults,
  type CreditOutcome,
  type RunningServices,
  type ServiceContext,
  type ServiceDependencies,
  type ServicePlacement,
  type ServicePlayer,
  type ServiceRequest,
  type BanOutcome,
  type BanTarget,
  type StaffAct,
  type StaffModeration,
  type PunishmentRecordEntry,
  type SanctionOutcome,
  type StaffSanctions,
  type UnbanOutcome,
  type StaffServiceOptions,
  type StaffSessions,
  type WorldService,
} from "./services/index.ts";
export { MapWorkerHost, WorkerStartError, mapWorkerUrl, type MapWorkerHostEvents } from "./map-worker-host.ts";
export { LoopbackBusTransport, type BusTransport } from "./bus-transport.ts";
export { MagicTotals } from "./magic-totals.ts";
export { NpcAiTotals } from "./npc-ai-totals.ts";
export type { MapHost, RemoteMaps, RemoteMapsEvents } from "./map-host.ts";
