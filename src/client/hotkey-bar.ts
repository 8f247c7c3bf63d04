/**
 * The hotkey bar (the stock client's ten slots along the foot of the map), shown only when the
 * server announced `hotokey-enabled`: each slot shows its key (1 … 9, 0) and the spell on it. A
 * bindable spell dragged from the spell list onto a slot goes there (`SetHotkeySlot`; on a row,
 * its slot's key does the same); a click or the key uses the slot (`UseHKeySlot`); a right click
 * empties it. The rules are hotkey-rules.ts, the requests go through the session. Browser only.
 */
import type { ClientSession } from "./client-session.ts";
import { h, setText } from "./dom.ts";
import { HOTKEY_BAR_SLOTS, HOTKEY_KEY_CODES, hotkeysEnabled } from "./hotkey-rules.ts";
import { spellName } from "./spell-rules.ts";
import { SPELL_DRAG_TYPE } from "./spells-panel.ts";
import { HOTKEY_TEXT } from "./ui-text.ts";

export class HotkeyBar {
  readonly element: HTMLElement;
  private readonly cells: { button: HTMLButtonElement; name: HTMLElement }[] = [];
  private shown = "";

  constructor(private readonly session: ClientSession) {
    this.element = h("div", { className: "hotkey-bar", id: "hotkey-bar", role: "toolbar", "aria-label": HOTKEY_TEXT.title, hidden: true });
    for (let slot = 0; slot < HOTKEY_BAR_SLOTS; slot++) {
      const key = HOTKEY_KEY_CODES[slot]!.replace("Digit", "");
      const name = h("span", { className: "hotkey-name" });
      const button = h(
        "button",
        {
          type: "button",
          className: "hotkey-slot",
          "data-hotkey": slot,
          onclick: (() => this.session.pressHotkey(slot, performance.now())) as EventListener,
          oncontextmenu: ((event: MouseEvent) => {
            event.preventDefault();
            this.session.clearHotkey(slot);
          }) as EventListener,
          ondragover: ((event: DragEvent) => {
            if (event.dataTransfer?.types.includes(SPELL_DRAG_TYPE)) event.preventDefault();
          }) as EventListener,
          ondrop: ((event: DragEvent) => {
            const spellSlot = Number(event.dataTransfer?.getData(SPELL_DRAG_TYPE));
            if (!spellSlot) return;
            event.preventDefault();
            this.session.bindSpellHotkey(slot, spellSlot);
          }) as EventListener,
        },
        h("span", { className: "hotkey-key", text: key }),
        name,
      );
      this.cells.push({ button, name });
      this.element.append(button);
    }
  }

  /** Brings the bar up to date (every frame; cheap when nothing changed). */
  update(): void {
    const state = this.session.state;
    const enabled = state.phase === "in_world" && hotkeysEnabled(state);
    const key = enabled ? state.hotkeys.map((entry) => (entry === null ? "-" : `${entry.spellId}`)).join(",") + `|${state.spellCatalogue.size}` : "";
    if (key === this.shown) return;
    this.shown = key;
    this.element.hidden = !enabled;
    if (!enabled) return;
    this.cells.forEach(({ button, name }, slot) => {
      const entry = state.hotkeys[slot] ?? null;
      const label = entry === null ? "" : spellName(state.spellCatalogue, entry.spellId);
      setText(name, label);
      button.dataset.spell = String(entry?.spellId ?? 0);
      button.title = entry === null ? HOTKEY_TEXT.emptyTitle(slot) : HOTKEY_TEXT.spellTitle(slot, label);
    });
  }
}
