/**
 * The shop stock rules on their own (items-and-economy §7.2–§7.5): what the map tests do not
 * reach easily — crucial objects the NPC does not list, gap lines and `InvReSpawn`, where sold
 * units go, the Q20 window, the Q16 price carry-over.
 */
import { describe, expect, test } from "bun:test";
import { emptyInventory, putItem } from "../inventory/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../items/index.ts";
import {
  buyFromShop,
  openShopStock,
  putIntoStock,
  restock,
  sellToShop,
  shopBuying,
  shopSlotViews,
  takeFromStock,
  type ShopStock,
  type ShopTemplate,
} from "./shop.ts";

const POTION = 38; // crucial
const SWORD = 2; // not crucial
const GEM = 45; // crucial, never listed
const catalog = itemCatalogFromObjects([
  { id: POTION, objType: ObjectType.Potion, value: 2, crucial: 1 },
  { id: SWORD, objType: ObjectType.Weapon, value: 350 },
  { id: GEM, objType: ObjectType.Material, value: 7, crucial: 1 },
]);

const template = (lines: [number, number][], noRestock = false): ShopTemplate => ({
  lines: lines.map(([objectId, amount]) => ({ objectId, amount })),
  buysType: ObjectType.Potion,
  noRestock,
});
const withSlot = (stock: ShopStock, slot: number, objectId: number, amount: number): ShopStock => {
  const slots = [...stock.slots];
  slots[slot - 1] = { objectId, amount };
  return { slots };
};

describe("stock", () => {
  test("42 slots from the lines; a gap line is an empty slot; negative amounts read as 0", () => {
    const stock = openShopStock(template([[POTION, 10], [0, 0], [SWORD, -4]]));
    expect(stock.slots).toHaveLength(42);
    expect(stock.slots.slice(0, 4)).toEqual([
      { objectId: POTION, amount: 10 },
      { objectId: 0, amount: 0 },
      { objectId: SWORD, amount: 0 },
      { objectId: 0, amount: 0 },
    ]);
  });

  test("a crucial object the NPC does not list is clamped to its stock and not refilled", () => {
    const t = template([[SWORD, 5]]);
    const stock = withSlot(openShopStock(t), 7, GEM, 3);
    const inventory = { ...emptyInventory(), gold: 1000 };
    const outcome = buyFromShop(inventory, stock, t, 7, 10, { tradeSkill: 0 }, catalog);
    expect(outcome).toMatchObject({ ok: true, amount: 3, price: 21, stockEvent: "none", stockChanged: [7] });
    if (outcome.ok) expect(outcome.stock.slots[6]).toEqual({ objectId: 0, amount: 0 });
  });

  test("Q1 fixed: a shop whose list has a gap restocks when everything is sold; InvReSpawn=1 stays empty", () => {
    const t = template([[SWORD, 1], [0, 0]]);
    const taken = takeFromStock(openShopStock(t), t, 1, 1, catalog);
    expect(taken.event).toBe("restocked");
    expect(taken.stock.slots[0]).toEqual({ objectId: SWORD, amount: 1 });
    const never = template([[SWORD, 1]], true);
    const left = takeFromStock(openShopStock(never), never, 1, 1, catalog);
    expect(left.event).toBe("none");
    expect(left.stock.slots.every((slot) => slot.objectId === 0)).toBe(true);
  });

  test("a restock overwrites the listed slots and keeps what players sold into later ones", () => {
    const t = template([[SWORD, 2]]);
    const stock = withSlot(withSlot(openShopStock(t), 1, 0, 0), 9, GEM, 4);
    expect(restock(stock, t).slots[0]).toEqual({ objectId: SWORD, amount: 2 });
    expect(restock(stock, t).slots[8]).toEqual({ objectId: GEM, amount: 4 });
  });

  test("sold units: the first matching slot with room (capped at 10000); all full → lost; else the first empty slot", () => {
    const t = template([[POTION, 9_998], [POTION, 10_000]]);
    const stock = openShopStock(t);
    expect(putIntoStock(stock, POTION, 5)).toMatchObject({ slot: 1 });
    expect(putIntoStock(stock, POTION, 5).stock.slots[0]).toEqual({ objectId: POTION, amount: 10_000 });
    const full = withSlot(stock, 1, POTION, 10_000);
    expect(putIntoStock(full, POTION, 5)).toEqual({ stock: full, slot: 0 });
    expect(putIntoStock(full, SWORD, 1).slot).toBe(3);
  });

  test("Q20: off-type objects are bought back only from the first NroItems (occupied-slot count) slots", () => {
    const t = { ...template([[POTION, 1]]), buysType: ObjectType.Potion };
    const stock = withSlot(openShopStock(t), 5, SWORD, 1); // 2 occupied slots: the window is slots 1–2
    expect(shopBuying(t, stock).stockedObjects).toEqual([POTION]);
    let inventory = { ...emptyInventory(), gold: 0 };
    const put = putItem(inventory, { objectId: SWORD, amount: 1 }, catalog);
    if (put.ok) inventory = put.inventory;
    const outcome = sellToShop(inventory, stock, t, 1, 1, { seller: { class: 1, level: 1 }, catalog });
    expect(outcome).toEqual({ ok: false, reason: "not_interested" });
  });

  test("Q16: the full view repeats the last price on empty slots", () => {
    const t = template([[SWORD, 1], [0, 0], [POTION, 3]]);
    const views = shopSlotViews(openShopStock(t), catalog, 0, () => 0);
    expect(views.slice(0, 4).map((view) => view.price)).toEqual([350, 350, 2, 2]);
  });
});
