/**
 * The combat, death and progression frames of the map's packet builder decode back to the fields
 * they were given (the builder fills the layouts by name: a wrong name would throw or drop data).
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { decodeServerPacket, toHex } from "../protocol/index.ts";
import { createMapPackets } from "./protocol-packets.ts";

const packets = createMapPackets({ expToLevelUp: [375, 413, 488] });

function decoded(frame: Uint8Array): { name: string; fields: Record<string, unknown> } {
  const length = frame[0]! | (frame[1]! << 8);
  expect(length).toBe(frame.length - 2);
  const result = decodeServerPacket(frame.subarray(2));
  if (!result.ok) throw result.error;
  return { name: result.packet.name, fields: result.packet.fields as Record<string, unknown> };
}

describe("combat frames", () => {
  test("each builder writes its packet with the given values", () => {
    expect(decoded(packets.charSwing(7, true, false, true))).toEqual({ name: "CharSwing", fields: { charIndex: 7, showFx: true, showText: false, notifyText: true } });
    expect(decoded(packets.armaMov(7, true))).toEqual({ name: "ArmaMov", fields: { charIndex: 7, isRanged: 1 } });
    expect(decoded(packets.escudoMov(9))).toEqual({ name: "EscudoMov", fields: { charIndex: 9 } });
    expect(decoded(packets.charAtaca(12, 7, -1))).toEqual({ name: "CharAtaca", fields: { charIndex: 12, attackerIndex: 7, damage: -1 } });
    expect(decoded(packets.npcHitUser(6, 3))).toEqual({ name: "NPCHitUser", fields: { bodyPart: 6, damage: 3 } });
    expect(decoded(packets.userHittedUser(8, 1, 12))).toEqual({ name: "UserHittedUser", fields: { victimCharIndex: 8, bodyPart: 1, damage: 12 } });
    expect(decoded(packets.userHittedByUser(7, 2, 5))).toEqual({ name: "UserHittedByUser", fields: { attackerCharIndex: 7, bodyPart: 2, damage: 5 } });
    expect(decoded(packets.textOverChar("-9", 12, 255))).toEqual({ name: "TextOverChar", fields: { text: "-9", charIndex: 12, color: 255 } });
    expect(decoded(packets.charUpdateHp(12, 6, 15))).toEqual({ name: "CharUpdateHP", fields: { charIndex: 12, minHp: 6, maxHp: 15, shield: 0 } });
    expect(decoded(packets.createFx(7, 106, 0))).toEqual({ name: "CreateFX", fields: { charIndex: 7, fx: 106, fxLoops: 0, x: 0, y: 0 } });
    expect(decoded(packets.particleFx(7, 22, 30, false))).toEqual({
      name: "ParticleFX",
      fields: { charIndex: 7, particle: 22, time: 30, remove: false, grh: 0, x: 0, y: 0 },
    });
    expect(decoded(packets.npcKillUser())).toEqual({ name: "NPCKillUser", fields: {} });
    expect(decoded(packets.updateExp(16))).toEqual({ name: "UpdateExp", fields: { exp: 16 } });
    expect(decoded(packets.levelUp(15))).toEqual({ name: "LevelUp", fields: { freeSkillPoints: 15 } });
  });

  test("shots and faction status", () => {
    expect(decoded(packets.workRequestTarget(12))).toEqual({ name: "WorkRequestTarget", fields: { skill: 12, isArea: false, radius: 0 } });
    expect(decoded(packets.createProjectile(20, 20, 20, 15, 2))).toEqual({
      name: "CreateProjectile",
      fields: { startX: 20, startY: 20, targetX: 20, targetY: 15, projectileType: 2 },
    });
    expect(decoded(packets.updateCooldownType(7))).toEqual({ name: "UpdateCooldownType", fields: { cooldownType: 7 } });
    expect(decoded(packets.updateTagAndStatus(9, 0, "Ana"))).toEqual({ name: "UpdateTagAndStatus", fields: { charIndex: 9, status: 0, tag: "Ana", arrayIndex: 0 } });
    expect([decoded(packets.safeMode(true)).name, decoded(packets.safeMode(false)).name]).toEqual(["SafeModeOn", "SafeModeOff"]);
  });

  test("UpdateUserStats carries the live wallet and the experience needed to leave the level", () => {
    const record = {
      level: 2,
      exp: 40,
      gold: 5,
      class: 3,
      vitals: { hp: 31, maxHp: 31, mana: 0, maxMana: 0, stamina: 12, maxStamina: 75, food: 100, water: 90 },
    } as unknown as Parameters<typeof packets.updateUserStats>[0];
    const { name, fields } = decoded(packets.updateUserStats(record, 1234));
    expect(name).toBe("UpdateUserStats");
    expect(fields).toMatchObject({ maxHp: 31, minHp: 31, maxSta: 75, minSta: 12, gold: 1234, level: 2, expToNextLevel: 413, exp: 40, class: 3 });
  });
});

describe("the character sheet frames (§4.6: SendSkills 87, Atributes 67, MiniStats 79)", () => {
  /** Skills 1…24 worth 1…24 points, attributes all different: every byte says where it came from. */
  const sheetRecord = testCharacter(1, {
    freeSkillPoints: 3,
    skills: Array.from({ length: 24 }, (_, index) => index + 1),
    // Record order: strength, agility, intelligence, charisma, constitution.
    attributes: [18, 19, 20, 15, 21],
  });
  const SEND_SKILLS_HEX = "1a 00 57 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18";
  // The wire order is STR, AGI, INT, CON, CHA (VB6 `WriteAttributes`).
  const ATRIBUTES_HEX = "07 00 43 00 12 13 14 15 0f";

  test("the login burst sends SendSkills (with free points) and Atributes with exactly these bytes", () => {
    const burst = packets.loginBurstAfterArea(sheetRecord, 3, []);
    const byId = (id: number) => burst.filter((frame) => (frame[2]! | (frame[3]! << 8)) === id).map((frame) => toHex(frame, " "));
    expect(byId(87)).toEqual([SEND_SKILLS_HEX]);
    expect(byId(67)).toEqual([ATRIBUTES_HEX]);
  });

  test("the standalone SendSkills and Atributes are the login burst's bytes", () => {
    expect(toHex(packets.sendSkills(sheetRecord.skills), " ")).toBe(SEND_SKILLS_HEX);
    expect(toHex(packets.attributes(sheetRecord.attributes), " ")).toBe(ATRIBUTES_HEX);
    // VB6 writes NUMSKILLS bytes whatever: a short list is padded with 0, a long one cut.
    expect(decoded(packets.sendSkills([7, 8])).fields.skills).toEqual([7, 8, ...new Array<number>(22).fill(0)]);
    expect(decoded(packets.sendSkills(Array.from({ length: 30 }, () => 9))).fields.skills).toEqual(new Array<number>(24).fill(9));
  });

  test("MiniStats: i32, i32, u8, i32, u8, i32, i32, u8, i32, u8 in VB6's order", () => {
    const frame = packets.miniStats({
      citizensKilled: 1,
      criminalsKilled: 258,
      factionStatus: 3,
      npcsKilled: 70_000,
      classId: 4,
      jailMinutes: 5,
      deaths: 6,
      gender: 2,
      fishingPoints: 7,
      race: 6,
    });
    expect(toHex(frame, " ")).toBe("1e 00 4f 00 01 00 00 00 02 01 00 00 03 70 11 01 00 04 05 00 00 00 06 00 00 00 02 07 00 00 00 06");
  });

  test("a value outside its field's range is a thrown fault, not a wrong byte", () => {
    expect(() => packets.attributes([256, 18, 18, 18, 18])).toThrow();
    expect(() => packets.sendSkills([-1])).toThrow();
  });
});
