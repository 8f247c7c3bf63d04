/**
 * The starting kit of a world: what a new character carries, slot by slot (character-creation.md
 * §5). It is world data: an imported world carries the kit of its own data set (§5.3 for the 2024
 * AO20 data, `EquipamientoInicial.dat` where a data set ships one), the default world its own.
 *
 * One shape covers every VB6 variant: per class, a list of entries, each naming the inventory
 * slot it lands in, the object (or several, one drawn at random like the 2024 `RandomNumber(463,
 * 465)` clothes), the amount, whether it is worn as the armour, and optionally the races and
 * genders it is for. Pure.
 */
import { MAX_LONG, MAX_STACK, SPELL_SLOT_COUNT } from "../character/index.ts";
import { CLASS_IDS, GENDER_IDS, RACE_IDS, classInfo, type ClassId, type GenderId, type RaceId } from "./ids.ts";
import type { StarterKit, KitProblem } from "./starter-kit.ts";
import { randomNumber, type RandomSource } from "../vb-math/index.ts";

/**
 * Highest slot a kit may fill: a new character has `MAX_USERINVENTORY_SLOTS` = 24 usable slots
 * (items-and-economy §1; patron tiers get more later). VB6 would store a 25th item, out of reach.
 */
export const KIT_MAX_SLOT = 24;
/** Units in one kit slot: a slot holds at most `MaxInventoryObjs` = 10000. */
export const KIT_MAX_AMOUNT = MAX_STACK;
/** Objects one entry may draw from. */
export const KIT_MAX_CHOICES = 64;
/** Entries one class may list (every slot for each race and gender, with room to spare). */
export const KIT_MAX_ENTRIES = KIT_MAX_SLOT * RACE_IDS.length * GENDER_IDS.length;
/** `ObjType` of an armour (`otArmadura`): the only kind a kit wears (§5.1 `equip=1`, §5.3 step 7). */
export const ARMOR_OBJECT_TYPE = 3;

/** One kit entry: one inventory slot of the characters it applies to. */
export interface KitEntry {
  /** Inventory slot, 1..KIT_MAX_SLOT. */
  readonly slot: number;
  /** The object; with several, one is drawn uniformly at random at creation (VB6 `RandomNumber`). */
  readonly objects: readonly number[];
  /** Units, 1..KIT_MAX_AMOUNT; a worn entry has exactly 1. */
  readonly amount: number;
  /** Worn as the armour: the slot is equipped, the equipment's armour and the body come from it. */
  readonly equipped: boolean;
  /** Only for characters of these races (`e_Raza` 1..6); absent = every race. */
  readonly races?: readonly number[];
  /** Only for characters of these genders (1 male, 2 female); absent = both. */
  readonly genders?: readonly number[];
}

/** What one class gets. */
export interface ClassStartingKit {
  /** Entries in the order VB6 fills them (draws happen in this order). */
  readonly items: readonly KitEntry[];
  /** Spell by spell slot (index 0 = slot 1); 0 = empty slot. */
  readonly spells: readonly number[];
}

/** A world's starting kit. */
export interface StartingKit {
  /** Gold in the new character's wallet (`Stats.GLD`). */
  readonly gold: number;
  readonly byClass: Readonly<Record<ClassId, ClassStartingKit>>;
}

const NOTHING: ClassStartingKit = { items: [], spells: [] };

/** Every class gets the same entries and spells. */
export function uniformStartingKit(set: ClassStartingKit, gold = 0, spellsByClass: Partial<Record<ClassId, readonly number[]>> = {}): StartingKit {
  const byClass = {} as Record<ClassId, ClassStartingKit>;
  for (const id of CLASS_IDS) byClass[id] = { items: set.items, spells: spellsByClass[id] ?? set.spells };
  return { gold, byClass };
}

/** No items, no spells, no gold: what VB6 gives when it has no kit (§5.1, missing file). */
export const EMPTY_STARTING_KIT: StartingKit = uniformStartingKit(NOTHING);

/** True when the entry is for this race and gender. */
export function kitEntryApplies(entry: KitEntry, race: number, gender: number): boolean {
  return (entry.races === undefined || entry.races.includes(race)) && (entry.genders === undefined || entry.genders.includes(gender));
}

/** Every object a kit can give (any class, race, gender or draw), ascending. */
export function startingKitObjects(kit: StartingKit): number[] {
  const ids = new Set<number>();
  for (const id of CLASS_IDS) for (const entry of kit.byClass[id].items) for (const object of entry.objects) ids.add(object);
  return [...ids].sort((a, b) => a - b);
}

/** Every object a kit may wear as the armour, ascending. */
export function startingKitArmors(kit: StartingKit): number[] {
  const ids = new Set<number>();
  for (const id of CLASS_IDS) for (const entry of kit.byClass[id].items) if (entry.equipped) for (const object of entry.objects) ids.add(object);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The kit in `EquipamientoInicial.dat` form (§5.1) as a world kit, slot by slot: `[COMMON]` items
 * from slot 1, then the class's; an empty or malformed line keeps its slot empty; `equip=1`
 * wears the item with amount 1. Common spells fill slots 1…, class spells overwrite from slot 1
 * (§11.10). Where several lines say `equip=1`, VB6 flags every one of those slots and the last
 * becomes the armour; a character wears one armour, so only the last stays worn here and the
 * others are reported (their items are still given).
 */
export function startingKitFromStarterKit(kit: StarterKit, gold = 0): { kit: StartingKit; problems: KitProblem[] } {
  const problems: KitProblem[] = [];
  const byClass = {} as Record<ClassId, ClassStartingKit>;
  for (const id of CLASS_IDS) {
    const lines = [
      ...kit.common.items.map((item, index) => ({ item, section: "COMMON", key: `Obj${index + 1}` })),
      ...kit.byClass[id].items.map((item, index) => ({ item, section: `CLASS${id}`, key: `Obj${index + 1}` })),
    ];
    const lastWorn = lines.reduce((last, line, index) => (line.item.equip && line.item.objectId > 0 ? index : last), -1);
    const items: KitEntry[] = [];
    lines.forEach(({ item, section, key }, index) => {
      if (item.objectId <= 0 || (!item.equip && item.amount <= 0)) return;
      const worn = item.equip && index === lastWorn;
      if (item.equip && !worn) problems.push({ section, key, message: `a later line of class ${id} is also worn (equip=1): this one is given, not worn` });
      items.push({ slot: index + 1, objects: [item.objectId], amount: worn ? 1 : item.amount, equipped: worn });
    });
    const spells: number[] = new Array<number>(Math.max(kit.common.spells.length, kit.byClass[id].spells.length)).fill(0);
    kit.common.spells.forEach((spell, i) => (spells[i] = spell));
    kit.byClass[id].spells.forEach((spell, i) => (spells[i] = spell));
    byClass[id] = { items, spells };
  }
  return { kit: { gold, byClass }, problems };
}

/** One item of a resolved kit, as the character record stores it. */
export interface ResolvedKitItem {
  readonly slot: number;
  readonly objectId: number;
  readonly amount: number;
  readonly equipped: boolean;
}

/** The kit of one character. */
export interface ResolvedKit {
  /** By ascending slot. */
  readonly items: readonly ResolvedKitItem[];
  readonly spells: readonly number[];
  readonly gold: number;
}

/**
 * The kit a character of this class, race and gender gets. Entries are taken in order and each
 * multi-object entry draws once from `rng` (VB6 `RandomNumber(lo, hi)` over its objects), so the
 * same random stream gives the same character. A kit that puts two entries in one slot for this
 * character is a configuration fault (`checkStartingKit` reports it at boot): `null`.
 */
export function resolveStartingKit(kit: StartingKit, classId: ClassId, race: RaceId, gender: GenderId, rng: RandomSource): ResolvedKit | null {
  const set = kit.byClass[classId];
  const bySlot = new Map<number, ResolvedKitItem>();
  for (const entry of set.items) {
    if (!kitEntryApplies(entry, race, gender)) continue;
    if (bySlot.has(entry.slot) || entry.objects.length === 0) return null;
    const objectId = entry.objects.length === 1 ? entry.objects[0]! : entry.objects[randomNumber(rng, 0, entry.objects.length - 1)]!;
    bySlot.set(entry.slot, { slot: entry.slot, objectId, amount: entry.equipped ? 1 : entry.amount, equipped: entry.equipped });
  }
  return { items: [...bySlot.values()].sort((a, b) => a.slot - b.slot), spells: set.spells, gold: kit.gold };
}

/** What the world knows about objects and spells, for `checkStartingKit`. */
export interface KitWorld {
  /** The object's `ObjType`, or undefined when the world's object table has no such object. */
  readonly objectType?: (objectId: number) => number | undefined;
  /** False when the world's spell table has no such spell. */
  readonly hasSpell?: (spellId: number) => boolean;
}

/** A fault in a kit: where (class and entry, or the whole kit) and what. */
export interface KitIssue {
  /** `gold`, `class 3 (Warrior)`, `class 3 (Warrior) item #4 (slot 30)`, `class 1 (Mage) spell slot 2`. */
  readonly entry: string;
  readonly code: "bad_gold" | "bad_slot" | "bad_object" | "unknown_object" | "bad_amount" | "not_armor" | "bad_filter" | "slot_clash" | "two_armors" | "too_many_entries" | "too_many_spells" | "bad_spell" | "unknown_spell";
  readonly message: string;
}

const isWholeIn = (value: number, lo: number, hi: number) => Number.isInteger(value) && value >= lo && value <= hi;

function classLabel(id: ClassId): string {
  return `class ${id} (${classInfo(id)?.name ?? "?"})`;
}

function checkFilter(values: readonly number[] | undefined, allowed: readonly number[], what: string, push: (code: KitIssue["code"], message: string) => void): void {
  if (values === undefined) return;
  if (values.length === 0) push("bad_filter", `${what} list is empty (leave it out for everyone)`);
  const seen = new Set<number>();
  for (const value of values) {
    if (!allowed.includes(value)) push("bad_filter", `${what} ${value} is not one of ${allowed.join(", ")}`);
    else if (seen.has(value)) push("bad_filter", `${what} ${value} is listed twice`);
    seen.add(value);
  }
}

/**
 * Everything wrong with a kit, each naming its entry; empty when the kit is sound. Checks: gold
 * 0..MAX_LONG; per entry a slot 1..KIT_MAX_SLOT, 1..KIT_MAX_CHOICES objects that exist in the
 * world (when `world.objectType` is given), an amount 1..KIT_MAX_AMOUNT (exactly 1 when worn),
 * a worn object that is an armour, known races and genders; per class and per race and gender,
 * no slot filled twice and at most one armour; at most SPELL_SLOT_COUNT spell slots, each 0 or a
 * spell of the world (when `world.hasSpell` is given).
 */
export function checkStartingKit(kit: StartingKit, world: KitWorld = {}): KitIssue[] {
  const issues: KitIssue[] = [];
  if (!isWholeIn(kit.gold, 0, MAX_LONG)) issues.push({ entry: "gold", code: "bad_gold", message: `gold ${kit.gold} is not in 0..${MAX_LONG}` });
  for (const id of CLASS_IDS) {
    const set = kit.byClass[id];
    const label = classLabel(id);
    if (set === undefined) continue;
    if (set.items.length > KIT_MAX_ENTRIES) {
      issues.push({ entry: label, code: "too_many_entries", message: `${set.items.length} entries, at most ${KIT_MAX_ENTRIES}` });
      continue;
    }
    set.items.forEach((entry, index) => {
      const where = `${label} item #${index + 1} (slot ${entry.slot})`;
      const push = (code: KitIssue["code"], message: string) => issues.push({ entry: where, code, message });
      if (!isWholeIn(entry.slot, 1, KIT_MAX_SLOT)) push("bad_slot", `slot ${entry.slot} is not in 1..${KIT_MAX_SLOT} (a new character's inventory)`);
      if (!isWholeIn(entry.amount, 1, KIT_MAX_AMOUNT)) push("bad_amount", `amount ${entry.amount} is not in 1..${KIT_MAX_AMOUNT}`);
      else if (entry.equipped && entry.amount !== 1) push("bad_amount", `a worn item has amount 1, not ${entry.amount}`);
      if (entry.objects.length === 0 || entry.objects.length > KIT_MAX_CHOICES) push("bad_object", `${entry.objects.length} objects, expected 1..${KIT_MAX_CHOICES}`);
      for (const object of entry.objects) {
        if (!isWholeIn(object, 1, 0xffff)) {
          push("bad_object", `object ${object} is not an object number (1..65535)`);
          continue;
        }
        if (world.objectType === undefined) continue;
        const type = world.objectType(object);
        if (type === undefined) push("unknown_object", `object ${object} is not in the world's object table`);
        else if (entry.equipped && type !== ARMOR_OBJECT_TYPE) push("not_armor", `object ${object} is worn but its ObjType is ${type}, not ${ARMOR_OBJECT_TYPE} (armour)`);
      }
      checkFilter(entry.races, RACE_IDS, "race", push);
      checkFilter(entry.genders, GENDER_IDS, "gender", push);
    });
    // Per character kind: each slot once, one armour at most.
    const reported = new Set<string>();
    for (const race of RACE_IDS) {
      for (const gender of GENDER_IDS) {
        const firstAt = new Map<number, number>();
        const worn: number[] = [];
        set.items.forEach((entry, index) => {
          if (!kitEntryApplies(entry, race, gender)) return;
          if (entry.equipped) worn.push(index + 1);
          const first = firstAt.get(entry.slot);
          if (first === undefined) {
            firstAt.set(entry.slot, index + 1);
            return;
          }
          const key = `slot:${first}:${index + 1}`;
          if (reported.has(key)) return;
          reported.add(key);
          issues.push({ entry: `${label} item #${index + 1} (slot ${entry.slot})`, code: "slot_clash", message: `slot ${entry.slot} is already filled by item #${first} for race ${race} gender ${gender}` });
        });
        if (worn.length > 1) {
          const key = `worn:${worn.join(",")}`;
          if (reported.has(key)) continue;
          reported.add(key);
          issues.push({ entry: label, code: "two_armors", message: `items ${worn.map((n) => `#${n}`).join(", ")} are all worn for race ${race} gender ${gender}; a character wears one armour` });
        }
      }
    }
    if (set.spells.length > SPELL_SLOT_COUNT) issues.push({ entry: label, code: "too_many_spells", message: `${set.spells.length} spell slots, at most ${SPELL_SLOT_COUNT}` });
    set.spells.forEach((spell, index) => {
      const where = `${label} spell slot ${index + 1}`;
      if (!isWholeIn(spell, 0, 0xffff)) issues.push({ entry: where, code: "bad_spell", message: `spell ${spell} is not a spell number (0 = none)` });
      else if (spell > 0 && world.hasSpell !== undefined && !world.hasSpell(spell)) issues.push({ entry: where, code: "unknown_spell", message: `spell ${spell} is not in the world's spell table` });
    });
  }
  return issues;
}
