/**
 * Quests on a map (systems/quests.ts) with real packet bodies on the default world's tables:
 * Anciana Brígida's offer list, accepting from the last offer (QQ23), the click target at the
 * healer turned in at once with its reward, kills credited with their bubbles and the turn-in with
 * gold and experience through the kernel, the log window (list, details), abandoning, the
 * refusals with their VB6 ids, and the log kept in the record the map saves.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_QUESTS, GameTablesSchema, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import { LocaleId } from "../../game/messages/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalog, type ItemCatalog } from "../../game/items/index.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import { damageNpc, targetNpcOf } from "../kernel/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { world, type Received } from "../map-harness.test-support.ts";

let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  tables = loaded.pack.tables!;
  items = itemCatalog(tables.objects!);
});

const spawn = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "", x, y, body: 10, head: 0, heading: 3 });
const GIVER = { x: 20, y: 20 };
const HEALER = { x: 24, y: 20 };
/** Three wolves in a row, killed where they stand (no clock moves, so none wanders). */
const WOLVES = [
  { x: 18, y: 24 },
  { x: 20, y: 24 },
  { x: 22, y: 24 },
];
const clothed = (more: Partial<CharacterRecord> = {}): Partial<CharacterRecord> => ({
  equipment: { ...EMPTY_EQUIPMENT },
  vitals: { hp: 40, maxHp: 40, mana: 0, maxMana: 0, stamina: 40, maxStamina: 40, food: 100, water: 100 },
  ...more,
});

/** The quest packets and lines a session got, one short line each. */
function questLines(packets: Received[], session = 1): string[] {
  const out: string[] = [];
  for (const p of packets) {
    if (p.session !== session) continue;
    const f = p.fields;
    switch (p.name) {
      case "NpcQuestListSend":
        out.push(`NpcQuestListSend ${(f.quests as { questIndex: number; state: number }[]).map((q) => `${q.questIndex}:${q.state}`).join(",")}`);
        break;
      case "LocaleMsg":
        out.push(`LocaleMsg ${f.messageId} ${f.params}`);
        break;
      case "LocaleChatOverHead":
        out.push(`Bubble ${f.messageId} ${f.params}`);
        break;
      case "ChatOverHead":
        out.push(`ChatOverHead ${f.text}`);
        break;
      case "UpdateNPCSimbolo":
        out.push(`UpdateNPCSimbolo ${f.symbol}`);
        break;
      case "QuestListSend":
        out.push(`QuestListSend ${f.questCount} ${f.questIndexes ?? ""}`.trim());
        break;
      case "UpdateExp":
        out.push(`UpdateExp ${f.exp}`);
        break;
      case "UpdateGold":
        out.push(`UpdateGold ${f.gold}`);
        break;
      case "PlayWave":
        out.push(`PlayWave ${f.wave}`);
        break;
      case "CharacterCreate":
        if (f.npcNumber === DEFAULT_NPCS.questGiver) out.push(`CharacterCreate Brígida symbol ${f.symbol}`);
        break;
      case "QuestDetails":
        out.push(`QuestDetails ${f.questIndex}`);
        break;
      default:
        break;
    }
  }
  return out;
}

function questWorld(more: Partial<CharacterRecord> = {}, worldTables: GameTables = tables) {
  const w = world({
    tables: worldTables,
    items,
    npcs: [spawn(DEFAULT_NPCS.questGiver, GIVER.x, GIVER.y), spawn(DEFAULT_NPCS.healer, HEALER.x, HEALER.y), ...WOLVES.map((wolf) => spawn(DEFAULT_NPCS.greyWolf, wolf.x, wolf.y))],
    safe: false,
    // `Online` stands in for a killing blow on the NPC last clicked.
    handlers: {
      ...PACKET_HANDLERS,
      Online: (ctx, player) => {
        const npc = targetNpcOf(ctx, player);
        if (npc) damageNpc(ctx, player, npc, 9999);
      },
    },
  });
  w.enter(1, "Aventurera", 21, 21, { with: clothed({ level: 2, ...more }) });
  w.drain();
  const click = (x: number, y: number) => w.server.act(1, "LeftClick", { x, y, counter: 1 });
  const act = (name: Parameters<typeof w.server.act>[1], fields: Record<string, unknown> = {}) => w.server.act(1, name, fields);
  const lines = () => questLines(w.drain());
  const saved = () => w.server.snapshot().find((entry) => entry.session === 1)!.state;
  return { w, click, act, lines, saved };
}

describe("Brígida's first quest: click, offer, accept, the click target, the reward", () => {
  test("the offer lists the chain with its states; accepting row 1 says 1264 and marks her in progress", () => {
    const q = questWorld();
    q.click(GIVER.x, GIVER.y);
    // `LookatTile`'s description first, then `EnviarQuest`'s list.
    expect(q.lines()).toEqual([`ChatOverHead NPCDESC*${DEFAULT_NPCS.questGiver}`, "NpcQuestListSend 1:0,2:3,3:3,4:0"]);
    q.act("QuestAccept", { listIndex: 1 });
    expect(q.lines()).toEqual([`LocaleMsg 1264 ${DEFAULT_QUESTS.visitHealer}`, "UpdateNPCSimbolo 4"]);
    q.act("QuestListRequest");
    expect(q.lines()).toEqual([`QuestListSend 1 ${DEFAULT_QUESTS.visitHealer}`]);
    expect(q.saved().quests).toEqual({ active: [{ questId: DEFAULT_QUESTS.visitHealer, npcKills: [], targetClicks: [0] }], done: [] });
  });

  test("a click on the healer finishes it at once: QUESTFIN, the potions, 20 exp (140), Msg1318, Msg494; the log keeps it done", () => {
    const q = questWorld();
    q.click(GIVER.x, GIVER.y);
    q.act("QuestAccept", { listIndex: 1 });
    q.lines();
    q.click(HEALER.x, HEALER.y);
    const lines = q.lines();
    expect(lines.slice(0, 5)).toEqual([`ChatOverHead QUESTFIN*${DEFAULT_QUESTS.visitHealer}`, "UpdateExp 20", "LocaleMsg 140 20", "LocaleMsg 1318 3 Poción Roja Menor", "LocaleMsg 494 "]);
    const state = q.saved();
    expect(state.exp).toBe(20);
    expect(state.inventory.find((slot) => slot.objectId === DEFAULT_OBJECTS.healthPotion)?.amount).toBe(3);
    expect(state.quests).toEqual({ active: [], done: [{ questId: DEFAULT_QUESTS.visitHealer, times: 1 }] });
    // Her list now offers the wolves.
    q.click(GIVER.x, GIVER.y);
    expect(q.lines()).toEqual([`ChatOverHead NPCDESC*${DEFAULT_NPCS.questGiver}`, "NpcQuestListSend 1:2,2:0,3:3,4:0"]);
  });
});

describe("kills and the turn-in at the giver", () => {
  test("three wolves: NOCONSOLA bubbles, 2160 at the third; the click turns it in: exp through the kernel, 40 gold (1315)", () => {
    const q = questWorld({ quests: { active: [], done: [{ questId: DEFAULT_QUESTS.visitHealer, times: 1 }] } });
    q.click(GIVER.x, GIVER.y);
    q.lines();
    q.act("QuestAccept", { listIndex: 2 });
    expect(q.lines()).toEqual([`LocaleMsg 1264 ${DEFAULT_QUESTS.wolves}`, "UpdateNPCSimbolo 4"]);
    // Not done yet: the click gives the list again.
    q.click(GIVER.x, GIVER.y);
    expect(q.lines()).toEqual([`ChatOverHead NPCDESC*${DEFAULT_NPCS.questGiver}`, "NpcQuestListSend 1:2,2:1,3:3,4:0"]);
    const kills: string[] = [];
    for (const wolf of WOLVES) {
      q.click(wolf.x, wolf.y);
      q.act("Online");
      kills.push(...q.lines().filter((line) => line.startsWith("ChatOverHead N") || line.startsWith("LocaleMsg 2160")));
    }
    expect(kills).toEqual(["ChatOverHead NOCONSOLA*1/3 Lobo Ceniciento", "ChatOverHead NOCONSOLA*2/3 Lobo Ceniciento", "ChatOverHead NOCONSOLA*3/3 Lobo Ceniciento", "LocaleMsg 2160 Lobos en los campos"]);
    const before = q.saved();
    q.click(GIVER.x, GIVER.y);
    expect(q.lines()).toEqual([
      `ChatOverHead NPCDESC*${DEFAULT_NPCS.questGiver}`,
      `ChatOverHead QUESTFIN*${DEFAULT_QUESTS.wolves}`,
      `UpdateExp ${before.exp + 80}`,
      "LocaleMsg 140 80",
      `UpdateGold ${before.gold + 40}`,
      "LocaleMsg 1315 40",
      // QQ7 fixed: recomputed for her: the supplies are open now (level 2, wolves done).
      "UpdateNPCSimbolo 1",
    ]);
    const after = q.saved();
    expect(after.gold).toBe(before.gold + 40);
    expect(after.exp).toBe(before.exp + 80);
    expect(after.quests?.done.map((d) => d.questId)).toEqual([DEFAULT_QUESTS.visitHealer, DEFAULT_QUESTS.wolves]);
  });
});

describe("markers (quests.md §3.1, QQ7 fixed)", () => {
  test("her CharacterCreate carries each viewer's marker: 1 for a newcomer, 3 for one who can turn a quest in, 4 in progress", () => {
    const w = world({ tables, items, npcs: [spawn(DEFAULT_NPCS.questGiver, GIVER.x, GIVER.y)], safe: false });
    w.enter(1, "Nueva", 21, 21, { with: clothed() });
    w.enter(2, "Cazadora", 22, 21, { with: clothed({ quests: { active: [{ questId: DEFAULT_QUESTS.hares, npcKills: [2], targetClicks: [] }], done: [] } }) });
    w.enter(3, "Buscadora", 23, 21, { with: clothed({ quests: { active: [{ questId: DEFAULT_QUESTS.hares, npcKills: [1], targetClicks: [] }], done: [] } }) });
    const packets = w.drain();
    expect([1, 2, 3].map((session) => questLines(packets, session).filter((line) => line.startsWith("CharacterCreate")))).toEqual([
      ["CharacterCreate Brígida symbol 1"],
      ["CharacterCreate Brígida symbol 3"],
      ["CharacterCreate Brígida symbol 4"],
    ]);
  });

  test("the kill that completes the wolves turns her marker from 4 to 3 on the killer's screen", () => {
    const q = questWorld({ quests: { active: [{ questId: DEFAULT_QUESTS.wolves, npcKills: [2], targetClicks: [] }], done: [{ questId: DEFAULT_QUESTS.visitHealer, times: 1 }] } });
    q.click(WOLVES[0]!.x, WOLVES[0]!.y);
    q.lines();
    q.act("Online");
    expect(q.lines().filter((line) => !line.startsWith("PlayWave") && !line.startsWith("UpdateExp"))).toEqual([
      // The blow's damage line and "you killed the creature" (kernel/npc-damage.ts), then the quest's.
      "LocaleMsg 382 9.999",
      "LocaleMsg 184 ",
      "ChatOverHead NOCONSOLA*3/3 Lobo Ceniciento",
      "LocaleMsg 2160 Lobos en los campos",
      "UpdateNPCSimbolo 3",
    ]);
  });
});

describe("rewards through the kernel and quest drops", () => {
  test("the healer's 20 experience levels up a character one short of it: UpdateExp, the level-up lines, then 140", () => {
    const elu = tables.balance!.expToLevelUp[0]!;
    const q = questWorld({ level: 1, exp: elu - 10, quests: { active: [{ questId: DEFAULT_QUESTS.visitHealer, npcKills: [], targetClicks: [0] }], done: [] } });
    q.click(HEALER.x, HEALER.y);
    const lines = q.lines();
    const exp = lines.indexOf(`UpdateExp ${elu + 10}`);
    const reached = lines.indexOf(`LocaleMsg ${LocaleId.LevelReached} 2`);
    const gained = lines.indexOf("LocaleMsg 140 20");
    expect(exp).toBeGreaterThan(0);
    expect(reached).toBeGreaterThan(exp);
    expect(gained).toBeGreaterThan(reached);
    expect(q.saved().level).toBe(2);
  });

  test("a wolf with a DropQuest line for the supplies: the bread goes into the inventory with sound 132 (chance 1 always drops)", () => {
    const dropping = GameTablesSchema.parse({
      ...tables,
      npcs: {
        ...tables.npcs!,
        npcs: tables.npcs!.npcs.map((npc) => (npc.id === DEFAULT_NPCS.greyWolf ? { ...npc, questDrops: [{ questIndex: DEFAULT_QUESTS.supplies, objIndex: DEFAULT_OBJECTS.bread, amount: 1, chance: 1 }] } : npc)),
      },
    });
    const q = questWorld({ quests: { active: [{ questId: DEFAULT_QUESTS.supplies, npcKills: [], targetClicks: [] }], done: [] } }, dropping);
    q.click(WOLVES[0]!.x, WOLVES[0]!.y);
    q.lines();
    q.act("Online");
    expect(q.lines()).toContain(`PlayWave 132`);
    expect(q.saved().inventory.find((slot) => slot.objectId === DEFAULT_OBJECTS.bread)?.amount).toBe(1);
    // Without the quest, nothing drops.
    const none = questWorld({}, dropping);
    none.click(WOLVES[0]!.x, WOLVES[0]!.y);
    none.act("Online");
    expect(none.lines()).not.toContain(`PlayWave 132`);
  });
});

describe("five quests held", () => {
  test("accepting a sixth: bubble 1417 over her, nothing taken", () => {
    const hares = tables.quests!.quests.find((quest) => quest.id === DEFAULT_QUESTS.hares)!;
    const more = GameTablesSchema.parse({
      ...tables,
      quests: { declaredCount: 91, quests: [...tables.quests!.quests, { ...hares, id: 90 }, { ...hares, id: 91 }] },
    });
    const held = [DEFAULT_QUESTS.wolves, DEFAULT_QUESTS.supplies, DEFAULT_QUESTS.hares, 90, 91].map((questId) => ({ questId, npcKills: [0], targetClicks: [] }));
    const q = questWorld({ quests: { active: held, done: [] } }, more);
    q.click(GIVER.x, GIVER.y);
    q.lines();
    q.act("QuestAccept", { listIndex: 1 });
    expect(q.lines()).toEqual(["Bubble 1417 "]);
    expect(q.saved().quests?.active.map((entry) => entry.questId)).toEqual([DEFAULT_QUESTS.wolves, DEFAULT_QUESTS.supplies, DEFAULT_QUESTS.hares, 90, 91]);
  });
});

describe("the log window and abandoning", () => {
  test("details of slot 1 with the kill counter; a bad slot answers nothing; abandon says 2115 and sends the list", () => {
    const q = questWorld({ quests: { active: [{ questId: DEFAULT_QUESTS.hares, npcKills: [1], targetClicks: [] }], done: [] } });
    q.act("QuestDetailsRequest", { questSlot: 1 });
    const details = q.w.drain().find((p) => p.name === "QuestDetails")!;
    expect(details.fields.questIndex).toBe(DEFAULT_QUESTS.hares);
    expect(details.fields.requiredNpcs).toEqual([{ amount: 2, npcIndex: DEFAULT_NPCS.brownHare, killed: 1 }]);
    expect(details.fields.rewardObjects).toEqual([{ amount: 2, objIndex: DEFAULT_OBJECTS.bread }]);
    q.act("QuestDetailsRequest", { questSlot: 0 });
    q.act("QuestDetailsRequest", { questSlot: 2 });
    q.act("QuestAbandon", { questSlot: 4 });
    expect(q.lines()).toEqual([]);
    q.act("QuestAbandon", { questSlot: 1 });
    expect(q.lines()).toEqual(["LocaleMsg 2115 Liebres para el guiso", "QuestListSend 0"]);
    expect(q.saved().quests).toBeUndefined();
  });
});

describe("refusals", () => {
  test("accept without an offer: nothing (QQ23); a locked row: 1424 with the quest needed; the same quest twice: 1263; too far: 8", () => {
    const q = questWorld();
    q.act("QuestAccept", { listIndex: 1 });
    expect(q.lines()).toEqual([]);
    q.click(GIVER.x, GIVER.y);
    q.lines();
    q.act("QuestAccept", { listIndex: 2 });
    expect(q.lines()).toEqual(["LocaleMsg 1424 Una visita a la Hermana Irene"]);
    q.act("QuestAccept", { listIndex: 9 });
    expect(q.lines()).toEqual([]);
    q.act("QuestAccept", { listIndex: 1 });
    q.lines();
    q.act("QuestAccept", { listIndex: 1 });
    expect(q.lines()).toEqual(["LocaleMsg 1263 "]);
  });

  test("a level-1 character: supplies need level 2 (1425 2); from 6 tiles the click says 8", () => {
    const q = questWorld({ level: 1, quests: { active: [], done: [{ questId: DEFAULT_QUESTS.visitHealer, times: 1 }, { questId: DEFAULT_QUESTS.wolves, times: 1 }] } });
    q.click(GIVER.x, GIVER.y);
    q.lines();
    q.act("QuestAccept", { listIndex: 3 });
    expect(q.lines()).toEqual(["LocaleMsg 1425 2"]);
    const far = questWorld();
    far.w.server.leave(1, "test");
    far.w.enter(2, "Lejos", 26, 20, { with: clothed() });
    far.w.drain();
    far.w.server.act(2, "LeftClick", { x: GIVER.x, y: GIVER.y, counter: 1 });
    expect(questLines(far.w.drain(), 2)).toEqual(["LocaleMsg 8 "]);
  });
});
