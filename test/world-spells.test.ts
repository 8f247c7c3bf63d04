/**
 * Spells end to end on the default world (issue #16): a stock-protocol client (over TCP on
 * PGlite, over WebSocket on Postgres: `gameplayPairs`) creates a mage (whose kit's spells arrive in the login burst
 * as `ChangeSpellSlot`), stands in the field by a wild boar, chooses its starting damage spell with
 * `CastSpell` (the server answers `WorkRequestTarget(1)`) and clicks the boar
 * (`WorkLeftClick(x, y, 1)`): the words over the mage, the boar's HP going down, and exactly the
 * spell's mana spent.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_WORLD_MAP_IDS, loadDefaultWorld, type GameTables } from "../src/content/index.ts";
import { GameClient, type Transport } from "./support/game-client.ts";
import { gameplayPairs, type TestServer } from "./support/test-server.ts";
import { editOffline, finishEnter, liveWorld, loginExisting, PASSWORD, uniqueName } from "./support/world-players.ts";

let tables: GameTables;
beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error("the default world did not load");
  tables = loaded.pack.tables!;
});

/** The field's boar at (60, 40) (src/content/default-world/build-maps.ts). */
const BOAR_SPAWN = { x: 60, y: 40 };
const MAGE = 1;
const WEST = 4;
/** `e_Skill.Magia`. */
const MAGIC = 1;
/** The default world's starting spells of a mage, in its kit's order (Chispa, Alivio, Atadura). */
const SPARK = 1;
const SOOTHE = 2;
const BINDING = 3;
/** Another field boar (build-maps.ts), for the second test. */
const OTHER_BOAR = { x: 70, y: 25 };
/** The NPC AI's tick (src/game/npc-ai): a hold of `Duration` × 39 ticks. */
const AI_TICK_MS = 150;

for (const { backend, transport } of gameplayPairs()) {
  describe(`spells over ${transport} on ${backend}`, () => {
    const live = liveWorld(backend, transport);

    test("a new mage knows its kit's spells; in the field its Chispa hurts a boar and costs exactly the spell's mana", async () => {
      const email = `${uniqueName("m")}@test.local`;
      const mage = await createMage(live.ts, transport, email);
      live.keep(mage.client);
      // The whole book in the login burst: the kit's three spells, then 37 empty slots.
      const slots = mage.client.received.filter((p) => p.name === "ChangeSpellSlot");
      expect(slots).toHaveLength(40);
      expect(slots.slice(0, 3).map((p) => [p.fields.slot, p.fields.spellId, p.fields.spellIdOrEmpty])).toEqual([
        [1, SPARK, SPARK],
        [2, SOOTHE, SOOTHE],
        [3, BINDING, BINDING],
      ]);
      expect(slots[3]!.fields.spellIdOrEmpty).toBe(-1);
      mage.client.send("Quit");
      await mage.client.waitForClose();
      await editOffline(live.ts, mage.name, (record) => {
        record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: BOAR_SPAWN.x + 3, y: BOAR_SPAWN.y, heading: WEST };
        record.vitals = { ...record.vitals, hp: 300, maxHp: 300, mana: record.vitals.maxMana };
      });
      const player = await loginExisting(live.ts, transport, email, mage.name);
      live.keep(player.client);
      const { client } = player;
      const manaBefore = client.received.find((p) => p.name === "UpdateUserStats")!.fields.minMana as number;
      const spark = tables.spells!.spells.find((s) => s.id === SPARK)!;
      expect(manaBefore).toBeGreaterThanOrEqual(spark.manaRequired);
      const boar = client.received.find((p) => p.name === "CharacterCreate" && p.fields.npcNumber === DEFAULT_NPCS.wildBoar && p.fields.x === BOAR_SPAWN.x);
      expect(boar).toBeDefined();
      const boarIndex = boar!.fields.charIndex as number;
      // The hostile boar comes to bite; once it stands next to the mage it stays put to fight.
      await client.waitFor("CharAtaca", (f) => f.charIndex === boarIndex && f.attackerIndex === player.charIndex, 0, 20_000);

      let cast: { from: number } | null = null;
      for (let attempt = 0; attempt < 10 && cast === null; attempt++) {
        const from = client.received.length;
        client.send("CastSpell", { slot: 1 });
        const asked = await client.waitFor("WorkRequestTarget", () => true, from);
        expect(asked.fields).toEqual({ skill: MAGIC, isArea: false, radius: 0 });
        // Clicked on the tile above the boar: the stock client's click on its head (`LookatTile` takes the char below first).
        const at = positionOf(client, boarIndex)!;
        client.send("WorkLeftClick", { x: at.x, y: at.y - 1, skill: MAGIC });
        await Bun.sleep(1_300);
        if (client.received.slice(from).some((p) => p.name === "LocaleMsg" && p.fields.messageId === 382)) cast = { from };
      }
      expect(cast).not.toBeNull();
      const after = client.received.slice(cast!.from);
      const dealt = Number(after.find((p) => p.name === "LocaleMsg" && p.fields.messageId === 382)!.fields.params);
      expect(dealt).toBeGreaterThanOrEqual(spark.minHp);
      expect(dealt).toBeLessThanOrEqual(spark.maxHp);
      const bar = after.find((p) => p.name === "CharUpdateHP" && p.fields.charIndex === boarIndex)!;
      const boarTemplate = tables.npcs!.npcs.find((n) => n.id === DEFAULT_NPCS.wildBoar)!;
      expect(bar.fields.minHp).toBe(boarTemplate.minHp - dealt);
      expect(after.some((p) => p.name === "ChatOverHead" && p.fields.text === `PMAG*${SPARK}` && p.fields.charIndex === player.charIndex)).toBe(true);
      // Exactly the spell's mana: the one cast that landed is the only one paid.
      expect(after.filter((p) => p.name === "UpdateMana").map((p) => p.fields.minMana)).toEqual([manaBefore - spark.manaRequired]);
      expect(client.decodeErrors).toBe(0);
    }, 60_000);

    test("Atadura holds a beast still for its time, Chispa kills it for exactly its mana per cast, Alivio heals the mage", async () => {
      const email = `${uniqueName("m")}@test.local`;
      const mage = await createMage(live.ts, transport, email);
      mage.client.send("Quit");
      await mage.client.waitForClose();
      await editOffline(live.ts, mage.name, (record) => {
        record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: OTHER_BOAR.x + 1, y: OTHER_BOAR.y, heading: WEST };
        record.vitals = { ...record.vitals, hp: 200, maxHp: 300, mana: 400, maxMana: 400 };
      });
      const player = await loginExisting(live.ts, transport, email, mage.name);
      live.keep(player.client);
      const { client } = player;
      const spell = (id: number) => tables.spells!.spells.find((s) => s.id === id)!;
      // The first beast to bite is the one to fight (the boar may have wandered off its spawn
      // while the first test's mage was on the map).
      const bite = await client.waitFor("CharAtaca", (f) => f.attackerIndex === player.charIndex, 0, 20_000);
      const boarIndex = bite.fields.charIndex as number;
      const manaAt = () => (client.received.filter((p) => p.name === "UpdateMana" || p.name === "UpdateUserStats").at(-1)!.fields.minMana as number);

      // Atadura: paid once; the boar neither moves nor bites while held, and bites again after.
      let from = client.received.length;
      const manaBeforeBinding = manaAt();
      expect(await castOn(client, 3, positionOf(client, boarIndex)!)).toBe(true);
      const heldFrom = client.received.length;
      const holdMs = 39 * spell(BINDING).durationSeconds * AI_TICK_MS;
      await Bun.sleep(holdMs - 1_000);
      const whileHeld = client.received.slice(heldFrom).filter((p) => (p.name === "CharAtaca" || p.name === "CharacterMove") && p.fields.charIndex === boarIndex);
      expect(whileHeld).toEqual([]);
      expect(manaAt()).toBe(manaBeforeBinding - spell(BINDING).manaRequired);
      await client.waitFor("CharAtaca", (f) => f.charIndex === boarIndex, heldFrom, 10_000);

      // Chispa until it dies: every cast that landed cost its mana, nothing else did.
      from = client.received.length;
      const manaBeforeSparks = manaAt();
      let landed = 0;
      for (let cast = 0; cast < 40 && !client.received.slice(from).some((p) => p.name === "LocaleMsg" && p.fields.messageId === 184); cast++) {
        const at = positionOf(client, boarIndex);
        if (at && (await castOn(client, 1, at))) landed++;
      }
      expect(client.received.slice(from).some((p) => p.name === "LocaleMsg" && p.fields.messageId === 184)).toBe(true);
      expect(manaAt()).toBe(manaBeforeSparks - landed * spell(SPARK).manaRequired);

      // Alivio on itself: the HP goes up by what the console says.
      from = client.received.length;
      const hpBefore = client.received.filter((p) => p.name === "UpdateHP" || p.name === "UpdateUserStats").at(-1)!.fields.minHp as number;
      const me = positionOf(client, player.charIndex)!;
      expect(await castOn(client, 2, me)).toBe(true);
      const healed = await client.waitFor("UpdateHP", () => true, from);
      expect(healed.fields.minHp as number).toBeGreaterThan(hpBefore);
      expect((healed.fields.minHp as number) - hpBefore).toBeLessThanOrEqual(spell(SOOTHE).maxHp);
    }, 90_000);
  });
}

/**
 * `CastSpell(slot)`, then the click the server asks for on `at` (on the char's head, as the
 * stock client clicks); true when mana was spent (the cast landed).
 */
async function castOn(client: GameClient, slot: number, at: { x: number; y: number }): Promise<boolean> {
  const from = client.received.length;
  client.send("CastSpell", { slot });
  await client.waitFor("WorkRequestTarget", () => true, from);
  client.send("WorkLeftClick", { x: at.x, y: at.y - 1, skill: MAGIC });
  await Bun.sleep(1_300);
  return client.received.slice(from).some((p) => p.name === "UpdateMana");
}

/** A new account and a new mage (class 1) entering the world. */
async function createMage(ts: TestServer, transport: Transport, email: string) {
  const client = await GameClient.connect(transport, ts.host, transport === "tcp" ? ts.tcpPort : ts.httpPort);
  await client.waitFor("Connected");
  client.send("CreateAccount", { email, password: PASSWORD });
  await client.waitFor("AccountCharacterList");
  const name = uniqueName("Maga");
  const from = client.received.length;
  client.send("LoginNewChar", { name, race: 1, gender: 1, class: MAGE, head: 1, homeCity: 1 });
  return finishEnter(client, from, name);
}

/** Where the client last saw a char (create or move). */
function positionOf(client: GameClient, charIndex: number): { x: number; y: number } | undefined {
  const seen = client.received.filter((p) => (p.name === "CharacterCreate" || p.name === "CharacterMove") && p.fields.charIndex === charIndex).at(-1);
  return seen && { x: seen.fields.x as number, y: seen.fields.y as number };
}
