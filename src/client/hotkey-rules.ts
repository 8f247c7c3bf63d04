/**
 * The hotkey bar as the stock client has it (`HotkeyList`, `SetHotkey`, `DoHotKey`, `LoadHotkeys`
 * and `SaveHotkey` in `ModGameplayUI.bas`, `modBindKeys.bas`, `ModSettings.bas`): ten slots shown
 * only when the server announced the `hotokey-enabled` toggle (`SendClientToggles`). A spell the
 * server marks bindable (`ChangeSpellSlot.bindable`) may go on a slot: the client remembers it
 * (its own settings, one set per character; the server keeps nothing past the session) and tells
 * the server with `SetHotkeySlot(slot, spell, its book slot, 2)`; at each entry into the world it
 * sends every slot it remembers again. Keys 1 … 9, 0 press slots 0 … 9: a ghost is told it is dead
 * and nothing goes out; anyone else sends `UseHKeySlot(slot)`, even for an empty slot (the
 * server decides). Items: the stock client binds only objects marked `Bindable`, which no data
 * this server knows has; this bar takes spells only. Pure.
 */
import { SPELL_SLOT_COUNT } from "../game/character/index.ts";
import { HOTKEY_BAR_SLOTS } from "./constants.ts";
import type { GameState, HotkeyView } from "./game-state.ts";

export { HOTKEY_BAR_SLOTS };
/** The toggle that turns the bar on. */
export const HOTKEYS_TOGGLE = "hotokey-enabled";
/** `e_HotkeyType`. */
export const HOTKEY_TYPE = { item: 1, spell: 2, unknown: 3 } as const;
/** The keys of slots 0 … 9 (1 … 9, then 0, as the bar reads left to right). */
export const HOTKEY_KEY_CODES = ["Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8", "Digit9", "Digit0"] as const;

/** The `SetHotkeySlot` fields of bar slot `slot` holding `entry` (an empty slot: −1, −1, unknown). */
export function hotkeyFields(slot: number, entry: HotkeyView | null): { slotIndex: number; index: number; lastKnownSlot: number; hotkeyType: number } {
  return entry === null
    ? { slotIndex: slot, index: -1, lastKnownSlot: -1, hotkeyType: HOTKEY_TYPE.unknown }
    : { slotIndex: slot, index: entry.spellId, lastKnownSlot: entry.lastKnownSlot, hotkeyType: HOTKEY_TYPE.spell };
}

/** Whether the server turned the bar on. */
export function hotkeysEnabled(state: GameState): boolean {
  return state.clientToggles.includes(HOTKEYS_TOGGLE);
}

/** Bar slot of a key (`KeyboardEvent.code`), or null. */
export function hotkeyOfKey(code: string): number | null {
  const slot = (HOTKEY_KEY_CODES as readonly string[]).indexOf(code);
  return slot >= 0 ? slot : null;
}

const validBarSlot = (slot: number) => Number.isInteger(slot) && slot >= 0 && slot < HOTKEY_BAR_SLOTS;

export type HotkeyRefusal = "disabled" | "bad_slot" | "no_spell" | "not_bindable" | "dead";
export type HotkeyCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: HotkeyRefusal };

/** Binding book slot `spellSlot` to bar slot `barSlot`: the entry, or why not. */
export function checkBindSpell(state: GameState, barSlot: number, spellSlot: number): HotkeyCheck<HotkeyView> {
  if (state.phase !== "in_world" || !hotkeysEnabled(state)) return { ok: false, reason: "disabled" };
  if (!validBarSlot(barSlot)) return { ok: false, reason: "bad_slot" };
  if (!Number.isInteger(spellSlot) || spellSlot < 1 || spellSlot > SPELL_SLOT_COUNT) return { ok: false, reason: "no_spell" };
  const spellId = state.spellBook.slots[spellSlot - 1] ?? 0;
  if (spellId <= 0) return { ok: false, reason: "no_spell" };
  if (state.spellBook.bindable[spellSlot - 1] !== true) return { ok: false, reason: "not_bindable" };
  return { ok: true, value: { spellId, lastKnownSlot: spellSlot } };
}

/** Pressing bar slot `barSlot` (`DoHotKey`): the slot to send, or why nothing goes out. */
export function checkPressHotkey(state: GameState, barSlot: number): HotkeyCheck<number> {
  if (state.phase !== "in_world" || !hotkeysEnabled(state)) return { ok: false, reason: "disabled" };
  if (!validBarSlot(barSlot)) return { ok: false, reason: "bad_slot" };
  if (state.stats.maxHp > 0 && state.stats.hp <= 0) return { ok: false, reason: "dead" };
  return { ok: true, value: barSlot };
}

/** The book slot a bar slot's spell is on now (where it was bound, else the first that holds it), 0 = none: as the server finds it. */
export function hotkeySpellSlot(state: GameState, entry: HotkeyView | null): number {
  if (entry === null) return 0;
  const slots = state.spellBook.slots;
  if (slots[entry.lastKnownSlot - 1] === entry.spellId) return entry.lastKnownSlot;
  const index = slots.indexOf(entry.spellId);
  return index >= 0 ? index + 1 : 0;
}

/** The bar as the client stores it for a character (JSON of ten slots). */
export function serializeHotkeys(bar: readonly (HotkeyView | null)[]): string {
  return JSON.stringify(Array.from({ length: HOTKEY_BAR_SLOTS }, (_, i) => bar[i] ?? null));
}

/** A stored bar read back; anything that is not one gives an empty bar. */
export function parseHotkeys(text: string | null): (HotkeyView | null)[] {
  const empty = new Array<HotkeyView | null>(HOTKEY_BAR_SLOTS).fill(null);
  if (text === null) return empty;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return empty;
  }
  if (!Array.isArray(raw)) return empty;
  return empty.map((_, i) => {
    const entry = raw[i] as { spellId?: unknown; lastKnownSlot?: unknown } | null | undefined;
    if (entry === null || typeof entry !== "object") return null;
    const { spellId, lastKnownSlot } = entry;
    const ok = Number.isInteger(spellId) && (spellId as number) > 0 && (spellId as number) <= 0x7fff && Number.isInteger(lastKnownSlot) && (lastKnownSlot as number) >= 1 && (lastKnownSlot as number) <= SPELL_SLOT_COUNT;
    return ok ? { spellId: spellId as number, lastKnownSlot: lastKnownSlot as number } : null;
  });
}
