/**
 * Persistence: accounts and characters on Postgres (when a URL is configured) or on PGlite in a
 * worker thread (otherwise). The rest of the server imports only this module and never drizzle,
 * the schema or a backend.
 *
 * @example
 *   const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, logger });
 *   const login = await db.accounts.verifyPassword(email, password);
 */
export { openDatabase, pgliteDataDir } from "./database.ts";
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
export { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_POOL_SIZE } from "./postgres-backend.ts";
export { PGLITE_OPEN_TIMEOUT_MS } from "./pglite-backend.ts";
