/**
 * The browser's WebSocket as the client's `Transport`: one binary message per packet body
 * (docs/ao20-protocol.md §1.6). Browser only.
 */
import type { Transport } from "./client-outbox.ts";

export interface SocketHandlers {
  open(): void;
  message(body: Uint8Array): void;
  /** `wasOpen` is false when the connection never came up. */
  close(code: number, reason: string, wasOpen: boolean): void;
}

/** The `/ws` endpoint of the server that served this page. */
export function defaultSocketUrl(location: Location): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

export class WebSocketTransport implements Transport {
  private readonly socket: WebSocket;
  private opened = false;
  private closed = false;

  constructor(url: string, handlers: SocketHandlers) {
    this.socket = new WebSocket(url);
    this.socket.binaryType = "arraybuffer";
    this.socket.addEventListener("open", () => {
      this.opened = true;
      handlers.open();
    });
    this.socket.addEventListener("message", (event: MessageEvent) => {
      // The server never sends text; a text frame would be a broken proxy, not a packet.
      if (event.data instanceof ArrayBuffer) handlers.message(new Uint8Array(event.data));
    });
    this.socket.addEventListener("close", (event: CloseEvent) => {
      if (this.closed) return;
      this.closed = true;
      handlers.close(event.code, event.reason, this.opened);
    });
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(body: Uint8Array): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(body);
  }

  /** Closes without telling the handlers (the caller chose to leave). */
  close(): void {
    this.closed = true;
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(1000, "bye");
  }
}
