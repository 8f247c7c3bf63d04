import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAX_SERVER_INI_BYTES, MAX_SERVER_INI_ENTRIES, parseServerIniStaff } from "./server-ini-staff.ts";

const parse = (text: string) => parseServerIniStaff(new TextEncoder().encode(text), "Server.ini");

/** The shipped example's staff part, with its RoleMaster1 key (never read, G2). */
const EXAMPLE = `[INIT]
MaxUsers=500
Admines=1
Dioses=1
SemiDioses=1
Consejeros=1
RolesMasters=1

[Admines]
Admin1=Haracin|xxx@ccc.com

[Dioses]
Dios1=Maraxus|yyy@ccc.com

[SemiDioses]
SemiDios1=Recox|zzz@ccc.com

[Consejeros]
Consejero1=Gulfas|www@ccc.com

[RolesMasters]
RoleMaster1=Reyarb|vvv@ccc.com
`;

describe("parseServerIniStaff", () => {
  test("the example file: four ranks with their emails; RoleMaster1 is reported, not read (G2)", () => {
    const parsed = parse(EXAMPLE);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.entries).toEqual([
      { name: "Haracin", grant: { rank: "admin", rolemaster: false }, sources: [{ key: "Admin1", line: 10, email: "XXX@CCC.COM" }] },
      { name: "Maraxus", grant: { rank: "dios", rolemaster: false }, sources: [{ key: "Dios1", line: 13, email: "YYY@CCC.COM" }] },
      { name: "Recox", grant: { rank: "semidios", rolemaster: false }, sources: [{ key: "SemiDios1", line: 16, email: "ZZZ@CCC.COM" }] },
      { name: "Gulfas", grant: { rank: "consejero", rolemaster: false }, sources: [{ key: "Consejero1", line: 19, email: "WWW@CCC.COM" }] },
    ]);
    expect(parsed.skipped).toEqual([
      { section: "RolesMasters", key: "RM1", line: null, reason: "missing" },
      { section: "RolesMasters", key: "ROLEMASTER1", line: 22, reason: "not_read" },
    ]);
  });

  test("§11 test 1: no |email grants nothing; RM1 grants the flag; a name in several lists gets the highest rank and the flag", () => {
    const parsed = parse(`[init]\nadmines=2\nconsejeros=1\nrolesmasters=2\n[ADMINES]\nAdmin1=Haracin\nADMIN2=Pepe|p@x\n[Consejeros]\nConsejero1=pepe|other@x\n[RolesMasters]\nRM1=Pepe|p@x\nRM2=Solo|s@x\n`);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.entries.map((entry) => [entry.name, entry.grant, entry.sources.map((source) => source.key)])).toEqual([
      ["Pepe", { rank: "admin", rolemaster: true }, ["Admin2", "Consejero1", "RM1"]],
      ["Solo", { rank: null, rolemaster: true }, ["RM2"]],
    ]);
    expect(parsed.skipped).toEqual([{ section: "Admines", key: "Admin1", line: 6, reason: "no_email" }]);
  });

  test("counts are VB6 Val(): missing is 0, entries past the count are not read, a missing entry grants nothing", () => {
    const parsed = parse(`[INIT]\nDioses=1 ; one god\n[Dioses]\nDios1=  Maraxus  |m@x\nDios2=Extra|e@x\n[SemiDioses]\nSemiDios1=Nadie|n@x\n`);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.entries.map((entry) => entry.name)).toEqual(["Maraxus"]);
    expect(parsed.skipped.map((skip) => [skip.key, skip.reason])).toEqual([
      ["DIOS2", "not_read"],
      ["SEMIDIOS1", "not_read"],
    ]);
    expect(parse(`[INIT]\nAdmines=3\n[Admines]\nAdmin2=B|b@x\nAdmin3=|nobody@x\n`)).toMatchObject({ ok: true, entries: [{ name: "B" }], skipped: [{ key: "Admin1", reason: "missing" }, { key: "Admin3", reason: "empty_name" }] });
  });

  test("hostile files are refused whole, with one line", () => {
    const refused = (text: string | Uint8Array) => {
      const parsed = typeof text === "string" ? parse(text) : parseServerIniStaff(text, "Server.ini");
      expect(parsed.ok).toBe(false);
      const message = parsed.ok ? "" : parsed.message;
      expect(message.includes("\n")).toBe(false);
      return message;
    };
    expect(refused(`[INIT]\nAdmines=${MAX_SERVER_INI_ENTRIES + 1}\n`)).toContain("is not a count from 0 to 1000");
    expect(refused(`[INIT]\nAdmines=-1\n`)).toContain("line 2");
    expect(refused(`[INIT]\nAdmines=1.5\n`)).toContain("is not a count");
    expect(refused(`[INIT]\nAdmines=99999999999999999999\n`)).toContain("is not a count");
    expect(refused(`[INIT]\nAdmines=1\n[Admines]\nAdmin1=Ha\u001b[31mracin|x@y\n`)).toBe("line 4: [Admines] Admin1 has control characters");
    expect(refused(`[INIT]\nAdmines=1\n[Admines]\nAdmin1=${"x".repeat(65)}|x@y\n`)).toContain("longer than 64");
    expect(refused(new Uint8Array([0x5b, 0x49, 0x00, 0x5d]))).toContain("NUL bytes");
    expect(refused(new Uint8Array(MAX_SERVER_INI_BYTES + 1).fill(0x41))).toContain("at most");
  });

  test("SQL-looking names are just names (resolution is the database's, by parameter)", () => {
    const parsed = parse(`[INIT]\nAdmines=1\n[Admines]\nAdmin1=x'; DROP TABLE staff_roles; --|a@b\n`);
    expect(parsed).toMatchObject({ ok: true, entries: [{ name: "x'; DROP TABLE staff_roles; --", grant: { rank: "admin" } }] });
  });

  test("random bytes never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2_000 }), (bytes) => {
        parseServerIniStaff(bytes, "x");
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom("[INIT]\n", "[Admines]\n", "Admines=", "Admin1=", "|", "a", "9", "\n", "RM1=", "[RolesMasters]\n", "RolesMasters=2\n", " "), { maxLength: 60 }), (parts) => {
        const parsed = parse(parts.join(""));
        if (parsed.ok) for (const entry of parsed.entries) expect(entry.grant.rank !== null || entry.grant.rolemaster).toBe(true);
      }),
    );
  });
});
