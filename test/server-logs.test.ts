/**
 * What an operator reads at the info level: the world loaded, accounts and characters created,
 * logins, logouts with their reason, each final save and each autosave with counts and timings.
 * A real server on PGlite with a logger that keeps its JSON lines.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config/index.ts";
import { createLogger } from "../src/log/index.ts";
import { startServer, type RunningServer } from "../src/server/index.ts";
import { createAndEnter } from "./support/world-players.ts";

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** pino's info level. */
const INFO = 30;

describe("info-level log lines", () => {
  const lines: LogLine[] = [];
  let server: RunningServer;
  let dataDir = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "argentum-logs-"));
    const loaded = loadConfig(["--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0", "--data-dir", dataDir], {});
    if (!loaded.ok) throw loaded.error;
    const logger = createLogger("info", { write: (text: string) => void lines.push(JSON.parse(text) as LogLine) });
    server = await startServer(loaded.config, logger, { mapWorkers: 1 });
  }, 120_000);

  afterAll(async () => {
    await server?.stop("test over");
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const find = (msg: string) => lines.filter((line) => line.msg === msg && line.level === INFO);

  test("the world load is logged with its name, size and time", () => {
    const [world] = find("world loaded");
    expect(world).toMatchObject({ maps: 5, builtIn: true });
    expect(typeof world!.ms).toBe("number");
  });

  test("an account, a character, its login, an autosave, its logout and its save, each once, with what an operator needs", async () => {
    const ts = { host: "127.0.0.1", tcpPort: server.tcpPort, httpPort: server.httpPort } as Parameters<typeof createAndEnter>[0];
    const player = await createAndEnter(ts, "tcp", "Registro");
    expect(find("account created")).toHaveLength(1);
    const [created] = find("character created");
    expect(created).toMatchObject({ name: player.name, class: 3, race: 1 });
    const [login] = find("character login");
    expect(login).toMatchObject({ name: player.name, map: 1 });

    expect(await server.autosave()).toBe(1);
    const [autosave] = find("autosave");
    expect(autosave).toMatchObject({ characters: 1 });
    expect(typeof autosave!.ms).toBe("number");

    const from = player.client.received.length;
    player.client.send("Quit");
    await player.client.waitFor("Disconnect", () => true, from);
    await player.client.waitForClose();
    await server.gateway.drainSaves();
    const [logout] = find("character logout");
    expect(logout).toMatchObject({ name: player.name, reason: "quit" });
    const [saved] = find("character saved");
    expect(saved).toMatchObject({ reason: "quit" });
    expect(typeof saved!.ms).toBe("number");
  });
});
