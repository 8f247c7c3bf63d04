/**
 * §6.8 taming refusals in VB6's order and §9 meditation start/stop and cadence, on inline data
 * with scripted draws (the real-data cases are in worked-examples.test.ts).
 */
import { describe, expect, test } from "bun:test";
import { AO20_VITALS_INTERVALS } from "../vitals/index.ts";
import { attemptTaming, meditationFx, toggleMeditation, type Tamer, type TamingTarget } from "./index.ts";
import { scripted, skillsWith } from "./test-fixtures.ts";

const DRUID: Tamer = { classId: 6, level: 10, charisma: 18, skills: skillsWith({ 24: 50 }), pets: [] };
const BEAST: TamingTarget = { kind: "npc", tameDifficulty: 100, minTameLevel: 5, master: "none", ownedByPlayer: false, distance: 4 };

describe("taming (§6.8)", () => {
  test("refusals in order: nothing there 719, not tamable 718, farther than 4 (Manhattan) 8, fighting a player 717, already yours 655, three pets 660, someone else's 656, level 1321", () => {
    expect(attemptTaming(scripted(), DRUID, { kind: "none" })).toMatchObject({ message: 719 });
    expect(attemptTaming(scripted(), DRUID, { ...BEAST, tameDifficulty: 0 })).toMatchObject({ message: 718 });
    expect(attemptTaming(scripted(), DRUID, { ...BEAST, distance: 5 })).toMatchObject({ message: 8 });
    expect(attemptTaming(scripted(), DRUID, { ...BEAST, ownedByPlayer: true, master: "tamer" })).toMatchObject({ message: 717 });
    expect(attemptTaming(scripted(), DRUID, { ...BEAST, master: "tamer" })).toMatchObject({ message: 655 });
    const full: Tamer = { ...DRUID, pets: [{ kind: "tamed", npc: 1 }, { kind: "stored", npc: 2 }, { kind: "summoned", npc: 3, remainingMs: 100 }] };
    expect(attemptTaming(scripted(), full, { ...BEAST, master: "other" })).toMatchObject({ message: 660 });
    expect(attemptTaming(scripted(), DRUID, { ...BEAST, master: "other" })).toMatchObject({ message: 656 });
    expect(attemptTaming(scripted(), { ...DRUID, level: 4 }, BEAST)).toEqual({ kind: "refused", reason: "level_too_low", message: 1321, param: 5 });
  });

  test("a Druid with CHA 18 and Domar 50 has 150 points: Domable 100 falls on a roll of 1 (20 %); on a map without pets it waits outside (658)", () => {
    expect(attemptTaming(scripted([1, 5, 1]), DRUID, BEAST)).toMatchObject({ kind: "tamed", points: 150, storedOutside: false, messages: [657] });
    expect(attemptTaming(scripted([1, 5, 1]), DRUID, BEAST, true)).toMatchObject({ kind: "tamed", storedOutside: true, messages: [657, 658] });
    expect(attemptTaming(scripted([1, 5, 5]), DRUID, BEAST)).toMatchObject({ kind: "failed", messages: [659], skillUses: [{ who: "caster", skill: 24 }] });
  });
});

describe("meditation (§9)", () => {
  const mage = { classId: 1, level: 1, factionStatus: 1, dead: false, mounted: false, mana: 10, maxMana: 158, meditating: false };

  test("full mana or a class that does not meditate: ignored silently; dead 77; mounted 756", () => {
    expect(toggleMeditation({ ...mage, mana: 158 }, 0)).toEqual({ kind: "ignored", reason: "full_mana" });
    expect(toggleMeditation({ ...mage, mana: 158, meditating: true }, 0)).toEqual({ kind: "ignored", reason: "full_mana" });
    for (const classId of [3, 8, 9, 10, 11]) expect(toggleMeditation({ ...mage, classId }, 0)).toEqual({ kind: "ignored", reason: "cannot_meditate" });
    expect(toggleMeditation({ ...mage, dead: true }, 0)).toEqual({ kind: "refused", reason: "dead", message: 77 });
    expect(toggleMeditation({ ...mage, mounted: true }, 0)).toEqual({ kind: "refused", reason: "mounted", message: 756 });
  });

  test("starting: the level's FX (153 up to 12, 154 for criminals, 120 past 46); first mana after 21 game ticks (840 ms), then every 10 (400 ms); stopping: FX 0", () => {
    expect(toggleMeditation(mage, 5_000)).toEqual({ kind: "started", fx: 153, firstTickAtMs: 5_840, tickMs: 400 });
    expect(AO20_VITALS_INTERVALS.meditationFirstTickMs).toBe(840);
    expect(toggleMeditation({ ...mage, meditating: true }, 5_000)).toEqual({ kind: "stopped", fx: 0 });
    expect([meditationFx(12, 1), meditationFx(13, 1), meditationFx(1, 0), meditationFx(30, 4), meditationFx(46, 3), meditationFx(47, 0)]).toEqual([153, 155, 154, 162, 171, 120]);
  });
});
