/**
 * The choices of the character-creation form and its checks before anything is sent, taken
 * from the game's own creation rules (game/character-creation) so the form offers exactly what
 * the server accepts. The server still decides; its refusals come back as message boxes. Pure.
 */
import {
  CLASSES,
  GENDERS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  RACES,
  headRangesFor,
  isClassId,
  isGenderId,
  isRaceId,
  isValidHead,
  validateCharacterName,
  type NameProblem,
} from "../game/character-creation/index.ts";
import type { NewCharacterRequest } from "./client-outbox.ts";

export interface Choice {
  readonly id: number;
  readonly label: string;
}

export const RACE_CHOICES: readonly Choice[] = RACES.map((race) => ({ id: race.id, label: race.spanishName }));
export const GENDER_CHOICES: readonly Choice[] = GENDERS.map((gender) => ({ id: gender.id, label: gender.spanishName }));
export const CLASS_CHOICES: readonly Choice[] = CLASSES.map((cls) => ({ id: cls.id, label: cls.spanishName }));

/** Every valid head for a race and gender, ascending (empty for unknown ids). */
export function headChoices(race: number, gender: number): number[] {
  if (!isRaceId(race) || !isGenderId(gender)) return [];
  const heads: number[] = [];
  for (const range of headRangesFor(race, gender)) for (let head = range.first; head <= range.last; head++) heads.push(head);
  return heads;
}

/** The head `step` places after `current` in the list for the race and gender (wrapping). */
export function cycleHead(race: number, gender: number, current: number, step: number): number {
  const heads = headChoices(race, gender);
  if (heads.length === 0) return current;
  const at = heads.indexOf(current);
  const from = at < 0 ? 0 : at;
  return heads[(((from + step) % heads.length) + heads.length) % heads.length]!;
}

const NAME_PROBLEM_TEXT: Readonly<Record<NameProblem, string>> = {
  too_short: `El nombre debe tener al menos ${NAME_MIN_LENGTH} letras.`,
  too_long: `El nombre puede tener hasta ${NAME_MAX_LENGTH} letras.`,
  bad_character: "El nombre sólo puede tener letras (sin acentos, números ni símbolos) y espacios.",
  double_space: "El nombre no puede tener dos espacios seguidos.",
  edge_space: "El nombre no puede empezar ni terminar con un espacio.",
};

export type FormCheck = { readonly ok: true; readonly request: NewCharacterRequest } | { readonly ok: false; readonly field: string; readonly text: string };

/** Checks the form values; on success returns the request to send. */
export function checkCreationForm(values: {
  name: string;
  race: number;
  gender: number;
  classId: number;
  head: number;
  homeCity: number;
  homeCities: readonly Choice[] | readonly { id: number }[];
}): FormCheck {
  const name = values.name;
  const nameCheck = validateCharacterName(name);
  if (!nameCheck.ok) return { ok: false, field: "name", text: NAME_PROBLEM_TEXT[nameCheck.problem] };
  if (!isRaceId(values.race)) return { ok: false, field: "race", text: "Elegí una raza." };
  if (!isGenderId(values.gender)) return { ok: false, field: "gender", text: "Elegí un género." };
  if (!isClassId(values.classId)) return { ok: false, field: "class", text: "Elegí una clase." };
  if (!isValidHead(values.race, values.gender, values.head)) return { ok: false, field: "head", text: "Esa cabeza no corresponde a la raza y el género." };
  if (!values.homeCities.some((city) => city.id === values.homeCity)) return { ok: false, field: "homeCity", text: "Elegí una ciudad de origen." };
  return {
    ok: true,
    request: { name, race: values.race, gender: values.gender, classId: values.classId, head: values.head, homeCity: values.homeCity },
  };
}
