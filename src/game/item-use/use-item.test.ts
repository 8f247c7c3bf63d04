/**
 * Item use (§5): the common checks and intervals on invented objects, and the effects of food,
 * drinks, bottles, potions, scrolls, chests and instruments on the real 2024 obj.dat (shared
 * `ao20/Dat`, fernesitto/Argentum-20 @4d6913b). Random rolls come from a `SeededRandom` with a
 * fixed seed, or from a scripted stream where the exact roll matters.
 */
import { describe, expect, test } from "bun:test";
import { parseObjectsDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import type { CharacterVitals } from "../character/index.ts";
import { CanUse } from "../equipment/index.ts";
import { emptyInventory, markEquipped, slotAt, type Inventory, type InventorySlotState } from "../inventory/index.ts";
import { Gender, itemCatalog, itemCatalogFromObjects, ObjectType, PotionType, Race, type ItemCatalog } from "../items/index.ts";
import { SeededRandom, type Random } from "../../random/index.ts";
import { SOUND_DRINK, SOUND_EAT } from "./constants.ts";
import { boostedAttribute, healingAmount, manaAfterPotion } from "./potions.ts";
import { NO_TIMERS, type UseOutcome, type UseState } from "./types.ts";
import { useItem, useTimerFor } from "./use-item.ts";

const OBJ_2024 = "ao20/Dat/obj.dat";
const ready = requireSharedData(OBJ_2024);

const CLERIC = 2;
const WARRIOR = 3;
const WORKER = 9;

/** A stream that returns the given numbers in [0, 1), then repeats the last. */
function scripted(...values: number[]): Random {
  let i = 0;
  const next = () => values[Math.min(i++, values.length - 1)]!;
  return {
    next,
    nextU32: () => Math.floor(next() * 2 ** 32),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

const VITALS: CharacterVitals = { hp: 50, maxHp: 100, mana: 100, maxMana: 1000, stamina: 40, maxStamina: 60, food: 50, water: 50 };

function inventoryOf(entries: readonly (readonly [number, number, number])[], worn: readonly (readonly [number, Parameters<typeof markEquipped>[2]])[] = []): Inventory {
  const base = emptyInventory();
  const slots: InventorySlotState[] = [...base.slots];
  for (const [slot, objectId, amount] of entries) slots[slot - 1] = { objectId, amount, equipped: false, tags: 0 };
  let inventory: Inventory = { ...base, slots };
  for (const [slot, kind] of worn) inventory = markEquipped(inventory, slot, kind).inventory;
  return inventory;
}

function stateWith(inventory: Inventory, overrides: Partial<UseState> = {}): UseState {
  return {
    inventory,
    wearer: { level: 20, class: WARRIOR, race: Race.Human, gender: Gender.Male, skills: Array.from({ length: 24 }, () => 0) },
    vitals: VITALS,
    strength: { current: 18, base: 18 },
    agility: { current: 18, base: 18 },
    head: 5,
    timers: NO_TIMERS,
    place: { x: 50, y: 50, safeMap: false },
    ...overrides,
  };
}

function usedOf(outcome: UseOutcome): Extract<UseOutcome, { kind: "used" }> {
  if (outcome.kind !== "used") throw new Error(`expected used, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe("common checks and intervals (§5.1)", () => {
  const APPLE = 1;
  const DAGGER = 2;
  const BOW = 3;
  const SAFE_ONLY = 4;
  const COOLDOWN = 5;
  const HIGH = 6;
  const NEWBIE = 7;
  const ARMOR = 8;
  const catalog = itemCatalogFromObjects([
    { id: APPLE, objType: ObjectType.Food, hunger: 10 },
    { id: DAGGER, objType: ObjectType.Weapon },
    { id: BOW, objType: ObjectType.Weapon, projectile: 1, ammunition: 1 },
    { id: SAFE_ONLY, objType: ObjectType.Food, hunger: 1, safeAreaOnly: 1 },
    { id: COOLDOWN, objType: ObjectType.Food, hunger: 1, cooldown: 1000, cooldownType: 3 },
    { id: HIGH, objType: ObjectType.Food, hunger: 1, minLevel: 30 },
    { id: NEWBIE, objType: ObjectType.Food, hunger: 1, newbie: true },
    { id: ARMOR, objType: ObjectType.Armor, body: 1 },
  ]);
  const deps = (now: number) => ({ catalog, random: SeededRandom.create(1), now });
  const inv = inventoryOf([[1, APPLE, 5], [2, DAGGER, 1], [3, BOW, 1], [4, SAFE_ONLY, 1], [5, COOLDOWN, 1], [6, HIGH, 1], [7, NEWBIE, 1], [8, ARMOR, 1], [9, 999, 1]]);

  test("hostile slots and unknown objects are ignored", () => {
    for (const slot of [0, 25, 43, -1, 2.5]) expect(useItem(stateWith(inv), slot, "click", deps(0))).toEqual({ kind: "ignored", reason: "bad_slot" });
    expect(useItem(stateWith(inv), 10, "click", deps(0))).toEqual({ kind: "ignored", reason: "empty_slot" });
    expect(useItem(stateWith(inv), 9, "click", deps(0))).toEqual({ kind: "ignored", reason: "unknown_object" });
  });

  test("the click timer (276 ms) and the U-key timer (380 ms)", () => {
    const first = usedOf(useItem(stateWith(inv), 1, "click", deps(1000)));
    expect(first.timers).toEqual({ click: 1000, key: null, hit: null });
    const again = stateWith(first.inventory, { timers: first.timers });
    expect(useItem(again, 1, "click", deps(1275))).toEqual({ kind: "ignored", reason: "too_soon" });
    expect(usedOf(useItem(again, 1, "click", deps(1276))).timers.click).toBe(1276);
    expect(usedOf(useItem(again, 1, "key", deps(1001))).timers).toEqual({ click: 1000, key: 1001, hit: null });
  });

  test("Q9 kept: a melee weapon used by click spends the U-key timer, and the other way round; bows spend none", () => {
    expect(useTimerFor(catalog.get(DAGGER)!, "click")).toBe("key");
    expect(useTimerFor(catalog.get(DAGGER)!, "key")).toBe("click");
    expect(useTimerFor(catalog.get(BOW)!, "click")).toBeNull();
    expect(useTimerFor(catalog.get(APPLE)!, "key")).toBe("key");
    const clicked = usedOf(useItem(stateWith(inv), 2, "click", deps(500)));
    expect(clicked.timers).toEqual({ click: null, key: 500, hit: null });
  });

  test("stunned, cooldown groups, safe-map-only items", () => {
    expect(useItem(stateWith(inv, { conditions: { stunned: true } }), 1, "click", deps(0))).toEqual({ kind: "refused", reason: "stunned" });
    expect(useItem(stateWith(inv, { cooldowns: { 3: 500 } }), 5, "click", deps(1400))).toEqual({ kind: "ignored", reason: "cooling_down" });
    expect(useItem(stateWith(inv, { cooldowns: { 3: 500 } }), 5, "click", deps(1500)).kind).toBe("used");
    expect(useItem(stateWith(inv), 4, "click", deps(0))).toEqual({ kind: "refused", reason: "safe_map_only" });
    expect(useItem(stateWith(inv, { place: { x: 50, y: 50, safeMap: true } }), 4, "click", deps(0)).kind).toBe("used");
  });

  test("CanUseObject first; game masters pass it but not the repeated level check", () => {
    expect(useItem(stateWith(inv), 6, "click", deps(0))).toEqual({ kind: "refused", reason: "cannot_use", canUse: CanUse.Level });
    const gm = stateWith(inv, { wearer: { ...stateWith(inv).wearer, gm: true, level: 40 } });
    expect(useItem(gm, 7, "click", deps(0)).kind).toBe("used");
    const lowGm = stateWith(inv, { wearer: { ...stateWith(inv).wearer, gm: true, level: 5 } });
    expect(useItem(lowGm, 6, "click", deps(0))).toMatchObject({ kind: "refused", reason: "level", timers: { click: 0 } });
  });

  test("meditation ends; items without a use still spend the interval", () => {
    const outcome = usedOf(useItem(stateWith(inv, { conditions: { meditating: true } }), 8, "click", deps(7)));
    expect(outcome).toMatchObject({ consumed: 0, changed: [], stopMeditating: true, timers: { click: 7 } });
  });
});

describe("effects on invented objects", () => {
  const RIDER_FOOD = 1;
  const COINS = 2;
  const RANDOM_HEAD = 3;
  const LEGENDARY = 4;
  const catalog = itemCatalogFromObjects([
    { id: RIDER_FOOD, objType: ObjectType.Food, hunger: 20, riderLevel: 3 },
    { id: COINS, objType: ObjectType.GoldCoin },
    { id: RANDOM_HEAD, objType: ObjectType.Potion, potionType: PotionType.RandomHead, sound1: 0 },
    { id: LEGENDARY, objType: ObjectType.Potion, potionType: PotionType.LegendaryHead, sound1: 9 },
  ]);
  const deps = (random: Random = SeededRandom.create(1)) => ({ catalog, random, now: 0 });

  test("Q10 fixed: rider food that would not raise the level is refused before it feeds", () => {
    const inv = inventoryOf([[1, RIDER_FOOD, 2]]);
    expect(useItem(stateWith(inv, { riderLevel: 3 }), 1, "click", deps())).toMatchObject({ kind: "refused", reason: "rider_level_too_low" });
    const fed = usedOf(useItem(stateWith(inv, { riderLevel: 2 }), 1, "click", deps()));
    expect(fed.effect).toEqual({ food: 20, riderLevel: 3 });
    expect(fed.vitals.food).toBe(70);
  });

  test("gold coins: the whole stack goes to the wallet", () => {
    const inv = { ...inventoryOf([[4, COINS, 750]]), gold: 100 };
    const outcome = usedOf(useItem(stateWith(inv), 4, "click", deps()));
    expect(outcome).toMatchObject({ goldDelta: 750, consumed: 750, changed: [4] });
    expect(outcome.inventory.gold).toBe(850);
    expect(slotAt(outcome.inventory, 4).objectId).toBe(0);
    expect(useItem(stateWith(inv, { conditions: { dead: true } }), 4, "click", deps())).toMatchObject({ kind: "refused", reason: "dead" });
  });

  test("Q12 kept: the random-head potion is used up even when the head repeats", () => {
    // RandomNumber(1, 40) with r = 0.1 gives head 5, the head the character has.
    const outcome = usedOf(useItem(stateWith(inventoryOf([[1, RANDOM_HEAD, 2]]), { head: 5 }), 1, "click", deps(scripted(0.1))));
    expect(outcome.effect.head).toBe(5);
    expect(outcome.consumed).toBe(1);
  });

  test("the legendary-head potion is kept when the head repeats", () => {
    // Human male legendary heads are 684…686; r = 0 gives 684.
    const same = usedOf(useItem(stateWith(inventoryOf([[1, LEGENDARY, 1]]), { head: 684 }), 1, "click", deps(scripted(0))));
    expect(same).toMatchObject({ consumed: 0, notice: "same_legendary_head" });
    const changed = usedOf(useItem(stateWith(inventoryOf([[1, LEGENDARY, 1]]), { head: 5 }), 1, "click", deps(scripted(0.99))));
    expect(changed).toMatchObject({ consumed: 1, sound: 9, effect: { head: 686 } });
  });
});

describe("chests and bottles that do not fit", () => {
  const ALL = 1;
  const LUCKY = 2;
  const FILLER = 3;
  const EMPTY_BOTTLE = 4;
  const FULL_BOTTLE = 5;
  const catalog = itemCatalogFromObjects([
    { id: ALL, objType: ObjectType.Chest, subType: 1, items: [{ objIndex: FILLER, amount: 2, dropChance: 0 }, { objIndex: 12, amount: 500, dropChance: 0 }, { objIndex: 777, amount: 1, dropChance: 0 }] },
    { id: LUCKY, objType: ObjectType.Chest, subType: 3, items: [{ objIndex: FILLER, amount: 1, dropChance: 100 }, { objIndex: FILLER, amount: 9, dropChance: 0 }] },
    { id: FILLER, objType: ObjectType.Material },
    { id: 12, objType: ObjectType.GoldCoin },
    { id: EMPTY_BOTTLE, objType: ObjectType.EmptyBottle, openIndex: FULL_BOTTLE, closedIndex: EMPTY_BOTTLE },
    { id: FULL_BOTTLE, objType: ObjectType.FullBottle, thirst: 10, openIndex: FULL_BOTTLE, closedIndex: EMPTY_BOTTLE },
  ]);
  const deps = (random: Random) => ({ catalog, random, now: 0 });
  const full = (first: readonly [number, number, number]) => inventoryOf([first, ...Array.from({ length: 23 }, (_, i) => [i + 2, 99, 1] as const)]);

  test("subtype 1 gives every known entry; gold goes to the wallet; what does not fit falls at the feet", () => {
    const outcome = usedOf(useItem(stateWith(full([1, ALL, 2])), 1, "click", deps(SeededRandom.create(3))));
    expect(outcome.goldDelta).toBe(500);
    expect(outcome.effect.received).toEqual([{ objectId: FILLER, amount: 2 }, { objectId: 12, amount: 500 }]);
    expect(outcome.effect.dropAtFeet).toEqual([{ objectId: FILLER, amount: 2 }]); // slot 1 still holds the other chest
    const roomy = usedOf(useItem(stateWith(inventoryOf([[1, ALL, 1]])), 1, "click", deps(SeededRandom.create(3))));
    expect(slotAt(roomy.inventory, 1)).toMatchObject({ objectId: FILLER, amount: 2 });
    expect(roomy.effect.dropAtFeet).toBeUndefined();
  });

  test("subtype 3: each entry with odds 1 in 101 − Drop", () => {
    // Drop=100 → RandomNumber(1, 1) = 1 always; Drop=0 → RandomNumber(1, 101) = 1 only for r < 1/101.
    const lucky = usedOf(useItem(stateWith(inventoryOf([[1, LUCKY, 1]])), 1, "click", deps(scripted(0.5, 0.005))));
    expect(lucky.effect.received).toEqual([{ objectId: FILLER, amount: 1 }, { objectId: FILLER, amount: 9 }]);
    const usual = usedOf(useItem(stateWith(inventoryOf([[1, LUCKY, 1]])), 1, "click", deps(scripted(0.5, 0.5))));
    expect(usual.effect.received).toEqual([{ objectId: FILLER, amount: 1 }]);
  });

  test("a filled bottle that does not fit falls at the feet", () => {
    const state = stateWith(full([1, EMPTY_BOTTLE, 3]), { lookedAtTile: { x: 50, y: 51, water: true } });
    const outcome = usedOf(useItem(state, 1, "click", deps(SeededRandom.create(1))));
    expect(slotAt(outcome.inventory, 1).amount).toBe(2);
    expect(outcome.effect.dropAtFeet).toEqual([{ objectId: FULL_BOTTLE, amount: 1 }]);
  });
});

describe("potion formulas", () => {
  test("healing: roll × f32(max(1 + bonus, 0)) rounded half to even", () => {
    expect(healingAmount(30, 0)).toBe(30);
    expect(healingAmount(30, 0.5)).toBe(45);
    expect(healingAmount(5, 0.5)).toBe(8); // 7.5 → 8
    expect(healingAmount(3, 0.5)).toBe(4); // 4.5 → 4
    expect(healingAmount(30, -2)).toBe(0);
  });

  test("mana: MinMAN + MaxMAN × p / 100 half to even, 20000 above 20000, at most MaxMAN", () => {
    expect(manaAfterPotion(100, 1000, 5)).toBe(150);
    expect(manaAfterPotion(0, 30, 5)).toBe(2); // 1.5 → 2
    expect(manaAfterPotion(0, 50, 5)).toBe(2); // 2.5 → 2
    expect(manaAfterPotion(990, 1000, 5)).toBe(1000);
    expect(manaAfterPotion(25_000, 30_000, 5)).toBe(20_000);
  });

  test("strength and agility: at most twice the base", () => {
    expect(boostedAttribute({ current: 18, base: 18 }, 5)).toBe(23);
    expect(boostedAttribute({ current: 35, base: 18 }, 5)).toBe(36);
  });
});

describe.skipIf(!ready)("effects on the 2024 obj.dat", () => {
  const catalog: ItemCatalog = ready ? itemCatalog(parseObjectsDat(readSharedData(OBJ_2024), OBJ_2024).value!) : (undefined as never);
  const deps = (seed = 2024, now = 10_000) => ({ catalog, random: SeededRandom.create(seed), now });

  test("Manzana Roja (1): +10 food, eat sound, one used", () => {
    const outcome = usedOf(useItem(stateWith(inventoryOf([[3, 1, 4]])), 3, "click", deps()));
    expect(outcome).toMatchObject({ consumed: 1, sound: SOUND_EAT, changed: [3], effect: { food: 10 } });
    expect(slotAt(outcome.inventory, 3).amount).toBe(3);
    const full = usedOf(useItem(stateWith(inventoryOf([[3, 1, 4]]), { vitals: { ...VITALS, food: 95 } }), 3, "click", deps()));
    expect(full.effect.food).toBe(5);
  });

  test("Vino (42): +80 water up to 100", () => {
    const outcome = usedOf(useItem(stateWith(inventoryOf([[1, 42, 1]])), 1, "key", deps()));
    expect(outcome).toMatchObject({ consumed: 1, sound: SOUND_DRINK, effect: { water: 50 }, changed: [1] });
    expect(outcome.vitals.water).toBe(100);
  });

  test("Poción de Vida (38): heals 30 (Min = Max = 30), capped at MaxHp; not after a recent hit", () => {
    const potion = inventoryOf([[1, 38, 10]]);
    const healed = usedOf(useItem(stateWith(potion), 1, "click", deps()));
    expect(healed).toMatchObject({ consumed: 1, sound: 135, effect: { hp: 30 } });
    expect(healed.vitals.hp).toBe(80);
    expect(usedOf(useItem(stateWith(potion, { vitals: { ...VITALS, hp: 90 } }), 1, "click", deps())).effect.hp).toBe(10);
    expect(useItem(stateWith(potion, { timers: { ...NO_TIMERS, hit: 9_300 } }), 1, "click", deps())).toMatchObject({ kind: "refused", reason: "potion_too_soon" });
    expect(usedOf(useItem(stateWith(potion, { place: { x: 50, y: 50, safeMap: false, consumableFreeZone: true } }), 1, "click", deps())).consumed).toBe(0);
    expect(useItem(stateWith(potion, { conditions: { divineBlood: true } }), 1, "click", deps())).toMatchObject({ kind: "refused", reason: "divine_blood" });
  });

  test("Poción de Maná (37): 5 % of MaxMAN", () => {
    const outcome = usedOf(useItem(stateWith(inventoryOf([[1, 37, 1]])), 1, "click", deps()));
    expect(outcome.effect.mana).toBe(50);
    expect(outcome.vitals.mana).toBe(150);
  });

  test("Poción de Energía (169): Min 30 > Max 20 restores 22…30 (seed 2024 → a pinned roll)", () => {
    const rolls = new Set<number>();
    for (let seed = 0; seed < 300; seed++) {
      const outcome = usedOf(useItem(stateWith(inventoryOf([[1, 169, 1]]), { vitals: { ...VITALS, stamina: 0, maxStamina: 100 } }), 1, "click", deps(seed)));
      rolls.add(outcome.effect.stamina!);
    }
    expect([...rolls].sort((a, b) => a - b)).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30]);
    const pinned = usedOf(useItem(stateWith(inventoryOf([[1, 169, 1]]), { vitals: { ...VITALS, stamina: 0, maxStamina: 100 } }), 1, "click", deps(2024)));
    expect(pinned.effect.stamina).toBe(expectedStaminaRoll(2024));
  });

  test("Poción de Agilidad (36): +3…5 for 54 s, capped at twice the base", () => {
    const outcome = usedOf(useItem(stateWith(inventoryOf([[1, 36, 1]])), 1, "click", deps()));
    expect(outcome.effect.agility!.durationSeconds).toBe(54);
    expect(outcome.effect.agility!.value).toBeGreaterThanOrEqual(21);
    expect(outcome.effect.agility!.value).toBeLessThanOrEqual(23);
    const capped = usedOf(useItem(stateWith(inventoryOf([[1, 36, 1]]), { agility: { current: 35, base: 18 } }), 1, "click", deps()));
    expect(capped.effect.agility!.value).toBe(36);
  });

  test("Antídoto (166) only when poisoned; Poción de Sanar (1607) restores everything", () => {
    expect(useItem(stateWith(inventoryOf([[1, 166, 1]])), 1, "click", deps())).toMatchObject({ kind: "refused", reason: "not_poisoned" });
    expect(usedOf(useItem(stateWith(inventoryOf([[1, 166, 1]]), { conditions: { poisoned: true } }), 1, "click", deps()))).toMatchObject({
      consumed: 1,
      notice: "poison_cured",
      effect: { cured: ["poison"] },
    });
    const restored = usedOf(useItem(stateWith(inventoryOf([[1, 1607, 1]]), { conditions: { poisoned: true, blind: true } }), 1, "click", deps()));
    expect(restored.vitals).toEqual({ ...VITALS, hp: 100, mana: 1000, stamina: 60, food: 100, water: 100 });
    expect(restored).toMatchObject({ sound: 238, notice: "fully_restored", effect: { cured: ["poison", "blindness"] } });
  });

  test("Botella Vacía (534) fills at water within 2 tiles and becomes Botella Llena (533); drinking empties it again", () => {
    const empty = inventoryOf([[2, 534, 1]]);
    expect(useItem(stateWith(empty), 2, "click", deps())).toMatchObject({ kind: "ignored", reason: "no_target" });
    expect(useItem(stateWith(empty, { lookedAtTile: { x: 51, y: 50, water: false } }), 2, "click", deps())).toMatchObject({ reason: "no_water_there" });
    expect(useItem(stateWith(empty, { lookedAtTile: { x: 53, y: 50, water: true } }), 2, "click", deps())).toMatchObject({ reason: "water_too_far" });
    // The empty bottle leaves slot 2 first; the full one then takes the first free slot, 1.
    const filled = usedOf(useItem(stateWith(empty, { lookedAtTile: { x: 51, y: 51, water: true } }), 2, "click", deps()));
    expect(filled).toMatchObject({ consumed: 1, changed: [1, 2] });
    expect(slotAt(filled.inventory, 1)).toMatchObject({ objectId: 533, amount: 1 });
    const drunk = usedOf(useItem(stateWith(filled.inventory), 1, "click", deps()));
    expect(drunk.effect.water).toBe(50);
    expect(slotAt(drunk.inventory, 1)).toMatchObject({ objectId: 534, amount: 1 });
  });

  test("Oración Divina (396): a cleric learns spell 132 into the first free slot", () => {
    const cleric = { level: 20, class: CLERIC, race: Race.Human, gender: Gender.Male, skills: [] };
    const scroll = inventoryOf([[1, 396, 1]]);
    const learned = usedOf(useItem(stateWith(scroll, { wearer: cleric, spells: [10, 0, 12] }), 1, "click", deps()));
    expect(learned).toMatchObject({ consumed: 1, effect: { learnedSpell: { slot: 2, spell: 132 } } });
    expect(useItem(stateWith(scroll, { wearer: cleric, spells: [132] }), 1, "click", deps())).toMatchObject({ reason: "spell_known" });
    expect(useItem(stateWith(scroll, { wearer: cleric, spells: Array.from({ length: 40 }, (_, i) => i + 1) }), 1, "click", deps())).toMatchObject({ reason: "no_spell_slot" });
    expect(useItem(stateWith(scroll, { wearer: cleric, vitals: { ...VITALS, water: 0 } }), 1, "click", deps())).toMatchObject({ reason: "too_hungry_to_learn" });
    expect(useItem(stateWith(scroll), 1, "click", deps())).toMatchObject({ kind: "refused", reason: "cannot_use", canUse: CanUse.Class });
  });

  test("Cofre de Cascos y Escudos Legendarios (201): one random entry of 14 (seed 7 → a pinned pick)", () => {
    const outcome = usedOf(useItem(stateWith(inventoryOf([[1, 201, 1]])), 1, "click", deps(7)));
    expect(outcome.consumed).toBe(1);
    expect(outcome.effect.received).toHaveLength(1);
    const entries = catalog.get(201)!.chestItems;
    const pick = entries[Math.trunc(SeededRandom.create(7).next() * entries.length)]!;
    expect(outcome.effect.received).toEqual([{ objectId: pick.objectId, amount: pick.amount }]);
    expect(outcome.notice).toBe("chest_opened");
  });

  test("Tambor (362) plays its sound; an equipped bow asks for a target; tools, ships and the like are not available yet", () => {
    expect(usedOf(useItem(stateWith(inventoryOf([[1, 362, 1]])), 1, "click", deps()))).toMatchObject({ sound: 48, consumed: 0 });
    const worker = { level: 20, class: WORKER, race: Race.Human, gender: Gender.Male, skills: [] };
    expect(useItem(stateWith(inventoryOf([[1, 187, 1]]), { wearer: worker }), 1, "click", deps())).toMatchObject({ kind: "refused", reason: "equip_tool_first" });
    expect(useItem(stateWith(inventoryOf([[1, 187, 1]], [[1, "tool"]]), { wearer: worker }), 1, "click", deps())).toMatchObject({ kind: "not_available", reason: "work" });
    expect(useItem(stateWith(inventoryOf([[1, 187, 1]], [[1, "tool"]]), { wearer: worker, vitals: { ...VITALS, stamina: 0 } }), 1, "click", deps())).toMatchObject({ reason: "too_tired" });
    expect(useItem(stateWith(inventoryOf([[1, 474, 1]]), { wearer: { ...worker, level: 30 } }), 1, "click", deps())).toMatchObject({ kind: "not_available", reason: "sailing" });
    // An equipped bow asks the client where to shoot (`WriteWorkRequestTarget(Proyectiles)`); the shot is systems/ranged.ts's.
    expect(useItem(stateWith(inventoryOf([[1, 479, 1]], [[1, "weapon"]])), 1, "click", deps())).toMatchObject({ kind: "used", consumed: 0, effect: { requestTarget: 12 } });
    expect(useItem(stateWith(inventoryOf([[1, 479, 1]])), 1, "click", deps())).toMatchObject({ kind: "ignored", reason: "not_equipped" });
  });
});

/** The roll `RandomNumber(30, 20)` makes from the first draw of `SeededRandom.create(seed)`. */
function expectedStaminaRoll(seed: number): number {
  return 30 + Math.trunc(SeededRandom.create(seed).next() * (20 - 30 + 1));
}
