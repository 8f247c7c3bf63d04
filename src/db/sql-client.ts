/**
 * The few raw-SQL operations the migrator and the backends share, below drizzle. Each backend
 * (postgres.js, the PGlite worker) implements it once; repositories go through drizzle instead.
 */

/** "array": each row is an array of column values in select order; "object": keyed by column name. */
export type RowMode = "array" | "object";

export interface SqlStatement {
  sql: string;
  params?: unknown[];
}

export interface SqlClient {
  /** One statement with parameters. Timestamps come back as the server's text, not Dates (drizzle parses them). */
  query(sql: string, params: unknown[], rowMode: RowMode): Promise<unknown[]>;
  /** Runs the statements in order inside one transaction: all apply or none does. */
  transaction(statements: SqlStatement[]): Promise<void>;
  /**
   * Runs read-only statements in one REPEATABLE READ transaction, so every one sees the same
   * snapshot of the database (a backup), and returns each one's rows as arrays of values.
   */
  snapshot(statements: SqlStatement[]): Promise<unknown[][][]>;
  close(): Promise<void>;
}
