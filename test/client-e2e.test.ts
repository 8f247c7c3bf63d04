/**
 * The browser client against a real server, in headless Chromium (Debian's `chromium`, driven by
 * playwright-core; never a downloaded browser): create an account and a character in the page,
 * see the map drawn, walk, hear a second (scripted) client talk, talk back, survive a dropped
 * connection, log out, and see the server refuse a taken name on the creation form. Leaves a
 * screenshot of the game view in .test-artifacts/client-game-view.png. A second scenario checks
 * the chat line's syntax on the wire: `-text` yells, an unknown `/command` is never said.
 *
 * Without /usr/bin/chromium the test fails when CI=true and is skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { loadConfig } from "../src/config/index.ts";
import { silentLogger } from "../src/log/index.ts";
import { CHAT_TEXT } from "../src/client/ui-text.ts";
import { decodeServerPacket, encodeClientPacket, type ClientPacketName, type ServerPacket } from "../src/protocol/index.ts";
import { startServer, type RunningServer } from "../src/server/index.ts";
import { CHROMIUM, CHROMIUM_FLAGS, chromiumMissingFor, recordTraffic, until as untilWithin } from "./support/browser.ts";

/** `until` with this suite's step timeout. */
const until = <T>(what: string, find: () => T | undefined, timeoutMs = STEP_TIMEOUT_MS): Promise<T> => untilWithin(what, find, timeoutMs);

const ARTIFACTS = join(import.meta.dir, "..", ".test-artifacts");
const SCREENSHOT = join(ARTIFACTS, "client-game-view.png");
/** The whole scenario must finish well inside this (browser start included). */
const SCENARIO_TIMEOUT_MS = 60_000;
/** Waits for one step of the scenario (a screen, a packet). */
const STEP_TIMEOUT_MS = 10_000;
/** Holding an arrow key this long walks a few tiles at the 210 ms walk interval. */
const WALK_HOLD_MS = 900;
/** A drawn map has many colours; a blank or single-colour canvas has a standard deviation near 0. */
const MIN_PIXEL_STDDEV = 5;

const WEB_PLAYER = { email: "web@example.org", password: "web-secret", name: "Webplayer" };
const BOT = { email: "bot@example.org", password: "bot-secret", name: "Botfriend" };
const CHAT_PLAYER = { email: "chat@example.org", password: "chat-secret", name: "Charlatan" };
/** VB's `RGB(255, 0, 0)`, the colour of a yell over the head. */
const VB_RED = 0x0000ff;
/** How often `until` looks again. */
/** Home city 6 of the default world spawns at (46, 54): in view of the plaza, off the walk east. */
const BOT_HOME_CITY = 6;

const chromiumMissing = chromiumMissingFor("client-e2e");

/** A scripted second player speaking the protocol through the project's library. */
class ScriptedClient {
  readonly packets: ServerPacket[] = [];
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];
  private talkCounter = 0;
  closed = false;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.binaryType = "arraybuffer";
    this.socket.onmessage = (event) => {
      const decoded = decodeServerPacket(new Uint8Array(event.data as ArrayBuffer));
      if (!decoded.ok) throw decoded.error;
      this.packets.push(decoded.packet);
      for (const wake of this.waiters.splice(0)) wake();
    };
    this.socket.onclose = () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    };
  }

  send(name: ClientPacketName, fields: object): void {
    const encoded = encodeClientPacket(name, fields as never);
    if (!encoded.ok) throw encoded.error;
    this.socket.send(encoded.body);
  }

  talk(text: string): void {
    this.send("Talk", { text, counter: ++this.talkCounter });
  }

  /** How many packets arrived so far: pass it as `from` to wait only for later ones. */
  get mark(): number {
    return this.packets.length;
  }

  /** Resolves with the first packet (received since `from`, or coming) that matches. */
  async waitFor(what: string, match: (packet: ServerPacket) => boolean, from = 0, timeoutMs = STEP_TIMEOUT_MS): Promise<ServerPacket> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.packets.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error(`scripted client: connection closed while waiting for ${what}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`scripted client: no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Logs in (creating the account when asked) and returns the account's character list. */
  async login(email: string, password: string, create: boolean): Promise<ServerPacket> {
    await this.waitFor("Connected", (p) => p.name === "Connected");
    this.send(create ? "CreateAccount" : "LoginAccount", { email, password });
    return this.waitFor("AccountCharacterList", (p) => p.name === "AccountCharacterList");
  }

  close(): void {
    this.socket.close();
  }
}

/** Luminance spread and colour count of the game canvas (a blank canvas has one colour). */
async function canvasStats(page: Page): Promise<{ stddev: number; colours: number; width: number; height: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>("#game-canvas")!;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    let sumSquares = 0;
    let n = 0;
    const colours = new Set<number>();
    // Every 7th pixel is plenty and keeps this fast on big canvases.
    for (let i = 0; i < data.length; i += 4 * 7) {
      const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      sum += luminance;
      sumSquares += luminance * luminance;
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      n++;
    }
    const mean = sum / n;
    return { stddev: Math.sqrt(sumSquares / n - mean * mean), colours: colours.size, width: canvas.clientWidth, height: canvas.clientHeight };
  });
}

/** The char index a client was told for the char called `name` (in packets since `from`). */
async function charIndexOf(client: ScriptedClient, name: string, from: number): Promise<number> {
  const create = await client.waitFor(`a CharacterCreate of ${name}`, (p) => p.name === "CharacterCreate" && p.fields.name.startsWith(name), from);
  return create.name === "CharacterCreate" ? create.fields.charIndex : 0;
}

/** Enter, the line, Enter: how a player uses the chat box. */
async function typeLine(page: Page, line: string): Promise<void> {
  await page.keyboard.press("Enter");
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

describe.skipIf(chromiumMissing && process.env.CI !== "true")("browser client end to end", () => {
  let dataDir = "";
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let bot: ScriptedClient | undefined;
  let pageUrl = "";
  let wsUrl = "";

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is required in CI (apt-get install -y chromium)`).toBe(true);
    dataDir = mkdtempSync(join(tmpdir(), "argentum-client-e2e-"));
    const loaded = loadConfig(["--data-dir", dataDir, "--http-port", "0", "--tcp-port", "0", "--host", "127.0.0.1", "--log-level", "silent"], {});
    if (!loaded.ok) throw loaded.error;
    server = await startServer(loaded.config, silentLogger(), { mapWorkers: 1 });
    const direct = `http://127.0.0.1:${server.httpPort}`;
    wsUrl = `ws://127.0.0.1:${server.httpPort}/ws`;
    const home = await fetch(`${direct}/`);
    expect(home.ok && (await home.text()).includes('id="app"')).toBe(true);
    pageUrl = `${direct}/`;
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    bot?.close();
    await browser?.close().catch(() => {});
    await server?.stop("test over").catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, SCENARIO_TIMEOUT_MS);

  test(
    "create a character, see the map, walk, chat with another player, reconnect, log out",
    async () => {
      const page: Page = await browser!.newPage({ viewport: { width: 1100, height: 720 } });
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => consoleErrors.push(`page error: ${error.message}`));

      // Account and character, through the page's forms.
      await page.goto(pageUrl);
      await page.fill("#login-email", WEB_PLAYER.email);
      await page.fill("#login-password", WEB_PLAYER.password);
      await page.click("#create-account");
      await page.click("#new-character", { timeout: STEP_TIMEOUT_MS });
      await page.fill("#char-name", WEB_PLAYER.name);
      await page.selectOption("#char-race", "2");
      await page.click("#head-next");
      await page.selectOption("#char-class", "3");
      await page.click("#char-submit");
      const position = page.locator("#hud-position[data-x]");
      await position.waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.waitForFunction(() => !/Cargando/.test(document.querySelector("#hud-map")?.textContent ?? "Cargando"), undefined, { timeout: STEP_TIMEOUT_MS });

      // The map is drawn: the canvas holds many different colours.
      const pixels = await canvasStats(page);
      expect(pixels.width).toBeGreaterThan(100);
      expect(pixels.stddev).toBeGreaterThan(MIN_PIXEL_STDDEV);
      expect(pixels.colours).toBeGreaterThan(50);

      // A second player joins the town (south of the plaza, off our path) and sees us.
      bot = new ScriptedClient(wsUrl);
      await bot.login(BOT.email, BOT.password, true);
      bot.send("LoginNewChar", { name: BOT.name, race: 1, gender: 1, class: 3, head: 1, homeCity: BOT_HOME_CITY });
      await bot.waitFor("Logged", (p) => p.name === "Logged");
      let webCharIndex = await charIndexOf(bot, WEB_PLAYER.name, 0);

      // Walk east: the HUD position changes, the server agrees (the bot sees us arrive), no snap back.
      const startX = Number(await position.getAttribute("data-x"));
      const startY = Number(await position.getAttribute("data-y"));
      await page.keyboard.down("ArrowRight");
      await page.waitForTimeout(WALK_HOLD_MS);
      await page.keyboard.up("ArrowRight");
      await page.waitForTimeout(400);
      const walkedX = Number(await position.getAttribute("data-x"));
      expect(walkedX).toBeGreaterThanOrEqual(startX + 2);
      expect(Number(await position.getAttribute("data-y"))).toBe(startY);
      await bot.waitFor(`CharacterMove of the web player to x=${walkedX}`, (p) => p.name === "CharacterMove" && p.fields.charIndex === webCharIndex && p.fields.x === walkedX);
      await page.waitForTimeout(300);
      expect(Number(await position.getAttribute("data-x"))).toBe(walkedX);

      // The bot talks: the line shows in the page's console.
      bot.talk("hola desde el bot");
      await page.waitForFunction((line) => document.querySelector("#console")?.textContent?.includes(line) ?? false, `${BOT.name}: hola desde el bot`, {
        timeout: STEP_TIMEOUT_MS,
      });
      // We talk back with Enter, text, Enter: the bot hears it over our head.
      await page.keyboard.press("Enter");
      await page.keyboard.type("hola bot");
      await page.keyboard.press("Enter");
      await bot.waitFor("our chat line", (p) => p.name === "ChatOverHead" && p.fields.charIndex === webCharIndex && p.fields.text === "hola bot");

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: SCREENSHOT });

      // Any window size: a phone-sized viewport still shows a drawn map.
      await page.setViewportSize({ width: 390, height: 740 });
      await page.waitForTimeout(200);
      const narrow = await canvasStats(page);
      expect(narrow.width).toBeGreaterThan(300);
      expect(narrow.width).toBeLessThanOrEqual(390);
      expect(narrow.colours).toBeGreaterThan(50);
      await page.setViewportSize({ width: 1100, height: 720 });

      // A dropped connection: someone logs in with our character elsewhere. The page says so and
      // offers to reconnect; reconnecting takes the character back where it stood.
      const intruder = new ScriptedClient(wsUrl);
      const list = await intruder.login(WEB_PLAYER.email, WEB_PLAYER.password, false);
      const own = list.name === "AccountCharacterList" ? list.fields.characters.find((c) => c.name === WEB_PLAYER.name) : undefined;
      expect(own).toBeDefined();
      intruder.send("LoginExistingChar", { charId: own!.id, name: own!.name });
      await intruder.waitFor("Logged", (p) => p.name === "Logged");
      const lost = page.locator("#connection-lost");
      await lost.waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await lost.textContent()).toContain("otro lugar");
      const beforeRejoin = bot.mark;
      await page.click("#reconnect");
      await intruder.waitFor("the intruder being replaced", (p) => p.name === "ErrorMsg");
      intruder.close();
      await page.locator("#hud-position[data-x]").waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.waitForFunction((x) => document.querySelector<HTMLElement>("#hud-position")?.dataset.x === String(x), walkedX, { timeout: STEP_TIMEOUT_MS });
      webCharIndex = await charIndexOf(bot, WEB_PLAYER.name, beforeRejoin);

      // Log out: the town is safe, so the server lets us go at once; the page returns to the characters.
      await page.click("#logout");
      await page.locator(".character-list .char-name", { hasText: WEB_PLAYER.name }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await bot.waitFor("the web player's removal", (p) => p.name === "CharacterRemove" && p.fields.charIndex === webCharIndex, beforeRejoin);

      // The server's validation errors show on the creation form: the bot's name is taken.
      await page.click("#new-character");
      await page.fill("#char-name", BOT.name);
      await page.click("#char-submit");
      const refusal = page.locator(".creation .form-error");
      await refusal.waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      expect(await refusal.textContent()).toContain("Ya existe un personaje con ese nombre");
      expect(await page.inputValue("#char-name")).toBe(BOT.name);

      expect(consoleErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
  test(
    "the chat line: -text yells in red, an unknown /command is answered locally and never said",
    async () => {
      const page: Page = await browser!.newPage({ viewport: { width: 1100, height: 720 } });
      const traffic = recordTraffic(page);
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));

      await page.goto(pageUrl);
      await page.fill("#login-email", CHAT_PLAYER.email);
      await page.fill("#login-password", CHAT_PLAYER.password);
      await page.click("#create-account");
      await page.click("#new-character", { timeout: STEP_TIMEOUT_MS });
      await page.fill("#char-name", CHAT_PLAYER.name);
      await page.click("#char-submit");
      await page.locator("#hud-position[data-x]").waitFor({ timeout: STEP_TIMEOUT_MS });
      const own = await until("UserCharIndexInServer", () => traffic.received.find((p) => p.name === "UserCharIndexInServer"));
      const ownIndex = own.name === "UserCharIndexInServer" ? own.fields.charIndex : 0;

      // -hola: a Yell leaves, and the server answers with red text over our head.
      await typeLine(page, "-hola");
      const yell = await until("our yell over the head", () =>
        traffic.received.find((p) => p.name === "ChatOverHead" && p.fields.charIndex === ownIndex && p.fields.text === "hola"),
      );
      expect(yell.name === "ChatOverHead" ? yell.fields.color : -1).toBe(VB_RED);
      expect(traffic.sent.filter((p) => p.name === "Yell").map((p) => p.fields)).toEqual([{ text: "hola" }]);

      // /foo: the page says the command does not exist and sends nothing; the next line still talks.
      const before = traffic.sent.length;
      await typeLine(page, "/foo");
      await page.waitForFunction((text) => document.querySelector("#console")?.textContent?.includes(text) ?? false, CHAT_TEXT.unknownCommand, {
        timeout: STEP_TIMEOUT_MS,
      });
      await typeLine(page, "ya");
      await until("our next line over the head", () => traffic.received.find((p) => p.name === "ChatOverHead" && p.fields.text === "ya"));
      expect(traffic.sent.slice(before).map((p) => [p.name, (p.fields as { text?: string }).text])).toEqual([["Talk", "ya"]]);
      expect(traffic.received.some((p) => p.name === "ChatOverHead" && p.fields.text.includes("foo"))).toBe(false);

      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
