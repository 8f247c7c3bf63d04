/**
 * Dying and coming back (combat-and-progression §8): a player whose HP reaches 0 becomes a ghost
 * (`UserDie`), and a priest brings it back (`RevivirUsuario` through a click on a healer NPC).
 *
 * Dying, in the VB6 order: the death sound and the end of the char's dialog for the area; HP and
 * stamina 0 (`UpdateHP`, `UpdateSta`); NPCs forget the player; the belongings that fall are
 * thrown on the nearest free tiles (not on an arena tile), gold above the wallet the level keeps;
 * everything left is unequipped; the ghost body (829, no head, no weapon, shield or helmet) for
 * the area; outside safe maps the /HOGAR hint. A ghost cannot attack, use, pick up, trade or
 * regenerate: the other systems ask {@link isDead}.
 *
 * Coming back at a priest (a healer NPC within 5 tiles, clicked): a ghost gets full HP (mana,
 * stamina and hunger stay as they were), its looks from what it wears, and the area draws it
 * again; a living, hurt player is healed to full.
 */
import { NEWBIE_MAX_LEVEL } from "../../game/character-creation/index.ts";
import type { UnequippedSlot } from "../../game/inventory/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { cancelHomeTravel } from "./home.ts";
import { afterUnequip, applyLook, dropOnDeath, unequipAll } from "./items.ts";
import { npcsForgetPlayer } from "./npcs.ts";
import { clearStatusOnDeath } from "./status.ts";
import { dismissPets } from "./pets.ts";

/** `e_SoundIndex.MUERTE_HOMBRE` / `MUERTE_MUJER`. */
export const DEATH_SOUND_MALE = 11;
export const DEATH_SOUND_FEMALE = 74;
/** `e_Genero.Hombre`. */
const GENDER_MALE = 1;

/** A priest heals or revives a player at most this far (Manhattan), `HandleReviverNpcInteraction`. */
export const PRIEST_RANGE = 5;
/** Msg8: the priest cannot heal you from that far. */
export const PRIEST_TOO_FAR_MESSAGE = 8;
/** Msg585: you have been resurrected. */
export const RESURRECTED_MESSAGE = 585;
/** Msg83: the priest's words heal you. */
export const HEALED_BY_PRIEST_MESSAGE = 83;
/** The priest's sound (`PlayWave` 117). */
export const PRIEST_SOUND = 117;
/** `e_ParticleEffects.Resucitar` and `CurarCrimi`, with the durations VB6 sends. */
export const RESURRECT_PARTICLE = 22;
export const RESURRECT_PARTICLE_TIME = 30;
export const HEAL_PARTICLE = 12;
export const HEAL_PARTICLE_TIME = 100;

/** `e_NPCType.Revividor` and `ResucitadorNewbie` (the latter revives newbies only). */
export const NPC_TYPE_REVIVER = 1;
export const NPC_TYPE_NEWBIE_REVIVER = 9;

export function isDead(player: PlayerEntity): boolean {
  return player.record.vitals.hp <= 0;
}

/** `UserDie`: the player's HP reached 0 (the caller already sent what killed it). */
export function playerDies(ctx: MapContext, player: PlayerEntity): void {
  const { view, packets } = ctx;
  const sound = player.record.gender === GENDER_MALE ? DEATH_SOUND_MALE : DEATH_SOUND_FEMALE;
  view.around(player.x, player.y, packets.playWave(sound, player.x, player.y));
  view.around(player.x, player.y, packets.removeCharDialog(player.charIndex));
  const vitals = player.record.vitals;
  player.record.vitals = { ...vitals, hp: 0, stamina: 0 };
  player.minHp = 0;
  view.send(player, packets.updateHp(0));
  view.send(player, packets.updateStamina(0));
  npcsForgetPlayer(ctx, player);
  dismissPets(ctx, player);
  const unequipped: UnequippedSlot[] = [...dropOnDeath(ctx, player), ...unequipAll(ctx, player)];
  afterUnequip(ctx, player, unequipped);
  // `LimpiarEstadosAlterados`: no altered state or meditation survives death.
  clearStatusOnDeath(ctx, player);
  applyLook(ctx.items, ctx.nakedBodies, player);
  view.playerChanged(player);
  if (!ctx.definition.safe) ctx.tell(player, MESSAGES.homeHint());
}

/**
 * A click on a priest (`HandleReviverNpcInteraction`); true when the NPC is one, whatever came of
 * it. A newbie ghost may use the newbies' priest too; a living player is healed to full.
 */
export function priestClicked(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): boolean {
  const type = npc.template?.npcType;
  if (type !== NPC_TYPE_REVIVER && type !== NPC_TYPE_NEWBIE_REVIVER) return false;
  const { view, packets } = ctx;
  if (Math.abs(player.x - npc.x) + Math.abs(player.y - npc.y) > PRIEST_RANGE) {
    view.send(player, packets.localeMsg(PRIEST_TOO_FAR_MESSAGE, "", FontIndex.Info));
    return true;
  }
  const newbie = player.record.level <= NEWBIE_MAX_LEVEL;
  if (isDead(player) && (type === NPC_TYPE_REVIVER || newbie)) {
    view.send(player, packets.localeMsg(RESURRECTED_MESSAGE, "", FontIndex.Info));
    revive(ctx, player);
    view.around(player.x, player.y, packets.particleFx(player.charIndex, RESURRECT_PARTICLE, RESURRECT_PARTICLE_TIME, false));
    view.around(player.x, player.y, packets.playWave(PRIEST_SOUND, player.x, player.y));
    return true;
  }
  if (isDead(player)) return true;
  const vitals = player.record.vitals;
  if (vitals.hp === vitals.maxHp) return true;
  player.record.vitals = { ...vitals, hp: vitals.maxHp };
  player.minHp = vitals.maxHp;
  view.send(player, packets.playWave(PRIEST_SOUND, player.x, player.y));
  view.send(player, packets.localeMsg(HEALED_BY_PRIEST_MESSAGE, "", FontIndex.InfoIao));
  view.send(player, packets.updateUserStats(player.record, player.inventory.gold));
  view.around(player.x, player.y, packets.particleFx(player.charIndex, HEAL_PARTICLE, HEAL_PARTICLE_TIME, false));
  return true;
}

/**
 * `RevivirUsuario` (not by a spell): full HP, the looks of what it wears, drawn again for the
 * area. A pending /HOGAR ends: it is a ghost's way home (VB6 would still warp the living player).
 */
export function revive(ctx: MapContext, player: PlayerEntity): void {
  const { view, packets } = ctx;
  cancelHomeTravel(ctx, player);
  const vitals = player.record.vitals;
  player.record.vitals = { ...vitals, hp: vitals.maxHp };
  player.minHp = vitals.maxHp;
  view.send(player, packets.updateHp(vitals.maxHp));
  view.send(player, packets.updateMana(vitals.mana));
  applyLook(ctx.items, ctx.nakedBodies, player);
  view.playerChanged(player);
  view.around(player.x, player.y, packets.characterCreate(player));
}
