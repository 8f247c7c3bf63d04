export { Gateway, Session, type GatewayOptions, type SessionPhase } from "./gateway.ts";
export { createGatewayStore, type GatewayStore } from "./gateway-store.ts";
export { createGatewayMetrics, type GatewayMetrics } from "./gateway-metrics.ts";
export { gatewayFrames } from "./gateway-packets.ts";
export * from "./limits.ts";
