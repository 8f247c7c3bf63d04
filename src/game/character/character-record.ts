/**
 * The persistent shape of a character: what the database stores for an offline character and
 * what a map worker receives when the character enters. Shared contract between character
 * creation (src/game/character-creation), persistence (src/db) and the map workers.
 * Plain data only (it crosses threads by structured clone and is stored as columns + jsonb).
 */
import type { Heading } from "../movement/index.ts";
import type { StaffStanding } from "../staff/index.ts";

/** Attribute order used everywhere: Fuerza, Agilidad, Inteligencia, Carisma, Constitucion. */
export const ATTRIBUTE_NAMES = ["strength", "agility", "intelligence", "charisma", "constitution"] as const;
export type Attributes = [strength: number, agility: number, intelligence: number, charisma: number, constitution: number];

/** AO20 has 24 skills (`NUMSKILLS`, counted where the protocol numbers them); index 0 is skill 1. */
export { SKILL_COUNT } from "../../protocol/index.ts";
/** AO20 MAX_INVENTORY_SLOTS. */
export const INVENTORY_SLOT_COUNT = 42;
/**
 * `MaxInventoryObjs` (`GetMaxInvOBJ`, default 10000): units of one object in one stack: an
 * inventory slot, a bank slot, a ground tile.
 */
export const MAX_STACK = 10_000;
/**
 * The largest VB6 Long (2^31 - 1). VB6 keeps a character's gold and bank gold in Longs
 * (`Stats.GLD`, `Stats.Banco`), so no gold number of a character ever passes it; the wallet cap
 * of a sale is another, smaller rule (`MAX_WALLET_GOLD` of the item rules).
 */
export const MAX_LONG = 2_147_483_647;
/** AO20 MAXUSERHECHIZOS. */
export const SPELL_SLOT_COUNT = 40;

export interface InventorySlot {
  /** 1-based slot number. */
  slot: number;
  /** Object number in obj.dat. */
  objectId: number;
  amount: number;
  equipped: boolean;
}

/** One occupied slot of the bank vault (items-and-economy §8.1). */
export interface BankSlot {
  /** 1-based slot number, 1…BANK_SLOT_COUNT. */
  slot: number;
  objectId: number;
  amount: number;
}

/** AO20 MAX_BANCOINVENTORY_SLOTS: the vault has 42 slots for everyone. */
export const BANK_SLOT_COUNT = 42;

/** Object numbers equipped per slot; 0 = nothing. */
export interface Equipment {
  weapon: number;
  armor: number;
  shield: number;
  helmet: number;
  ammunition: number;
  ring: number;
  ship: number;
  mount: number;
}

/** AO headings: 1 north, 2 east, 3 south, 4 west (eHeading), as the movement rules define them. */
export type { Heading };

export interface Position {
  map: number;
  x: number;
  y: number;
  heading: Heading;
}

export interface CharacterVitals {
  hp: number;
  maxHp: number;
  mana: number;
  maxMana: number;
  stamina: number;
  maxStamina: number;
  /** MinHam / MaxHam (hunger, 0..100). */
  food: number;
  /** MinAGU / MaxAGU (thirst, 0..100). */
  water: number;
}

/**
 * The moderation countdowns a character carries (gm-and-moderation §3.3–3.5), stored in its row
 * and saved with every save like its bank gold, so they survive map changes, crash recovery and
 * restarts. They count down only while a server holds the character (VB6 semantics): offline
 * time never serves a sentence.
 */
export interface CharacterPenalties {
  /**
   * Seconds of mute left; 0 = may speak. VB6 keeps minutes and the seconds of the current one
   * (`MinutosRestantes`, `SegundosPasados`, `user.silence_minutes_left`); one number of seconds
   * holds the same without a Byte to overflow (G9).
   */
  muteSecondsLeft: number;
  /** Jail minutes left (`Counters.Pena`, `user.counter_pena`), counted while online and alive; 0 = free. */
  jailMinutesLeft: number;
  /** Warnings received (`Advertencias`, `user.warnings`); the third jails (a game rule). */
  warnings: number;
}

/** What a character without the `penalties` field has. */
export const NO_PENALTIES: Readonly<CharacterPenalties> = Object.freeze({ muteSecondsLeft: 0, jailMinutesLeft: 0, warnings: 0 });

/** The record's penalties, `NO_PENALTIES` when it has none. */
export function penaltiesOf(record: { readonly penalties?: CharacterPenalties | undefined }): CharacterPenalties {
  return record.penalties ?? NO_PENALTIES;
}

/** VB6 `MAXMASCOTAS`: a character has at most this many pets, so at most this many tamed ones are kept. */
export const MAX_KEPT_PETS = 3;

/** The record's tamed pets (`tamedPets`), none when absent. */
export function tamedPetsOf(record: { readonly tamedPets?: readonly number[] | undefined }): readonly number[] {
  return record.tamedPets ?? [];
}

/** The record's key ring as it was kept (`keyRing`), empty when absent. */
export function keyRingOf(record: { readonly keyRing?: readonly number[] | undefined }): readonly number[] {
  return record.keyRing ?? [];
}

/**
 * A character's quest log as stored (quests.md §11; the rules are `game/quests`): the active
 * quests in slot order (at most five) with one kill counter per `RequiredNPC` and one click
 * counter per `RequiredTargetNPC`, and every quest done once with how many times (VB6 kept only
 * "done" in its `quest_done` table; the count is what its memory list knew).
 */
export interface CharacterQuests {
  active: { questId: number; npcKills: number[]; targetClicks: number[] }[];
  done: { questId: number; times: number }[];
}

/** The record's quest log, empty when absent. */
export function questsOf(record: { readonly quests?: CharacterQuests | undefined }): CharacterQuests {
  return record.quests ?? { active: [], done: [] };
}

/** True when nothing is counting: no mute, no jail, no warning. */
export function hasNoPenalties(penalties: CharacterPenalties): boolean {
  return penalties.muteSecondsLeft === 0 && penalties.jailMinutesLeft === 0 && penalties.warnings === 0;
}

/** A character as created or loaded, without database-assigned id and timestamps. */
export interface NewCharacter {
  accountId: number;
  name: string;
  race: number;
  gender: number;
  class: number;
  head: number;
  body: number;
  /** Hogar: city id (Ciudades.Dat). */
  homeCity: number;
  level: number;
  exp: number;
  freeSkillPoints: number;
  position: Position;
  vitals: CharacterVitals;
  gold: number;
  bankGold: number;
  attributes: Attributes;
  /** SKILL_COUNT values. */
  skills: number[];
  /** Only occupied slots. */
  inventory: InventorySlot[];
  equipment: Equipment;
  /** Spell numbers by slot (index 0 = slot 1), 0 = empty; at most SPELL_SLOT_COUNT. */
  spells: number[];
  /**
   * The vault's occupied slots, present only once the vault was loaded from the database in this
   * session (it is loaded when a banker is opened). When present, saving the record replaces the
   * character's vault rows in the same transaction; when absent, the stored vault is untouched.
   */
  bank?: BankSlot[];
  /**
   * Faction status (VB6 `Faccion.Status`, `game/faction`): 0 criminal, 1 citizen, …; absent =
   * citizen. Set when it changes (a citizen attacking a citizen turns criminal). **Not stored by
   * the database yet** (no column): it lasts while the server holds the record (map changes,
   * snapshots, crash recovery) and a fresh login from the database starts as a citizen.
   */
  factionStatus?: number;
  /**
   * The safe toggle (VB6 `flags.Seguro`, `/SEG`) once switched in this session; absent = its
   * login value for the status. Session state, never stored: a login starts from the status again.
   */
  safeMode?: boolean;
  /**
   * Mute, jail and warnings (`CharacterPenalties`). Absent = none: records written before the
   * field existed stay valid, and the database leaves it out of a character with nothing
   * counting. Saved with every save (absent is saved as zeros).
   */
  penalties?: CharacterPenalties;
  /**
   * The tamed pets the character owns (VB6 `MascotasType`): their NPC numbers, at most three, in
   * the order they were tamed. Saved with every save, so they come back at login next to their
   * master (VB6 `ConnectUser`); summoned creatures are never kept (VB6 saves 0 for them). A pet
   * that dies or is let go (`/LIBERAR`) leaves the list; one taken away at logout, on a map change
   * or by the Druid's spell stays. Absent = none.
   */
  tamedPets?: number[];
  /**
   * The Druid's `Invoca=2` spell stored the tamed pets out of the world (VB6 `flags.MascotasGuardadas`,
   * `user.pets_saved`): they do not come back at login or follow a map change until it recalls
   * them. Saved with every save; absent = false.
   */
  petsStored?: boolean;
  /**
   * The key ring (VB6 `Keys(1 To MAXKEYS)`, `ModLlaves.bas`): ten slots of key objects, 0 = empty,
   * in slot order. VB6 loads it from the account's `house_key` rows (patrons' houses bought outside
   * the game); here it is the character's, filled in the game (map/systems/doors.ts) and saved
   * with every save. Absent = empty.
   */
  keyRing?: number[];
  /**
   * The quest log (active quests with their counters, quests done with their completions).
   * Saved with every save in the character's own row, so a turn-in's rewards and its "done" are
   * written together (quests.md §11); absent = no quest ever taken. The map side makes it safe
   * against the world's current quests at load (`game/quests` `normalizeQuestLog`, QQ19).
   */
  quests?: CharacterQuests;
  /**
   * The character's staff standing (`game/staff`: a rank and the role-master flag), read from the
   * staff roles by its id at login; absent = an ordinary player. Never stored with the character:
   * the roles table is its home (a rank belongs to an id, never to a name, G1).
   */
  staff?: StaffStanding;
}

export interface CharacterRecord extends NewCharacter {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  /**
   * The generation the holder claimed the character with (its fencing token, multi-node): a save
   * of this record writes only while the stored generation still equals it. Filled when the
   * record is read from the database and stamped by a login's claim; it travels through the map
   * workers unchanged. Absent on records of tools, whose saves are not fenced.
   */
  gen?: number;
}

export const EMPTY_EQUIPMENT: Equipment = {
  weapon: 0,
  armor: 0,
  shield: 0,
  helmet: 0,
  ammunition: 0,
  ring: 0,
  ship: 0,
  mount: 0,
};
