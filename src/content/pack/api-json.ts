/**
 * The JSON a browser gets from `GET /api/map/:id`. The document's shape, its legend and the
 * arrays-to-JSON step are the contract in src/game/map-json (the client and the bots read with
 * the same module); this is the content side of it, typed with the full map properties. Pure.
 */
import { buildMapApiJson, type MapApiJson as MapApiJsonOf } from "../../game/map-json/index.ts";
import type { MapProperties } from "../maps/index.ts";
import type { WorldMap } from "./world-pack.ts";

/** Body of `GET /api/map/:id`, carrying every property of the map. */
export type MapApiJson = MapApiJsonOf<MapProperties>;

/** Builds the API view of a map. */
export function mapToApiJson(map: WorldMap): MapApiJson {
  return buildMapApiJson(map);
}
