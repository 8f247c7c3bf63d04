/**
 * Resting in the browser without a browser: `/DESCANSAR` sends `Rest`, `RestOK` flips the
 * "Descansando" mark, an arrow while resting asks once to stand up instead of walking (the stock
 * client's `WriteRest`), and the attack key does nothing while resting.
 */
import { describe, expect, test } from "bun:test";
import { Heading } from "../game/movement/index.ts";
import { statusMarks } from "./altered-states.ts";
import { loggedInSession, serverBody, START } from "./client-fixtures.test-support.ts";
import { ownChar } from "./game-state.ts";
import { isResting } from "./rest-rules.ts";

describe("resting by a campfire", () => {
  test("/DESCANSAR sends Rest; RestOK shows Descansando, the next RestOK hides it", () => {
    const { session, transport } = loggedInSession();
    session.chat("/DESCANSAR", 0);
    expect(transport.take().map((p) => p.name)).toEqual(["Rest"]);
    expect(isResting(session.state)).toBe(false);
    session.receive(serverBody("RestOK", {}), 10);
    expect(isResting(session.state)).toBe(true);
    expect(statusMarks(session.state, 10).map((m) => m.kind)).toEqual(["resting"]);
    session.receive(serverBody("RestOK", {}), 20);
    expect(statusMarks(session.state, 20)).toEqual([]);
  });

  test("an arrow while resting sends Rest once and does not walk; after the RestOK it walks", () => {
    const { session, transport } = loggedInSession();
    session.receive(serverBody("RestOK", {}), 0);
    transport.take();
    session.tick(1_000, Heading.East);
    session.tick(2_000, Heading.East);
    expect(transport.take().map((p) => p.name)).toEqual(["Rest"]);
    expect(ownChar(session.state)).toMatchObject(START);
    session.receive(serverBody("RestOK", {}), 2_100);
    session.tick(3_000, Heading.East);
    expect(transport.take().map((p) => p.name)).toEqual(["Walk"]);
  });

  test("the attack key does nothing while resting", () => {
    const { session, transport } = loggedInSession();
    session.receive(serverBody("RestOK", {}), 0);
    transport.take();
    expect(session.attack(5_000)).toEqual({ ok: false, reason: "resting" });
    expect(transport.take()).toEqual([]);
  });
});
