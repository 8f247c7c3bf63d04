/**
 * The server honours its memory settings (issue 17): `--map-workers` starts that many map
 * workers (auto: one per core, never more than maps), and `--pglite-shared-buffers-mb` reaches
 * the embedded database. What they save is measured by bench/memory.ts, never asserted here.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config/index.ts";
import { createLogger } from "../src/log/index.ts";
import { startServer } from "../src/server/index.ts";

/** A first start on PGlite runs initdb: seconds, more on a loaded machine. */
const START_TIMEOUT_MS = 120_000;
/** The built-in world's maps. */
const DEFAULT_WORLD_MAPS = 5;

const scratch = mkdtempSync(join(tmpdir(), "argentum-memory-settings-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface LogLine {
  msg: string;
  [field: string]: unknown;
}

/** A server on a fresh data folder of its own, with a logger that keeps its lines. */
async function startWith(folder: string, flags: string[]) {
  const dataDir = join(scratch, folder);
  const loaded = loadConfig(["--host", "127.0.0.1", "--http-port", "0", "--tcp-port", "0", "--data-dir", dataDir, ...flags], {});
  if (!loaded.ok) throw loaded.error;
  const lines: LogLine[] = [];
  const logger = createLogger("info", { write: (text: string) => void lines.push(JSON.parse(text) as LogLine) });
  const server = await startServer(loaded.config, logger);
  return { server, lines };
}

describe("memory settings", () => {
  test(
    "--map-workers 3 starts three map workers, and the maps run in them",
    async () => {
      const { server, lines } = await startWith("three-workers", ["--map-workers", "3", "--pglite-shared-buffers-mb", "4"]);
      try {
        expect(server.world.stats.workers).toBe(3);
        expect(server.world.stats.mapsLoaded).toBe(DEFAULT_WORLD_MAPS);
        // Both opens of the first start (initdb, then the fresh worker) used the chosen page cache.
        const opened = lines.filter((line) => line.msg === "PGlite opened");
        expect(opened.map((line) => line.sharedBuffersMb)).toEqual([4, 4]);
        expect(opened.map((line) => line.createdCluster)).toEqual([true, false]);
      } finally {
        await server.stop("test over");
      }
    },
    START_TIMEOUT_MS,
  );

  test(
    "--map-workers auto (the default) starts one per core, never more than the world's maps",
    async () => {
      const { server, lines } = await startWith("defaults", []);
      try {
        const cores = navigator.hardwareConcurrency || 1;
        expect(server.world.stats.workers).toBe(Math.max(1, Math.min(DEFAULT_WORLD_MAPS, cores)));
        expect(lines.filter((line) => line.msg === "PGlite opened").map((line) => line.sharedBuffersMb)).toEqual([8, 8]);
      } finally {
        await server.stop("test over");
      }
    },
    START_TIMEOUT_MS,
  );
});
