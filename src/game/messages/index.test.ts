import { describe, expect, test } from "bun:test";
import { FontIndex } from "../../protocol/index.ts";
import { FACTION_REFUSAL } from "../faction/index.ts";
import { ITEM_LOCALE_IDS } from "../items/index.ts";
import { SPELL_MESSAGE } from "../spells/index.ts";
import { FONT_DARK_YELLOW, FONT_GOD, LOCALE_WORDING, LocaleId, MESSAGES, TRADE_TEXT, uptimeText, wordLocaleMessage } from "./index.ts";

describe("the message catalogue", () => {
  test("every locale line a map sends has our wording for the browser client", () => {
    for (const id of Object.values(LocaleId)) expect(LOCALE_WORDING[id]).toBeString();
    const sent = [MESSAGES.commandDisabledForRank(), MESSAGES.globalChatTooFast(), MESSAGES.globalChatDisabled(), MESSAGES.uptime(5)];
    for (const message of sent) {
      expect(message.kind).toBe("locale");
      if (message.kind === "locale") expect(wordLocaleMessage(message.id, message.params)).toBeString();
    }
  });

  test("holes are filled from the params; an unknown id has no wording", () => {
    const uptime = MESSAGES.uptime(90061);
    expect(uptime).toEqual({ kind: "locale", id: 1470, params: "1 día, 1 horas, 1 minutos, 1 segundos.", font: 3 });
    if (uptime.kind === "locale") expect(wordLocaleMessage(uptime.id, uptime.params)).toBe("Servidor en línea: 1 día, 1 horas, 1 minutos, 1 segundos.");
    expect(wordLocaleMessage(9999, "x")).toBeUndefined();
    const missed = MESSAGES.missedByUser("Ana");
    expect(missed.kind).toBe("locale");
    if (missed.kind === "locale") expect(wordLocaleMessage(missed.id, missed.params)).toBe("¡Ana te atacó y falló!");
  });

  test("uptime is composed as the VB6 /UPTIME does: days (singular for one), hours, minutes, seconds", () => {
    expect(uptimeText(0)).toBe("0 días, 0 horas, 0 minutos, 0 segundos.");
    expect(uptimeText(2 * 86400 + 3 * 3600 + 4 * 60 + 5.9)).toBe("2 días, 3 horas, 4 minutos, 5 segundos.");
    expect(uptimeText(-5)).toBe("0 días, 0 horas, 0 minutos, 0 segundos.");
  });

  test("countdown lines say segundo/segundos right", () => {
    expect(MESSAGES.quitCountdown(1)).toEqual({ kind: "console", text: "Cerrando en 1 segundo...", font: 3 });
    expect(MESSAGES.quitCountdown(10)).toEqual({ kind: "console", text: "Cerrando en 10 segundos...", font: 3 });
  });

  test("an id the rules also name is the same number here (one line, one id)", () => {
    expect(LocaleId.CurseEnded).toBe(SPELL_MESSAGE.curseEnded);
    expect(LocaleId.NoEnergyOverHead).toBe(SPELL_MESSAGE.noEnergyOverHead);
    expect(LocaleId.TooFar).toBe(SPELL_MESSAGE.tooFar);
    expect(ITEM_LOCALE_IDS.dead).toBe(SPELL_MESSAGE.dead);
  });

  test("a rule's line keeps the id, the font and the holes the map gives it", () => {
    expect(MESSAGES.ruleLine(47, FontIndex.Poison)).toEqual({ kind: "locale", id: 47, params: "", font: FontIndex.Poison });
    expect(MESSAGES.ruleLine(390, FontIndex.Fight, "1.234")).toEqual({ kind: "locale", id: 390, params: "1.234", font: FontIndex.Fight });
    expect(MESSAGES.ruleLine(1321, FontIndex.Info, 5)).toEqual({ kind: "locale", id: 1321, params: "5", font: FontIndex.Info });
  });

  test("the lines that pick their font by id do so as VB6: PuedeAtacar's refusals, the end of a curse", () => {
    expect(MESSAGES.attackRefused(LocaleId.AttackVictimDead).font).toBe(FontIndex.Info);
    for (const id of [LocaleId.AttackSafeMap, LocaleId.AttackSafeZone, ...Object.values(FACTION_REFUSAL)]) {
      expect(MESSAGES.attackRefused(id)).toEqual({ kind: "locale", id, params: "", font: FontIndex.Warning });
    }
    expect(MESSAGES.statusNotice(LocaleId.CurseEnded).font).toBe(FONT_DARK_YELLOW);
    expect(MESSAGES.statusNotice(307)).toEqual({ kind: "locale", id: 307, params: "", font: FontIndex.Info });
    expect(MESSAGES.killedCreature().font).toBe(FONT_GOD);
  });

  test("damage lines group thousands where VB6 does, and the area lines carry the bare number", () => {
    expect(MESSAGES.damageToCreature(12345)).toEqual({ kind: "locale", id: LocaleId.DamageToCreature, params: "12.345", font: FontIndex.Fight });
    expect(MESSAGES.spellDamageToUser("Ana", 1500)).toMatchObject({ id: LocaleId.SpellDamageToUser, params: "Ana¬1.500" });
    expect(MESSAGES.spellDamageFromUser("Bruno", 1500)).toMatchObject({ id: LocaleId.SpellDamageFromUser, params: "Bruno¬1.500" });
    expect(MESSAGES.areaDamageToCreature(1500, "Lobo")).toMatchObject({ id: LocaleId.AreaDamageToCreature, params: "1500¬Lobo" });
    expect(MESSAGES.areaHealedOther(1500, "Ana")).toMatchObject({ params: "1500¬Ana" });
    expect(MESSAGES.areaHealedBy("Ana", 1500)).toMatchObject({ params: "Ana¬1500" });
  });

  test("trade lines are our words, in the informative font", () => {
    expect(MESSAGES.tradeDone()).toEqual({ kind: "console", text: TRADE_TEXT.done, font: FontIndex.Info });
    expect(MESSAGES.tradeWanted("Ana")).toEqual({ kind: "console", text: TRADE_TEXT.wantsToTrade("Ana"), font: FontIndex.Info });
    expect(MESSAGES.spellMacro("HecMSGU*12*Ana")).toEqual({ kind: "console", text: "HecMSGU*12*Ana", font: FontIndex.Fight });
  });
});
