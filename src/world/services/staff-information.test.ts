/**
 * The staff service's information and server-control commands (staff-information.ts) over a fake
 * world, a fake database of stored characters and an in-memory audit sink: a target online on
 * any map or offline (its row), the rank filters of decision G26, GM-only mode, /GRABAR, the user
 * list and /MENSAJEINFORMACION, each audited once with its real outcome.
 */
import { describe, expect, test } from "bun:test";
import type { BankSlot, CharacterRecord } from "../../game/character/index.ts";
import { testCharacter } from "../../game/character/character-record.test-support.ts";
import type { StaffStanding } from "../../game/staff/index.ts";
import { silentLogger } from "../../log/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import { FakeServiceWorld } from "../fake-service-world.test-support.ts";
import type { AuditRow } from "./audit-log.ts";
import { ServerSettings, type StaffInformationSources } from "./staff-information.ts";
import { StaffService } from "./staff.ts";

const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };

const NO_MODERATION = new Proxy({}, { get: () => () => Promise.reject(new Error("not used here")) }) as never;

function setup(options: { sources?: Partial<StaffInformationSources>; withInformation?: boolean } = {}) {
  const world = new FakeServiceWorld();
  // Online players stand on map 1 in the fake world; "Lejano" plays on map 34 (see `player`).
  const onMap = new Map<number, number>();
  const basePlayer = world.player.bind(world);
  world.player = (session) => {
    const found = basePlayer(session);
    return found && { ...found, map: onMap.get(session) ?? found.map };
  };
  const rows: AuditRow[] = [];
  const stored = new Map<string, { record: CharacterRecord; standing: StaffStanding }>();
  const vaults = new Map<number, BankSlot[]>();
  const settings = new ServerSettings();
  let saves = 0;
  const kept: { characterId: number; fromName: string; text: string }[] = [];
  const sources: StaffInformationSources = {
    characterNamed: async (name) => stored.get(name.trim().toLowerCase()) ?? null,
    vaultOf: async (characterId) => vaults.get(characterId) ?? [],
    objectName: (id) => ({ 2: "Espada", 38: "Poción roja" })[id],
    expToNextLevel: (level) => [300, 450][level - 1],
    onlineStates: () => world.knownStates(),
    saveOnline: async () => {
      saves += 1;
      return { outcome: "ok", characters: world.onlineCount };
    },
    leaveMessage: async (characterId, fromName, text) => {
      if (text.length > 1_000) return "invalid";
      kept.push({ characterId, fromName, text });
      return "ok";
    },
    takeMessages: async (characterId) => kept.splice(0).filter((message) => message.characterId === characterId),
    ...options.sources,
  };
  const staff = new StaffService({
    world,
    audit: { append: async (batch) => void rows.push(...batch) },
    moderation: NO_MODERATION,
    node: "node-a",
    logger: silentLogger(),
    sessions: {
      actorOf: (session) => {
        const state = world.player(session)?.state;
        // Sessions 1 and 3 connect from the same address.
        return state && { accountId: 100 + state.id, characterId: state.id, name: state.name, address: `::ffff:10.0.0.${session === 3 ? 1 : session}` };
      },
      disconnect: () => undefined,
      sessionsOfAccount: () => [],
    sessionsInWorld: () => [],
    },
    ...(options.withInformation === false ? {} : { information: { sources, settings } }),
  });
  const place = (session: number, name: string, fields: Partial<CharacterRecord> = {}, map?: number) => {
    world.place(session, testCharacter(session, { name, ...fields }));
    if (map !== undefined) onMap.set(session, map);
  };
  const store = (id: number, name: string, fields: Partial<CharacterRecord> = {}, standing: StaffStanding = { rank: null, roleMaster: false }) =>
    stored.set(name.toLowerCase(), { record: testCharacter(id, { name, ...fields }), standing });
  const settle = async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** Sends one command and lets its database reads settle (so answers come in the order asked). */
  const command = async (session: number, action: string, command: StaffServiceCommand) => {
    staff.fromMap({ service: "staff", session, map: 1, message: { kind: "command", action, params: {}, command }, state: undefined });
    await settle();
  };
  /** What was told to `session`, as "id params" for locale lines and quoted text for console lines. */
  const told = (session: number) =>
    world.told
      .filter((entry) => entry.session === session)
      .map(({ message }) => {
        if (message.kind === "tell") return message.message.kind === "locale" ? `${message.message.id} ${message.message.params}`.trim() : `"${message.message.text}"`;
        return JSON.stringify(message);
      });
  const audits = () => rows.map((row) => [row.action, row.outcome, row.target?.name ?? null, row.detail]);
  return { world, staff, rows, settings, place, store, vaults, command, settle, told, audits, saves: () => saves, kept };
}

describe("a character anywhere, or offline", () => {
  test("/DONDE finds a player on another map; offline is Msg540; a target that outranks the asker is not located, silently", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: DIOS });
    t.place(2, "Lejano", { position: { map: 34, x: 50, y: 60, heading: 3 } }, 34);
    t.place(3, "Jefa", { staff: ADMIN });
    await t.command(1, "Where", { kind: "where", target: "lejano" });
    await t.command(1, "Where", { kind: "where", target: "Nadie" });
    await t.command(1, "Where", { kind: "where", target: "Jefa" });
    await t.settle();
    expect(t.told(1)).toEqual(["1090 Lejano: 34, 50, 60.", "540"]);
    expect(t.audits()).toEqual([
      ["Where", "ok", "Lejano", null],
      ["Where", "refused_rule", "Nadie", "not_online"],
      ["Where", "refused_rank", "Jefa", null],
    ]);
  });

  test("the sheets of an online player come from its known state, of an offline one from its row", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: DIOS });
    t.place(2, "Lejano", { level: 1, exp: 120, gold: 30, bankGold: 900, inventory: [{ slot: 3, objectId: 38, amount: 5, equipped: false }] }, 34);
    t.store(9, "Dormido", { gold: 7, bankGold: 4_000, inventory: [{ slot: 1, objectId: 2, amount: 1, equipped: true }], freeSkillPoints: 3 });
    await t.command(1, "RequestCharInfo", { kind: "sheet", sheet: "info", target: "Lejano" });
    await t.command(1, "RequestCharGold", { kind: "sheet", sheet: "gold", target: "Dormido" });
    await t.command(1, "RequestCharInventory", { kind: "sheet", sheet: "inventory", target: "Lejano" });
    await t.command(1, "RequestCharStats", { kind: "sheet", sheet: "stats", target: "Dormido" });
    await t.settle();
    const [info, gold, inventory, stats] = [t.told(1).slice(0, 5), t.told(1).slice(5, 6), t.told(1).slice(6, 9), t.told(1).slice(9)];
    expect(info[0]).toBe("1295 Lejano");
    expect(info[1]).toBe("1857 1¬120¬300");
    expect(info[3]).toBe("1298 30");
    expect(gold).toEqual(["1612 Dormido¬4000"]);
    expect(inventory).toEqual(['"Lejano"', "1311 1", "1865 3¬Poción roja¬5"]);
    expect(stats).toEqual(["1301 Dormido", "1307 0", "1309 7", "1310 4000"]);
    expect(t.audits()).toEqual([
      ["RequestCharInfo", "ok", "Lejano", "online"],
      ["RequestCharGold", "ok", "Dormido", "offline"],
      ["RequestCharInventory", "ok", "Lejano", "online"],
      ["RequestCharStats", "ok", "Dormido", "offline"],
    ]);
  });

  test("/BOV reads the stored vault; /SKILLS lists every skill and the free points; nobody by that name is Msg972", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: SEMIDIOS });
    t.store(9, "Dormido", { freeSkillPoints: 3 });
    t.vaults.set(9, [{ slot: 2, objectId: 2, amount: 1 }]);
    await t.command(1, "RequestCharBank", { kind: "sheet", sheet: "bank", target: "Dormido" });
    await t.command(1, "RequestCharSkills", { kind: "sheet", sheet: "skills", target: "Dormido" });
    await t.command(1, "RequestCharBank", { kind: "sheet", sheet: "bank", target: "Nadie" });
    await t.settle();
    const lines = t.told(1);
    expect(lines.slice(0, 3)).toEqual(['"Dormido"', "1939 1", "1940 2¬Espada¬1"]);
    expect(lines[3]).toBe('"Dormido"');
    expect(lines[4]).toMatch(/^"Magia = \d+"$/);
    expect(lines.at(-2)).toBe("1312 3");
    expect(lines.at(-1)).toBe("972");
    expect(t.audits().map((row) => row[1])).toEqual(["ok", "ok", "refused_rule"]);
  });

  test("decision G26: a sheet of a higher rank is not shown; /INFO never of a Dios or Admin, even to an Admin", async () => {
    const t = setup();
    t.place(1, "Semi", { staff: SEMIDIOS });
    t.place(2, "Jefa", { staff: ADMIN });
    t.store(9, "Dios Dormido", {}, DIOS);
    await t.command(1, "RequestCharStats", { kind: "sheet", sheet: "stats", target: "Dios Dormido" });
    await t.command(2, "RequestCharInfo", { kind: "sheet", sheet: "info", target: "Dios Dormido" });
    await t.command(2, "RequestCharStats", { kind: "sheet", sheet: "stats", target: "Dios Dormido" });
    await t.settle();
    expect(t.told(1)).toEqual([]);
    expect(t.told(2)).toEqual(["1301 Dios Dormido", "1307 0", "1309 0", "1310 0"]);
    expect(t.audits()).toEqual([
      ["RequestCharStats", "refused_rank", "Dios Dormido", "offline"],
      ["RequestCharInfo", "refused_rank", "Dios Dormido", "offline"],
      ["RequestCharStats", "ok", "Dios Dormido", "offline"],
    ]);
  });

  test("decision G26 fixed: /SLOT bounds by the target's inventory and names the object; empty Msg1000; out of range Msg1001", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: { rank: "consejero", roleMaster: false } });
    t.place(2, "Lejano", { inventory: [{ slot: 24, objectId: 38, amount: 7, equipped: false }] }, 34);
    for (const slot of [24, 5, 25, 0]) await t.command(1, "CheckSlot", { kind: "check_slot", target: "Lejano", slot });
    await t.settle();
    expect(t.told(1)).toEqual(["1515 24¬Poción roja¬7", "1000", "1001", "1001"]);
  });
});

describe("lists and addresses", () => {
  test("/ONLINEGM: a SemiDios lists Consejeros and SemiDioses, a Dios everyone on staff; never a player or an RM-only player", async () => {
    const t = setup();
    t.place(1, "Semi", { staff: SEMIDIOS });
    t.place(2, "Dio", { staff: DIOS });
    t.place(3, "Cons", { staff: { rank: "consejero", roleMaster: false } });
    t.place(4, "Rol", { staff: { rank: null, roleMaster: true } });
    t.place(5, "Beto");
    await t.command(1, "OnlineGM", { kind: "online_staff" });
    await t.command(2, "OnlineGM", { kind: "online_staff" });
    await t.settle();
    expect(t.told(1)).toEqual(['"Semi, Cons."']);
    expect(t.told(2)).toEqual(['"Semi, Dio, Cons."']);
  });

  test("decision G26: /NICK2IP shows a player's address to a SemiDios, a staff member's only to Dios and up; /IP2NICK the same filter", async () => {
    const t = setup();
    t.place(1, "Semi", { staff: SEMIDIOS });
    t.place(2, "Dio", { staff: DIOS });
    t.place(3, "Beto");
    await t.command(1, "NickToIP", { kind: "nick_to_ip", target: "Beto" });
    await t.command(1, "NickToIP", { kind: "nick_to_ip", target: "Dio" });
    await t.command(1, "IPToNick", { kind: "ip_to_nick", address: "10.0.0.1" });
    await t.command(2, "IPToNick", { kind: "ip_to_nick", address: "10.0.0.1" });
    await t.command(2, "NickToIP", { kind: "nick_to_ip", target: "Nadie" });
    await t.settle();
    // Semi (session 1) and Beto (session 3) share 10.0.0.1; a SemiDios sees only the player.
    expect(t.told(1)).toEqual(["1494 Beto¬10.0.0.1", "1495 10.0.0.1¬Beto", "1496 10.0.0.1¬Beto"]);
    expect(t.told(2)).toEqual(["1496 10.0.0.1¬Semi, Beto", "972"]);
    expect(t.audits().map((row) => row.slice(0, 2))).toEqual([
      ["NickToIP", "ok"],
      ["NickToIP", "ok"],
      ["IPToNick", "ok"],
      ["IPToNick", "ok"],
      ["NickToIP", "refused_rule"],
    ]);
  });

  test("the panel's user list names everyone online", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: DIOS });
    t.place(2, "Beto");
    await t.command(1, "RequestUserList", { kind: "user_list" });
    await t.settle();
    expect(t.world.told).toEqual([{ session: 1, service: "staff", message: { kind: "user_names", names: ["Gm", "Beto"] } }]);
  });
});

describe("server control", () => {
  test("/HABILITAR switches GM-only mode on and off (Msg1223, Msg1222), audited with the new state", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: DIOS });
    await t.command(1, "ServerOpenToUsersToggle", { kind: "gm_only_toggle" });
    expect(t.settings.gmOnly).toBe(true);
    await t.command(1, "ServerOpenToUsersToggle", { kind: "gm_only_toggle" });
    expect(t.settings.gmOnly).toBe(false);
    await t.settle();
    expect(t.told(1)).toEqual(["1223", "1222"]);
    expect(t.audits().map((row) => row[3])).toEqual(["gm_only", "open"]);
  });

  test("/GRABAR writes everyone online and says how many; a database that refuses is said and audited as an error", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: DIOS });
    t.place(2, "Beto");
    await t.command(1, "SaveChars", { kind: "save_all" });
    await t.settle();
    expect(t.saves()).toBe(1);
    expect(t.told(1)).toEqual(['"Se guardaron 2 personajes."']);
    const failing = setup({ sources: { saveOnline: async () => ({ outcome: "unavailable", characters: 0 }) } });
    failing.place(1, "Gm", { staff: DIOS });
    await failing.command(1, "SaveChars", { kind: "save_all" });
    await failing.settle();
    expect(failing.audits()).toEqual([["SaveChars", "error", null, "unavailable"]]);
  });

  test("/MENSAJEINFORMACION reaches an online target on any map (Msg1187, the text, the Msg2169 box); an offline one's is kept and given at its next entry (VB6 SetMessageInfoDatabase)", async () => {
    const t = setup();
    t.place(1, "Gm", { staff: { rank: "consejero", roleMaster: false } });
    t.place(2, "Lejano", {}, 34);
    t.store(9, "Dormido");
    await t.command(1, "MensajeUser", { kind: "message_user", target: "Lejano", text: "ya está" });
    await t.command(1, "MensajeUser", { kind: "message_user", target: "Dormido", text: "hola" });
    await t.command(1, "MensajeUser", { kind: "message_user", target: "Nadie", text: "hola" });
    await t.settle();
    expect(t.told(2)).toEqual(["1187 Gm", '"ya está"', JSON.stringify({ kind: "message_box", messageId: 2169, extra: "Gm¬ya está" })]);
    expect(t.told(1)[0]).toBe("1188 Lejano");
    expect(t.told(1).slice(0, 2)).toEqual(["1188 Lejano", "1188 Dormido"]);
    expect(t.audits().map((row) => row.slice(0, 4))).toEqual([
      ["MensajeUser", "ok", "Lejano", null],
      ["MensajeUser", "ok", "Dormido", "kept_offline"],
      ["MensajeUser", "refused_rule", "Nadie", "no_such_character"],
    ]);
    expect(t.kept).toEqual([{ characterId: 9, fromName: "Gm", text: "hola" }]);
    // Dormido logs in: the kept message as a live one would show, once.
    t.place(3, "Dormido", { id: 9 });
    t.staff.enteredWorld(3);
    await t.settle();
    expect(t.told(3)).toEqual(["1187 Gm", '"hola"', JSON.stringify({ kind: "message_box", messageId: 2169, extra: "Gm¬hola" })]);
    t.staff.enteredWorld(3);
    await t.settle();
    expect(t.told(3)).toHaveLength(3);
  });

  test("a database that fails while reading a sheet is said and audited as an error; a service built without the sources says not available", async () => {
    const t = setup({ sources: { characterNamed: async () => Promise.reject(new Error("connection refused")) } });
    t.place(1, "Gm", { staff: DIOS });
    await t.command(1, "RequestCharStats", { kind: "sheet", sheet: "stats", target: "Dormido" });
    await t.settle();
    expect(t.audits()).toEqual([["RequestCharStats", "error", "Dormido", "database"]]);
    const bare = setup({ withInformation: false });
    bare.place(1, "Gm", { staff: DIOS });
    await bare.command(1, "ServerOpenToUsersToggle", { kind: "gm_only_toggle" });
    await bare.settle();
    expect(bare.audits()).toEqual([["ServerOpenToUsersToggle", "refused_rule", null, "not_available_yet"]]);
  });
});
