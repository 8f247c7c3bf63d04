export { Connection, ConnectionFactory, type ConnectionEvents, type TransportKind } from "./connection.ts";
export { MAX_PENDING_OUTBOUND_BYTES } from "./outbound.ts";
export { listenTcp, type StreamDeframer } from "./tcp-listener.ts";
export { createWebSocketHandler, MAX_WS_MESSAGE_BYTES, type WsState } from "./ws-endpoint.ts";
export { startHttpServer, type HttpHandlers } from "./http-server.ts";
