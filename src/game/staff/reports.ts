/**
 * The staff's report queue as the game plays it (gm-and-moderation §2.1, §3.8): `/GM` help
 * requests (`QuestionGM`), `/DENUNCIAR` reports of another player with its last chat lines
 * (`Denounce`), and the SOS panel's list and removal key. Pure: the map keeps the chat lines of
 * its players (map/kernel/chat-history.ts), the staff service keeps the throttle and writes the
 * `reports` rows (world/services/staff-reports.ts).
 *
 * Decisions on VB6's quirks (§9):
 * - G14: reports are rows of the `reports` table (VB6 kept an in-memory queue a restart emptied);
 *   `/DENUNCIAR` is limited like `/GM`, one accepted report of each kind per account every
 *   {@link REPORT_INTERVAL_MS} (VB6 had no limit on it); `Ø` and NUL in what a player typed are
 *   replaced in the panel's entries, so they cannot break its format; the panel's removal key
 *   is resolved to one report's id (the oldest pending one it names) and that id is closed.
 * - G15: the throttle is per account and refuses only the request (Msg552); VB6 counted attempts
 *   during the cooldown and at 20 closed every connection from the sender's address.
 */
import { SOS_FIELD_SEPARATOR as WIRE_SOS_FIELD_SEPARATOR } from "../../protocol/index.ts";

/** `IntervaloConsultaGM`: one accepted `/GM` per five minutes; here also one `/DENUNCIAR` (G14). */
export const REPORT_INTERVAL_MS = 300_000;
/** VB6 `flags.ChatHistory(1 To 15)`: the lines of a player a denouncement carries. */
export const CHAT_HISTORY_LINES = 15;
/** The longest report text and category the database takes (`reports` checks). */
export const MAX_REPORT_TEXT_CHARS = 2_000;
export const MAX_REPORT_CATEGORY_CHARS = 64;
/** The longest chat line a denouncement keeps (the database's `MAX_CHAT_LINE_LENGTH`). */
export const MAX_EXCERPT_LINE_CHARS = 500;
/** A `/GM` that names no category (the browser's `/GM texto`): the stock form's first choice. */
export const DEFAULT_SOS_CATEGORY = "Consulta regular";
/** The resolution written when a report is closed from the panel, or all at once (`/BORRAR SOS`). */
export const PANEL_RESOLUTION = "Atendido desde el panel de SOS";
export const CLEAN_SOS_RESOLUTION = "/BORRAR SOS";
/** Between the fields of a panel entry: the wire's (protocol), so the browser reads it too. */
export const SOS_FIELD_SEPARATOR = WIRE_SOS_FIELD_SEPARATOR;
/** What replaces a separator or a NUL typed by a player, in the panel's entries only (G14). */
const SEPARATOR_STAND_IN = "O";

export type ReportKind = "sos" | "denounce";

/**
 * One accepted report of each kind per account per interval (G14, G15). A refused attempt does
 * not move the clock; `release` gives the slot back when the report was not queued after all.
 */
export class ReportThrottle {
  private readonly last = new Map<string, number>();

  constructor(private readonly intervalMs: number = REPORT_INTERVAL_MS) {}

  /** True, and the slot taken at `nowMs`, when the account may report this kind now. */
  take(accountId: number, kind: ReportKind, nowMs: number): boolean {
    const key = `${kind}:${accountId}`;
    const previous = this.last.get(key);
    if (previous !== undefined && nowMs - previous < this.intervalMs) return false;
    this.last.set(key, nowMs);
    this.forgetOlderThan(nowMs);
    return true;
  }

  /** The report taken at `nowMs` was not queued (no such target, nothing said): the slot is free again. */
  release(accountId: number, kind: ReportKind, nowMs: number): void {
    const key = `${kind}:${accountId}`;
    if (this.last.get(key) === nowMs) this.last.delete(key);
  }

  /** Entries past the interval limit nothing: dropped so the map never grows with old accounts. */
  private forgetOlderThan(nowMs: number): void {
    if (this.last.size < 1_024) return;
    for (const [key, at] of this.last) if (nowMs - at >= this.intervalMs) this.last.delete(key);
  }
}

/** Cuts at `max` characters (code points), never inside a surrogate pair. */
export function clipChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}

/** A `/GM` as it is queued: the text and the category cut to what the database takes; a blank category is the default. */
export function sosRequest(question: string, category: string): { text: string; category: string } {
  const named = category.trim();
  return { text: clipChars(question, MAX_REPORT_TEXT_CHARS), category: clipChars(named === "" ? DEFAULT_SOS_CATEGORY : named, MAX_REPORT_CATEGORY_CHARS) };
}

/**
 * The name field of `Denounce`: the stock client sends a name; the browser client may add
 * `@motivo` (a name never has `@`). A `+` stands for a space (VB6 `GlobalChecks`).
 */
export function denounceRequest(field: string): { target: string; reason: string } {
  const at = field.indexOf("@");
  const name = at < 0 ? field : field.slice(0, at);
  const reason = at < 0 ? "" : field.slice(at + 1).trim();
  return { target: name.replaceAll("+", " ").trim(), reason };
}

/** A denouncement's text, category and lines (§3.8: "[Últimos mensajes de X]", "Denuncia a X", the last 15 lines). */
export function denouncement(targetName: string, reason: string, lines: readonly string[]): { text: string; category: string; excerpt: string[] } {
  const header = `[Últimos mensajes de ${targetName}]`;
  const text = reason === "" ? header : `${header} Motivo: ${reason}`;
  return {
    text: clipChars(text, MAX_REPORT_TEXT_CHARS),
    category: clipChars(`Denuncia a ${targetName}`, MAX_REPORT_CATEGORY_CHARS),
    excerpt: lines.slice(-CHAT_HISTORY_LINES).map((line) => clipChars(line, MAX_EXCERPT_LINE_CHARS)),
  };
}

/** A pending report as the panel lists it. */
export interface QueuedReport {
  readonly id: number;
  readonly reporterName: string;
  readonly text: string;
  readonly category: string;
  readonly chatExcerpt: readonly string[];
  readonly createdAt: Date;
}

/** A field typed by a player, made safe for the panel's format (G14). */
function panelField(text: string): string {
  return text.replaceAll(SOS_FIELD_SEPARATOR, SEPARATOR_STAND_IN).replaceAll("\u0000", " ");
}

/** The text the panel shows: a denouncement's lines after its header, one per line (VB6 `vbNewLine`). */
function panelText(report: QueuedReport): string {
  return panelField([report.text, ...report.chatExcerpt].join("\r\n"));
}

const pad = (value: number) => String(value).padStart(2, "0");

/** `yyyy-mm-dd hh:mm:ss` (UTC): the stock client turns the fourth field into a `Date`, and reads this form in any locale. */
export function panelDate(at: Date): string {
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}

/** The key the stock panel sends back to remove an entry (`SOSRemove`): `name Ø text Ø category`. */
export function sosKey(report: QueuedReport): string {
  return [panelField(report.reporterName), panelText(report), panelField(report.category)].join(SOS_FIELD_SEPARATOR);
}

/** One entry of `ShowSOSForm` (VB6 `cCola.Push`): the key and the time it was sent. */
export function sosEntry(report: QueuedReport): string {
  return `${sosKey(report)}${SOS_FIELD_SEPARATOR}${panelDate(report.createdAt)}`;
}

/** The browser client and tools may name a report by id: `#<id>`. */
const ID_KEY = /^#(\d{1,9})$/;

/**
 * Which pending report a removal key names: `#id`, or the oldest whose panel key is exactly the
 * key (VB6 `cCola.Quitar` removed the first such entry); null when none.
 */
export function reportNamedBy(key: string, pending: readonly QueuedReport[]): number | null {
  const byId = ID_KEY.exec(key.trim());
  if (byId) {
    const id = Number(byId[1]);
    return pending.some((report) => report.id === id) ? id : null;
  }
  const named = [...pending].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).find((report) => sosKey(report) === key);
  return named?.id ?? null;
}
