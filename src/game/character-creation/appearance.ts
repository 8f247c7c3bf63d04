/**
 * Heads and bodies at creation: the head ranges of the VB6 `ValidarCabeza`, the naked body of
 * `DarCuerpo` and the armor body of `ObtenerRopaje` (character-creation.md §2.5, §4.3).
 */
import type { GenderId, RaceId } from "./ids.ts";

/** An inclusive range of head numbers. */
export interface HeadRange {
  readonly first: number;
  readonly last: number;
}

/** Allowed heads per race, male and female. */
export type HeadRanges = Readonly<Record<RaceId, { readonly male: readonly HeadRange[]; readonly female: readonly HeadRange[] }>>;

const range = (first: number, last: number): HeadRange => ({ first, last });

/** The AO20 head ranges (VB6 `ValidarCabeza`, §2.5); they match the stock client's heads. */
export const AO20_HEAD_RANGES: HeadRanges = {
  1: { male: [range(1, 41), range(778, 791)], female: [range(50, 80), range(187, 190), range(230, 246)] },
  2: { male: [range(101, 132), range(531, 545)], female: [range(150, 179), range(758, 777)] },
  3: { male: [range(200, 229), range(792, 810)], female: [range(250, 279)] },
  4: { male: [range(400, 429)], female: [range(450, 479)] },
  5: { male: [range(300, 344)], female: [range(350, 379)] },
  6: { male: [range(500, 529)], female: [range(550, 579)] },
};

/** The head ranges for a race and gender. */
export function headRangesFor(race: RaceId, gender: GenderId, ranges: HeadRanges = AO20_HEAD_RANGES): readonly HeadRange[] {
  const byGender = ranges[race];
  return gender === 1 ? byGender.male : byGender.female;
}

/** True when `head` lies in one of the inclusive ranges for the race and gender. */
export function isValidHead(race: RaceId, gender: GenderId, head: number, ranges: HeadRanges = AO20_HEAD_RANGES): boolean {
  if (!Number.isInteger(head)) return false;
  return headRangesFor(race, gender, ranges).some((r) => head >= r.first && head <= r.last);
}

/** Body per race for a male and a female character. */
export type BodiesByRace = Readonly<Record<RaceId, { readonly male: number; readonly female: number }>>;

/**
 * The naked bodies of the VB6 `DarCuerpo`: human 1, elf 2, drow 3, gnome and dwarf 300,
 * orc 582 (male) / 581 (female). A character keeps it only if no armor gets equipped.
 */
export const AO20_NAKED_BODIES: BodiesByRace = {
  1: { male: 1, female: 1 },
  2: { male: 2, female: 2 },
  3: { male: 3, female: 3 },
  4: { male: 300, female: 300 },
  5: { male: 300, female: 300 },
  6: { male: 582, female: 581 },
};

/** Weapon, shield, helmet and cart animation meaning "none" (`NingunArma` … `NoCart`). */
export const NO_EQUIPMENT_ANIMATION = 2;

/**
 * The body graphics an armor object declares in obj.dat: `Ropaje<Race>` (male keys) and the
 * female keys `RopajeHumana`, `RopajeElfa`, …; 0 = not set. `defaultBody` is `NumRopaje`.
 */
export interface ArmorBodies {
  readonly defaultBody: number;
  readonly byRace: BodiesByRace;
}

/**
 * VB6 `ObtenerRopaje`: a female character uses her race's female body when it is > 0,
 * otherwise (and for males) the race's male body when > 0, otherwise `NumRopaje`.
 * The saddle special case (`otSaddles`, `RazaBajos`/`RazaAltos`) is left out: starter armor is
 * never a saddle.
 */
export function armorBody(armor: ArmorBodies, race: RaceId, gender: GenderId): number {
  const bodies = armor.byRace[race];
  if (gender === 2 && bodies.female > 0) return bodies.female;
  if (bodies.male > 0) return bodies.male;
  return armor.defaultBody;
}

/** The naked body for a race and gender. */
export function nakedBody(race: RaceId, gender: GenderId, bodies: BodiesByRace = AO20_NAKED_BODIES): number {
  const pair = bodies[race];
  return gender === 1 ? pair.male : pair.female;
}
