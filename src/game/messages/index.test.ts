import { describe, expect, test } from "bun:test";
import { LOCALE_WORDING, LocaleId, MESSAGES, uptimeText, wordLocaleMessage } from "./index.ts";

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
});
