/**
 * The fields of `ChangeInventorySlot` (items-and-economy §3.7; VB6 `WriteChangeInventorySlot`,
 * `Codigo/Protocol_Writes.bas`) for one slot: what the client shows besides the object, namely
 * the price an NPC would pay, the `canUse` code, the elemental tags and the bindable flag.
 */
import { salePrice, type CommerceConfig, type Seller } from "../commerce/index.ts";
import { ObjectFlag, hasFlag, type ItemCatalog } from "../items/index.ts";
import { slotAt, type Inventory } from "../inventory/index.ts";
import { canUseObject, type CanUseCode, type UseRuleOptions, type Wearer } from "./can-use.ts";

export interface InventorySlotView {
  readonly slot: number;
  readonly objectId: number;
  readonly amount: number;
  readonly equipped: boolean;
  /** `SalePrice` (f32); 0 for an empty slot. */
  readonly salePrice: number;
  /** `CanUseObject`'s code; 0 for an empty slot. */
  readonly canUse: CanUseCode;
  /** Slot tags OR the object's natural `ElementalTags`. */
  readonly elementalTags: number;
  /** `ObjFlags` bit 1. */
  readonly bindable: boolean;
}

/** The `ChangeInventorySlot` fields of `slot` for this character. */
export function inventorySlotView(
  inventory: Inventory,
  slot: number,
  catalog: ItemCatalog,
  wearer: Wearer & Seller,
  options: { readonly commerce?: CommerceConfig; readonly rules?: UseRuleOptions } = {},
): InventorySlotView {
  const current = slotAt(inventory, slot);
  const item = current.objectId === 0 ? undefined : catalog.get(current.objectId);
  return {
    slot,
    objectId: current.objectId,
    amount: current.amount,
    equipped: current.equipped,
    salePrice: salePrice(item, wearer, options.commerce),
    canUse: item === undefined ? 0 : canUseObject(wearer, item, options.rules),
    elementalTags: current.tags | (item?.elementalTags ?? 0),
    bindable: item !== undefined && hasFlag(item, ObjectFlag.Bindable),
  };
}
