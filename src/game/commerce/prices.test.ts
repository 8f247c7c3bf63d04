/**
 * The §7.6 price formulas, with the worked examples of items-and-economy §11.1 (buying a red
 * potion at level 1) and §11.2 (selling it back) on the real 2024 data: shared `ao20/Dat/obj.dat`
 * and `npcs.dat` (fernesitto/Argentum-20 @4d6913b). "Today's" numbers use object 38 as
 * ao-org/Recursos @043cdf2 has it (`Valor=18`), built inline.
 */
import { describe, expect, test } from "bun:test";
import { parseNpcsDat, parseObjectsDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { CharacterClass, itemCatalog, itemCatalogFromObjects, ObjectType, type ItemCatalog } from "../items/index.ts";
import {
  buyPrice,
  capGold,
  checkBuyAmount,
  commerceDiscount,
  saleDivisor,
  saleIncome,
  salePrice,
  saleRefusal,
  shownBuyPrice,
  vbCeil,
} from "./prices.ts";

const OBJ_2024 = "ao20/Dat/obj.dat";
const NPCS_2024 = "ao20/Dat/npcs.dat";
const ready = requireSharedData(OBJ_2024, NPCS_2024);

const RED_POTION = 38;
const WORKER = CharacterClass.Worker;
const WARRIOR = 3;

describe("formulas", () => {
  test("VB6 Ceil truncates towards zero before adding one", () => {
    expect([vbCeil(1.2), vbCeil(2), vbCeil(-1.5), vbCeil(0)]).toEqual([2, 2, 0, 0]);
  });

  test("the discount is a Single: skill 10 gives f32(1.1)", () => {
    expect(commerceDiscount(0)).toBe(1);
    expect(commerceDiscount(10)).toBe(1.100000023841858);
    expect(commerceDiscount(100)).toBe(2); // the best discount halves the price
  });

  test("the sale divisor: 3, or max(2, 3 − level × 0.025) for workers with the toggle on", () => {
    expect(saleDivisor(undefined)).toBe(3);
    expect(saleDivisor({ class: WARRIOR, level: 40 })).toBe(3);
    expect(saleDivisor({ class: WORKER, level: 1 })).toBe(2.975);
    expect(saleDivisor({ class: WORKER, level: 39 })).toBeCloseTo(2.025, 12);
    expect(saleDivisor({ class: WORKER, level: 40 })).toBe(2);
    expect(saleDivisor({ class: WORKER, level: 47 })).toBe(2);
    expect(saleDivisor({ class: WORKER, level: 40 }, { destroyNpcBoughtItems: false })).toBe(3);
  });

  test("gold caps and purchase sizes (Q17 fixed: refused, not banned)", () => {
    expect(capGold(90_000_001)).toBe(90_000_000);
    expect(capGold(5)).toBe(5);
    expect([checkBuyAmount(1), checkBuyAmount(10_000), checkBuyAmount(10_001), checkBuyAmount(0), checkBuyAmount(-3), checkBuyAmount(1.5)]).toEqual([
      "ok",
      "ok",
      "too_many",
      "invalid_amount",
      "invalid_amount",
      "invalid_amount",
    ]);
  });

  test("newbie items and unknown objects sell for 0", () => {
    const catalog = itemCatalogFromObjects([{ id: 1, objType: ObjectType.Weapon, value: 300, newbie: true }]);
    expect(salePrice(catalog.get(1))).toBe(0);
    expect(salePrice(catalog.get(2))).toBe(0);
  });

  test("today's red potion (Valor=18) sells for 6 gold", () => {
    const today = itemCatalogFromObjects([{ id: RED_POTION, objType: ObjectType.Potion, potionType: 3, value: 18 }]);
    expect(salePrice(today.get(RED_POTION))).toBe(6);
    expect(saleIncome(salePrice(today.get(RED_POTION)), 1)).toBe(6);
    expect(buyPrice(18, 0, 1)).toBe(18);
  });
});

describe.skipIf(!ready)("§11.1 and §11.2 on the 2024 data", () => {
  const catalog: ItemCatalog = ready ? itemCatalog(parseObjectsDat(readSharedData(OBJ_2024), OBJ_2024).value!) : (undefined as never);
  const npcs = ready ? parseNpcsDat(readSharedData(NPCS_2024), NPCS_2024).value! : (undefined as never);

  test("the shop: NPC 4 Lilith <Alquimista> buys potions and stocks 10000 red potions", () => {
    const lilith = npcs.npcs.find((npc) => npc.id === 4)!;
    expect(lilith).toMatchObject({ name: "Lilith <Alquimista>", trades: true, tradeItemType: ObjectType.Potion });
    expect(lilith.inventory[0]).toEqual({ objIndex: RED_POTION, amount: 10_000 });
    const potion = catalog.get(RED_POTION)!;
    expect(potion).toMatchObject({ type: ObjectType.Potion, potionType: 3, minModifier: 30, maxModifier: 30, value: 2, crucial: 1 });
    expect(saleRefusal(potion, { buysType: lilith.tradeItemType, stockedObjects: lilith.inventory.map((i) => i.objIndex) })).toBeNull();
  });

  test("§11.1: skill 0 pays 2 per potion, 20 for 10, 200 for 100; 100 gold leave 98", () => {
    const value = catalog.get(RED_POTION)!.value;
    expect(shownBuyPrice(value, 0)).toBe(2);
    expect([buyPrice(value, 0, 1), buyPrice(value, 0, 10), buyPrice(value, 0, 100)]).toEqual([2, 20, 200]);
    expect(100 - buyPrice(value, 0, 1)).toBe(98);
  });

  test("§11.1: with 10 points in Comerciar one potion still shows 2, but 100 cost 182 (one at a time 200)", () => {
    const value = catalog.get(RED_POTION)!.value;
    expect(shownBuyPrice(value, 10)).toBe(2);
    expect(buyPrice(value, 10, 100)).toBe(182);
    expect(100 * buyPrice(value, 10, 1)).toBe(200);
  });

  test("§11.2: SalePrice f32(2/3); 1 potion sells for 0, 2 for 1, 3 for 2, 10 for 6, 100 for 66", () => {
    const price = salePrice(catalog.get(RED_POTION));
    expect(price).toBe(Math.fround(2 / 3));
    expect(price).toBe(0.6666666865348816);
    expect([1, 2, 3, 10, 100].map((n) => saleIncome(price, n))).toEqual([0, 1, 2, 6, 66]);
  });

  test("§11.2: a level-1 worker's divisor 2.975 gives f32(0.672268907) and still 0 for one potion", () => {
    const price = salePrice(catalog.get(RED_POTION), { class: WORKER, level: 1 });
    expect(price).toBe(Math.fround(2 / 2.975));
    expect(price).toBeCloseTo(0.67226893, 8);
    expect(saleIncome(price, 1)).toBe(0);
  });

  test("what NPCs refuse to buy (§7.5): newbie, Destruye, Instransferible, skins, other types, gold", () => {
    const shop = { buysType: ObjectType.Potion, stockedObjects: [RED_POTION] };
    expect(saleRefusal(catalog.get(460)!, shop)).toBe("newbie_item"); // Daga (Newbies)
    expect(saleRefusal(catalog.get(1607)!, shop)).toBe("untradeable"); // Poción de Sanar
    expect(saleRefusal(catalog.get(2)!, shop)).toBe("not_interested"); // a sword at the alchemist
    expect(saleRefusal(catalog.get(2)!, { buysType: ObjectType.Any, stockedObjects: [] })).toBeNull();
    expect(saleRefusal(catalog.get(12)!, { buysType: ObjectType.Any, stockedObjects: [] })).toBe("not_interested"); // gold
    expect(saleRefusal(catalog.get(2)!, { buysType: ObjectType.Potion, stockedObjects: [2] })).toBeNull(); // it sells them (Q20)
    expect(saleRefusal(catalog.get(RED_POTION)!, shop, true)).toBe("rank");
  });
});
