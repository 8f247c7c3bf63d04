/**
 * The quest rules of quests.md §3–§9 as pure functions: what a quest NPC answers to a click, the
 * marker a viewer sees over it, accepting with every requirement, kill / click progress, quest
 * drops, the turn-in in VB6's order with its rewards, abandoning, and quests started by an
 * object. Outcomes are values (refusals carry the VB6 message id the map side shows); nothing
 * here sends, stores or draws except through the injected `Random`.
 */
import type { Quest } from "../../content/dat/index.ts";
import { CharacterClass, GOLD_OBJECT, ObjectType, type ItemCatalog } from "../items/index.ts";
import { countItems, putItem, removeFromSlot, slotAt, takeItems, type Inventory } from "../inventory/index.ts";
import { addExperience } from "../progression/index.ts";
import { MAX_LONG, SPELL_SLOT_COUNT } from "../character/index.ts";
import { FactionStatus } from "../faction/index.ts";
import { randomInt, type Random } from "../../random/index.ts";
import {
  activeSlotOf,
  isActive,
  isDone,
  MAX_ACTIVE_QUESTS,
  startedQuest,
  withDone,
  withoutSlot,
  type ActiveQuest,
  type QuestBook,
  type QuestLog,
} from "./log.ts";

/** Manhattan distance (map difference × 100) within which a quest NPC talks, accepts and takes a turn-in. */
export const QUEST_TALK_DISTANCE = 5;
/** Gold rewards of at least this (after the multiplier) go to the bank (`FinishQuest`). */
export const BANK_GOLD_REWARD_THRESHOLD = 100_000;

/** `Simbolo` of `eCharacterCreate` / `eUpdateNPCSimbolo`. */
export const QuestMarker = {
  none: 0,
  /** Has a quest you can take. */
  available: 1,
  /** Has quests, none available to you. */
  unavailable: 2,
  /** You can turn a quest in here. */
  turnIn: 3,
  /** You have a quest from here in progress. */
  inProgress: 4,
} as const;
export type QuestMarkerValue = (typeof QuestMarker)[keyof typeof QuestMarker];

/** State byte of `eNpcQuestListSend` (155) / `eObjQuestListSend` (174). */
export const OfferState = { available: 0, inProgress: 1, done: 2, cannotTake: 3 } as const;
export type OfferStateValue = (typeof OfferState)[keyof typeof OfferState];

/** VB6 message ids the quest rules answer with (`modMessageIDs.bas`, quests.md §4–§8). */
export const QUEST_MESSAGE = {
  tooFar: 8,
  dead: 77,
  expGained: 140,
  skillTooLow: 473,
  clickTargetFinished: 494,
  workersOnly: 1262,
  alreadyActive: 1263,
  accepted: 1264,
  maxLevelNoExp: 1314,
  goldToWallet: 1315,
  goldToBank: 1316,
  spellBookFull: 1317,
  objectReward: 1318,
  missingObjects: 1336,
  missingKills: 1337,
  missingSpell: 1338,
  missingClicks: 1339,
  noRoom: 1340,
  noMission: 1341,
  questFinishedBubble: 1353,
  levelTooHigh: 1416,
  noFreeSlot: 1417,
  requiredQuest: 1424,
  levelTooLow: 1425,
  alreadyDone: 2114,
  abandoned: 2115,
  allKills: 2160,
  notForYourClass: 2167,
} as const;

/** Game settings the rules read (`ExpMult`, `OroMult` of `Configuracion.ini`). */
export interface QuestSettings {
  readonly expMultiplier: number;
  readonly goldMultiplier: number;
}
export const DEFAULT_QUEST_SETTINGS: QuestSettings = { expMultiplier: 1, goldMultiplier: 1 };

/** Choices where the rewrite offers VB6's behaviour as an option. */
export interface QuestRuleOptions {
  /** QQ11: legacy turns a `TalkTo` quest in at its giver too; we default to the `TalkTo` NPC only. */
  readonly talkToAlsoAtGiver: boolean;
}
export const DEFAULT_QUEST_RULES: QuestRuleOptions = { talkToAlsoAtGiver: false };

/** What the quest rules read of a character. */
export interface QuestCharacter {
  readonly level: number;
  readonly classId: number;
  readonly exp: number;
  readonly bankGold: number;
  readonly inventory: Inventory;
  /** Spell book by slot (index 0 = slot 1), 0 = empty. */
  readonly spells: readonly number[];
  /** Skill points, index 0 = skill 1. */
  readonly skills: readonly number[];
  /** `FactionStatus`. */
  readonly factionStatus: number;
  readonly quests: QuestLog;
}

/** A quest NPC as the rules see it: its template number and its `QuestNumber` list. */
export interface QuestNpc {
  readonly id: number;
  readonly quests: readonly number[];
}

// ---------------------------------------------------------------------------------------------
// Requirements

/** `e_QuestPermittedFactions` bit of a faction status (quests.md §1). */
export function factionBit(status: number): number {
  switch (status) {
    case FactionStatus.citizen:
      return 1;
    case FactionStatus.royalArmy:
      return 2;
    case FactionStatus.royalCouncil:
      return 4;
    case FactionStatus.criminal:
      return 8;
    case FactionStatus.chaos:
      return 16;
    case FactionStatus.chaosCouncil:
      return 32;
    default:
      return 0;
  }
}

function classAllowed(quest: Quest, classId: number): boolean {
  return quest.requiredClasses.length === 0 || quest.requiredClasses.includes(classId);
}

function skillOf(character: QuestCharacter, skill: number): number {
  return character.skills[skill - 1] ?? 0;
}

function skillMet(character: QuestCharacter, quest: Quest): boolean {
  return quest.requiredSkill <= 0 || skillOf(character, quest.requiredSkill) >= quest.requiredSkillValue;
}

/** The quests an NPC offers, in list order, without ids the world does not have (QQ4, QQ5 fixed). */
export function offeredQuests(npc: QuestNpc, book: QuestBook): Quest[] {
  const out: Quest[] = [];
  for (const id of npc.quests) {
    const quest = book.get(id);
    if (quest && !out.includes(quest)) out.push(quest);
  }
  return out;
}

/**
 * The state byte of an offered quest (§10.2): computed, as VB6 does, only from active/done, the
 * required quest and the levels (not class, faction, skill, `Trabajador`). QQ8 fixed: a done
 * repeatable quest is available again.
 */
export function offerState(character: QuestCharacter, quest: Quest): OfferStateValue {
  if (isActive(character.quests, quest.id)) return OfferState.inProgress;
  if (isDone(character.quests, quest.id) && !quest.repeatable) return OfferState.done;
  if (quest.requiredQuest > 0 && !isDone(character.quests, quest.requiredQuest)) return OfferState.cannotTake;
  if (character.level < quest.requiredLevel) return OfferState.cannotTake;
  if (quest.limitLevel > 0 && character.level > quest.limitLevel) return OfferState.cannotTake;
  return OfferState.available;
}

/** Why a quest cannot be turned in (`FinishQuestCheck` order), with the message id; null = it can. */
export type TurnInShortfall =
  | { readonly reason: "objects"; readonly message: 1336 }
  | { readonly reason: "kills"; readonly message: 1337 }
  | { readonly reason: "spell"; readonly message: 1338; readonly spell: number }
  | { readonly reason: "clicks"; readonly message: 1339 }
  | { readonly reason: "skill"; readonly message: 473 };

/**
 * `FinishQuestCheck`: objects carried (summed over all usable slots, equipped ones too, plus the
 * wallet for gold, §4.3), kills, spells known, the skill, clicks. The class is not part of it.
 */
export function turnInShortfall(character: QuestCharacter, quest: Quest, entry: ActiveQuest): TurnInShortfall | null {
  for (const item of quest.requiredObjects) {
    if (countItems(character.inventory, item.objIndex) < item.amount) return { reason: "objects", message: QUEST_MESSAGE.missingObjects };
  }
  for (const [index, objective] of quest.requiredNpcs.entries()) {
    if ((entry.npcKills[index] ?? 0) < objective.amount) return { reason: "kills", message: QUEST_MESSAGE.missingKills };
  }
  for (const spell of quest.requiredSpells) {
    if (!character.spells.includes(spell)) return { reason: "spell", message: QUEST_MESSAGE.missingSpell, spell };
  }
  if (!skillMet(character, quest)) return { reason: "skill", message: QUEST_MESSAGE.skillTooLow };
  for (const [index] of quest.requiredTargetNpcs.entries()) {
    if ((entry.targetClicks[index] ?? 0) < 1) return { reason: "clicks", message: QUEST_MESSAGE.missingClicks };
  }
  return null;
}

/** True when the active quest in `entry` could be turned in now (objectives only, §5.2). */
export function canTurnIn(character: QuestCharacter, quest: Quest, entry: ActiveQuest): boolean {
  return turnInShortfall(character, quest, entry) === null;
}

// ---------------------------------------------------------------------------------------------
// Markers (§3.1)

/**
 * The marker a viewer sees over a quest NPC. Any "turn in here" wins, then "in progress", then
 * "available"; otherwise "unavailable" when the NPC has quests, "none" when it has none.
 * `TalkTo` quests the viewer holds count at their `TalkTo` NPC. Like VB6 it ignores `LimitLevel`,
 * `Trabajador`, faction and skill (only level, class, required quest, done). QQ7 fixed: the map
 * side recomputes it whenever something it reads changes. QQ8 fixed: a done repeatable quest
 * whose requirements are met shows "available".
 */
export function questMarker(character: QuestCharacter, npc: QuestNpc, book: QuestBook, options: QuestRuleOptions = DEFAULT_QUEST_RULES): QuestMarkerValue {
  let turnIn = false;
  let inProgress = false;
  let available = false;
  let any = false;
  const consider = (quest: Quest, asGiver: boolean) => {
    const held = activeSlotOf(character.quests, quest.id);
    if (held) {
      // QQ11 fixed: a TalkTo quest is turned in (and so marked) at its TalkTo NPC only.
      if (asGiver && quest.talkTo > 0 && quest.talkTo !== npc.id && !options.talkToAlsoAtGiver) {
        inProgress = true;
        return;
      }
      if (canTurnIn(character, quest, held.entry)) turnIn = true;
      else inProgress = true;
      return;
    }
    if (!asGiver) return;
    const done = isDone(character.quests, quest.id);
    const blocked =
      (done && !quest.repeatable) ||
      (quest.requiredQuest > 0 && !isDone(character.quests, quest.requiredQuest)) ||
      character.level < quest.requiredLevel ||
      !classAllowed(quest, character.classId);
    if (!blocked) available = true;
  };
  for (const entry of character.quests.active) {
    const quest = book.get(entry.questId);
    if (quest && quest.talkTo === npc.id) {
      any = true;
      consider(quest, false);
    }
  }
  for (const quest of offeredQuests(npc, book)) {
    any = true;
    consider(quest, true);
  }
  if (turnIn) return QuestMarker.turnIn;
  if (inProgress) return QuestMarker.inProgress;
  if (available) return QuestMarker.available;
  return any ? QuestMarker.unavailable : QuestMarker.none;
}

// ---------------------------------------------------------------------------------------------
// Talking to a quest NPC (§4.1)

/** The last offer the player was shown: accept answers only this (QQ23 fixed). */
export type QuestOffer =
  | { readonly kind: "npc"; readonly npcId: number; readonly quests: readonly number[] }
  /** A quest object used from inventory slot `slot` (§9). */
  | { readonly kind: "object"; readonly questId: number; readonly slot: number; readonly objectId: number };

export type NpcClickAction =
  | { readonly kind: "dead"; readonly message: 77 }
  | { readonly kind: "too-far"; readonly message: 8 }
  /** Turn this quest in (then call {@link turnInQuest}); only one per click. */
  | { readonly kind: "turn-in"; readonly questId: number; readonly slot: number }
  /** Bubble 1341 over the NPC. */
  | { readonly kind: "no-mission"; readonly message: 1341 }
  /** Send `eNpcQuestListSend` with these quests and states, and remember the offer. */
  | { readonly kind: "offer"; readonly offer: QuestOffer & { readonly kind: "npc" }; readonly entries: readonly { readonly quest: Quest; readonly state: OfferStateValue }[] };

/**
 * `EnviarQuest`, for a left click on a quest NPC: dead → 77; beyond 5 tiles → 8; the first
 * `TalkTo` quest held for this NPC (by quest id) that can be turned in; no quests → 1341; the
 * first offered quest in list order that is active and can be turned in; else the offer list.
 */
export function npcClickAction(
  character: QuestCharacter & { readonly alive: boolean },
  npc: QuestNpc,
  distance: number,
  book: QuestBook,
  options: QuestRuleOptions = DEFAULT_QUEST_RULES,
): NpcClickAction {
  if (!character.alive) return { kind: "dead", message: QUEST_MESSAGE.dead };
  if (!(distance <= QUEST_TALK_DISTANCE)) return { kind: "too-far", message: QUEST_MESSAGE.tooFar };
  const held = character.quests.active
    .map((entry, index) => ({ entry, slot: index + 1, quest: book.get(entry.questId) }))
    .filter((row): row is { entry: ActiveQuest; slot: number; quest: Quest } => row.quest !== undefined)
    .sort((a, b) => a.quest.id - b.quest.id);
  for (const row of held) {
    if (row.quest.talkTo === npc.id && canTurnIn(character, row.quest, row.entry)) return { kind: "turn-in", questId: row.quest.id, slot: row.slot };
  }
  const offered = offeredQuests(npc, book);
  if (offered.length === 0) return { kind: "no-mission", message: QUEST_MESSAGE.noMission };
  for (const quest of offered) {
    const active = activeSlotOf(character.quests, quest.id);
    if (!active) continue;
    if (quest.talkTo > 0 && quest.talkTo !== npc.id && !options.talkToAlsoAtGiver) continue; // QQ11 fixed
    if (canTurnIn(character, quest, active.entry)) return { kind: "turn-in", questId: quest.id, slot: active.slot };
  }
  return {
    kind: "offer",
    offer: { kind: "npc", npcId: npc.id, quests: offered.map((quest) => quest.id) },
    entries: offered.map((quest) => ({ quest, state: offerState(character, quest) })),
  };
}

/**
 * The quest a 1-based accept row names in the last offer (QQ12, QQ23 fixed): null for no offer,
 * a row outside it, or a quest the world no longer has. An object offer has one quest; VB6
 * accepted any row for it, and so do we.
 */
export function resolveOfferRow(offer: QuestOffer | null | undefined, row: number, book: QuestBook): Quest | null {
  if (!offer) return null;
  if (offer.kind === "object") return book.get(offer.questId) ?? null;
  if (!Number.isInteger(row) || row < 1 || row > offer.quests.length) return null;
  return book.get(offer.quests[row - 1]!) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Accepting (§5.1)

export type AcceptRefusal =
  | { readonly reason: "workers-only"; readonly message: 1262 }
  | { readonly reason: "too-far"; readonly message: 8 }
  | { readonly reason: "already-active"; readonly message: 1263 }
  | { readonly reason: "required-quest"; readonly message: 1424; readonly requiredQuest: number; readonly requiredQuestName: string }
  | { readonly reason: "level-too-low"; readonly message: 1425 }
  | { readonly reason: "level-too-high"; readonly message: 1416 }
  | { readonly reason: "skill"; readonly message: 473 }
  | { readonly reason: "class"; readonly message: 2167 }
  | { readonly reason: "faction"; readonly message: 2167 }
  | { readonly reason: "already-done"; readonly message: 2114 }
  | { readonly reason: "no-free-slot"; readonly message: 1417 }
  /** QQ13 fixed: the object offer's slot no longer holds that quest object. */
  | { readonly reason: "object-gone" };

export type AcceptOutcome =
  | {
      readonly ok: true;
      readonly quest: Quest;
      readonly slot: number;
      readonly quests: QuestLog;
      /** Changed when the offer came from an object (one unit removed from its slot). */
      readonly inventory: Inventory;
      readonly changedSlots: readonly number[];
      /** Message 1264 with the quest number. */
      readonly message: 1264;
      /** The marker VB6 sends for the offering NPC (3 completable now, else 4); recompute with {@link questMarker} (QQ7). */
      readonly marker: QuestMarkerValue;
      /** The offer is used up (QQ13 fixed): the map side forgets it. */
      readonly offerConsumed: boolean;
    }
  | ({ readonly ok: false } & AcceptRefusal);

/** The requirement checks of `CanUserAcceptQuest`, in VB6's order. */
export function acceptRefusal(character: QuestCharacter, quest: Quest, via: { readonly distance?: number }, book: QuestBook): AcceptRefusal | null {
  const log = character.quests;
  if (quest.workersOnly && character.classId !== CharacterClass.Worker) return { reason: "workers-only", message: QUEST_MESSAGE.workersOnly }; // QQ22 kept
  if (via.distance !== undefined && !(via.distance <= QUEST_TALK_DISTANCE)) return { reason: "too-far", message: QUEST_MESSAGE.tooFar };
  if (isActive(log, quest.id)) return { reason: "already-active", message: QUEST_MESSAGE.alreadyActive };
  if (quest.requiredQuest > 0 && !isDone(log, quest.requiredQuest)) {
    return { reason: "required-quest", message: QUEST_MESSAGE.requiredQuest, requiredQuest: quest.requiredQuest, requiredQuestName: book.get(quest.requiredQuest)?.name ?? "" };
  }
  if (character.level < quest.requiredLevel) return { reason: "level-too-low", message: QUEST_MESSAGE.levelTooLow };
  if (quest.limitLevel > 0 && character.level > quest.limitLevel) return { reason: "level-too-high", message: QUEST_MESSAGE.levelTooHigh };
  if (!skillMet(character, quest)) return { reason: "skill", message: QUEST_MESSAGE.skillTooLow };
  if (!classAllowed(quest, character.classId)) return { reason: "class", message: QUEST_MESSAGE.notForYourClass };
  if (quest.permittedFactions > 0 && (quest.permittedFactions & factionBit(character.factionStatus)) === 0) return { reason: "faction", message: QUEST_MESSAGE.notForYourClass }; // QQ22 kept
  if (!quest.repeatable && isDone(log, quest.id)) return { reason: "already-done", message: QUEST_MESSAGE.alreadyDone };
  if (log.active.length >= MAX_ACTIVE_QUESTS) return { reason: "no-free-slot", message: QUEST_MESSAGE.noFreeSlot };
  return null;
}

/**
 * `eQuestAccept` against the last offer: the quest of `row` (see {@link resolveOfferRow}; null =
 * ignore the packet silently), the checks of §5.1 (the distance only for an NPC offer), then the
 * first free slot with zeroed counters. An object offer (QQ13 fixed) needs the recorded slot to
 * still hold that quest object; one unit of it is removed and the offer is consumed.
 */
export function acceptOffer(
  character: QuestCharacter,
  offer: QuestOffer | null | undefined,
  row: number,
  context: { readonly npcDistance?: number; readonly catalog: ItemCatalog },
  book: QuestBook,
): AcceptOutcome | null {
  const quest = resolveOfferRow(offer, row, book);
  if (!quest || !offer) return null;
  const refusal = acceptRefusal(character, quest, offer.kind === "npc" ? { distance: context.npcDistance ?? Number.POSITIVE_INFINITY } : {}, book);
  if (refusal) return { ok: false, ...refusal };
  let inventory = character.inventory;
  let changedSlots: readonly number[] = [];
  if (offer.kind === "object") {
    const held = slotAt(inventory, offer.slot);
    const template = context.catalog.get(held.objectId);
    if (held.objectId !== offer.objectId || held.amount < 1 || template?.type !== ObjectType.Quest || template.questId !== quest.id) return { ok: false, reason: "object-gone" };
    const taken = removeFromSlot(inventory, offer.slot, 1);
    if (!taken.ok) return { ok: false, reason: "object-gone" };
    inventory = taken.inventory;
    changedSlots = taken.changed;
  }
  const quests: QuestLog = { ...character.quests, active: [...character.quests.active, startedQuest(quest)] };
  const entry = quests.active.at(-1)!;
  const marker = canTurnIn({ ...character, inventory, quests }, quest, entry) ? QuestMarker.turnIn : QuestMarker.inProgress;
  return { ok: true, quest, slot: quests.active.length, quests, inventory, changedSlots, message: QUEST_MESSAGE.accepted, marker, offerConsumed: offer.kind === "object" };
}

// ---------------------------------------------------------------------------------------------
// Quests started by an object (§9)

/**
 * Using a quest object (`ObjType=51`, `QuestID`): the offer to send (`eObjQuestListSend`) and to
 * remember, or null when the slot holds no quest object of a quest the world has.
 */
export function questObjectOffer(character: QuestCharacter, slot: number, catalog: ItemCatalog, book: QuestBook): { offer: QuestOffer & { kind: "object" }; quest: Quest; state: OfferStateValue } | null {
  const held = slotAt(character.inventory, slot);
  if (held.objectId === 0 || slot > character.inventory.usableSlots) return null;
  const template = catalog.get(held.objectId);
  if (!template || template.type !== ObjectType.Quest) return null;
  const quest = book.get(template.questId ?? 0);
  if (!quest) return null;
  return { offer: { kind: "object", questId: quest.id, slot, objectId: held.objectId }, quest, state: offerState(character, quest) };
}

// ---------------------------------------------------------------------------------------------
// Kills, clicks and drops (§4.2–§4.4)

/**
 * Who gets quest credit for an NPC's death (QQ21 kept: the killer only, no party share): a player
 * who killed it, or the master of the pet that did; nobody when an NPC without a master or
 * nothing killed it, or when the dead NPC is somebody's pet.
 */
export function killCreditRecipient(kill: {
  readonly killer: { readonly kind: "player"; readonly playerId: number } | { readonly kind: "pet"; readonly masterId: number } | { readonly kind: "npc" } | { readonly kind: "none" };
  readonly victimIsPet: boolean;
}): number | null {
  if (kill.victimIsPet) return null;
  if (kill.killer.kind === "player") return kill.killer.playerId;
  if (kill.killer.kind === "pet") return kill.killer.masterId;
  return null;
}

/** Colour of the `NOCONSOLA*k/n name` bubble: red < 20 %, yellow < 70 %, light green < 100 %, green complete. */
export type KillProgressColor = "red" | "yellow" | "light-green" | "green";
export function killProgressColor(killed: number, amount: number): KillProgressColor {
  if (amount <= 0 || killed >= amount) return "green";
  const share = killed / amount;
  if (share < 0.2) return "red";
  if (share < 0.7) return "yellow";
  return "light-green";
}

export interface KillProgress {
  readonly slot: number;
  readonly questId: number;
  readonly objective: number;
  readonly killed: number;
  readonly amount: number;
  /** The bubble text over the killer (`NOCONSOLA*k/n name`, repeated when already full). */
  readonly bubble: string;
  readonly color: KillProgressColor;
  /** Every kill objective of that quest is met: message 2160 with the quest name. */
  readonly allKillsDone: boolean;
}

/**
 * `OnNpcKilledUpdateQuest`: one kill of NPC number `npcNumber` raises, in every active quest, each
 * kill objective on that number by one up to its amount (two quests both wanting wolves advance
 * together).
 */
export function creditKill(log: QuestLog, npcNumber: number, npcName: string, book: QuestBook): { quests: QuestLog; progress: KillProgress[] } {
  const progress: KillProgress[] = [];
  const active = log.active.map((entry, index) => {
    const quest = book.get(entry.questId);
    if (!quest) return entry;
    let kills: number[] | null = null;
    const hits: number[] = [];
    quest.requiredNpcs.forEach((objective, objectiveIndex) => {
      if (objective.npcIndex !== npcNumber) return;
      kills ??= quest.requiredNpcs.map((_, i) => entry.npcKills[i] ?? 0);
      kills[objectiveIndex] = Math.min(objective.amount, kills[objectiveIndex]! + 1);
      hits.push(objectiveIndex);
    });
    if (kills === null) return entry;
    const counters: number[] = kills;
    const allKillsDone = quest.requiredNpcs.every((objective, i) => counters[i]! >= objective.amount);
    for (const objectiveIndex of hits) {
      const amount = quest.requiredNpcs[objectiveIndex]!.amount;
      const killed = counters[objectiveIndex]!;
      progress.push({ slot: index + 1, questId: quest.id, objective: objectiveIndex, killed, amount, bubble: `NOCONSOLA*${killed}/${amount} ${npcName}`, color: killProgressColor(killed, amount), allKillsDone });
    }
    return { ...entry, npcKills: counters };
  });
  return { quests: { ...log, active }, progress };
}

/** A `DropQuest` line of the dead NPC's template. */
export interface QuestDropLine {
  readonly questIndex: number;
  readonly objIndex: number;
  readonly amount: number;
  readonly chance: number;
}

/**
 * `NpcDropQuestObj`: for each drop line, if the credited player has that quest active and still
 * carries fewer than the quest asks of that object (`FaltanItemsQuest`), roll
 * `RandomNumber(1, chance)`; on 1 the units go straight into the inventory. A line whose object
 * the quest does not ask for never drops; lines are rolled in order, one draw per eligible line.
 * QQ6 kept: chance 0 is `RandomNumber(1, 0)` = 1, a certain drop.
 */
export function rollQuestDrops(character: QuestCharacter, lines: readonly QuestDropLine[], book: QuestBook, random: Random): { objIndex: number; amount: number; questId: number }[] {
  const drops: { objIndex: number; amount: number; questId: number }[] = [];
  for (const line of lines) {
    if (!isActive(character.quests, line.questIndex) || line.amount <= 0) continue;
    const wanted = book.get(line.questIndex)?.requiredObjects.find((item) => item.objIndex === line.objIndex);
    if (!wanted || countItems(character.inventory, line.objIndex) >= wanted.amount) continue;
    if (randomInt(random, 1, Math.max(0, Math.trunc(line.chance))) === 1) drops.push({ objIndex: line.objIndex, amount: line.amount, questId: line.questIndex });
  }
  return drops;
}

/**
 * A click that selects NPC number `npcNumber` (`LookatTile`): every active quest with a click
 * target on that number gets its counter set to 1; the quests that now have every click are the
 * ones to turn in at once (call {@link turnInQuest}; QQ10 fixed: report "finished" only on success).
 */
export function clickTargets(log: QuestLog, npcNumber: number, book: QuestBook): { quests: QuestLog; toTurnIn: { slot: number; questId: number }[] } {
  const toTurnIn: { slot: number; questId: number }[] = [];
  const active = log.active.map((entry, index) => {
    const quest = book.get(entry.questId);
    if (!quest || !quest.requiredTargetNpcs.includes(npcNumber)) return entry;
    const targetClicks = quest.requiredTargetNpcs.map((target, i) => (target === npcNumber ? 1 : (entry.targetClicks[i] ?? 0)));
    if (targetClicks.every((clicks) => clicks >= 1)) toTurnIn.push({ slot: index + 1, questId: quest.id });
    return { ...entry, targetClicks };
  });
  return { quests: { ...log, active }, toTurnIn };
}

// ---------------------------------------------------------------------------------------------
// Turn-in (§5.2)

export type TurnInRefusal =
  | { readonly reason: "not-active" }
  | { readonly reason: "class"; readonly message: 2167 }
  | TurnInShortfall
  | { readonly reason: "no-room"; readonly message: 1340 }
  | { readonly reason: "spells-known" }
  /** QQ17 fixed: not enough empty spell-book slots for the reward spells. */
  | { readonly reason: "spell-book-full"; readonly message: 1317 };

export interface TurnInOutcome {
  readonly ok: true;
  readonly quest: Quest;
  /** Bubble over the NPC (`QUESTFIN*<quest>`; the client shows its own final text). */
  readonly bubble: string;
  readonly inventory: Inventory;
  /** Inventory slots whose content changed (the map side sends them, then the full refresh VB6 sends). */
  readonly changedSlots: readonly number[];
  readonly spells: readonly number[];
  /** Spell-book slots erased (required spells, §4.5) or filled (reward spells). */
  readonly changedSpellSlots: readonly number[];
  readonly exp: number;
  /** Experience added (message 140), 0 with `maxLevel` (message 1314). The map side runs the level check. */
  readonly expGained: number;
  readonly atMaxLevel: boolean;
  readonly bankGold: number;
  /** Gold given and where (1315 wallet, 1316 bank); null when the quest gives none. */
  readonly gold: { readonly amount: number; readonly to: "wallet" | "bank" } | null;
  /** Objects given (message 1318 each) and what did not fit (the map side drops it at the feet). */
  readonly objectsGiven: readonly { readonly objIndex: number; readonly amount: number }[];
  readonly objectsOnFloor: readonly { readonly objIndex: number; readonly amount: number }[];
  readonly spellsLearned: readonly number[];
  readonly quests: QuestLog;
}

function emptyUsableSlots(inventory: Inventory): number {
  let free = 0;
  for (let slot = 1; slot <= inventory.usableSlots; slot++) if (inventory.slots[slot - 1]!.objectId === 0) free++;
  return free;
}

/**
 * `FinishQuest` for the quest in `slot` (1-based), in VB6's order: class (2167), the objectives
 * (1336 / 1337 / 1338 / 1339 / skill), room — empty usable slots against reward object lines,
 * QQ14 kept — (1340), reward spells all known, QQ17 fixed: book room for the unknown ones (1317);
 * then remove the required objects across slots in slot order (unequipping; gold from the wallet),
 * erase the required spells, experience × ExpMult (none at the top level; QQ15 fixed: capped at
 * MAX_EXP), gold × GoldMult to the wallet or, from 100 000, the bank (QQ16 kept; capped at a Long),
 * the reward objects (what does not fit goes on the floor), the reward spells, the slot freed and
 * compacted, and one more completion in the done list. Refusals change nothing.
 */
export function turnInQuest(
  character: QuestCharacter,
  slot: number,
  context: { readonly catalog: ItemCatalog; readonly settings?: QuestSettings },
  book: QuestBook,
): TurnInOutcome | ({ readonly ok: false } & TurnInRefusal) {
  const settings = context.settings ?? DEFAULT_QUEST_SETTINGS;
  const entry = Number.isInteger(slot) ? character.quests.active[slot - 1] : undefined;
  const quest = entry && book.get(entry.questId);
  if (!entry || !quest) return { ok: false, reason: "not-active" };
  if (!classAllowed(quest, character.classId)) return { ok: false, reason: "class", message: QUEST_MESSAGE.notForYourClass };
  const shortfall = turnInShortfall(character, quest, entry);
  if (shortfall) return { ok: false, ...shortfall };
  const rewardLines = quest.rewardObjects.filter((item) => item.amount !== 0);
  if (emptyUsableSlots(character.inventory) < rewardLines.length) return { ok: false, reason: "no-room", message: QUEST_MESSAGE.noRoom };
  const unknownSpells = quest.rewardSpells.filter((spell, index, all) => !character.spells.includes(spell) && all.indexOf(spell) === index);
  if (quest.rewardSpells.length > 0 && unknownSpells.length === 0) return { ok: false, reason: "spells-known" };

  // Required spells are erased first in VB6's order; room for reward spells counts the freed slots.
  const spells = Array.from({ length: SPELL_SLOT_COUNT }, (_, i) => character.spells[i] ?? 0);
  const changedSpellSlots = new Set<number>();
  const erase = spells.map((spell) => quest.requiredSpells.includes(spell) && spell !== 0);
  const freeAfterErase = spells.filter((spell, i) => spell === 0 || erase[i]).length;
  if (freeAfterErase < unknownSpells.length) return { ok: false, reason: "spell-book-full", message: QUEST_MESSAGE.spellBookFull };

  let inventory = character.inventory;
  const changed = new Set<number>();
  for (const item of quest.requiredObjects) {
    const taken = takeItems(inventory, item.objIndex, item.amount);
    // Checked above; a failure here would mean the check and the removal disagree.
    if (!taken.ok) return { ok: false, reason: "objects", message: QUEST_MESSAGE.missingObjects };
    inventory = taken.inventory;
    for (const changedSlot of taken.changed) changed.add(changedSlot);
  }
  spells.forEach((_, i) => {
    if (erase[i]) {
      spells[i] = 0;
      changedSpellSlots.add(i + 1);
    }
  });

  const exp = addExperience(character.exp, character.level, Math.max(0, quest.rewardExp * settings.expMultiplier));
  const expGained = exp.applied ? exp.exp - character.exp : 0;

  let bankGold = character.bankGold;
  let gold: TurnInOutcome["gold"] = null;
  const goldAmount = Math.trunc(quest.rewardGold * settings.goldMultiplier);
  if (goldAmount > 0) {
    if (goldAmount < BANK_GOLD_REWARD_THRESHOLD) {
      const given = Math.min(goldAmount, MAX_LONG - inventory.gold);
      inventory = { ...inventory, gold: inventory.gold + given };
      gold = { amount: given, to: "wallet" };
    } else {
      const given = Math.min(goldAmount, MAX_LONG - bankGold);
      bankGold += given;
      gold = { amount: given, to: "bank" };
    }
  }

  const objectsGiven: { objIndex: number; amount: number }[] = [];
  const objectsOnFloor: { objIndex: number; amount: number }[] = [];
  for (const item of rewardLines) {
    const put = putItem(inventory, { objectId: item.objIndex, amount: item.amount }, context.catalog);
    if (put.ok) {
      inventory = put.inventory;
      for (const changedSlot of put.changed) changed.add(changedSlot);
      objectsGiven.push(item);
    } else if (put.reason !== "unknown_object") {
      objectsOnFloor.push(item);
    }
  }

  const spellsLearned: number[] = [];
  for (const spell of unknownSpells) {
    const free = spells.indexOf(0);
    if (free < 0) break; // cannot happen: room was checked
    spells[free] = spell;
    changedSpellSlots.add(free + 1);
    spellsLearned.push(spell);
  }
  while (spells.length > character.spells.length && spells.at(-1) === 0) spells.pop();

  const quests = withDone(withoutSlot(character.quests, slot), quest.id);
  return {
    ok: true,
    quest,
    bubble: `QUESTFIN*${quest.id}`,
    inventory,
    changedSlots: [...changed].sort((a, b) => a - b),
    spells,
    changedSpellSlots: [...changedSpellSlots].sort((a, b) => a - b),
    exp: exp.exp,
    expGained,
    atMaxLevel: !exp.applied,
    bankGold,
    gold,
    objectsGiven,
    objectsOnFloor,
    spellsLearned,
    quests,
  };
}

// ---------------------------------------------------------------------------------------------
// Abandoning (§8)

/**
 * `eQuestAbandon(slot)`: QQ12 fixed, a slot outside 1…active is ignored (null). Otherwise every
 * required object that is both `Intirable` and `Instransferible` and that no other active quest
 * requires is removed, all units of it; the slot is freed and the list compacted; message 2115
 * with the quest name, then the quest list. Progress is lost.
 */
export function abandonQuest(
  character: QuestCharacter,
  slot: number,
  catalog: ItemCatalog,
  book: QuestBook,
): { quests: QuestLog; inventory: Inventory; changedSlots: number[]; questId: number; questName: string; message: 2115 } | null {
  if (!Number.isInteger(slot) || slot < 1 || slot > character.quests.active.length) return null;
  const entry = character.quests.active[slot - 1]!;
  const quest = book.get(entry.questId);
  const quests = withoutSlot(character.quests, slot);
  let inventory = character.inventory;
  const changed = new Set<number>();
  for (const item of quest?.requiredObjects ?? []) {
    const template = catalog.get(item.objIndex);
    if (!template || !template.cannotDrop || !template.untradeable || item.objIndex === GOLD_OBJECT) continue;
    const wantedElsewhere = quests.active.some((other) => book.get(other.questId)?.requiredObjects.some((req) => req.objIndex === item.objIndex));
    if (wantedElsewhere) continue;
    const carried = countItems(inventory, item.objIndex);
    if (carried <= 0) continue;
    const taken = takeItems(inventory, item.objIndex, carried);
    if (!taken.ok) continue;
    inventory = taken.inventory;
    for (const changedSlot of taken.changed) changed.add(changedSlot);
  }
  return { quests, inventory, changedSlots: [...changed].sort((a, b) => a - b), questId: entry.questId, questName: quest?.name ?? "", message: QUEST_MESSAGE.abandoned };
}

// ---------------------------------------------------------------------------------------------
// The quest log window (§8, §10.2)

/** `eQuestListSend`: the active quest ids in slot order, joined with ";". */
export function questListText(log: QuestLog): { count: number; text: string } {
  return { count: log.active.length, text: log.active.map((entry) => entry.questId).join(";") };
}

/** The rows of `eQuestDetails` for slot `slot`, or null (QQ12: slot 0, > 5 or empty → no packet). QQ18 fixed: carried is the sum. */
export function questDetails(character: QuestCharacter, slot: number, book: QuestBook) {
  if (!Number.isInteger(slot) || slot < 1 || slot > character.quests.active.length) return null;
  const entry = character.quests.active[slot - 1]!;
  const quest = book.get(entry.questId);
  if (!quest) return null;
  return {
    quest,
    npcs: quest.requiredNpcs.map((objective, i) => ({ ...objective, killed: entry.npcKills[i] ?? 0 })),
    objects: quest.requiredObjects.map((item) => ({ ...item, carried: countItems(character.inventory, item.objIndex) })),
    spells: quest.requiredSpells.map((spell) => ({ spell, known: character.spells.includes(spell) })),
  };
}
