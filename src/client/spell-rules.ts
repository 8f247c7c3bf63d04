/**
 * The spell book and casting as the browser sees them (combat-and-progression §5; the stock
 * client's `frmMain` spell list): the book the server sends (`ChangeSpellSlot`, the whole book in
 * the login burst, one slot after learning or moving), choosing a slot to cast (`CastSpell`; the
 * server answers `WorkRequestTarget(1)` and the next map click is `WorkLeftClick(x, y, 1)`, or
 * casts at once on the caster for a self-cast spell), moving a spell up or down (`MoveSpell`),
 * meditating (`Meditate`), and the words the stock client fills in from its own `Hechizos.dat`:
 * `PMAG*<id>` over the caster and the console macros `ProMSG*`, `HecMSGU*`, `HecMSGA*`. The server
 * decides every cast (mana, range, locks, the target); the client refuses only what cannot work
 * (an empty slot, a ghost, a click sooner than the cast interval, which would restart the
 * server's lock) and says what it is told. Pure.
 */
import { SPELL_SLOT_COUNT } from "../game/character/index.ts";
import type { GameState } from "./game-state.ts";
import type { SpellInfo } from "./world-info.ts";

/** The key that shows the spell list ("hechizos") instead of the inventory, and back (`KeyboardEvent.code`). */
export const SPELLS_KEY_CODE = "KeyH";
/** The key that starts or stops meditating (`Meditate`, as `/MEDITAR`). */
export const MEDITATE_KEY_CODE = "KeyM";

/** Why a spell request was not sent (worded by `SPELL_TEXT.refusals`). */
export type SpellRefusal =
  | "not_playing"
  /** A ghost casts nothing and meditates not (VB6 answers 77). */
  | "dead"
  /** No such slot (outside 1 … 40). */
  | "bad_slot"
  /** Nothing learnt in that slot. */
  | "empty_slot"
  /** `MoveSpell` past the first or the last slot (VB6 answers 670). */
  | "at_edge"
  /** A spell click sooner than the cast interval after the last one. */
  | "too_soon"
  /** Meditating with no mana to fill (a class without magic). */
  | "no_mana"
  /** Meditating with full mana: the server would ignore it. */
  | "full_mana";

export type SpellCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: SpellRefusal };

function refuse(reason: SpellRefusal): { readonly ok: false; readonly reason: SpellRefusal } {
  return { ok: false, reason };
}

/** True while the player is a ghost (HP 0 of a known maximum). */
function dead(state: GameState): boolean {
  return state.stats.maxHp > 0 && state.stats.hp <= 0;
}

function validSlot(slot: number): boolean {
  return Number.isInteger(slot) && slot >= 1 && slot <= SPELL_SLOT_COUNT;
}

/** `ChangeSpellSlot`: slot `slot` now holds `spellId` (0 or less: empty). Slots outside the book are ignored. */
export function applySpellSlot(state: GameState, slot: number, spellId: number, bindable = false): void {
  if (!validSlot(slot)) return;
  const id = Number.isInteger(spellId) && spellId > 0 ? spellId : 0;
  state.spellBook.slots[slot - 1] = id;
  state.spellBook.bindable[slot - 1] = id > 0 && bindable;
}

/** The spell in `slot` (0: empty or no such slot). */
export function spellInSlot(state: GameState, slot: number): number {
  return validSlot(slot) ? (state.spellBook.slots[slot - 1] ?? 0) : 0;
}

/** A spell's name, or "Hechizo N" when the world did not say. */
export function spellName(catalogue: ReadonlyMap<number, SpellInfo>, spellId: number): string {
  return catalogue.get(spellId)?.name || `Hechizo ${spellId}`;
}

/** One row of the spell list. */
export interface SpellRow {
  readonly slot: number;
  /** 0 for an empty slot between learnt ones. */
  readonly spellId: number;
  readonly name: string;
  /** Mana it costs as the world says (before class discounts); null when unknown or empty. */
  readonly mana: number | null;
}

/**
 * The list the panel shows: slots 1 up to the last one holding a spell, empty ones between them
 * included (a spell moved down leaves a gap where it was), nothing for an empty book.
 */
export function spellRows(state: GameState): SpellRow[] {
  const slots = state.spellBook.slots;
  let last = 0;
  for (let i = 0; i < slots.length; i++) if ((slots[i] ?? 0) > 0) last = i + 1;
  const rows: SpellRow[] = [];
  for (let slot = 1; slot <= last; slot++) {
    const spellId = slots[slot - 1] ?? 0;
    const info = state.spellCatalogue.get(spellId);
    rows.push({ slot, spellId, name: spellId > 0 ? spellName(state.spellCatalogue, spellId) : "", mana: spellId > 0 && info ? info.mana : null });
  }
  return rows;
}

/** Choosing slot `slot` to cast (`CastSpell`). */
export function checkCast(state: GameState, slot: number): SpellCheck<{ readonly slot: number; readonly spellId: number }> {
  if (state.phase !== "in_world") return refuse("not_playing");
  if (dead(state)) return refuse("dead");
  if (!validSlot(slot)) return refuse("bad_slot");
  const spellId = spellInSlot(state, slot);
  if (spellId === 0) return refuse("empty_slot");
  return { ok: true, value: { slot, spellId } };
}

/** Moving the spell of `slot` one place up or down (`MoveSpell`): it swaps with its neighbour. */
export function checkMoveSpell(state: GameState, slot: number, upwards: boolean): SpellCheck<{ readonly slot: number; readonly upwards: boolean; readonly to: number }> {
  if (state.phase !== "in_world") return refuse("not_playing");
  if (!validSlot(slot)) return refuse("bad_slot");
  if (spellInSlot(state, slot) === 0) return refuse("empty_slot");
  const to = upwards ? slot - 1 : slot + 1;
  if (!validSlot(to)) return refuse("at_edge");
  return { ok: true, value: { slot, upwards, to } };
}

/**
 * A click on the map while a spell waits for its target, `lastClickAtMs` being when the last one
 * went: sooner than the cast interval is refused (the stock client keeps the crosshair then; the
 * server would restart its cast lock and refuse anyway).
 */
export function checkSpellClick(state: GameState, nowMs: number, lastClickAtMs: number): SpellCheck<null> {
  if (nowMs - lastClickAtMs < state.castSpellIntervalMs) return refuse("too_soon");
  return { ok: true, value: null };
}

/** The meditation key (`Meditate`): toggles on the server; refused when it could not start or stop. */
export function checkMeditate(state: GameState, meditating: boolean): SpellCheck<null> {
  if (state.phase !== "in_world") return refuse("not_playing");
  if (dead(state)) return refuse("dead");
  if (state.stats.maxMana <= 0) return refuse("no_mana");
  // At full mana the server ignores the packet, even to stop (it stops by itself then).
  if (!meditating && state.stats.mana >= state.stats.maxMana) return refuse("full_mana");
  return { ok: true, value: null };
}

/** `PMAG*<id>`: what the stock client says over the caster (the spell's `PalabrasMagicas`). */
const MAGIC_WORDS = /^PMAG\*(\d{1,5})$/;

/** The words over a caster for a `ChatOverHead` flagged as a spell: the spell's words, else its name, else "Hechizo N". */
export function spellWordsText(catalogue: ReadonlyMap<number, SpellInfo>, text: string): string {
  const match = MAGIC_WORDS.exec(text);
  if (!match) return text;
  const id = Number(match[1]);
  const info = catalogue.get(id);
  return info?.words || info?.name || `Hechizo ${id}`;
}

/** The spell number of a `PMAG*<id>` text, or 0. */
export function spellOfWords(text: string): number {
  const match = MAGIC_WORDS.exec(text);
  return match ? Number(match[1]) : 0;
}

/** The console macros of a cast (`InfoHechizo`): on oneself, to the caster about a target, to the target about the caster. */
const CONSOLE_MACRO = /^(ProMSG|HecMSGU|HecMSGA)\*(\d{1,5})(?:\*(.*))?$/s;

/**
 * A `ConsoleMsg` macro worded as the stock client does with its `Hechizos.dat` (`PropioMsg`;
 * `HechizeroMsg` and the target's name; the caster's name and `TargetMsg`), or with our own words
 * when the world has none; null when `text` is no macro.
 */
export function spellConsoleText(catalogue: ReadonlyMap<number, SpellInfo>, text: string): string | null {
  const match = CONSOLE_MACRO.exec(text);
  if (!match) return null;
  const [, kind, id, who = ""] = match;
  const spellId = Number(id);
  const info = catalogue.get(spellId);
  const name = spellName(catalogue, spellId);
  switch (kind) {
    case "ProMSG":
      return info?.selfMessage || `Lanzaste ${name} sobre vos.`;
    case "HecMSGU":
      return info?.casterMessage ? `${info.casterMessage} ${who}`.trim() : `Lanzaste ${name} sobre ${who || "tu objetivo"}.`;
    default:
      return info?.targetMessage ? `${who} ${info.targetMessage}`.trim() : `${who || "Alguien"} lanzó ${name} sobre vos.`;
  }
}
