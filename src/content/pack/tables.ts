/**
 * The game tables a pack carries: the `.dat` context's `GameTables`. On disk they are stored in
 * compact form (defaults left out, `compactGameTables`); `GameTablesSchema` restores them.
 */
import { GameTablesSchema, compactGameTables, type GameTables } from "../dat/index.ts";

export const PackTablesSchema = GameTablesSchema;
export type PackTables = GameTables;

/** The JSON text stored in `tables.json`. */
export function encodeTables(tables: PackTables): string {
  return JSON.stringify(compactGameTables(tables));
}
