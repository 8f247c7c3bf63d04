/**
 * What the map's tiles say beyond walls and water: their triggers (VB6 `eTrigger`).
 */
import type { MapContext } from "../map-context.ts";

/** Trigger 4 (`ZONASEGURA`): nobody fights onto or from it. */
export const TRIGGER_SAFE_ZONE = 4;
/** Trigger 6 (`ZONAPELEA`, arena): fights are safe there, nobody turns criminal and dying loses nothing. */
export const TRIGGER_ARENA = 6;

/** The trigger of tile (x, y) of the map (0 = none). */
export function triggerAt(ctx: MapContext, x: number, y: number): number {
  return ctx.terrain.triggers[ctx.store.tile(x, y)] ?? 0;
}
