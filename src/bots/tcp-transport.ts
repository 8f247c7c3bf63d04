/**
 * TCP transport for bots (the stock AO20 client's transport): `Bun.connect`, bodies framed as
 * `u16 LE length + body` and split back out by the protocol library's `FrameDecoder`. One shared
 * handler object serves every socket (the transport rides in `socket.data`), so a thousand
 * sockets cost a thousand small objects, not a thousand closures each.
 *
 * A read usually holds many whole frames (the server writes each connection's frames of a turn
 * at once). While the decoder holds no partial frame, those whole frames are handed over as
 * offsets into the read (`TcpDeframer`), without the view per frame `FrameDecoder` makes;
 * whatever is left (a frame cut by the read, a bad length) goes through `FrameDecoder`, which
 * owns partial frames and framing errors. A test checks both paths give the same bodies for any
 * split of a stream, including reads that end right after a length prefix.
 *
 * `--source-addresses` binds a socket to a local address with `Bun.connect`'s `localAddress`
 * (Bun 1.3+; not in its type declarations yet). Bun drops the binding when it has to resolve a
 * host name itself, so the CLI asks for an IPv4 target with it, and `open` checks the address the
 * socket really got: a bot that is not where it was asked to be fails rather than load the
 * server's per-address cap unnoticed.
 */
import type { Socket, SocketHandler, TCPSocketConnectOptions } from "bun";
import { SOURCE_NOT_BOUND } from "./failure-causes.ts";
import { FRAME_HEADER_BYTES, FrameDecoder } from "../protocol/index.ts";
import type { BotTransport, TransportEvents, TransportTarget } from "./transport.ts";

/** Bytes kept for a slow socket before the transport gives up (bots send little; this means stuck). */
export const MAX_TCP_PENDING_BYTES = 256 * 1024;

class TcpTransport implements BotTransport {
  socket: Socket<TcpTransport> | undefined;
  readonly deframer = new TcpDeframer();
  private pending: Uint8Array | undefined;
  isClosed = false;
  wasOpened = false;
  /** Set when we asked for the close, so the reason says so. */
  closeRequested = false;

  constructor(
    readonly events: TransportEvents,
    /** The local address asked for, if any. */
    readonly localAddress: string | undefined,
  ) {}

  get bufferedBytes(): number {
    return this.pending?.length ?? 0;
  }

  readonly isStopped = (): boolean => this.isClosed;

  readonly onBody = (body: Uint8Array): void => {
    this.events.body(body, 0, body.length);
  };

  sendFrames(frames: Uint8Array): boolean {
    const socket = this.socket;
    if (this.isClosed || socket === undefined) return false;
    if (this.pending !== undefined) {
      if (this.pending.length + frames.length > MAX_TCP_PENDING_BYTES) {
        this.events.streamError(`send buffer over ${MAX_TCP_PENDING_BYTES} bytes: the server stopped reading`);
        this.close();
        return false;
      }
      const joined = new Uint8Array(this.pending.length + frames.length);
      joined.set(this.pending);
      joined.set(frames, this.pending.length);
      this.pending = joined;
      return true;
    }
    const written = socket.write(frames);
    // The caller's buffer is reused for the next packet: keep a copy of what did not go out.
    if (written < frames.length) this.pending = frames.slice(Math.max(0, written));
    return true;
  }

  drain(): void {
    const pending = this.pending;
    const socket = this.socket;
    if (pending === undefined || socket === undefined) return;
    const written = socket.write(pending);
    this.pending = written >= pending.length ? undefined : pending.slice(written);
  }

  close(): void {
    if (this.isClosed) return;
    this.closeRequested = true;
    if (this.socket) this.socket.end();
    else this.finish("closed before connecting", true);
  }

  finish(reason: string, connectFailed: boolean, code?: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.pending = undefined;
    this.events.closed(reason, connectFailed, code);
  }
}

const HANDLERS: SocketHandler<TcpTransport> = {
  binaryType: "uint8array",
  open(socket) {
    const transport = socket.data;
    if (transport.isClosed) {
      socket.end();
      return;
    }
    transport.socket = socket;
    transport.wasOpened = true;
    if (transport.closeRequested) {
      socket.end();
      return;
    }
    if (transport.localAddress !== undefined && socket.localAddress !== transport.localAddress) {
      transport.finish(`connect failed: bound to ${socket.localAddress}, not the source address ${transport.localAddress}`, true, SOURCE_NOT_BOUND);
      socket.end();
      return;
    }
    transport.events.opened();
  },
  data(socket, chunk) {
    const transport = socket.data;
    if (transport.isClosed) return;
    const bytes = chunk as Uint8Array;
    transport.events.batch(bytes.length);
    const error = transport.deframer.push(bytes, transport.events, transport.onBody, transport.isStopped);
    if (error) {
      transport.events.streamError(`framing: ${error.message}`);
      socket.end();
    }
  },
  drain(socket) {
    socket.data.drain();
  },
  close(socket, error) {
    const transport = socket.data;
    if (transport.closeRequested) transport.finish("closed by the bot", false);
    else if (error) transport.finish(`socket error: ${error.message}`, false, errorCode(error));
    else transport.finish("closed by the server", false);
  },
  error(socket, error) {
    socket.data.finish(`socket error: ${error.message}`, false, errorCode(error));
  },
  connectError(socket, error) {
    socket.data.finish(connectFailure(error, socket.data.localAddress), true, errorCode(error));
  },
};

/** The platform's error code (`ECONNRESET`), when the error carries one. */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/** "connect failed: ECONNREFUSED (from 127.0.0.5)": Bun's own message is a bare "Failed to connect". */
function connectFailure(error: unknown, localAddress: string | undefined): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return `connect failed: ${code ?? message}${localAddress === undefined ? "" : ` (from ${localAddress})`}`;
}

/**
 * Splits a TCP stream into bodies: whole frames straight from each read while `FrameDecoder`
 * holds nothing, the rest through the decoder (partial frames, framing errors).
 *
 * "Holds nothing" is tracked here, from the bytes fed to the decoder and the bytes of the frames
 * it completed (`streamOffset`): its `bufferedBytes` reads 0 right after a read that ended
 * exactly on a frame's length prefix, while it does wait for that frame's body.
 */
export class TcpDeframer {
  readonly decoder: FrameDecoder;
  /** Bytes pushed into the decoder so far. */
  private fed = 0;

  constructor(decoder = new FrameDecoder()) {
    this.decoder = decoder;
  }

  /** True when the decoder is between frames (no header byte, no body byte pending). */
  get idle(): boolean {
    return this.fed === this.decoder.streamOffset && this.decoder.failed === undefined;
  }

  /**
   * Delivers the frames of one read; returns the framing error, if any. Stops early when
   * `stopped()` turns true (the session closed inside a callback).
   */
  push(
    chunk: Uint8Array,
    sink: { body(bytes: Uint8Array, start: number, end: number): void },
    onBody: (body: Uint8Array) => void,
    stopped: () => boolean,
  ): ReturnType<FrameDecoder["push"]> {
    let pos = 0;
    if (this.idle) pos = deliverWholeFrames(chunk, this.decoder.maxBodyBytes, sink, stopped);
    if (pos === chunk.length || stopped()) return undefined;
    const rest = pos === 0 ? chunk : chunk.subarray(pos);
    this.fed += rest.length;
    return this.decoder.push(rest, onBody);
  }
}

/**
 * Hands every whole, valid frame at the start of `chunk` to `sink` as offsets; returns where it
 * stopped (a cut frame, a length the decoder must judge, or the end).
 */
export function deliverWholeFrames(chunk: Uint8Array, maxBodyBytes: number, sink: { body(bytes: Uint8Array, start: number, end: number): void }, stopped: () => boolean): number {
  let pos = 0;
  const end = chunk.length;
  while (end - pos >= FRAME_HEADER_BYTES) {
    const length = chunk[pos]! | (chunk[pos + 1]! << 8);
    if (length === 0 || length > maxBodyBytes) return pos;
    const start = pos + FRAME_HEADER_BYTES;
    if (start + length > end) return pos;
    sink.body(chunk, start, start + length);
    pos = start + length;
    if (stopped()) return pos;
  }
  return pos;
}

/** `Bun.connect`'s options with the `localAddress` its declarations leave out. */
type ConnectOptions = TCPSocketConnectOptions<TcpTransport> & { localAddress?: string };

/**
 * Opens a TCP connection to `target` (kind "tcp"), from `localAddress` when given; events arrive
 * as the socket progresses.
 */
export function connectTcp(target: Extract<TransportTarget, { kind: "tcp" }>, events: TransportEvents, localAddress?: string): BotTransport {
  const transport = new TcpTransport(events, localAddress);
  const options: ConnectOptions = { hostname: target.host, port: target.port, socket: HANDLERS, data: transport };
  if (localAddress !== undefined) options.localAddress = localAddress;
  Bun.connect<TcpTransport>(options).catch((error: unknown) => {
    transport.finish(connectFailure(error, localAddress), true, errorCode(error));
  });
  return transport;
}
