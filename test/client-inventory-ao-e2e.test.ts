/**
 * The inventory draws the AO pictures of the objects when the server serves AO graphics: a real
 * AO20 world (map 1 and the `.dat` tables) imported with the client graphics index, `--graphics`
 * pointing at a fake image folder made here. A scripted client creates the character first to
 * learn its starting items; the images those items' `GrhIndex` pictures cut from are then made
 * solid orange (every other object image stays a 1 × 1 placeholder, so the folder listing the
 * server reads at start is complete). In headless Chromium the player enters with that character
 * and each filled slot shows orange where our own art would be.
 *
 * Needs the shared AO data (fails in CI, skipped elsewhere) and /usr/bin/chromium (same rule).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createSpriteIndex, type SpriteIndex } from "../src/client/sprite-index.ts";
import { directorySource, importWorld, loadWorldPack, readPackGraphics } from "../src/content/index.ts";
import { GameClient } from "./support/game-client.ts";
import { solidPng } from "./support/png.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";
import { CHROMIUM, CHROMIUM_FLAGS, chromiumMissingFor } from "./support/browser.ts";

const ARTIFACTS = join(import.meta.dir, "..", ".test-artifacts");
const SCREENSHOT = join(ARTIFACTS, "client-inventory-ao.png");
const SCENARIO_TIMEOUT_MS = 90_000;
const STEP_TIMEOUT_MS = 15_000;
const PICTURE_RGB = [255, 140, 0] as const;
const PLAYER = { email: "mochila-ao@example.org", password: "mochila-secreta", name: "Alforja" };

const chromiumMissing = chromiumMissingFor("client-inventory-ao-e2e");
const hasData = requireSharedData("ao20/Mapas/mapa1.csm", "ao20/Dat/obj.dat", "ao20/init/graficos.ind");

describe.skipIf(!hasData || (chromiumMissing && process.env.CI !== "true"))("browser inventory with AO graphics", () => {
  let work = "";
  let ts: TestServer | undefined;
  let browser: Browser | undefined;
  let sprites: SpriteIndex;
  let images = "";
  /** Image file → the extent the object pictures cut from it. */
  const extents = new Map<number, { w: number; h: number }>();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "argentum-inventory-ao-"));
    const maps = join(work, "Mapas");
    mkdirSync(maps);
    copyFileSync(sharedDataPath("ao20/Mapas/mapa1.csm"), join(maps, "Mapa1.csm"));
    const packDir = join(work, "pack");
    const result = await importWorld({ mapsDir: maps, datDir: sharedDataPath("ao20/Dat"), initDir: sharedDataPath("ao20/init"), outDir: packDir, format: "ao20" });
    expect(result.failed).toBe(false);
    const loaded = await loadWorldPack(packDir);
    const graphics = await readPackGraphics(directorySource(packDir));
    if (!loaded.ok || !graphics.ok || !graphics.graphics) throw new Error("the imported pack did not load");
    const objects = loaded.pack.tables?.objects?.objects ?? [];
    sprites = createSpriteIndex(graphics.graphics, new Map(), new Map(objects.filter((o) => (o.grhIndex ?? 0) > 0).map((o) => [o.id, o.grhIndex!])));
    for (const object of objects) {
      const picture = sprites.objectPicture(object.id);
      if (!picture) continue;
      const extent = extents.get(picture.file) ?? { w: 1, h: 1 };
      extents.set(picture.file, { w: Math.max(extent.w, picture.sx + picture.w), h: Math.max(extent.h, picture.sy + picture.h) });
    }
    images = join(work, "Graficos");
    mkdirSync(images);
    // Placeholders, so the server lists every object image; the starting items' are redrawn below.
    for (const file of extents.keys()) writeFileSync(join(images, `${file}.png`), solidPng(1, 1, 0, 0, 0));
    ts = await startTestServer("pglite", ["--world", packDir, "--graphics", images]);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await ts?.stop().catch(() => {});
    await ts?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  }, SCENARIO_TIMEOUT_MS);

  test(
    "each starting item shows its AO picture in its slot",
    async () => {
      // The character, created by a scripted client: its login burst names the starting items.
      const scripted = await GameClient.connect("ws", ts!.host, ts!.httpPort);
      await scripted.waitFor("Connected");
      scripted.send("CreateAccount", { email: PLAYER.email, password: PLAYER.password });
      await scripted.waitFor("AccountCharacterList");
      scripted.send("LoginNewChar", { name: PLAYER.name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
      await scripted.waitFor("Logged");
      const items = scripted.received.filter((p) => p.name === "ChangeInventorySlot" && (p.fields.objIndex as number) > 0).map((p) => ({ slot: p.fields.slot as number, objIndex: p.fields.objIndex as number }));
      scripted.close();
      const pictured = items.filter((item) => sprites.objectPicture(item.objIndex) !== null);
      expect(pictured.length).toBeGreaterThan(0);
      for (const item of pictured) {
        const file = sprites.objectPicture(item.objIndex)!.file;
        const { w, h } = extents.get(file)!;
        writeFileSync(join(images, `${file}.png`), solidPng(w, h, ...PICTURE_RGB));
      }

      const page: Page = await browser!.newPage({ viewport: { width: 1100, height: 760 } });
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto(`http://127.0.0.1:${ts!.httpPort}/`);
      await page.fill("#login-email", PLAYER.email);
      await page.fill("#login-password", PLAYER.password);
      await page.click("#login-submit");
      await page.locator(".character-list li", { hasText: PLAYER.name }).locator(".play").click({ timeout: STEP_TIMEOUT_MS });
      await page.locator("#hud-position[data-x]").waitFor({ timeout: STEP_TIMEOUT_MS });

      // Images arrive one by one; a slot is redrawn once its picture is there.
      const slots = pictured.map((item) => item.slot);
      await page
        .waitForFunction(
          ([wanted, rgb]) =>
            wanted.every((slot) => {
              const canvas = document.querySelector<HTMLCanvasElement>(`#inventory button[data-slot="${slot}"] canvas`);
              const pixel = canvas?.getContext("2d")?.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
              return pixel !== undefined && Math.abs(pixel[0]! - rgb[0]) < 8 && Math.abs(pixel[1]! - rgb[1]) < 8 && Math.abs(pixel[2]! - rgb[2]) < 8;
            }),
          [slots, PICTURE_RGB] as const,
          { timeout: STEP_TIMEOUT_MS },
        )
        .catch(() => {
          throw new Error(`slots ${slots.join(", ")} never showed their AO pictures`);
        });
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
