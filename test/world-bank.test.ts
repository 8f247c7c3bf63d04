/**
 * The bank vault end to end on the default world (items-and-economy §8): a new character placed
 * by the town's banker opens the vault (loaded from the database through the gateway), deposits
 * a potion and some gold, logs out, logs in and finds them; a click on the banker opens the
 * Goliath menu, and bank gold sent to another player on the same map is on disk for both at once;
 * bank gold sent to a player on another map (another worker), to a character offline and to a
 * name nobody has: on disk for both sides at once, or back with the sender, and the bank gold
 * of all characters together unchanged, also across a crash of the recipient's worker and while
 * the database refuses the sender's writes; real server (workers, database), over TCP, on
 * PGlite and Postgres (when TEST_DATABASE_URL is set).
 */
import { describe, expect, test } from "bun:test";
import type { InternalDatabase } from "../src/db/database.ts";
import { GameClient } from "./support/game-client.ts";
import { availableBackends, type TestServer } from "./support/test-server.ts";
import { editOffline, liveWorld, loginExisting, moveOffline, PASSWORD, uniqueName } from "./support/world-players.ts";

const TOWN = 1;
/** Campos de Alba, east of the town: another map (the test server's second worker holds it). */
const FIELD = 2;
/** Inside the field's west gate. */
const FIELD_TILE = { x: 14, y: 50 };
const RECOVERY_TIMEOUT_MS = 20_000;
/** "Banquero de Alba" in the default world's town. */
const BANKER = { x: 44, y: 42 };
const RED_POTION_SLOT = 3;
const KIT_GOLD = 100;


/** The bank gold of every character on disk, read in one statement. */
async function bankGoldOnDisk(ts: TestServer): Promise<number> {
  const rows = (await (ts.server.database as InternalDatabase).sql.query("SELECT coalesce(sum(bank_gold), 0)::float8 AS total FROM characters", [], "object")) as { total: number }[];
  return Number(rows[0]!.total);
}

let clicks = 0;
async function openVault(client: GameClient): Promise<number> {
  const from = client.received.length;
  client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
  client.send("BankStart");
  await client.waitFor("BankInit", () => true, from);
  return from;
}

for (const backend of availableBackends()) {
  describe(`bank vault over tcp on ${backend}`, () => {
    const live = liveWorld(backend, "tcp");

    test("deposit a potion and gold at the banker; both are in the vault after logging out and in", async () => {
      const email = `${uniqueName("b")}@test.local`;
      const first = await live.enter("Bovedero", email);
      const potion = first.client.received.filter((p) => p.name === "ChangeInventorySlot" && p.fields.slot === RED_POTION_SLOT).at(-1)!.fields.objIndex as number;
      first.client.send("Quit");
      await first.client.waitFor("Disconnect");
      await first.client.waitForClose();
      await moveOffline(live.ts, first.name, TOWN, BANKER.x, BANKER.y + 2);

      const second = await loginExisting(live.ts, "tcp", email, first.name);
      live.keep(second.client);
      const { client } = second;
      let from = await openVault(client);
      expect(client.received.slice(from).filter((p) => p.name === "ChangeBankSlot")).toHaveLength(42);

      from = client.received.length;
      client.send("BankDeposit", { slot: RED_POTION_SLOT, amount: 2, destSlot: 0 });
      const slot = await client.waitFor("ChangeBankSlot", (f) => f.objIndex === potion, from);
      expect(slot.fields).toMatchObject({ slot: 1, amount: 2 });
      from = client.received.length;
      client.send("BankDepositGold", { amount: 30 });
      const bankGold = await client.waitFor("UpdateBankGld", () => true, from);
      expect(bankGold.fields.bankGold).toBe(30);
      // hostile input on the way: nothing changes, the connection goes on
      client.send("BankDeposit", { slot: 0, amount: -1, destSlot: 99 });
      client.send("BankExtractItem", { slot: 43, amount: 5, destSlot: 0 });
      client.send("BankExtractGold", { amount: 1_000_000 });
      client.send("BovedaMoveItem", { fromSlot: 0, toSlot: 200 });
      client.send("BankEnd");
      await client.waitFor("BankEnd", () => true, from);
      expect(client.closed).toBe(false);

      from = client.received.length;
      client.send("Quit");
      await client.waitFor("Disconnect", () => true, from);
      await client.waitForClose();
      await live.ts.server.gateway.drainSaves();
      const stored = await live.ts.server.database.characters.findCharacterByName(first.name);
      expect(stored).toMatchObject({ gold: KIT_GOLD - 30, bankGold: 30 });
      expect(await live.ts.server.database.characters.loadBank(stored!.id)).toEqual([{ slot: 1, objectId: potion, amount: 2 }]);

      const third = await loginExisting(live.ts, "tcp", email, first.name);
      live.keep(third.client);
      expect(third.client.received.find((p) => p.name === "UpdateUserStats")!.fields.gold).toBe(KIT_GOLD - 30);
      from = await openVault(third.client);
      const vault = third.client.received.slice(from).filter((p) => p.name === "ChangeBankSlot");
      expect(vault).toHaveLength(42);
      expect(vault[0]!.fields).toMatchObject({ slot: 1, objIndex: potion, amount: 2 });
      expect(vault.slice(1).every((p) => p.fields.objIndex === 0)).toBe(true);
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
    }, 60_000);

    test("the Goliath menu, and bank gold sent to a player on the same map: both balances on disk at once", async () => {
      const email = `${uniqueName("g")}@test.local`;
      const first = await live.enter("Girador", email);
      first.client.send("Quit");
      await first.client.waitFor("Disconnect");
      await first.client.waitForClose();
      await moveOffline(live.ts, first.name, TOWN, BANKER.x, BANKER.y + 2);
      const sender = await loginExisting(live.ts, "tcp", email, first.name);
      live.keep(sender.client);
      const recipient = await live.enter("Cobrador");
      expect([sender.map, recipient.map]).toEqual([TOWN, TOWN]);

      // A click on the banker: the vault is read from the database, then the menu.
      let from = sender.client.received.length;
      sender.client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
      expect((await sender.client.waitFor("Goliath", () => true, from)).fields).toEqual({ bankGold: 0, itemCount: 0 });
      sender.client.send("BankDepositGold", { amount: 60 });
      await sender.client.waitFor("UpdateBankGld", (f) => f.bankGold === 60, from);

      from = sender.client.received.length;
      sender.client.send("TransFerGold", { amount: 25, destination: recipient.name.toUpperCase() });
      await sender.client.waitFor("LocaleChatOverHead", (f) => f.messageId === 1435, from);
      // Both rows were written by the transfer's one save, while both still play.
      await live.ts.server.gateway.drainSaves();
      const characters = live.ts.server.database.characters;
      expect(await characters.findCharacterByName(sender.name)).toMatchObject({ gold: KIT_GOLD - 60, bankGold: 35 });
      expect(await characters.findCharacterByName(recipient.name)).toMatchObject({ gold: KIT_GOLD, bankGold: 25 });

      from = sender.client.received.length;
      sender.client.send("TransFerGold", { amount: 5, destination: "Nadie" }); // nobody has that name: the gold comes back
      await sender.client.waitFor("LocaleChatOverHead", (f) => f.messageId === 1410, from);
      sender.client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
      expect((await sender.client.waitFor("Goliath", () => true, from)).fields).toEqual({ bankGold: 35, itemCount: 0 });
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
    }, 60_000);

    test("bank gold to a player on another map, to a character offline, to nobody: on disk for both sides at once or back with the sender; the bank gold of all characters unchanged", async () => {
      const characters = live.ts.server.database.characters;
      const [senderEmail, farEmail] = [`${uniqueName("e")}@test.local`, `${uniqueName("f")}@test.local`];
      const first = await live.enter("Enviador", senderEmail);
      const far = await live.enter("Lejano", farEmail);
      const away = await live.enter("Ausente");
      for (const player of [first, far, away]) {
        player.client.send("Quit");
        await player.client.waitFor("Disconnect");
        await player.client.waitForClose();
      }
      await editOffline(live.ts, first.name, (record) => {
        // Beside the banker, not below it (a click on the banker's tile picks the char just below it).
        record.position = { ...record.position, map: TOWN, x: BANKER.x + 2, y: BANKER.y + 1 };
        record.bankGold = 1_000;
      });
      await moveOffline(live.ts, far.name, FIELD, FIELD_TILE.x, FIELD_TILE.y);
      const sender = await loginExisting(live.ts, "tcp", senderEmail, first.name);
      const recipient = await loginExisting(live.ts, "tcp", farEmail, far.name);
      live.keep(sender.client, recipient.client);
      expect([sender.map, recipient.map]).toEqual([TOWN, FIELD]);
      // Two maps of two workers (the test server runs two): the gold crosses threads.
      const hostOfMap = (live.ts.server.world as unknown as { hostOfMap: Map<number, { workerId: number }> }).hostOfMap;
      expect(hostOfMap.get(TOWN)!.workerId).not.toBe(hostOfMap.get(FIELD)!.workerId);
      expect(sender.x).not.toBe(BANKER.x);
      await live.ts.server.gateway.drainSaves();
      const total = await bankGoldOnDisk(live.ts);
      const stored = async (name: string) => (await characters.findCharacterByName(name))!.bankGold;

      /** Sends, waits for the banker's answer and for the writes it started; the total on disk never moves. */
      const transfer = async (amount: number, destination: string, messageId: number) => {
        const from = sender.client.received.length;
        sender.client.send("TransFerGold", { amount, destination });
        await sender.client.waitFor("LocaleChatOverHead", (f) => f.messageId === messageId, from);
        await live.ts.server.gateway.drainSaves();
        expect(await bankGoldOnDisk(live.ts)).toBe(total);
      };
      const goliath = async () => {
        const from = sender.client.received.length;
        sender.client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
        return (await sender.client.waitFor("Goliath", () => true, from)).fields.bankGold;
      };
      expect(await goliath()).toBe(1_000);

      // Another map, another worker: both states written together; the recipient's map has it.
      await transfer(100, far.name.toUpperCase(), 1435);
      expect([await stored(first.name), await stored(far.name)]).toEqual([900, 100]);
      const live1 = await live.ts.server.world.snapshot();
      expect(live1.find((entry) => entry.state.name === far.name)?.state.bankGold).toBe(100);
      expect(live1.find((entry) => entry.state.name === first.name)?.state.bankGold).toBe(900);
      // The recipient's worker dies: recovery puts it back from the world's known state, gold included.
      const mark = recipient.client.received.length;
      live.ts.server.world.crashWorkerOf(FIELD);
      await recipient.client.waitFor("UserCharIndexInServer", () => true, mark, RECOVERY_TIMEOUT_MS);
      expect((await live.ts.server.world.snapshot()).find((entry) => entry.state.name === far.name)?.state.bankGold).toBe(100);

      // Nobody by that name: the gold comes back (and the 10 s of VB6's limit do not start).
      await transfer(50, "NadieSeLlamaAsi", 1410);
      expect(await goliath()).toBe(900);

      // Offline: the recipient's row credited in the statement that saves the sender.
      await transfer(200, ` ${away.name.toLowerCase()} `, 1435);
      expect([await stored(first.name), await stored(away.name)]).toEqual([700, 200]);
      // A second offline transfer within 10 s: VB6's "wait a moment", the gold back.
      await transfer(10, away.name, 1411);
      expect(await goliath()).toBe(700);
      expect(await stored(away.name)).toBe(200);

      // An autosave writes what the maps hold now; then the sender leaves (the field is not a
      // safe map: its player stays, its 10 s quit is not this test's business).
      await live.ts.server.world.snapshot();
      expect((await live.ts.server.gateway.saveOnline()).outcome).toBe("ok");
      sender.client.send("Quit");
      await sender.client.waitFor("Disconnect");
      await sender.client.waitForClose();
      await live.ts.server.gateway.drainSaves();
      expect([await stored(first.name), await stored(far.name), await stored(away.name)]).toEqual([700, 100, 200]);
      expect(await bankGoldOnDisk(live.ts)).toBe(total);
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
    }, 90_000);

    test("an offline transfer while the database refuses the sender's writes: kept with the sender, the recipient's login turned away, the logout carries it, and it lands once", async () => {
      const sql = (live.ts.server.database as InternalDatabase).sql;
      const characters = live.ts.server.database.characters;
      const [senderEmail, awayEmail] = [`${uniqueName("r")}@test.local`, `${uniqueName("s")}@test.local`];
      const first = await live.enter("Terco", senderEmail);
      const away = await live.enter("Dormido", awayEmail);
      for (const player of [first, away]) {
        player.client.send("Quit");
        await player.client.waitFor("Disconnect");
        await player.client.waitForClose();
      }
      await editOffline(live.ts, first.name, (record) => {
        record.position = { ...record.position, map: TOWN, x: BANKER.x + 2, y: BANKER.y + 1 };
        record.bankGold = 500;
      });
      const sender = await loginExisting(live.ts, "tcp", senderEmail, first.name);
      live.keep(sender.client);
      await live.ts.server.gateway.drainSaves();
      const total = await bankGoldOnDisk(live.ts);
      const stored = async (name: string) => (await characters.findCharacterByName(name))!.bankGold;
      const senderId = (await characters.findCharacterByName(first.name))!.id;
      // The database refuses every write of the sender's row (a trigger), as a database that is down would.
      await sql.query(
        `CREATE FUNCTION test_refuse_sender() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.id = ${senderId} THEN RAISE EXCEPTION 'test: refused'; END IF;
           RETURN NEW;
         END $$`,
        [],
        "array",
      );
      await sql.query("CREATE TRIGGER test_refuse_sender BEFORE UPDATE ON characters FOR EACH ROW EXECUTE FUNCTION test_refuse_sender()", [], "array");
      try {
        let from = sender.client.received.length;
        sender.client.send("LeftClick", { x: BANKER.x, y: BANKER.y, counter: ++clicks });
        await sender.client.waitFor("Goliath", () => true, from);
        sender.client.send("TransFerGold", { amount: 100, destination: away.name });
        await live.ts.server.gateway.drainSaves();
        expect([await stored(first.name), await stored(away.name)]).toEqual([500, 0]);
        expect(await bankGoldOnDisk(live.ts)).toBe(total);

        // The recipient's login is turned away while the gold is not on its row.
        const refused = await GameClient.connect("tcp", live.ts.host, live.ts.tcpPort);
        await refused.waitFor("Connected");
        refused.send("LoginAccount", { email: awayEmail, password: PASSWORD });
        const list = await refused.waitFor("AccountCharacterList");
        const entry = (list.fields.characters as { id: number; name: string }[]).find((c) => c.name === away.name)!;
        refused.send("LoginExistingChar", { charId: entry.id, name: away.name });
        await refused.waitFor("ShowMessageBox");
        await refused.waitForClose();

        // The sender leaves: its final save carries the credit, and fails too.
        from = sender.client.received.length;
        sender.client.send("Quit");
        await sender.client.waitFor("Disconnect", () => true, from);
        await sender.client.waitForClose();
        await live.ts.server.gateway.drainSaves();
        expect([await stored(first.name), await stored(away.name)]).toEqual([500, 0]);
      } finally {
        await sql.query("DROP TRIGGER test_refuse_sender ON characters", [], "array");
        await sql.query("DROP FUNCTION test_refuse_sender()", [], "array");
      }
      // Writes work again: the retry writes both, once.
      expect(await live.ts.server.gateway.retryUnsaved()).toBe(0);
      await live.ts.server.gateway.drainSaves();
      expect([await stored(first.name), await stored(away.name)]).toEqual([400, 100]);
      expect(await bankGoldOnDisk(live.ts)).toBe(total);
      const rows = (await sql.query("SELECT amount::float8 AS amount FROM bank_transfers WHERE from_character_id = $1", [senderId], "object")) as { amount: number }[];
      expect(rows).toEqual([{ amount: 100 }]);
      // And the recipient logs in with it.
      const back = await loginExisting(live.ts, "tcp", awayEmail, away.name);
      live.keep(back.client);
      expect((await live.ts.server.world.snapshot()).find((e) => e.state.name === away.name)?.state.bankGold).toBe(100);
    }, 90_000);
  });
}
