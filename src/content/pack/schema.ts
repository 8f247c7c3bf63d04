/**
 * Zod schemas of a world pack: the manifest (`world.json`) and the pieces of a map that live
 * in JSON. The binary per-map file (grids and record lists) has its own codec in
 * `map-binary.ts`. Pure; safe in the browser.
 */
import { z } from "zod";
import { MAP_RESTRICTIONS } from "../maps/index.ts";

/** Written into every manifest; bump on incompatible layout changes. */
export const WORLD_PACK_FORMAT = "argentum-world-pack";
/**
 * Newest layout: 2 added the maps' graphic layers (`maps/<id>.layers.gz`), 3 the starting kit
 * (`kit.json`). A pack says the lowest version that has what it carries.
 */
export const WORLD_PACK_VERSION = 3;
/** First layout with graphic layers. */
export const WORLD_PACK_VERSION_LAYERS = 2;
/** First layout with a starting kit. */
export const WORLD_PACK_VERSION_KIT = 3;
/**
 * Layout written when no map carries graphic layers (the default world, maps-only imports): such
 * packs keep the bytes and hash they had before layers existed, and servers built before layers
 * still load them. A pack with layers says 2, so those servers refuse it by version instead of
 * by a puzzling hash mismatch.
 */
export const WORLD_PACK_VERSION_WITHOUT_LAYERS = 1;
/** Name of the manifest file at the root of a pack directory. */
export const MANIFEST_FILE = "world.json";
/** Name of the game tables file, when the pack has tables. */
export const TABLES_FILE = "tables.json";
/** Name of the client graphics index file, when the pack has one (read on demand, not at load). */
export const GRAPHICS_FILE = "graphics.json";
/** Name of the starting kit file, when the pack has one (kit.ts). */
export const KIT_FILE = "kit.json";
/** Largest map side we accept (keeps grids and u16 coordinates sane). */
export const MAX_MAP_SIDE = 1000;

/** Path of a map's graphic layers file in a pack (gzip of the `AOML` document, game/map-json). */
export function mapLayersFile(id: number): string {
  return `maps/${id}.layers.gz`;
}

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex digest");
const MapId = z.number().int().min(1).max(0x7fff);
const Side = z.number().int().min(1).max(MAX_MAP_SIDE);
const Coordinate = z.number().int().min(1).max(MAX_MAP_SIDE);

export const MapPositionSchema = z.object({ map: MapId, x: Coordinate, y: Coordinate });

/** `MapProperties` (see maps/map-types.ts). */
export const MapPropertiesSchema = z.object({
  name: z.string(),
  music: z.array(z.number().int()),
  zone: z.string(),
  terrain: z.string(),
  ambient: z.string(),
  safe: z.boolean(),
  backup: z.boolean(),
  restrictions: z.array(z.enum(MAP_RESTRICTIONS)),
  minLevel: z.number().int().min(0).max(255),
  maxLevel: z.number().int().min(0).max(255),
  baseLight: z.number().int(),
  letterGrh: z.number().int(),
  rain: z.boolean(),
  snow: z.boolean(),
  fog: z.boolean(),
  exitTo: MapPositionSchema.nullable(),
});

/** A home city spawn point (`Ciudades.dat` `[<city>] Mapa, X, Y`). */
export const HomeCitySchema = z.object({
  /** City id as the character-creation packet names it (`e_City`: 1 Ullathorpe … 10 Morgrim). */
  id: z.number().int().min(1).max(255),
  name: z.string(),
  map: MapId,
  x: Coordinate,
  y: Coordinate,
});
export type HomeCity = z.infer<typeof HomeCitySchema>;

/** Where the world came from. */
export const WorldSourceSchema = z.enum(["ao20", "ao013", "original"]);
export type WorldSource = z.infer<typeof WorldSourceSchema>;

/** One map entry of the manifest. */
export const ManifestMapSchema = z.object({
  id: MapId,
  /** Path of the binary map file, relative to the pack directory (`maps/<id>.bin`). */
  file: z.string().regex(/^maps\/[0-9]+\.bin$/),
  /** SHA-256 of the binary map file. */
  hash: Sha256Hex,
  width: Side,
  height: Side,
  properties: MapPropertiesSchema,
  /** The map's graphic layers for browsers, when the pack has them (version 2 and later). */
  layers: z.object({ file: z.string().regex(/^maps\/[0-9]+\.layers\.gz$/), hash: Sha256Hex }).optional(),
});
export type ManifestMap = z.infer<typeof ManifestMapSchema>;

/** `world.json`. */
export const WorldManifestSchema = z
  .object({
    format: z.literal(WORLD_PACK_FORMAT),
    version: z.union([z.literal(WORLD_PACK_VERSION_WITHOUT_LAYERS), z.literal(WORLD_PACK_VERSION_LAYERS), z.literal(WORLD_PACK_VERSION_KIT)]),
    name: z.string(),
    source: WorldSourceSchema,
    /** SHA-256 of the canonical JSON of this manifest without `hash` (covers every map hash). */
    hash: Sha256Hex,
    tables: z.object({ file: z.literal(TABLES_FILE), hash: Sha256Hex }).nullable(),
    /** The client graphics index for browsers, when the pack has one. */
    graphics: z.object({ file: z.literal(GRAPHICS_FILE), hash: Sha256Hex }).nullable(),
    /**
     * The world's starting kit (version 3 and later). Absent in packs without one, so older
     * manifests keep their bytes and hash; such packs get a kit derived from their tables or none.
     */
    kit: z.object({ file: z.literal(KIT_FILE), hash: Sha256Hex }).optional(),
    cities: z.array(HomeCitySchema),
    maps: z.array(ManifestMapSchema),
  })
  .superRefine((manifest, ctx) => {
    const seen = new Set<number>();
    manifest.maps.forEach((map, index) => {
      if (seen.has(map.id)) ctx.addIssue({ code: "custom", path: ["maps", index, "id"], message: `map id ${map.id} appears twice` });
      seen.add(map.id);
      if (map.file !== `maps/${map.id}.bin`) {
        ctx.addIssue({ code: "custom", path: ["maps", index, "file"], message: `map ${map.id} must be stored in maps/${map.id}.bin` });
      }
      if (map.layers && map.layers.file !== mapLayersFile(map.id)) {
        ctx.addIssue({ code: "custom", path: ["maps", index, "layers", "file"], message: `the layers of map ${map.id} must be stored in ${mapLayersFile(map.id)}` });
      }
      if (map.layers && manifest.version < WORLD_PACK_VERSION_LAYERS) {
        ctx.addIssue({ code: "custom", path: ["maps", index, "layers"], message: `graphic layers need pack version ${WORLD_PACK_VERSION_LAYERS}, the manifest says ${manifest.version}` });
      }
    });
    if (manifest.kit && manifest.version < WORLD_PACK_VERSION_KIT) {
      ctx.addIssue({ code: "custom", path: ["kit"], message: `a starting kit needs pack version ${WORLD_PACK_VERSION_KIT}, the manifest says ${manifest.version}` });
    }
    const cityIds = new Set<number>();
    manifest.cities.forEach((city, index) => {
      if (cityIds.has(city.id)) ctx.addIssue({ code: "custom", path: ["cities", index, "id"], message: `city id ${city.id} appears twice` });
      cityIds.add(city.id);
    });
  });
export type WorldManifest = z.infer<typeof WorldManifestSchema>;
