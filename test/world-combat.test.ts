/**
 * Combat end to end on the default world (issue #15): a stock-protocol client over TCP and
 * WebSocket, on PGlite and Postgres, stands next to a wild boar in the field, strikes it with
 * `Attack` until it dies (damage numbers, the HP bar, experience, the kill message, its gold on the
 * ground) while the boar bites back (`CharAtaca`, `NPCHitUser`); the experience is still there
 * after logging out and in.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_WORLD_MAP_IDS } from "../src/content/index.ts";
import { GOLD_OBJECT } from "../src/game/items/index.ts";
import type { GameClient } from "./support/game-client.ts";
import { availableBackends } from "./support/test-server.ts";
import { editOffline, liveWorld, loginExisting, uniqueName } from "./support/world-players.ts";

/** The field's first boar (src/content/default-world/build-maps.ts): nobody has woken it yet. */
const BOAR_SPAWN = { x: 30, y: 30 };
const WEST = 4;
const KNIFE_SLOT = 1;

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const) {
    describe(`combat over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("a seasoned warrior kills the boar next to it: damage, HP bar, experience, the kill, its gold; the boar bites back", async () => {
        const email = `${uniqueName("c")}@test.local`;
        const fresh = await live.enter("Cazador", email);
        fresh.client.send("Quit");
        await fresh.client.waitForClose();
        // Put the character east of the sleeping boar, tough and skilled enough to end it fast.
        await editOffline(live.ts, fresh.name, (record) => {
          record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: BOAR_SPAWN.x + 1, y: BOAR_SPAWN.y, heading: WEST };
          record.level = 12; // still a newbie: the kit's newbie knife may be wielded
          record.vitals = { ...record.vitals, hp: 300, maxHp: 300, stamina: 300, maxStamina: 300 };
          record.skills = record.skills.map((points, index) => (index === 3 || index === 2 ? 100 : points));
        });
        const player = await loginExisting(live.ts, transport, email, fresh.name);
        live.keep(player.client);
        const { client } = player;
        const boar = client.received.find((p) => p.name === "CharacterCreate" && p.fields.npcNumber === DEFAULT_NPCS.wildBoar && p.fields.x === BOAR_SPAWN.x);
        expect(boar).toBeDefined();
        const boarIndex = boar!.fields.charIndex as number;

        let from = client.received.length;
        client.send("EquipItem", { slot: KNIFE_SLOT, isSkin: false });
        await client.waitFor("ChangeInventorySlot", (f) => f.slot === KNIFE_SLOT && f.equipped === true, from);
        const expBefore = lastExp(client);
        // Woken by the player's arrival, the hostile boar bites first (a hit or a miss: -1).
        const bite = await client.waitFor("CharAtaca", (f) => f.charIndex === boarIndex && f.attackerIndex === player.charIndex);
        expect(bite.fields.damage as number).toBeGreaterThanOrEqual(-1);

        from = client.received.length;
        const killed = await strikeUntilKilled(client, boarIndex);
        expect(killed).toBe(true);
        const fight = client.received.slice(from);
        const bars = fight.filter((p) => p.name === "CharUpdateHP" && p.fields.charIndex === boarIndex).map((p) => p.fields.minHp as number);
        expect(bars.at(-1)).toBe(0);
        expect(fight.some((p) => p.name === "TextOverChar" && p.fields.charIndex === boarIndex)).toBe(true);
        expect(fight.some((p) => p.name === "LocaleMsg" && p.fields.messageId === 382)).toBe(true);
        expect(fight.some((p) => p.name === "CharacterRemove" && p.fields.charIndex === boarIndex)).toBe(true);
        const gold = await client.waitFor("ObjectCreate", (f) => f.objIndex === GOLD_OBJECT, from);
        expect(gold.fields.amount).toBeGreaterThan(0);
        const expAfter = lastExp(client);
        expect(expAfter).toBeGreaterThan(expBefore);
        expect(client.decodeErrors).toBe(0);

        // The connection dropped (the field is no safe map: /SALIR would count down) and logged in
        // again: the experience went with the character.
        client.close();
        await Bun.sleep(200);
        await live.ts.server.gateway.drainSaves();
        const again = await loginExisting(live.ts, transport, email, fresh.name);
        live.keep(again.client);
        const stats = again.client.received.find((p) => p.name === "UpdateUserStats")!;
        expect(stats.fields.exp).toBe(expAfter);
      }, 60_000);
    });
  }
}

/** The last experience the client was told (login stats or `UpdateExp`). */
function lastExp(client: GameClient): number {
  const last = client.received.filter((p) => p.name === "UpdateExp" || p.name === "UpdateUserStats").at(-1);
  return (last?.fields.exp as number | undefined) ?? 0;
}

/**
 * Faces the boar (it may have stepped around the player to bite) and strikes every 1.2 s until
 * the kill message; false after 40 blows.
 */
async function strikeUntilKilled(client: GameClient, boarIndex: number): Promise<boolean> {
  for (let blow = 0; blow < 40; blow++) {
    const me = positionOf(client, client.received.find((p) => p.name === "UserCharIndexInServer")!.fields.charIndex as number);
    const boar = positionOf(client, boarIndex);
    if (me && boar) {
      const heading = boar.x < me.x ? 4 : boar.x > me.x ? 2 : boar.y < me.y ? 1 : 3;
      client.send("ChangeHeading", { heading });
    }
    client.send("Attack");
    await Bun.sleep(1_200);
    if (client.received.some((p) => p.name === "LocaleMsg" && p.fields.messageId === 184)) return true;
  }
  return false;
}

/** Where the client last saw a char (create or move). */
function positionOf(client: GameClient, charIndex: number): { x: number; y: number } | undefined {
  const seen = client.received.filter((p) => (p.name === "CharacterCreate" || p.name === "CharacterMove") && p.fields.charIndex === charIndex).at(-1);
  return seen && { x: seen.fields.x as number, y: seen.fields.y as number };
}
