import { afterEach, describe, expect, test } from "bun:test";
import type { MapLeaseState } from "../db/index.ts";
import { createLogger, silentLogger } from "../log/index.ts";
import { readOutbox, type FromWorker, type MapEvent } from "../map/index.ts";
import type { MapHost, RemoteMapsEvents } from "../world/index.ts";
import { MemoryClusterHub, type ClusterBus } from "./bus/index.ts";
import { GatewayDirectory } from "./gateway-directory.ts";
import { newNodeIdentity, SUBJECTS, type NodeIdentity } from "./node-identity.ts";
import { RemoteNodeHost } from "./remote-node-host.ts";
import { emptyWorkerStats, LinkWriter, OutboxRunWriter, type DirectoryNotice } from "./wire.ts";
import { testCharacter } from "../game/character/character-record.test-support.ts";

const GATEWAY = newNodeIdentity("gw", 0x0000_0a0a);
const A = newNodeIdentity("node-a", 0xaaaa_0001);
const B = newNodeIdentity("node-b", 0xbbbb_0002);
const C = newNodeIdentity("node-c", 0xcccc_0003);
/** Long enough that only the start's read happens in a test that does not wait for more. */
const NO_REPOLL_MS = 3_600_000;
/** Short, for tests that wait for the next reads of the lease table. */
const QUICK_POLL_MS = 2;

function row(mapId: number, owner: NodeIdentity | null, epoch: number, expired = false): MapLeaseState {
  return { mapId, owner: owner?.id ?? null, epoch, expiresAt: null, claimedAt: null, renewedAt: null, expired };
}

/** `leases.list()` under the test's control: the rows it returns, and a way to wait for reads. */
class FakeLeases {
  calls = 0;
  failing = false;
  private waiters: { calls: number; resolve: () => void }[] = [];

  constructor(public rows: MapLeaseState[]) {}

  list(): Promise<MapLeaseState[]> {
    this.calls++;
    for (const waiter of this.waiters.filter((w) => this.calls >= w.calls)) waiter.resolve();
    this.waiters = this.waiters.filter((w) => this.calls < w.calls);
    if (this.failing) return Promise.reject(new Error("database is down"));
    return Promise.resolve(this.rows.map((r) => ({ ...r })));
  }

  /**
   * Resolves once the rows set now have been read AND applied: the directory reads again only
   * after its previous read was applied, so the second read from now proves the first was.
   */
  applied(): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ calls: this.calls + 2, resolve }));
  }
}

type OwnerCall = [map: number, node: string | undefined, reset: boolean];

function nodeIdOf(host: MapHost | undefined): string | undefined {
  if (host === undefined) return undefined;
  if (!(host instanceof RemoteNodeHost)) throw new Error("the directory reported a host that is not a RemoteNodeHost");
  return host.nodeId;
}

/** What the world would hear from its directory. */
class Recorder implements RemoteMapsEvents {
  owners: OwnerCall[] = [];
  messages: [node: string | undefined, message: FromWorker][] = [];

  onOwner(map: number, host: MapHost | undefined, reset: boolean): void {
    this.owners.push([map, nodeIdOf(host), reset]);
  }

  onMessage(host: MapHost, message: FromWorker): void {
    this.messages.push([nodeIdOf(host), message]);
  }

  /** What was recorded so far, and a clean slate. */
  takeOwners(): OwnerCall[] {
    return this.owners.splice(0);
  }
}

interface Setup {
  directory: GatewayDirectory;
  leases: FakeLeases;
  recorder: Recorder;
  /** Error lines the bus logged (a subscriber that threw shows here: the bus swallows it). */
  busErrors: string[];
  /** What a map node says on the directory subject. */
  notice(from: NodeIdentity, t: DirectoryNotice["t"], maps: DirectoryNotice["maps"]): Promise<void>;
  /** The link a map node uses to this gateway (one writer per node, numbered per link). */
  linkOf(node: NodeIdentity): LinkWriter;
  /** Raw bytes to this gateway's subject, as a node would publish them. */
  send(bytes: Uint8Array): Promise<void>;
  /** Raw bytes on the directory subject. */
  sendNotice(bytes: Uint8Array): Promise<void>;
  hostOf(node: NodeIdentity): RemoteNodeHost | undefined;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(rows: MapLeaseState[], pollMs = NO_REPOLL_MS): Promise<Setup> {
  const busErrors: string[] = [];
  const hub = new MemoryClusterHub({ logger: createLogger("error", { write: (line: string) => void busErrors.push(line) }) });
  const gatewayBus = hub.connect("gateway");
  const nodesBus: ClusterBus = hub.connect("nodes");
  const leases = new FakeLeases(rows);
  const recorder = new Recorder();
  const directory = new GatewayDirectory({ identity: GATEWAY, bus: gatewayBus, leases, logger: silentLogger(), pollMs });
  cleanups.push(async () => {
    await directory.stop();
    await gatewayBus.close();
    await nodesBus.close();
  });
  await directory.start(recorder);
  const noticeWriters = new Map<string, LinkWriter>();
  const links = new Map<string, LinkWriter>();
  const writer = (writers: Map<string, LinkWriter>, node: NodeIdentity) => {
    let link = writers.get(node.id);
    if (!link) writers.set(node.id, (link = new LinkWriter(node.boot)));
    return link;
  };
  const publish = async (subject: string, bytes: Uint8Array) => {
    nodesBus.publish(subject, bytes);
    // Resolves after every delivery published so far (memory bus: one microtask each).
    await nodesBus.flush();
  };
  return {
    directory,
    leases,
    recorder,
    busErrors,
    notice: (from, t, maps) => publish(SUBJECTS.directory, writer(noticeWriters, from).control({ t, node: from.id, maps })),
    linkOf: (node) => writer(links, node),
    send: (bytes) => publish(SUBJECTS.gatewayOut(GATEWAY.bootHex), bytes),
    sendNotice: (bytes) => publish(SUBJECTS.directory, bytes),
    hostOf: (node) => directory.hosts().find((host): host is RemoteNodeHost => host instanceof RemoteNodeHost && host.nodeId === node.id),
  };
}

function outbox(runs: [session: number, bytes: number[]][]): Uint8Array {
  const writer = new OutboxRunWriter();
  for (const [session, bytes] of runs) writer.add(session, new Uint8Array(bytes));
  return writer.take();
}

function runsOf(frames: ArrayBuffer): [number, number[]][] {
  const runs: [number, number[]][] = [];
  readOutbox(frames, { onRun: (session, run) => runs.push([session, [...run]]) });
  return runs;
}

describe("GatewayDirectory: who owns which map", () => {
  test("the first read of the lease table reports each held, unexpired map with its node", async () => {
    const { directory, recorder, hostOf } = await setup([row(1, A, 1), row(2, B, 3), row(3, null, 2), row(4, A, 7, true), row(5, A, 2)]);
    expect(recorder.owners).toEqual([
      [1, A.id, false],
      [2, B.id, false],
      [5, A.id, false],
    ]);
    expect(directory.ownership()).toEqual(
      new Map([
        [1, A.id],
        [2, B.id],
        [5, A.id],
      ]),
    );
    expect(directory.hosts().map((host) => host.workerId).sort()).toEqual([A.boot, B.boot].sort());
    expect([...hostOf(A)!.maps]).toEqual([1, 5]);
    expect([...hostOf(B)!.maps]).toEqual([2]);
  });

  test("reading the same rows again reports nothing new", async () => {
    const { recorder, leases } = await setup([row(1, A, 1), row(2, B, 3)], QUICK_POLL_MS);
    recorder.takeOwners();
    await leases.applied();
    await leases.applied();
    expect(recorder.owners).toEqual([]);
  });

  test("a claim notice with a higher epoch moves the map at once, as a reset (it had an owner)", async () => {
    const { directory, recorder, notice, hostOf } = await setup([row(1, A, 1), row(2, A, 1)]);
    recorder.takeOwners();
    await notice(B, "claimed", [{ map: 1, epoch: 2 }]);
    expect(recorder.owners).toEqual([[1, B.id, true]]);
    expect(directory.ownership().get(1)).toBe(B.id);
    expect([...hostOf(A)!.maps]).toEqual([2]);
    expect([...hostOf(B)!.maps]).toEqual([1]);
  });

  test("a claim of a map nobody held is reported without a reset", async () => {
    const { recorder, notice } = await setup([row(1, null, 4)]);
    await notice(A, "claimed", [{ map: 1, epoch: 5 }]);
    expect(recorder.owners).toEqual([[1, A.id, false]]);
  });

  test("a notice with a lower epoch than already seen is ignored", async () => {
    const { directory, recorder, notice } = await setup([row(1, A, 5)]);
    recorder.takeOwners();
    await notice(B, "claimed", [{ map: 1, epoch: 4 }]);
    await notice(B, "released", [{ map: 1, epoch: 4 }]);
    expect(recorder.owners).toEqual([]);
    expect(directory.ownership().get(1)).toBe(A.id);
    // The same node with a higher epoch is heard: the refusal above was the epoch's doing.
    await notice(B, "claimed", [{ map: 1, epoch: 6 }]);
    expect(recorder.owners).toEqual([[1, B.id, true]]);
  });

  test("a lease-table row with a lower epoch than already seen is ignored", async () => {
    const { directory, recorder, leases } = await setup([row(1, A, 5)], QUICK_POLL_MS);
    recorder.takeOwners();
    leases.rows = [row(1, B, 4)];
    await leases.applied();
    expect(recorder.owners).toEqual([]);
    expect(directory.ownership().get(1)).toBe(A.id);
    leases.rows = [row(1, B, 6)];
    await leases.applied();
    expect(recorder.owners).toEqual([[1, B.id, true]]);
  });

  test("an expired lease makes the map ownerless; the next claim is not a reset", async () => {
    const { directory, recorder, leases, hostOf } = await setup([row(1, A, 1), row(2, A, 1)], QUICK_POLL_MS);
    recorder.takeOwners();
    leases.rows = [row(1, A, 1, true), row(2, A, 1)];
    await leases.applied();
    expect(recorder.takeOwners()).toEqual([[1, undefined, false]]);
    expect(directory.ownership()).toEqual(new Map([[2, A.id]]));
    expect([...hostOf(A)!.maps]).toEqual([2]);
    leases.rows = [row(1, B, 2), row(2, A, 1)];
    await leases.applied();
    expect(recorder.takeOwners()).toEqual([[1, B.id, false]]);
  });

  test("a release notice frees the map", async () => {
    const { directory, recorder, notice, hostOf } = await setup([row(1, A, 3), row(2, A, 1)]);
    recorder.takeOwners();
    await notice(A, "released", [{ map: 1, epoch: 3 }]);
    expect(recorder.owners).toEqual([[1, undefined, false]]);
    expect(directory.ownership()).toEqual(new Map([[2, A.id]]));
    expect([...hostOf(A)!.maps]).toEqual([2]);
    // Releasing what is already free says nothing more.
    await notice(A, "released", [{ map: 1, epoch: 3 }]);
    expect(recorder.owners).toEqual([[1, undefined, false]]);
  });

  test("a reset notice from the owner reports the map again with reset; from a non-owner it is ignored", async () => {
    const { recorder, notice } = await setup([row(1, A, 2), row(2, B, 1)]);
    recorder.takeOwners();
    await notice(B, "reset", [{ map: 1, epoch: 2 }]);
    await notice(A, "reset", [{ map: 2, epoch: 1 }]);
    expect(recorder.owners).toEqual([]);
    await notice(A, "reset", [{ map: 1, epoch: 2 }]);
    expect(recorder.owners).toEqual([[1, A.id, true]]);
  });

  test("a claim naming no node id changes nothing, not even the epoch a real claim is judged by", async () => {
    const { directory, recorder, notice, sendNotice } = await setup([row(1, A, 1)]);
    recorder.takeOwners();
    const bogus: DirectoryNotice = { t: "claimed", node: "not-a-node-id", maps: [{ map: 1, epoch: 99 }] };
    await sendNotice(new LinkWriter(C.boot).control(bogus));
    expect(recorder.owners).toEqual([]);
    expect(directory.ownership().get(1)).toBe(A.id);
    await notice(B, "claimed", [{ map: 1, epoch: 2 }]);
    expect(recorder.owners).toEqual([[1, B.id, true]]);
  });

  test("a lease table that cannot be read is counted, and start still resolves", async () => {
    const { directory, recorder, leases } = await setup([row(1, A, 1)], QUICK_POLL_MS);
    recorder.takeOwners();
    leases.failing = true;
    await leases.applied();
    expect(directory.pollFailures).toBeGreaterThanOrEqual(1);
    expect(directory.ownership().get(1)).toBe(A.id);
    expect(recorder.owners).toEqual([]);
  });
});

describe("GatewayDirectory: what the nodes send this gateway", () => {
  test("frames from a node arrive as `out` messages from that node's host", async () => {
    const { recorder, linkOf, send } = await setup([row(1, A, 1), row(2, B, 1)]);
    const events: MapEvent[] = [{ t: "entered", session: 5, map: 1, x: 10, y: 11 }];
    await send(linkOf(A).frames(outbox([[5, [1, 2]], [6, [3]]]), events));
    await send(linkOf(B).frames(outbox([[7, [9]]]), []));
    expect(recorder.messages.map(([node, message]) => [node, message.t])).toEqual([
      [A.id, "out"],
      [B.id, "out"],
    ]);
    const [, fromA] = recorder.messages[0]!;
    const [, fromB] = recorder.messages[1]!;
    if (fromA.t !== "out" || fromB.t !== "out") throw new Error("not out messages");
    expect(runsOf(fromA.frames)).toEqual([
      [5, [1, 2]],
      [6, [3]],
    ]);
    expect(fromA.events).toEqual(events);
    expect(runsOf(fromB.frames)).toEqual([[7, [9]]]);
    expect(fromB.events).toEqual([]);
  });

  test("a snapshot answer in parts reaches the world once, whole, when its last part arrives", async () => {
    const { recorder, linkOf, send } = await setup([row(1, A, 1)]);
    const entry = (session: number) => ({ session, map: 1, state: testCharacter(session) });
    await send(linkOf(A).control({ t: "snapshot", requestId: 9, entries: [entry(1), entry(2)], stats: emptyWorkerStats(), more: true }));
    expect(recorder.messages).toEqual([]);
    await send(linkOf(A).control({ t: "snapshot", requestId: 9, entries: [entry(3)], stats: emptyWorkerStats() }));
    expect(recorder.messages).toHaveLength(1);
    const [node, message] = recorder.messages[0]!;
    expect(node).toBe(A.id);
    expect(message.t === "snapshot" && message.requestId).toBe(9);
    expect(message.t === "snapshot" && message.entries.map((e) => e.session)).toEqual([1, 2, 3]);
  });

  test("a fault from a node reaches the world as the worker's fault message", async () => {
    const { recorder, linkOf, send } = await setup([row(1, A, 1)]);
    await send(linkOf(A).control({ t: "fault", message: "boom", map: 1 }));
    expect(recorder.messages).toEqual([[A.id, { t: "fault", message: "boom", map: 1 }]]);
  });

  test("a sequence gap resyncs every map of that node (same host, reset) and counts it", async () => {
    const { directory, recorder, linkOf, send } = await setup([row(1, A, 1), row(3, B, 1), row(2, A, 1)]);
    recorder.takeOwners();
    const link = linkOf(A);
    const first = link.frames(outbox([[1, [1]]]), []);
    await send(first);
    link.frames(outbox([[1, [2]]]), []); // seq 2: lost on the way
    await send(link.frames(outbox([[1, [3]]]), []));
    expect(directory.gaps).toBe(1);
    expect(recorder.owners).toEqual([
      [1, A.id, true],
      [2, A.id, true],
    ]);
    // The message after the gap is still delivered; a replay of an old one is not.
    await send(first);
    expect(recorder.messages.map(([, message]) => message.t === "out" && runsOf(message.frames)[0]![1][0])).toEqual([1, 3]);
  });

  test("a node asking for a resync gets one, without counting a gap", async () => {
    const { directory, recorder, linkOf, send } = await setup([row(4, A, 2)]);
    recorder.takeOwners();
    await send(linkOf(A).control({ t: "resync" }));
    expect(recorder.owners).toEqual([[4, A.id, true]]);
    expect(directory.gaps).toBe(0);
  });

  test("an unreadable payload is counted and nothing throws; the link keeps working", async () => {
    const { directory, recorder, linkOf, send, sendNotice, busErrors } = await setup([row(1, A, 1)]);
    recorder.takeOwners();
    const garbage = new Uint8Array([0xa0, 0x01, 0x03, 0x00, ...new Uint8Array(16), 0xff, 0xfe]);
    await send(garbage);
    await send(new Uint8Array([1, 2, 3]));
    await sendNotice(garbage);
    // A readable control message that is not a notice.
    await sendNotice(linkOf(C).control({ t: "resync" }));
    expect(directory.badMessages).toBe(4);
    expect(busErrors).toEqual([]);
    expect(recorder.owners).toEqual([]);
    await send(linkOf(A).frames(outbox([[1, [7]]]), []));
    expect(recorder.messages.map(([node, message]) => [node, message.t])).toEqual([[A.id, "out"]]);
  });

  test("messages from a node that owns nothing are dropped", async () => {
    const { directory, recorder, linkOf, send } = await setup([row(1, A, 1)]);
    recorder.takeOwners();
    await send(linkOf(C).frames(outbox([[1, [1]]]), []));
    await send(linkOf(C).control({ t: "resync" }));
    expect(recorder.messages).toEqual([]);
    expect(recorder.owners).toEqual([]);
    expect(directory.hosts().map((host) => host.workerId)).toEqual([A.boot]);
  });

  test("after stop nothing more is reported", async () => {
    const { directory, recorder, linkOf, send, notice } = await setup([row(1, A, 1)]);
    recorder.takeOwners();
    await directory.stop();
    await send(linkOf(A).frames(outbox([[1, [1]]]), []));
    await notice(B, "claimed", [{ map: 1, epoch: 2 }]);
    expect(recorder.messages).toEqual([]);
    expect(recorder.owners).toEqual([]);
  });
});
