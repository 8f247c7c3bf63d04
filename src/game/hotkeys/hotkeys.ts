/**
 * The hotkey bar's list, as the VB6 server keeps it (`UserList.HotkeyList`, `t_HotkeyEntry`,
 * `HandleSetHotkeySlot` and `HandleUseHKeySlot` in `Codigo/Protocol.bas`).
 *
 * - The stock client owns the bar: it keeps the entries in its own settings file (one section per
 *   character) and sends every one with `SetHotkeySlot` when it enters the world (`LoadHotkeys`)
 *   and one when an item or a spell is dragged onto the bar (`SetHotkey`). The server only
 *   remembers what it was told for the session: nothing is saved (VB6 `ResetUser` empties the
 *   list), so there is no column for it and a new session starts empty until the client re-sends.
 * - `UseHKeySlot(slot)` (the bar's key, only when the server announced the `hotokey-enabled`
 *   toggle): a spell entry finds its spell in the book — on the slot it was last seen on when it is
 *   still there, else the first slot that holds it — and, if that spell is `IsBindable`, goes the
 *   `UseSpellSlot` way (`CastSpell`'s path). An item entry does nothing (VB6's branch is empty).
 *
 * Quirk HOTKEY-SLOTS (reproduced): VB6 declares `HotkeyList(HotKeyCount)`, slots 0 … 10, eleven
 * entries where the client draws ten (0 … 9); slot 10 is stored and used like the others. A slot
 * beyond raises VB6's error handler after the fields were read: nothing happens, as here.
 * Quirk HOTKEY-LAST-SLOT (reproduced): the remembered slot is trusted only when it is > 0 and
 * < 40 (`UBound(UserHechizos)`); a spell last seen on slot 40 is found by the scan instead, to
 * the same result.
 * Quirk HOTKEY-ITEM (reproduced): an item entry is stored and its key does nothing.
 */
import { SPELL_SLOT_COUNT } from "../character/index.ts";

/** `HotKeyCount`: the highest slot index (the list is 0 … 10). */
export const HOTKEY_COUNT = 10;

/** `e_HotkeyType`. */
export const HotkeyType = { Item: 1, Spell: 2, Unknown: 3 } as const;

/** One `t_HotkeyEntry`: what the client put on the slot (an object or a spell number) and the slot it came from. */
export interface HotkeyEntry {
  readonly type: number;
  readonly index: number;
  readonly lastKnownSlot: number;
}

/** The empty entry VB6 resets to (`Index = -1`, `LastKnownSlot = -1`, `Type = Unknown`). */
export const EMPTY_HOTKEY: HotkeyEntry = { type: HotkeyType.Unknown, index: -1, lastKnownSlot: -1 };

/** The session's list, by slot 0 … 10; a slot never set reads as `EMPTY_HOTKEY`. */
export type HotkeyList = Readonly<Record<number, HotkeyEntry>>;

/** Whether `slot` is one of the list's (0 … `HOTKEY_COUNT`). */
export function isHotkeySlot(slot: number): boolean {
  return Number.isInteger(slot) && slot >= 0 && slot <= HOTKEY_COUNT;
}

/** `HandleSetHotkeySlot`: the list with `slot` set as told, or null when the slot is not one of the list's. */
export function setHotkey(list: HotkeyList, slot: number, entry: HotkeyEntry): HotkeyList | null {
  if (!isHotkeySlot(slot)) return null;
  return { ...list, [slot]: { type: entry.type, index: entry.index, lastKnownSlot: entry.lastKnownSlot } };
}

/** What `UseHKeySlot(slot)` does. */
export type HotkeyUse =
  /** Nothing: a slot out of range, an empty entry, an item entry, a spell no longer in the book or not bindable. */
  | { readonly kind: "nothing" }
  /** `UseSpellSlot(spellSlot)`: as if the spell book's slot had been chosen (`CastSpell`). */
  | { readonly kind: "cast"; readonly spellSlot: number };

const NOTHING: HotkeyUse = { kind: "nothing" };

/**
 * `HandleUseHKeySlot(slot)` on the spell book `spells` (slot n at index n − 1). `bindable(spellId)`
 * is the spell's `IsBindable` (Hechizos.dat; the 2024 data sets it on none, so with it the key
 * never casts).
 */
export function useHotkey(list: HotkeyList, slot: number, spells: readonly number[], bindable: (spellId: number) => boolean): HotkeyUse {
  if (!isHotkeySlot(slot)) return NOTHING;
  const entry = list[slot] ?? EMPTY_HOTKEY;
  if (entry.index <= 0 || entry.type !== HotkeyType.Spell) return NOTHING;
  const spellIn = (n: number) => spells[n - 1] ?? 0;
  let spellSlot = 0;
  if (entry.lastKnownSlot > 0 && entry.lastKnownSlot < SPELL_SLOT_COUNT && spellIn(entry.lastKnownSlot) === entry.index) spellSlot = entry.lastKnownSlot;
  if (spellSlot === 0) {
    for (let n = 1; n <= SPELL_SLOT_COUNT; n++) {
      if (spellIn(n) === entry.index) {
        spellSlot = n;
        break;
      }
    }
  }
  if (spellSlot === 0 || !bindable(spellIn(spellSlot))) return NOTHING;
  return { kind: "cast", spellSlot };
}
