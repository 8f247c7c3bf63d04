/**
 * `Hechizos.dat`: spells (ao-data-formats §3.3; VB6 loader `CargarHechizos`,
 * ao-org/argentum-online-server `Codigo/FileIO.bas`). The core keys are the same in AO 0.13 and
 * AO20, so one reader serves both.
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
import type { DatResult } from "./issues.ts";
import { parseNumberedTable } from "./numbered-sections.ts";

export const SPELL_FIELDS = {
  name: textField("Nombre"),
  description: textField("Desc"),
  /** Words the caster says (`PalabrasMagicas`). */
  magicWords: textField("PalabrasMagicas"),
  casterMessage: textField("HechizeroMsg"),
  selfMessage: textField("PropioMsg"),
  targetMessage: textField("TargetMsg"),
  /** 1 properties, 2 status, 3 materialise, 4 summon, 5 area, 6 portal, 8 combined, 9 multi-shot, 10 physical skill. */
  spellType: intField("Tipo"),
  /** 1 user, 2 NPC, 3 user and NPC, 4 terrain, 5 pets. */
  target: intField("Target"),
  wav: intField("WAV"),
  fxGrh: intField("FXgrh"),
  loops: intField("Loops"),
  particle: intField("Particle"),
  travelParticle: intField("ParticleViaje"),
  particleTime: intField("TimeParticula"),
  minSkill: intField("MinSkill"),
  manaRequired: intField("ManaRequerido"),
  staminaRequired: intField("StaRequerido"),
  staminaPercentRequired: intField("StaPercentRequired"),
  hpRequired: intField("RequiredHP"),
  /** For each stat: `Sube<X>` 1 = raise, 2 = lower, then the min..max amount. */
  hpMode: intField("SubeHP"),
  minHp: intField("MinHP"),
  maxHp: intField("MaxHP"),
  manaMode: intField("SubeMana"),
  minMana: intField("MinMana"),
  maxMana: intField("MaxMana"),
  staminaMode: intField("SubeSta"),
  minStamina: intField("MinSta"),
  maxStamina: intField("MaxSta"),
  hungerMode: intField("SubeHam"),
  minHunger: intField("MinHam"),
  maxHunger: intField("MaxHam"),
  thirstMode: intField("SubeSed"),
  minThirst: intField("MinSed"),
  maxThirst: intField("MaxSed"),
  agilityMode: intField("SubeAG"),
  minAgility: intField("MinAG"),
  maxAgility: intField("MaxAG"),
  strengthMode: intField("SubeFU"),
  minStrength: intField("MinFU"),
  maxStrength: intField("MaxFU"),
  charismaMode: intField("SubeCA"),
  minCharisma: intField("MinCA"),
  maxCharisma: intField("MaxCA"),
  invisibility: flagField("Invisibilidad"),
  paralyzes: flagField("Paraliza"),
  immobilizes: flagField("Inmoviliza"),
  removesParalysis: flagField("RemoverParalisis"),
  removesStupidity: flagField("RemoverEstupidez"),
  removesPartialInvisibility: flagField("RemueveInvisibilidadParcial"),
  curesPoison: flagField("CuraVeneno"),
  poisons: flagField("Envenena"),
  poisonLevel: intField("Envenena"), // as VB6 reads it: the poison level given (0 = none)
  curses: flagField("Maldicion"),
  removesCurse: flagField("RemoverMaldicion"),
  blesses: flagField("Bendicion"),
  revives: flagField("Revivir"),
  worksOnDead: flagField("WorkOnDead"), // may be cast on a dead target
  blinds: flagField("Ceguera"),
  stupefies: flagField("Estupidez"),
  burns: flagField("Incinera"),
  mimics: flagField("Mimetiza"),
  /** Summon: `Invoca`, NPC number and how many. */
  summons: flagField("Invoca"),
  summonMode: intField("Invoca"), // as VB6 reads it: 1 creatures, 2 store / recall pets, 3 NPC summons
  summonNpc: intField("NumNpc"),
  summonCount: intField("Cant"),
  /** 0.13 materialise (`Materializa` + `ItemIndex`) and AO20 (`MaterializaObj`/`MaterializaCant`). */
  materializes: flagField("Materializa"),
  materializeItem: intField("ItemIndex"),
  materializeObject: intField("MaterializaObj"),
  materializeAmount: intField("MaterializaCant"),
  needsStaff: intField("NeedStaff"),
  staffAffected: flagField("StaffAffected"),
  resistance: intField("Resis"),
  antiMagicResistance: flagField("AntiRm"),
  healing: flagField("Sanacion"),
  durationSeconds: intField("Duration"),
  areaRadius: intField("AreaRadio"),
  areaAffects: intField("AreaAfecta"),
  autoCast: flagField("AutoLanzar"),
  /** `IsBindable`: may go on the hotkey bar (`eIsBindable`; the 2024 data sets it on none). */
  bindable: flagField("IsBindable"),
  cooldown: intField("CoolDown"),
  iconIndex: intField("IconoIndex"),
  targetEffectType: intField("TargetEffectType"),
  skillType: intField("SkillType"),
  effectOverTimeId: intField("EOTID"),
  speed: numField("Velocidad"),
  teleport: intField("Teleport"),
  teleportMap: intField("TeleportMap"),
  teleportX: intField("TeleportX"),
  teleportY: intField("TeleportY"),
  /** 0.13 `Warp`. */
  warp: flagField("Warp"),
  requiredObject: intField("NecesitaObj"),
  magicPowerNeeded: intField("MagicPowerNeeded"),
  maxLevelCasteable: intField("MaxLevelCasteable"),
  requiredWeaponType: intField("RequireWeaponType"),
} as const;

export const SpellTemplateSchema = z.object({ id: z.number().int().positive(), ...fieldsShape(SPELL_FIELDS) });
export type SpellTemplate = FieldValues<typeof SPELL_FIELDS> & { id: number };

export interface SpellTable {
  /** `[INIT] NumeroHechizos`: the highest spell number. */
  declaredCount: number;
  spells: SpellTemplate[];
}

export const SpellTableSchema = z.object({
  declaredCount: z.number().int().nonnegative(),
  spells: z.array(SpellTemplateSchema),
});

/** Parses a `Hechizos.dat` (AO20 or genuine 0.13). */
export function parseSpellsDat(bytes: Uint8Array, fileName: string): DatResult<SpellTable> {
  const parsed = parseNumberedTable(bytes, fileName, "HECHIZO", "NumeroHechizos", (doc, id) => ({ id, ...readFields(doc, `HECHIZO${id}`, SPELL_FIELDS) }));
  const table = parsed.value && { declaredCount: parsed.value.declaredCount, spells: parsed.value.entries };
  return { ...parsed, value: table };
}
