import { describe, expect, test } from "bun:test";
import { sha256Hex, splitStatements, STATEMENT_BREAKPOINT } from "./migrator.ts";

describe("splitStatements", () => {
  test("splits on drizzle-kit's breakpoint, trimming and dropping empty pieces", () => {
    const sql = `CREATE TABLE "a" (\n\t"id" integer\n);\n${STATEMENT_BREAKPOINT}\nCREATE INDEX "i" ON "a" ("id");${STATEMENT_BREAKPOINT}\n\n${STATEMENT_BREAKPOINT}`;
    expect(splitStatements(sql)).toEqual(['CREATE TABLE "a" (\n\t"id" integer\n);', 'CREATE INDEX "i" ON "a" ("id");']);
  });

  test("a migration without breakpoints is one statement", () => {
    expect(splitStatements("  SELECT 1;\n")).toEqual(["SELECT 1;"]);
    expect(splitStatements("")).toEqual([]);
  });
});

test("sha256Hex matches the known digest of 'abc'", () => {
  expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});
