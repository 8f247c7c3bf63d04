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
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { loadConfig } from "../src/config/index.ts";
import { DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/index.ts";
import { parseMapJson, type MapGrid } from "../src/game/map-json/index.ts";
import { checkStep, Heading, stepX, stepY } from "../src/game/movement/index.ts";
import { silentLogger } from "../src/log/index.ts";
import { startServer, type RunningServer } from "../src/server/index.ts";
import { CHROMIUM, CHROMIUM_FLAGS, chromiumMissingFor, recordTraffic, until as untilWithin, createCharacterFromPage } from "./support/browser.ts";

const STEP_TIMEOUT_MS = 10_000;
const SCENARIO_TIMEOUT_MS = 90_000;
const until = <T>(what: string, find: () => T | undefined, timeoutMs = STEP_TIMEOUT_MS): Promise<T> => untilWithin(what, find, timeoutMs);

const ARTIFACTS = join(import.meta.dir, "..", ".test-artifacts");
const SCREENSHOT = join(ARTIFACTS, "client-shop.png");
const PLAYER = { email: "shop@example.org", password: "shop-secret", name: "Comprador" };
const MERCHANT = { name: "Ansel el Mercader", x: 66, y: 64 } as const;
/** `LeftClick` opens a shop within this Manhattan distance (§7.3). */
const REACH = 4;
const RED_POTION = 1;
/** How long an arrow is held where the test wants no step (or one after the shop closed). */
const HOLD_MS = 400;

const chromiumMissing = chromiumMissingFor("client-shop-e2e");

const ARROWS: Readonly<Record<Heading, string>> = { [Heading.North]: "ArrowUp", [Heading.East]: "ArrowRight", [Heading.South]: "ArrowDown", [Heading.West]: "ArrowLeft" };

async function townGrid(pageUrl: string): Promise<MapGrid> {
  const parsed = parseMapJson(await (await fetch(`${pageUrl}api/map/${DEFAULT_WORLD_MAP_IDS.town}`)).json());
  if (!parsed.ok) throw parsed.error;
  return parsed.grid;
}

/** The first heading of a shortest walk from `from` to a tile where `goal` holds (breadth first), or null. */
function firstStepTowards(grid: MapGrid, from: { x: number; y: number }, goal: (p: { x: number; y: number }) => boolean): Heading | null {
  const headings = [Heading.North, Heading.East, Heading.South, Heading.West] as const;
  const firstOf = new Map<number, Heading | 0>([[from.y * 1000 + from.x, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    const first = firstOf.get(p.y * 1000 + p.x)!;
    if (first !== 0 && goal(p)) return first;
    for (const heading of headings) {
      if (checkStep(grid, p.x, p.y, heading) !== "ok") continue;
      const next = { x: p.x + stepX(heading), y: p.y + stepY(heading) };
      const key = next.y * 1000 + next.x;
      if (firstOf.has(key)) continue;
      firstOf.set(key, first === 0 ? heading : first);
      queue.push(next);
    }
  }
  return null;
}

async function position(page: Page): Promise<{ x: number; y: number }> {
  const el = page.locator("#hud-position");
  return { x: Number(await el.getAttribute("data-x")), y: Number(await el.getAttribute("data-y")) };
}

/** Units of `objIndex` the inventory shows, over every slot. */
async function unitsShown(page: Page, objIndex: number): Promise<number> {
  return page.$$eval(`#inventory button[data-obj="${objIndex}"]`, (buttons) => buttons.reduce((sum, b) => sum + Number((b as HTMLElement).dataset.amount ?? 0), 0));
}

async function waitUnits(page: Page, objIndex: number, want: number, what: string): Promise<void> {
  try {
    await page.waitForFunction(
      ([obj, n]) => Array.from(document.querySelectorAll<HTMLElement>(`#inventory button[data-obj="${obj}"]`)).reduce((sum, b) => sum + Number(b.dataset.amount ?? 0), 0) === n,
      [objIndex, want] as const,
      { timeout: STEP_TIMEOUT_MS },
    );
  } catch {
    throw new Error(`${what}: the inventory never showed ${want} of object ${objIndex}`);
  }
}

async function goldShown(page: Page): Promise<number> {
  return Number((await page.textContent("#hud-gold"))?.replace(/\D/g, "") ?? "NaN");
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser NPC shop end to end", () => {
  let dataDir = "";
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let pageUrl = "";

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is required in CI (apt-get install -y chromium)`).toBe(true);
    dataDir = mkdtempSync(join(tmpdir(), "argentum-client-shop-e2e-"));
    const loaded = loadConfig(["--data-dir", dataDir, "--http-port", "0", "--tcp-port", "0", "--host", "127.0.0.1", "--log-level", "silent"], {});
    if (!loaded.ok) throw loaded.error;
    server = await startServer(loaded.config, silentLogger(), { mapWorkers: 1 });
    pageUrl = `http://127.0.0.1:${server.httpPort}/`;
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await server?.stop("test over").catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, SCENARIO_TIMEOUT_MS);

  test(
    "walk to the trader, click it, buy a red potion, refuse a bad amount, hold walking, sell it back, Escape closes",
    async () => {
      const page: Page = await browser!.newPage({ viewport: { width: 1100, height: 760 } });
      const traffic = recordTraffic(page);
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      const sentSince = (from: number, name: string) => traffic.sent.slice(from).filter((p) => p.name === name);

      await page.goto(pageUrl);
      await createCharacterFromPage(page, PLAYER, STEP_TIMEOUT_MS);
      await until("Logged", () => traffic.received.find((p) => p.name === "Logged"));

      // 1. Walk with the arrows until the trader is within reach: a shortest path on the town's
      //    grid (the same /api/map document the page walks on), one arrow at a time, planned
      //    again from wherever each press left us.
      const grid = await townGrid(pageUrl);
      const deadline = performance.now() + 40_000;
      let here = await position(page);
      const start = here;
      const distance = (p: { x: number; y: number }) => Math.abs(p.x - MERCHANT.x) + Math.abs(p.y - MERCHANT.y);
      while (distance(here) > REACH - 1) {
        if (performance.now() > deadline) throw new Error(`could not walk within ${REACH} tiles of the trader (stuck at ${here.x}, ${here.y})`);
        const heading = firstStepTowards(grid, here, (p) => distance(p) <= REACH - 1 && (p.x !== MERCHANT.x || p.y !== MERCHANT.y));
        if (heading === null) throw new Error(`no path from (${here.x}, ${here.y}) to the trader`);
        const key = ARROWS[heading];
        const from = here;
        await page.keyboard.down(key);
        try {
          await page.waitForFunction(
            ([x, y]) => {
              const el = document.querySelector<HTMLElement>("#hud-position");
              return Number(el?.dataset.x) !== x || Number(el?.dataset.y) !== y;
            },
            [from.x, from.y] as const,
            { timeout: 2_000, polling: 10 },
          );
        } catch {
          // Someone stood in the way: plan again.
        }
        await page.keyboard.up(key);
        await page.waitForTimeout(50);
        here = await position(page);
      }
      // Let the last step settle (the server's answer and the camera's slide).
      await page.waitForTimeout(500);
      here = await position(page);
      console.info(`[client-shop-e2e] walked from (${start.x}, ${start.y}) to (${here.x}, ${here.y}), ${distance(here)} tiles from the trader`);
      expect(distance(here)).toBeLessThanOrEqual(REACH);

      // 2. Click the trader's tile on the canvas: LeftClick, then 42 slots and CommerceInit.
      const canvas = page.locator("#game-canvas");
      const camera = await canvas.evaluate((c) => ({ originX: Number(c.dataset.originX), originY: Number(c.dataset.originY), zoom: Number(c.dataset.zoom) }));
      const point = { x: ((MERCHANT.x - 0.5) * 32 - camera.originX) * camera.zoom, y: ((MERCHANT.y - 0.5) * 32 - camera.originY) * camera.zoom };
      let mark = traffic.sent.length;
      const receivedMark = traffic.received.length;
      await canvas.click({ position: point });
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
      await page.waitForFunction((want) => Number(document.querySelector("#hud-gold")?.textContent?.replace(/\D/g, "")) === want, goldBefore - price, { timeout: STEP_TIMEOUT_MS });
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
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      mark = traffic.sent.length;
      await page.keyboard.down("ArrowLeft");
      await page.waitForTimeout(HOLD_MS);
      await page.keyboard.up("ArrowLeft");
      expect(sentSince(mark, "Walk")).toEqual([]);
      expect(await position(page)).toEqual(here);
      await page.locator("#console", { hasText: "No podés caminar mientras comerciás" }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // 6. Sell one back: select the potion's inventory slot; the trader pays its salePrice.
      const slotWithPotion = Number(await page.locator(`#inventory button[data-obj="${RED_POTION}"]`).first().getAttribute("data-slot"));
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
      await page.waitForFunction((want) => Number(document.querySelector("#hud-gold")?.textContent?.replace(/\D/g, "")) === want, goldAfterBuy + income, { timeout: STEP_TIMEOUT_MS });
      console.info(`[client-shop-e2e] bought a red potion for ${price}, sold it back for ${income} (gold ${goldBefore} → ${goldAfterBuy} → ${goldAfterBuy + income})`);

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: SCREENSHOT });

      // 7. Escape closes: CommerceEnd sent, the server answers, the window goes; walking is back.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
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
