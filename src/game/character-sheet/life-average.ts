/**
 * `/PROMEDIO` (VB6 `HandlePromedio`, `CalcularPromedioVida`): the class, race and level, the life
 * a character of that class and constitution is expected to have at its level, and the life it
 * has, coloured by which side of the expectation it falls. Pure.
 *
 * - Class average per level: `MODVIDA − (21 − CON) × 0.5` (CON as the character has it now).
 * - Expected life: `18 + [MODRAZA] Constitucion + average × (level − 1)`, into a VB6 Long (half to even).
 * - Its own average: the class average at level 1, else `(MaxHP − CON) / (level − 1)`, rounded
 *   to two decimals as VB6 `Round` does.
 * Quirk LIFE-AVERAGE-DECIMALS (chosen): VB6 turns the Doubles into text with the server's locale
 * (a comma on a Spanish Windows); we write them with a point, as the rest of our lines do.
 */
import type { Attributes } from "../character/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { PlayerMessage } from "../messages/index.ts";
import { vbRound } from "../vb-math/index.ts";

/** `MSG_CHARACTER_CLASS_RACE_LEVEL` (class ¬ race ¬ level), `MSG_VIDA_ESPERADA` (life ¬ average), `MSG_VIDA_ACTUAL` (life (±diff) ¬ own average). */
export const LIFE_AVERAGE_MESSAGES = { classRaceLevel: 1988, expected: 1220, actual: 1221 } as const;
/** `e_FontTypeNames`: FONTTYPE_PROMEDIO_IGUAL, _MENOR, _MAYOR (41, 42, 43). */
export const LIFE_AVERAGE_FONTS = { equal: 41, below: 42, above: 43 } as const;
/** The base life VB6 adds the race's constitution to. */
const BASE_LIFE = 18;
const REFERENCE_CONSTITUTION = 21;
const LIFE_PER_CONSTITUTION_POINT = 0.5;
const CONSTITUTION = 4;

export interface LifeAverageCharacter {
  readonly class: number;
  readonly race: number;
  readonly level: number;
  readonly maxHp: number;
  /** As the character has them now (`UserAtributos`). */
  readonly attributes: Readonly<Attributes>;
}

export interface LifeAverageBalance {
  /** Index = class id − 1: `[MODVIDA]`. */
  readonly classes: readonly { readonly hpPerLevel: number }[];
  /** Index = race id − 1: `[MODRAZA]` constitution. */
  readonly races: readonly { readonly constitution: number }[];
}

export interface LifeAverage {
  readonly classAverage: number;
  readonly expected: number;
  readonly ownAverage: number;
  readonly difference: number;
}

/** VB6 `Round(x, 2)`: half to even at the second decimal. */
function round2(value: number): number {
  return vbRound(value * 100) / 100;
}

export function lifeAverage(character: LifeAverageCharacter, balance: LifeAverageBalance | null): LifeAverage {
  const constitution = character.attributes[CONSTITUTION];
  const modVida = balance?.classes[character.class - 1]?.hpPerLevel ?? 0;
  const raceConstitution = balance?.races[character.race - 1]?.constitution ?? 0;
  const classAverage = modVida - (REFERENCE_CONSTITUTION - constitution) * LIFE_PER_CONSTITUTION_POINT;
  const expected = vbRound(BASE_LIFE + raceConstitution + classAverage * (character.level - 1));
  const ownAverage = character.level <= 1 ? classAverage : (character.maxHp - constitution) / (character.level - 1);
  return { classAverage, expected, ownAverage: round2(ownAverage), difference: character.maxHp - expected };
}

/** The three lines `HandlePromedio` writes, in its order and fonts. */
export function lifeAverageLines(character: LifeAverageCharacter, balance: LifeAverageBalance | null): PlayerMessage[] {
  const average = lifeAverage(character, balance);
  const { difference } = average;
  const font = difference < 0 ? LIFE_AVERAGE_FONTS.below : difference > 0 ? LIFE_AVERAGE_FONTS.above : LIFE_AVERAGE_FONTS.equal;
  const sign = difference < 0 ? "-" : "+";
  const line = (id: number, lineFont: number, ...params: (string | number)[]): PlayerMessage => ({ kind: "locale", id, params: params.join("¬"), font: lineFont });
  return [
    line(LIFE_AVERAGE_MESSAGES.classRaceLevel, FontIndex.InfoBold, character.class, character.race, character.level),
    line(LIFE_AVERAGE_MESSAGES.expected, FontIndex.InfoBold, average.expected, average.classAverage),
    line(LIFE_AVERAGE_MESSAGES.actual, font, `${character.maxHp} (${sign}${Math.abs(difference)})`, average.ownAverage),
  ];
}
