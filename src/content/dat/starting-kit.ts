/**
 * Where a data set's starting kit comes from (character-creation.md §5): its own
 * `EquipamientoInicial.dat` when it ships one (§5.1), or, for the 2024 AO20 data set, the kit its
 * server code hard-codes (§5.3, fernesitto/Argentum-20 @4d6913b `re20-server/Codigo/TCP.bas`
 * `RellenarInventario`), whose object numbers only exist in that data set's `obj.dat`.
 * Pure: bytes and tables in, a `StartingKit` out.
 */
import {
  CLASS_IDS,
  GENDER_FEMALE,
  GENDER_MALE,
  RACE_DROW,
  RACE_DWARF,
  RACE_ELF,
  RACE_GNOME,
  RACE_HUMAN,
  RACE_ORC,
  starterKitFromIni,
  startingKitFromStarterKit,
  type ClassId,
  type ClassStartingKit,
  type KitEntry,
  type StartingKit,
} from "../../game/character-creation/index.ts";
import { getEntry, readIni } from "./ini-reader.ts";
import type { DatIssue, DatResult } from "./issues.ts";
import type { ObjectTable } from "./objects.ts";

/** The kit file of AO20 since 2026-08-14, in `Dat/` (matched case-insensitively). */
export const STARTING_KIT_DAT_FILE = "EquipamientoInicial.dat";

/**
 * Reads an `EquipamientoInicial.dat` (VB6 `CargarEquipamientoInicial`/`LoadEquipSet`: sections
 * `[COMMON]` and `[CLASS1]`…`[CLASS12]`, keys `NumObjs` + `Obj<n>=objIndex,amount,equip` and
 * `NumSpells` + `Spell<n>`, keys and sections case-insensitive; `NroObjs`/`NroSpells` read when
 * the `Num…` key is absent) into a world kit, slot by slot. Malformed or missing lines are
 * warnings and leave their slot empty, as in VB6; a file with none of those sections is an error.
 */
export function parseStartingKitDat(bytes: Uint8Array, fileName: string): DatResult<StartingKit> {
  const doc = readIni(bytes, fileName);
  const sections = ["COMMON", ...CLASS_IDS.map((id) => `CLASS${id}`)];
  if (!sections.some((name) => doc.sections.has(name))) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName} has no [COMMON] or [CLASS1]…[CLASS12] section: not a starting kit` }],
      warnings: [],
    };
  }
  const lineOf = (section: string, key: string) => getEntry(doc, section, key)?.line;
  const { kit: file, problems } = starterKitFromIni((section, key) => getEntry(doc, section, key)?.value);
  const laidOut = startingKitFromStarterKit(file);
  const warnings: DatIssue[] = [...problems, ...laidOut.problems].map((problem) => {
    const line = lineOf(problem.section, problem.key);
    return { code: "bad-value", file: fileName, section: problem.section, key: problem.key, ...(line === undefined ? {} : { line }), message: `[${problem.section}] ${problem.key}: ${problem.message}` };
  });
  return { value: laidOut.kit, errors: [], warnings };
}

/** Object numbers of the 2024 kit (§5.3) with the `ObjType` each has in the 2024 obj.dat. */
export const AO20_2024_KIT_OBJECTS = {
  healthPotion: 1616, // Poción de Vida (newbie), 11
  manaPotion: 1617, // Poción de Maná (newbie), 11
  agilityPotion: 1618, // Poción de Agilidad (newbie), 11
  strengthPotion: 1619, // Poción de Fuerza (newbie), 11
  violetPotion: 2332, // Poción Violeta (Newbie), 11
  dagger: 460, // Daga (Newbies), 2
  longSword: 2085, // Espada Larga (Newbie), 2
  bow: 1355, // Arco Simple (Newbies), 2
  arrows: 1357, // Flecha (Newbies), 32
  knuckles: 1354, // Nudillos de Hierro (Newbie), 46 in this obj.dat
  staff: 1356, // Báculo (Newbie), 2
  clothesMaleShort: 466, // Vestimentas de Bajo (Newbie), 3
  clothesFemaleShort: 563, // Vestimentas de Baja (Newbie), 3
  apple: 573, // Manzana Roja (Newbie), 1
  water: 572, // Botella de Agua (Newbie), 13
} as const;
/** `RandomNumber(463, 465)`: Vestimentas comunes (Newbie), for males of the tall races. */
export const AO20_2024_MALE_CLOTHES = [463, 464, 465] as const;
/** `RandomNumber(1283, 1285)`: Vestimentas de Mujer (Newbie), for females of the tall races. */
export const AO20_2024_FEMALE_CLOTHES = [1283, 1284, 1285] as const;
/** Dardo Mágico, Curar Veneno, Curar Heridas Leves: spell slots 1–3 of the 2024 casters. */
export const AO20_2024_CASTER_SPELLS = [1, 11, 12] as const;

const K = AO20_2024_KIT_OBJECTS;
const CLASS = { mage: 1, cleric: 2, warrior: 3, assassin: 4, bard: 5, druid: 6, paladin: 7, hunter: 8, worker: 9, pirate: 10, thief: 11, bandit: 12 } as const;
const SHORT_RACES = [RACE_GNOME, RACE_DWARF];
const TALL_RACES = [RACE_HUMAN, RACE_ELF, RACE_DROW, RACE_ORC];

/** §5.3 steps 2–6, per class: [object, amount] in slot order. */
function classItems(id: ClassId): (readonly [number, number])[] {
  const items: (readonly [number, number])[] = [[K.healthPotion, 200]];
  if (id === CLASS.mage || id === CLASS.druid) items.push([K.manaPotion, 300]);
  if (([CLASS.bard, CLASS.cleric, CLASS.paladin, CLASS.assassin, CLASS.bandit] as number[]).includes(id)) items.push([K.manaPotion, 100]);
  if (id !== CLASS.mage && id !== CLASS.druid) items.push([K.agilityPotion, 50], [K.strengthPotion, 25]);
  items.push([K.violetPotion, 20]);
  switch (id) {
    case CLASS.cleric:
    case CLASS.paladin:
    case CLASS.worker:
    case CLASS.warrior:
    case CLASS.pirate:
      items.push([K.dagger, 1], [K.longSword, 1]);
      break;
    case CLASS.hunter:
      items.push([K.dagger, 1], [K.bow, 1], [K.arrows, 300]);
      break;
    case CLASS.thief:
    case CLASS.bandit:
      items.push([K.dagger, 1], [K.knuckles, 1]);
      break;
    case CLASS.mage:
      items.push([K.staff, 1]);
      break;
    default: // assassin, druid, bard
      items.push([K.dagger, 1]);
  }
  return items;
}

function classKit2024(id: ClassId): ClassStartingKit {
  const items: KitEntry[] = classItems(id).map(([object, amount], index) => ({ slot: index + 1, objects: [object], amount, equipped: false }));
  // Step 7: the clothes, worn; one slot whatever the race and gender.
  const clothes = items.length + 1;
  const wear = (objects: readonly number[], races: readonly number[], gender: number): KitEntry => ({ slot: clothes, objects, amount: 1, equipped: true, races, genders: [gender] });
  items.push(
    wear([K.clothesMaleShort], SHORT_RACES, GENDER_MALE),
    wear(AO20_2024_MALE_CLOTHES, TALL_RACES, GENDER_MALE),
    wear([K.clothesFemaleShort], SHORT_RACES, GENDER_FEMALE),
    wear(AO20_2024_FEMALE_CLOTHES, TALL_RACES, GENDER_FEMALE),
  );
  // Step 8: food and drink.
  items.push({ slot: clothes + 1, objects: [K.apple], amount: 100, equipped: false }, { slot: clothes + 2, objects: [K.water], amount: 100, equipped: false });
  const casters: number[] = [CLASS.mage, CLASS.cleric, CLASS.druid, CLASS.bard];
  return { items, spells: casters.includes(id) ? [...AO20_2024_CASTER_SPELLS] : [] };
}

/** The kit of the 2024 AO20 data set (§5.3): no gold. */
export function ao20StartingKit2024(): StartingKit {
  const byClass = {} as Record<ClassId, ClassStartingKit>;
  for (const id of CLASS_IDS) byClass[id] = classKit2024(id);
  return { gold: 0, byClass };
}

/** `ObjType` every §5.3 object has in the 2024 obj.dat (the knuckles' odd 46 is not checked). */
const EXPECTED_TYPES: ReadonlyMap<number, number> = new Map<number, number>([
  [K.healthPotion, 11],
  [K.manaPotion, 11],
  [K.agilityPotion, 11],
  [K.strengthPotion, 11],
  [K.violetPotion, 11],
  [K.dagger, 2],
  [K.longSword, 2],
  [K.bow, 2],
  [K.staff, 2],
  [K.arrows, 32],
  [K.clothesMaleShort, 3],
  [K.clothesFemaleShort, 3],
  ...AO20_2024_MALE_CLOTHES.map((id) => [id, 3] as [number, number]),
  ...AO20_2024_FEMALE_CLOTHES.map((id) => [id, 3] as [number, number]),
  [K.apple, 1],
  [K.water, 13],
]);

/**
 * The §5.3 kit for a world whose object table is the 2024 AO20 one, or why not: every object of
 * the kit must exist with the type it has there (today's obj.dat reuses some of these numbers
 * for other objects, and the default world has none of them). Never a kit of another data set.
 */
export function ao20StartingKit2024For(objects: ObjectTable | null): { ok: true; kit: StartingKit } | { ok: false; reason: string } {
  if (objects === null) return { ok: false, reason: "the world has no object table" };
  const byId = new Map(objects.objects.map((object) => [object.id, object] as const));
  const missing: number[] = [];
  const wrong: string[] = [];
  for (const id of [...Object.values(K), ...AO20_2024_MALE_CLOTHES, ...AO20_2024_FEMALE_CLOTHES]) {
    const object = byId.get(id);
    if (object === undefined) missing.push(id);
    else if (EXPECTED_TYPES.has(id) && EXPECTED_TYPES.get(id) !== object.objType) wrong.push(`${id} has ObjType ${object.objType}, not ${EXPECTED_TYPES.get(id)}`);
  }
  if (missing.length > 0 || wrong.length > 0) {
    const parts = [...(missing.length > 0 ? [`objects ${missing.join(", ")} are missing`] : []), ...wrong];
    return { ok: false, reason: `not the 2024 AO20 obj.dat: ${parts.join("; ")}` };
  }
  return { ok: true, kit: ao20StartingKit2024() };
}
