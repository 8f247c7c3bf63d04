/**
 * Quests end to end (issue 27): real server (workers, database), real sockets, over TCP and
 * WebSocket, on PGlite and on Postgres (when TEST_DATABASE_URL is set). A stock-client player in
 * the default world clicks Anciana Brígida in Alba, gets her offer list (`NpcQuestListSend`),
 * accepts the first quest (`QuestAccept` 1: Msg1264, the marker, which her `CharacterCreate`
 * already carried for this viewer); the log survives a logout and a
 * login (`QuestListRequest`); a click on the Hermana Irene, the quest's click target, turns it in
 * at once (`QUESTFIN*1`, 20 experience, the potions, Msg494); after logout the row keeps it done,
 * and at the next login the log is empty and Brígida lists it as done.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_QUESTS } from "../src/content/index.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { liveWorld, loginExisting, moveOffline, uniqueName, type InWorld } from "./support/world-players.ts";

/** The default world's Alba (map 1): Brígida (build-maps.ts `QUEST_GIVER_TILE`) and the healer. */
const TOWN = 1;
const BRIGIDA = { x: 42, y: 52 };
const IRENE = { x: 50, y: 43 };
const FIRST = DEFAULT_QUESTS.visitHealer;

async function logOut(player: InWorld): Promise<void> {
  const from = player.client.received.length;
  player.client.send("Quit");
  await player.client.waitFor("Disconnect", () => true, from);
  await player.client.waitForClose();
}

async function questList(player: InWorld): Promise<{ count: number; text: string }> {
  const mark = player.client.received.length;
  player.client.send("QuestListRequest");
  const list = await player.client.waitFor("QuestListSend", () => true, mark);
  return { count: list.fields.questCount as number, text: (list.fields.questIndexes as string | undefined) ?? "" };
}

async function offerStates(player: InWorld): Promise<string> {
  const mark = player.client.received.length;
  player.client.send("LeftClick", { x: BRIGIDA.x, y: BRIGIDA.y, counter: 1 });
  const offer = await player.client.waitFor("NpcQuestListSend", () => true, mark);
  return (offer.fields.quests as { questIndex: number; state: number }[]).map((q) => `${q.questIndex}:${q.state}`).join(",");
}

for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`quests over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("Brígida's first quest: offered, accepted, kept across a login, finished at the healer, kept done", async () => {
        const email = `${uniqueName("q")}@test.local`;
        const first = await live.enter("Mision", email);
        await logOut(first);
        await moveOffline(live.ts, first.name, TOWN, BRIGIDA.x + 1, BRIGIDA.y);

        const asker = await loginExisting(live.ts, transport, email, first.name);
        live.keep(asker.client);
        // Her create carries this viewer's marker: a quest to take (quests.md §3.1).
        await asker.client.waitFor("CharacterCreate", (f) => f.npcNumber === DEFAULT_NPCS.questGiver && f.symbol === 1, 0);
        expect(await offerStates(asker)).toBe(`${FIRST}:0,${DEFAULT_QUESTS.wolves}:3,${DEFAULT_QUESTS.supplies}:3,${DEFAULT_QUESTS.hares}:0`);
        let mark = asker.client.received.length;
        asker.client.send("QuestAccept", { listIndex: 1 });
        await asker.client.waitFor("LocaleMsg", (f) => f.messageId === 1264 && f.params === String(FIRST), mark);
        await asker.client.waitFor("UpdateNPCSimbolo", (f) => f.symbol === 4, mark);
        expect(await questList(asker)).toEqual({ count: 1, text: String(FIRST) });
        await logOut(asker);
        await live.ts.server.gateway.drainSaves();
        expect((await live.ts.server.database.characters.findCharacterByName(first.name))?.quests?.active.map((q) => q.questId)).toEqual([FIRST]);

        await moveOffline(live.ts, first.name, TOWN, IRENE.x + 1, IRENE.y);
        const visitor = await loginExisting(live.ts, transport, email, first.name);
        live.keep(visitor.client);
        expect(await questList(visitor)).toEqual({ count: 1, text: String(FIRST) });
        mark = visitor.client.received.length;
        visitor.client.send("LeftClick", { x: IRENE.x, y: IRENE.y, counter: 1 });
        await visitor.client.waitFor("ChatOverHead", (f) => f.text === `QUESTFIN*${FIRST}`, mark);
        await visitor.client.waitFor("LocaleMsg", (f) => f.messageId === 494, mark);
        await visitor.client.waitFor("UpdateExp", (f) => f.exp === 20, mark);
        expect(visitor.client.decodeErrors).toBe(0);
        await logOut(visitor);
        await live.ts.server.gateway.drainSaves();
        const saved = await live.ts.server.database.characters.findCharacterByName(first.name);
        expect(saved?.quests).toEqual({ active: [], done: [{ questId: FIRST, times: 1 }] });
        expect(saved?.exp).toBe(20);
        expect(saved?.inventory.find((slot) => slot.objectId === DEFAULT_OBJECTS.healthPotion)?.amount).toBeGreaterThanOrEqual(3);

        await moveOffline(live.ts, first.name, TOWN, BRIGIDA.x + 1, BRIGIDA.y);
        const back = await loginExisting(live.ts, transport, email, first.name);
        live.keep(back.client);
        expect(await questList(back)).toEqual({ count: 0, text: "" });
        expect(await offerStates(back)).toBe(`${FIRST}:2,${DEFAULT_QUESTS.wolves}:0,${DEFAULT_QUESTS.supplies}:3,${DEFAULT_QUESTS.hares}:0`);
      }, 90_000);
    });
  }
}
