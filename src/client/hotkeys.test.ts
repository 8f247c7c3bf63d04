/**
 * The browser's hotkey bar without a browser: real server packets (`SendClientToggles`,
 * `ChangeSpellSlot` with its bindable flag) turn it on and say what may go on it; binding a spell,
 * pressing a key and emptying a slot go out as exact `SetHotkeySlot` / `UseHKeySlot` packets; the
 * bar is kept per character in the injected store and every slot is sent again at the next entry
 * (the stock client's `LoadHotkeys`); what makes no sense sends nothing.
 */
import { describe, expect, test } from "bun:test";
import { CONNECTED_DEBUG_ARRAY } from "../protocol/index.ts";
import { RecordingTransport, serverBody } from "./client-fixtures.test-support.ts";
import { ClientSession, type HotkeyStore } from "./client-session.ts";
import { hotkeyOfKey, parseHotkeys, serializeHotkeys } from "./hotkey-rules.ts";

class MemoryStore implements HotkeyStore {
  readonly rows = new Map<string, string>();
  load(name: string) {
    return this.rows.get(name) ?? null;
  }
  save(name: string, text: string) {
    this.rows.set(name, text);
  }
}

const SPARK = 1;
const SOOTHE = 2;

/** A session playing "Maga" with Chispa (bindable) in slot 1 and Alivio (not) in slot 2. */
function playing(store: HotkeyStore, toggles = ["hotokey-enabled"]) {
  const transport = new RecordingTransport();
  const session = new ClientSession({ transport, hotkeyStore: store });
  session.receive(serverBody("Connected", { debugArray: CONNECTED_DEBUG_ARRAY }), 0);
  session.loginAccount("maga@example.org", "secret");
  session.receive(serverBody("AccountCharacterList", { characters: [] }), 0);
  session.playCharacter(7, "Maga");
  session.receive(serverBody("SendClientToggles", { toggles }), 0);
  session.receive(serverBody("ChangeSpellSlot", { slot: 1, spellId: SPARK, spellIdOrEmpty: SPARK, bindable: true }), 0);
  session.receive(serverBody("ChangeSpellSlot", { slot: 2, spellId: SOOTHE, spellIdOrEmpty: SOOTHE, bindable: false }), 0);
  session.receive(
    serverBody("UpdateUserStats", { maxHp: 30, minHp: 25, shield: 0, maxMana: 50, minMana: 50, maxSta: 60, minSta: 40, gold: 0, goldPerLevelWallet: 0, level: 1, expToNextLevel: 300, exp: 0, class: 1 }),
    0,
  );
  session.receive(serverBody("Logged", { newUser: false }), 0);
  transport.take();
  return { session, transport };
}

describe("the hotkey bar", () => {
  test("a bindable spell goes on a slot: SetHotkeySlot(slot, spell, book slot, 2), kept for the character; its key sends UseHKeySlot", () => {
    const store = new MemoryStore();
    const { session, transport } = playing(store);
    expect(session.bindSpellHotkey(3, 1)).toBe(true);
    expect(transport.take()).toEqual([{ id: 300, name: "SetHotkeySlot", fields: { slotIndex: 3, index: SPARK, lastKnownSlot: 1, hotkeyType: 2 } }]);
    expect(session.state.hotkeys[3]).toEqual({ spellId: SPARK, lastKnownSlot: 1 });
    expect(parseHotkeys(store.load("Maga"))[3]).toEqual({ spellId: SPARK, lastKnownSlot: 1 });
    expect(session.pressHotkey(3, 0)).toBe(true);
    expect(session.state.spellBook.castingSlot).toBe(1);
    // An empty slot too: the server decides (DoHotKey sends it anyway).
    expect(session.pressHotkey(0, 0)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 301, name: "UseHKeySlot", fields: { slotIndex: 3 } },
      { id: 301, name: "UseHKeySlot", fields: { slotIndex: 0 } },
    ]);
    expect(session.clearHotkey(3)).toBe(true);
    expect(session.clearHotkey(3)).toBe(false);
    expect(transport.take()).toEqual([{ id: 300, name: "SetHotkeySlot", fields: { slotIndex: 3, index: -1, lastKnownSlot: -1, hotkeyType: 3 } }]);
  });

  test("refused without a packet: a spell not bindable, an empty book slot, a slot off the bar, no toggle, a ghost (told it is dead)", () => {
    const { session, transport } = playing(new MemoryStore());
    expect(session.bindSpellHotkey(0, 2)).toBe(false);
    expect(session.bindSpellHotkey(0, 3)).toBe(false);
    expect(session.bindSpellHotkey(10, 1)).toBe(false);
    expect(session.bindSpellHotkey(-1, 1)).toBe(false);
    expect(session.pressHotkey(10, 0)).toBe(false);
    session.receive(serverBody("UpdateHP", { minHp: 0, shield: 0 }), 0);
    expect(session.pressHotkey(0, 0)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe("¡¡Estás muerto!!");
    const off = playing(new MemoryStore(), []);
    expect(off.session.bindSpellHotkey(0, 1)).toBe(false);
    expect(off.session.pressHotkey(0, 0)).toBe(false);
    expect([...transport.take(), ...off.transport.take()]).toEqual([]);
  });

  test("the next entry sends every stored slot again (LoadHotkeys); a character with nothing stored sends nothing", () => {
    const store = new MemoryStore();
    store.save("Maga", serializeHotkeys([null, { spellId: SPARK, lastKnownSlot: 1 }]));
    const transport = new RecordingTransport();
    const session = new ClientSession({ transport, hotkeyStore: store });
    session.receive(serverBody("Connected", { debugArray: CONNECTED_DEBUG_ARRAY }), 0);
    session.loginAccount("maga@example.org", "secret");
    session.receive(serverBody("AccountCharacterList", { characters: [] }), 0);
    session.playCharacter(7, "Maga");
    transport.take();
    session.receive(serverBody("Logged", { newUser: false }), 0);
    const sent = transport.take();
    expect(sent).toHaveLength(10);
    expect(sent[0]).toEqual({ id: 300, name: "SetHotkeySlot", fields: { slotIndex: 0, index: -1, lastKnownSlot: -1, hotkeyType: 3 } });
    expect(sent[1]).toEqual({ id: 300, name: "SetHotkeySlot", fields: { slotIndex: 1, index: SPARK, lastKnownSlot: 1, hotkeyType: 2 } });
    expect(playing(new MemoryStore()).transport.take()).toEqual([]);
  });

  test("keys 1 … 9, 0 are slots 0 … 9; a stored bar that is not one reads as empty", () => {
    expect(["Digit1", "Digit9", "Digit0", "KeyA", "Numpad1"].map(hotkeyOfKey)).toEqual([0, 8, 9, null, null]);
    for (const bad of [null, "", "{", "{}", '[{"spellId":-1,"lastKnownSlot":1}]', '[{"spellId":1,"lastKnownSlot":41}]', '[{"spellId":1.5,"lastKnownSlot":1}]']) {
      expect(parseHotkeys(bad).every((entry) => entry === null)).toBe(true);
    }
  });
});
