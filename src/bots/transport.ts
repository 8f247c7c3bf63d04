/**
 * The bottom layer of a bot session: a byte pipe to the server that carries packet bodies and
 * knows nothing of game messages. Two implementations: TCP (tcp-transport.ts, u16-framed bodies
 * on a stream) and WebSocket (ws-transport.ts, one body per binary message). Sessions hand a
 * transport already-framed bytes (what the codec's `writeClientPacket` produces) and get bodies
 * back, so the session code is the same over both.
 */

/** Where the bots connect: parsed from `tcp://HOST:PORT` or `ws://HOST:PORT/PATH`. */
export type TransportTarget =
  | { readonly kind: "tcp"; readonly host: string; readonly port: number; readonly text: string }
  | { readonly kind: "ws"; readonly url: string; readonly host: string; readonly port: number; readonly text: string };

export interface TargetError {
  readonly code: "bad_target";
  readonly message: string;
}

/** What a transport tells its owner. */
export interface TransportEvents {
  opened(): void;
  /**
   * A read arrived (`wireBytes` long); the bodies it completed follow. One call per read, so
   * per-read work (a clock read) is not repeated per packet.
   */
  batch(wireBytes: number): void;
  /**
   * One packet body (no length prefix): `bytes[start, end)`. The bytes belong to the transport
   * and are valid only during the call; no view is made for it (a view per packet costs more
   * than reading a small packet).
   */
  body(bytes: Uint8Array, start: number, end: number): void;
  /** The byte stream broke (bad framing from the server): the session cannot go on. */
  streamError(message: string): void;
  /**
   * Closed, by either side, or never opened (`connectFailed` true). Called once. `code` is the
   * platform's error code (ECONNRESET, ECONNREFUSED, ...) when an error ended it; without one,
   * an open connection that the bot did not close was closed by the server.
   */
  closed(reason: string, connectFailed: boolean, code?: string): void;
}

export interface BotTransport {
  /**
   * Sends one or more frames (u16 LE body length + body, back to back). Over TCP they go as
   * they are; over WebSocket each body becomes one message. False when the transport is closed.
   */
  sendFrames(frames: Uint8Array): boolean;
  /** Closes; `closed` follows once. */
  close(): void;
  /** Bytes accepted by `sendFrames` that the kernel has not taken yet. */
  readonly bufferedBytes: number;
}

/**
 * Opens a transport. `localAddress`, when given, is the local address the connection must come
 * from (`--source-addresses`); transports that cannot bind refuse it (the CLI checks first).
 */
export type TransportConnector = (target: TransportTarget, events: TransportEvents, localAddress?: string) => BotTransport;

const MAX_PORT = 65_535;
/** WebSocket URLs may leave out their scheme's port; TCP has no default. */
const DEFAULT_PORTS: Readonly<Record<string, number>> = { "ws:": 80, "wss:": 443 };

/** Parses `tcp://HOST:PORT` or `ws://HOST:PORT/PATH` (`wss://` too). Hostile input: never throws. */
export function parseTarget(text: string): { ok: true; target: TransportTarget } | { ok: false; error: TargetError } {
  const fail = (message: string) => ({ ok: false as const, error: { code: "bad_target" as const, message: `target ${JSON.stringify(text)}: ${message}` } });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail("not a URL; expected tcp://HOST:PORT or ws://HOST:PORT/ws");
  }
  if (url.protocol !== "tcp:" && url.protocol !== "ws:" && url.protocol !== "wss:") return fail(`unknown scheme ${url.protocol.slice(0, -1)}; expected tcp or ws`);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "") return fail("has no host");
  const defaultPort = DEFAULT_PORTS[url.protocol];
  const port = url.port === "" ? (defaultPort ?? Number.NaN) : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > MAX_PORT) return fail(`needs a port 1..${MAX_PORT}`);
  if (url.protocol === "tcp:") {
    if (url.pathname !== "" && url.pathname !== "/") return fail("a tcp target has no path");
    return { ok: true, target: { kind: "tcp", host, port, text } };
  }
  return { ok: true, target: { kind: "ws", url: url.href, host, port, text } };
}

/** The server's HTTP origin for a WebSocket target (`ws://h:p/ws` → `http://h:p`); undefined for TCP. */
export function httpOriginOf(target: TransportTarget): string | undefined {
  if (target.kind !== "ws") return undefined;
  const url = new URL(target.url);
  return `${url.protocol === "wss:" ? "https:" : "http:"}//${url.host}`;
}
