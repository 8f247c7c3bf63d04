/**
 * The game view: the canvas with the map and characters, the HUD (map name, position, bars,
 * gold, level), the inventory, the windows the server opens over the map (NPC shop, bank vault,
 * player trade, a yes/no question), the skills and character windows, the ghost's banner while dead and the
 * level-up banner, the aiming hint and crosshair, the safe indicator, the marks of what the player
 * is under (paralysed, blind, poisoned, meditating …), the spell list (a tab next to the
 * inventory), the console, the chat line and the logout button. Runs the frame loop: input →
 * session.tick (prediction) → renderer → HUD. Keys: arrows walk, Ctrl attacks, K opens the
 * skills, H shows the spells instead of the inventory (and back), M meditates, A/U/E/T act on the
 * inventory (U on a bow aims), C/B ask for a shop or the vault, Enter opens the chat, Escape stops
 * aiming or closes. Browser only.
 */
import { parseMapJson, type MapGrid, type MapLayersDocument } from "../game/map-json/index.ts";
import { WorkSkill } from "../protocol/index.ts";
import { liveActionBars } from "./action-bars.ts";
import { renderPosition } from "./animation.ts";
import type { ClientSession } from "./client-session.ts";
import { isAttackKey, isDead, liveCharTexts } from "./combat-rules.ts";
import { LEVEL_UP_BANNER_MS, MAX_CHAT_INPUT_CHARS } from "./constants.ts";
import { DirectionKeys } from "./direction-keys.ts";
import { h, setText } from "./dom.ts";
import { ownChar, type ConsoleLine } from "./game-state.ts";
import { GameRenderer, type ImageCache } from "./game-renderer.ts";
import { tileAtPoint } from "./camera.ts";
import { BankPanel } from "./bank-panel.ts";
import { CharacterPanel } from "./character-panel.ts";
import { CHARACTER_TEXT } from "./character-sheet-rules.ts";
import { InventoryPanel } from "./inventory-panel.ts";
import { serviceKeyAction } from "./service-keys.ts";
import { ShopPanel } from "./shop-panel.ts";
import { SkillsPanel } from "./skills-panel.ts";
import { SKILLS_KEY_CODE } from "./skills-rules.ts";
import { KeyRingPanel } from "./key-ring-panel.ts";
import { KEY_RING_KEY_CODE, KEY_RING_TEXT } from "./key-ring-rules.ts";
import { nameColour } from "./status-rules.ts";
import { TARGET_CANCEL_KEY } from "./target-rules.ts";
import { isMeditating, statusMarks } from "./altered-states.ts";
import { liveEffects } from "./spell-effects.ts";
import { MEDITATE_KEY_CODE, spellName, SPELLS_KEY_CODE } from "./spell-rules.ts";
import { SpellsPanel } from "./spells-panel.ts";
import { QuestionBox, TradePanel } from "./trade-panel.ts";
import { TrainerPanel } from "./trainer-panel.ts";
import { HotkeyBar } from "./hotkey-bar.ts";
import { hotkeyOfKey } from "./hotkey-rules.ts";
import { StaffFormsPanel } from "./staff-forms-panel.ts";
import { readMapLayers } from "./map-terrain.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import {
  ACTION_BAR_TEXT,
  CHAT_TEXT,
  COMBAT_TEXT,
  DEATH_TEXT,
  INVENTORY_TEXT,
  LEVEL_UP_TEXT,
  MAP_LOAD_FAILED_TEXT,
  SAFE_TEXT,
  STAFF_TEXT,
  SERVICE_TEXT,
  SKILLS_TEXT,
  SPELL_TEXT,
  STATUS_MARK_TEXT,
  TARGET_TEXT,
  VITALS_TEXT,
} from "./ui-text.ts";
import type { WorldInfo } from "./world-info.ts";

/** Wait before asking again for a map that failed to load. */
const MAP_RETRY_MS = 2_000;
/** Console lines rendered in the DOM (older ones stay in the state only). */
const CONSOLE_DOM_LINES = 80;
/** Wait before asking again for layers that failed to arrive (network, server error). */
const LAYERS_RETRY_MS = 5_000;
/** Layer documents kept (a 100 × 100 map's is 160 kB): enough to walk back and forth between maps. */
const MAX_CACHED_LAYERS = 8;

export interface GameScreenHandlers {
  /** The player wants to reconnect after a drop. */
  reconnect(): void;
  /** The player gives up and goes back to the start. */
  leave(): void;
}

interface Bar {
  readonly element: HTMLElement;
  readonly fill: HTMLElement;
  readonly label: HTMLElement;
}

function bar(id: string, title: string, className: string): { element: HTMLElement; bar: Bar } {
  const fill = h("div", { className: "bar-fill" });
  const label = h("span", { className: "bar-label" });
  const element = h("div", { className: `bar ${className}`, id, title, role: "meter", "aria-label": title }, fill, label);
  return { element, bar: { element, fill, label } };
}

function setBar(target: Bar, name: string, value: number, max: number): void {
  const ratio = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  const width = `${(ratio * 100).toFixed(1)}%`;
  if (target.fill.style.width !== width) target.fill.style.width = width;
  setText(target.label, `${name} ${value}/${max}`);
  // What the bar shows, for tests and assistive tools.
  const data = target.element.dataset;
  if (data.value !== String(value)) {
    data.value = String(value);
    target.element.setAttribute("aria-valuenow", String(value));
  }
  if (data.max !== String(max)) {
    data.max = String(max);
    target.element.setAttribute("aria-valuemax", String(max));
  }
}

/** Fetches map grids (with a memory cache of the JSON) and hands them to the session. */
class MapLoader {
  private readonly documents = new Map<number, unknown>();
  private loading = 0;
  private retryAt = 0;
  failed: string | null = null;

  ensure(session: ClientSession, nowMs: number): void {
    const wanted = session.missingMapId;
    if (wanted === null || this.loading === wanted || nowMs < this.retryAt) return;
    const cached = this.documents.get(wanted);
    if (cached !== undefined) {
      this.install(session, wanted, cached, nowMs);
      return;
    }
    this.loading = wanted;
    fetch(`/api/map/${wanted}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then((doc) => {
        this.documents.set(wanted, doc);
        this.install(session, wanted, doc, performance.now());
      })
      .catch((error: unknown) => {
        this.failed = `${MAP_LOAD_FAILED_TEXT} (${(error as Error).message})`;
        this.retryAt = performance.now() + MAP_RETRY_MS;
      })
      .finally(() => {
        if (this.loading === wanted) this.loading = 0;
      });
  }

  private install(session: ClientSession, id: number, doc: unknown, nowMs: number): void {
    const parsed = parseMapJson(doc);
    if (!parsed.ok) {
      this.documents.delete(id);
      this.failed = `${MAP_LOAD_FAILED_TEXT} (${parsed.error.message})`;
      this.retryAt = nowMs + MAP_RETRY_MS;
      return;
    }
    this.failed = null;
    session.setMap(parsed.grid);
  }
}

/**
 * Fetches the graphic layers of the map in play (only when AO graphics are there to draw them)
 * and hands them to the renderer. A map without layers (404) or with a refused document is
 * remembered as "none", and the renderer keeps our own terrain; the console says why.
 */
class LayersLoader {
  /** By map id; null = the map has none (or they were refused). Insertion order is LRU order. */
  private readonly documents = new Map<number, MapLayersDocument | null>();
  private loading = 0;
  private retryAt = 0;

  /** The layers of `map` when known (undefined while unknown), asking the server once. */
  ensure(map: MapGrid, nowMs: number): MapLayersDocument | null | undefined {
    const known = this.documents.get(map.id);
    if (known !== undefined || this.loading === map.id || nowMs < this.retryAt) return known;
    const shape = { id: map.id, width: map.width, height: map.height };
    this.loading = map.id;
    fetch(`/api/map/${map.id}/layers`)
      .then(async (response) => {
        if (response.status === 404) {
          console.info(`[client] map ${shape.id} has no graphic layers: drawing our own terrain`);
          return null;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const reading = readMapLayers(new Uint8Array(await response.arrayBuffer()), shape);
        if (reading.ok) return reading.document;
        console.warn(`[client] graphic layers of map ${shape.id} refused (${reading.reason}): drawing our own terrain`);
        return null;
      })
      .then((layers) => this.remember(shape.id, layers))
      .catch((error: unknown) => {
        console.warn(`[client] graphic layers of map ${shape.id} unavailable (${(error as Error).message}); asking again later`);
        this.retryAt = performance.now() + LAYERS_RETRY_MS;
      })
      .finally(() => {
        if (this.loading === shape.id) this.loading = 0;
      });
    return undefined;
  }

  private remember(id: number, layers: MapLayersDocument | null): void {
    this.documents.delete(id);
    this.documents.set(id, layers);
    if (this.documents.size > MAX_CACHED_LAYERS) this.documents.delete(this.documents.keys().next().value!);
  }
}

export class GameScreen {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly renderer: GameRenderer;
  private readonly keys = new DirectionKeys();
  private readonly maps = new MapLoader();
  /** Only with AO graphics: our own terrain needs no layers. */
  private readonly layers: LayersLoader | null;
  private readonly chatInput: HTMLInputElement;
  private readonly consoleBox: HTMLElement;
  private readonly overlay: HTMLElement;
  private readonly overlayText: HTMLElement;
  private readonly mapName: HTMLElement;
  private readonly position: HTMLElement;
  private readonly who: HTMLElement;
  private readonly logoutButton: HTMLButtonElement;
  private readonly countdown: HTMLElement;
  private readonly inventory: InventoryPanel;
  private readonly shop: ShopPanel;
  private readonly bank: BankPanel;
  private readonly trade: TradePanel;
  private readonly trainer: TrainerPanel;
  private readonly hotkeyBar: HotkeyBar;
  private readonly question: QuestionBox;
  private readonly staffForms: StaffFormsPanel;
  private readonly skills: SkillsPanel;
  /** The key ring (L, "Llavero"); it shares the skills window's place too. */
  private readonly keyRing: KeyRingPanel;
  /** The attributes and statistics; it shares the skills window's place, so one closes the other. */
  private readonly character: CharacterPanel;
  private readonly spells: SpellsPanel;
  /** The sidebar tabs: the inventory or the spell list (H). */
  private readonly inventoryTab: HTMLButtonElement;
  private readonly spellsTab: HTMLButtonElement;
  private readonly meditateButton: HTMLButtonElement;
  /** What the player is under, as marks under its name. */
  private readonly statusMarks: HTMLElement;
  private statusMarksShown = "";
  /** The spell effects, meditation rings and magic words on the map as a list (tests, screen readers). */
  private readonly charEffects: HTMLElement;
  private charEffectsShown = "";
  private readonly viewport: HTMLElement;
  private readonly deathBanner: HTMLElement;
  private readonly levelBanner: HTMLElement;
  private readonly levelBannerText: HTMLElement;
  private readonly levelBannerPoints: HTMLElement;
  /** The floating texts over chars as a list (the canvas is not read by tests or screen readers). */
  private readonly floatingTexts: HTMLElement;
  private floatingTextsShown = "";
  /** The hint over the map while the server waits for a target (the crosshair is on). */
  private readonly targetHint: HTMLElement;
  /** "Seguro: sí/no" in the sidebar, once the server said. */
  private readonly safeIndicator: HTMLElement;
  private readonly staffIndicator: HTMLElement;
  /** The names under the chars, with their status colour, as a list (for tests and screen readers). */
  private readonly charNames: HTMLElement;
  private charNamesShown = "";
  /** The progress bars over chars (`BarFx`) as a list. */
  private readonly charBars: HTMLElement;
  private charBarsShown = "";
  private readonly bars: { hp: Bar; mana: Bar; stamina: Bar; food: Bar; water: Bar; exp: Bar };
  private lastConsoleId = 0;
  private frame = 0;
  private resizeObserver: ResizeObserver | null = null;
  private lost = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly session: ClientSession,
    world: WorldInfo,
    sprites: SpriteIndex,
    images: ImageCache | null,
    private readonly handlers: GameScreenHandlers,
  ) {
    this.canvas = h("canvas", { id: "game-canvas", "aria-label": "Mapa del juego" });
    this.renderer = new GameRenderer(this.canvas, sprites, images);
    this.layers = images && sprites.source === "ao-graphics" ? new LayersLoader() : null;
    this.mapName = h("div", { className: "map-name", id: "hud-map" });
    this.position = h("div", { className: "position", id: "hud-position" });
    this.overlayText = h("p", { className: "overlay-text" });
    this.overlay = h(
      "div",
      { className: "overlay", id: "connection-lost", hidden: true },
      h(
        "div",
        { className: "panel" },
        this.overlayText,
        h(
          "div",
          { className: "actions" },
          h("button", { id: "reconnect", className: "primary", text: "Reconectar", onclick: (() => this.handlers.reconnect()) as EventListener }),
          h("button", { id: "leave", text: "Volver al inicio", onclick: (() => this.handlers.leave()) as EventListener }),
        ),
      ),
    );
    this.chatInput = h("input", { id: "chat-input", autocomplete: "off", maxlength: MAX_CHAT_INPUT_CHARS, placeholder: "Enter para hablar", title: CHAT_TEXT.inputHint });
    this.consoleBox = h("div", { className: "console", id: "console", role: "log", "aria-live": "polite" });
    const hp = bar("bar-hp", VITALS_TEXT.hp, "hp");
    const mana = bar("bar-mana", VITALS_TEXT.mana, "mana");
    const stamina = bar("bar-stamina", VITALS_TEXT.stamina, "stamina");
    const food = bar("bar-food", VITALS_TEXT.food, "food");
    const water = bar("bar-water", VITALS_TEXT.water, "water");
    const exp = bar("bar-exp", VITALS_TEXT.expTitle, "exp");
    this.bars = { hp: hp.bar, mana: mana.bar, stamina: stamina.bar, food: food.bar, water: water.bar, exp: exp.bar };
    this.who = h("div", { className: "who", id: "hud-who" });
    this.countdown = h("div", { className: "countdown", id: "logout-countdown", hidden: true });
    this.logoutButton = h("button", { id: "logout", className: "logout", text: "Salir", onclick: (() => this.toggleLogout()) as EventListener });
    this.inventory = new InventoryPanel(session, world, sprites, images);
    this.shop = new ShopPanel(session, this.inventory, world, sprites, images);
    this.bank = new BankPanel(session, this.inventory, world, sprites, images);
    this.trade = new TradePanel(session, this.inventory, world, sprites, images);
    this.trainer = new TrainerPanel(session);
    this.hotkeyBar = new HotkeyBar(session);
    this.question = new QuestionBox(session);
    this.staffForms = new StaffFormsPanel(session);
    this.skills = new SkillsPanel(session);
    this.character = new CharacterPanel(session);
    this.keyRing = new KeyRingPanel(session, world.objectNames);
    session.setSpellCatalogue(world.spells);
    this.spells = new SpellsPanel(session);
    this.inventoryTab = h("button", { type: "button", id: "tab-inventory", className: "side-tab", "aria-pressed": "true", text: SPELL_TEXT.tabInventory, onclick: (() => this.showSpells(false)) as EventListener });
    this.spellsTab = h("button", { type: "button", id: "tab-spells", className: "side-tab", "aria-pressed": "false", text: SPELL_TEXT.tabSpells, title: SPELL_TEXT.tabSpellsTitle, onclick: (() => this.showSpells(true)) as EventListener });
    this.meditateButton = h("button", { type: "button", id: "act-meditate", text: SPELL_TEXT.meditate, title: SPELL_TEXT.meditateTitle, onclick: (() => this.session.meditate(performance.now())) as EventListener });
    this.statusMarks = h("div", { className: "status-marks", id: "status-marks", title: STATUS_MARK_TEXT.title, "aria-live": "polite" });
    this.charEffects = h("ul", { className: "visually-hidden", id: "char-effects" });
    const services = h(
      "div",
      { className: "inv-actions service-actions" },
      h("button", { type: "button", id: "act-commerce", text: SERVICE_TEXT.commerce, title: SERVICE_TEXT.commerceTitle, onclick: (() => this.session.startCommerce()) as EventListener }),
      h("button", { type: "button", id: "act-vault", text: SERVICE_TEXT.vault, title: SERVICE_TEXT.vaultTitle, onclick: (() => this.session.openVault()) as EventListener }),
      h("button", { type: "button", id: "act-skills", text: SKILLS_TEXT.button, title: SKILLS_TEXT.buttonTitle, onclick: (() => this.toggleSkills()) as EventListener }),
      h("button", { type: "button", id: "act-character", text: CHARACTER_TEXT.button, title: CHARACTER_TEXT.buttonTitle, onclick: (() => this.toggleCharacter()) as EventListener }),
      h("button", { type: "button", id: "act-key-ring", text: KEY_RING_TEXT.button, title: KEY_RING_TEXT.buttonTitle, onclick: (() => this.toggleKeyRing()) as EventListener }),
      this.meditateButton,
    );
    const combatHint = h("p", { className: "inv-hint", id: "combat-hint", text: COMBAT_TEXT.attackHint });
    this.deathBanner = h(
      "div",
      { className: "death-banner", id: "death-banner", role: "status", hidden: true },
      h("h2", { text: DEATH_TEXT.title }),
      h("p", { text: DEATH_TEXT.hint }),
    );
    this.levelBannerText = h("strong", { id: "levelup-text" });
    this.levelBannerPoints = h("span", { id: "levelup-points" });
    this.levelBanner = h("div", { className: "levelup-banner", id: "levelup-banner", role: "status", hidden: true }, this.levelBannerText, this.levelBannerPoints);
    this.floatingTexts = h("ul", { className: "visually-hidden", id: "char-texts", "aria-live": "polite" });
    this.targetHint = h("div", { className: "target-hint", id: "target-hint", role: "status", hidden: true });
    this.safeIndicator = h("div", { className: "safe-indicator", id: "hud-safe", title: SAFE_TEXT.title, hidden: true });
    this.staffIndicator = h("div", { className: "staff-indicator", id: "hud-staff", title: STAFF_TEXT.title, text: STAFF_TEXT.label, hidden: true });
    this.charNames = h("ul", { className: "visually-hidden", id: "char-names" });
    this.charBars = h("ul", { className: "visually-hidden", id: "char-bars", "aria-live": "polite" });

    const chatForm = h(
      "form",
      {
        className: "chat",
        onsubmit: ((event: Event) => {
          event.preventDefault();
          this.session.chat(this.chatInput.value, performance.now());
          this.chatInput.value = "";
          this.chatInput.blur();
        }) as EventListener,
      },
      this.chatInput,
    );
    this.viewport = h(
      "div",
      { className: "viewport" },
      this.canvas,
      this.mapName,
      this.position,
      this.deathBanner,
      this.levelBanner,
      this.targetHint,
      this.floatingTexts,
      this.charNames,
      this.charBars,
      this.charEffects,
      this.skills.element,
      this.character.element,
      this.keyRing.element,
      this.shop.element,
      this.bank.element,
      this.trade.element,
      this.trainer.element,
      this.hotkeyBar.element,
      this.question.element,
      this.staffForms.element,
      this.overlay,
    );
    this.element = h(
      "div",
      { className: "game", id: "game" },
      this.viewport,
      h(
        "aside",
        { className: "sidebar" },
        this.who,
        this.statusMarks,
        this.safeIndicator,
        this.staffIndicator,
        hp.element,
        mana.element,
        stamina.element,
        food.element,
        water.element,
        exp.element,
        h("div", { className: "side-tabs", role: "group", "aria-label": `${INVENTORY_TEXT.title} / ${SPELL_TEXT.title}` }, this.inventoryTab, this.spellsTab),
        this.inventory.element,
        this.spells.element,
        services,
        combatHint,
        this.countdown,
        this.logoutButton,
      ),
      h("div", { className: "bottom" }, this.consoleBox, chatForm),
    );
  }

  /** Starts input handling and the frame loop; call once the element is in the document. */
  start(): void {
    // A button clicked with the mouse (detail > 0) must not keep the keyboard: Enter would press
    // it again instead of opening the chat, and an inventory slot would take the arrows. Buttons
    // reached with Tab keep the focus, and forms (the drop amount) keep theirs.
    this.element.addEventListener("click", (event) => {
      if (event.detail === 0) return;
      const button = (event.target as Element | null)?.closest?.("button");
      if (button instanceof HTMLButtonElement && !button.closest("form")) button.blur();
    });
    // A click on the map is a `LeftClick` on that tile (look at it; a trader opens its shop), or
    // the shot the server asked a target for (`WorkLeftClick`).
    this.canvas.addEventListener("click", (event) => this.onCanvasClick(event));
    // The crosshair follows the mouse while aiming.
    this.canvas.addEventListener("mousemove", (event) => {
      this.renderer.aimTile = this.tileUnder(event);
    });
    this.canvas.addEventListener("mouseleave", () => {
      this.renderer.aimTile = null;
    });
    const onKeyDown = (event: KeyboardEvent) => this.onKeyDown(event);
    const onKeyUp = (event: KeyboardEvent) => {
      if (this.keys.release(event.code)) event.preventDefault();
    };
    const onBlur = () => this.keys.releaseAll();
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    window.addEventListener("blur", onBlur);
    this.cleanups.push(() => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("blur", onBlur);
    });
    const viewport = this.canvas.parentElement!;
    const resize = () => this.renderer.resize(viewport.clientWidth, viewport.clientHeight, window.devicePixelRatio || 1);
    resize();
    this.resizeObserver = new ResizeObserver(resize);
    this.resizeObserver.observe(viewport);
    const loop = () => {
      this.frame = requestAnimationFrame(loop);
      this.step(performance.now());
    };
    this.frame = requestAnimationFrame(loop);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver?.disconnect();
    for (const cleanup of this.cleanups) cleanup();
    this.element.remove();
  }

  /** Shows the dropped-connection box (the session is dead; the app will make a new one). */
  connectionLost(text: string): void {
    this.lost = true;
    this.keys.releaseAll();
    this.overlayText.textContent = text;
    this.overlay.hidden = false;
  }

  private onCanvasClick(event: MouseEvent): void {
    if (this.lost || event.button !== 0) return;
    const tile = this.tileUnder(event);
    if (tile) this.session.clickMap(tile.x, tile.y, performance.now());
  }

  /** The map tile under the mouse, or null off the map (or before the first frame). */
  private tileUnder(event: MouseEvent): { x: number; y: number } | null {
    const camera = this.renderer.camera;
    const map = this.session.map;
    if (!camera || !map) return null;
    const rect = this.canvas.getBoundingClientRect();
    return tileAtPoint(camera, event.clientX - rect.left, event.clientY - rect.top, map.width, map.height);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (this.lost) return;
    // A focused control already took the key (an inventory slot's arrows, the amount box's Escape).
    if (event.defaultPrevented) return;
    const active = document.activeElement;
    const state = this.session.state;
    const windowOpen = state.shop.open || state.bank.open || state.trade.open;
    if (event.key === TARGET_CANCEL_KEY && active !== this.chatInput && state.target !== null) {
      // Escape first gives up aiming (one press, one thing), as the stock client's right click.
      event.preventDefault();
      this.session.cancelTarget(performance.now());
      return;
    }
    if (event.key === "Escape" && active !== this.chatInput && (windowOpen || state.trainer.open || state.question !== null || this.skills.isOpen || this.character.isOpen || this.keyRing.isOpen)) {
      // Escape closes the open window (shop, vault or trade), else the trainer's, else declines
      // the question, else closes the skills, the character or the key ring window.
      event.preventDefault();
      if (windowOpen) this.session.closeOpenWindow();
      else if (state.trainer.open) this.trainer.close();
      else if (state.question !== null) this.session.answerQuestion(false);
      else {
        this.skills.close();
        this.character.close();
        this.keyRing.close();
      }
      return;
    }
    if (active === this.chatInput) {
      if (event.key === "Escape") {
        this.chatInput.value = "";
        this.chatInput.blur();
      }
      return;
    }
    // Typing in another box (the drop amount) is not playing.
    if (active instanceof HTMLInputElement || active instanceof HTMLSelectElement || active instanceof HTMLTextAreaElement) return;
    if (isAttackKey(event.code)) {
      // Ctrl attacks; held, it attacks at the attack interval (the session paces it).
      event.preventDefault();
      this.session.attack(performance.now());
      return;
    }
    if (event.key === "Enter") {
      // Enter on a focused button presses it; elsewhere it opens the chat line.
      if (active instanceof HTMLButtonElement) return;
      event.preventDefault();
      this.keys.releaseAll();
      this.chatInput.focus();
      return;
    }
    if (event.altKey || event.metaKey) return;
    if (event.ctrlKey) {
      // While Ctrl is held to attack the arrows still turn and walk; letters with Ctrl are the browser's.
      if (this.keys.press(event.code)) event.preventDefault();
      return;
    }
    if (this.inventory.handleKey(event)) {
      event.preventDefault();
      return;
    }
    if (event.code === KEY_RING_KEY_CODE) {
      event.preventDefault();
      if (!event.repeat) this.toggleKeyRing();
      return;
    }
    if (event.code === SKILLS_KEY_CODE) {
      event.preventDefault();
      if (!event.repeat) this.toggleSkills();
      return;
    }
    if (event.code === SPELLS_KEY_CODE) {
      event.preventDefault();
      if (!event.repeat) this.showSpells(!this.spells.isShown);
      return;
    }
    const hotkey = hotkeyOfKey(event.code);
    if (hotkey !== null) {
      event.preventDefault();
      // One press, one use (`DoHotKey`), as with the other action keys.
      if (!event.repeat) this.session.pressHotkey(hotkey, performance.now());
      return;
    }
    if (event.code === MEDITATE_KEY_CODE) {
      event.preventDefault();
      // One press, one toggle (the server answers with the FX on or off).
      if (!event.repeat) this.session.meditate(performance.now());
      return;
    }
    const service = serviceKeyAction(event.code);
    if (service !== null) {
      event.preventDefault();
      // One press, one request, as with the inventory keys.
      if (event.repeat) return;
      if (service === "commerce") this.session.startCommerce();
      else this.session.openVault();
      return;
    }
    if (this.keys.press(event.code)) event.preventDefault();
  }

  /** The key ring opens in the skills window's place (L, "Llavero"). */
  private toggleKeyRing(): void {
    this.skills.close();
    this.character.close();
    this.keyRing.toggle();
  }

  /** The skills window opens in the character window's place (K, "Habilidades"). */
  private toggleSkills(): void {
    this.keyRing.close();
    this.character.close();
    this.skills.toggle();
  }

  /** The character window opens in the skills window's place ("Personaje"). */
  private toggleCharacter(): void {
    this.keyRing.close();
    this.skills.close();
    this.character.toggle();
  }

  /** The sidebar shows the spell list (true) or the inventory (false). */
  private showSpells(on: boolean): void {
    this.spells.show(on);
    this.inventory.element.hidden = on;
    this.inventoryTab.setAttribute("aria-pressed", on ? "false" : "true");
    this.spellsTab.setAttribute("aria-pressed", on ? "true" : "false");
    this.inventoryTab.classList.toggle("active", !on);
    this.spellsTab.classList.toggle("active", on);
  }

  private toggleLogout(): void {
    if (this.session.quitRequested) this.session.cancelQuit();
    else this.session.quit(performance.now());
  }

  private step(nowMs: number): void {
    this.maps.ensure(this.session, nowMs);
    const map = this.session.map;
    if (map && this.layers) this.renderer.setMapLayers(this.layers.ensure(map, nowMs) ?? null);
    if (!this.lost) this.session.tick(nowMs, this.keys.heading);
    this.renderer.draw(this.session, nowMs);
    this.updateHud(nowMs);
  }

  private updateHud(nowMs: number): void {
    const state = this.session.state;
    const map = this.session.map;
    const me = ownChar(state);
    setText(this.mapName, map ? map.name || `Mapa ${map.id}` : this.maps.failed ?? "Cargando mapa…");
    this.mapName.classList.toggle("safe", map?.safe === true);
    if (me) {
      const drawn = renderPosition(me, nowMs);
      setText(this.position, `Mapa ${state.mapId} · X ${me.x} · Y ${me.y}`);
      this.position.dataset.map = String(state.mapId);
      this.position.dataset.x = String(me.x);
      this.position.dataset.y = String(me.y);
      this.position.dataset.drawnX = drawn.x.toFixed(2);
    }
    const s = state.stats;
    setText(this.who, me ? `${me.name} · nivel ${s.level}` : "");
    setBar(this.bars.hp, VITALS_TEXT.hp, s.hp, s.maxHp);
    setBar(this.bars.mana, VITALS_TEXT.mana, s.mana, s.maxMana);
    setBar(this.bars.stamina, VITALS_TEXT.stamina, s.stamina, s.maxStamina);
    setBar(this.bars.food, VITALS_TEXT.food, s.food, s.maxFood);
    setBar(this.bars.water, VITALS_TEXT.water, s.water, s.maxWater);
    setBar(this.bars.exp, VITALS_TEXT.exp, s.exp, s.expToNextLevel);
    const quitting = this.session.quitRequested || state.quitSecondsLeft !== null;
    setText(this.logoutButton, quitting ? "Cancelar salida" : "Salir");
    this.countdown.hidden = !quitting;
    setText(this.countdown, state.quitSecondsLeft !== null ? `Cerrando en ${state.quitSecondsLeft} s…` : "Saliendo…");
    this.inventory.update(nowMs);
    this.shop.update();
    this.bank.update();
    this.trade.update();
    this.trainer.update();
    this.hotkeyBar.update();
    this.question.update();
    this.staffForms.update();
    this.skills.update();
    this.character.update();
    this.keyRing.update();
    this.spells.update();
    this.updateCombat(nowMs);
    this.updateMagic(nowMs);
    this.updateAimAndStatus(nowMs);
    const camera = this.renderer.camera;
    if (camera) {
      // Where the map is drawn, for tests that click a tile.
      this.canvas.dataset.originX = String(camera.originX);
      this.canvas.dataset.originY = String(camera.originY);
      this.canvas.dataset.zoom = String(camera.zoom);
    }
    this.updateConsole(state.console);
  }

  /** The ghost's banner, the level-up banner and the list of floating texts over chars. */
  private updateCombat(nowMs: number): void {
    const state = this.session.state;
    const dead = isDead(state);
    if (this.deathBanner.hidden === dead) this.deathBanner.hidden = !dead;
    this.viewport.classList.toggle("dead", dead);
    const level = state.levelUp;
    const showLevel = level !== null && nowMs - level.atMs < LEVEL_UP_BANNER_MS;
    if (this.levelBanner.hidden === showLevel) this.levelBanner.hidden = !showLevel;
    if (showLevel) {
      setText(this.levelBannerText, LEVEL_UP_TEXT.reached(level.level));
      setText(this.levelBannerPoints, LEVEL_UP_TEXT.points(state.stats.freeSkillPoints));
      this.levelBanner.dataset.level = String(level.level);
    }
    const texts = liveCharTexts(state, nowMs);
    const key = texts.map((t) => t.id).join(",");
    if (key === this.floatingTextsShown) return;
    this.floatingTextsShown = key;
    this.floatingTexts.replaceChildren(
      ...texts.map((t) => {
        const name = state.chars.get(t.charIndex)?.name ?? "";
        return h("li", { "data-char": t.charIndex, "data-text": t.text, "data-color": t.color, text: name ? `${name}: ${t.text}` : t.text });
      }),
    );
  }

  /** The aiming hint and crosshair cursor, the safe indicator, the names and the progress bars as lists. */
  private updateAimAndStatus(nowMs: number): void {
    const state = this.session.state;
    const target = state.target;
    const aiming = target !== null;
    if (this.targetHint.hidden === aiming) this.targetHint.hidden = !aiming;
    this.canvas.classList.toggle("aiming", aiming);
    if (target) {
      const spell = target.skill === WorkSkill.Magic && target.spellId > 0 ? spellName(state.spellCatalogue, target.spellId) : "";
      setText(this.targetHint, `${TARGET_TEXT.hint(target.skill, spell)} ${TARGET_TEXT.cancelHint}`);
      this.targetHint.dataset.skill = String(target.skill);
      this.targetHint.dataset.spell = String(target.spellId);
    }
    if (this.staffIndicator.hidden === state.isStaff) this.staffIndicator.hidden = !state.isStaff;
    const safe = state.safeMode;
    if (this.safeIndicator.hidden !== (safe === null)) this.safeIndicator.hidden = safe === null;
    if (safe !== null) {
      setText(this.safeIndicator, SAFE_TEXT.label(safe));
      this.safeIndicator.dataset.safe = safe ? "on" : "off";
      this.safeIndicator.classList.toggle("off", !safe);
    }
    const chars = [...state.chars.values()].sort((a, b) => a.charIndex - b.charIndex);
    const namesKey = chars.map((c) => `${c.charIndex}:${c.status}:${c.privileges}:${c.kind}:${c.invisible}:${c.name}`).join("|");
    if (namesKey !== this.charNamesShown) {
      this.charNamesShown = namesKey;
      this.charNames.replaceChildren(
        ...chars
          .filter((c) => c.name !== "")
          .map((c) =>
            h("li", {
              "data-char": c.charIndex,
              "data-kind": c.kind,
              "data-status": c.status,
              "data-colour": nameColour(c.kind, c.status, c.privileges),
              "data-invisible": c.invisible,
              text: c.name,
            }),
          ),
      );
    }
    const bars = liveActionBars(state, nowMs);
    const barsKey = bars.map((b) => `${b.charIndex}:${b.action}:${b.secondsLeft}`).join("|");
    if (barsKey === this.charBarsShown) return;
    this.charBarsShown = barsKey;
    this.charBars.replaceChildren(
      ...bars.map((b) => {
        const name = state.chars.get(b.charIndex)?.name ?? "";
        const text = `${ACTION_BAR_TEXT.action(b.action)} ${ACTION_BAR_TEXT.left(b.secondsLeft)}`;
        return h("li", { "data-char": b.charIndex, "data-action": b.action, "data-seconds-left": b.secondsLeft, text: name ? `${name}: ${text}` : text });
      }),
    );
  }

  /**
   * Magic: the marks of what the player is under, the meditation button, blindness over the map,
   * and the spell effects, meditation rings and magic words on the map as a list.
   */
  private updateMagic(nowMs: number): void {
    const state = this.session.state;
    const marks = statusMarks(state, nowMs);
    const marksKey = marks.map((m) => `${m.kind}:${m.secondsLeft ?? ""}`).join("|");
    if (marksKey !== this.statusMarksShown) {
      this.statusMarksShown = marksKey;
      this.statusMarks.replaceChildren(...marks.map((m) => h("span", { className: `status-mark mark-${m.kind}`, "data-status": m.kind, text: STATUS_MARK_TEXT.label(m.kind, m.secondsLeft) })));
    }
    const meditating = isMeditating(state);
    setText(this.meditateButton, meditating ? SPELL_TEXT.stopMeditating : SPELL_TEXT.meditate);
    this.meditateButton.classList.toggle("active", meditating);
    this.viewport.classList.toggle("blind", state.ownStatus.blind);
    const items: { key: string; props: Record<string, string | number>; text: string }[] = [];
    for (const effect of liveEffects(state, nowMs)) {
      const charIndex = effect.kind === "travel" ? effect.toCharIndex : effect.charIndex;
      items.push({
        key: `e${effect.id}`,
        props: { "data-kind": effect.kind, "data-source": effect.source, "data-char": effect.charIndex, "data-to-char": effect.toCharIndex, "data-look": effect.look },
        text: `${effect.source} ${effect.kind} ${state.chars.get(charIndex)?.name ?? `(${effect.x}, ${effect.y})`}`,
      });
    }
    for (const char of state.chars.values()) {
      if (char.fx > 0) items.push({ key: `m${char.charIndex}:${char.fx}`, props: { "data-kind": "meditation", "data-char": char.charIndex, "data-look": char.fx }, text: `${char.name} medita` });
      const bubble = state.bubbles.get(char.charIndex);
      if (bubble?.spell && bubble.untilMs > nowMs) items.push({ key: `w${char.charIndex}:${bubble.untilMs}`, props: { "data-kind": "words", "data-char": char.charIndex }, text: bubble.text });
    }
    const key = items.map((item) => item.key).join(",");
    if (key === this.charEffectsShown) return;
    this.charEffectsShown = key;
    this.charEffects.replaceChildren(...items.map((item) => h("li", { ...item.props, text: item.text })));
  }

  private updateConsole(lines: readonly ConsoleLine[]): void {
    const fresh = lines.filter((line) => line.id > this.lastConsoleId);
    if (fresh.length === 0) return;
    const nearBottom = this.consoleBox.scrollHeight - this.consoleBox.scrollTop - this.consoleBox.clientHeight < 40;
    for (const line of fresh) {
      this.consoleBox.append(h("div", { className: `line tone-${line.tone}`, text: line.text }));
      this.lastConsoleId = line.id;
    }
    while (this.consoleBox.children.length > CONSOLE_DOM_LINES) this.consoleBox.firstElementChild?.remove();
    if (nearBottom) this.consoleBox.scrollTop = this.consoleBox.scrollHeight;
  }
}
