/**
 * `Quests.DAT`: the quest table (quests.md §2; VB6 loader `LoadQuests`, ao-org/argentum-online-server
 * `Codigo/ModQuest.bas`). `[INIT] NumQuests` is the highest id, each quest is `[QUEST<id>]`, pairs
 * `a-b` are split on `-` and read with `Val` (so `RequiredOBJ1=1700-10 'comment` is 1700 × 10).
 * Reads the keys of the 2024 data and of today's server (classes, skills, spells, factions, global
 * quests).
 *
 * The file is hostile input and the real one has defects; each is a warning naming the file, the
 * section, the key and the line, and none stops the load. Where the VB6 loader misbehaves we fix it:
 *
 * - QQ1 fixed: a bare `RequiredClass=<n>` without `RequiredClassesCount` is a one-class list (VB6
 *   reads only `RequiredClass<j>`, so the quest was open to every class).
 * - QQ2 fixed: a declared objective or reward count larger than the keys present (quest 87), or an
 *   empty / zero value (quest 135), yields no phantom "0 × 0" objective: the entry is dropped.
 *   Keys beyond the count (quest 1 `RewardObj1` with `RewardOBJs=0`) are ignored, as in VB6.
 * - QQ3 fixed: a value that overflows its VB6 type (a `Byte` above 255, an amount above 32 767)
 *   skips that quest only (VB6 stopped loading there and left every later quest empty).
 * - QQ5 fixed: a missing `[QUEST<id>]` inside 1…NumQuests (10 and 127 in 2024) is no quest at all
 *   (VB6 made it a valid quest with every field empty).
 */
import { z } from "zod";
import { CLASS_KEYS } from "./catalog.ts";
import { getEntry, getSection, vbTrim, type IniDocument, type IniEntry } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";
import { looksLikeNumberedTable, numberedSections } from "./numbered-sections.ts";
import { readIni } from "./ini-reader.ts";
import { vbRound, vbVal } from "./vb-val.ts";

/** VB6 types of the loader's fields: a value outside its range raised an overflow (QQ3). */
const VB_BYTE = { min: 0, max: 255 } as const;
const VB_INTEGER = { min: -32_768, max: 32_767 } as const;
const VB_LONG = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** `MAXUSERQUESTS`: active quests per character (quests.md §1). */
export const MAX_ACTIVE_QUESTS = 5;
/** Classes a quest may name (`e_Class` 1…12). */
export const QUEST_CLASS_COUNT = CLASS_KEYS.length;

const positiveId = z.number().int().min(1).max(VB_INTEGER.max);
const amountOf = z.number().int().min(1).max(VB_INTEGER.max);

const objectAmountSchema = z.object({ objIndex: positiveId, amount: amountOf });
const npcAmountSchema = z.object({ npcIndex: positiveId, amount: amountOf });

export const QuestSchema = z.object({
  id: positiveId,
  /** `Nombre` (trimmed): the server names the quest in console messages only. */
  name: z.string().default(""),
  /** `Desc` / `DescFinal`: never sent by the server (the stock client has its own copy); our browser may show them. */
  description: z.string().default(""),
  finalDescription: z.string().default(""),
  requiredLevel: z.number().int().min(VB_BYTE.min).max(VB_BYTE.max).default(0),
  /** `LimitLevel`: highest level that may accept; 0 = no limit. */
  limitLevel: z.number().int().min(VB_BYTE.min).max(VB_BYTE.max).default(0),
  /** `RequiredQuest`: a quest that must be done first; 0 = none. */
  requiredQuest: z.number().int().min(0).max(VB_INTEGER.max).default(0),
  /** `RequiredClass<j>` (1…12); empty = any class. */
  requiredClasses: z.array(z.number().int().min(1).max(QUEST_CLASS_COUNT)).default([]),
  /** `Trabajador=1`: only the Trabajador class may accept. */
  workersOnly: z.boolean().default(false),
  /** `PermittedFactions` bit set (1 citizen, 2 Armada, 4 royal council, 8 criminal, 16 Caos, 32 chaos council); 0 = any. */
  permittedFactions: z.number().int().min(0).max(VB_INTEGER.max).default(0),
  /** `RequiredSkill` (1…24) and `RequiredValue`; skill 0 = no skill gate. */
  requiredSkill: z.number().int().min(0).max(VB_BYTE.max).default(0),
  requiredSkillValue: z.number().int().min(0).max(VB_BYTE.max).default(0),
  /** `TalkTo`: NPC number where the quest can also be turned in (§4.4); 0 = none. */
  talkTo: z.number().int().min(0).max(VB_INTEGER.max).default(0),
  /** `RequiredOBJ<j>=obj-amount`: carried at turn-in, removed on completion. */
  requiredObjects: z.array(objectAmountSchema).default([]),
  /** `RequiredNPC<j>=npc-amount`: kills of that NPC number. */
  requiredNpcs: z.array(npcAmountSchema).default([]),
  /** `RequiredTargetNPC<j>=npc`: NPC numbers to click ("visit"). */
  requiredTargetNpcs: z.array(positiveId).default([]),
  /** `RequiredSpell<j>`: spells known at turn-in, erased from the book on completion. */
  requiredSpells: z.array(positiveId).default([]),
  rewardGold: z.number().int().min(0).max(VB_LONG.max).default(0),
  rewardExp: z.number().int().min(0).max(VB_LONG.max).default(0),
  rewardObjects: z.array(objectAmountSchema).default([]),
  /** `RewardSkill<j>`: despite the key, spell numbers (`Hechizos.dat`). */
  rewardSpells: z.array(positiveId).default([]),
  /** `Repetible=1`: may be taken again after completion. */
  repeatable: z.boolean().default(false),
  /** `GlobalQuestIndex` / `GlobalQuestThresholdNeeded` (§4.6; not implemented yet, carried). */
  globalQuestIndex: z.number().int().min(0).max(VB_INTEGER.max).default(0),
  globalQuestThreshold: z.number().int().min(0).max(VB_LONG.max).default(0),
});
export type Quest = z.output<typeof QuestSchema>;

export const QuestTableSchema = z
  .object({
    /** `[INIT] NumQuests`: the highest quest id. */
    declaredCount: z.number().int().nonnegative().max(VB_INTEGER.max),
    /** The quests that exist, ascending by id (missing sections are absent, QQ5). */
    quests: z.array(QuestSchema),
  })
  .superRefine((table, ctx) => {
    let previous = 0;
    for (const [index, quest] of table.quests.entries()) {
      if (quest.id <= previous) ctx.addIssue({ code: "custom", path: ["quests", index, "id"], message: `quest ids must ascend without repeats (${quest.id} after ${previous})` });
      if (quest.id > table.declaredCount) ctx.addIssue({ code: "custom", path: ["quests", index, "id"], message: `quest ${quest.id} is above declaredCount ${table.declaredCount}` });
      previous = quest.id;
    }
  });
export type QuestTable = z.output<typeof QuestTableSchema>;

/** Keys the VB6 loader reads (upper-cased), apart from the numbered ones. */
const READ_KEYS = new Set([
  "NOMBRE",
  "DESC",
  "DESCFINAL",
  "NEXTQUEST",
  "REQUIREDLEVEL",
  "LIMITLEVEL",
  "REQUIREDQUEST",
  "REQUIREDCLASSESCOUNT",
  "TRABAJADOR",
  "TALKTO",
  "REQUIREDOBJS",
  "REQUIREDSPELLCOUNT",
  "REQUIREDNPCS",
  "REQUIREDSKILL",
  "REQUIREDVALUE",
  "REQUIREDTARGETNPCS",
  "REWARDGLD",
  "REWARDEXP",
  "REWARDOBJS",
  "REWARDSKILLS",
  "REPETIBLE",
  "PERMITTEDFACTIONS",
  "GLOBALQUESTINDEX",
  "GLOBALQUESTTHRESHOLDNEEDED",
  // QQ1: read by us, not by VB6.
  "REQUIREDCLASS",
]);
/** Keys in the real data that no loader reads and that are not defects (map hints, English texts, wiki flag). */
const KNOWN_UNREAD_KEYS = new Set(["POSMAP", "EN_DESC", "EN_DESCFINAL", "NOWIKI"]);
/** Numbered list keys: `<prefix><j>` up to the count key. */
const LISTS = [
  { prefix: "REQUIREDCLASS", count: "REQUIREDCLASSESCOUNT" },
  { prefix: "REQUIREDOBJ", count: "REQUIREDOBJS" },
  { prefix: "REQUIREDSPELL", count: "REQUIREDSPELLCOUNT" },
  { prefix: "REQUIREDNPC", count: "REQUIREDNPCS" },
  { prefix: "REQUIREDTARGETNPC", count: "REQUIREDTARGETNPCS" },
  { prefix: "REWARDOBJ", count: "REWARDOBJS" },
  { prefix: "REWARDSKILL", count: "REWARDSKILLS" },
] as const;
const NUMBERED_KEY = /^([A-Z]+?)([1-9][0-9]*)$/;

/** Thrown inside one quest's reading when a value overflows its VB6 type; caught per quest (QQ3). */
class QuestOverflow extends Error {}

/** Parses a `Quests.DAT`; never throws. */
export function parseQuestsDat(bytes: Uint8Array, fileName: string): DatResult<QuestTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  if (!looksLikeNumberedTable(doc, "QUEST")) {
    return { value: null, errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no [INIT] and no [QUEST<n>] section; not a Quests.DAT` }], warnings: [] };
  }
  const warnings: DatIssue[] = duplicateWarnings(doc);
  const countEntry = getEntry(doc, "INIT", "NumQuests");
  const rawCount = countEntry === undefined ? 0 : vbRound(vbVal(countEntry.value));
  if (countEntry === undefined) {
    warnings.push({ code: "missing-value", file: fileName, section: "INIT", key: "NUMQUESTS", message: `${fileName}: [INIT] NumQuests is missing; no quest is read` });
  } else if (!Number.isFinite(rawCount) || rawCount < 0 || rawCount > VB_INTEGER.max) {
    warnings.push({
      code: "bad-value",
      file: fileName,
      section: "INIT",
      key: "NUMQUESTS",
      line: countEntry.line,
      message: `${fileName}: [INIT] NumQuests=${countEntry.value.trim()} is outside 0…${VB_INTEGER.max}; ${rawCount > 0 ? `read as ${VB_INTEGER.max}` : "no quest is read"}`,
    });
  }
  const { declaredCount, ids } = numberedSections(doc, "QUEST", "NumQuests", warnings);
  const present = new Set(ids);
  const missing: number[] = [];
  for (let id = 1; id <= declaredCount; id++) if (!present.has(id) && getSection(doc, `QUEST${id}`) === undefined) missing.push(id);
  const MISSING_LISTED = 50;
  for (const id of missing.slice(0, MISSING_LISTED)) {
    warnings.push({ code: "missing-section", file: fileName, section: `QUEST${id}`, message: `[QUEST${id}] is missing though NumQuests=${declaredCount}; there is no quest ${id} (QQ5: VB6 made it an empty quest)` });
  }
  if (missing.length > MISSING_LISTED) {
    warnings.push({ code: "missing-section", file: fileName, message: `${missing.length - MISSING_LISTED} more [QUEST<n>] sections below NumQuests=${declaredCount} are missing` });
  }
  const quests: Quest[] = [];
  for (const id of ids) {
    const questWarnings: DatIssue[] = [];
    try {
      quests.push(readQuest(doc, id, questWarnings));
      warnings.push(...questWarnings);
    } catch (cause) {
      if (!(cause instanceof QuestOverflow)) throw cause;
      warnings.push(...questWarnings);
      const section = getSection(doc, `QUEST${id}`)!;
      warnings.push({ code: "bad-value", file: fileName, section: section.name, line: section.line, message: `[QUEST${id}] skipped: ${cause.message} (QQ3: VB6 stopped loading every later quest)` });
    }
  }
  return { value: { declaredCount, quests }, errors: [], warnings };
}

function readQuest(doc: IniDocument, id: number, warnings: DatIssue[]): Quest {
  const sectionName = `QUEST${id}`;
  const section = getSection(doc, sectionName)!;
  const file = doc.fileName;
  const entry = (key: string): IniEntry | undefined => section.entries.get(key);
  const warn = (code: DatIssue["code"], key: string, line: number | undefined, message: string) =>
    warnings.push({ code, file, section: sectionName, key, ...(line === undefined ? {} : { line }), message: `[${sectionName}] ${message}` });

  /** `Val` into a VB6 numeric type; overflow skips the quest (QQ3). Text that is no number reads 0 and is reported. */
  const numeric = (key: string, raw: string, line: number | undefined, range: { min: number; max: number }): number => {
    const trimmed = raw.trim();
    const value = vbRound(vbVal(raw));
    if (trimmed.length > 0 && !/^[+-]?(\d|\.\d|&[hHoO])/.test(trimmed)) {
      warn("bad-value", key, line, `${key}=${trimmed} is not a number; read as 0`);
    }
    if (!Number.isFinite(value) || value < range.min || value > range.max) {
      throw new QuestOverflow(`${key}=${trimmed} overflows its range ${range.min}…${range.max} (line ${line ?? section.line})`);
    }
    return value + 0;
  };
  const num = (key: string, range: { min: number; max: number }): number => {
    const found = entry(key);
    return found === undefined ? 0 : numeric(key, found.value, found.line, range);
  };
  /** A count is a VB6 `Byte`: a negative or huge one overflows (QQ3). */
  const count = (key: string): number => num(key, VB_BYTE);
  const text = (key: string): string => vbTrim(entry(key)?.value ?? "");

  // Every key is either read, known to be unread, or a numbered list key within its count.
  const counts = new Map<string, number>();
  for (const list of LISTS) counts.set(list.prefix, count(list.count));
  for (const found of section.entries.values()) {
    if (found.key.startsWith("'")) continue;
    if (READ_KEYS.has(found.key) || KNOWN_UNREAD_KEYS.has(found.key)) continue;
    const numbered = NUMBERED_KEY.exec(found.key);
    const list = numbered && LISTS.find((candidate) => candidate.prefix === numbered[1]);
    if (list && numbered) {
      const index = Number(numbered[2]);
      if (index > counts.get(list.prefix)!) warn("ignored-key", found.key, found.line, `${found.key} is beyond ${list.count}=${counts.get(list.prefix)}; ignored, as VB6 does`);
      continue;
    }
    warn("ignored-key", found.key, found.line, `${found.key} is not a quest key; ignored`);
  }

  /** Reads `<prefix>1…n`; a missing key or a zero / negative id is dropped with a warning (QQ2). */
  const list = <T>(prefix: string, countKey: string, parse: (raw: string, key: string, line: number) => T | null): T[] => {
    const n = counts.get(prefix)!;
    const out: T[] = [];
    for (let j = 1; j <= n; j++) {
      const key = `${prefix}${j}`;
      const found = entry(key);
      if (found === undefined) {
        warn("missing-value", key, section.line, `${countKey}=${n} but ${key} is missing; that entry is dropped (QQ2: VB6 read it as 0-0, always met)`);
        continue;
      }
      const value = parse(found.value, key, found.line);
      if (value !== null) out.push(value);
    }
    return out;
  };
  const pair = (raw: string, key: string, line: number) => {
    const parts = raw.split("-");
    const first = numeric(key, parts[0] ?? "", line, VB_INTEGER);
    const second = numeric(key, parts[1] ?? "", line, VB_INTEGER);
    if (first <= 0 || second <= 0) {
      warn("bad-value", key, line, `${key}=${raw.trim()} names nothing (id ${first}, amount ${second}); dropped (QQ2)`);
      return null;
    }
    return [first, second] as const;
  };
  const single = (raw: string, key: string, line: number) => {
    const value = numeric(key, raw, line, VB_INTEGER);
    if (value <= 0) {
      warn("bad-value", key, line, `${key}=${raw.trim()} names nothing; dropped (QQ2)`);
      return null;
    }
    return value;
  };

  let requiredClasses = list("REQUIREDCLASS", "RequiredClassesCount", (raw, key, line) => {
    const value = numeric(key, raw, line, VB_BYTE);
    if (value < 1 || value > QUEST_CLASS_COUNT) {
      warn("bad-value", key, line, `${key}=${raw.trim()} is no class (1…${QUEST_CLASS_COUNT}); dropped`);
      return null;
    }
    return value;
  });
  const bareClass = entry("REQUIREDCLASS");
  if (bareClass !== undefined) {
    if (counts.get("REQUIREDCLASS")! === 0) {
      const value = numeric("REQUIREDCLASS", bareClass.value, bareClass.line, VB_BYTE);
      if (value >= 1 && value <= QUEST_CLASS_COUNT) {
        requiredClasses = [value];
        warn("bad-value", "REQUIREDCLASS", bareClass.line, `RequiredClass=${value} without RequiredClassesCount is read as a one-class list (QQ1: VB6 left the quest open to every class)`);
      } else {
        warn("bad-value", "REQUIREDCLASS", bareClass.line, `RequiredClass=${bareClass.value.trim()} is no class; ignored`);
      }
    } else {
      warn("ignored-key", "REQUIREDCLASS", bareClass.line, `RequiredClass without an index is ignored beside RequiredClassesCount`);
    }
  }
  requiredClasses = [...new Set(requiredClasses)];

  const requiredObjects = list("REQUIREDOBJ", "RequiredOBJs", pair).map(([objIndex, amount]) => ({ objIndex, amount }));
  const requiredNpcs = list("REQUIREDNPC", "RequiredNPCs", pair).map(([npcIndex, amount]) => ({ npcIndex, amount }));
  const requiredTargetNpcs = list("REQUIREDTARGETNPC", "RequiredTargetNPCs", (raw, key, line) => single(raw.split("-")[0] ?? "", key, line));
  const requiredSpells = list("REQUIREDSPELL", "RequiredSpellCount", single);
  const rewardObjects = list("REWARDOBJ", "RewardOBJs", pair).map(([objIndex, amount]) => ({ objIndex, amount }));
  const rewardSpells = list("REWARDSKILL", "RewardSkills", single);

  const nonNegative = (key: string, range: { min: number; max: number }): number => {
    const value = num(key, range);
    if (value < 0) {
      warn("bad-value", key, entry(key)?.line, `${key} is negative; read as 0`);
      return 0;
    }
    return value;
  };
  const flag = (key: string): boolean => {
    const found = entry(key);
    return found !== undefined && vbVal(found.value) !== 0;
  };
  const quest: Quest = {
    id,
    name: text("NOMBRE"),
    description: text("DESC"),
    finalDescription: text("DESCFINAL"),
    requiredLevel: num("REQUIREDLEVEL", VB_BYTE),
    limitLevel: num("LIMITLEVEL", VB_BYTE),
    requiredQuest: nonNegative("REQUIREDQUEST", VB_INTEGER),
    requiredClasses,
    workersOnly: flag("TRABAJADOR"),
    permittedFactions: nonNegative("PERMITTEDFACTIONS", VB_INTEGER),
    requiredSkill: num("REQUIREDSKILL", VB_BYTE),
    requiredSkillValue: num("REQUIREDVALUE", VB_BYTE),
    talkTo: nonNegative("TALKTO", VB_INTEGER),
    requiredObjects,
    requiredNpcs,
    requiredTargetNpcs,
    requiredSpells,
    rewardGold: nonNegative("REWARDGLD", VB_LONG),
    rewardExp: nonNegative("REWARDEXP", VB_LONG),
    rewardObjects,
    rewardSpells,
    repeatable: num("REPETIBLE", VB_BYTE) !== 0,
    globalQuestIndex: nonNegative("GLOBALQUESTINDEX", VB_INTEGER),
    globalQuestThreshold: nonNegative("GLOBALQUESTTHRESHOLDNEEDED", VB_LONG),
  };
  if (quest.requiredQuest === id) {
    warn("bad-value", "REQUIREDQUEST", entry("REQUIREDQUEST")?.line, `requires itself; it can never be accepted`);
  }
  return quest;
}

/** The quest of an id, or undefined (missing section, 0, out of range). */
export function questById(table: QuestTable | null | undefined, id: number): Quest | undefined {
  if (!table || !Number.isInteger(id) || id <= 0) return undefined;
  // Ids ascend: binary search.
  let low = 0;
  let high = table.quests.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const candidate = table.quests[mid]!;
    if (candidate.id === id) return candidate;
    if (candidate.id < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

/** What the quest cross-checks need of the other tables. */
export interface QuestCrossTables {
  readonly quests: QuestTable;
  readonly questsFile: string;
  readonly npcs: { readonly npcs: readonly { id: number; npcType: number; quests: readonly number[]; questDrops: readonly { questIndex: number; objIndex: number }[] }[] } | null;
  readonly npcsFile: string;
  readonly objectIds: ReadonlySet<number> | null;
  readonly spellIds: ReadonlySet<number> | null;
}

/**
 * Cross-checks of the quest table against the NPC, object and spell tables: offered quests that do
 * not exist (QQ5: NPC 1159 offers 127), objectives and rewards naming numbers the tables lack,
 * `TalkTo` NPCs that do not exist, quest drops that can never drop. Warnings only; pure.
 */
export function crossCheckQuests(input: QuestCrossTables): DatIssue[] {
  const warnings: DatIssue[] = [];
  const { quests, questsFile, npcsFile } = input;
  const npcIds = input.npcs ? new Set(input.npcs.npcs.map((npc) => npc.id)) : null;
  const questWarn = (quest: Quest, message: string) => warnings.push({ code: "bad-value", file: questsFile, section: `QUEST${quest.id}`, message: `[QUEST${quest.id}] ${message}` });
  for (const quest of quests.quests) {
    if (quest.requiredQuest > 0 && questById(quests, quest.requiredQuest) === undefined) questWarn(quest, `RequiredQuest=${quest.requiredQuest} does not exist; the quest can never be accepted`);
    if (npcIds) {
      if (quest.talkTo > 0 && !npcIds.has(quest.talkTo)) questWarn(quest, `TalkTo=${quest.talkTo} is not in the NPC table`);
      for (const objective of quest.requiredNpcs) if (!npcIds.has(objective.npcIndex)) questWarn(quest, `kill objective NPC ${objective.npcIndex} is not in the NPC table`);
      for (const target of quest.requiredTargetNpcs) if (!npcIds.has(target)) questWarn(quest, `click target NPC ${target} is not in the NPC table`);
    }
    if (input.objectIds) {
      for (const item of [...quest.requiredObjects, ...quest.rewardObjects]) if (!input.objectIds.has(item.objIndex)) questWarn(quest, `object ${item.objIndex} is not in the object table`);
    }
    if (input.spellIds) {
      for (const spell of [...quest.requiredSpells, ...quest.rewardSpells]) if (!input.spellIds.has(spell)) questWarn(quest, `spell ${spell} is not in the spell table`);
    }
  }
  for (const npc of input.npcs?.npcs ?? []) {
    for (const questId of npc.quests) {
      if (questById(quests, questId) === undefined) {
        warnings.push({ code: "bad-value", file: npcsFile, section: `NPC${npc.id}`, key: "NUMQUEST", message: `[NPC${npc.id}] offers quest ${questId}, which ${questsFile} does not define; it is not offered (QQ5)` });
      }
    }
    for (const drop of npc.questDrops) {
      const quest = questById(quests, drop.questIndex);
      if (quest === undefined) {
        warnings.push({ code: "bad-value", file: npcsFile, section: `NPC${npc.id}`, key: "NUMDROPQUEST", message: `[NPC${npc.id}] quest drop for quest ${drop.questIndex}, which does not exist; it never drops` });
      } else if (!quest.requiredObjects.some((item) => item.objIndex === drop.objIndex)) {
        warnings.push({ code: "bad-value", file: npcsFile, section: `NPC${npc.id}`, key: "NUMDROPQUEST", message: `[NPC${npc.id}] quest drop of object ${drop.objIndex} for quest ${drop.questIndex}, which does not ask for it; it never drops` });
      }
    }
  }
  return warnings;
}
