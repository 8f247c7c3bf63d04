/**
 * The hotkey bar on a map (systems/hotkeys.ts), driven with real packet bodies on the default
 * world's tables, with its Chispa (1) and Alivio (2) `IsBindable` and its Atadura (3) not, here
 * (the default world binds all three, the 2024 data none): the login's toggle and bindable flags, `SetHotkeySlot` kept for the
 * session and across a map change, `UseHKeySlot` casting through `CastSpell`'s path, and what does
 * nothing (an item, a slot out of range, a spell not bindable, a body cut short).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { GameTablesSchema, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import type { CharacterRecord } from "../../game/character/index.ts";
import { HotkeyType } from "../../game/hotkeys/index.ts";
import { world, type Received } from "../map-harness.test-support.ts";

const SPARK = 1;
const SOOTHE = 2;
/** Atadura: not bindable in these tables. */
const STILL_UNBOUND = 3;
let tables: GameTables;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  const base = loaded.pack.tables!;
  tables = GameTablesSchema.parse({
    ...base,
    spells: {
      ...base.spells!,
      spells: base.spells!.spells.map((spell) => ({ ...spell, bindable: spell.id === SPARK || spell.id === SOOTHE })),
    },
  });
});

const VITALS = { hp: 300, maxHp: 400, mana: 100, maxMana: 100, stamina: 100, maxStamina: 100, food: 100, water: 100 };
const SKILLS = Object.assign(new Array<number>(24).fill(0), { 0: 5 });
const CASTER: Partial<CharacterRecord> = { class: 1, spells: [SPARK, SOOTHE, STILL_UNBOUND], vitals: VITALS, skills: SKILLS };

const arena = () => world({ tables });
const of = (packets: Received[], session: number) => packets.filter((p) => p.session === session);

/** `SetHotkeySlot` as the stock client writes it: i16 300, u8 slot, i16 index, i16 last slot, u8 type. */
function setHotkeyBody(slot: number, index: number, lastKnownSlot: number, type: number): Uint8Array {
  const body = new Uint8Array(8);
  const view = new DataView(body.buffer);
  view.setInt16(0, 300, true);
  view.setUint8(2, slot);
  view.setInt16(3, index, true);
  view.setInt16(5, lastKnownSlot, true);
  view.setUint8(7, type);
  return body;
}
/** `UseHKeySlot`: i16 301, u8 slot. */
const useHotkeyBody = (slot: number) => Uint8Array.of(0x2d, 0x01, slot);

describe("the login burst", () => {
  test("announces hotokey-enabled and each spell's IsBindable in its ChangeSpellSlot", () => {
    const w = arena();
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    const out = of(w.drain(), 1);
    expect(out.find((p) => p.name === "SendClientToggles")!.fields.toggles).toEqual(["hotokey-enabled"]);
    const slots = out.filter((p) => p.name === "ChangeSpellSlot").slice(0, 4).map((p) => [p.fields.spellId, p.fields.bindable]);
    expect(slots).toEqual([[SPARK, true], [SOOTHE, true], [STILL_UNBOUND, false], [0, false]]);
  });
});

describe("SetHotkeySlot and UseHKeySlot", () => {
  test("a bound spell that needs a target asks for it, as CastSpell does; its click casts it", () => {
    const w = arena();
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    w.drain();
    expect(w.server.instance.handle(1, setHotkeyBody(0, SOOTHE, 2, HotkeyType.Spell))).toBe("handled");
    expect(w.drain()).toEqual([]);
    w.server.instance.handle(1, useHotkeyBody(0));
    expect(of(w.drain(), 1).map((p) => [p.name, p.fields.skill])).toEqual([["WorkRequestTarget", 1]]);
    w.server.act(1, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 1 });
    expect(of(w.drain(), 1).filter((p) => p.name === "UpdateMana").map((p) => p.fields.minMana)).toEqual([92]);
  });

  test("a spell moved in the book is found where it is now (the remembered slot no longer holds it)", () => {
    const w = arena();
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    w.drain();
    // Alivio was on slot 1 when the client bound it; it is on slot 2 now.
    w.server.instance.handle(1, setHotkeyBody(9, SOOTHE, 1, HotkeyType.Spell));
    w.server.instance.handle(1, useHotkeyBody(9));
    expect(of(w.drain(), 1).map((p) => p.name)).toEqual(["WorkRequestTarget"]);
    // The spell book's slot 2 is the chosen one: the click on oneself casts Alivio (its words, PMAG*2).
    w.server.act(1, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter: 1 });
    expect(of(w.drain(), 1).find((p) => p.name === "ChatOverHead")?.fields.text).toBe("PMAG*2");
  });

  test("nothing: an unbound spell, an item (HOTKEY-ITEM), an empty slot, slot 11 and beyond, bodies cut short", () => {
    const w = arena();
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    w.drain();
    w.server.instance.handle(1, setHotkeyBody(1, STILL_UNBOUND, 3, HotkeyType.Spell));
    w.server.instance.handle(1, setHotkeyBody(2, 38, 1, HotkeyType.Item));
    w.server.instance.handle(1, setHotkeyBody(11, SPARK, 1, HotkeyType.Spell));
    w.server.instance.handle(1, setHotkeyBody(255, SPARK, 1, HotkeyType.Spell));
    for (const slot of [1, 2, 3, 11, 255]) w.server.instance.handle(1, useHotkeyBody(slot));
    w.server.instance.handle(1, setHotkeyBody(4, SPARK, 1, HotkeyType.Spell).subarray(0, 5));
    w.server.instance.handle(1, Uint8Array.of(0x2d, 0x01));
    w.server.instance.handle(1, useHotkeyBody(4));
    expect(w.drain()).toEqual([]);
  });

  test("HOTKEY-SLOTS: slot 10, the eleventh, works like the others", () => {
    const w = arena();
    w.enter(1, "Maga", 20, 20, { with: CASTER });
    w.drain();
    w.server.instance.handle(1, setHotkeyBody(10, SPARK, 1, HotkeyType.Spell));
    w.server.instance.handle(1, useHotkeyBody(10));
    expect(of(w.drain(), 1).map((p) => p.name)).toEqual(["WorkRequestTarget"]);
  });

  test("a ghost's key: 77, as CastSpell tells it", () => {
    const w = arena();
    w.enter(1, "Maga", 20, 20, { with: { ...CASTER, vitals: { ...VITALS, hp: 0 } } });
    w.drain();
    w.server.instance.handle(1, setHotkeyBody(0, SPARK, 1, HotkeyType.Spell));
    w.server.instance.handle(1, useHotkeyBody(0));
    expect(of(w.drain(), 1).filter((p) => p.name === "LocaleMsg").map((p) => p.fields.messageId)).toEqual([77]);
  });
});

describe("the session's bar", () => {
  test("follows the player to the next map; a new login starts empty (never saved, as in VB6)", () => {
    const from = world({ tables, exits: [{ x: 21, y: 20, destMap: 2, destX: 10, destY: 10 }] });
    from.enter(1, "Maga", 20, 20, { with: CASTER });
    from.server.instance.handle(1, setHotkeyBody(3, SPARK, 1, HotkeyType.Spell));
    from.server.walk(1, 2);
    const transfer = from.events.find((event) => event.t === "transfer");
    if (transfer?.t !== "transfer") throw new Error("no transfer");
    expect(transfer.handOver.hotkeys).toEqual({ 3: { type: HotkeyType.Spell, index: SPARK, lastKnownSlot: 1 } });
    expect(transfer.state).not.toHaveProperty("hotkeys");

    const to = world({ tables });
    to.server.enter({ session: 1, record: transfer.state, kind: "transfer", userSlot: 1, cameFrom: transfer.cameFrom, handOver: structuredClone(transfer.handOver) });
    to.drain();
    to.server.instance.handle(1, useHotkeyBody(3));
    expect(of(to.drain(), 1).map((p) => p.name)).toEqual(["WorkRequestTarget"]);

    const again = arena();
    again.enter(1, "Maga", 20, 20, { with: transfer.state });
    again.drain();
    again.server.instance.handle(1, useHotkeyBody(3));
    expect(again.drain()).toEqual([]);
  });
});
