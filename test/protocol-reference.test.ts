/**
 * Cross-checks the packet tables against the reference itself (docs/ao20-protocol.md §3.3 and
 * §3.4), read at test time and never copied into the repo: every id has the reference's enum
 * name, and every packet whose reference payload is a plain field list has exactly those wire
 * types in that order.
 *
 * The reference lives beside the shared data: $AO_SHARED_DOCS, or <repo>/../shared/docs. When it
 * is missing the test fails in CI (CI=true) and is skipped elsewhere.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { clientCodec, serverCodec, type Layout, type PacketCodec } from "../src/protocol/index.ts";

const repoRoot = resolve(import.meta.dir, "..");
const sharedData = process.env.AO_SHARED_DATA ?? join(repoRoot, "../shared/data");
const docsDir = process.env.AO_SHARED_DOCS ?? join(dirname(resolve(repoRoot, sharedData)), "docs");
const referencePath = join(docsDir, "ao20-protocol.md");
const available = existsSync(referencePath);

if (!available) {
  const why = `protocol reference not found at ${referencePath} (set AO_SHARED_DOCS)`;
  if (process.env.CI === "true") {
    test("protocol reference is available", () => {
      throw new Error(why);
    });
  } else {
    console.warn(`skipping protocol reference cross-check: ${why}`);
  }
}

interface Row {
  readonly id: number;
  readonly enumName: string;
  readonly payload: string;
}

function rowsOf(markdown: string, section: "3.3" | "3.4"): Row[] {
  const start = markdown.indexOf(`### ${section}`);
  const end = markdown.indexOf("\n### ", start + 5);
  const rows: Row[] = [];
  for (const line of markdown.slice(start, end === -1 ? undefined : end).split("\n")) {
    const match = /^\|\s*(\d+)\s*\|[^|]*\|\s*`([^`]+)`\s*\|[^|]*\|(.*)\|\s*$/.exec(line);
    if (match) rows.push({ id: Number(match[1]), enumName: match[2]!, payload: match[3]!.trim() });
  }
  return rows;
}

const SIMPLE_PAYLOAD = /^(?:(?:u8|i16|i32|f32|bool|str|varint|sa8) [A-Za-z_0-9]+(?:, |$))+$/;

/** Wire types of a layout made only of plain fields, or undefined if it has lists/conditions. */
function plainTypes(layout: Layout): string[] | undefined {
  const types: string[] = [];
  for (const node of layout) {
    if (node.kind !== "field") return undefined;
    types.push(node.type);
  }
  return types;
}

function crossCheck(codec: PacketCodec, rows: Row[], realCount: number): void {
  test(`the reference lists ids 0..${realCount + 2}`, () => {
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: realCount + 3 }, (_, i) => i));
  });

  test("every id has the reference's enum name (without the leading e)", () => {
    for (const row of rows.filter((r) => r.id >= 1 && r.id <= realCount)) {
      const expected = row.enumName.slice(1, 2).toUpperCase() + row.enumName.slice(2);
      expect({ id: row.id, name: codec.byId[row.id]?.name }).toEqual({ id: row.id, name: expected });
    }
  });

  test("plain payloads have the reference's wire types, in order", () => {
    let checked = 0;
    for (const row of rows.filter((r) => r.id >= 1 && r.id <= realCount)) {
      const layout = codec.byId[row.id]!.def.layout;
      // Login packets list both builds; PYMMO=0 is the one this codec speaks.
      const payload = row.payload.replace(/^PYMMO=0: (.*?) \*\*\/\*\* PYMMO=1: .*$/, "$1");
      if (payload === "(no payload)") {
        expect({ id: row.id, layout }).toEqual({ id: row.id, layout: [] });
        checked++;
      } else if (SIMPLE_PAYLOAD.test(payload)) {
        const expected = payload.split(", ").map((field) => field.split(" ")[0] ?? "");
        expect({ id: row.id, types: plainTypes(layout) }).toEqual({ id: row.id, types: expected });
        checked++;
      }
    }
    // Most packets have plain payloads; the rest are covered by the hand-checked vectors.
    expect(checked).toBeGreaterThan(realCount * 0.75);
  });
}

if (available) {
  const markdown = readFileSync(referencePath, "utf8");
  describe("server → client table against §3.3", () => crossCheck(serverCodec, rowsOf(markdown, "3.3"), 202));
  describe("client → server table against §3.4", () => crossCheck(clientCodec, rowsOf(markdown, "3.4"), 312));
}
