/**
 * Bans from the game (gm-and-moderation §3.1, §3.2): `/BAN`, `/BANCUENTA`, the panel's temporary
 * ban, `/UNBAN`, `/UNBANCUENTA`, run by the staff service. The target may be offline: it is found
 * in the world first, then in the database. The rank rule is `/BAN`'s for all of them (strictly
 * above the target, never oneself: Msg1841, Msg2069/Msg2070). The ban itself, and its audit row,
 * is one statement of the database (`StaffModeration`), which also refuses a second ban of the
 * same subject; what was banned and is online on this server is then closed (an account's
 * sessions after Msg1785), and the login checks (session/gateway.ts) keep it out.
 */
import type { Logger } from "../../log/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { outranks, PLAYER, PUNISHMENT_TEXT, type StaffStanding } from "../../game/staff/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import type { AuditActor } from "./audit-log.ts";
import type { ServiceContext } from "./service.ts";
import type { StaffCommandRun, StaffSessions } from "./staff.ts";

/** "Has sido baneado del servidor. Motivo: ¬1": what an account's open sessions read before they close. */
const MESSAGE_ACCOUNT_BANNED = 1785;

/** Who did it, for the row the database writes with the change. */
export interface StaffAct {
  by: AuditActor;
  action: string;
  params: Record<string, unknown>;
}

/** A character as a ban finds it. */
export interface BanTarget {
  characterId: number;
  /** As stored. */
  name: string;
  accountId: number;
  standing: StaffStanding;
}

export type BanOutcome = "ok" | "already_banned" | "no_such_subject" | "invalid";
export type UnbanOutcome = "ok" | "not_banned" | "no_such_subject" | "invalid";

/** What bans need of the database (the moderation and staff repositories, adapted in the composition). */
export interface StaffModeration {
  /** The character of that name (any case), offline or not, with its staff standing; null when none. */
  characterNamed(name: string): Promise<BanTarget | null>;
  ban(input: { subject: { kind: "character"; characterId: number } | { kind: "account"; accountId: number }; reason: string; days: number | null; punishment?: string; act: StaffAct }): Promise<BanOutcome>;
  unban(input: { subject: { kind: "character"; characterId: number } | { kind: "account"; accountId: number }; punishment?: string; act: StaffAct }): Promise<UnbanOutcome>;
}

export interface BanContext {
  world: ServiceContext;
  sessions: StaffSessions;
  moderation: StaffModeration;
  logger: Logger;
}

type BanCommand = Extract<StaffServiceCommand, { kind: "ban" | "unban" }>;

/** The target in the world (its standing as its map has it), else in the database. */
export async function findTarget(context: BanContext, name: string): Promise<(BanTarget & { session: number | undefined }) | null> {
  const found = context.world.playerNamed(name);
  const state = found && context.world.player(found.session)?.state;
  if (found && state) return { characterId: state.id, name: state.name, accountId: state.accountId, standing: state.staff ?? PLAYER, session: found.session };
  const stored = await context.moderation.characterNamed(name);
  return stored && { ...stored, session: undefined };
}

/** Runs one ban or unban; a database that fails is said to the asker and audited as an error. */
export async function runBanCommand(context: BanContext, run: StaffCommandRun, command: BanCommand): Promise<void> {
  try {
    await (command.kind === "ban" ? ban(context, run, command) : unban(context, run, command));
  } catch (error) {
    context.logger.error({ err: error, action: run.action, target: command.target }, "staff command failed");
    run.tell(MESSAGES.staffCommandFailed());
    run.audit("error", { name: command.target }, "database");
  }
}

async function ban(context: BanContext, run: StaffCommandRun, command: Extract<BanCommand, { kind: "ban" }>): Promise<void> {
  const target = await findTarget(context, command.target);
  if (target === null) {
    run.tell(MESSAGES.characterDoesNotExist());
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const named = { name: target.name, characterId: target.characterId };
  if (target.characterId === run.actor.characterId) {
    run.tell(MESSAGES.cannotBanSelf());
    run.audit("refused_rule", named, "self");
    return;
  }
  if (!outranks(run.standing, target.standing)) {
    run.tell(MESSAGES.cannotBanHigherRank(target.session !== undefined));
    run.audit("refused_rank", named);
    return;
  }
  const gm = run.actor.name;
  const subject = command.scope === "character" ? { kind: "character" as const, characterId: target.characterId } : { kind: "account" as const, accountId: target.accountId };
  const punishment = command.scope === "account" ? undefined : PUNISHMENT_TEXT.ban(gm, command.reason, command.days);
  const outcome = await context.moderation.ban({
    subject,
    reason: command.reason,
    days: command.days,
    ...(punishment !== undefined ? { punishment } : {}),
    act: { by: run.actor, action: run.action, params: { ...run.params, target: target.name } },
  });
  switch (outcome) {
    case "ok":
      break;
    case "already_banned":
      run.tell(MESSAGES.alreadyBanned());
      return;
    case "no_such_subject":
      run.tell(MESSAGES.characterDoesNotExist());
      return;
    case "invalid":
      run.tell(MESSAGES.staffCommandFailed());
      return;
  }
  if (command.scope === "account") {
    run.announce(MESSAGES.staffBannedAccount(gm, target.name, command.reason));
    for (const session of context.sessions.sessionsOfAccount(target.accountId))
      context.sessions.disconnect(session, "banned_account", { messageId: MESSAGE_ACCOUNT_BANNED, extra: command.reason });
    return;
  }
  run.announce(command.days === null ? MESSAGES.staffBanned(gm, target.name, command.reason) : MESSAGES.staffBannedForDays(target.name, command.reason, command.days, gm));
  // VB6 BanPJ: the banned character's connection closes, with no message.
  const session = context.world.sessionOfCharacter(target.characterId);
  if (session !== undefined) context.sessions.disconnect(session, "banned");
}

async function unban(context: BanContext, run: StaffCommandRun, command: Extract<BanCommand, { kind: "unban" }>): Promise<void> {
  const target = await findTarget(context, command.target);
  if (target === null) {
    run.tell(MESSAGES.characterDoesNotExist());
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const subject = command.scope === "character" ? { kind: "character" as const, characterId: target.characterId } : { kind: "account" as const, accountId: target.accountId };
  const outcome = await context.moderation.unban({
    subject,
    ...(command.scope === "character" ? { punishment: PUNISHMENT_TEXT.unban(run.actor.name) } : {}),
    act: { by: run.actor, action: run.action, params: { ...run.params, target: target.name } },
  });
  switch (outcome) {
    case "ok":
      if (command.scope === "character") run.tell(MESSAGES.unbanned(target.name));
      else run.announce(MESSAGES.staffUnbannedAccount(run.actor.name, target.name));
      return;
    case "not_banned":
      run.tell(MESSAGES.notBanned(target.name));
      return;
    case "no_such_subject":
      run.tell(MESSAGES.characterDoesNotExist());
      return;
    case "invalid":
      run.tell(MESSAGES.staffCommandFailed());
      return;
  }
}
