/**
 * Priests (combat-and-progression §8): a left click on a healer NPC within 5 tiles
 * (`HandleReviverNpcInteraction`) brings a ghost back (`RevivirUsuario`: full HP, mana, stamina and
 * hunger as they were, its looks from what it wears) or heals a living, hurt player to full. A
 * newbie ghost may use the newbies' priest too. Dying itself is the kernel's (kernel/death.ts).
 */
import { NpcType } from "../../content/index.ts";
import { NEWBIE_MAX_LEVEL } from "../../game/character-creation/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { isDead, manhattan, revivePlayer, writeVitals, type MapContext, type MapSystem, type NpcEntity, type PlayerEntity } from "../kernel/index.ts";

/** A priest heals or revives a player at most this far (Manhattan), `HandleReviverNpcInteraction`. */
export const PRIEST_RANGE = 5;
/** The priest's sound (`PlayWave` 117). */
export const PRIEST_SOUND = 117;
/** `e_ParticleEffects.Resucitar` and `CurarCrimi`, with the durations VB6 sends. */
export const RESURRECT_PARTICLE = 22;
export const RESURRECT_PARTICLE_TIME = 30;
export const HEAL_PARTICLE = 12;
export const HEAL_PARTICLE_TIME = 100;

/** `e_NPCType.Revividor` and `ResucitadorNewbie` (the latter revives newbies only). */
export const NPC_TYPE_REVIVER = NpcType.Reviver;
export const NPC_TYPE_NEWBIE_REVIVER = NpcType.NewbieReviver;

/**
 * A click on a priest (`HandleReviverNpcInteraction`); true when the NPC is one, whatever came of
 * it. A newbie ghost may use the newbies' priest too; a living player is healed to full.
 */
export function priestClicked(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): boolean {
  const type = npc.template?.npcType;
  if (type !== NPC_TYPE_REVIVER && type !== NPC_TYPE_NEWBIE_REVIVER) return false;
  const { view, packets } = ctx;
  if (manhattan(player, npc) > PRIEST_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return true;
  }
  const newbie = player.record.level <= NEWBIE_MAX_LEVEL;
  if (isDead(player) && (type === NPC_TYPE_REVIVER || newbie)) {
    ctx.tell(player, MESSAGES.resurrected());
    revive(ctx, player);
    view.around(player.x, player.y, packets.particleFx(player.charIndex, RESURRECT_PARTICLE, RESURRECT_PARTICLE_TIME, false));
    view.around(player.x, player.y, packets.playWave(PRIEST_SOUND, player.x, player.y));
    return true;
  }
  if (isDead(player)) return true;
  const vitals = player.record.vitals;
  if (vitals.hp === vitals.maxHp) return true;
  writeVitals(player, { hp: vitals.maxHp });
  view.send(player, packets.playWave(PRIEST_SOUND, player.x, player.y));
  ctx.tell(player, MESSAGES.healedByPriest());
  view.send(player, packets.updateUserStats(player.record, player.inventory.gold));
  view.around(player.x, player.y, packets.particleFx(player.charIndex, HEAL_PARTICLE, HEAL_PARTICLE_TIME, false));
  return true;
}

/** `RevivirUsuario` at a priest: full HP, drawn again for the area with its looks. */
function revive(ctx: MapContext, player: PlayerEntity): void {
  revivePlayer(ctx, player, { hp: player.record.vitals.maxHp });
  ctx.view.around(player.x, player.y, ctx.packets.characterCreate(player));
}

export const priest: MapSystem = {
  name: "priest",
  npcClick: priestClicked,
};
