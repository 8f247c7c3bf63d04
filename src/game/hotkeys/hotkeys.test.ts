import { describe, expect, test } from "bun:test";
import { EMPTY_HOTKEY, HotkeyType, setHotkey, useHotkey, type HotkeyList } from "./index.ts";

const spellKey = (index: number, lastKnownSlot: number) => ({ type: HotkeyType.Spell, index, lastKnownSlot });
const BOOK = [7, 0, 9, 7];
const all = () => true;

describe("SetHotkeySlot", () => {
  test("slots 0 … 10 are stored as told (HOTKEY-SLOTS: eleven, the client draws ten); others change nothing", () => {
    const list = setHotkey({}, 10, spellKey(9, 3));
    expect(list).toEqual({ 10: spellKey(9, 3) });
    expect(setHotkey({}, 0, { type: HotkeyType.Item, index: 38, lastKnownSlot: 2 })).toEqual({ 0: { type: 1, index: 38, lastKnownSlot: 2 } });
    expect(setHotkey({}, 11, spellKey(9, 3))).toBeNull();
    expect(setHotkey({}, -1, spellKey(9, 3))).toBeNull();
    expect(setHotkey(list!, 10, EMPTY_HOTKEY)).toEqual({ 10: EMPTY_HOTKEY });
  });
});

describe("UseHKeySlot", () => {
  test("a spell on the slot it was last seen on; moved, the first slot that holds it", () => {
    expect(useHotkey({ 0: spellKey(7, 4) }, 0, BOOK, all)).toEqual({ kind: "cast", spellSlot: 4 });
    expect(useHotkey({ 0: spellKey(9, 1) }, 0, BOOK, all)).toEqual({ kind: "cast", spellSlot: 3 });
    expect(useHotkey({ 0: spellKey(7, 0) }, 0, BOOK, all)).toEqual({ kind: "cast", spellSlot: 1 });
  });

  test("HOTKEY-LAST-SLOT: slot 40 is not trusted, the scan finds the spell anyway", () => {
    const book = Object.assign(new Array<number>(40).fill(0), { 39: 5 });
    expect(useHotkey({ 1: spellKey(5, 40) }, 1, book, all)).toEqual({ kind: "cast", spellSlot: 40 });
  });

  test("nothing: not bindable, forgotten, empty, an item (HOTKEY-ITEM), a slot out of range", () => {
    const list: HotkeyList = { 0: spellKey(7, 1), 1: spellKey(8, 1), 2: { type: HotkeyType.Item, index: 38, lastKnownSlot: 1 } };
    expect(useHotkey(list, 0, BOOK, (id) => id !== 7)).toEqual({ kind: "nothing" });
    expect(useHotkey(list, 1, BOOK, all)).toEqual({ kind: "nothing" });
    expect(useHotkey(list, 2, BOOK, all)).toEqual({ kind: "nothing" });
    expect(useHotkey(list, 3, BOOK, all)).toEqual({ kind: "nothing" });
    expect(useHotkey(list, 200, BOOK, all)).toEqual({ kind: "nothing" });
    expect(useHotkey({ 0: spellKey(-1, -1) }, 0, BOOK, all)).toEqual({ kind: "nothing" });
  });
});
