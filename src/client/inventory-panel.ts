/**
 * The inventory panel of the game view: the slot grid (picture, amount, equipped mark, name on
 * hover), the selected slot's actions, the amount box for drops, the gold line and the pick-up
 * notices. It turns clicks, double clicks, drags and keys into session requests; what each one
 * means (double click → use or equip, key → action, which amounts may be asked) is decided by
 * the pure inventory-rules.ts, and every request is checked again by the session. Browser only.
 *
 * Keyboard: the grid is one tab stop; inside it the arrows move between slots, Enter uses or
 * equips, Escape goes back to the map. Anywhere in the game (outside text boxes) U uses, E
 * equips, T drops (Shift+T the whole stack), A picks up.
 */
import { paintObject } from "./char-painter.ts";
import type { ClientSession } from "./client-session.ts";
import { INVENTORY_ROW_SLOTS, PICKUP_NOTICE_MS, TILE_PX } from "./constants.ts";
import { h, setText } from "./dom.ts";
import { pushConsole, usableSlot, type InventorySlotView } from "./game-state.ts";
import type { ImageCache } from "./game-renderer.ts";
import { allGold, checkDelete, checkGoldDrop, checkItemDrop, inventoryKeyAction, parseAmount, wholeStack, type InventoryCheck, type InventoryKeyAction } from "./inventory-rules.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import { INVENTORY_TEXT } from "./ui-text.ts";
import type { WorldInfo } from "./world-info.ts";

/** What the prompt under the grid is asking. */
type Prompt = { readonly kind: "drop"; readonly slot: number } | { readonly kind: "gold" } | { readonly kind: "destroy"; readonly slot: number };

/** How much bigger than on the ground our own object art is drawn in a slot. */
const PROCEDURAL_ICON_SCALE = 1.6;

/** Drag data type of a slot number (other drags, e.g. files, are not ours). */
const SLOT_DRAG_TYPE = "application/x-argentum-slot";

interface SlotCell {
  readonly button: HTMLButtonElement;
  readonly canvas: HTMLCanvasElement;
  readonly amount: HTMLElement;
  /** What is drawn now, so unchanged slots are not redrawn every frame. */
  shown: string;
}

export class InventoryPanel {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly cells: SlotCell[] = [];
  private readonly goldText: HTMLElement;
  private readonly dropGoldButton: HTMLButtonElement;
  private readonly buttons: { readonly activate: HTMLButtonElement; readonly equip: HTMLButtonElement; readonly drop: HTMLButtonElement; readonly destroy: HTMLButtonElement };
  private readonly promptForm: HTMLFormElement;
  private readonly promptText: HTMLElement;
  private readonly promptInput: HTMLInputElement;
  private readonly promptError: HTMLElement;
  private readonly promptOk: HTMLButtonElement;
  private readonly promptAll: HTMLButtonElement;
  private readonly notice: HTMLElement;
  /** Selected slot (1-based), 0 = none. */
  private selected = 0;
  private prompt: Prompt | null = null;
  /** The focused slot before the prompt took the focus (given back when it closes). */
  private focusBeforePrompt: Element | null = null;
  private lastNoticeId = 0;
  private noticeUntilMs = 0;

  constructor(
    private readonly session: ClientSession,
    private readonly world: WorldInfo,
    private readonly sprites: SpriteIndex,
    private readonly images: ImageCache | null,
  ) {
    const text = INVENTORY_TEXT;
    this.grid = h("div", { className: "inventory", id: "inventory", role: "group", "aria-label": text.title });
    this.grid.style.setProperty("--inventory-columns", String(INVENTORY_ROW_SLOTS));
    this.buttons = {
      activate: h("button", { type: "button", id: "inv-use", text: text.actions.use, onclick: (() => this.activate(this.selected)) as EventListener }),
      equip: h("button", { type: "button", id: "inv-equip", text: text.actions.equip, onclick: (() => this.perform("equip")) as EventListener }),
      drop: h("button", { type: "button", id: "inv-drop", text: text.actions.drop, onclick: ((event: MouseEvent) => this.perform(event.shiftKey ? "drop-all" : "drop")) as EventListener }),
      destroy: h("button", { type: "button", id: "inv-destroy", text: text.actions.destroy, onclick: (() => this.askDestroy()) as EventListener }),
    };
    const pickUp = h("button", { type: "button", id: "inv-pickup", text: text.actions.pickUp, onclick: (() => this.perform("pick-up")) as EventListener });

    this.promptText = h("label", { className: "inv-prompt-text", id: "inv-prompt-text", for: "inv-amount" });
    this.promptInput = h("input", { id: "inv-amount", type: "text", inputmode: "numeric", autocomplete: "off", maxlength: 10, "aria-describedby": "inv-prompt-error" });
    this.promptError = h("p", { className: "form-error", id: "inv-prompt-error", role: "alert" });
    this.promptOk = h("button", { type: "submit", id: "inv-prompt-ok", className: "primary", text: text.actions.drop });
    this.promptAll = h("button", { type: "button", id: "inv-prompt-all", text: text.actions.all, onclick: (() => this.submitPrompt(true)) as EventListener });
    const cancel = h("button", { type: "button", id: "inv-prompt-cancel", text: text.actions.cancel, onclick: (() => this.closePrompt()) as EventListener });
    this.promptForm = h(
      "form",
      {
        className: "inv-prompt",
        id: "inv-prompt",
        hidden: true,
        onsubmit: ((event: Event) => {
          event.preventDefault();
          this.submitPrompt(false);
        }) as EventListener,
        onkeydown: ((event: KeyboardEvent) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          this.closePrompt();
        }) as EventListener,
      },
      this.promptText,
      this.promptInput,
      this.promptError,
      h("div", { className: "inv-prompt-actions" }, this.promptOk, this.promptAll, cancel),
    );

    this.goldText = h("span", { className: "gold", id: "hud-gold" });
    this.dropGoldButton = h("button", { type: "button", id: "drop-gold", className: "small", text: text.actions.dropGold, onclick: (() => this.askGold()) as EventListener });
    this.notice = h("div", { className: "inv-notice", id: "inv-notice", "aria-live": "polite" });
    this.element = h(
      "section",
      { className: "inventory-panel", id: "inventory-panel", "aria-label": text.title },
      h("h2", { text: text.title }),
      this.grid,
      h("div", { className: "inv-actions" }, this.buttons.activate, this.buttons.equip, this.buttons.drop, pickUp, this.buttons.destroy),
      this.promptForm,
      h("div", { className: "inv-gold-row" }, this.goldText, this.dropGoldButton),
      this.notice,
      h("p", { className: "inv-hint", text: text.keysHint }),
    );
    this.listen();
  }

  /** Acts on a game key (focus outside text boxes); true when the key was an inventory key. */
  handleKey(event: KeyboardEvent): boolean {
    const action = inventoryKeyAction(event.code, event.shiftKey);
    if (action === null) return false;
    // One press, one action: a held key must not flood the server (the stock client acts on key up).
    if (!event.repeat) this.perform(action);
    return true;
  }

  /** The selected inventory slot (1-based), 0 when none (the shop window sells it). */
  get selectedSlot(): number {
    return this.selected;
  }

  /** Brings the DOM up to date with the session (called every frame; cheap when nothing changed). */
  update(nowMs: number): void {
    const state = this.session.state;
    this.syncCellCount(state.inventorySlots);
    this.cells.forEach((cell, i) => this.updateCell(cell, i + 1, state.inventory[i]));
    setText(this.goldText, INVENTORY_TEXT.gold(state.stats.gold));
    this.dropGoldButton.disabled = state.stats.gold <= 0;
    const held = usableSlot(state, this.selected);
    this.buttons.activate.disabled = !held;
    this.buttons.equip.disabled = !held;
    this.buttons.drop.disabled = !held;
    this.buttons.destroy.disabled = !held || held.equipped;
    // The item the prompt asks about is gone (used up, moved, dropped elsewhere): nothing to ask.
    if (this.prompt && this.prompt.kind !== "gold" && !usableSlot(state, this.prompt.slot)) this.closePrompt();
    this.updateNotice(nowMs);
  }

  // ------------------------------------------------------------------ requests

  private perform(action: InventoryKeyAction): void {
    const nowMs = performance.now();
    if (action === "pick-up") {
      this.session.pickUp(nowMs);
      return;
    }
    if (this.selected === 0) {
      pushConsole(this.session.state, INVENTORY_TEXT.noSelection, "warning", nowMs);
      return;
    }
    switch (action) {
      case "use":
        this.session.useItemWithKey(this.selected, nowMs);
        return;
      case "equip":
        this.session.equipItem(this.selected, nowMs);
        return;
      case "drop":
      case "drop-all":
        this.startDrop(this.selected, action === "drop-all");
        return;
    }
  }

  /** Double click, Enter, or the Use button: use or equip by the object's type. */
  private activate(slot: number): void {
    if (slot === 0) {
      pushConsole(this.session.state, INVENTORY_TEXT.noSelection, "warning", performance.now());
      return;
    }
    const held = usableSlot(this.session.state, slot);
    this.session.activateSlot(slot, held ? this.world.objectTypes.get(held.objIndex) : undefined, performance.now());
  }

  /** Drops one unit at once, the stack with Shift, and asks how many otherwise (as the stock client). */
  private startDrop(slot: number, whole: boolean): void {
    const nowMs = performance.now();
    const held = usableSlot(this.session.state, slot);
    if (!held || held.amount === 1 || whole) {
      // An empty slot goes through too: the session says why nothing was dropped.
      this.session.dropItem(slot, held ? wholeStack(held) : 1, nowMs);
      return;
    }
    this.openPrompt({ kind: "drop", slot }, INVENTORY_TEXT.askAmount(this.nameOf(held.objIndex), wholeStack(held)), INVENTORY_TEXT.actions.drop, true);
  }

  private askGold(): void {
    const gold = this.session.state.stats.gold;
    if (gold <= 0) return;
    this.openPrompt({ kind: "gold" }, INVENTORY_TEXT.askGold(allGold(gold)), INVENTORY_TEXT.actions.drop, true);
  }

  private askDestroy(): void {
    const held = usableSlot(this.session.state, this.selected);
    const check = checkDelete(this.session.state, this.selected);
    if (!held || !check.ok) {
      // Let the session word the refusal (equipped, empty …).
      this.session.deleteItem(this.selected, performance.now());
      return;
    }
    this.openPrompt({ kind: "destroy", slot: this.selected }, INVENTORY_TEXT.confirmDestroy(this.nameOf(held.objIndex)), INVENTORY_TEXT.actions.confirmDestroy, false);
  }

  private openPrompt(prompt: Prompt, question: string, okLabel: string, asksAmount: boolean): void {
    // Only a focused slot gets the focus back (keyboard play in the grid); otherwise the keys
    // return to the map, not to a button that Enter would press again.
    if (!this.prompt) this.focusBeforePrompt = this.grid.contains(document.activeElement) ? document.activeElement : null;
    this.prompt = prompt;
    setText(this.promptText, question);
    setText(this.promptOk, okLabel);
    setText(this.promptError, "");
    this.promptInput.hidden = !asksAmount;
    this.promptAll.hidden = !asksAmount;
    this.promptInput.value = "1";
    this.promptForm.dataset.kind = prompt.kind;
    this.promptForm.hidden = false;
    if (asksAmount) {
      this.promptInput.focus();
      this.promptInput.select();
    } else {
      this.promptOk.focus();
    }
  }

  private submitPrompt(all: boolean): void {
    const prompt = this.prompt;
    if (!prompt) return;
    const state = this.session.state;
    const nowMs = performance.now();
    if (prompt.kind === "destroy") {
      this.closePrompt();
      this.session.deleteItem(prompt.slot, nowMs);
      return;
    }
    const typed = parseAmount(this.promptInput.value);
    if (prompt.kind === "gold") {
      const amount = all ? allGold(state.stats.gold) : typed;
      if (!this.acceptable(checkGoldDrop(state, amount))) return;
      this.closePrompt();
      this.session.dropGold(amount, nowMs);
      return;
    }
    const held = usableSlot(state, prompt.slot);
    const amount = all && held ? wholeStack(held) : typed;
    if (!this.acceptable(checkItemDrop(state, prompt.slot, amount))) return;
    this.closePrompt();
    this.session.dropItem(prompt.slot, amount, nowMs);
  }

  /** True when the check passed; otherwise says why next to the box, which stays open. */
  private acceptable(check: InventoryCheck<unknown>): boolean {
    if (check.ok) return true;
    setText(this.promptError, INVENTORY_TEXT.refusals[check.reason]);
    this.promptInput.focus();
    this.promptInput.select();
    return false;
  }

  private closePrompt(): void {
    if (!this.prompt) return;
    this.prompt = null;
    this.promptForm.hidden = true;
    delete this.promptForm.dataset.kind;
    const back = this.focusBeforePrompt;
    this.focusBeforePrompt = null;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    else if (this.promptForm.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  }

  // ------------------------------------------------------------------ grid

  private listen(): void {
    const slotOf = (event: Event): number => {
      const button = (event.target as Element | null)?.closest?.("button[data-slot]");
      return button instanceof HTMLElement ? Number(button.dataset.slot) : 0;
    };
    this.grid.addEventListener("click", (event) => {
      const slot = slotOf(event);
      if (slot === 0) return;
      // The game screen takes the focus back from mouse-clicked buttons: the arrows keep walking
      // and the game keys act on this selection.
      this.select(slot);
    });
    this.grid.addEventListener("dblclick", (event) => {
      const slot = slotOf(event);
      if (slot > 0) this.activate(slot);
    });
    this.grid.addEventListener("focusin", (event) => {
      const slot = slotOf(event);
      if (slot > 0) this.select(slot);
    });
    this.grid.addEventListener("keydown", (event) => this.onGridKey(event, slotOf(event)));
    this.grid.addEventListener("dragstart", (event) => {
      const slot = slotOf(event);
      if (slot === 0 || !usableSlot(this.session.state, slot) || !event.dataTransfer) {
        event.preventDefault();
        return;
      }
      event.dataTransfer.setData(SLOT_DRAG_TYPE, String(slot));
      event.dataTransfer.effectAllowed = "move";
      this.select(slot);
    });
    this.grid.addEventListener("dragover", (event) => {
      if (slotOf(event) > 0 && event.dataTransfer?.types.includes(SLOT_DRAG_TYPE)) {
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
      }
    });
    this.grid.addEventListener("drop", (event) => {
      const to = slotOf(event);
      const from = Number(event.dataTransfer?.getData(SLOT_DRAG_TYPE) ?? "");
      if (to === 0 || !Number.isInteger(from) || from === 0) return;
      event.preventDefault();
      // Dropping a slot on itself is no move (the stock client checks `Drag <> Drop` too).
      if (from === to) return;
      if (this.session.moveItem(from, to, performance.now())) this.select(to);
    });
  }

  /** Keys while a slot has the focus: arrows move, Enter uses/equips, Escape leaves the grid. */
  private onGridKey(event: KeyboardEvent, slot: number): void {
    if (slot === 0 || event.ctrlKey || event.altKey || event.metaKey) return;
    const count = this.cells.length;
    const moves: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -INVENTORY_ROW_SLOTS, ArrowDown: INVENTORY_ROW_SLOTS };
    let target = 0;
    if (event.key in moves) target = slot + moves[event.key]!;
    else if (event.key === "Home") target = 1;
    else if (event.key === "End") target = count;
    if (target !== 0) {
      event.preventDefault();
      if (target >= 1 && target <= count) this.cells[target - 1]!.button.focus();
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      if (!event.repeat) this.activate(slot);
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.cells[slot - 1]?.button.blur();
    }
  }

  private select(slot: number): void {
    if (this.selected === slot) return;
    this.selected = slot;
    this.cells.forEach((cell, i) => {
      const on = i + 1 === slot;
      cell.button.classList.toggle("selected", on);
      cell.button.setAttribute("aria-pressed", String(on));
      // Roving tab stop: Tab enters the grid at the selected slot.
      cell.button.tabIndex = on || (slot === 0 && i === 0) ? 0 : -1;
    });
  }

  private syncCellCount(count: number): void {
    while (this.cells.length < count) {
      const slot = this.cells.length + 1;
      const canvas = h("canvas", { width: TILE_PX, height: TILE_PX, "aria-hidden": "true" });
      const amount = h("span", { className: "amount", "aria-hidden": "true" });
      const mark = h("span", { className: "equipped-mark", "aria-hidden": "true", text: "E" });
      const button = h("button", { type: "button", className: "slot", "data-slot": slot, "aria-pressed": "false" }, canvas, amount, mark);
      button.tabIndex = this.selected === slot || (this.selected === 0 && slot === 1) ? 0 : -1;
      this.grid.append(button);
      this.cells.push({ button, canvas, amount, shown: "" });
    }
    while (this.cells.length > count) this.cells.pop()!.button.remove();
    if (this.selected > count) this.select(0);
  }

  private updateCell(cell: SlotCell, slot: number, view: InventorySlotView | undefined): void {
    const filled = view !== undefined && view.objIndex > 0;
    const picture = filled ? this.pictureOf(view.objIndex) : null;
    const key = filled ? `${view.objIndex}:${view.amount}:${view.equipped}:${view.canUse}:${picture !== null}` : "";
    if (cell.shown === key) return;
    cell.shown = key;
    const button = cell.button;
    button.classList.toggle("filled", filled);
    button.classList.toggle("equipped", filled && view.equipped);
    button.classList.toggle("unusable", filled && view.canUse !== 0);
    button.draggable = filled;
    const ctx = cell.canvas.getContext("2d");
    ctx?.clearRect(0, 0, TILE_PX, TILE_PX);
    if (!filled) {
      delete button.dataset.obj;
      delete button.dataset.amount;
      delete button.dataset.equipped;
      button.title = "";
      button.setAttribute("aria-label", INVENTORY_TEXT.emptySlot(slot));
      cell.amount.textContent = "";
      return;
    }
    button.dataset.obj = String(view.objIndex);
    button.dataset.amount = String(view.amount);
    if (view.equipped) button.dataset.equipped = "true";
    else delete button.dataset.equipped;
    if (ctx) this.paintIcon(ctx, view.objIndex, picture);
    const label = INVENTORY_TEXT.slotLabel(slot, this.nameOf(view.objIndex), view.amount, view.equipped);
    button.setAttribute("aria-label", label);
    button.title = view.canUse !== 0 ? `${label}\n${INVENTORY_TEXT.cannotUse(view.canUse)}` : label;
    cell.amount.textContent = view.amount > 1 ? String(view.amount) : "";
  }

  private pictureOf(objIndex: number): ObjectPicture | null {
    return objectPicture(this.sprites, this.images, objIndex);
  }

  private paintIcon(ctx: CanvasRenderingContext2D, objIndex: number, picture: ObjectPicture | null): void {
    paintObjectIcon(ctx, this.sprites, objIndex, picture);
  }

  private nameOf(objIndex: number): string {
    return this.world.objectNames.get(objIndex) ?? INVENTORY_TEXT.unknownObject(objIndex);
  }

  /** Shows the newest pick-up for a while, and leaves a line in the console for each. */
  private updateNotice(nowMs: number): void {
    const state = this.session.state;
    for (const pickUp of state.pickUps) {
      if (pickUp.id <= this.lastNoticeId) continue;
      this.lastNoticeId = pickUp.id;
      const text = INVENTORY_TEXT.pickedUp(pickUp.amount, this.nameOf(pickUp.objIndex));
      setText(this.notice, text);
      pushConsole(state, text, "info", nowMs);
      this.noticeUntilMs = pickUp.atMs + PICKUP_NOTICE_MS;
    }
    if (this.noticeUntilMs !== 0 && nowMs >= this.noticeUntilMs) {
      this.noticeUntilMs = 0;
      setText(this.notice, "");
    }
  }
}

/** An object's AO picture, ready to draw. */
export interface ObjectPicture {
  readonly image: CanvasImageSource;
  readonly sx: number;
  readonly sy: number;
  readonly w: number;
  readonly h: number;
}

/** The AO picture of an object when its image is loaded (asking for it otherwise), else null. */
export function objectPicture(sprites: SpriteIndex, images: ImageCache | null, objIndex: number): ObjectPicture | null {
  if (!images) return null;
  const picture = sprites.objectPicture(objIndex);
  if (!picture) return null;
  const image = images.get(picture.file);
  return image ? { image, sx: picture.sx, sy: picture.sy, w: picture.w, h: picture.h } : null;
}

/** Draws an object in a `TILE_PX` slot canvas: its AO picture, or our own art enlarged. */
export function paintObjectIcon(ctx: CanvasRenderingContext2D, sprites: SpriteIndex, objIndex: number, picture: ObjectPicture | null): void {
  if (!picture) {
    // Our own art is drawn small for a ground tile, low in it: centred and enlarged here so the
    // shape reads at slot size.
    ctx.save();
    ctx.translate(TILE_PX / 2, TILE_PX / 2);
    ctx.scale(PROCEDURAL_ICON_SCALE, PROCEDURAL_ICON_SCALE);
    ctx.translate(-TILE_PX / 2, -TILE_PX / 2);
    paintObject(ctx, sprites.groundObject(objIndex), 1, 0, -4);
    ctx.restore();
    return;
  }
  // AO inventory pictures are 32 × 32; bigger ones (objects drawn standing) are shrunk to fit.
  const scale = Math.min(1, TILE_PX / Math.max(picture.w, picture.h));
  const w = picture.w * scale;
  const h = picture.h * scale;
  ctx.imageSmoothingEnabled = scale < 1;
  ctx.drawImage(picture.image, picture.sx, picture.sy, picture.w, picture.h, (TILE_PX - w) / 2, (TILE_PX - h) / 2, w, h);
}
