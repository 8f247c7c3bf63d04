/**
 * The spell list of the sidebar (the tab next to the inventory, H): the book's slots as the
 * server sent them (`ChangeSpellSlot`), one row per slot up to the last learnt spell, with the
 * spell's name and mana from the world info ("Hechizo N" without it). Click selects a row;
 * "Lanzar", a double click or Enter casts it (`CastSpell`: the server asks for a target and the
 * crosshair comes up, or a self-cast spell goes off at once); "Subir" and "Bajar" move it
 * (`MoveSpell`) and the selection follows it. What each request may do is decided by the pure
 * spell-rules.ts, and the session checks it again. Browser only.
 *
 * Keyboard: the rows are buttons; inside the list the arrows move the selection (the player does
 * not walk), Enter casts, Escape goes back to the map.
 */
import type { ClientSession } from "./client-session.ts";
import { h } from "./dom.ts";
import { spellRows, type SpellRow } from "./spell-rules.ts";
import { hotkeyOfKey } from "./hotkey-rules.ts";
import { SPELL_TEXT } from "./ui-text.ts";

/** The drag data of a spell row: its book slot. */
export const SPELL_DRAG_TYPE = "application/x-ao-spell-slot";

export class SpellsPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly castButton: HTMLButtonElement;
  private readonly upButton: HTMLButtonElement;
  private readonly downButton: HTMLButtonElement;
  /** Selected slot (1-based), 0 = none. */
  private selected = 0;
  /** What the list last drew, to redraw only on change. */
  private shown = "";

  constructor(private readonly session: ClientSession) {
    const text = SPELL_TEXT;
    this.list = h("ol", {
      className: "spell-list",
      id: "spell-list",
      "aria-label": text.title,
      onkeydown: ((event: KeyboardEvent) => this.onKey(event)) as EventListener,
    });
    this.empty = h("p", { className: "inv-hint", id: "spell-empty", text: text.noSpells });
    this.castButton = h("button", { type: "button", id: "spell-cast", className: "primary", text: text.cast, onclick: (() => this.cast(this.selected)) as EventListener });
    this.upButton = h("button", { type: "button", id: "spell-up", text: text.up, onclick: (() => this.move(true)) as EventListener });
    this.downButton = h("button", { type: "button", id: "spell-down", text: text.down, onclick: (() => this.move(false)) as EventListener });
    this.element = h(
      "section",
      { className: "spells-panel", id: "spells-panel", "aria-label": text.title, hidden: true },
      this.list,
      this.empty,
      h("div", { className: "inv-actions" }, this.castButton, this.upButton, this.downButton),
      h("p", { className: "inv-hint", text: text.hint }),
    );
  }

  get isShown(): boolean {
    return !this.element.hidden;
  }

  /** The selected slot (0: none). */
  get selectedSlot(): number {
    return this.selected;
  }

  /** Brings the list up to date (every frame; cheap when nothing changed). */
  update(): void {
    if (!this.isShown) return;
    const rows = spellRows(this.session.state);
    if (this.selected > rows.length) this.selected = 0;
    const bindable = this.session.state.spellBook.bindable;
    const key = rows.map((row) => `${row.slot}:${row.spellId}:${row.name}:${row.mana ?? ""}:${bindable[row.slot - 1] === true}`).join(",");
    if (key !== this.shown) {
      // Rows are rebuilt only when the book changes, so a double click lands on the button it started on.
      this.shown = key;
      const hadFocus = this.list.contains(document.activeElement);
      this.list.replaceChildren(...rows.map((row) => h("li", {}, this.rowButton(row))));
      this.empty.hidden = rows.length > 0;
      if (hadFocus) this.buttonOf(this.selected)?.focus();
    }
    this.list.querySelectorAll<HTMLButtonElement>("button.spell-row").forEach((button) => {
      const chosen = Number(button.dataset.slot) === this.selected;
      button.classList.toggle("selected", chosen);
      const pressed = chosen ? "true" : "false";
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    });
    const chosen = rows[this.selected - 1];
    const filled = chosen !== undefined && chosen.spellId > 0;
    this.castButton.disabled = !filled;
    this.upButton.disabled = !filled || this.selected <= 1;
    this.downButton.disabled = !filled;
    if (this.element.dataset.selected !== String(this.selected)) this.element.dataset.selected = String(this.selected);
  }

  private buttonOf(slot: number): HTMLButtonElement | null {
    return this.list.querySelector<HTMLButtonElement>(`button[data-slot="${slot}"]`);
  }

  private rowButton(row: SpellRow): HTMLButtonElement {
    const filled = row.spellId > 0;
    // A spell the server marks bindable may be dragged onto the hotkey bar (hotkey-bar.ts).
    const bindable = filled && this.session.state.spellBook.bindable[row.slot - 1] === true;
    return h("button", {
      draggable: bindable ? "true" : "false",
      ondragstart: ((event: DragEvent) => {
        if (!bindable) return event.preventDefault();
        event.dataTransfer?.setData(SPELL_DRAG_TYPE, String(row.slot));
      }) as EventListener,
      type: "button",
      className: `spell-row${filled ? "" : " empty"}`,
      "data-slot": row.slot,
      "data-spell": row.spellId,
      "aria-pressed": "false",
      text: filled ? SPELL_TEXT.row(row.slot, row.name, row.mana) : SPELL_TEXT.emptyRow(row.slot),
      onclick: (() => this.select(row.slot)) as EventListener,
      ondblclick: (() => this.cast(row.slot)) as EventListener,
    });
  }

  private select(slot: number): void {
    this.selected = slot;
  }

  private cast(slot: number): void {
    // The button is disabled without a selection; a key may still land here.
    if (slot === 0) return;
    this.select(slot);
    this.session.castSpell(slot, performance.now());
    // The next click goes to the map: give the keyboard back to it (Escape, arrows).
    (document.activeElement as HTMLElement | null)?.blur();
  }

  private move(upwards: boolean): void {
    const sent = this.session.moveSpell(this.selected, upwards, performance.now());
    // The server swaps the two slots: the selection follows the spell.
    if (sent.ok) this.select(sent.value.to);
  }

  private onKey(event: KeyboardEvent): void {
    const rows = spellRows(this.session.state).length;
    if (rows === 0) return;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const from = this.selected || 1;
      const to = event.key === "ArrowUp" ? Math.max(1, from - 1) : Math.min(rows, this.selected === 0 ? 1 : from + 1);
      this.select(to);
      this.update();
      this.buttonOf(to)?.focus();
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      const slot = Number((event.target as HTMLElement | null)?.dataset?.slot ?? this.selected);
      if (slot > 0) this.cast(slot);
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur();
      return;
    }
    // 1 … 0 on a row put its spell on that hotkey slot (the keyboard's way to drag it there).
    const barSlot = hotkeyOfKey(event.code);
    if (barSlot !== null) {
      event.preventDefault();
      const slot = Number((event.target as HTMLElement | null)?.dataset?.slot ?? this.selected);
      if (slot > 0) this.session.bindSpellHotkey(barSlot, slot);
    }
  }

  /** Shows or hides the list (the sidebar tab). */
  show(on: boolean): void {
    this.element.hidden = !on;
    if (on) this.shown = "";
    else if (this.element.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  }
}
