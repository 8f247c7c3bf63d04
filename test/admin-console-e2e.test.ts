/**
 * The operator console in headless Chromium against a real server started with `--admin-token`
 * (issue 25): the page asks for the token, then lists a logged-in player with its map and
 * address, kicks it with the row's button (its connection closes, the page says so and the
 * player leaves the table), shows the kick in its audit log as the console's, draws its charts
 * from /api/admin/metrics, and bans an address range from its form (listed with its time left,
 * lifted with its button). A wrong token is refused back to the token form.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS, chromiumMissingFor, saveScreenshot, STEP_TIMEOUT_MS } from "./support/browser.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";
import { createAndEnter } from "./support/world-players.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const TOKEN = "browser-console-token-0123456789abcdef";
const chromiumMissing = chromiumMissingFor("admin-console-e2e");

describe.skipIf(chromiumMissing && process.env.CI !== "true")("operator console in the browser", () => {
  let ts: TestServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is required in CI (apt-get install -y chromium)`).toBe(true);
    ts = await startTestServer("pglite", ["--admin-token", TOKEN]);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await ts?.stop();
    await ts?.cleanup();
  }, SCENARIO_TIMEOUT_MS);

  test(
    "the page takes the token, lists the player and kicks it; the kick is in its audit log; a wrong token goes back to the form",
    async () => {
      const player = await createAndEnter(ts!, "tcp", "Pagina");
      const page = await browser!.newPage({ viewport: { width: 1200, height: 900 } });
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto(`http://127.0.0.1:${ts!.httpPort}/admin`);

      await page.fill("#token", "not-the-token-but-long-enough-to-look-real");
      await page.click("#connect");
      await page.locator("#login-error").waitFor({ timeout: STEP_TIMEOUT_MS });

      await page.fill("#token", TOKEN);
      await page.click("#connect");
      const row = page.locator(`tr[data-player="${player.name}"]`);
      await row.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await row.textContent()).toContain("127.0.0.1");
      expect(await row.textContent()).toContain(`${player.map} (`);
      await page.locator('[data-chart-value="players"]', { hasText: /^[1-9]/ }).waitFor({ timeout: STEP_TIMEOUT_MS });

      await saveScreenshot(page, "admin-console.png");
      await page.fill("#action-reason", "pruebas");
      await row.locator('button[data-action="kick"]').click();
      await player.client.waitForClose();
      await page.locator("#status.ok", { hasText: `kick ${player.name}: ok` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await row.waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });
      await page.locator("#audit-body tr", { hasText: "console kick" }).filter({ hasText: player.name }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // An address range banned from the Bans form shows with its time left, and its button lifts it.
      await page.selectOption("#ban-kind", "ip");
      await page.fill("#ban-target", "198.51.100.0/24");
      await page.fill("#action-days", "2");
      await page.locator("#ban-target").press("Enter");
      const ban = page.locator("#bans-body tr", { hasText: "198.51.100.0/24" });
      await ban.filter({ hasText: /1d 23h|2d 0h/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await ban.locator("button[data-unban]").click();
      await ban.waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
