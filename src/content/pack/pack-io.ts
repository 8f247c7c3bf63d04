/**
 * Reading and writing world packs on disk (or from files embedded in the executable).
 *
 * A pack is a directory:
 *   world.json      manifest (WorldManifestSchema): name, source, cities, per-map properties and hashes
 *   tables.json     game tables (optional)
 *   graphics.json   the client graphics index (optional; read on demand by `readPackGraphics`)
 *   kit.json        the starting kit (optional, version 3; kit.ts)
 *   maps/<id>.bin   one binary per map (map-binary.ts)
 *   maps/<id>.layers.gz  the map's graphic layers for browsers (optional, packed-layers.ts)
 *
 * Hashes are SHA-256: per map file and layers file, for tables.json and kit.json, and for the pack
 * (the canonical JSON of the manifest without its own `hash`, which lists every other hash).
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { canonicalJson } from "./canonical-json.ts";
import { decodeMapBinary, encodeMapBinary } from "./map-binary.ts";
import { packMapLayers } from "./packed-layers.ts";
import { GraphicsIndexSchema, type GraphicsIndex } from "../graphics/index.ts";
import { ao20StartingKit2024For } from "../dat/index.ts";
import type { StartingKit } from "../../game/character-creation/index.ts";
import { checkKitAgainstTables, decodeStartingKit, encodeStartingKit } from "./kit.ts";
import {
  GRAPHICS_FILE,
  KIT_FILE,
  MANIFEST_FILE,
  MapPropertiesSchema,
  TABLES_FILE,
  WORLD_PACK_FORMAT,
  WORLD_PACK_VERSION_KIT,
  WORLD_PACK_VERSION_LAYERS,
  WORLD_PACK_VERSION_WITHOUT_LAYERS,
  WorldManifestSchema,
  mapLayersFile,
  type ManifestMap,
  type WorldManifest,
} from "./schema.ts";
import { PackTablesSchema, encodeTables, type PackTables } from "./tables.ts";
import { checkWorldContent, type KitOrigin, type LoadedWorldMap, type WorldPack, type WorldPackContent, type WorldPackIssue } from "./world-pack.ts";

/** Where a pack's files come from: a directory, or files embedded in the executable. */
export interface PackFileSource {
  /** Human-readable origin, for messages. */
  readonly description: string;
  /** The bytes of a pack file (path relative to the pack root, `/`-separated), or undefined when absent. */
  read(path: string): Promise<Uint8Array | undefined>;
}

export type LoadWorldPackOutcome = { readonly ok: true; readonly pack: WorldPack } | { readonly ok: false; readonly errors: readonly WorldPackIssue[] };
export type WriteWorldPackOutcome =
  | { readonly ok: true; readonly hash: string; readonly files: readonly string[] }
  | { readonly ok: false; readonly errors: readonly WorldPackIssue[] };

/** Files read or written at once: enough to keep the disk busy, far below descriptor limits. */
const FILE_CONCURRENCY = 32;

/** `Promise.all(items.map(work))` with at most FILE_CONCURRENCY pending at a time; results in order. */
async function mapWithLimit<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, items.length) }, worker));
  return results;
}

/** SHA-256 hex digest. */
export function sha256Hex(bytes: Uint8Array | string): string {
  const hasher = new Bun.CryptoHasher("sha256");
  hasher.update(bytes);
  return hasher.digest("hex");
}

/** The pack hash: SHA-256 of the canonical JSON of the manifest without `hash`. */
export function manifestHash(manifest: object): string {
  const { hash: _ignored, ...rest } = manifest as { hash?: unknown };
  return sha256Hex(canonicalJson(rest));
}

/** Pack files under a directory. */
export function directorySource(dir: string): PackFileSource {
  return {
    description: dir,
    async read(path) {
      const file = Bun.file(join(dir, ...path.split("/")));
      try {
        return await file.bytes();
      } catch {
        return undefined;
      }
    },
  };
}

/** Options for loading. */
export interface LoadWorldPackOptions {
  /** Check each file against its SHA-256 in the manifest (default true). */
  readonly verifyHashes?: boolean;
}

function zodIssues(file: string, error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): WorldPackIssue[] {
  return error.issues.slice(0, 20).map((issue) => ({ file, message: `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}` }));
}

/** Loads and verifies a pack from any file source. Never throws for bad files. */
export async function loadWorldPackFrom(source: PackFileSource, options: LoadWorldPackOptions = {}): Promise<LoadWorldPackOutcome> {
  const verify = options.verifyHashes !== false;
  const manifestBytes = await source.read(MANIFEST_FILE);
  if (!manifestBytes) return { ok: false, errors: [{ file: MANIFEST_FILE, message: `no ${MANIFEST_FILE} in ${source.description}` }] };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch (cause) {
    return { ok: false, errors: [{ file: MANIFEST_FILE, message: `not valid JSON: ${(cause as Error).message}` }] };
  }
  const parsed = WorldManifestSchema.safeParse(json);
  if (!parsed.success) return { ok: false, errors: zodIssues(MANIFEST_FILE, parsed.error) };
  const manifest = parsed.data;
  const errors: WorldPackIssue[] = [];
  if (verify && manifestHash(manifest) !== manifest.hash) {
    errors.push({ file: MANIFEST_FILE, message: "pack hash does not match the manifest content (edited or corrupted)" });
  }

  const maps = await mapWithLimit(
    manifest.maps,
    async (entry): Promise<LoadedWorldMap | undefined> => {
      const bytes = await source.read(entry.file);
      if (!bytes) {
        errors.push({ file: entry.file, message: `map ${entry.id}: file missing` });
        return undefined;
      }
      if (verify && sha256Hex(bytes) !== entry.hash) {
        errors.push({ file: entry.file, message: `map ${entry.id}: SHA-256 does not match the manifest` });
        return undefined;
      }
      const decoded = decodeMapBinary(bytes, entry.file);
      if (!decoded.ok) {
        errors.push({ file: entry.file, message: decoded.error.message, offset: decoded.error.offset });
        return undefined;
      }
      const map = decoded.map;
      if (map.id !== entry.id || map.width !== entry.width || map.height !== entry.height) {
        errors.push({
          file: entry.file,
          message: `holds map ${map.id} (${map.width} × ${map.height}) but the manifest says map ${entry.id} (${entry.width} × ${entry.height})`,
        });
        return undefined;
      }
      // Layers stay gzipped: only browsers read them, and they get the stored bytes as they are.
      let packedLayers: LoadedWorldMap["packedLayers"] = null;
      if (entry.layers) {
        const read = await source.read(entry.layers.file);
        const gzip = read && read.buffer instanceof ArrayBuffer ? (read as Uint8Array<ArrayBuffer>) : read && new Uint8Array(read);
        if (!gzip) {
          errors.push({ file: entry.layers.file, message: `map ${entry.id}: layers file missing` });
          return undefined;
        }
        if (verify && sha256Hex(gzip) !== entry.layers.hash) {
          errors.push({ file: entry.layers.file, message: `map ${entry.id}: SHA-256 of the layers does not match the manifest` });
          return undefined;
        }
        packedLayers = { gzip, hash: entry.layers.hash };
      }
      return { ...map, properties: entry.properties, hash: entry.hash, packedLayers };
    },
  );

  let tables: PackTables | null = null;
  if (manifest.tables) {
    const bytes = await source.read(manifest.tables.file);
    if (!bytes) errors.push({ file: manifest.tables.file, message: "file missing" });
    else if (verify && sha256Hex(bytes) !== manifest.tables.hash) errors.push({ file: manifest.tables.file, message: "SHA-256 does not match the manifest" });
    else {
      try {
        const result = PackTablesSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
        if (result.success) tables = result.data;
        else errors.push(...zodIssues(manifest.tables.file, result.error));
      } catch (cause) {
        errors.push({ file: manifest.tables.file, message: `not valid JSON: ${(cause as Error).message}` });
      }
    }
  }
  let kit: StartingKit | null = null;
  let kitOrigin: KitOrigin = "none";
  if (manifest.kit) {
    const bytes = await source.read(manifest.kit.file);
    if (!bytes) errors.push({ file: manifest.kit.file, message: "file missing" });
    else if (verify && sha256Hex(bytes) !== manifest.kit.hash) errors.push({ file: manifest.kit.file, message: "SHA-256 does not match the manifest" });
    else if (errors.length === 0) {
      // Checked against the tables, so only once they loaded.
      const decoded = decodeStartingKit(bytes, tables, manifest.kit.file);
      if (decoded.ok) {
        kit = decoded.kit;
        kitOrigin = "pack";
      } else errors.push(...decoded.errors);
    }
  } else if (manifest.source === "ao20" && tables?.format === "ao20") {
    // A pack imported before packs carried kits: the §5.3 kit when its obj.dat is the 2024 one.
    const derived = ao20StartingKit2024For(tables.objects);
    if (derived.ok) {
      kit = derived.kit;
      kitOrigin = "ao20-2024-tables";
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  const loaded = maps as LoadedWorldMap[];
  const content: WorldPackContent = { name: manifest.name, source: manifest.source, cities: manifest.cities, tables, maps: loaded };
  const structural = checkWorldContent(content);
  if (structural.length > 0) return { ok: false, errors: structural };
  return {
    ok: true,
    pack: {
      name: manifest.name,
      source: manifest.source,
      cities: manifest.cities,
      tables,
      kit,
      kitOrigin,
      maps: loaded,
      mapsById: new Map(loaded.map((map) => [map.id, map] as const)),
      hash: manifest.hash,
      hasGraphics: manifest.graphics !== null,
    },
  };
}

export type ReadPackGraphicsOutcome =
  | { readonly ok: true; readonly graphics: GraphicsIndex | null }
  | { readonly ok: false; readonly errors: readonly WorldPackIssue[] };

/**
 * Reads the pack's client graphics index (graphics.json), checked against the manifest hash.
 * `graphics: null` when the pack has none. Kept out of `loadWorldPack` because only browsers
 * need it and it is the largest file of an imported pack.
 */
export async function readPackGraphics(source: PackFileSource): Promise<ReadPackGraphicsOutcome> {
  const manifestBytes = await source.read(MANIFEST_FILE);
  if (!manifestBytes) return { ok: false, errors: [{ file: MANIFEST_FILE, message: `no ${MANIFEST_FILE} in ${source.description}` }] };
  let manifest: WorldManifest;
  try {
    const parsed = WorldManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(manifestBytes)));
    if (!parsed.success) return { ok: false, errors: zodIssues(MANIFEST_FILE, parsed.error) };
    manifest = parsed.data;
  } catch (cause) {
    return { ok: false, errors: [{ file: MANIFEST_FILE, message: `not valid JSON: ${(cause as Error).message}` }] };
  }
  if (!manifest.graphics) return { ok: true, graphics: null };
  const bytes = await source.read(manifest.graphics.file);
  if (!bytes) return { ok: false, errors: [{ file: GRAPHICS_FILE, message: "file missing" }] };
  if (sha256Hex(bytes) !== manifest.graphics.hash) return { ok: false, errors: [{ file: GRAPHICS_FILE, message: "SHA-256 does not match the manifest" }] };
  try {
    const parsed = GraphicsIndexSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? { ok: true, graphics: parsed.data } : { ok: false, errors: zodIssues(GRAPHICS_FILE, parsed.error) };
  } catch (cause) {
    return { ok: false, errors: [{ file: GRAPHICS_FILE, message: `not valid JSON: ${(cause as Error).message}` }] };
  }
}

/** Loads and verifies the pack in `dir`. */
export function loadWorldPack(dir: string, options: LoadWorldPackOptions = {}): Promise<LoadWorldPackOutcome> {
  return loadWorldPackFrom(directorySource(dir), options);
}

/** The files and manifest of a pack, ready to write (pure apart from hashing). */
export interface EncodedWorldPack {
  readonly manifest: WorldManifest;
  /** Relative path → bytes, manifest included. */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

/** Checks and encodes a pack into its files. */
export function encodeWorldPack(content: WorldPackContent): { ok: true; pack: EncodedWorldPack } | { ok: false; errors: WorldPackIssue[] } {
  const issues = checkWorldContent(content);
  let tablesJson: Uint8Array | undefined;
  if (content.tables) {
    const tables = PackTablesSchema.safeParse(content.tables);
    if (!tables.success) issues.push(...zodIssues(TABLES_FILE, tables.error));
    else tablesJson = new TextEncoder().encode(encodeTables(tables.data));
  }
  let graphicsJson: Uint8Array | undefined;
  if (content.graphics) graphicsJson = new TextEncoder().encode(JSON.stringify(content.graphics));
  let kitJson: Uint8Array | undefined;
  if (content.kit) {
    const kitIssues = checkKitAgainstTables(content.kit, content.tables);
    if (kitIssues.length > 0) issues.push(...kitIssues);
    else kitJson = encodeStartingKit(content.kit);
  }
  if (issues.length > 0) return { ok: false, errors: issues };
  const files = new Map<string, Uint8Array>();
  const mapEntries: ManifestMap[] = [];
  for (const map of [...content.maps].sort((a, b) => a.id - b.id)) {
    const file = `maps/${map.id}.bin`;
    let bytes: Uint8Array;
    try {
      bytes = encodeMapBinary(map);
    } catch (cause) {
      return { ok: false, errors: [{ file, message: (cause as Error).message }] };
    }
    files.set(file, bytes);
    const entry: ManifestMap = { id: map.id, file, hash: sha256Hex(bytes), width: map.width, height: map.height, properties: MapPropertiesSchema.parse(map.properties) };
    if (map.graphicLayers) {
      const layersFile = mapLayersFile(map.id);
      let gzip: Uint8Array;
      try {
        gzip = packMapLayers({ id: map.id, width: map.width, height: map.height, layers: map.graphicLayers });
      } catch (cause) {
        return { ok: false, errors: [{ file: layersFile, message: (cause as Error).message }] };
      }
      files.set(layersFile, gzip);
      mapEntries.push({ ...entry, layers: { file: layersFile, hash: sha256Hex(gzip) } });
    } else {
      mapEntries.push(entry);
    }
  }
  if (tablesJson) files.set(TABLES_FILE, tablesJson);
  if (graphicsJson) files.set(GRAPHICS_FILE, graphicsJson);
  if (kitJson) files.set(KIT_FILE, kitJson);
  // The lowest version that has what this pack carries, so older servers refuse it by version.
  const version = kitJson ? WORLD_PACK_VERSION_KIT : mapEntries.some((entry) => entry.layers) ? WORLD_PACK_VERSION_LAYERS : WORLD_PACK_VERSION_WITHOUT_LAYERS;
  const withoutHash = {
    format: WORLD_PACK_FORMAT,
    version,
    name: content.name,
    source: content.source,
    tables: tablesJson ? { file: TABLES_FILE, hash: sha256Hex(tablesJson) } : null,
    graphics: graphicsJson ? { file: GRAPHICS_FILE, hash: sha256Hex(graphicsJson) } : null,
    // Left out when there is no kit: packs without one keep the bytes and hash they had.
    ...(kitJson ? { kit: { file: KIT_FILE, hash: sha256Hex(kitJson) } } : {}),
    cities: [...content.cities].sort((a, b) => a.id - b.id),
    maps: mapEntries,
  };
  const manifest = WorldManifestSchema.safeParse({ ...withoutHash, hash: manifestHash(withoutHash) });
  if (!manifest.success) return { ok: false, errors: zodIssues(MANIFEST_FILE, manifest.error) };
  files.set(MANIFEST_FILE, new TextEncoder().encode(`${JSON.stringify(manifest.data, null, 1)}\n`));
  return { ok: true, pack: { manifest: manifest.data, files } };
}

/**
 * Writes a pack into `dir` (created if needed). Map files of an earlier pack in the same
 * directory that this pack does not have are removed, so the directory holds exactly one pack.
 * The manifest is written last: a pack interrupted mid-write fails its hash checks on load.
 */
export async function writeWorldPack(dir: string, content: WorldPackContent): Promise<WriteWorldPackOutcome> {
  const encoded = encodeWorldPack(content);
  if (!encoded.ok) return encoded;
  const { files, manifest } = encoded.pack;
  try {
    await mkdir(join(dir, "maps"), { recursive: true });
    const keep = new Set(files.keys());
    for (const name of await readdir(join(dir, "maps"))) {
      if (/^[0-9]+\.(bin|layers\.gz)$/.test(name) && !keep.has(`maps/${name}`)) await rm(join(dir, "maps", name));
    }
    for (const optional of [TABLES_FILE, GRAPHICS_FILE, KIT_FILE]) if (!keep.has(optional)) await rm(join(dir, optional), { force: true });
    const ordered = [...files.keys()].filter((path) => path !== MANIFEST_FILE);
    await mapWithLimit(ordered, (path) => Bun.write(join(dir, ...path.split("/")), files.get(path)!));
    await Bun.write(join(dir, MANIFEST_FILE), files.get(MANIFEST_FILE)!);
  } catch (cause) {
    return { ok: false, errors: [{ file: dir, message: `cannot write the pack: ${(cause as Error).message}` }] };
  }
  return { ok: true, hash: manifest.hash, files: [...files.keys()].sort() };
}
