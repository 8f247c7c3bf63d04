/**
 * Resting by a campfire and lighting one (combat-and-progression §9; VB6 `HandleRest`,
 * `HayOBJarea`, `EfectoStamina`, `TratarDeHacerFogata`, `HandleCampfireTwigAction`). Pure: the
 * map hands in what lies around and the player's state, and gets an outcome back.
 *
 * - `/DESCANSAR` toggles `flags.Descansar`. On it goes only with a lit campfire (`FOGATA`, object
 *   63) anywhere in the player's view window (`HayOBJarea`: 23 × 19 tiles centred on the player);
 *   off it goes anywhere. The dead are refused (Msg752).
 * - Resting ends by `/DESCANSAR` again, by a step that is taken (`HandleWalk` → Msg1121, Msg178),
 *   at full HP and stamina (`EfectoStamina` → Msg514) and by dying (`LimpiarEstadosAlterados`,
 *   only `RestOK`). Attacking, being hit or casting do not end it (VB6, reproduced: a fight only
 *   stops the HP clock through `EnCombate`).
 * - A fire is lit in two steps: a common dagger (`DAGA`, 15) used on a pile of at least three
 *   Leña (58) within two steps makes Ramitas (136, one per three logs: `TratarDeHacerFogata`);
 *   clicking the Ramitas lights them into a Fogata (`HandleCampfireTwigAction`), never in the
 *   rain outdoors, in a safe zone or on a safe map, next to another fire, or in a city.
 * - A lit fire burns for ever: VB6 gives `FOGATA` no lifetime (`VidaUtil` is 0 in obj.dat) and only
 *   a GM's `/APAGARFOGATAS` puts fires out. Kept.
 */
import { randomInt, type Random } from "../../random/index.ts";

/** `FOGATA`: the lit campfire (obj.dat `[OBJ63]` Fogata, `ObjType=15`). */
export const CAMPFIRE_OBJECT = 63;
/** `FOGATA_APAG`: twigs ready to be lit (obj.dat `[OBJ136]` Ramitas, `ObjType=14`). */
export const TWIGS_OBJECT = 136;
/** `Wood`: the logs a dagger splits into twigs (obj.dat `[OBJ58]` Leña, `ObjType=14`). */
export const LOGS_OBJECT = 58;
/** `DAGA`: the only tool that makes twigs (obj.dat `[OBJ15]` Daga Común). */
export const TWIG_DAGGER_OBJECT = 15;
/** Logs per bundle of twigs (`amount \ 3`; fewer than three: Msg648). */
export const LOGS_PER_TWIGS = 3;
/**
 * `HayOBJarea` looks from `x - MinXBorder + 1` to `x + MinXBorder - 1` (and likewise in y), with
 * `MinXBorder = 1 + XWindow \ 2 = 12` and `MinYBorder = 1 + YWindow \ 2 = 10`: 11 tiles each
 * side across, 9 up and down.
 */
export const REST_AREA_HALF_WIDTH = 11;
export const REST_AREA_HALF_HEIGHT = 9;
/** `Distancia(pos, user) > 2` refuses both steps of lighting a fire (Manhattan distance). */
export const LIGHTING_REACH = 2;
/** `MapInfo.zone = Ciudad`: "the law forbids fires in the cities". */
export const CITY_ZONE = "CIUDAD";

/** Answers whether the object on (x, y) is `obj`; tiles outside the map answer false. */
export type ObjectAt = (x: number, y: number) => number | undefined;

/**
 * `HayOBJarea(pos, FOGATA)`: a lit campfire anywhere in the window around (x, y). VB6 reads
 * `MapData` past the map's edge and its error handler answers False; here those tiles hold nothing.
 */
export function campfireInArea(x: number, y: number, objectAt: ObjectAt): boolean {
  for (let ty = y - REST_AREA_HALF_HEIGHT; ty <= y + REST_AREA_HALF_HEIGHT; ty++) {
    for (let tx = x - REST_AREA_HALF_WIDTH; tx <= x + REST_AREA_HALF_WIDTH; tx++) {
      if (objectAt(tx, ty) === CAMPFIRE_OBJECT) return true;
    }
  }
  return false;
}

export interface RestState {
  readonly dead: boolean;
  readonly resting: boolean;
  /** `campfireInArea` at the player's tile. */
  readonly campfireNear: boolean;
}

/**
 * What `/DESCANSAR` does (`HandleRest`): `RestOK` and the new state, or a refusal. Each outcome
 * names the line VB6 sends after `RestOK`.
 */
export type RestToggle =
  /** Msg752, nothing else. */
  | { readonly kind: "dead" }
  /** `RestOK`, Msg753 "Te acomodás junto a la fogata y comenzás a descansar." */
  | { readonly kind: "started" }
  /** `RestOK`, Msg754 "Te levantás." (by the fire, or away from it while resting). */
  | { readonly kind: "stood_up" }
  /** Msg755 "No hay ninguna fogata junto a la cual descansar.", no `RestOK`. */
  | { readonly kind: "no_campfire" };

export function toggleRest(state: RestState): RestToggle {
  if (state.dead) return { kind: "dead" };
  if (state.campfireNear) return state.resting ? { kind: "stood_up" } : { kind: "started" };
  return state.resting ? { kind: "stood_up" } : { kind: "no_campfire" };
}

/** `EfectoStamina`: resting ends by itself once HP and stamina are both full (`RestOK`, Msg514). */
export function restIsOver(vitals: { readonly hp: number; readonly maxHp: number; readonly stamina: number; readonly maxStamina: number }): boolean {
  return vitals.hp === vitals.maxHp && vitals.stamina === vitals.maxStamina;
}

/** `Distancia` on one map: |dx| + |dy|. */
function distance(ax: number, ay: number, bx: number, by: number): number {
  return Math.abs(ax - bx) + Math.abs(ay - by);
}

// ------------------------------------------------------------------ making twigs from logs

export interface TwigsState {
  readonly player: { readonly x: number; readonly y: number };
  /** The tile the player last looked at (`flags.TargetObjX/Y`) and what lies there. */
  readonly target: { readonly x: number; readonly y: number; readonly obj: number; readonly amount: number };
  readonly dead: boolean;
  /** Supervivencia (skill 8). */
  readonly survival: number;
}

export type TwigsOutcome =
  /** Msg646: the tile holds no logs. No skill practice. */
  | { readonly kind: "not_logs" }
  /** Msg8 ("Estás muy lejos."; VB6 sends the priest's id here, whose text is the general one). */
  | { readonly kind: "too_far" }
  /** Msg647. */
  | { readonly kind: "dead" }
  /** Msg648: fewer than three logs. */
  | { readonly kind: "too_few_logs" }
  /** The draw failed: nothing said, Supervivencia practised. */
  | { readonly kind: "failed" }
  /** Msg1456 "Has hecho ¬1 ramitas.": `amount` Ramitas replace the logs on the tile; Supervivencia practised. */
  | { readonly kind: "made"; readonly amount: number };

/**
 * `TratarDeHacerFogata`: one draw `RandomNumber(1, Suerte)`, success on 1, with `Suerte` 3 for
 * Supervivencia 0–5, 2 for 6–34, 1 (always) from 35.
 */
export function makeTwigs(state: TwigsState, random: Random): TwigsOutcome {
  const { target, player } = state;
  if (target.obj !== LOGS_OBJECT) return { kind: "not_logs" };
  if (distance(target.x, target.y, player.x, player.y) > LIGHTING_REACH) return { kind: "too_far" };
  if (state.dead) return { kind: "dead" };
  if (target.amount < LOGS_PER_TWIGS) return { kind: "too_few_logs" };
  const luck = state.survival < 6 ? 3 : state.survival <= 34 ? 2 : 1;
  if (randomInt(random, 1, luck) !== 1) return { kind: "failed" };
  return { kind: "made", amount: Math.floor(target.amount / LOGS_PER_TWIGS) };
}

// ------------------------------------------------------------------ lighting twigs

export interface LightState {
  readonly player: { readonly x: number; readonly y: number };
  readonly twigs: { readonly x: number; readonly y: number };
  /** Supervivencia (skill 8). */
  readonly survival: number;
  /** `MapInfo.lluvia And Lloviendo`: this server has no weather yet, so the map passes false. */
  readonly raining: boolean;
  /** The twigs' tile is a safe zone (trigger 4) or the map is safe (`MapInfo.Seguro`). */
  readonly safe: boolean;
  /** The map's `zone` (`MapInfo.zone`). */
  readonly zone: string;
  /** What lies on a tile (to find a fire next to the twigs). */
  readonly objectAt: ObjectAt;
}

export type LightOutcome =
  /** Msg8. Nothing else. */
  | { readonly kind: "too_far" }
  /** Msg1076. */
  | { readonly kind: "raining" }
  /** Msg1077. */
  | { readonly kind: "safe_zone" }
  /** Msg1078: a lit fire on one of the four tiles beside the twigs. */
  | { readonly kind: "fire_next_to_it" }
  /** Msg1080: the draw succeeded but the map is a city; no skill practice (VB6 leaves before `SubirSkill`). */
  | { readonly kind: "city" }
  /** Msg1081; Supervivencia practised. */
  | { readonly kind: "failed" }
  /** Msg1079: a Fogata (amount 1) replaces the twigs; Supervivencia practised. */
  | { readonly kind: "lit" };

/**
 * `HandleCampfireTwigAction` (a click on the Ramitas, alive): reach, rain, safety and a fire next
 * to it are checked first; then one draw `RandomNumber(1, Suerte)` with `Suerte` 4 below
 * Supervivencia 6, 3 below 10, else 2. A VB6 quirk kept: the city is checked only after a
 * successful draw, so in a city a failed draw says "No has podido hacer fuego" and practises the
 * skill, a successful one says the law forbids it.
 */
export function lightTwigs(state: LightState, random: Random): LightOutcome {
  const { player, twigs } = state;
  if (distance(twigs.x, twigs.y, player.x, player.y) > LIGHTING_REACH) return { kind: "too_far" };
  if (state.raining) return { kind: "raining" };
  if (state.safe) return { kind: "safe_zone" };
  const beside: readonly (readonly [number, number])[] = [
    [twigs.x - 1, twigs.y],
    [twigs.x + 1, twigs.y],
    [twigs.x, twigs.y - 1],
    [twigs.x, twigs.y + 1],
  ];
  if (beside.some(([x, y]) => state.objectAt(x, y) === CAMPFIRE_OBJECT)) return { kind: "fire_next_to_it" };
  const luck = state.survival < 6 ? 4 : state.survival < 10 ? 3 : 2;
  if (randomInt(random, 1, luck) !== 1) return { kind: "failed" };
  if (state.zone.toUpperCase() === CITY_ZONE) return { kind: "city" };
  return { kind: "lit" };
}
