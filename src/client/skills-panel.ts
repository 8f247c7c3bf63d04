/**
 * The skills window (K, or the "Habilidades" button): the 24 skills with their points and the
 * free points, a + and a − per skill to spread the free points (a draft: − only takes back what
 * + added), and "Asignar", which sends `ModifySkills` through the session (checked first by
 * skills-rules.ts; a refusal is shown under the list and in the console). It is the client's own
 * window, like the stock `frmSkills3`: opening it asks the server for the skills
 * (`RequestSkills`); closing it (K, Escape, "Cerrar") forgets the draft. Browser only.
 */
import type { ClientSession } from "./client-session.ts";
import { h, setText } from "./dom.ts";
import { draftFree, emptyDraft, isUsableSkill, lowerInDraft, raiseInDraft, skillPoints, SKILLS, type SkillCheck } from "./skills-rules.ts";
import { SKILL_NAMES, SKILLS_TEXT } from "./ui-text.ts";
import { closeButton, servicePanel } from "./window-parts.ts";

interface SkillRow {
  readonly element: HTMLElement;
  readonly value: HTMLElement;
  readonly minus: HTMLButtonElement;
  readonly plus: HTMLButtonElement;
}

export class SkillsPanel {
  readonly element: HTMLElement;
  private readonly rows: SkillRow[] = [];
  private readonly free: HTMLElement;
  private readonly assignButton: HTMLButtonElement;
  private readonly error: HTMLElement;
  private draft: number[] = emptyDraft();
  /** What the window last drew, to redraw only on change. */
  private shown = "";

  constructor(private readonly session: ClientSession) {
    const text = SKILLS_TEXT;
    const list = h("ol", { className: "skills-list", id: "skills-list" });
    for (let index = 0; index < SKILLS; index++) {
      const name = SKILL_NAMES[index] ?? `#${index + 1}`;
      const value = h("span", { className: "skill-value" });
      const minus = h("button", { type: "button", className: "small skill-minus", text: "−", title: text.lower(name), "aria-label": text.lower(name), onclick: (() => this.lower(index)) as EventListener });
      const plus = h("button", { type: "button", className: "small skill-plus", text: "+", title: text.raise(name), "aria-label": text.raise(name), onclick: (() => this.raise(index)) as EventListener });
      const usable = isUsableSkill(index + 1);
      const use = usable
        ? [h("button", { type: "button", className: "small skill-use", id: `skill-use-${index + 1}`, text: text.use, title: text.useTitle(name), "aria-label": text.useTitle(name), onclick: (() => this.use(index + 1)) as EventListener })]
        : [];
      const element = h("li", { className: "skill-row", "data-skill": index + 1 }, h("span", { className: "skill-name", text: name }), value, minus, plus, ...use);
      list.append(element);
      this.rows.push({ element, value, minus, plus });
    }
    this.free = h("p", { className: "shop-line skills-free", id: "skills-free" });
    this.assignButton = h("button", { type: "button", id: "skills-assign", className: "primary", text: text.assign, onclick: (() => this.assign()) as EventListener });
    this.error = h("p", { className: "form-error", id: "skills-error", role: "alert" });
    const close = closeButton("skills-close", text.close, () => this.close());
    this.element = servicePanel(
      "skills-panel",
      "skills-title",
      () => this.close(),
      h("div", { className: "shop-head" }, h("h2", { id: "skills-title", text: text.title }), close),
      this.free,
      list,
      this.error,
      this.assignButton,
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
    this.draft = emptyDraft();
    this.shown = "";
    setText(this.error, "");
    this.element.hidden = false;
    this.session.requestSkills();
  }

  close(): void {
    this.element.hidden = true;
    this.draft = emptyDraft();
    if (this.element.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  }

  /** Brings the DOM up to date (every frame; cheap when nothing changed). */
  update(): void {
    if (!this.isOpen) return;
    const state = this.session.state;
    // Points spent or gained elsewhere (a level-up, another window) can leave the draft too big.
    if (draftFree(state, this.draft) < 0) this.draft = emptyDraft();
    const free = draftFree(state, this.draft);
    const known = state.stats.skills;
    const key = `${free}|${known?.join(",") ?? "?"}|${this.draft.join(",")}`;
    if (key === this.shown) return;
    this.shown = key;
    setText(this.free, SKILLS_TEXT.free(free));
    this.free.dataset.free = String(free);
    this.rows.forEach((row, index) => {
      const added = this.draft[index] ?? 0;
      const points = skillPoints(state, index);
      const value = known === null ? SKILLS_TEXT.unknownValue : String(points + added);
      setText(row.value, added > 0 ? `${value} (+${added})` : value);
      row.element.dataset.value = known === null ? "" : String(points);
      row.element.dataset.draft = String(added);
      row.element.classList.toggle("raised", added > 0);
      row.minus.disabled = added === 0;
      row.plus.disabled = !raiseInDraft(state, this.draft, index).ok;
    });
    this.assignButton.disabled = this.draft.every((n) => n === 0);
  }

  private raise(index: number): void {
    const next = raiseInDraft(this.session.state, this.draft, index);
    this.showRefusal(next);
    if (next.ok) this.draft = next.value;
  }

  private lower(index: number): void {
    this.draft = lowerInDraft(this.draft, index);
    setText(this.error, "");
  }

  /** "Usar": `Work(skill)`; the window closes so the next map click can be the skill's (a theft's target). */
  private use(skill: number): void {
    if (this.session.useSkill(skill)) this.close();
  }

  private assign(): void {
    const sent = this.session.assignSkills(this.draft, performance.now());
    this.showRefusal(sent);
    if (sent.ok) this.draft = emptyDraft();
  }

  private showRefusal(check: SkillCheck<unknown>): void {
    setText(this.error, check.ok ? "" : SKILLS_TEXT.refusals[check.reason]);
  }
}
