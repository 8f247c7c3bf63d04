/**
 * Combat end to end on the default world (issue #15): a stock-protocol client (over TCP on
 * PGlite, over WebSocket on Postgres: `gameplayPairs`) stands next to a wild boar in the field, strikes it with
 * `Attack` until it dies (damage numbers, the HP bar, experience, the kill message, its gold on the
 * ground) while the boar bites back (`CharAtaca`, `NPCHitUser`); the experience is still there
 * after logging out and in. Also: the exact experience of a kill, a level-up with the class's
 * gains, a boar killing a weak character who is then revived by the priest in town, and a fight
 * between two players where the map allows it (and not where it does not).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_WORLD_MAP_IDS, loadDefaultWorld, type GameTables } from "../src/content/index.ts";
import type { CharacterRecord } from "../src/game/character/index.ts";
import { vbRound } from "../src/game/vb-math/index.ts";
import { GOLD_OBJECT } from "../src/game/items/index.ts";
import { GHOST_BODY } from "../src/game/vitals/index.ts";
import type { GameClient } from "./support/game-client.ts";
import { gameplayPairs } from "./support/test-server.ts";
import { editOffline, liveWorld, loginExisting, uniqueName, type InWorld } from "./support/world-players.ts";

let tables: GameTables;
beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error("the default world did not load");
  tables = loaded.pack.tables!;
});

/** The field's first boar (src/content/default-world/build-maps.ts): nobody has woken it yet. */
const BOAR_SPAWN = { x: 30, y: 30 };
/** The field's other boars, one per test (a dead boar respawns somewhere else). */
const SECOND_BOAR = { x: 70, y: 25 };
const THIRD_BOAR = { x: 40, y: 75 };
/** A wolf of the forest (build-maps.ts). */
const FOREST_WOLF = { x: 70, y: 50 };
/** Hermana Irene, the town's priest. */
const PRIEST = { x: 50, y: 43 };
const WARRIOR = 3;
const WEST = 4;
const KNIFE_SLOT = 1;

for (const { backend, transport } of gameplayPairs()) {
  describe(`combat over ${transport} on ${backend}`, () => {
    const live = liveWorld(backend, transport);

    test("a seasoned warrior kills the boar next to it: damage, HP bar, experience, the kill, its gold; the boar bites back", async () => {
      const email = `${uniqueName("c")}@test.local`;
      const fresh = await live.enter("Cazador", email);
      fresh.client.send("Quit");
      await fresh.client.waitForClose();
      // Put the character east of the sleeping boar, tough and skilled enough to end it fast.
      await editOffline(live.ts, fresh.name, (record) => {
        record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: BOAR_SPAWN.x + 1, y: BOAR_SPAWN.y, heading: WEST };
        record.level = 12; // still a newbie: the kit's newbie knife may be wielded
        record.vitals = { ...record.vitals, hp: 300, maxHp: 300, stamina: 300, maxStamina: 300 };
        record.skills = record.skills.map((points, index) => (index === 3 || index === 2 ? 100 : points));
      });
      const player = await loginExisting(live.ts, transport, email, fresh.name);
      live.keep(player.client);
      const { client } = player;
      const boar = client.received.find((p) => p.name === "CharacterCreate" && p.fields.npcNumber === DEFAULT_NPCS.wildBoar && p.fields.x === BOAR_SPAWN.x);
      expect(boar).toBeDefined();
      const boarIndex = boar!.fields.charIndex as number;

      let from = client.received.length;
      client.send("EquipItem", { slot: KNIFE_SLOT, isSkin: false });
      await client.waitFor("ChangeInventorySlot", (f) => f.slot === KNIFE_SLOT && f.equipped === true, from);
      const expBefore = lastExp(client);
      // Woken by the player's arrival, the hostile boar bites first (a hit or a miss: -1).
      const bite = await client.waitFor("CharAtaca", (f) => f.charIndex === boarIndex && f.attackerIndex === player.charIndex);
      expect(bite.fields.damage as number).toBeGreaterThanOrEqual(-1);

      from = client.received.length;
      const killed = await strikeUntilKilled(client, boarIndex);
      expect(killed).toBe(true);
      const fight = client.received.slice(from);
      const bars = fight.filter((p) => p.name === "CharUpdateHP" && p.fields.charIndex === boarIndex).map((p) => p.fields.minHp as number);
      expect(bars.at(-1)).toBe(0);
      expect(fight.some((p) => p.name === "TextOverChar" && p.fields.charIndex === boarIndex)).toBe(true);
      expect(fight.some((p) => p.name === "LocaleMsg" && p.fields.messageId === 382)).toBe(true);
      expect(fight.some((p) => p.name === "CharacterRemove" && p.fields.charIndex === boarIndex)).toBe(true);
      const gold = await client.waitFor("ObjectCreate", (f) => f.objIndex === GOLD_OBJECT, from);
      expect(gold.fields.amount).toBeGreaterThan(0);
      const expAfter = lastExp(client);
      expect(expAfter).toBeGreaterThan(expBefore);
      expect(client.decodeErrors).toBe(0);

      // The connection dropped (the field is no safe map: /SALIR would count down) and logged in
      // again: the experience went with the character.
      client.close();
      await Bun.sleep(200);
      await live.ts.server.gateway.drainSaves();
      const again = await loginExisting(live.ts, transport, email, fresh.name);
      live.keep(again.client);
      const stats = again.client.received.find((p) => p.name === "UpdateUserStats")!;
      expect(stats.fields.exp).toBe(expAfter);
    }, 60_000);

    test("the kill pays exactly the boar's GiveEXP (plus 5 per skill point won on the way)", async () => {
      const { player } = await fighterBesideBoar(live, transport, SECOND_BOAR, (record) => {
        record.level = 5; // within 4 levels of the field's beasts: no penalty
        record.exp = 0;
      });
      const { client } = player;
      const beast = await beastBeside(client, player.charIndex);
      const from = client.received.length;
      expect(await strikeUntilKilled(client, beast.charIndex)).toBe(true);
      await Bun.sleep(100);
      const giveExp = tables.npcs!.npcs.find((n) => n.id === beast.npcNumber)!.giveExp;
      const skillPoints = client.received.slice(from).filter((p) => p.name === "TextOverChar" && p.fields.charIndex === player.charIndex && String(p.fields.text).startsWith("+1 ")).length;
      expect(lastExp(client)).toBe(giveExp + 5 * skillPoints);
    }, 60_000);

    test("a level-up from the kill: LevelUp, the level message, and the class's HP for the new level", async () => {
      const balance = tables.balance!;
      const level = 5;
      // The default Balance has no HP caps (CapVidaMin = CapVidaMax = 0): MaxHP is exactly the
      // class's average for the level, GetMaxHp(L) = rnd2((MODVIDA − (21 − CON) / 2) × (L − 1) + CON).
      const average = (constitution: number) => balance.classes[WARRIOR - 1]!.hpPerLevel - (21 - constitution) * 0.5;
      const maxHpAt = (constitution: number, l: number) => vbRound(average(constitution) * (l - 1) + constitution);
      const { player, record } = await fighterBesideBoar(live, transport, THIRD_BOAR, (r) => {
        r.level = level;
        r.exp = balance.expToLevelUp[level - 1]! - 1;
        const maxHp = maxHpAt(r.attributes[4], level);
        r.vitals = { ...r.vitals, hp: maxHp, maxHp };
      });
      const { client } = player;
      const beast = await beastBeside(client, player.charIndex);
      const from = client.received.length;
      expect(await strikeUntilKilled(client, beast.charIndex)).toBe(true);
      const stats = await client.waitFor("UpdateUserStats", (f) => f.level === level + 1, from);
      expect(client.received.slice(from).some((p) => p.name === "LocaleMsg" && p.fields.messageId === 186)).toBe(true);
      expect(stats.fields.maxHp).toBe(maxHpAt(record.attributes[4], level + 1));
      expect(stats.fields.minHp).toBe(stats.fields.maxHp);
      expect(client.received.slice(from).some((p) => p.name === "LevelUp")).toBe(true);
    }, 60_000);

    test("a wolf kills a weak character, whose ghost the priest in town brings back", async () => {
      // In the forest, next to a wolf no other test wakes (the field's beasts are busy with the
      // fighters of the other tests, still online).
      const player = await playerAt(live, transport, "Presa", DEFAULT_WORLD_MAP_IDS.forest, FOREST_WOLF.x + 1, FOREST_WOLF.y, WEST, (record) => {
        record.vitals = { ...record.vitals, hp: 1 };
      });
      const { client, email } = player;
      await client.waitFor("NPCKillUser", () => true, 0, 40_000);
      const ghost = await client.waitFor("CharacterChange", (f) => f.charIndex === player.charIndex && f.body === GHOST_BODY);
      expect(ghost.fields.head).toBe(0);
      // The ghost walks home (moved offline here) and clicks the priest.
      client.close();
      await Bun.sleep(200);
      await editOffline(live.ts, player.name, (record) => {
        expect(record.vitals.hp).toBe(0);
        record.position = { map: DEFAULT_WORLD_MAP_IDS.town, x: PRIEST.x, y: PRIEST.y + 2, heading: 1 };
      });
      const back = await loginExisting(live.ts, transport, email, player.name);
      live.keep(back.client);
      const from = back.client.received.length;
      back.client.send("LeftClick", { x: PRIEST.x, y: PRIEST.y });
      await back.client.waitFor("LocaleMsg", (f) => f.messageId === 585, from);
      const hp = await back.client.waitFor("UpdateHP", () => true, from);
      expect(hp.fields.minHp as number).toBeGreaterThan(0);
      const alive = await back.client.waitFor("CharacterChange", (f) => f.charIndex === back.charIndex && f.body !== GHOST_BODY, from);
      expect(alive.fields.head).not.toBe(0);
    }, 60_000);

    test("two players fight in the open once the safe is off, and the attacker turns criminal; in town the blow is refused", async () => {
      // The open plain: no safe map, no arena tiles, and no beast to step between them.
      const a = await playerAt(live, transport, "Duelo", DEFAULT_WORLD_MAP_IDS.openField, 50, 50, 2);
      const b = await playerAt(live, transport, "Rival", DEFAULT_WORLD_MAP_IDS.openField, 51, 50, 4);
      expect({ x: b.x, y: b.y }).toEqual({ x: 51, y: 50 });
      // Citizens log in with the safe on (`SafeModeOn`): /SEG turns it off to fight another citizen.
      let from = a.client.received.length;
      a.client.send("Attack");
      expect((await a.client.waitFor("LocaleMsg", () => true, from)).fields.messageId).toBe(1057);
      a.client.send("SafeToggle");
      await a.client.waitFor("SafeModeOff", () => true, from);
      await Bun.sleep(1_200);
      from = b.client.received.length;
      let answered = false;
      for (let blow = 0; blow < 10 && !answered; blow++) {
        a.client.send("Attack");
        await Bun.sleep(1_200);
        answered = b.client.received.slice(from).some((p) => p.name === "UserHittedByUser" || (p.name === "LocaleMsg" && p.fields.messageId === 1930));
      }
      expect(answered).toBe(true);
      const hit = b.client.received.slice(from).find((p) => p.name === "UserHittedByUser");
      if (hit) expect(hit.fields.attackerCharIndex).toBe(a.charIndex);
      // A citizen who attacks a citizen turns criminal, for everyone who sees it.
      const tag = await b.client.waitFor("UpdateTagAndStatus", (f) => f.charIndex === a.charIndex, from);
      expect(tag.fields).toMatchObject({ status: 0 });

      const c = await playerAt(live, transport, "Paz", DEFAULT_WORLD_MAP_IDS.town, 40, 50, 2);
      const d = await playerAt(live, transport, "Calma", DEFAULT_WORLD_MAP_IDS.town, 41, 50, 4);
      expect({ x: d.x, y: d.y }).toEqual({ x: 41, y: 50 });
      const townFrom = c.client.received.length;
      c.client.send("SafeToggle");
      await c.client.waitFor("SafeModeOff", () => true, townFrom);
      c.client.send("Attack");
      const refusal = await c.client.waitFor("LocaleMsg", () => true, townFrom);
      expect(refusal.fields.messageId).toBe(1062);
      expect(d.client.received.some((p) => p.name === "UserHittedByUser")).toBe(false);
    }, 60_000);
  });
}

type Live = ReturnType<typeof liveWorld>;

/** A new character, moved offline to (x, y) of `map` facing `heading`, logged in again. */
async function playerAt(live: Live, transport: "tcp" | "ws", prefix: string, map: number, x: number, y: number, heading: 1 | 2 | 3 | 4, edit?: (record: CharacterRecord) => void): Promise<InWorld & { email: string; record: CharacterRecord }> {
  const email = `${uniqueName("c")}@test.local`;
  const fresh = await live.enter(prefix, email);
  fresh.client.send("Quit");
  await fresh.client.waitForClose();
  let saved: CharacterRecord | undefined;
  await editOffline(live.ts, fresh.name, (record) => {
    record.position = { map, x, y, heading };
    edit?.(record);
    saved = structuredClone(record);
  });
  const player = await loginExisting(live.ts, transport, email, fresh.name);
  live.keep(player.client);
  return { ...player, email, record: saved! };
}

/** A tough, skilled warrior near a boar's spawn, with the kit's knife in hand. */
async function fighterBesideBoar(live: Live, transport: "tcp" | "ws", boar: { x: number; y: number }, edit: (record: CharacterRecord) => void) {
  const toughAndSkilled = (record: CharacterRecord) => {
    record.vitals = { ...record.vitals, hp: 300, maxHp: 300, stamina: 300, maxStamina: 300 };
    record.skills = record.skills.map((points, index) => (index === 3 || index === 2 ? 100 : points));
    edit(record);
  };
  const player = await playerAt(live, transport, "Cazador", DEFAULT_WORLD_MAP_IDS.field, boar.x + 1, boar.y, WEST, toughAndSkilled);
  const from = player.client.received.length;
  player.client.send("EquipItem", { slot: KNIFE_SLOT, isSkin: false });
  await player.client.waitFor("ChangeInventorySlot", (f) => f.slot === KNIFE_SLOT && f.equipped === true, from);
  return { player, email: player.email, record: player.record };
}

/**
 * The hostile beast that came to stand next to the player (the field's boars and wolves chase
 * whoever they see; a boar killed by an earlier test came back elsewhere).
 */
async function beastBeside(client: GameClient, me: number): Promise<{ charIndex: number; npcNumber: number }> {
  for (let wait = 0; wait < 100; wait++) {
    const mine = positionOf(client, me);
    const npcs = client.received.filter((p) => p.name === "CharacterCreate" && (p.fields.npcNumber as number) > 0);
    for (const create of npcs) {
      const charIndex = create.fields.charIndex as number;
      const removed = client.received.some((p, i) => i > client.received.indexOf(create) && p.name === "CharacterRemove" && p.fields.charIndex === charIndex);
      const at = positionOf(client, charIndex);
      if (!removed && mine && at && Math.abs(at.x - mine.x) + Math.abs(at.y - mine.y) === 1) return { charIndex, npcNumber: create.fields.npcNumber as number };
    }
    await Bun.sleep(200);
  }
  throw new Error("no beast came next to the player in 20 s");
}

/** The last experience the client was told (login stats or `UpdateExp`). */
function lastExp(client: GameClient): number {
  const last = client.received.filter((p) => p.name === "UpdateExp" || p.name === "UpdateUserStats").at(-1);
  return (last?.fields.exp as number | undefined) ?? 0;
}

/**
 * Faces the boar (it may have stepped around the player to bite) and strikes every 1.2 s until
 * the kill message; false after 40 blows.
 */
async function strikeUntilKilled(client: GameClient, boarIndex: number): Promise<boolean> {
  for (let blow = 0; blow < 40; blow++) {
    const me = positionOf(client, client.received.find((p) => p.name === "UserCharIndexInServer")!.fields.charIndex as number);
    const boar = positionOf(client, boarIndex);
    if (me && boar) {
      const heading = boar.x < me.x ? 4 : boar.x > me.x ? 2 : boar.y < me.y ? 1 : 3;
      client.send("ChangeHeading", { heading });
    }
    client.send("Attack");
    await Bun.sleep(1_200);
    if (client.received.some((p) => p.name === "LocaleMsg" && p.fields.messageId === 184)) return true;
  }
  return false;
}

/** Where the client last saw a char (create or move). */
function positionOf(client: GameClient, charIndex: number): { x: number; y: number } | undefined {
  const seen = client.received.filter((p) => (p.name === "CharacterCreate" || p.name === "CharacterMove") && p.fields.charIndex === charIndex).at(-1);
  return seen && { x: seen.fields.x as number, y: seen.fields.y as number };
}
