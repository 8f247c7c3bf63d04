/**
 * A small invented object table for unit tests (our own numbers, not AO data); the real 2024
 * `obj.dat` is used by the known-answer tests.
 */
import { itemCatalogFromObjects, ObjectType, ToolSubtype, type ItemCatalog } from "../items/index.ts";
import { emptyInventory, type Inventory, type InventorySlotState } from "./inventory.ts";

export const APPLE = 1;
export const SWORD = 2;
export const ARMOR = 3;
export const POTION = 38;
export const GOLD = 12;
export const SHIELD = 50;
export const HELMET = 51;
export const ARROW = 52;
export const SHIP = 53;
export const BACKPACK = 54;
export const LINE = 60;
export const BROKEN_ROD = 61;
export const ROD = 62;
export const STRONG_ROD = 63;
export const BROKEN_STRONG_ROD = 64;
export const AMULET = 70;

export const TEST_CATALOG: ItemCatalog = itemCatalogFromObjects([
  { id: APPLE, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: SWORD, name: "Espada", objType: ObjectType.Weapon, anim: 68, minHit: 4, maxHit: 8, value: 350 },
  { id: ARMOR, name: "Armadura", objType: ObjectType.Armor, body: 21, value: 100 },
  { id: GOLD, name: "Monedas de Oro", objType: ObjectType.GoldCoin },
  { id: POTION, name: "Poción roja", objType: ObjectType.Potion, potionType: 3, minModifier: 30, maxModifier: 30, value: 2 },
  { id: SHIELD, name: "Escudo", objType: ObjectType.Shield, anim: 3 },
  { id: HELMET, name: "Casco", objType: ObjectType.Helmet, anim: 4 },
  { id: ARROW, name: "Flecha", objType: ObjectType.Ammunition },
  { id: SHIP, name: "Barca", objType: ObjectType.Ship, body: 84 },
  { id: BACKPACK, name: "Mochila", objType: ObjectType.Backpack, body: 5 },
  { id: LINE, name: "Hilo", objType: ObjectType.WorkingTool, subType: ToolSubtype.FishingLine, power: 2 },
  { id: BROKEN_ROD, name: "Caña rota", objType: ObjectType.WorkingTool, subType: ToolSubtype.FishingRod, repairTo: ROD },
  { id: ROD, name: "Caña", objType: ObjectType.WorkingTool, subType: ToolSubtype.FishingRod, power: 1 },
  { id: STRONG_ROD, name: "Caña fuerte", objType: ObjectType.WorkingTool, subType: ToolSubtype.FishingRod, power: 3 },
  { id: BROKEN_STRONG_ROD, name: "Caña fuerte rota", objType: ObjectType.WorkingTool, subType: ToolSubtype.FishingRod, repairTo: STRONG_ROD },
  { id: AMULET, name: "Amuleto", objType: ObjectType.Amulet },
]);

/** Builds an inventory from `[slot, objectId, amount, equipped?]` entries (pointers not set). */
export function inventoryWith(entries: readonly (readonly [number, number, number, boolean?])[], usable = 24, gold = 0): Inventory {
  const base = emptyInventory(usable, gold);
  const slots: InventorySlotState[] = [...base.slots];
  for (const [slot, objectId, amount, equipped = false] of entries) slots[slot - 1] = { objectId, amount, equipped, tags: 0 };
  return { ...base, slots };
}
