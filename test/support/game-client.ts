/**
 * A scripted AO20 client for integration tests: real TCP or WebSocket, the project's codec,
 * every server packet recorded in order, and waits on what the server sends.
 */
import type { Socket } from "bun";
import {
  FrameDecoder,
  PacketWriter,
  SEQUENCED_CLIENT_PACKETS,
  decodeServerPacket,
  writeClientPacket,
  type ClientPacketName,
  type ServerPacket,
} from "../../src/protocol/index.ts";

export type Transport = "tcp" | "ws";

export interface ReceivedPacket {
  name: string;
  fields: Record<string, unknown>;
}

const DEFAULT_WAIT_MS = 10_000;

export class GameClient {
  readonly received: ReceivedPacket[] = [];
  closed = false;
  private readonly waiters: { test: () => boolean; resolve: () => void }[] = [];
  private readonly writer = new PacketWriter(256);
  private readonly counters = new Map<string, number>();
  private sendRaw: (bytes: Uint8Array) => void = () => {};
  private closeTransport: () => void = () => {};
  decodeErrors = 0;

  private constructor(readonly transport: Transport) {}

  static async connect(transport: Transport, host: string, port: number): Promise<GameClient> {
    const client = new GameClient(transport);
    if (transport === "tcp") await client.openTcp(host, port);
    else await client.openWs(host, port);
    return client;
  }

  private openTcp(host: string, port: number): Promise<void> {
    const decoder = new FrameDecoder();
    return new Promise((resolve, reject) => {
      Bun.connect({
        hostname: host,
        port,
        socket: {
          open: (socket: Socket) => {
            this.sendRaw = (bytes) => void socket.write(bytes);
            this.closeTransport = () => socket.end();
            resolve();
          },
          data: (_socket, chunk) => {
            decoder.push(chunk, (body) => this.onBody(body));
          },
          close: () => this.onClosed(),
          error: () => this.onClosed(),
          connectError: (_socket, error) => reject(error),
        },
      }).catch(reject);
    });
  }

  private openWs(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${host}:${port}/ws`);
      ws.binaryType = "arraybuffer";
      ws.onopen = () => {
        // A WebSocket message is one body: strip the u16 frame prefix.
        this.sendRaw = (bytes) => ws.send(bytes.subarray(2));
        this.closeTransport = () => ws.close();
        resolve();
      };
      ws.onmessage = (event) => this.onBody(new Uint8Array(event.data as ArrayBuffer));
      ws.onclose = () => this.onClosed();
      ws.onerror = (event) => reject(new Error(`websocket error ${String(event)}`));
    });
  }

  private onBody(body: Uint8Array): void {
    const decoded = decodeServerPacket(body);
    if (!decoded.ok) {
      this.decodeErrors++;
      return;
    }
    const packet = decoded.packet as ServerPacket;
    this.received.push({ name: packet.name, fields: packet.fields as Record<string, unknown> });
    this.wake();
  }

  private onClosed(): void {
    this.closed = true;
    this.wake();
  }

  private wake(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.test()) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  /** Sends one client packet (fields by name); `counter` fields are filled in per action. */
  send(name: ClientPacketName, fields: Record<string, unknown> = {}): void {
    const withCounter = { ...fields };
    if ((SEQUENCED_CLIENT_PACKETS as readonly string[]).includes(name)) {
      const next = (this.counters.get(name) ?? 0) + 1;
      this.counters.set(name, next);
      withCounter.counter ??= next;
    }
    this.writer.reset();
    const error = writeClientPacket(this.writer, name, withCounter as never);
    if (error) throw error;
    this.sendRaw(this.writer.copyBytes());
  }

  /** Sends bytes as they are (hostile-input tests). */
  sendBytes(bytes: Uint8Array): void {
    this.sendRaw(bytes);
  }

  /** Resets the action counters, as the stock client does on `Logged`. */
  resetCounters(): void {
    this.counters.clear();
  }

  /** Resolves once a packet matching `name` (and `where`) arrived after index `from`. */
  async waitFor(name: string, where: (fields: Record<string, unknown>) => boolean = () => true, from = 0, timeoutMs = DEFAULT_WAIT_MS): Promise<ReceivedPacket> {
    const find = () => this.received.slice(from).find((packet) => packet.name === name && where(packet.fields));
    await this.until(() => find() !== undefined, `${name} (after ${from})`, timeoutMs);
    return find()!;
  }

  async waitForClose(timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    await this.until(() => this.closed, "close", timeoutMs);
  }

  until(test: () => boolean, what: string, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const names = this.received.slice(-12).map((packet) => packet.name).join(", ");
        reject(new Error(`timed out waiting for ${what} on ${this.transport}; last packets: ${names}; closed=${this.closed}`));
      }, timeoutMs);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  close(): void {
    this.closeTransport();
  }

  /**
   * Tiles where other characters stand, as this client was told (CharacterCreate/Move/Remove,
   * forgotten on ChangeMap).
   */
  occupiedTiles(exceptCharIndex: number): Set<string> {
    const at = new Map<number, string>();
    for (const packet of this.received) {
      const f = packet.fields;
      if (packet.name === "ChangeMap") at.clear();
      else if (packet.name === "CharacterCreate" || packet.name === "CharacterMove") at.set(f.charIndex as number, `${f.x},${f.y}`);
      else if (packet.name === "CharacterRemove") at.delete(f.charIndex as number);
    }
    at.delete(exceptCharIndex);
    return new Set(at.values());
  }

  /** Names received from index `from` on. */
  namesSince(from: number): string[] {
    return this.received.slice(from).map((packet) => packet.name);
  }
}
