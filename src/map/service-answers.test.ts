/**
 * What a map does with a main-thread service's message (`MapInstance.fromWorld`), whatever the
 * service: it reaches the service's system only for a player standing here (and on `map` when
 * the message names one), and a delta is acknowledged once, after its handler ran, and never for
 * a player who is not here. The bank's credit is the delta used; its own rules are in
 * systems/bank.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { itemCatalogFromObjects } from "../game/items/index.ts";
import { SeededRandom } from "../random/index.ts";
import { ManualClock } from "../time/index.ts";
import { RecordingBus } from "./cross-map-bus.ts";
import { newOccupancyBuffer } from "./map-definition.ts";
import type { MapEvent } from "./map-events.ts";
import { MAP_ID, world } from "./map-harness.test-support.ts";
import { MapInstance } from "./map-instance.ts";
import { Outbox } from "./outbox.ts";
import { createMapPackets } from "./protocol-packets.ts";
import type { ServiceAnswerTable } from "./handlers.ts";
import type { SystemMessage } from "./worker-protocol.ts";

const credit = (session: number, amount: number, extra: Partial<Pick<SystemMessage, "map" | "delta">> = {}): SystemMessage => ({
  t: "system",
  service: "bank",
  session,
  message: { kind: "credit", amount },
  ...extra,
});
const bankGold = (w: ReturnType<typeof world>, session: number) => w.server.snapshot().find((entry) => entry.session === session)?.state.bankGold;

describe("a service's message on the map", () => {
  test("a delta for a player here: handled, then acknowledged once with its id", () => {
    const w = world();
    w.enter(1, "Ana", 20, 20, { with: { bankGold: 10 } });
    const before = w.events.length;
    w.server.instance.fromWorld(credit(1, 5, { delta: 7 }));
    expect(bankGold(w, 1)).toBe(15);
    expect(w.events.slice(before)).toEqual([{ t: "delta_applied", session: 1, delta: 7 }]);
  });

  test("without a delta: handled, nothing acknowledged", () => {
    const w = world();
    w.enter(1, "Ana", 20, 20, { with: { bankGold: 10 } });
    const before = w.events.length;
    w.server.instance.fromWorld(credit(1, 5));
    expect(bankGold(w, 1)).toBe(15);
    expect(w.events.slice(before)).toEqual([]);
  });

  test("for a player not here, or restricted to another map: dropped, with no acknowledgement", () => {
    const w = world();
    w.enter(1, "Ana", 20, 20, { with: { bankGold: 10 } });
    const before = w.events.length;
    w.server.instance.fromWorld(credit(2, 5, { delta: 8 }));
    w.server.instance.fromWorld(credit(1, 5, { delta: 9, map: MAP_ID + 1 }));
    expect(bankGold(w, 1)).toBe(10);
    expect(w.events.slice(before)).toEqual([]);
    w.server.instance.fromWorld(credit(1, 5, { delta: 10, map: MAP_ID }));
    expect(bankGold(w, 1)).toBe(15);
    expect(w.events.slice(before)).toEqual([{ t: "delta_applied", session: 1, delta: 10 }]);
    expect(w.faults).toEqual([]);
  });
});

/**
 * A map whose bank answers go to `answers` (a stand-in system), with Ana (session 1) on it: what
 * the generic path does around a handler that emits events or throws.
 */
function mapWith(answers: Pick<ServiceAnswerTable, "bank">) {
  const { definition } = world();
  const events: MapEvent[] = [];
  const clock = new ManualClock({ startMs: 0 });
  const instance = new MapInstance(
    { ...definition, occupancy: newOccupancyBuffer(definition.width, definition.height) },
    {
      packets: createMapPackets(),
      outbox: new Outbox(),
      emit: (event) => events.push(event),
      aoiMode: "grid",
      tables: null,
      items: itemCatalogFromObjects([]),
      nakedBodies: null,
      clock,
      timers: clock.timers,
      random: SeededRandom.create(1),
      bus: new RecordingBus(),
      rules: { motd: [], globalChat: false, globalChatIntervalMs: 5_000 },
      onlineCount: () => 1,
      timeOfDayMs: () => 0,
      uptimeMs: () => 0,
      onHandlerFault: () => {},
      serviceAnswers: { staff: () => {}, ...answers },
    },
  );
  const ana = testCharacter(1, { name: "Ana", bankGold: 10, position: { map: definition.id, x: 20, y: 20, heading: 3 } });
  instance.enter({ session: 1, record: ana, kind: "login", userSlot: 1 });
  events.length = 0;
  return { instance, events };
}

describe("the acknowledgement around the handler", () => {
  test("it comes before what the handler emitted: a state the handler hands over has the change, and the world must not add it again", () => {
    const { instance, events } = mapWith({
      bank: (ctx, player, message) => {
        if (message.kind === "credit") player.record.bankGold += message.amount;
        ctx.emit({ t: "save_now", entries: [{ session: player.session, state: ctx.store.recordOf(player) }] });
        ctx.ask("bank", player, { kind: "load", character: player.record.id });
      },
    });
    instance.fromWorld(credit(1, 5, { delta: 3 }));
    expect(events.map((event) => event.t)).toEqual(["delta_applied", "save_now", "service"]);
    expect(events[1]!.t === "save_now" && events[1]!.entries[0]!.state.bankGold).toBe(15);
  });

  test("a handler that throws acknowledges nothing (the world keeps adding the change to what the map hands over); what it emitted before the throw still goes", () => {
    let broken = true;
    const { instance, events } = mapWith({
      bank: (ctx, player) => {
        ctx.ask("bank", player, { kind: "load", character: player.record.id });
        if (broken) {
          broken = false;
          throw new Error("broken system");
        }
      },
    });
    const asked: MapEvent = { t: "service", service: "bank", session: 1, map: MAP_ID, message: { kind: "load", character: 1 } };
    expect(() => instance.fromWorld(credit(1, 5, { delta: 4 }))).toThrow("broken system");
    expect(events).toEqual([asked]);
    // The map goes on: the next message is acknowledged as usual, and its events follow again.
    instance.fromWorld(credit(1, 5, { delta: 5 }));
    expect(events).toEqual([asked, { t: "delta_applied", session: 1, delta: 5 }, asked]);
    instance.fromWorld(credit(1, 5));
    expect(events).toEqual([asked, { t: "delta_applied", session: 1, delta: 5 }, asked, asked]);
  });
});
