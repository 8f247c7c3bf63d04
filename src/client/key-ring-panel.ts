/**
 * The key ring window (L, or the "Llavero" button): the ring's keys as buttons; a click sends
 * `UseKey(slot)` for the door last clicked on the map (key-ring-rules.ts). It shares the skills
 * and character windows' place. Browser only.
 */
import type { ClientSession } from "./client-session.ts";
import { h } from "./dom.ts";
import { KEY_RING_TEXT, keyRingRows } from "./key-ring-rules.ts";
import { closeButton, servicePanel } from "./window-parts.ts";

export class KeyRingPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly empty: HTMLElement;
  /** What the window last drew, to redraw only on change. */
  private shown = "";

  constructor(
    private readonly session: ClientSession,
    private readonly names: ReadonlyMap<number, string>,
  ) {
    const text = KEY_RING_TEXT;
    this.list = h("ol", { className: "key-ring-list", id: "key-ring-list" });
    this.empty = h("p", { className: "shop-line", id: "key-ring-empty", text: text.empty });
    const close = closeButton("key-ring-close", text.close, () => this.close());
    this.element = servicePanel(
      "key-ring-panel",
      "key-ring-title",
      () => this.close(),
      h("div", { className: "shop-head" }, h("h2", { id: "key-ring-title", text: text.title }), close),
      this.empty,
      this.list,
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
  }

  close(): void {
    this.element.hidden = true;
    if (this.element.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    if (!this.isOpen) return;
    const rows = keyRingRows(this.session.state.stats.keyRing, this.names);
    const key = rows.map((row) => `${row.slot}:${row.objIndex}`).join("|");
    if (key === this.shown) return;
    this.shown = key;
    this.empty.hidden = rows.length > 0;
    this.list.replaceChildren(
      ...rows.map((row) =>
        h(
          "li",
          { "data-slot": row.slot },
          h("button", { type: "button", className: "key-ring-key", id: `key-ring-${row.slot}`, text: `${row.slot}. ${row.name}`, title: KEY_RING_TEXT.use(row.name), onclick: (() => this.session.useKey(row.slot)) as EventListener }),
        ),
      ),
    );
  }
}
