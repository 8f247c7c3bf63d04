/**
 * Items end to end on the default world: a new character's starting kit, equipping, using,
 * dropping and picking up, and all of it surviving a logout; real server (workers, database),
 * on PGlite over TCP and on Postgres over WebSocket (`gameplayPairs`; Postgres when TEST_DATABASE_URL is set, required in CI).
 */
import { describe, expect, test } from "bun:test";
import type { GameClient } from "./support/game-client.ts";
import { gameplayPairs } from "./support/test-server.ts";
import { liveWorld, loginExisting, uniqueName } from "./support/world-players.ts";

/** The default world's kit (src/content/default-world): slot → object. */
const KNIFE_SLOT = 1;
const CLOTHES_SLOT = 2;
const RED_POTION_SLOT = 3;
const BREAD_SLOT = 5;
const KIT_GOLD = 100;

/** The last `ChangeInventorySlot` the client got for `slot` since `from`. */
function slotState(client: GameClient, slot: number, from = 0): { objIndex: number; amount: number; equipped: boolean } {
  const found = client.received
    .slice(from)
    .filter((p) => p.name === "ChangeInventorySlot" && p.fields.slot === slot)
    .at(-1);
  if (!found) throw new Error(`no ChangeInventorySlot for slot ${slot}`);
  return { objIndex: found.fields.objIndex as number, amount: found.fields.amount as number, equipped: found.fields.equipped as boolean };
}

for (const { backend, transport } of gameplayPairs()) {
  describe(`items over ${transport} on ${backend}`, () => {
    const live = liveWorld(backend, transport);
    const enter = live.enter.bind(live);

    test("the starting kit arrives at login: the clothes worn, the rest in their slots, the gold in the stats", async () => {
      const player = await enter("Kit");
      const { client } = player;
      expect(slotState(client, CLOTHES_SLOT).equipped).toBe(true);
      expect(slotState(client, KNIFE_SLOT)).toMatchObject({ amount: 1, equipped: false });
      expect(slotState(client, RED_POTION_SLOT).amount).toBe(5);
      expect(slotState(client, BREAD_SLOT).amount).toBe(5);
      const stats = client.received.find((p) => p.name === "UpdateUserStats")!;
      expect(stats.fields.gold).toBe(KIT_GOLD);
      expect(client.decodeErrors).toBe(0);
    });

    test("equip, drop, pick up; everything is as it was left after logging out and in", async () => {
      const email = `${uniqueName("i")}@test.local`;
      const player = await enter("Mochila", email);
      const { client } = player;
      let from = client.received.length;
      client.send("EquipItem", { slot: KNIFE_SLOT, isSkin: false });
      await client.waitFor("ChangeInventorySlot", (f) => f.slot === KNIFE_SLOT && f.equipped === true, from);

      // Two loaves onto the own tile: a pile appears; picked up again, it is gone.
      from = client.received.length;
      client.send("Drop", { slot: BREAD_SLOT, amount: 2, x: player.x, y: player.y });
      await client.waitFor("ObjectCreate", (f) => f.x === player.x && f.y === player.y && f.amount === 2, from);
      expect(slotState(client, BREAD_SLOT, from).amount).toBe(3);
      from = client.received.length;
      client.send("PickUp", { x: player.x, y: player.y, destSlot: 0 });
      await client.waitFor("ObjectDelete", (f) => f.x === player.x && f.y === player.y, from);
      expect(slotState(client, BREAD_SLOT, from).amount).toBe(5);

      // Gold: 40 coins scattered next to the player (drops are paced: 400 ms, IntervaloTirar).
      await Bun.sleep(450);
      from = client.received.length;
      client.send("Drop", { slot: 200, amount: 40, x: player.x, y: player.y });
      const gold = await client.waitFor("UpdateGold", () => true, from);
      expect(gold.fields.gold).toBe(KIT_GOLD - 40);

      // One loaf eaten for good: 4 left after the logout.
      from = client.received.length;
      client.send("UseItem", { slot: BREAD_SLOT, fromInventoryTab: 1 });
      await client.waitFor("ChangeInventorySlot", (f) => f.slot === BREAD_SLOT && f.amount === 4, from);

      from = client.received.length;
      client.send("Quit");
      await client.waitFor("Disconnect", () => true, from);
      await client.waitForClose();
      const again = await loginExisting(live.ts, transport, email, player.name);
      live.keep(again.client);
      expect(slotState(again.client, KNIFE_SLOT)).toMatchObject({ amount: 1, equipped: true });
      expect(slotState(again.client, BREAD_SLOT).amount).toBe(4);
      expect(again.client.received.find((p) => p.name === "UpdateUserStats")!.fields.gold).toBe(KIT_GOLD - 40);
    });

    test("hostile item packets change nothing and keep the connection", async () => {
      const player = await enter("Malo");
      const { client } = player;
      const from = client.received.length;
      client.send("EquipItem", { slot: 0, isSkin: false });
      client.send("EquipItem", { slot: 255, isSkin: false });
      client.send("UseItem", { slot: 43, fromInventoryTab: 1 });
      client.send("Drop", { slot: KNIFE_SLOT, amount: -3, x: player.x, y: player.y });
      client.send("Drop", { slot: KNIFE_SLOT, amount: 1, x: 1, y: 1 });
      client.send("Moveitem", { fromSlot: 0, toSlot: 99 });
      client.send("PickUp", { x: 255, y: 255, destSlot: 200 });
      client.send("RequestPositionUpdate");
      await client.waitFor("PosUpdate", () => true, from);
      expect(client.closed).toBe(false);
      expect(client.received.slice(from).filter((p) => p.name === "ChangeInventorySlot" || p.name === "ObjectCreate")).toEqual([]);
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
    });
  });
}
