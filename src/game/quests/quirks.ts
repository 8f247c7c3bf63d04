/**
 * The VB6 quest quirks of quests.md §12 and what this rewrite does with each: "fix" or "keep"
 * (reproduce), with where it is decided. Tests cite the ids. Quirks marked "map side" are about
 * packets or timing that the map system implements; the rules here give it what it needs.
 */
export type QuirkDecision = "fix" | "keep";

export interface QuestQuirk {
  readonly decision: QuirkDecision;
  /** What we do, in one line. */
  readonly what: string;
  /** Where it is decided. */
  readonly where: string;
}

export const QUEST_QUIRKS = {
  QQ1: { decision: "fix", what: "a bare RequiredClass=<n> without RequiredClassesCount is a one-class list (warned)", where: "content/dat/quests.ts" },
  QQ2: { decision: "fix", what: "a count above the keys present or an empty/zero objective leaves no phantom '0 × 0' objective (warned)", where: "content/dat/quests.ts" },
  QQ3: { decision: "fix", what: "a value overflowing its VB6 type skips that quest only (warned); VB6 stopped loading", where: "content/dat/quests.ts" },
  QQ4: { decision: "fix", what: "quest id 0 in an NPC's list is dropped at import (warned); the NPC stays visible", where: "content/dat/npcs.ts" },
  QQ5: { decision: "fix", what: "missing quest sections are no quests; an NPC never offers an id the table lacks", where: "content/dat/quests.ts, offeredQuests" },
  QQ6: { decision: "keep", what: "a DropQuest line without probability (0) always drops, as RandomNumber(1, 0) = 1; logged at import", where: "content/dat/npcs.ts, rollQuestDrops" },
  QQ7: { decision: "fix", what: "markers are a pure function of the viewer: the map side recomputes them after accept, kill, pick-up, level-up and turn-in", where: "questMarker (map side calls it)" },
  QQ8: { decision: "fix", what: "a done repeatable quest whose requirements are met marks its NPC 1 (can be taken), not 2", where: "questMarker, offerState" },
  QQ9: { decision: "keep", what: "eQuest (258) answers only 'no mission' / 'too many missions' (the stock client never sends it)", where: "map side" },
  QQ10: { decision: "fix", what: "a click-target turn-in reports 'quest finished' only when the turn-in succeeded", where: "clickTargets + turnInQuest (map side sends only on ok)" },
  QQ11: { decision: "fix", what: "a quest with TalkTo is turned in only at the TalkTo NPC (quest 133 needs Lempard); legacy 'both places' behind rules.talkToAlsoAtGiver", where: "npcClickAction" },
  QQ12: { decision: "fix", what: "accept rows outside the offer, abandon slot 0 / empty / > 5 are refused silently", where: "resolveOfferRow, abandonQuest" },
  QQ13: { decision: "fix", what: "an object offer is used once: accepting re-checks the recorded slot still holds the quest object, removes it and consumes the offer", where: "acceptOffer" },
  QQ14: { decision: "keep", what: "reward room = empty usable slots ≥ reward object lines (stacking and freed slots not counted), for byte-exact refusals", where: "turnInQuest" },
  QQ15: { decision: "fix", what: "quest experience is capped at MAX_EXP like kill experience", where: "turnInQuest" },
  QQ16: { decision: "keep", what: "gold × GoldMult ≥ 100 000 goes to the bank (capped at a Long); the map side sends the bank gold if the bank window is open", where: "turnInQuest" },
  QQ17: { decision: "fix", what: "reward spells need book room, checked before anything is given", where: "turnInQuest" },
  QQ18: { decision: "fix", what: "the details packet's 'carried' is the sum over slots (the turn-in check's count)", where: "questDetails" },
  QQ19: { decision: "fix", what: "saved counters shorter or longer than the quest's objectives are padded / cut, never fail the load", where: "normalizeQuestLog" },
  QQ20: { decision: "fix", what: "the done list has no 255 limit (stored once per quest with a times counter)", where: "QuestLog.done" },
  QQ21: { decision: "keep", what: "kill credit only for the killer (or a pet's master), no party sharing", where: "killCreditRecipient, creditKill" },
  QQ22: { decision: "keep", what: "Trabajador refusal is message 1262, faction refusal reuses 2167 ('not for your class')", where: "acceptQuest" },
  QQ23: { decision: "fix", what: "accept answers the last offer sent (NPC list or quest object), never a stale target NPC", where: "QuestOffer, resolveOfferRow" },
} as const satisfies Record<string, QuestQuirk>;

export type QuestQuirkId = keyof typeof QUEST_QUIRKS;
