/**
 * Potions (`ObjType` 11) by `TipoPocion` (items-and-economy §5.3): the `otPotions` branch of VB6
 * `UseInvItem` (`Codigo/InvUsuario.bas`), with `Porcentaje` (`Codigo/Matematicas.bas`),
 * `ModifyHealth` and `GetSelfHealingBonus` (`Codigo/Modulo_UsUaRiOs.bas`). Random rolls use
 * `randomInt` (VB6 `RandomNumber`, reversed bounds included: the 2024 energy potion 169 has
 * Min 30, Max 20 and restores 22…30).
 */
import { vbRound } from "../character-creation/index.ts";
import { Gender, PotionType, Race } from "../items/index.ts";
import { randomInt } from "../../random/index.ts";
import { FX_HEAD_CHANGE, MANA_POTION_CAP, POTION_AFTER_HIT_MS, SOUND_DRINK, SOUND_INVISIBILITY, SOUND_PARALYSIS_CURE } from "./constants.ts";
import type { BoostedAttribute, UseEffect, UseOutcome } from "./types.ts";
import { consume, notAvailable, raise, refuse, used, type UseContext } from "./outcome.ts";

type HeadTable = Readonly<Record<number, readonly [number, number]>>;

/** Heads the random-head and sex-change potions draw from, per race (`ModifiesHeadRandom`). */
export const RANDOM_HEADS: { readonly male: HeadTable; readonly female: HeadTable } = {
  male: { [Race.Human]: [1, 40], [Race.Elf]: [101, 132], [Race.Drow]: [201, 229], [Race.Dwarf]: [301, 329], [Race.Gnome]: [401, 429], [Race.Orc]: [501, 529] },
  female: { [Race.Human]: [50, 80], [Race.Elf]: [150, 179], [Race.Drow]: [250, 279], [Race.Gnome]: [350, 379], [Race.Dwarf]: [450, 479], [Race.Orc]: [550, 579] },
};

/** Heads of the legendary-head potion (`ModifiesHeadRandomLegendary`). */
export const LEGENDARY_HEADS: { readonly male: HeadTable; readonly female: HeadTable } = {
  male: { [Race.Human]: [684, 686], [Race.Elf]: [690, 692], [Race.Drow]: [696, 698], [Race.Dwarf]: [702, 704], [Race.Gnome]: [708, 710], [Race.Orc]: [714, 716] },
  female: { [Race.Human]: [687, 689], [Race.Elf]: [693, 695], [Race.Drow]: [699, 701], [Race.Gnome]: [705, 707], [Race.Dwarf]: [711, 713], [Race.Orc]: [717, 719] },
};

/** Types consumed only outside a consumable-free zone. */
const FREE_ZONE_TYPES: ReadonlySet<number> = new Set([PotionType.Agility, PotionType.Strength, PotionType.Health, PotionType.Mana, PotionType.Stamina]);

/** A head drawn from a table (one draw even for an unknown race, which gets head 0). */
function drawHead(context: UseContext, table: { readonly male: HeadTable; readonly female: HeadTable }, gender: number): number {
  const byRace = gender === Gender.Female ? table.female : table.male;
  const range = byRace[context.state.wearer.race];
  if (range === undefined || (gender !== Gender.Male && gender !== Gender.Female)) return 0;
  return randomInt(context.deps.random, range[0], range[1]);
}

/** The HP a health potion restores: `RandomNumber(Min, Max) × max(1 + SelfHealingBonus, 0)` into a Long. */
export function healingAmount(roll: number, selfHealingBonus: number): number {
  const factor = Math.fround(Math.max(Math.fround(1 + selfHealingBonus), 0));
  return vbRound(roll * factor);
}

/**
 * The mana after a mana potion: `MinMAN > 20000 ? 20000 : MinMAN + Porcentaje(MaxMAN, p)`
 * (p = `Porcentaje` into a Byte; the sum into the Integer field, half to even), then at most
 * `MaxMAN`.
 */
export function manaAfterPotion(mana: number, maxMana: number, percentage: number): number {
  const p = vbRound(percentage);
  const raised = mana > MANA_POTION_CAP ? MANA_POTION_CAP : vbRound(mana + (maxMana * p) / 100);
  return Math.min(raised, maxMana);
}

/** A boosted strength or agility: `min(current + roll, 2 × base)`. */
export function boostedAttribute(attribute: BoostedAttribute, roll: number): number {
  return Math.min(attribute.current + roll, attribute.base * 2);
}

export function drinkPotion(context: UseContext): UseOutcome {
  const { state, item, deps } = context;
  const conditions = state.conditions ?? {};
  // `IntervaloPermiteGolpeUsar` without resetting: 800 ms since the last melee hit.
  if (state.timers.hit !== null && deps.now - state.timers.hit < POTION_AFTER_HIT_MS) return refuse(context, "potion_too_soon");
  const sound = item.sound !== 0 ? item.sound : SOUND_DRINK;
  const free = state.place.consumableFreeZone === true && FREE_ZONE_TYPES.has(item.potionType);
  const spend = (): { inventory: typeof state.inventory; changed: readonly number[]; consumed: number } =>
    free ? { inventory: state.inventory, changed: [], consumed: 0 } : { ...consume(context), consumed: 1 };
  const withEffectId = (effect: UseEffect): UseEffect => (item.applyEffectId > 0 ? { ...effect, applyEffectId: item.applyEffectId } : effect);
  switch (item.potionType) {
    case PotionType.Agility:
    case PotionType.Strength: {
      const key = item.potionType === PotionType.Agility ? "agility" : "strength";
      const attribute = state[key] ?? { current: 0, base: 0 };
      const value = boostedAttribute(attribute, randomInt(deps.random, item.minModifier, item.maxModifier));
      return used(context, { ...spend(), sound, effect: withEffectId({ [key]: { value, durationSeconds: item.effectDuration } }) });
    }
    case PotionType.Health: {
      if (conditions.divineBlood === true) return refuse(context, "divine_blood");
      const heal = healingAmount(randomInt(deps.random, item.minModifier, item.maxModifier), state.selfHealingBonus ?? 0);
      const healed = raise(state.vitals, "hp", heal, state.vitals.maxHp);
      return used(context, { ...spend(), sound, vitals: healed.vitals, effect: withEffectId({ hp: healed.applied }) });
    }
    case PotionType.Mana: {
      const mana = manaAfterPotion(state.vitals.mana, state.vitals.maxMana, item.percentage);
      return used(context, { ...spend(), sound, vitals: { ...state.vitals, mana }, effect: withEffectId({ mana: mana - state.vitals.mana }) });
    }
    case PotionType.CurePoison:
      if (conditions.poisoned !== true) return refuse(context, "not_poisoned");
      return used(context, { ...spend(), sound, notice: "poison_cured", effect: withEffectId({ cured: ["poison"] }) });
    case PotionType.CureParalysis: {
      if (conditions.paralyzed !== true && conditions.immobilized !== true) return refuse(context, "not_paralyzed");
      const cured = [...(conditions.paralyzed === true ? (["paralysis"] as const) : []), ...(conditions.immobilized === true ? (["immobilization"] as const) : [])];
      return used(context, { ...spend(), sound: item.sound !== 0 ? item.sound : SOUND_PARALYSIS_CURE, notice: "paralysis_cured", effect: withEffectId({ cured }) });
    }
    case PotionType.Stamina: {
      const rested = raise(state.vitals, "stamina", randomInt(deps.random, item.minModifier, item.maxModifier), state.vitals.maxStamina);
      return used(context, { ...spend(), sound, vitals: rested.vitals, effect: withEffectId({ stamina: rested.applied }) });
    }
    case PotionType.RandomHead: {
      // Q12 kept: VB6 meant to spare the potion when the head repeats, but compares with a
      // variable it never set, so the potion is always used up.
      const head = drawHead(context, RANDOM_HEADS, state.wearer.gender);
      return used(context, { ...spend(), sound: item.sound, effect: withEffectId({ head, fx: FX_HEAD_CHANGE }) });
    }
    case PotionType.SexChange: {
      const gender = state.wearer.gender === Gender.Male ? Gender.Female : state.wearer.gender === Gender.Female ? Gender.Male : state.wearer.gender;
      const head = drawHead(context, RANDOM_HEADS, gender);
      return used(context, { ...spend(), sound, effect: withEffectId({ gender, head, fx: FX_HEAD_CHANGE }) });
    }
    case PotionType.Invisibility:
      if (conditions.invisible === true || conditions.invisibilityDisabled === true) return refuse(context, "already_invisible");
      if (conditions.taunting === true) return refuse(context, "no_effect");
      return used(context, {
        ...spend(),
        sound: item.sound !== 0 ? item.sound : SOUND_INVISIBILITY,
        notice: "now_invisible",
        effect: withEffectId({ invisibleSeconds: item.effectDuration }),
      });
    case PotionType.FullRestore: {
      const v = state.vitals;
      const vitals = { ...v, stamina: v.maxStamina, water: state.maxWater ?? 100, mana: v.maxMana, hp: v.maxHp, food: state.maxFood ?? 100 };
      const cured = [
        ...(conditions.poisoned === true ? (["poison"] as const) : []),
        ...(conditions.burning === true ? (["burn"] as const) : []),
        ...(conditions.immobilized === true ? (["immobilization"] as const) : []),
        ...(conditions.paralyzed === true ? (["paralysis"] as const) : []),
        ...(conditions.blind === true ? (["blindness"] as const) : []),
        ...(conditions.cursed === true ? (["curse"] as const) : []),
      ];
      const effect: UseEffect = {
        hp: vitals.hp - v.hp,
        mana: vitals.mana - v.mana,
        stamina: vitals.stamina - v.stamina,
        food: vitals.food - v.food,
        water: vitals.water - v.water,
        cured,
      };
      return used(context, { ...spend(), sound, vitals, notice: "fully_restored", effect: withEffectId(effect) });
    }
    case PotionType.EscapeRune:
      return notAvailable(context, "travel");
    case PotionType.Divorce:
      return notAvailable(context, "marriage");
    case PotionType.LegendaryHead: {
      const head = drawHead(context, LEGENDARY_HEADS, state.wearer.gender);
      if (head === state.head) return used(context, { notice: "same_legendary_head", effect: withEffectId({}) });
      return used(context, { ...spend(), sound: item.sound, effect: withEffectId({ head, fx: FX_HEAD_CHANGE }) });
    }
    case PotionType.Particles:
      return used(context, {
        ...spend(),
        sound: item.sound,
        effect: withEffectId({ ...(item.particle !== "" ? { particle: item.particle } : {}), ...(item.fx !== 0 ? { fx: item.fx } : {}) }),
      });
    case PotionType.Black:
      return notAvailable(context, "death");
    case PotionType.Effect:
      return notAvailable(context, "effects");
    default:
      // An unknown `TipoPocion`: nothing but the effect id and the stats refresh.
      return used(context, { effect: withEffectId({}) });
  }
}
