/**
 * The first path elements of the bot runtime's random streams (see `random/random.ts`): one per
 * purpose, so the arrival planner, the actors, their behaviour choices and the benchmark never
 * draw from the same stream, and adding one actor moves nobody else's numbers.
 */

export const STREAM_ARRIVALS = 1;
export const STREAM_ACTOR = 2;
export const STREAM_CHOICES = 3;
export const STREAM_BENCH = 4;
