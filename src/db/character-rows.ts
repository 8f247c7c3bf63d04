/**
 * Conversion between the shared CharacterRecord contract and the flat `characters` row.
 * Nested groups (position, vitals) become columns so they can be queried; collections
 * (inventory, skills, ...) are jsonb.
 */
import {
  hasNoPenalties,
  keyRingOf,
  penaltiesOf,
  questsOf,
  tamedPetsOf,
  type CharacterPenalties,
  type CharacterQuests,
  type CharacterRecord,
  type Heading,
  type NewCharacter,
} from "../game/character/index.ts";
import type { CharacterRow, NewCharacterRow } from "./schema.ts";

const wholeAtLeast = (min: number) => (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= min;

/**
 * The stored quest log, keeping only well-formed entries (the check keeps the shape; a hand-edited
 * row could hold anything inside it). Whether the quests still exist is the rules' to say at load.
 */
function questsFromRow(stored: unknown): CharacterQuests {
  const value = (stored ?? {}) as { active?: unknown; done?: unknown };
  const active = (Array.isArray(value.active) ? value.active : []).flatMap((entry: { questId?: unknown; npcKills?: unknown; targetClicks?: unknown }) => {
    if (!entry || !wholeAtLeast(1)(entry.questId)) return [];
    const counters = (list: unknown) => (Array.isArray(list) ? list : []).map((count) => (wholeAtLeast(0)(count) ? count : 0));
    return [{ questId: entry.questId, npcKills: counters(entry.npcKills), targetClicks: counters(entry.targetClicks) }];
  });
  const done = (Array.isArray(value.done) ? value.done : []).flatMap((entry: { questId?: unknown; times?: unknown }) =>
    entry && wholeAtLeast(1)(entry.questId) ? [{ questId: entry.questId, times: wholeAtLeast(1)(entry.times) ? entry.times : 1 }] : [],
  );
  return { active, done };
}

export function rowToCharacter(row: CharacterRow): CharacterRecord {
  const quests = questsFromRow(row.quests);
  const penalties: CharacterPenalties = { muteSecondsLeft: row.muteSecondsLeft, jailMinutesLeft: row.jailMinutesLeft, warnings: row.warningCount };
  // Only NPC numbers come back (the check keeps the column an array of three at most; a hand-edited row could hold anything else).
  const keptPets = (Array.isArray(row.tamedPets) ? row.tamedPets : []).filter((npc) => Number.isSafeInteger(npc) && npc > 0);
  // Key objects in slot order, 0 for an empty slot (the check keeps ten at most).
  const ring = (Array.isArray(row.keyRing) ? row.keyRing : []).map((key) => (Number.isSafeInteger(key) && key > 0 ? key : 0));
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    race: row.race,
    gender: row.gender,
    class: row.class,
    head: row.head,
    body: row.body,
    homeCity: row.homeCity,
    level: row.level,
    exp: row.exp,
    freeSkillPoints: row.freeSkillPoints,
    // The characters_heading_valid check keeps the column within 1..4.
    position: { map: row.map, x: row.x, y: row.y, heading: row.heading as Heading },
    vitals: {
      hp: row.hp,
      maxHp: row.maxHp,
      mana: row.mana,
      maxMana: row.maxMana,
      stamina: row.stamina,
      maxStamina: row.maxStamina,
      food: row.food,
      water: row.water,
    },
    gold: row.gold,
    bankGold: row.bankGold,
    attributes: row.attributes,
    skills: row.skills,
    inventory: row.inventory,
    equipment: row.equipment,
    spells: row.spells,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastLoginAt: row.lastLoginAt,
    gen: row.gen,
    // Left out when nothing counts, so a record reads as it did before the columns existed.
    ...(hasNoPenalties(penalties) ? {} : { penalties }),
    // Left out when none, like the penalties: a record reads as it did before the columns existed.
    ...(keptPets.length > 0 ? { tamedPets: keptPets } : {}),
    ...(row.petsStored ? { petsStored: true } : {}),
    ...(ring.some((key) => key > 0) ? { keyRing: ring } : {}),
    ...(quests.active.length > 0 || quests.done.length > 0 ? { quests } : {}),
  };
}

/** The columns a character's own state fills; identity and timestamps are the caller's to add. */
export type CharacterStateColumns = Omit<NewCharacterRow, "id" | "createdAt" | "updatedAt" | "lastLoginAt" | "onlineSince" | "gen" | "ownerNode">;

export function characterToRow(character: NewCharacter): CharacterStateColumns {
  return {
    accountId: character.accountId,
    name: character.name,
    race: character.race,
    gender: character.gender,
    class: character.class,
    head: character.head,
    body: character.body,
    homeCity: character.homeCity,
    level: character.level,
    exp: character.exp,
    freeSkillPoints: character.freeSkillPoints,
    map: character.position.map,
    x: character.position.x,
    y: character.position.y,
    heading: character.position.heading,
    hp: character.vitals.hp,
    maxHp: character.vitals.maxHp,
    mana: character.vitals.mana,
    maxMana: character.vitals.maxMana,
    stamina: character.vitals.stamina,
    maxStamina: character.vitals.maxStamina,
    food: character.vitals.food,
    water: character.vitals.water,
    gold: character.gold,
    bankGold: character.bankGold,
    attributes: character.attributes,
    skills: character.skills,
    inventory: character.inventory,
    equipment: character.equipment,
    spells: character.spells,
    // A record without penalties has none: its save writes zeros (like any other field).
    muteSecondsLeft: penaltiesOf(character).muteSecondsLeft,
    jailMinutesLeft: penaltiesOf(character).jailMinutesLeft,
    warningCount: penaltiesOf(character).warnings,
    // Absent is none (and not stored), saved like any other field; the check keeps three at most.
    tamedPets: [...tamedPetsOf(character)],
    petsStored: character.petsStored === true,
    keyRing: [...keyRingOf(character)].slice(0, 10),
    // Absent is none; saved with every save in this same row (a turn-in's rewards and its "done" together).
    quests: questsOf(character),
  };
}
