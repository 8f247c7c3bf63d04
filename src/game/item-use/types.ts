/**
 * What item use reads and what it answers (items-and-economy §5).
 */
import type { CharacterVitals } from "../character/index.ts";
import type { CanUseCode, Wearer } from "../equipment/index.ts";
import type { Inventory, ItemStack } from "../inventory/index.ts";

/** Last times (ms, from the map's clock) of the use timers; null = never. */
export interface UseTimers {
  /** `TimerUsarClick`. */
  readonly click: number | null;
  /** `TimerUsar` (U key). */
  readonly key: number | null;
  /** `TimerGolpeUsar`: the last melee hit (potions wait `POTION_AFTER_HIT_MS`). */
  readonly hit: number | null;
}

export const NO_TIMERS: UseTimers = Object.freeze({ click: null, key: null, hit: null });

/** Conditions a character may be in that item use reads or ends. */
export interface UseConditions {
  readonly dead?: boolean;
  /** `CanUseItem` false: stunned and the like. */
  readonly stunned?: boolean;
  readonly meditating?: boolean;
  readonly poisoned?: boolean;
  readonly paralyzed?: boolean;
  readonly immobilized?: boolean;
  readonly blind?: boolean;
  readonly cursed?: boolean;
  readonly burning?: boolean;
  readonly invisible?: boolean;
  /** `Counters.DisabledInvisibility` > 0. */
  readonly invisibilityDisabled?: boolean;
  readonly taunting?: boolean;
  /** `flags.DivineBlood` > 0: HP potions are refused. */
  readonly divineBlood?: boolean;
  readonly transformed?: boolean;
}

/** One of the two strength/agility values: current and the base potions double at most. */
export interface BoostedAttribute {
  readonly current: number;
  readonly base: number;
}

/** Everything `useItem` reads about the user. */
export interface UseState {
  readonly inventory: Inventory;
  readonly wearer: Wearer;
  readonly vitals: CharacterVitals;
  /** `MaxHam` / `MaxAGU` (100 unless something changes them). */
  readonly maxFood?: number;
  readonly maxWater?: number;
  readonly strength?: BoostedAttribute;
  readonly agility?: BoostedAttribute;
  /** `OrigChar.head`: head potions compare against it. */
  readonly head: number;
  /** `Stats.JineteLevel`. */
  readonly riderLevel?: number;
  /** `Modifiers.SelfHealingBonus` (0 = none): HP potions heal × (1 + this). */
  readonly selfHealingBonus?: number;
  /** Known spells by slot (index 0 = slot 1), 0 = empty; at most 40. */
  readonly spells?: readonly number[];
  readonly conditions?: UseConditions;
  readonly timers: UseTimers;
  /** `CdTimes` per `CDType`: last use (ms). */
  readonly cooldowns?: Readonly<Record<number, number>>;
  /** Where the user stands. */
  readonly place: UsePlace;
  /** The tile the user last looked at (`flags.TargetX/Y`): water for empty bottles. */
  readonly lookedAtTile?: { readonly x: number; readonly y: number; readonly water: boolean };
  /** The object on the tile last looked at (`flags.TargetObj`). */
  readonly lookedAtObject?: number;
}

export interface UsePlace {
  readonly x: number;
  readonly y: number;
  /** The map is `Seguro=1`. */
  readonly safeMap: boolean;
  /** `IsConsumableFreeZone`: boost and vital potions are not consumed here. */
  readonly consumableFreeZone?: boolean;
}

/** How the item was used: double click (`UseItem`) or the U key (`UseItemU`). */
export type UseMethod = "click" | "key";

/** What a use changed in the character besides the inventory (applied deltas, after caps). */
export interface UseEffect {
  readonly hp?: number;
  readonly mana?: number;
  readonly stamina?: number;
  /** Food (`MinHam`) gained. */
  readonly food?: number;
  /** Water (`MinAGU`) gained; negative when emptied. */
  readonly water?: number;
  /** New strength / agility and how long (s) until they return to base. */
  readonly strength?: { readonly value: number; readonly durationSeconds: number };
  readonly agility?: { readonly value: number; readonly durationSeconds: number };
  readonly cured?: readonly ("poison" | "paralysis" | "immobilization" | "blindness" | "curse" | "burn")[];
  readonly head?: number;
  readonly gender?: number;
  readonly invisibleSeconds?: number;
  readonly riderLevel?: number;
  readonly learnedSpell?: { readonly slot: number; readonly spell: number };
  readonly showMap?: true;
  /** The common dagger on Leña (`TratarDeHacerFogata`): the map turns the looked-at logs into twigs (systems/rest.ts). */
  readonly makeTwigs?: true;
  /** `ApplyEffectId` to start (effects over time do not exist yet). */
  readonly applyEffectId?: number;
  /** `CreaParticula` / `CreaFX` to show. */
  readonly particle?: string;
  readonly fx?: number;
  /** What a chest gave (one console line each). */
  readonly received?: readonly ItemStack[];
  /** Items that did not fit: the map throws them at the user's feet (`TirarItemAlPiso`). */
  readonly dropAtFeet?: readonly ItemStack[];
  /** The wave plays to the whole map (faction horns), not to the area. */
  readonly soundToMap?: true;
  /**
   * The client is asked for a target with this skill (`WorkRequestTarget`): an equipped bow or
   * throwing weapon asks where to shoot (`WorkSkill.Projectiles`); the click comes back as
   * `WorkLeftClick(x, y, skill)`.
   */
  readonly requestTarget?: number;
}

/** Console notices of a successful use (names in `ITEM_LOCALE_IDS`). */
export type UseNotice =
  | "poison_cured"
  | "paralysis_cured"
  | "now_invisible"
  | "fully_restored"
  | "same_head"
  | "same_legendary_head"
  | "chest_opened";

export type UseRefusal =
  | "stunned"
  | "cannot_use"
  | "safe_map_only"
  | "newbie_only"
  | "level"
  | "dead"
  | "too_tired"
  | "equip_tool_first"
  | "potion_too_soon"
  | "divine_blood"
  | "rider_level_too_low"
  | "not_poisoned"
  | "not_paralyzed"
  | "already_invisible"
  | "no_effect"
  | "cannot_learn"
  | "too_hungry_to_learn"
  | "spell_known"
  | "no_spell_slot"
  | "no_water_there"
  | "water_too_far"
  | "horn_safe_map"
  | "horn_royal_only"
  | "horn_chaos_only"
  | "transformed"
  | "gold_overflow";

/** Systems that do not exist yet; the player is told "not available yet". */
export type NotAvailableReason =
  | "work"
  | "sailing"
  | "mounts"
  | "travel"
  | "marriage"
  | "death"
  | "effects"
  | "targeting"
  | "quests"
  | "faction"
  | "cards"
  | "skins";

interface AfterInterval {
  /** The timers after this use (the interval is consumed even when nothing happens). */
  readonly timers: UseTimers;
  /** Meditation ends (`MeditateToggle` to the area). */
  readonly stopMeditating: boolean;
}

export type UseOutcome =
  /**
   * Dropped silently: bad or empty slot, unknown object, cooldown, interval not elapsed; or,
   * after the interval was spent (then `timers` is set), a bow that is not equipped or a bottle
   * with no looked-at tile.
   */
  | {
      readonly kind: "ignored";
      readonly reason: "bad_slot" | "empty_slot" | "unknown_object" | "cooling_down" | "too_soon" | "not_equipped" | "no_target";
      readonly timers?: UseTimers;
      readonly stopMeditating?: boolean;
    }
  /** Refused before the interval: the player is told why. */
  | { readonly kind: "refused"; readonly reason: UseRefusal; readonly canUse?: CanUseCode; readonly timers?: UseTimers; readonly stopMeditating?: boolean }
  | ({ readonly kind: "not_available"; readonly reason: NotAvailableReason } & AfterInterval)
  /** A key (`otKeys`) after the common checks: what it does is the doors' (VB6 `UseInvItem` case `otKeys`). */
  | ({ readonly kind: "key"; readonly objectId: number; readonly slot: number } & AfterInterval)
  | ({
      readonly kind: "used";
      readonly objectId: number;
      readonly inventory: Inventory;
      /** Slots to re-send (empty when nothing in the inventory changed). */
      readonly changed: readonly number[];
      readonly goldDelta: number;
      /** Units of the used object that were used up. */
      readonly consumed: number;
      readonly vitals: CharacterVitals;
      readonly effect: UseEffect;
      /** Wave to play (0 = none). */
      readonly sound: number;
      readonly notice?: UseNotice;
      /** `CdTimes` after the use (set by cooldown items). */
      readonly cooldowns?: Readonly<Record<number, number>>;
    } & AfterInterval);
