/**
 * Which equipment pointer an object occupies when equipped (items-and-economy §4.1; VB6 keeps
 * one `Equipped<Kind>Slot` / `Equipped<Kind>ObjIndex` pair per kind in `t_Inventario`,
 * `Codigo/Declares.bas`).
 */
import { DONATOR_SUBTYPE_AURA, ObjectType } from "./object-types.ts";
import type { ItemTemplate } from "./item-template.ts";

/**
 * The kinds, in the order `HandleMoveItem` re-points them (plus the backpack, which VB6 forgets,
 * Q6, and the donator aura, which has no pointer in VB6, only the slot flag).
 */
export const EQUIPMENT_KINDS = [
  "ring",
  "armor",
  "ship",
  "saddle",
  "helmet",
  "shield",
  "ammunition",
  "weapon",
  "amulet",
  "tool",
  "backpack",
  "aura",
] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];

/**
 * The kind an object is equipped as, or null for objects `eEquipItem` ignores. Rings and
 * magical instruments share the ring slot; ships and saddles are "used", not equipped, but
 * still have a pointer (`EquippedShipSlot`, `EquippedSaddleSlot`).
 */
export function equipmentKindOf(item: Pick<ItemTemplate, "type" | "subType">): EquipmentKind | null {
  switch (item.type) {
    case ObjectType.Weapon:
      return "weapon";
    case ObjectType.WorkingTool:
      return "tool";
    case ObjectType.Armor:
      return "armor";
    case ObjectType.Helmet:
      return "helmet";
    case ObjectType.Shield:
      return "shield";
    case ObjectType.Ammunition:
      return "ammunition";
    case ObjectType.Amulet:
      return "amulet";
    case ObjectType.Ring:
    case ObjectType.MagicalInstrument:
      return "ring";
    case ObjectType.Backpack:
      return "backpack";
    case ObjectType.Ship:
      return "ship";
    case ObjectType.Saddle:
      return "saddle";
    case ObjectType.Donator:
      return item.subType === DONATOR_SUBTYPE_AURA ? "aura" : null;
    default:
      return null;
  }
}
