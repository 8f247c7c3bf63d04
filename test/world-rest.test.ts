/**
 * `/DESCANSAR` end to end (issue 26): real server (workers, database), real sockets, over TCP and
 * WebSocket, on PGlite and on Postgres (when TEST_DATABASE_URL is set). A stock-client player,
 * hurt and tired (its row edited offline) and placed beside the default world's campfire in Alba,
 * rests: `RestOK` and Msg753; its HP comes back on the resting period (a step every 2.04 s, told
 * at the next second's sweep: well before the 8.04 s an awake player waits) and its stamina
 * rises; a step ends it (`RestOK`, Msg1121). Away from any fire the same command is refused (Msg755).
 * In the Campos de Alba a player clicks the default world's twigs until they light, and rests there.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_OBJECTS, DEFAULT_WORLD_MAP_IDS, FIELD_TWIGS_TILE, TOWN_CAMPFIRE_TILE } from "../src/content/index.ts";
import { fetchMap, openHeading, step } from "./support/map-paths.ts";
import { burstEnded } from "./support/staff-players.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { editOffline, liveWorld, loginExisting, uniqueName } from "./support/world-players.ts";

const TOWN = DEFAULT_WORLD_MAP_IDS.town;
const FIELD = DEFAULT_WORLD_MAP_IDS.field;
/** Msg1079 "Has prendido la fogata.", Msg1081 "No has podido hacer fuego." */
const LIT = 1079;
const FAILED = 1081;
/** Supervivencia 10 lights on RandomNumber(1, 2) = 1; this many clicks all failing is a 2^-40 chance. */
const LIGHTING_TRIES = 40;
/** Msg753 "Te acomodas junto a la fogata…", Msg755 "No hay ninguna fogata…", Msg1121 "Has dejado de descansar." */
const STARTED = 753;
const NO_CAMPFIRE = 755;
const LEFT = 1121;
/** An awake player's first HP step comes 8.04 s after login; resting, 2.04 s after /DESCANSAR. */
const AWAKE_HP_PERIOD_MS = 8040;

for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`/DESCANSAR over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("on the plaza, far from the fire: Msg755 and no RestOK", async () => {
        const player = await live.enter("Lejos");
        await burstEnded(player.client);
        const from = player.client.received.length;
        player.client.send("Rest");
        await player.client.waitFor("LocaleMsg", (f) => f.messageId === NO_CAMPFIRE, from);
        expect(player.client.received.slice(from).filter((p) => p.name === "RestOK")).toEqual([]);
      }, 60_000);

      test("beside Alba's campfire: RestOK, HP and stamina rise at the resting rate, a step ends it", async () => {
        const email = `${uniqueName("d")}@test.local`;
        const first = await live.enter("Fogon", email);
        await burstEnded(first.client);
        first.client.send("Quit");
        await first.client.waitFor("Disconnect");
        await first.client.waitForClose();
        await editOffline(live.ts, first.name, (record) => {
          record.position = { ...record.position, map: TOWN, x: TOWN_CAMPFIRE_TILE.x - 2, y: TOWN_CAMPFIRE_TILE.y + 1 };
          record.vitals = { ...record.vitals, hp: 1, stamina: 1 };
        });

        const player = await loginExisting(live.ts, transport, email, first.name);
        live.keep(player.client);
        const loggedAt = Date.now();
        expect(player.map).toBe(TOWN);
        expect(Math.abs(player.x - TOWN_CAMPFIRE_TILE.x) <= 11 && Math.abs(player.y - TOWN_CAMPFIRE_TILE.y) <= 9).toBe(true);
        await burstEnded(player.client);

        const from = player.client.received.length;
        player.client.send("Rest");
        await player.client.waitFor("RestOK", () => true, from);
        await player.client.waitFor("LocaleMsg", (f) => f.messageId === STARTED, from);

        // HP: the first step falls 2.04 s after /DESCANSAR and is told at the next sweep.
        const healed = await player.client.waitFor("UpdateHP", (f) => (f.minHp as number) > 1, from, 6_000);
        expect(Date.now() - loggedAt).toBeLessThan(AWAKE_HP_PERIOD_MS - 1_000);
        expect(healed.fields.minHp as number).toBeGreaterThan(1);
        // Stamina: a step every 240 ms; after two seconds of rest it has risen several times.
        await Bun.sleep(2_000);
        const stamina = player.client.received.slice(from).filter((p) => p.name === "UpdateSta").map((p) => p.fields.minSta as number);
        expect(stamina.length).toBeGreaterThan(0);
        expect(stamina.at(-1)!).toBeGreaterThanOrEqual(5);

        // A step ends it.
        const map = await fetchMap(live.ts.httpPort, TOWN);
        const heading = openHeading(map, player.x, player.y, player.client.occupiedTiles(player.charIndex));
        const target = step(player.x, player.y, heading);
        const walked = player.client.received.length;
        player.client.send("Walk", { heading });
        await player.client.waitFor("RestOK", () => true, walked);
        await player.client.waitFor("LocaleMsg", (f) => f.messageId === LEFT, walked);
        player.client.send("RequestPositionUpdate");
        await player.client.waitFor("PosUpdate", (f) => f.x === target.x && f.y === target.y, walked);
        expect(player.client.decodeErrors).toBe(0);
      }, 60_000);

      test("in the fields: clicks on the twigs until they light (Msg1079, a Fogata over them), then /DESCANSAR by that fire", async () => {
        const email = `${uniqueName("f")}@test.local`;
        const first = await live.enter("Yesca", email);
        await burstEnded(first.client);
        first.client.send("Quit");
        await first.client.waitFor("Disconnect");
        await first.client.waitForClose();
        await editOffline(live.ts, first.name, (record) => {
          record.position = { ...record.position, map: FIELD, x: FIELD_TWIGS_TILE.x + 1, y: FIELD_TWIGS_TILE.y };
          const skills = [...record.skills];
          skills[7] = 10;
          record.skills = skills;
        });
        const player = await loginExisting(live.ts, transport, email, first.name);
        live.keep(player.client);
        expect(player.map).toBe(FIELD);
        expect(Math.abs(player.x - FIELD_TWIGS_TILE.x) + Math.abs(player.y - FIELD_TWIGS_TILE.y)).toBeLessThanOrEqual(2);
        await burstEnded(player.client);

        // (A click on the tile just above a char targets the char, so the player stands beside the twigs, not below them.)
        let lit = false;
        for (let tries = 0; tries < LIGHTING_TRIES && !lit; tries++) {
          const from = player.client.received.length;
          player.client.send("LeftClick", { x: FIELD_TWIGS_TILE.x, y: FIELD_TWIGS_TILE.y, counter: tries + 1 });
          const said = await player.client.waitFor("LocaleMsg", (f) => f.messageId === LIT || f.messageId === FAILED, from);
          lit = said.fields.messageId === LIT;
          if (lit) await player.client.waitFor("ObjectCreate", (f) => f.x === FIELD_TWIGS_TILE.x && f.y === FIELD_TWIGS_TILE.y && f.objIndex === DEFAULT_OBJECTS.campfire, from);
        }
        expect(lit).toBe(true);

        const from = player.client.received.length;
        player.client.send("Rest");
        await player.client.waitFor("RestOK", () => true, from);
        await player.client.waitFor("LocaleMsg", (f) => f.messageId === STARTED, from);
        expect(player.client.decodeErrors).toBe(0);
      }, 60_000);
    });
  }
}
