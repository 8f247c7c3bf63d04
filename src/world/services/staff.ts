/**
 * The staff service (issue 25, gm-and-moderation.md): what the staff system of a map
 * (map/systems/staff) needs of the main thread.
 *
 * - **The audit log** (§6.3, G17): one row per staff packet, refusals included, with what only
 *   the main thread knows of the actor (its account, its address, this node), written in batches
 *   by `AuditLog` (audit-log.ts).
 * - **Commands whose target may be anywhere, or offline**: `/ONLINE` (the count and the record of
 *   this process), `/ECHAR` (the target's connection closes wherever it plays on this server),
 *   the bans (staff-bans.ts), mutes, jail, warnings and the punishment record
 *   (staff-moderation.ts). Each is audited once with its real outcome: here, or by the
 *   database in the statement of the change it makes.
 *
 * It runs per gateway in a cluster (`per_player`): the audit rows and commands of its own
 * sessions. A command whose target plays on another gateway finds nobody here (`/ECHAR` answers
 * "not online"; a ban is written and the target's own gateway refuses its next login); reaching
 * the whole cluster at once is the cluster-wide staff queue's (docs/architecture.md, "The service
 * channel"), not built yet.
 */
import type { Logger } from "../../log/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { outranks, PLAYER, privilegesOf, rankOf, type StaffStanding } from "../../game/staff/index.ts";
import type { AuditOutcome, AuditedAction, StaffRequest, StaffServiceCommand } from "../../map/index.ts";
import type { PlayerMessage } from "../../game/messages/index.ts";
import { AuditLog, type AuditActor, type AuditSink } from "./audit-log.ts";
import type { ServiceContext, ServiceRequest, WorldService } from "./service.ts";
import { runBanCommand, type StaffModeration } from "./staff-bans.ts";
import { recordPenaltyReport, runModerationCommand, type ModerationContext, type StaffSanctions } from "./staff-moderation.ts";
import { deliverKeptMessages, runInformationCommand, type ServerSettings, type StaffInformationSources } from "./staff-information.ts";
// -- reports (gm-and-moderation §3.8)
import { ReportThrottle } from "../../game/staff/index.ts";
import { chatExcerptArrived, reportsState, runReportCommand, type ReportsContext, type StaffReportStore } from "./staff-reports.ts";
// -- staff movement and characters (gm-move)
import { StaffTargetActs } from "./staff-movement.ts";
import { runRename, type StaffRenames } from "./staff-rename.ts";
import { CONSOLE_SESSION, runConsoleOrder, type ConsoleCommandResult, type ConsoleOrder } from "./staff-console.ts";

/** What the service reads of a session, and closes (the gateway's sessions). */
export interface StaffSessions {
  /** Who plays a session: its account, character and the address it connected from. */
  actorOf(session: number): { accountId: number; characterId: number; name: string; address: string } | undefined;
  /** Closes a session's connection, after a message box when given (a kick: VB6 tells the target nothing). */
  disconnect(session: number, reason: string, messageBox?: { messageId: number; extra: string }): void;
  /** Every open session of an account, in the world or choosing a character. */
  sessionsOfAccount(accountId: number): number[];
  // -- world and the GM's map (gm-world)
  /** Every session playing a character in the world (`/ECHARTODOSPJS`). */
  sessionsInWorld(): number[];
}

export interface StaffServiceOptions {
  world: ServiceContext;
  sessions: StaffSessions;
  audit: AuditSink;
  /** Bans and sanctions (the moderation and staff repositories, adapted in the composition). */
  moderation: StaffModeration & StaffSanctions;
  /** This process's node id (the audit row's `node`). */
  node: string;
  logger: Logger;
  /** Timers for the audit retry (tests pass their own). */
  setTimer?: (callback: () => void, ms: number) => unknown;
  // -- information and server control (gm-info: staff-information.ts)
  /** What the information commands read, and the runtime settings they switch; absent: "not available yet". */
  information?: { sources: StaffInformationSources; settings: ServerSettings };
  // -- reports
  /** The report queue's rows (absent: `/GM`, `/DENUNCIAR` and the SOS panel answer that they failed). */
  reports?: StaffReportStore;
  /** The clock of the report throttle, ms (default `performance.now`; tests pass a manual one). */
  now?: () => number;
  // -- `/ANAME` (staff-rename.ts)
  /** Renames offline characters, and the creation rules a new name passes; absent: the command fails, audited. */
  renames?: { store: StaffRenames; nameProblem(name: string): string | null };
}

/** One command as the service runs it: who asked, and how to answer and audit. */
export interface StaffCommandRun {
  readonly session: number;
  readonly action: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly actor: AuditActor;
  readonly standing: StaffStanding;
  /** A line for the asker. */
  tell(message: PlayerMessage): void;
  /** A line for the staff of at least Dios, through the asker's map. */
  announce(message: PlayerMessage): void;
  /** A line for every staff member online (VB6 `ToGM`, which G8 says never arrived), through the asker's map. */
  notifyStaff(message: PlayerMessage): void;
  /** The command's audit row, when the service decided it (the database writes the others). */
  audit(outcome: AuditOutcome, target?: { name: string; characterId?: number }, detail?: string): void;
}

export class StaffService implements WorldService<"staff"> {
  readonly name = "staff" as const;
  readonly placement = "per_player" as const;
  private readonly log: AuditLog;
  /** Who gave each online character its latest warning (staff-moderation.ts). */
  private readonly warners = new Map<number, AuditActor>();
  /** One accepted report of each kind per account per interval (G14, G15), and the denouncements waiting for lines. */
  private readonly throttle = new ReportThrottle();
  private readonly reportsWaiting = reportsState();
  /** Acts on characters wherever they play (staff-movement.ts, gm-move). */
  private readonly targetActs: StaffTargetActs;

  constructor(private readonly options: StaffServiceOptions) {
    this.log = new AuditLog(options.audit, options.logger, options.setTimer);
    const { reports } = options;
    this.targetActs = new StaffTargetActs(
      options.world,
      (session) => this.standingOf(session),
      reports && (async (name) => (await reports.pending()).some((report) => report.reporterName.toLowerCase() === name.toLowerCase())),
    );
  }

  fromMap(request: ServiceRequest<"staff">): void {
    const message: StaffRequest = request.message;
    switch (message.kind) {
      case "audit":
        this.record(request.session, this.actorOf(request.session), message.record);
        return;
      case "command":
        this.run(request.session, message.action, message.params, message.command);
        return;
      case "penalty_served":
      case "jailed_by_server":
        void recordPenaltyReport(this.moderationContext(), request.session, message);
        return;
      case "chat_excerpt":
        if (this.options.reports) void chatExcerptArrived(this.reportsContext(this.options.reports), request.session, message.token, message.lines);
        return;
      // -- staff movement and characters (gm-move)
      case "target_report":
        this.targetActs.report(request.session, message.ticket, message.report);
        return;
    }
  }

  private moderationContext(): ModerationContext {
    const { world, sessions, moderation, logger } = this.options;
    return { world, sessions, moderation, sanctions: moderation, logger, warners: this.warners };
  }

  private reportsContext(reports: StaffReportStore): ReportsContext {
    const { world, sessions, moderation, logger } = this.options;
    return { world, sessions, moderation, logger, reports, throttle: this.throttle, now: this.options.now ?? (() => performance.now()), ...this.reportsWaiting };
  }

  /**
   * A rank the database now holds for a character, applied at once if it plays on this server
   * (the console grants and revokes through here): its known state is changed with its map's
   * (`postDelta`), so a hand-over, an autosave or a recovery in between keeps it. False when the
   * character is not in the world here (its next login reads the rank).
   */
  applyStanding(characterId: number, standing: StaffStanding): boolean {
    const { world } = this.options;
    const session = world.sessionOfCharacter(characterId);
    if (session === undefined) return false;
    return world.postDelta(session, "staff", { kind: "standing", standing }, (state) => ({ ...state, staff: standing }));
  }

  /** Audit rows not written yet (tests and diagnostics). */
  get pendingRows(): number {
    return this.log.pendingRows;
  }

  /** Writes the oldest pending audit rows now; false when the database refused them. */
  flush(): Promise<boolean> {
    return this.log.flush();
  }

  /** Writes every pending audit row (the process is stopping); how many the database still refused. */
  drain(): Promise<number> {
    return this.log.drain();
  }

  private standingOf(session: number): StaffStanding {
    return this.options.world.player(session)?.state.staff ?? PLAYER;
  }

  /** The actor of `session`'s packets as the audit row keeps it, read when the packet arrives. */
  private actorOf(session: number): AuditActor {
    const known = this.options.sessions.actorOf(session);
    const standing = this.standingOf(session);
    const player = this.options.world.player(session)?.state;
    return {
      kind: "character",
      name: known?.name ?? player?.name ?? "",
      accountId: known?.accountId ?? null,
      characterId: known?.characterId ?? player?.id ?? null,
      rank: rankOf(privilegesOf(standing)) ?? (standing.roleMaster ? "rolemaster" : "user"),
      address: known?.address ?? null,
      node: this.options.node,
    };
  }

  private record(session: number, actor: AuditActor, record: AuditedAction): void {
    this.log.add({
      actor,
      action: record.action,
      target: record.target ? { kind: "character", id: record.target.characterId ?? null, name: record.target.name } : null,
      params: { ...record.params },
      outcome: record.outcome,
      detail: record.detail ?? null,
    });
  }

  /**
   * A character entered the world (its login, not a map change): a staff member is announced to
   * the Dios and Admin online (Msg1706, VB6 ConnectUser_Check, §1.3) through its map's bus.
   */
  enteredWorld(session: number): void {
    const player = this.options.world.player(session)?.state;
    if (player === undefined) return;
    const { information } = this.options;
    if (information) void deliverKeptMessages({ world: this.options.world, sources: information.sources, logger: this.options.logger }, session, player.id);
    if ((player.staff ?? PLAYER).rank === null) return;
    this.options.world.tell(session, "staff", { kind: "announce", message: MESSAGES.staffConnected(player.name), minRank: "dios" });
  }

  private run(session: number, action: string, params: Readonly<Record<string, unknown>>, command: StaffServiceCommand): void {
    const { world } = this.options;
    const actor = this.actorOf(session);
    const run: StaffCommandRun = {
      session,
      action,
      params,
      actor,
      standing: this.standingOf(session),
      tell: (message) => world.tell(session, "staff", { kind: "tell", message }),
      announce: (message) => world.tell(session, "staff", { kind: "announce", message, minRank: "dios" }),
      notifyStaff: (message) => world.tell(session, "staff", { kind: "announce", message, minRank: "consejero" }),
      audit: (outcome, target, detail) =>
        this.record(session, actor, { action, outcome, params, ...(target ? { target } : {}), ...(detail !== undefined ? { detail } : {}) }),
    };
    switch (command.kind) {
      case "online":
        run.tell(MESSAGES.usersOnline(world.onlineCount));
        run.tell(MESSAGES.usersRecord(Math.max(world.onlineRecord, world.onlineCount)));
        run.audit("ok");
        return;
      case "kick":
        this.kick(run, command.target);
        return;
      case "ban":
      case "unban":
        void runBanCommand({ world, sessions: this.options.sessions, moderation: this.options.moderation, logger: this.options.logger }, run, command);
        return;
      case "mute":
      case "jail":
      case "warn":
      case "punishments":
      case "edit_punishment":
        void runModerationCommand(this.moderationContext(), run, command);
        return;
      // -- information and server control (gm-info)
      case "where":
      case "sheet":
      case "check_slot":
      case "online_staff":
      case "nick_to_ip":
      case "ip_to_nick":
      case "user_list":
      case "gm_only_toggle":
      case "save_all":
      case "message_user":
        this.inform(run, command);
        return;
      // -- reports
      case "question_gm":
      case "denounce":
      case "sos_list":
      case "sos_remove":
      case "sos_clean":
        if (this.options.reports === undefined) {
          run.tell(MESSAGES.staffCommandFailed());
          run.audit("error", undefined, "no_report_store");
          return;
        }
        void runReportCommand(this.reportsContext(this.options.reports), run, command);
        return;
      // -- staff movement and characters (gm-move)
      case "act_on_target":
        this.targetActs.start(run, command);
        return;
      // -- world and the GM's map (gm-world)
      case "kick_all":
        this.kickAll(run);
        return;
      case "close_client":
        this.closeClient(run, command.target);
        return;
      case "rename": {
        const { renames } = this.options;
        if (renames === undefined) {
          run.tell(MESSAGES.staffCommandFailed());
          run.audit("error", { name: command.target }, "no_rename_store");
          return;
        }
        const { sessions, moderation, logger } = this.options;
        void runRename({ world, sessions, moderation, renames: renames.store, nameProblem: renames.nameProblem, logger }, run, command);
        return;
      }
    }
  }

  /** `CerrarCliente`: an online lower rank's client told to exit (its map sends `CerrarleCliente`); Dios and Admin hear of it (Msg1704). */
  private closeClient(run: StaffCommandRun, name: string): void {
    const { world } = this.options;
    const found = world.playerNamed(name);
    if (found === undefined) {
      run.tell(MESSAGES.userNotOnline());
      run.audit("refused_rule", { name }, "not_online");
      return;
    }
    const target = { name: world.player(found.session)?.state.name ?? name, characterId: found.characterId };
    // Decision (G11): strictly higher, never oneself (VB6 checked no rank).
    if (found.session === run.session || !outranks(run.standing, this.standingOf(found.session))) {
      run.tell(MESSAGES.cannotKickHigherRank());
      run.audit("refused_rank", target);
      return;
    }
    run.announce(MESSAGES.staffClosedClient(run.actor.name, target.name));
    world.tell(found.session, "staff", { kind: "close_client" });
    run.audit("ok", target);
  }

  /** `/ECHARTODOSPJS` (VB6 `EcharPjsNoPrivilegiados`): everyone in the world without a staff rank closed; role masters too (they have the User bit). */
  private kickAll(run: StaffCommandRun): void {
    let kicked = 0;
    for (const session of this.options.sessions.sessionsInWorld()) {
      if (this.standingOf(session).rank !== null) continue;
      this.options.sessions.disconnect(session, "kicked_all");
      kicked++;
    }
    run.tell(MESSAGES.kickedEveryone(kicked));
    run.audit("ok", undefined, `kicked ${kicked}`);
  }
  // -- the operator console (issue 25, server/admin-console; the rules in staff-console.ts)
  /** Runs a command of the operator console through this service's own code, audited with the console as the actor. */
  runForConsole(order: ConsoleOrder): Promise<ConsoleCommandResult> {
    return runConsoleOrder(
      {
        node: this.options.node,
        moderation: this.options.moderation,
        audit: (actor, record) => this.record(CONSOLE_SESSION, actor, record),
        kick: (run, name) => this.kick(run, name),
        contextWith: (moderation) => ({ ...this.moderationContext(), moderation, sanctions: moderation }),
      },
      order,
    );
  }
  // -- end of the operator console

  private inform(run: StaffCommandRun, command: Parameters<typeof runInformationCommand>[2]): void {
    const { world, sessions, logger, information } = this.options;
    if (information === undefined) {
      run.tell(MESSAGES.notAvailableYet());
      run.audit("refused_rule", undefined, "not_available_yet");
      return;
    }
    void runInformationCommand({ world, sessions, logger, ...information }, run, command);
  }

  private kick(run: StaffCommandRun, name: string): void {
    const { world } = this.options;
    const found = world.playerNamed(name);
    if (found === undefined) {
      run.tell(MESSAGES.userNotOnline());
      run.audit("refused_rule", { name }, "not_online");
      return;
    }
    const target = { name: world.player(found.session)?.state.name ?? name, characterId: found.characterId };
    // Decision (G11): strictly higher, never oneself (VB6 let equal ranks and oneself be kicked).
    if (found.session === run.session || !outranks(run.standing, this.standingOf(found.session))) {
      run.tell(MESSAGES.cannotKickHigherRank());
      run.audit("refused_rank", target);
      return;
    }
    run.announce(MESSAGES.staffKicked(run.actor.name, target.name));
    this.options.sessions.disconnect(found.session, "kicked");
    run.audit("ok", target);
  }
}
