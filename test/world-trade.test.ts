/**
 * Player trade end to end on the default world's town (a safe map): two real clients, the
 * handshake, offers of an item and gold, both accept, the swap, and both sides as they were
 * left after logging out and in. On PGlite over TCP and on Postgres over WebSocket
 * (`gameplayPairs`; Postgres when TEST_DATABASE_URL is set, required in CI).
 */
import { describe, expect, test } from "bun:test";
import type { GameClient } from "./support/game-client.ts";
import { gameplayPairs } from "./support/test-server.ts";
import { liveWorld, loginExisting, uniqueName } from "./support/world-players.ts";

/** The default world's kit: 5 red potions in slot 3, 100 gold. */
const RED_POTION_SLOT = 3;
const KIT_POTIONS = 5;
const KIT_GOLD = 100;
const GOLD_SLOT = 200;

function lastSlot(client: GameClient, slot: number): number {
  const found = client.received.filter((p) => p.name === "ChangeInventorySlot" && p.fields.slot === slot).at(-1);
  return (found?.fields.amount as number | undefined) ?? 0;
}

function gold(client: GameClient): number {
  const update = client.received.filter((p) => p.name === "UpdateGold").at(-1);
  if (update) return update.fields.gold as number;
  return client.received.find((p) => p.name === "UpdateUserStats")!.fields.gold as number;
}

for (const { backend, transport } of gameplayPairs()) {
  describe(`player trade over ${transport} on ${backend}`, () => {
    const live = liveWorld(backend, transport);
    const enter = live.enter.bind(live);

    test("handshake, an item against gold, both accept: swapped once, and still so after logging in again", async () => {
      const sellerEmail = `${uniqueName("s")}@test.local`;
      const buyerEmail = `${uniqueName("b")}@test.local`;
      const seller = await enter("Vende", sellerEmail);
      const buyer = await enter("Compra", buyerEmail);
      expect(Math.abs(seller.x - buyer.x) + Math.abs(seller.y - buyer.y)).toBeLessThanOrEqual(3);

      // The seller clicks the buyer and asks to trade; the buyer is asked and says yes.
      let sellerFrom = seller.client.received.length;
      let buyerFrom = buyer.client.received.length;
      seller.client.send("LeftClick", { x: buyer.x, y: buyer.y });
      seller.client.send("CommerceStart");
      await buyer.client.waitFor("ShowPregunta", () => true, buyerFrom);
      buyer.client.send("ResponderPregunta", { answer: true });
      await seller.client.waitFor("UserCommerceInit", () => true, sellerFrom);
      await buyer.client.waitFor("UserCommerceInit", () => true, buyerFrom);

      // Two potions against 30 gold; each side sees the other's offer.
      sellerFrom = seller.client.received.length;
      buyerFrom = buyer.client.received.length;
      seller.client.send("UserCommerceOffer", { slot: RED_POTION_SLOT, amount: 2 });
      await buyer.client.waitFor("ChangeUserTradeSlot", () => true, buyerFrom);
      buyer.client.send("UserCommerceOffer", { slot: GOLD_SLOT, amount: 30 });
      await seller.client.waitFor("ChangeUserTradeSlot", (f) => f.gold === 30, sellerFrom);

      sellerFrom = seller.client.received.length;
      buyerFrom = buyer.client.received.length;
      seller.client.send("UserCommerceOk");
      buyer.client.send("UserCommerceOk");
      await seller.client.waitFor("UpdateGold", (f) => f.gold === KIT_GOLD + 30, sellerFrom);
      await buyer.client.waitFor("UpdateGold", (f) => f.gold === KIT_GOLD - 30, buyerFrom);
      expect(lastSlot(seller.client, RED_POTION_SLOT)).toBe(KIT_POTIONS - 2);
      expect(lastSlot(buyer.client, RED_POTION_SLOT)).toBe(KIT_POTIONS + 2);

      // Both log out (the town is safe: at once) and in again: the trade is on disk for both.
      for (const side of [seller, buyer]) {
        const from = side.client.received.length;
        side.client.send("Quit");
        await side.client.waitFor("Disconnect", () => true, from);
        await side.client.waitForClose();
      }
      const sellerAgain = await loginExisting(live.ts, transport, sellerEmail, seller.name);
      const buyerAgain = await loginExisting(live.ts, transport, buyerEmail, buyer.name);
      live.keep(sellerAgain.client, buyerAgain.client);
      expect([gold(sellerAgain.client), lastSlot(sellerAgain.client, RED_POTION_SLOT)]).toEqual([KIT_GOLD + 30, KIT_POTIONS - 2]);
      expect([gold(buyerAgain.client), lastSlot(buyerAgain.client, RED_POTION_SLOT)]).toEqual([KIT_GOLD - 30, KIT_POTIONS + 2]);
    });
  });
}
