/**
 * Doors and the key ring in the browser against a real server, in headless Chromium, on the
 * default world: a player standing before the locked "casa del Telar" (put there offline with its
 * key on the ring, a test's shortcut for picking it up in the street: test/world-doors.test.ts
 * plays that) opens the "Llavero" window, clicks the door (Msg1074: locked), clicks the ring's key
 * (`UseKey`: Msg897), clicks the door again (it opens: the page draws it open and lets the player
 * walk in with the arrow keys).
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_OBJECTS } from "../src/content/index.ts";
import { ARROW_OF, chromiumMissingFor, clickTile, focusMap, press, saveScreenshot, STEP_TIMEOUT_MS, until } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const SCREENSHOT = "client-doors.png";
const DOOR = { x: 37, y: 21 } as const;
const NORTH = 1;

const chromiumMissing = chromiumMissingFor("client-doors-e2e");

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser doors and key ring end to end", () => {
  const { editedPlayer } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "the Llavero window shows the ring's key; a click on the locked door says so; the key unlocks it, a click opens it and the player walks in",
    async () => {
      const { page, traffic, pageErrors } = await editedPlayer("doors@example.org", "Llavera", (record) => {
        record.position = { ...record.position, map: 1, x: DOOR.x, y: DOOR.y + 1, heading: NORTH };
        record.keyRing = [DEFAULT_OBJECTS.houseKey, 0, 0, 0, 0, 0, 0, 0, 0, 0];
      });
      await focusMap(page);
      await page.keyboard.press("KeyL");
      await page.locator("#key-ring-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await page.locator("#key-ring-1").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.textContent("#key-ring-1")).toContain("Llave de la casa del Telar");

      // The door's left half (the tile straight above has the player's own char below it).
      let mark = traffic.received.length;
      await clickTile(page, DOOR.x - 1, DOOR.y);
      await until("Msg1074", () => traffic.received.slice(mark).find((p) => p.name === "LocaleMsg" && p.fields.messageId === 1074));

      mark = traffic.received.length;
      const sentMark = traffic.sent.length;
      await page.click("#key-ring-1");
      await until("UseKey", () => traffic.sent.slice(sentMark).find((p) => p.name === "UseKey" && p.fields.slot === 1));
      await until("Msg897", () => traffic.received.slice(mark).find((p) => p.name === "LocaleMsg" && p.fields.messageId === 897));

      mark = traffic.received.length;
      await clickTile(page, DOOR.x - 1, DOOR.y);
      await until("the open door", () => traffic.received.slice(mark).find((p) => p.name === "ObjectCreate" && p.fields.objIndex === DEFAULT_OBJECTS.houseDoorOpen));
      // The page words the door's lines itself.
      const consoleText = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      expect(consoleText).toContain("La puerta está cerrada con llave.");
      expect(consoleText).toContain("Has abierto la cerradura de la puerta.");
      await page.keyboard.press("Escape");
      await focusMap(page);
      await page.waitForTimeout(300);
      expect(await press(page, ARROW_OF[NORTH], 3_000)).toEqual(DOOR);
      await saveScreenshot(page, SCREENSHOT);
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
