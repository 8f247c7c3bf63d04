/**
 * `/DESCANSAR` in the browser against a real server, in headless Chromium, on the default world:
 * a character placed (offline) beside Alba's campfire types `/DESCANSAR` in the chat box; the
 * page sends `Rest`, the server answers `RestOK` and the status marks show "Descansando"; an arrow
 * key then asks to stand up (`Rest` again, no `Walk`, as the stock client does) and the mark goes.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { TOWN_CAMPFIRE_TILE, DEFAULT_WORLD_MAP_IDS } from "../src/content/index.ts";
import { chromiumMissingFor, focusMap, saveScreenshot, STEP_TIMEOUT_MS, until } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const SCREENSHOT = "client-rest.png";
const chromiumMissing = chromiumMissingFor("client-rest-e2e");

async function typeLine(page: Page, line: string): Promise<void> {
  await page.keyboard.press("Enter");
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser /DESCANSAR end to end", () => {
  const { playerPage, playAgainEdited } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "beside the campfire /DESCANSAR shows Descansando; an arrow stands up instead of walking",
    async () => {
      const player = await playerPage("rest@example.org", "Fogonera");
      const { page, traffic, pageErrors } = player;
      await playAgainEdited(player, "Fogonera", (record) => {
        record.position = { ...record.position, map: DEFAULT_WORLD_MAP_IDS.town, x: TOWN_CAMPFIRE_TILE.x - 2, y: TOWN_CAMPFIRE_TILE.y + 1 };
        record.vitals = { ...record.vitals, hp: 1, stamina: 1 };
      });
      await focusMap(page);
      const mark = traffic.sent.length;
      const heard = traffic.received.length;
      await typeLine(page, "/DESCANSAR");
      await until("Rest", () => traffic.sent.slice(mark).find((p) => p.name === "Rest"));
      await until("RestOK", () => traffic.received.slice(heard).find((p) => p.name === "RestOK"));
      await page.locator('#status-marks [data-status="resting"]').waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await saveScreenshot(page, SCREENSHOT);

      await focusMap(page);
      const standing = traffic.sent.length;
      const answered = traffic.received.length;
      await page.keyboard.down("ArrowDown");
      await Bun.sleep(400);
      await page.keyboard.up("ArrowDown");
      await until("RestOK again", () => traffic.received.slice(answered).find((p) => p.name === "RestOK"));
      await page.locator('#status-marks [data-status="resting"]').waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });
      const sent = traffic.sent.slice(standing).map((p) => p.name);
      expect(sent[0]).toBe("Rest");
      expect(sent.filter((name) => name === "Rest")).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
