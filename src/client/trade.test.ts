/**
 * Player trade without a browser: real server packets (encoded by the protocol library) open the
 * window and fill both offers; the handshake (a click on a player, C, or yes to the server's
 * question), offers, accepting, rejecting and ending go out as exact client packets (decoded
 * again); hostile or impossible requests send nothing and say why. items-and-economy.md §9.
 */
import { describe, expect, test } from "bun:test";
import { Heading } from "../game/movement/index.ts";
import { decodeClientPacket, decodeServerPacket, type ServerPacketFields } from "../protocol/index.ts";
import { charFields, loggedInSession, OWN_CHAR, serverBody, START } from "./client-fixtures.test-support.ts";
import { ClientOutbox } from "./client-outbox.ts";
import { MAX_LONG } from "../game/character/index.ts";
import { QUESTION_PARAM_MAX_CHARS } from "./constants.ts";
import { createGameState, ownChar } from "./game-state.ts";
import { reduceServerPacket } from "./packet-reducer.ts";
import { DIRECTION_KEY_CODES } from "./direction-keys.ts";
import { INVENTORY_KEY_CODES } from "./inventory-rules.ts";
import { SERVICE_KEY_CODES, serviceKeyAction } from "./service-keys.ts";
import { checkItemOffer, goldLeftToOffer, offerRoom, unitsLeftToOffer } from "./trade-rules.ts";
import { QUESTION_BOX_TEXT, TRADE_TEXT } from "./ui-text.ts";

const RED_POTION = 1;
const BREAD = 6;
const PARTNER = { charIndex: 12, name: "Vendedora", x: START.x + 2, y: START.y } as const;

type TradeSlots = ServerPacketFields<"ChangeUserTradeSlot">["slots"];

function offerSlots(...items: [objIndex: number, amount: number][]): TradeSlots {
  return Array.from({ length: 6 }, (_, i) => {
    const item = items[i];
    return item ? { objIndex: item[0], name: `Objeto ${item[0]}`, grhIndex: 100 + item[0], amount: item[1], elementalTags: 0 } : { objIndex: 0, name: "", grhIndex: 0, amount: 0, elementalTags: 0 };
  });
}

function tradeSlot(isMyOffer: boolean, gold: number, slots: TradeSlots = offerSlots()) {
  return serverBody("ChangeUserTradeSlot", { isMyOffer, gold, slots });
}

function inventorySlot(slot: number, objIndex: number, amount: number) {
  return serverBody("ChangeInventorySlot", { slot, objIndex, amount, equipped: false, salePrice: 2, canUse: 0, elementalTags: 0, bindable: false });
}

/** A logged-in session (100 gold) with 5 red potions in slot 3, 2 more in slot 5, and another player two tiles east. */
function sessionWithPartner() {
  const { session, transport } = loggedInSession();
  session.receive(inventorySlot(3, RED_POTION, 5), 0);
  session.receive(inventorySlot(5, RED_POTION, 2), 0);
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: PARTNER.charIndex, x: PARTNER.x, y: PARTNER.y, name: PARTNER.name })), 0);
  transport.take();
  return { session, transport };
}

/** The same, with the trade already open (the partner asked and we said yes). */
function tradingSession() {
  const { session, transport } = sessionWithPartner();
  session.receive(serverBody("ShowPregunta", { messageId: 1594, param: PARTNER.name }), 0);
  session.answerQuestion(true);
  session.receive(serverBody("UserCommerceInit", {}), 0);
  transport.take();
  return { session, transport };
}

describe("trade state (reducer)", () => {
  test("UserCommerceInit opens with empty offers, ChangeUserTradeSlot fills either side, UserCommerceEnd closes", () => {
    const state = createGameState();
    const apply = (body: Uint8Array) => {
      const decoded = decodeServerPacket(body);
      if (!decoded.ok) throw decoded.error;
      return reduceServerPacket(state, decoded.packet, 5);
    };
    // Before a trade opens an offer means nothing.
    expect(apply(tradeSlot(false, 30))).toEqual([]);
    expect(state.trade.theirs.gold).toBe(0);
    expect(apply(serverBody("ShowPregunta", { messageId: 1594, param: "Ana" }))).toEqual([{ type: "question", messageId: 1594, param: "Ana" }]);
    expect(state.question).toMatchObject({ messageId: 1594, param: "Ana" });

    expect(apply(serverBody("UserCommerceInit", {}))).toEqual([{ type: "trade-opened" }]);
    expect(state.trade).toMatchObject({ open: true, accepted: false, mine: { gold: 0 }, theirs: { gold: 0 } });
    expect(state.question).toBeNull();
    apply(tradeSlot(true, 0, offerSlots([RED_POTION, 2])));
    apply(tradeSlot(false, 30, offerSlots([0, 5], [BREAD, -3], [BREAD, 1])));
    expect(state.trade.mine.slots[0]).toEqual({ objIndex: RED_POTION, name: "Objeto 1", grhIndex: 101, amount: 2 });
    expect(state.trade.mine.slots).toHaveLength(6);
    expect(state.trade.theirs.gold).toBe(30);
    // Empty, negative and zero entries are one empty shape.
    expect(state.trade.theirs.slots.map((slot) => [slot.objIndex, slot.amount])).toEqual([
      [0, 0],
      [0, 0],
      [BREAD, 1],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    // A gold amount no wallet holds is dropped whole.
    apply(tradeSlot(false, -1, offerSlots([BREAD, 9])));
    expect(state.trade.theirs.gold).toBe(30);
    expect(state.trade.theirs.slots[2]?.amount).toBe(1);

    expect(apply(serverBody("UserCommerceEnd", {}))).toEqual([{ type: "trade-closed" }]);
    expect(state.trade).toMatchObject({ open: false, mine: { gold: 0 }, theirs: { gold: 0 } });
    expect(apply(serverBody("UserCommerceEnd", {}))).toEqual([]);
  });

  test("a question's parameter is cut to a name's length and loses control characters", () => {
    const state = createGameState();
    const decoded = decodeServerPacket(serverBody("ShowPregunta", { messageId: 1594, param: `Ana\u0000\n${"x".repeat(500)}` }));
    if (!decoded.ok) throw decoded.error;
    reduceServerPacket(state, decoded.packet, 0);
    expect(state.question?.param).toBe(`Ana${"x".repeat(QUESTION_PARAM_MAX_CHARS - 3)}`);
    expect(QUESTION_BOX_TEXT.text(1594, "Ana")).toBe("Ana quiere comerciar con vos. ¿Aceptás?");
    // A "$&" in a name is a name, not a replacement pattern.
    expect(QUESTION_BOX_TEXT.text(1594, "$&$1")).toBe("$&$1 quiere comerciar con vos. ¿Aceptás?");
    expect(QUESTION_BOX_TEXT.text(77, "")).toBe("¿Aceptás? (pregunta 77)");
  });
});

describe("trade packets (outbox)", () => {
  test("exact bodies of CommerceStart, ResponderPregunta, UserCommerceOffer, UserCommerceOk, UserCommerceReject and UserCommerceEnd", () => {
    const bodies: Uint8Array[] = [];
    const outbox = new ClientOutbox({ send: (body) => bodies.push(body), close: () => {} });
    outbox.commerceStart();
    outbox.answerQuestion(true);
    outbox.answerQuestion(false);
    outbox.userCommerceOffer(3, 2);
    outbox.userCommerceOffer(200, MAX_LONG);
    outbox.userCommerceOk();
    outbox.userCommerceReject();
    outbox.userCommerceEnd();
    const decoded = bodies.map((body) => {
      const result = decodeClientPacket(body);
      if (!result.ok) throw result.error;
      return result.packet;
    });
    expect(decoded).toEqual([
      { id: 53, name: "CommerceStart", fields: {} },
      { id: 235, name: "ResponderPregunta", fields: { answer: true } },
      { id: 235, name: "ResponderPregunta", fields: { answer: false } },
      { id: 16, name: "UserCommerceOffer", fields: { slot: 3, amount: 2 } },
      { id: 16, name: "UserCommerceOffer", fields: { slot: 200, amount: MAX_LONG } },
      { id: 91, name: "UserCommerceOk", fields: {} },
      { id: 92, name: "UserCommerceReject", fields: {} },
      { id: 89, name: "UserCommerceEnd", fields: {} },
    ]);
    // UserCommerceOffer: id u16 little-endian, u8 slot (200 = gold), i32 amount little-endian.
    expect([...bodies[4]!]).toEqual([16, 0, 200, 0xff, 0xff, 0xff, 0x7f]);
  });
});

describe("trade session", () => {
  test("a click on a player and C ask it to trade; the window that opens names it", () => {
    const { session, transport } = sessionWithPartner();
    expect(session.leftClick(PARTNER.x, PARTNER.y)).toBe(true);
    expect(session.startCommerce()).toBe(true);
    expect(transport.take()).toEqual([
      { id: 95, name: "LeftClick", fields: { x: PARTNER.x, y: PARTNER.y, counter: 1 } },
      { id: 53, name: "CommerceStart", fields: {} },
    ]);
    session.receive(serverBody("UserCommerceInit", {}), 0);
    expect(session.state.trade.partnerName).toBe(PARTNER.name);
    expect(session.state.console.at(-1)?.text).toStartWith(`Comerciando con ${PARTNER.name}`);
    session.receive(serverBody("UserCommerceEnd", {}), 0);
    expect(session.state.trade.partnerName).toBe("");
  });

  test("the click targets as the server does: the char just below the tile first; ourselves and NPCs are nobody", () => {
    const { session } = sessionWithPartner();
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 40, x: 60, y: 60, name: "Guardia", isNpc: 1 })), 0);
    const partnerFor = (x: number, y: number) => {
      session.leftClick(x, y);
      session.startCommerce();
      session.receive(serverBody("UserCommerceInit", {}), 0);
      const name = session.state.trade.partnerName;
      session.receive(serverBody("UserCommerceEnd", {}), 0);
      return name;
    };
    expect(partnerFor(PARTNER.x, PARTNER.y - 1)).toBe(PARTNER.name);
    expect(partnerFor(START.x, START.y)).toBe("");
    expect(partnerFor(60, 60)).toBe("");
    expect(partnerFor(70, 70)).toBe("");
    expect(ownChar(session.state)?.charIndex).toBe(OWN_CHAR);
  });

  test("the server's question is answered once: yes opens the trade with the asker, no declines", () => {
    const { session, transport } = sessionWithPartner();
    expect(session.answerQuestion(true)).toBe(false);
    session.receive(serverBody("ShowPregunta", { messageId: 1594, param: PARTNER.name }), 0);
    expect(session.answerQuestion(false)).toBe(true);
    expect(session.answerQuestion(true)).toBe(false);
    session.receive(serverBody("ShowPregunta", { messageId: 1594, param: PARTNER.name }), 0);
    expect(session.answerQuestion(true)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 235, name: "ResponderPregunta", fields: { answer: false } },
      { id: 235, name: "ResponderPregunta", fields: { answer: true } },
    ]);
    session.receive(serverBody("UserCommerceInit", {}), 0);
    expect(session.state.trade).toMatchObject({ open: true, partnerName: PARTNER.name });
    // A question left unanswered goes with the map.
    session.receive(serverBody("ShowPregunta", { messageId: 1594, param: "Otro" }), 0);
    session.receive(serverBody("ChangeMap", { map: 2, resourceMap: 2 }), 0);
    expect(session.state.question).toBeNull();
  });

  test("offers send the checked packets; what is offered counts against what is held", () => {
    const { session, transport } = tradingSession();
    expect(session.offerItem(3, 5, 1)).toBe(true);
    expect(session.offerGold(40, 1)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 16, name: "UserCommerceOffer", fields: { slot: 3, amount: 5 } },
      { id: 16, name: "UserCommerceOffer", fields: { slot: 200, amount: 40 } },
    ]);
    // The server echoes our side.
    session.receive(tradeSlot(true, 40, offerSlots([RED_POTION, 5])), 2);
    expect(unitsLeftToOffer(session.state, 3)).toBe(2);
    expect(unitsLeftToOffer(session.state, 5)).toBe(2);
    expect(goldLeftToOffer(session.state)).toBe(60);
    // Slot 5 holds 2 more potions: 2 may go, 3 may not (7 held, 5 offered).
    expect(session.offerItem(5, 3, 3)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe(TRADE_TEXT.refusals.more_than_held);
    expect(session.offerGold(61, 3)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe(TRADE_TEXT.refusals.not_enough_gold);
    expect(session.offerItem(5, 2, 3)).toBe(true);
    expect(session.offerGold(60, 3)).toBe(true);
    expect(transport.take().map((packet) => packet.fields)).toEqual([
      { slot: 5, amount: 2 },
      { slot: 200, amount: 60 },
    ]);
  });

  test("hostile or impossible offers send nothing and say why", () => {
    const { session, transport } = tradingSession();
    const refusals: [() => boolean, string][] = [
      [() => session.offerItem(0, 1, 1), TRADE_TEXT.refusals.no_inventory_slot],
      [() => session.offerItem(25, 1, 1), TRADE_TEXT.refusals.no_inventory_slot],
      [() => session.offerItem(200, 1, 1), TRADE_TEXT.refusals.no_inventory_slot],
      [() => session.offerItem(3.5, 1, 1), TRADE_TEXT.refusals.no_inventory_slot],
      [() => session.offerItem(4, 1, 1), TRADE_TEXT.refusals.empty_inventory_slot],
      [() => session.offerItem(3, 0, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerItem(3, -1, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerItem(3, Number.NaN, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerItem(3, 6, 1), TRADE_TEXT.refusals.more_than_held],
      [() => session.offerGold(0, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerGold(-5, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerGold(1.5, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerGold(MAX_LONG + 1, 1), TRADE_TEXT.refusals.bad_amount],
      [() => session.offerGold(101, 1), TRADE_TEXT.refusals.not_enough_gold],
    ];
    for (const [request, text] of refusals) {
      expect(request()).toBe(false);
      expect(session.state.console.at(-1)?.text).toBe(text);
    }
    expect(transport.take()).toEqual([]);
  });

  test("six different objects fill the offer; a seventh has no room, more of one offered still fits", () => {
    const { session } = tradingSession();
    session.receive(inventorySlot(10, 77, 3), 0);
    session.receive(tradeSlot(true, 0, offerSlots([11, 1], [12, 1], [13, 1], [14, 1], [15, 1], [77, 1])), 0);
    expect(offerRoom(session.state.trade.mine, RED_POTION)).toBe(0);
    expect(checkItemOffer(session.state, 3, 1)).toEqual({ ok: false, reason: "offer_full" });
    expect(checkItemOffer(session.state, 10, 2)).toMatchObject({ ok: true });
  });

  test("accept once; a change of the other's offer asks for a new accept", () => {
    const { session, transport } = tradingSession();
    expect(session.acceptTrade(1)).toBe(true);
    expect(session.state.trade.accepted).toBe(true);
    expect(session.acceptTrade(2)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe(TRADE_TEXT.refusals.already_accepted);
    // Our own offer changing keeps our acceptance (the server keeps it too) …
    session.receive(tradeSlot(true, 10), 3);
    expect(session.state.trade.accepted).toBe(true);
    // … theirs clears it.
    session.receive(tradeSlot(false, 30), 4);
    expect(session.state.trade.accepted).toBe(false);
    expect(session.acceptTrade(5)).toBe(true);
    expect(transport.take().map((packet) => packet.name)).toEqual(["UserCommerceOk", "UserCommerceOk"]);
  });

  test("reject and close are sent once; the window closes when the server answers", () => {
    const { session, transport } = tradingSession();
    expect(session.rejectTrade()).toBe(true);
    expect(session.endTrade()).toBe(false);
    expect(session.closeOpenWindow()).toBe(false);
    expect(transport.take()).toEqual([{ id: 92, name: "UserCommerceReject", fields: {} }]);
    expect(session.state.trade.open).toBe(true);
    session.receive(serverBody("UserCommerceEnd", {}), 5);
    expect(session.state.trade.open).toBe(false);
    expect(session.offerGold(1, 6)).toBe(false);
    expect(session.acceptTrade(6)).toBe(false);
    expect(session.rejectTrade()).toBe(false);
    expect(transport.take()).toEqual([]);
    // A new trade closes with Escape (UserCommerceEnd).
    session.receive(serverBody("UserCommerceInit", {}), 7);
    expect(session.closeOpenWindow()).toBe(true);
    expect(transport.take()).toEqual([{ id: 89, name: "UserCommerceEnd", fields: {} }]);
  });

  test("walking is held while trading", () => {
    const { session, transport } = tradingSession();
    session.tick(1_000, Heading.East);
    expect(transport.take()).toEqual([]);
    expect(session.state.console.at(-1)?.text).toBe(TRADE_TEXT.walkBlocked);
    session.receive(serverBody("UserCommerceEnd", {}), 1_500);
    session.tick(2_000, Heading.East);
    expect(transport.take().map((packet) => packet.name)).toEqual(["Walk"]);
  });
});

describe("service keys", () => {
  test("C asks to trade, B for the vault; no other key, and none the inventory or walking uses", () => {
    expect(serviceKeyAction("KeyC")).toBe("commerce");
    expect(serviceKeyAction("KeyB")).toBe("vault");
    expect(serviceKeyAction("KeyU")).toBeNull();
    expect(serviceKeyAction("ArrowUp")).toBeNull();
    const taken = [...Object.keys(INVENTORY_KEY_CODES), ...Object.keys(DIRECTION_KEY_CODES)];
    expect(Object.keys(SERVICE_KEY_CODES).filter((code) => taken.includes(code))).toEqual([]);
  });
});
