/**
 * The player trade window, shown over the right edge of the map next to the inventory while a
 * trade is open (`UserCommerceInit` … `UserCommerceEnd`): our offer and the other's (six slots
 * and the gold each, as the server last sent them), an offer line for the slot chosen in the
 * inventory with an amount box, a gold amount box, whether we accepted, and Accept (the swap
 * happens when both did), Reject and Close. Escape closes too. Offers only grow; every request
 * goes through the session, which checks it (trade-rules.ts) and sends nothing when it is wrong.
 * Browser only.
 *
 * Also the yes/no box of the server's questions (`ShowPregunta`: "X wants to trade with you"),
 * shown over the top of the map until it is answered (`ResponderPregunta`) or replaced.
 */
import type { ClientSession } from "./client-session.ts";
import { TRADE_OFFER_SLOTS } from "../protocol/index.ts";
import { h, setText } from "./dom.ts";
import { usableSlot, type TradeOfferView, type TradeSlotView } from "./game-state.ts";
import type { ImageCache } from "./game-renderer.ts";
import type { InventoryPanel } from "./inventory-panel.ts";
import { parseAmount } from "./inventory-rules.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import { checkAccept, checkGoldOffer, checkItemOffer, unitsLeftToOffer, type TradeCheck } from "./trade-rules.ts";
import { INVENTORY_TEXT, QUESTION_BOX_TEXT, TRADE_TEXT } from "./ui-text.ts";
import { amountInput, blurWithin, closeButton, dealForm, servicePanel, SlotGrid } from "./window-parts.ts";
import type { WorldInfo } from "./world-info.ts";

/** One side of the trade as shown: its heading, its six slots and its gold. */
interface OfferView {
  readonly heading: HTMLElement;
  readonly grid: SlotGrid<TradeSlotView>;
  readonly gold: HTMLElement;
}

export class TradePanel {
  readonly element: HTMLElement;
  private readonly title: HTMLElement;
  private readonly mine: OfferView;
  private readonly theirs: OfferView;
  private readonly offerInfo: HTMLElement;
  private readonly offerAmount: HTMLInputElement;
  private readonly offerButton: HTMLButtonElement;
  private readonly goldAmount: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly acceptButton: HTMLButtonElement;
  private readonly error: HTMLElement;
  private readonly chatLog: HTMLElement;
  private readonly chatInput: HTMLInputElement;
  /** The chat lines shown (the state's list, by identity). */
  private chatShown: readonly string[] | null = null;
  private wasOpen = false;

  constructor(
    private readonly session: ClientSession,
    private readonly inventory: InventoryPanel,
    private readonly world: WorldInfo,
    sprites: SpriteIndex,
    images: ImageCache | null,
  ) {
    const text = TRADE_TEXT;
    const side = (id: string, heading: string): OfferView => ({
      heading: h("h3", { text: heading }),
      grid: new SlotGrid<TradeSlotView>({ id, count: TRADE_OFFER_SLOTS, label: heading, selectable: false }, sprites, images),
      gold: h("p", { className: "shop-line gold", id: `${id}-gold`, "data-gold": 0 }),
    });
    this.title = h("h2", { id: "trade-title" });
    const close = closeButton("trade-close", text.close, () => this.session.endTrade());
    this.mine = side("trade-mine", text.mine);
    this.theirs = side("trade-theirs", text.theirs(""));
    this.offerInfo = h("p", { className: "shop-line", id: "trade-offer-info" });
    this.offerAmount = amountInput("trade-offer-amount", `${text.amount} (${text.offer})`);
    this.offerButton = h("button", { type: "submit", id: "trade-offer", text: text.offer });
    this.goldAmount = amountInput("trade-gold-amount", text.goldAmount);
    const offerGold = h("button", { type: "submit", id: "trade-offer-gold", text: text.offerGold });
    this.status = h("p", { className: "shop-line trade-status", id: "trade-status" });
    this.acceptButton = h("button", { type: "button", id: "trade-accept", className: "primary", text: text.accept, onclick: (() => this.accept()) as EventListener });
    const reject = h("button", { type: "button", id: "trade-reject", text: text.reject, onclick: (() => this.session.rejectTrade()) as EventListener });
    this.error = h("p", { className: "form-error", id: "trade-error", role: "alert" });
    // The chat box under the offers (`frmComerciarUsu.RecTxt` and `Text1`): Enter sends the line.
    this.chatLog = h("div", { className: "trade-chat-log", id: "trade-chat-log", role: "log", "aria-label": text.chatLabel, "aria-live": "polite" });
    this.chatInput = h("input", { id: "trade-chat-input", type: "text", autocomplete: "off", maxlength: 300, placeholder: text.chatPlaceholder, "aria-label": text.chatLabel });
    const chatSend = h("button", { type: "submit", id: "trade-chat-send", className: "small", text: text.chatSend });
    const offerBlock = (view: OfferView) => h("div", { className: "trade-side" }, view.heading, view.grid.element, view.gold);
    this.element = servicePanel(
      "trade-panel",
      "trade-title",
      () => this.session.endTrade(),
      h("div", { className: "shop-head" }, this.title, close),
      offerBlock(this.mine),
      offerBlock(this.theirs),
      this.offerInfo,
      dealForm("trade-offer-form", () => this.offerItem(), this.offerAmount, this.offerButton),
      dealForm("trade-gold-form", () => this.offerGold(), this.goldAmount, offerGold),
      this.status,
      h("div", { className: "inv-actions" }, this.acceptButton, reject),
      this.error,
      this.chatLog,
      dealForm("trade-chat-form", () => this.sendChat(), this.chatInput, chatSend),
      h("p", { className: "inv-hint", text: text.hint }),
    );
  }

  private sendChat(): void {
    if (this.session.sendTradeChat(this.chatInput.value)) this.chatInput.value = "";
  }

  private showChat(lines: readonly string[]): void {
    if (lines === this.chatShown) return;
    this.chatShown = lines;
    this.chatLog.replaceChildren(...lines.map((line) => h("p", { className: "trade-chat-line", text: line })));
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    const state = this.session.state;
    const trade = state.trade;
    if (trade.open !== this.wasOpen) {
      this.wasOpen = trade.open;
      this.element.hidden = !trade.open;
      if (trade.open) {
        this.offerAmount.value = "1";
        this.goldAmount.value = "1";
        this.chatInput.value = "";
        setText(this.error, "");
      } else {
        blurWithin(this.element);
      }
    }
    if (!trade.open) return;
    setText(this.title, TRADE_TEXT.title(trade.partnerName));
    setText(this.theirs.heading, TRADE_TEXT.theirs(trade.partnerName));
    this.showOffer(this.mine, trade.mine);
    this.showOffer(this.theirs, trade.theirs);
    const slot = this.inventory.selectedSlot;
    const held = usableSlot(state, slot);
    setText(this.offerInfo, held ? TRADE_TEXT.offerLine(this.nameOf(held.objIndex), unitsLeftToOffer(state, slot)) : TRADE_TEXT.noOfferSelection);
    this.offerButton.disabled = !held;
    setText(this.status, trade.accepted ? TRADE_TEXT.accepted : TRADE_TEXT.notAccepted);
    this.element.classList.toggle("accepted", trade.accepted);
    this.acceptButton.disabled = trade.accepted;
    this.showChat(trade.chat);
  }

  private showOffer(view: OfferView, offer: TradeOfferView): void {
    view.grid.update(
      offer.slots,
      (_slot, item) => TRADE_TEXT.slotLabel(this.slotName(item), item.amount),
      () => TRADE_TEXT.emptySlot,
    );
    setText(view.gold, TRADE_TEXT.gold(offer.gold));
    view.gold.dataset.gold = String(offer.gold);
  }

  private offerItem(): void {
    const slot = this.inventory.selectedSlot;
    const amount = parseAmount(this.offerAmount.value);
    // A refused request sends nothing; the session says why in the console too.
    this.showRefusal(checkItemOffer(this.session.state, slot, amount));
    this.session.offerItem(slot, amount, performance.now());
  }

  private offerGold(): void {
    const amount = parseAmount(this.goldAmount.value);
    this.showRefusal(checkGoldOffer(this.session.state, amount));
    this.session.offerGold(amount, performance.now());
  }

  private accept(): void {
    this.showRefusal(checkAccept(this.session.state));
    this.session.acceptTrade(performance.now());
  }

  private showRefusal(check: TradeCheck<unknown>): void {
    setText(this.error, check.ok ? "" : TRADE_TEXT.refusals[check.reason]);
  }

  /** The server's name for a slot's object, else the world's. */
  private slotName(item: TradeSlotView): string {
    return item.name || this.nameOf(item.objIndex);
  }

  private nameOf(objIndex: number): string {
    return this.world.objectNames.get(objIndex) ?? INVENTORY_TEXT.unknownObject(objIndex);
  }
}

/**
 * The yes/no box of `ShowPregunta`. It does not take the focus (the player may be walking or
 * typing); Escape inside it, like "No", declines.
 */
export class QuestionBox {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;
  /** Id of the question shown, 0 = none. */
  private shown = 0;

  constructor(private readonly session: ClientSession) {
    this.text = h("p", { className: "question-text", id: "question-text" });
    const yes = h("button", { type: "button", id: "question-yes", className: "primary", text: QUESTION_BOX_TEXT.yes, onclick: (() => this.session.answerQuestion(true)) as EventListener });
    const no = h("button", { type: "button", id: "question-no", text: QUESTION_BOX_TEXT.no, onclick: (() => this.session.answerQuestion(false)) as EventListener });
    this.element = h(
      "section",
      {
        className: "question-box",
        id: "question-box",
        role: "alertdialog",
        "aria-labelledby": "question-text",
        hidden: true,
        onkeydown: ((event: KeyboardEvent) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          this.session.answerQuestion(false);
        }) as EventListener,
      },
      this.text,
      h("div", { className: "actions" }, yes, no),
    );
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    const question = this.session.state.question;
    const id = question?.id ?? 0;
    if (id === this.shown) return;
    this.shown = id;
    this.element.hidden = question === null;
    if (question === null) {
      blurWithin(this.element);
      return;
    }
    setText(this.text, QUESTION_BOX_TEXT.text(question.messageId, question.param));
  }
}
