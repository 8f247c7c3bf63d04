/**
 * The NATS bus against a real server: the shared one (TEST_NATS_URL, default 127.0.0.1:4222)
 * for the conformance suite, and a private one (test/support/private-nats.ts) for a restart.
 * In CI a missing server fails these tests; elsewhere they are skipped with a warning.
 */
import { connect } from "@nats-io/transport-node";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { freePort, NATS_SERVER_BINARY, startPrivateNats, type PrivateNats } from "../../../test/support/private-nats.ts";
import { clusterBusConformance, randomClusterName } from "./cluster-bus-conformance.test-support.ts";
import { ClusterBusConnectError, connectNatsBus, InvalidBusSubjectError, type BusStatus, type ClusterBus } from "./index.ts";

const NATS_URL = process.env.TEST_NATS_URL?.trim() || "nats://127.0.0.1:4222";
const IN_CI = process.env.CI === "true";
const PROBE_TIMEOUT_MS = 1_000;

async function natsProblem(): Promise<string | null> {
  try {
    const probe = await connectNatsBus({ url: NATS_URL, cluster: "probe", name: "test-probe", connectTimeoutMs: PROBE_TIMEOUT_MS });
    await probe.close();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const problem = await natsProblem();
if (problem && !IN_CI) console.warn(`NATS bus tests skipped: ${problem} (set TEST_NATS_URL to use another server)`);

if (problem && IN_CI) {
  test("NATS is available (required in CI)", () => {
    throw new Error(problem);
  });
} else if (!problem) {
  clusterBusConformance("nats", () => ({
    connect: (cluster, name) => connectNatsBus({ url: NATS_URL, cluster, name }),
  }));
}

describe.skipIf(problem !== null && !IN_CI)("NATS bus specifics", () => {
  test("the wire subject is ao.<cluster>.<relative>", async () => {
    const cluster = randomClusterName();
    const bus = await connectNatsBus({ url: NATS_URL, cluster, name: "wire" });
    const raw = await connect({ servers: NATS_URL });
    try {
      const seen = new Promise<string>((resolve) => raw.subscribe(`ao.${cluster}.>`, { callback: (_error, msg) => resolve(msg.subject) }));
      await raw.flush();
      bus.publish("n.node1.in", new Uint8Array([1]));
      expect(await seen).toBe(`ao.${cluster}.n.node1.in`);
    } finally {
      await Promise.all([bus.close(), raw.close()]);
    }
  });
});

describe.skipIf(problem !== null && !IN_CI)("what the NATS client does with payloads", () => {
  // Documents why publish() hands the payload over: the client queues a reference and writes it
  // a microtask later (or after a reconnect). If an upgrade starts copying, this test says so.
  test("a payload changed right after publish is sent changed", async () => {
    const cluster = randomClusterName();
    const bus = await connectNatsBus({ url: NATS_URL, cluster, name: "handover" });
    try {
      const got = new Promise<string>((resolve) => bus.subscribe("x", (payload) => resolve(new TextDecoder().decode(payload))));
      await bus.flush();
      const payload = new TextEncoder().encode("one");
      bus.publish("x", payload);
      payload.set(new TextEncoder().encode("two"));
      expect(await got).toBe("two");
    } finally {
      await bus.close();
    }
  });
});

describe("NATS bus without a server", () => {
  test("a failed first connect says the URL and what to check, in one line", async () => {
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    const attempt = connectNatsBus({ url, cluster: randomClusterName(), name: "nobody-home", connectTimeoutMs: 500 });
    const error = await attempt.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ClusterBusConnectError);
    const message = (error as Error).message;
    expect(message).toContain(url);
    expect(message).toContain("check that nats-server is running");
    expect(message).not.toContain("\n");
  });

  test("a bad cluster name is refused before connecting", async () => {
    await expect(connectNatsBus({ url: NATS_URL, cluster: "a.b", name: "x" })).rejects.toThrow(InvalidBusSubjectError);
  });
});

const binaryMissing = !existsSync(NATS_SERVER_BINARY);
if (binaryMissing && !IN_CI) console.warn(`NATS restart test skipped: ${NATS_SERVER_BINARY} is not installed`);

describe.skipIf(binaryMissing && !IN_CI)("NATS bus across a server restart", () => {
  let server: PrivateNats | null = null;
  const buses: ClusterBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await server?.stop();
  });

  test("subscriptions get messages again after reconnected", async () => {
    server = await startPrivateNats();
    const cluster = randomClusterName();
    const publisher = await connectNatsBus({ url: server.url, cluster, name: "publisher" });
    const subscriber = await connectNatsBus({ url: server.url, cluster, name: "subscriber" });
    buses.push(publisher, subscriber);
    const seen: string[] = [];
    let onMessage = () => {};
    subscriber.subscribe("n.node1.in", (payload) => {
      seen.push(new TextDecoder().decode(payload));
      onMessage();
    });
    const nextMessage = () => new Promise<void>((resolve) => (onMessage = resolve));
    const events: BusStatus[] = [];
    const reconnected = (bus: ClusterBus) =>
      new Promise<void>((resolve) =>
        bus.onStatus((status) => {
          if (bus === subscriber) events.push(status);
          if (status === "reconnected") resolve();
        }),
      );
    await subscriber.flush();

    let arrived = nextMessage();
    publisher.publish("n.node1.in", new TextEncoder().encode("before"));
    await arrived;

    const bothBack = Promise.all([reconnected(publisher), reconnected(subscriber)]);
    await server.restart();
    await bothBack;
    // The subscriber's SUB reached the new server before it reported "reconnected"; a flush
    // makes sure of it from our side too.
    await subscriber.flush();

    arrived = nextMessage();
    publisher.publish("n.node1.in", new TextEncoder().encode("after"));
    await arrived;
    expect(seen).toEqual(["before", "after"]);
    expect(events).toEqual(["disconnected", "reconnected"]);
  });
});
