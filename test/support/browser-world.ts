/**
 * A browser against a live world for one `describe` block: a real server (PGlite, TCP, the
 * default world) and one headless Chromium, started before its tests and stopped after them,
 * and pages that play a new character made through the page's forms, or one changed while
 * offline and played again from the character list.
 */
import { afterAll, beforeAll, expect } from "bun:test";
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import type { CharacterRecord } from "../../src/game/character/index.ts";
import type { MapGrid } from "../../src/game/map-json/index.ts";
import { CHROMIUM, CHROMIUM_FLAGS, createCharacterFromPage, mapGridFrom, recordTraffic, STEP_TIMEOUT_MS, until, type Traffic } from "./browser.ts";
import { editOffline, liveWorld } from "./world-players.ts";

/** The password of every account the pages make. */
const PAGE_PASSWORD = "browser-secret";
const VIEWPORT = { width: 1100, height: 800 } as const;

/** A page in the game, its decoded traffic and the errors it threw. */
export interface PlayerPage {
  page: Page;
  traffic: Traffic;
  pageErrors: string[];
}

/** A page played again: its own char index and where its new login's packets start. */
export interface PlayedAgain {
  me: number;
  loginFrom: number;
}

/** Starts the server and the browser for the enclosing `describe`; `timeoutMs` bounds starting and stopping them. */
export function browserWorld(timeoutMs: number) {
  const live = liveWorld("pglite", "tcp");
  let browser: Browser | undefined;
  let pageUrl = "";

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is required in CI (apt-get install -y chromium)`).toBe(true);
    pageUrl = `http://127.0.0.1:${live.ts.httpPort}/`;
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  }, timeoutMs);

  afterAll(async () => {
    await browser?.close().catch(() => {});
  }, timeoutMs);

  /** A new page with its traffic recorded and its errors collected, and a new character (of `class`, when given) in the world. */
  async function playerPage(email: string, name: string, options: { class?: number } = {}): Promise<PlayerPage> {
    const page = await browser!.newPage({ viewport: VIEWPORT });
    const traffic = recordTraffic(page);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(pageUrl);
    await createCharacterFromPage(page, { email, password: PAGE_PASSWORD, name, ...options }, STEP_TIMEOUT_MS);
    await until("Logged", () => traffic.received.find((p) => p.name === "Logged"));
    return { page, traffic, pageErrors };
  }

  /**
   * Logs the page's character `name` out (in town: at once), changes it offline with `edit` and
   * plays it again from the character list; returns once the login burst is in and its own index known.
   */
  async function playAgainEdited({ page, traffic }: PlayerPage, name: string, edit: (record: CharacterRecord) => void): Promise<PlayedAgain> {
    await page.click("#logout");
    await until("Disconnect", () => traffic.received.find((p) => p.name === "Disconnect"));
    await editOffline(live.ts, name, edit);
    const loginFrom = traffic.received.length;
    await page.click(`button.play[data-name="${name}"]`, { timeout: STEP_TIMEOUT_MS });
    await until("Logged again", () => traffic.received.slice(loginFrom).find((p) => p.name === "Logged"));
    const own = await until("UserCharIndexInServer", () => traffic.received.slice(loginFrom).findLast((p) => p.name === "UserCharIndexInServer"));
    const me = own.name === "UserCharIndexInServer" ? own.fields.charIndex : 0;
    await page.locator("#hud-position[data-x]").waitFor({ timeout: STEP_TIMEOUT_MS });
    return { me, loginFrom };
  }

  return {
    live,
    playerPage,
    playAgainEdited,
    /** A new character made through a page, changed offline by `edit` and played again (see `playAgainEdited`). */
    async editedPlayer(email: string, name: string, edit: (record: CharacterRecord) => void): Promise<PlayerPage & PlayedAgain> {
      const player = await playerPage(email, name);
      return { ...player, ...(await playAgainEdited(player, name, edit)) };
    },
    /** A map's grid as the page loads it, for planning walks. */
    mapGrid: (mapId: number): Promise<MapGrid> => mapGridFrom(pageUrl, mapId),
  };
}
