/**
 * The NPC shop without a browser: real server packets (encoded by the protocol library) fill the
 * shop state; buy, sell, close and a map click go out as exact client packets (decoded again);
 * hostile or impossible requests send nothing and say why; walking is held while trading.
 */
import { describe, expect, test } from "bun:test";
import { Heading } from "../game/movement/index.ts";
import { decodeClientPacket, decodeServerPacket } from "../protocol/index.ts";
import { loggedInSession, serverBody, START } from "./client-fixtures.test-support.ts";
import { ClientOutbox } from "./client-outbox.ts";
import { createGameState, ownChar } from "./game-state.ts";
import { reduceServerPacket } from "./packet-reducer.ts";
import { buyCost, checkBuy, checkSell, saleIncome } from "./shop-rules.ts";
import { SHOP_TEXT } from "./ui-text.ts";
import { cameraFor, tileAtPoint } from "./camera.ts";
import { TILE_PX } from "./constants.ts";

const RED_POTION = 1;

function npcSlot(slot: number, objIndex: number, amount: number, price: number) {
  return serverBody("ChangeNPCInventorySlot", { slot, objIndex, amount, price, elementalTags: 0, canUse: 0 });
}

/** A logged-in session with Ansel's shop open: red potions (slot 1) and knives (slot 2). */
function tradingSession() {
  const { session, transport } = loggedInSession();
  session.receive(npcSlot(1, RED_POTION, 1000, 6), 0);
  session.receive(npcSlot(2, 34, 10, 60), 0);
  // The full refresh repeats the previous price on empty slots (Q16).
  for (let slot = 3; slot <= 42; slot++) session.receive(npcSlot(slot, 0, 0, 60), 0);
  session.receive(serverBody("ChangeInventorySlot", { slot: 2, objIndex: RED_POTION, amount: 3, equipped: false, salePrice: 2, canUse: 0, elementalTags: 0, bindable: false }), 0);
  session.receive(serverBody("CommerceInit", { npcName: "Ansel el Mercader" }), 0);
  transport.take();
  return { session, transport };
}

describe("shop state (reducer)", () => {
  test("ChangeNPCInventorySlot fills the 42 slots, CommerceInit opens, CommerceEnd closes", () => {
    const state = createGameState();
    const apply = (body: Uint8Array) => {
      const decoded = decodeServerPacket(body);
      if (!decoded.ok) throw decoded.error;
      return reduceServerPacket(state, decoded.packet, 5);
    };
    expect(apply(npcSlot(1, RED_POTION, 1000, 6))).toEqual([]);
    expect(apply(npcSlot(2, 0, 0, 6))).toEqual([]);
    expect(apply(npcSlot(42, 7, 3, 12.000001))).toEqual([]);
    // Out of range: ignored.
    expect(apply(npcSlot(0, 5, 5, 5))).toEqual([]);
    expect(apply(npcSlot(43, 5, 5, 5))).toEqual([]);
    expect(state.shop.slots.length).toBe(42);
    expect(state.shop.slots[0]).toEqual({ slot: 1, objIndex: RED_POTION, amount: 1000, price: 6, canUse: 0 });
    expect(state.shop.slots[1]).toEqual({ slot: 2, objIndex: 0, amount: 0, price: 0, canUse: 0 });
    expect(state.shop.slots[41]).toEqual({ slot: 42, objIndex: 7, amount: 3, price: 13, canUse: 0 });
    expect(state.shop.slots[2]).toBeUndefined();
    expect(state.shop.open).toBe(false);

    expect(apply(serverBody("CommerceInit", { npcName: "Ansel el Mercader" }))).toEqual([{ type: "shop-opened", npcName: "Ansel el Mercader" }]);
    expect(state.shop).toMatchObject({ open: true, npcName: "Ansel el Mercader" });
    // A deal updates one slot in place.
    apply(npcSlot(1, RED_POTION, 999, 6));
    expect(state.shop.slots[0]?.amount).toBe(999);
    expect(apply(serverBody("CommerceEnd", {}))).toEqual([{ type: "shop-closed" }]);
    expect(state.shop.open).toBe(false);
    // A second CommerceEnd (nothing open) changes nothing.
    expect(apply(serverBody("CommerceEnd", {}))).toEqual([]);
  });
});

describe("shop packets (outbox)", () => {
  test("exact bodies of LeftClick, CommerceBuy, CommerceSell and CommerceEnd", () => {
    const bodies: Uint8Array[] = [];
    const outbox = new ClientOutbox({ send: (body) => bodies.push(body), close: () => {} });
    outbox.leftClick(66, 64);
    outbox.leftClick(1, 2);
    outbox.commerceBuy(1, 10_000);
    outbox.commerceSell(24, 3);
    outbox.commerceEnd();
    outbox.resetCounters();
    outbox.leftClick(5, 6);
    const decoded = bodies.map((body) => {
      const result = decodeClientPacket(body);
      if (!result.ok) throw result.error;
      return result.packet;
    });
    expect(decoded).toEqual([
      { id: 95, name: "LeftClick", fields: { x: 66, y: 64, counter: 1 } },
      { id: 95, name: "LeftClick", fields: { x: 1, y: 2, counter: 2 } },
      { id: 9, name: "CommerceBuy", fields: { slot: 1, amount: 10_000 } },
      { id: 11, name: "CommerceSell", fields: { slot: 24, amount: 3 } },
      { id: 88, name: "CommerceEnd", fields: {} },
      { id: 95, name: "LeftClick", fields: { x: 5, y: 6, counter: 1 } },
    ]);
    // CommerceBuy: id, u8 slot, i16 amount little-endian.
    expect([...bodies[2]!]).toEqual([9, 0, 1, 0x10, 0x27]);
  });
});

describe("shop session", () => {
  test("buy and sell send the checked packets; the server's answers update slots and gold", () => {
    const { session, transport } = tradingSession();
    expect(session.buy(1, 1, 10)).toBe(true);
    expect(session.sell(2, 3, 10)).toBe(true);
    expect(transport.take()).toEqual([
      { id: 9, name: "CommerceBuy", fields: { slot: 1, amount: 1 } },
      { id: 11, name: "CommerceSell", fields: { slot: 2, amount: 3 } },
    ]);
    session.receive(serverBody("UpdateGold", { gold: 94, goldPerLevelWallet: 0 }), 20);
    session.receive(npcSlot(1, RED_POTION, 999, 6), 20);
    expect(session.state.stats.gold).toBe(94);
    expect(session.state.shop.slots[0]?.amount).toBe(999);
  });

  test("hostile or impossible requests send nothing and say why", () => {
    const { session, transport } = tradingSession();
    const refusals: [() => boolean, string][] = [
      [() => session.buy(0, 1, 1), SHOP_TEXT.refusals.no_shop_slot],
      [() => session.buy(43, 1, 1), SHOP_TEXT.refusals.no_shop_slot],
      [() => session.buy(1.5, 1, 1), SHOP_TEXT.refusals.no_shop_slot],
      [() => session.buy(3, 1, 1), SHOP_TEXT.refusals.empty_shop_slot],
      [() => session.buy(1, 0, 1), SHOP_TEXT.refusals.bad_amount],
      [() => session.buy(1, -5, 1), SHOP_TEXT.refusals.bad_amount],
      [() => session.buy(1, 2.5, 1), SHOP_TEXT.refusals.bad_amount],
      [() => session.buy(1, Number.NaN, 1), SHOP_TEXT.refusals.bad_amount],
      [() => session.buy(1, 10_001, 1), SHOP_TEXT.refusals.too_many],
      [() => session.buy(1, 40_000, 1), SHOP_TEXT.refusals.too_many],
      [() => session.buy(2, 11, 1), SHOP_TEXT.refusals.more_than_stock],
      [() => session.sell(0, 1, 1), SHOP_TEXT.refusals.no_inventory_slot],
      [() => session.sell(25, 1, 1), SHOP_TEXT.refusals.no_inventory_slot],
      [() => session.sell(3, 1, 1), SHOP_TEXT.refusals.empty_inventory_slot],
      [() => session.sell(2, 4, 1), SHOP_TEXT.refusals.more_than_held],
      [() => session.sell(2, 0, 1), SHOP_TEXT.refusals.bad_amount],
      [() => session.sell(2, 10_001, 1), SHOP_TEXT.refusals.too_many],
    ];
    for (const [request, text] of refusals) {
      expect(request()).toBe(false);
      expect(session.state.console.at(-1)?.text).toBe(text);
    }
    expect(transport.take()).toEqual([]);
    // The whole stock of a finite slot is fine.
    expect(session.buy(2, 10, 1)).toBe(true);
    expect(transport.take()).toEqual([{ id: 9, name: "CommerceBuy", fields: { slot: 2, amount: 10 } }]);
  });

  test("nothing is bought or sold with the shop closed", () => {
    const { session, transport } = loggedInSession();
    session.receive(npcSlot(1, RED_POTION, 1000, 6), 0);
    expect(session.buy(1, 1, 1)).toBe(false);
    expect(session.state.console.at(-1)?.text).toBe(SHOP_TEXT.refusals.not_trading);
    expect(session.closeShop()).toBe(false);
    expect(transport.take()).toEqual([]);
  });

  test("close sends one CommerceEnd; the window closes when the server answers", () => {
    const { session, transport } = tradingSession();
    expect(session.closeShop()).toBe(true);
    expect(session.closeShop()).toBe(false);
    expect(transport.take()).toEqual([{ id: 88, name: "CommerceEnd", fields: {} }]);
    expect(session.state.shop.open).toBe(true);
    session.receive(serverBody("CommerceEnd", {}), 5);
    expect(session.state.shop.open).toBe(false);
    expect(session.buy(1, 1, 6)).toBe(false);
  });

  test("walking is held while the shop is open, with one hint per key press", () => {
    const { session, transport } = tradingSession();
    const lines = () => session.state.console.filter((line) => line.text === SHOP_TEXT.walkBlocked).length;
    session.tick(1_000, Heading.East);
    session.tick(2_000, Heading.East);
    expect(transport.take()).toEqual([]);
    expect(ownChar(session.state)).toMatchObject(START);
    expect(lines()).toBe(1);
    session.tick(2_100, 0);
    session.tick(2_200, Heading.East);
    expect(lines()).toBe(2);
    session.receive(serverBody("CommerceEnd", {}), 2_300);
    session.tick(3_000, Heading.East);
    expect(transport.take().map((packet) => packet.name)).toEqual(["Walk"]);
  });

  test("a map click sends LeftClick on that tile, only for tiles of the map", () => {
    const { session, transport } = loggedInSession();
    expect(session.leftClick(66, 64)).toBe(true);
    expect(session.leftClick(0, 5)).toBe(false);
    expect(session.leftClick(5, 101)).toBe(false);
    expect(session.leftClick(5.5, 5)).toBe(false);
    expect(transport.take()).toEqual([{ id: 95, name: "LeftClick", fields: { x: 66, y: 64, counter: 1 } }]);
  });
});

describe("shop rules", () => {
  test("costs and income follow §7.6 as far as the client knows them", () => {
    const { session } = tradingSession();
    const offer = checkBuy(session.state, 1, 3);
    expect(offer.ok && buyCost(offer.value.view, 3)).toBe(18);
    const sale = checkSell(session.state, 2, 3);
    expect(sale.ok && saleIncome(sale.value.view, 3)).toBe(6);
  });

  test("a canvas point maps to the tile drawn there", () => {
    const camera = cameraFor(50, 50, 860, 608, 100, 100);
    const centre = tileAtPoint(camera, ((49.5 * TILE_PX - camera.originX) * camera.zoom), ((49.5 * TILE_PX - camera.originY) * camera.zoom), 100, 100);
    expect(centre).toEqual({ x: 50, y: 50 });
    expect(tileAtPoint(camera, Number.NaN, 0, 100, 100)).toBeNull();
  });
});
