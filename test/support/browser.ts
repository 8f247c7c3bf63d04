/**
 * Headless Debian Chromium for the browser e2e tests: where it is, how it is started on this
 * machine's closed network, the CI rule (a missing browser fails in CI, elsewhere the suite skips
 * and says so), the page's WebSocket traffic decoded, and a polling wait.
 */
import { existsSync } from "node:fs";
import type { Page } from "playwright-core";
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
