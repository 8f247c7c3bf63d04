/**
 * `argentum balance` run in-process: on the built-in world, on the real **2024 data** (shared
 * `ao20/Dat`, fernesitto/Argentum-20 @4d6913b: the §10 (a)/(b) numbers of
 * combat-and-progression.md), and with hostile input (exit 2, one line naming the bad value).
 */
import { describe, expect, test } from "bun:test";
import { requireSharedData, sharedDataPath } from "../../test/support/shared-data.ts";
import { balanceCommand, type BalanceReport } from "./balance-command.ts";
import { memoryIo } from "./command.ts";

const DAT_2024 = "ao20/Dat";
const ready = requireSharedData(`${DAT_2024}/obj.dat`, `${DAT_2024}/npcs.dat`, `${DAT_2024}/Balance.dat`);

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await balanceCommand.run(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function json(...argv: string[]): Promise<BalanceReport> {
  const result = await run(...argv, "--json");
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(result.stdout) as BalanceReport;
}

const WARRIOR_VS_RAT = ["--class", "Guerrero", "--race", "Humano", "--level", "1", "--weapon", "2085", "--vs-npc", "511"];

describe.skipIf(!ready)("argentum balance on the 2024 data (§10 a, b)", () => {
  const dat = ["--dat", sharedDataPath(DAT_2024)];

  test("Rata #511 vs a level-1 Human Warrior with Espada Larga (Newbie) #2085: 46%, 9–10, 16 exp; back 54%, 2–4", async () => {
    const report = await json(...dat, ...WARRIOR_VS_RAT);
    expect(report.attacker).toMatchObject({
      class: "Guerrero",
      race: "Humano",
      level: 1,
      attributes: { strength: 19, agility: 19, intelligence: 19, charisma: 18, constitution: 20 },
      hp: 20,
      minHit: 1,
      maxHit: 2,
      equipment: { weapon: { id: 2085, name: "Espada Larga (Newbie)" }, armor: null },
    });
    expect(report.target).toMatchObject({ kind: "npc", id: 511, name: "Rata", hp: 15, attackIntervalMs: 2000, giveExp: 16 });
    expect(report.attack).toEqual({
      from: "Guerrero Humano 1",
      to: "Rata",
      hitChancePercent: 46,
      damage: { min: 9, max: 10, mean: 9.5, distribution: [[9, 0.5], [10, 0.5]], approximate: false },
      targetHp: 15,
      intervalMs: 1165,
      expectedHitsToKill: 2,
      expectedSwingsToKill: 4.34782608696,
      expectedSecondsToKill: 3.90021739130,
      expPerKill: 16,
    });
    expect(report.defense).toMatchObject({
      hitChancePercent: 54,
      damage: { min: 2, max: 4, mean: 3, distribution: [[2, 0.333333333333], [3, 0.333333333333], [4, 0.333333333333]] },
      targetHp: 20,
      intervalMs: 2000,
      expPerKill: null,
    });
    expect(report.warnings).toEqual([]);
  });

  test("the text says the same", async () => {
    const { code, stdout, stderr } = await run(...dat, ...WARRIOR_VS_RAT);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toContain("Guerrero Humano 1 → Rata\n  hit chance      46%\n  damage per hit  9–10, mean 9.50\n                  9: 50%, 10: 50%\n");
    expect(stdout).toContain("  hits to kill    2.00 expected for 15 HP (4.35 swings)\n  time to kill    3.90 s (one blow every 1165 ms)\n  exp per kill    16\n");
    expect(stdout).toContain("Rata → Guerrero Humano 1\n  hit chance      54%\n  damage per hit  2–4, mean 3.00\n");
  });

  test("skills and the current-Balance variant of §10 (a) 3: Armas 10 → 52%; a bow without fitting arrows is flagged (§11)", async () => {
    const trained = await json(...dat, ...WARRIOR_VS_RAT, "--skills", "armas=10");
    expect(trained.attack.hitChancePercent).toBe(52);
    expect(trained.attacker.kind === "character" && trained.attacker.skills).toEqual({ armas: 10 });
    const archer = await json(...dat, "--class", "Cazador", "--race", "Elfo", "--level", "1", "--weapon", "479", "--ammo", "480", "--vs-npc", "Rata");
    expect(archer.attack.intervalMs).toBe(1200);
    expect(archer.warnings).toEqual(["Arco Simple cannot shoot here: it needs ammunition of Subtipo 1 (--ammo); shown as if it could"]);
  });

  test("against a character both ways, 2 × the victim's level in exp", async () => {
    const report = await json(...dat, "--class", "Guerrero", "--race", "Humano", "--level", "1", "--weapon", "2085", "--vs-class", "Mago", "--vs-level", "3");
    expect(report.target).toMatchObject({ kind: "character", class: "Mago", race: "Humano", level: 3 });
    expect(report.attack).toMatchObject({ from: "Guerrero Humano 1", to: "Mago Humano 3", expPerKill: 6 });
    expect(report.defense).toMatchObject({ from: "Mago Humano 3", to: "Guerrero Humano 1", expPerKill: 2, targetHp: 20 });
    // The warrior's sword: u 1..2 + 3 · 2 + 1.6 at ×1.07 → 9 or 10 against a mage without armour.
    expect(report.attack.damage.distribution).toEqual([[9, 0.5], [10, 0.5]]);
  });
});

describe("argentum balance on the built-in world", () => {
  test("a Warrior with the training sword against the grey wolf #4: both directions, numbers from the world's own tables", async () => {
    const report = await json("--class", "guerrero", "--race", "humano", "--level", "5", "--weapon", "8", "--armor", "15", "--skills", "armas=20,tacticas=10", "--vs-npc", "4");
    expect(report.world).toBe('world "Alba (argentum-bun default world)" (built in)');
    expect(report.target).toMatchObject({ name: "Lobo Ceniciento", hp: 45, giveExp: 35 });
    // Level 5 at GOLPE_PRE_36 3: hit 13–14; Armas 20, AGI 19: (20 + 0.6 · 19) × 1 = 31.4 → 31 vs evasion 18 → 55.2 → 55%.
    expect(report.attacker).toMatchObject({ minHit: 13, maxHit: 14, hp: 60 });
    expect(report.attack.hitChancePercent).toBe(55);
    expect(report.attack.expPerKill).toBe(35);
    const total = report.attack.damage.distribution.reduce((sum, [, p]) => sum + p, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(report.defense.intervalMs).toBe(2000);
  });

  test("--help prints the usage on stdout", async () => {
    const { code, stdout } = await run("--help");
    expect(code).toBe(0);
    expect(stdout).toStartWith("usage: argentum balance");
  });
});

describe("argentum balance refuses hostile input with exit 2 and one line naming the bad value", () => {
  const base = ["--class", "Guerrero", "--race", "Humano", "--level", "1"];
  const cases: [string[], string][] = [
    [["--class", "Guerero", "--race", "Humano", "--level", "1", "--vs-npc", "4"], '--class "Guerero": unknown class'],
    [["--class", "Guerrero", "--race", "Hobbit", "--level", "1", "--vs-npc", "4"], '--race "Hobbit": unknown race'],
    [["--class", "13", "--race", "Humano", "--level", "1", "--vs-npc", "4"], "--class 13: must be 1..12"],
    [[...base.slice(0, 4), "--level", "0", "--vs-npc", "4"], "--level 0: must be 1..47"],
    [[...base.slice(0, 4), "--level", "48", "--vs-npc", "4"], "--level 48: must be 1..47"],
    [[...base.slice(0, 4), "--level", "-3", "--vs-npc", "4"], '--level "-3": not a whole number'],
    [[...base.slice(0, 4), "--level", "1e3", "--vs-npc", "4"], '--level "1e3": not a whole number'],
    [[...base, "--vs-npc", "99999"], '--vs-npc "99999": no such NPC in this world'],
    [[...base, "--vs-npc", "Dragón Rojo"], '--vs-npc "Dragón Rojo": no such NPC in this world'],
    [[...base, "--vs-npc", "4", "--weapon", "999"], "--weapon 999: no object 999 in this world"],
    [[...base, "--vs-npc", "4", "--weapon", "6"], "--weapon 6: object 6 (Manzana de Alba) is not a weapon"],
    [[...base, "--vs-npc", "4", "--shield", "8"], "--shield 8: object 8 (Espada de Práctica) is not a shield"],
    [[...base, "--vs-npc", "4", "--weapon", "abc"], '--weapon "abc": not a whole number'],
    [[...base, "--vs-npc", "4", "--skills", "armas=101"], "--skills armas 101: must be 0..100"],
    [[...base, "--vs-npc", "4", "--skills", "cocina=5"], '--skills "cocina": unknown skill'],
    [[...base, "--vs-npc", "4", "--skills", "armas"], '--skills "armas": expected NAME=POINTS'],
    [[...base], "--vs-npc NPC or --vs-class CLASS is required"],
    [[...base, "--vs-npc", "4", "--vs-class", "Mago"], "--vs-npc and --vs-class exclude each other"],
    [[...base, "--vs-npc", "4", "--vs-level", "3"], "--vs-level goes with --vs-class, not --vs-npc"],
    [[...base, "--vs-class", "Mago", "--vs-weapon", "6"], "--vs-weapon 6: object 6 (Manzana de Alba) is not a weapon"],
    [["--race", "Humano", "--level", "1", "--vs-npc", "4"], "--class is required"],
    [[...base, "--vs-npc", "4", "--level", "2"], "--level given twice"],
    [[...base, "--vs-npc", "4", "--bogus"], 'unknown option "--bogus"'],
    [[...base, "--vs-npc"], "--vs-npc needs a value"],
    [[...base, "--vs-npc", "4", "--world", "w", "--dat", "d"], "--world and --dat exclude each other"],
  ];
  for (const [argv, message] of cases) {
    test(message, async () => {
      const { code, stdout, stderr } = await run(...argv);
      expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
      expect(stderr).toStartWith(`argentum balance: ${message}`);
      expect(stderr).not.toContain("    at "); // no stack trace
    });
  }

  test("a world that cannot be loaded is exit 1 with the reason", async () => {
    const { code, stderr } = await run("--world", "/nonexistent/world", ...base, "--vs-npc", "4");
    expect(code).toBe(1);
    expect(stderr).toStartWith("argentum balance: world pack /nonexistent/world could not be loaded: ");
    expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
  });
});
