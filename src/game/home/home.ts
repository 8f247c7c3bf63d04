/**
 * `/HOGAR` (VB6 `HandleHome`, `goHome`, `HomeArrival`; `Codigo/Protocol.bas`, `Codigo/Hogar.bas`):
 * a ghost asks to be taken to its home city. The request is checked in the VB6 order; when it
 * is accepted the fare is paid at once and the ghost arrives after the Balance `HomeTimer`
 * seconds, unless it walks or is brought back to life first. Pure.
 */
import { Trigger } from "../movement/index.ts";
import { vbRound } from "../vb-math/index.ts";

/** `e_City.cUllathorpe`: where VB6 sends a character whose home city is not valid. */
export const FALLBACK_HOME_CITY = 1;
/** Up to this level the fare is `level × 15 + CLng(level ^ 1.5)`; above it `level ^ 2`. */
export const HOME_FARE_LEVEL_BREAK = 24;
/** Gold per level of the fare up to {@link HOME_FARE_LEVEL_BREAK}. */
export const HOME_FARE_GOLD_PER_LEVEL = 15;
/** `MapInfo.zone` of newbie maps (compared as VB6 does, case and all): no travelling home from them. */
export const NEWBIE_ZONE = "NEWBIE";
/** Seconds of the wait when the world has no Balance `HomeTimer` (or a zero, which VB6 would never finish). */
export const DEFAULT_HOME_SECONDS = 30;

/** A home city as `Ciudades.dat` gives it (`Mapa`, `X`, `Y`). */
export interface HomeCitySpot {
  readonly id: number;
  readonly map: number;
  readonly x: number;
  readonly y: number;
}

export interface HomePlace {
  readonly map: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Where a character of home city `homeCity` is taken: its city when valid (`IsValidCity`: map, x
 * and y above 0), otherwise Ullathorpe's (id 1) as VB6 does; undefined when neither is valid.
 */
export function homePlaceOf(cities: readonly HomeCitySpot[], homeCity: number): HomePlace | undefined {
  const valid = (id: number) => cities.find((city) => city.id === id && city.map > 0 && city.x > 0 && city.y > 0);
  const city = valid(homeCity) ?? valid(FALLBACK_HOME_CITY);
  return city === undefined ? undefined : { map: city.map, x: city.x, y: city.y };
}

/** The fare in gold (`homeCostGLD`): `level × 15 + CLng(level ^ 1.5)` up to level 24, `level ^ 2` above. */
export function homeFare(level: number): number {
  if (level <= HOME_FARE_LEVEL_BREAK) return level * HOME_FARE_GOLD_PER_LEVEL + vbRound(level ** 1.5);
  return level * level;
}

/** The wait in seconds: the Balance `HomeTimer` of an ordinary user, or the default when absent or 0. */
export function homeWaitSeconds(homeTimer: number | undefined): number {
  return homeTimer !== undefined && homeTimer > 0 ? homeTimer : DEFAULT_HOME_SECONDS;
}

export interface HomeRequest {
  readonly dead: boolean;
  /** The map the player stands on, its `zone` and the trigger of its tile. */
  readonly map: number;
  readonly zone: string;
  readonly trigger: number;
  /** A trip home is already under way. */
  readonly travelling: boolean;
  readonly level: number;
  readonly gold: number;
  /** {@link homePlaceOf} the character's home city. */
  readonly home: HomePlace | undefined;
  /** A jail sentence is being served (`Counters.Pena <> 0`). */
  readonly jailed?: boolean;
}

export type HomeOutcome =
  /** Pay `fare` and go to `home` after the wait. */
  | { readonly kind: "ok"; readonly fare: number; readonly home: HomePlace }
  /** Msg1272: only the dead may use the command. */
  | { readonly kind: "alive" }
  /** Msg1273: not from a newbie map or a jail tile (nor from a world without home cities). */
  | { readonly kind: "restricted_place" }
  /** Msg1277: a trip is already under way. */
  | { readonly kind: "already_travelling" }
  /** Msg1276: the player is on its home city's map already. */
  | { readonly kind: "already_home" }
  /** Msg1274: not while serving a jail sentence. */
  | { readonly kind: "jailed" }
  /** Msg2164 with the fare: not enough gold. */
  | { readonly kind: "not_enough_gold"; readonly fare: number };

/**
 * `HandleHome`'s checks in its order (a duel does not exist here). The fare is only asked of a player away from its home city's map.
 */
export function checkHomeRequest(request: HomeRequest): HomeOutcome {
  if (!request.dead) return { kind: "alive" };
  if (request.zone === NEWBIE_ZONE || request.trigger === Trigger.Jail) return { kind: "restricted_place" };
  if (request.jailed === true) return { kind: "jailed" };
  if (request.travelling) return { kind: "already_travelling" };
  const home = request.home;
  if (home === undefined) return { kind: "restricted_place" };
  if (request.map === home.map) return { kind: "already_home" };
  const fare = homeFare(request.level);
  if (request.gold < fare) return { kind: "not_enough_gold", fare };
  return { kind: "ok", fare, home };
}
