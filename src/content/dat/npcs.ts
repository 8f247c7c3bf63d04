/**
 * `npcs.dat`: NPC templates (ao-data-formats §3.2; VB6 loader `LoadNpcInfoIntoCache`,
 * ao-org/argentum-online-server `Codigo/MODULO_NPCs.bas`). Serves AO20 and genuine AO 0.13
 * files; the drop formats differ and are kept apart (`drops`, `legacyDrops`, `itemDrops`).
 */
import { z } from "zod";
import {
  fieldsShape,
  flagField,
  intField,
  numField,
  readFields,
  textField,
  type FieldValues,
} from "./field-spec.ts";
import { getSection, getString, type IniDocument } from "./ini-reader.ts";
import type { DatIssue, DatResult } from "./issues.ts";
import { countedList, field, parseNumberedTable } from "./numbered-sections.ts";
import { vbVal, vbValInteger } from "./vb-val.ts";

/** AO20 `MAX_INVENTORY_SLOTS`: VB6 caps `NROITEMS` there. */
const MAX_NPC_INVENTORY = 42;
/** Upper bound for the other counted lists (spells, walks, quests…). */
const MAX_LIST_LENGTH = 1_000;

export const NPC_FIELDS = {
  name: textField("Name"),
  subName: textField("SubName"),
  description: textField("Desc"),
  npcType: intField("NpcType"),
  level: intField("Nivel"),
  /** 1 static, 2 random, 3 fixed, 4 defend, 8 follow master, 9 attack NPCs, 10 guard, 11 support, 20 scripted walk, 21 invasion. */
  movement: intField("Movement"),
  /** `AguaValida` / `TierraInvalida` / `LavaValida`: where it can walk. */
  waterAllowed: flagField("AguaValida"),
  landForbidden: flagField("TierraInvalida"),
  lavaAllowed: flagField("LavaValida"),
  faction: intField("Faccion"),
  alignment: intField("Alineacion"),
  elementalTags: intField("ElementalTags"),
  body: intField("Body"),
  bodyIdle: intField("BodyIdle"),
  head: intField("Head"),
  /** 1 N, 2 E, 3 S, 4 W. */
  heading: intField("Heading"),
  weaponAnim: intField("Arma"),
  shieldAnim: intField("Escudo"),
  helmetAnim: intField("Casco"),
  cartAnim: intField("Cart"),
  castAnimation: intField("CastAnimation"),
  showName: flagField("ShowName"),
  attackable: flagField("Attackable"),
  hostile: flagField("Hostile"),
  /** `Comercia`: trades. */
  trades: flagField("Comercia"),
  crafts: flagField("Craftea"),
  /** `TipoItems`: the `ObjType` it buys from players; 100 = any type; 0 = only what it stocks. */
  tradeItemType: intField("TipoItems"),
  /** `InvReSpawn=1` DISABLES the "restock the whole list when the shop is empty" rule. */
  inventoryRespawn: flagField("InvReSpawn"),
  /** `Domable`: taming difficulty (0 = cannot be tamed). */
  tameDifficulty: intField("Domable"),
  /** `ReSpawn`: 0 = respawns after death, 1 = does NOT (the name misleads). */
  respawnFlag: intField("ReSpawn"),
  /** `OrigPos` (AO20) / `PosOrig` (0.13): respawn at the original position. */
  respawnAtOrigin: flagField("OrigPos"),
  respawnAtOrigin013: flagField("PosOrig"),
  backup: flagField("BackUp"),
  humanoid: flagField("Humanoide"),
  giveExp: intField("GiveEXP"),
  giveExpClan: intField("GiveEXPClan"),
  giveGold: intField("GiveGLD"),
  minHp: intField("MinHP"),
  maxHp: intField("MaxHP"),
  minHit: intField("MinHIT"),
  maxHit: intField("MaxHIT"),
  def: intField("DEF"),
  magicDef: intField("DEFm"),
  magicResistance: numField("MagicResistance"),
  magicDefense: intField("MagicDef"),
  magicBonus: numField("MagicBonus"),
  attackPower: intField("PoderAtaque"),
  evasionPower: intField("PoderEvasion"),
  poison: intField("Veneno"),
  affectedByParalysis: flagField("AfectaParalisis"),
  exactHit: flagField("GolpeExacto"),
  /** `Distancia`: a square vision box of this half-size instead of 15 × 13 (0 = unset). */
  visionRange: intField("Distancia"),
  attackRange: intField("AttackRange"),
  projectileType: intField("ProjectileType"),
  preferredRange: intField("PreferedRange"),
  spellRange: intField("RangoSpell"),
  attackIntervalMs: intField("IntervaloAtaque"),
  moveIntervalMs: intField("IntervaloMovimiento"),
  castIntervalMs: intField("IntervaloLanzarHechizo"),
  respawnIntervalMinMs: intField("IntervaloRespawnMin"),
  respawnIntervalMaxMs: intField("IntervaloRespawn"),
  announceRespawn: flagField("InformarRespawn"),
  attackRestriction: intField("RestriccionDeAtaque"),
  helpRestriction: intField("RestriccionDeAyuda"),
  governorOf: intField("GobernadorDe"),
  summonCount: intField("CantidadInvocaciones"),
  canSummon: flagField("PuedeInvocar"),
  soundOpen: intField("SoundOpen"),
  soundClose: intField("SoundClose"),
  sound1: intField("Snd1"),
  sound2: intField("Snd2"),
  sound3: intField("Snd3"),
  /** `QuizaProb`: chance of the legacy `QuizaDropea` drops (stored AO20 data). */
  legacyDropChance: intField("QuizaProb"),
  /** AO 0.13 `Ciudad` of guards. */
  city: intField("Ciudad"),
} as const;

const inventoryItemSchema = z.object({ objIndex: z.number().int(), amount: z.number().int() });
const dropSchema = z.object({
  objIndex: z.number().int(),
  chance: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
});
const questDropSchema = z.object({
  questIndex: z.number().int(),
  objIndex: z.number().int(),
  amount: z.number().int(),
  chance: z.number().int(),
});
const npcSpellSchema = z.object({ spellIndex: z.number().int(), cooldown: z.number().int() });
const walkStepSchema = z.object({ offsetX: z.number().int(), offsetY: z.number().int(), waitMs: z.number().int() });
const trainerCreatureSchema = z.object({ npcIndex: z.number().int(), name: z.string() });

export const NpcTemplateSchema = z.object({
  id: z.number().int().positive(),
  ...fieldsShape(NPC_FIELDS),
  /**
   * Shop stock (`NROITEMS` + `Obj<n>=objIndex-amount`): `inventory[i]` is shop slot i + 1, as VB6
   * `CargarInvent` fills it. A line that is missing or names object 0 inside the list is an empty
   * slot `{ objIndex: 0, amount: 0 }`; empty slots after the last stocked one are left out.
   */
  inventory: z.array(inventoryItemSchema).default([]),
  /** Current AO20 drops (`DropCount` + `Drop<n>=obj-chance-min-max`). */
  drops: z.array(dropSchema).default([]),
  /** Legacy AO20 drops still in the stored data (`NumQuiza` + `QuizaDropea<n>=obj-amount`). */
  legacyDrops: z.array(inventoryItemSchema).default([]),
  /** AO 0.13 drops (`Drop<n>=obj-amount`, no count key). */
  itemDrops: z.array(inventoryItemSchema).default([]),
  questDrops: z.array(questDropSchema).default([]),
  spells: z.array(npcSpellSchema).default([]),
  /** Extra animations (`Animaciones` + `Anim<n>`). */
  animations: z.array(z.number().int()).default([]),
  /** Scripted walk (`CaminataLen` + `Caminata<n>=dx:dy:waitMs`). */
  walk: z.array(walkStepSchema).default([]),
  quests: z.array(z.number().int()).default([]),
  /** Trainer creatures (`NroCriaturas` + `CI<n>`/`CN<n>`). */
  trainerCreatures: z.array(trainerCreatureSchema).default([]),
  /** Spoken lines (`NROEXP` + `Exp<n>`). */
  expressions: z.array(z.string()).default([]),
});
export type NpcTemplate = FieldValues<typeof NPC_FIELDS> & {
  id: number;
  inventory: z.infer<typeof inventoryItemSchema>[];
  drops: z.infer<typeof dropSchema>[];
  legacyDrops: z.infer<typeof inventoryItemSchema>[];
  itemDrops: z.infer<typeof inventoryItemSchema>[];
  questDrops: z.infer<typeof questDropSchema>[];
  spells: z.infer<typeof npcSpellSchema>[];
  animations: number[];
  walk: z.infer<typeof walkStepSchema>[];
  quests: number[];
  trainerCreatures: z.infer<typeof trainerCreatureSchema>[];
  expressions: string[];
};

export interface NpcTable {
  /** `[INIT] NumNPCs`: the highest NPC number. */
  declaredCount: number;
  npcs: NpcTemplate[];
}

export const NpcTableSchema = z.object({
  declaredCount: z.number().int().nonnegative(),
  npcs: z.array(NpcTemplateSchema),
});

/** Parses an `npcs.dat` (AO20 or genuine 0.13). */
export function parseNpcsDat(bytes: Uint8Array, fileName: string): DatResult<NpcTable> {
  const parsed = parseNumberedTable(bytes, fileName, "NPC", "NumNPCs", (doc, id, warnings) => readNpc(doc, id, warnings));
  const table = parsed.value && { declaredCount: parsed.value.declaredCount, npcs: parsed.value.entries };
  return { ...parsed, value: table };
}

const DROP_KEY = /^DROP([1-9][0-9]{0,3})$/;

/**
 * Shop lines keep their slot (VB6 reads `Obj<i>` into slot i, so a gap stays an empty slot: five
 * 2024 shops have one, e.g. NPC56 `Obj13`); empty slots get amount 0 and trailing ones are cut.
 */
function shopSlots(lines: { objIndex: number; amount: number }[]): { objIndex: number; amount: number }[] {
  let last = lines.length - 1;
  while (last >= 0 && lines[last]!.objIndex === 0) last--;
  return lines.slice(0, last + 1).map((line) => (line.objIndex === 0 ? { objIndex: 0, amount: 0 } : line));
}

function readNpc(doc: IniDocument, id: number, warnings: DatIssue[]): NpcTemplate {
  const section = `NPC${id}`;
  const get = (key: string) => getString(doc, section, key);
  const base = readFields(doc, section, NPC_FIELDS);
  const pair = (raw: string) => ({ objIndex: vbValInteger(field(raw, 1, "-")), amount: vbValInteger(field(raw, 2, "-")) });
  // Slots whose object is 0 are empty in VB6 (e.g. 0.13 creatures with NROITEMS but no Obj keys); we leave them out.
  const present = <T extends { objIndex: number }>(list: T[]) => list.filter((item) => item.objIndex !== 0);
  const inventory = shopSlots(countedList(doc, section, Math.min(vbVal(get("NROITEMS")), MAX_NPC_INVENTORY), (i) => `Obj${i}`, pair));
  const dropCount = vbVal(get("DropCount"));
  const drops = present(countedList(doc, section, dropCount, (i) => `Drop${i}`, (raw) => ({
    objIndex: vbValInteger(field(raw, 1, "-")),
    chance: vbValInteger(field(raw, 2, "-")),
    minAmount: vbValInteger(field(raw, 3, "-")),
    maxAmount: vbValInteger(field(raw, 4, "-")),
  }), MAX_LIST_LENGTH));
  const legacyDrops = present(countedList(doc, section, vbVal(get("NumQuiza")), (i) => `QuizaDropea${i}`, pair, MAX_LIST_LENGTH));
  // 0.13 reads Drop1..MAX_NPC_DROPS with no count key; we take every Drop<n> present (when there is no AO20 DropCount).
  const itemDrops: { objIndex: number; amount: number }[] = [];
  if (dropCount === 0) {
    const numbered: [number, string][] = [];
    for (const entry of getSection(doc, section)?.entries.values() ?? []) {
      const match = DROP_KEY.exec(entry.key);
      if (match) numbered.push([Number(match[1]), entry.value]);
    }
    numbered.sort((a, b) => a[0] - b[0]);
    for (const [, raw] of numbered) {
      const drop = pair(raw);
      if (drop.objIndex !== 0) itemDrops.push(drop);
    }
  }
  const questDrops = countedList(doc, section, vbVal(get("NumDropQuest")), (i) => `DropQuest${i}`, (raw, i) => {
    const drop = {
      questIndex: vbValInteger(field(raw, 1, "-")),
      objIndex: vbValInteger(field(raw, 2, "-")),
      amount: vbValInteger(field(raw, 3, "-")),
      chance: vbValInteger(field(raw, 4, "-")),
    };
    // QQ6 kept: a line without its probability reads 0, and VB6 `RandomNumber(1, 0)` is 1: a certain drop.
    if (drop.questIndex > 0 && drop.chance <= 0) {
      const line = getSection(doc, section)?.entries.get(`DROPQUEST${i}`)?.line;
      warnings.push({
        code: "bad-value",
        file: doc.fileName,
        section,
        key: `DROPQUEST${i}`,
        ...(line === undefined ? {} : { line }),
        message: `[${section}] DropQuest${i}=${raw.trim()} has no probability; it always drops (QQ6, as VB6)`,
      });
    }
    return drop;
  }, MAX_LIST_LENGTH);
  const spells = countedList(doc, section, vbVal(get("LanzaSpells")), (i) => `Sp${i}`, (raw, i) => ({
    spellIndex: vbValInteger(raw),
    cooldown: vbValInteger(get(`Cd${i}`)),
  }), MAX_LIST_LENGTH);
  const animations = countedList(doc, section, vbVal(get("Animaciones")), (i) => `Anim${i}`, vbValInteger, MAX_LIST_LENGTH);
  const walk = countedList(doc, section, vbVal(get("CaminataLen")), (i) => `Caminata${i}`, (raw) => {
    const parts = raw.split(":");
    // VB6 zeroes a step with fewer than three fields.
    if (parts.length < 3) return { offsetX: 0, offsetY: 0, waitMs: 0 };
    return { offsetX: vbValInteger(parts[0]!), offsetY: vbValInteger(parts[1]!), waitMs: vbValInteger(parts[2]!) };
  }, MAX_LIST_LENGTH);
  // QQ4 fixed: a missing or zero `QuestNumber<q>` (NPC 425 writes `QuestNumber=26`) is left out
  // of the list; VB6 kept quest 0, and its marker code then never showed the NPC to anyone.
  const quests: number[] = [];
  countedList(doc, section, vbVal(get("NumQuest")), (i) => `QuestNumber${i}`, (raw, i) => {
    const quest = vbValInteger(raw);
    if (quest > 0) quests.push(quest);
    else {
      const line = getSection(doc, section)?.entries.get(`QUESTNUMBER${i}`)?.line ?? getSection(doc, section)?.line;
      warnings.push({
        code: raw === "" ? "missing-value" : "bad-value",
        file: doc.fileName,
        section,
        key: `QUESTNUMBER${i}`,
        ...(line === undefined ? {} : { line }),
        message: `[${section}] QuestNumber${i}${raw === "" ? " is missing" : `=${raw.trim()} names no quest`}; left out of the NPC's quest list (QQ4)`,
      });
    }
    return quest;
  }, MAX_LIST_LENGTH);
  const trainerCreatures = countedList(doc, section, vbVal(get("NroCriaturas")), (i) => `CI${i}`, (raw, i) => ({
    npcIndex: vbValInteger(raw),
    name: get(`CN${i}`),
  }), MAX_LIST_LENGTH);
  const expressions = countedList(doc, section, vbVal(get("NROEXP")), (i) => `Exp${i}`, (raw) => raw, MAX_LIST_LENGTH);
  return {
    id,
    ...base,
    inventory,
    drops,
    legacyDrops,
    itemDrops,
    questDrops,
    spells,
    animations,
    walk,
    quests,
    trainerCreatures,
    expressions,
  };
}
