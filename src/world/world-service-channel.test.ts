/**
 * The service channel as the world routes it, whatever the service: a map's `service` request
 * reaches the registered service (with the player's state taken first when it carries one, or
 * refused with a log when the player is not on that map any more), `tell` reaches only the map
 * that holds the player (and only `onMap` with it), and `postDelta` keeps every pending delta, in
 * the order posted, on each state the map hands over until it acknowledges each. The registry
 * refuses what a cluster cannot run yet. Driven without workers, as world-bank-credit.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import { createLogger } from "../log/index.ts";
import { Outbox, type MapDefinition, type MapEvent, type ToWorker } from "../map/index.ts";
import { ServiceRegistrationError, ServiceRegistry } from "./services/registry.ts";
import type { ServiceRequest, WorldService } from "./services/service.ts";
import { RecordingHost, type WorldInside } from "./recording-host.test-support.ts";
import { World } from "./world.ts";

function setup(options: { register?: boolean } = {}) {
  const logs: { level: number; msg: string }[] = [];
  const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) });
  const maps = new Map<number, MapDefinition>([
    [1, { id: 1 } as MapDefinition],
    [2, { id: 2 } as MapDefinition],
  ]);
  const world = new World({ maps, workerCount: 1, settings: {} as never, logger, deliver: () => {}, onLeft: () => {} });
  const heard: ServiceRequest<"bank">[] = [];
  if (options.register !== false) world.services.register({ name: "bank", placement: "per_player", fromMap: (request) => void heard.push(request) });
  const inside = world as unknown as WorldInside;
  const hosts = [new RecordingHost(1), new RecordingHost(2)];
  inside.hostOfMap.set(1, hosts[0]!);
  inside.hostOfMap.set(2, hosts[1]!);
  const events = (map: number, ...list: MapEvent[]) => inside.onWorkerMessage(inside.hostOfMap.get(map)!, { t: "out", frames: new Outbox().take(), events: list });
  const place = async (session: number, state: CharacterRecord, map = 1) => {
    await world.enter(session, { ...state, position: { ...state.position, map } }, session);
    events(map, { t: "entered", session, map, x: 50, y: 50 });
  };
  const systems = (map: number) => hosts[map - 1]!.posted.filter((message) => message.t === "system");
  return { world, logs, heard, events, place, systems };
}

describe("requests from the maps", () => {
  test("a request without a state reaches its service as the map sent it; from a session the world does not route, nothing", async () => {
    const { heard, events, place } = setup();
    await place(5, testCharacter(1, { name: "Ana" }));
    events(1, { t: "service", service: "bank", session: 5, map: 1, message: { kind: "load", character: 1 } });
    events(1, { t: "service", service: "bank", session: 6, map: 1, message: { kind: "load", character: 2 } });
    expect(heard).toEqual([{ service: "bank", session: 5, map: 1, message: { kind: "load", character: 1 }, state: undefined }]);
  });

  test("a request with a state: taken as the known state before the service hears it; refused with a warning from a map the player is not on, or while it is between maps", async () => {
    const { world, logs, heard, events, place } = setup();
    const ana = testCharacter(1, { name: "Ana", gold: 10 });
    await place(5, ana);
    const transfer = { kind: "transfer", to: "Beto", amount: 1, banker: 3 } as const;
    events(1, { t: "service", service: "bank", session: 5, map: 1, message: transfer, state: { ...ana, gold: 20 } });
    expect(heard[0]?.state?.gold).toBe(20);
    expect(world.knownState(1)?.gold).toBe(20);
    events(2, { t: "service", service: "bank", session: 5, map: 2, message: transfer, state: { ...ana, gold: 30 } });
    events(1, { t: "transfer", session: 5, state: { ...ana, gold: 20 }, dest: { map: 2, x: 10, y: 10 }, cameFrom: { map: 1, x: 50, y: 50 } } as MapEvent);
    events(1, { t: "service", service: "bank", session: 5, map: 1, message: transfer, state: { ...ana, gold: 40 } });
    expect(heard).toHaveLength(1);
    expect(world.knownState(1)?.gold).toBe(20);
    expect(logs.filter((line) => line.msg.includes("not taken"))).toHaveLength(2);
  });

  test("a service nobody registered: logged as a fault and dropped, the state not taken", async () => {
    const { world, logs, events, place } = setup({ register: false });
    const ana = testCharacter(1, { name: "Ana", gold: 10 });
    await place(5, ana);
    events(1, { t: "service", service: "bank", session: 5, map: 1, message: { kind: "transfer", to: "Beto", amount: 1, banker: 3 }, state: { ...ana, gold: 0 } });
    expect(world.knownState(1)?.gold).toBe(10);
    expect(logs.some((line) => line.level >= 50 && line.msg.includes("nobody registered"))).toBe(true);
  });
});

describe("messages to the maps", () => {
  test("tell: to the map that holds the player, with `map` when restricted to one; never while it is between maps or gone", async () => {
    const { world, events, place, systems } = setup();
    await place(5, testCharacter(1, { name: "Ana" }));
    world.tell(5, "bank", { kind: "loaded", vault: [] });
    world.tell(5, "bank", { kind: "loaded", vault: null }, { onMap: 2 });
    world.tell(9, "bank", { kind: "loaded", vault: [] });
    expect(systems(1)).toEqual([{ t: "system", service: "bank", session: 5, message: { kind: "loaded", vault: [] } }]);
    events(1, { t: "transfer", session: 5, state: testCharacter(1, { name: "Ana" }), dest: { map: 2, x: 10, y: 10 }, cameFrom: { map: 1, x: 50, y: 50 } } as MapEvent);
    world.tell(5, "bank", { kind: "loaded", vault: [] });
    expect(systems(1)).toHaveLength(1);
    expect(systems(2)).toEqual([]);
  });

  test("postDelta: applied to the known state at once, each pending delta re-applied in the order posted to what the map hands over, until each is acknowledged", async () => {
    const { world, events, place, systems } = setup();
    const ana = testCharacter(1, { name: "Ana", bankGold: 10 });
    await place(5, ana);
    // Two changes that do not commute: the order they were posted in is the order they apply in.
    expect(world.postDelta(5, "bank", { kind: "credit", amount: 0 }, (state) => ({ ...state, bankGold: state.bankGold * 2 }))).toBe(true);
    expect(world.postDelta(5, "bank", { kind: "credit", amount: 5 }, (state) => ({ ...state, bankGold: state.bankGold + 5 }))).toBe(true);
    expect(world.postDelta(9, "bank", { kind: "credit", amount: 5 }, (state) => state)).toBe(false);
    expect(world.knownState(1)?.bankGold).toBe(25);
    const [double, plus] = systems(1);
    const id = (message: ToWorker | undefined) => (message?.t === "system" ? message.delta! : 0);
    expect(double).toMatchObject({ t: "system", service: "bank", session: 5, message: { kind: "credit", amount: 0 } });
    expect(plus).toMatchObject({ t: "system", service: "bank", session: 5, message: { kind: "credit", amount: 5 } });
    expect(id(plus)).toBeGreaterThan(id(double));
    events(1, { t: "save_now", entries: [{ session: 5, state: { ...ana, bankGold: 10 } }] }); // before either applied: (10 × 2) + 5
    expect(world.knownState(1)?.bankGold).toBe(25);
    events(1, { t: "delta_applied", session: 5, delta: id(double) }, { t: "save_now", entries: [{ session: 5, state: { ...ana, bankGold: 20 } }] });
    expect(world.knownState(1)?.bankGold).toBe(25);
    events(1, { t: "delta_applied", session: 5, delta: id(plus) }, { t: "save_now", entries: [{ session: 5, state: { ...ana, bankGold: 25 } }] });
    expect(world.knownState(1)?.bankGold).toBe(25);
    // A stale acknowledgement changes nothing; a new delta is pending until its own.
    world.postDelta(5, "bank", { kind: "credit", amount: 1 }, (state) => ({ ...state, bankGold: state.bankGold + 1 }));
    events(1, { t: "delta_applied", session: 5, delta: id(double) }, { t: "save_now", entries: [{ session: 5, state: { ...ana, bankGold: 25 } }] });
    expect(world.knownState(1)?.bankGold).toBe(26);
  });
});

describe("the registry", () => {
  const bank = (placement: WorldService["placement"]): WorldService<"bank"> => ({ name: "bank", placement, fromMap: () => {} });

  test("one service per name; in a cluster, no service that needs one owner per cluster (it has none yet)", () => {
    const local = new ServiceRegistry();
    local.register(bank("one_per_cluster"));
    expect(() => local.register(bank("per_player"))).toThrow(ServiceRegistrationError);
    const clustered = new ServiceRegistry({ clustered: true });
    expect(() => clustered.register(bank("one_per_cluster"))).toThrow(/one owner per cluster/);
    clustered.register(bank("per_player"));
    expect(clustered.has("bank")).toBe(true);
  });

  test("a request for a name nobody registered is answered false", () => {
    expect(new ServiceRegistry().fromMap({ service: "bank", session: 1, map: 1, message: { kind: "load", character: 1 }, state: undefined })).toBe(false);
  });
});
