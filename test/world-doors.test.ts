/**
 * Doors and keys end to end (issue 26): real server (workers, database), real sockets, over TCP
 * and WebSocket, on PGlite and on Postgres (when TEST_DATABASE_URL is set). In the default world a
 * stock-client player stands in the street before the locked "casa del Telar" on Alba's north
 * wall (moved there offline, a test's shortcut for walking from the plaza): the door does not let
 * it through and says it is locked; it picks up the house key lying in the street, uses it (a
 * house key goes onto the key ring: `UpdateUserKey`), unlocks the door with the ring (`UseKey`),
 * opens it with a click (`BlockPosition`, `ObjectCreate`) and walks in. The ring is saved with
 * the character.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_OBJECTS } from "../src/content/index.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { liveWorld, loginExisting, logOut, moveOffline, uniqueName, walkAndReport } from "./support/world-players.ts";

const NORTH = 1;
const WEST = 4;
/** The default world's house with a key (src/content/default-world/build-maps.ts `KEY_HOUSE`, `HOUSE_KEY_TILE`). */
const DOOR = { x: 37, y: 21 };
const KEY_TILE = { x: 40, y: 24 };



for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`doors and keys over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("the locked house: refused without the key; the key from the street onto the ring; UseKey unlocks, a click opens, the player walks in", async () => {
        const email = `${uniqueName("d")}@test.local`;
        const first = await live.enter("Puerta", email);
        await logOut(first);
        await moveOffline(live.ts, first.name, 1, KEY_TILE.x, KEY_TILE.y + 1);
        const player = await loginExisting(live.ts, transport, email, first.name);
        live.keep(player.client);
        const { client } = player;

        // The key lying in the street, one step north.
        expect(await walkAndReport(player, NORTH)).toEqual(KEY_TILE);
        let mark = client.received.length;
        client.send("PickUp", { x: KEY_TILE.x, y: KEY_TILE.y, destSlot: 0 });
        const slot = await client.waitFor("ChangeInventorySlot", (f) => f.objIndex === DEFAULT_OBJECTS.houseKey, mark);
        const keySlot = slot.fields.slot as number;

        // To the door's outer side: three west, two north, to (37, 22).
        for (let i = 0; i < 3; i++) await walkAndReport(player, WEST);
        await walkAndReport(player, NORTH);
        expect(await walkAndReport(player, NORTH)).toEqual({ x: DOOR.x, y: DOOR.y + 1 });
        // Shut: the door's tile cannot be entered moving north.
        expect(await walkAndReport(player, NORTH)).toEqual({ x: DOOR.x, y: DOOR.y + 1 });

        // A click on the door's left half (the tile straight above has the player's own char below it): locked.
        mark = client.received.length;
        client.send("LeftClick", { x: DOOR.x - 1, y: DOOR.y, counter: 1 });
        await client.waitFor("LocaleMsg", (f) => f.messageId === 1074, mark);

        // The house key used from the inventory goes onto the ring.
        mark = client.received.length;
        client.send("UseItem", { slot: keySlot, fromInventoryTab: 1, counter: 1 });
        await client.waitFor("UpdateUserKey", (f) => f.slot === 1 && f.key === DEFAULT_OBJECTS.houseKey, mark);
        await client.waitFor("ChangeInventorySlot", (f) => f.slot === keySlot && f.objIndex === 0, mark);

        // The ring's key on the door looked at: unlocked (Msg897), then a click opens it.
        await Bun.sleep(1_100);
        mark = client.received.length;
        client.send("UseKey", { slot: 1 });
        await client.waitFor("LocaleMsg", (f) => f.messageId === 897, mark);
        mark = client.received.length;
        client.send("LeftClick", { x: DOOR.x - 1, y: DOOR.y, counter: 2 });
        await client.waitFor("ObjectCreate", (f) => f.x === DOOR.x && f.y === DOOR.y && f.objIndex === DEFAULT_OBJECTS.houseDoorOpen, mark);
        const blocks = client.received.slice(mark).filter((p) => p.name === "BlockPosition");
        expect(blocks.map((p) => [p.fields.x, p.fields.y, p.fields.blocked])).toContainEqual([DOOR.x, DOOR.y, 0]);

        // In.
        expect(await walkAndReport(player, NORTH)).toEqual(DOOR);
        expect(await walkAndReport(player, NORTH)).toEqual({ x: DOOR.x, y: DOOR.y - 1 });
        expect(client.decodeErrors).toBe(0);

        await logOut(player);
        await live.ts.server.gateway.drainSaves();
        const saved = await live.ts.server.database.characters.findCharacterByName(first.name);
        expect(saved?.keyRing?.[0]).toBe(DEFAULT_OBJECTS.houseKey);
      }, 90_000);
    });
  }
}
