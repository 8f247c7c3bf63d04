/**
 * Ground rules (§6) on a small invented 100 × 100 map: the reach rule, scatter placement, pick
 * up, drop and gold drops.
 */
import { describe, expect, test } from "bun:test";
import { emptyInventory, inventoryProblems, markEquipped, slotAt, type Inventory, type InventorySlotState } from "../inventory/index.ts";
import { itemCatalogFromObjects, ObjectType, type ItemCatalog } from "../items/index.ts";
import { BLOCKED_ALL, BLOCKED_EAST, TILE_WATER, Trigger, tileIndex } from "../movement/index.ts";
import { canReachItemAt, itemBorders, type GroundGrid, type GroundPile, type Walker } from "./grid.ts";
import { drop, pickUp, type DropActor } from "./pick-up-drop.ts";
import { pileAfterPut, pileAfterTake, scatterTile } from "./piles.ts";

const SIZE = 100;

/** A mutable test map: set bits, triggers, people, exits and piles by coordinates. */
class TestMap implements GroundGrid {
  readonly width = SIZE;
  readonly height = SIZE;
  readonly collision = new Uint8Array(SIZE * SIZE);
  readonly triggers = new Uint8Array(SIZE * SIZE);
  readonly people = new Set<number>();
  readonly exits = new Set<number>();
  readonly piles = new Map<number, GroundPile>();

  at(x: number, y: number): number {
    return tileIndex(SIZE, x, y);
  }
  block(x: number, y: number, bits = BLOCKED_ALL): this {
    const index = this.at(x, y);
    this.collision[index] = (this.collision[index] ?? 0) | bits;
    return this;
  }
  water(x: number, y: number, trigger = 0): this {
    const index = this.at(x, y);
    this.collision[index] = (this.collision[index] ?? 0) | TILE_WATER;
    this.triggers[this.at(x, y)] = trigger;
    return this;
  }
  put(x: number, y: number, objectId: number, amount: number, tags = 0): this {
    this.piles.set(this.at(x, y), { objectId, amount, tags });
    return this;
  }
  occupied(index: number): boolean {
    return this.people.has(index);
  }
  exit(index: number): boolean {
    return this.exits.has(index);
  }
  pile(index: number): GroundPile | undefined {
    return this.piles.get(index);
  }
}

const GOLD = 12;
const POTION = 38;
const SWORD = 2;
const TREE = 4;
const NEWBIE_DAGGER = 5;
const CURSED = 6; // Intirable
const BOUND = 7; // Instransferible
const ASHES = 8; // Destruye
const SHIP = 9;
const ORE_DEPOSIT = 10;

const catalog: ItemCatalog = itemCatalogFromObjects([
  { id: GOLD, objType: ObjectType.GoldCoin },
  { id: POTION, objType: ObjectType.Potion },
  { id: SWORD, objType: ObjectType.Weapon },
  { id: TREE, objType: ObjectType.Tree, fixedInPlace: true, lifetime: 5000 },
  { id: NEWBIE_DAGGER, objType: ObjectType.Weapon, newbie: true },
  { id: CURSED, objType: ObjectType.Weapon, cannotDrop: true },
  { id: BOUND, objType: ObjectType.Weapon, untradeable: true },
  { id: ASHES, objType: ObjectType.Material, destroyOnDrop: true },
  { id: SHIP, objType: ObjectType.Ship },
  { id: ORE_DEPOSIT, objType: ObjectType.OreDeposit, lifetime: 7000 },
]);

const me: Walker = { x: 50, y: 50 };

function inventoryOf(entries: readonly (readonly [number, number, number])[], gold = 0): Inventory {
  const base = emptyInventory(24, gold);
  const slots: InventorySlotState[] = [...base.slots];
  for (const [slot, objectId, amount] of entries) slots[slot - 1] = { objectId, amount, equipped: false, tags: 0 };
  return { ...base, slots };
}

const actor = (inventory: Inventory, overrides: Partial<DropActor> = {}): DropActor => ({ inventory, walker: me, level: 20, class: 3, ...overrides });
const at = (now: number) => ({ lastDrop: null, now });

describe("the reach rule (CanTransferWorldItemAt, §6.2)", () => {
  test("borders of a 100 × 100 map are x 12…89, y 10…91", () => {
    expect(itemBorders(100, 100)).toEqual({ minX: 12, maxX: 89, minY: 10, maxY: 91 });
  });

  test("own tile, 1 and 2 steps, diagonals; 3 is too far; outside the borders is refused", () => {
    const map = new TestMap();
    for (const [x, y] of [[50, 50], [51, 50], [52, 50], [51, 51], [50, 48]] as const) expect(canReachItemAt(map, me, x, y)).toBe("ok");
    expect(canReachItemAt(map, me, 53, 50)).toBe("too_far");
    expect(canReachItemAt(map, me, 52, 51)).toBe("too_far");
    expect(canReachItemAt(map, { x: 11, y: 50 }, 12, 50)).toBe("outside_borders");
    expect(canReachItemAt(new TestMap(), { x: 89, y: 91 }, 90, 91)).toBe("outside_borders");
  });

  test("walls, people, exits and water stop the walk; another way round works", () => {
    const wall = new TestMap().block(51, 50);
    expect(canReachItemAt(wall, me, 52, 50)).toBe("unreachable");
    expect(canReachItemAt(wall, me, 51, 51)).toBe("ok"); // through (50, 51)
    const oneWay = new TestMap().block(51, 50, BLOCKED_EAST); // cannot be entered moving east
    expect(canReachItemAt(oneWay, me, 51, 50)).toBe("unreachable");
    expect(canReachItemAt(oneWay, me, 51, 51)).toBe("ok");
    const crowd = new TestMap();
    crowd.people.add(crowd.at(51, 50));
    expect(canReachItemAt(crowd, me, 51, 50)).toBe("unreachable");
    const exit = new TestMap();
    exit.exits.add(exit.at(50, 51));
    expect(canReachItemAt(exit, me, 50, 51)).toBe("unreachable");
    const lake = new TestMap().water(51, 50);
    expect(canReachItemAt(lake, me, 51, 50)).toBe("unreachable");
    const bridge = new TestMap().water(51, 50, Trigger.Bridge);
    expect(canReachItemAt(bridge, me, 52, 50)).toBe("ok");
  });

  test("sailors reach water only; worker-only and patron-only tiles", () => {
    const sea = new TestMap().water(50, 50).water(51, 50);
    expect(canReachItemAt(sea, { ...me, sailing: true }, 51, 50)).toBe("ok");
    expect(canReachItemAt(sea, { ...me, sailing: true }, 50, 51)).toBe("unreachable");
    const mine = new TestMap();
    mine.triggers[mine.at(51, 50)] = Trigger.WorkerOnly;
    mine.triggers[mine.at(50, 51)] = Trigger.PatronOnly;
    expect(canReachItemAt(mine, me, 51, 50)).toBe("unreachable");
    expect(canReachItemAt(mine, { ...me, worker: true }, 51, 50)).toBe("ok");
    expect(canReachItemAt(mine, me, 50, 51)).toBe("unreachable");
    expect(canReachItemAt(mine, { ...me, patron: true }, 50, 51)).toBe("ok");
  });
});

describe("piles and scatter (MakeObj, EraseObj, Tilelibre)", () => {
  test("same (object, tags) adds up; a new pile of an object with VidaUtil holds VidaUtil", () => {
    expect(pileAfterPut({ objectId: POTION, amount: 5, tags: 0 }, { objectId: POTION, amount: 3 }, catalog)).toEqual({ objectId: POTION, amount: 8, tags: 0 });
    expect(pileAfterPut({ objectId: POTION, amount: 5, tags: 0 }, { objectId: SWORD, amount: 1 }, catalog)).toEqual({ objectId: SWORD, amount: 1, tags: 0 });
    expect(pileAfterPut(undefined, { objectId: ORE_DEPOSIT, amount: 1 }, catalog)).toEqual({ objectId: ORE_DEPOSIT, amount: 7000, tags: 0 });
    expect(pileAfterTake({ objectId: POTION, amount: 5, tags: 0 }, 5)).toBeNull();
    expect(pileAfterTake({ objectId: POTION, amount: 5, tags: 0 }, 2)).toEqual({ objectId: POTION, amount: 3, tags: 0 });
  });

  test("the first legal tile in row-major order of the smallest square", () => {
    const map = new TestMap();
    map.people.add(map.at(50, 50));
    expect(scatterTile(map, 50, 50, { objectId: POTION, amount: 1 }, { water: true, land: true })).toEqual({ x: 49, y: 49 });
    map.put(49, 49, SWORD, 1).block(50, 49);
    expect(scatterTile(map, 50, 50, { objectId: POTION, amount: 1 }, { water: true, land: true })).toEqual({ x: 51, y: 49 });
    map.put(51, 49, POTION, 9_999);
    expect(scatterTile(map, 50, 50, { objectId: POTION, amount: 1 }, { water: true, land: true })).toEqual({ x: 51, y: 49 });
    expect(scatterTile(map, 50, 50, { objectId: POTION, amount: 2 }, { water: true, land: true })).toEqual({ x: 49, y: 50 });
    expect(scatterTile(map, 50, 50, { objectId: POTION, amount: 1 }, { water: true, land: true, initialPos: false })).toEqual({ x: 51, y: 49 });
  });

  test("water only when allowed; nothing within radius 15 is null", () => {
    const sea = new TestMap();
    for (let y = 10; y <= 91; y++) for (let x = 12; x <= 89; x++) sea.water(x, y);
    expect(scatterTile(sea, 50, 50, { objectId: GOLD, amount: 1 }, { water: false, land: true })).toBeNull();
    expect(scatterTile(sea, 50, 50, { objectId: GOLD, amount: 1 }, { water: true, land: true })).toEqual({ x: 50, y: 50 });
  });
});

describe("pick up (ePickUp, §6.3)", () => {
  test("the whole pile into the inventory; gold to the wallet with a gold text", () => {
    const map = new TestMap().put(51, 50, POTION, 40).put(50, 51, GOLD, 1234);
    const potion = pickUp(actor(inventoryOf([])), map, 51, 50, 0, catalog);
    expect(potion).toMatchObject({ ok: true, taken: 40, pileLeft: null, changed: [1], show: { kind: "picked", objectId: POTION, amount: 40 } });
    const gold = pickUp(actor(inventoryOf([], 10)), map, 50, 51, 0, catalog);
    expect(gold).toMatchObject({ ok: true, goldDelta: 1234, changed: [], show: { kind: "gold_text", amount: 1234 } });
    expect(gold.ok && gold.inventory.gold).toBe(1244);
  });

  test("into a chosen slot: as much as fits, the rest stays", () => {
    const map = new TestMap().put(51, 50, POTION, 40);
    const outcome = pickUp(actor(inventoryOf([[3, POTION, 9_990]])), map, 51, 50, 3, catalog);
    expect(outcome).toMatchObject({ ok: true, taken: 10, pileLeft: { objectId: POTION, amount: 30 } });
    expect(pickUp(actor(inventoryOf([[3, SWORD, 1]])), map, 51, 50, 3, catalog)).toEqual({ ok: false, reason: "inventory_full" });
    expect(pickUp(actor(inventoryOf([[3, POTION, 10_000]])), map, 51, 50, 3, catalog)).toEqual({ ok: false, reason: "slot_full", silent: true });
    const gold = new TestMap().put(51, 50, GOLD, 5);
    expect(pickUp(actor(inventoryOf([])), gold, 51, 50, 2, catalog)).toEqual({ ok: false, reason: "gold_to_slot", silent: true });
  });

  test("refusals in VB6 order", () => {
    const map = new TestMap().put(51, 50, POTION, 1).put(50, 51, TREE, 5000);
    const inv = inventoryOf([]);
    expect(pickUp(actor(inv, { dead: true }), map, 51, 50, 0, catalog)).toEqual({ ok: false, reason: "dead" });
    expect(pickUp(actor(inv, { privilege: "consejero" }), map, 51, 50, 0, catalog)).toEqual({ ok: false, reason: "pick_up_forbidden" });
    expect(pickUp(actor(inv), map, 53, 50, 0, catalog)).toEqual({ ok: false, reason: "unreachable", silent: true });
    for (const slot of [25, 43, -1, 1.5]) expect(pickUp(actor(inv), map, 51, 50, slot, catalog)).toEqual({ ok: false, reason: "bad_slot", silent: true });
    expect(pickUp(actor(inv, { inJailArea: true }), map, 51, 50, 0, catalog)).toEqual({ ok: false, reason: "pick_up_in_jail" });
    expect(pickUp(actor(inv), map, 49, 50, 0, catalog)).toEqual({ ok: false, reason: "nothing_here" });
    expect(pickUp(actor(inv), map, 50, 51, 0, catalog)).toEqual({ ok: false, reason: "fixed_in_place", silent: true });
    expect(pickUp(actor(inv, { mounted: true }), map, 51, 50, 0, catalog)).toEqual({ ok: false, reason: "pick_up_mounted" });
    const full = inventoryOf(Array.from({ length: 24 }, (_, i) => [i + 1, SWORD, 1] as const));
    expect(pickUp(actor(full), map, 51, 50, 0, catalog)).toEqual({ ok: false, reason: "inventory_full" });
  });
});

describe("drop (eDrop, §6.4)", () => {
  test("units leave the slot onto a reachable tile, merging with the same pile", () => {
    const map = new TestMap().put(51, 50, POTION, 5);
    const outcome = drop(actor(inventoryOf([[2, POTION, 30]])), map, 2, 10, 51, 50, at(1000), catalog);
    expect(outcome).toMatchObject({ ok: true, removed: 10, changed: [2], piles: [{ x: 51, y: 50, objectId: POTION, amount: 15, tags: 0 }], lastDrop: 1000, stopGathering: true });
    expect(outcome.ok && slotAt(outcome.inventory, 2).amount).toBe(20);
    // More than the slot holds drops what there is.
    expect(drop(actor(inventoryOf([[2, POTION, 30]])), map, 2, 500, 50, 50, at(1000), catalog)).toMatchObject({ ok: true, removed: 30 });
  });

  test("no room on the ground: another object, or more than 10000 together", () => {
    const map = new TestMap().put(51, 50, SWORD, 1).put(50, 51, POTION, 9_995);
    expect(drop(actor(inventoryOf([[2, POTION, 30]])), map, 2, 1, 51, 50, at(0), catalog)).toMatchObject({ ok: false, reason: "no_space_on_ground" });
    expect(drop(actor(inventoryOf([[2, POTION, 30]])), map, 2, 6, 50, 51, at(0), catalog)).toMatchObject({ ok: false, reason: "no_space_on_ground" });
    expect(drop(actor(inventoryOf([[2, POTION, 30]])), map, 2, 5, 50, 51, at(0), catalog)).toMatchObject({ ok: true });
  });

  test("the last unit of an equipped item unequips it", () => {
    const inv = markEquipped(inventoryOf([[1, SWORD, 1]]), 1, "weapon").inventory;
    const outcome = drop(actor(inv), new TestMap(), 1, 1, 50, 50, at(0), catalog);
    expect(outcome).toMatchObject({ ok: true, unequipped: [{ slot: 1, objectId: SWORD, kinds: ["weapon"] }] });
    expect(outcome.ok && inventoryProblems(outcome.inventory)).toEqual([]);
  });

  test("Destruye: the units vanish; Q15 kept: low game-master ranks lose what they drop", () => {
    expect(drop(actor(inventoryOf([[1, ASHES, 3]])), new TestMap(), 1, 3, 50, 50, at(0), catalog)).toMatchObject({ ok: true, removed: 3, piles: [], vanished: "destroyed" });
    expect(drop(actor(inventoryOf([[1, POTION, 3]]), { privilege: "consejero" }), new TestMap(), 1, 3, 50, 50, at(0), catalog)).toMatchObject({ ok: true, piles: [], vanished: "lost" });
    expect(drop(actor(inventoryOf([[1, POTION, 3]]), { privilege: "dios" }), new TestMap(), 1, 3, 50, 50, at(0), catalog)).toMatchObject({ ok: true, piles: [{ amount: 3 }] });
  });

  test("Q14 kept: newbie, Intirable and Instransferible checks for everyone; GMs may drop Intirable", () => {
    const map = new TestMap();
    expect(drop(actor(inventoryOf([[1, NEWBIE_DAGGER, 1]]), { level: 12 }), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ ok: false, reason: "drop_newbie_item" });
    expect(drop(actor(inventoryOf([[1, NEWBIE_DAGGER, 1]]), { level: 12, privilege: "admin" }), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ ok: false, reason: "drop_newbie_item" });
    expect(drop(actor(inventoryOf([[1, NEWBIE_DAGGER, 1]]), { level: 13 }), map, 1, 1, 50, 50, at(0), catalog).ok).toBe(true);
    expect(drop(actor(inventoryOf([[1, CURSED, 1]])), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ ok: false, reason: "drop_forbidden" });
    expect(drop(actor(inventoryOf([[1, CURSED, 1]]), { privilege: "admin" }), map, 1, 1, 50, 50, at(0), catalog).ok).toBe(true);
    expect(drop(actor(inventoryOf([[1, BOUND, 1]]), { privilege: "admin" }), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ ok: false, reason: "drop_forbidden" });
  });

  test("Q13 kept: no ship item can be dropped while sailing", () => {
    const sea = new TestMap().water(50, 50);
    const sailor = actor(inventoryOf([[1, SHIP, 1], [2, SHIP, 1]]), { walker: { ...me, sailing: true } });
    expect(drop(sailor, sea, 2, 1, 50, 50, at(0), catalog)).toMatchObject({ ok: false, reason: "drop_ship_while_sailing" });
  });

  test("the drop interval, trading, mounted, dead, jail and hostile input", () => {
    const inv = inventoryOf([[1, POTION, 3]]);
    const map = new TestMap();
    expect(drop(actor(inv), map, 1, 1, 50, 50, { lastDrop: 1000, now: 1399 }, catalog)).toEqual({ ok: false, reason: "too_soon", silent: true });
    expect(drop(actor(inv), map, 1, 1, 50, 50, { lastDrop: 1000, now: 1400 }, catalog).ok).toBe(true);
    expect(drop(actor(inv, { trading: true }), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ reason: "trading", silent: true });
    expect(drop(actor(inv, { mounted: true }), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ reason: "drop_mounted" });
    expect(drop(actor(inv, { dead: true }), map, 1, 1, 50, 50, at(0), catalog)).toMatchObject({ reason: "dead" });
    expect(drop(actor(inv, { inJailArea: true }), map, 1, 1, 50, 50, at(0), catalog)).toEqual({ ok: false, reason: "drop_in_jail" });
    for (const slot of [0, 25, 43, 199, 201]) expect(drop(actor(inv), map, slot, 1, 50, 50, at(0), catalog)).toEqual({ ok: false, reason: "bad_slot", silent: true });
    for (const amount of [0, -5, 1.5, Number.NaN]) expect(drop(actor(inv), map, 1, amount, 50, 50, at(0), catalog)).toMatchObject({ reason: "invalid_amount" });
    expect(drop(actor(inv), map, 2, 1, 50, 50, at(0), catalog)).toMatchObject({ reason: "empty_slot" });
    expect(drop(actor(inv), map, 1, 1, 53, 50, at(0), catalog)).toMatchObject({ reason: "unreachable" });
  });
});

describe("gold drops (TirarOro, §6.5)", () => {
  test("25000 gold: piles of 10000, 10000 and 5000 around the player, never on the player's tile", () => {
    const map = new TestMap();
    map.people.add(map.at(50, 50));
    const outcome = drop(actor(inventoryOf([], 30_000)), map, 200, 25_000, 50, 50, at(0), catalog);
    expect(outcome).toMatchObject({ ok: true, removed: 25_000, goldDelta: -25_000 });
    if (!outcome.ok) return;
    expect(outcome.inventory.gold).toBe(5_000);
    expect(outcome.piles).toEqual([
      { x: 49, y: 49, objectId: GOLD, amount: 10_000, tags: 0 },
      { x: 50, y: 49, objectId: GOLD, amount: 10_000, tags: 0 },
      { x: 51, y: 49, objectId: GOLD, amount: 5_000, tags: 0 },
    ]);
  });

  test("at most 100000 per packet; only the player's own tile; not more than the wallet", () => {
    const map = new TestMap();
    map.people.add(map.at(50, 50));
    const big = drop(actor(inventoryOf([], 500_000)), map, 200, 150_000, 50, 50, at(0), catalog);
    expect(big.ok && big.removed).toBe(100_000);
    expect(drop(actor(inventoryOf([], 500)), map, 200, 100, 51, 50, at(0), catalog)).toMatchObject({ reason: "not_your_tile" });
    expect(drop(actor(inventoryOf([], 50)), map, 200, 100, 50, 50, at(0), catalog)).toMatchObject({ reason: "not_enough_gold" });
    expect(drop(actor(inventoryOf([], 500), { privilege: "semidios" }), map, 200, 100, 50, 50, at(0), catalog)).toMatchObject({ reason: "rank" });
  });

  test("a small wallet makes one pile of what it asks; piles without a tile stay in the wallet", () => {
    const map = new TestMap();
    map.people.add(map.at(50, 50));
    const small = drop(actor(inventoryOf([], 12_000)), map, 200, 12_000, 50, 50, at(0), catalog);
    expect(small.ok && small.piles.map((p) => p.amount)).toEqual([10_000, 2_000]);
    const walled = new TestMap();
    for (let y = 10; y <= 91; y++) for (let x = 12; x <= 89; x++) walled.block(x, y);
    const lost = drop(actor(inventoryOf([], 500), { walker: { x: 50, y: 50 } }), walled, 200, 300, 50, 50, at(0), catalog);
    expect(lost).toMatchObject({ ok: true, removed: 0, piles: [] });
  });

  test("pirates throw gold on land only", () => {
    const shore = new TestMap().water(49, 49).water(50, 49);
    shore.people.add(shore.at(50, 50));
    const pirate = drop(actor(inventoryOf([], 100), { class: 10 }), shore, 200, 100, 50, 50, at(0), catalog);
    expect(pirate.ok && pirate.piles[0]).toMatchObject({ x: 51, y: 49 });
    const other = drop(actor(inventoryOf([], 100)), shore, 200, 100, 50, 50, at(0), catalog);
    expect(other.ok && other.piles[0]).toMatchObject({ x: 49, y: 49 });
  });
});
