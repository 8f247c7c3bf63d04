/**
 * The session adapter: an AO20 client for one bot, behind the runtime's `SessionPort`. It sits
 * on a transport (TCP or WebSocket) and the project's protocol library, and does what the stock
 * client does to get into the world and stay there:
 *
 *   connect → `Connected` → `CreateAccount` (or `LoginAccount`) → `AccountCharacterList` →
 *   `LoginNewChar` (or `LoginExistingChar`) → `Logged` (TS_* counters reset) → in the world.
 *
 * In the world it keeps the bot's own char index and position (its own `CharacterCreate`,
 * corrected by `PosUpdate`, predicted on each `Walk` like the client does) and writes the
 * characters it is told about (`CharacterCreate` / `CharacterMove` / `CharacterRemove`) into the
 * run's pooled view of its map (map-view.ts); `ChangeMap` moves it to the new map's view. Walkers
 * pick legal steps from the map's terrain and that view. For fighters it also keeps its own HP
 * (`UpdateHP`, `UpdateUserStats`) and whether it is dead (HP 0, or a ghost's body on its own
 * char), and finds the nearest NPC in its window. For casters it keeps its mana (`UpdateMana`,
 * `UpdateUserStats`), its spell book (`ChangeSpellSlot`, in the login burst before `Logged`, so
 * before any behaviour could subscribe), its free skill points (`LevelUp`) and whether its own
 * char meditates (`MeditateToggle`). It feeds the run's `RunLedger`: offered
 * steps, the first observation of other bots' steps, refusals, chat round trips, bytes, logins.
 * `ErrorMsg`, `ShowMessageBox`, a timeout or an unasked close fail the bot; how it ended is kept
 * as a value (`FailureSignal`) for the report to group by cause (failure-causes.ts).
 *
 * With `login: "reuse"` a bot logs into its account (`LoginAccount`) and, when the server does
 * not know it, dials again and creates it: the server closes a connection after any refusal, so
 * a second try needs a second connection. Its character is picked from the list, or created.
 */
import { SPELL_SLOT_COUNT } from "../game/character/index.ts";
import { headingBit, isHeading } from "../game/movement/index.ts";
import { GHOST_BODY } from "../game/vitals/index.ts";
import { decodeServerPacket, PacketWriter, SEQUENCED_CLIENT_PACKETS, writeClientPacket, type ClientPacketName } from "../protocol/index.ts";
import type { TimerScheduler } from "../time/index.ts";
import type { ActorView, PacketFields, SendOutcome } from "./behaviour.ts";
import type { BotCredentials } from "./bot-identity.ts";
import { classifyFailure, describeFailure, type FailureSignal, type FailureStage } from "./failure-causes.ts";
import { CHARACTER_CREATE_ID, CHARACTER_MOVE_BODY_BYTES, CHARACTER_MOVE_ID, moveCharIndexAt, packetIdAt, readCharacterCreate, type CharPlacement } from "./hot-packets.ts";
import type { BotLogger } from "./logger.ts";
import type { MapCatalog } from "./map-catalog.ts";
import { MapViews, posKey, stepKey, type MapView, type Mover } from "./map-view.ts";
import { PendingSteps } from "./pending-steps.ts";
import { sourceAddressFor } from "./source-addresses.ts";
import type { RunLedger } from "./run-ledger.ts";
import type { SessionEvents, SessionLink, SessionPort } from "./session-port.ts";
import type { BotTransport, TransportConnector, TransportEvents, TransportTarget } from "./transport.ts";

/** Give up a login that has not reached `Logged` after this long (from connect). */
export const DEFAULT_LOGIN_TIMEOUT_MS = 60_000;
/** After stepping onto an exit, wait this long for the new map before walking on. */
export const TRANSFER_WAIT_MS = 2_000;
/** Talks awaiting their own `ChatOverHead`. */
const TALK_RING = 16;
/** Longest failure reason kept (server texts can be long). */
const MAX_REASON_CHARS = 120;

/** The new character every bot asks for (`LoginNewChar`): valid in the default world and AO20. */
export interface NewCharacterSpec {
  readonly race: number;
  readonly gender: number;
  readonly class: number;
  readonly head: number;
  readonly homeCity: number;
}

export const DEFAULT_NEW_CHARACTER: NewCharacterSpec = { race: 1, gender: 1, class: 3, head: 1, homeCity: 1 };

/** Client packets whose last field is a TS_* counter, strictly increasing per action from 1 (§6.3). */
export const COUNTED_CLIENT_PACKETS: ReadonlySet<string> = new Set(SEQUENCED_CLIENT_PACKETS);

function shortReason(text: string): string {
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;
}

/** What walkers read about their own bot (implemented by the session). */
export interface WalkView {
  /**
   * Headings (bit h-1 for heading h) whose step is legal as far as this client knows: onto the
   * map, enterable from that side, no known character there, and (unless `allowExits`) not an
   * exit. 0 when nothing is known yet (no map, mid-transfer) or the bot is boxed in.
   */
  legalHeadings(allowExits: boolean): number;
}

/**
 * What fighters read about their own bot (implemented by the session): where it is, the NPCs
 * its client knows of (from the map's pooled view, limited to its own window), its HP and
 * whether it is dead.
 */
export interface CombatView extends WalkView {
  /** The map the bot is on (0 before the first ChangeMap); char indexes are per map. */
  readonly map: number;
  /** Own char index (0 until the server names it). */
  readonly charIndex: number;
  /** Own position as a posKey (0 unknown). */
  readonly position: number;
  /** Own HP as last told (UpdateHP / UpdateUserStats); NaN before the server said. */
  readonly hp: number;
  /** Dead: HP 0, or a ghost's body on our own char. Ghosts walk but cannot fight. */
  readonly dead: boolean;
  /** Deaths seen so far (alive → dead), so a death between two looks is not missed. */
  readonly deaths: number;
  /** The nearest known NPC in the bot's window (Manhattan), not one in `skip`; 0 when none. */
  nearestNpc(skip?: ReadonlySet<number>): number;
  /** Where a known character of this map stands (posKey), 0 when unknown. */
  positionOf(charIndex: number): number;
  /** True when `charIndex` is a known NPC of this map. */
  isNpc(charIndex: number): boolean;
}

/**
 * What casters read about their own bot (implemented by the session): the fighter's view, plus
 * mana, the spell book, free skill points and meditation. Structurally the caster's `CasterView`.
 */
export interface SpellView extends CombatView {
  readonly maxHp: number;
  /** Own mana and its maximum as last told (UpdateMana / UpdateUserStats); NaN before. */
  readonly mana: number;
  readonly maxMana: number;
  /** Our own char shows the meditation FX (MeditateToggle with fx > 0). */
  readonly meditating: boolean;
  /** Free skill points as last told (LevelUp); 0 when never told. */
  readonly freeSkillPoints: number;
  /** Grows with every ChangeSpellSlot. */
  readonly bookVersion: number;
  /** The spell in book slot `slot` (1..40), 0 when empty or unknown. */
  spellInSlot(slot: number): number;
}


/** `create`: new accounts and characters; `reuse`: log into them, creating what is missing. */
export type LoginMode = "create" | "reuse";

export interface Ao20SessionOptions {
  readonly target: TransportTarget;
  readonly connect: TransportConnector;
  readonly scheduler: TimerScheduler;
  readonly ledger: RunLedger;
  /** Map documents for walking; without it bots log in and track chars but know no terrain. */
  readonly maps?: MapCatalog;
  readonly credentials: (actorId: number) => BotCredentials;
  readonly character?: NewCharacterSpec;
  /** The character a given actor asks for (casters want a Mage); `character` for the rest. */
  readonly characterFor?: (actor: ActorView) => NewCharacterSpec;
  /** `create` (default): a new account and character per bot; `reuse`: log into them, creating what is missing. */
  readonly login?: LoginMode;
  /** Local addresses to connect from, round-robin by actor id (`--source-addresses`). */
  readonly sourceAddresses?: readonly string[];
  /** The map new characters must appear on (`--bench-spawn`); `any` checks nothing. */
  readonly expectedMap?: number | "any";
  /** Logins in flight at once (connect to `Logged`); the rest wait their turn. */
  readonly maxLoginsInFlight?: number;
  readonly loginTimeoutMs?: number;
  readonly log?: BotLogger;
}

/** `redialing`: the server refused `LoginAccount` for an unknown account; waiting for the close to dial again and create it. */
type Phase = "waiting" | "connecting" | "hello" | "account" | "redialing" | "character" | "entering" | "world" | "closed";

const WALK_SCRATCH = { heading: 0, counter: 0 };
const PLACEMENT: CharPlacement = { charIndex: 0, x: 0, y: 0, isNpc: false, body: 0 };

/** One bot's connection and client state. It is the runtime's link and the walker's view. */
export class BotSession implements SessionLink, SpellView, TransportEvents {
  phase: Phase = "waiting";
  map = 0;
  charIndex = 0;
  x = 0;
  y = 0;
  /** Own HP and its maximum as last told (NaN: not yet). */
  hp = Number.NaN;
  maxHp = Number.NaN;
  /** Our own char shows the ghost's body. */
  ghost = false;
  deaths = 0;
  /** Own mana and its maximum as last told (NaN: not yet). */
  mana = Number.NaN;
  maxMana = Number.NaN;
  meditating = false;
  freeSkillPoints = 0;
  bookVersion = 0;
  /** Spell id by book slot (index 0 unused), from ChangeSpellSlot. */
  private readonly book = new Int16Array(SPELL_SLOT_COUNT + 1);
  /** The pooled view of the map the bot is on (undefined before the first ChangeMap). */
  view: MapView | undefined;
  readonly steps = new PendingSteps();
  private readonly talkPlanned = new Float64Array(TALK_RING);
  private talkHead = 0;
  private talkCount = 0;
  private transport: BotTransport | undefined;
  private walkCounter = 0;
  private talkCounter = 0;
  private readonly otherCounters = new Map<string, number>();
  private loginStartMs = Number.NaN;
  private loginTimer = -1;
  private transferSinceMs = Number.NaN;
  /**
   * Inside the burst that follows our own `AreaChanged`: the creates there are what came into
   * OUR window because WE moved (or arrived), not steps of theirs.
   */
  private areaBurst = false;
  private closeReason: string | undefined;
  private holdsLoginSlot = false;
  /** The runtime heard `connected` (a redial does not repeat it). */
  private greeted = false;
  /** `reuse` login: the account was not there, so this connection creates it. */
  private creatingAccount = false;
  /** How the session failed, for the report (undefined: it has not). */
  failure: FailureSignal | undefined;
  private registeredView: MapView | undefined;
  private registeredChar = 0;
  /** What observers confirm steps with: the pending steps themselves. */
  private get mover(): Mover {
    return this.steps;
  }

  constructor(
    readonly port: Ao20SessionPort,
    readonly actor: ActorView,
    readonly events: SessionEvents,
    readonly credentials: BotCredentials,
  ) {}

  // --- connecting -----------------------------------------------------------------------------

  /** @internal The login gate let this session in. */
  connect(): void {
    if (this.phase !== "waiting") return;
    this.phase = "connecting";
    this.holdsLoginSlot = true;
    const port = this.port;
    this.loginStartMs = port.scheduler.clock.now();
    port.ledger.loginStarted(this.loginStartMs);
    this.loginTimer = port.scheduler.after(port.loginTimeoutMs, loginTimedOut, this);
    this.dial();
  }

  private dial(): void {
    const port = this.port;
    this.transport = port.options.connect(port.options.target, this, port.sourceAddressFor(this.actor.id));
  }

  opened(): void {
    if (this.phase !== "connecting") return;
    this.phase = "hello";
    if (this.greeted) return;
    this.greeted = true;
    this.events.connected();
  }

  streamError(message: string): void {
    this.fail({ kind: "protocol", stage: this.stage, text: message });
  }

  closed(reason: string, connectFailed: boolean, code?: string): void {
    if (this.phase === "closed") {
      if (this.closeReason !== undefined) {
        const asked = this.closeReason;
        this.closeReason = undefined;
        this.events.closed(asked);
      }
      return;
    }
    if (this.phase === "redialing") {
      this.phase = "connecting";
      this.dial();
      return;
    }
    if (connectFailed) this.fail({ kind: "connect_failed", code, text: reason });
    else if (code !== undefined) this.fail({ kind: "socket_error", stage: this.stage, code, text: reason });
    else this.fail({ kind: "closed", stage: this.stage, text: reason });
  }

  /** Where the session is, in the report's terms. */
  get stage(): FailureStage {
    switch (this.phase) {
      case "waiting":
      case "connecting":
        return "connecting";
      case "redialing":
        return "account";
      case "closed":
        // Never asked: a closed session does not fail again.
        return "world";
      default:
        return this.phase;
    }
  }

  // --- SessionLink ----------------------------------------------------------------------------

  send(packet: string, fields: PacketFields, plannedAtMs: number): SendOutcome {
    if (this.phase !== "world") return this.phase === "closed" ? "closed" : "not_active";
    const transport = this.transport!;
    const writer = this.port.writer;
    writer.reset();
    if (packet === "Walk") {
      const heading = fields.heading as number;
      WALK_SCRATCH.heading = heading;
      WALK_SCRATCH.counter = this.walkCounter + 1;
      if (writeClientPacket(writer, "Walk", WALK_SCRATCH) !== undefined) return "rejected";
      this.walkCounter++;
      if (!transport.sendFrames(writer.bytes())) return "closed";
      this.predictStep(heading, plannedAtMs);
      return "sent";
    }
    let counted: Record<string, unknown> | PacketFields = fields;
    let counter = 0;
    if (packet === "Talk") counter = this.talkCounter + 1;
    else if (COUNTED_CLIENT_PACKETS.has(packet)) counter = (this.otherCounters.get(packet) ?? 0) + 1;
    if (counter > 0) counted = { ...fields, counter };
    if (writeClientPacket(writer, packet as ClientPacketName, counted as never) !== undefined) return "rejected";
    if (packet === "Talk") this.talkCounter = counter;
    else if (counter > 0) this.otherCounters.set(packet, counter);
    if (!transport.sendFrames(writer.bytes())) return "closed";
    if (packet === "Talk") this.talkSent(plannedAtMs);
    return "sent";
  }

  close(reason: string): void {
    if (this.phase === "closed") return;
    const wasWaiting = this.phase === "waiting";
    this.shutDown();
    if (wasWaiting || this.transport === undefined) {
      this.events.closed(reason);
      return;
    }
    this.closeReason = reason;
    this.transport.close();
  }

  // --- WalkView -------------------------------------------------------------------------------

  legalHeadings(allowExits: boolean): number {
    if (this.phase !== "world" || this.charIndex === 0) return 0;
    if (this.transferSinceMs === this.transferSinceMs) {
      if (this.port.scheduler.nowMs - this.transferSinceMs < TRANSFER_WAIT_MS) return 0;
      this.transferSinceMs = Number.NaN;
    }
    const grid = this.port.maps?.grid(this.map);
    if (grid === undefined) return 0;
    const tile = grid.tile(this.x, this.y);
    if (tile < 0) return 0;
    let mask = grid.stepMask[tile]!;
    if (allowExits) mask |= grid.exitStepMask[tile]!;
    if (mask === 0 || this.view === undefined) return mask;
    return mask & ~this.view.occupiedAround(posKey(this.x, this.y));
  }

  // --- CombatView -----------------------------------------------------------------------------

  get position(): number {
    return this.charIndex === 0 ? 0 : posKey(this.x, this.y);
  }

  get dead(): boolean {
    return this.hp <= 0 || this.ghost;
  }

  nearestNpc(skip?: ReadonlySet<number>): number {
    if (this.phase !== "world" || this.view === undefined) return 0;
    return this.view.nearestNpc(this.position, this.charIndex, skip);
  }

  positionOf(charIndex: number): number {
    return this.view?.positionOf(charIndex) ?? 0;
  }

  isNpc(charIndex: number): boolean {
    return this.view?.isNpc(charIndex) ?? false;
  }

  spellInSlot(slot: number): number {
    return slot >= 1 && slot <= SPELL_SLOT_COUNT ? this.book[slot]! : 0;
  }

  /** Applies a change of own HP or body, counting a death when it turns the bot into one. */
  private vitals(hp: number, ghost: boolean): void {
    const wasDead = this.dead;
    this.hp = hp;
    this.ghost = ghost;
    if (!wasDead && this.dead) this.deaths++;
  }

  // --- receiving ------------------------------------------------------------------------------

  batch(wireBytes: number): void {
    this.port.ledger.received(wireBytes);
    this.port.rxNowMs = this.port.scheduler.clock.now();
  }

  body(bytes: Uint8Array, start: number, end: number): void {
    // A redialing session is done with this connection: what else it says does not matter.
    if (this.phase === "closed" || this.phase === "redialing") return;
    const ledger = this.port.ledger;
    if (ledger.receiving) ledger.framesReceived++;
    if (end - start >= 2) {
      const id = packetIdAt(bytes, start);
      if (id === CHARACTER_MOVE_ID && end - start === CHARACTER_MOVE_BODY_BYTES) {
        this.areaBurst = false;
        this.onCharacterMove(moveCharIndexAt(bytes, start), bytes[start + 4]!, bytes[start + 5]!);
        return;
      }
      if (id === CHARACTER_CREATE_ID && readCharacterCreate(bytes, start, end, PLACEMENT)) {
        this.onCharacterCreate(PLACEMENT.charIndex, PLACEMENT.x, PLACEMENT.y, !PLACEMENT.isNpc, PLACEMENT.body);
        return;
      }
    }
    const decoded = decodeServerPacket(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
    if (!decoded.ok) {
      ledger.decodeErrors++;
      return;
    }
    const packet = decoded.packet;
    const f = packet.fields as Record<string, unknown>;
    // The area burst is AreaChanged, then creates of chars and objects; anything else ends it.
    if (packet.name !== "ObjectCreate") this.areaBurst = packet.name === "AreaChanged";
    switch (packet.name) {
      case "Connected":
        if (this.phase === "hello") this.sendLogin();
        return;
      case "AccountCharacterList":
        if (this.phase === "account") this.pickCharacter(f.characters as readonly { id: number; name: string }[]);
        return;
      case "ErrorMsg":
        this.onErrorMsg(String(f.message));
        return;
      case "ShowMessageBox":
        this.fail({ kind: "message_box", stage: this.stage, messageId: Number(f.messageId), extra: String(f.extra ?? "") });
        return;
      case "Disconnect":
        this.fail({ kind: "disconnect", stage: this.stage });
        return;
      case "ChangeMap":
        this.onChangeMap(f.map as number);
        break;
      case "CharacterRemove":
        this.view?.remove(f.charIndex as number);
        break;
      case "UserCharIndexInServer":
        this.onOwnCharIndex(f.charIndex as number);
        break;
      case "PosUpdate":
        this.onPosUpdate(f.x as number, f.y as number);
        break;
      case "UpdateHP":
        this.vitals(f.minHp as number, this.ghost);
        break;
      case "UpdateUserStats":
        this.maxHp = f.maxHp as number;
        this.maxMana = f.maxMana as number;
        this.mana = f.minMana as number;
        this.vitals(f.minHp as number, this.ghost);
        break;
      case "UpdateMana":
        this.mana = f.minMana as number;
        break;
      case "ChangeSpellSlot": {
        const slot = f.slot as number;
        if (slot >= 1 && slot <= SPELL_SLOT_COUNT) {
          this.book[slot] = (f.spellIdOrEmpty as number) > 0 ? (f.spellId as number) : 0;
          this.bookVersion++;
        }
        break;
      }
      case "LevelUp":
        this.freeSkillPoints = f.freeSkillPoints as number;
        break;
      case "MeditateToggle":
        if ((f.charIndex as number) === this.charIndex && this.charIndex !== 0) this.meditating = (f.fx as number) > 0;
        break;
      case "CharacterChange":
        if ((f.charIndex as number) === this.charIndex && this.charIndex !== 0) this.vitals(this.hp, (f.body as number) === GHOST_BODY);
        break;
      case "ChatOverHead":
        if ((f.charIndex as number) === this.charIndex && this.charIndex !== 0) this.chatSeen();
        break;
      case "Logged":
        this.onLogged();
        return;
      default:
        break;
    }
    if (this.phase === "world") this.events.packet(packet.name, f);
  }

  private sendLogin(): void {
    this.phase = "account";
    const { email, password } = this.credentials;
    this.write(this.port.loginMode === "reuse" && !this.creatingAccount ? "LoginAccount" : "CreateAccount", { email, password });
  }

  private onErrorMsg(text: string): void {
    const signal: FailureSignal = { kind: "server_text", stage: this.stage, text };
    // A reused account that is not there yet: create it over a new connection (this one closes).
    if (this.phase === "account" && this.port.loginMode === "reuse" && !this.creatingAccount && classifyFailure(signal) === "wrong_credentials") {
      this.creatingAccount = true;
      this.phase = "redialing";
      this.transport?.close();
      return;
    }
    this.fail(signal);
  }

  private pickCharacter(characters: readonly { id: number; name: string }[]): void {
    this.phase = "character";
    const name = this.credentials.name;
    if (this.port.loginMode === "reuse") {
      const mine = characters.find((character) => character.name.toLowerCase() === name.toLowerCase());
      if (mine) {
        this.phase = "entering";
        this.write("LoginExistingChar", { charId: mine.id, name: mine.name });
        return;
      }
    }
    const spec = this.port.characterFor?.(this.actor) ?? this.port.character;
    this.phase = "entering";
    this.write("LoginNewChar", { name, race: spec.race, gender: spec.gender, class: spec.class, head: spec.head, homeCity: spec.homeCity });
  }

  private write(name: ClientPacketName, fields: Record<string, unknown>): void {
    const writer = this.port.writer;
    writer.reset();
    const error = writeClientPacket(writer, name, fields as never);
    if (error) {
      this.fail({ kind: "protocol", stage: this.stage, text: `cannot encode ${name}: ${error.message}` });
      return;
    }
    this.transport?.sendFrames(writer.bytes());
  }

  private onLogged(): void {
    if (this.phase !== "entering") return;
    this.phase = "world";
    // The stock client restarts its TS_* counters on `logged`; so does the server.
    this.walkCounter = 0;
    this.talkCounter = 0;
    this.otherCounters.clear();
    const port = this.port;
    port.scheduler.cancel(this.loginTimer);
    this.loginTimer = -1;
    port.ledger.loggedIn(this.loginStartMs, port.rxNowMs, this.map);
    port.checkMap(this);
    this.releaseLoginSlot();
    this.events.authenticated();
  }

  private onChangeMap(map: number): void {
    if (this.phase === "world" && map !== this.map) this.port.ledger.transfers++;
    // We left the old map: take ourselves out of its view (nobody may have seen us go).
    if (this.view !== undefined && this.charIndex !== 0) this.view.remove(this.charIndex);
    this.unregister();
    this.steps.clear();
    this.view = this.port.views.of(map);
    this.map = map;
    // Leaving a map ends a meditation without a word (the new map never heard of it).
    this.meditating = false;
    this.charIndex = 0;
    this.x = 0;
    this.y = 0;
    this.transferSinceMs = Number.NaN;
    void this.port.maps?.load(map);
  }

  private onCharacterCreate(charIndex: number, x: number, y: number, isPlayer: boolean, body: number): void {
    if (charIndex === this.charIndex && charIndex !== 0) {
      // Our own char placed again (a warp inside the map, a resurrection).
      this.x = x;
      this.y = y;
      this.transferSinceMs = Number.NaN;
      if ((body === GHOST_BODY) !== this.ghost) this.vitals(this.hp, body === GHOST_BODY);
    }
    const view = this.view;
    if (view === undefined) return;
    const key = posKey(x, y);
    const from = view.place(charIndex, key, isPlayer);
    // A step that brought the char into this observer's window comes as a create: it is a step
    // seen all the same (the first report of it, if the view had the char elsewhere). Not so for
    // the creates after our own AreaChanged (we came to them), and only the mover's newest steps
    // may match: where the view had it may be old news.
    if (from === 0 || from === key || this.areaBurst) return;
    const mover = view.movers.get(charIndex);
    if (mover !== undefined) this.port.ledger.moveConfirmed(mover.confirmStep(key, from, true), this.port.rxNowMs, mover.lastAmbiguous);
  }

  private onCharacterMove(charIndex: number, x: number, y: number): void {
    const ledger = this.port.ledger;
    if (ledger.receiving) ledger.characterMoveFrames++;
    const view = this.view;
    if (view === undefined) return;
    const key = posKey(x, y);
    // Only the first report of a step changes the view; that one confirms it to its mover.
    const from = view.move(charIndex, key);
    if (from < 0) return;
    const mover = view.movers.get(charIndex);
    if (mover !== undefined) ledger.moveConfirmed(mover.confirmStep(key, from, false), this.port.rxNowMs, mover.lastAmbiguous);
  }

  private onOwnCharIndex(charIndex: number): void {
    if (this.charIndex !== charIndex) this.unregister();
    const view = this.view;
    const known = view && charIndex >= 1 && charIndex < view.position.length ? view.position[charIndex]! : 0;
    if (known !== 0) {
      this.x = known >> 8;
      this.y = known & 0xff;
    }
    this.charIndex = charIndex;
    this.transferSinceMs = Number.NaN;
    if (view !== undefined) {
      this.registeredView = view;
      this.registeredChar = charIndex;
      view.movers.set(charIndex, this.mover);
    }
  }

  private onPosUpdate(x: number, y: number): void {
    const refused = this.steps.refuse(posKey(x, y), stepKey);
    if (refused.plannedMs === refused.plannedMs) this.port.ledger.moveRefused(refused.plannedMs, this.port.rxNowMs);
    this.x = refused.position >> 8;
    this.y = refused.position & 0xff;
  }

  private predictStep(heading: number, plannedMs: number): void {
    const ledger = this.port.ledger;
    const view = this.view;
    const source = posKey(this.x, this.y);
    ledger.walkOffered(plannedMs, view !== undefined && view.playersAround(source, this.charIndex) > 0);
    const grid = this.port.maps?.grid(this.map);
    const tile = grid?.tile(this.x, this.y) ?? -1;
    // Like the stock client: move at once when the step looks legal, else expect a refusal.
    const bit = isHeading(heading) ? headingBit(heading) : 0;
    const legal = bit !== 0 && grid !== undefined && tile >= 0 && ((grid.stepMask[tile]! | grid.exitStepMask[tile]!) & bit) !== 0 && ((view?.occupiedAround(source) ?? 0) & bit) === 0;
    const dest = legal ? stepKey(source, heading) : source;
    this.steps.push(heading, source, dest, plannedMs, this.port.scheduler.nowMs);
    if (!legal) return;
    this.x = dest >> 8;
    this.y = dest & 0xff;
    if ((grid.exitStepMask[tile]! & bit) !== 0) this.transferSinceMs = this.port.scheduler.nowMs;
  }

  private talkSent(plannedMs: number): void {
    this.port.ledger.talkSent(plannedMs);
    if (this.talkCount === TALK_RING) {
      this.talkHead = (this.talkHead + 1) % TALK_RING;
      this.talkCount--;
    }
    this.talkPlanned[(this.talkHead + this.talkCount) % TALK_RING] = plannedMs;
    this.talkCount++;
  }

  private chatSeen(): void {
    if (this.talkCount === 0) return;
    const planned = this.talkPlanned[this.talkHead]!;
    this.talkHead = (this.talkHead + 1) % TALK_RING;
    this.talkCount--;
    this.port.ledger.chatSeen(planned, this.port.rxNowMs);
  }

  // --- ending ---------------------------------------------------------------------------------

  /** @internal The login took too long. */
  loginTimedOut(): void {
    this.loginTimer = -1;
    if (this.phase !== "world" && this.phase !== "closed") this.fail({ kind: "timeout", stage: this.stage, limitMs: this.port.loginTimeoutMs });
  }

  fail(signal: FailureSignal): void {
    if (this.phase === "closed") return;
    this.failure = signal;
    this.shutDown();
    this.closeReason = undefined;
    this.transport?.close();
    this.events.failed(shortReason(describeFailure(signal)));
  }

  private shutDown(): void {
    const wasWaiting = this.phase === "waiting";
    this.phase = "closed";
    if (this.loginTimer !== -1) this.port.scheduler.cancel(this.loginTimer);
    this.loginTimer = -1;
    this.unregister();
    if (wasWaiting) this.port.leaveQueue(this);
    this.releaseLoginSlot();
  }

  private releaseLoginSlot(): void {
    if (!this.holdsLoginSlot) return;
    this.holdsLoginSlot = false;
    this.port.loginFinished();
  }

  private unregister(): void {
    const view = this.registeredView;
    if (view === undefined) return;
    if (view.movers.get(this.registeredChar) === this.mover) view.movers.delete(this.registeredChar);
    this.registeredView = undefined;
    this.registeredChar = 0;
  }
}

function loginTimedOut(_plannedMs: number, session: BotSession): void {
  session.loginTimedOut();
}

/**
 * Opens `BotSession`s for the runtime. Logins are gated: at most `maxLoginsInFlight` sessions
 * between connect and `Logged`, the rest wait in arrival order (a server hashes one password per
 * login; a thousand at once would only queue there and time out).
 */
export class Ao20SessionPort implements SessionPort {
  readonly writer = new PacketWriter(256);
  /** Clock time of the read being handled (read once per read, not per packet). */
  rxNowMs = 0;
  /** What the run's bots know of each map's characters. */
  readonly views = new MapViews();
  readonly scheduler: TimerScheduler;
  readonly ledger: RunLedger;
  readonly maps: MapCatalog | undefined;
  readonly loginMode: LoginMode;
  readonly character: NewCharacterSpec;
  readonly characterFor: ((actor: ActorView) => NewCharacterSpec) | undefined;
  readonly loginTimeoutMs: number;
  readonly maxLoginsInFlight: number;
  readonly sourceAddresses: readonly string[];
  /** Sessions by actor id. */
  readonly sessions: (BotSession | undefined)[] = [];
  private readonly waiting: BotSession[] = [];
  private waitingHead = 0;
  private inFlight = 0;
  private readonly log: BotLogger | undefined;
  private wrongMapWarnings = 0;

  constructor(readonly options: Ao20SessionOptions) {
    this.scheduler = options.scheduler;
    this.ledger = options.ledger;
    this.maps = options.maps;
    this.loginMode = options.login ?? "create";
    this.character = options.character ?? DEFAULT_NEW_CHARACTER;
    this.characterFor = options.characterFor;
    this.loginTimeoutMs = options.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS;
    this.maxLoginsInFlight = Math.max(1, options.maxLoginsInFlight ?? Number.POSITIVE_INFINITY);
    this.sourceAddresses = options.sourceAddresses ?? [];
    this.log = options.log;
  }

  /** The local address actor `actorId` connects from: round-robin over `sourceAddresses`. */
  sourceAddressFor(actorId: number): string | undefined {
    return sourceAddressFor(this.sourceAddresses, actorId);
  }

  open(actor: ActorView, events: SessionEvents): SessionLink {
    const session = new BotSession(this, actor, events, this.options.credentials(actor.id));
    this.sessions[actor.id] = session;
    this.waiting.push(session);
    this.admit();
    return session;
  }

  /** The walker's view of actor `actorId`. */
  walkView(actorId: number): WalkView | undefined {
    return this.sessions[actorId];
  }

  /** The fighter's view of actor `actorId`. */
  combatView(actorId: number): CombatView | undefined {
    return this.sessions[actorId];
  }

  /** The caster's view of actor `actorId`. */
  spellView(actorId: number): SpellView | undefined {
    return this.sessions[actorId];
  }

  /** Sessions waiting for a login slot. */
  get queued(): number {
    return this.waiting.length - this.waitingHead;
  }

  get loginsInFlight(): number {
    return this.inFlight;
  }

  /** @internal */
  loginFinished(): void {
    this.inFlight--;
    this.admit();
  }

  /** @internal A waiting session was closed: skip it (it is marked closed; `admit` drops it). */
  leaveQueue(_session: BotSession): void {}

  /** @internal Counts (and warns about) a bot that entered on another map than expected. */
  checkMap(session: BotSession): void {
    const expected = this.options.expectedMap ?? "any";
    if (expected === "any" || session.map === expected) return;
    this.ledger.wrongMap++;
    if (this.wrongMapWarnings++ < 3) {
      this.log?.warn({ actor: session.actor.id, map: session.map, expected }, "bot entered on another map than the scenario expects: is the server running with the matching --bench-spawn?");
    }
  }

  private admit(): void {
    while (this.inFlight < this.maxLoginsInFlight && this.waitingHead < this.waiting.length) {
      const next = this.waiting[this.waitingHead++]!;
      if (next.phase !== "waiting") continue;
      this.inFlight++;
      next.connect();
    }
    if (this.waitingHead > 1024 && this.waitingHead * 2 > this.waiting.length) {
      this.waiting.splice(0, this.waitingHead);
      this.waitingHead = 0;
    }
  }
}
