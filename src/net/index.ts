export { Connection, ConnectionFactory, type ConnectionEvents, type TransportKind } from "./connection.ts";
export { FLUSH_WAIT_PER_WRITE_MS, MAX_PENDING_OUTBOUND_BYTES, type FlushCounts } from "./outbound.ts";
export { listenTcp, type StreamDeframer } from "./tcp-listener.ts";
export { createWebSocketHandler, MAX_WS_MESSAGE_BYTES, type WsState } from "./ws-endpoint.ts";
export { startHttpServer, type HttpHandlers } from "./http-server.ts";
