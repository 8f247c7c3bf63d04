/**
 * The NPC shop window, shown over the right edge of the map next to the inventory while the
 * server keeps a shop open (`CommerceInit` … `CommerceEnd`): the trader's 42 slots (picture,
 * stock, unit price), a buy line for the chosen shop slot and a sell line for the slot chosen in
 * the inventory (with what the trader pays for it), each with an amount box (1 by default), the
 * gold, and a close button. Escape closes too (the game screen routes it here). Every request
 * goes through the session, which checks it (shop-rules.ts) and sends nothing when it is wrong;
 * the refusal is shown under the buttons as well as in the console. Browser only.
 */
import type { ClientSession } from "./client-session.ts";
import { SHOP_SLOTS, TILE_PX } from "./constants.ts";
import { h, setText } from "./dom.ts";
import { usableSlot, type ShopSlotView } from "./game-state.ts";
import type { ImageCache } from "./game-renderer.ts";
import { objectPicture, paintObjectIcon, type InventoryPanel } from "./inventory-panel.ts";
import { parseAmount } from "./inventory-rules.ts";
import { checkBuy, checkSell, shopSlot, type ShopCheck } from "./shop-rules.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import { INVENTORY_TEXT, SHOP_TEXT } from "./ui-text.ts";
import type { WorldInfo } from "./world-info.ts";

interface ShopCell {
  readonly button: HTMLButtonElement;
  readonly canvas: HTMLCanvasElement;
  readonly amount: HTMLElement;
  readonly price: HTMLElement;
  shown: string;
}

export class ShopPanel {
  readonly element: HTMLElement;
  private readonly title: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly cells: ShopCell[] = [];
  private readonly buyInfo: HTMLElement;
  private readonly buyAmount: HTMLInputElement;
  private readonly buyButton: HTMLButtonElement;
  private readonly sellInfo: HTMLElement;
  private readonly sellAmount: HTMLInputElement;
  private readonly sellButton: HTMLButtonElement;
  private readonly goldText: HTMLElement;
  private readonly error: HTMLElement;
  /** Chosen shop slot (1-based), 0 = none. */
  private selected = 0;
  private wasOpen = false;

  constructor(
    private readonly session: ClientSession,
    private readonly inventory: InventoryPanel,
    private readonly world: WorldInfo,
    private readonly sprites: SpriteIndex,
    private readonly images: ImageCache | null,
  ) {
    const text = SHOP_TEXT;
    this.title = h("h2", { id: "shop-title" });
    const close = h("button", { type: "button", id: "shop-close", className: "small", text: text.close, onclick: (() => this.close()) as EventListener });
    this.grid = h("div", { className: "shop-slots", id: "shop-slots", role: "group" });
    for (let slot = 1; slot <= SHOP_SLOTS; slot++) {
      const canvas = h("canvas", { width: TILE_PX, height: TILE_PX, "aria-hidden": "true" });
      const amount = h("span", { className: "amount", "aria-hidden": "true" });
      const price = h("span", { className: "price", "aria-hidden": "true" });
      const button = h("button", { type: "button", className: "slot shop-slot", "data-slot": slot, "aria-pressed": "false" }, canvas, amount, price);
      this.grid.append(button);
      this.cells.push({ button, canvas, amount, price, shown: "-" });
    }
    this.grid.addEventListener("click", (event) => {
      const button = (event.target as Element | null)?.closest?.("button[data-slot]");
      if (button instanceof HTMLElement) this.select(Number(button.dataset.slot));
    });
    this.grid.addEventListener("dblclick", (event) => {
      const button = (event.target as Element | null)?.closest?.("button[data-slot]");
      if (button instanceof HTMLElement) this.buy();
    });

    this.buyInfo = h("p", { className: "shop-line", id: "shop-buy-info" });
    this.buyAmount = h("input", { id: "shop-buy-amount", type: "text", inputmode: "numeric", autocomplete: "off", maxlength: 10, value: "1", "aria-label": `${text.amount} (${text.buy})` });
    this.buyButton = h("button", { type: "submit", id: "shop-buy", className: "primary", text: text.buy });
    this.sellInfo = h("p", { className: "shop-line", id: "shop-sell-info" });
    this.sellAmount = h("input", { id: "shop-sell-amount", type: "text", inputmode: "numeric", autocomplete: "off", maxlength: 10, value: "1", "aria-label": `${text.amount} (${text.sell})` });
    this.sellButton = h("button", { type: "submit", id: "shop-sell", text: text.sell });
    this.goldText = h("span", { className: "gold", id: "shop-gold" });
    this.error = h("p", { className: "form-error", id: "shop-error", role: "alert" });
    const form = (id: string, input: HTMLInputElement, button: HTMLButtonElement, act: () => void) =>
      h(
        "form",
        {
          className: "shop-deal",
          id,
          onsubmit: ((event: Event) => {
            event.preventDefault();
            act();
          }) as EventListener,
        },
        input,
        button,
      );
    this.element = h(
      "section",
      {
        className: "shop-panel",
        id: "shop-panel",
        hidden: true,
        "aria-labelledby": "shop-title",
        onkeydown: ((event: KeyboardEvent) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          this.close();
        }) as EventListener,
      },
      h("div", { className: "shop-head" }, this.title, close),
      this.grid,
      this.buyInfo,
      form("shop-buy-form", this.buyAmount, this.buyButton, () => this.buy()),
      this.sellInfo,
      form("shop-sell-form", this.sellAmount, this.sellButton, () => this.sell()),
      this.goldText,
      this.error,
      h("p", { className: "inv-hint", text: text.hint }),
    );
  }

  get isOpen(): boolean {
    return this.session.state.shop.open;
  }

  /** Asks the server to close the shop (the window goes when it answers). */
  close(): void {
    this.session.closeShop();
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    const state = this.session.state;
    const shop = state.shop;
    if (shop.open !== this.wasOpen) {
      this.wasOpen = shop.open;
      this.element.hidden = !shop.open;
      if (shop.open) {
        this.select(0);
        this.buyAmount.value = "1";
        this.sellAmount.value = "1";
        setText(this.error, "");
      } else if (this.element.contains(document.activeElement)) {
        (document.activeElement as HTMLElement).blur();
      }
    }
    if (!shop.open) return;
    setText(this.title, SHOP_TEXT.title(shop.npcName));
    this.cells.forEach((cell, i) => this.updateCell(cell, i + 1, shop.slots[i]));
    setText(this.goldText, SHOP_TEXT.gold(state.stats.gold));

    const offered = shopSlot(state, this.selected);
    if (this.selected !== 0 && !offered) this.select(0);
    setText(this.buyInfo, offered ? SHOP_TEXT.buyLine(this.nameOf(offered.objIndex), offered.price, offered.amount) : SHOP_TEXT.noBuySelection);
    this.buyButton.disabled = !offered;
    const held = usableSlot(state, this.inventory.selectedSlot);
    setText(this.sellInfo, held ? SHOP_TEXT.sellLine(this.nameOf(held.objIndex), held.salePrice, held.amount) : SHOP_TEXT.noSellSelection);
    this.sellButton.disabled = !held;
  }

  private buy(): void {
    const amount = parseAmount(this.buyAmount.value);
    this.showRefusal(checkBuy(this.session.state, this.selected, amount));
    // A refused request sends nothing; the session says why in the console too.
    this.session.buy(this.selected, amount, performance.now());
  }

  private sell(): void {
    const slot = this.inventory.selectedSlot;
    const amount = parseAmount(this.sellAmount.value);
    this.showRefusal(checkSell(this.session.state, slot, amount));
    this.session.sell(slot, amount, performance.now());
  }

  /** Says under the buttons why a request is refused (clears the line when it is not). */
  private showRefusal(check: ShopCheck<unknown>): void {
    setText(this.error, check.ok ? "" : SHOP_TEXT.refusals[check.reason]);
  }

  private select(slot: number): void {
    this.selected = slot;
    this.cells.forEach((cell, i) => {
      const on = i + 1 === slot;
      cell.button.classList.toggle("selected", on);
      cell.button.setAttribute("aria-pressed", String(on));
    });
  }

  private updateCell(cell: ShopCell, slot: number, view: ShopSlotView | undefined): void {
    const filled = view !== undefined && view.objIndex > 0 && view.amount > 0;
    const picture = filled ? objectPicture(this.sprites, this.images, view.objIndex) : null;
    const key = filled ? `${view.objIndex}:${view.amount}:${view.price}:${view.canUse}:${picture !== null}` : "";
    if (cell.shown === key) return;
    cell.shown = key;
    const button = cell.button;
    button.classList.toggle("filled", filled);
    button.classList.toggle("unusable", filled && view.canUse !== 0);
    const ctx = cell.canvas.getContext("2d");
    ctx?.clearRect(0, 0, TILE_PX, TILE_PX);
    if (!filled) {
      delete button.dataset.obj;
      delete button.dataset.amount;
      delete button.dataset.price;
      button.title = "";
      button.setAttribute("aria-label", SHOP_TEXT.emptySlot(slot));
      cell.amount.textContent = "";
      cell.price.textContent = "";
      return;
    }
    button.dataset.obj = String(view.objIndex);
    button.dataset.amount = String(view.amount);
    button.dataset.price = String(view.price);
    if (ctx) paintObjectIcon(ctx, this.sprites, view.objIndex, picture);
    const label = SHOP_TEXT.slotLabel(slot, this.nameOf(view.objIndex), view.amount, view.price);
    button.setAttribute("aria-label", label);
    button.title = view.canUse !== 0 ? `${label}\n${INVENTORY_TEXT.cannotUse(view.canUse)}` : label;
    cell.amount.textContent = String(view.amount);
    cell.price.textContent = SHOP_TEXT.price(view.price);
  }

  private nameOf(objIndex: number): string {
    return this.world.objectNames.get(objIndex) ?? INVENTORY_TEXT.unknownObject(objIndex);
  }
}
