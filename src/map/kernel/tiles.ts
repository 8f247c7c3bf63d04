/**
 * What the map's tiles say beyond walls and water: their triggers (VB6 `e_Trigger`, the one table
 * in `game/movement`).
 */
import { Trigger } from "../../game/movement/index.ts";
import type { MapContext } from "../map-context.ts";

/** Trigger 4 (`ZonaSegura`): nobody fights onto or from it. */
export const TRIGGER_SAFE_ZONE = Trigger.SafeZone;
/** Trigger 6 (`ZONAPELEA`, arena): fights are safe there, nobody turns criminal and dying loses nothing. */
export const TRIGGER_ARENA = Trigger.FightZone;

/** The trigger of tile (x, y) of the map (0 = none). */
export function triggerAt(ctx: MapContext, x: number, y: number): number {
  return ctx.terrain.triggers[ctx.store.tile(x, y)] ?? 0;
}
