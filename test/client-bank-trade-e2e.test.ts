/**
 * The browser's bank vault and player trade windows against a real server, in headless
 * Chromium, on the default world's town (items-and-economy §8, §9).
 *
 * Vault: a new character walks with the arrows to within 3 tiles of the banker (44, 42), clicks
 * it on the canvas (`LeftClick`) and presses B (`BankStart`); the window shows the 42 slots the
 * server announced. It deposits 2 of its 5 red potions and 30 gold (bad amounts are refused
 * without a packet), closes (`BankEnd` both ways), opens the vault again, finds both there and
 * takes them back; every step is checked in the server's packets and in the page.
 *
 * Trade: a second browser character and a stock-protocol client (test/support/game-client.ts,
 * over TCP) in the plaza; the trade window's chat (`CommerceSendChatMessage`) carries a line each way. The stock player asks first and the browser says no in the question
 * box; then the browser clicks the stock player, presses C and the stock player says yes. The
 * browser offers 2 red potions, the stock player 30 gold, both accept: the browser ends with 3
 * potions and 130 gold, the stock player with 7 potions and 70 gold, and both windows close.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/index.ts";
import {
  chromiumMissingFor,
  clickTile,
  focusMap,
  inventorySlotOf,
  manhattan,
  saveScreenshot,
  STEP_TIMEOUT_MS,
  tileShown,
  unitsShown,
  until,
  waitGold,
  waitUnits,
  walkPageUntil,
} from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";
import type { GameClient } from "./support/game-client.ts";

const SCENARIO_TIMEOUT_MS = 120_000;
const WALK_TIMEOUT_MS = 40_000;

/** "Banquero de Alba" in the default world's town. */
const BANKER = { x: 44, y: 42 } as const;
/** `BankStart` opens the vault within 6 tiles of the banker; the test stands closer. */
const NEAR_BANKER = 3;
/** `CommerceStart` towards a player needs it within 3 tiles (§9.1). */
const TRADE_RANGE = 3;
/** The default world's kit: 5 red potions, 100 gold. */
const RED_POTION = 1;
const KIT_POTIONS = 5;
const KIT_GOLD = 100;
const STOCK_POTION_SLOT = 3;
const GOLD_SLOT = 200;
/** How long an arrow is held where the test wants no step. */
const HOLD_MS = 400;

const chromiumMissing = chromiumMissingFor("client-bank-trade-e2e");

/** The last amount the stock client was told for inventory slot `slot`. */
function stockSlotAmount(client: GameClient, slot: number): number {
  const found = client.received.filter((p) => p.name === "ChangeInventorySlot" && p.fields.slot === slot).at(-1);
  return (found?.fields.amount as number | undefined) ?? 0;
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser bank vault and player trade end to end", () => {
  const { live, mapGrid, playerPage } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "vault: click the banker, B opens it, deposit potions and gold, close, open again, take them back",
    async () => {
      const { page, traffic, pageErrors } = await playerPage("vault@example.org", "Ahorrista");
      const sentSince = (from: number, name: string) => traffic.sent.slice(from).filter((p) => p.name === name);
      const receivedSince = (from: number, name: string) => traffic.received.slice(from).filter((p) => p.name === name);

      // 1. Walk near the banker, but not onto the tile just below it (a click there would
      //    target whoever stands below: the server looks at the char under the clicked tile first).
      const grid = await mapGrid(DEFAULT_WORLD_MAP_IDS.town);
      const below = { x: BANKER.x, y: BANKER.y + 1 };
      const here = await walkPageUntil(page, grid, (p) => manhattan(p, BANKER) <= NEAR_BANKER && manhattan(p, BANKER) > 0 && manhattan(p, below) > 0, WALK_TIMEOUT_MS);
      console.info(`[client-bank-trade-e2e] at (${here.x}, ${here.y}), ${manhattan(here, BANKER)} tiles from the banker`);

      // 2. Click the banker, then B: LeftClick, BankStart; the server answers 42 slots and BankInit.
      let mark = traffic.sent.length;
      let receivedMark = traffic.received.length;
      await clickTile(page, BANKER.x, BANKER.y);
      expect((await until("LeftClick on the banker", () => sentSince(mark, "LeftClick")[0])).fields).toMatchObject({ x: BANKER.x, y: BANKER.y });
      await focusMap(page);
      await page.keyboard.press("b");
      await until("BankStart", () => sentSince(mark, "BankStart")[0]);
      await until("BankInit", () => receivedSince(receivedMark, "BankInit")[0]);
      expect(receivedSince(receivedMark, "ChangeBankSlot")).toHaveLength(42);
      await page.locator("#bank-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#bank-slots button[data-slot]").count()).toBe(42);
      expect(await page.locator("#bank-slots button[data-obj]").count()).toBe(0);
      // The server says nothing of the vault's gold until gold moves.
      expect(await page.locator("#bank-gold").getAttribute("data-gold")).toBeNull();
      expect(sentSince(mark, "BankEnd")).toEqual([]);

      // 3. Deposit 2 of the 5 potions: BankDeposit, then the server's slot updates on both sides.
      expect(await unitsShown(page, RED_POTION)).toBe(KIT_POTIONS);
      const potionSlot = await inventorySlotOf(page, RED_POTION);
      await page.click(`#inventory button[data-slot="${potionSlot}"]`);
      await page.locator("#bank-deposit-info", { hasText: `tenés ${KIT_POTIONS}` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.fill("#bank-deposit-amount", "2");
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      await page.click("#bank-deposit");
      expect((await until("BankDeposit", () => sentSince(mark, "BankDeposit")[0])).fields).toEqual({ slot: potionSlot, amount: 2, destSlot: 0 });
      const stored = await until("the vault slot of the deposit", () => receivedSince(receivedMark, "ChangeBankSlot").find((p) => p.name === "ChangeBankSlot" && p.fields.objIndex === RED_POTION));
      const vaultSlot = stored.name === "ChangeBankSlot" ? stored.fields.slot : 0;
      expect(stored.fields).toMatchObject({ objIndex: RED_POTION, amount: 2 });
      await waitUnits(page, RED_POTION, KIT_POTIONS - 2, "depositing 2 potions");
      await page.locator(`#bank-slots button[data-slot="${vaultSlot}"][data-obj="${RED_POTION}"][data-amount="2"]`).waitFor({ timeout: STEP_TIMEOUT_MS });

      // 4. Bad amounts are refused on the page: no packet goes.
      mark = traffic.sent.length;
      for (const bad of ["0", "-1", "1.5", "abc", String(KIT_POTIONS - 1)]) {
        await page.fill("#bank-deposit-amount", bad);
        await page.click("#bank-deposit");
        await page.locator("#bank-error:not(:empty)").waitFor({ timeout: STEP_TIMEOUT_MS });
      }
      await page.fill("#bank-gold-amount", String(KIT_GOLD + 1));
      await page.click("#bank-gold-deposit");
      await page.locator("#bank-error", { hasText: "No tenés tanto oro" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.waitForTimeout(200);
      expect(sentSince(mark, "BankDeposit")).toEqual([]);
      expect(sentSince(mark, "BankDepositGold")).toEqual([]);

      // 5. Deposit 30 gold: the banker answers with the balance; wallet and vault follow.
      await page.fill("#bank-gold-amount", "30");
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      await page.click("#bank-gold-deposit");
      expect((await until("BankDepositGold", () => sentSince(mark, "BankDepositGold")[0])).fields).toEqual({ amount: 30 });
      const balance = await until("UpdateBankGld", () => receivedSince(receivedMark, "UpdateBankGld")[0]);
      expect(balance.fields).toEqual({ bankGold: 30 });
      await page.locator('#bank-gold[data-gold="30"]').waitFor({ timeout: STEP_TIMEOUT_MS });
      await waitGold(page, KIT_GOLD - 30, "depositing 30 gold");
      await page.locator("#console", { hasText: "Tenés 30 monedas de oro en tu cuenta." }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // 6. The arrows do not walk while the vault is open.
      await focusMap(page);
      mark = traffic.sent.length;
      await page.keyboard.down("ArrowRight");
      await page.waitForTimeout(HOLD_MS);
      await page.keyboard.up("ArrowRight");
      expect(sentSince(mark, "Walk")).toEqual([]);
      expect(await tileShown(page)).toEqual(here);

      await saveScreenshot(page, "client-bank.png");

      // 7. Close: one BankEnd each way, the window goes.
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      await page.click("#bank-close");
      await until("BankEnd from the server", () => receivedSince(receivedMark, "BankEnd")[0]);
      await page.locator("#bank-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(sentSince(mark, "BankEnd")).toHaveLength(1);

      // 8. Open again (the banker is still the target): the potions are in the vault.
      await focusMap(page);
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      await page.keyboard.press("b");
      await until("BankInit again", () => receivedSince(receivedMark, "BankInit")[0]);
      expect(sentSince(mark, "BankStart")).toHaveLength(1);
      const again = receivedSince(receivedMark, "ChangeBankSlot");
      expect(again).toHaveLength(42);
      expect(again.filter((p) => p.name === "ChangeBankSlot" && p.fields.objIndex !== 0).map((p) => p.fields)).toEqual([
        expect.objectContaining({ slot: vaultSlot, objIndex: RED_POTION, amount: 2 }),
      ]);
      await page.locator("#bank-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await page.locator(`#bank-slots button[data-slot="${vaultSlot}"][data-obj="${RED_POTION}"][data-amount="2"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#bank-gold").getAttribute("data-gold")).toBe("30");

      // 9. Take the potions back: BankExtractItem; the vault slot empties, the inventory has 5.
      await page.click(`#bank-slots button[data-slot="${vaultSlot}"]`);
      await page.locator("#bank-withdraw-info", { hasText: "hay 2 en la bóveda" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.fill("#bank-withdraw-amount", "3");
      mark = traffic.sent.length;
      await page.click("#bank-withdraw");
      await page.locator("#bank-error", { hasText: "No hay tantos en la bóveda" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.fill("#bank-withdraw-amount", "2");
      await page.click("#bank-withdraw");
      expect((await until("BankExtractItem", () => sentSince(mark, "BankExtractItem")[0])).fields).toEqual({ slot: vaultSlot, amount: 2, destSlot: 0 });
      expect(sentSince(mark, "BankExtractItem")).toHaveLength(1);
      await waitUnits(page, RED_POTION, KIT_POTIONS, "taking the potions back");
      await page.locator("#bank-slots button[data-obj]").first().waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });

      // 10. And the gold: BankExtractGold; the vault is empty again, the wallet full.
      await page.fill("#bank-gold-amount", "30");
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      await page.click("#bank-gold-withdraw");
      expect((await until("BankExtractGold", () => sentSince(mark, "BankExtractGold")[0])).fields).toEqual({ amount: 30 });
      await until("UpdateBankGld 0", () => receivedSince(receivedMark, "UpdateBankGld").find((p) => p.name === "UpdateBankGld" && p.fields.bankGold === 0));
      await page.locator('#bank-gold[data-gold="0"]').waitFor({ timeout: STEP_TIMEOUT_MS });
      await waitGold(page, KIT_GOLD, "taking the gold back");

      // 11. Escape closes; walking comes back.
      await focusMap(page);
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      await page.keyboard.press("Escape");
      await until("BankEnd after Escape", () => receivedSince(receivedMark, "BankEnd")[0]);
      await page.locator("#bank-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(sentSince(mark, "BankEnd")).toHaveLength(1);
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );

  test(
    "trade: decline a request in the question box, ask with a click and C, potions for gold, both accept",
    async () => {
      const { page, traffic, pageErrors } = await playerPage("trader@example.org", "Trueque");
      const sentSince = (from: number, name: string) => traffic.sent.slice(from).filter((p) => p.name === name);
      const receivedSince = (from: number, name: string) => traffic.received.slice(from).filter((p) => p.name === name);
      const stock = await live.enter("Stock");
      const other = stock.client;

      // 1. Stand within trading distance of the stock player (both start on the plaza).
      const grid = await mapGrid(DEFAULT_WORLD_MAP_IDS.town);
      const stockTile = { x: stock.x, y: stock.y };
      const me = await walkPageUntil(page, grid, (p) => manhattan(p, stockTile) <= TRADE_RANGE - 1 && manhattan(p, stockTile) > 0, WALK_TIMEOUT_MS);
      console.info(`[client-bank-trade-e2e] browser at (${me.x}, ${me.y}), stock player at (${stock.x}, ${stock.y})`);

      // 2. The stock player asks (a click on the tile above the browser player targets it, as a
      //    click on its head) and the browser says no in the question box.
      let otherFrom = other.received.length;
      let receivedMark = traffic.received.length;
      other.send("LeftClick", { x: me.x, y: me.y - 1 });
      other.send("CommerceStart");
      const asked = await until("ShowPregunta", () => receivedSince(receivedMark, "ShowPregunta")[0]);
      expect(asked.fields).toEqual({ messageId: 1594, param: stock.name });
      await page.locator("#question-box").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.textContent("#question-text")).toBe(`${stock.name} quiere comerciar con vos. ¿Aceptás?`);
      let mark = traffic.sent.length;
      await page.click("#question-no");
      expect((await until("ResponderPregunta", () => sentSince(mark, "ResponderPregunta")[0])).fields).toEqual({ answer: false });
      await page.locator("#question-box").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      await other.waitFor("ConsoleMsg", (f) => f.text === "El usuario no desea comerciar.", otherFrom);
      expect(receivedSince(receivedMark, "UserCommerceInit")).toEqual([]);

      // 3. The browser clicks the stock player (on its head: the tile above it) and presses C;
      //    the stock player is asked and says yes: both windows open.
      otherFrom = other.received.length;
      receivedMark = traffic.received.length;
      mark = traffic.sent.length;
      await clickTile(page, stock.x, stock.y - 1);
      await until("LeftClick on the stock player", () => sentSince(mark, "LeftClick")[0]);
      await focusMap(page);
      await page.keyboard.press("c");
      await until("CommerceStart", () => sentSince(mark, "CommerceStart")[0]);
      const question = await other.waitFor("ShowPregunta", () => true, otherFrom);
      expect(question.fields.param).toBe("Trueque");
      other.send("ResponderPregunta", { answer: true });
      await until("UserCommerceInit", () => receivedSince(receivedMark, "UserCommerceInit")[0]);
      await other.waitFor("UserCommerceInit", () => true, otherFrom);
      await page.locator("#trade-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.textContent("#trade-title")).toBe(`Comercio con ${stock.name}`);

      // 3b. The trade window's chat: the browser's line reaches both sides as "[name] text";
      //     the stock player's answer shows in the window's log.
      mark = traffic.sent.length;
      otherFrom = other.received.length;
      await page.fill("#trade-chat-input", "¿30 de oro por dos pociones?");
      await page.press("#trade-chat-input", "Enter");
      expect((await until("CommerceSendChatMessage", () => sentSince(mark, "CommerceSendChatMessage")[0])).fields).toEqual({ text: "¿30 de oro por dos pociones?" });
      expect(await page.inputValue("#trade-chat-input")).toBe("");
      const heard = await other.waitFor("CommerceRecieveChatMessage", () => true, otherFrom);
      expect(heard.fields.message).toBe("[Trueque] ¿30 de oro por dos pociones?");
      other.send("CommerceSendChatMessage", { text: "trato hecho" });
      await page.locator("#trade-chat-log", { hasText: `[${stock.name}] trato hecho` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#trade-chat-log .trade-chat-line").allTextContents()).toEqual(["[Trueque] ¿30 de oro por dos pociones?", `[${stock.name}] trato hecho`]);

      // 4. The browser offers 2 potions (more than it holds is refused on the page).
      const potionSlot = await inventorySlotOf(page, RED_POTION);
      await page.click(`#inventory button[data-slot="${potionSlot}"]`);
      await page.locator("#trade-offer-info", { hasText: `podés ofrecer ${KIT_POTIONS}` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      mark = traffic.sent.length;
      await page.fill("#trade-offer-amount", String(KIT_POTIONS + 1));
      await page.click("#trade-offer");
      await page.locator("#trade-error:not(:empty)").waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(sentSince(mark, "UserCommerceOffer")).toEqual([]);
      otherFrom = other.received.length;
      receivedMark = traffic.received.length;
      await page.fill("#trade-offer-amount", "2");
      await page.click("#trade-offer");
      expect((await until("UserCommerceOffer", () => sentSince(mark, "UserCommerceOffer")[0])).fields).toEqual({ slot: potionSlot, amount: 2 });
      await page.locator(`#trade-mine [data-obj="${RED_POTION}"][data-amount="2"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
      const seen = await other.waitFor("ChangeUserTradeSlot", (f) => f.isMyOffer === false, otherFrom);
      expect((seen.fields.slots as { objIndex: number; amount: number }[]).filter((s) => s.objIndex !== 0)).toEqual([expect.objectContaining({ objIndex: RED_POTION, amount: 2 })]);

      // 5. The stock player offers 30 gold: the browser shows it on the other side.
      other.send("UserCommerceOffer", { slot: GOLD_SLOT, amount: 30 });
      await until("the other's offer", () => receivedSince(receivedMark, "ChangeUserTradeSlot").find((p) => p.name === "ChangeUserTradeSlot" && !p.fields.isMyOffer && p.fields.gold === 30));
      await page.locator('#trade-theirs-gold[data-gold="30"]').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#trade-mine-gold").getAttribute("data-gold")).toBe("0");

      // 6. Both accept: the browser first (the server waits), then the stock player: the swap.
      mark = traffic.sent.length;
      receivedMark = traffic.received.length;
      otherFrom = other.received.length;
      await page.click("#trade-accept");
      await until("UserCommerceOk", () => sentSince(mark, "UserCommerceOk")[0]);
      await page.locator("#trade-panel.accepted").waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#trade-accept").isDisabled()).toBe(true);
      await other.waitFor("ConsoleMsg", (f) => String(f.text).includes("aceptó la oferta"), otherFrom);
      await saveScreenshot(page, "client-trade.png");
      other.send("UserCommerceOk");
      await until("UserCommerceEnd", () => receivedSince(receivedMark, "UserCommerceEnd")[0]);
      await other.waitFor("UserCommerceEnd", () => true, otherFrom);
      await page.locator("#trade-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });

      // 7. Both inventories changed, once: in the page, and in what the stock player was told.
      await waitUnits(page, RED_POTION, KIT_POTIONS - 2, "after the swap");
      await waitGold(page, KIT_GOLD + 30, "after the swap");
      await page.locator("#console", { hasText: "¡El comercio se realizó!" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await other.waitFor("UpdateGold", (f) => f.gold === KIT_GOLD - 30, otherFrom);
      expect(stockSlotAmount(other, STOCK_POTION_SLOT)).toBe(KIT_POTIONS + 2);
      expect(sentSince(mark, "UserCommerceOk")).toHaveLength(1);

      // 8. Walking is back once the trade closed.
      await focusMap(page);
      mark = traffic.sent.length;
      const away = await walkPageUntil(page, grid, (p) => manhattan(p, me) >= 1, WALK_TIMEOUT_MS);
      expect(manhattan(away, me)).toBeGreaterThanOrEqual(1);
      expect(sentSince(mark, "Walk").length).toBeGreaterThan(0);
      expect(live.ts.server.world.stats.handlerFaults.size).toBe(0);
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
