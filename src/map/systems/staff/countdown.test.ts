/**
 * `/CR segundos` on a map (gm-and-moderation §2.2, VB6 `HandleCuentaRegresiva`): Msg1689 for
 * everyone, Msg1655 each second and Msg1656 at the end over the bus; the players within 12 × 10
 * tiles of the GM held for the countdown (InmovilizadoOK, PosUpdate; a step refused), the GM and
 * those farther away free; a second /CR replaces the first; /CR 0 starts nothing; no attack.
 */
import { describe, expect, test } from "bun:test";
import { LocaleId } from "../../../game/messages/index.ts";
import { secondsCounterMs } from "../../../game/spells/index.ts";
import { world } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";

const EAST = 2;

function countdownWorld() {
  const w = world({ safe: false, width: 60, height: 60 });
  w.enter(1, "Gm", 20, 20, { with: { staff: { rank: "consejero", roleMaster: false } } });
  w.enter(2, "Cerca", 32, 20);
  w.enter(3, "Abajo", 20, 30);
  w.enter(4, "Lejos", 33, 20);
  w.drain();
  w.events.length = 0;
  return w;
}

const published = (w: ReturnType<typeof countdownWorld>) =>
  w.bus.published.map((message) => (message.kind === "line_all" && message.message.kind === "locale" ? `${message.message.id}:${message.message.params}` : message.kind));

function audits(events: MapEvent[]) {
  return events.flatMap((event) => (event.t === "service" && event.message.kind === "audit" ? [`${event.message.record.action} ${event.message.record.outcome}${event.message.record.detail ? ` ${event.message.record.detail}` : ""}`] : []));
}

describe("/CR, the staff's countdown", () => {
  test("the lines each second, the square held for the countdown and free after it; the GM and the far player walk", () => {
    const w = countdownWorld();
    w.server.act(1, "CuentaRegresiva", { seconds: 3 });
    expect(published(w)).toEqual([`${LocaleId.CountdownStarts}:3`]);
    const held = w.drain();
    for (const session of [2, 3]) expect(held.filter((p) => p.session === session).map((p) => p.name)).toEqual(["InmovilizadoOK", "PosUpdate"]);
    expect(held.filter((p) => p.session === 1 || p.session === 4)).toEqual([]);

    // Held: a step is refused (PosUpdate back); the GM and the far player move.
    w.server.walk(2, EAST);
    w.server.walk(1, EAST);
    w.server.walk(4, EAST);
    expect(w.server.positionOf(2)).toMatchObject({ x: 32, y: 20 });
    expect(w.server.positionOf(1)).toMatchObject({ x: 21, y: 20 });
    expect(w.server.positionOf(4)).toMatchObject({ x: 34, y: 20 });

    for (let second = 0; second < 3; second++) w.advance(1_000);
    expect(published(w)).toEqual([`${LocaleId.CountdownStarts}:3`, `${LocaleId.CountdownSeconds}:2`, `${LocaleId.CountdownSeconds}:1`, `${LocaleId.CountdownGo}:`]);
    w.advance(5_000);
    expect(published(w)).toHaveLength(4);

    // The hold is VB6's seconds counter, then the players walk again.
    w.advance(secondsCounterMs(3));
    w.drain();
    w.server.walk(2, EAST);
    expect(w.server.positionOf(2)).toMatchObject({ x: 33, y: 20 });
    expect(audits(w.events)).toEqual(["CuentaRegresiva ok"]);
    // Nobody was attacked: no criminal mark, no combat with the GM.
    expect(w.events.filter((event) => event.t !== "service")).toEqual([]);
  });

  test("a second /CR replaces the first; /CR 0 starts nothing and is audited as refused", () => {
    const w = countdownWorld();
    w.server.act(1, "CuentaRegresiva", { seconds: 5 });
    w.advance(1_000);
    w.server.act(1, "CuentaRegresiva", { seconds: 2 });
    w.advance(1_000);
    w.advance(1_000);
    w.advance(3_000);
    expect(published(w)).toEqual([`${LocaleId.CountdownStarts}:5`, `${LocaleId.CountdownSeconds}:4`, `${LocaleId.CountdownStarts}:2`, `${LocaleId.CountdownSeconds}:1`, `${LocaleId.CountdownGo}:`]);
    w.bus.published.length = 0;
    w.server.act(1, "CuentaRegresiva", { seconds: 0 });
    w.advance(2_000);
    expect(w.bus.published).toEqual([]);
    expect(audits(w.events)).toEqual(["CuentaRegresiva ok", "CuentaRegresiva ok", "CuentaRegresiva refused_rule zero_seconds"]);
  });

  test("a player sending /CR changes nothing and is audited refused_rank", () => {
    const w = countdownWorld();
    w.server.act(2, "CuentaRegresiva", { seconds: 9 });
    w.advance(2_000);
    expect(w.bus.published).toEqual([]);
    expect(w.drain().filter((p) => p.name === "InmovilizadoOK")).toEqual([]);
    expect(audits(w.events)).toEqual(["CuentaRegresiva refused_rank"]);
  });
});
