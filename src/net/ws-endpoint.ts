/**
 * WebSocket transport for browsers and bots: the same packet bodies as TCP, one per binary
 * message, no length prefix. Frames are queued with their prefix (so map workers encode once for
 * both transports) and the prefix is skipped when sending. A flush sends all queued messages
 * inside one `cork`.
 */
import type { ServerWebSocket, WebSocketHandler } from "bun";
import type { Connection, ConnectionEvents, ConnectionFactory } from "./connection.ts";

export interface WsState {
  remoteAddress: string;
  connection?: Connection;
}

const FRAME_LENGTH_PREFIX_BYTES = 2;
/** One AO20 body is at most 65,535 bytes. */
export const MAX_WS_MESSAGE_BYTES = 65_535;

export function createWebSocketHandler(factory: ConnectionFactory, events: ConnectionEvents): WebSocketHandler<WsState> {
  return {
    maxPayloadLength: MAX_WS_MESSAGE_BYTES,
    // The outbound queue enforces the limit and closes slow consumers itself.
    backpressureLimit: 16 * 1024 * 1024,
    closeOnBackpressureLimit: true,
    sendPings: true,
    idleTimeout: 120,
    open(ws: ServerWebSocket<WsState>) {
      const connection = factory.create(
        "ws",
        ws.data.remoteAddress,
        {
          writeFrames(frames) {
            ws.cork(() => {
              let at = 0;
              while (at + FRAME_LENGTH_PREFIX_BYTES <= frames.length) {
                const end = at + FRAME_LENGTH_PREFIX_BYTES + (frames[at]! | (frames[at + 1]! << 8));
                ws.sendBinary(frames.subarray(at + FRAME_LENGTH_PREFIX_BYTES, end));
                at = end;
              }
            });
            return frames.length;
          },
          bufferedBytes: () => ws.getBufferedAmount(),
        },
        { end: () => ws.close(1000, "bye"), abort: () => ws.terminate() },
      );
      ws.data.connection = connection;
      if (!events.onOpen(connection)) connection.abort("refused");
    },
    message(ws, message) {
      const connection = ws.data.connection;
      if (!connection || connection.isClosing) return;
      if (typeof message === "string") {
        connection.abort("protocol:text_message");
        return;
      }
      if (message.length === 0) {
        connection.abort("protocol:empty_frame");
        return;
      }
      events.onBody(connection, message);
    },
    drain(ws) {
      ws.data.connection?.drained();
    },
    close(ws) {
      const connection = ws.data.connection;
      if (connection) events.onClose(connection, connection.closeReason ?? "peer_closed");
    },
  };
}
