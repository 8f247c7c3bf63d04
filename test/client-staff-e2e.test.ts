/**
 * Staff in the browser against a real server, in headless Chromium, on the default world: a
 * character granted Dios in the database plays again from the character list, the login burst's
 * `Privilegios` shows the "GM" mark, and the chat box's staff commands work as in the stock client:
 * `/GMSG` on the staff channel, `/ONLINE` counts, `/ECHAR` closes a TCP player's connection and
 * the console says so, `/BAN nick@motivo` bans one (closed, announced) and `/UNBAN` lifts it. Before the grant the same page's `/RMSG` is refused by the server (Msg528).
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { chromiumMissingFor, focusMap, STEP_TIMEOUT_MS, until } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";
import { createAndEnter } from "./support/world-players.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const chromiumMissing = chromiumMissingFor("client-staff-e2e");

/** Enter, the line, Enter: how a player uses the chat box. */
async function typeLine(page: Page, line: string): Promise<void> {
  await page.keyboard.press("Enter");
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser staff commands end to end", () => {
  const { live, playerPage, playAgainEdited } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "a granted Dios sees the GM mark and uses /GMSG, /ONLINE, /ECHAR, /BAN and /UNBAN from the chat box",
    async () => {
      const name = "Moderadora";
      const player = await playerPage("staff@example.org", name);
      const { page, traffic, pageErrors } = player;
      expect(await page.locator("#hud-staff").isHidden()).toBe(true);
      await focusMap(page);
      const refusedFrom = traffic.received.length;
      await typeLine(page, "/RMSG antes de tiempo");
      await until("the refusal", () => traffic.received.slice(refusedFrom).find((p) => p.name === "LocaleMsg" && p.fields.messageId === 528));

      const granted = await live.ts.server.database.staff.grant(name, { rank: "dios", rolemaster: false }, { by: { kind: "cli", name: "test" }, action: "staff grant" });
      expect(granted.kind).toBe("ok");
      const { loginFrom } = await playAgainEdited(player, name, () => {});
      await until("Privilegios", () => traffic.received.slice(loginFrom).find((p) => p.name === "Privilegios" && p.fields.isStaff));
      await page.locator("#hud-staff").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });

      const target = await createAndEnter(live.ts, "tcp", "Echado");
      await focusMap(page);
      await typeLine(page, "/GMSG hola equipo");
      await page.locator("#console", { hasText: `${name} » hola equipo` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await typeLine(page, "/ONLINE");
      await page.locator("#console", { hasText: "Usuarios conectados: 2." }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await typeLine(page, `/ECHAR ${target.name}`);
      await target.client.waitForClose();
      await page.locator("#console", { hasText: `${name} echó a ${target.name}.` }).waitFor({ timeout: STEP_TIMEOUT_MS });

      const cheater = await createAndEnter(live.ts, "tcp", "Baneado");
      await focusMap(page);
      await typeLine(page, `/BAN ${cheater.name}@spam`);
      await cheater.client.waitForClose();
      await page.locator("#console", { hasText: `${name} baneó a ${cheater.name}. Motivo: spam.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await typeLine(page, `/UNBAN ${cheater.name}`);
      await page.locator("#console", { hasText: `${cheater.name} ya no está baneado.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
