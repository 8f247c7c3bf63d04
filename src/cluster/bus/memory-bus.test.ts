import { describe, expect, test } from "bun:test";
import { clusterBusConformance, randomClusterName } from "./cluster-bus-conformance.test-support.ts";
import { MemoryClusterHub, type BusStatus, type ClusterBus } from "./index.ts";

const hubs = new Map<string, MemoryClusterHub>();
clusterBusConformance("memory", () => ({
  async connect(cluster, name) {
    let hub = hubs.get(cluster);
    if (!hub) hubs.set(cluster, (hub = new MemoryClusterHub({ cluster })));
    return hub.connect(name);
  },
}));

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (payload: Uint8Array) => new TextDecoder().decode(payload);

function statuses(bus: ClusterBus): BusStatus[] {
  const seen: BusStatus[] = [];
  bus.onStatus((status) => seen.push(status));
  return seen;
}

/** Lets every queued delivery run (they are microtasks). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe("memory cluster hub", () => {
  test("delivery is asynchronous", async () => {
    const hub = new MemoryClusterHub();
    const bus = hub.connect("a");
    const seen: string[] = [];
    bus.subscribe("x", (payload) => seen.push(text(payload)));
    bus.publish("x", bytes("1"));
    expect(seen).toEqual([]);
    await bus.flush();
    expect(seen).toEqual(["1"]);
  });

  test("a partitioned connection is a blackhole both ways, then works again", async () => {
    const hub = new MemoryClusterHub({ cluster: randomClusterName() });
    const a = hub.connect("a");
    const b = hub.connect("b");
    const seenByB: string[] = [];
    const seenByA: string[] = [];
    b.subscribe("x", (payload) => seenByB.push(text(payload)));
    a.subscribe("y", (payload) => seenByA.push(text(payload)));
    const bStatus = statuses(b);

    hub.partition("b", true);
    a.publish("x", bytes("lost"));
    b.publish("y", bytes("lost too"));
    await settle();
    expect(seenByB).toEqual([]);
    expect(seenByA).toEqual([]);

    hub.partition("b", false);
    a.publish("x", bytes("back"));
    b.publish("y", bytes("back too"));
    await settle();
    expect(seenByB).toEqual(["back"]);
    expect(seenByA).toEqual(["back too"]);
    expect(bStatus).toEqual(["disconnected", "reconnected"]);
  });

  test("a message in flight when the partition starts is lost", async () => {
    const hub = new MemoryClusterHub();
    const a = hub.connect("a");
    const b = hub.connect("b");
    const seen: string[] = [];
    b.subscribe("x", (payload) => seen.push(text(payload)));
    a.publish("x", bytes("in flight"));
    hub.partition("b", true);
    await settle();
    expect(seen).toEqual([]);
  });

  test("requests across a partition time out (the server still holds the interest), not no_responders", async () => {
    const hub = new MemoryClusterHub();
    const a = hub.connect("a");
    const b = hub.connect("b");
    b.serve("svc", () => bytes("ok"));
    hub.partition("b", true);
    expect(await a.request("svc", bytes("?"), 20)).toEqual({ ok: false, reason: "timeout" });
    hub.partition("b", false);
    hub.partition("a", true);
    expect(await a.request("svc", bytes("?"), 20)).toEqual({ ok: false, reason: "timeout" });
    expect(await a.request("nobody", bytes("?"), 20)).toEqual({ ok: false, reason: "timeout" });
    hub.partition("a", false);
    expect((await a.request("svc", bytes("?"), 1_000)).ok).toBe(true);
  });

  test("a flush waits out a partition, and a close rejects it", async () => {
    const hub = new MemoryClusterHub();
    const a = hub.connect("a");
    const b = hub.connect("b");
    hub.partition("a", true);
    hub.partition("b", true);
    let flushed = false;
    const waiting = a.flush().then(() => (flushed = true));
    await settle();
    expect(flushed).toBe(false);
    hub.partition("a", false);
    await waiting;
    expect(flushed).toBe(true);
    const rejected = b.flush();
    await b.close();
    await expect(rejected).rejects.toThrow("closed");
  });

  test("timeouts run on the injected timer", async () => {
    const timers: Array<() => void> = [];
    const hub = new MemoryClusterHub({
      scheduleTimeout: (callback) => {
        timers.push(callback);
        return () => {};
      },
    });
    const a = hub.connect("a");
    hub.connect("b").serve("svc", () => new Promise<Uint8Array>(() => {}));
    const outcome = a.request("svc", bytes("?"), 60_000);
    await settle();
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(await outcome).toEqual({ ok: false, reason: "timeout" });
  });

  test("each receiver gets its own copy of the payload", async () => {
    const hub = new MemoryClusterHub();
    const a = hub.connect("a");
    const got: Uint8Array[] = [];
    a.subscribe("x", (payload) => got.push(payload));
    a.subscribe("x", (payload) => got.push(payload));
    a.publish("x", bytes("z"));
    await a.flush();
    got[0]![0] = 0;
    expect(text(got[1]!)).toBe("z");
  });

  test("connection names are unique while open; unknown names are refused", async () => {
    const hub = new MemoryClusterHub();
    const a = hub.connect("a");
    expect(() => hub.connect("a")).toThrow('already has an open connection named "a"');
    expect(() => hub.partition("zz", true)).toThrow('no open connection named "zz"');
    await a.close();
    expect(() => hub.connect("a")).not.toThrow();
  });

  test("a bad cluster name is refused", () => {
    expect(() => new MemoryClusterHub({ cluster: "no.dots" })).toThrow('invalid cluster name "no.dots"');
  });
});
