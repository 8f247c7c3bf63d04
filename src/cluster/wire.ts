/**
 * What gateways and map nodes say to each other, on top of the link envelope (bus/): the same
 * intent batches and outboxes that cross today's worker boundary, and the worker protocol's
 * control messages. Control messages are structured clones (Bun's `serialize`), exactly what a
 * `postMessage` to a worker carries, so dates, typed arrays and `undefined` survive; every node of
 * a cluster runs the same build.
 *
 * Frames body: `events length u32 LE | outbox (map/outbox.ts layout) | events (structured clone)`.
 */
import { deserialize, serialize } from "bun:jsc";
import { emptyMagicCounts, emptyNpcAiCounts, type BusMessage, type FromWorker, type MapEvent, type ToWorker, type WorkerStats } from "../map/index.ts";
import { decodeEnvelope, encodeEnvelope, ENVELOPE_KINDS, LinkSequencer, type EnvelopeHeader } from "./bus/index.ts";

/**
 * Gateway → map node control messages: the worker protocol's, for the maps the node holds. A
 * `system` message (a main-thread service's, for one player) is routed by its session, whatever
 * the service.
 */
export type GatewayControl = Extract<ToWorker, { t: "enter" | "leave" | "system" | "snapshot" | "crash" }>;

/**
 * The largest message body a link sends (NATS refuses payloads over its `max_payload`, 1 MiB by
 * default): outboxes, events and snapshots bigger than this go in several messages.
 */
export const MAX_LINK_MESSAGE_BYTES = 256 * 1024;

/** Map node → gateway control messages. */
export type NodeControl =
  /** `more`: a part of a snapshot too big for one message; the part without it ends the answer. */
  | (Extract<FromWorker, { t: "snapshot" }> & { more?: boolean })
  | Extract<FromWorker, { t: "fault" }>
  /** The node lost track of the gateway's messages (a sequence gap): the gateway places its players on that node again. */
  | { t: "resync" };

/** A login claimed a character with this generation (published by its gateway). */
export interface CharacterClaimNotice {
  t: "character_claimed";
  character: number;
  gen: number;
}

/** A claim, release or reset of maps, published by the node that made it. */
export interface DirectoryNotice {
  t: "claimed" | "released" | "reset";
  node: string;
  maps: { map: number; epoch: number }[];
}

export type LinkMessage =
  | { kind: "intents"; header: EnvelopeHeader; batch: ArrayBuffer }
  | { kind: "control"; header: EnvelopeHeader; message: unknown }
  | { kind: "frames"; header: EnvelopeHeader; frames: ArrayBuffer; events: MapEvent[] };

/** Numbers one link (one source to one subject) and wraps what it sends in envelopes. */
export class LinkWriter {
  private readonly sequencer = new LinkSequencer();

  constructor(private readonly source: number) {}

  intents(batch: ArrayBuffer): Uint8Array {
    return this.wrap(ENVELOPE_KINDS.intents, new Uint8Array(batch));
  }

  control(message: GatewayControl | NodeControl | DirectoryNotice | CharacterClaimNotice | BusMessage): Uint8Array {
    return this.wrap(ENVELOPE_KINDS.control, new Uint8Array(serialize(message)));
  }

  /**
   * `frames`: an outbox (map/outbox.ts layout); `events`: the map events for the same sessions.
   * One message, whatever its size (see `framesInParts`).
   */
  frames(frames: Uint8Array, events: readonly MapEvent[]): Uint8Array {
    return this.framesInParts(frames, events, Number.POSITIVE_INFINITY)[0]!;
  }

  /** The same as messages of at most about `limit` bytes of events each; the frames go in the first. */
  framesInParts(frames: Uint8Array, events: readonly MapEvent[], limit = MAX_LINK_MESSAGE_BYTES): Uint8Array[] {
    const parts = events.length === 0 ? [EMPTY] : serializedParts(events, limit);
    return parts.map((eventBytes, index) => {
      const length = new Uint8Array(4);
      new DataView(length.buffer).setUint32(0, eventBytes.byteLength, true);
      return this.wrap(ENVELOPE_KINDS.frames, [length, index === 0 ? frames : EMPTY_OUTBOX, eventBytes]);
    });
  }

  private wrap(kind: number, body: Uint8Array | Uint8Array[]): Uint8Array {
    return encodeEnvelope({ kind, flags: 0, source: this.source, seq: this.sequencer.next(), sentAtMs: nowMs() }, body);
  }
}

const EMPTY = new Uint8Array(0);
/** An outbox with no packet counts and no runs. */
const EMPTY_OUTBOX = new Uint8Array(2);

/**
 * A list as structured clones of at most `limit` bytes each (halved until each part fits; one
 * item bigger than the limit is a part of its own), in order.
 */
export function serializedParts<T>(items: readonly T[], limit: number): Uint8Array[] {
  const whole = new Uint8Array(serialize(items));
  if (whole.byteLength <= limit || items.length <= 1) return [whole];
  const half = Math.ceil(items.length / 2);
  return [...serializedParts(items.slice(0, half), limit), ...serializedParts(items.slice(half), limit)];
}

/** The same split, giving the items of each part (for messages that carry a list among other fields). */
export function partsThatFit<T>(items: readonly T[], limit: number): T[][] {
  if (items.length <= 1 || new Uint8Array(serialize(items)).byteLength <= limit) return [[...items]];
  const half = Math.ceil(items.length / 2);
  return [...partsThatFit(items.slice(0, half), limit), ...partsThatFit(items.slice(half), limit)];
}

/** Wall-clock ms with sub-ms precision: comparable between processes of one machine (hop latency). */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export type DecodedLink = { ok: true; message: LinkMessage } | { ok: false; reason: string };

/** Reads one message off the wire. Hostile bytes give a reason, never a throw. */
export function decodeLinkMessage(bytes: Uint8Array): DecodedLink {
  const decoded = decodeEnvelope(bytes);
  if (!decoded.ok) return decoded;
  const { header, body } = decoded;
  try {
    switch (header.kind) {
      case ENVELOPE_KINDS.intents:
        return { ok: true, message: { kind: "intents", header, batch: copyOf(body) } };
      case ENVELOPE_KINDS.control:
        // No structured clone is zero bytes long (Bun reads an empty one as null).
        if (body.byteLength === 0) return { ok: false, reason: "empty control message" };
        return { ok: true, message: { kind: "control", header, message: deserialize(copyOf(body)) } };
      case ENVELOPE_KINDS.frames: {
        if (body.byteLength < 4) return { ok: false, reason: "frames body shorter than its header" };
        const eventsLength = new DataView(body.buffer, body.byteOffset, 4).getUint32(0, true);
        if (4 + eventsLength > body.byteLength) return { ok: false, reason: `events length ${eventsLength} past the end of a ${body.byteLength}-byte body` };
        const framesEnd = body.byteLength - eventsLength;
        const frames = copyOf(body.subarray(4, framesEnd));
        const events = eventsLength === 0 ? [] : (deserialize(copyOf(body.subarray(framesEnd))) as MapEvent[]);
        if (!Array.isArray(events)) return { ok: false, reason: "events are not a list" };
        return { ok: true, message: { kind: "frames", header, frames, events } };
      }
      default:
        return { ok: false, reason: `unexpected envelope kind ${header.kind}` };
    }
  } catch (error) {
    return { ok: false, reason: `unreadable ${header.kind === ENVELOPE_KINDS.control ? "control message" : "body"}: ${(error as Error).message}` };
  }
}

/** A fresh ArrayBuffer with the bytes (the worker protocol transfers whole buffers). */
function copyOf(bytes: Uint8Array): ArrayBuffer {
  const out = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(out).set(bytes);
  return out;
}

/**
 * Writes an outbox of runs without packet counts (map/outbox.ts layout with zero kinds): what a
 * map node sends one gateway, cut from its workers' outboxes by the sessions' gateway.
 */
export class OutboxRunWriter {
  private bytes = new Uint8Array(1024);
  private length = 2;
  runs = 0;

  get isEmpty(): boolean {
    return this.runs === 0;
  }

  /** Bytes written so far. */
  get byteLength(): number {
    return this.length;
  }

  add(session: number, run: Uint8Array): void {
    this.reserve(8 + run.byteLength);
    const view = new DataView(this.bytes.buffer);
    view.setUint32(this.length, session, true);
    view.setUint32(this.length + 4, run.byteLength, true);
    this.bytes.set(run, this.length + 8);
    this.length += 8 + run.byteLength;
    this.runs++;
  }

  /** The outbox so far (kinds 0), and a fresh start. */
  take(): Uint8Array {
    const out = this.bytes.slice(0, this.length);
    this.length = 2;
    this.runs = 0;
    return out;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** Worker stats with nothing in them: map nodes report on their own /metrics, not to gateways. */
export function emptyWorkerStats(): WorkerStats {
  return {
    maps: [],
    lagMs: 0,
    queueDelayMs: 0,
    intents: 0,
    npcAi: { ...emptyNpcAiCounts(), npcsAlive: 0, npcsOnPlayerMaps: 0, npcsThinking: 0, aiMapsRunning: 0 },
    magic: emptyMagicCounts(),
  };
}
