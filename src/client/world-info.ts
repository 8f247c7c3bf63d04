/**
 * What the client may learn about the world beyond the protocol: home cities to offer at
 * character creation, object names for the inventory and object pictures (AO `GrhIndex`), and
 * the spells of `Hechizos.dat` (name, magic words, mana, console lines: the stock client reads
 * them from its own copy of the file). Served (optionally) as JSON at `GET /api/world`; without
 * it the client falls back to the AO20 city list, object numbers and "Hechizo N".
 * The document is hostile input: malformed entries are skipped, never thrown on. Pure.
 */
import { CITIES } from "../game/character-creation/index.ts";
import { SPELL_TEXT_MAX_CHARS } from "./constants.ts";

/** Body of `GET /api/world`. */
export interface WorldInfoJson {
  readonly name: string;
  /** Cities a new character may start in (`LoginNewChar.homeCity`). */
  readonly homeCities: readonly { readonly id: number; readonly name: string }[];
  /**
   * Object numbers with their names, AO `objType` and picture (`GrhIndex` of obj.dat; left out
   * when 0, the world has no picture for it, as in the default world).
   */
  readonly objects: readonly { readonly id: number; readonly name: string; readonly objType: number; readonly grhIndex?: number; readonly doorOpen?: true }[];
  /** Base URL of the AO images (`<base>/<file>.png`) when the server serves AO graphics; absent otherwise. */
  readonly graphicsUrl?: string;
  /** The spells (absent in documents of older servers). Empty texts are left out. */
  readonly spells?: readonly SpellInfoJson[];
}

/** One spell of `GET /api/world`: `Nombre`, `PalabrasMagicas`, `ManaRequerido`, `HechizeroMsg`, `PropioMsg`, `TargetMsg`. */
export interface SpellInfoJson {
  readonly id: number;
  readonly name: string;
  readonly words?: string;
  readonly mana: number;
  readonly casterMessage?: string;
  readonly selfMessage?: string;
  readonly targetMessage?: string;
}

/** What the client knows of a spell: shown in the spell list, spoken over the caster, worded in the console. */
export interface SpellInfo {
  readonly name: string;
  /** The words over the caster's head (`PMAG*<id>`); "" when the world has none. */
  readonly words: string;
  readonly mana: number;
  /** `HechizeroMsg` (caster, followed by the target's name), `PropioMsg` (on oneself), `TargetMsg` (the caster's name, then this). */
  readonly casterMessage: string;
  readonly selfMessage: string;
  readonly targetMessage: string;
}

export interface WorldInfo {
  readonly name: string;
  readonly homeCities: readonly { readonly id: number; readonly name: string }[];
  readonly objectNames: ReadonlyMap<number, string>;
  /** Door objects (`otDoors`) that are a door's open state (`Cerrada=0`: `doorOpen` in the document); the others are drawn shut. */
  readonly openDoors: ReadonlySet<number>;
  readonly objectTypes: ReadonlyMap<number, number>;
  /** Object number → grh of its picture, for objects that have one. */
  readonly objectGrhs: ReadonlyMap<number, number>;
  readonly graphicsUrl: string | null;
  /** Spell number → what the client shows of it (empty without world info). */
  readonly spells: ReadonlyMap<number, SpellInfo>;
}

/** Longest name kept from the document (longer ones are cut). */
const MAX_NAME_CHARS = 60;
/** Home city ids are a u8 varint on the wire in practice (`e_City`). */
const MAX_CITY_ID = 255;
const MAX_OBJECT_ID = 32_767;
/** Spell numbers are i16 on the wire (`ChangeSpellSlot.spellId`). */
const MAX_SPELL_ID = 32_767;
/** Mana is an i16 on the wire. */
const MAX_MANA = 32_767;
/** Grh numbers are i32 in the AO files and packets. */
const MAX_GRH_INDEX = 0x7fff_ffff;

/** The client's knowledge when the server offers no world info. */
export function fallbackWorldInfo(): WorldInfo {
  return {
    name: "",
    homeCities: CITIES.map((city) => ({ id: city.id, name: city.name })),
    objectNames: new Map(),
    openDoors: new Set(),
    objectTypes: new Map(),
    objectGrhs: new Map(),
    graphicsUrl: null,
    spells: new Map(),
  };
}

/** Reads a `GET /api/world` document; whatever is unusable falls back. */
export function parseWorldInfo(value: unknown): WorldInfo {
  const fallback = fallbackWorldInfo();
  if (typeof value !== "object" || value === null) return fallback;
  const doc = value as Record<string, unknown>;
  const homeCities: { id: number; name: string }[] = [];
  if (Array.isArray(doc.homeCities)) {
    for (const entry of doc.homeCities as unknown[]) {
      const city = entry as Record<string, unknown> | null;
      if (!city || !isInt(city.id, 1, MAX_CITY_ID) || typeof city.name !== "string") continue;
      if (homeCities.some((known) => known.id === city.id)) continue;
      homeCities.push({ id: city.id as number, name: city.name.slice(0, MAX_NAME_CHARS) });
    }
  }
  const objectNames = new Map<number, string>();
  const objectTypes = new Map<number, number>();
  const objectGrhs = new Map<number, number>();
  const openDoors = new Set<number>();
  if (Array.isArray(doc.objects)) {
    for (const entry of doc.objects as unknown[]) {
      const object = entry as Record<string, unknown> | null;
      if (!object || !isInt(object.id, 1, MAX_OBJECT_ID)) continue;
      if (typeof object.name === "string") objectNames.set(object.id as number, object.name.slice(0, MAX_NAME_CHARS));
      if (isInt(object.objType, 0, 255)) objectTypes.set(object.id as number, object.objType as number);
      if (isInt(object.grhIndex, 1, MAX_GRH_INDEX)) objectGrhs.set(object.id as number, object.grhIndex as number);
      if (object.doorOpen === true) openDoors.add(object.id as number);
    }
  }
  const spells = new Map<number, SpellInfo>();
  if (Array.isArray(doc.spells)) {
    for (const entry of doc.spells as unknown[]) {
      const spell = entry as Record<string, unknown> | null;
      if (!spell || !isInt(spell.id, 1, MAX_SPELL_ID) || typeof spell.name !== "string") continue;
      spells.set(spell.id as number, {
        name: spell.name.slice(0, SPELL_TEXT_MAX_CHARS),
        words: textOf(spell.words),
        mana: isInt(spell.mana, 0, MAX_MANA) ? (spell.mana as number) : 0,
        casterMessage: textOf(spell.casterMessage),
        selfMessage: textOf(spell.selfMessage),
        targetMessage: textOf(spell.targetMessage),
      });
    }
  }
  const graphicsUrl = typeof doc.graphicsUrl === "string" && /^\/[\w/.-]*$/.test(doc.graphicsUrl) ? doc.graphicsUrl : null;
  return {
    name: typeof doc.name === "string" ? doc.name.slice(0, MAX_NAME_CHARS) : "",
    homeCities: homeCities.length > 0 ? homeCities : fallback.homeCities,
    objectNames,
    openDoors,
    objectTypes,
    objectGrhs,
    graphicsUrl,
    spells,
  };
}

/**
 * Builds the `GET /api/world` body on the server from what a world pack holds (structural
 * input, so the client folder does not depend on the pack loader).
 */
export function buildWorldInfoJson(world: {
  readonly name: string;
  readonly homeCities: readonly { readonly id: number; readonly name: string }[];
  readonly objects: readonly { readonly id: number; readonly name: string; readonly objType: number; readonly grhIndex?: number; readonly closed?: boolean }[];
  readonly graphicsUrl?: string;
  readonly spells?: readonly {
    readonly id: number;
    readonly name: string;
    readonly magicWords: string;
    readonly manaRequired: number;
    readonly casterMessage: string;
    readonly selfMessage: string;
    readonly targetMessage: string;
  }[];
}): WorldInfoJson {
  return {
    name: world.name,
    homeCities: world.homeCities.map((city) => ({ id: city.id, name: city.name })),
    objects: world.objects.map((object) => ({
      id: object.id,
      name: object.name,
      objType: object.objType,
      ...(object.grhIndex !== undefined && object.grhIndex > 0 ? { grhIndex: object.grhIndex } : {}),
      // A door's open state (`otDoors` with `Cerrada=0`), so the browser draws it open.
      ...(object.objType === 6 && object.closed !== true ? { doorOpen: true as const } : {}),
    })),
    ...(world.graphicsUrl ? { graphicsUrl: world.graphicsUrl } : {}),
    spells: (world.spells ?? []).map((spell) => ({
      id: spell.id,
      name: spell.name,
      mana: spell.manaRequired,
      ...(spell.magicWords ? { words: spell.magicWords } : {}),
      ...(spell.casterMessage ? { casterMessage: spell.casterMessage } : {}),
      ...(spell.selfMessage ? { selfMessage: spell.selfMessage } : {}),
      ...(spell.targetMessage ? { targetMessage: spell.targetMessage } : {}),
    })),
  };
}

/** A text of the document, cut to a sane length; "" for anything else. */
function textOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, SPELL_TEXT_MAX_CHARS) : "";
}

function isInt(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}
