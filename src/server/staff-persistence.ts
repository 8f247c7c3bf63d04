/**
 * The staff service's database, as the composition gives it (world/services/staff.ts names what
 * it needs; the db context has it): the audit rows into the audit log, and the bans through the
 * moderation and staff repositories.
 */
import { DatabaseError, type Database } from "../db/index.ts";
import { PLAYER } from "../game/staff/index.ts";
import type { Logger } from "../log/index.ts";
import type { AuditSink, BanOutcome, StaffModeration, UnbanOutcome } from "../world/index.ts";

const MS_PER_DAY = 86_400_000;

/**
 * A row the database can never take (`invalid_argument`: a caller's bug, as the repository says)
 * is logged with its action and dropped, so it cannot hold back the rows behind it; any other
 * failure is the service's to retry.
 */
export function auditSinkOver(database: Database, logger: Logger): AuditSink {
  const log = logger.child({ ctx: "audit" });
  return {
    async append(rows) {
      try {
        await database.audit.append(rows);
      } catch (error) {
        if (!(error instanceof DatabaseError) || error.code !== "invalid_argument") throw error;
        log.error({ err: error, actions: rows.map((row) => row.action) }, "audit rows the database cannot take; dropped");
      }
    },
  };
}

/** Bans by character id or account id; an input the repository refuses (a reason too long) is `invalid`. */
export function staffModerationOver(database: Database): StaffModeration {
  return {
    async characterNamed(name) {
      const record = await database.characters.findCharacterByName(name);
      if (record === null) return null;
      const role = await database.staff.roleOf(record.id);
      return { characterId: record.id, name: record.name, accountId: record.accountId, standing: role === null ? PLAYER : { rank: role.rank, roleMaster: role.rolemaster } };
    },
    async ban({ subject, reason, days, punishment, act }): Promise<BanOutcome> {
      const outcome = await database.moderation.addBan({ subject, reason, durationMs: days === null ? null : days * MS_PER_DAY, ...(punishment !== undefined ? { punishment } : {}), act });
      return outcome.kind === "ok" || outcome.kind === "already_banned" || outcome.kind === "no_such_subject" ? outcome.kind : "invalid";
    },
    async unban({ subject, punishment, act }): Promise<UnbanOutcome> {
      const outcome = await database.moderation.liftBansOf({ subject, ...(punishment !== undefined ? { punishment } : {}), act });
      return outcome.kind === "ok" || outcome.kind === "not_banned" || outcome.kind === "no_such_subject" ? outcome.kind : "invalid";
    },
  };
}
