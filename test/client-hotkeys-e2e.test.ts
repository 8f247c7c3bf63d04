/**
 * The browser's hotkey bar against a real server, in headless Chromium: a new mage (the default
 * world's spells are bindable, the login announces `hotokey-enabled`) sees the ten slots, drags
 * Alivio from its spell list onto slot 1 (`SetHotkeySlot(0, 2, 2, 2)`), presses 1 on the map
 * (`UseHKeySlot(0)`) and the server asks for Alivio's target (`WorkRequestTarget(1)`). After a
 * logout and a new entry the page sends the stored bar again (every slot) and the key still works.
 * systems/hotkeys.ts, client/hotkey-bar.ts.
 *
 * Without /usr/bin/chromium the test fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import { chromiumMissingFor, focusMap, saveScreenshot, STEP_TIMEOUT_MS, until } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 90_000;
const MAGE = 1;
const SOOTHE = { slot: 2, spellId: 2, name: "Alivio" } as const;

const chromiumMissing = chromiumMissingFor("client-hotkeys-e2e");

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser hotkey bar end to end", () => {
  const { playerPage, playAgainEdited } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "drag Alivio onto slot 1, press 1: UseHKeySlot and the target cursor; the bar comes back after a new entry",
    async () => {
      const name = "Atajera";
      const mage = await playerPage("hotkeys@example.org", name, { class: MAGE });
      const { page, traffic, pageErrors } = mage;
      const sentSince = (from: number, packet: string) => traffic.sent.slice(from).filter((p) => p.name === packet);
      const toggles = traffic.received.find((p) => p.name === "SendClientToggles");
      expect(toggles?.name === "SendClientToggles" && toggles.fields.toggles).toEqual(["hotokey-enabled"]);
      await page.locator("#hotkey-bar").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#hotkey-bar button[data-hotkey]").count()).toBe(10);

      // 1. Drag Alivio from the spell list onto the first slot.
      await focusMap(page);
      await page.keyboard.press("KeyH");
      const row = page.locator(`#spell-list button[data-slot="${SOOTHE.slot}"]`);
      await row.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await row.getAttribute("draggable")).toBe("true");
      let mark = traffic.sent.length;
      await row.dragTo(page.locator('#hotkey-bar button[data-hotkey="0"]'));
      const bound = await until("SetHotkeySlot", () => sentSince(mark, "SetHotkeySlot")[0]);
      expect(bound.fields).toEqual({ slotIndex: 0, index: SOOTHE.spellId, lastKnownSlot: SOOTHE.slot, hotkeyType: 2 });
      await page.locator('#hotkey-bar button[data-hotkey="0"]', { hasText: SOOTHE.name }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // 2. Press 1 on the map: UseHKeySlot(0), and the server asks where to cast Alivio.
      await focusMap(page);
      mark = traffic.sent.length;
      let received = traffic.received.length;
      await page.keyboard.press("Digit1");
      expect((await until("UseHKeySlot", () => sentSince(mark, "UseHKeySlot")[0])).fields).toEqual({ slotIndex: 0 });
      const asked = await until("WorkRequestTarget", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget"));
      expect(asked.name === "WorkRequestTarget" && asked.fields.skill).toBe(1);
      await saveScreenshot(page, "client-hotkeys.png");
      await page.keyboard.press("Escape");

      // 3. A new entry: the page sends every stored slot again, and the key still casts.
      mark = traffic.sent.length;
      await playAgainEdited(mage, name, () => {});
      const resent = sentSince(mark, "SetHotkeySlot");
      expect(resent).toHaveLength(10);
      expect(resent[0]!.fields).toEqual({ slotIndex: 0, index: SOOTHE.spellId, lastKnownSlot: SOOTHE.slot, hotkeyType: 2 });
      await page.locator('#hotkey-bar button[data-hotkey="0"]', { hasText: SOOTHE.name }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await focusMap(page);
      received = traffic.received.length;
      await page.keyboard.press("Digit1");
      await until("WorkRequestTarget after the new entry", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget"));

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
