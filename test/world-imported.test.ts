/**
 * The server on an imported original world: the real AO20 maps and tables imported into a pack,
 * served with --world, a character created with the AO20 rules lands in Ullathorpe.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importWorld } from "../src/content/index.ts";
import { GameClient } from "./support/game-client.ts";
import { requireSharedData, sharedDataPath } from "./support/shared-data.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const hasData = requireSharedData("ao20/Mapas", "ao20/Dat/Balance.dat", "ao20/Dat/Ciudades.Dat");
/** Ciudades.Dat of the shared 2024 copy: Ullathorpe (city 1) is map 1, tile (57, 44). */
const ULLATHORPE = { map: 1, x: 57, y: 44 };

(hasData ? describe : describe.skip)("server on an imported AO20 world", () => {
  let packDir: string;
  let ts: TestServer;

  beforeAll(async () => {
    packDir = mkdtempSync(join(tmpdir(), "argentum-pack-"));
    const result = await importWorld({
      mapsDir: sharedDataPath("ao20", "Mapas"),
      datDir: sharedDataPath("ao20", "Dat"),
      outDir: packDir,
      format: "ao20",
    });
    expect(result.failed).toBe(false);
    ts = await startTestServer("pglite", ["--world", packDir]);
  }, 180_000);

  afterAll(async () => {
    await ts?.stop();
    ts?.cleanup();
    rmSync(packDir, { recursive: true, force: true });
  }, 60_000);

  test("health counts the world's maps lazily and the map API serves real maps", async () => {
    const health = (await (await fetch(`http://127.0.0.1:${ts.httpPort}/health`)).json()) as { status: string };
    expect(health.status).toBe("ok");
    const map = (await (await fetch(`http://127.0.0.1:${ts.httpPort}/api/map/1`)).json()) as { width: number; exits: unknown[] };
    expect(map.width).toBe(100);
    expect(map.exits.length).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${ts.httpPort}/api/map/999999`)).status).toBe(404);
  });

  test("a new character is created with the AO20 rules and enters Ullathorpe", async () => {
    const client = await GameClient.connect("tcp", ts.host, ts.tcpPort);
    await client.waitFor("Connected");
    client.send("CreateAccount", { email: "ao20@test.local", password: "secreto123" });
    await client.waitFor("AccountCharacterList");
    client.send("LoginNewChar", { name: "Tarkan", race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
    await client.waitFor("Logged", () => true, 0, 30_000);
    const changeMap = client.received.find((packet) => packet.name === "ChangeMap")!;
    expect(changeMap.fields.map).toBe(ULLATHORPE.map);
    const own = client.received.find((packet) => packet.name === "UserCharIndexInServer")!.fields.charIndex;
    const me = client.received.find((packet) => packet.name === "CharacterCreate" && packet.fields.charIndex === own)!.fields;
    // The city tile, or the nearest free one (the VB6 spawn search).
    expect(Math.abs((me.x as number) - ULLATHORPE.x)).toBeLessThanOrEqual(3);
    expect(Math.abs((me.y as number) - ULLATHORPE.y)).toBeLessThanOrEqual(3);
    // character-creation.md §10.1 ("Tarkan", 2024 data): HP 20/20, mana 0, level 1, ELU 375,
    // head 1; the body is that of the clothes the 2024 kit draws for a human male (§5.3: objects
    // 463–465, NumRopaje 1, 126, 3 in that obj.dat).
    const stats = client.received.find((packet) => packet.name === "UpdateUserStats")!.fields;
    expect([stats.minHp, stats.maxHp, stats.maxMana, stats.level, stats.expToNextLevel, stats.exp]).toEqual([20, 20, 0, 1, 375, 0]);
    expect([1, 126, 3]).toContain(me.body as number);
    expect(me.head).toBe(1);
    // The NPCs of Ullathorpe are there (the real map places several).
    expect(client.received.some((packet) => packet.name === "CharacterCreate" && packet.fields.isNpc === 1)).toBe(true);
    client.close();
  });

  test("maps load on first entry and unload when nobody has been on them for a while", async () => {
    const world = ts.server.world;
    // 823 maps: loaded lazily; only Ullathorpe got loaded by the login above.
    expect(world.loadedMaps()).toEqual([ULLATHORPE.map]);
    await ts.server.gateway.drainSaves();
    for (let i = 0; i < 100 && world.onlineCount > 0; i++) await Bun.sleep(20);
    expect(world.unloadIdleMaps(0, 1_000)).toEqual([]); // empty since t=0
    expect(world.unloadIdleMaps(500, 1_000)).toEqual([]); // not idle long enough
    expect(world.unloadIdleMaps(1_000, 1_000)).toEqual([ULLATHORPE.map]);
    expect(world.loadedMaps()).toEqual([]);
    // Coming back loads it again.
    const client = await GameClient.connect("ws", ts.host, ts.httpPort);
    await client.waitFor("Connected");
    client.send("LoginAccount", { email: "ao20@test.local", password: "secreto123" });
    const list = await client.waitFor("AccountCharacterList");
    const tarkan = (list.fields.characters as { id: number; name: string }[]).find((c) => c.name === "Tarkan")!;
    client.send("LoginExistingChar", { charId: tarkan.id, name: "Tarkan" });
    await client.waitFor("Logged", () => true, 0, 30_000);
    expect(world.loadedMaps()).toEqual([ULLATHORPE.map]);
    client.close();
  });
});
