export { World, type BankTransferRequest, type CreditOutcome, type WorldOptions, type WorldStats } from "./world.ts";
export { MapWorkerHost, WorkerStartError, mapWorkerUrl, type MapWorkerHostEvents } from "./map-worker-host.ts";
export { LoopbackBusTransport, type BusTransport } from "./bus-transport.ts";
export { MagicTotals } from "./magic-totals.ts";
export { NpcAiTotals } from "./npc-ai-totals.ts";
export type { MapHost, RemoteMaps, RemoteMapsEvents } from "./map-host.ts";
