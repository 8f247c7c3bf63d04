/**
 * Magic in the browser against a real server, in headless Chromium, on the default world
 * (issue #16; combat-and-progression §5, §9).
 *
 * A mage (class 1, chosen in the page's creation form) logs out in town and is put in the field
 * by the wild boar while offline (hurt, 200 of 300 HP, and 50 of 100 mana, so the casts and the
 * meditation show on the bars), then plays again from the character list:
 *
 * - The spell list: H shows the book the login burst sent (`ChangeSpellSlot`) instead of the
 *   inventory, with the names and mana from `/api/world` ("1. Chispa (6 maná)", "2. Alivio …").
 * - Chispa on the boar: a click selects it and "Lanzar" sends `CastSpell(1)`; the server asks for a
 *   target (`WorkRequestTarget(1)`): the crosshair and the hint "Lanzar Chispa…" show; a click on
 *   the boar goes out as `WorkLeftClick(x, y, 1)` (never a `LeftClick`), and the server answers:
 *   the words over the mage ("ARDE, CHISPA", listed in `#char-effects`), 382 in the console
 *   ("¡Le has quitado N puntos…"), the damage over the boar (`#char-texts`), and the mana bar down
 *   by exactly the spell's 6.
 * - Alivio on oneself: a double click on its row casts it; a click on the mage heals it: the
 *   green number over the mage, "Te curaste N puntos de vida." and the HP bar up by N from where
 *   the server last had it.
 * - Meditation: M sends `Meditate`; the server's `MeditateToggle` puts the ring on the mage (listed
 *   in `#char-effects`) and the "Meditando" mark; the mana bar rises with `UpdateMana`; M again
 *   stops it.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/index.ts";
import { Heading } from "../src/game/movement/index.ts";
import type { ServerPacket } from "../src/protocol/index.ts";
import { barShown, chromiumMissingFor, clickTile, focusMap, saveScreenshot, STEP_TIMEOUT_MS, tileShown, until, type Tile, type Traffic } from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 180_000;
/** How long the test keeps casting at the boar until one lands. */
const HUNT_TIMEOUT_MS = 60_000;
/**
 * How long a cast's answer may take before the test casts again (the boar may have moved). Long
 * enough for a loaded machine: an answer that came later than this would land a second cast, and
 * the mana counted below would be off by one spell.
 */
const CAST_ANSWER_MS = 5_000;
/** `IntervaloLanzaHechizo` (1230 ms) and a margin: a click sooner restarts the server's lock. */
const CAST_WAIT_MS = 1_350;

const AIM_SCREENSHOT = "client-spell-aim.png";
const MEDITATION_SCREENSHOT = "client-meditation.png";

const MAGE = 1;
/** `e_Skill.Magia`: the skill of a spell's target request and click. */
const MAGIC = 1;
/** The default world's spells: Chispa (damage, 6 mana), Alivio (heal, 8 mana). */
const SPARK = { id: 1, slot: 1, mana: 6, words: "ARDE, CHISPA" } as const;
const SOOTHE = { id: 2, slot: 2, mana: 8, words: "SANA, ALIVIO" } as const;
/** Locale 382: you took ¬1 HP from the creature; 33: you healed yourself ¬1 HP. */
const SPELL_DAMAGE = 382;
const SELF_HEALED = 33;
/** The field's boar spawns at (60, 40) (src/content/default-world/build-maps.ts); the mage stands three tiles east. */
const BOAR_SPAWN = { x: 60, y: 40 } as const;
const MAGE_SPOT = { x: BOAR_SPAWN.x + 3, y: BOAR_SPAWN.y } as const;
/** A boar counts as in reach within this many tiles each way. */
const BOAR_RANGE = 5;
const HP = 200;
const MAX_HP = 300;
const MANA = 50;
const MAX_MANA = 100;

const chromiumMissing = chromiumMissingFor("client-spells-e2e");

/** Where the boars of the map stand, from the server's packets since `from`. */
function boarsSeen(traffic: Traffic, from: number): Map<number, Tile> {
  const boars = new Map<number, Tile>();
  for (const p of traffic.received.slice(from)) {
    if (p.name === "CharacterCreate" && p.fields.npcNumber === DEFAULT_NPCS.wildBoar && p.fields.isNpc !== 0) boars.set(p.fields.charIndex, { x: p.fields.x, y: p.fields.y });
    else if (p.name === "CharacterMove" || p.name === "PosUpdateChar" || p.name === "CharacterTranslate") {
      if (boars.has(p.fields.charIndex)) boars.set(p.fields.charIndex, { x: p.fields.x, y: p.fields.y });
    } else if (p.name === "CharacterRemove") boars.delete(p.fields.charIndex);
  }
  return boars;
}

/** The boar nearest to `at` within a few tiles (well inside the view and the spell's range), if any. */
function nearestBoar(traffic: Traffic, from: number, at: Tile): (Tile & { charIndex: number }) | undefined {
  let best: (Tile & { charIndex: number }) | undefined;
  for (const [charIndex, tile] of boarsSeen(traffic, from)) {
    const d = Math.abs(tile.x - at.x) + Math.abs(tile.y - at.y);
    if (Math.abs(tile.x - at.x) > BOAR_RANGE || Math.abs(tile.y - at.y) > BOAR_RANGE || d === 0) continue;
    if (best === undefined || d < Math.abs(best.x - at.x) + Math.abs(best.y - at.y)) best = { ...tile, charIndex };
  }
  return best;
}

/** The own HP the server last reported before packet number `before`. */
function hpBefore(traffic: Traffic, before: number): number | undefined {
  for (let i = before - 1; i >= 0; i--) {
    const p = traffic.received[i]!;
    if (p.name === "UpdateHP") return p.fields.minHp;
    if (p.name === "UpdateUserStats") return p.fields.minHp;
  }
  return undefined;
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser magic end to end", () => {
  const { playerPage, playAgainEdited } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "H shows the book; Chispa from the list hurts the boar for its mana; Alivio heals the mage; M meditates and the mana rises",
    async () => {
      // 0. A mage made through the page, moved to the field by the boar while offline.
      const name = "Hechicera";
      const mage = await playerPage("mage@example.org", name, { class: MAGE });
      const { page, traffic, pageErrors } = mage;
      const sentSince = (from: number, name: string) => traffic.sent.slice(from).filter((p) => p.name === name);
      const created = await until("UpdateUserStats", () => traffic.received.find((p) => p.name === "UpdateUserStats"));
      expect(created.name === "UpdateUserStats" && created.fields.class).toBe(MAGE);
      const { me, loginFrom } = await playAgainEdited(mage, name, (record) => {
        record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: MAGE_SPOT.x, y: MAGE_SPOT.y, heading: Heading.West };
        record.vitals = { ...record.vitals, hp: HP, maxHp: MAX_HP, mana: MANA, maxMana: MAX_MANA };
      });
      expect(Number(await page.getAttribute("#hud-position", "data-map"))).toBe(DEFAULT_WORLD_MAP_IDS.field);
      await page.waitForFunction((mana) => document.querySelector("#bar-mana")?.getAttribute("data-value") === String(mana), MANA, { timeout: STEP_TIMEOUT_MS });
      expect(boarsSeen(traffic, loginFrom).size).toBeGreaterThan(0);

      // 1. H shows the spell list instead of the inventory: the book of the login burst, named by the world.
      const slots = traffic.received.slice(loginFrom).filter((p) => p.name === "ChangeSpellSlot");
      expect(slots).toHaveLength(40);
      await focusMap(page);
      await page.keyboard.press("KeyH");
      await page.locator("#spells-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#inventory-panel").isHidden()).toBe(true);
      expect(await page.getAttribute("#tab-spells", "aria-pressed")).toBe("true");
      const row = (slot: number) => `#spell-list button[data-slot="${slot}"]`;
      await page.locator(row(SPARK.slot)).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#spell-list button.spell-row").allTextContents()).toEqual(["1. Chispa (6 maná)", "2. Alivio (8 maná)", "3. Atadura (10 maná)"]);
      expect(await page.getAttribute(row(SPARK.slot), "data-spell")).toBe(String(SPARK.id));

      // 2. Chispa on the boar, until a cast lands (the boar walks; a click out of range is refused).
      await page.click(row(SPARK.slot));
      await page.waitForFunction(() => document.querySelector("#spells-panel")?.getAttribute("data-selected") === "1", undefined, { timeout: STEP_TIMEOUT_MS });
      const deadline = performance.now() + HUNT_TIMEOUT_MS;
      let landed: { from: number; manaBefore: number; boar: number } | null = null;
      let casts = 0;
      let screenshot = false;
      while (landed === null) {
        if (performance.now() > deadline) throw new Error(`no Chispa landed within ${HUNT_TIMEOUT_MS} ms after ${casts} cast(s)`);
        // The hostile boar comes to bite: wait until one is near.
        if (nearestBoar(traffic, loginFrom, await tileShown(page)) === undefined) {
          await page.waitForTimeout(200);
          continue;
        }
        const manaBefore = (await barShown(page, "bar-mana")).value;
        let mark = traffic.sent.length;
        let received = traffic.received.length;
        await page.click("#spell-cast");
        const cast = await until("CastSpell", () => sentSince(mark, "CastSpell")[0]);
        expect(cast.fields).toMatchObject({ slot: SPARK.slot });
        const request = await until("WorkRequestTarget", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget"));
        expect(request.fields).toMatchObject({ skill: MAGIC });
        await page.locator("#target-hint").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
        expect(await page.textContent("#target-hint")).toContain("Lanzar Chispa");
        expect(await page.getAttribute("#target-hint", "data-spell")).toBe(String(SPARK.id));
        expect(await page.locator("#game-canvas.aiming").count()).toBe(1);
        const at = nearestBoar(traffic, loginFrom, await tileShown(page));
        if (at === undefined) {
          await page.keyboard.press("Escape");
          continue;
        }
        if (!screenshot) {
          await saveScreenshot(page, AIM_SCREENSHOT);
          screenshot = true;
        }
        mark = traffic.sent.length;
        received = traffic.received.length;
        // The tile above the boar: the server looks at the char just below a click first (a click on its head).
        await clickTile(page, at.x, at.y - 1);
        const click = await until("WorkLeftClick", () => sentSince(mark, "WorkLeftClick")[0]);
        expect(click.fields).toMatchObject({ x: at.x, y: at.y - 1, skill: MAGIC });
        expect(sentSince(mark, "LeftClick")).toEqual([]);
        casts++;
        await page.locator("#target-hint").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
        const hit = await until(
          "locale 382",
          () => traffic.received.slice(received).find((p) => p.name === "LocaleMsg" && p.fields.messageId === SPELL_DAMAGE),
          CAST_ANSWER_MS,
        ).catch(() => undefined);
        if (hit) landed = { from: received, manaBefore, boar: at.charIndex };
        else await page.waitForTimeout(CAST_WAIT_MS);
      }
      const after = traffic.received.slice(landed.from);
      const damage = after.find((p) => p.name === "LocaleMsg" && p.fields.messageId === SPELL_DAMAGE);
      const dealt = damage?.name === "LocaleMsg" ? damage.fields.params : "";
      expect(Number(dealt)).toBeGreaterThan(0);
      // The words over the mage, the line in the console, the number over the boar, the mana bar down by exactly 6.
      expect(after.some((p) => p.name === "ChatOverHead" && p.fields.isSpell && p.fields.text === `PMAG*${SPARK.id}` && p.fields.charIndex === me)).toBe(true);
      await page.locator(`#char-effects li[data-kind="words"][data-char="${me}"]`, { hasText: SPARK.words }).waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      await page.locator("#console", { hasText: `¡Le has quitado ${dealt} puntos de vida a la criatura!` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.locator(`#char-texts li[data-char="${landed.boar}"][data-text="${dealt}"]`).first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      const manaPackets = after.filter((p) => p.name === "UpdateMana").map((p) => (p.name === "UpdateMana" ? p.fields.minMana : 0));
      expect(manaPackets).toEqual([landed.manaBefore - SPARK.mana]);
      await page.waitForFunction((mana) => document.querySelector("#bar-mana")?.getAttribute("data-value") === String(mana), landed.manaBefore - SPARK.mana, { timeout: STEP_TIMEOUT_MS });
      console.info(`[client-spells-e2e] Chispa landed after ${casts} cast(s) for ${dealt}`);

      // 3. Alivio on the mage: a double click on its row, then a click on the mage.
      await page.waitForTimeout(CAST_WAIT_MS);
      let healed: ServerPacket | undefined;
      let healFrom = 0;
      for (let attempt = 0; attempt < 5 && healed === undefined; attempt++) {
        let mark = traffic.sent.length;
        let received = traffic.received.length;
        await page.dblclick(row(SOOTHE.slot));
        const cast = await until("CastSpell (Alivio)", () => sentSince(mark, "CastSpell").find((p) => p.name === "CastSpell" && p.fields.slot === SOOTHE.slot));
        expect(cast.name).toBe("CastSpell");
        await until("WorkRequestTarget (Alivio)", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget"));
        await page.locator("#target-hint", { hasText: "Lanzar Alivio" }).waitFor({ timeout: STEP_TIMEOUT_MS });
        const here = await tileShown(page);
        mark = traffic.sent.length;
        received = traffic.received.length;
        await clickTile(page, here.x, here.y - 1);
        await until("WorkLeftClick (Alivio)", () => sentSince(mark, "WorkLeftClick")[0]);
        healed = await until("locale 33", () => traffic.received.slice(received).find((p) => p.name === "LocaleMsg" && p.fields.messageId === SELF_HEALED), CAST_ANSWER_MS).catch(() => undefined);
        healFrom = received;
        if (!healed) await page.waitForTimeout(CAST_WAIT_MS);
      }
      expect(healed).toBeDefined();
      const amount = healed!.name === "LocaleMsg" ? Number(healed!.fields.params) : 0;
      expect(amount).toBeGreaterThan(0);
      // The heal's own HP packet: where the server had the HP just before, plus the amount.
      const healPackets = traffic.received.slice(healFrom);
      const greenIndex = healPackets.findIndex((p) => p.name === "TextOverChar" && p.fields.charIndex === me && p.fields.text === String(amount));
      expect(greenIndex).toBeGreaterThanOrEqual(0);
      const hpIndex = healPackets.findIndex((p, i) => i > greenIndex && p.name === "UpdateHP");
      const hpPacket = healPackets[hpIndex]!;
      const hpBeforeHeal = hpBefore(traffic, healFrom + hpIndex)!;
      expect(hpPacket.name === "UpdateHP" && hpPacket.fields.minHp).toBe(Math.min(MAX_HP, hpBeforeHeal + amount));
      await page.locator("#console", { hasText: `Te curaste ${amount} puntos de vida.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      // The heal's own text (its colour tells it from a bite of the same amount shown at the same time).
      const healColor = (healPackets[greenIndex]!.fields as { color: number }).color;
      await page.locator(`#char-texts li[data-char="${me}"][data-text="${amount}"][data-color="${healColor}"]`).first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      // The HP bar follows the server's last word.
      await page.waitForFunction(
        () => {
          const bar = document.querySelector("#bar-hp");
          return bar !== null && Number(bar.getAttribute("data-value")) > 0;
        },
        undefined,
        { timeout: STEP_TIMEOUT_MS },
      );
      const lastHp = traffic.received.findLast((p) => p.name === "UpdateHP");
      await page.waitForFunction((hp) => document.querySelector("#bar-hp")?.getAttribute("data-value") === String(hp), lastHp?.name === "UpdateHP" ? lastHp.fields.minHp : -1, { timeout: STEP_TIMEOUT_MS });
      const manaAfterCasts = (await barShown(page, "bar-mana")).value;
      expect(manaAfterCasts).toBe(landed.manaBefore - SPARK.mana - SOOTHE.mana);

      // 4. M meditates: the ring on the mage and the mark; the mana bar rises; M again stops it.
      await focusMap(page);
      let mark = traffic.sent.length;
      let received = traffic.received.length;
      await page.keyboard.press("KeyM");
      await until("Meditate", () => sentSince(mark, "Meditate")[0]);
      const toggle = await until("MeditateToggle on", () => traffic.received.slice(received).find((p) => p.name === "MeditateToggle" && p.fields.charIndex === me));
      expect(toggle.name === "MeditateToggle" && toggle.fields.fx).toBeGreaterThan(0);
      await page.locator(`#char-effects li[data-kind="meditation"][data-char="${me}"]`).waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      await page.locator('#status-marks [data-status="meditating"]').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.textContent("#act-meditate")).toBe("Dejar de meditar (M)");
      // The boar Chispa did not kill may bite, and a bite may end the meditation (VB6 `NpcDamage`):
      // then M again, as a player would, until a tick of mana comes.
      let stopsSeen = traffic.received.length;
      await until(
        "UpdateMana while meditating",
        () => {
          const stopped = traffic.received.slice(stopsSeen).some((p) => p.name === "MeditateToggle" && p.fields.charIndex === me && p.fields.fx === 0);
          if (stopped) {
            stopsSeen = traffic.received.length;
            void page.keyboard.press("KeyM");
          }
          return traffic.received.slice(received).find((p) => p.name === "UpdateMana" && p.fields.minMana > manaAfterCasts);
        },
        3 * STEP_TIMEOUT_MS,
      );
      await page.waitForFunction((mana) => Number(document.querySelector("#bar-mana")?.getAttribute("data-value")) > mana, manaAfterCasts, { timeout: STEP_TIMEOUT_MS });
      await saveScreenshot(page, MEDITATION_SCREENSHOT);
      mark = traffic.sent.length;
      received = traffic.received.length;
      await page.keyboard.press("KeyM");
      await until("Meditate (stop)", () => sentSince(mark, "Meditate")[0]);
      await until("MeditateToggle off", () => traffic.received.slice(received).find((p) => p.name === "MeditateToggle" && p.fields.charIndex === me && p.fields.fx === 0));
      await page.locator('#status-marks [data-status="meditating"]').waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });
      await page.locator(`#char-effects li[data-kind="meditation"][data-char="${me}"]`).waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });

      // 5. H again: back to the inventory.
      await page.keyboard.press("KeyH");
      await page.locator("#inventory-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#spells-panel").isHidden()).toBe(true);
      // Every CastSpell and spell click carried the next counter.
      const counters = (name: "CastSpell" | "WorkLeftClick") => traffic.sent.filter((p) => p.name === name).map((p) => (p.name === name ? p.fields.counter : 0));
      expect(counters("CastSpell")).toEqual(counters("CastSpell").map((_, i) => i + 1));
      expect(counters("WorkLeftClick")).toEqual(counters("WorkLeftClick").map((_, i) => i + 1));
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
