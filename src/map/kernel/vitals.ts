/**
 * A player's body as the map keeps it: alive or a ghost, and the one place its vitals are written.
 * The entity mirrors the record's HP and mana (`minHp`, `maxHp`, `minMana`, `maxMana`: what
 * `CharacterCreate` and the AI read); every write goes through {@link writeVitals}, which keeps
 * the mirror in step, so no system assigns `record.vitals` itself.
 */
import type { CharacterRecord } from "../../game/character/index.ts";
import { isDead as ghostVitals } from "../../game/vitals/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";

export type Vitals = CharacterRecord["vitals"];

/** A ghost (VB6 `flags.Muerto`): its HP are 0 in the record (the rule is game/vitals'). */
export function isDead(player: PlayerEntity): boolean {
  return ghostVitals(player.record.vitals);
}

/** Alive (VB6 `Muerto = 0`). */
export function isAlive(player: PlayerEntity): boolean {
  return !ghostVitals(player.record.vitals);
}

/**
 * Writes some of the player's vitals (the record and the entity's mirror) and sends nothing: the
 * caller sends what VB6 sends at that point. Returns the vitals as they were.
 */
export function writeVitals(player: PlayerEntity, patch: Partial<Vitals>): Vitals {
  const before = player.record.vitals;
  const after = { ...before, ...patch };
  player.record.vitals = after;
  player.minHp = after.hp;
  player.maxHp = after.maxHp;
  player.minMana = after.mana;
  player.maxMana = after.maxMana;
  return before;
}

/** Writes the vitals and sends each that changed (`UpdateHP`, `UpdateMana`, `UpdateSta`, `UpdateHungerAndThirst`). */
export function setVitals(ctx: MapContext, player: PlayerEntity, patch: Partial<Vitals>): void {
  sendVitalChanges(ctx, player, writeVitals(player, patch));
}

/** The update packets of every vital that differs from `before`, in this order: HP, mana, stamina, hunger and thirst. */
export function sendVitalChanges(ctx: MapContext, player: PlayerEntity, before: Vitals): void {
  const after = player.record.vitals;
  const { packets, view } = ctx;
  if (after.hp !== before.hp) view.send(player, packets.updateHp(after.hp));
  if (after.mana !== before.mana) view.send(player, packets.updateMana(after.mana));
  if (after.stamina !== before.stamina) view.send(player, packets.updateStamina(after.stamina));
  if (after.food !== before.food || after.water !== before.water) view.send(player, packets.updateHungerAndThirst(after.food, after.water));
}

/** A player's HP after damage or healing, and `UpdateHP` (VB6 `ModifyHealth`), even when unchanged. The caller handles 0 HP. */
export function setPlayerHp(ctx: MapContext, player: PlayerEntity, hp: number): void {
  writeVitals(player, { hp });
  ctx.view.send(player, ctx.packets.updateHp(hp));
}

/** The player's stamina after an action that costs it, and `UpdateSta` when VB6 tells it. */
export function spendStamina(ctx: MapContext, player: PlayerEntity, stamina: number, notify: boolean): void {
  writeVitals(player, { stamina });
  if (notify) ctx.view.send(player, ctx.packets.updateStamina(stamina));
}
