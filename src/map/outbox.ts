/**
 * Frames from a map worker to the gateway: one transferable buffer per worker turn, holding one
 * byte run per recipient session. A broadcast is encoded once; the worker copies its bytes into
 * each recipient's run when the turn is taken, so the gateway thread does one append per
 * recipient per worker turn instead of one per frame.
 *
 * Layout (little-endian):
 *   kinds u16, then per packet kind: id u16, frames u32   (frames delivered, for the metrics)
 *   then per session, in the order the sessions first got something this turn:
 *     session u32, length u32, run (whole frames: u16 length prefix + body, in write order)
 */

const INITIAL_STORE_BYTES = 16 * 1024;
const INITIAL_DELIVERIES = 4096;
const INITIAL_FRAMES = 1024;
const INITIAL_SESSIONS = 256;
/** Frames up to this size are copied byte by byte (cheaper than a subarray view). */
const SMALL_FRAME_BYTES = 48;
/** Packet ids are u16; the counts of higher ids are not kept. */
const PACKET_IDS = 512;

export class Outbox {
  /** Every distinct frame of this turn, back to back. */
  private store = new Uint8Array(INITIAL_STORE_BYTES);
  private storeLength = 0;
  private frameStart = new Uint32Array(INITIAL_FRAMES);
  private frameLength = new Uint32Array(INITIAL_FRAMES);
  /** Each frame's deliveries are `deliverySlot[frameFirstDelivery[f] .. frameFirstDelivery[f + 1])`. */
  private frameFirstDelivery = new Uint32Array(INITIAL_FRAMES + 1);
  /** Distinct frames written since the last take (a broadcast counts once). */
  frames = 0;
  /** One entry per (session, frame), in write order: the recipient's slot. */
  private deliverySlot = new Uint32Array(INITIAL_DELIVERIES);
  /** Deliveries since the last take (a broadcast counts once per recipient). */
  deliveries = 0;
  /** Sessions that got something this turn, in first-delivery order, with their run's size. */
  private readonly slotOfSession = new Map<number, number>();
  private slotSession = new Uint32Array(INITIAL_SESSIONS);
  private slotBytes = new Uint32Array(INITIAL_SESSIONS);
  /** Where each slot's next frame goes in the buffer being taken. */
  private slotCursor = new Uint32Array(INITIAL_SESSIONS);
  private slots = 0;
  /** Frames delivered per packet id this turn, and the ids touched. */
  private readonly countById = new Uint32Array(PACKET_IDS);
  private readonly idsTouched: number[] = [];

  /**
   * `onFirstFrame` is called when a frame goes into an empty outbox: the worker arms its flush
   * there, whoever wrote the frame (an intent, a timer, a bus message).
   */
  constructor(private readonly onFirstFrame?: () => void) {}

  get isEmpty(): boolean {
    return this.deliveries === 0;
  }

  /** Sessions that got something since the last take: the runs the next take holds. */
  get sessionCount(): number {
    return this.slots;
  }

  sendTo(session: number, frame: Uint8Array): void {
    if (this.deliveries === 0) this.onFirstFrame?.();
    this.storeFrame(frame, 1);
    this.deliver(session, frame.length);
  }

  /** One frame for `count` sessions taken from `sessions`. */
  broadcast(sessions: ArrayLike<number>, count: number, frame: Uint8Array): void {
    if (count <= 0) return;
    if (this.deliveries === 0) this.onFirstFrame?.();
    this.storeFrame(frame, count);
    for (let i = 0; i < count; i++) this.deliver(sessions[i]!, frame.length);
  }

  /** The turn's buffer (see the layout above); the outbox is empty afterwards. */
  take(): ArrayBuffer {
    const kinds = this.idsTouched.length;
    let total = 2 + 6 * kinds + 8 * this.slots;
    for (let slot = 0; slot < this.slots; slot++) total += this.slotBytes[slot]!;
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    view.setUint16(0, kinds, true);
    let at = 2;
    for (const id of this.idsTouched) {
      view.setUint16(at, id, true);
      view.setUint32(at + 2, this.countById[id]!, true);
      this.countById[id] = 0;
      at += 6;
    }
    // Runs are laid out first (headers, and a cursor per slot), then every delivery copies its
    // frame to its slot's cursor, frame after frame: each frame is read once, whatever its recipients.
    const cursor = this.slotCursor;
    for (let slot = 0; slot < this.slots; slot++) {
      view.setUint32(at, this.slotSession[slot]!, true);
      view.setUint32(at + 4, this.slotBytes[slot]!, true);
      cursor[slot] = at + 8;
      at += 8 + this.slotBytes[slot]!;
    }
    const store = this.store;
    const slotOf = this.deliverySlot;
    const first = this.frameFirstDelivery;
    first[this.frames] = this.deliveries;
    for (let frame = 0; frame < this.frames; frame++) {
      const start = this.frameStart[frame]!;
      const length = this.frameLength[frame]!;
      const end = first[frame + 1]!;
      if (length <= SMALL_FRAME_BYTES) {
        for (let delivery = first[frame]!; delivery < end; delivery++) {
          const slot = slotOf[delivery]!;
          const to = cursor[slot]!;
          for (let i = 0; i < length; i++) out[to + i] = store[start + i]!;
          cursor[slot] = to + length;
        }
      } else {
        const bytes = store.subarray(start, start + length);
        for (let delivery = first[frame]!; delivery < end; delivery++) {
          const slot = slotOf[delivery]!;
          out.set(bytes, cursor[slot]!);
          cursor[slot]! += length;
        }
      }
    }
    this.idsTouched.length = 0;
    this.slotOfSession.clear();
    this.slots = 0;
    this.storeLength = 0;
    this.frames = 0;
    this.deliveries = 0;
    return out.buffer;
  }

  /** Keeps the frame's bytes; its deliveries must follow at once. */
  private storeFrame(frame: Uint8Array, recipients: number): void {
    const length = frame.length;
    if (this.storeLength + length > this.store.length) this.store = grow(this.store, this.storeLength + length, this.storeLength);
    this.store.set(frame, this.storeLength);
    const index = this.frames++;
    if (index + 1 >= this.frameStart.length) {
      this.frameStart = grow(this.frameStart, index + 2, index);
      this.frameLength = grow(this.frameLength, index + 2, index);
      this.frameFirstDelivery = grow(this.frameFirstDelivery, index + 2, index);
    }
    this.frameFirstDelivery[index] = this.deliveries;
    this.frameStart[index] = this.storeLength;
    this.frameLength[index] = length;
    this.storeLength += length;
    if (length >= 4) {
      const id = frame[2]! | (frame[3]! << 8);
      if (id < PACKET_IDS) {
        if (this.countById[id] === 0) this.idsTouched.push(id);
        this.countById[id]! += recipients;
      }
    }
  }

  private deliver(session: number, length: number): void {
    const delivery = this.deliveries++;
    if (delivery === this.deliverySlot.length) this.deliverySlot = grow(this.deliverySlot, delivery + 1, delivery);
    let slot = this.slotOfSession.get(session);
    if (slot === undefined) {
      slot = this.slots++;
      if (slot === this.slotSession.length) {
        this.slotSession = grow(this.slotSession, slot + 1, slot);
        this.slotBytes = grow(this.slotBytes, slot + 1, slot);
        this.slotCursor = grow(this.slotCursor, slot + 1, slot);
      }
      this.slotOfSession.set(session, slot);
      this.slotSession[slot] = session;
      this.slotBytes[slot] = length;
    } else {
      this.slotBytes[slot]! += length;
    }
    this.deliverySlot[delivery] = slot;
  }
}

type GrowableArray = Uint8Array | Uint32Array;

/** A copy at least `needed` long (doubling), keeping the first `keep` entries. */
function grow<T extends GrowableArray>(array: T, needed: number, keep: number): T {
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const grown = new (array.constructor as new (size: number) => T)(size);
  grown.set(array.subarray(0, keep) as never);
  return grown;
}

/** What one worker turn's buffer holds, for the gateway thread. */
export interface OutboxReader {
  /** Frames delivered of one packet id (once per id per buffer). */
  onPacketCount?(id: number, frames: number): void;
  /** One session's run of whole frames, in write order. A view into the buffer: copy it. */
  onRun(session: number, run: Uint8Array): void;
}

/** Walks a buffer made by `Outbox.take`. */
export function readOutbox(buffer: ArrayBuffer, reader: OutboxReader): void {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 2) return;
  const view = new DataView(buffer);
  const kinds = view.getUint16(0, true);
  let at = 2;
  for (let i = 0; i < kinds; i++, at += 6) reader.onPacketCount?.(view.getUint16(at, true), view.getUint32(at + 2, true));
  while (at + 8 <= bytes.length) {
    const session = view.getUint32(at, true);
    const length = view.getUint32(at + 4, true);
    reader.onRun(session, bytes.subarray(at + 8, at + 8 + length));
    at += 8 + length;
  }
}
