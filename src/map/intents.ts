/**
 * Intents from the gateway to a map worker: what players asked for, as ids and values packed in
 * one transferable buffer per worker per event-loop turn (never objects, never one message per
 * action). Layout per record: `op u8, session u32 LE`, then the op's arguments; strings are
 * `u16 LE byte length + UTF-8`.
 */

export const IntentOp = {
  Walk: 1,
  ChangeHeading: 2,
  Talk: 3,
  Yell: 4,
  Whisper: 5,
  RequestPosition: 6,
  Quit: 7,
  CancelQuit: 8,
} as const;
export type IntentOpCode = (typeof IntentOp)[keyof typeof IntentOp];

export type Intent =
  | { op: typeof IntentOp.Walk; session: number; heading: number }
  | { op: typeof IntentOp.ChangeHeading; session: number; heading: number }
  | { op: typeof IntentOp.Talk; session: number; text: string }
  | { op: typeof IntentOp.Yell; session: number; text: string }
  | { op: typeof IntentOp.Whisper; session: number; target: string; text: string }
  | { op: typeof IntentOp.RequestPosition; session: number }
  | { op: typeof IntentOp.Quit; session: number }
  | { op: typeof IntentOp.CancelQuit; session: number };

const INITIAL_BYTES = 1024;
/** Strings in intents are chat lines and names; AO caps chat far below this. */
export const MAX_INTENT_STRING_BYTES = 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Accumulates intents for one worker until the gateway flushes them. */
export class IntentBatchWriter {
  private bytes = new Uint8Array(INITIAL_BYTES);
  private view = new DataView(this.bytes.buffer);
  private length = 0;
  count = 0;

  get isEmpty(): boolean {
    return this.count === 0;
  }

  write(intent: Intent): void {
    this.reserve(5);
    this.bytes[this.length] = intent.op;
    this.view.setUint32(this.length + 1, intent.session, true);
    this.length += 5;
    switch (intent.op) {
      case IntentOp.Walk:
      case IntentOp.ChangeHeading:
        this.reserve(1);
        this.bytes[this.length++] = intent.heading;
        break;
      case IntentOp.Talk:
      case IntentOp.Yell:
        this.writeString(intent.text);
        break;
      case IntentOp.Whisper:
        this.writeString(intent.target);
        this.writeString(intent.text);
        break;
      default:
        break;
    }
    this.count++;
  }

  /** Hands over the bytes written so far (as a transferable buffer) and starts afresh. */
  take(): ArrayBuffer {
    const out = this.bytes.buffer.slice(0, this.length);
    this.length = 0;
    this.count = 0;
    return out;
  }

  private writeString(text: string): void {
    this.reserve(2 + text.length * 3);
    const result = encoder.encodeInto(text, this.bytes.subarray(this.length + 2, this.length + 2 + MAX_INTENT_STRING_BYTES));
    this.view.setUint16(this.length, result.written, true);
    this.length += 2 + result.written;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra + MAX_INTENT_STRING_BYTES) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/** Reads back a batch. The buffer comes from our own gateway, but it is still bounds-checked. */
export function* readIntentBatch(buffer: ArrayBuffer): Generator<Intent> {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let at = 0;
  const fail = (what: string): never => {
    throw new RangeError(`intent batch: ${what} at byte ${at} of ${bytes.length}`);
  };
  const readString = (): string => {
    if (at + 2 > bytes.length) fail("string length past the end");
    const length = view.getUint16(at, true);
    if (at + 2 + length > bytes.length) fail("string past the end");
    const text = decoder.decode(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
    return text;
  };
  while (at + 5 <= bytes.length) {
    const op = bytes[at]!;
    const session = view.getUint32(at + 1, true);
    at += 5;
    switch (op) {
      case IntentOp.Walk:
      case IntentOp.ChangeHeading:
        if (at >= bytes.length) fail("heading past the end");
        yield { op, session, heading: bytes[at++]! };
        break;
      case IntentOp.Talk:
      case IntentOp.Yell:
        yield { op, session, text: readString() };
        break;
      case IntentOp.Whisper: {
        const target = readString();
        yield { op, session, target, text: readString() };
        break;
      }
      case IntentOp.RequestPosition:
      case IntentOp.Quit:
      case IntentOp.CancelQuit:
        yield { op, session };
        break;
      default:
        throw new RangeError(`intent batch: unknown op ${op} at byte ${at - 5}`);
    }
  }
}
