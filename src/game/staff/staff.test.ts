/**
 * Ranks and permissions (gm-and-moderation §1.1, §2, §9, §11 tests 5 and 10): the known answers
 * of `CompararPrivilegios`, the `Privilegios` values, the fixed permission matrix, and that every
 * game-master packet of the stock client has a row.
 */
import { describe, expect, test } from "bun:test";
import { clientCodec } from "../../protocol/index.ts";
import { comparePrivileges, mayUse, outranks, PLAYER, privilegesOf, STAFF_COMMANDS, standingOf, type StaffStanding } from "./index.ts";

const admin: StaffStanding = { rank: "admin", roleMaster: false };
const dios: StaffStanding = { rank: "dios", roleMaster: false };
const semidios: StaffStanding = { rank: "semidios", roleMaster: false };
const consejero: StaffStanding = { rank: "consejero", roleMaster: false };
const rolemasterPlayer: StaffStanding = { rank: null, roleMaster: true };

describe("ranks", () => {
  test("Privilegios values: 1, 3, 4, 6, 8, 10, 16, 18, 32, 34", () => {
    const values = [PLAYER, rolemasterPlayer, consejero, { ...consejero, roleMaster: true }, semidios, { ...semidios, roleMaster: true }, dios, { ...dios, roleMaster: true }, admin, { ...admin, roleMaster: true }].map(privilegesOf);
    expect(values).toEqual([1, 3, 4, 6, 8, 10, 16, 18, 32, 34]);
    for (const value of values) expect(privilegesOf(standingOf(value))).toBe(value);
  });

  test("CompararPrivilegios known answers (§1.1, §11 test 5)", () => {
    expect([comparePrivileges(32, 16), comparePrivileges(34, 32), comparePrivileges(8, 8), comparePrivileges(1, 3), comparePrivileges(4, 3)]).toEqual([1, 1, 0, -1, 1]);
  });

  test("decision (G11): acting on someone needs a strictly higher rank, and the RM bit gives no power", () => {
    expect(outranks(dios, semidios)).toBe(true);
    expect(outranks(semidios, semidios)).toBe(false);
    expect(outranks(semidios, dios)).toBe(false);
    expect(outranks({ ...admin, roleMaster: true }, admin)).toBe(false);
    expect(outranks(rolemasterPlayer, PLAYER)).toBe(false);
    expect(outranks(consejero, rolemasterPlayer)).toBe(true);
  });
});

describe("the permission matrix", () => {
  test("every row names a real client packet; the game-master set of §2 (133 packets) and the five player-side ones are all there", () => {
    const names = Object.keys(STAFF_COMMANDS);
    for (const name of names) expect(clientCodec.get(name)?.name).toBe(name);
    const playerSide = ["Online", "RoleMasterRequest", "Punishments", "Denounce", "QuestionGM"];
    const gmIds = names.filter((name) => !playerSide.includes(name)).map((name) => clientCodec.get(name)!.id);
    expect(gmIds).toHaveLength(133);
    for (let id = 101; id <= 206; id++) if (id !== 133 && id !== 185) expect(gmIds).toContain(id);
    for (const id of [208, 212, 216, 217, 222, 223, 226, 231, 241, 242, 243, 245, 246, 248, 249, 250, 251, 257, 265, 267, 272, 283, 291, 292, 295, 296, 297, 298, 310]) expect(gmIds).toContain(id);
    for (const name of playerSide) expect(names).toContain(name);
  });

  test("a player passes only the player-side commands", () => {
    const open = Object.entries(STAFF_COMMANDS).filter(([, command]) => mayUse(PLAYER, command)).map(([name]) => name).sort();
    expect(open).toEqual(["Denounce", "Punishments", "QuestionGM", "RoleMasterRequest"]);
  });

  test("decision (G12): a role-master player passes only role-play and event commands; VB6's RM-or-Dios administrative ones need Dios", () => {
    const open = Object.entries(STAFF_COMMANDS).filter(([name, command]) => mayUse(rolemasterPlayer, command) && !mayUse(PLAYER, command)).map(([name]) => name).sort();
    expect(open).toEqual(["BusquedaTesoro", "ForceMIDIToMap", "ForceWAVEToMap", "SetCharDescription", "ShowName"]);
    for (const name of ["RemovePunishment", "SystemMessage", "SetMOTD", "MakeDumb", "ChangeMapInfoRestricted", "ChangeMapSetting", "RemoveCharFromGuild"] as const) {
      expect({ name, rm: mayUse(rolemasterPlayer, STAFF_COMMANDS[name]), dios: mayUse(dios, STAFF_COMMANDS[name]) }).toEqual({ name, rm: false, dios: true });
    }
  });

  test("VB6's ¬RM: an Admin with the RM bit is refused what a plain Admin may do", () => {
    expect(mayUse(admin, STAFF_COMMANDS.SaveChars)).toBe(true);
    expect(mayUse({ ...admin, roleMaster: true }, STAFF_COMMANDS.SaveChars)).toBe(false);
  });

  test("decisions G3, G13: an event of any type needs SemiDios; the server's debug data is Admin's", () => {
    expect(mayUse(consejero, STAFF_COMMANDS.StartEvent)).toBe(false);
    expect(mayUse(semidios, STAFF_COMMANDS.StartEvent)).toBe(true);
    expect(mayUse(dios, STAFF_COMMANDS.RequestDebug)).toBe(false);
    expect(mayUse(admin, STAFF_COMMANDS.RequestDebug)).toBe(true);
  });

  test("/CI: a Dios is refused with Msg979, as VB6", () => {
    expect(mayUse(dios, STAFF_COMMANDS.CreateItem)).toBe(false);
    expect(STAFF_COMMANDS.CreateItem.refusal).toBe(979);
  });
});
