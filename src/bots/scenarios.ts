/**
 * The scenarios `argentum bots --scenario NAME` runs, matching the reference benchmark of the
 * Elixir rewrite so numbers compare. Each row says what the bots do and where the server must
 * put new characters (`--bench-spawn`); the runner checks after login that they landed there.
 */
import { WALKER_FIXED_INTERVAL_MS } from "./behaviours/walker.ts";
import { REFERENCE_WALK_THINK, type ThinkTime } from "./think-time.ts";

export const SCENARIO_NAMES = ["hot_spread", "crowd", "crowd_saturated", "world_spread", "login_storm", "fight_spread", "cast_spread", "mixed_combat"] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** The default world's fully open 100 × 100 map (Llanura Abierta). */
export const OPEN_FIELD_MAP = 4;
/** The default world's 25 × 25 walled arena (Arena de Alba). */
export const ARENA_MAP = 5;
/** Walkers talk now and then, for the chat round trip: 30 s mean, at most 2 minutes apart. */
export const SCENARIO_CHAT_THINK: ThinkTime = { kind: "exponential", meanMs: 30_000, maxMs: 120_000 };

/**
 * Shares of a mixed scenario (weights, any scale): walkers (`MapWalkerBehaviour`), fighters
 * (`FighterBehaviour`) and casters (`CasterBehaviour`, created as `casterClass`). Each bot's
 * role is drawn from the seed (`planRun`'s weighted choice), so the shares are approximate and
 * the same for the same seed.
 */
export interface ScenarioMix {
  readonly walkers: number;
  readonly fighters: number;
  readonly casters: number;
}

/** `e_Class.Mago`: what casters are created as unless a scenario says otherwise. */
export const MAGE_CLASS = 1;
/** `mixed_combat`'s shares: half walk, 30 % fight, 20 % cast. */
export const MIXED_COMBAT_MIX: ScenarioMix = { walkers: 50, fighters: 30, casters: 20 };

/** Checks a mix (weights >= 0, some > 0); the message says what is wrong, undefined when fine. */
export function mixProblem(mix: ScenarioMix): string | undefined {
  const weights = [mix.walkers, mix.fighters, mix.casters];
  if (!weights.every((weight) => Number.isFinite(weight) && weight >= 0)) return "mix shares must be numbers >= 0";
  if (!(weights[0]! + weights[1]! + weights[2]! > 0)) return "mix shares add up to 0";
  return undefined;
}

/** Parses `--mix W,F,C` (walkers, fighters, casters; any scale, e.g. 50,30,20). */
export function parseMix(text: string): { ok: true; mix: ScenarioMix } | { ok: false; error: string } {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return { ok: false, error: `expects three shares WALKERS,FIGHTERS,CASTERS (e.g. 50,30,20), got ${JSON.stringify(text)}` };
  const [walkers, fighters, casters] = parts.map(Number) as [number, number, number];
  const mix = { walkers, fighters, casters };
  const problem = mixProblem(mix);
  return problem === undefined ? { ok: true, mix } : { ok: false, error: problem };
}

export interface ScenarioSpec {
  readonly name: ScenarioName;
  readonly summary: string;
  /** The server's `--bench-spawn` this scenario assumes. */
  readonly benchSpawn: string;
  /** The map bots must enter on, or `any` (spread, or no placement). */
  readonly expectedMap: number | "any";
  /** Walking bots: their step timing and whether they take exits; undefined = they stand still. */
  readonly walk: { readonly think: ThinkTime; readonly allowExits: boolean } | undefined;
  readonly chatThink: ThinkTime | undefined;
  /**
   * The bots fight NPCs (`FighterBehaviour`): `walk` is then how they move (think time; exits
   * only while no NPC is in sight) and attacks follow the melee interval.
   */
  readonly fight: boolean;
  /**
   * Walkers, fighters and casters in these shares (`walk` is how all of them move); undefined:
   * every bot walks, or fights when `fight`.
   */
  readonly mix?: ScenarioMix;
  /** The class casters are created as (default `MAGE_CLASS`); the others keep the default character. */
  readonly casterClass?: number;
  /** The run is the login phase itself: it ends when everyone is in (or the duration is up). */
  readonly loginOnly: boolean;
}

export const SCENARIOS: Readonly<Record<ScenarioName, ScenarioSpec>> = {
  hot_spread: {
    name: "hot_spread",
    summary: `N bots on the fully open 100×100 map ${OPEN_FIELD_MAP}, random walk every 211-410 ms`,
    benchSpawn: String(OPEN_FIELD_MAP),
    expectedMap: OPEN_FIELD_MAP,
    walk: { think: REFERENCE_WALK_THINK, allowExits: false },
    chatThink: SCENARIO_CHAT_THINK,
    fight: false,
    loginOnly: false,
  },
  crowd: {
    name: "crowd",
    summary: `N bots in the 25×25 arena (map ${ARENA_MAP}), random walk every 211-410 ms`,
    benchSpawn: String(ARENA_MAP),
    expectedMap: ARENA_MAP,
    walk: { think: REFERENCE_WALK_THINK, allowExits: false },
    chatThink: SCENARIO_CHAT_THINK,
    fight: false,
    loginOnly: false,
  },
  crowd_saturated: {
    name: "crowd_saturated",
    summary: `N bots in the 25×25 arena (map ${ARENA_MAP}), a step every ${WALKER_FIXED_INTERVAL_MS} ms`,
    benchSpawn: String(ARENA_MAP),
    expectedMap: ARENA_MAP,
    walk: { think: { kind: "constant", ms: WALKER_FIXED_INTERVAL_MS }, allowExits: false },
    chatThink: SCENARIO_CHAT_THINK,
    fight: false,
    loginOnly: false,
  },
  world_spread: {
    name: "world_spread",
    summary: "N bots spread round-robin over every map of the loaded world, walking through exits",
    benchSpawn: "spread",
    expectedMap: "any",
    walk: { think: REFERENCE_WALK_THINK, allowExits: true },
    chatThink: SCENARIO_CHAT_THINK,
    fight: false,
    loginOnly: false,
  },
  login_storm: {
    name: "login_storm",
    // No --bench-spawn: like an opening day, every new character starts in its home city.
    summary: "N bots create accounts and characters and enter the world (their home city) as fast as the server lets them",
    benchSpawn: "off",
    expectedMap: "any",
    walk: undefined,
    chatThink: undefined,
    fight: false,
    loginOnly: true,
  },
  fight_spread: {
    name: "fight_spread",
    summary: "N bots spread round-robin over every map of the loaded world, each hunting the nearest NPC in sight (melee every 1.2 s at most), wandering through exits when none is",
    benchSpawn: "spread",
    expectedMap: "any",
    walk: { think: REFERENCE_WALK_THINK, allowExits: true },
    chatThink: SCENARIO_CHAT_THINK,
    fight: true,
    loginOnly: false,
  },
  cast_spread: {
    name: "cast_spread",
    summary: "N mages spread round-robin over every map of the loaded world, each casting its damage spell at the nearest NPC in sight from up to 5 tiles (a click every 1.27 s at most), meditating when out of mana, healing itself when hurt",
    benchSpawn: "spread",
    expectedMap: "any",
    walk: { think: REFERENCE_WALK_THINK, allowExits: true },
    chatThink: SCENARIO_CHAT_THINK,
    fight: false,
    mix: { walkers: 0, fighters: 0, casters: 1 },
    casterClass: MAGE_CLASS,
    loginOnly: false,
  },
  mixed_combat: {
    name: "mixed_combat",
    summary: `N bots spread round-robin over every map of the loaded world: ${MIXED_COMBAT_MIX.walkers} % walk, ${MIXED_COMBAT_MIX.fighters} % fight NPCs in melee, ${MIXED_COMBAT_MIX.casters} % are mages casting at them (--mix W,F,C to change the shares)`,
    benchSpawn: "spread",
    expectedMap: "any",
    walk: { think: REFERENCE_WALK_THINK, allowExits: true },
    chatThink: SCENARIO_CHAT_THINK,
    fight: false,
    mix: MIXED_COMBAT_MIX,
    casterClass: MAGE_CLASS,
    loginOnly: false,
  },
};

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIO_NAMES as readonly string[]).includes(name);
}
