/**
 * What the `NpcType=` number of an npcs.dat entry means: every value VB6 `e_NPCType` names
 * (`Codigo/Declares.bas`; the VB6 name in each comment). 14, 15 and 25 are unnamed. The reader
 * keeps the number as it is (`NpcTemplate.npcType`); the rules compare it with this table.
 *
 * Data with no imports, so the game rules can read it (through this file, a face of its own)
 * without loading the parsers of the rest of this context.
 */
export const NpcType = {
  /** `Comun`: shops are common NPCs with `Comercia=1`. */
  Common: 0,
  /** `Revividor`: the priest who revives and heals. */
  Reviver: 1,
  /** `GuardiaReal`. */
  RoyalGuard: 2,
  /** `Entrenador`: summons creatures to train on. */
  Trainer: 3,
  /** `Banquero`: opens the vault. */
  Banker: 4,
  /** `Enlistador`: enlists in a faction army. */
  Recruiter: 5,
  /** `DRAGON`. */
  Dragon: 6,
  /** `Timbero`: a gambler. */
  Gambler: 7,
  /** `GuardiasCaos`. */
  ChaosGuard: 8,
  /** `ResucitadorNewbie`: revives newbies only. */
  NewbieReviver: 9,
  /** `Pirata`. */
  Pirate: 10,
  /** `Veterinaria`: looks after pets. */
  Veterinarian: 11,
  /** `Gobernador`: a city's governor. */
  Governor: 12,
  /** `GuardiaNpc`. */
  NpcGuard: 13,
  /** `Subastador`: the auctioneer. */
  Auctioneer: 16,
  /** `Quest`: gives quests. */
  Quest: 17,
  /** `Pretoriano`: a praetorian of the clan castles. */
  Praetorian: 18,
  /** `DummyTarget`: a training dummy. */
  TrainingDummy: 19,
  /** `EntregaPesca`: takes the catch of fishing. */
  FishingDelivery: 20,
  /** `AO20Shop`. */
  Ao20Shop: 21,
  /** `AO20ShopPjs`: the shop of characters. */
  Ao20ShopCharacters: 22,
  /** `EventMaster`. */
  EventMaster: 23,
  /** `ArenaGuard`. */
  ArenaGuard: 24,
  /** `Transporter`. */
  Transporter: 26,
} as const;
