/**
 * Spells end to end on the default world (issue #16): a stock-protocol client over TCP and
 * WebSocket, on PGlite and Postgres, creates a mage (whose kit's spells arrive in the login burst
 * as `ChangeSpellSlot`), stands in the field by a wild boar, chooses its starting damage spell with
 * `CastSpell` (the server answers `WorkRequestTarget(1)`) and clicks the boar
 * (`WorkLeftClick(x, y, 1)`): the words over the mage, the boar's HP going down, and exactly the
 * spell's mana spent.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_WORLD_MAP_IDS, loadDefaultWorld, type GameTables } from "../src/content/index.ts";
import { GameClient, type Transport } from "./support/game-client.ts";
import { availableBackends, type TestServer } from "./support/test-server.ts";
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
/** The default world's starting spells of a mage, in its kit's order (Chispa, Alivio). */
const SPARK = 1;
const SOOTHE = 2;

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const) {
    describe(`spells over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("a new mage knows its kit's spells; in the field its Chispa hurts a boar and costs exactly the spell's mana", async () => {
        const email = `${uniqueName("m")}@test.local`;
        const mage = await createMage(live.ts, transport, email);
        live.keep(mage.client);
        // The whole book in the login burst: the kit's two spells, then 38 empty slots.
        const slots = mage.client.received.filter((p) => p.name === "ChangeSpellSlot");
        expect(slots).toHaveLength(40);
        expect(slots.slice(0, 3).map((p) => [p.fields.slot, p.fields.spellId, p.fields.spellIdOrEmpty])).toEqual([
          [1, SPARK, SPARK],
          [2, SOOTHE, SOOTHE],
          [3, 0, -1],
        ]);
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
    });
  }
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
