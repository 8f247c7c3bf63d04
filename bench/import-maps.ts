#!/usr/bin/env bun
/**
 * Import and start-up load times on the real AO20 maps (never copied into the repo).
 *
 *   node_modules/.bin/bun bench/import-maps.ts [--runs N]
 *
 * Prints one JSON object: the time to import all AO20 maps (maps only, and with Dat/ tables),
 * the pack size, and the time to load the resulting pack the way the server does at start-up
 * (with and without SHA-256 checks), plus the embedded default world. Packs go to a temp dir.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { importWorld, loadDefaultWorld, loadWorldPack } from "../src/content/index.ts";

const SHARED = resolve(import.meta.dir, "..", process.env.AO_SHARED_DATA ?? "../shared/data");
const MAPS_DIR = join(SHARED, "ao20", "Mapas");
const DAT_DIR = join(SHARED, "ao20", "Dat");
const runsFlag = process.argv.indexOf("--runs");
const RUNS = runsFlag >= 0 ? Math.max(1, Number(process.argv[runsFlag + 1]) || 1) : 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function directoryBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    total += stat.isDirectory() ? directoryBytes(path) : stat.size;
  }
  return total;
}

try {
  statSync(MAPS_DIR);
} catch {
  process.stderr.write(`no AO20 maps at ${MAPS_DIR} (set AO_SHARED_DATA)\n`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "argentum-bench-import-"));
try {
  const mapsOnly: number[] = [];
  const withTables: number[] = [];
  const load: number[] = [];
  const loadNoVerify: number[] = [];
  const loadMapsOnly: number[] = [];
  let maps = 0;
  let errors = 0;
  for (let run = 0; run < RUNS; run++) {
    const bare = await timed(() => importWorld({ mapsDir: MAPS_DIR, outDir: join(work, "maps-only") }));
    mapsOnly.push(bare.ms);
    maps = bare.value.report.maps.length;
    errors = bare.value.report.errors.length;
    const full = await timed(() => importWorld({ mapsDir: MAPS_DIR, datDir: DAT_DIR, outDir: join(work, "with-tables") }));
    withTables.push(full.ms);
    for (const [dir, into, options] of [
      ["with-tables", load, {}],
      ["with-tables", loadNoVerify, { verifyHashes: false }],
      ["maps-only", loadMapsOnly, {}],
    ] as const) {
      const loaded = await timed(() => loadWorldPack(join(work, dir), options));
      if (!loaded.value.ok) throw new Error(`loading ${dir} failed: ${JSON.stringify(loaded.value.errors.slice(0, 3))}`);
      into.push(loaded.ms);
    }
  }
  const defaultWorld = await timed(() => loadDefaultWorld());
  process.stdout.write(
    `${JSON.stringify({
      bench: "import-maps",
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? "unknown", platform: process.platform, bun: Bun.version },
      runs: RUNS,
      ao20: {
        maps,
        errors,
        importMapsOnlyMs: median(mapsOnly),
        importWithTablesMs: median(withTables),
        packBytesMapsOnly: directoryBytes(join(work, "maps-only")),
        packBytesWithTables: directoryBytes(join(work, "with-tables")),
        loadPackMs: median(load),
        loadPackNoHashCheckMs: median(loadNoVerify),
        loadMapsOnlyPackMs: median(loadMapsOnly),
      },
      defaultWorld: { loadMs: Math.round(defaultWorld.ms * 10) / 10, ok: defaultWorld.value.ok },
    })}\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
