/**
 * `Quests.DAT` and the quest keys of `npcs.dat`: the 2024 AO20 data set (ao20/Dat, never copied
 * into the repo) against the counts quests.md §2.2 and §3 measured, and the importer carrying a
 * quest table with its defects (file + line) into a world pack.
 *
 * Where our loader differs from the doc's count it is a fix we chose, said beside the number:
 * quest 135's empty `RequiredNPC1=` is no kill objective (QQ2), and NPC 425's `QuestNumber=26`
 * without its index leaves its list empty (QQ4), so it is not counted among the offering NPCs.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGameTables, questById, type GameTablesResult } from "../src/content/dat/index.ts";
import { importWorld, loadWorldPack } from "../src/content/index.ts";
import { EMPTY_MAP_DAT, encodeCsm } from "../src/content/maps/csm-writer.ts";
import { encodeTables, PackTablesSchema } from "../src/content/pack/index.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";

const hasData = requireSharedData("ao20/Dat/Quests.DAT", "ao20/Dat/npcs.dat", "ao20/Dat/obj.dat");
const describeData = hasData ? describe : describe.skip;
const loaded: GameTablesResult | undefined = hasData ? loadGameTables(sharedDataPath("ao20", "Dat"), "ao20") : undefined;

describeData("AO20 2024 Quests.DAT (quests.md §2.2, §15 tests 1–6)", () => {
  const table = () => loaded!.tables.quests!;
  const quest = (id: number) => questById(table(), id)!;
  const questWarnings = () => loaded!.warnings.filter((w) => w.file === "Quests.DAT");

  test("NumQuests=155, 153 quests; sections 10 and 127 reported missing (QQ5)", () => {
    expect(loaded!.errors).toEqual([]);
    expect(table().declaredCount).toBe(155);
    expect(table().quests).toHaveLength(153);
    expect(table().quests.every((q) => q.name.length > 0)).toBe(true);
    expect(questById(table(), 10)).toBeUndefined();
    expect(questById(table(), 127)).toBeUndefined();
    expect(questWarnings().filter((w) => w.code === "missing-section").map((w) => w.section)).toEqual(["QUEST10", "QUEST127"]);
  });

  test("the measured counts", () => {
    const qs = table().quests;
    const count = (pick: (q: (typeof qs)[number]) => boolean) => qs.filter(pick).length;
    expect([count((q) => q.repeatable), count((q) => !q.repeatable)]).toEqual([52, 101]);
    expect(count((q) => q.requiredObjects.length > 0)).toBe(93);
    // The doc counts 63 with kills: one of them is quest 135, whose only kill is empty (QQ2 fixed).
    expect(count((q) => q.requiredNpcs.length > 0)).toBe(62);
    expect(qs.filter((q) => q.requiredTargetNpcs.length > 0).map((q) => q.id)).toEqual([5]);
    expect(qs.filter((q) => q.talkTo > 0).map((q) => [q.id, q.talkTo])).toEqual([
      [123, 1155],
      [133, 1151],
    ]);
    expect(count((q) => q.requiredQuest > 0)).toBe(25);
    const free = qs.filter((q) => q.requiredObjects.length + q.requiredNpcs.length + q.requiredTargetNpcs.length + q.requiredSpells.length === 0);
    // The doc's 17 plus 135 (QQ2 fixed: its phantom "0 × NPC 0" made it free in VB6 too).
    expect(free.map((q) => q.id)).toEqual([12, 38, 39, 40, 41, 42, 89, 98, 102, 103, 105, 122, 123, 125, 131, 133, 135, 142]);
    expect(Math.max(...qs.map((q) => q.rewardExp))).toBe(quest(35).rewardExp);
    expect(quest(35).rewardExp).toBe(183_500);
    expect(quest(46).rewardGold).toBe(82_000);
    expect(count((q) => q.requiredClasses.length > 0 || q.requiredSkill > 0 || q.requiredSpells.length > 0 || q.permittedFactions > 0 || q.globalQuestIndex > 0)).toBe(0);
  });

  test("quest 2 and quest 4 read as the doc says", () => {
    expect(quest(2)).toMatchObject({ requiredNpcs: [{ npcIndex: 501, amount: 10 }], requiredObjects: [{ objIndex: 26, amount: 10 }], rewardExp: 250, rewardGold: 100 });
    expect(quest(4)).toMatchObject({
      name: "Veneno mortal",
      requiredLevel: 1,
      requiredNpcs: [{ npcIndex: 502, amount: 10 }],
      requiredObjects: [{ objIndex: 2492, amount: 10 }],
      rewardExp: 200,
      rewardGold: 100,
      rewardObjects: [{ objIndex: 2497, amount: 10 }],
      repeatable: true,
    });
    expect(quest(123)).toMatchObject({ requiredLevel: 12, talkTo: 1155, rewardExp: 500, rewardObjects: [{ objIndex: 3460, amount: 1 }], repeatable: true });
    expect(quest(124)).toMatchObject({ requiredQuest: 123, workersOnly: true });
  });

  test("RequiredTargetNPCS (quest 5) is read despite its case", () => {
    expect(quest(5)).toMatchObject({ requiredTargetNpcs: [401], rewardExp: 1, rewardGold: 1 });
  });

  test("defects: 87 has 7 kills and a warning, 135 none and a warning, 45 none, 105 and 1 nothing beyond their counts", () => {
    expect(quest(87).requiredNpcs).toHaveLength(7);
    expect(questWarnings()).toContainEqual(expect.objectContaining({ code: "missing-value", section: "QUEST87", key: "REQUIREDNPC8" }));
    expect(quest(135).requiredNpcs).toEqual([]);
    expect(questWarnings()).toContainEqual(expect.objectContaining({ code: "bad-value", section: "QUEST135", key: "REQUIREDNPC1", line: 1719 }));
    expect(quest(45).requiredNpcs).toEqual([]);
    expect(questWarnings()).toContainEqual(expect.objectContaining({ code: "ignored-key", section: "QUEST45", key: "REQUIREDNPC1", line: 619 }));
    expect(quest(105).requiredObjects).toEqual([]);
    expect(quest(1).rewardObjects).toEqual([]);
    expect(questWarnings()).toContainEqual(expect.objectContaining({ code: "ignored-key", section: "QUEST108", key: "TRABAJDOR", line: 1446 }));
    // PosMap (36 quests) is known and not reported.
    expect(questWarnings().some((w) => w.key === "POSMAP")).toBe(false);
  });

  test("Heather's quests 38–42: level 12, no objectives, no chain in 2024", () => {
    for (let id = 38; id <= 42; id++) expect(quest(id)).toMatchObject({ requiredLevel: 12, requiredQuest: 0, repeatable: false, requiredObjects: [], requiredNpcs: [] });
    expect(quest(38).rewardObjects.map((item) => item.objIndex)).toEqual([32, 240]);
  });

  test("the table survives the pack's tables.json", () => {
    const stored = PackTablesSchema.parse(JSON.parse(encodeTables(loaded!.tables)));
    expect(stored.quests).toEqual(table());
  });
});

describeData("AO20 2024 npcs.dat quest keys (quests.md §3)", () => {
  const npcs = () => loaded!.tables.npcs!.npcs;
  const npc = (id: number) => npcs().find((n) => n.id === id)!;

  test("104 quest NPCs (type 17); 62 offer quests (63 with NPC 425, QQ4); 139 quests offered, 14 by nobody", () => {
    expect(npcs().filter((n) => n.npcType === 17)).toHaveLength(104);
    const offering = npcs().filter((n) => n.quests.length > 0);
    expect(offering).toHaveLength(62);
    expect(offering.every((n) => n.npcType === 17)).toBe(true);
    const offered = new Set(offering.flatMap((n) => n.quests).filter((id) => questById(loaded!.tables.quests, id) !== undefined));
    expect(offered.size).toBe(139);
    const nobody = loaded!.tables.quests!.quests.filter((q) => !offered.has(q.id)).map((q) => q.id);
    expect(nobody).toEqual([5, 7, 22, 47, 89, 105, 123, 135, 136, 137, 138, 139, 140, 141]);
  });

  test("NPC 407 offers 2, 4, 6, 8, 9, 12; NPC 502 drops fluids for quest 4 at 1/1", () => {
    expect(npc(407).quests).toEqual([2, 4, 6, 8, 9, 12]);
    expect(npc(502).questDrops).toContainEqual({ questIndex: 4, objIndex: 2492, amount: 1, chance: 1 });
    expect(npcs().filter((n) => n.questDrops.length > 0)).toHaveLength(57);
    expect(npcs().reduce((sum, n) => sum + n.questDrops.length, 0)).toBe(94);
  });

  test("QQ4: NPC 425's list has no quest 0, with a warning; QQ5: NPC 1159's quest 127 is reported; QQ6: 3-field drop lines logged", () => {
    expect(npc(425).quests).toEqual([]);
    expect(loaded!.warnings).toContainEqual(expect.objectContaining({ file: "npcs.dat", section: "NPC425", key: "QUESTNUMBER1" }));
    expect(npc(1159).quests).toContain(127);
    expect(loaded!.warnings).toContainEqual(expect.objectContaining({ file: "npcs.dat", section: "NPC1159", message: expect.stringContaining("quest 127") }));
    const certain = loaded!.warnings.filter((w) => w.file === "npcs.dat" && w.message.includes("QQ6"));
    expect(certain.length).toBeGreaterThan(0);
    expect(certain.every((w) => w.line !== undefined)).toBe(true);
  });
});

describe("importing a Dat folder with a broken Quests.DAT", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "argentum-import-quests-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("the pack carries the quests; every defect is a warning with file and line", async () => {
    const mapsDir = join(root, "Mapas");
    const datDir = join(root, "Dat");
    mkdirSync(mapsDir);
    mkdirSync(datDir);
    writeFileSync(join(mapsDir, "mapa1.csm"), encodeCsm({ mapDat: { ...EMPTY_MAP_DAT, mapName: "Uno" }, blocked: [], npcs: [], exits: [] }));
    const lines = (...text: string[]) => text.join("\r\n") + "\r\n";
    writeFileSync(join(datDir, "obj.dat"), lines("[INIT]", "NumOBJs=1", "[OBJ1]", "Name=Manzana", "ObjType=1"));
    writeFileSync(join(datDir, "npcs.dat"), lines("[INIT]", "NumNPCs=2", "[NPC1]", "Name=Guía", "NpcType=17", "NumQuest=2", "QuestNumber1=1", "QuestNumber2=3", "[NPC2]", "Name=Lobo"));
    writeFileSync(join(datDir, "hechizos.dat"), lines("[INIT]", "NumeroHechizos=1", "[HECHIZO1]", "Nombre=Dardo"));
    writeFileSync(
      join(datDir, "QUESTS.DAT"),
      lines("[INIT]", "NumQuests=3", "[QUEST1]", "Nombre=Lobos", "RequiredNPCs=1", "RequiredNPC1=2-5", "RewardOBJs=1", "RewardOBJ1=9-1", "[QUEST2]", "Nombre=Rota", "RequiredLevel=999"),
    );
    const result = await importWorld({ mapsDir, datDir, outDir: join(root, "pack") });
    expect(result.report.errors).toEqual([]);
    const warnings = result.report.warnings.filter((w) => w.file === "QUESTS.DAT" || w.message.includes("quest"));
    expect(warnings).toContainEqual(expect.objectContaining({ code: "table-issue", file: "QUESTS.DAT", line: 9, message: expect.stringContaining("RequiredLevel=999".toUpperCase()) }));
    expect(warnings).toContainEqual(expect.objectContaining({ file: "QUESTS.DAT", message: expect.stringContaining("[QUEST3] is missing") }));
    expect(warnings).toContainEqual(expect.objectContaining({ file: "QUESTS.DAT", message: expect.stringContaining("object 9 is not in the object table") }));
    expect(warnings).toContainEqual(expect.objectContaining({ file: "npcs.dat", message: expect.stringContaining("offers quest 3") }));
    const pack = await loadWorldPack(join(root, "pack"));
    if (!pack.ok) throw new Error(JSON.stringify(pack.errors));
    expect(pack.pack.tables!.quests!.quests.map((q) => [q.id, q.name])).toEqual([[1, "Lobos"]]);
    expect(pack.pack.tables!.npcs!.npcs[0]!.quests).toEqual([1, 3]);
  });
});
