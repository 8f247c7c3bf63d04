/**
 * Combat and skills in the browser against a real server, in headless Chromium, on the default
 * world (combat-and-progression §3.6-3.7, §7.4).
 *
 * Bars and skills: a new character's login burst fills the six bars (HP, mana, stamina, hunger,
 * thirst, experience) with what `UpdateUserStats` and `UpdateHungerAndThirst` said; K opens the
 * skills window (`RequestSkills`) with the 24 skills and the 10 free points of a new character;
 * + three times on "Combate con armas" and on "Destreza en combate", − once on the latter, then
 * "Asignar" sends `ModifySkills` with exactly 3 and 2 and the window shows them at once; + stops
 * when no point is left; after logging out the server has them (the character's record in the
 * database).
 *
 * Fighting: a second character walks with the arrows from the plaza through the east gate to
 * the fields, goes next to the nearest creature (a boar or a wolf: their positions come from the
 * server's packets), turns to face it and presses Ctrl. Two presses within the attack interval
 * send one `Attack`; the counters run 1, 2, 3… The server answers a swing with `UpdateSta` and a
 * miss (`CharSwing`) or a hit (`TextOverChar`, `CharUpdateHP`): the stamina bar shows the new
 * value and the miss or the damage floats over the char (the page lists floating texts in
 * `#char-texts`).
 *
 * Death: a character saved with HP 0 logs in as a ghost: the banner says it is dead and to find a
 * priest, the map goes grey, Ctrl sends nothing (and says why). It walks next to Hermana Irene
 * (50, 43) and clicks her: the server resurrects it (locale 585, full HP) and the banner goes.
 *
 * Without /usr/bin/chromium the suite fails when CI=true and is skipped otherwise.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEFAULT_WORLD_MAP_IDS } from "../src/content/default-world/index.ts";
import type { MapGrid } from "../src/game/map-json/index.ts";
import { Heading } from "../src/game/movement/index.ts";
import { GHOST_BODY } from "../src/game/vitals/index.ts";
import {
  ARROW_OF,
  barShown,
  chromiumMissingFor,
  clickTile,
  creaturesSeen,
  firstStepOnGrid,
  focusMap,
  manhattan,
  press,
  saveScreenshot,
  STEP_TIMEOUT_MS,
  tileShown,
  until,
  waitAttribute,
  walkPageUntil,
  type Tile,
} from "./support/browser.ts";
import { browserWorld } from "./support/browser-world.ts";

const SCENARIO_TIMEOUT_MS = 150_000;
const WALK_TIMEOUT_MS = 45_000;
/** How long the test keeps chasing a creature and swinging at it. */
const FIGHT_TIMEOUT_MS = 60_000;
/** The stock attack interval (`Intervals.attackMs`). */
const ATTACK_MS = 1_165;

const SCREENSHOT = "client-combat.png";
const GHOST_SCREENSHOT = "client-ghost.png";
const SKILLS_SCREENSHOT = "client-skills.png";
/** Skill ids (`e_Skill`). */
const TACTICS = 3;
const WEAPONS = 4;
/** A new character's free skill points (§2). */
const NEW_CHARACTER_POINTS = 10;
/** The town's east gate leads to the fields (x = 88, y 46…54). */
const EAST_GATE_X = 88;
const CREATURE = /lobo|jabal|araña/i;
/** "Hermana Irene", the town's priest, and how near a click on her must be (§8.3). */
const PRIEST = { x: 50, y: 43 } as const;
const PRIEST_RANGE = 5;
/** Locale 585: you have been resurrected. */
const RESURRECTED = 585;

const chromiumMissing = chromiumMissingFor("client-combat-e2e");

async function mapShown(page: Page): Promise<number> {
  return Number(await page.locator("#hud-position").getAttribute("data-map"));
}

/** The heading from `from` to the neighbouring tile `to`. */
function headingTo(from: Tile, to: Tile): Heading {
  if (to.y < from.y) return Heading.North;
  if (to.x > from.x) return Heading.East;
  if (to.y > from.y) return Heading.South;
  return Heading.West;
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser combat, bars and skills end to end", () => {
  const { live, mapGrid, playerPage, playAgainEdited } = browserWorld(SCENARIO_TIMEOUT_MS);

  test(
    "the login burst fills the bars; K opens the skills, + and Asignar send ModifySkills, the server keeps them",
    async () => {
      const name = "Aprendiz";
      const { page, traffic, pageErrors } = await playerPage("skills@example.org", name);
      const sentSince = (from: number, packet: string) => traffic.sent.slice(from).filter((p) => p.name === packet);

      // 1. The six bars show what the login burst said.
      const stats = traffic.received.findLast((p) => p.name === "UpdateUserStats");
      const needs = traffic.received.findLast((p) => p.name === "UpdateHungerAndThirst");
      if (stats?.name !== "UpdateUserStats" || needs?.name !== "UpdateHungerAndThirst") throw new Error("no stats in the login burst");
      const s = stats.fields;
      await page.waitForFunction((hp) => document.querySelector<HTMLElement>("#bar-hp")?.dataset.value === String(hp), s.minHp, { timeout: STEP_TIMEOUT_MS });
      expect(s.maxHp).toBeGreaterThan(0);
      expect(await barShown(page, "bar-hp")).toEqual({ value: s.minHp, max: s.maxHp });
      expect(await barShown(page, "bar-mana")).toEqual({ value: s.minMana, max: s.maxMana });
      expect(await barShown(page, "bar-stamina")).toEqual({ value: s.minSta, max: s.maxSta });
      expect(await barShown(page, "bar-exp")).toEqual({ value: s.exp, max: s.expToNextLevel });
      expect(await barShown(page, "bar-food")).toEqual({ value: needs.fields.food, max: needs.fields.maxFood });
      expect(await barShown(page, "bar-water")).toEqual({ value: needs.fields.water, max: needs.fields.maxWater });
      expect(await page.textContent("#bar-hp")).toContain(`${s.minHp}/${s.maxHp}`);
      // Alive: no ghost banner.
      expect(await page.locator("#death-banner").isHidden()).toBe(true);

      // 2. K opens the skills window and asks the server for the skills.
      await focusMap(page);
      let mark = traffic.sent.length;
      await page.keyboard.press("KeyK");
      await page.locator("#skills-panel").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await until("RequestSkills", () => sentSince(mark, "RequestSkills")[0]);
      expect(await page.locator("#skills-list li.skill-row").count()).toBe(24);
      expect(await page.getAttribute("#skills-free", "data-free")).toBe(String(NEW_CHARACTER_POINTS));
      expect(await page.textContent(`#skills-list li[data-skill="${WEAPONS}"]`)).toContain("Combate con armas");
      expect(await page.getAttribute(`#skills-list li[data-skill="${WEAPONS}"]`, "data-value")).toBe("0");

      // 3. Spread 5 points (one taken back), assign: exactly those amounts go out.
      const row = (skill: number) => `#skills-list li[data-skill="${skill}"]`;
      let free = NEW_CHARACTER_POINTS;
      const plus = async (skill: number) => {
        await page.click(`${row(skill)} .skill-plus`);
        await waitAttribute(page, "#skills-free", "data-free", String(--free));
      };
      for (let i = 0; i < 3; i++) await plus(WEAPONS);
      for (let i = 0; i < 3; i++) await plus(TACTICS);
      await page.click(`${row(TACTICS)} .skill-minus`);
      await waitAttribute(page, "#skills-free", "data-free", String(++free));
      expect(free).toBe(NEW_CHARACTER_POINTS - 5);
      await waitAttribute(page, row(WEAPONS), "data-draft", "3");
      expect(await page.getAttribute(row(TACTICS), "data-draft")).toBe("2");
      mark = traffic.sent.length;
      await page.click("#skills-assign");
      const modify = await until("ModifySkills", () => sentSince(mark, "ModifySkills")[0]);
      const expected = new Array<number>(24).fill(0);
      expected[WEAPONS - 1] = 3;
      expected[TACTICS - 1] = 2;
      expect(modify.fields).toEqual({ skillDeltas: expected });
      await waitAttribute(page, row(WEAPONS), "data-value", "3");
      expect(await page.getAttribute(row(TACTICS), "data-value")).toBe("2");
      expect(await page.getAttribute(row(WEAPONS), "data-draft")).toBe("0");
      expect(await page.getAttribute("#skills-free", "data-free")).toBe(String(free));
      await page.locator("#console", { hasText: "Asignaste 5 puntos" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await saveScreenshot(page, SKILLS_SCREENSHOT);
      // More than the free points cannot even be drafted: + stops when none is left.
      while (free > 0) await plus(WEAPONS);
      await page.waitForFunction((sel) => document.querySelector<HTMLButtonElement>(sel)?.disabled === true, `${row(TACTICS)} .skill-plus`, { timeout: STEP_TIMEOUT_MS });
      await focusMap(page);
      await page.keyboard.press("Escape");
      await page.locator("#skills-panel").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(sentSince(mark, "ModifySkills")).toHaveLength(1);

      // 4. Log out (the town is safe: at once); the server saved what was assigned.
      await page.click("#logout");
      await until("Disconnect", () => traffic.received.find((p) => p.name === "Disconnect"));
      await live.ts.server.gateway.drainSaves();
      const saved = await live.ts.server.database.characters.findCharacterByName(name);
      expect(saved?.skills.slice(0, 4)).toEqual([0, 0, 2, 3]);
      expect(saved?.freeSkillPoints).toBe(NEW_CHARACTER_POINTS - 5);

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );

  test(
    "walk to the fields, face a creature, Ctrl attacks once per interval; the answer moves the stamina bar and floats over the char",
    async () => {
      const { page, traffic, pageErrors } = await playerPage("fighter@example.org", "Guerrera");
      const sentSince = (from: number, packet: string) => traffic.sent.slice(from).filter((p) => p.name === packet);

      // 1. Through the east gate to the fields.
      const town = await mapGrid(DEFAULT_WORLD_MAP_IDS.town);
      // The middle of the gate, a step short of it (town guards stand at its ends).
      await walkPageUntil(page, town, (p) => p.x === EAST_GATE_X - 2 && p.y === 50, WALK_TIMEOUT_MS);
      const fieldFrom = traffic.received.length;
      for (let i = 0; i < 5 && (await mapShown(page)) !== DEFAULT_WORLD_MAP_IDS.field; i++) await press(page, "ArrowRight", 1_500);
      await page.waitForFunction((map) => document.querySelector<HTMLElement>("#hud-position")?.dataset.map === String(map), DEFAULT_WORLD_MAP_IDS.field, { timeout: STEP_TIMEOUT_MS });
      const field: MapGrid = await mapGrid(DEFAULT_WORLD_MAP_IDS.field);
      const arrived = await tileShown(page);
      console.info(`[client-combat-e2e] in the fields at (${arrived.x}, ${arrived.y})`);

      // 2. The client paces the attack key: two presses within the interval send one Attack.
      await focusMap(page);
      let mark = traffic.sent.length;
      await page.keyboard.press("Control");
      await page.keyboard.press("Control");
      await until("the first Attack", () => sentSince(mark, "Attack")[0]);
      await page.waitForTimeout(200);
      expect(sentSince(mark, "Attack").map((p) => p.fields)).toEqual([{ counter: 1 }]);
      let lastAttackAt = performance.now();

      // 3. Chase the nearest creature, face it and swing until the server answers one of our
      //    Attacks: a miss over us (`CharSwing` with its text), or a hit (the damage over the
      //    creature). The creature's own blows (`NPCHitUser`, numbers over us) do not count.
      const own = traffic.received.findLast((p) => p.name === "UserCharIndexInServer");
      const me = own?.name === "UserCharIndexInServer" ? own.fields.charIndex : 0;
      const answered = (from: number) =>
        traffic.received
          .slice(from)
          .find(
            (p) => (p.name === "CharSwing" && p.fields.charIndex === me && p.fields.showText) || (p.name === "TextOverChar" && p.fields.charIndex !== me && /^\d/.test(p.fields.text)),
          );
      let answerFrom = Number.POSITIVE_INFINITY;
      const fightStart = traffic.received.length;
      const deadline = performance.now() + FIGHT_TIMEOUT_MS;
      let swings = 0;
      let target: (Tile & { name: string; charIndex: number }) | undefined;
      while (answerFrom === Number.POSITIVE_INFINITY || answered(answerFrom) === undefined) {
        if (performance.now() > deadline) {
          throw new Error(
            `the server never answered ${swings} Attack(s) next to a creature within ${FIGHT_TIMEOUT_MS} ms (last target: ${target ? `${target.name} at (${target.x}, ${target.y})` : "none seen"}; received since: ${[
              ...new Set(traffic.received.slice(fightStart).map((p) => p.name)),
            ].join(", ")})`,
          );
        }
        const here = await tileShown(page);
        const creatures = [...creaturesSeen(traffic, fieldFrom, CREATURE)].map(([charIndex, c]) => ({ ...c, charIndex }));
        creatures.sort((a, b) => manhattan(here, a) - manhattan(here, b));
        target = creatures[0];
        if (!target) {
          // None in view: walk towards the middle of the fields.
          const heading = firstStepOnGrid(field, here, (p) => manhattan(p, { x: 50, y: 50 }) <= 3);
          if (heading === null) throw new Error(`no way on from (${here.x}, ${here.y})`);
          await press(page, ARROW_OF[heading], 600);
          continue;
        }
        if (manhattan(here, target) === 1) {
          // Turn to it (it stands in the way, so the arrow only turns us), then strike.
          await press(page, ARROW_OF[headingTo(here, target)], 150);
          const wait = ATTACK_MS + 50 - (performance.now() - lastAttackAt);
          if (wait > 0) await page.waitForTimeout(wait);
          mark = traffic.sent.length;
          const receivedMark = traffic.received.length;
          await page.keyboard.press("Control");
          await until("Attack", () => sentSince(mark, "Attack")[0]);
          lastAttackAt = performance.now();
          if (answerFrom === Number.POSITIVE_INFINITY) answerFrom = receivedMark;
          swings++;
          await page.waitForTimeout(400);
          continue;
        }
        const goal = target;
        const heading = firstStepOnGrid(field, here, (p) => manhattan(p, goal) === 1);
        if (heading === null) {
          await page.waitForTimeout(300);
          continue;
        }
        await press(page, ARROW_OF[heading], 600);
      }
      const answer = answered(answerFrom)!;
      console.info(`[client-combat-e2e] ${swings} swing(s), the last at ${target?.name}; the server answered with ${answer.name}`);

      // 4. Every Attack carried the next counter.
      const counters = traffic.sent.filter((p) => p.name === "Attack").map((p) => (p.name === "Attack" ? p.fields.counter : 0));
      expect(counters).toEqual(counters.map((_, i) => i + 1));

      // 5. What the server said shows: the miss or the damage floats over the char, the stamina
      //    bar follows the last UpdateSta, the creature's HP is what CharUpdateHP said.
      if (answer.name === "CharSwing") {
        await page.locator(`#char-texts li[data-char="${answer.fields.charIndex}"][data-text="Fallas"]`).first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      } else if (answer.name === "TextOverChar") {
        await page.locator(`#char-texts li[data-char="${answer.fields.charIndex}"][data-text="${answer.fields.text}"]`).first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
      }
      // The swing cost stamina (`UpdateSta`); regeneration may send more while we look, so the bar
      // is compared with the latest value each time.
      const lastStamina = () => {
        const last = traffic.received.findLast((p) => p.name === "UpdateSta");
        return last?.name === "UpdateSta" ? last.fields.minSta : undefined;
      };
      const spent = await until("UpdateSta after the swing", () => (traffic.received.slice(answerFrom).some((p) => p.name === "UpdateSta") ? true : undefined));
      expect(spent).toBe(true);
      const deadlineBar = performance.now() + STEP_TIMEOUT_MS;
      while ((await barShown(page, "bar-stamina")).value !== lastStamina()) {
        if (performance.now() > deadlineBar) throw new Error(`the stamina bar shows ${(await barShown(page, "bar-stamina")).value}, the server said ${lastStamina()}`);
        await page.waitForTimeout(20);
      }
      const dealt = traffic.received.slice(answerFrom).find((p) => p.name === "LocaleMsg" && p.fields.messageId === 382);
      if (answer.name === "TextOverChar") {
        // A hit comes with the creature's new HP.
        await until("CharUpdateHP of the creature", () => traffic.received.slice(answerFrom).find((p) => p.name === "CharUpdateHP" && p.fields.charIndex === answer.fields.charIndex));
        expect(dealt).toBeDefined();
      }
      if (dealt?.name === "LocaleMsg") await page.locator("#console", { hasText: `Le has quitado ${dealt.fields.params} puntos` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator("#death-banner").isHidden()).toBe(true);

      await saveScreenshot(page, SCREENSHOT);
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
  test(
    "a ghost sees the death banner and cannot attack; clicking the priest brings it back and the banner goes",
    async () => {
      const name = "Penitente";
      const player = await playerPage("ghost@example.org", name);
      const { page, traffic, pageErrors } = player;
      const sentSince = (from: number, packet: string) => traffic.sent.slice(from).filter((p) => p.name === packet);

      // 1. Log out and come back dead (a test's shortcut for dying: HP 0 in the saved record;
      //    the server makes a ghost of it at login).
      const { loginFrom } = await playAgainEdited(player, name, (record) => {
        record.vitals = { ...record.vitals, hp: 0 };
      });
      await page.locator("#death-banner").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await page.textContent("#death-banner")).toContain("Estás muerto");
      expect(await page.textContent("#death-banner")).toContain("sacerdote");
      expect(await page.locator(".viewport.dead").count()).toBe(1);
      expect((await barShown(page, "bar-hp")).value).toBe(0);
      const own = traffic.received.slice(loginFrom).findLast((p) => p.name === "UserCharIndexInServer");
      const me = own?.name === "UserCharIndexInServer" ? own.fields.charIndex : -1;
      const ghost = traffic.received.slice(loginFrom).findLast((p) => (p.name === "CharacterCreate" || p.name === "CharacterChange") && p.fields.charIndex === me);
      expect(ghost?.name === "CharacterCreate" || ghost?.name === "CharacterChange" ? ghost.fields.body : 0).toBe(GHOST_BODY);

      await saveScreenshot(page, GHOST_SCREENSHOT);

      // 2. Ctrl sends nothing as a ghost, and says why.
      await focusMap(page);
      let mark = traffic.sent.length;
      await page.keyboard.press("Control");
      await page.locator("#console", { hasText: "Los muertos no pueden atacar" }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(sentSince(mark, "Attack")).toEqual([]);

      // 3. Walk near the priest (clicks go through the banner to the map) and click her.
      const town = await mapGrid(DEFAULT_WORLD_MAP_IDS.town);
      await walkPageUntil(page, town, (p) => manhattan(p, PRIEST) <= PRIEST_RANGE - 2 && manhattan(p, PRIEST) > 0, WALK_TIMEOUT_MS);
      mark = traffic.sent.length;
      const clickFrom = traffic.received.length;
      await clickTile(page, PRIEST.x, PRIEST.y);
      const click = await until("LeftClick on the priest", () => sentSince(mark, "LeftClick")[0]);
      expect(click.fields).toMatchObject({ x: PRIEST.x, y: PRIEST.y });
      await until("resurrected (locale 585)", () => traffic.received.slice(clickFrom).find((p) => p.name === "LocaleMsg" && p.fields.messageId === RESURRECTED));
      await page.locator("#death-banner").waitFor({ state: "hidden", timeout: STEP_TIMEOUT_MS });
      expect(await page.locator(".viewport.dead").count()).toBe(0);
      const hp = await barShown(page, "bar-hp");
      expect(hp.value).toBe(hp.max);
      expect(hp.max).toBeGreaterThan(0);
      await page.locator("#console", { hasText: "¡Has sido resucitado!" }).waitFor({ timeout: STEP_TIMEOUT_MS });

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
