/**
 * drizzle-kit configuration: turns src/db/schema.ts into SQL migrations under migrations/.
 * Run through `bun src/db/generate-migrations.ts`, which also refreshes the embedded
 * migrations module the server applies at start (it never reads migrations/ at run time).
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./migrations",
  strict: true,
  verbose: true,
});
