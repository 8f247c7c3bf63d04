/**
 * Player-to-player trade on a map (items-and-economy §9), driven with real packet bodies: the
 * two-step opening, offers, acceptance, the swap and its one `save_now`, refusals, endings, and
 * a conservation run of random offers / accepts / cancels.
 */
import { describe, expect, test } from "bun:test";
import type { CharacterRecord } from "../../game/character/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import { TEST_ITEMS as O, world } from "../map-harness.test-support.ts";

const RING = 60;
const NEWBIE = 61;
const CATALOG = itemCatalogFromObjects([
  { id: O.apple, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: O.sword, name: "Espada", objType: ObjectType.Weapon, anim: 68, minHit: 4, maxHit: 8, value: 350 },
  { id: O.gold, name: "Monedas de Oro", objType: ObjectType.GoldCoin },
  { id: O.redPotion, name: "Poción roja", objType: ObjectType.Potion, potionType: 3, minModifier: 30, maxModifier: 30, value: 2 },
  { id: RING, name: "Anillo", objType: ObjectType.Ring, untradeable: true },
  { id: NEWBIE, name: "Daga novato", objType: ObjectType.Weapon, newbie: true },
]);

const ANA: Partial<CharacterRecord> = {
  gold: 1000,
  inventory: [
    { slot: 1, objectId: O.redPotion, amount: 50, equipped: false },
    { slot: 2, objectId: O.sword, amount: 1, equipped: false },
    { slot: 3, objectId: RING, amount: 1, equipped: false },
    { slot: 4, objectId: NEWBIE, amount: 1, equipped: false },
  ],
};
const BETO: Partial<CharacterRecord> = { gold: 300, inventory: [{ slot: 1, objectId: O.apple, amount: 20, equipped: false }] };

let clicks = 0;
function twoPlayers(options: { safe?: boolean; betoAt?: [number, number]; ana?: Partial<CharacterRecord>; beto?: Partial<CharacterRecord> } = {}) {
  const w = world({ items: CATALOG, safe: options.safe ?? true });
  const [bx, by] = options.betoAt ?? [21, 20];
  w.enter(1, "Ana", 20, 20, { with: options.ana ?? ANA });
  w.enter(2, "Beto", bx, by, { with: options.beto ?? BETO });
  w.drain();
  return w;
}
type W = ReturnType<typeof twoPlayers>;
const click = (w: W, session: number, x: number, y: number) => w.server.act(session, "LeftClick", { x, y, counter: ++clicks });
const state = (w: W, session: number) => w.server.snapshot().find((entry) => entry.session === session)!.state;
const names = (w: W, session: number) => w.drain().filter((p) => p.session === session).map((p) => p.name);
const offer = (w: W, session: number, slot: number, amount: number) => w.server.act(session, "UserCommerceOffer", { slot, amount });

/** Ana targets Beto and asks; Beto targets Ana and asks: the window opens for both. */
function opened(options: Parameters<typeof twoPlayers>[0] = {}): W {
  const w = twoPlayers(options);
  click(w, 1, 21, 20);
  w.server.act(1, "CommerceStart", {});
  click(w, 2, 20, 20);
  w.server.act(2, "CommerceStart", {});
  return w;
}

function holdings(records: CharacterRecord[]): Record<string, number> {
  const total: Record<string, number> = { gold: 0 };
  for (const record of records) {
    total.gold! += record.gold;
    for (const slot of record.inventory) total[slot.objectId] = (total[slot.objectId] ?? 0) + slot.amount;
  }
  return total;
}

describe("opening", () => {
  test("the first CommerceStart asks the other side (ShowPregunta); the second opens both windows", () => {
    const w = twoPlayers();
    click(w, 1, 21, 20);
    w.drain();
    w.server.act(1, "CommerceStart", {});
    const first = w.drain();
    expect(first.filter((p) => p.session === 2).map((p) => p.name)).toContain("ShowPregunta");
    expect(first.some((p) => p.name === "UserCommerceInit")).toBe(false);
    click(w, 2, 20, 20);
    w.server.act(2, "CommerceStart", {});
    const second = w.drain();
    expect(second.filter((p) => p.name === "UserCommerceInit").map((p) => p.session).sort()).toEqual([1, 2]);
    // Walking and dropping are blocked while the window is open.
    const before = w.server.positionOf(1);
    w.server.walk(1, 3);
    expect(w.server.positionOf(1)).toEqual(before);
    w.server.act(1, "Drop", { slot: 1, amount: 1, counter: 1, x: 20, y: 20 });
    expect(state(w, 1).inventory.find((s) => s.slot === 1)?.amount).toBe(50);
  });

  test("ResponderPregunta true opens; false tells the asker", () => {
    const w = twoPlayers();
    click(w, 1, 21, 20);
    w.server.act(1, "CommerceStart", {});
    w.drain();
    w.server.act(2, "ResponderPregunta", { answer: true });
    expect(w.drain().filter((p) => p.name === "UserCommerceInit")).toHaveLength(2);

    const v = twoPlayers();
    click(v, 1, 21, 20);
    v.server.act(1, "CommerceStart", {});
    v.drain();
    v.server.act(2, "ResponderPregunta", { answer: false });
    expect(v.drain().some((p) => p.name === "UserCommerceInit")).toBe(false);
  });

  test("refused: oneself, too far, not a safe map, a dead partner", () => {
    const self = twoPlayers();
    click(self, 1, 20, 20);
    self.server.act(1, "CommerceStart", {});
    expect(names(self, 1)).not.toContain("ShowPregunta");
    expect(names(self, 2)).not.toContain("ShowPregunta");

    const far = twoPlayers({ betoAt: [25, 20] });
    click(far, 1, 25, 20);
    far.server.act(1, "CommerceStart", {});
    expect(names(far, 2)).not.toContain("ShowPregunta");

    const unsafe = twoPlayers({ safe: false });
    click(unsafe, 1, 21, 20);
    unsafe.server.act(1, "CommerceStart", {});
    expect(names(unsafe, 2)).not.toContain("ShowPregunta");

    const dead = twoPlayers({ beto: { ...BETO, vitals: { hp: 0, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 } } });
    click(dead, 1, 21, 20);
    dead.server.act(1, "CommerceStart", {});
    expect(names(dead, 2)).not.toContain("ShowPregunta");
  });
});

describe("offers, acceptance and the swap", () => {
  test("items and gold swap after both accept; one save_now with both records", () => {
    const w = opened();
    w.drain();
    offer(w, 1, 1, 10);
    offer(w, 1, 200, 400);
    const slots = w.drain().filter((p) => p.name === "ChangeUserTradeSlot");
    const toBeto = slots.filter((p) => p.session === 2).at(-1)!;
    expect(toBeto.fields.isMyOffer).toBe(false);
    expect(toBeto.fields.gold).toBe(400);
    expect((toBeto.fields.slots as { objIndex: number; amount: number }[])[0]).toMatchObject({ objIndex: O.redPotion, amount: 10 });
    offer(w, 2, 1, 5);
    w.server.act(2, "UserCommerceOk", {});
    // Ana changes her offer: Beto's acceptance is cleared, so Ana's OK alone does not swap.
    offer(w, 1, 1, 1);
    w.server.act(1, "UserCommerceOk", {});
    expect(state(w, 1).gold).toBe(1000);
    expect(w.events.some((e) => e.t === "save_now")).toBe(false);
    w.server.act(2, "UserCommerceOk", {});
    const a = state(w, 1);
    const b = state(w, 2);
    expect(a.gold).toBe(600);
    expect(b.gold).toBe(700);
    expect(a.inventory.find((s) => s.objectId === O.redPotion)?.amount).toBe(39);
    expect(a.inventory.find((s) => s.objectId === O.apple)?.amount).toBe(5);
    expect(b.inventory.find((s) => s.objectId === O.redPotion)?.amount).toBe(11);
    expect(b.inventory.find((s) => s.objectId === O.apple)?.amount).toBe(15);
    const saves = w.events.filter((e) => e.t === "save_now");
    expect(saves).toHaveLength(1);
    const save = saves[0] as Extract<(typeof saves)[number], { t: "save_now" }>;
    expect(save.entries.map((e) => e.session).sort()).toEqual([1, 2]);
    const bySession = new Map(save.entries.map((e) => [e.session, e.state]));
    expect(bySession.get(1)!.gold).toBe(600);
    expect(bySession.get(2)!.gold).toBe(700);
    expect(w.drain().filter((p) => p.name === "UserCommerceEnd").map((p) => p.session).sort()).toEqual([1, 2]);
  });

  test("hostile and refused offers change nothing and the connection goes on", () => {
    const w = opened();
    for (const [slot, amount] of [
      [0, 1],
      [43, 1],
      [255, 1],
      [1, 0],
      [1, -5],
      [1, 51],
      [1, 2_147_483_647],
      [200, 1001],
      [200, -1],
      [3, 1], // untradeable
      [4, 1], // newbie
      [10, 1], // empty slot
    ] as const) {
      expect(offer(w, 1, slot, amount)).toBe("handled");
    }
    offer(w, 1, 1, 50);
    offer(w, 1, 1, 1); // more than held in total
    w.drain();
    w.server.act(1, "UserCommerceOk", {});
    w.server.act(2, "UserCommerceOk", {});
    expect(state(w, 1).inventory.find((s) => s.objectId === O.redPotion)?.amount).toBeUndefined();
    expect(state(w, 2).inventory.find((s) => s.objectId === O.redPotion)?.amount).toBe(50);
    expect(state(w, 1).gold).toBe(1000);
    expect(state(w, 2).inventory.some((s) => s.objectId === RING || s.objectId === NEWBIE)).toBe(false);
  });

  test("an offer no longer held at acceptance cancels the trade with nothing moved", () => {
    const w = opened();
    offer(w, 1, 200, 1000);
    w.server.act(1, "UserCommerceOk", {});
    // Ana's gold goes down meanwhile (offers are not locked): simulate with a direct change.
    w.server.instance["ctx"].store.player(1)!.inventory = { ...w.server.instance["ctx"].store.player(1)!.inventory, gold: 10 };
    w.server.act(2, "UserCommerceOk", {});
    expect(state(w, 1).gold).toBe(10);
    expect(state(w, 2).gold).toBe(300);
    expect(w.events.some((e) => e.t === "save_now")).toBe(false);
  });

  test("gold past 2^31-1 on receipt refuses the whole trade", () => {
    const w = opened({ beto: { ...BETO, gold: 2_147_483_000 } });
    offer(w, 1, 200, 1000);
    offer(w, 2, 1, 1);
    w.server.act(1, "UserCommerceOk", {});
    w.server.act(2, "UserCommerceOk", {});
    expect(state(w, 1).gold).toBe(1000);
    expect(state(w, 2).gold).toBe(2_147_483_000);
    expect(state(w, 2).inventory.find((s) => s.objectId === O.apple)?.amount).toBe(20);
  });
});

describe("ending", () => {
  test("UserCommerceEnd, reject and leaving the map close both windows; nothing moves", () => {
    for (const end of ["UserCommerceEnd", "UserCommerceReject", "leave"] as const) {
      const w = opened();
      offer(w, 1, 200, 500);
      w.server.act(1, "UserCommerceOk", {});
      w.drain();
      if (end === "leave") w.server.leave(2, "disconnect");
      else w.server.act(2, end, {});
      const ends = w.drain().filter((p) => p.name === "UserCommerceEnd").map((p) => p.session);
      expect(ends).toContain(1);
      w.server.act(1, "UserCommerceOk", {});
      expect(state(w, 1).gold).toBe(1000);
      // Ana walks again.
      const before = w.server.positionOf(1)!;
      w.advance(1000);
      w.server.walk(1, 3);
      expect(w.server.positionOf(1)).not.toEqual(before);
    }
  });
});

describe("conservation", () => {
  test("random offers, accepts and cancels never change the sum of every object and gold", () => {
    let seed = 12345;
    const rnd = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % n);
    };
    const w = twoPlayers({
      ana: { gold: 5000, inventory: [{ slot: 1, objectId: O.redPotion, amount: 9000, equipped: false }, { slot: 2, objectId: O.sword, amount: 3, equipped: false }] },
      beto: { gold: 7000, inventory: [{ slot: 1, objectId: O.apple, amount: 9500, equipped: false }, { slot: 2, objectId: O.redPotion, amount: 2000, equipped: false }] },
    });
    const total = holdings([state(w, 1), state(w, 2)]);
    let swaps = 0;
    for (let step = 0; step < 3000; step++) {
      const who = 1 + rnd(2);
      const r = rnd(100);
      if (r < 10) {
        click(w, who, who === 1 ? 21 : 20, 20);
        w.server.act(who, "CommerceStart", {});
      } else if (r < 55) {
        const slot = [1, 2, 3, 200, 0, 43][rnd(6)]!;
        offer(w, who, slot, slot === 200 ? rnd(3000) : rnd(4000) - 5);
      } else if (r < 85) {
        const before = w.events.length;
        w.server.act(who, "UserCommerceOk", {});
        if (w.events.slice(before).some((e) => e.t === "save_now")) swaps++;
      } else if (r < 92) w.server.act(who, "UserCommerceEnd", {});
      else w.server.act(who, "UserCommerceReject", {});
      w.drain();
      expect(holdings([state(w, 1), state(w, 2)])).toEqual(total);
    }
    expect(swaps).toBeGreaterThan(5);
  });
});
