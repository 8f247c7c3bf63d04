/**
 * Shots and faction status in the browser against a real server, in headless Chromium, on the
 * default world (issue #15; combat-and-progression §4, §8.2).
 *
 * Shooting: a character is given the training bow and arrows while offline (and put in the
 * fields, tough enough that a boar's bites do not matter), logs in, selects each and presses E:
 * both are equipped. U on the bow makes the server ask for a target (`WorkRequestTarget(12)`): the
 * page shows the aiming hint and the crosshair cursor; Escape gives up (the next click is a plain
 * `LeftClick`). U again, then a click on a creature in range goes out as `WorkLeftClick(x, y, 12)`
 * with its counter, and the server shoots: the bow's swing (`ArmaMov`, ranged) and a miss
 * ("Fallas" over us) or the damage over the creature, which the page lists in `#char-texts`.
 *
 * Status: two characters stand side by side on the open plain. The HUD says "Seguro: sí" (a
 * citizen logs in with the safe on); `/SEG` in the chat sends `SafeToggle` and the HUD turns to
 * "Seguro: no". The viewer sees the attacker's name blue (a citizen); the attacker presses Ctrl
 * until the server turns it criminal (`UpdateTagAndStatus`), and its name goes red for the viewer
 * (the page lists the names under the chars, with their status and colour, in `#char-names`).
 *
 * The trip home: a ghost in the fields types `/HOGAR`; the server starts the wait (`BarFx` with
 * the seconds and action 6) and the page shows a countdown bar over the char (listed in
 * `#char-bars`) that counts down; a step calls the trip off (`BarFx(…, 0, 99)`) and the bar goes.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_OBJECTS, DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/index.ts";
import type { CharacterRecord } from "../src/game/character/index.ts";
import type { MapGrid } from "../src/game/map-json/index.ts";
import { checkStep, Heading, stepX, stepY } from "../src/game/movement/index.ts";
import { GHOST_BODY } from "../src/game/vitals/index.ts";
import type { ServerPacket } from "../src/protocol/index.ts";
import {
  ARROW_OF,
  chromiumMissingFor,
  clickTile,
  creaturesSeen,
  firstStepOnGrid,
  focusMap,
  HEADINGS,
  hoverTile,
  manhattan,
  press,
  saveScreenshot,
  STEP_TIMEOUT_MS,
  tileShown,
  until,
  waitAttribute,
  type Tile,
} from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 150_000;
/** How long the test keeps looking for a creature in range and shooting at it. */
const HUNT_TIMEOUT_MS = 60_000;
/** How long a shot's answer may take before the test aims again (the creature may have moved). */
const SHOT_ANSWER_MS = 2_500;
/** The shot lock (`IntervaloFlechas`): wait this long between two shots. */
const SHOT_INTERVAL_MS = 1_300;
/** The stock attack interval (`Intervals.attackMs`), plus a margin. */
const ATTACK_WAIT_MS = 1_250;
/** Most blows the attacker tries before the viewer must have seen it turn criminal. */
const MAX_BLOWS = 10;

const AIM_SCREENSHOT = "client-aiming.png";
const CRIMINAL_SCREENSHOT = "client-criminal.png";
const HOME_SCREENSHOT = "client-home-bar.png";

/** `e_AccionBarra.Hogar` and the ghost's wait before the trip home (the default world's `HomeTimer`). */
const BAR_ACTION_HOME = 6;
const HOME_SECONDS = 30;
/** `e_Skill.Proyectiles`. */
const PROJECTILES = 12;
/** Faction status (`e_Facciones`). */
const CRIMINAL = 0;
const CITIZEN = 1;
/** The page's name colours for them (client/status-rules.ts). */
const CITIZEN_COLOUR = "#7fb7ff";
const CRIMINAL_COLOUR = "#ff6b5e";
/** The field's first hare spawns here; the shooter starts a few tiles south of it. */
const HARE_SPAWN = { x: 45, y: 22 } as const;
const SHOOTER_SPOT = { x: 45, y: 27 } as const;
/** Creatures a shot may aim at. */
const CREATURE = /liebre|jabal|lobo/i;
/** A creature counts as in range within these columns and rows (well inside the view and `InRangoVision`). */
const AIM_RANGE_X = 6;
const AIM_RANGE_Y = 4;

const chromiumMissing = chromiumMissingFor("client-ranged-e2e");

/** The walkable tile nearest to `spot` that can be stepped onto (not a tree, a rock or water). */
function freeTileNear(grid: MapGrid, spot: Tile): Tile {
  for (let radius = 0; radius < 10; radius++) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== radius) continue;
        const tile = { x: spot.x + dx, y: spot.y + dy };
        if (HEADINGS.some((h) => checkStep(grid, tile.x - stepX(h), tile.y - stepY(h), h) === "ok")) return tile;
      }
    }
  }
  throw new Error(`no free tile near (${spot.x}, ${spot.y})`);
}

/** The first `count` inventory slots the record leaves empty. */
function freeSlots(record: CharacterRecord, count: number): number[] {
  const used = new Set(record.inventory.map((slot) => slot.slot));
  const free: number[] = [];
  for (let slot = 1; free.length < count; slot++) if (!used.has(slot)) free.push(slot);
  return free;
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser shots and faction status end to end", () => {
  const { mapGrid, editedPlayer } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "E equips the bow and the arrows, U aims (hint, crosshair; Escape gives up), a click on a creature shoots and the server answers",
    async () => {
      const field: MapGrid = await mapGrid(DEFAULT_WORLD_MAP_IDS.field);
      const spot = freeTileNear(field, SHOOTER_SPOT);
      let bowSlot = 0;
      let arrowSlot = 0;
      const { page, traffic, pageErrors, me, loginFrom } = await editedPlayer("archer@example.org", "Arquera", (record) => {
        [bowSlot, arrowSlot] = freeSlots(record, 2) as [number, number];
        record.inventory.push({ slot: bowSlot, objectId: DEFAULT_OBJECTS.trainingBow, amount: 1, equipped: false });
        record.inventory.push({ slot: arrowSlot, objectId: DEFAULT_OBJECTS.trainingArrow, amount: 50, equipped: false });
        record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: spot.x, y: spot.y, heading: Heading.North };
        record.vitals = { ...record.vitals, hp: 300, maxHp: 300, stamina: 300, maxStamina: 300 };
      });
      const sentSince = (from: number, packet: string) => traffic.sent.slice(from).filter((p) => p.name === packet);
      const slot = (n: number) => `#inventory button[data-slot="${n}"]`;
      expect(Number(await page.locator("#hud-position").getAttribute("data-map"))).toBe(DEFAULT_WORLD_MAP_IDS.field);

      // 1. Select the bow and the arrows in turn and press E: both equipped.
      for (const n of [bowSlot, arrowSlot]) {
        await page.click(slot(n));
        await focusMap(page);
        const mark = traffic.sent.length;
        await page.keyboard.press("KeyE");
        await until(`EquipItem of slot ${n}`, () => sentSince(mark, "EquipItem").find((p) => p.name === "EquipItem" && p.fields.slot === n));
        await waitAttribute(page, slot(n), "data-equipped", "true");
      }

      // 2. U on the bow: the server asks for a target; the hint and the crosshair show. Escape gives up.
      await page.click(slot(bowSlot));
      await focusMap(page);
      let mark = traffic.sent.length;
      let received = traffic.received.length;
      await page.keyboard.press("KeyU");
      await until("UseItemU", () => sentSince(mark, "UseItemU").find((p) => p.name === "UseItemU" && p.fields.slot === bowSlot));
      const request = await until("WorkRequestTarget", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget"));
      expect(request.fields).toMatchObject({ skill: PROJECTILES });
      await page.locator("#target-hint").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.getAttribute("#target-hint", "data-skill")).toBe(String(PROJECTILES));
      expect(await page.textContent("#target-hint")).toContain("Escape");
      expect(await page.locator("#game-canvas.aiming").count()).toBe(1);
      expect(await page.locator("#game-canvas").evaluate((c) => getComputedStyle(c).cursor)).toBe("crosshair");
      const aimAt = await tileShown(page);
      await hoverTile(page, aimAt.x + 2, aimAt.y - 2);
      await page.waitForTimeout(100);
      await saveScreenshot(page, AIM_SCREENSHOT);
      await page.keyboard.press("Escape");
      await page.locator("#target-hint").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#game-canvas.aiming").count()).toBe(0);
      await page.locator("#console", { hasText: "Dejaste de apuntar" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      // Not aiming any more: a click on the map only looks.
      const here = await tileShown(page);
      mark = traffic.sent.length;
      await clickTile(page, here.x + 1, here.y);
      const look = await until("LeftClick", () => sentSince(mark, "LeftClick")[0]);
      expect(look.fields).toMatchObject({ x: here.x + 1, y: here.y });
      expect(sentSince(mark, "WorkLeftClick")).toEqual([]);

      // 3. Find a creature within range and shoot at it until the server answers a shot.
      const fieldFrom = loginFrom;
      const deadline = performance.now() + HUNT_TIMEOUT_MS;
      let shots = 0;
      let answer: ServerPacket | undefined;
      let target: (Tile & { name: string; charIndex: number }) | undefined;
      let lastShotAt = Number.NEGATIVE_INFINITY;
      while (answer === undefined) {
        if (performance.now() > deadline) {
          throw new Error(`no shot answered within ${HUNT_TIMEOUT_MS} ms after ${shots} shot(s) (last target: ${target ? `${target.name} at (${target.x}, ${target.y})` : "none seen"})`);
        }
        const at = await tileShown(page);
        const creatures = [...creaturesSeen(traffic, fieldFrom, CREATURE)].map(([charIndex, c]) => ({ ...c, charIndex }));
        creatures.sort((a, b) => manhattan(at, a) - manhattan(at, b));
        const nearest = creatures[0];
        target = nearest;
        const goal = nearest ?? HARE_SPAWN;
        if (nearest === undefined || Math.abs(nearest.x - at.x) > AIM_RANGE_X || Math.abs(nearest.y - at.y) > AIM_RANGE_Y || manhattan(at, nearest) === 0) {
          const heading = firstStepOnGrid(field, at, (p) => Math.abs(goal.x - p.x) <= AIM_RANGE_X - 2 && Math.abs(goal.y - p.y) <= AIM_RANGE_Y - 2);
          if (heading === null) await page.waitForTimeout(300);
          else await press(page, ARROW_OF[heading], 600);
          continue;
        }
        const wait = SHOT_INTERVAL_MS - (performance.now() - lastShotAt);
        if (wait > 0) await page.waitForTimeout(wait);
        mark = traffic.sent.length;
        received = traffic.received.length;
        await page.keyboard.press("KeyU");
        const asked = await until("WorkRequestTarget", () => traffic.received.slice(received).find((p) => p.name === "WorkRequestTarget" && p.fields.skill === PROJECTILES), SHOT_ANSWER_MS).catch(() => undefined);
        if (!asked) continue;
        await page.locator("#target-hint").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
        // Aim where the creature stands now (it may have moved since).
        const aimed = creaturesSeen(traffic, fieldFrom, CREATURE).get(nearest.charIndex) ?? nearest;
        mark = traffic.sent.length;
        received = traffic.received.length;
        await clickTile(page, aimed.x, aimed.y);
        const shot = await until("WorkLeftClick", () => sentSince(mark, "WorkLeftClick")[0]);
        expect(shot.fields).toMatchObject({ x: aimed.x, y: aimed.y, skill: PROJECTILES });
        expect(sentSince(mark, "LeftClick")).toEqual([]);
        lastShotAt = performance.now();
        shots++;
        await page.locator("#target-hint").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
        answer = await until(
          "the shot's outcome",
          () =>
            traffic.received
              .slice(received)
              .find((p) => (p.name === "CharSwing" && p.fields.charIndex === me && p.fields.showText) || (p.name === "TextOverChar" && p.fields.charIndex === nearest.charIndex && /^\d/.test(p.fields.text))),
          SHOT_ANSWER_MS,
        ).catch(() => undefined);
        if (answer) {
          // The bow swung at it (a ranged `ArmaMov`): the shot reached the target.
          await until("ArmaMov (ranged)", () => traffic.received.slice(received).find((p) => p.name === "ArmaMov" && p.fields.charIndex === me && p.fields.isRanged === 1));
        }
      }
      console.info(`[client-ranged-e2e] ${shots} shot(s) at ${target?.name}; the server answered with ${answer.name}`);

      // 4. What the server said shows over the char: "Fallas" over us, or the damage over the creature.
      if (answer.name === "CharSwing") await page.locator(`#char-texts li[data-char="${me}"][data-text="Fallas"]`).first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      else if (answer.name === "TextOverChar") await page.locator(`#char-texts li[data-char="${answer.fields.charIndex}"][data-text="${answer.fields.text}"]`).first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      // Every WorkLeftClick carried the next counter.
      const counters = traffic.sent.filter((p) => p.name === "WorkLeftClick").map((p) => (p.name === "WorkLeftClick" ? p.fields.counter : 0));
      expect(counters).toEqual(counters.map((_, i) => i + 1));

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );

  test(
    "/SEG turns the safe off in the HUD; a blow on a citizen on the open plain turns the attacker's name red for the viewer",
    async () => {
      const plain = DEFAULT_WORLD_MAP_IDS.openField;
      const attacker = await editedPlayer("duelist@example.org", "Duelista", (record) => {
        record.position = { map: plain, x: 50, y: 50, heading: Heading.East };
      });
      const viewer = await editedPlayer("witness@example.org", "Testigo", (record) => {
        record.position = { map: plain, x: 51, y: 50, heading: Heading.West };
      });
      expect(await tileShown(viewer.page)).toEqual({ x: 51, y: 50 });
      const a = attacker.me;
      const nameOfA = `#char-names li[data-char="${a}"]`;

      // 1. Citizens log in with the safe on; the viewer sees the attacker's name blue.
      await waitAttribute(attacker.page, "#hud-safe", "data-safe", "on");
      await attacker.page.locator("#hud-safe").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await attacker.page.textContent("#hud-safe")).toBe("Seguro: sí");
      await viewer.page.locator(nameOfA).waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      expect(await viewer.page.textContent(nameOfA)).toBe("Duelista");
      expect(await viewer.page.getAttribute(nameOfA, "data-status")).toBe(String(CITIZEN));
      expect(await viewer.page.getAttribute(nameOfA, "data-colour")).toBe(CITIZEN_COLOUR);

      // 2. /SEG in the chat: SafeToggle, the server answers SafeModeOff, the HUD follows.
      const page = attacker.page;
      await focusMap(page);
      let mark = attacker.traffic.sent.length;
      let received = attacker.traffic.received.length;
      await page.keyboard.press("Enter");
      await page.keyboard.type("/SEG");
      await page.keyboard.press("Enter");
      await until("SafeToggle", () => attacker.traffic.sent.slice(mark).find((p) => p.name === "SafeToggle"));
      await until("SafeModeOff", () => attacker.traffic.received.slice(received).find((p) => p.name === "SafeModeOff"));
      await waitAttribute(page, "#hud-safe", "data-safe", "off");
      expect(await page.textContent("#hud-safe")).toBe("Seguro: no");
      await page.locator("#console", { hasText: "Seguro desactivado" }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // 3. Ctrl at the viewer (east, faced at login) until the server turns the attacker criminal.
      await focusMap(page);
      received = viewer.traffic.received.length;
      const turned = () => viewer.traffic.received.slice(received).find((p) => p.name === "UpdateTagAndStatus" && p.fields.charIndex === a);
      for (let blow = 0; blow < MAX_BLOWS && turned() === undefined; blow++) {
        mark = attacker.traffic.sent.length;
        await page.keyboard.press("Control");
        await until("Attack", () => attacker.traffic.sent.slice(mark).find((p) => p.name === "Attack"));
        await page.waitForTimeout(ATTACK_WAIT_MS);
      }
      const tag = await until("UpdateTagAndStatus for the attacker", turned);
      expect(tag.fields).toMatchObject({ charIndex: a, status: CRIMINAL, tag: "Duelista" });

      // 4. The viewer draws the attacker's name red now; the attacker sees itself so too.
      await waitAttribute(viewer.page, nameOfA, "data-status", String(CRIMINAL));
      expect(await viewer.page.getAttribute(nameOfA, "data-colour")).toBe(CRIMINAL_COLOUR);
      expect(await viewer.page.textContent(nameOfA)).toBe("Duelista");
      await waitAttribute(page, nameOfA, "data-status", String(CRIMINAL));
      await saveScreenshot(viewer.page, CRIMINAL_SCREENSHOT);

      expect(attacker.pageErrors).toEqual([]);
      expect(viewer.pageErrors).toEqual([]);
      await attacker.page.close();
      await viewer.page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );

  test(
    "/HOGAR as a ghost: a countdown bar over the char counts down; a step calls the trip off and the bar goes",
    async () => {
      const field: MapGrid = await mapGrid(DEFAULT_WORLD_MAP_IDS.field);
      const spot = freeTileNear(field, { x: 50, y: 50 });
      const { page, traffic, pageErrors, me, loginFrom } = await editedPlayer("pilgrim@example.org", "Peregrina", (record) => {
        record.position = { map: DEFAULT_WORLD_MAP_IDS.field, x: spot.x, y: spot.y, heading: Heading.South };
        // A test's shortcut for dying: HP 0 in the saved record makes a ghost at login.
        record.vitals = { ...record.vitals, hp: 0 };
      });
      const ghost = traffic.received.slice(loginFrom).findLast((p) => (p.name === "CharacterCreate" || p.name === "CharacterChange") && p.fields.charIndex === me);
      expect(ghost?.name === "CharacterCreate" || ghost?.name === "CharacterChange" ? ghost.fields.body : 0).toBe(GHOST_BODY);
      const bar = `#char-bars li[data-char="${me}"]`;
      const secondsLeft = async () => Number(await page.getAttribute(bar, "data-seconds-left"));

      // 1. /HOGAR: the server starts the wait and the bar shows over us with the seconds.
      await focusMap(page);
      let received = traffic.received.length;
      await page.keyboard.press("Enter");
      await page.keyboard.type("/HOGAR");
      await page.keyboard.press("Enter");
      const start = await until("BarFx", () => traffic.received.slice(received).find((p) => p.name === "BarFx" && p.fields.charIndex === me));
      expect(start.fields).toMatchObject({ barTime: HOME_SECONDS, barAction: BAR_ACTION_HOME });
      await page.locator(bar).waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      expect(await page.getAttribute(bar, "data-action")).toBe(String(BAR_ACTION_HOME));
      expect(await page.textContent(bar)).toContain("Volviendo al hogar");
      const first = await secondsLeft();
      expect(first).toBeGreaterThan(HOME_SECONDS - 3);
      expect(first).toBeLessThanOrEqual(HOME_SECONDS);
      await saveScreenshot(page, HOME_SCREENSHOT);
      // It counts down.
      await page.waitForFunction(([sel, from]) => Number(document.querySelector(sel)?.getAttribute("data-seconds-left")) < from, [bar, first] as const, { timeout: STEP_TIMEOUT_MS, polling: 50 });

      // 2. A step calls the trip off: the cancel comes and the bar goes.
      received = traffic.received.length;
      const heading = firstStepOnGrid(field, spot, (p) => manhattan(p, spot) === 1);
      if (heading === null) throw new Error(`no step from (${spot.x}, ${spot.y})`);
      await press(page, ARROW_OF[heading], 1_000);
      const cancel = await until("BarFx cancel", () => traffic.received.slice(received).find((p) => p.name === "BarFx" && p.fields.charIndex === me));
      expect(cancel.fields).toMatchObject({ barTime: 0, barAction: 99 });
      await page.locator(bar).waitFor({ state: "detached", timeout: STEP_TIMEOUT_MS });
      await page.locator("#console", { hasText: "El viaje a tu hogar se canceló" }).waitFor({ timeout: STEP_TIMEOUT_MS });

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
