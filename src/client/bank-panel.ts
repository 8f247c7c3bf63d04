/**
 * The bank vault window, shown over the right edge of the map next to the inventory while the
 * server keeps the vault open (`BankInit` … `BankEnd`): the vault's 42 slots, a withdraw line
 * for the chosen vault slot and a deposit line for the slot chosen in the inventory, each with an
 * amount box (1 by default), the vault's gold and the wallet with a gold amount box to deposit or
 * withdraw, and a close button. Escape closes too. Every request goes through the session, which
 * checks it (bank-rules.ts) and sends nothing when it is wrong; the refusal is shown under the
 * buttons as well as in the console. Browser only.
 */
import { checkDeposit, checkGoldDeposit, checkGoldWithdraw, checkWithdraw, vaultSlot, type BankCheck } from "./bank-rules.ts";
import type { ClientSession } from "./client-session.ts";
import { BANK_SLOT_COUNT } from "../game/character/index.ts";
import { h, setText } from "./dom.ts";
import { usableSlot, type BankSlotView } from "./game-state.ts";
import type { ImageCache } from "./game-renderer.ts";
import type { InventoryPanel } from "./inventory-panel.ts";
import { parseAmount } from "./inventory-rules.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import { BANK_TEXT, INVENTORY_TEXT } from "./ui-text.ts";
import { amountInput, blurWithin, closeButton, dealForm, servicePanel, SlotGrid } from "./window-parts.ts";
import type { WorldInfo } from "./world-info.ts";

export class BankPanel {
  readonly element: HTMLElement;
  private readonly grid: SlotGrid<BankSlotView>;
  private readonly withdrawInfo: HTMLElement;
  private readonly withdrawAmount: HTMLInputElement;
  private readonly withdrawButton: HTMLButtonElement;
  private readonly depositInfo: HTMLElement;
  private readonly depositAmount: HTMLInputElement;
  private readonly depositButton: HTMLButtonElement;
  private readonly vaultGold: HTMLElement;
  private readonly wallet: HTMLElement;
  private readonly goldAmount: HTMLInputElement;
  private readonly error: HTMLElement;
  private wasOpen = false;

  constructor(
    private readonly session: ClientSession,
    private readonly inventory: InventoryPanel,
    private readonly world: WorldInfo,
    sprites: SpriteIndex,
    images: ImageCache | null,
  ) {
    const text = BANK_TEXT;
    const close = closeButton("bank-close", text.close, () => this.session.closeVault());
    this.grid = new SlotGrid<BankSlotView>({ id: "bank-slots", count: BANK_SLOT_COUNT, label: text.title, selectable: true, onActivate: () => this.withdraw() }, sprites, images);

    this.withdrawInfo = h("p", { className: "shop-line", id: "bank-withdraw-info" });
    this.withdrawAmount = amountInput("bank-withdraw-amount", `${text.amount} (${text.withdraw})`);
    this.withdrawButton = h("button", { type: "submit", id: "bank-withdraw", className: "primary", text: text.withdraw });
    this.depositInfo = h("p", { className: "shop-line", id: "bank-deposit-info" });
    this.depositAmount = amountInput("bank-deposit-amount", `${text.amount} (${text.deposit})`);
    this.depositButton = h("button", { type: "submit", id: "bank-deposit", text: text.deposit });
    this.vaultGold = h("p", { className: "shop-line gold", id: "bank-gold" });
    this.wallet = h("p", { className: "shop-line gold", id: "bank-wallet" });
    this.goldAmount = amountInput("bank-gold-amount", text.goldAmount);
    const depositGold = h("button", { type: "submit", id: "bank-gold-deposit", text: text.depositGold });
    const withdrawGold = h("button", { type: "button", id: "bank-gold-withdraw", text: text.withdrawGold, onclick: (() => this.withdrawGold()) as EventListener });
    this.error = h("p", { className: "form-error", id: "bank-error", role: "alert" });
    this.element = servicePanel(
      "bank-panel",
      "bank-title",
      () => this.session.closeVault(),
      h("div", { className: "shop-head" }, h("h2", { id: "bank-title", text: text.title }), close),
      this.grid.element,
      this.withdrawInfo,
      dealForm("bank-withdraw-form", () => this.withdraw(), this.withdrawAmount, this.withdrawButton),
      this.depositInfo,
      dealForm("bank-deposit-form", () => this.deposit(), this.depositAmount, this.depositButton),
      this.vaultGold,
      this.wallet,
      dealForm("bank-gold-form", () => this.depositGold(), this.goldAmount, depositGold, withdrawGold),
      this.error,
      h("p", { className: "inv-hint", text: text.hint }),
    );
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    const state = this.session.state;
    const bank = state.bank;
    if (bank.open !== this.wasOpen) {
      this.wasOpen = bank.open;
      this.element.hidden = !bank.open;
      if (bank.open) {
        this.grid.select(0);
        for (const input of [this.withdrawAmount, this.depositAmount, this.goldAmount]) input.value = "1";
        setText(this.error, "");
      } else {
        blurWithin(this.element);
      }
    }
    if (!bank.open) return;
    this.grid.update(bank.slots, (slot, item) => BANK_TEXT.slotLabel(slot, this.nameOf(item.objIndex), item.amount), BANK_TEXT.emptySlot);
    const stored = vaultSlot(state, this.grid.selected);
    if (this.grid.selected !== 0 && !stored) this.grid.select(0);
    setText(this.withdrawInfo, stored ? BANK_TEXT.withdrawLine(this.nameOf(stored.objIndex), stored.amount) : BANK_TEXT.noWithdrawSelection);
    this.withdrawButton.disabled = !stored;
    const held = usableSlot(state, this.inventory.selectedSlot);
    setText(this.depositInfo, held ? BANK_TEXT.depositLine(this.nameOf(held.objIndex), held.amount) : BANK_TEXT.noDepositSelection);
    this.depositButton.disabled = !held;
    setText(this.vaultGold, BANK_TEXT.vaultGold(bank.gold));
    if (bank.gold === null) delete this.vaultGold.dataset.gold;
    else this.vaultGold.dataset.gold = String(bank.gold);
    setText(this.wallet, BANK_TEXT.wallet(state.stats.gold));
  }

  private withdraw(): void {
    const slot = this.grid.selected;
    const amount = parseAmount(this.withdrawAmount.value);
    // A refused request sends nothing; the session says why in the console too.
    this.showRefusal(checkWithdraw(this.session.state, slot, amount));
    this.session.withdraw(slot, amount, performance.now());
  }

  private deposit(): void {
    const slot = this.inventory.selectedSlot;
    const amount = parseAmount(this.depositAmount.value);
    this.showRefusal(checkDeposit(this.session.state, slot, amount));
    this.session.deposit(slot, amount, performance.now());
  }

  private depositGold(): void {
    const amount = parseAmount(this.goldAmount.value);
    this.showRefusal(checkGoldDeposit(this.session.state, amount));
    this.session.depositGold(amount, performance.now());
  }

  private withdrawGold(): void {
    const amount = parseAmount(this.goldAmount.value);
    this.showRefusal(checkGoldWithdraw(this.session.state, amount));
    this.session.withdrawGold(amount, performance.now());
  }

  private showRefusal(check: BankCheck<unknown>): void {
    setText(this.error, check.ok ? "" : BANK_TEXT.refusals[check.reason]);
  }

  private nameOf(objIndex: number): string {
    return this.world.objectNames.get(objIndex) ?? INVENTORY_TEXT.unknownObject(objIndex);
  }
}
