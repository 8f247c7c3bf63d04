/**
 * MapServer: the only authority for what happens on one map. It owns the players standing on
 * it, the NPCs placed by the map and the ground objects, handles intents one by one in arrival
 * order, and writes the frames each client must see into an outbox. It never touches sockets,
 * threads or the database, so it is tested directly, without a worker.
 */
import type { CharacterRecord, Heading } from "../game/character-record.ts";
import { type AoiMode, type AreaOfInterest, blockOf, createAoi, GridAoi, inView } from "./area-of-interest.ts";
import type { MapDefinition, MapExitDefinition } from "./map-definition.ts";
import {
  COLOUR_RED,
  COLOUR_WHISPER,
  COLOUR_WHITE,
  FONT_INFO,
  FONT_WARNING,
  type MapPackets,
  type VisibleChar,
} from "./map-packets.ts";
import { blockBitFor, checkWalkPace, isHeading, isWaterForWalker, stepX, stepY, type WalkPacing } from "./movement.ts";
import type { Outbox } from "./outbox.ts";

/** Client char slots are 1..10000 (`charlist(1 To 10000)`). */
export const MAX_CHAR_INDEX = 10_000;
/** Seconds of the logout countdown outside safe maps (`IntervaloCerrarConexion`). */
export const QUIT_COUNTDOWN_SECONDS = 10;
const MS_PER_SECOND = 1000;
/** Chat lines longer than this are cut (the stock client's input box allows less). */
export const MAX_CHAT_CHARS = 300;
/**
 * The VB6 spawn search looks 12 rings around the wanted tile and gives up after that (the
 * player is refused). We keep searching outwards over the whole map, so a crowded home city
 * (a login storm) spills into the streets instead of refusing logins.
 */
export const SPAWN_SEARCH_RADIUS = 12;
/** Privilege bit of an ordinary user (CharacterCreate field 16). */
const PRIVILEGE_USER = 1;
/** Faction status of a new character: citizen. */
const STATUS_CITIZEN = 1;

export type EnterKind = "login" | "transfer" | "recover";

/** What the map tells the gateway besides frames. */
export type MapEvent =
  | { t: "entered"; session: number; map: number; x: number; y: number }
  | { t: "enter_failed"; session: number; map: number; reason: "no_free_tile" | "map_full" | "already_here" }
  /** `state` is null when the map did not hold the session (it was in transit or already gone). */
  | { t: "left"; session: number; state: CharacterRecord | null; reason: string }
  | {
      t: "transfer";
      session: number;
      state: CharacterRecord;
      dest: { map: number; x: number; y: number };
      cameFrom: { map: number; x: number; y: number };
    };

export interface EnterRequest {
  session: number;
  record: CharacterRecord;
  kind: EnterKind;
  /** Server-wide user slot shown by UserIndexInServer. */
  userSlot: number;
  /** Where the player stood before this map (for exits to -1). */
  cameFrom?: { map: number; x: number; y: number } | undefined;
}

export interface MapServerDeps {
  packets: MapPackets;
  outbox: Outbox;
  emit(event: MapEvent): void;
  /** Monotonic milliseconds. */
  now(): number;
  aoiMode: AoiMode;
  /** Players online on the whole server (for the login burst). */
  onlineCount(): number;
  motd: readonly string[];
  /** Milliseconds into the in-game day, for `hora`. */
  timeOfDayMs(): number;
}

interface Player {
  session: number;
  record: CharacterRecord;
  char: VisibleChar;
  pacing: WalkPacing;
  /** Monotonic time the logout countdown ends, or 0. */
  quitAt: number;
  quitSecondsAnnounced: number;
  cameFrom: { map: number; x: number; y: number } | undefined;
}

interface Npc {
  char: VisibleChar;
}

export interface MapStats {
  players: number;
  npcs: number;
  movesAccepted: number;
  movesRefused: number;
}

export class MapServer {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  private readonly collision: Uint8Array;
  private readonly triggers: Uint8Array;
  private readonly occupancy: Int16Array;
  private readonly exits = new Map<number, MapExitDefinition>();
  private readonly players = new Map<number, Player>();
  private readonly npcs = new Map<number, Npc>();
  private readonly objects: { x: number; y: number; obj: number; amount: number }[];
  private readonly aoi: AreaOfInterest;
  private readonly npcAoi: GridAoi;
  private readonly freeCharIndexes: number[] = [];
  private nextCharIndex = 1;
  private readonly scratchOld = new Set<number>();
  private readonly scratchNew = new Set<number>();
  private readonly recipients: number[] = [];
  private readonly quitting = new Set<Player>();
  readonly stats: MapStats = { players: 0, npcs: 0, movesAccepted: 0, movesRefused: 0 };

  constructor(
    readonly definition: MapDefinition,
    private readonly deps: MapServerDeps,
  ) {
    this.id = definition.id;
    this.width = definition.width;
    this.height = definition.height;
    this.collision = new Uint8Array(definition.collision);
    this.triggers = new Uint8Array(definition.triggers);
    this.occupancy = new Int16Array(definition.occupancy);
    this.occupancy.fill(0);
    for (const exit of definition.exits) this.exits.set(this.tile(exit.x, exit.y), exit);
    this.objects = definition.objects.map((object) => ({ ...object }));
    this.aoi = createAoi(deps.aoiMode, this.width, this.height);
    this.npcAoi = new GridAoi(this.width, this.height);
    for (const spawn of definition.npcs) this.placeNpc(spawn);
  }

  get playerCount(): number {
    return this.players.size;
  }

  hasSession(session: number): boolean {
    return this.players.has(session);
  }

  /** Position of a session's character, for tests and diagnostics. */
  positionOf(session: number): { x: number; y: number; heading: number; charIndex: number } | undefined {
    const player = this.players.get(session);
    return player && { x: player.char.x, y: player.char.y, heading: player.char.heading, charIndex: player.char.charIndex };
  }

  // ---------------------------------------------------------------- entering and leaving

  enter(request: EnterRequest): void {
    const { session, record } = request;
    if (this.players.has(session)) {
      this.deps.emit({ t: "enter_failed", session, map: this.id, reason: "already_here" });
      return;
    }
    const spot = this.findFreeTile(record.position.x, record.position.y);
    if (!spot) {
      this.deps.emit({ t: "enter_failed", session, map: this.id, reason: "no_free_tile" });
      return;
    }
    const charIndex = this.allocateCharIndex();
    if (charIndex === 0) {
      this.deps.emit({ t: "enter_failed", session, map: this.id, reason: "map_full" });
      return;
    }
    const state: CharacterRecord = structuredClone(record);
    state.position = { map: this.id, x: spot.x, y: spot.y, heading: state.position.heading };
    const player: Player = {
      session,
      record: state,
      char: playerChar(state, charIndex),
      pacing: { nextStepAt: 0 },
      quitAt: 0,
      quitSecondsAnnounced: 0,
      cameFrom: request.cameFrom,
    };
    const { packets, outbox } = this.deps;
    if (request.kind === "login") {
      for (const frame of packets.loginBurstBeforeArea(state, request.userSlot, this.id, this.deps.timeOfDayMs())) {
        outbox.sendTo(session, frame);
      }
    } else {
      outbox.sendTo(session, packets.changeMap(this.id));
    }
    this.players.set(session, player);
    this.occupancy[this.tile(spot.x, spot.y)] = charIndex;
    this.aoi.add(session, spot.x, spot.y);
    this.stats.players = this.players.size;
    this.sendAreaEntry(player);
    outbox.sendTo(session, packets.userCharIndexInServer(charIndex));
    if (request.kind === "login") {
      for (const frame of packets.loginBurstAfterArea(state, this.deps.onlineCount(), this.deps.motd)) outbox.sendTo(session, frame);
    }
    this.deps.emit({ t: "entered", session, map: this.id, x: spot.x, y: spot.y });
  }

  /** Removes a player (logout, disconnect, replaced session) and reports its final state. */
  leave(session: number, reason: string): void {
    const player = this.players.get(session);
    if (!player) return;
    this.removePlayer(player, false);
    this.deps.emit({ t: "left", session, state: player.record, reason });
  }

  /** The current state of every player, for autosave and crash recovery. */
  snapshot(): { session: number; state: CharacterRecord }[] {
    return [...this.players.values()].map((player) => ({ session: player.session, state: player.record }));
  }

  // ---------------------------------------------------------------- intents

  walk(session: number, heading: number): void {
    const player = this.players.get(session);
    if (!player) return;
    if (!isHeading(heading)) return;
    if (player.quitAt > 0) this.cancelQuit(player, true);
    const { char } = player;
    const x = char.x + stepX(heading);
    const y = char.y + stepY(heading);
    const refused =
      x < 1 ||
      y < 1 ||
      x > this.width ||
      y > this.height ||
      (this.collision[this.tile(x, y)]! & blockBitFor(heading)) !== 0 ||
      isWaterForWalker(this.collision[this.tile(x, y)]!, this.triggers[this.tile(x, y)]!) ||
      this.occupancy[this.tile(x, y)] !== 0 ||
      !checkWalkPace(player.pacing, this.deps.now());
    if (refused) {
      this.stats.movesRefused++;
      if (char.heading !== heading) this.turn(player, heading);
      this.deps.outbox.sendTo(session, this.deps.packets.posUpdate(char.x, char.y));
      return;
    }
    this.stats.movesAccepted++;
    char.heading = heading;
    player.record.position.heading = heading as Heading;
    this.moveTo(player, x, y);
    const exit = this.exits.get(this.tile(x, y));
    if (exit) this.takeExit(player, exit);
  }

  changeHeading(session: number, heading: number): void {
    const player = this.players.get(session);
    if (!player || !isHeading(heading)) return;
    this.turn(player, heading);
  }

  talk(session: number, text: string, yell: boolean): void {
    const player = this.players.get(session);
    if (!player) return;
    const line = truncateChars(text, MAX_CHAT_CHARS);
    if (line.trim() === "") return;
    const { char } = player;
    const frame = this.deps.packets.chatOverHead(line, char.charIndex, yell ? COLOUR_RED : COLOUR_WHITE, char.x, char.y);
    this.broadcastAround(char.x, char.y, frame, -1);
  }

  whisper(session: number, targetName: string, text: string): void {
    const player = this.players.get(session);
    if (!player) return;
    const line = truncateChars(text, MAX_CHAT_CHARS);
    if (line.trim() === "") return;
    const wanted = targetName.trim().toLowerCase();
    let target: Player | undefined;
    for (const candidate of this.players.values()) {
      if (candidate.record.name.toLowerCase() === wanted) {
        target = candidate;
        break;
      }
    }
    const { packets, outbox } = this.deps;
    if (!target || !inView(player.char.x, player.char.y, target.char.x, target.char.y)) {
      outbox.sendTo(session, packets.consoleMsg(`${targetName} no está cerca para oír tu susurro.`, FONT_INFO));
      return;
    }
    const frame = packets.consoleCharText(line, COLOUR_WHISPER, player.record.name, player.char.status, player.char.privileges);
    outbox.sendTo(session, frame);
    if (target !== player) outbox.sendTo(target.session, frame);
  }

  requestPosition(session: number): void {
    const player = this.players.get(session);
    if (player) this.deps.outbox.sendTo(session, this.deps.packets.posUpdate(player.char.x, player.char.y));
  }

  quit(session: number): void {
    const player = this.players.get(session);
    if (!player || player.quitAt > 0) return;
    if (this.definition.safe) {
      this.finishQuit(player);
      return;
    }
    player.quitAt = this.deps.now() + QUIT_COUNTDOWN_SECONDS * MS_PER_SECOND;
    player.quitSecondsAnnounced = QUIT_COUNTDOWN_SECONDS;
    this.quitting.add(player);
    this.deps.outbox.sendTo(session, this.deps.packets.consoleMsg(countdownText(QUIT_COUNTDOWN_SECONDS), FONT_INFO));
  }

  cancelQuitIntent(session: number): void {
    const player = this.players.get(session);
    if (player && player.quitAt > 0) this.cancelQuit(player, false);
  }

  /** Runs what is due: the logout countdowns. Called by the worker's one timer. */
  tick(): void {
    if (this.quitting.size === 0) return;
    const now = this.deps.now();
    for (const player of [...this.quitting]) {
      const left = Math.ceil((player.quitAt - now) / MS_PER_SECOND);
      if (left <= 0) {
        this.finishQuit(player);
      } else if (left < player.quitSecondsAnnounced) {
        player.quitSecondsAnnounced = left;
        this.deps.outbox.sendTo(player.session, this.deps.packets.consoleMsg(countdownText(left), FONT_INFO));
      }
    }
  }

  // ---------------------------------------------------------------- internals

  private finishQuit(player: Player): void {
    this.quitting.delete(player);
    player.quitAt = 0;
    this.deps.outbox.sendTo(player.session, this.deps.packets.consoleMsg("¡Gracias por jugar Argentum Online!", FONT_INFO));
    this.deps.outbox.sendTo(player.session, this.deps.packets.disconnect(false));
    this.leave(player.session, "quit");
  }

  private cancelQuit(player: Player, byMoving: boolean): void {
    this.quitting.delete(player);
    player.quitAt = 0;
    const text = byMoving ? "Saliste del juego cancelado: te moviste." : "Salida cancelada.";
    this.deps.outbox.sendTo(player.session, this.deps.packets.consoleMsg(text, FONT_WARNING));
  }

  private turn(player: Player, heading: number): void {
    player.char.heading = heading;
    player.record.position.heading = heading as Heading;
    const frame = this.deps.packets.characterChange(player.char);
    this.broadcastAround(player.char.x, player.char.y, frame, -1);
  }

  private moveTo(player: Player, x: number, y: number): void {
    const { char, session } = player;
    const oldX = char.x;
    const oldY = char.y;
    const oldViewers = this.scratchOld;
    const newViewers = this.scratchNew;
    oldViewers.clear();
    newViewers.clear();
    this.aoi.forEachViewer(oldX, oldY, (id) => oldViewers.add(id));
    this.occupancy[this.tile(oldX, oldY)] = 0;
    this.occupancy[this.tile(x, y)] = char.charIndex;
    char.x = x;
    char.y = y;
    player.record.position.x = x;
    player.record.position.y = y;
    this.aoi.move(session, x, y);
    this.aoi.forEachViewer(x, y, (id) => newViewers.add(id));

    const { packets, outbox } = this.deps;
    // Everyone who saw the old tile or sees the new one hears of the step. Whether a client
    // draws the mover is geometry (the 3×3-block window), not membership of the AoI query: a
    // client that only now has the mover in its window gets a create, the others a move (a
    // client erases by itself a char that walked out of its window, Char_Move_by_Pos).
    const moves = this.recipients;
    moves.length = 0;
    const creates: number[] = [];
    const visit = (id: number) => {
      if (id === session) return;
      const other = this.players.get(id);
      if (!other) return;
      if (inView(other.char.x, other.char.y, x, y) && !inView(other.char.x, other.char.y, oldX, oldY)) creates.push(id);
      else moves.push(id);
    };
    for (const id of newViewers) visit(id);
    for (const id of oldViewers) if (!newViewers.has(id)) visit(id);
    if (moves.length > 0) outbox.broadcast(moves, moves.length, packets.characterMove(char.charIndex, x, y));
    if (creates.length > 0) outbox.broadcast(creates, creates.length, packets.characterCreate(char));

    if (blockOf(oldX) !== blockOf(x) || blockOf(oldY) !== blockOf(y)) {
      // The client drops everything outside its new window on AreaChanged; it must be told
      // about everything that came into it (the same players as above, by symmetry).
      outbox.sendTo(session, packets.areaChanged(x, y));
      for (const id of creates) outbox.sendTo(session, packets.characterCreate(this.players.get(id)!.char));
      this.npcAoi.forEachViewer(x, y, (charIndex) => {
        const npc = this.npcs.get(charIndex);
        if (npc && !inView(oldX, oldY, npc.char.x, npc.char.y)) outbox.sendTo(session, packets.characterCreate(npc.char));
      });
      for (const object of this.objects) {
        if (inView(x, y, object.x, object.y) && !inView(oldX, oldY, object.x, object.y)) {
          outbox.sendTo(session, packets.objectCreate(object.x, object.y, object.obj, object.amount));
        }
      }
    }
  }

  private takeExit(player: Player, exit: MapExitDefinition): void {
    const here = { map: this.id, x: player.char.x, y: player.char.y };
    let dest = { map: exit.destMap, x: exit.destX, y: exit.destY };
    if (exit.destMap < 0) {
      if (!player.cameFrom) return; // nowhere to go back to: stay
      dest = player.cameFrom;
    }
    if (dest.map === this.id) {
      const spot = this.findFreeTile(dest.x, dest.y);
      if (!spot) return;
      this.warpWithin(player, spot.x, spot.y);
      return;
    }
    this.removePlayer(player, true);
    this.deps.outbox.sendTo(player.session, this.deps.packets.removeDialogs());
    player.record.position = { map: dest.map, x: dest.x, y: dest.y, heading: player.record.position.heading };
    this.deps.emit({ t: "transfer", session: player.session, state: player.record, dest, cameFrom: here });
  }

  private warpWithin(player: Player, x: number, y: number): void {
    const { char } = player;
    const removal = this.deps.packets.characterRemove(char.charIndex, false, true);
    this.broadcastAround(char.x, char.y, removal, player.session);
    this.occupancy[this.tile(char.x, char.y)] = 0;
    this.aoi.remove(player.session);
    char.x = x;
    char.y = y;
    player.record.position.x = x;
    player.record.position.y = y;
    this.occupancy[this.tile(x, y)] = char.charIndex;
    this.aoi.add(player.session, x, y);
    this.sendAreaEntry(player);
    this.deps.outbox.sendTo(player.session, this.deps.packets.userCharIndexInServer(char.charIndex));
  }

  /** AreaChanged, then creates for everything in the window, then the newcomer to the others. */
  private sendAreaEntry(player: Player): void {
    const { packets, outbox } = this.deps;
    const { char, session } = player;
    outbox.sendTo(session, packets.areaChanged(char.x, char.y));
    outbox.sendTo(session, packets.characterCreate(char));
    const others = this.recipients;
    others.length = 0;
    this.aoi.forEachViewer(char.x, char.y, (id) => {
      if (id === session) return;
      const other = this.players.get(id);
      if (!other) return;
      others.push(id);
      outbox.sendTo(session, packets.characterCreate(other.char));
    });
    this.npcAoi.forEachViewer(char.x, char.y, (charIndex) => {
      const npc = this.npcs.get(charIndex);
      if (npc) outbox.sendTo(session, packets.characterCreate(npc.char));
    });
    for (const object of this.objects) {
      if (inView(char.x, char.y, object.x, object.y)) outbox.sendTo(session, packets.objectCreate(object.x, object.y, object.obj, object.amount));
    }
    if (others.length > 0) outbox.broadcast(others, others.length, packets.characterCreate(char));
  }

  private removePlayer(player: Player, wasWarp: boolean): void {
    const { char, session } = player;
    this.quitting.delete(player);
    this.broadcastAround(char.x, char.y, this.deps.packets.characterRemove(char.charIndex, false, wasWarp), session);
    this.aoi.remove(session);
    if (this.occupancy[this.tile(char.x, char.y)] === char.charIndex) this.occupancy[this.tile(char.x, char.y)] = 0;
    this.players.delete(session);
    this.releaseCharIndex(char.charIndex);
    this.stats.players = this.players.size;
  }

  /** Sends one frame to every player who sees (x, y), except `exceptSession`. */
  private broadcastAround(x: number, y: number, frame: Uint8Array, exceptSession: number): void {
    const list = this.recipients;
    list.length = 0;
    this.aoi.forEachViewer(x, y, (id) => {
      if (id !== exceptSession) list.push(id);
    });
    if (list.length > 0) this.deps.outbox.broadcast(list, list.length, frame);
  }

  private placeNpc(spawn: MapDefinition["npcs"][number]): void {
    if (spawn.x < 1 || spawn.y < 1 || spawn.x > this.width || spawn.y > this.height) return;
    const spot = this.findFreeTile(spawn.x, spawn.y);
    if (!spot) return;
    const charIndex = this.allocateCharIndex();
    if (charIndex === 0) return;
    const char: VisibleChar = {
      charIndex,
      body: spawn.body,
      head: spawn.head,
      heading: isHeading(spawn.heading) ? spawn.heading : 3,
      x: spot.x,
      y: spot.y,
      weapon: 0,
      shield: 0,
      helmet: 0,
      name: spawn.name,
      status: 0,
      privileges: 0,
      isNpc: 1,
      npcNumber: spawn.npc,
      minHp: 0,
      maxHp: 0,
      minMana: 0,
      maxMana: 0,
    };
    this.npcs.set(charIndex, { char });
    this.npcAoi.add(charIndex, spot.x, spot.y);
    this.occupancy[this.tile(spot.x, spot.y)] = charIndex;
    this.stats.npcs = this.npcs.size;
  }

  /**
   * The free, enterable tile nearest to (x, y), searching square rings outwards; a tile blocked
   * from every direction is a wall, an exit tile is skipped so nobody spawns into a transfer.
   */
  findFreeTile(x: number, y: number): { x: number; y: number } | undefined {
    const cx = Math.min(this.width, Math.max(1, Math.round(x) || 1));
    const cy = Math.min(this.height, Math.max(1, Math.round(y) || 1));
    const maxRadius = Math.max(SPAWN_SEARCH_RADIUS, this.width, this.height);
    for (let radius = 0; radius <= maxRadius; radius++) {
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== radius) continue;
          const tx = cx + dx;
          const ty = cy + dy;
          if (tx < 1 || ty < 1 || tx > this.width || ty > this.height) continue;
          const index = this.tile(tx, ty);
          if ((this.collision[index]! & 0x0f) === 0x0f) continue;
          if (isWaterForWalker(this.collision[index]!, this.triggers[index]!)) continue;
          if (this.occupancy[index] !== 0 || this.exits.has(index)) continue;
          return { x: tx, y: ty };
        }
      }
    }
    return undefined;
  }

  private allocateCharIndex(): number {
    const reused = this.freeCharIndexes.pop();
    if (reused !== undefined) return reused;
    if (this.nextCharIndex > MAX_CHAR_INDEX) return 0;
    return this.nextCharIndex++;
  }

  private releaseCharIndex(charIndex: number): void {
    this.freeCharIndexes.push(charIndex);
  }

  private tile(x: number, y: number): number {
    return (y - 1) * this.width + (x - 1);
  }
}

/** Cuts at `max` characters (code points), never inside a surrogate pair. */
function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}

function countdownText(seconds: number): string {
  return `Cerrando en ${seconds} ${seconds === 1 ? "segundo" : "segundos"}...`;
}

function playerChar(record: CharacterRecord, charIndex: number): VisibleChar {
  return {
    charIndex,
    body: record.body,
    head: record.head,
    heading: record.position.heading,
    x: record.position.x,
    y: record.position.y,
    weapon: 0,
    shield: 0,
    helmet: 0,
    name: record.name,
    status: STATUS_CITIZEN,
    privileges: PRIVILEGE_USER,
    isNpc: 0,
    npcNumber: 0,
    minHp: record.vitals.hp,
    maxHp: record.vitals.maxHp,
    minMana: record.vitals.mana,
    maxMana: record.vitals.maxMana,
  };
}
