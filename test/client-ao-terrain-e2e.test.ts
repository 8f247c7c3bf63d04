/**
 * The browser draws the AO terrain when it can: a real AO20 map imported with its layers and the
 * client graphics index, served with `--graphics` pointing at a fake image folder made here (one
 * solid-colour PNG per image the map's layers use: magenta for floors, cyan for the rest). In
 * headless Chromium the player enters Ullathorpe; the page fetches the map's layers and the
 * floor images, and the game canvas turns magenta where our own art would be green and brown.
 * Leaves a screenshot in .test-artifacts/client-ao-terrain.png.
 *
 * Needs the shared AO data (fails in CI, skipped elsewhere) and /usr/bin/chromium (same rule).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createSpriteIndex } from "../src/client/sprite-index.ts";
import { directorySource, importWorld, loadWorldPack, readPackGraphics, unpackMapLayers } from "../src/content/index.ts";
import { mapLayersByteLength } from "../src/game/map-json/index.ts";
import { solidPng } from "./support/png.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";
import { CHROMIUM, CHROMIUM_FLAGS, chromiumMissingFor } from "./support/browser.ts";

const ARTIFACTS = join(import.meta.dir, "..", ".test-artifacts");
const SCREENSHOT = join(ARTIFACTS, "client-ao-terrain.png");
const SCENARIO_TIMEOUT_MS = 90_000;
const STEP_TIMEOUT_MS = 15_000;
const FLOOR_RGB = [255, 0, 255] as const;
const OTHER_RGB = [0, 255, 255] as const;
/** Share of the canvas that must show floor images: the floor fills every tile, layers 2–4 and characters cover some. */
const MIN_FLOOR_SHARE = 0.25;
/** How often the canvas is looked at again while images load. */
const POLL_MS = 100;

const chromiumMissing = chromiumMissingFor("client-ao-terrain-e2e");
const hasData = requireSharedData("ao20/Mapas/mapa1.csm", "ao20/Dat/obj.dat", "ao20/init/graficos.ind");

/** Share of the game canvas in (about) `rgb`, sampling every 5th pixel. */
async function canvasShare(page: Page, rgb: readonly [number, number, number]): Promise<number> {
  return page.evaluate((target) => {
    const canvas = document.querySelector<HTMLCanvasElement>("#game-canvas");
    if (!canvas || canvas.width === 0) return 0;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hits = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4 * 5) {
      n++;
      if (Math.abs(data[i]! - target[0]) < 16 && Math.abs(data[i + 1]! - target[1]) < 16 && Math.abs(data[i + 2]! - target[2]) < 16) hits++;
    }
    return hits / n;
  }, rgb);
}

describe.skipIf(!hasData || (chromiumMissing && process.env.CI !== "true"))("browser client draws the AO terrain", () => {
  let work = "";
  let ts: TestServer | undefined;
  let browser: Browser | undefined;
  const floorFiles = new Set<number>();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "argentum-ao-terrain-"));
    const maps = join(work, "Mapas");
    mkdirSync(maps);
    copyFileSync(sharedDataPath("ao20/Mapas/mapa1.csm"), join(maps, "Mapa1.csm"));
    const packDir = join(work, "pack");
    const result = await importWorld({ mapsDir: maps, datDir: sharedDataPath("ao20/Dat"), initDir: sharedDataPath("ao20/init"), outDir: packDir, format: "ao20" });
    expect(result.failed).toBe(false);

    // The images map 1's layers use, each as large as the rectangles cut from it.
    const loaded = await loadWorldPack(packDir);
    const graphics = await readPackGraphics(directorySource(packDir));
    if (!loaded.ok || !graphics.ok || !graphics.graphics) throw new Error("the imported pack did not load");
    const map = loaded.pack.mapsById.get(1)!;
    const layers = unpackMapLayers(map.packedLayers!.gzip, map);
    if (!layers.ok) throw new Error(layers.error.message);
    const sprites = createSpriteIndex(graphics.graphics);
    const extents = new Map<number, { w: number; h: number }>();
    layers.document.layers.forEach((grid, layer) => {
      for (const grh of grid) {
        const picture = grh > 0 ? sprites.mapGrh(grh, layer === 0 ? "fill-tile" : "stand") : null;
        if (!picture) continue;
        if (layer === 0) floorFiles.add(picture.file);
        const extent = extents.get(picture.file) ?? { w: 1, h: 1 };
        extents.set(picture.file, { w: Math.max(extent.w, picture.sx + picture.w), h: Math.max(extent.h, picture.sy + picture.h) });
      }
    });
    const images = join(work, "Graficos");
    mkdirSync(images);
    for (const [file, { w, h }] of extents) {
      const [red, green, blue] = floorFiles.has(file) ? FLOOR_RGB : OTHER_RGB;
      writeFileSync(join(images, `${file}.png`), solidPng(w, h, red, green, blue));
    }

    ts = await startTestServer("pglite", ["--world", packDir, "--graphics", images]);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  }, SCENARIO_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await ts?.stop().catch(() => {});
    ts?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  }, SCENARIO_TIMEOUT_MS);

  test(
    "the map's layers and floor images are fetched and drawn",
    async () => {
      const page = await browser!.newPage({ viewport: { width: 1100, height: 720 } });
      const pageErrors: string[] = [];
      const layerWarnings: string[] = [];
      const requested: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      page.on("console", (message) => {
        if (message.text().includes("graphic layers")) layerWarnings.push(message.text());
      });
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      const layersResponse = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/map/1/layers", { timeout: STEP_TIMEOUT_MS });

      await page.goto(`http://127.0.0.1:${ts!.httpPort}/`);
      await page.fill("#login-email", "terreno@example.org");
      await page.fill("#login-password", "terreno-secreto");
      await page.click("#create-account");
      await page.click("#new-character", { timeout: STEP_TIMEOUT_MS });
      await page.fill("#char-name", "Baldosa");
      await page.click("#char-submit");
      await page.locator("#hud-position[data-x]").waitFor({ timeout: STEP_TIMEOUT_MS });

      const layers = await layersResponse;
      expect(layers.status()).toBe(200);
      expect((await layers.body()).length).toBe(mapLayersByteLength(100, 100));
      // Images arrive one by one; the chunks painted without them are painted again.
      const deadline = performance.now() + STEP_TIMEOUT_MS;
      while ((await canvasShare(page, FLOOR_RGB)) < MIN_FLOOR_SHARE && performance.now() < deadline) await page.waitForTimeout(POLL_MS);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      expect(await canvasShare(page, FLOOR_RGB)).toBeGreaterThanOrEqual(MIN_FLOOR_SHARE);
      const images = new Set(requested.filter((path) => /^\/graphics\/\d+\.png$/.test(path)).map((path) => Number(path.slice(10, -4))));
      expect([...floorFiles].some((file) => images.has(file))).toBe(true);
      expect(layerWarnings).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    },
    SCENARIO_TIMEOUT_MS,
  );
});
