/**
 * Every way a byte sequence (or, when encoding, a value) can fail to be an AO20 packet.
 *
 * Decoding codes (hostile input):
 * - `unknown_id`: the packet id is not in the direction's table (includes the sentinels 0,
 *   `eMaxPacket` and `[PacketCount]`).
 * - `truncated`: a field, string, list or frame needs more bytes than remain. The VB6 programs
 *   tolerate short packets (missing fields read as 0); this codec does not, because the stock
 *   client never sends them and a server should not guess.
 * - `extra_bytes`: bytes are left after the last field (the VB6 server kicks for this too).
 * - `bad_string`: a String8 body is not valid UTF-8.
 * - `bad_varint`: a LEB128 value runs past 10 bytes or exceeds 2^53 - 1.
 * - `bad_count`: a signed list count on the wire is negative.
 * - `frame_too_large`: a frame body exceeds 65,535 bytes or the receiver's configured limit.
 * - `empty_frame`: a frame or WebSocket message with a 0-byte body.
 *
 * Encoding codes (caller input, e.g. the CLI's JSON):
 * - `unknown_name`: no packet of that name in the direction's table.
 * - `bad_field`: a field is missing, unknown, of the wrong type or out of range.
 */
export type ProtocolErrorCode =
  | "unknown_id"
  | "truncated"
  | "extra_bytes"
  | "bad_string"
  | "bad_varint"
  | "bad_count"
  | "frame_too_large"
  | "empty_frame"
  | "unknown_name"
  | "bad_field";

/** Where an error happened, as far as it is known. */
export interface ProtocolErrorContext {
  /** Byte offset in the body (decoding) or in the stream (framing). */
  readonly offset?: number;
  readonly packetId?: number;
  readonly packetName?: string;
  /** Field name (innermost), when the error concerns one field. */
  readonly field?: string;
}

/**
 * A protocol failure with a machine-readable `code`. Decoders return it as a value
 * (`{ ok: false, error }`); it extends `Error` so a caller that prefers exceptions can throw it.
 */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
  readonly code: ProtocolErrorCode;
  readonly offset: number | undefined;
  readonly packetId: number | undefined;
  readonly packetName: string | undefined;
  readonly field: string | undefined;

  constructor(code: ProtocolErrorCode, message: string, context: ProtocolErrorContext = {}) {
    super(message);
    this.code = code;
    this.offset = context.offset;
    this.packetId = context.packetId;
    this.packetName = context.packetName;
    this.field = context.field;
  }

  /** Copy with more context (the codec learns the packet id/name after the reader failed). */
  withContext(context: ProtocolErrorContext): ProtocolError {
    return new ProtocolError(this.code, this.message, {
      offset: context.offset ?? this.offset,
      packetId: context.packetId ?? this.packetId,
      packetName: context.packetName ?? this.packetName,
      field: context.field ?? this.field,
    });
  }

  /** The shape printed by the CLI: `{"error":"<code>", ...}` without undefined keys. */
  toJSON(): Record<string, string | number> {
    const out: Record<string, string | number> = { error: this.code, message: this.message };
    if (this.offset !== undefined) out.offset = this.offset;
    if (this.packetId !== undefined) out.id = this.packetId;
    if (this.packetName !== undefined) out.name = this.packetName;
    if (this.field !== undefined) out.field = this.field;
    return out;
  }
}
