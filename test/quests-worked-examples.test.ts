/**
 * Known answers of quests.md §13 (2024 data, ExpMult = OroMult = 1) for the pure quest rules
 * against the real `Quests.DAT`, `npcs.dat` and `obj.dat` of the shared data set (never copied into
 * the repo): quest 4 with its snake drops, quest 123 started by a note and turned in at Malvur,
 * quest 5's click target, Heather's free quests 38–42, and quest 87's defect. Random draws are
 * scripted.
 */
import { describe, expect, test } from "bun:test";
import { loadGameTables, type NpcTemplate } from "../src/content/dat/index.ts";
import { emptyInventory, putItem, type Inventory } from "../src/game/inventory/index.ts";
import { itemCatalog } from "../src/game/items/index.ts";
import {
  abandonQuest,
  acceptOffer,
  clickTargets,
  creditKill,
  EMPTY_QUEST_LOG,
  npcClickAction,
  questBook,
  questMarker,
  questObjectOffer,
  rollQuestDrops,
  turnInQuest,
  type QuestCharacter,
  type QuestLog,
} from "../src/game/quests/index.ts";
import { drawFor, scriptedRandom } from "../src/random/scripted-random.test-support.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";

const hasData = requireSharedData("ao20/Dat/Quests.DAT", "ao20/Dat/npcs.dat", "ao20/Dat/obj.dat");
const describeData = hasData ? describe : describe.skip;
const tables = hasData ? loadGameTables(sharedDataPath("ao20", "Dat"), "ao20").tables : undefined;
const book = questBook(tables?.quests);
const catalog = tables ? itemCatalog(tables.objects!) : undefined;
const npc = (id: number): NpcTemplate => tables!.npcs!.npcs.find((n) => n.id === id)!;

function give(inventory: Inventory, objectId: number, amount: number): Inventory {
  const put = putItem(inventory, { objectId, amount }, catalog!);
  if (!put.ok) throw new Error(`cannot give ${amount} × ${objectId}: ${put.reason}`);
  return put.inventory;
}

function player(overrides: Partial<QuestCharacter> = {}): QuestCharacter & { alive: boolean } {
  return { level: 1, classId: 3, exp: 0, bankGold: 0, inventory: emptyInventory(), spells: [], skills: [], factionStatus: 1, quests: EMPTY_QUEST_LOG, alive: true, ...overrides };
}

describeData("§13.1 quest 4 'Veneno mortal': kills plus a quest drop", () => {
  test("offer, accept row 2, ten snakes with ten fluids, turn-in at Makrom", () => {
    const makrom = npc(407);
    let c = player();
    expect(questMarker(c, makrom, book)).toBe(1);
    const offer = npcClickAction(c, makrom, 4, book);
    if (offer.kind !== "offer") throw new Error(offer.kind);
    expect(offer.entries.map((entry) => [entry.quest.id, entry.state])).toEqual([
      [2, 0],
      [4, 0],
      // RequiredLevel 5, 6, 7 and 12: "cannot take" for a level-1 character.
      [6, 3],
      [8, 3],
      [9, 3],
      [12, 3],
    ]);
    const accepted = acceptOffer(c, offer.offer, 2, { npcDistance: 4, catalog: catalog! }, book);
    if (!accepted?.ok) throw new Error(JSON.stringify(accepted));
    expect([accepted.quest.id, accepted.slot, accepted.message, accepted.marker]).toEqual([4, 1, 1264, 4]);
    c = { ...c, quests: accepted.quests };

    const snake = npc(502);
    for (let kill = 1; kill <= 10; kill++) {
      const credited = creditKill(c.quests, snake.id, snake.name, book);
      expect(credited.progress[0]!.bubble).toBe(`NOCONSOLA*${kill}/10 Serpiente`);
      expect(credited.progress[0]!.allKillsDone).toBe(kill === 10);
      // The line for quest 4 rolls RandomNumber(1, 1); lines for quests 8 and 9 (not active) do not roll.
      const drops = rollQuestDrops({ ...c, quests: credited.quests }, snake.questDrops, book, scriptedRandom(drawFor(1, 1, 1)));
      expect(drops).toEqual([{ objIndex: 2492, amount: 1, questId: 4 }]);
      c = { ...c, quests: credited.quests, inventory: give(c.inventory, 2492, 1) };
    }
    // With 10 fluids no more drop.
    expect(rollQuestDrops(c, snake.questDrops, book, scriptedRandom())).toEqual([]);
    expect(questMarker(c, makrom, book)).toBe(3);

    const click = npcClickAction(c, makrom, 2, book);
    expect(click).toEqual({ kind: "turn-in", questId: 4, slot: 1 });
    const done = turnInQuest(c, 1, { catalog: catalog! }, book);
    if (!done.ok) throw new Error(done.reason);
    expect(done.bubble).toBe("QUESTFIN*4");
    expect([done.expGained, done.gold, done.objectsGiven]).toEqual([200, { amount: 100, to: "wallet" }, [{ objIndex: 2497, amount: 10 }]]);
    expect(done.inventory.slots[0]).toMatchObject({ objectId: 2497, amount: 10 });
    expect(done.quests).toEqual({ active: [], done: [{ questId: 4, times: 1 }] });
    // Repeatable: Makrom still has something for this player (QQ8 fixed either way).
    expect(questMarker({ ...c, ...done, quests: done.quests }, makrom, book)).toBe(1);
  });

  test("abandoning at 6 fluids removes all 6 (Intirable, Instransferible), unless quest 9 also wants them", () => {
    const fluids = give(emptyInventory(), 2492, 6);
    const alone = player({ inventory: fluids, quests: { active: [{ questId: 4, npcKills: [6], targetClicks: [] }], done: [] } });
    const outcome = abandonQuest(alone, 1, catalog!, book)!;
    expect([outcome.message, outcome.changedSlots, outcome.inventory.slots[0]!.objectId]).toEqual([2115, [1], 0]);
    const withNine = { ...alone, quests: { active: [{ questId: 4, npcKills: [6], targetClicks: [] }, { questId: 9, npcKills: [0, 0], targetClicks: [] }], done: [] } };
    expect(abandonQuest(withNine, 1, catalog!, book)!.inventory.slots[0]).toMatchObject({ objectId: 2492, amount: 6 });
  });

  test("with quest 9 also active, a snake drops a fluid for it while either lacks them", () => {
    const snake = npc(502);
    const c = player({ quests: { active: [{ questId: 9, npcKills: [0, 0], targetClicks: [] }], done: [] }, inventory: give(emptyInventory(), 2492, 1) });
    expect(book.get(9)!.requiredObjects).toContainEqual({ objIndex: 2492, amount: 2 });
    expect(rollQuestDrops(c, snake.questDrops, book, scriptedRandom(drawFor(1, 1, 1)))).toEqual([{ objIndex: 2492, amount: 1, questId: 9 }]);
  });
});

describeData("§13.2 quest 123 'Mensaje misterioso': object start and TalkTo", () => {
  test("the note offers 123 at level 12; accept removes one note; Malvur takes the turn-in; 124 opens for workers", () => {
    let c = player({ level: 12, classId: 9, inventory: give(emptyInventory(), 3305, 1) });
    const used = questObjectOffer(c, 1, catalog!, book)!;
    expect([used.quest.id, used.state]).toEqual([123, 0]);
    const accepted = acceptOffer(c, used.offer, 1, { catalog: catalog! }, book);
    if (!accepted?.ok) throw new Error(JSON.stringify(accepted));
    expect(accepted.inventory.slots[0]!.objectId).toBe(0);
    expect(accepted.offerConsumed).toBe(true);
    c = { ...c, inventory: accepted.inventory, quests: accepted.quests };
    // QQ13 fixed: the consumed offer is gone; a replay against a fresh inventory with no note is refused.
    expect(acceptOffer({ ...c, quests: EMPTY_QUEST_LOG }, used.offer, 1, { catalog: catalog! }, book)).toEqual({ ok: false, reason: "object-gone" });

    const malvur = npc(1155);
    expect(malvur.quests).toEqual([124, 125]);
    expect(questMarker(c, malvur, book)).toBe(3);
    expect(npcClickAction(c, malvur, 5, book)).toEqual({ kind: "turn-in", questId: 123, slot: 1 });
    const done = turnInQuest(c, 1, { catalog: catalog! }, book);
    if (!done.ok) throw new Error(done.reason);
    expect([done.expGained, done.objectsGiven]).toEqual([500, [{ objIndex: 3460, amount: 1 }]]);
    c = { ...c, inventory: done.inventory, exp: done.exp, quests: done.quests };
    const next = npcClickAction(c, malvur, 5, book);
    if (next.kind !== "offer") throw new Error(next.kind);
    expect(next.entries.map((entry) => [entry.quest.id, entry.state])).toEqual([
      [124, 0],
      [125, 0],
    ]);
    expect(acceptOffer({ ...c, classId: 3 }, next.offer, 1, { npcDistance: 5, catalog: catalog! }, book)).toMatchObject({ ok: false, message: 1262 });
    expect(acceptOffer(c, next.offer, 1, { npcDistance: 5, catalog: catalog! }, book)).toMatchObject({ ok: true });
  });
});

describeData("§13.3 quest 5: a click on any Pedestal turns it in", () => {
  test("the counter goes to 1 and the turn-in pays 1 exp and 1 gold; the Pedestal itself has no mission", () => {
    const c = player({ level: 3, quests: { active: [{ questId: 5, npcKills: [], targetClicks: [0] }], done: [] } });
    const clicked = clickTargets(c.quests, 401, book);
    expect(clicked.toTurnIn).toEqual([{ slot: 1, questId: 5 }]);
    const done = turnInQuest({ ...c, quests: clicked.quests }, 1, { catalog: catalog! }, book);
    expect(done.ok && [done.expGained, done.gold]).toEqual([1, { amount: 1, to: "wallet" }]);
    expect(npcClickAction(c, npc(401), 1, book)).toEqual({ kind: "no-mission", message: 1341 });
  });
});

describeData("§13.4 Heather's quests 38–42: free rewards, one turn-in per click", () => {
  test("accept 38 → marker 3; the next click turns it in (two empty slots needed); all five can be held", () => {
    const heather = npc(415);
    expect(heather.quests).toEqual([38, 39, 40, 41, 42]);
    let c = player({ level: 12 });
    const offer = npcClickAction(c, heather, 1, book);
    if (offer.kind !== "offer") throw new Error(offer.kind);
    for (let row = 1; row <= 5; row++) {
      const accepted = acceptOffer(c, offer.offer, row, { npcDistance: 1, catalog: catalog! }, book);
      if (!accepted?.ok) throw new Error(JSON.stringify(accepted));
      expect(accepted.marker).toBe(3);
      c = { ...c, quests: accepted.quests };
    }
    expect(c.quests.active.map((entry) => entry.questId)).toEqual([38, 39, 40, 41, 42]);
    const oneSlot = { ...c, inventory: emptyInventory(1) };
    expect(turnInQuest(oneSlot, 1, { catalog: catalog! }, book)).toEqual({ ok: false, reason: "no-room", message: 1340 });
    for (const id of [38, 39, 40, 41, 42]) {
      const click = npcClickAction(c, heather, 1, book);
      expect(click).toEqual({ kind: "turn-in", questId: id, slot: 1 });
      const done = turnInQuest(c, 1, { catalog: catalog! }, book);
      if (!done.ok) throw new Error(done.reason);
      c = { ...c, inventory: done.inventory, exp: done.exp, quests: done.quests };
    }
    expect(c.quests.done.map((entry) => entry.questId)).toEqual([38, 39, 40, 41, 42]);
    expect(npcClickAction(c, heather, 1, book).kind).toBe("offer");
    expect(questMarker(c, heather, book)).toBe(2);
  });
});

describeData("§13.5 quest 87: the phantom 8th objective is dropped", () => {
  test("seven kill counters; killing the seven completes the kills", () => {
    const quest = book.get(87)!;
    expect(quest.requiredNpcs).toHaveLength(7);
    let log: QuestLog = { active: [{ questId: 87, npcKills: [0, 0, 0, 0, 0, 0, 0], targetClicks: [] }], done: [] };
    for (const objective of quest.requiredNpcs) log = creditKill(log, objective.npcIndex, "x", book).quests;
    expect(log.active[0]!.npcKills).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
