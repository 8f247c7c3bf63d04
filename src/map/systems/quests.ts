/**
 * Quests on a map (the rules: `game/quests`, quests.md). The quest log is the PlayerEntity's
 * `questLog`, loaded from `record.quests` at entry (normalised against the world's quests, QQ19)
 * and written back into the record at every change, so the record the map saves, and the one a
 * map change carries, always holds it (as the key ring does). The last offer shown is the
 * entity's `questOffer`: it stays on this map (an offer is an NPC of this map).
 *
 * - A left click on an NPC (look.ts offers it the `npcClick`; quests ask before the priest, as VB6
 *   `LookatTile` runs before `HandleWorldAction`): first the click targets of the quests in
 *   progress (§4.4; a quest with all its clicks is turned in at once, Msg494 only when it was,
 *   QQ10); then, on a quest NPC (`NpcType=4`), `EnviarQuest` by `npcClickAction`: dead 77, too
 *   far 8, the turn-in, bubble 1341, or the offer list (`NpcQuestListSend`) remembered as the
 *   last offer.
 * - `QuestAccept(row)` accepts from the last offer only (QQ23 fixed): its refusals with their
 *   VB6 ids (1417 as a bubble over the NPC, the rest as console lines), then Msg1264 and the
 *   marker (`UpdateNPCSimbolo`, recomputed for this viewer, QQ7 fixed).
 * - `QuestListRequest`, `QuestDetailsRequest(slot)`, `QuestAbandon(slot)` as §10.3 (slots out of
 *   range are ignored, QQ12 fixed); `Quest` (258) answers only bubble 2085 / 2086 (QQ9 kept).
 * - A kill (`npcKilled`): the killer (a pet's kills already come as its master's) gets the kill
 *   credit and the `NOCONSOLA*k/n name` bubble over itself (Msg2160 when every kill is made),
 *   then the quest drops rolled on the map's random go straight into the inventory with the
 *   drop sound (132); what does not fit lies at the feet.
 * - The turn-in (`FinishQuest`): bubble `QUESTFIN*q`, the changed slots, the spell slots, the
 *   experience through the kernel's `grantExperience` (its level-ups) and Msg140 (Msg1314 at the
 *   top), the gold (Msg1315 / 1316), Msg1318 per object, the objects that did not fit at the
 *   feet, the whole inventory again (VB6 refreshes it), then the marker.
 */
import { NpcType } from "../../content/index.ts";
import { putItem } from "../../game/inventory/index.ts";
import { LocaleId, MESSAGES, overHeadLocale } from "../../game/messages/index.ts";
import {
  abandonQuest,
  acceptOffer,
  activeSlotOf,
  clickTargets,
  creditKill,
  killCreditRecipient,
  npcClickAction,
  questBook,
  questDetails,
  questListText,
  questLogFromRecord,
  questLogToRecord,
  questMarker,
  rollQuestDrops,
  turnInQuest,
  type AcceptRefusal,
  type KillProgressColor,
  type QuestBook,
  type QuestCharacter,
  type QuestLog,
  type QuestNpc,
  type TurnInRefusal,
} from "../../game/quests/index.ts";
import { vbRgb, type ClientPacketFields } from "../../protocol/index.ts";
import {
  commit,
  dropAround,
  grantExperience,
  isDead,
  manhattan,
  onScreen,
  sendSpellSlot,
  sendWholeInventory,
  targetNpcOf,
  type MapContext,
  type MapSystem,
  type NpcEntity,
  type PlayerEntity,
} from "../kernel/index.ts";

/** `vbYellow`: the quest NPC's bubbles (`FinishQuestCheck`, `EnviarQuest`). */
export const QUEST_BUBBLE_COLOUR = vbRgb(255, 255, 0);
/** `vbWhite`: `eQuest`'s bubbles. */
export const QUEST_WHITE = vbRgb(255, 255, 255);
/** `e_SoundEffects.Dropeo_Sound`: a quest drop went into the inventory (`NpcDropQuestObj`). */
export const QUEST_DROP_SOUND = 132;
/** `GetNPCProgressColor`: the kill bubble's colour by share done. */
export const KILL_PROGRESS_COLOURS: Readonly<Record<KillProgressColor, number>> = {
  red: vbRgb(200, 80, 80),
  yellow: vbRgb(220, 200, 80),
  "light-green": vbRgb(160, 230, 160),
  green: vbRgb(80, 220, 80),
};

/** A quest of the world's table, as the book gives it. */
type Quest = NonNullable<ReturnType<QuestBook["get"]>>;

const books = new WeakMap<object, QuestBook>();
const NO_QUESTS = questBook(null);

/** The world's quests as the rules read them (built once per quest table). */
export function questBookOf(ctx: MapContext): QuestBook {
  const table = ctx.tables?.quests;
  if (!table) return NO_QUESTS;
  let book = books.get(table);
  if (book === undefined) {
    book = questBook(table);
    books.set(table, book);
  }
  return book;
}

/** The player's quest log (loaded from the record the first time it is read on this map). */
export function questLogOf(ctx: MapContext, player: PlayerEntity): QuestLog {
  if (player.questLog === undefined) player.questLog = questLogFromRecord(player.record, questBookOf(ctx));
  return player.questLog;
}

/** Keeps the log on the entity and in the record (what the map saves and hands on). */
function setQuestLog(player: PlayerEntity, log: QuestLog): void {
  player.questLog = log;
  const stored = questLogToRecord(log);
  if (stored === undefined) delete player.record.quests;
  else player.record.quests = stored;
}

function questCharacter(ctx: MapContext, player: PlayerEntity): QuestCharacter & { readonly alive: boolean } {
  const { record } = player;
  return {
    level: record.level,
    classId: record.class,
    exp: record.exp,
    bankGold: record.bankGold,
    inventory: player.inventory,
    spells: record.spells,
    skills: record.skills,
    factionStatus: player.status,
    quests: questLogOf(ctx, player),
    alive: !isDead(player),
  };
}

function questNpcOf(npc: NpcEntity): QuestNpc | null {
  const template = npc.template;
  return template === null ? null : { id: template.id, quests: template.quests ?? [] };
}

/** The marker this viewer sees over a quest NPC (§3.1), 0 for an NPC that is not one. */
export function markerFor(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): number {
  const questNpc = questNpcOf(npc);
  if (questNpc === null || npc.template?.npcType !== NpcType.Quest) return 0;
  return questMarker(questCharacter(ctx, player), questNpc, questBookOf(ctx));
}

function sendMarker(ctx: MapContext, player: PlayerEntity, npc: NpcEntity | null): void {
  if (npc === null || npc.template?.npcType !== NpcType.Quest) return;
  ctx.view.send(player, ctx.packets.updateNpcSymbol(npc.charIndex, markerFor(ctx, player, npc)));
}

/**
 * QQ7 fixed: after the log or what it reads changed (a kill, a drop, a click target), the quest
 * NPCs on this player's screen whose marker changed get `UpdateNPCSimbolo`.
 */
function refreshMarkers(ctx: MapContext, player: PlayerEntity, before: ReadonlyMap<NpcEntity, number>): void {
  for (const [npc, was] of before) {
    const now = markerFor(ctx, player, npc);
    if (now !== was && ctx.store.npc(npc.charIndex) === npc) ctx.view.send(player, ctx.packets.updateNpcSymbol(npc.charIndex, now));
  }
}

/** The markers of the quest NPCs on the player's screen now. */
function markersOnScreen(ctx: MapContext, player: PlayerEntity): Map<NpcEntity, number> {
  const out = new Map<NpcEntity, number>();
  for (const npc of ctx.store.npcs()) {
    if (npc.template?.npcType === NpcType.Quest && onScreen(player, npc.x, npc.y)) out.set(npc, markerFor(ctx, player, npc));
  }
  return out;
}

function bubble(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, id: number, params = ""): void {
  ctx.view.send(player, ctx.packets.localeChatOverHead(id, params, npc.charIndex, QUEST_BUBBLE_COLOUR, player.x, player.y));
}

function spellName(ctx: MapContext, spell: number): string {
  return ctx.tables?.spells?.spells.find((entry) => entry.id === spell)?.name ?? String(spell);
}

function objectName(ctx: MapContext, objectId: number): string {
  return ctx.items.get(objectId)?.name ?? String(objectId);
}

/**
 * Each viewer's marker in a quest NPC's `CharacterCreate` (§3.1): installed on the map's view
 * when the first player is placed here (before any create is sent to it), once per map.
 */
function installMarkers(ctx: MapContext): void {
  if (!ctx.tables?.quests || ctx.view.npcSymbol !== null) return;
  ctx.view.npcSymbol = (session, npc) => {
    if (npc.template?.npcType !== NpcType.Quest) return null;
    const viewer = ctx.store.player(session);
    return viewer === undefined ? null : markerFor(ctx, viewer, npc);
  };
}

// ---------------------------------------------------------------------------------------------
// The offer list and the details (§10.2)

function requirementTail(quest: Quest) {
  return {
    requiredSpells: quest.requiredSpells,
    requiredSkill: Math.max(0, quest.requiredSkill),
    requiredSkillValue: Math.max(0, quest.requiredSkillValue),
    rewardGold: Math.trunc(quest.rewardGold),
    rewardExp: Math.trunc(quest.rewardExp),
    rewardObjects: quest.rewardObjects.map((item) => ({ amount: item.amount, objIndex: item.objIndex })),
  };
}

/** One row of `NpcQuestListSend`: classes outside 1…12 are dropped (§10.2). */
function offerRow(quest: Quest, state: number): Record<string, unknown> {
  return {
    questIndex: quest.id,
    requiredLevel: quest.requiredLevel,
    requiredQuest: quest.requiredQuest,
    requiredClasses: quest.requiredClasses.filter((c) => c >= 1 && c <= 12),
    limitLevel: quest.limitLevel,
    requiredNpcs: quest.requiredNpcs.map((npc) => ({ amount: npc.amount, npcIndex: npc.npcIndex })),
    requiredObjects: quest.requiredObjects.map((item) => ({ amount: item.amount, objIndex: item.objIndex })),
    ...requirementTail(quest),
    rewardSpells: quest.rewardSpells,
    state,
  };
}

// ---------------------------------------------------------------------------------------------
// The turn-in (§5.2)

function sayTurnInRefusal(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, refusal: TurnInRefusal): void {
  switch (refusal.reason) {
    case "not-active":
    case "spells-known":
      return;
    case "class":
    case "spell-book-full":
      ctx.tell(player, MESSAGES.questRefused(refusal.message));
      return;
    case "spell":
      bubble(ctx, player, npc, refusal.message, spellName(ctx, refusal.spell));
      return;
    default:
      bubble(ctx, player, npc, refusal.message);
  }
}

/** `FinishQuest` of the quest in `slot` at `npc`; true when it was turned in. */
export function finishQuest(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, slot: number): boolean {
  const book = questBookOf(ctx);
  const outcome = turnInQuest(questCharacter(ctx, player), slot, { catalog: ctx.items }, book);
  if (!outcome.ok) {
    sayTurnInRefusal(ctx, player, npc, outcome);
    return false;
  }
  const { quest } = outcome;
  setQuestLog(player, outcome.quests);
  ctx.view.send(player, ctx.packets.chatOverHead(outcome.bubble, npc.charIndex, QUEST_BUBBLE_COLOUR, player.x, player.y));
  const goldBefore = player.inventory.gold;
  commit(ctx, player, outcome.inventory, outcome.changedSlots, 0);
  player.record.spells = [...outcome.spells];
  for (const spellSlot of outcome.changedSpellSlots) sendSpellSlot(ctx, player, spellSlot);
  if (quest.rewardExp > 0) {
    // The kernel adds it and runs the level-ups; the rules' `exp` is what it would come to.
    const grant = grantExperience(ctx, player, outcome.expGained, "other");
    if (grant.applied) ctx.tell(player, MESSAGES.expGained(outcome.expGained));
    else ctx.tell(player, MESSAGES.questNoExpAtMaxLevel());
  }
  if (outcome.gold !== null) {
    if (outcome.gold.to === "wallet") {
      if (player.inventory.gold !== goldBefore) ctx.view.send(player, ctx.packets.updateGold(player.inventory.gold));
    } else {
      player.record.bankGold = outcome.bankGold;
    }
    ctx.tell(player, MESSAGES.questGold(outcome.gold.amount, outcome.gold.to === "bank"));
  }
  for (const item of outcome.objectsGiven) ctx.tell(player, MESSAGES.questObjectReward(item.amount, objectName(ctx, item.objIndex)));
  for (const item of outcome.objectsOnFloor) dropAround(ctx, player.x, player.y, { objectId: item.objIndex, amount: item.amount });
  sendWholeInventory(ctx, player);
  sendMarker(ctx, player, npc);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Clicks (§4.1, §4.4)

/** A left click on an NPC: click targets first, then the quest dialogue of a quest NPC. */
export function questNpcClicked(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): boolean {
  const template = npc.template;
  if (template === null) return false;
  const book = questBookOf(ctx);
  const log = questLogOf(ctx, player);
  if (log.active.length > 0 && !isDead(player)) {
    const clicked = clickTargets(log, template.id, book);
    if (clicked.quests !== log) {
      const markers = markersOnScreen(ctx, player);
      markers.delete(npc); // a turn-in here sends its own
      setQuestLog(player, clicked.quests);
      for (const { questId } of clicked.toTurnIn) {
        const held = activeSlotOf(questLogOf(ctx, player), questId);
        if (held && finishQuest(ctx, player, npc, held.slot)) ctx.tell(player, MESSAGES.questClickTargetFinished()); // QQ10 fixed
      }
      refreshMarkers(ctx, player, markers);
    }
  }
  if (template.npcType !== NpcType.Quest) return false;
  // `HandleWorldAction`: a living player hears the NPC's `SoundOpen` before `EnviarQuest` (VB6 sends wave 0 too; we skip it).
  if (!isDead(player) && template.soundOpen > 0) ctx.view.send(player, ctx.packets.playWave(template.soundOpen, npc.x, npc.y));
  const action = npcClickAction(questCharacter(ctx, player), questNpcOf(npc)!, manhattan(player, npc), book);
  switch (action.kind) {
    case "dead":
      ctx.tell(player, MESSAGES.item("dead"));
      return true;
    case "too-far":
      ctx.tell(player, MESSAGES.tooFar());
      return true;
    case "no-mission":
      bubble(ctx, player, npc, action.message);
      return true;
    case "turn-in":
      finishQuest(ctx, player, npc, action.slot);
      return true;
    case "offer":
      player.questOffer = action.offer;
      ctx.view.send(player, ctx.packets.npcQuestListSend(action.entries.map((entry) => offerRow(entry.quest, entry.state))));
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Packets (§10.1)

function sayAcceptRefusal(ctx: MapContext, player: PlayerEntity, npc: NpcEntity | null, refusal: AcceptRefusal, quest: Quest | null): void {
  switch (refusal.reason) {
    case "no-free-slot":
      if (npc !== null) bubble(ctx, player, npc, refusal.message);
      return;
    case "object-gone":
      return;
    case "required-quest":
      ctx.tell(player, MESSAGES.questRefused(refusal.message, refusal.requiredQuestName));
      return;
    case "level-too-low":
      ctx.tell(player, MESSAGES.questRefused(refusal.message, quest?.requiredLevel ?? 0));
      return;
    case "skill":
      ctx.tell(player, MESSAGES.questRefused(refusal.message, quest?.requiredSkill ?? 0));
      return;
    default:
      ctx.tell(player, MESSAGES.questRefused(refusal.message));
  }
}

/** The NPC of the last offer, if it is still the target on this map. */
function offerNpc(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  const offer = player.questOffer;
  if (!offer || offer.kind !== "npc") return null;
  const npc = targetNpcOf(ctx, player);
  return npc !== null && npc.template?.id === offer.npcId ? npc : null;
}

/** `QuestAccept(listIndex)` against the last offer (QQ23 fixed). */
export function questAccept(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"QuestAccept">): void {
  const offer = player.questOffer;
  if (!offer) return;
  const book = questBookOf(ctx);
  const npc = offerNpc(ctx, player);
  const distance = npc === null ? Number.POSITIVE_INFINITY : manhattan(player, npc);
  const outcome = acceptOffer(questCharacter(ctx, player), offer, fields.listIndex, { npcDistance: distance, catalog: ctx.items }, book);
  if (outcome === null) return;
  if (!outcome.ok) {
    const quest = offer.kind === "npc" ? (book.get(offer.quests[fields.listIndex - 1] ?? 0) ?? null) : (book.get(offer.questId) ?? null);
    sayAcceptRefusal(ctx, player, npc, outcome, quest);
    return;
  }
  setQuestLog(player, outcome.quests);
  if (outcome.offerConsumed) player.questOffer = null;
  ctx.tell(player, MESSAGES.questAccepted(outcome.quest.id));
  if (outcome.changedSlots.length > 0) commit(ctx, player, outcome.inventory, outcome.changedSlots, 0);
  sendMarker(ctx, player, npc);
}

/** `QuestListRequest`: the active quest ids. */
export function questListRequest(ctx: MapContext, player: PlayerEntity): void {
  const { count, text } = questListText(questLogOf(ctx, player));
  ctx.view.send(player, ctx.packets.questListSend(count, text));
}

/** `QuestDetailsRequest(slot)`: one quest in progress; nothing for an empty or bad slot (QQ12). */
export function questDetailsRequest(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"QuestDetailsRequest">): void {
  const details = questDetails(questCharacter(ctx, player), fields.questSlot, questBookOf(ctx));
  if (details === null) return;
  const { quest } = details;
  ctx.view.send(
    player,
    ctx.packets.questDetails({
      questIndex: quest.id,
      requiredLevel: quest.requiredLevel,
      limitLevel: quest.limitLevel,
      requiredClasses: quest.requiredClasses,
      requiredQuest: quest.requiredQuest,
      requiredNpcs: details.npcs.map((npc) => ({ amount: npc.amount, npcIndex: npc.npcIndex, killed: npc.killed })),
      requiredObjects: details.objects.map((item) => ({ amount: item.amount, objIndex: item.objIndex, owned: Math.min(item.carried, 32_767) })),
      ...requirementTail(quest),
      requiredSpells: details.spells.map((spell) => ({ spellId: spell.spell, known: spell.known ? 1 : 0 })),
      rewardSpells: quest.rewardSpells,
    }),
  );
}

/** `QuestAbandon(slot)`: the quest's untradeable objects go, Msg2115, the list again. */
export function questAbandon(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"QuestAbandon">): void {
  const outcome = abandonQuest(questCharacter(ctx, player), fields.questSlot, ctx.items, questBookOf(ctx));
  if (outcome === null) return;
  setQuestLog(player, outcome.quests);
  if (outcome.changedSlots.length > 0) commit(ctx, player, outcome.inventory, outcome.changedSlots, 0);
  ctx.tell(player, MESSAGES.questAbandoned(outcome.questName));
  questListRequest(ctx, player);
  const npc = targetNpcOf(ctx, player);
  if (npc !== null) sendMarker(ctx, player, npc);
}

/** `Quest` (258, never sent by the stock client): only bubble 2085 or 2086 (QQ9 kept). */
export function questPacket(ctx: MapContext, player: PlayerEntity): void {
  const npc = targetNpcOf(ctx, player);
  if (npc === null) return;
  if (manhattan(player, npc) > 5) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  const id = (npc.template?.quests.length ?? 0) === 0 ? LocaleId.QuestNoMissionOverHead : LocaleId.QuestTooManyOverHead;
  ctx.view.send(player, ctx.packets.chatOverHead(overHeadLocale(id), npc.charIndex, QUEST_WHITE, player.x, player.y));
}

// ---------------------------------------------------------------------------------------------
// Kills and quest drops (§4.2, §4.3)

function onNpcKilled(ctx: MapContext, npc: NpcEntity, killer: PlayerEntity): void {
  const template = npc.template;
  if (template === null) return;
  const credited = killCreditRecipient({ killer: { kind: "player", playerId: killer.session }, victimIsPet: npc.master !== null });
  if (credited === null) return;
  const player = killer;
  const book = questBookOf(ctx);
  const log = questLogOf(ctx, player);
  if (log.active.length === 0) return;
  const markers = markersOnScreen(ctx, player);
  const credit = creditKill(log, template.id, template.name, book);
  if (credit.progress.length > 0) {
    setQuestLog(player, credit.quests);
    for (const hit of credit.progress) {
      ctx.view.send(player, ctx.packets.chatOverHead(hit.bubble, player.charIndex, KILL_PROGRESS_COLOURS[hit.color], player.x, player.y));
      if (hit.allKillsDone) ctx.tell(player, MESSAGES.questAllKills(book.get(hit.questId)?.name ?? ""));
    }
  }
  const drops = rollQuestDrops(questCharacter(ctx, player), template.questDrops ?? [], book, ctx.random);
  for (const drop of drops) {
    const put = putItem(player.inventory, { objectId: drop.objIndex, amount: drop.amount }, ctx.items);
    if (put.ok) commit(ctx, player, put.inventory, put.changed, 0);
    else if (put.reason !== "unknown_object") dropAround(ctx, player.x, player.y, { objectId: drop.objIndex, amount: drop.amount });
    ctx.view.send(player, ctx.packets.playWave(QUEST_DROP_SOUND, npc.x, npc.y));
  }
  refreshMarkers(ctx, player, markers);
}

export const quests: MapSystem = {
  name: "quests",
  packets: {
    Quest: questPacket,
    QuestAccept: questAccept,
    QuestListRequest: questListRequest,
    QuestDetailsRequest: questDetailsRequest,
    QuestAbandon: questAbandon,
  },
  npcClick: questNpcClicked,
  hooks: { npcKilled: onNpcKilled },
  playerState: (ctx, record) => {
    installMarkers(ctx);
    return { questLog: questLogFromRecord(record, questBookOf(ctx)), questOffer: null };
  },
};

