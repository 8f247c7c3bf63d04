/**
 * The spell book (§5.2 step 1, `AgregarHechizo`, `DesplazarHechizo`, `WriteChangeSpellSlot`) on
 * inline books; the scroll case on real data is in worked-examples.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { SPELL_SLOT_COUNT } from "../character/index.ts";
import { itemCatalogFromObjects } from "../items/index.ts";
import { firstFreeSpellSlot, learnSpell, learnSpellFromScroll, moveSpell, slotOfSpell, spellBookViews, spellInSlot, spellSlotView, startingSpellBook } from "./index.ts";

describe("spell book", () => {
  test("slots are 1-based; missing entries are empty; out-of-range slots hold nothing", () => {
    const book = [1, 0, 12];
    expect([spellInSlot(book, 1), spellInSlot(book, 2), spellInSlot(book, 3), spellInSlot(book, 4), spellInSlot(book, 0), spellInSlot(book, 41)]).toEqual([1, 0, 12, 0, 0, 0]);
    expect([slotOfSpell(book, 12), slotOfSpell(book, 7), firstFreeSpellSlot(book)]).toEqual([3, 0, 2]);
  });

  test("the 2024 casters' kit spells 1, 11, 12 fill slots 1–3 of a 40-slot book", () => {
    const book = startingSpellBook([1, 11, 12]);
    expect(book).toHaveLength(SPELL_SLOT_COUNT);
    expect(book.slice(0, 4)).toEqual([1, 11, 12, 0]);
  });

  test("learning: the first empty slot; a known spell is refused with 525; a full book with 777; spell 0 does nothing", () => {
    expect(learnSpell([1, 0, 12], 7)).toMatchObject({ ok: true, slot: 2, spellId: 7 });
    const learnt = learnSpell([1, 0, 12], 7);
    if (!learnt.ok) throw new Error("unreachable");
    expect(learnt.book.slice(0, 3)).toEqual([1, 7, 12]);
    expect(learnSpell([1, 0, 12], 12)).toEqual({ ok: false, reason: "already_known", message: 525 });
    const full = Array.from({ length: SPELL_SLOT_COUNT }, (_, index) => index + 100);
    expect(learnSpell(full, 7)).toEqual({ ok: false, reason: "book_full", message: 777 });
    expect(learnSpell([], 0)).toEqual({ ok: false, reason: "no_spell", message: null });
  });

  test("scroll: dead 77, hungry or thirsty 904, not a scroll ignored; the spell of `HechizoIndex` is learnt and one scroll used", () => {
    const catalog = itemCatalogFromObjects([
      { id: 10, name: "Pergamino", objType: 24, spellIndex: 5, forbiddenClasses: [3] },
      { id: 11, name: "Espada", objType: 2 },
    ]);
    const scroll = catalog.get(10)!;
    const reader = { dead: false, classId: 1, race: 1, gender: 1, food: 50, water: 50 };
    expect(learnSpellFromScroll({ ...reader, dead: true }, scroll, [])).toEqual({ ok: false, reason: "dead", message: 77 });
    expect(learnSpellFromScroll({ ...reader, classId: 3 }, scroll, [])).toEqual({ ok: false, reason: "cannot_read", message: 906 });
    expect(learnSpellFromScroll({ ...reader, water: 0 }, scroll, [])).toEqual({ ok: false, reason: "too_hungry", message: 904 });
    expect(learnSpellFromScroll(reader, catalog.get(11)!, [])).toEqual({ ok: false, reason: "not_a_scroll", message: null });
    expect(learnSpellFromScroll(reader, scroll, [5])).toEqual({ ok: false, reason: "already_known", message: 525 });
    expect(learnSpellFromScroll(reader, scroll, [1])).toMatchObject({ ok: true, slot: 2, spellId: 5, consumed: 1 });
  });

  test("moving: up swaps with the slot above, down with the one below; the selected slot follows its spell; the edges answer 670", () => {
    const up = moveSpell([1, 11, 12], 2, true, 2);
    expect(up).toMatchObject({ ok: true, swapped: [2, 1], selectedSlot: 1 });
    if (!up.ok) throw new Error("unreachable");
    expect(up.book.slice(0, 3)).toEqual([11, 1, 12]);
    const down = moveSpell([1, 11, 12], 2, false, 3);
    expect(down).toMatchObject({ ok: true, swapped: [2, 3], selectedSlot: 2 });
    if (!down.ok) throw new Error("unreachable");
    expect(down.book.slice(0, 3)).toEqual([1, 12, 11]);
    expect(moveSpell([1, 11], 1, false, 5)).toMatchObject({ ok: true, selectedSlot: 5 });
    expect(moveSpell([1], 1, true)).toEqual({ ok: false, reason: "edge", message: 670 });
    expect(moveSpell([1], SPELL_SLOT_COUNT, false)).toEqual({ ok: false, reason: "edge", message: 670 });
    expect(moveSpell([1], 0, true)).toEqual({ ok: false, reason: "bad_slot", message: null });
  });

  test("ChangeSpellSlot: the spell twice, or 0 and −1 for an empty slot; login sends all 40", () => {
    expect(spellSlotView([1, 0], 1)).toEqual({ slot: 1, spellId: 1, spellIdOrEmpty: 1, bindable: false });
    expect(spellSlotView([1, 0], 2)).toEqual({ slot: 2, spellId: 0, spellIdOrEmpty: -1, bindable: false });
    const views = spellBookViews([1]);
    expect(views).toHaveLength(SPELL_SLOT_COUNT);
    expect(views[39]).toEqual({ slot: 40, spellId: 0, spellIdOrEmpty: -1, bindable: false });
  });
});
