/**
 * Combat on a map (combat-and-progression §3): the `Attack` packet (a player strikes the tile in
 * front), an NPC's blow on a player (called by the NPC AI), and what follows — damage, experience,
 * the NPC's death with its gold and drops, the player's death. The numbers come from the pure
 * rules of `game/combat` and `game/progression`; this system feeds them the live state, applies
 * the outcome and sends what VB6 sends, in its order (§3.7).
 *
 * The blow itself is one path for melee and shots (`userAttacksNpc`, `userAttacksUser` with an
 * `AttackKind`): ranged.ts (`WorkLeftClick` with skill Proyectiles) calls them with
 * `"ranged"`, which changes the rolls (bow damage, the Proyectiles skill) and the sounds (228 on a
 * miss, 229 on a hit without the NPC's own sound).
 *
 * What blows share with shots and spells is the kernel's: the NPC damage path and its rewards
 * (kernel/npc-damage.ts), `PuedeAtacar` and `UsuarioAtacadoPorUsuario` (kernel/pvp.ts), death
 * (kernel/death.ts); a pet joining its master's fight reacts to the `npcAttacked`,
 * `userAttackedByNpc` and `playersFought` hooks.
 *
 * Decision: a world without `Balance.dat` has no class numbers to fight with: `Attack` answers nothing.
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
} from "../../../game/combat/index.ts";
import { toRecordInventory } from "../../../game/inventory/index.ts";
import { HEADING_SOUTH, headingBit, headingOfDelta, isHeading, stepX, stepY, type Heading } from "../../../game/movement/index.ts";
import { LocaleId, MESSAGES } from "../../../game/messages/index.ts";
import { hasEffect } from "../../../game/spells/index.ts";
import { NpcMovement } from "../../../game/npc-ai/index.ts";
import { formatThousands, pvpKillExp, type SkillId } from "../../../game/progression/index.ts";
import { IN_COMBAT_MS } from "../../../game/vitals/index.ts";
import { vbRgb } from "../../../protocol/index.ts";
import {
  attackerRevealed,
  DAMAGE_TEXT_COLOUR,
  damageNpc,
  grantExperience,
  interrupt,
  isDead,
  isHidden,
  killNpc,
  npcAttacked,
  npcHitMeditator,
  playerDies,
  pvpAllowed,
  pvpCheck,
  raiseSkillByUse,
  setPlayerHp,
  spendStamina,
  usersFought,
  type MapContext,
  type NpcEntity,
  type PlayerEntity,
} from "../../kernel/index.ts";

/** `SND_IMPACTO2`: a melee hit on an NPC without its own hit sound. */
export const MELEE_HIT_SOUND = 12;
/** Sound and FX of a player hit by another (`SND_IMPACTO`, `FXSANGRE`). */
export const PVP_HIT_SOUND = 10;
export const PVP_HIT_FX = 14;
/** `SND_FLECHA_FALLO` / `SND_FLECHA_IMPACTO`: a shot that missed, a shot that hit an NPC without its own sound. */
export const SHOT_MISS_SOUND = 228;
export const SHOT_HIT_SOUND = 229;

/** A blow with the weapon in hand, or a shot (VB6 `AttackType` `Melee` / `Ranged`). */
export type AttackKind = "melee" | "ranged";


// ------------------------------------------------------------------ the Attack packet

/** `Attack` (VB6 `HandleAttack` → `UsuarioAtaca` → `UserAttackPosition`). */
export function attack(ctx: MapContext, player: PlayerEntity): void {
  const { view, packets } = ctx;
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  const attacker = profileOf(ctx, player);
  if (attacker === null) return;
  if (attacker.weapon !== null && attacker.weapon.projectile > 0 && attacker.weapon.ammunitionSubtype > 0) {
    ctx.tell(player, MESSAGES.bowInMelee());
    return;
  }
  interrupt(ctx, player, "attack");
  const now = ctx.clock.now();
  const start = beginMelee(ctx.random, { clocks: player.combatClocks, nowMs: now, stamina: player.record.vitals.stamina, weapon: attacker.weapon });
  player.combatClocks = start.clocks;
  if (!start.ok) {
    if (start.reason === "tired") {
      ctx.tell(player, MESSAGES.item("too_tired"));
      view.send(player, packets.localeChatOverHead(LocaleId.NoEnergyOverHead, "", player.charIndex, vbRgb(255, 255, 255), player.x, player.y));
    }
    return;
  }
  spendStamina(ctx, player, start.staminaAfter, start.notifyStamina);
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
    ctx.tell(player, MESSAGES.npcNotAttackable());
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
  npcAttacked(ctx, npc, player);
  const hooks: CombatHooks = { onSkillUse: (_who, skill) => trainSkill(ctx, player, skill) };
  const target = { hp: npc.minHp };
  const npcProfile = npcCombatProfile(template);
  const outcome =
    kind === "ranged" ? resolveUserShotOnNpc(ctx.random, attacker, npcProfile, target, hooks) : resolveUserMeleeOnNpc(ctx.random, attacker, npcProfile, target, hooks);
  if (outcome.kind === "miss") {
    if (kind === "ranged") view.around(player.x, player.y, packets.playWave(SHOT_MISS_SOUND, player.x, player.y));
    // VB6 tells the swing's text only of a char that is seen (not hidden or invisible).
    view.around(player.x, player.y, packets.charSwing(player.charIndex, true, true, !isConcealed(player)));
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

// ------------------------------------------------------------------ NPC on player

/** `NpcAtacaUser`: the AI's blow on the player in front of it (the AI checked the interval). */
export function npcMeleeOnPlayer(ctx: MapContext, npc: NpcEntity, player: PlayerEntity): void {
  const { view, packets } = ctx;
  const template = npc.template;
  if (template === null || !npc.alive || isDead(player)) return;
  const victim = profileOf(ctx, player);
  if (victim === null) return;
  // `AllMascotasAtacanNPC` (the pets' `userAttackedByNpc`): the player's pets go for the NPC that attacks their master.
  ctx.hooks.userAttackedByNpc(ctx, player, npc);
  player.inCombatUntil = ctx.clock.now() + IN_COMBAT_MS;
  interrupt(ctx, player, "npc_blow");
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
    playerDies(ctx, player);
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

/**
 * `UsuarioAtacaUsuario`: legality, the distance (at most `MAXDISTANCIAARCO`, locale 8), the
 * consequences of attacking (`UsuarioAtacadoPorUsuario`, kernel/pvp.ts), the roll, then a
 * miss (1930 / 1043 or the shield, 228 for a shot, the swing) or a hit (blood FX, the hit lines,
 * the damage, the sound and FX of a survivor, or the death and the killer's experience).
 */
export function userAttacksUser(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, victim: PlayerEntity, kind: AttackKind): void {
  const { view, packets } = ctx;
  const check = pvpCheck(ctx, player, victim);
  if (!pvpAllowed(ctx, player, check)) return;
  if (!withinAttackDistance(victim.x - player.x, victim.y - player.y)) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  const victimProfile = profileOf(ctx, victim);
  if (victimProfile === null) return;
  usersFought(ctx, player, victim, check.safeFight);
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
      ctx.tell(victim, MESSAGES.missedByUser(player.name));
      ctx.tell(player, MESSAGES.missedUser());
    }
    // `RemoveUserInvisibility` after the roll: a hidden attacker comes out (kernel/hiding.ts);
    // one still unseen (a Bandit at Ocultarse 100, the invisibility spell) swings for itself only.
    attackerRevealed(ctx, player, false);
    const unseen = isConcealed(player);
    const tell = (frame: Uint8Array) => (unseen ? view.send(player, frame) : view.around(player.x, player.y, frame));
    if (kind === "ranged") tell(packets.playWave(SHOT_MISS_SOUND, player.x, player.y));
    tell(packets.charSwing(player.charIndex, true, true, !unseen));
    return;
  }
  view.around(victim.x, victim.y, packets.createFx(victim.charIndex, PVP_HIT_FX, 0));
  attackerRevealed(ctx, player, true);
  view.send(player, packets.userHittedUser(victim.charIndex, outcome.bodyPart, outcome.damage));
  view.send(victim, packets.userHittedByUser(player.charIndex, outcome.bodyPart, outcome.damage));
  view.around(victim.x, victim.y, packets.textOverChar(formatThousands(outcome.damage), victim.charIndex, DAMAGE_TEXT_COLOUR));
  setPlayerHp(ctx, victim, outcome.hpAfter);
  if (!outcome.killed) {
    view.around(player.x, player.y, packets.playWave(PVP_HIT_SOUND, player.x, player.y));
    view.around(victim.x, victim.y, packets.createFx(victim.charIndex, PVP_HIT_FX, 0));
    return;
  }
  playerDies(ctx, victim);
  grantExperience(ctx, player, pvpKillExp(victim.record.level), "pvp_kill");
}

// ------------------------------------------------------------------ shared

/** Hidden (Ocultarse) or under the invisibility spell: VB6 `flags.invisible + flags.Oculto > 0`. */
function isConcealed(player: PlayerEntity): boolean {
  return isHidden(player) || player.statusEffects.invisible !== undefined;
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
