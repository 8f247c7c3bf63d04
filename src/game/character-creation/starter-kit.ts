/**
 * `EquipamientoInicial.dat` (character-creation.md §5.1): its data shape, its loader and writer,
 * and the reference kit that AO20 hard-coded until 2026-08-14 (§5.2) in both slot layouts. The
 * reference kit names objects of TODAY's obj.dat (ao-org/Recursos @043cdf2): it documents that
 * data set and is no world's default. A world's kit is a `StartingKit` (starting-kit.ts);
 * `startingKitFromStarterKit` turns a loaded file into one.
 */
import type { ArmorBodies } from "./appearance.ts";
import { CLASS_IDS, type ClassId } from "./ids.ts";
import {
  OBJ_RED_POTION,
  OBJ_BLUE_POTION,
  OBJ_YELLOW_POTION,
  OBJ_GREEN_POTION,
  OBJ_VIOLET_POTION,
  OBJ_JOURMUT_TICKET,
  OBJ_BEGINNER_SWORD,
  OBJ_BEGINNER_SHIELD,
  OBJ_BEGINNER_HELMET,
  OBJ_BEGINNER_RING,
  OBJ_BEGINNER_BOW,
  OBJ_BEGINNER_ARROW,
  OBJ_BEGINNER_HAT,
  OBJ_BEGINNER_FLUTE,
  OBJ_BEGINNER_STAFF,
  OBJ_BEGINNER_LUTE,
  OBJ_BEGINNER_PISTOL,
  OBJ_BEGINNER_BULLET,
  OBJ_BEGINNER_ARMOR,
  OBJ_BEGINNER_TUNIC,
  OBJ_RED_APPLE,
  OBJ_WATER_BOTTLE,
  OBJ_BEGINNER_DAGGER,
  OBJ_BEGINNER_KNUCKLES,
  OBJ_WOLF_HELMET,
  SPELL_MAGIC_DART,
  SPELL_SUMMON_WOLF,
  SPELL_HEAL_LIGHT_WOUNDS,
  SPELL_MAGIC_WAVE,
} from "./starter-objects.ts";

/** One kit entry (`ObjN=objIndex,amount,equip`). `objectId` 0 marks an empty slot. */
export interface KitItem {
  readonly objectId: number;
  readonly amount: number;
  /** `equip=1`: this item is THE armor: equipped, amount forced to 1, body from it. */
  readonly equip: boolean;
}

/** One section of the kit: items in slot order and spells for spell slots 1… */
export interface KitSet {
  readonly items: readonly KitItem[];
  readonly spells: readonly number[];
}

/** `[COMMON]` for everyone, then `[CLASS1]` … `[CLASS12]`. */
export interface StarterKit {
  readonly common: KitSet;
  readonly byClass: Readonly<Record<ClassId, KitSet>>;
}

const item = (objectId: number, amount = 1): KitItem => ({ objectId, amount, equip: false });
const armor = (objectId: number): KitItem => ({ objectId, amount: 1, equip: true });

/** Potion amounts per class (§5.2): blue (mana) and green (strength) are absent for some. */
interface ReferenceClassKit {
  readonly blue: number;
  readonly yellow: number;
  readonly green: number;
  readonly items: readonly KitItem[];
  readonly armor: number;
  readonly spells: readonly number[];
}

const CASTER_SPELLS = [SPELL_MAGIC_DART, SPELL_SUMMON_WOLF];
const HYBRID_SPELLS = [SPELL_MAGIC_WAVE, SPELL_HEAL_LIGHT_WOUNDS];

/** The §5.2 table, class by class. */
const REFERENCE_CLASS_KITS: Readonly<Record<ClassId, ReferenceClassKit>> = {
  1: { blue: 850, yellow: 80, green: 0, items: [item(OBJ_BEGINNER_STAFF), item(OBJ_BEGINNER_HAT)], armor: OBJ_BEGINNER_TUNIC, spells: CASTER_SPELLS },
  2: { blue: 650, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_DAGGER), item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING)], armor: OBJ_BEGINNER_ARMOR, spells: CASTER_SPELLS },
  3: {
    blue: 0,
    yellow: 100,
    green: 120,
    items: [item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING), item(OBJ_BEGINNER_BOW), item(OBJ_BEGINNER_ARROW, 650), item(OBJ_BEGINNER_DAGGER)],
    armor: OBJ_BEGINNER_ARMOR,
    spells: [],
  },
  4: { blue: 450, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_DAGGER), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING), item(OBJ_BEGINNER_SWORD)], armor: OBJ_BEGINNER_ARMOR, spells: HYBRID_SPELLS },
  5: { blue: 650, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_DAGGER), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING), item(OBJ_BEGINNER_LUTE)], armor: OBJ_BEGINNER_TUNIC, spells: CASTER_SPELLS },
  6: { blue: 850, yellow: 80, green: 0, items: [item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_FLUTE), item(OBJ_WOLF_HELMET)], armor: OBJ_BEGINNER_TUNIC, spells: CASTER_SPELLS },
  7: { blue: 450, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_DAGGER), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING)], armor: OBJ_BEGINNER_ARMOR, spells: HYBRID_SPELLS },
  8: {
    blue: 0,
    yellow: 100,
    green: 120,
    items: [item(OBJ_BEGINNER_DAGGER), item(OBJ_BEGINNER_BOW), item(OBJ_BEGINNER_ARROW, 1050), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING), item(OBJ_BEGINNER_SHIELD)],
    armor: OBJ_BEGINNER_ARMOR,
    spells: [],
  },
  9: { blue: 0, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_BOW), item(OBJ_BEGINNER_ARROW, 850)], armor: OBJ_BEGINNER_ARMOR, spells: [] },
  10: {
    blue: 0,
    yellow: 100,
    green: 120,
    items: [item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING), item(OBJ_BEGINNER_PISTOL), item(OBJ_BEGINNER_BULLET, 350)],
    armor: OBJ_BEGINNER_ARMOR,
    spells: [],
  },
  11: { blue: 0, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_DAGGER), item(OBJ_BEGINNER_KNUCKLES), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET)], armor: OBJ_BEGINNER_ARMOR, spells: [] },
  12: { blue: 450, yellow: 100, green: 120, items: [item(OBJ_BEGINNER_KNUCKLES), item(OBJ_BEGINNER_SWORD), item(OBJ_BEGINNER_SHIELD), item(OBJ_BEGINNER_HELMET), item(OBJ_BEGINNER_RING)], armor: OBJ_BEGINNER_ARMOR, spells: HYBRID_SPELLS },
};

const RED_POTION_AMOUNT = 500;
const VIOLET_POTION_AMOUNT = 35;
const JOURMUT_TICKET_AMOUNT = 4;
const APPLE_AMOUNT = 100;
const WATER_AMOUNT = 50;

function classPotions(kit: ReferenceClassKit): KitItem[] {
  const potions: KitItem[] = [];
  if (kit.blue > 0) potions.push(item(OBJ_BLUE_POTION, kit.blue));
  potions.push(item(OBJ_YELLOW_POTION, kit.yellow));
  if (kit.green > 0) potions.push(item(OBJ_GREEN_POTION, kit.green));
  return potions;
}

function byClass(build: (kit: ReferenceClassKit) => KitSet): Record<ClassId, KitSet> {
  const out = {} as Record<ClassId, KitSet>;
  for (const id of CLASS_IDS) out[id] = build(REFERENCE_CLASS_KITS[id]);
  return out;
}

const EMPTY_KIT_SET: KitSet = { items: [], spells: [] };

/**
 * The hard-coded kit exactly as AO20 laid it out before `EquipamientoInicial.dat` (legacy slot
 * order, §5.2): red potion, blue potion (if any), yellow and green potions (or yellow only),
 * violet potion, Jourmut ticket, class items, armor (equipped), apple, water. Expressed with an
 * empty `[COMMON]` so every slot sits where the old server put it.
 */
export const LEGACY_STARTER_KIT: StarterKit = {
  common: EMPTY_KIT_SET,
  byClass: byClass((kit) => ({
    items: [
      item(OBJ_RED_POTION, RED_POTION_AMOUNT),
      ...classPotions(kit),
      item(OBJ_VIOLET_POTION, VIOLET_POTION_AMOUNT),
      item(OBJ_JOURMUT_TICKET, JOURMUT_TICKET_AMOUNT),
      ...kit.items,
      armor(kit.armor),
      item(OBJ_RED_APPLE, APPLE_AMOUNT),
      item(OBJ_WATER_BOTTLE, WATER_AMOUNT),
    ],
    spells: kit.spells,
  })),
};

/**
 * The same kit in the `EquipamientoInicial.dat` layout that AO20 uses today (§5.1, §5.2
 * "expected layout with the data file"): `[COMMON]` = red potion, violet potion, Jourmut
 * ticket, apple, water; each class = its potions, items and armor (equipped). Amounts are the
 * legacy ones (the deployed file is not public; inference of the design doc). Object numbers of
 * today's obj.dat only.
 */
export const REFERENCE_STARTER_KIT: StarterKit = {
  common: {
    items: [
      item(OBJ_RED_POTION, RED_POTION_AMOUNT),
      item(OBJ_VIOLET_POTION, VIOLET_POTION_AMOUNT),
      item(OBJ_JOURMUT_TICKET, JOURMUT_TICKET_AMOUNT),
      item(OBJ_RED_APPLE, APPLE_AMOUNT),
      item(OBJ_WATER_BOTTLE, WATER_AMOUNT),
    ],
    spells: [],
  },
  byClass: byClass((kit) => ({ items: [...classPotions(kit), ...kit.items, armor(kit.armor)], spells: kit.spells })),
};

/**
 * Body graphics of the two starter armors (ao-org/Recursos obj.dat @043cdf2, keys
 * `RopajeHumano` … `RopajeGnoma`, §4.3). `NumRopaje` is not recorded in the design doc; every
 * race/gender key is set, so it is never reached and is left 0.
 */
export const AO20_STARTER_ARMOR_BODIES: ReadonlyMap<number, ArmorBodies> = new Map<number, ArmorBodies>([
  [
    OBJ_BEGINNER_ARMOR,
    {
      defaultBody: 0,
      byRace: {
        1: { male: 107, female: 2423 },
        2: { male: 107, female: 2423 },
        3: { male: 1513, female: 2465 },
        4: { male: 5000, female: 2437 },
        5: { male: 5000, female: 2437 },
        6: { male: 2177, female: 2451 },
      },
    },
  ],
  [
    OBJ_BEGINNER_TUNIC,
    {
      defaultBody: 0,
      byRace: {
        1: { male: 103, female: 2419 },
        2: { male: 103, female: 2419 },
        3: { male: 1509, female: 2461 },
        4: { male: 4999, female: 2433 },
        5: { male: 4999, female: 2433 },
        6: { male: 2175, female: 2447 },
      },
    },
  ],
]);

/** `[COMMON]` section name; classes use `CLASS<id>`. */
export const KIT_COMMON_SECTION = "COMMON";

export function kitClassSection(classId: ClassId): string {
  return `CLASS${classId}`;
}

/** A problem found while loading `EquipamientoInicial.dat`; the entry becomes an empty slot. */
export interface KitProblem {
  readonly section: string;
  readonly key: string;
  readonly message: string;
}

/** Looks a raw value up by section and key (case-insensitive); `undefined` when missing. */
export type IniValueLookup = (section: string, key: string) => string | undefined;

const INTEGER_TEXT = /^[+-]?\d+$/;
/** Highest `NumObjs`/`NumSpells` accepted: VB6 reads them with `CInt` (16-bit). */
const MAX_KIT_COUNT = 0x7fff;

function parseCount(raw: string | undefined, section: string, key: string, problems: KitProblem[]): number {
  // A missing section makes `GetValue` return "" and `CInt("")` fail: VB6 then keeps 0 items.
  if (raw === undefined || raw.trim() === "") return 0;
  const text = raw.trim();
  const value = INTEGER_TEXT.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < 0 || value > MAX_KIT_COUNT) {
    problems.push({ section, key, message: `not a count: ${JSON.stringify(raw)}` });
    return 0;
  }
  return value;
}

const EMPTY_SLOT: KitItem = { objectId: 0, amount: 0, equip: false };

/**
 * The count keys, VB6 spelling first: `LoadEquipSet` reads `NumObjs`/`NumSpells`; the `Nro…`
 * spelling (as in `NROITEMS` of npcs.dat) is read when the VB6 one is absent.
 */
const OBJECT_COUNT_KEYS = ["NumObjs", "NroObjs"] as const;
const SPELL_COUNT_KEYS = ["NumSpells", "NroSpells"] as const;

function countOf(lookup: IniValueLookup, section: string, keys: readonly string[], problems: KitProblem[]): number {
  for (const key of keys) {
    const raw = lookup(section, key);
    if (raw !== undefined) return parseCount(raw, section, key, problems);
  }
  return 0;
}

function parseKitSet(lookup: IniValueLookup, section: string, problems: KitProblem[]): KitSet {
  const numObjs = countOf(lookup, section, OBJECT_COUNT_KEYS, problems);
  const items: KitItem[] = [];
  for (let i = 1; i <= numObjs; i++) {
    const key = `Obj${i}`;
    const raw = lookup(section, key);
    if (raw === undefined || raw.length === 0) {
      problems.push({ section, key, message: "missing entry; slot left empty" });
      items.push(EMPTY_SLOT);
      continue;
    }
    const parts = raw.split(",").map((part) => part.trim());
    const [objText = "", amountText = "", equipText = ""] = parts;
    const valid = parts.length === 3 && INTEGER_TEXT.test(objText) && INTEGER_TEXT.test(amountText) && (equipText === "0" || equipText === "1");
    const objectId = Number(objText);
    const amount = Number(amountText);
    if (!valid || objectId < 0 || amount < 0) {
      problems.push({ section, key, message: `expected "objIndex,amount,equip(0|1)", got ${JSON.stringify(raw)}; slot left empty` });
      items.push(EMPTY_SLOT);
      continue;
    }
    items.push({ objectId, amount, equip: equipText === "1" });
  }
  const numSpells = countOf(lookup, section, SPELL_COUNT_KEYS, problems);
  const spells: number[] = [];
  for (let i = 1; i <= numSpells; i++) {
    const key = `Spell${i}`;
    const text = (lookup(section, key) ?? "0").trim();
    if (!INTEGER_TEXT.test(text) || Number(text) < 0) {
      problems.push({ section, key, message: `not a spell number: ${JSON.stringify(text)}; slot left empty` });
      spells.push(0);
      continue;
    }
    spells.push(Number(text));
  }
  return { items, spells };
}

/**
 * Loads a kit in the `EquipamientoInicial.dat` format (VB6 `LoadEquipSet`, §5.1) through a
 * value lookup (e.g. over the content layer's `readIni` document). Like VB6 it trusts `NumObjs`
 * and `NumSpells` (or `NroObjs`/`NroSpells` when those are absent): a missing or malformed `ObjN` becomes an empty slot at that position and is
 * reported in `problems`; a missing section yields an empty set. Never throws.
 */
export function starterKitFromIni(lookup: IniValueLookup): { kit: StarterKit; problems: KitProblem[] } {
  const problems: KitProblem[] = [];
  const common = parseKitSet(lookup, KIT_COMMON_SECTION, problems);
  const classes = {} as Record<ClassId, KitSet>;
  for (const id of CLASS_IDS) classes[id] = parseKitSet(lookup, kitClassSection(id), problems);
  return { kit: { common, byClass: classes }, problems };
}

function kitSetToIni(section: string, set: KitSet): string[] {
  const lines = [`[${section}]`, `NumObjs=${set.items.length}`];
  set.items.forEach((entry, i) => lines.push(`Obj${i + 1}=${entry.objectId},${entry.amount},${entry.equip ? 1 : 0}`));
  lines.push(`NumSpells=${set.spells.length}`);
  set.spells.forEach((spell, i) => lines.push(`Spell${i + 1}=${spell}`));
  lines.push("");
  return lines;
}

/** Writes a kit in the `EquipamientoInicial.dat` format (CRLF, as the VB6 reader expects). */
export function starterKitToIni(kit: StarterKit): string {
  const lines = kitSetToIni(KIT_COMMON_SECTION, kit.common);
  for (const id of CLASS_IDS) lines.push(...kitSetToIni(kitClassSection(id), kit.byClass[id]));
  return lines.join("\r\n");
}
