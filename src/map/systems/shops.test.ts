/**
 * NPC shops on a map (items-and-economy §7), driven with real packet bodies: opening by click
 * and by `/COMERCIAR`, the 42 slots with prices, buying and selling with the exact formulas,
 * stock shared by every viewer, refills and restocks, walking refused while trading, hostile
 * input, conservation; and the §11.1/§11.2 worked examples on the real 2024 data.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import { parseNpcsDat, parseObjectsDat } from "../../content/dat/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalog, itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { summary, world, type WorldOptions } from "../map-harness.test-support.ts";

// ------------------------------------------------------------------ our own test world

const O = {
  apple: 1,
  sword: 2,
  armor: 3,
  gold: 12,
  potion: 38,
  newbieDagger: 40,
  boundRing: 41,
  skin: 42,
  fragile: 43,
  gem: 45,
} as const;

const SHOP_CATALOG = itemCatalogFromObjects([
  { id: O.apple, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2, crucial: 1 },
  { id: O.sword, name: "Espada", objType: ObjectType.Weapon, anim: 68, minHit: 4, maxHit: 8, value: 350 },
  { id: O.armor, name: "Armadura", objType: ObjectType.Armor, body: 77, value: 100 },
  { id: O.gold, name: "Monedas de Oro", objType: ObjectType.GoldCoin },
  { id: O.potion, name: "Poción roja", objType: ObjectType.Potion, potionType: 3, minModifier: 30, maxModifier: 30, value: 2, crucial: 1 },
  { id: O.newbieDagger, name: "Daga (Newbies)", objType: ObjectType.Weapon, newbie: true, value: 30 },
  { id: O.boundRing, name: "Anillo atado", objType: ObjectType.Potion, untradeable: true, value: 500 },
  { id: O.skin, name: "Aspecto de armadura", objType: ObjectType.SkinArmor, value: 100 },
  { id: O.fragile, name: "Jarrón", objType: ObjectType.Potion, destroyOnDrop: true, value: 10 },
  { id: O.gem, name: "Gema", objType: ObjectType.Material, value: 7 },
]);

const MERCHANT = 2;
const GUARD = 3;
const WOLF = 4;
const COLLECTOR = 5;

function shopTables(): GameTables {
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: 5,
      npcs: [
        {
          id: MERCHANT,
          name: "Mercader",
          description: "Vendo pociones.",
          trades: true,
          tradeItemType: ObjectType.Potion,
          // slot 3 is a gap line; apples (crucial) are listed with only 5
          inventory: [
            { objIndex: O.potion, amount: 10_000 },
            { objIndex: O.sword, amount: 3 },
            { objIndex: 0, amount: 0 },
            { objIndex: O.armor, amount: 1 },
            { objIndex: O.apple, amount: 5 },
          ],
        },
        { id: GUARD, name: "Guardia", description: "Vigilo la villa." },
        { id: WOLF, name: "Lobo", hostile: true },
        {
          id: COLLECTOR,
          name: "Coleccionista",
          trades: true,
          tradeItemType: ObjectType.Any,
          soundClose: 55,
          inventory: [{ objIndex: O.gem, amount: 2 }],
        },
      ],
    },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const spawn = (npc: number, name: string, x: number, y: number): NpcDefinition => ({ npc, name, x, y, body: 10, head: 0, heading: 3 });
const SPAWNS = [spawn(MERCHANT, "Mercader", 20, 20), spawn(GUARD, "Guardia", 25, 20), spawn(WOLF, "Lobo", 28, 20), spawn(COLLECTOR, "Coleccionista", 20, 30)];
// Char indexes follow the placement order; players come after.
const MERCHANT_CHAR = 1;
const GUARD_CHAR = 2;
const COLLECTOR_CHAR = 4;

function shopWorld(options: WorldOptions = {}) {
  return world({ npcs: SPAWNS, tables: shopTables(), items: SHOP_CATALOG, ...options });
}

type World = ReturnType<typeof shopWorld>;

function enter(w: World, session: number, name: string, x: number, y: number, record: Partial<CharacterRecord> = {}): void {
  w.enter(session, name, x, y, { with: { gold: 1000, ...record } });
}

const lines = (w: World, session: number) => w.inboxes().get(session) ?? [];
let clicks = 0;
const click = (w: World, session: number, x: number, y: number) => w.server.act(session, "LeftClick", { x, y, counter: ++clicks });
const buy = (w: World, session: number, slot: number, amount: number) => w.server.act(session, "CommerceBuy", { slot, amount });
const sell = (w: World, session: number, slot: number, amount: number) => w.server.act(session, "CommerceSell", { slot, amount });
const state = (w: World, session: number) => w.server.snapshot().find((entry) => entry.session === session)!.state;
const stock = (w: World, npc: number) => w.server.instance.shops().find((shop) => shop.npc === npc)!.slots;
const skills = (trade: number) => {
  const list = new Array<number>(24).fill(0);
  list[8] = trade; // Comerciar
  return list;
};

/** Opens the merchant's shop for a player standing 2 tiles south of it, and drains. */
function opened(options: { trade?: number; record?: Partial<CharacterRecord>; world?: WorldOptions } = {}) {
  const w = shopWorld(options.world);
  enter(w, 1, "Ana", 20, 22, { skills: skills(options.trade ?? 0), ...options.record });
  w.drain();
  click(w, 1, 20, 20);
  w.drain();
  return w;
}

// ------------------------------------------------------------------ opening

describe("opening a shop", () => {
  test("a left click on a trader within 4 tiles: its description, the 42 slots with prices (Q16), then CommerceInit", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 22);
    w.drain();
    click(w, 1, 20, 20);
    const out = lines(w, 1);
    expect(out[0]).toBe(`ChatOverHead ${MERCHANT_CHAR} NPCDESC*${MERCHANT}`);
    const slots = out.slice(1, 43);
    expect(slots).toHaveLength(42);
    expect(slots.slice(0, 6)).toEqual([
      "NpcSlot 1: 38x10000 @2",
      "NpcSlot 2: 2x3 @350",
      "NpcSlot 3: 0x0 @350", // Q16: an empty slot repeats the previous price
      "NpcSlot 4: 3x1 @100",
      "NpcSlot 5: 1x5 @2",
      "NpcSlot 6: 0x0 @2",
    ]);
    expect(slots[41]).toBe("NpcSlot 42: 0x0 @2");
    expect(out[43]).toBe("CommerceInit Mercader");
    expect(out).toHaveLength(44);
  });

  test("/COMERCIAR with nobody targeted: 'click the character first'", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 22);
    w.drain();
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 760 "]);
  });

  test("a click from 5 tiles targets the trader but is too far; /COMERCIAR needs 3 tiles; then it opens", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 25);
    w.drain();
    click(w, 1, 20, 20);
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 8 "]); // no description beyond 3 tiles, no shop beyond 4
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 8 "]);
    w.server.walk(1, 1); // north: 4 tiles
    w.drain();
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 8 "]);
    w.advance(1000);
    w.server.walk(1, 1); // 3 tiles
    w.drain();
    w.server.act(1, "CommerceStart", {});
    const out = lines(w, 1);
    expect(out.filter((line) => line.startsWith("NpcSlot"))).toHaveLength(42);
    expect(out.at(-1)).toBe("CommerceInit Mercader");
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 759 "]); // already trading
  });

  test("/COMERCIAR at an NPC that does not trade: 1434 over its head when it has a description, else nothing", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 25, 22);
    w.drain();
    click(w, 1, 25, 20);
    expect(lines(w, 1)).toEqual([`ChatOverHead ${GUARD_CHAR} NPCDESC*${GUARD}`]);
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual([`LocaleChatOverHead ${GUARD_CHAR} 1434`]);
    click(w, 1, 28, 20); // the wolf: no description, targeted all the same
    expect(lines(w, 1)).toEqual([]);
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual([]);
  });

  test("a targeted player: CommerceStart asks that player to trade (systems/trade.ts)", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 10, 10);
    enter(w, 2, "Beto", 12, 10);
    w.drain();
    click(w, 1, 12, 10);
    expect(lines(w, 1)).toEqual([]);
    w.server.act(1, "CommerceStart", {});
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["ConsoleMsg[3] Le pediste a Beto comerciar."]);
    expect(inboxes.get(2)?.[0]).toBe("ShowPregunta");
  });

  test("the dead cannot open a shop, by click or by command", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 22, { vitals: { hp: 0, maxHp: 32, mana: 0, maxMana: 6, stamina: 0, maxStamina: 40, food: 0, water: 0 } });
    w.drain();
    click(w, 1, 20, 20);
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 77 "]); // no description for the dead either
    w.server.act(1, "CommerceStart", {});
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 77 "]);
  });
});

describe("looking at the map", () => {
  test("an empty tile, a ground object, a click on a char's head, a click beyond sight, a double click", () => {
    const w = shopWorld({ objects: [{ x: 10, y: 12, obj: O.apple, amount: 5 }] });
    enter(w, 1, "Ana", 10, 10);
    w.drain();
    click(w, 1, 11, 11);
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 1114 "]);
    click(w, 1, 10, 12);
    expect(lines(w, 1)).toEqual(["ConsoleMsg[3] O*1* - 5 *0*"]);
    click(w, 1, 10, 30); // 20 rows away: out of sight, ignored
    expect(lines(w, 1)).toEqual([]);
    w.server.act(1, "DoubleClick", { x: 10, y: 12 });
    expect(lines(w, 1)).toEqual([]);
    // A click on the tile above the merchant names it, targets it, but opens nothing.
    const near = shopWorld();
    enter(near, 1, "Ana", 21, 20);
    near.drain();
    click(near, 1, 20, 19);
    expect(lines(near, 1)).toEqual([`ChatOverHead ${MERCHANT_CHAR} NPCDESC*${MERCHANT}`]);
    near.server.act(1, "CommerceStart", {});
    expect(lines(near, 1).at(-1)).toBe("CommerceInit Mercader");
  });
});

// ------------------------------------------------------------------ buying

describe("buying", () => {
  test("one potion at skill 0 costs 2: the slot, the gold, the shop slot (§7.4 packet order)", () => {
    const w = opened();
    buy(w, 1, 1, 1);
    expect(lines(w, 1)).toEqual(["Slot 1: 38x1", "UpdateGold 998", "NpcSlot 1: 38x9999 @2"]);
    expect(state(w, 1).gold).toBe(998);
    expect(stock(w, MERCHANT)[0]).toEqual({ objectId: O.potion, amount: 9999 });
  });

  test("the price is one Ceil over the whole amount: at skill 10, 100 potions cost 182 (one at a time 2 each)", () => {
    const w = opened({ trade: 10 });
    buy(w, 1, 1, 1);
    expect(lines(w, 1)).toContain("UpdateGold 998");
    buy(w, 1, 1, 100);
    expect(lines(w, 1)).toEqual(["Slot 1: 38x101", "UpdateGold 816", "NpcSlot 1: 38x9899 @2"]);
  });

  test("a skill of 100 halves prices: the window shows 175 for the sword and a sword costs 175", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 22, { skills: skills(100) });
    w.drain();
    click(w, 1, 20, 20);
    expect(lines(w, 1)).toContain("NpcSlot 2: 2x3 @175");
    buy(w, 1, 2, 1);
    expect(lines(w, 1)).toEqual(["Slot 1: 2x1", "UpdateGold 825", "NpcSlot 2: 2x2 @175"]);
  });

  test("not enough gold: refused with 1082, nothing moves; the amount is clamped to a non-crucial stock", () => {
    const w = opened();
    buy(w, 1, 2, 3); // 3 swords: 1050 > 1000
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 1082 "]);
    expect(stock(w, MERCHANT)[1]).toEqual({ objectId: O.sword, amount: 3 });
    const rich = opened({ record: { gold: 5000 } });
    buy(rich, 1, 2, 7); // asks 7, the shop has 3
    expect(lines(rich, 1)).toEqual(["Slot 1: 2x3", "UpdateGold 3950", "NpcSlot 2: 0x0 @0"]);
    buy(rich, 1, 2, 1); // the slot is empty now
    expect(lines(rich, 1)).toEqual([]);
  });

  test("a crucial object the NPC lists is not limited by stock: 8 apples from 5, and the slot refills to 5", () => {
    const w = opened();
    buy(w, 1, 5, 8);
    expect(lines(w, 1)).toEqual(["Slot 1: 1x8", "UpdateGold 984", "NpcSlot 5: 1x5 @2"]);
    expect(stock(w, MERCHANT)[4]).toEqual({ objectId: O.apple, amount: 5 });
  });

  test("inventory full: 328, nothing charged, the stock unchanged", () => {
    const full = Array.from({ length: 24 }, (_, i) => ({ slot: i + 1, objectId: O.gem, amount: 10_000, equipped: false }));
    const w = opened({ record: { inventory: full } });
    buy(w, 1, 2, 1);
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 328 "]);
    expect(state(w, 1).gold).toBe(1000);
    expect(stock(w, MERCHANT)[1]!.amount).toBe(3);
  });

  test("an empty shop reloads its list from npcs.dat, and its viewers see it", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 28);
    enter(w, 2, "Beto", 21, 28);
    w.drain();
    click(w, 1, 20, 30);
    click(w, 2, 20, 30);
    w.drain();
    buy(w, 1, 1, 2); // both gems: the shop is empty, and restocks
    const out = w.inboxes();
    expect(out.get(1)).toEqual(["Slot 1: 45x2", "UpdateGold 986", "NpcSlot 1: 45x2 @7"]);
    expect(out.get(2)).toEqual(["NpcSlot 1: 45x2 @7"]);
    expect(stock(w, COLLECTOR)[0]).toEqual({ objectId: O.gem, amount: 2 });
    expect(state(w, 1).inventory).toContainEqual({ slot: 1, objectId: O.gem, amount: 2, equipped: false });
  });

  test("stock changes are shown to every player looking at the shop, each with its own price; not to others", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 22);
    enter(w, 2, "Beto", 21, 22, { skills: skills(100) });
    enter(w, 3, "Caro", 19, 22);
    w.drain();
    click(w, 1, 20, 20);
    click(w, 2, 20, 20);
    w.drain();
    buy(w, 1, 2, 1);
    const out = w.inboxes();
    expect(out.get(1)).toEqual(["Slot 1: 2x1", "UpdateGold 650", "NpcSlot 2: 2x2 @350"]);
    expect(out.get(2)).toEqual(["NpcSlot 2: 2x2 @175"]);
    expect(out.get(3)).toBeUndefined();
    // Beto closes his window: he hears of no more changes.
    w.server.act(2, "CommerceEnd", {});
    expect(lines(w, 2)).toEqual(["CommerceEnd"]);
    buy(w, 1, 2, 1);
    const after = w.inboxes();
    expect(after.get(1)).toContain("NpcSlot 2: 2x1 @350");
    expect(after.get(2)).toBeUndefined();
  });

  test("buying without the window open: 1137 and CommerceEnd; with no target, nothing; at a non-trader, 2084 over its head", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 22, 25);
    w.drain();
    buy(w, 1, 1, 1);
    expect(lines(w, 1)).toEqual([]);
    click(w, 1, 20, 20); // 7 tiles: targeted, too far to open
    w.drain();
    buy(w, 1, 1, 1);
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 1137 ", "CommerceEnd"]);
    sell(w, 1, 1, 1); // Q18 fixed: selling needs the window too
    expect(lines(w, 1)).toEqual(["LocaleMsg[3] 1137 ", "CommerceEnd"]);
    click(w, 1, 25, 20); // the guard
    w.drain();
    buy(w, 1, 1, 1);
    expect(lines(w, 1)).toEqual([`ChatOverHead ${GUARD_CHAR} LOCMSG*2084*`]);
    expect(state(w, 1).gold).toBe(1000);
  });
});

// ------------------------------------------------------------------ selling

describe("selling", () => {
  const kit = [
    { slot: 1, objectId: O.potion, amount: 10, equipped: false },
    { slot: 2, objectId: O.sword, amount: 2, equipped: false },
    { slot: 3, objectId: O.armor, amount: 1, equipped: true },
    { slot: 4, objectId: O.gem, amount: 5, equipped: false },
    { slot: 5, objectId: O.newbieDagger, amount: 1, equipped: false },
    { slot: 6, objectId: O.boundRing, amount: 1, equipped: false },
    { slot: 7, objectId: O.skin, amount: 1, equipped: false },
    { slot: 8, objectId: O.fragile, amount: 1, equipped: false },
  ];
  const seller = (gold = 0, options: { world?: WorldOptions; level?: number; class?: number } = {}) =>
    opened({ record: { gold, inventory: kit, equipment: { ...EMPTY_EQUIPMENT, armor: O.armor }, level: options.level ?? 1, class: options.class ?? 1 }, world: options.world });

  test("potions sell for Fix(f32(2/3) × n): 1 → 0, 3 → 2; the units are destroyed (toggle on), UpdateGold always", () => {
    const w = seller();
    sell(w, 1, 1, 1);
    expect(lines(w, 1)).toEqual(["Slot 1: 38x9", "UpdateGold 0"]);
    sell(w, 1, 1, 3);
    expect(lines(w, 1)).toEqual(["Slot 1: 38x6", "UpdateGold 2"]);
    expect(stock(w, MERCHANT)[0]!.amount).toBe(10_000);
  });

  test("an off-type object the shop stocks is bought back (Q20): a sword brings Fix(f32(350/3)) = 116", () => {
    const w = seller();
    sell(w, 1, 2, 5); // clamped to the 2 held
    expect(lines(w, 1)).toEqual(["Slot 2: 0x0", "UpdateGold 233"]);
  });

  test("selling the equipped armour unequips it: viewers redraw the char", () => {
    const w = seller();
    enter(w, 2, "Beto", 19, 22);
    w.drain();
    sell(w, 1, 3, 1);
    const out = w.inboxes();
    expect(out.get(1)!.slice(0, 2)).toEqual(["Slot 3: 0x0", "UpdateGold 33"]);
    expect(out.get(2)!.some((line) => line.startsWith("CharacterChange 5"))).toBe(true);
    expect(state(w, 1).equipment.armor).toBe(0);
  });

  test("refusals, in VB6's words: other type 1086, newbie 1083, Instransferible 1085, skins and Destruye 1084", () => {
    const w = seller();
    sell(w, 1, 4, 1);
    sell(w, 1, 5, 1);
    sell(w, 1, 6, 1);
    sell(w, 1, 7, 1);
    sell(w, 1, 8, 1);
    expect(lines(w, 1)).toEqual(["LocaleMsg[0] 1086 ", "LocaleMsg[0] 1083 ", "LocaleMsg[0] 1085 ", "LocaleMsg[0] 1084 ", "LocaleMsg[0] 1084 "]);
    expect(state(w, 1).inventory).toHaveLength(kit.length);
  });

  test("the wallet is capped at 90 000 000 after a sale (also one already above it, Q2)", () => {
    const w = seller(89_999_950);
    sell(w, 1, 2, 1);
    expect(lines(w, 1)).toEqual(["Slot 2: 2x1", "UpdateGold 90000000"]);
    const above = seller(95_000_000);
    sell(above, 1, 1, 3);
    expect(lines(above, 1)).toEqual(["Slot 1: 38x7", "UpdateGold 90000000"]);
  });

  test("with destroy_npc_bought_items off, sold units go into the shop: its viewers see the slot grow", () => {
    const w = seller(0, { world: { rules: { commerce: { destroyNpcBoughtItems: false } } } });
    sell(w, 1, 2, 1);
    expect(lines(w, 1)).toEqual(["Slot 2: 2x1", "UpdateGold 116", "NpcSlot 2: 2x4 @350"]);
    // The potion slot is full (10000): VB6 loses the units rather than open a new slot.
    sell(w, 1, 1, 3);
    expect(lines(w, 1)).toEqual(["Slot 1: 38x7", "UpdateGold 118"]);
    expect(stock(w, MERCHANT)[0]!.amount).toBe(10_000);
  });

  test("a worker's sale divisor shrinks with level (toggle on): level 40 sells a sword for 175", () => {
    const w = seller(0, { level: 40, class: 9 });
    sell(w, 1, 2, 1);
    expect(lines(w, 1)).toEqual(["Slot 2: 2x1", "UpdateGold 175"]);
  });
});

// ------------------------------------------------------------------ trading state

describe("while trading", () => {
  test("walking is refused without an answer (VB6 HandleWalk), dropping too; after CommerceEnd both work", () => {
    const w = opened();
    w.advance(1000);
    w.server.walk(1, 3);
    w.server.act(1, "Drop", { slot: 200, amount: 10, counter: 1, x: 20, y: 22 });
    expect(w.drain()).toEqual([]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 22 });
    w.server.act(1, "CommerceEnd", {});
    expect(lines(w, 1)).toEqual(["CommerceEnd"]);
    w.server.walk(1, 3);
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 23 });
  });

  test("CommerceEnd plays the NPC's closing sound and is answered even when nothing was open", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 20, 28);
    w.drain();
    w.server.act(1, "CommerceEnd", {});
    expect(lines(w, 1)).toEqual(["CommerceEnd"]);
    click(w, 1, 20, 30);
    w.drain();
    w.server.act(1, "CommerceEnd", {});
    expect(lines(w, 1)).toEqual(["PlayWave 55", "CommerceEnd"]);
  });

  test("a viewer who leaves (logout, disconnect) is dropped cleanly; coming back it is not trading", () => {
    const w = opened();
    enter(w, 2, "Beto", 21, 22);
    click(w, 2, 20, 20);
    w.drain();
    w.server.leave(1, "disconnect");
    expect(w.events.at(-1)).toMatchObject({ t: "left", session: 1 });
    w.drain();
    buy(w, 2, 2, 1);
    const out = w.inboxes();
    expect(out.get(2)).toEqual(["Slot 1: 2x1", "UpdateGold 650", "NpcSlot 2: 2x2 @350"]);
    expect(out.get(1)).toBeUndefined();
    enter(w, 1, "Ana", 20, 22);
    w.drain();
    w.advance(1000);
    w.server.walk(1, 3);
    expect(w.server.positionOf(1)).toMatchObject({ x: 20, y: 23 });
    buy(w, 1, 1, 1); // the target was lost with the old entity: nothing to buy from
    expect(lines(w, 1).filter((line) => line.startsWith("Slot") || line.startsWith("UpdateGold"))).toEqual([]);
    expect(w.faults).toEqual([]);
  });
});

// ------------------------------------------------------------------ hostile input and conservation

describe("hostile input", () => {
  test("slots 0, 43, 255 and amounts 0, negative, 10001 (Q17), 32767: nothing changes, nothing thrown", () => {
    const w = opened({ record: { gold: 1_000_000, inventory: [{ slot: 1, objectId: O.potion, amount: 5, equipped: false }] } });
    const before = { gold: state(w, 1).gold, inventory: state(w, 1).inventory, stock: stock(w, MERCHANT) };
    for (const slot of [0, 43, 255]) {
      expect(buy(w, 1, slot, 1)).toBe("handled");
      expect(sell(w, 1, slot, 1)).toBe("handled");
    }
    for (const amount of [0, -1, -32768, 10_001, 32_767]) {
      buy(w, 1, 1, amount);
      if (amount <= 0) sell(w, 1, 1, amount);
    }
    sell(w, 1, 2, 1); // an empty slot
    sell(w, 1, 25, 1); // past the usable slots
    expect(w.drain()).toEqual([]);
    expect(w.faults).toEqual([]);
    expect({ gold: state(w, 1).gold, inventory: state(w, 1).inventory, stock: stock(w, MERCHANT) }).toEqual(before);
    // A sale of more than held is clamped (32767 of 5), not refused.
    sell(w, 1, 1, 32_767);
    expect(lines(w, 1)).toEqual(["Slot 1: 0x0", "UpdateGold 1000003"]);
  });

  test("clicks anywhere, even off the map, never throw", () => {
    const w = shopWorld();
    enter(w, 1, "Ana", 1, 1);
    for (const [x, y] of [[0, 0], [255, 255], [40, 40], [1, 40], [40, 1], [2, 1]] as const) click(w, 1, x, y);
    w.server.act(1, "DoubleClick", { x: 255, y: 0 });
    expect(w.faults).toEqual([]);
  });
});

describe("conservation", () => {
  test("random buys and sells: the player's worth (gold + items at half value) never grows; items only come from the shop", () => {
    const w = opened({ trade: 37, record: { gold: 20_000, class: 9, level: 40 } });
    const value = (objectId: number) => SHOP_CATALOG.get(objectId)?.value ?? 0;
    const worth = () => {
      const s = state(w, 1);
      return s.gold + s.inventory.reduce((sum, slot) => sum + (slot.amount * value(slot.objectId)) / 2, 0);
    };
    /** Units of the non-crucial objects held by the player and the shop together. */
    const finite = () => {
      const counts = new Map<number, number>();
      for (const slot of state(w, 1).inventory) counts.set(slot.objectId, (counts.get(slot.objectId) ?? 0) + slot.amount);
      for (const slot of stock(w, MERCHANT)) counts.set(slot.objectId, (counts.get(slot.objectId) ?? 0) + slot.amount);
      return [O.sword, O.armor].map((objectId) => counts.get(objectId) ?? 0);
    };
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let lastWorth = worth();
    let lastFinite = finite();
    let deals = 0;
    let lastInventory = state(w, 1).inventory;
    for (let step = 0; step < 300; step++) {
      if (next(2) === 0) buy(w, 1, 1 + next(6), 1 + next(40));
      else sell(w, 1, 1 + next(6), 1 + next(40));
      const nowWorth = worth();
      const nowFinite = finite();
      expect(nowWorth).toBeLessThanOrEqual(lastWorth);
      if (JSON.stringify(state(w, 1).inventory) !== JSON.stringify(lastInventory)) deals++;
      lastInventory = state(w, 1).inventory;
      for (let i = 0; i < nowFinite.length; i++) expect(nowFinite[i]!).toBeLessThanOrEqual(lastFinite[i]!);
      lastWorth = nowWorth;
      lastFinite = nowFinite;
    }
    expect(deals).toBeGreaterThan(100);
    w.drain();
    expect(w.faults).toEqual([]);
  });
});

// ------------------------------------------------------------------ the real 2024 data (§11.1, §11.2)

const OBJ_2024 = "ao20/Dat/obj.dat";
const NPCS_2024 = "ao20/Dat/npcs.dat";
const ready = requireSharedData(OBJ_2024, NPCS_2024);

describe.skipIf(!ready)("§11.1 and §11.2 on the 2024 data: Lilith <Alquimista> (NPC 4) and the red potion", () => {
  const load = () => {
    const objects = parseObjectsDat(readSharedData(OBJ_2024), OBJ_2024).value!;
    const npcs = parseNpcsDat(readSharedData(NPCS_2024), NPCS_2024).value!;
    const tables: GameTables = { format: "ao20", objects, npcs, spells: null, balance: null, cities: null, mapInfo: null, specialMaps: null };
    return { tables, items: itemCatalog(objects) };
  };
  const data = ready ? load() : (undefined as never);
  const lilith = () => {
    const w = world({ tables: data.tables, items: data.items, npcs: [spawn(4, "Lilith <Alquimista>", 20, 20)] });
    return w;
  };

  test("§11.1: slot 1 shows 38 × 10000 at 2.0; one potion for 100 gold leaves 98; the shop slot shows 9999", () => {
    const w = lilith();
    w.enter(1, "Ana", 20, 23, { with: { gold: 100 } });
    w.drain();
    w.server.act(1, "LeftClick", { x: 20, y: 20, counter: 1 });
    const opening = w.drain().filter((p) => p.session === 1);
    const first = opening.find((p) => p.name === "ChangeNPCInventorySlot")!;
    expect(first.fields).toEqual({ slot: 1, objIndex: 38, amount: 10_000, price: 2, elementalTags: 0, canUse: 0 });
    expect(opening.at(-1)!).toMatchObject({ name: "CommerceInit", fields: { npcName: "Lilith <Alquimista>" } });
    w.server.act(1, "CommerceBuy", { slot: 1, amount: 1 });
    const bought = w.drain().filter((p) => p.session === 1);
    expect(bought.map((p) => p.name)).toEqual(["ChangeInventorySlot", "UpdateGold", "ChangeNPCInventorySlot"]);
    expect(bought[0]!.fields).toMatchObject({ slot: 1, objIndex: 38, amount: 1, equipped: false, salePrice: Math.fround(2 / 3), canUse: 0 });
    expect(bought[1]!.fields).toMatchObject({ gold: 98 });
    expect(bought[2]!.fields).toEqual({ slot: 1, objIndex: 38, amount: 9999, price: 2, elementalTags: 0, canUse: 0 });
  });

  test("§11.1: with 10 points in Comerciar, 100 potions cost 182", () => {
    const w = lilith();
    w.enter(1, "Ana", 20, 23, { with: { gold: 1000, skills: skills(10) } });
    w.server.act(1, "LeftClick", { x: 20, y: 20, counter: 1 });
    w.drain();
    w.server.act(1, "CommerceBuy", { slot: 1, amount: 100 });
    expect(w.drain().map(summary)).toEqual(["Slot 1: 38x100", "UpdateGold 818", "NpcSlot 1: 38x9900 @2"]);
  });

  test("§11.2: one potion sells for 0, three for 2; the potion is destroyed and the shop is unchanged", () => {
    const w = lilith();
    w.enter(1, "Ana", 20, 23, { with: { gold: 98, inventory: [{ slot: 1, objectId: 38, amount: 4, equipped: false }] } });
    w.server.act(1, "LeftClick", { x: 20, y: 20, counter: 1 });
    w.drain();
    w.server.act(1, "CommerceSell", { slot: 1, amount: 1 });
    expect(w.drain().map(summary)).toEqual(["Slot 1: 38x3", "UpdateGold 98"]);
    w.server.act(1, "CommerceSell", { slot: 1, amount: 3 });
    expect(w.drain().map(summary)).toEqual(["Slot 1: 0x0", "UpdateGold 100"]);
    expect(w.server.instance.shops()[0]!.slots[0]).toEqual({ objectId: 38, amount: 10_000 });
  });
});
