/**
 * The 20-byte envelope in front of every hot-path payload between nodes, little-endian:
 *
 *   u8 magic 0xA0 | u8 version 1 | u8 kind | u8 flags | u32 source | u32 seq | f64 sentAtMs
 *
 * `source` is the 32-bit id of the sending node's incarnation (a restart gets a new one), `seq`
 * counts per (source, destination) from 1 and wraps to 1 after 2^32 - 1, `sentAtMs` is the
 * sender's `performance.timeOrigin + performance.now()`, for per-hop latency on one machine.
 * Pure: no I/O, no clock; encode and decode both derive from ENVELOPE_LAYOUT.
 */

export const ENVELOPE_MAGIC = 0xa0;
export const ENVELOPE_VERSION = 1;
export const ENVELOPE_BYTES = 20;

/** What the body after the envelope is. */
export const ENVELOPE_KINDS = {
  intents: 1,
  frames: 2,
  control: 3,
  bus: 4,
} as const;
export type EnvelopeKindName = keyof typeof ENVELOPE_KINDS;
export type EnvelopeKind = (typeof ENVELOPE_KINDS)[EnvelopeKindName];

const KNOWN_KINDS: ReadonlySet<number> = new Set(Object.values(ENVELOPE_KINDS));

export function isEnvelopeKind(value: number): value is EnvelopeKind {
  return KNOWN_KINDS.has(value);
}

export interface EnvelopeHeader {
  /** One of ENVELOPE_KINDS (encode refuses anything else; a decoded header is narrowed). */
  kind: number;
  /** Bits for the kind's own use; 0 when unused. */
  flags: number;
  /** 32-bit id of the sending node's incarnation. */
  source: number;
  /** Link sequence, 1..2^32-1 (see LinkSequencer). */
  seq: number;
  /** Sender's wall-clock-aligned time in ms (performance.timeOrigin + performance.now()). */
  sentAtMs: number;
}

export type EnvelopeRejection = "too_short" | "bad_magic" | "bad_version" | "unknown_kind";

export type DecodedEnvelopeHeader = EnvelopeHeader & { kind: EnvelopeKind };

export type DecodedEnvelope = { ok: true; header: DecodedEnvelopeHeader; body: Uint8Array } | { ok: false; reason: EnvelopeRejection };

type FieldType = "u8" | "u32" | "f64";

interface EnvelopeField {
  readonly offset: number;
  readonly type: FieldType;
  /** A header field, or a constant every envelope carries (and decode checks). */
  readonly source: { header: keyof EnvelopeHeader } | { constant: number; rejection: EnvelopeRejection };
}

/** The one description of the layout; encode, decode and the tests read it. */
export const ENVELOPE_LAYOUT: readonly EnvelopeField[] = [
  { offset: 0, type: "u8", source: { constant: ENVELOPE_MAGIC, rejection: "bad_magic" } },
  { offset: 1, type: "u8", source: { constant: ENVELOPE_VERSION, rejection: "bad_version" } },
  { offset: 2, type: "u8", source: { header: "kind" } },
  { offset: 3, type: "u8", source: { header: "flags" } },
  { offset: 4, type: "u32", source: { header: "source" } },
  { offset: 8, type: "u32", source: { header: "seq" } },
  { offset: 12, type: "f64", source: { header: "sentAtMs" } },
];

const FIELD_BYTES: Record<FieldType, number> = { u8: 1, u32: 4, f64: 8 };
const FIELD_MAX: Record<FieldType, number> = { u8: 0xff, u32: 0xffff_ffff, f64: Number.POSITIVE_INFINITY };

/** A header that cannot be encoded: a programming fault in the sender. */
export class EnvelopeHeaderError extends RangeError {
  readonly code = "envelope_header";
  override readonly name = "EnvelopeHeaderError";
}

function write(view: DataView, field: EnvelopeField, value: number): void {
  switch (field.type) {
    case "u8":
      view.setUint8(field.offset, value);
      return;
    case "u32":
      view.setUint32(field.offset, value, true);
      return;
    case "f64":
      view.setFloat64(field.offset, value, true);
      return;
  }
}

function read(view: DataView, field: EnvelopeField): number {
  switch (field.type) {
    case "u8":
      return view.getUint8(field.offset);
    case "u32":
      return view.getUint32(field.offset, true);
    case "f64":
      return view.getFloat64(field.offset, true);
  }
}

function checkHeaderValue(name: keyof EnvelopeHeader, type: FieldType, value: number): void {
  if (type === "f64") {
    if (!Number.isFinite(value)) throw new EnvelopeHeaderError(`envelope ${name} must be a finite number, got ${value}`);
    return;
  }
  if (!Number.isInteger(value) || value < 0 || value > FIELD_MAX[type]) {
    throw new EnvelopeHeaderError(`envelope ${name} must be an integer in 0..${FIELD_MAX[type]}, got ${value}`);
  }
  if (name === "kind" && !isEnvelopeKind(value)) throw new EnvelopeHeaderError(`envelope kind ${value} is not in ENVELOPE_KINDS`);
}

/** Envelope + body in one new buffer (one allocation, whatever the number of body parts). */
export function encodeEnvelope(header: EnvelopeHeader, body: Uint8Array | readonly Uint8Array[]): Uint8Array {
  const parts: readonly Uint8Array[] = body instanceof Uint8Array ? [body] : body;
  let length = ENVELOPE_BYTES;
  for (const part of parts) length += part.byteLength;
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer, 0, ENVELOPE_BYTES);
  for (const field of ENVELOPE_LAYOUT) {
    if ("constant" in field.source) {
      write(view, field, field.source.constant);
    } else {
      const value = header[field.source.header];
      checkHeaderValue(field.source.header, field.type, value);
      write(view, field, value);
    }
  }
  let at = ENVELOPE_BYTES;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

/** Reads an envelope from untrusted bytes. The body is a view into `bytes`, not a copy. */
export function decodeEnvelope(bytes: Uint8Array): DecodedEnvelope {
  if (bytes.byteLength < ENVELOPE_BYTES) return { ok: false, reason: "too_short" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, ENVELOPE_BYTES);
  const header: DecodedEnvelopeHeader = { kind: ENVELOPE_KINDS.intents, flags: 0, source: 0, seq: 0, sentAtMs: 0 };
  for (const field of ENVELOPE_LAYOUT) {
    const value = read(view, field);
    if ("constant" in field.source) {
      if (value !== field.source.constant) return { ok: false, reason: field.source.rejection };
    } else if (field.source.header === "kind") {
      if (!isEnvelopeKind(value)) return { ok: false, reason: "unknown_kind" };
      header.kind = value;
    } else {
      header[field.source.header] = value;
    }
  }
  return { ok: true, header, body: bytes.subarray(ENVELOPE_BYTES) };
}

/** Sequences run 1..2^32-1; after the last comes 1 again (0 never appears on the wire). */
export const LINK_SEQ_MAX = 0xffff_ffff;

function nextSeq(seq: number): number {
  return seq >= LINK_SEQ_MAX ? 1 : seq + 1;
}

/**
 * The sender's side: one running sequence per destination (e.g. per subject). A sequencer
 * made for one link calls `next()` without a destination.
 */
export class LinkSequencer {
  private lastOfLink = 0;
  private readonly last = new Map<string, number>();

  /** The sequence for the next message to `destination`: 1, 2, …, 2^32-1, 1, … */
  next(destination?: string): number {
    if (destination === undefined) return (this.lastOfLink = nextSeq(this.lastOfLink));
    const seq = nextSeq(this.last.get(destination) ?? 0);
    this.last.set(destination, seq);
    return seq;
  }

  /** Drops a destination's state (it is gone), or the link's without one; its next sequence is 1 again. */
  forget(destination?: string): void {
    if (destination === undefined) this.lastOfLink = 0;
    else this.last.delete(destination);
  }
}

/**
 * - first: a source not seen before (a new or restarted peer); any sequence starts it.
 * - next:  exactly the one after the last accepted.
 * - gap:   ahead of that: messages were lost (NATS core is at-most-once); it is accepted.
 * - old:   at or behind the last accepted (a duplicate or reordering), or 0: drop it.
 */
export type SequenceVerdict = "first" | "next" | "gap" | "old";

/** Half the sequence ring: "ahead" within it is a gap, further is behind (serial arithmetic). */
const HALF_RING = Math.floor(LINK_SEQ_MAX / 2);

/** The receiver's side: the last accepted sequence per source id. */
export class LinkSequenceChecker {
  private readonly last = new Map<number, number>();
  /** Gap verdicts so far. */
  gaps = 0;
  /** Messages the gaps skipped over, in total. */
  missed = 0;
  /** Old verdicts so far. */
  old = 0;

  accept(source: number, seq: number): SequenceVerdict {
    if (!Number.isInteger(seq) || seq < 1 || seq > LINK_SEQ_MAX) {
      this.old++;
      return "old";
    }
    const last = this.last.get(source);
    if (last === undefined) {
      this.last.set(source, seq);
      return "first";
    }
    // Distance from the expected sequence on the ring 1..LINK_SEQ_MAX.
    const expected = nextSeq(last);
    const ahead = (seq - expected + LINK_SEQ_MAX) % LINK_SEQ_MAX;
    if (ahead === 0) {
      this.last.set(source, seq);
      return "next";
    }
    if (ahead < HALF_RING) {
      this.last.set(source, seq);
      this.gaps++;
      this.missed += ahead;
      return "gap";
    }
    this.old++;
    return "old";
  }

  /** Drops a source (a peer known to be gone), so the map does not grow with every restart. */
  forget(source: number): void {
    this.last.delete(source);
  }

  get sources(): number {
    return this.last.size;
  }
}
