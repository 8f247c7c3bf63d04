/**
 * The seam between the bot runtime and a session adapter (transport + framing + codec +
 * account/character login, reconnects). The runtime only sees events and a link; it knows no
 * sockets and no packet layouts. `LoopbackSessionPort` never leaves the process: it lets the
 * runtime, the benchmark and tests run the whole lifecycle without a server.
 */
import type { TimerScheduler } from "../time/index.ts";
import type { ActorView, PacketFields, SendOutcome } from "./behaviour.ts";

/** What a session reports about one actor. Each call is one lifecycle step. */
export interface SessionEvents {
  /** Transport open: Connecting → Authenticating. */
  connected(): void;
  /** In the world: Authenticating → Active. */
  authenticated(): void;
  /** Lost the connection and trying again: Active/Authenticating → Connecting. */
  reconnecting(reason: string): void;
  /** A decoded packet for the behaviour. */
  packet(name: string, fields: PacketFields): void;
  /** The session ended (after `close`, or the server hung up). */
  closed(reason: string): void;
  /** The session cannot go on (refused login, protocol error, retries exhausted). */
  failed(reason: string): void;
}

export interface SessionLink {
  /** `plannedAtMs` is NaN when the send carries no planned time. */
  send(packet: string, fields: PacketFields, plannedAtMs: number): SendOutcome;
  /** Ends the session; `events.closed` follows (possibly later). */
  close(reason: string): void;
}

export interface SessionPort {
  open(actor: ActorView, events: SessionEvents): SessionLink;
}

export interface LoopbackOptions {
  readonly scheduler: TimerScheduler;
  /** Delay from open to connected (default 0: the next tick). */
  readonly connectDelayMs?: number;
  /** Delay from connected to authenticated (default 0: the next tick). */
  readonly authDelayMs?: number;
  /** Sees every send (tests record them); the default only counts. */
  readonly onSend?: (actor: ActorView, packet: string, fields: PacketFields, plannedAtMs: number) => void;
}

/** One loopback session: the link object itself, no closures. */
class LoopbackLink implements SessionLink {
  open = true;

  constructor(
    readonly port: LoopbackSessionPort,
    readonly actor: ActorView,
    readonly events: SessionEvents,
  ) {}

  send(packet: string, fields: PacketFields, plannedAtMs: number): SendOutcome {
    if (!this.open) return "closed";
    return this.port.delivered(this.actor, packet, fields, plannedAtMs);
  }

  warm(): number {
    return this.open ? 1 : 0;
  }

  close(reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.events.closed(reason);
  }
}

function connectStep(_plannedMs: number, link: LoopbackLink): void {
  if (!link.open) return;
  link.events.connected();
  if (link.open) link.port.scheduler.after(link.port.authDelayMs, authStep, link);
}

function authStep(_plannedMs: number, link: LoopbackLink): void {
  if (link.open) link.events.authenticated();
}

export class LoopbackSessionPort implements SessionPort {
  sends = 0;
  opened = 0;
  readonly scheduler: TimerScheduler;
  readonly connectDelayMs: number;
  readonly authDelayMs: number;
  private readonly onSend: LoopbackOptions["onSend"];

  constructor(options: LoopbackOptions) {
    this.scheduler = options.scheduler;
    this.connectDelayMs = options.connectDelayMs ?? 0;
    this.authDelayMs = options.authDelayMs ?? 0;
    this.onSend = options.onSend;
  }

  open(actor: ActorView, events: SessionEvents): SessionLink {
    this.opened++;
    const link = new LoopbackLink(this, actor, events);
    // Two steps on the shared queue, like a real connect and login would take.
    this.scheduler.after(this.connectDelayMs, connectStep, link);
    return link;
  }

  /** @internal A link handed over a send. */
  delivered(actor: ActorView, packet: string, fields: PacketFields, plannedAtMs: number): SendOutcome {
    this.sends++;
    if (this.onSend) this.onSend(actor, packet, fields, plannedAtMs);
    return "sent";
  }
}
