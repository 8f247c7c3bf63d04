/**
 * The staff service's writer of audit rows (gm-and-moderation §6.3, G17): rows are written in
 * batches (what arrived in one turn, one statement, at most AUDIT_WRITE_ROWS); a failed write
 * keeps them and tries again after AUDIT_RETRY_MS, so a database hiccup loses no row while the
 * process lives (past MAX_PENDING_AUDIT_ROWS the oldest are dropped, said in the log); `drain`
 * writes what is left when the process stops.
 */
import type { Logger } from "../../log/index.ts";
import type { AuditOutcome } from "../../map/index.ts";

/** Rows kept while the database refuses them, at most. */
export const MAX_PENDING_AUDIT_ROWS = 10_000;
/** How long a failed audit write waits before it is tried again. */
export const AUDIT_RETRY_MS = 5_000;
/** Rows per write (the database takes at most 1,000 in one statement). */
export const AUDIT_WRITE_ROWS = 500;

/** Who acted, as the row keeps it: a character's packet on this node, or the operator console (its operator's label). */
export interface AuditActor {
  readonly kind: "character" | "console";
  readonly name: string;
  readonly accountId: number | null;
  readonly characterId: number | null;
  /** `consejero` … `admin`, `rolemaster`, `user`: the standing when the packet arrived. */
  readonly rank: string;
  readonly address: string | null;
  readonly node: string;
}

/**
 * One row of the audit log as the service hands it over (the database adds its id and time). The
 * shape is the database's audit entry, so the database's audit repository is a sink as it is.
 */
export interface AuditRow {
  readonly actor: AuditActor;
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

export class AuditLog {
  private pending: AuditRow[] = [];
  private writing = false;
  private retryArmed = false;

  constructor(
    private readonly sink: AuditSink,
    private readonly logger: Logger,
    /** Timers for the retry (tests pass their own). */
    private readonly setTimer: (callback: () => void, ms: number) => unknown = (callback, ms) => setTimeout(callback, ms).unref?.(),
  ) {}

  /** Rows not written yet (tests and diagnostics). */
  get pendingRows(): number {
    return this.pending.length;
  }

  /** Queues a row; the write starts after the current turn (with the rows that turn adds). */
  add(row: AuditRow): void {
    this.pending.push(row);
    if (this.pending.length === 1 && !this.retryArmed) queueMicrotask(() => void this.flush());
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
      await this.sink.append(rows);
    } catch (error) {
      written = false;
      this.pending = [...rows, ...this.pending];
      const dropped = this.pending.length - MAX_PENDING_AUDIT_ROWS;
      if (dropped > 0) {
        this.pending.splice(0, dropped);
        this.logger.error({ dropped }, "audit rows dropped: the database refused them for too long");
      }
      this.logger.error({ err: error, rows: rows.length }, "audit rows not written; trying again");
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

  private armRetry(): void {
    if (this.retryArmed) return;
    this.retryArmed = true;
    this.setTimer(() => {
      this.retryArmed = false;
      void this.flush();
    }, AUDIT_RETRY_MS);
  }
}
