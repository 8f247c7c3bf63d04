/**
 * The spell book: the record's `spells` array (index 0 = slot 1, 0 = empty, at most
 * `SPELL_SLOT_COUNT`). Starting spells come from the world's starting kit (character-creation
 * §5: the 2024 casters get 1, 11, 12); a scroll teaches one more (`AgregarHechizo`); the client
 * reorders with `MoveSpell` (`DesplazarHechizo`). Every operation returns a new array and an
 * outcome value; nothing is mutated.
 */
import { SPELL_SLOT_COUNT } from "../character/index.ts";
import { raceAllows } from "../equipment/index.ts";
import { ObjectType, type ItemTemplate } from "../items/index.ts";
import { SPELL_MESSAGE } from "./constants.ts";

/** Spell numbers by slot (index 0 = slot 1); a missing entry is an empty slot. */
export type SpellBook = readonly number[];

/** The spell in a slot (1-based), 0 when empty or out of range. */
export function spellInSlot(book: SpellBook, slot: number): number {
  if (!Number.isInteger(slot) || slot < 1 || slot > SPELL_SLOT_COUNT) return 0;
  return book[slot - 1] ?? 0;
}

/** `TieneHechizo`: the slot (1-based) holding the spell, or 0. */
export function slotOfSpell(book: SpellBook, spellId: number): number {
  if (spellId <= 0) return 0;
  for (let slot = 1; slot <= SPELL_SLOT_COUNT; slot++) if ((book[slot - 1] ?? 0) === spellId) return slot;
  return 0;
}

/** The first empty slot (1-based), or 0 when the book is full. */
export function firstFreeSpellSlot(book: SpellBook): number {
  for (let slot = 1; slot <= SPELL_SLOT_COUNT; slot++) if ((book[slot - 1] ?? 0) === 0) return slot;
  return 0;
}

/** The book with all `SPELL_SLOT_COUNT` slots present (empty ones 0); extra entries are dropped. */
export function fullSpellBook(book: SpellBook): number[] {
  return Array.from({ length: SPELL_SLOT_COUNT }, (_, index) => book[index] ?? 0);
}

/** A new character's book from its starting kit's spells (slot 1 …), as character creation lays it out. */
export function startingSpellBook(kitSpells: readonly number[]): number[] {
  return fullSpellBook(kitSpells);
}

export type LearnRefusal =
  /** Msg525: the spell is in the book already. */
  | "already_known"
  /** Msg777: no empty slot. */
  | "book_full"
  /** Not a spell number (a scroll without `HechizoIndex`): nothing happens. */
  | "no_spell";

export type LearnOutcome =
  | { readonly ok: true; readonly book: number[]; readonly slot: number; readonly spellId: number }
  | { readonly ok: false; readonly reason: LearnRefusal; readonly message: number | null };

/** `AgregarHechizo` on the book alone: a known spell is refused (525), else the first empty slot takes it (777 when none). */
export function learnSpell(book: SpellBook, spellId: number): LearnOutcome {
  if (!Number.isInteger(spellId) || spellId <= 0) return { ok: false, reason: "no_spell", message: null };
  if (slotOfSpell(book, spellId) !== 0) return { ok: false, reason: "already_known", message: SPELL_MESSAGE.spellKnown };
  const slot = firstFreeSpellSlot(book);
  if (slot === 0) return { ok: false, reason: "book_full", message: SPELL_MESSAGE.bookFull };
  const next = fullSpellBook(book);
  next[slot - 1] = spellId;
  return { ok: true, book: next, slot, spellId };
}

/** What reading a scroll reads of the character. */
export interface ScrollReader {
  readonly dead: boolean;
  /** `e_Class`, `e_Raza`, `e_Genero`. */
  readonly classId: number;
  readonly race: number;
  readonly gender: number;
  /** Hunger and thirst (`MinHam`, `MinAGU`). */
  readonly food: number;
  readonly water: number;
}

export type ScrollRefusal =
  | LearnRefusal
  /** Not a scroll (`ObjType` 24). */
  | "not_a_scroll"
  /** Msg77. */
  | "dead"
  /** Msg906: a class (`CP<n>`) or race the scroll refuses. */
  | "cannot_read"
  /** Msg904: hunger or thirst at 0. */
  | "too_hungry";

export type ScrollOutcome =
  | { readonly ok: true; readonly book: number[]; readonly slot: number; readonly spellId: number; readonly consumed: 1 }
  | { readonly ok: false; readonly reason: ScrollRefusal; readonly message: number | null };

/**
 * Using a spell scroll (`UseInvItem`, `otParchment`, then `AgregarHechizo`): dead (77), class or
 * race not allowed (906), hungry or thirsty (904), then the book's own refusals (525, 777).
 * The scroll is used up only when the spell is learnt. There is no skill requirement to learn:
 * `MinSkill` (Magia) is checked when casting (§5.2).
 */
export function learnSpellFromScroll(reader: ScrollReader, scroll: ItemTemplate, book: SpellBook): ScrollOutcome {
  if (scroll.type !== ObjectType.SpellScroll) return { ok: false, reason: "not_a_scroll", message: null };
  if (reader.dead) return { ok: false, reason: "dead", message: SPELL_MESSAGE.dead };
  if (scroll.forbiddenClasses.includes(reader.classId) || !raceAllows(scroll, reader.race, reader.gender)) {
    return { ok: false, reason: "cannot_read", message: SPELL_MESSAGE.cannotReadScroll };
  }
  if (reader.food <= 0 || reader.water <= 0) return { ok: false, reason: "too_hungry", message: SPELL_MESSAGE.tooHungryToLearn };
  const learnt = learnSpell(book, scroll.spellIndex);
  if (!learnt.ok) return learnt;
  return { ...learnt, consumed: 1 };
}

export type MoveSpellOutcome =
  | {
      readonly ok: true;
      readonly book: number[];
      /** The two slots whose spells were swapped (send `ChangeSpellSlot` for both; swap any per-slot cooldowns too). */
      readonly swapped: readonly [number, number];
      /** The selected slot follows its spell (`flags.Hechizo`), so a pending cast keeps its spell. */
      readonly selectedSlot: number;
    }
  | {
      readonly ok: false;
      /** `edge` (Msg670): slot 1 cannot go up, the last slot cannot go down; `bad_slot`: ignored. */
      readonly reason: "edge" | "bad_slot";
      readonly message: number | null;
    };

/**
 * `DesplazarHechizo` (client `MoveSpell`): swaps the slot with the one above (`upwards`) or
 * below. Empty slots move like any other. `selectedSlot` is the slot chosen for the next cast
 * (0 = none).
 */
export function moveSpell(book: SpellBook, slot: number, upwards: boolean, selectedSlot = 0): MoveSpellOutcome {
  if (!Number.isInteger(slot) || slot < 1 || slot > SPELL_SLOT_COUNT) return { ok: false, reason: "bad_slot", message: null };
  const other = upwards ? slot - 1 : slot + 1;
  if (other < 1 || other > SPELL_SLOT_COUNT) return { ok: false, reason: "edge", message: SPELL_MESSAGE.cannotMoveSpell };
  const next = fullSpellBook(book);
  [next[slot - 1], next[other - 1]] = [next[other - 1]!, next[slot - 1]!];
  const selected = selectedSlot === slot ? other : selectedSlot === other ? slot : selectedSlot;
  return { ok: true, book: next, swapped: [slot, other], selectedSlot: selected };
}

/** One `ChangeSpellSlot` as the stock client expects it: the spell, again or −1 when empty, and the spell's `IsBindable` (the hotkey bar). */
export interface SpellSlotView {
  readonly slot: number;
  readonly spellId: number;
  readonly spellIdOrEmpty: number;
  readonly bindable: boolean;
}

/** `WriteChangeSpellSlot` for one slot; `bindable(spellId)` is Hechizos.dat `IsBindable` (none given: false). */
export function spellSlotView(book: SpellBook, slot: number, bindable: (spellId: number) => boolean = () => false): SpellSlotView {
  const spellId = spellInSlot(book, slot);
  return { slot, spellId, spellIdOrEmpty: spellId > 0 ? spellId : -1, bindable: spellId > 0 && bindable(spellId) };
}

/** `UpdateUserHechizos(True)`: every slot, 1 … `SPELL_SLOT_COUNT`, as sent at login. */
export function spellBookViews(book: SpellBook, bindable: (spellId: number) => boolean = () => false): SpellSlotView[] {
  return Array.from({ length: SPELL_SLOT_COUNT }, (_, index) => spellSlotView(book, index + 1, bindable));
}
