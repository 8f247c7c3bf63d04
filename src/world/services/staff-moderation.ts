/**
 * Mutes, jail, warnings and the punishment record from the game (gm-and-moderation §3.3–§3.5),
 * run by the staff service. The target is found in the world first, then in the database. The
 * history row of each sanction, its `/PENAS` entry and its audit row are one statement of the
 * database (`StaffSanctions`); then the target's map, when it plays, applies the sanction to the
 * record it holds (systems/penalties.ts: the countdowns are the map's while the character is
 * online, the row's while it is not).
 *
 * Rank rules (G11): mute, jail and warn are punitive: strictly above the target, never oneself.
 * VB6's own checks are kept where they are stricter: `/CARCEL` refuses any staff target (Msg957)
 * and only an online one; `/ADVERTENCIA` refuses an online staff target (Msg541) and, fixed, an
 * offline one of equal or higher rank too.
 */
import type { Logger } from "../../log/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { jailReasonIsRecorded, muteRequest, outranks, punishmentLine, PUNISHMENT_TEXT, SERVER_ISSUER } from "../../game/staff/index.ts";
import type { StaffRequest, StaffServiceCommand } from "../../map/index.ts";
import type { AuditActor } from "./audit-log.ts";
import type { ServiceContext } from "./service.ts";
import { findTarget, type BanContext, type StaffAct } from "./staff-bans.ts";
import type { StaffCommandRun } from "./staff.ts";

export type SanctionOutcome = "ok" | "online" | "no_such_character" | "invalid";

/** A `/PENAS` entry as the service reads it. */
export interface PunishmentRecordEntry {
  number: number;
  text: string;
  createdAt: Date;
}

/**
 * What sanctions need of the database (the moderation repository, adapted in the composition).
 * `offline`: the character is not played here, so the row's countdown is set too (refused with
 * `online` when a server holds it: another gateway of a cluster).
 */
export interface StaffSanctions {
  mute(input: { characterId: number; minutes: number; offline: boolean; punishment: string; act: StaffAct }): Promise<SanctionOutcome>;
  unmute(input: { characterId: number; offline: boolean; act: StaffAct }): Promise<SanctionOutcome | "not_muted">;
  jail(input: { characterId: number; minutes: number; reason: string; offline: boolean; punishment?: string; act: StaffAct }): Promise<SanctionOutcome>;
  warn(input: { characterId: number; reason: string; offline: boolean; punishment: string; act: StaffAct }): Promise<SanctionOutcome>;
  /** A countdown ran out on the map: the running rows end as served (not audited). */
  served(characterId: number, penalty: "mute" | "jail"): Promise<void>;
  punishmentsOf(characterId: number): Promise<PunishmentRecordEntry[]>;
  editPunishment(input: { characterId: number; number: number; text: string; act: StaffAct }): Promise<"ok" | "not_found" | "invalid">;
}

export interface ModerationContext extends BanContext {
  sanctions: StaffSanctions;
  /**
   * Who gave each online character its latest warning: the third jails on the character's map,
   * and that sentence's row names this actor (the server acts on the warning it gave).
   */
  warners: Map<number, AuditActor>;
}

type ModerationCommand = Extract<StaffServiceCommand, { kind: "mute" | "jail" | "warn" | "punishments" | "edit_punishment" }>;

/** Runs one moderation command; a database that fails is said to the asker and audited as an error. */
export async function runModerationCommand(context: ModerationContext, run: StaffCommandRun, command: ModerationCommand): Promise<void> {
  try {
    switch (command.kind) {
      case "mute":
        return await mute(context, run, command);
      case "jail":
        return await jail(context, run, command);
      case "warn":
        return await warn(context, run, command);
      case "punishments":
        return await listPunishments(context, run, command.target);
      case "edit_punishment":
        return await editPunishment(context, run, command);
    }
  } catch (error) {
    context.logger.error({ err: error, action: run.action, target: command.target }, "staff command failed");
    run.tell(MESSAGES.staffCommandFailed());
    run.audit("error", { name: command.target }, "database");
  }
}

function actOf(run: StaffCommandRun, targetName: string): StaffAct {
  return { by: run.actor, action: run.action, params: { ...run.params, target: targetName } };
}

/** A database outcome that is not ok, said to the asker (the statement audited it). */
function failed(run: StaffCommandRun, outcome: Exclude<SanctionOutcome, "ok">): void {
  if (outcome === "no_such_character") run.tell(MESSAGES.noSuchCharacter());
  else run.tell(MESSAGES.staffCommandFailed());
}

async function mute(context: ModerationContext, run: StaffCommandRun, command: Extract<ModerationCommand, { kind: "mute" }>): Promise<void> {
  const target = await findTarget(context, command.target);
  if (target === null) {
    run.tell(MESSAGES.noSuchCharacter());
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const named = { name: target.name, characterId: target.characterId };
  if (target.characterId === run.actor.characterId || !outranks(run.standing, target.standing)) {
    run.tell(MESSAGES.cannotMuteHigherRank());
    run.audit("refused_rank", named);
    return;
  }
  const online = target.session !== undefined;
  const request = muteRequest(command.minutes);
  if (request.kind === "too_long") {
    run.tell(MESSAGES.staffCommandFailed());
    run.audit("refused_rule", named, "too_long");
    return;
  }
  const act = actOf(run, target.name);
  if (request.kind === "unmute") {
    const outcome = await context.sanctions.unmute({ characterId: target.characterId, offline: !online, act });
    // Not muted: said as done (VB6 unmuted whoever it was asked to).
    if (outcome !== "ok" && outcome !== "not_muted") return failed(run, outcome);
    run.notifyStaff(MESSAGES.staffUnmuted(run.actor.name, target.name, online));
    if (target.session !== undefined) context.world.tell(target.session, "staff", { kind: "sanction", sanction: { kind: "unmute" } });
    return;
  }
  const outcome = await context.sanctions.mute({
    characterId: target.characterId,
    minutes: request.minutes,
    offline: !online,
    punishment: PUNISHMENT_TEXT.mute(run.actor.name, request.minutes),
    act,
  });
  if (outcome !== "ok") return failed(run, outcome);
  run.notifyStaff(MESSAGES.staffMuted(run.actor.name, target.name, request.minutes, online));
  if (target.session !== undefined) context.world.tell(target.session, "staff", { kind: "sanction", sanction: { kind: "mute", minutes: request.minutes } });
}

async function jail(context: ModerationContext, run: StaffCommandRun, command: Extract<ModerationCommand, { kind: "jail" }>): Promise<void> {
  const found = context.world.playerNamed(command.target);
  const state = found && context.world.player(found.session)?.state;
  if (found === undefined || state === undefined) {
    run.tell(MESSAGES.jailTargetNotOnline());
    run.audit("refused_rule", { name: command.target }, "not_online");
    return;
  }
  const named = { name: state.name, characterId: state.id };
  if (state.staff?.rank != null) {
    run.tell(MESSAGES.cannotJailStaff());
    run.audit("refused_rank", named);
    return;
  }
  const outcome = await context.sanctions.jail({
    characterId: state.id,
    minutes: command.minutes,
    reason: command.reason,
    offline: false,
    ...(jailReasonIsRecorded(command.reason) ? { punishment: PUNISHMENT_TEXT.jail(run.actor.name, command.minutes, command.reason) } : {}),
    act: actOf(run, state.name),
  });
  if (outcome !== "ok") return failed(run, outcome);
  context.world.tell(found.session, "staff", { kind: "sanction", sanction: { kind: "jail", minutes: command.minutes, issuer: run.actor.name } });
}

async function warn(context: ModerationContext, run: StaffCommandRun, command: Extract<ModerationCommand, { kind: "warn" }>): Promise<void> {
  const target = await findTarget(context, command.target);
  // VB6: a name nobody has is silently nothing.
  if (target === null) {
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const named = { name: target.name, characterId: target.characterId };
  if (target.standing.rank !== null && (target.session !== undefined || !outranks(run.standing, target.standing))) {
    run.tell(MESSAGES.cannotWarnStaff());
    run.audit("refused_rank", named);
    return;
  }
  if (target.characterId === run.actor.characterId) {
    run.tell(MESSAGES.cannotWarnStaff());
    run.audit("refused_rule", named, "self");
    return;
  }
  const online = target.session !== undefined;
  const outcome = await context.sanctions.warn({
    characterId: target.characterId,
    reason: command.reason,
    offline: !online,
    punishment: PUNISHMENT_TEXT.warning(run.actor.name, command.reason),
    act: actOf(run, target.name),
  });
  if (outcome !== "ok") return failed(run, outcome);
  run.tell(MESSAGES.youWarned(target.name));
  run.notifyStaff(MESSAGES.staffWarned(run.actor.name, target.name, command.reason));
  if (target.session === undefined) return;
  context.warners.set(target.characterId, run.actor);
  context.world.tell(target.session, "staff", { kind: "sanction", sanction: { kind: "warned", by: run.actor.name } });
}

async function listPunishments(context: ModerationContext, run: StaffCommandRun, name: string): Promise<void> {
  const staff = run.standing.rank !== null;
  const target = await findTarget(context, name);
  if (target === null) {
    run.tell(MESSAGES.noSuchCharacterNamed(name));
    if (staff) run.audit("refused_rule", { name }, "no_such_character");
    return;
  }
  const entries = await context.sanctions.punishmentsOf(target.characterId);
  if (entries.length === 0) run.tell(MESSAGES.noPunishments());
  for (const entry of entries) run.tell(MESSAGES.punishmentEntry(punishmentLine(entry)));
  // A player reading its own record is no staff action.
  if (staff) run.audit("ok", { name: target.name, characterId: target.characterId });
}

async function editPunishment(context: ModerationContext, run: StaffCommandRun, command: Extract<ModerationCommand, { kind: "edit_punishment" }>): Promise<void> {
  const target = await findTarget(context, command.target);
  // VB6: a name nobody has is silently nothing.
  if (target === null) {
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const outcome = await context.sanctions.editPunishment({
    characterId: target.characterId,
    number: command.number,
    text: PUNISHMENT_TEXT.edited(run.actor.name, command.text),
    act: actOf(run, target.name),
  });
  if (outcome === "ok") run.tell(MESSAGES.punishmentEdited());
  else if (outcome === "not_found") run.tell(MESSAGES.noSuchPunishment(command.number));
  else run.tell(MESSAGES.staffCommandFailed());
}

type PenaltyReport = Extract<StaffRequest, { kind: "penalty_served" | "jailed_by_server" }>;

/**
 * What a player's map says of its countdowns: a mute or sentence served (the rows close), or a
 * sentence the map gave by itself (the third warning: its row, with the server as the issuer).
 */
export async function recordPenaltyReport(
  context: { world: ServiceContext; sanctions: StaffSanctions; logger: Logger; warners: Map<number, AuditActor> },
  session: number,
  report: PenaltyReport,
): Promise<void> {
  const characterId = context.world.player(session)?.state.id;
  if (characterId === undefined) return;
  try {
    if (report.kind === "penalty_served") {
      await context.sanctions.served(characterId, report.penalty);
      return;
    }
    const warner = context.warners.get(characterId);
    context.warners.delete(characterId);
    // Only the warning this service gave jails with a row; a map's report without one is not trusted.
    if (warner === undefined) return;
    await context.sanctions.jail({
      characterId,
      minutes: report.minutes,
      reason: report.reason,
      offline: false,
      punishment: PUNISHMENT_TEXT.jail(SERVER_ISSUER, report.minutes, report.reason),
      act: { by: warner, action: "WarnUser", params: { jailMinutes: report.minutes, reason: report.reason, issuer: SERVER_ISSUER } },
    });
  } catch (error) {
    context.logger.error({ err: error, characterId, report: report.kind }, "moderation row not written");
  }
}
