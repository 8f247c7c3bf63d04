/**
 * `/DESCANSAR` and campfires on a map (systems/rest.ts), with real packet bodies, the manual
 * clock and scripted draws: the `RestOK` sequences, the refusal away from a fire, the ends (a
 * step, full vitals, death), the resting periods of the regeneration, and lighting a fire.
 */
import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT, type CharacterRecord, type CharacterVitals } from "../../game/character/index.ts";
import { itemCatalogFromObjects, ObjectType } from "../../game/items/index.ts";
import { CAMPFIRE_OBJECT, LOGS_OBJECT, TWIG_DAGGER_OBJECT, TWIGS_OBJECT } from "../../game/rest/index.ts";
import { AO20_VITALS_INTERVALS } from "../../game/vitals/index.ts";
import { drawFor, scriptedRandom, type ScriptedRandom } from "../../random/scripted-random.test-support.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import { hurt } from "../kernel/index.ts";
import type { ObjectDefinition } from "../map-definition.ts";
import { summary, TEST_ITEMS, WALL, world, type Received } from "../map-harness.test-support.ts";

const CATALOG = itemCatalogFromObjects([
  { id: TEST_ITEMS.armor, name: "Armadura", objType: ObjectType.Armor, body: 77, value: 100 },
  { id: TWIG_DAGGER_OBJECT, name: "Daga Común", objType: ObjectType.Weapon, minHit: 1, maxHit: 3, value: 10 },
  { id: LOGS_OBJECT, name: "Leña", objType: ObjectType.Wood, value: 3 },
  { id: CAMPFIRE_OBJECT, name: "Fogata", objType: 15 },
  { id: TWIGS_OBJECT, name: "Ramitas", objType: ObjectType.Wood, value: 3 },
]);
/** What a click on one Ramitas shows first (`LookatTile`). */
const LOOK_TWIGS = `ConsoleMsg[3] O*${TWIGS_OBJECT}* - 1 *0*`;
const FULL: CharacterVitals = { hp: 32, maxHp: 32, mana: 0, maxMana: 0, stamina: 40, maxStamina: 40, food: 100, water: 100 };

function clothed(vitals: Partial<CharacterVitals> = {}, extra: Partial<CharacterRecord> = {}): Partial<CharacterRecord> {
  return {
    inventory: [{ slot: 1, objectId: TEST_ITEMS.armor, amount: 1, equipped: true }],
    equipment: { ...EMPTY_EQUIPMENT, armor: TEST_ITEMS.armor },
    vitals: { ...FULL, ...vitals },
    ...extra,
  };
}

function setUp(options: { walls?: [number, number, number][]; objects?: ObjectDefinition[]; record?: Partial<CharacterRecord>; random?: ScriptedRandom; safe?: boolean; zone?: string } = {}) {
  const w = world({
    items: CATALOG,
    objects: options.objects ?? [{ x: 25, y: 20, obj: CAMPFIRE_OBJECT, amount: 1 }],
    random: options.random ?? scriptedRandom(),
    safe: options.safe ?? false,
    walls: options.walls ?? [],
    // `Online` stands in for a deadly blow here.
    handlers: { ...PACKET_HANDLERS, Online: (ctx, player) => void hurt(ctx, player, 999) },
    ...(options.zone !== undefined ? { zone: options.zone } : {}),
  });
  w.enter(1, "Ana", 20, 20, { with: options.record ?? clothed() });
  w.drain();
  const mine = (): string[] =>
    w
      .drain()
      .filter((p: Received) => p.session === 1)
      .map((p) => (p.name === "UpdateSta" ? `UpdateSta ${p.fields.minSta}` : summary(p)));
  const rest = () => w.server.act(1, "Rest", {});
  const vitals = () => w.server.snapshot().find((entry) => entry.session === 1)!.state.vitals;
  return { w, mine, rest, vitals };
}

describe("/DESCANSAR (HandleRest)", () => {
  test("by a fire: RestOK then Msg753; again: RestOK then Msg754", () => {
    const { rest, mine } = setUp();
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 753 "]);
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 754 "]);
  });

  test("the fire counts 11 tiles across and 9 up or down; one tile further, Msg755 and no RestOK", () => {
    const near = setUp({ objects: [{ x: 31, y: 29, obj: CAMPFIRE_OBJECT, amount: 1 }] });
    near.rest();
    expect(near.mine()).toEqual(["RestOK", "LocaleMsg[3] 753 "]);
    const far = setUp({ objects: [{ x: 32, y: 20, obj: CAMPFIRE_OBJECT, amount: 1 }] });
    far.rest();
    expect(far.mine()).toEqual(["LocaleMsg[3] 755 "]);
    const none = setUp({ objects: [{ x: 21, y: 20, obj: TWIGS_OBJECT, amount: 1 }] });
    none.rest();
    expect(none.mine()).toEqual(["LocaleMsg[3] 755 "]);
  });

  test("a ghost is refused with Msg752", () => {
    const { rest, mine } = setUp({ record: clothed({ hp: 0 }) });
    rest();
    expect(mine()).toEqual(["LocaleMsg[3] 752 "]);
  });

  test("a step ends it: RestOK, Msg1121, Msg178, before the walk's own packets", () => {
    const { w, rest, mine } = setUp();
    rest();
    mine();
    w.server.walk(1, 3); // south: taken
    const out = mine();
    expect(out.slice(0, 3)).toEqual(["RestOK", "LocaleMsg[3] 1121 ", "LocaleMsg[3] 178 "]);
    // Still by the fire: resting starts afresh.
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 753 "]);
  });

  test("a walk that is refused (a wall) does not end it", () => {
    const { w, rest, mine } = setUp({ walls: [[20, 19, WALL]] });
    rest();
    mine();
    w.server.walk(1, 1); // north, onto (20, 19): a wall below
    const out = mine();
    expect(out).not.toContain("RestOK");
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 754 "]);
  });

  test("away from any fire, a resting player can still stand up (RestOK, Msg754)", () => {
    const { w, rest, mine } = setUp({ objects: [{ x: 20, y: 20, obj: CAMPFIRE_OBJECT, amount: 1 }] });
    rest();
    mine();
    // The fire leaves (this catalog's Fogata can be picked up; the data's cannot, `Agarrable=1`).
    w.server.act(1, "PickUp", { x: 20, y: 20, destSlot: 0 });
    mine();
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 754 "]);
  });
});

describe("what resting forbids", () => {
  test("a skill-cursor click does nothing while resting (HandleWorkLeftClick), not even a PosUpdate off screen", () => {
    const { w, rest, mine } = setUp();
    rest();
    mine();
    w.server.act(1, "WorkLeftClick", { x: 39, y: 39, skill: 12, counter: 1 });
    expect(mine()).toEqual([]);
    rest();
    mine();
    w.server.act(1, "WorkLeftClick", { x: 39, y: 39, skill: 12, counter: 2 });
    expect(mine()).toEqual(["PosUpdate (20,20)"]);
  });
});

describe("dying while resting", () => {
  test("the death ends it with RestOK alone (LimpiarEstadosAlterados), after the HP 0; then /DESCANSAR is refused (Msg752)", () => {
    const { w, rest, mine } = setUp();
    rest();
    mine();
    w.server.act(1, "Online", {});
    const out = mine();
    expect(out.filter((line) => line === "RestOK")).toEqual(["RestOK"]);
    expect(out).toContain("UpdateHP 0");
    expect(out.indexOf("UpdateHP 0")).toBeLessThan(out.indexOf("RestOK"));
    expect(out.filter((line) => /LocaleMsg\[3\] (754|1121|514) /.test(line))).toEqual([]);
    rest();
    expect(mine()).toEqual(["LocaleMsg[3] 752 "]);
  });
});

describe("regeneration while resting", () => {
  test("HP every 2.04 s instead of 8.04 s: three steps by 8 s where the awake get none", () => {
    const { hpRegenRestingMs, hpRegenMs } = AO20_VITALS_INTERVALS;
    expect([hpRegenRestingMs, hpRegenMs]).toEqual([2040, 8040]);
    // MaxHP 32: each step RandomNumber(2, 3).
    const random = scriptedRandom(drawFor(2, 2, 3), drawFor(3, 2, 3), drawFor(2, 2, 3));
    const { w, rest, mine, vitals } = setUp({ record: clothed({ hp: 10 }), random });
    rest();
    mine();
    w.advance(2000);
    expect(mine()).toEqual([]);
    w.advance(1000); // the 3 s sweep tells the 2.04 s step
    expect(mine()).toEqual(["UpdateHP 12", "LocaleMsg[3] 519 ", "TextOverChar"]);
    w.advance(5000); // 4.08 s and 6.12 s
    expect(mine()).toEqual(["UpdateHP 15", "LocaleMsg[3] 519 ", "TextOverChar", "UpdateHP 17", "LocaleMsg[3] 519 ", "TextOverChar"]);
    expect(vitals().hp).toBe(17);
    expect(random.left).toBe(0);
  });

  test("the time before /DESCANSAR counts on the awake period; after it, the resting one", () => {
    // 1.5 s awake (1.5 of 8.04 s), then resting: the step falls 0.54 s later (2.04 − 1.5).
    const random = scriptedRandom(drawFor(3, 2, 3));
    const { w, rest, mine } = setUp({ record: clothed({ hp: 10 }), random });
    w.advance(1500);
    mine();
    rest();
    mine();
    w.advance(500); // 2 s: the step at 2.04 s is not yet
    expect(mine()).toEqual([]);
    w.advance(1000); // 3 s sweep
    expect(mine()).toEqual(["UpdateHP 13", "LocaleMsg[3] 519 ", "TextOverChar"]);
  });

  test("stamina every 240 ms instead of 440 ms, and at full HP and stamina resting ends: RestOK, Msg514", () => {
    expect(AO20_VITALS_INTERVALS.staminaRegenRestingMs).toBe(240);
    // MaxSta 40, Supervivencia 0 (s = 5): RandomNumber(1, rnd2(rnd2(2) / 1.6)) = RandomNumber(1, 1).
    const random = scriptedRandom(...new Array<number>(8).fill(0));
    const { w, rest, mine, vitals } = setUp({ record: clothed({ stamina: 36 }), random });
    rest();
    mine();
    w.advance(1000); // steps at 240, 480, 720, 960: 36 → 40
    expect(mine()).toEqual(["UpdateSta 40", "RestOK", "LocaleMsg[3] 514 "]);
    expect(vitals().stamina).toBe(40);
    expect(random.used).toBe(4);
    // Over: the next /DESCANSAR starts it again.
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 753 "]);
  });

  test("awake, the same stamina takes 440 ms a step: two steps in the first second", () => {
    const random = scriptedRandom(...new Array<number>(8).fill(0));
    const { w, mine } = setUp({ record: clothed({ stamina: 36 }), random });
    w.advance(1000);
    expect(mine()).toEqual(["UpdateSta 38"]);
  });
});

describe("lighting a fire", () => {
  const survivalSkills = (points: number) => {
    const skills = new Array<number>(24).fill(0);
    skills[7] = points;
    return skills;
  };

  test("a click on Ramitas within two steps: Msg1079 and a Fogata over them (ObjectCreate only); then one can rest", () => {
    const random = scriptedRandom(drawFor(1, 1, 4));
    const { w, mine, rest } = setUp({ objects: [{ x: 21, y: 21, obj: TWIGS_OBJECT, amount: 1 }], random, zone: "CAMPO" });
    w.server.act(1, "LeftClick", { x: 21, y: 21, counter: 1 });
    // The click first looks at the tile (its object named for the client), then acts on it.
    expect(mine()).toEqual([LOOK_TWIGS, "LocaleMsg[3] 1079 ", `ObjectCreate ${CAMPFIRE_OBJECT}x1 (21,21)`]);
    rest();
    expect(mine()).toEqual(["RestOK", "LocaleMsg[3] 753 "]);
  });

  test("refusals: too far (Msg8), a safe map (Msg1077), a failed draw (Msg1081), a city after a good draw (Msg1080)", () => {
    const far = setUp({ objects: [{ x: 22, y: 21, obj: TWIGS_OBJECT, amount: 1 }] });
    far.w.server.act(1, "LeftClick", { x: 22, y: 21, counter: 1 });
    expect(far.mine()).toEqual([LOOK_TWIGS, "LocaleMsg[3] 8 "]);
    const safe = setUp({ objects: [{ x: 21, y: 20, obj: TWIGS_OBJECT, amount: 1 }], safe: true });
    safe.w.server.act(1, "LeftClick", { x: 21, y: 20, counter: 1 });
    expect(safe.mine()).toEqual([LOOK_TWIGS, "LocaleMsg[3] 1077 "]);
    const failed = setUp({ objects: [{ x: 21, y: 20, obj: TWIGS_OBJECT, amount: 1 }], random: scriptedRandom(drawFor(2, 1, 4)) });
    failed.w.server.act(1, "LeftClick", { x: 21, y: 20, counter: 1 });
    expect(failed.mine()).toEqual([LOOK_TWIGS, "LocaleMsg[3] 1081 "]);
    const city = setUp({ objects: [{ x: 21, y: 20, obj: TWIGS_OBJECT, amount: 1 }], random: scriptedRandom(drawFor(1, 1, 4)), zone: "CIUDAD" });
    city.w.server.act(1, "LeftClick", { x: 21, y: 20, counter: 1 });
    expect(city.mine()).toEqual([LOOK_TWIGS, "LocaleMsg[3] 1080 "]);
  });

  test("the common dagger used after looking at six Leña: Msg1456 with 2, and two Ramitas replace them", () => {
    const random = scriptedRandom(drawFor(1, 1, 2));
    const record = clothed({}, {
      skills: survivalSkills(10),
      inventory: [
        { slot: 1, objectId: TEST_ITEMS.armor, amount: 1, equipped: true },
        { slot: 2, objectId: TWIG_DAGGER_OBJECT, amount: 1, equipped: false },
      ],
    });
    const { w, mine } = setUp({ objects: [{ x: 21, y: 20, obj: LOGS_OBJECT, amount: 6 }], record, random });
    w.server.act(1, "LeftClick", { x: 21, y: 20, counter: 1 });
    mine();
    w.server.act(1, "UseItem", { slot: 2, fromInventoryTab: 1, counter: 1 });
    expect(mine()).toEqual(["LocaleMsg[3] 1456 2", `ObjectCreate ${TWIGS_OBJECT}x2 (21,20)`]);
  });
});
