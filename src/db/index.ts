/**
 * Persistence: accounts and characters on Postgres (when a URL is configured) or on PGlite in a
 * worker thread (otherwise). The rest of the server imports only this module and never drizzle,
 * the schema or a backend.
 *
 * @example
 *   const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, logger });
 *   const login = await db.accounts.verifyPassword(email, password);
 */
export { openDatabase, pgliteDataDir, restoreDatabase, appliedMigrationTags } from "./database.ts";
export { BACKUP_FORMAT, BACKUP_TABLES, BACKUP_VERSION, parseBackup, type BackupHeader, type BackupSummary, type ParsedBackup, type RestoreOutcome } from "./backup.ts";
/** With the backend's handles (PGlite's memory report): for benchmarks and tools, not the server. */
export { openDatabaseInternal } from "./database.ts";
export type { Database, DatabaseBackend, OpenDatabaseOptions } from "./database.ts";
export { DatabaseError } from "./database-error.ts";
export type { DatabaseErrorCode } from "./database-error.ts";
export type { DatabaseLogger } from "./logger.ts";
export { DEFAULT_PASSWORD_HASHING, describePasswordHashing, measurePasswordHashCost } from "./password-hashing.ts";
export type { MeasureHashCostOptions, PasswordHashCost, PasswordHashing, PasswordHashObserver, PasswordHashWork } from "./password-hashing.ts";
export { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from "./account-repository.ts";
export type { Account, AccountRepository, CreateAccountOutcome, VerifyPasswordOutcome } from "./account-repository.ts";
export type {
  BankCredit,
  CharacterRepository,
  CreditRefusal,
  CreateCharacterOutcome,
  SaveCharacterOutcome,
  SaveCharactersOutcome,
  SaveOfflineCharacterOutcome,
  RenameOutcome,
  SaveOptions,
} from "./character-repository.ts";
export type {
  ChangeWorldOutcome,
  CharacterPlacement,
  CharacterRelocation,
  WorldIdentity,
  WorldIdentityRepository,
  WorldRef,
} from "./world-identity-repository.ts";
export { MAP_LEASE_MS, MAP_LEASE_RENEW_INTERVAL_MS, type ClaimOutcome, type HeldLease, type MapLease, type MapLeaseRepository, type MapLeaseState, type RefusedClaim, type ReleaseOutcome, type RenewOutcome } from "./map-lease-repository.ts";
export {
  MAX_GATEWAY_INDEX,
  NODE_LIVENESS_MS,
  type ClusterNode,
  type ClusterNodeRepository,
  type ClusterNodeRole,
  type ClusterNodeState,
  type NodeRegistration,
  type RegisterOutcome,
} from "./cluster-node-repository.ts";
export {
  AUDIT_ACTOR_KINDS,
  AUDIT_OUTCOMES,
  DEFAULT_AUDIT_LIMIT,
  MAX_AUDIT_ACTION_LENGTH,
  MAX_AUDIT_BATCH,
  MAX_AUDIT_DETAIL_LENGTH,
  MAX_AUDIT_LIMIT,
  MAX_AUDIT_PARAMS_JSON_LENGTH,
  MAX_AUDIT_TARGET_NAME_LENGTH,
  actorLabel,
  type AuditActor,
  type AuditActorKind,
  type AuditEntry,
  type AuditOutcome,
  type AuditQuery,
  type AuditRecord,
  type AuditRepository,
  type AuditTarget,
  type StaffAct,
} from "./audit-repository.ts";
export {
  MAX_ROLES_BATCH,
  STAFF_RANKS,
  type GrantOutcome,
  type RevokeOutcome,
  type StaffGrant,
  type StaffRank,
  type StaffRepository,
  type StaffRole,
  type StaffRoleEntry,
  type StaffSubject,
} from "./staff-repository.ts";
export {
  DEFAULT_MODERATION_LIMIT,
  MAX_MODERATION_LIMIT,
  type AddBanOutcome,
  type Ban,
  type BanCheck,
  type BanQuery,
  type BanSubject,
  type BanSubjectInput,
  type CharacterSanction,
  type CharacterSanctionOutcome,
  type InvalidRange,
  type JailReleaseKind,
  type JailSentence,
  type LiftBanOutcome,
  type LiftBansOfOutcome,
  type ModerationRepository,
  type Mute,
  type MuteLiftKind,
  type OnlineRefusal,
  type PunishmentEntry,
  type StaffMessage,
  type Report,
  type ReportKind,
  type ReportStatus,
  type Warning,
} from "./moderation-repository.ts";
export {
  MAX_ACTOR_NAME_LENGTH,
  MAX_BAN_DURATION_MS,
  MAX_CHAT_EXCERPT_LINES,
  MAX_CHAT_LINE_LENGTH,
  MAX_JAIL_MINUTES,
  MAX_MUTE_MINUTES,
  MAX_PUNISHMENT_TEXT_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REPORT_CATEGORY_LENGTH,
  MAX_REPORT_TEXT_LENGTH,
  MAX_RESOLUTION_LENGTH,
  MIN_BAN_DURATION_MS,
  type InputProblem,
  type InvalidInput,
} from "./staff-input.ts";
export { MIN_IPV4_BAN_PREFIX, MIN_IPV6_BAN_PREFIX, normalizeAddress, parseBanRange, type IpRangeParse, type IpRangeProblem } from "./ip-range.ts";
export { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_POOL_SIZE } from "./postgres-backend.ts";
export { PGLITE_OPEN_TIMEOUT_MS } from "./pglite-backend.ts";
