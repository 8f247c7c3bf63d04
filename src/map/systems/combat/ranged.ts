/**
 * Shooting and throwing on a map (combat-and-progression §4): `WorkLeftClick(x, y, skill)` with
 * skill 12 (Proyectiles), VB6 `HandleWorkLeftClick` (`Codigo/Protocol.bas`).
 *
 * How the stock client gets there: using an equipped bow or throwing weapon (`UseItem` /
 * `UseItemU`, VB6 `UseInvItem`) answers `WorkRequestTarget(12)` (systems/items.ts); the client
 * shows the arrow cursor and sends the next map click as `WorkLeftClick(x, y, 12)`.
 *
 * A shot, in the VB6 order:
 * 1. Ghosts and clicks off the map: nothing. A click off the player's screen (`InRangoVision`):
 *    `PosUpdate`. The logout countdown stops.
 * 2. The locks (cast→shot 800, melee→shot 800, shot 1200; a shot restarts the shot, melee and
 *    cast timers), a weapon, its item cooldown: refused silently. Ammunition (a bow needs equipped
 *    arrows of its `Municiones` subtype): locale 709, the ammunition unequipped
 *    (`ChangeInventorySlot`), `WorkRequestTarget(0)`. Stamina ≥ 10, else 2129 over the head,
 *    locale 1128 and `WorkRequestTarget(0)`; then −`RandomNumber(1, 10)` (`UpdateSta`).
 * 3. `LookatTile` on the click (kernel/targets.ts): the target is the char there.
 * 4. A player: more than 13 rows away → 8 and `WorkRequestTarget(0)`; oneself → 710 and
 *    `WorkRequestTarget(0)`; `PuedeAtacar` refusals end it (nothing used). Else the shared blow
 *    (melee.ts `userAttacksUser`, ranged), the arrow's `CreaFX` on the victim,
 *    `CreateProjectile`, `ArmaMov(char, ranged)`, the arrow's `CreaParticula` on the victim.
 *    An NPC: farther than 13 rows *and* 15 columns → 8 and `WorkRequestTarget(0)`; one that cannot
 *    be attacked is ignored (nothing used); else the shared blow (`userAttacksNpc`, ranged),
 *    `CreateProjectile`, `ArmaMov`.
 * 5. A bow: its `CreaWav`, one arrow less when the shot reached a target (the last one leaves the
 *    slot, and the ammunition with it), and the arrows' `ChangeInventorySlot` after every shot
 *    that got this far. A throwing weapon is not used up: its cooldown group starts
 *    (`UpdateCooldownType`) when it reached a target.
 *
 * The click itself reaches here through the skill cursor (systems/cursor.ts), after the checks
 * every skill shares (a ghost or a click off the map: nothing; off the screen: `PosUpdate`; the
 * meditation and the logout countdown end).
 */
import {
  ammunitionAfterShot,
  beginShot,
  checkShotTarget,
  CombatSkill,
  SHOT_RANGE_Y,
  type ShotStart,
  type UserCombatProfile,
} from "../../../game/combat/index.ts";
import { removeFromSlot, slotAt } from "../../../game/inventory/index.ts";
import type { ItemTemplate } from "../../../game/items/index.ts";
import { LocaleId, MESSAGES } from "../../../game/messages/index.ts";
import { COLOR_WHITE } from "../../../protocol/index.ts";
import { commit, lookAtTile, pvpAllowed, pvpCheck, slotFrame, spendStamina, unequipSlot, type MapContext, type PlayerEntity, type WorkClickHandler } from "../../kernel/index.ts";
import { ammunitionFx, ammunitionParticle, profileOf, userAttacksNpc, userAttacksUser } from "./melee.ts";

/** `WorkRequestTarget(0)`: the client's cursor back to normal. */
export const NO_TARGET_SKILL = 0;

/** `WorkLeftClick(x, y, Proyectiles)`: a shot from the equipped bow or throwing weapon at the clicked tile. */
export const shootAtClick: WorkClickHandler = (ctx, player, x, y) => shoot(ctx, player, x, y);

/** The skill of the shot's cursor (`e_Skill.Proyectiles`). */
export const PROJECTILES_SKILL = CombatSkill.Projectiles;

function shoot(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  const attacker = profileOf(ctx, player);
  if (attacker === null) return;
  const weapon = attacker.weapon;
  const now = ctx.clock.now();
  const ammunitionSlot = player.inventory.equipped.ammunition;
  const start = beginShot(ctx.random, {
    clocks: player.combatClocks,
    nowMs: now,
    stamina: player.record.vitals.stamina,
    weapon,
    ammunition: attacker.ammunition,
    ammunitionAmount: ammunitionSlot === 0 ? 0 : slotAt(player.inventory, ammunitionSlot).amount,
    weaponCoolingDown: weapon !== null && coolingDown(player, weapon, now),
  });
  player.combatClocks = start.clocks;
  if (!start.ok) {
    refuse(ctx, player, start.reason);
    return;
  }
  spendStamina(ctx, player, start.staminaAfter, start.notifyStamina);
  lookAtTile(ctx, player, x, y);
  const reached = shotAtTarget(ctx, player, attacker, x, y);
  if (reached === "refused") return;
  afterShot(ctx, player, weapon!, reached === "reached", now);
}

/** `IsItemInCooldown` on the weapon: its cooldown group started less than its `CD` ago. */
function coolingDown(player: PlayerEntity, weapon: ItemTemplate, now: number): boolean {
  const last = player.cooldowns[weapon.cooldownType];
  return last !== undefined && now - last < weapon.cooldown;
}

function refuse(ctx: MapContext, player: PlayerEntity, reason: Extract<ShotStart, { ok: false }>["reason"]): void {
  const { view, packets } = ctx;
  switch (reason) {
    case "no_ammunition":
      ctx.tell(player, MESSAGES.noAmmunition());
      unequipAmmunition(ctx, player);
      view.send(player, packets.workRequestTarget(NO_TARGET_SKILL));
      return;
    case "not_a_ranged_weapon":
      unequipAmmunition(ctx, player);
      view.send(player, packets.workRequestTarget(NO_TARGET_SKILL));
      return;
    case "tired":
      view.send(player, packets.localeChatOverHead(LocaleId.NoEnergyOverHead, "", player.charIndex, COLOR_WHITE, player.x, player.y));
      ctx.tell(player, MESSAGES.tooTiredToFight());
      view.send(player, packets.workRequestTarget(NO_TARGET_SKILL));
      return;
    default:
      // A lock, no weapon, the weapon's cooldown: VB6 answers nothing.
      return;
  }
}

/** `Desequipar` on the ammunition slot (nothing when none is equipped). */
function unequipAmmunition(ctx: MapContext, player: PlayerEntity): void {
  unequipSlot(ctx, player, player.inventory.equipped.ammunition);
}

/**
 * The target the look found: `reached` when the shot went at it (ammunition is used), `nothing`
 * when there was nothing to shoot at (or an NPC that cannot be attacked), `refused` when VB6 ends
 * the handler there (nothing more is sent or used).
 */
function shotAtTarget(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, x: number, y: number): "reached" | "nothing" | "refused" {
  const { view, packets } = ctx;
  const victim = player.targetUser;
  if (victim !== null) {
    if (Math.abs(victim.y - player.y) > SHOT_RANGE_Y) return tooFar(ctx, player);
    if (victim === player) {
      ctx.tell(player, MESSAGES.cannotAttackSelf());
      view.send(player, packets.workRequestTarget(NO_TARGET_SKILL));
      return "refused";
    }
    if (!pvpAllowed(ctx, player, pvpCheck(ctx, player, victim))) return "refused";
    userAttacksUser(ctx, player, attacker, victim, "ranged");
    ammunitionFx(ctx, attacker, victim.charIndex, victim);
    projectile(ctx, player, attacker, x, y);
    view.around(player.x, player.y, packets.armaMov(player.charIndex, true));
    ammunitionParticle(ctx, attacker, victim.charIndex, victim);
    return "reached";
  }
  const npc = player.targetNpc;
  if (npc === null || !npc.alive) return "nothing";
  if (checkShotTarget("npc", npc.x - player.x, npc.y - player.y) === "too_far") return tooFar(ctx, player);
  if (npc.template === null || !npc.template.attackable) return "nothing";
  userAttacksNpc(ctx, player, attacker, npc, "ranged");
  projectile(ctx, player, attacker, x, y);
  view.around(player.x, player.y, packets.armaMov(player.charIndex, true));
  return "reached";
}

function tooFar(ctx: MapContext, player: PlayerEntity): "refused" {
  ctx.tell(player, MESSAGES.tooFar());
  ctx.view.send(player, ctx.packets.workRequestTarget(NO_TARGET_SKILL));
  return "refused";
}

/** `CreateProjectile` from the shooter to the clicked tile, when the arrow (or thrown weapon) has a picture (`GetProjectileView`). */
function projectile(ctx: MapContext, player: PlayerEntity, attacker: UserCombatProfile, x: number, y: number): void {
  const weapon = attacker.weapon;
  if (weapon === null) return;
  const type = weapon.ammunitionSubtype === 0 ? weapon.projectileType : (attacker.ammunition?.projectileType ?? 0);
  if (type > 0) ctx.view.around(player.x, player.y, ctx.packets.createProjectile(player.x, player.y, x, y, type));
}

/** Step 5: the bow's sound and its arrows, or the throwing weapon's cooldown. */
function afterShot(ctx: MapContext, player: PlayerEntity, weapon: ItemTemplate, reached: boolean, now: number): void {
  const { view, packets } = ctx;
  if (weapon.ammunitionSubtype > 0) {
    if (weapon.shotSound > 0) view.around(player.x, player.y, packets.playWave(weapon.shotSound, player.x, player.y));
    const slot = player.inventory.equipped.ammunition;
    if (slot === 0) return;
    const use = ammunitionAfterShot({ usesAmmunition: true, amount: slotAt(player.inventory, slot).amount, targetValid: reached });
    if (use.consumed > 0) {
      const removed = removeFromSlot(player.inventory, slot, use.consumed);
      if (removed.ok) {
        commit(ctx, player, removed.inventory, removed.changed, 0);
        return;
      }
    }
    // VB6 re-sends the arrows' slot after every shot, whether one was used or not.
    view.send(player, packets.changeInventorySlot(slotFrame(ctx.items, player, slot)));
    return;
  }
  if (!reached) return;
  player.cooldowns = { ...player.cooldowns, [weapon.cooldownType]: now };
  view.send(player, packets.updateCooldownType(weapon.cooldownType));
}
