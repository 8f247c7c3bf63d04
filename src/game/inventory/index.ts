/**
 * Public face of the inventory rules (items-and-economy §3): the 42-slot model with its
 * equipment pointers, usable-slot count and wallet; the operations put (`MeterItemEnInventario`),
 * put into a chosen slot, remove (`QuitarUserInvItem`), count / has / take across slots
 * (`TieneObjetos` / `QuitarObjetos`), move / merge / swap (`eMoveitem`), delete (`eDeleteItem`);
 * and the mapping to and from the character record. Pure values: every operation returns a new
 * inventory plus the slots and gold it changed, or a refusal reason.
 */
export {
  EMPTY_SLOT,
  NOTHING_EQUIPPED,
  emptyInventory,
  withUsableSlots,
  usableSlotsForTier,
  isSlotNumber,
  isUsableSlot,
  slotAt,
  kindsAtSlot,
  inventoryProblems,
  type Inventory,
  type InventorySlotState,
  type EquippedSlots,
  type PatronTier,
} from "./inventory.ts";
export {
  slotForItem,
  addGold,
  spendGold,
  putItem,
  putIntoSlot,
  removeFromSlot,
  countItems,
  hasItems,
  takeItems,
  hasRoomFor,
  moveItem,
  deleteItem,
  markEquipped,
  markUnequipped,
  type ItemStack,
  type UnequippedSlot,
  type Refusal,
  type Changed,
  type PutRefusal,
  type PutOutcome,
  type PutIntoSlotRefusal,
  type PutIntoSlotOutcome,
  type RemoveRefusal,
  type RemoveOutcome,
  type TakeOutcome,
  type MoveRefusal,
  type MoveOutcome,
  type DeleteContext,
  type DeleteRefusal,
  type DeleteOutcome,
} from "./operations.ts";
export { inventoryFromRecord, toRecordInventory, type RecordInventory } from "./record.ts";
