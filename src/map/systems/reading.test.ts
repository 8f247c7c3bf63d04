/**
 * The everyday windows (issue 26) through `MapInstance.handle` with real packet bodies: `/AYUDA`,
 * the spell card, signs and mailboxes, a recruiter's `/INFORMACION` and `/RECOMPENSA`, the trade
 * window's chat, the world map item and the newbie objects taken at level 13.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../content/index.ts";
import { parseBalanceDat } from "../../content/dat/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import { grantExperience } from "../kernel/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { summary, TEST_ITEMS as O, world, type Received } from "../map-harness.test-support.ts";

const INFO = 3;
const SIGN = 13;
const BLANK_SIGN = 14;
const MAILBOX = 15;
const WORLD_MAP = 16;
const NEWBIE_DAGGER = 17;
const NEWBIE_TUNIC = 18;
const CATALOG = itemCatalogFromObjects([
  { id: O.apple, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: O.sword, name: "Espada", objType: ObjectType.Weapon, anim: 68, minHit: 4, maxHit: 8, value: 350 },
  { id: O.gold, name: "Monedas de Oro", objType: ObjectType.GoldCoin },
  { id: SIGN, name: "Cartel", objType: ObjectType.Sign, fixedInPlace: true, bigGrhIndex: 501, text: "Herrería: armas y armaduras." },
  { id: BLANK_SIGN, name: "Cartel", objType: ObjectType.Sign, fixedInPlace: true, bigGrhIndex: 501 },
  { id: MAILBOX, name: "Buzón", objType: ObjectType.Mail, fixedInPlace: true },
  { id: WORLD_MAP, name: "Mapa", objType: ObjectType.Map },
  { id: NEWBIE_DAGGER, name: "Daga (Newbie)", objType: ObjectType.Weapon, anim: 12, minHit: 1, maxHit: 2, newbie: true },
  { id: NEWBIE_TUNIC, name: "Túnica (Newbie)", objType: ObjectType.Armor, body: 21, newbie: true },
]);

const ROYAL_RECRUITER = 2;
const CHAOS_RECRUITER = 3;
const GUARD = 4;
/** Level 12 → 13 at 100 exp (our own ELU table); the harness's class 1 is "Mago". */
const BALANCE_DAT = ["[MODVIDA]", "Mago=10", "[MODRAZA]", "HumanoFuerza=0", "[EXP]", ...Array.from({ length: 13 }, (_, i) => `${i + 1}=100`), ""].join("\r\n");

function tables(): GameTables {
  const balance = parseBalanceDat(new TextEncoder().encode(BALANCE_DAT), "Balance.dat");
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: 4,
      npcs: [
        { id: ROYAL_RECRUITER, name: "Reclutador real", npcType: 5 },
        { id: CHAOS_RECRUITER, name: "Reclutador del caos", npcType: 5, faction: 1 },
        { id: GUARD, name: "Guardia" },
      ],
    },
    spells: { declaredCount: 2, spells: [{ id: 1, name: "Dardo mágico" }, { id: 2, name: "Curar heridas leves" }] },
    balance: balance.value,
    cities: null,
    mapInfo: null,
    specialMaps: null,
    help: { lines: ["* Primera línea de ayuda.", "", "* Tercera: /GM."] },
  });
}

const spawn = (npc: number, name: string, x: number, y: number): NpcDefinition => ({ npc, name, x, y, body: 10, head: 0, heading: 3 });
const NPCS = [spawn(ROYAL_RECRUITER, "Reclutador real", 20, 18), spawn(CHAOS_RECRUITER, "Reclutador del caos", 26, 18), spawn(GUARD, "Guardia", 14, 18)];
const ROYAL_CHAR = 1;
const CHAOS_CHAR = 2;

function setUp(record: Partial<CharacterRecord> = {}, options: { tables?: GameTables | null; at?: [number, number] } = {}) {
  const w = world({
    items: CATALOG,
    tables: options.tables === undefined ? tables() : options.tables,
    npcs: NPCS,
    objects: [
      { x: 10, y: 10, obj: SIGN, amount: 1 },
      { x: 12, y: 10, obj: BLANK_SIGN, amount: 1 },
      { x: 14, y: 10, obj: MAILBOX, amount: 1 },
    ],
    handlers: { ...PACKET_HANDLERS, UpTime: (ctx, player) => void grantExperience(ctx, player, 15, "npc_damage") },
  });
  const [x, y] = options.at ?? [20, 20];
  w.enter(1, "Ana", x, y, { with: record });
  w.drain();
  return w;
}
type W = ReturnType<typeof setUp>;

let counter = 0;
const click = (w: W, x: number, y: number, session = 1) => w.server.act(session, "LeftClick", { x, y, counter: ++counter });
const mine = (packets: Received[], session = 1) => packets.filter((p) => p.session === session).map(summary);

describe("/AYUDA (Help → SendHelp)", () => {
  test("each line of the world's Help.dat, in order, as FONTTYPE_INFO console lines (an empty one included)", () => {
    const w = setUp();
    w.server.act(1, "Help", {});
    expect(mine(w.drain())).toEqual([`ConsoleMsg[${INFO}] * Primera línea de ayuda.`, `ConsoleMsg[${INFO}] `, `ConsoleMsg[${INFO}] * Tercera: /GM.`]);
  });

  test("a world without the file says nothing, as VB6 with NumLines=0", () => {
    const w = setUp({}, { tables: null });
    w.server.act(1, "Help", {});
    expect(w.drain()).toEqual([]);
  });
});

describe("the spell card (SpellInfo)", () => {
  test("a learnt spell: HECINF*<spell>, which the stock client words from its Hechizos.dat", () => {
    const w = setUp({ spells: [2, 0, 1] });
    w.server.act(1, "SpellInfo", { slot: 1 });
    w.server.act(1, "SpellInfo", { slot: 3 });
    expect(mine(w.drain())).toEqual([`ConsoleMsg[${INFO}] HECINF*2`, `ConsoleMsg[${INFO}] HECINF*1`]);
  });

  test("slot 0 or past 40: Msg1134; an empty slot or a spell the world lacks: nothing", () => {
    const w = setUp({ spells: [0, 99] });
    for (const slot of [0, 41, 255]) w.server.act(1, "SpellInfo", { slot });
    expect(mine(w.drain())).toEqual(new Array(3).fill(`LocaleMsg[${INFO}] 1134 `));
    w.server.act(1, "SpellInfo", { slot: 1 });
    w.server.act(1, "SpellInfo", { slot: 2 });
    w.server.act(1, "SpellInfo", { slot: 40 });
    expect(w.drain()).toEqual([]);
  });
});

describe("signs and mailboxes (a left click: HandleSignAction)", () => {
  test("a sign with a Texto: ShowSignal(obj, VGrande) after the look line; without one: ShowPapiro", () => {
    const w = setUp();
    click(w, 10, 10);
    const out = w.drain();
    expect(out.map((p) => p.name)).toEqual(["ConsoleMsg", "ShowSignal"]);
    expect(out[1]!.fields).toEqual({ objIndex: SIGN, secondaryGrh: 501 });
    click(w, 12, 10);
    expect(w.drain().map((p) => p.name)).toEqual(["ConsoleMsg", "ShowPapiro"]);
  });

  test("a mailbox: Msg586 in the execution font (VB6 has the mail off); a sign out of sight: nothing", () => {
    const w = setUp();
    click(w, 14, 10);
    expect(mine(w.drain())).toEqual(["ConsoleMsg[3] O*15*", "LocaleMsg[5] 586 "]);
    w.enter(2, "Beto", 35, 35);
    w.drain();
    click(w, 10, 10, 2);
    expect(w.drain().filter((p) => p.name === "ShowSignal")).toEqual([]);
  });
});

describe("/INFORMACION and /RECOMPENSA at a recruiter", () => {
  const royalArmy = { factionStatus: 3 } as Partial<CharacterRecord>;
  const chaos = { factionStatus: 2 } as Partial<CharacterRecord>;

  test("nobody targeted: Msg761; a guard targeted: nothing; a recruiter farther than 4 tiles: Msg8", () => {
    const w = setUp();
    w.server.act(1, "Information", {});
    expect(mine(w.drain())).toEqual([`LocaleMsg[${INFO}] 761 `]);
    click(w, 14, 18); // the guard (6 tiles away: still in sight)
    w.drain();
    w.server.act(1, "Information", {});
    w.server.act(1, "Reward", {});
    expect(w.drain()).toEqual([]);
    click(w, 26, 18); // the chaos recruiter, 6 + 2 = 8 tiles away
    w.drain();
    w.server.act(1, "Reward", {});
    expect(mine(w.drain())).toEqual([`LocaleMsg[${INFO}] 8 `]);
  });

  test("the royal recruiter: a citizen hears Msg1389 / Msg1393 over its head; a soldier its duty (INFORMATION-OR fixed) and the reward is not built yet", () => {
    const w = setUp();
    click(w, 20, 18);
    w.drain();
    w.server.act(1, "Information", {});
    w.server.act(1, "Reward", {});
    expect(mine(w.drain())).toEqual([`ChatOverHead ${ROYAL_CHAR} LOCMSG*1389*`, `ChatOverHead ${ROYAL_CHAR} LOCMSG*1393*`]);
    const soldier = setUp(royalArmy);
    click(soldier, 20, 18);
    soldier.drain();
    soldier.server.act(1, "Information", {});
    soldier.server.act(1, "Reward", {});
    expect(mine(soldier.drain())).toEqual([`ChatOverHead ${ROYAL_CHAR} LOCMSG*1390*`, "ConsoleMsg[3] Esa acción todavía no está disponible en este servidor."]);
  });

  test("the chaos recruiter (Faccion=1): Msg1391 / Msg1394 to others, Msg1392 to the Legion; only the asker hears it; a ghost gets nothing", () => {
    const w = setUp(chaos, { at: [24, 20] }); // 2 + 2 = 4 tiles from the recruiter: near enough
    w.enter(2, "Beto", 26, 20);
    w.drain();
    click(w, 26, 18);
    click(w, 26, 18, 2);
    w.drain();
    w.server.act(1, "Information", {});
    w.server.act(2, "Information", {});
    const out = w.drain();
    expect(mine(out, 1)).toEqual([`ChatOverHead ${CHAOS_CHAR} LOCMSG*1392*`]);
    expect(mine(out, 2)).toEqual([`ChatOverHead ${CHAOS_CHAR} LOCMSG*1391*`]);
    w.server.act(2, "Reward", {});
    expect(mine(w.drain(), 2)).toEqual([`ChatOverHead ${CHAOS_CHAR} LOCMSG*1394*`]);
    const ghost = setUp({ vitals: { hp: 0, maxHp: 32, mana: 0, maxMana: 6, stamina: 0, maxStamina: 40, food: 100, water: 100 } });
    click(ghost, 20, 18);
    ghost.drain();
    ghost.server.act(1, "Information", {});
    expect(ghost.drain()).toEqual([]);
  });
});

describe("the trade window's chat (CommerceSendChatMessage)", () => {
  function trading() {
    const w = setUp();
    w.enter(2, "Beto", 21, 20);
    w.enter(3, "Carla", 22, 20);
    w.drain();
    click(w, 21, 20, 1);
    w.server.act(1, "CommerceStart", {});
    click(w, 20, 20, 2);
    w.server.act(2, "CommerceStart", {});
    w.drain();
    return w;
  }

  test("`[name] text` to the partner and back to the writer; nobody else hears it", () => {
    const w = trading();
    w.server.act(1, "CommerceSendChatMessage", { text: "¿100 por la espada?" });
    const out = w.drain();
    expect(out.map((p) => [p.session, p.name, p.fields.message])).toEqual([
      [2, "CommerceRecieveChatMessage", "[Ana] ¿100 por la espada?"],
      [1, "CommerceRecieveChatMessage", "[Ana] ¿100 por la espada?"],
    ]);
    w.server.act(2, "CommerceSendChatMessage", { text: "hecho" });
    expect(w.drain().map((p) => [p.session, p.fields.message])).toEqual([
      [1, "[Beto] hecho"],
      [2, "[Beto] hecho"],
    ]);
  });

  test("before the other side accepts, with no trade, or a blank line: nothing (TRADE-CHAT-OPEN); a long line is cut to 300", () => {
    const w = setUp();
    w.enter(2, "Beto", 21, 20);
    w.drain();
    w.server.act(1, "CommerceSendChatMessage", { text: "hola" });
    click(w, 21, 20, 1);
    w.server.act(1, "CommerceStart", {}); // asked, not accepted
    w.drain();
    w.server.act(1, "CommerceSendChatMessage", { text: "¿aceptás?" });
    expect(w.drain()).toEqual([]);
    const open = trading();
    open.server.act(1, "CommerceSendChatMessage", { text: "   " });
    expect(open.drain()).toEqual([]);
    open.server.act(1, "CommerceSendChatMessage", { text: "x".repeat(1000) });
    expect(open.drain().map((p) => (p.fields.message as string).length)).toEqual([306, 306]);
  });
});

describe("the world map (an otMap object used)", () => {
  test("ShowFrmMapa with this server's multipliers, 1 and 1", () => {
    const w = setUp({ inventory: [{ slot: 1, objectId: WORLD_MAP, amount: 1, equipped: false }] });
    w.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 1, counter: 1 });
    const shown = w.drain().filter((p) => p.name === "ShowFrmMapa");
    expect(shown.map((p) => p.fields)).toEqual([{ expMultiplier: 1, goldMultiplier: 1 }]);
  });
});

describe("newbie objects at level 13 (QuitarNewbieObj)", () => {
  const newbie: Partial<CharacterRecord> = {
    level: 12,
    exp: 90,
    inventory: [
      { slot: 1, objectId: NEWBIE_DAGGER, amount: 1, equipped: true },
      { slot: 2, objectId: O.apple, amount: 5, equipped: false },
      { slot: 3, objectId: NEWBIE_TUNIC, amount: 1, equipped: true },
    ],
    equipment: { ...EMPTY_EQUIPMENT, weapon: NEWBIE_DAGGER, armor: NEWBIE_TUNIC },
    bank: [
      { slot: 1, objectId: NEWBIE_DAGGER, amount: 2 },
      { slot: 2, objectId: O.sword, amount: 1 },
    ],
  } as Partial<CharacterRecord>;

  test("past level 12: the Newbie=1 slots emptied (taken off first), the others kept, then Msg671", () => {
    const w = setUp(newbie);
    w.enter(2, "Beto", 22, 20);
    w.drain();
    w.server.act(1, "UpTime", {}); // 15 exp: 105 ≥ 100
    const ana = w.drain().filter((p) => p.session === 1);
    const afterStats = ana.slice(ana.findIndex((p) => p.name === "UpdateUserStats") + 1).map(summary);
    // The two slots emptied, Ana drawn again without the dagger and the tunic (char 4, after the three NPCs), Msg671.
    expect(afterStats.filter((line) => !line.startsWith("TextOverTile"))).toEqual(["Slot 1: 0x0", "Slot 3: 0x0", "CharacterChange 4 h3", `LocaleMsg[${INFO}] 671 `]);
    expect(w.drain()).toEqual([]);
    const slots = ana.filter((p) => p.name === "ChangeInventorySlot").slice(-2);
    expect(slots.map((p) => [p.fields.slot, p.fields.objIndex, p.fields.amount])).toEqual([
      [1, 0, 0],
      [3, 0, 0],
    ]);
    const state = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    expect(state.level).toBe(13);
    expect(state.inventory).toEqual([{ slot: 2, objectId: O.apple, amount: 5, equipped: false }]);
    expect(state.equipment.weapon).toBe(0);
    expect(state.equipment.armor).toBe(0);
    // The vault came with the record: its newbie dagger goes too (NEWBIE-VAULT).
    expect(state.bank).toEqual([{ slot: 2, objectId: O.sword, amount: 1 }]);
  });

  test("a level-up that stays newbie (11 → 12) takes nothing", () => {
    const w = setUp({ ...newbie, level: 11 });
    w.server.act(1, "UpTime", {});
    const ana = w.drain().filter((p) => p.session === 1);
    expect(ana.some((p) => p.name === "LocaleMsg" && p.fields.messageId === 671)).toBe(false);
    const state = w.server.snapshot().find((entry) => entry.session === 1)!.state;
    expect(state.level).toBe(12);
    expect(state.inventory.map((slot) => slot.objectId)).toEqual([NEWBIE_DAGGER, O.apple, NEWBIE_TUNIC]);
  });
});
