/**
 * The quest rules on a small synthetic world modelled on the 2024 data (quests.md §13, §15): a
 * "Makrom" offering [2, 4, 12], snakes that drop fluids for quest 4, Malvur's note quest, a
 * TalkTo quest, a click-target quest. The real-data known answers are in
 * test/quests-worked-examples.test.ts. Quirk ids name the decision each test pins.
 */
import { describe, expect, test } from "bun:test";
import { QuestSchema, type Quest } from "../../content/dat/index.ts";
import { drawFor, scriptedRandom } from "../../random/scripted-random.test-support.ts";
import { emptyInventory, putItem, type Inventory } from "../inventory/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../items/index.ts";
import {
  abandonQuest,
  acceptOffer,
  clickTargets,
  creditKill,
  EMPTY_QUEST_LOG,
  killCreditRecipient,
  normalizeQuestLog,
  npcClickAction,
  questLogFromRecord,
  questLogToRecord,
  offerState,
  questBook,
  questDetails,
  questListText,
  questMarker,
  questObjectOffer,
  QUEST_QUIRKS,
  rollQuestDrops,
  turnInQuest,
  type QuestCharacter,
  type QuestLog,
  type QuestOffer,
} from "./index.ts";

const q = (fields: Partial<Quest> & { id: number }): Quest => QuestSchema.parse(fields);
const OBJ = { gold: 12, fluid: 2492, antidote: 2497, chicken: 26, note: 3305, readNote: 3460, backpack: 2084, sword: 2 } as const;
const NPC = { makrom: 407, snake: 502, chicken: 501, malvur: 1155, lempard: 1151, hoKa: 1188, pedestal: 401 } as const;

const quests = [
  q({ id: 2, name: "Muchas bocas", requiredLevel: 1, requiredObjects: [{ objIndex: OBJ.chicken, amount: 10 }], requiredNpcs: [{ npcIndex: NPC.chicken, amount: 10 }], rewardExp: 250, rewardGold: 100, repeatable: true }),
  q({
    id: 4,
    name: "Veneno mortal",
    requiredLevel: 1,
    requiredObjects: [{ objIndex: OBJ.fluid, amount: 10 }],
    requiredNpcs: [{ npcIndex: NPC.snake, amount: 10 }],
    rewardGold: 100,
    rewardExp: 200,
    rewardObjects: [{ objIndex: OBJ.antidote, amount: 10 }],
    repeatable: true,
  }),
  q({ id: 5, name: "Recetas", requiredLevel: 3, requiredTargetNpcs: [NPC.pedestal], rewardGold: 1, rewardExp: 1 }),
  q({ id: 9, name: "Fluidos", requiredObjects: [{ objIndex: OBJ.fluid, amount: 2 }], requiredNpcs: [{ npcIndex: NPC.snake, amount: 3 }] }),
  q({ id: 12, name: "Nivel doce", requiredLevel: 12, rewardExp: 10 }),
  q({ id: 84, name: "Trabajo", workersOnly: true }),
  q({ id: 123, name: "Mensaje misterioso", requiredLevel: 12, talkTo: NPC.malvur, rewardExp: 500, rewardObjects: [{ objIndex: OBJ.readNote, amount: 1 }], repeatable: true }),
  q({ id: 124, name: "Mochila", requiredQuest: 123, workersOnly: true, requiredObjects: [{ objIndex: OBJ.readNote, amount: 1 }], rewardObjects: [{ objIndex: OBJ.backpack, amount: 1 }] }),
  q({ id: 133, name: "Habla con Lempard", talkTo: NPC.lempard }),
  q({ id: 200, name: "Sabio", requiredSpells: [7], rewardSpells: [8], rewardGold: 60_000 }),
  q({ id: 201, name: "Solo magos", requiredClasses: [1], requiredSkill: 19, requiredSkillValue: 50, permittedFactions: 8, limitLevel: 30 }),
];
const book = questBook({ declaredCount: 300, quests });
const catalog = itemCatalogFromObjects([
  { id: OBJ.gold, name: "Oro", objType: ObjectType.GoldCoin },
  { id: OBJ.fluid, name: "Fluido de serpiente", objType: 1, cannotDrop: true, untradeable: true },
  { id: OBJ.antidote, name: "Antídoto", objType: 11 },
  { id: OBJ.chicken, name: "Pollo", objType: 1 },
  { id: OBJ.note, name: "Nota de Rescate", objType: ObjectType.Quest, questId: 123 },
  { id: OBJ.readNote, name: "Nota leída", objType: 1 },
  { id: OBJ.backpack, name: "Mochila", objType: 1 },
  { id: OBJ.sword, name: "Espada", objType: 2 },
]);
const makrom = { id: NPC.makrom, quests: [2, 4, 12] };

function withItems(inventory: Inventory, ...stacks: [number, number][]): Inventory {
  for (const [objectId, amount] of stacks) {
    const put = putItem(inventory, { objectId, amount }, catalog);
    if (!put.ok) throw new Error(put.reason);
    inventory = put.inventory;
  }
  return inventory;
}

function character(overrides: Partial<QuestCharacter> = {}): QuestCharacter & { alive: boolean } {
  return {
    level: 1,
    classId: 3,
    exp: 0,
    bankGold: 0,
    inventory: emptyInventory(),
    spells: [],
    skills: [],
    factionStatus: 1,
    quests: EMPTY_QUEST_LOG,
    alive: true,
    ...overrides,
  };
}
const log = (active: QuestLog["active"], done: QuestLog["done"] = []): QuestLog => ({ active, done });
const npcOffer = (npcId: number, ids: number[]): QuestOffer => ({ kind: "npc", npcId, quests: ids });

describe("the quirk table", () => {
  test("every QQ1–QQ23 is decided; QQ13 and QQ23 are fixed", () => {
    expect(Object.keys(QUEST_QUIRKS)).toEqual(Array.from({ length: 23 }, (_, i) => `QQ${i + 1}`));
    expect(QUEST_QUIRKS.QQ13.decision).toBe("fix");
    expect(QUEST_QUIRKS.QQ23.decision).toBe("fix");
  });
});

describe("talking to a quest NPC (§4.1)", () => {
  test("a level-1 character within 5 tiles gets the list in order with states (§15.7)", () => {
    const action = npcClickAction(character(), makrom, 5, book);
    expect(action.kind).toBe("offer");
    if (action.kind !== "offer") return;
    expect(action.entries.map((entry) => [entry.quest.id, entry.state])).toEqual([
      [2, 0],
      [4, 0],
      [12, 3],
    ]);
    expect(action.offer).toEqual({ kind: "npc", npcId: NPC.makrom, quests: [2, 4, 12] });
  });

  test("6 tiles → message 8; dead → 77; no quests → 1341 (§15.8, 15.9)", () => {
    expect(npcClickAction(character(), makrom, 6, book)).toEqual({ kind: "too-far", message: 8 });
    expect(npcClickAction({ ...character(), alive: false }, makrom, 1, book)).toEqual({ kind: "dead", message: 77 });
    expect(npcClickAction(character(), { id: NPC.pedestal, quests: [] }, 1, book)).toEqual({ kind: "no-mission", message: 1341 });
  });

  test("QQ5 fixed: an offered id the table lacks is not listed", () => {
    const action = npcClickAction(character(), { id: 1159, quests: [127, 12] }, 1, book);
    expect(action.kind === "offer" && action.offer.quests).toEqual([12]);
  });

  test("an NPC with two completable quests turns in only the first in list order per click (§15.24)", () => {
    const c = character({ level: 12, quests: log([{ questId: 12, npcKills: [], targetClicks: [] }, { questId: 2, npcKills: [10], targetClicks: [] }]), inventory: withItems(emptyInventory(), [OBJ.chicken, 10]) });
    expect(npcClickAction(c, makrom, 1, book)).toEqual({ kind: "turn-in", questId: 2, slot: 2 });
  });

  test("QQ11 fixed: a TalkTo quest is turned in at its TalkTo NPC, not at its giver (legacy: both)", () => {
    const c = character({ quests: log([{ questId: 133, npcKills: [], targetClicks: [] }]) });
    const hoKa = { id: NPC.hoKa, quests: [133] };
    expect(npcClickAction(c, hoKa, 1, book).kind).toBe("offer");
    expect(npcClickAction(c, hoKa, 1, book, { talkToAlsoAtGiver: true })).toEqual({ kind: "turn-in", questId: 133, slot: 1 });
    expect(npcClickAction(c, { id: NPC.lempard, quests: [] }, 1, book)).toEqual({ kind: "turn-in", questId: 133, slot: 1 });
  });
});

describe("accepting (§5.1)", () => {
  test("row 2 at Makrom puts quest 4 in slot 1 with zeroed counters, message 1264, marker 4 (§15.10)", () => {
    const outcome = acceptOffer(character(), npcOffer(NPC.makrom, [2, 4, 12]), 2, { npcDistance: 3, catalog }, book);
    expect(outcome).toMatchObject({ ok: true, slot: 1, message: 1264, marker: 4, offerConsumed: false });
    expect(outcome?.ok && outcome.quests.active).toEqual([{ questId: 4, npcKills: [0], targetClicks: [] }]);
  });

  test("every refusal, in VB6's order (§15.11, 15.12)", () => {
    const offer = npcOffer(NPC.makrom, [2, 4, 12, 84, 124, 201]);
    const ctx = { npcDistance: 1, catalog };
    expect(acceptOffer(character({ level: 11 }), offer, 3, ctx, book)).toMatchObject({ ok: false, reason: "level-too-low", message: 1425 });
    const active = character({ quests: log([{ questId: 4, npcKills: [0], targetClicks: [] }]) });
    expect(acceptOffer(active, offer, 2, ctx, book)).toMatchObject({ ok: false, message: 1263 });
    expect(acceptOffer(character({ quests: log([], [{ questId: 9, times: 1 }]) }), npcOffer(1, [9]), 1, ctx, book)).toMatchObject({ ok: false, message: 2114 });
    const five = character({ quests: log([2, 5, 9, 12, 133].map((questId) => ({ questId, npcKills: [], targetClicks: [] }))) });
    expect(acceptOffer(five, offer, 2, ctx, book)).toMatchObject({ ok: false, reason: "no-free-slot", message: 1417 });
    expect(acceptOffer(character(), offer, 4, ctx, book)).toMatchObject({ ok: false, reason: "workers-only", message: 1262 });
    expect(acceptOffer(character({ classId: 9 }), offer, 5, ctx, book)).toMatchObject({ ok: false, reason: "required-quest", message: 1424, requiredQuestName: "Mensaje misterioso" });
    expect(acceptOffer(character(), offer, 2, { npcDistance: 6, catalog }, book)).toMatchObject({ ok: false, message: 8 });
    // Quest 201: level ≤ 30, Minería ≥ 50, class 1 only, criminals only (bit 8).
    const mage = { classId: 1, skills: Array.from({ length: 24 }, (_, i) => (i === 18 ? 50 : 0)), factionStatus: 0 };
    expect(acceptOffer(character({ ...mage, level: 31 }), offer, 6, ctx, book)).toMatchObject({ reason: "level-too-high", message: 1416 });
    expect(acceptOffer(character({ ...mage, skills: [] }), offer, 6, ctx, book)).toMatchObject({ reason: "skill", message: 473 });
    expect(acceptOffer(character({ ...mage, classId: 2 }), offer, 6, ctx, book)).toMatchObject({ reason: "class", message: 2167 });
    expect(acceptOffer(character({ ...mage, factionStatus: 1 }), offer, 6, ctx, book)).toMatchObject({ reason: "faction", message: 2167 }); // QQ22 kept
    expect(acceptOffer(character(mage), offer, 6, ctx, book)).toMatchObject({ ok: true });
  });

  test("QQ12/QQ23 fixed: rows outside the offer, and no offer at all, are ignored (§15.13)", () => {
    const offer = npcOffer(NPC.makrom, [2, 4, 12]);
    for (const row of [0, 4, 7, 255, -1, 1.5]) expect(acceptOffer(character(), offer, row, { npcDistance: 1, catalog }, book)).toBeNull();
    expect(acceptOffer(character(), null, 1, { catalog }, book)).toBeNull();
  });

  test("a repeatable quest can be taken again after its turn-in; a non-repeatable one cannot (§15.25)", () => {
    const done = character({ quests: log([], [{ questId: 4, times: 1 }, { questId: 9, times: 1 }]) });
    expect(acceptOffer(done, npcOffer(1, [4, 9]), 1, { npcDistance: 0, catalog }, book)).toMatchObject({ ok: true });
    expect(acceptOffer(done, npcOffer(1, [4, 9]), 2, { npcDistance: 0, catalog }, book)).toMatchObject({ ok: false, reason: "already-done" });
  });
});

describe("objectives (§4)", () => {
  test("kills: the counter rises to its amount, the bubble repeats, all kills done once full (§15.14)", () => {
    let quests = log([{ questId: 4, npcKills: [0], targetClicks: [] }]);
    const first = creditKill(quests, NPC.snake, "Serpiente", book);
    expect(first.progress).toEqual([{ slot: 1, questId: 4, objective: 0, killed: 1, amount: 10, bubble: "NOCONSOLA*1/10 Serpiente", color: "red", allKillsDone: false }]);
    quests = first.quests;
    for (let i = 2; i <= 9; i++) quests = creditKill(quests, NPC.snake, "Serpiente", book).quests;
    const tenth = creditKill(quests, NPC.snake, "Serpiente", book);
    expect(tenth.progress[0]).toMatchObject({ killed: 10, color: "green", allKillsDone: true });
    const eleventh = creditKill(tenth.quests, NPC.snake, "Serpiente", book);
    expect(eleventh.quests.active[0]!.npcKills).toEqual([10]);
    expect(eleventh.progress[0]!.bubble).toBe("NOCONSOLA*10/10 Serpiente");
    expect(creditKill(quests, NPC.chicken, "Pollo", book).progress).toEqual([]);
  });

  test("one kill advances every active quest that wants that NPC (§15.17)", () => {
    const both = creditKill(log([{ questId: 4, npcKills: [3], targetClicks: [] }, { questId: 9, npcKills: [0], targetClicks: [] }]), NPC.snake, "Serpiente", book);
    expect(both.quests.active.map((entry) => entry.npcKills)).toEqual([[4], [1]]);
  });

  test("QQ21 kept: the killer or a pet's master gets the credit, nobody else (§15.16)", () => {
    expect(killCreditRecipient({ killer: { kind: "player", playerId: 7 }, victimIsPet: false })).toBe(7);
    expect(killCreditRecipient({ killer: { kind: "pet", masterId: 8 }, victimIsPet: false })).toBe(8);
    expect(killCreditRecipient({ killer: { kind: "npc" }, victimIsPet: false })).toBeNull();
    expect(killCreditRecipient({ killer: { kind: "player", playerId: 7 }, victimIsPet: true })).toBeNull();
  });

  test("quest drops: only while the quest is active and the object is short; QQ6 kept: chance 0 always drops (§15.15)", () => {
    const lines = [
      { questIndex: 4, objIndex: OBJ.fluid, amount: 1, chance: 1 },
      { questIndex: 4, objIndex: OBJ.sword, amount: 1, chance: 1 }, // not asked for: never
      { questIndex: 9, objIndex: OBJ.fluid, amount: 1, chance: 0 },
    ];
    const active = log([{ questId: 4, npcKills: [0], targetClicks: [] }]);
    const nine = character({ quests: active, inventory: withItems(emptyInventory(), [OBJ.fluid, 9]) });
    expect(rollQuestDrops(nine, lines, book, scriptedRandom(drawFor(1, 1, 1)))).toEqual([{ objIndex: OBJ.fluid, amount: 1, questId: 4 }]);
    const ten = character({ quests: active, inventory: withItems(emptyInventory(), [OBJ.fluid, 10]) });
    expect(rollQuestDrops(ten, lines, book, scriptedRandom())).toEqual([]);
    const both = character({ quests: log([{ questId: 9, npcKills: [0], targetClicks: [] }]) });
    expect(rollQuestDrops(both, lines, book, scriptedRandom(0.99))).toEqual([{ objIndex: OBJ.fluid, amount: 1, questId: 9 }]);
    const rare = [{ questIndex: 4, objIndex: OBJ.fluid, amount: 2, chance: 3 }];
    expect(rollQuestDrops(nine, rare, book, scriptedRandom([1, 3, 2]))).toEqual([]);
  });

  test("click targets: a click on the target NPC sets the counter and asks for the turn-in", () => {
    const { quests, toTurnIn } = clickTargets(log([{ questId: 5, npcKills: [], targetClicks: [0] }]), NPC.pedestal, book);
    expect(quests.active[0]!.targetClicks).toEqual([1]);
    expect(toTurnIn).toEqual([{ slot: 1, questId: 5 }]);
    expect(clickTargets(quests, NPC.makrom, book).toTurnIn).toEqual([]);
  });
});

describe("turn-in (§5.2)", () => {
  const ready = (inventory: Inventory, extra: Partial<QuestCharacter> = {}) => character({ quests: log([{ questId: 4, npcKills: [10], targetClicks: [] }, { questId: 9, npcKills: [1], targetClicks: [] }]), inventory, ...extra });

  test("quest 4: fluids taken across two stacks, +200 exp, +100 gold, 10 antidotes, done, slot freed (§15.18)", () => {
    let inventory = withItems(emptyInventory(), [OBJ.sword, 1], [OBJ.fluid, 6]);
    // A second stack of 4 in slot 4 (slot 3 left empty).
    inventory = { ...inventory, slots: inventory.slots.map((slot, i) => (i === 3 ? { objectId: OBJ.fluid, amount: 4, equipped: false, tags: 0 } : slot)) };
    const outcome = turnInQuest(ready(inventory), 1, { catalog }, book);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.bubble).toBe("QUESTFIN*4");
    expect(outcome.inventory.slots.slice(0, 4).map((slot) => [slot.objectId, slot.amount])).toEqual([
      [OBJ.sword, 1],
      [OBJ.antidote, 10],
      [0, 0],
      [0, 0],
    ]);
    expect(outcome.changedSlots).toEqual([2, 4]);
    expect([outcome.exp, outcome.expGained, outcome.inventory.gold]).toEqual([200, 200, 100]);
    expect(outcome.gold).toEqual({ amount: 100, to: "wallet" });
    expect(outcome.objectsGiven).toEqual([{ objIndex: OBJ.antidote, amount: 10 }]);
    expect(outcome.quests).toEqual({ active: [{ questId: 9, npcKills: [1], targetClicks: [] }], done: [{ questId: 4, times: 1 }] });
  });

  test("refusals change nothing: no empty slot → 1340; 9 fluids → 1336; 9 kills → 1337 (§15.19, 15.20)", () => {
    const full = emptyInventory(2);
    const packed = withItems(full, [OBJ.fluid, 10], [OBJ.sword, 1]);
    expect(turnInQuest(ready(packed), 1, { catalog }, book)).toEqual({ ok: false, reason: "no-room", message: 1340 });
    expect(turnInQuest(ready(withItems(emptyInventory(), [OBJ.fluid, 9])), 1, { catalog }, book)).toEqual({ ok: false, reason: "objects", message: 1336 });
    const nineKills = character({ quests: log([{ questId: 4, npcKills: [9], targetClicks: [] }]), inventory: withItems(emptyInventory(), [OBJ.fluid, 10]) });
    expect(turnInQuest(nineKills, 1, { catalog }, book)).toEqual({ ok: false, reason: "kills", message: 1337 });
    expect(turnInQuest(nineKills, 3, { catalog }, book)).toEqual({ ok: false, reason: "not-active" });
  });

  test("gold × 2 ≥ 100 000 goes to the bank (QQ16 kept); a required spell is erased, the reward learnt (§15.21, 15.23)", () => {
    const sage = character({ spells: [7, 3], quests: log([{ questId: 200, npcKills: [], targetClicks: [] }]) });
    const outcome = turnInQuest(sage, 1, { catalog, settings: { expMultiplier: 1, goldMultiplier: 2 } }, book);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.gold).toEqual({ amount: 120_000, to: "bank" });
    expect([outcome.bankGold, outcome.inventory.gold]).toEqual([120_000, 0]);
    expect(outcome.spells).toEqual([8, 3]);
    expect(outcome.changedSpellSlots).toEqual([1]);
    expect(outcome.spellsLearned).toEqual([8]);
  });

  test("QQ17 fixed: a full spell book refuses before anything is given; all reward spells known refuses too", () => {
    const fullBook = Array.from({ length: 40 }, (_, i) => i + 100);
    fullBook[0] = 7; // the required spell frees its slot: room for the reward
    expect(turnInQuest(character({ spells: fullBook, quests: log([{ questId: 200, npcKills: [], targetClicks: [] }]) }), 1, { catalog }, book).ok).toBe(true);
    const q200 = q({ id: 200, rewardSpells: [8, 9], rewardGold: 5 });
    const tight = questBook({ declaredCount: 300, quests: [q200] });
    const noRoom = character({ spells: Array.from({ length: 40 }, (_, i) => (i === 0 ? 0 : i + 100)), quests: log([{ questId: 200, npcKills: [], targetClicks: [] }]) });
    expect(turnInQuest(noRoom, 1, { catalog }, tight)).toEqual({ ok: false, reason: "spell-book-full", message: 1317 });
    const known = character({ spells: [8, 9], quests: log([{ questId: 200, npcKills: [], targetClicks: [] }]) });
    expect(turnInQuest(known, 1, { catalog }, tight)).toEqual({ ok: false, reason: "spells-known" });
  });

  test("at level 47 no experience (message 1314); QQ15 fixed: capped at MAX_EXP (§15.22)", () => {
    const top = turnInQuest(character({ level: 47, exp: 5, quests: log([{ questId: 12, npcKills: [], targetClicks: [] }]) }), 1, { catalog }, book);
    expect(top.ok && [top.exp, top.expGained, top.atMaxLevel]).toEqual([5, 0, true]);
    const near = turnInQuest(character({ level: 46, exp: 1_999_999_995, quests: log([{ questId: 12, npcKills: [], targetClicks: [] }]) }), 1, { catalog }, book);
    expect(near.ok && [near.exp, near.expGained]).toEqual([1_999_999_999, 4]);
  });

  test("reward objects that do not fit a stack go on the floor, not lost", () => {
    const big = questBook({ declaredCount: 10, quests: [q({ id: 1, rewardObjects: [{ objIndex: OBJ.antidote, amount: 20_000 }] })] });
    const outcome = turnInQuest(character({ quests: log([{ questId: 1, npcKills: [], targetClicks: [] }]) }), 1, { catalog }, big);
    expect(outcome.ok && outcome.objectsOnFloor).toEqual([{ objIndex: OBJ.antidote, amount: 20_000 }]);
  });
});

describe("markers (§3.1)", () => {
  test("1 with a quest to take, 4 in progress, 3 completable; TalkTo quests mark their NPC (§15.36)", () => {
    expect(questMarker(character(), makrom, book)).toBe(1);
    const inProgress = character({ quests: log([{ questId: 4, npcKills: [3], targetClicks: [] }]) });
    expect(questMarker(inProgress, makrom, book)).toBe(4);
    const ready = character({ quests: log([{ questId: 4, npcKills: [10], targetClicks: [] }]), inventory: withItems(emptyInventory(), [OBJ.fluid, 10]) });
    expect(questMarker(ready, makrom, book)).toBe(3);
    const note = character({ level: 12, quests: log([{ questId: 123, npcKills: [], targetClicks: [] }]) });
    expect(questMarker(note, { id: NPC.malvur, quests: [124] }, book)).toBe(3);
    expect(questMarker(character(), { id: NPC.pedestal, quests: [] }, book)).toBe(0);
  });

  test("2 when nothing is available; QQ8 fixed: a done repeatable quest marks 1", () => {
    const doneAll = character({ level: 1, quests: log([], [{ questId: 9, times: 1 }]) });
    expect(questMarker(doneAll, { id: 1, quests: [9, 12] }, book)).toBe(2);
    const doneRepeatable = character({ quests: log([], [{ questId: 2, times: 3 }]) });
    expect(questMarker(doneRepeatable, { id: 1, quests: [2] }, book)).toBe(1);
    expect(offerState(doneRepeatable, book.get(2)!)).toBe(0);
  });
});

describe("abandoning and the quest log (§8)", () => {
  test("abandon removes untradeable undroppable objects no other quest wants; later quests move down (§15.29–31)", () => {
    const c = character({ quests: log([{ questId: 4, npcKills: [3], targetClicks: [] }, { questId: 2, npcKills: [0], targetClicks: [] }]), inventory: withItems(emptyInventory(), [OBJ.fluid, 6], [OBJ.chicken, 2]) });
    const outcome = abandonQuest(c, 1, catalog, book)!;
    expect(outcome).toMatchObject({ questId: 4, questName: "Veneno mortal", message: 2115, changedSlots: [1] });
    expect(outcome.inventory.slots[0]!.objectId).toBe(0);
    expect(outcome.quests.active.map((entry) => entry.questId)).toEqual([2]);
    const withNine = character({ ...c, quests: log([{ questId: 4, npcKills: [3], targetClicks: [] }, { questId: 9, npcKills: [0], targetClicks: [] }]) });
    expect(abandonQuest(withNine, 1, catalog, book)!.changedSlots).toEqual([]);
    for (const slot of [0, 3, 6, 255]) expect(abandonQuest(c, slot, catalog, book)).toBeNull();
  });

  test("the list text and the details (QQ18 fixed: carried is the sum) (§15.26, 15.27, 15.28)", () => {
    const inventory = withItems(emptyInventory(), [OBJ.fluid, 6]);
    const split = { ...inventory, slots: inventory.slots.map((slot, i) => (i === 2 ? { objectId: OBJ.fluid, amount: 3, equipped: false, tags: 0 } : slot)) };
    const c = character({ inventory: split, quests: log([{ questId: 4, npcKills: [7], targetClicks: [] }, { questId: 9, npcKills: [0], targetClicks: [] }]) });
    expect(questListText(c.quests)).toEqual({ count: 2, text: "4;9" });
    const details = questDetails(c, 1, book)!;
    expect(details.npcs).toEqual([{ npcIndex: NPC.snake, amount: 10, killed: 7 }]);
    expect(details.objects).toEqual([{ objIndex: OBJ.fluid, amount: 10, carried: 9 }]);
    for (const slot of [0, 3, 6, 255]) expect(questDetails(c, slot, book)).toBeNull();
  });
});

describe("quests started by an object (§9)", () => {
  const noteInSlot3 = () => {
    const inventory = withItems(emptyInventory(), [OBJ.sword, 1], [OBJ.chicken, 1], [OBJ.note, 2]);
    return character({ level: 12, inventory });
  };

  test("using the note offers quest 123; accepting removes one note and consumes the offer (§15.32)", () => {
    const c = noteInSlot3();
    const used = questObjectOffer(c, 3, catalog, book)!;
    expect(used.offer).toEqual({ kind: "object", questId: 123, slot: 3, objectId: OBJ.note });
    expect(used.state).toBe(0);
    const accepted = acceptOffer(c, used.offer, 9, { catalog }, book);
    if (!accepted?.ok) throw new Error("refused");
    expect(accepted.inventory.slots[2]).toMatchObject({ objectId: OBJ.note, amount: 1 });
    expect(accepted.offerConsumed).toBe(true);
    expect(accepted.marker).toBe(3); // no objectives: completable at once
    expect(questObjectOffer(c, 1, catalog, book)).toBeNull();
  });

  test("QQ13 fixed: a stale object offer never removes what now sits in the slot", () => {
    const c = noteInSlot3();
    const offer = questObjectOffer(c, 3, catalog, book)!.offer;
    const moved = character({ level: 12, inventory: withItems(emptyInventory(), [OBJ.sword, 1], [OBJ.chicken, 1], [OBJ.antidote, 5]) });
    expect(acceptOffer(moved, offer, 1, { catalog }, book)).toEqual({ ok: false, reason: "object-gone" });
  });

  test("QQ23 fixed: the accept answers the offer, not an NPC targeted earlier", () => {
    const c = noteInSlot3();
    const offer = questObjectOffer(c, 3, catalog, book)!.offer;
    // Row 1 of Makrom would be quest 2; against the object offer it is quest 123.
    const accepted = acceptOffer(c, offer, 1, { npcDistance: 50, catalog }, book);
    expect(accepted?.ok && accepted.quest.id).toBe(123);
  });
});

describe("saved logs (§11)", () => {
  test("QQ19 fixed: counters padded and cut, unknown quests dropped, five slots at most; QQ20: done merged", () => {
    const saved = {
      active: [
        { questId: 4, npcKills: [], targetClicks: [] },
        { questId: 9, npcKills: [2, 5, 5], targetClicks: [1] },
        { questId: 999, npcKills: [1], targetClicks: [] },
        { questId: 4, npcKills: [1], targetClicks: [] },
        { questId: 2, npcKills: [99], targetClicks: [] },
      ],
      done: Array.from({ length: 300 }, (_, i) => ({ questId: (i % 260) + 1, times: 1 })),
    };
    const normal = normalizeQuestLog(saved, book);
    expect(normal.active).toEqual([
      { questId: 4, npcKills: [0], targetClicks: [] },
      { questId: 9, npcKills: [2], targetClicks: [] },
      { questId: 2, npcKills: [10], targetClicks: [] },
    ]);
    expect(normal.done).toHaveLength(260);
    expect(normal.done[0]).toEqual({ questId: 1, times: 2 });
    expect(normalizeQuestLog(null, book)).toEqual({ active: [], done: [] });
    // Through the character record and back.
    expect(questLogFromRecord({ quests: questLogToRecord(normal)! }, book)).toEqual(normal);
    expect(questLogToRecord(EMPTY_QUEST_LOG)).toBeUndefined();
    expect(normalizeQuestLog({ active: "x" as never, done: [null as never] }, book)).toEqual({ active: [], done: [] });
  });
});
