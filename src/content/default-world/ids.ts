/**
 * Numbers of the default world: map ids, and the object and NPC numbers its own tables define.
 * Everything here is original to this project.
 */

/** Map ids of the default world. */
export const DEFAULT_WORLD_MAP_IDS = {
  /** Alba: the starting town; every home city id spawns here. */
  town: 1,
  /** Campos de Alba: open farmland east of the town. */
  field: 2,
  /** Bosque de los Ecos: a forest whose east and west paths loop into each other. */
  forest: 3,
  /** Llanura Abierta: 100 × 100 with no blocked tile, for "hot spread" benchmarks. */
  openField: 4,
  /** Arena de Alba: 25 × 25 walled arena, for crowded benchmarks. */
  arena: 5,
} as const;

/** The default world's map ids in ascending order. */
export const defaultWorldMapIds: readonly number[] = Object.values(DEFAULT_WORLD_MAP_IDS).sort((a, b) => a - b);

/** Home city ids the character-creation packet can name (`e_City` 1..10). */
export const HOME_CITY_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Object numbers of the default tables. */
export const DEFAULT_OBJECTS = {
  healthPotion: 1,
  manaPotion: 2,
  agilityPotion: 3,
  strengthPotion: 4,
  antidote: 5,
  apple: 6,
  waterFlask: 7,
  trainingSword: 8,
  trainingDagger: 9,
  trainingShield: 10,
  trainingHelmet: 11,
  /** The AO gold object (`iORO` = 12): the server drops and picks up gold as this number. */
  goldCoins: 12,
  trainingArrow: 13,
  apprenticeStaff: 14,
  paddedArmor: 15,
  apprenticeRobe: 16,
  trainingBow: 17,
  signpost: 18,
  /** The clothes every new character wears. */
  villagerClothes: 19,
  bread: 20,
  /** The weapon and the armour the town shop sells. */
  huntingKnife: 21,
  leatherJerkin: 22,
  /**
   * A lit campfire and twigs ready to light: the two numbers the server's campfire rules name
   * (game/rest `CAMPFIRE_OBJECT`, `TWIGS_OBJECT`, VB6's `FOGATA` and `FOGATA_APAG`), so this world
   * gives them those numbers rather than the next free ones.
   */
  campfire: 63,
  twigs: 136,
  /** An ordinary door (no key): its open and closed states. */
  doorOpen: 23,
  doorClosed: 24,
  /** The door of the house with a key on Alba's north wall: open, closed, closed and locked. */
  houseDoorOpen: 25,
  houseDoorClosed: 26,
  houseDoorLocked: 27,
  /** That house's key (`Clave` 1, below 1000: a house key, it goes on the key ring). */
  houseKey: 28,
} as const;

/** NPC numbers of the default tables. */
export const DEFAULT_NPCS = {
  townGuard: 1,
  merchant: 2,
  healer: 3,
  greyWolf: 4,
  wildBoar: 5,
  forestSpider: 6,
  banker: 7,
  /** A passive beast: wanders, attackable, bites back only once attacked. */
  brownHare: 8,
  /** Alba's trainer (`NpcType=3`): `/ENTRENAR` lists its two practice creatures, the train window brings one. */
  trainer: 9,
  /** The trainer's practice creatures: passive, they fight back only once attacked, and never respawn. */
  practiceRat: 10,
  practiceWolf: 11,
  /** Alba's quest giver (`NpcType=17`): offers the default quests. */
  questGiver: 12,
} as const;

/** Quest numbers of the default tables (`Quests.DAT`): a short chain in Alba, then a repeatable one. */
export const DEFAULT_QUESTS = {
  /** Visit the healer (a click target). */
  visitHealer: 1,
  /** Kill grey wolves in the fields (needs 1). */
  wolves: 2,
  /** Bring bread and apples (needs 2). */
  supplies: 3,
  /** Hunt hares, again and again. */
  hares: 4,
} as const;
