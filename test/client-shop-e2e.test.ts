/**
 * The browser NPC shop against a real server, in headless Chromium: a new character walks with
 * the arrow keys from the town plaza towards Ansel el Mercader (66, 64) until it is within 4
 * tiles, clicks the trader's tile on the canvas (`LeftClick`), and the shop window shows the 42
 * slots the server announced. It buys one red potion (object 1): the inventory gains it and the
 * gold drops by the price shown; an invalid amount is refused without a packet; the arrows do
 * not walk while trading; it sells the potion back for the price its slot shows; Escape closes
 * the shop (`CommerceEnd` both ways). items-and-economy.md §7.
 *
 * Without /usr/bin/chromium the test fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
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
  type Tile,
} from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;

const SCREENSHOT = "client-shop.png";
const PLAYER = { email: "shop@example.org", name: "Comprador" };
const MERCHANT = { name: "Ansel el Mercader", x: 66, y: 64 } as const;
/** `LeftClick` opens a shop within this Manhattan distance (§7.3). */
const REACH = 4;
const RED_POTION = 1;
/** How long an arrow is held where the test wants no step (or one after the shop closed). */
const HOLD_MS = 400;
const WALK_TIMEOUT_MS = 40_000;

const chromiumMissing = chromiumMissingFor("client-shop-e2e");

async function goldShown(page: Page): Promise<number> {
  return Number((await page.textContent("#hud-gold"))?.replace(/\D/g, "") ?? "NaN");
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser NPC shop end to end", () => {
  const { mapGrid, playerPage } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "walk to the trader, click it, buy a red potion, refuse a bad amount, hold walking, sell it back, Escape closes",
    async () => {
      const { page, traffic, pageErrors } = await playerPage(PLAYER.email, PLAYER.name);
      const sentSince = (from: number, name: string) => traffic.sent.slice(from).filter((p) => p.name === name);

      // 1. Walk with the arrows until the trader is within reach: a shortest path on the town's
      //    grid (the same /api/map document the page walks on), one arrow at a time, planned
      //    again from wherever each press left us.
      const grid = await mapGrid(DEFAULT_WORLD_MAP_IDS.town);
      const start = await tileShown(page);
      const distance = (p: Tile) => manhattan(p, MERCHANT);
      const here = await walkPageUntil(page, grid, (p) => distance(p) <= REACH - 1 && (p.x !== MERCHANT.x || p.y !== MERCHANT.y), WALK_TIMEOUT_MS);
      console.info(`[client-shop-e2e] walked from (${start.x}, ${start.y}) to (${here.x}, ${here.y}), ${distance(here)} tiles from the trader`);
      expect(distance(here)).toBeLessThanOrEqual(REACH);

      // 2. Click the trader's tile on the canvas: LeftClick, then 42 slots and CommerceInit.
      let mark = traffic.sent.length;
      const receivedMark = traffic.received.length;
      await clickTile(page, MERCHANT.x, MERCHANT.y);
      const click = await until("LeftClick from the canvas", () => sentSince(mark, "LeftClick")[0]);
      expect(click.fields).toEqual({ x: MERCHANT.x, y: MERCHANT.y, counter: 1 });
      const init = await until("CommerceInit", () => traffic.received.slice(receivedMark).find((p) => p.name === "CommerceInit"));
      expect(init.name === "CommerceInit" && init.fields.npcName).toBe(MERCHANT.name);
      const announced = traffic.received.slice(receivedMark).filter((p) => p.name === "ChangeNPCInventorySlot");
      expect(announced.length).toBe(42);
      await page.locator("#shop-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.textContent("#shop-title")).toContain(MERCHANT.name);
      expect(sentSince(mark, "CommerceEnd")).toEqual([]);
      const offered = announced.filter((p) => p.name === "ChangeNPCInventorySlot" && p.fields.objIndex > 0 && p.fields.amount > 0);
      expect(await page.locator("#shop-slots button[data-obj]").count()).toBe(offered.length);
      const potion = offered.find((p) => p.name === "ChangeNPCInventorySlot" && p.fields.objIndex === RED_POTION);
      expect(potion, "the trader sells red potions").toBeDefined();
      const potionSlot = potion!.name === "ChangeNPCInventorySlot" ? potion!.fields.slot : 0;
      const cell = page.locator(`#shop-slots button[data-slot="${potionSlot}"]`);
      const price = Number(await cell.getAttribute("data-price"));
      expect(price).toBeGreaterThan(0);
      expect(Number(await cell.getAttribute("data-amount"))).toBe(potion!.name === "ChangeNPCInventorySlot" ? potion!.fields.amount : -1);

      // 3. Buy one: CommerceBuy {slot, 1}; the inventory gains it, the gold drops by the price.
      const unitsBefore = await unitsShown(page, RED_POTION);
      const goldBefore = await goldShown(page);
      expect(goldBefore).toBeGreaterThanOrEqual(price);
      await cell.click();
      expect(await page.inputValue("#shop-buy-amount")).toBe("1");
      mark = traffic.sent.length;
      await page.click("#shop-buy");
      const buy = await until("CommerceBuy", () => sentSince(mark, "CommerceBuy")[0]);
      expect(buy.fields).toEqual({ slot: potionSlot, amount: 1 });
      await waitUnits(page, RED_POTION, unitsBefore + 1, "buying a red potion");
      await waitGold(page, goldBefore - price, "buying a red potion");
      expect(await page.textContent("#shop-gold")).toContain(String(goldBefore - price));

      // 4. Invalid amounts are refused before sending.
      mark = traffic.sent.length;
      for (const bad of ["0", "-1", "1.5", "abc", "10001"]) {
        await page.fill("#shop-buy-amount", bad);
        await page.click("#shop-buy");
        await page.locator("#shop-error:not(:empty)").waitFor({ timeout: STEP_TIMEOUT_MS });
      }
      await page.waitForTimeout(200);
      expect(sentSince(mark, "CommerceBuy")).toEqual([]);
      await page.fill("#shop-buy-amount", "1");

      // 5. The arrows do not walk while trading; the console says why.
      await focusMap(page);
      mark = traffic.sent.length;
      await page.keyboard.down("ArrowLeft");
      await page.waitForTimeout(HOLD_MS);
      await page.keyboard.up("ArrowLeft");
      expect(sentSince(mark, "Walk")).toEqual([]);
      expect(await tileShown(page)).toEqual(here);
      await page.locator("#console", { hasText: "No podés caminar mientras comerciás" }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // 6. Sell one back: select the potion's inventory slot; the trader pays its salePrice.
      const slotWithPotion = await inventorySlotOf(page, RED_POTION);
      const lastSlot = traffic.received.findLast((p) => p.name === "ChangeInventorySlot" && p.fields.slot === slotWithPotion);
      const salePrice = lastSlot?.name === "ChangeInventorySlot" ? lastSlot.fields.salePrice : Number.NaN;
      await page.click(`#inventory button[data-slot="${slotWithPotion}"]`);
      await page.locator("#shop-sell-info", { hasText: `te paga ${salePrice}` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const goldAfterBuy = await goldShown(page);
      mark = traffic.sent.length;
      await page.click("#shop-sell");
      const sell = await until("CommerceSell", () => sentSince(mark, "CommerceSell")[0]);
      expect(sell.fields).toEqual({ slot: slotWithPotion, amount: 1 });
      await waitUnits(page, RED_POTION, unitsBefore, "selling the potion back");
      const income = Math.trunc(Math.fround(salePrice * 1));
      await waitGold(page, goldAfterBuy + income, "selling the potion back");
      console.info(`[client-shop-e2e] bought a red potion for ${price}, sold it back for ${income} (gold ${goldBefore} → ${goldAfterBuy} → ${goldAfterBuy + income})`);

      await saveScreenshot(page, SCREENSHOT);

      // 7. Escape closes: CommerceEnd sent, the server answers, the window goes; walking is back.
      await focusMap(page);
      mark = traffic.sent.length;
      const endMark = traffic.received.length;
      await page.keyboard.press("Escape");
      await until("CommerceEnd sent", () => sentSince(mark, "CommerceEnd")[0]);
      await until("CommerceEnd from the server", () => traffic.received.slice(endMark).find((p) => p.name === "CommerceEnd"));
      await page.locator("#shop-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(sentSince(mark, "CommerceEnd").length).toBe(1);
      mark = traffic.sent.length;
      await page.keyboard.down("ArrowUp");
      await page.waitForTimeout(HOLD_MS);
      await page.keyboard.up("ArrowUp");
      await until("Walk after the shop closed", () => sentSince(mark, "Walk")[0]);

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
