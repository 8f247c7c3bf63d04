/**
 * The session end to end without a browser: real server packets (encoded by the protocol
 * library) in, decoded client packets out, on the real default-world town grid.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { checkStep, Heading } from "../game/movement/index.ts";
import { renderPosition } from "./animation.ts";
import { charFields, defaultGrid, loggedInSession, OWN_CHAR, RecordingTransport, serverBody, START } from "./client-fixtures.test-support.ts";
import { CHAT_COMMANDS } from "./chat-input.ts";
import { ClientSession } from "./client-session.ts";
import { EXIT_WAIT_MS } from "./constants.ts";
import { ownChar } from "./game-state.ts";
import { CHAT_TEXT } from "./ui-text.ts";

const WALK_MS = 200;

describe("login", () => {
  test("account and character steps send the PYMMO=0 packets", () => {
    const transport = new RecordingTransport();
    const session = new ClientSession({ transport });
    const signals = session.receive(serverBody("Connected", {}), 0);
    expect(signals).toEqual([{ type: "connected" }]);
    session.loginAccount("a@b.c", "pw");
    session.receive(
      serverBody("AccountCharacterList", {
        characters: [{ id: 42, name: "Ana", body: 1, head: 3, class: 1, map: 1, x: 50, y: 50, level: 3, status: 1, helmet: 2, shield: 2, weapon: 2, backpack: 0 }],
      }),
      0,
    );
    expect(session.state.phase).toBe("account");
    expect(session.state.accountCharacters.map((c) => [c.id, c.name, c.level])).toEqual([[42, "Ana", 3]]);
    session.playCharacter(42, "Ana");
    session.createCharacter({ name: "Bruno", race: 2, gender: 1, classId: 3, head: 101, homeCity: 1 });
    expect(transport.take()).toEqual([
      { id: 305, name: "LoginAccount", fields: { email: "a@b.c", password: "pw" } },
      { id: 73, name: "LoginExistingChar", fields: { charId: 42, name: "Ana" } },
      { id: 74, name: "LoginNewChar", fields: { name: "Bruno", race: 2, gender: 1, class: 3, head: 101, homeCity: 1 } },
    ]);
  });

  test("the login burst fills the state", () => {
    const { session } = loggedInSession(0, WALK_MS);
    const state = session.state;
    expect(state.phase).toBe("in_world");
    expect(state.mapId).toBe(DEFAULT_WORLD_MAP_IDS.town);
    expect(state.walkIntervalMs).toBe(WALK_MS);
    expect(ownChar(state)).toMatchObject({ charIndex: OWN_CHAR, name: "Tester", ...START });
    expect(state.stats).toMatchObject({ hp: 25, maxHp: 30, stamina: 40, maxStamina: 60, gold: 100, level: 1, exp: 12, expToNextLevel: 300 });
    expect(state.inventory[0]).toEqual({ slot: 1, objIndex: 8, amount: 1, equipped: true, canUse: 1, salePrice: 0 });
    expect(state.console.map((line) => line.text)).toContain("Bienvenido.");
  });

  test("refusals become readable text", () => {
    const session = new ClientSession({ transport: new RecordingTransport() });
    expect(session.receive(serverBody("ShowMessageBox", { messageId: 1769, extra: "" }), 0)).toEqual([
      { type: "message-box", messageId: 1769, text: "Ya existe un personaje con ese nombre. Elegí otro." },
    ]);
    expect(session.receive(serverBody("ShowMessageBox", { messageId: 1768, extra: "" }), 0)[0]).toMatchObject({ text: expect.stringContaining("no es válido") });
    expect(session.receive(serverBody("ShowMessageBox", { messageId: 1773, extra: "" }), 0)[0]).toMatchObject({ text: expect.stringContaining("No se pudo cargar") });
    expect(session.receive(serverBody("ErrorMsg", { message: "Usuario o contraseña incorrectos." }), 0)).toEqual([
      { type: "error-message", text: "Usuario o contraseña incorrectos." },
    ]);
  });
});

describe("NPC shops", () => {
  test("a shop the server opens stays open (no CommerceEnd sent) and the player is told how to close it", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    const signals = session.receive(serverBody("CommerceInit", { npcName: "Ansel el Mercader" }), 0);
    expect(signals).toEqual([{ type: "shop-opened", npcName: "Ansel el Mercader" }]);
    expect(transport.take()).toEqual([]);
    expect(session.state.shop.open).toBe(true);
    expect(session.state.console.at(-1)?.text).toStartWith("Comerciando con Ansel el Mercader");
  });
});

describe("player trade", () => {
  test("a trade the server opens stays open (no UserCommerceEnd sent) and the player is told how it works", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    expect(session.receive(serverBody("UserCommerceInit", {}), 0)).toEqual([{ type: "trade-opened" }]);
    expect(transport.take()).toEqual([]);
    expect(session.state.trade.open).toBe(true);
    expect(session.state.console.at(-1)?.text).toStartWith("Comerciando con otro jugador");
  });
});

describe("bank vault", () => {
  test("a vault the server opens stays open (no BankEnd sent) and the player is told how to close it", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    expect(session.receive(serverBody("BankInit", {}), 0)).toEqual([{ type: "bank-opened" }]);
    expect(transport.take()).toEqual([]);
    expect(session.state.bank.open).toBe(true);
    expect(session.state.console.at(-1)?.text).toStartWith("Bóveda abierta");
  });
});

describe("walking", () => {
  test("steps at the walk interval with increasing counters and slides between tiles", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.tick(1_000, Heading.East);
    session.tick(1_000 + WALK_MS / 2, Heading.East);
    const me = ownChar(session.state)!;
    expect(me.x).toBe(START.x + 1);
    expect(renderPosition(me, 1_000 + WALK_MS / 2).x).toBeCloseTo(START.x + 0.5, 5);
    session.tick(1_000 + WALK_MS, Heading.East);
    expect(transport.take()).toEqual([
      { id: 78, name: "Walk", fields: { heading: Heading.East, counter: 1 } },
      { id: 78, name: "Walk", fields: { heading: Heading.East, counter: 2 } },
    ]);
    expect(me.x).toBe(START.x + 2);
    expect(me.heading).toBe(Heading.East);
  });

  test("no step before Logged and none without a map", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.receive(serverBody("ChangeMap", { map: 2, resourceMap: 2 }), 0);
    session.tick(1_000, Heading.East);
    expect(transport.take()).toEqual([]);
    expect(session.missingMapId).toBe(2);
  });

  test("a PosUpdate refusing the first of two steps leaves the player where the server says", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.tick(1_000, Heading.East);
    session.tick(1_000 + WALK_MS, Heading.South);
    // The server refused the east step (someone stood there) and applied the south one.
    session.receive(serverBody("PosUpdate", START), 1_000 + WALK_MS + 30);
    expect(ownChar(session.state)).toMatchObject({ x: START.x, y: START.y + 1 });
    expect(session.lastCorrection).toMatchObject({ kind: "replayed", dropped: 1 });
    expect(transport.take().map((p) => p.name)).toEqual(["Walk", "Walk"]);
  });

  test("an unexplained PosUpdate snaps, and the client asks for its position once idle", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.tick(1_000, Heading.East);
    session.receive(serverBody("PosUpdate", { x: 60, y: 60 }), 1_050);
    expect(ownChar(session.state)).toMatchObject({ x: 60, y: 60 });
    transport.take();
    session.tick(1_100, 0);
    expect(transport.take()).toEqual([]);
    session.tick(2_000, 0);
    expect(transport.take()).toEqual([{ id: 79, name: "RequestPositionUpdate", fields: {} }]);
  });

  test("against a wall the player turns (ChangeHeading) instead of walking", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    // Next to the plaza fountain: (49..51, 49..51) is walled water in the default town.
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OWN_CHAR, x: 48, y: 50, heading: Heading.South, name: "Tester" })), 500);
    expect(checkStep(session.map!, 48, 50, Heading.East)).not.toBe("ok");
    session.tick(1_000, Heading.East);
    session.tick(1_000 + WALK_MS, Heading.East);
    expect(transport.take()).toEqual([{ id: 6, name: "ChangeHeading", fields: { heading: Heading.East, counter: 1 } }]);
    expect(ownChar(session.state)).toMatchObject({ x: 48, y: 50, heading: Heading.East });
  });

  test("another char on the next tile blocks the prediction", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 9, x: START.x + 1, y: START.y, name: "Wall" })), 0);
    session.tick(1_000, Heading.East);
    expect(transport.take().map((p) => p.name)).toEqual(["ChangeHeading"]);
  });

  test("after stepping on an exit no more steps are sent until the map changes", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    const exit = [...session.map!.exits.values()][0]!;
    // Stand next to the exit, on its west side when that tile is open, else on its east.
    const fromWest = checkStep(session.map!, exit.x - 1, exit.y, Heading.East) === "ok";
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OWN_CHAR, x: fromWest ? exit.x - 1 : exit.x + 1, y: exit.y, name: "Tester" })), 0);
    session.tick(1_000, fromWest ? Heading.East : Heading.West);
    expect(session.waitingForExit).toBe(true);
    session.tick(1_000 + WALK_MS, Heading.North);
    expect(transport.take().map((p) => p.name)).toEqual(["Walk"]);
    // The server moves us: ChangeMap, area, own create, UserCharIndexInServer.
    session.receive(serverBody("ChangeMap", { map: exit.destMap, resourceMap: exit.destMap }), 1_100);
    expect(session.waitingForExit).toBe(false);
    expect(session.state.chars.size).toBe(0);
    session.setMap(defaultGrid(exit.destMap));
    session.receive(serverBody("AreaChanged", { x: exit.destX, y: exit.destY }), 1_100);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 3, x: exit.destX, y: exit.destY, name: "Tester" })), 1_100);
    session.receive(serverBody("UserCharIndexInServer", { charIndex: 3 }), 1_100);
    expect(ownChar(session.state)).toMatchObject({ charIndex: 3, x: exit.destX, y: exit.destY });
  });

  test("an exit that goes nowhere releases walking after a while", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    const exit = [...session.map!.exits.values()][0]!;
    const fromWest = checkStep(session.map!, exit.x - 1, exit.y, Heading.East) === "ok";
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OWN_CHAR, x: fromWest ? exit.x - 1 : exit.x + 1, y: exit.y, name: "Tester" })), 0);
    session.tick(1_000, fromWest ? Heading.East : Heading.West);
    transport.take();
    session.tick(1_000 + EXIT_WAIT_MS + 1, 0);
    expect(transport.take()).toEqual([{ id: 79, name: "RequestPositionUpdate", fields: {} }]);
    expect(session.waitingForExit).toBe(false);
  });

  test("Logged resets the sequence counters, like the server does", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.tick(1_000, Heading.South);
    session.talk("hola");
    session.receive(serverBody("Logged", { newUser: false }), 1_100);
    session.tick(2_000, Heading.South);
    session.talk("otra vez");
    expect(transport.take().map((p) => [p.name, (p.fields as { counter?: number }).counter])).toEqual([
      ["Walk", 1],
      ["Talk", 1],
      ["Walk", 1],
      ["Talk", 1],
    ]);
  });
});

describe("the chat line", () => {
  test("prefixes become Talk, Yell, Whisper and GlobalMessage packets", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.chat("hola", 0);
    session.chat("-¡auxilio!", 0);
    session.chat("\\Ana nos vemos en la plaza", 0);
    session.chat(";hola ~mundo", 0);
    session.chat("y otra vez", 0);
    expect(transport.take()).toEqual([
      { id: 75, name: "Talk", fields: { text: "hola", counter: 1 } },
      { id: 76, name: "Yell", fields: { text: "¡auxilio!" } },
      { id: 77, name: "Whisper", fields: { targetName: "Ana", text: "nos vemos en la plaza" } },
      { id: 207, name: "GlobalMessage", fields: { text: "hola mundo" } },
      { id: 75, name: "Talk", fields: { text: "y otra vez", counter: 2 } },
    ]);
  });

  test("commands send their packets, with arguments", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    for (const line of ["/ONLINE", "/motd", "/UpTime", "/meditar", "/DESC soy un mago", "/depositar 50", "/participar"]) session.chat(line, 0);
    expect(transport.take()).toEqual([
      { id: 38, name: "Online", fields: {} },
      { id: 57, name: "RequestMOTD", fields: {} },
      { id: 58, name: "UpTime", fields: {} },
      { id: 48, name: "Meditate", fields: {} },
      { id: 64, name: "ChangeDescription", fields: { description: "soy un mago" } },
      { id: 71, name: "BankDepositGold", fields: { amount: 50 } },
      { id: 185, name: "Participar", fields: { roomId: -1, password: "" } },
    ]);
  });

  test("every command of the table leaves as exactly its packet", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    const samples = ["", "hola", "Ana", "100", "ADD Ana", "Ana@spam", "Ana@5", "Ana@spam@5", "Ana@2@texto", "Ana 1 50 50", "1 50 50", "SEGURO 1", "10.0.0.7", "DROPITEMS 1"];
    for (const spec of CHAT_COMMANDS.filter((c) => c.packet !== "Quit")) {
      for (const name of spec.names) {
        // A command's bare form (`/CC`, `/TRIGGER` with nothing after) sends another packet: skipped.
        const sent = samples
          .map((args) => (session.chat(`/${name} ${args}`, 0).kind === "command" ? transport.take() : []))
          .find((packets) => packets.length > 0 && packets[0]!.name !== spec.bare?.packet);
        expect({ name, sent: sent?.map((p) => p.name) }).toEqual({ name, sent: [spec.packet] });
      }
    }
  });

  test("GuildMessage carries its own counter, reset by Logged", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.chat("/cmsg uno", 0);
    session.chat("hola", 0);
    session.chat("/CMSG dos", 0);
    session.receive(serverBody("Logged", { newUser: false }), 100);
    session.chat("/cmsg tres", 200);
    expect(transport.take().map((p) => [p.name, (p.fields as { counter?: number }).counter])).toEqual([
      ["GuildMessage", 1],
      ["Talk", 1],
      ["GuildMessage", 2],
      ["GuildMessage", 1],
    ]);
  });

  test("/SALIR logs out like the button: Quit, and the countdown state follows", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.chat("/salir", 500);
    expect(transport.take()).toEqual([{ id: 39, name: "Quit", fields: {} }]);
    expect(session.quitRequested).toBe(true);
  });

  test("unknown commands and usage hints are console lines; nothing is sent", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    const before = session.state.console.length;
    expect(session.chat("/foo bar", 1_000)).toEqual({ kind: "local", message: CHAT_TEXT.unknownCommand });
    session.chat("\\Ana", 1_001);
    session.chat("/depositar mucho", 1_002);
    session.chat("/", 1_003);
    session.chat("   ", 1_004);
    session.chat("-", 1_005);
    expect(transport.take()).toEqual([]);
    expect(session.state.console.slice(before).map((line) => [line.text, line.tone, line.atMs])).toEqual([
      [CHAT_TEXT.unknownCommand, "info", 1_000],
      [CHAT_TEXT.whisperUsage, "info", 1_001],
      [CHAT_TEXT.usage("DEPOSITAR", CHAT_TEXT.args.amount), "info", 1_002],
      [CHAT_TEXT.unknownCommand, "info", 1_003],
    ]);
  });

  test("outside the world the chat line does nothing", () => {
    const transport = new RecordingTransport();
    const session = new ClientSession({ transport });
    expect(session.chat("/online", 0)).toEqual({ kind: "nothing" });
    expect(session.chat("/foo", 0)).toEqual({ kind: "nothing" });
    expect(transport.take()).toEqual([]);
    expect(session.state.console).toEqual([]);
  });
});

describe("others, chat and logout", () => {
  test("other chars walk with animation and vanish when they leave the area window", () => {
    const { session } = loggedInSession(0, WALK_MS);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 9, x: 40, y: 46, name: "Lobo Ceniciento", isNpc: 1, npcNumber: 4, head: 0 })), 0);
    session.receive(serverBody("CharacterMove", { charIndex: 9, x: 41, y: 46 }), 1_000);
    const wolf = session.state.chars.get(9)!;
    expect(wolf.heading).toBe(Heading.East);
    expect(renderPosition(wolf, 1_000 + WALK_MS / 2).x).toBeCloseTo(40.5, 5);
    // The window around (46, 46) is blocks 2..4 of 12 tiles: x 24..59; x = 23 is outside.
    session.receive(serverBody("CharacterMove", { charIndex: 9, x: 24, y: 46 }), 1_500);
    expect(session.state.chars.has(9)).toBe(true);
    session.receive(serverBody("CharacterMove", { charIndex: 9, x: 23, y: 46 }), 1_700);
    expect(session.state.chars.has(9)).toBe(false);
  });

  test("AreaChanged forgets chars and objects outside the new window", () => {
    const { session } = loggedInSession(0, WALK_MS);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 9, x: 37, y: 46 })), 0);
    session.receive(serverBody("ObjectCreate", { x: 37, y: 47, objIndex: 6, amount: 3, elementalTags: 0 }), 0);
    session.receive(serverBody("ObjectCreate", { x: 60, y: 47, objIndex: 7, amount: 1, elementalTags: 0 }), 0);
    // Player walked east into block x = 5 (60..71): the window becomes 48..83.
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OWN_CHAR, x: 59, y: 46, name: "Tester" })), 0);
    session.receive(serverBody("AreaChanged", { x: 60, y: 46 }), 0);
    expect(session.state.chars.has(9)).toBe(false);
    expect([...session.state.objects.values()].map((o) => o.objIndex)).toEqual([7]);
  });

  test("ChatOverHead shows a bubble and a console line with the speaker's name", () => {
    const { session } = loggedInSession(0, WALK_MS);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 9, x: 47, y: 46, name: "Ana" })), 0);
    const signals = session.receive(
      serverBody("ChatOverHead", { text: "hola Tester", charIndex: 9, color: 0xffffff, isSpell: false, x: 47, y: 46, minDisplayMs: 0, maxDisplayMs: 0 }),
      100,
    );
    expect(signals).toEqual([{ type: "chat", charIndex: 9, name: "Ana", text: "hola Tester" }]);
    expect(session.state.bubbles.get(9)?.text).toBe("hola Tester");
    expect(session.state.console.at(-1)).toMatchObject({ text: "Ana: hola Tester", tone: "chat" });
  });

  test("talking sends Talk with its own counter; blank lines are not sent", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    expect(session.talk("   ")).toBe(false);
    expect(session.talk("  buen día  ")).toBe(true);
    expect(transport.take()).toEqual([{ id: 75, name: "Talk", fields: { text: "buen día", counter: 1 } }]);
  });

  test("Quit shows the countdown, a step cancels it, Disconnect ends the session", () => {
    const { session, transport } = loggedInSession(0, WALK_MS);
    session.quit(0);
    expect(transport.take()).toEqual([{ id: 39, name: "Quit", fields: {} }]);
    session.receive(serverBody("ConsoleMsg", { text: "Cerrando en 10 segundos...", fontIndex: 3 }), 10);
    expect(session.state.quitSecondsLeft).toBe(10);
    session.receive(serverBody("ConsoleMsg", { text: "Cerrando en 9 segundos...", fontIndex: 3 }), 1_010);
    expect(session.state.quitSecondsLeft).toBe(9);
    session.receive(serverBody("ConsoleMsg", { text: "Saliste del juego cancelado: te moviste.", fontIndex: 2 }), 1_500);
    expect(session.state.quitSecondsLeft).toBeNull();
    session.receive(serverBody("Disconnect", { fullLogout: false }), 2_000);
    expect(session.disconnectedByServer).toBe(true);
  });

  test("stat packets update the bars", () => {
    const { session } = loggedInSession(0, WALK_MS);
    session.receive(serverBody("UpdateHP", { minHp: 5, shield: 0 }), 0);
    session.receive(serverBody("UpdateGold", { gold: 7, goldPerLevelWallet: 0 }), 0);
    session.receive(serverBody("UpdateExp", { exp: 99 }), 0);
    session.receive(serverBody("UpdateHungerAndThirst", { maxWater: 100, water: 40, maxFood: 100, food: 60 }), 0);
    expect(session.state.stats).toMatchObject({ hp: 5, gold: 7, exp: 99, water: 40, food: 60, maxFood: 100 });
  });

  test("any bytes from the server are survived: bad packets are counted, never thrown", () => {
    const { session } = loggedInSession(0, WALK_MS);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (bytes) => {
        session.receive(bytes, 0);
      }),
      { numRuns: 2_000 },
    );
    // Random bytes can also be a real packet (a Disconnect, say) that ends the session, so the
    // bad-packet count is checked on a session nothing else has happened to.
    const fresh = loggedInSession(0, WALK_MS).session;
    const before = fresh.state.badPackets;
    fresh.receive(Uint8Array.of(0xff, 0x7f), 0);
    expect(fresh.state.badPackets).toBe(before + 1);
    expect(fresh.state.phase).toBe("in_world");
  });
});
