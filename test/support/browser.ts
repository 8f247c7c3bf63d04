/**
 * Headless Debian Chromium for the browser e2e tests: where it is, how it is started on this
 * machine's closed network, the CI rule (a missing browser fails in CI, elsewhere the suite skips
 * and says so), the page's WebSocket traffic decoded, polling waits, moving the page's player
 * (walking with the arrows to a goal, holding an arrow, pointing at a map tile on the canvas) and
 * reading what the page shows (its tile, bars, inventory, gold, the creatures its packets place).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { TILE_PX } from "../../src/client/constants.ts";
import { parseMapJson, type MapGrid } from "../../src/game/map-json/index.ts";
import { checkStep, Heading, stepX, stepY } from "../../src/game/movement/index.ts";
import { decodeClientPacket, decodeServerPacket, type ClientPacket, type ServerPacket } from "../../src/protocol/index.ts";

export const CHROMIUM = "/usr/bin/chromium";
/** Without the background-networking flags Chromium tries hosts this machine cannot reach. */
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** True when the browser is missing; outside CI it says the suite is skipped. */
export function chromiumMissingFor(suite: string): boolean {
  const missing = !existsSync(CHROMIUM);
  if (missing && process.env.CI !== "true") console.warn(`[${suite}] skipped: ${CHROMIUM} not found (install Debian's chromium: apt-get install -y chromium)`);
  return missing;
}

/** How long one step of a scenario may take to show on the page, ms (the default of the waits here). */
export const STEP_TIMEOUT_MS = 10_000;

export type Tile = { x: number; y: number };
export type Traffic = { sent: ClientPacket[]; received: ServerPacket[] };

export const manhattan = (a: Tile, b: Tile) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** Where the e2e suites leave their screenshots: `.test-artifacts/` at the repo root. */
export const ARTIFACTS = join(import.meta.dir, "..", "..", ".test-artifacts");

/** Saves what the page shows now as `.test-artifacts/<file>`. */
export async function saveScreenshot(page: Page, file: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, file) });
}

/** Every packet the page sends and receives, decoded, across reconnects. */
export function recordTraffic(page: Page): Traffic {
  const traffic: Traffic = { sent: [], received: [] };
  page.on("websocket", (socket) => {
    socket.on("framesent", ({ payload }) => {
      if (typeof payload === "string") return;
      const decoded = decodeClientPacket(new Uint8Array(payload));
      if (decoded.ok) traffic.sent.push(decoded.packet);
    });
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload === "string") return;
      const decoded = decodeServerPacket(new Uint8Array(payload));
      if (decoded.ok) traffic.received.push(decoded.packet);
    });
  });
  return traffic;
}

/** How often `until` looks again, ms. */
const UNTIL_POLL_MS = 20;

/** Polls `find` until it returns something; the error names the step that did not happen. */
export async function until<T>(what: string, find: () => T | undefined, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, UNTIL_POLL_MS));
  }
}

/** A new account and character (of `class` when given) through the page's own forms, until the game screen shows. */
export async function createCharacterFromPage(page: Page, player: { email: string; password: string; name: string; class?: number }, timeoutMs: number): Promise<void> {
  await page.fill("#login-email", player.email);
  await page.fill("#login-password", player.password);
  await page.click("#create-account");
  await page.click("#new-character", { timeout: timeoutMs });
  await page.fill("#char-name", player.name);
  if (player.class !== undefined) await page.selectOption("#char-class", String(player.class));
  await page.click("#char-submit");
  await page.locator("#hud-position[data-x]").waitFor({ timeout: timeoutMs });
}

/** A map's grid as the page loads it (`GET /api/map/:id`), for planning walks in a test. */
export async function mapGridFrom(pageUrl: string, mapId: number): Promise<MapGrid> {
  const parsed = parseMapJson(await (await fetch(`${pageUrl}api/map/${mapId}`)).json());
  if (!parsed.ok) throw parsed.error;
  return parsed.grid;
}

/** The player's tile as the page's HUD shows it. */
export async function tileShown(page: Page): Promise<Tile> {
  const el = page.locator("#hud-position");
  return { x: Number(await el.getAttribute("data-x")), y: Number(await el.getAttribute("data-y")) };
}

/** What a bar of the side panel (`bar-hp`, `bar-mana`, `bar-stamina`…) shows. */
export async function barShown(page: Page, id: string): Promise<{ value: number; max: number }> {
  const bar = page.locator(`#${id}`);
  return { value: Number(await bar.getAttribute("data-value")), max: Number(await bar.getAttribute("data-max")) };
}

/** Gives the keyboard back to the map (a button clicked keeps the focus otherwise). */
export async function focusMap(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Waits until `selector` has `attribute` = `value` (the page redraws on its next frame). */
export async function waitAttribute(page: Page, selector: string, attribute: string, value: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForFunction(([sel, attr, want]) => document.querySelector(sel)?.getAttribute(attr) === want, [selector, attribute, value] as const, { timeout: timeoutMs, polling: 10 });
  } catch {
    throw new Error(`${selector} never had ${attribute}="${value}" (it has "${await page.getAttribute(selector, attribute)}")`);
  }
}

/** Units of `objIndex` the inventory shows, over every slot. */
export async function unitsShown(page: Page, objIndex: number): Promise<number> {
  return page.$$eval(`#inventory button[data-obj="${objIndex}"]`, (buttons) => buttons.reduce((sum, b) => sum + Number((b as HTMLElement).dataset.amount ?? 0), 0));
}

/** Waits until the inventory shows `want` units of `objIndex`; the error names `what` was being done. */
export async function waitUnits(page: Page, objIndex: number, want: number, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForFunction(
      ([obj, n]) => Array.from(document.querySelectorAll<HTMLElement>(`#inventory button[data-obj="${obj}"]`)).reduce((sum, b) => sum + Number(b.dataset.amount ?? 0), 0) === n,
      [objIndex, want] as const,
      { timeout: timeoutMs },
    );
  } catch {
    throw new Error(`${what}: the inventory never showed ${want} of object ${objIndex} (it shows ${await unitsShown(page, objIndex)})`);
  }
}

/** Waits until the HUD shows `want` gold; the error names `what` was being done. */
export async function waitGold(page: Page, want: number, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForFunction((n) => Number(document.querySelector("#hud-gold")?.textContent?.replace(/\D/g, "")) === n, want, { timeout: timeoutMs });
  } catch {
    throw new Error(`${what}: the gold never showed ${want} (it shows ${await page.textContent("#hud-gold")})`);
  }
}

/** The inventory slot showing `objIndex` (the first, when several do). */
export async function inventorySlotOf(page: Page, objIndex: number): Promise<number> {
  return Number(await page.locator(`#inventory button[data-obj="${objIndex}"]`).first().getAttribute("data-slot"));
}

/** Where the NPCs whose names match `names` stand on the current map, from the server's packets since `from`. */
export function creaturesSeen(traffic: Traffic, from: number, names: RegExp): Map<number, Tile & { name: string }> {
  const creatures = new Map<number, Tile & { name: string }>();
  for (const packet of traffic.received.slice(from)) {
    if (packet.name === "CharacterCreate" && packet.fields.isNpc !== 0 && names.test(packet.fields.name)) {
      creatures.set(packet.fields.charIndex, { x: packet.fields.x, y: packet.fields.y, name: packet.fields.name });
    } else if (packet.name === "CharacterMove" || packet.name === "PosUpdateChar" || packet.name === "CharacterTranslate") {
      const known = creatures.get(packet.fields.charIndex);
      if (known) creatures.set(packet.fields.charIndex, { ...known, x: packet.fields.x, y: packet.fields.y });
    } else if (packet.name === "CharacterRemove") {
      creatures.delete(packet.fields.charIndex);
    }
  }
  return creatures;
}

export const HEADINGS = [Heading.North, Heading.East, Heading.South, Heading.West] as const;
export const ARROW_OF: Readonly<Record<Heading, string>> = { [Heading.North]: "ArrowUp", [Heading.East]: "ArrowRight", [Heading.South]: "ArrowDown", [Heading.West]: "ArrowLeft" };

/** The first heading of a shortest walk on `grid` from `from` to a tile where `goal` holds (breadth first), or null. */
export function firstStepOnGrid(grid: MapGrid, from: Tile, goal: (p: Tile) => boolean): Heading | null {
  const firstOf = new Map<number, Heading | 0>([[from.y * 1000 + from.x, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    const first = firstOf.get(p.y * 1000 + p.x)!;
    if (first !== 0 && goal(p)) return first;
    for (const heading of HEADINGS) {
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

/** How long one arrow of a planned walk is held before planning again (someone may stand in the way), ms. */
const WALK_STEP_MS = 2_000;

/** Holds `key` until the shown tile changes or `ms` pass (blocked, or only a turn: an answer too); returns the tile then. */
export async function press(page: Page, key: string, ms: number): Promise<Tile> {
  const from = await tileShown(page);
  await page.keyboard.down(key);
  try {
    await page.waitForFunction(
      ([x, y]) => {
        const el = document.querySelector<HTMLElement>("#hud-position");
        return Number(el?.dataset.x) !== x || Number(el?.dataset.y) !== y;
      },
      [from.x, from.y] as const,
      { timeout: ms, polling: 10 },
    );
  } catch {
    // Blocked (someone in the way, or a turn): that is an answer too.
  }
  await page.keyboard.up(key);
  return tileShown(page);
}

/**
 * Walks the page's player with the arrow keys until `goal` holds for its tile: one arrow at a
 * time along a shortest path on the terrain, planned again from wherever each press left it
 * (someone may stand in the way). Returns the tile reached, once the last step settled.
 */
export async function walkPageUntil(page: Page, grid: MapGrid, goal: (p: Tile) => boolean, timeoutMs: number): Promise<Tile> {
  const deadline = performance.now() + timeoutMs;
  let here = await tileShown(page);
  while (!goal(here)) {
    if (performance.now() > deadline) throw new Error(`could not walk to the goal within ${timeoutMs} ms (stuck at ${here.x}, ${here.y})`);
    const heading = firstStepOnGrid(grid, here, goal);
    if (heading === null) throw new Error(`no path from (${here.x}, ${here.y}) to the goal`);
    await press(page, ARROW_OF[heading], WALK_STEP_MS);
    await page.waitForTimeout(50);
    here = await tileShown(page);
  }
  // Let the last step settle (the server's answer and the camera's slide).
  await page.waitForTimeout(500);
  return tileShown(page);
}

/** Where the middle of map tile (x, y) is on the game canvas, as the page's camera draws it. */
async function tilePoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const camera = await page.locator("#game-canvas").evaluate((c) => ({ originX: Number(c.dataset.originX), originY: Number(c.dataset.originY), zoom: Number(c.dataset.zoom) }));
  return { x: ((x - 0.5) * TILE_PX - camera.originX) * camera.zoom, y: ((y - 0.5) * TILE_PX - camera.originY) * camera.zoom };
}

/** Clicks the middle of map tile (x, y) on the game canvas, where the page's camera draws it. */
export async function clickTile(page: Page, x: number, y: number): Promise<void> {
  await page.locator("#game-canvas").click({ position: await tilePoint(page, x, y) });
}

/** Moves the mouse over the middle of map tile (x, y) on the game canvas (a crosshair follows it). */
export async function hoverTile(page: Page, x: number, y: number): Promise<void> {
  await page.locator("#game-canvas").hover({ position: await tilePoint(page, x, y) });
}
