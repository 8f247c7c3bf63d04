export { World, type WorldOptions, type WorldStats } from "./world.ts";
export { MapWorkerHost, WorkerStartError, mapWorkerUrl } from "./map-worker-host.ts";
export { LoopbackBusTransport, type BusTransport } from "./bus-transport.ts";
