/**
 * The screens before the game: log in or create an account, the account's characters, and
 * character creation. Each builds its DOM and reports what the player chose through callbacks;
 * the app decides what to send. Browser only.
 */
import { CLASSES } from "../game/character-creation/index.ts";
import { paintCharacter } from "./char-painter.ts";
import type { NewCharacterRequest } from "./client-outbox.ts";
import { CLASS_CHOICES, GENDER_CHOICES, RACE_CHOICES, checkCreationForm, cycleHead, headChoices, type Choice } from "./creation-options.ts";
import { h } from "./dom.ts";
import type { AccountCharacter } from "./game-state.ts";
import { characterLook } from "./procedural-art.ts";
import { Heading } from "../game/movement/index.ts";
import { AO20_NAKED_BODIES, isGenderId, isRaceId } from "../game/character-creation/index.ts";

export interface Screen {
  readonly element: HTMLElement;
  /** Shows a problem (or clears it with null). */
  showError(text: string | null): void;
  /** Disables the buttons while a request is in flight. */
  setBusy(busy: boolean): void;
}

function errorBox(): HTMLElement {
  return h("p", { className: "form-error", role: "alert", hidden: true });
}

function setError(box: HTMLElement, text: string | null): void {
  box.textContent = text ?? "";
  box.hidden = text === null;
}

function setButtons(root: HTMLElement, busy: boolean): void {
  root.querySelectorAll("button").forEach((button) => (button.disabled = busy));
}

// ------------------------------------------------------------------ login

export interface LoginHandlers {
  login(email: string, password: string): void;
  createAccount(email: string, password: string): void;
}

export function loginScreen(handlers: LoginHandlers, remembered: { email: string; notice: string | null }): Screen {
  const email = h("input", { id: "login-email", type: "email", name: "email", autocomplete: "username", required: true, value: remembered.email });
  const password = h("input", { id: "login-password", type: "password", name: "password", autocomplete: "current-password", required: true, minlength: 2 });
  const error = errorBox();
  const notice = h("p", { className: "form-notice", hidden: remembered.notice === null, text: remembered.notice ?? "" });
  const submit = (create: boolean) => (event: Event) => {
    event.preventDefault();
    const e = email.value.trim();
    const p = password.value;
    if (e === "" || p.length < 2) {
      setError(error, "Escribí tu email y una contraseña de al menos 2 caracteres.");
      return;
    }
    setError(error, null);
    if (create) handlers.createAccount(e, p);
    else handlers.login(e, p);
  };
  const form = h(
    "form",
    { className: "panel login", onsubmit: submit(false) as EventListener },
    h("h1", { text: "Argentum Online" }),
    h("p", { className: "subtitle", text: "Entrá con tu cuenta o creá una nueva." }),
    notice,
    h("label", {}, "Email", email),
    h("label", {}, "Contraseña", password),
    error,
    h(
      "div",
      { className: "actions" },
      h("button", { id: "login-submit", type: "submit", className: "primary", text: "Entrar" }),
      h("button", { id: "create-account", type: "button", text: "Crear cuenta", onclick: submit(true) as EventListener }),
    ),
  );
  return {
    element: h("main", { className: "screen" }, form),
    showError: (text) => setError(error, text),
    setBusy: (busy) => setButtons(form, busy),
  };
}

// ------------------------------------------------------------------ character list

export interface CharacterListHandlers {
  play(character: AccountCharacter): void;
  create(): void;
  logout(): void;
}

/** Most characters an account may have (`MAX_PERSONAJES_EN_CUENTA`). */
const MAX_CHARACTERS = 10;

export function characterListScreen(characters: readonly AccountCharacter[], handlers: CharacterListHandlers): Screen {
  const error = errorBox();
  const list = h("ul", { className: "character-list" });
  for (const character of characters) {
    const className = CLASSES.find((c) => c.id === character.classId)?.spanishName ?? `Clase ${character.classId}`;
    list.append(
      h(
        "li",
        {},
        h("span", { className: "char-name", text: character.name }),
        h("span", { className: "char-meta", text: `${className} · nivel ${character.level}` }),
        h("button", { className: "primary play", "data-name": character.name, text: "Jugar", onclick: (() => handlers.play(character)) as EventListener }),
      ),
    );
  }
  const panel = h(
    "section",
    { className: "panel characters" },
    h("h1", { text: "Tus personajes" }),
    characters.length === 0 ? h("p", { className: "subtitle", text: "Todavía no tenés personajes. Creá el primero." }) : list,
    error,
    h(
      "div",
      { className: "actions" },
      h("button", { id: "new-character", type: "button", className: characters.length === 0 ? "primary" : "", disabled: characters.length >= MAX_CHARACTERS, text: "Crear personaje", onclick: (() => handlers.create()) as EventListener }),
      h("button", { id: "account-logout", type: "button", text: "Cerrar sesión", onclick: (() => handlers.logout()) as EventListener }),
    ),
  );
  return {
    element: h("main", { className: "screen" }, panel),
    showError: (text) => setError(error, text),
    setBusy: (busy) => setButtons(panel, busy),
  };
}

// ------------------------------------------------------------------ character creation

export interface CreationHandlers {
  create(request: NewCharacterRequest): void;
  back(): void;
}

/** What the form held, to restore it after the server refused a name. */
export interface CreationDraft {
  name: string;
  race: number;
  gender: number;
  classId: number;
  head: number;
  homeCity: number;
}

function select(id: string, choices: readonly Choice[], value: number): HTMLSelectElement {
  const element = h("select", { id, name: id });
  for (const choice of choices) element.append(h("option", { value: choice.id, selected: choice.id === value, text: choice.label }));
  return element;
}

const PREVIEW_PX = 96;
const PREVIEW_ZOOM = 2;

export function creationScreen(homeCities: readonly Choice[], draft: CreationDraft | null, handlers: CreationHandlers): Screen & { draft(): CreationDraft } {
  const initialRace = draft?.race ?? RACE_CHOICES[0]!.id;
  const initialGender = draft?.gender ?? GENDER_CHOICES[0]!.id;
  const name = h("input", { id: "char-name", name: "name", autocomplete: "off", maxlength: 18, required: true, value: draft?.name ?? "" });
  const race = select("char-race", RACE_CHOICES, initialRace);
  const gender = select("char-gender", GENDER_CHOICES, initialGender);
  const cls = select("char-class", CLASS_CHOICES, draft?.classId ?? CLASS_CHOICES[0]!.id);
  const city = select("char-city", homeCities, draft?.homeCity ?? homeCities[0]?.id ?? 1);
  let head = draft?.head ?? headChoices(initialRace, initialGender)[0] ?? 1;
  const headLabel = h("span", { className: "head-number" });
  const preview = h("canvas", { className: "preview", width: PREVIEW_PX, height: PREVIEW_PX });
  const error = errorBox();

  const drawPreview = () => {
    const r = Number(race.value);
    const g = Number(gender.value);
    const heads = headChoices(r, g);
    if (!heads.includes(head)) head = heads[0] ?? head;
    headLabel.textContent = `Cabeza ${heads.indexOf(head) + 1} de ${heads.length}`;
    const ctx = preview.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, PREVIEW_PX, PREVIEW_PX);
    const body = isRaceId(r) && isGenderId(g) ? AO20_NAKED_BODIES[r][g === 1 ? "male" : "female"] : 1;
    const look = characterLook(
      { body, head, helmet: 0, weapon: 0, shield: 0, heading: Heading.South, kind: 0, npcNumber: 0, name: name.value },
      { progress: 1, stepCount: 0 },
    );
    // Twice the game size, feet near the bottom: a 32 px tile's feet sit at y = 29.
    ctx.setTransform(PREVIEW_ZOOM, 0, 0, PREVIEW_ZOOM, PREVIEW_PX / 2 - 16 * PREVIEW_ZOOM, PREVIEW_PX - 8 - 29 * PREVIEW_ZOOM);
    paintCharacter(ctx, look, 0, 0);
  };
  const turnHead = (step: number) => () => {
    head = cycleHead(Number(race.value), Number(gender.value), head, step);
    drawPreview();
  };
  race.addEventListener("change", drawPreview);
  gender.addEventListener("change", drawPreview);

  const current = (): CreationDraft => ({
    name: name.value,
    race: Number(race.value),
    gender: Number(gender.value),
    classId: Number(cls.value),
    head,
    homeCity: Number(city.value),
  });

  const form = h(
    "form",
    {
      className: "panel creation",
      onsubmit: ((event: Event) => {
        event.preventDefault();
        const check = checkCreationForm({ ...current(), homeCities });
        if (!check.ok) {
          setError(error, check.text);
          return;
        }
        setError(error, null);
        handlers.create(check.request);
      }) as EventListener,
    },
    h("h1", { text: "Nuevo personaje" }),
    h("label", {}, "Nombre", name),
    h(
      "div",
      { className: "columns" },
      h("div", {}, h("label", {}, "Raza", race), h("label", {}, "Género", gender), h("label", {}, "Clase", cls), h("label", {}, "Ciudad de origen", city)),
      h(
        "div",
        { className: "head-picker" },
        preview,
        h(
          "div",
          { className: "head-buttons" },
          h("button", { type: "button", id: "head-prev", "aria-label": "Cabeza anterior", text: "◀", onclick: turnHead(-1) as EventListener }),
          headLabel,
          h("button", { type: "button", id: "head-next", "aria-label": "Cabeza siguiente", text: "▶", onclick: turnHead(1) as EventListener }),
        ),
      ),
    ),
    error,
    h(
      "div",
      { className: "actions" },
      h("button", { id: "char-submit", type: "submit", className: "primary", text: "Crear y jugar" }),
      h("button", { id: "char-back", type: "button", text: "Volver", onclick: (() => handlers.back()) as EventListener }),
    ),
  );
  drawPreview();
  return {
    element: h("main", { className: "screen" }, form),
    showError: (text) => setError(error, text),
    setBusy: (busy) => setButtons(form, busy),
    draft: current,
  };
}

/** A message while something happens (connecting, entering the world). */
export function waitingScreen(text: string): Screen {
  const line = h("p", { className: "subtitle", text });
  const error = errorBox();
  return {
    element: h("main", { className: "screen" }, h("section", { className: "panel waiting" }, h("div", { className: "spinner" }), line, error)),
    showError: (message) => setError(error, message),
    setBusy: () => {},
  };
}
