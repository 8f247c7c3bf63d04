/**
 * The report queue's rules (gm-and-moderation §3.8, G14, G15): the per-account throttle on a
 * manual clock, the denouncement's wording and its 15 lines, and the SOS panel's entries and key.
 */
import { describe, expect, test } from "bun:test";
import {
  CHAT_HISTORY_LINES,
  DEFAULT_SOS_CATEGORY,
  denouncement,
  denounceRequest,
  MAX_REPORT_CATEGORY_CHARS,
  MAX_REPORT_TEXT_CHARS,
  REPORT_INTERVAL_MS,
  ReportThrottle,
  reportNamedBy,
  sosEntry,
  sosKey,
  sosRequest,
  type QueuedReport,
} from "./index.ts";

const report = (id: number, reporterName: string, text: string, category: string, minute: number, chatExcerpt: string[] = []): QueuedReport => ({
  id,
  reporterName,
  text,
  category,
  chatExcerpt,
  createdAt: new Date(Date.UTC(2026, 11, 2, 18, minute, 5)),
});

describe("the report throttle (G14, G15)", () => {
  test("one /GM and one /DENUNCIAR per account every five minutes; the kinds and the accounts apart; a refusal does not move the clock", () => {
    const throttle = new ReportThrottle();
    expect(REPORT_INTERVAL_MS).toBe(300_000);
    expect(throttle.take(1, "sos", 1_000)).toBe(true);
    expect(throttle.take(1, "sos", 1_000 + REPORT_INTERVAL_MS - 1)).toBe(false);
    expect(throttle.take(1, "denounce", 2_000)).toBe(true);
    expect(throttle.take(2, "sos", 2_000)).toBe(true);
    // G15: attempts during the cooldown are only refused; the first accepted one still counts from 1 000.
    for (let attempt = 0; attempt < 25; attempt++) expect(throttle.take(1, "sos", 5_000 + attempt)).toBe(false);
    expect(throttle.take(1, "sos", 1_000 + REPORT_INTERVAL_MS)).toBe(true);
  });

  test("a report that was not queued gives its slot back; a later one's slot is not touched", () => {
    const throttle = new ReportThrottle();
    expect(throttle.take(7, "denounce", 10)).toBe(true);
    throttle.release(7, "denounce", 10);
    expect(throttle.take(7, "denounce", 20)).toBe(true);
    throttle.release(7, "denounce", 10);
    expect(throttle.take(7, "denounce", 30)).toBe(false);
  });
});

describe("what is queued", () => {
  test("a /GM's text and category are cut to what the database takes; a blank category is the form's first", () => {
    expect(sosRequest("ayuda", "  ")).toEqual({ text: "ayuda", category: DEFAULT_SOS_CATEGORY });
    const long = sosRequest("x".repeat(3_000), "c".repeat(100));
    expect([long.text.length, long.category.length]).toEqual([MAX_REPORT_TEXT_CHARS, MAX_REPORT_CATEGORY_CHARS]);
  });

  test("the Denounce field: a name ('+' a space), and an optional '@motivo' of the browser client", () => {
    expect(denounceRequest("Juan+Perez")).toEqual({ target: "Juan Perez", reason: "" });
    expect(denounceRequest(" Pepe @ me insulta ")).toEqual({ target: "Pepe", reason: "me insulta" });
    expect(denounceRequest("@x")).toEqual({ target: "", reason: "x" });
  });

  test("a denouncement: VB6's header and category, the last 15 lines", () => {
    const said = Array.from({ length: 20 }, (_, i) => `línea ${i + 1}`);
    const made = denouncement("Pepe", "", said);
    expect(made.text).toBe("[Últimos mensajes de Pepe]");
    expect(made.category).toBe("Denuncia a Pepe");
    expect(made.excerpt).toHaveLength(CHAT_HISTORY_LINES);
    expect(made.excerpt[0]).toBe("línea 6");
    expect(denouncement("Pepe", "insultos", ["hola"]).text).toBe("[Últimos mensajes de Pepe] Motivo: insultos");
  });
});

describe("the SOS panel", () => {
  test("an entry is name Ø text Ø category Ø time (VB6 cCola.Push); a denouncement's lines follow its header; Ø and NUL typed by a player are replaced (G14)", () => {
    expect(sosEntry(report(1, "Pepe", "me trabé", "Consulta regular", 3))).toBe("PepeØme trabéØConsulta regularØ2026-12-02 18:03:05");
    expect(sosEntry(report(2, "Ana", "[Últimos mensajes de Pepe]", "Denuncia a Pepe", 4, ["hola", "tonto"]))).toBe("AnaØ[Últimos mensajes de Pepe]\r\nhola\r\ntontoØDenuncia a PepeØ2026-12-02 18:04:05");
    expect(sosKey(report(3, "Ana", "aØb\u0000c", "Otro", 5))).toBe("AnaØaOb cØOtro");
  });

  test("the removal key names the oldest pending report with exactly that key, or '#id'; anything else nothing", () => {
    const pending = [report(9, "Pepe", "hola", "Otro", 8), report(4, "Pepe", "hola", "Otro", 2), report(5, "Ana", "hola", "Otro", 1)];
    expect(reportNamedBy("PepeØholaØOtro", pending)).toBe(4);
    expect(reportNamedBy("#9", pending)).toBe(9);
    expect(reportNamedBy("#10", pending)).toBeNull();
    expect(reportNamedBy("PepeØholaØotro", pending)).toBeNull();
    expect(reportNamedBy("", pending)).toBeNull();
    expect(reportNamedBy(sosKey(report(1, "X", "aØb", "Otro", 0)), [report(1, "X", "aØb", "Otro", 0)])).toBe(1);
  });
});
