/**
 * Test support: one MapInstance driven the way the worker drives it (real packet bodies, a
 * manual clock, a real outbox) and its frames decoded per session. Used by the map's tests.
 */
import type { GameTables } from "../content/index.ts";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord, type Heading } from "../game/character/index.ts";
import { bodyOfFrame, decodeServerPacket, encodeClientPacket, type ClientPacketName } from "../protocol/index.ts";
import { itemCatalogFromObjects, ObjectType, type ItemCatalog } from "../game/items/index.ts";
import { SeededRandom, type Random } from "../random/index.ts";
import { ManualClock } from "../time/index.ts";
import type { AoiMode } from "./area-of-interest.ts";
import { RecordingBus } from "./cross-map-bus.ts";
import type { MapRules } from "./map-context.ts";
import { newOccupancyBuffer, type MapDefinition, type MapExitDefinition, type NpcDefinition, type ObjectDefinition } from "./map-definition.ts";
import type { EnterKind, MapEvent } from "./map-events.ts";
import { MapInstance, type HandlerFault, type IntentOutcome, type UnhandledPacket } from "./map-instance.ts";
import type { PacketHandlerTable } from "./handlers.ts";
import { Outbox, readOutbox } from "./outbox.ts";
import { createMapPackets } from "./protocol-packets.ts";
import type { NpcAttackHook } from "./map-context.ts";
import type { MagicStats } from "./magic-stats.ts";
import type { NpcAiStats } from "./npc-ai-stats.ts";

// Tile-flag direction bits on the DESTINATION tile (see content/maps/tile-flags.ts).
export const NO_ENTRY_MOVING_NORTH = 1;
export const NO_ENTRY_MOVING_SOUTH = 4;
export const NO_ENTRY_MOVING_WEST = 8;
export const WALL = 0x0f;

export const MAP_ID = 1;
export const START_MS = 1000;

export interface Received {
  session: number;
  name: string;
  fields: Record<string, unknown>;
}

let nextCharacterId = 1;
export function record(name: string, x: number, y: number, heading: Heading = 3): CharacterRecord {
  return testCharacter(nextCharacterId++, {
    accountId: 1,
    name,
    head: 4,
    body: 21,
    position: { map: MAP_ID, x, y, heading },
    vitals: { hp: 30, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 },
  });
}

/** A few objects of our own for the map's item tests (the real 2024 data is the rules' tests' job). */
export const TEST_ITEMS = {
  apple: 1,
  sword: 2,
  armor: 3,
  gold: 12,
  redPotion: 38,
  helmet: 51,
} as const;

/**
 * Record changes for a player the body's clocks leave alone for 161 s (systems/vitals.ts): wearing
 * armour (a naked player's stamina drains), unhurt and rested (nothing to regenerate), fed.
 * For tests about something else that assert "nothing more was sent" while time passes.
 */
export const UNHURT_AND_CLOTHED: Partial<CharacterRecord> = {
  inventory: [{ slot: 1, objectId: TEST_ITEMS.armor, amount: 1, equipped: true }],
  equipment: { ...EMPTY_EQUIPMENT, armor: TEST_ITEMS.armor },
  vitals: { hp: 32, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 },
};

export const TEST_CATALOG: ItemCatalog = itemCatalogFromObjects([
  { id: TEST_ITEMS.apple, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: TEST_ITEMS.sword, name: "Espada", objType: ObjectType.Weapon, anim: 68, minHit: 4, maxHit: 8, value: 350 },
  { id: TEST_ITEMS.armor, name: "Armadura", objType: ObjectType.Armor, body: 77, value: 100 },
  { id: TEST_ITEMS.gold, name: "Monedas de Oro", objType: ObjectType.GoldCoin },
  { id: TEST_ITEMS.redPotion, name: "Poción roja", objType: ObjectType.Potion, potionType: 3, minModifier: 30, maxModifier: 30, value: 2 },
  { id: TEST_ITEMS.helmet, name: "Casco", objType: ObjectType.Helmet, anim: 4 },
]);

export interface WorldOptions {
  width?: number;
  height?: number;
  safe?: boolean;
  /** `MapInfo.zone` (none by default). */
  zone?: string;
  /** The map's music number (absent: none). */
  music?: number;
  aoiMode?: AoiMode;
  /** [x, y, direction bits] */
  walls?: [number, number, number][];
  /** [x, y, trigger] */
  triggers?: [number, number, number][];
  exits?: MapExitDefinition[];
  npcs?: NpcDefinition[];
  objects?: ObjectDefinition[];
  /** Fill the occupancy grid with garbage before the server is built. */
  dirtyOccupancy?: boolean;
  rules?: Partial<MapRules>;
  items?: ItemCatalog;
  /** The world's gameplay tables (NPC templates for shops and descriptions); none by default. */
  tables?: GameTables | null;
  /** Extra or replaced packet handlers (fault-isolation tests). */
  handlers?: PacketHandlerTable;
  /** An NPC's blow on a player (a fake in the NPC AI tests); none by default. */
  npcAttack?: NpcAttackHook;
  /** The map's random stream; `SeededRandom.create(1)` by default. */
  random?: Random;
  /** Where the map's NPC AI counts (the worker's, in production); the map's own by default. */
  npcAiStats?: NpcAiStats;
  /** Where the map counts casts, status timers and meditation ticks; the map's own by default. */
  magicStats?: MagicStats;
}

/** A client packet body, as the gateway forwards it. */
export function packetBody(name: ClientPacketName, fields: Record<string, unknown>): Uint8Array {
  const encoded = encodeClientPacket(name, fields as never);
  if (!encoded.ok) throw encoded.error;
  return encoded.body;
}

/** One MapInstance driven the way the worker drives it: a manual clock, a real outbox, decoded frames per session. */
export function world(options: WorldOptions = {}) {
  const width = options.width ?? 40;
  const height = options.height ?? 40;
  const collision = new SharedArrayBuffer(width * height);
  const flags = new Uint8Array(collision);
  for (const [x, y, bits] of options.walls ?? []) flags[(y - 1) * width + (x - 1)] = bits;
  const triggers = new SharedArrayBuffer(width * height);
  for (const [x, y, trigger] of options.triggers ?? []) new Uint8Array(triggers)[(y - 1) * width + (x - 1)] = trigger;
  const occupancyBuffer = newOccupancyBuffer(width, height);
  const occupancy = new Int16Array(occupancyBuffer);
  if (options.dirtyOccupancy) occupancy.fill(0x7777);
  const definition: MapDefinition = {
    id: MAP_ID,
    name: "Prueba",
    width,
    height,
    safe: options.safe ?? true,
    ...(options.zone !== undefined ? { zone: options.zone } : {}),
    ...(options.music !== undefined ? { music: options.music } : {}),
    collision,
    triggers,
    occupancy: occupancyBuffer,
    exits: options.exits ?? [],
    npcs: options.npcs ?? [],
    objects: options.objects ?? [],
  };
  const outbox = new RecordingOutbox();
  const events: MapEvent[] = [];
  const faults: HandlerFault[] = [];
  const unhandled: UnhandledPacket[] = [];
  const clock = new ManualClock({ startMs: START_MS });
  const bus = new RecordingBus();
  const instance = new MapInstance(definition, {
    packets: createMapPackets(),
    outbox,
    emit: (event) => events.push(event),
    aoiMode: options.aoiMode ?? "grid",
    tables: options.tables ?? null,
    items: options.items ?? TEST_CATALOG,
    nakedBodies: null,
    clock,
    timers: clock.timers,
    random: options.random ?? SeededRandom.create(1),
    bus,
    rules: { motd: ["Bienvenido a la prueba"], globalChat: true, globalChatIntervalMs: 5000, ...options.rules },
    onlineCount: () => 3,
    timeOfDayMs: () => 0,
    uptimeMs: () => clock.now() - START_MS,
    onHandlerFault: (fault) => faults.push(fault),
    onUnhandledPacket: (packet) => unhandled.push(packet),
    ...(options.handlers ? { handlers: options.handlers } : {}),
    ...(options.npcAttack ? { npcAttack: options.npcAttack } : {}),
    ...(options.npcAiStats ? { npcAiStats: options.npcAiStats } : {}),
    ...(options.magicStats ? { magicStats: options.magicStats } : {}),
  });
  const act = (session: number, name: ClientPacketName, fields: Record<string, unknown>): IntentOutcome => instance.handle(session, packetBody(name, fields));
  /** The map driven the way the gateway drives it: packet bodies per session. */
  const server = {
    instance,
    act,
    walk: (session: number, heading: number) => act(session, "Walk", { heading, counter: 1 }),
    changeHeading: (session: number, heading: number) => act(session, "ChangeHeading", { heading, counter: 1 }),
    talk: (session: number, text: string, yell: boolean) => (yell ? act(session, "Yell", { text }) : act(session, "Talk", { text, counter: 1 })),
    whisper: (session: number, targetName: string, text: string) => act(session, "Whisper", { targetName, text }),
    requestPosition: (session: number) => act(session, "RequestPositionUpdate", {}),
    quit: (session: number) => act(session, "Quit", {}),
    cancelQuitIntent: (session: number) => act(session, "CancelarExit", {}),
    enter: instance.enter.bind(instance),
    leave: instance.leave.bind(instance),
    snapshot: instance.snapshot.bind(instance),
    positionOf: instance.positionOf.bind(instance),
    hasSession: instance.hasSession.bind(instance),
    findFreeTile: instance.findFreeTile.bind(instance),
    receive: instance.receive.bind(instance),
    get stats() {
      return instance.stats;
    },
    get playerCount() {
      return instance.playerCount;
    },
  };

  let received: Received[] = [];
  const decode = (session: number, frame: Uint8Array): Received => {
    const framed = bodyOfFrame(frame);
    if (!framed.ok) throw framed.error;
    const decoded = decodeServerPacket(framed.body);
    if (!decoded.ok) throw decoded.error;
    return { session, name: decoded.packet.name, fields: decoded.packet.fields as Record<string, unknown> };
  };
  /** The outbox's records since the last take, checked against the per-session runs it made of them. */
  const takeRecords = (): OutboxRecord[] => {
    const records = outbox.records;
    outbox.records = [];
    const expected = new Map<number, number[]>();
    for (const record of records) for (const session of record.sessions) (expected.get(session) ?? expected.set(session, []).get(session)!).push(...record.frame);
    const runs = new Map<number, number[]>();
    readOutbox(outbox.take(), { onRun: (session, run) => runs.set(session, [...run]) });
    if (JSON.stringify([...runs].sort()) !== JSON.stringify([...expected].sort())) throw new Error("outbox runs differ from the frames written");
    return records;
  };
  const collect = (): void => {
    for (const record of takeRecords()) for (const session of record.sessions) received.push(decode(session, record.frame));
  };

  return {
    server,
    events,
    faults,
    /** Packets that reached the map with no handler (the safety net of the decision table). */
    unhandled,
    bus,
    clock,
    definition,
    /** Moves the manual clock, running every timer that falls due on the way. */
    advance(ms: number): void {
      clock.advance(ms);
    },
    /** Everything delivered since the last call, in outbox order. */
    drain(): Received[] {
      collect();
      const out = received;
      received = [];
      return out;
    },
    /**
     * What the outbox holds now, one entry per record: a broadcast is one frame, encoded once and
     * listed with all its recipients. (Frames an earlier `drain` took are not repeated.)
     */
    drainRecords(): { sessions: number[]; name: string; fields: Record<string, unknown> }[] {
      return takeRecords().map((record) => {
        const { name, fields } = decode(record.sessions[0] ?? 0, record.frame);
        return { sessions: record.sessions, name, fields };
      });
    },
    /** Drains and returns one line per packet, per session. */
    inboxes(): Map<number, string[]> {
      const bySession = new Map<number, string[]>();
      for (const packet of this.drain()) {
        const list = bySession.get(packet.session) ?? [];
        list.push(summary(packet));
        bySession.set(packet.session, list);
      }
      return bySession;
    },
    occupant(x: number, y: number): number {
      return occupancy[(y - 1) * width + (x - 1)]!;
    },
    enter(
      session: number,
      name: string,
      x: number,
      y: number,
      options: {
        heading?: Heading;
        kind?: EnterKind;
        cameFrom?: { map: number; x: number; y: number };
        /** Changes to the stock test record (inventory, gold, vitals, …). */
        with?: Partial<CharacterRecord>;
      } = {},
    ): number {
      const entering = { ...record(name, x, y, options.heading ?? 3), ...options.with };
      server.enter({ session, record: entering, kind: options.kind ?? "login", userSlot: session, cameFrom: options.cameFrom });
      const position = server.positionOf(session);
      if (!position) throw new Error(`${name} did not enter: ${JSON.stringify(events.at(-1))}`);
      return position.charIndex;
    },
  };
}

/** A compact, readable line per packet for order assertions. */
export function summary({ name, fields: f }: Received): string {
  switch (name) {
    case "CharacterCreate":
      return `CharacterCreate ${f.charIndex} ${f.name} (${f.x},${f.y}) h${f.heading}`;
    case "CharacterMove":
      return `CharacterMove ${f.charIndex} (${f.x},${f.y})`;
    case "CharacterRemove":
      return `CharacterRemove ${f.charIndex} fade=${f.fadeOut} warp=${f.wasWarp}`;
    case "CharacterChange":
      return `CharacterChange ${f.charIndex} h${f.heading}`;
    case "PosUpdate":
    case "AreaChanged":
      return `${name} (${f.x},${f.y})`;
    case "ObjectCreate":
      return `ObjectCreate ${f.objIndex}x${f.amount} (${f.x},${f.y})`;
    case "ObjectDelete":
      return `ObjectDelete (${f.x},${f.y})`;
    case "ChangeInventorySlot":
      return `Slot ${f.slot}: ${f.objIndex}x${f.amount}${f.equipped ? " equipped" : ""}`;
    case "UpdateGold":
      return `UpdateGold ${f.gold}`;
    case "UpdateHungerAndThirst":
      return `HungerAndThirst food=${f.food} water=${f.water}`;
    case "UpdateHP":
      return `UpdateHP ${f.minHp}`;
    case "ShowPickUpObj":
      return `ShowPickUpObj ${f.objIndex}x${f.amount}`;
    case "TextOverTile":
      return `TextOverTile ${f.text} (${f.x},${f.y})`;
    case "PlayWave":
      return `PlayWave ${f.wave}`;
    case "UserCharIndexInServer":
      return `UserCharIndexInServer ${f.charIndex}`;
    case "ChangeMap":
      return `ChangeMap ${f.map}`;
    case "ConsoleMsg":
      return `ConsoleMsg[${f.fontIndex}] ${f.text}`;
    case "ChatOverHead":
      return `ChatOverHead ${f.charIndex} ${f.text}`;
    case "LocaleChatOverHead":
      return `LocaleChatOverHead ${f.charIndex} ${f.messageId}`;
    case "ChangeNPCInventorySlot":
      return `NpcSlot ${f.slot}: ${f.objIndex}x${f.amount} @${f.price}${f.canUse ? ` canUse=${f.canUse}` : ""}`;
    case "ChangeBankSlot":
      return `BankSlot ${f.slot}: ${f.objIndex}x${f.amount}`;
    case "UpdateBankGld":
      return `UpdateBankGld ${f.bankGold}`;
    case "CommerceInit":
      return `CommerceInit ${f.npcName}`;
    case "LocaleMsg":
      return `LocaleMsg[${f.fontIndex}] ${f.messageId} ${f.params}`;
    case "ConsoleCharText":
      return `ConsoleCharText ${f.speakerName}: ${f.text}`;
    case "Disconnect":
      return `Disconnect full=${f.fullLogout}`;
    case "BlockPosition":
      return `BlockPosition (${f.x},${f.y}) ${f.blocked}`;
    case "UpdateUserKey":
      return `UpdateUserKey ${f.slot}: ${f.key}`;
    default:
      return name;
  }
}


interface OutboxRecord {
  sessions: number[];
  frame: Uint8Array;
}

/** The map's real outbox, also keeping each write as a record (a broadcast once, with all its recipients). */
class RecordingOutbox extends Outbox {
  records: OutboxRecord[] = [];

  override sendTo(session: number, frame: Uint8Array): void {
    this.records.push({ sessions: [session], frame: frame.slice() });
    super.sendTo(session, frame);
  }

  override broadcast(sessions: ArrayLike<number>, count: number, frame: Uint8Array): void {
    if (count > 0) this.records.push({ sessions: Array.from({ length: count }, (_, i) => sessions[i]!), frame: frame.slice() });
    super.broadcast(sessions, count, frame);
  }
}

/**
 * The map's `Random` for tests that fix the dice: the numbers a test scripts are drawn first, then
 * a seeded stream; while `strict`, a draw beyond the script throws (the map's own spawns draw at
 * construction, so tests script what comes after and then turn `strict` on).
 */
export class ScriptedMapRandom implements Random {
  strict = false;
  private readonly queue: number[] = [];
  private readonly rest: Random;
  constructor(seed = 5) {
    this.rest = SeededRandom.create(seed);
  }
  script(...values: number[]): void {
    this.queue.push(...values);
  }
  get left(): number {
    return this.queue.length;
  }
  next(): number {
    if (this.queue.length > 0) return this.queue.shift()!;
    if (this.strict) throw new Error("a draw nobody scripted");
    return this.rest.next();
  }
  nextU32(): number {
    return Math.floor(this.next() * 2 ** 32);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}
