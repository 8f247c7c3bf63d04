/**
 * Per-direction codecs built from the packet tables: id ↔ name lookups, body decoding and
 * validated encoding. A "body" is what follows the TCP length prefix: i16 id + fields (§1.2);
 * over WebSocket one binary message is one body (§1.6).
 */
import { CLIENT_PACKETS } from "./client-packets.ts";
import { MAX_FRAME_BODY_BYTES, PACKET_ID_BYTES } from "./constants.ts";
import type { FieldsOf } from "./layout.ts";
import { compileDecoder, compileEncoder, prepareFields, type DecodeFn, type EncodeFn, type Fields } from "./layout-codec.ts";
import type { PacketDef } from "./packet-def.ts";
import { PacketReader } from "./packet-reader.ts";
import { PacketWriter } from "./packet-writer.ts";
import { ProtocolError } from "./protocol-error.ts";
import { SERVER_PACKETS } from "./server-packets.ts";

/** Who sends a packet: `server` = server→client (`ServerPacketID`), `client` = client→server. */
export type Direction = "server" | "client";

/** A decoded packet: numeric id, table name and fields in wire order. */
export interface DecodedPacket<I extends number = number, N extends string = string, F = Fields> {
  readonly id: I;
  readonly name: N;
  readonly fields: F;
}

export type DecodeResult<P = DecodedPacket> =
  | { readonly ok: true; readonly packet: P }
  | { readonly ok: false; readonly error: ProtocolError };

export type EncodeResult = { readonly ok: true; readonly body: Uint8Array } | { readonly ok: false; readonly error: ProtocolError };

/** A table row with its compiled decoder and encoder. */
export interface CompiledPacket {
  readonly id: number;
  readonly name: string;
  readonly def: PacketDef;
  readonly decode: DecodeFn;
  readonly encode: EncodeFn;
}

/** Decoder, encoder and lookups for one direction's table. */
export class PacketCodec {
  readonly direction: Direction;
  /** Rows by id (holes for ids that are not packets). */
  readonly byId: readonly (CompiledPacket | undefined)[];
  /** Rows in id order. */
  readonly packets: readonly CompiledPacket[];
  private readonly byName: ReadonlyMap<string, CompiledPacket>;
  private readonly byLowerName: ReadonlyMap<string, CompiledPacket>;

  constructor(direction: Direction, table: Readonly<Record<string, PacketDef>>) {
    this.direction = direction;
    const byId: (CompiledPacket | undefined)[] = [];
    const byName = new Map<string, CompiledPacket>();
    const byLowerName = new Map<string, CompiledPacket>();
    for (const [name, def] of Object.entries(table)) {
      if (byId[def.id]) throw new Error(`${direction} packet id ${def.id} used twice (${byId[def.id]!.name}, ${name})`);
      const compiled: CompiledPacket = {
        id: def.id,
        name,
        def,
        decode: compileDecoder(def.layout),
        encode: compileEncoder(def.layout),
      };
      byId[def.id] = compiled;
      byName.set(name, compiled);
      byLowerName.set(name.toLowerCase(), compiled);
    }
    this.byId = byId;
    this.packets = byId.filter((p): p is CompiledPacket => p !== undefined);
    this.byName = byName;
    this.byLowerName = byLowerName;
  }

  /** Row by exact name. */
  get(name: string): CompiledPacket | undefined {
    return this.byName.get(name);
  }

  /** Row by name ignoring case (`walk`, `WALK`, `Walk`), for humans typing names. */
  find(name: string): CompiledPacket | undefined {
    return this.byName.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  /**
   * Decodes one body. Never throws for any input: failures come back as a `ProtocolError`.
   * Decoded `bytes`/`sa8` values are copies; strings and numbers are plain values.
   */
  decode(body: Uint8Array): DecodeResult {
    const length = body.length;
    if (length === 0) return fail("empty_frame", "empty body", { offset: 0 });
    if (length > MAX_FRAME_BODY_BYTES) {
      return fail("frame_too_large", `body of ${length} bytes exceeds ${MAX_FRAME_BODY_BYTES}`, { offset: 0 });
    }
    if (length < PACKET_ID_BYTES) return fail("truncated", "body shorter than its packet id", { offset: 0 });
    const id = ((body[0]! | (body[1]! << 8)) << 16) >> 16;
    const row = id >= 0 ? this.byId[id] : undefined;
    if (row === undefined) return fail("unknown_id", `unknown ${this.direction} packet id ${id}`, { offset: 0, packetId: id });
    const reader = new PacketReader(body, PACKET_ID_BYTES);
    const fields: Fields = {};
    try {
      row.decode(reader, fields);
    } catch (error) {
      if (error instanceof ProtocolError) {
        return { ok: false, error: error.withContext({ packetId: id, packetName: row.name }) };
      }
      throw error;
    }
    if (reader.pos !== length) {
      return fail("extra_bytes", `${length - reader.pos} byte(s) after the last field of ${row.name}`, {
        offset: reader.pos,
        packetId: id,
        packetName: row.name,
      });
    }
    return { ok: true, packet: { id, name: row.name, fields } };
  }

  /**
   * Encodes one body from fields given as an object by name or an array in wire order
   * (see `prepareFields`). Values are validated: out-of-range numbers, missing or unknown fields
   * give `bad_field`; an unknown name gives `unknown_name`.
   */
  encode(name: string, fields: unknown): EncodeResult {
    const prepared = this.prepare(name, fields);
    if (prepared instanceof ProtocolError) return { ok: false, error: prepared };
    const writer = new PacketWriter(64);
    writer.i16(prepared.row.id);
    prepared.row.encode(writer, prepared.fields);
    if (writer.length > MAX_FRAME_BODY_BYTES) {
      return fail("frame_too_large", `${name} body of ${writer.length} bytes exceeds ${MAX_FRAME_BODY_BYTES}`, {
        packetId: prepared.row.id,
        packetName: name,
      });
    }
    return { ok: true, body: writer.copyBytes() };
  }

  /** Appends one validated frame (length prefix + body) to `writer`; returns the error, if any. */
  writeFrame(writer: PacketWriter, name: string, fields: unknown): ProtocolError | undefined {
    const prepared = this.prepare(name, fields);
    if (prepared instanceof ProtocolError) return prepared;
    writer.beginFrame(prepared.row.id);
    prepared.row.encode(writer, prepared.fields);
    if (writer.endFrame()) return undefined;
    return new ProtocolError("frame_too_large", `${name} body exceeds ${MAX_FRAME_BODY_BYTES} bytes`, {
      packetId: prepared.row.id,
      packetName: name,
    });
  }

  private prepare(name: string, fields: unknown): { row: CompiledPacket; fields: Fields } | ProtocolError {
    const row = this.byName.get(name);
    if (row === undefined) return new ProtocolError("unknown_name", `no ${this.direction} packet named ${JSON.stringify(name)}`);
    try {
      return { row, fields: prepareFields(row.def.layout, fields) };
    } catch (error) {
      if (error instanceof ProtocolError) return error.withContext({ packetId: row.id, packetName: name });
      throw error;
    }
  }
}

function fail(code: ProtocolError["code"], message: string, context: ConstructorParameters<typeof ProtocolError>[2]) {
  return { ok: false as const, error: new ProtocolError(code, message, context) };
}

// ---------------------------------------------------------------------------------------------
// Typed views of the two tables

type ServerTable = typeof SERVER_PACKETS;
type ClientTable = typeof CLIENT_PACKETS;

/** Names of server→client packets (`CharacterMove`, `ChatOverHead`, ...). */
export type ServerPacketName = keyof ServerTable;
/** Names of client→server packets (`Walk`, `LoginNewChar`, ...). */
export type ClientPacketName = keyof ClientTable;

/** Fields of a server→client packet, derived from its layout (`ServerPacketFields<"CharacterMove">`). */
export type ServerPacketFields<N extends ServerPacketName> = FieldsOf<ServerTable[N]["layout"]>;
/** Fields of a client→server packet, derived from its layout (`ClientPacketFields<"Walk">`). */
export type ClientPacketFields<N extends ClientPacketName> = FieldsOf<ClientTable[N]["layout"]>;

/** Any decoded server→client packet; narrow on `name` to get typed `fields`. */
export type ServerPacket = {
  [N in ServerPacketName]: DecodedPacket<ServerTable[N]["id"], N, ServerPacketFields<N>>;
}[ServerPacketName];

/** Any decoded client→server packet; narrow on `name` to get typed `fields`. */
export type ClientPacket = {
  [N in ClientPacketName]: DecodedPacket<ClientTable[N]["id"], N, ClientPacketFields<N>>;
}[ClientPacketName];

/** The server→client codec (202 packets). */
export const serverCodec = new PacketCodec("server", SERVER_PACKETS);
/** The client→server codec (312 packets). */
export const clientCodec = new PacketCodec("client", CLIENT_PACKETS);

/** The codec for the packets sent by `direction`. */
export function codecFor(direction: Direction): PacketCodec {
  return direction === "server" ? serverCodec : clientCodec;
}

function idsOf<T extends Record<string, PacketDef>>(table: T): { readonly [N in keyof T]: T[N]["id"] } {
  const ids: Record<string, number> = {};
  for (const [name, def] of Object.entries(table)) ids[name] = def.id;
  return Object.freeze(ids) as { readonly [N in keyof T]: T[N]["id"] };
}

/** Server→client ids by name: `ServerPacketId.CharacterMove === 44`. */
export const ServerPacketId = idsOf(SERVER_PACKETS);
/** Client→server ids by name: `ClientPacketId.Walk === 78`. */
export const ClientPacketId = idsOf(CLIENT_PACKETS);

/** Name of server→client packet `id`, or undefined. */
export function serverPacketName(id: number): ServerPacketName | undefined {
  return serverCodec.byId[id]?.name as ServerPacketName | undefined;
}

/** Name of client→server packet `id`, or undefined. */
export function clientPacketName(id: number): ClientPacketName | undefined {
  return clientCodec.byId[id]?.name as ClientPacketName | undefined;
}

/** Id of the server→client packet called `name` (exact), or undefined. */
export function serverPacketId(name: string): number | undefined {
  return serverCodec.get(name)?.id;
}

/** Id of the client→server packet called `name` (exact), or undefined. */
export function clientPacketId(name: string): number | undefined {
  return clientCodec.get(name)?.id;
}

/** Decodes one server→client body (no length prefix). Never throws. */
export function decodeServerPacket(body: Uint8Array): DecodeResult<ServerPacket> {
  return serverCodec.decode(body) as DecodeResult<ServerPacket>;
}

/** Decodes one client→server body (no length prefix). Never throws. */
export function decodeClientPacket(body: Uint8Array): DecodeResult<ClientPacket> {
  return clientCodec.decode(body) as DecodeResult<ClientPacket>;
}

/** Encodes one server→client body; `fields` by name or as a wire-order array. */
export function encodeServerPacket<N extends ServerPacketName>(name: N, fields: ServerPacketFields<N> | readonly unknown[]): EncodeResult {
  return serverCodec.encode(name, fields);
}

/** Encodes one client→server body; `fields` by name or as a wire-order array. */
export function encodeClientPacket<N extends ClientPacketName>(name: N, fields: ClientPacketFields<N> | readonly unknown[]): EncodeResult {
  return clientCodec.encode(name, fields);
}

/** Appends a validated server→client frame to `writer`. */
export function writeServerPacket<N extends ServerPacketName>(
  writer: PacketWriter,
  name: N,
  fields: ServerPacketFields<N> | readonly unknown[],
): ProtocolError | undefined {
  return serverCodec.writeFrame(writer, name, fields);
}

/** Appends a validated client→server frame to `writer` (bots, tests). */
export function writeClientPacket<N extends ClientPacketName>(
  writer: PacketWriter,
  name: N,
  fields: ClientPacketFields<N> | readonly unknown[],
): ProtocolError | undefined {
  return clientCodec.writeFrame(writer, name, fields);
}
