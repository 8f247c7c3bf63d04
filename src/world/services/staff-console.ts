/**
 * Staff commands from the operator console (issue 25, server/admin-console), run by the staff
 * service through the same code as the in-game packets (staff.ts, staff-bans.ts,
 * staff-moderation.ts), so the rank rules, the database statements and the audit rows are theirs.
 *
 * What differs is who asks: the console is no character and has no session or map. Its audit
 * actor is `console` (its operator's label, the caller's address, this node); its standing is an
 * Admin's (decision: the console acts as the highest rank, so it may act on anyone below Admin
 * and on no Admin: an Admin is removed with `argentum admin staff revoke` first, as G11's
 * "strictly higher" rule asks). What a GM would read in its console comes back as text lines,
 * and the staff notices go to the staff online through the caller's `staffLine`.
 */
import { MESSAGES, wordLocaleMessage, type PlayerMessage } from "../../game/messages/index.ts";
import type { StaffStanding } from "../../game/staff/index.ts";
import type { AuditedAction, AuditOutcome, BusMessage, StaffServiceCommand } from "../../map/index.ts";
import type { AuditActor } from "./audit-log.ts";
import { runBanCommand, type BanContext, type StaffModeration } from "./staff-bans.ts";
import { runModerationCommand, type ModerationContext, type StaffSanctions } from "./staff-moderation.ts";
import type { StaffCommandRun } from "./staff.ts";

/** The standing the console acts with (see the header). */
export const CONSOLE_STANDING: StaffStanding = { rank: "admin", roleMaster: false };
/** No session is the console's: no player's session id is negative, so "oneself" never matches. */
export const CONSOLE_SESSION = -1;

/**
 * The commands the console may give: the service's own, and `broadcast` (what `/RMSG` does on a
 * map: Msg1660 with the text to everyone online, over the bus).
 */
export type ConsoleCommand = Extract<StaffServiceCommand, { kind: "kick" | "ban" | "unban" | "mute" | "jail" | "warn" }> | { kind: "broadcast"; text: string };

/** One command from the console. */
export interface ConsoleOrder {
  /** The operator's label in the audit row (`console:<operator>` in the `*_by` columns). */
  readonly operator: string;
  /** The HTTP peer's address, for the audit row. */
  readonly address: string | null;
  /** The audit row's action (`console kick`, …). */
  readonly action: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly command: ConsoleCommand;
  /** Puts a message on the world's cross-map bus (staff notices, the broadcast); false when this process cannot (a cluster gateway). */
  publish(message: BusMessage): boolean;
}

/**
 * How it ended: the audit outcome (`ok` also when the database wrote the row with the change),
 * the reason of a refusal (`not_online`, `no_such_character`, `already_banned`, …), and the
 * lines the staff member would have read.
 */
export interface ConsoleCommandResult {
  readonly outcome: AuditOutcome;
  readonly detail: string | null;
  readonly lines: readonly string[];
}

/** What the console needs of the staff service's insides. */
export interface ConsoleRunner {
  readonly node: string;
  readonly moderation: StaffModeration & StaffSanctions;
  /** Queues the command's audit row (one the service decides; the database writes the others). */
  audit(actor: AuditActor, record: AuditedAction): void;
  kick(run: StaffCommandRun, name: string): void;
  /** The service's context for bans and sanctions, over `moderation`. */
  contextWith(moderation: StaffModeration & StaffSanctions): ModerationContext & BanContext;
}

/** The text of a line as the stock client would word it (a locale line we do not word keeps its id). */
export function lineText(message: PlayerMessage): string {
  if (message.kind === "console") return message.text;
  return wordLocaleMessage(message.id, message.params) ?? `Msg${message.id}${message.params ? ` ${message.params.split("¬").join(", ")}` : ""}`;
}

/**
 * The outcome of a database call the service made, as the console reports it (the statement
 * audited it). `not_muted` is said as done, as the game says it.
 */
function databaseOutcome(outcome: string): { outcome: AuditOutcome; detail: string | null } {
  switch (outcome) {
    case "ok":
    case "not_muted":
      return { outcome: "ok", detail: null };
    default:
      return { outcome: "refused_rule", detail: outcome };
  }
}

/** Wraps `moderation` so the string outcome of each call it answers is noted in `seen`. */
function noting(moderation: StaffModeration & StaffSanctions, seen: string[]): StaffModeration & StaffSanctions {
  return new Proxy(moderation, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (typeof result === "string") seen.push(result);
        return result;
      };
    },
  });
}

/** Runs one console order to its end and says how it ended. */
export async function runConsoleOrder(runner: ConsoleRunner, order: ConsoleOrder): Promise<ConsoleCommandResult> {
  const lines: string[] = [];
  const seen: string[] = [];
  let decided: { outcome: AuditOutcome; detail: string | null } | undefined;
  const actor: AuditActor = { kind: "console", name: order.operator, accountId: null, characterId: null, rank: "admin", address: order.address, node: runner.node };
  const run: StaffCommandRun = {
    session: CONSOLE_SESSION,
    action: order.action,
    params: order.params,
    actor,
    standing: CONSOLE_STANDING,
    tell: (message) => lines.push(lineText(message)),
    announce: (message) => {
      lines.push(lineText(message));
      order.publish({ kind: "line_staff", message, minRank: "dios" });
    },
    notifyStaff: (message) => {
      lines.push(lineText(message));
      order.publish({ kind: "line_staff", message, minRank: "consejero" });
    },
    audit: (outcome, target, detail) => {
      decided = { outcome, detail: detail ?? null };
      runner.audit(actor, { action: order.action, outcome, params: order.params, ...(target ? { target } : {}), ...(detail !== undefined ? { detail } : {}) });
    },
  };
  const context = runner.contextWith(noting(runner.moderation, seen));
  const { command } = order;
  switch (command.kind) {
    case "kick":
      runner.kick(run, command.target);
      break;
    case "ban":
    case "unban":
      await runBanCommand(context, run, command);
      break;
    case "mute":
    case "jail":
    case "warn":
      await runModerationCommand(context, run, command);
      break;
    case "broadcast":
      broadcast(run, order, command.text);
      break;
  }
  const last = seen.at(-1);
  const result = decided ?? (last !== undefined ? databaseOutcome(last) : { outcome: "ok" as const, detail: null });
  return { ...result, lines };
}

/** The console's broadcast: everyone online reads it as the server's message (`/RMSG`). */
function broadcast(run: StaffCommandRun, order: ConsoleOrder, text: string): void {
  if (!order.publish({ kind: "line_all", message: MESSAGES.serverBroadcast(text) })) {
    run.audit("refused_rule", undefined, "no_bus_here");
    return;
  }
  run.audit("ok");
}
