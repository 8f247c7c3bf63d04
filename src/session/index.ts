export { DEFAULT_MIN_PASSWORD_LENGTH, DEFAULT_OWNER_NODE, Gateway, GATEWAY_TEXT, MAX_PASSWORD_LENGTH, REFUSAL_LOG_INTERVAL_MS, Session, type GatewayOptions, type SessionPhase } from "./gateway.ts";
export { createGatewayStore, type GatewayStore } from "./gateway-store.ts";
export { createGatewayMetrics, type GatewayMetrics } from "./gateway-metrics.ts";
export { gatewayFrames } from "./gateway-packets.ts";
export * from "./limits.ts";
