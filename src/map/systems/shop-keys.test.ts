/**
 * KEY-SOLD-ONCE (issue 26, VB6 `Comercio`: a key bought is written out of the NPC's list): a
 * house key a shop sells is sold once; the list an empty shop reloads from no longer has it.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema } from "../../content/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import { summary, world } from "../map-harness.test-support.ts";

const KEY = 30;
const APPLE = 31;
const LOCKSMITH = 2;
const CATALOG = itemCatalogFromObjects([
  { id: KEY, name: "Llave de la casa", objType: ObjectType.Key, keyCode: 4, value: 300 },
  { id: APPLE, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: 12, name: "Monedas de Oro", objType: ObjectType.GoldCoin },
]);

function setUp(inventory: { objIndex: number; amount: number }[], twin = false) {
  const tables = GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: { declaredCount: 1, npcs: [{ id: LOCKSMITH, name: "Cerrajero", trades: true, tradeItemType: ObjectType.Any, inventory }] },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
  const w = world({ items: CATALOG, tables, npcs: [
      { npc: LOCKSMITH, name: "Cerrajero", x: 20, y: 20, body: 10, head: 0, heading: 3 },
      ...(twin ? [{ npc: LOCKSMITH, name: "Cerrajero", x: 30, y: 20, body: 10, head: 0, heading: 3 }] : []),
    ],
  });
  w.enter(1, "Ana", 20, 22, { with: { gold: 10_000 } });
  w.enter(2, "Beto", 21, 22, { with: { gold: 10_000 } });
  w.drain();
  return w;
}
type W = ReturnType<typeof setUp>;
let counter = 0;
const open = (w: W, session: number) => w.server.act(session, "LeftClick", { x: 20, y: 20, counter: ++counter });
const buy = (w: W, session: number, slot: number, amount: number) => w.server.act(session, "CommerceBuy", { slot, amount });
const stock = (w: W) => w.server.instance.shops().find((shop) => shop.npc === LOCKSMITH)!.slots;

describe("a house key in a shop (KEY-SOLD-ONCE)", () => {
  test("bought: the slot empties for every open window and the key is gone from the list, even when the emptied shop reloads it", () => {
    const w = setUp([{ objIndex: KEY, amount: 1 }]);
    open(w, 1);
    open(w, 2);
    w.drain();
    buy(w, 1, 1, 1);
    const out = w.drain();
    expect(out.filter((p) => p.session === 1).map(summary)).toEqual(["Slot 1: 30x1", "UpdateGold 9700", "NpcSlot 1: 0x0 @0"]);
    expect(out.filter((p) => p.session === 2).map(summary)).toEqual(["NpcSlot 1: 0x0 @0"]);
    // The only line was the key: the empty shop reloaded its list, which no longer has it.
    expect(stock(w)[0]).toEqual({ objectId: 0, amount: 0 });
    buy(w, 2, 1, 1);
    expect(w.drain().filter((p) => p.session === 2).map(summary)).toEqual([]);
  });

  test("a key among other lines: the others stay and refill as before; only the key's line goes", () => {
    const w = setUp([
      { objIndex: APPLE, amount: 5 },
      { objIndex: KEY, amount: 2 },
    ]);
    open(w, 1);
    w.drain();
    buy(w, 1, 2, 1);
    w.drain();
    expect(stock(w).slice(0, 2)).toEqual([
      { objectId: APPLE, amount: 5 },
      { objectId: KEY, amount: 1 },
    ]);
    buy(w, 1, 2, 1);
    buy(w, 1, 1, 5);
    w.drain();
    // Apples gone too: the empty shop reloads its list, apples and a gap where the key was.
    expect(stock(w).slice(0, 2)).toEqual([
      { objectId: APPLE, amount: 5 },
      { objectId: 0, amount: 0 },
    ]);
  });

  test("the map remembers what a trader of that npcs.dat number sold: another one (or the same after a respawn) no longer lists it when its window opens", () => {
    const w = setUp(
      [
        { objIndex: APPLE, amount: 5 },
        { objIndex: KEY, amount: 1 },
      ],
      true,
    );
    open(w, 1);
    w.drain();
    buy(w, 1, 2, 1);
    w.drain();
    w.enter(3, "Ceci", 30, 22, { with: { gold: 10_000 } });
    w.drain();
    w.server.act(3, "LeftClick", { x: 30, y: 20, counter: ++counter });
    const slots = w.drain().filter((p) => p.session === 3 && p.name === "ChangeNPCInventorySlot").map(summary);
    // The key's slot is empty (Q16 kept: an empty slot shows the price of the stocked slot before it).
    expect(slots.slice(0, 2)).toEqual(["NpcSlot 1: 31x5 @2", "NpcSlot 2: 0x0 @2"]);
  });
});
