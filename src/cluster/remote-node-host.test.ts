import { afterEach, describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { forEachIntent, type ToWorker } from "../map/index.ts";
import { MemoryClusterHub, type ClusterBus } from "./bus/index.ts";
import { newNodeIdentity, SUBJECTS } from "./node-identity.ts";
import { RemoteNodeHost } from "./remote-node-host.ts";
import { decodeLinkMessage, type LinkMessage } from "./wire.ts";

const GATEWAY = newNodeIdentity("gw", 0x0000_0a0a);
const NODE = newNodeIdentity("node-a", 0xaaaa_0001);

interface Setup {
  host: RemoteNodeHost;
  /** What the node received on its inbox, decoded, in order. */
  received: LinkMessage[];
  /** Lets the host's end-of-turn flush run, then every delivery published so far. */
  settle(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function setup(): Setup {
  const hub = new MemoryClusterHub();
  const gatewayBus: ClusterBus = hub.connect("gateway");
  const nodeBus = hub.connect("node");
  cleanups.push(async () => {
    await gatewayBus.close();
    await nodeBus.close();
  });
  const received: LinkMessage[] = [];
  nodeBus.subscribe(SUBJECTS.nodeIn(NODE.bootHex), (payload) => {
    const decoded = decodeLinkMessage(payload);
    if (!decoded.ok) throw new Error(`the node got an unreadable message: ${decoded.reason}`);
    received.push(decoded.message);
  });
  const host = new RemoteNodeHost(NODE.id, NODE.boot, NODE.bootHex, gatewayBus, GATEWAY.boot);
  return {
    host,
    received,
    settle: async () => {
      // The host flushes its intents with setImmediate (end of the turn), like a local worker host.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await gatewayBus.flush();
    },
  };
}

function intentsOf(message: LinkMessage | undefined): [number, number[]][] {
  if (message?.kind !== "intents") throw new Error(`expected intents, got ${message?.kind}`);
  const out: [number, number[]][] = [];
  forEachIntent(message.batch, (session, body) => out.push([session, [...body]]));
  return out;
}

function controlOf(message: LinkMessage | undefined): unknown {
  if (message?.kind !== "control") throw new Error(`expected control, got ${message?.kind}`);
  return message.message;
}

const LEAVE: ToWorker = { t: "leave", session: 7, reason: "quit" };

describe("RemoteNodeHost", () => {
  test("it is the node as a MapHost: its boot id, no maps yet, alive", () => {
    const { host } = setup();
    expect(host.workerId).toBe(NODE.boot);
    expect(host.nodeId).toBe(NODE.id);
    expect(host.maps.size).toBe(0);
    expect(host.isDead).toBe(false);
  });

  test("intents queued in one turn go as ONE message, with every record in order, from this gateway", async () => {
    const { host, received, settle } = setup();
    host.queueIntent(1, new Uint8Array([10, 11]));
    host.queueIntent(2, new Uint8Array([20]));
    host.queueIntent(1, new Uint8Array([12]));
    await settle();
    expect(received).toHaveLength(1);
    expect(received[0]!.header.source).toBe(GATEWAY.boot);
    expect(intentsOf(received[0])).toEqual([
      [1, [10, 11]],
      [2, [20]],
      [1, [12]],
    ]);
    // The next turn is the next message on the same link.
    host.queueIntent(3, new Uint8Array([30]));
    await settle();
    expect(received).toHaveLength(2);
    expect(received[1]!.header.seq).toBe(received[0]!.header.seq + 1);
    expect(intentsOf(received[1])).toEqual([[3, [30]]]);
    expect(host.intentsSent).toBe(4);
    expect(host.messagesSent).toBe(2);
  });

  test("a body is copied when queued: changing it afterwards changes nothing sent", async () => {
    const { host, received, settle } = setup();
    const body = new Uint8Array([1, 2, 3]);
    host.queueIntent(9, body);
    body.fill(0);
    await settle();
    expect(intentsOf(received[0])).toEqual([[9, [1, 2, 3]]]);
  });

  test("a control message first sends the intents queued before it; later intents follow it", async () => {
    const { host, received, settle } = setup();
    host.queueIntent(7, new Uint8Array([1]));
    host.queueIntent(8, new Uint8Array([2]));
    host.post(LEAVE);
    host.queueIntent(7, new Uint8Array([3]));
    await settle();
    expect(received.map((message) => message.kind)).toEqual(["intents", "control", "intents"]);
    expect(intentsOf(received[0])).toEqual([
      [7, [1]],
      [8, [2]],
    ]);
    expect(controlOf(received[1])).toEqual(LEAVE);
    expect(intentsOf(received[2])).toEqual([[7, [3]]]);
    expect(received.map((message) => message.header.seq)).toEqual([1, 2, 3]);
  });

  test("a control message with nothing queued goes alone, as the structured clone it was", async () => {
    const { host, received, settle } = setup();
    const enter: ToWorker = {
      t: "enter",
      map: 1,
      session: 4,
      record: testCharacter(4, { lastLoginAt: new Date(1_700_000_000_000) }),
      kind: "login",
      userSlot: 1,
      onlineCount: 1,
    };
    host.post(enter);
    await settle();
    expect(received.map((message) => message.kind)).toEqual(["control"]);
    expect(controlOf(received[0])).toEqual(enter);
  });

  test("messages not meant for a node (worker start-up, loading, stop) are not sent", async () => {
    const { host, received, settle } = setup();
    const local: ToWorker[] = [
      { t: "init", workerId: 1, settings: {} as never },
      { t: "unload", map: 1 },
      { t: "drop", map: 1 },
      { t: "intents", buffer: new ArrayBuffer(0), sentAt: 0 },
      { t: "bus", message: { kind: "console_all", text: "hola", font: 1 } },
      { t: "stats" },
      { t: "stop" },
    ];
    for (const message of local) host.post(message);
    await settle();
    expect(received).toEqual([]);
    expect(host.messagesSent).toBe(0);
    // The link works: a message meant for the node is the first one it gets.
    host.post(LEAVE);
    await settle();
    expect(received.map((message) => [message.header.seq, controlOf(message)])).toEqual([[1, LEAVE]]);
  });

  test("markGone: nothing more is sent, not even the intents queued before it; it reads as dead with no maps", async () => {
    const { host, received, settle } = setup();
    host.maps.add(3);
    host.queueIntent(1, new Uint8Array([1]));
    host.markGone();
    host.queueIntent(1, new Uint8Array([2]));
    host.post(LEAVE);
    await settle();
    expect(received).toEqual([]);
    expect(host.isDead).toBe(true);
    expect(host.maps.size).toBe(0);
  });
});
