/**
 * Parts the vault and trade windows share: a grid of item slots for objects the inventory does
 * not hold (the vault's 42 slots to choose from, the six slots of each side of a trade, only
 * shown), an amount box and a one-line deal form. Each slot shows the object's picture and
 * amount and carries `data-slot`, `data-obj` and `data-amount` (tests and assistive tools read
 * them); it is redrawn only when what it shows changed. Browser only.
 */
import { TILE_PX } from "./constants.ts";
import { h } from "./dom.ts";
import type { ImageCache } from "./game-renderer.ts";
import { objectPicture, paintObjectIcon } from "./inventory-panel.ts";
import type { SpriteIndex } from "./sprite-index.ts";

/** What one slot shows; objIndex 0 (or no amount) = empty. */
export interface SlotGridItem {
  readonly objIndex: number;
  readonly amount: number;
  /** `CanUseObject` code: non-zero tints the picture (the server says it is not for us). */
  readonly canUse?: number;
}

export interface SlotGridOptions {
  /** Element id of the grid. */
  readonly id: string;
  readonly count: number;
  /** Accessible name of the whole grid. */
  readonly label: string;
  /** Slots are buttons that can be chosen (a click selects, a double click calls `onActivate`). */
  readonly selectable: boolean;
  readonly onActivate?: (slot: number) => void;
}

interface Cell {
  readonly element: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly amount: HTMLElement;
  shown: string;
}

export class SlotGrid<T extends SlotGridItem = SlotGridItem> {
  readonly element: HTMLElement;
  private readonly cells: Cell[] = [];
  /** Chosen slot (1-based), 0 = none. */
  private chosen = 0;

  constructor(
    private readonly options: SlotGridOptions,
    private readonly sprites: SpriteIndex,
    private readonly images: ImageCache | null,
  ) {
    this.element = h("div", { className: "slot-grid", id: options.id, role: "group", "aria-label": options.label });
    for (let slot = 1; slot <= options.count; slot++) {
      const canvas = h("canvas", { width: TILE_PX, height: TILE_PX, "aria-hidden": "true" });
      const amount = h("span", { className: "amount", "aria-hidden": "true" });
      const element = options.selectable
        ? h("button", { type: "button", className: "slot", "data-slot": slot, "aria-pressed": "false" }, canvas, amount)
        : h("div", { className: "slot", "data-slot": slot, role: "img" }, canvas, amount);
      this.element.append(element);
      this.cells.push({ element, canvas, amount, shown: "-" });
    }
    if (!options.selectable) return;
    const slotOf = (event: Event): number => {
      const button = (event.target as Element | null)?.closest?.("button[data-slot]");
      return button instanceof HTMLElement ? Number(button.dataset.slot) : 0;
    };
    this.element.addEventListener("click", (event) => {
      const slot = slotOf(event);
      if (slot > 0) this.select(slot);
    });
    this.element.addEventListener("dblclick", (event) => {
      const slot = slotOf(event);
      if (slot > 0) options.onActivate?.(slot);
    });
  }

  /** The chosen slot (1-based), 0 when none. */
  get selected(): number {
    return this.chosen;
  }

  select(slot: number): void {
    this.chosen = slot;
    this.cells.forEach((cell, i) => {
      const on = i + 1 === slot;
      cell.element.classList.toggle("selected", on);
      if (this.options.selectable) cell.element.setAttribute("aria-pressed", String(on));
    });
  }

  /**
   * Shows `items` (slot n at index n - 1); `label` names a filled slot, `emptyLabel` an empty one.
   * Cheap when nothing changed.
   */
  update(items: readonly (T | undefined)[], label: (slot: number, item: T) => string, emptyLabel: (slot: number) => string): void {
    this.cells.forEach((cell, i) => this.updateCell(cell, i + 1, items[i], label, emptyLabel));
  }

  private updateCell(cell: Cell, slot: number, item: T | undefined, label: (slot: number, item: T) => string, emptyLabel: (slot: number) => string): void {
    const filled = item !== undefined && item.objIndex > 0 && item.amount > 0;
    const picture = filled ? objectPicture(this.sprites, this.images, item.objIndex) : null;
    const text = filled ? label(slot, item) : emptyLabel(slot);
    const key = filled ? `${item.objIndex}:${item.amount}:${item.canUse ?? 0}:${picture !== null}:${text}` : `:${text}`;
    if (cell.shown === key) return;
    cell.shown = key;
    const element = cell.element;
    element.classList.toggle("filled", filled);
    element.classList.toggle("unusable", filled && (item.canUse ?? 0) !== 0);
    element.setAttribute("aria-label", text);
    element.title = filled ? text : "";
    const ctx = cell.canvas.getContext("2d");
    ctx?.clearRect(0, 0, TILE_PX, TILE_PX);
    if (!filled) {
      delete element.dataset.obj;
      delete element.dataset.amount;
      cell.amount.textContent = "";
      return;
    }
    element.dataset.obj = String(item.objIndex);
    element.dataset.amount = String(item.amount);
    if (ctx) paintObjectIcon(ctx, this.sprites, item.objIndex, picture);
    cell.amount.textContent = item.amount > 1 ? String(item.amount) : "";
  }
}

/** An amount box as the windows use it: digits only (checked on submit), 1 to start with. */
export function amountInput(id: string, label: string): HTMLInputElement {
  return h("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", maxlength: 10, value: "1", "aria-label": label });
}

/** A one-line form (amount box and buttons) whose submit runs `act`. */
export function dealForm(id: string, act: () => void, ...children: HTMLElement[]): HTMLFormElement {
  return h(
    "form",
    {
      className: "shop-deal",
      id,
      onsubmit: ((event: Event) => {
        event.preventDefault();
        act();
      }) as EventListener,
    },
    ...children,
  );
}

/** A window's close button (a small one, in its head). */
export function closeButton(id: string, text: string, onClose: () => void): HTMLButtonElement {
  return h("button", { type: "button", id, className: "small", text, onclick: (() => onClose()) as EventListener });
}

/**
 * A service window over the right edge of the map: a hidden section with class and id `id`,
 * named by its title element `titleId`, that Escape closes through `onClose`.
 */
export function servicePanel(id: string, titleId: string, onClose: () => void, ...children: HTMLElement[]): HTMLElement {
  return h(
    "section",
    {
      className: `service-panel ${id}`,
      id,
      hidden: true,
      "aria-labelledby": titleId,
      onkeydown: ((event: KeyboardEvent) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        onClose();
      }) as EventListener,
    },
    ...children,
  );
}

/** A window being hidden gives the focus back when it holds it. */
export function blurWithin(element: HTMLElement): void {
  if (element.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
}
