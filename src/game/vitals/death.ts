/**
 * Dying and coming back as outcomes (combat-and-progression §8.1, §8.3; VB6 `UserDie`,
 * `TirarTodosLosItems`, `RevivirUsuario`): which slots fall and how much gold, the ghost's looks,
 * the vitals after. Which item falls is the item rules' `fallsOnDeath` (one copy of that rule);
 * this adds when anything falls at all, the gold stacks and the galleon pirate's draws. The map
 * throws the stacks on the ground and tells the clients.
 */
import { MAX_STACK, type CharacterVitals } from "../character/index.ts";
import { slotAt, type Inventory } from "../inventory/index.ts";
import { fallsOnDeath, goldLostOnDeath, NEWBIE_MAX_LEVEL, type ItemCatalog } from "../items/index.ts";
import { randomInt, type Random } from "../../random/index.ts";

/** `iCuerpoMuerto`: the ghost's body; a ghost has no head (0). */
export const GHOST_BODY = 829;
export const GHOST_HEAD = 0;
/** A galleon pirate keeps each item when `RandomNumber(1, 100)` is at most this (`PirataCaeItem`). */
export const GALLEON_PIRATE_KEEP_PERCENT = 33;

/** Where and who dies: what decides whether anything falls. */
export interface DeathCircumstances {
  readonly inventory: Inventory;
  readonly level: number;
  /** An ordinary player (`User` privileges); staff lose nothing. */
  readonly ordinaryPlayer: boolean;
  /** Standing on an arena tile (trigger 6, `ZONAPELEA`): nothing falls. */
  readonly onArenaTile: boolean;
  /** The map drops items (`MapInfo.DropItems`; every map unless `[MapasNoDrop]` lists it). */
  readonly mapDropsItems: boolean;
  /**
   * A Pirate of level 37 or more sailing a galleon (`PirataCaeItem`): one draw per occupied slot,
   * kept with 33 %. False for everyone else (no draws).
   */
  readonly galleonPirate?: boolean;
}

/** One slot that falls whole. */
export interface FallingSlot {
  readonly slot: number;
  readonly objectId: number;
  readonly amount: number;
  readonly tags: number;
}

export interface DeathOutcome {
  /** Gold above `1000 × level` (`OroPorNivelBilletera`), thrown in stacks of at most 10 000. */
  readonly goldDropped: number;
  readonly goldStacks: readonly number[];
  /** Slots that fall, ascending (equipped ones included: the map unequips them). */
  readonly fallingSlots: readonly FallingSlot[];
  /** The looks of the ghost (a sailor keeps its ship's looks: the map decides). */
  readonly body: number;
  readonly head: number;
}

/**
 * What a player loses on dying. Nothing on an arena tile, on a map that keeps items or for staff;
 * otherwise the gold above the wallet the level keeps, then each usable slot whose item falls
 * (a newbie, level ≤ 12, keeps newbie items). Draws only for a galleon pirate: one per occupied
 * slot, in slot order, whether or not the item would fall (VB6 evaluates every `And` operand).
 */
export function deathOutcome(who: DeathCircumstances, catalog: ItemCatalog, random: Random): DeathOutcome {
  const ghost = { body: GHOST_BODY, head: GHOST_HEAD };
  if (who.onArenaTile || !who.mapDropsItems || !who.ordinaryPlayer) return { goldDropped: 0, goldStacks: [], fallingSlots: [], ...ghost };
  const { inventory } = who;
  const goldDropped = goldLostOnDeath(inventory.gold, who.level);
  const goldStacks: number[] = [];
  for (let left = goldDropped; left > 0; left -= MAX_STACK) goldStacks.push(Math.min(left, MAX_STACK));
  const newbie = who.level <= NEWBIE_MAX_LEVEL;
  const fallingSlots: FallingSlot[] = [];
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const held = slotAt(inventory, slot);
    if (held.objectId === 0) continue;
    const kept = who.galleonPirate === true && randomInt(random, 1, 100) <= GALLEON_PIRATE_KEEP_PERCENT;
    const item = catalog.get(held.objectId);
    if (kept || item === undefined || !fallsOnDeath(item, newbie)) continue;
    fallingSlots.push({ slot, objectId: held.objectId, amount: held.amount, tags: held.tags });
  }
  return { goldDropped, goldStacks, fallingSlots, ...ghost };
}

/** Vitals after dying: HP and stamina 0, the rest as they were. */
export function vitalsAfterDeath(vitals: CharacterVitals): CharacterVitals {
  return { ...vitals, hp: 0, stamina: 0 };
}

/** `RevivirUsuario` at a priest (not by a spell): HP = MaxHP; mana, stamina, hunger and thirst untouched. */
export function vitalsAfterPriestResurrection(vitals: CharacterVitals): CharacterVitals {
  return { ...vitals, hp: vitals.maxHp };
}

/** A ghost: HP 0 or less. */
export function isDead(vitals: Pick<CharacterVitals, "hp">): boolean {
  return vitals.hp <= 0;
}
