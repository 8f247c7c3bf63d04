/**
 * The slice of a pino logger the database uses; pass `logger.child({ ctx: "db" })`.
 * Kept structural so src/db does not depend on how the server builds its logger.
 */
export interface DatabaseLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** For callers that pass no logger. */
export const SILENT_LOGGER: DatabaseLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
