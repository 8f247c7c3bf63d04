/**
 * Priests (combat-and-progression §8): a left click on a healer NPC within 5 tiles
 * (`HandleReviverNpcInteraction`) brings a ghost back (`RevivirUsuario`: full HP, mana, stamina and
 * hunger as they were, its looks from what it wears) or heals a living, hurt player to full. A
 * newbie ghost may use the newbies' priest too. Dying itself is the kernel's (kernel/death.ts).
 *
 * The same by command, on the NPC last clicked (`flags.TargetNPC`): `/CURAR` (`Heal`, VB6
 * `HandleHeal`) and `/RESUCITAR` (`Resucitate`, `HandleResucitate`). Nothing targeted: 757. An NPC
 * that is no priest, or a ghost asking `/CURAR` (a living player `/RESUCITAR`): nothing at all, as
 * VB6. Farther than 10 tiles (Manhattan, twice the click's reach): 8. Both are free.
 * - `/CURAR`: full HP, `UpdateHP`, 496 — also at full HP, with no sound or particle (VB6 sends
 *   none here, unlike the click). The newbies' priest heals anyone; the ordinary one does not heal
 *   a prisoner. VB6 checks the map (`MAP_HOME_IN_JAIL`, 66: AO20's prison map of its own, where
 *   only prisoners stand); the default world's prison is a cell inside Alba, so the map would shut
 *   Alba's priest: decision PRIEST-JAIL, the rule asks whether the player serves a sentence.
 * - `/RESUCITAR`: the ordinary priest revives anyone, the newbies' priest (`ResucitadorNewbie`)
 *   only a newbie (`EsNewbie`: level ≤ 12); `RevivirUsuario`, the hearts particle (`Corazones`,
 *   100) and sound 104 for the area, 585. VB6 has no prison rule here: neither has this server.
 */
import { NpcType } from "../../content/index.ts";
import { penaltiesOf } from "../../game/character/index.ts";
import { NEWBIE_MAX_LEVEL } from "../../game/character-creation/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { isDead, manhattan, revivePlayer, targetNpcOf, writeVitals, type MapContext, type MapSystem, type NpcEntity, type PlayerEntity } from "../kernel/index.ts";

/** A priest heals or revives a player at most this far (Manhattan), `HandleReviverNpcInteraction`. */
export const PRIEST_RANGE = 5;
/** The priest's sound (`PlayWave` 117). */
export const PRIEST_SOUND = 117;
/** `e_ParticleEffects.Resucitar` and `CurarCrimi`, with the durations VB6 sends. */
export const RESURRECT_PARTICLE = 22;
export const RESURRECT_PARTICLE_TIME = 30;
export const HEAL_PARTICLE = 12;
export const HEAL_PARTICLE_TIME = 100;

/** `/CURAR` and `/RESUCITAR` reach a priest this far (Manhattan; VB6 `Distancia(...) > 10`). */
export const PRIEST_COMMAND_RANGE = 10;
/** `/RESUCITAR`'s particle (`e_ParticleEffects.Corazones`), its time and its sound. */
export const RESUCITATE_PARTICLE = 23;
export const RESUCITATE_PARTICLE_TIME = 100;
export const RESUCITATE_SOUND = 104;

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

// ------------------------------------------------------------------ by command

/** The priest the player targeted for a command: null (757 told) when nothing is targeted. */
function targetedNpc(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  const npc = targetNpcOf(ctx, player);
  if (npc === null || !npc.alive) ctx.tell(player, MESSAGES.selectNpcFirst());
  return npc !== null && npc.alive ? npc : null;
}

/** `/CURAR` (`HandleHeal`): see the header. */
export function healByCommand(ctx: MapContext, player: PlayerEntity): void {
  const npc = targetedNpc(ctx, player);
  if (npc === null) return;
  const type = npc.template?.npcType;
  if ((type !== NPC_TYPE_REVIVER && type !== NPC_TYPE_NEWBIE_REVIVER) || isDead(player)) return;
  // PRIEST-JAIL: a prisoner (VB6: anyone on the prison's map) gets nothing from the ordinary priest.
  if (type === NPC_TYPE_REVIVER && penaltiesOf(player.record).jailMinutesLeft > 0) return;
  if (manhattan(player, npc) > PRIEST_COMMAND_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  writeVitals(player, { hp: player.record.vitals.maxHp });
  ctx.view.send(player, ctx.packets.updateHp(player.record.vitals.hp));
  ctx.tell(player, MESSAGES.healedByCommand());
}

/** `/RESUCITAR` (`HandleResucitate`): see the header. */
export function resucitateByCommand(ctx: MapContext, player: PlayerEntity): void {
  const npc = targetedNpc(ctx, player);
  if (npc === null) return;
  const type = npc.template?.npcType;
  const newbie = player.record.level <= NEWBIE_MAX_LEVEL;
  if (type !== NPC_TYPE_REVIVER && (type !== NPC_TYPE_NEWBIE_REVIVER || !newbie)) return;
  if (!isDead(player)) return;
  if (manhattan(player, npc) > PRIEST_COMMAND_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  revive(ctx, player);
  const { view, packets } = ctx;
  view.around(player.x, player.y, packets.particleFx(player.charIndex, RESUCITATE_PARTICLE, RESUCITATE_PARTICLE_TIME, false, player.x, player.y));
  view.around(player.x, player.y, packets.playWave(RESUCITATE_SOUND, player.x, player.y));
  ctx.tell(player, MESSAGES.resurrected());
}

export const priest: MapSystem = {
  name: "priest",
  npcClick: priestClicked,
  packets: { Heal: healByCommand, Resucitate: resucitateByCommand },
};
