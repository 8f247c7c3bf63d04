/**
 * Public face of doors and keys (VB6 `HandleDoorAction`, `BloquearPuerta`, the `otKeys` use,
 * `ModLlaves.bas`): a click on a door, a key on a door, the ten-slot key ring. Pure outcomes.
 */
export {
  DOOR_REACH,
  SOUND_DOOR,
  SOUND_DUCT_HATCH,
  DOOR_SUBTYPE_LEVER,
  RING_ONLY_KEY_CODE_BELOW,
  KEY_RING_SLOTS,
  isDoor,
  isDuctHatch,
  doorBlocks,
  clickDoor,
  useKeyOnDoor,
  isRingKey,
  ringSlots,
  addToRing,
  ringKeyAt,
  type BlockChange,
  type Point,
  type DoorClickOutcome,
  type KeyUseOutcome,
  type RingAddOutcome,
} from "./doors.ts";
