/**
 * Public face of the equipment rules (items-and-economy §4): who may equip or use an object
 * (`CanUseObject`, the `canUse` byte of slot packets), equipping and unequipping per kind with
 * their side effects as values, the effects of an automatic unequip (§4.4, reported by the
 * inventory operations) and the appearance others see (§4.5). Pure: no I/O.
 */
export {
  CanUse,
  CITIZEN,
  bodyFor,
  factionAllows,
  hierarchyAllows,
  raceAllows,
  genderAllows,
  canUseObject,
  canUseMessage,
  type CanUseCode,
  type CanUseMessage,
  type FactionStanding,
  type Wearer,
  type UseRuleOptions,
} from "./can-use.ts";
export {
  SOUND_DRAW_WEAPON,
  AuraType,
  equipItem,
  unequipItem,
  unequipEffects,
  type EquipContext,
  type EquipEffect,
  type EquipRefusal,
  type EquipOutcome,
} from "./equip.ts";
export { appearance, AO20_2026_NAKED_BODIES, type Look, type LookBase, type LookOptions } from "./appearance.ts";
export { inventorySlotView, type InventorySlotView } from "./slot-view.ts";
