/**
 * A user's spell on an NPC (`HandleHechizoNPC` → `HechizoPropNPC` / `HechizoEstadoNPC`, §5.3 –
 * §5.5): damage or healing for `Tipo 1`, the states of `Tipo 2`. Draws in VB6's order (one
 * `RandomNumber` for damage or healing, none for states); the Magia skill-up roll comes after.
 */
import { diceFromRandom } from "../combat/index.ts";
import { SKILL } from "../progression/index.ts";
import type { Random } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";
import { NPC_HOLD_TICKS_PER_DURATION, SPELL_MESSAGE, SpellType } from "./constants.ts";
import { hpAfterDamage, hpAfterHeal, type SpellCastBase, type SpellMessage, type SpellRefusal } from "./outcome.ts";
import { spellDamageOnNpc, spellHealAmount } from "./spell-damage.ts";
import { DEFAULT_SPELL_RULES, isDamageSpell, isHealingSpell, type SpellCaster, type SpellData, type SpellRules, type SpellTargetNpc } from "./spell-data.ts";
import { applyEffect, npcTicksCounterMs, removeEffects, type StatusEffects } from "./status-effects.ts";

/** Whether the caster may attack this NPC (`UserCanAttackNpc`): the map's answer (faction NPCs, other players' pets, …). */
export type NpcAttackAnswer = { readonly ok: true; readonly turnsCriminal: boolean } | { readonly ok: false; readonly message: number | null };

export const NPC_ATTACK_ALLOWED: NpcAttackAnswer = { ok: true, turnsCriminal: false };

export interface NpcSpellCast extends SpellCastBase {
  /** `Snd2` of the NPC, played when a damage spell lands (0 = none). */
  readonly npcSound: number;
  /** `AllMascotasAtacanNPC`: the caster's pets join in (VB6 does this for every spell on an NPC, even a heal). */
  readonly petsAttack: true;
}

export type NpcSpellOutcome = SpellRefusal | NpcSpellCast;

/** How long a spell holds an NPC: `Duration × 6.5 × 6` AI ticks, in ms (Paralizar, Duration 15: 585 ticks → 87 900 ms). §5.5. */
export function npcHoldMs(durationSeconds: number, aiTickMs: number): number {
  return npcTicksCounterMs(vbRound(durationSeconds * NPC_HOLD_TICKS_PER_DURATION), aiTickMs);
}

function refused(reason: string, message: number | null): SpellRefusal {
  return { kind: "refused", reason, message };
}

/**
 * Resolves a spell on an NPC. `Tipo` 1 damages (after the attack check, the NPC turns on the
 * caster) or heals a hurt NPC (821 when it is not); `Tipo` 2 poisons (a flag: NPCs do not tick
 * poison), cures poison (815), paralyses or immobilises for `Duration × 39` AI ticks unless
 * `AfectaParalisis` (381), removes paralysis from the caster's own pets or faction creatures
 * (816, 817), makes it invisible. Other types do nothing to an NPC (refused, nothing paid).
 */
export function resolveSpellOnNpc(
  random: Random,
  caster: SpellCaster,
  spell: SpellData,
  npc: SpellTargetNpc,
  nowMs: number,
  attack: NpcAttackAnswer = NPC_ATTACK_ALLOWED,
  rules: SpellRules = DEFAULT_SPELL_RULES,
): NpcSpellOutcome {
  if (npc.immuneToSpells) return refused("immune_to_spells", SPELL_MESSAGE.noEffect);
  if (spell.spellType === SpellType.Properties) return propertiesOnNpc(random, caster, spell, npc, attack);
  if (spell.spellType === SpellType.Status) return statusOnNpc(spell, npc, nowMs, attack, rules);
  return refused("no_effect_on_npcs", null);
}

function cast(npc: SpellTargetNpc, parts: Partial<Omit<NpcSpellCast, "kind" | "petsAttack">>): NpcSpellCast {
  return {
    kind: "cast",
    damage: null,
    heal: null,
    status: npc.status,
    notices: [],
    messages: [],
    attacked: false,
    turnsCasterCriminal: false,
    skillUses: [{ who: "caster", skill: SKILL.Magic }],
    npcSound: 0,
    petsAttack: true,
    ...parts,
  };
}

function propertiesOnNpc(random: Random, caster: SpellCaster, spell: SpellData, npc: SpellTargetNpc, attack: NpcAttackAnswer): NpcSpellOutcome {
  const dice = diceFromRandom(random);
  if (isHealingSpell(spell)) {
    if (npc.hp >= npc.maxHp) return refused("not_wounded", SPELL_MESSAGE.npcNotWounded);
    const { roll, amount } = spellHealAmount(dice, spell, caster, npc);
    const messages: SpellMessage[] = amount > 0 ? [{ to: "caster", messageId: SPELL_MESSAGE.healedTarget, params: ["la criatura", amount] }] : [];
    return cast(npc, { heal: { roll, amount, hpAfter: hpAfterHeal(npc.hp, npc.maxHp, amount) }, messages });
  }
  if (isDamageSpell(spell)) {
    if (!attack.ok) return refused("cannot_attack", attack.message);
    const damage = spellDamageOnNpc(dice, caster, spell, npc);
    return cast(npc, {
      damage: { ...damage, ...hpAfterDamage(npc.hp, damage.damage) },
      attacked: true,
      turnsCasterCriminal: attack.turnsCriminal,
      npcSound: npc.sound2,
    });
  }
  return refused("no_effect_on_npcs", null);
}

function statusOnNpc(spell: SpellData, npc: SpellTargetNpc, nowMs: number, attack: NpcAttackAnswer, rules: SpellRules): NpcSpellOutcome {
  let status: StatusEffects = npc.status;
  let done = false;
  let attacked = false;
  let turnsCasterCriminal = false;
  if (spell.invisibility) {
    status = applyEffect(status, { kind: "invisible", durationMs: null }, nowMs).effects;
    done = true;
  }
  if (spell.poisonLevel > 0) {
    if (!attack.ok) return refused("cannot_attack", attack.message);
    turnsCasterCriminal = attack.turnsCriminal;
    attacked = true;
    // NPCs carry the flag only: nothing bites them (§5.5).
    status = applyEffect(status, { kind: "poisoned", level: spell.poisonLevel, firstBiteMs: null }, nowMs).effects;
    done = true;
  }
  if (spell.curesPoison) {
    if (status.poisoned === undefined) return refused("not_poisoned", SPELL_MESSAGE.npcNotPoisoned);
    status = removeEffects(status, ["poisoned"], nowMs).effects;
    done = true;
  }
  if (spell.removesCurse) done = true;
  if (spell.paralyzes) {
    if (npc.paralysisImmune) return refused("immune_to_paralysis", SPELL_MESSAGE.npcImmuneToThis);
    attacked = true;
    status = removeEffects(status, ["immobilized"], nowMs).effects;
    status = applyEffect(status, { kind: "paralyzed", durationMs: npcHoldMs(spell.durationSeconds, rules.npcAiTickMs) }, nowMs).effects;
    done = true;
  }
  if (spell.removesParalysis) {
    if (status.paralyzed === undefined && status.immobilized === undefined) return refused("not_paralyzed", SPELL_MESSAGE.npcNotParalyzed);
    // Only the caster's own pets and creatures of the caster's faction (Army / Legion, or their members' pets).
    if (npc.master !== "caster" && !npc.sameFaction) return refused("not_own_creature", SPELL_MESSAGE.onlyOwnPetsParalysis);
    status = removeEffects(status, ["paralyzed", "immobilized"], nowMs).effects;
    done = true;
  }
  if (spell.immobilizes) {
    if (npc.paralysisImmune) {
      if (!done) return refused("immune_to_paralysis", SPELL_MESSAGE.npcImmuneToThis);
    } else {
      attacked = true;
      status = removeEffects(status, ["paralyzed"], nowMs).effects;
      status = applyEffect(status, { kind: "immobilized", durationMs: npcHoldMs(spell.durationSeconds, rules.npcAiTickMs) }, nowMs).effects;
      done = true;
    }
  }
  if (spell.mimics) return refused("unsupported", null);
  if (!done) return refused("no_effect_on_npcs", null);
  return cast(npc, { status, attacked, turnsCasterCriminal });
}
