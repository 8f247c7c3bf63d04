import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { buildGameTables, compactGameTables, GameTablesSchema } from "./game-tables.ts";
import { parseQuestsDat, questById, QuestTableSchema } from "./quests.ts";

const crlf = (...lines: string[]) => new TextEncoder().encode(lines.join("\r\n") + "\r\n");

describe("parseQuestsDat", () => {
  const file = crlf(
    "[INIT]",
    "NumQuests=6",
    "----- a comment line the reader skips -----",
    "[QUEST1] 'trailing text after the bracket",
    "Nombre= Muchas bocas ",
    "RequiredLevel=1",
    "RequiredOBJs=1",
    "RequiredOBJ1=1700-10 'Escudo de Tortuga",
    "RequiredNPCs=2",
    "RequiredNPC1=501-10",
    "RewardEXP=250",
    "RewardGLD=100",
    "RewardOBJs=0",
    "RewardObj1=2-2",
    "Repetible=1",
    "PosMap=37",
    "[QUEST2]",
    "Nombre=Visita",
    "RequiredTargetNPCS=1",
    "RequiredTargetNPC1=401",
    "TalkTo=7",
    "Trabajdor=1",
    "RequiredClass=9",
    "[QUEST4]",
    "Nombre=Moderna",
    "RequiredClassesCount=2",
    "RequiredClass1=1",
    "RequiredClass2=13",
    "RequiredSpellCount=1",
    "RequiredSpell1=10",
    "RequiredSkill=19",
    "RequiredValue=50",
    "RewardSkills=1",
    "RewardSkill1=24",
    "PermittedFactions=9",
    "LimitLevel=30",
    "RequiredQuest=1",
    "Trabajador=1",
    "GlobalQuestIndex=2",
    "GlobalQuestThresholdNeeded=5000",
    "[QUEST5]",
    "Nombre=Demasiado grande",
    "RequiredLevel=300",
    "[QUEST6]",
    "Nombre=Después del error",
    "RequiredNPCs=1",
    "RequiredNPC1=",
    "[QUEST9]",
    "Nombre=Above the count",
  );
  const { value, errors, warnings } = parseQuestsDat(file, "Quests.DAT");
  const quest = (id: number) => questById(value, id)!;

  test("reads the 2024 keys with VB6 conversions (Val, pairs split on '-', trailing comments)", () => {
    expect(errors).toEqual([]);
    expect(value!.declaredCount).toBe(6);
    expect(value!.quests.map((q) => q.id)).toEqual([1, 2, 4, 6]);
    expect(quest(1)).toMatchObject({
      name: "Muchas bocas",
      requiredLevel: 1,
      requiredObjects: [{ objIndex: 1700, amount: 10 }],
      requiredNpcs: [{ npcIndex: 501, amount: 10 }],
      rewardExp: 250,
      rewardGold: 100,
      rewardObjects: [],
      repeatable: true,
    });
    expect(quest(2)).toMatchObject({ requiredTargetNpcs: [401], talkTo: 7, workersOnly: false });
  });

  test("reads today's keys: classes, spells, skill, reward spells, factions, global quests", () => {
    expect(quest(4)).toMatchObject({
      requiredClasses: [1],
      requiredSpells: [10],
      requiredSkill: 19,
      requiredSkillValue: 50,
      rewardSpells: [24],
      permittedFactions: 9,
      limitLevel: 30,
      requiredQuest: 1,
      workersOnly: true,
      globalQuestIndex: 2,
      globalQuestThreshold: 5000,
    });
    expect(warnings).toContainEqual(expect.objectContaining({ code: "bad-value", section: "QUEST4", key: "REQUIREDCLASS2" }));
  });

  test("QQ1 fixed: a bare RequiredClass is a one-class list, with a warning", () => {
    expect(quest(2).requiredClasses).toEqual([9]);
    expect(warnings).toContainEqual(expect.objectContaining({ code: "bad-value", section: "QUEST2", key: "REQUIREDCLASS", line: 23 }));
  });

  test("QQ2 fixed: a count above the keys and an empty value leave no phantom objective", () => {
    expect(quest(1).requiredNpcs).toHaveLength(1);
    expect(warnings).toContainEqual(expect.objectContaining({ code: "missing-value", file: "Quests.DAT", section: "QUEST1", key: "REQUIREDNPC2" }));
    expect(quest(6).requiredNpcs).toEqual([]);
    expect(warnings).toContainEqual(expect.objectContaining({ code: "bad-value", section: "QUEST6", key: "REQUIREDNPC1", line: 47 }));
  });

  test("QQ3 fixed: an overflowing value skips that quest only, reported with its line", () => {
    expect(questById(value, 5)).toBeUndefined();
    expect(quest(6).name).toBe("Después del error");
    expect(warnings).toContainEqual(expect.objectContaining({ code: "bad-value", section: "QUEST5", line: 41, message: expect.stringContaining("REQUIREDLEVEL=300") }));
  });

  test("QQ5 fixed: missing sections are no quests and are reported", () => {
    expect(questById(value, 3)).toBeUndefined();
    expect(warnings).toContainEqual(expect.objectContaining({ code: "missing-section", section: "QUEST3" }));
    expect(warnings).toContainEqual(expect.objectContaining({ code: "ignored-section", section: "QUEST9" }));
  });

  test("keys the loader ignores: known ones silently, typos and keys beyond a count with a warning", () => {
    expect(warnings.some((w) => w.key === "POSMAP")).toBe(false);
    expect(warnings).toContainEqual(expect.objectContaining({ code: "ignored-key", section: "QUEST2", key: "TRABAJDOR", line: 22 }));
    expect(warnings).toContainEqual(expect.objectContaining({ code: "ignored-key", section: "QUEST1", key: "REWARDOBJ1", line: 14 }));
  });

  test("the table validates and survives the pack's compact JSON", () => {
    expect(QuestTableSchema.parse(value)).toEqual(value!);
    const tables = buildGameTables("ao20", (name) => (name === "quests.dat" ? { name: "Quests.DAT", bytes: file } : undefined));
    expect(tables.tables.quests).toEqual(value!);
    const stored = GameTablesSchema.parse(JSON.parse(JSON.stringify(compactGameTables(tables.tables))));
    expect(stored.quests).toEqual(value!);
    // A pack made before quests were carried still loads.
    const { quests: _dropped, ...older } = compactGameTables(tables.tables);
    expect(GameTablesSchema.parse(JSON.parse(JSON.stringify(older))).quests).toBeUndefined();
  });
});

describe("parseQuestsDat on hostile input", () => {
  test("binary data and files with no quest section are errors, not throws", () => {
    expect(parseQuestsDat(new Uint8Array([0x5b, 0, 1, 2]), "q.dat").errors[0]!.code).toBe("not-a-table");
    expect(parseQuestsDat(crlf("[FOO]", "a=1"), "q.dat").errors[0]!.code).toBe("not-a-table");
  });

  test("a truncated file keeps what it has", () => {
    const whole = new TextDecoder().decode(crlf("[INIT]", "NumQuests=2", "[QUEST1]", "Nombre=Uno", "RequiredNPCs=1", "RequiredNPC1=501-10", "[QUEST2]", "Nombre=Dos"));
    const cut = new TextEncoder().encode(whole.slice(0, whole.indexOf("RequiredNPC1=501") + "RequiredNPC1=5".length));
    const { value, errors, warnings } = parseQuestsDat(cut, "Quests.DAT");
    expect(errors).toEqual([]);
    expect(value!.quests).toHaveLength(1);
    expect(value!.quests[0]!.requiredNpcs).toEqual([]);
    expect(warnings).toContainEqual(expect.objectContaining({ code: "bad-value", key: "REQUIREDNPC1" }));
    expect(warnings).toContainEqual(expect.objectContaining({ code: "missing-section", section: "QUEST2" }));
  });

  test("bad numbers read as 0 with a warning; negative rewards are 0", () => {
    const { value, warnings } = parseQuestsDat(crlf("[INIT]", "NumQuests=1", "[QUEST1]", "RequiredLevel=diez", "RewardGLD=-50", "RewardEXP=1e3"), "Quests.DAT");
    expect(value!.quests[0]).toMatchObject({ requiredLevel: 0, rewardGold: 0, rewardExp: 1000 });
    expect(warnings).toContainEqual(expect.objectContaining({ key: "REQUIREDLEVEL", message: expect.stringContaining("not a number") }));
    expect(warnings).toContainEqual(expect.objectContaining({ key: "REWARDGLD", message: expect.stringContaining("negative") }));
  });

  test("absurd counts: NumQuests capped, an objective count above a Byte skips the quest", () => {
    const huge = parseQuestsDat(crlf("[INIT]", "NumQuests=999999999", "[QUEST1]", "Nombre=x"), "Quests.DAT");
    expect(huge.value!.declaredCount).toBe(32_767);
    expect(huge.value!.quests).toHaveLength(1);
    expect(huge.warnings).toContainEqual(expect.objectContaining({ key: "NUMQUESTS", code: "bad-value" }));
    // 32 766 missing ids are summarised, not listed one by one.
    expect(huge.warnings.filter((w) => w.code === "missing-section").length).toBeLessThanOrEqual(51);
    const count = parseQuestsDat(crlf("[INIT]", "NumQuests=2", "[QUEST1]", "RequiredOBJs=100000", "[QUEST2]", "RequiredNPCs=-1", "RewardOBJs=1", "RewardOBJ1=5-40000"), "Quests.DAT");
    expect(count.value!.quests).toEqual([]);
    expect(count.warnings.filter((w) => w.message.includes("skipped"))).toHaveLength(2);
  });

  test("any bytes: never throws, and whatever it returns validates", () => {
    const lines = fc.constantFrom(
      "[INIT]",
      "NumQuests=3",
      "NumQuests=-4",
      "[QUEST1]",
      "[QUEST2]",
      "[QUEST3]",
      "RequiredNPCs=3",
      "RequiredNPC1=5-5",
      "RequiredNPC2=-5-5",
      "RequiredOBJs=2",
      "RequiredOBJ1=abc",
      "RewardOBJs=1",
      "RewardOBJ1=2-99999",
      "RequiredLevel=255",
      "RequiredLevel=256",
      "RequiredClass=0",
      "RequiredClassesCount=1",
      "RequiredClass1=12",
      "Repetible=1",
      "RequiredQuest=2",
      "TalkTo=&H10",
      "",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(lines, fc.string()), { maxLength: 30 }), (picked) => {
        const { value } = parseQuestsDat(crlf(...picked), "Quests.DAT");
        if (value) QuestTableSchema.parse(value);
      }),
      { numRuns: 300 },
    );
  });
});
