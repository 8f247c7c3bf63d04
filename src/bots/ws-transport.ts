/**
 * WebSocket transport for bots (the browser client's transport): the `WebSocket` global, one
 * packet body per binary message (§1.6). The session hands it u16-framed bytes like any
 * transport; each frame's prefix is dropped and its body sent as one message.
 */
import { FRAME_HEADER_BYTES } from "../protocol/index.ts";
import type { BotTransport, TransportEvents, TransportTarget } from "./transport.ts";

/** `WebSocket.readyState` values. */
const WS_CONNECTING = 0;
const WS_OPEN = 1;
/** Normal closure (RFC 6455 §7.4.1). */
const CLOSE_NORMAL = 1000;

class WebSocketTransport implements BotTransport {
  private readonly ws: WebSocket;
  private isClosed = false;
  private closeRequested = false;
  private opened = false;

  constructor(
    url: string,
    private readonly events: TransportEvents,
  ) {
    const ws = new WebSocket(url);
    ws.binaryType = "arraybuffer";
    ws.onopen = () => {
      this.opened = true;
      if (this.closeRequested) ws.close(CLOSE_NORMAL);
      else this.events.opened();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (this.isClosed) return;
      const data = event.data;
      if (!(data instanceof ArrayBuffer)) {
        this.events.streamError("text message on a binary protocol");
        this.close();
        return;
      }
      const body = new Uint8Array(data);
      this.events.batch(body.length);
      this.events.body(body, 0, body.length);
    };
    ws.onclose = (event: CloseEvent) => {
      const reason = this.closeRequested ? "closed by the bot" : `closed by the server (code ${event.code}${event.reason ? `: ${event.reason}` : ""})`;
      this.finish(this.opened ? reason : `connect failed (code ${event.code})`, !this.opened);
    };
    // An error is always followed by a close event, which reports it.
    ws.onerror = () => {};
    this.ws = ws;
  }

  get bufferedBytes(): number {
    return this.ws.bufferedAmount;
  }

  sendFrames(frames: Uint8Array): boolean {
    if (this.isClosed || this.ws.readyState !== WS_OPEN) return false;
    let pos = 0;
    while (pos + FRAME_HEADER_BYTES <= frames.length) {
      const length = frames[pos]! | (frames[pos + 1]! << 8);
      const start = pos + FRAME_HEADER_BYTES;
      if (length === 0 || start + length > frames.length) break;
      this.ws.send(frames.subarray(start, start + length));
      pos = start + length;
    }
    return true;
  }

  close(): void {
    if (this.isClosed || this.closeRequested) return;
    this.closeRequested = true;
    if (this.ws.readyState === WS_OPEN) this.ws.close(CLOSE_NORMAL);
    else if (this.ws.readyState !== WS_CONNECTING) this.finish("closed by the bot", !this.opened);
  }

  private finish(reason: string, connectFailed: boolean): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.events.closed(reason, connectFailed);
  }
}

/** Opens a WebSocket to `target` (kind "ws"). */
export function connectWebSocket(target: Extract<TransportTarget, { kind: "ws" }>, events: TransportEvents): BotTransport {
  return new WebSocketTransport(target.url, events);
}
