/**
 * `argentum protocol`: a packet inspector for anyone debugging a capture. Decodes frames to one
 * JSON line, encodes JSON to a frame, lists both packet tables.
 */
import {
  bodyOfFrame,
  codecFor,
  describeLayout,
  fromHex,
  frameBody,
  splitFrames,
  toHex,
  type DecodedPacket,
  type Direction,
  type PacketCodec,
  type ProtocolError,
} from "../protocol/index.ts";
import type { CliIo, Command } from "./command.ts";

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

const USAGE = `usage: argentum protocol <decode|encode|ids> [options]

Inspects AO20 packets (stock client, PYMMO=0; docs/ao20-protocol.md).
"--from server" means packets the server sends, "--from client" packets the client sends.

  argentum protocol decode --from client|server [--body] [--all] HEX...
      Decodes one frame (u16 LE length prefix included) and prints one JSON line:
      {"id":78,"name":"Walk","fields":{"heading":3,"counter":1}}   (fields in wire order;
      bytes as hex strings). HEX may contain spaces, commas or 0x prefixes, and may be split
      over several arguments.
      --body  the bytes are one body without length prefix (a WebSocket message)
      --all   the bytes are any number of whole frames; prints one line per frame
      On a protocol error prints {"error":"<code>","message":...,"offset":...} and exits 1.

  argentum protocol encode --from client|server [--body] JSON
      JSON is {"name":"CharacterMove","fields":[5,50,51]}: fields as an array in wire order
      or as an object by field name; byte fields as hex strings. Prints the whole frame in hex
      (--body: the body only). On an invalid field prints {"error":"bad_field",...}, exits 1.

  argentum protocol ids [--from client|server] [--json]
      Lists the packet tables: direction, id, name and layout.

exit codes: 0 ok, 1 protocol error, 2 bad usage
`;

interface ParsedArgs {
  readonly from: Direction | undefined;
  readonly flags: ReadonlySet<string>;
  readonly positional: readonly string[];
}

function parseArgs(argv: readonly string[]): ParsedArgs | string {
  let from: Direction | undefined;
  const flags = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--from" || arg.startsWith("--from=")) {
      const value = arg === "--from" ? argv[++i] : arg.slice("--from=".length);
      if (value !== "client" && value !== "server") return `--from needs "client" or "server", got ${JSON.stringify(value ?? "")}`;
      from = value;
    } else if (arg === "--body" || arg === "--all" || arg === "--json") {
      flags.add(arg);
    } else if (arg.startsWith("--")) {
      return `unknown option ${arg}`;
    } else {
      positional.push(arg);
    }
  }
  return { from, flags, positional };
}

/** JSON with byte arrays as hex strings (so the output can be fed back to `encode`). */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? toHex(v) : v));
}

function packetLine(packet: DecodedPacket): string {
  return toJson({ id: packet.id, name: packet.name, fields: packet.fields });
}

function errorLine(error: ProtocolError): string {
  return toJson(error.toJSON());
}

function usageError(io: CliIo, message: string): number {
  io.err(`argentum protocol: ${message}\n(argentum protocol --help for usage)\n`);
  return EXIT_USAGE;
}

function decode(args: ParsedArgs, io: CliIo): number {
  if (!args.from) return usageError(io, "decode needs --from client|server");
  if (args.positional.length === 0) return usageError(io, "decode needs the bytes in hex");
  const bytes = fromHex(args.positional.join(" "));
  if (!bytes) return usageError(io, "the bytes are not valid hex (pairs of 0-9a-f digits)");
  const codec = codecFor(args.from);
  if (args.flags.has("--all")) {
    // Frames are independent: a bad one is reported and the next ones are still decoded.
    const split = splitFrames(bytes);
    let allOk = split.error === undefined;
    for (const body of split.bodies) allOk = printDecoded(codec, body, io) && allOk;
    if (split.error) io.out(`${errorLine(split.error)}\n`);
    return allOk ? EXIT_OK : EXIT_FAILED;
  }
  let body = bytes;
  if (!args.flags.has("--body")) {
    const framed = bodyOfFrame(bytes);
    if (!framed.ok) {
      io.out(`${errorLine(framed.error)}\n`);
      return EXIT_FAILED;
    }
    body = framed.body;
  }
  return printDecoded(codec, body, io) ? EXIT_OK : EXIT_FAILED;
}

function printDecoded(codec: PacketCodec, body: Uint8Array, io: CliIo): boolean {
  const result = codec.decode(body);
  io.out(`${result.ok ? packetLine(result.packet) : errorLine(result.error)}\n`);
  return result.ok;
}

function encode(args: ParsedArgs, io: CliIo): number {
  if (!args.from) return usageError(io, "encode needs --from client|server");
  if (args.positional.length !== 1) return usageError(io, "encode needs exactly one JSON argument (quote it)");
  let request: unknown;
  try {
    request = JSON.parse(args.positional[0]!);
  } catch (error) {
    return usageError(io, `the JSON does not parse: ${(error as Error).message}`);
  }
  if (typeof request !== "object" || request === null || typeof (request as { name?: unknown }).name !== "string") {
    return usageError(io, 'the JSON must be an object {"name": "<packet>", "fields": [...] or {...}}');
  }
  const { name, fields } = request as { name: string; fields?: unknown };
  const codec = codecFor(args.from);
  const row = codec.find(name);
  const result = codec.encode(row?.name ?? name, fields ?? []);
  if (!result.ok) {
    io.out(`${errorLine(result.error)}\n`);
    return EXIT_FAILED;
  }
  const bytes = args.flags.has("--body") ? result.body : frameBody(result.body);
  io.out(`${toHex(bytes, " ")}\n`);
  return EXIT_OK;
}

function ids(args: ParsedArgs, io: CliIo): number {
  if (args.positional.length > 0) return usageError(io, `ids takes no arguments, got ${args.positional.join(" ")}`);
  const directions: Direction[] = args.from ? [args.from] : ["server", "client"];
  const rows = directions.flatMap((direction) =>
    codecFor(direction).packets.map((p) => ({
      from: direction,
      id: p.id,
      name: p.name,
      layout: describeLayout(p.def.layout),
      source: p.def.source,
      ...(p.def.note === undefined ? {} : { note: p.def.note }),
    })),
  );
  if (args.flags.has("--json")) {
    for (const row of rows) io.out(`${JSON.stringify(row)}\n`);
    return EXIT_OK;
  }
  const nameWidth = Math.max(...rows.map((r) => r.name.length));
  for (const direction of directions) {
    const own = rows.filter((r) => r.from === direction);
    io.out(`${direction} → ${direction === "server" ? "client" : "server"} (${own.length} packets)\n`);
    for (const r of own) {
      const marker = r.source === "reference" ? "" : `  [${r.source}]`;
      io.out(`  ${String(r.id).padStart(3)}  ${r.name.padEnd(nameWidth)}  ${r.layout}${marker}\n`);
    }
  }
  return EXIT_OK;
}

export const protocolCommand: Command = {
  name: "protocol",
  summary: "decode/encode AO20 packets, list packet ids (inspector)",
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help" || rest.includes("--help") || rest.includes("-h")) {
      if (sub === undefined) {
        io.err(USAGE);
        return EXIT_USAGE;
      }
      io.out(USAGE);
      return EXIT_OK;
    }
    const args = parseArgs(rest);
    if (typeof args === "string") return usageError(io, args);
    switch (sub) {
      case "decode":
        return decode(args, io);
      case "encode":
        return encode(args, io);
      case "ids":
        return ids(args, io);
      default:
        return usageError(io, `unknown subcommand ${JSON.stringify(sub)}`);
    }
  },
};
