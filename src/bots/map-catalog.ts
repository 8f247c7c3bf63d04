/**
 * Map documents for a run, fetched once per map from the server's `GET /api/map/:id` and shared
 * by every bot: concurrent requests for one map share one fetch, a failure is remembered (and
 * reported) instead of retried by every bot that walks onto that map.
 */
import { WalkGrid } from "./walk-grid.ts";

/** What the catalog needs from HTTP: status and parsed JSON of one GET. Injected (tests, fetch). */
export type JsonGetter = (url: string) => Promise<{ readonly status: number; readonly json: () => Promise<unknown> }>;

export type MapLoadResult = { readonly ok: true; readonly grid: WalkGrid } | { readonly ok: false; readonly code: "http" | "bad_json" | "network"; readonly message: string };

export class MapCatalog {
  private readonly grids = new Map<number, WalkGrid>();
  private readonly loading = new Map<number, Promise<MapLoadResult>>();
  private readonly failures = new Map<number, string>();
  /** Map documents fetched (one per map at most). */
  fetches = 0;

  /**
   * @param httpOrigin e.g. `http://127.0.0.1:8080` (no trailing slash)
   */
  constructor(
    readonly httpOrigin: string,
    private readonly get: JsonGetter,
  ) {}

  /** The grid of `mapId` when it has been loaded; never starts a load. */
  grid(mapId: number): WalkGrid | undefined {
    return this.grids.get(mapId);
  }

  /** Maps that could not be loaded, with the reason. */
  get failed(): ReadonlyMap<number, string> {
    return this.failures;
  }

  get loaded(): number {
    return this.grids.size;
  }

  /** Loads `mapId` once; every caller of the same map gets the same result. */
  load(mapId: number): Promise<MapLoadResult> {
    const known = this.grids.get(mapId);
    if (known) return Promise.resolve({ ok: true, grid: known });
    const failure = this.failures.get(mapId);
    if (failure !== undefined) return Promise.resolve({ ok: false, code: "http", message: failure });
    let pending = this.loading.get(mapId);
    if (pending === undefined) {
      pending = this.fetchMap(mapId);
      this.loading.set(mapId, pending);
      void pending.then(() => this.loading.delete(mapId));
    }
    return pending;
  }

  private async fetchMap(mapId: number): Promise<MapLoadResult> {
    const result = await this.fetchOnce(mapId);
    if (result.ok) this.grids.set(mapId, result.grid);
    else this.failures.set(mapId, result.message);
    return result;
  }

  private async fetchOnce(mapId: number): Promise<MapLoadResult> {
    const url = `${this.httpOrigin}/api/map/${mapId}`;
    this.fetches++;
    let document: unknown;
    try {
      const response = await this.get(url);
      if (response.status !== 200) return { ok: false, code: "http", message: `GET ${url}: HTTP ${response.status}` };
      try {
        document = await response.json();
      } catch (error) {
        return { ok: false, code: "bad_json", message: `GET ${url}: not JSON (${error instanceof Error ? error.message : String(error)})` };
      }
    } catch (error) {
      return { ok: false, code: "network", message: `GET ${url}: ${error instanceof Error ? error.message : String(error)}` };
    }
    const built = WalkGrid.fromJson(document);
    if (!built.ok) return { ok: false, code: "bad_json", message: `GET ${url}: ${built.error.message}` };
    if (built.grid.id !== mapId) return { ok: false, code: "bad_json", message: `GET ${url}: the document is map ${built.grid.id}` };
    return { ok: true, grid: built.grid };
  }
}

/** A `JsonGetter` over the global `fetch`. */
export const fetchJson: JsonGetter = async (url) => {
  const response = await fetch(url);
  return { status: response.status, json: () => response.json() };
};
