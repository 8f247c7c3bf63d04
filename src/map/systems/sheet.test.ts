/**
 * The four requests of the stock client's character windows, through `MapInstance.handle` with
 * real packet bodies (the lines themselves are known-answer tested in game/character-sheet).
 */
import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT } from "../../game/character/index.ts";
import { TEST_ITEMS, world, type Received } from "../map-harness.test-support.ts";

const INFO = 3;

function lines(packets: Received[]): string[] {
  return packets.map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} ${p.fields.params} @${p.fields.fontIndex}` : p.name));
}

describe("the character windows", () => {
  test("/EST: the thirteen lines of SendUserStatsTxt, with the live gold and equipment, the counters this server does not keep as 0", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10, {
      with: {
        inventory: [{ slot: 1, objectId: TEST_ITEMS.helmet, amount: 1, equipped: true }],
        equipment: { ...EMPTY_EQUIPMENT, helmet: TEST_ITEMS.helmet },
        gold: 250,
      },
    });
    w.drain();
    w.server.act(1, "RequestStats", {});
    expect(lines(w.drain())).toEqual([
      `1295 Ana @${INFO}`,
      `1857 1¬0¬0 @${INFO}`,
      `1858 30¬32¬5¬6¬40¬40 @${INFO}`,
      `1860 1¬2 @${INFO}`,
      `1098  @${INFO}`,
      `1862 0¬0 @${INFO}`,
      `1298 250 @${INFO}`,
      `1299 0 @${INFO}`,
      `478 0 @${INFO}`,
      `1300 0 @${INFO}`,
      `2078 0 @${INFO}`,
      `1307 0 @${INFO}`,
      `2104 Ullathorpe @${INFO}`,
    ]);
  });

  test("RequestSkills answers SendSkills with the 24 skills; RequestAtributes the five attributes; RequestMiniStats the counters with the status drawn", () => {
    const w = world();
    const skills = Array.from({ length: 24 }, (_, index) => index);
    w.enter(1, "Ana", 10, 10, { with: { skills, attributes: [18, 17, 16, 15, 14], factionStatus: 2 } });
    w.drain();
    w.server.act(1, "RequestSkills", {});
    w.server.act(1, "RequestAtributes", {});
    w.server.act(1, "RequestMiniStats", {});
    const out = w.drain();
    expect(out.map((p) => p.name)).toEqual(["SendSkills", "Atributes", "MiniStats"]);
    expect(out[0]!.fields.skills).toEqual(skills);
    // The frame's order is STR, AGI, INT, CON, CHA (the record's is STR, AGI, INT, CHA, CON).
    expect(out[1]!.fields).toEqual({ strength: 18, agility: 17, intelligence: 16, constitution: 14, charisma: 15 });
    expect(out[2]!.fields).toMatchObject({ status: 2, class: 1, gender: 1, race: 1, citizensKilled: 0, deaths: 0 });
  });

  test("/PROMEDIO: class, race and level, the expected life, the life it has with the difference's sign (the numbers are known-answer tested in game/character-sheet)", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10, { with: { level: 1 } });
    w.drain();
    w.server.act(1, "Promedio", {});
    const out = w.drain().filter((p) => p.name === "LocaleMsg");
    expect(out.map((p) => p.fields.messageId)).toEqual([1988, 1220, 1221]);
    const record = w.server.snapshot()[0]!.state;
    expect(out[0]!.fields.params).toBe(`${record.class}¬${record.race}¬1`);
    expect(String(out[2]!.fields.params)).toMatch(new RegExp(`^${record.vitals.maxHp} \\([+-]\\d+\\)¬`));
    expect([out[0]!.fields.fontIndex, out[1]!.fields.fontIndex]).toEqual([4, 4]);
    expect([41, 42, 43]).toContain(out[2]!.fields.fontIndex as number);
  });

  test("a ghost gets the same answers (VB6 checks nothing)", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10, { with: { vitals: { hp: 0, maxHp: 32, mana: 0, maxMana: 6, stamina: 0, maxStamina: 40, food: 100, water: 100 } } });
    w.drain();
    w.server.act(1, "RequestSkills", {});
    w.server.act(1, "RequestStats", {});
    expect(w.drain().map((p) => p.name)).toEqual(["SendSkills", ...Array.from({ length: 13 }, () => "LocaleMsg")]);
  });
});
