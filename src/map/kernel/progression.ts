/**
 * Experience, levels and skills on a map (combat-and-progression §7), on the rules of
 * `game/progression`: blows, kills, spells, taming and meditation call `grantExperience` (or
 * `rewardNpcDamage`) and `raiseSkillByUse`; the kernel applies the outcome to the player and tells
 * the clients what VB6 tells them, in VB6's order. Every grant passes the `experience` hook first
 * (a party shares it out there).
 *
 * The world's `Balance.dat` (`ctx.tables.balance`) gives the ELU table, the class numbers and
 * `DificultadSubirSkill`. Without it experience still adds up, but nobody levels up and skills
 * do not rise by use (VB6 would read zeros: a level every check, a skill point every use).
 * Server multipliers (`ExpMult`, `OroPorNivel`) are the example configuration's until the map
 * rules carry them.
 */
import type { BalanceTable } from "../../content/index.ts";
import {
  addExperience,
  canLevelUp,
  checkLevelUp,
  DEFAULT_EXP_SETTINGS,
  expGainText,
  progressionRulesFromBalance,
  rollSkillRaise,
  skillName,
  skillUpExp,
  type DamageExp,
  type SkillId,
} from "../../game/progression/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { vbRgb } from "../../protocol/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { ExperienceSource, MapContext } from "../map-context.ts";
import { sendWholeInventory } from "./inventory.ts";
import { takeNewbieItems } from "./newbie.ts";
import { writeVitals } from "./vitals.ts";

/** `CreateFX` of a level-up, to the area. */
export const LEVEL_UP_FX = 106;
/** `SND_NIVEL`: the level-up sound, to the area. */
export const LEVEL_UP_SOUND = 554;
/** The floating "+N" of experience over the player's tile: RGB(0, 169, 255). */
export const EXP_TEXT_COLOUR = vbRgb(0, 169, 255);
/** `vbYellow`: "+1 <skill>" over the head of a player whose skill rose. */
export const SKILL_UP_TEXT_COLOUR = vbRgb(255, 255, 0);

/**
 * Where experience came from (`ExperienceSource`, map-context.ts) decides what the player sees
 * besides `UpdateExp`:
 * - `npc_damage` (`GetExpForUser`): `UpdateExp`, the level-up, then "+N" over the tile (sent even
 *   at the top level, where nothing is added);
 * - `npc_kill` (the remainder, `MuereNpc`): "+N", then `UpdateExp` and the level-up;
 * - `skill_up` (`SubirSkill`): locale 140, then `UpdateExp` and the level-up;
 * - `pvp_kill` (`ActStats`) and `other`: `UpdateExp` and the level-up (the caller tells 76, 140
 *   and 185 after, as VB6 does, with `MESSAGES.expGained`).
 * At level 47 nothing is added and nothing but the `npc_damage` "+N" is sent.
 */
export type { ExperienceSource };

export interface ExperienceGrant {
  /** False at the top level: nothing was added. */
  readonly applied: boolean;
  readonly levelsGained: number;
}

/**
 * Adds `amount` of experience (a Double: the sum is rounded into the Long) and runs the level-up,
 * once the `experience` hook let it through (a system that takes it returns null: nothing is sent).
 */
export function grantExperience(ctx: MapContext, player: PlayerEntity, offered: number, offeredSource: ExperienceSource): ExperienceGrant {
  const grant = ctx.hooks.experience(ctx, player, { amount: offered, source: offeredSource });
  if (grant === null) return { applied: false, levelsGained: 0 };
  const { amount, source } = grant;
  const { record } = player;
  const added = addExperience(record.exp, record.level, amount);
  const overTile = () => ctx.view.send(player, ctx.packets.textOverTile(expGainText(amount), player.x, player.y, EXP_TEXT_COLOUR));
  if (!added.applied) {
    if (source === "npc_damage") overTile();
    return { applied: false, levelsGained: 0 };
  }
  if (source === "npc_kill") overTile();
  if (source === "skill_up") ctx.tell(player, MESSAGES.expGained(amount));
  record.exp = added.exp;
  ctx.view.send(player, ctx.packets.updateExp(record.exp));
  const levelsGained = levelUp(ctx, player);
  if (source === "npc_damage") overTile();
  return { applied: true, levelsGained };
}

/**
 * A hit on an NPC paid this (`expForDamage`): the level penalty line when one applied, then the
 * experience as `npc_damage`. Nothing when the hit paid nothing.
 */
export function rewardNpcDamage(ctx: MapContext, player: PlayerEntity, paid: DamageExp): ExperienceGrant {
  if (!paid.pays) return { applied: false, levelsGained: 0 };
  if (paid.penaltyPercent !== null) ctx.tell(player, MESSAGES.expPenalty(paid.penaltyPercent));
  return grantExperience(ctx, player, paid.exp, "npc_damage");
}

/**
 * VB6 `CheckUserLevel` on the player: per level the FX and sound for the area and locales 186,
 * 197, 198, 199, 200 (each gain only when positive) and 1293; then every usable inventory slot
 * (what the player may use changed with the level), `UpdateUserStats`, and with skill points
 * `LevelUp` and locale 187. Returns the levels gained.
 */
export function levelUp(ctx: MapContext, player: PlayerEntity): number {
  const balance = ctx.tables?.balance;
  const { record } = player;
  if (!balance || !canLevelUp(record, { expToLevelUp: levelTable(balance) })) return 0;
  const rules = progressionRulesFromBalance(balance);
  const outcome = checkLevelUp({ ...record, gold: player.inventory.gold }, rules, ctx.random);
  if (outcome.gains.length === 0) return 0;
  const { view, packets } = ctx;
  for (const gain of outcome.gains) {
    view.around(player.x, player.y, packets.createFx(player.charIndex, LEVEL_UP_FX, 0));
    view.around(player.x, player.y, packets.playWave(LEVEL_UP_SOUND, player.x, player.y));
    ctx.tell(player, MESSAGES.levelReached(gain.level));
    if (gain.hpGain > 0) ctx.tell(player, MESSAGES.hpGained(gain.hpGain, gain.maxHp));
    if (gain.staminaGain > 0) ctx.tell(player, MESSAGES.staminaGained(gain.staminaGain, gain.maxStamina));
    if (gain.manaGain > 0) ctx.tell(player, MESSAGES.manaGained(gain.manaGain, gain.maxMana));
    if (gain.hitGain > 0) ctx.tell(player, MESSAGES.hitGained(gain.hitGain, gain.minHit, gain.maxHit));
    if (gain.goldGain > 0) ctx.tell(player, MESSAGES.levelGold(gain.goldGain));
  }
  record.level = outcome.level;
  record.exp = outcome.exp;
  record.freeSkillPoints = outcome.freeSkillPoints;
  writeVitals(player, { hp: outcome.hp, maxHp: outcome.maxHp, maxMana: outcome.maxMana, maxStamina: outcome.maxStamina });
  if (outcome.gold !== player.inventory.gold) player.inventory = { ...player.inventory, gold: outcome.gold };
  sendWholeInventory(ctx, player);
  view.send(player, packets.updateUserStats(record, player.inventory.gold));
  if (outcome.skillPointsGained > 0) {
    view.send(player, packets.levelUp(record.freeSkillPoints));
    ctx.tell(player, MESSAGES.skillPointsGained(outcome.skillPointsGained, record.freeSkillPoints));
  }
  // Past level 12: the newbie objects go (`QuitarNewbieObj`, kernel/newbie.ts).
  if (outcome.leftNewbie) takeNewbieItems(ctx, player);
  return outcome.gains.length;
}

/**
 * VB6 `SubirSkill`: the rise-by-use roll for `skill`; on success +1 point, locale 1626, "+1
 * <skill>" in yellow over the head for the area, and `5 × ExpMult` experience (`skill_up`).
 * True when the skill rose.
 */
export function raiseSkillByUse(ctx: MapContext, player: PlayerEntity, skill: SkillId): boolean {
  const balance = ctx.tables?.balance;
  if (!balance) return false;
  const { record } = player;
  const index = skill - 1;
  const outcome = rollSkillRaise(
    { level: record.level, points: record.skills[index] ?? 0, food: record.vitals.food, water: record.vitals.water },
    balance.globals.skillRaiseDifficulty,
    ctx.random,
  );
  if (!outcome.raised) return false;
  const skills = [...record.skills];
  skills[index] = outcome.points;
  record.skills = skills;
  const name = skillName(skill);
  ctx.tell(player, MESSAGES.skillImproved(name, outcome.points));
  ctx.view.around(player.x, player.y, ctx.packets.textOverChar(`+1 ${name}`, player.charIndex, SKILL_UP_TEXT_COLOUR));
  grantExperience(ctx, player, skillUpExp(DEFAULT_EXP_SETTINGS.expMultiplier), "skill_up");
  return true;
}

/** The ELU table indexed by level (the parsed table starts at level 1). */
function levelTable(balance: BalanceTable): readonly number[] {
  return [0, ...balance.expToLevelUp];
}
