/**
 * Shots and throws on a map (combat-and-progression §4, §8.2), driven with real packet bodies on
 * the default world's tables plus a few objects of our own (a javelin, fire arrows with an FX,
 * a particle and a picture, a bow with a sound): the bow's target request, hits and misses with
 * their exact packets, the arrows used, the refusals, a throw and its cooldown, PvP shots, and a
 * citizen turning criminal for everyone who sees it.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_OBJECTS, loadDefaultWorld, type GameTables } from "../../content/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalogFromObjects, ObjectType, type ItemCatalog } from "../../game/items/index.ts";
import { SeededRandom } from "../../random/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { WALL, world, type Received } from "../map-harness.test-support.ts";

let tables: GameTables;
let items: ItemCatalog;

/** Objects of our own next to the default world's. */
const JAVELIN = 901;
const FIRE_ARROW = 902;
const LOUD_BOW = 903;
const JAVELIN_COOLDOWN_TYPE = 7;
const JAVELIN_COOLDOWN_MS = 2000;
/** An NPC of our own: the wild boar on the Royal side. */
const SENTINEL = 99;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  tables = loaded.pack.tables!;
  items = itemCatalogFromObjects([
    ...tables.objects!.objects,
    // A throwing weapon: `Proyectil=1`, no `Municiones`; a cooldown group instead of ammunition.
    { id: JAVELIN, name: "Jabalina", objType: ObjectType.Weapon, projectile: 1, minHit: 2, maxHit: 4, cooldown: JAVELIN_COOLDOWN_MS, cooldownType: JAVELIN_COOLDOWN_TYPE, projectileType: 4 },
    { id: FIRE_ARROW, name: "Flecha Ígnea", objType: ObjectType.Ammunition, subType: 1, minHit: 1, maxHit: 1, createsFx: 16, createsParticle: "31:700", projectileType: 2 },
    { id: LOUD_BOW, name: "Arco Sonoro", objType: ObjectType.Weapon, weaponType: 3, projectile: 1, ammunition: 1, minHit: 1, maxHit: 2, createsWav: 150 },
  ]);
});

const HUNTER = 8;
const PROJECTILES = 12;
const beast = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "Bestia", x, y, body: 10, head: 0, heading: 3 });

/** A level-1 hunter with the willow bow and `arrows` training arrows equipped. */
function archer(arrows: number, overrides: Partial<CharacterRecord> = {}): Partial<CharacterRecord> {
  const inventory: CharacterRecord["inventory"] = [{ slot: 1, objectId: DEFAULT_OBJECTS.trainingBow, amount: 1, equipped: true }];
  if (arrows > 0) inventory.push({ slot: 2, objectId: DEFAULT_OBJECTS.trainingArrow, amount: arrows, equipped: true });
  return {
    class: HUNTER,
    attributes: [18, 19, 18, 18, 18],
    skills: Object.assign(new Array<number>(24).fill(0), { [PROJECTILES - 1]: 10 }),
    vitals: { hp: 100, maxHp: 100, mana: 0, maxMana: 0, stamina: 100, maxStamina: 100, food: 100, water: 100 },
    inventory,
    equipment: { ...EMPTY_EQUIPMENT, weapon: DEFAULT_OBJECTS.trainingBow, ammunition: arrows > 0 ? DEFAULT_OBJECTS.trainingArrow : 0 },
    ...overrides,
  };
}

function arena(npcs: NpcDefinition[], seed: number, options: { tables?: GameTables; walls?: [number, number, number][]; triggers?: [number, number, number][] } = {}) {
  return world({ tables: options.tables ?? tables, items, npcs, safe: false, random: SeededRandom.create(seed), walls: options.walls ?? [], triggers: options.triggers ?? [] });
}

/** Walls on the four tiles around (x, y): an NPC there stays put while time passes. */
const pen = (x: number, y: number): [number, number, number][] => [
  [x, y - 1, WALL],
  [x, y + 1, WALL],
  [x - 1, y, WALL],
  [x + 1, y, WALL],
];
/** The boar, penned in 5 tiles north of (20, 20). */
const penned = { walls: pen(20, 15) };

/** One readable line per packet for one session. */
function lines(packets: Received[], session: number): string[] {
  return packets.filter((p) => p.session === session).map(line);
}

function line({ name, fields: f }: Received): string {
  switch (name) {
    case "LocaleMsg":
      return `LocaleMsg ${f.messageId}${f.params ? ` ${f.params}` : ""}`;
    case "LocaleChatOverHead":
      return `LocaleChatOverHead ${f.messageId}`;
    case "WorkRequestTarget":
      return `WorkRequestTarget ${f.skill}`;
    case "UpdateSta":
      return "UpdateSta";
    case "PlayWave":
      return `PlayWave ${f.wave} (${f.x},${f.y})`;
    case "CharSwing":
      return `CharSwing ${f.charIndex}`;
    case "ArmaMov":
      return `ArmaMov ${f.charIndex} ranged=${f.isRanged}`;
    case "TextOverChar":
      return `TextOverChar ${f.charIndex} ${f.text}`;
    case "CharUpdateHP":
      return `CharUpdateHP ${f.charIndex} ${f.minHp}/${f.maxHp}`;
    case "ChangeInventorySlot":
      return `Slot ${f.slot}: ${f.objIndex}x${f.amount}${f.equipped ? " equipped" : ""}`;
    case "CreateProjectile":
      return `CreateProjectile (${f.startX},${f.startY})→(${f.targetX},${f.targetY}) type ${f.projectileType}`;
    case "CreateFX":
      return `CreateFX ${f.charIndex} ${f.fx}`;
    case "ParticleFX":
      return `ParticleFX ${f.charIndex} ${f.particle} ${f.time}`;
    case "UpdateCooldownType":
      return `UpdateCooldownType ${f.cooldownType}`;
    case "UserHittedUser":
      return `UserHittedUser ${f.victimCharIndex} part ${f.bodyPart} dmg ${f.damage}`;
    case "UserHittedByUser":
      return `UserHittedByUser ${f.attackerCharIndex} part ${f.bodyPart} dmg ${f.damage}`;
    case "UpdateHP":
      return `UpdateHP ${f.minHp}`;
    case "UpdateExp":
      return `UpdateExp ${f.exp}`;
    case "TextOverTile":
      return `TextOverTile ${f.text}`;
    case "UpdateTagAndStatus":
      return `UpdateTagAndStatus ${f.charIndex} status ${f.status} ${f.tag}`;
    case "PosUpdate":
      return `PosUpdate (${f.x},${f.y})`;
    case "ChatOverHead":
      return `ChatOverHead ${f.charIndex} ${f.text}`;
    default:
      return name;
  }
}

const shoot = (w: ReturnType<typeof arena>, session: number, x: number, y: number, counter = 1) => w.server.act(session, "WorkLeftClick", { x, y, skill: PROJECTILES, counter });

const snapshotOf = (w: ReturnType<typeof arena>, session: number) => w.server.snapshot().find((entry) => entry.session === session)!.state;

describe("a bow (§4)", () => {
  test("using the equipped bow asks for a target; the shot hits the boar: 229, the damage path, ArmaMov ranged, one arrow less", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 22, 20);
    w.drain();
    w.server.act(1, "UseItem", { slot: 1, fromInventoryTab: 0, counter: 1 });
    expect(lines(w.drain(), 1)).toEqual(["WorkRequestTarget 12"]);
    shoot(w, 1, 20, 15);
    const out = w.drain();
    expect(lines(out, 1)).toEqual([
      "UpdateSta",
      "PlayWave 229 (20,15)",
      "LocaleMsg 382 12",
      "TextOverChar 1 12",
      "UpdateExp 9",
      "TextOverTile +9",
      "CharUpdateHP 1 18/30",
      "ArmaMov 2 ranged=1",
      "Slot 2: 13x2 equipped",
    ]);
    expect(lines(out, 2)).toEqual(["PlayWave 229 (20,15)", "TextOverChar 1 12", "CharUpdateHP 1 18/30", "ArmaMov 2 ranged=1"]);
    expect(w.server.instance.npcs()[0]).toMatchObject({ hp: 18, hostile: true });
    expect(snapshotOf(w, 1).inventory.find((slot) => slot.slot === 2)).toEqual({ slot: 2, objectId: DEFAULT_OBJECTS.trainingArrow, amount: 2, equipped: true });
  });

  test("a miss: 228 at the archer, the swing, ArmaMov ranged; the arrow is used all the same", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 2);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 22, 20);
    w.drain();
    shoot(w, 1, 20, 15);
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["UpdateSta", "PlayWave 228 (20,20)", "CharSwing 2", "ArmaMov 2 ranged=1", "Slot 2: 13x2 equipped"]);
    expect(lines(out, 2)).toEqual(["PlayWave 228 (20,20)", "CharSwing 2", "ArmaMov 2 ranged=1"]);
    expect(w.server.instance.npcs()[0]).toMatchObject({ hp: 30 });
  });

  test("fire arrows and a bow with a sound: the arrow's FX and particle on the NPC, its picture flying, the bow's CreaWav", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 1);
    const fire = archer(0, {
      inventory: [
        { slot: 1, objectId: LOUD_BOW, amount: 1, equipped: true },
        { slot: 2, objectId: FIRE_ARROW, amount: 5, equipped: true },
      ],
      equipment: { ...EMPTY_EQUIPMENT, weapon: LOUD_BOW, ammunition: FIRE_ARROW },
    });
    w.enter(1, "Ana", 20, 20, { with: fire });
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toEqual([
      "UpdateSta",
      "PlayWave 229 (20,15)",
      "LocaleMsg 382 12",
      "TextOverChar 1 12",
      "UpdateExp 9",
      "TextOverTile +9",
      "CharUpdateHP 1 18/30",
      "CreateFX 1 16",
      "ParticleFX 1 31 700",
      "CreateProjectile (20,20)→(20,15) type 2",
      "ArmaMov 2 ranged=1",
      "PlayWave 150 (20,20)",
      `Slot 2: ${FIRE_ARROW}x4 equipped`,
    ]);
  });

  test("the last arrow leaves the slot and the ammunition with it; then 709 and WorkRequestTarget(0)", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 2, penned);
    w.enter(1, "Ana", 20, 20, { with: archer(1) });
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1).at(-1)).toBe("Slot 2: 0x0");
    expect(snapshotOf(w, 1).equipment.ammunition).toBe(0);
    w.advance(1200);
    shoot(w, 1, 20, 15, 2);
    expect(lines(w.drain(), 1)).toEqual(["LocaleMsg 709", "WorkRequestTarget 0"]);
    expect(w.server.instance.npcs()[0]).toMatchObject({ hp: 30 });
  });

  test("no arrows: 709, WorkRequestTarget(0), no stamina spent; arrows with a weapon that does not shoot: unequipped, no 709", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(0) });
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toEqual(["LocaleMsg 709", "WorkRequestTarget 0"]);
    expect(snapshotOf(w, 1).vitals.stamina).toBe(100);

    const sword = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 1);
    const swordsman = archer(4, {
      inventory: [
        { slot: 1, objectId: DEFAULT_OBJECTS.trainingSword, amount: 1, equipped: true },
        { slot: 2, objectId: DEFAULT_OBJECTS.trainingArrow, amount: 4, equipped: true },
      ],
      equipment: { ...EMPTY_EQUIPMENT, weapon: DEFAULT_OBJECTS.trainingSword, ammunition: DEFAULT_OBJECTS.trainingArrow },
    });
    sword.enter(1, "Ana", 20, 20, { with: swordsman });
    sword.drain();
    shoot(sword, 1, 20, 15);
    expect(lines(sword.drain(), 1)).toEqual(["Slot 2: 13x4", "WorkRequestTarget 0"]);
  });

  test("a tired archer: 2129 over the head, 1128, WorkRequestTarget(0)", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(3, { vitals: { hp: 100, maxHp: 100, mana: 0, maxMana: 0, stamina: 9, maxStamina: 100, food: 100, water: 100 } }) });
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toEqual(["LocaleChatOverHead 2129", "LocaleMsg 1128", "WorkRequestTarget 0"]);
  });

  test("the shot interval (1200 ms) refuses silently and uses nothing", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 2, penned);
    w.enter(1, "Ana", 20, 20, { with: archer(5) });
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toContain("Slot 2: 13x4 equipped");
    w.advance(1199);
    shoot(w, 1, 20, 15, 2);
    expect(lines(w.drain(), 1)).toEqual([]);
    w.advance(1);
    shoot(w, 1, 20, 15, 3);
    expect(lines(w.drain(), 1)).toContain("Slot 2: 13x3 equipped");
  });

  test("a click off the archer's screen gets PosUpdate; an empty tile: 'nothing interesting', stamina and the slot, no arrow used", () => {
    const w = arena([], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.drain();
    shoot(w, 1, 32, 20);
    expect(lines(w.drain(), 1)).toEqual(["PosUpdate (20,20)"]);
    shoot(w, 1, 20, 10);
    expect(lines(w.drain(), 1)).toEqual(["PosUpdate (20,20)"]);
    shoot(w, 1, 31, 20, 2);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta", "LocaleMsg 1114", "Slot 2: 13x3 equipped"]);
  });
});

describe("a throwing weapon (§4)", () => {
  test("a javelin needs no ammunition, is not used up and starts its cooldown group; within the cooldown a throw does nothing", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 2, penned);
    const thrower = archer(0, {
      inventory: [{ slot: 1, objectId: JAVELIN, amount: 1, equipped: true }],
      equipment: { ...EMPTY_EQUIPMENT, weapon: JAVELIN },
    });
    w.enter(1, "Ana", 20, 20, { with: thrower });
    w.drain();
    w.server.act(1, "UseItemU", { slot: 1, counter: 1 });
    expect(lines(w.drain(), 1)).toEqual(["WorkRequestTarget 12"]);
    shoot(w, 1, 20, 15);
    const first = lines(w.drain(), 1);
    expect(first.slice(-3)).toEqual(["CreateProjectile (20,20)→(20,15) type 4", "ArmaMov 2 ranged=1", `UpdateCooldownType ${JAVELIN_COOLDOWN_TYPE}`]);
    // 1200 ms later the shot lock is open but the javelin's group waits 2000 ms: nothing (the
    // lock is spent all the same, as VB6 checks it first).
    w.advance(1200);
    shoot(w, 1, 20, 15, 2);
    expect(lines(w.drain(), 1).filter((l) => l !== "UpdateSta")).toEqual([]);
    w.advance(1200);
    shoot(w, 1, 20, 15, 3);
    expect(lines(w.drain(), 1).at(-1)).toBe(`UpdateCooldownType ${JAVELIN_COOLDOWN_TYPE}`);
    expect(snapshotOf(w, 1).inventory).toEqual([{ slot: 1, objectId: JAVELIN, amount: 1, equipped: true }]);
  });

  test("a throw locks the next melee blow for 1200 ms: the shot restarts the melee timer too", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 2, penned);
    const thrower = archer(0, { inventory: [{ slot: 1, objectId: JAVELIN, amount: 1, equipped: true }], equipment: { ...EMPTY_EQUIPMENT, weapon: JAVELIN } });
    w.enter(1, "Ana", 20, 20, { with: thrower });
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toContain("ArmaMov 2 ranged=1");
    w.advance(1199);
    w.server.act(1, "Attack", { counter: 1 });
    expect(lines(w.drain(), 1).filter((l) => l !== "UpdateSta")).toEqual([]);
    w.advance(1);
    w.server.act(1, "Attack", { counter: 2 });
    expect(lines(w.drain(), 1)).toContain("ArmaMov 2 ranged=0");
  });

  test("a melee blow locks the next throw for 800 ms (IntervaloGolpeMagia)", () => {
    const w = arena([beast(DEFAULT_NPCS.wildBoar, 20, 15)], 2, penned);
    const thrower = archer(0, { inventory: [{ slot: 1, objectId: JAVELIN, amount: 1, equipped: true }], equipment: { ...EMPTY_EQUIPMENT, weapon: JAVELIN } });
    w.enter(1, "Ana", 20, 20, { with: thrower });
    w.drain();
    w.server.act(1, "Attack", { counter: 1 });
    expect(lines(w.drain(), 1)).toContain("ArmaMov 2 ranged=0");
    w.advance(799);
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toEqual([]);
    w.advance(1);
    shoot(w, 1, 20, 15, 2);
    expect(lines(w.drain(), 1)).toContain("ArmaMov 2 ranged=1");
  });
});

describe("shooting players and turning criminal (§3.4, §8.2)", () => {
  test("with the safe on a citizen may not shoot a citizen (1057, nothing used); on a safe map, 1062", () => {
    const w = arena([], 3);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 20, 15);
    w.drain();
    shoot(w, 1, 20, 15);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta", "LocaleMsg 1057"]);
    expect(snapshotOf(w, 1).inventory.find((slot) => slot.slot === 2)?.amount).toBe(3);

    const town = world({ tables, items, safe: true, random: SeededRandom.create(3) });
    town.enter(1, "Ana", 20, 20, { with: archer(3) });
    town.enter(2, "Beto", 20, 15);
    town.server.act(1, "SafeToggle", {});
    town.drain();
    shoot(town, 1, 20, 15);
    expect(lines(town.drain(), 1)).toEqual(["UpdateSta", "LocaleMsg 1062"]);
  });

  test("with the safe off, a shot at a citizen: the shooter turns criminal for everyone who sees it, then the hit", () => {
    const w = arena([], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 20, 15, { with: { vitals: { hp: 60, maxHp: 60, mana: 0, maxMana: 0, stamina: 40, maxStamina: 40, food: 100, water: 100 } } });
    w.enter(3, "Cora", 24, 24);
    w.drain();
    w.server.act(1, "SafeToggle", {});
    expect(lines(w.drain(), 1)).toEqual(["SafeModeOff"]);
    shoot(w, 1, 20, 15);
    const out = w.drain();
    const criminal = "UpdateTagAndStatus 1 status 0 Ana";
    expect(lines(out, 1)).toEqual([
      "UpdateSta",
      criminal,
      "CreateFX 2 14",
      "UserHittedUser 2 part 6 dmg 12",
      "TextOverChar 2 12",
      "PlayWave 10 (20,20)",
      "CreateFX 2 14",
      "ArmaMov 1 ranged=1",
      "Slot 2: 13x2 equipped",
    ]);
    expect(lines(out, 2)).toEqual([
      criminal,
      "CreateFX 2 14",
      "UserHittedByUser 1 part 6 dmg 12",
      "TextOverChar 2 12",
      "UpdateHP 48",
      "PlayWave 10 (20,20)",
      "CreateFX 2 14",
      "ArmaMov 1 ranged=1",
    ]);
    expect(lines(out, 3)[0]).toBe(criminal);
    expect(snapshotOf(w, 1).factionStatus).toBe(0);
    expect(snapshotOf(w, 2).vitals.hp).toBe(48);
    // A newcomer draws the criminal as one.
    w.enter(4, "Dana", 21, 21);
    const created = w.drain().filter((p) => p.session === 4 && p.name === "CharacterCreate" && p.fields.name === "Ana");
    expect(created.map((p) => p.fields.status)).toEqual([0]);
    // A criminal shooting a citizen stays what it is: no second status change.
    w.advance(1200);
    shoot(w, 1, 20, 15, 2);
    const again = w.drain();
    expect(lines(again, 1)).toContain("ArmaMov 1 ranged=1");
    expect(again.filter((p) => p.name === "UpdateTagAndStatus")).toEqual([]);
  });

  test("a miss on a player: 1930 to the victim, 1043 to the shooter, 228, the swing", () => {
    const w = arena([], 2);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 20, 15);
    w.server.act(1, "SafeToggle", {});
    w.drain();
    shoot(w, 1, 20, 15);
    const out = w.drain();
    const criminal = "UpdateTagAndStatus 1 status 0 Ana";
    expect(lines(out, 1)).toEqual(["UpdateSta", criminal, "LocaleMsg 1043", "PlayWave 228 (20,20)", "CharSwing 1", "ArmaMov 1 ranged=1", "Slot 2: 13x2 equipped"]);
    expect(lines(out, 2)).toEqual([criminal, "LocaleMsg 1930 Ana", "PlayWave 228 (20,20)", "CharSwing 1", "ArmaMov 1 ranged=1"]);
  });

  test("beyond MAXDISTANCIAARCO (18, Manhattan) a player on screen is out of reach: locale 8, the arrow is used anyway", () => {
    const w = arena([], 3);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 31, 29);
    w.server.act(1, "SafeToggle", {});
    w.drain();
    shoot(w, 1, 31, 29);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta", "LocaleMsg 8", "ArmaMov 1 ranged=1", "Slot 2: 13x2 equipped"]);
    expect(snapshotOf(w, 1).factionStatus).toBeUndefined();
  });

  test("oneself: 710 and WorkRequestTarget(0)", () => {
    const w = arena([], 3);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.drain();
    shoot(w, 1, 20, 20);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta", "LocaleMsg 710", "WorkRequestTarget 0"]);
  });
});

describe("criminal status in melee and for the NPC AI (§8.2, §6.4)", () => {
  test("a citizen's blow on a citizen turns it criminal for the viewers; the Royal sentinel that ignored it now comes for it", () => {
    const boar = tables.npcs!.npcs.find((npc) => npc.id === DEFAULT_NPCS.wildBoar)!;
    // A Royal NPC (`Alineacion=1`): it leaves the citizen side alone (combat-and-progression §6.4).
    const withSentinel: GameTables = { ...tables, npcs: { ...tables.npcs!, npcs: [...tables.npcs!.npcs, { ...boar, id: SENTINEL, name: "Centinela Real", alignment: 1 }] } };
    const w = arena([beast(SENTINEL, 20, 16)], 5, { tables: withSentinel });
    const fighter = archer(0, {
      inventory: [{ slot: 1, objectId: DEFAULT_OBJECTS.trainingSword, amount: 1, equipped: true }],
      equipment: { ...EMPTY_EQUIPMENT, weapon: DEFAULT_OBJECTS.trainingSword },
      vitals: { hp: 400, maxHp: 400, mana: 0, maxMana: 0, stamina: 400, maxStamina: 400, food: 100, water: 100 },
    });
    const ana = w.enter(1, "Ana", 20, 20, { heading: 2, with: fighter });
    const beto = w.enter(2, "Beto", 21, 20, { with: { vitals: { hp: 400, maxHp: 400, mana: 0, maxMana: 0, stamina: 40, maxStamina: 40, food: 100, water: 100 } } });
    w.enter(3, "Cora", 24, 24);
    w.drain();
    const blowsOn = (packets: Received[], charIndex: number) => packets.filter((p) => p.session === 3 && p.name === "CharAtaca" && p.fields.attackerIndex === charIndex);
    let before: Received[] = [];
    for (let t = 0; t < 6000; t += 150) {
      w.advance(150);
      before = before.concat(w.drain());
    }
    expect(blowsOn(before, ana)).toEqual([]);
    expect(blowsOn(before, beto)).toEqual([]);

    w.server.act(1, "SafeToggle", {});
    w.server.act(1, "Attack", { counter: 1 });
    const blow = w.drain();
    const criminal = `UpdateTagAndStatus ${ana} status 0 Ana`;
    for (const session of [1, 2, 3]) expect(lines(blow, session)).toContain(criminal);
    expect(blow.filter((p) => p.name === "UpdateTagAndStatus")).toHaveLength(3);

    let after: Received[] = [];
    for (let t = 0; t < 10_000 && blowsOn(after, ana).length === 0; t += 150) {
      w.advance(150);
      after = after.concat(w.drain());
    }
    expect(blowsOn(after, ana).length).toBeGreaterThan(0);
    expect(blowsOn(after, beto)).toEqual([]);
  });
});

describe("arena tiles (trigger 6)", () => {
  test("both on the arena: a safe fight, the safe toggle does not apply and nobody turns criminal; one on it, one off: refused silently", () => {
    const ARENA = 6;
    const w = arena([], 1, { triggers: [[20, 20, ARENA], [20, 15, ARENA]] });
    w.enter(1, "Ana", 20, 20, { with: archer(5) });
    w.enter(2, "Beto", 20, 15);
    w.enter(3, "Cora", 22, 15);
    w.drain();
    shoot(w, 1, 20, 15);
    const out = w.drain();
    expect(lines(out, 1)).toContain("ArmaMov 1 ranged=1");
    expect(out.filter((p) => p.name === "UpdateTagAndStatus")).toEqual([]);
    expect(snapshotOf(w, 1).factionStatus).toBeUndefined();
    w.advance(1200);
    shoot(w, 1, 22, 15, 2);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta"]);
  });
});

describe("the status and the safe across maps and logins", () => {
  test("a criminal's status and switched-off safe follow the record to another map; a new login starts the safe from the status", () => {
    const w = arena([], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Beto", 20, 15);
    w.server.act(1, "SafeToggle", {});
    shoot(w, 1, 20, 15);
    const state = snapshotOf(w, 1);
    expect({ factionStatus: state.factionStatus, safeMode: state.safeMode }).toEqual({ factionStatus: 0, safeMode: false });

    const next = arena([], 1);
    next.enter(3, "Cora", 22, 22);
    next.enter(1, "Ana", 20, 20, { kind: "transfer", with: state });
    const seen = next.drain().filter((p) => p.session === 3 && p.name === "CharacterCreate" && p.fields.name === "Ana");
    expect(seen.map((p) => p.fields.status)).toEqual([0]);
    // Only citizens switch the safe (696).
    next.server.act(1, "SafeToggle", {});
    expect(lines(next.drain(), 1)).toEqual(["LocaleMsg 696"]);

    const relog = arena([], 1);
    relog.enter(1, "Ana", 20, 20, { with: { ...state, safeMode: true } });
    const burst = lines(relog.drain(), 1);
    expect(burst.at(-1)).toBe("SafeModeOff");
    expect(relog.server.snapshot()[0]!.state.safeMode).toBeUndefined();
  });
});

describe("WorkLeftClick with other skills", () => {
  test("gathering…: 'not available yet'; an unknown skill or a ghost: nothing (magic: systems/spells.test.ts; taming: systems/pets.test.ts; stealing: systems/stealth.test.ts)", () => {
    const w = arena([], 1);
    w.enter(1, "Ana", 20, 20, { with: archer(3) });
    w.enter(2, "Gus", 24, 24, { with: { vitals: { hp: 0, maxHp: 30, mana: 0, maxMana: 0, stamina: 0, maxStamina: 40, food: 100, water: 100 } } });
    w.drain();
    w.server.act(1, "WorkLeftClick", { x: 21, y: 21, skill: 17, counter: 1 });
    expect(lines(w.drain(), 1)).toEqual(["ConsoleMsg"]);
    w.server.act(1, "WorkLeftClick", { x: 21, y: 21, skill: 50, counter: 1 });
    w.server.act(2, "WorkLeftClick", { x: 20, y: 20, skill: PROJECTILES, counter: 1 });
    expect(w.drain()).toEqual([]);
  });
});
