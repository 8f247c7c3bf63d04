/**
 * What combat does to a meditation (VB6 `NpcDamage`, `UsuarioAtacadoPorUsuario`), on the default
 * world's own tables: an NPC's blow that beats the meditator's hold ends it (with Meditar 0, any
 * damage), a player's blow ends it whether it hits or not.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { FactionStatus } from "../../game/faction/index.ts";
import { itemCatalog, type ItemCatalog } from "../../game/items/index.ts";
import { SeededRandom } from "../../random/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { world, type Received } from "../map-harness.test-support.ts";

let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  tables = loaded.pack.tables!;
  items = itemCatalog(tables.objects!);
});

const MAGE = 1;
const WARRIOR = 3;
const beast = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Bestia", x, y, body: 10, head: 0, heading: 3 });
/** A sturdy level-1 mage far from full mana, Meditar 0. */
const MEDITATOR: Partial<CharacterRecord> = {
  class: MAGE,
  vitals: { hp: 400, maxHp: 400, mana: 10, maxMana: 300, stamina: 100, maxStamina: 100, food: 100, water: 100 },
};
const FIGHTER: Partial<CharacterRecord> = {
  class: WARRIOR,
  factionStatus: FactionStatus.criminal,
  attributes: [19, 19, 19, 18, 20],
  vitals: { hp: 400, maxHp: 400, mana: 0, maxMana: 0, stamina: 400, maxStamina: 400, food: 100, water: 100 },
  inventory: [{ slot: 1, objectId: DEFAULT_OBJECTS.trainingSword, amount: 1, equipped: true }],
  equipment: { weapon: DEFAULT_OBJECTS.trainingSword, armor: 0, shield: 0, helmet: 0, ammunition: 0, ring: 0, ship: 0, mount: 0 },
};

function arena(npcs: NpcDefinition[], seed = 7) {
  return world({ tables, items, npcs, safe: false, random: SeededRandom.create(seed) });
}

const toggles = (packets: Received[], session: number) =>
  packets.filter((p) => p.session === session && p.name === "MeditateToggle").map((p) => p.fields.fx);

describe("combat ends a meditation", () => {
  test("an NPC's blow that lands on a meditator with Meditar 0 ends it, right after the hit", () => {
    const w = arena([beast(DEFAULT_NPCS.greyWolf, 20, 19)], 3);
    w.enter(1, "Ana", 20, 20, { heading: 1, with: MEDITATOR });
    w.enter(2, "Beto", 23, 20);
    w.drain();
    w.server.act(1, "Meditate", {});
    expect(toggles(w.drain(), 2)).toHaveLength(1);
    const all: Received[] = [];
    for (let step = 0; step < 400 && !all.some((p) => p.name === "NPCHitUser"); step++) {
      w.advance(150);
      all.push(...w.drain());
    }
    const mine = all.filter((p) => p.session === 1).map((p) => p.name);
    const hit = mine.indexOf("NPCHitUser");
    expect(hit).toBeGreaterThanOrEqual(0);
    expect(mine.indexOf("MeditateToggle", hit)).toBeGreaterThan(hit);
    expect(toggles(all, 2).at(-1)).toBe(0);
  });

  test("a player's blow ends the victim's meditation, hit or miss", () => {
    const w = arena([]);
    w.enter(1, "Ana", 20, 20, { with: MEDITATOR });
    w.enter(2, "Gus", 20, 21, { heading: 1, with: FIGHTER });
    w.drain();
    w.server.act(1, "Meditate", {});
    w.drain();
    w.server.act(2, "Attack", { counter: 1 });
    const out = w.drain();
    expect(toggles(out, 2)).toEqual([0]);
    expect(out.some((p) => p.session === 2 && (p.name === "UserHittedUser" || p.name === "CharSwing"))).toBe(true);
  });
});
