/**
 * What a caster bot knows of the spells in its book: which are for hurting, healing or holding
 * a creature, and what each costs in mana. The stock client knows this from its own copy of
 * `Hechizos.dat`; a bot learns the names and mana of the server's spells from `GET /api/world`
 * (`spells: [{ id, name, mana }]`) and sorts them by name: the starting spells of the default
 * world and of AO20, and the common paralysis spells. A world whose spells have other names
 * gets the fallback (the default world's numbers) or a catalogue of its own (`spellCatalog`).
 * The document is hostile input: malformed entries are skipped, never thrown on. Pure.
 */

export type SpellRole = "damage" | "heal" | "paralyze";

export interface SpellCatalog {
  /** What the spell is for, as far as the caster cares; undefined for anything else. */
  roleOf(spellId: number): SpellRole | undefined;
  /** Its mana cost; NaN when unknown (the caster then learns it from the server's refusals). */
  manaOf(spellId: number): number;
}

/** Spell names (lower case, without accents) a caster knows what to do with. */
export const SPELL_ROLES_BY_NAME: Readonly<Record<string, SpellRole>> = {
  // The default world (content/default-world).
  chispa: "damage",
  alivio: "heal",
  atadura: "paralyze",
  // AO20 `Hechizos.dat`: the 2024 starting spells (Dardo Mágico, Curar heridas leves) and the
  // other plain damage, healing and holding spells.
  "dardo magico": "damage",
  "flecha magica": "damage",
  "misil magico": "damage",
  "curar heridas leves": "heal",
  "curar heridas graves": "heal",
  paralizar: "paralyze",
  inmovilizar: "paralyze",
};

export interface SpellEntry {
  readonly id: number;
  readonly role: SpellRole;
  readonly mana: number;
}

/** A catalogue from entries (later entries of the same id win). */
export function spellCatalog(entries: readonly SpellEntry[]): SpellCatalog {
  const byId = new Map<number, SpellEntry>();
  for (const entry of entries) byId.set(entry.id, entry);
  return {
    roleOf: (spellId) => byId.get(spellId)?.role,
    manaOf: (spellId) => byId.get(spellId)?.mana ?? Number.NaN,
  };
}

/** The default world's three spells (content/default-world): the catalogue without world info. */
export const DEFAULT_SPELL_CATALOG: SpellCatalog = spellCatalog([
  { id: 1, role: "damage", mana: 6 },
  { id: 2, role: "heal", mana: 8 },
  { id: 3, role: "paralyze", mana: 10 },
]);

/** Lower case, accents off, inner spaces collapsed. */
export function normalSpellName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const MAX_SPELLS = 10_000;

/**
 * The catalogue of a `GET /api/world` document: its spells whose names `SPELL_ROLES_BY_NAME`
 * knows, with their mana. `undefined` when the document lists no spells at all (an older
 * server): the caller falls back.
 */
export function spellCatalogFromWorldInfo(document: unknown): { catalog: SpellCatalog; known: number; listed: number } | undefined {
  if (typeof document !== "object" || document === null) return undefined;
  const spells = (document as { spells?: unknown }).spells;
  if (!Array.isArray(spells)) return undefined;
  const entries: SpellEntry[] = [];
  let listed = 0;
  for (const spell of spells.slice(0, MAX_SPELLS)) {
    if (typeof spell !== "object" || spell === null) continue;
    const { id, name, mana } = spell as { id?: unknown; name?: unknown; mana?: unknown };
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0 || typeof name !== "string") continue;
    listed++;
    const key = normalSpellName(name);
    // Own keys only: a spell named "constructor" is no role.
    const role = Object.hasOwn(SPELL_ROLES_BY_NAME, key) ? SPELL_ROLES_BY_NAME[key] : undefined;
    if (role === undefined) continue;
    entries.push({ id, role, mana: typeof mana === "number" && Number.isFinite(mana) && mana >= 0 ? mana : Number.NaN });
  }
  return { catalog: spellCatalog(entries), known: entries.length, listed };
}
