/**
 * The AO20 wire protocol (stock client, PYMMO=0, Aurora.Network transport), byte-exact to
 * docs/ao20-protocol.md. Pure code: no Node or Bun APIs, so it runs in the server, in workers,
 * in bots and in the browser.
 *
 * Vocabulary: a *body* is `i16 packet id + fields`; a *frame* is `u16 LE body length + body`
 * (TCP, §1.2); over WebSocket one binary message is one body (§1.6). `server` packets are sent
 * by the server (server→client), `client` packets by the client.
 *
 * Typical use:
 * ```ts
 * // server: pre-encode a broadcast once, send the same bytes to every viewer
 * const out = new PacketWriter();
 * writeCharacterMove(out, charIndex, x, y);
 * const frames = out.bytes();                 // TCP
 * const message = webSocketMessageOfFrame(frames); // WebSocket (one frame only)
 *
 * // server: read client traffic
 * const frames = new FrameDecoder();
 * frames.push(chunk, (body) => {
 *   const result = decodeClientPacket(body);
 *   if (!result.ok) return kick(result.error.code);
 *   if (result.packet.name === "Walk") move(result.packet.fields.heading);
 * });
 * ```
 */

export {
  CONNECTED_DEBUG_ARRAY,
  CONNECTED_DEBUG_PAYLOAD,
  CLIENT_PACKET_COUNT,
  COLOR_WHITE,
  CharacterKind,
  DEBUG_COMMAND_CONNECTION_STATE,
  FRAME_HEADER_BYTES,
  FX_LOOP_FOREVER,
  FontIndex,
  Heading,
  IPV4_OCTETS,
  LocaleMessageId,
  MAX_ACCOUNT_CHARACTERS,
  MAX_FRAME_BODY_BYTES,
  MAX_VARINT_BYTES,
  PACKET_ID_BYTES,
  SERVER_PACKET_COUNT,
  SKILL_COUNT,
  SEQUENCED_CLIENT_PACKETS,
  STOCK_INTERVALS_MS,
  TRADE_OFFER_SLOTS,
  WorkSkill,
  vbRgb,
} from "./constants.ts";
export { ProtocolError, type ProtocolErrorCode, type ProtocolErrorContext } from "./protocol-error.ts";

export { PacketReader } from "./packet-reader.ts";
export type { SafeArrayBound, SafeArrayInt8 } from "./safe-array.ts";
export { DEFAULT_WRITER_CAPACITY_BYTES, PacketWriter, utf8Length } from "./packet-writer.ts";

export {
  bool,
  bytes,
  checkLayout,
  countOf,
  countedList,
  describeLayout,
  f32,
  f64,
  fieldNames,
  fixedList,
  i16,
  i32,
  ifEq,
  ifMore,
  ifSet,
  list,
  minBytes,
  sa8,
  str,
  u8,
  varint,
  type Condition,
  type CountType,
  type FieldsOf,
  type ItemSpec,
  type Layout,
  type LayoutNode,
  type ListCount,
  type ScalarType,
  type ScalarValues,
} from "./layout.ts";
export { prepareFields, type Fields } from "./layout-codec.ts";
export { packet, type LayoutSource, type PacketDef } from "./packet-def.ts";

export { JOINED_LIST_SEPARATOR, SERVER_PACKETS, SOS_FIELD_SEPARATOR } from "./server-packets.ts";
export { CLIENT_PACKETS } from "./client-packets.ts";
export { zeroClientFields, zeroFields } from "./zero-fields.ts";
export {
  ClientPacketId,
  PacketCodec,
  ServerPacketId,
  clientCodec,
  clientPacketId,
  clientPacketName,
  codecFor,
  decodeClientPacket,
  decodeServerPacket,
  encodeClientPacket,
  encodeServerPacket,
  serverCodec,
  serverPacketId,
  serverPacketName,
  writeClientPacket,
  writeServerPacket,
  type ClientPacket,
  type ClientPacketFields,
  type ClientPacketName,
  type CompiledPacket,
  type DecodeResult,
  type DecodedPacket,
  type Direction,
  type EncodeResult,
  type ServerPacket,
  type ServerPacketFields,
  type ServerPacketName,
} from "./packet-codec.ts";

export {
  FrameDecoder,
  bodyOfFrame,
  bodyOfWebSocketMessage,
  encodeFrames,
  frameBody,
  forEachFrame,
  splitFrames,
  webSocketMessageOfFrame,
  type FrameDecoderOptions,
} from "./framing.ts";

export {
  CHARACTER_CREATE_DEFAULTS,
  writeCharacterChange,
  writeCharacterCreate,
  writeCharacterMove,
  writeCharacterRemove,
  writeChatOverHead,
  writeConnected,
  writePosUpdate,
  type CharacterChangeFields,
  type CharacterCreateFields,
} from "./hot-writers.ts";

export { fromHex, toHex } from "./hex.ts";
export { packetsWithoutReferenceLayout } from "./layout-provenance.ts";
