/**
 * Magic without a browser (issue #16): the spell book the server sends (`ChangeSpellSlot`), the
 * cast flow (`CastSpell` with its counter → `WorkRequestTarget(1)` → the next map click is
 * `WorkLeftClick(x, y, 1)`, paced at the cast interval), moving spells (`MoveSpell`), meditation
 * (`Meditate`, `MeditateToggle`, `UpdateMana`), the magic words and console macros worded with the
 * world's spells, the marks of what the player is under (paralysis, immobilisation, blindness,
 * dumbness, invisibility, poison, a boost), invisible chars, pets, and the spell effects with
 * their geometry. Server packets are encoded by the protocol library.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Heading } from "../game/movement/index.ts";
import { CharacterKind, STOCK_INTERVALS_MS, vbRgb, WorkSkill } from "../protocol/index.ts";
import { charVisibility, heldBy, isMeditating, POISON_MESSAGES, statusMarks } from "./altered-states.ts";
import { ATTACK_KEY_CODES } from "./combat-rules.ts";
import { charFields, loggedInSession, OWN_CHAR, serverBody, START } from "./client-fixtures.test-support.ts";
import { SPELL_SLOT_COUNT } from "../game/character/index.ts";
import { POISON_SHOWN_MS, SPELL_EFFECTS_MAX, SPELL_FX_MS, SPELL_TRAVEL_MS } from "./constants.ts";
import { DIRECTION_KEY_CODES } from "./direction-keys.ts";
import { ownChar } from "./game-state.ts";
import { INVENTORY_KEY_CODES } from "./inventory-rules.ts";
import { isNpcChar } from "./packet-reducer.ts";
import { SERVICE_KEY_CODES } from "./service-keys.ts";
import { SKILLS_KEY_CODE } from "./skills-rules.ts";
import { burstShape, effectHue, effectProgress, liveEffects, meditationRing, particleOffsets, PARTICLES_PER_EFFECT, travelPoint } from "./spell-effects.ts";
import { MEDITATE_KEY_CODE, spellConsoleText, spellRows, SPELLS_KEY_CODE, spellWordsText } from "./spell-rules.ts";
import { TARGET_CANCEL_KEY } from "./target-rules.ts";
import { HELD_TEXT, localeMessageText, SPELL_TEXT, STATUS_MARK_TEXT, TARGET_TEXT } from "./ui-text.ts";
import { buildWorldInfoJson, parseWorldInfo, type SpellInfo } from "./world-info.ts";

const SPARK = 1;
const SOOTHE = 2;
const CYAN = vbRgb(0, 255, 255);
const CAST_MS = STOCK_INTERVALS_MS.castSpellMs;
const BOAR = 31;
const BOAR_TILE = { x: START.x + 3, y: START.y } as const;
const OTHER = 12;

/** The default world's two spells as `/api/world` describes them. */
const CATALOGUE: ReadonlyMap<number, SpellInfo> = parseWorldInfo(
  buildWorldInfoJson({
    name: "Mundo",
    homeCities: [],
    objects: [],
    spells: [
      { id: SPARK, name: "Chispa", magicWords: "ARDE, CHISPA", manaRequired: 6, casterMessage: "", selfMessage: "", targetMessage: "" },
      { id: SOOTHE, name: "Alivio", magicWords: "SANA, ALIVIO", manaRequired: 8, casterMessage: "Has curado a", selfMessage: "Te has curado.", targetMessage: "te ha curado." },
    ],
  }),
).spells;

function sent(transport: { take(): { name: string; fields: unknown }[] }): { name: string; fields: unknown }[] {
  return transport.take().map(({ name, fields }) => ({ name, fields }));
}

/**
 * A logged-in mage (30 of 40 mana) with the stock book (Chispa, Alivio, then 38 empty slots), the
 * world's spells known, and a boar three tiles east.
 */
function mage(nowMs = 0) {
  const { session, transport } = loggedInSession(nowMs);
  session.setSpellCatalogue(CATALOGUE);
  for (let slot = 1; slot <= SPELL_SLOT_COUNT; slot++) {
    const spellId = slot === 1 ? SPARK : slot === 2 ? SOOTHE : 0;
    session.receive(serverBody("ChangeSpellSlot", { slot, spellId, spellIdOrEmpty: spellId > 0 ? spellId : -1, bindable: false }), nowMs);
  }
  session.receive(
    serverBody("UpdateUserStats", { maxHp: 30, minHp: 25, shield: 0, maxMana: 40, minMana: 30, maxSta: 60, minSta: 40, gold: 0, goldPerLevelWallet: 0, level: 1, expToNextLevel: 300, exp: 0, class: 1 }),
    nowMs,
  );
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: BOAR, ...BOAR_TILE, name: "Jabalí Salvaje", isNpc: 1, npcNumber: 3, minHp: 20, maxHp: 20 })), nowMs);
  transport.take();
  return { session, transport, state: session.state };
}

describe("the spell book (ChangeSpellSlot)", () => {
  test("the login burst fills the book; the list shows slots up to the last spell, with names and mana from the world", () => {
    const { state } = mage();
    expect(state.spellBook.slots.slice(0, 3)).toEqual([SPARK, SOOTHE, 0]);
    expect(state.spellBook.slots).toHaveLength(SPELL_SLOT_COUNT);
    expect(spellRows(state)).toEqual([
      { slot: 1, spellId: SPARK, name: "Chispa", mana: 6 },
      { slot: 2, spellId: SOOTHE, name: "Alivio", mana: 8 },
    ]);
    expect(SPELL_TEXT.row(1, "Chispa", 6)).toBe("1. Chispa (6 maná)");
  });

  test("a spell learnt further down leaves empty rows between; without world info a spell is 'Hechizo N'; hostile slots are ignored", () => {
    const { session, state } = mage();
    session.receive(serverBody("ChangeSpellSlot", { slot: 5, spellId: 77, spellIdOrEmpty: 77, bindable: false }), 0);
    session.receive(serverBody("ChangeSpellSlot", { slot: 0, spellId: 9, spellIdOrEmpty: 9, bindable: false }), 0);
    session.receive(serverBody("ChangeSpellSlot", { slot: 200, spellId: 9, spellIdOrEmpty: 9, bindable: false }), 0);
    expect(spellRows(state).map((row) => [row.slot, row.spellId, row.name, row.mana])).toEqual([
      [1, SPARK, "Chispa", 6],
      [2, SOOTHE, "Alivio", 8],
      [3, 0, "", null],
      [4, 0, "", null],
      [5, 77, "Hechizo 77", null],
    ]);
    // An emptied slot (`spellIdOrEmpty` -1) is empty whatever `spellId` says.
    session.receive(serverBody("ChangeSpellSlot", { slot: 5, spellId: 77, spellIdOrEmpty: -1, bindable: false }), 0);
    expect(spellRows(state)).toHaveLength(2);
  });

  test("a new login starts with an empty book but keeps the world's spell names", () => {
    const { session, state } = mage();
    session.playCharacter(1, "Otra");
    expect(spellRows(state)).toEqual([]);
    expect(state.spellCatalogue.get(SPARK)?.name).toBe("Chispa");
  });
});

describe("casting (CastSpell → WorkRequestTarget(1) → WorkLeftClick)", () => {
  test("a chosen spell goes out with its counter; the target request names it; the click casts it at the tile and spends the aim", () => {
    const { session, transport, state } = mage();
    expect(session.castSpell(1, 0)).toEqual({ ok: true, value: { slot: 1, spellId: SPARK } });
    expect(sent(transport)).toEqual([{ name: "CastSpell", fields: { slot: 1, counter: 1 } }]);
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Magic, isArea: false, radius: 0 }), 10);
    expect(state.target).toEqual({ skill: WorkSkill.Magic, spellId: SPARK, isArea: false, radius: 0, sinceMs: 10 });
    expect(TARGET_TEXT.hint(WorkSkill.Magic, "Chispa")).toBe("Lanzar Chispa: hacé clic sobre tu objetivo.");
    expect(session.clickMap(BOAR_TILE.x, BOAR_TILE.y, 20)).toEqual({ kind: "work", x: BOAR_TILE.x, y: BOAR_TILE.y, skill: WorkSkill.Magic });
    expect(sent(transport)).toEqual([{ name: "WorkLeftClick", fields: { x: BOAR_TILE.x, y: BOAR_TILE.y, skill: WorkSkill.Magic, counter: 1 } }]);
    expect(state.target).toBeNull();
    session.castSpell(2, 30);
    expect(sent(transport)).toEqual([{ name: "CastSpell", fields: { slot: 2, counter: 2 } }]);
  });

  test("a spell click sooner than the cast interval sends nothing, keeps the crosshair and says why; later it goes", () => {
    const { session, transport, state } = mage();
    session.receive(serverBody("Intervals", { ...STOCK_INTERVALS_MS, castSpellMs: CAST_MS }), 0);
    session.castSpell(1, 0);
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Magic, isArea: false, radius: 0 }), 0);
    session.clickMap(BOAR_TILE.x, BOAR_TILE.y, 1_000);
    session.castSpell(1, 1_100);
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Magic, isArea: false, radius: 0 }), 1_100);
    transport.take();
    expect(session.clickMap(BOAR_TILE.x, BOAR_TILE.y, 1_000 + CAST_MS - 1)).toBeNull();
    expect(sent(transport)).toEqual([]);
    expect(state.target?.skill).toBe(WorkSkill.Magic);
    expect(state.console.at(-1)?.text).toBe(SPELL_TEXT.refusals.too_soon);
    expect(session.clickMap(BOAR_TILE.x, BOAR_TILE.y, 1_000 + CAST_MS)?.kind).toBe("work");
    expect(sent(transport).map((p) => p.fields)).toEqual([{ x: BOAR_TILE.x, y: BOAR_TILE.y, skill: WorkSkill.Magic, counter: 2 }]);
    // A shot is paced by the server alone: the spell's interval does not hold a bow's click.
    session.receive(serverBody("WorkRequestTarget", { skill: 12, isArea: false, radius: 0 }), 1_000 + CAST_MS + 1);
    expect(session.clickMap(BOAR_TILE.x, BOAR_TILE.y, 1_000 + CAST_MS + 1)?.kind).toBe("work");
  });

  test("Escape gives up a spell's aim as a shot's; the CastSpell counter restarts at Logged", () => {
    expect(TARGET_CANCEL_KEY).toBe("Escape");
    const { session, transport, state } = mage();
    session.castSpell(1, 0);
    session.receive(serverBody("WorkRequestTarget", { skill: WorkSkill.Magic, isArea: false, radius: 0 }), 0);
    expect(session.cancelTarget(5)).toBe(true);
    expect(state.target).toBeNull();
    session.receive(serverBody("Logged", { newUser: false }), 10);
    transport.take();
    session.castSpell(2, 20);
    expect(sent(transport)).toEqual([{ name: "CastSpell", fields: { slot: 2, counter: 1 } }]);
  });

  test("an empty slot, a slot outside the book or a ghost sends nothing and says why", () => {
    const { session, transport, state } = mage();
    expect(session.castSpell(3, 0)).toEqual({ ok: false, reason: "empty_slot" });
    expect(state.console.at(-1)?.text).toBe(SPELL_TEXT.refusals.empty_slot);
    expect(session.castSpell(41, 0)).toEqual({ ok: false, reason: "bad_slot" });
    expect(session.castSpell(1.5, 0)).toEqual({ ok: false, reason: "bad_slot" });
    session.receive(serverBody("UpdateHP", { minHp: 0, shield: 0 }), 0);
    expect(session.castSpell(1, 0)).toEqual({ ok: false, reason: "dead" });
    expect(sent(transport)).toEqual([]);
  });

  test("MoveSpell swaps with the neighbour; the edges are refused; the server's two slots move the list", () => {
    const { session, transport, state } = mage();
    expect(session.moveSpell(1, true, 0)).toEqual({ ok: false, reason: "at_edge" });
    expect(session.moveSpell(3, false, 0)).toEqual({ ok: false, reason: "empty_slot" });
    expect(session.moveSpell(2, true, 0)).toEqual({ ok: true, value: { slot: 2, upwards: true, to: 1 } });
    expect(sent(transport)).toEqual([{ name: "MoveSpell", fields: { upwards: true, slot: 2 } }]);
    session.receive(serverBody("ChangeSpellSlot", { slot: 2, spellId: SPARK, spellIdOrEmpty: SPARK, bindable: false }), 0);
    session.receive(serverBody("ChangeSpellSlot", { slot: 1, spellId: SOOTHE, spellIdOrEmpty: SOOTHE, bindable: false }), 0);
    expect(spellRows(state).map((row) => row.name)).toEqual(["Alivio", "Chispa"]);
    expect(session.moveSpell(SPELL_SLOT_COUNT, false, 0)).toEqual({ ok: false, reason: "empty_slot" });
  });
});

describe("magic words and console lines", () => {
  test("PMAG*<id> over the caster reads as the spell's words (a bubble, no console line); unknown spells by number", () => {
    const { session, state } = mage();
    const lines = state.console.length;
    session.receive(serverBody("ChatOverHead", { text: `PMAG*${SPARK}`, charIndex: OWN_CHAR, color: CYAN, isSpell: true, x: START.x, y: START.y, minDisplayMs: 0, maxDisplayMs: 0 }), 100);
    expect(state.bubbles.get(OWN_CHAR)).toMatchObject({ text: "ARDE, CHISPA", color: CYAN, spell: true });
    expect(state.console).toHaveLength(lines);
    expect(spellWordsText(CATALOGUE, "PMAG*99")).toBe("Hechizo 99");
    expect(spellWordsText(new Map([[5, { name: "Sin palabras", words: "", mana: 0, casterMessage: "", selfMessage: "", targetMessage: "" }]]), "PMAG*5")).toBe("Sin palabras");
    // An ordinary line flagged as a spell stays as it is.
    expect(spellWordsText(CATALOGUE, "hola")).toBe("hola");
  });

  test("the console macros of a cast are worded with the world's lines, or with our own", () => {
    expect(spellConsoleText(CATALOGUE, "ProMSG*2")).toBe("Te has curado.");
    expect(spellConsoleText(CATALOGUE, "HecMSGU*2*Ana")).toBe("Has curado a Ana");
    expect(spellConsoleText(CATALOGUE, "HecMSGA*2*Ana")).toBe("Ana te ha curado.");
    expect(spellConsoleText(CATALOGUE, "ProMSG*1")).toBe("Lanzaste Chispa sobre vos.");
    expect(spellConsoleText(CATALOGUE, "HecMSGU*1*Ana")).toBe("Lanzaste Chispa sobre Ana.");
    expect(spellConsoleText(CATALOGUE, "HecMSGA*1*Ana")).toBe("Ana lanzó Chispa sobre vos.");
    expect(spellConsoleText(CATALOGUE, "Bienvenido")).toBeNull();
    const { session, state } = mage();
    session.receive(serverBody("ConsoleMsg", { text: "ProMSG*2", fontIndex: 1 }), 0);
    expect(state.console.at(-1)?.text).toBe("Te has curado.");
  });

  test("the lines a cast answers with read as sentences", () => {
    expect(localeMessageText(382, "5")).toBe("¡Le has quitado 5 puntos de vida a la criatura!");
    expect(localeMessageText(33, "4")).toBe("Te curaste 4 puntos de vida.");
    expect(localeMessageText(222, "")).toBe("No tenés suficiente maná.");
    expect(localeMessageText(587, "")).toBe("Primero elegí un hechizo.");
  });

  test("the world info carries the spells; hostile entries are skipped, texts cut", () => {
    const json = buildWorldInfoJson({
      name: "w",
      homeCities: [],
      objects: [],
      spells: [{ id: 3, name: "Dardo", magicWords: "", manaRequired: 10, casterMessage: "", selfMessage: "", targetMessage: "" }],
    });
    expect(json.spells).toEqual([{ id: 3, name: "Dardo", mana: 10 }]);
    const info = parseWorldInfo({ ...json, spells: [...json.spells!, { id: 0, name: "x" }, { id: 4 }, { id: 5, name: "y".repeat(500), mana: -3, words: 7 }, null] });
    expect([...info.spells.keys()]).toEqual([3, 5]);
    expect(info.spells.get(5)).toMatchObject({ mana: 0, words: "" });
    expect(info.spells.get(5)!.name.length).toBeLessThan(500);
    expect(parseWorldInfo({ name: "old server" }).spells.size).toBe(0);
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => void parseWorldInfo({ spells: value })), { numRuns: 200 });
  });
});

describe("meditation (Meditate, MeditateToggle, UpdateMana)", () => {
  test("M sends Meditate; the FX on our char is the meditation (a mark, a ring); the mana ticks up; the FX off stops it", () => {
    const { session, transport, state } = mage();
    expect(session.meditate(0)).toEqual({ ok: true, value: null });
    expect(sent(transport)).toEqual([{ name: "Meditate", fields: {} }]);
    session.receive(serverBody("MeditateToggle", { charIndex: OWN_CHAR, fx: 4, x: START.x, y: START.y }), 10);
    expect(isMeditating(state)).toBe(true);
    expect(ownChar(state)?.fx).toBe(4);
    expect(statusMarks(state, 10).map((m) => m.kind)).toEqual(["meditating"]);
    session.receive(serverBody("UpdateMana", { minMana: 31 }), 900);
    expect(state.stats.mana).toBe(31);
    // Pressing again while meditating stops it (the server toggles).
    expect(session.meditate(950).ok).toBe(true);
    session.receive(serverBody("MeditateToggle", { charIndex: OWN_CHAR, fx: 0, x: 0, y: 0 }), 1_000);
    expect(isMeditating(state)).toBe(false);
  });

  test("at full mana, with no mana at all or as a ghost nothing is sent", () => {
    const { session, transport, state } = mage();
    session.receive(serverBody("UpdateMana", { minMana: 40 }), 0);
    expect(session.meditate(0)).toEqual({ ok: false, reason: "full_mana" });
    state.stats.maxMana = 0;
    state.stats.mana = 0;
    expect(session.meditate(0)).toEqual({ ok: false, reason: "no_mana" });
    state.stats.maxMana = 40;
    session.receive(serverBody("UpdateHP", { minHp: 0, shield: 0 }), 0);
    expect(session.meditate(0)).toEqual({ ok: false, reason: "dead" });
    expect(sent(transport)).toEqual([]);
  });

  test("others meditating show their ring from MeditateToggle or from the fx of their CharacterCreate / CharacterChange", () => {
    const { session, state } = mage();
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OTHER, x: START.x - 2, y: START.y, name: "Sabio", fx: 16 })), 0);
    expect(state.chars.get(OTHER)?.fx).toBe(16);
    session.receive(serverBody("CharacterChange", { charIndex: OTHER, flags: 0, body: 1, head: 1, heading: Heading.South, weapon: 2, shield: 2, helmet: 2, cart: 0, backpack: 0, fx: 0, fxLoops: 0 }), 0);
    expect(state.chars.get(OTHER)?.fx).toBe(0);
    session.receive(serverBody("MeditateToggle", { charIndex: OTHER, fx: 5, x: 0, y: 0 }), 0);
    expect(state.chars.get(OTHER)?.fx).toBe(5);
    // Someone unknown meditating changes nothing.
    session.receive(serverBody("MeditateToggle", { charIndex: 999, fx: 5, x: 0, y: 0 }), 0);
    expect(state.chars.has(999)).toBe(false);
  });
});

describe("altered states of the player", () => {
  test("ParalizeOK toggles the paralysis: the arrows neither walk nor turn, said once per press; the next ParalizeOK frees", () => {
    const { session, transport, state } = mage();
    session.receive(serverBody("ParalizeOK", {}), 0);
    expect(heldBy(state)).toBe("paralyzed");
    expect(STATUS_MARK_TEXT.label("paralyzed", null)).toBe("Paralizado");
    session.tick(1_000, Heading.East);
    session.tick(2_000, Heading.East);
    expect(sent(transport)).toEqual([]);
    expect(state.console.filter((line) => line.text === HELD_TEXT.paralyzed)).toHaveLength(1);
    session.receive(serverBody("ParalizeOK", {}), 3_000);
    expect(heldBy(state)).toBeNull();
    session.tick(3_000, 0);
    session.tick(3_100, Heading.East);
    expect(sent(transport).map((p) => p.name)).toEqual(["Walk"]);
  });

  test("InmovilizadoOK holds the steps but lets the player turn", () => {
    const { session, transport, state } = mage();
    session.receive(serverBody("InmovilizadoOK", {}), 0);
    expect(heldBy(state)).toBe("immobilized");
    session.tick(1_000, Heading.North);
    expect(sent(transport)).toEqual([{ name: "ChangeHeading", fields: { heading: Heading.North, counter: 1 } }]);
    expect(ownChar(state)?.x).toBe(START.x);
    expect(statusMarks(state, 1_000).map((m) => m.kind)).toEqual(["immobilized"]);
    session.receive(serverBody("InmovilizadoOK", {}), 2_000);
    expect(heldBy(state)).toBeNull();
  });

  test("blindness and dumbness come and go with their packets", () => {
    const { session, state } = mage();
    session.receive(serverBody("Blind", {}), 0);
    session.receive(serverBody("Dumb", {}), 0);
    expect(statusMarks(state, 0).map((m) => m.kind)).toEqual(["blind", "dumb"]);
    session.receive(serverBody("BlindNoMore", {}), 0);
    session.receive(serverBody("DumbNoMore", {}), 0);
    expect(statusMarks(state, 0)).toEqual([]);
  });

  test("SetInvisible: our own char is drawn faint with the counter's seconds; another is not drawn; both show again", () => {
    const { session, state } = mage();
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OTHER, x: START.x - 2, y: START.y, name: "Sombra" })), 0);
    session.receive(serverBody("Contadores", { invisibility: 12, effectDuration: 0 }), 1_000);
    session.receive(serverBody("SetInvisible", { charIndex: OWN_CHAR, invisible: true, x: START.x, y: START.y }), 1_000);
    session.receive(serverBody("SetInvisible", { charIndex: OTHER, invisible: true, x: 0, y: 0 }), 1_000);
    expect(charVisibility(state, OWN_CHAR)).toBe("faint");
    expect(charVisibility(state, OTHER)).toBe("hidden");
    expect(statusMarks(state, 4_000)).toEqual([{ kind: "invisible", secondsLeft: 9 }]);
    expect(STATUS_MARK_TEXT.label("invisible", 9)).toBe("Invisible 9 s");
    session.receive(serverBody("SetInvisible", { charIndex: OWN_CHAR, invisible: false, x: 0, y: 0 }), 5_000);
    session.receive(serverBody("SetInvisible", { charIndex: OTHER, invisible: false, x: 0, y: 0 }), 5_000);
    expect(charVisibility(state, OWN_CHAR)).toBe("shown");
    expect(charVisibility(state, OTHER)).toBe("shown");
    expect(statusMarks(state, 5_000)).toEqual([]);
    // A char created again is seen until the server hides it again.
    session.receive(serverBody("SetInvisible", { charIndex: OTHER, invisible: true, x: 0, y: 0 }), 6_000);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OTHER, x: START.x - 3, y: START.y, name: "Sombra" })), 6_000);
    expect(charVisibility(state, OTHER)).toBe("shown");
  });

  test("a poison bite marks the player poisoned for a while after the last one; death clears it", () => {
    const { session, state } = mage();
    expect(POISON_MESSAGES).toEqual([47, 390]);
    session.receive(serverBody("LocaleMsg", { messageId: 47, params: "", fontIndex: 1 }), 1_000);
    session.receive(serverBody("LocaleMsg", { messageId: 390, params: "3", fontIndex: 1 }), 1_000);
    expect(state.console.at(-1)?.text).toBe("El veneno te quitó 3 puntos de vida.");
    expect(statusMarks(state, 1_000 + POISON_SHOWN_MS - 1).map((m) => m.kind)).toEqual(["poisoned"]);
    expect(statusMarks(state, 1_000 + POISON_SHOWN_MS)).toEqual([]);
    session.receive(serverBody("LocaleMsg", { messageId: 47, params: "", fontIndex: 1 }), 2_000);
    session.receive(serverBody("UpdateHP", { minHp: 0, shield: 0 }), 2_100);
    expect(statusMarks(state, 2_200)).toEqual([]);
  });

  test("FYA boosts strength and agility for its seconds; FYA with 0 ends it", () => {
    const { session, state } = mage();
    session.receive(serverBody("FYA", { strength: 25, agility: 22, effectDuration: 60 }), 0);
    expect(statusMarks(state, 30_000)).toEqual([{ kind: "boosted", secondsLeft: 30 }]);
    session.receive(serverBody("FYA", { strength: 18, agility: 18, effectDuration: 0 }), 40_000);
    expect(statusMarks(state, 40_000)).toEqual([]);
  });
});

describe("pets", () => {
  test("a creature the server marks as our pet (CharacterCreate isNpc 2) is a creature of ours", () => {
    const { session, state } = mage();
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: 50, x: START.x, y: START.y + 1, name: "Lobo Invocado", isNpc: CharacterKind.Pet, npcNumber: 4 })), 0);
    const pet = state.chars.get(50)!;
    expect(pet.kind).toBe(CharacterKind.Pet);
    expect(isNpcChar(pet)).toBe(true);
  });
});

describe("spell effects", () => {
  test("CreateFX bursts on the char; fx 0 or an unknown char draws nothing; the burst grows and fades over its life", () => {
    const { session, state } = mage();
    session.receive(serverBody("CreateFX", { charIndex: BOAR, fx: 7, fxLoops: 0, x: 0, y: 0 }), 100);
    session.receive(serverBody("CreateFX", { charIndex: BOAR, fx: 0, fxLoops: 0, x: 0, y: 0 }), 100);
    session.receive(serverBody("CreateFX", { charIndex: 999, fx: 7, fxLoops: 0, x: 0, y: 0 }), 100);
    const [burst] = liveEffects(state, 100);
    expect(liveEffects(state, 100)).toHaveLength(1);
    expect(burst).toMatchObject({ kind: "burst", source: "CreateFX", charIndex: BOAR, x: BOAR_TILE.x, y: BOAR_TILE.y, look: 7, startMs: 100, untilMs: 100 + SPELL_FX_MS });
    expect(effectProgress(burst!, 100 + SPELL_FX_MS / 2)).toBe(0.5);
    expect(burstShape(0).alpha).toBe(1);
    expect(burstShape(1).alpha).toBe(0);
    expect(burstShape(1).radius).toBeGreaterThan(burstShape(0.2).radius);
    expect(liveEffects(state, 100 + SPELL_FX_MS)).toEqual([]);
  });

  test("ParticleFX puffs on the char until it ends or is removed; a puff's particles are the same every frame", () => {
    const { session, state } = mage();
    session.receive(serverBody("ParticleFX", { charIndex: OWN_CHAR, particle: 32, time: 30, remove: false, grh: 0, x: START.x, y: START.y }), 0);
    const [puff] = liveEffects(state, 10);
    expect(puff).toMatchObject({ kind: "particles", charIndex: OWN_CHAR, look: 32 });
    expect(particleOffsets(puff!, 0.5)).toHaveLength(PARTICLES_PER_EFFECT);
    expect(particleOffsets(puff!, 0.5)).toEqual(particleOffsets(puff!, 0.5));
    expect(particleOffsets(puff!, 0).every((p) => p.dx === 0 && p.dy === 0 && p.alpha === 1)).toBe(true);
    session.receive(serverBody("ParticleFX", { charIndex: OWN_CHAR, particle: 32, time: 0, remove: true, grh: 0, x: 0, y: 0 }), 20);
    expect(liveEffects(state, 20)).toEqual([]);
  });

  test("ParticleFXWithDestino flies from the caster to the target, then the final particle bursts there; the XY form aims at a tile", () => {
    const { session, state } = mage();
    session.receive(serverBody("ParticleFXWithDestino", { emitter: OWN_CHAR, receiver: BOAR, travelParticle: 9, finalParticle: 11, time: 0, wave: 0, fx: 1, x: 0, y: 0 }), 0);
    expect(liveEffects(state, 0).map((e) => [e.kind, e.charIndex, e.toCharIndex, e.look])).toEqual([["travel", OWN_CHAR, BOAR, 9]]);
    expect(liveEffects(state, SPELL_TRAVEL_MS).map((e) => [e.kind, e.charIndex, e.look])).toEqual([["burst", BOAR, 11]]);
    expect(travelPoint(START.x, START.y, BOAR_TILE.x, BOAR_TILE.y, 0.5)).toEqual({ x: START.x + 1.5, y: START.y });
    session.receive(serverBody("ParticleFXWithDestinoXY", { emitter: OWN_CHAR, travelParticle: 9, finalParticle: 0, time: 0, wave: 0, fx: 0, x: 60, y: 40 }), 2_000);
    expect(liveEffects(state, 2_000).map((e) => [e.kind, e.toCharIndex, e.toX, e.toY])).toEqual([["travel", 0, 60, 40]]);
    // From a caster out of view, nothing flies.
    session.receive(serverBody("ParticleFXWithDestino", { emitter: 999, receiver: BOAR, travelParticle: 9, finalParticle: 11, time: 0, wave: 0, fx: 1, x: 0, y: 0 }), 4_000);
    expect(liveEffects(state, 4_000)).toEqual([]);
  });

  test("Fxpiso and ParticleFXToFloor show on the tile; a map change forgets every effect; a flood keeps the newest", () => {
    const { session, state } = mage();
    session.receive(serverBody("Fxpiso", { x: 50, y: 50, grhIndex: 3 }), 0);
    session.receive(serverBody("ParticleFXToFloor", { x: 51, y: 50, particle: 4, time: 10 }), 0);
    expect(liveEffects(state, 0).map((e) => [e.kind, e.source, e.charIndex, e.x, e.y])).toEqual([
      ["burst", "Fxpiso", 0, 50, 50],
      ["particles", "ParticleFXToFloor", 0, 51, 50],
    ]);
    for (let i = 0; i < SPELL_EFFECTS_MAX + 10; i++) session.receive(serverBody("CreateFX", { charIndex: BOAR, fx: i + 1, fxLoops: 0, x: 0, y: 0 }), 1);
    expect(state.effects).toHaveLength(SPELL_EFFECTS_MAX);
    expect(state.effects.at(-1)?.look).toBe(SPELL_EFFECTS_MAX + 10);
    session.receive(serverBody("ChangeMap", { map: 2, resourceMap: 2 }), 2);
    expect(state.effects).toEqual([]);
  });

  test("colours and rings are stable: the same number, the same hue; the ring pulses within bounds", () => {
    expect(effectHue(7)).toBe(effectHue(7));
    expect(effectHue(7)).not.toBe(effectHue(8));
    fc.assert(fc.property(fc.integer({ min: -32_768, max: 32_767 }), (n) => effectHue(n) >= 0 && effectHue(n) <= 360));
    for (const t of [0, 100, 1_000, 12_345]) {
      const ring = meditationRing(t);
      expect(ring.alpha).toBeGreaterThan(0);
      expect(ring.alpha).toBeLessThanOrEqual(1);
    }
  });
});

describe("keys", () => {
  test("H (spells) and M (meditate) clash with no other key of the page", () => {
    const taken = [...Object.keys(DIRECTION_KEY_CODES), ...Object.keys(INVENTORY_KEY_CODES), ...Object.keys(SERVICE_KEY_CODES), SKILLS_KEY_CODE, ...ATTACK_KEY_CODES, "Enter", "Escape"];
    expect(SPELLS_KEY_CODE).toBe("KeyH");
    expect(MEDITATE_KEY_CODE).toBe("KeyM");
    expect(taken).not.toContain(SPELLS_KEY_CODE);
    expect(taken).not.toContain(MEDITATE_KEY_CODE);
  });
});
