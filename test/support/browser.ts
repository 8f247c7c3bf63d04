/**
 * Headless Debian Chromium for the browser e2e tests: where it is, how it is started on this
 * machine's closed network, the CI rule (a missing browser fails in CI, elsewhere the suite skips
 * and says so), the page's WebSocket traffic decoded, a polling wait, and moving the page's
 * player: walking with the arrows to a goal, clicking a map tile on the canvas.
 */
import { existsSync } from "node:fs";
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

/** Every packet the page sends and receives, decoded, across reconnects. */
export function recordTraffic(page: Page): { sent: ClientPacket[]; received: ServerPacket[] } {
  const traffic = { sent: [] as ClientPacket[], received: [] as ServerPacket[] };
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
export async function until<T>(what: string, find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, UNTIL_POLL_MS));
  }
}

/** A new account and character through the page's own forms, until the game screen shows. */
export async function createCharacterFromPage(page: Page, player: { email: string; password: string; name: string }, timeoutMs: number): Promise<void> {
  await page.fill("#login-email", player.email);
  await page.fill("#login-password", player.password);
  await page.click("#create-account");
  await page.click("#new-character", { timeout: timeoutMs });
  await page.fill("#char-name", player.name);
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
export async function tileShown(page: Page): Promise<{ x: number; y: number }> {
  const el = page.locator("#hud-position");
  return { x: Number(await el.getAttribute("data-x")), y: Number(await el.getAttribute("data-y")) };
}

const HEADINGS = [Heading.North, Heading.East, Heading.South, Heading.West] as const;
const ARROW_OF: Readonly<Record<Heading, string>> = { [Heading.North]: "ArrowUp", [Heading.East]: "ArrowRight", [Heading.South]: "ArrowDown", [Heading.West]: "ArrowLeft" };

/** The first heading of a shortest walk on `grid` from `from` to a tile where `goal` holds (breadth first), or null. */
export function firstStepOnGrid(grid: MapGrid, from: { x: number; y: number }, goal: (p: { x: number; y: number }) => boolean): Heading | null {
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

/**
 * Walks the page's player with the arrow keys until `goal` holds for its tile: one arrow at a
 * time along a shortest path on the terrain, planned again from wherever each press left it
 * (someone may stand in the way). Returns the tile reached, once the last step settled.
 */
export async function walkPageUntil(page: Page, grid: MapGrid, goal: (p: { x: number; y: number }) => boolean, timeoutMs: number): Promise<{ x: number; y: number }> {
  const deadline = performance.now() + timeoutMs;
  let here = await tileShown(page);
  while (!goal(here)) {
    if (performance.now() > deadline) throw new Error(`could not walk to the goal within ${timeoutMs} ms (stuck at ${here.x}, ${here.y})`);
    const heading = firstStepOnGrid(grid, here, goal);
    if (heading === null) throw new Error(`no path from (${here.x}, ${here.y}) to the goal`);
    const key = ARROW_OF[heading];
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
    here = await tileShown(page);
  }
  // Let the last step settle (the server's answer and the camera's slide).
  await page.waitForTimeout(500);
  return tileShown(page);
}

/** Clicks the middle of map tile (x, y) on the game canvas, where the page's camera draws it. */
export async function clickTile(page: Page, x: number, y: number): Promise<void> {
  const canvas = page.locator("#game-canvas");
  const camera = await canvas.evaluate((c) => ({ originX: Number(c.dataset.originX), originY: Number(c.dataset.originY), zoom: Number(c.dataset.zoom) }));
  await canvas.click({ position: { x: ((x - 0.5) * TILE_PX - camera.originX) * camera.zoom, y: ((y - 0.5) * TILE_PX - camera.originY) * camera.zoom } });
}
