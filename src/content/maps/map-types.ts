/**
 * The typed result of parsing one AO map, common to both source formats (AO20 `.csm` and
 * AO 0.13 `.map`/`.inf`/`.dat`). Grids are row-major from tile (1, 1): the tile (x, y) lives at
 * index `(y - 1) * width + (x - 1)`, x and y 1-based as in every AO file.
 */

/** Which original format a map came from. */
export type MapFormat = "ao20" | "ao013";

/**
 * Named map restrictions. The first nine are the AO20 `restrict_mode` bits (1 newbie, 2 no
 * magic, 4 no PKs, 8 no citizens, 16 no invisibility, 32 guilds only, 64 no pets, 128 groups
 * only, 256 Patreon only); the rest come from AO 0.13 `MapaN.dat` (`Restringir=GM/ARMADA/CAOS`,
 * `MagiaSinEfecto`, `InviSinEfecto`, `ResuSinEfecto`).
 */
export const MAP_RESTRICTIONS = [
  "newbie",
  "noMagic",
  "noPks",
  "noCitizens",
  "noInvisibility",
  "guildsOnly",
  "noPets",
  "groupsOnly",
  "patreonOnly",
  "gmOnly",
  "royalArmyOnly",
  "chaosLegionOnly",
  "noResurrection",
] as const;
export type MapRestriction = (typeof MAP_RESTRICTIONS)[number];

/** A map position, 1-based. */
export interface MapPosition {
  readonly map: number;
  readonly x: number;
  readonly y: number;
}

/** Map-wide properties (AO20 `MapDat` record, AO 0.13 `[MapaN]` section). */
export interface MapProperties {
  readonly name: string;
  /** Music ids to play, non-zero only (AO20: `music_numberHi`, `music_numberLow`; 0.13: `MusicNum`). */
  readonly music: readonly number[];
  /** `zone`/`Zona`: CIUDAD, CAMPO, DUNGEON… (free text in the data). */
  readonly zone: string;
  /** `terrain`/`Terreno`: BOSQUE, NIEVE, DESIERTO… */
  readonly terrain: string;
  /** `ambient` (AO20 only; usually empty). */
  readonly ambient: string;
  /** No player killing here. AO20 `Seguro = 1`; AO 0.13 `Pk` ≠ 0 (`Pk=0` means PvP allowed). */
  readonly safe: boolean;
  /** The map is saved in world backups (`backup_mode` / `BackUp`). */
  readonly backup: boolean;
  readonly restrictions: readonly MapRestriction[];
  /** Level range allowed (AO20 `level`: low byte min, next byte max; 0 = no limit). */
  readonly minLevel: number;
  readonly maxLevel: number;
  /** AO20 ambient light colour (`base_light`), 0 when not given. */
  readonly baseLight: number;
  /** AO20 grh of the map-name banner (`letter_grh`). */
  readonly letterGrh: number;
  readonly rain: boolean;
  readonly snow: boolean;
  readonly fog: boolean;
  /** AO20 `Salida` "map-x-y": where players are sent out of this map, when set. */
  readonly exitTo: MapPosition | null;
}

/** Properties of a map with nothing special about it: the base the parsers and authoring fill in. */
export const NEUTRAL_MAP_PROPERTIES: MapProperties = Object.freeze({
  name: "",
  music: [],
  zone: "",
  terrain: "",
  ambient: "",
  safe: false,
  backup: false,
  restrictions: [],
  minLevel: 0,
  maxLevel: 0,
  baseLight: 0,
  letterGrh: 0,
  rain: false,
  snow: false,
  fog: false,
  exitTo: null,
});

/** A tile exit (`TileExit`): stepping on (x, y) warps to (destX, destY) on `destMap`. */
export interface MapExit {
  readonly x: number;
  readonly y: number;
  /** Destination map; `-1` (any negative in AO20) means "back where you came from". */
  readonly destMap: number;
  readonly destX: number;
  readonly destY: number;
}

/** One NPC placed by the map: an instance of template `npc` (`[NPC<n>]` of npcs.dat) at (x, y). */
export interface NpcSpawn {
  readonly x: number;
  readonly y: number;
  readonly npc: number;
}

/** One ground object (`ObjInfo`): `amount` of object number `obj` (`[OBJ<n>]` of obj.dat). */
export interface GroundObject {
  readonly x: number;
  readonly y: number;
  readonly obj: number;
  readonly amount: number;
}

/** The four graphic layers of a map, each one grh number per tile. */
export type MapLayers = readonly [Int32Array, Int32Array, Int32Array, Int32Array];

/** The numbers the import report prints for a map (definitions from issue 4). */
export interface MapCounts {
  /** Tiles the file marks blocked in at least one direction. */
  readonly blocked: number;
  /** Tiles holding an exit. */
  readonly exits: number;
  /** NPC spawn records in the file. */
  readonly npcs: number;
  /** Ground-object records in the file. */
  readonly objects: number;
  /** Tiles with a non-zero trigger. */
  readonly triggers: number;
}

/** A map as read from the original files, before it becomes part of a world pack. */
export interface ParsedMap {
  readonly format: MapFormat;
  /** The file the map came from (the `.csm`, or the `.map` for 0.13), as given to the parser. */
  readonly file: string;
  readonly width: number;
  readonly height: number;
  readonly properties: MapProperties;
  /** Collision and terrain bits per tile (see `tile-flags.ts`). */
  readonly tileFlags: Uint8Array;
  /** Trigger per tile, 0 = none. */
  readonly triggers: Uint8Array;
  /** Graphic layers 1..4 per tile (grh numbers, 0 = empty), for clients; index 0 is layer 1. */
  readonly layers: MapLayers;
  /** One exit per tile (a later record for the same tile replaces an earlier one), row-major. */
  readonly exits: readonly MapExit[];
  /** NPC spawns in file order (records with a positive NPC number). */
  readonly npcs: readonly NpcSpawn[];
  /** Ground objects, one per tile (later records replace earlier ones), row-major, positive numbers only. */
  readonly objects: readonly GroundObject[];
  readonly counts: MapCounts;
}

/** Why a map could not be parsed. */
export type MapParseErrorCode =
  | "empty-file"
  | "truncated"
  | "bad-count"
  | "bad-coordinate"
  | "bad-value";

/** A parse failure: which file, at which byte, and why. */
export interface MapParseError {
  readonly code: MapParseErrorCode;
  readonly file: string;
  /** Byte offset in `file` where the problem was found. */
  readonly offset: number;
  readonly message: string;
}

/** Parsers never throw for bad data: they return one of these. */
export type MapParseOutcome = { readonly ok: true; readonly map: ParsedMap } | { readonly ok: false; readonly error: MapParseError };

/** AO maps are 100 × 100 tiles (`XMaxMapSize`/`YMaxMapSize`). */
export const AO_MAP_SIZE = 100;

/** Index of tile (x, y) (1-based) in a row-major grid of the given width: the walkers' own rule. */
export { tileIndex } from "../../game/movement/index.ts";
