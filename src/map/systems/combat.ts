/**
 * Melee on a map (combat-and-progression §3): the `Attack` packet (a player strikes the tile in
 * front), an NPC's blow on a player (called by the NPC AI), and what follows — damage, experience,
 * the NPC's death with its gold and drops, the player's death. The numbers come from the pure
 * rules of `game/combat` and `game/progression`; this system feeds them the live state, applies
 * the outcome and sends what VB6 sends, in its order (§3.7).
 *
 * Decisions:
 * - PvP follows the map: allowed on maps that are not safe (`Seguro=0`), never onto or from a
 *   trigger-4 tile; both sides fight `EnCombate`. Citizens turning criminal, factions, parties,
 *   guilds and duels are not modelled yet (§3.4 lists them).
 * - A world without `Balance.dat` has no class numbers to fight with: `Attack` answers nothing.
 */
import {
  beginMelee,
  FRESH_COMBAT_CLOCKS,
  npcCombatProfile,
  resolveNpcMeleeOnUser,
  resolveUserMeleeOnNpc,
  resolveUserMeleeOnUser,
  userCombatProfile,
  type CombatClocks,
  type CombatSkillId,
  type UserCombatProfile,
} from "../../game/combat/index.ts";
import { toRecordInventory } from "../../game/inventory/index.ts";
import { GOLD_OBJECT, MAX_STACK } from "../../game/items/index.ts";
import { headingBit, isHeading, stepX, stepY, type Heading } from "../../game/movement/index.ts";
import { expForDamage, formatThousands, killRemainderExp, pvpKillExp, type SkillId } from "../../game/progression/index.ts";
import { IN_COMBAT_MS } from "../../game/vitals/index.ts";
import type { NpcTemplate } from "../../content/index.ts";
import { FontIndex, vbRgb } from "../../protocol/index.ts";
import { randomInt } from "../../random/index.ts";
import { vbRound } from "../../game/vb-math/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { isDead, playerDies } from "./death.ts";
import { cancelQuit } from "./logout.ts";
import { dropAround } from "./items.ts";
import { killNpc, npcAttacked } from "./npcs.ts";
import { grantExperience, raiseSkillByUse, rewardNpcDamage } from "./progression.ts";

/** `vbRed`: damage numbers over a char. */
export const DAMAGE_TEXT_COLOUR = vbRgb(255, 0, 0);
/** `SND_IMPACTO2`: a melee hit on an NPC without its own hit sound. */
export const MELEE_HIT_SOUND = 12;
/** The death sound of an NPC without `Snd3`. */
export const NPC_DEATH_SOUND = 28;
/** `Fxpiso` 87: the gold an NPC leaves, for the killer's area. */
export const GOLD_DROP_FLOOR_FX = 87;
/** Sound and FX of a player hit by another. */
export const PVP_HIT_SOUND = 10;
export const PVP_HIT_FX = 14;

/** Locale ids of §3 (`modMessageIDs.bas`). */
export const COMBAT_MESSAGE = {
  dead: 77,
  tooTired: 93,
  tooTiredOverHead: 2129,
  bowInMelee: 1125,
  npcNotAttackable: 1042,
  damageDealt: 382,
  killedCreature: 184,
  victimDead: 1045,
  safeMap: 1062,
  safeZone: 1063,
  missedUser: 1043,
  missedByUser: 1930,
} as const;

/** Trigger 4 (`ZONASEGURA`): nobody fights onto or from it. */
export const TRIGGER_SAFE_ZONE = 4;
/** `FONTTYPE_DIOS`. */
const FONT_GOD = 18;

/** A player's combat clocks (VB6 `Counters.Timer*`), kept per entity. */
const clocksBySession = new WeakMap<PlayerEntity, CombatClocks>();

// ------------------------------------------------------------------ the Attack packet

/** `Attack` (VB6 `HandleAttack` → `UsuarioAtaca` → `UserAttackPosition`). */
export function attack(ctx: MapContext, player: PlayerEntity): void {
  const { view, packets } = ctx;
  if (isDead(player)) {
    view.send(player, packets.localeMsg(COMBAT_MESSAGE.dead, "", FontIndex.Info));
    return;
  }
  const attacker = profileOf(ctx, player);
  if (attacker === null) return;
  if (attacker.weapon !== null && attacker.weapon.projectile > 0 && attacker.weapon.ammunitionSubtype > 0) {
    view.send(player, packets.localeMsg(COMBAT_MESSAGE.bowInMelee, "", FontIndex.Info));
    return;
  }
  cancelQuit(ctx, player);
  const now = ctx.clock.now();
  const start = beginMelee(ctx.random, { clocks: clocksOf(player), nowMs: now, stamina: player.record.vitals.stamina, weapon: attacker.weapon });
  clocksBySession.set(player, start.clocks);
  if (!start.ok) {
    if (start.reason === "tired") {
      view.send(player, packets.localeMsg(COMBAT_MESSAGE.tooTired, "", FontIndex.Info));
      view.send(player, packets.localeChatOverHead(COMBAT_MESSAGE.tooTiredOverHead, "", player.charIndex, vbRgb(255, 255, 255), player.x, player.y));
    }
    return;
  }
  player.record.vitals = { ...player.record.vitals, stamina: start.staminaAfter };
  if (start.notifyStamina) view.send(player, packets.updateStamina(start.staminaAfter));
  view.around(player.x, player.y, packets.armaMov(player.charIndex, false));
  if (!isHeading(player.heading)) return;
  const x = player.x + stepX(player.heading);
  const y = player.y + stepY(player.heading);
  const swing = () => view.around(player.x, player.y, packets.charSwing(player.charIndex, true, false, true));
  if (!ctx.store.isInside(x, y) || edgeBlocked(ctx, x, y, player.heading)) {
    swing();
    return;
  }
  const target = ctx.store.entity(ctx.store.occupantOf(ctx.store.tile(x, y)));
  if (target === undefined) swing();
  else if (target.kind === "npc") playerAttacksNpc(ctx, player, attacker, target);
  else playerAttacksPlayer(ctx, player, attacker, target);
}

/** VB6 `MapData(...).Blocked And 2^(heading-1)`: the target tile refuses entry from this side. */
function edgeBlocked(ctx: MapContext, x: number, y: number, heading: Heading): boolean {
  return (ctx.terrain.collision[ctx.store.tile(x, y)]! & headingBit(heading)) !== 0;
}

// ------------------------------------------------------------------ player on NPC

function playerAttacksNpc(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, npc: NpcEntity): void {
  const { view, packets } = ctx;
  const template = npc.template;
  if (template === null || !template.attackable) {
    view.send(player, packets.localeMsg(COMBAT_MESSAGE.npcNotAttackable, "", FontIndex.Fight));
    return;
  }
  npcAttacked(ctx, npc, player);
  const outcome = resolveUserMeleeOnNpc(ctx.random, attacker, npcCombatProfile(template), { hp: npc.minHp }, { onSkillUse: (_who, skill) => trainSkill(ctx, player, skill) });
  if (outcome.kind === "miss") {
    view.around(player.x, player.y, packets.charSwing(player.charIndex, true, true, true));
    return;
  }
  const hitSound = template.sound2 > 0 ? template.sound2 : MELEE_HIT_SOUND;
  view.around(npc.x, npc.y, packets.playWave(hitSound, npc.x, npc.y));
  damageNpc(ctx, player, npc, outcome.totalDamage);
}

/** `NPCs.DoDamageOrHeal` with a user's damage: the numbers, the experience, the HP bar, the death. */
export function damageNpc(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, damage: number): void {
  const { view, packets } = ctx;
  const template = npc.template;
  if (template === null || !npc.alive) return;
  view.send(player, packets.localeMsg(COMBAT_MESSAGE.damageDealt, formatThousands(damage), FontIndex.Fight));
  view.around(npc.x, npc.y, packets.textOverChar(formatThousands(damage), npc.charIndex, DAMAGE_TEXT_COLOUR));
  const paid = expForDamage(damage, { giveExp: template.giveExp, maxHp: npc.maxHp, expCount: npc.expLeft, level: template.level }, player.record.level);
  npc.expLeft = paid.expCount;
  rewardNpcDamage(ctx, player, paid);
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
  view.send(killer, packets.localeMsg(COMBAT_MESSAGE.killedCreature, "", FONT_GOD));
  raiseSkillByUse(ctx, killer, SURVIVAL_SKILL);
  const remainder = killRemainderExp(npc.expLeft);
  npc.expLeft = 0;
  if (remainder > 0) grantExperience(ctx, killer, remainder, "npc_kill");
  if (template.giveGold > 0) {
    for (let left = template.giveGold; left > 0; left -= MAX_STACK) dropAround(ctx, at.x, at.y, { objectId: GOLD_OBJECT, amount: Math.min(left, MAX_STACK) });
    view.around(killer.x, killer.y, packets.fxpiso(at.x, at.y, GOLD_DROP_FLOOR_FX));
  }
  for (const drop of npcDrops(ctx, template)) dropAround(ctx, at.x, at.y, drop);
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

/** `DropMult` of the example configuration. */
const DROP_MULTIPLIER = 1;

/** `e_Skill.Supervivencia`. */
const SURVIVAL_SKILL = 8 as SkillId;

// ------------------------------------------------------------------ NPC on player

/** `NpcAtacaUser`: the AI's blow on the player in front of it (the AI checked the interval). */
export function npcMeleeOnPlayer(ctx: MapContext, npc: NpcEntity, player: PlayerEntity): void {
  const { view, packets } = ctx;
  const template = npc.template;
  if (template === null || !npc.alive || isDead(player)) return;
  const victim = profileOf(ctx, player);
  if (victim === null) return;
  player.inCombatUntil = ctx.clock.now() + IN_COMBAT_MS;
  cancelQuit(ctx, player);
  if (template.sound1 > 0) view.around(npc.x, npc.y, packets.playWave(template.sound1, npc.x, npc.y));
  const vitals = player.record.vitals;
  const outcome = resolveNpcMeleeOnUser(ctx.random, npcCombatProfile(template), victim, { hp: vitals.hp, maxHp: vitals.maxHp }, { onSkillUse: (_who, skill) => trainSkill(ctx, player, skill) });
  if (outcome.kind === "hit") {
    view.send(player, packets.npcHitUser(outcome.bodyPart, outcome.damage));
    view.around(player.x, player.y, packets.textOverChar(formatThousands(outcome.damage), player.charIndex, DAMAGE_TEXT_COLOUR));
    setPlayerHp(ctx, player, outcome.hpAfter);
  }
  view.around(npc.x, npc.y, packets.charAtaca(npc.charIndex, player.charIndex, outcome.kind === "hit" ? outcome.damage : -1));
  if (template.weaponAnim > 0) view.around(npc.x, npc.y, packets.armaMov(npc.charIndex, false));
  if (outcome.kind === "hit" && outcome.killed) {
    view.send(player, packets.npcKillUser());
    npc.target = null;
    killPlayer(ctx, player);
  }
}

// ------------------------------------------------------------------ player on player

function playerAttacksPlayer(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, victim: PlayerEntity): void {
  const { view, packets } = ctx;
  const refusal = pvpRefusal(ctx, player, victim);
  if (refusal !== null) {
    view.send(player, packets.localeMsg(refusal, "", FontIndex.Fight));
    return;
  }
  const victimProfile = profileOf(ctx, victim);
  if (victimProfile === null) return;
  const now = ctx.clock.now();
  player.inCombatUntil = now + IN_COMBAT_MS;
  victim.inCombatUntil = now + IN_COMBAT_MS;
  cancelQuit(ctx, victim);
  const vitals = victim.record.vitals;
  const outcome = resolveUserMeleeOnUser(ctx.random, attacker, victimProfile, { hp: vitals.hp, maxHp: vitals.maxHp }, {
    hooks: { onSkillUse: (who, skill) => trainSkill(ctx, who === "attacker" ? player : victim, skill) },
  });
  if (outcome.kind === "miss") {
    if (outcome.blocked) {
      view.around(victim.x, victim.y, packets.escudoMov(victim.charIndex));
    } else {
      view.send(victim, packets.localeMsg(COMBAT_MESSAGE.missedByUser, player.name, FontIndex.Fight));
      view.send(player, packets.localeMsg(COMBAT_MESSAGE.missedUser, "", FontIndex.Fight));
    }
    view.around(player.x, player.y, packets.charSwing(player.charIndex, true, true, true));
    return;
  }
  view.send(player, packets.userHittedUser(victim.charIndex, outcome.bodyPart, outcome.damage));
  view.send(victim, packets.userHittedByUser(player.charIndex, outcome.bodyPart, outcome.damage));
  view.around(victim.x, victim.y, packets.textOverChar(formatThousands(outcome.damage), victim.charIndex, DAMAGE_TEXT_COLOUR));
  setPlayerHp(ctx, victim, outcome.hpAfter);
  if (!outcome.killed) {
    view.around(victim.x, victim.y, packets.playWave(PVP_HIT_SOUND, victim.x, victim.y));
    view.around(victim.x, victim.y, packets.createFx(victim.charIndex, PVP_HIT_FX, 0));
    return;
  }
  killPlayer(ctx, victim);
  grantExperience(ctx, player, pvpKillExp(victim.record.level), "pvp_kill");
}

/** The locale id refusing a blow on another player (`PuedeAtacar`, the part this server models), or null. */
function pvpRefusal(ctx: MapContext, attacker: PlayerEntity, victim: PlayerEntity): number | null {
  if (isDead(victim)) return COMBAT_MESSAGE.victimDead;
  if (ctx.definition.safe) return COMBAT_MESSAGE.safeMap;
  const triggers = ctx.terrain.triggers;
  if (triggers[ctx.store.tile(attacker.x, attacker.y)] === TRIGGER_SAFE_ZONE || triggers[ctx.store.tile(victim.x, victim.y)] === TRIGGER_SAFE_ZONE) {
    return COMBAT_MESSAGE.safeZone;
  }
  return null;
}

// ------------------------------------------------------------------ shared

function setPlayerHp(ctx: MapContext, player: PlayerEntity, hp: number): void {
  player.record.vitals = { ...player.record.vitals, hp };
  player.minHp = hp;
  ctx.view.send(player, ctx.packets.updateHp(hp));
}

function killPlayer(ctx: MapContext, player: PlayerEntity): void {
  playerDies(ctx, player);
}

function trainSkill(ctx: MapContext, player: PlayerEntity, skill: CombatSkillId): void {
  raiseSkillByUse(ctx, player, skill as number as SkillId);
}

function clocksOf(player: PlayerEntity): CombatClocks {
  return clocksBySession.get(player) ?? FRESH_COMBAT_CLOCKS;
}

/** What the combat rules read of a player, or null when the world has no `Balance.dat`. */
function profileOf(ctx: MapContext, player: PlayerEntity): UserCombatProfile | null {
  const balance = ctx.tables?.balance;
  if (!balance) return null;
  const { equipment } = toRecordInventory(player.inventory);
  return userCombatProfile({ ...player.record, equipment }, ctx.items, balance);
}
