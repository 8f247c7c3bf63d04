/**
 * The TCP listener for the stock AO20 client: u16-length frames, many frames per write.
 * `Bun.listen` does not buffer what a write could not take, so the connection's queue keeps the
 * rest and this adapter flushes it again on `drain`.
 */
import type { Socket, TCPSocketListener } from "bun";
import type { Connection, ConnectionEvents, ConnectionFactory } from "./connection.ts";

/** Splits a TCP byte stream into packet bodies; one per connection. */
export interface StreamDeframer {
  /** Feeds bytes; calls `onBody` per complete body; returns an error description to reject the peer. */
  push(chunk: Uint8Array, onBody: (body: Uint8Array) => void): { code: string; message: string } | undefined;
}

interface TcpState {
  connection: Connection;
  deframer: StreamDeframer;
}

export interface TcpListenerOptions {
  hostname: string;
  port: number;
  factory: ConnectionFactory;
  events: ConnectionEvents;
  createDeframer(): StreamDeframer;
}

export function listenTcp(options: TcpListenerOptions): TCPSocketListener<TcpState> {
  const { factory, events } = options;
  return Bun.listen<TcpState>({
    hostname: options.hostname,
    port: options.port,
    socket: {
      open(socket: Socket<TcpState>) {
        socket.setNoDelay(true);
        const connection = factory.create(
          "tcp",
          socket.remoteAddress,
          { writeFrames: (frames) => socket.write(frames), bufferedBytes: () => 0 },
          { end: () => socket.end(), abort: () => socket.terminate() },
        );
        socket.data = { connection, deframer: options.createDeframer() };
        if (!events.onOpen(connection)) connection.abort("refused");
      },
      data(socket, chunk) {
        const state = socket.data;
        if (!state || state.connection.isClosing) return;
        const problem = state.deframer.push(chunk, (body) => {
          if (!state.connection.isClosing) events.onBody(state.connection, body);
        });
        if (problem) state.connection.abort(`protocol:${problem.code}`);
      },
      drain(socket) {
        socket.data?.connection.drained();
      },
      close(socket) {
        const connection = socket.data?.connection;
        if (connection) events.onClose(connection, connection.closeReason ?? "peer_closed");
      },
      error(socket) {
        socket.data?.connection.abort("socket_error");
      },
    },
  });
}
