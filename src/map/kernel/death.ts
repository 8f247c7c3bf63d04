/**
 * Dying and coming back (combat-and-progression §8): a player whose HP reach 0 becomes a ghost
 * (`UserDie`), and a priest or a spell brings it back (`RevivirUsuario`). Whatever killed it
 * (a blow, a shot, a spell, a bite) sent its own lines first.
 *
 * Dying, in the VB6 order: the death sound and the end of the char's dialog for the area; HP and
 * stamina 0 (`UpdateHP`, `UpdateSta`); NPCs forget the player; the `died` hook (its pets die);
 * the belongings that fall are thrown on the nearest free tiles (not on an arena tile), gold above
 * the wallet the level keeps; everything left is unequipped; every altered state ends; the ghost
 * body (829, no head, no weapon, shield or helmet) for the area; outside safe maps the /HOGAR hint.
 * A ghost cannot attack, use, pick up, trade or regenerate: the others ask {@link isDead}.
 */
import type { UnequippedSlot } from "../../game/inventory/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { dropOnDeath } from "./ground.ts";
import { afterUnequip, applyLook, unequipAll } from "./inventory.ts";
import { npcsForgetPlayer } from "./npcs.ts";
import { clearStatusOnDeath } from "./status.ts";
import { setPlayerHp, writeVitals, type Vitals } from "./vitals.ts";

/** `e_SoundIndex.MUERTE_HOMBRE` / `MUERTE_MUJER`. */
export const DEATH_SOUND_MALE = 11;
export const DEATH_SOUND_FEMALE = 74;
/** `e_Genero.Hombre`. */
const GENDER_MALE = 1;

/** `UserDie`: the player's HP reached 0 (the caller already sent what killed it). */
export function playerDies(ctx: MapContext, player: PlayerEntity): void {
  const { view, packets } = ctx;
  const sound = player.record.gender === GENDER_MALE ? DEATH_SOUND_MALE : DEATH_SOUND_FEMALE;
  view.around(player.x, player.y, packets.playWave(sound, player.x, player.y));
  view.around(player.x, player.y, packets.removeCharDialog(player.charIndex));
  writeVitals(player, { hp: 0, stamina: 0 });
  view.send(player, packets.updateHp(0));
  view.send(player, packets.updateStamina(0));
  npcsForgetPlayer(ctx, player);
  ctx.hooks.died(ctx, player);
  const unequipped: UnequippedSlot[] = [...dropOnDeath(ctx, player), ...unequipAll(ctx, player)];
  afterUnequip(ctx, player, unequipped);
  // `LimpiarEstadosAlterados`: no altered state or meditation survives death.
  clearStatusOnDeath(ctx, player);
  applyLook(ctx.items, ctx.nakedBodies, player);
  view.playerChanged(player);
  if (!ctx.definition.safe) ctx.tell(player, MESSAGES.homeHint());
}

/**
 * `RevivirUsuario`, what a priest and a spell share: the `revived` hook (a pending /HOGAR ends:
 * it is a ghost's way home), the vitals it comes back with (`UpdateHungerAndThirst` when the
 * revival sets food or water, then `UpdateHP` and `UpdateMana`), its looks from what it wears,
 * drawn again for the area. The caller sends what follows (the priest's or the spell's).
 */
export function revivePlayer(ctx: MapContext, player: PlayerEntity, vitals: Partial<Vitals>): void {
  const { view, packets } = ctx;
  ctx.hooks.revived(ctx, player);
  writeVitals(player, vitals);
  const after = player.record.vitals;
  if (vitals.food !== undefined || vitals.water !== undefined) view.send(player, packets.updateHungerAndThirst(after.food, after.water));
  view.send(player, packets.updateHp(after.hp));
  view.send(player, packets.updateMana(after.mana));
  applyLook(ctx.items, ctx.nakedBodies, player);
  view.playerChanged(player);
}

/** `ModifyHealth(-damage)` (`UpdateHP`), then `UserDie` at 0 (a bite, a burn). True when the player died. */
export function hurt(ctx: MapContext, player: PlayerEntity, damage: number): boolean {
  const hp = Math.max(0, player.record.vitals.hp - damage);
  setPlayerHp(ctx, player, hp);
  if (hp > 0) return false;
  playerDies(ctx, player);
  return true;
}
