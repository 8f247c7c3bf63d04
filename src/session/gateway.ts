/**
 * The gateway: every connection's session, from `Connected` to the last frame. It decodes
 * client frames, enforces the connection limits, runs the account and character login against
 * the database, and then forwards in-world intents to the map that owns the player. It never
 * decides anything about the game itself: the map workers do.
 */
import type { CharacterRecord, NewCharacter } from "../game/character/index.ts";
import type { CharacterCreationRequest, CreationOutcome } from "../game/character-creation/index.ts";
import { isStaff, PLAYER, privilegesOf, type StaffStanding } from "../game/staff/index.ts";
import type { Logger } from "../log/index.ts";
import type { Connection, ConnectionEvents } from "../net/index.ts";
import type { World } from "../world/index.ts";
import type { BankCredit, BanVerdict, GatewayStore } from "./gateway-store.ts";
import { CharacterSaves, CLAIM_BUSY, type CreditSettlement, type SaveOutcome } from "./character-saves.ts";
import {
  ACCOUNT_LOGIN_TIMEOUT_MS,
  CHARACTER_SELECT_TIMEOUT_MS,
  ConnectionLimiter,
  FLOOD_LIMIT_BEFORE_LOGIN,
  FLOOD_LIMIT_IN_WORLD,
  FloodMeter,
  SequenceCounters,
} from "./limits.ts";
import { decodeClientPacket, type ClientPacket } from "../protocol/index.ts";
import { gatewayFrames } from "./gateway-packets.ts";
import type { GatewayMetrics } from "./gateway-metrics.ts";

export type SessionPhase = "connected" | "account" | "entering" | "in_world" | "leaving" | "closed";

/** `record` with this login's staff standing (a player's record carries none). */
function withStanding(record: CharacterRecord, standing: StaffStanding): CharacterRecord {
  const { staff: _previous, ...rest } = record;
  return standing.rank === null && !standing.roleMaster ? rest : { ...rest, staff: standing };
}

/** How often deadlines (login timeouts) are checked: one timer for all connections. */
export const DEADLINE_SWEEP_INTERVAL_MS = 1_000;
/** The node name a gateway claims and saves characters as when its options name none (single-process `serve`). */
export const DEFAULT_OWNER_NODE = "serve";
/** A refused address is logged once per this interval (with how many refusals were not logged). */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Shortest password a new account may have (`--min-password-length` changes it). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;
/** Longest password accepted (argon2 hashes any length; this bounds the work a client can ask for). */
export const MAX_PASSWORD_LENGTH = 64;

/**
 * What the player is told when the gateway turns a connection or a login away. The stock client
 * shows an `ErrorMsg` in a message box; where the VB6 server has its own line (a full server)
 * we send the same, the rest is ours.
 */
export const GATEWAY_TEXT = {
  serverFull: "El server se encuentra lleno en este momento. Disculpe las molestias ocasionadas.",
  tooManyFromAddress: "Demasiadas conexiones desde tu dirección. Cierra alguna e intenta de nuevo.",
  badCredentialsFormat: "Parámetros inválidos.",
  passwordLength: (min: number, max: number) => `La contraseña debe tener entre ${min} y ${max} caracteres.`,
  banned: "La cuenta está bloqueada.",
  wrongCredentials: "Usuario o contraseña incorrectos.",
  cannotVerify: "El servidor no puede verificar la cuenta ahora. Intente más tarde.",
  emailTaken: "Ya existe una cuenta con ese email.",
  invalidEmail: "El email no es válido.",
  invalidPassword: "La contraseña no es válida.",
  cannotCreate: "El servidor no puede crear la cuenta ahora. Intente más tarde.",
  cannotList: "El servidor no puede leer los personajes ahora.",
  notYourCharacter: "El personaje no pertenece a esta cuenta.",
  cannotLoad: "No se puede cargar el personaje.",
  cannotCreateCharacter: "No se pudo crear el personaje.",
  replaced: "Tu personaje se conectó desde otro lugar.",
  internalError: "Error interno del servidor.",
  loginTimeout: "Tiempo de espera agotado.",
} as const;
/** Message ids of `ShowMessageBox` the gateway itself sends (§8.1). */
const MESSAGE_CANNOT_LOAD_CHARACTER = 1773;
const MESSAGE_SERVER_FULL = 1759;
/** "Se te ha prohibido la entrada al juego debido a ¬1. Esta decisión fue tomada por ¬2." (VB6 LoadCharacterFromDB). */
const MESSAGE_CHARACTER_BANNED = 1755;
/** Msg1760 "Servidor restringido a administradores. Por favor reintente en unos momentos." (GM-only mode). */
const MESSAGE_STAFF_ONLY = 1760;
/** "Has sido baneado del servidor. Motivo: ¬1" (VB6 BanearCuenta). */
const MESSAGE_ACCOUNT_BANNED = 1785;
/** What a banned player reads for an empty reason, and for a ban made from the command line or the console. */
export const BAN_TEXT = { noReason: "sin motivo registrado", byAdministration: "la administración" } as const;

/** The `ShowMessageBox` a banned login gets: the character's ban with its reason and issuer, an account's or an address's with its reason. */
export function banMessageBox(verdict: Extract<BanVerdict, { kind: "banned" }>): { messageId: number; extra: string } {
  const reason = verdict.reason.trim() === "" ? BAN_TEXT.noReason : verdict.reason;
  if (verdict.subject !== "character") return { messageId: MESSAGE_ACCOUNT_BANNED, extra: reason };
  const issuer = /^(cli|console):/.test(verdict.issuedBy) ? BAN_TEXT.byAdministration : verdict.issuedBy;
  return { messageId: MESSAGE_CHARACTER_BANNED, extra: `${reason}\u00ac${issuer}` };
}

export class Session {
  phase: SessionPhase = "connected";
  accountId = 0;
  email = "";
  characterId = 0;
  characterName = "";
  /** Character ids of the logged-in account (what LoginExistingChar may pick). */
  characterIds = new Set<number>();
  /** Their names, as stored (what a login waits for bank credits to). */
  characterNames = new Map<number, string>();
  readonly flood = new FloodMeter();
  readonly counters = new SequenceCounters();
  /** Monotonic ms after which the session is closed unless it progressed. */
  deadline: number;
  /** Database work in flight; frames that arrive meanwhile wait in `queued`. */
  busy = false;
  readonly queued: Uint8Array[] = [];

  constructor(
    readonly connection: Connection,
    now: number,
    loginTimeoutMs: number,
  ) {
    this.deadline = now + loginTimeoutMs;
  }

  get id(): number {
    return this.connection.id;
  }
}

export interface GatewayOptions {
  store: GatewayStore;
  world: World;
  logger: Logger;
  metrics: GatewayMetrics;
  /** Monotonic ms. */
  now(): number;
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** Time a new connection has to log in to an account; default ACCOUNT_LOGIN_TIMEOUT_MS. */
  loginTimeoutMs?: number;
  /** Shortest password a new account may have; default DEFAULT_MIN_PASSWORD_LENGTH. */
  minPasswordLength?: number;
  /** Benchmarks: where a new character starts instead of its home city (see `--bench-spawn`). */
  placeNewCharacter?: ((character: CharacterRecord) => CharacterRecord) | undefined;
  createCharacter(request: CharacterCreationRequest): CreationOutcome;
  /** How often a trade pair whose save failed is written again; default ENTANGLED_RETRY_MS, 0 only with autosave. */
  entangledRetryMs?: number;
  /**
   * A bank credit to an offline character (`CharacterSaves.creditOffline`) is on disk or was
   * refused: the bank service gives the gold back and answers the sender (world/services/bank.ts).
   */
  onCreditSettled?(credit: BankCredit, outcome: CreditSettlement): void;
  /**
   * The node this gateway claims characters and writes them as (`owner_node` of their rows;
   * multi-node: `name:bootId`); default DEFAULT_OWNER_NODE.
   */
  ownerNode?: string;
  /**
   * A login here claimed a character (its generation is now `gen`): a cluster gateway tells the
   * other gateways, so that a session of that character there ends (`releaseClaimedElsewhere`).
   */
  onCharacterClaimed?(characterId: number, gen: number): void;
  /**
   * GM-only mode (`/HABILITAR`, world/services/staff-information.ts): while true, a character
   * without a staff rank is refused at login with Msg1760 (staff still enter, players in the
   * world stay), and no character is created; absent = always open.
   */
  gmOnly?(): boolean;
}

export class Gateway implements ConnectionEvents {
  private readonly sessions = new Map<number, Session>();
  private readonly sessionByCharacter = new Map<number, Session>();
  private readonly limiter: ConnectionLimiter;
  private readonly sweepTimer: ReturnType<typeof setInterval>;
  private accepting = true;
  /** Every character write, on one line (final saves, trade pairs, retries, autosave, shutdown). */
  private readonly saves: CharacterSaves;
  private readonly log: Logger;
  /** Last time each refused address was logged, and refusals since then. */
  private readonly refusalLog = new Map<string, { loggedAt: number; unlogged: number }>();
  /**
   * Characters whose final state a departure handed over after the stop began: the stopping
   * world hands them back as well, with the state it last knew (older), which `saveFinals` skips.
   */
  private readonly departedWhileStopping = new Set<number>();
  private readonly ownerNode: string;

  constructor(private readonly options: GatewayOptions) {
    this.limiter = new ConnectionLimiter(options.maxConnections, options.maxConnectionsPerIp);
    this.log = options.logger.child({ ctx: "gateway" });
    this.ownerNode = options.ownerNode ?? DEFAULT_OWNER_NODE;
    this.saves = new CharacterSaves({
      store: options.store,
      logger: this.log,
      ownerNode: this.ownerNode,
      onFenced: (characterId) => {
        options.metrics.fencedWrite();
        // Another process owns the character now: a session still playing it here ends.
        this.releaseClaimedElsewhere(characterId, Number.MAX_SAFE_INTEGER);
      },
      now: options.now,
      knownState: (characterId) => options.world.knownState(characterId),
      knownStates: () => options.world.knownStates(),
      entangledRetryMs: options.entangledRetryMs,
      onCreditSettled: (credit, outcome) => options.onCreditSettled?.(credit, outcome),
    });
    this.sweepTimer = setInterval(() => this.sweepDeadlines(), DEADLINE_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref?.();
  }

  get connectionCount(): number {
    return this.sessions.size;
  }

  /** Characters that left the world whose final state is not known to be on disk (queued, being written, or failed). */
  get unsavedCount(): number {
    return this.saves.unsavedCount;
  }

  /** Character writes refused since start because another claim raised the character's generation. */
  get fencedWrites(): number {
    return this.saves.fencedWrites;
  }

  // ------------------------------------------------------------ connection events

  onOpen(connection: Connection): boolean {
    if (!this.accepting) return false;
    const verdict = this.limiter.tryAcquire(connection.remoteAddress);
    if (verdict !== "ok") {
      // Told why before the close (the stock client shows it), never given a session.
      this.logRefusal(connection.remoteAddress, verdict);
      this.options.metrics.refused(verdict);
      connection.sendFrame(gatewayFrames.errorMsg(verdict === "server_full" ? GATEWAY_TEXT.serverFull : GATEWAY_TEXT.tooManyFromAddress));
      connection.close(`refused:${verdict}`);
      return true;
    }
    const session = new Session(connection, this.options.now(), this.options.loginTimeoutMs ?? ACCOUNT_LOGIN_TIMEOUT_MS);
    connection.session = session;
    this.sessions.set(session.id, session);
    this.options.metrics.opened(connection.kind);
    connection.sendFrame(gatewayFrames.connected());
    return true;
  }

  onBody(connection: Connection, body: Uint8Array): void {
    const session = connection.session as Session | undefined;
    if (!session || session.phase === "closed" || session.phase === "leaving") return;
    const limit = session.phase === "in_world" ? FLOOD_LIMIT_IN_WORLD : FLOOD_LIMIT_BEFORE_LOGIN;
    if (!session.flood.admit(this.options.now(), limit)) {
      this.reject(session, "flood", { limit });
      return;
    }
    if (session.busy) {
      session.queued.push(body.slice());
      return;
    }
    this.handleBody(session, body);
  }

  onClose(connection: Connection, reason: string): void {
    const session = connection.session as Session | undefined;
    if (!session) return; // refused at the door: it never held a slot
    this.limiter.release(connection.remoteAddress);
    this.options.metrics.closed(connection.kind, reason);
    const wasInWorld = session.phase === "in_world" || session.phase === "entering";
    session.phase = "closed";
    this.sessions.delete(session.id);
    if (wasInWorld && this.options.world.isInWorld(session.id)) {
      void this.options.world.leave(session.id, "disconnect").then((state) => this.releaseCharacter(session, state, "disconnect"));
    } else {
      this.releaseCharacter(session, null);
    }
  }

  // ------------------------------------------------------------ world events

  /** A run of frames a map produced for a session; dropped when the connection is gone. */
  deliver(sessionId: number, frames: Uint8Array): void {
    this.sessions.get(sessionId)?.connection.sendFrames(frames);
  }

  /** A map took the player out (quit countdown ended): save, then close the connection. */
  onWorldLeft(sessionId: number, state: CharacterRecord | null, reason: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) {
      if (state) void this.save(state, reason);
      return;
    }
    session.phase = "leaving";
    this.releaseCharacter(session, state, reason);
    session.connection.close(reason);
  }

  /** A map placed the session's character; true when that was its login (not a map change or a recovery). */
  onWorldEntered(sessionId: number): boolean {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    if (session.phase !== "entering") return false;
    session.phase = "in_world";
    this.saves.entered(session.characterId);
    // The map sent `logged` in this same batch; the client resets its counters on it.
    session.counters.reset();
    return true;
  }

  /**
   * The character a connection's session plays, and whether it is entering or in the world;
   * undefined when there is no such session (closed). What a service answers a session is for
   * that character only (the bank service reads a vault for it).
   */
  sessionCharacter(sessionId: number): { characterId: number; inWorld: boolean } | undefined {
    const session = this.sessions.get(sessionId);
    if (!session) return undefined;
    return { characterId: session.characterId, inWorld: session.phase === "in_world" || session.phase === "entering" };
  }

  private async staffStandingOf(characterId: number): Promise<StaffStanding> {
    const standing = await this.options.store.staffStandingOf(characterId);
    if (standing !== "unavailable") return standing;
    this.log.warn({ character: characterId }, "staff role unreadable: the character logs in without staff power");
    return PLAYER;
  }

  /** Who plays a session in the world: its account, character and address (the staff service's audit rows). */
  actorOf(sessionId: number): { accountId: number; characterId: number; name: string; address: string } | undefined {
    const session = this.sessions.get(sessionId);
    if (!session || session.accountId === 0 || session.characterId === 0) return undefined;
    return { accountId: session.accountId, characterId: session.characterId, name: session.characterName || (session.characterNames.get(session.characterId) ?? ""), address: session.connection.remoteAddress };
  }

  /** Closes a session's connection, after a message box when given (a staff kick or ban: the player is saved as on any disconnect). */
  disconnect(sessionId: number, reason: string, messageBox?: { messageId: number; extra: string }): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    if (messageBox) session.connection.sendFrame(gatewayFrames.showMessageBox(messageBox.messageId, messageBox.extra));
    session.connection.close(reason);
  }

  /** Every open session logged into the account (in the world or choosing a character). */
  sessionsOfAccount(accountId: number): number[] {
    const found: number[] = [];
    for (const session of this.sessions.values()) if (session.accountId === accountId && session.phase !== "closed") found.push(session.id);
    return found;
  }

  /** Every session playing a character in the world or entering it (the staff service's `/ECHARTODOSPJS`). */
  sessionsInWorld(): number[] {
    const found: number[] = [];
    for (const session of this.sessions.values()) if (session.phase === "in_world" || session.phase === "entering") found.push(session.id);
    return found;
  }

  /**
   * The character writes a main-thread service must ride on (the bank's gold to a character not in
   * the world, or held in memory): one line with every other write (character-saves.ts).
   */
  get characterSaves(): Pick<CharacterSaves, "saveTogether" | "heldNamed" | "creditHeld" | "creditOffline"> {
    return this.saves;
  }

  onWorldEnterFailed(sessionId: number): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    session.connection.sendFrame(gatewayFrames.showMessageBox(MESSAGE_CANNOT_LOAD_CHARACTER, ""));
    this.sessionByCharacter.delete(session.characterId);
    this.abandonEntry(session.characterId);
    session.connection.close("enter_failed");
  }

  // ------------------------------------------------------------ shutdown

  /** Stops accepting new connections; existing ones stay until `closeAll`. */
  stopAccepting(): void {
    this.accepting = false;
    clearInterval(this.sweepTimer);
    this.saves.stop();
  }

  /** Sends every connection a clean disconnect and closes it (the world was saved before). */
  closeAll(reason: string): void {
    for (const session of this.sessions.values()) {
      if (session.phase === "in_world") session.connection.sendFrame(gatewayFrames.disconnect());
      session.phase = "leaving";
      session.connection.close(reason);
    }
  }

  // ------------------------------------------------------------ packet handling

  private handleBody(session: Session, body: Uint8Array): void {
    const decoded = decodeClientPacket(body);
    if (!decoded.ok) {
      this.reject(session, `protocol:${decoded.error.code}`, { detail: decoded.error.message });
      return;
    }
    const packet = decoded.packet;
    this.options.metrics.packetIn(packet.name);
    switch (session.phase) {
      case "connected":
        this.handleBeforeAccount(session, packet);
        return;
      case "account":
        this.handleCharacterSelection(session, packet);
        return;
      case "entering":
        // The client sends nothing until `logged`; anything else is dropped until the map answers.
        return;
      case "in_world":
        this.handleInWorld(session, packet, body);
        return;
      default:
        return;
    }
  }

  private handleBeforeAccount(session: Session, packet: ClientPacket): void {
    switch (packet.name) {
      case "LoginAccount":
        this.runExclusive(session, () => this.loginAccount(session, packet.fields.email, packet.fields.password));
        return;
      case "CreateAccount":
        this.runExclusive(session, () => this.createAccount(session, packet.fields.email, packet.fields.password));
        return;
      default:
        this.reject(session, "not_logged_in", { packet: packet.name });
    }
  }

  private handleCharacterSelection(session: Session, packet: ClientPacket): void {
    switch (packet.name) {
      case "LoginExistingChar":
        this.runExclusive(session, () => this.loginExistingCharacter(session, packet.fields.charId, packet.fields.name));
        return;
      case "LoginNewChar":
        this.runExclusive(session, () => this.loginNewCharacter(session, packet.fields));
        return;
      default:
        this.reject(session, "no_character_selected", { packet: packet.name });
    }
  }

  /**
   * In the world the gateway keeps only what belongs to the connection: the login packets are
   * refused, the `TS_*` counters checked; every other packet body goes as it came to the map
   * that owns the player, which dispatches it through its packet table (map/handlers.ts).
   */
  private handleInWorld(session: Session, packet: ClientPacket, body: Uint8Array): void {
    switch (packet.name) {
      case "LoginAccount":
      case "CreateAccount":
      case "LoginExistingChar":
      case "LoginNewChar":
        this.reject(session, "already_logged_in", { packet: packet.name });
        return;
      default:
        break;
    }
    const fields = packet.fields as { counter?: unknown };
    if (typeof fields.counter === "number" && !session.counters.accept(packet.name, fields.counter)) {
      this.reject(session, "packet_sequence", { packet: packet.name, counter: fields.counter });
      return;
    }
    this.options.world.intent(session.id, body);
  }

  // ------------------------------------------------------------ login steps

  private async loginAccount(session: Session, email: string, password: string): Promise<void> {
    if (email.trim() === "" || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) {
      this.refuse(session, GATEWAY_TEXT.badCredentialsFormat, "bad_credentials_format");
      return;
    }
    const outcome = await this.options.store.verifyPassword(email, password);
    if (session.phase !== "connected") return;
    switch (outcome.kind) {
      case "ok":
        if (!(await this.admitted(session, { accountId: outcome.account.id }))) return;
        this.log.info({ session: session.id, account: outcome.account.id, remote: session.connection.remoteAddress }, "account login");
        await this.enterAccount(session, outcome.account.id, outcome.account.email);
        return;
      case "banned":
        this.refuse(session, GATEWAY_TEXT.banned, "banned");
        return;
      case "unknown_account":
      case "wrong_password":
        this.refuse(session, GATEWAY_TEXT.wrongCredentials, outcome.kind);
        return;
      case "unavailable":
        this.refuse(session, GATEWAY_TEXT.cannotVerify, "database_unavailable");
        return;
    }
  }

  private async createAccount(session: Session, email: string, password: string): Promise<void> {
    const minLength = this.options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
    // Code points, not UTF-16 units: "ñandú12" is seven characters to the player.
    const length = [...password].length;
    if (length < minLength || length > MAX_PASSWORD_LENGTH) {
      this.refuse(session, GATEWAY_TEXT.passwordLength(minLength, MAX_PASSWORD_LENGTH), "password_length");
      return;
    }
    // An address banned makes no new accounts (it could not log in with them either).
    if (!(await this.admitted(session, {}))) return;
    const outcome = await this.options.store.createAccount(email, password);
    if (session.phase !== "connected") return;
    switch (outcome.kind) {
      case "ok":
        this.log.info({ session: session.id, account: outcome.account.id, remote: session.connection.remoteAddress }, "account created");
        await this.enterAccount(session, outcome.account.id, outcome.account.email);
        return;
      case "email_taken":
        this.refuse(session, GATEWAY_TEXT.emailTaken, "email_taken");
        return;
      case "invalid":
        this.refuse(session, outcome.reason === "email" ? GATEWAY_TEXT.invalidEmail : GATEWAY_TEXT.invalidPassword, "invalid_account");
        return;
      case "unavailable":
        this.refuse(session, GATEWAY_TEXT.cannotCreate, "database_unavailable");
        return;
    }
  }

  private async enterAccount(session: Session, accountId: number, email: string): Promise<void> {
    const characters = await this.options.store.listCharacters(accountId);
    if (session.phase !== "connected") return;
    if (characters === "unavailable") {
      this.refuse(session, GATEWAY_TEXT.cannotList, "database_unavailable");
      return;
    }
    session.accountId = accountId;
    session.email = email;
    session.characterIds = new Set(characters.map((character) => character.id));
    session.characterNames = new Map(characters.map((character) => [character.id, character.name]));
    session.phase = "account";
    session.deadline = this.options.now() + CHARACTER_SELECT_TIMEOUT_MS;
    session.connection.sendFrame(gatewayFrames.accountCharacterList(characters));
  }

  private async loginExistingCharacter(session: Session, charId: number, name: string): Promise<void> {
    if (!session.characterIds.has(charId)) {
      this.refuse(session, GATEWAY_TEXT.notYourCharacter, "not_your_character");
      return;
    }
    // Checked per character as it enters (VB6: the account list still shows a banned character),
    // with its account and address again: a ban made since the account logged in counts.
    if (!(await this.admitted(session, { characterId: charId, accountId: session.accountId }))) return;
    if (this.options.gmOnly?.() && !isStaff(privilegesOf(await this.staffStandingOf(charId)))) {
      this.refuseStaffOnly(session);
      return;
    }
    session.phase = "entering";
    const previous = this.sessionByCharacter.get(charId);
    let handedOver: CharacterRecord | null = null;
    if (previous && previous !== session) {
      // A second login of the same character replaces the first session (state handed over).
      handedOver = await this.takeOver(previous);
    }
    // A save that may still write this character's final state (its final save after a quick
    // re-login, or a batch carrying it along with a trade partner) lands first: the login reads
    // what it wrote, and its clearing of the online mark lands before the new mark. A state whose
    // final save failed is the newest truth: it is taken out in the same step, so that no batch
    // writes it as final (clearing the mark below) while this login goes on; a batch that needs
    // it (a trade partner's) writes it as still online. Bank gold sent to it while offline (or
    // by it, before it left) is on disk first too, or the login is turned away until it is.
    const unsaved = await this.saves.claim(charId, session.characterNames.get(charId));
    if (unsaved === CLAIM_BUSY) {
      session.connection.sendFrame(gatewayFrames.showMessageBox(MESSAGE_CANNOT_LOAD_CHARACTER, ""));
      this.refuse(session, GATEWAY_TEXT.cannotLoad, "bank_credit_pending");
      return;
    }
    // The claim (online mark, generation raised) is taken before the character is read: a tool's
    // write (the admin command writes only unmarked characters) then either lands before the
    // read or is refused, and a save by whoever held it before (another process) is fenced off.
    const claimed = await this.claimCharacter(charId);
    const stampedUnsaved = claimed === undefined ? unsaved : (this.saves.stampClaim(charId, claimed) ?? unsaved);
    const found = handedOver ?? stampedUnsaved ?? (await this.options.store.loadCharacter(charId));
    // Staff power is read by id at every login (G1), never carried over from a record in memory:
    // a revoked role is gone at the next login. A database that cannot say means no power.
    const staff = typeof found === "object" && found !== null ? await this.staffStandingOf(charId) : PLAYER;
    // The record goes into the world with this login's generation (its saves are this claim's)
    // and this login's standing.
    const record = typeof found !== "object" || found === null ? found : withStanding(claimed === undefined ? found : { ...found, gen: claimed }, staff);
    if (session.phase !== "entering") {
      this.abandonEntry(charId);
      return;
    }
    if (record === "unavailable" || record === null || (name && record.name.toLowerCase() !== name.toLowerCase())) {
      this.abandonEntry(charId);
      session.connection.sendFrame(gatewayFrames.showMessageBox(MESSAGE_CANNOT_LOAD_CHARACTER, ""));
      this.refuse(session, GATEWAY_TEXT.cannotLoad, "cannot_load_character");
      return;
    }
    await this.enterWorld(session, record);
  }

  /** VB6 `ConnectUser` in GM-only mode: Msg1760 "restricted to administrators", then the connection closes. */
  private refuseStaffOnly(session: Session): void {
    session.connection.sendFrame(gatewayFrames.showMessageBox(MESSAGE_STAFF_ONLY, ""));
    this.refuse(session, undefined, "staff_only");
  }

  private async loginNewCharacter(session: Session, fields: Extract<ClientPacket, { name: "LoginNewChar" }>["fields"]): Promise<void> {
    // A new character is never staff: GM-only mode refuses it before anything is written.
    if (this.options.gmOnly?.()) {
      this.refuseStaffOnly(session);
      return;
    }
    const outcome = this.options.createCharacter({
      accountId: session.accountId,
      name: fields.name,
      race: fields.race,
      gender: fields.gender,
      class: fields.class,
      head: fields.head,
      homeCity: fields.homeCity,
    });
    if (!outcome.ok) {
      if (outcome.messageId !== undefined) session.connection.sendFrame(gatewayFrames.showMessageBox(outcome.messageId, ""));
      this.refuse(session, undefined, `creation:${outcome.reason}`);
      return;
    }
    session.phase = "entering";
    // Born marked online (see `claimCharacter`), with generation 0: a bank credit meant for an
    // offline character cannot land between the insert and this login, which enters with the
    // inserted record (its generation included).
    const created = await this.options.store.createCharacter(outcome.character as NewCharacter);
    if (session.phase !== "entering") {
      if (created.kind === "ok") this.abandonEntry(created.character.id);
      return;
    }
    switch (created.kind) {
      case "ok": {
        session.characterIds.add(created.character.id);
        session.characterNames.set(created.character.id, created.character.name);
        this.log.info(
          { session: session.id, account: session.accountId, character: created.character.id, name: created.character.name, class: created.character.class, race: created.character.race },
          "character created",
        );
        const placed = this.options.placeNewCharacter?.(created.character) ?? created.character;
        await this.enterWorld(session, placed);
        return;
      }
      case "name_taken":
        session.connection.sendFrame(gatewayFrames.showMessageBox(1769, ""));
        this.refuse(session, undefined, "creation:name_taken");
        return;
      default:
        this.refuse(session, GATEWAY_TEXT.cannotCreateCharacter, `creation:${created.kind}`);
    }
  }

  /**
   * A login that marked the character online did not get it into the world: a state not on disk
   * yet (taken from the unsaved ones) stays in memory and the character marked meanwhile;
   * otherwise the mark is cleared.
   */
  private abandonEntry(characterId: number): void {
    if (!this.saves.giveBack(characterId)) void this.options.store.markOffline(characterId);
  }

  /** Enters a character the caller marked online (see `claimCharacter`); a failure clears the mark. */
  private async enterWorld(session: Session, record: CharacterRecord): Promise<void> {
    const world = this.options.world;
    if (session.phase !== "entering") {
      // Closed while the character was being created or read.
      this.abandonEntry(record.id);
      return;
    }
    if (world.onlineCount >= this.options.maxConnections) {
      this.abandonEntry(record.id);
      session.connection.sendFrame(gatewayFrames.showMessageBox(MESSAGE_SERVER_FULL, ""));
      this.refuse(session, undefined, "server_full");
      return;
    }
    session.characterId = record.id;
    session.characterName = record.name;
    this.sessionByCharacter.set(record.id, session);
    session.counters.reset();
    void this.options.store.touchLastLogin(session.accountId, record.id);
    this.log.info(
      { session: session.id, account: session.accountId, character: record.id, name: record.name, map: record.position.map, x: record.position.x, y: record.position.y },
      "character login",
    );
    try {
      await world.enter(session.id, record, session.id & 0x7fff || 1);
    } catch (error) {
      this.log.error({ err: error, character: record.id }, "could not enter the world");
      this.sessionByCharacter.delete(record.id);
      this.abandonEntry(record.id);
      this.refuse(session, GATEWAY_TEXT.cannotLoad, "enter_failed");
    }
  }

  /**
   * Another process claimed this character with generation `gen` (a login on another gateway of
   * the cluster, or a save here was fenced): a session here that plays it with an older
   * generation ends, as a replaced session does. Its state is not saved: the claim fenced it, and
   * the new login read what was on disk.
   */
  releaseClaimedElsewhere(characterId: number, gen: number): void {
    const session = this.sessionByCharacter.get(characterId);
    if (!session || session.phase === "leaving") return;
    const known = this.options.world.knownState(characterId)?.gen;
    if (known !== undefined && known >= gen) return;
    this.log.warn({ character: characterId, gen, known }, "the character was claimed by another login in the cluster; this session ends");
    session.phase = "leaving";
    session.connection.sendFrame(gatewayFrames.errorMsg(GATEWAY_TEXT.replaced));
    this.sessionByCharacter.delete(characterId);
    if (this.options.world.isInWorld(session.id)) void this.options.world.leave(session.id, "claimed_elsewhere");
    session.connection.close("replaced");
  }

  /** Closes the older session of a character and returns the state its map handed back. */
  private async takeOver(previous: Session): Promise<CharacterRecord | null> {
    previous.phase = "leaving";
    previous.connection.sendFrame(gatewayFrames.errorMsg(GATEWAY_TEXT.replaced));
    const state = this.options.world.isInWorld(previous.id) ? await this.options.world.leave(previous.id, "replaced") : null;
    this.sessionByCharacter.delete(previous.characterId);
    previous.connection.close("replaced");
    if (state) await this.save(state, "replaced");
    return state;
  }

  private releaseCharacter(session: Session, state: CharacterRecord | null, reason = "logout"): void {
    if (session.characterId && this.sessionByCharacter.get(session.characterId) === session) {
      this.sessionByCharacter.delete(session.characterId);
    }
    if (state) {
      this.log.info({ session: session.id, character: state.id, name: state.name, map: state.position.map, reason }, "character logout");
      void this.save(state, reason);
    }
  }

  /**
   * The final save: the character's last state, and its online mark cleared in the same
   * statement; if a trade of it is not on disk yet (its pair save failed), the partners' newest
   * states go in the same batch (character-saves.ts). A failure keeps the state in memory: the
   * retries write it and a new login of the character starts from it.
   */
  private save(state: CharacterRecord, reason: string): Promise<void> {
    if (!this.accepting) this.departedWhileStopping.add(state.id);
    return this.saves.saveFinal(state, reason);
  }

  /**
   * States that must reach the database together (a player trade's two sides, map
   * systems/trade.ts): one batch, one statement. The characters stay online (not a final save).
   * Until they are on disk together, every save of either side carries the other; a failure is
   * logged and retried together (never one side alone).
   */
  saveNow(states: CharacterRecord[]): Promise<void> {
    return this.saves.saveTogether(states);
  }

  /** Autosave: every character in the world (newest known states) in one atomic batch. */
  saveOnline(): Promise<{ outcome: SaveOutcome; characters: number }> {
    return this.saves.saveOnline();
  }

  /**
   * Shutdown: the final states the workers handed back and every final state not on disk yet
   * (character-saves.ts), in statements of up to SAVE_BATCH_LIMIT. A character that left while
   * the world stopped is written with the state its departure handed over: the world's copy of
   * it is the one it knew before.
   */
  saveFinals(states: readonly CharacterRecord[]): Promise<{ outcome: SaveOutcome; characters: number }> {
    return this.saves.saveFinals(states.filter((state) => !this.departedWhileStopping.has(state.id)));
  }

  /** Retries the final saves that failed and the trade pairs not on disk together; returns how many final states are still unsaved. */
  retryUnsaved(): Promise<number> {
    return this.saves.retryUnsaved();
  }

  /**
   * Claims the character for this login (online mark, generation raised, owner recorded) and
   * returns the generation its saves carry; undefined when the claim failed, which only logs
   * (the database may be down, the player still plays with the generation its record has).
   */
  private async claimCharacter(characterId: number): Promise<number | undefined> {
    const outcome = await this.options.store.claimCharacter(characterId, this.ownerNode);
    if (outcome.kind === "ok") {
      this.options.onCharacterClaimed?.(characterId, outcome.gen);
      return outcome.gen;
    }
    this.log.warn({ character: characterId, outcome: outcome.kind }, "could not claim the character");
    return undefined;
  }

  /** Resolves once every character write queued so far has finished (shutdown and tests wait on it). */
  drainSaves(): Promise<void> {
    return this.saves.drain();
  }

  // ------------------------------------------------------------ plumbing

  /** Runs one database-backed step at a time per session; frames that arrive meanwhile wait. */
  private runExclusive(session: Session, step: () => Promise<void>): void {
    session.busy = true;
    step()
      .catch((error: unknown) => {
        this.log.error({ err: error, session: session.id }, "login step failed");
        this.refuse(session, GATEWAY_TEXT.internalError, "internal_error");
      })
      .finally(() => {
        session.busy = false;
        while (!session.busy && session.queued.length > 0 && session.phase !== "closed" && session.phase !== "leaving") {
          this.handleBody(session, session.queued.shift()!);
        }
      });
  }

  /** Refuses a login step: optional `ErrorMsg`, then a clean close. */
  /**
   * False, with the connection refused, when the session's address (or the character or account
   * given) is banned now or the database cannot say; a ban is shown as VB6 shows it.
   */
  private async admitted(session: Session, query: { characterId?: number; accountId?: number }): Promise<boolean> {
    const phase = session.phase;
    const verdict = await this.options.store.checkBans({ ...query, address: session.connection.remoteAddress });
    if (session.phase !== phase) return false;
    if (verdict === "unavailable") {
      this.refuse(session, GATEWAY_TEXT.cannotVerify, "database_unavailable");
      return false;
    }
    if (verdict.kind === "clear") return true;
    const box = banMessageBox(verdict);
    session.connection.sendFrame(gatewayFrames.showMessageBox(box.messageId, box.extra));
    this.log.info({ session: session.id, account: session.accountId, character: query.characterId, subject: verdict.subject }, "banned login refused");
    this.refuse(session, undefined, `banned_${verdict.subject}`);
    return false;
  }

  private refuse(session: Session, text: string | undefined, reason: string): void {
    if (session.phase === "closed") return;
    if (text) session.connection.sendFrame(gatewayFrames.errorMsg(text));
    session.phase = "leaving";
    this.log.info({ session: session.id, remote: session.connection.remoteAddress, reason }, "login refused");
    session.connection.close(reason);
  }

  /** Closes a misbehaving connection at once; only this connection is affected. */
  private reject(session: Session, reason: string, detail: Record<string, unknown>): void {
    this.log.warn({ session: session.id, remote: session.connection.remoteAddress, reason, ...detail }, "connection rejected");
    this.options.metrics.rejected(reason);
    if (session.phase === "in_world") {
      session.phase = "leaving";
      void this.options.world.leave(session.id, reason).then((state) => this.releaseCharacter(session, state, reason));
    } else {
      session.phase = "leaving";
    }
    session.connection.abort(reason);
  }

  /** One warning per address and interval; the ones in between are counted, not written. */
  private logRefusal(address: string, verdict: string): void {
    const now = this.options.now();
    const key = `${address} ${verdict}`;
    const seen = this.refusalLog.get(key);
    if (seen && now - seen.loggedAt < REFUSAL_LOG_INTERVAL_MS) {
      seen.unlogged++;
      return;
    }
    this.log.warn({ remote: address, verdict, unloggedSinceLast: seen?.unlogged ?? 0 }, "connection refused");
    this.refusalLog.set(key, { loggedAt: now, unlogged: 0 });
    if (this.refusalLog.size > 10_000) {
      // A flood from many addresses: forget entries older than the interval.
      for (const [oldKey, entry] of this.refusalLog) if (now - entry.loggedAt >= REFUSAL_LOG_INTERVAL_MS) this.refusalLog.delete(oldKey);
    }
  }

  private sweepDeadlines(): void {
    const now = this.options.now();
    for (const session of this.sessions.values()) {
      if ((session.phase === "connected" || session.phase === "account") && now > session.deadline) {
        this.refuse(session, GATEWAY_TEXT.loginTimeout, "login_timeout");
      }
    }
  }
}
