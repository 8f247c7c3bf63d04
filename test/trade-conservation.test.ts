/**
 * No item and no coin is ever created or destroyed by player trades (map/systems/trade.ts,
 * session/character-saves.ts), checked on the database: what a hard crash of the whole process
 * would leave behind at any moment, and what the last logout leaves at the end.
 *
 * - Several pairs of real clients trade potions against gold again and again in the default
 *   world's town while the map worker holding them is crashed at seeded moments (and recovered
 *   by the supervisor), autosaves run, and for stretches the database refuses every character
 *   write (a trigger), so trade pair saves fail and the pairs stay entangled. At seeded moments
 *   and after each final logout, the totals of every object id and of gold summed over all
 *   characters' inventories and vaults on disk equal the starting totals exactly.
 * - Issue #14 directly: a trade's pair save fails, then one side logs out; the database never
 *   holds one side swapped and the other not.
 *
 * Real server (map workers, gateway, database), over TCP, on PGlite and on Postgres when
 * TEST_DATABASE_URL is set (required in CI).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { InternalDatabase } from "../src/db/database.ts";
import { TRADE_TEXT } from "../src/game/messages/index.ts";
import { SeededRandom, type Random } from "../src/random/index.ts";
import type { GameClient } from "./support/game-client.ts";
import { availableBackends, startTestServer, type TestServer } from "./support/test-server.ts";
import { createAndEnter, type InWorld } from "./support/world-players.ts";

/** The default world's town (a safe map, where trading is allowed). */
const TOWN = 1;
const GOLD_SLOT = 200;
const PAIRS = 4;
/** Rounds each pair tries; with ≤ 5 packets a round per client this stays under the flood limit (400 per 5 s). */
const ROUNDS_PER_PAIR = 40;
/** A step the server does not answer within this (a refused offer, a lost frame) ends the round. */
const STEP_TIMEOUT_MS = 1_500;
const RECOVERY_TIMEOUT_MS = 20_000;
/** Root seed: the chaos (crash points, amounts) of each backend's run and each pair draw from their own streams of it. */
const CHAOS_SEED = 14;
/** Steps (packets sent by any client) between two chaos events. */
const CHAOS_GAP_STEPS = { min: 15, max: 60 } as const;
/** How long a stretch of refused character writes lasts, in steps. */
const REFUSAL_STEPS = { min: 10, max: 50 } as const;
const SUITE_TIMEOUT_MS = 90_000;

// ------------------------------------------------------------------ the database, underneath

/** Totals of one database state: object id → units, and gold (wallets and vaults). */
interface Totals {
  objects: Map<number, number>;
  gold: number;
}

function raw(ts: TestServer): InternalDatabase["sql"] {
  return (ts.server.database as InternalDatabase).sql;
}

/** Every character's inventory, vault and gold, read in ONE statement (one consistent snapshot). */
async function diskTotals(ts: TestServer): Promise<Totals> {
  const rows = (await raw(ts).query(
    `SELECT c.gold::float8 AS gold, c.bank_gold::float8 AS bank_gold, c.inventory,
       coalesce((SELECT jsonb_agg(jsonb_build_object('objectId', b.object_id, 'amount', b.amount)) FROM bank_items b WHERE b.character_id = c.id), '[]'::jsonb) AS bank
     FROM characters c`,
    [],
    "object",
  )) as { gold: number; bank_gold: number; inventory: unknown; bank: unknown }[];
  const totals: Totals = { objects: new Map(), gold: 0 };
  const parse = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as { objectId: number; amount: number }[];
  for (const row of rows) {
    totals.gold += Number(row.gold) + Number(row.bank_gold);
    for (const slot of [...parse(row.inventory), ...parse(row.bank)]) totals.objects.set(slot.objectId, (totals.objects.get(slot.objectId) ?? 0) + slot.amount);
  }
  return totals;
}

function describeTotals(totals: Totals): string {
  return `gold ${totals.gold}; ${[...totals.objects].sort((a, b) => a[0] - b[0]).map(([id, n]) => `${id}×${n}`).join(" ")}`;
}

/**
 * A trigger that makes the database refuse character writes while `test_refused_saves` names
 * the character (or 0: every character), as a database that is down would: the statement fails
 * and writes nothing.
 */
async function installRefusal(ts: TestServer): Promise<void> {
  const sql = raw(ts);
  await sql.query("CREATE TABLE test_refused_saves (character_id integer NOT NULL)", [], "array");
  await sql.query(
    `CREATE FUNCTION test_refuse_saves() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF EXISTS (SELECT 1 FROM test_refused_saves WHERE character_id IN (0, NEW.id)) THEN
         RAISE EXCEPTION 'test: the database refuses to write character %', NEW.id;
       END IF;
       RETURN NEW;
     END $$`,
    [],
    "array",
  );
  await sql.query("CREATE TRIGGER test_refuse_saves BEFORE UPDATE ON characters FOR EACH ROW EXECUTE FUNCTION test_refuse_saves()", [], "array");
}

async function refuseSaves(ts: TestServer, characterId: number, refuse: boolean): Promise<void> {
  if (refuse) await raw(ts).query("INSERT INTO test_refused_saves (character_id) VALUES ($1)", [characterId], "array");
  else await raw(ts).query("DELETE FROM test_refused_saves WHERE character_id = $1", [characterId], "array");
}

async function storedOf(ts: TestServer, name: string) {
  const record = await ts.server.database.characters.findCharacterByName(name);
  if (!record) throw new Error(`no character ${name}`);
  const online = await ts.server.database.characters.onlineSince(record.id);
  return { record, online: online !== null && online !== undefined };
}

// ------------------------------------------------------------------ what a client knows

/** The client's own position: its last create, move or position update since it last entered. */
function ownPosition(client: GameClient): { x: number; y: number } {
  const own = client.received.findLast((p) => p.name === "UserCharIndexInServer")!.fields.charIndex as number;
  const seen = client.received.findLast((p) => p.name === "PosUpdate" || ((p.name === "CharacterCreate" || p.name === "CharacterMove") && p.fields.charIndex === own))!;
  return { x: seen.fields.x as number, y: seen.fields.y as number };
}

/** The default world's kit carries its red potions (tradeable) in slot 3. */
const KIT_POTION_SLOT = 3;

function kitPotion(client: GameClient): number {
  return client.received.find((p) => p.name === "ChangeInventorySlot" && p.fields.slot === KIT_POTION_SLOT)!.fields.objIndex as number;
}

function goldOf(client: GameClient): number {
  const seen = client.received.findLast((p) => p.name === "UpdateGold" || p.name === "UpdateUserStats")!;
  return seen.fields.gold as number;
}

/** The slot holding the most units of `objectId`, as the client was last told. */
function slotOf(client: GameClient, objectId: number): { slot: number; amount: number } | null {
  const slots = new Map<number, { objIndex: number; amount: number }>();
  for (const p of client.received) if (p.name === "ChangeInventorySlot") slots.set(p.fields.slot as number, { objIndex: p.fields.objIndex as number, amount: p.fields.amount as number });
  let best: { slot: number; amount: number } | null = null;
  for (const [slot, held] of slots) if (held.objIndex === objectId && held.amount > 0 && (!best || held.amount > best.amount)) best = { slot, amount: held.amount };
  return best;
}

// ------------------------------------------------------------------ chaos

/**
 * Counts the packets every client sends and, at seeded step counts, does one thing to the
 * server: crash the town's worker (and wait for the recovery before the next crash), run an
 * autosave, start a stretch of refused writes, or check the totals on disk.
 */
class Chaos {
  epoch = 0;
  crashes = 0;
  autosaves = 0;
  refusals = 0;
  checks = 0;
  /** No more events (the last stretch of the run is scripted). */
  quiet = false;
  recovering: Promise<void> = Promise.resolve();
  private steps = 0;
  private nextEventAt: number;
  private refusingUntil = -1;
  private control: Promise<void> = Promise.resolve();
  readonly failures: string[] = [];
  private readonly pending: Promise<unknown>[] = [];

  constructor(
    private readonly ts: TestServer,
    private readonly clients: GameClient[],
    private readonly random: Random,
    private readonly start: Totals,
  ) {
    this.nextEventAt = random.int(CHAOS_GAP_STEPS.min, CHAOS_GAP_STEPS.max);
  }

  /** After each packet a test client sends. */
  step(): void {
    this.steps++;
    if (this.refusingUntil >= 0 && this.steps >= this.refusingUntil) {
      this.refusingUntil = -1;
      this.controlled(() => refuseSaves(this.ts, 0, false));
    }
    if (this.quiet || this.steps < this.nextEventAt) return;
    this.nextEventAt = this.steps + this.random.int(CHAOS_GAP_STEPS.min, CHAOS_GAP_STEPS.max);
    const roll = this.random.next();
    if (roll < 0.45) this.crash();
    else if (roll < 0.6) {
      this.autosaves++;
      this.pending.push(this.ts.server.autosave());
    } else if (roll < 0.75) {
      if (this.refusingUntil >= 0) return;
      this.refusals++;
      this.refusingUntil = this.steps + this.random.int(REFUSAL_STEPS.min, REFUSAL_STEPS.max);
      this.controlled(() => refuseSaves(this.ts, 0, true));
    } else this.check(`step ${this.steps}`);
  }

  /** Reads the totals on disk (what a hard crash now would leave) and notes a difference. */
  check(when: string): Promise<void> {
    this.checks++;
    const checking = diskTotals(this.ts).then((now) => {
      if (describeTotals(now) !== describeTotals(this.start)) this.failures.push(`${when}: ${describeTotals(now)} (started with ${describeTotals(this.start)})`);
    });
    this.pending.push(checking);
    return checking;
  }

  /** Ends the stretch of refused writes, if one runs, and waits for every control write. */
  async calm(): Promise<void> {
    if (this.refusingUntil >= 0) {
      this.refusingUntil = -1;
      this.controlled(() => refuseSaves(this.ts, 0, false));
    }
    await this.control;
    await this.recovering;
    await Promise.all(this.pending);
  }

  private crash(): void {
    // One crash at a time: the next waits until everyone was put back.
    if (this.epoch !== this.crashes) return;
    this.crashes++;
    const marks = this.clients.map((client) => client.received.length);
    this.ts.server.world.crashWorkerOf(TOWN);
    this.recovering = Promise.all(this.clients.map((client, i) => client.waitFor("UserCharIndexInServer", () => true, marks[i], RECOVERY_TIMEOUT_MS))).then(() => {
      this.epoch = this.crashes;
    });
    // Until then the crash's epoch is "in progress": rounds see it as a change.
    this.epoch = -this.crashes;
  }

  private controlled(work: () => Promise<void>): void {
    this.control = this.control.then(work);
  }
}

// ------------------------------------------------------------------ one trade

interface Pair {
  a: InWorld;
  b: InWorld;
}

/**
 * One trade round: one side asks, the other answers yes; the giver offers potions, the payer
 * gold; both accept. "done": both were told the swap happened; "interrupted": the worker crashed
 * meanwhile; "stuck": a step the server did not answer (a refused offer after a crash made a
 * client's view stale, a refused swap), which the caller ends.
 */
async function round(pair: Pair, chaos: Chaos, random: Random, potion: number): Promise<"done" | "interrupted" | "stuck"> {
  const epoch = chaos.epoch;
  const [asker, answerer] = random.chance(0.5) ? [pair.a, pair.b] : [pair.b, pair.a];
  const send = (who: InWorld, name: Parameters<GameClient["send"]>[0], fields: Record<string, unknown> = {}) => {
    who.client.send(name, fields);
    chaos.step();
  };
  const wait = async (who: InWorld, name: string, where: (fields: Record<string, unknown>) => boolean, from: number): Promise<"ok" | "interrupted" | "stuck"> => {
    const found = () => who.client.received.slice(from).some((p) => p.name === name && where(p.fields));
    try {
      await who.client.until(() => found() || chaos.epoch !== epoch, name, STEP_TIMEOUT_MS);
    } catch {
      return "stuck";
    }
    return found() ? "ok" : "interrupted";
  };
  const marks = () => [pair.a.client.received.length, pair.b.client.received.length] as const;
  const markOf = (who: InWorld, at: readonly [number, number]) => (who === pair.a ? at[0] : at[1]);

  let at = marks();
  // A click on the tile just above a character targets it before whoever stands on that tile
  // (VB6 LookatTile: the char below first, the click was on its head): players stand close here.
  const target = ownPosition(answerer.client);
  send(asker, "LeftClick", { x: target.x, y: target.y - 1 });
  send(asker, "CommerceStart");
  let step = await wait(answerer, "ShowPregunta", () => true, markOf(answerer, at));
  if (step !== "ok") return step;
  send(answerer, "ResponderPregunta", { answer: true });
  for (const who of [asker, answerer]) {
    step = await wait(who, "UserCommerceInit", () => true, markOf(who, at));
    if (step !== "ok") return step;
  }

  // Who gives potions: whoever has some (both may); the other pays gold.
  const [giver, payer] = random.chance(0.5) ? [asker, answerer] : [answerer, asker];
  const held = slotOf(giver.client, potion);
  const wallet = goldOf(payer.client);
  at = marks();
  if (held) send(giver, "UserCommerceOffer", { slot: held.slot, amount: random.int(1, Math.min(3, held.amount)) });
  if (wallet > 0) send(payer, "UserCommerceOffer", { slot: GOLD_SLOT, amount: random.int(1, Math.min(25, wallet)) });
  if (!held && wallet === 0) return "stuck";
  // Each side sees the other's offer before anyone accepts (an offer clears the other's acceptance).
  if (held) {
    step = await wait(payer, "ChangeUserTradeSlot", (f) => f.isMyOffer === false, markOf(payer, at));
    if (step !== "ok") return step;
  }
  if (wallet > 0) {
    step = await wait(giver, "ChangeUserTradeSlot", (f) => f.isMyOffer === false, markOf(giver, at));
    if (step !== "ok") return step;
  }
  at = marks();
  send(asker, "UserCommerceOk");
  send(answerer, "UserCommerceOk");
  for (const who of [asker, answerer]) {
    step = await wait(who, "ConsoleMsg", (f) => f.text === TRADE_TEXT.done, markOf(who, at));
    if (step !== "ok") return step;
    step = await wait(who, "UserCommerceEnd", () => true, markOf(who, at));
    if (step !== "ok") return step;
  }
  return "done";
}

async function tradeRounds(pair: Pair, chaos: Chaos, random: Random, potion: number): Promise<number> {
  let done = 0;
  for (let i = 0; i < ROUNDS_PER_PAIR; i++) {
    const outcome = await round(pair, chaos, random, potion);
    if (outcome === "done") {
      done++;
      continue;
    }
    if (outcome === "interrupted") {
      // The worker died: the trade died with it. Wait until both are back on the map.
      await chaos.recovering;
      continue;
    }
    // Nothing answered: end whatever is open on both sides and go on.
    const from = pair.a.client.received.length;
    pair.a.client.send("UserCommerceEnd");
    pair.b.client.send("UserCommerceEnd");
    chaos.step();
    await pair.a.client.until(() => pair.a.client.received.length > from || chaos.epoch < 0, "an answer", STEP_TIMEOUT_MS).catch(() => {});
  }
  return done;
}

async function quit(ts: TestServer, player: InWorld): Promise<void> {
  const from = player.client.received.length;
  player.client.send("Quit");
  await player.client.waitFor("Disconnect", () => true, from, RECOVERY_TIMEOUT_MS);
  await player.client.waitForClose();
  await ts.server.gateway.drainSaves();
}

// ------------------------------------------------------------------ the suites

for (const backend of availableBackends()) {
  describe(`trade conservation on ${backend}`, () => {
    let ts: TestServer;

    beforeAll(async () => {
      ts = await startTestServer(backend);
      await installRefusal(ts);
    }, 120_000);

    afterAll(async () => {
      await ts?.stop();
      await ts?.cleanup();
    }, 60_000);

    test(
      "pairs trade potions for gold while the town's worker crashes, autosaves run and writes are refused: every object and coin is on disk exactly once, all along and after the last logout",
      async () => {
        const pairs: Pair[] = [];
        for (let i = 0; i < PAIRS; i++) {
          const a = await createAndEnter(ts, "tcp", "Tra");
          const b = await createAndEnter(ts, "tcp", "Tro");
          expect([a.map, b.map]).toEqual([TOWN, TOWN]);
          pairs.push({ a, b });
        }
        const clients = pairs.flatMap((pair) => [pair.a.client, pair.b.client]);
        try {
          const potion = kitPotion(clients[0]!);
          // The kit reaches the disk with the first save; from then on the totals never move.
          expect(await ts.server.autosave()).toBe(PAIRS * 2);
          const start = await diskTotals(ts);
          expect(start.objects.get(potion)).toBeGreaterThan(0);

          // One stream for the chaos and one per pair, so a pair's choices do not depend on the others'.
          const suite = backend === "pglite" ? 1 : 2;
          const chaos = new Chaos(ts, clients, SeededRandom.create(CHAOS_SEED, suite, 0), start);
          const done = await Promise.all(pairs.map((pair, i) => tradeRounds(pair, chaos, SeededRandom.create(CHAOS_SEED, suite, i + 1), potion)));
          await chaos.calm();
          await chaos.check("after the rounds");

          // A last round per pair while the database refuses every character write: each pair's
          // save fails and the pairs stay entangled. Then the database takes writes again, and
          // the players log out one by one: after each final save the disk must still add up
          // (the leaver's batch carries its partner, never one side alone).
          chaos.quiet = true;
          await refuseSaves(ts, 0, true);
          const last = await Promise.all(pairs.map((pair, i) => round(pair, chaos, SeededRandom.create(CHAOS_SEED, suite, PAIRS + i + 1), potion)));
          await ts.server.gateway.drainSaves();
          await refuseSaves(ts, 0, false);
          await chaos.check("after the refused round");
          for (const [i, player] of pairs.flatMap((pair) => [pair.a, pair.b]).entries()) {
            await quit(ts, player);
            await chaos.check(`after logout ${i + 1}`);
          }
          await chaos.calm();
          const end = await diskTotals(ts);
          console.log(
            `[${backend}] trades done ${done.join("+")} (+${last.filter((outcome) => outcome === "done").length} refused), crashes ${chaos.crashes}, autosaves ${chaos.autosaves}, refused stretches ${chaos.refusals}, disk checks ${chaos.checks}, restarts ${ts.server.world.stats.restarts}`,
          );
          expect(chaos.failures).toEqual([]);
          expect(describeTotals(end)).toBe(describeTotals(start));
          // Everyone left: every online mark was cleared by a final save.
          for (const pair of pairs) for (const player of [pair.a, pair.b]) expect((await storedOf(ts, player.name)).online).toBe(false);
          // The run did what it says: trades happened, and so did crashes.
          expect(done.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(PAIRS * 5);
          expect(chaos.crashes).toBeGreaterThanOrEqual(2);
          expect(last.filter((outcome) => outcome === "done").length).toBeGreaterThan(0);
        } finally {
          for (const client of clients) client.close();
        }
      },
      SUITE_TIMEOUT_MS,
    );

    test("issue #14: a trade whose pair save fails is never on disk for one side only, when one side logs out", async () => {
      const seller = await createAndEnter(ts, "tcp", "Ven");
      const buyer = await createAndEnter(ts, "tcp", "Com");
      try {
        const potion = slotOf(seller.client, kitPotion(seller.client))!;
        const before = { seller: goldOf(seller.client), buyer: goldOf(buyer.client) };
        expect(await ts.server.autosave()).toBeGreaterThanOrEqual(2);
        const buyerId = (await storedOf(ts, buyer.name)).record.id;

        // The handshake, two potions against 30 gold.
        let from = [seller.client.received.length, buyer.client.received.length];
        const target = ownPosition(buyer.client);
        seller.client.send("LeftClick", { x: target.x, y: target.y - 1 });
        seller.client.send("CommerceStart");
        await buyer.client.waitFor("ShowPregunta", () => true, from[1]);
        buyer.client.send("ResponderPregunta", { answer: true });
        await seller.client.waitFor("UserCommerceInit", () => true, from[0]);
        await buyer.client.waitFor("UserCommerceInit", () => true, from[1]);
        from = [seller.client.received.length, buyer.client.received.length];
        seller.client.send("UserCommerceOffer", { slot: potion.slot, amount: 2 });
        buyer.client.send("UserCommerceOffer", { slot: GOLD_SLOT, amount: 30 });
        await buyer.client.waitFor("ChangeUserTradeSlot", (f) => f.isMyOffer === false, from[1]);
        await seller.client.waitFor("ChangeUserTradeSlot", (f) => f.isMyOffer === false && f.gold === 30, from[0]);

        // The database refuses the buyer's row from now on: the pair's save fails.
        await refuseSaves(ts, buyerId, true);
        from = [seller.client.received.length, buyer.client.received.length];
        seller.client.send("UserCommerceOk");
        buyer.client.send("UserCommerceOk");
        await seller.client.waitFor("UpdateGold", (f) => f.gold === before.seller + 30, from[0]);
        await buyer.client.waitFor("UpdateGold", (f) => f.gold === before.buyer - 30, from[1]);
        await ts.server.gateway.drainSaves();
        expect([(await storedOf(ts, seller.name)).record.gold, (await storedOf(ts, buyer.name)).record.gold]).toEqual([before.seller, before.buyer]);

        // The seller logs out. Its final save alone would land (its row is not refused), with
        // the buyer still pre-swap on disk: the leaver's batch carries the buyer, so it fails
        // whole and both stay pre-swap, consistent.
        await quit(ts, seller);
        let sellerRow = await storedOf(ts, seller.name);
        let buyerRow = await storedOf(ts, buyer.name);
        expect([sellerRow.record.gold, buyerRow.record.gold]).toEqual([before.seller, before.buyer]);
        expect(sellerRow.online).toBe(true); // its last state is not on disk: the mark stays

        // The database takes writes again: the next retry (autosave's first step) writes both
        // together, the seller as final (mark cleared), the buyer as online.
        await refuseSaves(ts, buyerId, false);
        await ts.server.autosave();
        sellerRow = await storedOf(ts, seller.name);
        buyerRow = await storedOf(ts, buyer.name);
        expect([sellerRow.record.gold, buyerRow.record.gold]).toEqual([before.seller + 30, before.buyer - 30]);
        expect([sellerRow.online, buyerRow.online]).toEqual([false, true]);
        expect(sellerRow.record.inventory.find((slot) => slot.slot === potion.slot)?.amount).toBe(potion.amount - 2);

        await quit(ts, buyer);
        expect((await storedOf(ts, buyer.name)).online).toBe(false);
      } finally {
        seller.client.close();
        buyer.client.close();
      }
    }, 60_000);
  });
}
