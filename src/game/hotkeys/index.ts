/**
 * Public face of the hotkey bar's rules: the session's list the stock client fills with
 * `SetHotkeySlot`, and what `UseHKeySlot` does with it (VB6 `HotkeyList`). Pure.
 */
export { EMPTY_HOTKEY, HOTKEY_COUNT, HotkeyType, isHotkeySlot, setHotkey, useHotkey, type HotkeyEntry, type HotkeyList, type HotkeyUse } from "./hotkeys.ts";
