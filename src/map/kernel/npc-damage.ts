/**
 * The NPC damage path (combat-and-progression §6.6–§6.7), shared by blows, shots, spells and pets:
 * `NPCs.DoDamageOrHeal` with a player's damage (the numbers, the experience, the HP bar) and
 * `MuereNpc` with a player as killer (sound, message, Supervivencia, the rest of the experience,
 * gold and drops, the `npcKilled` hook, the respawn).
 */
import type { NpcTemplate } from "../../content/index.ts";
import { MAX_STACK } from "../../game/character/index.ts";
import { GOLD_OBJECT } from "../../game/items/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { expForDamage, formatThousands, killRemainderExp, SKILL } from "../../game/progression/index.ts";
import { vbRound } from "../../game/vb-math/index.ts";
import { vbRgb } from "../../protocol/index.ts";
import { randomInt } from "../../random/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { dropAround } from "./ground.ts";
import { killNpc } from "./npcs.ts";
import { grantExperience, raiseSkillByUse, rewardNpcDamage } from "./progression.ts";

/** `vbRed`: damage numbers over a char. */
export const DAMAGE_TEXT_COLOUR = vbRgb(255, 0, 0);
/** The death sound of an NPC without `Snd3`. */
export const NPC_DEATH_SOUND = 28;
/** `Fxpiso` 87: the gold an NPC leaves, for the killer's area. */
export const GOLD_DROP_FLOOR_FX = 87;
/** `DropMult` of the example configuration. */
const DROP_MULTIPLIER = 1;

/**
 * `NPCs.DoDamageOrHeal` with a user's damage: the numbers, the experience, the HP bar, the death.
 * `pet` is set when the user's pet dealt it (VB6 source `eNpc` with a master): the master gets the
 * experience and the kill as if it were its own, without the 382 line ("Mascotas dan experiencia
 * al amo").
 */
export function damageNpc(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, damage: number, pet: NpcEntity | null = null): void {
  const { view, packets } = ctx;
  const template = npc.template;
  if (template === null || !npc.alive) return;
  if (pet === null) ctx.tell(player, MESSAGES.damageToCreature(damage));
  view.around(npc.x, npc.y, packets.textOverChar(formatThousands(damage), npc.charIndex, DAMAGE_TEXT_COLOUR));
  // A pet pays nothing (VB6 `CalcularDarExp` leaves when the NPC has a master).
  if (npc.master === null) {
    const paid = expForDamage(damage, { giveExp: template.giveExp, maxHp: npc.maxHp, expCount: npc.expLeft, level: template.level }, player.record.level);
    npc.expLeft = paid.expCount;
    rewardNpcDamage(ctx, player, paid);
  }
  npc.minHp = Math.max(0, Math.min(npc.maxHp, npc.minHp - damage));
  view.around(npc.x, npc.y, packets.charUpdateHp(npc.charIndex, npc.minHp, npc.maxHp));
  if (npc.minHp <= 0) npcDies(ctx, npc, player);
}

/** `MuereNpc` with a player as killer: sound, message, Supervivencia, the rest of the experience, gold, drops, respawn. */
function npcDies(ctx: MapContext, npc: NpcEntity, killer: PlayerEntity): void {
  const { view, packets } = ctx;
  const template = npc.template!;
  const at = { x: npc.x, y: npc.y };
  killNpc(ctx, npc, killer);
  view.around(killer.x, killer.y, packets.playWave(template.sound3 > 0 ? template.sound3 : NPC_DEATH_SOUND, at.x, at.y));
  ctx.tell(killer, MESSAGES.killedCreature());
  // Someone's pet leaves no skill, experience, gold or drops (`MuereNpc`: `If IsValidUserRef(MiNPC.MaestroUser) Then Exit Sub`).
  if (npc.master !== null) return;
  raiseSkillByUse(ctx, killer, SKILL.Survival);
  const remainder = killRemainderExp(npc.expLeft);
  npc.expLeft = 0;
  if (remainder > 0) grantExperience(ctx, killer, remainder, "npc_kill");
  if (template.giveGold > 0) {
    for (let left = template.giveGold; left > 0; left -= MAX_STACK) dropAround(ctx, at.x, at.y, { objectId: GOLD_OBJECT, amount: Math.min(left, MAX_STACK) });
    view.around(killer.x, killer.y, packets.fxpiso(at.x, at.y, GOLD_DROP_FLOOR_FX));
  }
  for (const drop of npcDrops(ctx, template)) dropAround(ctx, at.x, at.y, drop);
  ctx.hooks.npcKilled(ctx, npc, killer);
}

/**
 * What a dead NPC leaves (§6.7 item 6): each `Drop<n>=obj-chance-min-max` on its own roll
 * `RandomNumber(1, rnd2(chance / DropMult)) = 1` (0 or 1 = always) with `RandomNumber(min, max)`
 * units; a data set with the older `QuizaDropea` list (the 2024 AO20 data) gets its rule instead:
 * one roll `RandomNumber(1, QuizaProb) = 1`, then one entry chosen uniformly, its fixed amount.
 */
function npcDrops(ctx: MapContext, template: NpcTemplate): { objectId: number; amount: number }[] {
  const dropped: { objectId: number; amount: number }[] = [];
  for (const drop of template.drops) {
    const odds = vbRound(drop.chance / DROP_MULTIPLIER);
    if (odds > 1 && randomInt(ctx.random, 1, odds) !== 1) continue;
    const amount = randomInt(ctx.random, drop.minAmount, drop.maxAmount);
    if (amount > 0 && drop.objIndex > 0) dropped.push({ objectId: drop.objIndex, amount });
  }
  const legacy = template.legacyDrops;
  if (template.drops.length === 0 && legacy.length > 0) {
    const odds = template.legacyDropChance > 0 ? template.legacyDropChance : DROP_MULTIPLIER;
    if (randomInt(ctx.random, 1, odds) === 1) {
      const pick = legacy[randomInt(ctx.random, 1, legacy.length) - 1]!;
      if (pick.objIndex > 0 && pick.amount > 0) dropped.push({ objectId: pick.objIndex, amount: pick.amount });
    }
  }
  return dropped;
}
