/**
 * Reads a client `init/` directory from disk into a {@link GraphicsIndex}. The only module of
 * this context that touches the file system; names are matched case-insensitively
 * (`Graficos.ini` vs `graficos.ini`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildGraphicsIndex, type GraphicsIndexResult } from "./build-graphics-index.ts";
import { emptyGraphicsIndex } from "./graphics-index.ts";

/** Largest index file we read; the biggest real one (Graficos.ini) is 2 MB. */
const MAX_INDEX_FILE_BYTES = 128 * 1024 * 1024;

/** Loads the graphics index from `initDir`. Never throws for bad or missing files. */
export function loadGraphicsIndex(initDir: string): GraphicsIndexResult {
  let names: string[];
  try {
    names = readdirSync(initDir);
  } catch (cause) {
    return {
      index: emptyGraphicsIndex(),
      errors: [
        {
          code: "unreadable-file",
          file: initDir,
          message: `cannot list ${initDir}: ${cause instanceof Error ? cause.message : String(cause)}`,
        },
      ],
      warnings: [],
    };
  }
  const byLowerName = new Map<string, string>();
  for (const name of names.sort()) if (!byLowerName.has(name.toLowerCase())) byLowerName.set(name.toLowerCase(), name);
  return buildGraphicsIndex((lowerName) => {
    const actual = byLowerName.get(lowerName);
    if (actual === undefined) return undefined;
    const path = join(initDir, actual);
    try {
      const size = statSync(path).size;
      if (size > MAX_INDEX_FILE_BYTES) return new Error(`${size} bytes is more than an index file can be`);
      return { name: actual, bytes: readFileSync(path) };
    } catch (cause) {
      return cause instanceof Error ? cause : new Error(String(cause));
    }
  });
}
