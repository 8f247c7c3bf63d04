/**
 * docs/protocol-coverage.md is the tables', regenerated: a stale file (a system claimed a packet,
 * a decision line changed, and `bun src/tools/protocol-coverage.ts` was not run) fails here.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { protocolCoverage } from "../map/index.ts";
import { COVERAGE_DOC, renderProtocolCoverage } from "./protocol-coverage.ts";

describe("docs/protocol-coverage.md", () => {
  test("is what the tables say now (regenerate with `bun src/tools/protocol-coverage.ts`)", () => {
    const { rows, conflicts } = protocolCoverage();
    expect(conflicts).toEqual([]);
    expect(readFileSync(COVERAGE_DOC, "utf8")).toBe(renderProtocolCoverage(rows));
  });

  test("lists all 312 client packets by id, with the counts by state at the top", () => {
    const text = renderProtocolCoverage(protocolCoverage().rows);
    expect(text.match(/^\| \d+ \| /gm)).toHaveLength(312);
    expect(text).toContain("Client packets: 312.");
    expect(text).toContain("| 47 | Rest | planned | everyday |");
    expect(text).toContain("| 28 | GuildDeclareWar | answered as disabled |");
    expect(text).toContain("| 305 | LoginAccount | gateway (login) | gateway |");
  });
});
