/**
 * `obj.dat`: object templates (ao-data-formats §3.1; VB6 loader `LoadOBJData`,
 * ao-org/argentum-online-server `Codigo/FileIO.bas`). The same reader serves AO20 and genuine
 * AO 0.13 files: 0.13 uses the same key names for everything it has.
 */
import { z } from "zod";
import { classIdFromName, raceIdFromName } from "./catalog.ts";
import {
  fieldsShape,
  flagField,
  intField,
  numField,
  readFields,
  textField,
  type FieldValues,
} from "./field-spec.ts";
import { getEntry, getString, type IniDocument } from "./ini-reader.ts";
import type { DatIssue, DatResult } from "./issues.ts";
import { countedList, field, parseNumberedTable } from "./numbered-sections.ts";
import { vbVal, vbValInteger } from "./vb-val.ts";

/** Number of `CP<n>` keys (one per class) and `RP<n>` keys (one per race) VB6 reads. */
const CLASS_COUNT = 12;
const RACE_COUNT = 6;
/** Upper bound on list lengths read from counts in the file (VB6 arrays are Integer-sized). */
const MAX_LIST_LENGTH = 1_000;

/** Scalar fields of an object, our name → VB6 key. */
export const OBJECT_FIELDS = {
  name: textField("Name"),
  /** Inventory / ground picture. */
  grhIndex: intField("GrhIndex"),
  objType: intField("ObjType"),
  subType: intField("Subtipo"),
  /** Price (`Valor`). */
  value: intField("Valor"),
  /** Description (`Texto`). */
  text: textField("Texto"),
  /** Big picture shown for signs (`VGrande`). */
  bigGrhIndex: intField("VGrande"),
  /** `Agarrable`: true means the object can NOT be picked up, despite the name. */
  fixedInPlace: flagField("Agarrable"),
  crucial: intField("Crucial"),
  newbie: flagField("Newbie"),
  /** `NoSeCae`: not dropped on death. */
  noDropOnDeath: flagField("NoSeCae"),
  /** `Instransferible`. */
  untradeable: flagField("Instransferible"),
  /** `Intirable`: cannot be thrown on the floor. */
  cannotDrop: flagField("Intirable"),
  /** `Destruye`: destroyed instead of dropped. */
  destroyOnDrop: flagField("Destruye"),
  /** `NoSeLimpia`: survives the world clean-up. */
  noCleanup: flagField("NoSeLimpia"),
  auctionable: flagField("Subastable"),
  minLevel: intField("MinELV"),
  maxLevel: intField("MaxLEV"),
  /** `Hombre` / `Mujer`: gender restriction. */
  maleOnly: flagField("Hombre"),
  femaleOnly: flagField("Mujer"),
  /** Faction restrictions (`Real` = royal army, `Caos` = chaos legion). */
  royal: intField("Real"),
  chaos: intField("Caos"),
  leadersOnly: flagField("LeadersOnly"),
  requiredObject: intField("RequiereObjeto"),
  /** Weapon, shield, helmet or tool animation (`Anim`). */
  anim: intField("Anim"),
  weaponType: intField("WeaponType"),
  minHit: intField("MinHIT"),
  maxHit: intField("MaxHIT"),
  minHitToNpc: intField("MinHitToNPC"),
  maxHitToNpc: intField("MaxHitToNPC"),
  minDef: intField("MINDEF"),
  maxDef: intField("MAXDEF"),
  magicResistance: numField("ResistenciaMagica"),
  /** `Apuñala`: can stab. */
  stabs: flagField("Apuñala"),
  poisons: intField("Envenena"),
  paralyzes: intField("Paraliza"),
  stupefies: intField("Estupidiza"),
  burns: intField("Incinera"),
  /** Ranged weapon (`Proyectil`) and whether it needs ammunition (`Municiones`). */
  projectile: intField("Proyectil"),
  ammunition: intField("Municiones"),
  twoHanded: flagField("DosManos"),
  magicPower: intField("MagicPower"),
  power: intField("Power"),
  percentage: numField("Porcentaje"),
  magicDamageBonus: numField("MagicDamageBonus"),
  magicAbsoluteBonus: numField("MagicAbsoluteBonus"),
  magicPenetration: numField("MagicPenetration"),
  minArmorPenetrationFlat: intField("MinArmorPenetrationFlat"),
  maxArmorPenetrationFlat: intField("MaxArmorPenetrationFlat"),
  armorPenetrationPercent: numField("ArmorPenetrationPercent"),
  extraCritAndStabChance: numField("ExtraCritAndStabChance"),
  magicEffect: intField("EfectoMagico"),
  /** `CuantoAumento` / `QueAtributo` / `QueSkill`: what a magic item raises and by how much. */
  effectAmount: intField("CuantoAumento"),
  effectAttribute: intField("QueAtributo"),
  effectSkill: intField("QueSkill"),
  revives: flagField("Revive"),
  /** Body worn (`NumRopaje`); per race/gender overrides below (0 = use this one). */
  body: intField("NumRopaje"),
  bodyHumanMale: intField("RopajeHumano"),
  bodyElfMale: intField("RopajeElfo"),
  bodyDrowMale: intField("RopajeElfoOscuro"),
  bodyDwarfMale: intField("RopajeEnano"),
  bodyGnomeMale: intField("RopajeGnomo"),
  bodyOrcMale: intField("RopajeOrco"),
  bodyHumanFemale: intField("RopajeHumana"),
  bodyElfFemale: intField("RopajeElfa"),
  bodyDrowFemale: intField("RopajeElfaOscura"),
  bodyDwarfFemale: intField("RopajeEnana"),
  bodyGnomeFemale: intField("RopajeGnoma"),
  bodyOrcFemale: intField("RopajeOrca"),
  /** Race permission flags of older data (`RazaHumana`…): 1 = that race may use it. */
  raceHuman: intField("RazaHumana"),
  raceElf: intField("RazaElfa"),
  raceDrow: intField("RazaDrow"),
  raceDwarf: intField("RazaEnana"),
  raceGnome: intField("RazaGnoma"),
  raceOrc: intField("RazaOrca"),
  /** `RazaAltos` / `RazaBajos`: for tall / short races. */
  raceTall: intField("RazaAltos"),
  raceShort: intField("RazaBajos"),
  winterClothing: flagField("Invernal"),
  camouflage: flagField("Camouflage"),
  speed: numField("velocidad"),
  /** Food and drink (`MinHam`, `MinAgu`, `MinST`). */
  hunger: intField("MinHam"),
  thirst: intField("MinAgu"),
  stamina: intField("MinST"),
  minHp: intField("MinHP"),
  maxHp: intField("MaxHP"),
  potionType: intField("TipoPocion"),
  minModifier: intField("MinModificador"),
  maxModifier: intField("MaxModificador"),
  effectDuration: intField("DuracionEfecto"),
  spell: intField("Hechizo"),
  /** Doors: `Cerrada`, `Llave` (locked), `Clave` (key code), and the door states' objects. */
  closed: flagField("Cerrada"),
  locked: flagField("Llave"),
  keyCode: intField("Clave"),
  openIndex: intField("IndexAbierta"),
  closedIndex: intField("IndexCerrada"),
  lockedIndex: intField("IndexCerradaLlave"),
  /** Trees and deposits: `VidaUtil` replaces the map amount; `TiempoRegenerar`. */
  lifetime: intField("VidaUtil"),
  regenerateTime: intField("TiempoRegenerar"),
  mineralIndex: intField("MineralIndex"),
  ingotIndex: intField("LingoteIndex"),
  elvenWood: intField("Elfico"),
  pineWood: intField("Pino"),
  /** Crafting requirements. */
  blacksmithSkill: intField("SkHerreria"),
  ironIngots: intField("LingH"),
  silverIngots: intField("LingP"),
  goldIngots: intField("LingO"),
  coal: intField("Coal"),
  carpentrySkill: intField("SkCarpinteria"),
  wood: intField("Madera"),
  elvenWoodNeeded: intField("MaderaElfica"),
  pineWoodNeeded: intField("MaderaPino"),
  tailoringSkill: intField("SKSastreria"),
  wolfHides: intField("PielLobo"),
  brownBearHides: intField("PielOsoPardo"),
  polarBearHides: intField("PielOsoPolaR"),
  potionSkill: intField("SkPociones"),
  minSkill: intField("MinSkill"),
  requiredSkill: textField("SkillRequerido"),
  /** Scroll: spell learnt (`HechizoIndex`). */
  spellIndex: intField("HechizoIndex"),
  /** Teleport random radius (`Radio`). */
  radius: intField("Radio"),
  /** Tickets and recall stones. */
  fromMap: intField("DesdeMap"),
  ticketMap: intField("Map"),
  ticketX: intField("X"),
  ticketY: intField("Y"),
  needsShip: intField("NecesitaNave"),
  destinationMap: intField("HastaMap"),
  destinationX: intField("HastaX"),
  destinationY: intField("HastaY"),
  runeType: intField("Runetype"),
  cooldown: intField("CD"),
  cooldownType: intField("CDType"),
  questId: intField("QuestID"),
  sound1: intField("SND1"),
  sound2: intField("SND2"),
  sound3: intField("SND3"),
  createsFx: intField("CreaFX"),
  createsWav: intField("CreaWav"),
  createsParticle: textField("CreaParticula"),
  createsGrh: textField("CreaGRH"),
  createsLight: textField("CreaLuz"),
  applyEffectId: intField("ApplyEffectId"),
  elementalTags: intField("ElementalTags"),
  projectileType: intField("ProjectileType"),
  catalystType: intField("CatalizadorTipo"),
  catalystBonus: intField("CatalizadorAumento"),
  craftable: flagField("Crafteable"),
  craftType: intField("TipoCrafteo"),
  craftChance: intField("ProbCrafteo"),
  craftCost: intField("CostoCrafteo"),
  /** `Jerarquia`: faction rank rewards needed for a faction item (`JerarquiaPuedeUsarItem`). */
  hierarchy: intField("Jerarquia"),
  /** `BowCategory` / `ArrowCategory`: an arrow fits a bow whose category is at least its own (`EquipArrow`). */
  bowCategory: intField("BowCategory"),
  arrowCategory: intField("ArrowCategory"),
  /** `RepairTo`: the rod a broken fishing rod becomes when mended with a line (`TryRepairFishingRod`). */
  repairTo: intField("RepairTo"),
  /** `SndAura`: sound played to the area when the item is equipped. */
  auraSound: intField("SndAura"),
  /** `JineteLevel`: rider level a food item grants. */
  riderLevel: intField("JineteLevel"),
  /** `ObjFlags` sources (`LoadOBJData` sets bit 1, 2, 4 when the value is > 0). */
  bindable: intField("Bindable"),
  safeAreaOnly: intField("UseOnSafeAreaOnly"),
  jailObject: intField("JailObject"),
  /** Chest subtype 2: how many random entries it gives (`CantEntrega`). */
  chestDeliverCount: intField("CantEntrega"),
} as const;

const contentItemSchema = z.object({
  objIndex: z.number().int(),
  amount: z.number().int(),
  /** Chest subtype 3: drop chance in percent (`Drop<n>`); 0 otherwise. */
  dropChance: z.number().int().default(0),
});
export type ObjectContentItem = z.infer<typeof contentItemSchema>;

export const ObjectTemplateSchema = z.object({
  id: z.number().int().positive(),
  ...fieldsShape(OBJECT_FIELDS),
  /** Class ids that may NOT use the object (`CP1..CP12`, class names). */
  forbiddenClasses: z.array(z.number().int()).default([]),
  /** Race ids that may NOT use the object (`RP1..RP6`). */
  forbiddenRaces: z.array(z.number().int()).default([]),
  /** Chest contents (`CantItem` + `Item<n>`/`Cantidad<n>`/`Drop<n>`). */
  items: z.array(contentItemSchema).default([]),
  /** Deposit gems (`Gemas` + `Gema<n>=obj-1inX`): amount holds the X of "1 in X". */
  gems: z.array(contentItemSchema).default([]),
  /** Crafting materials (`Materiales=a-b-c`, only when `Crafteable=1`). */
  materials: z.array(z.number().int()).default([]),
});
export type ObjectTemplate = FieldValues<typeof OBJECT_FIELDS> & {
  id: number;
  forbiddenClasses: number[];
  forbiddenRaces: number[];
  items: ObjectContentItem[];
  gems: ObjectContentItem[];
  materials: number[];
};

/** The parsed `obj.dat`. */
export interface ObjectTable {
  /** `[INIT] NumOBJs`: the highest object id the server knows. */
  declaredCount: number;
  objects: ObjectTemplate[];
}

export const ObjectTableSchema = z.object({
  declaredCount: z.number().int().nonnegative(),
  objects: z.array(ObjectTemplateSchema),
});

/** Parses an `obj.dat` (AO20 or genuine 0.13). */
export function parseObjectsDat(bytes: Uint8Array, fileName: string): DatResult<ObjectTable> {
  const parsed = parseNumberedTable(bytes, fileName, "OBJ", "NumOBJs", readObject);
  const table = parsed.value && { declaredCount: parsed.value.declaredCount, objects: parsed.value.entries };
  return { ...parsed, value: table };
}

/**
 * Reads `<prefix>1..<prefix>count` entries holding names (`CP1=Mago`, `RP2=Elfo`) as distinct ids
 * in order; a name `idFromName` does not know (0) is a warning and is skipped.
 */
function readNamedIds(
  doc: IniDocument,
  section: string,
  prefix: string,
  count: number,
  idFromName: (name: string) => number,
  what: string,
  warnings: DatIssue[],
): number[] {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const entry = getEntry(doc, section, `${prefix}${i}`);
    if (entry === undefined || entry.value.trim() === "") continue;
    const id = idFromName(entry.value);
    if (id === 0) {
      warnings.push({
        code: "bad-value",
        file: doc.fileName,
        section,
        key: entry.key,
        line: entry.line,
        message: `[${section}] ${entry.key}=${entry.value} is not a ${what} name; ignored`,
      });
    } else if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

function readObject(doc: IniDocument, id: number, warnings: DatIssue[]): ObjectTemplate {
  const section = `OBJ${id}`;
  const base = readFields(doc, section, OBJECT_FIELDS);
  const forbiddenClasses = readNamedIds(doc, section, "CP", CLASS_COUNT, classIdFromName, "class", warnings);
  const forbiddenRaces = readNamedIds(doc, section, "RP", RACE_COUNT, raceIdFromName, "race", warnings);
  const itemCount = vbVal(getString(doc, section, "CantItem"));
  const withDrops = base.subType === 3;
  const items = countedList(
    doc,
    section,
    itemCount,
    (i) => `Item${i}`,
    (raw, i) => ({
      objIndex: vbValInteger(raw),
      amount: vbValInteger(getString(doc, section, `Cantidad${i}`)),
      // VB6 stores 101 - Drop<n>; we keep the percentage as written.
      dropChance: withDrops ? vbValInteger(getString(doc, section, `Drop${i}`)) : 0,
    }),
    MAX_LIST_LENGTH,
  );
  const gems = countedList(
    doc,
    section,
    vbVal(getString(doc, section, "Gemas")),
    (i) => `Gema${i}`,
    (raw) => ({ objIndex: vbValInteger(field(raw, 1, "-")), amount: vbValInteger(field(raw, 2, "-")), dropChance: 0 }),
    MAX_LIST_LENGTH,
  );
  const materialsRaw = base.craftable ? getString(doc, section, "Materiales") : "";
  const materials = materialsRaw === "" ? [] : materialsRaw.split("-").map((part) => vbValInteger(part));
  return { id, ...base, forbiddenClasses, forbiddenRaces, items, gems, materials };
}
