/**
 * Combat without a browser: the server's combat packets (encoded by the protocol library, in the
 * order combat-and-progression §3.7 lists them) move the vitals, put damage and misses over the
 * chars for a while, lean the attacker forward and word the hits in the console; a dead player
 * is a ghost until the priest's `UpdateHP`; the attack key sends `Attack` with its counter at
 * most once per attack interval, and never as a ghost.
 */
import { describe, expect, test } from "bun:test";
import { Heading } from "../game/movement/index.ts";
import { decodeServerPacket, STOCK_INTERVALS_MS, vbRgb } from "../protocol/index.ts";
import { charFields, loggedInSession, OWN_CHAR, serverBody, START } from "./client-fixtures.test-support.ts";
import { GHOST_BODY } from "../game/vitals/index.ts";
import { ATTACK_KEY_CODES, checkAttack, isAttackKey, isDead, liveCharTexts, MISS_COLOUR, swingOffset } from "./combat-rules.ts";
import { CHAR_TEXT_MS, CHAR_TEXTS_MAX, MAX_ATTACK_INTERVAL_MS, MIN_ATTACK_INTERVAL_MS, SWING_MS } from "./constants.ts";
import { DIRECTION_KEY_CODES } from "./direction-keys.ts";
import { createGameState, ownChar, type GameState } from "./game-state.ts";
import { INVENTORY_KEY_CODES } from "./inventory-rules.ts";
import { reduceServerPacket } from "./packet-reducer.ts";
import { characterLook } from "./procedural-art.ts";
import { SERVICE_KEY_CODES } from "./service-keys.ts";
import { SKILLS_KEY_CODE } from "./skills-rules.ts";
import { COMBAT_TEXT, localeMessageText } from "./ui-text.ts";

const WOLF = 30;
/** The wolf stands east of the player. */
const WOLF_TILE = { x: START.x + 1, y: START.y } as const;
const RED = vbRgb(255, 0, 0);
const ATTACK_MS = STOCK_INTERVALS_MS.attackMs;

function apply(state: GameState, body: Uint8Array, nowMs = 0) {
  const decoded = decodeServerPacket(body);
  if (!decoded.ok) throw decoded.error;
  return reduceServerPacket(state, decoded.packet, nowMs);
}

/** A logged-in player with a hostile wolf next to it (east). */
function nextToWolf() {
  const { session, transport } = loggedInSession();
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: WOLF, ...WOLF_TILE, name: "Lobo Ceniciento", isNpc: 1, npcNumber: 4, minHp: 45, maxHp: 45, heading: Heading.West })), 0);
  transport.take();
  return { session, transport, state: session.state };
}

/** What the client sent since the last look, by name and fields. */
function sent(transport: { take(): { name: string; fields: unknown }[] }): { name: string; fields: unknown }[] {
  return transport.take().map(({ name, fields }) => ({ name, fields }));
}

function lines(state: GameState): string[] {
  return state.console.map((line) => line.text);
}

describe("vitals (reducer)", () => {
  test("the login burst fills the bars; each update packet moves its own bar and our HP bar follows", () => {
    const { state } = nextToWolf();
    expect(state.stats).toMatchObject({ hp: 25, maxHp: 30, stamina: 40, maxStamina: 60, level: 1, exp: 12, expToNextLevel: 300 });
    expect(ownChar(state)).toMatchObject({ minHp: 25, maxHp: 30 });
    apply(state, serverBody("UpdateHungerAndThirst", { maxWater: 100, water: 80, maxFood: 100, food: 70 }));
    apply(state, serverBody("UpdateHP", { minHp: 21, shield: 0 }));
    apply(state, serverBody("UpdateSta", { minSta: 34 }));
    apply(state, serverBody("UpdateMana", { minMana: 0 }));
    apply(state, serverBody("UpdateExp", { exp: 22 }));
    expect(state.stats).toMatchObject({ hp: 21, stamina: 34, mana: 0, exp: 22, food: 70, maxFood: 100, water: 80, maxWater: 100 });
    expect(ownChar(state)!.minHp).toBe(21);
  });

  test("CharUpdateHP moves an NPC's bar; unknown chars are ignored", () => {
    const { state } = nextToWolf();
    apply(state, serverBody("CharUpdateHP", { charIndex: WOLF, minHp: 36, maxHp: 45, shield: 0 }));
    expect(state.chars.get(WOLF)).toMatchObject({ minHp: 36, maxHp: 45 });
    expect(apply(state, serverBody("CharUpdateHP", { charIndex: 999, minHp: 1, maxHp: 2, shield: 0 }))).toEqual([]);
  });

  test("a higher level in UpdateUserStats is a level-up for the banner; the login burst is not", () => {
    const state = createGameState();
    const stats = { maxHp: 20, minHp: 20, shield: 0, maxMana: 0, minMana: 0, maxSta: 60, minSta: 60, gold: 0, goldPerLevelWallet: 0, level: 1, expToNextLevel: 300, exp: 0, class: 3 };
    apply(state, serverBody("UpdateUserStats", stats), 10);
    expect(state.levelUp).toBeNull();
    apply(state, serverBody("UpdateUserStats", { ...stats, level: 2, maxHp: 30, minHp: 30 }), 20);
    expect(state.levelUp).toEqual({ level: 2, atMs: 20 });
    apply(state, serverBody("LevelUp", { freeSkillPoints: 15 }));
    expect(state.stats.freeSkillPoints).toBe(15);
    // The level-up lines the server sends come out worded.
    expect(localeMessageText(186, "2")).toBe("¡Llegaste al nivel 2!");
  });
});

describe("floating texts over chars", () => {
  test("TextOverChar rises over the char for CHAR_TEXT_MS, then is gone", () => {
    const { state } = nextToWolf();
    apply(state, serverBody("TextOverChar", { text: "9", charIndex: WOLF, color: RED }), 1_000);
    expect(liveCharTexts(state, 1_000)).toEqual([{ id: 1, charIndex: WOLF, text: "9", color: RED, ...WOLF_TILE, startMs: 1_000, untilMs: 1_000 + CHAR_TEXT_MS }]);
    expect(liveCharTexts(state, 1_000 + CHAR_TEXT_MS - 1)).toHaveLength(1);
    expect(liveCharTexts(state, 1_000 + CHAR_TEXT_MS)).toEqual([]);
    // Over a char we do not see: nothing to stand on.
    apply(state, serverBody("TextOverChar", { text: "5", charIndex: 999, color: RED }), 1_000);
    expect(state.charTexts).toHaveLength(1);
  });

  test("the number over a creature that died stays where it fell; a map change clears them", () => {
    const { state } = nextToWolf();
    apply(state, serverBody("TextOverChar", { text: "12", charIndex: WOLF, color: RED }), 0);
    apply(state, serverBody("CharacterRemove", { charIndex: WOLF, fadeOut: false, wasWarp: false }), 10);
    expect(liveCharTexts(state, 10)).toMatchObject([{ text: "12", ...WOLF_TILE }]);
    apply(state, serverBody("ChangeMap", { map: 2, resourceMap: 2 }), 20);
    expect(state.charTexts).toEqual([]);
  });

  test("a flood keeps the newest CHAR_TEXTS_MAX, each cut to a sane length", () => {
    const { state } = nextToWolf();
    for (let i = 0; i < CHAR_TEXTS_MAX + 10; i++) apply(state, serverBody("TextOverChar", { text: `${i}`.padEnd(300, "x"), charIndex: WOLF, color: RED }), 5);
    const live = liveCharTexts(state, 5);
    expect(live).toHaveLength(CHAR_TEXTS_MAX);
    expect(live[0]!.text.startsWith("10")).toBe(true);
    expect(Math.max(...live.map((t) => t.text.length))).toBeLessThanOrEqual(40);
  });

  test("CharSwing: 'Fallas' over us, 'Falló' over others, only when the text is to be shown", () => {
    const { state } = nextToWolf();
    apply(state, serverBody("CharSwing", { charIndex: OWN_CHAR, showFx: true, showText: true, notifyText: true }));
    apply(state, serverBody("CharSwing", { charIndex: WOLF, showFx: true, showText: true, notifyText: true }));
    // A swing at an empty tile (`showText` false) and an invisible attacker's miss say nothing.
    apply(state, serverBody("CharSwing", { charIndex: OWN_CHAR, showFx: true, showText: false, notifyText: true }));
    apply(state, serverBody("CharSwing", { charIndex: OWN_CHAR, showFx: true, showText: true, notifyText: false }));
    expect(liveCharTexts(state, 0).map((t) => [t.charIndex, t.text, t.color])).toEqual([
      [OWN_CHAR, COMBAT_TEXT.ownMiss, MISS_COLOUR],
      [WOLF, COMBAT_TEXT.otherMiss, MISS_COLOUR],
    ]);
  });
});

describe("swings and hits", () => {
  test("ArmaMov leans the attacker towards its heading for SWING_MS", () => {
    const { state } = nextToWolf();
    const me = ownChar(state)!;
    me.heading = Heading.East;
    apply(state, serverBody("ArmaMov", { charIndex: OWN_CHAR, isRanged: 0 }), 100);
    expect(swingOffset(me, 100)).toEqual({ dx: 0, dy: 0 });
    const mid = swingOffset(me, 100 + SWING_MS / 2);
    expect(mid.dx).toBeGreaterThan(0);
    expect(mid.dy).toBe(0);
    expect(swingOffset(me, 100 + SWING_MS)).toEqual({ dx: 0, dy: 0 });
  });

  test("CharAtaca turns the NPC to its victim and swings it; a miss (-1) reads 'Falló' over it", () => {
    const { state } = nextToWolf();
    state.chars.get(WOLF)!.heading = Heading.North;
    apply(state, serverBody("CharAtaca", { charIndex: WOLF, attackerIndex: OWN_CHAR, damage: -1 }), 50);
    const wolf = state.chars.get(WOLF)!;
    expect(wolf.heading).toBe(Heading.West);
    expect(wolf.swingAtMs).toBe(50);
    expect(liveCharTexts(state, 50).map((t) => [t.charIndex, t.text])).toEqual([[WOLF, COMBAT_TEXT.otherMiss]]);
    // A hit: the number comes in its own TextOverChar, not from CharAtaca.
    apply(state, serverBody("CharAtaca", { charIndex: WOLF, attackerIndex: OWN_CHAR, damage: 3 }), 60);
    expect(liveCharTexts(state, 60)).toHaveLength(1);
  });

  test("an NPC's hit, as the server sends it: console line, our HP, the number over us", () => {
    const { state } = nextToWolf();
    apply(state, serverBody("NPCHitUser", { bodyPart: 1, damage: 4 }));
    apply(state, serverBody("UpdateHP", { minHp: 21, shield: 0 }));
    apply(state, serverBody("TextOverChar", { text: "4", charIndex: OWN_CHAR, color: RED }));
    apply(state, serverBody("CharAtaca", { charIndex: WOLF, attackerIndex: OWN_CHAR, damage: 4 }));
    expect(lines(state).at(-1)).toBe("¡La criatura te pegó en la cabeza por 4!");
    expect(state.stats.hp).toBe(21);
    expect(liveCharTexts(state, 0).map((t) => [t.charIndex, t.text])).toEqual([[OWN_CHAR, "4"]]);
  });

  test("player hits name the other player and the body part; an NPC's kill is said", () => {
    const { state } = nextToWolf();
    apply(state, serverBody("CharacterCreate", charFields({ charIndex: 31, x: START.x, y: START.y + 1, name: "Ana" })));
    apply(state, serverBody("UserHittedUser", { victimCharIndex: 31, bodyPart: 6, damage: 7 }));
    apply(state, serverBody("UserHittedByUser", { attackerCharIndex: 31, bodyPart: 4, damage: 2 }));
    apply(state, serverBody("UserHittedByUser", { attackerCharIndex: 999, bodyPart: 9, damage: 1 }));
    apply(state, serverBody("NPCKillUser", {}));
    expect(lines(state).slice(-4)).toEqual(["¡Le pegaste a Ana en el torso por 7!", "¡Ana te pegó en el brazo derecho por 2!", "¡Alguien te pegó por 1!", COMBAT_TEXT.npcKilledUs]);
    expect(state.console.slice(-4).every((line) => line.tone === "fight")).toBe(true);
  });

  test("the combat locale lines are worded (damage dealt, kill, too tired, dead, resurrected, /HOGAR)", () => {
    const { state } = nextToWolf();
    for (const [id, params] of [
      [382, "9"],
      [184, ""],
      [93, ""],
      [77, ""],
      [585, ""],
      [524, ""],
      [1626, "Combate con armas¬4"],
    ] as const) {
      apply(state, serverBody("LocaleMsg", { messageId: id, params, fontIndex: 1 }));
    }
    const said = lines(state).slice(-7);
    expect(said[0]).toBe("¡Le has quitado 9 puntos de vida a la criatura!");
    expect(said.every((text) => !text.startsWith("["))).toBe(true);
    expect(said[6]).toBe("Tu habilidad Combate con armas sube a 4.");
  });
});

describe("death", () => {
  test("HP 0 makes a ghost (body 829, pale and see-through) until the priest's UpdateHP", () => {
    const { state } = nextToWolf();
    expect(isDead(state)).toBe(false);
    apply(state, serverBody("UpdateHP", { minHp: 0, shield: 0 }));
    apply(state, serverBody("UpdateSta", { minSta: 0 }));
    apply(state, serverBody("CharacterChange", { charIndex: OWN_CHAR, flags: 0, body: GHOST_BODY, head: 0, heading: 3, weapon: 2, shield: 2, helmet: 2, cart: 0, backpack: 0, fx: 0, fxLoops: 0 }));
    expect(isDead(state)).toBe(true);
    const me = ownChar(state)!;
    expect(characterLook(me, { progress: 1, stepCount: 0 }).ghost).toBe(true);
    expect(characterLook({ ...me, body: 1 }, { progress: 1, stepCount: 0 }).ghost).toBe(false);
    apply(state, serverBody("LocaleMsg", { messageId: 585, params: "", fontIndex: 1 }));
    apply(state, serverBody("UpdateHP", { minHp: 30, shield: 0 }));
    expect(isDead(state)).toBe(false);
    expect(lines(state).at(-1)).toBe("¡Has sido resucitado!");
  });

  test("before the stats are known nobody is dead (HP 0 of 0)", () => {
    const state = createGameState();
    state.phase = "in_world";
    expect(isDead(state)).toBe(false);
  });
});

describe("the attack key", () => {
  test("is Control, and no other key of the page", () => {
    expect(ATTACK_KEY_CODES).toEqual(["ControlLeft", "ControlRight"]);
    expect(isAttackKey("ControlLeft") && isAttackKey("ControlRight")).toBe(true);
    const others = [...Object.keys(DIRECTION_KEY_CODES), ...Object.keys(INVENTORY_KEY_CODES), ...Object.keys(SERVICE_KEY_CODES), SKILLS_KEY_CODE, "Enter", "Escape", "Space"];
    expect(others.filter(isAttackKey)).toEqual([]);
    expect(new Set(others).size).toBe(others.length);
  });

  test("sends Attack with its counter at most once per attack interval; holding it keeps the rhythm", () => {
    const { session, transport } = nextToWolf();
    expect(session.attack(1_000)).toEqual({ ok: true });
    expect(sent(transport)).toEqual([{ name: "Attack", fields: { counter: 1 } }]);
    expect(session.attack(1_000 + ATTACK_MS - 1)).toEqual({ ok: false, reason: "too_soon" });
    expect(session.attack(1_500)).toEqual({ ok: false, reason: "too_soon" });
    expect(transport.take()).toEqual([]);
    expect(session.attack(1_000 + ATTACK_MS)).toEqual({ ok: true });
    expect(sent(transport)).toEqual([{ name: "Attack", fields: { counter: 2 } }]);
    // Too soon is silent: a held key repeats every few ms.
    expect(lines(session.state).some((text) => text.includes("atacar"))).toBe(false);
  });

  test("follows the server's attack interval, kept within sane bounds; counters restart at Logged", () => {
    const { session, transport } = nextToWolf();
    session.receive(serverBody("Intervals", { ...STOCK_INTERVALS_MS, attackMs: 2_000 }), 0);
    expect(session.state.attackIntervalMs).toBe(2_000);
    session.attack(0);
    expect(session.attack(1_999).ok).toBe(false);
    expect(session.attack(2_000).ok).toBe(true);
    session.receive(serverBody("Intervals", { ...STOCK_INTERVALS_MS, attackMs: 1 }), 0);
    expect(session.state.attackIntervalMs).toBe(MIN_ATTACK_INTERVAL_MS);
    session.receive(serverBody("Intervals", { ...STOCK_INTERVALS_MS, attackMs: 999_999 }), 0);
    expect(session.state.attackIntervalMs).toBe(MAX_ATTACK_INTERVAL_MS);
    transport.take();
    session.receive(serverBody("Logged", { newUser: false }), 10_000);
    session.attack(10_000);
    expect(sent(transport)).toEqual([{ name: "Attack", fields: { counter: 1 } }]);
  });

  test("a ghost is refused without a packet, said once per interval while the key is held", () => {
    const { session, transport } = nextToWolf();
    session.receive(serverBody("UpdateHP", { minHp: 0, shield: 0 }), 0);
    expect(session.attack(100)).toEqual({ ok: false, reason: "dead" });
    expect(session.attack(200)).toEqual({ ok: false, reason: "dead" });
    expect(transport.take()).toEqual([]);
    expect(lines(session.state).filter((text) => text === COMBAT_TEXT.refusals.dead)).toHaveLength(1);
    session.attack(100 + ATTACK_MS);
    expect(lines(session.state).filter((text) => text === COMBAT_TEXT.refusals.dead)).toHaveLength(2);
  });

  test("outside the world nothing is sent", () => {
    const state = createGameState();
    expect(checkAttack(state, 0, Number.NEGATIVE_INFINITY)).toEqual({ ok: false, reason: "not_playing" });
  });
});
