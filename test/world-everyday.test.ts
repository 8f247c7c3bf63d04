/**
 * A stock-client player's everyday round in the default world (issue 26's acceptance): real
 * server (workers, database), real sockets, over TCP and WebSocket, on PGlite and on Postgres
 * (when TEST_DATABASE_URL is set). One character, whose row is set offline to values a test can
 * recognise (every skill a different number, five different attributes), opens the skills, the
 * attributes and the mini-stats windows and reads exactly those values; takes the key lying in
 * Alba's street, puts it on its ring and opens the locked house with it; then, with a tamed hare
 * kept with it (the row's `tamed_pets`), beside the town's campfire, orders the hare to stay,
 * rests (`RestOK`, its HP rising) and stands up by walking away while the hare stays put.
 * Each piece has its own deeper test (world-session, world-doors, world-rest, world-npc-services);
 * this one is the round a player does in one sitting, on one character.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_WORLD_MAP_IDS, TOWN_CAMPFIRE_TILE } from "../src/content/index.ts";
import { fetchMap, openHeading, step } from "./support/map-paths.ts";
import { burstEnded } from "./support/staff-players.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { editOffline, liveWorld, loginExisting, logOut, uniqueName, walkAndReport } from "./support/world-players.ts";

const TOWN = DEFAULT_WORLD_MAP_IDS.town;
const HARE = DEFAULT_NPCS.brownHare;
const NORTH = 1;
const WEST = 4;
/** The default world's locked house and its key in the street (build-maps.ts `KEY_HOUSE`, `HOUSE_KEY_TILE`). */
const DOOR = { x: 37, y: 21 };
const KEY_TILE = { x: 40, y: 24 };
/** Msg1074 the door is locked; Msg897 the lock opened; Msg753 resting begins; Msg1121 resting ends by a step. */
const DOOR_LOCKED = 1074;
const UNLOCKED = 897;
const REST_STARTED = 753;
const REST_LEFT = 1121;
/** Every skill a different value (1, 4, 7, …), so a window that shows them shifted or out of order fails. */
const SKILLS = Array.from({ length: 24 }, (_, i) => 1 + 3 * i);
/** The record's order: strength, agility, intelligence, charisma, constitution. */
const ATTRIBUTES = [18, 17, 16, 15, 14] as const;



for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`an everyday round over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("the sheet windows show the character's own values; the locked house opens with its key; the hare stays while its master rests by the fire", async () => {
        const email = `${uniqueName("r")}@test.local`;
        const first = await live.enter("Ronda", email);
        await burstEnded(first.client);
        await logOut(first);
        await editOffline(live.ts, first.name, (record) => {
          record.skills = [...SKILLS];
          record.attributes = [...ATTRIBUTES];
          record.position = { ...record.position, map: TOWN, x: KEY_TILE.x, y: KEY_TILE.y + 1 };
        });

        // The windows: the values set in the row, in the stock client's field order.
        let player = await loginExisting(live.ts, transport, email, first.name);
        live.keep(player.client);
        let { client } = player;
        await burstEnded(client);
        let mark = client.received.length;
        client.send("RequestSkills");
        client.send("RequestAtributes");
        client.send("RequestMiniStats");
        expect((await client.waitFor("SendSkills", () => true, mark)).fields.skills).toEqual(SKILLS);
        const [strength, agility, intelligence, charisma, constitution] = ATTRIBUTES;
        expect((await client.waitFor("Atributes", () => true, mark)).fields).toEqual({ strength, agility, intelligence, constitution, charisma });
        const saved = (await live.ts.server.database.characters.findCharacterByName(first.name))!;
        const mini = (await client.waitFor("MiniStats", () => true, mark)).fields;
        expect({ class: mini.class, gender: mini.gender, race: mini.race, deaths: mini.deaths }).toEqual({ class: saved.class, gender: saved.gender, race: saved.race, deaths: 0 });

        // The key in the street, then the door: locked; the key onto the ring; UseKey; a click opens; in.
        expect(await walkAndReport(player, NORTH)).toEqual(KEY_TILE);
        mark = client.received.length;
        client.send("PickUp", { x: KEY_TILE.x, y: KEY_TILE.y, destSlot: 0 });
        const keySlot = (await client.waitFor("ChangeInventorySlot", (f) => f.objIndex === DEFAULT_OBJECTS.houseKey, mark)).fields.slot as number;
        for (let i = 0; i < 3; i++) await walkAndReport(player, WEST);
        await walkAndReport(player, NORTH);
        expect(await walkAndReport(player, NORTH)).toEqual({ x: DOOR.x, y: DOOR.y + 1 });
        expect(await walkAndReport(player, NORTH)).toEqual({ x: DOOR.x, y: DOOR.y + 1 });
        mark = client.received.length;
        client.send("LeftClick", { x: DOOR.x - 1, y: DOOR.y, counter: 1 });
        await client.waitFor("LocaleMsg", (f) => f.messageId === DOOR_LOCKED, mark);
        mark = client.received.length;
        client.send("UseItem", { slot: keySlot, fromInventoryTab: 1, counter: 1 });
        await client.waitFor("UpdateUserKey", (f) => f.slot === 1 && f.key === DEFAULT_OBJECTS.houseKey, mark);
        // The U-key interval (VB6's IntervaloUsarU) since the item use.
        await Bun.sleep(1_100);
        mark = client.received.length;
        client.send("UseKey", { slot: 1 });
        await client.waitFor("LocaleMsg", (f) => f.messageId === UNLOCKED, mark);
        mark = client.received.length;
        client.send("LeftClick", { x: DOOR.x - 1, y: DOOR.y, counter: 2 });
        await client.waitFor("ObjectCreate", (f) => f.x === DOOR.x && f.y === DOOR.y && f.objIndex === DEFAULT_OBJECTS.houseDoorOpen, mark);
        expect(await walkAndReport(player, NORTH)).toEqual(DOOR);
        await logOut(player);

        // By the campfire, hurt, with a tamed hare.
        await editOffline(live.ts, first.name, (record) => {
          record.position = { ...record.position, map: TOWN, x: TOWN_CAMPFIRE_TILE.x - 2, y: TOWN_CAMPFIRE_TILE.y + 1 };
          record.vitals = { ...record.vitals, hp: 1 };
          record.tamedPets = [HARE];
        });
        player = await loginExisting(live.ts, transport, email, first.name);
        live.keep(player.client);
        client = player.client;
        const hare = await client.waitFor("CharacterCreate", (f) => f.isNpc === 2 && f.npcNumber === HARE);
        const pet = { charIndex: hare.fields.charIndex as number, x: hare.fields.x as number, y: hare.fields.y as number };
        await burstEnded(client);
        client.send("LeftClick", { x: pet.x, y: pet.y - 1, counter: 1 });
        client.send("PetStand");

        mark = client.received.length;
        client.send("Rest");
        await client.waitFor("RestOK", () => true, mark);
        await client.waitFor("LocaleMsg", (f) => f.messageId === REST_STARTED, mark);
        const healed = await client.waitFor("UpdateHP", (f) => (f.minHp as number) > 1, mark, 6_000);
        expect(healed.fields.minHp as number).toBeGreaterThan(1);

        // A step away from the fire (and the hare) ends resting; the hare does not follow.
        const map = await fetchMap(live.ts.httpPort, TOWN);
        const heading = openHeading(map, player.x, player.y, client.occupiedTiles(player.charIndex));
        const target = step(player.x, player.y, heading);
        mark = client.received.length;
        expect(await walkAndReport(player, heading)).toEqual(target);
        await client.waitFor("RestOK", () => true, mark);
        await client.waitFor("LocaleMsg", (f) => f.messageId === REST_LEFT, mark);
        await Bun.sleep(1_200);
        expect(client.received.slice(mark).filter((p) => p.name === "CharacterMove" && p.fields.charIndex === pet.charIndex)).toEqual([]);
        expect(client.decodeErrors).toBe(0);
      }, 120_000);
    });
  }
}
