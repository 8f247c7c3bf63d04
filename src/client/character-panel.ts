/**
 * The character window (the "Personaje" button): the five attributes and the statistics
 * counters, the browser's version of the stock client's statistics window. Opening it asks the
 * server for both (`RequestAtributes`, `RequestMiniStats`), as the stock button does; the rows
 * show "?" until an answer came, then the last one. "Cerrar" or Escape closes it. Browser only.
 */
import { attributeRows, CHARACTER_TEXT, miniStatsRows, type CharacterRow } from "./character-sheet-rules.ts";
import type { ClientSession } from "./client-session.ts";
import { h } from "./dom.ts";
import { closeButton, servicePanel } from "./window-parts.ts";

export class CharacterPanel {
  readonly element: HTMLElement;
  private readonly attributes: HTMLElement;
  private readonly stats: HTMLElement;
  /** What the window last drew, to redraw only on change. */
  private shown = "";

  constructor(private readonly session: ClientSession) {
    const text = CHARACTER_TEXT;
    this.attributes = h("dl", { className: "character-list", id: "character-attributes" });
    this.stats = h("dl", { className: "character-list", id: "character-stats" });
    const close = closeButton("character-close", text.close, () => this.close());
    this.element = servicePanel(
      "character-panel",
      "character-title",
      () => this.close(),
      h("div", { className: "shop-head" }, h("h2", { id: "character-title", text: text.title }), close),
      h("h3", { text: text.attributesHeading }),
      this.attributes,
      h("h3", { text: text.statsHeading }),
      this.stats,
      h("p", { className: "inv-hint", text: text.hint }),
    );
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  open(): void {
    this.shown = "";
    this.element.hidden = false;
    this.session.requestCharacterSheet();
  }

  close(): void {
    this.element.hidden = true;
    if (this.element.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    if (!this.isOpen) return;
    const state = this.session.state;
    const attributes = attributeRows(state);
    const stats = miniStatsRows(state);
    const key = [...attributes, ...stats].map((row) => row.value).join("|");
    if (key === this.shown) return;
    this.shown = key;
    fill(this.attributes, attributes);
    fill(this.stats, stats);
  }
}

function fill(list: HTMLElement, rows: readonly CharacterRow[]): void {
  list.replaceChildren(...rows.flatMap((row) => [h("dt", { text: row.label }), h("dd", { "data-stat": row.key, text: row.value })]));
}
