/**
 * Doors and keys (issue 26) through `MapInstance.handle` with real packet bodies: a left click
 * opens and closes a door (the tile's object, its direction bits for the whole map, the wave), a
 * locked door refuses, an inventory key or the ring's (`UseKey`) unlocks and locks, a house key
 * goes onto the ring (KEY-RING-FILL), a full ring, the ring at login and the changed doors'
 * bits for a newcomer.
 */
import { describe, expect, test } from "bun:test";
import type { CharacterRecord } from "../../game/character/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import { NO_ENTRY_MOVING_NORTH as N, NO_ENTRY_MOVING_SOUTH as S, summary, TEST_ITEMS as O, world, type Received } from "../map-harness.test-support.ts";

const D = {
  doorOpen: 50,
  doorClosed: 51,
  houseOpen: 52,
  houseClosed: 53,
  houseLocked: 54,
  houseKey: 55,
  otherHouseKey: 56,
  vaultOpen: 57,
  vaultClosed: 58,
  vaultLocked: 59,
  vaultKey: 60,
  wrongVaultKey: 61,
} as const;
const door = (id: number, name: string, closed: boolean, locked: boolean, keyCode: number, states: [number, number, number]) => ({
  id,
  name,
  objType: ObjectType.Door,
  fixedInPlace: true,
  closed,
  locked,
  keyCode,
  openIndex: states[0],
  closedIndex: states[1],
  lockedIndex: states[2],
});
const PLAIN: [number, number, number] = [D.doorOpen, D.doorClosed, D.doorClosed];
const HOUSE: [number, number, number] = [D.houseOpen, D.houseClosed, D.houseLocked];
const VAULT: [number, number, number] = [D.vaultOpen, D.vaultClosed, D.vaultLocked];
/** Ten more house keys, to fill a ring. */
const FILLERS = Array.from({ length: 10 }, (_, i) => 70 + i);
const CATALOG = itemCatalogFromObjects([
  { id: O.apple, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  door(D.doorOpen, "Puerta abierta", false, false, 0, PLAIN),
  door(D.doorClosed, "Puerta cerrada", true, false, 0, PLAIN),
  door(D.houseOpen, "Puerta abierta", false, false, 5, HOUSE),
  door(D.houseClosed, "Puerta cerrada", true, false, 5, HOUSE),
  door(D.houseLocked, "Puerta cerrada con llave", true, true, 5, HOUSE),
  { id: D.houseKey, name: "Llave de la casa", objType: ObjectType.Key, keyCode: 5 },
  { id: D.otherHouseKey, name: "Llave de otra casa", objType: ObjectType.Key, keyCode: 6 },
  door(D.vaultOpen, "Reja abierta", false, false, 1500, VAULT),
  door(D.vaultClosed, "Reja cerrada", true, false, 1500, VAULT),
  door(D.vaultLocked, "Reja cerrada con llave", true, true, 1500, VAULT),
  { id: D.vaultKey, name: "Llave de la bóveda", objType: ObjectType.Key, keyCode: 1500 },
  { id: D.wrongVaultKey, name: "Llave de la prisión", objType: ObjectType.Key, keyCode: 1501 },
  ...FILLERS.map((id, i) => ({ id, name: `Llave ${i}`, objType: ObjectType.Key, keyCode: 100 + i })),
]);

/** A closed two-tile door's bits (`Subtipo` 0) on (x-1..x, y) north and (x-1..x, y+1) south. */
const doorWalls = (x: number, y: number): [number, number, number][] => [
  [x, y, N],
  [x - 1, y, N],
  [x, y + 1, S],
  [x - 1, y + 1, S],
];
const PLAIN_AT = { x: 10, y: 10 } as const;
const HOUSE_AT = { x: 20, y: 10 } as const;
const VAULT_AT = { x: 30, y: 10 } as const;

function setUp(record: Partial<CharacterRecord> = {}, at: [number, number] = [10, 12]) {
  const w = world({
    items: CATALOG,
    walls: [...doorWalls(PLAIN_AT.x, PLAIN_AT.y), ...doorWalls(HOUSE_AT.x, HOUSE_AT.y), ...doorWalls(VAULT_AT.x, VAULT_AT.y)],
    objects: [
      { ...PLAIN_AT, obj: D.doorClosed, amount: 1 },
      { ...HOUSE_AT, obj: D.houseLocked, amount: 1 },
      { ...VAULT_AT, obj: D.vaultLocked, amount: 1 },
    ],
  });
  w.enter(1, "Ana", at[0], at[1], { with: record });
  w.drain();
  return w;
}
type W = ReturnType<typeof setUp>;

let counter = 0;
const click = (w: W, x: number, y: number, session = 1) => w.server.act(session, "LeftClick", { x, y, counter: ++counter });
const useKey = (w: W, slot: number, session = 1) => w.server.act(session, "UseKey", { slot });
const useItem = (w: W, slot: number, session = 1) => w.server.act(session, "UseItem", { slot, fromInventoryTab: 1, counter: ++counter });
const mine = (packets: Received[], session = 1) => packets.filter((p) => p.session === session && p.name !== "UpdateSta").map(summary);
const position = (w: W, session = 1) => {
  const entry = w.server.snapshot().find((e) => e.session === session)!;
  return [entry.state.position.x, entry.state.position.y];
};
const keyRing = (w: W, session = 1) => w.server.snapshot().find((e) => e.session === session)!.state.keyRing;
const inventorySlot = (objectId: number, amount = 1) => [{ slot: 1, objectId, amount, equipped: false }];
/** The U key's interval (VB6 `IntervaloUserPuedeUsarU`) between two uses. */
const AFTER_INTERVAL = 1000;

describe("a click on a door (HandleDoorAction)", () => {
  test("a closed door opens: its look line, BlockPosition for its four tiles to the whole map, ObjectCreate with the open door, the door's wave; then one walks through", () => {
    const w = setUp();
    w.enter(2, "Beto", 35, 35);
    w.drain();
    w.server.walk(1, 1);
    w.drain();
    expect(position(w)).toEqual([10, 11]);
    w.advance(1000);
    w.server.walk(1, 1);
    w.drain();
    // Shut: (10, 10) cannot be entered moving north.
    expect(position(w)).toEqual([10, 11]);
    // A click on the door straight above does nothing (VB6 kept: the clicker's own char stands
    // just below, and `HandleLeftClick` takes it for a click on a char); the door's left half answers.
    click(w, 10, 10);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] O*51*"]);
    click(w, 9, 10);
    const out = w.drain();
    expect(mine(out)).toEqual([
      "ConsoleMsg[3] O*51*",
      "BlockPosition (10,10) 0",
      "BlockPosition (9,10) 0",
      "BlockPosition (10,11) 0",
      "BlockPosition (9,11) 0",
      "ObjectCreate 50x1 (10,10)",
      "PlayWave 5",
    ]);
    // Everyone on the map reads the new bits (VB6 `SendData(toMap)`), though Beto is far away.
    expect(mine(out, 2)).toEqual(["BlockPosition (10,10) 0", "BlockPosition (9,10) 0", "BlockPosition (10,11) 0", "BlockPosition (9,11) 0"]);
    w.advance(1000);
    w.server.walk(1, 1);
    w.drain();
    expect(position(w)).toEqual([10, 10]);
  });

  test("an open door closes: the closed door, the bits back (north on its row, south below), and the way is shut", () => {
    const w = setUp();
    click(w, 10, 10);
    w.drain();
    click(w, 10, 10);
    expect(mine(w.drain())).toEqual([
      "ConsoleMsg[3] O*50*",
      "BlockPosition (10,10) 1",
      "BlockPosition (9,10) 1",
      "BlockPosition (10,11) 4",
      "BlockPosition (9,11) 4",
      "ObjectCreate 51x1 (10,10)",
      "PlayWave 5",
    ]);
    w.server.walk(1, 1);
    w.advance(1000);
    w.server.walk(1, 1);
    w.drain();
    expect(position(w)).toEqual([10, 11]);
  });

  test("a click on the tile left of the door (or above it) reaches it too (TryHandleMultiTileObjectWorldAction)", () => {
    const w = setUp();
    click(w, 9, 10);
    expect(mine(w.drain())).toContain("ObjectCreate 50x1 (10,10)");
  });

  test("farther than 2 tiles: Msg8, nothing changes", () => {
    const w = setUp({}, [10, 13]);
    click(w, 10, 10);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] O*51*", "LocaleMsg[3] 8 "]);
  });

  test("a locked door: Msg1074, nothing changes", () => {
    const w = setUp({}, [20, 12]);
    click(w, 20, 10);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] O*54*", "LocaleMsg[3] 1074 "]);
  });

  test("a newcomer to the map gets the bits of the doors changed since it loaded; the ring's keys at login", () => {
    const w = setUp();
    click(w, 10, 10);
    w.drain();
    w.enter(2, "Beto", 30, 30, { with: { keyRing: [0, D.houseKey] } });
    const out = mine(w.drain(), 2);
    expect(out.filter((line) => line.startsWith("BlockPosition") || line.startsWith("UpdateUserKey"))).toEqual([
      "UpdateUserKey 2: 55",
      "BlockPosition (10,10) 0",
      "BlockPosition (9,10) 0",
      "BlockPosition (10,11) 0",
      "BlockPosition (9,11) 0",
    ]);
  });
});

describe("the key ring (UseKey, and a house key used from the inventory)", () => {
  test("a house key used from the inventory goes onto the ring's first free slot (KEY-RING-FILL): the slot empties, UpdateUserKey, our line", () => {
    const w = setUp({ inventory: inventorySlot(D.houseKey), keyRing: [D.otherHouseKey] }, [20, 12]);
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["Slot 1: 0x0", "UpdateUserKey 2: 55", "ConsoleMsg[3] La llave pasa a tu llavero (lugar 2)."]);
    expect(keyRing(w)).toEqual([D.otherHouseKey, D.houseKey, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  test("a full ring (10 keys): said, the key stays in the inventory; a key already on it: said", () => {
    const w = setUp({ inventory: inventorySlot(D.houseKey), keyRing: FILLERS });
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] Tu llavero está lleno: tiene lugar para 10 llaves."]);
    const again = setUp({ inventory: inventorySlot(D.houseKey), keyRing: [D.houseKey] });
    useItem(again, 1);
    expect(mine(again.drain())).toEqual(["ConsoleMsg[3] Esa llave ya está en tu llavero."]);
  });

  test("UseKey on the locked house door: Msg897 (unlocked, still closed: no packet to anyone), a click opens it; UseKey on the open door: Msg901", () => {
    const w = setUp({ keyRing: [D.houseKey] }, [20, 12]);
    click(w, 20, 10);
    w.drain();
    useKey(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 897 "]);
    click(w, 20, 10);
    expect(mine(w.drain())).toContain("ObjectCreate 52x1 (20,10)");
    w.advance(AFTER_INTERVAL);
    useKey(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 901 "]);
  });

  test("UseKey on the closed, unlocked door locks it (Msg899): the next click says Msg1074", () => {
    const w = setUp({ keyRing: [D.houseKey] }, [20, 12]);
    click(w, 20, 10);
    useKey(w, 1);
    w.advance(AFTER_INTERVAL);
    useKey(w, 1);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] O*54*", "LocaleMsg[3] 1074 ", "LocaleMsg[3] 897 ", "LocaleMsg[3] 899 "]);
    click(w, 20, 10);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] O*54*", "LocaleMsg[3] 1074 "]);
  });

  test("the wrong key: Msg898; an empty or bad slot, no door looked at, or within the U key's interval: nothing", () => {
    const w = setUp({ keyRing: [D.otherHouseKey, 0, D.houseKey] }, [20, 12]);
    useKey(w, 3);
    expect(w.drain()).toEqual([]);
    w.advance(AFTER_INTERVAL);
    click(w, 20, 10);
    w.drain();
    useKey(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 898 "]);
    w.advance(AFTER_INTERVAL);
    for (const slot of [0, 2, 11, 255]) {
      useKey(w, slot);
      w.advance(AFTER_INTERVAL);
    }
    useKey(w, 3);
    useKey(w, 3);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 897 "]);
  });
});

describe("a key used from the inventory (UseInvItem, otKeys)", () => {
  test("the vault key (Clave 1500) on its locked door: Msg897, then the door opens with a click; closed again, the key locks it: Msg899", () => {
    const w = setUp({ inventory: inventorySlot(D.vaultKey) }, [30, 12]);
    click(w, 30, 10);
    w.drain();
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 897 "]);
    click(w, 30, 10);
    expect(mine(w.drain())).toContain("ObjectCreate 57x1 (30,10)");
    click(w, 30, 10);
    w.drain();
    w.advance(AFTER_INTERVAL);
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 899 "]);
  });

  test("the wrong key: Msg898 on a locked door, Msg900 on a closed one; a door below Clave 1000: Msg896; an open door: Msg901; a ghost: Msg895", () => {
    const w = setUp({ inventory: [...inventorySlot(D.wrongVaultKey), { slot: 2, objectId: D.vaultKey, amount: 1, equipped: false }] }, [30, 12]);
    click(w, 30, 10);
    w.drain();
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 898 "]);
    w.advance(AFTER_INTERVAL);
    useItem(w, 2);
    w.drain();
    w.advance(AFTER_INTERVAL);
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 900 "]);
    click(w, 30, 10);
    w.drain();
    w.advance(AFTER_INTERVAL);
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["LocaleMsg[3] 901 "]);
    const plain = setUp({ inventory: inventorySlot(D.vaultKey) });
    click(plain, 10, 10);
    plain.drain();
    useItem(plain, 1);
    expect(mine(plain.drain())).toEqual(["LocaleMsg[3] 896 "]);
    const ghost = setUp({ inventory: inventorySlot(D.vaultKey), vitals: { hp: 0, maxHp: 20, mana: 0, maxMana: 0, stamina: 0, maxStamina: 20, food: 100, water: 100 } }, [30, 12]);
    useItem(ghost, 1);
    expect(mine(ghost.drain())).toEqual(["LocaleMsg[3] 895 "]);
  });

  test("a house key is never used on its door from the inventory: it goes onto the ring (KEY-RING-FILL)", () => {
    const w = setUp({ inventory: inventorySlot(D.houseKey) }, [20, 12]);
    click(w, 20, 10);
    w.drain();
    useItem(w, 1);
    expect(mine(w.drain())).toEqual(["Slot 1: 0x0", "UpdateUserKey 1: 55", "ConsoleMsg[3] La llave pasa a tu llavero (lugar 1)."]);
  });
});
