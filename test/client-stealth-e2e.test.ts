/**
 * Robar and Ocultarse from the browser against a real server, in headless Chromium, on the
 * default world (Alba, a safe map): the skills window's "Usar" on Ocultarse sends `Work(7)` and the
 * server answers the try (55 hidden, with our own char drawn faint, or 57); "Usar" on Robar sends
 * `Work(2)`, the server asks for a target, the crosshair shows, and a click on the map goes out as
 * `WorkLeftClick(x, y, 2)`, which the safe town refuses (716) and the plain cursor comes back.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import { chromiumMissingFor, clickTile, focusMap, STEP_TIMEOUT_MS, tileShown, until } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const chromiumMissing = chromiumMissingFor("client-stealth-e2e");

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser stealing and hiding end to end", () => {
  const { playerPage } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "Usar on Ocultarse tries to hide; Usar on Robar aims the next click, which the safe town refuses",
    async () => {
      const { page, traffic, pageErrors } = await playerPage("stealth@example.org", "Sigilosa");
      await focusMap(page);

      // Ocultarse: Work(7); the server's answer is 55 (hidden: SetInvisible for our char) or 57.
      let sent = traffic.sent.length;
      let received = traffic.received.length;
      await page.click("#act-skills");
      await page.locator("#skill-use-7").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await page.click("#skill-use-7");
      await page.locator("#skills-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      const work = await until("Work(7)", () => traffic.sent.slice(sent).find((p) => p.name === "Work"));
      expect(work.fields).toMatchObject({ skill: 7 });
      const answer = await until("55 or 57", () => traffic.received.slice(received).find((p) => p.name === "LocaleMsg" && (p.fields.messageId === 55 || p.fields.messageId === 57)));
      if (answer.name === "LocaleMsg" && answer.fields.messageId === 55) {
        expect(traffic.received.slice(received).some((p) => p.name === "SetInvisible" && p.fields.invisible === true)).toBe(true);
      }

      // Robar: Work(2) → WorkRequestTarget(2): the crosshair; the click goes out as WorkLeftClick(x, y, 2).
      sent = traffic.sent.length;
      received = traffic.received.length;
      await page.click("#act-skills");
      await page.locator("#skill-use-2").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await page.click("#skill-use-2");
      await until("WorkRequestTarget(2)", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget" && p.fields.skill === 2));
      await page.locator("#target-hint").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      const here = await tileShown(page);
      received = traffic.received.length;
      await clickTile(page, here.x + 1, here.y);
      const click = await until("WorkLeftClick", () => traffic.sent.slice(sent).find((p) => p.name === "WorkLeftClick"));
      expect(click.fields).toMatchObject({ x: here.x + 1, y: here.y, skill: 2 });
      await until("716", () => traffic.received.slice(received).find((p) => p.name === "LocaleMsg" && p.fields.messageId === 716));
      await page.locator("#target-hint").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
