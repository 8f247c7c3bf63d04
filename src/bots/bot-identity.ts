/**
 * Account and character names for bots: `Bot` + a six-letter run tag + the actor id in letters
 * (10..14 letters; AO names allow ASCII letters and single spaces, 3..18 characters, see
 * game/character-creation/name-rules.ts). The run tag keeps runs apart on one server: by
 * default every run draws a new one (the CLI draws it; bot code holds no randomness of its own),
 * so a second run with the same seed creates new accounts instead of colliding with the first;
 * `--reuse-accounts` uses the seed's own tag, the same every run, to log into those accounts
 * again. The seed keeps deciding the behaviour either way. The tag has a fixed length, so a name
 * splits back into tag and id in one way only: two runs never share a name unless they share
 * a tag.
 */
import { streamHash } from "../random/index.ts";

/** Stream path of the seed's tag (outside the runtime's STREAM_* numbers). */
const STREAM_NAMES = 101;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
export const RUN_TAG_LETTERS = 6;
/** 26^6 = 308,915,776 tags: two runs draw the same one about once in 300 million. */
export const RUN_TAGS = 26 ** RUN_TAG_LETTERS;
/** Longest actor id written in letters: 26^5 - 1 = 11,881,375 actors. */
const MAX_ID_LETTERS = 5;
const NAME_PREFIX = "Bot";
const RUN_TAG = /^[a-z]{6}$/;

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

/** The seed's own tag: what `--reuse-accounts` logs in with, the same on every run. */
export function seedTag(seed: number): string {
  return lettersOf(streamHash(seed, [STREAM_NAMES]) % RUN_TAGS, RUN_TAG_LETTERS);
}

/** A run tag from any non-negative integer (the CLI passes a random draw). */
export function tagOf(value: number): string {
  return lettersOf(Math.floor(Math.abs(value)) % RUN_TAGS, RUN_TAG_LETTERS);
}

export function isRunTag(text: string): boolean {
  return RUN_TAG.test(text);
}

export interface BotCredentials {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** Name `Bot<tag><id letters>`, e-mail and password of actor `actorId` in a run tagged `tag`. */
export function botCredentials(tag: string, actorId: number): BotCredentials {
  if (!isRunTag(tag)) throw new RangeError(`run tag ${JSON.stringify(tag)} is not ${RUN_TAG_LETTERS} lowercase letters`);
  if (!Number.isInteger(actorId) || actorId < 0 || actorId >= 26 ** MAX_ID_LETTERS) throw new RangeError(`actor id ${actorId} out of range for a bot name`);
  const name = `${NAME_PREFIX}${tag}${lettersOf(actorId)}`;
  const lower = name.toLowerCase();
  return { name, email: `${lower}@bots.argentum.test`, password: `pw-${lower}` };
}
