/** The browser's key ring and doors (issue 26): `UpdateUserKey` in the state, `UseKey` from the window, doors drawn open or shut. */
import { describe, expect, test } from "bun:test";
import { loggedInSession, serverBody } from "./client-fixtures.test-support.ts";
import { applyKeyRingSlot, keyRingRows } from "./key-ring-rules.ts";
import { objectLook } from "./procedural-art.ts";
import { buildWorldInfoJson, parseWorldInfo } from "./world-info.ts";

describe("the key ring in the state", () => {
  test("UpdateUserKey fills and empties slots 1..10; other slots are ignored (hostile input)", () => {
    const { session } = loggedInSession();
    session.receive(serverBody("UpdateUserKey", { slot: 2, key: 28 }), 0);
    session.receive(serverBody("UpdateUserKey", { slot: 10, key: 30 }), 0);
    session.receive(serverBody("UpdateUserKey", { slot: 11, key: 31 }), 0);
    session.receive(serverBody("UpdateUserKey", { slot: 0, key: 31 }), 0);
    session.receive(serverBody("UpdateUserKey", { slot: -3, key: 31 }), 0);
    expect(session.state.stats.keyRing).toEqual([0, 28, 0, 0, 0, 0, 0, 0, 0, 30]);
    session.receive(serverBody("UpdateUserKey", { slot: 2, key: 0 }), 0);
    session.receive(serverBody("UpdateUserKey", { slot: 10, key: -5 }), 0);
    expect(session.state.stats.keyRing).toEqual(new Array(10).fill(0));
  });

  test("the window's rows name the keys in slot order; an unknown object is #n", () => {
    const ring = new Array<number>(10).fill(0);
    applyKeyRingSlot(ring, 3, 28);
    applyKeyRingSlot(ring, 1, 99);
    expect(keyRingRows(ring, new Map([[28, "Llave de la casa del Telar"]]))).toEqual([
      { slot: 1, objIndex: 99, name: "#99" },
      { slot: 3, objIndex: 28, name: "Llave de la casa del Telar" },
    ]);
  });

  test("a key of the ring sends UseKey(slot); an empty or bad slot sends nothing", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    session.receive(serverBody("UpdateUserKey", { slot: 1, key: 28 }), 0);
    expect(session.useKey(1)).toBe(true);
    expect(session.useKey(2)).toBe(false);
    expect(session.useKey(11)).toBe(false);
    expect(transport.take().map((packet) => [packet.name, packet.fields])).toEqual([["UseKey", { slot: 1 }]]);
  });
});

describe("doors drawn open or shut", () => {
  test("the world info marks a door's open state; the look follows it", () => {
    const json = buildWorldInfoJson({
      name: "Prueba",
      homeCities: [],
      objects: [
        { id: 23, name: "Puerta abierta", objType: 6, closed: false },
        { id: 24, name: "Puerta cerrada", objType: 6, closed: true },
        { id: 28, name: "Llave", objType: 9 },
      ],
    });
    expect(json.objects.map((object) => object.doorOpen)).toEqual([true, undefined, undefined]);
    const info = parseWorldInfo(JSON.parse(JSON.stringify(json)));
    expect([...info.openDoors]).toEqual([23]);
    expect(objectLook(23, 6, info.openDoors.has(23)).shape).toBe("open-door");
    expect(objectLook(24, 6, info.openDoors.has(24)).shape).toBe("door");
  });
});
