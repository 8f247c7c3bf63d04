/**
 * The ClusterBus conformance suite, run against every implementation (memory-bus.test.ts,
 * nats-bus.test.ts). "Nothing arrived" is checked with a barrier, never a sleep: the sender
 * flushes, then the receiver's own echo comes back after anything the server routed before it.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { ClusterBusClosedError, InvalidBusSubjectError, type BusStatus, type ClusterBus } from "./index.ts";

export interface BusBackend {
  /** A new connection named `name` to cluster `cluster` (same cluster, same server/hub). */
  connect(cluster: string, name: string): Promise<ClusterBus>;
}

export function randomClusterName(): string {
  return `test-${crypto.randomUUID().slice(0, 8)}`;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (payload: Uint8Array) => new TextDecoder().decode(payload);

/** Resolves with the first `count` messages a subscription gets. */
function collect(bus: ClusterBus, subject: string, count: number): Promise<Array<[string, string]>> {
  return new Promise((resolve) => {
    const got: Array<[string, string]> = [];
    bus.subscribe(subject, (payload, relative) => {
      got.push([relative, text(payload)]);
      if (got.length === count) resolve(got);
    });
  });
}

/** Everything `sender` published so far has been routed to `receiver` once this resolves. */
async function barrier(sender: ClusterBus, receiver: ClusterBus): Promise<void> {
  await sender.flush();
  const subject = `barrier.${crypto.randomUUID().slice(0, 8)}`;
  const echoed = collect(receiver, subject, 1);
  await receiver.flush();
  receiver.publish(subject, bytes("."));
  await echoed;
}

function nextStatus(bus: ClusterBus, wanted: BusStatus): Promise<void> {
  return new Promise((resolve) => bus.onStatus((status) => status === wanted && resolve()));
}

export function clusterBusConformance(label: string, backend: () => BusBackend): void {
  describe(`cluster bus conformance: ${label}`, () => {
    const open: ClusterBus[] = [];
    let cluster = "";
    const connect = async (name: string, inCluster = cluster) => {
      const bus = await backend().connect(inCluster, name);
      open.push(bus);
      return bus;
    };
    const pair = async () => {
      cluster = randomClusterName();
      return [await connect("a"), await connect("b")] as const;
    };

    afterEach(async () => {
      await Promise.all(open.splice(0).map((bus) => bus.close()));
    });

    test("publish reaches subscribers with the relative subject, in order", async () => {
      const [a, b] = await pair();
      expect(a.cluster).toBe(cluster);
      const got = collect(b, "n.node1.in", 50);
      const alsoA = collect(a, "n.node1.in", 50);
      await b.flush();
      for (let i = 0; i < 50; i++) a.publish("n.node1.in", bytes(`m${i}`));
      const expected = Array.from({ length: 50 }, (_, i): [string, string] => ["n.node1.in", `m${i}`]);
      expect(await got).toEqual(expected);
      expect(await alsoA).toEqual(expected);
    });

    test("wildcards: * is one token, > is the rest", async () => {
      const [a, b] = await pair();
      const star = collect(b, "chat.*", 2);
      const rest = collect(b, "chat.>", 3);
      await b.flush();
      a.publish("chat", bytes("bare")); // neither
      a.publish("chat.global", bytes("1"));
      a.publish("chat.guild.7", bytes("2"));
      a.publish("chat.party", bytes("3"));
      expect(await star).toEqual([
        ["chat.global", "1"],
        ["chat.party", "3"],
      ]);
      expect(await rest).toEqual([
        ["chat.global", "1"],
        ["chat.guild.7", "2"],
        ["chat.party", "3"],
      ]);
    });

    test("unsubscribe stops delivery", async () => {
      const [a, b] = await pair();
      const seen: string[] = [];
      const subscription = b.subscribe("x", (payload) => seen.push(text(payload)));
      await b.flush();
      a.publish("x", bytes("before"));
      await barrier(a, b);
      subscription.unsubscribe();
      subscription.unsubscribe();
      await b.flush();
      a.publish("x", bytes("after"));
      await barrier(a, b);
      expect(seen).toEqual(["before"]);
    });

    test("request/serve with sync and async handlers", async () => {
      const [a, b] = await pair();
      b.serve("svc.echo", (payload) => bytes(`echo:${text(payload)}`));
      b.serve("svc.later", async (payload) => {
        await Promise.resolve();
        return bytes(`later:${text(payload)}`);
      });
      await b.flush();
      const first = await a.request("svc.echo", bytes("hi"), 2_000);
      const second = await a.request("svc.later", bytes("there"), 2_000);
      expect(first.ok && text(first.payload)).toBe("echo:hi");
      expect(second.ok && text(second.payload)).toBe("later:there");
    });

    test("a request nobody serves fails at once with no_responders", async () => {
      const [a] = await pair();
      const started = performance.now();
      expect(await a.request("svc.nobody", bytes("?"), 5_000)).toEqual({ ok: false, reason: "no_responders" });
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    test("a handler that never answers, throws or rejects makes the caller time out", async () => {
      const [a, b] = await pair();
      b.serve("svc.silent", () => new Promise<Uint8Array>(() => {}));
      b.serve("svc.throws", () => {
        throw new Error("handler fault (expected by the test)");
      });
      b.serve("svc.rejects", () => Promise.reject(new Error("handler fault (expected by the test)")));
      await b.flush();
      for (const subject of ["svc.silent", "svc.throws", "svc.rejects"]) {
        expect(await a.request(subject, bytes("?"), 50)).toEqual({ ok: false, reason: "timeout" });
      }
      // The serving connection is still fine afterwards.
      b.serve("svc.ok", () => bytes("ok"));
      await b.flush();
      expect((await a.request("svc.ok", bytes("?"), 2_000)).ok).toBe(true);
    });

    test("two clusters on one server do not see each other", async () => {
      const [a, b] = await pair();
      const other = await connect("a", randomClusterName());
      const seenHere: string[] = [];
      const seenThere: string[] = [];
      b.subscribe("chat.>", (payload) => seenHere.push(text(payload)));
      other.subscribe("chat.>", (payload) => seenThere.push(text(payload)));
      other.serve("svc.only-there", () => bytes("there"));
      await Promise.all([b.flush(), other.flush()]);
      other.publish("chat.global", bytes("from other"));
      a.publish("chat.global", bytes("from here"));
      await barrier(other, b);
      await barrier(a, b);
      await barrier(a, other);
      expect(seenHere).toEqual(["from here"]);
      expect(seenThere).toEqual(["from other"]);
      expect(await a.request("svc.only-there", bytes("?"), 2_000)).toEqual({ ok: false, reason: "no_responders" });
    });

    test("bad subjects throw an error naming them", async () => {
      const [a] = await pair();
      expect(() => a.publish("chat.*", bytes(""))).toThrow(InvalidBusSubjectError);
      expect(() => a.publish("has space", bytes(""))).toThrow('invalid cluster bus subject "has space"');
      expect(() => a.publish("a..b", bytes(""))).toThrow(InvalidBusSubjectError);
      expect(() => a.subscribe("a.>.b", () => {})).toThrow('invalid cluster bus subject "a.>.b"');
      expect(() => a.serve("", () => bytes(""))).toThrow(InvalidBusSubjectError);
      await expect(a.request("x.*", bytes(""), 10)).rejects.toThrow(InvalidBusSubjectError);
    });

    test("close: pending requests end as closed, later calls are handled, status says closed", async () => {
      const [a, b] = await pair();
      b.serve("svc.silent", () => new Promise<Uint8Array>(() => {}));
      await b.flush();
      const pending = a.request("svc.silent", bytes("?"), 10_000);
      await a.flush();
      const closed = nextStatus(a, "closed");
      await a.close();
      await closed;
      expect(await pending).toEqual({ ok: false, reason: "closed" });
      expect(await a.request("svc.silent", bytes("?"), 10)).toEqual({ ok: false, reason: "closed" });
      expect(() => a.publish("x", bytes("dropped"))).not.toThrow();
      expect(() => a.subscribe("x", () => {})).toThrow(ClusterBusClosedError);
      await expect(a.flush()).rejects.toThrow(ClusterBusClosedError);
      await a.close();
    });
  });
}
