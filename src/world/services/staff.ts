/**
 * The staff service (issue 25, gm-and-moderation.md): what the staff system of a map
 * (map/systems/staff) needs of the main thread.
 *
 * - **The audit log** (§6.3, G17): one row per staff packet, refusals included, with what only
 *   the main thread knows of the actor (its account, its address, this node). Rows are written in
 *   batches (what arrived in one turn, one statement); a failed write keeps them and tries again,
 *   so a database hiccup loses no row while the process lives (past `MAX_PENDING_AUDIT_ROWS` the
 *   oldest are dropped, said in the log).
 * - **Commands whose target may be anywhere**: `/ONLINE` (the count and the record of this
 *   process), `/ECHAR` (the target's connection closes wherever it plays on this server). Each is
 *   audited here with its real outcome.
 *
 * It runs per gateway in a cluster (`per_player`): the audit rows and commands of its own
 * sessions. A command whose target plays on another gateway finds nobody here (`/ECHAR` answers
 * "not online"); reaching the whole cluster is the cluster-wide staff queue's (docs/architecture.md,
 * "The service channel": one owner per cluster by a lease), not built yet.
 */
import type { Logger } from "../../log/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { outranks, PLAYER, privilegesOf, rankOf, type StaffStanding } from "../../game/staff/index.ts";
import type { AuditOutcome, AuditedAction, StaffRequest, StaffServiceCommand } from "../../map/index.ts";
import type { ServiceContext, ServiceRequest, WorldService } from "./service.ts";

/** Rows kept while the database refuses them, at most. */
export const MAX_PENDING_AUDIT_ROWS = 10_000;
/** How long a failed audit write waits before it is tried again. */
export const AUDIT_RETRY_MS = 5_000;
/** Rows per write (the database takes at most 1,000 in one statement). */
export const AUDIT_WRITE_ROWS = 500;

/**
 * One row of the audit log as the service hands it over (the database adds its id and time). The
 * shape is the database's audit entry, so the database's audit repository is a sink as it is.
 */
export interface AuditRow {
  readonly actor: {
    readonly kind: "character";
    readonly name: string;
    readonly accountId: number | null;
    readonly characterId: number | null;
    /** `consejero` … `admin`, `rolemaster`, `user`: the standing when the packet arrived. */
    readonly rank: string;
    readonly address: string | null;
    readonly node: string;
  };
  readonly action: string;
  readonly target: { readonly kind: "character"; readonly id: number | null; readonly name: string } | null;
  readonly params: Record<string, unknown>;
  readonly outcome: AuditOutcome;
  readonly detail: string | null;
}

/**
 * Where audit rows go (the database's audit log). A rejection means "not written, try again"; a
 * sink that meets rows it can never write (a caller's bug) says so in its log and resolves.
 */
export interface AuditSink {
  append(rows: readonly AuditRow[]): Promise<unknown>;
}

/** What the service reads of a session, and closes (the gateway's sessions). */
export interface StaffSessions {
  /** Who plays a session: its account, character and the address it connected from. */
  actorOf(session: number): { accountId: number; characterId: number; name: string; address: string } | undefined;
  /** Closes a session's connection (a kick: VB6 tells the target nothing). */
  disconnect(session: number, reason: string): void;
}

export interface StaffServiceOptions {
  world: ServiceContext;
  sessions: StaffSessions;
  audit: AuditSink;
  /** This process's node id (the audit row's `node`). */
  node: string;
  logger: Logger;
  /** Timers for the retry (tests pass their own). */
  setTimer?: (callback: () => void, ms: number) => unknown;
}

function standingOfState(world: ServiceContext, session: number): StaffStanding {
  return world.player(session)?.state.staff ?? PLAYER;
}

export class StaffService implements WorldService<"staff"> {
  readonly name = "staff" as const;
  readonly placement = "per_player" as const;
  private pending: AuditRow[] = [];
  private writing = false;
  private retryArmed = false;

  constructor(private readonly options: StaffServiceOptions) {}

  fromMap(request: ServiceRequest<"staff">): void {
    const message: StaffRequest = request.message;
    if (message.kind === "audit") this.record(request.session, message.record);
    else this.run(request.session, message.action, message.params, message.command);
  }

  /** Rows not written yet (tests and diagnostics). */
  get pendingRows(): number {
    return this.pending.length;
  }

  /**
   * Writes the oldest pending rows now (a new row schedules it, the retry calls it); false when
   * the database refused them (kept, and tried again after AUDIT_RETRY_MS).
   */
  async flush(): Promise<boolean> {
    if (this.writing || this.pending.length === 0) return true;
    this.writing = true;
    const rows = this.pending.splice(0, AUDIT_WRITE_ROWS);
    let written = true;
    try {
      await this.options.audit.append(rows);
    } catch (error) {
      written = false;
      this.pending = [...rows, ...this.pending];
      const dropped = this.pending.length - MAX_PENDING_AUDIT_ROWS;
      if (dropped > 0) {
        this.pending.splice(0, dropped);
        this.options.logger.error({ dropped }, "audit rows dropped: the database refused them for too long");
      }
      this.options.logger.error({ err: error, rows: rows.length }, "audit rows not written; trying again");
      this.armRetry();
    } finally {
      this.writing = false;
    }
    if (written && this.pending.length > 0 && !this.retryArmed) queueMicrotask(() => void this.flush());
    return written;
  }

  /**
   * Writes every pending row now, not waiting for a retry (the process is stopping); how many rows
   * the database still refused, which are lost with the process.
   */
  async drain(): Promise<number> {
    while (this.writing) await new Promise((resolve) => setTimeout(resolve, 1));
    while (this.pending.length > 0) if (!(await this.flush())) return this.pending.length;
    return 0;
  }

  /** One audit row of a staff action of `session`'s player. */
  private record(session: number, record: AuditedAction): void {
    const actor = this.options.sessions.actorOf(session);
    const standing = standingOfState(this.options.world, session);
    const player = this.options.world.player(session)?.state;
    this.pending.push({
      actor: {
        kind: "character",
        name: actor?.name ?? player?.name ?? "",
        accountId: actor?.accountId ?? null,
        characterId: actor?.characterId ?? player?.id ?? null,
        rank: rankOf(privilegesOf(standing)) ?? (standing.roleMaster ? "rolemaster" : "user"),
        address: actor?.address ?? null,
        node: this.options.node,
      },
      action: record.action,
      target: record.target ? { kind: "character", id: record.target.characterId ?? null, name: record.target.name } : null,
      params: { ...record.params },
      outcome: record.outcome,
      detail: record.detail ?? null,
    });
    if (this.pending.length === 1 && !this.retryArmed) queueMicrotask(() => void this.flush());
  }

  private armRetry(): void {
    if (this.retryArmed) return;
    this.retryArmed = true;
    const setTimer = this.options.setTimer ?? ((callback, ms) => setTimeout(callback, ms).unref?.());
    setTimer(() => {
      this.retryArmed = false;
      void this.flush();
    }, AUDIT_RETRY_MS);
  }

  private run(session: number, action: string, params: Readonly<Record<string, unknown>>, command: StaffServiceCommand): void {
    const { world } = this.options;
    const audit = (outcome: AuditOutcome, target?: { name: string; characterId?: number }, detail?: string) =>
      this.record(session, { action, outcome, params, ...(target ? { target } : {}), ...(detail !== undefined ? { detail } : {}) });
    switch (command.kind) {
      case "online":
        world.tell(session, "staff", { kind: "tell", message: MESSAGES.usersOnline(world.onlineCount) });
        world.tell(session, "staff", { kind: "tell", message: MESSAGES.usersRecord(Math.max(world.onlineRecord, world.onlineCount)) });
        audit("ok");
        return;
      case "kick": {
        const found = world.playerNamed(command.target);
        if (found === undefined) {
          world.tell(session, "staff", { kind: "tell", message: MESSAGES.userNotOnline() });
          audit("refused_rule", { name: command.target }, "not_online");
          return;
        }
        const target = { name: world.player(found.session)?.state.name ?? command.target, characterId: found.characterId };
        // Decision (G11): strictly higher, never oneself (VB6 let equal ranks and oneself be kicked).
        if (found.session === session || !outranks(standingOfState(world, session), standingOfState(world, found.session))) {
          world.tell(session, "staff", { kind: "tell", message: MESSAGES.cannotKickHigherRank() });
          audit("refused_rank", target);
          return;
        }
        const actorName = world.player(session)?.state.name ?? "";
        world.tell(session, "staff", { kind: "announce", message: MESSAGES.staffKicked(actorName, target.name), minRank: "dios" });
        this.options.sessions.disconnect(found.session, "kicked");
        audit("ok", target);
        return;
      }
    }
  }
}
