/**
 * Account and character names for bots: letters only (AO names allow letters and spaces,
 * 3..14 characters), unique per run, derived from the seed and the actor id so the same run
 * asks for the same names. The seed gives a four-letter run tag, the actor id the rest.
 */
import { streamHash } from "../random/index.ts";

/** Stream path of the run tag (outside the runtime's STREAM_* numbers). */
const STREAM_NAMES = 101;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const RUN_TAG_LETTERS = 4;
/** 26^4 run tags. */
const RUN_TAGS = 26 ** RUN_TAG_LETTERS;
/** Longest actor id written in letters: 26^5 - 1 = 11,881,375 actors. */
const MAX_ID_LETTERS = 5;
const NAME_PREFIX = "Bot";

/** Base-26 letters of `value` (a = 0), at least `minLength` long. */
export function lettersOf(value: number, minLength = 1): string {
  let text = "";
  let rest = Math.floor(Math.abs(value));
  do {
    text = LETTERS[rest % 26]! + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text.padStart(minLength, "a");
}

/** The four-letter tag of a run's seed. */
export function runTag(seed: number): string {
  return lettersOf(streamHash(seed, [STREAM_NAMES]) % RUN_TAGS, RUN_TAG_LETTERS);
}

export interface BotCredentials {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** Name `Bot<tag><id letters>` (8..12 letters), e-mail and password of actor `actorId` in a run with `seed`. */
export function botCredentials(seed: number, actorId: number): BotCredentials {
  if (!Number.isInteger(actorId) || actorId < 0 || actorId >= 26 ** MAX_ID_LETTERS) throw new RangeError(`actor id ${actorId} out of range for a bot name`);
  const name = `${NAME_PREFIX}${runTag(seed)}${lettersOf(actorId)}`;
  const lower = name.toLowerCase();
  return { name, email: `${lower}@bots.argentum.test`, password: `pw-${lower}` };
}
