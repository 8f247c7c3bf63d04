/**
 * The browser's trainer window against a real server, in headless Chromium: a new character
 * walks with the arrow keys from the town plaza towards the Maestro de Armas (58, 57, the
 * default world's trainer), clicks it on the canvas (`LeftClick`: the NPC is targeted) and types
 * /ENTRENAR (`TrainList`). The server answers `TrainerCreatureList`; the window lists the two
 * practice creatures in the server's order. Picking the wolf and "Luchar" sends `Train(2)`, the
 * window closes and the wolf appears next to the trainer (`CharacterCreate`). /ENTRENAR again
 * opens it and Escape closes it without a packet. systems/trainers.ts, client/trainer-panel.ts.
 *
 * Without /usr/bin/chromium the test fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/index.ts";
import { JOINED_LIST_SEPARATOR } from "../src/protocol/index.ts";
import { chromiumMissingFor, clickTile, creaturesSeen, focusMap, manhattan, saveScreenshot, STEP_TIMEOUT_MS, tileShown, until, walkPageUntil, type Tile } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const SCREENSHOT = "client-trainer.png";
const PLAYER = { email: "trainer@example.org", name: "Aprendiz" };
const TRAINER = { name: "Maestro de Armas", x: 58, y: 57 } as const;
const CREATURES = ["Rata de Práctica", "Lobo de Práctica"];
/** Close enough for `/ENTRENAR` (the server allows 10) and for the click to land on the screen. */
const NEAR = 3;
const WALK_TIMEOUT_MS = 40_000;

const chromiumMissing = chromiumMissingFor("client-trainer-e2e");

/** Enter, the line, Enter: how a player uses the chat box. */
async function typeLine(page: Page, line: string): Promise<void> {
  await page.keyboard.press("Enter");
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser trainer window end to end", () => {
  const { mapGrid, playerPage } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "walk to the trainer, click it, /ENTRENAR, pick the wolf: Train(2), the window closes, the wolf appears; Escape closes it",
    async () => {
      const { page, traffic, pageErrors } = await playerPage(PLAYER.email, PLAYER.name);
      const sentSince = (from: number, name: string) => traffic.sent.slice(from).filter((p) => p.name === name);

      // 1. Walk near the trainer on the town's grid.
      const grid = await mapGrid(DEFAULT_WORLD_MAP_IDS.town);
      const start = await tileShown(page);
      const distance = (p: Tile) => manhattan(p, TRAINER);
      const here = await walkPageUntil(page, grid, (p) => distance(p) <= NEAR && (p.x !== TRAINER.x || p.y !== TRAINER.y), WALK_TIMEOUT_MS);
      console.info(`[client-trainer-e2e] walked from (${start.x}, ${start.y}) to (${here.x}, ${here.y}), ${distance(here)} tiles from the trainer`);

      // 2. Click the trainer (LeftClick targets it), then /ENTRENAR.
      let mark = traffic.sent.length;
      await clickTile(page, TRAINER.x, TRAINER.y);
      const click = await until("LeftClick on the trainer", () => sentSince(mark, "LeftClick")[0]);
      expect(click.fields).toMatchObject({ x: TRAINER.x, y: TRAINER.y });
      mark = traffic.sent.length;
      let received = traffic.received.length;
      await typeLine(page, "/ENTRENAR");
      await until("TrainList", () => sentSince(mark, "TrainList")[0]);
      const list = await until("TrainerCreatureList", () => traffic.received.slice(received).find((p) => p.name === "TrainerCreatureList"));
      expect(list.name === "TrainerCreatureList" && list.fields.creatureNames.split(JOINED_LIST_SEPARATOR)).toEqual(CREATURES);

      // 3. The window lists them in the server's order; nothing chosen, Luchar is off.
      await page.locator("#trainer-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#trainer-creatures button[data-creature]").allTextContents()).toEqual(CREATURES);
      expect(await page.isDisabled("#trainer-fight")).toBe(true);

      // 4. The wolf, Luchar: Train(2), the window closes, the wolf appears next to the trainer.
      mark = traffic.sent.length;
      received = traffic.received.length;
      await page.click('#trainer-creatures button[data-creature="2"]');
      expect(await page.getAttribute('#trainer-creatures button[data-creature="2"]', "aria-selected")).toBe("true");
      await saveScreenshot(page, SCREENSHOT);
      await page.click("#trainer-fight");
      const train = await until("Train", () => sentSince(mark, "Train")[0]);
      expect(train.fields).toEqual({ creature: 2 });
      await page.locator("#trainer-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      const wolf = await until("the wolf's CharacterCreate", () => [...creaturesSeen(traffic, received, /^Lobo de Práctica$/).values()][0]);
      expect(manhattan(wolf, TRAINER)).toBeLessThanOrEqual(3);
      console.info(`[client-trainer-e2e] the wolf appeared on (${wolf.x}, ${wolf.y})`);
      expect(sentSince(mark, "Train")).toHaveLength(1);

      // 5. /ENTRENAR again opens it; Escape closes it and tells the server nothing.
      await focusMap(page);
      received = traffic.received.length;
      await typeLine(page, "/ENTRENAR");
      await until("TrainerCreatureList again", () => traffic.received.slice(received).find((p) => p.name === "TrainerCreatureList"));
      await page.locator("#trainer-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      mark = traffic.sent.length;
      await focusMap(page);
      await page.keyboard.press("Escape");
      await page.locator("#trainer-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      await page.waitForTimeout(200);
      expect(traffic.sent.slice(mark).map((p) => p.name)).toEqual([]);

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
