import { describe, expect, test } from "bun:test";
import { DatabaseError, findPostgresError, toDatabaseError, type DatabaseErrorCode } from "./database-error.ts";

/** What drizzle does to driver errors: a wrapper whose message carries the query and its parameters. */
function drizzleWrapped(cause: unknown): Error {
  return new Error('Failed query: insert into "accounts" ... params: hero@example.com,$argon2id$secret-hash', { cause });
}

const serverError = (code: string, message: string, constraint?: string) => Object.assign(new Error(message), { code, constraint });

describe("toDatabaseError", () => {
  const cases: [string, unknown, DatabaseErrorCode][] = [
    ["wrong password", serverError("28P01", 'password authentication failed for user "x"'), "auth_failed"],
    ["unknown role", serverError("28000", 'role "x" does not exist'), "auth_failed"],
    ["missing database", serverError("3D000", 'database "x" does not exist'), "database_not_found"],
    ["check violation", serverError("23514", "violates check constraint", "characters_level_positive"), "constraint_violated"],
    ["foreign key violation", serverError("23503", "violates foreign key constraint"), "constraint_violated"],
    ["syntax error", serverError("42601", "syntax error at or near"), "query_failed"],
    ["refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }), "unreachable"],
    ["postgres.js connect timeout", Object.assign(new Error("write CONNECT_TIMEOUT"), { code: "CONNECT_TIMEOUT" }), "unreachable"],
    ["pool ended", Object.assign(new Error("write CONNECTION_ENDED"), { code: "CONNECTION_ENDED" }), "closed"],
    ["anything else", new Error("boom"), "query_failed"],
  ];
  for (const [label, cause, code] of cases) {
    test(`${label} -> ${code}, also when wrapped by drizzle`, () => {
      expect(toDatabaseError(cause, "testing").code).toBe(code);
      const wrapped = toDatabaseError(drizzleWrapped(cause), "testing");
      expect(wrapped.code).toBe(code);
      expect(wrapped.message).not.toContain("secret-hash");
      expect(wrapped.cause).toBeDefined();
    });
  }

  test("names the constraint that failed", () => {
    const error = toDatabaseError(drizzleWrapped(serverError("23514", "new row violates check constraint", "characters_gold_non_negative")), "saving 3 character(s)");
    expect(error.message).toBe(
      "saving 3 character(s) broke a schema rule (constraint characters_gold_non_negative): new row violates check constraint",
    );
  });

  test("keeps a DatabaseError found in the chain", () => {
    const inner = new DatabaseError("worker_failed", "the PGlite worker exited");
    expect(toDatabaseError(drizzleWrapped(inner), "testing")).toBe(inner);
  });
});

describe("findPostgresError", () => {
  test("ignores codes that are not SQLSTATEs", () => {
    expect(findPostgresError(new DatabaseError("query_failed", "x"))).toBeUndefined();
    expect(findPostgresError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(findPostgresError("23505")).toBeUndefined();
  });

  test("reads postgres.js's constraint_name", () => {
    expect(findPostgresError(Object.assign(new Error("dup"), { code: "23505", constraint_name: "accounts_email_lower_key" }))).toEqual({
      code: "23505",
      message: "dup",
      constraint: "accounts_email_lower_key",
      detail: undefined,
    });
  });
});
