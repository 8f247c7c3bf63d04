/**
 * The world's side of bank gold sent across maps, the first delta of the service channel
 * (`creditBank` over `World.postDelta`, a `transfer` asked with the sender's state, `delta_applied`):
 * the known state counts a credit from the moment it is sent, and every state the owning map
 * hands over before it acknowledges the credit gets it added (the pending deltas), so no
 * autosave, hand-over or recovery loses it and none counts it twice. Driven without workers: a
 * recording host stands in for the map's worker and the test plays its messages in the order a
 * worker sends them.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { MAX_LONG, type CharacterRecord } from "../game/character/index.ts";
import { silentLogger } from "../log/index.ts";
import { Outbox, type MapDefinition, type MapEvent } from "../map/index.ts";
import type { MapWorkerHost } from "./map-worker-host.ts";
import { creditBank } from "./services/bank.ts";
import type { ServiceRequest } from "./services/service.ts";
import { RecordingHost, type WorldInside } from "./recording-host.test-support.ts";
import { World } from "./world.ts";

const character = (id: number, name: string, bankGold: number): CharacterRecord => testCharacter(id, { name, bankGold });

function setup() {
  const left: { session: number; state: CharacterRecord | null }[] = [];
  const transfers: ServiceRequest<"bank">[] = [];
  const maps = new Map<number, MapDefinition>([
    [1, { id: 1 } as MapDefinition],
    [2, { id: 2 } as MapDefinition],
  ]);
  const world = new World({
    maps,
    workerCount: 1,
    settings: {} as never,
    logger: silentLogger(),
    deliver: () => {},
    onLeft: (session, state) => left.push({ session, state }),
  });
  // The bank service as the world sees it: what it is handed, in order.
  world.services.register({ name: "bank", placement: "per_player", fromMap: (request) => void transfers.push(request) });
  const inside = world as unknown as WorldInside;
  const hosts = [new RecordingHost(1), new RecordingHost(2)];
  inside.hostOfMap.set(1, hosts[0]!);
  inside.hostOfMap.set(2, hosts[1]!);
  /** The worker of `map` reports these events, in this order (one `out` message). */
  const events = (map: number, ...list: MapEvent[]) => inside.onWorkerMessage(inside.hostOfMap.get(map)!, { t: "out", frames: new Outbox().take(), events: list });
  /** A state the map hands over (a trade's `save_now`: like a snapshot, the known state from then on). */
  const handOver = (map: number, session: number, state: CharacterRecord) => events(map, { t: "save_now", entries: [{ session, state }] });
  /** Logs a character in on `map` and reports it placed. */
  const place = async (session: number, state: CharacterRecord, map = 1) => {
    await world.enter(session, { ...state, position: { ...state.position, map } }, session);
    events(map, { t: "entered", session, map, x: 50, y: 50 });
  };
  const credits = (map: number) => hosts[map - 1]!.posted.filter((message) => message.t === "system" && message.message.kind === "credit");
  /** Bank gold to a player, as the bank service sends it (a refund with `refund`). */
  const credit = (session: number, amount: number, options: { refund?: boolean } = {}) => creditBank(world, session, amount, options);
  return { world, hosts, left, transfers, events, handOver, place, credits, credit };
}

const bank = (world: World, id: number) => world.knownState(id)?.bankGold;

describe("bank credits in the world's known states", () => {
  test("counted at once and sent to the owning map; a state the map hands over before it applied it keeps it; after the acknowledgement, not twice", async () => {
    const { world, events, handOver, place, credits, credit } = setup();
    const beto = character(2, "Beto", 10);
    await place(7, beto);
    expect(credit(7, 300)).toBe("ok");
    expect(bank(world, 2)).toBe(310);
    const [sent] = credits(1);
    expect(sent).toMatchObject({ t: "system", service: "bank", session: 7, message: { kind: "credit", amount: 300 } });
    handOver(1, 7, beto); // the map's state from before it had the credit
    expect(bank(world, 2)).toBe(310);
    events(1, { t: "delta_applied", session: 7, delta: sent!.t === "system" ? sent!.delta! : 0 });
    handOver(1, 7, { ...beto, bankGold: 310 });
    expect(bank(world, 2)).toBe(310);
    expect(world.playerNamed(" beTO ")).toEqual({ session: 7, characterId: 2 });
    expect(world.sessionOfCharacter(2)).toBe(7);
  });

  test("the player leaves before its map applied it: the final state carries it", async () => {
    const { events, place, left, credit } = setup();
    await place(7, character(2, "Beto", 10));
    credit(7, 300);
    events(1, { t: "left", session: 7, state: character(2, "Beto", 10), reason: "quit" });
    expect(left).toEqual([{ session: 7, state: expect.objectContaining({ bankGold: 310 }) }]);
  });

  test("the player steps to another map before its map applied it: the enter there carries it, and nothing is owed twice", async () => {
    const { world, hosts, events, place, credits, credit } = setup();
    const beto = character(2, "Beto", 10);
    await place(7, beto);
    credit(7, 300);
    const stepped = { ...beto, position: { ...beto.position, map: 2, x: 10, y: 10 } };
    events(1, { t: "transfer", session: 7, state: stepped, dest: { map: 2, x: 10, y: 10 }, cameFrom: { map: 1, x: 50, y: 50 } } as MapEvent);
    await Bun.sleep(0);
    const enter = hosts[1]!.posted.find((message) => message.t === "enter");
    expect(enter?.t === "enter" && enter.record.bankGold).toBe(310);
    // A credit sent while the player is between maps goes with the enter too (posted after it).
    credit(7, 5);
    events(2, { t: "entered", session: 7, map: 2, x: 10, y: 10 });
    expect(bank(world, 2)).toBe(315);
    const late = credits(2);
    expect(late).toHaveLength(1);
    events(2, { t: "delta_applied", session: 7, delta: late[0]!.t === "system" ? late[0]!.delta! : 0 });
    events(2, { t: "left", session: 7, state: { ...beto, bankGold: 315 }, reason: "quit" });
    expect(bank(world, 2)).toBeUndefined();
  });

  test("refused without changing anything: a login still placing the player, past a VB6 Long, nobody; a refund is never refused", async () => {
    const { world, credit } = setup();
    await world.enter(7, character(2, "Beto", 10), 7); // not placed yet
    expect(credit(7, 1)).toBe("logging_in");
    expect(credit(8, 1)).toBe("no_route");
    expect(bank(world, 2)).toBe(10);
    expect(credit(7, 1, { refund: true })).toBe("ok");
    expect(bank(world, 2)).toBe(11);
    const { credit: creditOther, place } = setup();
    await place(9, character(3, "Rico", MAX_LONG - 1));
    expect(creditOther(9, 2)).toBe("overflow");
    expect(creditOther(9, 1)).toBe("ok");
  });

  test("a bank transfer: the sender's debited state is taken (with what its map still owes it) and handed to the gateway in the same step; from a map the player left, ignored", async () => {
    const { world, events, place, transfers, credit } = setup();
    const ana = character(1, "Ana", 1_000);
    await place(5, ana);
    credit(5, 20); // a refund on its way to Ana's map
    events(1, { t: "service", service: "bank", session: 5, map: 1, state: { ...ana, bankGold: 700 }, message: { kind: "transfer", to: "Carla", amount: 300, banker: 4 } });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ session: 5, map: 1, message: { kind: "transfer", to: "Carla", amount: 300, banker: 4 } });
    expect(transfers[0]!.state!.bankGold).toBe(720);
    expect(bank(world, 1)).toBe(720);
    events(2, { t: "service", service: "bank", session: 5, map: 2, state: { ...ana, bankGold: 0 }, message: { kind: "transfer", to: "Carla", amount: 700, banker: 4 } });
    expect(transfers).toHaveLength(1);
    expect(bank(world, 1)).toBe(720);
  });

  test("answers reach the sender's map only while it is still there", async () => {
    const { world, hosts, place } = setup();
    await place(5, character(1, "Ana", 1_000));
    const answer = (session: number, map: number) => world.tell(session, "bank", { kind: "transfer_answer", banker: 4, answer: "done" }, { onMap: map });
    answer(5, 1);
    answer(5, 2);
    answer(6, 1);
    expect(hosts[0]!.posted.filter((message) => message.t === "system")).toEqual([{ t: "system", service: "bank", session: 5, map: 1, message: { kind: "transfer_answer", banker: 4, answer: "done" } }]);
    expect(hosts[1]!.posted.filter((message) => message.t === "system")).toEqual([]);
  });
});

// The recording host is shaped like the real one where the world touches it.
const _shape: Pick<MapWorkerHost, "post" | "isDead" | "maps" | "workerId"> = new RecordingHost(0);
void _shape;
