/**
 * Robar (VB6 `HandleWorkLeftClick` case Robar → `DoRobar` → `RobarObjeto`), as pure rules: the
 * refusals in VB6's order, the chance by skill, the gold or the item taken, and what follows (the
 * skill use, the criminal turn). Randomness comes in as a `Random`, one `next()` per VB6
 * `RandomNumber`, in VB6's draw order (a test scripts them: `src/random` scripted draws).
 *
 * Anyone may steal: VB6 AO20 has no class or level rule for the attempt (only a Thief can take
 * items) and none for newbies; a staff victim, a ghost, safe maps and safe-zone tiles are out.
 */
import { isChaos, isCitizen, isRoyalArmy } from "../faction/index.ts";
import { ObjectType, type ItemCatalog } from "../items/index.ts";
import { randomInt, type Random } from "../../random/index.ts";
import { vbRound } from "../vb-math/index.ts";
import { STEAL_MESSAGE, StealthClass } from "./constants.ts";

/** `MIN_STA` of `DoRobar`: the stamina a try needs and spends. */
export const STEAL_STAMINA = 15;
/** `DistanciaMaxima`: the victim must stand at most this many tiles away (Manhattan). */
export const STEAL_RANGE = 1;
/** `IntervaloTrabajarExtraer` of the stock `intervalos.ini`: one try per 4 s. */
export const STEAL_INTERVAL_MS = 4000;
/** `MAXORO`: the thief's wallet after a theft. */
export const MAX_WALLET_GOLD = 90_000_000;
/** `OroPorNivelBilletera` of the example configuration: the victim's protected gold per level. */
export const PROTECTED_GOLD_PER_LEVEL = 1000;
/** `Subtipo` of the Thief's "Guantes de Hurto" (obj 2768) in the weapon slot: twice the gold. */
export const THEFT_GLOVES_SUBTYPE = 5;

/** A refusal: the locale ids to tell the thief (none: silent), whether the cursor is reset (`WorkRequestTarget(0)`), and the bubble. */
export interface StealRefusal {
  readonly kind: "refused";
  readonly messages: readonly number[];
  readonly resetCursor: boolean;
  /** `LOCMSG*2129` over the thief's head before its line (out of stamina). */
  readonly bubble?: number;
}

/** What the click and `DoRobar` check, read from the map. */
export interface StealSituation {
  /** `MapInfo.Seguro`. */
  readonly safeMap: boolean;
  /** What stands on the clicked tile: nobody, the thief itself, or another player. */
  readonly target: "none" | "self" | "player";
  /** The rest only matter for another player. */
  readonly victimIsStaff: boolean;
  readonly victimDead: boolean;
  readonly distance: number;
  readonly victimOnSafeZone: boolean;
  readonly thiefOnSafeZone: boolean;
  /** `TriggerZonaPelea` is not `TRIGGER6_AUSENTE`: either stands on an arena tile. */
  readonly arena: boolean;
  /** The thief is a Consejero (`Privilegios And Consejero`). */
  readonly thiefIsCounsellor: boolean;
  /** `CanMove` false: paralysed or immobilised. */
  readonly victimHeld: boolean;
  readonly victimInConsultation: boolean;
  readonly thiefStatus: number;
  readonly thiefSafeMode: boolean;
  readonly victimStatus: number;
  readonly thiefStamina: number;
  /** VB6 `e_Genero.Hombre` = 1. */
  readonly thiefMale: boolean;
}

/**
 * The click's and `DoRobar`'s checks up to the stamina, in VB6's order; null: the try goes on
 * (the caller spends `STEAL_STAMINA` and rolls). The interval (`IntervaloPermiteTrabajarExtraer`)
 * is the caller's, between the safe map and the look at the tile, silent as in VB6.
 *
 * Not modelled: guilds (a citizen guild's leader, 1033; `SeguroClan`, 1036).
 */
export function stealRefusal(s: StealSituation): StealRefusal | null {
  if (s.safeMap) return refuse([STEAL_MESSAGE.safeMap], true);
  if (s.target !== "player") return refuse([STEAL_MESSAGE.nobody], true);
  // A staff victim or a ghost: nothing at all.
  if (s.victimIsStaff || s.victimDead) return refuse([], false);
  if (s.distance > STEAL_RANGE) return refuse([STEAL_MESSAGE.tooFarFirst, STEAL_MESSAGE.tooFar], true);
  if (s.victimOnSafeZone || s.thiefOnSafeZone) return refuse([STEAL_MESSAGE.notHere], true);
  if (s.thiefIsCounsellor) return refuse([], false);
  if (s.victimHeld) return refuse([STEAL_MESSAGE.victimHeld], false);
  if (s.victimInConsultation) return refuse([STEAL_MESSAGE.victimInConsultation], false);
  if (isCitizen(s.thiefStatus)) {
    if (s.thiefSafeMode) return refuse([STEAL_MESSAGE.safeModeOn], false);
  } else if (isRoyalArmy(s.thiefStatus)) {
    if (isCitizen(s.victimStatus) || isRoyalArmy(s.victimStatus)) return refuse([STEAL_MESSAGE.royalArmy], false);
  } else if (isChaos(s.thiefStatus)) {
    if (isChaos(s.victimStatus)) return refuse([STEAL_MESSAGE.chaosLegion], false);
  }
  if (s.arena) return refuse([], false);
  if (s.thiefStamina < STEAL_STAMINA) {
    return { kind: "refused", messages: [s.thiefMale ? STEAL_MESSAGE.tiredMale : STEAL_MESSAGE.tiredFemale], resetCursor: false, bubble: STEAL_MESSAGE.noEnergyBubble };
  }
  return null;
}

function refuse(messages: readonly number[], resetCursor: boolean): StealRefusal {
  return { kind: "refused", messages, resetCursor };
}

/**
 * `Probabilidad` by Robar, the first band that matches: 0 at skill 0 (never succeeds), 1 below
 * 10, 5 for 10…20, 10 for 21…30, … 80 for 91…99, 90 at 100. **Quirk reproduced:** the bands
 * overlap at 20, 30, … 90 and the lower one wins (20 gives 5, not 10).
 */
export function stealChancePercent(skill: number): number {
  if (skill > 0 && skill < 10) return 1;
  if (skill >= 10 && skill <= 20) return 5;
  if (skill >= 20 && skill <= 30) return 10;
  if (skill >= 30 && skill <= 40) return 15;
  if (skill >= 40 && skill <= 50) return 25;
  if (skill >= 50 && skill <= 60) return 35;
  if (skill >= 60 && skill <= 70) return 40;
  if (skill >= 70 && skill <= 80) return 55;
  if (skill >= 80 && skill <= 90) return 70;
  if (skill >= 90 && skill < 100) return 80;
  if (skill === 100) return 90;
  return 0;
}

/**
 * `Extra`, the gold multiplier by the thief's level. **Quirk reproduced:** VB6's
 * `Case Is >= 35 And .Stats.ELV <= 40` reads `Is >= (35 And (ELV <= 40))`, which is `Is >= 0`
 * above level 40, so every level from 35 up gets 1.3 and the 1.4, 1.5 and 5 cases never match.
 */
export function stealGoldLevelFactor(level: number): number {
  if (level < 13) return 1;
  if (level < 25) return 1.1;
  if (level < 35) return 1.2;
  return 1.3;
}

/** What the roll reads of the thief. */
export interface Thief {
  readonly classId: number;
  readonly level: number;
  /** Robar, 0…100. */
  readonly skill: number;
  /** Its weapon slot holds an object of `Subtipo` 5 (the Guantes de Hurto). */
  readonly theftGloves: boolean;
  readonly gold: number;
}

/** One slot of the victim's inventory, as `RobarObjeto` walks it. */
export interface VictimSlot {
  readonly slot: number;
  readonly objectId: number;
  readonly amount: number;
  readonly equipped: boolean;
}

/** What the roll reads of the victim. */
export interface Victim {
  readonly level: number;
  readonly gold: number;
  /** `CurrentInventorySlots`. */
  readonly usableSlots: number;
  /** The occupied slots, any order. */
  readonly slots: readonly VictimSlot[];
}

/** What one try that passed the checks did (stamina spent, Robar used, the criminal turn: see `turnsCriminal`). */
export type StealOutcome =
  | { readonly kind: "failed" }
  | { readonly kind: "gold"; readonly amount: number; readonly victimGold: number; readonly thiefGold: number }
  | { readonly kind: "no_gold" }
  | { readonly kind: "item"; readonly slot: number; readonly objectId: number; readonly amount: number }
  | { readonly kind: "no_item_found" }
  | { readonly kind: "no_items" };

/**
 * The roll of `DoRobar`: `RandomNumber(1, 100) < Probabilidad`; on success
 * `RandomNumber(1, 50) < 25` and a Thief goes for an item (the draw is made for every class, VB6
 * evaluates both sides of `And`), else for gold. `goldMultiplier` is Server.ini `GoldMult` (1).
 */
export function rollSteal(random: Random, thief: Thief, victim: Victim, catalog: ItemCatalog, goldMultiplier = 1): StealOutcome {
  if (!(randomInt(random, 1, 100) < stealChancePercent(thief.skill))) return { kind: "failed" };
  const forItem = randomInt(random, 1, 50) < 25 && thief.classId === StealthClass.Thief;
  if (forItem) return hasStealableItems(victim, catalog) ? stealItem(random, victim, catalog) : { kind: "no_items" };
  if (victim.gold <= 0) return { kind: "no_gold" };
  return stealGold(random, thief, victim, goldMultiplier);
}

/**
 * The gold: a Thief `RandomNumber(L·25·Extra, L·50·Extra)` (`L·50…L·100` with the gloves), anyone
 * else `RandomNumber(1, 100)`, times `GoldMult`; at most what the victim has. **Quirk
 * reproduced:** the protected wallet (`OroPorNivelBilletera × level`) only holds when the victim
 * had at least that much: it keeps exactly it; a poorer victim loses the whole amount.
 */
function stealGold(random: Random, thief: Thief, victim: Victim, goldMultiplier: number): StealOutcome {
  let amount: number;
  if (thief.classId === StealthClass.Thief) {
    const extra = stealGoldLevelFactor(thief.level);
    const [lo, hi] = thief.theftGloves ? [50, 100] : [25, 50];
    // The Single products go to RandomNumber's Long parameters: VB6 rounds them to even.
    amount = randomInt(random, vbRound(Math.fround(thief.level * lo * Math.fround(extra))), vbRound(Math.fround(thief.level * hi * Math.fround(extra)))) * goldMultiplier;
  } else {
    amount = randomInt(random, 1, 100) * goldMultiplier;
  }
  amount = vbRound(amount);
  if (amount > victim.gold) amount = victim.gold;
  let victimGold = victim.gold - amount;
  const kept = PROTECTED_GOLD_PER_LEVEL * victim.level;
  if (victim.gold >= kept && victimGold < kept) {
    amount = victim.gold - kept;
    victimGold = kept;
  }
  const thiefGold = Math.min(thief.gold + amount, MAX_WALLET_GOLD);
  return { kind: "gold", amount, victimGold, thiefGold };
}

/**
 * `TieneObjetosRobables`: any slot but keys, ships, saddles, donor objects and recall stones.
 * **Quirk reproduced:** unlike `ObjEsRobable` it counts equipped, untradeable and faction items,
 * so a victim with only those is "worth it" and the thief hears 1040 instead of 1867.
 */
export function hasStealableItems(victim: Victim, catalog: ItemCatalog): boolean {
  return victim.slots.some((slot) => {
    if (slot.slot > victim.usableSlots || slot.objectId <= 0) return false;
    const type = catalog.get(slot.objectId)?.type ?? 0;
    return type !== ObjectType.Key && type !== ObjectType.Ship && type !== ObjectType.Saddle && type !== ObjectType.Donator && type !== ObjectType.RecallStone;
  });
}

/**
 * `ObjEsRobable`: not a key, ship, saddle or recall stone, not untradeable (`Instransferible`), no
 * Royal or Chaos item, not equipped. (`ObjDonador` is not read: no 2024 object has it.)
 */
export function isStealable(slot: VictimSlot, catalog: ItemCatalog): boolean {
  const item = catalog.get(slot.objectId);
  if (item === undefined || slot.equipped) return false;
  const type = item.type;
  if (type === ObjectType.Key || type === ObjectType.Ship || type === ObjectType.Saddle || type === ObjectType.RecallStone) return false;
  return !item.untradeable && item.royal === 0 && item.chaos === 0;
}

/**
 * `RobarObjeto`: `RandomNumber(1, 12) < 6` walks the slots from the first, else from the last;
 * each stealable slot is taken when `RandomNumber(1, 10) < 4`; the units are
 * `max(1, RandomNumber(amount·0.03, amount·0.06))` (bounds rounded to even).
 */
function stealItem(random: Random, victim: Victim, catalog: ItemCatalog): StealOutcome {
  const bySlot = new Map(victim.slots.map((slot) => [slot.slot, slot]));
  const forward = randomInt(random, 1, 12) < 6;
  for (let step = 0; step < victim.usableSlots; step++) {
    const number = forward ? step + 1 : victim.usableSlots - step;
    const slot = bySlot.get(number);
    if (slot === undefined || slot.objectId <= 0 || !isStealable(slot, catalog)) continue;
    if (randomInt(random, 1, 10) < 4) {
      const amount = Math.max(1, randomInt(random, vbRound(slot.amount * 0.03), vbRound(slot.amount * 0.06)));
      return { kind: "item", slot: number, objectId: slot.objectId, amount: Math.min(amount, slot.amount) };
    }
  }
  return { kind: "no_item_found" };
}

/** `If Status(LadronIndex) = Ciudadano Then VolverCriminal`: after any roll, a plain citizen thief turns criminal (the Army does not). */
export function theftTurnsCriminal(thiefStatus: number): boolean {
  return isCitizen(thiefStatus);
}
