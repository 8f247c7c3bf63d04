#!/usr/bin/env bun
/**
 * Writes the default world pack to assets/world/ and regenerates embedded.ts.
 * Run: node_modules/.bin/bun src/content/default-world/generate.ts
 */
import { join } from "node:path";
import { writeWorldPack } from "../pack/index.ts";
import { buildDefaultWorld } from "./build-default-world.ts";
import { embeddedModuleSource } from "./embedded-source.ts";

const REPO_ROOT = join(import.meta.dir, "..", "..", "..");
const PACK_DIR = join(REPO_ROOT, "assets", "world");
const EMBEDDED_MODULE = join(import.meta.dir, "embedded.ts");

const written = await writeWorldPack(PACK_DIR, buildDefaultWorld());
if (!written.ok) {
  for (const error of written.errors) process.stderr.write(`${error.file}: ${error.message}\n`);
  process.exit(1);
}
await Bun.write(EMBEDDED_MODULE, embeddedModuleSource(written.files));
let bytes = 0;
for (const file of written.files) bytes += Bun.file(join(PACK_DIR, file)).size;
process.stdout.write(`${JSON.stringify({ dir: PACK_DIR, hash: written.hash, files: written.files, bytes })}\n`);
