/**
 * The character window in the browser against a real server, in headless Chromium, on the
 * default world: the "Personaje" button opens it and sends `RequestAtributes` then
 * `RequestMiniStats` (the stock statistics button's order); the attributes rows show the login
 * burst's `Atributes`; the statistics rows show the server's `MiniStats` once one came, "?" while
 * none did; the window takes the skills window's place (opening one closes the other) and
 * Escape closes it.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { chromiumMissingFor, focusMap, saveScreenshot, STEP_TIMEOUT_MS, until } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const SCREENSHOT = "client-character.png";
/** How long the page may wait for a `MiniStats` answer before it is taken as "none yet", ms. */
const ANSWER_WAIT_MS = 1_500;

const chromiumMissing = chromiumMissingFor("client-character-e2e");

async function shownStat(page: Page, list: string, key: string): Promise<string | null> {
  return page.textContent(`#${list} dd[data-stat="${key}"]`);
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser character window end to end", () => {
  const { playerPage } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "Personaje asks for the attributes and the statistics and shows what the server said",
    async () => {
      const { page, traffic, pageErrors } = await playerPage("character@example.org", "Retratada");
      const login = traffic.received.findLast((p) => p.name === "Atributes");
      if (login?.name !== "Atributes") throw new Error("no Atributes in the login burst");

      await focusMap(page);
      const mark = traffic.sent.length;
      await page.click("#act-character");
      await page.locator("#character-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await until("RequestMiniStats", () => traffic.sent.slice(mark).find((p) => p.name === "RequestMiniStats"));
      expect(traffic.sent.slice(mark).map((p) => p.name)).toEqual(["RequestAtributes", "RequestMiniStats"]);

      // The attributes: the login burst's, or a newer answer to the request (the same numbers).
      const attributes = login.fields;
      await page.waitForFunction((strength) => document.querySelector('#character-attributes dd[data-stat="strength"]')?.textContent === String(strength), attributes.strength, {
        timeout: STEP_TIMEOUT_MS,
      });
      for (const key of ["strength", "agility", "intelligence", "constitution", "charisma"] as const) {
        expect(await shownStat(page, "character-attributes", key)).toBe(String(attributes[key]));
      }

      // The statistics: the server's answer once it came; "?" while none did.
      await Bun.sleep(ANSWER_WAIT_MS);
      const answer = traffic.received.findLast((p) => p.name === "MiniStats");
      if (answer?.name === "MiniStats") {
        expect(await shownStat(page, "character-stats", "deaths")).toBe(String(Math.max(0, answer.fields.deaths)));
        expect(await shownStat(page, "character-stats", "classId")).not.toBe("?");
      } else {
        expect(await shownStat(page, "character-stats", "deaths")).toBe("?");
      }
      await saveScreenshot(page, SCREENSHOT);

      // The skills window takes its place; Escape closes whichever is open.
      await page.click("#act-skills");
      await page.locator("#skills-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#character-panel").isHidden()).toBe(true);
      await page.click("#act-character");
      await page.locator("#character-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#skills-panel").isHidden()).toBe(true);
      await focusMap(page);
      await page.keyboard.press("Escape");
      await page.locator("#character-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
