/**
 * The bank vault end to end on the default world (items-and-economy §8): a new character placed
 * by the town's banker opens the vault (loaded from the database through the gateway), deposits
 * a potion and some gold, logs out, logs in and finds them; a click on the banker opens the
 * Goliath menu, and bank gold sent to another player on the same map is on disk for both at once;
 * real server (workers, database), over TCP, on PGlite and Postgres (when TEST_DATABASE_URL is set).
 */
import { describe, expect, test } from "bun:test";
import type { GameClient } from "./support/game-client.ts";
import { availableBackends } from "./support/test-server.ts";
import { liveWorld, loginExisting, moveOffline, uniqueName } from "./support/world-players.ts";

const TOWN = 1;
/** "Banquero de Alba" in the default world's town. */
const BANKER = { x: 44, y: 42 };
const RED_POTION_SLOT = 3;
const KIT_GOLD = 100;


let clicks = 0;
async function openVault(client: GameClient): Promise<number> {
  const from = client.received.length;
  client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
  client.send("BankStart");
  await client.waitFor("BankInit", () => true, from);
  return from;
}

for (const backend of availableBackends()) {
  describe(`bank vault over tcp on ${backend}`, () => {
    const live = liveWorld(backend, "tcp");

    test("deposit a potion and gold at the banker; both are in the vault after logging out and in", async () => {
      const email = `${uniqueName("b")}@test.local`;
      const first = await live.enter("Bovedero", email);
      const potion = first.client.received.filter((p) => p.name === "ChangeInventorySlot" && p.fields.slot === RED_POTION_SLOT).at(-1)!.fields.objIndex as number;
      first.client.send("Quit");
      await first.client.waitFor("Disconnect");
      await first.client.waitForClose();
      await moveOffline(live.ts, first.name, TOWN, BANKER.x, BANKER.y + 2);

      const second = await loginExisting(live.ts, "tcp", email, first.name);
      live.keep(second.client);
      const { client } = second;
      let from = await openVault(client);
      expect(client.received.slice(from).filter((p) => p.name === "ChangeBankSlot")).toHaveLength(42);

      from = client.received.length;
      client.send("BankDeposit", { slot: RED_POTION_SLOT, amount: 2, destSlot: 0 });
      const slot = await client.waitFor("ChangeBankSlot", (f) => f.objIndex === potion, from);
      expect(slot.fields).toMatchObject({ slot: 1, amount: 2 });
      from = client.received.length;
      client.send("BankDepositGold", { amount: 30 });
      const bankGold = await client.waitFor("UpdateBankGld", () => true, from);
      expect(bankGold.fields.bankGold).toBe(30);
      // hostile input on the way: nothing changes, the connection goes on
      client.send("BankDeposit", { slot: 0, amount: -1, destSlot: 99 });
      client.send("BankExtractItem", { slot: 43, amount: 5, destSlot: 0 });
      client.send("BankExtractGold", { amount: 1_000_000 });
      client.send("BovedaMoveItem", { fromSlot: 0, toSlot: 200 });
      client.send("BankEnd");
      await client.waitFor("BankEnd", () => true, from);
      expect(client.closed).toBe(false);

      from = client.received.length;
      client.send("Quit");
      await client.waitFor("Disconnect", () => true, from);
      await client.waitForClose();
      await live.ts.server.gateway.drainSaves();
      const stored = await live.ts.server.database.characters.findCharacterByName(first.name);
      expect(stored).toMatchObject({ gold: KIT_GOLD - 30, bankGold: 30 });
      expect(await live.ts.server.database.characters.loadBank(stored!.id)).toEqual([{ slot: 1, objectId: potion, amount: 2 }]);

      const third = await loginExisting(live.ts, "tcp", email, first.name);
      live.keep(third.client);
      expect(third.client.received.find((p) => p.name === "UpdateUserStats")!.fields.gold).toBe(KIT_GOLD - 30);
      from = await openVault(third.client);
      const vault = third.client.received.slice(from).filter((p) => p.name === "ChangeBankSlot");
      expect(vault).toHaveLength(42);
      expect(vault[0]!.fields).toMatchObject({ slot: 1, objIndex: potion, amount: 2 });
      expect(vault.slice(1).every((p) => p.fields.objIndex === 0)).toBe(true);
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
    }, 60_000);

    test("the Goliath menu, and bank gold sent to a player on the same map: both balances on disk at once", async () => {
      const email = `${uniqueName("g")}@test.local`;
      const first = await live.enter("Girador", email);
      first.client.send("Quit");
      await first.client.waitFor("Disconnect");
      await first.client.waitForClose();
      await moveOffline(live.ts, first.name, TOWN, BANKER.x, BANKER.y + 2);
      const sender = await loginExisting(live.ts, "tcp", email, first.name);
      live.keep(sender.client);
      const recipient = await live.enter("Cobrador");
      expect([sender.map, recipient.map]).toEqual([TOWN, TOWN]);

      // A click on the banker: the vault is read from the database, then the menu.
      let from = sender.client.received.length;
      sender.client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
      expect((await sender.client.waitFor("Goliath", () => true, from)).fields).toEqual({ bankGold: 0, itemCount: 0 });
      sender.client.send("BankDepositGold", { amount: 60 });
      await sender.client.waitFor("UpdateBankGld", (f) => f.bankGold === 60, from);

      from = sender.client.received.length;
      sender.client.send("TransFerGold", { amount: 25, destination: recipient.name.toUpperCase() });
      await sender.client.waitFor("LocaleChatOverHead", (f) => f.messageId === 1435, from);
      // Both rows were written by the transfer's one save, while both still play.
      await live.ts.server.gateway.drainSaves();
      const characters = live.ts.server.database.characters;
      expect(await characters.findCharacterByName(sender.name)).toMatchObject({ gold: KIT_GOLD - 60, bankGold: 35 });
      expect(await characters.findCharacterByName(recipient.name)).toMatchObject({ gold: KIT_GOLD, bankGold: 25 });

      from = sender.client.received.length;
      sender.client.send("TransFerGold", { amount: 5, destination: "Nadie" }); // not on this map: refused, nothing moves
      await sender.client.waitFor("LocaleChatOverHead", (f) => f.messageId === 1409, from);
      sender.client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
      expect((await sender.client.waitFor("Goliath", () => true, from)).fields).toEqual({ bankGold: 35, itemCount: 0 });
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
    }, 60_000);
  });
}
