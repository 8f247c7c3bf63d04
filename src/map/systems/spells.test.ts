/**
 * Casting on a map (combat-and-progression §5), driven with real packet bodies on the default
 * world's tables (its two spells, its beasts) plus a few spells and a scroll of our own for what
 * the default world does not have: `CastSpell` → `WorkRequestTarget(1)` → `WorkLeftClick(x, y, 1)`,
 * the damage path and its exact mana, healing oneself, a paralysis the NPC AI obeys (through
 * systems/status.ts), hostile input that changes nothing, learning from a scroll, `MoveSpell`,
 * summons with their lifetime, resurrection and an attribute buff.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, GameTablesSchema, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { itemCatalog, ObjectType, type ItemCatalog } from "../../game/items/index.ts";
import { GHOST_BODY } from "../../game/vitals/index.ts";
import { SeededRandom } from "../../random/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { world, type Received } from "../map-harness.test-support.ts";

/** Spells and objects this file adds to the default world's tables. */
const SPELL = { spark: 1, soothe: 2, paralysis: 3, summonHare: 4, resurrect: 5, strength: 6, firestorm: 7 } as const;
const SCROLL = { paralysis: 90, spark: 91 } as const;
const PARALYSIS_SECONDS = 2;
/** `Duration × 6.5 × 6` AI ticks, and the tick after (150 ms each): (78 + 1) × 150. */
const PARALYSIS_MS = (PARALYSIS_SECONDS * 39 + 1) * 150;

let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  const base = loaded.pack.tables!;
  tables = GameTablesSchema.parse({
    ...base,
    spells: {
      declaredCount: 7,
      spells: [
        ...base.spells!.spells,
        { id: SPELL.paralysis, name: "Parálisis", spellType: 2, target: 3, paralyzes: true, durationSeconds: PARALYSIS_SECONDS, manaRequired: 10, wav: 17, fxGrh: 8, loops: 1 },
        { id: SPELL.summonHare, name: "Llamado del campo", spellType: 4, target: 4, summonMode: 1, summonNpc: DEFAULT_NPCS.brownHare, summonCount: 1, manaRequired: 12, wav: 18 },
        { id: SPELL.resurrect, name: "Resucitar", spellType: 2, target: 1, revives: true, manaRequired: 20 },
        { id: SPELL.strength, name: "Fuerza", spellType: 1, target: 1, strengthMode: 1, minStrength: 2, maxStrength: 3, durationSeconds: 60, manaRequired: 5 },
        { id: SPELL.firestorm, name: "Tormenta", spellType: 5, target: 4, areaAffects: 2, areaRadius: 3, hpMode: 2, minHp: 5, maxHp: 5, manaRequired: 15, fxGrh: 9 },
      ],
    },
    objects: {
      ...base.objects!,
      objects: [
        ...base.objects!.objects,
        { id: SCROLL.paralysis, name: "Pergamino de Parálisis", objType: ObjectType.SpellScroll, spellIndex: SPELL.paralysis },
        { id: SCROLL.spark, name: "Pergamino de Chispa", objType: ObjectType.SpellScroll, spellIndex: SPELL.spark },
      ],
    },
  });
  items = itemCatalog(tables.objects!);
});

const MAGE = 1;
const CLERIC = 2;
const beast = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Bestia", x, y, body: 10, head: 0, heading: 3 });
const VITALS = { hp: 400, maxHp: 400, mana: 100, maxMana: 100, stamina: 100, maxStamina: 100, food: 100, water: 100 };
/** Magia 5: above the level-1 cap of 3, so the skill never rises and adds no lines (§10 (c) 5). */
const SKILLS = Object.assign(new Array<number>(24).fill(0), { 0: 5 });
/** A level-1 mage of the default world: its kit's two spells, hardy enough to outlast a boar. */
const CASTER: Partial<CharacterRecord> = { class: MAGE, spells: [SPELL.spark, SPELL.soothe], vitals: VITALS, skills: SKILLS };

function arena(npcs: NpcDefinition[], seed = 7, safe = false) {
  return world({ tables, items, npcs, safe, random: SeededRandom.create(seed) });
}

type World = ReturnType<typeof arena>;

const named = (packets: Received[], session: number, name: string) => packets.filter((p) => p.session === session && p.name === name);
const locales = (packets: Received[], session: number) => named(packets, session, "LocaleMsg").map((p) => p.fields.messageId);

/** Where char `charIndex` stands now (the occupancy grid), or null. */
function locate(w: World, charIndex: number): { x: number; y: number } | null {
  for (let y = 1; y <= 40; y++) for (let x = 1; x <= 40; x++) if (w.occupant(x, y) === charIndex) return { x, y };
  return null;
}

/** The char index of the NPC a session was told about. */
function npcCharOf(packets: Received[], session: number, npcNumber: number): number {
  const create = packets.find((p) => p.session === session && p.name === "CharacterCreate" && p.fields.npcNumber === npcNumber);
  if (create === undefined) throw new Error(`no CharacterCreate of NPC ${npcNumber}`);
  return create.fields.charIndex as number;
}

/**
 * `CastSpell(slot)` then a click that targets char `charIndex`: on the tile above it (`LookatTile`
 * picks the char standing below the clicked tile first, so a char just under another is never hit
 * by mistake).
 */
function castAt(w: World, session: number, slot: number, charIndex: number): void {
  w.server.act(session, "CastSpell", { slot, counter: 1 });
  const at = locate(w, charIndex)!;
  w.server.act(session, "WorkLeftClick", { x: at.x, y: at.y - 1, skill: 1, counter: 1 });
}

describe("CastSpell and the click that casts (§5.2)", () => {
  test("a mage kills the boar with Chispa: the target cursor, the words, 382 per cast, the HP bar, the kill; exactly 6 mana a cast", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 14)], 11);
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    w.enter(2, "Testigo", 24, 20);
    const boar = npcCharOf(w.drain(), 1, DEFAULT_NPCS.wildBoar);
    const boarTemplate = tables.npcs!.npcs.find((n) => n.id === DEFAULT_NPCS.wildBoar)!;
    const all: Received[] = [];
    let casts = 0;
    // Until the kill (the boar comes back later with the same char index: stop at 184).
    while (casts < 30 && !locales(all, 1).includes(184)) {
      casts++;
      w.server.act(1, "CastSpell", { slot: 1, counter: casts });
      const asked = w.drain();
      expect(named(asked, 1, "WorkRequestTarget").map((p) => p.fields)).toEqual([{ skill: 1, isArea: false, radius: 0 }]);
      all.push(...asked);
      const at = locate(w, boar)!;
      w.server.act(1, "WorkLeftClick", { x: at.x, y: at.y - 1, skill: 1, counter: casts });
      all.push(...w.drain());
      w.advance(1300);
      all.push(...w.drain().filter((p) => p.name !== "CharacterCreate"));
    }
    const damage = named(all, 1, "LocaleMsg")
      .filter((p) => p.fields.messageId === 382)
      .map((p) => Number(p.fields.params));
    expect(damage).toHaveLength(casts);
    for (const each of damage) expect(each >= 2 && each <= 5).toBe(true);
    expect(damage.slice(0, -1).reduce((a, b) => a + b, 0)).toBeLessThan(boarTemplate.minHp);
    expect(damage.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(boarTemplate.minHp);
    // Mana: 6 a cast, told after each one, exactly.
    expect(named(all, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual(damage.map((_, i) => 100 - 6 * (i + 1)));
    // The words over the caster, for everyone who sees it, flagged as a spell, cyan.
    const words = named(all, 2, "ChatOverHead").filter((p) => p.fields.text === "PMAG*1");
    expect(words).toHaveLength(casts);
    expect(words[0]!.fields).toMatchObject({ isSpell: true, color: 0xffff00 });
    // The HP bar goes down to 0; the kill is told; experience paid (the boar's GiveEXP, rounding aside).
    const bars = named(all, 2, "CharUpdateHP").filter((p) => p.fields.charIndex === boar);
    expect(bars.at(-1)!.fields.minHp).toBe(0);
    expect(locales(all, 1)).toContain(184);
    const exp = named(all, 1, "UpdateExp").map((p) => p.fields.exp as number);
    expect(exp.at(-1)!).toBeGreaterThanOrEqual(boarTemplate.giveExp - 1);
  });

  test("a mage heals itself with Alivio: 33 with the amount, UpdateHP, the self macro; 8 mana", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, vitals: { ...VITALS, hp: 300 } } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 2, counter: 1 });
    expect(named(w.drain(), 1, "WorkRequestTarget").map((p) => p.fields.skill)).toEqual([1]);
    w.server.act(1, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 1 });
    const out = w.drain().filter((p) => p.session === 1);
    const healed = out.find((p) => p.name === "LocaleMsg" && p.fields.messageId === 33)!;
    const amount = Number(healed.fields.params);
    expect(amount >= 3 && amount <= 7).toBe(true);
    expect(out.map((p) => p.name)).toEqual([
      "ChatOverHead", // PMAG*2
      "PlayWave",
      "ConsoleMsg", // ProMSG*2
      "TextOverChar",
      "UpdateHP",
      "LocaleMsg", // 33
      "UpdateMana",
      "UpdateHP",
      "UpdateSta",
    ]);
    expect(out.find((p) => p.name === "ConsoleMsg")!.fields.text).toBe("ProMSG*2");
    expect(named(out, 1, "UpdateHP").map((p) => p.fields.minHp)).toEqual([300 + amount, 300 + amount]);
    expect(named(out, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([92]);
  });

  test("a paralysed boar stays where it is until the hold ends (systems/status.ts), then comes for the mage", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 14)], 3);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, spells: [SPELL.paralysis] } });
    const boar = npcCharOf(w.drain(), 1, DEFAULT_NPCS.wildBoar);
    const before = locate(w, boar)!;
    castAt(w, 1, 1, boar);
    const cast = w.drain();
    expect(named(cast, 1, "ChatOverHead").map((p) => p.fields.text)).toContain("PMAG*3");
    expect(named(cast, 1, "CreateFX").map((p) => p.fields)).toContainEqual({ charIndex: boar, fx: 8, fxLoops: 1, x: 0, y: 0 });
    expect(named(cast, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([90]);
    // Held: no step, no turn, no bite for the whole hold.
    w.advance(PARALYSIS_MS - 300);
    const held = w.drain();
    expect(held.filter((p) => (p.name === "CharacterMove" || p.name === "CharacterChange") && p.fields.charIndex === boar)).toEqual([]);
    expect(locate(w, boar)).toEqual(before);
    // Free again: it walks up to the mage.
    w.advance(5000);
    expect(named(w.drain(), 1, "CharacterMove").filter((p) => p.fields.charIndex === boar).length).toBeGreaterThan(0);
  });

  test("a Chispa on another player on an open map: 389 and 34, the number, the HP; with the safe on first, 1057 and nothing paid", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    w.enter(2, "Ana", 22, 20, { with: { vitals: VITALS } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 1, counter: 1 });
    w.server.act(1, "WorkLeftClick", { x: 22, y: 19, skill: 1, counter: 1 });
    const refused = w.drain();
    expect(locales(refused, 1)).toEqual([1057]);
    expect(named(refused, 1, "UpdateMana")).toEqual([]);
    w.server.act(1, "SafeToggle", {});
    w.advance(1300);
    w.server.act(1, "CastSpell", { slot: 1, counter: 2 });
    w.server.act(1, "WorkLeftClick", { x: 22, y: 19, skill: 1, counter: 2 });
    const out = w.drain();
    const dealt = named(out, 1, "LocaleMsg").find((p) => p.fields.messageId === 389)!;
    const [victim, amount] = String(dealt.fields.params).split("¬");
    expect(victim).toBe("Ana");
    expect(named(out, 2, "LocaleMsg").find((p) => p.fields.messageId === 34)!.fields.params).toBe(`Maga¬${amount}`);
    expect(named(out, 2, "UpdateHP").map((p) => p.fields.minHp)).toEqual([400 - Number(amount)]);
    expect(named(out, 2, "ConsoleMsg").map((p) => p.fields.text)).toEqual(["HecMSGA*1*Maga"]);
    // A citizen who attacks a citizen turns criminal (UpdateTagAndStatus to both).
    expect(named(out, 2, "UpdateTagAndStatus").map((p) => p.fields.status)).toEqual([0]);
    expect(named(out, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([94]);
  });
});

describe("an area spell (§5.3, `HechizoSobreArea`)", () => {
  test("the cursor asks for an area; every attackable NPC on the 3 × 3 square is hit, 20 % less per step of x + y away", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 13), beast(DEFAULT_NPCS.wildBoar, 21, 13), beast(DEFAULT_NPCS.wildBoar, 23, 13)]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, spells: [SPELL.firestorm] } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 1, counter: 1 });
    expect(named(w.drain(), 1, "WorkRequestTarget").map((p) => p.fields)).toEqual([{ skill: 1, isArea: true, radius: 3 }]);
    // No AI tick has run: the boars stand where they spawned. The square is x 19…21, y 12…14.
    w.server.act(1, "WorkLeftClick", { x: 20, y: 13, skill: 1, counter: 1 });
    const out = w.drain();
    // RandomNumber(5, 5) = 5 (+3 % at level 1 stays 5): 5 on the clicked tile, 5 − rnd2(1) = 4 one step away; the third boar is outside.
    expect(named(out, 1, "LocaleMsg").map((p) => [p.fields.messageId, p.fields.params])).toEqual([
      [382, "5"],
      [1921, "5¬Bestia"],
      [382, "4"],
      [1921, "4¬Bestia"],
    ]);
    expect(named(out, 1, "Fxpiso").map((p) => [p.fields.x, p.fields.y])).toEqual([
      [20, 13],
      [21, 13],
    ]);
    expect(named(out, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([85]);
  });
});

describe("hostile input changes nothing (§5.2)", () => {
  test("too fast: a second click within 1230 ms does nothing at all; after it, the cast goes", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 12)], 5);
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    const boar = npcCharOf(w.drain(), 1, DEFAULT_NPCS.wildBoar);
    castAt(w, 1, 1, boar);
    expect(named(w.drain(), 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([94]);
    w.advance(600);
    w.drain();
    castAt(w, 1, 1, boar);
    const early = w.drain().filter((p) => p.session === 1);
    // Only the cursor and the look at the tile: no words, no damage, no mana.
    expect(early.map((p) => p.name).filter((name) => name !== "WorkRequestTarget" && name !== "CharacterMove" && name !== "CharacterChange")).toEqual([]);
    w.advance(700);
    w.drain();
    castAt(w, 1, 1, boar);
    expect(named(w.drain(), 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([88]);
  });

  test("without mana: 222, nothing paid or sent; an empty slot: nothing; no spell chosen: 587; off the screen: PosUpdate", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 12)], 5);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, vitals: { ...VITALS, mana: 5 } } });
    const boar = npcCharOf(w.drain(), 1, DEFAULT_NPCS.wildBoar);
    castAt(w, 1, 1, boar);
    const poor = w.drain();
    expect(locales(poor, 1)).toEqual([222]);
    expect(poor.filter((p) => ["UpdateMana", "ChatOverHead", "CharUpdateHP", "UpdateSta"].includes(p.name))).toEqual([]);
    // An empty slot: no cursor, and the click casts nothing.
    w.advance(1300);
    w.server.act(1, "CastSpell", { slot: 7, counter: 2 });
    expect(w.drain().filter((p) => p.session === 1 && !["CharacterMove", "CharacterChange"].includes(p.name))).toEqual([]);
    const at = locate(w, boar)!;
    w.server.act(1, "WorkLeftClick", { x: at.x, y: at.y - 1, skill: 1, counter: 2 });
    expect(w.drain().filter((p) => p.session === 1 && !["CharacterMove", "CharacterChange"].includes(p.name))).toEqual([]);
    // The selection was used up by that click: the next one is told to choose a spell first.
    w.advance(1300);
    const now = locate(w, boar)!;
    w.server.act(1, "WorkLeftClick", { x: now.x, y: now.y - 1, skill: 1, counter: 3 });
    expect(locales(w.drain(), 1)).toEqual([587]);
    // A click off the screen (`InRangoVision`, 11 × 9): PosUpdate only.
    w.advance(1300);
    w.server.act(1, "CastSpell", { slot: 1, counter: 4 });
    w.drain();
    w.server.act(1, "WorkLeftClick", { x: 32, y: 20, skill: 1, counter: 4 });
    expect(w.drain().filter((p) => p.session === 1).map((p) => p.name)).toEqual(["PosUpdate"]);
  });

  test("a ghost is told 77 on CastSpell and its clicks do nothing", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, vitals: { ...VITALS, hp: 0 } } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 1, counter: 1 });
    expect(locales(w.drain(), 1)).toEqual([77]);
    w.server.act(1, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 1 });
    expect(w.drain()).toEqual([]);
  });
});

describe("the spell book (§5.1)", () => {
  test("a scroll read with UseItem teaches its spell: ChangeSpellSlot, the scroll used up; known: 525; a full book: 777", () => {
    const w = arena([]);
    const scrolls = [
      { slot: 1, objectId: SCROLL.paralysis, amount: 1, equipped: false },
      { slot: 2, objectId: SCROLL.spark, amount: 1, equipped: false },
    ];
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, inventory: scrolls } });
    w.drain();
    w.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 0, counter: 1 });
    const learnt = w.drain();
    expect(named(learnt, 1, "ChangeSpellSlot").map((p) => p.fields)).toEqual([{ slot: 3, spellId: SPELL.paralysis, spellIdOrEmpty: SPELL.paralysis, bindable: false }]);
    expect(named(learnt, 1, "ChangeInventorySlot").map((p) => [p.fields.slot, p.fields.objIndex])).toEqual([[1, 0]]);
    // The spell is castable from its new slot.
    w.server.act(1, "CastSpell", { slot: 3, counter: 2 });
    expect(named(w.drain(), 1, "WorkRequestTarget")).toHaveLength(1);
    w.advance(1000);
    w.server.act(1, "UseItem", { slot: 2, fromInventoryTab: 0, counter: 3 });
    const known = w.drain();
    expect(locales(known, 1)).toEqual([525]);
    expect(named(known, 1, "ChangeSpellSlot")).toEqual([]);

    const full = arena([]);
    full.enter(1, "Maga", 20, 20, { with: { ...CASTER, spells: Array.from({ length: 40 }, (_, i) => 100 + i), inventory: scrolls } });
    full.drain();
    full.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 0, counter: 1 });
    expect(locales(full.drain(), 1)).toEqual([777]);
  });

  test("MoveSpell swaps two slots (both sent), 670 at the edge; the chosen spell follows its slot", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, vitals: { ...VITALS, hp: 300 } } });
    w.drain();
    // Choose Alivio (slot 2), then move it up: the click still casts Alivio (8 mana), now from slot 1.
    w.server.act(1, "CastSpell", { slot: 2, counter: 1 });
    w.server.act(1, "MoveSpell", { upwards: true, slot: 2 });
    const moved = w.drain();
    expect(named(moved, 1, "ChangeSpellSlot").map((p) => [p.fields.slot, p.fields.spellId])).toEqual([
      [2, SPELL.spark],
      [1, SPELL.soothe],
    ]);
    w.server.act(1, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 1 });
    expect(named(w.drain(), 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([92]);
    w.server.act(1, "MoveSpell", { upwards: true, slot: 1 });
    w.server.act(1, "MoveSpell", { upwards: false, slot: 40 });
    const edges = w.drain();
    expect(locales(edges, 1)).toEqual([670, 670]);
    expect(named(edges, 1, "ChangeSpellSlot")).toEqual([]);
  });
});

describe("summons, resurrection, attribute buffs (§5.4, §8.3)", () => {
  test("a summoned hare appears by the clicked tile, follows its master, and goes away after 60 s for good", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, spells: [SPELL.summonHare] } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 1, counter: 1 });
    w.server.act(1, "WorkLeftClick", { x: 23, y: 20, skill: 1, counter: 1 });
    const out = w.drain();
    const created = named(out, 1, "CharacterCreate").filter((p) => p.fields.npcNumber === DEFAULT_NPCS.brownHare);
    expect(created.map((p) => [p.fields.x, p.fields.y])).toEqual([[23, 20]]);
    const hare = created[0]!.fields.charIndex as number;
    expect(named(out, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([88]);
    expect(named(out, 1, "ChatOverHead").map((p) => p.fields.text)).toEqual(["PMAG*4"]);
    // The master walks away west; the hare follows.
    for (let step = 0; step < 5; step++) {
      w.server.walk(1, 4);
      w.advance(400);
    }
    w.advance(3000);
    const hareAt = locate(w, hare)!;
    expect(Math.abs(hareAt.x - 15) + Math.abs(hareAt.y - 20)).toBeLessThanOrEqual(1);
    w.drain();
    w.advance(60_000 - 5 * 400 - 3_000 + 100);
    expect(named(w.drain(), 1, "CharacterRemove").map((p) => p.fields.charIndex)).toEqual([hare]);
    w.advance(120_000);
    expect(named(w.drain(), 1, "CharacterCreate")).toEqual([]);
  });

  test("a summon killed by another player gives no experience and no gold; its master's death takes it away", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, spells: [SPELL.summonHare] } });
    w.enter(2, "Rival", 26, 20, { with: { ...CASTER, spells: [SPELL.spark] } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 1, counter: 1 });
    w.server.act(1, "WorkLeftClick", { x: 23, y: 20, skill: 1, counter: 1 });
    const hare = npcCharOf(w.drain(), 2, DEFAULT_NPCS.brownHare);
    const all: Received[] = [];
    for (let cast = 0; cast < 20 && locate(w, hare) !== null; cast++) {
      castAt(w, 2, 1, hare);
      w.advance(1300);
      all.push(...w.drain());
    }
    expect(locate(w, hare)).toBeNull();
    expect(locales(all, 2)).toContain(184);
    expect(named(all, 2, "UpdateExp")).toEqual([]);
    expect(named(all, 2, "ObjectCreate")).toEqual([]);
    // A second summon, then the master dies: the creature goes with it.
    w.advance(1300);
    w.server.act(1, "CastSpell", { slot: 1, counter: 2 });
    w.server.act(1, "WorkLeftClick", { x: 21, y: 22, skill: 1, counter: 2 });
    const second = npcCharOf(w.drain(), 1, DEFAULT_NPCS.brownHare);
    w.advance(1300);
    w.server.act(2, "SafeToggle", {});
    for (let cast = 0; cast < 200 && locate(w, second) !== null; cast++) {
      w.server.act(2, "CastSpell", { slot: 1, counter: 3 + cast });
      w.server.act(2, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 3 + cast });
      w.advance(1300);
    }
    expect(locate(w, second)).toBeNull();
  });

  test("resurrection: refused while the ghost's safe is on (693, 1874 to the ghost); with it off the ghost stands up with 1 HP", () => {
    const w = arena([]);
    const cleric = { class: CLERIC, spells: [SPELL.resurrect], vitals: VITALS };
    w.enter(1, "Clara", 20, 20, { with: cleric });
    w.enter(2, "Fantasma", 22, 20, { with: { vitals: { ...VITALS, hp: 0 } } });
    w.drain();
    castAt(w, 1, 1, w.server.positionOf(2)!.charIndex);
    const refused = w.drain();
    expect(locales(refused, 1)).toEqual([693]);
    expect(named(refused, 2, "LocaleMsg").map((p) => [p.fields.messageId, p.fields.params])).toEqual([[1874, "Clara"]]);
    w.server.act(2, "SeguroResu", {});
    expect(named(w.drain(), 2, "SeguroResu").map((p) => p.fields.enabled)).toEqual([false]);
    w.advance(1300);
    castAt(w, 1, 1, w.server.positionOf(2)!.charIndex);
    const out = w.drain();
    expect(named(out, 2, "UpdateHP").map((p) => p.fields.minHp)).toEqual([1]);
    expect(named(out, 2, "UpdateHungerAndThirst").map((p) => [p.fields.food, p.fields.water])).toEqual([[0, 0]]);
    expect(locales(out, 2)).toContain(585);
    const redrawn = named(out, 1, "CharacterChange").filter((p) => p.fields.charIndex === w.server.positionOf(2)!.charIndex);
    expect(redrawn.length).toBeGreaterThan(0);
    expect(redrawn.at(-1)!.fields.body).not.toBe(GHOST_BODY);
    // The cleric pays mana and, off a safe map, HP: rnd2(1 × 1.5 + 400 × 0.45) = 182.
    expect(named(out, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([80]);
    expect(named(out, 1, "UpdateHP").map((p) => p.fields.minHp)).toEqual([400 - 182]);
  });

  test("a strength buff on oneself: FYA with the boosted strength, then FYA with the base one when it runs out", () => {
    const w = arena([]);
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, spells: [SPELL.strength], attributes: [15, 16, 18, 18, 18] } });
    w.drain();
    w.server.act(1, "CastSpell", { slot: 1, counter: 1 });
    w.server.act(1, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 1 });
    const out = w.drain();
    const fya = named(out, 1, "FYA").map((p) => p.fields);
    expect(fya).toHaveLength(1);
    expect([17, 18]).toContain(fya[0]!.strength as number);
    expect(fya[0]!.agility).toBe(16);
    expect(named(out, 1, "UpdateMana").map((p) => p.fields.minMana)).toEqual([95]);
    w.advance(61_000);
    expect(named(w.drain(), 1, "FYA").map((p) => [p.fields.strength, p.fields.agility])).toEqual([[15, 16]]);
  });
});
