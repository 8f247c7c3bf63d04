/**
 * The staff's forms in the browser, as the stock client opens them: the message of the day
 * editor (`/MOTDCAMBIA` → a text box with the current lines, Save sends `SetMOTD`) and the SOS
 * panel (`/PANELGM` → the pending requests with who, what, its category and when, each with
 * "Atendido", which sends `SOSRemove`). One window over the map; Escape or Close closes it
 * without sending anything. Browser only; what it shows is `state.staffForm` (staff-form-rules.ts).
 */
import type { ClientSession } from "./client-session.ts";
import { h, setText } from "./dom.ts";
import type { StaffFormView } from "./staff-form-rules.ts";
import { STAFF_FORM_TEXT } from "./ui-text.ts";
import { blurWithin, closeButton, servicePanel } from "./window-parts.ts";

export class StaffFormsPanel {
  readonly element: HTMLElement;
  private readonly title: HTMLElement;
  private readonly motd: HTMLElement;
  private readonly motdText: HTMLTextAreaElement;
  private readonly sos: HTMLElement;
  private readonly sosList: HTMLElement;
  /** The form drawn last (its object: the session replaces it on every change). */
  private shown: StaffFormView | null = null;

  constructor(private readonly session: ClientSession) {
    const close = () => this.session.closeStaffForm();
    this.title = h("h2", { id: "staff-form-title" });
    this.motdText = h("textarea", { id: "motd-text", rows: 10, cols: 48, spellcheck: false, "aria-label": STAFF_FORM_TEXT.motdTitle });
    const save = h("button", { type: "submit", id: "motd-save", className: "primary", text: STAFF_FORM_TEXT.save });
    this.motd = h(
      "form",
      {
        id: "motd-form",
        onsubmit: ((event: Event) => {
          event.preventDefault();
          this.session.saveMotd(this.motdText.value);
        }) as EventListener,
      },
      this.motdText,
      h("div", { className: "actions" }, save),
    );
    this.sosList = h("ol", { id: "sos-list", className: "sos-list" });
    this.sos = h("div", { id: "sos-panel" }, this.sosList);
    this.element = servicePanel("staff-form", "staff-form-title", close, h("div", { className: "shop-head" }, this.title, closeButton("staff-form-close", STAFF_FORM_TEXT.close, close)), this.motd, this.sos);
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    const form = this.session.state.staffForm;
    if (form === this.shown) return;
    const opened = this.shown === null || this.shown.kind !== form?.kind;
    this.shown = form;
    this.element.hidden = form === null;
    if (form === null) {
      blurWithin(this.element);
      return;
    }
    this.motd.hidden = form.kind !== "motd";
    this.sos.hidden = form.kind !== "sos";
    if (form.kind === "motd") {
      setText(this.title, STAFF_FORM_TEXT.motdTitle);
      this.motdText.value = form.text;
      if (opened) this.motdText.focus();
      return;
    }
    setText(this.title, STAFF_FORM_TEXT.sosTitle(form.requests.length));
    this.sosList.replaceChildren(
      ...(form.requests.length === 0
        ? [h("li", { className: "empty", text: STAFF_FORM_TEXT.noRequests })]
        : form.requests.map((request) =>
            h(
              "li",
              { className: "sos-request", "data-key": request.key },
              h("p", { className: "sos-head", text: STAFF_FORM_TEXT.requestHead(request.name, request.category, request.sentAt) }),
              h("p", { className: "sos-text", text: request.text }),
              h("button", { type: "button", className: "small sos-resolve", text: STAFF_FORM_TEXT.resolve, onclick: (() => this.session.resolveSosRequest(request.key)) as EventListener }),
            ),
          )),
    );
  }
}
