/**
 * One player's session as the browser sees it: decodes server bodies into state (packet
 * reducer), predicts and reconciles its own steps, paces walking at the server's walk interval
 * and sends the client packets. Pure: the transport and the time are injected, so tests drive it
 * with encoded packets and a manual clock, and the DOM layer only wires a WebSocket and a canvas.
 */
import { motdForSending } from "./staff-form-rules.ts";
import type { MapGrid } from "../game/map-json/index.ts";
import { checkStep, stepX, stepY, type Heading } from "../game/movement/index.ts";
import { decodeServerPacket, WorkSkill } from "../protocol/index.ts";
import { placeAt, startStep } from "./animation.ts";
import { parseChatLine, type ChatIntent } from "./chat-input.ts";
import { ClientOutbox, type NewCharacterRequest, type OutboxError, type Transport } from "./client-outbox.ts";
import { GOLD_SLOT } from "../game/items/index.ts";
import { EXIT_WAIT_MS, MAX_CHAT_INPUT_CHARS, RESYNC_IDLE_MS } from "./constants.ts";
import { createGameState, ownChar, pushConsole, resetWorld, type CharView, type GameState } from "./game-state.ts";
import { activationFor, checkDelete, checkGoldDrop, checkItemDrop, checkMove, checkSlot, type InventoryCheck, type SlotActivation } from "./inventory-rules.ts";
import { LiveMapGrid } from "./map-grid.ts";
import { isNpcChar, reduceServerPacket, type ClientSignal } from "./packet-reducer.ts";
import { MovementPredictor, type Reconciliation } from "./prediction.ts";
import { checkBuy, checkSell, type ShopCheck } from "./shop-rules.ts";
import { checkDeposit, checkGoldDeposit, checkGoldWithdraw, checkWithdraw, type BankCheck } from "./bank-rules.ts";
import { checkAccept, checkGoldOffer, checkItemOffer, tradeChatLine, trading, type TradeCheck } from "./trade-rules.ts";
import { checkTrain } from "./trainer-rules.ts";
import { checkBindSpell, checkPressHotkey, hotkeyFields, hotkeysEnabled, hotkeySpellSlot, parseHotkeys, serializeHotkeys } from "./hotkey-rules.ts";
import { checkAttack, type AttackCheck } from "./combat-rules.ts";
import { applySkillAssignment, checkSkillAssignment, isUsableSkill, type SkillCheck } from "./skills-rules.ts";
import { cancelTarget, takeMapClick, type MapClick } from "./target-rules.ts";
import { heldBy, isMeditating } from "./altered-states.ts";
import { isResting, restWalkAction } from "./rest-rules.ts";
import { checkCast, checkMeditate, checkMoveSpell, checkSpellClick, type SpellCheck } from "./spell-rules.ts";
import { BANK_TEXT, COMBAT_TEXT, HELD_TEXT, INVENTORY_TEXT, SHOP_TEXT, SKILLS_TEXT, SPELL_TEXT, TARGET_TEXT, TRADE_TEXT } from "./ui-text.ts";
import type { SpellInfo } from "./world-info.ts";

/** A step due this little late keeps the walking rhythm instead of restarting it (frame jitter). */
export const STEP_CADENCE_SLACK_MS = 50;

/** Where the client keeps each character's hotkey bar (the browser: its local storage). */
export interface HotkeyStore {
  load(characterName: string): string | null;
  save(characterName: string, text: string): void;
}

export interface ClientSessionOptions {
  readonly transport: Transport;
  /** The hotkey bar's store; without one the bar lasts the session. */
  readonly hotkeyStore?: HotkeyStore;
  /** Diagnostics (bad packets, encode failures); the browser sends them to `console.warn`. */
  readonly warn?: (message: string, detail?: unknown) => void;
}

export class ClientSession {
  readonly state: GameState = createGameState();
  readonly predictor = new MovementPredictor();
  readonly outbox: ClientOutbox;
  /** The current map's grid, once loaded (walking waits for it). */
  map: LiveMapGrid | null = null;
  /** True after the player asked to log out, until the server closes. */
  quitRequested = false;
  /** True once the server said `Disconnect` (the close that follows is expected). */
  disconnectedByServer = false;
  /** Last reconciliation that changed the shown position (for the HUD and tests). */
  lastCorrection: Reconciliation | null = null;

  private nextStepAtMs = 0;
  private lastStepAtMs = 0;
  private awaitingExitUntilMs = 0;
  private needsResync = false;
  /** True after we sent `CommerceEnd`, until the server answers (one close per window). */
  private closeRequested = false;
  /** True after we sent `BankEnd`, until the server answers. */
  private bankCloseRequested = false;
  /** True after we sent `UserCommerceEnd` or `UserCommerceReject`, until the server answers. */
  private tradeEndRequested = false;
  /**
   * The player this client last clicked (its name, "" for anything else), as the server's target
   * follows the clicks: the partner a `CommerceStart` would ask. Only for the trade window's title.
   */
  private clickedPlayer = "";
  /** Who the trade that opens next is with, as far as this client knows. */
  private pendingPartner = "";
  /** True while a walk key is held with a window open (the hint is said once per press). */
  private walkBlockedHinted = false;
  /** When the last `Attack` went out (the attack key is paced at the attack interval). */
  private lastAttackAtMs = Number.NEGATIVE_INFINITY;
  /** When a refused attack was last explained in the console (a held key says it once a while). */
  private attackRefusedAtMs = Number.NEGATIVE_INFINITY;
  /** When the last spell click (`WorkLeftClick` skill 1) went out: the next waits the cast interval. */
  private lastSpellClickAtMs = Number.NEGATIVE_INFINITY;
  private readonly warn: (message: string, detail?: unknown) => void;
  private readonly hotkeyStore: HotkeyStore | null;
  /** The character asked for last (the hotkey bar is kept per character). */
  private enteringName = "";

  constructor(options: ClientSessionOptions) {
    this.warn = options.warn ?? (() => {});
    this.hotkeyStore = options.hotkeyStore ?? null;
    this.outbox = new ClientOutbox(options.transport, (error: OutboxError) => this.warn(error.message, error.cause));
    this.state.phase = "connecting";
  }

  // ------------------------------------------------------------------ account commands

  loginAccount(email: string, password: string): void {
    this.outbox.loginAccount(email, password);
  }

  createAccount(email: string, password: string): void {
    this.outbox.createAccount(email, password);
  }

  playCharacter(charId: number, name: string): void {
    this.state.phase = "entering";
    resetWorld(this.state);
    this.enteringName = name;
    this.outbox.loginExistingChar(charId, name);
  }

  createCharacter(request: NewCharacterRequest): void {
    this.state.phase = "entering";
    resetWorld(this.state);
    this.enteringName = request.name;
    this.outbox.loginNewChar(request);
  }

  // ------------------------------------------------------------------ server traffic

  /** Handles one WebSocket message (one packet body); returns the signals for the UI. */
  receive(body: Uint8Array, nowMs: number): ClientSignal[] {
    const decoded = decodeServerPacket(body);
    if (!decoded.ok) {
      this.state.badPackets++;
      this.warn(`ignored a server packet: ${decoded.error.message}`);
      return [];
    }
    const signals = reduceServerPacket(this.state, decoded.packet, nowMs);
    for (const signal of signals) this.follow(signal, nowMs);
    return signals;
  }

  /** The world's spells (names, magic words, console lines), from the world info: the spell list and the words use them. */
  setSpellCatalogue(spells: ReadonlyMap<number, SpellInfo>): void {
    this.state.spellCatalogue = spells;
  }

  /** Installs the grid of the current map (ignored when it is for another map), as a live copy. */
  setMap(grid: MapGrid): void {
    if (grid.id === this.state.mapId) this.map = new LiveMapGrid(grid);
  }

  /** The map the renderer still needs, if any. */
  get missingMapId(): number | null {
    return this.state.mapId !== 0 && this.map?.id !== this.state.mapId ? this.state.mapId : null;
  }

  private follow(signal: ClientSignal, nowMs: number): void {
    switch (signal.type) {
      case "logged":
        this.outbox.resetCounters();
        this.predictor.clear();
        this.nextStepAtMs = 0;
        this.quitRequested = false;
        this.closeRequested = false;
        this.bankCloseRequested = false;
        this.tradeEndRequested = false;
        this.lastAttackAtMs = Number.NEGATIVE_INFINITY;
        this.attackRefusedAtMs = Number.NEGATIVE_INFINITY;
        this.lastSpellClickAtMs = Number.NEGATIVE_INFINITY;
        this.loadHotkeys();
        return;
      case "trade-opened":
        this.tradeEndRequested = false;
        this.state.trade.partnerName = this.pendingPartner;
        pushConsole(this.state, TRADE_TEXT.opened(this.pendingPartner), "info", nowMs);
        return;
      case "trade-closed":
        this.tradeEndRequested = false;
        this.pendingPartner = "";
        return;
      case "bank-opened":
        this.bankCloseRequested = false;
        pushConsole(this.state, BANK_TEXT.opened, "info", nowMs);
        return;
      case "bank-closed":
        this.bankCloseRequested = false;
        return;
      case "shop-opened":
        this.closeRequested = false;
        pushConsole(this.state, SHOP_TEXT.opened(signal.npcName), "info", nowMs);
        return;
      case "shop-closed":
        this.closeRequested = false;
        return;
      case "map-changed":
        this.predictor.clear();
        this.awaitingExitUntilMs = 0;
        if (this.map?.id !== signal.mapId) this.map = null;
        return;
      case "own-index":
      case "own-placed":
        this.predictor.clear();
        this.awaitingExitUntilMs = 0;
        this.needsResync = false;
        return;
      case "pos-update": {
        const me = ownChar(this.state);
        if (!me) return;
        this.apply(me, this.predictor.onPosUpdate(signal.x, signal.y, nowMs, (x, y, h) => this.isLegalStep(x, y, h)));
        return;
      }
      case "area-changed": {
        const me = ownChar(this.state);
        if (!me) return;
        this.apply(me, this.predictor.onAreaChanged(signal.x, signal.y, me.x, me.y, nowMs));
        return;
      }
      case "force-move": {
        const me = ownChar(this.state);
        if (!me) return;
        // The server already moved us (a swap with a ghost); follow without sending anything.
        startStep(me, me.x + stepX(signal.heading), me.y + stepY(signal.heading), nowMs, this.state.walkIntervalMs);
        return;
      }
      case "block-position":
        this.map?.setDirectionBlocks(signal.x, signal.y, signal.blocked);
        return;
      case "disconnect":
        this.disconnectedByServer = true;
        return;
      default:
        return;
    }
  }

  private apply(me: CharView, result: Reconciliation): void {
    if (result.kind === "confirmed") return;
    if (result.kind === "snapped" && result.forgotten > 0) this.needsResync = true;
    if (me.x !== result.x || me.y !== result.y) {
      placeAt(me, result.x, result.y);
      this.lastCorrection = result;
    }
    this.awaitingExitUntilMs = 0;
  }

  // ------------------------------------------------------------------ playing

  /**
   * True when a step from (x, y) towards `heading` should be accepted, as far as we know: the
   * server's own rule (`checkStep`), with the characters we see as the ones standing in the way.
   */
  isLegalStep(x: number, y: number, heading: Heading): boolean {
    const map = this.map;
    if (!map) return false;
    return checkStep(map, x, y, heading, (index) => this.someoneElseStandsOn(map.width, index)) === "ok";
  }

  /** True when a character other than ours stands on the tile with row-major `index`. */
  private someoneElseStandsOn(width: number, index: number): boolean {
    const x = (index % width) + 1;
    const y = Math.floor(index / width) + 1;
    for (const char of this.state.chars.values()) {
      if (char.charIndex !== this.state.myCharIndex && char.x === x && char.y === y) return true;
    }
    return false;
  }

  /**
   * Called every frame with the direction key held (0 = none). Steps at the walk interval,
   * turns in place against obstacles, and asks for the position after an unexplained correction.
   */
  tick(nowMs: number, heading: Heading | 0): void {
    const me = ownChar(this.state);
    if (this.state.phase !== "in_world" || !this.map || !me) return;
    this.predictor.expire(nowMs);
    if (this.awaitingExitUntilMs !== 0) {
      if (nowMs < this.awaitingExitUntilMs) return;
      // The exit did not take us anywhere: ask where we are and walk on.
      this.awaitingExitUntilMs = 0;
      this.outbox.requestPositionUpdate();
    }
    const blocked = this.walkBlockedText();
    if (blocked !== null) {
      // The server ignores `Walk` while a shop, the vault or a trade is open (§7.3, §8.2, §9.4),
      // and refuses it while paralysed or immobilised: predicting the step would only be undone.
      if (heading !== 0 && !this.walkBlockedHinted) pushConsole(this.state, blocked, "warning", nowMs);
      this.walkBlockedHinted = heading !== 0;
      // An immobilised player may still turn (a paralysed one may not: VB6 `HandleChange_Heading`).
      if (heading !== 0 && heldBy(this.state) === "immobilized" && me.heading !== heading && nowMs >= this.nextStepAtMs) {
        this.nextStepAtMs = nowMs + this.state.walkIntervalMs;
        me.heading = heading;
        this.outbox.changeHeading(heading);
      }
      return;
    }
    this.walkBlockedHinted = false;
    // Resting: an arrow asks once to stand up instead of walking (the stock client's `WriteRest`).
    if (heading !== 0) {
      const restAction = restWalkAction(this.state);
      if (restAction === "stand_up") {
        this.state.ownStatus.restStandUpAsked = true;
        this.outbox.rest();
      }
      if (restAction !== "walk") return;
    }
    if (heading === 0) {
      if (this.needsResync && nowMs - this.lastStepAtMs >= RESYNC_IDLE_MS) {
        this.needsResync = false;
        this.outbox.requestPositionUpdate();
      }
      return;
    }
    if (nowMs < this.nextStepAtMs) return;
    const interval = this.state.walkIntervalMs;
    const late = nowMs - this.nextStepAtMs;
    this.nextStepAtMs = late <= STEP_CADENCE_SLACK_MS ? this.nextStepAtMs + interval : nowMs + interval;

    if (!this.isLegalStep(me.x, me.y, heading)) {
      if (me.heading !== heading) {
        me.heading = heading;
        this.outbox.changeHeading(heading);
      }
      return;
    }
    const tx = me.x + stepX(heading);
    const ty = me.y + stepY(heading);
    this.outbox.walk(heading);
    this.predictor.record(heading, me.x, me.y, nowMs);
    me.heading = heading;
    startStep(me, tx, ty, nowMs, interval);
    this.lastStepAtMs = nowMs;
    // Steps sent after an exit would land on the next map in places we never predicted.
    if (this.map.exitAt(tx, ty)) this.awaitingExitUntilMs = nowMs + EXIT_WAIT_MS;
  }

  /** Why walking is held (a window is open, a spell holds us), or null when it is not. */
  private walkBlockedText(): string | null {
    const state = this.state;
    if (state.shop.open) return SHOP_TEXT.walkBlocked;
    if (state.bank.open) return BANK_TEXT.walkBlocked;
    if (state.trade.open) return TRADE_TEXT.walkBlocked;
    const held = heldBy(state);
    if (held !== null) return HELD_TEXT[held];
    return null;
  }

  /** True while walking waits for the map change an exit causes. */
  get waitingForExit(): boolean {
    return this.awaitingExitUntilMs !== 0;
  }

  /**
   * Acts on a line typed in the chat box: says, yells or whispers it, sends its command, or
   * answers it in the console (usage hints, unknown commands). Returns what the line meant.
   */
  chat(line: string, nowMs: number): ChatIntent {
    if (this.state.phase !== "in_world") return { kind: "nothing" };
    const intent = parseChatLine(line);
    switch (intent.kind) {
      case "talk":
        this.outbox.talk(intent.text);
        break;
      case "yell":
        this.outbox.yell(intent.text);
        break;
      case "whisper":
        this.outbox.whisper(intent.target, intent.text);
        break;
      case "command":
        // Through `quit` so the logout countdown and its button follow, as with the button.
        if (intent.packet === "Quit") this.quit(nowMs);
        else {
          // `/PANELGM` asks for the SOS list first, as the stock client's parser does (its panel opens with it).
          if (intent.packet === "GMPanel") this.outbox.sosShowList();
          this.outbox.command(intent);
        }
        break;
      case "local":
        pushConsole(this.state, intent.message, "info", nowMs);
        break;
      case "nothing":
        break;
    }
    return intent;
  }

  /** Sends a line as `Talk`, whatever it starts with; false when there was nothing to say. */
  talk(text: string): boolean {
    const line = text.trim().slice(0, MAX_CHAT_INPUT_CHARS);
    if (line === "" || this.state.phase !== "in_world") return false;
    return this.outbox.talk(line);
  }

  // ------------------------------------------------------------------ inventory
  // Each request is checked first (inventory-rules.ts); a refused one sends nothing, says why
  // in the console and returns false. The server answers accepted ones with slot, gold and
  // vitals packets, or with its own refusal message.

  /** Uses `slot` as a double click does (`UseItem`). */
  useItem(slot: number, nowMs: number): boolean {
    const held = this.checked(checkSlot(this.state, slot), nowMs);
    return held !== null && this.outbox.useItem(held.slot);
  }

  /** Uses the ring's key in `slot` (1..10) on the door last clicked (`UseKey`). */
  useKey(slot: number): boolean {
    if (slot < 1 || slot > 10 || (this.state.stats.keyRing[slot - 1] ?? 0) === 0) return false;
    return this.outbox.useKey(slot);
  }

  /** Uses `slot` as the U key does (`UseItemU`: the server applies the U-key interval). */
  useItemWithKey(slot: number, nowMs: number): boolean {
    const held = this.checked(checkSlot(this.state, slot), nowMs);
    return held !== null && this.outbox.useItemU(held.slot);
  }

  /** Equips `slot`, or unequips it when equipped (the server toggles). */
  equipItem(slot: number, nowMs: number): boolean {
    const held = this.checked(checkSlot(this.state, slot), nowMs);
    return held !== null && this.outbox.equipItem(held.slot);
  }

  /**
   * A double click on `slot`: uses or equips, by the object's type (`objType` from the world
   * info, undefined when unknown). Returns what was sent ("none" when nothing was).
   */
  activateSlot(slot: number, objType: number | undefined, nowMs: number): SlotActivation {
    const held = this.checked(checkSlot(this.state, slot), nowMs);
    if (held === null) return "none";
    const action = activationFor(held, objType);
    if (action === "use") return this.outbox.useItem(slot) ? "use" : "none";
    if (action === "equip") return this.outbox.equipItem(slot) ? "equip" : "none";
    return "none";
  }

  /** Drops `amount` units of `slot` on our own tile, as the stock client does. */
  dropItem(slot: number, amount: number, nowMs: number): boolean {
    const me = ownChar(this.state);
    const units = this.checked(checkItemDrop(this.state, slot, amount), nowMs);
    if (units === null || !me) return false;
    return this.outbox.drop(slot, units, me.x, me.y);
  }

  /** Drops `amount` gold (the server scatters it around our tile, 10000 a pile). */
  dropGold(amount: number, nowMs: number): boolean {
    const me = ownChar(this.state);
    const units = this.checked(checkGoldDrop(this.state, amount), nowMs);
    if (units === null || !me) return false;
    return this.outbox.drop(GOLD_SLOT, units, me.x, me.y);
  }

  /** Picks up what lies on our tile (the server says when there is nothing). */
  pickUp(nowMs: number): boolean {
    const me = ownChar(this.state);
    if (this.state.phase !== "in_world" || !me) {
      this.refused("not_playing", nowMs);
      return false;
    }
    return this.outbox.pickUp(me.x, me.y);
  }

  /** Moves `from` onto `to` (the server moves, swaps or merges the stacks). */
  moveItem(from: number, to: number, nowMs: number): boolean {
    const move = this.checked(checkMove(this.state, from, to), nowMs);
    return move !== null && this.outbox.moveItem(move.from, move.to);
  }

  /** Destroys what `slot` holds (the server allows it only on safe maps). */
  deleteItem(slot: number, nowMs: number): boolean {
    const held = this.checked(checkDelete(this.state, slot), nowMs);
    return held !== null && this.outbox.deleteItem(held.slot);
  }

  /** The checked value, or null after saying in the console why the request was refused. */
  private checked<T>(check: InventoryCheck<T>, nowMs: number): T | null {
    if (check.ok) return check.value;
    this.refused(check.reason, nowMs);
    return null;
  }

  private refused(reason: keyof typeof INVENTORY_TEXT.refusals, nowMs: number): void {
    // Before the world there is no console to read: stay quiet.
    if (reason !== "not_playing") pushConsole(this.state, INVENTORY_TEXT.refusals[reason], "warning", nowMs);
  }

  // ------------------------------------------------------------------ map clicks and shops

  /**
   * A left click on map tile (x, y), as the stock client routes it: while the server waits for a
   * target (`WorkRequestTarget`) it is that skill's `WorkLeftClick` (a shot or a spell at whoever
   * stands there) and the aim is spent; otherwise a `LeftClick`. A spell's click sooner than the
   * cast interval after the last one (when `nowMs` is given) is refused and keeps the aim, as the
   * stock client does. Null when nothing was sent.
   */
  clickMap(x: number, y: number, nowMs?: number): MapClick | null {
    if (!this.onMap(x, y)) return null;
    const spellClick = this.state.target?.skill === WorkSkill.Magic && nowMs !== undefined;
    if (spellClick) {
      const pace = checkSpellClick(this.state, nowMs, this.lastSpellClickAtMs);
      if (!pace.ok) {
        pushConsole(this.state, SPELL_TEXT.refusals[pace.reason], "warning", nowMs);
        return null;
      }
    }
    const click = takeMapClick(this.state, x, y);
    if (click.kind === "work") {
      if (!this.outbox.workLeftClick(x, y, click.skill)) return null;
      if (spellClick) this.lastSpellClickAtMs = nowMs;
      return click;
    }
    return this.sendLeftClick(x, y) ? click : null;
  }

  /** A left click on map tile (x, y): look at it; on a trader within 4 tiles the server opens its shop. */
  leftClick(x: number, y: number): boolean {
    return this.onMap(x, y) && this.sendLeftClick(x, y);
  }

  /** Gives up aiming (Escape): the next click looks again. False when nothing was aimed. */
  cancelTarget(nowMs: number): boolean {
    if (!cancelTarget(this.state)) return false;
    pushConsole(this.state, TARGET_TEXT.cancelled, "info", nowMs);
    return true;
  }

  /** True in the world with the map loaded and (x, y) a tile of it. */
  private onMap(x: number, y: number): boolean {
    const map = this.map;
    if (this.state.phase !== "in_world" || !map) return false;
    return Number.isInteger(x) && Number.isInteger(y) && x >= 1 && y >= 1 && x <= map.width && y <= map.height;
  }

  private sendLeftClick(x: number, y: number): boolean {
    this.clickedPlayer = this.playerNameAt(x, y);
    return this.outbox.leftClick(x, y);
  }

  /**
   * The name of the player a click on (x, y) targets, as the server picks it: the char standing
   * just below the tile first (a click on its head), then the one on it; "" for an NPC or nobody.
   */
  private playerNameAt(x: number, y: number): string {
    let below: CharView | undefined;
    let on: CharView | undefined;
    for (const char of this.state.chars.values()) {
      if (char.x === x && char.y === y + 1) below = char;
      else if (char.x === x && char.y === y) on = char;
    }
    const target = below ?? on;
    return target && !isNpcChar(target) && target.charIndex !== this.state.myCharIndex ? target.name : "";
  }

  /**
   * `/COMERCIAR` (the C key): the server opens the shop of the trader clicked last, or asks the
   * player clicked last to trade. False when not playing.
   */
  startCommerce(): boolean {
    if (this.state.phase !== "in_world") return false;
    this.pendingPartner = this.clickedPlayer;
    return this.outbox.commerceStart();
  }

  /** `/BOVEDA` (the B key): the server opens the vault when the banker was clicked last. */
  openVault(): boolean {
    if (this.state.phase !== "in_world" || this.state.bank.open) return false;
    return this.outbox.bankStart();
  }

  /**
   * Asks the server to close whichever window is open (shop, vault or trade): Escape. False when
   * none is, or its close is already on its way.
   */
  closeOpenWindow(): boolean {
    if (this.state.shop.open) return this.closeShop();
    if (this.state.bank.open) return this.closeVault();
    if (this.state.trade.open) return this.endTrade();
    return false;
  }

  /** Buys `amount` units of shop slot `slot`; refused locally (console line, false) when invalid. */
  buy(slot: number, amount: number, nowMs: number): boolean {
    const deal = this.shopChecked(checkBuy(this.state, slot, amount), nowMs);
    return deal !== null && this.outbox.commerceBuy(deal.slot, deal.amount);
  }

  /** Sells `amount` units of inventory slot `slot` to the shop; refused locally when invalid. */
  sell(slot: number, amount: number, nowMs: number): boolean {
    const deal = this.shopChecked(checkSell(this.state, slot, amount), nowMs);
    return deal !== null && this.outbox.commerceSell(deal.slot, deal.amount);
  }

  /**
   * Asks the server to close the shop; the window closes when it answers `CommerceEnd`. False
   * when no shop is open or the close is already on its way.
   */
  closeShop(): boolean {
    if (!this.state.shop.open || this.closeRequested) return false;
    this.closeRequested = true;
    return this.outbox.commerceEnd();
  }

  private shopChecked<T>(check: ShopCheck<T>, nowMs: number): T | null {
    if (check.ok) return check.value;
    pushConsole(this.state, SHOP_TEXT.refusals[check.reason], "warning", nowMs);
    return null;
  }

  // ------------------------------------------------------------------ bank vault
  // Each request is checked first (bank-rules.ts); a refused one sends nothing, says why in the
  // console and returns false.

  /** Deposits `amount` units of inventory slot `slot` (the server picks the vault slot). */
  deposit(slot: number, amount: number, nowMs: number): boolean {
    const deal = this.bankChecked(checkDeposit(this.state, slot, amount), nowMs);
    return deal !== null && this.outbox.bankDeposit(deal.slot, deal.amount);
  }

  /** Withdraws `amount` units of vault slot `slot` (the server picks the inventory slot). */
  withdraw(slot: number, amount: number, nowMs: number): boolean {
    const deal = this.bankChecked(checkWithdraw(this.state, slot, amount), nowMs);
    return deal !== null && this.outbox.bankExtractItem(deal.slot, deal.amount);
  }

  depositGold(amount: number, nowMs: number): boolean {
    const gold = this.bankChecked(checkGoldDeposit(this.state, amount), nowMs);
    return gold !== null && this.outbox.bankDepositGold(gold);
  }

  withdrawGold(amount: number, nowMs: number): boolean {
    const gold = this.bankChecked(checkGoldWithdraw(this.state, amount), nowMs);
    return gold !== null && this.outbox.bankExtractGold(gold);
  }

  /** Asks the server to close the vault; the window closes when it answers `BankEnd`. */
  closeVault(): boolean {
    if (!this.state.bank.open || this.bankCloseRequested) return false;
    this.bankCloseRequested = true;
    return this.outbox.bankEnd();
  }

  private bankChecked<T>(check: BankCheck<T>, nowMs: number): T | null {
    if (check.ok) return check.value;
    pushConsole(this.state, BANK_TEXT.refusals[check.reason], "warning", nowMs);
    return null;
  }

  // ------------------------------------------------------------------ player trade

  /**
   * Answers the question the server asked (`ResponderPregunta`); yes to a trade request opens
   * the trade. False when no question waits.
   */
  answerQuestion(yes: boolean): boolean {
    const question = this.state.question;
    if (question === null || this.state.phase !== "in_world") return false;
    this.state.question = null;
    // The trade that opens now is with whoever asked.
    if (yes) this.pendingPartner = question.param;
    return this.outbox.answerQuestion(yes);
  }

  /** Adds `amount` units of inventory slot `slot` to our offer (offers only grow). */
  offerItem(slot: number, amount: number, nowMs: number): boolean {
    const deal = this.tradeChecked(checkItemOffer(this.state, slot, amount), nowMs);
    return deal !== null && this.outbox.userCommerceOffer(deal.slot, deal.amount);
  }

  /** Adds `amount` gold to our offer. */
  offerGold(amount: number, nowMs: number): boolean {
    const deal = this.tradeChecked(checkGoldOffer(this.state, amount), nowMs);
    return deal !== null && this.outbox.userCommerceOffer(deal.slot, deal.amount);
  }

  /** Accepts both offers as they stand; the swap happens when the other side accepts too. */
  acceptTrade(nowMs: number): boolean {
    if (this.tradeChecked(checkAccept(this.state), nowMs) === null) return false;
    this.state.trade.accepted = true;
    return this.outbox.userCommerceOk();
  }

  /** Rejects the other's offer: the server ends the trade for both. */
  rejectTrade(): boolean {
    if (!trading(this.state) || this.tradeEndRequested) return false;
    this.tradeEndRequested = true;
    return this.outbox.userCommerceReject();
  }

  /** Ends the trade; the window closes when the server answers `UserCommerceEnd`. */
  endTrade(): boolean {
    if (!trading(this.state) || this.tradeEndRequested) return false;
    this.tradeEndRequested = true;
    return this.outbox.userCommerceEnd();
  }

  /** Says `typed` in the trade window's chat (`CommerceSendChatMessage`); false when nothing went out. */
  sendTradeChat(typed: string): boolean {
    const text = tradeChatLine(this.state, typed);
    return text !== null && this.outbox.commerceSendChatMessage(text);
  }

  // ------------------------------------------------------------------ the hotkey bar

  /** `LoadHotkeys` at each entry: the character's stored bar, every slot sent again (nothing stored: nothing sent). */
  private loadHotkeys(): void {
    const stored = this.hotkeyStore?.load(this.enteringName) ?? null;
    this.state.hotkeys = parseHotkeys(stored);
    if (stored === null) return;
    this.state.hotkeys.forEach((entry, slot) => this.outbox.setHotkeySlot(hotkeyFields(slot, entry)));
  }

  private saveHotkeys(): void {
    this.hotkeyStore?.save(this.enteringName, serializeHotkeys(this.state.hotkeys));
  }

  /** Puts the spell of book slot `spellSlot` on bar slot `barSlot` (`SetHotkeySlot`); false when it may not go there. */
  bindSpellHotkey(barSlot: number, spellSlot: number): boolean {
    const check = checkBindSpell(this.state, barSlot, spellSlot);
    if (!check.ok) return false;
    this.state.hotkeys[barSlot] = check.value;
    this.saveHotkeys();
    return this.outbox.setHotkeySlot(hotkeyFields(barSlot, check.value));
  }

  /** Empties bar slot `barSlot` (the server is told it holds nothing). */
  clearHotkey(barSlot: number): boolean {
    if (this.state.phase !== "in_world" || !hotkeysEnabled(this.state) || this.state.hotkeys[barSlot] == null) return false;
    this.state.hotkeys[barSlot] = null;
    this.saveHotkeys();
    return this.outbox.setHotkeySlot(hotkeyFields(barSlot, null));
  }

  /** A bar key (`DoHotKey`): `UseHKeySlot`, even for an empty slot; a ghost is told it is dead and nothing goes out. */
  pressHotkey(barSlot: number, nowMs: number): boolean {
    const check = checkPressHotkey(this.state, barSlot);
    if (!check.ok) {
      if (check.reason === "dead") pushConsole(this.state, SPELL_TEXT.refusals.dead, "warning", nowMs);
      return false;
    }
    // The target request the server may answer is for that spell.
    const spellSlot = hotkeySpellSlot(this.state, this.state.hotkeys[barSlot] ?? null);
    if (spellSlot > 0) this.state.spellBook.castingSlot = spellSlot;
    return this.outbox.useHotkeySlot(check.value);
  }

  // ------------------------------------------------------------------ the trainer

  /**
   * The train window's choice `choice` (1-based): `Train(choice)`, and the window closes, as the
   * stock client's does. False (nothing sent) with no window open or no such creature.
   */
  train(choice: number): boolean {
    const check = checkTrain(this.state, choice);
    if (!check.ok) return false;
    this.closeTrainer();
    return this.outbox.train(check.creature);
  }

  /** Closes the train window (the server is not told: it keeps nothing open for it). */
  closeTrainer(): boolean {
    if (!this.state.trainer.open) return false;
    this.state.trainer = { open: false, creatures: [] };
    return true;
  }

  private tradeChecked<T>(check: TradeCheck<T>, nowMs: number): T | null {
    if (check.ok) return check.value;
    pushConsole(this.state, TRADE_TEXT.refusals[check.reason], "warning", nowMs);
    return null;
  }

  // ------------------------------------------------------------------ combat and skills

  /**
   * The attack key: strikes the tile in front (`Attack`) at most once per attack interval. A
   * ghost is refused (said in the console, once per interval while the key is held); a press
   * too soon is dropped silently, so holding the key attacks at the interval.
   */
  attack(nowMs: number): AttackCheck {
    // The stock client ignores the attack key while resting (`If UserDescansar Then Exit Function`).
    if (isResting(this.state)) return { ok: false, reason: "resting" };
    const check = checkAttack(this.state, nowMs, this.lastAttackAtMs);
    if (!check.ok) {
      if (check.reason === "dead" && nowMs - this.attackRefusedAtMs >= this.state.attackIntervalMs) {
        this.attackRefusedAtMs = nowMs;
        pushConsole(this.state, COMBAT_TEXT.refusals.dead, "warning", nowMs);
      }
      return check;
    }
    this.lastAttackAtMs = nowMs;
    this.outbox.attack();
    return check;
  }

  /**
   * Spends free skill points (`ModifySkills`): `deltas[i]` points to skill i + 1. Checked first
   * (skills-rules.ts); an accepted one is applied to the state at once, since the server answers
   * nothing. A refused one sends nothing and says why in the console.
   */
  assignSkills(deltas: readonly number[], nowMs: number): SkillCheck<readonly number[]> {
    const check = checkSkillAssignment(this.state, deltas);
    if (!check.ok) {
      if (check.reason !== "not_playing") pushConsole(this.state, SKILLS_TEXT.refusals[check.reason], "warning", nowMs);
      return check;
    }
    if (!this.outbox.modifySkills(check.value)) return { ok: false, reason: "bad_points" };
    applySkillAssignment(this.state, check.value);
    pushConsole(this.state, SKILLS_TEXT.assigned(check.value.reduce((sum, n) => sum + n, 0)), "info", nowMs);
    return check;
  }

  /** Asks the server for the skills (`RequestSkills`), as the stock skills window does on opening. */
  requestSkills(): boolean {
    if (this.state.phase !== "in_world") return false;
    return this.outbox.requestSkills();
  }

  /** `Work(skill)` for a skill the window lets the player use (skills-rules.ts `USABLE_SKILLS`: Robar, Ocultarse). */
  useSkill(skill: number): boolean {
    if (this.state.phase !== "in_world" || !isUsableSkill(skill)) return false;
    return this.outbox.work(skill);
  }

  /**
   * Asks the server for what the character window shows: `RequestAtributes` then
   * `RequestMiniStats`, in the order the stock client's statistics button sends them.
   */
  requestCharacterSheet(): boolean {
    if (this.state.phase !== "in_world") return false;
    return this.outbox.requestAttributes() && this.outbox.requestMiniStats();
  }

  // ------------------------------------------------------------------ spells and meditation
  // Each request is checked first (spell-rules.ts); a refused one sends nothing, says why in the
  // console and returns the refusal.

  /**
   * Chooses book slot `slot` to cast (`CastSpell`): the server asks for a target
   * (`WorkRequestTarget(1)`, the next map click casts) or casts a self-cast spell at once.
   */
  castSpell(slot: number, nowMs: number): SpellCheck<{ readonly slot: number; readonly spellId: number }> {
    const check = this.spellChecked(checkCast(this.state, slot), nowMs);
    if (!check.ok) return check;
    this.state.spellBook.castingSlot = slot;
    this.outbox.castSpell(slot);
    return check;
  }

  /** Moves the spell of `slot` one place up or down (`MoveSpell`); the server answers both slots. */
  moveSpell(slot: number, upwards: boolean, nowMs: number): SpellCheck<{ readonly slot: number; readonly upwards: boolean; readonly to: number }> {
    const check = this.spellChecked(checkMoveSpell(this.state, slot, upwards), nowMs);
    if (check.ok) this.outbox.moveSpell(slot, upwards);
    return check;
  }

  /** Starts or stops meditating (`Meditate`): the server answers `MeditateToggle` and the mana ticks. */
  meditate(nowMs: number): SpellCheck<null> {
    const check = this.spellChecked(checkMeditate(this.state, isMeditating(this.state)), nowMs);
    if (check.ok) this.outbox.meditate();
    return check;
  }

  private spellChecked<T>(check: SpellCheck<T>, nowMs: number): SpellCheck<T> {
    if (!check.ok && check.reason !== "not_playing") pushConsole(this.state, SPELL_TEXT.refusals[check.reason], "warning", nowMs);
    return check;
  }

  // ---------------------------------------------------------------- the staff's forms
  /** The MOTD editor's Save: the new message of the day (`SetMOTD`); the form closes. */
  saveMotd(edited: string): void {
    if (this.state.staffForm?.kind !== "motd") return;
    this.outbox.setMotd(motdForSending(edited));
    this.state.staffForm = null;
  }

  /** The SOS panel's "attended" on one request: the server closes it (`SOSRemove`); it leaves the list at once. */
  resolveSosRequest(key: string): void {
    const form = this.state.staffForm;
    if (form?.kind !== "sos" || !form.requests.some((request) => request.key === key)) return;
    this.outbox.sosRemove(key);
    // The server closes the oldest request of that key: so does the list.
    const first = form.requests.findIndex((request) => request.key === key);
    this.state.staffForm = { kind: "sos", requests: form.requests.filter((_, index) => index !== first) };
  }

  /** Closes the staff form without sending anything (the stock forms' Cancel). */
  closeStaffForm(): void {
    this.state.staffForm = null;
  }

  /** Asks the server to log out (it answers with a countdown, or at once on safe maps). */
  quit(nowMs: number): void {
    if (this.state.phase !== "in_world") return;
    this.quitRequested = true;
    pushConsole(this.state, "Saliendo del juego…", "info", nowMs);
    this.outbox.quit();
  }

  cancelQuit(): void {
    if (!this.quitRequested) return;
    this.quitRequested = false;
    this.outbox.cancelQuit();
  }
}
