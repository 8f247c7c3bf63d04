/**
 * Turns a world pack (imported, or the built-in default world) into what the running server
 * needs: map definitions for the workers (with shared grids), the character-creation rules of
 * that world, and the map JSON of the HTTP API.
 */
import {
  collisionGridToShared,
  loadDefaultWorld,
  loadWorldPack,
  mapToApiJson,
  type MapApiJson,
  type PackedMapLayers,
  type GameTables,
  type WorldPack,
} from "../content/index.ts";
import {
  armorBodiesFromObjects,
  checkCreationRules,
  createCharacter,
  creationRulesFromTables,
  isNameForbidden,
  validateCharacterName,
  nakedBody,
  selectableCreationCities,
  startingKitArmors,
  EMPTY_STARTING_KIT,
  GENDER_FEMALE,
  GENDER_MALE,
  RACE_IDS,
  type ArmorBodies,
  type BodiesByRace,
  type CharacterCreationRequest,
  type CreationOutcome,
  type CreationRules,
  type RaceId,
} from "../game/character-creation/index.ts";

import { newOccupancyBuffer, type MapDefinition } from "../map/index.ts";
import { SeededRandom, type Random } from "../random/index.ts";
import { buildWorldInfoJson, type WorldInfoJson } from "../client/serve.ts";

/** Heading an NPC faces when its template does not say (south, towards the viewer). */
const DEFAULT_NPC_HEADING = 3;

export interface ServerWorld {
  name: string;
  hash: string;
  maps: Map<number, MapDefinition>;
  /** The world's gameplay tables; each map worker receives them once, at start. */
  tables: GameTables | null;
  /** Home city spawn points (Ciudades), by city id. */
  cities: readonly { id: number; map: number; x: number; y: number }[];
  /** Object numbers of the world's object table; null when the world has none. */
  objectIds: ReadonlySet<number> | null;
  /** Bodies without armour by race and gender (from the creation rules), or null without them. */
  nakedBodies: BodiesByRace | null;
  /** Problems of the creation rules found at boot (empty when sound). */
  creationProblems: string[];
  createCharacter(request: CharacterCreationRequest): CreationOutcome;
  /** Why a name may not be a character's here (creation's syntax and the world's forbidden names), or null (`/ANAME`). */
  characterNameProblem(name: string): string | null;
  mapJson(id: number): MapApiJson | undefined;
  /** A map's graphic layers as the pack stores them (gzipped `AOML` document), or undefined when it has none. */
  mapLayers(id: number): PackedMapLayers | undefined;
  /** What the browser client needs to know about this world (home cities, object names, spells). */
  worldInfo: WorldInfoJson;
}

/** Loads `dir` as a world pack, or the embedded default world when no directory is given. */
export async function loadServerWorld(dir: string | undefined, graphicsUrl?: string, random: Random = unseededRandom()): Promise<ServerWorld> {
  const outcome = dir ? await loadWorldPack(dir) : await loadDefaultWorld();
  if (!outcome.ok) {
    const where = dir ? `world pack ${dir}` : "the built-in default world";
    const first = outcome.errors
      .slice(0, 3)
      .map((issue) => `${issue.file}${issue.offset !== undefined ? `@${issue.offset}` : ""}: ${issue.message}`)
      .join("; ");
    throw new Error(`${where} could not be loaded: ${first}${outcome.errors.length > 3 ? ` (+${outcome.errors.length - 3} more)` : ""}`);
  }
  return serverWorldFromPack(outcome.pack, dir === undefined, graphicsUrl, random);
}

/**
 * `random` is the stream character creation draws from (VB6 rolls some starting values); tests
 * pass a seeded one, a running server a stream seeded once from the system's entropy.
 */
export function serverWorldFromPack(pack: WorldPack, isDefaultWorld: boolean, graphicsUrl?: string, random: Random = unseededRandom()): ServerWorld {
  const npcTemplates = new Map((pack.tables?.npcs?.npcs ?? []).map((npc) => [npc.id, npc]));
  const maps = new Map<number, MapDefinition>();
  for (const map of pack.maps) {
    const collision = map.collision.buffer instanceof SharedArrayBuffer ? map.collision : collisionGridToShared(map);
    maps.set(map.id, {
      id: map.id,
      name: map.properties.name,
      width: map.width,
      height: map.height,
      safe: map.properties.safe,
      zone: map.properties.zone,
      terrain: map.properties.terrain,
      restrictions: [...map.properties.restrictions],
      backup: map.properties.backup,
      ...(map.properties.music[0] !== undefined && map.properties.music[0] > 0 ? { music: map.properties.music[0] } : {}),
      collision: collision.buffer as SharedArrayBuffer,
      triggers: sharedCopy(map.triggers),
      occupancy: newOccupancyBuffer(map.width, map.height),
      exits: map.exits.map((exit) => ({ ...exit })),
      npcs: map.npcs.map((spawn) => {
        const template = npcTemplates.get(spawn.npc);
        return {
          x: spawn.x,
          y: spawn.y,
          npc: spawn.npc,
          name: template?.name ?? `NPC ${spawn.npc}`,
          body: template?.body ?? 0,
          head: template?.head ?? 0,
          heading: template?.heading || DEFAULT_NPC_HEADING,
        };
      }),
      objects: map.objects.map((object) => ({ ...object })),
    });
  }

  const rules = creationRulesOf(pack, isDefaultWorld);
  const creationProblems = rules ? checkCreationRules(rules).map((problem) => problem.message) : ["the world has no Balance table"];
  const rng = () => random.next();
  const selectable = rules ? new Set(selectableCreationCities(rules)) : null;
  return {
    name: pack.name,
    hash: pack.hash,
    maps,
    tables: pack.tables ?? null,
    nakedBodies: rules?.nakedBodies ?? null,
    cities: pack.cities.map((city) => ({ id: city.id, map: city.map, x: city.x, y: city.y })),
    objectIds: pack.tables?.objects ? new Set(pack.tables.objects.objects.map((object) => object.id)) : null,
    creationProblems,
    createCharacter(request) {
      if (!rules) return { ok: false, reason: "bad_class" };
      return createCharacter(request, rules, { rng });
    },
    characterNameProblem(name) {
      const check = validateCharacterName(name);
      if (!check.ok) return check.problem;
      return rules && isNameForbidden(name, rules.forbiddenNames) ? "forbidden_name" : null;
    },
    worldInfo: buildWorldInfoJson({
      name: pack.name,
      homeCities: pack.cities.filter((city) => !selectable || selectable.has(city.id)).map((city) => ({ id: city.id, name: city.name })),
      objects: (pack.tables?.objects?.objects ?? []).map((object) => ({ id: object.id, name: object.name, objType: object.objType, grhIndex: object.grhIndex, closed: object.closed })),
      // The stock client reads names, words and console lines from its own Hechizos.dat; the browser gets them here.
      spells: pack.tables?.spells?.spells ?? [],
      ...(graphicsUrl ? { graphicsUrl } : {}),
    }),
    mapJson(id) {
      const map = pack.mapsById.get(id);
      return map && mapToApiJson(map);
    },
    mapLayers(id) {
      return pack.mapsById.get(id)?.packedLayers ?? undefined;
    },
  };
}

function sharedCopy(bytes: Uint8Array): SharedArrayBuffer {
  if (bytes.buffer instanceof SharedArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

function creationRulesOf(pack: WorldPack, isDefaultWorld: boolean): CreationRules | undefined {
  const balance = pack.tables?.balance;
  if (!balance) return undefined;
  const cities = pack.cities.map((city) => ({ id: city.id, map: city.map, x: city.x, y: city.y }));
  // The kit is the world's own (its kit.json, or the 2024 AO20 kit derived from its tables, or
  // none): object numbers only mean something in the obj.dat they come from.
  const startingKit = pack.kit ?? EMPTY_STARTING_KIT;
  const worn = new Set(startingKitArmors(startingKit));
  const armorBodies = armorBodiesFromObjects((pack.tables?.objects?.objects ?? []).filter((object) => worn.has(object.id)));
  if (!isDefaultWorld) return creationRulesFromTables({ balance, cities, startingKit, armorBodies });
  return creationRulesFromTables({
    balance,
    cities,
    startingKit,
    armorBodies: withNakedFallback(armorBodies),
    creationCityIds: cities.map((city) => city.id),
  });
}

/**
 * The default world ships no art of its own for the stock client, so its starter armors are
 * drawn with the stock client's naked body of each race (body indexes, not data).
 */
function withNakedFallback(armors: Map<number, ArmorBodies>): Map<number, ArmorBodies> {
  const out = new Map<number, ArmorBodies>();
  for (const [id, armor] of armors) {
    const byRace = {} as Record<RaceId, { male: number; female: number }>;
    for (const race of RACE_IDS) {
      const own = armor.byRace[race];
      byRace[race] = {
        male: own.male || armor.defaultBody || nakedBody(race, GENDER_MALE),
        female: own.female || armor.defaultBody || nakedBody(race, GENDER_FEMALE),
      };
    }
    out.set(id, { defaultBody: armor.defaultBody || nakedBody(1, GENDER_MALE), byRace });
  }
  return out;
}

/** A stream for a running server: seeded once from the system's entropy. */
function unseededRandom(): Random {
  return SeededRandom.create(crypto.getRandomValues(new Uint32Array(1))[0]!);
}
