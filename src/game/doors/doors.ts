/**
 * Doors and keys (VB6 `WorldActions.bas` `HandleDoorAction`, `General.bas` `BloquearPuerta`,
 * `InvUsuario.bas` `UseInvItem` case `otKeys`, `ModLlaves.bas` `UsarLlave`). A door is an object
 * on a tile (`otDoors`); each of its states is an object of its own: `IndexAbierta` (open),
 * `IndexCerrada` (closed), `IndexCerradaLlave` (closed and locked). Opening or closing swaps the
 * tile's object and sets or clears direction bits on the door's tiles; locking and unlocking swap
 * the closed state for the locked one (both look the same) and touch no bit. Pure: the map
 * system applies the outcomes.
 *
 * Quirk decisions:
 * - DOOR-STALE-TARGET (fixed): VB6 reads the door a key is used on from `flags.TargetObj`, the
 *   object remembered at the click, so a door someone opened since would be "unlocked" from its
 *   old state. Here the tile's current object is read.
 * - DOOR-KEY-REACH (kept): VB6 checks no distance when a key is used (from the inventory or the
 *   ring): a door clicked on screen is locked or unlocked from where the player stands.
 * - DOOR-ELIMINAR-LLAVES (kept as a no-op): an inventory key that unlocks a door calls
 *   `EliminarLlaves`, which takes the objects `Eliminarllaves.dat` lists for that key; the 2024
 *   data has no such file, so nothing is taken.
 */
import { ObjectType, type ItemTemplate } from "../items/index.ts";
import { BLOCKED_ALL, BLOCKED_NORTH, BLOCKED_SOUTH } from "../movement/index.ts";

/** `HandleDoorAction`: farther than this (Euclidean, VB6 `Distance`) the door is out of reach (Msg8). */
export const DOOR_REACH = 2;
/** `SND_PUERTA` and `SND_PUERTA_DUCTO`: the waves of a door and of a duct's hatch. */
export const SOUND_DOOR = 5;
export const SOUND_DUCT_HATCH = 380;
/** The graphics VB6 treats as a duct's hatch (their own lines, their own sound). */
const DUCT_GRAPHICS: ReadonlySet<number> = new Set([11444, 11445, 59877, 59878]);
/** `Subtipo=1`: a lever; toggling it also toggles the door three tiles left and one down. */
export const DOOR_SUBTYPE_LEVER = 1;
/** `Clave` below this: a house key, usable only from the key ring (Msg896 from the inventory). */
export const RING_ONLY_KEY_CODE_BELOW = 1000;
/** `MAXKEYS`: the key ring's slots. */
export const KEY_RING_SLOTS = 10;

/** A direction-bit change on one tile: `set` adds the bits, else clears them. */
export interface BlockChange {
  readonly x: number;
  readonly y: number;
  readonly bits: number;
  readonly set: boolean;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** True when the object is a door. */
export function isDoor(item: ItemTemplate | undefined): item is ItemTemplate {
  return item !== undefined && item.type === ObjectType.Door;
}

/** True when the door's graphic is a duct's hatch (VB6 tests four `GrhIndex` values). */
export function isDuctHatch(door: ItemTemplate): boolean {
  return DUCT_GRAPHICS.has(door.grhIndex);
}

/**
 * `BloquearPuerta`: the bits a door of this `Subtipo` sets (closing) or clears (opening) on its
 * tiles, the door's object on (x, y). Subtype 0 is two tiles wide (x-1..x), 2 and 3 three wide
 * (x-1..x+1; 2 one row higher), 4 one tile; the north bit on the door's row, the south bit on the
 * row below, so nobody crosses between the two rows. 5 and 6 (side doors) block whole tiles;
 * 1 (a lever) none. VB6's subtype 6 clears (x+1, y+2) from the bits of (x+1, y-2), a typo: here
 * (x+1, y-2) is the tile, as its lines show.
 */
export function doorBlocks(subType: number, x: number, y: number, closing: boolean): BlockChange[] {
  const row = (cols: readonly number[], rowY: number, bits: number) => cols.map((cx) => ({ x: cx, y: rowY, bits, set: closing }));
  switch (subType) {
    case 0:
      return [...row([x, x - 1], y, BLOCKED_NORTH), ...row([x, x - 1], y + 1, BLOCKED_SOUTH)];
    case 2:
      return [...row([x, x - 1, x + 1], y - 1, BLOCKED_NORTH), ...row([x, x - 1, x + 1], y, BLOCKED_SOUTH)];
    case 3:
      return [...row([x, x - 1, x + 1], y, BLOCKED_NORTH), ...row([x, x - 1, x + 1], y + 1, BLOCKED_SOUTH)];
    case 4:
      return [...row([x], y, BLOCKED_NORTH), ...row([x], y + 1, BLOCKED_SOUTH)];
    case 5:
      return [...row([x + 1], y, BLOCKED_ALL), ...row([x + 1], y - 1, BLOCKED_ALL), ...row([x, x - 1], y - 2, BLOCKED_ALL)];
    case 6:
      return [...row([x - 1], y, BLOCKED_ALL), ...row([x - 1], y - 1, BLOCKED_ALL), ...row([x, x + 1], y - 2, BLOCKED_ALL)];
    default:
      return [];
  }
}

/** A click on a door (`HandleDoorAction`). */
export type DoorClickOutcome =
  /** Msg8: farther than {@link DOOR_REACH}. */
  | { readonly kind: "too_far" }
  /** Msg1074 (Msg1073 for a duct's hatch): locked; nothing changes. */
  | { readonly kind: "locked"; readonly duct: boolean }
  /** The data names no object for the new state: nothing changes (VB6 would put object 0). */
  | { readonly kind: "broken" }
  | {
      readonly kind: "toggled";
      /** The tile's new object. */
      readonly object: number;
      readonly opened: boolean;
      /** Msg1075 on opening a duct's hatch; the hatch's wave. */
      readonly duct: boolean;
      readonly sound: number;
      readonly blocks: readonly BlockChange[];
      /** A lever's door, toggled with it (`Subtipo=1`: three tiles left, one down), with no reach check. */
      readonly linked: Point | null;
    };

/**
 * `HandleDoorAction` on the door `door` lying on (x, y), clicked by a player on `from`.
 * `withoutReach` is VB6's `SinDistancia` (a lever's linked door): no reach or lock check.
 */
export function clickDoor(door: ItemTemplate, at: Point, from: Point, catalog: { get(id: number): ItemTemplate | undefined }, withoutReach = false): DoorClickOutcome {
  if (!withoutReach && Math.hypot(from.x - at.x, from.y - at.y) > DOOR_REACH) return { kind: "too_far" };
  const duct = isDuctHatch(door);
  if (door.locked && !withoutReach) return { kind: "locked", duct };
  const opening = door.closed;
  const next = opening ? door.openIndex : door.closedIndex;
  const nextItem = catalog.get(next);
  if (next <= 0 || !isDoor(nextItem)) return { kind: "broken" };
  // VB6 reads the subtype of the object now on the tile, the new state's.
  return {
    kind: "toggled",
    object: next,
    opened: opening,
    duct,
    sound: duct ? SOUND_DUCT_HATCH : SOUND_DOOR,
    blocks: doorBlocks(nextItem.subType, at.x, at.y, !opening),
    linked: nextItem.subType === DOOR_SUBTYPE_LEVER ? { x: at.x - 3, y: at.y + 1 } : null,
  };
}

/** A key used on the targeted door, from the inventory or the ring. */
export type KeyUseOutcome =
  /** Nothing happens, nothing is said (no door targeted, an unknown object, data without the next state). */
  | { readonly kind: "ignored" }
  /** Msg895 (an inventory key used by a ghost). */
  | { readonly kind: "dead" }
  /** Msg896: a house key (`Clave` < 1000) from the inventory: only the ring opens house doors. */
  | { readonly kind: "ring_only" }
  /** Msg901: the door is open. */
  | { readonly kind: "not_closed" }
  /** Msg898 (Msg900 when the door was only closed and the key came from the inventory). */
  | { readonly kind: "wrong_key"; readonly whileUnlocked: boolean }
  /** Msg897 (unlocked: the closed state) or Msg899 (locked: the locked state). */
  | { readonly kind: "unlocked" | "locked"; readonly object: number };

/**
 * `UseInvItem` case `otKeys` (`fromRing` false) and `UsarLlave` (`fromRing` true): the key
 * `key` on the door `door` (the tile's current object; undefined when no door is targeted).
 * The ring skips the dead check and the house-key rule; both lock a closed door and unlock a
 * locked one when the codes match.
 */
export function useKeyOnDoor(key: ItemTemplate, door: ItemTemplate | undefined, options: { readonly fromRing: boolean; readonly dead: boolean }): KeyUseOutcome {
  if (!options.fromRing && options.dead) return { kind: "dead" };
  if (!isDoor(door)) return { kind: "ignored" };
  if (!options.fromRing && door.keyCode < RING_ONLY_KEY_CODE_BELOW) return { kind: "ring_only" };
  if (!door.closed) return { kind: "not_closed" };
  if (door.keyCode !== key.keyCode) return { kind: "wrong_key", whileUnlocked: !door.locked };
  const next = door.locked ? door.closedIndex : door.lockedIndex;
  if (next <= 0) return { kind: "ignored" };
  return { kind: door.locked ? "unlocked" : "locked", object: next };
}

/** True when the key belongs on the ring (a house key: `Clave` below 1000). */
export function isRingKey(key: ItemTemplate): boolean {
  return key.type === ObjectType.Key && key.keyCode < RING_ONLY_KEY_CODE_BELOW;
}

/** Putting a key on the ring: the slot it goes to (1-based), or why not. */
export type RingAddOutcome = { readonly ok: true; readonly slot: number; readonly ring: readonly number[] } | { readonly ok: false; readonly reason: "ring_full" | "already_on_ring" };

/** The ring as ten slots (0 = empty) from what a record keeps (shorter or dirty lists are padded and cleaned). */
export function ringSlots(kept: readonly number[] | undefined): number[] {
  const ring = new Array<number>(KEY_RING_SLOTS).fill(0);
  for (let i = 0; i < KEY_RING_SLOTS; i++) {
    const key = kept?.[i];
    if (key !== undefined && Number.isSafeInteger(key) && key > 0) ring[i] = key;
  }
  return ring;
}

/** The key `objectId` onto the first free slot of the ring. */
export function addToRing(ring: readonly number[], objectId: number): RingAddOutcome {
  const slots = ringSlots(ring);
  if (slots.includes(objectId)) return { ok: false, reason: "already_on_ring" };
  const free = slots.indexOf(0);
  if (free < 0) return { ok: false, reason: "ring_full" };
  slots[free] = objectId;
  return { ok: true, slot: free + 1, ring: slots };
}

/** The key in ring slot `slot` (1-based), or 0 for a bad or empty slot (VB6 logs a bad one as packet editing). */
export function ringKeyAt(ring: readonly number[], slot: number): number {
  if (!Number.isInteger(slot) || slot < 1 || slot > KEY_RING_SLOTS) return 0;
  return ringSlots(ring)[slot - 1]!;
}
