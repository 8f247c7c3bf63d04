/**
 * A character's quest log (quests.md §8, §11): up to five active quests kept compacted in slot
 * order (slot n is `active[n - 1]`), each with its kill counters (one per `RequiredNPC`, in order)
 * and click counters (one per `RequiredTargetNPC`); and the quests done, once per quest with how
 * many times (VB6 kept a growing list in memory and one row per quest in the database). Plain
 * data: it crosses threads and is stored with the character.
 */
import type { Quest, QuestTable } from "../../content/dat/index.ts";
import type { CharacterQuests } from "../character/index.ts";

/** `MAXUSERQUESTS`. */
export const MAX_ACTIVE_QUESTS = 5;

export interface ActiveQuest {
  readonly questId: number;
  /** Kills per `requiredNpcs` entry, in order; each capped at its amount. */
  readonly npcKills: readonly number[];
  /** Clicks per `requiredTargetNpcs` entry (0 or 1). */
  readonly targetClicks: readonly number[];
}

export interface DoneQuest {
  readonly questId: number;
  /** Completions (repeatable quests count every one); ≥ 1. */
  readonly times: number;
}

export interface QuestLog {
  /** At most {@link MAX_ACTIVE_QUESTS}, compacted: slot n is `active[n - 1]`. */
  readonly active: readonly ActiveQuest[];
  /** Ascending by quest id, one entry per quest. */
  readonly done: readonly DoneQuest[];
}

export const EMPTY_QUEST_LOG: QuestLog = Object.freeze({ active: Object.freeze([]), done: Object.freeze([]) }) as QuestLog;

/** The quests of a world as the rules look them up. */
export interface QuestBook {
  /** The quest of an id, undefined for 0, unknown or missing ids (QQ5). */
  get(id: number): Quest | undefined;
  readonly size: number;
}

/** A book over a pack's quest table; an absent table is a world without quests. */
export function questBook(table: QuestTable | null | undefined): QuestBook {
  const byId = new Map<number, Quest>();
  for (const quest of table?.quests ?? []) if (!byId.has(quest.id)) byId.set(quest.id, quest);
  return { get: (id) => (Number.isInteger(id) ? byId.get(id) : undefined), size: byId.size };
}

/** A fresh active entry: every counter 0. */
export function startedQuest(quest: Quest): ActiveQuest {
  return { questId: quest.id, npcKills: quest.requiredNpcs.map(() => 0), targetClicks: quest.requiredTargetNpcs.map(() => 0) };
}

/** The active entry of a quest, with its 1-based slot. */
export function activeSlotOf(log: QuestLog, questId: number): { slot: number; entry: ActiveQuest } | undefined {
  const index = log.active.findIndex((entry) => entry.questId === questId);
  return index < 0 ? undefined : { slot: index + 1, entry: log.active[index]! };
}

export function isActive(log: QuestLog, questId: number): boolean {
  return log.active.some((entry) => entry.questId === questId);
}

export function isDone(log: QuestLog, questId: number): boolean {
  return log.done.some((entry) => entry.questId === questId);
}

/** The log with slot `slot` removed and the later quests moved down (`ArrangeUserQuests`). */
export function withoutSlot(log: QuestLog, slot: number): QuestLog {
  return { ...log, active: log.active.filter((_, index) => index !== slot - 1) };
}

/** The log with one more completion of `questId` (QQ20 fixed: no list length limit). */
export function withDone(log: QuestLog, questId: number): QuestLog {
  const done = [...log.done];
  const index = done.findIndex((entry) => entry.questId === questId);
  if (index >= 0) done[index] = { questId, times: done[index]!.times + 1 };
  else {
    done.push({ questId, times: 1 });
    done.sort((a, b) => a.questId - b.questId);
  }
  return { ...log, done };
}

function fitCounters(saved: readonly number[] | undefined, caps: readonly number[]): number[] {
  return caps.map((cap, index) => {
    const value = saved?.[index];
    return typeof value === "number" && Number.isInteger(value) && value > 0 ? Math.min(value, cap) : 0;
  });
}

/**
 * A saved log made safe against the quests the world has now (QQ19 fixed): quests no longer in the
 * table are dropped from the active slots (the done list keeps them: later data may bring them
 * back), counters are padded with zeros or cut to the objectives and capped at their amounts,
 * repeats and anything past five slots are dropped, the done list is merged per quest. Never throws.
 */
export function normalizeQuestLog(saved: Partial<QuestLog> | null | undefined, book: QuestBook): QuestLog {
  const active: ActiveQuest[] = [];
  for (const entry of Array.isArray(saved?.active) ? saved.active : []) {
    if (active.length >= MAX_ACTIVE_QUESTS) break;
    const quest = entry && typeof entry.questId === "number" ? book.get(entry.questId) : undefined;
    if (!quest || active.some((other) => other.questId === quest.id)) continue;
    active.push({
      questId: quest.id,
      npcKills: fitCounters(entry.npcKills, quest.requiredNpcs.map((objective) => objective.amount)),
      targetClicks: fitCounters(entry.targetClicks, quest.requiredTargetNpcs.map(() => 1)),
    });
  }
  const times = new Map<number, number>();
  for (const entry of Array.isArray(saved?.done) ? saved.done : []) {
    if (!entry || !Number.isInteger(entry.questId) || entry.questId <= 0) continue;
    const count = Number.isInteger(entry.times) && entry.times > 0 ? entry.times : 1;
    times.set(entry.questId, (times.get(entry.questId) ?? 0) + count);
  }
  const done = [...times.entries()].sort((a, b) => a[0] - b[0]).map(([questId, count]) => ({ questId, times: count }));
  return { active, done };
}

/** The character record's stored log made safe against the world's quests (see {@link normalizeQuestLog}). */
export function questLogFromRecord(record: { readonly quests?: CharacterQuests | undefined }, book: QuestBook): QuestLog {
  return normalizeQuestLog(record.quests, book);
}

/** The log as the character record stores it (plain mutable arrays); undefined when empty, like a record that never took a quest. */
export function questLogToRecord(log: QuestLog): CharacterQuests | undefined {
  if (log.active.length === 0 && log.done.length === 0) return undefined;
  return {
    active: log.active.map((entry) => ({ questId: entry.questId, npcKills: [...entry.npcKills], targetClicks: [...entry.targetClicks] })),
    done: log.done.map((entry) => ({ questId: entry.questId, times: entry.times })),
  };
}
