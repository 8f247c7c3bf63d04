import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { encodeFrames, FrameDecoder } from "../protocol/index.ts";
import { TcpDeframer } from "./tcp-transport.ts";
import { httpOriginOf, parseTarget } from "./transport.ts";

describe("targets", () => {
  test("tcp and ws targets parse; the HTTP origin comes from a ws target", () => {
    const tcp = parseTarget("tcp://127.0.0.1:7667");
    expect(tcp).toEqual({ ok: true, target: { kind: "tcp", host: "127.0.0.1", port: 7667, text: "tcp://127.0.0.1:7667" } });
    const ws = parseTarget("ws://game.example:8080/ws");
    expect(ws.ok && ws.target.kind === "ws" && ws.target.url).toBe("ws://game.example:8080/ws");
    expect(ws.ok && httpOriginOf(ws.target)).toBe("http://game.example:8080");
    expect(tcp.ok && httpOriginOf(tcp.target)).toBeUndefined();
    const wss = parseTarget("wss://[::1]:8443/ws");
    expect(wss.ok && wss.target.host).toBe("::1");
    expect(wss.ok && httpOriginOf(wss.target)).toBe("https://[::1]:8443");
    // ws and wss may leave out their default port; tcp may not.
    const plain = parseTarget("ws://game.example/ws");
    expect(plain.ok && plain.target.port).toBe(80);
  });

  test("bad targets say what is wrong, never throw", () => {
    for (const [text, fragment] of [
      ["", "not a URL"],
      ["127.0.0.1:7667", "not a URL"],
      ["http://h:80", "unknown scheme http"],
      ["tcp://h", "needs a port"],
      ["tcp://h:0", "needs a port"],
      ["tcp://h:70000", "not a URL"],
      ["tcp://h:7667/ws", "no path"],
      ["ws://:8080/ws", "not a URL"],
    ] as const) {
      const parsed = parseTarget(text);
      expect([text, parsed.ok]).toEqual([text, false]);
      if (!parsed.ok) expect(parsed.error.message).toContain(fragment);
    }
  });
});

describe("TCP deframing", () => {
  test("whole frames go by offset, cut frames through FrameDecoder: any split of a stream gives the codec's bodies", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 40 }),
        (bodies, cuts) => {
          const stream = encodeFrames(bodies);
          const deframer = new TcpDeframer();
          const seen: number[][] = [];
          const sink = { body: (bytes: Uint8Array, start: number, end: number) => void seen.push(Array.from(bytes.subarray(start, end))) };
          const onBody = (body: Uint8Array) => sink.body(body, 0, body.length);
          let pos = 0;
          let i = 0;
          while (pos < stream.length) {
            const size = cuts[i++ % cuts.length]!;
            const error = deframer.push(stream.subarray(pos, pos + size), sink, onBody, () => false);
            expect(error).toBeUndefined();
            pos += size;
          }
          expect(seen).toEqual(bodies.map((body) => Array.from(body)));
          expect(deframer.idle).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  test("a read that ends right after a length prefix: the next read is that frame's body, not a new frame", () => {
    // Bodies that begin like a short frame header (2, 0, ...): misreading them as frames would
    // deliver garbage. Every cut point of the stream, including each one just after a prefix.
    const bodies = [new Uint8Array([44, 0, 1, 2, 3, 4]), new Uint8Array([2, 0, 9, 9, 9, 9, 9]), new Uint8Array([1, 0, 7])];
    const stream = encodeFrames(bodies);
    for (let cut = 1; cut < stream.length; cut++) {
      const deframer = new TcpDeframer();
      const seen: number[][] = [];
      const sink = { body: (bytes: Uint8Array, start: number, end: number) => void seen.push(Array.from(bytes.subarray(start, end))) };
      for (const part of [stream.subarray(0, cut), stream.subarray(cut)]) {
        expect(deframer.push(part, sink, (body) => sink.body(body, 0, body.length), () => false)).toBeUndefined();
      }
      expect([cut, seen]).toEqual([cut, bodies.map((body) => Array.from(body))]);
    }
  });

  test("a bad length after good frames is reported by the decoder; a stop request ends the read", () => {
    const good = encodeFrames([new Uint8Array([1, 0, 7])]);
    const stream = new Uint8Array([...good, 0, 0, ...good]);
    const seen: number[] = [];
    const sink = { body: (bytes: Uint8Array, start: number) => void seen.push(bytes[start + 2]!) };
    const error = new TcpDeframer().push(stream, sink, (body) => sink.body(body, 0), () => false);
    expect(error?.code).toBe("empty_frame");
    expect(seen).toEqual([7]);
    let stop = false;
    const stopping = { body: () => void (stop = true) };
    const later = new TcpDeframer(new FrameDecoder()).push(new Uint8Array([...good, ...good]), stopping, () => {}, () => stop);
    expect(later).toBeUndefined();
  });
});
