/**
 * The information and settings of the GM's own map (`/MODMAPINFO`, `/MAPSETTING`; gm-and-moderation
 * §2.7 rows 191–198, quirks G31 and G32, test 8 of §11), with real packet bodies on the default
 * world's tables: each flag held by a rule that reads it (a cast refused on a map without magic,
 * invisibility refused, nothing dropped on death, a fight that turns nobody criminal), the lines
 * VB6 answers with, the refusals, and one audit row per packet.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, GameTablesSchema, loadDefaultWorld, type GameTables } from "../../../content/index.ts";
import type { CharacterRecord } from "../../../game/character/index.ts";
import { itemCatalog, type ItemCatalog } from "../../../game/items/index.ts";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { decodeClientPacket, fromHex, type ClientPacketName } from "../../../protocol/index.ts";
import { SeededRandom } from "../../../random/index.ts";
import type { MapEvent } from "../../map-events.ts";
import type { NpcDefinition } from "../../map-definition.ts";
import { world, type Received } from "../../map-harness.test-support.ts";

/** The default world's spells (1 Chispa, 2 Alivio) and one of ours: invisibility on oneself. */
const INVISIBILITY = 3;
let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  const base = loaded.pack.tables!;
  tables = GameTablesSchema.parse({
    ...base,
    spells: {
      declaredCount: 3,
      spells: [...base.spells!.spells, { id: INVISIBILITY, name: "Invisibilidad", spellType: 2, target: 1, invisibility: true, durationSeconds: 20, manaRequired: 5 }],
    },
  });
  items = itemCatalog(tables.objects!);
});

const GM = 1;
const OTHER = 2;
const THIRD = 3;
const MAGE_CLASS = 1;
const WARRIOR_CLASS = 3;
const VITALS = { hp: 400, maxHp: 400, mana: 100, maxMana: 100, stamina: 400, maxStamina: 400, food: 100, water: 100 };
/** A mage with Alivio (slot 1) and the invisibility (slot 2); Magia 5, so no skill line. */
const MAGE: Partial<CharacterRecord> = { class: MAGE_CLASS, spells: [2, INVISIBILITY], vitals: { ...VITALS, hp: 300 }, skills: Object.assign(new Array<number>(24).fill(0), { 0: 5 }) };
const FIGHTER: Partial<CharacterRecord> = {
  class: WARRIOR_CLASS,
  attributes: [19, 19, 19, 18, 20],
  skills: Object.assign(new Array<number>(24).fill(0), { 3: 10, 2: 10 }),
  vitals: VITALS,
  inventory: [{ slot: 1, objectId: DEFAULT_OBJECTS.trainingSword, amount: 1, equipped: true }],
  equipment: { weapon: DEFAULT_OBJECTS.trainingSword, armor: 0, shield: 0, helmet: 0, ammunition: 0, ring: 0, ship: 0, mount: 0 },
};

const PLAYER: StaffStanding = { rank: null, roleMaster: false };
const ROLE_MASTER: StaffStanding = { rank: null, roleMaster: true };
const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const DIOS_RM: StaffStanding = { rank: "dios", roleMaster: true };
const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };

function setUp(standing: StaffStanding, options: { npcs?: NpcDefinition[]; seed?: number; other?: Partial<CharacterRecord> } = {}) {
  const w = world({ tables, items, safe: false, npcs: options.npcs ?? [], random: SeededRandom.create(options.seed ?? 7) });
  w.enter(GM, "Pepe", 10, 10, { with: { staff: standing } });
  w.enter(OTHER, "Maga", 20, 20, { with: options.other ?? MAGE });
  w.drain();
  w.events.length = 0;
  const act = (name: ClientPacketName, fields: Record<string, unknown> = {}) => w.server.act(GM, name, fields as never);
  const audits = () =>
    w.events.flatMap((event: MapEvent) =>
      event.t === "service" && event.service === "staff" && event.message.kind === "audit"
        ? [`${event.message.record.action} ${event.message.record.outcome}${event.message.record.detail !== undefined ? ` ${event.message.record.detail}` : ""}`]
        : [],
    );
  const lines = (packets: Received[], session = GM) =>
    packets.filter((p) => p.session === session && (p.name === "LocaleMsg" || p.name === "ConsoleMsg")).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} [${p.fields.params}]` : `"${p.fields.text}"`));
  const state = (session: number) => w.server.snapshot().find((entry) => entry.session === session)!.state;
  return { w, act, audits, lines, state };
}

const NOT_SAVED = '"El cambio vale para este mapa hasta que el servidor se reinicie: los archivos del mundo no se escriben."';
const locales = (packets: Received[], session: number) => packets.filter((p) => p.session === session && p.name === "LocaleMsg").map((p) => p.fields.messageId);

/** The mage (session 2, at 20,20) casts slot `slot` on itself: `CastSpell`, then the click above it. */
function selfCast(w: ReturnType<typeof setUp>["w"], slot: number, counter: number): Received[] {
  w.server.act(OTHER, "CastSpell", { slot, counter });
  w.server.act(OTHER, "WorkLeftClick", { x: 20, y: 19, skill: 1, counter });
  return w.drain();
}

describe("/MODMAPINFO RESTRINGIR, MAGIASINEFECTO, INVISINEFECTO (G32)", () => {
  test("RESTRINGIR SINMAGIA toggles casting off on this map: the mage's Alivio is refused with Msg779, then heals once toggled back", () => {
    const { w, act, audits, lines, state } = setUp(DIOS);
    act("ChangeMapInfoRestricted", { restriction: "sinmagia" });
    expect(lines(w.drain())).toEqual(["1509 [1¬Sí]"]);
    expect(w.definition.restrictions).toEqual(["noMagic"]);
    const refused = selfCast(w, 1, 1);
    expect(locales(refused, OTHER)).toEqual([779]);
    expect(state(OTHER).vitals).toMatchObject({ hp: 300, mana: 100 });
    act("ChangeMapInfoRestricted", { restriction: "SINMAGIA" });
    expect(lines(w.drain())).toEqual(["1509 [1¬No]"]);
    w.advance(2000);
    expect(locales(selfCast(w, 1, 2), OTHER)).toContain(33);
    expect(state(OTHER).vitals.hp).toBeGreaterThan(300);
    expect(audits()).toEqual(["ChangeMapInfoRestricted ok noMagic false -> true", "ChangeMapInfoRestricted ok noMagic true -> false"]);
  });

  test("RESTRINGIR SININVI: the invisibility on oneself is refused with Msg797 (the rest of the magic still works)", () => {
    const { w, act, lines } = setUp(ADMIN);
    act("ChangeMapInfoRestricted", { restriction: "SININVI" });
    expect(lines(w.drain())).toEqual(["1512 [1¬Sí]"]);
    const refused = selfCast(w, 2, 1);
    expect(locales(refused, OTHER)).toEqual([797]);
    expect(refused.some((p) => p.name === "SetInvisible")).toBe(false);
    act("ChangeMapInfoRestricted", { restriction: "SININVI" });
    w.drain();
    w.advance(2000);
    expect(selfCast(w, 2, 2).some((p) => p.name === "SetInvisible" && p.fields.invisible === true)).toBe(true);
  });

  test("NEWBIE, NOPKS, NOCIUD toggle and answer Msg1508, Msg1510, Msg1511 (kept on this map; no rule here reads them yet)", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    for (const restriction of ["NEWBIE", "NOPKS", "NOCIUD", "NOPKS"]) act("ChangeMapInfoRestricted", { restriction });
    expect(lines(w.drain())).toEqual(["1508 [1¬Sí]", "1510 [1¬Sí]", "1511 [1¬Sí]", "1510 [1¬No]"]);
    expect(w.definition.restrictions).toEqual(["newbie", "noCitizens"]);
    expect(audits()).toEqual([
      "ChangeMapInfoRestricted ok newbie false -> true",
      "ChangeMapInfoRestricted ok noPks false -> true",
      "ChangeMapInfoRestricted ok noCitizens false -> true",
      "ChangeMapInfoRestricted ok noPks true -> false",
    ]);
  });

  test("an unknown or hostile word: Msg989 (the words it takes), refused_rule, nothing changes", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    for (const restriction of ["", "MAGIA", "__proto__", "constructor", "SINMAGIA\u0000", "x".repeat(200)]) act("ChangeMapInfoRestricted", { restriction });
    expect(lines(w.drain())).toEqual(Array(6).fill("989 []"));
    expect(w.definition.restrictions ?? []).toEqual([]);
    expect(audits()).toEqual(Array(6).fill("ChangeMapInfoRestricted refused_rule unknown_restriction"));
  });

  test("G32 fixed: MAGIASINEFECTO v and INVISINEFECTO v set the flag to v (not a toggle) and answer Msg1509 / Msg1512; VB6 only logged", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapInfoNoMagic", { noMagic: true });
    act("ChangeMapInfoNoMagic", { noMagic: true });
    act("ChangeMapInfoNoInvi", { noInvisibility: true });
    expect(lines(w.drain())).toEqual(["1509 [1¬Sí]", "1509 [1¬Sí]", "1512 [1¬Sí]"]);
    expect(w.definition.restrictions).toEqual(["noMagic", "noInvisibility"]);
    expect(locales(selfCast(w, 1, 1), OTHER)).toEqual([779]);
    act("ChangeMapInfoNoMagic", { noMagic: false });
    act("ChangeMapInfoNoInvi", { noInvisibility: false });
    expect(lines(w.drain())).toEqual(["1509 [1¬No]", "1512 [1¬No]"]);
    expect(w.definition.restrictions).toEqual([]);
    expect(audits()).toEqual([
      "ChangeMapInfoNoMagic ok noMagic false -> true",
      "ChangeMapInfoNoMagic ok noMagic true -> true",
      "ChangeMapInfoNoInvi ok noInvisibility false -> true",
      "ChangeMapInfoNoMagic ok noMagic true -> false",
      "ChangeMapInfoNoInvi ok noInvisibility true -> false",
    ]);
  });

  test("G32-RESU: RESUSINEFECTO is refused with a line saying no rule forbids resurrecting; nothing changes", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapInfoNoResu", { noResurrection: true });
    expect(lines(w.drain())).toEqual(['"RESUSINEFECTO no tiene efecto en este servidor: ningún mapa prohíbe resucitar."']);
    expect(w.definition.restrictions ?? []).toEqual([]);
    expect(audits()).toEqual(["ChangeMapInfoNoResu refused_rule no_such_rule"]);
  });
});

describe("/MODMAPINFO BACKUP, TERRENO, ZONA (MAPINFO-MEMORY, TERRAIN-WORDS)", () => {
  test("BACKUP 1|0: Msg1507 with the word that is true, and the line that says it lasts until a restart", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapInfoBackup", { backup: true });
    expect(lines(w.drain())).toEqual(["1507 [1¬Sí]", NOT_SAVED]);
    expect(w.definition.backup).toBe(true);
    act("ChangeMapInfoBackup", { backup: false });
    expect(lines(w.drain())).toEqual(["1507 [1¬No]", NOT_SAVED]);
    expect(w.definition.backup).toBe(false);
    expect(audits()).toEqual(["ChangeMapInfoBackup ok backup false -> true (memory only)", "ChangeMapInfoBackup ok backup true -> false (memory only)"]);
  });

  test("TERRENO and ZONA take the six words exactly: Msg1513 / Msg1514; anything else Msg990+991 / Msg992+993, refused", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapInfoLand", { land: "NIEVE" });
    act("ChangeMapInfoZone", { zone: "DUNGEON" });
    expect(lines(w.drain())).toEqual(["1513 [1¬NIEVE]", NOT_SAVED, "1514 [1¬DUNGEON]", NOT_SAVED]);
    expect({ terrain: w.definition.terrain, zone: w.definition.zone }).toEqual({ terrain: "NIEVE", zone: "DUNGEON" });
    for (const bad of ["nieve", " NIEVE", "NEWBIE", "", "DUNGEON¬1"]) {
      act("ChangeMapInfoLand", { land: bad });
      act("ChangeMapInfoZone", { zone: bad });
    }
    expect(lines(w.drain())).toEqual(Array(5).fill(["990 []", "991 []", "992 []", "993 []"]).flat());
    expect({ terrain: w.definition.terrain, zone: w.definition.zone }).toEqual({ terrain: "NIEVE", zone: "DUNGEON" });
    expect(audits()).toEqual([
      "ChangeMapInfoLand ok terrain none -> NIEVE (memory only)",
      "ChangeMapInfoZone ok zone none -> DUNGEON (memory only)",
      ...Array(5).fill(["ChangeMapInfoLand refused_rule unknown_terrain", "ChangeMapInfoZone refused_rule unknown_zone"]).flat(),
    ]);
  });
});

describe("/MAPSETTING (G31)", () => {
  /** A level-13 fighter (no newbie) with 5 apples, next to a grey wolf that kills it. */
  function wolfKills(drop: boolean | null) {
    const weak: Partial<CharacterRecord> = {
      ...FIGHTER,
      level: 13,
      vitals: { ...VITALS, hp: 6, maxHp: 30 },
      inventory: [...FIGHTER.inventory!, { slot: 2, objectId: DEFAULT_OBJECTS.apple, amount: 5, equipped: false }],
    };
    const set = setUp(DIOS, { npcs: [{ npc: DEFAULT_NPCS.greyWolf, name: "Lobo", x: 20, y: 19, body: 10, head: 0, heading: 3 }], seed: 3, other: weak });
    if (drop !== null) set.act("ChangeMapSetting", { setting: 0, value: drop ? 1 : 0 });
    const all: Received[] = [];
    for (let step = 0; step < 400 && !all.some((p) => p.name === "NPCKillUser"); step++) {
      set.w.advance(150);
      all.push(...set.w.drain());
    }
    expect(all.some((p) => p.name === "NPCKillUser")).toBe(true);
    return { ...set, all, apples: set.w.server.instance.groundObjects().filter((pile) => pile.obj === DEFAULT_OBJECTS.apple).length };
  }

  test("DROPITEMS 0: a player who dies on this map drops nothing (its apples stay with it); 1 or untouched, they fall", () => {
    expect(wolfKills(null).apples).toBe(1);
    expect(wolfKills(true).apples).toBe(1);
    const kept = wolfKills(false);
    expect(kept.apples).toBe(0);
    expect(kept.state(OTHER).inventory.find((slot) => slot.objectId === DEFAULT_OBJECTS.apple)?.amount).toBe(5);
    expect(lines(kept)).toEqual(["994 []"]);
    expect(kept.audits()).toEqual(["ChangeMapSetting ok dropItems true -> false"]);
  });

  function lines(set: ReturnType<typeof wolfKills>): string[] {
    return set.lines(set.all);
  }

  /** Two citizens side by side; the first (its safe off) hits the second. */
  function citizenHitsCitizen(safeFight: boolean) {
    const set = setUp(DIOS, { other: FIGHTER });
    set.w.enter(THIRD, "Beto", 20, 21, { with: FIGHTER });
    set.w.server.act(OTHER, "ChangeHeading", { heading: 3, counter: 1 });
    set.w.server.act(OTHER, "SafeToggle", {});
    if (safeFight) set.act("ChangeMapSetting", { setting: 1, value: 1 });
    set.w.drain();
    set.w.advance(1200);
    set.w.server.act(OTHER, "Attack", { counter: 2 });
    return { ...set, out: set.w.drain() };
  }

  test("SAFEPVP 1: every fight between players on this map is a safe fight: the citizen who attacks a citizen stays a citizen", () => {
    const plain = citizenHitsCitizen(false);
    expect(plain.state(OTHER).factionStatus).not.toBe(plain.state(THIRD).factionStatus);
    const safe = citizenHitsCitizen(true);
    expect(safe.state(OTHER).factionStatus).toBe(safe.state(THIRD).factionStatus);
    expect(safe.out.some((p) => p.name === "UpdateTagAndStatus")).toBe(false);
    expect(safe.w.definition.safeFight).toBe(true);
    expect(safe.audits()).toEqual(["ChangeMapSetting ok safeFight false -> true"]);
  });

  test("FRIENDLYFIRE (2) is kept; any value but 0 is on (MAPSETTING-VALUE); the audit names the setting changed (MAPSETTING-LOG)", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapSetting", { setting: 2, value: 0 });
    act("ChangeMapSetting", { setting: 0, value: 0 });
    act("ChangeMapSetting", { setting: 0, value: 200 });
    act("ChangeMapSetting", { setting: 1, value: 7 });
    expect(lines(w.drain())).toEqual(["996 []", "994 []", "994 []", "995 []"]);
    expect({ dropItems: w.definition.dropItems, safeFight: w.definition.safeFight, friendlyFire: w.definition.friendlyFire }).toEqual({ dropItems: true, safeFight: true, friendlyFire: false });
    expect(audits()).toEqual([
      "ChangeMapSetting ok friendlyFire true -> false",
      "ChangeMapSetting ok dropItems true -> false",
      "ChangeMapSetting ok dropItems false -> true",
      "ChangeMapSetting ok safeFight false -> true",
    ]);
  });

  test("an unknown setting: Msg997 and the usage line, refused_rule, nothing changes", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapSetting", { setting: 3, value: 1 });
    act("ChangeMapSetting", { setting: 255, value: 0 });
    expect(lines(w.drain())).toEqual(Array(2).fill(["997 []", '"Uso: /MAPSETTING DROPITEMS|SAFEPVP|FRIENDLYFIRE 0|1"']).flat());
    expect({ dropItems: w.definition.dropItems, safeFight: w.definition.safeFight, friendlyFire: w.definition.friendlyFire }).toEqual({ dropItems: undefined, safeFight: undefined, friendlyFire: undefined });
    expect(audits()).toEqual(["ChangeMapSetting refused_rule unknown_setting 3", "ChangeMapSetting refused_rule unknown_setting 255"]);
  });

  test("G31: ChangeMapSetting is always the fixed u8 setting, u8 value (known setting or not); a short or long body is refused by the codec", () => {
    const decode = (hex: string) => decodeClientPacket(fromHex(hex)!);
    expect(decode("C6 00 00 01")).toMatchObject({ ok: true, packet: { name: "ChangeMapSetting", fields: { setting: 0, value: 1 } } });
    expect(decode("C6 00 09 FF")).toMatchObject({ ok: true, packet: { name: "ChangeMapSetting", fields: { setting: 9, value: 255 } } });
    expect(decode("C6 00 00").ok).toBe(false);
    expect(decode("C6 00 00 01 00").ok).toBe(false);
  });
});

describe("who may (the gate)", () => {
  const SENT: [ClientPacketName, Record<string, unknown>][] = [
    ["ChangeMapInfoBackup", { backup: true }],
    ["ChangeMapInfoRestricted", { restriction: "SINMAGIA" }],
    ["ChangeMapInfoNoMagic", { noMagic: true }],
    ["ChangeMapInfoNoInvi", { noInvisibility: true }],
    ["ChangeMapInfoNoResu", { noResurrection: true }],
    ["ChangeMapInfoLand", { land: "NIEVE" }],
    ["ChangeMapInfoZone", { zone: "DUNGEON" }],
    ["ChangeMapSetting", { setting: 0, value: 0 }],
  ];
  const flags = (w: ReturnType<typeof setUp>["w"]) => {
    const { restrictions, terrain, zone, backup, dropItems, safeFight, friendlyFire } = w.definition;
    return { restrictions, terrain, zone, backup, dropItems, safeFight, friendlyFire };
  };

  for (const [who, standing] of [
    ["a player", PLAYER],
    ["a role master without rank (G12: these need Dios)", ROLE_MASTER],
    ["a SemiDios", SEMIDIOS],
  ] as const) {
    test(`${who}: every one refused_rank, silently (as VB6), the map unchanged`, () => {
      const { w, act, audits, lines } = setUp(standing);
      const before = flags(w);
      for (const [name, fields] of SENT) act(name, fields);
      expect(lines(w.drain())).toEqual([]);
      expect(flags(w)).toEqual(before);
      expect(audits()).toEqual(SENT.map(([name]) => `${name} refused_rank`));
    });
  }

  test("a Dios with the role-master bit: BACKUP refused (¬RM), the rest go through", () => {
    const { w, act, audits } = setUp(DIOS_RM);
    for (const [name, fields] of SENT) act(name, fields);
    w.drain();
    expect(w.definition.backup).toBeUndefined();
    expect(audits().map((row) => row.split(" ").slice(0, 2).join(" "))).toEqual([
      "ChangeMapInfoBackup refused_rank",
      "ChangeMapInfoRestricted ok",
      "ChangeMapInfoNoMagic ok",
      "ChangeMapInfoNoInvi ok",
      "ChangeMapInfoNoResu refused_rule",
      "ChangeMapInfoLand ok",
      "ChangeMapInfoZone ok",
      "ChangeMapSetting ok",
    ]);
  });

  test("§11 test 8 (G31 fix): a player sending eChangeMapSetting(0, 1) as raw bytes is refused and stays connected; VB6 kicked it", () => {
    const { w, audits } = setUp(PLAYER);
    expect(w.server.instance.handle(GM, fromHex("C6 00 00 01")!)).toBe("handled");
    expect(w.server.hasSession(GM)).toBe(true);
    expect(w.drain().filter((p) => p.session === GM && p.name === "Disconnect")).toEqual([]);
    expect(w.definition.dropItems).toBeUndefined();
    expect(audits()).toEqual(["ChangeMapSetting refused_rank"]);
  });
});
