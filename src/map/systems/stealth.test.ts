/**
 * Stealing and hiding on a map (systems/stealth.ts, game/stealth), driven with real packet bodies
 * and a manual clock, the map's draws scripted: `Work(7)` hides (the area's `SetInvisible`, 55, the
 * end at its time with 1023), what ends it (a walk of a non-thief, a yell, death), a newcomer
 * getting the hidden char hidden, NPC-free; `Work(2)` and `WorkLeftClick(x, y, 2)`: the gold and
 * item taken with exact draws, a failure, and each VB6 refusal.
 */
import { describe, expect, test } from "bun:test";
import { loadDefaultWorld } from "../../content/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalog } from "../../game/items/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import { drawFor } from "../../random/scripted-random.test-support.ts";
import { playerDies, setStatus } from "../kernel/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import { PACKET_HANDLERS } from "../handlers.ts";
import type { MapContext } from "../map-context.ts";
import { TEST_ITEMS, world, type Received, type WorldOptions, ScriptedMapRandom } from "../map-harness.test-support.ts";

const THIEF = 11;
const WARRIOR = 3;
const STEAL = 2;
const HIDE = 7;
const NORTH = 1;
const EAST = 2;
const HUNTER = 8;
const TRIGGER_SAFE_ZONE = 4;


const rn = (lo: number, hi: number, value: number) => drawFor(value, lo, hi);

function skills(points: Readonly<Record<number, number>>): number[] {
  const list = new Array<number>(24).fill(0);
  for (const [skill, value] of Object.entries(points)) list[Number(skill) - 1] = value;
  return list;
}

/** A level-1 character of `classId` with Robar and Ocultarse at 100 (past the level's cap: they never rise, nothing is drawn for them), a criminal. */
function rogue(classId: number, more: Partial<CharacterRecord> = {}): Partial<CharacterRecord> {
  return {
    class: classId,
    factionStatus: 0,
    skills: skills({ [SKILL.Steal]: 100, [SKILL.Hide]: 100 }),
    vitals: { hp: 30, maxHp: 30, mana: 0, maxMana: 0, stamina: 40, maxStamina: 40, food: 100, water: 100 },
    equipment: { ...EMPTY_EQUIPMENT },
    ...more,
  };
}

function stealthWorld(options: WorldOptions = {}) {
  let captured: MapContext | null = null;
  const random = new ScriptedMapRandom(5);
  const w = world({ random, safe: false, ...options, handlers: { ...PACKET_HANDLERS, Promedio: (ctx) => void (captured = ctx) } });
  const ctx = (): MapContext => {
    if (captured === null) w.server.act(1, "Promedio", {});
    return captured!;
  };
  const player = (session: number): PlayerEntity => ctx().store.player(session)!;
  const hide = (session: number) => w.server.act(session, "Work", { skill: HIDE, counter: 1 });
  const steal = (session: number, x: number, y: number) => w.server.act(session, "WorkLeftClick", { x, y, skill: STEAL, counter: 1 });
  return { ...w, random, ctx, player, hide, steal };
}

const of = (packets: Received[], session: number) => packets.filter((p) => p.session === session);
const brief = (p: Received): string => {
  switch (p.name) {
    case "SetInvisible":
      return `SetInvisible ${p.fields.charIndex} ${p.fields.invisible}`;
    case "LocaleMsg":
      return `LocaleMsg ${p.fields.messageId}${p.fields.params === "" ? "" : ` ${p.fields.params}`} f${p.fields.fontIndex}`;
    case "UpdateGold":
      return `UpdateGold ${p.fields.gold}`;
    case "UpdateSta":
      return `UpdateSta ${p.fields.minSta}`;
    case "WorkRequestTarget":
      return `WorkRequestTarget ${p.fields.skill}`;
    case "ChatOverHead":
      return `ChatOverHead ${p.fields.text}`;
    case "UpdateTagAndStatus":
      return `UpdateTagAndStatus ${p.fields.charIndex} ${p.fields.status}`;
    case "ChangeInventorySlot":
      return `ChangeInventorySlot ${p.fields.slot} ${p.fields.objIndex} ${p.fields.amount}`;
    default:
      return p.name;
  }
};
const lines = (packets: Received[], session: number) => of(packets, session).map(brief);

describe("hiding (Work(7), VB6 DoOcultarse)", () => {
  test("a Thief at 100: 75 ≤ 75.24 hides for RandomNumber(191, 239) = 200 ticks (8 s); everyone sees SetInvisible; the time runs out with 1023", () => {
    const w = stealthWorld();
    const thief = w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.enter(2, "Testigo", 23, 20, { with: rogue(WARRIOR) });
    w.drain();
    w.random.script(rn(1, 100, 75), rn(191, 239, 200));
    w.random.strict = true;
    w.hide(1);
    expect(w.random.left).toBe(0);
    const out = w.drain();
    expect(lines(out, 1)).toEqual([`SetInvisible ${thief} true`, "LocaleMsg 55 f3"]);
    expect(lines(out, 2)).toEqual([`SetInvisible ${thief} true`]);
    expect(w.player(1).hidden?.untilMs).toBe(w.clock.now() + 8000);
    w.advance(7999);
    expect(w.drain().filter((p) => p.name === "SetInvisible")).toEqual([]);
    w.advance(1);
    const end = w.drain();
    expect(lines(end, 1)).toEqual([`SetInvisible ${thief} false`, "LocaleMsg 1023 f3"]);
    expect(lines(end, 2)).toEqual([`SetInvisible ${thief} false`]);
    expect(w.player(1).hidden).toBeUndefined();
  });

  test("a failure (76 > 75.24) says 57 once in a row; already hidden says 1127 once; in a consultation 706", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.drain();
    w.random.strict = true;
    w.random.script(rn(1, 100, 76), rn(1, 100, 76));
    w.hide(1);
    w.hide(1);
    expect(lines(w.drain(), 1)).toEqual(["LocaleMsg 57 f3"]);
    w.random.script(rn(1, 100, 1), rn(191, 239, 239));
    w.hide(1);
    w.hide(1);
    w.hide(1);
    expect(lines(w.drain(), 1)).toEqual([expect.stringMatching(/^SetInvisible/), "LocaleMsg 55 f3", "LocaleMsg 1127 f3"]);
    w.player(1).inConsultation = true;
    delete w.player(1).hidden;
    w.hide(1);
    expect(lines(w.drain(), 1)).toEqual(["LocaleMsg 706 f3"]);
    // Under the invisibility spell: 707. On a map that forbids it (`SinInviOcul`): 708.
    w.player(1).inConsultation = false;
    w.player(1).statusEffects = { ...w.player(1).statusEffects, invisible: { kind: "invisible", untilMs: 1e12 } } as never;
    w.hide(1);
    expect(lines(w.drain(), 1)).toEqual(["LocaleMsg 707 f3"]);
    w.player(1).statusEffects = {} as never;
    (w.definition as { restrictions?: string[] }).restrictions = ["noInvisibility"];
    w.hide(1);
    expect(lines(w.drain(), 1)).toEqual(["LocaleMsg 708 f3"]);
  });

  test("a walk brings a Warrior out (307) but not a Thief; a yell brings anyone out (1115); death silently", () => {
    const w = stealthWorld();
    const warrior = w.enter(1, "Guerrero", 20, 20, { with: rogue(WARRIOR) });
    const thief = w.enter(2, "Ladron", 24, 20, { with: rogue(THIEF) });
    w.enter(3, "Testigo", 22, 24, { with: rogue(WARRIOR) });
    w.drain();
    // A Warrior at 100: Int(478.55 / 3) = 159 ticks, no draw for the duration.
    w.random.script(rn(1, 100, 1), rn(1, 100, 1), rn(191, 239, 239));
    w.random.strict = true;
    w.hide(1);
    w.hide(2);
    w.drain();
    w.server.walk(1, NORTH);
    w.server.walk(2, NORTH);
    const walked = w.drain();
    expect(lines(walked, 1).slice(0, 2)).toEqual([`SetInvisible ${warrior} false`, "LocaleMsg 307 f3"]);
    expect(lines(walked, 3).filter((line) => line.startsWith("SetInvisible"))).toEqual([`SetInvisible ${warrior} false`]);
    expect(w.player(1).hidden).toBeUndefined();
    expect(w.player(2).hidden).toBeDefined();
    w.server.talk(2, "hola", false);
    expect(lines(w.drain(), 2).filter((line) => line.startsWith("SetInvisible"))).toEqual([]);
    w.server.talk(2, "¡eh!", true);
    expect(lines(w.drain(), 2).slice(0, 2)).toEqual([`SetInvisible ${thief} false`, "LocaleMsg 1115 f3"]);
    // Hidden again, then killed: SetInvisible false to the area, no line of hiding.
    w.random.script(rn(1, 100, 1), rn(191, 239, 239));
    w.hide(2);
    w.drain();
    w.random.strict = false;
    playerDies(w.ctx(), w.player(2));
    const died = w.drain();
    expect(lines(died, 3).filter((line) => line.startsWith("SetInvisible"))).toEqual([`SetInvisible ${thief} false`]);
    expect(lines(died, 2).filter((line) => /^LocaleMsg (307|1023|1115)/.test(line))).toEqual([]);
    expect(w.player(2).hidden).toBeUndefined();
  });

  test("the invisibility spell ending on a hidden player leaves its char hidden (VB6 EfectoInvisibilidad checks Oculto)", () => {
    const w = stealthWorld();
    const thief = w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.enter(2, "Testigo", 23, 20, { with: rogue(WARRIOR) });
    w.random.script(rn(1, 100, 1), rn(191, 239, 239));
    w.hide(1);
    const player = w.player(1);
    setStatus(w.ctx(), player, { ...player.statusEffects, invisible: { kind: "invisible", untilMs: w.clock.now() + 2_000 } } as never, []);
    w.drain();
    w.advance(3_000);
    expect(lines(w.drain(), 2).filter((line) => line.startsWith("SetInvisible"))).toEqual([]);
    expect(player.statusEffects.invisible).toBeUndefined();
    w.advance(239 * 40);
    expect(lines(w.drain(), 2).filter((line) => line.startsWith("SetInvisible"))).toEqual([`SetInvisible ${thief} false`]);
  });

  test("the logout countdown starting brings a hidden player out (577, VB6 Cerrar_Usuario)", () => {
    const w = stealthWorld();
    const thief = w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.random.script(rn(1, 100, 1), rn(191, 239, 239));
    w.hide(1);
    w.drain();
    w.server.quit(1);
    expect(lines(w.drain(), 1).slice(0, 3)).toEqual([`SetInvisible ${thief} false`, "LocaleMsg 577 f3", "ConsoleMsg"]);
  });

  test("a player who comes into view of a hidden one gets its char hidden (CharacterCreate then SetInvisible)", () => {
    const w = stealthWorld();
    const thief = w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.random.script(rn(1, 100, 1), rn(191, 239, 239));
    w.hide(1);
    w.drain();
    w.enter(2, "Recien", 22, 22, { with: rogue(WARRIOR) });
    const seen = of(w.drain(), 2).filter((p) => p.fields.charIndex === thief);
    expect(seen.map(brief)).toEqual(["CharacterCreate", `SetInvisible ${thief} true`]);
  });
});

describe("hiding across a map change and under a blow", () => {
  test("the hidden state goes on on the next map for the time it had left, the char hidden for whoever sees it arrive", () => {
    const from = stealthWorld();
    from.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    from.random.script(rn(1, 100, 1), rn(191, 239, 200));
    from.hide(1);
    from.advance(3_000);
    from.drain();
    from.ctx().sendTo(from.player(1), { map: 2, x: 30, y: 30 });
    const transfer = from.events.at(-1);
    if (transfer?.t !== "transfer") throw new Error("no transfer");
    expect(transfer.handOver.hiddenForMs).toBe(5_000);
    expect(from.clock.timers.pending).toBe(0);

    const to = stealthWorld();
    to.advance(99_999);
    to.enter(2, "Testigo", 32, 30, { with: rogue(WARRIOR) });
    to.drain();
    to.server.enter({ session: 1, record: transfer.state, kind: "transfer", userSlot: 1, cameFrom: transfer.cameFrom, handOver: structuredClone(transfer.handOver) });
    const thief = to.server.positionOf(1)!.charIndex;
    expect(of(to.drain(), 2).filter((p) => p.fields.charIndex === thief).map(brief)).toEqual(["CharacterCreate", `SetInvisible ${thief} true`]);
    to.advance(4_999);
    expect(to.drain().filter((p) => p.name === "SetInvisible")).toEqual([]);
    to.advance(1);
    expect(lines(to.drain(), 1)).toEqual([`SetInvisible ${thief} false`, "LocaleMsg 1023 f3"]);
  });

  test("a blow at a player brings a hidden Warrior out (307), not an unarmoured Hunter (VB6's quirk)", async () => {
    const loaded = await loadDefaultWorld();
    if (!loaded.ok) throw new Error("no default world");
    const tables = loaded.pack.tables!;
    const items = itemCatalog(tables.objects!);
    for (const [classId, revealed] of [
      [WARRIOR, true],
      [HUNTER, false],
    ] as const) {
      const w = stealthWorld({ tables, items });
      const attacker = w.enter(1, "Atacante", 20, 20, { heading: EAST, with: rogue(classId) });
      w.enter(2, "Blanco", 21, 20, { with: rogue(WARRIOR) });
      w.random.script(rn(1, 100, 1));
      w.hide(1);
      expect(w.player(1).hidden).toBeDefined();
      w.drain();
      w.server.act(1, "Attack", { counter: 1 });
      const out = w.drain();
      const shown = lines(out, 2).filter((line) => line.startsWith("SetInvisible"));
      expect({ classId, shown }).toEqual({ classId, shown: revealed ? [`SetInvisible ${attacker} false`] : [] });
      expect(w.player(1).hidden === undefined).toBe(revealed);
      if (revealed) expect(lines(out, 1)).toContain("LocaleMsg 307 f3");
    }
  });
});

describe("stealing (Work(2), WorkLeftClick(x, y, 2), VB6 DoRobar)", () => {
  test("Work(2) asks for the target cursor", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.drain();
    w.server.act(1, "Work", { skill: STEAL, counter: 1 });
    expect(lines(w.drain(), 1)).toEqual(["WorkRequestTarget 2"]);
  });

  test("a Thief's gold, known answer: 1 < 90, 30 ≥ 25 (gold), RandomNumber(25, 50) = 40; the stamina, both wallets, the lines", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF, { gold: 7 }) });
    w.enter(2, "Victima", 21, 20, { with: rogue(WARRIOR, { gold: 5000 }) });
    w.drain();
    w.random.script(rn(1, 100, 1), rn(1, 50, 30), rn(25, 50, 40));
    w.random.strict = true;
    w.steal(1, 21, 20);
    expect(w.random.left).toBe(0);
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["UpdateSta 25", "LocaleMsg 1458 40¬Victima f37", "UpdateGold 47"]);
    expect(lines(out, 2)).toEqual(["LocaleMsg 1530 Ladron¬40 f37", "UpdateGold 4960"]);
    expect(w.player(1).inventory.gold).toBe(47);
    expect(w.player(2).inventory.gold).toBe(4960);
  });

  test("a theft from a player in a trade cancels it: 1037 to the victim, 1038 to its partner, both windows closed", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.enter(2, "Victima", 21, 20, { with: rogue(WARRIOR, { gold: 5000 }) });
    w.enter(3, "Socio", 22, 20, { with: rogue(WARRIOR) });
    const [victim, partner] = [w.player(2), w.player(3)];
    victim.peerTrade = { partner, open: true, offers: [], gold: 0, accepted: false };
    partner.peerTrade = { partner: victim, open: true, offers: [], gold: 0, accepted: false };
    w.drain();
    w.random.script(rn(1, 100, 1), rn(1, 50, 30), rn(25, 50, 25));
    w.random.strict = true;
    w.steal(1, 21, 20);
    const out = w.drain();
    expect(lines(out, 2)).toEqual(["LocaleMsg 1037 f0", "UserCommerceEnd", "LocaleMsg 1530 Ladron¬25 f37", "UpdateGold 4975"]);
    expect(lines(out, 3)).toEqual(["LocaleMsg 1038 f0", "UserCommerceEnd"]);
    expect(victim.peerTrade).toBeNull();
    expect(partner.peerTrade).toBeNull();
  });

  test("a citizen thief (safe off) turns criminal even when it fails: 1039 to it, 1459 naming it to the victim", () => {
    const w = stealthWorld();
    const thief = w.enter(1, "Ladron", 20, 20, { kind: "transfer", with: rogue(THIEF, { factionStatus: 1, safeMode: false }) });
    w.enter(2, "Victima", 20, 21, { with: rogue(WARRIOR, { gold: 5000 }) });
    w.drain();
    w.random.script(rn(1, 100, 90));
    w.random.strict = true;
    w.steal(1, 20, 21);
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["UpdateSta 25", "LocaleMsg 1039 f3", `UpdateTagAndStatus ${thief} 0`]);
    expect(lines(out, 2)).toEqual(["LocaleMsg 1459 Ladron f3", `UpdateTagAndStatus ${thief} 0`]);
    expect(w.player(1).status).toBe(0);
  });

  test("a Thief's item: 24 < 25 goes for an item, from the first slot (5 < 6), taken at 3 < 4, RandomNumber(3, 6) = 4 of 100 potions", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.enter(2, "Victima", 21, 20, {
      with: rogue(WARRIOR, {
        inventory: [
          { slot: 1, objectId: TEST_ITEMS.armor, amount: 1, equipped: true },
          { slot: 2, objectId: TEST_ITEMS.redPotion, amount: 100, equipped: false },
        ],
        equipment: { ...EMPTY_EQUIPMENT, armor: TEST_ITEMS.armor },
      }),
    });
    w.drain();
    w.random.script(rn(1, 100, 1), rn(1, 50, 24), rn(1, 12, 5), rn(1, 10, 3), rn(3, 6, 4));
    w.random.strict = true;
    w.steal(1, 21, 20);
    expect(w.random.left).toBe(0);
    const out = w.drain();
    expect(lines(out, 1)).toEqual(["UpdateSta 25", `ChangeInventorySlot 1 ${TEST_ITEMS.redPotion} 4`, "LocaleMsg 1460 4¬Poción roja f37"]);
    expect(lines(out, 2)).toEqual([`ChangeInventorySlot 2 ${TEST_ITEMS.redPotion} 96`, "LocaleMsg 1531 Ladron¬4¬Poción roja f37"]);
  });

  test("each refusal, as VB6 words it, and the cursor put back where VB6 does", () => {
    const cases: { name: string; setup: (w: ReturnType<typeof stealthWorld>) => void; options?: WorldOptions; at?: [number, number]; expected: string[] }[] = [
      { name: "a safe map", setup: () => {}, options: { safe: true }, expected: ["LocaleMsg 716 f3", "WorkRequestTarget 0"] },
      // The look at the tile first (VB6 `LookatTile`: 1114, nothing there).
      { name: "nobody there", setup: () => {}, at: [25, 25], expected: ["LocaleMsg 1114 f3", "LocaleMsg 715 f3", "WorkRequestTarget 0"] },
      { name: "too far", setup: () => {}, at: [22, 20], expected: ["LocaleMsg 8 f3", "LocaleMsg 1130 f3", "WorkRequestTarget 0"] },
      { name: "a safe-zone tile", setup: () => {}, options: { triggers: [[21, 20, TRIGGER_SAFE_ZONE]] }, expected: ["LocaleMsg 714 f2", "WorkRequestTarget 0"] },
      { name: "a victim in a consultation", setup: (w) => void (w.player(2).inConsultation = true), expected: ["LocaleMsg 1029 f3"] },
      {
        name: "out of stamina",
        setup: (w) => void (w.player(1).record.vitals.stamina = 14),
        expected: ["ChatOverHead LOCMSG*2129*", "LocaleMsg 1034 f3"],
      },
      { name: "a citizen with the safe toggle on", setup: (w) => void ((w.player(1).status = 1), (w.player(1).safeMode = true)), expected: ["LocaleMsg 1030 f1"] },
      {
        name: "a paralysed victim",
        setup: (w) => void (w.player(2).statusEffects = { ...w.player(2).statusEffects, paralyzed: { kind: "paralyzed", untilMs: 1e12 } } as never),
        expected: ["LocaleMsg 1028 f1"],
      },
      { name: "the Royal Army from a citizen", setup: (w) => void ((w.player(1).status = 3), (w.player(2).status = 1)), expected: ["LocaleMsg 1031 f1"] },
      { name: "the Chaos Legion from its own", setup: (w) => void ((w.player(1).status = 2), (w.player(2).status = 2)), expected: ["LocaleMsg 1032 f1"] },
      // Silent, as in VB6: a staff victim, a ghost, a Consejero thief, an arena tile.
      { name: "a staff victim", setup: (w) => void (w.player(2).privileges = 4), expected: [] },
      { name: "a ghost", setup: (w) => void (w.player(2).record.vitals.hp = 0), expected: [] },
      { name: "a Consejero thief", setup: (w) => void (w.player(1).privileges = 4), expected: [] },
      { name: "an arena tile", setup: () => {}, options: { triggers: [[21, 20, 6]] }, expected: [] },
    ];
    for (const c of cases) {
      const w = stealthWorld(c.options);
      w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
      w.enter(2, "Victima", 21, 20, { with: rogue(WARRIOR, { gold: 100 }) });
      w.enter(3, "Lejos", 22, 20, { with: rogue(WARRIOR) });
      c.setup(w);
      w.drain();
      w.random.strict = true;
      const [x, y] = c.at ?? [21, 20];
      w.steal(1, x, y);
      expect({ case: c.name, lines: lines(w.drain(), 1).filter((line) => line !== "PosUpdate") }).toEqual({ case: c.name, lines: c.expected });
      expect(w.player(2).inventory.gold).toBe(100);
    }
  });

  test("a victim without gold (1868) or, for a Thief going for items, without any (1867); none of the tries taken (1040)", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF) });
    w.enter(2, "Victima", 21, 20, { with: rogue(WARRIOR) });
    w.drain();
    w.random.strict = true;
    w.random.script(rn(1, 100, 1), rn(1, 50, 30));
    w.steal(1, 21, 20);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta 25", "LocaleMsg 1868 Victima f3"]);
    w.advance(4_000);
    w.random.script(rn(1, 100, 1), rn(1, 50, 24));
    w.steal(1, 21, 20);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta 10", "LocaleMsg 1867 Victima f3"]);
    w.advance(4_000);
    w.player(1).record.vitals.stamina = 40;
    w.player(2).inventory = { ...w.player(2).inventory, slots: w.player(2).inventory.slots.map((slot, index) => (index === 0 ? { objectId: TEST_ITEMS.apple, amount: 10, equipped: false, tags: 0 } : slot)) };
    w.random.script(rn(1, 100, 1), rn(1, 50, 24), rn(1, 12, 1), rn(1, 10, 4));
    w.steal(1, 21, 20);
    expect(lines(w.drain(), 1)).toEqual(["UpdateSta 25", "LocaleMsg 1040 f3"]);
  });

  test("one try per 4 s (IntervaloTrabajarExtraer): a second click before it does nothing", () => {
    const w = stealthWorld();
    w.enter(1, "Ladron", 20, 20, { with: rogue(THIEF, { vitals: { hp: 30, maxHp: 30, mana: 0, maxMana: 0, stamina: 100, maxStamina: 100, food: 100, water: 100 } }) });
    w.enter(2, "Victima", 21, 20, { with: rogue(WARRIOR, { gold: 5000 }) });
    w.drain();
    w.random.script(rn(1, 100, 95));
    w.random.strict = true;
    w.steal(1, 21, 20);
    w.drain();
    w.advance(3999);
    w.steal(1, 21, 20);
    expect(lines(w.drain(), 1).filter((line) => !line.startsWith("Update"))).toEqual([]);
  });
});
