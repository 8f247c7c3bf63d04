/**
 * The server applies migrations from src/db/migrations.gen.ts, never from disk. These tests fail
 * when someone ran drizzle-kit without regenerating that module (or edited either by hand).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderMigrationsModule } from "../src/db/generate-migrations.ts";
import { parseJournal } from "../src/db/migration-journal.ts";
import { MIGRATIONS } from "../src/db/migrations.gen.ts";
import { splitStatements } from "../src/db/migrator.ts";

const repoRoot = resolve(import.meta.dir, "..");
const journal = parseJournal(readFileSync(join(repoRoot, "migrations", "meta", "_journal.json"), "utf8"));

describe("embedded migrations", () => {
  test("list exactly the journal's entries, in journal order", () => {
    expect(journal.length).toBeGreaterThan(0);
    expect(MIGRATIONS.map((migration) => migration.tag)).toEqual(journal.map((entry) => entry.tag));
  });

  test("carry the SQL files' exact text", () => {
    for (const migration of MIGRATIONS) {
      expect(migration.sql).toBe(readFileSync(join(repoRoot, "migrations", `${migration.tag}.sql`), "utf8"));
    }
  });

  test("the generated module is what the generator writes today", () => {
    const committed = readFileSync(join(repoRoot, "src", "db", "migrations.gen.ts"), "utf8");
    expect(committed).toBe(renderMigrationsModule(journal.map((entry) => entry.tag)));
  });

  test("the first migration creates both tables and their case-insensitive unique indexes", () => {
    const statements = splitStatements(MIGRATIONS[0]!.sql);
    expect(statements.some((statement) => statement.startsWith('CREATE TABLE "accounts"'))).toBe(true);
    expect(statements.some((statement) => statement.startsWith('CREATE TABLE "characters"'))).toBe(true);
    expect(statements).toContain('CREATE UNIQUE INDEX "accounts_email_lower_key" ON "accounts" USING btree (lower("email"));');
    expect(statements).toContain('CREATE UNIQUE INDEX "characters_name_lower_key" ON "characters" USING btree (lower("name"));');
  });
});
