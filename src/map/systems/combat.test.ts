/**
 * Melee on a map (combat-and-progression §3, §6.7, §8.1), driven with real packet bodies on the
 * default world's own tables (its balance, objects and beasts): a player's `Attack` on the NPC
 * in front until it dies (damage, experience, the HP bar, the death, the gold), the locks and the
 * refusals, and an NPC killing a player who becomes a ghost and drops what falls.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { GOLD_OBJECT, itemCatalog, type ItemCatalog } from "../../game/items/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { SeededRandom } from "../../random/index.ts";
import { world, type Received } from "../map-harness.test-support.ts";
import { GHOST_BODY } from "../../game/vitals/index.ts";

let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  tables = loaded.pack.tables!;
  items = itemCatalog(tables.objects!);
});

const WARRIOR = 3;
const beast = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Bestia", x, y, body: 10, head: 0, heading: 3 });
/** A level-1 warrior with the training sword equipped, tough enough to outlast a boar. */
const FIGHTER: Partial<CharacterRecord> = {
  class: WARRIOR,
  attributes: [19, 19, 19, 18, 20],
  skills: Object.assign(new Array<number>(24).fill(0), { 3: 10, 2: 10 }),
  vitals: { hp: 400, maxHp: 400, mana: 0, maxMana: 0, stamina: 400, maxStamina: 400, food: 100, water: 100 },
  inventory: [{ slot: 1, objectId: DEFAULT_OBJECTS.trainingSword, amount: 1, equipped: true }],
  equipment: { weapon: DEFAULT_OBJECTS.trainingSword, armor: 0, shield: 0, helmet: 0, ammunition: 0, ring: 0, ship: 0, mount: 0 },
};

function arena(npcs: NpcDefinition[], seed = 7) {
  return world({ tables, items, npcs, safe: false, random: SeededRandom.create(seed) });
}

const named = (packets: Received[], session: number, name: string) => packets.filter((p) => p.session === session && p.name === name);

describe("a player's blow (§3.1–§3.3)", () => {
  test("hits the NPC in front until it dies: damage text, HP bar, experience, the kill and its gold", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 19)]);
    w.enter(1, "Ana", 20, 20, { heading: 1, with: FIGHTER });
    w.enter(2, "Beto", 22, 20);
    w.drain();
    const boarTemplate = tables.npcs!.npcs.find((n) => n.id === DEFAULT_NPCS.wildBoar)!;
    const all: Received[] = [];
    for (let swing = 0; swing < 80; swing++) {
      w.server.act(1, "ChangeHeading", { heading: headingTowardsBoar(w), counter: swing + 1 });
      w.server.act(1, "Attack", { counter: swing + 1 });
      w.advance(1200);
      const out = w.drain();
      all.push(...out);
      if (out.some((p) => p.name === "LocaleMsg" && p.fields.messageId === 184)) break;
    }
    const bars = named(all, 2, "CharUpdateHP").map((p) => p.fields.minHp as number);
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.at(-1)).toBe(0);
    for (let i = 1; i < bars.length; i++) expect(bars[i]!).toBeLessThanOrEqual(bars[i - 1]!);
    expect(named(all, 2, "ArmaMov").length).toBeGreaterThan(0);
    expect(named(all, 1, "LocaleMsg").some((p) => p.fields.messageId === 382)).toBe(true);
    expect(named(all, 1, "LocaleMsg").some((p) => p.fields.messageId === 184)).toBe(true);
    // Experience paid by the hits and the kill: the boar's whole GiveEXP (rounding aside).
    const exp = named(all, 1, "UpdateExp").map((p) => p.fields.exp as number);
    expect(exp.at(-1)!).toBeGreaterThanOrEqual(boarTemplate.giveExp - 1);
    expect(exp.at(-1)!).toBeLessThanOrEqual(boarTemplate.giveExp + 1 + 5 * 3);
    // The boar is gone for its viewers, and its gold lies on the ground.
    expect(named(all, 2, "CharacterRemove").length).toBe(1);
    const gold = named(all, 2, "ObjectCreate").filter((p) => p.fields.objIndex === GOLD_OBJECT);
    expect(gold.reduce((sum, p) => sum + (p.fields.amount as number), 0)).toBe(boarTemplate.giveGold);
  });

  test("the melee interval: a second blow within 1165 ms does nothing; a tired player is told so", () => {
    const w = arena([]);
    w.enter(1, "Ana", 20, 20, { heading: 1, with: FIGHTER });
    w.drain();
    w.server.act(1, "Attack", { counter: 1 });
    const first = w.drain().filter((p) => p.session === 1).map((p) => p.name);
    expect(first).toContain("ArmaMov");
    expect(first).toContain("CharSwing");
    w.advance(1000);
    w.server.act(1, "Attack", { counter: 2 });
    expect(w.drain().filter((p) => p.session === 1)).toEqual([]);

    const tired = arena([]);
    tired.enter(1, "Ana", 20, 20, { with: { ...FIGHTER, vitals: { ...FIGHTER.vitals!, stamina: 5 } } });
    tired.drain();
    tired.server.act(1, "Attack", { counter: 1 });
    const out = tired.drain().filter((p) => p.session === 1);
    expect(out.map((p) => p.name)).toEqual(["LocaleMsg", "LocaleChatOverHead"]);
    expect(out[0]!.fields.messageId).toBe(93);
  });

  test("a ghost cannot fight; an NPC that is not attackable says so; PvP is refused by the safe toggle, then on a safe map", () => {
    const w = world({ tables, items, npcs: [beast(DEFAULT_NPCS.healer, 20, 19)], safe: true });
    w.enter(1, "Ana", 20, 20, { heading: 1, with: FIGHTER });
    w.enter(2, "Gus", 21, 21, { with: { vitals: { ...FIGHTER.vitals!, hp: 0 } } });
    w.drain();
    w.server.act(1, "Attack", { counter: 1 });
    expect(named(w.drain(), 1, "LocaleMsg").map((p) => p.fields.messageId)).toEqual([1042]);
    w.server.act(2, "Attack", { counter: 1 });
    expect(named(w.drain(), 2, "LocaleMsg").map((p) => p.fields.messageId)).toEqual([77]);
    w.enter(3, "Cora", 20, 21, { with: FIGHTER });
    w.advance(1200);
    w.server.act(1, "ChangeHeading", { heading: 3, counter: 2 });
    w.drain();
    // `PuedeAtacar` asks the faction rules before the map: a citizen with the safe on (as every
    // citizen logs in) attacks no citizen (1057); with it off (`/SEG`), the safe map refuses (1062).
    w.server.act(1, "Attack", { counter: 2 });
    expect(named(w.drain(), 1, "LocaleMsg").map((p) => p.fields.messageId)).toEqual([1057]);
    w.server.act(1, "SafeToggle", {});
    expect(named(w.drain(), 1, "SafeModeOff")).toHaveLength(1);
    w.advance(1200);
    w.server.act(1, "Attack", { counter: 3 });
    expect(named(w.drain(), 1, "LocaleMsg").map((p) => p.fields.messageId)).toEqual([1062]);
  });
});

describe("an NPC's blow (§3.5) and dying (§8.1)", () => {
  test("a hostile NPC beats a weak player to death: NPCHitUser, CharAtaca, then NPCKillUser, the ghost, the dropped sword", () => {
    const w = arena([beast(DEFAULT_NPCS.greyWolf, 20, 19)], 3);
    const weak: Partial<CharacterRecord> = { ...FIGHTER, vitals: { ...FIGHTER.vitals!, hp: 6, maxHp: 30 }, level: 13 };
    w.enter(1, "Ana", 20, 20, { heading: 1, with: weak });
    w.enter(2, "Beto", 23, 20);
    w.drain();
    const all: Received[] = [];
    for (let step = 0; step < 400 && !all.some((p) => p.name === "NPCKillUser"); step++) {
      w.advance(150);
      all.push(...w.drain());
    }
    expect(named(all, 1, "NPCHitUser").length).toBeGreaterThan(0);
    expect(named(all, 2, "CharAtaca").length).toBeGreaterThan(0);
    expect(named(all, 1, "NPCKillUser").length).toBe(1);
    expect(named(all, 1, "UpdateHP").at(-1)!.fields.minHp).toBe(0);
    const ghost = named(all, 2, "CharacterChange").at(-1)!;
    expect(ghost.fields).toMatchObject({ body: GHOST_BODY, head: 0, weapon: 0 });
    // A level-13 character is no newbie: the (newbie) training sword stays; nothing else was carried.
    const state = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    expect(state.vitals.hp).toBe(0);
    expect(state.equipment.weapon).toBe(0);
  });
});

/** The heading from Ana (session 1) to the boar, wherever it wandered next to her. */
function headingTowardsBoar(w: ReturnType<typeof arena>): number {
  const me = w.server.positionOf(1)!;
  for (const [heading, dx, dy] of [
    [1, 0, -1],
    [2, 1, 0],
    [3, 0, 1],
    [4, -1, 0],
  ] as const) {
    const occupant = w.occupant(me.x + dx, me.y + dy);
    if (occupant !== 0 && occupant !== w.server.positionOf(2)?.charIndex) return heading;
  }
  return 1;
}
