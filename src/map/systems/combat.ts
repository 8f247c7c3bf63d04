/**
 * Combat on a map (combat-and-progression §3): the `Attack` packet (a player strikes the tile in
 * front), an NPC's blow on a player (called by the NPC AI), and what follows — damage, experience,
 * the NPC's death with its gold and drops, the player's death. The numbers come from the pure
 * rules of `game/combat` and `game/progression`; this system feeds them the live state, applies
 * the outcome and sends what VB6 sends, in its order (§3.7).
 *
 * The blow itself is one path for melee and shots (`userAttacksNpc`, `userAttacksUser` with an
 * `AttackKind`): systems/ranged.ts (`WorkLeftClick` with skill Proyectiles) calls them with
 * `"ranged"`, which changes the rolls (bow damage, the Proyectiles skill) and the sounds (228 on a
 * miss, 229 on a hit without the NPC's own sound).
 *
 * Decisions:
 * - PvP legality is `PuedeAtacar` as far as this server has the state: ghosts, arena tiles
 *   (trigger 6: both on one is a safe fight, one on one is refused), the faction checks with the
 *   safe toggle (systems/faction.ts), safe maps (`Seguro=1`), trigger-4 tiles. A citizen who
 *   attacks a citizen turns criminal (`VolverCriminal`). Parties, guilds, duels, GM ranks, mounts
 *   and curses are not modelled yet (§3.4 lists them).
 * - A world without `Balance.dat` has no class numbers to fight with: `Attack` answers nothing.
 */
import {
  beginMelee,
  npcCombatProfile,
  resolveNpcMeleeOnNpc,
  resolveNpcMeleeOnUser,
  resolveUserMeleeOnNpc,
  resolveUserMeleeOnUser,
  resolveUserShotOnNpc,
  resolveUserShotOnUser,
  userCombatProfile,
  withinAttackDistance,
  type CombatHooks,
  type CombatSkillId,
  type UserCombatProfile,
} from "../../game/combat/index.ts";
import { attackTurnsCriminal, factionAttackRefusal } from "../../game/faction/index.ts";
import { toRecordInventory } from "../../game/inventory/index.ts";
import { GOLD_OBJECT, MAX_STACK } from "../../game/items/index.ts";
import { HEADING_SOUTH, headingBit, headingOfDelta, isHeading, stepX, stepY, type Heading } from "../../game/movement/index.ts";
import { hasEffect } from "../../game/spells/index.ts";
import { NpcMovement } from "../../game/npc-ai/index.ts";
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
import { TRIGGER_ARENA, turnCriminal } from "./faction.ts";
import { killNpc, npcAttacked } from "./npcs.ts";
import { petsAttackNpc, petsAttackUser } from "./pets.ts";
import { grantExperience, raiseSkillByUse, rewardNpcDamage } from "./progression.ts";
import { npcHitMeditator, stopMeditating } from "./status.ts";

/** `vbRed`: damage numbers over a char. */
export const DAMAGE_TEXT_COLOUR = vbRgb(255, 0, 0);
/** `SND_IMPACTO2`: a melee hit on an NPC without its own hit sound. */
export const MELEE_HIT_SOUND = 12;
/** The death sound of an NPC without `Snd3`. */
export const NPC_DEATH_SOUND = 28;
/** `Fxpiso` 87: the gold an NPC leaves, for the killer's area. */
export const GOLD_DROP_FLOOR_FX = 87;
/** Sound and FX of a player hit by another (`SND_IMPACTO`, `FXSANGRE`). */
export const PVP_HIT_SOUND = 10;
export const PVP_HIT_FX = 14;
/** `SND_FLECHA_FALLO` / `SND_FLECHA_IMPACTO`: a shot that missed, a shot that hit an NPC without its own sound. */
export const SHOT_MISS_SOUND = 228;
export const SHOT_HIT_SOUND = 229;

/** A blow with the weapon in hand, or a shot (VB6 `AttackType` `Melee` / `Ranged`). */
export type AttackKind = "melee" | "ranged";

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
  /** Msg8: too far (a user more than `MAXDISTANCIAARCO` away). */
  tooFar: 8,
} as const;

/** Trigger 4 (`ZONASEGURA`): nobody fights onto or from it. */
export const TRIGGER_SAFE_ZONE = 4;
/** `FONTTYPE_DIOS`. */
const FONT_GOD = 18;

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
  stopMeditating(ctx, player);
  cancelQuit(ctx, player);
  const now = ctx.clock.now();
  const start = beginMelee(ctx.random, { clocks: player.combatClocks, nowMs: now, stamina: player.record.vitals.stamina, weapon: attacker.weapon });
  player.combatClocks = start.clocks;
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
  else if (target.kind === "npc") meleeOnNpc(ctx, player, attacker, target);
  else userAttacksUser(ctx, player, attacker, target, "melee");
}

/** VB6 `MapData(...).Blocked And 2^(heading-1)`: the target tile refuses entry from this side. */
function edgeBlocked(ctx: MapContext, x: number, y: number, heading: Heading): boolean {
  return (ctx.terrain.collision[ctx.store.tile(x, y)]! & headingBit(heading)) !== 0;
}

// ------------------------------------------------------------------ player on NPC

/** `UserAttackPosition` on an NPC: one that cannot be attacked says so (1042). */
function meleeOnNpc(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, npc: NpcEntity): void {
  if (npc.template === null || !npc.template.attackable) {
    ctx.view.send(player, ctx.packets.localeMsg(COMBAT_MESSAGE.npcNotAttackable, "", FontIndex.Fight));
    return;
  }
  userAttacksNpc(ctx, player, attacker, npc, "melee");
}

/**
 * `UsuarioAtacaNpc` on an NPC that may be attacked (the caller checked): the NPC turns on the
 * player, the roll, then on a miss the swing (and 228 for a shot), on a hit the sound (the NPC's
 * `Snd2`, else 12 for a blow, 229 for a shot), the damage path and the ammunition's FX and
 * particle on the NPC (`CreaFX`, `CreaParticula`).
 */
export function userAttacksNpc(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, npc: NpcEntity, kind: AttackKind): void {
  const { view, packets } = ctx;
  const template = npc.template;
  if (template === null || !npc.alive) return;
  petsAttackNpc(ctx, player, npc);
  npcAttacked(ctx, npc, player);
  const hooks: CombatHooks = { onSkillUse: (_who, skill) => trainSkill(ctx, player, skill) };
  const target = { hp: npc.minHp };
  const npcProfile = npcCombatProfile(template);
  const outcome =
    kind === "ranged" ? resolveUserShotOnNpc(ctx.random, attacker, npcProfile, target, hooks) : resolveUserMeleeOnNpc(ctx.random, attacker, npcProfile, target, hooks);
  if (outcome.kind === "miss") {
    if (kind === "ranged") view.around(player.x, player.y, packets.playWave(SHOT_MISS_SOUND, player.x, player.y));
    view.around(player.x, player.y, packets.charSwing(player.charIndex, true, true, true));
    return;
  }
  if (template.sound2 > 0) view.around(npc.x, npc.y, packets.playWave(template.sound2, npc.x, npc.y));
  else view.around(player.x, player.y, packets.playWave(kind === "ranged" ? SHOT_HIT_SOUND : MELEE_HIT_SOUND, npc.x, npc.y));
  damageNpc(ctx, player, npc, outcome.totalDamage);
  // After a kill VB6 sends these to a char index already erased (0), which clients ignore.
  if (npc.alive) {
    ammunitionFx(ctx, attacker, npc.charIndex, player);
    ammunitionParticle(ctx, attacker, npc.charIndex, player);
  }
}

/**
 * The ammunition's `CreaFX` on the char a shot reached (a weapon that takes ammunition only), for
 * those who see `seenFrom` (VB6 sends it to the shooter's area for an NPC, the victim's for a user).
 */
export function ammunitionFx(ctx: MapContext, attacker: UserCombatProfile, charIndex: number, seenFrom: { x: number; y: number }): void {
  const ammunition = shotAmmunition(attacker);
  if (ammunition !== null && ammunition.fx !== 0) ctx.view.around(seenFrom.x, seenFrom.y, ctx.packets.createFx(charIndex, ammunition.fx, 0));
}

/** The ammunition's `CreaParticula` ("particle:time") on the char a shot reached, as `ammunitionFx`. */
export function ammunitionParticle(ctx: MapContext, attacker: UserCombatProfile, charIndex: number, seenFrom: { x: number; y: number }): void {
  const ammunition = shotAmmunition(attacker);
  const particle = ammunition === null ? null : parseParticle(ammunition.particle);
  if (particle !== null) ctx.view.around(seenFrom.x, seenFrom.y, ctx.packets.particleFx(charIndex, particle.particle, particle.timeMs, false));
}

/** The equipped ammunition when the weapon shoots (`Proyectil`), else null. */
function shotAmmunition(attacker: UserCombatProfile): UserCombatProfile["ammunition"] {
  return attacker.weapon !== null && attacker.weapon.projectile !== 0 ? attacker.ammunition : null;
}

/** `CreaParticula` = "particle:time[:…]", read as VB6 `Val(ReadField(n, …, ":"))`; null when empty. */
function parseParticle(value: string): { particle: number; timeMs: number } | null {
  if (value === "") return null;
  const [particle, time] = value.split(":");
  return { particle: Math.trunc(Number.parseFloat(particle ?? "")) || 0, timeMs: Math.trunc(Number.parseFloat(time ?? "")) || 0 };
}

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
  if (pet === null) view.send(player, packets.localeMsg(COMBAT_MESSAGE.damageDealt, formatThousands(damage), FontIndex.Fight));
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
  view.send(killer, packets.localeMsg(COMBAT_MESSAGE.killedCreature, "", FONT_GOD));
  // Someone's pet leaves no skill, experience, gold or drops (`MuereNpc`: `If IsValidUserRef(MiNPC.MaestroUser) Then Exit Sub`).
  if (npc.master !== null) return;
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
  // `AllMascotasAtacanNPC`: the player's pets go for the NPC that attacks their master.
  if (template.attackable && npc.master !== player) petsAttackNpc(ctx, player, npc);
  player.inCombatUntil = ctx.clock.now() + IN_COMBAT_MS;
  cancelQuit(ctx, player);
  if (template.sound1 > 0) view.around(npc.x, npc.y, packets.playWave(template.sound1, npc.x, npc.y));
  const vitals = player.record.vitals;
  const outcome = resolveNpcMeleeOnUser(ctx.random, npcCombatProfile(template), victim, { hp: vitals.hp, maxHp: vitals.maxHp }, { onSkillUse: (_who, skill) => trainSkill(ctx, player, skill) });
  if (outcome.kind === "hit") {
    view.send(player, packets.npcHitUser(outcome.bodyPart, outcome.damage));
    view.around(player.x, player.y, packets.textOverChar(formatThousands(outcome.damage), player.charIndex, DAMAGE_TEXT_COLOUR));
    setPlayerHp(ctx, player, outcome.hpAfter);
    if (!outcome.killed) npcHitMeditator(ctx, player, outcome.damage);
  }
  view.around(npc.x, npc.y, packets.charAtaca(npc.charIndex, player.charIndex, outcome.kind === "hit" ? outcome.damage : -1));
  if (template.weaponAnim > 0) view.around(npc.x, npc.y, packets.armaMov(npc.charIndex, false));
  if (outcome.kind === "hit" && outcome.killed) {
    view.send(player, packets.npcKillUser());
    npc.target = null;
    killPlayer(ctx, player);
  }
}

// ------------------------------------------------------------------ NPC on NPC

/**
 * `NpcAtacaNpc` then `NpcPerformAttackNpc` (the AI checked the interval and turned the attacker):
 * the victim turns on the attacker (`TargetNPC`, movement `NpcAtacaNpc`) unless it is paralysed
 * and facing away; the attacker's `Snd1` (twice, as VB6 plays it in both routines) and `ArmaMov`;
 * the roll; on a hit the impact sound (`Snd1` or 12) and the damage (the red number, the HP bar,
 * the master's experience and kill when a pet dealt it); on a miss `CharSwing`; always `CharAtaca`
 * with the damage or −1. An NPC that is not a pet and kills goes back to how it was.
 */
export function npcMeleeOnNpc(ctx: MapContext, attacker: NpcEntity, victim: NpcEntity): void {
  const { view, packets } = ctx;
  const template = attacker.template;
  const victimTemplate = victim.template;
  if (template === null || victimTemplate === null || !attacker.alive || !victim.alive) return;
  const now = ctx.clock.now();
  // `If Heading <> Victima.Heading And Victima.flags.Paralizado Then cambiarMovimiento = False`.
  const towardsAttacker = headingOfDelta(attacker.x - victim.x, attacker.y - victim.y, isHeading(victim.heading) ? victim.heading : HEADING_SOUTH);
  const heldAway = towardsAttacker !== victim.heading && hasEffect(victim.statusEffects, "paralyzed", now);
  if (!heldAway) {
    victim.targetNpc = attacker;
    victim.movement = NpcMovement.attackNpc;
  }
  if (template.sound1 > 0) view.around(attacker.x, attacker.y, packets.playWave(template.sound1, attacker.x, attacker.y));
  if (template.sound1 > 0) view.around(attacker.x, attacker.y, packets.playWave(template.sound1, attacker.x, attacker.y));
  if (template.weaponAnim > 0) view.around(attacker.x, attacker.y, packets.armaMov(attacker.charIndex, false));
  const outcome = resolveNpcMeleeOnNpc(ctx.random, npcCombatProfile(template), npcCombatProfile(victimTemplate), { hp: victim.minHp });
  const at = { x: attacker.x, y: attacker.y };
  const charIndex = attacker.charIndex;
  const victimIndex = victim.charIndex;
  if (outcome.kind === "hit") {
    view.around(victim.x, victim.y, packets.playWave(template.sound1 > 0 ? template.sound1 : MELEE_HIT_SOUND, victim.x, victim.y));
    npcDamagedByNpc(ctx, attacker, victim, outcome.damage);
  } else {
    view.around(at.x, at.y, packets.charSwing(charIndex, false, true, true));
  }
  view.around(at.x, at.y, packets.charAtaca(charIndex, victimIndex, outcome.kind === "hit" ? outcome.shown : -1));
}

/**
 * `NPCs.DoDamageOrHeal` from an NPC: a pet's damage is its master's (the experience, and the kill
 * with its rewards); anyone else's is the red number and the HP bar, and a kill pays nobody (the
 * victim still comes back by its own rules; a pet never does).
 */
function npcDamagedByNpc(ctx: MapContext, attacker: NpcEntity, victim: NpcEntity, damage: number): void {
  const master = attacker.master;
  if (master !== null && ctx.store.player(master.session) === master) {
    damageNpc(ctx, master, victim, damage, attacker);
    return;
  }
  const { view, packets } = ctx;
  view.around(victim.x, victim.y, packets.textOverChar(formatThousands(damage), victim.charIndex, DAMAGE_TEXT_COLOUR));
  victim.minHp = Math.max(0, Math.min(victim.maxHp, victim.minHp - damage));
  view.around(victim.x, victim.y, packets.charUpdateHp(victim.charIndex, victim.minHp, victim.maxHp));
  if (victim.minHp > 0) return;
  killNpc(ctx, victim, null);
  // `NpcDamageToNpc`: a killer without a master goes back to its old movement (and hostility, if a player had attacked it).
  if (attacker.master === null) {
    attacker.targetNpc = null;
    attacker.movement = attacker.ai.movement;
    if (attacker.attackedBy !== null) attacker.hostile = attacker.ai.hostile;
  }
}

// ------------------------------------------------------------------ player on player

/** `PuedeAtacar` as far as this server keeps the state: go on (a safe fight when both stand on an arena tile), or the refusing locale id (null: refused silently). */
export type PvpCheck = { readonly ok: true; readonly safeFight: boolean } | { readonly ok: false; readonly message: number | null };

/** `PuedeAtacar`, in its order (the attacker is alive: the callers checked). */
export function pvpCheck(ctx: MapContext, attacker: PlayerEntity, victim: PlayerEntity): PvpCheck {
  if (isDead(victim)) return { ok: false, message: COMBAT_MESSAGE.victimDead };
  const triggers = ctx.terrain.triggers;
  const attackerTrigger = triggers[ctx.store.tile(attacker.x, attacker.y)];
  const victimTrigger = triggers[ctx.store.tile(victim.x, victim.y)];
  // `TriggerZonaPelea`: both on an arena tile fight freely; one on it and one off may not.
  if (attackerTrigger === TRIGGER_ARENA || victimTrigger === TRIGGER_ARENA) {
    return attackerTrigger === victimTrigger ? { ok: true, safeFight: true } : { ok: false, message: null };
  }
  const faction = factionAttackRefusal({ status: attacker.status, safeMode: attacker.safeMode }, victim.status);
  if (faction !== null) return { ok: false, message: faction };
  if (ctx.definition.safe) return { ok: false, message: COMBAT_MESSAGE.safeMap };
  if (attackerTrigger === TRIGGER_SAFE_ZONE || victimTrigger === TRIGGER_SAFE_ZONE) return { ok: false, message: COMBAT_MESSAGE.safeZone };
  return { ok: true, safeFight: false };
}

/** Sends a `PuedeAtacar` refusal; true when the attack may go on. */
export function pvpAllowed(ctx: MapContext, attacker: PlayerEntity, check: PvpCheck): check is { ok: true; safeFight: boolean } {
  if (check.ok) return true;
  // VB6 writes the ghost refusal in FONTTYPE_INFO, the faction and safe-place ones in FONTTYPE_WARNING.
  if (check.message !== null) ctx.view.send(attacker, ctx.packets.localeMsg(check.message, "", check.message === COMBAT_MESSAGE.victimDead ? FontIndex.Info : FontIndex.Warning));
  return false;
}

/**
 * `UsuarioAtacaUsuario`: legality, the distance (at most `MAXDISTANCIAARCO`, locale 8), the
 * consequences of attacking (`UsuarioAtacadoPorUsuario`: the victim's logout stops; unless a safe
 * fight both fight `EnCombate` and a citizen attacking a citizen turns criminal), the roll, then a
 * miss (1930 / 1043 or the shield, 228 for a shot, the swing) or a hit (blood FX, the hit lines,
 * the damage, the sound and FX of a survivor, or the death and the killer's experience).
 */
export function userAttacksUser(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, victim: PlayerEntity, kind: AttackKind): void {
  const { view, packets } = ctx;
  const check = pvpCheck(ctx, player, victim);
  if (!pvpAllowed(ctx, player, check)) return;
  if (!withinAttackDistance(victim.x - player.x, victim.y - player.y)) {
    view.send(player, packets.localeMsg(COMBAT_MESSAGE.tooFar, "", FontIndex.Info));
    return;
  }
  const victimProfile = profileOf(ctx, victim);
  if (victimProfile === null) return;
  cancelQuit(ctx, victim);
  stopMeditating(ctx, victim);
  petsAttackUser(victim, player);
  petsAttackUser(player, victim);
  if (!check.safeFight) {
    const now = ctx.clock.now();
    player.inCombatUntil = now + IN_COMBAT_MS;
    victim.inCombatUntil = now + IN_COMBAT_MS;
    if (attackTurnsCriminal(player.status, victim.status)) turnCriminal(ctx, player);
  }
  const vitals = victim.record.vitals;
  const target = { hp: vitals.hp, maxHp: vitals.maxHp };
  const options = { hooks: { onSkillUse: (who: "attacker" | "victim", skill: CombatSkillId) => trainSkill(ctx, who === "attacker" ? player : victim, skill) } };
  const outcome =
    kind === "ranged"
      ? resolveUserShotOnUser(ctx.random, attacker, victimProfile, target, options)
      : resolveUserMeleeOnUser(ctx.random, attacker, victimProfile, target, options);
  if (outcome.kind === "miss") {
    if (outcome.blocked) {
      view.around(victim.x, victim.y, packets.escudoMov(victim.charIndex));
    } else {
      view.send(victim, packets.localeMsg(COMBAT_MESSAGE.missedByUser, player.name, FontIndex.Fight));
      view.send(player, packets.localeMsg(COMBAT_MESSAGE.missedUser, "", FontIndex.Fight));
    }
    if (kind === "ranged") view.around(player.x, player.y, packets.playWave(SHOT_MISS_SOUND, player.x, player.y));
    view.around(player.x, player.y, packets.charSwing(player.charIndex, true, true, true));
    return;
  }
  view.around(victim.x, victim.y, packets.createFx(victim.charIndex, PVP_HIT_FX, 0));
  view.send(player, packets.userHittedUser(victim.charIndex, outcome.bodyPart, outcome.damage));
  view.send(victim, packets.userHittedByUser(player.charIndex, outcome.bodyPart, outcome.damage));
  view.around(victim.x, victim.y, packets.textOverChar(formatThousands(outcome.damage), victim.charIndex, DAMAGE_TEXT_COLOUR));
  setPlayerHp(ctx, victim, outcome.hpAfter);
  if (!outcome.killed) {
    view.around(player.x, player.y, packets.playWave(PVP_HIT_SOUND, player.x, player.y));
    view.around(victim.x, victim.y, packets.createFx(victim.charIndex, PVP_HIT_FX, 0));
    return;
  }
  killPlayer(ctx, victim);
  grantExperience(ctx, player, pvpKillExp(victim.record.level), "pvp_kill");
}

// ------------------------------------------------------------------ shared

/** A player's HP after damage or healing: the record, the visible bar, `UpdateHP` (VB6 `ModifyHealth`). The caller handles 0 HP. */
export function setPlayerHp(ctx: MapContext, player: PlayerEntity, hp: number): void {
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

/** What the combat rules read of a player, or null when the world has no `Balance.dat`. */
export function profileOf(ctx: MapContext, player: PlayerEntity): UserCombatProfile | null {
  const balance = ctx.tables?.balance;
  if (!balance) return null;
  const { equipment } = toRecordInventory(player.inventory);
  return userCombatProfile({ ...player.record, equipment }, ctx.items, balance);
}
