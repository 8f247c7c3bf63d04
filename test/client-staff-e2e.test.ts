/**
 * Staff in the browser against a real server, in headless Chromium, on the default world: a
 * character granted Dios in the database plays again from the character list, the login burst's
 * `Privilegios` shows the "GM" mark, and the chat box's staff commands work as in the stock client:
 * `/GMSG` on the staff channel, `/ONLINE` counts, `/ECHAR` closes a TCP player's connection and
 * the console says so, `/BAN nick@motivo` bans one (closed, announced) and `/UNBAN` lifts it. Before the grant the same page's `/RMSG` is refused by the server (Msg528).
 * Then the staff's forms: `/MOTDCAMBIA`'s editor changes the message of the day `/MOTD` shows, and
 * `/PANELGM`'s SOS panel lists a TCP player's `/GM` request, whose "Atendido" closes it.
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

/** Polls an asynchronous condition (a database read) until it holds. */
async function eventually(what: string, holds: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  while (!(await holds())) {
    if (performance.now() > deadline) throw new Error(`no ${what} within ${STEP_TIMEOUT_MS} ms`);
    await Bun.sleep(50);
  }
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

      // The MOTD editor: /MOTDCAMBIA opens it with the current lines; Save changes what /MOTD shows.
      await typeLine(page, "/MOTDCAMBIA");
      await page.locator("#motd-text").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await page.locator("#motd-text").fill("Bienvenidos a Alba\nNada de macros");
      const savedFrom = traffic.received.length;
      await page.locator("#motd-save").click();
      await until("Msg984", () => traffic.received.slice(savedFrom).find((p) => p.name === "LocaleMsg" && p.fields.messageId === 984));
      expect(await page.locator("#staff-form").isHidden()).toBe(true);
      await focusMap(page);
      await typeLine(page, "/MOTD");
      await page.locator("#console", { hasText: "Nada de macros" }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // The SOS panel: a player's /GM request is listed by /PANELGM; "Atendido" closes it in the database.
      const asker = await createAndEnter(live.ts, "tcp", "Perdido");
      asker.client.send("QuestionGM", { question: "estoy trabado", questionType: "Consulta regular", counter: 1 });
      const pending = async () => (await live.ts.server.database.moderation.listReports({ status: "pending", limit: 50 })).filter((report) => report.reporterName === asker.name);
      await eventually("the request in the queue", async () => (await pending()).length === 1);
      await focusMap(page);
      await typeLine(page, "/PANELGM");
      const request = page.locator(".sos-request", { hasText: "estoy trabado" });
      await request.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await request.locator(".sos-head").textContent()).toContain(asker.name);
      await request.locator(".sos-resolve").click();
      await eventually("the request closed", async () => (await pending()).length === 0);
      expect(await page.locator(".sos-request", { hasText: "estoy trabado" }).count()).toBe(0);
      asker.client.close();
      expect(pageErrors).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
