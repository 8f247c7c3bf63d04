/**
 * The trainer's window (the stock client's `frmEntrenador`), shown over the right edge of the map
 * when the server sends `TrainerCreatureList` (after `/ENTRENAR` on a trainer): the trainer's
 * creatures as a list to pick from, "Luchar" (or a double click) to ask for the chosen one
 * (`Train(n)`, the window closes) and "Salir". Escape closes too. The choice goes through the
 * session, which checks it (trainer-rules.ts). Browser only.
 */
import type { ClientSession } from "./client-session.ts";
import { h, setText } from "./dom.ts";
import { TRAINER_TEXT } from "./ui-text.ts";
import { blurWithin, closeButton, servicePanel } from "./window-parts.ts";

export class TrainerPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly fightButton: HTMLButtonElement;
  private readonly hint: HTMLElement;
  /** The creatures shown (the session's list, by identity). */
  private shown: readonly string[] | null = null;
  /** Chosen creature (1-based), 0 = none. */
  private selected = 0;
  private wasOpen = false;

  constructor(private readonly session: ClientSession) {
    const text = TRAINER_TEXT;
    const title = h("h2", { id: "trainer-title", text: text.title });
    const close = closeButton("trainer-close", text.close, () => this.close());
    this.list = h("div", { className: "trainer-creatures", id: "trainer-creatures", role: "listbox", "aria-labelledby": "trainer-title" });
    this.list.addEventListener("click", (event) => {
      const button = (event.target as Element | null)?.closest?.("button[data-creature]");
      if (button instanceof HTMLElement) this.select(Number(button.dataset.creature));
    });
    this.list.addEventListener("dblclick", (event) => {
      const button = (event.target as Element | null)?.closest?.("button[data-creature]");
      if (button instanceof HTMLElement) this.fight();
    });
    this.fightButton = h("button", { type: "button", id: "trainer-fight", className: "primary", text: text.fight, disabled: true, onclick: (() => this.fight()) as EventListener });
    const leave = h("button", { type: "button", id: "trainer-leave", text: text.leave, onclick: (() => this.close()) as EventListener });
    this.hint = h("p", { className: "inv-hint", id: "trainer-hint", text: text.hint });
    this.element = servicePanel(
      "trainer-panel",
      "trainer-title",
      () => this.close(),
      h("div", { className: "shop-head" }, title, close),
      this.list,
      h("div", { className: "inv-actions service-actions" }, this.fightButton, leave),
      this.hint,
    );
  }

  get isOpen(): boolean {
    return this.session.state.trainer.open;
  }

  close(): void {
    this.session.closeTrainer();
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    const trainer = this.session.state.trainer;
    if (trainer.open !== this.wasOpen) {
      this.wasOpen = trainer.open;
      this.element.hidden = !trainer.open;
      if (!trainer.open) {
        blurWithin(this.element);
        this.shown = null;
      }
    }
    if (!trainer.open || this.shown === trainer.creatures) return;
    this.shown = trainer.creatures;
    this.selected = 0;
    this.list.replaceChildren(
      ...trainer.creatures.map((name, index) =>
        h("button", { type: "button", className: "trainer-creature", role: "option", "data-creature": index + 1, "aria-selected": "false", text: name || TRAINER_TEXT.unnamed(index + 1) }),
      ),
    );
    setText(this.hint, trainer.creatures.length === 0 ? TRAINER_TEXT.empty : TRAINER_TEXT.hint);
    this.fightButton.disabled = true;
  }

  private select(choice: number): void {
    this.selected = choice;
    this.list.querySelectorAll<HTMLElement>("button[data-creature]").forEach((button) => {
      button.setAttribute("aria-selected", String(Number(button.dataset.creature) === choice));
    });
    this.fightButton.disabled = choice === 0;
  }

  private fight(): void {
    if (this.selected > 0) this.session.train(this.selected);
  }
}
