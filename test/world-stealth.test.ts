/**
 * Hiding and stealing end to end (issue 26): real server (workers, database), real sockets, over
 * TCP and WebSocket, on PGlite and on Postgres (when TEST_DATABASE_URL is set), two stock-client
 * players on the field east of Alba (the town map is safe: nobody steals or fights there). The
 * hider is a Warrior with Ocultarse and Robar at 100, set while offline (hiding at 100 succeeds
 * 75 % of the time, so it tries until it does). The other sees it vanish (`SetInvisible` true)
 * and come back when it walks (a Warrior does not walk hidden) and when it strikes at it; in
 * between it tries to steal from it (the thief stays hidden; a citizen thief turns criminal).
 */
import { describe, expect, test } from "bun:test";
import { SKILL } from "../src/game/progression/index.ts";
import { fetchMap, openHeading } from "./support/map-paths.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { editOffline, type InWorld, liveWorld, loginExisting, logOut, uniqueName } from "./support/world-players.ts";
import type { GameClient } from "./support/game-client.ts";

/** Campos de Alba: not a safe map. */
const FIELD = 2;
const HIDER_AT = { x: 14, y: 50 };
const VICTIM_AT = { x: 15, y: 50 };
const WARRIOR = 3;
const EAST = 2;
const HIDE = 7;
const STEAL = 2;


/** `Work(7)` until the watcher sees the hider vanish (each try fails with a chance of 1 in 4). */
async function hideUntilHidden(hider: InWorld, watcher: GameClient): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const from = watcher.received.length;
    hider.client.send("Work", { skill: HIDE });
    await Bun.sleep(300);
    if (watcher.received.slice(from).some((p) => p.name === "SetInvisible" && p.fields.charIndex === hider.charIndex && p.fields.invisible === true)) return;
  }
  throw new Error("never hidden");
}

for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`hiding and stealing over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("the other player sees the hider vanish and come back on a walk and on a blow; a theft leaves it hidden", async () => {
        const hiderEmail = `${uniqueName("o")}@test.local`;
        const victimEmail = `${uniqueName("v")}@test.local`;
        const first = await live.enter("Oculto", hiderEmail);
        const second = await live.enter("Victima", victimEmail);
        await logOut(first, 20_000);
        await logOut(second, 20_000);
        await editOffline(live.ts, first.name, (record) => {
          record.class = WARRIOR;
          record.skills[SKILL.Hide - 1] = 100;
          record.skills[SKILL.Steal - 1] = 100;
          record.vitals.stamina = record.vitals.maxStamina = 100;
          record.position = { map: FIELD, x: HIDER_AT.x, y: HIDER_AT.y, heading: EAST };
        });
        await editOffline(live.ts, second.name, (record) => {
          record.gold = 5_000;
          record.position = { map: FIELD, x: VICTIM_AT.x, y: VICTIM_AT.y, heading: 4 };
        });

        const hider = await loginExisting(live.ts, transport, hiderEmail, first.name);
        live.keep(hider.client);
        const victim = await loginExisting(live.ts, transport, victimEmail, second.name);
        live.keep(victim.client);
        expect([hider.map, hider.x, hider.y, victim.map, victim.x, victim.y]).toEqual([FIELD, HIDER_AT.x, HIDER_AT.y, FIELD, VICTIM_AT.x, VICTIM_AT.y]);
        await hider.client.waitFor("CharacterCreate", (f) => f.charIndex === victim.charIndex);

        // Hidden; a step (a Warrior walks out of hiding: 307) shows it again to the other player.
        await hideUntilHidden(hider, victim.client);
        const map = await fetchMap(live.ts.httpPort, FIELD);
        const occupied = hider.client.occupiedTiles(hider.charIndex);
        const away = openHeading(map, hider.x, hider.y, occupied);
        let from = victim.client.received.length;
        hider.client.send("Walk", { heading: away });
        await victim.client.waitFor("SetInvisible", (f) => f.charIndex === hider.charIndex && f.invisible === false, from);
        await hider.client.waitFor("LocaleMsg", (f) => f.messageId === 307);
        const back = ((away + 1) % 4) + 1;
        hider.client.send("Walk", { heading: back });
        hider.client.send("RequestPositionUpdate");
        await hider.client.waitFor("PosUpdate", (f) => f.x === HIDER_AT.x && f.y === HIDER_AT.y);
        await Bun.sleep(300);

        // Hidden again: the safe off, a theft (90 % at Robar 100: 1458 or 1039) does not reveal it; the citizen turns criminal.
        await hideUntilHidden(hider, victim.client);
        hider.client.send("SafeToggle");
        await hider.client.waitFor("SafeModeOff");
        from = victim.client.received.length;
        const thiefFrom = hider.client.received.length;
        hider.client.send("Work", { skill: STEAL });
        await hider.client.waitFor("WorkRequestTarget", (f) => f.skill === STEAL, thiefFrom);
        hider.client.send("WorkLeftClick", { x: VICTIM_AT.x, y: VICTIM_AT.y, skill: STEAL });
        const told = await hider.client.waitFor("LocaleMsg", (f) => f.messageId === 1458 || f.messageId === 1039, thiefFrom);
        await victim.client.waitFor("LocaleMsg", (f) => f.messageId === (told.fields.messageId === 1458 ? 1530 : 1459), from);
        await victim.client.waitFor("UpdateTagAndStatus", (f) => f.charIndex === hider.charIndex && f.status === 0, from);
        expect(victim.client.received.slice(from).filter((p) => p.name === "SetInvisible")).toEqual([]);

        // A blow at the other player (hit or miss) brings the hider out (VB6 RemoveUserInvisibility).
        hider.client.send("ChangeHeading", { heading: EAST });
        await Bun.sleep(200);
        from = victim.client.received.length;
        hider.client.send("Attack");
        await victim.client.waitFor("SetInvisible", (f) => f.charIndex === hider.charIndex && f.invisible === false, from);
        expect(hider.client.decodeErrors).toBe(0);
        expect(victim.client.decodeErrors).toBe(0);
      }, 90_000);
    });
  }
}
