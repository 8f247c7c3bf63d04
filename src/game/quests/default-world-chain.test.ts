/**
 * The default world's Alba chain played through the pure rules: visit the healer, three wolves,
 * bread and apples, then the repeatable hare hunt, against the pack's own tables.
 */
import { describe, expect, test } from "bun:test";
import { buildDefaultWorld, DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_QUESTS } from "../../content/index.ts";
import { emptyInventory, putItem } from "../inventory/index.ts";
import { itemCatalog } from "../items/index.ts";
import { acceptOffer, clickTargets, creditKill, EMPTY_QUEST_LOG, npcClickAction, questBook, questMarker, turnInQuest, type QuestCharacter } from "./index.ts";

const tables = buildDefaultWorld().tables!;
const book = questBook(tables.quests);
const catalog = itemCatalog(tables.objects!);
const giver = tables.npcs!.npcs.find((npc) => npc.id === DEFAULT_NPCS.questGiver)!;

describe("the default world's quests through the rules", () => {
  test("visit, kill, collect: each unlocks the next and pays its reward", () => {
    let c: QuestCharacter & { alive: boolean } = { level: 2, classId: 3, exp: 0, bankGold: 0, inventory: emptyInventory(), spells: [], skills: [], factionStatus: 1, quests: EMPTY_QUEST_LOG, alive: true };
    expect(questMarker(c, giver, book)).toBe(1);
    const accept = (row: number) => {
      const offer = npcClickAction(c, giver, 1, book);
      if (offer.kind !== "offer") throw new Error(offer.kind);
      const accepted = acceptOffer(c, offer.offer, row, { npcDistance: 1, catalog }, book);
      if (!accepted?.ok) throw new Error(JSON.stringify(accepted));
      c = { ...c, quests: accepted.quests, inventory: accepted.inventory };
      return offer;
    };
    const turnIn = () => {
      const click = npcClickAction(c, giver, 1, book);
      if (click.kind !== "turn-in") throw new Error(click.kind);
      const done = turnInQuest(c, click.slot, { catalog }, book);
      if (!done.ok) throw new Error(done.reason);
      c = { ...c, quests: done.quests, inventory: done.inventory, exp: done.exp };
      return done;
    };

    const first = accept(1);
    expect(first.entries.map((entry) => entry.state)).toEqual([0, 3, 3, 0]);
    c = { ...c, quests: clickTargets(c.quests, DEFAULT_NPCS.healer, book).quests };
    expect(turnIn().objectsGiven).toEqual([{ objIndex: DEFAULT_OBJECTS.healthPotion, amount: 3 }]);

    accept(2);
    for (let i = 0; i < 3; i++) c = { ...c, quests: creditKill(c.quests, DEFAULT_NPCS.greyWolf, "Lobo Ceniciento", book).quests };
    expect(turnIn().gold).toEqual({ amount: 40, to: "wallet" });

    accept(3);
    expect(questMarker(c, giver, book)).toBe(4);
    for (const [objectId, amount] of [
      [DEFAULT_OBJECTS.bread, 2],
      [DEFAULT_OBJECTS.apple, 3],
    ] as const) {
      const put = putItem(c.inventory, { objectId, amount }, catalog);
      if (!put.ok) throw new Error(put.reason);
      c = { ...c, inventory: put.inventory };
    }
    expect(questMarker(c, giver, book)).toBe(3);
    expect(turnIn().objectsGiven).toEqual([{ objIndex: DEFAULT_OBJECTS.leatherJerkin, amount: 1 }]);
    expect(c.quests.done.map((entry) => entry.questId)).toEqual([DEFAULT_QUESTS.visitHealer, DEFAULT_QUESTS.wolves, DEFAULT_QUESTS.supplies]);
    expect(c.exp).toBe(20 + 80 + 120);

    // The hare hunt can be repeated.
    for (let round = 1; round <= 2; round++) {
      accept(4);
      for (let i = 0; i < 2; i++) c = { ...c, quests: creditKill(c.quests, DEFAULT_NPCS.brownHare, "Liebre Parda", book).quests };
      turnIn();
    }
    expect(c.quests.done.find((entry) => entry.questId === DEFAULT_QUESTS.hares)!.times).toBe(2);
    expect(questMarker(c, giver, book)).toBe(1);
  });
});
