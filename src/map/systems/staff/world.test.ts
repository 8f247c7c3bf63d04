/**
 * The staff commands on the GM's own map (gm-and-moderation §2.7, issue 25), with real packet
 * bodies and the manual clock: NPCs removed and spawned through the kernel's verbs, piles erased,
 * triggers and blocks written on the map's grids; the decisions of game/staff/world.ts and
 * map/systems/staff/{npcs,world}.ts each held by a test; every packet audited once.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema, type GameTables } from "../../../content/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../../game/items/index.ts";
import { BLOCKED_ALL, BLOCKED_GM, BLOCKED_NORTH } from "../../../game/movement/index.ts";
import type { StaffStanding } from "../../../game/staff/index.ts";
import type { ClientPacketName } from "../../../protocol/index.ts";
import type { MapEvent } from "../../map-events.ts";
import type { MapExitDefinition, NpcDefinition, ObjectDefinition } from "../../map-definition.ts";
import { world, type Received } from "../../map-harness.test-support.ts";

const WOLF = 4;
const HARE = 8;
const MERCHANT = 2;
const DRAGON = 9;
const APPLE = 1;
const DOOR = 2;
const TREE = 3;
const POTION = 38;
const TELEPORT = 370;

const CATALOG = itemCatalogFromObjects([
  { id: APPLE, name: "Manzana", objType: ObjectType.Food, hunger: 10, value: 2 },
  { id: DOOR, name: "Puerta", objType: ObjectType.Door },
  { id: TREE, name: "Árbol", objType: ObjectType.Tree },
  { id: POTION, name: "Poción roja", objType: ObjectType.Potion, value: 2 },
  { id: TELEPORT, name: "Portal", objType: ObjectType.Teleport },
]);

/** A wolf that comes back 101 s after death, a summonable hare, a merchant, a dragon that never comes back. */
function tables(): GameTables {
  const still = { movement: 1 };
  return GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: {
      declaredCount: 9,
      npcs: [
        { id: WOLF, name: "Lobo", hostile: true, respawnIntervalMinMs: 100, respawnIntervalMaxMs: 100, giveExp: 50, giveGold: 20, ...still },
        { id: HARE, name: "Liebre", canSummon: true, ...still },
        { id: MERCHANT, name: "Mercader", trades: true, tradeItemType: ObjectType.Any, inventory: [{ objIndex: POTION, amount: 10 }], ...still },
        { id: DRAGON, name: "Dragón", respawnFlag: 1, ...still },
      ],
    },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
}

const spawn = (npc: number, name: string, x: number, y: number): NpcDefinition => ({ npc, name, x, y, body: 10, head: 0, heading: 3 });

const GM = 1;
const WITNESS = 2;

function setUp(
  standing: StaffStanding | undefined,
  options: { npcs?: NpcDefinition[]; objects?: ObjectDefinition[]; walls?: [number, number, number][]; exits?: MapExitDefinition[]; gold?: number } = {},
) {
  const w = world({ tables: tables(), items: CATALOG, safe: false, width: 40, height: 40, npcs: options.npcs ?? [], objects: options.objects ?? [], walls: options.walls ?? [], exits: options.exits ?? [] });
  w.enter(GM, "Pepe", 10, 10, { with: { gold: options.gold ?? 0, ...(standing ? { staff: standing } : {}) } });
  w.enter(WITNESS, "Testigo", 12, 10);
  w.drain();
  w.events.length = 0;
  let counter = 0;
  const act = (name: ClientPacketName, fields: Record<string, unknown> = {}) => w.server.act(GM, name, fields as never);
  const click = (x: number, y: number) => w.server.act(GM, "LeftClick", { x, y, counter: ++counter });
  const audits = () =>
    w.events.flatMap((event: MapEvent) =>
      event.t === "service" && event.service === "staff" && event.message.kind === "audit"
        ? [{ action: event.message.record.action, outcome: event.message.record.outcome, ...(event.message.record.detail !== undefined ? { detail: event.message.record.detail } : {}), ...(event.message.record.target ? { target: event.message.record.target.name } : {}) }]
        : [],
    );
  const lines = (packets: Received[], session = GM) =>
    packets.filter((p) => p.session === session && (p.name === "LocaleMsg" || p.name === "ConsoleMsg")).map((p) => (p.name === "LocaleMsg" ? `${p.fields.messageId} [${p.fields.params}]` : `"${p.fields.text}"`));
  const npcs = () => w.server.instance.npcs().map((npc) => ({ npc: npc.npc, x: npc.x, y: npc.y }));
  const ground = () => w.server.instance.groundObjects().map((pile) => `${pile.obj}@${pile.x},${pile.y}`);
  const state = (session: number) => w.server.snapshot().find((entry) => entry.session === session)!.state;
  return { w, act, click, audits, lines, npcs, ground, state };
}

const SEMIDIOS: StaffStanding = { rank: "semidios", roleMaster: false };
const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };

describe("NPCs of the GM's map", () => {
  test("/RMATA: the clicked wolf goes without rewards (RMATA-NAME: Msg1477 names it) and is back at once; nothing clicked is Msg960", () => {
    const { w, act, click, audits, lines, npcs, ground, state } = setUp(SEMIDIOS, { npcs: [spawn(WOLF, "Lobo", 15, 10)] });
    act("KillNPC");
    expect(lines(w.drain())).toEqual(["960 []"]);
    click(15, 10);
    w.drain();
    const before = state(GM);
    act("KillNPC");
    const out = w.drain();
    expect(lines(out)).toEqual(["1477 [Lobo]"]);
    expect(out.filter((p) => p.session === WITNESS).map((p) => p.name)).toContain("CharacterRemove");
    // npcs.dat brings it back (on a tile nobody sees, as it has no OrigPos): at once, not after its 101 s.
    expect(npcs().map((npc) => npc.npc)).toEqual([WOLF]);
    expect({ exp: state(GM).exp, gold: state(GM).gold, ground: ground() }).toEqual({ exp: before.exp, gold: before.gold, ground: [] });
    expect(audits()).toEqual([
      { action: "KillNPC", outcome: "refused_rule", detail: "no_target_npc" },
      { action: "KillNPC", outcome: "ok", target: "Lobo" },
    ]);
  });

  test("/SUM with no name and a creature clicked brings it below the GM (Msg563, WarpNpcChar); the witness sees it move; nothing clicked changes nothing", () => {
    const { w, act, click, audits, lines, npcs } = setUp(SEMIDIOS, { npcs: [spawn(WOLF, "Lobo", 15, 10)] });
    act("SummonChar", { userName: "" });
    expect(lines(w.drain())).toEqual([]);
    click(15, 10);
    w.drain();
    act("SummonChar", { userName: "" });
    const out = w.drain();
    expect(lines(out)).toEqual(["563 []"]);
    expect(npcs()).toEqual([{ npc: WOLF, x: 10, y: 11 }]);
    expect(out.some((p) => p.session === WITNESS && p.name === "CharacterMove" && p.fields.x === 10 && p.fields.y === 11)).toBe(true);
    expect(audits()).toEqual([
      { action: "SummonChar", outcome: "refused_rule", detail: "no_target" },
      { action: "SummonChar", outcome: "ok", detail: `npc ${WOLF} to 10 11`, target: "Lobo" },
    ]);
  });

  test("/MATA removes the clicked NPC for good; /MATA with nothing clicked does nothing (as VB6)", () => {
    const { w, act, click, audits, lines, npcs } = setUp(SEMIDIOS, { npcs: [spawn(WOLF, "Lobo", 15, 10)] });
    act("KillNPCNoRespawn");
    click(15, 10);
    w.drain();
    act("KillNPCNoRespawn");
    expect(lines(w.drain())).toEqual([]);
    w.advance(10 * 60_000);
    expect(npcs()).toEqual([]);
    expect(audits()).toEqual([
      { action: "KillNPCNoRespawn", outcome: "refused_rule", detail: "no_target_npc" },
      { action: "KillNPCNoRespawn", outcome: "ok", target: "Lobo" },
    ]);
  });

  test("/MASSKILL removes every NPC within x ± 11, y ± 9 of the GM for good; one farther stays", () => {
    const { act, audits, npcs, w } = setUp(DIOS, { npcs: [spawn(WOLF, "Lobo", 21, 10), spawn(HARE, "Liebre", 10, 19), spawn(WOLF, "Lobo", 22, 10), spawn(HARE, "Liebre", 10, 20)] });
    act("KillAllNearbyNPCs");
    w.advance(10 * 60_000);
    expect(npcs().sort((a, b) => a.npc - b.npc)).toEqual([
      { npc: WOLF, x: 22, y: 10 },
      { npc: HARE, x: 10, y: 20 },
    ]);
    expect(audits()).toEqual([{ action: "KillAllNearbyNPCs", outcome: "ok", detail: "removed 2" }]);
  });

  test("/CC opens the spawn window: a SemiDios hears Msg970 and gets the summonable list, a Dios the full one (G27)", () => {
    const semi = setUp(SEMIDIOS);
    semi.act("SpawnListRequest");
    const out = semi.w.drain().filter((p) => p.session === GM);
    expect(out.map((p) => (p.name === "SpawnListt" ? `SpawnListt ${p.fields.fullList}` : p.name === "LocaleMsg" ? `${p.fields.messageId}` : p.name))).toEqual(["970", "SpawnListt false"]);
    const god = setUp(DIOS);
    god.act("SpawnListRequest");
    expect(god.w.drain().filter((p) => p.session === GM).map((p) => (p.name === "SpawnListt" ? `SpawnListt ${p.fields.fullList}` : p.name))).toEqual(["SpawnListt true"]);
    expect([...semi.audits(), ...god.audits()]).toEqual([
      { action: "SpawnListRequest", outcome: "ok", detail: "summonable_only" },
      { action: "SpawnListRequest", outcome: "ok", detail: "full_list" },
    ]);
  });

  test("the spawn pick: a SemiDios gets a summonable creature next to it, is refused the others; a Dios any; SPAWN-TABLE: numbers outside npcs.dat refused", () => {
    const { w, act, audits, lines, npcs } = setUp(SEMIDIOS);
    act("SpawnCreature", { creatureIndex: WOLF });
    act("SpawnCreature", { creatureIndex: 9999 });
    act("SpawnCreature", { creatureIndex: -5 });
    act("SpawnCreature", { creatureIndex: 0 });
    expect(lines(w.drain())).toEqual(['"Tu rango no puede invocar a Lobo."', '"No hay ninguna criatura número 9999 en este mundo."', '"No hay ninguna criatura número -5 en este mundo."', '"No hay ninguna criatura número 0 en este mundo."']);
    expect(npcs()).toEqual([]);
    act("SpawnCreature", { creatureIndex: HARE });
    const out = w.drain();
    expect(npcs()).toHaveLength(1);
    const hare = npcs()[0]!;
    expect(hare.npc).toBe(HARE);
    expect(Math.max(Math.abs(hare.x - 10), Math.abs(hare.y - 10))).toBe(1);
    expect(out.some((p) => p.session === WITNESS && p.name === "CharacterCreate" && p.fields.name === "Liebre")).toBe(true);
    expect(audits()).toEqual([
      { action: "SpawnCreature", outcome: "refused_rule", detail: "not_summonable", target: "Lobo" },
      { action: "SpawnCreature", outcome: "refused_rule", detail: "unknown_npc" },
      { action: "SpawnCreature", outcome: "refused_rule", detail: "unknown_npc" },
      { action: "SpawnCreature", outcome: "refused_rule", detail: "unknown_npc" },
      { action: "SpawnCreature", outcome: "ok", detail: `at ${hare.x},${hare.y}`, target: "Liebre" },
    ]);
    const god = setUp(DIOS);
    god.act("SpawnCreature", { creatureIndex: WOLF });
    expect(god.npcs().map((npc) => npc.npc)).toEqual([WOLF]);
  });

  test("/ACC: a spawned wolf never comes back once dead; RACC-RESPAWN: a /RACC dragon does, though npcs.dat says it does not", () => {
    const { w, act, npcs, audits } = setUp(ADMIN);
    act("CreateNPC", { npcIndex: WOLF });
    act("CreateNPCWithRespawn", { npcIndex: DRAGON });
    act("CreateNPC", { npcIndex: 31_000 });
    expect(npcs().map((npc) => npc.npc).sort()).toEqual([WOLF, DRAGON]);
    for (const npc of w.server.instance.npcs()) w.server.instance.killNpc(npc.charIndex);
    w.advance(10 * 60_000);
    expect(npcs().map((npc) => npc.npc)).toEqual([DRAGON]);
    expect(audits().map((row) => `${row.action} ${row.outcome} ${row.target ?? row.detail}`)).toEqual(["CreateNPC ok Lobo", "CreateNPCWithRespawn ok Dragón", "CreateNPC refused_rule unknown_npc"]);
  });

  test("RESETINV-STOCK: /RESETINV puts the clicked trader's npcs.dat stock back; a creature that does not trade, or nothing clicked, changes nothing", () => {
    const { w, act, click, audits } = setUp(SEMIDIOS, { npcs: [spawn(MERCHANT, "Mercader", 10, 8), spawn(WOLF, "Lobo", 15, 10)], gold: 1000 });
    const stock = () => w.server.instance.shops()[0]!.slots.filter((slot) => slot.amount > 0);
    click(10, 8);
    w.server.act(GM, "CommerceStart", {});
    w.server.act(GM, "CommerceBuy", { slot: 1, amount: 4 });
    w.server.act(GM, "CommerceEnd", {});
    expect(stock()).toEqual([{ objectId: POTION, amount: 6 }]);
    w.events.length = 0;
    act("ResetNPCInventory");
    expect(stock()).toEqual([{ objectId: POTION, amount: 10 }]);
    click(15, 10);
    act("ResetNPCInventory");
    click(14, 14);
    act("ResetNPCInventory");
    expect(audits()).toEqual([
      { action: "ResetNPCInventory", outcome: "ok", target: "Mercader" },
      { action: "ResetNPCInventory", outcome: "refused_rule", detail: "not_a_trader", target: "Lobo" },
      { action: "ResetNPCInventory", outcome: "refused_rule", detail: "no_target_npc" },
    ]);
  });
});

describe("items and tiles of the GM's map", () => {
  test("/DEST erases the pile on the GM's tile (ObjectDelete to viewers); no pile there, nothing", () => {
    const { w, act, audits, ground } = setUp(DIOS, { objects: [{ x: 10, y: 10, obj: APPLE, amount: 5 }, { x: 11, y: 10, obj: APPLE, amount: 1 }] });
    act("DestroyItems");
    expect(w.drain().filter((p) => p.name === "ObjectDelete").map((p) => [p.session, p.fields.x, p.fields.y])).toEqual([
      [GM, 10, 10],
      [WITNESS, 10, 10],
    ]);
    expect(ground()).toEqual([`${APPLE}@11,10`]);
    act("DestroyItems");
    expect(audits()).toEqual([
      { action: "DestroyItems", outcome: "ok", detail: "1 x5 at 10,10" },
      { action: "DestroyItems", outcome: "refused_rule", detail: "no_pile" },
    ]);
  });

  test("/MASSDEST erases loose piles within x ± 11, y ± 9; doors and trees of the map and piles farther stay", () => {
    const objects = [
      { x: 21, y: 19, obj: APPLE, amount: 1 },
      { x: 12, y: 12, obj: DOOR, amount: 1 },
      { x: 13, y: 12, obj: TREE, amount: 1 },
      { x: 22, y: 10, obj: APPLE, amount: 1 },
      { x: 10, y: 20, obj: POTION, amount: 1 },
    ];
    const { act, audits, ground } = setUp(SEMIDIOS, { objects });
    act("DestroyAllItemsInArea");
    expect(ground().sort()).toEqual([`${APPLE}@22,10`, `${DOOR}@12,12`, `${POTION}@10,20`, `${TREE}@13,12`].sort());
    expect(audits()).toEqual([{ action: "DestroyAllItemsInArea", outcome: "ok", detail: "erased 1" }]);
  });

  test("LIMPIAR-CLEANS: /LIMPIAR erases every loose pile of the map and says Msg971; fixtures stay", () => {
    const { w, act, audits, ground, lines } = setUp(SEMIDIOS, { objects: [{ x: 39, y: 39, obj: APPLE, amount: 3 }, { x: 2, y: 2, obj: POTION, amount: 1 }, { x: 5, y: 5, obj: DOOR, amount: 1 }] });
    act("CleanWorld");
    expect(lines(w.drain())).toEqual(["971 []"]);
    expect(ground()).toEqual([`${DOOR}@5,5`]);
    expect(audits()).toEqual([{ action: "CleanWorld", outcome: "ok", detail: "erased 2" }]);
  });

  test("the floor list: '(x,y) name' for piles from 5 to 95 but trees, column by column", () => {
    const { w, act, lines } = setUp(DIOS, { objects: [{ x: 20, y: 6, obj: APPLE, amount: 3 }, { x: 7, y: 30, obj: DOOR, amount: 1 }, { x: 8, y: 8, obj: TREE, amount: 1 }, { x: 2, y: 2, obj: POTION, amount: 1 }] });
    act("ItemsInTheFloor");
    expect(lines(w.drain())).toEqual(['"(7,30) Puerta"', '"(20,6) Manzana"']);
  });

  test("/TRIGGER n writes the GM's tile (TRIGGER-RANGE: 0…41 only, others refused with nothing changed); AskTrigger answers Msg1498", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("SetTrigger", { trigger: 6 });
    act("AskTrigger");
    act("SetTrigger", { trigger: 42 });
    act("SetTrigger", { trigger: 255 });
    act("AskTrigger");
    expect(lines(w.drain())).toEqual([
      '"Trigger 6 en el mapa 1 10,10."',
      "1498 [MAP 1,10,10. = 6]",
      '"El trigger debe ser un número de 0 a 41."',
      '"El trigger debe ser un número de 0 a 41."',
      "1498 [MAP 1,10,10. = 6]",
    ]);
    expect(w.definition.triggers instanceof SharedArrayBuffer && new Uint8Array(w.definition.triggers)[9 * 40 + 9]).toBe(6);
    expect(audits().map((row) => `${row.action} ${row.outcome} ${row.detail}`)).toEqual([
      "SetTrigger ok 0 -> 6 at 10,10",
      "AskTrigger ok 6 at 10,10",
      "SetTrigger refused_rule trigger_out_of_range",
      "SetTrigger refused_rule trigger_out_of_range",
      "AskTrigger ok 6 at 10,10",
    ]);
  });

  test("/BLOQ blocks the GM's tile in the shared grid (BlockPosition 15 to viewers): nobody walks in; again on it opens it (BlockPosition 0)", () => {
    const { w, act, audits } = setUp(SEMIDIOS);
    const grid = new Uint8Array(w.definition.collision);
    act("TileBlockedToggle");
    expect(w.drain().filter((p) => p.name === "BlockPosition").map((p) => [p.session, p.fields.x, p.fields.y, p.fields.blocked])).toEqual([
      [GM, 10, 10, 15],
      [WITNESS, 10, 10, 15],
    ]);
    expect(grid[9 * 40 + 9]).toBe(BLOCKED_ALL | BLOCKED_GM);
    act("TileBlockedToggle");
    expect(w.drain().filter((p) => p.name === "BlockPosition").map((p) => p.fields.blocked)).toEqual([0, 0]);
    expect(grid[9 * 40 + 9]).toBe(0);
    act("TileBlockedToggle");
    // The GM steps off north; the witness (12,10) steps west to 11,10, then cannot step onto 10,10.
    w.server.walk(GM, 1);
    w.advance(1000);
    w.server.walk(WITNESS, 4);
    w.advance(1000);
    w.server.walk(WITNESS, 4);
    w.drain();
    expect(w.server.positionOf(GM)).toMatchObject({ x: 10, y: 9 });
    expect(w.server.positionOf(WITNESS)).toMatchObject({ x: 11, y: 10 });
    expect(audits()).toEqual([
      { action: "TileBlockedToggle", outcome: "ok", detail: "blocked 10,10" },
      { action: "TileBlockedToggle", outcome: "ok", detail: "opened 10,10" },
      { action: "TileBlockedToggle", outcome: "ok", detail: "blocked 10,10" },
    ]);
  });

  test("BLOQ-WALL: /BLOQ on a tile the map blocks (a direction bit, no GM mark) is refused with a line; the grid keeps its bits", () => {
    const { w, act, audits, lines } = setUp(SEMIDIOS, { walls: [[10, 10, BLOCKED_NORTH]] });
    const grid = new Uint8Array(w.definition.collision);
    expect(w.server.positionOf(GM)).toMatchObject({ x: 10, y: 10 });
    act("TileBlockedToggle");
    const out = w.drain();
    expect(lines(out)).toEqual(['"Ese lugar es una pared del mapa: /BLOQ solo quita bloqueos puestos por un GM."']);
    expect(out.filter((p) => p.name === "BlockPosition")).toEqual([]);
    expect(grid[9 * 40 + 9]).toBe(BLOCKED_NORTH);
    expect(audits()).toEqual([{ action: "TileBlockedToggle", outcome: "refused_rule", detail: "map_wall 10,10" }]);
  });

  test("/CT 1 30 31: a teleport above the GM (object 370 for radius 1) a player walking in takes; /DT removes it, object and exit", () => {
    const { w, act, audits, lines, ground } = setUp(DIOS);
    act("TeleportCreate", { map: 1, x: 30, y: 31, radius: 1, reason: "evento" });
    expect(lines(w.drain())).toEqual(['"Portal creado hacia 1,30,31."']);
    expect(ground()).toEqual([`${TELEPORT}@10,9`]);
    expect(w.server.instance.npcs()).toEqual([]);
    // The witness walks onto it: west to 11,10, north to 11,9, west onto 10,9, and lands next to 30,31.
    for (const heading of [4, 1, 4]) {
      w.server.walk(WITNESS, heading);
      w.advance(1000);
    }
    const landed = w.server.positionOf(WITNESS)!;
    expect(Math.max(Math.abs(landed.x - 30), Math.abs(landed.y - 31))).toBeLessThanOrEqual(1);
    act("TeleportDestroy");
    expect(ground()).toEqual([]);
    act("TeleportDestroy");
    // The exit is gone too: the GM steps onto 10,9 and stays there.
    w.server.walk(GM, 1);
    expect(w.server.positionOf(GM)).toMatchObject({ x: 10, y: 9 });
    expect(audits().map((row) => `${row.action} ${row.outcome} ${row.detail}`)).toEqual([
      "TeleportCreate ok 10,9 -> 1,30,31",
      "TeleportDestroy ok 10,9 -> 1,30,31",
      "TeleportDestroy refused_rule no_teleport",
    ]);
  });

  test("CT-DESTINATION: hostile destinations are refused with a line and nothing is made; a taken tile above, an object or exit at the destination too (Msg973, Msg974)", () => {
    const { w, act, audits, lines, ground } = setUp(DIOS, { objects: [{ x: 20, y: 20, obj: APPLE, amount: 1 }], exits: [{ x: 20, y: 25, destMap: 2, destX: 5, destY: 5 }] });
    for (const [map, x, y] of [[0, 10, 10], [-3, 10, 10], [2, 0, 10], [2, 10, 101], [1, 41, 5], [1, 5, 255]] as const) act("TeleportCreate", { map, x, y, radius: 1, reason: "" });
    act("TeleportCreate", { map: 1, x: 20, y: 20, radius: 1, reason: "" });
    act("TeleportCreate", { map: 1, x: 20, y: 25, radius: 1, reason: "" });
    act("TeleportCreate", { map: 7, x: 50, y: 50, radius: 3, reason: "" });
    act("TeleportCreate", { map: 7, x: 20, y: 20, radius: 1, reason: "" });
    expect(lines(w.drain())).toEqual([
      ...Array(6).fill('"Ese destino no existe en este mundo."'),
      "973 []",
      "974 []",
      '"Salida creada hacia 7,50,50 (este mundo no tiene el objeto del portal: no se ve)."',
      '"Ya hay un objeto o una salida justo arriba tuyo."',
    ]);
    expect(ground()).toEqual([`${APPLE}@20,20`]);
    expect(audits().map((row) => `${row.outcome} ${row.detail}`)).toEqual([
      "refused_rule bad_destination 0,10,10",
      "refused_rule bad_destination -3,10,10",
      "refused_rule bad_destination 2,0,10",
      "refused_rule bad_destination 2,10,101",
      "refused_rule bad_destination 1,41,5",
      "refused_rule bad_destination 1,5,255",
      "refused_rule destination_object 1,20,20",
      "refused_rule destination_exit 1,20,25",
      "ok 10,9 -> 7,50,50 (no object)",
      "refused_rule tile_taken 7,20,20",
    ]);
  });

  test("G32: /MODMAPINFO SEGURO 1 makes the GM's map safe (what every rule reads) and says Sí; 0 unsafe and says No", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("ChangeMapInfoPK", { isPk: true });
    expect(lines(w.drain())).toEqual(["1506 [1¬Sí]"]);
    expect(w.definition.safe).toBe(true);
    act("ChangeMapInfoPK", { isPk: false });
    expect(lines(w.drain())).toEqual(["1506 [1¬No]"]);
    expect(w.definition.safe).toBe(false);
    expect(audits().map((row) => `${row.action} ${row.outcome} ${row.detail}`)).toEqual(["ChangeMapInfoPK ok safe false -> true", "ChangeMapInfoPK ok safe true -> false"]);
  });

  test("a player sending these packets changes nothing (NPCs, piles, grids) and is audited refused_rank each", () => {
    const { w, act, click, audits, npcs, ground } = setUp(undefined, { npcs: [spawn(WOLF, "Lobo", 15, 10)], objects: [{ x: 10, y: 10, obj: APPLE, amount: 5 }, { x: 13, y: 13, obj: POTION, amount: 1 }] });
    click(15, 10);
    w.drain();
    const grids = () => [Array.from(new Uint8Array(w.definition.collision)).join(""), Array.from(new Uint8Array(w.definition.triggers)).join("")];
    const before = { npcs: npcs(), ground: ground(), grids: grids(), safe: w.definition.safe };
    const sent: [ClientPacketName, Record<string, unknown>][] = [
      ["KillNPC", {}],
      ["KillNPCNoRespawn", {}],
      ["KillAllNearbyNPCs", {}],
      ["SpawnListRequest", {}],
      ["SpawnCreature", { creatureIndex: HARE }],
      ["CreateNPC", { npcIndex: WOLF }],
      ["CreateNPCWithRespawn", { npcIndex: WOLF }],
      ["ResetNPCInventory", {}],
      ["DestroyItems", {}],
      ["DestroyAllItemsInArea", {}],
      ["CleanWorld", {}],
      ["ItemsInTheFloor", {}],
      ["SetTrigger", { trigger: 6 }],
      ["AskTrigger", {}],
      ["TileBlockedToggle", {}],
      ["TeleportCreate", { map: 1, x: 20, y: 20, radius: 1, reason: "" }],
      ["TeleportDestroy", {}],
      ["ChangeMapInfoPK", { isPk: true }],
      ["KickAllChars", {}],
    ];
    for (const [name, fields] of sent) act(name, fields);
    w.advance(10 * 60_000);
    expect({ npcs: npcs(), ground: ground(), grids: grids(), safe: w.definition.safe }).toEqual(before);
    expect(w.drain().filter((p) => p.name === "SpawnListt" || p.name === "BlockPosition" || p.name === "ObjectDelete")).toEqual([]);
    expect(audits()).toEqual(sent.map(([action]) => ({ action, outcome: "refused_rank" })));
    expect(w.events.some((event) => event.t === "service" && event.message.kind === "command")).toBe(false);
  });

  test("CerrarCliente goes to the staff service by the typed name; its answer makes the target's map send CerrarleCliente; no name is refused here", () => {
    const { w, act, audits } = setUp(ADMIN);
    act("CerrarCliente", { userName: "Testigo+Dos" });
    act("CerrarCliente", { userName: "  " });
    expect(w.events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message.command] : []))).toEqual([{ kind: "close_client", target: "Testigo Dos" }]);
    expect(audits()).toEqual([{ action: "CerrarCliente", outcome: "refused_rule", detail: "no_target" }]);
    w.drain();
    w.server.instance.fromWorld({ t: "system", service: "staff", session: WITNESS, message: { kind: "close_client" } });
    expect(w.drain().map((p) => [p.session, p.name])).toEqual([[WITNESS, "CerrarleCliente"]]);
  });

  test("/ECHARTODOSPJS goes to the staff service (everyone online may play on another map)", () => {
    const { w, act } = setUp(DIOS);
    act("KickAllChars");
    expect(w.events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message] : []))).toEqual([{ kind: "command", action: "KickAllChars", params: {}, command: { kind: "kick_all" } }]);
  });

  test("/ANAME viejo@nuevo goes to the staff service (the character may be offline); an empty part is Msg986 here; below Dios it is refused silently as VB6 does", () => {
    const { w, act, audits, lines } = setUp(DIOS);
    act("AlterName", { userName: "Juan+Perez", newName: "Juan Gomez" });
    act("AlterName", { userName: "Juan", newName: "" });
    expect(w.events.flatMap((event) => (event.t === "service" && event.message.kind === "command" ? [event.message.command] : []))).toEqual([{ kind: "rename", target: "Juan Perez", newName: "Juan Gomez" }]);
    expect(lines(w.drain())).toEqual(["986 []"]);
    expect(audits()).toEqual([{ action: "AlterName", outcome: "refused_rule", detail: "usage" }]);
    const semidios = setUp(SEMIDIOS);
    semidios.act("AlterName", { userName: "Juan", newName: "Pedro" });
    expect(semidios.lines(semidios.w.drain())).toEqual([]);
    expect(semidios.audits()).toEqual([{ action: "AlterName", outcome: "refused_rank" }]);
  });
});
