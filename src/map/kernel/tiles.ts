/**
 * What the map's tiles say beyond walls and water: their triggers (VB6 `e_Trigger`, the one table
 * in `game/movement`).
 */
import { BLOCKED_ALL, BLOCKED_GM, Trigger } from "../../game/movement/index.ts";
import type { MapContext } from "../map-context.ts";

/** Trigger 4 (`ZonaSegura`): nobody fights onto or from it. */
export const TRIGGER_SAFE_ZONE = Trigger.SafeZone;
/** Trigger 6 (`ZONAPELEA`, arena): fights are safe there, nobody turns criminal and dying loses nothing. */
export const TRIGGER_ARENA = Trigger.FightZone;

/** The trigger of tile (x, y) of the map (0 = none). */
export function triggerAt(ctx: MapContext, x: number, y: number): number {
  return ctx.terrain.triggers[ctx.store.tile(x, y)] ?? 0;
}

/**
 * A GM's `/BLOQ` (VB6 `Bloquear`): the tile's four direction bits in the map's collision grid
 * (the shared one every reader of this map uses) become all blocked with the GM mark, or clear;
 * its water and tree flags stay. The tile's viewers get `BlockPosition`.
 */
export function setTileBlocked(ctx: MapContext, x: number, y: number, blocked: boolean): void {
  const index = ctx.store.tile(x, y);
  const bits = ctx.terrain.collision[index]! & ~(BLOCKED_ALL | BLOCKED_GM);
  ctx.terrain.collision[index] = blocked ? bits | BLOCKED_ALL | BLOCKED_GM : bits;
  ctx.view.around(x, y, ctx.packets.blockPosition(x, y, blocked ? BLOCKED_ALL : 0));
}

/** A GM's `/TRIGGER n`: the tile's trigger (in memory, as VB6; the map file is not written). */
export function setTrigger(ctx: MapContext, x: number, y: number, trigger: number): void {
  ctx.terrain.triggers[ctx.store.tile(x, y)] = trigger;
}
