/**
 * Protocol codec throughput: encode and decode rates of the hot packets and of mixed streams.
 *
 *   node_modules/.bin/bun bench/protocol-codec.ts [--seconds-per-case 0.9]
 *
 * Prints one JSON document. Every case runs for a fixed wall-clock budget after a warm-up; the
 * rates are packets per second and megabytes (10^6 bytes, frames including their 2-byte prefix)
 * per second on this machine, single-threaded.
 */
import { cpus } from "node:os";
import {
  FrameDecoder,
  PacketWriter,
  clientCodec,
  decodeClientPacket,
  decodeServerPacket,
  serverCodec,
  splitFrames,
  writeCharacterCreate,
  writeCharacterMove,
  writeChatOverHead,
  writeClientPacket,
  writePosUpdate,
  writeServerPacket,
  type CharacterCreateFields,
} from "../src/protocol/index.ts";

const DEFAULT_SECONDS_PER_CASE = 0.9;
const WARM_UP_FRACTION = 0.25;
const BATCH_PACKETS = 1000;
const MIXED_STREAM_PACKETS = 10_000;
const BYTES_PER_MEGABYTE = 1_000_000;
const MS_PER_SECOND = 1000;

const secondsArg = process.argv.indexOf("--seconds-per-case");
const secondsPerCase = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : DEFAULT_SECONDS_PER_CASE;

interface CaseResult {
  readonly case: string;
  readonly packetsPerSecond: number;
  readonly megabytesPerSecond: number;
  readonly bytesPerPacket: number;
}

let sink = 0;

/** Runs `batch` (which handles `packets` packets / `bytes` bytes per call) for the time budget. */
function measure(name: string, packets: number, bytes: number, batch: () => void): CaseResult {
  const warmUpEnd = performance.now() + secondsPerCase * WARM_UP_FRACTION * MS_PER_SECOND;
  while (performance.now() < warmUpEnd) batch();
  let calls = 0;
  const start = performance.now();
  const end = start + secondsPerCase * MS_PER_SECOND;
  let now = start;
  while (now < end) {
    batch();
    calls++;
    now = performance.now();
  }
  const seconds = (now - start) / MS_PER_SECOND;
  return {
    case: name,
    packetsPerSecond: Math.round((calls * packets) / seconds),
    megabytesPerSecond: Number(((calls * bytes) / seconds / BYTES_PER_MEGABYTE).toFixed(1)),
    bytesPerPacket: Number((bytes / packets).toFixed(1)),
  };
}

const character: CharacterCreateFields = {
  charIndex: 1234,
  body: 21,
  head: 4,
  heading: 3,
  x: 50,
  y: 51,
  weapon: 12,
  shield: 3,
  helmet: 5,
  cart: 0,
  backpack: 0,
  fx: 0,
  fxLoops: 0,
  name: "Pepe <Los Pibes>",
  status: 1,
  privileges: 1,
  particleFx: 0,
  headAura: "",
  weaponAura: "",
  bodyAura: "",
  dmAura: "",
  rmAura: "",
  otherAura: "",
  shieldAura: "",
  speeding: 1,
  isNpc: 0,
  appear: 0,
  groupIndex: 0,
  clanIndex: 7,
  clanLevel: 2,
  minHp: 300,
  maxHp: 320,
  minMana: 1000,
  maxMana: 1200,
  symbol: 0,
  flags: 0,
  userTier: 0,
  team: 0,
  hasFlag: 0,
  npcNumber: 0,
};
const chatText = "hola, alguien vende pociones rojas?";

type Writer = (w: PacketWriter, i: number) => void;

const hot: Record<string, Writer> = {
  CharacterMove: (w, i) => writeCharacterMove(w, i & 0x3fff, 10 + (i % 80), 20 + (i % 70)),
  PosUpdate: (w, i) => writePosUpdate(w, 10 + (i % 80), 20 + (i % 70)),
  ChatOverHead: (w, i) => void writeChatOverHead(w, chatText, i & 0x3fff, 0xffffff, false, 50, 51, 0, 0),
  CharacterCreate: (w) => void writeCharacterCreate(w, character),
};

const generic: Record<string, Writer> = {
  CharacterMove: (w, i) => void writeServerPacket(w, "CharacterMove", { charIndex: i & 0x3fff, x: 10 + (i % 80), y: 20 + (i % 70) }),
  ChatOverHead: (w, i) =>
    void writeServerPacket(w, "ChatOverHead", {
      text: chatText,
      charIndex: i & 0x3fff,
      color: 0xffffff,
      isSpell: false,
      x: 50,
      y: 51,
      minDisplayMs: 0,
      maxDisplayMs: 0,
    }),
  CharacterCreate: (w) => void writeServerPacket(w, "CharacterCreate", character),
};

/** Encodes `count` packets with `write` into a fresh buffer (to measure and to feed decoders). */
function encodeBatch(write: Writer, count: number): Uint8Array {
  const w = new PacketWriter();
  for (let i = 0; i < count; i++) write(w, i);
  return w.copyBytes();
}

function encodeCase(label: string, write: Writer): CaseResult {
  const bytes = encodeBatch(write, BATCH_PACKETS).length;
  const w = new PacketWriter(bytes);
  return measure(label, BATCH_PACKETS, bytes, () => {
    w.reset();
    for (let i = 0; i < BATCH_PACKETS; i++) write(w, i);
    sink += w.length;
  });
}

function decodeCase(label: string, frames: Uint8Array, decode: (body: Uint8Array) => { ok: boolean }): CaseResult {
  const { bodies } = splitFrames(frames);
  return measure(label, bodies.length, frames.length, () => {
    for (let i = 0; i < bodies.length; i++) if (decode(bodies[i]!).ok) sink++;
  });
}

/** A client stream as a server receives it: mostly steps, some clicks, chat and attacks. */
function clientMix(): Uint8Array {
  const w = new PacketWriter();
  for (let i = 0; i < MIXED_STREAM_PACKETS; i++) {
    const roll = i % 10;
    if (roll < 6) writeClientPacket(w, "Walk", { heading: 1 + (i % 4), counter: i });
    else if (roll === 6) writeClientPacket(w, "Talk", { text: chatText, counter: i });
    else if (roll === 7) writeClientPacket(w, "LeftClick", { x: 50, y: 51, counter: i });
    else if (roll === 8) writeClientPacket(w, "Attack", { counter: i });
    else writeClientPacket(w, "UseItem", { slot: 3, fromInventoryTab: 1, counter: i });
  }
  return w.copyBytes();
}

/** A server stream as a crowded client receives it. */
function serverMix(w: PacketWriter): void {
  for (let i = 0; i < MIXED_STREAM_PACKETS; i++) {
    const roll = i % 20;
    if (roll < 12) writeCharacterMove(w, i & 0x3fff, 10 + (i % 80), 20 + (i % 70));
    else if (roll < 14) writeChatOverHead(w, chatText, i & 0x3fff, 0xffffff, false, 50, 51, 0, 0);
    else if (roll < 16) writeCharacterCreate(w, character);
    else if (roll < 17) writePosUpdate(w, 50, 51);
    else if (roll < 19) writeServerPacket(w, "ConsoleMsg", { text: "Has ganado 15 puntos de experiencia.", fontIndex: 23 });
    else writeServerPacket(w, "UpdateHP", { minHp: 290, shield: 0 });
  }
}

/** Chunks of a typical TCP read size, for the stream decoder. */
function chunked(stream: Uint8Array, chunkBytes: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < stream.length; i += chunkBytes) chunks.push(stream.subarray(i, i + chunkBytes));
  return chunks;
}

const TCP_READ_BYTES = 1460;

function streamDecodeCase(label: string, stream: Uint8Array, decode: (body: Uint8Array) => { ok: boolean }): CaseResult {
  const chunks = chunked(stream, TCP_READ_BYTES);
  const onBody = (body: Uint8Array) => {
    if (decode(body).ok) sink++;
  };
  return measure(label, MIXED_STREAM_PACKETS, stream.length, () => {
    const frames = new FrameDecoder();
    for (const chunk of chunks) frames.push(chunk, onBody);
  });
}

const results: CaseResult[] = [];
for (const [name, write] of Object.entries(hot)) results.push(encodeCase(`encode ${name} (hot writer)`, write));
for (const [name, write] of Object.entries(generic)) results.push(encodeCase(`encode ${name} (table-driven, validated)`, write));
for (const [name, write] of Object.entries(hot)) {
  results.push(decodeCase(`decode ${name}`, encodeBatch(write, BATCH_PACKETS), decodeServerPacket));
}
const serverStream = encodeBatch((w) => serverMix(w), 1);
const clientStream = clientMix();
results.push(
  measure("encode mixed server stream (hot + table-driven)", MIXED_STREAM_PACKETS, serverStream.length, () => {
    const w = new PacketWriter(serverStream.length);
    serverMix(w);
    sink += w.length;
  }),
);
results.push(streamDecodeCase("decode mixed server stream (FrameDecoder + decode, 1460-byte reads)", serverStream, decodeServerPacket));
results.push(streamDecodeCase("decode mixed client stream (FrameDecoder + decode, 1460-byte reads)", clientStream, decodeClientPacket));

console.log(
  JSON.stringify(
    {
      bench: "protocol-codec",
      command: "node_modules/.bin/bun bench/protocol-codec.ts",
      runtime: `bun ${Bun.version}`,
      cpu: cpus()[0]?.model ?? "unknown",
      logicalCpus: cpus().length,
      secondsPerCase,
      serverPackets: serverCodec.packets.length,
      clientPackets: clientCodec.packets.length,
      results,
      sink: sink > 0,
    },
    null,
    2,
  ),
);
