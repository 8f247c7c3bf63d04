/**
 * The shape of the map side, held by a test (in the style of src/faces.test.ts); that `src/map`
 * has no import cycle, type imports included, is src/import-cycles.test.ts's (`map` is listed there):
 * - a system (`systems/<name>.ts` or `systems/<name>/`) imports only the kernel's face, the
 *   game, protocol, content, random and time faces, the files of its own folder, and the systems
 *   its manifest `uses`;
 * - the kernel imports no system, nor the files that assemble the map (handlers, map instance,
 *   worker);
 * - the files below the kernel (store, view, packets, codecs…) import neither.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { relativeImports } from "../import-graph.test-support.ts";
import { SYSTEMS } from "./systems/index.ts";

const MAP = import.meta.dir;
const SRC = resolve(MAP, "..");

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".test-support.ts")) out.push(path);
  }
  return out;
}

/** Every relative import of a file, resolved to an absolute path (type imports and re-exports included). */
function importsOf(file: string): string[] {
  return relativeImports(readFileSync(file, "utf8")).map((spec) => resolve(dirname(file), spec));
}

const files = sourceFiles(MAP);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const SYSTEMS_DIR = join(MAP, "systems");
const KERNEL_DIR = join(MAP, "kernel");
const within = (file: string, dir: string) => file.startsWith(dir + sep);

/** The system a file under systems/ belongs to: its own name, or its folder's. */
function systemOf(file: string): string {
  const [first] = relative(SYSTEMS_DIR, file).split(sep);
  return first!.replace(/\.ts$/, "");
}

/** Faces of other contexts a system may import. */
const ALLOWED_FACE = /^(game\/[\w-]+|protocol|content|random|time)\/index\.ts$/;

describe("the map side's architecture", () => {
  test("the map's files are all read", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  test("every listed system lives in systems/<name>.ts or systems/<name>/", () => {
    const homes = new Set(files.filter((file) => within(file, SYSTEMS_DIR) && !file.endsWith(join("systems", "index.ts"))).map(systemOf));
    expect(SYSTEMS.map((system) => system.name).filter((name) => !homes.has(name))).toEqual([]);
    expect([...homes].filter((home) => !SYSTEMS.some((system) => system.name === home))).toEqual([]);
  });

  test("a system imports only the kernel's face, other contexts' faces, its own folder and the systems it uses", () => {
    const uses = new Map(SYSTEMS.map((system) => [system.name, system.uses ?? []]));
    const offenders: string[] = [];
    for (const file of files) {
      if (!within(file, SYSTEMS_DIR) || file === join(SYSTEMS_DIR, "index.ts")) continue;
      const owner = systemOf(file);
      for (const target of graph.get(file)!) {
        const rel = relative(SRC, target);
        if (target === join(KERNEL_DIR, "index.ts") || ALLOWED_FACE.test(rel.split(sep).join("/"))) continue;
        if (within(target, SYSTEMS_DIR)) {
          const other = systemOf(target);
          if (other === owner || uses.get(owner)!.includes(other)) continue;
        }
        offenders.push(`${relative(SRC, file)} -> ${rel}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test("the kernel imports no system and nothing that assembles the map; the layer below imports neither", () => {
    const assembly = ["handlers.ts", "map-instance.ts", "worker.ts", "index.ts"].map((name) => join(MAP, name));
    const offenders: string[] = [];
    for (const file of files) {
      const lower = !within(file, SYSTEMS_DIR) && !within(file, KERNEL_DIR) && !assembly.includes(file);
      if (!within(file, KERNEL_DIR) && !lower) continue;
      for (const target of graph.get(file)!) {
        const forbidden = within(target, SYSTEMS_DIR) || assembly.includes(target) || (lower && within(target, KERNEL_DIR));
        if (forbidden) offenders.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
