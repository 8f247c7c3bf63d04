/**
 * Equipment rules: `CanUseObject` codes on the real 2024 obj.dat (shared `ao20/Dat`,
 * fernesitto/Argentum-20 @4d6913b) and on invented objects; equip / unequip per kind with their
 * effects; the appearance others see.
 */
import { describe, expect, test } from "bun:test";
import { parseObjectsDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { DisabledSlot, FactionStatus, itemCatalog, itemCatalogFromObjects, MagicEffect, ObjectType, Race, Gender, type ItemCatalog } from "../items/index.ts";
import { emptyInventory, inventoryProblems, markEquipped, slotAt, type Inventory, type InventorySlotState } from "../inventory/index.ts";
import { AO20_2026_NAKED_BODIES, appearance } from "./appearance.ts";
import { CanUse, canUseMessage, canUseObject, type Wearer } from "./can-use.ts";
import { equipItem, unequipItem, type EquipContext, type EquipOutcome } from "./equip.ts";
import { inventorySlotView } from "./slot-view.ts";

const OBJ_2024 = "ao20/Dat/obj.dat";
const ready = requireSharedData(OBJ_2024);

const MAGE = 1;
const CLERIC = 2;
const WARRIOR = 3;
const WORKER = 9;

const wearer = (overrides: Partial<Wearer> = {}): Wearer => ({
  level: 20,
  class: WARRIOR,
  race: Race.Human,
  gender: Gender.Male,
  skills: Array.from({ length: 24 }, () => 0),
  ...overrides,
});

/** An inventory from `[slot, objectId, amount]`, then `[slot, kind]` pointers. */
function inventoryOf(entries: readonly (readonly [number, number, number])[], worn: readonly (readonly [number, Parameters<typeof markEquipped>[2]])[] = []): Inventory {
  const base = emptyInventory();
  const slots: InventorySlotState[] = [...base.slots];
  for (const [slot, objectId, amount] of entries) slots[slot - 1] = { objectId, amount, equipped: false, tags: 0 };
  let inventory: Inventory = { ...base, slots };
  for (const [slot, kind] of worn) inventory = markEquipped(inventory, slot, kind).inventory;
  return inventory;
}

function ok(outcome: EquipOutcome): Extract<EquipOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome;
}

const SWORD = 1;
const AXE = 2; // two-handed
const PICKAXE = 3;
const SHIELD = 4;
const ARMOR = 5;
const ROYAL_ARMOR = 6;
const BOW = 7;
const SMALL_BOW = 8;
const ARROW = 9;
const HELMET = 10;
const HOOD = 11; // replaces the head
const RING = 12;
const LUTE = 13;
const AMULET = 14;
const CART_AMULET = 15;
const OLD_RING = 16; // MaxLEV 10
const JAIL_SPOON = 17;
const AURA_A = 18;
const AURA_B = 19;
const POTION = 20;
const SHIP = 21;
const SADDLE = 22;
const BACKPACK = 23;
const SHAPED_ARMOR = 24; // bodies per race/gender
const NO_BODY_ARMOR = 25;

const catalog: ItemCatalog = itemCatalogFromObjects([
  { id: SWORD, objType: ObjectType.Weapon, anim: 68 },
  { id: AXE, objType: ObjectType.Weapon, anim: 70, twoHanded: true, auraSound: 99, createsGrh: "1:2:3", magicDamageBonus: 5 },
  { id: PICKAXE, objType: ObjectType.WorkingTool, subType: 8, anim: 147 },
  { id: SHIELD, objType: ObjectType.Shield, anim: 18, magicResistance: 2 },
  { id: ARMOR, objType: ObjectType.Armor, body: 21 },
  { id: ROYAL_ARMOR, objType: ObjectType.Armor, body: 30, royal: 1 },
  { id: BOW, objType: ObjectType.Weapon, anim: 7, projectile: 1, ammunition: 1, bowCategory: 2 },
  { id: SMALL_BOW, objType: ObjectType.Weapon, anim: 6, projectile: 1, ammunition: 1, bowCategory: 1 },
  { id: ARROW, objType: ObjectType.Ammunition, arrowCategory: 2 },
  { id: HELMET, objType: ObjectType.Helmet, anim: 143 },
  { id: HOOD, objType: ObjectType.Helmet, subType: 2, anim: 640 },
  { id: RING, objType: ObjectType.Ring, magicResistance: 3 },
  { id: LUTE, objType: ObjectType.MagicalInstrument },
  { id: AMULET, objType: ObjectType.Amulet, magicEffect: MagicEffect.ModifyAttribute, effectAttribute: 1, effectAmount: 3, auraSound: 44 },
  { id: CART_AMULET, objType: ObjectType.Amulet, magicEffect: MagicEffect.ProtectedResources, body: 500 },
  { id: OLD_RING, objType: ObjectType.Ring, maxLevel: 10 },
  { id: JAIL_SPOON, objType: ObjectType.Weapon, jailObject: 1 },
  { id: AURA_A, objType: ObjectType.Donator, subType: 4 },
  { id: AURA_B, objType: ObjectType.Donator, subType: 4 },
  { id: POTION, objType: ObjectType.Potion, potionType: 3 },
  { id: SHIP, objType: ObjectType.Ship, body: 84 },
  { id: SADDLE, objType: ObjectType.Saddle, body: 700, raceTall: 701, raceShort: 702 },
  { id: BACKPACK, objType: ObjectType.Backpack, body: 5 },
  { id: SHAPED_ARMOR, objType: ObjectType.Armor, body: 40, bodyDwarfFemale: 41, bodyDwarfMale: 42 },
  { id: NO_BODY_ARMOR, objType: ObjectType.Armor },
]);

const context = (overrides: Partial<EquipContext> = {}): EquipContext => ({ wearer: wearer(), ...overrides });

describe("canUseObject (CanUseObject, §4.2) on invented objects", () => {
  const table = itemCatalogFromObjects([
    { id: 1, objType: ObjectType.Weapon, newbie: true, minLevel: 20 },
    { id: 2, objType: ObjectType.Weapon, minLevel: 5, maxLevel: 10 },
    { id: 3, objType: ObjectType.Armor, body: 1, forbiddenClasses: [MAGE], femaleOnly: true, raceHuman: 1 },
    { id: 4, objType: ObjectType.Armor, body: 1, maleOnly: true, forbiddenRaces: [Race.Orc] },
    { id: 5, objType: ObjectType.Armor, body: 1, royal: 1, leadersOnly: true },
  ]);

  test("first failing rule wins, in VB6 order", () => {
    expect(canUseObject(wearer({ level: 13 }), table.get(1)!)).toBe(CanUse.Newbie);
    expect(canUseObject(wearer({ level: 12 }), table.get(1)!)).toBe(CanUse.Level);
    expect(canUseObject(wearer({ level: 11 }), table.get(2)!)).toBe(CanUse.Level);
    expect(canUseObject(wearer({ class: MAGE, gender: Gender.Male, race: Race.Orc }), table.get(3)!)).toBe(CanUse.Class);
    expect(canUseObject(wearer({ gender: Gender.Male, race: Race.Orc }), table.get(3)!)).toBe(CanUse.Gender);
    expect(canUseObject(wearer({ gender: Gender.Female, race: Race.Orc }), table.get(3)!)).toBe(CanUse.Race);
    expect(canUseObject(wearer({ gender: Gender.Female }), table.get(3)!)).toBe(CanUse.Usable);
    expect(canUseObject(wearer({ gender: Gender.Female }), table.get(4)!)).toBe(CanUse.Gender);
    expect(canUseObject(wearer({ race: Race.Orc }), table.get(4)!)).toBe(CanUse.Race);
  });

  test("royal leaders-only items need the royal council", () => {
    const royal = { status: FactionStatus.Royal, royalRewards: 5, chaosRewards: 0 };
    const council = { ...royal, status: FactionStatus.RoyalCouncil };
    expect(canUseObject(wearer({ faction: royal }), table.get(5)!)).toBe(CanUse.Faction);
    expect(canUseObject(wearer({ faction: council }), table.get(5)!)).toBe(CanUse.Usable);
    expect(canUseObject(wearer({ gm: true }), table.get(5)!)).toBe(CanUse.Usable);
  });

  test("the console line of each refusal", () => {
    expect(canUseMessage(CanUse.Level, wearer({ level: 11 }), table.get(2)!)).toEqual({ id: 1982, params: [10] });
    expect(canUseMessage(CanUse.Level, wearer({ level: 1 }), table.get(2)!)).toEqual({ id: 1926, params: [5] });
    expect(canUseMessage(CanUse.Usable, wearer(), table.get(2)!)).toBeNull();
  });
});

describe("equipItem (EquiparInvItem, §4.3)", () => {
  test("a weapon replaces the tool and the previous weapon; sound 25 unless SndAura", () => {
    const inv = inventoryOf([[1, SWORD, 1], [2, PICKAXE, 1], [3, SWORD, 1]], [[2, "tool"]]);
    const outcome = ok(equipItem(inv, 1, catalog, context()));
    expect(outcome).toMatchObject({ action: "equipped", kind: "weapon", slot: 1, changed: [1, 2] });
    expect(outcome.inventory.equipped).toMatchObject({ weapon: 1, tool: 0 });
    expect(outcome.effects).toContainEqual({ kind: "sound", wave: 25 });
    expect(outcome.effects).toContainEqual({ kind: "stop_gathering" });
    const second = ok(equipItem(outcome.inventory, 3, catalog, context()));
    expect(second.unequipped.map((u) => u.slot)).toEqual([1]);
    expect(inventoryProblems(second.inventory)).toEqual([]);
  });

  test("a two-handed weapon takes the shield off, and a shield takes a two-handed weapon off", () => {
    const inv = inventoryOf([[1, AXE, 1], [2, SHIELD, 1]], [[2, "shield"]]);
    const axe = ok(equipItem(inv, 1, catalog, context()));
    expect(axe.inventory.equipped).toMatchObject({ weapon: 1, shield: 0 });
    expect(axe.effects).toContainEqual({ kind: "notice", notice: "shield_removed_for_two_handed" });
    expect(axe.effects).toContainEqual({ kind: "sound", wave: 99 });
    expect(axe.effects).toContainEqual({ kind: "aura", auraType: 1, grh: "1:2:3" });
    expect(axe.effects).toContainEqual({ kind: "update_magic_damage" });
    const shield = ok(equipItem(axe.inventory, 2, catalog, context()));
    expect(shield.inventory.equipped).toMatchObject({ weapon: 0, shield: 2 });
    expect(shield.effects).toContainEqual({ kind: "notice", notice: "two_handed_removed_for_shield" });
  });

  test("equipping an equipped slot takes it off (toggle)", () => {
    const inv = inventoryOf([[4, HELMET, 1]], [[4, "helmet"]]);
    const outcome = ok(equipItem(inv, 4, catalog, context()));
    expect(outcome).toMatchObject({ action: "unequipped", kind: "helmet", changed: [4], unequipped: [] });
    expect(slotAt(outcome.inventory, 4).equipped).toBe(false);
    expect(outcome.effects).toContainEqual({ kind: "appearance" });
  });

  test("Q8 fixed: an item one can no longer use can still be taken off", () => {
    const inv = inventoryOf([[1, OLD_RING, 1]], [[1, "ring"]]);
    const old = context({ wearer: wearer({ level: 11 }) });
    expect(ok(equipItem(inv, 1, catalog, old)).action).toBe("unequipped");
    expect(equipItem(inventoryOf([[1, OLD_RING, 1]]), 1, catalog, old)).toEqual({ ok: false, reason: "cannot_use", canUse: CanUse.Level });
  });

  test("arrows need an equipped bow of at least their category; a weaker bow drops them", () => {
    const bare = inventoryOf([[1, ARROW, 500], [2, SWORD, 1], [3, BOW, 1], [4, SMALL_BOW, 1]]);
    expect(equipItem(bare, 1, catalog, context())).toEqual({ ok: false, reason: "no_bow" });
    const sword = ok(equipItem(bare, 2, catalog, context())).inventory;
    expect(equipItem(sword, 1, catalog, context())).toEqual({ ok: false, reason: "not_a_bow" });
    const small = ok(equipItem(bare, 4, catalog, context())).inventory;
    expect(equipItem(small, 1, catalog, context())).toEqual({ ok: false, reason: "arrow_too_strong" });
    const bow = ok(equipItem(bare, 3, catalog, context())).inventory;
    const armed = ok(equipItem(bow, 1, catalog, context()));
    expect(armed.inventory.equipped).toMatchObject({ weapon: 3, ammunition: 1 });
    const swapped = ok(equipItem(armed.inventory, 4, catalog, context()));
    expect(swapped.inventory.equipped).toMatchObject({ weapon: 4, ammunition: 0 });
    expect(swapped.effects).toContainEqual({ kind: "notice", notice: "arrows_unequipped" });
  });

  test("armour: a body is needed; faction armour outside a safe zone needs full vitals (old armour kept)", () => {
    const inv = inventoryOf([[1, ARMOR, 1], [2, ROYAL_ARMOR, 1], [3, NO_BODY_ARMOR, 1]], [[1, "armor"]]);
    const royal = context({ wearer: wearer({ faction: { status: FactionStatus.Royal, royalRewards: 0, chaosRewards: 0 } }) });
    expect(equipItem(inv, 3, catalog, royal)).toEqual({ ok: false, reason: "cannot_use", canUse: CanUse.Race });
    expect(equipItem(inv, 2, catalog, royal)).toEqual({ ok: false, reason: "needs_full_vitals" });
    const safe = ok(equipItem(inv, 2, catalog, { ...royal, safeZone: true }));
    expect(safe.inventory.equipped.armor).toBe(2);
    expect(safe.effects).toContainEqual({ kind: "update_speed" });
    expect(ok(equipItem(inv, 2, catalog, { ...royal, vitalsFull: true })).inventory.equipped.armor).toBe(2);
  });

  test("rings and magical instruments share one slot; the amulet effect is applied and reverted", () => {
    const inv = inventoryOf([[1, RING, 1], [2, LUTE, 1], [3, AMULET, 1]]);
    const ring = ok(equipItem(inv, 1, catalog, context()));
    expect(ring.effects).toContainEqual({ kind: "update_magic_resistance" });
    const lute = ok(equipItem(ring.inventory, 2, catalog, context()));
    expect(lute.inventory.equipped.ring).toBe(2);
    expect(slotAt(lute.inventory, 1).equipped).toBe(false);
    expect(lute.effects).toContainEqual({ kind: "update_magic_damage" });
    const amulet = ok(equipItem(lute.inventory, 3, catalog, context()));
    expect(amulet.effects).toContainEqual({ kind: "magic_effect", apply: true, item: catalog.get(AMULET)! });
    expect(amulet.effects).toContainEqual({ kind: "sound", wave: 44 });
    const off = ok(equipItem(amulet.inventory, 3, catalog, context()));
    expect(off.effects).toContainEqual({ kind: "magic_effect", apply: false, item: catalog.get(AMULET)! });
  });

  test("one donator aura at a time", () => {
    const inv = inventoryOf([[1, AURA_A, 1], [2, AURA_B, 1]]);
    const a = ok(equipItem(inv, 1, catalog, context()));
    const b = ok(equipItem(a.inventory, 2, catalog, context()));
    expect([slotAt(b.inventory, 1).equipped, slotAt(b.inventory, 2).equipped]).toEqual([false, true]);
  });

  test("refusals: dead, bad or empty slots, blocked kinds, jail objects, tools while special fishing, non-equipment", () => {
    const inv = inventoryOf([[1, SWORD, 1], [2, POTION, 5], [3, SHIP, 1], [4, JAIL_SPOON, 1], [5, PICKAXE, 1]], [[5, "tool"]]);
    expect(equipItem(inv, 1, catalog, context({ dead: true }))).toEqual({ ok: false, reason: "dead" });
    for (const slot of [0, 25, 43, -1, 1.5]) expect(equipItem(inv, slot, catalog, context())).toEqual({ ok: false, reason: "bad_slot" });
    expect(equipItem(inv, 9, catalog, context())).toEqual({ ok: false, reason: "empty_slot" });
    expect(equipItem(inv, 1, catalog, context({ disabledSlots: DisabledSlot.Weapon }))).toEqual({ ok: false, reason: "slot_disabled" });
    expect(equipItem(inv, 2, catalog, context())).toEqual({ ok: false, reason: "not_equippable" });
    expect(equipItem(inv, 3, catalog, context())).toEqual({ ok: false, reason: "not_equippable" });
    expect(equipItem(inv, 4, catalog, context())).toEqual({ ok: false, reason: "jail_object" });
    expect(ok(equipItem(inv, 4, catalog, context({ inJailArea: true }))).kind).toBe("weapon");
    expect(equipItem(inv, 5, catalog, context({ specialFishing: true }))).toEqual({ ok: false, reason: "special_fishing" });
    const unknown = inventoryOf([[1, 999, 1]]);
    expect(equipItem(unknown, 1, catalog, context())).toEqual({ ok: false, reason: "unknown_object" });
  });

  test("unequipItem takes a slot off on its own, or answers null", () => {
    const inv = inventoryOf([[1, SWORD, 1], [2, SWORD, 1]], [[1, "weapon"]]);
    expect(unequipItem(inv, 1, catalog, {})!.inventory.equipped.weapon).toBe(0);
    expect(unequipItem(inv, 2, catalog, {})).toBeNull();
  });
});

describe("appearance (§4.5)", () => {
  const human = { race: Race.Human, gender: Gender.Male, head: 5 };

  test("naked: the creation body, the own head, nothing else", () => {
    expect(appearance(human, emptyInventory(), catalog)).toEqual({ body: 1, head: 5, weapon: 2, shield: 2, helmet: 2, cart: 2, backpack: 2 });
    expect(appearance({ race: Race.Orc, gender: Gender.Female, head: 550 }, emptyInventory(), catalog).body).toBe(581);
    expect(appearance(human, emptyInventory(), catalog, { nakedBodies: AO20_2026_NAKED_BODIES }).body).toBe(3000);
  });

  test("equipment shows: armour body by race and gender, weapon or tool, shield, helmet, cart, backpack", () => {
    const inv = inventoryOf(
      [[1, SHAPED_ARMOR, 1], [2, SWORD, 1], [3, SHIELD, 1], [4, HELMET, 1], [5, CART_AMULET, 1], [6, BACKPACK, 1]],
      [[1, "armor"], [2, "weapon"], [3, "shield"], [4, "helmet"], [5, "amulet"], [6, "backpack"]],
    );
    expect(appearance(human, inv, catalog)).toEqual({ body: 40, head: 5, weapon: 68, shield: 18, helmet: 143, cart: 500, backpack: 5 });
    expect(appearance({ race: Race.Dwarf, gender: Gender.Female, head: 350 }, inv, catalog).body).toBe(41);
    expect(appearance({ race: Race.Dwarf, gender: Gender.Male, head: 300 }, inv, catalog).body).toBe(42);
    expect(appearance({ ...human, head: 901 }, inv, catalog).helmet).toBe(2); // patron heads get no overlay
    const tool = inventoryOf([[1, PICKAXE, 1]], [[1, "tool"]]);
    expect(appearance(human, tool, catalog).weapon).toBe(147);
  });

  test("a full-head helmet replaces the head", () => {
    const inv = inventoryOf([[1, HOOD, 1]], [[1, "helmet"]]);
    expect(appearance(human, inv, catalog)).toMatchObject({ head: 640, helmet: 640 });
  });

  test("mounted: the saddle body for tall or short races, no weapon, shield or cart", () => {
    const inv = inventoryOf([[1, SADDLE, 1], [2, SWORD, 1]], [[1, "saddle"], [2, "weapon"]]);
    expect(appearance(human, inv, catalog, { mounted: true })).toMatchObject({ body: 701, weapon: 2, shield: 2, cart: 2 });
    expect(appearance({ race: Race.Gnome, gender: Gender.Male, head: 400 }, inv, catalog, { mounted: true }).body).toBe(702);
  });

  test("sailing a barca: painted by side, no head", () => {
    const inv = inventoryOf([[1, SHIP, 1]], [[1, "ship"]]);
    expect(appearance(human, inv, catalog, { sailing: true })).toMatchObject({ body: 1265, head: 0, weapon: 2, shield: 2, helmet: 2 });
    expect(appearance({ ...human, factionStatus: FactionStatus.Royal }, inv, catalog, { sailing: true }).body).toBe(1273);
    expect(appearance({ ...human, factionStatus: FactionStatus.Criminal }, inv, catalog, { sailing: true }).body).toBe(1266);
  });
});

describe.skipIf(!ready)("CanUseObject codes on the 2024 obj.dat", () => {
  const real: ItemCatalog = ready ? itemCatalog(parseObjectsDat(readSharedData(OBJ_2024), OBJ_2024).value!) : (undefined as never);
  const item = (id: number) => real.get(id)!;

  test("class, newbie, level, gender, race and skill refusals", () => {
    expect(canUseObject(wearer({ class: MAGE }), item(2))).toBe(CanUse.Class); // Espada Larga, CP1=MAGO
    expect(canUseObject(wearer({ class: WARRIOR }), item(2))).toBe(CanUse.Usable);
    expect(canUseObject(wearer({ level: 13 }), item(460))).toBe(CanUse.Newbie); // Daga (Newbies)
    expect(canUseObject(wearer({ level: 12 }), item(460))).toBe(CanUse.Usable);
    expect(canUseObject(wearer({ level: 34 }), item(402))).toBe(CanUse.Level); // Espada MataDragones, MinELV 35
    expect(canUseObject(wearer(), item(56))).toBe(CanUse.Gender); // Vestido de Duquesa, Mujer=1
    expect(canUseObject(wearer({ gender: Gender.Female, race: Race.Dwarf }), item(56))).toBe(CanUse.Race);
    expect(canUseObject(wearer({ gender: Gender.Female }), item(56))).toBe(CanUse.Usable);
    const fisher = (points: number) => wearer({ class: WORKER, skills: Array.from({ length: 24 }, (_, i) => (i === 17 ? points : 0)) });
    expect(canUseObject(fisher(99), item(138))).toBe(CanUse.Skill); // Red de Pesca, SkillRequerido=Pesca-100
    expect(canUseObject(fisher(100), item(138))).toBe(CanUse.Usable);
    expect(canUseMessage(CanUse.Skill, fisher(99), item(138))).toEqual({ id: "NEED_SKILL_POINTS", params: [100, "Pesca"] });
  });

  test("Q7: the chaos cleric armour of rank 1 (object 1500)", () => {
    const citizen = wearer({ class: CLERIC });
    // Legacy: the faction refusal needs the hierarchy rule to pass, so anyone may wear it.
    expect(canUseObject(citizen, item(1500), { legacyFactionHierarchy: true })).toBe(CanUse.Usable);
    // Fixed (default): a citizen is refused.
    expect(canUseObject(citizen, item(1500))).toBe(CanUse.Faction);
    const chaos = (rewards: number) => wearer({ class: CLERIC, faction: { status: FactionStatus.Chaos, royalRewards: 0, chaosRewards: rewards } });
    expect(canUseObject(chaos(1), item(1500))).toBe(CanUse.Usable);
    expect(canUseObject(chaos(0), item(1500))).toBe(CanUse.Faction);
    expect(canUseObject(chaos(0), item(1500), { legacyFactionHierarchy: true })).toBe(CanUse.Usable);
    expect(canUseObject(wearer({ class: WARRIOR, faction: { status: FactionStatus.Chaos, royalRewards: 0, chaosRewards: 1 } }), item(1500))).toBe(CanUse.Class);
  });

  test("§11.1: the ChangeInventorySlot fields of a bought red potion (salePrice 0.6666667, canUse 0)", () => {
    const inv = inventoryOf([[4, 38, 1]]);
    expect(inventorySlotView(inv, 4, real, wearer({ level: 1 }))).toEqual({
      slot: 4,
      objectId: 38,
      amount: 1,
      equipped: false,
      salePrice: Math.fround(2 / 3),
      canUse: 0,
      elementalTags: 0,
      bindable: false,
    });
    expect(inventorySlotView(inv, 5, real, wearer())).toMatchObject({ objectId: 0, salePrice: 0, canUse: 0 });
    expect(inventorySlotView(inventoryOf([[1, 2, 1]]), 1, real, wearer({ class: MAGE })).canUse).toBe(CanUse.Class);
  });

  test("a warrior with sword, silver shield, silver helmet: the animations of the 2024 data", () => {
    const inv = inventoryOf([[1, 2, 1], [2, 1000, 1], [3, 601, 1]]);
    let current = inv;
    for (const slot of [1, 2, 3]) current = ok(equipItem(current, slot, real, context({ wearer: wearer({ class: 7 }) }))).inventory;
    expect(appearance({ race: Race.Human, gender: Gender.Male, head: 5 }, current, real)).toEqual({ body: 1, head: 5, weapon: 68, shield: 18, helmet: 143, cart: 2, backpack: 2 });
  });
});
