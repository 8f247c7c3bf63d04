/**
 * `--graphics DIR`: with a world imported with its client `init/` folder, the server hands the
 * browser client the graphics index and the numbered images, and nothing else from the folder.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importWorld } from "../src/content/index.ts";
import { solidPng } from "./support/png.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const hasData = requireSharedData("ao20/Mapas/mapa1.csm", "ao20/Dat/obj.dat", "ao20/init/graficos.ind");

/** A 1×1 PNG of one colour. */
function onePixelPng(red: number, green: number, blue: number): Uint8Array {
  return solidPng(1, 1, red, green, blue);
}

(hasData ? describe : describe.skip)("AO graphics for the browser client", () => {
  let work: string;
  let ts: TestServer;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "argentum-graphics-"));
    const maps = join(work, "Mapas");
    mkdirSync(maps);
    copyFileSync(sharedDataPath("ao20/Mapas/mapa1.csm"), join(maps, "Mapa1.csm"));
    const images = join(work, "Graficos");
    mkdirSync(images);
    writeFileSync(join(images, "1.png"), onePixelPng(200, 30, 30));
    writeFileSync(join(images, "2.PNG"), onePixelPng(30, 200, 30));
    writeFileSync(join(images, "secret.txt"), "not an image");
    const result = await importWorld({
      mapsDir: maps,
      datDir: sharedDataPath("ao20/Dat"),
      initDir: sharedDataPath("ao20/init"),
      outDir: join(work, "pack"),
      format: "ao20",
    });
    expect(result.failed).toBe(false);
    ts = await startTestServer("pglite", ["--world", join(work, "pack"), "--graphics", images]);
  }, 120_000);

  afterAll(async () => {
    await ts?.stop();
    ts?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`http://127.0.0.1:${ts.httpPort}${path}`);

  test("the world document tells the client where the graphics are", async () => {
    const world = (await (await get("/api/world")).json()) as { graphicsUrl?: string };
    expect(world.graphicsUrl).toBe("/graphics");
  });

  test("the graphics index is the one imported from init/", async () => {
    const response = await get("/graphics/index.json");
    expect(response.status).toBe(200);
    const index = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(index).length).toBeGreaterThan(0);
    expect(JSON.stringify(index).length).toBeGreaterThan(100_000);
  });

  test("numbered images are served, whatever their case on disk; nothing else is", async () => {
    const one = await get("/graphics/1.png");
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await one.arrayBuffer()).equals(Buffer.from(onePixelPng(200, 30, 30)))).toBe(true);
    expect((await get("/graphics/2.png")).status).toBe(200);
    for (const path of ["/graphics/3.png", "/graphics/secret.txt", "/graphics/..%2Fsecret.txt", "/graphics/../Graficos/1.png"]) {
      expect((await get(path)).status).toBe(404);
    }
  });
});
