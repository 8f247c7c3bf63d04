import { describe, expect, test } from "bun:test";
import { serialize } from "bun:jsc";
import fc from "fast-check";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { emptyMagicCounts, emptyNpcAiCounts, IntentBatchWriter, forEachIntent, readOutbox, type MapEvent, type WorkerStats } from "../map/index.ts";
import { encodeEnvelope, ENVELOPE_BYTES, ENVELOPE_KINDS, type EnvelopeHeader } from "./bus/index.ts";
import { decodeLinkMessage, emptyWorkerStats, LinkWriter, OutboxRunWriter, type DirectoryNotice, type LinkMessage } from "./wire.ts";

const SOURCE = 0x0badcafe;

function decoded(bytes: Uint8Array): LinkMessage {
  const outcome = decodeLinkMessage(bytes);
  if (!outcome.ok) throw new Error(`expected a message, got: ${outcome.reason}`);
  return outcome.message;
}

function rejection(bytes: Uint8Array): string {
  const outcome = decodeLinkMessage(bytes);
  if (outcome.ok) throw new Error(`expected a rejection, got a ${outcome.message.kind} message`);
  return outcome.reason;
}

/** An envelope of `kind` around `body`, as a hostile or broken sender could make it. */
function envelope(kind: number, body: Uint8Array | Uint8Array[]): Uint8Array {
  const header: EnvelopeHeader = { kind, flags: 0, source: SOURCE, seq: 1, sentAtMs: 1 };
  return encodeEnvelope(header, body);
}

function u32le(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

function runsOf(buffer: ArrayBuffer): { counts: [number, number][]; runs: [number, number[]][] } {
  const counts: [number, number][] = [];
  const runs: [number, number[]][] = [];
  readOutbox(buffer, {
    onPacketCount: (id, frames) => counts.push([id, frames]),
    onRun: (session, run) => runs.push([session, [...run]]),
  });
  return { counts, runs };
}

function intentsOf(buffer: ArrayBuffer): [number, number[]][] {
  const out: [number, number[]][] = [];
  forEachIntent(buffer, (session, body) => out.push([session, [...body]]));
  return out;
}

describe("LinkWriter + decodeLinkMessage", () => {
  test("intents: the batch comes back byte for byte, with the writer's source", () => {
    const batch = new IntentBatchWriter();
    batch.write(41, new Uint8Array([1, 2, 3]));
    batch.write(0xffff_fffe, new Uint8Array([]));
    batch.write(7, new Uint8Array([9]));
    const before = Date.now();
    const message = decoded(new LinkWriter(SOURCE).intents(batch.take()));
    if (message.kind !== "intents") throw new Error(`got ${message.kind}`);
    expect(message.header.kind).toBe(ENVELOPE_KINDS.intents);
    expect(message.header.source).toBe(SOURCE);
    expect(message.header.seq).toBe(1);
    // Send time is the wall clock (performance.timeOrigin + now), not a monotonic offset.
    expect(message.header.sentAtMs).toBeGreaterThanOrEqual(before - 1);
    expect(message.header.sentAtMs).toBeLessThanOrEqual(Date.now() + 1);
    expect(intentsOf(message.batch)).toEqual([
      [41, [1, 2, 3]],
      [0xffff_fffe, []],
      [7, [9]],
    ]);
  });

  test("control: a structured clone, so a Date, a Uint8Array and undefined survive", () => {
    const createdAt = new Date("2024-02-29T12:34:56.789Z");
    const record = testCharacter(12, { createdAt, lastLoginAt: null });
    const message = {
      t: "enter" as const,
      map: 3,
      session: 99,
      record,
      kind: "login" as const,
      userSlot: 4,
      cameFrom: undefined,
      handOver: undefined,
      onlineCount: 17,
      // Not a field of `enter`: stands for any typed array a control message may carry.
      blob: new Uint8Array([0, 255, 128, 7]),
    };
    const got = decoded(new LinkWriter(SOURCE).control(message));
    if (got.kind !== "control") throw new Error(`got ${got.kind}`);
    expect(got.header.kind).toBe(ENVELOPE_KINDS.control);
    const clone = got.message as typeof message;
    expect(clone).toEqual(message);
    expect(clone.record.createdAt).toBeInstanceOf(Date);
    expect(clone.record.createdAt.getTime()).toBe(createdAt.getTime());
    expect(clone.blob).toBeInstanceOf(Uint8Array);
    expect([...clone.blob]).toEqual([0, 255, 128, 7]);
    // `undefined` stays a present key, as a postMessage to a worker keeps it.
    expect(Object.hasOwn(clone, "cameFrom")).toBe(true);
    expect(clone.cameFrom).toBeUndefined();
    expect(clone.record.lastLoginAt).toBeNull();
  });

  test("control: a directory notice round-trips", () => {
    const notice: DirectoryNotice = { t: "claimed", node: "node-a:0000beef", maps: [{ map: 1, epoch: 3 }, { map: 2, epoch: 1 }] };
    const got = decoded(new LinkWriter(SOURCE).control(notice));
    expect(got.kind === "control" && got.message).toEqual(notice);
  });

  test("frames: golden body (events length, outbox, no events) and the runs read back", () => {
    const runs = new OutboxRunWriter();
    runs.add(7, new Uint8Array([0xaa, 0xbb]));
    const outbox = runs.take();
    const bytes = new LinkWriter(SOURCE).frames(outbox, []);
    // events length 0 | outbox: kinds 0, session 7, run length 2, the run.
    expect([...bytes.subarray(ENVELOPE_BYTES)]).toEqual([0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0, 0xaa, 0xbb]);
    const message = decoded(bytes);
    if (message.kind !== "frames") throw new Error(`got ${message.kind}`);
    expect(message.header.kind).toBe(ENVELOPE_KINDS.frames);
    expect(message.events).toEqual([]);
    expect(runsOf(message.frames)).toEqual({ counts: [], runs: [[7, [0xaa, 0xbb]]] });
  });

  test("frames: outbox bytes and events both survive", () => {
    const runs = new OutboxRunWriter();
    runs.add(1, new Uint8Array([1, 2, 3]));
    runs.add(2, new Uint8Array(300).fill(5));
    const state = testCharacter(5, { updatedAt: new Date(1_700_000_000_000) });
    const events: MapEvent[] = [
      { t: "entered", session: 1, map: 4, x: 50, y: 51 },
      { t: "left", session: 2, state, reason: "quit" },
      { t: "service", service: "bank", session: 1, map: 4, message: { kind: "load", character: 5 } },
    ];
    const message = decoded(new LinkWriter(SOURCE).frames(runs.take(), events));
    if (message.kind !== "frames") throw new Error(`got ${message.kind}`);
    expect(message.events).toEqual(events);
    const left = message.events[1]!;
    expect(left.t === "left" && left.state?.updatedAt).toBeInstanceOf(Date);
    expect(runsOf(message.frames).runs).toEqual([
      [1, [1, 2, 3]],
      [2, new Array<number>(300).fill(5)],
    ]);
  });

  test("frames in parts: events too big for one message go in several, in order, the frames in the first, numbered one after another", () => {
    const runs = new OutboxRunWriter();
    runs.add(3, new Uint8Array([9, 9]));
    const events: MapEvent[] = Array.from({ length: 40 }, (_, index) => ({ t: "left", session: index + 1, state: testCharacter(index + 1), reason: "shutdown" }));
    const writer = new LinkWriter(SOURCE);
    const messages = writer.framesInParts(runs.take(), events, 4_096);
    expect(messages.length).toBeGreaterThan(1);
    const read = messages.map(decoded);
    expect(read.map((message) => message.header.seq)).toEqual(read.map((_, index) => index + 1));
    const all = read.flatMap((message) => (message.kind === "frames" ? message.events : []));
    expect(all).toEqual(events);
    expect(read.map((message) => (message.kind === "frames" ? runsOf(message.frames).runs.length : -1))).toEqual(read.map((_, index) => (index === 0 ? 1 : 0)));
    // A part holds more than one event unless one alone passes the limit.
    for (const message of messages) expect(message.byteLength).toBeLessThan(4_096 * 2 + ENVELOPE_BYTES + 64);
    expect(writer.framesInParts(new OutboxRunWriter().take(), events)).toHaveLength(1);
  });

  test("frames: an empty outbox and no events", () => {
    const message = decoded(new LinkWriter(SOURCE).frames(new OutboxRunWriter().take(), []));
    if (message.kind !== "frames") throw new Error(`got ${message.kind}`);
    expect(message.events).toEqual([]);
    expect(runsOf(message.frames)).toEqual({ counts: [], runs: [] });
  });

  test("decoded buffers are copies, not views of the received payload", () => {
    const batch = new IntentBatchWriter();
    batch.write(1, new Uint8Array([42]));
    const bytes = new LinkWriter(SOURCE).intents(batch.take());
    const message = decoded(bytes);
    bytes.fill(0);
    expect(message.kind === "intents" && intentsOf(message.batch)).toEqual([[1, [42]]]);
  });

  test("sequence numbers rise by one per message of a writer, whatever the kind; each writer counts on its own", () => {
    const a = new LinkWriter(1);
    const b = new LinkWriter(2);
    const seqs = (bytes: Uint8Array) => [decoded(bytes).header.source, decoded(bytes).header.seq];
    expect(seqs(a.intents(new ArrayBuffer(0)))).toEqual([1, 1]);
    expect(seqs(a.control({ t: "resync" }))).toEqual([1, 2]);
    expect(seqs(b.frames(new OutboxRunWriter().take(), []))).toEqual([2, 1]);
    expect(seqs(a.frames(new OutboxRunWriter().take(), []))).toEqual([1, 3]);
    expect(seqs(b.control({ t: "resync" }))).toEqual([2, 2]);
  });
});

describe("decodeLinkMessage on hostile input: a reason, never a throw", () => {
  const good = new LinkWriter(SOURCE).frames(new OutboxRunWriter().take(), [{ t: "service", service: "bank", session: 1, map: 4, message: { kind: "load", character: 2 } }]);

  test("every truncation of a valid message is refused or read as a shorter valid one, never thrown", () => {
    for (let length = 0; length < good.byteLength; length++) {
      const outcome = decodeLinkMessage(good.subarray(0, length));
      if (length < ENVELOPE_BYTES) expect(outcome).toEqual({ ok: false, reason: "too_short" });
      else expect(outcome.ok).toBe(false);
    }
  });

  test("a frames body shorter than its 4-byte header", () => {
    for (const body of [[], [1], [1, 2, 3]]) {
      expect(rejection(envelope(ENVELOPE_KINDS.frames, new Uint8Array(body)))).toBe("frames body shorter than its header");
    }
  });

  test("an events length past the end of the body", () => {
    expect(rejection(envelope(ENVELOPE_KINDS.frames, [u32le(10), new Uint8Array(5)]))).toBe("events length 10 past the end of a 9-byte body");
    expect(rejection(envelope(ENVELOPE_KINDS.frames, [u32le(0xffff_ffff)]))).toBe("events length 4294967295 past the end of a 4-byte body");
  });

  test("garbage where a structured clone should be", () => {
    const garbage = new Uint8Array([0xff, 0x00, 0x13, 0x37, 0xde, 0xad, 0xbe, 0xef]);
    expect(rejection(envelope(ENVELOPE_KINDS.control, garbage))).toStartWith("unreadable control message: ");
    expect(rejection(envelope(ENVELOPE_KINDS.frames, [u32le(garbage.byteLength), garbage]))).toStartWith("unreadable body: ");
  });

  test("an empty control body is refused: no structured clone is zero bytes long", () => {
    // Bun's serialize never writes zero bytes (even for undefined or null); bun:jsc's deserialize
    // reads an empty buffer as null, which is not a message any sender made.
    expect(new Uint8Array(serialize(null)).byteLength).toBeGreaterThan(0);
    expect(new Uint8Array(serialize(undefined)).byteLength).toBeGreaterThan(0);
    const outcome = decodeLinkMessage(envelope(ENVELOPE_KINDS.control, new Uint8Array(0)));
    expect(outcome.ok).toBe(false);
  });

  test("events that are a structured clone but not a list", () => {
    const notAList = new Uint8Array(serialize({ t: "entered" }));
    expect(rejection(envelope(ENVELOPE_KINDS.frames, [u32le(notAList.byteLength), notAList]))).toBe("events are not a list");
  });

  test("an envelope kind outside the table, and the bus kind, which is not a link message", () => {
    const unknown = envelope(ENVELOPE_KINDS.intents, new Uint8Array(0));
    unknown[2] = 0x7f;
    expect(rejection(unknown)).toBe("unknown_kind");
    expect(rejection(envelope(ENVELOPE_KINDS.bus, new Uint8Array(4)))).toBe(`unexpected envelope kind ${ENVELOPE_KINDS.bus}`);
  });

  test("a bad magic or version", () => {
    const badMagic = good.slice();
    badMagic[0] = 0x00;
    expect(rejection(badMagic)).toBe("bad_magic");
    const badVersion = good.slice();
    badVersion[1] = 99;
    expect(rejection(badVersion)).toBe("bad_version");
  });

  test("property: random bytes never throw; any verdict is a message of a known kind or a non-empty reason", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => {
        const outcome = decodeLinkMessage(bytes);
        if (outcome.ok) expect(["intents", "control", "frames"]).toContain(outcome.message.kind);
        else expect(outcome.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 2_000 },
    );
  });

  test("property: random bodies behind a valid envelope never throw", () => {
    const kinds = [ENVELOPE_KINDS.intents, ENVELOPE_KINDS.frames, ENVELOPE_KINDS.control, ENVELOPE_KINDS.bus];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.uint8Array({ maxLength: 200 }), fc.option(fc.nat(64), { nil: undefined }), (kind, body, eventsLength) => {
        // Half the time the frames header claims a plausible length, so the clone reader runs on garbage.
        const parts = eventsLength === undefined ? [body] : [u32le(Math.min(eventsLength, body.byteLength)), body];
        const outcome = decodeLinkMessage(envelope(kind, parts));
        if (outcome.ok) {
          expect(outcome.message.header.source).toBe(SOURCE);
          if (outcome.message.kind === "frames") expect(Array.isArray(outcome.message.events)).toBe(true);
        } else expect(outcome.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("OutboxRunWriter", () => {
  test("readOutbox reads back the same runs in order, with no packet counts", () => {
    const writer = new OutboxRunWriter();
    expect(writer.isEmpty).toBe(true);
    const written: [number, number[]][] = [
      [3, [1]],
      [0xffff_ffff, []],
      [3, [2, 2]],
      [8, Array.from({ length: 5_000 }, (_, i) => i & 0xff)], // past the first 1 KiB: the buffer grows
      [1, [9, 8, 7]],
    ];
    for (const [session, run] of written) writer.add(session, new Uint8Array(run));
    expect(writer.runs).toBe(written.length);
    expect(writer.isEmpty).toBe(false);
    const out = writer.take();
    expect([...out.subarray(0, 2)]).toEqual([0, 0]); // zero packet kinds
    expect(runsOf(out.slice().buffer)).toEqual({ counts: [], runs: written });
  });

  test("take() starts afresh: the next outbox holds only what was added after it", () => {
    const writer = new OutboxRunWriter();
    writer.add(1, new Uint8Array(2_000).fill(1));
    writer.take();
    expect(writer.isEmpty).toBe(true);
    expect(writer.runs).toBe(0);
    expect([...writer.take()]).toEqual([0, 0]);
    writer.add(2, new Uint8Array([4, 5]));
    const second = writer.take();
    expect([...second]).toEqual([0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 4, 5]);
    expect(runsOf(second.slice().buffer).runs).toEqual([[2, [4, 5]]]);
  });

  test("property: any runs round-trip through readOutbox", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.uint8Array({ maxLength: 600 })), { maxLength: 20 }), (runs) => {
        const writer = new OutboxRunWriter();
        for (const [session, run] of runs) writer.add(session, run);
        expect(runsOf(writer.take().slice().buffer)).toEqual({ counts: [], runs: runs.map(([session, run]) => [session, [...run]]) });
      }),
      { numRuns: 300 },
    );
  });
});

/** Every number reachable from `value`, with its path. */
function leaves(value: unknown, path = "stats"): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  return [[path, value]];
}

describe("emptyWorkerStats", () => {
  test("has the WorkerStats shape, every count zero, and is a fresh object each time", () => {
    const stats: WorkerStats = emptyWorkerStats();
    expect(Object.keys(stats).sort()).toEqual(["intents", "lagMs", "magic", "maps", "npcAi", "queueDelayMs"]);
    expect(stats.maps).toEqual([]);
    expect(Object.keys(stats.npcAi).sort()).toEqual([...Object.keys(emptyNpcAiCounts()), "aiMapsRunning", "npcsAlive", "npcsOnPlayerMaps", "npcsThinking"].sort());
    expect(Object.keys(stats.magic).sort()).toEqual(Object.keys(emptyMagicCounts()).sort());
    // The lateness histogram keeps its buckets (all empty), so a reader may add it to others.
    expect(stats.npcAi.latenessCounts.length).toBe(emptyNpcAiCounts().latenessCounts.length);
    const nonZero = leaves(stats).filter(([, value]) => value !== 0);
    expect(nonZero).toEqual([]);
    // A caller may fill it in without touching the next one.
    const a = emptyWorkerStats();
    a.npcAi.latenessCounts[0] = 5;
    a.maps.push({ map: 1, players: 1 } as never);
    expect(leaves(emptyWorkerStats()).filter(([, value]) => value !== 0)).toEqual([]);
    expect(emptyWorkerStats().maps).toEqual([]);
  });
});
