/**
 * The browser app: which screen shows, and the connection behind it. One WebSocket at a time;
 * every account action that finds no live account session logs in again with the remembered
 * credentials (the server closes the connection after a refused character, and an idle account
 * screen times out), so the player never has to retype them. Browser only.
 */
import {
  characterListScreen,
  creationScreen,
  loginScreen,
  waitingScreen,
  type CreationDraft,
  type Screen,
} from "./account-screens.ts";
import { ClientSession, type HotkeyStore } from "./client-session.ts";
import type { NewCharacterRequest } from "./client-outbox.ts";
import type { AccountCharacter } from "./game-state.ts";
import { GameScreen } from "./game-screen.ts";
import { ImageCache } from "./game-renderer.ts";
import type { ClientSignal } from "./packet-reducer.ts";
import { createSpriteIndex, type SpriteIndex } from "./sprite-index.ts";
import { CONNECTION_FAILED_TEXT, CONNECTION_LOST_TEXT } from "./ui-text.ts";
import { WebSocketTransport, defaultSocketUrl } from "./websocket-transport.ts";
import { fallbackWorldInfo, parseWorldInfo, type WorldInfo } from "./world-info.ts";


/** Each character's hotkey bar in this browser's storage (the stock client's hotkey settings file); no storage, no keeping. */
const LOCAL_HOTKEYS: HotkeyStore = {
  load(name) {
    try {
      return localStorage.getItem(`ao-hotkeys:${name}`);
    } catch {
      return null;
    }
  },
  save(name, text) {
    try {
      localStorage.setItem(`ao-hotkeys:${name}`, text);
    } catch {
      // Private mode or a full store: the bar lasts the session.
    }
  },
};
/** What a new connection is for, once the account is logged in. */
type Purpose =
  | { readonly kind: "login" }
  | { readonly kind: "create-account" }
  | { readonly kind: "play"; readonly character: AccountCharacter }
  | { readonly kind: "create-character"; readonly request: NewCharacterRequest }
  /** Back into the world after a drop, with the character of that name. */
  | { readonly kind: "rejoin"; readonly name: string };

interface Link {
  readonly transport: WebSocketTransport;
  readonly session: ClientSession;
  /** What the link is for now: the login it was opened for, then the character chosen on it. */
  purpose: Purpose;
  /** Last refusal text the server sent (ErrorMsg / ShowMessageBox) on this link. */
  lastError: string | null;
}

export class App {
  private credentials: { email: string; password: string } | null = null;
  private link: Link | null = null;
  private screen: Screen | null = null;
  private game: GameScreen | null = null;
  private characters: AccountCharacter[] = [];
  private draft: CreationDraft | null = null;
  private world: WorldInfo = fallbackWorldInfo();
  private sprites: SpriteIndex = createSpriteIndex(null);
  private images: ImageCache | null = null;
  /** Name of the character in play, for reconnecting after a drop. */
  private playing: string | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly socketUrl: string = defaultSocketUrl(location),
  ) {}

  start(): void {
    this.showLogin(null);
    void this.loadWorldInfo();
  }

  // ------------------------------------------------------------------ world info and graphics

  private async loadWorldInfo(): Promise<void> {
    try {
      const response = await fetch("/api/world");
      if (!response.ok) return;
      this.world = parseWorldInfo(await response.json());
      this.sprites = createSpriteIndex(null, this.world.objectTypes, new Map(), this.world.openDoors);
      if (this.world.graphicsUrl) await this.loadGraphics(this.world.graphicsUrl);
    } catch {
      // No world info: the AO20 defaults stay (cities by number, objects by number).
    }
  }

  private async loadGraphics(baseUrl: string): Promise<void> {
    const response = await fetch(`${baseUrl}/index.json`);
    if (!response.ok) return;
    this.sprites = createSpriteIndex(await response.json(), this.world.objectTypes, this.world.objectGrhs, this.world.openDoors);
    if (this.sprites.source === "ao-graphics") this.images = new ImageCache(baseUrl);
  }

  // ------------------------------------------------------------------ screens

  private show(screen: Screen): void {
    this.game?.destroy();
    this.game = null;
    this.screen?.element.remove();
    this.screen = screen;
    this.root.append(screen.element);
    screen.element.querySelector<HTMLElement>("input, button.primary")?.focus();
  }

  private showLogin(notice: string | null, error: string | null = null): void {
    this.playing = null;
    const screen = loginScreen(
      {
        login: (email, password) => this.beginAccount(email, password, { kind: "login" }),
        createAccount: (email, password) => this.beginAccount(email, password, { kind: "create-account" }),
      },
      { email: this.credentials?.email ?? "", notice },
    );
    this.show(screen);
    screen.showError(error);
  }

  private showCharacters(error: string | null = null): void {
    this.playing = null;
    const screen = characterListScreen(this.characters, {
      play: (character) => this.play(character),
      create: () => this.showCreation(null),
      logout: () => {
        this.dropLink();
        this.credentials = null;
        this.showLogin("Cerraste la sesión.");
      },
    });
    this.show(screen);
    screen.showError(error);
  }

  private showCreation(error: string | null): void {
    const cities = this.world.homeCities.map((city) => ({ id: city.id, label: city.name }));
    const screen = creationScreen(cities, this.draft, {
      create: (request) => {
        this.draft = screen.draft();
        this.createCharacter(request);
      },
      back: () => {
        this.draft = null;
        this.showCharacters();
      },
    });
    this.show(screen);
    screen.showError(error);
  }

  private showGame(session: ClientSession): void {
    this.screen?.element.remove();
    this.screen = null;
    this.game?.destroy();
    const game = new GameScreen(session, this.world, this.sprites, this.images, {
      reconnect: () => this.rejoin(),
      leave: () => {
        this.dropLink();
        this.showLogin(null);
      },
    });
    this.game = game;
    this.root.append(game.element);
    game.start();
  }

  // ------------------------------------------------------------------ actions

  private beginAccount(email: string, password: string, purpose: Purpose): void {
    this.credentials = { email, password };
    this.screen?.setBusy(true);
    this.connect(purpose);
  }

  private play(character: AccountCharacter): void {
    this.screen?.setBusy(true);
    const link = this.link;
    if (link && link.session.state.phase === "account") {
      this.enter(link, { kind: "play", character });
      return;
    }
    this.connect({ kind: "play", character });
  }

  private createCharacter(request: NewCharacterRequest): void {
    this.screen?.setBusy(true);
    const link = this.link;
    if (link && link.session.state.phase === "account") {
      this.enter(link, { kind: "create-character", request });
      return;
    }
    this.connect({ kind: "create-character", request });
  }

  private rejoin(): void {
    const name = this.playing;
    if (!name || !this.credentials) {
      this.showLogin(null);
      return;
    }
    this.show(waitingScreen("Reconectando…"));
    this.connect({ kind: "rejoin", name });
  }

  private enter(link: Link, purpose: Purpose): void {
    link.purpose = purpose;
    if (purpose.kind === "play") {
      this.playing = purpose.character.name;
      link.session.playCharacter(purpose.character.id, purpose.character.name);
    } else if (purpose.kind === "create-character") {
      this.playing = purpose.request.name;
      link.session.createCharacter(purpose.request);
    }
  }

  // ------------------------------------------------------------------ the connection

  private dropLink(): void {
    this.link?.transport.close();
    this.link = null;
  }

  private connect(purpose: Purpose): void {
    this.dropLink();
    let link: Link | null = null;
    const transport = new WebSocketTransport(this.socketUrl, {
      open: () => {},
      message: (body) => {
        if (link && this.link === link) this.onMessage(link, body);
      },
      close: (_code, _reason, wasOpen) => {
        if (link && this.link === link) this.onClose(link, wasOpen);
      },
    });
    const session = new ClientSession({ transport, hotkeyStore: LOCAL_HOTKEYS, warn: (message, detail) => console.warn(`[client] ${message}`, detail ?? "") });
    link = { transport, session, purpose, lastError: null };
    this.link = link;
  }

  private onMessage(link: Link, body: Uint8Array): void {
    const signals = link.session.receive(body, performance.now());
    for (const signal of signals) this.onSignal(link, signal);
  }

  private onSignal(link: Link, signal: ClientSignal): void {
    const credentials = this.credentials;
    switch (signal.type) {
      case "connected":
        if (!credentials) return;
        if (link.purpose.kind === "create-account") link.session.createAccount(credentials.email, credentials.password);
        else link.session.loginAccount(credentials.email, credentials.password);
        return;
      case "account":
        this.characters = [...signal.characters];
        this.onAccount(link);
        return;
      case "error-message":
      case "message-box":
        link.lastError = signal.text;
        return;
      case "logged":
        this.showGame(link.session);
        return;
      case "show-account":
        this.showCharacters();
        return;
      default:
        return;
    }
  }

  private onAccount(link: Link): void {
    const purpose = link.purpose;
    switch (purpose.kind) {
      case "login":
      case "create-account":
        this.showCharacters();
        return;
      case "play":
      case "create-character":
        this.enter(link, purpose);
        return;
      case "rejoin": {
        const wanted = purpose.name.toLowerCase();
        const character = this.characters.find((c) => c.name.toLowerCase() === wanted);
        if (character) this.enter(link, { kind: "play", character });
        else this.showCharacters(`No se encontró el personaje ${purpose.name}.`);
        return;
      }
    }
  }

  private onClose(link: Link, wasOpen: boolean): void {
    this.link = null;
    const session = link.session;
    const phase = session.state.phase;
    if (session.disconnectedByServer) {
      // The player logged out: back to the character list (a fresh login fetches it).
      this.draft = null;
      this.show(waitingScreen("Sesión cerrada. Volviendo a tus personajes…"));
      if (this.credentials) this.connect({ kind: "login" });
      else this.showLogin("Sesión cerrada.");
      return;
    }
    if (phase === "in_world") {
      if (this.game) this.game.connectionLost(link.lastError ?? CONNECTION_LOST_TEXT);
      else this.showLogin(null, link.lastError ?? CONNECTION_LOST_TEXT);
      return;
    }
    const problem = link.lastError ?? (wasOpen ? CONNECTION_LOST_TEXT : CONNECTION_FAILED_TEXT);
    switch (link.purpose.kind) {
      case "login":
      case "create-account":
        if (phase === "account") {
          // An idle account screen closed (timeout): the next action logs in again.
          this.screen?.setBusy(false);
          if (link.lastError) this.screen?.showError(link.lastError);
        } else {
          this.showLogin(null, problem);
        }
        return;
      case "create-character":
        if (phase === "connecting") this.showLogin(null, problem);
        else this.showCreation(problem);
        return;
      case "play":
        if (phase === "connecting") this.showLogin(null, problem);
        else this.showCharacters(problem);
        return;
      case "rejoin":
        if (this.game) this.game.connectionLost(problem);
        else this.showLogin(null, problem);
        return;
    }
  }
}
