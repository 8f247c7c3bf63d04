/**
 * `GET /api/map/:id/layers`: a real AO20 map's graphic layers survive import → pack → API →
 * the browser's reader unchanged, checked against the `.csm` parser's own output; the route's
 * caching (ETag, 304), encodings (gzip as stored, inflated otherwise) and 404s; and
 * `/api/world` carrying each object's GrhIndex from obj.dat.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { WebSocketHandler } from "bun";
import { readMapLayers } from "../src/client/map-terrain.ts";
import { importWorld, loadDefaultWorld, parseCsm, tileIndex, type ParsedMap } from "../src/content/index.ts";
import { encodeMapLayers } from "../src/game/map-json/index.ts";
import { startHttpServer } from "../src/net/http-server.ts";
import type { WsState } from "../src/net/ws-endpoint.ts";
import { serverWorldFromPack } from "../src/server/server-world.ts";
import { readSharedData, requireSharedData, sharedDataPath } from "./support/shared-data.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const hasData = requireSharedData("ao20/Mapas/mapa1.csm", "ao20/Dat/obj.dat");
const MAP = { id: 1, width: 100, height: 100 };
/** obj.dat of the shared 2024 copy: [OBJ1] Manzana Roja, GrhIndex=506; [OBJ12] Monedas de Oro, GrhIndex=52117. */
const KNOWN_OBJECT_GRHS = [
  [1, 506],
  [12, 52117],
] as const;

(hasData ? describe : describe.skip)("map layers over the API, from a real AO20 map", () => {
  let work: string;
  let ts: TestServer;
  let parsed: ParsedMap;
  let layersHash: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "argentum-layers-"));
    const maps = join(work, "Mapas");
    mkdirSync(maps);
    copyFileSync(sharedDataPath("ao20/Mapas/mapa1.csm"), join(maps, "Mapa1.csm"));
    const result = await importWorld({ mapsDir: maps, datDir: sharedDataPath("ao20/Dat"), outDir: join(work, "pack"), format: "ao20" });
    expect(result.failed).toBe(false);
    const manifest = JSON.parse(readFileSync(join(work, "pack", "world.json"), "utf8"));
    // Layers need version 2; the --dat import also carries the 2024 starting kit, which needs 3.
    expect(manifest.version).toBe(3);
    expect(manifest.maps[0].layers).toBeDefined();
    layersHash = manifest.maps[0].layers.hash;
    const outcome = parseCsm(readSharedData("ao20/Mapas/mapa1.csm"), "mapa1.csm");
    if (!outcome.ok) throw new Error(outcome.error.message);
    parsed = outcome.map;
    ts = await startTestServer("pglite", ["--world", join(work, "pack")]);
  }, 120_000);

  afterAll(async () => {
    await ts?.stop();
    ts?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${ts.httpPort}${path}`, init);

  test("the client reads exactly the layers the .csm parser read", async () => {
    const response = await get("/api/map/1/layers");
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(encodeMapLayers({ ...MAP, layers: parsed.layers })))).toBe(true);
    const reading = readMapLayers(bytes, MAP);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    // A few tiles by hand: (1, 1), the middle, and the first tile holding something on each layer.
    const tiles = [tileIndex(100, 1, 1), tileIndex(100, 50, 50)];
    for (const layer of parsed.layers) tiles.push(layer.findIndex((grh) => grh !== 0));
    expect(tiles.slice(2).every((tile) => tile >= 0)).toBe(true);
    for (const tile of tiles) {
      for (let layer = 0; layer < 4; layer++) expect([tile, layer, reading.document.layers[layer]![tile]]).toEqual([tile, layer, parsed.layers[layer]![tile]!]);
    }
    expect(reading.document.layers.map((layer) => [...layer])).toEqual(parsed.layers.map((layer) => [...layer]));
  });

  test("gzip as stored for clients that take it, inflated for the others", async () => {
    const raw = await get("/api/map/1/layers", { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
    expect(raw.headers.get("content-encoding")).toBe("gzip");
    expect(raw.headers.get("vary")).toBe("accept-encoding");
    const gzip = new Uint8Array(await raw.arrayBuffer());
    expect(new Bun.CryptoHasher("sha256").update(gzip).digest("hex")).toBe(layersHash);
    expect(gzip.length).toBeLessThan(20_000);
    const plain = await get("/api/map/1/layers", { headers: { "accept-encoding": "identity" }, decompress: false } as RequestInit);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(Buffer.from(encodeMapLayers({ ...MAP, layers: parsed.layers })))).toBe(true);
  });

  test("cacheable: the ETag is the layers file's SHA-256 from the pack, and it answers 304", async () => {
    const first = await get("/api/map/1/layers");
    const etag = first.headers.get("etag");
    expect(etag).toBe(`W/"${layersHash}"`);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    for (const ifNoneMatch of [etag!, `"${layersHash}"`, `"other", ${etag}`, "*"]) {
      const again = await get("/api/map/1/layers", { headers: { "if-none-match": ifNoneMatch } });
      expect([ifNoneMatch, again.status, (await again.arrayBuffer()).byteLength]).toEqual([ifNoneMatch, 304, 0]);
      expect(again.headers.get("etag")).toBe(etag);
    }
    expect((await get("/api/map/1/layers", { headers: { "if-none-match": `W/"${"0".repeat(64)}"` } })).status).toBe(200);
  });

  test("no such map, or a hostile id: 404 as /api/map/:id answers", async () => {
    for (const id of ["2", "0", "-1", "abc", "1e2", "01x", "9999999", "%2e%2e", "1%00"]) {
      const response = await get(`/api/map/${id}/layers`);
      expect([id, response.status]).toEqual([id, 404]);
      expect(((await response.json()) as { error: string }).error).toBe("not_found");
    }
  });

  test("/api/world names each object's picture (GrhIndex of obj.dat)", async () => {
    const world = (await (await get("/api/world")).json()) as { objects: { id: number; grhIndex?: number }[] };
    const byId = new Map(world.objects.map((object) => [object.id, object.grhIndex]));
    for (const [id, grh] of KNOWN_OBJECT_GRHS) expect([id, byId.get(id)]).toEqual([id, grh]);
    expect(world.objects.filter((object) => object.grhIndex !== undefined).length).toBeGreaterThan(1_000);
  });
});

describe("a world without layers", () => {
  test("the default world has none: the route says 404, the client keeps its own art", async () => {
    const loaded = await loadDefaultWorld();
    if (!loaded.ok) throw new Error("default world");
    const world = serverWorldFromPack(loaded.pack, true);
    expect(loaded.pack.maps.every((map) => map.packedLayers === null)).toBe(true);
    const websocket: WebSocketHandler<WsState> = { message() {} };
    const server = startHttpServer({
      hostname: "127.0.0.1",
      port: 0,
      websocket,
      handlers: { health: () => ({}), metrics: () => "", mapJson: (id) => world.mapJson(id), mapLayers: (id) => world.mapLayers(id) },
    });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/api/map/1`)).status).toBe(200);
      const response = await fetch(`http://127.0.0.1:${server.port}/api/map/1/layers`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found", message: "map 1 has no graphic layers" });
      expect(world.worldInfo.objects.every((object) => object.grhIndex === undefined)).toBe(true);
    } finally {
      server.stop(true);
    }
  });
});
