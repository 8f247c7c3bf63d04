import { describe, expect, test } from "bun:test";
import type { AuditRecord } from "../db/index.ts";
import { auditLine, parseSince } from "./admin-audit.ts";

describe("parseSince", () => {
  test("spans back from the database's clock", () => {
    expect(parseSince("90s")).toEqual({ ok: true, withinMs: 90_000 });
    expect(parseSince("30m")).toEqual({ ok: true, withinMs: 1_800_000 });
    expect(parseSince("2h")).toEqual({ ok: true, withinMs: 7_200_000 });
    expect(parseSince("7d")).toEqual({ ok: true, withinMs: 604_800_000 });
    expect(parseSince("2w")).toEqual({ ok: true, withinMs: 1_209_600_000 });
    expect(parseSince("0h")).toEqual({ ok: true, withinMs: 0 });
  });

  test("ISO 8601 times; without a zone they are UTC", () => {
    expect(parseSince("2025-01-31")).toEqual({ ok: true, since: new Date("2025-01-31T00:00:00Z") });
    expect(parseSince("2025-01-31T18:00:00Z")).toEqual({ ok: true, since: new Date("2025-01-31T18:00:00Z") });
    expect(parseSince("2025-01-31T18:00")).toEqual({ ok: true, since: new Date("2025-01-31T18:00:00Z") });
    expect(parseSince("2025-01-31 18:00:00.250")).toEqual({ ok: true, since: new Date("2025-01-31T18:00:00.250Z") });
    expect(parseSince("2025-01-31T15:00:00-03:00")).toEqual({ ok: true, since: new Date("2025-01-31T18:00:00Z") });
  });

  test("anything else is refused with what is accepted", () => {
    for (const text of ["", "yesterday", "2h30m", "-2h", "2H", "1e3s", "2025-13-40", "2025-01-31T25:00:00Z", "999999999999w", "2025-01-31'; DROP TABLE audit_log; --"]) {
      const parsed = parseSince(text);
      expect(parsed.ok).toBe(false);
    }
  });
});

describe("auditLine", () => {
  const row: AuditRecord = {
    id: 1,
    at: new Date("2025-01-01T12:00:00Z"),
    actor: { kind: "cli", name: "root", accountId: null, characterId: null, rank: null, address: null, node: "cli@host" },
    action: "staff grant",
    target: { kind: "character", id: 12, name: "Haracin" },
    params: { rank: "dios" },
    outcome: "ok",
    detail: null,
  };

  test("one line: time, actor, action, target, outcome, params", () => {
    expect(auditLine(row)).toBe('2025-01-01T12:00:00.000Z  cli:root  staff grant  character Haracin#12  ok  {"rank":"dios"}');
  });

  test("stored text that would draw on the terminal is escaped", () => {
    const line = auditLine({ ...row, actor: { ...row.actor, kind: "character", name: "Evil\u001b[2J", rank: "user" }, detail: "a\nb", params: {} });
    expect(line).toBe('2025-01-01T12:00:00.000Z  "Evil\\u001b[2J" (user)  staff grant  character Haracin#12  ok  "a\\nb"');
    expect(line.includes("\n")).toBe(false);
  });
});
