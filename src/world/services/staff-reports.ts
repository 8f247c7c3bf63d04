/**
 * The report queue, run by the staff service (gm-and-moderation §2.1, §3.8; rules in
 * game/staff/reports.ts): `/GM` and `/DENUNCIAR` become rows of the `reports` table, so the queue
 * survives a restart (G14); the SOS panel lists the pending ones, closes one (by the id its key
 * names, with who handled it and how) or all of them.
 *
 * - **Throttle** (G14, G15): one accepted report of each kind per account per
 *   `REPORT_INTERVAL_MS`, on the service's clock; a refusal is Msg552 and nothing else (VB6
 *   disconnected everyone on the sender's address after 20 attempts).
 * - **A denouncement** needs its target's last lines, which live on the target's map
 *   (map/kernel/chat-history.ts): the service asks that map (`chat_excerpt_wanted`) and goes on
 *   when it answers (`chat_excerpt`); an answer that never comes (the target left) is forgotten
 *   after {@link EXCERPT_WAIT_MS}.
 * - **Audit**: what staff do here is audited once; closing is audited by the database in the
 *   statement that closes. A player's own report is no staff action and is not audited.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import {
  CLEAN_SOS_RESOLUTION,
  denouncement,
  PANEL_RESOLUTION,
  reportNamedBy,
  sosEntry,
  sosRequest,
  type QueuedReport,
  type ReportKind,
  type ReportThrottle,
} from "../../game/staff/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import { findTarget, type BanContext, type StaffAct } from "./staff-bans.ts";
import type { StaffCommandRun } from "./staff.ts";

/** How long a denouncement waits for its target's map to send the lines before it is dropped. */
export const EXCERPT_WAIT_MS = 30_000;

/** What the queue needs of the database (the moderation repository, adapted in the composition). */
export interface StaffReportStore {
  /** A player's report (not audited); `invalid`: an input the database refuses. */
  add(input: { kind: ReportKind; reporterCharacterId: number; targetCharacterId: number | null; category: string; text: string; chatExcerpt: readonly string[] }): Promise<"ok" | "no_such_character" | "invalid">;
  /** Open and taken reports, oldest first. */
  pending(): Promise<QueuedReport[]>;
  /** Closes one report; audited in the same statement. */
  close(input: { reportId: number; resolution: string; act: StaffAct }): Promise<"ok" | "not_found" | "already_closed" | "invalid">;
  /** Closes every pending report; one audit row in the same statement. How many closed. */
  closeAll(input: { resolution: string; act: StaffAct }): Promise<number | "invalid">;
}

/** A denouncement waiting for its target's lines. */
interface PendingDenouncement {
  readonly run: StaffCommandRun;
  readonly targetSession: number;
  readonly target: { readonly name: string; readonly characterId: number };
  readonly reason: string;
  readonly account: number;
  readonly takenAt: number;
}

export interface ReportsContext extends BanContext {
  reports: StaffReportStore;
  throttle: ReportThrottle;
  now: () => number;
  /** Denouncements waiting for their target's map, by token. */
  waiting: Map<number, PendingDenouncement>;
  /** The next token to hand out. */
  nextToken: { value: number };
}

type ReportCommand = Extract<StaffServiceCommand, { kind: "question_gm" | "denounce" | "sos_list" | "sos_remove" | "sos_clean" }>;

/** Runs one report command; a database that fails is said to the asker (and audited when staff asked). */
export async function runReportCommand(context: ReportsContext, run: StaffCommandRun, command: ReportCommand): Promise<void> {
  try {
    switch (command.kind) {
      case "question_gm":
        return await questionGm(context, run, command);
      case "denounce":
        return await denounce(context, run, command);
      case "sos_list":
        return await listPending(context, run);
      case "sos_remove":
        return await removeOne(context, run, command.key);
      case "sos_clean":
        return await cleanAll(context, run);
    }
  } catch (error) {
    context.logger.error({ err: error, action: run.action }, "report command failed");
    run.tell(MESSAGES.staffCommandFailed());
    auditIfStaff(run, "error", undefined, "database");
  }
}

/** A player reporting is no staff action; a staff member doing it is audited like any command. */
function auditIfStaff(run: StaffCommandRun, ...args: Parameters<StaffCommandRun["audit"]>): void {
  if (run.standing.rank !== null) run.audit(...args);
}

/** Whose throttle a report counts on: the account (a session always has one; the character id stands in otherwise). */
function accountOf(run: StaffCommandRun): number {
  return run.actor.accountId ?? -(run.actor.characterId ?? 0);
}

function actOf(run: StaffCommandRun): StaffAct {
  return { by: run.actor, action: run.action, params: { ...run.params } };
}

async function questionGm(context: ReportsContext, run: StaffCommandRun, command: Extract<ReportCommand, { kind: "question_gm" }>): Promise<void> {
  const account = accountOf(run);
  const now = context.now();
  if (!context.throttle.take(account, "sos", now)) {
    run.tell(MESSAGES.reportTooSoon());
    auditIfStaff(run, "refused_rule", undefined, "too_soon");
    return;
  }
  const reporter = run.actor.characterId;
  const request = sosRequest(command.text, command.category);
  const outcome = reporter === null ? "no_such_character" : await context.reports.add({ kind: "sos", reporterCharacterId: reporter, targetCharacterId: null, category: request.category, text: request.text, chatExcerpt: [] });
  if (outcome !== "ok") {
    context.throttle.release(account, "sos", now);
    run.tell(MESSAGES.staffCommandFailed());
    auditIfStaff(run, "error", undefined, outcome);
    return;
  }
  run.notifyStaff(MESSAGES.staffNewSupportMessage(run.actor.name));
  run.tell(MESSAGES.supportMessageReceived());
  auditIfStaff(run, "ok");
}

async function denounce(context: ReportsContext, run: StaffCommandRun, command: Extract<ReportCommand, { kind: "denounce" }>): Promise<void> {
  const account = accountOf(run);
  const now = context.now();
  forgetStale(context, now);
  if (!context.throttle.take(account, "denounce", now)) {
    run.tell(MESSAGES.reportTooSoon());
    auditIfStaff(run, "refused_rule", { name: command.target }, "too_soon");
    return;
  }
  const target = await findTarget(context, command.target);
  // VB6 checks the GM list first, online or not (Msg531).
  if (target !== null && target.standing.rank !== null) {
    context.throttle.release(account, "denounce", now);
    run.tell(MESSAGES.cannotDenounceStaff());
    auditIfStaff(run, "refused_rule", { name: target.name, characterId: target.characterId }, "staff_target");
    return;
  }
  // Offline or nobody: "received", so the command does not tell who is online; nothing is queued.
  if (target === null || target.session === undefined) {
    context.throttle.release(account, "denounce", now);
    run.tell(MESSAGES.denounceReceivedOffline());
    auditIfStaff(run, "refused_rule", { name: command.target }, "not_online");
    return;
  }
  const token = context.nextToken.value++;
  context.waiting.set(token, { run, targetSession: target.session, target: { name: target.name, characterId: target.characterId }, reason: command.reason, account, takenAt: now });
  context.world.tell(target.session, "staff", { kind: "chat_excerpt_wanted", token });
}

/** Denouncements whose target's map never answered: dropped, their throttle slot given back. */
function forgetStale(context: ReportsContext, now: number): void {
  for (const [token, waiting] of context.waiting) {
    if (now - waiting.takenAt < EXCERPT_WAIT_MS) continue;
    context.waiting.delete(token);
    context.throttle.release(waiting.account, "denounce", waiting.takenAt);
  }
}

/**
 * The target's map sent its lines for denouncement `token`. Only the map of the session that was
 * asked is heard; anything else (a stale or forged token) is ignored.
 */
export async function chatExcerptArrived(context: ReportsContext, session: number, token: number, lines: readonly string[]): Promise<void> {
  const waiting = context.waiting.get(token);
  if (waiting === undefined || waiting.targetSession !== session) return;
  context.waiting.delete(token);
  const { run, target } = waiting;
  const said = lines.filter((line) => typeof line === "string" && line.trim() !== "");
  try {
    if (said.length === 0) {
      context.throttle.release(waiting.account, "denounce", waiting.takenAt);
      run.tell(MESSAGES.denounceNothingSaid());
      auditIfStaff(run, "refused_rule", target, "nothing_said");
      return;
    }
    const report = denouncement(target.name, waiting.reason, said);
    const reporter = run.actor.characterId;
    const outcome =
      reporter === null
        ? "no_such_character"
        : await context.reports.add({ kind: "denounce", reporterCharacterId: reporter, targetCharacterId: target.characterId, category: report.category, text: report.text, chatExcerpt: report.excerpt });
    if (outcome !== "ok") {
      context.throttle.release(waiting.account, "denounce", waiting.takenAt);
      run.tell(MESSAGES.staffCommandFailed());
      auditIfStaff(run, "error", target, outcome);
      return;
    }
    run.notifyStaff(MESSAGES.staffNewDenouncement(run.actor.name));
    run.tell(MESSAGES.denounceReceived());
    auditIfStaff(run, "ok", target);
  } catch (error) {
    context.logger.error({ err: error, action: run.action }, "report not written");
    context.throttle.release(waiting.account, "denounce", waiting.takenAt);
    run.tell(MESSAGES.staffCommandFailed());
    auditIfStaff(run, "error", target, "database");
  }
}

async function listPending(context: ReportsContext, run: StaffCommandRun): Promise<void> {
  const pending = await context.reports.pending();
  context.world.tell(run.session, "staff", { kind: "sos_list", entries: pending.map(sosEntry) });
  run.audit("ok", undefined, `${pending.length} pending`);
}

async function removeOne(context: ReportsContext, run: StaffCommandRun, key: string): Promise<void> {
  const reportId = reportNamedBy(key, await context.reports.pending());
  // VB6 says nothing when the key names no entry.
  if (reportId === null) {
    run.audit("refused_rule", undefined, "no_such_report");
    return;
  }
  const outcome = await context.reports.close({ reportId, resolution: PANEL_RESOLUTION, act: actOf(run) });
  if (outcome === "invalid") run.tell(MESSAGES.staffCommandFailed());
}

async function cleanAll(context: ReportsContext, run: StaffCommandRun): Promise<void> {
  const closed = await context.reports.closeAll({ resolution: CLEAN_SOS_RESOLUTION, act: actOf(run) });
  if (closed === "invalid") run.tell(MESSAGES.staffCommandFailed());
}

/** A context's parts the service keeps across commands. */
export function reportsState(): Pick<ReportsContext, "waiting" | "nextToken"> {
  return { waiting: new Map(), nextToken: { value: 1 } };
}
