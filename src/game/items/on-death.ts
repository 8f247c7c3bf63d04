/**
 * What a dying player loses (combat-and-progression §8.1, VB6 `ItemSeCae` and the newbie rule of
 * `TirarTodosLosItems`): an item falls unless it is marked to stay (`NoSeCae`), is a key, a ship
 * or a saddle, cannot be dropped (`Intirable`), is destroyed when dropped (`Destruye`) or cannot
 * change hands (`Instransferible`); a newbie keeps newbie items.
 */
import type { ItemTemplate } from "./item-template.ts";
import { ObjectType } from "./object-types.ts";

const NEVER_FALL: ReadonlySet<number> = new Set([ObjectType.Key, ObjectType.Ship, ObjectType.Saddle]);

export function fallsOnDeath(item: ItemTemplate, ownerIsNewbie: boolean): boolean {
  if (item.noDropOnDeath || item.cannotDrop || item.destroyOnDrop || item.untradeable) return false;
  if (NEVER_FALL.has(item.type)) return false;
  return !(ownerIsNewbie && item.newbie);
}

/** Gold a dying player keeps: `OroPorNivelBilletera` (1000) × level; the rest falls. */
export const WALLET_GOLD_PER_LEVEL = 1000;

export function goldLostOnDeath(gold: number, level: number): number {
  return Math.max(0, gold - WALLET_GOLD_PER_LEVEL * level);
}
