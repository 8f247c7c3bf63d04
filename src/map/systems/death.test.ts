/**
 * Ghosts and priests on a map (combat-and-progression §8.1, §8.3), driven with real packet
 * bodies: a dead character enters as a ghost, a click on a priest within 5 tiles revives it with
 * full HP and its own looks for everyone around, a living hurt player is healed, a ghost too far
 * away is told so and stays dead.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { world } from "../map-harness.test-support.ts";
import { GHOST_BODY } from "../../game/vitals/index.ts";

const PRIEST = 5;

function priestTables(): GameTables {
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: { declaredCount: 5, npcs: [{ id: PRIEST, name: "Sacerdote", description: "Curo y revivo.", npcType: 1 }] },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const priestAt = (x: number, y: number): NpcDefinition => ({ npc: PRIEST, name: "Sacerdote", x, y, body: 10, head: 0, heading: 3 });
const DEAD: Partial<CharacterRecord> = { vitals: { hp: 0, maxHp: 32, mana: 5, maxMana: 6, stamina: 0, maxStamina: 40, food: 50, water: 60 } };

let clicks = 0;
function setUp(playerX: number, playerY: number, record: Partial<CharacterRecord>) {
  const w = world({ npcs: [priestAt(20, 20)], tables: priestTables() });
  w.enter(1, "Ana", playerX, playerY, { with: record });
  w.enter(2, "Beto", playerX + 1, playerY);
  w.drain();
  const click = () => w.server.act(1, "LeftClick", { x: 20, y: 20, counter: ++clicks });
  const state = () => w.server.snapshot().find((entry) => entry.session === 1)!.state;
  return { w, click, state };
}

describe("ghosts", () => {
  test("a dead character enters as a ghost: body 829, no head, nothing drawn", () => {
    const w = world({});
    w.enter(2, "Beto", 10, 10);
    w.drain();
    w.enter(1, "Ana", 11, 10, { with: DEAD });
    const create = w.drain().find((p) => p.session === 2 && p.name === "CharacterCreate")!;
    expect(create.fields).toMatchObject({ body: GHOST_BODY, head: 0, weapon: 0, shield: 0, helmet: 0 });
  });
});

describe("the priest (§8.3)", () => {
  test("revives a ghost within 5 tiles: full HP, mana and stamina as they were, its looks back for the area", () => {
    const { w, click, state } = setUp(20, 24, DEAD);
    click();
    const out = w.drain();
    const ana = out.filter((p) => p.session === 1).map((p) => p.name);
    expect(ana).toContain("LocaleMsg");
    expect(out.find((p) => p.session === 1 && p.name === "LocaleMsg")!.fields.messageId).toBe(585);
    expect(out.find((p) => p.session === 1 && p.name === "UpdateHP")!.fields.minHp).toBe(32);
    expect(out.find((p) => p.session === 1 && p.name === "UpdateMana")!.fields.minMana).toBe(5);
    const seen = out.find((p) => p.session === 2 && p.name === "CharacterChange")!;
    expect(seen.fields.body).not.toBe(GHOST_BODY);
    expect(seen.fields.head).toBe(4);
    expect(out.some((p) => p.session === 2 && p.name === "PlayWave" && p.fields.wave === 117)).toBe(true);
    expect(out.some((p) => p.session === 2 && p.name === "ParticleFX" && p.fields.particle === 22)).toBe(true);
    expect(state().vitals).toMatchObject({ hp: 32, mana: 5, stamina: 0, food: 50, water: 60 });
  });

  test("a ghost farther than 5 tiles is told so and stays dead", () => {
    const { w, click, state } = setUp(20, 26, DEAD);
    click();
    const out = w.drain().filter((p) => p.session === 1);
    expect(out.map((p) => `${p.name} ${p.fields.messageId ?? ""}`)).toContain("LocaleMsg 8");
    expect(state().vitals.hp).toBe(0);
  });

  test("heals a living, hurt player to full; a healthy one hears nothing", () => {
    const hurt = { vitals: { hp: 10, maxHp: 32, mana: 5, maxMana: 6, stamina: 40, maxStamina: 40, food: 100, water: 100 } };
    const { w, click, state } = setUp(21, 22, hurt);
    click();
    const out = w.drain().filter((p) => p.session === 1);
    expect(out.find((p) => p.name === "LocaleMsg" && p.fields.messageId === 83)).toBeDefined();
    expect(out.find((p) => p.name === "UpdateUserStats")!.fields).toMatchObject({ minHp: 32, maxHp: 32 });
    expect(state().vitals.hp).toBe(32);
    click();
    expect(w.drain().filter((p) => p.session === 1 && p.name !== "ChatOverHead" && p.name !== "PlayWave")).toEqual([]);
  });
});
