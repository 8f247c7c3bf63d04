/**
 * The session adapter against a scripted server on the manual clock: what it sends at each login
 * step (decoded with the protocol library), how it tracks itself and others, how it measures
 * steps, refusals and chat, and how it fails.
 */
import { describe, expect, test } from "bun:test";
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { mapToApiJson } from "../content/pack/index.ts";
import { headingBit } from "../game/movement/index.ts";
import {
  CHARACTER_CREATE_DEFAULTS,
  decodeClientPacket,
  encodeServerPacket,
  splitFrames,
  type ClientPacket,
  type ServerPacketFields,
  type ServerPacketName,
} from "../protocol/index.ts";
import { ManualClock } from "../time/index.ts";
import type { ActorView } from "./behaviour.ts";
import { GHOST_BODY } from "../game/vitals/index.ts";
import { Ao20SessionPort, type Ao20SessionOptions, type BotSession } from "./ao20-session.ts";
import { botCredentials, seedTag } from "./bot-identity.ts";
import { MapCatalog } from "./map-catalog.ts";
import { posKey } from "./map-view.ts";
import { RunLedger } from "./run-ledger.ts";
import type { SessionEvents } from "./session-port.ts";
import type { BotTransport, TransportEvents, TransportTarget } from "./transport.ts";

const OPEN_FIELD = DEFAULT_WORLD_MAP_IDS.openField;
const TARGET: TransportTarget = { kind: "tcp", host: "127.0.0.1", port: 7667, text: "tcp://127.0.0.1:7667" };
const maps = buildDefaultMaps();
const TAG = seedTag(11);

/** A transport whose server is the test: it records what the bot sent and feeds server packets. */
class ScriptedTransport implements BotTransport {
  readonly sent: ClientPacket[] = [];
  closed = false;
  bufferedBytes = 0;
  constructor(
    readonly events: TransportEvents,
    readonly localAddress?: string,
  ) {}
  sendFrames(frames: Uint8Array): boolean {
    if (this.closed) return false;
    for (const body of splitFrames(frames).bodies) {
      const decoded = decodeClientPacket(body);
      if (!decoded.ok) throw decoded.error;
      this.sent.push(decoded.packet);
    }
    return true;
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.events.closed("closed by the bot", false);
  }
  /** The server sends one packet (one read). */
  push<N extends ServerPacketName>(name: N, fields: ServerPacketFields<N>): void {
    const encoded = encodeServerPacket(name, fields as never);
    if (!encoded.ok) throw encoded.error;
    this.events.batch(encoded.body.length + 2);
    this.events.body(encoded.body, 0, encoded.body.length);
  }
  names(): string[] {
    return this.sent.map((packet) => packet.name);
  }
}

interface Recorded {
  readonly calls: string[];
  readonly events: SessionEvents;
}

function recorder(): Recorded {
  const calls: string[] = [];
  return {
    calls,
    events: {
      connected: () => void calls.push("connected"),
      authenticated: () => void calls.push("authenticated"),
      reconnecting: (reason) => void calls.push(`reconnecting ${reason}`),
      packet: () => {},
      closed: (reason) => void calls.push(`closed ${reason}`),
      failed: (reason) => void calls.push(`failed ${reason}`),
    },
  };
}

async function setup(options: Partial<Ao20SessionOptions> = {}) {
  const clock = new ManualClock();
  const ledger = new RunLedger();
  const catalog = new MapCatalog("http://server", async (url) => {
    const id = Number(url.split("/").at(-1));
    const map = maps.find((m) => m.id === id)!;
    return { status: 200, json: async () => JSON.parse(JSON.stringify(mapToApiJson(map))) };
  });
  await catalog.load(OPEN_FIELD);
  const transports: ScriptedTransport[] = [];
  const port = new Ao20SessionPort({
    target: TARGET,
    connect: (_target, events, localAddress) => {
      const transport = new ScriptedTransport(events, localAddress);
      transports.push(transport);
      return transport;
    },
    scheduler: clock.timers,
    ledger,
    maps: catalog,
    credentials: (id) => botCredentials(TAG, id),
    expectedMap: OPEN_FIELD,
    ...options,
  });
  const open = (id: number) => {
    const actor: ActorView = { id, name: `bot${id}`, behaviour: "test", state: "Connecting" };
    const record = recorder();
    const session = port.open(actor, record.events) as BotSession;
    return { session, record };
  };
  return { clock, ledger, port, transports, open };
}

function char(charIndex: number, x: number, y: number, isNpc = 0): ServerPacketFields<"CharacterCreate"> {
  return { ...CHARACTER_CREATE_DEFAULTS, charIndex, x, y, isNpc, name: isNpc ? "Lobo" : `P${charIndex}` };
}

/** Connected → account → character → the login burst of the map server, as the server sends it. */
function logIn(transport: ScriptedTransport, charIndex: number, x: number, y: number, others: ServerPacketFields<"CharacterCreate">[] = []): void {
  transport.events.opened();
  transport.push("Connected", {});
  transport.push("AccountCharacterList", { characters: [] });
  transport.push("ChangeMap", { map: OPEN_FIELD, resourceMap: OPEN_FIELD });
  transport.push("AreaChanged", { x, y });
  transport.push("CharacterCreate", char(charIndex, x, y));
  for (const other of others) transport.push("CharacterCreate", other);
  transport.push("UserCharIndexInServer", { charIndex });
  transport.push("Logged", { newUser: false });
}

describe("AO20 session adapter", () => {
  test("logs in like the stock client: CreateAccount, LoginNewChar, then in the world on Logged", async () => {
    const { transports, open, ledger, clock } = await setup();
    const { session, record } = open(0);
    const transport = transports[0]!;
    expect(record.calls).toEqual([]);
    transport.events.opened();
    expect(record.calls).toEqual(["connected"]);
    transport.push("Connected", {});
    const credentials = botCredentials(TAG, 0);
    expect(transport.sent).toEqual([{ id: 304, name: "CreateAccount", fields: { email: credentials.email, password: credentials.password } }]);
    transport.push("AccountCharacterList", { characters: [] });
    expect(transport.sent[1]).toEqual({ id: 74, name: "LoginNewChar", fields: { name: credentials.name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 } } as never);
    clock.advance(120);
    transport.push("ChangeMap", { map: OPEN_FIELD, resourceMap: OPEN_FIELD });
    transport.push("CharacterCreate", char(3, 50, 50));
    transport.push("CharacterCreate", char(4, 51, 50));
    transport.push("CharacterCreate", char(5, 50, 49, 1));
    transport.push("UserCharIndexInServer", { charIndex: 3 });
    expect(record.calls).toEqual(["connected"]);
    transport.push("Logged", { newUser: false });
    expect(record.calls).toEqual(["connected", "authenticated"]);
    expect([session.map, session.charIndex, session.x, session.y]).toEqual([OPEN_FIELD, 3, 50, 50]);
    expect(ledger.logins).toBe(1);
    expect(ledger.wrongMap).toBe(0);
    // East is a player, north an NPC: south and west are left.
    expect(session.legalHeadings(false)).toBe(headingBit(3) | headingBit(4));
    expect(session.view?.playersAround(session.view.position[3]!, 3)).toBe(1);
  });

  test("TS_* counters run from 1 per action; Walk moves the bot at once; an observer's CharacterMove confirms it with its round trip", async () => {
    const { transports, open, ledger, clock } = await setup();
    const a = open(0);
    const observer = open(1);
    logIn(transports[0]!, 3, 50, 50);
    logIn(transports[1]!, 4, 55, 50, [char(3, 50, 50)]);
    // Both bots share the map's pooled view.
    expect(observer.session.view).toBe(a.session.view);
    ledger.startWindow(clock.now());
    clock.advance(1_000);
    const planned = clock.now();
    clock.advance(4);
    expect(a.session.send("Walk", { heading: 3 }, planned)).toBe("sent");
    expect(a.session.send("Talk", { text: "hola" }, planned)).toBe("sent");
    expect(a.session.send("Walk", { heading: 3 }, planned + 300)).toBe("sent");
    expect(transports[0]!.sent.slice(2)).toEqual([
      { id: 78, name: "Walk", fields: { heading: 3, counter: 1 } },
      { id: 75, name: "Talk", fields: { text: "hola", counter: 1 } },
      { id: 78, name: "Walk", fields: { heading: 3, counter: 2 } },
    ]);
    expect([a.session.x, a.session.y]).toEqual([50, 52]);
    expect(ledger.movesOffered).toBe(2);
    expect(ledger.movesObservable).toBe(2);
    clock.advance(6);
    // Observer b sees the first step (and its repeat from a second observer changes nothing).
    transports[1]!.push("CharacterMove", { charIndex: 3, x: 50, y: 51 });
    transports[1]!.push("CharacterMove", { charIndex: 3, x: 50, y: 51 });
    expect(ledger.movesConfirmed).toBe(1);
    expect(ledger.moveRtt.max).toBe(10);
    expect(ledger.characterMoveFrames).toBe(2);
    // The second step brought the mover into some observer's window: that observer gets a
    // CharacterCreate, not a move, and it is the first report of the step.
    clock.advance(290);
    transports[1]!.push("CharacterCreate", char(3, 50, 52));
    expect(ledger.movesConfirmed).toBe(2);
    expect(ledger.moveRtt.max).toBe(10);
    transports[1]!.push("CharacterMove", { charIndex: 3, x: 50, y: 52 });
    expect(ledger.movesConfirmed).toBe(2);
    // Creates after the observer's own AreaChanged are what IT walked up to, not steps of theirs.
    a.session.send("Walk", { heading: 2 }, clock.now());
    transports[1]!.push("AreaChanged", { x: 55, y: 50 });
    transports[1]!.push("CharacterCreate", char(3, 51, 52));
    expect(ledger.movesConfirmed).toBe(2);
    transports[1]!.push("CharacterMove", { charIndex: 3, x: 51, y: 52 });
    expect(ledger.movesConfirmed).toBe(2);
    // The speaker hears itself: chat round trip from the planned time.
    transports[0]!.push("ChatOverHead", { text: "hola", charIndex: 3, color: 0, isSpell: false, x: 50, y: 52, minDisplayMs: 0, maxDisplayMs: 0 });
    expect(ledger.chatsConfirmed).toBe(1);
    expect(ledger.chatRtt.max).toBe(300);
    expect(a.session.send("Frobnicate", {}, planned)).toBe("rejected");
    // Not a heading: sent as asked (a load test may probe the server), the bot stays put.
    expect(a.session.send("Walk", { heading: 9 }, planned)).toBe("sent");
    expect([a.session.x, a.session.y]).toEqual([51, 52]);
    expect(a.session.send("Walk", { heading: 300 }, planned)).toBe("rejected");
    expect(transports[0]!.sent.at(-1)).toEqual({ id: 78, name: "Walk", fields: { heading: 9, counter: 4 } });
  });

  test("what a fighter reads: NPCs in its window, its HP, its deaths (HP 0 or a ghost's body) and coming back", async () => {
    const { transports, open, port } = await setup();
    const { session } = open(0);
    expect([session.nearestNpc(), session.position, session.dead]).toEqual([0, 0, false]);
    logIn(transports[0]!, 3, 50, 50, [char(9, 50, 53, 1), char(10, 80, 80, 1), char(4, 51, 50)]);
    const transport = transports[0]!;
    expect(port.combatView(0)).toBe(session);
    expect(port.combatView(1)).toBeUndefined();
    // The NPC at (80, 80) is known to the map's view but outside this bot's window.
    expect([session.nearestNpc(), session.nearestNpc(new Set([9]))]).toEqual([9, 0]);
    expect([session.isNpc(9), session.isNpc(10), session.isNpc(4), session.isNpc(3)]).toEqual([true, true, false, false]);
    expect([session.positionOf(9), session.position]).toEqual([posKey(50, 53), posKey(50, 50)]);
    expect([session.hp, session.dead, session.deaths]).toEqual([Number.NaN, false, 0]);
    const stats = { maxHp: 30, minHp: 30, shield: 0, maxMana: 0, minMana: 0, maxSta: 60, minSta: 60, gold: 0, goldPerLevelWallet: 0, level: 1, expToNextLevel: 300, exp: 0, class: 3 };
    transport.push("UpdateUserStats", stats);
    expect([session.hp, session.maxHp]).toEqual([30, 30]);
    transport.push("UpdateHP", { minHp: 12, shield: 0 });
    expect([session.hp, session.dead]).toEqual([12, false]);
    // Dying: HP 0, then the ghost's body on our own char. One death.
    transport.push("UpdateHP", { minHp: 0, shield: 0 });
    const change = { charIndex: 3, flags: 0, body: GHOST_BODY, head: 0, heading: 3, weapon: 0, shield: 0, helmet: 0, cart: 0, backpack: 0, fx: 0, fxLoops: 0 };
    transport.push("CharacterChange", change);
    expect([session.dead, session.deaths]).toEqual([true, 1]);
    // Resurrected: full HP, but a ghost until the body comes back.
    transport.push("UpdateUserStats", stats);
    expect(session.dead).toBe(true);
    transport.push("CharacterChange", { ...change, body: 21, head: 1 });
    expect([session.dead, session.deaths]).toEqual([false, 1]);
    // Someone else's ghost is not ours; ours re-created as a ghost (and back) is.
    transport.push("CharacterChange", { ...change, charIndex: 4 });
    expect(session.dead).toBe(false);
    transport.push("CharacterCreate", { ...char(3, 50, 50), body: GHOST_BODY });
    expect([session.dead, session.deaths]).toEqual([true, 2]);
    transport.push("CharacterCreate", { ...char(3, 50, 50), body: 21 });
    expect([session.dead, session.deaths]).toEqual([false, 2]);
    // The NPC dies: gone from every bot's view of the map.
    transport.push("CharacterRemove", { charIndex: 9, fadeOut: true, wasWarp: false });
    expect([session.nearestNpc(), session.isNpc(9), session.positionOf(9)]).toEqual([0, false, 0]);
  });

  test("what a caster reads: the book and stats of the login burst (before Logged), mana, free skill points, its own meditation; the class it asks for", async () => {
    const { transports, open, port } = await setup({
      characterFor: (actor) => ({ race: 1, gender: 1, class: actor.id === 0 ? 1 : 3, head: 1, homeCity: 1 }),
    });
    const { session, record } = open(0);
    const transport = transports[0]!;
    expect([session.mana, session.maxMana, session.meditating, session.freeSkillPoints, session.spellInSlot(1)]).toEqual([Number.NaN, Number.NaN, false, 0, 0]);
    transport.events.opened();
    transport.push("Connected", {});
    transport.push("AccountCharacterList", { characters: [] });
    // A mage, by the actor.
    expect(transport.sent[1]).toMatchObject({ name: "LoginNewChar", fields: { class: 1 } });
    // The login burst as the map server sends it: the book, then the map; stats and skill points after the area.
    const slot = (n: number, spellId: number) => transport.push("ChangeSpellSlot", { slot: n, spellId, spellIdOrEmpty: spellId > 0 ? spellId : -1, bindable: false });
    slot(1, 1);
    slot(2, 11);
    slot(3, 12);
    slot(4, 0);
    slot(41, 99);
    transport.push("ChangeMap", { map: OPEN_FIELD, resourceMap: OPEN_FIELD });
    transport.push("CharacterCreate", char(3, 50, 50));
    transport.push("UserCharIndexInServer", { charIndex: 3 });
    transport.push("UpdateUserStats", { maxHp: 20, minHp: 20, shield: 0, maxMana: 158, minMana: 158, maxSta: 60, minSta: 60, gold: 0, goldPerLevelWallet: 0, level: 1, expToNextLevel: 300, exp: 0, class: 1 });
    transport.push("LevelUp", { freeSkillPoints: 10 });
    expect(record.calls).toEqual(["connected"]);
    transport.push("Logged", { newUser: false });
    expect(port.spellView(0)).toBe(session);
    expect([1, 2, 3, 4, 0, 41].map((n) => session.spellInSlot(n))).toEqual([1, 11, 12, 0, 0, 0]);
    expect(session.bookVersion).toBe(4);
    expect([session.mana, session.maxMana, session.hp, session.maxHp, session.freeSkillPoints]).toEqual([158, 158, 20, 20, 10]);
    transport.push("UpdateMana", { minMana: 148 });
    expect(session.mana).toBe(148);
    // Someone else meditating is not us; ours on, then off (full mana or a blow).
    transport.push("MeditateToggle", { charIndex: 4, fx: 4, x: 51, y: 50 });
    expect(session.meditating).toBe(false);
    transport.push("MeditateToggle", { charIndex: 3, fx: 4, x: 50, y: 50 });
    expect(session.meditating).toBe(true);
    transport.push("MeditateToggle", { charIndex: 3, fx: 0, x: 50, y: 50 });
    expect(session.meditating).toBe(false);
    // A map change ends a meditation without a word.
    transport.push("MeditateToggle", { charIndex: 3, fx: 4, x: 50, y: 50 });
    transport.push("ChangeMap", { map: OPEN_FIELD, resourceMap: OPEN_FIELD });
    expect(session.meditating).toBe(false);
    // The others keep the default character.
    const other = open(1);
    transports[1]!.events.opened();
    transports[1]!.push("Connected", {});
    transports[1]!.push("AccountCharacterList", { characters: [] });
    expect(transports[1]!.sent[1]).toMatchObject({ name: "LoginNewChar", fields: { class: 3 } });
    expect(other.session.spellInSlot(1)).toBe(0);
  });

  test("a refused step comes back as PosUpdate: counted with its round trip, the position corrected", async () => {
    const { transports, open, ledger, clock } = await setup();
    const a = open(0);
    logIn(transports[0]!, 3, 50, 50);
    ledger.startWindow(clock.now());
    const planned = clock.now();
    a.session.send("Walk", { heading: 2 }, planned);
    a.session.send("Walk", { heading: 2 }, planned + 250);
    expect([a.session.x, a.session.y]).toEqual([52, 50]);
    clock.advance(30);
    // The server refused the first step: the second was taken from (50, 50).
    transports[0]!.push("PosUpdate", { x: 50, y: 50 });
    expect(ledger.movesRefused).toBe(1);
    expect(ledger.refusedRtt.max).toBe(30);
    expect([a.session.x, a.session.y]).toEqual([51, 50]);
  });

  test("ChangeMap moves the bot to the new map's view and leaves the old one; walking waits for the new map", async () => {
    const { transports, open, port } = await setup();
    const a = open(0);
    logIn(transports[0]!, 3, 50, 50);
    const oldView = a.session.view!;
    expect(oldView.position[3]).not.toBe(0);
    transports[0]!.push("ChangeMap", { map: DEFAULT_WORLD_MAP_IDS.town, resourceMap: DEFAULT_WORLD_MAP_IDS.town });
    expect(oldView.position[3]).toBe(0);
    expect(oldView.movers.size).toBe(0);
    expect(a.session.view).toBe(port.views.of(DEFAULT_WORLD_MAP_IDS.town));
    expect(a.session.legalHeadings(true)).toBe(0);
    transports[0]!.push("CharacterCreate", char(9, 40, 40));
    transports[0]!.push("UserCharIndexInServer", { charIndex: 9 });
    expect([a.session.charIndex, a.session.x, a.session.y]).toEqual([9, 40, 40]);
    expect(port.ledger.transfers).toBe(1);
  });

  test("a bot that lands on another map is counted; a reused account's own character is picked", async () => {
    const { transports, open, ledger } = await setup({ login: "reuse" });
    open(0);
    const transport = transports[0]!;
    transport.events.opened();
    transport.push("Connected", {});
    expect(transport.names()).toEqual(["LoginAccount"]);
    const mine = { id: 77, name: botCredentials(TAG, 0).name, body: 1, head: 1, class: 3, map: 1, x: 50, y: 50, level: 1, status: 1, helmet: 0, shield: 0, weapon: 0, backpack: 0 };
    transport.push("AccountCharacterList", { characters: [{ ...mine, id: 76, name: "Otro" }, mine] });
    expect(transport.sent[1]).toEqual({ id: 73, name: "LoginExistingChar", fields: { charId: 77, name: mine.name } } as never);
    transport.push("ChangeMap", { map: 1, resourceMap: 1 });
    transport.push("Logged", { newUser: false });
    expect(ledger.wrongMap).toBe(1);
  });

  test("reuse: an account the server does not know is created over a second connection, its character too", async () => {
    const { transports, open, ledger } = await setup({ login: "reuse" });
    const { record, session } = open(0);
    const first = transports[0]!;
    first.events.opened();
    first.push("Connected", {});
    expect(first.names()).toEqual(["LoginAccount"]);
    first.push("ErrorMsg", { message: "Usuario o contraseña incorrectos." });
    // The bot hung up and dialled again; the runtime heard one connect and no failure.
    expect([first.closed, transports.length, record.calls]).toEqual([true, 2, ["connected"]]);
    const second = transports[1]!;
    second.events.opened();
    second.push("Connected", {});
    expect(second.names()).toEqual(["CreateAccount"]);
    second.push("AccountCharacterList", { characters: [] });
    expect(second.names()).toEqual(["CreateAccount", "LoginNewChar"]);
    second.push("ChangeMap", { map: OPEN_FIELD, resourceMap: OPEN_FIELD });
    second.push("Logged", { newUser: true });
    expect(record.calls).toEqual(["connected", "authenticated"]);
    expect([ledger.logins, session.failure]).toEqual([1, undefined]);

    // Refused again on the second try: that is the failure, with the server's words.
    const other = open(1);
    transports[2]!.events.opened();
    transports[2]!.push("Connected", {});
    transports[2]!.push("ErrorMsg", { message: "Usuario o contraseña incorrectos." });
    transports[3]!.events.opened();
    transports[3]!.push("Connected", {});
    transports[3]!.push("ErrorMsg", { message: "Ya existe una cuenta con ese email." });
    expect(other.record.calls).toEqual(["connected", "failed server error: Ya existe una cuenta con ese email."]);
    expect(other.session.failure).toEqual({ kind: "server_text", stage: "account", text: "Ya existe una cuenta con ese email." });
  });

  test("source addresses go round-robin by actor id; none without them", async () => {
    const spread = await setup({ sourceAddresses: ["127.0.0.2", "127.0.0.3", "127.0.0.4"] });
    for (let id = 0; id < 7; id++) spread.open(id);
    expect(spread.transports.map((transport) => transport.localAddress)).toEqual(["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.2"]);
    const plain = await setup();
    plain.open(0);
    expect(plain.transports[0]!.localAddress).toBeUndefined();
  });

  test("failures carry the reason: server error, message box, an unasked close, a login that takes too long", async () => {
    const { transports, open, clock } = await setup({ loginTimeoutMs: 5_000 });
    const refused = open(0);
    transports[0]!.events.opened();
    transports[0]!.push("ErrorMsg", { message: "Ya existe una cuenta con ese email." });
    expect(refused.record.calls).toEqual(["connected", "failed server error: Ya existe una cuenta con ese email."]);
    expect(transports[0]!.closed).toBe(true);

    const boxed = open(1);
    transports[1]!.events.opened();
    transports[1]!.push("ShowMessageBox", { messageId: 1769, extra: "" });
    expect(boxed.record.calls.at(-1)).toBe("failed server message box 1769");

    const dropped = open(2);
    logIn(transports[2]!, 3, 50, 50);
    transports[2]!.events.closed("closed by the server", false);
    expect(dropped.record.calls.at(-1)).toBe("failed closed by the server (while in the world)");

    const slow = open(3);
    transports[3]!.events.opened();
    clock.advance(5_010);
    expect(slow.record.calls.at(-1)).toBe("failed login timed out after 5000 ms (at hello)");
    expect(transports[3]!.closed).toBe(true);

    const never = open(4);
    transports[4]!.events.closed("connect failed: ECONNREFUSED", true, "ECONNREFUSED");
    expect(never.record.calls).toEqual(["failed connect failed: ECONNREFUSED"]);

    // A reset before the server's greeting: what a refusal without a reason looks like.
    const reset = open(5);
    transports[5]!.events.opened();
    transports[5]!.events.closed("socket error: ECONNRESET: connection reset by peer, read", false, "ECONNRESET");
    expect(reset.record.calls.at(-1)).toBe("failed socket error: ECONNRESET: connection reset by peer, read (while logging in: hello)");

    // Each failure is kept as a value for the report.
    expect([refused, boxed, dropped, slow, never, reset].map(({ session }) => session.failure)).toEqual([
      { kind: "server_text", stage: "hello", text: "Ya existe una cuenta con ese email." },
      { kind: "message_box", stage: "hello", messageId: 1769, extra: "" },
      { kind: "closed", stage: "world", text: "closed by the server" },
      { kind: "timeout", stage: "hello", limitMs: 5_000 },
      { kind: "connect_failed", code: "ECONNREFUSED", text: "connect failed: ECONNREFUSED" },
      { kind: "socket_error", stage: "hello", code: "ECONNRESET", text: "socket error: ECONNRESET: connection reset by peer, read" },
    ]);
  });

  test("an asked close reports closed, never failed; logins wait for a free slot in arrival order", async () => {
    const { transports, open } = await setup({ maxLoginsInFlight: 1 });
    const first = open(0);
    const second = open(1);
    const third = open(2);
    expect(transports).toHaveLength(1);
    third.session.close("run over");
    expect(third.record.calls).toEqual(["closed run over"]);
    logIn(transports[0]!, 3, 50, 50);
    expect(transports).toHaveLength(2);
    first.session.close("run over");
    expect(first.record.calls.at(-1)).toBe("closed run over");
    expect(first.session.send("Walk", { heading: 1 }, 0)).toBe("closed");
    transports[1]!.events.opened();
    expect(second.record.calls).toEqual(["connected"]);
    expect(transports).toHaveLength(2);
  });
});
