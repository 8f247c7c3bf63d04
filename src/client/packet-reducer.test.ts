/**
 * The reducer on its own, packet by packet (decoded from real encoded bodies), for the cases the
 * session tests do not reach.
 */
import { describe, expect, test } from "bun:test";
import { decodeServerPacket, STOCK_INTERVALS_MS } from "../protocol/index.ts";
import { charFields, serverBody } from "./client-fixtures.test-support.ts";
import { MAX_WALK_INTERVAL_MS, MIN_WALK_INTERVAL_MS } from "./constants.ts";
import { createGameState, type GameState } from "./game-state.ts";
import { reduceServerPacket } from "./packet-reducer.ts";

function apply(state: GameState, body: Uint8Array, nowMs = 0) {
  const decoded = decodeServerPacket(body);
  if (!decoded.ok) throw decoded.error;
  return reduceServerPacket(state, decoded.packet, nowMs);
}

describe("reduceServerPacket", () => {
  test("CharacterChange updates looks and heading; unknown chars are ignored", () => {
    const state = createGameState();
    apply(state, serverBody("CharacterCreate", charFields({ charIndex: 4, x: 10, y: 10, heading: 3 })));
    const change = { charIndex: 4, flags: 0, body: 21, head: 5, heading: 1, weapon: 8, shield: 10, helmet: 11, cart: 2, backpack: 0, fx: 0, fxLoops: 0 };
    expect(apply(state, serverBody("CharacterChange", change))).toEqual([]);
    expect(state.chars.get(4)).toMatchObject({ body: 21, head: 5, heading: 1, weapon: 8, shield: 10, helmet: 11 });
    apply(state, serverBody("CharacterChange", { ...change, charIndex: 99 }));
    expect(state.chars.size).toBe(1);
  });

  test("a heading outside 1..4 keeps the old one", () => {
    const state = createGameState();
    apply(state, serverBody("CharacterCreate", charFields({ charIndex: 4, x: 10, y: 10, heading: 9 })));
    expect(state.chars.get(4)!.heading).toBe(3);
  });

  test("own CharacterCreate and CharacterMove are authoritative placements", () => {
    const state = createGameState();
    apply(state, serverBody("CharacterCreate", charFields({ charIndex: 4, x: 10, y: 10 })));
    expect(apply(state, serverBody("UserCharIndexInServer", { charIndex: 4 }))).toEqual([{ type: "own-index", charIndex: 4 }]);
    expect(apply(state, serverBody("CharacterCreate", charFields({ charIndex: 4, x: 20, y: 21 })))).toEqual([{ type: "own-placed", x: 20, y: 21 }]);
    expect(apply(state, serverBody("CharacterMove", { charIndex: 4, x: 22, y: 21 }))).toEqual([{ type: "own-placed", x: 22, y: 21 }]);
    expect(state.chars.get(4)).toMatchObject({ x: 22, y: 21, moveDurationMs: 0 });
  });

  test("objects appear and disappear by tile", () => {
    const state = createGameState();
    apply(state, serverBody("ObjectCreate", { x: 5, y: 6, objIndex: 17, amount: 40, elementalTags: 0 }));
    apply(state, serverBody("ObjectCreate", { x: 5, y: 6, objIndex: 1, amount: 2, elementalTags: 0 }));
    expect([...state.objects.values()]).toEqual([{ x: 5, y: 6, objIndex: 1, amount: 2 }]);
    apply(state, serverBody("ObjectDelete", { x: 5, y: 6 }));
    expect(state.objects.size).toBe(0);
  });

  test("bubbles: an empty text removes one; RemoveDialogs clears them all", () => {
    const state = createGameState();
    const chat = { charIndex: 4, color: 0xffffff, isSpell: false, x: 0, y: 0, minDisplayMs: 0, maxDisplayMs: 0 };
    apply(state, serverBody("ChatOverHead", { ...chat, text: "hola" }), 1_000);
    apply(state, serverBody("ChatOverHead", { ...chat, charIndex: 5, text: "chau" }), 1_000);
    expect(state.bubbles.get(4)!.untilMs).toBeGreaterThan(1_000);
    apply(state, serverBody("ChatOverHead", { ...chat, text: "" }));
    expect([...state.bubbles.keys()]).toEqual([5]);
    apply(state, serverBody("RemoveDialogs", {}));
    expect(state.bubbles.size).toBe(0);
  });

  test("walk intervals from the server are clamped to sane values", () => {
    const state = createGameState();
    apply(state, serverBody("Intervals", { ...STOCK_INTERVALS_MS, walkMs: 1 }));
    expect(state.walkIntervalMs).toBe(MIN_WALK_INTERVAL_MS);
    apply(state, serverBody("Intervals", { ...STOCK_INTERVALS_MS, walkMs: 2_000_000 }));
    expect(state.walkIntervalMs).toBe(MAX_WALK_INTERVAL_MS);
    apply(state, serverBody("Intervals", { ...STOCK_INTERVALS_MS, walkMs: 300 }));
    apply(state, serverBody("VelocidadToggle", { speed: 2 }));
    expect(state.walkIntervalMs).toBe(150);
    apply(state, serverBody("VelocidadToggle", { speed: 0 }));
    apply(state, serverBody("VelocidadToggle", { speed: Number.NaN }));
    expect(state.walkIntervalMs).toBe(150);
    // A speed divides the server's interval, never the one already divided: 1 after 2 is the normal pace.
    apply(state, serverBody("VelocidadToggle", { speed: 1 }));
    expect(state.walkIntervalMs).toBe(300);
  });

  test("inventory slots outside 1..42 are ignored; patron slots grow the list", () => {
    const state = createGameState();
    const slot = { objIndex: 3, amount: 1, equipped: false, salePrice: 0, canUse: 1, elementalTags: 0, bindable: false };
    apply(state, serverBody("ChangeInventorySlot", { ...slot, slot: 0 }));
    apply(state, serverBody("ChangeInventorySlot", { ...slot, slot: 43 }));
    expect(state.inventory.filter(Boolean)).toHaveLength(0);
    apply(state, serverBody("ChangeInventorySlot", { ...slot, slot: 30 }));
    expect(state.inventory).toHaveLength(30);
    expect(state.inventory[29]).toEqual({ slot: 30, objIndex: 3, amount: 1, equipped: false, canUse: 1, salePrice: 0 });
  });

  test("the debug window's lines (/REQDEBUG) go to the console, at most 40 of a hostile list", () => {
    const state = createGameState();
    apply(state, serverBody("DebugDataResponse", { lines: ["remote DEBUG:  user name: Pepe", "session: 2"] }));
    expect(state.console.map((line) => line.text)).toEqual(["remote DEBUG:  user name: Pepe", "session: 2"]);
    apply(state, serverBody("DebugDataResponse", { lines: Array.from({ length: 500 }, (_, i) => `l${i}`) }));
    expect(state.console.length).toBe(42);
  });

  test("locale messages, whispers and other chars' HP reach the state", () => {
    const state = createGameState();
    apply(state, serverBody("LocaleMsg", { messageId: 1020, params: "", fontIndex: 3 }));
    apply(state, serverBody("ConsoleCharText", { text: "psst", color: 0, speakerName: "Ana", speakerStatus: 1, privileges: 1 }));
    apply(state, serverBody("CharacterCreate", charFields({ charIndex: 4, x: 10, y: 10, isNpc: 1 })));
    apply(state, serverBody("CharUpdateHP", { charIndex: 4, minHp: 3, maxHp: 12, shield: 0 }));
    expect(state.console.map((line) => line.text)).toEqual(["¡Gracias por jugar Argentum Online!", "Ana: psst"]);
    expect(state.chars.get(4)).toMatchObject({ minHp: 3, maxHp: 12 });
  });

  test("LocaleChatOverHead: a bubble over a char it knows, a console line in words either way", () => {
    const state = createGameState();
    const line = { params: "250", charIndex: 4, color: 0xffffff, isSpell: false, x: 10, y: 10, minDisplayMs: 0, maxDisplayMs: 0 };
    apply(state, serverBody("CharacterCreate", charFields({ charIndex: 4, x: 10, y: 10, isNpc: 1, name: "Banquero" })));
    expect(apply(state, serverBody("LocaleChatOverHead", { ...line, messageId: 1418 }), 1_000)).toEqual([]);
    expect(state.bubbles.get(4)?.text).toBe("Tenés 250 monedas de oro en tu cuenta.");
    apply(state, serverBody("LocaleChatOverHead", { ...line, charIndex: 99, messageId: 31_000 }), 1_000);
    expect(state.bubbles.has(99)).toBe(false);
    expect(state.console.map((l) => l.text)).toEqual(["Banquero: Tenés 250 monedas de oro en tu cuenta.", "[31000] 250"]);
  });

  test("BlockPosition and ForceCharMove are passed on to the session", () => {
    const state = createGameState();
    expect(apply(state, serverBody("BlockPosition", { x: 3, y: 4, blocked: 15 }))).toEqual([{ type: "block-position", x: 3, y: 4, blocked: 15 }]);
    expect(apply(state, serverBody("ForceCharMove", { heading: 2 }))).toEqual([{ type: "force-move", heading: 2 }]);
    expect(apply(state, serverBody("ForceCharMove", { heading: 7 }))).toEqual([]);
  });
});
