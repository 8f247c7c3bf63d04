/**
 * Kept pets and pet orders end to end (issue 26): real server (workers, database), real sockets,
 * over TCP and WebSocket, on PGlite and on Postgres (when TEST_DATABASE_URL is set). A character
 * that owns a tamed Liebre Parda (its row's `tamed_pets`, set while offline as a test's shortcut
 * for taming it in the forest: test/world-pets.test.ts does that) logs in and finds it next to
 * it, drawn as its own; a click on it and `/QUIETO` (`PetStand`) keep it where it stands while
 * its master walks on; after logout the row still keeps it, and at the next login it is back.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_NPCS } from "../src/content/index.ts";
import { fetchMap, openHeading, step } from "./support/map-paths.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { editOffline, type InWorld, liveWorld, loginExisting, logOut, uniqueName } from "./support/world-players.ts";

const HARE = DEFAULT_NPCS.brownHare;

/** The player's pet as its client drew it at login (`CharacterCreate` isNpc 2 of the hare), after `from`. */
async function ownPet(player: InWorld, from = 0): Promise<{ charIndex: number; x: number; y: number }> {
  const created = await player.client.waitFor("CharacterCreate", (f) => f.isNpc === 2 && f.npcNumber === HARE, from);
  return { charIndex: created.fields.charIndex as number, x: created.fields.x as number, y: created.fields.y as number };
}


for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`kept pets and pet orders over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("a kept hare comes at login; /QUIETO keeps it where it stands; it is kept at logout and back at the next login", async () => {
        const email = `${uniqueName("m")}@test.local`;
        const first = await live.enter("Ama", email);
        await logOut(first);
        await editOffline(live.ts, first.name, (record) => {
          record.tamedPets = [HARE];
        });

        const owner = await loginExisting(live.ts, transport, email, first.name);
        live.keep(owner.client);
        const pet = await ownPet(owner);
        expect(Math.max(Math.abs(pet.x - owner.x), Math.abs(pet.y - owner.y))).toBe(1);

        // Target it (a click on its head: `LookatTile` takes the char below the tile first), then the order.
        owner.client.send("LeftClick", { x: pet.x, y: pet.y - 1, counter: 1 });
        owner.client.send("PetStand");
        // Walk two steps away from it; a following pet would step after its master.
        const map = await fetchMap(live.ts.httpPort, owner.map);
        let at = { x: owner.x, y: owner.y };
        for (let walked = 0; walked < 2; walked++) {
          const heading = openHeading(map, at.x, at.y, owner.client.occupiedTiles(owner.charIndex));
          const target = step(at.x, at.y, heading);
          owner.client.send("Walk", { heading });
          owner.client.send("RequestPositionUpdate");
          await owner.client.waitFor("PosUpdate", (f) => f.x === target.x && f.y === target.y);
          at = target;
          await Bun.sleep(250);
        }
        const ordered = owner.client.received.length;
        await Bun.sleep(2_000);
        expect(owner.client.received.slice(ordered).filter((p) => p.name === "CharacterMove" && p.fields.charIndex === pet.charIndex)).toEqual([]);
        expect(owner.client.decodeErrors).toBe(0);

        await logOut(owner);
        await live.ts.server.gateway.drainSaves();
        const saved = await live.ts.server.database.characters.findCharacterByName(first.name);
        expect(saved?.tamedPets).toEqual([HARE]);

        const back = await loginExisting(live.ts, transport, email, first.name);
        live.keep(back.client);
        const again = await ownPet(back);
        expect(Math.max(Math.abs(again.x - back.x), Math.abs(again.y - back.y))).toBe(1);
      }, 60_000);
    });
  }
}
