/**
 * Faults of the persistence layer. Expected outcomes (a taken name, a wrong password) are values
 * returned by the repositories; a DatabaseError means the database itself could not do its job.
 */

export type DatabaseErrorCode =
  /** Nothing answered at the address, or it did not answer in time. */
  | "unreachable"
  /** The server refused the user or password. */
  | "auth_failed"
  /** The server is up but the database named in the URL does not exist. */
  | "database_not_found"
  /** The URL or options cannot be used. */
  | "invalid_config"
  /** An embedded migration failed; the schema is left as it was before that migration. */
  | "migration_failed"
  /** A statement failed (lost connection, bad SQL, resource limits ...). */
  | "query_failed"
  /** A row broke a schema rule (check, foreign key); nothing of that statement was written. */
  | "constraint_violated"
  /** The caller passed something the repository refuses before touching the database. */
  | "invalid_argument"
  /** The PGlite worker failed to load, start or answer, or died. */
  | "worker_failed"
  /** Used after close(). */
  | "closed";

export class DatabaseError extends Error {
  override readonly name = "DatabaseError";

  constructor(
    readonly code: DatabaseErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The fields of a Postgres server error we use, whichever client produced it. */
export interface PostgresErrorFields {
  /** SQLSTATE, five characters. */
  code: string;
  message: string;
  constraint?: string | undefined;
  detail?: string | undefined;
}

const SQLSTATE_PATTERN = /^[0-9A-Z]{5}$/;

/**
 * Finds the Postgres server error inside an error chain. drizzle wraps driver errors in its own
 * (whose message embeds the query parameters, password hashes included), so we look through
 * `cause` and never surface the wrapper's message.
 */
export function findPostgresError(error: unknown): PostgresErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; constraint?: unknown; constraint_name?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && SQLSTATE_PATTERN.test(candidate.code)) {
      const constraint = candidate.constraint ?? candidate.constraint_name;
      return {
        code: candidate.code,
        message: typeof candidate.message === "string" ? candidate.message : "",
        constraint: typeof constraint === "string" ? constraint : undefined,
        detail: typeof candidate.detail === "string" ? candidate.detail : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** SQLSTATE values the repositories react to. */
export const SQLSTATE = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
  notNullViolation: "23502",
  invalidPassword: "28P01",
  invalidAuthorization: "28000",
  invalidCatalogName: "3D000",
} as const;

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
]);

function findDatabaseError(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    if (current instanceof DatabaseError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function innermostMessage(error: unknown): string {
  let current: unknown = error;
  let message = String(error);
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const candidate = current as { message?: unknown; cause?: unknown };
    if (typeof candidate.message === "string" && candidate.message !== "") message = candidate.message;
    current = candidate.cause;
  }
  return message;
}

/**
 * Maps any failure of a statement to a DatabaseError with a one-line message. `what` names the
 * operation for the message ("saving 12 characters").
 */
export function toDatabaseError(error: unknown, what: string): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const server = findPostgresError(error);
  if (server) {
    const constraint = server.constraint ? ` (constraint ${server.constraint})` : "";
    switch (server.code) {
      case SQLSTATE.invalidPassword:
      case SQLSTATE.invalidAuthorization:
        return new DatabaseError("auth_failed", `database refused the login while ${what}: ${server.message}`, { cause: error });
      case SQLSTATE.invalidCatalogName:
        return new DatabaseError("database_not_found", `database not found while ${what}: ${server.message}`, { cause: error });
      case SQLSTATE.checkViolation:
      case SQLSTATE.foreignKeyViolation:
      case SQLSTATE.notNullViolation:
      case SQLSTATE.uniqueViolation:
        return new DatabaseError("constraint_violated", `${what} broke a schema rule${constraint}: ${server.message}`, { cause: error });
      default:
        return new DatabaseError("query_failed", `${what} failed [${server.code}]${constraint}: ${server.message}`, { cause: error });
    }
  }
  const inner = findDatabaseError(error);
  if (inner) return inner;
  const code = errorCodeOf(error);
  if (code === "CONNECTION_ENDED") {
    return new DatabaseError("closed", `${what} failed: the database was closed`, { cause: error });
  }
  if (code !== undefined && CONNECTION_ERROR_CODES.has(code)) {
    return new DatabaseError("unreachable", `database unreachable while ${what}: ${innermostMessage(error)}`, { cause: error });
  }
  return new DatabaseError("query_failed", `${what} failed: ${innermostMessage(error)}`, { cause: error });
}
