/**
 * The AO 0.13 object list in MrPointed/server-aog's re-keyed form (`resources/data/objects.dat`):
 * INI with snake_case keys and spaces around `=`, UTF-8 (ao-data-formats §3.1). It is not a VB6
 * file, so keys and values are matched trimmed. Keys are mapped onto the same
 * {@link ObjectTemplate} the VB6 `obj.dat` gives; keys that kept their VB6 name
 * (`IndexCerradaLlave`, `Mujer`, `Real`, …) are read under that name.
 */
import { classIdFromName } from "./catalog.ts";
import { convert } from "./field-spec.ts";
import { readIni, type IniSection } from "./ini-reader.ts";
import { binaryDataIssue, duplicateWarnings, type DatIssue, type DatResult } from "./issues.ts";
import { numberedSections } from "./numbered-sections.ts";
import { OBJECT_FIELDS, type ObjectTable, type ObjectTemplate } from "./objects.ts";
import { vbValInteger } from "./vb-val.ts";

/** server-aog key → our object field. */
const REKEYED_FIELDS: Readonly<Record<string, keyof typeof OBJECT_FIELDS>> = {
  name: "name",
  graphic_index: "grhIndex",
  object_type: "objType",
  value: "value",
  text: "text",
  big_graphic: "bigGrhIndex",
  newbie: "newbie",
  equipped_armor_graphic: "body",
  equipped_weapon_graphic: "anim",
  min_armor_defense: "minDef",
  max_armor_defense: "maxDef",
  min_hit: "minHit",
  max_hit: "maxHit",
  min_magic_defense: "magicResistance",
  hunger_points: "hunger",
  thirst_points: "thirst",
  potion_type: "potionType",
  min_modifier: "minModifier",
  max_modifier: "maxModifier",
  effect_duration: "effectDuration",
  spell_index: "spellIndex",
  open_index: "openIndex",
  closed_index: "closedIndex",
  locked: "closed",
  key: "keyCode",
  mineral_index: "mineralIndex",
  ingot_index: "ingotIndex",
  iron_ingot: "ironIngots",
  silver_ingot: "silverIngots",
  gold_ingot: "goldIngots",
  smithing_skill: "blacksmithSkill",
  carpentry_skill: "carpentrySkill",
  wood: "wood",
  elven_wood: "elvenWoodNeeded",
  stabbing: "stabs",
  ranged_weapon: "projectile",
  ammo: "ammunition",
  magic_power: "magicPower",
  staff_damage_bonus: "magicDamageBonus",
  sound: "sound1",
  range: "radius",
  /** VB6 names kept by server-aog. */
  indexcerradallave: "lockedIndex",
  mujer: "femaleOnly",
  hombre: "maleOnly",
  real: "royal",
  caos: "chaos",
  minst: "stamina",
  minhp: "minHp",
  envenena: "poisons",
};

/** Parses server-aog's re-keyed `objects.dat` into object templates. */
export function parseAo013ObjectsDat(bytes: Uint8Array, fileName: string): DatResult<ObjectTable> {
  const binary = binaryDataIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  const warnings: DatIssue[] = duplicateWarnings(doc);
  const init = doc.sections.get("INIT");
  const countEntry = [...(init?.entries.values() ?? [])].find((entry) => entry.key.trim() === "OBJECT_COUNT");
  if (countEntry === undefined && ![...doc.sections.keys()].some((name) => /^OBJ[0-9]+$/.test(name))) {
    return {
      value: null,
      errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no [INIT] object_count and no [OBJ<n>] section` }],
      warnings,
    };
  }
  const declaredCount = countEntry ? vbValInteger(countEntry.value) : 0;
  // The count key is "OBJECT_COUNT " (trailing space before the " = "), which is how VB6 would see it.
  const { ids } = numberedSections(doc, "OBJ", countEntry?.key ?? "OBJECT_COUNT", warnings);
  const objects = ids.map((id) => readRekeyedObject(doc.sections.get(`OBJ${id}`)!, id, fileName, warnings));
  return { value: { declaredCount, objects }, errors: [], warnings };
}

function readRekeyedObject(section: IniSection, id: number, fileName: string, warnings: DatIssue[]): ObjectTemplate {
  const raw = new Map<string, string>();
  const forbidden: string[] = [];
  let dwarf = false;
  let darkElf = false;
  let pickupable = true;
  for (const entry of section.entries.values()) {
    const key = entry.key.trim().toLowerCase();
    const value = entry.value.trim();
    if (/^forbidden_archetype[0-9]+$/.test(key)) forbidden.push(value);
    else if (key === "dwarf") dwarf = vbValInteger(value) !== 0;
    else if (key === "dark_elf") darkElf = vbValInteger(value) !== 0;
    else if (key === "pickupable") pickupable = vbValInteger(value) !== 0;
    else if (!raw.has(key)) raw.set(key, value);
  }
  const record: Record<string, unknown> = {};
  for (const name in OBJECT_FIELDS) record[name] = convert(OBJECT_FIELDS[name as keyof typeof OBJECT_FIELDS].kind, undefined);
  for (const [key, value] of raw) {
    const target = REKEYED_FIELDS[key];
    if (target !== undefined) record[target] = convert(OBJECT_FIELDS[target].kind, value);
  }
  record.fixedInPlace = !pickupable;
  // In 0.13 a closed door with a key code is locked with that key.
  record.locked = (record.keyCode as number) > 0 && record.closed === true;
  record.raceDwarf = dwarf ? 1 : 0;
  record.raceDrow = darkElf ? 1 : 0;
  const forbiddenClasses: number[] = [];
  for (const name of forbidden) {
    const classId = classIdFromName(name);
    if (classId === 0) {
      warnings.push({
        code: "bad-value",
        file: fileName,
        section: section.name,
        message: `[${section.name}] forbidden_archetype ${JSON.stringify(name)} is not a class name; ignored`,
      });
    } else if (!forbiddenClasses.includes(classId)) forbiddenClasses.push(classId);
  }
  return {
    ...(record as Omit<ObjectTemplate, "id" | "forbiddenClasses" | "forbiddenRaces" | "items" | "gems" | "materials">),
    id,
    forbiddenClasses,
    forbiddenRaces: [],
    items: [],
    gems: [],
    materials: [],
  };
}
