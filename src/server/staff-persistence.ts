/**
 * The staff service's database, as the composition gives it (world/services/staff.ts names what
 * it needs; the db context has it): the audit rows into the audit log, and the bans through the
 * moderation and staff repositories.
 */
import { DatabaseError, type Database } from "../db/index.ts";
import { PLAYER } from "../game/staff/index.ts";
import type { Logger } from "../log/index.ts";
import type { AuditSink, BanOutcome, SanctionOutcome, StaffInformationSources, StaffModeration, StaffRenames, StaffReportStore, StaffSanctions, UnbanOutcome } from "../world/index.ts";
import type { BankSlot, CharacterRecord } from "../game/character/index.ts";

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

/** A sanction's outcome as the service reads it: an input the repository refuses is `invalid`. */
function sanctionOutcome(outcome: { kind: string }): SanctionOutcome {
  return outcome.kind === "ok" || outcome.kind === "online" || outcome.kind === "no_such_character" ? outcome.kind : "invalid";
}

/**
 * Bans by character id or account id, and the sanctions of a character; an input the repository
 * refuses (a reason too long) is `invalid`.
 */
export function staffModerationOver(database: Database): StaffModeration & StaffSanctions {
  const { moderation } = database;
  return {
    async mute({ characterId, minutes, offline, punishment, act }) {
      return sanctionOutcome(await moderation.mute({ characterId, minutes, offline, punishment, act }));
    },
    async unmute({ characterId, offline, act }) {
      const outcome = await moderation.unmute({ characterId, offline, act });
      return outcome.kind === "not_muted" ? "not_muted" : sanctionOutcome(outcome);
    },
    async jail({ characterId, minutes, reason, offline, punishment, act }) {
      return sanctionOutcome(await moderation.jail({ characterId, minutes, reason, offline, ...(punishment !== undefined ? { punishment } : {}), act }));
    },
    async warn({ characterId, reason, offline, punishment, act }) {
      return sanctionOutcome(await moderation.warn({ characterId, reason, offline, punishment, act }));
    },
    async served(characterId, penalty) {
      await (penalty === "mute" ? moderation.muteServed(characterId) : moderation.jailServed(characterId));
    },
    async punishmentsOf(characterId) {
      return (await moderation.punishmentsOf(characterId)).map((entry) => ({ number: entry.number, text: entry.text, createdAt: entry.createdAt }));
    },
    async editPunishment({ characterId, number, text, act }) {
      const outcome = await moderation.editPunishment({ characterId, number, text, act });
      return outcome.kind === "ok" || outcome.kind === "not_found" ? outcome.kind : "invalid";
    },
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

// -- `/ANAME`: the rename by id and its `/PENAS` entry
/** Offline renames through the character repository; the record entry through moderation (the command's own audit row says who). */
export function staffRenamesOver(database: Database): StaffRenames {
  return {
    renameOffline: (characterId, newName) => database.characters.renameOfflineCharacter(characterId, newName),
    async addPunishment(characterId, text) {
      await database.moderation.addPunishment({ characterId, text });
    },
  };
}

// -- reports (gm-and-moderation §3.8): the queue of `/GM` and `/DENUNCIAR` in the `reports` table
/** The pending reports the SOS panel lists at most (the oldest first). */
const MAX_LISTED_REPORTS = 500;

/** The report queue over the moderation repository; an input it refuses is `invalid`. */
export function staffReportsOver(database: Database): StaffReportStore {
  const { moderation } = database;
  return {
    async add(input) {
      const outcome = await moderation.addReport({ ...input, chatExcerpt: [...input.chatExcerpt] });
      return outcome.kind === "ok" || outcome.kind === "no_such_character" ? outcome.kind : "invalid";
    },
    async pending() {
      return (await moderation.listReports({ status: "pending", limit: MAX_LISTED_REPORTS })).map((report) => ({
        id: report.id,
        reporterName: report.reporterName,
        text: report.text,
        category: report.category,
        chatExcerpt: report.chatExcerpt,
        createdAt: report.createdAt,
      }));
    },
    async close({ reportId, resolution, act }) {
      const outcome = await moderation.closeReport({ reportId, resolution, act });
      return outcome.kind === "ok" || outcome.kind === "not_found" || outcome.kind === "already_closed" ? outcome.kind : "invalid";
    },
    async closeAll({ resolution, act }) {
      const outcome = await moderation.closePendingReports({ resolution, act });
      return outcome.kind === "ok" ? outcome.closed : "invalid";
    },
  };
}

// -- information and server control (gm-info): what the staff's information commands read
/**
 * The stored character of a name with its standing, the stored vault, the world's object names
 * and experience table, the world's online states and the gateway's save of everyone online.
 */
export function staffInformationOver(
  database: Database,
  parts: {
    vaults: { loadBank(characterId: number): Promise<BankSlot[] | "unavailable"> };
    objectNames: ReadonlyMap<number, string>;
    expToLevelUp: readonly number[];
    onlineStates(): CharacterRecord[];
    saveOnline(): Promise<{ outcome: "ok" | "not_found" | "unavailable"; characters: number }>;
  },
): StaffInformationSources {
  return {
    async characterNamed(name) {
      const record = await database.characters.findCharacterByName(name);
      if (record === null) return null;
      const role = await database.staff.roleOf(record.id);
      return { record, standing: role === null ? PLAYER : { rank: role.rank, roleMaster: role.rolemaster } };
    },
    vaultOf: (characterId) => parts.vaults.loadBank(characterId),
    objectName: (objectId) => parts.objectNames.get(objectId),
    expToNextLevel: (level) => parts.expToLevelUp[level - 1],
    onlineStates: () => parts.onlineStates(),
    saveOnline: () => parts.saveOnline(),
    async leaveMessage(characterId, fromName, text) {
      const outcome = await database.moderation.leaveMessage({ characterId, fromName, text });
      return outcome.kind === "ok" || outcome.kind === "no_such_character" ? outcome.kind : "invalid";
    },
    takeMessages: (characterId) => database.moderation.takeMessages(characterId),
  };
}
