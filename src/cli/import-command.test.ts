import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMPTY_MAP_DAT, encodeCsm } from "../content/index.ts";
import { memoryIo } from "./command.ts";
import { importCommand } from "./import-command.ts";

let root: string;
let maps: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "argentum-import-cli-"));
  maps = join(root, "Mapas");
  out = join(root, "pack");
  mkdirSync(maps);
  const map = (name: string, destMap: number) =>
    encodeCsm({
      mapDat: { ...EMPTY_MAP_DAT, mapName: name },
      blocked: [{ x: 1, y: 1, sides: 15 }, { x: 2, y: 1, sides: 2 }],
      triggers: [{ x: 3, y: 3, trigger: 4 }],
      objects: [{ x: 4, y: 4, obj: 10, amount: 1 }],
      npcs: [{ x: 5, y: 5, npc: 1 }],
      exits: [{ x: 50, y: 10, destMap, destX: 50, destY: 90 }],
    });
  writeFileSync(join(maps, "mapa1.csm"), map("Uno", 2));
  writeFileSync(join(maps, "Mapa2.csm"), map("Dos", 1));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("argentum import", () => {
  test("bad usage exits 2 with a reason", async () => {
    for (const [argv, reason] of [
      [[], "--maps DIR is required"],
      [["--maps", maps], "--out DIR is required"],
      [["--maps", maps, "--out", out, "--format", "ao14"], "--format must be ao20 or ao013"],
      [["--maps", maps, "--out", out, "--verbose"], 'unknown option "--verbose"'],
      [["--maps"], "--maps needs a value"],
    ] as const) {
      const io = memoryIo();
      expect(await importCommand.run([...argv], io)).toBe(2);
      expect(io.stderr).toContain(reason);
      expect(io.stderr).toContain("usage: argentum import");
    }
  });

  test("imports, prints the report JSON with exactly the agreed keys, progress on stderr", async () => {
    const io = memoryIo();
    expect(await importCommand.run(["--maps", maps, `--out=${out}`], io)).toBe(0);
    const report = JSON.parse(io.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(["format", "maps", "errors", "warnings"]);
    expect(report).toEqual({
      format: "ao20",
      maps: [
        { file: "mapa1.csm", id: 1, name: "Uno", blocked: 2, exits: 1, npcs: 1, objects: 1, triggers: 1 },
        { file: "Mapa2.csm", id: 2, name: "Dos", blocked: 2, exits: 1, npcs: 1, objects: 1, triggers: 1 },
      ],
      errors: [],
      warnings: [],
    });
    expect(io.stderr).toContain("import: 2/2 maps\n");
    expect(io.stderr).not.toContain("\r");
    expect(io.stderr).toMatch(/2 maps imported, 0 errors, 0 warnings; pack .* \(sha256 [0-9a-f]{64}\)/);
    expect(JSON.parse(readFileSync(join(out, "world.json"), "utf8")).maps).toHaveLength(2);
  });

  test("the pack is named after the format, never after the maps folder; --name names it", async () => {
    expect(await importCommand.run(["--maps", maps, "--out", out], memoryIo())).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "world.json"), "utf8")).name).toBe("ao20");
    const named = join(root, "named");
    expect(await importCommand.run(["--maps", maps, "--out", named, "--name", "Tierras del Sur 2024"], memoryIo())).toBe(0);
    expect(JSON.parse(readFileSync(join(named, "world.json"), "utf8")).name).toBe("Tierras del Sur 2024");
  });

  test.each([
    ["", "--name needs a value"],
    ["   ", "a world name cannot be empty"],
    [" Alba", "cannot start or end with blanks"],
    ["Alba\nfatal: injected", "cannot contain control characters"],
    ["Alba\u001b[31m", "cannot contain control characters"],
    ["Alba\u0085", "cannot contain control characters"],
    ["x".repeat(65), "at most 64 characters (this one has 65)"],
    ["ñ".repeat(10_000), "at most 64 characters"],
  ])("--name %p is refused with one line, exit 2, nothing written", async (name, reason) => {
    const io = memoryIo();
    expect(await importCommand.run(["--maps", maps, "--out", out, `--name=${name}`], io)).toBe(2);
    expect(io.stderr).toContain(reason);
    expect(io.stdout).toBe("");
    if (name !== "") {
      // A bad name is the whole message: one line, short whatever the input.
      expect(io.stderr.split("\n")).toEqual([expect.stringMatching(/^argentum import: --name "/), ""]);
      expect(io.stderr.length).toBeLessThan(200);
    }
    expect(existsSync(out)).toBe(false);
  });

  test("--report writes the file; a broken map exits 1 naming file and byte", async () => {
    writeFileSync(join(maps, "mapa3.csm"), new Uint8Array(12));
    const reportFile = join(root, "report.json");
    const tty = Object.assign(memoryIo(), { stderrIsTty: true });
    expect(await importCommand.run(["--maps", maps, "--out", out, "--report", reportFile, "--format", "ao20"], tty)).toBe(1);
    expect(tty.stdout).toBe("");
    expect(tty.stderr).toContain("\r[");
    expect(tty.stderr).toContain("3/3 mapa3.csm");
    expect(tty.stderr).toContain("error: mapa3.csm at byte 12: file ends inside the 52-byte header");
    const report = JSON.parse(readFileSync(reportFile, "utf8"));
    expect(report.maps).toHaveLength(2);
    expect(report.errors).toEqual([{ code: "truncated", file: "mapa3.csm", offset: 12, message: "mapa3.csm at byte 12: file ends inside the 52-byte header (only 12 bytes)" }]);
  });
});
