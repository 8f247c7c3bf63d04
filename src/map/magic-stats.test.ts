/**
 * The magic counters a map worker reports for /metrics (magic-stats.ts): one addition where each
 * thing happens on the map (systems/spells.ts, systems/status.ts), driven with real packet bodies
 * on the default world's tables plus a paralysis spell of our own.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, GameTablesSchema, loadDefaultWorld, type GameTables } from "../content/index.ts";
import { itemCatalog, type ItemCatalog } from "../game/items/index.ts";
import { SeededRandom } from "../random/index.ts";
import { MagicStats } from "./magic-stats.ts";
import type { NpcDefinition } from "./map-definition.ts";
import { world, type Received } from "./map-harness.test-support.ts";

const SPARK = 1;
const HOLD = 40;
const HOLD_SECONDS = 1;
let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  const base = loaded.pack.tables!;
  tables = GameTablesSchema.parse({
    ...base,
    spells: {
      declaredCount: base.spells!.spells.length + 1,
      spells: [...base.spells!.spells, { id: HOLD, name: "Sujetar", spellType: 2, target: 3, paralyzes: true, durationSeconds: HOLD_SECONDS, manaRequired: 10 }],
    },
  });
  items = itemCatalog(tables.objects!);
});

const beast = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Bestia", x, y, body: 10, head: 0, heading: 3 });
const MAGE = { class: 1, spells: [SPARK, HOLD], vitals: { hp: 400, maxHp: 400, mana: 30, maxMana: 100, stamina: 100, maxStamina: 100, food: 100, water: 100 }, skills: Object.assign(new Array<number>(24).fill(0), { 0: 5 }) };

function npcCharOf(packets: Received[], npcNumber: number): number {
  return packets.find((p) => p.name === "CharacterCreate" && p.fields.npcNumber === npcNumber)!.fields.charIndex as number;
}

describe("magic counters of a map worker", () => {
  test("casts asked for, resolved and refused; a paralysis arms and fires its status timer; meditation starts and ticks", () => {
    const stats = new MagicStats();
    const w = world({ tables, items, npcs: [beast(DEFAULT_NPCS.wildBoar, 20, 14)], safe: false, random: SeededRandom.create(3), magicStats: stats });
    w.enter(1, "Maga", 20, 20, { with: MAGE });
    const boar = npcCharOf(w.drain(), DEFAULT_NPCS.wildBoar);
    const castAt = (slot: number, counter: number) => {
      w.server.act(1, "CastSpell", { slot, counter });
      // The tile above the boar: `LookatTile` takes the char below the click first.
      for (let y = 1; y <= 40; y++) {
        for (let x = 1; x <= 40; x++) {
          if (w.occupant(x, y) === boar) w.server.act(1, "WorkLeftClick", { x, y: y - 1, skill: 1, counter });
        }
      }
      w.drain();
      w.advance(1300);
    };
    castAt(1, 1);
    castAt(2, 2);
    expect(stats.current).toMatchObject({ castRequests: 2, castsResolved: 2, castsRefused: 0, statusTimersArmed: 1 });
    // The hold ends on its timer.
    w.advance(HOLD_SECONDS * 39 * 150 + 1_000);
    expect(stats.current.statusTimerEvents).toBe(1);
    // 14 mana left: a second hold is refused (222), and nothing is armed for it.
    castAt(2, 3);
    castAt(2, 4);
    expect(stats.current).toMatchObject({ castRequests: 4, castsResolved: 3, castsRefused: 1, statusTimersArmed: 2 });
    w.advance(HOLD_SECONDS * 39 * 150 + 1_000);
    expect(stats.current.statusTimerEvents).toBe(2);
    // Meditation: started once, its mana ticks counted.
    w.server.act(1, "Meditate", {});
    w.advance(3_000);
    expect(stats.current.meditationsStarted).toBe(1);
    expect(stats.current.meditationTicks).toBeGreaterThanOrEqual(5);
    // A report takes the counts and starts again from zero.
    const taken = stats.take();
    expect(taken.castsResolved).toBe(3);
    expect(stats.current.castsResolved).toBe(0);
  });
});
