/**
 * The game tables of the default world: a handful of objects (the starting kit, what the town
 * shop sells and a few loot items), the NPCs placed on its maps (guards, a shop, a banker, a
 * healer, hostile beasts and a passive one), three spells, the home cities and class/race balance, and the starting kit.
 * Every name and number is ours — invented for this world, not taken from any AO data file —
 * but the shape is the `.dat` context's `GameTables`, so the server treats it like an import.
 * No AO art: every `GrhIndex` is 0 (the browser draws its own). Pure.
 */
import {
  CITY_SECTIONS,
  CLASS_KEYS,
  ELEMENT_TAG_COUNT,
  GameTablesSchema,
  MAX_LEVEL,
  NpcType,
  RACE_KEYS,
  WEAPON_TYPE_KEYS,
  type ClassKey,
  type GameTables,
  type NpcTemplate,
  type ObjectTemplate,
  type SpellTemplate,
  type StoredGameTables,
  type Quest,
  type WeaponTypeKey,
} from "../dat/index.ts";
import { uniformStartingKit, type ClassId, type KitEntry, type StartingKit } from "../../game/character-creation/index.ts";
import { buildDefaultCities, DEFAULT_PRISON, DEFAULT_RELEASE } from "./build-maps.ts";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, DEFAULT_QUESTS, DEFAULT_WORLD_MAP_IDS } from "./ids.ts";

/** AO20 `e_OBJType` codes used below. */
const OBJ_TYPE = { food: 1, weapon: 2, armor: 3, gold: 5, door: 6, sign: 8, key: 9, potion: 11, drink: 13, wood: 14, campfire: 15, shield: 16, helmet: 17, arrows: 32 } as const;
/** `TipoPocion` codes: 1 agility, 2 strength, 3 HP, 4 mana, 5 cure poison. */
const POTION = { agility: 1, strength: 2, health: 3, mana: 4, curePoison: 5 } as const;
/** `WeaponType`: 1 sword, 2 dagger, 3 bow, 4 staff. */
const WEAPON = { sword: 1, dagger: 2, bow: 3, staff: 4 } as const;
/** `TipoItems=100` (`otElse`): the shop buys objects of any type. */
const BUYS_ANY_TYPE = 100;
/** The `Clave` the house on Alba's north wall and its key share (below 1000: a house key, for the key ring). */
const HOUSE_KEY_CODE = 1;
const HOUSE_DOOR_STATES = [
  [DEFAULT_OBJECTS.houseDoorOpen, "Puerta abierta de la casa del Telar", false, false],
  [DEFAULT_OBJECTS.houseDoorClosed, "Puerta cerrada de la casa del Telar", true, false],
  [DEFAULT_OBJECTS.houseDoorLocked, "Puerta cerrada con llave de la casa del Telar", true, true],
] as const;
/** `Crucial=1`: a shop's stock of it never runs out (items-and-economy §7.2). */
const CRUCIAL = 1;
/** `Movement`: 1 static (stands on its spawn tile), 2 random walk. */
const MOVEMENT = { standing: 1, wandering: 2 } as const;
/**
 * The body every armour of this world is drawn with: the stock AO20 client's body of each race
 * without clothes (`DarCuerpo`: human 1, elf 2, drow 3, gnome and dwarf 300, orc 582 / 581). We
 * ship no clothing art, but an armour needs a body for a race to wear it (`RazaPuedeUsarItem`),
 * so every race can wear and take off what this world gives and sells.
 */
const PLAIN_BODIES = {
  bodyHumanMale: 1,
  bodyHumanFemale: 1,
  bodyElfMale: 2,
  bodyElfFemale: 2,
  bodyDrowMale: 3,
  bodyDrowFemale: 3,
  bodyGnomeMale: 300,
  bodyGnomeFemale: 300,
  bodyDwarfMale: 300,
  bodyDwarfFemale: 300,
  bodyOrcMale: 582,
  bodyOrcFemale: 581,
} as const;
/** Seconds a stat elixir lasts. */
const ELIXIR_DURATION_S = 60;

// Records list only what differs from the VB6 defaults; GameTablesSchema fills in the rest.
type StoredObject = Partial<ObjectTemplate> & Pick<ObjectTemplate, "id" | "name" | "objType">;
type StoredNpc = Partial<NpcTemplate> & Pick<NpcTemplate, "id" | "name">;
type StoredQuest = Partial<Quest> & Pick<Quest, "id" | "name">;
type StoredSpell = Partial<SpellTemplate> & Pick<SpellTemplate, "id" | "name">;

const O = DEFAULT_OBJECTS;
const OBJECTS: StoredObject[] = [
  // Sold in town and given in the kit: ordinary items (not newbie), so they outlive level 12.
  { id: O.healthPotion, name: "Poción Roja Menor", objType: OBJ_TYPE.potion, potionType: POTION.health, minModifier: 10, maxModifier: 16, crucial: CRUCIAL, value: 6 },
  { id: O.manaPotion, name: "Poción Azul Menor", objType: OBJ_TYPE.potion, potionType: POTION.mana, minModifier: 4, maxModifier: 4, crucial: CRUCIAL, value: 8 },
  {
    id: O.agilityPotion,
    name: "Elixir del Zorro",
    objType: OBJ_TYPE.potion,
    potionType: POTION.agility,
    minModifier: 2,
    maxModifier: 3,
    effectDuration: ELIXIR_DURATION_S,
    newbie: true,
    value: 12,
  },
  {
    id: O.strengthPotion,
    name: "Elixir del Buey",
    objType: OBJ_TYPE.potion,
    potionType: POTION.strength,
    minModifier: 2,
    maxModifier: 3,
    effectDuration: ELIXIR_DURATION_S,
    newbie: true,
    value: 12,
  },
  { id: O.antidote, name: "Infusión de Ruda", objType: OBJ_TYPE.potion, potionType: POTION.curePoison, newbie: true, value: 10 },
  { id: O.apple, name: "Manzana de Alba", objType: OBJ_TYPE.food, hunger: 12, crucial: CRUCIAL, value: 2 },
  { id: O.waterFlask, name: "Cantimplora de Cuero", objType: OBJ_TYPE.drink, thirst: 12, crucial: CRUCIAL, value: 2 },
  { id: O.trainingSword, name: "Espada de Práctica", objType: OBJ_TYPE.weapon, weaponType: WEAPON.sword, minHit: 1, maxHit: 3, newbie: true, value: 20 },
  { id: O.trainingDagger, name: "Cuchillo de Práctica", objType: OBJ_TYPE.weapon, weaponType: WEAPON.dagger, minHit: 1, maxHit: 2, stabs: true, newbie: true, value: 15 },
  { id: O.trainingShield, name: "Rodela de Tablas", objType: OBJ_TYPE.shield, minDef: 1, maxDef: 1, newbie: true, value: 15 },
  { id: O.trainingHelmet, name: "Gorro Acolchado", objType: OBJ_TYPE.helmet, minDef: 1, maxDef: 2, newbie: true, value: 15 },
  {
    id: O.trainingBow,
    name: "Arco de Sauce",
    objType: OBJ_TYPE.weapon,
    weaponType: WEAPON.bow,
    projectile: 1,
    ammunition: 1,
    minHit: 1,
    maxHit: 2,
    newbie: true,
    value: 25,
  },
  // `Subtipo` 1: the arrows the bow's `Municiones=1` takes (§4).
  { id: O.trainingArrow, name: "Flecha de Caña", objType: OBJ_TYPE.arrows, subType: 1, minHit: 1, maxHit: 1, newbie: true, value: 1 },
  { id: O.apprenticeStaff, name: "Vara de Aprendiz", objType: OBJ_TYPE.weapon, weaponType: WEAPON.staff, minHit: 1, maxHit: 1, magicDamageBonus: 1, newbie: true, value: 20 },
  { id: O.paddedArmor, name: "Jubón Acolchado", objType: OBJ_TYPE.armor, ...PLAIN_BODIES, minDef: 0, maxDef: 1, newbie: true, value: 30 },
  { id: O.apprenticeRobe, name: "Sayo de Aprendiz", objType: OBJ_TYPE.armor, ...PLAIN_BODIES, newbie: true, value: 25 },
  { id: O.goldCoins, name: "Monedas de Oro", objType: OBJ_TYPE.gold, value: 1 },
  { id: O.signpost, name: "Cartel de Alba", objType: OBJ_TYPE.sign, fixedInPlace: true, text: "Alba: el bosque al sur, los campos al este, la llanura al oeste." },
  { id: O.villagerClothes, name: "Ropa de Aldeano", objType: OBJ_TYPE.armor, ...PLAIN_BODIES, newbie: true, value: 0 },
  { id: O.bread, name: "Hogaza de Centeno", objType: OBJ_TYPE.food, hunger: 25, crucial: CRUCIAL, value: 5 },
  { id: O.huntingKnife, name: "Cuchillo de Monte", objType: OBJ_TYPE.weapon, weaponType: WEAPON.dagger, minHit: 2, maxHit: 4, stabs: true, crucial: CRUCIAL, value: 60 },
  { id: O.leatherJerkin, name: "Coleto de Cuero", objType: OBJ_TYPE.armor, ...PLAIN_BODIES, minDef: 1, maxDef: 3, crucial: CRUCIAL, value: 150 },
  // `/DESCANSAR` needs a lit fire in view; a click on the twigs (outside a town) lights one. The fire stays where it burns.
  { id: O.campfire, name: "Fogata", objType: OBJ_TYPE.campfire, fixedInPlace: true },
  { id: O.twigs, name: "Ramitas Secas", objType: OBJ_TYPE.wood, value: 3 },
  // Doors: each state is an object (`IndexAbierta`, `IndexCerrada`, `IndexCerradaLlave`); `Subtipo` 0, two tiles wide.
  { id: O.doorOpen, name: "Puerta abierta", objType: OBJ_TYPE.door, fixedInPlace: true, closed: false, locked: false, openIndex: O.doorOpen, closedIndex: O.doorClosed, lockedIndex: O.doorClosed },
  { id: O.doorClosed, name: "Puerta cerrada", objType: OBJ_TYPE.door, fixedInPlace: true, closed: true, locked: false, openIndex: O.doorOpen, closedIndex: O.doorClosed, lockedIndex: O.doorClosed },
  ...HOUSE_DOOR_STATES.map(([id, name, closed, locked]) => ({
    id,
    name,
    objType: OBJ_TYPE.door,
    fixedInPlace: true,
    closed,
    locked,
    keyCode: HOUSE_KEY_CODE,
    openIndex: O.houseDoorOpen,
    closedIndex: O.houseDoorClosed,
    lockedIndex: O.houseDoorLocked,
  })),
  { id: O.houseKey, name: "Llave de la casa del Telar", objType: OBJ_TYPE.key, keyCode: HOUSE_KEY_CODE, value: 300 },
];

const N = DEFAULT_NPCS;
const NPCS: StoredNpc[] = [
  {
    id: N.townGuard,
    name: "Guardia de Alba",
    description: "Vigila las puertas de la villa.",
    npcType: NpcType.Common,
    movement: MOVEMENT.standing,
    heading: 3,
    level: 20,
    minHp: 400,
    maxHp: 400,
    minHit: 10,
    maxHit: 20,
    def: 10,
    attackPower: 120,
    evasionPower: 80,
  },
  {
    // npcs.dat: Comercia=1, TipoItems=100, NROITEMS=7, Obj1=1-1000 … Obj7=22-10 (slot order).
    id: N.merchant,
    name: "Ansel el Mercader",
    description: "Compra y vende lo básico para el camino.",
    npcType: NpcType.Common,
    movement: MOVEMENT.standing,
    heading: 3,
    trades: true,
    tradeItemType: BUYS_ANY_TYPE,
    inventory: [
      { objIndex: O.healthPotion, amount: 1000 },
      { objIndex: O.manaPotion, amount: 1000 },
      { objIndex: O.apple, amount: 500 },
      { objIndex: O.bread, amount: 500 },
      { objIndex: O.waterFlask, amount: 500 },
      { objIndex: O.huntingKnife, amount: 10 },
      { objIndex: O.leatherJerkin, amount: 10 },
      // A spare key of the house on the north wall: sold once (KEY-SOLD-ONCE, game/commerce).
      { objIndex: O.houseKey, amount: 1 },
    ],
  },
  {
    id: N.banker,
    name: "Banquero de Alba",
    description: "Guarda tu oro y tus cosas; te esperan en cualquier banco.",
    npcType: NpcType.Banker,
    movement: MOVEMENT.standing,
    heading: 3,
  },
  {
    id: N.healer,
    name: "Hermana Irene",
    description: "Cura heridas y devuelve la vida a los caídos.",
    npcType: NpcType.Reviver,
    movement: MOVEMENT.standing,
    heading: 3,
  },
  {
    id: N.greyWolf,
    name: "Lobo Ceniciento",
    npcType: NpcType.Common,
    movement: MOVEMENT.wandering,
    hostile: true,
    attackable: true,
    level: 3,
    minHp: 45,
    maxHp: 45,
    minHit: 2,
    maxHit: 5,
    def: 1,
    attackPower: 22,
    evasionPower: 18,
    giveExp: 35,
    drops: [{ objIndex: O.apple, chance: 20, minAmount: 1, maxAmount: 2 }],
  },
  {
    id: N.wildBoar,
    name: "Jabalí de Monte",
    npcType: NpcType.Common,
    movement: MOVEMENT.wandering,
    hostile: true,
    attackable: true,
    level: 2,
    minHp: 30,
    maxHp: 30,
    minHit: 1,
    maxHit: 4,
    def: 1,
    attackPower: 16,
    evasionPower: 12,
    giveExp: 22,
    giveGold: 6,
  },
  {
    id: N.forestSpider,
    name: "Araña de Musgo",
    npcType: NpcType.Common,
    movement: MOVEMENT.wandering,
    hostile: true,
    attackable: true,
    level: 4,
    minHp: 55,
    maxHp: 55,
    minHit: 3,
    maxHit: 6,
    def: 2,
    poison: 1,
    attackPower: 28,
    evasionPower: 24,
    giveExp: 48,
    drops: [{ objIndex: O.antidote, chance: 25, minAmount: 1, maxAmount: 1 }],
  },
  {
    // Passive (Hostile=0): it wanders near where it was born and fights only whoever attacks it.
    // Tamable (`Domable=3`): a Druid's points are CHA × Domar / 6, so a new Druid of any race
    // (CHA 16..19) that puts one of its 10 free skill points in Domar has 3 and may tame it; any
    // other class needs Domar 20 (CHA × Domar / 118).
    id: N.brownHare,
    name: "Liebre Parda",
    description: "Salta entre los pastos; solo se defiende si la atacan.",
    npcType: NpcType.Common,
    movement: MOVEMENT.wandering,
    hostile: false,
    attackable: true,
    level: 1,
    minHp: 14,
    maxHp: 14,
    minHit: 1,
    maxHit: 2,
    def: 0,
    attackPower: 8,
    evasionPower: 20,
    giveExp: 10,
    tameDifficulty: 3,
  },
  {
    id: N.trainer,
    name: "Maestro de Armas",
    description: "Si quieres practicar, pídeme una criatura: /ENTRENAR",
    npcType: NpcType.Trainer,
    movement: MOVEMENT.standing,
    heading: 3,
    trainerCreatures: [
      { npcIndex: N.practiceRat, name: "Rata de Práctica" },
      { npcIndex: N.practiceWolf, name: "Lobo de Práctica" },
    ],
  },
  {
    id: N.practiceRat,
    name: "Rata de Práctica",
    npcType: NpcType.Common,
    movement: MOVEMENT.wandering,
    hostile: false,
    attackable: true,
    level: 1,
    minHp: 10,
    maxHp: 10,
    minHit: 1,
    maxHit: 1,
    attackPower: 5,
    evasionPower: 5,
    giveExp: 5,
  },
  {
    // Offers the Alba chain in list order; a click on her runs the quest dialogue (quests.md §4.1).
    id: N.questGiver,
    name: "Anciana Brígida",
    subName: "Misiones",
    description: "Siempre tiene un encargo para quien pase por la plaza.",
    npcType: NpcType.Quest,
    movement: MOVEMENT.standing,
    heading: 3,
    quests: [DEFAULT_QUESTS.visitHealer, DEFAULT_QUESTS.wolves, DEFAULT_QUESTS.supplies, DEFAULT_QUESTS.hares],
  },
  {
    id: N.practiceWolf,
    name: "Lobo de Práctica",
    npcType: NpcType.Common,
    movement: MOVEMENT.wandering,
    hostile: false,
    attackable: true,
    level: 2,
    minHp: 30,
    maxHp: 30,
    minHit: 1,
    maxHit: 3,
    def: 1,
    attackPower: 14,
    evasionPower: 10,
    giveExp: 15,
  },
];

/** Spell numbers of the default tables. */
export const DEFAULT_SPELLS = { spark: 1, soothe: 2, binding: 3 } as const;

/**
 * `Tipo` 1 = changes a stat; `Target` 1 = users, 3 = users and NPCs; `Sube*` 1 raise, 2 lower.
 * Every one is `IsBindable`, so the stock client's hotkey bar works on this world (the 2024 data
 * binds none): dragged onto the bar, its key casts it (systems/hotkeys.ts).
 */
const SPELLS: StoredSpell[] = [
  {
    id: DEFAULT_SPELLS.spark,
    name: "Chispa",
    description: "Una chispa que quema a un enemigo.",
    magicWords: "ARDE, CHISPA",
    spellType: 1,
    target: 3,
    manaRequired: 6,
    bindable: true,
    hpMode: 2,
    minHp: 2,
    maxHp: 5,
  },
  {
    id: DEFAULT_SPELLS.soothe,
    name: "Alivio",
    description: "Cierra heridas leves.",
    magicWords: "SANA, ALIVIO",
    spellType: 1,
    target: 1,
    manaRequired: 8,
    bindable: true,
    hpMode: 1,
    minHp: 3,
    maxHp: 7,
  },
  {
    // `Tipo` 2 changes a state: `Paraliza` holds a creature (or a player) for `Duration` × 39
    // AI ticks (§5.5): about 6 s for a short, safe taste of it.
    id: DEFAULT_SPELLS.binding,
    name: "Atadura",
    description: "Raíces que sujetan a una criatura unos segundos.",
    magicWords: "QUIETO, ATADURA",
    spellType: 2,
    target: 3,
    manaRequired: 10,
    bindable: true,
    paralyzes: true,
    durationSeconds: 1,
  },
];

/** Per-class balance, in `e_Class` order (Mago … Bandido); our own tuning. */
interface ClassTuning {
  readonly evasion: number;
  readonly melee: number;
  readonly ranged: number;
  readonly wrestling: number;
  readonly shield: number;
  readonly hpPerLevel: number;
  readonly initialMana: number;
  readonly manaPerLevel: number;
  readonly hitTo36: number;
  readonly hitAfter36: number;
  readonly stab: number;
  readonly favourite?: WeaponTypeKey;
}
const CLASS_TUNING: Readonly<Record<ClassKey, ClassTuning>> = {
  Mago: { evasion: 0.55, melee: 0.5, ranged: 0.5, wrestling: 0.4, shield: 0.5, hpPerLevel: 6, initialMana: 8, manaPerLevel: 3, hitTo36: 1, hitAfter36: 1, stab: 1, favourite: "Staff" },
  Clerigo: { evasion: 0.75, melee: 0.8, ranged: 0.6, wrestling: 0.6, shield: 0.85, hpPerLevel: 8, initialMana: 2.4, manaPerLevel: 2, hitTo36: 2, hitAfter36: 1, stab: 1, favourite: "Mace" },
  Guerrero: { evasion: 0.95, melee: 1, ranged: 0.8, wrestling: 0.8, shield: 1, hpPerLevel: 10.5, initialMana: 0, manaPerLevel: 0, hitTo36: 3, hitAfter36: 2, stab: 1, favourite: "Sword" },
  Asesino: { evasion: 1, melee: 0.9, ranged: 0.7, wrestling: 0.7, shield: 0.7, hpPerLevel: 8, initialMana: 2.4, manaPerLevel: 1, hitTo36: 3, hitAfter36: 2, stab: 1.5, favourite: "Dagger" },
  Bardo: { evasion: 0.85, melee: 0.7, ranged: 0.6, wrestling: 0.6, shield: 0.7, hpPerLevel: 8, initialMana: 2.4, manaPerLevel: 2, hitTo36: 2, hitAfter36: 1, stab: 1 },
  Druida: { evasion: 0.75, melee: 0.65, ranged: 0.6, wrestling: 0.6, shield: 0.6, hpPerLevel: 8, initialMana: 2.4, manaPerLevel: 2, hitTo36: 2, hitAfter36: 1, stab: 1, favourite: "Staff" },
  Paladin: { evasion: 0.85, melee: 0.9, ranged: 0.7, wrestling: 0.7, shield: 1, hpPerLevel: 9.5, initialMana: 2.4, manaPerLevel: 1, hitTo36: 3, hitAfter36: 2, stab: 1, favourite: "Sword" },
  Cazador: { evasion: 0.9, melee: 0.8, ranged: 1, wrestling: 0.7, shield: 0.8, hpPerLevel: 9, initialMana: 0, manaPerLevel: 0, hitTo36: 3, hitAfter36: 2, stab: 1, favourite: "Bow" },
  Trabajador: { evasion: 0.7, melee: 0.6, ranged: 0.6, wrestling: 0.7, shield: 0.6, hpPerLevel: 8, initialMana: 0, manaPerLevel: 0, hitTo36: 2, hitAfter36: 1, stab: 1, favourite: "Axe" },
  Pirata: { evasion: 0.85, melee: 0.85, ranged: 0.9, wrestling: 0.8, shield: 0.8, hpPerLevel: 9, initialMana: 0, manaPerLevel: 0, hitTo36: 3, hitAfter36: 2, stab: 1, favourite: "GunPowder" },
  Ladron: { evasion: 1, melee: 0.75, ranged: 0.75, wrestling: 1, shield: 0.6, hpPerLevel: 7.5, initialMana: 0, manaPerLevel: 0, hitTo36: 2, hitAfter36: 1, stab: 1.2, favourite: "Knuckle" },
  Bandido: { evasion: 0.9, melee: 0.9, ranged: 0.7, wrestling: 1, shield: 0.8, hpPerLevel: 9, initialMana: 1.8, manaPerLevel: 1, hitTo36: 3, hitAfter36: 2, stab: 1, favourite: "Knuckle" },
};
/** Hit bonus (percent points) of each class with its favourite weapon type. */
const FAVOURITE_WEAPON_BONUS = 10;
/** Stamina gained per level; workers carry more. */
const STAMINA_PER_LEVEL = 15;
const WORKER_STAMINA_PER_LEVEL = 25;
const SKILL_POINTS_PER_LEVEL = 5;

/** Attribute modifiers per race, in `e_Raza` order: [strength, agility, intelligence, charisma, constitution]. */
const RACE_TUNING: Readonly<Record<(typeof RACE_KEYS)[number], readonly [number, number, number, number, number]>> = {
  Humano: [1, 1, 0, 0, 2],
  Elfo: [0, 2, 2, 1, 0],
  ElfoOscuro: [1, 1, 1, -1, 1],
  Gnomo: [-2, 2, 3, 1, -1],
  Enano: [3, -1, -2, -1, 3],
  Orco: [4, -1, -3, -2, 3],
};

/** Experience to leave level n: a geometric curve starting at 300 and growing 35 % per level. */
const EXP_FIRST_LEVEL = 300;
const EXP_GROWTH_PER_LEVEL = 1.35;

function balance(): NonNullable<StoredGameTables["balance"]> {
  const classes = CLASS_KEYS.map((key, index) => {
    const tuning = CLASS_TUNING[key];
    const weaponHitBonus = Object.fromEntries(
      WEAPON_TYPE_KEYS.map((weapon) => [weapon, weapon === tuning.favourite ? FAVOURITE_WEAPON_BONUS : 0]),
    ) as Record<WeaponTypeKey, number>;
    return {
      id: index + 1,
      key,
      evasion: tuning.evasion,
      weaponAttack: tuning.melee,
      projectileAttack: tuning.ranged,
      weaponDamage: tuning.melee,
      projectileDamage: tuning.ranged,
      wrestlingDamage: tuning.wrestling,
      shield: tuning.shield,
      stab: tuning.stab,
      stabNpcMin: tuning.stab,
      stabNpcMax: tuning.stab,
      hpPerLevel: tuning.hpPerLevel,
      initialMana: tuning.initialMana,
      manaPerLevel: tuning.manaPerLevel,
      staminaPerLevel: key === "Trabajador" ? WORKER_STAMINA_PER_LEVEL : STAMINA_PER_LEVEL,
      hitPerLevelTo36: tuning.hitTo36,
      hitPerLevelAfter36: tuning.hitAfter36,
      magicResistance: 1,
      skillPointsPerLevel: SKILL_POINTS_PER_LEVEL,
      weaponHitBonus,
    };
  });
  const races = RACE_KEYS.map((key, index) => {
    const [strength, agility, intelligence, charisma, constitution] = RACE_TUNING[key];
    return { id: index + 1, key, strength, agility, intelligence, charisma, constitution };
  });
  // The last level is the cap: nothing more to earn (0), like an empty `[EXP] 47=`.
  const expToLevelUp = Array.from({ length: MAX_LEVEL }, (_, index) =>
    index === MAX_LEVEL - 1 ? 0 : Math.round(EXP_FIRST_LEVEL * EXP_GROWTH_PER_LEVEL ** index),
  );
  return {
    classes,
    races,
    globals: {
      criticalHitDamageModifier: 1.5,
      ignoreArmorChance: 0,
      extraBackstabChance: 0,
      assassinStabbingChance: 25,
      hunterStabbingChance: 10,
      bardStabbingChance: 10,
      genericStabbingChance: 5,
      banditCriticalHitChance: 15,
      manaRecoveryPercent: 5,
      recoveryMana: 5,
      manaPerSkillMultiplier: 1,
      manaCommonLute: 0,
      manaMagicLute: 0,
      manaElvenLute: 0,
      skillRaiseDifficulty: 40,
      hpAverageInfluence: 1,
      hpAverageImbalance: 0,
      hpRange: 2,
      hpCapMax: 0,
      hpCapMin: 0,
      requiredSpellDisplayTime: 0,
      maxInvisibleSpellDisplayTime: 0,
      multiShotReduction: 0,
      homeTimer: 30,
      homeTimerAdventurer: 30,
      homeTimerHero: 30,
      homeTimerLegend: 30,
      magicSkillBonusDamageModifier: 0,
      magicResistanceSkillProtectionModifier: 0,
      magicResistanceSkillProtectionModifierNpc: 0,
      assistDamageValidTimeMs: 10_000,
      assistHelpValidTimeMs: 10_000,
      hideAfterHitTimeMs: 2_000,
      factionReKillTimeMs: 60_000,
      airHitReduceParalysisTime: 0,
      safeZoneFishingPercent: 0,
      divineBloodHealingMultiplierBonus: 0,
      divineBloodManaCostMultiplier: 0,
      warriorLifeStealOnHitMultiplier: 0,
      playerStunTimeMs: 1_000,
      npcStunTimeMs: 1_000,
      playerImmuneTimeMs: 2_000,
      guildCallCooldown: 60_000,
    },
    expToLevelUp,
    elementalMatrixForNpcs: Array.from({ length: ELEMENT_TAG_COUNT }, () => Array.from({ length: ELEMENT_TAG_COUNT }, () => 1)),
  };
}

function cities(): NonNullable<StoredGameTables["cities"]> {
  const spawns = new Map(buildDefaultCities().map((city) => [city.id, city] as const));
  return {
    cities: CITY_SECTIONS.map((section, index) => {
      const id = index + 1;
      const spawn = spawns.get(id);
      const map = spawn?.map ?? 0;
      const x = spawn?.x ?? 0;
      const y = spawn?.y ?? 0;
      return {
        id,
        name: spawn?.name ?? section,
        present: spawn !== undefined,
        map,
        x,
        y,
        travelMap: map,
        travelX: x,
        travelY: y,
        resurrectMap: map,
        resurrectX: x,
        resurrectY: y,
        needsShip: false,
        maps: spawn ? [DEFAULT_WORLD_MAP_IDS.town] : [],
        valid: map > 0 && x > 0 && y > 0,
      };
    }),
    otherCityMaps: {},
    prison: { ...DEFAULT_PRISON },
    release: { ...DEFAULT_RELEASE },
    rebirth: null,
    boatRoutes: [],
  };
}

/** What `/AYUDA` prints in the default world (its `Help.dat`), in our own words. */
export const DEFAULT_HELP_LINES: readonly string[] = [
  "* Caminá con las flechas; hacé clic en algo para mirarlo, y clic sobre un comerciante, un banquero o un sacerdote para tratar con él.",
  "* Los carteles se leen con un clic: el de Alba, en la plaza, muestra adónde lleva cada camino.",
  "* /EST muestra tu personaje, /MOTD el mensaje del día, /INFO <n> el hechizo del casillero n, /COMERCIAR abre el comercio.",
  "* Si morís, buscá un sacerdote o escribí /HOGAR para volver a tu ciudad.",
  "* Para pedir ayuda a un Game Master, usá /GM.",
];

const Q = DEFAULT_QUESTS;
/** The default world's quests, in our own words: talk (visit), kill, collect, then a repeatable hunt. */
const QUESTS: StoredQuest[] = [
  {
    id: Q.visitHealer,
    name: "Una visita a la Hermana Irene",
    description: "La Hermana Irene cuida de los caídos junto a la fuente. Ve a saludarla de mi parte: hazle clic y vuelve.",
    finalDescription: "¿La viste? Nunca descansa. Toma, para el camino.",
    requiredLevel: 1,
    requiredTargetNpcs: [N.healer],
    rewardExp: 20,
    rewardObjects: [{ objIndex: O.healthPotion, amount: 3 }],
  },
  {
    id: Q.wolves,
    name: "Lobos en los campos",
    description: "Los lobos cenicientos bajan a los Campos de Alba y asustan a los labradores. Acaba con tres de ellos.",
    finalDescription: "Los labradores dormirán tranquilos esta noche. Aquí tienes tu paga.",
    requiredLevel: 1,
    requiredQuest: Q.visitHealer,
    requiredNpcs: [{ npcIndex: N.greyWolf, amount: 3 }],
    rewardExp: 80,
    rewardGold: 40,
  },
  {
    id: Q.supplies,
    name: "Provisiones para la anciana",
    description: "Mis rodillas ya no me llevan al mercado. Tráeme dos hogazas de centeno y tres manzanas.",
    finalDescription: "¡Qué buen olor! Llévate este coleto: a mí ya no me sirve.",
    requiredLevel: 2,
    requiredQuest: Q.wolves,
    requiredObjects: [
      { objIndex: O.bread, amount: 2 },
      { objIndex: O.apple, amount: 3 },
    ],
    rewardExp: 120,
    rewardGold: 60,
    rewardObjects: [{ objIndex: O.leatherJerkin, amount: 1 }],
  },
  {
    id: Q.hares,
    name: "Liebres para el guiso",
    description: "Cada semana hago guiso para la guardia. Caza dos liebres pardas y te daré pan.",
    finalDescription: "Con esto alcanza para todos. Vuelve cuando quieras.",
    requiredLevel: 1,
    requiredNpcs: [{ npcIndex: N.brownHare, amount: 2 }],
    rewardExp: 15,
    rewardObjects: [{ objIndex: O.bread, amount: 2 }],
    repeatable: true,
  },
];

/** The default world's tables, validated (throws only if this file is wrong; a test runs it). */
export function buildDefaultTables(): GameTables {
  const stored = {
    format: "ao20",
    objects: { declaredCount: OBJECTS.length, objects: OBJECTS },
    npcs: { declaredCount: NPCS.length, npcs: NPCS },
    spells: { declaredCount: SPELLS.length, spells: SPELLS },
    balance: balance(),
    cities: cities(),
    mapInfo: null,
    specialMaps: null,
    help: { lines: DEFAULT_HELP_LINES },
    quests: { declaredCount: QUESTS.length, quests: QUESTS },
  };
  // The schema's input type lists every field although each has a default; parse from unknown.
  return GameTablesSchema.parse(stored as unknown);
}

/** One entry of the default world's kit (a slot of the game's `StartingKit`). */
export type StartingItem = KitEntry;
export type { StartingKit };

const item = (slot: number, object: number, amount = 1, equipped = false): StartingItem => ({ slot, objects: [object], amount, equipped });

/** Spells learnt at creation, by class id. */
const KIT_SPELLS: Partial<Record<ClassId, readonly number[]>> = {
  1: [DEFAULT_SPELLS.spark, DEFAULT_SPELLS.soothe, DEFAULT_SPELLS.binding],
  2: [DEFAULT_SPELLS.soothe, DEFAULT_SPELLS.spark],
  5: [DEFAULT_SPELLS.spark, DEFAULT_SPELLS.soothe],
  6: [DEFAULT_SPELLS.soothe, DEFAULT_SPELLS.spark],
  7: [DEFAULT_SPELLS.soothe],
};

/** Gold a new character carries: enough for a few potions and loaves at the town shop. */
const KIT_GOLD = 100;

/**
 * What every new character carries in the default world (carried in its pack as kit.json):
 * a practice knife, the villager's clothes (worn), five red and five blue potions, five loaves,
 * five flasks of water and 100 gold; the casters also know a spell or two.
 */
export const DEFAULT_STARTING_KIT: StartingKit = uniformStartingKit(
  {
    items: [
      item(1, O.trainingDagger),
      item(2, O.villagerClothes, 1, true),
      item(3, O.healthPotion, 5),
      item(4, O.manaPotion, 5),
      item(5, O.bread, 5),
      item(6, O.waterFlask, 5),
    ],
    spells: [],
  },
  KIT_GOLD,
  KIT_SPELLS,
);
